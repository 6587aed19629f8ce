"""The store of several table servers: one Redis (``redis://HOST:PORT/DB``).

Every server that shares the Redis sees the same tables. A table's record
lives there whole, under keys that share the table's hash tag (``{id}``), so
that a Redis Cluster keeps each table on one shard:

    archipel:{T}:table        hash: game, players, options, seats (JSON),
                              name:<seat>, joined:<seat>, number, created, address, open,
                              creator, started, clock (JSON, "" for none), chat,
                              mutes:<seat> (JSON), taken (JSON: seats bots took over),
                              closed ("1": closed before it began)
    archipel:{T}:game:<N>     hash: seed (JSON), over, salt, chosen, began,
                              out (JSON: seats out of the game, their time run out),
                              scheme (of the commitment), seats (JSON: the seats it binds),
                              timeouts (JSON: each time-out, {seat, ply, kind, out})
    archipel:{T}:moves:<N>    list: [player, move] (JSON), ply by ply
    archipel:{T}:times:<N>    list: when each move was kept, ply by ply
    archipel:{T}:undos:<N>    list: [ply, player, move, events] (JSON)
    archipel:{T}:tokens       hash: hash of a token -> seat (never the token)
    archipel:{T}:chat         list: the chat's last messages (JSON)

and two indexes beside them, shared by every server:

    archipel:address:<hash>   sorted set: the tables an address created, by time
    archipel:in-play          sorted set: the tables whose game is not over, by creation
    archipel:open             sorted set: the open tables, by creation (those
                              past a listing's window leave it once begun or closed)
    archipel:claims:<hash>    sorted set: the seats (``table/seat``) visitors from an
                              address took, by time

Every write that must not race is one Lua script, which Redis runs whole
before anything else: a move is appended only if the game has exactly the
plies the caller saw (so two servers can never both apply a move at one
ply), taken back only if it is still the last, and a rematch starts only
once. The indexes are written after the table's own script: a server killed
in between leaves a finished game listed as in play (``resume`` finds it over
and does nothing) or a table uncounted for its address for a day, never a
table lost or changed.

Durability is Redis's: with ``appendonly yes`` and ``appendfsync always``
(docs/deploy.md) a move is in the append-only file before Redis answers, so
an acknowledged move survives Redis being killed.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from .store import CHAT_KEPT, Store, StoredTable, TableInfo, Undo

if TYPE_CHECKING:
    from redis.asyncio import Redis

PREFIX = "archipel:"
# Connections to Redis a server holds at most: a call finding them all busy
# waits for one (up to POOL_WAIT seconds) rather than failing, however many
# players ask at once.
CONNECTIONS = 32
POOL_WAIT = 10.0
# An address's tables older than this leave its index (the limit counts a day).
ADDRESS_MEMORY = 7 * 24 * 3600.0

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(cjson.decode(ARGV[1])))
redis.call('HSET', KEYS[2], unpack(cjson.decode(ARGV[2])))
local tokens = cjson.decode(ARGV[3])
if #tokens > 0 then redis.call('HSET', KEYS[3], unpack(tokens)) end
return 1
"""

# KEYS: table, game, moves, times, tokens. ARGV: number, ply, the move's JSON,
# over (0/1), when, the holder's token hash ('' for a bot), the seat.
APPEND = """
if redis.call('HGET', KEYS[1], 'number') ~= ARGV[1] then return 0 end
if ARGV[6] ~= '' and redis.call('HGET', KEYS[5], ARGV[6]) ~= ARGV[7] then return 0 end
if redis.call('LLEN', KEYS[3]) ~= tonumber(ARGV[2]) then return 0 end
redis.call('RPUSH', KEYS[3], ARGV[3])
redis.call('RPUSH', KEYS[4], ARGV[5])
if ARGV[4] == '1' then redis.call('HSET', KEYS[2], 'over', '1') end
return 1
"""

# KEYS: table, moves, undos, times, tokens. ARGV: number, ply, the move's JSON,
# the undo's JSON, the holder's token hash, the seat.
TAKE_BACK = """
if redis.call('HGET', KEYS[1], 'number') ~= ARGV[1] then return 0 end
if ARGV[5] ~= '' and redis.call('HGET', KEYS[5], ARGV[5]) ~= ARGV[6] then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[2]) + 1 then return 0 end
if redis.call('LINDEX', KEYS[2], -1) ~= ARGV[3] then return 0 end
redis.call('RPOP', KEYS[2])
redis.call('RPOP', KEYS[4])
redis.call('RPUSH', KEYS[3], ARGV[4])
return 1
"""

# KEYS: table, the game before, the new game. ARGV: number, seed, salt, when,
# the commitment's scheme, the seats it binds (JSON, '' for none).
START = """
if redis.call('HGET', KEYS[1], 'number') ~= tostring(tonumber(ARGV[1]) - 1) then return 0 end
if redis.call('HGET', KEYS[2], 'over') ~= '1' then return 0 end
redis.call('HSET', KEYS[3], 'seed', ARGV[2], 'salt', ARGV[3], 'over', '0', 'chosen', '0', 'began', ARGV[4],
           'scheme', ARGV[5])
if ARGV[6] ~= '' then redis.call('HSET', KEYS[3], 'seats', ARGV[6]) end
redis.call('HSET', KEYS[1], 'number', ARGV[1])
local taken = redis.call('HGET', KEYS[1], 'taken')
if taken and taken ~= '[]' then
  local seats = cjson.decode(redis.call('HGET', KEYS[1], 'seats'))
  for _, seat in ipairs(cjson.decode(taken)) do seats[seat + 1] = 'h' end
  redis.call('HSET', KEYS[1], 'seats', cjson.encode(seats), 'taken', '[]')
end
return 1
"""

# A waiting table whose people have all sat down begins (KEYS[1] the
# table, KEYS[2] its game, ARGV[4] when): the end of CLAIM and SET_NAME.
BEGIN_IF_FULL = """
if redis.call('HGET', KEYS[1], 'started') == '0' then
  local seats = cjson.decode(redis.call('HGET', KEYS[1], 'seats'))
  local full = true
  for i = 1, #seats do
    if seats[i] == 'h' and redis.call('HGET', KEYS[1], 'joined:' .. (i - 1)) ~= '1' then full = false end
  end
  if full then
    redis.call('HSET', KEYS[1], 'started', '1')
    redis.call('HSET', KEYS[2], 'began', ARGV[4])
  end
end
return 1
"""

# KEYS: table, game, tokens. ARGV: the seats (JSON), when. Only a waiting
# table begins; the bots' seats sit, and their invitations go.
START_TABLE = """
if redis.call('HGET', KEYS[1], 'started') ~= '0' then return 0 end
local seats = cjson.decode(ARGV[1])
redis.call('HSET', KEYS[1], 'seats', ARGV[1], 'started', '1')
redis.call('HSET', KEYS[2], 'began', ARGV[2])
local held = redis.call('HGETALL', KEYS[3])
for i = 1, #seats do
  if seats[i] ~= 'h' then
    redis.call('HSET', KEYS[1], 'joined:' .. (i - 1), '1')
    for j = 1, #held, 2 do
      if held[j + 1] == tostring(i - 1) then redis.call('HDEL', KEYS[3], held[j]) end
    end
  end
end
return 1
"""

# KEYS: table, moves, game. ARGV: number, ply, seat, the bot's kind, out (0/1), over (0/1).
TAKE_OVER = """
if redis.call('HGET', KEYS[1], 'number') ~= ARGV[1] then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[2]) then return 0 end
local seats = cjson.decode(redis.call('HGET', KEYS[1], 'seats'))
local seat = tonumber(ARGV[3]) + 1
if seats[seat] ~= 'h' then return 0 end
seats[seat] = ARGV[4]
local taken = redis.call('HGET', KEYS[1], 'taken')
local list = (taken and taken ~= '[]') and cjson.decode(taken) or {}
table.insert(list, seat - 1)
table.sort(list)
redis.call('HSET', KEYS[1], 'seats', cjson.encode(seats), 'taken', cjson.encode(list))
if ARGV[5] == '1' then
  local out = redis.call('HGET', KEYS[3], 'out')
  local seats_out = (out and out ~= '[]') and cjson.decode(out) or {}
  table.insert(seats_out, seat - 1)
  table.sort(seats_out)
  redis.call('HSET', KEYS[3], 'out', cjson.encode(seats_out), 'over', ARGV[6])
end
local timeouts = redis.call('HGET', KEYS[3], 'timeouts')
local kept = (timeouts and timeouts ~= '[]') and cjson.decode(timeouts) or {}
table.insert(kept, {seat = seat - 1, ply = tonumber(ARGV[2]), kind = ARGV[4], out = ARGV[5] == '1'})
redis.call('HSET', KEYS[3], 'timeouts', cjson.encode(kept))
return 1
"""

# KEYS: tokens. ARGV: old hash, new hash, seat. A new token is no other's.
REPLACE_TOKEN = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[3] then return 0 end
if redis.call('HEXISTS', KEYS[1], ARGV[2]) == 1 then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
return 1
"""

# KEYS: table, game, tokens. ARGV: seat, the new token's hash, name, when.
# Only an open table's free person's seat is taken; the tokens that held it go.
CLAIM = """
if redis.call('HGET', KEYS[1], 'open') ~= '1' then return 0 end
if redis.call('HGET', KEYS[1], 'closed') == '1' then return 0 end
if redis.call('HGET', KEYS[1], 'joined:' .. ARGV[1]) ~= '0' then return 0 end
local held = redis.call('HGETALL', KEYS[3])
for i = 1, #held, 2 do
  if held[i + 1] == ARGV[1] then redis.call('HDEL', KEYS[3], held[i]) end
end
redis.call('HSET', KEYS[3], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[1], 'name:' .. ARGV[1], ARGV[3], 'joined:' .. ARGV[1], '1')
""" + BEGIN_IF_FULL

# KEYS: table, game, tokens. ARGV: seat, name, the holder's token hash ('':
# no check), when. Only a table that exists and is not closed gets a name,
# from the seat's holder.
SET_NAME = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[1], 'closed') == '1' then return 0 end
if ARGV[3] ~= '' and redis.call('HGET', KEYS[3], ARGV[3]) ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'name:' .. ARGV[1], ARGV[2], 'joined:' .. ARGV[1], '1')
""" + BEGIN_IF_FULL

# KEYS: table. A table that has not begun is closed, once.
CLOSE = """
if redis.call('HGET', KEYS[1], 'started') ~= '0' then return 0 end
if redis.call('HGET', KEYS[1], 'closed') == '1' then return 0 end
redis.call('HSET', KEYS[1], 'closed', '1')
return 1
"""


def move_text(player: int, move: str) -> str:
    """A move as kept in its list: one spelling, so that a script can compare it."""
    return json.dumps([player, move], ensure_ascii=False, separators=(",", ":"))


class RedisStore(Store):
    """Tables in Redis, through redis-py's asyncio client."""

    def __init__(self, url: str, prefix: str = PREFIX):
        self.url = url
        self.prefix = prefix
        self._client: Redis | None = None
        self._scripts: dict = {}

    # -- keys ----------------------------------------------------------------------
    def _table(self, table_id: str) -> str:
        return f"{self.prefix}{{{table_id}}}:table"

    def _game(self, table_id: str, number: int) -> str:
        return f"{self.prefix}{{{table_id}}}:game:{number}"

    def _moves(self, table_id: str, number: int) -> str:
        return f"{self.prefix}{{{table_id}}}:moves:{number}"

    def _times(self, table_id: str, number: int) -> str:
        return f"{self.prefix}{{{table_id}}}:times:{number}"

    def _chat(self, table_id: str) -> str:
        return f"{self.prefix}{{{table_id}}}:chat"

    def _undos(self, table_id: str, number: int) -> str:
        return f"{self.prefix}{{{table_id}}}:undos:{number}"

    def _tokens(self, table_id: str) -> str:
        return f"{self.prefix}{{{table_id}}}:tokens"

    def _address(self, address: str) -> str:
        return f"{self.prefix}address:{address}"

    def _claims(self, address: str) -> str:
        return f"{self.prefix}claims:{address}"

    @property
    def _in_play(self) -> str:
        return f"{self.prefix}in-play"

    @property
    def _open(self) -> str:
        return f"{self.prefix}open"

    # -- set-up ------------------------------------------------------------------
    @property
    def client(self) -> Redis:
        assert self._client is not None, "the store is open"
        return self._client

    async def open(self) -> None:
        import redis.asyncio as redis

        client = redis.Redis(connection_pool=redis.BlockingConnectionPool.from_url(
            self.url, max_connections=CONNECTIONS, timeout=POOL_WAIT, decode_responses=True))
        await client.ping()
        self._client = client
        for name, source in (("create", CREATE), ("append", APPEND), ("take_back", TAKE_BACK),
                             ("start", START), ("replace_token", REPLACE_TOKEN), ("set_name", SET_NAME),
                             ("claim", CLAIM), ("start_table", START_TABLE), ("take_over", TAKE_OVER),
                             ("close", CLOSE)):
            self._scripts[name] = client.register_script(source)

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def _script(self, name: str, keys: list, args: list) -> bool:
        return await self._scripts[name](keys=keys, args=args) == 1

    # -- tables ------------------------------------------------------------------
    async def create_table(self, info: TableInfo, tokens: dict, address: str) -> None:
        table = ["game", info.game, "players", str(info.players), "options", json.dumps(info.options),
                 "seats", json.dumps(info.seats), "number", str(info.number), "created", repr(info.created),
                 "address", address, "open", "1" if info.open else "0", "creator", str(info.creator),
                 "started", "1" if info.started else "0", "clock", "" if info.clock is None else json.dumps(info.clock),
                 "chat", info.chat]
        for seat, (name, joined) in enumerate(zip(info.names, info.joined)):
            table += [f"name:{seat}", name, f"joined:{seat}", "1" if joined else "0",
                      f"mutes:{seat}", json.dumps(info.mutes[seat])]
        game = ["seed", json.dumps(info.seed), "over", "0", "chosen", "1" if info.chosen_seed else "0",
                "began", repr(info.began), "scheme", str(info.scheme)]
        if info.committed is not None:
            game += ["seats", json.dumps(info.committed)]
        if info.salt is not None:
            game += ["salt", info.salt]
        seats = [item for digest, seat in ((digest, str(seat)) for seat, digest in tokens.items())
                 for item in (digest, seat)]
        created = await self._script(
            "create", [self._table(info.id), self._game(info.id, info.number), self._tokens(info.id)],
            [json.dumps(table), json.dumps(game), json.dumps(seats)])
        if not created:
            raise ValueError(f"table {info.id} already exists")
        async with self.client.pipeline(transaction=False) as pipe:
            pipe.zadd(self._address(address), {info.id: info.created})
            pipe.zremrangebyscore(self._address(address), "-inf", info.created - ADDRESS_MEMORY)
            pipe.zadd(self._in_play, {info.id: info.created})
            if info.open:
                pipe.zadd(self._open, {info.id: info.created})
            await pipe.execute()

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
            players = int(table["players"])
            info = TableInfo(
                id=table_id, game=table["game"], players=players, options=json.loads(table["options"]),
                seats=json.loads(table["seats"]),
                names=[table.get(f"name:{seat}", "") for seat in range(players)],
                joined=[table.get(f"joined:{seat}") == "1" for seat in range(players)],
                number=wanted, seed=json.loads(game["seed"]), created=float(table["created"]),
                salt=game.get("salt"), chosen_seed=game.get("chosen") == "1", open=table.get("open") == "1",
                creator=int(table.get("creator", "0")), started=table.get("started", "1") == "1",
                began=float(game.get("began", "0")),
                clock=json.loads(table["clock"]) if table.get("clock") else None, chat=table.get("chat", "seats"),
                mutes=[json.loads(table.get(f"mutes:{seat}", "[]")) for seat in range(players)],
                taken=json.loads(table.get("taken") or "[]"), scheme=int(game.get("scheme", "1")),
                committed=json.loads(game["seats"]) if game.get("seats") else None,
                timeouts=json.loads(game.get("timeouts") or "[]"), closed=table.get("closed") == "1")
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
                          move: str, over: bool, at: float = 0.0, holder: str | None = None) -> bool:
        kept = await self._script(
            "append", [self._table(table_id), self._game(table_id, number), self._moves(table_id, number),
                       self._times(table_id, number), self._tokens(table_id)],
            [str(number), str(ply), move_text(player, move), "1" if over else "0", repr(at), holder or "",
             str(player)])
        if kept and over:
            await self.client.zrem(self._in_play, table_id)
        return kept

    async def take_back(self, table_id: str, number: int, undo: Undo, holder: str | None = None) -> bool:
        entry = json.dumps([undo.ply, undo.player, undo.move, undo.events], ensure_ascii=False,
                           separators=(",", ":"))
        return await self._script(
            "take_back", [self._table(table_id), self._moves(table_id, number), self._undos(table_id, number),
                          self._times(table_id, number), self._tokens(table_id)],
            [str(number), str(undo.ply), move_text(undo.player, undo.move), entry, holder or "", str(undo.player)])

    # -- seats and games -----------------------------------------------------------
    async def set_name(self, table_id: str, seat: int, name: str, at: float = 0.0,
                       holder: str | None = None) -> bool:
        number = await self.client.hget(self._table(table_id), "number") or "1"
        return await self._script("set_name", [self._table(table_id), self._game(table_id, int(number)),
                                               self._tokens(table_id)], [str(seat), name, holder or "", repr(at)])

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
                         address: str = "") -> bool:
        # An open table waits with its first game: its number is 1.
        claimed = await self._script("claim", [self._table(table_id), self._game(table_id, 1),
                                               self._tokens(table_id)], [str(seat), token_hash, name, repr(at)])
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
                        out: bool = False, over: bool = False) -> bool:
        taken = await self._script("take_over", [self._table(table_id), self._moves(table_id, number),
                                                 self._game(table_id, number)],
                                   [str(number), str(ply), str(seat), kind, "1" if out else "0", "1" if over else "0"])
        if taken and over:
            await self.client.zrem(self._in_play, table_id)
        return taken

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
