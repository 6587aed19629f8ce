"""The store of several table servers: one Redis (``redis://HOST:PORT/DB``),
its keys and scripts described in ``redis_base.py``. Here, the tables: their
creation, moves, seats, games and chat; accounts and the day's deal are
``redis_accounts.py``'s."""

from __future__ import annotations

import json
import time

from .redis_accounts import RedisAccounts
from .redis_base import ADDRESS_MEMORY, move_text
from .store import CHAT_KEPT, StoredTable, TableInfo, Undo


class RedisStore(RedisAccounts):
    """Tables in Redis, through redis-py's asyncio client."""

    # -- tables ------------------------------------------------------------------
    async def create_table(self, info: TableInfo, tokens: dict, address: str) -> None:
        table, game, seats = self._table_fields(info, tokens, address)
        created = await self._script(
            "create", [self._table(info.id), self._game(info.id, info.number), self._tokens(info.id)],
            [table, game, seats])
        if not created:
            raise ValueError(f"table {info.id} already exists")
        await self._index_table(info, address)

    async def load_table(self, table_id: str, number: int | None = None) -> StoredTable | None:
        while True:
            current = await self.client.hget(self._table(table_id), "number")
            if current is None:
                return None
            wanted = int(current) if number is None else number
            async with self.client.pipeline(transaction=True) as pipe:
                pipe.hgetall(self._table(table_id))
                pipe.hgetall(self._game(table_id, wanted))
                pipe.lrange(self._moves(table_id, wanted), 0, -1)
                pipe.lrange(self._undos(table_id, wanted), 0, -1)
                pipe.lrange(self._times(table_id, wanted), 0, -1)
                pipe.hgetall(self._tokens(table_id))
                table, game, moves, undos, times, tokens = await pipe.execute()
            if number is None and table.get("number") != current:
                continue                           # a rematch began meanwhile: read it
            if not game:
                return None
            info = self._info(table_id, table, game, wanted)
            kept = [tuple(json.loads(text)) for text in moves]
            taken_back = [Undo(*json.loads(text)) for text in undos]
            # Moves kept before they were timed count as made at 0.
            when = [float(text) for text in times] + [0.0] * (len(kept) - len(times))
            return StoredTable(info, kept, taken_back, game.get("over") == "1", when[:len(kept)],
                               json.loads(game.get("out") or "[]"),
                               {digest: int(seat) for digest, seat in tokens.items()})

    async def seat_of(self, table_id: str, token_hash: str) -> int | None:
        seat = await self.client.hget(self._tokens(table_id), token_hash)
        return None if seat is None else int(seat)

    # -- moves -------------------------------------------------------------------
    async def append_move(self, table_id: str, number: int, ply: int, player: int,
                          move: str, over: bool, at: float = 0.0, holder: str | None = None,
                          ranks: list | None = None, score: float | None = None) -> bool:
        ends = over and ranks is not None
        moves, times, game = self._moves(table_id, number), self._times(table_id, number), self._game(table_id, number)
        kept = await self._call(
            "append", [self._table(table_id), game, moves, times, self._tokens(table_id)],
            [str(number), str(ply), move_text(player, move), "1" if over else "0", repr(at), holder or "",
             str(player), "1" if ends else "0"])
        if kept == 2:
            def play(info: TableInfo, state: dict, count: int, tokens: dict):
                if count != ply or (holder and tokens.get(holder) != str(player)):
                    return None

                def write(pipe):
                    pipe.rpush(moves, move_text(player, move))
                    pipe.rpush(times, repr(at))
                    pipe.hset(game, "over", "1")
                return write
            kept = await self._end_game(table_id, number, ranks or [], at, play, score)
        if kept and over:
            await self.client.zrem(self._in_play, table_id)
        return bool(kept)

    async def take_back(self, table_id: str, number: int, undo: Undo, holder: str | None = None) -> bool:
        entry = json.dumps([undo.ply, undo.player, undo.move, undo.events], ensure_ascii=False,
                           separators=(",", ":"))
        return await self._script(
            "take_back", [self._table(table_id), self._moves(table_id, number), self._undos(table_id, number),
                          self._times(table_id, number), self._tokens(table_id)],
            [str(number), str(undo.ply), move_text(undo.player, undo.move), entry, holder or "", str(undo.player)])

    # -- seats and games -----------------------------------------------------------
    async def set_name(self, table_id: str, seat: int, name: str, at: float = 0.0,
                       holder: str | None = None, account: str | None = None) -> bool:
        number = await self.client.hget(self._table(table_id), "number") or "1"
        sat = await self._call("set_name", [self._table(table_id), self._game(table_id, int(number)),
                                            self._tokens(table_id)],
                               [str(seat), name, holder or "", repr(at), account or ""])
        return await self._seated(table_id, seat, account, sat)

    async def replace_token(self, table_id: str, seat: int, old_hash: str, new_hash: str) -> bool:
        return await self._script("replace_token", [self._tokens(table_id)], [old_hash, new_hash, str(seat)])

    async def start_game(self, table_id: str, number: int, seed: int | str, salt: str,
                         at: float = 0.0, committed: list | None = None) -> bool:
        started = await self._script(
            "start", [self._table(table_id), self._game(table_id, number - 1), self._game(table_id, number)],
            [str(number), json.dumps(seed), salt, repr(at), "1" if committed is None else "2",
             "" if committed is None else json.dumps(committed)])
        if started:
            created = await self.client.hget(self._table(table_id), "created")
            await self.client.zadd(self._in_play, {table_id: float(created or time.time())})
        return started

    async def tables_created_since(self, address: str, since: float) -> int:
        return await self.client.zcount(self._address(address), since, "+inf")

    async def open_tables(self, since: float, limit: int) -> list:
        found = []
        for table_id in await self.client.zrevrangebyscore(self._open, "+inf", since):
            stored = await self.load_table(str(table_id))
            if stored is not None and stored.listed:
                found.append(stored.info)
                if len(found) >= limit:
                    break
        return found

    async def open_tables_created_since(self, address: str, since: float) -> int:
        created = await self.client.zrangebyscore(self._address(address), since, "+inf")
        if not created:
            return 0
        async with self.client.pipeline(transaction=False) as pipe:
            for table_id in created:
                pipe.hget(self._table(str(table_id)), "open")
            flags = await pipe.execute()
        listed = 0
        for table_id, flag in zip(created, flags):
            if flag == "1":
                stored = await self.load_table(str(table_id))
                listed += stored is not None and stored.listed
        return listed

    async def claim_seat(self, table_id: str, seat: int, token_hash: str, name: str, at: float = 0.0,
                         address: str = "", account: str | None = None) -> bool:
        # An open table waits with its first game: its number is 1.
        sat = await self._call("claim", [self._table(table_id), self._game(table_id, 1), self._tokens(table_id)],
                               [str(seat), token_hash, name, repr(at), account or ""])
        claimed = await self._seated(table_id, seat, account, sat)
        if claimed:
            async with self.client.pipeline(transaction=False) as pipe:
                pipe.zadd(self._claims(address), {f"{table_id}/{seat}": at})
                pipe.zremrangebyscore(self._claims(address), "-inf", at - ADDRESS_MEMORY)
                await pipe.execute()
        return claimed

    async def seats_claimed_since(self, address: str, since: float) -> int:
        held = 0
        for member in await self.client.zrangebyscore(self._claims(address), since, "+inf"):
            table_id = str(member).rsplit("/", 1)[0]
            number, closed = await self.client.hmget(self._table(table_id), ["number", "closed"])
            if number is None or closed == "1":
                continue
            held += await self.client.hget(self._game(table_id, int(number)), "over") != "1"
        return held

    async def waiting_open_tables(self, before: float) -> list:
        waiting = []
        for table_id in await self.client.zrangebyscore(self._open, "-inf", f"({before}"):
            started, closed = await self.client.hmget(self._table(str(table_id)), ["started", "closed"])
            if started == "0" and closed != "1":
                waiting.append(str(table_id))
            else:
                # Past its listing time, begun or closed: it leaves the index.
                await self.client.zrem(self._open, str(table_id))
        return waiting

    async def close_table(self, table_id: str) -> bool:
        closed = await self._script("close", [self._table(table_id)], [])
        if closed:
            await self.client.zrem(self._open, table_id)
            await self.client.zrem(self._in_play, table_id)
        return closed

    async def start_table(self, table_id: str, seats: list, at: float) -> bool:
        started = await self._script("start_table", [self._table(table_id), self._game(table_id, 1),
                                                     self._tokens(table_id)], [json.dumps(seats), repr(at)])
        if started:
            await self.client.zrem(self._open, table_id)
        return started

    async def take_over(self, table_id: str, number: int, ply: int, seat: int, kind: str,
                        out: bool = False, over: bool = False, ranks: list | None = None) -> bool:
        # Only a seat out of the game ends it (as the script has it).
        ends = out and over and ranks is not None
        table, game = self._table(table_id), self._game(table_id, number)
        taken = await self._call("take_over", [table, self._moves(table_id, number), game],
                                 [str(number), str(ply), str(seat), kind, "1" if out else "0", "1" if over else "0",
                                  "1" if ends else "0"])
        if taken == 2:
            def play(info: TableInfo, state: dict, count: int, tokens: dict):
                if count != ply or not 0 <= seat < len(info.seats) or info.seats[seat] != "h":
                    return None
                # The seat a bot plays on is still the person's (``played_seats``) for the ratings.
                info.seats[seat] = kind
                info.taken = sorted(info.taken + [seat])
                info.timeouts.append({"seat": seat, "ply": ply, "kind": kind, "out": True})
                seats_out = sorted(json.loads(state.get("out") or "[]") + [seat])

                def write(pipe):
                    pipe.hset(table, mapping={"seats": json.dumps(info.seats), "taken": json.dumps(info.taken)})
                    pipe.hset(game, mapping={"out": json.dumps(seats_out), "over": "1",
                                             "timeouts": json.dumps(info.timeouts)})
                return write
            taken = await self._end_game(table_id, number, ranks or [], time.time(), play)
        if taken and over:
            await self.client.zrem(self._in_play, table_id)
        return bool(taken)

    # -- chat -------------------------------------------------------------------------
    async def add_chat(self, table_id: str, entry: dict) -> None:
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.rpush(self._chat(table_id), json.dumps(entry, ensure_ascii=False))
            pipe.ltrim(self._chat(table_id), -CHAT_KEPT, -1)
            await pipe.execute()

    async def load_chat(self, table_id: str) -> list:
        return [json.loads(text) for text in await self.client.lrange(self._chat(table_id), 0, -1)]

    async def set_mutes(self, table_id: str, seat: int, muted: list) -> None:
        await self.client.hset(self._table(table_id), f"mutes:{seat}", json.dumps(list(muted)))

    async def tables_in_play(self) -> list:
        return list(await self.client.zrange(self._in_play, 0, -1))
