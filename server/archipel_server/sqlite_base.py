"""The SQLite store's foundation: its schema and migrations, the thread that
owns the connection and its group commits, and the readers every part of
the store shares (docs/online.md, section 6; the store: ``sqlite_store.py``).

Every call runs on one thread of its own that owns the connection, so the
event loop never waits on the disk and the calls are applied in the order
they were made. The calls waiting when the thread comes back for work run
together in one transaction (``BEGIN IMMEDIATE``), each within a savepoint of
its own, and are answered once that transaction is committed: one flush to
disk for all the moves made meanwhile at every table (a group commit), and
no move acknowledged before it is on disk. Another process sharing the file
cannot slip a move in between the check of a ply and its insert.

Durability: with ``synchronous=FULL`` (the default) a commit has reached the
disk when it returns, so an acknowledged move survives a power cut too;
``NORMAL`` keeps it through a crash or a kill of the server (the write-ahead
log is in the operating system's hands) and may lose the last moves on a
power cut, for fewer disk flushes.
"""

from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
from pathlib import Path

from .store import Store, StoredTable, TableInfo, Undo

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,          -- JSON object
    seats TEXT NOT NULL,            -- JSON list of "h" / "botN"
    names TEXT NOT NULL,            -- JSON list of texts
    joined TEXT NOT NULL,           -- JSON list of booleans
    number INTEGER NOT NULL,        -- the current game
    created REAL NOT NULL,
    address TEXT NOT NULL,          -- a hash of the creator's address
    open INTEGER NOT NULL DEFAULT 0, -- open to any visitor
    creator INTEGER NOT NULL DEFAULT 0,
    started INTEGER NOT NULL DEFAULT 1,  -- 0: waiting for its people
    clock TEXT,                     -- JSON (clocks.py); NULL: no clock
    chat TEXT NOT NULL DEFAULT 'seats',  -- who reads the chat: seats, everyone
    mutes TEXT NOT NULL DEFAULT '[]',    -- JSON: per seat, the seats it muted
    taken TEXT NOT NULL DEFAULT '[]',    -- JSON: the seats bots took over, this game
    closed INTEGER NOT NULL DEFAULT 0    -- 1: closed before it began (store.TableInfo.closed)
);
CREATE INDEX IF NOT EXISTS tables_by_address ON tables (address, created);
CREATE TABLE IF NOT EXISTS games (
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    seed INTEGER NOT NULL,          -- JSON: a number, or a text (quoted, so never read as a number)
    over INTEGER NOT NULL DEFAULT 0,
    salt TEXT,                      -- of the seed's commitment; NULL: a game from before commitments
    chosen INTEGER NOT NULL DEFAULT 0,  -- the creator chose the seed
    began REAL NOT NULL DEFAULT 0,  -- when it began (time.time()); 0: not yet
    out TEXT NOT NULL DEFAULT '[]', -- JSON: the seats out of the game, their time run out
    scheme INTEGER NOT NULL DEFAULT 1,  -- of the commitment (pygame_core.fairness)
    seats TEXT,                     -- JSON: the seats the commitment binds (scheme 2)
    timeouts TEXT NOT NULL DEFAULT '[]',  -- JSON: each time-out, {seat, ply, kind, out}
    PRIMARY KEY (table_id, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,          -- SHA-256 of the token; never the token
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL           -- -1: a spectator
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    ply INTEGER NOT NULL,           -- 0-based: the moves played before it
    player INTEGER NOT NULL,
    move TEXT NOT NULL,
    at REAL NOT NULL DEFAULT 0,     -- when it was kept (time.time())
    PRIMARY KEY (table_id, number, ply)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS undos (
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    player INTEGER NOT NULL,
    move TEXT NOT NULL,
    events TEXT NOT NULL,           -- JSON, secrets included: filtered when sent
    PRIMARY KEY (table_id, number, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS claims (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    address TEXT NOT NULL,          -- a hash of the visitor's address
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seat, at)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS claims_by_address ON claims (address, at);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,            -- JSON: seat, name, text or phrase, at
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
"""


# Columns added since the first schema: a file made before them gets them
# when it is opened (its earlier games have no commitment).
ADDED_COLUMNS = {
    "games": [("salt", "TEXT"), ("chosen", "INTEGER NOT NULL DEFAULT 0"), ("began", "REAL NOT NULL DEFAULT 0"),
              ("out", "TEXT NOT NULL DEFAULT '[]'"), ("scheme", "INTEGER NOT NULL DEFAULT 1"),
              ("seats", "TEXT"), ("timeouts", "TEXT NOT NULL DEFAULT '[]'")],
    "tables": [("open", "INTEGER NOT NULL DEFAULT 0"), ("creator", "INTEGER NOT NULL DEFAULT 0"),
               ("started", "INTEGER NOT NULL DEFAULT 1"), ("clock", "TEXT"),
               ("chat", "TEXT NOT NULL DEFAULT 'seats'"), ("mutes", "TEXT NOT NULL DEFAULT '[]'"),
               ("taken", "TEXT NOT NULL DEFAULT '[]'"), ("closed", "INTEGER NOT NULL DEFAULT 0")],
    "moves": [("at", "REAL NOT NULL DEFAULT 0")],
}

# The schema's versions since it had one (SQLite's ``user_version``): a file
# is brought to the last when it is opened, each step in the transaction
# that sets its number, so a file is never left between two versions.
MIGRATIONS = {
    # 1: accounts, their passkeys and sessions, ratings and histories; who
    # sits at each seat, and whether a table is rated.
    1: """
ALTER TABLE tables ADD COLUMN accounts TEXT NOT NULL DEFAULT '[]';  -- JSON: per seat, an account id or null
ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,             -- as shown
    key TEXT NOT NULL UNIQUE,       -- what names are compared by (accounts.name_key)
    created REAL NOT NULL
) WITHOUT ROWID;
CREATE TABLE credentials (
    id TEXT PRIMARY KEY,            -- the passkey's credential id, base64url
    account TEXT NOT NULL,
    public_key TEXT NOT NULL,       -- COSE, base64url
    sign_count INTEGER NOT NULL,
    created REAL NOT NULL,
    label TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
CREATE INDEX credentials_by_account ON credentials (account);
CREATE TABLE sessions (
    hash TEXT PRIMARY KEY,          -- SHA-256 of the session's token; never the token
    account TEXT NOT NULL,
    expires REAL NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_account ON sessions (account);
CREATE TABLE secrets (
    kind TEXT NOT NULL,             -- "challenge", "code"
    key TEXT NOT NULL,              -- a hash
    value TEXT NOT NULL,            -- JSON
    expires REAL NOT NULL,
    PRIMARY KEY (kind, key)
) WITHOUT ROWID;
CREATE TABLE ratings (
    account TEXT NOT NULL,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    ordinal REAL NOT NULL,          -- mu - 3 sigma: what the leaderboard ranks by
    PRIMARY KEY (account, game)
) WITHOUT ROWID;
CREATE INDEX ratings_by_game ON ratings (game, ordinal DESC, account);
CREATE TABLE history (
    account TEXT NOT NULL,
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    at REAL NOT NULL,
    entry TEXT NOT NULL,            -- JSON: store.Finished
    PRIMARY KEY (account, table_id, number)
) WITHOUT ROWID;
CREATE INDEX history_by_time ON history (account, at DESC);
CREATE INDEX history_by_table ON history (table_id);
CREATE TABLE sittings (
    account TEXT NOT NULL,
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (account, table_id)
) WITHOUT ROWID;
CREATE INDEX sittings_by_table ON sittings (table_id);
""",
    # 2: the day's deal of each game, its tables and its boards.
    2: """
ALTER TABLE tables ADD COLUMN daily INTEGER;  -- the day of the deal it plays; NULL: not the day's deal
CREATE TABLE deals (
    game TEXT NOT NULL,
    day INTEGER NOT NULL,           -- int(time / the day's length)
    seed TEXT NOT NULL,             -- JSON; the server's secret until the next day
    salt TEXT NOT NULL,
    players INTEGER NOT NULL,
    seats TEXT NOT NULL,            -- JSON list of "h" / "botN"
    options TEXT NOT NULL,          -- JSON object
    created REAL NOT NULL,
    PRIMARY KEY (game, day)
) WITHOUT ROWID;
CREATE TABLE entries (
    game TEXT NOT NULL,
    day INTEGER NOT NULL,
    account TEXT NOT NULL,
    name TEXT NOT NULL,             -- the account's, when it began
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    began REAL NOT NULL,
    review TEXT NOT NULL,           -- the key of the game's review link
    finished INTEGER NOT NULL DEFAULT 0,
    score NUMERIC,                  -- the person's, once finished (NULL: none)
    place INTEGER,                  -- the person's at the table, 1 first
    ended REAL,
    PRIMARY KEY (game, day, account)
) WITHOUT ROWID;
CREATE INDEX entries_by_table ON entries (table_id);
CREATE INDEX entries_by_account ON entries (account);
""",
}

# The most calls one transaction holds.
BATCH = 256


def migrate(db: sqlite3.Connection) -> int:
    """Bring the file's schema to the last version (``MIGRATIONS``); the
    version it is at."""
    (version,) = db.execute("PRAGMA user_version").fetchone()
    for number in sorted(MIGRATIONS):
        if number <= version:
            continue
        db.execute("BEGIN IMMEDIATE")
        try:
            # Another server sharing the file may have taken this step first.
            (version,) = db.execute("PRAGMA user_version").fetchone()
            if number > version:
                for statement in statements(MIGRATIONS[number]):
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {number}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        version = max(version, number)
    return version


def statements(script: str) -> list:
    """The statements of a script, each whole (comments and all)."""
    found, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    assert not pending.strip(), "a migration ends with a whole statement"
    return found


def seed_text(seed) -> str:
    return json.dumps(seed)


def seed_value(stored):
    """A seed as kept: an integer (written before seeds were JSON, or a
    number's JSON text, which SQLite's integer affinity turns back into
    one), or the JSON of a text."""
    return stored if isinstance(stored, int) else json.loads(stored)


class SQLiteBase(Store):
    def __init__(self, path, synchronous: str = "FULL"):
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError("synchronous is FULL or NORMAL")
        self.path = Path(path)
        self.synchronous = synchronous
        self._calls: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._db: sqlite3.Connection | None = None

    async def _run(self, work, write: bool = False):
        """``work(db)`` on the store's thread; its result once committed. A
        write whose result is falsy is rolled back (a refused move)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._calls.put((work, write, loop, future))
        return await future

    # -- set-up ------------------------------------------------------------------
    async def open(self) -> None:
        ready = threading.Event()
        failure = []

        def serve():
            try:
                self._open()
            except BaseException as exc:  # reported to open(), below
                failure.append(exc)
                return
            finally:
                ready.set()
            self._serve()

        self._thread = threading.Thread(target=serve, name="sqlite", daemon=True)
        self._thread.start()
        await asyncio.get_running_loop().run_in_executor(None, ready.wait)
        if failure:
            raise failure[0]

    def _open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: no implicit transactions; the thread says
        # BEGIN IMMEDIATE itself.
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={self.synchronous}")
        db.execute("PRAGMA busy_timeout=5000")
        db.executescript(SCHEMA)
        for table, columns in ADDED_COLUMNS.items():
            present = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            for name, kind in columns:
                if name not in present:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
        migrate(db)
        self._db = db

    async def close(self) -> None:
        if self._thread is not None:
            self._calls.put(None)
            await asyncio.get_running_loop().run_in_executor(None, self._thread.join)
            self._thread = None

    def _serve(self) -> None:
        """The store's thread: take every call waiting, run them in one
        transaction, commit, answer them all."""
        while True:
            call = self._calls.get()
            if call is None:
                break
            batch = [call]
            while len(batch) < BATCH:
                try:
                    call = self._calls.get_nowait()
                except queue.Empty:
                    break
                if call is None:
                    self._calls.put(None)  # stop once this batch is answered
                    break
                batch.append(call)
            self._transaction(batch)
        self.db.close()

    @property
    def db(self) -> sqlite3.Connection:
        """The connection, once ``open`` has made it (on the store's thread)."""
        assert self._db is not None, "the store is open"
        return self._db

    def _transaction(self, batch: list) -> None:
        db = self.db
        answers: list = []
        try:
            db.execute("BEGIN IMMEDIATE")
            for work, write, _, _ in batch:
                db.execute("SAVEPOINT call")
                try:
                    result = work(db)
                    error = None
                except Exception as exc:
                    result, error = None, exc
                if error is not None or (write and not result):
                    db.execute("ROLLBACK TO call")
                db.execute("RELEASE call")
                answers.append((result, error))
            db.execute("COMMIT")
        except Exception as exc:  # the transaction itself failed: nothing is kept
            if db.in_transaction:
                db.execute("ROLLBACK")
            answers = [(None, exc)] * len(batch)
        for (_, _, loop, future), (result, error) in zip(batch, answers):
            loop.call_soon_threadsafe(_settle, future, result, error)


    @staticmethod
    def _insert_table(db, info: TableInfo, tokens: dict, address: str) -> None:
        db.execute(
            "INSERT INTO tables (id, game, players, options, seats, names, joined, number,"
            " created, address, open, creator, started, clock, chat, mutes, accounts, rated, daily)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (info.id, info.game, info.players, json.dumps(info.options), json.dumps(info.seats),
             json.dumps(info.names), json.dumps(info.joined), info.number, info.created, address,
             int(info.open), info.creator, int(info.started),
             None if info.clock is None else json.dumps(info.clock), info.chat, json.dumps(info.mutes),
             json.dumps(info.accounts), int(info.rated), info.daily))
        db.executemany("INSERT INTO sittings (account, table_id, seat) VALUES (?, ?, ?)",
                       [(account, info.id, seat) for seat, account in enumerate(info.accounts) if account])
        db.execute("INSERT INTO games (table_id, number, seed, salt, chosen, began, scheme, seats)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (info.id, info.number, seed_text(info.seed), info.salt, int(info.chosen_seed), info.began,
                    info.scheme, None if info.committed is None else json.dumps(info.committed)))
        db.executemany("INSERT INTO tokens (hash, table_id, seat) VALUES (?, ?, ?)",
                       [(digest, info.id, seat) for seat, digest in tokens.items()])


    @staticmethod
    def _load(db, table_id: str, number: int | None = None) -> StoredTable | None:
        row = db.execute(
            "SELECT t.game, t.players, t.options, t.seats, t.names, t.joined, g.number, t.created,"
            " g.seed, g.over, g.salt, g.chosen, t.open, t.creator, t.started, g.began, t.clock, t.chat,"
            " t.mutes, t.taken, g.out, g.scheme, g.seats, g.timeouts, t.closed, t.accounts, t.rated, t.daily"
            " FROM tables t"
            " JOIN games g ON g.table_id = t.id AND g.number = coalesce(?, t.number) WHERE t.id = ?",
            (number, table_id)).fetchone()
        if row is None:
            return None
        (game, players, options, seats, names, joined, number, created, seed, over, salt, chosen, is_open,
         creator, started, began, clock, chat, mutes, taken, out, scheme, committed, timeouts, closed, accounts,
         rated, daily) = row
        info = TableInfo(table_id, game, players, json.loads(options), json.loads(seats),
                         json.loads(names), json.loads(joined), number, seed_value(seed), created,
                         salt, bool(chosen), bool(is_open), creator, bool(started), began,
                         None if clock is None else json.loads(clock), chat, json.loads(mutes), json.loads(taken),
                         scheme, None if committed is None else json.loads(committed), json.loads(timeouts),
                         bool(closed), json.loads(accounts), bool(rated), daily)
        rows = db.execute("SELECT player, move, at FROM moves WHERE table_id = ? AND number = ?"
                          " ORDER BY ply", (table_id, number)).fetchall()
        moves = [(player, move) for player, move, _ in rows]
        times = [at for _, _, at in rows]
        undos = [Undo(ply, player, move, json.loads(events)) for ply, player, move, events in db.execute(
            "SELECT ply, player, move, events FROM undos WHERE table_id = ? AND number = ?"
            " ORDER BY seq", (table_id, number))]
        tokens = dict(db.execute("SELECT hash, seat FROM tokens WHERE table_id = ?", (table_id,)).fetchall())
        return StoredTable(info, moves, undos, bool(over), times, json.loads(out), tokens)


    @staticmethod
    def _holds(db, table_id: str, seat: int, holder: str | None) -> bool:
        """Whether the token hash ``holder`` holds ``seat`` (None: a bot, no token)."""
        if holder is None:
            return True
        row = db.execute("SELECT seat FROM tokens WHERE hash = ? AND table_id = ?", (holder, table_id)).fetchone()
        return row is not None and row[0] == seat

    @staticmethod
    def _is_current(db, table_id: str, number: int) -> bool:
        row = db.execute("SELECT number FROM tables WHERE id = ?", (table_id,)).fetchone()
        return row is not None and row[0] == number



def _settle(future: asyncio.Future, result, error) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
