"""Many tables at once against one table server: moves a second and the
latency of a move as the number of tables grows.

    .venv/bin/python bench/online.py [--tables 50,100,200,500] [--seconds 20] [--think 2]

(`.venv` has the server's packages once `python3 build.py serve` or `test`
has run.) The benchmark starts its own server on a free port of 127.0.0.1
with a temporary SQLite file, and for each number of tables creates that
many two-player tables (Kahuna, Haleakala, Kanaloa and Moai in turn), seats
a WebSocket client at every seat, and lets random players play for a while:
each waits its thinking time (uniform, around ``--think`` seconds), then
sends a random legal move. A finished game starts a rematch. Nothing leaves
127.0.0.1, and every stage is bounded in time.

The latency of a move is measured by the player who makes it, from sending
the move to receiving the state that holds it: the server has checked it,
written it to disk, and sent every seat its own state. No bot plays: their
thinking would be measured, not the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
GAMES = [("kahuna", 2), ("haleakala", 2), ("kanaloa", 2), ("moai", 2)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, directory: Path, synchronous: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.origin = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "server")])}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "archipel_server", "--port", str(self.port), "--db", str(directory / "bench.sqlite3"),
             "--tables-per-address", "0", "--messages-per-second", "1000", "--quiet", "--bot-workers", "1",
             "--synchronous", synchronous],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "api/info", timeout=2).read()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        sys.exit("bench: the server did not start")

    def create(self, game: str, players: int, seed: int) -> dict:
        body = json.dumps({"game": game, "players": players, "seats": ["h"] * players, "seed": seed,
                           "name": "P0"}).encode()
        request = urllib.request.Request(self.url + "api/tables", data=body, method="POST",
                                         headers={"Content-Type": "application/json", "Origin": self.origin})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (user + system)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Player:
    """One seat: a WebSocket, the latest state, random moves."""

    def __init__(self, server: Server, table: str, token: str, seat: int, rng: random.Random, think: float,
                 stats: dict):
        self.server, self.table, self.token, self.seat = server, table, token, seat
        self.rng, self.think, self.stats = rng, think, stats
        self.state = None
        self.sent_at = None      # when the move in flight was sent
        self.acked = False

    async def run(self, stop_at: float, measure_from: float) -> None:
        async with connect(self.server.url.replace("http", "ws") + "api/ws", origin=self.server.origin,
                           max_size=None, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "table": self.table, "token": self.token}))
            if self.seat != 0:
                await ws.send(json.dumps({"type": "join", "name": f"P{self.seat}"}))
            mover = asyncio.create_task(self.moves(ws, stop_at))
            try:
                while time.monotonic() < stop_at:
                    try:
                        text = await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.monotonic()))
                    except asyncio.TimeoutError:
                        break
                    self.receive(json.loads(text), measure_from)
            finally:
                mover.cancel()

    def receive(self, message: dict, measure_from: float) -> None:
        kind = message["type"]
        if kind == "error":
            self.stats["errors"] += 1
            self.sent_at = None
        elif kind == "ack" and self.sent_at is not None and "move" in message:
            self.acked = True
        elif kind in ("welcome", "state"):
            self.state = message
            # The state that follows the acknowledgement holds the move.
            if self.sent_at is not None and self.acked:
                if self.sent_at >= measure_from:
                    self.stats["latencies"].append(time.monotonic() - self.sent_at)
                self.sent_at = None

    async def moves(self, ws, stop_at: float) -> None:
        while time.monotonic() < stop_at:
            await asyncio.sleep(self.think * (0.5 + self.rng.random()))
            state = self.state
            if state is None or self.sent_at is not None:
                continue
            snapshot = state["snapshot"]
            if snapshot["over"]:
                await ws.send(json.dumps({"type": "rematch", "number": state["table"]["number"]}))
                continue
            if self.seat in snapshot["to_move"] and snapshot["legal"]:
                move = self.rng.choice(snapshot["legal"])["text"]
                self.sent_at, self.acked = time.monotonic(), False
                await ws.send(json.dumps({"type": "move", "ply": state["ply"], "move": move}))


async def stage(server: Server, tables: int, seconds: float, think: float, warm_up: float,
                rng: random.Random) -> dict:
    stats = {"latencies": [], "errors": 0}
    players = []
    for number in range(tables):
        game, count = GAMES[number % len(GAMES)]
        table = await asyncio.to_thread(server.create, game, count, rng.randrange(2 ** 31))
        tokens = {table["seat"]: table["token"], **{i["seat"]: i["token"] for i in table["invitations"]}}
        for seat, token in tokens.items():
            players.append(Player(server, table["table"], token, seat, random.Random(rng.random()), think, stats))
    start = time.monotonic()
    measure_from = start + warm_up
    stop_at = measure_from + seconds
    cpu_before = clients_before = None

    async def measure_cpu():
        nonlocal cpu_before, clients_before
        await asyncio.sleep(max(0.0, measure_from - time.monotonic()))
        cpu_before, clients_before = server.cpu_seconds(), own_cpu_seconds()

    cpu_task = asyncio.create_task(measure_cpu())
    await asyncio.gather(*(player.run(stop_at, measure_from) for player in players))
    await cpu_task
    latencies = sorted(stats["latencies"])
    return {
        "tables": tables, "connections": len(players), "moves": len(latencies),
        "per_second": len(latencies) / seconds,
        "p50": percentile(latencies, 50), "p99": percentile(latencies, 99), "max": latencies[-1] if latencies else 0,
        "errors": stats["errors"], "cpu": (server.cpu_seconds() - cpu_before) / seconds,
        "clients_cpu": (own_cpu_seconds() - clients_before) / seconds,
    }


def own_cpu_seconds() -> float:
    """This process's CPU time (the simulated pages)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values: list, p: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1] if p < 100 else values[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="50,100,200,500", help="numbers of tables, one stage each")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per stage (default 20)")
    parser.add_argument("--think", type=float, default=2.0,
                        help="a player's mean thinking time before a move, seconds (default 2)")
    parser.add_argument("--warm-up", type=float, default=10.0,
                        help="seconds played before the measure, once every page is connected (default 10)")
    parser.add_argument("--synchronous", choices=("FULL", "NORMAL"), default="FULL",
                        help="the server's SQLite synchronous mode (default FULL, as it runs)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    rng = random.Random(args.seed)
    print(f"one server process, SQLite synchronous={args.synchronous}, random players thinking "
          f"{args.think:g} s on average, {args.seconds:g} s measured per stage", flush=True)
    print(f"{'tables':>6} {'sockets':>7} {'moves':>6} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'max ms':>7} {'server CPU':>10} {'pages CPU':>9} {'errors':>6}", flush=True)
    with tempfile.TemporaryDirectory(prefix="archipel-bench-") as directory:
        server = Server(Path(directory), args.synchronous)
        try:
            for count in counts:
                row = asyncio.run(stage(server, count, args.seconds, args.think, args.warm_up, rng))
                print(f"{row['tables']:>6} {row['connections']:>7} {row['moves']:>6} {row['per_second']:>8.1f} "
                      f"{row['p50'] * 1000:>7.1f} {row['p99'] * 1000:>7.1f} {row['max'] * 1000:>7.1f} "
                      f"{row['cpu'] * 100:>9.0f}% {row['clients_cpu'] * 100:>8.0f}% {row['errors']:>6}", flush=True)
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
