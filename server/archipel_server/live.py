"""One WebSocket connection: a page at a table, from hello to goodbye.

Messages are JSON objects with a ``type`` (``docs/online.md``). The first is
``hello`` with the table and the token of a seat (or of the spectators); the
server answers ``welcome`` with that seat's state. Every failure is an
``error`` to this connection alone, with a ``key`` the page translates; the
table is left as it was and the connection stays open.

Messages out go through a queue drained by a task of their own, so a slow
device never holds up a table; one that falls too far behind is closed, and
catches up with one whole state when it reconnects.

A connection that has not said ``hello`` within ``Settings.hello_within``
seconds is closed, and an address holds at most
``Settings.connections_per_address`` connections at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

from starlette.websockets import WebSocket, WebSocketDisconnect

from pygame_core.table import is_count

from .store import SPECTATOR
from .common import Refusal, encode
from .table import Table
from .tables import Tables
from .accounts import account_of
from .tokens import BadName, check_name, is_table_id, is_token, token_hash

log = logging.getLogger("archipel.live")

# Close codes (RFC 6455 and the registry): 1008 policy, 1013 try again later.
CLOSE_POLICY = 1008
CLOSE_TOO_SLOW = 1013


class RateLimit:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    def __init__(self, websocket: WebSocket, tables: Tables):
        self.websocket = websocket
        self.tables = tables
        self.settings = tables.settings
        self.limit = RateLimit(self.settings.messages_per_second, self.settings.message_burst)
        self.opened = time.monotonic()
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.table: Table | None = None
        self.seat: int | None = None
        self.token: str | None = None
        # The hash of ``token``: what the table knows its holders by.
        self.holder: str | None = None
        self.closing = False
        # While a request of this connection is handled, a let-go waits for
        # its answer (the refusal with its ref goes out first).
        self.handling = False
        self.leaving: tuple | None = None

    # -- out -------------------------------------------------------------------------
    def send(self, message: dict) -> None:
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        if self.closing:
            return
        if self.outbox.qsize() >= self.settings.max_outbox:
            self.closing = True
            self.outbox.put_nowait(CLOSE_TOO_SLOW)  # the writer closes the connection
            return
        self.outbox.put_nowait(text)

    def let_go(self, key: str, message: str) -> None:
        """Tell this device why, then close its connection (its seat's link
        was replaced, say): what was queued before goes out first."""
        if self.closing:
            return
        if self.handling:
            self.leaving = self.leaving or (key, message)
            return
        self.error(None, key, message)
        self.closing = True
        self.outbox.put_nowait(CLOSE_POLICY)

    async def _writer(self) -> None:
        while True:
            text = await self.outbox.get()
            if isinstance(text, int):
                await self.websocket.close(text)
                return
            await self.websocket.send_text(text)

    def error(self, ref, key: str, message: str, params=None) -> None:
        self.send({"type": "error", "ref": ref, "key": key, "message": message, "params": params or {}})

    # -- in ------------------------------------------------------------------------------
    async def run(self) -> None:
        await self.websocket.accept()
        writer = asyncio.create_task(self._writer())
        try:
            while not writer.done():
                if self.table is None:
                    # No hello yet: wait only so long for it.
                    try:
                        message = await asyncio.wait_for(self.websocket.receive(), self._hello_left())
                    except asyncio.TimeoutError:
                        self.let_go("error.no_hello", f"say hello within {self.settings.hello_within:g} "
                                    "seconds of connecting")
                        await writer
                        break
                else:
                    message = await self.websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await self.receive(message.get("text"), message.get("bytes"))
        except WebSocketDisconnect:
            pass
        finally:
            self.closing = True
            if self.table is not None:
                self.table.leave(self)
            writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)

    def _hello_left(self) -> float:
        return max(0.0, self.opened + self.settings.hello_within - time.monotonic())

    async def receive(self, text, data) -> None:
        size = len(data or b"") if text is None else len(text.encode("utf-8", "surrogatepass"))
        allowed = self.limit.allow()
        if text is None:
            self.error(None, "error.bad_request", "messages are JSON text, not binary")
            return
        try:
            # Read whole even when too large (the transport bounds it), so
            # that the refusal carries the request's ref.
            request = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: "[[[[..." nested too deep
            request = None
        ref = request.get("ref") if isinstance(request, dict) else None
        if not (ref is None or (isinstance(ref, (int, str)) and not isinstance(ref, bool)
                                and len(str(ref)) <= 64 and not unencodable(ref))):
            ref = None
        if size > self.settings.max_message:
            self.error(ref, "error.too_large", f"a message is at most {self.settings.max_message} bytes")
            return
        if request is None:
            self.error(None, "error.bad_request", "the message is not valid JSON")
            return
        if not isinstance(request, dict) or not isinstance(request.get("type"), str):
            self.error(ref, "error.bad_request", "a message is an object with a 'type'")
            return
        if unencodable(request):
            self.error(ref, "error.bad_text", "a text holds a lone surrogate (U+D800 to U+DFFF), "
                       "which is no character")
            return
        if not allowed:
            self.error(ref, "error.rate_limited", "too many messages: wait a moment",
                       {"per_second": self.settings.messages_per_second})
            return
        handler = HANDLERS.get(request["type"])
        if handler is None:
            self.error(ref, "error.bad_request", f"unknown message type {request['type'][:40]!r}")
            return
        self.handling = True
        try:
            await handler(self, request, ref)
        except Refusal as refusal:
            self.error(ref, refusal.key, refusal.message, refusal.params)
            if refusal.resync and self.table is not None and self.leaving is None:
                await self.table.resync(self)
        finally:
            self.handling = False
            if self.leaving is not None:
                self.let_go(*self.leaving)

    # -- the messages -----------------------------------------------------------------------
    async def on_hello(self, request: dict, ref) -> None:
        if self.table is not None:
            raise Refusal("error.bad_request", "this connection is already at a table")
        table_id, token = request.get("table"), request.get("token")
        if not is_table_id(table_id):
            raise Refusal("error.bad_request", "'table' must be a table id")
        seat = await self.tables.store.seat_of(table_id, token_hash(token)) if is_token(token) else None
        if seat is None:
            # Whether the table exists is told apart; nothing else is.
            if await self.tables.get(table_id) is None:
                raise Refusal("error.unknown_table", "there is no such table")
            raise Refusal("error.bad_token", "this link does not give a seat at this table")
        table = await self.tables.get(table_id)
        if table is None:
            raise Refusal("error.unknown_table", "there is no such table")
        if table.info.closed:
            raise Refusal("error.table_closed", "this table waited too long for its players: it has closed")
        assert is_token(token), "a seat was found for it"
        self.table, self.seat, self.token, self.holder = table, seat, token, token_hash(token)
        if not table.seats.holds(self):
            # Given a seat a moment ago: this server learns who holds it.
            await table.catch_up()
        await table.welcome(self)
        log.info("table %s: %s connected", table_id, "a spectator" if seat == SPECTATOR else f"seat {seat}")

    def _at_seat(self, request: dict) -> tuple[Table, int]:
        """The table and seat of a player (not a spectator)."""
        if self.table is None:
            raise Refusal("error.no_table", "say hello with a table and a token first")
        if self.seat == SPECTATOR:
            raise Refusal("error.spectator", "a spectator cannot play")
        seat = request.get("seat", self.seat)
        if seat != self.seat or self.seat is None:
            raise Refusal("error.not_your_seat", "this connection plays only its own seat")
        return self.table, self.seat

    async def _seated(self, request: dict) -> tuple[Table, int]:
        """The table and seat of a player who may act for the seat now: its
        token still holds the seat (checked at every act, not only at
        ``hello``: a visitor may have sat there, or the link changed)."""
        table, seat = self._at_seat(request)
        await table.seats.check_holder(self)
        return table, seat

    async def on_join(self, request: dict, ref) -> None:
        table, seat = self._at_seat(request)
        try:
            name = check_name(request.get("name"), self.settings.max_name)
        except BadName as exc:
            raise Refusal(exc.key, str(exc), longest=self.settings.max_name) from None
        # A signed-in player sits under their account (its cookie came with
        # the handshake, or the page's bearer token with the message).
        account = await account_of(self.tables.store, self.websocket, request.get("session"))
        await table.seats.sit(self, name, self._reply(ref), account)

    async def on_move(self, request: dict, ref) -> None:
        table, seat = self._at_seat(request)
        ply = plies(request)
        if not table.info.joined[seat]:
            raise Refusal("error.not_seated", "choose a name and sit down first")
        move = request.get("move")
        if not isinstance(move, str):
            raise Refusal("error.malformed", "'move' must be the text of a move")
        await table.play(seat, ply, move, self._reply(ref), holder=self.holder)

    async def on_undo(self, request: dict, ref) -> None:
        table, seat = self._at_seat(request)
        await table.undo(seat, plies(request), self._reply(ref), holder=self.holder)

    async def on_start(self, request: dict, ref) -> None:
        table, seat = await self._seated(request)
        await table.seats.start(seat, request.get("level"), self._reply(ref))

    async def on_chat(self, request: dict, ref) -> None:
        table, seat = await self._seated(request)
        if not table.info.joined[seat]:
            raise Refusal("error.not_seated", "choose a name and sit down first")
        await table.chat.say(seat, request, self._reply(ref))

    async def on_mute(self, request: dict, ref) -> None:
        table, seat = await self._seated({})
        await table.chat.mute(seat, request.get("seat"), request.get("muted"), self._reply(ref))

    async def on_rematch(self, request: dict, ref) -> None:
        table, seat = await self._seated(request)
        number = request.get("number")
        if not is_count(number):
            raise Refusal("error.bad_request", "'number' is the game the sender saw end")
        await table.rematch(seat, number, plies(request), self._reply(ref))

    async def on_sync(self, request: dict, ref) -> None:
        if self.table is None:
            raise Refusal("error.no_table", "say hello with a table and a token first")
        await self.table.resync(self)

    async def on_record(self, request: dict, ref) -> None:
        """The whole record of a finished game (``number``: this table's
        game, the current one by default), for a seat or a spectator."""
        if self.table is None:
            raise Refusal("error.no_table", "say hello with a table and a token first")
        await self.table.record(request.get("number"), self._answer(ref))

    async def on_new_token(self, request: dict, ref) -> None:
        """Without a token: the server offers a new one for the seat; with
        the token it offered: the seat is held by it from now on."""
        table, _ = await self._seated(request)
        token = request.get("token")
        if token is None:
            await table.seats.offer_token(self, self._answer(ref))
            return
        if not is_token(token):
            raise Refusal("error.bad_request", "'token' is the token the server offered: 22 characters "
                          "of URL-safe base64")
        await table.seats.new_token(self, token, self._answer(ref))

    def _reply(self, ref):
        """The sender's acknowledgement, with its ``ref``."""
        def reply(message: dict) -> None:
            if message.get("type") == "ack":
                message = {**message, "ref": ref}
            self.send(message)
        return reply

    def _answer(self, ref):
        """The answer to a question (a record, a new token), with its ``ref``."""
        return lambda message: self.send({**message, "ref": ref})


def plies(request: dict) -> int:
    """The ``ply`` a move, an undo or a rematch names: the moves its sender
    had seen. Required: it is what keeps a move from being played twice, or
    on a position its sender never saw."""
    ply = request.get("ply")
    if not is_count(ply):
        raise Refusal("error.bad_ply", "'ply' is the number of moves the sender had seen, a whole number")
    return ply


def unencodable(value, depth: int = 0) -> bool:
    """Whether ``value`` (JSON as read) holds a text no store can keep: a
    lone surrogate (U+D800 to U+DFFF, which JSON's escapes can spell)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if depth > 64:
        return False
    if isinstance(value, dict):
        return any(unencodable(key, depth + 1) or unencodable(item, depth + 1) for key, item in value.items())
    if isinstance(value, list):
        return any(unencodable(item, depth + 1) for item in value)
    return False


HANDLERS = {
    "hello": Connection.on_hello,
    "join": Connection.on_join,
    "move": Connection.on_move,
    "undo": Connection.on_undo,
    "rematch": Connection.on_rematch,
    "start": Connection.on_start,
    "chat": Connection.on_chat,
    "mute": Connection.on_mute,
    "sync": Connection.on_sync,
    "record": Connection.on_record,
    "new_token": Connection.on_new_token,
}
