"""Clocks: a live clock (minutes a game, seconds added a turn) or a deadline
a turn, kept by the server from the moment the game began and the moment
each move was kept; a seat whose time runs out is played on by a bot of the
table's level, or is out of the game (ranked last; with one seat left in,
the game is over), as the table chose, and every seat is told; the time
counts while a server is down, and a restarted server finds every clock
where it was."""

from __future__ import annotations

import time

import pytest

from online import Client, create, post, run, seated
from archipel_server.clocks import BadClock, check_clock, times
from pygame_core import fairness

LIVE = {"kind": "live", "minutes": 10, "increment": 5, "level": 2}


def test_a_live_clock_runs_for_whoever_is_to_move_and_adds_the_increment_once_a_turn():
    # Seat 0 moves twice in one turn (t=10, t=20), then seat 1 once (t=50).
    turns = [([0], 0, 10.0), ([0], 0, 20.0), ([1], 1, 50.0)]
    clocked = times(LIVE, [True, True], 0.0 + 1.0, turns, [0], now=60.0)
    # Seat 0: 19 s in its turn, +5 at its end, 10 s since seat 1 moved.
    assert clocked.left == [600 - 19 + 5 - 10, 600 - 30 + 5]
    assert clocked.running == [0] and clocked.first_out() == pytest.approx(576)


def test_every_clock_of_a_simultaneous_step_runs_and_bots_have_none():
    turns = [([0, 1, 2], 1, 30.0), ([0, 2], 0, 40.0)]
    clocked = times(LIVE, [True, True, False], 0.0 + 10.0, turns, [2], now=100.0)
    assert clocked.left == [600 - 30 + 5, 600 - 20 + 5, None]
    assert clocked.running == [] and clocked.out_of_time() == [] and clocked.first_out() is None


def test_a_deadline_counts_from_the_start_of_each_turn():
    deadline = {"kind": "move", "hours": 24, "level": 1}
    turns = [([0], 0, 1000.0), ([1], 1, 5000.0)]
    clocked = times(deadline, [True, True], 100.0, turns, [0], now=6000.0)
    assert clocked.left == [24 * 3600 - 1000, 24 * 3600] and clocked.running == [0]
    late = times(deadline, [True, True], 100.0, turns, [0], now=5000.0 + 24 * 3600 + 1)
    assert late.out_of_time() == [0]


def test_no_clock_runs_before_the_game_begins_and_a_minute_may_be_shortened():
    waiting = times(LIVE, [True, True], 0.0, [], [0], now=1e9)
    assert waiting.left == [600, 600] and waiting.running == []
    short = times({"kind": "live", "minutes": 2, "increment": 30, "level": 0}, [True, True], 1.0,
                  [([0], 0, 1.5)], [1], now=2.0, minute=1.0)
    assert short.left == [pytest.approx(2 - 0.5 + 0.5), pytest.approx(1.5)]


def test_a_clock_is_checked_at_creation():
    assert check_clock(None) is None
    assert check_clock({"kind": "live", "minutes": 5}) == {"kind": "live", "minutes": 5, "increment": 0, "level": 2,
                                                           "timeout": "bot"}
    assert check_clock({"kind": "move", "hours": 48, "level": 4, "timeout": "out"}) == {
        "kind": "move", "hours": 48, "level": 4, "timeout": "out"}
    for bad in ({"kind": "live", "minutes": 5, "timeout": "lose"}, {"kind": "move", "hours": 2, "timeout": None},"live", {"kind": "blitz"}, {"kind": "live", "minutes": 0}, {"kind": "live", "minutes": 181},
                {"kind": "live", "minutes": 5, "increment": -1}, {"kind": "live", "minutes": True},
                {"kind": "move", "hours": 24 * 15}, {"kind": "move", "hours": 24, "level": 9}):
        with pytest.raises(BadClock):
            check_clock(bad)


def test_a_bad_clock_is_refused_with_its_reason(server):
    status, answer = post(server, "api/tables", {"game": "kahuna", "name": "Ana",
                                                 "clock": {"kind": "live", "minutes": 500}})
    assert (status, answer["error"]["key"]) == (400, "error.bad_clock")


def running_seat(state) -> int:
    [seat] = state["table"]["clock"]["running"]
    return seat


def test_a_live_clock_runs_out_a_bot_plays_on_and_every_seat_is_told(start_server):
    # A clock's minute lasts a second here: a two-minute game is two seconds.
    server = start_server("--clock-minute", "1")
    clock = {"kind": "live", "minutes": 2, "increment": 0, "level": 1}
    # Seed 3: Ana's seat moves first.
    table = create(server, game="kahuna", seats=["h", "h"], seed=3, name="Ana", clock=clock)

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        # A table with a clock waits for its people: nobody's time runs, nobody moves.
        assert ana.state["table"]["started"] is False and ana.state["table"]["clock"]["running"] == []
        refused = await ana.call("move", ply=0, move=ana.snapshot["legal"][0]["text"])
        assert refused["key"] == "error.not_started"
        bob = await seated(server, table["table"], table["invitations"][0]["token"], name="Bob")
        began = time.monotonic()
        state = await ana.wait_for(lambda state: state["table"]["started"])
        seat = running_seat(state)
        assert state["table"]["clock"]["left"][seat] == pytest.approx(2000, abs=300)
        for client in (ana, bob):
            told = await client.wait_for(lambda state: (state.get("cause") or {}).get("kind") == "timeout",
                                         timeout=10)
            assert told["cause"] == {"kind": "timeout", "seat": seat, "level": 1, "out": False}
            assert told["table"]["seats"][seat] == "bot1" and told["snapshot"]["seats"][seat] == "bot1"
            assert told["table"]["taken"] == [seat]
        assert time.monotonic() - began >= 1.7       # not before the time ran out
        # The bot plays on for the seat; its person may no longer move there.
        mover = (ana, bob)[seat]
        await mover.wait_for(lambda state: state["ply"] >= 1)
        if seat in mover.snapshot["to_move"] and mover.snapshot["legal"]:
            answer = await mover.call("move", ply=mover.ply, move=mover.snapshot["legal"][0]["text"])
            assert answer["key"] in ("error.taken_over", "error.stale", "error.not_your_turn")
        # Nobody moves: the other clock runs out too, and the bots finish the
        # game. A rematch gives each person their seat and their whole time.
        state = await ana.wait_for(lambda state: state["snapshot"]["over"], timeout=60)
        assert state["table"]["seats"] == ["bot1", "bot1"]
        assert (await ana.call("rematch", number=1, ply=ana.ply))["type"] == "ack"
        state = await bob.wait_for(lambda state: state["table"]["number"] == 2)
        assert state["table"]["seats"] == ["h", "h"] and state["snapshot"]["seats"] == ["h", "h"]
        assert all(left > 1500 for left in state["table"]["clock"]["left"])
        for client in (ana, bob):
            await client.close()
    run(scene())
    server.stop()


def test_the_clock_counts_while_the_server_is_down_and_runs_out_after_a_restart(start_server):
    # Twelve seconds of clock: room for a slow restart on a busy machine (the
    # suite runs several servers at once).
    server = start_server("--clock-minute", "2")
    clock = {"kind": "live", "minutes": 6, "increment": 0, "level": 0}
    table = create(server, game="kahuna", seats=["h", "h"], seed=4, name="Ana", clock=clock)

    async def before():
        ana = await seated(server, table["table"], table["token"])
        bob = await seated(server, table["table"], table["invitations"][0]["token"], name="Bob")
        state = await ana.wait_for(lambda state: state["table"]["started"])
        for client in (ana, bob):
            await client.close()
        return running_seat(state)
    seat = run(before())
    server.kill()
    time.sleep(1.5)
    again = start_server("--clock-minute", "2", database=server.database, store=server.store)

    async def after():
        ana = await Client(again).open()
        welcome = await ana.hello(table["table"], table["token"])
        restarted = time.monotonic()
        left = welcome["table"]["clock"]["left"][seat]
        # The time the server was down was counted...
        assert 500 < left < 12000 - 1400, left
        assert welcome["table"]["seats"][seat] == "h"
        # ...and the clock runs out when it says, not before.
        told = await ana.wait_for(lambda state: (state.get("cause") or {}).get("kind") == "timeout",
                                  timeout=left / 1000 + 10)
        assert told["cause"]["seat"] == seat and told["table"]["seats"][seat] == "bot0"
        assert time.monotonic() - restarted >= left / 1000 - 0.3
        await ana.close()
    run(after())
    again.stop()


def test_a_seat_out_of_time_is_out_of_a_two_player_game_which_ends_and_stays_over_after_a_restart(start_server):
    server = start_server("--clock-minute", "1")
    clock = {"kind": "live", "minutes": 2, "increment": 0, "level": 1, "timeout": "out"}
    table = create(server, game="kahuna", seats=["h", "h"], name="Ana", clock=clock)

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        bob = await seated(server, table["table"], table["invitations"][0]["token"], name="Bob")
        state = await ana.wait_for(lambda state: state["table"]["started"])
        assert state["table"]["clock"]["timeout"] == "out"
        # Before the end, the seed stays secret.
        assert "seed" not in state["fairness"] and state["snapshot"]["seed"] is None
        seat = running_seat(state)
        other = 1 - seat
        await bob.wait_for(lambda state: state["table"]["started"])
        a_move = (ana, bob)[seat].snapshot["legal"][0]["text"]
        for client in (ana, bob):
            told = await client.wait_for(lambda state: (state.get("cause") or {}).get("kind") == "timeout",
                                         timeout=10)
            assert told["cause"] == {"kind": "timeout", "seat": seat, "level": 1, "out": True}
            snapshot = told["snapshot"]
            assert snapshot["over"] and snapshot["to_move"] == [] and snapshot["legal"] == []
            assert snapshot["result"] == {"scores": None, "winners": [other], "reason": "time",
                                          "breakdown": None, "out": [seat]}
            assert told["table"]["clock"]["running"] == []
        # Over: the seed is told, the record checks, nobody moves.
        promised = told["fairness"]["commitment"]
        answer = await ana.call("record")
        assert answer["type"] == "record" and answer["record"]["out"] == [seat]
        assert answer["record"]["timeouts"] == [{"seat": seat, "ply": 0, "kind": "bot1", "out": True}]
        assert fairness.commitment(told["fairness"]["seed"], told["fairness"]["salt"], fairness.setup_of(
            "kahuna", 2, answer["record"]["options"], ["h", "h"], False)) == promised
        verdict = fairness.verify(answer["record"], promised, 0, ana.snapshot["log"])
        assert verdict.verified, verdict
        mover = (ana, bob)[other]
        refused = await mover.call("move", ply=mover.ply, move=a_move)
        assert (refused["type"], refused["key"]) == ("error", "error.game_over")
        for client in (ana, bob):
            await client.close()
        return seat
    seat = run(scene())
    server.kill()
    again = start_server("--clock-minute", "1", database=server.database, store=server.store)

    async def after():
        ana = await Client(again).open()
        welcome = await ana.hello(table["table"], table["token"])
        assert welcome["snapshot"]["over"] and welcome["snapshot"]["result"]["out"] == [seat]
        assert welcome["snapshot"]["result"]["winners"] == [1 - seat]
        # A rematch gives the seat back to its person, with the whole time.
        assert (await ana.call("rematch", number=1, ply=ana.ply))["type"] == "ack"
        state = await ana.wait_for(lambda state: state["table"]["number"] == 2)
        assert state["table"]["seats"] == ["h", "h"] and not state["snapshot"]["over"]
        assert state["snapshot"]["result"] is None and state["table"]["taken"] == []
        # The record of the first game still ends on time.
        answer = await ana.call("record", number=1)
        assert answer["record"]["out"] == [seat] and fairness.verify(answer["record"]).verified
        await ana.close()
    run(after())
    again.stop()


def test_with_three_seats_the_others_play_on_after_one_is_out_until_one_is_left(start_server):
    server = start_server("--clock-minute", "1", "--bot-pace", "0")
    clock = {"kind": "live", "minutes": 2, "increment": 0, "level": 0, "timeout": "out"}
    table = create(server, game="moai", players=3, seats=["h", "h", "bot0"], name="Ana", clock=clock)

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        bob = await seated(server, table["table"], table["invitations"][0]["token"], name="Bob")
        await ana.wait_for(lambda state: state["table"]["started"])
        # Nobody moves: one person's time runs out first; the game goes on,
        # a bot moving that seat's pieces; then the other's: one seat is left.
        first = await ana.wait_for(lambda state: (state.get("cause") or {}).get("kind") == "timeout", timeout=15)
        out = first["cause"]["seat"]
        assert first["cause"]["out"] is True and not first["snapshot"]["over"]
        assert first["table"]["seats"][out] == "bot0" and first["snapshot"]["result"] is None
        state = await bob.wait_for(lambda state: state["snapshot"]["over"], timeout=30)
        result = state["snapshot"]["result"]
        assert result["winners"] == [2] and result["reason"] == "time" and sorted(result["out"]) == [0, 1]
        assert state["table"]["taken"] == [0, 1]
        for client in (ana, bob):
            await client.close()
    run(scene())
    server.stop()
