"""A table's seats and who holds them: a part of the table (``table.py``).

Who holds each seat is a token's hash (``SPECTATOR`` for the spectators'
link), as the store has it. Every act is checked against it here, and the
store checks it again inside the write that needs it (a name, a move, an
undo: in its transaction or script), so that a seat given to someone else
a moment ago by another server wins. Whatever changes who holds a seat (a
visitor sits, a new link is taken, a start gives free seats to bots, a
table closes) lets go of the connections that no longer hold theirs, told
why (``LET_GO``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from pygame_core.bots import LEVELS
from pygame_core.table import is_count

from .common import LET_GO, Part, Refusal, core_of
from .store import StoredTable
from .tokens import new_token, token_hash

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("archipel.tables")


class Seats(Part):
    def __init__(self, table: Table, tokens: dict):
        super().__init__(table)
        # Who holds each seat: a token's hash -> its seat (SPECTATOR for the
        # spectators' link), as the store has it.
        self.holders: dict = dict(tokens)
        # The new links offered to seats' holders and not yet taken:
        # (seat, the holder's token hash) -> the new token (``new_token``).
        self.offers: dict = {}

    def holds(self, connection) -> bool:
        """Whether ``connection``'s token still holds its seat (or the
        spectators' link), as this server knows it."""
        return self.holders.get(connection.holder) == connection.seat

    async def check_holder(self, connection) -> None:
        """Refuse an act of ``connection`` (and let it go) unless its token
        holds its seat now: in memory, then in the store, where another
        server may have given the seat to someone else a moment ago."""
        table = self.table
        if self.holds(connection) and (not table.tables.bus.shared or await table.tables.store.seat_of(
                table.id, connection.holder) == connection.seat):
            return
        key, message = LET_GO["gone"]
        connection.let_go(key, message)
        raise Refusal(key, message)

    def check_mover(self, seat: int, holder: str | None) -> None:
        """Refuse a move or an undo of ``seat`` unless the token hash
        ``holder`` holds it, as this server knows it (None: a bot's, which
        has no token); the connections that no longer hold their seat are
        let go."""
        if holder is not None and self.holders.get(holder) != seat:
            self.release()
            raise Refusal(*LET_GO["gone"])

    def release(self, cause: dict | None = None) -> None:
        """Let go of every connection whose token no longer holds its seat,
        told why (``cause``: the change that took it)."""
        table = self.table
        if table.info.closed:
            why = LET_GO["closed"]
        else:
            kind = (cause or {}).get("kind")
            why = LET_GO.get("visitor" if kind == "join" and (cause or {}).get("visitor") else str(kind),
                             LET_GO["gone"])
        for connection in list(table.connections):
            if table.info.closed or not self.holds(connection):
                connection.let_go(*why)

    # -- sitting down ----------------------------------------------------------------
    async def sit(self, connection, name: str, reply, account=None) -> None:
        """The seat's player sits down (or changes name) as ``name``, or as
        ``account`` (its name) when signed in: only while the connection's
        token holds the seat (a visitor who sat there first wins; this
        connection is then let go). A rated table seats accounts only, each
        at one seat; a table of the day's deal only the account that started it."""
        table, seat = self.table, connection.seat
        async with table.lock:
            if table.info.daily is not None and (account is None or account.id != table.info.accounts[seat]):
                # Its board entry is the account's that started it.
                raise Refusal("error.daily_seat", "the day's deal is played by the account that started it")
            if account is None and table.info.rated:
                raise Refusal("error.rated_signed_out", "sign in to sit at a rated table")
            if account is not None:
                name = account.name
                if any(held == account.id for other, held in enumerate(table.info.accounts) if other != seat):
                    raise Refusal("error.seated_already", "you sit at this table already")
            now = table.tables.now()
            if not (self.holds(connection) and await table.tables.store.set_name(
                    table.id, seat, name, now, holder=connection.holder,
                    account=None if account is None else account.id)):
                await table.sync()
                key, message = LET_GO["closed" if table.info.closed else "visitor"]
                connection.let_go(key, message)
                raise Refusal(key, message)
            table.info.names[seat] = name
            table.info.joined[seat] = True
            table.info.accounts[seat] = None if account is None else account.id
            table.match.names[seat] = name
            if not table.info.started and not table.info.free_seats():
                table.info.started, table.info.began = True, now      # as the store did
            reply({"type": "ack", "ply": table.ply})
            table.changed(table.ply, {"kind": "join", "seat": seat})

    async def seated(self, seat: int) -> None:
        """A visitor sat at ``seat`` (the store says who): the devices that
        held the seat by the creator's invitation are let go, told why, and
        every device here and on the other servers is told."""
        table = self.table
        async with table.lock:
            stored = await table.tables.store.load_table(table.id)
            if stored is None:
                return
            table.info.names[seat] = table.match.names[seat] = stored.info.names[seat]
            table.info.joined[seat] = True
            table.info.started, table.info.began = stored.info.started, stored.info.began
            self.holders = dict(stored.tokens)
            cause = {"kind": "join", "seat": seat, "visitor": True}
            self.release(cause)
            table.changed(table.ply, cause)

    async def start(self, seat: int, level, reply) -> None:
        """The creator starts a waiting table: bots of ``level`` take the
        free people's seats, and the game begins."""
        if not (is_count(level) and level in LEVELS):
            raise Refusal("error.bad_request", f"'level' is a bot's level, one of {', '.join(map(str, LEVELS))}")
        table = self.table
        async with table.lock:
            info = table.info
            if info.started:
                raise Refusal("error.started", "the game has begun already", resync=True)
            if seat != info.creator:
                raise Refusal("error.not_creator", "only the table's creator starts it before it is full")
            seats = [f"bot{level}" if kind == "h" and not sat else kind for kind, sat in zip(info.seats, info.joined)]
            now = table.tables.now()
            if not await table.tables.store.start_table(table.id, seats, now):
                await table.sync()
                raise Refusal("error.started", "the game has begun already", resync=True)
            freed = [s for s, (old, new) in enumerate(zip(info.seats, seats)) if old != new]
            self.holders = {digest: held for digest, held in self.holders.items() if held not in freed}
            info.seats = seats
            info.joined = [True] * info.players
            info.started, info.began = True, now
            table.core = core_of(StoredTable(info))
            reply({"type": "ack", "ply": table.ply})
            self.release({"kind": "start"})
            table.changed(0, {"kind": "start", "seat": seat})

    async def close(self) -> bool:
        """Close this table, which never began: its listing time ran out
        before its people came. Every device is let go, told why."""
        table = self.table
        async with table.lock:
            if not await table.tables.store.close_table(table.id):
                return False
            table.info.closed = True
            log.info("table %s closed: its listing time ran out before it began", table.id)
            self.release()
        table.tables.publish({"table": table.id, "number": table.info.number, "ply": table.ply,
                              "cause": {"kind": "closed"}})
        return True

    # -- new links ---------------------------------------------------------------------
    async def offer_token(self, requester, reply) -> None:
        """The seat's holder asks for a new link (one shared too widely):
        the server makes a new token and offers it; nothing changes until
        the holder takes it (``new_token``), so that an answer lost with
        the connection loses nothing: the old link still holds the seat."""
        await self.check_holder(requester)
        token = new_token()
        self.offers[(requester.seat, requester.holder)] = token
        reply({"type": "token_offer", "token": token})

    async def new_token(self, requester, token: str, reply) -> None:
        """The holder takes the new token the server offered it: ``token``
        holds the seat from now on and the old one no longer does; every
        other device holding the seat by the old token is let go. Asked
        again with the same token (an answer lost with a connection), it
        changes nothing and answers again. A token the server did not offer
        this holder, or one in use already, is refused."""
        table, seat = self.table, requester.seat
        store = table.tables.store
        async with table.lock:
            if token == requester.token:
                reply({"type": "token", "seat": seat})
                return
            if self.holders.get(token_hash(token)) is not None:
                raise Refusal("error.token_in_use", "this token is already a link of this table")
            if self.offers.get((seat, requester.holder)) != token:
                raise Refusal("error.no_offer", "ask for a new link first: the server makes it")
            if not self.holds(requester) or not await store.replace_token(
                    table.id, seat, requester.holder, token_hash(token)):
                await table.sync()
                if await store.seat_of(table.id, token_hash(token)) is not None:
                    raise Refusal("error.token_in_use", "this token is already a link of this table")
                raise Refusal(*LET_GO["gone"])
            del self.offers[(seat, requester.holder)]
            self.holders.pop(requester.holder, None)
            requester.token, requester.holder = token, token_hash(token)
            self.holders[requester.holder] = seat
            reply({"type": "token", "seat": seat})
            self.release({"kind": "token"})
        table.tables.publish({"table": table.id, "number": table.info.number, "ply": table.ply,
                              "cause": {"kind": "token", "seat": seat}})

    async def check_tokens(self, seat: int) -> None:
        """Another server gave ``seat`` a new token: read who holds the seats
        and let go of the devices here that hold the seat by the old one."""
        table = self.table
        async with table.lock:
            stored = await table.tables.store.load_table(table.id)
            if stored is None:
                return
            self.holders = dict(stored.tokens)
            self.release({"kind": "token"})
