#!/usr/bin/env python3
"""Build, serve and test Archipel with nothing but Python 3.11+ and Node 20.

    python3 build.py                 build dist/ (web + Pyodide runtime + wheel)
    python3 build.py serve           build, then serve dist/ and the tables on port 8000, to the network
    python3 build.py test            run every test (unit, Node smoke, browser)

Run ``python3 build.py COMMAND --help`` for the options of each command. The
work itself is done by the package ``archipel_site`` (``site`` builds dist/,
``devserver`` serves it, ``testing`` runs the suites); this file reads the
command line.

Only the standard library is imported here, so that a fresh checkout builds
without a virtual environment; ``serve`` and ``test`` create ``.venv`` for the
table server, pytest and Playwright themselves.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from archipel_site.devserver import SERVE_HOST, serve
from archipel_site.paths import TABLES_DB
from archipel_site.site import build, server_address
from archipel_site.testing import test


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------

def parse(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(
        prog="build.py",
        description="Build, serve and test Archipel. With no command: build dist/.",
    )
    commands = parser.add_subparsers(dest="command")
    parser.add_argument("--server", dest="server_url", metavar="URL",
                        help="the table server the built site plays online with, e.g. "
                             "https://tables.example.org/ (written into build.json)")
    commands.add_parser("build", help="build dist/ (the default)")

    serve_parser = commands.add_parser("serve", help="build, then serve dist/ locally")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve_parser.add_argument("--base", default="/",
                              help="URL prefix, e.g. /archipel/ to mimic GitHub Pages (default /)")
    serve_parser.add_argument("--host", default=SERVE_HOST,
                              help="address to listen on (default 0.0.0.0: the devices of your network "
                                   "can play too; 127.0.0.1: this computer only)")
    serve_parser.add_argument("--db", type=Path, default=TABLES_DB,
                              help=f"the SQLite file of the tables (default {TABLES_DB.name})")
    serve_parser.add_argument("--origin", action="append", default=[], metavar="URL",
                              help="another site whose pages may play at these tables, e.g. "
                                   "https://you.github.io (repeatable)")
    serve_parser.add_argument("--host-name", action="append", default=[], metavar="NAME",
                              help="another name the devices reach this computer by, e.g. mypc.lan "
                                   "(its addresses, localhost and its own name need none; repeatable)")

    test_parser = commands.add_parser(
        "test",
        help="run every test suite",
        description=(
            "Create/refresh .venv, install Chromium if missing (as root), build dist/, then run "
            "the suites: types (mypy over pygame_core and the table server, configured in pyproject.toml), "
            "jstypes (the TypeScript compiler over web/js, from its JSDoc: tsconfig.json), unit "
            "(pytest tests/), server (pytest server/tests/, the table server over real sockets), "
            "node (node --test tests/node/) and e2e (pytest e2e/, Playwright in headless "
            "Chromium). Select suites with --types/--unit/--server/--node/--e2e "
            "(default: all). Every other argument goes to every pytest run, e.g. "
            "`python3 build.py test -k kahuna` or `python3 build.py test --e2e -x -v`."
        ),
    )
    test_parser.add_argument("--types", action="store_true",
                             help="check the types: pygame_core and the table server (mypy), the page's "
                                  "JavaScript (tsc); their files counted")
    test_parser.add_argument("--unit", action="store_true", help="run the unit tests (pytest tests/)")
    test_parser.add_argument("--server", action="store_true",
                             help="run the table server's tests (pytest server/tests/)")
    test_parser.add_argument("--node", action="store_true", help="run the Node smoke test")
    test_parser.add_argument("--e2e", action="store_true", help="run the browser tests (pytest e2e/)")

    args, rest = parser.parse_known_args(argv)
    if rest[:1] == ["--"]:
        rest = rest[1:]
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    return args, rest


def main(argv: list[str] | None = None) -> int:
    if sys.version_info < (3, 11):
        sys.exit("[build] Python 3.11 or newer is needed")
    args, rest = parse(sys.argv[1:] if argv is None else argv)
    if args.server_url and args.command in ("serve", "test"):
        sys.exit("[build] --server is for a build to host elsewhere; `serve` serves the tables itself")
    if args.command == "serve":
        return serve(args.port, args.base, args.host, args.db, tuple(args.origin), tuple(args.host_name))
    if args.command == "test":
        return test(args, rest)
    server = None
    if args.server_url:
        try:
            server = server_address(args.server_url)
        except ValueError as exc:
            sys.exit(f"[build] {exc}")
    build(server=server)
    return 0


if __name__ == "__main__":
    sys.exit(main())

