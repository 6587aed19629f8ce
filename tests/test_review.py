"""Looking back on a finished game: positions per ply, everything shown
after the end, the expert's opinion from the mover's information only, and
an analysis that is the same every time."""

from __future__ import annotations

import json

import pytest

from pygame_core import api
from pygame_core.bots import make_bot
from pygame_core.engine import Rng
from pygame_core.games import GAMES
from pygame_core.match import Match
from pygame_core.review import Analysis, Review, ReviewError, mover_seed

COUNTS = {"kahuna": 2, "kanaloa": 2, "moai": 3, "haleakala": 2}
SECRET_GAMES = [game for game in COUNTS if GAMES[game].private_information]


def played(game: str, seed: int = 5, plies: int | None = None, level: int = 0) -> Match:
    """A game of ``game`` played by bots of ``level``, to its end or for ``plies`` moves."""
    match = Match(game, COUNTS[game], seed, seats=["h"] + ["bot0"] * (COUNTS[game] - 1))
    ply = 0
    while not match.state.is_over() and (plies is None or ply < plies):
        player = match.state.to_move()[0]
        match.play(player, str(make_bot(level, f"{seed}/{ply}").choose(match.state, player)))
        ply += 1
    return match


@pytest.fixture(scope="module")
def finished() -> dict[str, Match]:
    return {game: played(game) for game in COUNTS}


def call(cmd: str, **args):
    answer = json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))
    return answer


# -- positions -------------------------------------------------------------------

@pytest.mark.parametrize("game", list(COUNTS))
def test_each_ply_is_the_position_a_replay_reaches(game, finished):
    match = finished[game]
    review = Review(match)
    for ply in (0, 1, 17, review.plies // 2, review.plies):
        replay = Match(game, match.players, match.seed, seats=match.seats)
        for entry in match.entries[:ply]:
            replay.play(entry.player, entry.move)
        for viewer in (0, None):
            snap = review.snapshot(ply, viewer)
            assert snap["view"] == replay.state.view(viewer)
            assert snap["to_move"] == replay.state.to_move()
            assert snap["ply"] == ply and snap["plies"] == len(match.entries)
            assert snap["legal"] == [] and snap["can_undo"] is False
            # The whole log, as the viewer read it.
            assert snap["log"] == match.log_for(viewer)
    assert review.snapshot(review.plies, 0)["over"] is True
    assert review.snapshot(0, 0)["next_mover"] == match.entries[0].player


@pytest.mark.parametrize("game", SECRET_GAMES)
def test_show_everything_shows_every_hand_after_the_end_only(game, finished):
    match = finished[game]
    review = Review(match)
    ply = review.plies // 3
    state = match.position_at(ply)
    shown = review.snapshot(ply, 0, reveal=True)
    hidden = review.snapshot(ply, 0)
    revealed = shown["view"]["revealed"]
    hands = [item for item in revealed if item["what"] == "hand"]
    assert [item["player"] for item in hands] == list(range(match.players))
    # Each hand as the player held it, though seat 0 could not see it.
    for item in hands:
        assert sorted(item["cards"]) == sorted(state.revealed_view(item["player"])["revealed"][item["player"]]["cards"])
        own = state.view(item["player"]).get("hand")
        assert sorted(item["cards"]) == sorted(own)
    assert "revealed" not in hidden["view"]
    assert shown["view"] != hidden["view"]
    # The log shows the secrets as their readers read them.
    assert any(event["key"].endswith(".own") for entry in shown["log"] for event in entry["events"])
    assert hidden["log"] == match.log_for(0) != shown["log"]
    # Before the end nothing is shown.
    unfinished = Review(played(game, plies=12))
    with pytest.raises(Exception) as refused:
        unfinished.snapshot(5, 0, reveal=True)
    assert getattr(refused.value, "key", None) == "error.review_unfinished"


def test_the_viewers_view_is_unchanged_by_revealing(finished):
    """``revealed_view`` adds to a view and never alters ``view`` itself."""
    for game in SECRET_GAMES:
        state = finished[game].position_at(20)
        before = json.dumps(state.view(0), sort_keys=True)
        state.revealed_view(0)
        assert json.dumps(state.view(0), sort_keys=True) == before


# -- the expert's opinion --------------------------------------------------------

@pytest.mark.parametrize("game", SECRET_GAMES)
def test_the_opinion_depends_only_on_what_the_mover_saw(game, finished):
    """Two games that differ only in what the mover could not see (the other
    hands, the deck's order: the position dealt again for the mover) get the
    same opinion; the game as it was is never read."""
    match = finished[game]
    review = Review(match)
    ply = next(p for p in review.decisions() if p >= 8)
    entry = match.entries[ply]
    real = match.position_at(ply)
    twin = real.determinize(entry.player, Rng.from_seed("another deal"))
    assert twin.to_json() != real.to_json(), "the twin differs in what is hidden"
    assert twin.view(entry.player) == real.view(entry.player), "and in nothing the mover saw"
    opinions = []
    for start in (real, twin):
        record = {**match.to_record(), "start": start.to_json(), "moves": [[entry.player, entry.move]]}
        opinion = Review(Match.from_record(record)).opinion(0, iterations=150)
        opinion.run()
        result = opinion.result(start)
        result.pop("ply")
        opinions.append(result)
    assert opinions[0] == opinions[1]
    assert opinions[0]["played"]["text"] == entry.move
    assert 0.0 <= opinions[0]["best_chance"] <= 1.0


def test_the_opinion_weighs_the_move_played_and_its_own(finished):
    match = finished["kanaloa"]
    review = Review(match)
    ply = review.decisions()[10]
    answer = review.expert(ply, 60_000)
    assert answer["done"] is True and answer["progress"] == 1.0
    opinion = answer["opinion"]
    assert opinion["played"]["text"] == match.entries[ply].move
    assert opinion["best_chance"] is not None and opinion["played_chance"] is not None
    assert opinion["best_chance"] >= opinion["played_chance"] or opinion["same"] is False
    assert len(opinion["estimates"]) == match.players
    assert abs(sum(opinion["estimates"]) - 1.0) < 1e-3
    assert opinion["same"] == (opinion["best"]["text"] == opinion["played"]["text"])
    # The same question, asked again, gets the same answer.
    again = Review(match).expert(ply, 60_000)["opinion"]
    assert again == opinion


def test_the_seed_of_an_opinion_is_the_movers_view():
    view = {"hand": ["FAAA"], "round": 1}
    assert mover_seed(3, view) == mover_seed(3, dict(reversed(list(view.items()))))
    assert mover_seed(3, view) != mover_seed(4, view)
    assert mover_seed(3, view) != mover_seed(3, {**view, "hand": ["HUNA"]})


# -- the analysis ----------------------------------------------------------------

def test_a_search_run_in_slices_ends_where_one_run_ends():
    """Whether the best move is settled is asked every 16 iterations of the
    whole search: slices of any length (the analysis stops on a clock) end
    at the same iteration, with the same opinion."""
    match = played("kahuna", seed=9, plies=24)
    review = Review(match)
    settled_early = 0
    for ply in (2, 3, 7):
        whole = review.opinion(ply, 200)
        whole.run()
        settled_early += whole.search.iterations < 200
        sliced = review.opinion(ply, 200)
        while not sliced.search.done:
            sliced.search.run(iterations=5)
        sliced.run()                            # then the comparison, if any
        state = match.position_at(ply)
        assert sliced.search.iterations == whole.search.iterations, ply
        assert sliced.result(state, reasons=False) == whole.result(state, reasons=False)
    assert settled_early, "some search ends before its budget, settled"


def test_an_analysis_is_reproducible_and_marks_every_decision():
    match = played("kahuna", seed=9, plies=24)
    results = []
    for _ in range(2):
        analysis = Analysis(Review(match), iterations=40)
        found = []
        while not analysis.done:
            found += analysis.run(millis=30)
        results.append(found)
    assert results[0] == results[1]
    plies = Review(match).decisions()
    assert [result["ply"] for result in results[0]] == plies
    for result in results[0]:
        assert len(result["estimates"]) == 2
        assert result["best_chance"] is not None
        assert "why_best" not in result


def test_decisions_shared_among_engines_get_the_opinions_of_the_whole_analysis():
    """The page shares a game's decisions among several engines, each
    asking for its own (``review_analyse`` with ``plies``): every decision
    gets exactly the opinion one engine analysing them all gives it, in any
    share. The quick pass gives each an estimate and judges nothing; a share
    that is no list of the game's decisions in order is refused."""
    match = played("kahuna", seed=9, plies=30)
    whole = Analysis(Review(match), iterations=40)
    expected: list = []
    while not whole.done:
        expected += whole.run(millis=50)
    plies = [item["ply"] for item in expected]
    api.reset()
    call("review", record=match.to_record(), session="a")
    call("review", record=match.to_record(), session="b")
    # Two engines, every other decision each, in slices of their own.
    review_a = api._reviews["a"]
    review_b = api._reviews["b"]
    review_a.analysis_iterations = review_b.analysis_iterations = lambda: 40  # type: ignore[method-assign]
    shared: dict = {}
    for session, part in (("a", plies[0::2]), ("b", plies[1::2])):
        done = False
        while not done:
            answer = call("review_analyse", ms=20, plies=part, session=session)["data"]
            shared.update((item["ply"], item) for item in answer["results"])
            done = answer["done"]
    assert [shared[ply] for ply in plies] == expected
    glances: list = []
    done = False
    while not done:
        answer = call("review_analyse", ms=50, plies=plies[:6], quick=True, session="a")["data"]
        glances += answer["results"]
        done = answer["done"]
    assert [item["ply"] for item in glances] == plies[:6]
    for item in glances:
        assert item["quick"] is True and item["mark"] is None and item["cost"] is None
        assert len(item["estimates"]) == 2
    refused = call("review_judge", results=glances, session="a")
    assert refused["error"]["key"] == "error.bad_analysis"
    forced = [ply for ply in range(len(match.entries)) if ply not in set(plies)]
    for bad in ([], [plies[1], plies[0]], [plies[0], plies[0]], "1", [True], forced[:1], [len(match.entries) + 5]):
        assert call("review_analyse", ms=5, plies=bad, session="a")["error"]["key"] == "error.bad_ply", bad
    api.reset()


def test_forced_moves_are_no_decisions():
    match = played("moai", seed=3, plies=60)
    review = Review(match)
    decisions = set(review.decisions())
    for ply, entry in enumerate(match.entries):
        state = match.position_at(ply)
        assert (ply in decisions) == (len(state.legal_moves(entry.player)) > 1)


# -- the facade ------------------------------------------------------------------

def test_the_facade_reviews_in_a_session_of_its_own(finished):
    api.reset()
    record = finished["kahuna"].to_record()
    assert call("review_at", ply=0)["error"]["key"] == "error.no_review"
    plan = call("review", record=json.dumps(record))["data"]
    assert plan["plies"] == len(record["moves"]) and plan["over"] is True
    assert plan["movers"] == [player for player, _ in record["moves"]]
    snap = call("review_at", ply=3, viewer=1)["data"]
    assert snap["ply"] == 3 and snap["viewer"] == 1
    assert call("review_at", ply=3, viewer=0, reveal=True)["data"]["revealed"] is True
    for bad in (-1, plan["plies"] + 1, "3", 2.5, True):
        assert call("review_at", ply=bad)["error"]["key"] == "error.bad_ply"
    assert call("review_at", ply=1, viewer=5)["error"]["params"]["field"] == "viewer"
    answer = call("review_expert", ply=plan["plies"], ms=10)
    assert answer["error"]["key"] == "error.bad_ply"
    first = call("review_expert", ply=2, ms=5)["data"]
    assert first["opinion"] is None or first["done"]
    progress = call("review_analyse", ms=20)["data"]
    assert progress["decisions"] == plan["decisions"] and 0 < progress["progress"] <= 1
    # A bad record leaves the review open as it was.
    assert call("review", record="{nope")["error"]["key"] == "error.bad_record"
    assert call("review_at", ply=3, viewer=1)["data"] == snap
    call("close", session="review")
    assert call("review_at", ply=0)["error"]["key"] == "error.no_review"
    api.reset()


@pytest.mark.parametrize("game", list(COUNTS))
def test_every_decision_of_a_whole_game_gets_an_opinion(game, finished):
    """The expert is asked at every decision of a game played to its end,
    with the reasons in words: no position of the game is beyond it (a
    game's reasons play the move on a copy of their own)."""
    review = Review(finished[game])
    for ply in review.decisions():
        opinion = review.opinion(ply, iterations=4)
        opinion.run()
        result = opinion.result(finished[game].position_at(ply))
        assert result["played"]["text"] == finished[game].entries[ply].move
        assert result["played_chance"] is not None, "the move made is always weighed"


@pytest.mark.parametrize("game", list(COUNTS))
def test_the_plan_names_the_rounds_and_whether_anything_is_hidden(game, finished):
    """The review steps by round (``rounds``: where each starts) and offers
    "Show everything" wherever something was hidden, Haleakala's decks too."""
    match = finished[game]
    plan = Review(match).plan()
    rounds = plan["rounds"]
    assert rounds[0] == [0, 1]
    assert [number for _, number in rounds] == sorted({number for _, number in rounds})
    for ply, number in rounds:
        assert match.position_at(ply).view(None)["round"] == number
        if ply:
            assert match.position_at(ply - 1).view(None)["round"] != number
    assert plan["hidden"] is True


# -- playing on from a reviewed position ------------------------------------------

@pytest.mark.parametrize("game", list(COUNTS))
def test_play_on_deals_again_what_the_seat_could_not_see(game, finished):
    """The new game starts from the position as the seat saw it: its view
    is the same; the rest is dealt again (the other seats' hidden cards, the
    order of the piles), unless everything is shown, which keeps the game's
    own position. The seat is a person's, the others bots."""
    match = finished[game]
    review = Review(match)
    ply = review.plies // 2
    state = match.position_at(ply)
    seat = match.entries[ply].player
    record = review.play_on(ply, seat)
    played_on = Match.from_record(record)
    assert played_on.seats[seat] == "h"
    assert all(kind.startswith("bot") for other, kind in enumerate(played_on.seats) if other != seat)
    assert played_on.entries == [] and played_on.state.view(seat) == state.view(seat)
    exact = Match.from_record(review.play_on(ply, seat, reveal=True))
    assert exact.state.to_json() == state.to_json()
    # Dealt again: some deal differs from the game's own (the order of a
    # pile, another's hand) over a few tries.
    deals = {json.dumps(Match.from_record(review.play_on(ply, seat)).state.to_json(), sort_keys=True) for _ in range(3)}
    assert json.dumps(state.to_json(), sort_keys=True) not in deals or len(deals) > 1
    # A bot answers: the game goes on.
    bot = next((other for other in played_on.state.to_move() if other != seat), None)
    if bot is not None:
        played_on.play(bot, str(make_bot(1, "0").choose(played_on.state, bot)))
    people = Match.from_record(review.play_on(ply, seat, others="people"))
    assert people.seats == ["h"] * match.players


def test_play_on_refuses_what_cannot_be_played(finished):
    match = finished["kahuna"]
    review = Review(match)
    with pytest.raises(ReviewError) as refused:
        review.play_on(review.plies, 0)
    assert refused.value.key == "error.review_play_on_over"
    for ply, seat, others in ((3, 2, "bots"), (3, "0", "bots"), (3, 0, "cats"), (-1, 0, "bots")):
        with pytest.raises(ReviewError):
            review.play_on(ply, seat, others=others)
    unfinished = Review(played("kahuna", plies=20))
    with pytest.raises(ReviewError) as refused:
        unfinished.play_on(5, 0, reveal=True)
    assert refused.value.key == "error.review_unfinished"
