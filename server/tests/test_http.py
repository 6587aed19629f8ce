"""The HTTP side of the table server: creating tables, the status of the
tables a page knows, origins, sizes and the limit of tables per address."""

from __future__ import annotations

import pytest

from online import create, get, post, request, run, seated


def test_info_names_the_server_its_games_and_limits(server):
    status, info = get(server, "api/info", origin=None)
    assert status == 200
    assert info["server"] == "archipel"
    assert {game["id"] for game in info["games"]} == {"kahuna", "kanaloa", "moai", "haleakala"}
    assert info["limits"]["max_name"] == 40


def test_a_table_gives_a_token_per_person_and_one_for_the_spectators(server):
    table = create(server, game="moai", players=4, seats=["h", "bot1", "h", "h"], seed=3, name="Ana")
    assert table["seat"] == 0
    assert [invitation["seat"] for invitation in table["invitations"]] == [2, 3]
    tokens = [table["token"], table["spectator"], *(i["token"] for i in table["invitations"])]
    assert len(set(tokens)) == 4
    # 128 random bits, in URL-safe base64.
    assert all(len(token) == 22 for token in tokens)
    assert len(table["table"]) == 12


def test_the_creator_may_take_another_seat(server):
    table = create(server, game="kahuna", seats=["bot2", "h"], seat=1)
    assert table["seat"] == 1 and table["invitations"] == []


@pytest.mark.parametrize("setup,key", [
    ({"game": "chess"}, "error.bad_setup"),
    ({"game": "kahuna", "players": 3}, "error.bad_setup"),
    ({"game": "kahuna", "seats": ["h", "bot9"]}, "error.bad_setup"),
    ({"game": "kahuna", "seats": ["h"]}, "error.bad_setup"),
    ({"game": "kahuna", "seats": ["bot1", "bot2"]}, "error.bad_setup"),
    ({"game": "kahuna", "seats": ["h", "bot1"], "seat": 1}, "error.bad_setup"),
    ({"game": "kahuna", "seats": ["h", "h"], "seat": True}, "error.bad_setup"),
    ({"game": "haleakala", "options": {"volcano": True}}, "error.bad_setup"),
    ({"game": "haleakala", "options": {"tactical": "yes"}}, "error.bad_setup"),
    ({"game": "kahuna", "seed": -1}, "error.bad_request"),
    ({"game": "kahuna", "seed": "five"}, "error.bad_request"),
    ({"game": "kahuna", "options": []}, "error.bad_request"),
    ({"game": "kahuna", "name": ""}, "error.bad_name"),
    ({"game": "kahuna", "name": "A" * 41}, "error.name_too_long"),
    ({"game": "kahuna", "name": "Ana\u202eevil"}, "error.bad_name"),
    ({"game": "kahuna", "name": 7}, "error.bad_name"),
])
def test_a_bad_set_up_is_refused_with_its_reason(server, setup, key):
    setup.setdefault("name", "Ana")
    status, answer = post(server, "api/tables", setup)
    assert status == 400
    assert answer["error"]["key"] == key
    assert answer["error"]["message"]


def test_bodies_that_are_not_json_or_too_large_are_refused(server):
    status, answer = request(server, "POST", "api/tables", data=b"{not json")
    assert (status, answer["error"]["key"]) == (400, "error.bad_request")
    status, answer = request(server, "POST", "api/tables", data=b"[]")
    assert (status, answer["error"]["key"]) == (400, "error.bad_request")
    status, answer = request(server, "POST", "api/tables", data=b'{"game": "kahuna"}',
                             headers={"Content-Type": "text/plain"})
    assert (status, answer["error"]["key"]) == (415, "error.bad_request")
    status, answer = post(server, "api/tables", {"game": "kahuna", "name": "x" * 20_000})
    assert (status, answer["error"]["key"]) == (413, "error.too_large")


def test_pages_of_another_origin_are_refused(server):
    for origin in ("https://elsewhere.example", None):
        status, answer = post(server, "api/tables", {"game": "kahuna", "name": "Ana"}, origin=origin)
        assert (status, answer["error"]["key"]) == (403, "error.origin")
        assert "Access-Control-Allow-Origin" not in str(answer)


def test_a_configured_origin_may_create_tables_across_sites(start_server):
    other = start_server("--origin", "https://friends.example")
    status, _ = request(other, "OPTIONS", "api/tables", origin="https://friends.example",
                        headers={"Access-Control-Request-Method": "POST"})
    assert status == 204
    status, answer = post(other, "api/tables", {"game": "kahuna", "name": "Ana"}, origin="https://friends.example")
    assert status == 201 and answer["table"]
    status, _ = post(other, "api/tables", {"game": "kahuna", "name": "Ana"}, origin="https://other.example")
    assert status == 403


def test_an_address_may_create_only_so_many_tables_a_day(start_server):
    limited = start_server("--tables-per-address", "2")
    for _ in range(2):
        create(limited, game="kahuna")
    status, answer = post(limited, "api/tables", {"game": "kahuna", "name": "Ana"})
    assert (status, answer["error"]["key"]) == (429, "error.too_many_tables")
    assert answer["error"]["params"] == {"limit": 2}
    # Still refused after a restart: the count is kept with the tables.
    limited.stop()
    limited.start()
    status, _ = post(limited, "api/tables", {"game": "kahuna", "name": "Ana"})
    assert status == 429


def test_status_tells_whose_turn_it_is_at_each_known_table(server):
    first = create(server, game="kahuna", seats=["h", "h"], seed=5, name="Ana")
    second = create(server, game="haleakala", seats=["h", "bot0"], seed=2, name="Ben")
    status, answer = post(server, "api/tables/status", {"tables": [
        {"table": first["table"], "token": first["invitations"][0]["token"]},
        {"table": second["table"], "token": second["spectator"]},
        {"table": first["table"], "token": second["token"]},
        {"table": "AAAAAAAAAAAA", "token": first["token"]},
        {"table": "../../etc", "token": first["token"]},
    ]})
    assert status == 200
    one, two, wrong, unknown, bad = answer["tables"]
    assert one["ok"] and one["seat"] == 1 and one["game"] == "kahuna"
    assert one["names"] == ["Ana", ""] and one["joined"] == [True, False]
    assert one["to_move"] and one["over"] is False and one["ply"] == 0
    assert two["ok"] and two["seat"] is None and two["game"] == "haleakala"
    assert wrong == {"table": first["table"], "ok": False, "error": {
        "key": "error.bad_token", "message": "this link does not give a seat at this table", "params": {}}}
    assert unknown["error"]["key"] == "error.unknown_table"
    assert bad["error"]["key"] == "error.bad_request"
    status, answer = post(server, "api/tables/status", {"tables": [{}] * 101})
    assert status == 400


def test_no_token_ever_reaches_the_log(server):
    table = create(server, game="kahuna", seats=["h", "h"], name="Ana")

    async def visit():
        client = await seated(server, table["table"], table["invitations"][0]["token"], "Ben")
        wrong = await seated(server, table["table"], table["spectator"])
        await wrong.close()
        await client.close()

    run(visit())
    post(server, "api/tables/status", {"tables": [{"table": table["table"], "token": table["token"]}]})
    log = server.log()
    assert table["table"] in log  # the log does speak of the table...
    for token in (table["token"], table["spectator"], table["invitations"][0]["token"]):
        assert token not in log   # ...never of its tokens


@pytest.mark.parametrize("seat", [0.0, 1.0, "0", [0], None])
def test_a_creator_seat_that_is_not_a_whole_number_is_refused_clearly(server, seat):
    status, answer = post(server, "api/tables", {"game": "kahuna", "seats": ["h", "h"], "seat": seat, "name": "Ana"})
    assert (status, answer["error"]["key"]) == (400, "error.bad_setup")
    assert "seat" in answer["error"]["message"]


def test_an_origin_must_be_the_server_itself_scheme_host_and_port(server):
    port = server.port
    for origin in (f"https://127.0.0.1:{port}", f"ftp://127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}",
                   f"http://localhost:{port}", "http://127.0.0.1", "null", f"http://127.0.0.1:{port}/path",
                   f"http://user@127.0.0.1:{port}"):
        status, answer = post(server, "api/tables", {"game": "kahuna", "name": "Ana"}, origin=origin)
        assert (status, answer["error"]["key"]) == (403, "error.origin"), origin
    status, _ = post(server, "api/tables", {"game": "kahuna", "name": "Ana"}, origin=f"http://127.0.0.1:{port}")
    assert status == 201
    # Reached as localhost, the page of localhost is the server's own.
    status, _ = post(server, "api/tables", {"game": "kahuna", "name": "Ana"}, origin=f"http://localhost:{port}",
                     headers={"Host": f"localhost:{port}"})
    assert status == 201


def test_a_page_that_names_another_host_is_refused_as_dns_rebinding_would(server):
    port = server.port
    rebound = {"Host": f"rebind.example:{port}"}
    status, answer = post(server, "api/tables", {"game": "kahuna", "name": "Ana"},
                          origin=f"http://rebind.example:{port}", headers=rebound)
    assert (status, answer["error"]["key"]) == (421, "error.host")
    status, answer = get(server, "api/info", origin=None, headers=rebound)
    assert (status, answer["error"]["key"]) == (421, "error.host")
    status, answer = post(server, "api/tables/status", {"tables": []}, origin=f"http://rebind.example:{port}",
                          headers=rebound)
    assert status == 421
    # The WebSocket's handshake too.
    assert raw_upgrade(server, host=f"rebind.example:{port}", origin=f"http://rebind.example:{port}") == 403
    assert raw_upgrade(server, host=f"127.0.0.1:{port}", origin=f"http://127.0.0.1:{port}") == 101


def test_a_host_name_given_to_the_server_is_its_own(start_server):
    named = start_server("--host-name", "tables.example.org")
    status, _ = post(named, "api/tables", {"game": "kahuna", "name": "Ana"}, origin="http://tables.example.org",
                     headers={"Host": "tables.example.org"})
    assert status == 201


def test_a_table_cannot_choose_its_seed_on_a_server_that_deals_its_own(start_server):
    dealer = start_server(chosen_seeds=False)
    status, info = get(dealer, "api/info")
    assert info["chosen_seeds"] is False and info["limits"]["connections_per_address"] == 32
    status, answer = post(dealer, "api/tables", {"game": "kahuna", "seed": 5, "name": "Ana"})
    assert (status, answer["error"]["key"]) == (400, "error.chosen_seed")
    assert create(dealer, game="kahuna")["table"]


def raw_upgrade(server, host: str, origin: str) -> int:
    """The status of a WebSocket handshake sent by hand, with any Host."""
    import base64
    import os
    import socket
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        key = base64.b64encode(os.urandom(16)).decode()
        connection.sendall((f"GET {server.base}api/ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                            f"Origin: {origin}\r\n\r\n").encode())
        return int(connection.recv(1024).split(b" ", 2)[1])
