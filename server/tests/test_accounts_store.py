"""Accounts in the stores, SQLite and Redis under one contract: one name a
key, secrets taken once, ratings moved in the transaction that ends a game
(two games ending at once lose no update), a deleted account's seats left
to "a former player", and a file of the schema before accounts migrated."""

from __future__ import annotations

import asyncio
import sqlite3
import time

from openskill.models import PlackettLuce

from archipel_server.ratings import MU, SIGMA, Rating, bot_rating
from archipel_server.sqlite_store import MIGRATIONS, SCHEMA, SQLiteStore
from archipel_server.store import FORMER_PLAYER, Account, Credential, TableInfo
from test_store import backend, run  # noqa: F401  (the fixture)


def account(name: str) -> Account:
    return Account(id=f"id-{name}", name=name, key=name.lower(), created=time.time())


def credential(name: str, number: int = 0) -> Credential:
    return Credential(id=f"cred-{name}-{number}", account=f"id-{name}", public_key="pk", sign_count=0,
                      created=time.time())


def rated_table(table_id: str, seats, accounts, names, rated=True, game="kahuna") -> TableInfo:
    return TableInfo(id=table_id, game=game, players=len(seats), options={}, seats=list(seats), names=list(names),
                     joined=[True] * len(seats), number=1, seed=5, created=time.time(), accounts=list(accounts),
                     rated=rated, open=False)


def test_a_name_s_key_is_held_once_and_a_passkey_by_one_account(backend):
    async def scene():
        store = backend.make()
        await store.open()
        try:
            first = await store.create_account(account("Ana"), credential("Ana"))
            again = await store.create_account(Account("id-other", "ANA", "ana", 0.0), credential("other"))
            stolen = await store.create_account(account("Bob"), credential("Ana"))    # Ana's passkey
            bob = await store.create_account(account("Bob"), credential("Bob"))
            second = await store.add_credential(credential("Ana", 1))
            twice = await store.add_credential(credential("Ana", 1))
            orphan = await store.add_credential(Credential("cred-x", "id-nobody", "pk", 0, 0.0))
            await store.set_sign_count("cred-Ana-1", 7)
            return (first, again, stolen, bob, second, twice, orphan, await store.account_named("ana"),
                    [c.id for c in await store.credentials_of("id-Ana")], await store.load_credential("cred-Ana-1"))
        finally:
            await store.close()

    first, again, stolen, bob, second, twice, orphan, found, held, counted = run(scene())
    assert (first, again, stolen, bob, second, twice, orphan) == (True, False, False, True, True, False, False)
    assert found.id == "id-Ana" and found.name == "Ana"
    assert held == ["cred-Ana-0", "cred-Ana-1"] and counted.sign_count == 7


def test_a_secret_is_taken_once_and_not_after_it_expired_and_sessions_end(backend):
    async def scene():
        store = backend.make()
        await store.open()
        try:
            now = time.time()
            await store.put_secret("ceremony", "k1", {"challenge": "c"}, now + 60)
            await store.put_secret("ceremony", "k2", {"challenge": "d"}, now - 1)
            taken = [await store.take_secret("ceremony", "k1", now), await store.take_secret("ceremony", "k1", now),
                     await store.take_secret("ceremony", "k2", now), await store.take_secret("code", "k1", now)]
            await store.create_account(account("Ana"), credential("Ana"))
            await store.create_session("s1", "id-Ana", now + 60)
            await store.create_session("s2", "id-Ana", now - 1)
            sessions = [await store.session_account("s1", now), await store.session_account("s2", now),
                        await store.session_account("nope", now)]
            await store.end_session("s1")
            sessions.append(await store.session_account("s1", now))
            return taken, sessions
        finally:
            await store.close()

    taken, sessions = run(scene())
    assert taken == [{"challenge": "c"}, None, None, None]
    assert sessions == ["id-Ana", None, None, None]


def expected_after_bot_game(ranks, level):
    model = PlackettLuce()
    bot = bot_rating("kahuna", level)
    teams = model.rate([[model.rating(mu=MU, sigma=SIGMA)], [model.rating(mu=bot.mu, sigma=bot.sigma)]], ranks=ranks)
    return teams[0][0]


def test_two_rated_games_ending_at_once_both_move_the_rating(backend):
    """Ana plays two rated tables against the skilled bot and wins both at
    the same moment: each end reads and writes her rating in its own
    transaction, so the second sees the first."""
    async def scene():
        store = backend.make()
        other = backend.make()        # another server sharing the store
        await store.open()
        await other.open()
        try:
            await store.create_account(account("Ana"), credential("Ana"))
            for table_id in ("A" * 12, "B" * 12):
                await store.create_table(rated_table(table_id, ["h", "bot2"], ["id-Ana", None], ["Ana", ""]), {}, "x")
            kept = await asyncio.gather(
                store.append_move("A" * 12, 1, 0, 0, "end", True, 10.0, ranks=[0, 1]),
                other.append_move("B" * 12, 1, 0, 0, "end", True, 11.0, ranks=[0, 1]))
            return kept, await store.ratings_of("id-Ana"), await store.history_of("id-Ana", 10)
        finally:
            await store.close()
            await other.close()

    kept, ratings, history = run(scene())
    assert kept == [True, True]
    once = expected_after_bot_game([0, 1], 2)
    model = PlackettLuce()
    bot = bot_rating("kahuna", 2)
    twice = model.rate([[model.rating(mu=once.mu, sigma=once.sigma)], [model.rating(mu=bot.mu, sigma=bot.sigma)]],
                       ranks=[0, 1])[0][0]
    assert ratings["kahuna"].games == 2
    assert abs(ratings["kahuna"].mu - twice.mu) < 1e-9 and abs(ratings["kahuna"].sigma - twice.sigma) < 1e-9
    assert [entry.table for entry in history] == ["B" * 12, "A" * 12]
    # Whichever end was kept first moved the rating from the start, the other from there.
    first, second = sorted(history, key=lambda entry: entry.before["mu"] != round(MU, 4))
    assert first.before["mu"] == round(MU, 4) and first.after["mu"] == round(once.mu, 4)
    assert second.before["mu"] == round(once.mu, 4) and second.after["mu"] == round(twice.mu, 4)
    assert all(entry.rated and entry.ranks == [0, 1] for entry in history)


def test_an_unrated_table_keeps_the_game_in_history_and_moves_no_rating(backend):
    async def scene():
        store = backend.make()
        await store.open()
        try:
            await store.create_account(account("Ana"), credential("Ana"))
            await store.create_table(rated_table("C" * 12, ["h", "h"], ["id-Ana", None], ["Ana", "Guest"],
                                                 rated=False), {}, "x")
            await store.append_move("C" * 12, 1, 0, 1, "end", True, 5.0, ranks=[1, 0])
            return await store.ratings_of("id-Ana"), await store.history_of("id-Ana", 10)
        finally:
            await store.close()

    ratings, history = run(scene())
    assert ratings == {}
    assert len(history) == 1 and not history[0].rated and history[0].names == ["Ana", "Guest"]
    assert history[0].ranks == [1, 0] and history[0].seat == 0


def test_a_rated_table_seats_accounts_only_each_once(backend):
    async def scene():
        store = backend.make()
        await store.open()
        try:
            await store.create_account(account("Ana"), credential("Ana"))
            await store.create_account(account("Bob"), credential("Bob"))
            table = rated_table("D" * 12, ["h", "h", "h"], ["id-Ana", None, None], ["Ana", "", ""])
            table.joined = [True, False, False]
            await store.create_table(table, {}, "x")
            results = [await store.set_name("D" * 12, 1, "Guest", 1.0),                    # a guest
                       await store.set_name("D" * 12, 1, "Ana", 1.0, account="id-Ana"),    # twice
                       await store.set_name("D" * 12, 1, "Bob", 1.0, account="id-Bob")]
            stored = await store.load_table("D" * 12)
            return results, stored.info.accounts, stored.info.rated, await store.tables_of("id-Bob")
        finally:
            await store.close()

    results, accounts, rated, tables = run(scene())
    assert results == [False, False, True]
    assert accounts == ["id-Ana", "id-Bob", None] and rated and tables == ["D" * 12]


def test_a_deleted_account_leaves_its_games_to_a_former_player(backend):
    async def scene():
        store = backend.make()
        await store.open()
        try:
            for name in ("Ana", "Bob"):
                await store.create_account(account(name), credential(name))
            await store.create_table(rated_table("E" * 12, ["h", "h"], ["id-Ana", "id-Bob"], ["Ana", "Bob"]), {}, "x")
            await store.append_move("E" * 12, 1, 0, 0, "end", True, 5.0, ranks=[0, 1])
            await store.create_session("s-ana", "id-Ana", time.time() + 60)
            deleted = [await store.delete_account("id-Ana"), await store.delete_account("id-Ana")]
            stored = await store.load_table("E" * 12)
            return (deleted, stored, await store.history_of("id-Bob", 10), await store.account_named("ana"),
                    await store.load_credential("cred-Ana-0"), await store.session_account("s-ana", time.time()),
                    await store.ratings_of("id-Ana"), await store.leaderboard("kahuna", 10))
        finally:
            await store.close()

    deleted, stored, bob_history, named, passkey, session, ratings, (top, _) = run(scene())
    assert deleted == [True, False]
    assert stored.info.names == [FORMER_PLAYER, "Bob"] and stored.info.accounts == [None, "id-Bob"]
    assert stored.moves == [(0, "end")]
    assert bob_history[0].names == [FORMER_PLAYER, "Bob"]
    assert named is None and passkey is None and session is None and ratings == {}
    assert [row[1].name for row in top] == ["Bob"]


def test_the_leaderboard_ranks_by_ordinal_and_shows_the_rows_around_mine(backend):
    async def scene():
        store = backend.make()
        await store.open()
        try:
            names = [f"P{n:02d}" for n in range(8)]
            for name in names:
                await store.create_account(account(name), credential(name))
            # One game of eight: P00 first, ... P07 last.
            await store.create_table(rated_table("F" * 12, ["h"] * 8, [f"id-{n}" for n in names], names,
                                                 game="moai"), {}, "x")
            await store.append_move("F" * 12, 1, 0, 0, "end", True, 5.0, ranks=list(range(8)))
            return await store.leaderboard("moai", 3, "id-P06", around=1), await store.leaderboard("kahuna", 3)
        finally:
            await store.close()

    (top, mine), (empty, none) = run(scene())
    assert [(rank, acc.name) for rank, acc, _ in top] == [(1, "P00"), (2, "P01"), (3, "P02")]
    assert [(rank, acc.name) for rank, acc, _ in mine] == [(6, "P05"), (7, "P06"), (8, "P07")]
    assert top[0][2].ordinal > top[1][2].ordinal > top[2][2].ordinal
    assert empty == [] and none == []


def test_a_file_of_the_schema_before_accounts_is_migrated_and_keeps_its_tables(tmp_path):
    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(SCHEMA)
    db.execute("INSERT INTO tables (id, game, players, options, seats, names, joined, number, created, address)"
               " VALUES ('OLDTABLE0000', 'kahuna', 2, '{}', '[\"h\",\"h\"]', '[\"Ana\",\"Bob\"]', '[true,true]', 1, 0,"
               " 'a')")
    db.execute("INSERT INTO games (table_id, number, seed) VALUES ('OLDTABLE0000', 1, 5)")
    db.close()

    async def scene():
        store = SQLiteStore(path)
        await store.open()
        try:
            stored = await store.load_table("OLDTABLE0000")
            made = await store.create_account(account("Ana"), credential("Ana"))
            return stored, made
        finally:
            await store.close()

    stored, made = run(scene())
    assert stored.info.names == ["Ana", "Bob"] and stored.info.accounts == [None, None] and not stored.info.rated
    assert made
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (max(MIGRATIONS),)

    async def again():
        store = SQLiteStore(path)
        await store.open()
        try:
            return await store.load_table("OLDTABLE0000"), await store.account_named("ana")
        finally:
            await store.close()

    # Opened again: nothing to do, nothing lost.
    stored, found = run(again())
    assert stored.info.names == ["Ana", "Bob"] and found.name == "Ana"


def test_ratings_shown_and_provisional():
    fresh = Rating()
    assert fresh.public()["rating"] == 1500 and fresh.public()["provisional"]
    assert not Rating(games=10).provisional
