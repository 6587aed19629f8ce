"""The bots' turns at a table: a part of the table (``table.py``).

The first bot to move thinks (in the pool of ``bots.py``, from the position
its seat sees and the seed the table core gives it), waits for the bots'
pace, and plays through the table like a player, at the ply it thought for.
Bots of a simultaneous step choose one after the other; after each change
the next one starts.

Several servers: a bot's move is thought by the one server that holds the
lease of that seat's turn on the bus, renewed while it thinks; the others
wait for the move to come over the bus, and read the store again only if
the lease ran out without it (the server that held it died).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from .common import Part, Refusal

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("archipel.tables")

# How long a server holds a bot's turn (ms) without renewing it, which it
# does every third of that while the bot thinks and waits: at most the time
# another server waits before taking over from one that died.
BOT_LEASE = 5_000


class BotTurns(Part):
    def __init__(self, table: Table):
        super().__init__(table)
        # The bot's turn under way (thinking, or waiting for another server's).
        self.task: asyncio.Task | None = None

    def schedule(self) -> None:
        """Start the first bot to move thinking, unless one already is. Bots
        of a simultaneous step choose one after the other; each sees only
        what its seat sees. Nothing moves at a table of the day's deal once
        its day is over."""
        if self.task is not None or not self.table.info.started or self.table.day_over:
            return
        bots = self.table.core.bots_to_move()
        if bots:
            self.task = asyncio.create_task(self._turn(bots[0]))

    async def _turn(self, seat: int) -> None:
        table = self.table
        try:
            bus = table.tables.bus
            # One server thinks for a bot's seat at a time (in a step of
            # simultaneous choices, other seats move meanwhile).
            lease = f"{table.id}:{table.info.number}:{seat}"
            table.moved.clear()
            if await bus.take_lease(lease, BOT_LEASE):
                renewing = asyncio.create_task(self._renew(lease))
                try:
                    await self._think_and_play(seat)
                finally:
                    renewing.cancel()
                    await asyncio.gather(renewing, return_exceptions=True)
                    await bus.release_lease(lease)
            else:
                # Another server thinks: its move comes over the bus. If it
                # dies, its lease runs out: then look at the store again.
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(table.moved.wait(), await bus.lease_left(lease) + 0.05)
                if not table.moved.is_set():
                    await table.catch_up()
        except Refusal:
            pass  # the table changed meanwhile: think again from where it is now
        except asyncio.CancelledError:
            self.task = None
            raise
        except Exception:
            log.exception("a bot of table %s could not play", table.id)
            await asyncio.sleep(1.0)
        # Changes made while this bot thought did not start another: look again.
        self.task = None
        table.last_used = time.monotonic()
        if not table.tables.closing:
            self.schedule()

    async def _renew(self, lease: str) -> None:
        """Keep the bot's turn while it thinks and waits."""
        while True:
            await asyncio.sleep(BOT_LEASE / 3000.0)
            if not await self.table.tables.bus.renew_lease(lease, BOT_LEASE):
                log.warning("table %s: the bot's turn was lost to another server", self.table.id)
                return

    async def _think_and_play(self, seat: int) -> None:
        table = self.table
        async with table.lock:
            if table.tables.bus.shared:
                await table.sync()          # the seat's move may have come from another server
            number, ply = table.info.number, table.ply
            match = table.match
            if seat not in match.to_move():
                return
            position = match.state.to_json()
            level = match.bot_level(seat)
            assert level is not None, "a bot seat has a level"
            seed = table.core.bot_seed(seat)
        move = await table.tables.bots.choose(table.info.game, position, seat, level, seed)
        wait = table.last_change + table.tables.settings.bot_pace - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        if table.info.number == number:
            played = await table.play(seat, ply, move)
            if played is not None:
                log.info("table %s: the bot of seat %d played at ply %d", table.id, seat, played)
