"""The default store: one SQLite file (standard ``sqlite3``), in WAL mode.

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
import time
from pathlib import Path

from .ratings import Rating
from .store import (CHAT_KEPT, DAILY_SEAT, FORMER_PLAYER, Account, Credential, DailyEntry, Deal, Finished, Store,
                    StoredTable, TableInfo, Undo, finish_game)

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


class SQLiteStore(Store):
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

    # -- tables ------------------------------------------------------------------
    async def create_table(self, info: TableInfo, tokens: dict, address: str) -> None:
        def work(db):
            self._insert_table(db, info, tokens, address)
            return True
        await self._run(work, write=True)

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

    async def load_table(self, table_id: str, number: int | None = None) -> StoredTable | None:
        return await self._run(lambda db: self._load(db, table_id, number))

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

    async def seat_of(self, table_id: str, token_hash: str) -> int | None:
        def read(db):
            row = db.execute("SELECT seat FROM tokens WHERE hash = ? AND table_id = ?",
                                   (token_hash, table_id)).fetchone()
            return None if row is None else row[0]
        return await self._run(read)

    # -- moves -------------------------------------------------------------------
    async def append_move(self, table_id: str, number: int, ply: int, player: int,
                          move: str, over: bool, at: float = 0.0, holder: str | None = None,
                          ranks: list | None = None, score: float | None = None) -> bool:
        def work(db):
            if not self._is_current(db, table_id, number) or not self._holds(db, table_id, player, holder):
                return False
            (count,) = db.execute("SELECT count(*) FROM moves WHERE table_id = ? AND number = ?",
                                  (table_id, number)).fetchone()
            if count != ply:
                return False
            db.execute("INSERT INTO moves (table_id, number, ply, player, move, at) VALUES (?, ?, ?, ?, ?, ?)",
                       (table_id, number, ply, player, move, at))
            if over:
                db.execute("UPDATE games SET over = 1 WHERE table_id = ? AND number = ?", (table_id, number))
                self._finish(db, table_id, ranks, at, score)
            return True
        return await self._run(work, write=True)

    async def take_back(self, table_id: str, number: int, undo: Undo, holder: str | None = None) -> bool:
        def work(db):
            if not self._is_current(db, table_id, number) or not self._holds(db, table_id, undo.player, holder):
                return False
            moves = db.execute("SELECT ply, player, move FROM moves WHERE table_id = ? AND number = ?"
                               " ORDER BY ply DESC LIMIT 1", (table_id, number)).fetchone()
            if moves != (undo.ply, undo.player, undo.move):
                return False
            db.execute("DELETE FROM moves WHERE table_id = ? AND number = ? AND ply = ?",
                       (table_id, number, undo.ply))
            (seq,) = db.execute("SELECT count(*) FROM undos WHERE table_id = ? AND number = ?",
                                (table_id, number)).fetchone()
            db.execute("INSERT INTO undos (table_id, number, seq, ply, player, move, events)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (table_id, number, seq, undo.ply, undo.player, undo.move, json.dumps(undo.events)))
            return True
        return await self._run(work, write=True)

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

    # -- seats and games -----------------------------------------------------------
    async def set_name(self, table_id: str, seat: int, name: str, at: float = 0.0,
                       holder: str | None = None, account: str | None = None) -> bool:
        def work(db):
            row = db.execute("SELECT names, joined, closed FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None or row[2] or not self._holds(db, table_id, seat, holder):
                return False
            if not self._sit(db, table_id, seat, account):
                return False
            names, joined = json.loads(row[0]), json.loads(row[1])
            names[seat], joined[seat] = name, True
            db.execute("UPDATE tables SET names = ?, joined = ? WHERE id = ?",
                       (json.dumps(names), json.dumps(joined), table_id))
            self._begin_if_full(db, table_id, at)
            return True
        return await self._run(work, write=True)

    @staticmethod
    def _sit(db, table_id: str, seat: int, account: str | None) -> bool:
        """``account`` (None: a guest) sits at ``seat``: not at a rated table
        as a guest, nor at two seats of one table."""
        accounts, rated = db.execute("SELECT accounts, rated FROM tables WHERE id = ?", (table_id,)).fetchone()
        accounts = json.loads(accounts)
        accounts += [None] * (seat + 1 - len(accounts))
        if account is None and rated:
            return False
        if account is not None and any(held == account for other, held in enumerate(accounts) if other != seat):
            return False
        if accounts[seat] == account:
            return True
        if accounts[seat]:
            db.execute("DELETE FROM sittings WHERE account = ? AND table_id = ?", (accounts[seat], table_id))
        if account is not None:
            db.execute("INSERT OR REPLACE INTO sittings (account, table_id, seat) VALUES (?, ?, ?)",
                       (account, table_id, seat))
        accounts[seat] = account
        db.execute("UPDATE tables SET accounts = ? WHERE id = ?", (json.dumps(accounts), table_id))
        return True

    def _finish(self, db, table_id: str, ranks: list | None, at: float, score: float | None = None) -> None:
        """The end of a game, in its transaction: its accounts' histories
        and, at a rated table, their ratings (``store.finish_game``); at a
        table of the day's deal, the person's board entry."""
        stored = self._load(db, table_id)
        if stored is None or ranks is None:
            return
        if stored.info.daily is not None:
            db.execute("UPDATE entries SET finished = 1, score = ?, place = ?, ended = ? WHERE table_id = ?",
                       (score, ranks[DAILY_SEAT] + 1, at, table_id))
        if not any(stored.info.accounts):
            return
        people = [account for account in stored.info.accounts if account]
        current = {account: Rating(mu, sigma, games) for account, mu, sigma, games in db.execute(
            f"SELECT account, mu, sigma, games FROM ratings WHERE game = ? AND account IN"
            f" ({', '.join('?' * len(people))})", (stored.info.game, *people))}
        entries, after = finish_game(stored.info, ranks, at, current)
        for account, rating in after.items():
            db.execute("INSERT OR REPLACE INTO ratings (account, game, mu, sigma, games, ordinal)"
                       " VALUES (?, ?, ?, ?, ?, ?)",
                       (account, stored.info.game, rating.mu, rating.sigma, rating.games, rating.ordinal))
        for entry in entries:
            db.execute("INSERT OR REPLACE INTO history (account, table_id, number, at, entry) VALUES (?, ?, ?, ?, ?)",
                       (entry.account, entry.table, entry.number, entry.at,
                        json.dumps(entry.__dict__, ensure_ascii=False)))

    @staticmethod
    def _begin_if_full(db, table_id: str, at: float) -> None:
        """A waiting table whose people have all sat down begins."""
        seats, joined, started, number = db.execute(
            "SELECT seats, joined, started, number FROM tables WHERE id = ?", (table_id,)).fetchone()
        if not started and all(seat != "h" or sat for seat, sat in zip(json.loads(seats), json.loads(joined))):
            db.execute("UPDATE tables SET started = 1 WHERE id = ?", (table_id,))
            db.execute("UPDATE games SET began = ? WHERE table_id = ? AND number = ?", (at, table_id, number))

    async def start_table(self, table_id: str, seats: list, at: float) -> bool:
        def work(db):
            row = db.execute("SELECT started, joined, number FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None or row[0]:
                return False
            joined = [sat or seat != "h" for seat, sat in zip(seats, json.loads(row[1]))]
            db.execute("UPDATE tables SET seats = ?, joined = ?, started = 1 WHERE id = ?",
                       (json.dumps(seats), json.dumps(joined), table_id))
            db.execute("UPDATE games SET began = ? WHERE table_id = ? AND number = ?", (at, table_id, row[2]))
            # The invitations for the seats bots took no longer seat anyone.
            db.executemany("DELETE FROM tokens WHERE table_id = ? AND seat = ?",
                           [(table_id, seat) for seat, kind in enumerate(seats) if kind != "h"])
            return True
        return await self._run(work, write=True)

    async def take_over(self, table_id: str, number: int, ply: int, seat: int, kind: str,
                        out: bool = False, over: bool = False, ranks: list | None = None) -> bool:
        def work(db):
            if not self._is_current(db, table_id, number):
                return False
            (count,) = db.execute("SELECT count(*) FROM moves WHERE table_id = ? AND number = ?",
                                  (table_id, number)).fetchone()
            seats, taken = (json.loads(text) for text in db.execute(
                "SELECT seats, taken FROM tables WHERE id = ?", (table_id,)).fetchone())
            if count != ply or seats[seat] != "h":
                return False
            seats[seat] = kind
            db.execute("UPDATE tables SET seats = ?, taken = ? WHERE id = ?",
                       (json.dumps(seats), json.dumps(sorted(taken + [seat])), table_id))
            (timeouts,) = db.execute("SELECT timeouts FROM games WHERE table_id = ? AND number = ?",
                                     (table_id, number)).fetchone()
            timeouts = json.loads(timeouts) + [{"seat": seat, "ply": ply, "kind": kind, "out": out}]
            db.execute("UPDATE games SET timeouts = ? WHERE table_id = ? AND number = ?",
                       (json.dumps(timeouts), table_id, number))
            if out:
                (seats_out,) = db.execute("SELECT out FROM games WHERE table_id = ? AND number = ?",
                                          (table_id, number)).fetchone()
                db.execute("UPDATE games SET out = ?, over = ? WHERE table_id = ? AND number = ?",
                           (json.dumps(sorted(json.loads(seats_out) + [seat])), int(over), table_id, number))
                if over:
                    self._finish(db, table_id, ranks, time.time())
            return True
        return await self._run(work, write=True)

    # -- chat -----------------------------------------------------------------------
    async def add_chat(self, table_id: str, entry: dict) -> None:
        def work(db):
            (seq,) = db.execute("SELECT coalesce(max(seq) + 1, 0) FROM chat WHERE table_id = ?",
                                (table_id,)).fetchone()
            db.execute("INSERT INTO chat (table_id, seq, entry) VALUES (?, ?, ?)",
                       (table_id, seq, json.dumps(entry, ensure_ascii=False)))
            db.execute("DELETE FROM chat WHERE table_id = ? AND seq <= ?", (table_id, seq - CHAT_KEPT))
            return True
        await self._run(work, write=True)

    async def load_chat(self, table_id: str) -> list:
        def read(db):
            return [json.loads(entry) for (entry,) in db.execute(
                "SELECT entry FROM chat WHERE table_id = ? ORDER BY seq", (table_id,))]
        return await self._run(read)

    async def set_mutes(self, table_id: str, seat: int, muted: list) -> None:
        def work(db):
            row = db.execute("SELECT mutes, players FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return False
            mutes = json.loads(row[0])
            mutes += [[] for _ in range(row[1] - len(mutes))]
            mutes[seat] = list(muted)
            db.execute("UPDATE tables SET mutes = ? WHERE id = ?", (json.dumps(mutes), table_id))
            return True
        await self._run(work, write=True)

    async def replace_token(self, table_id: str, seat: int, old_hash: str, new_hash: str) -> bool:
        def work(db):
            if db.execute("SELECT 1 FROM tokens WHERE hash = ?", (new_hash,)).fetchone() is not None:
                return False
            changed = db.execute("UPDATE tokens SET hash = ? WHERE hash = ? AND table_id = ? AND seat = ?",
                                 (new_hash, old_hash, table_id, seat)).rowcount
            return changed == 1
        return await self._run(work, write=True)

    async def start_game(self, table_id: str, number: int, seed: int | str, salt: str,
                         at: float = 0.0, committed: list | None = None) -> bool:
        def work(db):
            if not self._is_current(db, table_id, number - 1):
                return False
            (over,) = db.execute("SELECT over FROM games WHERE table_id = ? AND number = ?",
                                 (table_id, number - 1)).fetchone()
            if not over:
                return False
            db.execute("INSERT INTO games (table_id, number, seed, salt, began, scheme, seats)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (table_id, number, seed_text(seed), salt, at, 1 if committed is None else 2,
                        None if committed is None else json.dumps(committed)))
            seats, taken = (json.loads(text) for text in db.execute(
                "SELECT seats, taken FROM tables WHERE id = ?", (table_id,)).fetchone())
            for seat in taken:
                seats[seat] = "h"
            db.execute("UPDATE tables SET number = ?, seats = ?, taken = '[]' WHERE id = ?",
                       (number, json.dumps(seats), table_id))
            return True
        return await self._run(work, write=True)

    async def tables_created_since(self, address: str, since: float) -> int:
        def read(db):
            return db.execute("SELECT count(*) FROM tables WHERE address = ? AND created >= ?",
                                    (address, since)).fetchone()[0]
        return await self._run(read)

    async def open_tables(self, since: float, limit: int) -> list:
        def read(db):
            found = []
            for (table_id,) in db.execute("SELECT id FROM tables WHERE open = 1 AND created >= ?"
                                          " ORDER BY created DESC", (since,)).fetchall():
                stored = self._load(db, table_id)
                if stored is not None and stored.listed:
                    found.append(stored.info)
                    if len(found) >= limit:
                        break
            return found
        return await self._run(read)

    async def open_tables_created_since(self, address: str, since: float) -> int:
        def read(db):
            listed = 0
            for (table_id,) in db.execute("SELECT id FROM tables WHERE address = ? AND open = 1 AND created >= ?",
                                          (address, since)).fetchall():
                stored = self._load(db, table_id)
                listed += stored is not None and stored.listed
            return listed
        return await self._run(read)

    async def claim_seat(self, table_id: str, seat: int, token_hash: str, name: str, at: float = 0.0,
                         address: str = "", account: str | None = None) -> bool:
        def work(db):
            row = db.execute("SELECT seats, names, joined, open, closed FROM tables WHERE id = ?",
                             (table_id,)).fetchone()
            if row is None or not row[3] or row[4]:
                return False
            seats, names, joined = (json.loads(text) for text in row[:3])
            if not 0 <= seat < len(seats) or seats[seat] != "h" or joined[seat]:
                return False
            if not self._sit(db, table_id, seat, account):
                return False
            names[seat], joined[seat] = name, True
            db.execute("UPDATE tables SET names = ?, joined = ? WHERE id = ?",
                       (json.dumps(names), json.dumps(joined), table_id))
            db.execute("DELETE FROM tokens WHERE table_id = ? AND seat = ?", (table_id, seat))
            db.execute("INSERT INTO tokens (hash, table_id, seat) VALUES (?, ?, ?)", (token_hash, table_id, seat))
            db.execute("INSERT OR REPLACE INTO claims (table_id, seat, address, at) VALUES (?, ?, ?, ?)",
                       (table_id, seat, address, at))
            self._begin_if_full(db, table_id, at)
            return True
        return await self._run(work, write=True)

    async def seats_claimed_since(self, address: str, since: float) -> int:
        def read(db):
            return db.execute(
                "SELECT count(*) FROM claims c JOIN tables t ON t.id = c.table_id"
                " JOIN games g ON g.table_id = t.id AND g.number = t.number"
                " WHERE c.address = ? AND c.at >= ? AND g.over = 0 AND t.closed = 0", (address, since)).fetchone()[0]
        return await self._run(read)

    async def waiting_open_tables(self, before: float) -> list:
        def read(db):
            return [row[0] for row in db.execute(
                "SELECT id FROM tables WHERE open = 1 AND started = 0 AND closed = 0 AND created < ?"
                " ORDER BY created", (before,))]
        return await self._run(read)

    async def close_table(self, table_id: str) -> bool:
        def work(db):
            return db.execute("UPDATE tables SET closed = 1 WHERE id = ? AND started = 0 AND closed = 0",
                              (table_id,)).rowcount == 1
        return await self._run(work, write=True)

    async def tables_in_play(self) -> list:
        def read(db):
            return [row[0] for row in db.execute(
                "SELECT t.id FROM tables t JOIN games g ON g.table_id = t.id AND g.number = t.number"
                " WHERE g.over = 0 AND t.closed = 0 ORDER BY t.created")]
        return await self._run(read)


    # -- accounts ---------------------------------------------------------------------
    async def create_account(self, account: Account, credential: Credential) -> bool:
        def work(db):
            if db.execute("SELECT 1 FROM accounts WHERE key = ?", (account.key,)).fetchone() is not None:
                return False
            if db.execute("SELECT 1 FROM credentials WHERE id = ?", (credential.id,)).fetchone() is not None:
                return False
            db.execute("INSERT INTO accounts (id, name, key, created) VALUES (?, ?, ?, ?)",
                       (account.id, account.name, account.key, account.created))
            self._insert_credential(db, credential)
            return True
        return await self._run(work, write=True)

    @staticmethod
    def _insert_credential(db, credential: Credential) -> None:
        db.execute("INSERT INTO credentials (id, account, public_key, sign_count, created, label)"
                   " VALUES (?, ?, ?, ?, ?, ?)", (credential.id, credential.account, credential.public_key,
                                                  credential.sign_count, credential.created, credential.label))

    async def load_account(self, account_id: str) -> Account | None:
        def read(db):
            row = db.execute("SELECT id, name, key, created FROM accounts WHERE id = ?", (account_id,)).fetchone()
            return None if row is None else Account(*row)
        return await self._run(read)

    async def account_named(self, key: str) -> Account | None:
        def read(db):
            row = db.execute("SELECT id, name, key, created FROM accounts WHERE key = ?", (key,)).fetchone()
            return None if row is None else Account(*row)
        return await self._run(read)

    async def add_credential(self, credential: Credential) -> bool:
        def work(db):
            if db.execute("SELECT 1 FROM accounts WHERE id = ?", (credential.account,)).fetchone() is None:
                return False
            if db.execute("SELECT 1 FROM credentials WHERE id = ?", (credential.id,)).fetchone() is not None:
                return False
            self._insert_credential(db, credential)
            return True
        return await self._run(work, write=True)

    async def load_credential(self, credential_id: str) -> Credential | None:
        def read(db):
            row = db.execute("SELECT id, account, public_key, sign_count, created, label FROM credentials"
                             " WHERE id = ?", (credential_id,)).fetchone()
            return None if row is None else Credential(*row)
        return await self._run(read)

    async def credentials_of(self, account_id: str) -> list:
        def read(db):
            return [Credential(*row) for row in db.execute(
                "SELECT id, account, public_key, sign_count, created, label FROM credentials WHERE account = ?"
                " ORDER BY created", (account_id,))]
        return await self._run(read)

    async def set_sign_count(self, credential_id: str, count: int) -> None:
        def work(db):
            db.execute("UPDATE credentials SET sign_count = ? WHERE id = ?", (count, credential_id))
            return True
        await self._run(work, write=True)

    async def put_secret(self, kind: str, key: str, value: dict, expires: float) -> None:
        def work(db):
            db.execute("DELETE FROM secrets WHERE expires < ?", (time.time(),))
            db.execute("INSERT OR REPLACE INTO secrets (kind, key, value, expires) VALUES (?, ?, ?, ?)",
                       (kind, key, json.dumps(value), expires))
            return True
        await self._run(work, write=True)

    async def take_secret(self, kind: str, key: str, now: float) -> dict | None:
        def work(db):
            row = db.execute("DELETE FROM secrets WHERE kind = ? AND key = ? RETURNING value, expires",
                             (kind, key)).fetchone()
            return None if row is None or row[1] < now else json.loads(row[0])
        # Taken whether it has expired or not: it is gone either way.
        return await self._run(work)

    async def create_session(self, key: str, account_id: str, expires: float) -> None:
        def work(db):
            db.execute("DELETE FROM sessions WHERE account = ? AND expires < ?", (account_id, time.time()))
            db.execute("INSERT INTO sessions (hash, account, expires) VALUES (?, ?, ?)", (key, account_id, expires))
            return True
        await self._run(work, write=True)

    async def session_account(self, key: str, now: float) -> str | None:
        def read(db):
            row = db.execute("SELECT account FROM sessions WHERE hash = ? AND expires >= ?", (key, now)).fetchone()
            return None if row is None else row[0]
        return await self._run(read)

    async def end_session(self, key: str) -> None:
        def work(db):
            db.execute("DELETE FROM sessions WHERE hash = ?", (key,))
            return True
        await self._run(work, write=True)

    async def delete_account(self, account_id: str) -> bool:
        def work(db):
            if db.execute("DELETE FROM accounts WHERE id = ?", (account_id,)).rowcount != 1:
                return False
            seated = db.execute("SELECT table_id, seat FROM sittings WHERE account = ?", (account_id,)).fetchall()
            played = db.execute("SELECT table_id, entry FROM history WHERE account = ?", (account_id,)).fetchall()
            places = {(table_id, seat) for table_id, seat in seated}
            places |= {(table_id, json.loads(entry)["seat"]) for table_id, entry in played}
            for table_id, seat in sorted(places):
                self._forget_seat(db, table_id, seat, account_id)
            for statement in ("DELETE FROM credentials WHERE account = ?", "DELETE FROM sessions WHERE account = ?",
                              "DELETE FROM ratings WHERE account = ?", "DELETE FROM history WHERE account = ?",
                              "DELETE FROM sittings WHERE account = ?", "DELETE FROM entries WHERE account = ?"):
                db.execute(statement, (account_id,))
            return True
        return await self._run(work, write=True)

    @staticmethod
    def _forget_seat(db, table_id: str, seat: int, account_id: str) -> None:
        """The seat of a deleted account is "a former player's", at its table
        and in the others' histories of its games."""
        row = db.execute("SELECT names, accounts FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is not None:
            names, accounts = json.loads(row[0]), json.loads(row[1])
            if seat < len(names):
                names[seat] = FORMER_PLAYER
            accounts = [None if held == account_id else held for held in accounts]
            db.execute("UPDATE tables SET names = ?, accounts = ? WHERE id = ?",
                       (json.dumps(names), json.dumps(accounts), table_id))
        for account, number, entry in db.execute("SELECT account, number, entry FROM history WHERE table_id = ?"
                                                 " AND account != ?", (table_id, account_id)).fetchall():
            entry = json.loads(entry)
            entry["names"][seat] = FORMER_PLAYER
            db.execute("UPDATE history SET entry = ? WHERE account = ? AND table_id = ? AND number = ?",
                       (json.dumps(entry, ensure_ascii=False), account, table_id, number))

    async def ratings_of(self, account_id: str) -> dict:
        def read(db):
            return {game: Rating(mu, sigma, games) for game, mu, sigma, games in db.execute(
                "SELECT game, mu, sigma, games FROM ratings WHERE account = ?", (account_id,))}
        return await self._run(read)

    async def history_of(self, account_id: str, limit: int) -> list:
        def read(db):
            return [Finished(**json.loads(entry)) for (entry,) in db.execute(
                "SELECT entry FROM history WHERE account = ? ORDER BY at DESC LIMIT ?", (account_id, limit))]
        return await self._run(read)

    async def tables_of(self, account_id: str) -> list:
        def read(db):
            return [row[0] for row in db.execute(
                "SELECT s.table_id FROM sittings s JOIN tables t ON t.id = s.table_id"
                " JOIN games g ON g.table_id = t.id AND g.number = t.number"
                " WHERE s.account = ? AND g.over = 0 AND t.closed = 0 ORDER BY t.created DESC", (account_id,))]
        return await self._run(read)

    async def leaderboard(self, game: str, limit: int, account_id: str | None = None,
                          around: int = 2) -> tuple:
        def rows(db, where: str, params: tuple, offset: int, count: int) -> list:
            return [(offset + index + 1, Account(*row[:4]), Rating(*row[4:])) for index, row in enumerate(db.execute(
                "SELECT a.id, a.name, a.key, a.created, r.mu, r.sigma, r.games FROM ratings r"
                " JOIN accounts a ON a.id = r.account WHERE r.game = ?" + where +
                " ORDER BY r.ordinal DESC, r.account LIMIT ? OFFSET ?", (game, *params, count, offset)))]

        def read(db):
            top = rows(db, "", (), 0, limit)
            mine: list = []
            own = None if account_id is None else db.execute(
                "SELECT ordinal FROM ratings WHERE account = ? AND game = ?", (account_id, game)).fetchone()
            if own is not None:
                (ahead,) = db.execute("SELECT count(*) FROM ratings WHERE game = ? AND (ordinal > ? OR"
                                      " (ordinal = ? AND account < ?))", (game, own[0], own[0], account_id)).fetchone()
                start = max(0, ahead - around)
                mine = rows(db, "", (), start, ahead - start + around + 1)
            return top, mine
        return await self._run(read)

    # -- the day's deal ---------------------------------------------------------------
    async def make_deal(self, deal: Deal) -> Deal:
        def work(db):
            db.execute("INSERT OR IGNORE INTO deals (game, day, seed, salt, players, seats, options, created)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (deal.game, deal.day, seed_text(deal.seed), deal.salt, deal.players, json.dumps(deal.seats),
                        json.dumps(deal.options), deal.created))
            return self._deal(db, deal.game, deal.day)
        return await self._run(work, write=True)

    async def load_deal(self, game: str, day: int) -> Deal | None:
        return await self._run(lambda db: self._deal(db, game, day))

    @staticmethod
    def _deal(db, game: str, day: int) -> Deal | None:
        row = db.execute("SELECT seed, salt, players, seats, options, created FROM deals WHERE game = ? AND day = ?",
                         (game, day)).fetchone()
        if row is None:
            return None
        seed, salt, players, seats, options, created = row
        return Deal(game, day, json.loads(seed), salt, players, json.loads(seats), json.loads(options), created)

    async def enter_daily(self, info: TableInfo, tokens: dict, address: str, entry: DailyEntry) -> bool:
        def work(db):
            if db.execute("SELECT 1 FROM entries WHERE game = ? AND day = ? AND account = ?",
                          (entry.game, entry.day, entry.account)).fetchone() is not None:
                return False
            self._insert_table(db, info, tokens, address)
            db.execute("INSERT INTO entries (game, day, account, name, table_id, number, began, review)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (entry.game, entry.day, entry.account, entry.name, entry.table, entry.number, entry.began,
                        entry.review))
            return True
        return await self._run(work, write=True)

    ENTRY = ("SELECT game, day, account, name, table_id, number, began, review, finished, score, place, ended"
             " FROM entries")

    @staticmethod
    def _entry(row) -> DailyEntry:
        game, day, account, name, table_id, number, began, review, finished, score, place, ended = row
        return DailyEntry(game, day, account, name, table_id, number, began, review, bool(finished), score, place,
                          ended)

    async def daily_entry(self, game: str, day: int, account_id: str) -> DailyEntry | None:
        def read(db):
            row = db.execute(self.ENTRY + " WHERE game = ? AND day = ? AND account = ?",
                             (game, day, account_id)).fetchone()
            return None if row is None else self._entry(row)
        return await self._run(read)

    async def daily_board(self, game: str, day: int) -> list:
        def read(db):
            return [self._entry(row) for row in db.execute(self.ENTRY + " WHERE game = ? AND day = ?", (game, day))]
        return await self._run(read)

    async def daily_entries_of(self, account_id: str) -> list:
        def read(db):
            return [self._entry(row) for row in db.execute(self.ENTRY + " WHERE account = ? ORDER BY day, game",
                                                           (account_id,))]
        return await self._run(read)


def _settle(future: asyncio.Future, result, error) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
