"""Fixtures of the table server's tests: a real server per module, or a
fresh one for a test that needs its own settings or kills it."""

from __future__ import annotations

import pytest

from online import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # Random players move as fast as the server answers: no rate limit here
    # (test_limits.py tries the limits).
    # Tests choose their tables' seeds, so that their games are known in
    # advance (test_secrets.py plays with the server's own, secret seeds).
    process = ServerProcess(tmp_path_factory.mktemp("server"), "--tables-per-address", "0",
                            "--messages-per-second", "100000", "--chosen-seeds").start()
    yield process
    process.stop()


@pytest.fixture
def start_server(tmp_path):
    """``start_server(*args)``: a server of its own, stopped after the test;
    without the limit of messages a second unless ``rate_limit``; tables may
    choose their seeds unless ``chosen_seeds`` is false."""
    started = []

    def start(*args, rate_limit=False, chosen_seeds=True, **kw):
        if not rate_limit:
            args = ("--messages-per-second", "100000", *args)
        if chosen_seeds:
            args = ("--chosen-seeds", *args)
        process = ServerProcess(tmp_path, *args, **kw).start()
        started.append(process)
        return process

    yield start
    for process in started:
        process.stop()
