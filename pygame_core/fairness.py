"""A table server's promise about its shuffles, and the check of it.

Online, the seed of a game is the server's secret until the game is over:
every hidden card, face-down tile and future draw follows from it. So that
nobody has to take the server's word for the cards it dealt, it commits to
the seed when the game starts: every seat is sent

    commitment = SHA-256("archipel-seed/1" NL salt NL seed as JSON)

(``commitment``; the salt is 128 random bits written in hexadecimal, so the
commitment tells nothing of the seed). When the game is over the server
sends the seed and the salt, and any player can check (``verify``, the
page's end screen, ``python -m pygame_core verify FILE``) that

1. the seed and salt give the commitment received at the start;
2. the record's moves replay, legally, from that seed to a finished game
   (finished by its rules, or on time: ``Match.out``);
3. what this seat was shown during the game (its log, its final view) is
   exactly what that replay shows it.

A server that changed the cards during the game (dealt another card than
its seed deals, at any time) fails the third check for any seat that saw
that card, or the second one.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Mapping
from typing import Any

from .engine import GameError
from .limits import seed_problem
from .match import BadRecord, Match

COMMITMENT_SCHEME = "archipel-seed/1"
SALT_BYTES = 16
HEX = re.compile(r"[0-9a-f]{64}")
SALT = re.compile(r"[0-9a-f]{32}")


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def new_seed() -> str:
    """A seed for an online game: 128 random bits as text (more than the
    generator's 64 bits of state, and exact in a page's JSON, where a
    number above 2^53 would be rounded)."""
    return secrets.token_hex(16)


def commitment(seed: int | str, salt: str) -> str:
    """The SHA-256 (hexadecimal) that binds a server to ``seed``."""
    text = f"{COMMITMENT_SCHEME}\n{salt}\n{json.dumps(seed)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def is_commitment(value: object) -> bool:
    return isinstance(value, str) and HEX.fullmatch(value) is not None


class Verdict(dict[str, Any]):
    """``{"verified": bool, "key": str, "params": {...}}``: ``key`` names
    what was checked (``fairness.verified``) or what failed, for the page's
    sentence; ``params`` what the sentence needs (the move that could not be
    replayed, the log entry that differs)."""

    def __init__(self, verified: bool, key: str, **params: Any) -> None:
        super().__init__(verified=verified, key=key, params=params)

    @property
    def verified(self) -> bool:
        return bool(self["verified"])


def verify(record: object, expected: str | None = None, viewer: int | None = None,
           log: list[Any] | None = None, view: object = None, checked_view: bool = False) -> Verdict:
    """Whether ``record`` (a finished game's record with its ``fairness``)
    keeps the server's promise.

    ``expected``: the commitment this seat received when the game began
    (the page keeps it); ``viewer``, ``log`` and ``view``: what this seat
    (``None``: a spectator) was shown, its log entries and its last view
    (``checked_view``: compare the view too)."""
    if not isinstance(record, Mapping):
        return Verdict(False, "fairness.bad_record")
    fairness = record.get("fairness")
    if not isinstance(fairness, Mapping) or fairness.get("commitment") is None:
        return Verdict(False, "fairness.no_commitment")
    promised = fairness.get("commitment")
    salt = fairness.get("salt")
    seed = record.get("seed")
    if not is_commitment(promised) or not isinstance(salt, str) or SALT.fullmatch(salt) is None \
            or seed_problem(seed) is not None:
        return Verdict(False, "fairness.bad_record")
    if expected is not None and expected != promised:
        return Verdict(False, "fairness.commitment_changed")
    assert isinstance(seed, (int, str)), "seed_problem has checked it"
    if commitment(seed, salt) != promised:
        return Verdict(False, "fairness.seed_mismatch")
    try:
        match = Match.from_record(dict(record))
    except BadRecord as exc:
        move = exc.params.get("move")
        if move is not None:
            return Verdict(False, "fairness.illegal_move", move=move)
        return Verdict(False, "fairness.bad_record")
    except GameError:
        return Verdict(False, "fairness.bad_record")
    if not match.is_over():
        return Verdict(False, "fairness.not_over")
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < match.players):
        return Verdict(False, "fairness.bad_record")
    if log is not None:
        replayed = _plain(match.log_for(viewer))
        shown = _plain(log)
        if not isinstance(shown, list):
            return Verdict(False, "fairness.bad_record")
        for number, (theirs, ours) in enumerate(zip(shown, replayed), 1):
            if theirs != ours:
                return Verdict(False, "fairness.log_differs", entry=number)
        if len(shown) != len(replayed):
            return Verdict(False, "fairness.log_differs", entry=min(len(shown), len(replayed)) + 1)
    if checked_view and _plain(view) != _plain(match.view(viewer)):
        return Verdict(False, "fairness.view_differs")
    return Verdict(True, "fairness.verified", moves=len(match.entries))


def _plain(data: object) -> Any:
    """``data`` as JSON would carry it (tuples become lists), to compare."""
    return json.loads(json.dumps(data))
