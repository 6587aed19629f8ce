"""``python -m archipel_server``: the table server on uvicorn.

    python -m archipel_server --port 8000 --db tables.sqlite3 --static dist
    python -m archipel_server --port 8001 --store redis://127.0.0.1:6379/0

``python3 build.py serve`` runs it with the built site; run it alone to host
tables for a site served elsewhere (``--origin https://you.github.io``).
"""

from __future__ import annotations

import argparse
import faulthandler
import logging
import signal
import sys
from pathlib import Path

from pygame_core.bots import LEVELS

from .config import Settings


def positive(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive number of seconds")
    return value


def parse(argv: list[str]) -> argparse.Namespace:
    defaults = Settings()
    parser = argparse.ArgumentParser(prog="archipel_server", description="Archipel's table server.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for the whole network)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free port)")
    parser.add_argument("--db", type=Path, default=defaults.database,
                        help=f"the SQLite file of the tables (default {defaults.database}); "
                             "short for --store sqlite:PATH")
    parser.add_argument("--store", default=None, metavar="SPEC",
                        help="where the tables are kept: sqlite:PATH (the default, with --db's path) or "
                             "redis://HOST:PORT/DB, a Redis that several servers share (docs/deploy.md)")
    parser.add_argument("--bus", default=None, metavar="SPEC",
                        help="how the servers sharing a store tell each other of changes: local (one server) "
                             "or redis://HOST:PORT/DB (default: the store's Redis, else local)")
    parser.add_argument("--static", type=Path, default=None, help="serve this built site too (dist/)")
    parser.add_argument("--base", default="/", help="URL prefix of the site and the API (default /)")
    parser.add_argument("--origin", action="append", default=[], metavar="URL",
                        help="an origin whose pages may use the tables, e.g. https://you.github.io "
                             "(repeatable; '*' for any; default: this server's own)")
    parser.add_argument("--host-name", action="append", default=[], metavar="NAME",
                        help="another name this server is reached by, e.g. a proxy's public name "
                             "(repeatable; requests naming any other host are refused)")
    parser.add_argument("--bot-workers", type=int, default=defaults.bot_workers,
                        help="processes for the bots (default: one less than the CPUs)")
    parser.add_argument("--bot-pace", type=float, default=defaults.bot_pace,
                        help=f"seconds at least between a move and a bot's next one (default {defaults.bot_pace})")
    parser.add_argument("--tables-per-address", type=int, default=defaults.tables_per_address,
                        help=f"tables an address may create a day, 0 for no limit "
                             f"(default {defaults.tables_per_address})")
    parser.add_argument("--messages-per-second", type=float, default=defaults.messages_per_second,
                        help=f"messages a connection may send a second (default {defaults.messages_per_second:g})")
    parser.add_argument("--connections-per-address", type=int, default=defaults.connections_per_address,
                        help=f"WebSocket connections an address may hold at once, 0 for no limit "
                             f"(default {defaults.connections_per_address})")
    parser.add_argument("--hello-within", type=float, default=defaults.hello_within,
                        help=f"seconds a new connection has to say hello (default {defaults.hello_within:g})")
    parser.add_argument("--open-for", type=float, default=defaults.open_for,
                        help=f"seconds an open table is listed for visitors while a seat is free "
                             f"(default {defaults.open_for:g})")
    parser.add_argument("--open-per-address", type=int, default=defaults.open_per_address,
                        help=f"open tables an address may have listed at once (default {defaults.open_per_address})")
    parser.add_argument("--seats-per-address", type=int, default=defaults.seats_per_address,
                        help="seats of open tables visitors from an address may take in a listing time "
                        f"(default {defaults.seats_per_address}; 0: no limit)")
    parser.add_argument("--account-attempts", type=int, default=defaults.account_attempts,
                        help="sign-ups, sign-ins and device codes an address may try in "
                        f"{defaults.account_window:g} s, each kind apart (default {defaults.account_attempts}; "
                        "0: no limit)")
    parser.add_argument("--clock-minute", type=float, default=defaults.clock_minute,
                        help="the seconds of a clock's minute (default 60; tests shorten clocks)")
    parser.add_argument("--day-length", type=positive, default=defaults.day_length,
                        help=f"the seconds of a day of the day's deal (default {defaults.day_length:g}; "
                             "tests shorten it)")
    parser.add_argument("--daily-level", type=int, choices=sorted(LEVELS), default=defaults.daily_level,
                        help=f"the level of the bots of the day's deal (default {defaults.daily_level})")
    parser.add_argument("--chosen-seeds", action="store_true",
                        help="let a table's creator choose its seed (tests and demonstrations: the "
                             "creator then knows every hidden card)")
    parser.add_argument("--synchronous", choices=("FULL", "NORMAL"), default="FULL",
                        help="SQLite's synchronous mode (default FULL: a move is on disk before it is "
                             "acknowledged)")
    parser.add_argument("--quiet", action="store_true", help="no line per HTTP request")
    return parser.parse_args(argv)


class OneLine(logging.Filter):
    """A text frame that is not UTF-8 is refused by uvicorn (the connection
    closed, 1007) with a whole traceback: one line is enough for a bad
    client."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith("Invalid UTF-8 sequence received"):
            record.msg, record.args = "a WebSocket text frame that is not UTF-8 was refused (1007)", ()
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.static is not None and not (args.static / "index.html").is_file():
        sys.exit(f"archipel_server: {args.static} holds no index.html (build the site first)")
    import uvicorn

    from .app import create_app
    from .stores import BadStore, describe, open_store

    from .bus import open_bus

    spec = args.store or f"sqlite:{args.db}"
    bus_spec = args.bus or (spec if spec.startswith(("redis://", "rediss://", "unix://")) else "local")
    try:
        store = open_store(spec, args.synchronous)
        bus = open_bus(bus_spec)
    except (BadStore, ValueError) as error:
        sys.exit(f"archipel_server: {error}")

    settings = Settings(
        database=args.db, static=args.static, base=args.base, origins=tuple(args.origin),
        host=args.host, host_names=tuple(args.host_name),
        bot_workers=args.bot_workers, bot_pace=args.bot_pace, tables_per_address=args.tables_per_address,
        messages_per_second=args.messages_per_second, connections_per_address=args.connections_per_address,
        hello_within=args.hello_within, chosen_seeds=args.chosen_seeds, access_log=not args.quiet,
        open_for=args.open_for, open_per_address=args.open_per_address,
        seats_per_address=args.seats_per_address, clock_minute=args.clock_minute,
        account_attempts=args.account_attempts, day_length=args.day_length, daily_level=args.daily_level)
    logging.basicConfig(level=logging.INFO, format="[server] %(message)s")
    logging.getLogger("uvicorn.error").addFilter(OneLine())
    # `kill -USR1 <pid>` writes every thread's stack to stderr: what a server
    # that stopped answering is waiting for, without stopping it.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    logging.getLogger("archipel").info("tables kept in %s; bus: %s", describe(spec), describe(bus_spec))
    app = create_app(settings, store, bus)
    config = uvicorn.Config(
        app, host=args.host, port=args.port, ws="websockets-sansio", ws_max_size=settings.max_frame,
        access_log=settings.access_log, log_level="info", lifespan="on", server_header=False)
    server = uvicorn.Server(config)
    server.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
