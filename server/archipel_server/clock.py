"""A table's clock at work: a part of the table (``table.py``).

``clocks.py`` says what a clock is and works out each seat's time left from
when the game began and each move was kept; this part asks it about its
table, tells every seat, and wakes when the first running clock runs out:
a bot plays on for that seat, or the seat is out of the game, as the
table's clock chose. The store settles which server applies a time-out
(``take_over``: only at the ply the server saw, the seat still a person's).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from pygame_core.match import ends_on_time

from .clocks import Times, takes_out, times
from .common import Part, core_of
from .ratings import standings
from .store import StoredTable

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("archipel.tables")

# A clock's time-out is looked at this long after the time runs out (a
# move that arrives first is refused all the same: the server's time rules).
CLOCK_GRACE = 0.05


class Clock(Part):
    def __init__(self, table: Table):
        super().__init__(table)
        # Wakes when the first running clock runs out (``schedule``).
        self.task: asyncio.Task | None = None

    def now(self) -> Times | None:
        """Each seat's time left now (None without a clock)."""
        table = self.table
        clock, info, match = table.info.clock, table.info, table.match
        if clock is None:
            return None
        turns = [(entry.to_move, entry.player, at) for entry, at in zip(match.entries, table.times)]
        timed = [kind == "h" for kind in info.seats]
        to_move = match.to_move()
        return times(clock, timed, info.began if info.started else 0.0, turns, to_move,
                     table.tables.now(), table.tables.settings.clock_minute)

    def public(self) -> dict | None:
        """The clock as every seat sees it: what was chosen, the milliseconds
        each seat has left at the moment of the message (None: a bot's seat),
        and whose clocks run."""
        clocked, clock = self.now(), self.table.info.clock
        if clocked is None or clock is None:
            return None
        return {**clock, "minute": self.table.tables.settings.clock_minute,
                "left": [None if left is None else max(0, round(left * 1000)) for left in clocked.left],
                "running": clocked.running}

    def schedule(self) -> None:
        """Wake when the first running clock runs out (again after every change)."""
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.task = None
        clocked = self.now()
        first = None if clocked is None else clocked.first_out()
        if first is None or self.table.tables.closing:
            return
        self.task = asyncio.create_task(self._wake(max(0.0, first) + CLOCK_GRACE))

    async def _wake(self, wait: float) -> None:
        await asyncio.sleep(wait)
        try:
            await self.time_out()
        except Exception:
            log.exception("the clock of table %s could not be applied", self.table.id)
            await asyncio.sleep(1.0)
            if not self.table.tables.closing:
                self.schedule()

    async def time_out(self) -> None:
        """A seat whose time ran out: a bot of the table's level plays on for
        it, or the game ends for it (``clocks``: the table's ``timeout``), and
        every seat is told (the store settles which server does it)."""
        table = self.table
        async with table.lock:
            info, match = table.info, table.match
            clocked, clock = self.now(), info.clock
            late = [] if clocked is None or clock is None else clocked.out_of_time()
            if not late or clock is None:
                return
            seat, level = late[0], clock["level"]
            kind = f"bot{level}"
            out = takes_out(clock)
            seats_out = sorted(match.out + [seat]) if out else match.out
            over = ends_on_time(info.players, seats_out)
            timeouts = info.timeouts + [{"seat": seat, "ply": table.ply, "kind": kind, "out": out}]
            inside = [other for other in range(info.players) if other not in seats_out]
            ranks = standings({"winners": inside, "out": seats_out}, info.players, timeouts) if over else None
            if await table.tables.store.take_over(table.id, info.number, table.ply, seat, kind, out, over, ranks):
                info.seats[seat] = kind
                info.taken = sorted(info.taken + [seat])
                info.timeouts = timeouts
                table.core = core_of(StoredTable(info, [(entry.player, entry.move) for entry in match.entries],
                                                 out=seats_out))
                log.info("table %s: seat %d ran out of time; %s", table.id, seat,
                         "the game is over" if over else "it is out of the game" if out else "a bot plays on")
                table.changed(table.ply, {"kind": "timeout", "seat": seat, "level": level, "out": out})
            else:
                await table.sync()
