"""The Redis store's accounts: passkeys, sessions and secrets, a game's end
with its players' ratings and histories in one watched transaction, the
leaderboards, and the day's deal (docs/online.md, sections 12 and 13; the
keys are listed in ``redis_base.py``)."""

from __future__ import annotations

import json

from .ratings import Rating
from .redis_base import RedisBase
from .store import (DAILY_SEAT, FORMER_PLAYER, Account, Credential, DailyEntry, Deal, Finished, TableInfo,
                    finish_game, finished_entry)


class RedisAccounts(RedisBase):
    async def _end_game(self, table_id: str, number: int, ranks: list, at: float, play,
                        score: float | None = None) -> bool:
        """A move that ends game ``number`` of a table with an account, with
        the accounts' histories and ratings (``store.finish_game``) in one
        transaction, and at a table of the day's deal the person's board
        entry (``store.finished_entry``, with ``score``). ``play(info, game,
        moves, tokens)`` (the table's info, its game's hash, the number of
        its moves, its tokens) checks what the Lua script would, brings
        ``info`` to the state after the move and returns what queues its
        writes, or None: refused."""
        keys = [self._table(table_id), self._game(table_id, number), self._moves(table_id, number),
                self._tokens(table_id)]

        async def attempt(pipe) -> bool:
            await pipe.watch(*keys)
            table, game, count, tokens = (await pipe.hgetall(keys[0]), await pipe.hgetall(keys[1]),
                                          await pipe.llen(keys[2]), await pipe.hgetall(keys[3]))
            if table.get("number") != str(number) or not game:
                return False
            info = self._info(table_id, table, game, number)
            write = play(info, game, count, tokens)
            if write is None:
                return False
            people = [account for account in info.accounts if account]
            current = {}
            if people:
                await pipe.watch(*(self._account(account, "ratings") for account in people))
                for account in people:
                    kept = await pipe.hget(self._account(account, "ratings"), info.game)
                    if kept:
                        current[account] = Rating(**json.loads(kept))
            entries, after = finish_game(info, ranks, at, current)
            board = await self._board_entry(pipe, info) if info.daily is not None else None
            pipe.multi()
            write(pipe)
            self._keep_finished(pipe, info, entries, after)
            if board is not None:
                key, entry = board
                pipe.set(key, json.dumps(finished_entry(entry, ranks, score, at).__dict__, ensure_ascii=False))
            await pipe.execute()
            return True
        return await self._optimistic(attempt)

    async def _board_entry(self, pipe, info: TableInfo) -> tuple | None:
        """The key and the entry (WATCHed) of the person's board entry at a
        table of the day's deal; None when there is none (its account was
        deleted)."""
        account = info.accounts[DAILY_SEAT]
        if not account or info.daily is None:
            return None
        key = self._entry(info.game, info.daily, account)
        await pipe.watch(key)
        kept = await pipe.get(key)
        entry = None if kept is None else DailyEntry(**json.loads(kept))
        return None if entry is None or entry.table != info.id else (key, entry)

    def _keep_finished(self, pipe, info: TableInfo, entries: list, after: dict) -> None:
        """Queue what a finished game leaves its accounts: their new ratings
        (and places on the leaderboard), and the game in their histories."""
        for account, rating in after.items():
            pipe.hset(self._account(account, "ratings"), info.game,
                      json.dumps({"mu": rating.mu, "sigma": rating.sigma, "games": rating.games}))
            pipe.zadd(self._leaderboard(info.game), {account: rating.ordinal})
        for entry in entries:
            played = f"{entry.table}/{entry.number}"
            pipe.zadd(self._account(entry.account, "history"), {played: entry.at})
            pipe.hset(self._account(entry.account, "games"), played, json.dumps(entry.__dict__, ensure_ascii=False))
            pipe.sadd(self._players(info.id), entry.account)

    async def _seated(self, table_id: str, seat: int, account: str | None, sat) -> bool:
        """After SET_NAME or CLAIM (``sat``: what it returned): the indexes of
        the account that sits and of the one that left the seat follow."""
        if not isinstance(sat, list):
            return False
        left = sat[1]
        async with self.client.pipeline(transaction=False) as pipe:
            if left and left != account:
                pipe.hdel(self._account(left, "tables"), table_id)
            if account:
                pipe.hset(self._account(account, "tables"), table_id, str(seat))
            await pipe.execute()
        return True

    # -- accounts ---------------------------------------------------------------------
    @staticmethod
    def _credential_fields(credential: Credential) -> str:
        return json.dumps(["account", credential.account, "public_key", credential.public_key,
                           "sign_count", str(credential.sign_count), "created", repr(credential.created),
                           "label", credential.label])

    async def create_account(self, account: Account, credential: Credential) -> bool:
        return await self._script(
            "create_account", [self._names, self._account(account.id), self._credential(credential.id),
                               self._account(account.id, "credentials")],
            [account.key, account.id, account.name, repr(account.created), self._credential_fields(credential),
             credential.id])

    async def load_account(self, account_id: str) -> Account | None:
        fields: dict = await self.client.hgetall(self._account(account_id))
        return Account(account_id, fields["name"], fields["key"], float(fields["created"])) if fields else None

    async def account_named(self, key: str) -> Account | None:
        account_id = await self.client.hget(self._names, key)
        return None if account_id is None else await self.load_account(str(account_id))

    async def add_credential(self, credential: Credential) -> bool:
        return await self._script(
            "add_credential", [self._account(credential.account), self._credential(credential.id),
                               self._account(credential.account, "credentials")],
            [self._credential_fields(credential), credential.id])

    async def load_credential(self, credential_id: str) -> Credential | None:
        fields: dict = await self.client.hgetall(self._credential(credential_id))
        if not fields:
            return None
        return Credential(credential_id, fields["account"], fields["public_key"], int(fields["sign_count"]),
                          float(fields["created"]), fields.get("label", ""))

    async def credentials_of(self, account_id: str) -> list:
        found = [await self.load_credential(str(credential_id))
                 for credential_id in await self.client.smembers(self._account(account_id, "credentials"))]
        return sorted((credential for credential in found if credential is not None),
                      key=lambda credential: (credential.created, credential.id))

    async def set_sign_count(self, credential_id: str, count: int) -> None:
        await self._script("sign_count", [self._credential(credential_id)], [str(count)])

    async def put_secret(self, kind: str, key: str, value: dict, expires: float) -> None:
        await self.client.set(self._secret(kind, key), json.dumps({"value": value, "expires": expires}),
                              pxat=max(1, int(expires * 1000)))

    async def take_secret(self, kind: str, key: str, now: float) -> dict | None:
        # GETDEL: one reader gets it, whether it has expired or not.
        kept = await self.client.getdel(self._secret(kind, key))
        if kept is None:
            return None
        secret = json.loads(kept)
        return None if secret["expires"] < now else secret["value"]

    async def create_session(self, key: str, account_id: str, expires: float) -> None:
        sessions = self._account(account_id, "sessions")
        held = [str(session) for session in await self.client.smembers(sessions)]
        async with self.client.pipeline(transaction=False) as pipe:
            for session in held:
                pipe.exists(self._session(session))
            there = await pipe.execute()
        async with self.client.pipeline(transaction=True) as pipe:
            # The sessions Redis expired leave the account's set.
            gone = [session for session, kept in zip(held, there) if not kept]
            if gone:
                pipe.srem(sessions, *gone)
            pipe.set(self._session(key), account_id, pxat=max(1, int(expires * 1000)))
            pipe.sadd(sessions, key)
            await pipe.execute()

    async def session_account(self, key: str, now: float) -> str | None:
        # Redis forgets a session when it expires.
        account_id = await self.client.get(self._session(key))
        return None if account_id is None else str(account_id)

    async def end_session(self, key: str) -> None:
        account_id = await self.client.getdel(self._session(key))
        if account_id is not None:
            await self.client.srem(self._account(str(account_id), "sessions"), key)

    async def delete_account(self, account_id: str) -> bool:
        account = await self.client.hgetall(self._account(account_id))
        if not account:
            return False
        seated: dict = await self.client.hgetall(self._account(account_id, "tables"))
        played: dict = await self.client.hgetall(self._account(account_id, "games"))
        places = {(table_id, int(seat)) for table_id, seat in seated.items()}
        places |= {(entry["table"], entry["seat"]) for entry in map(json.loads, played.values())}
        for table_id, seat in sorted(places):
            await self._forget_seat(table_id, seat, account_id)
        # Read once its seats are forgotten: no game ending now rates it.
        games: list = await self.client.hkeys(self._account(account_id, "ratings"))
        credentials: set = await self.client.smembers(self._account(account_id, "credentials"))
        sessions: set = await self.client.smembers(self._account(account_id, "sessions"))
        boards: set = await self.client.smembers(self._account(account_id, "daily"))
        named = await self.client.hget(self._names, account["key"])
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.delete(*(self._credential(credential) for credential in credentials),
                        *(self._session(session) for session in sessions),
                        *(self._account(account_id, what) for what in ("credentials", "sessions", "ratings",
                                                                       "history", "games", "tables", "daily")))
            for game in games:
                pipe.zrem(self._leaderboard(game), account_id)
            for board in boards:
                game, day = str(board).rsplit("/", 1)
                pipe.delete(self._entry(game, int(day), account_id))
                pipe.srem(self._board(game, int(day)), account_id)
            for table_id in {table_id for table_id, _ in places}:
                pipe.srem(self._players(table_id), account_id)
            if named == account_id:
                pipe.hdel(self._names, account["key"])
            # Last: until then, a deletion cut short can be made again.
            pipe.delete(self._account(account_id))
            *_, deleted = await pipe.execute()
        return deleted == 1

    async def _forget_seat(self, table_id: str, seat: int, account_id: str) -> None:
        """The seat of a deleted account is "a former player's", at its table
        and in the others' histories of its games."""
        table = self._table(table_id)

        async def at_table(pipe) -> int:
            await pipe.watch(table)
            number, players, accounts = await pipe.hmget(table, ["number", "players", "accounts"])
            if number is None:
                return 0
            pipe.multi()
            if seat < int(players):
                pipe.hset(table, f"name:{seat}", FORMER_PLAYER)
            pipe.hset(table, "accounts", json.dumps([None if held == account_id else held
                                                     for held in json.loads(accounts or "[]")]))
            await pipe.execute()
            return int(number)
        number = await self._optimistic(at_table)
        fields = [f"{table_id}/{game}" for game in range(1, number + 1)]
        for other in await self.client.smembers(self._players(table_id)):
            if other != account_id and fields:
                await self._optimistic(lambda pipe, other=other: self._rename(pipe, other, fields, seat))

    async def _rename(self, pipe, account_id: str, fields: list, seat: int) -> None:
        """In ``account_id``'s games ``fields`` (of one table), the name at
        ``seat`` is a former player's."""
        games = self._account(account_id, "games")
        await pipe.watch(games)
        renamed = {}
        for field, kept in zip(fields, await pipe.hmget(games, fields)):
            if kept is not None:
                entry = json.loads(kept)
                if seat < len(entry["names"]):
                    entry["names"][seat] = FORMER_PLAYER
                renamed[field] = json.dumps(entry, ensure_ascii=False)
        pipe.multi()
        if renamed:
            pipe.hset(games, mapping=renamed)
        await pipe.execute()

    async def ratings_of(self, account_id: str) -> dict:
        return {game: Rating(**json.loads(kept))
                for game, kept in (await self.client.hgetall(self._account(account_id, "ratings"))).items()}

    async def history_of(self, account_id: str, limit: int) -> list:
        if limit <= 0:
            return []
        played: list = await self.client.zrevrange(self._account(account_id, "history"), 0, limit - 1)
        if not played:
            return []
        entries = await self.client.hmget(self._account(account_id, "games"), played)
        return [Finished(**json.loads(entry)) for entry in entries if entry is not None]

    async def tables_of(self, account_id: str) -> list:
        index: dict = await self.client.hgetall(self._account(account_id, "tables"))
        seated = list(index.items())
        async with self.client.pipeline(transaction=False) as pipe:
            for table_id, _ in seated:
                pipe.hmget(self._table(table_id), ["number", "closed", "accounts", "created"])
            tables = await pipe.execute()
        # The table's own list says who sits there (the index may lag behind it).
        sitting = [(table_id, number, float(created)) for (table_id, seat), (number, closed, accounts, created)
                   in zip(seated, tables)
                   if number is not None and closed != "1" and int(seat) < len(json.loads(accounts or "[]"))
                   and json.loads(accounts)[int(seat)] == account_id]
        async with self.client.pipeline(transaction=False) as pipe:
            for table_id, number, _ in sitting:
                pipe.hget(self._game(table_id, int(number)), "over")
            over = await pipe.execute()
        playing = [(created, table_id) for (table_id, _, created), ended in zip(sitting, over) if ended != "1"]
        return [table_id for _, table_id in sorted(playing, reverse=True)]

    async def leaderboard(self, game: str, limit: int, account_id: str | None = None,
                          around: int = 2) -> tuple:
        # The whole board, ordered here: ordinal first, then the account's
        # id ascending (a sorted set orders ties the other way round).
        board: list = await self.client.zrange(self._leaderboard(game), 0, -1, withscores=True)
        ranked = [account for account, _ in sorted(board, key=lambda item: (-item[1], item[0]))]
        top = await self._board_rows(game, ranked, 0, limit)
        mine: list = []
        if account_id in ranked:
            ahead = ranked.index(account_id)
            start = max(0, ahead - around)
            mine = await self._board_rows(game, ranked, start, ahead - start + around + 1)
        return top, mine

    async def _board_rows(self, game: str, ranked: list, start: int, count: int) -> list:
        """Rows ``start`` (0-based) to ``start + count`` of the leaderboard:
        (rank, ``Account``, ``Rating``)."""
        shown = ranked[start:start + max(0, count)]
        async with self.client.pipeline(transaction=False) as pipe:
            for account_id in shown:
                pipe.hgetall(self._account(account_id))
                pipe.hget(self._account(account_id, "ratings"), game)
            found = await pipe.execute()
        rows = []
        for index, account_id in enumerate(shown):
            account, rating = found[2 * index], found[2 * index + 1]
            if account and rating:
                rows.append((start + index + 1, Account(account_id, account["name"], account["key"],
                                                        float(account["created"])), Rating(**json.loads(rating))))
        return rows

    # -- the day's deal ---------------------------------------------------------------
    async def make_deal(self, deal: Deal) -> Deal:
        # SET NX: the first deal kept stays; every server then reads that one.
        await self.client.set(self._deal(deal.game, deal.day), json.dumps(deal.__dict__), nx=True)
        kept = await self.load_deal(deal.game, deal.day)
        assert kept is not None, "a deal once kept stays"
        return kept

    async def load_deal(self, game: str, day: int) -> Deal | None:
        kept = await self.client.get(self._deal(game, day))
        return None if kept is None else Deal(**json.loads(kept))

    async def enter_daily(self, info: TableInfo, tokens: dict, address: str, entry: DailyEntry) -> bool:
        table, game, seats = self._table_fields(info, tokens, address)
        entered = await self._call(
            "enter_daily", [self._table(info.id), self._game(info.id, info.number), self._tokens(info.id),
                            self._entry(entry.game, entry.day, entry.account), self._board(entry.game, entry.day),
                            self._account(entry.account, "daily")],
            [table, game, seats, json.dumps(entry.__dict__, ensure_ascii=False), entry.account,
             f"{entry.game}/{entry.day}"])
        if entered == 2:
            return False
        if entered != 1:
            raise ValueError(f"table {info.id} already exists")
        await self._index_table(info, address)
        return True

    async def daily_entry(self, game: str, day: int, account_id: str) -> DailyEntry | None:
        kept = await self.client.get(self._entry(game, day, account_id))
        return None if kept is None else DailyEntry(**json.loads(kept))

    async def daily_board(self, game: str, day: int) -> list:
        accounts = sorted(await self.client.smembers(self._board(game, day)))
        return await self._entries([self._entry(game, day, str(account)) for account in accounts])

    async def daily_entries_of(self, account_id: str) -> list:
        boards = [str(board).rsplit("/", 1) for board in await self.client.smembers(self._account(account_id, "daily"))]
        found = await self._entries([self._entry(game, int(day), account_id) for game, day in boards])
        return sorted(found, key=lambda entry: (entry.day, entry.game))

    async def _entries(self, keys: list) -> list:
        if not keys:
            return []
        return [DailyEntry(**json.loads(kept)) for kept in await self.client.mget(keys) if kept is not None]
