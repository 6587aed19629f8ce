"""Who is at a table: a part of the table (``table.py``).

Which seats have a device connected, and how many spectators watch: those
connected to this server, and those another server sharing the table said
lately it holds. Servers say it over the bus at each change of it and every
PRESENCE_EVERY seconds; what one said is believed for PRESENCE_TTL seconds,
so a server that died is forgotten (its seats show as away).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from pygame_core.table import is_count

from .common import Part, encode
from .store import SPECTATOR

if TYPE_CHECKING:
    from .table import Table

# Said every PRESENCE_EVERY seconds, believed for PRESENCE_TTL seconds.
PRESENCE_EVERY = 20.0
PRESENCE_TTL = 60.0


class Presence(Part):
    def __init__(self, table: Table):
        super().__init__(table)
        # Who is connected to the other servers: origin -> (seats, spectators, when heard).
        self.remote: dict = {}

    def here(self) -> tuple[list, int]:
        """Which seats are connected to this server, and how many spectators."""
        connected = [False] * self.table.info.players
        spectators = 0
        for connection in self.table.connections:
            if connection.seat == SPECTATOR:
                spectators += 1
            else:
                connected[connection.seat] = True
        return connected, spectators

    def anywhere(self) -> tuple[list, int]:
        """Which seats are connected, here or to another server that said so
        lately, and how many spectators."""
        connected, spectators = self.here()
        fresh = time.monotonic() - PRESENCE_TTL
        for seats, watching, heard in self.remote.values():
            if heard >= fresh:
                connected = [here or there for here, there in zip(connected, seats)]
                spectators += watching
        return connected, spectators

    def broadcast(self, tell: bool = True) -> None:
        """Tell every connection here who is at the table (and, if ``tell``,
        the other servers who is connected here)."""
        message = encode({"type": "presence", "table": self.table.public()})
        for connection in list(self.table.connections):
            connection.send_text(message)
        if tell:
            self.tell()

    def tell(self) -> None:
        """Tell the other servers who is connected here."""
        connected, spectators = self.here()
        self.table.tables.publish({"table": self.table.id,
                                   "presence": {"connected": connected, "spectators": spectators}})

    def heard(self, origin: str, presence: dict) -> None:
        """Another server said who is connected to it."""
        table = self.table
        seats, watching = presence.get("connected"), presence.get("spectators")
        if (isinstance(seats, list) and len(seats) == table.info.players and is_count(watching)
                and all(isinstance(seat, bool) for seat in seats)):
            before = table.public()
            self.remote[origin] = (seats, watching, time.monotonic())
            # Said again every PRESENCE_EVERY seconds: the pages are told
            # only what changed.
            if table.public() != before:
                self.broadcast(tell=False)

    def refresh(self, stale: float) -> None:
        """Say again who is connected here, and forget what the servers
        silent since ``stale`` said (the seats they held show as away)."""
        if self.table.connections:
            self.tell()
        silent = [origin for origin, (_, _, heard) in self.remote.items() if heard < stale]
        for origin in silent:
            del self.remote[origin]
        if silent:
            self.broadcast(tell=False)
