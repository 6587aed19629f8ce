"""Seats out of time (``Match.out``): a table server's clock may take a seat
out of the game. With two seats or more still in, the game goes on and the
seats out are ranked last; with one, the game is over and that seat wins.
The record keeps the seats out: the check of the shuffle, the review and
the table core all see a game ended on time as over."""

from __future__ import annotations

import json
import random

import pytest

from pygame_core import fairness
from pygame_core.engine import IllegalMove
from pygame_core.match import BadRecord, BadSetup, Match
from pygame_core.review import Analysis, Review
from pygame_core.table import Table, TableError


def random_game(game: str, players: int, seed: int, moves_seed: int, plies: int | None = None) -> Match:
    """A game of random moves, to its end or for ``plies`` moves."""
    match = Match(game, players, seed, {}, ["h"] * players)
    rng = random.Random(moves_seed)
    while not match.is_over() and (plies is None or len(match.entries) < plies):
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.state.legal_moves(seat)))
    return match


def test_a_two_player_game_ends_when_a_seat_is_out_and_the_other_wins():
    match = random_game("kahuna", 2, 7, 1, plies=6)
    assert not match.is_over() and match.result() is None
    match.set_out([1])
    assert match.is_over() and match.ended_on_time() and match.to_move() == []
    assert match.result() == {"scores": None, "winners": [0], "reason": "time", "breakdown": None, "out": [1]}
    # Nobody moves any more, whatever the rules would allow.
    seat = match.state.to_move()[0]
    with pytest.raises(IllegalMove) as refused:
        match.play(seat, match.state.legal_moves(seat)[0])
    assert refused.value.key == "error.game_over"


def test_with_three_seats_the_game_goes_on_after_one_is_out_and_ends_when_only_one_is_left():
    match = random_game("moai", 3, 11, 2, plies=10)
    match.set_out([0])
    assert not match.is_over() and match.result() is None and match.to_move() == match.state.to_move()
    match.set_out([0, 2])
    assert match.is_over()
    assert match.result() == {"scores": None, "winners": [1], "reason": "time", "breakdown": None, "out": [0, 2]}


@pytest.mark.parametrize("game", ["moai", "kanaloa"])
def test_at_the_end_of_the_rules_the_seats_out_are_ranked_after_every_other(game):
    match = random_game(game, 3, 5, 3)
    rules = match.state.result()
    assert rules is not None
    # Out of time, the rules' winners lose their place: the best score of
    # the seats still in wins (the game's own reason no longer applies).
    match.set_out(list(rules["winners"])[:2])
    result = match.result()
    assert result is not None
    inside = [seat for seat in range(3) if seat not in match.out]
    best = max(rules["scores"][seat] for seat in inside)
    assert result["winners"] == [seat for seat in inside if rules["scores"][seat] == best]
    assert result["reason"] == "time" and result["out"] == match.out
    assert result["breakdown"] == rules["breakdown"] and result["scores"] == rules["scores"]
    # A seat out that was not winning changes nothing but its rank.
    loser = next(seat for seat in range(3) if seat not in rules["winners"])
    match.set_out([loser])
    assert match.result() == {**rules, "out": [loser]}


def test_the_seats_out_are_checked():
    match = random_game("moai", 3, 1, 1, plies=2)
    for bad in ([0, 1, 2], [3], [-1], [0, 0], ["0"], [True], "0", None):
        with pytest.raises(BadSetup):
            match.set_out(bad)
    assert match.out == []


def test_a_record_keeps_the_seats_out_and_replays_to_a_game_over():
    match = random_game("haleakala", 2, 9, 4, plies=12)
    match.set_out([0])
    record = match.to_record()
    assert record["out"] == [0]
    again = Match.from_record(json.dumps(record))
    assert again.is_over() and again.result() == match.result()
    assert "out" not in random_game("haleakala", 2, 9, 4, plies=12).to_record()
    with pytest.raises(BadRecord) as refused:
        Match.from_record({**record, "out": [0, 1]})
    assert refused.value.params == {"field": "out"}


def test_a_game_ended_on_time_verifies_and_its_review_ends_over():
    seed, salt = fairness.new_seed(), fairness.new_salt()
    match = Match("kanaloa", 2, seed, {}, ["h", "h"])
    rng = random.Random(3)
    for _ in range(8):
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.state.legal_moves(seat)))
    match.set_out([1])
    record = {**match.to_record(), "fairness": {"commitment": fairness.commitment(seed, salt), "salt": salt}}
    for viewer in (0, 1, None):
        verdict = fairness.verify(record, record["fairness"]["commitment"], viewer, match.log_for(viewer),
                                  match.state.view(viewer), checked_view=True)
        assert verdict.verified, verdict
    # Without its seats out, the same moves are a game not yet over.
    assert fairness.verify({k: v for k, v in record.items() if k != "out"})["key"] == "fairness.not_over"
    review = Review(Match.from_record(record))
    assert review.over
    last = review.snapshot(review.plies, 0)
    assert last["over"] and last["to_move"] == [] and last["result"]["reason"] == "time"
    assert last["out"] == [1] and "over" not in last["view"], "the end is the table's, not the view's"
    before = review.snapshot(review.plies - 1, 0)
    assert not before["over"] and before["result"] is None and before["out"] == []
    # Everything is shown, the game being over.
    assert review.snapshot(review.plies, 0, reveal=True)["revealed"]
    # Studied like any game: every decision judged, and each player's chance
    # split up to the end the clock gave (the winner on time ends at 1).
    analysis = Analysis(review, iterations=20)
    results: list = []
    while not analysis.done:
        results += analysis.run(millis=500)
    judged = review.judge(results)
    assert len(judged["decisions"]) == len(review.decisions())
    for player in judged["players"]:
        assert player["final"] == (1.0 if player["player"] == 0 else 0.0)
        parts = player["start"] + player["decided"] + player["luck"] + player["others"]
        assert parts == pytest.approx(player["final"], abs=1e-3)


def test_the_table_core_shows_a_game_ended_on_time_as_over_and_plays_no_more():
    match = random_game("kahuna", 2, 4, 5, plies=3)
    table = Table(match, secret_seed=True)
    assert table.snapshot(0)["seed"] is None
    match.set_out([0])
    snapshot = table.snapshot(1)
    assert snapshot["over"] and snapshot["to_move"] == [] and snapshot["legal"] == []
    assert snapshot["result"]["winners"] == [1] and snapshot["seed"] == 4
    # The turn is the table's: no player panel, reading it, says "to play".
    assert snapshot["out"] == [0] and "to_move" not in snapshot["view"]
    assert table.bots_to_move() == []
    seat = match.state.to_move()[0]
    with pytest.raises(TableError) as refused:
        table.play(seat, match.state.legal_moves(seat)[0])
    assert refused.value.key == "error.game_over"
