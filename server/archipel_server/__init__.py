"""Archipel's table server: online tables for friends on their own devices.

The rules are those of ``pygame_core``, run under CPython; the server speaks
the JSON shapes of ``pygame_core.api`` (snapshots, legal moves, log events as
``event_for`` gives them) so that the page draws a remote table exactly as a
local one. The client protocol is described in ``docs/online.md``.

Modules, from the bottom up:

* ``config``   -- the settings and limits (``Settings``);
* ``hosts``    -- the names this server answers to, and the origins it trusts;
* ``tokens``   -- table ids, seat tokens and their hashes; players' names;
* ``store``    -- the storage interface and its records;
* ``sqlite_store`` -- the default store: one SQLite file in WAL mode;
* ``bots``     -- bots thinking in a process pool, seeded from the table;
* ``tables``   -- a table in play: moves, undo, rematch, who sees what (the
  seed stays here until the end: ``pygame_core.fairness``);
* ``live``     -- one WebSocket connection: messages in, messages out;
* ``site``     -- the static site (``dist/``) with its headers;
* ``app``      -- the Starlette application: HTTP routes and the WebSocket;
* ``__main__`` -- ``python -m archipel_server``, on uvicorn.
"""

__version__ = "0.1.0"
