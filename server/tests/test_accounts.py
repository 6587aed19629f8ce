"""Accounts over HTTP and at the tables: sign up, out and in with a passkey,
a second device by a one-time code, export and delete; names unique and
never lookalikes; sessions as cookies scripts cannot read, or bearer tokens
for a page of another origin; rated tables, their ratings computed as
openskill computes them, profiles and leaderboards; the limits of attempts
per address."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from archipel_server.ratings import MU, SIGMA, bot_rating
from online import Client, ServerProcess, post, run
from passkeys import Player

PAGES = "https://pages.example"


@pytest.fixture(scope="module")
def site(tmp_path_factory, new_store):
    process = ServerProcess(tmp_path_factory.mktemp("accounts"), "--account-attempts", "0", "--tables-per-address",
                            "0", "--seats-per-address", "0", "--messages-per-second", "100000", "--origin", PAGES,
                            "--bot-pace", "0", store=new_store()).start()
    yield process
    process.stop()


def signed_up(site, name: str, origin: str | None = None) -> Player:
    player = Player(site, origin=origin)
    status, answer = player.sign_up(name)
    assert status == 201, answer
    return player


def test_sign_up_out_and_in_with_a_passkey_the_session_a_cookie_scripts_cannot_read(site):
    ana = Player(site)
    assert ana.call("account") == (200, {"account": None})
    status, answer = ana.sign_up("Ana Tahiti")
    assert status == 201 and answer["account"]["name"] == "Ana Tahiti" and answer["session"] == "cookie"
    assert "bearer" not in answer
    cookie = ana.set_cookies[-1].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie and "secure" not in cookie
    status, me = ana.call("account")
    assert status == 200 and me["account"]["name"] == "Ana Tahiti" and me["ratings"] == {}
    ana.sign_out()
    assert ana.cookie is None and ana.call("account")[1] == {"account": None}
    status, answer = ana.sign_in()
    assert status == 200 and answer["account"]["name"] == "Ana Tahiti"
    assert ana.call("account")[1]["account"]["id"] == me["account"]["id"]


def test_a_page_of_another_origin_gets_a_bearer_token_and_its_own_passkey(site):
    remote = Player(site, origin=PAGES)
    status, answer = remote.sign_up("Remote Rua")
    assert status == 201 and answer["session"] == "bearer" and remote.bearer and remote.cookie is None
    assert not any("archipel_session" in header for header in remote.set_cookies)
    # The passkey belongs to the page's site: its relying party is pages.example.
    assert {rp for rp, _, _ in remote.authenticator.keys.values()} == {"pages.example"}
    assert remote.call("account")[1]["account"]["name"] == "Remote Rua"
    remote.sign_out()
    assert remote.call("account")[1] == {"account": None}
    assert remote.sign_in()[0] == 200 and remote.call("account")[1]["account"]["name"] == "Remote Rua"


def test_names_are_unique_case_folded_and_lookalikes_are_refused(site):
    signed_up(site, "Moana")
    for twin in ("MOANA", "moána", "Mo ana", "M\u043eana", "M0ana"):     # the fourth: a Cyrillic o
        status, answer = Player(site).sign_up(twin)
        expected = "error.name_mixed_scripts" if twin == "M\u043eana" else "error.name_taken"
        assert (status, answer["error"]["key"]) == (409 if expected == "error.name_taken" else 400, expected), twin
    status, answer = Player(site).sign_up("<b>Hina</b>")
    assert status == 201 and answer["account"]["name"] == "<b>Hina</b>"
    for bad in ("", "   ", "a" * 100, "\u202eevil", 7):
        status, answer = Player(site).sign_up(bad)
        assert status == 400 and answer["error"]["key"] in ("error.bad_name", "error.name_too_long"), bad


def test_a_second_device_joins_by_a_one_time_code(site):
    phone = signed_up(site, "Keoni")
    assert Player(site).call("account/code")[0] == 401        # signed out: no code
    status, answer = phone.call("account/code")
    assert status == 201 and len(answer["code"]) == 9 and answer["code"][4] == "-"
    laptop = Player(site)
    status, added = laptop.add_device(answer["code"].lower())
    assert status == 201 and added["account"]["name"] == "Keoni"
    # The code works once; a made-up one never.
    assert Player(site).add_device(answer["code"])[1]["error"]["key"] == "error.bad_code"
    assert Player(site).add_device("ZZZZ-ZZZZ")[1]["error"]["key"] == "error.bad_code"
    laptop.sign_out()
    assert laptop.sign_in()[0] == 200 and laptop.call("account")[1]["account"]["name"] == "Keoni"
    exported = phone.call("account/export")[1]
    assert len(exported["passkeys"]) == 2


def test_a_forged_or_replayed_passkey_answer_is_refused(site):
    ana = signed_up(site, "Forge Test")
    ana.sign_out()
    status, begun = ana.call("account/signin/options")
    answer = ana.authenticator.get(begun["options"], ana.origin)
    answer["response"]["signature"] = answer["response"]["signature"][:-4] + "AAAA"
    status, refused = ana.call("account/signin", {"ceremony": begun["ceremony"], "credential": answer})
    assert status == 401 and refused["error"]["key"] == "error.bad_passkey"
    # The ceremony was used up by that answer: a good one cannot replay it.
    good = ana.authenticator.get(begun["options"], ana.origin)
    status, refused = ana.call("account/signin", {"ceremony": begun["ceremony"], "credential": good})
    assert status == 400 and refused["error"]["key"] == "error.ceremony_expired"
    # A passkey from another page's origin is not this site's.
    status, begun = ana.call("account/signin/options")
    wrong = ana.authenticator.get(begun["options"], "https://evil.example")
    assert ana.call("account/signin", {"ceremony": begun["ceremony"], "credential": wrong})[0] == 401


def test_export_then_delete_the_account_frees_the_name_and_stops_the_passkey(site):
    leaving = signed_up(site, "Leaving Soon")
    status, exported = leaving.call("account/export")
    assert status == 200 and exported["account"]["name"] == "Leaving Soon" and exported["history"] == []
    assert leaving.call("account/delete", {"name": "someone else"})[1]["error"]["key"] == "error.confirm_name"
    status, answer = leaving.call("account/delete", {"name": "leaving soon"})
    assert status == 200 and answer["deleted"] and leaving.cookie is None
    status, refused = leaving.sign_in()
    assert status == 401 and refused["error"]["key"] == "error.unknown_passkey"
    assert Player(site).sign_up("Leaving Soon")[0] == 201


async def finish(site, clients_seats, rng) -> None:
    """Play random legal moves at every seat until the game is over."""
    while not clients_seats[0][0].snapshot["over"]:
        moved = False
        for client, seat in clients_seats:
            snapshot = client.snapshot
            if seat in snapshot["to_move"] and snapshot["legal"] and not snapshot["over"]:
                answer = await client.call("move", ply=client.ply, move=rng.choice(snapshot["legal"])["text"])
                if answer["type"] == "ack":
                    moved = True
                    break
        for client, _ in clients_seats:
            await client.settle(0.05 if moved else 0.2)


def seated_client(site, player: Player):
    async def sit(table, token, name="typed"):
        client = await Client(site).open()
        welcome = await client.hello(table, token)
        assert welcome["type"] == "welcome", welcome
        answer = await client.call("join", name=name, **({"session": player.bearer} if player.bearer else {}))
        return client, answer
    return sit


def test_two_accounts_at_a_rated_kanaloa_table_move_as_openskill_says(site):
    # Bearer tokens: pages of another origin, whose WebSocket carries no cookie.
    ana, bob = signed_up(site, "Rated Ana", PAGES), signed_up(site, "Rated Bob", PAGES)
    status, table = ana.call("tables", {"game": "kanaloa", "players": 2, "rated": True, "name": "ignored"})
    assert status == 201, table
    guest = Player(site, origin=PAGES)

    async def scene():
        refused_client, refused = await seated_client(site, guest)(table["table"], table["invitations"][0]["token"])
        await refused_client.close()
        a, joined_a = await seated_client(site, ana)(table["table"], table["token"])
        b, joined_b = await seated_client(site, bob)(table["table"], table["invitations"][0]["token"])
        await a.settle(), await b.settle()
        names = list(a.state["table"]["names"])
        await finish(site, [(a, 0), (b, 1)], random.Random(3))
        result = a.snapshot["result"]
        await a.close(), await b.close()
        return refused, joined_a, joined_b, names, result

    refused, joined_a, joined_b, names, result = run(scene())
    assert refused["type"] == "error" and refused["key"] == "error.rated_signed_out"
    assert joined_a["type"] == joined_b["type"] == "ack"
    assert names == ["Rated Ana", "Rated Bob"]         # the accounts' names, not the typed one
    winners = set(result["winners"])
    ranks = [0 if seat in winners else 1 for seat in range(2)]
    if len(winners) == 2:
        ranks = [0, 0]
    model = PlackettLuce()
    expected = model.rate([[model.rating(mu=MU, sigma=SIGMA)], [model.rating(mu=MU, sigma=SIGMA)]], ranks=ranks)
    for player, team in ((ana, expected[0]), (bob, expected[1])):
        rating = player.call("account")[1]["ratings"]["kanaloa"]
        assert abs(rating["mu"] - team[0].mu) < 1e-3 and abs(rating["sigma"] - team[0].sigma) < 1e-3
        assert rating["games"] == 1 and rating["provisional"]
    # The profile lists the game, and its review link opens the record.
    status, profile = post(site, "api/players/profile", {"name": "rated ana"})
    assert status == 200 and profile["ratings"]["kanaloa"]["games"] == 1 and profile["ratings"]["moai"]["games"] == 0
    game = profile["games"][0]
    assert game["names"] == ["Rated Ana", "Rated Bob"] and game["rated"] and "review" not in game   # not open
    own = ana.call("players/profile", {"name": "Rated Ana"})[1]["games"][0]
    status, review = post(site, "api/tables/review", {"table": own["table"], "number": 1, "key": own["review"]})
    assert status == 200 and review["record"]["names"] == ["Rated Ana", "Rated Bob"]
    shown = str(profile) + str(own)
    assert table["token"] not in shown and table["spectator"] not in shown and "seed" not in shown
    board = bob.call("players/leaderboard", {"game": "kanaloa"})[1]
    assert {row["name"] for row in board["top"]} >= {"Rated Ana", "Rated Bob"}
    assert any(row["name"] == "Rated Bob" for row in board["mine"])


def test_a_game_against_a_skilled_bot_moves_the_rating_against_its_fixed_one(site):
    ana = signed_up(site, "Bot Fighter")
    status, table = ana.call("tables", {"game": "kahuna", "players": 2, "seats": ["h", "bot2"], "rated": True})
    assert status == 201, table

    async def scene():
        client = await Client(site).open()
        welcome = await client.hello(table["table"], table["token"])
        assert welcome["type"] == "welcome"
        await finish(site, [(client, 0)], random.Random(5))
        result = client.snapshot["result"]
        await client.close()
        return result

    result = run(scene())
    ranks = [0, 1] if result["winners"] == [0] else [1, 0] if result["winners"] == [1] else [0, 0]
    expected = PlackettLuce().rate([[PlackettLuce().rating(mu=MU, sigma=SIGMA)],
                                    [PlackettLuce().rating(mu=bot_rating("kahuna", 2).mu, sigma=1.0)]], ranks=ranks)
    rating = ana.call("account")[1]["ratings"]["kahuna"]
    assert abs(rating["mu"] - expected[0][0].mu) < 1e-3 and rating["games"] == 1


def test_a_rated_table_needs_an_account_and_the_server_s_seed(site):
    status, answer = post(site, "api/tables", {"game": "kahuna", "name": "Guest", "rated": True})
    assert (status, answer["error"]["key"]) == (401, "error.rated_signed_out")
    ana = signed_up(site, "Seed Chooser")
    status, answer = ana.call("tables", {"game": "kahuna", "rated": True, "seed": 4})
    assert status == 400 and answer["error"]["key"] in ("error.rated_seed", "error.chosen_seed")


def test_a_rated_table_keeps_time_so_that_whoever_leaves_ranks_last(site):
    ana = signed_up(site, "Clock Keeper")
    asked = {"game": "kahuna", "players": 2, "seats": ["h", "h"], "rated": True}
    mine = {"kind": "live", "minutes": 10, "increment": 5, "level": 3, "timeout": "bot"}
    for clock, kept in ((None, {"kind": "move", "hours": 72, "level": 2, "timeout": "out"}), (mine, mine)):
        status, table = ana.call("tables", {**asked, **({"clock": clock} if clock else {})})
        assert status == 201, table
        status, answer = post(site, "api/tables/status", {"tables": [{"table": table["table"], "token": table["token"]}]})
        shown = answer["tables"][0]["clock"]
        assert {key: shown[key] for key in kept} == kept, shown


def test_sign_ups_and_sign_ins_are_limited_per_address(start_server):
    limited = start_server("--account-attempts", "3")
    player = Player(limited)
    statuses = [player.call("account/signin/options")[0] for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert player.call("account/signin/options")[1]["error"]["key"] == "error.too_many_attempts"
    # Sign-ups count apart, and are limited too.
    statuses = [Player(limited).call("account/signup/options", {"name": f"N{n}"})[0] for n in range(4)]
    assert statuses == [200, 200, 200, 429]


def test_the_limit_of_attempts_is_one_for_every_server_sharing_a_redis(start_server, store_kind, new_store):
    if store_kind != "redis":
        pytest.skip("servers share their limits over Redis's bus; SQLite's server is alone")
    shared = new_store()
    first = start_server("--account-attempts", "4", store=shared)
    second = start_server("--account-attempts", "4", store=shared)
    statuses = [Player(server).call("account/signin/options")[0] for server in (first, second, first, second, first)]
    assert statuses == [200, 200, 200, 200, 429], "the fifth attempt of the address, on either server, is refused"
