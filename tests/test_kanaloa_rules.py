"""Kanaloa: one or more tests per numbered rule of docs/rules/kanaloa.md.

Each test name carries the rule id it checks (``test_KN_12_...``, and
``test_A_5_...`` for the spec's resolutions of ambiguities). Positions are
written explicitly with ``KanaloaState.from_position`` (see
``kanaloa_helpers``: colours by the spec's letters Y R G B).
"""

import copy
import itertools
import json
import math

import pytest

from pygame_core import GAMES, BadState, GameError, IllegalMove, Rng
from pygame_core.engine import event_for
from pygame_core.games.kanaloa import (
    COLOURS, DEGREE, GODS, ISLANDS, LAYOUT, LINKS, SIZE, THRESHOLD, Kanaloa,
    KanaloaMove, KanaloaState)
from pygame_core.games.kanaloa.tables import colours_of

from kanaloa_helpers import (ADAM, BETTY, KAYLA, MATEO, act, bridges, find, hand, keys, legal,
                             markers, position, refused, stock)


# -- helpers ----------------------------------------------------------------------------------

SETUPS = [(n, gods) for n in (2, 3, 4) for gods in (False, True)]


def scores(state):
    return dict(zip("YRGB", state.view(None)["scores"]))


def counts(state, island):
    return {i["name"]: i["counts"] for i in state.view(None)["islands"]}[island]


def random_game(players, gods, seed, visit=None):
    """Play a random game; ``visit(state, player, move, events)`` after every move."""
    state = Kanaloa.new(players=players, seed=seed, gods=gods)
    rng = Rng.from_seed(seed * 13 + 5)
    while not state.is_over():
        to_move = state.to_move()
        player = to_move[rng.below(len(to_move))]
        move = rng.choice(state.legal_moves(player))
        events = state.play(player, move)
        if visit:
            visit(state, player, move, events)
    return state


def random_states(players, gods, seeds, every=1):
    """Copies of the positions met along random games."""
    for seed in seeds:
        state = Kanaloa.new(players=players, seed=seed, gods=gods)
        rng = Rng.from_seed(seed * 7 + 1)
        n = 0
        while not state.is_over():
            if n % every == 0:
                yield state.clone()
            to_move = state.to_move()
            player = to_move[rng.below(len(to_move))]
            state.play(player, rng.choice(state.legal_moves(player)))
            n += 1
        yield state.clone()


def final_position(*specs, players=4, last=(), **kw):
    """A final-phase position: the seats in ``last`` have played their last turn."""
    return position(*specs, players=players, round=2, final=True, last_played=list(last), **kw)


def end_round_one(state):
    """Whoever is to move takes the last card of round 1 (the display's only card)."""
    card = [c for c in state.view(None)["display"] if c][0]
    return act(state, f"take {card}")


# -- the game's static facts -------------------------------------------------------------------

def test_game_facts():
    assert GAMES["kanaloa"] is Kanaloa
    assert Kanaloa.id == "kanaloa"
    assert Kanaloa.title == {"fr": "Kanaloa", "en": "Kanaloa"}
    assert Kanaloa.players == (2, 3, 4)
    assert Kanaloa.options == {"gods": False}
    assert Kanaloa.Move is KanaloaMove and Kanaloa.State is KanaloaState
    assert Kanaloa.new(players=3, seed=1).players == 3


def test_unknown_options_and_player_counts_are_refused():
    with pytest.raises(GameError):
        Kanaloa.new(players=4, seed=1, gods=1)
    with pytest.raises(GameError):
        Kanaloa.new(players=4, seed=1, tattoos=True)
    for n in (1, 5):
        with pytest.raises(GameError):
            Kanaloa.new(players=n, seed=1)


# -- components (C-1 .. C-7) -----------------------------------------------------------------------

def test_C_1_sixteen_islands_thirty_seven_links_scores_start_at_kane():
    assert len(ISLANDS) == 16 and len(LINKS) == 37 and len(set(LINKS)) == 37
    view = Kanaloa.new(players=4, seed=1).view(None)
    assert len(view["islands"]) == 16 and len(view["links"]) == 37
    assert view["scores"] == [0, 0, 0, 0]


@pytest.mark.parametrize("players,colours", [(2, 4), (3, 3), (4, 4)])
def test_C_2_twenty_bridges_per_colour(players, colours):
    view = Kanaloa.new(players=players, seed=2).view(None)
    assert view["stock"] == [20] * colours and view["on_board"] == [0] * colours
    assert [c["name"] for c in view["colours"]] == list(COLOURS[:colours])


def test_C_3_forty_eight_cards_three_per_island():
    data = Kanaloa.new(players=4, seed=3).to_json()
    cards = sum(data["hands"], []) + data["talon"]
    assert len(cards) == 48 and all(cards.count(x) == 3 for x in ISLANDS)
    other = next(c for c in data["talon"] if c != data["talon"][0])
    data["talon"][0] = other
    with pytest.raises(BadState, match=r"3 \w+ cards"):
        KanaloaState.from_json(data)


def test_C_4_sixteen_god_stones():
    stones = Kanaloa.new(players=4, seed=4, gods=True).to_json()["stones"]
    assert sorted(stones) == sorted(["KANE"] * 8 + ["KANALOA", "KU", "PELE", "LONO"] * 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_C_5_one_god_tablet_per_player(players):
    tablets = Kanaloa.new(players=players, seed=5, gods=True).view(0)["tablets"]
    assert tablets == [{g: 0 for g in GODS}] * players


def test_C_6_ten_markers_for_islands():
    assert Kanaloa.new(players=4, seed=6).view(None)["markers"] == [10] * 4
    state = position("ALOA-DALI:R", "DALI-ELOI:R")
    assert state.view(None)["markers"] == [10, 9, 10, 10]
    # Eleven islands held by one colour cannot be a position of a game still running.
    many = ["ALOA-DALI", "DALI-ELOI", "GAPU-HONU", "HONU-RASI", "FARE-KULU", "INOA-KULU",
            "INOA-JEKA", "JEKA-LANI", "ALOA-BAFI", "ALOA-COCO", "BAFI-COCO", "BAFI-FARE",
            "ELOI-MOTU", "ELOI-NALU", "LANI-NALU", "NALU-ORO", "ORO-RASI", "LANI-ORO",
            "COCO-ORO"]
    with pytest.raises(BadState, match="E-14"):
        position(*[f"{name}:Y" for name in many])


def test_C_7_bridges_leave_the_board_for_the_stock_and_are_used_again():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:Y", "BAFI-COCO:R", player=MATEO,
                     hands={MATEO: ["RASI"], BETTY: ["COCO"]})
    assert stock(state)["R"] == 19
    act(state, "build BAFI-RASI RASI")
    assert stock(state)["R"] == 20 and "BAFI-COCO" not in bridges(state)
    act(state, "draw")
    act(state, "build BAFI-COCO COCO")
    assert bridges(state)["BAFI-COCO"] == "R" and stock(state)["R"] == 19


# -- the map (M-1 .. M-7) -------------------------------------------------------------------------

M4_TABLE = {
    "ORO": ("main", 500, 350, "BAFI COCO HONU INOA LANI NALU RASI"),
    "ALOA": ("large", 276, 77, "BAFI COCO DALI ELOI FARE"),
    "BAFI": ("large", 462, 181, "ALOA COCO FARE ORO RASI"),
    "COCO": ("large", 321, 240, "ALOA BAFI ELOI NALU ORO"),
    "DALI": ("small", 64, 315, "ALOA ELOI MOTU"),
    "ELOI": ("large", 213, 341, "ALOA COCO DALI MOTU NALU"),
    "FARE": ("large", 659, 67, "ALOA BAFI GAPU KULU RASI"),
    "GAPU": ("large", 751, 257, "FARE HONU INOA KULU RASI"),
    "HONU": ("small", 647, 367, "GAPU ORO RASI"),
    "INOA": ("large", 690, 525, "GAPU JEKA KULU LANI ORO"),
    "JEKA": ("small", 434, 636, "INOA LANI MOTU"),
    "KULU": ("small", 926, 259, "FARE GAPU INOA"),
    "LANI": ("large", 498, 501, "INOA JEKA MOTU NALU ORO"),
    "MOTU": ("large", 231, 507, "DALI ELOI JEKA LANI NALU"),
    "NALU": ("large", 360, 424, "COCO ELOI LANI MOTU ORO"),
    "RASI": ("large", 605, 223, "BAFI FARE GAPU HONU ORO"),
}


def neighbours(name):
    return sorted(b if a == name else a for a, b in LINKS if name in (a, b))


def test_M_1_four_small_eleven_large_and_oro():
    assert sorted(x for x, s in zip(ISLANDS, SIZE) if s == "small") == ["DALI", "HONU", "JEKA",
                                                                          "KULU"]
    assert [x for x, s in zip(ISLANDS, SIZE) if s == "main"] == ["ORO"]
    assert SIZE.count("large") == 11
    assert {SIZE[i]: DEGREE[i] for i in range(16)} == {"small": 3, "large": 5, "main": 7}
    assert sum(DEGREE) == 74 and all(a != b for a, b in LINKS)


def test_M_2_the_seed_links():
    for a, b in [("ALOA", "BAFI"), ("ALOA", "DALI"), ("DALI", "ELOI"), ("ALOA", "COCO"),
                 ("ALOA", "ELOI"), ("BAFI", "RASI"), ("BAFI", "ORO"), ("BAFI", "COCO")]:
        assert (a, b) in LINKS
    assert {"ORO", "RASI"} <= set(neighbours("BAFI")) and len(neighbours("BAFI")) == 5
    assert {"BAFI", "COCO", "DALI", "ELOI"} <= set(neighbours("ALOA"))


def test_M_3_island_names():
    assert ISLANDS == ("ALOA", "BAFI", "COCO", "DALI", "ELOI", "FARE", "GAPU", "HONU", "INOA",
                       "JEKA", "KULU", "LANI", "MOTU", "NALU", "ORO", "RASI")
    kahuna = {"BARI", "DUDA", "ELAI", "FAAA", "GOLA", "HUNA", "IFFI", "JOJO", "KAHU", "LALE"}
    assert not kahuna & set(ISLANDS)


def test_M_4_island_table():
    for name, (size, x, y, around) in M4_TABLE.items():
        assert SIZE[ISLANDS.index(name)] == size
        assert LAYOUT[name] == (x, y)
        assert neighbours(name) == around.split()


def test_M_5_links_literal_alphabetical():
    assert list(LINKS) == sorted(LINKS) and all(a < b for a, b in LINKS)
    from_table = {tuple(sorted((a, b))) for a, (_, _, _, around) in M4_TABLE.items()
                  for b in around.split()}
    assert from_table == set(LINKS)


def _crosses(p, q, r, s):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (orient(p, q, r) * orient(p, q, s) < 0) and (orient(r, s, p) * orient(r, s, q) < 0)


def test_M_6_verified_properties():
    def connected(removed):
        nodes = [x for x in ISLANDS if x not in removed]
        seen, todo = {nodes[0]}, [nodes[0]]
        while todo:
            for other in neighbours(todo.pop()):
                if other not in seen and other not in removed:
                    seen.add(other)
                    todo.append(other)
        return len(seen) == len(nodes)
    assert connected(())
    assert all(connected(pair) for pair in itertools.combinations(ISLANDS, 2)), "3-connected"
    for (a, b), (c, d) in itertools.combinations(LINKS, 2):
        if len({a, b, c, d}) == 4:
            assert not _crosses(LAYOUT[a], LAYOUT[b], LAYOUT[c], LAYOUT[d]), (a, b, c, d)
    closest = min(itertools.combinations(ISLANDS, 2), key=lambda p: math.dist(LAYOUT[p[0]],
                                                                               LAYOUT[p[1]]))
    assert sorted(closest) == ["COCO", "ELOI"]
    assert round(math.dist(LAYOUT["COCO"], LAYOUT["ELOI"])) == 148
    assert LAYOUT["ORO"] == (500, 350)


def test_M_7_only_adjacency_matters():
    state = position(player=MATEO, hands={MATEO: ["KULU"]})
    assert {m for m in legal(state) if m.startswith("build")} == {
        "build FARE-KULU KULU", "build GAPU-KULU KULU", "build INOA-KULU KULU"}
    view = state.view(None)
    assert [(i["name"], i["x"], i["y"]) for i in view["islands"]] == [
        (name, *LAYOUT[name]) for name in ISLANDS]


# -- set-up (S-1 .. S-11) -----------------------------------------------------------------------

def test_S_1_two_to_four_players_colours_per_player():
    assert colours_of(2, 0) == (0, 1) and colours_of(2, 1) == (2, 3)
    assert colours_of(3, 2) == (2,) and colours_of(4, 3) == (3,)
    view = Kanaloa.new(players=2, seed=1).view(None)
    assert [c["player"] for c in view["colours"]] == [0, 0, 1, 1]
    view = Kanaloa.new(players=3, seed=1).view(None)
    assert [c["player"] for c in view["colours"]] == [0, 1, 2]


@pytest.mark.parametrize("players,gods", SETUPS)
def test_S_2_every_colour_starts_with_twenty_bridges_and_no_points(players, gods):
    view = Kanaloa.new(players=players, seed=8, gods=gods).view(None)
    colours = 4 if players == 2 else players
    assert view["stock"] == [20] * colours and view["scores"] == [0] * colours
    assert view["points"] == [] and all(i["controller"] is None for i in view["islands"])


def test_S_3_base_game_without_stones():
    state = position(round=2, player=MATEO, hands={MATEO: ["ALOA"]})
    view = state.view(MATEO)
    assert all(i["stone"] is None for i in view["islands"])
    assert view["tablets"][MATEO] == {g: 0 for g in GODS} and view["stones_used"] == [0] * 5
    refused(state, "pele", key="kanaloa.illegal.no_gods")
    refused(state, "build ALOA-BAFI KANALOA", key="kanaloa.illegal.no_gods")
    with pytest.raises(BadState, match="S-3"):
        position(stones={"ALOA": "KU"})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S_4_four_cards_each_seen_by_their_owner(players):
    state = Kanaloa.new(players=players, seed=9)
    data = state.to_json()
    assert [len(h) for h in data["hands"]] == [4] * players
    for p in range(players):
        view = state.view(p)
        assert view["hand"] == data["hands"][p] and view["hand_sizes"] == [4] * players
        assert all(row == [] for row in view["known_hands"])
    assert state.view(None)["hand"] is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S_5_the_rest_is_the_talon(players):
    state = Kanaloa.new(players=players, seed=10)
    assert state.view(None)["talon_size"] == 48 - 4 * players
    assert state.view(None)["display"] == [None] * 4


def test_S_6_simultaneous_secret_choice_then_reveal():
    state = Kanaloa.new(players=3, seed=11, first_player=1)
    assert state.to_move() == [0, 1, 2]
    hands = state.to_json()["hands"]
    events = state.play(2, f"choose {hands[2][0]}")
    assert event_for(events[0], 0) == {"key": "kanaloa.choose", "player": 2, "params": {}}
    assert event_for(events[0], 2)["params"] == {"card": hands[2][0]}
    assert state.to_move() == [0, 1]
    assert state.view(0)["chosen"] == [False, False, True]
    assert state.view(0)["own_choice"] is None and state.view(2)["own_choice"] == hands[2][0]
    assert state.legal_moves(2) == []
    with pytest.raises(IllegalMove):
        state.play(2, f"choose {hands[2][1]}")
    state.play(0, f"choose {hands[0][3]}")
    assert state.reveals(1, f"choose {hands[1][2]}") is True
    events = state.play(1, f"choose {hands[1][2]}")
    assert events[1] == {"key": "kanaloa.reveal", "params": {
        "cards": [hands[0][3], hands[1][2], hands[2][0]]}}
    assert state.view(None)["display"][:3] == [hands[0][3], hands[1][2], hands[2][0]]
    assert state.to_move() == [1]


@pytest.mark.parametrize("players,extra", [(2, 2), (3, 1), (4, 0)])
def test_S_7_the_talon_tops_up_the_display_to_four(players, extra):
    state = Kanaloa.new(players=players, seed=12)
    talon = state.to_json()["talon"]
    events = []
    for p in range(players):
        events = state.play(p, f"choose {state.to_json()['hands'][p][0]}")
    view = state.view(None)
    assert None not in view["display"] and view["talon_size"] == 48 - 4 * players - extra
    assert view["display"][players:] == talon[:extra]
    assert keys(events)[-1] == ("kanaloa.turn_up" if extra else "kanaloa.reveal")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S_8_everyone_starts_with_three_cards(players):
    state = Kanaloa.new(players=players, seed=13)
    for p in range(players):
        state.play(p, state.legal_moves(p)[0])
    assert state.view(None)["hand_sizes"] == [3] * players


def test_S_9_the_start_player_is_random_or_given():
    assert Kanaloa.new(players=4, seed=1, first_player=2).view(None)["first_player"] == 2
    drawn = {Kanaloa.new(players=4, seed=s).view(None)["first_player"] for s in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert [Kanaloa.new(players=3, seed=s).view(None)["first_player"] for s in range(20)] == \
        [Rng.from_seed(s).below(3) for s in range(20)]
    for bad in (4, -1, "0", True):
        with pytest.raises(GameError):
            Kanaloa.new(players=4, seed=1, first_player=bad)


def test_S_10_play_goes_clockwise_from_the_start_player():
    state = Kanaloa.new(players=4, seed=14, first_player=2)
    for p in range(4):
        state.play(p, state.legal_moves(p)[0])
    order = []
    for _ in range(6):
        p = state.to_move()[0]
        order.append(p)
        act(state, "draw")
    assert order == [2, 3, 0, 1, 2, 3]
    assert state.view(None)["round"] == 1


@pytest.mark.parametrize("players,gods", SETUPS)
def test_S_11_round_one_lasts_talon_plus_four_turns(players, gods):
    for seed in range(3):
        turns = {"n": 0, "done": False}

        def visit(state, player, move, events):
            if move.kind in ("draw", "take") and not turns["done"]:
                turns["n"] += 1
            if "kanaloa.first_scoring" in keys(events):
                turns["done"] = True
        random_game(players, gods, seed, visit)
        assert turns["n"] == {2: 42, 3: 39, 4: 36}[players]


# -- the turn (KN-1 .. KN-9) -----------------------------------------------------------------------

def test_KN_1_turn_steps_in_order():
    # (a) two players: the colour first, nothing else before it.
    state = position(players=2, player=0, hands={0: ["ALOA", "BAFI"]})
    assert legal(state) == {"colour 0", "colour 1"}
    refused(state, "build ALOA-BAFI ALOA", key="kanaloa.illegal.colour_first")
    refused(state, "draw", key="kanaloa.illegal.colour_first")
    # (b) the action phase, then (c) exactly one draw, which ends the turn.
    act(state, "colour 0", "build ALOA-BAFI ALOA", "build BAFI-COCO BAFI")
    assert state.to_move() == [0]
    act(state, "draw")
    assert state.to_move() == [1] and state.view(None)["hand_sizes"] == [1, 0]
    # (d) a hand of at most five: KN-23.


def test_KN_2_any_number_of_cards_face_up_and_never_for_nothing():
    state = position(player=MATEO, hands={MATEO: ["ALOA", "BAFI", "COCO", "DALI", "ELOI"]})
    act(state, "build ALOA-BAFI ALOA", "build BAFI-COCO BAFI", "build COCO-ELOI COCO",
        "build DALI-ELOI DALI", "build ELOI-MOTU ELOI")
    assert hand(state, MATEO) == [] and state.view(None)["discard_face_up"][-5:] == [
        "ALOA", "BAFI", "COCO", "DALI", "ELOI"]
    # A card with neither a free link nor another colour's bridge has no move at all.
    blocked = position("ALOA-DALI:Y", "DALI-ELOI:Y", "DALI-MOTU:Y", player=MATEO,
                       hands={MATEO: ["DALI", "GAPU"]})
    assert not [m for m in legal(blocked) if "DALI" in m.split()[2:]]
    refused(blocked, "build DALI-ELOI DALI", key="kanaloa.illegal.link_taken")
    refused(blocked, "replace DALI-ELOI DALI DALI", key="kanaloa.illegal.own_bridge")
    # A replacement puts both its cards face up.
    state = position("ALOA-BAFI:R", player=MATEO, hands={MATEO: ["ALOA", "BAFI"]})
    act(state, "replace ALOA-BAFI ALOA BAFI")
    assert state.view(None)["discard_face_up"][-2:] == ["ALOA", "BAFI"]
    assert state.view(None)["turn"]["cards_played"] == 2


def test_KN_3_five_cards_at_the_start_oblige_a_play():
    state = position(player=MATEO, hands={MATEO: ["ALOA", "BAFI", "COCO", "DALI", "ELOI"]})
    assert state.view(None)["turn"]["must_play"] is True
    refused(state, "draw", key="kanaloa.illegal.must_play")
    refused(state, "discard ALOA", key="kanaloa.illegal.must_play")
    act(state, "build ALOA-BAFI ALOA")
    act(state, "draw")
    # Four cards at the start: no obligation.
    four = position(player=MATEO, hands={MATEO: ["ALOA", "BAFI", "COCO", "DALI"]})
    assert four.view(None)["turn"]["must_play"] is False and "draw" in legal(four)


def test_KN_3_also_in_a_last_turn():
    state = final_position(player=MATEO, hands={MATEO: ["ALOA", "BAFI", "COCO", "DALI", "ELOI"]})
    refused(state, "end", key="kanaloa.illegal.must_play")
    act(state, "build ALOA-BAFI ALOA", "end")
    assert state.view(None)["last_turn_order"] == [MATEO]


def test_KN_4_discard_option_one_card_face_down_only_without_plays():
    state = position(player=MATEO, hands={MATEO: ["ALOA", "BAFI", "COCO"]},
                     display=["KULU", "HONU", "JEKA", "DALI"])
    assert {"discard ALOA", "discard BAFI", "discard COCO"} <= legal(state)
    events = act(state, "discard BAFI")
    assert event_for(events[0], BETTY) == {"key": "kanaloa.discard", "player": MATEO, "params": {}}
    assert state.view(MATEO)["own_face_down"] == ["BAFI"]
    assert state.view(BETTY)["own_face_down"] == []
    assert "BAFI" not in state.view(None)["discard_face_up"]
    refused(state, "discard ALOA", key="kanaloa.illegal.one_discard")
    refused(state, "build ALOA-BAFI ALOA", key="kanaloa.illegal.after_discard")
    assert legal(state) == {"draw", "take KULU", "take HONU", "take JEKA", "take DALI"}
    played = position(player=MATEO, hands={MATEO: ["ALOA", "BAFI"]})
    act(played, "build ALOA-BAFI ALOA")
    refused(played, "discard BAFI", key="kanaloa.illegal.discard_after_play")


def test_KN_5_build_on_a_free_link_of_the_card():
    state = position("ALOA-BAFI:R", player=MATEO, hands={MATEO: ["ALOA"]})
    assert {m for m in legal(state) if m.startswith("build")} == {
        "build ALOA-COCO ALOA", "build ALOA-DALI ALOA", "build ALOA-ELOI ALOA",
        "build ALOA-FARE ALOA"}
    refused(state, "build ALOA-BAFI ALOA", key="kanaloa.illegal.link_taken")
    refused(state, "build COCO-ORO ALOA", key="kanaloa.illegal.card_not_an_end")
    refused(state, "build DALI-ELOI DALI", key="kanaloa.illegal.not_held")
    act(state, "build ALOA-FARE ALOA")
    assert bridges(state) == {"ALOA-BAFI": "R", "ALOA-FARE": "Y"} and stock(state)["Y"] == 19


def test_KN_6_several_builds_each_with_its_own_card():
    state = position(player=BETTY, hands={BETTY: ["ORO", "ORO", "ORO"]})
    act(state, "build BAFI-ORO ORO", "build COCO-ORO ORO", "build HONU-ORO ORO")
    assert bridges(state) == {"BAFI-ORO": "R", "COCO-ORO": "R", "HONU-ORO": "R"}
    assert hand(state, BETTY) == []
    refused(state, "build INOA-ORO ORO", key="kanaloa.illegal.not_held")


@pytest.mark.parametrize("cards", ["ALOA ALOA", "BAFI BAFI", "ALOA BAFI"])
def test_KN_7_replace_with_two_cards_of_the_ends(cards):
    state = position("ALOA-BAFI:G", player=MATEO,
                     hands={MATEO: cards.split() + ["COCO"]})
    assert f"replace ALOA-BAFI {cards}" in legal(state)
    events = act(state, f"replace ALOA-BAFI {cards}")
    assert events[0]["params"]["victim"] == ADAM
    assert bridges(state) == {"ALOA-BAFI": "Y"}
    assert stock(state) == {"Y": 19, "R": 20, "G": 20, "B": 20}
    assert hand(state, MATEO) == ["COCO"]


def test_KN_8_no_replacing_ones_own_colour_or_a_free_link():
    state = position("ALOA-BAFI:Y", player=MATEO, hands={MATEO: ["ALOA", "BAFI"]})
    assert not [m for m in legal(state) if m.startswith("replace")]
    refused(state, "replace ALOA-BAFI ALOA BAFI", key="kanaloa.illegal.own_bridge")
    refused(state, "replace ALOA-COCO ALOA ALOA", key="kanaloa.illegal.free_link")


def test_KN_9_each_placement_is_resolved_before_the_next():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:B", player=MATEO,
                     hands={MATEO: ["RASI", "ALOA"]})
    events = act(state, "build BAFI-RASI RASI")
    assert keys(events) == ["kanaloa.build", "kanaloa.relative_majority"]
    refused(state, "build ALOA-COCO ALOA", key="kanaloa.illegal.must_remove")
    assert all(m.startswith("remove") for m in legal(state))
    act(state, "remove BAFI-FARE")
    act(state, "build ALOA-COCO ALOA")


# -- island control (KN-10 .. KN-15) ---------------------------------------------------------------

@pytest.mark.parametrize("island,links", [
    ("DALI", ["ALOA-DALI", "DALI-ELOI"]),
    ("BAFI", ["ALOA-BAFI", "BAFI-COCO", "BAFI-FARE"]),
    ("ORO", ["BAFI-ORO", "COCO-ORO", "HONU-ORO", "INOA-ORO"]),
])
def test_KN_10_control_is_more_than_half_of_the_links(island, links):
    index = ISLANDS.index(island)
    assert THRESHOLD[index] == len(links) == DEGREE[index] // 2 + 1
    below = position(*[f"{name}:G" for name in links[:-1]])
    assert island not in markers(below)
    cards = [[end for end in name.split("-") if end != island][0] for name in links]
    state = position(*[f"{name}:G" for name in links[:-1]], player=ADAM,
                     hands={ADAM: [cards[-1]]})
    events = act(state, f"build {links[-1]} {cards[-1]}")
    assert find(events, "kanaloa.control")[0]["params"]["island"] == island
    assert markers(state)[island] == "G"


def test_KN_11_takeover_places_a_marker_and_destroys_every_other_colour():
    state = position("ORO-BAFI:Y", "ORO-COCO:Y", "ORO-HONU:Y", "ORO-INOA:R", "ORO-LANI:G",
                     "ORO-NALU:B", "COCO-NALU:G", player=MATEO, hands={MATEO: ["RASI"]})
    events = act(state, "build ORO-RASI RASI")
    assert [e["params"]["link"] for e in find(events, "kanaloa.destroy")] == [
        "INOA-ORO", "LANI-ORO", "NALU-ORO"]
    assert markers(state) == {"ORO": "Y"}
    assert bridges(state) == {"BAFI-ORO": "Y", "COCO-ORO": "Y", "HONU-ORO": "Y", "ORO-RASI": "Y",
                              "COCO-NALU": "G"}
    assert stock(state) == {"Y": 16, "R": 20, "G": 19, "B": 20}


def test_KN_12_adding_to_a_held_island_destroys_nothing():
    state = position("ALOA-BAFI:Y", "ALOA-COCO:Y", "ALOA-ELOI:Y", "ALOA-DALI:R", player=MATEO,
                     hands={MATEO: ["FARE"]})
    events = act(state, "build ALOA-FARE FARE")
    assert keys(events) == ["kanaloa.build"]
    assert bridges(state)["ALOA-DALI"] == "R"


def test_KN_13_losing_control_removes_the_marker_not_the_bridges():
    state = position("ALOA-BAFI:R", "ALOA-COCO:R", "ALOA-DALI:R", player=MATEO,
                     hands={MATEO: ["ALOA", "BAFI"]})
    assert markers(state) == {"ALOA": "R"}
    events = act(state, "replace ALOA-BAFI ALOA BAFI")
    assert keys(events) == ["kanaloa.replace", "kanaloa.marker_lost"]
    assert markers(state) == {}
    assert bridges(state) == {"ALOA-BAFI": "Y", "ALOA-COCO": "R", "ALOA-DALI": "R"}


def test_KN_14_the_cascade_stops_after_one_step():
    # Yellow takes ELOI: the red ELOI-MOTU bridge goes, red loses MOTU, and
    # nothing else moves even though MOTU's other red bridges lean on LANI.
    state = position("ALOA-ELOI:Y", "COCO-ELOI:Y", "ELOI-MOTU:R", "DALI-MOTU:R", "LANI-MOTU:R",
                     "JEKA-LANI:R", "LANI-NALU:R", player=MATEO, hands={MATEO: ["NALU"]})
    assert markers(state) == {"MOTU": "R", "LANI": "R"}
    events = act(state, "build ELOI-NALU NALU")
    assert keys(events) == ["kanaloa.build", "kanaloa.control", "kanaloa.destroy",
                            "kanaloa.marker_lost"]
    assert markers(state) == {"ELOI": "Y", "LANI": "R"}
    assert {k: v for k, v in bridges(state).items() if v == "R"} == {
        "DALI-MOTU": "R", "LANI-MOTU": "R", "JEKA-LANI": "R", "LANI-NALU": "R"}


def test_KN_15_a_replacement_can_flip_control_at_once():
    state = position("ALOA-BAFI:R", "ALOA-COCO:R", "ALOA-DALI:R", "ALOA-ELOI:Y", "ALOA-FARE:Y",
                     player=MATEO, hands={MATEO: ["ALOA", "ALOA"]})
    act(state, "replace ALOA-BAFI ALOA ALOA")
    assert markers(state) == {"ALOA": "Y"}
    assert bridges(state) == {"ALOA-BAFI": "Y", "ALOA-ELOI": "Y", "ALOA-FARE": "Y"}
    act(state, "draw")                                    # a draw changes no control
    assert markers(state) == {"ALOA": "Y"}


# -- relative majority (KN-16 .. KN-20) ---------------------------------------------------------

def test_KN_16_sole_leader_chooses_any_other_colours_bridge():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:B", player=MATEO,
                     hands={MATEO: ["RASI"]})
    act(state, "build BAFI-RASI RASI")
    assert state.view(None)["pending"] == {"kind": "remove", "islands": ["BAFI"]}
    assert legal(state) == {"remove BAFI-ORO", "remove BAFI-COCO", "remove BAFI-FARE"}
    refused(state, "remove ALOA-BAFI", key="kanaloa.illegal.not_removable")
    refused(state, "remove COCO-ORO", key="kanaloa.illegal.not_at_island")
    act(state, "remove BAFI-COCO")
    assert markers(state) == {} and state.view(None)["pending"] is None
    assert counts(state, "BAFI") == [2, 1, 0, 1]


def test_KN_16_one_build_can_call_for_two_removals():
    state = position("ALOA-BAFI:Y", "BAFI-COCO:R", "BAFI-FARE:G", "BAFI-RASI:B", "COCO-ORO:Y",
                     "HONU-ORO:Y", "INOA-ORO:R", "LANI-ORO:R", "NALU-ORO:G", "ORO-RASI:B",
                     player=MATEO, hands={MATEO: ["BAFI"]})
    events = act(state, "build BAFI-ORO BAFI")
    assert [e["params"]["island"] for e in find(events, "kanaloa.relative_majority")] == [
        "BAFI", "ORO"]
    assert state.view(None)["pending"] == {"kind": "remove", "islands": ["BAFI", "ORO"]}
    assert legal(state) == {"remove BAFI-COCO", "remove BAFI-FARE", "remove BAFI-RASI"}
    act(state, "remove BAFI-RASI")
    assert legal(state) == {"remove INOA-ORO", "remove LANI-ORO", "remove NALU-ORO",
                            "remove ORO-RASI"}
    act(state, "remove ORO-RASI")
    assert state.view(None)["pending"] is None and stock(state)["B"] == 20


def test_KN_17_tied_leaders_lose_the_single_bridge_colour_automatically():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:R", "BAFI-FARE:B", player=MATEO,
                     hands={MATEO: ["BAFI"]})
    events = act(state, "build BAFI-RASI BAFI")
    assert find(events, "kanaloa.remove")[0]["params"] == {
        "link": "BAFI-FARE", "island": "BAFI", "victim": KAYLA, "victim_colour": "blue"}
    assert state.view(None)["pending"] is None and markers(state) == {}


def test_KN_18_no_removal_without_a_leading_build_on_the_last_free_link():
    # Not among the leaders.
    state = position("ALOA-BAFI:R", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:G", player=MATEO,
                     hands={MATEO: ["RASI"]})
    assert keys(act(state, "build BAFI-RASI RASI")) == ["kanaloa.build"]
    # A replacement on a full island.
    state = position("ALOA-BAFI:R", "BAFI-ORO:Y", "BAFI-COCO:G", "BAFI-FARE:B", "BAFI-RASI:G",
                     player=MATEO, hands={MATEO: ["BAFI", "BAFI"]})
    assert keys(act(state, "replace BAFI-RASI BAFI BAFI")) == ["kanaloa.replace"]
    # A small island (2-1 is control, 1-1-1 nothing).
    state = position("ALOA-DALI:R", "DALI-ELOI:G", player=MATEO, hands={MATEO: ["MOTU"]})
    assert keys(act(state, "build DALI-MOTU MOTU")) == ["kanaloa.build"]
    # A build that gives control.
    state = position("ALOA-BAFI:Y", "BAFI-ORO:Y", "BAFI-COCO:R", "BAFI-FARE:G", player=MATEO,
                     hands={MATEO: ["RASI"]})
    assert "kanaloa.relative_majority" not in keys(act(state, "build BAFI-RASI RASI"))
    # An island with a free link left.
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-FARE:B", player=MATEO,
                     hands={MATEO: ["RASI"]})
    assert keys(act(state, "build BAFI-RASI RASI")) == ["kanaloa.build"]


def test_KN_19_a_removal_can_cost_a_marker_at_the_other_end():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:B", "ALOA-FARE:B",
                     "FARE-GAPU:B", player=MATEO, hands={MATEO: ["RASI"]})
    assert markers(state) == {"FARE": "B"}
    act(state, "build BAFI-RASI RASI")
    events = act(state, "remove BAFI-FARE")
    assert keys(events) == ["kanaloa.remove", "kanaloa.marker_lost"]
    assert markers(state) == {}


def test_KN_20_the_turn_goes_on_after_a_removal():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:B", player=MATEO,
                     hands={MATEO: ["RASI", "COCO"]})
    act(state, "build BAFI-RASI RASI", "remove BAFI-COCO")
    assert state.to_move() == [MATEO]
    events = act(state, "build BAFI-COCO COCO")
    assert [e["params"]["link"] for e in find(events, "kanaloa.destroy")] == ["BAFI-FARE",
                                                                               "BAFI-ORO"]
    assert markers(state) == {"BAFI": "Y"}


# -- drawing and the hand (KN-21 .. KN-23) ---------------------------------------------------------

def test_KN_21_exactly_one_card_ends_the_turn():
    state = position(player=MATEO, display=["RASI", "MOTU", "NALU", "FARE"],
                     talon_top=["GAPU", "HONU"])
    assert legal(state) == {"draw", "take RASI", "take MOTU", "take NALU", "take FARE"}
    act(state, "take NALU")
    assert state.to_move() == [BETTY] and hand(state, MATEO) == ["NALU"]
    assert state.view(None)["display"] == ["RASI", "MOTU", "GAPU", "FARE"]
    act(state, "draw")
    assert hand(state, BETTY) == ["HONU"] and state.to_move() == [ADAM]


def test_KN_22_empty_talon_take_from_the_display_without_refill():
    state = position(player=MATEO, display=["RASI", "MOTU"], talon=[])
    refused(state, "draw", key="kanaloa.illegal.talon_empty")
    refused(state, "take FARE", key="kanaloa.illegal.not_displayed")
    act(state, "take RASI")
    assert state.view(None)["display"] == [None, "MOTU", None, None]
    assert state.view(None)["round"] == 1
    act(state, "take MOTU")
    assert state.view(None)["round"] == 2


@pytest.mark.parametrize("players,gods", SETUPS)
def test_KN_23_no_hand_above_five_outside_the_players_own_turn(players, gods):
    for seed in range(3):
        def visit(state, player, move, events):
            for p, size in enumerate(state.view(None)["hand_sizes"]):
                if p != state.view(None)["player"] or move.kind in ("draw", "take", "end"):
                    assert size <= 5
        random_game(players, gods, seed, visit)


def test_KN_24_no_bridge_in_stock_no_build_nor_replacement():
    many = ["ALOA-BAFI", "ALOA-COCO", "ALOA-DALI", "ALOA-ELOI", "ALOA-FARE", "BAFI-COCO",
            "BAFI-FARE", "BAFI-ORO", "BAFI-RASI", "COCO-ELOI", "COCO-NALU", "COCO-ORO",
            "DALI-ELOI", "DALI-MOTU", "ELOI-MOTU", "ELOI-NALU", "FARE-GAPU", "FARE-KULU",
            "FARE-RASI", "GAPU-HONU"]
    with pytest.raises(BadState, match="C-2"):
        position(*[f"{name}:Y" for name in many + ["GAPU-INOA"]])
    # Twenty green bridges: ten islands held in full, one more touched.
    spread = ["BAFI-COCO", "BAFI-FARE", "BAFI-ORO", "BAFI-RASI", "COCO-NALU", "COCO-ORO",
              "FARE-GAPU", "FARE-RASI", "GAPU-HONU", "GAPU-INOA", "GAPU-RASI", "HONU-ORO",
              "HONU-RASI", "INOA-LANI", "INOA-ORO", "LANI-NALU", "LANI-ORO", "NALU-ORO",
              "ORO-RASI", "ALOA-BAFI"]
    state = position(*[f"{name}:G" for name in spread], "ALOA-COCO:Y", players=2, player=1,
                     gods=True, round=2, tablets={1: ["KANALOA"]}, hands={1: ["ALOA", "COCO"]})
    assert stock(state)["G"] == 0
    act(state, "colour 2")
    assert not [m for m in legal(state) if m.startswith(("build", "replace"))]
    refused(state, "build ALOA-ELOI ALOA", key="kanaloa.illegal.no_stock")
    refused(state, "replace ALOA-COCO ALOA COCO", key="kanaloa.illegal.no_stock")
    refused(state, "build ALOA-ELOI KANALOA", key="kanaloa.illegal.no_stock")


def test_KN_25_markers_never_run_out_an_eleventh_island_ends_the_game():
    state = position(*[f"{name}:B" for name in (
        "DALI-ELOI", "DALI-MOTU", "GAPU-HONU", "GAPU-KULU", "GAPU-RASI", "HONU-RASI",
        "INOA-JEKA", "INOA-KULU", "INOA-ORO", "JEKA-MOTU", "LANI-MOTU", "LANI-NALU", "LANI-ORO",
        "NALU-ORO", "ORO-RASI")], player=KAYLA, hands={KAYLA: ["NALU"]})
    assert state.view(None)["markers"][3] == 0
    act(state, "build MOTU-NALU NALU")
    assert state.is_over() and state.view(None)["controlled"][3] == 10


def test_KN_26_cards_running_out_end_a_round_and_nothing_is_drawn_afterwards():
    state = position(round=2, player=MATEO, display=["ALOA"], talon=[], hands={BETTY: ["COCO"]})
    act(state, "take ALOA")
    assert state.view(None)["final_phase"] is True
    refused(state, "draw", key="kanaloa.illegal.no_draw")
    refused(state, "take ALOA", key="kanaloa.illegal.no_draw")
    assert not any(m.startswith(("draw", "take")) for m in legal(state))


# -- rounds, final phase, scoring, the end (E-1 .. E-16) -------------------------------------------

def test_E_1_round_one_ends_when_the_last_face_up_card_is_taken():
    state = position(player=MATEO, display=["RASI", "MOTU"], talon=[])
    act(state, "take RASI")
    assert state.view(None)["round"] == 1
    events = act(state, "take MOTU")
    assert "kanaloa.round_end" in keys(events) and state.view(None)["round"] == 2
    # With cards left in the talon, taking a face-up card never ends the round.
    state = position(player=MATEO, talon=1)
    act(state, "take " + state.view(None)["display"][0])
    assert state.view(None)["round"] == 1


def test_E_2_the_first_scoring_follows_at_once():
    state = position("ALOA-DALI:G", "DALI-ELOI:G", player=BETTY, display=["RASI"], talon=[])
    events = act(state, "take RASI")
    assert keys(events)[1:3] == ["kanaloa.round_end", "kanaloa.first_scoring"]
    assert scores(state) == {"Y": 0, "R": 0, "G": 1, "B": 0}


def test_E_3_the_whole_discard_pile_becomes_the_new_talon():
    state = position(player=MATEO, display=["RASI"], talon=[], hands={MATEO: ["ALOA", "BAFI"]},
                     face_down={BETTY: ["KULU", "KULU"], ADAM: ["JEKA"]})
    up = len(state.view(None)["discard_face_up"])
    act(state, "take RASI")
    view = state.view(None)
    assert view["discard_face_up"] == [] and view["discard_face_down"] == [0, 0, 0, 0]
    assert None not in view["display"] and view["talon_size"] + 4 == up + 3
    data = state.to_json()
    cards = data["talon"] + data["display"] + sum(data["hands"], [])
    assert sorted(cards) == sorted(_all_cards())


def _all_cards():
    return [c for c in ISLANDS for _ in range(3)]


def test_E_4_board_hands_scores_and_stones_carry_over():
    state = position("ALOA-DALI:G", "DALI-ELOI:G", "BAFI-ORO:Y", gods=True, player=BETTY,
                     display=["RASI"], talon=[], hands={ADAM: ["COCO"], MATEO: ["ALOA", "HONU"]},
                     stones={"ORO": "KU", "GAPU": "KANE"}, tablets={ADAM: ["LONO"]},
                     scores={"Y": 3})
    before = (bridges(state), markers(state))
    act(state, "take RASI")
    assert (bridges(state), markers(state)) == before
    assert hand(state, ADAM) == ["COCO"] and hand(state, MATEO) == ["ALOA", "HONU"]
    assert hand(state, BETTY) == ["RASI"]
    assert scores(state) == {"Y": 3, "R": 0, "G": 1, "B": 0}
    view = state.view(None)
    assert view["tablets"][ADAM]["LONO"] == 1
    assert {i["name"]: i["stone"] for i in view["islands"] if i["stone"]} == {
        "ORO": "KU", "GAPU": "KANE"}


def test_E_5_the_next_player_starts_round_two():
    for taker in range(4):
        state = position(player=taker, display=["RASI"], talon=[])
        act(state, "take RASI")
        assert state.to_move() == [(taker + 1) % 4] and state.view(None)["round"] == 2


def test_E_6_end_of_round_two_no_scoring_one_more_turn_each():
    state = position("ALOA-DALI:G", "DALI-ELOI:G", round=2, player=ADAM, display=["RASI"],
                     talon=[], scores={"G": 1})
    events = act(state, "take RASI")
    assert keys(events) == ["kanaloa.take", "kanaloa.round_end", "kanaloa.final_phase"]
    assert scores(state)["G"] == 1
    assert state.view(None)["last_turn_played"] == [False] * 4
    assert state.to_move() == [KAYLA]
    for _ in range(4):
        act(state, "end")
    assert state.is_over()
    assert state.view(None)["last_turn_order"] == [KAYLA, MATEO, BETTY, ADAM]


def test_E_7_final_phase_skips_players_who_played_and_has_no_draw():
    state = final_position(player=BETTY, last=[ADAM], hands={BETTY: ["ALOA", "BAFI"]})
    assert "end" in legal(state) and "draw" not in legal(state)
    act(state, "build ALOA-BAFI ALOA", "end")
    assert state.to_move() == [KAYLA]
    act(state, "end")
    assert state.to_move() == [MATEO]
    act(state, "end")
    assert state.is_over()


def test_E_8_passing_while_a_richer_opponent_has_not_played():
    state = final_position(player=MATEO, scores={"Y": 5, "R": 6})
    assert "pass" in legal(state)
    act(state, "pass")
    act(state, "end")                    # Betty
    act(state, "end")                    # Adam
    # Kayla (0) may pass: Mateo has more points and has not played.
    assert "pass" in legal(state)
    act(state, "pass")
    # Mateo: Betty, the only richer one, has played: no pass any more.
    assert state.to_move() == [MATEO] and "pass" not in legal(state)
    refused(state, "pass", key="kanaloa.illegal.no_pass")
    act(state, "end")
    assert state.to_move() == [KAYLA] and "pass" not in legal(state)
    # Outside the final phase nobody passes.
    refused(position(player=MATEO), "pass", key="kanaloa.illegal.no_pass_yet")


def test_E_8_a_player_may_pass_again_at_a_later_visit():
    state = final_position(player=MATEO, scores={"Y": 1, "R": 2, "G": 9})
    act(state, "pass")                   # Mateo: Betty and Adam are richer
    act(state, "pass")                   # Betty: Adam is richer
    assert state.to_move() == [ADAM]
    refused(state, "pass", key="kanaloa.illegal.no_pass")
    act(state, "end")                    # Adam, the richest, plays
    act(state, "pass")                   # Kayla: Mateo and Betty are richer
    assert state.to_move() == [MATEO] and "pass" in legal(state)
    act(state, "pass")                   # Mateo passes a second time: Betty is richer
    assert state.to_move() == [BETTY] and "pass" not in legal(state)
    act(state, "end")
    act(state, "pass")                   # Kayla again
    act(state, "end")                    # Mateo
    act(state, "end")                    # Kayla
    assert state.view(None)["last_turn_order"] == [ADAM, BETTY, MATEO, KAYLA]
    assert state.is_over()


def test_E_9_hands_are_discarded_after_the_last_turn():
    state = final_position(player=MATEO, hands={MATEO: ["ALOA", "BAFI", "COCO"]})
    events = act(state, "end")
    assert hand(state, MATEO) == [] and state.view(None)["discard_face_down"][MATEO] == 3
    assert event_for(events[-1], BETTY)["params"] == {"count": 3}
    assert event_for(events[-1], MATEO)["params"] == {"count": 3,
                                                      "cards": ["ALOA", "BAFI", "COCO"]}


def test_E_10_the_final_scoring_ends_the_final_phase():
    state = final_position("ALOA-DALI:R", "DALI-ELOI:R", player=KAYLA, last=[MATEO, BETTY, ADAM])
    events = act(state, "end")
    assert keys(events)[-2:] == ["kanaloa.final_scoring", "kanaloa.game_over"]
    assert events[-2]["params"] == {"points": [0, 2, 0, 0]}
    assert state.is_over() and scores(state)["R"] == 2


def test_E_11_one_point_per_link_the_controller_does_not_occupy():
    state = first_scoring_of("ALOA-BAFI:G", "ALOA-COCO:G", "ALOA-DALI:G", "ALOA-ELOI:R",
                             "GAPU-KULU:B", "FARE-KULU:B", "INOA-KULU:Y")
    assert scores(state) == {"Y": 0, "R": 0, "G": 2, "B": 1}
    assert sorted((p["island"], p["colour"], p["points"]) for p in state.view(None)["points"]) == [
        ("ALOA", "green", 2), ("KULU", "blue", 1)]


def first_scoring_of(*specs):
    state = position(*specs, player=MATEO, display=["HONU"], talon=[])
    act(state, "take HONU")
    return state


def test_E_12_each_marker_scores_one_more_at_the_final_scoring_only():
    specs = ("ALOA-DALI:R", "DALI-ELOI:R", "DALI-MOTU:R")
    assert scores(first_scoring_of(*specs))["R"] == 0
    state = final_position(*specs, player=MATEO, last=[BETTY, ADAM, KAYLA])
    act(state, "end")
    assert scores(state)["R"] == 1
    assert state.result()["breakdown"]["colours"][1]["final_scoring"]["markers"] == 1


@pytest.mark.parametrize("island,links", [
    ("KULU", ["FARE-KULU", "GAPU-KULU", "INOA-KULU"]),
    ("RASI", ["BAFI-RASI", "FARE-RASI", "GAPU-RASI", "HONU-RASI", "ORO-RASI"]),
])
def test_E_13_points_by_case(island, links):
    for n in range(len(links) // 2 + 1, len(links) + 1):
        specs = [f"{name}:B" for name in links[:n]]
        first = scores(first_scoring_of(*specs))["B"]
        state = final_position(*specs, player=MATEO, last=[BETTY, ADAM, KAYLA])
        act(state, "end")
        assert (first, scores(state)["B"]) == (len(links) - n, len(links) - n + 1)


def test_E_14_early_win_needs_all_ten_markers_placed():
    nine = ("DALI-ELOI", "DALI-MOTU", "GAPU-HONU", "GAPU-KULU", "GAPU-RASI", "HONU-RASI",
            "INOA-JEKA", "INOA-KULU", "INOA-ORO", "JEKA-MOTU", "LANI-MOTU", "LANI-NALU",
            "LANI-ORO", "ORO-RASI")
    state = position(*[f"{name}:B" for name in nine], player=KAYLA, hands={KAYLA: ["NALU"]})
    assert len(markers(state)) == 9
    act(state, "build NALU-ORO NALU")
    assert not state.is_over() and len(markers(state)) == 10


def test_E_15_most_points_wins_ties_go_to_the_earliest_last_turn():
    state = final_position(player=ADAM, last=[KAYLA, MATEO, BETTY],
                           scores={"Y": 9, "R": 9, "G": 8, "B": 9})
    act(state, "end")
    result = state.result()
    assert result["winners"] == [KAYLA] and result["reason"] == "last_turn"
    state = final_position(player=ADAM, last=[KAYLA, MATEO, BETTY], scores={"Y": 9, "R": 10})
    act(state, "end")
    assert state.result()["winners"] == [BETTY] and state.result()["reason"] == "points"


def test_E_16_the_score_track_has_no_maximum():
    state = final_position("ALOA-DALI:R", "DALI-ELOI:R", player=MATEO, last=[BETTY, ADAM, KAYLA],
                           scores={"R": 250})
    act(state, "end")
    assert scores(state)["R"] == 252 and state.result()["scores"][BETTY] == 252


# -- two players (TP-1 .. TP-10) -------------------------------------------------------------------

def test_TP_1_two_independent_colours_one_hand_one_tablet():
    state = Kanaloa.new(players=2, seed=21, gods=True)
    view = state.view(0)
    assert [c["player"] for c in view["colours"]] == [0, 0, 1, 1]
    assert view["stock"] == [20] * 4 and view["markers"] == [10] * 4 and view["scores"] == [0] * 4
    assert len(view["tablets"]) == 2 and view["hand_sizes"] == [4, 4]
    # Each colour controls, loses and scores on its own.
    state = position("ALOA-DALI:Y", "DALI-ELOI:Y", "FARE-KULU:R", "GAPU-KULU:R", players=2,
                     player=1, display=["HONU"], talon=[])
    act(state, "colour 2", "take HONU")
    assert markers(state) == {"DALI": "Y", "KULU": "R"} and scores(state) == {
        "Y": 1, "R": 1, "G": 0, "B": 0}


def test_TP_2_two_player_setup():
    state = Kanaloa.new(players=2, seed=22, first_player=1)
    for p in (0, 1):
        state.play(p, state.legal_moves(p)[0])
    view = state.view(None)
    assert view["hand_sizes"] == [3, 3] and None not in view["display"]
    assert view["talon_size"] == 38 and state.to_move() == [1]


def test_TP_3_the_colour_is_chosen_each_turn_and_holds_for_it():
    state = position(players=2, player=0, hands={0: ["ALOA", "BAFI"], 1: ["COCO"]})
    refused(state, "colour 2", key="kanaloa.illegal.not_your_colour")
    events = act(state, "colour 1")
    assert events == [{"key": "kanaloa.colour", "player": 0, "params": {"colour": "red"}}]
    assert state.view(None)["active_colour"] == 1
    refused(state, "colour 0", key="kanaloa.illegal.colour_chosen")
    act(state, "build ALOA-BAFI ALOA", "draw")
    assert bridges(state) == {"ALOA-BAFI": "R"}
    act(state, "colour 3", "build COCO-ORO COCO", "draw")
    act(state, "colour 0", "build BAFI-COCO BAFI")
    assert bridges(state) == {"ALOA-BAFI": "R", "COCO-ORO": "B", "BAFI-COCO": "Y"}


def test_TP_4_a_takeover_removes_the_players_other_colour_too():
    state = position("ALOA-BAFI:Y", "ALOA-COCO:Y", "ALOA-ELOI:R", players=2, player=0,
                     hands={0: ["DALI"]})
    act(state, "colour 0", "build ALOA-DALI DALI")
    assert markers(state) == {"ALOA": "Y"} and "ALOA-ELOI" not in bridges(state)
    assert stock(state)["R"] == 20


def test_TP_5_replacing_the_players_other_colour_with_the_active_one():
    state = position("COCO-ORO:R", "BAFI-ORO:Y", players=2, player=0,
                     hands={0: ["COCO", "ORO", "BAFI"]})
    act(state, "colour 0")
    assert "replace COCO-ORO COCO ORO" in legal(state)
    assert not any(m.startswith("replace BAFI-ORO") for m in legal(state))
    act(state, "replace COCO-ORO COCO ORO")
    assert bridges(state) == {"COCO-ORO": "Y", "BAFI-ORO": "Y"}
    assert stock(state)["R"] == 20 and stock(state)["Y"] == 18


def test_TP_6_relative_majority_counts_the_other_colour_as_another_colour():
    state = position("ALOA-BAFI:B", "BAFI-ORO:R", "BAFI-COCO:Y", "BAFI-FARE:G", players=2,
                     player=1, hands={1: ["RASI"]})
    act(state, "colour 3", "build BAFI-RASI RASI")
    assert legal(state) == {"remove BAFI-ORO", "remove BAFI-COCO", "remove BAFI-FARE"}
    act(state, "remove BAFI-FARE")
    assert stock(state)["G"] == 20


def test_TP_7_each_colour_scores_separately():
    state = position("ALOA-DALI:Y", "DALI-ELOI:Y", "BAFI-ORO:R", "BAFI-COCO:R", "ALOA-BAFI:R",
                     players=2, player=1, display=["HONU"], talon=[])
    act(state, "colour 2", "take HONU")
    assert scores(state) == {"Y": 1, "R": 2, "G": 0, "B": 0}


def test_TP_8_only_the_player_behind_may_pass():
    state = final_position(players=2, player=1, scores={"Y": 30, "R": 30, "G": 2, "B": 40})
    assert "pass" in legal(state)            # weaker colours 2 < 30
    state = final_position(players=2, player=0, scores={"Y": 30, "R": 30, "G": 2, "B": 40})
    assert "pass" not in legal(state)
    state = final_position(players=2, player=1, last=[0], scores={"Y": 30, "R": 30, "G": 2})
    assert "pass" not in legal(state), "the other player has already played"


def test_TP_9_weaker_colour_then_stronger_colour_then_last_turn():
    cases = [({"Y": 5, "R": 50, "G": 6, "B": 6}, 1, "weaker_colour"),
             ({"Y": 6, "R": 9, "G": 6, "B": 8}, 0, "stronger_colour"),
             ({"Y": 6, "R": 9, "G": 9, "B": 6}, 1, "last_turn")]
    for totals, winner, reason in cases:
        state = final_position(players=2, player=0, last=[1], scores=totals)
        act(state, "colour 0", "end")
        assert (state.result()["winners"], state.result()["reason"]) == ([winner], reason)


def test_TP_10_the_early_win_counts_one_colour_s_markers():
    ten = ("DALI-ELOI", "DALI-MOTU", "GAPU-HONU", "GAPU-KULU", "GAPU-RASI", "HONU-RASI",
           "INOA-JEKA", "INOA-KULU", "INOA-ORO", "JEKA-MOTU", "LANI-MOTU", "LANI-NALU",
           "LANI-ORO", "NALU-ORO", "ORO-RASI")
    state = position(*[f"{name}:G" for name in ten], "ALOA-BAFI:B", "ALOA-COCO:B", players=2,
                     player=1, hands={1: ["NALU", "ALOA"]})
    act(state, "colour 3", "build ALOA-ELOI ALOA")
    assert not state.is_over(), "blue's island is blue's first"
    act(state, "draw", "colour 0", "draw", "colour 2", "build MOTU-NALU NALU")
    assert state.result()["winners"] == [1] and state.result()["reason"] == "early_win"
    assert state.result()["breakdown"]["early_win"]["colour"] == "green"


# -- the gods (GD-1 .. GD-16) ----------------------------------------------------------------------

def test_GD_1_one_stone_per_island_at_random():
    layouts = {tuple(Kanaloa.new(players=3, seed=s, gods=True).to_json()["stones"])
               for s in range(12)}
    assert len(layouts) > 10
    for layout in layouts:
        assert None not in layout and len(layout) == 16
    assert Kanaloa.new(players=3, seed=5, gods=True).to_json()["stones"] == \
        Kanaloa.new(players=3, seed=5, gods=True).to_json()["stones"]
    assert Kanaloa.new(players=3, seed=5).to_json()["stones"] == [None] * 16


def test_GD_2_stones_on_islands_and_tablets_are_public():
    state = position(gods=True, round=2, player=MATEO, stones={"ORO": "KU", "DALI": "KANE"},
                     tablets={BETTY: ["PELE", "LONO"]})
    views = [state.view(v) for v in (None, 0, 1, 2, 3)]
    for view in views:
        assert [i["stone"] for i in view["islands"]][3] == "KANE"
        assert [i["stone"] for i in view["islands"]][14] == "KU"
        assert view["tablets"][BETTY] == {"KANE": 0, "KANALOA": 0, "KU": 0, "PELE": 1, "LONO": 1}


def test_GD_3_the_first_controller_takes_the_stone_relative_majority_never():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:B", gods=True,
                     player=MATEO, stones={"BAFI": "LONO"}, hands={MATEO: ["RASI"]})
    act(state, "build BAFI-RASI RASI", "remove BAFI-COCO")
    assert state.view(None)["islands"][1]["stone"] == "LONO"
    state = position("ALOA-DALI:R", gods=True, player=BETTY, stones={"DALI": "LONO"},
                     hands={BETTY: ["ELOI"]})
    events = act(state, "build DALI-ELOI ELOI")
    assert find(events, "kanaloa.capture")[0]["params"] == {"island": "DALI", "stone": "LONO"}
    assert state.view(None)["tablets"][BETTY]["LONO"] == 1
    assert state.view(None)["islands"][3]["stone"] is None


def test_GD_4_several_stones_of_one_god():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["KANALOA", "KANALOA"]})
    act(state, "build ALOA-BAFI KANALOA", "build COCO-ORO KANALOA")
    assert bridges(state) == {"ALOA-BAFI": "Y", "COCO-ORO": "Y"}


def test_GD_5_stones_belong_to_the_player_whatever_his_colour():
    state = position(gods=True, round=2, players=2, player=0, tablets={0: ["KANALOA", "KANALOA"]})
    act(state, "colour 1", "build ALOA-BAFI KANALOA", "draw", "colour 2", "draw")
    act(state, "colour 0", "build COCO-ORO KANALOA")
    assert bridges(state) == {"ALOA-BAFI": "R", "COCO-ORO": "Y"}


def test_GD_6_a_stone_is_used_once():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["KANALOA"]})
    used = state.view(None)["stones_used"][1]
    act(state, "build ALOA-BAFI KANALOA")
    assert state.view(None)["tablets"][MATEO]["KANALOA"] == 0
    assert state.view(None)["stones_used"][1] == used + 1
    refused(state, "build BAFI-COCO KANALOA", key="kanaloa.illegal.no_stone")


@pytest.mark.parametrize("island,links,points", [
    ("KULU", ["FARE-KULU", "GAPU-KULU"], 1),
    ("RASI", ["BAFI-RASI", "FARE-RASI", "GAPU-RASI"], 2),
    ("ORO", ["BAFI-ORO", "COCO-ORO", "HONU-ORO", "INOA-ORO"], 3),
])
def test_GD_7_kane_scores_at_once_by_island_size(island, links, points):
    for players, active, colour in ((4, ADAM, "G"), (2, 1, "B")):
        other = [end for end in links[-1].split("-") if end != island][0]
        state = position(*[f"{name}:{colour}" for name in links[:-1]], gods=True,
                         players=players, player=active, stones={island: "KANE"},
                         hands={active: [other]})
        if players == 2:
            act(state, "colour 3")
        events = act(state, f"build {links[-1]} {other}")
        assert find(events, "kanaloa.kane")[0]["params"]["points"] == points
        assert scores(state)[colour] == points
        assert state.view(None)["tablets"][active]["KANE"] == 0


def test_GD_8_powers_only_in_round_two_captured_ones_at_once():
    state = position(gods=True, player=MATEO, tablets={MATEO: ["LONO"]})
    assert not [m for m in legal(state) if m.startswith("lono")]
    refused(state, "lono draw", key="kanaloa.illegal.stones_round_two")
    state = position("ALOA-DALI:Y", gods=True, round=2, player=MATEO, stones={"DALI": "LONO"},
                     hands={MATEO: ["ELOI"]})
    act(state, "build DALI-ELOI ELOI")
    assert "lono draw" in legal(state)
    act(state, "lono draw")
    assert len(hand(state, MATEO)) == 1


def test_GD_9_stones_in_ones_own_action_phase_only():
    state = position(gods=True, round=2, player=MATEO,
                     tablets={BETTY: ["KU"], MATEO: ["LONO", "LONO"]},
                     hands={MATEO: ["ALOA", "BAFI", "COCO"], BETTY: ["DALI"]})
    refused(state, "ku 0", player=BETTY, key="error.not_your_turn")
    act(state, "lono draw", "build ALOA-BAFI ALOA", "lono draw")     # before and after a play
    assert len(hand(state, MATEO)) == 4 and state.view(None)["tablets"][MATEO]["LONO"] == 0
    # Not while a relative-majority choice is pending.
    pending = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:B", gods=True,
                       round=2, player=MATEO, tablets={MATEO: ["LONO"]}, hands={MATEO: ["RASI"]})
    act(pending, "build BAFI-RASI RASI")
    refused(pending, "lono draw", key="kanaloa.illegal.must_remove")
    # After the face-down discard too (below), until the draw.
    closed = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["LONO"]},
                      hands={MATEO: ["ALOA"]})
    act(closed, "discard ALOA", "lono draw", "draw")
    assert closed.view(None)["player"] == BETTY
    # Never in a last turn.
    last = final_position(gods=True, player=MATEO, tablets={MATEO: ["LONO", "PELE"]},
                          hands={MATEO: ["ALOA"], BETTY: ["BAFI"]})
    assert legal(last) == {"build ALOA-BAFI ALOA", "build ALOA-COCO ALOA",
                           "build ALOA-DALI ALOA", "build ALOA-ELOI ALOA",
                           "build ALOA-FARE ALOA", "discard ALOA", "end"}
    refused(last, "pele", key="kanaloa.illegal.stones_last_turn")


def test_GD_9_a_stone_may_be_used_after_the_face_down_discard():
    """GD-9: "la pierre des Dieux peut être utilisée ... à n'importe quel moment
    pendant un tour du joueur": discard one card, use KU, then draw. The
    discard still closes the card plays (KN-4): KANALOA with a card is a card
    play, KANALOA alone is not (GD-15)."""
    state = position("ALOA-BAFI:G", players=2, gods=True, round=2, player=0,
                     tablets={0: ["KU", "LONO", "KANALOA", "KANALOA"]},
                     hands={0: ["ALOA", "BAFI", "COCO", "ELOI"], 1: ["LANI", "ORO"]},
                     display=["KULU", "HONU", "JEKA", "DALI"])
    act(state, "colour 0", "discard ALOA")
    moves = legal(state)
    assert {"ku 1", "lono draw", "lono take KULU", "build ORO-RASI KANALOA",
            "replace ALOA-BAFI KANALOA KANALOA", "draw", "take KULU"} <= moves
    with_cards = [m for m in moves if m.startswith(("build", "replace", "discard"))
                  and set(m.split()[2:]) & {"BAFI", "COCO", "ELOI"}]
    assert with_cards == [] and not any(m.startswith("discard") for m in moves)
    refused(state, "replace ALOA-BAFI BAFI KANALOA", key="kanaloa.illegal.after_discard")
    events = act(state, "ku 1", "steal ORO")
    assert keys(events) == ["kanaloa.ku", "kanaloa.steal"]
    assert hand(state, 0) == ["BAFI", "COCO", "ELOI", "ORO"] and hand(state, 1) == ["LANI"]
    refused(state, "build BAFI-ORO ORO", key="kanaloa.illegal.after_discard")
    act(state, "draw")
    assert len(hand(state, 0)) == 5 and state.view(None)["player"] == 1


def test_GD_10_kanaloa_is_a_wild_card():
    state = position("ALOA-BAFI:R", "COCO-ORO:G", gods=True, round=2, player=MATEO,
                     tablets={MATEO: ["KANALOA", "KANALOA"]}, hands={MATEO: ["ALOA"]})
    builds = {m for m in legal(state) if m.startswith("build") and m.endswith("KANALOA")}
    assert len(builds) == 35, "any free link"
    assert {m for m in legal(state) if m.startswith("replace")} == {
        "replace ALOA-BAFI ALOA KANALOA", "replace ALOA-BAFI KANALOA KANALOA",
        "replace COCO-ORO KANALOA KANALOA"}
    refused(state, "replace COCO-ORO ALOA KANALOA", key="kanaloa.illegal.card_not_an_end")
    act(state, "replace COCO-ORO KANALOA KANALOA")
    assert bridges(state)["COCO-ORO"] == "Y" and hand(state, MATEO) == ["ALOA"]
    refused(state, "replace ALOA-BAFI ALOA KANALOA", key="kanaloa.illegal.no_stone")


def test_GD_10_a_kanaloa_build_gets_the_full_resolution():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:B", gods=True,
                     round=2, player=MATEO, tablets={MATEO: ["KANALOA"]})
    events = act(state, "build BAFI-RASI KANALOA")
    assert keys(events) == ["kanaloa.build_kanaloa", "kanaloa.relative_majority"]


def test_GD_11_ku_look_then_take_one_card():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["KU"]},
                     hands={BETTY: ["ALOA", "ALOA", "COCO"]})
    assert {m for m in legal(state) if m.startswith("ku")} == {"ku 1"}
    refused(state, "ku 2", key="kanaloa.illegal.empty_hand")
    refused(state, "ku 0", key="kanaloa.illegal.ku_target")
    act(state, "ku 1")
    assert legal(state) == {"steal ALOA", "steal COCO"}
    refused(state, "draw", key="kanaloa.illegal.must_steal")
    refused(state, "steal BAFI", key="kanaloa.illegal.not_in_that_hand")
    act(state, "steal ALOA")
    assert hand(state, MATEO) == ["ALOA"] and hand(state, BETTY) == ["ALOA", "COCO"]
    assert state.view(None)["pending"] is None


def test_GD_12_pele_one_random_card_from_each_then_one_back_to_each():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["PELE"]},
                     hands={MATEO: ["ALOA"], BETTY: ["BAFI", "COCO"], KAYLA: ["DALI"]})
    act(state, "pele")
    assert state.view(None)["hand_sizes"] == [3, 1, 0, 0]
    assert "DALI" in hand(state, MATEO)
    assert state.view(None)["pending"] == {"kind": "give", "to": [BETTY, KAYLA]}
    act(state, "give 1 DALI")
    act(state, "give 3 ALOA")
    assert state.view(None)["hand_sizes"] == [1, 2, 0, 1]
    assert hand(state, KAYLA) == ["ALOA"] and "DALI" in hand(state, BETTY)
    # The random draws follow the seeded generator of the position.
    draws = set()
    for seed in range(12):
        s = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["PELE"]}, seed=seed,
                     hands={BETTY: ["BAFI", "COCO", "DALI"]})
        act(s, "pele")
        draws.add(hand(s, MATEO)[0])
    assert draws == {"BAFI", "COCO", "DALI"}


def test_GD_13_lono_an_extra_card_now():
    state = position(gods=True, round=2, player=BETTY, tablets={BETTY: ["LONO", "LONO"]},
                     display=["RASI", "MOTU", "NALU", "FARE"], talon_top=["GAPU", "HONU"])
    assert {m for m in legal(state) if m.startswith("lono")} == {
        "lono draw", "lono take RASI", "lono take MOTU", "lono take NALU", "lono take FARE"}
    act(state, "lono draw")
    assert hand(state, BETTY) == ["GAPU"]
    act(state, "build GAPU-HONU GAPU", "lono take MOTU")
    assert state.view(None)["display"] == ["RASI", "HONU", "NALU", "FARE"]
    empty = position(gods=True, round=2, player=BETTY, tablets={BETTY: ["LONO"]},
                     display=["RASI"], talon=[], hands={MATEO: ["ALOA"]})
    act(empty, "lono take RASI")
    assert "lono draw" not in legal(empty) and "end" in legal(empty)


def test_GD_14_above_the_limit_play_down_or_discard_the_excess():
    state = position("ALOA-DALI:Y", "DALI-ELOI:Y", "DALI-MOTU:Y", "FARE-KULU:Y", "GAPU-KULU:Y",
                     "INOA-KULU:Y", gods=True, round=2, player=MATEO,
                     tablets={MATEO: ["LONO", "KU"]},
                     hands={MATEO: ["DALI", "DALI", "KULU", "ALOA"], BETTY: ["DALI"]},
                     display=["KULU", "GAPU", "HONU", "JEKA"])
    act(state, "lono take KULU")
    assert len(hand(state, MATEO)) == 5
    refused(state, "draw", key="kanaloa.illegal.hand_over_limit")
    refused(state, "discard DALI", key="kanaloa.illegal.must_play_down")
    act(state, "build ALOA-BAFI ALOA")
    assert not state.can_play(MATEO)
    act(state, "ku 1", "steal DALI")
    assert len(hand(state, MATEO)) == 5
    act(state, "discard DALI")
    assert "draw" in legal(state)
    act(state, "draw")
    assert len(hand(state, MATEO)) == 5


def test_GD_15_a_stone_is_not_a_card_play():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["KANALOA"]},
                     hands={MATEO: ["ALOA", "BAFI", "COCO", "DALI", "ELOI"]})
    act(state, "build GAPU-HONU KANALOA")
    refused(state, "draw", key="kanaloa.illegal.must_play")
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["KANALOA"]},
                     hands={MATEO: ["ALOA"]})
    act(state, "build GAPU-HONU KANALOA")
    assert "discard ALOA" in legal(state)
    act(state, "discard ALOA", "draw")


def test_GD_16_unused_stones_are_worth_nothing():
    state = final_position(gods=True, player=MATEO, last=[BETTY, ADAM, KAYLA],
                           tablets={MATEO: ["KU", "PELE", "LONO"]})
    act(state, "end")
    assert scores(state) == {"Y": 0, "R": 0, "G": 0, "B": 0}
    assert state.result()["breakdown"]["colours"][0]["total"] == 0


# -- hidden information (H-1 .. H-9) ---------------------------------------------------------------

def h_position():
    return position("ALOA-BAFI:Y", "ORO-RASI:B", gods=True, round=2, player=BETTY,
                    hands={MATEO: ["COCO"], BETTY: ["DALI", "ELOI"], ADAM: ["FARE", "FARE"]},
                    face_down={KAYLA: ["GAPU"]}, stones={"HONU": "KU"},
                    tablets={ADAM: ["PELE"]}, scores={"G": 4},
                    display=["JEKA", "KULU", "LANI", "MOTU"], talon=20)


def test_H_1_public_facts_are_in_every_view():
    state = h_position()
    for viewer in (None, 0, 1, 2, 3):
        view = state.view(viewer)
        assert view["links"][0]["owner"] == 0 and view["links"][36]["owner"] == 3
        assert view["islands"][7]["stone"] == "KU" and view["tablets"][ADAM]["PELE"] == 1
        assert view["scores"] == [0, 0, 4, 0]
        assert view["display"] == ["JEKA", "KULU", "LANI", "MOTU"] and view["talon_size"] == 20
        assert view["hand_sizes"] == [1, 2, 2, 0]
        assert view["discard_face_down"] == [0, 0, 0, 1]
        assert view["round"] == 2
        assert view["last_turn_played"] == [False] * 4


def test_H_2_each_player_sees_his_own_hand_only():
    state = h_position()
    assert state.view(BETTY)["hand"] == ["DALI", "ELOI"]
    assert state.view(ADAM)["hand"] == ["FARE", "FARE"]
    assert state.view(None)["hand"] is None
    text = json.dumps(state.view(BETTY))
    assert '"hands"' not in text and '"talon"' not in text


def twins():
    """Two positions that differ only in Adam's hand and the talon's order."""
    def rest_without(*used):
        cards = _all_cards()
        for card in used:
            cards.remove(card)
        return cards
    common_used = ["JEKA", "KULU", "LANI", "MOTU", "ALOA", "ALOA", "ALOA", "BAFI"]
    common = dict(round=2, player=BETTY, display=["JEKA", "KULU", "LANI", "MOTU"],
                  discard=["ALOA"] * 3, face_down={MATEO: ["BAFI"]})
    a = position(hands={ADAM: ["COCO", "DALI"]},
                 talon=sorted(rest_without(*common_used, "COCO", "DALI")), **common)
    b = position(hands={ADAM: ["HONU", "HONU"]},
                 talon=sorted(rest_without(*common_used, "HONU", "HONU"), reverse=True), **common)
    return a, b


def test_H_3_talon_order_and_other_hands_are_never_shown():
    a, b = twins()
    assert a.to_json() != b.to_json()
    for viewer in (None, MATEO, BETTY, KAYLA):
        assert a.view(viewer) == b.view(viewer)
        if viewer is not None:
            assert (a.determinize(viewer, Rng(3)).to_json()
                    == b.determinize(viewer, Rng(3)).to_json())
    assert a.view(ADAM) != b.view(ADAM)


def test_H_4_played_cards_are_public_discards_are_not():
    state = position(player=MATEO, hands={MATEO: ["ALOA", "BAFI"]})
    act(state, "build ALOA-BAFI ALOA")
    assert state.view(KAYLA)["discard_face_up"][-1] == "ALOA"
    state = position(player=MATEO, hands={MATEO: ["ALOA", "BAFI"]})
    events = act(state, "discard BAFI")
    assert event_for(events[0], KAYLA)["params"] == {}
    assert state.view(KAYLA)["discard_face_down"][MATEO] == 1
    assert state.view(KAYLA)["own_face_down"] == []
    assert state.view(MATEO)["own_face_down"] == ["BAFI"]


def test_H_5_the_setup_choice_stays_secret_until_the_reveal():
    state = Kanaloa.new(players=2, seed=31)
    card = state.to_json()["hands"][0][0]
    state.play(0, f"choose {card}")
    other = state.view(1)
    assert other["chosen"] == [True, False] and other["own_choice"] is None
    assert other["display"] == [None] * 4 and other["hand_sizes"] == [3, 4]
    assert state.view(0)["own_choice"] == card and card not in json.dumps(other["known_hands"])


def test_H_6_blind_draws_are_private_takes_and_refills_public():
    state = position(player=MATEO, display=["RASI", "MOTU", "NALU", "FARE"],
                     talon_top=["GAPU", "HONU"])
    events = act(state, "take RASI")
    assert all(event_for(e, BETTY) == e for e in events)
    assert state.view(BETTY)["known_hands"][MATEO] == ["RASI"]
    events = act(state, "draw")                      # Betty draws blind
    assert event_for(events[0], MATEO) == {"key": "kanaloa.draw", "player": BETTY, "params": {}}
    assert event_for(events[0], BETTY) == {"key": "kanaloa.draw.own", "player": BETTY,
                                           "params": {"card": "HONU"}}
    assert state.view(MATEO)["known_hands"][BETTY] == []


def test_H_7_ku_what_each_player_learns():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["KU"]},
                     hands={ADAM: ["COCO", "HONU", "LANI"], BETTY: ["RASI"]})
    ku = act(state, "ku 2")[0]
    assert event_for(ku, MATEO)["params"]["cards"] == ["COCO", "HONU", "LANI"]
    assert "cards" not in event_for(ku, ADAM)["params"]
    assert "cards" not in event_for(ku, BETTY)["params"]
    assert state.view(BETTY)["known_hands"][ADAM] == []
    steal = act(state, "steal HONU")[0]
    assert event_for(steal, ADAM)["params"]["card"] == "HONU"
    assert event_for(steal, MATEO)["params"]["card"] == "HONU"
    assert "card" not in event_for(steal, BETTY)["params"]
    assert state.view(MATEO)["known_hands"][ADAM] == ["COCO", "LANI"]
    assert state.view(ADAM)["known_hands"][MATEO] == ["HONU"]
    assert state.view(BETTY)["known_hands"] == [[], [], [], []]


def test_H_8_pele_what_each_player_learns():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["PELE"]},
                     hands={MATEO: ["ALOA"], BETTY: ["BAFI"], ADAM: ["COCO"]})
    events = act(state, "pele")
    assert [event_for(e, MATEO)["params"].get("card") for e in events[1:]] == ["BAFI", "COCO"]
    assert all("card" not in event_for(e, KAYLA)["params"] for e in events)
    assert state.view(BETTY)["known_hands"][MATEO] == ["BAFI"]
    give = act(state, "give 1 COCO")[0]
    assert event_for(give, BETTY)["params"]["card"] == "COCO"
    assert "card" not in event_for(give, ADAM)["params"]
    assert state.view(MATEO)["known_hands"][BETTY] == ["COCO"]
    assert state.view(BETTY)["known_hands"][MATEO] == ["BAFI"]
    assert state.view(KAYLA)["known_hands"] == [[], [], [], []]


def test_H_9_hands_discarded_after_a_last_turn_stay_hidden():
    a = final_position(player=MATEO, last=[BETTY, ADAM], hands={MATEO: ["ALOA", "BAFI"]},
                       face_down={ADAM: ["COCO", "COCO"]})
    b = final_position(player=MATEO, last=[BETTY, ADAM], hands={MATEO: ["COCO", "COCO"]},
                       face_down={ADAM: ["ALOA", "BAFI"]})
    act(a, "end")
    act(b, "end")
    assert a.view(KAYLA) == b.view(KAYLA)
    assert a.view(MATEO)["own_face_down"] == ["ALOA", "BAFI"]


# -- resolutions of ambiguities (A-1 .. A-34) ------------------------------------------------------

def test_A_1_the_start_player_comes_from_the_seed():
    firsts = [Kanaloa.new(players=4, seed=s).to_move() for s in range(3)]
    assert all(f == [0, 1, 2, 3] for f in firsts), "everyone chooses first (S-6)"
    state = Kanaloa.new(players=4, seed=77)
    for p in range(4):
        state.play(p, state.legal_moves(p)[0])
    assert state.to_move() == [Rng.from_seed(77).below(4)]


def test_A_2_clockwise_means_the_next_seat():
    state = position(players=3, player=2)
    act(state, "draw")
    assert state.to_move() == [0]


def test_A_3_round_one_goes_on_after_the_talon_runs_out():
    state = position(player=MATEO, talon=1)
    act(state, "draw")
    assert state.view(None)["talon_size"] == 0 and state.view(None)["round"] == 1
    assert legal(state) >= {"take " + c for c in state.view(None)["display"] if c}


def test_A_4_layout_artefacts_are_not_names():
    for text in ("build 0R0-RASI 0R0", "choose 0R0", "take II"):
        with pytest.raises(ValueError, match="not an island"):
            KanaloaMove.parse(text)


def test_A_5_five_cards_discard_only_when_no_play_exists():
    state = position(player=MATEO, hands={MATEO: ["ALOA", "BAFI", "COCO", "DALI", "ELOI"]})
    assert not any(m.startswith("discard") for m in legal(state))
    stuck = position("ALOA-DALI:Y", "DALI-ELOI:Y", "DALI-MOTU:Y", "FARE-KULU:Y", "GAPU-KULU:Y",
                     "INOA-KULU:Y", player=MATEO,
                     hands={MATEO: ["DALI", "DALI", "DALI", "KULU", "KULU"]})
    assert legal(stuck) == {"discard DALI", "discard KULU"}


def test_A_5_KN_3_TP_3_two_players_declare_a_colour_in_which_a_card_can_be_played():
    """A-5: with five cards a player must play if any play exists; with two
    players that holds over both colours, so the colour declared (TP-3) must
    be one with a play. Here every DALI and KULU link holds a yellow bridge:
    yellow can do nothing, red can replace one of them with a pair (TP-5)."""
    links = ("ALOA-DALI:Y", "DALI-ELOI:Y", "DALI-MOTU:Y", "FARE-KULU:Y", "GAPU-KULU:Y",
             "INOA-KULU:Y")
    state = position(*links, players=2, player=0,
                     hands={0: ["DALI", "DALI", "DALI", "KULU", "KULU"], 1: ["ORO"]})
    assert legal(state) == {"colour 1"}
    refused(state, "colour 0", key="kanaloa.illegal.colour_without_play")
    act(state, "colour 1")
    assert "discard DALI" not in legal(state)
    act(state, "replace ALOA-DALI DALI DALI", "draw")
    assert bridges(state)["ALOA-DALI"] == "R"
    # Four cards: no obligation, either colour.
    four = position(*links, players=2, player=0,
                    hands={0: ["DALI", "DALI", "DALI", "KULU"], 1: ["ORO"]})
    assert legal(four) == {"colour 0", "colour 1"}
    # No play in either colour (every link of the five islands is taken, no
    # pair, no two ends of one link): either colour, then the discard (KN-3).
    taken = ("ALOA-DALI", "DALI-ELOI", "DALI-MOTU", "FARE-KULU", "GAPU-KULU", "INOA-KULU",
             "INOA-JEKA", "JEKA-LANI", "JEKA-MOTU", "GAPU-HONU", "HONU-ORO", "HONU-RASI",
             "COCO-NALU", "ELOI-NALU", "LANI-NALU", "MOTU-NALU", "NALU-ORO")
    none = position(*(f"{name}:G" for name in taken), players=2, player=0,
                    hands={0: ["DALI", "HONU", "JEKA", "KULU", "NALU"], 1: ["ORO"]})
    assert legal(none) == {"colour 0", "colour 1"}
    act(none, "colour 0")
    assert legal(none) == {"discard DALI", "discard HONU", "discard JEKA", "discard KULU",
                           "discard NALU"}


def test_A_6_no_card_is_played_for_nothing():
    state = position("ALOA-DALI:Y", "DALI-ELOI:Y", "DALI-MOTU:Y", player=MATEO,
                     hands={MATEO: ["DALI"]})
    assert not any(m.startswith(("build", "replace")) for m in legal(state))
    with pytest.raises(ValueError):
        KanaloaMove.parse("play DALI")


def test_A_7_a_replacement_that_creates_a_majority_takes_control():
    state = position("ALOA-DALI:R", "DALI-ELOI:Y", player=MATEO, hands={MATEO: ["ALOA", "DALI"]})
    events = act(state, "replace ALOA-DALI ALOA DALI")
    assert "kanaloa.control" in keys(events) and markers(state) == {"DALI": "Y"}


def test_A_8_no_removal_after_a_replacement_or_for_a_non_leader():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:R", "BAFI-FARE:G", "BAFI-RASI:B",
                     player=MATEO, hands={MATEO: ["BAFI", "RASI"]})
    assert keys(act(state, "replace BAFI-RASI BAFI RASI")) == ["kanaloa.replace"]


def test_A_9_in_a_tie_nobody_chooses_the_victim():
    state = position("ORO-BAFI:Y", "ORO-COCO:R", "ORO-HONU:R", "ORO-INOA:G", "ORO-LANI:G",
                     "ORO-NALU:B", player=MATEO, hands={MATEO: ["ORO"]})
    act(state, "build ORO-RASI ORO")
    assert state.view(None)["pending"] is None and "NALU-ORO" not in bridges(state)


def test_A_10_two_players_the_own_other_colour_can_be_the_victim():
    state = position("ALOA-BAFI:R", "BAFI-ORO:Y", "BAFI-COCO:G", "BAFI-FARE:B", players=2,
                     player=0, hands={0: ["RASI"]})
    act(state, "colour 1", "build BAFI-RASI RASI")
    assert "remove BAFI-ORO" in legal(state)


def test_A_11_falling_below_the_threshold_loses_control_whatever_the_cause():
    # Blue holds COCO with three bridges; removing Adam's bridge there changes nothing.
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:B", "COCO-ELOI:B",
                     "COCO-NALU:B", "COCO-ORO:B", player=MATEO, hands={MATEO: ["RASI"]})
    assert markers(state) == {"COCO": "B"}
    act(state, "build BAFI-RASI RASI")
    assert keys(act(state, "remove BAFI-COCO")) == ["kanaloa.remove"]
    assert markers(state) == {"COCO": "B"}
    # Removing one of blue's three: the marker goes, the other blue bridges stay.
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:B", "BAFI-FARE:G", "COCO-ELOI:B",
                     "COCO-NALU:B", player=MATEO, hands={MATEO: ["RASI"]})
    assert markers(state) == {"COCO": "B"}
    act(state, "build BAFI-RASI RASI")
    events = act(state, "remove BAFI-COCO")
    assert keys(events) == ["kanaloa.remove", "kanaloa.marker_lost"]
    assert markers(state) == {}
    assert bridges(state)["COCO-ELOI"] == "B" and bridges(state)["COCO-NALU"] == "B"


def test_A_12_two_players_behind_means_the_weaker_colour_first():
    state = final_position(players=2, player=0, scores={"Y": 5, "R": 90, "G": 6, "B": 6})
    assert "pass" in legal(state), "5 < 6 although 95 > 12"


def test_A_13_the_weaker_colour_is_the_one_with_fewer_points():
    state = final_position("ALOA-BAFI:Y", "BAFI-COCO:Y", "COCO-ELOI:Y", players=2, player=0,
                           last=[1], scores={"Y": 8, "R": 5, "G": 6, "B": 7})
    act(state, "colour 1", "end")
    assert state.result()["breakdown"]["players"][0]["weaker"] == 5
    assert state.result()["winners"] == [1]


def test_A_14_two_players_full_tie_earlier_last_turn():
    state = final_position(players=2, player=1, last=[0], scores={"Y": 4, "R": 7, "G": 7, "B": 4})
    act(state, "colour 2", "end")
    assert state.result()["winners"] == [0] and state.result()["reason"] == "last_turn"


def test_A_15_earliest_means_chronological_passes_included():
    state = final_position(player=MATEO, scores={"Y": 1, "R": 5, "G": 5, "B": 5})
    act(state, "pass", "end", "end", "end", "end")
    assert state.view(None)["last_turn_order"] == [BETTY, ADAM, KAYLA, MATEO]
    assert state.result()["winners"] == [BETTY]


def test_A_16_nine_markers_and_two_islands_with_one_bridge_win():
    nine = ("DALI-MOTU", "GAPU-HONU", "GAPU-KULU", "GAPU-RASI", "HONU-RASI", "INOA-JEKA",
            "INOA-KULU", "INOA-ORO", "JEKA-MOTU", "LANI-MOTU", "LANI-NALU", "LANI-ORO",
            "NALU-ORO", "ORO-RASI", "ALOA-BAFI", "ALOA-COCO")
    state = position(*[f"{name}:B" for name in nine], "ELOI-NALU:G", player=KAYLA,
                     hands={KAYLA: ["DALI"]})
    assert sorted(markers(state)) == ["GAPU", "HONU", "INOA", "JEKA", "KULU", "LANI", "MOTU",
                                      "ORO", "RASI"]
    events = act(state, "build ALOA-DALI DALI")
    assert keys(events) == ["kanaloa.build", "kanaloa.control", "kanaloa.early_win",
                            "kanaloa.game_over"]
    assert state.result()["breakdown"]["early_win"]["island"] == "DALI"


def test_A_17_two_players_the_early_win_is_per_colour():
    test_TP_10_the_early_win_counts_one_colour_s_markers()
    state = position("ALOA-DALI:Y", "DALI-ELOI:Y", players=2, player=0, hands={0: ["ELOI"]})
    act(state, "colour 1", "build ELOI-MOTU ELOI")
    assert not state.is_over()


def test_A_18_round_two_starts_after_the_taker():
    state = position(player=KAYLA, display=["RASI"], talon=[])
    act(state, "take RASI")
    assert state.to_move() == [MATEO]


def test_A_19_the_taker_of_the_last_card_plays_a_last_turn_too():
    state = position(round=2, player=BETTY, display=["RASI"], talon=[])
    act(state, "take RASI", "end", "end", "end")
    assert state.to_move() == [BETTY] and not state.is_over()
    act(state, "end")
    assert state.view(None)["last_turn_order"] == [ADAM, KAYLA, MATEO, BETTY]


def test_A_20_the_replacing_bridge_is_of_the_active_colour():
    state = position("COCO-ORO:Y", players=2, player=0, hands={0: ["COCO", "COCO"]})
    act(state, "colour 1", "replace COCO-ORO COCO COCO")
    assert bridges(state) == {"COCO-ORO": "R"}


def test_A_21_the_five_card_obligation_in_a_last_turn():
    state = final_position("ALOA-DALI:Y", "DALI-ELOI:Y", "DALI-MOTU:Y", player=MATEO,
                           hands={MATEO: ["DALI", "DALI", "DALI", "ALOA", "ALOA"]})
    refused(state, "end", key="kanaloa.illegal.must_play")
    act(state, "build ALOA-BAFI ALOA", "end")
    stuck = final_position("ALOA-DALI:Y", "DALI-ELOI:Y", "DALI-MOTU:Y", "FARE-KULU:Y",
                           "GAPU-KULU:Y", "INOA-KULU:Y", player=MATEO,
                           hands={MATEO: ["DALI", "DALI", "KULU", "KULU", "KULU"]})
    refused(stuck, "end", key="kanaloa.illegal.must_discard")
    act(stuck, "discard KULU", "end")


def test_A_22_kane_scores_in_a_last_turn():
    state = final_position("ALOA-DALI:R", gods=True, player=BETTY, stones={"DALI": "KANE"},
                           hands={BETTY: ["ELOI"]})
    act(state, "build DALI-ELOI ELOI")
    assert scores(state)["R"] == 1


def test_A_23_round_one_stones_from_the_first_turn_after_the_first_scoring():
    state = position("ALOA-DALI:Y", gods=True, player=MATEO, stones={"DALI": "PELE"},
                     hands={MATEO: ["ELOI"], BETTY: ["COCO"]}, display=["KULU"], talon=[])
    act(state, "build DALI-ELOI ELOI")
    assert state.view(None)["tablets"][MATEO]["PELE"] == 1 and "pele" not in legal(state)
    act(state, "take KULU")
    act(state, "draw", "draw", "draw")
    assert state.to_move() == [MATEO] and "pele" in legal(state)


def test_A_24_kanaloa_with_a_card_of_an_end_or_two_kanaloa():
    state = position("ALOA-BAFI:R", gods=True, round=2, player=MATEO,
                     tablets={MATEO: ["KANALOA"]}, hands={MATEO: ["BAFI", "COCO"]})
    assert {m for m in legal(state) if m.startswith("replace")} == {
        "replace ALOA-BAFI BAFI KANALOA"}
    refused(state, "replace ALOA-BAFI COCO KANALOA", key="kanaloa.illegal.card_not_an_end")
    refused(state, "replace ALOA-BAFI KANALOA KANALOA", key="kanaloa.illegal.no_stone")


def test_A_25_pele_gives_back_at_once_any_card_skipping_empty_hands():
    state = position(gods=True, round=2, player=ADAM, tablets={ADAM: ["PELE"]},
                     hands={ADAM: ["ALOA"], MATEO: ["BAFI"]})
    act(state, "pele")
    assert state.view(None)["pending"] == {"kind": "give", "to": [MATEO]}
    assert legal(state) == {"give 0 ALOA", "give 0 BAFI"}
    act(state, "give 0 BAFI")
    assert hand(state, MATEO) == ["BAFI"] and hand(state, ADAM) == ["ALOA"]


def test_A_26_ku_must_take_a_card():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["KU"]},
                     hands={KAYLA: ["JEKA"]})
    act(state, "ku 3")
    assert legal(state) == {"steal JEKA"}


def test_A_27_lono_taking_the_last_card_of_round_two():
    state = position(gods=True, round=2, player=BETTY, tablets={BETTY: ["LONO"]},
                     display=["RASI"], talon=[], hands={BETTY: ["ALOA"]})
    act(state, "lono take RASI")
    assert state.view(None)["final_phase"] is False and state.to_move() == [BETTY]
    assert "end" in legal(state) and "draw" not in legal(state)
    act(state, "build BAFI-RASI RASI")
    events = act(state, "end")
    assert keys(events) == ["kanaloa.end_turn", "kanaloa.round_end", "kanaloa.final_phase"]
    assert state.view(None)["last_turn_played"] == [False] * 4 and hand(state, BETTY) == ["ALOA"]
    assert state.to_move() == [ADAM]


def test_A_28_the_excess_is_discarded_face_down_before_the_draw():
    test_GD_14_above_the_limit_play_down_or_discard_the_excess()


def test_A_29_any_number_of_stones_in_one_turn():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["KU", "LONO", "PELE"]},
                     hands={BETTY: ["ALOA", "BAFI"]})
    act(state, "ku 1", "steal ALOA", "lono draw", "pele", "give 1 ALOA")
    assert state.view(None)["tablets"][MATEO] == {g: 0 for g in GODS}


def test_A_30_two_players_stones_with_either_colour():
    test_GD_5_stones_belong_to_the_player_whatever_his_colour()


def test_A_31_two_players_kane_points_go_to_the_capturing_colour():
    state = position("ALOA-DALI:R", players=2, gods=True, player=0, stones={"DALI": "KANE"},
                     hands={0: ["ELOI"]})
    act(state, "colour 1", "build DALI-ELOI ELOI")
    assert scores(state) == {"Y": 0, "R": 1, "G": 0, "B": 0}


def test_A_32_no_bridge_is_ever_moved_from_the_board():
    test_KN_24_no_bridge_in_stock_no_build_nor_replacement()


def test_A_33_the_seed_examples_as_separate_turns():
    state = position(round=1, player=BETTY, hands={BETTY: ["ALOA", "DALI", "ELOI", "KULU"],
                                                    MATEO: ["ALOA", "ALOA", "BAFI", "ELOI"]},
                     display=["RASI", "MOTU", "NALU", "FARE"], talon_top=["GAPU"])
    act(state, "build ALOA-BAFI ALOA", "build ALOA-DALI DALI", "take RASI")      # T-1
    act(state, "draw", "draw")                                                  # Adam, Kayla
    act(state, "replace ALOA-BAFI ALOA BAFI", "draw")                           # T-2
    act(state, "build DALI-ELOI ELOI", "draw", "draw", "draw")                  # T-3
    act(state, "build ALOA-COCO ALOA", "build ALOA-ELOI ELOI")                  # T-4
    assert bridges(state) == {"ALOA-BAFI": "Y", "ALOA-COCO": "Y", "ALOA-ELOI": "Y",
                              "DALI-ELOI": "R"}
    assert markers(state) == {"ALOA": "Y"}


def test_A_34_a_stone_captured_in_a_last_turn_goes_to_the_tablet_unused():
    state = final_position("ALOA-DALI:R", gods=True, player=BETTY, stones={"DALI": "LONO"},
                           hands={BETTY: ["ELOI"]})
    act(state, "build DALI-ELOI ELOI")
    assert state.view(None)["tablets"][BETTY]["LONO"] == 1
    assert not any(m.startswith("lono") for m in legal(state))


# -- invariants along random games -----------------------------------------------------------------

@pytest.mark.parametrize("players,gods", SETUPS)
def test_invariants_hold_along_random_games(players, gods):
    colours = 4 if players == 2 else players
    for state in random_states(players, gods, range(2), every=3):
        data = state.to_json()
        cards = (sum(data["hands"], []) + data["talon"] + [c for c in data["display"] if c]
                 + data["discard_face_up"] + sum(data["discard_face_down"], [])
                 + [c for c in data["chosen"] if c])
        assert sorted(cards) == sorted(_all_cards())
        view = state.view(None)
        assert [view["stock"][c] + view["on_board"][c] for c in range(colours)] == [20] * colours
        for island in view["islands"]:
            over = [c for c in range(colours) if island["counts"][c] >= island["needed"]]
            assert island["controller"] == (over[0] if over else None) and len(over) <= 1
            assert sum(island["counts"]) <= island["links"]
            assert island["stone"] is None or island["controller"] is None or state.is_over()
        stones = [i["stone"] for i in view["islands"] if i["stone"]]
        for g, god in enumerate(GODS):
            held = sum(t[god] for t in view["tablets"])
            assert stones.count(god) + held + view["stones_used"][g] == ((8, 2, 2, 2, 2)[g]
                                                                          if gods else 0)
        assert sum(p["points"] for p in view["points"]) == sum(view["scores"])


# -- move notation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text,fields", [
    ("choose ALOA", {"kind": "choose", "card": "ALOA"}),
    ("colour 3", {"kind": "colour", "colour": 3, "colour_name": "blue"}),
    ("build ALOA-BAFI BAFI", {"kind": "build", "link": 0, "ends": ["ALOA", "BAFI"],
                              "card": "BAFI", "kanaloa": 0}),
    ("build ORO-RASI KANALOA", {"kind": "build", "link": 36, "ends": ["ORO", "RASI"],
                                "card": "KANALOA", "kanaloa": 1}),
    ("replace ALOA-BAFI ALOA BAFI", {"kind": "replace", "link": 0, "ends": ["ALOA", "BAFI"],
                                     "cards": ["ALOA", "BAFI"], "kanaloa": 0}),
    ("replace COCO-ORO ORO KANALOA", {"kind": "replace", "link": 11, "ends": ["COCO", "ORO"],
                                      "cards": ["ORO", "KANALOA"], "kanaloa": 1}),
    ("replace COCO-ORO KANALOA KANALOA", {"kind": "replace", "link": 11, "ends": ["COCO", "ORO"],
                                          "cards": ["KANALOA", "KANALOA"], "kanaloa": 2}),
    ("remove BAFI-ORO", {"kind": "remove", "link": 7, "ends": ["BAFI", "ORO"]}),
    ("discard KULU", {"kind": "discard", "card": "KULU"}),
    ("draw", {"kind": "draw"}),
    ("take RASI", {"kind": "take", "card": "RASI"}),
    ("end", {"kind": "end"}),
    ("pass", {"kind": "pass"}),
    ("ku 2", {"kind": "ku", "player": 2}),
    ("steal LANI", {"kind": "steal", "card": "LANI"}),
    ("pele", {"kind": "pele"}),
    ("give 1 ALOA", {"kind": "give", "card": "ALOA", "player": 1}),
    ("lono draw", {"kind": "lono draw"}),
    ("lono take MOTU", {"kind": "lono take", "card": "MOTU"}),
])
def test_notation_round_trip_and_to_dict(text, fields):
    move = KanaloaMove.parse(text)
    assert str(move) == text and KanaloaMove.parse(str(move)) is move
    assert move.to_dict() == {**fields, "text": text}


def test_every_prebuilt_move_round_trips():
    assert len(KanaloaMove.interned) > 500
    for text, move in KanaloaMove.interned.items():
        assert str(move) == text and KanaloaMove.parse(text) is move
        assert json.loads(json.dumps(move.to_dict()))["text"] == text


def test_moves_are_frozen_values():
    move = KanaloaMove.parse("build ALOA-BAFI ALOA")
    with pytest.raises(AttributeError):
        move.link = 3
    assert move == KanaloaMove("build", 0, (0,)) and hash(move) == hash("build ALOA-BAFI ALOA")
    assert copy.deepcopy(move) is move
    with pytest.raises(ValueError):
        KanaloaMove("build", 99, (0,))
    with pytest.raises(ValueError):
        KanaloaMove("ku", target=4)
    with pytest.raises(ValueError):
        KanaloaMove("discard", cards=(16,))


@pytest.mark.parametrize("text,reason", [
    ("", "empty"),
    ("fly", "unknown move"),
    ("Build ALOA-BAFI ALOA", "unknown move"),
    ("build ALOA-BAFI", "takes 2 argument"),
    ("build BAFI-ALOA ALOA", "first island first"),
    ("build ALOA-ORO ALOA", "no link joins"),
    ("build ALOABAFI ALOA", "written like"),
    ("build ALOA-BAFI aloa", "not an island"),
    ("replace ALOA-BAFI BAFI ALOA", "in order"),
    ("replace ALOA-BAFI KANALOA ALOA", "in order"),
    ("discard KANALOA", "not an island"),
    ("take 1", "not an island"),
    ("colour 4", "a number 0-3"),
    ("ku x", "a number 0-3"),
    ("give ALOA 1", "a number 0-3"),
    ("lono", "LONO is written"),
    ("lono fly", "LONO is written"),
    ("draw 1", "takes 0 argument"),
    ("pass now", "takes 0 argument"),
])
def test_parse_errors_are_clear(text, reason):
    with pytest.raises(ValueError, match=reason):
        KanaloaMove.parse(text)
    state = position(player=MATEO, hands={MATEO: ["ALOA"]})
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.play(MATEO, text)
    assert info.value.key == "error.malformed" and state.to_json() == before


# -- illegal moves, turns and reveals --------------------------------------------------------------

def test_only_the_player_to_move_acts():
    state = position(player=BETTY, hands={BETTY: ["ALOA"], MATEO: ["BAFI"]})
    refused(state, "draw", player=MATEO, key="error.not_your_turn")
    refused(state, "draw", player=7, key="error.not_your_turn")
    refused(state, "choose ALOA", key="kanaloa.illegal.not_setup")
    assert state.legal_moves(MATEO) == [] and state.legal_moves(9) == []
    setup = Kanaloa.new(players=2, seed=1)
    refused(setup, "draw", player=0, key="kanaloa.illegal.setup_choose")
    done = final_position(player=MATEO, last=[BETTY, ADAM, KAYLA])
    act(done, "end")
    refused(done, "end", player=MATEO, key="error.game_over")
    assert done.to_move() == [] and all(done.legal_moves(p) == [] for p in range(4))


def test_reveals_the_moves_that_cannot_be_taken_back():
    state = position(gods=True, round=2, player=MATEO)
    revealing = ["draw", "take ALOA", "end", "pass", "ku 1", "steal ALOA", "pele", "give 1 ALOA",
                 "lono draw", "lono take ALOA"]
    assert all(state.reveals(MATEO, m) for m in revealing)
    assert not any(state.reveals(MATEO, m) for m in ("build ALOA-BAFI ALOA", "colour 0",
                                                     "replace ALOA-BAFI ALOA BAFI",
                                                     "remove ALOA-BAFI", "discard ALOA"))
    setup = Kanaloa.new(players=2, seed=3)
    first = setup.legal_moves(0)[0]
    assert setup.reveals(0, first) is False
    setup.play(0, first)
    assert setup.reveals(1, setup.legal_moves(1)[0]) is True


# -- what a player sees ----------------------------------------------------------------------------

def test_view_schema():
    state = position(gods=True, round=2, player=BETTY, hands={BETTY: ["ALOA"]},
                     stones={"ORO": "KU"})
    view = state.view(BETTY)
    assert list(view) == [
        "game", "viewer", "players", "gods", "colours", "phase", "round",
        "final_phase", "first_player", "player", "active_colour", "turn", "pending", "chosen",
        "own_choice", "islands", "links", "stock", "on_board", "markers", "controlled", "hand",
        "hand_sizes", "known_hands", "display", "talon_size", "talon_known", "discard_face_up",
        "discard_face_down", "own_face_down", "tablets", "stones_used", "scores",
        "player_scores", "points", "last_turn_played", "last_turn_order"]
    assert view["islands"][14] == {"name": "ORO", "x": 500, "y": 350, "size": "main", "links": 7,
                                   "needed": 4, "controller": None, "counts": [0, 0, 0, 0],
                                   "stone": "KU"}
    assert view["links"][7] == {"id": 7, "a": "BAFI", "b": "ORO", "owner": None}
    assert view["turn"] == {"fresh": True, "cards_played": 0, "discarded": 0, "must_play": False,
                            "hand_cap": 4, "draw_follows": True, "may_pass": False}
    assert json.loads(json.dumps(view)) == view
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["known_hands"] is None
    assert spectator["own_face_down"] is None and spectator["talon_known"] is None
    with pytest.raises(ValueError):
        state.view(4)


def test_known_hands_follow_face_up_takes_plays_and_discards():
    state = position(player=MATEO, hands={MATEO: ["ALOA", "BAFI", "COCO"]},
                     display=["ALOA", "DALI", "ELOI", "FARE"], talon_top=["GAPU"])
    act(state, "take ALOA")
    assert state.view(BETTY)["known_hands"][MATEO] == ["ALOA"]
    act(state, "draw", "draw", "draw")
    act(state, "build ALOA-BAFI ALOA")
    assert state.view(BETTY)["known_hands"][MATEO] == []
    state = position(player=MATEO, hands={MATEO: ["ALOA", "ALOA", "BAFI"]},
                     known={BETTY: {MATEO: ["ALOA", "ALOA"]}})
    act(state, "discard BAFI")
    assert state.view(BETTY)["known_hands"][MATEO] == ["ALOA"], "the hidden card may be an ALOA"


def test_talon_known_after_the_reshuffle():
    state = position(player=MATEO, display=["RASI"], talon=[], hands={MATEO: ["ALOA"]},
                     face_down={MATEO: ["KULU"], BETTY: ["JEKA"]})
    face_up = state.view(None)["discard_face_up"]
    act(state, "take RASI")
    display = state.view(None)["display"]
    for viewer, own in ((MATEO, ["KULU"]), (BETTY, ["JEKA"]), (ADAM, [])):
        seen = face_up + own
        expected = sorted(c for c in ISLANDS
                          for _ in range(max(0, seen.count(c) - display.count(c))))
        assert state.view(viewer)["talon_known"] == expected
    # A refill shows a card leaving the talon; a blind draw by another hides which.
    before = state.view(ADAM)["talon_known"]
    act(state, "draw")                                    # Betty draws blind
    after = state.view(ADAM)["talon_known"]
    assert all(after.count(c) == max(0, before.count(c) - 1) for c in ISLANDS)
    twin = state.determinize(ADAM, Rng(5))
    assert all(after.count(c) <= twin.to_json()["talon"].count(c) for c in ISLANDS)


# -- determinize -----------------------------------------------------------------------------------

def test_determinize_keeps_the_view_and_resamples_the_rest():
    state = position("ALOA-BAFI:Y", round=2, player=BETTY, hands={
        MATEO: ["COCO", "DALI"], BETTY: ["ELOI"], ADAM: ["FARE", "GAPU", "HONU"]},
        known={BETTY: {ADAM: ["GAPU"]}}, face_down={KAYLA: ["INOA"], BETTY: ["JEKA"]})
    worlds = set()
    for seed in range(12):
        twin = state.determinize(BETTY, Rng(seed))
        assert twin.view(BETTY) == state.view(BETTY)
        assert twin.legal_moves(BETTY) == state.legal_moves(BETTY)
        data = twin.to_json()
        assert "GAPU" in data["hands"][ADAM] and len(data["hands"][ADAM]) == 3
        assert data["discard_face_down"][BETTY] == ["JEKA"]
        KanaloaState.from_json(data)
        worlds.add(json.dumps(data))
    assert len(worlds) > 1


def test_determinize_takes_back_the_others_secret_choices():
    state = Kanaloa.new(players=3, seed=40)
    for p in (1, 2):
        state.play(p, state.legal_moves(p)[0])
    assert state.to_move() == [0]
    twin = state.determinize(0, Rng(1))
    assert twin.to_move() == [0, 1, 2]
    assert twin.view(0)["chosen"] == [False, False, False]
    assert twin.view(0)["hand_sizes"] == [4, 4, 4]
    assert twin.view(0)["hand"] == state.view(0)["hand"]
    own = state.determinize(1, Rng(1))
    assert own.view(1)["own_choice"] == state.view(1)["own_choice"]
    assert own.view(1)["chosen"] == [False, True, False]
    KanaloaState.from_json(twin.to_json())


def test_determinize_keeps_what_ku_showed():
    state = position(gods=True, round=2, player=MATEO, tablets={MATEO: ["KU"]},
                     hands={ADAM: ["COCO", "HONU", "LANI"]})
    act(state, "ku 2")
    for seed in range(5):
        twin = state.determinize(MATEO, Rng(seed))
        assert twin.to_json()["hands"][ADAM] == ["COCO", "HONU", "LANI"]
        other = state.determinize(BETTY, Rng(seed))
        assert {str(m) for m in other.legal_moves(MATEO)} == {
            f"steal {c}" for c in other.to_json()["hands"][ADAM]}
        KanaloaState.from_json(other.to_json())


def test_determinize_does_not_touch_the_original():
    state = Kanaloa.new(players=4, seed=41, gods=True)
    before = state.to_json()
    for p in range(4):
        state.determinize(p, Rng(p))
    assert state.to_json() == before


# -- JSON ------------------------------------------------------------------------------------------

def test_json_round_trip_along_random_games():
    for players, gods in SETUPS:
        for state in random_states(players, gods, [7], every=5):
            data = state.to_json()
            again = KanaloaState.from_json(json.loads(json.dumps(data)))
            assert again.to_json() == data
            for viewer in state.to_move():
                assert again.legal_moves(viewer) == state.legal_moves(viewer)


def test_json_round_trip_keeps_the_future():
    state = Kanaloa.new(players=3, seed=42, gods=True)
    rng = Rng(5)
    for _ in range(150):
        p = state.to_move()[0]
        state.play(p, rng.choice(state.legal_moves(p)))
    copy_ = KanaloaState.from_json(state.to_json())
    rng_a, rng_b = Rng(8), Rng(8)
    while not state.is_over():
        p = state.to_move()[0]
        state.play(p, rng_a.choice(state.legal_moves(p)))
        copy_.play(p, rng_b.choice(copy_.legal_moves(p)))
    assert copy_.to_json() == state.to_json()


def mutated(change, **kw):
    data = position(**kw).to_json() if kw else Kanaloa.new(players=4, seed=3).to_json()
    change(data)
    return data


BAD = [
    ("JSON object", None, {}),
    ("missing", lambda d: d.pop("talon"), {}),
    ("unknown field", lambda d: d.update(extra=1), {}),
    ("not a Kanaloa position", lambda d: d.update(game="kahuna"), {}),
    ("players must be", lambda d: d.update(players=5), {}),
    ("phase must be", lambda d: d.update(phase="lunch"), {}),
    ("round must be", lambda d: d.update(round=3), {}),
    ("rng", lambda d: d.update(rng=-1), {}),
    ("not a link", lambda d: d["bridges"][0].append("ALOA-ORO"), dict(player=0)),
    ("more than one bridge", lambda d: d["bridges"][1].append("ALOA-BAFI"),
     dict(player=0, bridges={0: ["ALOA-BAFI"]})),
    ("not an island", lambda d: d["hands"][0].append("MOON"), {}),
    ("4 slots", lambda d: d.update(display=d["display"][:3]), dict(player=0)),
    ("display slot is empty", lambda d: d["discard_face_up"].append(d["display"][0]) or
     d["display"].__setitem__(0, None), dict(player=0)),
    ("does not hold", lambda d: d["known"][1].__setitem__(0, ["ALOA"]), dict(player=0)),
    ("not in the talon", lambda d: d["talon_known"].__setitem__(0, ["ALOA"] * 3),
     dict(player=0, round=2)),
    ("sum of the points", lambda d: d.update(scores=[1, 0, 0, 0]), dict(player=0)),
    ("GD-3", lambda d: d.update(gods=True) or d["stones"].__setitem__(3, "KU"),
     dict(player=0, bridges={1: ["ALOA-DALI", "DALI-ELOI"]})),
    ("more than 2 KU", lambda d: d["tablets"][0].update(KU=3), dict(player=0, gods=True)),
    ("KANE is never", lambda d: d["tablets"][0].update(KANE=1), dict(player=0, gods=True)),
    ("last_turn_order", lambda d: d.update(last_turn_order=[2]), dict(player=0)),
    ("KN-23", lambda d: d["hands"].__setitem__(1, [d["discard_face_up"].pop() for _ in range(6)]),
     dict(player=0, talon=0)),
    ("result", lambda d: d.update(result={"scores": []}), dict(player=0)),
    ("TP-3", lambda d: d.update(colour=3), dict(player=0, players=2)),
    ("KN-16", lambda d: d.update(pending={"kind": "remove", "islands": ["BAFI"]}),
     dict(player=0)),
]


@pytest.mark.parametrize("message,change,kw", BAD,
                         ids=[f"{i}-{m}" for i, (m, _, _) in enumerate(BAD)])
def test_from_json_refuses_bad_data(message, change, kw):
    data = None if change is None else mutated(change, **kw)
    with pytest.raises(BadState, match=message):
        KanaloaState.from_json(data)


def test_from_position_places_every_card():
    with pytest.raises(BadState, match="not placed anywhere"):
        position(display=["ALOA"], talon=[], discard=[])
    state = position(player=MATEO, hands={MATEO: ["ALOA"]}, talon=5)
    assert state.view(None)["talon_size"] == 5 and len(state.view(None)["discard_face_up"]) == 38
