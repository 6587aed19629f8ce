"""What the table servers tell each other: the bus beside the store.

A server that changed a table (a move, an undo, a name, a rematch) has
written it to the store first; then it *publishes* a change: which table,
which game and ply, what kind of change, and which server made it. Never a
view, a hand or a seed: every server that holds connections to that table
reads the table again from the store and tells its own clients, each seat
what it may see. A server that may have missed changes (its subscription
dropped) is told so (``on_gap``) and reads its tables again.

The bus also holds *leases*: a bot's move is thought by one server only.
Before thinking, a server takes the table's turn for a few seconds, and
renews it while it thinks and waits; the others see the lease taken and
wait; if the server dies, the lease runs out and another takes over.

And it keeps the *limits of the service*, whichever server a request
reaches: counts of things held for a while (the connections of an
address: ``hold``, ``keep``, ``let_go``) and rates (the chat of a seat:
``allow``).

Two buses: ``LocalBus`` for one server (changes go nowhere else; every
lease is granted), ``RedisBus`` for several over one Redis (pub/sub on one
channel, leases as keys set with NX and an expiry).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("archipel.bus")

Listener = Callable[[dict], Awaitable[None]]
GapListener = Callable[[], Awaitable[None]]

# A lease released only if it is still the holder's (a lease that ran out
# may be another server's by now).
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
# A lease kept longer only by its holder.
RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
# KEYS: a sorted set of members held until their score (ms). ARGV: now (ms),
# the member, the limit, until (ms). Forgets what ran out; holds the member
# only below the limit.
HOLD = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[2]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[2])
redis.call('PEXPIREAT', KEYS[1], redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])
return 1
"""
# KEYS: a sorted set of the times (ms) of the latest acts. ARGV: now (ms),
# the window (ms), the most acts in a window, a unique member.
ALLOW = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""


class Bus(ABC):
    # Whether other servers share the tables (and so may change them).
    shared = False

    def __init__(self) -> None:
        # Who this server is on the bus: changes it published come back to
        # it, and it knows them by this.
        self.origin = secrets.token_hex(8)
        self.listener: Listener | None = None
        self.on_gap: GapListener | None = None

    async def open(self, listener: Listener, on_gap: GapListener) -> None:
        """Start hearing the other servers' changes: ``listener(change)``
        for each; ``on_gap()`` after a time some may have been missed."""
        self.listener, self.on_gap = listener, on_gap

    @abstractmethod
    async def close(self) -> None:
        ...

    @abstractmethod
    async def publish(self, change: dict) -> None:
        """Tell the other servers of ``change`` (with this server's ``origin``)."""

    @abstractmethod
    async def take_lease(self, name: str, millis: int) -> bool:
        """Hold ``name`` for ``millis`` ms, unless another server holds it."""

    @abstractmethod
    async def renew_lease(self, name: str, millis: int) -> bool:
        """Hold ``name`` ``millis`` ms more, if this server still holds it."""

    @abstractmethod
    async def lease_left(self, name: str) -> float:
        """Seconds until ``name``'s lease runs out (0: nobody holds it)."""

    @abstractmethod
    async def release_lease(self, name: str) -> None:
        """Give ``name`` back, if this server still holds it."""

    @abstractmethod
    async def hold(self, name: str, member: str, limit: int, seconds: float) -> bool:
        """Count ``member`` in ``name`` for ``seconds`` (``keep`` makes it
        longer), only while fewer than ``limit`` are held there: False
        when the limit is reached."""

    @abstractmethod
    async def keep(self, name: str, member: str, seconds: float) -> None:
        """``member`` of ``name`` is still held, ``seconds`` from now."""

    @abstractmethod
    async def let_go(self, name: str, member: str) -> None:
        """``member`` is no longer held in ``name``."""

    @abstractmethod
    async def allow(self, name: str, most: int, seconds: float) -> bool:
        """One more act of ``name`` if fewer than ``most`` were allowed in
        the last ``seconds``; False otherwise (nothing is counted)."""


class LocalBus(Bus):
    """One server: nobody else to tell, nobody else to think."""

    def __init__(self) -> None:
        super().__init__()
        self.leases: dict = {}
        self.held: dict = {}       # name -> {member: until}
        self.acts: dict = {}       # name -> [when]

    async def close(self) -> None:
        pass

    async def publish(self, change: dict) -> None:
        pass

    async def take_lease(self, name: str, millis: int) -> bool:
        now = time.monotonic()
        if self.leases.get(name, 0.0) > now:
            return False
        self.leases[name] = now + millis / 1000.0
        for old in [key for key, until in self.leases.items() if until <= now]:
            del self.leases[old]
        return True

    async def renew_lease(self, name: str, millis: int) -> bool:
        if self.leases.get(name, 0.0) <= time.monotonic():
            return False
        self.leases[name] = time.monotonic() + millis / 1000.0
        return True

    async def lease_left(self, name: str) -> float:
        return max(0.0, self.leases.get(name, 0.0) - time.monotonic())

    async def release_lease(self, name: str) -> None:
        self.leases.pop(name, None)

    async def hold(self, name: str, member: str, limit: int, seconds: float) -> bool:
        now = time.monotonic()
        held = {key: until for key, until in self.held.get(name, {}).items() if until > now}
        if member not in held and len(held) >= limit:
            self.held[name] = held
            return False
        held[member] = now + seconds
        self.held[name] = held
        return True

    async def keep(self, name: str, member: str, seconds: float) -> None:
        if member in self.held.get(name, {}):
            self.held[name][member] = time.monotonic() + seconds

    async def let_go(self, name: str, member: str) -> None:
        held = self.held.get(name, {})
        held.pop(member, None)
        if not held:
            self.held.pop(name, None)

    async def allow(self, name: str, most: int, seconds: float) -> bool:
        now = time.monotonic()
        recent = [at for at in self.acts.get(name, []) if at > now - seconds]
        if len(recent) >= most:
            self.acts[name] = recent
            return False
        self.acts[name] = recent + [now]
        return True


class RedisBus(Bus):
    """Several servers over one Redis: changes on one pub/sub channel,
    leases as keys."""

    shared = True

    # After a dropped subscription, wait this long before subscribing again.
    RETRY = 0.5

    def __init__(self, url: str, prefix: str = "archipel:"):
        super().__init__()
        self.url = url
        self.channel = f"{prefix}changes"
        self.lease_prefix = f"{prefix}lease:"
        self.limit_prefix = f"{prefix}limit:"
        self._hold: Any = None
        self._allow: Any = None
        self._client: Any = None
        self._reader: asyncio.Task | None = None
        self._release: Any = None
        self._renew: Any = None

    async def open(self, listener: Listener, on_gap: GapListener) -> None:
        import redis.asyncio as redis

        await super().open(listener, on_gap)
        client = redis.Redis(connection_pool=redis.BlockingConnectionPool.from_url(
            self.url, max_connections=8, timeout=10.0, decode_responses=True))
        await client.ping()
        self._client = client
        self._release = client.register_script(RELEASE)
        self._renew = client.register_script(RENEW)
        self._hold = client.register_script(HOLD)
        self._allow = client.register_script(ALLOW)
        subscribed = asyncio.get_running_loop().create_future()
        self._reader = asyncio.create_task(self._read(subscribed))
        await subscribed

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
            self._reader = None
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def _read(self, subscribed: asyncio.Future) -> None:
        """Hear the channel for as long as the server runs; after a drop,
        subscribe again and tell the server it may have missed changes."""
        assert self._client is not None
        first = True
        while True:
            try:
                async with self._client.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(self.channel)
                    if first:
                        subscribed.set_result(None)
                        first = False
                    else:
                        log.info("the bus is back: reading the tables again")
                        if self.on_gap is not None:
                            await self.on_gap()
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        await self._heard(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis gone: retry until it is back
                if first:
                    subscribed.set_exception(error)
                    return
                log.warning("the bus dropped (%s): subscribing again", error)
                await asyncio.sleep(self.RETRY)

    async def _heard(self, data: str) -> None:
        try:
            change = json.loads(data)
        except ValueError:
            return
        if not isinstance(change, dict) or change.get("origin") == self.origin:
            return
        if self.listener is not None:
            try:
                await self.listener(change)
            except Exception:
                log.exception("a change from another server could not be applied")

    async def publish(self, change: dict) -> None:
        assert self._client is not None, "the bus is open"
        await self._client.publish(self.channel, json.dumps({**change, "origin": self.origin}))

    async def take_lease(self, name: str, millis: int) -> bool:
        assert self._client is not None, "the bus is open"
        return bool(await self._client.set(self.lease_prefix + name, self.origin, nx=True, px=millis))

    async def renew_lease(self, name: str, millis: int) -> bool:
        assert self._renew is not None, "the bus is open"
        return await self._renew(keys=[self.lease_prefix + name], args=[self.origin, millis]) == 1

    async def lease_left(self, name: str) -> float:
        assert self._client is not None, "the bus is open"
        left = await self._client.pttl(self.lease_prefix + name)
        return max(0.0, left / 1000.0)

    async def release_lease(self, name: str) -> None:
        assert self._release is not None, "the bus is open"
        await self._release(keys=[self.lease_prefix + name], args=[self.origin])

    def _limit_key(self, name: str) -> str:
        return f"{self.limit_prefix}{name}"

    async def hold(self, name: str, member: str, limit: int, seconds: float) -> bool:
        assert self._hold is not None, "the bus is open"
        now = int(time.time() * 1000)
        return await self._hold(keys=[self._limit_key(name)],
                                args=[now, member, limit, now + int(seconds * 1000)]) == 1

    async def keep(self, name: str, member: str, seconds: float) -> None:
        assert self._client is not None, "the bus is open"
        until = int(time.time() * 1000 + seconds * 1000)
        await self._client.zadd(self._limit_key(name), {member: until}, xx=True)
        await self._client.pexpireat(self._limit_key(name), until, gt=True)

    async def let_go(self, name: str, member: str) -> None:
        assert self._client is not None, "the bus is open"
        await self._client.zrem(self._limit_key(name), member)

    async def allow(self, name: str, most: int, seconds: float) -> bool:
        assert self._allow is not None, "the bus is open"
        now = int(time.time() * 1000)
        return await self._allow(keys=[self._limit_key(name)],
                                 args=[now, int(seconds * 1000), most, f"{now}:{secrets.token_hex(4)}"]) == 1


def open_bus(spec: str | None) -> Bus:
    """``None`` or ``local``: one server; ``redis://HOST:PORT/DB``: a Redis."""
    if spec in (None, "", "local"):
        return LocalBus()
    assert spec is not None
    if spec.startswith(("redis://", "rediss://", "unix://")):
        return RedisBus(spec)
    raise ValueError(f"unknown bus {spec!r}: local or redis://HOST:PORT/DB")
