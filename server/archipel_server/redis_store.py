"""The store of several table servers: one Redis (``redis://HOST:PORT/DB``).

Every server that shares the Redis sees the same tables. A table's record
lives there whole, under keys that share the table's hash tag (``{id}``), so
that a Redis Cluster keeps each table on one shard:

    archipel:{T}:table        hash: game, players, options, seats (JSON),
                              name:<seat>, joined:<seat>, number, created, address, open,
                              creator, started, clock (JSON, "" for none), chat,
                              mutes:<seat> (JSON), taken (JSON: seats bots took over),
                              closed ("1": closed before it began),
                              accounts (JSON: per seat, an account id or null), rated ("1"/"0"),
                              daily (the day of the deal it plays; absent for another table)
    archipel:{T}:game:<N>     hash: seed (JSON), over, salt, chosen, began,
                              out (JSON: seats out of the game, their time run out),
                              scheme (of the commitment), seats (JSON: the seats it binds),
                              timeouts (JSON: each time-out, {seat, ply, kind, out})
    archipel:{T}:moves:<N>    list: [player, move] (JSON), ply by ply
    archipel:{T}:times:<N>    list: when each move was kept, ply by ply
    archipel:{T}:undos:<N>    list: [ply, player, move, events] (JSON)
    archipel:{T}:tokens       hash: hash of a token -> seat (never the token)
    archipel:{T}:chat         list: the chat's last messages (JSON)
    archipel:{T}:players      set: the accounts whose history holds a game of the table

and indexes beside them, shared by every server:

    archipel:address:<hash>   sorted set: the tables an address created, by time
    archipel:in-play          sorted set: the tables whose game is not over, by creation
    archipel:open             sorted set: the open tables, by creation (those
                              past a listing's window leave it once begun or closed)
    archipel:claims:<hash>    sorted set: the seats (``table/seat``) visitors from an
                              address took, by time

The accounts (``store.Account``), each under its id <A>:

    archipel:account:<A>      hash: name, key, created
    archipel:names            hash: a name's key -> the account holding it
    archipel:credential:<C>   hash: account, public_key, sign_count, created, label
    archipel:account:<A>:credentials  set: its passkeys' ids
    archipel:session:<hash>   string: the account, expiring with the session
    archipel:account:<A>:sessions     set: its sessions' hashes (to end them all)
    archipel:secret:<kind>:<hash>     string: {value, expires} (JSON), expiring then
    archipel:account:<A>:tables       hash: table -> the seat it sits at
    archipel:account:<A>:ratings      hash: game -> {mu, sigma, games} (JSON)
    archipel:leaderboard:<game>       sorted set: accounts by their rating's ordinal
    archipel:account:<A>:history      sorted set: its finished games (``table/number``), by end
    archipel:account:<A>:games        hash: ``table/number`` -> its ``store.Finished`` (JSON)
    archipel:account:<A>:daily        set: the boards it has an entry on (``game/day``)

The day's deal (``store.Deal``, ``store.DailyEntry``), by game <G> and day <D>:

    archipel:deal:<G>:<D>     string: the deal (JSON), written once (SET NX)
    archipel:daily:<G>:<D>    set: the accounts with an entry on that day's board
    archipel:daily:<G>:<D>:<A>  string: the account's entry (JSON)

Every write that must not race is one Lua script, which Redis runs whole
before anything else: a move is appended only if the game has exactly the
plies the caller saw (so two servers can never both apply a move at one
ply), taken back only if it is still the last, and a rematch starts only
once. The indexes are written after the table's own script: a server killed
in between leaves a finished game listed as in play (``resume`` finds it over
and does nothing) or a table uncounted for its address for a day, never a
table lost or changed (an account's index of its tables is read against the
table's own list of accounts).

The end of a game at a table with an account is the exception: its
accounts' histories and ratings must change with the move that ends it,
and a rating is computed in Python (``store.finish_game``). That is an
optimistic transaction: the table's keys and the accounts' ratings are
WATCHed, read and checked as the script would, and the writes go in one
MULTI, which Redis refuses if any of those keys changed meanwhile (then it
all starts over). The accounts' keys are outside the table's hash tag: such
a transaction, and an account's creation, need the keys on one Redis (not
spread over a Cluster's shards).

Durability is Redis's: with ``appendonly yes`` and ``appendfsync always``
(docs/deploy.md) a move is in the append-only file before Redis answers, so
an acknowledged move survives Redis being killed.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from .ratings import Rating
from .store import (CHAT_KEPT, DAILY_SEAT, FORMER_PLAYER, Account, Credential, DailyEntry, Deal, Finished, Store,
                    StoredTable, TableInfo, Undo, finish_game, finished_entry)

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
# How many times an optimistic transaction starts over, raced each time,
# before it gives up (an error: a table cannot be that busy).
RETRIES = 50

# KEYS: table, game, tokens. ARGV: their fields (JSON lists). A table is new.
NEW_TABLE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(cjson.decode(ARGV[1])))
redis.call('HSET', KEYS[2], unpack(cjson.decode(ARGV[2])))
local tokens = cjson.decode(ARGV[3])
if #tokens > 0 then redis.call('HSET', KEYS[3], unpack(tokens)) end
"""
CREATE = NEW_TABLE + "return 1\n"

# KEYS: table, game, tokens (as CREATE), the account's entry, the day's
# board, the account's boards. ARGV: as CREATE, the entry (JSON), the
# account, ``game/day``. One entry a player a day: 2 when it has one.
ENTER_DAILY = """
if redis.call('EXISTS', KEYS[4]) == 1 then return 2 end
""" + NEW_TABLE + """
redis.call('SET', KEYS[4], ARGV[4])
redis.call('SADD', KEYS[5], ARGV[5])
redis.call('SADD', KEYS[6], ARGV[6])
return 1
"""

# A game ending with its standings (ARGV[n] '1') at a table with an account
# is not ended by a script: 2 says so, and ``RedisStore._end_game`` ends it
# (an account's id is quoted in the JSON list; a list of nulls holds no quote).
ENDS_WITH_ACCOUNTS = """
if ARGV[{n}] == '1' and string.find(redis.call('HGET', KEYS[1], 'accounts') or '', '"', 1, true) then return 2 end
"""

# KEYS: table, game, moves, times, tokens. ARGV: number, ply, the move's JSON,
# over (0/1), when, the holder's token hash ('' for a bot), the seat, the
# game ends with standings (0/1).
APPEND = """
if redis.call('HGET', KEYS[1], 'number') ~= ARGV[1] then return 0 end
if ARGV[6] ~= '' and redis.call('HGET', KEYS[5], ARGV[6]) ~= ARGV[7] then return 0 end
if redis.call('LLEN', KEYS[3]) ~= tonumber(ARGV[2]) then return 0 end
""" + ENDS_WITH_ACCOUNTS.format(n=8) + """
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

# An account (ARGV[5], '' for a guest) sits at seat ARGV[1] of table
# KEYS[1]: not a guest at a rated table, nor one account at two seats (0:
# refused, before any write). ``left``: the account that held the seat.
SIT = """
local players = tonumber(redis.call('HGET', KEYS[1], 'players'))
local seat = tonumber(ARGV[1]) + 1
if not players or not seat or seat < 1 or seat > players then return 0 end
if ARGV[5] == '' and redis.call('HGET', KEYS[1], 'rated') == '1' then return 0 end
local accounts = cjson.decode(redis.call('HGET', KEYS[1], 'accounts') or '[]')
for i = #accounts + 1, players do accounts[i] = cjson.null end
for i = 1, players do
  if i ~= seat and accounts[i] == ARGV[5] then return 0 end
end
local left = accounts[seat]
if left == cjson.null then left = '' end
if ARGV[5] == '' then accounts[seat] = cjson.null else accounts[seat] = ARGV[5] end
redis.call('HSET', KEYS[1], 'accounts', cjson.encode(accounts))
"""

# A waiting table whose people have all sat down begins (KEYS[1] the
# table, KEYS[2] its game, ARGV[4] when), and the script returns {1, the
# account that left the seat, '' for none}: the end of CLAIM and SET_NAME.
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
return {1, left}
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

# KEYS: table, moves, game. ARGV: number, ply, seat, the bot's kind, out (0/1), over (0/1),
# the game ends with standings (0/1).
TAKE_OVER = """
if redis.call('HGET', KEYS[1], 'number') ~= ARGV[1] then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[2]) then return 0 end
local seats = cjson.decode(redis.call('HGET', KEYS[1], 'seats'))
local seat = tonumber(ARGV[3]) + 1
if seats[seat] ~= 'h' then return 0 end
""" + ENDS_WITH_ACCOUNTS.format(n=7) + """
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

# KEYS: table, game, tokens. ARGV: seat, the new token's hash, name, when,
# the account ('' for a guest). Only an open table's free person's seat is
# taken, by whom may sit there (SIT); the tokens that held it go.
CLAIM = """
if redis.call('HGET', KEYS[1], 'open') ~= '1' then return 0 end
if redis.call('HGET', KEYS[1], 'closed') == '1' then return 0 end
if redis.call('HGET', KEYS[1], 'joined:' .. ARGV[1]) ~= '0' then return 0 end
""" + SIT + """
local held = redis.call('HGETALL', KEYS[3])
for i = 1, #held, 2 do
  if held[i + 1] == ARGV[1] then redis.call('HDEL', KEYS[3], held[i]) end
end
redis.call('HSET', KEYS[3], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[1], 'name:' .. ARGV[1], ARGV[3], 'joined:' .. ARGV[1], '1')
""" + BEGIN_IF_FULL

# KEYS: table, game, tokens. ARGV: seat, name, the holder's token hash ('':
# no check), when, the account ('' for a guest). Only a table that exists and
# is not closed gets a name, from the seat's holder, who may sit there (SIT).
SET_NAME = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[1], 'closed') == '1' then return 0 end
if ARGV[3] ~= '' and redis.call('HGET', KEYS[3], ARGV[3]) ~= ARGV[1] then return 0 end
""" + SIT + """
redis.call('HSET', KEYS[1], 'name:' .. ARGV[1], ARGV[2], 'joined:' .. ARGV[1], '1')
""" + BEGIN_IF_FULL

# KEYS: table. A table that has not begun is closed, once.
CLOSE = """
if redis.call('HGET', KEYS[1], 'started') ~= '0' then return 0 end
if redis.call('HGET', KEYS[1], 'closed') == '1' then return 0 end
redis.call('HSET', KEYS[1], 'closed', '1')
return 1
"""

# KEYS: the names, the account, its first credential, the account's
# credentials. ARGV: the name's key, the account's id, name, created, the
# credential's fields (JSON list), its id. A key is held once, and a
# passkey by one account.
CREATE_ACCOUNT = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 or redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], 'name', ARGV[3], 'key', ARGV[1], 'created', ARGV[4])
redis.call('HSET', KEYS[3], unpack(cjson.decode(ARGV[5])))
redis.call('SADD', KEYS[4], ARGV[6])
return 1
"""

# KEYS: the account, the credential, the account's credentials. ARGV: the
# credential's fields (JSON list), its id. Only for an account still there.
ADD_CREDENTIAL = """
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[2], unpack(cjson.decode(ARGV[1])))
redis.call('SADD', KEYS[3], ARGV[2])
return 1
"""

# KEYS: a credential. ARGV: its signature counter (a credential gone stays gone).
SIGN_COUNT = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'sign_count', ARGV[1])
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

    def _players(self, table_id: str) -> str:
        return f"{self.prefix}{{{table_id}}}:players"

    def _account(self, account_id: str, what: str = "") -> str:
        """The account's hash, or (``what``) one of its other keys."""
        return f"{self.prefix}account:{account_id}" + (f":{what}" if what else "")

    @property
    def _names(self) -> str:
        return f"{self.prefix}names"

    def _credential(self, credential_id: str) -> str:
        return f"{self.prefix}credential:{credential_id}"

    def _session(self, key: str) -> str:
        return f"{self.prefix}session:{key}"

    def _secret(self, kind: str, key: str) -> str:
        return f"{self.prefix}secret:{kind}:{key}"

    def _leaderboard(self, game: str) -> str:
        return f"{self.prefix}leaderboard:{game}"

    def _deal(self, game: str, day: int) -> str:
        return f"{self.prefix}deal:{game}:{day}"

    def _board(self, game: str, day: int) -> str:
        return f"{self.prefix}daily:{game}:{day}"

    def _entry(self, game: str, day: int, account_id: str) -> str:
        return f"{self.prefix}daily:{game}:{day}:{account_id}"

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
                             ("close", CLOSE), ("create_account", CREATE_ACCOUNT),
                             ("add_credential", ADD_CREDENTIAL), ("sign_count", SIGN_COUNT),
                             ("enter_daily", ENTER_DAILY)):
            self._scripts[name] = client.register_script(source)

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def _script(self, name: str, keys: list, args: list) -> bool:
        return await self._call(name, keys, args) == 1

    async def _call(self, name: str, keys: list, args: list):
        """What script ``name`` returns."""
        return await self._scripts[name](keys=keys, args=args)

    async def _optimistic(self, attempt):
        """What ``attempt(pipe)`` returns: it WATCHes the keys it reads, then
        writes in one MULTI, which Redis refuses if any of them changed in
        between (another server's write): then it runs again, from its reads."""
        from redis.exceptions import WatchError

        for _ in range(RETRIES):
            async with self.client.pipeline(transaction=True) as pipe:
                try:
                    return await attempt(pipe)
                except WatchError:
                    continue
        raise RuntimeError(f"a Redis transaction raced {RETRIES} times in a row")

    # -- tables ------------------------------------------------------------------
    async def create_table(self, info: TableInfo, tokens: dict, address: str) -> None:
        table, game, seats = self._table_fields(info, tokens, address)
        created = await self._script(
            "create", [self._table(info.id), self._game(info.id, info.number), self._tokens(info.id)],
            [table, game, seats])
        if not created:
            raise ValueError(f"table {info.id} already exists")
        await self._index_table(info, address)

    @staticmethod
    def _table_fields(info: TableInfo, tokens: dict, address: str) -> tuple:
        """The fields of a new table's hash, of its game's and of its tokens
        (JSON lists, as NEW_TABLE takes them)."""
        table = ["game", info.game, "players", str(info.players), "options", json.dumps(info.options),
                 "seats", json.dumps(info.seats), "number", str(info.number), "created", repr(info.created),
                 "address", address, "open", "1" if info.open else "0", "creator", str(info.creator),
                 "started", "1" if info.started else "0", "clock", "" if info.clock is None else json.dumps(info.clock),
                 "chat", info.chat, "accounts", json.dumps(info.accounts), "rated", "1" if info.rated else "0"]
        if info.daily is not None:
            table += ["daily", str(info.daily)]
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
        return json.dumps(table), json.dumps(game), json.dumps(seats)

    async def _index_table(self, info: TableInfo, address: str) -> None:
        """A new table joins the indexes: its address's, the tables in play,
        the open ones, its accounts'."""
        async with self.client.pipeline(transaction=False) as pipe:
            pipe.zadd(self._address(address), {info.id: info.created})
            pipe.zremrangebyscore(self._address(address), "-inf", info.created - ADDRESS_MEMORY)
            pipe.zadd(self._in_play, {info.id: info.created})
            if info.open:
                pipe.zadd(self._open, {info.id: info.created})
            for seat, account in enumerate(info.accounts):
                if account:
                    pipe.hset(self._account(account, "tables"), info.id, str(seat))
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
            info = self._info(table_id, table, game, wanted)
            kept = [tuple(json.loads(text)) for text in moves]
            taken_back = [Undo(*json.loads(text)) for text in undos]
            # Moves kept before they were timed count as made at 0.
            when = [float(text) for text in times] + [0.0] * (len(kept) - len(times))
            return StoredTable(info, kept, taken_back, game.get("over") == "1", when[:len(kept)],
                               json.loads(game.get("out") or "[]"),
                               {digest: int(seat) for digest, seat in tokens.items()})

    @staticmethod
    def _info(table_id: str, table: dict, game: dict, number: int) -> TableInfo:
        """A table's ``TableInfo`` from its hash and its game ``number``'s."""
        players = int(table["players"])
        return TableInfo(
            id=table_id, game=table["game"], players=players, options=json.loads(table["options"]),
            seats=json.loads(table["seats"]),
            names=[table.get(f"name:{seat}", "") for seat in range(players)],
            joined=[table.get(f"joined:{seat}") == "1" for seat in range(players)],
            number=number, seed=json.loads(game["seed"]), created=float(table["created"]),
            salt=game.get("salt"), chosen_seed=game.get("chosen") == "1", open=table.get("open") == "1",
            creator=int(table.get("creator", "0")), started=table.get("started", "1") == "1",
            began=float(game.get("began", "0")),
            clock=json.loads(table["clock"]) if table.get("clock") else None, chat=table.get("chat", "seats"),
            mutes=[json.loads(table.get(f"mutes:{seat}", "[]")) for seat in range(players)],
            taken=json.loads(table.get("taken") or "[]"), scheme=int(game.get("scheme", "1")),
            committed=json.loads(game["seats"]) if game.get("seats") else None,
            timeouts=json.loads(game.get("timeouts") or "[]"), closed=table.get("closed") == "1",
            accounts=json.loads(table.get("accounts") or "[]"), rated=table.get("rated") == "1",
            daily=int(table["daily"]) if table.get("daily") else None)

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
