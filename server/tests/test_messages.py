"""The WebSocket protocol's hard cases: retries, races, undo, rematch, and
every kind of bad message, each refused to its sender alone with the table
unchanged and the connection kept."""

from __future__ import annotations

import asyncio
import json
import random
import secrets

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from pygame_core.match import Match

from online import Client, create, keys_in, play_randomly, run, seated


def seed_where(game: str, players: int, first: int) -> int:
    return next(seed for seed in range(200) if Match(game, players, seed).state.to_move() == [first])


async def two_people(server, game="kahuna", seed=None, players=2, **setup):
    seed = seed_where(game, players, 0) if seed is None else seed
    table = create(server, game=game, players=players, seats=["h"] * players, seed=seed, **setup)
    ana = await seated(server, table["table"], table["token"])
    ben = await seated(server, table["table"], table["invitations"][0]["token"], "Ben")
    return table, ana, ben


def first_of(snapshot: dict, kind: str) -> str:
    return next(move["text"] for move in snapshot["legal"] if move["kind"] == kind)


def test_a_retried_move_is_acknowledged_again_and_played_once(server):
    async def scene():
        table, ana, ben = await two_people(server)
        move = first_of(ana.snapshot, "place")
        first = await ana.call("move", ply=0, move=move)
        assert first["type"] == "ack" and first["ply"] == 0 and "duplicate" not in first
        await ana.wait_for(lambda state: state["ply"] == 1)
        again = await ana.call("move", ply=0, move=move)
        assert again == {"type": "ack", "ply": 0, "move": move, "duplicate": True, "ref": again["ref"]}
        resync = await ana.expect("state")
        assert resync["ply"] == 1 and resync["log_from"] == 0
        await ben.settle()
        return table

    table = run(scene())
    assert len(server.records(table["table"])) == 1


def test_the_same_seat_on_two_devices_racing_plays_one_move_and_refuses_the_other(server):
    async def scene():
        table, phone, _ = await two_people(server)
        laptop = await seated(server, table["table"], table["token"])
        places = [move["text"] for move in phone.snapshot["legal"] if move["kind"] == "place"]
        await asyncio.gather(phone.send(type="move", ply=0, move=places[0], ref="phone"),
                             laptop.send(type="move", ply=0, move=places[1], ref="laptop"))
        answers = [await phone.expect("ack", "error", ref="phone"), await laptop.expect("ack", "error", ref="laptop")]
        assert sorted(answer["type"] for answer in answers) == ["ack", "error"]
        refusal = next(answer for answer in answers if answer["type"] == "error")
        assert refusal["key"] == "error.stale" and "board" in refusal["message"]
        loser = phone if refusal is answers[0] else laptop
        state = await loser.expect("state")
        assert state["ply"] == 1 and state["log_from"] == 0
        return table

    table = run(scene())
    assert len(server.records(table["table"])) == 1


def test_simultaneous_secret_choices_of_several_people_are_all_played(server):
    """Kanaloa's opening: every player picks a card at ply 0 at once; none
    of them loses a race, and a retry of each is recognised."""
    async def scene():
        table = create(server, game="kanaloa", players=4, seats=["h", "h", "h", "bot0"], seed=11)
        clients = [await seated(server, table["table"], table["token"])]
        for invitation in table["invitations"]:
            clients.append(await seated(server, table["table"], invitation["token"], f"P{invitation['seat']}"))
        assert set(clients[0].snapshot["to_move"]) >= {0, 1, 2}
        moves = [client.snapshot["legal"][0]["text"] for client in clients]
        await asyncio.gather(*(client.send(type="move", ply=0, move=move, ref="pick")
                               for client, move in zip(clients, moves)))
        answers = [await client.expect("ack", "error", ref="pick") for client in clients]
        assert [answer["type"] for answer in answers] == ["ack"] * 3, answers
        for client, move in zip(clients, moves):
            again = await client.call("move", ply=0, move=move)
            assert again["type"] == "ack" and again["duplicate"] is True
        return table

    table = run(scene())
    assert sorted(player for player, _ in server.records(table["table"])[:3]) == [0, 1, 2]


def test_bad_plies_seats_and_moves_are_refused_and_change_nothing(server):
    async def scene():
        table, ana, ben = await two_people(server)
        await ana.settle()
        before = ana.snapshot
        move = first_of(ana.snapshot, "place")
        cases = [
            (ana, {"ply": 5, "move": move}, "error.bad_ply"),
            (ana, {"ply": -1, "move": move}, "error.bad_ply"),
            (ana, {"ply": "0", "move": move}, "error.bad_ply"),
            (ana, {"ply": True, "move": move}, "error.bad_ply"),
            (ana, {"ply": 0, "move": move, "seat": 1}, "error.not_your_seat"),
            (ben, {"ply": 0, "move": move}, "error.not_your_turn"),
            (ana, {"ply": 0, "move": "fly to the moon"}, "error.malformed"),
            (ana, {"ply": 0, "move": 17}, "error.malformed"),
            (ana, {"ply": 0}, "error.malformed"),
            (ana, {"ply": 0, "move": "take 9"}, None),
        ]
        for client, fields, key in cases:
            answer = await client.call("move", **fields)
            assert answer["type"] == "error", (fields, answer)
            assert answer["message"]
            if key is not None:
                assert answer["key"] == key, (fields, answer)
        await ana.settle()
        assert ana.snapshot == before
        # Still connected, still playing.
        assert (await ana.call("move", ply=0, move=move))["type"] == "ack"
        return table

    table = run(scene())
    assert len(server.records(table["table"])) == 1


def test_undo_follows_the_local_policy_and_everyone_sees_it(server):
    async def scene():
        table, ana, ben = await two_people(server)
        move = first_of(ana.snapshot, "place")
        await ana.call("move", ply=0, move=move)
        state = await ben.wait_for(lambda state: state["ply"] == 1)
        assert state["snapshot"]["can_undo"] is False
        assert (await ben.call("undo", ply=1))["key"] == "error.cannot_undo"
        await ana.wait_for(lambda state: state["ply"] == 1)
        assert ana.snapshot["can_undo"] is True
        answer = await ana.call("undo", ply=1)
        assert answer["type"] == "ack" and answer["ply"] == 0 and answer["move"] == move
        for client, seat in ((ana, 0), (ben, 1)):
            state = await client.wait_for(lambda state: state["ply"] == 0)
            assert state["cause"] == {"kind": "undo", "seat": 0, "ply": 0}
            assert state["snapshot"]["log"] == []
            assert [(undo["ply"], undo["player"]) for undo in state["undos"]] == [(0, 0)]
            assert state["undos"][0]["events"][0]["key"] == "kahuna.place"
        # A retried undo finds the table changed: refused, never a second undo.
        again = await ana.call("undo", ply=1)
        assert again["key"] == "error.stale"
        # Nothing to take back past a draw.
        await ana.call("move", ply=0, move="draw")
        await ana.wait_for(lambda state: state["ply"] == 1)
        assert (await ana.call("undo", ply=1))["key"] == "error.cannot_undo"
        return table

    table = run(scene())
    assert server.records(table["table"]) == [(0, "draw")]


def test_a_hidden_card_taken_back_stays_hidden_from_the_others(server):
    """Kahuna's face-down discard is an own move of the turn that may be
    taken back; the undo tells the others only what the move told them."""
    seed = 0
    match = Match("kahuna", 2, seed)
    prefix = []
    while not any(str(move).startswith("hide") for move in match.state.legal_moves(match.state.to_move()[0])):
        player = match.state.to_move()[0]
        legal = [str(move) for move in match.state.legal_moves(player)]
        move = next((text for text in legal if text == "draw" or text.startswith("take")), legal[0])
        match.play(player, move)
        prefix.append((player, move))
    hider = match.state.to_move()[0]
    hide = next(str(move) for move in match.state.legal_moves(hider) if str(move).startswith("hide"))

    async def scene():
        table, ana, ben = await two_people(server, seed=seed)
        clients = {0: ana, 1: ben}
        for ply, (player, move) in enumerate(prefix):
            assert (await clients[player].call("move", ply=ply, move=move))["type"] == "ack"
        mine, theirs = clients[hider], clients[1 - hider]
        assert (await mine.call("move", ply=len(prefix), move=hide))["type"] == "ack"
        await mine.wait_for(lambda state: state["ply"] == len(prefix) + 1)
        assert mine.snapshot["can_undo"] is True
        assert (await mine.call("undo", ply=len(prefix) + 1))["type"] == "ack"
        return ((await mine.wait_for(lambda state: state["undos"]))["undos"][0],
                (await theirs.wait_for(lambda state: state["undos"]))["undos"][0])

    mine, theirs = run(scene())
    card = hide.split()[1]
    assert mine["events"] == [{"key": "kahuna.hide.own", "player": hider, "params": {"card": card}}]
    assert theirs["events"] == [{"key": "kahuna.hide", "player": hider, "params": {}}]


def test_after_the_end_moves_are_refused_and_a_rematch_starts_at_the_same_seats(server):
    async def scene():
        table = create(server, game="kahuna", seats=["h", "bot0"], seed=21, name="Ana")
        ana = await seated(server, table["table"], table["token"])
        assert (await ana.call("rematch", number=1, ply=ana.ply))["key"] == "error.not_over"
        await play_randomly(ana, 0, random.Random(1))
        final = await ana.wait_for(lambda state: state["snapshot"]["over"])
        assert (await ana.call("move", ply=final["ply"], move="draw"))["key"] == "error.game_over"
        other = await seated(server, table["table"], table["token"])
        answer = await ana.call("rematch", number=1, ply=ana.ply)
        assert answer["type"] == "ack" and answer["number"] == 2
        again = await other.call("rematch", number=1, ply=other.ply)
        assert again["type"] == "ack" and again["duplicate"] is True
        state = await ana.wait_for(lambda state: state["table"]["number"] == 2)
        assert state["cause"]["kind"] == "rematch" and state["log_from"] == 0
        assert state["snapshot"]["seats"] == ["h", "bot0"] and state["snapshot"]["names"] == ["Ana", ""]
        assert state["snapshot"]["seed"] is None and not state["snapshot"]["over"]
        assert "seed" not in state["fairness"] and state["fairness"]["number"] == 2
        assert (await ana.call("rematch", number=3, ply=ana.ply))["key"] == "error.stale"
        # The bot may open the new game: once it is Ana's turn nothing moves
        # until she does, and the store holds what her page shows.
        if 0 not in state["snapshot"]["to_move"]:
            state = await ana.wait_for(lambda now: now["table"]["number"] == 2 and 0 in now["snapshot"]["to_move"])
        return table, state

    table, state = run(scene())
    assert len(server.records(table["table"])) == state["ply"]


@pytest.mark.parametrize("raw,key", [
    ("not json", "error.bad_request"),
    ("[" * 4000 + "]" * 4000, "error.too_large"),
    ("[" * 2000 + "]" * 2000, "error.bad_request"),
    ("[1, 2]", "error.bad_request"),
    ('{"ply": 0}', "error.bad_request"),
    ('{"type": "dance"}', "error.bad_request"),
    ('{"type": 7}', "error.bad_request"),
    ('{"type": "move", "ply": 0, "move": "draw"}', "error.no_table"),
    ('{"type": "sync"}', "error.no_table"),
    ('{"type": "hello", "table": "no/such/id", "token": "x"}', "error.bad_request"),
    ('{"type": "hello", "table": "AAAAAAAAAAAA", "token": "AAAAAAAAAAAAAAAAAAAAAA"}', "error.unknown_table"),
])
def test_malformed_messages_get_an_error_and_keep_the_connection(server, raw, key):
    table = create(server, game="kahuna", seats=["h", "h"])

    async def scene():
        client = await Client(server).open()
        await client.send_raw(raw)
        answer = await client.expect("error")
        welcome = await client.hello(table["table"], table["token"])
        return answer, welcome

    answer, welcome = run(scene())
    assert answer["key"] == key and answer["message"]
    assert welcome["type"] == "welcome"


def test_a_wrong_token_gets_a_refusal_and_nothing_else(server):
    table = create(server, game="kahuna", seats=["h", "h"])
    other = create(server, game="kahuna", seats=["h", "h"])

    async def scene():
        client = await Client(server).open()
        for token in (other["token"], "A" * 22, "short", None, 12):
            answer = await client.hello(table["table"], token)
            assert answer["type"] == "error"
            assert answer["key"] == "error.bad_token"
            assert answer["params"] == {}
        await client.settle()
        welcome = await client.hello(table["table"], table["token"])
        assert welcome["type"] == "welcome"
        assert (await client.call("hello", table=table["table"], token=table["token"]))["key"] == "error.bad_request"
        return client.received

    received = run(scene())
    assert [message["type"] for message in received] == ["error"] * 5 + ["welcome", "presence", "error"]


def test_oversized_messages_are_refused_and_huge_frames_end_the_connection(server):
    table = create(server, game="kahuna", seats=["h", "h"])

    async def scene():
        client = await seated(server, table["table"], table["token"])
        await client.send(type="move", ply=0, move="x" * 5000)
        answer = await client.expect("error")
        assert answer["key"] == "error.too_large"
        await client.send_raw(b"\x00" * 100)
        assert (await client.expect("error"))["key"] == "error.bad_request"
        await client.send(type="sync")
        assert (await client.expect("state"))["ply"] == 0
        await client.send_raw("x" * 200_000)
        with pytest.raises(ConnectionClosed) as closed:
            await client.recv()
        return closed.value

    closed = run(scene())
    assert closed.rcvd.code == 1009


def test_pages_of_another_origin_cannot_open_the_websocket(server):
    async def scene():
        for origin in ("https://elsewhere.example", None):
            with pytest.raises(InvalidStatus) as refused:
                await Client(server, origin=origin).open()
            assert refused.value.response.status_code == 403

    run(scene())


def test_a_configured_origin_may_open_the_websocket(start_server):
    other = start_server("--origin", "https://friends.example")

    async def scene():
        client = await Client(other, origin="https://friends.example").open()
        await client.send(type="sync")
        return await client.expect("error")

    assert run(scene())["key"] == "error.no_table"


def test_too_many_messages_are_refused_for_a_moment_and_the_connection_kept(start_server):
    limited = start_server(rate_limit=True)  # the default limits: 10 a second, 20 at once
    table = create(limited, game="kahuna", seats=["h", "h"])

    async def scene():
        client = await seated(limited, table["table"], table["token"])
        for number in range(40):
            await client.send(type="sync", ref=number)
        answers = [await client.expect("state", "error") for _ in range(40)]
        refused = [answer for answer in answers if answer["type"] == "error"]
        assert refused and all(answer["key"] == "error.rate_limited" for answer in refused)
        assert len(refused) >= 40 - 20 - 5
        await asyncio.sleep(1.2)
        await client.send(type="sync")
        return await client.expect("state", "error")

    assert run(scene())["type"] == "state"


def test_messages_are_compact_json(server):
    table = create(server, game="kahuna", seats=["h", "h"])

    async def scene():
        client = await seated(server, table["table"], table["token"])
        return client.texts[0]

    text = run(scene())
    assert json.loads(text)["type"] == "welcome"
    assert ", " not in text[:200] and ": " not in text[:200]


def test_a_connection_that_does_not_say_hello_in_time_is_closed(start_server):
    quick = start_server("--hello-within", "0.5")

    async def scene():
        client = await Client(quick).open()
        answer = await client.expect("error", timeout=5)
        with pytest.raises(ConnectionClosed) as closed:
            await client.recv(5)
        return answer, closed.value

    answer, closed = run(scene())
    assert answer["key"] == "error.no_hello"
    assert closed.rcvd.code == 1008


def test_an_address_holds_only_so_many_connections_at_once(start_server):
    capped = start_server("--connections-per-address", "3")
    table = create(capped, game="kahuna", seats=["h", "h"])

    async def scene():
        devices = [await seated(capped, table["table"], table["token"]) for _ in range(3)]
        extra = await Client(capped).open()
        refused = await extra.expect("error")
        with pytest.raises(ConnectionClosed):
            await extra.recv(5)
        await devices[0].close()
        await asyncio.sleep(0.3)
        again = await seated(capped, table["table"], table["token"])
        return refused, again.state

    refused, state = run(scene())
    assert refused["key"] == "error.too_many_connections" and refused["params"] == {"limit": 3}
    assert state["seat"] == 0


def test_a_text_frame_that_is_not_utf8_costs_one_line_of_log(start_server):
    fresh = start_server()

    async def scene():
        client = await Client(fresh).open()
        for _ in range(3):
            await client.ws.send(b"\xff\xfe{}", text=True)
            with pytest.raises(ConnectionClosed) as closed:
                await client.recv(5)
            assert closed.value.rcvd.code == 1007
            client = await Client(fresh).open()

    run(scene())
    log = fresh.log()
    assert "Traceback" not in log
    assert log.count("not UTF-8 was refused") == 3


def test_a_seat_may_take_a_new_link_and_the_old_one_lets_go(server):
    table = create(server, game="kahuna", seats=["h", "h"], name="Ana")

    async def scene():
        phone = await seated(server, table["table"], table["token"])
        laptop = await seated(server, table["table"], table["token"])
        watcher = await seated(server, table["table"], table["spectator"])
        assert (await watcher.call("new_token"))["key"] == "error.spectator"
        for bad in ("short", 12, "x" * 22 + "!"):
            assert (await phone.call("new_token", token=bad))["key"] == "error.bad_request"
        # Only a token the server made and offered this holder is taken.
        assert (await phone.call("new_token", token=secrets.token_urlsafe(16)))["key"] == "error.no_offer"
        assert (await phone.call("new_token", token=table["spectator"]))["key"] == "error.token_in_use"
        assert (await phone.call("new_token", token=table["invitations"][0]["token"]))["key"] == "error.token_in_use"
        offer = await phone.call("new_token")
        assert offer["type"] == "token_offer" and offer["token"] not in (table["token"], table["spectator"])
        fresh = offer["token"]
        # Offered, not taken: both devices still hold the seat.
        await laptop.settle(0.3)
        assert not [m for m in laptop.received if m["type"] == "error"]
        answer = await phone.call("new_token", token=fresh)
        assert answer["type"] == "token" and answer["seat"] == 0
        let_go = await laptop.expect("error")
        with pytest.raises(ConnectionClosed):
            await laptop.recv(5)
        old = await Client(server).open()
        refused = await old.hello(table["table"], table["token"])
        new = await seated(server, table["table"], fresh)
        # The phone plays on, on its connection; asked again (its answer
        # lost), the same new token changes nothing.
        again = await phone.call("new_token", token=fresh)
        assert again["type"] == "token"
        await phone.send(type="sync")
        await phone.expect("state")
        await new.settle(0.3)
        assert not [m for m in new.received if m["type"] == "error"]
        # The spectators' link and the other seat's are what they were.
        ben = await seated(server, table["table"], table["invitations"][0]["token"])
        watching = await seated(server, table["table"], table["spectator"])
        return let_go, refused, new.state, ben.state, watching.state

    let_go, refused, state, ben, watching = run(scene())
    assert let_go["key"] == "error.bad_token"
    assert refused["key"] == "error.bad_token"
    assert state["seat"] == 0 and ben["seat"] == 1 and watching["seat"] is None
