"""A table server's promise about its games, and the check of it.

Online, the seed of a game is the server's secret until the game is over:
every hidden card, face-down tile and future draw follows from it. So that
nobody has to take the server's word for the cards it dealt, nor for what
it says happened, it commits to the seed and to the game's set-up when the
game starts: every seat is sent

    commitment = SHA-256("archipel-seed/2" NL salt NL seed as JSON NL set-up as JSON)

(``commitment``, scheme 2 of ``COMMITMENT_SCHEMES``; the salt is 128 random
bits written in hexadecimal, so the commitment tells nothing of the seed).
The set-up (``setup_of``) is the game, the number of players, the options,
the seats the game was committed with ("h" a person's seat, taken or still
free; "botN" a bot chosen when the table was created) and whether the
table's creator chose the seed. Games begun before the set-up was bound
have scheme 1: SHA-256("archipel-seed/1" NL salt NL seed as JSON), the seed
alone.

When the game is over the server sends the seed, the salt and the game's
record: its moves, who played each seat (``seats``), each seat whose time
ran out (``timeouts``), the seats out of the game (``out``) and the result
it states (``result``). Any player can check (``verify``, the page's end
screen, ``python -m pygame_core verify FILE``) that everything the record
says follows from what was promised:

1. the seed, salt and set-up give the commitment received at the start;
2. each seat was played as committed: a person's seat still free when a
   waiting table was started may have been given to a bot, nothing else
   differs;
3. the moves replay, legally, from that seed;
4. the seats out are those whose time ran out and were put out; each
   time ran out while the game went on, for a person's seat that was to
   move; once fewer than two seats were left in, no move was made;
5. the game is over (by its rules, or on time: ``Match.out``);
6. the result stated is the replay's: scores, winners, reason, seats out;
7. what this seat was shown during the game (its log, its final view) is
   exactly what the replay shows it;
8. every bot's move is the one that bot makes (``check_bots``): a bot is
   seeded with the game's seed, its seat and the ply, and its search is
   bounded by iterations only (``bot_move``), so its move follows from the
   position. A bot's moves are those of a bot's seat, and those of a
   person's seat from the ply its time ran out (a bot plays on for it);
   a person's move after that is refused;
9. the seed was the server's own: a seed the table's creator chose (who
   then knew every hidden card) is accepted only when asked.

A server that changed the cards during the game (dealt another card than
its seed deals, at any time) fails the seventh check for any seat that saw
that card, or the third one; a record that states another result, other
seats, an end on time that did not happen or a bot's move the bot would
not make fails the others. What stays on the server's word is its clock:
a time run out at a ply where that seat was to move is checked for
nothing else, and a game cut short there is caught only by the log a seat
was shown (the seventh check, the page's).

A record of scheme 1 binds only the seed: its set-up and ``chosen_seed``
are the record's word, and its bots' moves are not checked (such records
name a seat a bot took over on time as that bot's from the first move,
and their bots' searches were bounded in milliseconds). Its time-outs and
its result are checked when it has them.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Mapping
from typing import Any

from .bots import make_bot
from .engine import GameError
from .games import GAMES
from .limits import seed_problem
from .match import BadRecord, BadSetup, Match, ends_on_time, parse_seat

# Each scheme of commitment, by its number: what the hashed text begins with.
COMMITMENT_SCHEMES = {1: "archipel-seed/1", 2: "archipel-seed/2"}
COMMITMENT_SCHEME = COMMITMENT_SCHEMES[1]
SALT_BYTES = 16
HEX = re.compile(r"[0-9a-f]{64}")
SALT = re.compile(r"[0-9a-f]{32}")
# The fields of a time-out in a record.
TIMEOUT_FIELDS = {"seat", "ply", "kind", "out"}


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def new_seed() -> str:
    """A seed for an online game: 128 random bits as text (more than the
    generator's 64 bits of state, and exact in a page's JSON, where a
    number above 2^53 would be rounded)."""
    return secrets.token_hex(16)


def setup_of(game: str, players: int, options: Mapping[str, bool] | None, seats: list[str],
             chosen_seed: bool) -> dict[str, Any]:
    """What a commitment of scheme 2 binds besides the seed: the game's id,
    the number of players, the options as the table set them, the seats the
    game was committed with ("h" a person's seat, "botN" a bot chosen when
    the table was created) and whether the table's creator chose the seed."""
    return {"game": game, "players": players, "options": dict(options or {}), "seats": list(seats),
            "chosen_seed": bool(chosen_seed)}


def commitment(seed: int | str, salt: str, setup: Mapping[str, Any] | None = None) -> str:
    """The SHA-256 (hexadecimal) that binds a server to ``seed`` (scheme 1)
    or, given a ``setup`` (``setup_of``), to the seed and the set-up
    (scheme 2)."""
    if setup is None:
        text = f"{COMMITMENT_SCHEMES[1]}\n{salt}\n{json.dumps(seed)}"
    else:
        bound = json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        text = f"{COMMITMENT_SCHEMES[2]}\n{salt}\n{json.dumps(seed)}\n{bound}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def is_commitment(value: object) -> bool:
    return isinstance(value, str) and HEX.fullmatch(value) is not None


def bot_move(game_id: str, position: dict[str, Any], seat: int, level: int, seed: str) -> str:
    """The move, as text, of the bot of ``level`` playing ``seat`` in
    ``position`` (the game's ``to_json``), seeded with ``seed``
    (``"<game's seed>/<seat>/<ply>"``). Its search is bounded by iterations,
    never by time, so the move depends on nothing else: a table server's
    bots play it, and ``verify`` finds it again."""
    state = GAMES[game_id].from_json(position)
    return str(make_bot(level, seed, timed=False).choose(state, seat))


class Verdict(dict[str, Any]):
    """``{"verified": bool, "key": str, "params": {...}}``: ``key`` names
    what was checked (``fairness.verified``) or what failed, for the page's
    sentence; ``params`` what the sentence needs (the move that could not be
    replayed, the log entry that differs, the seat)."""

    def __init__(self, verified: bool, key: str, **params: Any) -> None:
        super().__init__(verified=verified, key=key, params=params)

    @property
    def verified(self) -> bool:
        return bool(self["verified"])


class Timeout:
    """A seat whose time ran out when the game had ``ply`` moves: from then
    on the bot ``kind`` ("botN") plays it; ``out``: the seat is also out of
    the game."""

    __slots__ = ("seat", "ply", "kind", "level", "out")

    def __init__(self, seat: int, ply: int, kind: str, level: int, out: bool) -> None:
        self.seat = seat
        self.ply = ply
        self.kind = kind
        self.level = level
        self.out = out


def verify(record: object, expected: str | None = None, viewer: int | None = None,
           log: list[Any] | None = None, view: object = None, checked_view: bool = False,
           check_bots: bool = True, accept_chosen_seed: bool = False) -> Verdict:
    """Whether ``record`` (a finished game's record with its ``fairness``)
    keeps the server's promise (the module lists the checks, in order).

    ``expected``: the commitment this seat received when the game began
    (the page keeps it); ``viewer``, ``log`` and ``view``: what this seat
    (``None``: a spectator) was shown, its log entries and its last view
    (``checked_view``: compare the view too). ``check_bots``: find every
    bot's move again (a search per move: the command line does, the page
    does not). ``accept_chosen_seed``: a seed the table's creator chose
    verifies too."""
    if not isinstance(record, Mapping):
        return Verdict(False, "fairness.bad_record")
    fairness = record.get("fairness")
    if not isinstance(fairness, Mapping) or fairness.get("commitment") is None:
        return Verdict(False, "fairness.no_commitment")
    promised = fairness.get("commitment")
    salt = fairness.get("salt")
    seed = record.get("seed")
    scheme = fairness.get("scheme", 1)
    chosen = fairness.get("chosen_seed", False)
    if not is_commitment(promised) or not isinstance(salt, str) or SALT.fullmatch(salt) is None \
            or seed_problem(seed) is not None or type(scheme) is not int or scheme not in COMMITMENT_SCHEMES \
            or not isinstance(chosen, bool):
        return Verdict(False, "fairness.bad_record")
    committed = fairness.get("seats")
    options = record.get("options")
    setup = None
    if scheme == 2:
        game, players = record.get("game"), record.get("players")
        if not isinstance(game, str) or type(players) is not int or not isinstance(committed, list) \
                or not (options is None or isinstance(options, dict)):
            return Verdict(False, "fairness.bad_record")
        setup = setup_of(game, players, options, committed, chosen)
    if expected is not None and expected != promised:
        return Verdict(False, "fairness.commitment_changed")
    assert isinstance(seed, (int, str)), "seed_problem has checked it"
    if commitment(seed, salt, setup) != promised:
        return Verdict(False, "fairness.seed_mismatch", scheme=scheme)
    if setup is not None:
        differs = _seat_differing(setup["seats"], record.get("seats"))
        if differs is not None:
            return Verdict(False, "fairness.seats_differ", seat=differs)
    try:
        match = Match.from_record(dict(record))
    except BadRecord as exc:
        move = exc.params.get("move")
        if move is not None:
            return Verdict(False, "fairness.illegal_move", move=move)
        return Verdict(False, "fairness.bad_record")
    except GameError:
        return Verdict(False, "fairness.bad_record")
    given_timeouts = record.get("timeouts")
    if given_timeouts is None and scheme == 2:
        given_timeouts = []
    try:
        timeouts = None if given_timeouts is None else _timeouts(given_timeouts, match)
    except BadRecord as exc:
        return Verdict(False, "fairness.bad_record", **exc.params)
    if timeouts is not None:
        refused = _check_time(match, timeouts)
        if refused is not None:
            return refused
    if not match.is_over():
        return Verdict(False, "fairness.not_over")
    if "result" in record or scheme == 2:
        if "result" not in record:
            return Verdict(False, "fairness.bad_record", field="result")
        part = _result_differing(record["result"], match.result())
        if part is not None:
            return Verdict(False, "fairness.result_differs", field=part)
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
    if checked_view and _plain(view) != _plain(match.state.view(viewer)):
        return Verdict(False, "fairness.view_differs")
    bot_moves = None
    if check_bots and scheme == 2:
        checked = _check_bots(match, timeouts or [])
        if isinstance(checked, Verdict):
            return checked
        bot_moves = checked
    if chosen and not accept_chosen_seed:
        return Verdict(False, "fairness.chosen_seed")
    return Verdict(True, "fairness.verified", moves=len(match.entries), scheme=scheme, bot_moves=bot_moves,
                   chosen_seed=chosen)


def _seat_differing(committed: list[Any], seats: object) -> int | None:
    """The first seat played otherwise than ``committed`` says (the number
    of seats committed when there are more or fewer), None if none: a seat
    is played as committed, or a person's seat by a bot."""
    if not isinstance(seats, list):
        return 0
    for seat, (promised, played) in enumerate(zip(committed, seats)):
        if played != promised and (promised != "h" or _bot_level(played) is None):
            return seat
    if len(seats) != len(committed):
        return min(len(seats), len(committed))
    return None


def _bot_level(seat: object) -> int | None:
    """The level of the bot ``seat`` names ("botN"), None if it names none."""
    try:
        level: int | None = parse_seat(seat).get("level")
    except BadSetup:
        return None
    return level


def _timeouts(given: object, match: Match) -> list[Timeout]:
    """The record's time-outs, checked for their form: in order of their
    plies (0 to the number of moves), of distinct seats, each a person's,
    each giving the seat to a bot. ``BadRecord`` when they are not."""
    if not isinstance(given, list) or len(given) > match.players:
        raise BadRecord("the time-outs are a list, a seat at most once", field="timeouts")
    timeouts: list[Timeout] = []
    for item in given:
        if not isinstance(item, dict) or set(item) != TIMEOUT_FIELDS:
            raise BadRecord("a time-out is {seat, ply, kind, out}", field="timeouts")
        seat, ply, kind, out = item["seat"], item["ply"], item["kind"], item["out"]
        level = _bot_level(kind)
        if (type(seat) is not int or not 0 <= seat < match.players or not match.is_human(seat)
                or any(earlier.seat == seat for earlier in timeouts)):
            raise BadRecord("a time-out is of a person's seat, once", field="timeouts")
        if type(ply) is not int or not 0 <= ply <= len(match.entries) or (timeouts and ply < timeouts[-1].ply):
            raise BadRecord("the time-outs' plies are in order, from 0 to the number of moves", field="timeouts")
        if level is None or not isinstance(out, bool):
            raise BadRecord("a time-out gives its seat to a bot, and says whether the seat is out",
                            field="timeouts")
        timeouts.append(Timeout(seat, ply, kind, level, out))
    return timeouts


def _check_time(match: Match, timeouts: list[Timeout]) -> Verdict | None:
    """Refuse seats out that no time-out put out, a time that ran out
    while its seat was not to move or the game was over, and a move made
    once the game ended on time."""
    if match.out != sorted(timeout.seat for timeout in timeouts if timeout.out):
        return Verdict(False, "fairness.out_differs")
    out: list[int] = []
    ended = None
    for timeout in timeouts:
        if ended is not None or timeout.seat not in match.position_at(timeout.ply).to_move():
            return Verdict(False, "fairness.bad_timeout", seat=timeout.seat, move=timeout.ply + 1)
        if timeout.out:
            out.append(timeout.seat)
            if ends_on_time(match.players, out):
                ended = timeout.ply
    if ended is not None and ended < len(match.entries):
        return Verdict(False, "fairness.moved_after_end", move=ended + 1)
    return None


def _check_bots(match: Match, timeouts: list[Timeout]) -> Verdict | int:
    """Find every bot's move again (``bot_move``, on the position before
    it): the number of bots' moves, or the refusal of the first that
    differs. A move of a person's seat after its time ran out is its bot's."""
    taken = {timeout.seat: timeout for timeout in timeouts}
    checked = 0
    for ply, entry in enumerate(match.entries):
        seat = entry.player
        level = match.bot_level(seat)
        key = "fairness.bot_move_differs"
        if level is None:
            timeout = taken.get(seat)
            if timeout is None or ply < timeout.ply:
                continue
            level, key = timeout.level, "fairness.moved_after_time"
        position = match.position_at(ply).to_json()
        if bot_move(match.game.id, position, seat, level, f"{match.seed}/{seat}/{ply}") != entry.move:
            return Verdict(False, key, seat=seat, move=ply + 1)
        checked += 1
    return checked


def _result_differing(stated: object, replayed: object) -> str | None:
    """The first part of the result stated that is not the replay's
    (``"result"`` when it is no result at all), None when they are the same."""
    stated, replayed = _plain(stated), _plain(replayed)
    if stated == replayed:
        return None
    if not isinstance(stated, dict) or not isinstance(replayed, dict):
        return "result"
    for part in sorted(set(stated) | set(replayed)):
        if (part in stated) != (part in replayed) or stated.get(part) != replayed.get(part):
            return str(part)
    return "result"


def _plain(data: object) -> Any:
    """``data`` as JSON would carry it (tuples become lists), to compare."""
    return json.loads(json.dumps(data))
