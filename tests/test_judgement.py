"""Each decision judged, and luck told apart from skill (pygame_core.judgement,
Review.judge): the marks' thresholds, the accuracy's formula, the split of a
player's change of chance on constructed stretches whose answer is known,
and a whole game's analysis judged the same way every time."""

from __future__ import annotations

import json
import math

import pytest

from pygame_core import api, judgement
from pygame_core.bots import make_bot
from pygame_core.match import Match
from pygame_core.engine import GameError
from pygame_core.review import ANALYSIS_ITERATIONS, Analysis, Review, ReviewError


def decision(ply, mover, best, played, same=None):
    return {"ply": ply, "mover": mover, "same": best == played if same is None else same,
            "best_chance": best, "played_chance": played, "estimates": [best, 1 - best]}


# -- marks and accuracy --------------------------------------------------------------

@pytest.mark.parametrize("cost, expected", [
    (0.0, "best"), (0.0099, "best"), (0.01, "good"), (0.0499, "good"), (0.05, "inaccuracy"),
    (0.0999, "inaccuracy"), (0.10, "mistake"), (0.1999, "mistake"), (0.20, "blunder"), (0.9, "blunder"),
])
def test_a_decision_is_marked_by_what_it_cost(cost, expected):
    assert judgement.mark(cost) == expected


def test_the_experts_own_move_is_best_whatever_the_noise():
    assert judgement.mark(0.3, same=True) == "best"
    assert judgement.cost(decision(4, 0, 0.6, 0.6)) == 0.0
    assert judgement.cost(decision(4, 0, 0.6, 0.45)) == pytest.approx(0.15)
    # A move the search found better than its own choice costs nothing.
    assert judgement.cost(decision(4, 0, 0.5, 0.55)) == 0.0


def test_accuracy_is_the_mean_of_two_means_of_each_decisions_accuracy():
    assert judgement.accuracy([]) is None
    assert judgement.accuracy([0.0, 0.0, 0.0]) == pytest.approx(100.0)
    assert judgement.decision_accuracy(0.10) == pytest.approx(100 * math.exp(-0.45))
    each = [100.0, 100.0, 100 * math.exp(-4.5 * 0.3)]
    arithmetic = sum(each) / 3
    harmonic = 3 / sum(1 / value for value in each)
    assert judgement.accuracy([0, 0, 0.3]) == pytest.approx((arithmetic + harmonic) / 2)
    # One blunder weighs more than three inaccuracies of the same total.
    assert judgement.accuracy([0, 0, 0, 0.3]) < judgement.accuracy([0.1, 0.1, 0.1, 0])


# -- luck and skill ----------------------------------------------------------------------

NO_LUCK = {"deal": [0.0, 0.0], "plies": {}}


def test_a_blunder_where_chance_does_nothing_is_no_ones_luck():
    """Seat 1 throws away a level game (0.5 to 0.1) where nothing is drawn;
    seat 0 then wins. Neither was lucky: seat 1's decisions cost it 40
    points, the rest is the others' play."""
    decisions = [
        decision(0, 0, 0.5, 0.5),
        decision(1, 1, 0.5, 0.1),
        decision(2, 0, 0.9, 0.9),
        decision(3, 1, 0.1, 0.1),
    ]
    judged = judgement.judge(decisions, 2, NO_LUCK, shares=[1.0, 0.0])
    marks = [item["mark"] for item in judged["decisions"]]
    assert marks == ["best", "blunder", "best", "best"]
    zero, one = judged["players"]
    assert one["decided"] == pytest.approx(-0.4) and one["luck"] == 0
    assert one["marks"]["blunder"] == 1 and one["decisions"] == 2
    assert zero["luck"] == 0 and zero["decided"] == 0
    assert zero["others"] == pytest.approx(0.5)       # seat 0's rise is seat 1's play
    assert one["others"] == pytest.approx(-0.1)
    assert zero["luckiest"] == zero["unluckiest"] == []


def test_a_draw_that_wins_is_luck():
    """Seat 1 must draw at ply 1 (a forced move: no decision) and the card
    ruins it: chance took 40 points from it and gave them to seat 0."""
    decisions = [decision(0, 0, 0.5, 0.5), decision(2, 0, 0.9, 0.9), decision(3, 1, 0.1, 0.1)]
    luck = {"deal": [0.0, 0.0], "plies": {1: [0.4, -0.4]}}
    judged = judgement.judge(decisions, 2, luck, shares=[1.0, 0.0])
    zero, one = judged["players"]
    assert zero["luck"] == pytest.approx(0.4) and zero["decided"] == 0
    assert zero["luckiest"] == [{"ply": 1, "luck": pytest.approx(0.4)}]
    assert one["unluckiest"] == [{"ply": 1, "luck": pytest.approx(-0.4)}]
    for player in (zero, one):
        total = player["final"] - player["start"]
        assert player["luck"] + player["decided"] + player["others"] == pytest.approx(total)


def test_the_deal_is_a_moment_and_the_moments_are_the_three_largest_each_way():
    luck = {"deal": [0.2, -0.2], "plies": {3: [0.05, 0.0], 5: [-0.1, 0.1], 8: [0.3, -0.3], 9: [0.01, 0.0],
                                           12: [0.02, 0.0]}}
    judged = judgement.judge([decision(0, 0, 0.7, 0.7)], 2, luck, shares=[1.0, 0.0])
    zero, one = judged["players"]
    assert zero["luckiest"] == [{"ply": 8, "luck": 0.3}, {"ply": None, "luck": 0.2}, {"ply": 3, "luck": 0.05}]
    assert zero["unluckiest"] == [{"ply": 5, "luck": -0.1}]
    assert zero["luck"] == pytest.approx(0.48)
    # A ply where a player saw nothing of the outcome is no moment of theirs.
    assert [m["ply"] for m in one["luckiest"]] == [5]


def test_a_good_move_costs_its_player_nothing_in_the_sum():
    """A cost under the "good" bound is within the estimate's noise: it
    lowers the accuracy, but the player's decisions are said to cost
    nothing."""
    decisions = [decision(0, 0, 0.6, 0.57), decision(2, 0, 0.6, 0.6)]
    judged = judgement.judge(decisions, 2, NO_LUCK, shares=[1.0, 0.0])
    zero = judged["players"][0]
    assert [item["mark"] for item in judged["decisions"]] == ["good", "best"]
    assert zero["decided"] == 0 and zero["accuracy"] < 100
    assert zero["others"] == pytest.approx(0.5)


def test_nothing_is_said_of_luck_before_the_end():
    decisions = [decision(0, 0, 0.7, 0.6)]
    for luck, shares in ((None, [1.0, 0.0]), (NO_LUCK, None)):
        player = judgement.judge(decisions, 2, luck, shares)["players"][0]
        assert "luck" not in player and player["decided"] == pytest.approx(-0.1)
        assert player["accuracy"] == pytest.approx(round(judgement.accuracy([0.1]), 1))


# -- a whole game ----------------------------------------------------------------------------

def played(game: str, players: int, seed: int) -> Match:
    match = Match(game, players, seed, seats=["h"] + ["bot0"] * (players - 1))
    ply = 0
    while not match.state.is_over():
        player = match.state.to_move()[0]
        match.play(player, str(make_bot(1, f"{seed}/{ply}").choose(match.state, player)))
        ply += 1
    return match


@pytest.fixture(scope="module")
def kahuna_analysed():
    match = played("kahuna", 2, 11)
    analysis = Analysis(Review(match))
    results = []
    while not analysis.done:
        results += analysis.run(millis=200)
    return match, results


def test_a_whole_game_is_judged_the_same_every_time(kahuna_analysed):
    match, results = kahuna_analysed
    review = Review(match)
    judged = review.judge(results)
    assert judged == Review(Match.from_record(match.to_record())).judge(json.loads(json.dumps(results)))
    # Each decision's mark is the one the analysis gave as it went.
    assert [item["mark"] for item in judged["decisions"]] == [result["mark"] for result in results]
    assert [item["cost"] for item in judged["decisions"]] == [result["cost"] for result in results]
    for player in judged["players"]:
        assert sum(player["marks"].values()) == player["decisions"] > 0
        assert 0 < player["accuracy"] <= 100
        total = player["final"] - player["start"]
        assert player["luck"] + player["decided"] + player["others"] == pytest.approx(total, abs=1e-3)
        # Kahuna's draws and deal are chance: some stretch is luck.
        assert player["luckiest"] or player["unluckiest"]


def test_luck_is_measured_where_chance_acted_in_each_players_own_eyes(kahuna_analysed):
    """Luck is counted at the plies where chance acted, for the players who
    saw the outcome: a hidden draw is luck for the drawer alone. It is the
    same every time (seeded)."""
    match, _ = kahuna_analysed
    review = Review(match)
    luck = review.luck()
    assert set(luck["plies"]) == review.chance_plies()
    assert len(luck["deal"]) == 2
    hidden = [ply for ply, entry in enumerate(match.entries) if entry.move == "draw"]
    assert hidden, "someone drew from the pile"
    for ply in hidden:
        drawer = match.entries[ply].player
        assert luck["plies"][ply][1 - drawer] == 0, "the other seat saw nothing of the card"
    assert any(luck["plies"][ply][match.entries[ply].player] for ply in hidden)
    assert Review(Match.from_record(match.to_record())).luck() == luck


def test_a_game_started_from_a_position_has_no_deal_to_be_lucky_in(kahuna_analysed):
    match, _ = kahuna_analysed
    record = {**match.to_record(), "start": match.position_at(10).to_json(),
              "moves": [[entry.player, entry.move] for entry in match.entries[10:]]}
    assert Review(Match.from_record(record)).luck()["deal"] is None


def test_chance_acts_where_a_move_draws_or_shows_something_hidden(kahuna_analysed):
    match, _ = kahuna_analysed
    review = Review(match)
    plies = review.chance_plies()
    for ply, entry in enumerate(match.entries):
        drew = entry.move.startswith("draw") or any(event.get("secret_for") is not None for event in entry.events)
        if drew:
            assert ply in plies, (ply, entry.move)
    assert plies, "a game of Kahuna draws cards"


def test_an_unfinished_analysis_says_no_luck(kahuna_analysed):
    match, results = kahuna_analysed
    judged = Review(match).judge(results[:10])
    assert all("luck" not in player for player in judged["players"])


@pytest.mark.parametrize("bad", [
    "nope",
    [{"ply": 0}],
    "mover",
    "chance",
    "estimates",
    "order",
])
def test_a_kept_analysis_that_is_not_one_is_refused(kahuna_analysed, bad):
    match, results = kahuna_analysed
    wrong = json.loads(json.dumps(results))
    if bad == "mover":
        wrong[3]["mover"] = 1 - wrong[3]["mover"]
    elif bad == "chance":
        wrong[2]["best_chance"] = 1.5
    elif bad == "estimates":
        wrong[2]["estimates"] = [0.5]
    elif bad == "order":
        wrong[1], wrong[2] = wrong[2], wrong[1]
    else:
        wrong = bad
    with pytest.raises(ReviewError) as refused:
        Review(match).judge(wrong)
    assert refused.value.key == "error.bad_analysis"


def test_the_facade_judges_the_review_open(kahuna_analysed):
    match, results = kahuna_analysed
    api.reset()
    answer = json.loads(api.handle(json.dumps({"cmd": "review_judge", "args": {"results": results}})))
    assert answer["error"]["key"] == "error.no_review"
    api.handle(json.dumps({"cmd": "review", "args": {"record": match.to_record()}}))
    answer = json.loads(api.handle(json.dumps({"cmd": "review_judge", "args": {"results": results}})))
    assert answer["data"] == Review(match).judge(results)
    answer = json.loads(api.handle(json.dumps({"cmd": "review_judge", "args": {"results": [1]}})))
    assert answer["error"]["key"] == "error.bad_analysis"
    api.reset()


def test_luck_kept_with_the_game_is_given_back_not_measured_again(kahuna_analysed):
    """The page keeps what chance did with the game (``luck`` in the
    judgement) and gives it back when the review opens again: the same
    judgement, without measuring luck again. Luck that is not this game's
    is refused, and measured again when the page forgets it."""
    match, results = kahuna_analysed
    first = Review(match).judge(results)
    kept = json.loads(json.dumps(first["luck"]))
    again = Review(match)
    measured: list = []
    again._seen_chance = lambda *args, **kw: measured.append(args) or 0.0  # type: ignore[method-assign]
    assert again.judge(results, kept) == first
    assert measured == [], "luck given back is not measured again"
    chance = sorted(Review(match).chance_plies())
    bad = [
        {"deal": kept["deal"]},
        {**kept, "deal": None},
        {**kept, "deal": kept["deal"][:1]},
        {**kept, "deal": [2.0, 0.0]},
        {**kept, "plies": {**kept["plies"], str(chance[-1] + 1): [0.0, 0.0]}},
        {**kept, "plies": {"x": [0.0, 0.0]}},
        {**kept, "plies": {str(chance[0]): [0.1, True]}},
        "luck",
    ]
    for each in bad:
        with pytest.raises(ReviewError) as refused:
            Review(match).judge(results, each)
        assert refused.value.key == "error.bad_analysis", each



# -- learning from one's mistakes ------------------------------------------------------------

def test_the_exercises_are_a_seats_costliest_errors_dearest_first(kahuna_analysed):
    match, results = kahuna_analysed
    review = Review(match)
    judged = review.judge(results)["decisions"]
    for seat in (0, 1):
        plies = review.exercises(results, seat)
        errors = sorted((item for item in judged if item["mover"] == seat and item["mark"] in judgement.ERRORS),
                        key=lambda item: (-item["cost"], item["ply"]))
        assert plies == [item["ply"] for item in errors][:5]
    with pytest.raises(ReviewError):
        review.exercises(results, 2)


def test_a_move_tried_is_judged_against_the_experts_the_same_every_time(kahuna_analysed):
    match, results = kahuna_analysed
    review = Review(match)
    ply = next(result["ply"] for result in results if not result["same"])
    best = review.expert_move(ply)
    tried = review.try_move(ply, best["text"])
    assert tried == {"ply": ply, "move": best, "cost": 0.0, "mark": "best", "good": True}
    made = match.entries[ply].move
    first = review.try_move(ply, made)
    assert first["move"]["text"] == made and first["cost"] >= 0
    assert first["good"] == (first["mark"] in ("best", "good"))
    # Another move tried in between changes nothing of the answer.
    other = next(str(move) for move in match.position_at(ply).legal_moves(match.entries[ply].player)
                 if str(move) not in (made, best["text"]))
    review.try_move(ply, other)
    assert review.try_move(ply, made) == first
    assert Review(match).try_move(ply, made) == first


def test_a_move_that_cannot_be_tried_is_refused_with_its_rule(kahuna_analysed):
    match, _ = kahuna_analysed
    review = Review(match)
    with pytest.raises(GameError) as refused:
        review.try_move(3, "place NOPE-NOPE NOPE")
    assert refused.value.key.startswith("error.")
    with pytest.raises(ReviewError):
        review.try_move(len(match.entries), match.entries[0].move)


def test_the_facade_opens_an_exercise_in_a_session_of_its_own(kahuna_analysed):
    match, results = kahuna_analysed
    api.reset()
    call = lambda cmd, **args: json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))
    call("review", record=match.to_record())
    ply = (call("review_exercises", results=results, seat=0)["data"]
           + call("review_exercises", results=results, seat=1)["data"])[0]
    mover = match.entries[ply].player
    snap = call("review_exercise", ply=ply)["data"]
    assert snap["view"] == match.position_at(ply).view(mover) and snap["legal"]
    tried = call("review_try", ply=ply, move=match.entries[ply].move)["data"]
    assert tried["good"] is False and tried["mark"] in judgement.ERRORS
    assert call("review_expert_move", ply=ply)["data"]["text"] != match.entries[ply].move
    # The exercise's table is a game like any other: a move is played there.
    played = call("play", seat=mover, move=call("review_expert_move", ply=ply)["data"]["text"], session="exercise")
    assert "error" not in played and len(played["data"]["log"]) == 1
    api.reset()


def test_the_move_made_tried_again_costs_what_the_analysis_said():
    match = played("kahuna", 2, 11)
    review = Review(match)
    analysis = Analysis(review)
    results = []
    while not analysis.done and len(results) < 12:
        results += analysis.run(millis=500)
    for result in results:
        tried = review.try_move(result["ply"], result["played"]["text"])
        assert tried["cost"] == result["cost"] and tried["mark"] == result["mark"], result["ply"]


def test_the_estimate_holds_still_where_nothing_happened():
    """Between two decisions of one player in a row, where the first move
    was the expert's and nothing was drawn, nothing happened: the chance the
    expert sees moves by a few points at most (docs/review.md measures it:
    a median of 2.5 points at the analysis's budget)."""
    match = played("haleakala", 2, 5)
    review = Review(match)
    decisions, chance = set(review.decisions()), review.chance_plies()
    steps = []
    for ply in sorted(decisions):
        if len(steps) == 12:
            break
        if ply + 1 not in decisions or ply in chance or match.entries[ply + 1].player != match.entries[ply].player:
            continue
        first = review.opinion(ply, ANALYSIS_ITERATIONS)
        first.run()
        before = first.result(match.position_at(ply), reasons=False)
        if not before["same"]:
            continue
        after = review.opinion(ply + 1, ANALYSIS_ITERATIONS)
        after.run()
        steps.append(abs(after.result(match.position_at(ply + 1), reasons=False)["best_chance"] - before["best_chance"]))
    assert len(steps) >= 8, "quiet steps to measure"
    steps.sort()
    assert steps[len(steps) // 2] <= 0.05, steps
    assert steps[-1] <= 0.15, steps
