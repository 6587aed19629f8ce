"""The lessons (``pygame_core.lessons``): every prepared position loads and
round-trips through JSON, every taught move is legal there and does what
the step says, the short game starts where the learner plays, the facade
opens each step in a session of its own, and every word a lesson or a
suggestion uses exists in French and in English."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from pygame_core import GAMES, Rng, api
from pygame_core.lessons import LEARNER, lessons

ROOT = Path(__file__).resolve().parents[1]
WORDS = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
         for lang in ("fr", "en")}
LESSONS = lessons()
STEPS = [(name, number) for name, lesson in LESSONS.items() for number in range(len(lesson.steps))]


def call(cmd: str, **args) -> dict:
    return json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))


@pytest.fixture(autouse=True)
def fresh_facade():
    api.reset()
    yield
    api.reset()


def test_each_game_s_own_lesson_bears_its_id():
    for name, lesson in LESSONS.items():
        assert lesson.id == name and lesson.game in GAMES
        assert name == lesson.game or name.startswith(lesson.game + "-")
    assert "kahuna" in LESSONS
    assert [step.id for step in LESSONS["kahuna"].steps] == ["build", "majority", "remove", "draw", "scoring"]


@pytest.mark.parametrize("name, number", STEPS)
def test_every_prepared_position_loads_and_teaches_a_legal_move(name, number):
    lesson = LESSONS[name]
    step = lesson.steps[number]
    state = step.position()
    assert state.players == lesson.players
    again = GAMES[lesson.game].from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    assert LEARNER in state.to_move()
    assert step.move in [move.text for move in state.legal_moves(LEARNER)]
    assert state.play(LEARNER, step.move)  # the move shows something: it has events


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_the_short_game_starts_with_the_learner_to_move(name):
    lesson = LESSONS[name]
    state = lesson.final()
    assert not state.is_over()
    assert LEARNER in state.to_move()
    # The same every time: a lesson is the same lesson.
    assert lesson.final().to_json() == state.to_json()


def test_the_kahuna_steps_show_what_their_words_say():
    steps = {step.id: step for step in LESSONS["kahuna"].steps}
    events = steps["majority"].position().play(LEARNER, steps["majority"].move)
    assert {"key": "kahuna.control", "params": {"island": "ALOA"}, "player": 0} in events
    assert {"key": "kahuna.strip", "params": {"line": "ALOA-HUNA"}, "player": 1} in events
    events = steps["remove"].position().play(LEARNER, steps["remove"].move)
    assert {"key": "kahuna.marker_lost", "params": {"island": "COCO"}, "player": 1} in events
    events = steps["scoring"].position().play(LEARNER, steps["scoring"].move)
    scoring = [e for e in events if e["key"] == "kahuna.scoring"]
    assert scoring == [{"key": "kahuna.scoring", "params": {"round": 1, "islands": [2, 1], "points": [1, 0]}}]


@pytest.mark.parametrize("name, number", STEPS)
def test_the_facade_opens_a_step_in_the_lesson_session(name, number):
    call("new", game="kahuna", players=2, seats=["h", "bot1"], seed=3)
    game_before = api.session("game").match.to_record()
    lesson = LESSONS[name]
    names = ["Vous"] + [f"Rival {seat}" for seat in range(1, lesson.players)]
    answer = call("lesson_step", lesson=name, step=number, names=names)
    assert answer["ok"], answer
    snap = answer["data"]
    assert snap["viewer"] == LEARNER and snap["names"] == names
    assert set(snap["seats"]) == {"h"}
    taught = lesson.steps[number].move
    assert taught in [move["text"] for move in snap["legal"]]
    played = call("play", session="lesson", seat=LEARNER, move=taught)
    assert played["ok"], played
    # The game on screen is untouched by the lesson beside it.
    assert api.session("game").match.to_record() == game_before


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_the_facade_opens_the_short_game_against_the_novice(name):
    snap = call("lesson_step", lesson=name, step="game")["data"]
    assert snap["options"] == {**{o: False for o in snap["options"]}, **LESSONS[name].options}
    assert snap["seats"][LEARNER] == "h"
    assert all(kind == "bot0" for seat, kind in enumerate(snap["seats"]) if seat != LEARNER)
    assert LEARNER in snap["to_move"] and snap["legal"]


def test_the_catalogue_says_which_games_have_a_lesson():
    listed = {entry["id"]: entry["lessons"] for entry in call("games")["data"]}
    assert listed == {game: [name for name, lesson in LESSONS.items() if lesson.game == game] for game in GAMES}
    assert all(lessons[0] == game for game, lessons in listed.items() if lessons)


@pytest.mark.parametrize("args, key", [
    ({"lesson": "chess", "step": 0}, "error.no_lesson"),
    ({"lesson": ["kahuna"], "step": 0}, "error.no_lesson"),
    ({"game": "kahuna", "step": 0}, "error.bad_request"),
    ({"lesson": "kahuna", "step": 99}, "error.bad_request"),
    ({"lesson": "kahuna", "step": True}, "error.bad_request"),
    ({"lesson": "kahuna", "step": "0"}, "error.bad_request"),
    ({"lesson": "kahuna", "step": 0, "session": "no spaces"}, "error.bad_request"),
    ({"lesson": "kahuna", "step": 0, "extra": 1}, "error.bad_request"),
])
def test_a_bad_lesson_request_is_refused_and_changes_nothing(args, key):
    call("new", game="kahuna", players=2, seats=["h", "h"], seed=3)
    before = api.session("game").match.to_record()
    answer = call("lesson_step", **args)
    assert not answer["ok"] and answer["error"]["key"] == key
    assert api.session("lesson") is None
    assert api.session("game").match.to_record() == before


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_lesson_s_words_exist(lang):
    words = WORDS[lang]
    missing = []
    for name, lesson in LESSONS.items():
        for step in lesson.steps:
            missing += [key for part in ("title", "text", "ask", "after", "wrong")
                        if (key := f"lesson.{name}.{step.id}.{part}") not in words]
        missing += [key for part in ("title", "text") if (key := f"lesson.{name}.game.{part}") not in words]
        if name != lesson.game:
            missing += [key for key in [f"lesson.{name}.name"] if key not in words]
    generic = ["menu.learn", "menu.lesson_failed", "error.no_lesson", "lesson.offer", "lesson.offer_no",
               "lesson.step_of", "lesson.next", "lesson.to_game", "lesson.wrong", "lesson.wrong_move", "lesson.suggestions",
               "lesson.done_title", "lesson.done_text", "lesson.play_real", "lesson.leave",
               "lesson.rival", "lesson.rival_n", "hint.why", "hint.why_and"]
    missing += [key for key in generic if key not in words]
    assert missing == []


def reasons_met(game: str, games: int = 6) -> list:
    """The reasons a game's hints give for every legal move of the learner
    along random games (each on a determinized copy, as the facade asks)."""
    hints = GAMES[game].hints
    found = []
    for seed in range(games):
        state = GAMES[game].new(players=min(GAMES[game].players), seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            player = state.to_move()[0]
            moves = state.legal_moves(player)
            for move in moves[:12]:
                found += hints.reasons(state.determinize(player, Rng(seed)), player, move)
            state.apply(player, rng.choice(moves))
    return found


@pytest.mark.parametrize("game", [g for g in GAMES if hasattr(GAMES[g].hints, "reasons")])
def test_every_reason_a_suggestion_gives_has_its_words(game):
    keys = {reason["key"] for reason in reasons_met(game)}
    assert keys, "a game with reasons gives some"
    for lang in ("fr", "en"):
        assert sorted(key for key in keys if key not in WORDS[lang]) == [], lang


def test_kahuna_reasons_say_what_the_move_gains():
    from pygame_core.games.kahuna import hints
    steps = {step.id: step for step in LESSONS["kahuna"].steps}

    def why(step_id):
        state = steps[step_id].position()
        return hints.reasons(state.determinize(LEARNER, Rng(1)), LEARNER, state.as_move(steps[step_id].move))
    assert why("majority") == [{"key": "why.kahuna.take_island", "params": {"island": "ALOA"}},
                               {"key": "why.kahuna.sweep", "params": {"line": "ALOA-HUNA"}}]
    assert why("remove") == [{"key": "why.kahuna.break_island", "params": {"island": "COCO"}}]
    assert why("scoring") == [{"key": "why.kahuna.score", "params": {"points": 1, "round": 1}}]
    assert why("build")[0] == {"key": "why.kahuna.progress", "params": {"island": "ALOA", "count": 1, "needed": 2}}


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_move_of_every_step_has_a_reason(name):
    """Whatever the expert suggests in a lesson's position, it says why: the
    reasons never come back empty, for any legal move of the learner."""
    lesson = LESSONS[name]
    hints = GAMES[lesson.game].hints
    for step in lesson.steps:
        state = step.position()
        for move in state.legal_moves(LEARNER):
            assert hints.reasons(state.determinize(LEARNER, Rng(1)), LEARNER, move), (step.id, str(move))


def weighed_moves(game: str, players: int, seeds: int, per_position: int | None = None):
    """(move as the page receives it, its reasons) for the legal moves
    (the first ``per_position``, or all) of every position of random games,
    each weighed on a determinized copy, as the facade asks."""
    hints = GAMES[game].hints
    for seed in range(seeds):
        state = GAMES[game].new(players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            player = state.to_move()[0]
            moves = state.legal_moves(player)
            for move in moves[:per_position]:
                yield move.to_dict(), hints.reasons(state.determinize(player, Rng(seed)), player, move)
            state.apply(player, rng.choice(moves))


def test_moai_reasons_say_the_bid_the_birth_and_the_place():
    found: dict = {}
    for shape, why in weighed_moves("moai", 3, 8, 20):
        found.setdefault(shape["kind"], []).append((shape, why))
    value = {"1": 1, "2": 2, "3": 3, "R": 1}
    for shape, why in found["bid"]:
        expected = "why.moai.bid" if shape["value"] else "why.moai.bid_none"   # nothing bid keeps the cards
        assert why[0]["key"] == expected, shape
    for shape, why in found["birth"]:                                          # M-36: the lower value
        assert why[0]["key"] == "why.moai.birth"
        assert why[0]["params"]["strength"] <= min(value[card] for card in shape["cards"]), shape
    for shape, why in found["place"]:
        key = {"fields": "why.moai.food", "ocean": "why.moai.food", "volcano": "why.moai.volcano"}.get(shape["zone"])
        if key:
            assert why[0]["key"] == key, shape
        else:
            assert why[0]["key"] in ("why.moai.forest", "why.moai.forest_later"), shape
            assert why[0]["params"]["space"] == shape["location"]
    assert {kind for kind, seen in found.items() if any(not why for _, why in seen)} == set()


def test_haleakala_reasons_say_where_the_boat_lands_and_what_a_statue_scores():
    lands = set()
    for shape, why in weighed_moves("haleakala", 2, 6):
        assert why, shape
        for reason in why:
            if reason["key"].startswith("why.haleakala.shaman"):    # S-11: meadow 1, forest 2, mountain 3
                assert reason["params"]["points"] == {"meadow": 1, "forest": 2, "mountain": 3}[shape["terrain"]]
            if reason["key"].startswith("why.haleakala.land_"):
                lands.add(reason["key"])
                mine, theirs = reason["params"]["mine"], reason["params"]["theirs"]
                assert {"land_first": mine > theirs > -1 and mine > 0, "land_second": 0 < mine < theirs,
                        "land_rival": mine == 0 < theirs, "land_empty": mine == theirs == 0}[
                            reason["key"].split(".")[-1]], reason
    assert lands == {"why.haleakala.land_first", "why.haleakala.land_second", "why.haleakala.land_rival",
                     "why.haleakala.land_empty"}


def test_a_suggestion_comes_with_its_reasons():
    call("lesson_step", lesson="kahuna", step=1)
    for _ in range(200):
        answer = call("think", session="lesson", seat=LEARNER, hint=True, ms=200)["data"]
        if answer["done"]:
            break
    assert answer["done"] and answer["move"]
    assert isinstance(answer["why"], list)
    assert all(reason["key"] in WORDS["en"] for reason in answer["why"])


def test_the_kanaloa_steps_show_what_their_words_say():
    steps = {step.id: step for step in LESSONS["kanaloa"].steps}
    opening = steps["opening"].position()
    assert opening.to_move() == [LEARNER] and opening.view(LEARNER)["hand"].count("HONU") == 2
    events = opening.play(LEARNER, steps["opening"].move)
    assert any(e["key"] == "kanaloa.reveal" and "HONU" in e["params"]["cards"] for e in events)
    events = steps["control"].position().play(LEARNER, steps["control"].move)
    assert {"key": "kanaloa.control", "params": {"island": "DALI", "colour": "yellow"}, "player": 0} in events
    assert any(e["key"] == "kanaloa.destroy" and e["params"]["link"] == "DALI-MOTU" for e in events)
    events = steps["scoring"].position().play(LEARNER, steps["scoring"].move)
    assert [e["params"]["points"][0] for e in events if e["key"] == "kanaloa.first_scoring"] == [3]
    gods = {step.id: step for step in LESSONS["kanaloa-gods"].steps}
    events = gods["capture"].position().play(LEARNER, gods["capture"].move)
    assert [e["params"]["points"] for e in events if e["key"] == "kanaloa.kane"] == [1]
    events = gods["kanaloa"].position().play(LEARNER, gods["kanaloa"].move)
    assert any(e["key"] == "kanaloa.control" and e["params"]["island"] == "COCO" for e in events)


def test_a_lesson_names_the_next_one_of_its_game():
    assert call("lesson", lesson="kanaloa")["data"]["next"] == "kanaloa-gods"
    assert call("lesson", lesson="kanaloa-gods")["data"]["next"] is None
    plan = call("lesson", lesson="kanaloa-gods")["data"]
    assert plan["game"] == "kanaloa" and plan["options"] == {"gods": True}


def test_the_haleakala_steps_show_what_their_words_say():
    steps = {step.id: step for step in LESSONS["haleakala"].steps}
    state = steps["discs"].position()
    assert "place 3 3" not in [m.text for m in state.legal_moves(LEARNER)], "3 against 3 is refused (H-3)"
    state = steps["shaman"].position()
    assert sorted(m.text for m in state.legal_moves(LEARNER)) == ["shaman M0", "shaman M1", "shaman M2", "stay"]
    events = steps["boat"].position().play(LEARNER, steps["boat"].move)
    assert events[0]["params"]["section"] == 2
    state = steps["cards"].position()
    assert state.view(LEARNER)["phase"] == "pick" and state.to_move() == [LEARNER], "4 > 3: the learner first"
    events = steps["statue"].position().play(LEARNER, steps["statue"].move)
    assert events[0] == {"key": "haleakala.statue", "player": LEARNER, "params": {"space": "F1"}}
    events = steps["eruption"].position().play(LEARNER, steps["eruption"].move)
    assert [e["params"]["space"] for e in events if e["key"] == "haleakala.burn"] == ["Mt2", "F2"]
    events = LESSONS["haleakala-tactical"].steps[0].position().play(LEARNER, "place 2 0 invoke")
    assert [e["key"] for e in events][:2] == ["haleakala.sail_invoke", "haleakala.summon"]


def test_the_moai_steps_replay_the_rulebook_s_example():
    steps = {step.id: step for step in LESSONS["moai"].steps}
    events = steps["bid"].position().play(LEARNER, steps["bid"].move)
    assert {"key": "moai.order", "params": {"order": [0, 1, 2]}} in events
    events = steps["disaster"].position().play(LEARNER, steps["disaster"].move)
    assert events == [{"key": "moai.erode", "player": 0, "params": {"field": "F11"}}]
    state = steps["volcano"].position()
    events = state.play(LEARNER, steps["volcano"].move)
    assert events[0]["params"] == {"location": "V2", "new": True}
    events = steps["carve"].position().play(LEARNER, steps["carve"].move)
    carved = [e["params"] for e in events if e["key"] == "moai.carve"]
    assert carved == [{"space": "V2", "pieces": [1, 2, 3], "height": 6, "tile": "M12", "tile_height": 6}]
    events = steps["birth"].position().play(LEARNER, steps["birth"].move)
    assert [e["params"]["strength"] for e in events if e["key"] == "moai.birth"] == [1]
    final = LESSONS["moai"].final()
    assert final.final, "the short game is the last round"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_step_pictures_a_section_of_its_game_s_rules(lang):
    """The rules' pictures are the steps' positions, each under a section of
    the rules in brief that exists."""
    words = WORDS[lang]
    for name, lesson in LESSONS.items():
        for step in lesson.steps:
            assert step.rules is not None, (name, step.id)
            assert f"rules.{lesson.game}.{step.rules}.title" in words, (name, step.id)
        assert call("lesson", lesson=name)["data"]["steps"][0]["rules"] == lesson.steps[0].rules


def test_a_picture_that_is_no_step_shows_what_the_rules_refuse():
    picture = {p.id: p for p in LESSONS["kahuna"].pictures}["illegal"]
    legal = [move.text for move in picture.position().legal_moves(LEARNER)]
    refused = [thing["id"] for thing in picture.point if thing["kind"] == "refused"]
    assert refused == ["HUNA-LALE", "COCO-GOLA"]
    assert [f"place {line} BARI" for line in refused if f"place {line} BARI" in legal] == []
    assert "place ALOA-BARI BARI" in legal, "where BARI may build"
    snap = call("lesson_picture", lesson="kahuna", picture="illegal")["data"]
    assert snap["viewer"] == LEARNER and api.session("picture") is not None
    for lang in ("fr", "en"):
        assert {f"lesson.kahuna.picture.illegal.{part}" for part in ("title", "text")} <= WORDS[lang].keys()
    answer = call("lesson_picture", lesson="kahuna", picture="none")
    assert not answer["ok"] and answer["error"]["params"] == {"field": "picture"}


def test_kanaloa_s_picture_of_the_relative_majority_shows_it_won():
    """KN-16, KN-17: the picture's move fills ORO's last free link; the
    learner leads 3-2-2 without control and must remove a rival's bridge
    there, any of the four."""
    picture = {p.id: p for p in LESSONS["kanaloa"].pictures}["relative"]
    assert picture.rules == 5 and picture.move == "build ORO-RASI RASI"
    state = picture.position()
    events = state.play(LEARNER, state.parse_move(picture.move))
    assert [event["key"] for event in events] == ["kanaloa.build", "kanaloa.relative_majority"]
    assert sorted(move.text for move in state.legal_moves(LEARNER)) == [
        "remove HONU-ORO", "remove INOA-ORO", "remove LANI-ORO", "remove NALU-ORO"]
    for lang in ("fr", "en"):
        assert {f"lesson.kanaloa.picture.relative.{part}" for part in ("title", "text")} <= WORDS[lang].keys()


# -- the short games ------------------------------------------------------------------

def play_short_game(lesson, learner, seed) -> tuple[bool, int]:
    """The lesson's short game from its start, the learner's moves chosen by
    ``learner`` (a bot), the rivals the lesson's novice bots: (won, the
    learner's decisions)."""
    from pygame_core.bots import make_bot
    state = lesson.final()
    rivals = make_bot(0, seed=f"{lesson.id}/rivals/{seed}")
    decisions = 0
    while not state.is_over():
        player = state.to_move()[0]
        if player == LEARNER:
            decisions += 1
            state.apply(player, learner.choose(state, player))
        else:
            state.apply(player, rivals.choose(state, player))
    return LEARNER in state.result()["winners"], decisions


# The expert's whole short game is minutes of search in the longer lessons:
# the test suite plays Kahuna's, the soak (bench/soak.py, ARCHIPEL_SOAK) every
# lesson's.
SHORT_GAMES = sorted(LESSONS) if os.environ.get("ARCHIPEL_SOAK") else ["kahuna"]


@pytest.mark.parametrize("name", SHORT_GAMES)
def test_the_short_game_is_won_by_following_the_expert_and_stays_open_to_any_player(name):
    """Each lesson ends with a short game worth playing: at least ten of the
    learner's decisions, won by a learner who follows the expert's
    suggestion at every turn (the hint's bot, searching by its iterations
    alone), and a real game for one who does not: random moves over twenty
    seeds (the share they win is printed, not asserted)."""
    from pygame_core.bots import HINT_LEVEL, make_bot
    lesson = LESSONS[name]
    start = lesson.final()
    assert not start.is_over() and LEARNER in start.to_move()
    won, decisions = play_short_game(lesson, make_bot(HINT_LEVEL, seed=f"{name}/expert", timed=False), 0)
    assert decisions >= 10, f"only {decisions} decisions for the learner"
    assert won, "following every suggestion of the expert loses the short game"
    wins = sum(play_short_game(lesson, make_bot(0, seed=f"{name}/learner/{seed}"), seed)[0] for seed in range(20))
    print(f"\n{name}: random moves win {wins} of 20 short games")
    assert wins < 20, "the short game is won for the learner, whatever they do"


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_lesson_s_short_game_ends_for_a_learner_who_plays_anything(name):
    """Every lesson's short game, from its prepared position, comes to its
    end whatever the learner plays (random moves, three seeds), with the
    learner among the players scored."""
    from pygame_core.bots import make_bot
    for seed in range(3):
        _, decisions = play_short_game(LESSONS[name], make_bot(0, seed=f"{name}/anything/{seed}"), seed)
        assert decisions >= 1


def test_why_says_what_a_move_would_gain_without_playing_it():
    """A lesson's answer to another choice: ``why`` gives a legal move's
    reasons and leaves the step as it was; a move the rules refuse gets the
    rule it breaks, as ``play`` would say it."""
    call("lesson_step", lesson="kahuna", step=1)
    before = call("snapshot", session="lesson", viewer=LEARNER)["data"]
    taught = LESSONS["kahuna"].steps[1].move
    other = next(move["text"] for move in before["legal"] if move["text"] != taught)
    for text in (taught, other):
        answer = call("why", session="lesson", seat=LEARNER, move=text)
        assert answer["ok"], answer
        assert answer["data"]["move"] == text and answer["data"]["why"], answer
        assert all(reason["key"] in WORDS["en"] for reason in answer["data"]["why"])
    assert call("snapshot", session="lesson", viewer=LEARNER)["data"] == before
    refused = call("why", session="lesson", seat=LEARNER, move="place ALOA-BARI ZZZZ")
    assert not refused["ok"] and refused["error"]["key"].startswith(("error.", "kahuna.illegal.")), refused
    assert call("why", session="lesson", seat=1, move=taught)["error"]["key"] == "error.not_your_turn"
    assert call("snapshot", session="lesson", viewer=LEARNER)["data"] == before


def test_a_short_game_record_replays_after_javascript_has_carried_it():
    """A lesson's short game is kept and reviewed from its record, which the
    page carries through JavaScript: no number in it is beyond 2**53 (the
    generator's state is written as digits), and the record replays, PELE's
    random draws included, after a round trip that rounds big numbers."""
    from pygame_core.match import Match
    lesson = LESSONS["kanaloa-gods"]
    match = Match(lesson.game, lesson.players, lesson.seed, lesson.options, ["h"] * lesson.players, None,
                  lesson.final().to_json())
    rng = random.Random(3)
    while not match.is_over():
        player = match.state.to_move()[0]
        match.play(player, rng.choice(match.state.legal_moves(player)))
    assert any(entry.move == "pele" for entry in match.entries)

    def numbers(value):
        if isinstance(value, bool):
            return []
        if isinstance(value, int):
            return [value]
        if isinstance(value, dict):
            return [n for item in value.values() for n in numbers(item)]
        if isinstance(value, list):
            return [n for item in value for n in numbers(item)]
        return []
    record = match.to_record()
    assert all(abs(n) <= 2 ** 53 for n in numbers(record))
    # JavaScript's JSON.parse: every number a double.
    carried = json.loads(json.dumps(record), parse_int=lambda text: int(float(text)))
    replayed = Match.from_record(carried)
    assert [entry.move for entry in replayed.entries] == [entry.move for entry in match.entries]
    assert replayed.state.to_json() == match.state.to_json()
