"""A table in play: its game, and the parts that serve it.

A ``Table`` holds one table's current game in the table core that the
page's worker and the terminal use too (``pygame_core.table.Table``: the
match, the rules of plies, retries and undo, the bots' seeds, what a seat
sees), replayed from the store. Its moves, undos and rematches are its own
(``play``, ``undo``, ``rematch``): each takes the table's lock, asks the
core, writes to the store, and only then acknowledges and tells every
connected seat what it may see (the core's snapshot for that seat, whose
log filters every event through ``event_for``). A change the store refuses
is taken back in memory (the core's memento) as if it had never been tried.

The rest is the table's parts, each a class of its own module holding its
table: ``seats`` (``seats.py``: who holds each seat, sitting down, new
links, a waiting table's start), ``clock`` (``clock.py``: the time left,
the time-out), ``chat`` (``chat.py``), ``presence`` (``presence.py``: who
is connected, here and to the other servers) and ``bot_turns``
(``bot_turns.py``: the bots' thinking). A part changes the table the same
way, under its lock and through the store, and says so with ``changed``;
the bots' moves go through ``play`` like the players'.

Secrets. The seed of a game deals every hidden card: it stays on the server
until the game is over. Messages carry its commitment instead
(``pygame_core.fairness``), and, once the game is over, the seed and the
salt that let every seat check it; the whole record is sent on request only
then. The bots' seeds, made from it, never leave the server either. A
table of the day's deal (``daily.py``) keeps them longer, until the deal's
reveal the next day (``deal_secret``): others play the same deal meanwhile.
Once that day is over (``day_over``), nothing more is played there.

Several servers (``bus.py``). Every change a server makes is published on
the bus once the store has it; a server that holds the table tells its own
connections (``catch_up``), so that players of one table connected to
different servers see every move at once. A move is published with itself:
a server holding the ply before it plays it on (the usual case, no read);
any other change, or a server that is behind, reads the table again from
the store (``sync``).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from typing import TYPE_CHECKING

from pygame_core import fairness
from pygame_core.engine import GameError, event_for
from pygame_core.match import Match
from pygame_core.table import TableError, is_count

from .bot_turns import BotTurns
from .chat import Chat
from .clock import Clock
from .common import LET_GO, Refusal, core_of, encode, reveal_time
from .presence import Presence
from .ratings import standings
from .seats import Seats
from .store import DAILY_SEAT, SPECTATOR, StoredTable, TableInfo, Undo

if TYPE_CHECKING:
    from .tables import Tables

log = logging.getLogger("archipel.tables")

# Times a move is tried against the store when other servers keep writing
# first. Each refusal means another move was kept meanwhile: in a step of
# simultaneous choices every other seat may come first, one after the other.
WRITE_ATTEMPTS = 8


class Table:
    def __init__(self, stored: StoredTable, tables: "Tables"):
        self.tables = tables
        self.info: TableInfo = stored.info
        self.undos: list = list(stored.undos)
        self.core = core_of(stored)
        self.lock = asyncio.Lock()
        self.connections: set = set()
        # Set at every change of the table (here or from another server).
        self.moved = asyncio.Event()
        self.last_change = time.monotonic()
        self.last_used = time.monotonic()
        # When each kept move was made, ply by ply (the clock's).
        self.times: list = list(stored.times) + [0.0] * (len(stored.moves) - len(stored.times))
        # The clock (``clock.py``).
        self.clock = Clock(self)
        # The chat (``chat.py``).
        self.chat = Chat(self)
        # Who holds each seat (``seats.py``).
        self.seats = Seats(self, stored.tokens)
        # Who is at the table, here and on the other servers (``presence.py``).
        self.presence = Presence(self)
        # The bots' turns (``bot_turns.py``).
        self.bot_turns = BotTurns(self)

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def match(self) -> Match:
        return self.core.match

    @property
    def ply(self) -> int:
        return self.core.ply

    # -- the day's deal ------------------------------------------------------------
    @property
    def day_over(self) -> bool:
        """Whether this table plays a day's deal whose day has ended: the
        deal is revealed, and no move is made here any more (whoever knows
        the seed could play the rest knowing every card)."""
        day = self.info.daily
        return day is not None and self.tables.now() >= reveal_time(day, self.tables.settings.day_length)

    @property
    def deal_secret(self) -> bool:
        """Whether this table plays a day's deal not yet revealed: its seed
        and salt stay on the server even once its game is over, since the
        others who play the deal that day must not learn its cards."""
        return self.info.daily is not None and not self.day_over

    def refuse_after_day(self) -> None:
        if self.day_over:
            raise Refusal("error.daily_over", "the day of this deal is over: its deal is revealed, and "
                          "nothing more is played at its tables", resync=True)

    # -- what a seat is told -------------------------------------------------
    def public(self) -> dict:
        """The table's facts every seat and spectator may read (who is
        connected: here, or to another server that said so lately)."""
        connected, spectators = self.presence.anywhere()
        info = self.info
        return {"id": self.id, "number": info.number, "names": list(info.names),
                "joined": list(info.joined), "connected": connected, "spectators": spectators,
                "seats": list(info.seats), "creator": info.creator, "started": info.started,
                "open": info.open, "chat": info.chat, "clock": self.clock.public(), "taken": list(info.taken),
                "rated": info.rated, "daily": info.daily}

    def fairness(self) -> dict:
        """The commitment to this game's seed; the seed and its salt once
        the game is over (never before: they deal every hidden card), and
        at a table of the day's deal once the deal is revealed."""
        info = self.info
        told = {"number": info.number, "commitment": info.commitment, "chosen_seed": info.chosen_seed}
        if self.match.is_over() and not self.deal_secret:
            told.update(seed=info.seed, salt=info.salt)
        return told

    def snapshot(self, viewer: int | None, log_from: int) -> dict:
        """The table core's snapshot for ``viewer``, which shows the seed once
        the game is over: not while the day's deal it plays is secret."""
        snapshot = self.core.snapshot(viewer, log_from)
        if self.deal_secret:
            snapshot["seed"] = None
        return snapshot

    def state_message(self, seat: int, log_from: int, kind: str = "state", cause=None) -> dict:
        viewer = None if seat == SPECTATOR else seat
        return {
            "type": kind,
            "seat": viewer,
            "ply": self.ply,
            "log_from": log_from,
            "snapshot": self.snapshot(viewer, log_from),
            "fairness": self.fairness(),
            "undos": [{"ply": undo.ply, "player": undo.player,
                       "events": [event_for(event, viewer) for event in undo.events]}
                      for undo in self.undos],
            "table": self.public(),
            "mutes": [] if viewer is None else list(self.info.mutes[viewer]),
            "cause": cause,
        }

    def broadcast(self, log_from: int, cause: dict) -> None:
        """Tell every connection the new state, each seat its own (one
        snapshot per seat, however many devices hold it)."""
        texts = {}
        for connection in list(self.connections):
            if connection.seat not in texts:
                texts[connection.seat] = encode(self.state_message(connection.seat, log_from, cause=cause))
            connection.send_text(texts[connection.seat])

    def _show(self, log_from: int, cause: dict) -> None:
        """The table changed (here or on another server): wake whoever waits
        for it and tell this server's connections."""
        self.last_change = time.monotonic()
        self.moved.set()
        self.broadcast(log_from, cause)
        self.clock.schedule()

    def changed(self, log_from: int, cause: dict) -> None:
        self._show(log_from, cause)
        change = {"table": self.id, "number": self.info.number, "ply": self.ply, "cause": cause}
        if cause.get("kind") == "move":
            # The move itself, so that a server holding the table one ply
            # behind plays it on without reading the store.
            entry = self.match.entries[-1]
            change.update(move=[entry.player, entry.move], undos=len(self.undos), at=self.times[-1])
        self.tables.publish(change)
        self.bot_turns.schedule()

    async def catch_up(self, cause=None, change: dict | None = None) -> bool:
        """Read the table again from the store, where another server may have
        changed it, and tell this server's connections what changed (each
        seat its own view, the log from the first entry that differs). True
        when something had changed. ``change``: what the other server
        published; a move that follows the last one held here is played on
        without reading the store."""
        async with self.lock:
            followed = self._follow(change, cause) if change is not None else None
            changed = followed if followed is not None else await self.sync(cause)
        if changed:
            self.bot_turns.schedule()
        return changed

    def _follow(self, change: dict, cause) -> bool | None:
        """Play on the move another server published when it is the next one
        of the game held here (same game, same takebacks); False when it is
        held already; None when only the store can say."""
        move = change.get("move")
        ply = change.get("ply")
        if not (isinstance(move, list) and len(move) == 2 and is_count(move[0]) and isinstance(move[1], str)
                and is_count(ply) and ply >= 1 and change.get("number") == self.info.number
                and change.get("undos") == len(self.undos)):
            return None
        entries = self.match.entries
        if len(entries) >= ply:
            held = entries[ply - 1]
            return False if (held.player, held.move) == (move[0], move[1]) else None
        if len(entries) != ply - 1:
            return None
        memento = self.core.memento()
        try:
            self.core.play(move[0], move[1])
        except (TableError, GameError):
            self.core.restore(memento)
            return None
        at = change.get("at")
        self.times.append(at if isinstance(at, float) else self.tables.now())
        self._show(ply - 1, cause or {"kind": "sync"})
        return True

    async def sync(self, cause=None) -> bool:
        """``catch_up`` with the table's lock held."""
        stored = await self.tables.store.load_table(self.id)
        if stored is None:
            return False
        before = [(entry.player, entry.move) for entry in self.match.entries]
        after = [tuple(move) for move in stored.moves]
        same_game = stored.info.number == self.info.number
        if (same_game and after == before and len(stored.undos) == len(self.undos)
                and stored.info.names == self.info.names and stored.info.joined == self.info.joined
                and stored.info.seats == self.info.seats and stored.info.started == self.info.started
                and stored.tokens == self.seats.holders and stored.info.closed == self.info.closed
                and stored.info.accounts == self.info.accounts):
            return False
        if cause is None and same_game and len(stored.info.taken) > len(self.info.taken):
            # Another server applied a clock's time-out: say it as one.
            timeout = stored.info.timeouts[-1] if stored.info.timeouts else None
            if timeout is not None and timeout.get("seat") not in self.info.taken:
                clock = stored.info.clock or {}
                cause = {"kind": "timeout", "seat": timeout["seat"], "level": clock.get("level"),
                         "out": bool(timeout.get("out"))}
        log_from = 0
        if same_game:
            while log_from < min(len(before), len(after)) and before[log_from] == after[log_from]:
                log_from += 1
        grown = (same_game and log_from == len(before) and len(stored.undos) == len(self.undos)
                 and stored.info.seats == self.info.seats)
        self.info, self.undos = stored.info, list(stored.undos)
        self.times = list(stored.times)
        self.seats.holders = dict(stored.tokens)
        if grown:
            # Moves added after those held here (the usual change): play
            # them on, rather than replay the whole game.
            memento = self.core.memento()
            try:
                for player, move in after[len(before):]:
                    self.core.play(player, move)
            except (TableError, GameError):
                self.core.restore(memento)
                grown = False
            self.match.names[:] = self.info.names
        if not grown:
            self.core = core_of(stored)
        self.seats.release(cause)
        self._show(log_from, cause or {"kind": "sync"})
        return True

    # -- joining ---------------------------------------------------------------
    async def welcome(self, connection) -> None:
        """Seat ``connection`` and send it the whole state (read again from
        the store first when other servers share it)."""
        if self.tables.bus.shared:
            await self.catch_up()
        chat = await self.tables.store.load_chat(self.id)
        async with self.lock:
            self.connections.add(connection)
            welcome = self.state_message(connection.seat, 0, kind="welcome")
            welcome["chat"] = [entry for entry in chat if self.chat.reads(connection.seat, entry)]
            connection.send(welcome)
        self.presence.broadcast()

    def leave(self, connection) -> None:
        if connection in self.connections:
            self.connections.discard(connection)
            self.last_used = time.monotonic()
            self.presence.broadcast()

    async def resync(self, connection) -> None:
        async with self.lock:
            connection.send(self.state_message(connection.seat, 0))

    # -- moves -------------------------------------------------------------------
    async def play(self, seat: int, ply: int, text, reply=None, holder: str | None = None) -> int | None:
        """Play ``text`` for ``seat``, made at ``ply``; ``reply`` (the sender's
        connection, None for a bot) gets the acknowledgement; ``holder``:
        the hash of the sender's token, which must hold the seat when the
        move is kept (None for a bot). A bot's move is kept only at the
        ply it was thought for (its seed's), so that anyone can check it."""
        async with self.lock:
            if self.info.closed:
                raise Refusal(*LET_GO["closed"])
            if not self.info.started:
                raise Refusal("error.not_started", "the game begins once every seat is taken")
            self.refuse_after_day()
            if reply is not None and self.info.seats[seat] != "h":
                raise Refusal("error.taken_over", "a bot plays this seat now: its time ran out", resync=True)
            clocked = self.clock.now()
            if reply is not None and clocked is not None and seat in clocked.out_of_time():
                self.clock.schedule()       # wakes at once: a bot takes over
                raise Refusal("error.out_of_time", "this seat's time has run out", resync=True)
            for attempt in range(WRITE_ATTEMPTS):
                # A bot's move stands only at the ply it was thought for, even
                # in a simultaneous step where it would still be legal later:
                # its seed is that ply's, and the record's check replays it there.
                if reply is None and ply != self.ply:
                    raise Refusal("error.stale", "the table moved on while the bot thought")
                self.seats.check_mover(seat, holder)
                memento = self.core.memento()
                played = self.core.play(seat, text, ply)
                if played.duplicate:
                    if reply is not None:
                        reply({"type": "ack", "ply": played.ply, "move": played.entry.move, "duplicate": True})
                        reply(self.state_message(seat, 0))
                    return None
                kept = False
                now = self.tables.now()
                try:
                    over = self.match.is_over()
                    result = (self.match.result() or {}) if over else {}
                    ranks = standings(result, self.info.players, self.info.timeouts) if over else None
                    kept = await self.tables.store.append_move(self.id, self.info.number, played.ply, seat,
                                                               played.entry.move, over, now, holder=holder,
                                                               ranks=ranks, score=self.daily_score(result))
                finally:
                    if not kept:
                        self.core.restore(memento)
                if kept:
                    self.times[played.ply:] = [now]
                    break
                # Another server wrote first, or gave the seat to another
                # link: take the table as it is now and judge the move again
                # there (a choice made at the same time as the others' in a
                # simultaneous step still stands).
                await self.sync()
            else:
                raise Refusal("error.stale", "another move was played at the same time: the board "
                              "shows the table as it is now", resync=True)
            if reply is not None:
                reply({"type": "ack", "ply": played.ply, "move": played.entry.move})
            self.changed(played.ply, {"kind": "move", "seat": seat, "ply": played.ply})
            return played.ply

    def daily_score(self, result: dict) -> float | None:
        """The person's score at the end of a day's deal, for its board
        (None at another table, or when the result has no scores)."""
        scores = result.get("scores")
        if self.info.daily is None or not isinstance(scores, list) or len(scores) <= DAILY_SEAT:
            return None
        return scores[DAILY_SEAT]

    async def undo(self, seat: int, ply: int, reply, holder: str | None = None) -> None:
        """Take back ``seat``'s latest move (the core's rule: one's own moves
        of the turn, never past a reveal); ``ply``: the moves the sender saw;
        ``holder``: the hash of the sender's token, which must hold the seat."""
        async with self.lock:
            self.refuse_after_day()
            self.seats.check_mover(seat, holder)
            memento = self.core.memento()
            entry = self.core.undo(seat, ply)
            undo = Undo(self.ply, seat, entry.move, entry.events)
            kept = False
            try:
                kept = await self.tables.store.take_back(self.id, self.info.number, undo, holder=holder)
            finally:
                if not kept:
                    self.core.restore(memento)
            if not kept:
                await self.sync()
                raise Refusal("error.stale", "the table has changed: the board shows it as it is now",
                              resync=True)
            self.undos.append(undo)
            del self.times[undo.ply:]
            reply({"type": "ack", "ply": undo.ply, "move": undo.move})
            self.changed(undo.ply, {"kind": "undo", "seat": seat, "ply": undo.ply})

    async def rematch(self, seat: int, number, ply: int, reply) -> None:
        """Start the next game at the same seats, with a new seed, once this
        one is over; ``number``: the game the sender saw end, ``ply``: the
        moves it had then."""
        async with self.lock:
            if self.info.daily is not None:
                raise Refusal("error.daily_rematch", "the day's deal is played once: no rematch")
            if number == self.info.number - 1:
                reply({"type": "ack", "number": self.info.number, "duplicate": True})
                return
            if number != self.info.number:
                raise Refusal("error.stale", "this is not the game being played", resync=True)
            if not self.match.is_over():
                raise Refusal("error.not_over", "a rematch starts once the game is over")
            if ply != self.ply:
                raise Refusal("error.stale", "the game did not end where the sender saw it end", resync=True)
            seed, salt = fairness.new_seed(), fairness.new_salt()
            now = self.tables.now()
            # The next game's seats: the people's again where bots played on.
            committed = ["h" if held in self.info.taken else kind for held, kind in enumerate(self.info.seats)]
            if not await self.tables.store.start_game(self.id, number + 1, seed, salt, now, committed):
                await self.sync()
                raise Refusal("error.stale", "the table has changed: the board shows it as it is now",
                              resync=True)
            self.info.number, self.info.seed, self.info.salt, self.info.chosen_seed = number + 1, seed, salt, False
            self.info.began = now
            self.info.scheme, self.info.committed, self.info.timeouts = 2, committed, []
            # The seats bots took over from people out of time are theirs again.
            for taken in self.info.taken:
                self.info.seats[taken] = "h"
            self.info.taken = []
            self.core = core_of(StoredTable(self.info))
            self.undos = []
            self.times = []
            reply({"type": "ack", "number": self.info.number})
            self.changed(0, {"kind": "rematch", "seat": seat, "number": self.info.number})

    async def record(self, number, reply) -> None:
        """The whole record of game ``number`` (the current one when None),
        seed and moves, with what checks the commitment and the result the
        table states: only once that game is over. With it, the key of the
        game's review link (``review_key``)."""
        number, record = await self.finished_record(number)
        reply({"type": "record", "number": number, "record": record, "review_key": self.review_key(number)})

    async def finished_record(self, number) -> tuple[int, dict]:
        """Game ``number`` (the current one when None) and its record, once
        that game is over (and the day's deal it plays revealed); refused
        before."""
        async with self.lock:
            if self.deal_secret:
                raise Refusal("error.daily_secret", "the record of a day's deal is given once the deal is "
                              "revealed, the next day: others play it until then")
            if number is None:
                number = self.info.number
            if not is_count(number) or not 1 <= number <= self.info.number:
                raise Refusal("error.bad_request", f"'number' is a game of this table, 1 to {self.info.number}")
            stored: StoredTable | None
            if number == self.info.number:
                if not self.match.is_over():
                    raise Refusal("error.not_over", "the record is given once the game is over")
                stored = StoredTable(self.info, [(entry.player, entry.move) for entry in self.match.entries],
                                     out=list(self.match.out))
                result = self.match.result()
            else:
                stored = await self.tables.store.load_table(self.id, number)
                result = None if stored is None else core_of(stored).match.result()
        if stored is None or (number != self.info.number and not stored.over):
            raise Refusal("error.not_over", "the record is given once the game is over")
        return number, stored.record(result)

    def review_key(self, number: int) -> str:
        """The key of game ``number``'s review link (``api/tables/review``):
        a hash of the table, the game and the spectators' token's hash, which
        never leaves the server. Whoever was given a finished game's record
        may pass its link on; nothing of a token can be learned from the
        key, and no other game's key from it."""
        return review_key(self.id, number, self.seats.holders)


def review_key(table_id: str, number: int, holders: dict) -> str:
    """The key of a game's review link (``Table.review_key``), from the
    table's token holders (hash -> seat)."""
    spectators = sorted(holder for holder, seat in holders.items() if seat == SPECTATOR)
    secret = spectators[0] if spectators else ""
    return hashlib.sha256(f"archipel-review/{table_id}/{number}/{secret}".encode()).hexdigest()[:32]
