"""Whole games of the four games through the server, people and bots, and
what each seat is told: exactly its own snapshot, never another's secret."""

from __future__ import annotations

import asyncio
import random

import pytest

from pygame_core import Rng, api
from pygame_core.match import Match

from online import Client, create, keys_in, play_randomly, run, seated

WHOLE_GAMES = [
    pytest.param("kahuna", 2, {}, ["h", "bot2"], id="kahuna-person-and-skilled-bot"),
    pytest.param("haleakala", 2, {"tactical": True}, ["h", "h"], id="haleakala-two-people"),
    pytest.param("kanaloa", 3, {}, ["h", "h", "bot1"], id="kanaloa-two-people-and-a-bot"),
    pytest.param("moai", 5, {}, ["h", "bot0", "h", "bot1", "h"], id="moai-three-people-and-two-bots"),
]


@pytest.mark.parametrize("game,players,options,seats", WHOLE_GAMES)
def test_a_whole_game_with_people_and_bots(server, game, players, options, seats):
    table = create(server, game=game, players=players, options=options, seats=seats, seed=17, name="Seat 0")
    tokens = {table["seat"]: table["token"], **{i["seat"]: i["token"] for i in table["invitations"]}}

    async def play():
        clients = {0: await seated(server, table["table"], tokens[0])}
        for seat in sorted(tokens)[1:]:
            clients[seat] = await seated(server, table["table"], tokens[seat], f"Seat {seat}")
        spectator = await seated(server, table["table"], table["spectator"])
        rng = random.Random(game)
        watching = asyncio.create_task(spectator.wait_for(lambda state: state["snapshot"]["over"], 200))
        await asyncio.gather(*(play_randomly(client, seat, rng) for seat, client in clients.items()))
        await watching
        for client in clients.values():
            await client.settle(0.1)
        return clients, spectator

    clients, spectator = run(play())
    moves = server.records(table["table"])
    replayed = Match.from_record({"format": "archipel-record", "version": 1, "game": game,
                                  "players": players, "seed": 17, "options": options, "seats": seats,
                                  "moves": [list(move) for move in moves]})
    assert replayed.state.is_over()
    for seat, client in [*clients.items(), (None, spectator)]:
        final = client.snapshot
        assert final["over"] and final["result"] == replayed.state.result()
        # The log pieces added up are the whole log as this seat may read it.
        assert final["log"] == replayed.log_for(seat)
        assert final["view"] == replayed.state.view(seat)
        assert client.state["table"]["names"] == [f"Seat {s}" if s in tokens else "" for s in range(players)]
    bots = [seat for seat in range(players) if seats[seat] != "h"]
    assert {player for player, _ in moves} >= set(bots), "every bot played"
    check_what_each_seat_was_told(game, players, options, seats, moves, [*clients.items(), (None, spectator)])


def check_what_each_seat_was_told(game, players, options, seats, moves, clients):
    """Every state a seat received is ``api.snapshot`` of the game at that ply
    for that seat (its log from ``log_from`` on), the same in any position
    the seat cannot tell apart from the real one (the secrets check of
    tests/test_protocol.py, over the wire), and no message ever carries a
    secret's fields."""
    told = {}
    for seat, client in clients:
        for message in client.received:
            assert not keys_in(message) & {"secret_for", "secret"}, message
            if message["type"] in ("welcome", "state"):
                assert message["seat"] == seat
                told.setdefault(message["ply"], []).append((seat, message))
    match = Match(game, players, 17, options, seats)
    for ply in range(len(moves) + 1):
        for seat, message in told.get(ply, []):
            expected = api.snapshot(match, seat, message["log_from"])
            received = dict(message["snapshot"])
            assert received.pop("names") == message["table"]["names"]
            del expected["names"]
            assert received == expected, f"seat {seat}, ply {ply}"
            if seat is not None and not match.state.is_over():
                twin = match.state.determinize(seat, Rng(ply * 7 + seat))
                # (A twin takes back the others' secret choices of a
                # simultaneous step: it is then another moment of the game.)
                if twin.to_move() != match.state.to_move():
                    continue
                assert twin.view(seat) == received["view"]
                assert [move.to_dict() for move in twin.legal_moves(seat)] == received["legal"]
        if ply < len(moves):
            match.play(*moves[ply])
    assert sum(len(messages) for messages in told.values()) > len(moves)


def test_a_bot_plays_first_as_soon_as_the_table_is_made(server):
    seed = next(seed for seed in range(100) if Match("kahuna", 2, seed).state.to_move() == [0])
    table = create(server, game="kahuna", seats=["bot0", "h"], seat=1, seed=seed)

    async def watch():
        client = await seated(server, table["table"], table["token"])
        return await client.wait_for(lambda state: state["snapshot"]["to_move"] == [1])

    state = run(watch())
    assert state["ply"] >= 1 and all(entry["player"] == 0 for entry in state["snapshot"]["log"])


def test_seats_sit_down_with_a_name_and_everyone_is_told(server):
    table = create(server, game="kanaloa", players=3, seats=["h", "h", "h"], name="Ana")

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        assert ana.state["table"]["joined"] == [True, False, False]
        assert ana.state["table"]["connected"] == [True, False, False]
        ben = await seated(server, table["table"], table["invitations"][0]["token"])
        # Not seated yet: no move.
        refused = await ben.call("move", ply=0, move=ben.snapshot["legal"][0]["text"])
        assert refused["key"] == "error.not_seated"
        for bad in ("", " \t ", "x" * 41, "Ben\u0000", "\u202eBen", 12, None):
            answer = await ben.call("join", name=bad)
            assert answer["type"] == "error" and answer["key"] in ("error.bad_name", "error.name_too_long")
        answer = await ben.call("join", name="  Ben <b>le</b>\n Grand ")
        assert answer["type"] == "ack"
        state = await ana.wait_for(lambda state: state["table"]["joined"] == [True, True, False])
        assert state["table"]["names"] == ["Ana", "Ben <b>le</b> Grand", ""]
        assert state["snapshot"]["names"] == ["Ana", "Ben <b>le</b> Grand", ""]
        assert state["table"]["connected"] == [True, True, False]
        await ben.close()
        presence = await ana.expect("presence")
        assert presence["table"]["connected"] == [True, False, False]

    run(scene())


def test_spectators_see_the_public_view_and_cannot_act(server):
    table = create(server, game="kahuna", seats=["h", "h"], seed=9)

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        watcher = await seated(server, table["table"], table["spectator"])
        assert watcher.state["seat"] is None
        assert watcher.snapshot["view"] == Match("kahuna", 2, 9).state.view(None)
        assert watcher.snapshot["legal"] == [] and watcher.snapshot["can_undo"] is False
        for request in ({"type": "move", "ply": 0, "move": "draw"}, {"type": "join", "name": "Eve"},
                        {"type": "undo", "ply": 0}, {"type": "rematch", "number": 1}):
            answer = await watcher.call(**request)
            assert answer["key"] == "error.spectator"
        assert ana.state["table"]["spectators"] == 0
        state = await ana.wait_for(lambda state: state["table"]["spectators"] == 1)
        assert state["table"]["connected"] == [True, False]

    run(scene())


def test_the_same_link_on_two_devices_holds_one_seat(server):
    table = create(server, game="haleakala", seats=["h", "h"], seed=3)

    async def scene():
        phone = await seated(server, table["table"], table["token"])
        laptop = await seated(server, table["table"], table["token"])
        other = await seated(server, table["table"], table["invitations"][0]["token"], "Ben")
        mover, mover_seat = (phone, 0) if 0 in phone.snapshot["to_move"] else (other, 1)
        move = mover.snapshot["legal"][0]["text"]
        answer = await mover.call("move", ply=0, move=move)
        assert answer == {"type": "ack", "ply": 0, "move": move, "ref": answer["ref"]}
        for client in (phone, laptop, other):
            state = await client.wait_for(lambda state: state["ply"] == 1)
            assert state["snapshot"]["log"][0]["player"] == mover_seat

    run(scene())
