"""The tables in use (``Table``, ``table.py``), held in memory: loaded from
the store on first use, forgotten once left alone, their bots and clocks
set going at a start.

What another server sharing the store says of a table held here (``bus.py``)
goes to the part it is about: who is connected (``presence``), a chat
message or mutes (``chat``), a seat's new link (``seats``); any other
change, the table catches up with (``Table.catch_up``) and tells its own
connections.
"""

from __future__ import annotations

import asyncio
import logging
import time

from pygame_core.table import is_count

from .bots import BotPool
from .bus import Bus, LocalBus
from .presence import PRESENCE_TTL
from .store import Store
from .table import Table

log = logging.getLogger("archipel.tables")

# A table nobody uses stays in memory this long (seconds) before it is forgotten.
IDLE = 120.0


class Tables:
    """The tables in memory, loaded from the store on first use."""

    def __init__(self, store: Store, bots: BotPool, settings, bus: Bus | None = None):
        self.store = store
        self.bots = bots
        self.settings = settings
        self.bus: Bus = bus or LocalBus()
        self._publishing: set = set()
        self.live: dict = {}
        self._loading: dict = {}
        self.closing = False

    @staticmethod
    def now() -> float:
        """The server's time, that every clock is kept in."""
        return time.time()

    async def get(self, table_id: str) -> Table | None:
        table = self.live.get(table_id)
        if table is None:
            loading = self._loading.get(table_id)
            if loading is None:
                loading = asyncio.ensure_future(self._load(table_id))
                self._loading[table_id] = loading
            table = await asyncio.shield(loading)
        if table is not None:
            table.last_used = time.monotonic()
        return table

    async def _load(self, table_id: str) -> Table | None:
        try:
            stored = await self.store.load_table(table_id)
            if stored is None:
                return None
            table = Table(stored, self)
            self.live[table_id] = table
            # Who is connected to the other servers holding it?
            self.publish({"table": table_id, "ask": "presence"})
            table.bot_turns.schedule()
            table.clock.schedule()
            return table
        finally:
            self._loading.pop(table_id, None)

    # -- the other servers --------------------------------------------------------
    def publish(self, change: dict) -> None:
        """Tell the other servers (in the background: the store has the change)."""
        if not self.bus.shared:
            return
        task = asyncio.ensure_future(self._publish(change))
        self._publishing.add(task)
        task.add_done_callback(self._publishing.discard)

    async def _publish(self, change: dict) -> None:
        try:
            await self.bus.publish(change)
        except Exception as error:
            # The others catch up when their clients come back or their own
            # writes are refused; nothing is lost, the store has the change.
            log.warning("a change of table %s was not published: %s", change.get("table"), error)

    async def heard(self, change: dict) -> None:
        """Another server changed a table: catch up if it is held here."""
        table = self.live.get(change.get("table"))
        if table is None:
            return
        if isinstance(change.get("presence"), dict):
            table.presence.heard(str(change.get("origin")), change["presence"])
            return
        if change.get("ask") == "presence":
            if table.connections:
                table.presence.tell()
            return
        if isinstance(change.get("chat"), dict):
            table.chat.show(change["chat"])
            return
        if "mutes" in change:
            table.chat.heard_mutes(change["mutes"])
            return
        cause = change.get("cause") if isinstance(change.get("cause"), dict) else None
        if cause is not None and cause.get("kind") == "token" and is_count(cause.get("seat")):
            await table.seats.check_tokens(cause["seat"])
        else:
            await table.catch_up(cause, change)

    async def gap(self) -> None:
        """Changes may have been missed: read every table held here again."""
        for table in list(self.live.values()):
            await table.catch_up()

    async def resume(self) -> int:
        """After a start: set the bots thinking at every table where one is to move."""
        resumed = 0
        for table_id in await self.store.tables_in_play():
            table = await self.get(table_id)  # sets its bot thinking, if one is to move
            if table is not None and table.bot_turns.task is not None:
                resumed += 1
        return resumed

    def sweep(self) -> None:
        """Forget the tables nobody has used for a while (no connection, no
        bot thinking); the store keeps them."""
        limit = time.monotonic() - IDLE
        for table_id, table in list(self.live.items()):
            if (not table.connections and table.bot_turns.task is None and table.clock.task is None
                    and table.last_used < limit):
                del self.live[table_id]

    def refresh_presence(self) -> None:
        """Say again who is connected here, and forget what servers that have
        fallen silent said (the seats they held show as away)."""
        if not self.bus.shared:
            return
        stale = time.monotonic() - PRESENCE_TTL
        for table in self.live.values():
            table.presence.refresh(stale)

    async def close(self) -> None:
        self.closing = True
        tasks = [task for table in self.live.values() for task in (table.bot_turns.task, table.clock.task)
                 if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

