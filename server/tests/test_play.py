"""Seats, names, spectators and devices at a table (whole games of the four
games, and what each seat is told, are in test_secrets.py)."""

from __future__ import annotations

from pygame_core.match import Match

from online import create, run, seated


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
