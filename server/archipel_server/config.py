"""The server's settings: where it stores tables, what it serves, and its limits."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pygame_core.limits import MAX_NAME


@dataclass
class Settings:
    # -- storage and site ----------------------------------------------------
    database: Path = Path("tables.sqlite3")
    # The built site (dist/) to serve beside the tables; None: tables only
    # (the site lives elsewhere, on GitHub Pages for instance).
    static: Path | None = None
    # The URL prefix of everything served: the site and the API ("/archipel/").
    base: str = "/"
    # The origins (scheme://host[:port]) whose pages may use the tables. Empty:
    # the server's own origin only. "*": any page.
    origins: tuple = ()
    # The address the server listens on, and other names it is reached by
    # (a proxy's public name): a request whose Host is none of them, nor the
    # host of an origin above, is refused (hosts.py).
    host: str = "127.0.0.1"
    host_names: tuple = ()

    # -- limits ----------------------------------------------------------------
    # A client message larger than this is refused, the connection kept...
    max_message: int = 4096
    # ...and a WebSocket frame larger than this ends the connection (1009).
    max_frame: int = 64 * 1024
    # Messages a connection may send: a sustained rate and a burst.
    messages_per_second: float = 10.0
    message_burst: int = 20
    # Tables an address may create in a day (0: no limit).
    tables_per_address: int = 50
    max_name: int = MAX_NAME
    # An HTTP request body larger than this is refused.
    max_body: int = 16 * 1024
    # Tables at most in one status request (the menu's list of tables).
    max_status_tables: int = 100
    # Messages waiting to be sent to one connection before it is dropped as
    # too slow (it reconnects and catches up with one full state).
    max_outbox: int = 256
    # WebSocket connections one address may hold at once (0: no limit): a
    # family behind one router, each with a few tabs, stays well within it.
    connections_per_address: int = 32
    # A connection that has not said hello this many seconds after opening is closed.
    hello_within: float = 10.0
    # Open tables (any visitor may sit): listed this many seconds after their
    # creation while a person's seat is free, at most this many in the list;
    # an address keeps at most this many listed at once.
    open_for: float = 30 * 60.0
    open_listed: int = 50
    open_per_address: int = 3
    # Seats of open tables visitors from one address may have taken in the
    # last listing time (``open_for``), at tables whose game is not over
    # (0: no limit): nobody fills every open table with seats nobody plays.
    seats_per_address: int = 4
    # The seconds of a clock's minute: 60, but for tests, which shorten
    # clocks to see them run out.
    clock_minute: float = 60.0

    # -- secrets ---------------------------------------------------------------
    # Whether a table's creator may choose its seed. Off, the server deals
    # every game from a seed of its own that nobody sees before the end; on
    # (tests, demonstrations), the creator of a table with a chosen seed knows
    # every hidden card, and the end screen says so.
    chosen_seeds: bool = False

    # -- accounts --------------------------------------------------------------
    # Sign-ups, sign-ins and device codes an address may try within
    # ``account_window`` seconds, each kind counted apart (0: no limit).
    account_attempts: int = 20
    account_window: float = 600.0

    # -- the day's deal (daily.py) ------------------------------------------
    # The length of a day in seconds: a deal a game a day, revealed when the
    # next day begins (tests shorten it, to see a reveal).
    day_length: float = 24 * 3600.0
    # The level of the bots every player of the day's deal meets.
    daily_level: int = 2

    # -- bots ------------------------------------------------------------------
    # Processes in which bots think (0: one less than the CPUs, at least one).
    bot_workers: int = 0
    # A bot's move comes at least this long after the move before it, so that
    # every device can follow; its thinking counts towards it.
    bot_pace: float = 0.6

    # -- what the server says ------------------------------------------------
    access_log: bool = True

    def __post_init__(self):
        self.base = normalise_base(self.base)
        self.database = Path(self.database)
        if self.static is not None:
            self.static = Path(self.static)
        self.origins = tuple(origin.rstrip("/") for origin in self.origins)
        self.host_names = tuple(self.host_names)

        if not self.day_length > 0:
            raise ValueError("a day lasts some seconds: day_length > 0")

    def workers(self) -> int:
        if self.bot_workers > 0:
            return self.bot_workers
        return max(1, (os.cpu_count() or 2) - 1)


def normalise_base(base: str) -> str:
    """"archipel", "/archipel", "/archipel/" → "/archipel/"; "" or "/" → "/"."""
    stripped = base.strip("/")
    return f"/{stripped}/" if stripped else "/"
