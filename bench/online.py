"""Many tables at once against table servers: moves a second and the
latency of a move as the number of tables grows, on one server with SQLite
and on one to three servers sharing a Redis, with or without nginx in front.

    .venv/bin/python bench/online.py [--tables 50,100,200,500] [--seconds 20] [--think 2]
                                     [--servers 1,2,3] [--store sqlite,redis] [--proxy] [--accounts]

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
written it to disk, and sent every seat its own state. "Others" is the same
for the other seats of the table, from the move sent to their state holding
it: with several servers, the seats of a table are on different servers
(without the proxy, seat s of table t on server (t + s) mod N; with it,
wherever nginx sends them), so that every move crosses the bus. No bot
plays: their thinking would be measured, not the server.

With ``--accounts`` every seat is a signed-in account (signed up with a
passkey made in software, server/tests/passkeys.py) and every table is rated,
its seed the server's: the move path is the same, and a game's end moves
its players' ratings in its transaction (``--accounts off,on`` measures
both in one run).

Each configuration (``--store`` x ``--servers``; SQLite with one server
only, as several servers need Redis's bus) starts its own servers, Redis
(Debian's redis-server, append-only file flushed before every answer) and
nginx (``deploy/nginx-archipel.conf``) on free ports of 127.0.0.1, and
stops them. CPU is each process's own, from /proc: the servers together,
Redis, nginx, and this process (the simulated pages).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
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
from websockets.exceptions import WebSocketException

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server" / "tests"))
GAMES = [("kahuna", 2), ("haleakala", 2), ("kanaloa", 2), ("moai", 2)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_of(pid: int, children: bool = False) -> float:
    """A process's CPU time so far (user + system), from /proc; with
    ``children``, its live children's too (nginx's workers)."""
    def one(number) -> tuple[int, float]:
        fields = Path(f"/proc/{number}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    total = one(pid)[1]
    if children:
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    parent, seconds = one(entry)
                except (OSError, IndexError):
                    continue
                if parent == pid:
                    total += seconds
    return total


class Server:
    def __init__(self, directory: Path, synchronous: str, store: str | None = None, accounts: bool = False):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.origin = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "server")])}
        where = ["--store", store] if store else ["--db", str(directory / "bench.sqlite3")]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "archipel_server", "--port", str(self.port), *where,
             "--tables-per-address", "0", "--connections-per-address", "0", "--messages-per-second", "1000",
             "--quiet", "--bot-workers", "1",
             "--synchronous", synchronous, "--chosen-seeds", "--host-name", "127.0.0.1",
             *(["--account-attempts", "0"] if accounts else [])],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(directory / f"server-{self.port}.log", "ab"))
        self.log = directory / f"server-{self.port}.log"
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
        return cpu_of(self.process.pid)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Entry:
    """Where pages connect when nginx is in front: the proxy's address."""

    def __init__(self, proxy):
        self.proxy = proxy
        self.url = proxy.url
        self.origin = proxy.origin


class Player:
    """One seat: a WebSocket, the latest state, random moves."""

    def __init__(self, server, table: str, token: str, seat: int, rng: random.Random, think: float,
                 stats: dict, cookie: str | None = None):
        self.server, self.table, self.token, self.seat = server, table, token, seat
        self.cookie = cookie      # a signed-in account's session (--accounts)
        self.rng, self.think, self.stats = rng, think, stats
        self.state = None
        self.sent_at = None      # when the move in flight was sent
        self.acked = False

    async def run(self, stop_at: float, measure_from: float) -> None:
        try:
            await self.play(stop_at, measure_from)
        except (OSError, WebSocketException):
            # A page whose connection the server dropped: counted, not retried.
            self.stats["dropped"] += 1

    async def play(self, stop_at: float, measure_from: float) -> None:
        headers = {"Cookie": self.cookie} if self.cookie else None
        async with connect(self.server.url.replace("http", "ws") + "api/ws", origin=self.server.origin,
                           max_size=None, open_timeout=60, additional_headers=headers) as ws:
            await ws.send(json.dumps({"type": "hello", "table": self.table, "token": self.token}))
            if self.seat != 0:
                await ws.send(json.dumps({"type": "join", "name": f"P{self.seat}"}))
            mover = asyncio.create_task(self.moves(ws, stop_at))
            try:
                # One deadline for the whole stage (the event loop's clock
                # is time.monotonic), not a timer a message: the pages'
                # CPU is the servers' loss on a machine they share.
                async with asyncio.timeout_at(stop_at):
                    async for text in ws:
                        self.receive(json.loads(text), measure_from)
            except TimeoutError:
                pass
            finally:
                mover.cancel()

    def receive(self, message: dict, measure_from: float) -> None:
        kind = message["type"]
        if kind == "error":
            self.stats["errors"] += 1
            self.sent_at = None
        elif kind == "ack" and self.sent_at is not None and "move" in message:
            self.acked = True
            self.stats["sent"][(self.table, message["ply"])] = self.sent_at
        elif kind in ("welcome", "state"):
            self.state = message
            # The state that follows the acknowledgement holds the move.
            if self.sent_at is not None and self.acked:
                if self.sent_at >= measure_from:
                    self.stats["latencies"].append(time.monotonic() - self.sent_at)
                self.sent_at = None
            elif kind == "state":
                # Another seat's move: from when it was sent to now.
                cause = message.get("cause") or {}
                sent = self.stats["sent"].get((self.table, cause.get("ply")))
                if cause.get("kind") == "move" and sent is not None and sent >= measure_from:
                    self.stats["others"].append(time.monotonic() - sent)

    async def moves(self, ws, stop_at: float) -> None:
        while time.monotonic() < stop_at:
            await asyncio.sleep(self.think * (0.5 + self.rng.random()))
            state = self.state
            if state is None or self.sent_at is not None:
                continue
            snapshot = state["snapshot"]
            if snapshot["over"]:
                await ws.send(json.dumps({"type": "rematch", "number": state["table"]["number"], "ply": state["ply"]}))
                continue
            if self.seat in snapshot["to_move"] and snapshot["legal"]:
                move = self.rng.choice(snapshot["legal"])["text"]
                self.sent_at, self.acked = time.monotonic(), False
                await ws.send(json.dumps({"type": "move", "ply": state["ply"], "move": move}))


def rated_table(server, game: str, players: int, name: str) -> tuple:
    """A rated table of signed-in accounts (signed up with a software
    passkey): the table as created, and each seat's session cookie."""
    from passkeys import Player as Account
    people = [Account(server) for _ in range(players)]
    for seat, person in enumerate(people):
        status, answer = person.sign_up(f"B{name}-{seat}")
        if status != 201:
            sys.exit(f"bench: a sign-up was refused: {answer}")
    status, table = people[0].call("tables", {"game": game, "players": players, "seats": ["h"] * players,
                                              "rated": True})
    if status != 201:
        sys.exit(f"bench: a rated table was refused: {table}")
    return table, [person.cookie for person in people]


async def stage(servers: list, entry, tables: int, seconds: float, think: float, warm_up: float,
                rng: random.Random, helpers: dict, accounts: bool = False) -> dict:
    """One number of tables: every seat a page, on the servers in turn (or
    through ``entry``, the proxy); ``helpers``: the other processes whose
    CPU counts (Redis, nginx)."""
    stats = {"latencies": [], "others": [], "errors": 0, "dropped": 0, "sent": {}}
    players = []
    for number in range(tables):
        game, count = GAMES[number % len(GAMES)]
        creator = servers[number % len(servers)]
        if accounts:
            table, cookies = await asyncio.to_thread(rated_table, creator, game, count, f"{tables}-{number}")
        else:
            table = await asyncio.to_thread(creator.create, game, count, rng.randrange(2 ** 31))
            cookies = [None] * count
        tokens = {table["seat"]: table["token"], **{i["seat"]: i["token"] for i in table["invitations"]}}
        for seat, token in tokens.items():
            where = entry or servers[(number + seat) % len(servers)]
            players.append(Player(where, table["table"], token, seat, random.Random(rng.random()), think, stats,
                                  cookies[seat]))
    start = time.monotonic()
    measure_from = start + warm_up
    stop_at = measure_from + seconds
    before: dict = {}

    def cpu_now() -> dict:
        return {"servers": sum(server.cpu_seconds() for server in servers),
                "helpers": {name: cpu_of(pid, children=True) for name, pid in helpers.items()},
                "pages": own_cpu_seconds()}

    async def measure_cpu():
        await asyncio.sleep(max(0.0, measure_from - time.monotonic()))
        before.update(cpu_now())

    cpu_task = asyncio.create_task(measure_cpu())
    await asyncio.gather(*(player.run(stop_at, measure_from) for player in players))
    await cpu_task
    after = cpu_now()
    latencies, others = sorted(stats["latencies"]), sorted(stats["others"])
    moves = len(latencies)
    return {
        "tables": tables, "connections": len(players), "moves": moves,
        "per_second": moves / seconds,
        "p50": percentile(latencies, 50), "p99": percentile(latencies, 99), "max": latencies[-1] if latencies else 0,
        "others_p99": percentile(others, 99),
        "errors": stats["errors"], "dropped": stats["dropped"], "cpu": (after["servers"] - before["servers"]) / seconds,
        "helpers_cpu": {name: (after["helpers"][name] - before["helpers"][name]) / seconds for name in helpers},
        "cpu_move": ((after["servers"] - before["servers"])
                     + sum(after["helpers"].values()) - sum(before["helpers"].values())) / max(1, moves),
        "clients_cpu": (after["pages"] - before["pages"]) / seconds,
    }


def measured(coroutine):
    """Run one stage with this process's cyclic garbage collector off: its
    thousand pages hold many objects, and a full collection stopped them all
    for 200 ms, a delay the latencies counted against the servers."""
    gc.collect()
    gc.disable()
    try:
        return asyncio.run(coroutine)
    finally:
        gc.enable()
        gc.collect()


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
    parser.add_argument("--servers", default="1", help="numbers of servers, e.g. 1,2,3 (default 1)")
    parser.add_argument("--store", default="sqlite", help="stores, e.g. sqlite,redis (default sqlite)")
    parser.add_argument("--proxy", action="store_true", help="the pages connect through nginx")
    parser.add_argument("--accounts", default="off",
                        help="off, on, or off,on: every seat a signed-in account, every table rated (default off)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    configs = [(store, int(n), accounts == "on") for accounts in args.accounts.split(",")
               for store in args.store.split(",") for n in args.servers.split(",")
               if store == "redis" or int(n) == 1]
    print(f"random players thinking {args.think:g} s on average, {args.seconds:g} s measured per stage; "
          f"SQLite synchronous={args.synchronous}; Redis appendfsync always"
          f"{'; pages through nginx' if args.proxy else ''}; {os.cpu_count()} CPUs", flush=True)
    print(f"{'acc':>3} {'store':>6} {'srv':>3} {'tables':>6} {'sockets':>7} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'max ms':>7} {'others p99':>10} {'servers CPU':>11} {'redis CPU':>9} {'nginx CPU':>9} "
          f"{'CPU ms/move':>11} {'pages CPU':>9} {'errors':>6} {'dropped':>7}", flush=True)
    for store, count_servers, accounts in configs:
        rng = random.Random(args.seed)
        with tempfile.TemporaryDirectory(prefix="archipel-bench-") as directory:
            rows = run_config(Path(directory), store, count_servers, args, counts, rng, accounts)
            for row in rows:
                shares = row["helpers_cpu"]
                redis_cpu = f"{shares['redis'] * 100:.0f}%" if "redis" in shares else "-"
                nginx_cpu = f"{shares['nginx'] * 100:.0f}%" if "nginx" in shares else "-"
                print(f"{'on' if accounts else 'off':>3} {store:>6} {count_servers:>3} {row['tables']:>6} {row['connections']:>7} "
                      f"{row['per_second']:>8.1f} {row['p50'] * 1000:>7.1f} {row['p99'] * 1000:>7.1f} "
                      f"{row['max'] * 1000:>7.1f} {row['others_p99'] * 1000:>10.1f} {row['cpu'] * 100:>10.0f}% "
                      f"{redis_cpu:>9} {nginx_cpu:>9} {row['cpu_move'] * 1000:>11.2f} "
                      f"{row['clients_cpu'] * 100:>8.0f}% {row['errors']:>6} {row['dropped']:>7}", flush=True)
    return 0


def run_config(directory: Path, store: str, count_servers: int, args, counts: list, rng,
               accounts: bool = False) -> list:
    helpers: dict = {}
    redis = proxy = None
    servers: list = []
    try:
        url = None
        if store == "redis":
            from redis_process import RedisProcess
            redis = RedisProcess(directory / "redis").start()
            helpers["redis"] = redis.process.pid
            url = redis.url
        servers = [Server(directory, args.synchronous, url, accounts) for _ in range(count_servers)]
        entry = None
        if args.proxy:
            from nginx_process import NginxProcess
            proxy = NginxProcess(directory / "nginx", [server.port for server in servers]).start()
            helpers["nginx"] = proxy.process.pid
            entry = Entry(proxy)
        return [measured(stage(servers, entry, count, args.seconds, args.think, args.warm_up, rng, helpers, accounts))
                for count in counts]
    finally:
        for server in servers:
            server.stop()
            trouble = [line for line in server.log.read_text(errors="replace").splitlines()
                       if re.match(r"^[\w.]+(Error|Exception)\b", line) and "CancelledError" not in line]
            if trouble:
                print(f"  server {server.port}: {len(trouble)} lines of errors, the first: {trouble[0][:300]}",
                      flush=True)
        if proxy is not None:
            proxy.stop()
        if redis is not None:
            redis.stop()


if __name__ == "__main__":
    sys.exit(main())
