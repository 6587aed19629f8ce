"""Haleakala: the test scenarios T-01 to T-42 of docs/rules/haleakala.md, section 9.

Each test builds the scenario's position explicitly with
``HaleakalaState.from_position`` and asserts the exact outcome the spec
states. The spec's conventions hold: base game and round 1 unless stated,
decks large enough, an unnamed drawn card is not LAVA (from_position puts the
LAVA cards of a deck at its bottom), beaches not listed are empty, scores 0.
Where a scenario must say more than the spec (card conservation puts the lava
discs of every LAVA card drawn this round on the island), the extra lava waits
on the crater of a section without statues, where it burns nothing.
"""

import pytest

from pygame_core import IllegalMove
from pygame_core.games.haleakala import Haleakala

from haleakala_helpers import (
    R, Y, act, craters, deck_sizes, decider, destinations, discs, final_scoring_position,
    keys, legal, params, player, position, random_game_log, refused, section, slots, statues, view)


# -- T-01 Seed example: the sum rule ---------------------------------------------------------------

def test_T_01_a_b_sum_rule_when_placing():
    state = position(boat=0, beaches={3: {R: [3]}}, to_move=Y)
    refused(state, "place 3 3", match="equal sums", key="haleakala.illegal.equal_sums")
    assert "place 3 3" not in legal(state)
    act(state, "place 2 3")
    assert discs(state, 3) == {Y: [2], R: [3]}
    assert view(state)["phase"] == "shaman" and decider(state) == Y, "Yellow may now move the shaman"


def test_T_01_c_a_third_disc_cannot_make_the_sums_equal():
    state = position(boat=0, beaches={3: {Y: [2], R: [3]}}, to_move=Y)
    refused(state, "place 1 3", match="H-3")
    assert "place 1 3" not in legal(state) and "place 4 3" in legal(state)


# -- T-02 The sum rule binds taking back (A-02) -----------------------------------------------------

def test_T_02_taking_back_may_not_leave_equal_sums():
    state = position(beaches={2: {R: [1, 3], Y: [3]}}, to_move=R)
    refused(state, "take 1", match="equal sums")
    assert "take 1" not in legal(state)
    act(state, "take 3")
    assert discs(state, 2) == {Y: [3], R: [1]}
    assert player(state, R)["reserve"] == [2, 3, 4, 5]


# -- T-03 An emptied beach is exempt (A-01) -----------------------------------------------------------

def test_T_03_an_empty_beach_is_exempt():
    state = position(boat=0, beaches={5: {R: [4]}}, to_move=R)
    act(state, "take 4", "stay")
    assert discs(state, 5) == {Y: [], R: []}
    act(state, "place 1 5")
    assert discs(state, 5) == {Y: [1], R: []}


# -- T-04 Seed example: the shaman move ----------------------------------------------------------------

def test_T_04_shaman_destinations_from_a_forest():
    state = position(shamans={R: "F2", Y: "F3"}, statues={Y: ["M2"], R: ["F1", "Mt3"]}, to_move=R)
    act(state, "place 1 3")
    assert view(state)["phase"] == "shaman"
    assert destinations(state) == {"M2", "Mt2", "F1", "M1", "M3", "Mt1", "Mt3", "F0", "F4"}
    assert "stay" in legal(state)
    for never in ("F3", "M0", "M4", "Mt0", "Mt4", "F5"):
        refused(state, f"shaman {never}")
    for not_a_move in ("shaman C2", "shaman B2"):
        with pytest.raises(IllegalMove):
            state.play(R, not_a_move)
    act(state, "shaman F4")                   # through Yellow's F(3)
    assert player(state, R)["shaman"] == "F4"


# -- T-05 From the hut: meadows only ---------------------------------------------------------------------

def test_T_05_from_the_beach_only_the_meadows():
    state = position(to_move=R)
    act(state, "place 1 2")
    assert destinations(state) == {"M4", "M3", "M5"}
    refused(state, "shaman F4", match="cannot reach")
    blocked = position(to_move=R, shamans={Y: "M5"})
    act(blocked, "place 1 2")
    assert destinations(blocked) == {"M4", "M3"}


# -- T-06 Two steps down, never into a crater ----------------------------------------------------------------

def test_T_06_from_a_mountain():
    state = position(shamans={Y: "Mt0", R: "M3"}, to_move=Y)
    act(state, "place 1 2")
    assert destinations(state) == {"F0", "Mt1", "Mt5", "M0", "F1", "F5", "Mt2", "Mt4"}


# -- T-07 Seed example: the boat ----------------------------------------------------------------------------

def test_T_07_the_boat_sails_by_the_disc_value():
    state = position(boat=0, to_move=Y)
    events = act(state, "place 2 0")
    assert view(state)["boat"] == 2
    assert discs(state, 0) == {Y: [2], R: []}, "the disc stays on the departure beach"
    assert events[0] == {"key": "haleakala.sail", "player": Y,
                         "params": {"value": 2, "beach": 0, "section": 2}}
    assert events[1] == {"key": "haleakala.no_taker", "params": {"section": 2}}, \
        "the arrival procedure runs at section 2"
    wrap = position(boat=4, to_move=Y)
    act(wrap, "place 5 4")
    assert view(wrap)["boat"] == 3


# -- T-08 Action 3 -----------------------------------------------------------------------------------------------

def test_T_08_a_moving_the_boat_one_section():
    state = position(boat=5, to_move=Y, beaches={0: {Y: [1]}, 1: {Y: [2]}, 2: {Y: [3]},
                                                 3: {Y: [4]}, 4: {Y: [5]}})
    assert "boat" in legal(state)
    events = act(state, "boat")
    assert view(state)["boat"] == 0
    assert events[0]["key"] == "haleakala.row" and events[0]["params"] == {"section": 0}
    assert params(events, "haleakala.take_card")[0]["section"] == 0, "arrival at 0"


def test_T_08_b_not_with_a_disc_in_reserve():
    state = position(boat=5, to_move=Y, beaches={0: {Y: [1]}, 1: {Y: [2]}, 2: {Y: [3]}, 4: {Y: [5]}})
    refused(state, "boat", match="H-7", key="haleakala.illegal.discs_in_reserve")
    assert "boat" not in legal(state)


# -- T-09 Seed example: distribution, case 1 ----------------------------------------------------------------------

def test_T_09_both_players_take_in_order():
    state = position(boat=0, to_move=R, slots={2: ["SHELL", "STATUE"]},
                     beaches={2: {Y: [4], R: [3]}}, shamans={R: "F5"})
    before = deck_sizes(state)
    act(state, "place 2 0")
    assert view(state)["boat"] == 2
    assert view(state)["phase"] == "pick" and decider(state) == Y, "4 > 3: Yellow takes first"
    assert view(state)["pending"] == {"section": 2, "second_taker": R}
    act(state, "pick 0")
    assert player(state, Y)["shells"] == 1
    assert view(state)["phase"] == "buy" and decider(state) == Y
    assert legal(state) == {"pass", "buy butterfly", "buy majority", "buy section", "buy priestess"}
    events = act(state, "pass")
    assert keys(events) == ["haleakala.pass", "haleakala.take_card"]
    assert events[1]["player"] == R and events[1]["params"]["card"] == "STATUE"
    assert view(state)["phase"] == "statue" and decider(state) == R, "Red may raise it (H-41)"
    events = act(state, "raise")
    assert keys(events)[0] == "haleakala.statue"
    assert statues(state) == {Y: set(), R: {"F5"}}
    assert player(state, R)["statue_supply"] == 7
    assert view(state)["discard"]["STATUE"] >= 1
    assert discs(state, 2) == {Y: [], R: []}
    assert discs(state, 0) == {Y: [], R: [2]}, "R2 stays on the departure beach"
    assert player(state, Y)["reserve"] == [1, 2, 3, 4, 5] and 3 in player(state, R)["reserve"]
    refills = params(events, "haleakala.refill")
    assert [(r["section"], r["slot"]) for r in refills] == [(2, 0), (2, 1)]
    assert deck_sizes(state) == [before[0], before[1] - 2, before[2]]
    assert None not in slots(state, 2)
    assert state.to_move() == [Y]


# -- T-10 Identical cards (H-24a, A-05) -----------------------------------------------------------------------------

def test_T_10_identical_cards_only_the_first_taker_receives():
    state = position(boat=0, to_move=Y, slots={2: ["STATUE", "STATUE"]},
                     beaches={2: {Y: [5], R: [1]}})
    events = act(state, "place 2 0")
    taken = params(events, "haleakala.take_card")
    assert len(taken) == 1 and [e["player"] for e in events if e["key"] == "haleakala.take_card"] == [Y]
    assert slots(state, 2)[1] == "STATUE", "the second STATUE stays in its slot"
    assert discs(state, 2) == {Y: [], R: []}
    assert [(r["section"], r["slot"]) for r in params(events, "haleakala.refill")] == [(2, 0)]
    assert slots(state, 2)[0] == "FISH4", "the emptied slot gets the top of the 2-palm deck"


# -- T-11 Case 2 -------------------------------------------------------------------------------------------------------

def test_T_11_a_sole_taker_takes_exactly_one_card():
    state = position(boat=3, to_move=R, slots={4: ["FISH1", "PRIESTESS"]}, beaches={4: {R: [2]}})
    act(state, "place 1 3")
    assert view(state)["phase"] == "pick" and decider(state) == R
    assert view(state)["pending"] == {"section": 4, "second_taker": None}
    events = act(state, "pick 0")
    assert player(state, R)["collection"] == ["FISH1"]
    assert slots(state, 4)[1] == "PRIESTESS"
    assert discs(state, 4) == {Y: [], R: []} and 2 in player(state, R)["reserve"]
    assert len(params(events, "haleakala.refill")) == 1


# -- T-12 Case 3 ---------------------------------------------------------------------------------------------------------

def test_T_12_no_disc_on_the_beach_nothing_happens():
    state = position(boat=0, to_move=Y)
    cards = slots(state, 1)
    sizes = deck_sizes(state)
    events = act(state, "place 1 0")
    assert keys(events) == ["haleakala.sail", "haleakala.no_taker"]
    assert slots(state, 1) == cards and deck_sizes(state) == sizes
    assert discs(state, 0) == {Y: [1], R: []}
    assert state.to_move() == [R] and view(state)["phase"] == "turn"


# -- T-13 Taking is compulsory (H-26) --------------------------------------------------------------------------------------

def test_T_13_a_statue_card_with_the_shaman_on_its_beach():
    state = position(boat=1, to_move=Y, slots={3: ["STATUE", "STATUE"]}, beaches={3: {Y: [1]}})
    discarded = view(state)["discard"].get("STATUE", 0)
    events = act(state, "place 2 1")
    assert keys(events)[1:3] == ["haleakala.take_card", "haleakala.statue_beach"]
    assert statues(state) == {Y: set(), R: set()}
    assert view(state)["discard"]["STATUE"] == discarded + 1
    assert slots(state, 3)[1] == "STATUE"


# -- T-14 Seed example: building a statue ---------------------------------------------------------------------------------

def statue_card_for_yellow(**kw):
    state = position(boat=0, to_move=Y, slots={2: ["STATUE", "STATUE"]}, beaches={2: {Y: [1]}},
                     shamans={Y: "F1"}, **kw)
    return state, act(state, "place 2 0")


def test_T_14_the_statue_goes_under_the_shaman():
    state, _ = statue_card_for_yellow()
    assert legal(state) == {"raise", "noraise"}
    events = act(state, "raise")
    assert params(events, "haleakala.statue") == [{"space": "F1"}]
    assert statues(state)[Y] == {"F1"}
    assert player(state, Y)["statue_supply"] == 7 and player(state, Y)["shaman"] == "F1"


def test_T_14_variant_the_space_already_holds_a_statue():
    state, events = statue_card_for_yellow(statues={R: ["F1"]})
    assert params(events, "haleakala.statue_taken") == [{"space": "F1"}]
    assert statues(state) == {Y: set(), R: {"F1"}} and player(state, Y)["statue_supply"] == 8


# -- T-15 Seed example: lava cards at the refill -------------------------------------------------------------------------------

def test_T_15_two_lava_cards_then_a_shell():
    state = position(boat=1, to_move=Y, slots={3: ["FISH1", "FISH1"]}, beaches={3: {Y: [3]}},
                     decks=(0, ["LAVA", "LAVA", "SHELL", "..."], None))
    events = act(state, "place 2 1")
    assert keys(events) == ["haleakala.sail", "haleakala.take_card", "haleakala.discs_back",
                            "haleakala.lava_card", "haleakala.lava_card", "haleakala.refill"]
    assert craters(state)[3] == 2 and view(state)["lava_supply"] == 2
    assert view(state)["discard"]["LAVA"] == 2
    assert slots(state, 3) == ["SHELL", "FISH1"]


# -- T-16 The refill crosses decks in order (H-32) ---------------------------------------------------------------------------------

def test_T_16_last_one_palm_card_then_the_two_palm_deck():
    state = position(boat=1, to_move=Y, slots={3: ["FISH1", "FISH2"]}, beaches={3: {Y: [3], R: [1]}},
                     decks=(["STATUE"], ["SHELL", "..."], None))
    act(state, "place 2 1")
    events = act(state, "pick 0")
    assert [(r["slot"], r["card"], r["palms"]) for r in params(events, "haleakala.refill")] == \
        [(0, "STATUE", 1), (1, "SHELL", 2)]
    assert deck_sizes(state) == [0, 11, 15]


# -- T-17 Seed example: the Priestess -----------------------------------------------------------------------------------------------

def priestess_for_yellow():
    state = position(boat=0, to_move=Y, slots={1: ["PRIESTESS", "PRIESTESS"]}, beaches={1: {Y: [3]}},
                     craters={3: 2})
    act(state, "place 1 0")
    return state


def test_T_17_one_disc_to_a_neighbouring_crater():
    state = priestess_for_yellow()
    assert view(state)["phase"] == "lava" and decider(state) == Y
    assert legal(state) == {"decline", "lava 3 2", "lava 3 4"}
    with pytest.raises(IllegalMove, match="not next to"):
        state.play(Y, "lava 3 0")
    act(state, "lava 3 2")
    assert craters(state) == [0, 0, 1, 1, 0, 0]
    assert view(state)["discard"]["PRIESTESS"] == 1


def test_T_17_declining():
    state = priestess_for_yellow()
    events = act(state, "decline")
    assert keys(events)[0] == "haleakala.lava_decline"
    assert craters(state) == [0, 0, 0, 2, 0, 0]
    assert view(state)["discard"]["PRIESTESS"] == 1


# -- T-18 Shells (H-43, H-44) ----------------------------------------------------------------------------------------------------------

def shell_for_red():
    state = position(boat=3, to_move=R, slots={5: ["SHELL", "SHELL"]}, beaches={5: {R: [1]}},
                     shells=(0, 1))
    act(state, "place 2 3")
    return state


def test_T_18_a_two_shell_card_with_a_kept_shell():
    state = shell_for_red()
    assert view(state)["phase"] == "buy" and decider(state) == R
    assert legal(state) == {"pass", "buy butterfly", "buy majority", "buy section", "buy forest",
                            "buy mountain", "buy priestess"}
    discarded = view(state)["discard"].get("SHELL", 0)
    act(state, "buy mountain")
    assert player(state, R)["shells"] == 0 and player(state, R)["score_cards"] == ["SC_MOUNTAIN"]
    assert view(state)["discard"]["SHELL"] == discarded + 2
    assert state.to_move() == [Y], "one purchase only: the turn is over"


def test_T_18_b_a_one_shell_card_keeps_a_shell():
    state = shell_for_red()
    act(state, "buy butterfly")
    assert player(state, R)["shells"] == 1 and player(state, R)["score_cards"] == ["SC_BUTTERFLY"]
    assert state.to_move() == [Y] and view(state)["phase"] == "turn"


def test_T_18_c_buying_nothing():
    state = shell_for_red()
    act(state, "pass")
    assert player(state, R)["shells"] == 2 and player(state, R)["score_cards"] == []


# -- T-19 The board Priestess (BP-1 to BP-4) ----------------------------------------------------------------------------------------------

def test_T_19_the_board_priestess_once_per_round():
    state = position(boat=0, to_move=Y, craters={1: 1}, beaches={2: {Y: [1]}, 4: {R: [1]}},
                     slots={2: ["SHELL", "SHELL"], 4: ["SHELL", "SHELL"]})
    act(state, "place 2 0")
    act(state, "buy priestess")
    assert player(state, Y)["shells"] == 0
    assert view(state)["phase"] == "lava" and view(state)["pending"] == {"source": "board"}
    assert legal(state) == {"decline", "lava 1 0", "lava 1 2"}
    act(state, "lava 1 0")
    assert craters(state) == [1, 0, 0, 0, 0, 0]
    assert view(state)["score_board"]["priestess_up"] is False
    assert state.to_move() == [R]
    act(state, "place 2 2")                  # the boat sails to section 4: Red takes a shell
    assert view(state)["phase"] == "buy" and decider(state) == R
    assert "buy priestess" not in legal(state)
    refused(state, "buy priestess", match="not on the score board", key="haleakala.illegal.unavailable")


# -- T-20 The first scoring interrupts the refill (H-35) --------------------------------------------------------------------------------------

def first_scoring_setup(deck3=("SHELL", "..."), **kw):
    """Red sails to section 4, where both cards are taken; the refill then
    draws the last 2-palm card (FISH4)."""
    kw.setdefault("craters", {0: 4})
    state = position(boat=2, to_move=R, slots={4: ["FISH1", "FISH2"]}, beaches={4: {Y: [3], R: [1]}},
                     decks=(0, kw.pop("deck2", ["FISH4"]), list(deck3)), **kw)
    act(state, "place 2 2")
    assert decider(state) == Y
    return state


def test_T_20_the_first_scoring_then_the_refill_resumes():
    state = first_scoring_setup(shells=(1, 2))
    events = act(state, "pick 0")
    assert keys(events) == ["haleakala.take_card", "haleakala.take_card", "haleakala.discs_back",
                            "haleakala.discs_back", "haleakala.refill"]
    refill = params(events, "haleakala.refill")
    assert refill == [{"section": 4, "slot": 0, "card": "FISH4", "palms": 2}]
    assert view(state)["phase"] == "buy" and decider(state) == Y, "S-3: Yellow (not the trigger) first"
    assert view(state)["pending"]["reason"] == "scoring"
    act(state, "pass")
    assert view(state)["phase"] == "buy" and decider(state) == R
    events = act(state, "pass")
    assert keys(events) == ["haleakala.pass", "haleakala.scoring", "haleakala.eruption",
                            "haleakala.score", "haleakala.score", "haleakala.round_two",
                            "haleakala.refill"]
    assert params(events, "haleakala.refill") == [{"section": 4, "slot": 1, "card": "SHELL", "palms": 3}]
    assert view(state)["round"] == 2 and craters(state) == [0] * 6
    assert slots(state, 4) == ["FISH4", "SHELL"]
    assert state.to_move() == [Y] and view(state)["phase"] == "turn"


def test_T_20_a_lava_card_after_the_scoring_stays_for_round_two():
    state = first_scoring_setup(deck3=("LAVA", "SHELL", "..."))
    events = act(state, "pick 0")
    assert keys(events).index("haleakala.scoring") < keys(events).index("haleakala.lava_card")
    assert craters(state) == [0, 0, 0, 0, 1, 0]
    assert slots(state, 4) == ["FISH4", "SHELL"]
    assert view(state)["round"] == 2 and state.to_move() == [Y]


# -- T-21 The last 2-palm card is LAVA (A-22) ------------------------------------------------------------------------------------------------

def test_T_21_a_lava_card_as_the_last_two_palm_card():
    state = first_scoring_setup(deck2=["LAVA"], deck3=("SHELL", "STATUE", "..."), craters={0: 3},
                                statues={R: ["Mt4"]})
    events = act(state, "pick 0")
    k = keys(events)
    assert k.index("haleakala.lava_card") < k.index("haleakala.scoring")
    assert params(events, "haleakala.burn") == [{"space": "Mt4"}], "the C(4) disc erupts"
    assert [(r["slot"], r["card"], r["palms"]) for r in params(events, "haleakala.refill")] == \
        [(0, "SHELL", 3), (1, "STATUE", 3)]
    assert craters(state) == [0] * 6 and view(state)["round"] == 2


# -- T-22, T-23 The second scoring (S-1.2) ----------------------------------------------------------------------------------------------------

def test_T_22_the_boat_stops_at_an_empty_section():
    state = final_scoring_position()
    events = act(state, "place 3 0")
    assert view(state)["boat"] == 3
    assert keys(events)[:3] == ["haleakala.sail", "haleakala.empty_section", "haleakala.scoring"]
    assert "haleakala.take_card" not in keys(events) and "haleakala.discs_back" not in keys(events)
    assert state.is_over() and state.to_move() == []
    assert keys(events)[-1] == "haleakala.game_over"


def test_T_23_an_empty_deck_but_a_card_in_the_section():
    state = final_scoring_position(slots={3: ["SHELL", None]}, beaches={3: {Y: [1]}})
    act(state, "place 3 0")
    assert not state.is_over()
    assert decider(state) == Y and view(state)["phase"] == "buy", "Yellow took the shell"
    act(state, "pass")
    assert slots(state, 3) == [None, None] and player(state, Y)["shells"] == 1
    assert state.to_move() == [Y] and view(state)["round"] == 2


# -- T-24 to T-29 The eruption [designed] ------------------------------------------------------------------------------------------------------

def erupt(craters_, statues_, shamans=None):
    state = final_scoring_position(craters=craters_, statues=statues_, shamans=shamans or {})
    events = act(state, "place 3 0")
    assert state.is_over()
    return state, events


def test_T_24_one_flow_burns_the_highest_statue():
    state, events = erupt({2: 1, 0: 3}, {Y: ["Mt2"], R: ["F2", "M2"]})
    assert statues(state) == {Y: set(), R: {"F2", "M2"}}
    assert player(state, Y)["statues_destroyed"] == 1 and player(state, Y)["statue_supply"] == 7
    assert craters(state) == [0] * 6 and view(state)["lava_supply"] == 4
    assert params(events, "haleakala.burn") == [{"space": "Mt2"}]


def test_T_25_two_flows_burn_two_statues():
    state, _ = erupt({2: 2, 0: 2}, {Y: ["Mt2"], R: ["F2", "M2"]})
    assert statues(state) == {Y: set(), R: {"M2"}}


def test_T_26_a_shaman_protects_its_statue():
    state, events = erupt({2: 1, 0: 3}, {Y: ["Mt2"], R: ["F2", "M2"]}, shamans={Y: "Mt2"})
    assert statues(state) == {Y: {"Mt2"}, R: {"M2"}}
    assert params(events, "haleakala.protected") == [{"space": "Mt2"}]


def test_T_27_the_second_flow_passes_a_protected_statue():
    state, _ = erupt({2: 2, 0: 2}, {Y: ["Mt2"], R: ["F2", "M2"]}, shamans={R: "F2"})
    assert statues(state) == {Y: set(), R: {"F2"}}


def test_T_28_a_shaman_on_an_empty_space_stops_nothing():
    state, _ = erupt({2: 1, 0: 3}, {Y: ["F2"]}, shamans={R: "Mt2"})
    assert statues(state) == {Y: set(), R: set()}


def test_T_29_lava_stays_in_its_own_section():
    state, events = erupt({0: 3, 3: 1}, {Y: ["Mt1", "F5"], R: ["M1", "Mt5"]})
    assert statues(state) == {Y: {"Mt1", "F5"}, R: {"M1", "Mt5"}}
    assert params(events, "haleakala.burn") == []


# -- T-30 to T-33 Points ---------------------------------------------------------------------------------------------------------------------

def test_T_30_first_scoring_with_section_and_mountain_cards():
    state = position(boat=3, to_move=R, slots={4: ["STATUE", "STATUE"]}, beaches={4: {R: [2]}},
                     decks=(0, ["STATUE"], None), craters={0: 4},
                     statues={Y: ["Mt1", "F1", "M1", "F3"], R: ["Mt2", "M2", "M5"]},
                     score_cards={Y: ["SC_SECTION", "SC_MOUNTAIN"], R: ["SC_MAJORITY"]},
                     collections={Y: ["FISH2", "FISH3", "PEARL_W", "PEARL_B"], R: ["FISH4"]},
                     shells=(1, 0))
    act(state, "place 1 3")
    assert view(state)["phase"] == "buy" and decider(state) == Y
    events = act(state, "pass")
    assert view(state)["scores"] == [22, 7]
    first = view(state)["scorings"][0]
    yellow, red = first["players"]
    assert yellow["statue_points"] == 8 and yellow["fish_points"] == 3 and yellow["pearl_points"] == 4
    assert yellow["score_cards"] == [{"card": "SC_SECTION", "points": 4, "detail": [1]},
                                     {"card": "SC_MOUNTAIN", "points": 3, "detail": 1}]
    assert yellow["shells"] == 1 and yellow["shell_points"] == 0
    assert red["statue_points"] == 5 and red["fish_points"] == 0
    assert red["score_cards"] == [{"card": "SC_MAJORITY", "points": 2, "detail": ["meadow"]}]
    assert first["points"] == [22, 7]
    assert [e["params"] for e in events if e["key"] == "haleakala.score"] == \
        [{"points": 22, "total": 22}, {"points": 7, "total": 7}]
    board = view(state)["score_board"]["score_cards"]
    assert all(card["owner"] is None for card in board), "S-20: every score card goes back"
    assert player(state, Y)["score_cards"] == [] and player(state, R)["score_cards"] == []


def test_T_31_a_fish_tie_and_the_pearls():
    state = final_scoring_position(collections={Y: ["FISH2", "FISH3", "PEARL_W"], R: ["FISH5", "PEARL_B"]})
    act(state, "place 3 0")
    last = view(state)["scorings"][-1]
    assert [p["fish_points"] for p in last["players"]] == [0, 0]
    assert view(state)["scores"] == [1, 2]


def test_T_32_nautilus_butterflies_and_shells_at_the_second_scoring():
    state = final_scoring_position(collections={R: ["NAUTILUS", "FISH4"], Y: ["FISH5"]},
                                   score_cards={R: ["SC_BUTTERFLY"]}, shells=(0, 2))
    act(state, "place 3 0")
    assert view(state)["phase"] == "buy" and decider(state) == R, "Yellow has no shell to spend"
    act(state, "pass")
    assert state.is_over()
    red = view(state)["scorings"][-1]["players"][R]
    assert (red["nautilus_points"], red["shell_points"], red["fish_points"]) == (3, 2, 0)
    assert red["score_cards"] == [{"card": "SC_BUTTERFLY", "points": 2, "detail": 2}]
    assert view(state)["scores"] == [3, 7]


def tie_at_forty(yellow_statues, red_statues, first_player):
    state = final_scoring_position(statues={Y: yellow_statues, R: red_statues}, scores=(31, 31),
                                   first_player=first_player)
    act(state, "place 3 0")
    return state.result()


def test_T_33_a_more_statues_break_the_tie():
    result = tie_at_forty(["M1", "F1", "M2", "F2", "M3", "F3"], ["M4", "F4", "M5", "F5", "Mt4"], Y)
    assert result["scores"] == [40, 40]
    assert result["breakdown"]["statues_on_board"] == [6, 5]
    assert result["winners"] == [Y] and result["reason"] == "statues"


def test_T_33_b_then_the_player_who_did_not_start():
    result = tie_at_forty(["M1", "F1", "M2", "F2", "Mt3"], ["M4", "F4", "M5", "F5", "Mt4"], Y)
    assert result["scores"] == [40, 40]
    assert result["winners"] == [R] and result["reason"] == "second_player"


# -- T-34 Purchases before the scoring (S-3) -----------------------------------------------------------------------------------------------------

def test_T_34_yellow_buys_first_and_moves_lava_before_the_eruption():
    state = position(boat=3, to_move=R, slots={4: ["STATUE", "STATUE"]}, beaches={4: {R: [2]}},
                     decks=(0, ["STATUE"], None), craters={1: 1, 0: 3}, statues={Y: ["Mt1"]},
                     shells=(1, 2))
    act(state, "place 1 3")
    assert decider(state) == Y and view(state)["phase"] == "buy"
    act(state, "buy priestess")
    assert decider(state) == Y and view(state)["phase"] == "lava"
    act(state, "lava 1 2")
    assert decider(state) == R and view(state)["phase"] == "buy"
    assert "buy priestess" not in legal(state)
    events = act(state, "buy forest")
    assert keys(events)[:3] == ["haleakala.buy", "haleakala.scoring", "haleakala.eruption"]
    assert statues(state)[Y] == {"Mt1"}, "Mt(1) is safe"
    first = view(state)["scorings"][0]
    assert first["players"][R]["score_cards"] == [{"card": "SC_FOREST", "points": 0, "detail": 0}]
    assert view(state)["scores"] == [3, 0]


# -- T-35 A statue card with an empty supply (A-41) ---------------------------------------------------------------------------------------------

def test_T_35_no_statue_left():
    state = position(boat=2, to_move=Y, slots={4: ["STATUE", "STATUE"]}, beaches={4: {Y: [1]}},
                     shamans={Y: "M2"},
                     statues={Y: ["M0", "F0", "Mt0", "M1", "F1", "Mt1", "M3", "F3"]})
    events = act(state, "place 2 2")
    assert "haleakala.statue_none_left" in keys(events)
    assert player(state, Y)["statue_supply"] == 0 and "M2" not in statues(state)[Y]


# -- T-36 A legal action always exists (H-51) ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"tactical": True}])
def test_T_36_the_legal_list_is_never_empty(options):
    for seed in range(30):
        state, log = random_game_log(seed, **options)
        assert state.is_over()
        for before, p, move, _ in log:
            assert before.legal_moves(p), "someone must act and can"


# -- T-37 to T-42 The tactical variant ----------------------------------------------------------------------------------------------------------

def invoked_to_section_two():
    state = position(tactical=True, boat=0, to_move=Y)
    return state, act(state, "place 2 0 invoke")


def test_T_37_the_invocation_disc_summons_lava_before_the_distribution():
    state = position(tactical=True, boat=0, to_move=Y)
    assert "place 2 0 invoke" in legal(state)
    events = act(state, "place 2 0 invoke")
    assert view(state)["boat"] == 2
    assert keys(events)[:3] == ["haleakala.sail_invoke", "haleakala.summon", "haleakala.no_taker"]
    assert craters(state) == [0, 0, 1, 0, 0, 0]
    assert discs(state, 0) == {Y: [2], R: []}
    assert section(state, 0)["invocation"] == [True, False]
    assert player(state, Y)["invocation"] == 0


def test_T_38_the_invocation_disc_comes_back_when_the_boat_stops_there():
    state, _ = invoked_to_section_two()
    assert slots(state, 0) == ["FISH1", "FISH1"]
    events = act(state, "place 4 2")                      # Red sails to section 0
    assert view(state)["boat"] == 0
    assert keys(events)[:3] == ["haleakala.sail", "haleakala.invocation_back", "haleakala.take_card"]
    assert events[1] == {"key": "haleakala.invocation_back", "player": Y, "params": {"beach": 0}}
    assert events[2]["player"] == Y, "Y2 on B(0) still makes Yellow a taker"
    assert player(state, Y)["invocation"] == "reserve"
    assert section(state, 0)["invocation"] == [False, False]
    assert discs(state, 0) == {Y: [], R: []} and discs(state, 2) == {Y: [], R: [4]}
    assert player(state, Y)["reserve"] == [1, 2, 3, 4, 5]


def test_T_39_a_priestess_brings_the_invocation_disc_back():
    state = position(tactical=True, boat=0, to_move=Y, invocation={Y: 0}, craters={3: 1},
                     slots={2: ["PRIESTESS", "PRIESTESS"]}, beaches={2: {Y: [1]}})
    assert "place 2 0 invoke" not in legal(state), "the invocation disc is not in reserve"
    act(state, "place 2 0")
    assert view(state)["phase"] == "lava"
    assert player(state, Y)["invocation"] == 0, "the Priestess is resolved first"
    events = act(state, "lava 3 4")
    assert keys(events)[:2] == ["haleakala.lava_move", "haleakala.invocation_back"]
    assert player(state, Y)["invocation"] == "reserve"


def test_T_39_declining_still_brings_it_back():
    state = position(tactical=True, boat=0, to_move=Y, invocation={Y: 5}, craters={3: 1},
                     slots={2: ["PRIESTESS", "PRIESTESS"]}, beaches={2: {Y: [1]}})
    act(state, "place 2 0", "decline")
    assert player(state, Y)["invocation"] == "reserve"


def test_T_40_a_the_invocation_disc_is_never_taken_back():
    state = position(tactical=True, boat=3, to_move=Y, invocation={Y: 0})
    with pytest.raises(IllegalMove):
        state.play(Y, "take invoke")
    assert not any(m.startswith("take") for m in legal(state))


def test_T_40_b_invoking_with_every_lava_disc_on_the_island():
    state = position(tactical=True, boat=0, to_move=R, craters={1: 2, 5: 2})
    assert "place 2 0 invoke" in legal(state)
    events = act(state, "place 2 0 invoke")
    assert "haleakala.summon_idle" in keys(events)
    assert craters(state) == [0, 2, 0, 0, 0, 2]
    assert player(state, R)["invocation"] == 0


def test_T_41_no_purchase_at_scoring_time():
    state = first_scoring_setup(tactical=True, shells=(1, 2), craters={})
    events = act(state, "pick 0")
    k = keys(events)
    assert "haleakala.scoring" in k and "haleakala.pass" not in k
    assert view(state)["round"] == 2 and state.to_move() == [Y]
    assert [player(state, p)["shells"] for p in (Y, R)] == [1, 2]


def test_T_42_tactical_set_up_and_first_scoring():
    state = Haleakala.new(seed=8, tactical=True)
    data = state.to_json()
    assert [len(d) for d in data["decks"]] == [3, 8, 11]
    assert sum(1 for row in data["slots"] for c in row if c) == 12
    assert all("LAVA" not in d for d in data["decks"]) and view(state)["box"] == {"LAVA": 8}
    for seed in range(5):
        _, log = random_game_log(seed, tactical=True)
        events = [e for _, _, _, batch in log for e in batch]
        first = keys(events).index("haleakala.scoring")
        drawn = [e for e in events[:first] if e["key"] == "haleakala.refill"]
        assert [e["params"]["palms"] for e in drawn].count(2) == 8
        assert drawn[-1]["params"]["palms"] == 2, "the scoring follows the 8th 2-palm card"
