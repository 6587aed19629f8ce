"""Three table servers over one Redis behind nginx (the configuration of
``deploy/nginx-archipel.conf``), and the faults they must survive, each with
a whole game still finishing and every acknowledged move kept: a server
killed mid-game (its players reconnect through the proxy to another), Redis
killed and restarted mid-game (its append-only file), a connection cut while
its move is on the way."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from websockets.exceptions import WebSocketException

from conftest import fresh_redis
from nginx_process import NginxProcess
from online import Client, ServerProcess, create, run, seated

# Errors that a page meets when its server or the store goes away: it
# reconnects and goes on.
GONE = (WebSocketException, OSError, asyncio.TimeoutError)
# The refusals a page meets when another seat or server moved first.
RACED = ("error.stale", "error.not_your_turn")


@pytest.fixture
def farm(tmp_path, redis_server):
    """Three servers on one fresh Redis database, behind nginx: each told
    the proxy's name (--host-name), as docs/deploy.md says."""
    url = fresh_redis(redis_server)
    servers = [ServerProcess(tmp_path, "--tables-per-address", "0", "--messages-per-second", "100000",
                             "--chosen-seeds", "--host-name", "127.0.0.1", store=url).start()
               for _ in range(3)]
    proxy = NginxProcess(tmp_path / "nginx", [server.port for server in servers]).start()
    yield proxy, servers
    proxy.stop()
    for server in servers:
        server.stop()


def holder(servers, table_id: str, seat: int):
    """The last of ``servers`` whose log says ``seat`` of ``table_id`` connected."""
    found = None
    for server in servers:
        if re.search(rf"table {re.escape(table_id)}: seat {seat} connected", server.log()):
            found = server
    return found


class Player:
    """A page at one seat, through the proxy: it plays random legal moves,
    reconnects whenever its connection drops, and keeps every move the
    server acknowledged."""

    def __init__(self, entry, table_id: str, token: str, seat: int, seed: int):
        self.entry, self.table_id, self.token, self.seat = entry, table_id, token, seat
        self.rng = random.Random(seed)
        self.acked: list = []          # (ply, move) acknowledged
        self.client: Client | None = None
        self.drops = 0                 # connections lost while playing
        self.reconnections = 0         # attempts that found no server

    async def connect(self) -> Client:
        while True:
            try:
                client = await Client(self.entry).open()
                welcome = await client.hello(self.table_id, self.token)
                if welcome["type"] == "welcome":
                    self.client = client
                    return client
                await client.close()
            except GONE:
                pass
            self.reconnections += 1
            await asyncio.sleep(0.3)

    async def play(self, until=None) -> dict:
        """Play to the end (or until ``until(state)``); the last state."""
        client = self.client or await self.connect()
        while True:
            try:
                while not client.snapshot["over"] and not (until and until(client.state)):
                    snapshot = client.snapshot
                    if self.seat in snapshot["to_move"] and snapshot["legal"]:
                        move, ply = self.rng.choice(snapshot["legal"])["text"], client.ply
                        answer = await client.call("move", ply=ply, move=move)
                        if answer["type"] == "ack":
                            self.acked.append((answer["ply"], answer["move"]))
                            await client.wait_for(lambda state: state["ply"] > answer["ply"]
                                                  or state["snapshot"]["over"])
                        elif answer.get("key") in RACED:
                            await client.settle(0.1)
                        else:
                            pytest.fail(f"seat {self.seat}: {answer}")
                    else:
                        await client.recv()
                return client.state
            except GONE:
                self.drops += 1
                try:
                    await client.close()
                except GONE:
                    pass
                self.client = None
                client = await self.connect()


def assert_every_acknowledged_move_kept(players, record: dict) -> None:
    moves = record["moves"]
    for player in players:
        for ply, move in player.acked:
            assert moves[ply] == [player.seat, move], (player.seat, ply, move)


async def the_record(player: Player) -> dict:
    client = player.client or await player.connect()
    await client.settle(0.1)
    answer = await client.call("record")
    assert answer["type"] == "record", answer
    return answer["record"]


def test_two_players_on_different_servers_through_the_proxy_and_one_server_killed_mid_game(farm):
    proxy, servers = farm
    table = create(proxy, game="kanaloa", players=2, seats=["h", "h"], seed=21, name="Ana")
    ana = Player(proxy, table["table"], table["token"], 0, 1)
    ben = Player(proxy, table["table"], table["invitations"][0]["token"], 1, 2)

    async def scene():
        await ana.connect()
        await ben.connect()
        assert (await ben.client.call("join", name="Ben"))["type"] == "ack"
        first = holder(servers, table["table"], 0)
        second = holder(servers, table["table"], 1)
        # nginx spreads them: each on a server of its own.
        assert first is not None and second is not None and first is not second
        await asyncio.gather(ana.play(until=lambda s: s["ply"] >= 40), ben.play(until=lambda s: s["ply"] >= 40))
        first.kill()                                  # Ana's server, mid-game
        ends = await asyncio.gather(ana.play(), ben.play())
        return first, ends, await the_record(ana)

    killed, ends, record = run(scene())
    assert ana.drops >= 1
    # Ana came back through the proxy to another server.
    assert any(holder([server], table["table"], 0) for server in servers if server is not killed)
    assert all(end["snapshot"]["over"] for end in ends)
    # Each seat's log (its own view of every entry) holds the whole game.
    assert len(ends[0]["snapshot"]["log"]) == len(ends[1]["snapshot"]["log"]) == len(record["moves"])
    assert_every_acknowledged_move_kept([ana, ben], record)
    assert len(record["moves"]) > 40


def test_redis_killed_and_restarted_mid_game(farm, redis_server):
    proxy, servers = farm
    table = create(proxy, game="kahuna", players=2, seats=["h", "h"], seed=9, name="Ana")
    ana = Player(proxy, table["table"], table["token"], 0, 3)
    ben = Player(proxy, table["table"], table["invitations"][0]["token"], 1, 4)

    async def scene():
        await ana.connect()
        await ben.connect()
        assert (await ben.client.call("join", name="Ben"))["type"] == "ack"
        await asyncio.gather(ana.play(until=lambda s: s["ply"] >= 20), ben.play(until=lambda s: s["ply"] >= 20))
        redis_server.kill()
        playing = asyncio.gather(ana.play(), ben.play())
        await asyncio.sleep(1.5)                      # moves meet a store that is gone
        await asyncio.get_running_loop().run_in_executor(None, redis_server.start)
        ends = await playing
        return ends, await the_record(ana)

    ends, record = run(scene())
    assert all(end["snapshot"]["over"] for end in ends)
    assert len(ends[0]["snapshot"]["log"]) == len(ends[1]["snapshot"]["log"]) == len(record["moves"])
    assert_every_acknowledged_move_kept([ana, ben], record)


def test_a_connection_cut_while_its_move_is_on_the_way(farm):
    """The move either arrived or not: the page reconnects, sends it again
    at the same ply, and it is played exactly once, at that ply."""
    proxy, servers = farm
    table = create(proxy, game="kahuna", players=2, seats=["h", "bot0"], seed=9, name="Ana")

    async def scene():
        sent = []
        for _ in range(4):
            ana = await seated(proxy, table["table"], table["token"])
            await ana.wait_for(lambda state: 0 in state["snapshot"]["to_move"])
            move, ply = ana.snapshot["legal"][-1]["text"], ana.ply
            await ana.send(type="move", ply=ply, move=move)
            ana.ws.transport.abort()                  # cut: no goodbye, the move in flight or not
            again = await seated(proxy, table["table"], table["token"])
            answer = await again.call("move", ply=ply, move=move)
            assert answer["type"] == "ack", answer
            sent.append((ply, move, answer["ply"], bool(answer.get("duplicate"))))
            await again.wait_for(lambda state: state["ply"] > ply)
            await again.close()
        return sent

    sent = run(scene())
    kept = servers[0].records(table["table"])
    for ply, move, acknowledged_at, _ in sent:
        assert acknowledged_at == ply
        assert kept[ply] == (0, move)
        assert ply + 1 >= len(kept) or kept[ply + 1] != (0, move), "played twice"
