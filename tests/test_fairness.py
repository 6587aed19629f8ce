"""The check of a table server's promise about its shuffles
(``pygame_core.fairness``): by the engine, by the facade the page calls, and
on the command line."""

import io
import json
import random

import pytest

from pygame_core import api, fairness
from pygame_core.__main__ import main
from pygame_core.match import Match


def finished(game="kanaloa", players=2, seed=None, moves_seed=1):
    """A finished game of random moves, and its record with a commitment."""
    seed = fairness.new_seed() if seed is None else seed
    salt = fairness.new_salt()
    match = Match(game, players, seed, {}, ["h"] * players)
    rng = random.Random(moves_seed)
    while not match.state.is_over():
        seat = match.state.to_move()[0]
        match.play(seat, rng.choice(match.state.legal_moves(seat)))
    record = {**match.to_record(), "fairness": {"commitment": fairness.commitment(seed, salt), "salt": salt}}
    return match, record


def test_a_commitment_binds_the_seed_and_tells_nothing_without_the_salt():
    salt = "0" * 32
    assert fairness.commitment("abc", salt) == fairness.commitment("abc", salt)
    assert fairness.commitment("abc", salt) != fairness.commitment("abd", salt)
    assert fairness.commitment("abc", salt) != fairness.commitment("abc", "1" * 32)
    # A number and the text of that number are different seeds.
    assert fairness.commitment(5, salt) != fairness.commitment("5", salt)
    assert fairness.is_commitment(fairness.commitment(5, salt))
    seeds = {fairness.new_seed() for _ in range(100)}
    assert len(seeds) == 100 and all(len(seed) == 32 and int(seed, 16) >= 0 for seed in seeds)


@pytest.mark.parametrize("game,players", [("kahuna", 2), ("kanaloa", 3), ("moai", 4), ("haleakala", 2)])
def test_every_seat_of_an_honest_game_verifies_it(game, players):
    match, record = finished(game, players)
    for viewer in [*range(players), None]:
        verdict = fairness.verify(record, record["fairness"]["commitment"], viewer, match.log_for(viewer),
                                  match.state.view(viewer), checked_view=True)
        assert verdict.verified and verdict["params"] == {"moves": len(match.entries), "scheme": 1,
                                                          "bot_moves": None, "chosen_seed": False}


def test_each_broken_promise_is_named():
    match, record = finished()
    promised = record["fairness"]["commitment"]
    assert fairness.verify({**record, "seed": fairness.new_seed()})["key"] == "fairness.seed_mismatch"
    assert fairness.verify(record, fairness.commitment("x", "0" * 32))["key"] == "fairness.commitment_changed"
    # The same moves from another deal: some move cannot be played (or the end differs).
    other_seed = fairness.new_seed()
    other_salt = fairness.new_salt()
    redealt = {**record, "seed": other_seed,
               "fairness": {"commitment": fairness.commitment(other_seed, other_salt), "salt": other_salt}}
    verdict = fairness.verify(redealt)
    assert verdict["key"] in ("fairness.illegal_move", "fairness.not_over")
    if verdict["key"] == "fairness.illegal_move":
        assert 1 <= verdict["params"]["move"] <= len(record["moves"])
    log = match.log_for(0)
    assert fairness.verify(record, promised, 0, log[:-1])["params"] == {"entry": len(log)}
    assert fairness.verify(record, promised, 0, log, {"other": "view"}, checked_view=True)["key"] == \
        "fairness.view_differs"
    for broken in (None, [], {**record, "fairness": {"commitment": "xyz", "salt": "0" * 32}},
                   {**record, "fairness": {"commitment": promised, "salt": "short"}},
                   {**record, "seed": 1.5}, {**record, "moves": "none"}):
        assert fairness.verify(broken)["key"] in ("fairness.bad_record", "fairness.no_commitment"), broken
    assert fairness.verify(record, None, 7)["key"] == "fairness.bad_record"


def call(cmd, **args):
    return json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))


def test_the_facade_verifies_without_touching_the_game_in_progress():
    started = call("new", game="kahuna", players=2, seats=["h", "h"], seed=5)["data"]
    match, record = finished("kahuna", 2)
    answer = call("verify", record=record, commitment=record["fairness"]["commitment"], viewer=1,
                  log=match.log_for(1), view=match.state.view(1))
    assert answer == {"ok": True, "data": {"verified": True, "key": "fairness.verified",
                                           "params": {"moves": len(match.entries), "scheme": 1,
                                                      "bot_moves": None, "chosen_seed": False}}}
    assert call("verify", record=json.dumps(record))["data"]["verified"]
    assert call("snapshot", viewer=started["viewer"])["data"] == started
    for args, field in (({"record": record, "commitment": "not hex"}, "commitment"),
                        ({"record": record, "log": "all"}, "log"),
                        ({"record": record, "viewer": True}, "viewer"),
                        ({"record": "{not json"}, "record"),
                        ({"record": record, "extra": 1}, "'extra'")):
        refused = call("verify", **args)
        assert not refused["ok"] and refused["error"]["params"]["field"] == field, args
    assert call("snapshot", viewer=started["viewer"])["data"] == started


def test_the_command_line_checks_a_downloaded_game(tmp_path, capsys):
    match, record = finished("haleakala", 2)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert record["fairness"]["commitment"] in out and "shuffle verified" in out
    assert main(["verify", str(path), "--commitment", record["fairness"]["commitment"].upper()]) == 0
    capsys.readouterr()
    assert main(["verify", str(path), "--commitment", "0" * 64]) == 1
    assert "NOT VERIFIED" in capsys.readouterr().out
    path.write_text(json.dumps({**record, "seed": "another"}))
    assert main(["verify", str(path)]) == 1
    assert "do not give the commitment" in capsys.readouterr().out
    path.write_text("{nope")
    assert main(["verify", str(path)]) == 2
    assert main(["verify", str(path), "--commitment", "12"]) == 2
