"""The default store: one SQLite file (standard ``sqlite3``), in WAL mode:
the tables, their moves, seats, games and chat. The file's schema, its
thread and group commits are ``sqlite_base.py``'s; accounts, ratings and
the day's deal ``sqlite_accounts.py``'s."""

from __future__ import annotations

import json
import time

from .sqlite_accounts import SQLiteAccounts
from .sqlite_base import MIGRATIONS, SCHEMA, seed_text  # noqa: F401 (the schema: the tests read it here)
from .store import CHAT_KEPT, StoredTable, TableInfo, Undo


class SQLiteStore(SQLiteAccounts):
    # -- tables ------------------------------------------------------------------
    async def create_table(self, info: TableInfo, tokens: dict, address: str) -> None:
        def work(db):
            self._insert_table(db, info, tokens, address)
            return True
        await self._run(work, write=True)


    async def load_table(self, table_id: str, number: int | None = None) -> StoredTable | None:
        return await self._run(lambda db: self._load(db, table_id, number))


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
