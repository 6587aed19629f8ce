"""The check of everything a finished online game's record says
(``pygame_core.fairness.verify``): its set-up bound by the commitment, who
played each seat, the time-outs and the seats out, every bot's move, the end
and the result. The records are made as a table server makes them: bots
seeded with the game's seed, their seat and the ply, people playing random
legal moves."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pygame_core import api, fairness
from pygame_core.__main__ import main
from pygame_core.bots import make_bot
from pygame_core.match import Match

SEED = "7f3a9c0e5b2d4e61a8c3f0b9d2e4a6c1"
SALT = "0123456789abcdef0123456789abcdef"
ROOT = Path(__file__).resolve().parent.parent


def play(game, players, seats, committed=None, options=None, chosen=False, timeouts=(), rogue=(),
         stray=None, opening=(), moves_seed=1):
    """A finished game as a table server plays it, and the record it sends.

    ``seats``: who plays each seat from the first move; ``committed``: the
    seats of the commitment (``seats`` by default). ``timeouts``: (seat,
    ply, kind, out), the seat's time running out at the first ply from
    ``ply`` on where it is to move. ``rogue``: seats that go on playing
    their own moves after their time ran out. ``stray``: a ply at which a
    bot plays another legal move than its own. ``opening``: the first moves,
    (seat, move), played as they are."""
    committed = list(seats if committed is None else committed)
    match = Match(game, players, SEED, options or {}, seats)
    for seat, move in opening:
        match.play(seat, move)
    rng = random.Random(moves_seed)
    pending = list(timeouts)
    taken = {}
    told = []
    while not match.is_over():
        ply = len(match.entries)
        for item in list(pending):
            seat, at, kind, out = item
            if at <= ply and seat in match.to_move():
                pending.remove(item)
                taken[seat] = int(kind[3:])
                told.append({"seat": seat, "ply": ply, "kind": kind, "out": out})
                if out:
                    match.set_out(match.out + [seat])
        if match.is_over():
            break
        seat = match.to_move()[0]
        level = match.bot_level(seat)
        if level is None and seat not in rogue:
            level = taken.get(seat)
        legal = [str(move) for move in match.state.legal_moves(seat)]
        if level is None:
            move = rng.choice(legal)
        else:
            move = fairness.bot_move(game, match.state.to_json(), seat, level, f"{SEED}/{seat}/{ply}")
            if ply == stray:
                move = next(other for other in legal if other != move)
        match.play(seat, move)
    assert not pending, "every time-out was applied"
    setup = fairness.setup_of(game, players, match.options, committed, chosen)
    record = {
        **match.to_record(),
        "result": plain(match.result()),
        "fairness": {"table": "t1", "number": 1, "commitment": fairness.commitment(SEED, SALT, setup),
                     "salt": SALT, "chosen_seed": chosen, "scheme": 2, "seats": committed},
    }
    if told:
        record["timeouts"] = told
    return match, record


def plain(data):
    return json.loads(json.dumps(data))


def edited(record, **changes):
    """A copy of ``record`` with some fields replaced (``fairness_*``: in its ``fairness``)."""
    copied = copy.deepcopy(record)
    for name, value in changes.items():
        if name.startswith("fairness_"):
            copied["fairness"][name[len("fairness_"):]] = value
        else:
            copied[name] = value
    return copied


def restated(record):
    """``record`` with the result its replay gives, as a server that edited
    the rest would state it."""
    return {**record, "result": plain(Match.from_record(record).result())}


def key(record, **args):
    return fairness.verify(record, **args)["key"]


def bots_moves(match):
    return sum(1 for entry in match.entries if match.bot_level(entry.player) is not None)


def strayed():
    """A game where the bot of seat 1 plays, once, another move than its own:
    the ply of that move, the match and its record."""
    honest, _ = play("kahuna", 2, ["h", "bot1"])
    stray = next(ply for ply, entry in enumerate(honest.entries) if entry.player == 1 and ply > 10)
    match, record = play("kahuna", 2, ["h", "bot1"], stray=stray)
    assert match.entries[stray].move != honest.entries[stray].move
    return stray, match, record


# -- the commitment -------------------------------------------------------------------------

def test_the_commitment_of_scheme_2_binds_the_seed_and_the_set_up():
    setup = fairness.setup_of("moai", 3, {"short_game": True}, ["h", "bot0", "h"], False)
    assert setup == {"game": "moai", "players": 3, "options": {"short_game": True},
                     "seats": ["h", "bot0", "h"], "chosen_seed": False}
    text = ("archipel-seed/2\n" + SALT + "\n" + json.dumps(SEED) + "\n"
            + json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    assert fairness.commitment(SEED, SALT, setup) == hashlib.sha256(text.encode("utf-8")).hexdigest()
    # Scheme 1 binds the seed alone, as before.
    old = hashlib.sha256(f"archipel-seed/1\n{SALT}\n{json.dumps(SEED)}".encode()).hexdigest()
    assert fairness.commitment(SEED, SALT) == old != fairness.commitment(SEED, SALT, setup)
    assert fairness.COMMITMENT_SCHEMES == {1: "archipel-seed/1", 2: "archipel-seed/2"}
    for other in (fairness.setup_of("moai", 3, {}, ["h", "bot0", "h"], False),
                  fairness.setup_of("moai", 3, {"short_game": True}, ["h", "bot1", "h"], False),
                  fairness.setup_of("moai", 3, {"short_game": True}, ["h", "bot0", "h"], True),
                  fairness.setup_of("moai", 4, {"short_game": True}, ["h", "bot0", "h", "h"], False)):
        assert fairness.commitment(SEED, SALT, other) != fairness.commitment(SEED, SALT, setup)


def test_a_bots_move_from_a_position_written_and_read_again_is_its_move_on_the_live_position():
    match = Match("moai", 3, SEED, {}, ["bot1", "bot0", "bot1"])
    rng = random.Random(2)
    checked = 0
    while not match.is_over() and checked < 12:
        ply = len(match.entries)
        seat = match.to_move()[0]
        if ply % 5 == 0:
            for level in (0, 1, 2) if checked < 2 else (0, 1):
                seed = f"{SEED}/{seat}/{ply}"
                live = str(make_bot(level, seed, timed=False).choose(match.state, seat))
                position = match.position_at(ply).to_json()
                assert fairness.bot_move("moai", position, seat, level, seed) == live
            checked += 1
        match.play(seat, rng.choice(match.state.legal_moves(seat)))


# -- honest records -------------------------------------------------------------------------

@pytest.mark.parametrize("game,players,seats", [("kahuna", 2, ["h", "bot1"]), ("moai", 3, ["h", "bot0", "bot1"])])
def test_an_honest_record_verifies_with_and_without_its_bots(game, players, seats):
    match, record = play(game, players, seats)
    promised = record["fairness"]["commitment"]
    verdict = fairness.verify(record, promised)
    assert verdict == {"verified": True, "key": "fairness.verified",
                       "params": {"moves": len(match.entries), "scheme": 2, "bot_moves": bots_moves(match),
                                  "chosen_seed": False}}
    assert bots_moves(match) > 0
    assert fairness.verify(record, promised, check_bots=False)["params"]["bot_moves"] is None
    for viewer in [*range(players), None]:
        assert fairness.verify(record, promised, viewer, match.log_for(viewer), match.state.view(viewer),
                               checked_view=True, check_bots=False).verified


def test_a_free_seat_a_bot_filled_when_the_table_started_verifies():
    match, record = play("kahuna", 2, ["bot1", "h"], committed=["h", "h"])
    verdict = fairness.verify(record)
    assert verdict.verified and verdict["params"]["bot_moves"] == bots_moves(match) > 0


def test_a_seat_a_bot_took_over_on_time_verifies_with_the_bots_moves_after():
    match, record = play("kahuna", 2, ["h", "bot1"], timeouts=[(0, 20, "bot0", False)])
    timeout = record["timeouts"][0]
    assert record["seats"] == ["h", "bot1"] and "out" not in record and timeout["seat"] == 0
    taken_over = sum(1 for ply, entry in enumerate(match.entries) if entry.player == 0 and ply >= timeout["ply"])
    assert taken_over > 0
    verdict = fairness.verify(record)
    assert verdict.verified and verdict["params"]["bot_moves"] == bots_moves(match) + taken_over


def test_seats_out_of_time_verify_whether_the_game_goes_on_or_ends_on_time():
    # Three seats: one out, the others play on to the rules' end (a bot moves for the seat out).
    match, record = play("moai", 3, ["h", "h", "bot0"], timeouts=[(0, 30, "bot1", True)])
    assert record["out"] == [0] and match.state.is_over()
    verdict = fairness.verify(record)
    assert verdict.verified and record["result"]["out"] == [0] and 0 not in record["result"]["winners"]
    # Two out of three: the game ends on time at once, the last seat in wins.
    match, record = play("moai", 3, ["h", "h", "bot0"], timeouts=[(0, 30, "bot1", True), (1, 60, "bot0", True)])
    assert record["out"] == [0, 1] and len(record["moves"]) == record["timeouts"][1]["ply"]
    assert record["result"]["winners"] == [2] and record["result"]["reason"] == "time"
    assert fairness.verify(record).verified


def test_a_skilled_bots_moves_are_found_again():
    match, record = play("kahuna", 2, ["h", "bot2"], timeouts=[(0, 12, "bot2", True)])
    assert record["result"]["reason"] == "time" and bots_moves(match) > 0
    verdict = fairness.verify(record)
    assert verdict.verified and verdict["params"]["bot_moves"] == bots_moves(match)


# -- what a record may not say ------------------------------------------------------------

def test_the_winner_cannot_be_put_out_afterwards():
    match, record = play("kahuna", 2, ["h", "h"])
    winner = record["result"]["winners"][0]
    last = max(ply for ply, entry in enumerate(match.entries) if entry.player == winner)
    # Out, with no time-out that put it out.
    assert key(edited(record, out=[winner])) == "fairness.out_differs"
    assert key(restated(edited(record, out=[winner]))) == "fairness.out_differs"
    # Out at the end: its time cannot run out once the game is over.
    at_end = edited(record, out=[winner], timeouts=[{"seat": winner, "ply": len(match.entries), "kind": "bot1",
                                                     "out": True}])
    assert fairness.verify(at_end)["key"] == "fairness.bad_timeout"
    assert fairness.verify(at_end)["params"] == {"seat": winner, "move": len(match.entries) + 1}
    # Out before its last move: with one seat left in, the game ended there.
    earlier = edited(record, out=[winner], timeouts=[{"seat": winner, "ply": last, "kind": "bot1", "out": True}])
    assert fairness.verify(earlier) == {"verified": False, "key": "fairness.moved_after_end",
                                        "params": {"move": last + 1}}
    assert key(restated(earlier)) == "fairness.moved_after_end"


def test_a_game_cut_short_is_refused_unless_a_time_ran_out_there():
    match, record = play("kahuna", 2, ["h", "h"])
    cut = 40
    to_move = match.position_at(cut).to_move()[0]
    other = 1 - to_move
    moves = record["moves"][:cut]
    assert key(edited(record, moves=moves)) == "fairness.not_over"
    assert key(edited(record, moves=moves, out=[other])) == "fairness.out_differs"
    timed_out = {"seat": to_move, "ply": cut, "kind": "bot1", "out": True}
    assert key(edited(record, moves=moves, out=[to_move], timeouts=[timed_out])) == "fairness.result_differs"
    not_to_move = {**timed_out, "seat": other}
    assert fairness.verify(edited(record, moves=moves, out=[other], timeouts=[not_to_move]))["params"] == \
        {"seat": other, "move": cut + 1}
    # A time run out where the seat was to move is the server's word (its
    # clock): the record alone cannot show it false. What a seat was shown
    # during the game can: its log goes on after the cut.
    forged = restated(edited(record, moves=moves, out=[to_move], timeouts=[timed_out]))
    assert fairness.verify(forged).verified
    assert fairness.verify(forged, None, other, match.log_for(other)) == \
        {"verified": False, "key": "fairness.log_differs", "params": {"entry": cut + 1}}


def test_the_seats_are_those_committed():
    match, record = play("kahuna", 2, ["h", "bot1"])
    assert fairness.verify(edited(record, seats=["h", "h"])) == \
        {"verified": False, "key": "fairness.seats_differ", "params": {"seat": 1}}
    assert key(edited(record, seats=["h", "bot0"])) == "fairness.seats_differ"
    assert key(edited(record, seats=["h"])) == "fairness.seats_differ"
    # The commitment's seats edited too: the commitment no longer matches.
    assert key(edited(record, seats=["h", "h"], fairness_seats=["h", "h"])) == "fairness.seed_mismatch"
    assert key(edited(record, seats=["h", "bot0"], fairness_seats=["h", "bot0"])) == "fairness.seed_mismatch"
    # A person's seat said to be a bot's: the person's moves are no bot's.
    first = next(ply for ply, entry in enumerate(match.entries) if entry.player == 0)
    as_bot = edited(record, seats=["bot1", "bot1"])
    assert fairness.verify(as_bot) == {"verified": False, "key": "fairness.bot_move_differs",
                                       "params": {"seat": 0, "move": first + 1}}
    # The page does not search the bots' moves again.
    assert fairness.verify(as_bot, check_bots=False).verified


def test_the_options_are_those_committed():
    _, record = play("moai", 3, ["h", "bot0", "h"], options={"short_game": True})
    assert fairness.verify(record).verified
    assert key(edited(record, options={"short_game": False})) == "fairness.seed_mismatch"
    assert key(edited(record, options={})) == "fairness.seed_mismatch"
    assert key(edited(record, options={"short_game": True, "open_bids": True})) == "fairness.seed_mismatch"
    assert fairness.verify(edited(record, options={}))["params"] == {"scheme": 2}


def test_a_chosen_seed_verifies_only_when_accepted():
    _, chosen = play("kahuna", 2, ["h", "bot0"], chosen=True)
    assert fairness.verify(chosen) == {"verified": False, "key": "fairness.chosen_seed", "params": {}}
    accepted = fairness.verify(chosen, accept_chosen_seed=True)
    assert accepted.verified and accepted["params"]["chosen_seed"] is True
    # Saying the seed was not chosen breaks the commitment, which binds it.
    assert key(edited(chosen, fairness_chosen_seed=False)) == "fairness.seed_mismatch"
    _, honest = play("kahuna", 2, ["h", "bot0"])
    flipped = edited(honest, fairness_chosen_seed=True)
    assert key(flipped) == "fairness.seed_mismatch"
    assert key(flipped, accept_chosen_seed=True) == "fairness.seed_mismatch"
    assert key(edited(honest, fairness_chosen_seed="no")) == "fairness.bad_record"


def test_the_result_is_the_replays():
    match, record = play("moai", 3, ["h", "bot0", "bot1"])
    result = record["result"]
    scores = list(result["scores"])
    scores[0] += 1
    assert fairness.verify(edited(record, result={**result, "scores": scores})) == \
        {"verified": False, "key": "fairness.result_differs", "params": {"field": "scores"}}
    losers = [seat for seat in range(3) if seat not in result["winners"]]
    assert fairness.verify(edited(record, result={**result, "winners": losers}))["params"] == {"field": "winners"}
    assert fairness.verify(edited(record, result={**result, "reason": "time"}))["params"] == {"field": "reason"}
    assert fairness.verify(edited(record, result={**result, "out": []}))["params"] == {"field": "out"}
    assert fairness.verify(edited(record, result=None))["params"] == {"field": "result"}
    without = {name: value for name, value in record.items() if name != "result"}
    assert fairness.verify(without) == {"verified": False, "key": "fairness.bad_record", "params": {"field": "result"}}


def test_a_bots_move_is_the_one_its_bot_makes():
    stray, _, record = strayed()
    assert fairness.verify(record) == {"verified": False, "key": "fairness.bot_move_differs",
                                       "params": {"seat": 1, "move": stray + 1}}
    assert fairness.verify(record, check_bots=False).verified


def test_a_bots_move_is_decided_at_the_ply_it_is_played():
    # Moai's bids are chosen at the same time. A bot that chose its bid
    # before a person's bid came, and played it after, played the move of
    # another ply than its own: a table server thinks again instead.
    start = Match("moai", 3, SEED, {}, ["h", "bot0", "bot0"])
    assert start.to_move() == [0, 1, 2]
    early = fairness.bot_move("moai", start.state.to_json(), 1, 0, f"{SEED}/1/0")
    bid = str(start.state.legal_moves(0)[0])
    start.play(0, bid)
    again = fairness.bot_move("moai", start.state.to_json(), 1, 0, f"{SEED}/1/1")
    assert again != early
    _, late = play("moai", 3, ["h", "bot0", "bot0"], opening=[(0, bid), (1, early)])
    assert fairness.verify(late) == {"verified": False, "key": "fairness.bot_move_differs",
                                     "params": {"seat": 1, "move": 2}}
    _, thought_again = play("moai", 3, ["h", "bot0", "bot0"], opening=[(0, bid), (1, again)])
    assert fairness.verify(thought_again).verified


def test_a_person_does_not_move_after_their_time_ran_out():
    match, record = play("kahuna", 2, ["h", "bot1"], timeouts=[(0, 20, "bot0", False)], rogue=[0])
    ply = record["timeouts"][0]["ply"]
    own = next(index for index, entry in enumerate(match.entries) if entry.player == 0 and index >= ply)
    assert fairness.verify(record) == {"verified": False, "key": "fairness.moved_after_time",
                                       "params": {"seat": 0, "move": own + 1}}
    assert fairness.verify(record, check_bots=False).verified


def test_no_move_is_made_once_the_game_ended_on_time():
    # A bot played on for the second seat; said to be out instead, the game
    # would have ended there, and the moves after cannot have been made.
    match, record = play("moai", 3, ["h", "h", "bot0"], timeouts=[(0, 30, "bot1", True), (1, 60, "bot0", False)])
    assert fairness.verify(record).verified
    second = record["timeouts"][1]
    ended = edited(record, out=[0, 1], timeouts=[record["timeouts"][0], {**second, "out": True}])
    assert fairness.verify(ended) == {"verified": False, "key": "fairness.moved_after_end",
                                      "params": {"move": second["ply"] + 1}}
    assert key(restated(ended)) == "fairness.moved_after_end"
    # Time-outs left out: the seats out are nobody's time-out.
    assert key(edited(record, timeouts=None)) == "fairness.out_differs"
    assert key(edited(record, timeouts=[])) == "fairness.out_differs"


def test_malformed_time_outs_are_refused():
    match, record = play("moai", 3, ["h", "h", "bot0"], timeouts=[(0, 30, "bot1", True), (1, 60, "bot0", False)])
    first, second = record["timeouts"]
    for timeouts in ("none", [second, first], [first, first], [first, {**second, "seat": 2}],
                     [first, {**second, "seat": 3}], [first, {**second, "ply": len(match.entries) + 1}],
                     [{**first, "ply": -1}, second], [{**first, "ply": "30"}, second],
                     [first, {**second, "kind": "h"}], [first, {**second, "kind": "bot9"}],
                     [first, {**second, "out": "no"}], [first, {"seat": 1, "ply": 60, "kind": "bot0"}],
                     [first, {**second, "why": "slow"}], [first, second, second, second]):
        assert fairness.verify(edited(record, timeouts=timeouts)) == \
            {"verified": False, "key": "fairness.bad_record", "params": {"field": "timeouts"}}, timeouts


# -- older records ---------------------------------------------------------------------------

def test_a_record_of_scheme_1_verifies_as_before_and_its_result_is_checked():
    match, record = play("kahuna", 2, ["h", "bot1"])
    old = {name: value for name, value in record.items() if name != "result"}
    old["fairness"] = {"table": "t1", "number": 1, "commitment": fairness.commitment(SEED, SALT), "salt": SALT,
                       "chosen_seed": False}
    verdict = fairness.verify(old, old["fairness"]["commitment"], 0, match.log_for(0))
    assert verdict == {"verified": True, "key": "fairness.verified",
                       "params": {"moves": len(match.entries), "scheme": 1, "bot_moves": None, "chosen_seed": False}}
    assert fairness.verify({**old, "fairness": {**old["fairness"], "scheme": 1}}).verified
    assert key({**old, "result": record["result"]}) == "fairness.verified"
    assert key({**old, "result": {**record["result"], "winners": []}}) == "fairness.result_differs"
    assert key(edited(old, fairness_chosen_seed=True)) == "fairness.chosen_seed"
    assert key(edited(old, fairness_scheme=3)) == "fairness.bad_record"
    assert key(edited(old, fairness_scheme="2")) == "fairness.bad_record"
    # A record of scheme 2 without its seats committed cannot be checked.
    assert key(edited(old, fairness_scheme=2)) == "fairness.bad_record"


# -- the page and the command line ------------------------------------------------------------

def call(cmd, **args):
    return json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))


def test_the_page_compares_what_it_was_shown_and_leaves_the_bots_to_the_command_line():
    _, match, record = strayed()
    answer = call("verify", record=record, commitment=record["fairness"]["commitment"], viewer=0,
                  log=match.log_for(0), view=match.state.view(0))
    assert answer["ok"] and answer["data"]["key"] == "fairness.verified"
    assert answer["data"]["params"]["bot_moves"] is None
    assert call("verify", record=edited(record, out=[1]))["data"]["key"] == "fairness.out_differs"
    _, chosen = play("kahuna", 2, ["h", "bot0"], chosen=True)
    assert call("verify", record=chosen)["data"]["key"] == "fairness.chosen_seed"
    assert call("verify", record=chosen, accept_chosen_seed=True)["data"]["verified"]
    refused = call("verify", record=chosen, accept_chosen_seed="yes")
    assert not refused["ok"] and refused["error"]["params"]["field"] == "accept_chosen_seed"


def test_the_command_line_checks_everything_the_record_says(tmp_path, capsys):
    path = tmp_path / "game.json"

    def run(record, *flags):
        path.write_text(json.dumps(record))
        code = main(["verify", str(path), *flags])
        return code, capsys.readouterr().out

    match, record = play("kahuna", 2, ["h", "bot1"])
    code, out = run(record)
    assert code == 0 and "shuffle verified" in out and f"bots' {bots_moves(match)} moves" in out
    code, out = run(record, "--no-bots")
    assert code == 0 and "not searched again" in out
    code, out = run(edited(record, out=[record["result"]["winners"][0]]))
    assert code == 1 and "NOT VERIFIED" in out and "time ran out" in out
    code, out = run(edited(record, result={**record["result"], "winners": []}))
    assert code == 1 and "result stated (winners)" in out
    code, out = run(edited(record, seats=["h", "bot0"]))
    assert code == 1 and "seat P1" in out
    stray, _, other = strayed()
    code, out = run(other)
    assert code == 1 and f"move {stray + 1}, P1's, is not the move its bot makes" in out
    assert run(other, "--no-bots")[0] == 0
    _, chosen = play("kahuna", 2, ["h", "bot0"], chosen=True)
    code, out = run(chosen)
    assert code == 1 and "chose the seed" in out
    code, out = run(chosen, "--accept-chosen-seed")
    assert code == 0 and "shuffle verified" in out and "chose the seed" in out
    code, out = run(edited(record, options={"x": True}))
    assert code == 1 and "set-up" in out


def test_python_m_pygame_core_verify_answers_with_its_exit_code(tmp_path):
    _, record = play("kahuna", 2, ["h", "bot0"])
    path = tmp_path / "game.json"
    for tampered, code, word in ((record, 0, "shuffle verified"),
                                 (edited(record, out=[0]), 1, "NOT VERIFIED")):
        path.write_text(json.dumps(tampered))
        done = subprocess.run([sys.executable, "-m", "pygame_core", "verify", str(path)], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == code and word in done.stdout, done.stdout + done.stderr

