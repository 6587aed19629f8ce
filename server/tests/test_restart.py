"""A lost connection or a killed server loses nothing: every acknowledged
move is kept, the tables resume, the bots think again from where they were."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time

from pygame_core.match import Match
from pygame_core.table import Table

from archipel_server.bots import choose
from online import at_ply, create, get, play_randomly, run, seated


def zombie(pid: int) -> bool:
    """An ended process not yet reaped by its new parent."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_a_reconnected_page_gets_the_whole_table_back(server):
    table = create(server, game="haleakala", seats=["h", "h"], seed=8)

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        ben = await seated(server, table["table"], table["invitations"][0]["token"], "Ben")
        anas_turn = lambda state: state["ply"] >= 6 and state["snapshot"]["to_move"] == [0]  # noqa: E731
        await asyncio.gather(play_randomly(ana, 0, random.Random(1), until=anas_turn),
                             play_randomly(ben, 1, random.Random(2), until=anas_turn))
        await ben.close()  # Ben's connection drops...
        await play_randomly(ana, 0, random.Random(3), until=lambda state: 0 not in state["snapshot"]["to_move"])
        await ana.settle()  # ...while Ana finishes her turn
        back = await seated(server, table["table"], table["invitations"][0]["token"])
        return ana.state, back.state

    ana, back = run(scene())
    assert back["type"] == "welcome" and back["log_from"] == 0
    assert back["ply"] == ana["ply"] > 6 and back["ply"] == len(server.records(table["table"]))
    assert back["snapshot"]["log"] == ana["snapshot"]["log"]  # Haleakala hides nothing
    assert back["table"]["names"] == ["Ana", "Ben"]


def test_a_server_killed_mid_game_comes_back_with_every_acknowledged_move(start_server, tmp_path):
    server = start_server()
    table = create(server, game="kanaloa", players=3, seats=["h", "h", "bot0"], seed=5)
    tokens = [table["token"], table["invitations"][0]["token"]]

    async def until_killed():
        ana = await seated(server, table["table"], tokens[0])
        ben = await seated(server, table["table"], tokens[1], "Ben")
        await asyncio.gather(play_randomly(ana, 0, random.Random(1), until=at_ply(25)),
                             play_randomly(ben, 1, random.Random(2), until=at_ply(25)))
        # One more move in flight as the server dies.
        mover = ana if 0 in ana.snapshot["to_move"] else ben
        await mover.send(type="move", ply=mover.ply, move=mover.snapshot["legal"][0]["text"])
        workers.extend(server.children())
        server.kill()
        acks = [message for client in (ana, ben) for message in client.received
                if message["type"] == "ack" and "move" in message]
        return acks, max(ana.ply, ben.ply)

    workers = []
    acks, seen = run(until_killed())
    assert len(acks) >= 15  # (the bot's moves are not acknowledged to anyone)
    # The bot's worker does not outlive its server.
    assert workers
    deadline = time.monotonic() + 10
    while any(os.path.exists(f"/proc/{pid}") and not zombie(pid) for pid in workers):
        assert time.monotonic() < deadline, f"bot workers outlived the server: {workers}"
        time.sleep(0.2)
    server.start()
    kept = server.records(table["table"])
    assert len(kept) >= seen
    for ack in acks:
        assert kept[ack["ply"]][1] == ack["move"], "an acknowledged move was lost"

    async def after_restart():
        ana = await seated(server, table["table"], tokens[0])
        ben = await seated(server, table["table"], tokens[1])
        assert ana.state["ply"] >= len(kept)
        await asyncio.gather(play_randomly(ana, 0, random.Random(3)), play_randomly(ben, 1, random.Random(4)))
        return ana.state

    final = run(after_restart())
    assert final["snapshot"]["over"]
    moves = server.records(table["table"])
    assert moves[:len(kept)] == kept
    replayed = Match.from_record({"format": "archipel-record", "version": 1, "game": "kanaloa", "players": 3,
                                  "seed": 5, "options": {}, "seats": ["h", "h", "bot0"],
                                  "moves": [list(move) for move in moves]})
    assert replayed.state.result() == final["snapshot"]["result"]


def test_a_bot_interrupted_by_a_kill_plays_the_same_move_after_the_restart(start_server):
    # The bot waits a minute before it moves: the server dies meanwhile.
    server = start_server("--bot-pace", "60")
    seed = next(seed for seed in range(100) if Match("kahuna", 2, seed).state.to_move() == [0])
    table = create(server, game="kahuna", seats=["h", "bot1"], seed=seed)

    async def to_the_bot():
        ana = await seated(server, table["table"], table["token"])
        answer = await ana.call("move", ply=0, move="draw")
        assert answer["type"] == "ack"
        await ana.wait_for(lambda state: state["snapshot"]["to_move"] == [1])

    run(to_the_bot())
    server.kill()
    assert len(server.records(table["table"])) == 1
    server.args = ("--messages-per-second", "100000", "--bot-pace", "0")
    server.start()

    async def watch():
        ana = await seated(server, table["table"], table["token"])
        return await ana.wait_for(lambda state: state["ply"] >= 2)

    run(watch())
    bot_move = server.records(table["table"])[1]
    match = Match("kahuna", 2, seed, {}, ["h", "bot1"])
    match.play(0, "draw")
    again = choose("kahuna", match.state.to_json(), 1, 1, Table(match).bot_seed(1))
    assert bot_move == (1, again)


def test_undos_and_rematches_outlive_a_restart(start_server):
    server = start_server()
    table = create(server, game="kahuna", seats=["h", "bot0"], seed=30)

    async def first_game():
        ana = await seated(server, table["table"], table["token"])
        await play_randomly(ana, 0, random.Random(5))
        assert (await ana.call("rematch", number=1, ply=ana.ply))["type"] == "ack"
        state = await ana.wait_for(lambda state: state["table"]["number"] == 2 and 0 in state["snapshot"]["to_move"])
        place = next(m["text"] for m in state["snapshot"]["legal"] if m["kind"] == "place")
        assert (await ana.call("move", ply=state["ply"], move=place))["type"] == "ack"
        await ana.wait_for(lambda s: s["ply"] == state["ply"] + 1)
        assert (await ana.call("undo", ply=state["ply"] + 1))["type"] == "ack"
        return await ana.wait_for(lambda s: s["undos"])

    before = run(first_game())
    server.kill()
    server.start()

    async def look():
        return (await seated(server, table["table"], table["token"])).state

    after = run(look())
    assert after["table"]["number"] == 2
    assert after["fairness"] == before["fairness"] and after["fairness"]["number"] == 2
    assert after["undos"] == before["undos"]
    assert after["snapshot"]["log"] == before["snapshot"]["log"]


def test_a_server_asked_with_sigusr1_tells_what_each_thread_does_and_goes_on(server):
    server.process.send_signal(signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while "most recent call first" not in server.log():
        assert time.monotonic() < deadline, server.log()[-2000:]
        time.sleep(0.1)
    # "Current thread 0x…" and, beside it, "Thread 0x…" for each other one
    # (the SQLite store's own thread, for one).
    assert "thread 0x" in server.log().lower()
    assert get(server, "api/info")[0] == 200
