"""Two servers' tables in one process, over one store and a bus between
them: a move published with itself is played on by the other server without
reading the store; a server that is behind, a move it holds already, and
every other change go the way they always went (the store, or nothing)."""

from __future__ import annotations

import asyncio
import json
import time
from types import SimpleNamespace

import pytest

from archipel_server.bus import LocalBus
from archipel_server.sqlite_store import SQLiteStore
from archipel_server.store import TableInfo
from archipel_server.tables import Tables
from archipel_server.tokens import token_hash
from pygame_core import fairness


class PairedBus(LocalBus):
    """The bus of one of two servers: what it publishes is heard by the
    other one (when ``delivering``; else kept, to be delivered later). No
    bot sits at these tables: the leases stay each server's own."""

    shared = True

    def __init__(self) -> None:
        super().__init__()
        self.peer: PairedBus | None = None
        self.delivering = True
        self.kept: list = []

    async def publish(self, change: dict) -> None:
        if self.delivering:
            await self.peer.listener({**change, "origin": self.origin})
        else:
            self.kept.append({**change, "origin": self.origin})


class CountingStore(SQLiteStore):
    """The SQLite store, counting its reads of a whole table."""

    loads = 0

    async def load_table(self, table_id, number=None):
        CountingStore.loads += 1
        return await super().load_table(table_id, number)


# The seats' links of the table these tests play.
TOKENS = ("A" * 22, "B" * 22)


class Page:
    """A connection as the table sees one: a seat and what it was sent."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.token = TOKENS[seat]
        self.holder = token_hash(self.token)
        self.messages: list = []

    def let_go(self, key: str, message: str) -> None:
        self.messages.append({"type": "error", "ref": None, "key": key, "message": message})

    def send(self, message: dict) -> None:
        self.messages.append(json.loads(json.dumps(message)))

    def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))


def servers_of(store) -> tuple:
    buses = PairedBus(), PairedBus()
    buses[0].peer, buses[1].peer = buses[1], buses[0]
    pair = []
    for bus in buses:
        tables = Tables(store, bots=None, settings=SimpleNamespace(), bus=bus)
        bus.listener = tables.heard
        pair.append(tables)
    return pair[0], pair[1], buses


async def new_table(store, game: str = "kahuna") -> str:
    info = TableInfo(id="FOLLOWTABLE1", game=game, players=2, options={}, seats=["h", "h"],
                     names=["Ana", "Bob"], joined=[True, True], number=1, seed=7, created=time.time(),
                     salt=fairness.new_salt())
    await store.create_table(info, {seat: token_hash(token) for seat, token in enumerate(TOKENS)}, "127.0.0.1")
    return info.id


def first_legal(table, seat: int) -> str:
    return str(table.match.state.legal_moves(seat)[0])


async def play(tables, table, seat=None) -> None:
    """A move at ``table``, then until the other server has heard of it."""
    seat = mover(table) if seat is None else seat
    await table.play(seat, table.ply, first_legal(table, seat))
    await settle(tables)


async def settle(tables) -> None:
    while tables._publishing:
        await asyncio.gather(*list(tables._publishing))


def mover(table) -> int:
    return table.match.state.to_move()[0]


async def one_table_on_two_servers(store, seat: int) -> tuple:
    """Two servers holding one new table, and a page of ``seat`` on the second:
    (here, there, their buses, the table here, the table there, the page)."""
    here, there, buses = servers_of(store)
    table_id = await new_table(store)
    mine, theirs = await here.get(table_id), await there.get(table_id)
    page = Page(seat)
    theirs.connections.add(page)
    return here, there, buses, mine, theirs, page


def moves(table) -> list:
    return [(entry.player, entry.move) for entry in table.match.entries]


@pytest.fixture
def store(tmp_path):
    store = CountingStore(tmp_path / "tables.sqlite")
    asyncio.run(store.open())
    yield store
    asyncio.run(store.close())


def test_a_move_published_with_itself_is_played_on_without_reading_the_store(store):
    async def scene():
        here, there, _, mine, theirs, page = await one_table_on_two_servers(store, seat=1)
        loads = CountingStore.loads
        for _ in range(6):
            await play(here, mine)
        assert CountingStore.loads == loads, "the other server read the store"
        assert theirs.ply == mine.ply == 6
        assert moves(theirs) == moves(mine)
        # Seat 1 was told each move as it came, one new log entry at a time.
        states = [m for m in page.messages if m["type"] == "state"]
        assert [m["ply"] for m in states] == [1, 2, 3, 4, 5, 6]
        assert [m["log_from"] for m in states] == [0, 1, 2, 3, 4, 5]
        assert states[-1]["snapshot"] == mine.core.snapshot(1, 5)
        await here.close(), await there.close()
    asyncio.run(scene())


def test_a_server_behind_a_move_it_holds_and_an_undo_go_through_the_store(store):
    async def scene():
        here, there, buses, mine, theirs, page = await one_table_on_two_servers(store, seat=0)
        # Two moves whose news is late: the second arrives first.
        buses[0].delivering = False
        for _ in range(2):
            await play(here, mine)
        late = list(buses[0].kept)
        assert [change["move"][0] for change in late] == [e.player for e in mine.match.entries]
        loads = CountingStore.loads
        await there.heard(late[1])
        assert CountingStore.loads == loads + 1 and theirs.ply == 2
        # The first one, held already now: nothing read, nothing sent.
        told = len(page.messages)
        await there.heard(late[0])
        assert CountingStore.loads == loads + 1 and len(page.messages) == told
        # A move that contradicts the one held at its ply: only the store can say.
        forged = {**late[1], "move": [late[1]["move"][0], "not a move"]}
        await there.heard(forged)
        assert CountingStore.loads == loads + 2 and theirs.ply == 2
        # A takeback is read from the store.
        buses[0].delivering = True
        seat = mine.match.entries[-1].player
        await mine.undo(seat, mine.ply, lambda message: None)
        await settle(here)
        assert CountingStore.loads == loads + 3
        assert theirs.ply == mine.ply == 1 and len(theirs.undos) == 1
        # The move after the takeback follows again without a read.
        await play(here, mine)
        assert CountingStore.loads == loads + 3 and theirs.ply == 2
        assert moves(theirs) == moves(mine)
        await here.close(), await there.close()
    asyncio.run(scene())
