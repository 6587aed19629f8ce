"""A game record, its exact replay, and the undo policy.

A record is everything needed to rebuild a game: the game id, the player
count, the seed, the options, the seats and the moves in text form. Loading a
record replays every move through the rules, so a hand-edited file can never
produce a position the rules would not reach.

Undo policy: a player may take back their own moves of the turn they are still
playing, one at a time, but never a move that drew at random or showed hidden
information (``State.reveals``), and never a move after which someone else had
to act.
"""

from __future__ import annotations

import json

from .engine import GameError, IllegalMove, event_for
from .games import GAMES

RECORD_FORMAT = "archipel-record"
RECORD_VERSION = 1


class BadRecord(GameError, ValueError):
    """A saved game that cannot be loaded; nothing is changed by trying."""

    key = "error.bad_record"

    def __init__(self, message: str, **params):
        super().__init__(message)
        self.params = params


def parse_seat(seat) -> dict:
    """``"h"`` → a human; ``"botN"`` → a bot of level N."""
    if seat == "h":
        return {"kind": "human"}
    if isinstance(seat, str) and seat.startswith("bot") and seat[3:].isdigit():
        return {"kind": "bot", "level": int(seat[3:])}
    raise GameError(f"a seat is 'h' or 'botN', not {seat!r}")


MAX_NAME = 40


def check_names(names, players: int) -> list:
    """The players' names as shown; an empty name means "the default name"."""
    if names is None:
        return [""] * players
    if (not isinstance(names, list) or len(names) != players
            or not all(isinstance(name, str) for name in names)):
        raise GameError(f"names must be a list of {players} texts")
    return [name.strip()[:MAX_NAME] for name in names]


class Entry:
    """One move of the record, with what it caused."""

    __slots__ = ("player", "move", "events", "undoable")

    def __init__(self, player: int, move: str, events: list, undoable: bool):
        self.player = player
        self.move = move
        self.events = events
        self.undoable = undoable


class Match:
    """A game being played: its set-up, its moves, and the current state."""

    def __init__(self, game_id: str, players: int, seed, options: dict = None, seats=None,
                 names=None):
        if game_id not in GAMES:
            raise GameError(f"unknown game {game_id!r}")
        self.game = GAMES[game_id]
        if not isinstance(players, int) or isinstance(players, bool):
            raise GameError("the number of players must be an integer")
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise GameError("the seed must be an integer or a text")
        self.players = players
        self.seed = seed
        self.options = dict(options or {})
        seats = list(seats) if seats is not None else ["h"] * players
        if len(seats) != players:
            raise GameError(f"{players} players need {players} seats, not {len(seats)}")
        self.seat_kinds = [parse_seat(seat) for seat in seats]
        self.seats = seats
        self.names = check_names(names, players)
        self.state = self.game.new(players=players, seed=seed, **self.options)
        self.entries: list[Entry] = []

    # -- playing ------------------------------------------------------------
    def play(self, player: int, move) -> Entry:
        """Play ``move`` for ``player``; ``IllegalMove`` leaves everything as it was."""
        state = self.state
        if player not in state.to_move():
            raise IllegalMove("it is not this player's turn", "error.not_your_turn", player=player)
        move = state.parse_move(move)
        reveals = state.reveals(player, move)
        events = state.play(player, move)
        undoable = not reveals and player in state.to_move() and not state.is_over()
        entry = Entry(player, str(move), events, undoable)
        self.entries.append(entry)
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
        moves = [(e.player, e.move) for e in self.entries[:-1]]
        replayed = self._replayed(moves)
        self.state, self.entries = replayed.state, replayed.entries

    def _replayed(self, moves) -> "Match":
        copy = Match(self.game.id, self.players, self.seed, self.options, self.seats, self.names)
        for player, move in moves:
            copy.play(player, move)
        return copy

    # -- records --------------------------------------------------------------
    def to_record(self) -> dict:
        return {
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

    @classmethod
    def from_record(cls, record) -> "Match":
        """Rebuild a match by replaying its moves; ``BadRecord`` if anything is off."""
        if isinstance(record, (str, bytes)):
            try:
                record = json.loads(record)
            except ValueError as exc:
                raise BadRecord(f"the saved game is not valid JSON ({exc})") from None
        if not isinstance(record, dict):
            raise BadRecord("the saved game is not a record")
        if record.get("format") != RECORD_FORMAT:
            raise BadRecord("this file is not an Archipel saved game")
        if record.get("version") != RECORD_VERSION:
            raise BadRecord(f"unsupported saved-game version {record.get('version')!r}")
        moves = record.get("moves")
        if not isinstance(moves, list):
            raise BadRecord("the saved game has no list of moves")
        try:
            match = cls(record.get("game"), record.get("players"), record.get("seed"),
                        record.get("options") or {}, record.get("seats"), record.get("names"))
        except (GameError, TypeError) as exc:
            raise BadRecord(f"the saved game's set-up is invalid: {exc}") from None
        for number, item in enumerate(moves, 1):
            if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int)
                    or isinstance(item[0], bool) or not isinstance(item[1], str)):
                raise BadRecord(f"move {number} of the saved game is malformed", move=number)
            try:
                match.play(item[0], item[1])
            except GameError as exc:
                raise BadRecord(f"move {number} ({item[1]}) of the saved game is illegal: {exc}",
                                move=number) from None
        return match

    # -- what the browser shows -------------------------------------------
    def log_for(self, viewer, start: int = 0) -> list:
        """The log as ``viewer`` may read it: events only, secrets filtered;
        from entry number ``start + 1`` on (a server sends only what is new)."""
        return [
            {"n": number, "player": entry.player,
             "events": [event_for(event, viewer) for event in entry.events]}
            for number, entry in enumerate(self.entries[start:], start + 1)
        ]

    def is_human(self, player: int) -> bool:
        return self.seat_kinds[player]["kind"] == "human"

    def bot_level(self, player: int):
        kind = self.seat_kinds[player]
        return kind["level"] if kind["kind"] == "bot" else None
