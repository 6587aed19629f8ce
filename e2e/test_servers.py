"""Two table servers over one Redis behind nginx, in the browser: two people
at one table through the proxy, their pages on different servers, and the
server of one of them killed mid-game; the game goes on on both, with
nothing lost. The same Redis, nginx and configuration as the table server's tests
(server/tests/redis_process.py, nginx_process.py, deploy/nginx-archipel.conf),
all on 127.0.0.1."""

from __future__ import annotations

import random
import re
import sys

import pytest

from archipel_site.paths import ROOT
from archipel_site.site import build as build_site
from pages import invitation, join_table
from test_online import DEVICE, TableServer, cut_after, play_together, settled_log_length

sys.path.insert(0, str(ROOT / "server" / "tests"))
from nginx_process import NginxProcess  # noqa: E402
from redis_process import RedisProcess  # noqa: E402


@pytest.fixture
def farm(tmp_path):
    build_site(quiet=True)
    redis = RedisProcess(tmp_path / "redis").start()
    servers = [TableServer(tmp_path / "tables.sqlite3", store=redis.url, extra=("--host-name", "127.0.0.1"))
               for _ in range(2)]
    for server in servers:
        server.start()
    proxy = NginxProcess(tmp_path / "nginx", [server.port for server in servers]).start()
    yield proxy, servers
    proxy.stop()
    for server in servers:
        server.stop()
        print(f"server {server.port}:\n{server.said()}")
    redis.stop()


def connected_to(servers, seat: int) -> list:
    """The servers whose messages say that ``seat`` connected to them."""
    return [server for server in servers if re.search(rf": seat {seat} connected", server.said())]


def connections(servers, seat: int) -> list:
    """How many times ``seat`` connected to each server."""
    return [len(re.findall(rf": seat {seat} connected", server.said())) for server in servers]


def where_now(servers, seat: int, before: list):
    """The server ``seat`` connected to since ``before`` (its counts)."""
    after = connections(servers, seat)
    moved = [server for server, old, new in zip(servers, before, after) if new > old]
    return moved[-1] if moved else None


def test_two_people_on_two_servers_through_the_proxy_and_one_server_killed(farm, make_context):
    # (The pages close before the farm stops: nothing holds its connections.)
    proxy, servers = farm
    ana = make_context(**DEVICE).new_page()
    ana.goto(f"{proxy.url}index.html#online=new&game=kahuna&players=2&seats=h,h&seed=2")
    ana.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=60_000)
    bob = make_context(**DEVICE).new_page()
    link = invitation(ana, 1)
    assert link.startswith(proxy.url)
    join_table(bob, link, "Bob")
    # nginx sends each new connection to the server holding the fewest; the
    # page's own files, fetched at the same time, count too: Bob's page
    # opens again until its table's connection is on the other server.
    first = connected_to(servers, 0)
    assert len(first) == 1
    second = connected_to(servers, 1)
    for _ in range(6):
        if second != first:
            break
        before = connections(servers, 1)
        bob.reload()
        bob.wait_for_selector('#status[data-connection="online"]', state="attached", timeout=60_000)
        bob.wait_for_timeout(300)
        second = [where_now(servers, 1, before)]
    assert second != first and second[0] is not None

    killed = []
    at_round = []

    def kill_one(round_number):
        if not killed and round_number > 20:
            before = settled_log_length([ana, bob])
            first[0].kill()                      # Ana's server
            killed.append(before)
            at_round.append(round_number)
            ana.wait_for_selector('#status[data-connection="online"]', state="attached", timeout=60_000)
            # Back through the proxy, on the other server, with the whole game.
            assert settled_log_length([ana, bob]) == before

    # They play on for forty rounds on the server left (a game played to its
    # end after its server is killed: server/tests/test_proxy.py).
    play_together([ana, bob], random.Random(4), on_round=kill_one, rounds=cut_after(at_round, 40))
    assert killed and killed[0] > 0
    assert settled_log_length([ana, bob]) > killed[0]
    assert connected_to([second[0]], 0), "Ana's page came back through the other server"
