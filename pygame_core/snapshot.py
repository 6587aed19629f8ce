"""What a seat sees of a game: the snapshot, one shape for the page's
worker, the table server and the review (``docs/protocol.md``).

A snapshot sets the game's own view (``State.view``: the board, the hands,
the scores, and nothing about the table) beside what the table knows of
the game as a whole, its *turn*:

* ``to_move``: the seats to choose now, nobody once the game is over;
* ``over``: whether the game has ended, by its rules or by the clock;
* ``result``: the winners, the scores and why, None before the end;
* ``out``: the seats a clock took out of the game (``Match.out``).

The page reads whose turn it is and the end from these four fields alone,
so that an end the rules do not know of (a clock's) needs no word from any
game's view.
"""

from __future__ import annotations

from typing import Any

from .engine import State
from .match import Match


def turn_of(state: State) -> dict[str, Any]:
    """The turn of a position taken alone, as its rules tell it: an earlier
    position of a game looked back on, where no clock had spoken yet."""
    over = state.is_over()
    return {"to_move": [] if over else state.to_move(), "over": over,
            "result": state.result(), "out": []}


def match_turn(match: Match) -> dict[str, Any]:
    """The turn of the match's current position, told of the seats out."""
    return {"to_move": match.to_move(), "over": match.is_over(),
            "result": match.result(), "out": list(match.out)}


def snapshot(match: Match, turn: dict[str, Any], viewer: int | None, view: dict[str, Any], *,
             seed_shown: bool, legal: list[dict[str, Any]], log: list[dict[str, Any]],
             can_undo: bool) -> dict[str, Any]:
    """The protocol's snapshot of ``match`` as ``viewer`` (a seat, or None
    for a spectator) sees it: the table's facts, the ``turn``
    (``match_turn`` or ``turn_of``) and the game's ``view``. The seed, which
    deals every hidden card, is shown only where ``seed_shown``."""
    return {
        "game": match.game.id,
        "players": match.players,
        "seats": match.seats,
        "names": match.names,
        "seed": match.seed if seed_shown else None,
        "options": match.options,
        "private": match.game.private_information,
        **turn,
        "viewer": viewer,
        "view": view,
        "legal": legal,
        "log": log,
        "can_undo": can_undo,
    }


def seen(state: State, viewer: int | None) -> dict[str, Any]:
    """A position as ``viewer`` saw it on the page, in one dict: the view
    with whose turn it was and the end beside it. The review seeds the
    expert's search from it (``review.mover_seed``), so that the seed
    depends on what the mover knew and nothing else."""
    return {**state.view(viewer), "to_move": state.to_move(), "over": state.is_over(),
            "result": state.result()}
