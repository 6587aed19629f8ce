"""The SQLite store's accounts: passkeys, sessions and secrets, ratings and
histories written with the end of a game, the leaderboards, and the day's
deal (docs/online.md, sections 12 and 13)."""

from __future__ import annotations

import json
import time

from .ratings import Rating
from .sqlite_base import SQLiteBase, seed_text
from .store import DAILY_SEAT, FORMER_PLAYER, Account, Credential, DailyEntry, Deal, Finished, TableInfo, finish_game


class SQLiteAccounts(SQLiteBase):
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
