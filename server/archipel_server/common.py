"""What a table and its parts share: what a part is, the refusal of a
request, why a connection is let go, the text of a message, the table
core of a stored game, and the days of the day's deal."""

from __future__ import annotations

import datetime
import hashlib
import json
from typing import TYPE_CHECKING

from pygame_core.match import Match
from pygame_core.table import Table as TableCore
from pygame_core.table import TableError

from .store import StoredTable

if TYPE_CHECKING:
    from .table import Table

# A request that changes nothing: a key for the page's sentence, an English
# message, and whether the sender gets the current state with it. The
# table core's refusals are of the same kind.
Refusal = TableError

# Why a connection is let go once its token no longer holds its seat: the
# key of the page's sentence and an English message, by the change that
# took the seat.
LET_GO = {
    "visitor": ("error.seat_taken", "a visitor sat at this seat: this link no longer holds it"),
    "token": ("error.bad_token", "this seat's link was replaced by a new one"),
    "start": ("error.bad_token", "a bot took this seat: the game began without it"),
    "closed": ("error.table_closed", "this table waited too long for its players: it has closed"),
    "gone": ("error.bad_token", "this link no longer gives a seat at this table"),
}


class ApiError(Exception):
    """The refusal of an HTTP request: its status, the key of the page's
    sentence, an English message and the sentence's parameters."""

    def __init__(self, status: int, key: str, message: str, **params):
        super().__init__(message)
        self.status, self.key, self.message, self.params = status, key, message, params


def address_of(connection) -> str:
    """Who a request comes from, as the limits count it: a hash of its
    address (the proxy's forwarded one, once uvicorn has read it)."""
    host = connection.client.host if connection.client else ""
    return hashlib.sha256(f"archipel/{host}".encode()).hexdigest()


def web_scheme(connection) -> str:
    """The scheme of the page's own kind: http or https (ws and wss as well)."""
    return "https" if connection.url.scheme in ("https", "wss") else "http"


def core_of(stored: StoredTable) -> TableCore:
    """The table core of a stored game, its moves replayed; its seed stays
    secret until the end."""
    info = stored.info
    match = Match(info.game, info.players, info.seed, info.options, info.seats, info.names)
    for player, move in stored.moves:
        match.play(player, move)
    match.set_out(list(stored.out))
    return TableCore(match, secret_seed=True)


def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"))


class Part:
    """A part of a table (its seats, clock, chat, presence, bots' turns): a
    class of its own module, holding its table, which composes it."""

    def __init__(self, table: Table):
        self.table = table


def day_of(now: float, length: float) -> int:
    """The day (of the day's deal, ``daily.py``) that ``now`` falls in:
    day N runs from N * length to (N + 1) * length, in the server's time."""
    return int(now // length)


def reveal_time(day: int, length: float) -> float:
    """When day ``day``'s deals are revealed: the start of the next day."""
    return (day + 1) * length


def date_of(day: int, length: float) -> str:
    """The date (UTC, ISO) on which day ``day`` begins."""
    return datetime.datetime.fromtimestamp(day * length, datetime.timezone.utc).date().isoformat()
