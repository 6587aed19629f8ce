"""Fixtures of the table server's tests: a real server per module, or a
fresh one for a test that needs its own settings or kills it. Every one of
them runs twice: its tables in SQLite (the default), then in Redis (a real
``redis-server`` started for the session, a database of its own per server)."""

from __future__ import annotations

import itertools

import pytest

from online import ServerProcess
from redis_process import RedisProcess

# Redis's databases 1 to 15 in turn, emptied before each new server: far
# more than the servers one test holds at once.
DATABASES = itertools.cycle(range(1, 16))


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    process = RedisProcess(tmp_path_factory.mktemp("redis")).start()
    yield process
    process.stop()


def fresh_redis(redis_server: RedisProcess) -> str:
    """The URL of an emptied Redis database, for one server's tables."""
    import redis
    url = f"redis://127.0.0.1:{redis_server.port}/{next(DATABASES)}"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url


@pytest.fixture(scope="session", params=["sqlite", "redis"])
def store_kind(request):
    return request.param


@pytest.fixture(scope="session")
def new_store(store_kind, request):
    """``new_store()``: where a new server keeps its tables: None (a SQLite
    file of its directory) or a fresh Redis database."""
    if store_kind == "sqlite":
        return lambda: None
    redis_server = request.getfixturevalue("redis_server")
    return lambda: fresh_redis(redis_server)


@pytest.fixture(scope="module")
def server(tmp_path_factory, new_store):
    # Random players move as fast as the server answers: no rate limit here
    # (test_limits.py tries the limits).
    # Tests choose their tables' seeds, so that their games are known in
    # advance (test_secrets.py plays with the server's own, secret seeds).
    process = ServerProcess(tmp_path_factory.mktemp("server"), "--tables-per-address", "0",
                            "--seats-per-address", "0", "--messages-per-second", "100000", "--chosen-seeds",
                            store=new_store()).start()
    yield process
    process.stop()


@pytest.fixture
def start_server(tmp_path, new_store):
    """``start_server(*args)``: a server of its own, stopped after the test;
    without the limit of messages a second unless ``rate_limit``; tables may
    choose their seeds unless ``chosen_seeds`` is false."""
    started = []

    def start(*args, rate_limit=False, chosen_seeds=True, **kw):
        # Visitors of the tests sit at many open tables (test_holders.py tries the limit).
        args = ("--seats-per-address", "0", *args)
        if not rate_limit:
            args = ("--messages-per-second", "100000", *args)
        if chosen_seeds:
            args = ("--chosen-seeds", *args)
        kw.setdefault("store", new_store())
        process = ServerProcess(tmp_path, *args, **kw).start()
        started.append(process)
        return process

    yield start
    for process in started:
        process.stop()
