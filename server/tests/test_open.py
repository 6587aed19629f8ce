"""Open tables: a table any visitor of the server may sit at. Listed with
what it is (never a token or a seed) while a person's seat is free, for a
while; a visitor sits with a name and gets the seat's token; the creator's
invitation for that seat no longer holds it; every device is told; limits
keep the list clean."""

from __future__ import annotations

import time

from online import Client, create, post, run, seated


def listed(server) -> list:
    status, answer = post(server, "api/tables/open", {})
    assert status == 200
    return answer["tables"]


def test_an_open_table_is_listed_joined_by_two_visitors_filled_and_then_unlisted(server):
    table = create(server, game="moai", players=4, seats=["h", "h", "bot1", "h"], seed=3, name="Ana",
                   open=True, options={"short_game": True})
    entry = next(item for item in listed(server) if item["table"] == table["table"])
    assert entry["game"] == "moai" and entry["players"] == 4 and entry["options"]["short_game"] is True
    assert entry["seats"] == [{"kind": "h", "name": "Ana", "free": False}, {"kind": "h", "name": None, "free": True},
                              {"kind": "bot1", "name": None, "free": False}, {"kind": "h", "name": None, "free": True}]
    # Nothing in the list can take a seat or deal the cards.
    assert not {"token", "invitations", "spectator", "seed", "salt"} & {key for item in listed(server) for key in item}

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        status, bob = post(server, "api/tables/sit", {"table": table["table"], "name": "Bob"})
        assert status == 201 and bob["seat"] == 1 and len(bob["token"]) == 22
        # The creator's page is told at once who sat down.
        await ana.wait_for(lambda state: state["table"]["names"][1] == "Bob" and state["table"]["joined"][1])
        status, eve = post(server, "api/tables/sit", {"table": table["table"], "name": "Eve"})
        assert status == 201 and eve["seat"] == 3
        # The visitor's token holds the seat; the invitation for it no longer does.
        bob_page = await seated(server, table["table"], bob["token"])
        assert bob_page.state["seat"] == 1
        assert bob_page.state["table"]["names"] == ["Ana", "Bob", bob_page.state["table"]["names"][2], "Eve"]
        assert bob_page.state["table"]["joined"] == [True, True, True, True]
        invited = next(i["token"] for i in table["invitations"] if i["seat"] == 1)
        stranger = await seated_or_refused(server, table["table"], invited)
        assert stranger == "error.bad_token"
        for page in (ana, bob_page):
            await page.close()
    run(scene())
    # Full: no longer listed, and nobody else may sit.
    assert table["table"] not in [item["table"] for item in listed(server)]
    status, answer = post(server, "api/tables/sit", {"table": table["table"], "name": "Zoé"})
    assert (status, answer["error"]["key"]) == (409, "error.table_full")


async def seated_or_refused(server, table: str, token: str) -> str:
    client = await Client(server).open()
    answer = await client.hello(table, token)
    await client.close()
    return answer["key"] if answer["type"] == "error" else answer["type"]


def test_a_table_by_invitation_is_never_listed_nor_sat_at(server):
    table = create(server, game="kahuna", seats=["h", "h"], name="Ana")
    assert table["table"] not in [item["table"] for item in listed(server)]
    status, answer = post(server, "api/tables/sit", {"table": table["table"], "name": "Bob"})
    assert (status, answer["error"]["key"]) == (404, "error.unknown_table")


def test_two_visitors_at_once_for_the_last_seat_one_sits(server):
    table = create(server, game="kahuna", seats=["h", "h"], name="Ana", open=True)
    answers = [post(server, "api/tables/sit", {"table": table["table"], "name": name}) for name in ("Bob", "Eve")]
    assert sorted(status for status, _ in answers) == [201, 409]


def test_a_bad_visitor_is_refused_with_its_reason(server):
    table = create(server, game="kahuna", seats=["h", "h"], name="Ana", open=True)
    for body, key in (({"table": table["table"], "name": ""}, "error.bad_name"),
                      ({"table": table["table"], "name": "A" * 41}, "error.name_too_long"),
                      ({"table": "nope", "name": "Bob"}, "error.bad_request"),
                      ({"table": "A" * 12, "name": "Bob"}, "error.unknown_table")):
        status, answer = post(server, "api/tables/sit", body)
        assert answer["error"]["key"] == key, body
        assert status in (400, 404)
    # A table for one person cannot be open.
    status, answer = post(server, "api/tables", {"game": "kahuna", "seats": ["h", "bot1"], "name": "Ana", "open": True})
    assert (status, answer["error"]["key"]) == (400, "error.bad_setup")
    status, answer = post(server, "api/tables", {"game": "kahuna", "name": "Ana", "open": "yes"})
    assert (status, answer["error"]["key"]) == (400, "error.bad_request")


def test_an_address_keeps_only_so_many_tables_listed_and_unjoined_tables_leave_the_list(start_server):
    limited = start_server("--open-per-address", "2", "--open-for", "2")
    for _ in range(2):
        create(limited, game="kahuna", seats=["h", "h"], name="Ana", open=True)
    status, answer = post(limited, "api/tables", {"game": "kahuna", "seats": ["h", "h"], "name": "Ana", "open": True})
    assert (status, answer["error"]["key"]) == (429, "error.too_many_open_tables")
    assert answer["error"]["params"] == {"limit": 2}
    # A table by invitation is not counted.
    create(limited, game="kahuna", seats=["h", "h"], name="Ana")
    assert len(listed(limited)) == 2
    # Nobody sat down within the window: the tables leave the list, and the
    # address may open others.
    time.sleep(2.2)
    assert listed(limited) == []
    create(limited, game="kahuna", seats=["h", "h"], name="Ana", open=True)
    assert len(listed(limited)) == 1


def test_an_open_table_waits_for_its_people_then_begins(server):
    # Seed 3: Ana's seat moves first.
    table = create(server, game="kahuna", seats=["h", "h"], seed=3, name="Ana", open=True)

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        assert ana.state["table"]["started"] is False and ana.state["table"]["creator"] == 0
        move = ana.snapshot["legal"][0]["text"]
        assert (await ana.call("move", ply=0, move=move))["key"] == "error.not_started"
        status, _ = post(server, "api/tables/sit", {"table": table["table"], "name": "Bob"})
        assert status == 201
        await ana.wait_for(lambda state: state["table"]["started"])
        assert (await ana.call("move", ply=0, move=move))["type"] == "ack"
        await ana.close()
    run(scene())


def test_its_creator_starts_a_waiting_table_with_bots_in_the_free_seats(server):
    table = create(server, game="moai", players=3, seats=["h", "h", "h"], seed=3, name="Ana", open=True)

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        status, bob = post(server, "api/tables/sit", {"table": table["table"], "name": "Bob"})
        assert status == 201
        bob_page = await seated(server, table["table"], bob["token"])
        assert (await bob_page.call("start", level=1))["key"] == "error.not_creator"
        for level in (9, "1", None):
            assert (await ana.call("start", level=level))["key"] == "error.bad_request"
        assert (await ana.call("start", level=1))["type"] == "ack"
        for page in (ana, bob_page):
            state = await page.wait_for(lambda state: state["table"]["started"])
            assert state["table"]["seats"] == ["h", "h", "bot1"] and state["snapshot"]["seats"][2] == "bot1"
            assert state["cause"] == {"kind": "start", "seat": 0}
        assert (await ana.call("start", level=1))["key"] == "error.started"
        # The free seat's invitation no longer seats anyone, and the table is
        # no longer listed.
        invited = next(i["token"] for i in table["invitations"] if i["seat"] == 2)
        assert await seated_or_refused(server, table["table"], invited) == "error.bad_token"
        assert table["table"] not in [item["table"] for item in listed(server)]
        # The bot plays its part of the first, simultaneous step.
        await ana.wait_for(lambda state: 2 not in state["snapshot"]["to_move"])
        for page in (ana, bob_page):
            await page.close()
    run(scene())
