"""Who holds a seat, checked at every act: a visitor who sits lets go of the
devices that held the seat by the creator's invitation (on every server),
an invited person's join and a visitor's sit for one seat never both win,
every move names its ply, every refusal is an answer with its ref (text
no store can keep included), and the limits hold for the service, not for
one server."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest
from websockets.exceptions import ConnectionClosed

from conftest import fresh_redis
from online import Client, ServerProcess, create, post, run, seated


@pytest.fixture
def pair(tmp_path, store_kind, request):
    """``pair(*args)``: two servers sharing one fresh Redis, or, on SQLite,
    one server given twice (one file has one server)."""
    started = []

    def start(*args):
        args = ("--tables-per-address", "0", "--seats-per-address", "0", "--messages-per-second", "100000",
                "--chosen-seeds", *args)
        if store_kind == "sqlite":
            process = ServerProcess(tmp_path, *args).start()
            started.append(process)
            return process, process
        url = fresh_redis(request.getfixturevalue("redis_server"))
        for _ in range(2):
            started.append(ServerProcess(tmp_path, *args, store=url).start())
        return started[-2], started[-1]

    yield start
    for process in started:
        process.stop()


def traceback_free(*servers: ServerProcess) -> None:
    for server in servers:
        assert "Traceback" not in server.log(), server.log()[-3000:]


async def closed(client: Client, timeout: float = 5.0) -> bool:
    """Whether the server closes ``client``'s connection (what it sent first is read)."""
    try:
        while True:
            await client.recv(timeout)
    except ConnectionClosed:
        return True
    except asyncio.TimeoutError:
        return False


# -- 1. a visitor who sits takes the seat from every other link ------------------------

def test_a_visitor_who_sits_lets_go_of_the_creators_page_on_that_seat_on_every_server(pair):
    first, second = pair()
    table = create(first, game="kanaloa", players=2, seats=["h", "h"], seed=4, name="Ana", open=True)
    invitation = table["invitations"][0]["token"]

    async def scene():
        ana = await seated(first, table["table"], table["token"])
        # The creator opened seat 1's link too, and left that page open.
        ana_on_seat_1 = await seated(first, table["table"], invitation)
        status, bob = post(second, "api/tables/sit", {"table": table["table"], "name": "Bob"})
        assert status == 201 and bob["seat"] == 1
        told = await ana_on_seat_1.expect("error", timeout=10)
        let_go = await closed(ana_on_seat_1)
        # Bob's page holds the seat; the invitation opens nothing now.
        bob_page = await seated(second, table["table"], bob["token"])
        again = await Client(first).open()
        refused = await again.hello(table["table"], invitation)
        await ana.wait_for(lambda state: state["table"]["names"][1] == "Bob")
        return told, let_go, ana_on_seat_1, bob_page.state, refused

    told, let_go, old, bob, refused = run(scene())
    assert told["key"] == "error.seat_taken" and let_go
    assert refused["key"] == "error.bad_token"
    assert bob["seat"] == 1 and bob["table"]["names"][1] == "Bob"
    # Nothing of seat 1's view reached the old page after the visitor sat.
    sat = next(i for i, message in enumerate(old.received) if message["type"] == "error")
    assert [m["type"] for m in old.received[sat + 1:]] == []
    traceback_free(first, second)


def test_the_old_holder_of_a_seat_can_neither_move_nor_rename_it_once_a_visitor_sat(pair):
    first, second = pair()
    table = create(first, game="kahuna", seats=["h", "h"], seed=3, name="Ana", open=True)
    invitation = table["invitations"][0]["token"]

    async def scene():
        old = await seated(second, table["table"], invitation)
        status, bob = post(first, "api/tables/sit", {"table": table["table"], "name": "Bob"})
        assert status == 201
        # Whatever the old page still sends is refused, never kept.
        answers = []
        for request in ({"type": "join", "name": "Mallory"}, {"type": "move", "ply": 0, "move": "draw"},
                        {"type": "chat", "text": "hi"}):
            try:
                answers.append(await old.call(**request))
            except ConnectionClosed:
                break
        bob_page = await seated(first, table["table"], bob["token"])
        return answers, bob_page.state

    answers, bob = run(scene())
    assert all(answer["type"] == "error" for answer in answers)
    assert bob["table"]["names"][1] == "Bob" and bob["ply"] == 0
    assert first.records(table["table"]) == []


def test_an_invited_persons_join_and_a_visitors_sit_for_one_seat_never_both_win(pair):
    first, second = pair()
    outcomes = []
    rng = random.Random(35)

    async def round_(number: int):
        table = create(first, game="kahuna", seats=["h", "h"], name="Ana", open=True)
        friend = await seated(second, table["table"], table["invitations"][0]["token"])

        async def join():
            # Now before the visitor's request, now after it.
            await asyncio.sleep(rng.random() * 0.03)
            try:
                return await friend.call("join", name=f"Friend {number}")
            except ConnectionClosed:
                # Let go before its join was read: told why, all the same.
                await closed(friend)
                return next(m for m in friend.received if m["type"] == "error")

        joining = asyncio.ensure_future(join())
        sitting = asyncio.ensure_future(asyncio.to_thread(
            post, first, "api/tables/sit", {"table": table["table"], "name": f"Visitor {number}"}))
        joined, (status, sat) = await asyncio.gather(joining, sitting)
        check = await Client(first).open()
        await check.hello(table["table"], table["token"])
        name = check.state["table"]["names"][1]
        outcomes.append((joined.get("type"), joined.get("key"), status, name, number))
        for client in (friend, check):
            await client.close()

    async def scene():
        for number in range(50):
            await round_(number)

    run(scene())
    for kind, key, status, name, number in outcomes:
        friend_won = kind == "ack"
        visitor_won = status == 201
        assert friend_won != visitor_won, (kind, key, status, name)
        assert name == (f"Friend {number}" if friend_won else f"Visitor {number}")
        if not friend_won:
            assert key == "error.seat_taken"
    traceback_free(first, second)


# -- 2. a move names its ply ---------------------------------------------------------------

def test_a_move_an_undo_or_a_rematch_without_an_integer_ply_is_refused_and_changes_nothing(server):
    table = create(server, game="kahuna", seats=["h", "h"], seed=3, name="Ana")

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        move = ana.snapshot["legal"][0]["text"]
        answers = []
        for fields in ({"move": move}, {"move": move, "ply": None}, {"move": move, "ply": 0.0},
                       {"move": move, "ply": [0]}):
            answers.append(await ana.call("move", **fields))
        for fields in ({}, {"ply": None}, {"ply": "0"}):
            answers.append(await ana.call("undo", **fields))
            answers.append(await ana.call("rematch", number=1, **fields))
        await ana.send(type="sync")
        state = await ana.expect("state")
        return answers, state

    answers, state = run(scene())
    assert [answer["key"] for answer in answers] == ["error.bad_ply"] * len(answers)
    assert all(answer["ref"] is not None for answer in answers)
    assert state["ply"] == 0 and server.records(table["table"]) == []


# -- 3. every refusal is an answer -----------------------------------------------------------

# One text of each kind a page might send: lone surrogates, non-characters,
# bidirectional and format controls, combining runs, private use,
# unassigned, controls.
ODD_TEXTS = ["\ud800", "a\udfffb", "\udbff\udc00"[::-1], "\ufffe", "\uffff", "\U0010ffff", "\u202e evil",
             "\u2066x\u2069", "\u200b", "\u00ad", "e" + "\u0301" * 39, "\u0301" * 300, "\ue000", "\u0378",
             "\x00", "\x1b[31m", "\u2028", "🏝️" * 10]


def test_text_of_every_kind_in_every_field_gets_an_answer_and_the_connection_stays(pair):
    first, second = pair()
    table = create(first, game="kanaloa", players=2, seats=["h", "h"], seed=4, name="Ana", chat="everyone")

    async def scene():
        ana = await seated(first, table["table"], table["token"])
        ben = await seated(second, table["table"], table["invitations"][0]["token"], "Ben")
        unanswered = []
        for text in ODD_TEXTS:
            for client, fields in ((ana, {"type": "join", "name": text}), (ana, {"type": "chat", "text": text}),
                                   (ben, {"type": "chat", "phrase": text}),
                                   (ana, {"type": "move", "ply": ana.ply, "move": text}),
                                   (ben, {"type": "mute", "seat": text, "muted": True}),
                                   (ana, {"type": text}), (ben, {"type": "record", "number": text}),
                                   (ana, {"type": "new_token", "token": text}),
                                   (ben, {"type": "record", text: text})):
                ref = await client.send(**fields)
                try:
                    answer = await client.expect("ack", "error", "record", "token", "state", ref=ref, timeout=5)
                except asyncio.TimeoutError:
                    unanswered.append((text, fields["type"]))
                    continue
                assert answer.get("ref") == ref
            # A name or a set-up over HTTP too.
            for path, body in (("api/tables", {"game": "kahuna", "name": text}),
                               ("api/tables", {"game": "kahuna", "name": "Ana", "options": {text: True}}),
                               ("api/tables/sit", {"table": table["table"], "name": text})):
                status, answer = await asyncio.to_thread(
                    lambda: post(first, path, None, data=json.dumps(body).encode()))
                assert status in (201, 400, 404, 409), (status, answer)
        # Both connections are still open and answer.
        for client in (ana, ben):
            await client.send(type="sync")
            await client.expect("state")
        return unanswered

    assert run(scene()) == []
    traceback_free(first, second)


def test_a_message_too_large_is_refused_with_its_ref(server):
    table = create(server, game="kahuna", seats=["h", "h"], name="Ana")

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        await ana.send(type="chat", text="x" * 8000, ref="big-one")
        return await ana.expect("error")

    answer = run(scene())
    assert answer["key"] == "error.too_large" and answer["ref"] == "big-one"


# -- 4. limits of the service -------------------------------------------------------------------

def test_an_address_holds_its_connections_on_every_server_together(pair, store_kind):
    first, second = pair("--connections-per-address", "4")
    table = create(first, game="kahuna", seats=["h", "h"], name="Ana")

    async def scene():
        held = [await seated(first, table["table"], table["token"]) for _ in range(2)]
        held += [await seated(second, table["table"], table["token"]) for _ in range(2)]
        extra = await Client(second).open()
        refused = await extra.recv(5)
        gone = await closed(extra)
        # One closes: another may come, on either server.
        await held[0].close()
        await asyncio.sleep(0.3)
        again = await seated(second, table["table"], table["token"])
        return refused, gone, again.state

    refused, gone, state = run(scene())
    assert refused["key"] == "error.too_many_connections" and refused["params"] == {"limit": 4} and gone
    assert state["seat"] == 0


def test_a_seats_chat_rate_counts_its_devices_on_every_server_together(pair):
    first, second = pair()
    table = create(first, game="kahuna", seats=["h", "h"], name="Ana")

    async def scene():
        here = await seated(first, table["table"], table["token"])
        there = await seated(second, table["table"], table["token"])
        answers = [await here.call("chat", phrase="hello") for _ in range(3)]
        answers += [await there.call("chat", phrase="thanks") for _ in range(3)]
        return answers

    answers = run(scene())
    assert [answer["type"] for answer in answers] == ["ack"] * 5 + ["error"]
    assert answers[-1]["key"] == "error.chat_rate"


def test_every_page_is_told_of_a_time_out_as_a_time_out_whichever_server_applied_it(pair):
    first, second = pair("--clock-minute", "1")
    clock = {"kind": "live", "minutes": 1, "increment": 0, "level": 0, "timeout": "bot"}
    causes = []

    async def round_(seed: int):
        table = create(first, game="kahuna", seats=["h", "h"], seed=seed, name="Ana", clock=clock)
        ana = await seated(first, table["table"], table["token"])
        ben = await seated(second, table["table"], table["invitations"][0]["token"], "Ben")
        for client in (ana, ben):
            state = await client.wait_for(lambda state: state["table"]["taken"], timeout=15)
            causes.append(state["cause"] and state["cause"].get("kind"))
        for client in (ana, ben):
            await client.close()

    async def scene():
        for seed in range(3):
            await round_(seed)

    run(scene())
    assert causes == ["timeout"] * 6


def test_creations_of_one_address_are_counted_exactly(pair):
    first, second = pair("--tables-per-address", "50")

    async def scene():
        calls = [asyncio.to_thread(post, (first, second)[n % 2], "api/tables", {"game": "kahuna", "name": "Ana"})
                 for n in range(60)]
        return [status for status, _ in await asyncio.gather(*calls)]

    statuses = run(scene())
    assert statuses.count(201) == 50 and statuses.count(429) == 10


def test_an_address_takes_a_few_seats_at_open_tables_and_is_then_refused(pair):
    first, second = pair("--seats-per-address", "2", "--open-per-address", "10")
    tables = [create(first, game="kahuna", seats=["h", "h"], name=f"Host {n}", open=True) for n in range(3)]
    answers = [post((first, second)[n % 2], "api/tables/sit", {"table": table["table"], "name": "Sam"})
               for n, table in enumerate(tables)]
    assert [status for status, _ in answers] == [201, 201, 429]
    assert answers[2][1]["error"]["key"] == "error.too_many_seats"
    assert answers[2][1]["error"]["params"] == {"limit": 2}


def test_an_open_table_that_never_began_closes_past_its_listing_time(pair):
    first, second = pair("--open-for", "1")
    table = create(first, game="moai", players=3, seats=["h", "h", "h"], name="Ana", open=True)

    async def scene():
        ana = await seated(first, table["table"], table["token"])
        status, sam = post(second, "api/tables/sit", {"table": table["table"], "name": "Sam"})
        assert status == 201
        await asyncio.sleep(1.3)
        # Whoever lists the open tables next closes it (the sweep does too).
        status, answer = post(second, "api/tables/open", {})
        assert status == 200 and table["table"] not in [item["table"] for item in answer["tables"]]
        told = await ana.expect("error", timeout=10)
        gone = await closed(ana)
        again = await Client(first).open()
        refused = await again.hello(table["table"], sam["token"])
        status, sat = post(first, "api/tables/sit", {"table": table["table"], "name": "Late"})
        return told, gone, refused, status

    told, gone, refused, status = run(scene())
    assert told["key"] == "error.table_closed" and gone
    assert refused["key"] == "error.table_closed" and status == 404
