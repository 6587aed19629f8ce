"""The store of several table servers: one Redis (``redis://HOST:PORT/DB``).
This module holds its keys, scripts, connection and readers; the tables'
calls are ``redis_store.py``'s, the accounts' and the day's deal's
``redis_accounts.py``'s.

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

from .store import Store, TableInfo

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


class RedisBase(Store):
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
