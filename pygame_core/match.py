"""A game record, its exact replay, and the undo policy.

A record is everything needed to rebuild a game: the game id, the player
count, the seed, the options, the seats and the moves in text form. Loading a
record replays every move through the rules, so a hand-edited file can never
produce a position the rules would not reach.

A record may also start from a given position (``start``: the game's
``to_json``, as a PGN game may start from a FEN set-up): a lesson's prepared
moment, say. The position is checked by the game's ``from_json``, and the
moves are replayed from it. The position at any ply is cheap to get
(``position_at``): a copy of the position is kept every ``CHECKPOINT``
plies, and at most that many moves are replayed from the nearest one.

Out of time. A table server whose clock takes a seat out of the game when
its time runs out (``docs/online.md``, section 10) says so in ``out``: the
seats out, ranked after every other seat. While two seats or more are
still in, the game goes on (a bot moves the pieces of a seat out, as the
table chose) and ends by its rules; the winners are then the rules'
winners still in, or, if every one of them is out, the seats still in with
the best score (a tie shared). With fewer than two seats in, the game ends
at once: the seat still in wins (reason ``time``, no scoring). A record
keeps ``out``, so that a game ended on time replays to its end. A local
game never has a seat out.

Undo policy: a player may take back their own moves of the turn they are still
playing, one at a time, but never a move that drew at random or showed hidden
information (``State.reveals``), and never a move after which someone else had
to act.

This module knows the protocol of ``engine`` and no game: a match is given its
``Game``, or the id of one of ``Match.games``, the games the package hands it
as it loads (``pygame_core/__init__.py``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, ClassVar

from .bots import LEVELS
from .engine import Game, GameError, IllegalMove, State, event_for
from .limits import (MAX_ID_TEXT, MAX_MOVE_TEXT, MAX_MOVES, MAX_NAME, MAX_OPTIONS, MAX_RECORD_TEXT,
                     MAX_SEAT_TEXT, json_problem, quoted, seed_problem)

RECORD_FORMAT = "archipel-record"
RECORD_VERSION = 1
# A copy of the position is kept every this many plies (``Match.position_at``).
CHECKPOINT = 16


class BadSetup(GameError, ValueError):
    """A set-up (game, players, seed, options, seats, names) that cannot start
    a game. ``field`` names the part that is wrong; nothing was built."""

    key = "error.bad_setup"

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.params = {"field": field}


class BadRecord(GameError, ValueError):
    """A saved game that cannot be loaded; nothing is changed by trying."""

    key = "error.bad_record"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.params = params


# "h", or "bot" and one ASCII digit: "bot٣" (an Arabic-Indic three) and
# "bot0001" are not seats, even though Python's int() reads them.
SEAT = re.compile(r"h|bot([0-9])")
# Control characters (line breaks, tabs, escapes) have no place in a name.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def parse_seat(seat: object) -> dict[str, Any]:
    """``"h"`` → a human; ``"botN"`` → a bot of level N (0 to 4)."""
    found = SEAT.fullmatch(seat) if isinstance(seat, str) and len(seat) <= MAX_SEAT_TEXT else None
    if found is None or (found.group(1) is not None and int(found.group(1)) not in LEVELS):
        raise BadSetup("seats", f"a seat is 'h' or 'bot0' to 'bot{max(LEVELS)}', not {quoted(seat)}")
    if seat == "h":
        return {"kind": "human"}
    return {"kind": "bot", "level": int(found.group(1))}


def check_game(game: object, games: Mapping[str, type[Game]]) -> type[Game]:
    """``game`` itself when it is a ``Game``, else the game of ``games`` whose
    id it is; ``BadSetup`` otherwise."""
    if isinstance(game, type) and issubclass(game, Game):
        return game
    if not isinstance(game, str) or len(game) > MAX_ID_TEXT or game not in games:
        known = ", ".join(games)
        raise BadSetup("game", f"the game is one of {known}, not {quoted(game)}")
    return games[game]


def check_players(game: type[Game], players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or players not in game.players:
        allowed = ", ".join(str(n) for n in game.players)
        raise BadSetup("players", f"{game.id} is played by {allowed} players, not {quoted(players)}")
    return players


def check_seed(seed: object) -> int | str:
    problem = seed_problem(seed)
    if problem:
        raise BadSetup("seed", problem)
    assert isinstance(seed, (int, str)), "seed_problem has checked it"
    return seed


def check_options(game: type[Game], options: object) -> dict[str, bool]:
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise BadSetup("options", f"the options are an object of switches, not {quoted(options)}")
    if len(options) > MAX_OPTIONS:
        raise BadSetup("options", f"{len(options)} options given; {game.id} has {len(game.options)}")
    for name, value in options.items():
        if name not in game.options:
            known = ", ".join(game.options) or "none"
            raise BadSetup("options", f"{game.id} has no option {quoted(name)} (its options: {known})")
        if not isinstance(value, bool):
            raise BadSetup("options", f"option {name} must be true or false, not {quoted(value)}")
    return dict(options)


def check_seats(seats: object, players: int) -> list[str]:
    if seats is None:
        return ["h"] * players
    if not isinstance(seats, (list, tuple)):
        raise BadSetup("seats", f"the seats are a list, one per player, not {quoted(seats)}")
    if len(seats) != players:
        raise BadSetup("seats", f"{players} players need {players} seats, not {len(seats)}")
    for seat in seats:
        parse_seat(seat)
    return list(seats)


def check_names(names: object, players: int) -> list[str]:
    """The players' names as shown; an empty name means "the default name"."""
    if names is None:
        return [""] * players
    if not isinstance(names, (list, tuple)) or len(names) != players:
        raise BadSetup("names", f"the names are a list of {players} texts")
    checked = []
    for name in names:
        if not isinstance(name, str):
            raise BadSetup("names", f"a name is a text, not {quoted(name)}")
        name = name.strip()
        if len(name) > MAX_NAME:
            raise BadSetup("names", f"a name has at most {MAX_NAME} characters")
        if CONTROL.search(name):
            raise BadSetup("names", f"a name cannot hold control characters: {quoted(name)}")
        checked.append(name)
    return checked


def check_start(game: type[Game], players: int, start: object) -> dict[str, Any] | None:
    """A starting position of ``game`` for ``players`` (its ``to_json``), or
    None: the opening deal. ``BadSetup("start")`` when the game cannot load
    it, or when it is a position for another number of players."""
    if start is None:
        return None
    if not isinstance(start, dict):
        raise BadSetup("start", f"a starting position is an object, not {quoted(start)}")
    # A record writes the generator's 64-bit state as digits (``to_record``):
    # JavaScript, which carries every record the page keeps, rounds numbers
    # beyond 2**53.
    rng = start.get("rng")
    if isinstance(rng, str):
        if not (rng.isascii() and rng.isdigit() and len(rng) <= 20):
            raise BadSetup("start", f"the starting position's rng is a number, not {quoted(rng)}")
        start = {**start, "rng": int(rng)}
    try:
        state = game.from_json(start)
    except (GameError, ValueError, TypeError, KeyError, IndexError) as exc:
        raise BadSetup("start", f"the starting position is not a {game.id} position: {str(exc)[:200]}") from None
    if state.players != players:
        raise BadSetup("start", f"the starting position is for {state.players} players, not {players}")
    return state.to_json()


def ends_on_time(players: int, out: list[int]) -> bool:
    """Whether ``out``, the seats a clock took out, end a game of
    ``players``: fewer than two seats are left in (see the module)."""
    return bool(out) and players - len(out) < 2


class Entry:
    """One move of the record, with what it caused, and who was to move
    before it (several players in a simultaneous step)."""

    __slots__ = ("player", "move", "events", "undoable", "to_move")

    def __init__(self, player: int, move: str, events: list[dict[str, Any]], undoable: bool,
                 to_move: list[int]) -> None:
        self.player = player
        self.move = move
        self.events = events
        self.undoable = undoable
        self.to_move = to_move


class Match:
    """A game being played: its set-up, its moves, and the current state.

    ``game`` is a ``Game``, or the id of one of ``Match.games``; ``start``,
    a position of that game (its ``to_json``) to play from instead of the
    opening deal of ``seed``."""

    # The games a set-up or a saved game may name by their id.
    games: ClassVar[Mapping[str, type[Game]]] = {}

    def __init__(self, game: object, players: object, seed: object, options: object = None,
                 seats: object = None, names: object = None, start: object = None) -> None:
        # Every part is checked, the player count first, before anything is
        # built from it (``BadSetup`` names the part that is wrong).
        self.game = check_game(game, self.games)
        self.players = check_players(self.game, players)
        self.seed = check_seed(seed)
        self.options = check_options(self.game, options)
        self.seats = check_seats(seats, self.players)
        self.seat_kinds = [parse_seat(seat) for seat in self.seats]
        self.names = check_names(names, self.players)
        self.start = check_start(self.game, self.players, start)
        if self.start is None:
            self.state = self.game.new(players=self.players, seed=self.seed, **self.options)
        else:
            self.state = self.game.from_json(self.start)
        self.entries: list[Entry] = []
        # The seats out of the game, their time run out (see the module).
        self.out: list[int] = []
        # A copy of the position every CHECKPOINT plies, the start first.
        self._checkpoints: list[State] = [self.state.clone()]

    # -- playing ------------------------------------------------------------
    def play(self, player: int, move: object) -> Entry:
        """Play ``move`` for ``player``; ``IllegalMove`` leaves everything as it was."""
        state = self.state
        if self.ended_on_time():
            raise IllegalMove("the game is over: a time ran out", "error.game_over")
        to_move = state.to_move()
        if player not in to_move:
            raise IllegalMove("it is not this player's turn", "error.not_your_turn", player=player)
        move = state.parse_move(move)
        reveals = state.reveals(player, move)
        events = state.play(player, move)
        undoable = not reveals and player in state.to_move() and not state.is_over()
        entry = Entry(player, str(move), events, undoable, to_move)
        self.entries.append(entry)
        if len(self.entries) % CHECKPOINT == 0:
            self._checkpoints.append(state.clone())
        return entry

    def can_undo(self, player: int) -> bool:
        if not self.entries:
            return False
        last = self.entries[-1]
        return last.player == player and last.undoable

    def undo(self, player: int) -> None:
        """Take back ``player``'s last move of their current turn (see the policy)."""
        if not self.can_undo(player):
            raise IllegalMove("there is no move of yours to take back", "error.cannot_undo")
        ply = len(self.entries) - 1
        self.restore(self.position_at(ply), self.entries[:ply])

    def position_at(self, ply: int) -> State:
        """A copy of the position after the first ``ply`` moves (0: the start),
        replayed from the nearest kept copy: at most CHECKPOINT - 1 moves."""
        if not 0 <= ply <= len(self.entries):
            raise ValueError(f"ply is a number of moves from 0 to {len(self.entries)}, not {ply}")
        state = self._checkpoints[ply // CHECKPOINT].clone()
        for entry in self.entries[ply - ply % CHECKPOINT:ply]:
            state.play(entry.player, entry.move)
        return state

    def restore(self, state: State, entries: list[Entry]) -> None:
        """Go back to ``state`` after ``entries`` (a position of this game met
        earlier, as ``position_at`` or a copy kept before a change gives it)."""
        self.state, self.entries = state, list(entries)
        del self._checkpoints[len(self.entries) // CHECKPOINT + 1:]

    # -- the end, and seats out of time ------------------------------------------
    def set_out(self, out: object) -> None:
        """The seats out of the game (see the module); ``BadSetup("out")``
        unless a list of distinct seats leaving one or more in."""
        if (not isinstance(out, list) or len(out) >= self.players
                or any(type(seat) is not int or not 0 <= seat < self.players for seat in out)
                or len(set(out)) != len(out)):
            raise BadSetup("out", f"the seats out of time are a list of distinct seats from 0 to "
                           f"{self.players - 1}, one or more left in, not {quoted(out)}")
        self.out = sorted(out)

    def ended_on_time(self) -> bool:
        """Whether the game ended because fewer than two seats are still in."""
        return ends_on_time(self.players, self.out)

    def is_over(self) -> bool:
        return self.state.is_over() or self.ended_on_time()

    def to_move(self) -> list[int]:
        """Who is to move: nobody once the game is over."""
        return [] if self.is_over() else self.state.to_move()

    def result(self) -> dict[str, Any] | None:
        """The state's ``result()``, the seats out ranked last (the module
        says how), with ``out`` when a seat is out; None before the end."""
        if not self.out:
            return self.state.result()
        inside = [seat for seat in range(self.players) if seat not in self.out]
        if not self.state.is_over():
            if not self.ended_on_time():
                return None
            return {"scores": None, "winners": inside, "reason": "time", "breakdown": None,
                    "out": list(self.out)}
        result = dict(self.state.result() or {})
        winners = [seat for seat in result["winners"] if seat not in self.out]
        if not winners:
            scores = result["scores"]
            best = max(scores[seat] for seat in inside)
            winners = [seat for seat in inside if scores[seat] == best]
            result["reason"] = "time"
        return {**result, "winners": winners, "out": list(self.out)}

    # -- records --------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        record = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.id,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "seats": self.seats,
            "names": self.names,
            "moves": [[e.player, e.move] for e in self.entries],
        }
        if self.start is not None:
            # The generator's state as digits: a page keeps records through
            # JavaScript, whose numbers stop being exact at 2**53.
            start = dict(self.start)
            if isinstance(start.get("rng"), int):
                start["rng"] = str(start["rng"])
            record["start"] = start
        if self.out:
            record["out"] = list(self.out)
        return record

    @classmethod
    def from_record(cls, record: object) -> Match:
        """Rebuild a match by replaying its moves; ``BadRecord`` if anything is
        off. Every size is checked before anything is built or replayed."""
        if isinstance(record, (str, bytes)):
            problem = json_problem(record, MAX_RECORD_TEXT)
            if problem:
                raise BadRecord(f"the saved game cannot be read: {problem}", field="record")
            try:
                record = json.loads(record)
            except ValueError as exc:
                raise BadRecord(f"the saved game is not valid JSON ({exc})") from None
        if not isinstance(record, dict):
            raise BadRecord("the saved game is not a record")
        if record.get("format") != RECORD_FORMAT:
            raise BadRecord("this file is not an Archipel saved game")
        if record.get("version") != RECORD_VERSION:
            raise BadRecord(f"unsupported saved-game version {quoted(record.get('version'))}",
                            field="version")
        moves = record.get("moves")
        if not isinstance(moves, list):
            raise BadRecord("the saved game has no list of moves", field="moves")
        if len(moves) > MAX_MOVES:
            raise BadRecord(f"the saved game has {len(moves):,} moves; the limit is {MAX_MOVES:,}",
                            field="moves")
        for number, item in enumerate(moves, 1):
            if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int)
                    or isinstance(item[0], bool) or not isinstance(item[1], str)
                    or len(item[1]) > MAX_MOVE_TEXT):
                raise BadRecord(f"move {number} of the saved game is malformed", move=number)
        try:
            match = cls(record.get("game"), record.get("players"), record.get("seed"),
                        record.get("options"), record.get("seats"), record.get("names"), record.get("start"))
        except BadSetup as exc:
            raise BadRecord(f"the saved game's set-up is invalid: {exc}", field=exc.field) from None
        for number, (player, move) in enumerate(moves, 1):
            try:
                match.play(player, move)
            except GameError as exc:
                raise BadRecord(f"move {number} ({quoted(move)}) of the saved game is illegal: {exc}",
                                move=number) from None
        if record.get("out") is not None:
            try:
                match.set_out(record["out"])
            except BadSetup as exc:
                raise BadRecord(f"the saved game's seats out of time are invalid: {exc}", field="out") from None
        return match

    # -- what the browser shows -------------------------------------------
    def log_for(self, viewer: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The log as ``viewer`` may read it: events only, secrets filtered;
        from entry number ``start + 1`` on (a server sends only what is new)."""
        return [
            {"n": number, "player": entry.player,
             "events": [event_for(event, viewer) for event in entry.events]}
            for number, entry in enumerate(self.entries[start:], start + 1)
        ]

    def is_human(self, player: int) -> bool:
        kind: str = self.seat_kinds[player]["kind"]
        return kind == "human"

    def bot_level(self, player: int) -> int | None:
        kind = self.seat_kinds[player]
        return kind["level"] if kind["kind"] == "bot" else None
