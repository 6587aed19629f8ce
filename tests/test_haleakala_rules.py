"""Haleakala: one or more tests per numbered rule of docs/rules/haleakala.md.

Each test name carries the rule id it checks (``test_H_24_...``) and, where a
test pins down one of the spec's resolutions of section 8, that id too
(``A_05``). Positions are written explicitly with
``HaleakalaState.from_position``; the last test checks that every rule id of
the spec has a test.
"""

import copy
import json
import re
from pathlib import Path

import pytest

from pygame_core import GAMES, BadState, GameError, IllegalMove, Rng
from pygame_core.engine import event_for
from pygame_core.games.haleakala import (
    DECK_COMPOSITION, KINDS, SHAMAN_REACH, SPACE_NAMES, Haleakala, HaleakalaMove, HaleakalaState)
from pygame_core.games.haleakala import hints as haleakala_hints
from pygame_core.games.haleakala.tables import (
    ADJACENT, HUTS, JETTY, SPACE_INDEX, TACTICAL_COMPOSITION, ccw, cw)

from haleakala_helpers import (
    R, Y, act, act_all, craters, deck_sizes, decider, destinations, discs, final_scoring_position,
    keys, legal, params, player, position, random_game_log, random_states, refused, section, slots,
    statues, view)

HEIGHTS = {"B": 0, "M": 1, "F": 2, "Mt": 3, "C": 4}


def height(name):
    return HEIGHTS[name.rstrip("012345")]


def kind_counts(names):
    return {k: names.count(k) for k in KINDS if names.count(k)}


def all_cards(state):
    """Every palm card of the position, by kind (decks, slots, collections,
    shells, discard)."""
    data = state.to_json()
    names = [c for d in data["decks"] for c in d] + [c for row in data["slots"] for c in row if c]
    names += data["collections"][0] + data["collections"][1] + data["discard"]
    names += ["SHELL"] * sum(data["shells"])
    return kind_counts(names)


def first_scoring(**kw):
    """Red sails to section 4 (B(4): R2 only, two STATUE cards) and the refill
    draws the last 2-palm card: the first scoring starts in Red's turn."""
    kw.setdefault("craters", {0: 4})
    beaches = dict(kw.pop("beaches", {}))
    beaches[4] = {R: [2]}
    state = position(boat=3, to_move=R, slots={4: ["STATUE", "STATUE"]}, beaches=beaches,
                     decks=(0, kw.pop("deck2", ["STATUE"]), kw.pop("deck3", None)), **kw)
    events = act(state, "place 1 3")
    return state, events


# -- the game's static facts -------------------------------------------------------------------------

def test_game_facts():
    assert GAMES["haleakala"] is Haleakala
    assert Haleakala.id == "haleakala" and Haleakala.players == (2,)
    assert Haleakala.title == {"fr": "Haleakala", "en": "Haleakala"}
    assert Haleakala.options == {"tactical": False, "eruption": True}
    assert Haleakala.Move is HaleakalaMove and Haleakala.State is HaleakalaState
    assert Haleakala.hints is haleakala_hints
    assert HaleakalaState.players == 2


def test_unknown_options_and_player_counts_are_refused():
    with pytest.raises(GameError):
        Haleakala.new(players=2, seed=1, volcano=True)
    with pytest.raises(GameError):
        Haleakala.new(players=3, seed=1)
    with pytest.raises(GameError):
        Haleakala.new(players=2, seed=1, tactical="yes")
    with pytest.raises(GameError):
        Haleakala.new(seed=1, first_player=2)
    with pytest.raises(GameError):
        Haleakala.new(seed=1, max_turns=0)


# -- components (C-1 to C-13, 2.4 to 2.6) ---------------------------------------------------------------

def test_C_1_G_2_six_sections_of_sea_beach_meadow_forest_mountain_crater():
    state = Haleakala.new(seed=1)
    spaces = view(state)["spaces"]
    assert len(spaces) == 30 and len(view(state)["sections"]) == 6
    assert [s["terrain"] for s in spaces[:5]] == ["beach", "meadow", "forest", "mountain", "crater"]
    assert [s["id"] for s in spaces if s["section"] == 4] == ["B4", "M4", "F4", "Mt4", "C4"]
    assert view(state)["boat"] in range(6), "the sea is the boat's track, one per section"


def test_C_2_C_7_C_8_the_score_board():
    board = view(Haleakala.new(seed=1))["score_board"]
    assert [(c["id"], c["cost"], c["owner"]) for c in board["score_cards"]] == [
        ("SC_BUTTERFLY", 1, None), ("SC_MAJORITY", 1, None), ("SC_SECTION", 1, None),
        ("SC_FOREST", 2, None), ("SC_MOUNTAIN", 2, None)]
    assert board["priestess_up"] is True and board["priestess_cost"] == 1


def test_C_3_C_13_A_38_boat_and_unbounded_score_track():
    state = Haleakala.new(seed=1)
    assert view(state)["boat"] == 0 and view(state)["scores"] == [0, 0]
    late = final_scoring_position(scores=(48, 49), statues={Y: ["Mt1", "Mt2"]})
    act(late, "place 3 0")
    assert late.result()["scores"] == [54, 49], "past 50 the score keeps counting"


def test_C_4_D_4_four_lava_discs_that_stack():
    assert view(Haleakala.new(seed=1))["lava_supply"] == 4
    state = position(craters={2: 4})
    assert craters(state) == [0, 0, 4, 0, 0, 0] and view(state)["lava_supply"] == 0
    with pytest.raises(BadState, match="only 4 lava discs"):
        position(craters={2: 3, 4: 2})


def test_C_5_P_3_first_player_is_an_input_or_drawn_from_the_seed():
    assert Haleakala.new(seed=4, first_player=0).to_move() == [0]
    assert Haleakala.new(seed=4, first_player=1).to_move() == [1]
    drawn = [Haleakala.new(seed=seed).to_move()[0] for seed in range(40)]
    assert set(drawn) == {0, 1}
    assert drawn == [Rng.from_seed(seed).below(2) for seed in range(40)]
    state = Haleakala.new(seed=5, first_player=1)
    assert view(state)["first_player"] == 1


def test_C_6_A_20_A_21_A_44_deck_composition():
    assert [sum(c) for c in DECK_COMPOSITION] == [15, 12, 15]
    by_kind = {k: [c[i] for c in DECK_COMPOSITION] for i, k in enumerate(KINDS)}
    assert by_kind["LAVA"] == [0, 4, 4] and by_kind["PRIESTESS"][0] == 0
    assert by_kind["NAUTILUS"] == [0, 0, 1]
    assert sum(by_kind["PEARL_B"]) == 1 and sum(by_kind["PEARL_W"]) == 1
    assert {k: sum(v) for k, v in by_kind.items()} == {
        "STATUE": 12, "PRIESTESS": 5, "SHELL": 7, "FISH1": 2, "FISH2": 2, "FISH3": 1, "FISH4": 1,
        "FISH5": 1, "PEARL_W": 1, "PEARL_B": 1, "NAUTILUS": 1, "LAVA": 8}
    state = Haleakala.new(seed=3)
    assert all_cards(state) == {k: sum(v) for k, v in by_kind.items()}
    data = state.to_json()
    assert kind_counts(data["decks"][2]) == {k: v[2] for k, v in by_kind.items() if v[2]}
    assert kind_counts(data["decks"][1]) == {k: v[1] for k, v in by_kind.items() if v[1]}


def test_C_9_C_10_C_11_C_12_each_players_pieces():
    state = Haleakala.new(seed=2)
    for p in (Y, R):
        info = player(state, p)
        assert info["statue_supply"] == 8 and info["statues_on_board"] == 0
        assert info["reserve"] == [1, 2, 3, 4, 5]
        assert info["invocation"] is None, "C-12: the invocation disc is for the tactical variant"
        assert info["shaman"] in ("B1", "B4")
    tactical = Haleakala.new(seed=2, tactical=True)
    assert [player(tactical, p)["invocation"] for p in (Y, R)] == ["reserve", "reserve"]


# -- the island (G-1 to G-7) ----------------------------------------------------------------------------

def test_G_1_sections_clockwise():
    assert [cw(s) for s in range(6)] == [1, 2, 3, 4, 5, 0]
    assert [ccw(s) for s in range(6)] == [5, 0, 1, 2, 3, 4]


def test_G_3_two_card_slots_per_section():
    state = Haleakala.new(seed=1)
    assert all(len(section(state, s)["slots"]) == 2 for s in range(6))
    assert sum(c is not None for s in range(6) for c in slots(state, s)) == 12


def test_G_4_A_30_landmarks():
    assert JETTY == 0 and [SPACE_NAMES[h] for h in HUTS] == ["B1", "B4"]


def test_G_5_A_28_orthogonal_adjacency_only():
    def names(space):
        return {SPACE_NAMES[i] for i in ADJACENT[SPACE_INDEX[space]]}
    assert names("M2") == {"B2", "F2", "M1", "M3"}
    assert names("B0") == {"M0", "B5", "B1"}
    assert names("C3") == {"Mt3", "C2", "C4"}
    assert "F1" not in names("M2") and "C5" not in names("C2"), "no diagonal, nothing across"


def test_G_6_A_27_the_boat_starts_at_the_jetty_and_anchors_at_its_beach():
    state = Haleakala.new(seed=1, first_player=0)
    assert view(state)["boat"] == 0
    act(state, "place 1 0")                   # B(0) is where the boat is anchored: action 1b
    assert view(state)["boat"] == 1


def test_G_7_lava_moves_between_neighbouring_craters_only():
    for text in ("lava 0 3", "lava 0 2", "lava 2 5"):
        with pytest.raises(ValueError, match="not next to"):
            HaleakalaMove.parse(text)
    assert str(HaleakalaMove.parse("lava 0 5")) == "lava 0 5"


# -- pieces (D-1 to D-4) --------------------------------------------------------------------------------

def test_D_1_A_43_numbered_discs_one_to_five():
    state = Haleakala.new(seed=1)
    assert sum(player(state, Y)["reserve"]) == 15
    for boat in range(6):
        for v in range(1, 6):
            assert (boat + v) % 6 != boat, "a boat move never ends where it started"


def test_D_2_C_12_the_invocation_disc_counts_zero():
    state = position(tactical=True, boat=0, to_move=Y, beaches={0: {R: [2]}})
    refused(state, "place 2 0 invoke", match="equal sums")
    assert "place 3 0 invoke" in legal(state)
    act(state, "place 3 0 invoke")
    assert section(state, 0)["sums"] == [3, 2]


def test_D_3_one_statue_per_space_from_a_supply_of_eight():
    with pytest.raises(BadState, match="two statues"):
        position(statues={Y: ["M1"], R: ["M1"]})
    state = position(statues={Y: ["M0", "F0"]})
    assert player(state, Y)["statue_supply"] == 6 and player(state, Y)["statues_on_board"] == 2


# -- the board Priestess (BP-1 to BP-4) ------------------------------------------------------------------

def yellow_gets_a_shell(**kw):
    state = position(boat=0, to_move=Y, slots={2: ["SHELL", "SHELL"]}, beaches={2: {Y: [1]}}, **kw)
    act(state, "place 2 0")
    return state


def test_BP_1_the_board_priestess_costs_a_shell_and_acts_at_once():
    state = yellow_gets_a_shell(craters={4: 1})
    events = act(state, "buy priestess")
    assert params(events, "haleakala.buy") == [{"item": "BOARD_PRIESTESS", "cost": 1}]
    assert view(state)["phase"] == "lava" and decider(state) == Y
    assert view(state)["pending"] == {"source": "board"}
    act(state, "lava 4 5")
    assert craters(state) == [0, 0, 0, 0, 0, 1]


def test_BP_2_bought_even_without_lava_to_move():
    state = yellow_gets_a_shell()
    events = act(state, "buy priestess")
    assert keys(events)[:2] == ["haleakala.buy", "haleakala.priestess_idle"]
    assert player(state, Y)["shells"] == 0 and state.to_move() == [R]
    declined = yellow_gets_a_shell(craters={4: 1})
    act(declined, "buy priestess", "decline")
    assert craters(declined)[4] == 1 and view(declined)["score_board"]["priestess_up"] is False


def test_BP_3_face_down_until_round_two():
    state, _ = first_scoring(priestess_up=False, shells=(1, 1))
    assert view(state)["phase"] == "buy"
    assert "buy priestess" not in legal(state)
    act(state, "pass", "pass")
    assert view(state)["round"] == 2 and view(state)["score_board"]["priestess_up"] is True


def test_BP_4_the_board_priestess_is_never_kept():
    state = yellow_gets_a_shell()
    act(state, "buy priestess")
    assert player(state, Y)["score_cards"] == []
    assert state.to_json()["score_cards"] == [None] * 5


# -- set-up (P-1 to P-10) ------------------------------------------------------------------------------

def test_P_1_each_player_takes_their_pieces():
    view_ = view(Haleakala.new(seed=9))
    for info in view_["players"]:
        assert (info["statue_supply"], info["reserve"], info["score"], info["shells"]) == \
            (8, [1, 2, 3, 4, 5], 0, 0)
        assert info["collection"] == [] and info["score_cards"] == []


def test_P_2_shamans_start_on_their_huts():
    state = Haleakala.new(seed=9)
    assert [player(state, p)["shaman"] for p in (Y, R)] == ["B1", "B4"]


def test_P_4_the_shuffles_follow_the_seed():
    assert Haleakala.new(seed=11).to_json() == Haleakala.new(seed=11).to_json()
    assert Haleakala.new(seed=11).to_json()["decks"] != Haleakala.new(seed=12).to_json()["decks"]
    assert Haleakala.new(seed="abc").to_json() == Haleakala.new(seed="abc").to_json()


@pytest.mark.parametrize("tactical", [False, True])
def test_P_5_A_37_twelve_one_palm_cards_dealt_in_slot_order(tactical):
    for first in (None, 0, 1):
        rng = Rng.from_seed(21)
        if first is None:
            rng.below(2)
        composition = TACTICAL_COMPOSITION if tactical else DECK_COMPOSITION
        decks = []
        for counts in composition:
            deck = [k for k in range(len(KINDS)) for _ in range(counts[k])]
            rng.shuffle(deck)
            decks.append(deck)
        expected_slots = [KINDS[decks[0].pop()] for _ in range(12)]
        data = Haleakala.new(seed=21, first_player=first, tactical=tactical).to_json()
        assert [c for row in data["slots"] for c in row] == expected_slots
        assert data["decks"] == [[KINDS[k] for k in reversed(d)] for d in decks]
        assert len(data["decks"][0]) == 3


def test_P_6_I_1_decks_face_down_counts_and_contents_only():
    state = Haleakala.new(seed=5)
    decks = view(state)["decks"]
    assert [d["count"] for d in decks] == [3, 12, 15]
    assert decks[1]["contents"] == {"FISH4": 1, "PEARL_B": 1, "SHELL": 1, "STATUE": 3,
                                    "PRIESTESS": 2, "LAVA": 4}
    text = json.dumps(view(state))
    order = state.to_json()["decks"][2]
    assert json.dumps(order) not in text


def test_P_7_P_8_P_9_P_10_the_rest_of_the_set_up():
    state = Haleakala.new(seed=6, first_player=1)
    v = view(state)
    assert all(c["owner"] is None for c in v["score_board"]["score_cards"])
    assert v["score_board"]["priestess_up"] is True
    assert v["boat"] == 0
    assert v["lava_supply"] == 4 and all(s["lava"] == 0 for s in v["sections"])
    assert v["round"] == 1 and state.to_move() == [1] and v["phase"] == "turn"


# -- the turn (H-1 to H-7) ------------------------------------------------------------------------------

def test_H_1_A_35_turns_alternate_also_after_the_first_scoring():
    state = position(to_move=Y)
    error = refused(state, "place 1 2", player=R)
    assert error.key == "error.not_your_turn"
    act(state, "place 1 2", "stay")
    assert state.to_move() == [R]
    scoring, _ = first_scoring()
    assert view(scoring)["round"] == 2 and scoring.to_move() == [Y], "Red triggered it: Yellow plays"


def test_H_2_one_action_and_no_passing():
    state = Haleakala.new(seed=3, first_player=0)
    moves = legal(state)
    assert all(m.startswith("place ") for m in moves) and len(moves) == 30
    refused(state, "stay", key="haleakala.illegal.expect_turn")
    refused(state, "pass", key="haleakala.illegal.expect_turn")


def test_H_3_A_01_A_02_the_sum_rule():
    state = position(to_move=Y, beaches={2: {R: [1, 3]}, 3: {Y: [2], R: [5]}})
    refused(state, "place 4 2", match="equal sums")
    assert "place 4 2" not in legal(state) and "place 5 2" in legal(state)
    refused(state, "place 3 3", match="equal sums")       # 2 + 3 = 5
    red = position(to_move=R, beaches={2: {R: [1, 3], Y: [3]}, 5: {R: [4]}})
    refused(red, "take 1", match="equal sums")            # taking back too
    assert "take 4" in legal(red), "A-01: a beach left with no disc is exempt"


def test_H_4_action_1a_then_the_shaman():
    state = position(boat=0, to_move=Y)
    events = act(state, "place 4 3")
    assert events == [{"key": "haleakala.place", "player": Y, "params": {"value": 4, "beach": 3}}]
    assert view(state)["boat"] == 0 and view(state)["phase"] == "shaman"
    assert discs(state, 3) == {Y: [4], R: []}


def test_H_5_A_04_action_1b_sails_without_a_shaman_move():
    state = position(boat=1, to_move=R)
    act(state, "place 3 1")
    assert view(state)["boat"] == 4 and discs(state, 1) == {Y: [], R: [3]}
    assert state.to_move() == [Y] and view(state)["phase"] == "turn"


def test_H_6_taking_back_an_own_disc_from_any_beach():
    state = position(boat=2, to_move=Y, beaches={2: {Y: [5]}, 4: {R: [1]}})
    refused(state, "take 1", key="haleakala.illegal.not_on_beach")
    assert {m for m in legal(state) if m.startswith("take")} == {"take 5"}
    events = act(state, "take 5")
    assert params(events, "haleakala.take_back") == [{"value": 5, "beach": 2}]
    assert view(state)["phase"] == "shaman" and view(state)["boat"] == 2
    assert discs(state, 4) == {Y: [], R: [1]}


def test_H_7_A_03_A_48_moving_the_boat_by_one():
    everywhere = {0: {Y: [1]}, 1: {Y: [2]}, 2: {Y: [3]}, 3: {Y: [4]}, 5: {Y: [5]}}
    state = position(boat=3, to_move=Y, beaches=everywhere)
    assert "boat" in legal(state) and "take 1" in legal(state), "action 3 is never compulsory"
    events = act(state, "boat")
    assert view(state)["boat"] == 4 and events[0]["key"] == "haleakala.row"
    assert view(state)["phase"] == "turn" and state.to_move() == [R], "no shaman move, no disc"
    assert player(state, Y)["reserve"] == [], "action 3 places nothing (A-03)"


# -- the shaman (H-8 to H-14) -----------------------------------------------------------------------------

def test_H_8_A_29_the_shaman_move_is_optional():
    state = position(to_move=Y)
    act(state, "place 1 3")
    assert "stay" in legal(state) and destinations(state) == {"M0", "M1", "M2"}
    events = act(state, "stay")
    assert events == [{"key": "haleakala.stay", "player": Y, "params": {}}]
    assert player(state, Y)["shaman"] == "B1" and state.to_move() == [R]


def test_H_9_only_meadows_forests_and_mountains():
    for start, reach in enumerate(SHAMAN_REACH):
        for d in reach:
            assert 1 <= height(SPACE_NAMES[d]) <= 3, (SPACE_NAMES[start], SPACE_NAMES[d])
    # Never across a crater: from Mt(0) the way to Mt(3) is long, and C(0) is not a step.
    assert "C0" not in {SPACE_NAMES[d] for d in SHAMAN_REACH[SPACE_INDEX["Mt0"]]}
    with pytest.raises(IllegalMove):
        position(to_move=Y, shamans={Y: "Mt0"}).play(Y, "shaman C0")


def test_H_10_at_most_one_step_up():
    for start, reach in enumerate(SHAMAN_REACH):
        h = height(SPACE_NAMES[start])
        assert all(height(SPACE_NAMES[d]) <= h + 1 for d in reach)
    assert "Mt1" not in {SPACE_NAMES[d] for d in SHAMAN_REACH[SPACE_INDEX["M1"]]}
    assert "M0" in {SPACE_NAMES[d] for d in SHAMAN_REACH[SPACE_INDEX["Mt0"]]}, "two steps down"


def test_H_11_pass_the_other_shaman_but_never_stop_there():
    state = position(to_move=Y, shamans={Y: "M1", R: "M2"})
    act(state, "place 1 4")
    assert "M3" in destinations(state) and "M2" not in destinations(state)
    refused(state, "shaman M2", match="H-11", key="haleakala.illegal.shaman_there")


def test_H_12_statues_never_block_a_shaman():
    state = position(to_move=Y, shamans={Y: "M1"}, statues={R: ["M2", "M3"], Y: ["F1"]})
    act(state, "place 1 4")
    assert {"M2", "M3", "F1"} <= destinations(state)
    act(state, "shaman M3")
    assert player(state, Y)["shaman"] == "M3"


def test_H_13_back_to_the_start_is_no_move():
    assert all(start not in reach for start, reach in enumerate(SHAMAN_REACH))
    state = position(to_move=Y, shamans={Y: "F2"})
    act(state, "place 1 4")
    refused(state, "shaman F2", key="haleakala.illegal.out_of_reach")


def test_H_14_only_the_shaman_move_moves_a_shaman():
    for seed in range(6):
        _, log = random_game_log(seed, tactical=bool(seed % 2))
        for before, p, move, events in log:
            after_shamans = None
            if move.kind == "shaman":
                continue
            # every other decision leaves both shamans where they were
            copy_ = before.clone()
            copy_.play(p, move)
            after_shamans = [player(copy_, q)["shaman"] for q in (Y, R)]
            assert after_shamans == [player(before, q)["shaman"] for q in (Y, R)]


# -- the boat (H-15, H-16) --------------------------------------------------------------------------------

def test_H_15_clockwise_sections_passed_are_untouched():
    state = position(boat=4, to_move=Y, beaches={5: {Y: [1]}, 0: {R: [2]}, 1: {Y: [3]}})
    before = [slots(state, s) for s in (5, 0, 1, 2)]
    act(state, "place 5 4")
    assert view(state)["boat"] == 3
    assert [slots(state, s) for s in (5, 0, 1, 2)] == before
    assert discs(state, 5) == {Y: [1], R: []} and discs(state, 0) == {Y: [], R: [2]}


def test_H_16_the_arrival_runs_where_the_boat_stops():
    state = position(boat=1, to_move=R, beaches={4: {R: [1]}}, slots={4: ["SHELL", "SHELL"]})
    events = act(state, "place 3 1")
    assert params(events, "haleakala.take_card")[0]["section"] == 4


# -- the arrival procedure, distribution, return, refill (H-20 to H-37) ----------------------------------

def test_H_20_the_steps_of_the_arrival_in_order():
    state = position(tactical=True, boat=0, to_move=Y, invocation={R: 3},
                     beaches={3: {R: [1]}}, slots={3: ["SHELL", "SHELL"]}, shells=(0, 0))
    events = act(state, "place 3 0 invoke")
    assert keys(events) == ["haleakala.sail_invoke", "haleakala.summon", "haleakala.invocation_back",
                            "haleakala.take_card"]
    assert view(state)["phase"] == "buy" and decider(state) == R
    events = act(state, "pass")
    assert keys(events) == ["haleakala.pass", "haleakala.discs_back", "haleakala.refill"]


def test_H_21_H_25_V_4_A_33_only_numbered_discs_on_that_beach_make_takers():
    state = position(tactical=True, boat=0, to_move=Y, invocation={R: 2}, beaches={1: {R: [4]}})
    events = act(state, "place 2 0")          # sails to 2, where only Red's invocation disc lies
    assert keys(events)[1:3] == ["haleakala.invocation_back", "haleakala.no_taker"]
    assert discs(state, 1) == {Y: [], R: [4]}


def test_H_22_case_3_no_disc_no_card():
    state = position(boat=0, to_move=Y)
    before = slots(state, 2)
    events = act(state, "place 2 0")
    assert keys(events) == ["haleakala.sail", "haleakala.no_taker"]
    assert slots(state, 2) == before


def test_H_23_A_42_case_2_exactly_one_card():
    state = position(boat=0, to_move=Y, beaches={2: {Y: [1, 3]}}, slots={2: ["FISH1", "SHELL"]})
    act(state, "place 2 0")
    assert legal(state) == {"pick 0", "pick 1"}
    act(state, "pick 1")
    assert slots(state, 2)[0] == "FISH1" and player(state, Y)["collection"] == []
    assert player(state, Y)["shells"] == 1


def test_H_24_A_05_A_07_case_1_higher_sum_first_identical_cards_stay():
    state = position(boat=0, to_move=R, beaches={5: {Y: [1, 2], R: [4]}}, slots={5: ["FISH2", "FISH1"]})
    act(state, "place 5 0")
    assert decider(state) == R and view(state)["pending"]["second_taker"] == Y
    events = act(state, "pick 1")
    assert [(e["player"], e["params"]["card"]) for e in events if e["key"] == "haleakala.take_card"] \
        == [(R, "FISH1"), (Y, "FISH2")]
    same = position(boat=0, to_move=R, beaches={5: {Y: [1, 2], R: [4]}}, slots={5: ["SHELL", "SHELL"]})
    events = act(same, "place 5 0")
    assert params(events, "haleakala.identical") == [{"section": 5, "card": "SHELL"}]
    assert [e["player"] for e in events if e["key"] == "haleakala.take_card"] == [R]


def test_H_24_A_06_a_single_card_goes_to_the_first_taker():
    state = position(round=2, decks=(0, 0, 0), craters={0: 4}, boat=0, to_move=R,
                     beaches={3: {Y: [2], R: [1]}}, slots={3: [None, "FISH4"]})
    events = act(state, "place 3 0")
    assert [(e["player"], e["params"]["card"]) for e in events if e["key"] == "haleakala.take_card"] \
        == [(Y, "FISH4")]
    assert "haleakala.identical" not in keys(events)
    assert slots(state, 3) == [None, None]


def test_H_26_taking_is_compulsory():
    state = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["STATUE", "PRIESTESS"]})
    act(state, "place 2 0")
    assert legal(state) == {"pick 0", "pick 1"}, "no refusing"
    events = act(state, "pick 0")
    assert keys(events)[:2] == ["haleakala.take_card", "haleakala.statue_beach"]
    assert view(state)["discard"]["STATUE"] >= 1


def test_H_27_A_47_each_card_resolved_before_the_next_is_taken():
    state = position(boat=0, to_move=Y, beaches={2: {Y: [5], R: [1]}}, slots={2: ["PRIESTESS", "SHELL"]},
                     craters={4: 1})
    act(state, "place 2 0", "pick 0")
    assert view(state)["phase"] == "lava" and decider(state) == Y
    assert slots(state, 2) == [None, "SHELL"], "Red waits for Yellow's Priestess"
    events = act(state, "lava 4 3")
    assert keys(events)[:2] == ["haleakala.lava_move", "haleakala.take_card"]
    assert decider(state) == R and view(state)["phase"] == "buy"


def test_H_30_every_disc_on_the_beach_goes_back():
    state = position(boat=0, to_move=Y, beaches={2: {Y: [3, 4], R: [1, 5]}, 3: {R: [2]}},
                     slots={2: ["STATUE", "STATUE"]})
    events = act(state, "place 2 0")          # 7 > 6, identical cards: Red receives nothing
    assert params(events, "haleakala.discs_back") == [{"beach": 2, "values": [3, 4]},
                                                       {"beach": 2, "values": [1, 5]}]
    assert discs(state, 2) == {Y: [], R: []} and discs(state, 3) == {Y: [], R: [2]}
    assert discs(state, 0) == {Y: [2], R: []}


def test_H_32_refill_slot_zero_then_one_from_the_first_deck_with_cards():
    state = position(boat=1, to_move=Y, slots={3: ["FISH1", "FISH2"]}, beaches={3: {Y: [3], R: [1]}},
                     decks=(["SHELL", "STATUE"], ["PRIESTESS", "..."], None))
    act(state, "place 2 1")
    events = act(state, "pick 0")
    assert [(r["slot"], r["card"], r["palms"]) for r in params(events, "haleakala.refill")] == \
        [(0, "SHELL", 1), (1, "STATUE", 1)]
    assert deck_sizes(state) == [0, 12, 15]


def test_H_33_H_36_lava_cards_are_replaced_on_the_spot():
    state = position(boat=1, to_move=Y, slots={3: ["FISH1", "FISH1"]}, beaches={3: {Y: [3]}},
                     decks=(0, ["LAVA", "LAVA", "LAVA", "SHELL", "..."], None))
    events = act(state, "place 2 1")
    assert keys(events)[-4:] == ["haleakala.lava_card"] * 3 + ["haleakala.refill"]
    assert params(events, "haleakala.lava_card") == [{"section": 3}] * 3
    assert craters(state) == [0, 0, 0, 3, 0, 0] and view(state)["discard"]["LAVA"] == 3


def test_H_36_A_25_a_lava_card_with_no_disc_left_is_only_discarded():
    # Unreachable with the designed decks (four LAVA cards a round for four
    # discs): the position is forced by hand to check the robustness clause.
    state = position(boat=1, to_move=Y, slots={3: ["FISH1", "FISH1"]}, beaches={3: {Y: [3]}},
                     decks=(0, ["LAVA", "SHELL", "..."], None))
    state.craters = [4, 0, 0, 0, 0, 0]
    events = act(state, "place 2 1")
    assert "haleakala.lava_card_idle" in keys(events)
    assert state.craters == [4, 0, 0, 0, 0, 0] and slots(state, 3)[0] == "SHELL"


def test_H_34_empty_decks_leave_slots_empty():
    state = position(round=2, decks=(0, 0, 0), craters={0: 4}, boat=0, to_move=R,
                     beaches={3: {Y: [2]}}, slots={3: ["FISH4", "FISH5"]})
    act(state, "place 3 0", "pick 0")
    assert slots(state, 3) == [None, "FISH5"]
    assert not state.is_over()


def test_H_35_A_22_A_46_the_first_scoring_inside_the_refill():
    state = position(boat=2, to_move=R, slots={4: ["FISH1", "FISH2"]}, beaches={4: {Y: [3], R: [1]}},
                     decks=(0, ["FISH4"], ["PRIESTESS", "SHELL", "..."]), craters={0: 4})
    events = act(state, "place 2 2", "pick 0")
    k = keys(events)
    assert k.index("haleakala.refill") < k.index("haleakala.scoring") < k.index("haleakala.round_two")
    later = [e["params"] for e in events[k.index("haleakala.round_two"):]
             if e["key"] in ("haleakala.refill", "haleakala.lava_card")]
    assert later == [{"section": 4, "slot": 1, "card": "PRIESTESS", "palms": 3}]
    assert slots(state, 4) == ["FISH4", "PRIESTESS"] and state.to_move() == [Y]
    # the last 2-palm card may be LAVA and still starts the scoring.
    lava, events = first_scoring(deck2=["LAVA"], craters={0: 3}, deck3=["SHELL", "STATUE", "..."])
    k = keys(events)
    assert k.index("haleakala.lava_card") < k.index("haleakala.scoring")
    assert slots(lava, 4) == ["SHELL", "STATUE"] and view(lava)["round"] == 2


def test_H_37_A_24_only_the_boats_section_is_refilled():
    state = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["SHELL", "SHELL"]})
    others = {s: slots(state, s) for s in (0, 1, 3, 4, 5)}
    act(state, "place 2 0", "pass")
    assert {s: slots(state, s) for s in (0, 1, 3, 4, 5)} == others
    assert None not in slots(state, 2)


# -- card effects and purchases (H-40 to H-47) --------------------------------------------------------------

def test_H_40_collected_cards_stay_across_rounds():
    state, _ = first_scoring(collections={Y: ["FISH2", "PEARL_B"], R: ["FISH4"]})
    assert view(state)["round"] == 2
    assert player(state, Y)["collection"] == ["FISH2", "PEARL_B"]
    assert player(state, R)["collection"] == ["FISH4"]


def test_H_41_A_08_the_statue_card_is_a_choice_raise_it_or_not():
    """The rulebook's Statue card "peut ériger" a statue, as the Priestess may
    move a lava disc: the taker raises it on the shaman's space or not (A-08
    read it as compulsory; the project follows the rulebook's "peut")."""
    def take_statue():
        state = position(boat=0, to_move=Y, beaches={2: {Y: [1]}},
                         slots={2: ["STATUE", "STATUE"]}, shamans={Y: "Mt3"})
        discarded = view(state)["discard"].get("STATUE", 0)
        return state, act(state, "place 2 0"), discarded
    state, events, _ = take_statue()
    assert keys(events) == ["haleakala.sail", "haleakala.take_card"]
    assert view(state)["phase"] == "statue" and view(state)["pending"] == {"space": "Mt3"}
    assert decider(state) == Y and legal(state) == {"raise", "noraise"}
    refused(state, "pass", key="haleakala.illegal.expect_statue")
    events = act(state, "raise")
    assert keys(events)[0] == "haleakala.statue" and params(events, "haleakala.statue") == [{"space": "Mt3"}]
    assert statues(state)[Y] == {"Mt3"} and player(state, Y)["statue_supply"] == 7
    assert decider(state) == R, "the turn goes on after the choice: discs back, refill, next turn"
    state, _, discarded = take_statue()
    events = act(state, "noraise")
    assert keys(events)[0] == "haleakala.statue_declined"
    assert params(events, "haleakala.statue_declined") == [{"space": "Mt3"}]
    assert statues(state)[Y] == set() and player(state, Y)["statue_supply"] == 8
    assert view(state)["discard"]["STATUE"] == discarded + 1 and decider(state) == R


def test_H_41_A_41_a_statue_card_that_cannot_build_asks_nothing():
    def take_statue(**kw):
        state = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["STATUE", "STATUE"]},
                         **kw)
        return state, act(state, "place 2 0")
    for kw, key in ((dict(), "haleakala.statue_beach"),
                    (dict(shamans={Y: "Mt3"}, statues={Y: ["Mt3"]}), "haleakala.statue_taken"),
                    (dict(shamans={Y: "Mt3"}, statues={Y: ["M0"]}, destroyed=(7, 0)),
                     "haleakala.statue_none_left")):
        state, events = take_statue(**kw)
        assert key in keys(events) and "haleakala.statue" not in keys(events)
        assert decider(state) == R


def test_H_42_A_09_A_39_the_priestess_moves_one_disc_of_a_stack_or_none():
    state = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["PRIESTESS", "PRIESTESS"]},
                     craters={0: 3})
    act(state, "place 2 0")
    assert legal(state) == {"decline", "lava 0 5", "lava 0 1"}
    refused(state, "lava 3 2", key="haleakala.illegal.no_lava_there")
    act(state, "lava 0 5")
    assert craters(state) == [2, 0, 0, 0, 0, 1]
    idle = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["PRIESTESS", "PRIESTESS"]})
    events = act(idle, "place 2 0")
    assert "haleakala.priestess_idle" in keys(events) and idle.to_move() == [R]


def test_H_43_A_10_one_purchase_per_shell_received():
    state = yellow_gets_a_shell(shells=(3, 0))
    assert view(state)["pending"]["reason"] == "shell"
    act(state, "buy forest")
    assert player(state, Y)["shells"] == 2 and state.to_move() == [R], "no second purchase"
    # Outside these moments nothing can be bought.
    refused(state, "buy butterfly", key="haleakala.illegal.expect_turn")


def test_H_44_paying_with_shells_a_two_shell_card_needs_a_kept_shell():
    state = yellow_gets_a_shell()
    assert legal(state) == {"pass", "buy butterfly", "buy majority", "buy section", "buy priestess"}
    refused(state, "buy mountain", match="costs 2", key="haleakala.illegal.too_few_shells")
    discard = view(state)["discard"].get("SHELL", 0)
    act(state, "buy section")
    assert player(state, Y)["shells"] == 0 and view(state)["discard"]["SHELL"] == discard + 1
    assert player(state, Y)["score_cards"] == ["SC_SECTION"]


def test_H_45_an_owned_score_card_is_not_for_sale():
    state = yellow_gets_a_shell(score_cards={R: ["SC_BUTTERFLY"]}, shells=(1, 0))
    assert "buy butterfly" not in legal(state)
    refused(state, "buy butterfly", key="haleakala.illegal.unavailable")


def test_H_46_any_number_of_score_cards():
    state = yellow_gets_a_shell(score_cards={Y: ["SC_BUTTERFLY", "SC_MAJORITY", "SC_FOREST"]}, shells=(1, 0))
    act(state, "buy mountain")
    assert player(state, Y)["score_cards"] == ["SC_BUTTERFLY", "SC_MAJORITY", "SC_FOREST", "SC_MOUNTAIN"]


def test_H_47_one_discard_pile_never_reshuffled():
    for seed in range(4):
        state = Haleakala.new(seed=seed)
        rng = Rng.from_seed(seed)
        last = {}
        while not state.is_over():
            p = state.to_move()[0]
            state.play(p, rng.choice(state.legal_moves(p)))
            now = view(state)["discard"]
            assert all(now.get(k, 0) >= n for k, n in last.items())
            assert set(now) <= {"STATUE", "PRIESTESS", "SHELL", "LAVA"}
            last = now


# -- the end of the turn (H-50 to H-53) ---------------------------------------------------------------------

def test_H_50_the_turn_ends_after_the_shaman_or_after_the_refill():
    state = position(to_move=Y)
    act(state, "place 1 3")
    assert state.to_move() == [Y]
    act(state, "shaman M1")
    assert state.to_move() == [R] and view(state)["phase"] == "turn"
    sail = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["FISH1", "FISH1"]})
    events = act(sail, "place 2 0")
    assert keys(events)[-1] == "haleakala.refill" and sail.to_move() == [R]


def test_H_51_a_legal_action_always_exists():
    # Red has a disc on five beaches; Yellow, with every disc in reserve, still has one.
    state = position(to_move=Y, beaches={b: {R: [b + 1]} for b in range(5)})
    assert legal(state)
    assert {m for m in legal(state) if m.startswith("place 1 ")} == {"place 1 1", "place 1 2",
                                                                     "place 1 3", "place 1 4", "place 1 5"}
    for state in random_states(range(8), every=3, tactical=True):
        if not state.is_over():
            assert state.legal_moves(state.to_move()[0])


def test_H_52_decisions_only_where_there_is_a_choice():
    phases = set()
    for seed in range(10):
        _, log = random_game_log(seed)
        for before, p, move, _ in log:
            phase = view(before)["phase"]
            phases.add(phase)
            n = len(before.legal_moves(p))
            if phase == "pick":
                b = view(before)["boat"]
                assert n == 2 and len(set(slots(before, b))) == 2, "a choice between two different cards"
            elif phase in ("lava", "buy"):
                assert n >= 2, "a decision offers more than declining or passing"
            elif phase in ("shaman", "statue"):
                assert n >= 2
    assert phases == {"turn", "shaman", "pick", "lava", "buy", "statue"}


def test_H_53_A_36_the_optional_turn_limit():
    state = Haleakala.new(seed=4, first_player=0, max_turns=3)
    for move in ("place 1 2", "stay", "place 1 3", "stay", "place 2 4", "stay"):
        act(state, move)
    assert state.is_over()
    result = state.result()
    assert result["breakdown"]["truncated"] is True
    assert [s["round"] for s in result["breakdown"]["scorings"]] == [2]
    assert view(state)["max_turns"] == 3
    assert Haleakala.new(seed=4).to_json()["max_turns"] is None
    for seed in range(3):
        final, _ = random_game_log(seed)
        assert final.result()["breakdown"]["truncated"] is False


# -- scorings (S-1 to S-25, E-1 to E-7) ------------------------------------------------------------------------

def test_S_1_1_the_first_scoring_follows_the_last_two_palm_card():
    state, events = first_scoring()
    assert params(events, "haleakala.scoring") == [{"round": 1}]
    assert deck_sizes(state)[1] == 0


def test_S_1_2_A_23_the_second_scoring_when_the_boat_stops_at_an_empty_section():
    parked = {Y: ["NAUTILUS", "FISH5"]}       # two cards fewer in the slots
    state = final_scoring_position(slots={3: [None, None], 4: [None, None]}, collections=parked)
    act(state, "place 2 0")                   # the boat stops at 2, which holds cards
    assert not state.is_over()
    state = final_scoring_position(slots={3: [None, None], 4: [None, None]}, collections=parked)
    act(state, "place 5 0")                   # passes the empty 3 and 4, stops at 5
    assert not state.is_over()
    act(state, "place 4 5")                   # Yellow: from 5 to 3, empty
    assert state.is_over()


def test_S_1_3_round_two_starts_after_the_first_scoring():
    state = position(to_move=Y)
    assert view(state)["round"] == 1
    scored, _ = first_scoring()
    assert view(scored)["round"] == 2 and len(view(scored)["scorings"]) == 1


def test_S_2_purchases_then_eruption_then_points():
    state, _ = first_scoring(shells=(1, 0), statues={Y: ["Mt0"]}, craters={0: 4})
    events = act(state, "buy butterfly")
    assert keys(events)[:5] == ["haleakala.buy", "haleakala.scoring", "haleakala.eruption",
                                "haleakala.burn", "haleakala.score"]
    assert view(state)["scores"] == [0, 0]


def test_S_3_A_11_one_purchase_each_before_the_scoring():
    state, _ = first_scoring(shells=(2, 2))
    assert decider(state) == Y and view(state)["pending"]["reason"] == "scoring"
    act(state, "buy mountain")
    assert decider(state) == R and view(state)["phase"] == "buy"
    assert "buy mountain" not in legal(state) and "buy forest" in legal(state)
    act(state, "buy butterfly")
    assert view(state)["round"] == 2 and player(state, R)["shells"] == 1
    assert [p["score_cards"] for p in view(state)["scorings"][0]["players"]] == [
        [{"card": "SC_MOUNTAIN", "points": 0, "detail": 0}],
        [{"card": "SC_BUTTERFLY", "points": 0, "detail": 0}]]
    # Without a shell, nobody is asked.
    quiet, events = first_scoring()
    assert "haleakala.scoring" in keys(events) and view(quiet)["round"] == 2


def test_E_1_A_12_an_eruption_at_every_scoring_in_both_games():
    state, events = first_scoring(statues={R: ["F0"]})
    assert "haleakala.eruption" in keys(events) and statues(state)[R] == set()
    tactical, events = first_scoring(tactical=True, craters={2: 1}, statues={Y: ["M2"]})
    assert "haleakala.burn" in keys(events) and statues(tactical)[Y] == set()
    off, events = first_scoring(eruption=False, statues={R: ["F0"]})
    assert "haleakala.eruption" not in keys(events) and statues(off)[R] == {"F0"}
    assert craters(off) == [0] * 6, "the lava still leaves the island (S-20)"


def test_E_2_each_disc_a_flow_in_its_own_section():
    state = final_scoring_position(craters={1: 2, 5: 1, 0: 1},
                                   statues={Y: ["Mt1", "F1", "M1", "Mt0"], R: ["Mt5", "F5", "Mt2"]})
    events = act(state, "place 3 0")
    assert [e["params"]["space"] for e in events if e["key"] == "haleakala.burn"] == \
        ["Mt0", "Mt1", "F1", "Mt5"]
    assert statues(state) == {Y: {"M1"}, R: {"F5", "Mt2"}}


def test_E_3_A_13_A_15_the_flow_burns_and_stops_statues_go_to_the_box():
    state = final_scoring_position(craters={2: 1, 0: 3}, statues={Y: ["F2"], R: ["M2"]})
    act(state, "place 3 0")
    assert statues(state) == {Y: set(), R: {"M2"}}
    assert player(state, Y)["statue_supply"] == 7 and player(state, Y)["statues_destroyed"] == 1


def test_E_4_k_discs_burn_the_k_highest_unprotected_statues():
    state = final_scoring_position(craters={2: 4}, statues={Y: ["Mt2", "M2"], R: ["F2"]},
                                   shamans={R: "F2"})
    act(state, "place 3 0")
    assert statues(state) == {Y: set(), R: {"F2"}}


def test_E_2_to_E_5_the_eruption_event_tells_every_flow():
    """The board replays the eruption from its event alone: the lava of each
    crater, then each flow and what it met on the way down."""
    state = final_scoring_position(craters={2: 3, 4: 1}, statues={Y: ["Mt2", "M2"], R: ["F2"]},
                                   shamans={R: "F2"})
    events = act(state, "place 3 0")
    eruption = next(e for e in events if e["key"] == "haleakala.eruption")["params"]
    assert eruption["lava"] == 4 and eruption["craters"] == [0, 0, 3, 0, 1, 0]
    empty = lambda space: {"space": space, "outcome": "empty"}
    guarded = {"space": "F2", "outcome": "protected", "owner": R}
    assert eruption["flows"] == [
        {"section": 2, "visits": [{"space": "Mt2", "outcome": "burn", "owner": Y}]},
        {"section": 2, "visits": [empty("Mt2"), guarded, {"space": "M2", "outcome": "burn", "owner": Y}]},
        {"section": 2, "visits": [empty("Mt2"), guarded, empty("M2")]},
        {"section": 4, "visits": [empty("Mt4"), empty("F4"), empty("M4")]},
    ]


def test_E_5_A_14_any_shaman_protects_only_its_own_space():
    state = final_scoring_position(craters={2: 1, 0: 3}, statues={Y: ["Mt2", "F2"]}, shamans={R: "Mt2"})
    act(state, "place 3 0")
    assert statues(state)[Y] == {"Mt2"}, "Red's shaman protects Yellow's statue, not the next one"


def test_E_6_lava_goes_back_to_the_supply():
    state = final_scoring_position(craters={2: 1, 0: 3})
    act(state, "place 3 0")
    assert craters(state) == [0] * 6 and view(state)["lava_supply"] == 4


def test_E_7_a_burned_space_is_ordinary_again():
    state, events = first_scoring(statues={Y: ["M0"]}, shamans={Y: "M1"})
    assert params(events, "haleakala.burn") == [{"space": "M0"}]
    act(state, "place 1 2", "shaman M0")
    assert player(state, Y)["shaman"] == "M0"


def test_S_10_S_14_S_16_A_21_what_each_scoring_counts():
    state, _ = first_scoring(shells=(0, 2))
    act(state, "pass")
    first = view(state)["scorings"][0]["players"][R]
    assert first["shells"] == 2 and first["shell_points"] == 0
    final = final_scoring_position(collections={Y: ["NAUTILUS"]}, shells=(3, 0))
    act(final, "place 3 0", "pass")
    yellow = view(final)["scorings"][-1]["players"][Y]
    assert (yellow["nautilus_points"], yellow["shell_points"]) == (3, 3)
    assert view(final)["scores"][Y] == 6


def test_S_11_statues_score_by_terrain_at_both_scorings():
    state, _ = first_scoring(statues={Y: ["M1", "F1", "Mt1"]})
    assert view(state)["scores"] == [6, 0]
    assert statues(state)[Y] == {"M1", "F1", "Mt1"}, "statues stay after scoring"


def test_S_12_A_18_fish_baskets_are_summed():
    state = final_scoring_position(collections={Y: ["FISH5"], R: ["FISH1", "FISH1", "FISH2"]})
    act(state, "place 3 0")
    last = view(state)["scorings"][-1]["players"]
    assert [last[0]["baskets"], last[1]["baskets"]] == [5, 4]
    assert [last[0]["fish_points"], last[1]["fish_points"]] == [3, 0]
    nothing = final_scoring_position()
    act(nothing, "place 3 0")
    assert nothing.result()["scores"] == [0, 0], "0-0 is a tie: nobody scores"


@pytest.mark.parametrize("pearls,points", [(["PEARL_W"], 1), (["PEARL_B"], 2),
                                           (["PEARL_B", "PEARL_W"], 4)])
def test_S_13_pearls(pearls, points):
    state = final_scoring_position(collections={Y: pearls})
    act(state, "place 3 0")
    assert view(state)["scorings"][-1]["players"][Y]["pearl_points"] == points


def test_S_15_A_16_A_17_A_19_score_cards_by_their_formula():
    state = final_scoring_position(
        statues={Y: ["M1", "F1", "Mt1", "M2", "F2", "Mt4"], R: ["Mt2", "M5", "F5", "Mt5"]},
        score_cards={Y: ["SC_SECTION", "SC_MAJORITY", "SC_BUTTERFLY"], R: ["SC_FOREST", "SC_MOUNTAIN"]},
        collections={Y: ["FISH1", "FISH3", "PEARL_W"]}, shells=(0, 0))
    act(state, "place 3 0")
    players = view(state)["scorings"][-1]["players"]
    assert players[Y]["score_cards"] == [
        {"card": "SC_BUTTERFLY", "points": 2, "detail": 2},         # FISH1 and PEARL_W
        {"card": "SC_MAJORITY", "points": 4, "detail": ["meadow", "forest"]},   # mountains 2-2
        {"card": "SC_SECTION", "points": 4, "detail": [1]}]         # section 2 is mixed
    assert players[R]["score_cards"] == [
        {"card": "SC_FOREST", "points": 2, "detail": 1},
        {"card": "SC_MOUNTAIN", "points": 6, "detail": 2}]
    with pytest.raises(BadState, match="exists once"):
        final_scoring_position(score_cards={Y: ["SC_SECTION"], R: ["SC_SECTION"]})


def test_S_17_one_statue_counts_for_several_cards():
    state = final_scoring_position(statues={Y: ["M1", "F1", "Mt1"]},
                                   score_cards={Y: ["SC_SECTION", "SC_MOUNTAIN", "SC_FOREST"]})
    act(state, "place 3 0")
    assert view(state)["scores"][Y] == 6 + 4 + 3 + 2


def test_S_20_A_34_round_two_preparation():
    state, _ = first_scoring(score_cards={Y: ["SC_FOREST"], R: ["SC_MAJORITY"]}, priestess_up=False,
                             beaches={1: {Y: [3]}, 5: {R: [5]}}, statues={Y: ["M3"]},
                             shamans={Y: "F3"}, collections={Y: ["FISH2"]}, shells=(0, 0))
    v = view(state)
    assert v["round"] == 2 and all(c["owner"] is None for c in v["score_board"]["score_cards"])
    assert v["score_board"]["priestess_up"] is True and v["lava_supply"] == 4
    assert discs(state, 1) == {Y: [3], R: []} and discs(state, 5) == {Y: [], R: [5]}
    assert statues(state)[Y] == {"M3"} and player(state, Y)["shaman"] == "F3"
    assert player(state, Y)["collection"] == ["FISH2"] and v["boat"] == 4
    assert v["first_player"] == 0 and v["scores"] == [4, 0]


def test_S_25_A_40_the_winner_and_the_tie_breaks():
    state = final_scoring_position(scores=(10, 12), statues={Y: ["M1", "F1"]})
    act(state, "place 3 0")
    assert state.result()["winners"] == [Y] and state.result()["reason"] == "points"
    # statues are counted after the second eruption.
    tied = final_scoring_position(scores=(13, 13), statues={Y: ["Mt0", "M1"], R: ["M4"]},
                                  first_player=Y, craters={0: 4})
    act(tied, "place 3 0")
    result = tied.result()
    assert result["scores"] == [14, 14] and result["breakdown"]["statues_on_board"] == [1, 1]
    assert result["winners"] == [R] and result["reason"] == "second_player", \
        "Yellow's burned Mt(0) no longer counts"
    even = final_scoring_position(scores=(10, 10), first_player=R)
    act(even, "place 3 0")
    assert even.result()["winners"] == [Y] and even.result()["reason"] == "second_player"
    assert even.result()["breakdown"]["first_player"] == R


# -- hidden information (I-1 to I-4) --------------------------------------------------------------------------

def test_I_1_only_the_order_of_the_decks_is_hidden():
    state = Haleakala.new(seed=7)
    twin = state.clone()
    twin.decks = [list(reversed(d)) for d in twin.decks]
    assert twin.to_json() != state.to_json()
    for viewer in (None, 0, 1):
        assert twin.view(viewer) == state.view(viewer)


def test_I_2_A_26_everything_else_is_public():
    state = position(shells=(2, 1), collections={Y: ["FISH2"]}, score_cards={R: ["SC_FOREST"]})
    a, b, spectator = state.view(0), state.view(1), state.view(None)
    assert a["players"] == b["players"] == spectator["players"]
    assert [p["shells"] for p in a["players"]] == [2, 1]
    assert {k: v for k, v in a.items() if k != "viewer"} == {k: v for k, v in b.items() if k != "viewer"}


def test_I_3_no_simultaneous_or_secret_choice():
    for state in random_states(range(6), every=2):
        assert len(state.to_move()) <= 1
    _, log = random_game_log(3)
    for _, _, _, events in log:
        assert all("secret_for" not in e for e in events)
        for e in events:
            assert event_for(e, 0) == event_for(e, 1) == e


def test_I_4_randomness_is_the_first_player_and_the_shuffles():
    state, log = random_game_log(12)
    replay = Haleakala.new(seed=12)
    for _, p, move, _ in log:
        replay.play(p, str(move))
    assert replay.to_json() == state.to_json()
    mid = log[len(log) // 2][0]
    copy_ = mid.determinize(mid.to_move()[0], Rng(5))
    a, b = mid.to_json(), copy_.to_json()
    assert {k for k in a if a[k] != b[k]} <= {"decks"}
    assert [sorted(d) for d in a["decks"]] == [sorted(d) for d in b["decks"]]


# -- the tactical variant (V-1 to V-9) ---------------------------------------------------------------------------

def test_V_1_tactical_set_up():
    state = Haleakala.new(seed=8, tactical=True)
    assert deck_sizes(state) == [3, 8, 11]
    assert "LAVA" not in all_cards(state) and view(state)["box"] == {"LAVA": 8}
    assert [player(state, p)["invocation"] for p in (Y, R)] == ["reserve", "reserve"]


def test_V_2_the_invocation_disc_only_with_action_1b():
    state = position(tactical=True, boat=2, to_move=Y)
    invokes = {m for m in legal(state) if m.endswith("invoke")}
    assert invokes == {f"place {v} 2 invoke" for v in range(1, 6)}
    refused(state, "place 1 3 invoke", key="haleakala.illegal.invoke_off_boat")
    base = position(boat=2, to_move=Y)
    refused(base, "place 1 2 invoke", key="haleakala.illegal.not_tactical")
    act(state, "place 4 2 invoke")
    assert view(state)["boat"] == 0 and section(state, 2)["invocation"] == [True, False]
    assert discs(state, 2) == {Y: [4], R: []}
    later = position(tactical=True, boat=2, to_move=Y, invocation={Y: 5})
    refused(later, "place 1 2 invoke", key="haleakala.illegal.invocation_away")


def test_V_3_A_32_summoned_lava_and_the_full_island():
    state = position(tactical=True, boat=0, to_move=Y, craters={1: 3})
    events = act(state, "place 3 0 invoke")
    assert params(events, "haleakala.summon") == [{"section": 3}]
    assert craters(state) == [0, 3, 0, 1, 0, 0]
    full = position(tactical=True, boat=0, to_move=Y, craters={1: 4})
    events = act(full, "place 3 0 invoke")
    assert "haleakala.summon_idle" in keys(events) and craters(full) == [0, 4, 0, 0, 0, 0]
    assert player(full, Y)["invocation"] == 0
    # Lava comes before the second-scoring check, so it erupts at once.
    last = final_scoring_position(tactical=True, statues={R: ["Mt3"]})
    events = act(last, "place 3 0 invoke")
    assert keys(events)[:3] == ["haleakala.sail_invoke", "haleakala.summon", "haleakala.empty_section"]
    assert params(events, "haleakala.burn") == [{"space": "Mt3"}]


def test_V_5_A_31_A_45_the_invocation_disc_comes_back():
    state = position(tactical=True, boat=0, to_move=Y, invocation={Y: 3})
    act(state, "place 5 0")                   # passes section 3, stops at 5
    assert player(state, Y)["invocation"] == 3, "passing through does not count"
    board = position(tactical=True, boat=0, to_move=Y, invocation={Y: 4},
                     slots={2: ["SHELL", "SHELL"]}, beaches={2: {Y: [1]}})
    act(board, "place 2 0", "buy priestess")
    assert player(board, Y)["invocation"] == "reserve", "the board Priestess counts too (A-45)"


def test_V_6_A_33_no_taking_back_the_invocation_disc():
    state = position(tactical=True, boat=1, to_move=Y, invocation={Y: 0})
    assert not any(m.startswith("take") for m in legal(state))
    with pytest.raises(IllegalMove):
        state.play(Y, "take 0")


def test_V_7_no_purchase_before_a_tactical_scoring():
    state, events = first_scoring(tactical=True, craters={}, shells=(2, 1))
    assert "haleakala.pass" not in keys(events) and view(state)["round"] == 2
    final = final_scoring_position(tactical=True, shells=(2, 2))
    act(final, "place 3 0")
    assert final.is_over()


def test_V_8_invocation_discs_stay_through_the_scoring():
    state, _ = first_scoring(tactical=True, craters={1: 2}, invocation={Y: 1, R: 5})
    assert view(state)["round"] == 2 and craters(state) == [0] * 6
    assert [player(state, p)["invocation"] for p in (Y, R)] == [1, 5]


def test_V_9_the_priestess_symbol_means_nothing_in_the_base_game():
    state = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["PRIESTESS", "PRIESTESS"]},
                     craters={4: 1})
    events = act_all(state, "place 2 0", "decline")
    assert "haleakala.invocation_back" not in keys(events)
    assert player(state, Y)["invocation"] is None


# -- move notation ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,fields", [
    ("place 3 2", {"kind": "place", "value": 3, "beach": 2, "invoke": False}),
    ("place 5 0 invoke", {"kind": "place", "value": 5, "beach": 0, "invoke": True}),
    ("take 4", {"kind": "take", "value": 4}),
    ("boat", {"kind": "boat"}),
    ("shaman Mt3", {"kind": "shaman", "space": "Mt3", "section": 3, "terrain": "mountain"}),
    ("stay", {"kind": "stay"}),
    ("pick 1", {"kind": "pick", "slot": 1}),
    ("lava 0 5", {"kind": "lava", "crater": 0, "to": 5}),
    ("decline", {"kind": "decline"}),
    ("buy forest", {"kind": "buy", "item": "SC_FOREST", "cost": 2}),
    ("buy priestess", {"kind": "buy", "item": "BOARD_PRIESTESS", "cost": 1}),
    ("pass", {"kind": "pass"}),
])
def test_notation_round_trip_and_to_dict(text, fields):
    move = HaleakalaMove.parse(text)
    assert str(move) == text and move.to_dict() == dict(fields, text=text)
    assert HaleakalaMove.parse("  " + text.replace(" ", "   ") + " ") == move


def test_every_generated_move_round_trips():
    for state in random_states(range(4), tactical=True):
        if not state.is_over():
            for move in state.legal_moves(state.to_move()[0]):
                assert HaleakalaMove.parse(str(move)) is move


def test_moves_are_frozen_values():
    move = HaleakalaMove.parse("take 1")
    with pytest.raises(AttributeError):
        move.a = 2
    assert copy.deepcopy(move) is move


@pytest.mark.parametrize("text,reason", [
    ("", "empty"), ("fly", "unknown move"), ("place", "write a placement"),
    ("place 3", "write a placement"), ("place 6 1", "1 to 5"), ("place 3 6", "0 to 5"),
    ("place 3 1 now", "write a placement"), ("take", "takes 1 argument"), ("take 0", "1 to 5"),
    ("boat 1", "takes 0 argument"), ("shaman", "takes 1 argument"), ("shaman X9", "not a space"),
    ("shaman B1", "only walks"), ("shaman C2", "only walks"), ("pick 2", "0 or 1"),
    ("lava 1", "takes 2 argument"), ("lava 1 3", "not next to"), ("buy", "takes 1 argument"),
    ("buy SC_FOREST", "not for sale"), ("pass now", "takes 0 argument"),
])
def test_parse_errors_are_clear(text, reason):
    with pytest.raises(ValueError, match=reason):
        HaleakalaMove.parse(text)
    state = Haleakala.new(seed=1)
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.play(state.to_move()[0], text)
    assert info.value.key == "error.malformed" and state.to_json() == before


@pytest.mark.parametrize("move,key", [
    ("stay", "haleakala.illegal.expect_turn"), ("pick 0", "haleakala.illegal.expect_turn"),
    ("decline", "haleakala.illegal.expect_turn"), ("pass", "haleakala.illegal.expect_turn"),
    ("boat", "haleakala.illegal.discs_in_reserve"), ("take 2", "haleakala.illegal.not_on_beach"),
])
def test_illegal_moves_leave_the_state_exactly_unchanged(move, key):
    state = Haleakala.new(seed=3, first_player=0)
    refused(state, move, key=key)


def test_wrong_phase_errors_name_the_expected_decision():
    state = position(to_move=Y)
    act(state, "place 1 3")
    refused(state, "place 2 3", key="haleakala.illegal.expect_shaman")
    pick = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["FISH1", "SHELL"]})
    act(pick, "place 2 0")
    refused(pick, "stay", key="haleakala.illegal.expect_pick")
    lava = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["PRIESTESS", "PRIESTESS"]},
                    craters={1: 1})
    act(lava, "place 2 0")
    refused(lava, "pass", key="haleakala.illegal.expect_lava")
    buy = yellow_gets_a_shell()
    refused(buy, "decline", key="haleakala.illegal.expect_buy")


# -- reveals (the undo policy) ------------------------------------------------------------------------------------

def test_reveals_moves_that_draw_cards():
    state = position(boat=0, to_move=Y, beaches={2: {Y: [1]}, 1: {R: [1]}}, slots={2: ["FISH1", "SHELL"]})
    assert state.reveals(Y, "place 3 4") is False
    assert state.reveals(Y, "place 1 0") is False, "Red must first choose a card in section 1"
    assert state.reveals(Y, "place 2 0") is False, "the choice comes before the refill"
    act(state, "place 2 0")
    assert state.reveals(Y, "pick 0") is True
    assert state.reveals(Y, "pick 1") is False, "a purchase is offered first"
    assert state.reveals(Y, "pick 7") is False


# -- views, determinize, saved positions ------------------------------------------------------------------------

def test_view_schema():
    v = Haleakala.new(seed=2, tactical=True).view(0)
    assert set(v) == {"game", "viewer", "active", "phase", "decider", "pending", "round",
                      "turns", "max_turns", "tactical", "eruption", "first_player", "boat",
                      "sections", "spaces", "players", "lava_supply", "decks", "discard", "box",
                      "score_board", "scores", "scorings"}
    assert set(v["sections"][0]) == {"section", "slots", "discs", "sums", "invocation", "lava"}
    assert set(v["players"][0]) == {"colour", "reserve", "invocation", "shaman", "statue_supply",
                                    "statues_on_board", "statues_destroyed", "collection", "baskets",
                                    "butterflies", "shells", "score_cards", "score"}
    assert set(v["spaces"][0]) == {"id", "section", "terrain", "statue", "shaman"}
    json.dumps(v)
    with pytest.raises(ValueError):
        Haleakala.new(seed=2).view(2)


def test_pending_tells_what_is_being_decided():
    state = position(to_move=Y)
    assert view(state)["pending"] is None
    act(state, "place 1 3")
    assert view(state)["pending"] == {"from": "B1"}
    buy = yellow_gets_a_shell()
    assert view(buy)["pending"] == {"reason": "shell", "items": ["SC_BUTTERFLY", "SC_MAJORITY",
                                                                  "SC_SECTION", "BOARD_PRIESTESS"]}


def test_determinize_keeps_the_view_and_is_equal_for_indistinguishable_states():
    for state in random_states(range(3), every=17):
        for p in (0, 1):
            copy_ = state.determinize(p, Rng(3))
            assert copy_.view(p) == state.view(p)
            twin = state.clone()
            twin.decks = [list(reversed(d)) for d in twin.decks]
            assert twin.determinize(p, Rng(3)).to_json() == copy_.to_json()
    original = Haleakala.new(seed=1)
    before = original.to_json()
    original.determinize(0, Rng(1))
    assert original.to_json() == before


def test_result_breakdown_explains_every_point():
    state, _ = random_game_log(5)
    result = state.result()
    scorings = result["breakdown"]["scorings"]
    for p in (0, 1):
        total = 0
        for entry in scorings:
            detail = entry["players"][p]
            parts = (detail["statue_points"] + detail["fish_points"] + detail["pearl_points"]
                     + detail["nautilus_points"] + detail["shell_points"]
                     + sum(c["points"] for c in detail["score_cards"]))
            assert parts == detail["total"] == entry["points"][p]
            assert detail["statue_points"] == sum(s["points"] for s in detail["statues"])
            total += detail["total"]
        assert total == result["scores"][p]
    assert keys(random_game_log(5)[1][-1][3])[-1] == "haleakala.game_over"


def test_json_round_trip_along_random_games():
    for state in random_states(range(3), every=5, tactical=False):
        data = json.loads(json.dumps(state.to_json()))
        again = HaleakalaState.from_json(data)
        assert again.to_json() == state.to_json() and again.view(1) == state.view(1)


def test_from_position_places_every_card_once():
    state = position(collections={Y: ["FISH5"]}, round=2, craters={2: 1})
    assert sum(all_cards(state).values()) == 42
    assert deck_sizes(state) == [0, 0, 13], "FISH5 is collected, one 3-palm LAVA card drawn"
    with pytest.raises(BadState, match="place these cards"):
        position(slots={s: ["STATUE", "STATUE"] for s in range(6)})


def _bad(change):
    data = position(boat=2, to_move=Y, beaches={2: {Y: [3]}}, statues={Y: ["M1"]},
                    shells=(1, 0)).to_json()
    change(data)
    return data


BAD = [
    ("not a Haleakala", lambda d: d.update(game="kahuna")),
    ("missing field", lambda d: d.pop("boat")),
    ("unknown field", lambda d: d.update(extra=1)),
    ("boat must be", lambda d: d.update(boat=6)),
    ("equal sums", lambda d: d["discs"][1].__setitem__(2, 2)),
    ("two statues", lambda d: d["statues"][1].append("M1")),
    ("not a meadow", lambda d: d["statues"][1].append("B3")),
    ("8 statues", lambda d: d["statue_supply"].__setitem__(0, 8)),
    ("hut", lambda d: d["shamans"].__setitem__(0, "C2")),
    ("share a space", lambda d: d.update(shamans=["M1", "M1"])),
    ("only 4 lava", lambda d: d.update(craters=[3, 2, 0, 0, 0, 0])),
    ("LAVA card", lambda d: d.update(craters=[1, 0, 0, 0, 0, 0])),
    ("must be 7 SHELL", lambda d: d["shells"].__setitem__(0, 2)),
    ("never stays in a slot", lambda d: d["slots"][0].__setitem__(0, "LAVA")),
    ("never discarded", lambda d: d["discard"].append("FISH1")),
    ("not a collectible", lambda d: d["collections"][0].append("SHELL")),
    ("untouched", lambda d: d["decks"][0].append(d["decks"][1].pop(3))),
    ("round 2 comes after", lambda d: d.update(round=2)),
    ("invocation discs stay in the box", lambda d: d.update(invocation=["reserve", None])),
    ("waits under the refill", lambda d: d.update(stack=[["end_turn"]])),
    ("nothing waits", lambda d: d.update(stack=[["points", 2, 0]])),
    ("not in an order", lambda d: d.update(phase="lava", stack=[["refill", 2]])),
    ("result must be null", lambda d: d.update(result={"scores": [0, 0]})),
    ("scores must be the sum", lambda d: d.update(scores=[3, 0])),
    ("holds more NAUTILUS", lambda d: d["decks"][2].__setitem__(0, "NAUTILUS")),
]


@pytest.mark.parametrize("message,change", BAD, ids=[m for m, _ in BAD])
def test_from_json_refuses_bad_data(message, change):
    with pytest.raises(BadState, match=message):
        HaleakalaState.from_json(_bad(change))


def test_from_json_checks_decisions_in_progress():
    state = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["FISH1", "SHELL"]})
    act(state, "place 2 0")
    data = state.to_json()
    assert data["phase"] == "pick" and data["stack"] == [["end_turn"], ["refill", 2], ["return", 2]]
    assert HaleakalaState.from_json(copy.deepcopy(data)).to_json() == data
    for change, message in (
            (lambda d: d.update(decider=1), "discs on the boat"),
            (lambda d: d["stack"].append(["second", 1, 2]), "higher sum"),
            (lambda d: d["stack"].insert(0, ["points", 1, 0]), "bottom of the stack"),
            (lambda d: d["stack"].append(["recover", 0]), "tactical"),
            (lambda d: d.update(phase="turn"), "nothing waits"),
            (lambda d: d.update(phase="lava"), "lava on the island")):
        bad = copy.deepcopy(data)
        change(bad)
        with pytest.raises(BadState, match=message):
            HaleakalaState.from_json(bad)


# -- the hints --------------------------------------------------------------------------------------------------

def test_hints_value_points_statues_and_lava():
    base = final_scoring_position(scores=(5, 5))
    assert haleakala_hints.evaluate(base, Y) == pytest.approx(-haleakala_hints.evaluate(base, R))
    ahead = final_scoring_position(scores=(9, 5))
    assert haleakala_hints.evaluate(ahead, Y) > haleakala_hints.evaluate(base, Y)
    statue = final_scoring_position(statues={Y: ["Mt1"]})
    doomed = final_scoring_position(statues={Y: ["Mt1"]}, craters={1: 1, 0: 3})
    assert haleakala_hints.evaluate(statue, Y) > haleakala_hints.evaluate(doomed, Y)


def test_rollout_move_is_legal_in_every_phase_and_beats_random_play():
    phases = set()
    for state in random_states(range(4), every=1, tactical=True):
        if state.is_over():
            continue
        p = state.to_move()[0]
        phases.add(view(state)["phase"])
        move = haleakala_hints.rollout_move(state, p, Rng(len(phases)))
        assert move in state.legal_moves(p)
    assert phases == {"turn", "shaman", "pick", "lava", "buy", "statue"}
    wins = 0
    for seed in range(20):
        state = Haleakala.new(seed=seed)
        rng = Rng(seed)
        policy = seed % 2
        while not state.is_over():
            p = state.to_move()[0]
            move = (haleakala_hints.rollout_move(state, p, rng) if p == policy
                    else rng.choice(state.legal_moves(p)))
            state.play(p, move)
        wins += policy in state.result()["winners"]
    assert wins >= 18


def test_rollout_move_picks_the_better_card_and_steers_lava_away():
    def choices(state):
        return [str(haleakala_hints.rollout_move(state, Y, Rng(seed))) for seed in range(40)]
    pick = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["FISH1", "FISH4"]})
    act(pick, "place 2 0")
    assert choices(pick).count("pick 1") >= 32, "one move in ten may be random"
    lava = position(boat=0, to_move=Y, beaches={2: {Y: [1]}}, slots={2: ["PRIESTESS", "PRIESTESS"]},
                    craters={4: 1}, statues={Y: ["Mt4"], R: ["F5"]})
    act(lava, "place 2 0")
    assert choices(lava).count("lava 4 5") >= 32


# -- every rule has a test ---------------------------------------------------------------------------------------

RULE_IDS = (
    "C-1 C-2 C-3 C-4 C-5 C-6 C-7 C-8 C-9 C-10 C-11 C-12 C-13 G-1 G-2 G-3 G-4 G-5 G-6 G-7 "
    "D-1 D-2 D-3 D-4 BP-1 BP-2 BP-3 BP-4 P-1 P-2 P-3 P-4 P-5 P-6 P-7 P-8 P-9 P-10 "
    "H-1 H-2 H-3 H-4 H-5 H-6 H-7 H-8 H-9 H-10 H-11 H-12 H-13 H-14 H-15 H-16 H-20 H-21 H-22 H-23 "
    "H-24 H-25 H-26 H-27 H-30 H-32 H-33 H-34 H-35 H-36 H-37 H-40 H-41 H-42 H-43 H-44 H-45 H-46 "
    "H-47 H-50 H-51 H-52 H-53 S-1.1 S-1.2 S-1.3 S-2 S-3 E-1 E-2 E-3 E-4 E-5 E-6 E-7 S-10 S-11 "
    "S-12 S-13 S-14 S-15 S-16 S-17 S-20 S-25 I-1 I-2 I-3 I-4 V-1 V-2 V-3 V-4 V-5 V-6 V-7 V-8 V-9"
).split() + [f"A-{n:02d}" for n in range(1, 49)]


def test_every_rule_id_of_the_spec_has_a_test():
    here = Path(__file__).parent
    names = []
    for module in ("test_haleakala_rules.py", "test_haleakala_scenarios.py"):
        names += re.findall(r"^def (test_\w+)", (here / module).read_text("utf-8"), re.M)
    missing = []
    for rule in RULE_IDS:
        token = rule.replace("-", "_").replace(".", "_")
        pattern = re.compile(rf"(?<![A-Za-z0-9]){token}(?![0-9])")
        if not any(pattern.search(name) for name in names):
            missing.append(rule)
    assert missing == []
