"""The stores on their own, SQLite and Redis under one contract: moves kept
only at the ply expected, even when two servers share the store; tokens kept
as hashes; names checked."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
import time

import pytest

from archipel_server.redis_store import RedisStore
from archipel_server.sqlite_store import SQLiteStore
from pygame_core import fairness
from archipel_server.store import SPECTATOR, TableInfo, Undo
from archipel_server.tokens import BadName, check_name, new_token, token_hash
from redis_process import RedisProcess


def info(table_id="T" * 12, seats=("h", "h"), seed=5, salt=None) -> TableInfo:
    return TableInfo(id=table_id, game="kahuna", players=len(seats), options={}, seats=list(seats),
                     names=["Ana", ""], joined=[True, False], number=1, seed=seed, created=time.time(), salt=salt)


def run(coroutine):
    return asyncio.run(coroutine)


PREFIXES = itertools.count()


class Backend:
    """One kind of store: ``make()`` opens another store on the same data
    (another server sharing it); ``data()`` is every byte it wrote."""

    def __init__(self, kind, path, redis_server=None):
        self.kind = kind
        self.path = path
        self.redis_server = redis_server
        self.prefix = f"test{next(PREFIXES)}:"

    def make(self):
        if self.kind == "sqlite":
            return SQLiteStore(self.path)
        return RedisStore(self.redis_server.url, prefix=self.prefix)

    def data(self) -> bytes:
        if self.kind == "sqlite":
            return b"".join(p.read_bytes() for p in self.path.parent.glob("tables.sqlite3*"))
        return b"".join(p.read_bytes() for p in self.redis_server.directory.rglob("*") if p.is_file())


@pytest.fixture(params=["sqlite", "redis"])
def backend(request, tmp_path):
    if request.param == "sqlite":
        return Backend("sqlite", tmp_path / "tables.sqlite3")
    return Backend("redis", None, request.getfixturevalue("redis_server"))


@pytest.fixture
def path(tmp_path):
    return tmp_path / "tables.sqlite3"


def test_a_table_is_kept_with_its_record_and_hashed_tokens(backend):
    token = new_token()

    async def scene():
        store = backend.make()
        await store.open()
        await store.create_table(info(), {0: token_hash(token), SPECTATOR: token_hash("S" * 22)}, "addr")
        assert await store.append_move("T" * 12, 1, 0, 0, "place ALOA-BARI ALOA", False)
        loaded = await store.load_table("T" * 12)
        seat = await store.seat_of("T" * 12, token_hash(token))
        spectator = await store.seat_of("T" * 12, token_hash("S" * 22))
        wrong = await store.seat_of("T" * 12, token_hash(new_token()))
        elsewhere = await store.seat_of("U" * 12, token_hash(token))
        await store.close()
        return loaded, (seat, spectator, wrong, elsewhere)

    loaded, seats = run(scene())
    assert loaded.record() == {"format": "archipel-record", "version": 1, "game": "kahuna", "players": 2,
                               "seed": 5, "options": {}, "seats": ["h", "h"], "names": ["Ana", ""],
                               "moves": [[0, "place ALOA-BARI ALOA"]],
                               "fairness": {"table": "T" * 12, "number": 1, "commitment": None, "salt": None,
                                            "chosen_seed": False}}
    assert seats == (0, SPECTATOR, None, None)
    data = backend.data()
    assert token.encode() not in data and token_hash(token).encode() in data


def test_a_move_is_kept_only_at_the_ply_expected(backend):
    async def scene():
        store = backend.make()
        await store.open()
        await store.create_table(info(), {}, "addr")
        results = [
            await store.append_move("T" * 12, 1, 0, 0, "draw", False),
            await store.append_move("T" * 12, 1, 0, 1, "skip", False),    # ply 0 is taken
            await store.append_move("T" * 12, 1, 2, 1, "skip", False),    # ply 1 comes first
            await store.append_move("T" * 12, 2, 1, 1, "skip", False),    # not the current game
            await store.append_move("X" * 12, 1, 0, 1, "skip", False),    # no such table
            await store.append_move("T" * 12, 1, 1, 1, "skip", True),
        ]
        moves = (await store.load_table("T" * 12)).moves
        over = (await store.load_table("T" * 12)).over
        await store.close()
        return results, moves, over

    results, moves, over = run(scene())
    assert results == [True, False, False, False, False, True]
    assert moves == [(0, "draw"), (1, "skip")] and over


def test_two_servers_racing_for_one_ply_cannot_both_win(backend):
    """Two stores on one file or one Redis (two servers): of many moves sent for the same
    plies at once, exactly one per ply is kept."""
    async def scene():
        first, second = backend.make(), backend.make()
        await first.open()
        await second.open()
        await first.create_table(info(), {}, "addr")
        wins = []
        for ply in range(30):
            won = await asyncio.gather(first.append_move("T" * 12, 1, ply, 0, f"a{ply}", False),
                                       second.append_move("T" * 12, 1, ply, 1, f"b{ply}", False))
            wins.append(won)
        moves = (await first.load_table("T" * 12)).moves
        await first.close()
        await second.close()
        return wins, moves

    wins, moves = run(scene())
    assert all(sorted(won) == [False, True] for won in wins)
    assert [move for _, move in moves] == [("a" if a else "b") + str(ply) for ply, (a, b) in enumerate(wins)]


def test_a_move_is_taken_back_only_if_it_is_the_last_one_seen(backend):
    async def scene():
        store = backend.make()
        await store.open()
        await store.create_table(info(), {}, "addr")
        await store.append_move("T" * 12, 1, 0, 0, "place ALOA-BARI ALOA", False)
        events = [{"key": "kahuna.place", "player": 0, "params": {}}]
        results = [
            await store.take_back("T" * 12, 1, Undo(0, 1, "place ALOA-BARI ALOA", events)),  # not Ben's
            await store.take_back("T" * 12, 1, Undo(0, 0, "draw", events)),                  # not this move
            await store.take_back("T" * 12, 1, Undo(1, 0, "place ALOA-BARI ALOA", events)),  # not this ply
            await store.take_back("T" * 12, 1, Undo(0, 0, "place ALOA-BARI ALOA", events)),
            await store.take_back("T" * 12, 1, Undo(0, 0, "place ALOA-BARI ALOA", events)),  # already done
        ]
        loaded = await store.load_table("T" * 12)
        await store.close()
        return results, loaded

    results, loaded = run(scene())
    assert results == [False, False, False, True, False]
    assert loaded.moves == []
    assert [(u.ply, u.player, u.move) for u in loaded.undos] == [(0, 0, "place ALOA-BARI ALOA")]


def test_a_rematch_starts_only_after_the_end_and_once(backend):
    async def scene():
        store = backend.make()
        await store.open()
        await store.create_table(info(), {}, "addr")
        early = await store.start_game("T" * 12, 2, 77, "a" * 32)
        await store.append_move("T" * 12, 1, 0, 0, "draw", True)
        started = await store.start_game("T" * 12, 2, 77, "a" * 32)
        twice = await store.start_game("T" * 12, 2, 78, "b" * 32)
        loaded = await store.load_table("T" * 12)
        first = await store.load_table("T" * 12, 1)
        missing = await store.load_table("T" * 12, 3)
        in_play = await store.tables_in_play()
        await store.close()
        return early, started, twice, loaded, first, missing, in_play

    early, started, twice, loaded, first, missing, in_play = run(scene())
    assert (early, started, twice) == (False, True, False)
    assert (loaded.info.number, loaded.info.seed, loaded.info.salt, loaded.moves, loaded.over) == \
        (2, 77, "a" * 32, [], False)
    assert (first.info.number, first.info.seed, first.moves, first.over) == (1, 5, [(0, "draw")], True)
    assert missing is None
    assert in_play == ["T" * 12]


@pytest.mark.parametrize("seed", [5, 0, 2 ** 53 - 1, "0123456789abcdef0123456789abcdef",
                                  "12345678901234567890123456789012", "1e51234", "-7", " 5", "5.0"])
def test_a_seed_and_the_salt_of_its_commitment_come_back_as_they_were(backend, seed):
    """A seed is a number or a text: a text of digits stays a text (neither
    SQLite's integer affinity nor Redis's strings make it a number)."""
    async def scene():
        store = backend.make()
        await store.open()
        await store.create_table(info(seed=seed, salt="c" * 32), {}, "addr")
        loaded = await store.load_table("T" * 12)
        await store.close()
        return loaded

    loaded = run(scene())
    assert loaded.info.seed == seed and type(loaded.info.seed) is type(seed)
    assert loaded.info.salt == "c" * 32
    assert loaded.info.commitment == fairness.commitment(seed, "c" * 32)


def test_a_seat_s_token_gives_way_to_a_new_one(backend):
    old, new = new_token(), new_token()

    async def scene():
        store = backend.make()
        await store.open()
        await store.create_table(info(), {0: token_hash(old), 1: token_hash(new_token())}, "addr")
        wrong_seat = await store.replace_token("T" * 12, 1, token_hash(old), token_hash(new))
        replaced = await store.replace_token("T" * 12, 0, token_hash(old), token_hash(new))
        again = await store.replace_token("T" * 12, 0, token_hash(old), token_hash(new))
        seats = (await store.seat_of("T" * 12, token_hash(old)), await store.seat_of("T" * 12, token_hash(new)))
        await store.close()
        return wrong_seat, replaced, again, seats

    assert run(scene()) == (False, True, False, (None, 0))


def test_every_write_for_a_seat_is_kept_only_while_its_holder_holds_it(backend):
    ana, invitation, visitor = new_token(), new_token(), new_token()
    table = "H" * 12

    async def scene():
        store = backend.make()
        await store.open()
        setup = info(table)
        setup.open = True
        await store.create_table(setup, {0: token_hash(ana), 1: token_hash(invitation)}, "addr")
        held = await store.load_table(table)
        # A visitor sits at seat 1: the invitation no longer holds it.
        claimed = await store.claim_seat(table, 1, token_hash(visitor), "Vic", 10.0, "visitor-address")
        renamed = await store.set_name(table, 1, "Mallory", 11.0, holder=token_hash(invitation))
        by_visitor = await store.set_name(table, 1, "Victor", 12.0, holder=token_hash(visitor))
        moved = await store.append_move(table, 1, 0, 1, "draw", False, 13.0, holder=token_hash(invitation))
        not_ana = await store.append_move(table, 1, 0, 0, "draw", False, 13.0, holder=token_hash(visitor))
        kept = await store.append_move(table, 1, 0, 0, "draw", False, 13.0, holder=token_hash(ana))
        undo = Undo(0, 0, "draw", [])
        undone = await store.take_back(table, 1, undo, holder=token_hash(invitation))
        # A new link never lands on another link of the table.
        onto_spectators = await store.replace_token(table, 0, token_hash(ana), token_hash(visitor))
        after = await store.load_table(table)
        counted = await store.seats_claimed_since("visitor-address", 0.0)
        await store.close()
        return held, claimed, renamed, by_visitor, moved, not_ana, kept, undone, onto_spectators, after, counted

    held, claimed, renamed, by_visitor, moved, not_ana, kept, undone, onto, after, counted = run(scene())
    assert held.tokens == {token_hash(ana): 0, token_hash(invitation): 1}
    assert claimed and not renamed and by_visitor
    assert not moved and not not_ana and kept and not undone and not onto
    assert after.info.names == ["Ana", "Victor"] and after.moves == [(0, "draw")]
    assert after.tokens == {token_hash(ana): 0, token_hash(visitor): 1}
    assert counted == 1


def test_a_time_out_is_kept_with_its_ply_and_a_waiting_open_table_closes_once(backend):
    async def scene():
        store = backend.make()
        await store.open()
        await store.create_table(info("O" * 12), {}, "addr")
        assert await store.append_move("O" * 12, 1, 0, 0, "draw", False, 1.0)
        taken = await store.take_over("O" * 12, 1, 1, 1, "bot2", out=False, over=False)
        timed = await store.load_table("O" * 12)
        waiting = info("W" * 12)
        waiting.open, waiting.started, waiting.created = True, False, 100.0
        await store.create_table(waiting, {}, "addr")
        listed = await store.waiting_open_tables(before=200.0)
        not_yet = await store.waiting_open_tables(before=50.0)
        first, second = await store.close_table("W" * 12), await store.close_table("W" * 12)
        begun = await store.close_table("O" * 12)
        after = await store.load_table("W" * 12)
        sat = await store.claim_seat("W" * 12, 1, token_hash(new_token()), "Late", 300.0, "a")
        left = await store.waiting_open_tables(before=200.0)
        await store.close()
        return taken, timed, listed, not_yet, first, second, begun, after, sat, left

    taken, timed, listed, not_yet, first, second, begun, after, sat, left = run(scene())
    assert taken and timed.info.timeouts == [{"seat": 1, "ply": 1, "kind": "bot2", "out": False}]
    assert listed == ["W" * 12] and not_yet == []
    assert (first, second, begun) == (True, False, False)
    assert after.info.closed and not after.listed and not sat and left == []


# The tables and games of the first schema (tokens and undos have not changed).
FIRST_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
    options TEXT NOT NULL, seats TEXT NOT NULL, names TEXT NOT NULL, joined TEXT NOT NULL,
    number INTEGER NOT NULL, created REAL NOT NULL, address TEXT NOT NULL);
CREATE TABLE games (table_id TEXT NOT NULL, number INTEGER NOT NULL, seed INTEGER NOT NULL,
    over INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, number)) WITHOUT ROWID;
CREATE TABLE moves (table_id TEXT NOT NULL, number INTEGER NOT NULL, ply INTEGER NOT NULL,
    player INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (table_id, number, ply)) WITHOUT ROWID;
"""


def test_a_file_from_the_first_schema_is_opened_and_its_tables_play_as_they_did(path):
    """Opening a file of the first schema adds the columns made since: its
    games have no commitment, its tables are by invitation, have begun,
    have no clock, and their moves count as made at 0."""
    with sqlite3.connect(path) as db:
        db.executescript(FIRST_SCHEMA)
        db.execute("INSERT INTO tables VALUES ('TTTTTTTTTTTT', 'kahuna', 2, '{}', '[\"h\", \"h\"]', '[\"Ana\", \"\"]',"
                   " '[true, false]', 1, 0, 'addr')")
        db.execute("INSERT INTO games (table_id, number, seed) VALUES ('TTTTTTTTTTTT', 1, 1234)")
        db.execute("INSERT INTO moves VALUES ('TTTTTTTTTTTT', 1, 0, 1, 'pass')")

    async def scene():
        store = SQLiteStore(path)
        await store.open()
        loaded = await store.load_table("T" * 12)
        await store.close()
        return loaded

    loaded = run(scene())
    info = loaded.info
    assert (info.seed, info.salt, info.commitment) == (1234, None, None)
    assert (info.open, info.started, info.began, info.clock, info.chat, info.mutes) == (
        False, True, 0.0, None, "seats", [[], []])
    assert loaded.moves == [(1, "pass")] and loaded.times == [0.0]


def test_names_are_text_of_a_bounded_length():
    assert check_name("  Ana \n  Maria ", 40) == "Ana Maria"
    assert check_name("Cafe\u0301", 40) == "Caf\u00e9"     # NFC: one character, not two
    assert check_name("<script>", 40) == "<script>"        # shown as text, never markup
    assert check_name("Mānoa 🌺", 40) == "Mānoa 🌺"
    for bad, key in [("", "error.bad_name"), ("   ", "error.bad_name"), ("x" * 41, "error.name_too_long"),
                     ("a\u0007b", "error.bad_name"), ("a\u200fb", "error.bad_name"),
                     ("a\ue000b", "error.bad_name"), (None, "error.bad_name"), (["Ana"], "error.bad_name")]:
        with pytest.raises(BadName) as refused:
            check_name(bad, 40)
        assert refused.value.key == key


def test_calls_made_together_are_committed_together_and_refused_alone(backend):
    """Moves sent at once share one transaction (one flush to disk); a move
    refused among them is rolled back alone."""
    async def scene():
        store = backend.make()
        await store.open()
        await asyncio.gather(*(store.create_table(info(f"{n:012d}"), {}, "addr") for n in range(20)))
        results = await asyncio.gather(
            *(store.append_move(f"{n:012d}", 1, 0, 0, f"a{n}", False) for n in range(20)),
            *(store.append_move(f"{n:012d}", 1, 0, 1, f"b{n}", False) for n in range(20)),
            *(store.append_move(f"{n:012d}", 1, 1, 1, f"c{n}", False) for n in range(20)))
        tables = [await store.load_table(f"{n:012d}") for n in range(20)]
        await store.close()
        return results, tables

    results, tables = run(scene())
    assert results == [True] * 20 + [False] * 20 + [True] * 20
    assert all(table.moves == [(0, f"a{n}"), (1, f"c{n}")] for n, table in enumerate(tables))


def test_the_tables_an_address_created_are_counted_from_a_time(backend):
    """The limit of tables an address creates a day, shared by every server
    of the store; the tables in play in the order they were created."""
    now = time.time()

    async def scene():
        store, other = backend.make(), backend.make()
        await store.open()
        await other.open()
        for n, (age, address) in enumerate([(2 * 24 * 3600, "a"), (3600, "a"), (60, "b"), (0, "a")]):
            table = info(f"{n:012d}")
            table.created = now - age
            await (store if n % 2 else other).create_table(table, {}, address)
        counts = [await other.tables_created_since("a", now - 24 * 3600),
                  await store.tables_created_since("a", now - 3 * 24 * 3600),
                  await store.tables_created_since("b", now - 24 * 3600),
                  await store.tables_created_since("c", now - 24 * 3600)]
        await store.append_move(f"{1:012d}", 1, 0, 0, "draw", True)
        in_play = await other.tables_in_play()
        await store.close()
        await other.close()
        return counts, in_play

    counts, in_play = run(scene())
    assert counts == [2, 3, 1, 0]
    assert in_play == [f"{0:012d}", f"{2:012d}", f"{3:012d}"]


def test_an_acknowledged_move_survives_redis_killed(tmp_path):
    """Append-only file, flushed before every answer: what Redis acknowledged
    is there after a SIGKILL and a restart."""
    redis = RedisProcess(tmp_path / "redis").start()
    try:
        async def before():
            store = RedisStore(redis.url)
            await store.open()
            await store.create_table(info(), {0: token_hash("A" * 22)}, "addr")
            kept = [await store.append_move("T" * 12, 1, ply, ply % 2, f"m{ply}", False) for ply in range(20)]
            await store.close()
            return kept

        async def after():
            store = RedisStore(redis.url)
            await store.open()
            loaded = await store.load_table("T" * 12)
            seat = await store.seat_of("T" * 12, token_hash("A" * 22))
            await store.close()
            return loaded, seat

        assert run(before()) == [True] * 20
        redis.restart()
        loaded, seat = run(after())
        assert [move for _, move in loaded.moves] == [f"m{ply}" for ply in range(20)]
        assert seat == 0
    finally:
        redis.stop()


def test_a_waiting_table_begins_when_its_last_seat_is_taken_or_its_creator_starts_it(backend):
    """What the clock counts from, what the moves' times are, and who the
    seats are: kept by every store alike."""
    def waiting(table_id, seats):
        table = info(table_id, seats)
        table.names, table.joined = [""] * len(seats), [seat != "h" for seat in seats]
        table.names[0], table.joined[0] = "Ana", True
        table.open, table.started = True, False
        table.clock = {"kind": "live", "minutes": 5, "increment": 0, "level": 1}
        return table

    async def scene():
        store = backend.make()
        await store.open()
        await store.create_table(waiting("A" * 12, ["h", "h", "h"]), {}, "addr")
        await store.claim_seat("A" * 12, 1, token_hash(new_token()), "Bob", 100.0)
        half = await store.load_table("A" * 12)
        await store.set_name("A" * 12, 2, "Eve", 200.0)
        full = await store.load_table("A" * 12)
        await store.create_table(waiting("B" * 12, ["h", "h", "bot0"]), {1: token_hash("I" * 22)}, "addr")
        started = await store.start_table("B" * 12, ["h", "bot3", "bot0"], 300.0)
        again = await store.start_table("B" * 12, ["h", "bot3", "bot0"], 400.0)
        begun = await store.load_table("B" * 12)
        invitation = await store.seat_of("B" * 12, token_hash("I" * 22))
        kept = await store.append_move("B" * 12, 1, 0, 0, "pass", False, 310.5)
        late = await store.take_over("B" * 12, 1, 0, 0, "bot2")
        taken = await store.take_over("B" * 12, 1, 1, 0, "bot2")
        twice = await store.take_over("B" * 12, 1, 1, 0, "bot2")
        over = await store.load_table("B" * 12)
        # A rematch gives the person their seat back.
        await store.append_move("B" * 12, 1, 1, 1, "pass", True, 320.0)
        rematch = await store.start_game("B" * 12, 2, 6, "salt", 400.0)
        second = await store.load_table("B" * 12)
        await store.close()
        return half, full, started, again, begun, invitation, kept, late, taken, twice, over, rematch, second

    half, full, started, again, begun, invitation, kept, late, taken, twice, over, rematch, second = run(scene())
    assert (half.info.started, half.info.began) == (False, 0.0)
    assert (full.info.started, full.info.began, full.info.joined) == (True, 200.0, [True, True, True])
    assert full.info.clock == {"kind": "live", "minutes": 5, "increment": 0, "level": 1}
    assert (started, again) == (True, False)
    assert (begun.info.started, begun.info.began, begun.info.seats, begun.info.joined) == (
        True, 300.0, ["h", "bot3", "bot0"], [True, True, True])
    assert invitation is None            # the bot's seat is no one's to take
    assert kept and (late, taken, twice) == (False, True, False)
    assert over.info.seats == ["bot2", "bot3", "bot0"] and over.info.taken == [0] and over.times == [310.5]
    assert rematch and second.info.seats == ["h", "bot3", "bot0"] and second.info.taken == []
    assert (second.info.number, second.info.began, second.times) == (2, 400.0, [])


def test_a_seat_out_of_time_is_kept_with_its_game_and_the_last_one_ends_it(backend):
    """A table whose clock takes a seat out of the game: the game's seats
    out, and its end once one seat is left in, kept by every store alike."""
    async def scene():
        store = backend.make()
        await store.open()
        table = info("C" * 12, ["h", "h", "bot0"])
        table.clock = {"kind": "live", "minutes": 5, "increment": 0, "level": 1, "timeout": "out"}
        await store.create_table(table, {}, "addr")
        first = await store.take_over("C" * 12, 1, 0, 1, "bot1", True, False)
        one_out = await store.load_table("C" * 12)
        playing = await store.tables_in_play()
        last = await store.take_over("C" * 12, 1, 0, 0, "bot1", True, True)
        ended = await store.load_table("C" * 12)
        still = await store.tables_in_play()
        rematch = await store.start_game("C" * 12, 2, 6, "salt", 400.0)
        second = await store.load_table("C" * 12)
        first_game = await store.load_table("C" * 12, 1)
        await store.close()
        return first, one_out, playing, last, ended, still, rematch, second, first_game

    first, one_out, playing, last, ended, still, rematch, second, first_game = run(scene())
    assert first and (one_out.out, one_out.over, one_out.info.taken) == ([1], False, [1])
    assert "C" * 12 in playing
    assert last and (ended.out, ended.over, ended.info.seats) == ([0, 1], True, ["bot1", "bot1", "bot0"])
    assert "C" * 12 not in still
    assert ended.record()["out"] == [0, 1]
    # The next game has nobody out; the first one keeps its seats out.
    assert rematch and (second.out, second.over, second.info.seats) == ([], False, ["h", "h", "bot0"])
    assert (first_game.out, first_game.over) == ([0, 1], True)
    assert "out" not in second.record()


def test_the_chat_keeps_the_last_messages_and_each_seat_its_mutes(backend):
    from archipel_server.store import CHAT_KEPT

    async def scene():
        store = backend.make()
        await store.open()
        await store.create_table(info(), {}, "addr")
        for n in range(CHAT_KEPT + 3):
            await store.add_chat("T" * 12, {"seat": n % 2, "name": "Ana", "at": float(n), "text": f"«{n}»"})
        chat = await store.load_chat("T" * 12)
        await store.set_mutes("T" * 12, 1, [0])
        muted = await store.load_table("T" * 12)
        await store.set_mutes("T" * 12, 1, [])
        heard = await store.load_table("T" * 12)
        await store.close()
        return chat, muted, heard

    chat, muted, heard = run(scene())
    assert [entry["text"] for entry in chat] == [f"«{n}»" for n in range(3, CHAT_KEPT + 3)]
    assert muted.info.mutes == [[], [0]] and heard.info.mutes == [[], []]
