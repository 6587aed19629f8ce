"""A table: one game being played, wherever it is played.

The page's worker (through ``api``), the table server (``archipel_server``)
and the terminal (``__main__``) all run their games through ``Table``: it
holds the match, knows which seats are bots, and applies the rules of a
table that are not the game's own:

* **Plies.** A move may say how many moves its sender had seen (``ply``).
  At the current ply it is played. Below it, it is either a retry of the
  sender's move already played (played once, acknowledged again), or a
  choice made while others chose at the same time (every move since was
  another seat's, made while the sender was also to choose: Kanaloa's
  opening cards, Moai's bids), played now if still legal; or it lost a race
  (``error.stale``).
* **Undo.** Only a person takes a move back, only their own latest move of
  the turn, and never a move that drew at random or showed hidden
  information (``Match.can_undo``); with a ``ply``, only at that ply.
* **Bots.** The bot of a seat deciding move ``ply`` is seeded with
  ``"<seed>/<seat>/<ply>"``, and the adviser of a person with
  ``"<seed>/hint/<ply>"``: no generator lives on between moves, so the same
  position gives the same bot the same seed in the browser, on a server
  after a restart, and in the terminal.
* **What a seat sees.** ``snapshot(viewer)``: the protocol's shape
  (``docs/protocol.md``), its log filtered by ``event_for``, and, when the
  table keeps its seed secret (online), no seed before the end.

Where a table is kept (a server's store) or told about (its connections)
is its holder's business: ``memento`` and ``restore`` let a holder take
back a change its store refused, as if it had never been tried.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeGuard

from .bots import HINT_LEVEL, Bot, make_bot
from .engine import GameError, IllegalMove, State
from .match import Entry, Match
from .snapshot import match_turn, snapshot


class TableError(GameError):
    """A request the table refuses (the game's own refusals are
    ``IllegalMove``): ``key`` for the page's sentence, ``params``, and
    ``resync``: the sender's view of the table is behind and should be sent
    again."""

    def __init__(self, key: str, message: str, resync: bool = False, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params
        self.resync = resync

    @property
    def message(self) -> str:
        return str(self)


@dataclass
class Played:
    """What ``Table.play`` did: the move's ply, its entry, and whether it had
    already been played (a retry: nothing was played again)."""

    ply: int
    entry: Entry
    duplicate: bool = False


# Everything a change may alter (``Table.memento``).
Memento = tuple[State, list[Entry]]


def is_count(value: object) -> TypeGuard[int]:
    """A whole number of moves (not a bool, not negative)."""
    return type(value) is int and value >= 0


class Table:
    """A match and the rules of a table around it (see the module).

    ``secret_seed``: the seed deals every hidden card and is not shown
    before the end (a table server's); a local table shows it."""

    def __init__(self, match: Match, secret_seed: bool = False, timed_bots: bool = True) -> None:
        self.match = match
        self.secret_seed = secret_seed
        # Bots that search within their time limits (the browser's, so that
        # a slow device never waits long), or by their iterations alone: then
        # each move follows from the seed, as the table server's bots play
        # (``fairness.bot_move``) and a day's deal replayed here meets them.
        self.timed_bots = timed_bots

    # -- the table ----------------------------------------------------------
    @property
    def ply(self) -> int:
        return len(self.match.entries)

    @property
    def state(self) -> State:
        return self.match.state

    def is_bot(self, seat: int) -> bool:
        return self.match.bot_level(seat) is not None

    def bots_to_move(self) -> list[int]:
        """The bot seats that are to move now (one after the other in a
        simultaneous step), none once the game is over."""
        return [seat for seat in self.match.to_move() if self.is_bot(seat)]

    # -- bots ----------------------------------------------------------------
    def bot_seed(self, seat: int) -> str:
        """The seed of the bot of ``seat`` deciding the move at this ply."""
        return f"{self.match.seed}/{seat}/{self.ply}"

    def bot(self, seat: int) -> Bot:
        """The bot of ``seat``, seeded for this ply."""
        level = self.match.bot_level(seat)
        if level is None:
            raise TableError("error.not_a_bot", "this seat is not played by a bot")
        return make_bot(level, self.bot_seed(seat), timed=self.timed_bots)

    def adviser(self) -> Bot:
        """The expert a person asks for a hint, seeded for this ply."""
        return make_bot(HINT_LEVEL, f"{self.match.seed}/hint/{self.ply}")

    # -- playing --------------------------------------------------------------
    def play(self, seat: int, move: object, ply: object = None) -> Played:
        """Play ``move`` for ``seat``; made when the table had ``ply`` moves
        (None: now). ``IllegalMove`` or ``TableError``, the table unchanged,
        when it cannot be played."""
        current = self.ply
        if ply is not None and not (is_count(ply) and ply <= current):
            raise TableError("error.bad_ply", f"ply must be a number of moves from 0 to {current}",
                             resync=True)
        state = self.match.state
        try:
            text = str(state.parse_move(move))
        except IllegalMove as exc:
            raise TableError(exc.key, str(exc), **exc.params) from None
        late = is_count(ply) and ply < current
        if is_count(ply) and late:
            retried = self._retried(seat, ply, text)
            if retried is not None:
                return Played(retried, self.match.entries[retried], duplicate=True)
        if self.match.is_over():
            raise TableError("error.game_over", "the game is over")
        to_move = state.to_move()
        if seat not in to_move:
            raise TableError("error.not_your_turn", "it is not your turn", resync=late, player=seat)
        try:
            entry = self.match.play(seat, text)
        except IllegalMove as exc:
            raise TableError(exc.key, str(exc), resync=late, **exc.params) from None
        return Played(current, entry)

    def _retried(self, seat: int, ply: int, move: str) -> int | None:
        """The ply of ``move`` if it is a retry of a move already played;
        None if it may be played now (others chose meanwhile, at the same
        time as ``seat``); ``TableError`` if it lost a race."""
        entries = self.match.entries
        for index in range(ply, len(entries)):
            if entries[index].player == seat:
                if entries[index].move == move:
                    return index
                raise TableError("error.stale", "you have already played another move since: the board "
                                 "shows the table as it is now", resync=True)
        if all(seat in entries[index].to_move for index in range(ply, len(entries))):
            return None
        raise TableError("error.stale", "the table moved on before your move arrived: the board shows "
                         "it as it is now", resync=True)

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat``'s player may take back the latest move: a
        person's own move of the turn (``Match.can_undo``)."""
        return not self.is_bot(seat) and self.match.can_undo(seat)

    def undo(self, seat: int, ply: object = None) -> Entry:
        """Take back ``seat``'s latest move; with ``ply`` (the moves the
        sender saw), only if the table is still there. The entry taken back."""
        if ply is not None and ply != self.ply:
            raise TableError("error.stale", "the table has changed: the board shows it as it is now",
                             resync=True)
        if not self.can_undo(seat):
            raise TableError("error.cannot_undo", "there is no move of yours to take back")
        entry = self.match.entries[-1]
        self.match.undo(seat)
        return entry

    # -- taking a change back ---------------------------------------------------------
    def memento(self) -> Memento:
        """All that a change may alter, to ``restore`` if its holder could not keep it."""
        return (self.match.state.clone(), list(self.match.entries))

    def restore(self, memento: Memento) -> None:
        self.match.restore(*memento)

    # -- what a seat sees ---------------------------------------------------------
    def snapshot(self, viewer: int | None, log_from: int = 0) -> dict[str, Any]:
        """What ``viewer`` (a seat, or ``None`` for a spectator) may see:
        the shape of ``docs/protocol.md``. ``log`` holds the entries after
        the first ``log_from`` (a server sends only the new ones)."""
        match = self.match
        turn = match_turn(match)
        legal = []
        if viewer is not None and viewer in turn["to_move"]:
            legal = [move.to_dict() for move in match.state.legal_moves(viewer)]
        return snapshot(match, turn, viewer, match.state.view(viewer),
                        seed_shown=not self.secret_seed or turn["over"], legal=legal,
                        log=match.log_for(viewer, log_from),
                        can_undo=viewer is not None and self.can_undo(viewer))
