"""Several table servers over one Redis, interchangeable: the players of one
table connected to different servers see every move at once, a move sent to
two servers at one ply is applied once, a bot's move is thought by one
server only, and no server tells a seat another's secrets."""

from __future__ import annotations

import asyncio
import random
import re
import time

import pytest

from conftest import fresh_redis
from online import Client, ServerProcess, create, play_randomly, run, seated
from test_secrets import check_secrets_kept


@pytest.fixture
def servers(tmp_path, redis_server):
    """``servers(n, *args)``: n servers sharing one fresh Redis database."""
    started = []

    def start(count, *args):
        url = fresh_redis(redis_server)
        for _ in range(count):
            process = ServerProcess(tmp_path, "--tables-per-address", "0", "--seats-per-address", "0",
                                    "--messages-per-second", "100000", "--chosen-seeds", *args, store=url).start()
            started.append(process)
        return started[-count:]

    yield start
    for process in started:
        process.stop()


def bot_moves(server: ServerProcess) -> list:
    """(table, seat, ply) of every bot move this server thought and played."""
    return [(table, int(seat), int(ply)) for table, seat, ply in
            re.findall(r"table ([\w-]+): the bot of seat (\d+) played at ply (\d+)", server.log())]


@pytest.mark.parametrize("game,players,options,seats", [
    pytest.param("kanaloa", 3, {}, ["h", "h", "bot1"], id="kanaloa-two-people-and-a-bot"),
    pytest.param("moai", 4, {}, ["h", "h", "h", "bot0"], id="moai-simultaneous-bids"),
])
def test_the_seats_of_one_table_on_three_servers_play_a_whole_game_and_keep_their_secrets(
        servers, game, players, options, seats):
    first, second, third = servers(3)
    table = create(first, game=game, players=players, options=options, seats=seats, name="Seat 0")
    tokens = {table["seat"]: table["token"], **{i["seat"]: i["token"] for i in table["invitations"]}}
    homes = [first, second, third]

    async def play():
        clients = {0: await seated(first, table["table"], tokens[0])}
        for seat in sorted(tokens)[1:]:
            clients[seat] = await seated(homes[seat % 3], table["table"], tokens[seat], f"Seat {seat}")
        spectator = await seated(third, table["table"], table["spectator"])
        watching = asyncio.create_task(spectator.wait_for(lambda state: state["snapshot"]["over"], 200))
        rng = random.Random(game)
        await asyncio.gather(*(play_randomly(client, seat, rng) for seat, client in clients.items()))
        await watching
        records = {}
        for seat, client in [*clients.items(), (None, spectator)]:
            await client.settle(0.1)
            answer = await client.call("record")
            assert answer["type"] == "record", answer
            records[seat] = answer["record"]
        return clients, spectator, records

    clients, spectator, records = run(play())
    final = [client.snapshot["log"] for client in [*clients.values(), spectator]]
    assert all(len(log) == len(final[0]) for log in final)
    check_secrets_kept(game, players, options, seats, clients, spectator, records, first.records(table["table"]))
    # Each bot move was thought by one server only, and every one was played.
    thought = [move for server in homes for move in bot_moves(server) if move[0] == table["table"]]
    bot_seats = [seat for seat, kind in enumerate(seats) if kind != "h"]
    played = [(table["table"], player, ply) for ply, (player, _) in enumerate(records[0]["moves"])
              if player in bot_seats]
    assert sorted(thought, key=lambda move: move[2]) == played


def test_every_move_shows_at_once_on_the_other_servers(servers):
    first, second = servers(2)
    table = create(first, game="kahuna", players=2, seats=["h", "h"], seed=12, name="Ana")

    async def play():
        ana = await seated(first, table["table"], table["token"])
        ben = await seated(second, table["table"], table["invitations"][0]["token"], "Ben")
        delays = []
        rng = random.Random(3)
        for _ in range(12):
            mover, other, seat = (ana, ben, 0) if 0 in ana.snapshot["to_move"] else (ben, ana, 1)
            if mover.snapshot["over"]:
                break
            move = rng.choice(mover.snapshot["legal"])["text"]
            ply = mover.ply
            sent = time.monotonic()
            answer = await mover.call("move", ply=ply, move=move)
            assert answer["type"] == "ack", answer
            await other.wait_for(lambda state: state["ply"] > ply, timeout=5)
            delays.append(time.monotonic() - sent)
            await mover.wait_for(lambda state: state["ply"] > ply, timeout=5)
        assert ana.snapshot["log"] == ben.snapshot["log"]
        assert ana.state["table"]["names"] == ["Ana", "Ben"] == ben.state["table"]["names"]
        return delays

    delays = run(play())
    assert len(delays) == 12
    # At once: well within a second each on this machine (the bus, not a poll).
    assert max(delays) < 2.0, delays


def test_a_move_sent_to_two_servers_at_one_ply_is_applied_once(servers):
    first, second = servers(2)
    table = create(first, game="kahuna", players=2, seats=["h", "h"], seed=9, name="Ana")

    async def race():
        here = await seated(first, table["table"], table["token"])
        there = await seated(second, table["table"], table["token"])   # Ana's other device
        legal = [move["text"] for move in here.snapshot["legal"]]
        answers = await asyncio.gather(here.call("move", ply=0, move=legal[0]),
                                       there.call("move", ply=0, move=legal[1]))
        await here.wait_for(lambda state: state["ply"] == 1)
        await there.wait_for(lambda state: state["ply"] == 1)
        return legal, answers, here.snapshot["log"], there.snapshot["log"]

    legal, answers, log_here, log_there = run(race())
    kinds = sorted(answer["type"] for answer in answers)
    assert kinds == ["ack", "error"], answers
    refused = next(answer for answer in answers if answer["type"] == "error")
    assert refused["key"] == "error.stale"
    kept = first.records(table["table"])
    assert len(kept) == 1 and kept[0][1] in legal[:2]
    assert log_here == log_there


def test_the_server_thinking_for_a_bot_is_killed_and_another_takes_over(servers):
    # The first server to think waits a long pace before it plays: it is
    # killed while it holds the bot's turn. The lease runs out; the other
    # server takes the turn over and the game goes on.
    slow, = servers(1, "--bot-pace", "60")
    table = create(slow, game="kahuna", players=2, seats=["h", "bot0"], seed=9, name="Ana")

    async def first_turn():
        ana = await seated(slow, table["table"], table["token"])
        assert ana.snapshot["to_move"] == [0]
        await play_randomly(ana, 0, random.Random(1), until=lambda state: state["snapshot"]["to_move"] == [1])
        return ana.ply

    ply = run(first_turn())
    time.sleep(1.0)                           # the slow server holds the bot's turn, and waits
    quick = ServerProcess(slow.directory, "--tables-per-address", "0", "--messages-per-second", "100000",
                          "--chosen-seeds", store=slow.store).start()
    try:
        slow.kill()
        started = time.monotonic()

        async def watch():
            ana = await seated(quick, table["table"], table["token"])
            return await ana.wait_for(lambda state: state["ply"] > ply, timeout=40)

        state = run(watch())
        waited = time.monotonic() - started
        assert state["ply"] == ply + 1
        assert bot_moves(quick) and bot_moves(quick)[0][2] == ply
        assert not bot_moves(slow)
        # Once the lease ran out: a few seconds, not the slow server's minute.
        assert waited < 30.0
    finally:
        quick.stop()


def test_who_is_connected_is_known_on_every_server(servers):
    first, second, third = servers(3)
    table = create(first, game="kahuna", players=2, seats=["h", "h"], seed=9, name="Ana")

    async def scene():
        ana = await seated(first, table["table"], table["token"])
        ben = await seated(second, table["table"], table["invitations"][0]["token"], "Ben")
        both = await ana.wait_for(lambda state: state["table"]["connected"] == [True, True], timeout=5)
        watcher = await seated(third, table["table"], table["spectator"])
        seen = await watcher.wait_for(lambda state: state["table"]["connected"] == [True, True], timeout=5)
        counted = await ana.wait_for(lambda state: state["table"]["spectators"] == 1, timeout=5)
        await ben.close()
        gone = await ana.wait_for(lambda state: state["table"]["connected"] == [True, False], timeout=5)
        return both, seen, counted, gone

    both, seen, counted, gone = run(scene())
    assert seen["table"]["spectators"] == 1 and counted["table"]["connected"] == [True, True]
    assert gone["table"]["spectators"] == 1


def test_a_crowd_arriving_at_once_waits_for_the_store_rather_than_being_dropped(servers):
    """Far more players at once than a server's connections to Redis: each
    call waits its turn for a connection, and every one is welcomed."""
    server, = servers(1, "--connections-per-address", "0")
    tables = [create(server, game="kahuna", players=2, seats=["h", "h"], seed=n, name="Ana") for n in range(40)]

    async def crowd():
        clients = [Client(server) for _ in tables for _ in range(3)]
        await asyncio.gather(*(client.open() for client in clients))
        tokens = [token for table in tables
                  for token in (table["token"], table["invitations"][0]["token"], table["spectator"])]
        answers = await asyncio.gather(*(client.hello(table["table"], token) for client, table, token in
                                         zip(clients, [t for t in tables for _ in range(3)], tokens)))
        for client in clients:
            await client.close()
        return answers

    answers = run(crowd())
    assert [answer["type"] for answer in answers] == ["welcome"] * 120
