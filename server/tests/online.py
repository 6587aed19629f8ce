"""What the table server's tests share: a real server in a process of its
own (a free port on 127.0.0.1, a temporary SQLite file), HTTP calls, and a
WebSocket client that keeps a table's state as a page would."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ServerProcess:
    """``python -m archipel_server`` on a free port, its output in a file;
    its tables in a SQLite file of ``directory`` (or ``database``), or in the
    Redis of ``store`` (a ``redis://`` URL)."""

    def __init__(self, directory: Path, *args: str, base: str = "/", database: Path | None = None,
                 store: str | None = None):
        self.directory = directory
        self.database = database or directory / "tables.sqlite3"
        self.store = store
        self.base = base
        self.args = args
        self.port = free_port()
        self.output = directory / f"server-{self.port}.log"
        self.process = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.base}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}{self.base}api/ws"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "ServerProcess":
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "server")])}
        where = ["--store", self.store] if self.store else ["--db", str(self.database)]
        command = [sys.executable, "-m", "archipel_server", "--port", str(self.port), *where,
                   "--base", self.base, "--bot-workers", "1", "--bot-pace", "0", *self.args]
        with open(self.output, "ab") as output:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start:\n{self.log()}")
            try:
                status, _ = get(self, "api/info")
                if status == 200:
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start:\n{self.log()}")

    def log(self) -> str:
        return self.output.read_text(errors="replace")

    def children(self) -> list[int]:
        """The server's own processes (its bots' workers), from /proc."""
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as stat:
                        fields = stat.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == self.process.pid:
                    found.append(int(entry))
        return found

    def kill(self) -> None:
        """SIGKILL: no shutdown, no last write."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def records(self, table_id: str) -> list:
        """The moves the store holds for a table's current game, read from
        the file or the Redis directly (a second reader, as after a crash)."""
        if self.store:
            import redis
            with redis.Redis.from_url(self.store, decode_responses=True) as client:
                number = client.hget(f"archipel:{{{table_id}}}:table", "number")
                return [tuple(json.loads(text))
                        for text in client.lrange(f"archipel:{{{table_id}}}:moves:{number}", 0, -1)]
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as db:
            (number,) = db.execute("SELECT number FROM tables WHERE id = ?", (table_id,)).fetchone()
            return [tuple(row) for row in db.execute(
                "SELECT player, move FROM moves WHERE table_id = ? AND number = ? ORDER BY ply",
                (table_id, number))]


# -- HTTP ---------------------------------------------------------------------------

def request(server: ServerProcess, method: str, path: str, body=None, origin: str | None = "own",
            headers: dict | None = None, data: bytes | None = None):
    """(status, decoded JSON or text) of one request to the server."""
    sent = {"Content-Type": "application/json"} if body is not None or data is not None else {}
    if origin == "own":
        origin = server.origin
    if origin is not None:
        sent["Origin"] = origin
    sent.update(headers or {})
    payload = data if data is not None else (json.dumps(body).encode() if body is not None else None)
    call = urllib.request.Request(server.url + path, data=payload, headers=sent, method=method)
    try:
        with urllib.request.urlopen(call, timeout=TIMEOUT) as answer:
            return answer.status, decode(answer.read(), answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, decode(error.read(), error.headers)


def decode(raw: bytes, headers):
    if headers.get("Content-Type", "").startswith("application/json"):
        return json.loads(raw)
    return raw.decode(errors="replace")


def get(server, path, **kw):
    return request(server, "GET", path, **kw)


def post(server, path, body, **kw):
    return request(server, "POST", path, body, **kw)


def create(server, **setup) -> dict:
    """Create a table; the answer (its id, the tokens)."""
    setup.setdefault("name", "Ana")
    status, answer = post(server, "api/tables", setup)
    assert status == 201, answer
    return answer


# -- WebSocket --------------------------------------------------------------------------

class Client:
    """One page at a table: it keeps the latest state (the log merged from
    the pieces the server sends) and every message it received."""

    def __init__(self, server: ServerProcess, origin: str | None = "own"):
        self.server = server
        self.origin = server.origin if origin == "own" else origin
        self.ws = None
        self.received: list = []      # every message, decoded
        self.texts: list = []         # every message, as sent
        self.state: dict | None = None
        self.refs = 0

    async def open(self) -> "Client":
        self.ws = await connect(self.server.ws_url, origin=self.origin, max_size=None, open_timeout=TIMEOUT)
        return self

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, **message) -> int:
        self.refs += 1
        message.setdefault("ref", self.refs)
        await self.ws.send(json.dumps(message))
        return message["ref"]

    async def send_raw(self, data) -> None:
        await self.ws.send(data)

    async def recv(self, timeout: float = TIMEOUT) -> dict:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        message = json.loads(text)
        self.texts.append(text)
        self.received.append(message)
        if message["type"] in ("welcome", "state"):
            self.absorb(message)
        elif message["type"] == "presence" and self.state is not None:
            self.state = {**self.state, "table": message["table"]}
        return message

    def absorb(self, message: dict) -> None:
        snapshot = dict(message["snapshot"])
        start = message["log_from"]
        earlier = self.state["snapshot"]["log"] if self.state is not None else []
        assert start <= len(earlier) or start == 0, "the server skipped part of the log"
        snapshot["log"] = earlier[:start] + snapshot["log"]
        self.state = {**message, "snapshot": snapshot}

    async def expect(self, *types: str, ref=None, timeout: float = TIMEOUT) -> dict:
        """The next message of one of ``types`` (and of ``ref``, if given);
        the others are kept in ``received`` and absorbed."""
        deadline = time.monotonic() + timeout
        while True:
            message = await self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] in types and (ref is None or message.get("ref") == ref):
                return message

    async def hello(self, table: str, token: str) -> dict:
        await self.send(type="hello", table=table, token=token)
        return await self.expect("welcome", "error")

    async def call(self, type: str, **fields) -> dict:
        """Send one request; its answer: ``ack`` or ``error`` (or, to a
        question, ``record``, ``token_offer`` or ``token``)."""
        ref = await self.send(type=type, **fields)
        return await self.expect("ack", "error", "record", "token", "token_offer", ref=ref)

    async def settle(self, quiet: float = 0.2) -> None:
        """Read until nothing arrives for ``quiet`` seconds."""
        try:
            while True:
                await self.recv(quiet)
        except asyncio.TimeoutError:
            pass

    async def wait_for(self, condition, timeout: float = TIMEOUT) -> dict:
        """Read until ``condition(state)`` holds; the state."""
        deadline = time.monotonic() + timeout
        while self.state is None or not condition(self.state):
            await self.recv(max(0.01, deadline - time.monotonic()))
        return self.state

    @property
    def snapshot(self) -> dict:
        return self.state["snapshot"]

    @property
    def ply(self) -> int:
        return self.state["ply"]


async def seated(server: ServerProcess, table: str, token: str, name: str | None = None) -> Client:
    """A client at ``table`` with its welcome read (and sat down as ``name``)."""
    client = await Client(server).open()
    welcome = await client.hello(table, token)
    assert welcome["type"] == "welcome", welcome
    if name is not None:
        answer = await client.call("join", name=name)
        assert answer["type"] == "ack", answer
    return client


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 240))


async def play_randomly(client: Client, seat: int, rng, until=None) -> int:
    """Play random legal moves for ``seat`` as a page would: one move at a
    time, the next only once the state that answers it has come. Returns
    when the game is over, or once ``until(state)`` holds; the moves played."""
    played = 0
    waiting = answered = False    # a move sent; its answer; the state after it
    while not client.snapshot["over"] and not (until is not None and not waiting and until(client.state)):
        snapshot = client.snapshot
        if not waiting and seat in snapshot["to_move"] and snapshot["legal"]:
            move = rng.choice(snapshot["legal"])["text"]
            await client.send(type="move", ply=client.ply, move=move)
            waiting, answered = True, False
            played += 1
        message = await client.recv()
        if message["type"] in ("ack", "error"):
            assert message["type"] == "ack", message
            answered = True
        elif message["type"] == "state" and waiting and answered:
            waiting = False
    return played


def at_ply(ply: int):
    """``until`` for ``play_randomly``: the table has reached ``ply`` moves."""
    return lambda state: state["ply"] >= ply


def keys_in(data) -> set:
    """Every key of every object in ``data``, however deep."""
    if isinstance(data, dict):
        return set(data).union(*(keys_in(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(keys_in(value) for value in data)) if data else set()
    return set()
