"""Which store a server uses, named on its command line (``--store``):

    sqlite:PATH               one SQLite file (the default: sqlite:tables.sqlite3)
    redis://HOST:PORT/DB      a Redis shared by several servers
"""

from __future__ import annotations

from pathlib import Path

from .store import Store


class BadStore(ValueError):
    pass


def open_store(spec: str, synchronous: str = "FULL") -> Store:
    """The store ``spec`` names (not opened yet); ``synchronous``: SQLite's mode."""
    if spec.startswith(("redis://", "rediss://", "unix://")):
        from .redis_store import RedisStore
        return RedisStore(spec)
    if spec.startswith("sqlite:"):
        path = spec[len("sqlite:"):]
        if not path:
            raise BadStore("sqlite: needs the path of a file, e.g. sqlite:tables.sqlite3")
        from .sqlite_store import SQLiteStore
        return SQLiteStore(Path(path), synchronous)
    raise BadStore(f"unknown store {spec!r}: sqlite:PATH or redis://HOST:PORT/DB")


def describe(spec: str) -> str:
    """The store named without its password, for the server's log."""
    if "@" in spec and "://" in spec:
        scheme, rest = spec.split("://", 1)
        return f"{scheme}://…@{rest.split('@', 1)[1]}"
    return spec
