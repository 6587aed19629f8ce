"""Kahuna: one or more tests per numbered rule of docs/rules/kahuna.md.

Each test name carries the rule id it checks (``test_KH_12_...``). Positions
are written explicitly with ``KahunaState.from_position``; cards left out are
dealt alphabetically to the display, then the pile, then the open discard.
"""

import copy
import json

import pytest

from pygame_core import GAMES, BadState, GameError, IllegalMove, Rng
from pygame_core.engine import event_for

from kahuna_helpers import act, bridges, controllers, hand, legal, position, refused
from pygame_core.games.kahuna import (
    DECK, DEGREE, ISLANDS, LINES, NEEDED, Kahuna, KahunaMove, KahunaState)

# -- helpers ------------------------------------------------------------------------------


def keys(events):
    return [e["key"] for e in events]


def random_states(seeds, every=1):
    """Positions met along random games (copies), with the game's seed."""
    for seed in seeds:
        state = Kahuna.new(seed=seed)
        rng = Rng.from_seed(seed * 7 + 1)
        n = 0
        while not state.is_over():
            if n % every == 0:
                yield state.clone()
            p = state.to_move()[0]
            state.play(p, rng.choice(state.legal_moves(p)))
            n += 1
        yield state.clone()


def random_game_log(seed):
    """(state before, move, events) for every action of one random game."""
    state = Kahuna.new(seed=seed)
    rng = Rng.from_seed(seed + 99)
    log = []
    while not state.is_over():
        p = state.to_move()[0]
        move = rng.choice(state.legal_moves(p))
        before = state.clone()
        log.append((before, move, state.play(p, move)))
    return state, log


# -- the game's static facts and board data ------------------------------------------------

def test_game_facts():
    assert GAMES["kahuna"] is Kahuna
    assert Kahuna.id == "kahuna"
    assert Kahuna.title == {"fr": "Kahuna", "en": "Kahuna"}
    assert Kahuna.players == (2,)
    assert Kahuna.options == {}
    assert Kahuna.Move is KahunaMove and Kahuna.State is KahunaState


def test_board_data_matches_the_spec_tables():
    assert len(ISLANDS) == 12 and len(LINES) == 27
    assert DEGREE == {"ALOA": 3, "BARI": 5, "COCO": 4, "DUDA": 4, "ELAI": 6, "FAAA": 5,
                      "GOLA": 4, "HUNA": 5, "IFFI": 5, "JOJO": 5, "KAHU": 5, "LALE": 3}
    assert NEEDED == {"ALOA": 2, "BARI": 3, "COCO": 3, "DUDA": 3, "ELAI": 4, "FAAA": 3,
                      "GOLA": 3, "HUNA": 3, "IFFI": 3, "JOJO": 3, "KAHU": 3, "LALE": 2}
    assert len(DECK) == 24 and all(DECK.count(i) == 2 for i in ISLANDS)


def test_unknown_options_and_player_counts_are_refused():
    with pytest.raises(GameError):
        Kahuna.new(players=2, seed=1, gods=True)
    with pytest.raises(GameError):
        Kahuna.new(players=3, seed=1)


# -- set-up (SU-1 .. SU-8) ----------------------------------------------------------------

def test_SU_1_first_player_is_a_setup_input_or_drawn_from_the_seed():
    assert Kahuna.new(seed=4, first_player=0).to_move() == [0]
    assert Kahuna.new(seed=4, first_player=1).to_move() == [1]
    drawn = [Kahuna.new(seed=seed).to_move()[0] for seed in range(40)]
    assert set(drawn) == {0, 1}, "the seed decides who starts, both seats do"
    assert drawn == [Kahuna.new(seed=seed).to_move()[0] for seed in range(40)]
    expected = [Rng.from_seed(seed).below(2) for seed in range(40)]
    assert drawn == expected
    for bad in (2, -1, "P0", True):
        with pytest.raises(GameError):
            Kahuna.new(seed=1, first_player=bad)


def test_SU_2_empty_board_full_supplies():
    view = Kahuna.new(seed=3).view(None)
    assert all(line["owner"] is None for line in view["lines"])
    assert view["supply"] == [25, 25] and view["on_board"] == [0, 0]
    assert all(i["controller"] is None and i["counts"] == [0, 0] for i in view["islands"])
    assert view["controlled"] == [0, 0]


def test_SU_3_the_shuffle_follows_the_seed():
    assert Kahuna.new(seed=11).to_json() == Kahuna.new(seed=11).to_json()
    assert Kahuna.new(seed=11).to_json() != Kahuna.new(seed=12).to_json()
    assert Kahuna.new(seed="abc").to_json() == Kahuna.new(seed="abc").to_json()


def test_SU_4_three_cards_each_seen_only_by_their_owner():
    state = Kahuna.new(seed=8, first_player=0)
    data = state.to_json()
    assert [len(h) for h in data["hands"]] == [3, 3]
    assert state.view(0)["hand"] == data["hands"][0]
    assert state.view(1)["hand"] == data["hands"][1]
    assert state.view(None)["hand"] is None
    assert state.view(0)["hand_sizes"] == [3, 3]


def test_SU_5_and_SU_6_display_of_three_and_pile_of_fifteen():
    data = Kahuna.new(seed=8).to_json()
    assert len(data["display"]) == 3 and None not in data["display"]
    assert len(data["pile"]) == 15
    assert Kahuna.new(seed=8).view(0)["pile_size"] == 15


def test_SU_7_start_state():
    state = Kahuna.new(seed=2, first_player=1)
    view = state.view(1)
    assert view["round"] == 1 and view["scorings_done"] == 0
    assert view["scores"] == [0, 0] and view["scorings"] == []
    assert view["previous_turn_skipped"] is False and view["committed_to_draw"] is False
    assert view["open_discard"] == [] and view["hidden_discard_counts"] == [0, 0]
    assert view["final_phase"] is False and view["final_turns_left"] is None
    assert state.to_move() == [1]


def test_SU_8_deal_order_after_the_shuffle():
    for first in (0, 1):
        rng = Rng.from_seed(21)
        deck = sorted(DECK)
        rng.shuffle(deck)
        data = Kahuna.new(seed=21, first_player=first).to_json()
        assert data["hands"][first] == sorted(deck[0:3])
        assert data["hands"][1 - first] == sorted(deck[3:6])
        assert data["display"] == deck[6:9]
        assert data["pile"] == deck[9:]          # top first
        assert data["rng"] == rng.state


# -- general (KH-1 .. KH-3) ----------------------------------------------------------------

def test_KH_1_players_alternate_and_only_the_mover_may_act():
    state = position(hands={0: ["ALOA"], 1: ["BARI"]})
    error = refused(state, "draw", player=1)
    assert error.key == "error.not_your_turn"
    act(state, "draw")
    assert state.to_move() == [1]
    act(state, "skip")
    assert state.to_move() == [0]


def test_KH_2_any_number_of_plays_in_one_turn():
    state = position(hands={0: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]})
    act(state, "place ALOA-BARI ALOA", "place BARI-COCO BARI", "place COCO-FAAA COCO",
        "place DUDA-ELAI DUDA", "place ELAI-HUNA ELAI")
    assert state.to_move() == [0]
    assert hand(state, 0) == []
    assert len(bridges(state)[0]) == 5
    assert legal(state) == {"draw", "take 0", "take 1", "take 2", "skip"}


def test_KH_3_played_cards_go_face_up_and_no_card_is_wasted():
    state = position(bridges={1: ["ALOA-BARI"]}, hands={0: ["ALOA", "BARI", "COCO"]})
    act(state, "place COCO-FAAA COCO")
    assert state.view(1)["open_discard"] == ["COCO"]
    act(state, "remove ALOA-BARI ALOA BARI")
    assert state.view(1)["open_discard"] == ["COCO", "ALOA", "BARI"]
    # A card with no placement or removal has no move of its own (no face-up discard).
    blocked = position(bridges={0: ["ALOA-BARI", "ALOA-DUDA", "ALOA-HUNA"]}, hands={0: ["ALOA"]})
    assert legal(blocked) == {"draw", "take 0", "take 1", "take 2", "skip"}


# -- placing (KH-4 .. KH-6) ------------------------------------------------------------------

def test_KH_4_place_needs_a_free_line_a_matching_held_card_and_supply():
    state = position(bridges={1: ["ALOA-BARI"]}, hands={0: ["ALOA", "COCO", "DUDA", "ELAI", "FAAA"]})
    refused(state, "place ALOA-BARI ALOA", match="already holds a bridge")
    refused(state, "place ALOA-DUDA COCO", match="must name one of its ends")
    refused(state, "place BARI-COCO BARI", match="do not hold a BARI")
    assert "place ALOA-DUDA ALOA" in legal(state) and "place ALOA-DUDA DUDA" in legal(state)
    act(state, "hide FAAA")
    refused(state, "place ALOA-DUDA ALOA", match="KH-23")


def test_KH_5_place_moves_a_bridge_from_supply_to_line():
    state = position(hands={0: ["ALOA", "COCO"]})
    events = act(state, "place ALOA-BARI ALOA")
    assert events == [{"key": "kahuna.place", "player": 0,
                       "params": {"line": "ALOA-BARI", "card": "ALOA"}}]
    assert bridges(state) == {0: {"ALOA-BARI"}, 1: set()}
    assert state.view(0)["supply"] == [24, 25]
    assert state.view(0)["open_discard"] == ["ALOA"]
    assert hand(state, 0) == ["COCO"]


def test_KH_6_either_end_even_towards_an_opponent_island():
    # P1 controls ALOA; a HUNA card still builds ALOA-HUNA.
    state = position(bridges={1: ["ALOA-BARI", "ALOA-DUDA"]}, hands={0: ["HUNA"]})
    assert controllers(state) == {"ALOA": 1}
    places = {m for m in legal(state) if m.startswith("place")}
    assert places == {"place ALOA-HUNA HUNA", "place DUDA-HUNA HUNA", "place ELAI-HUNA HUNA",
                      "place HUNA-IFFI HUNA", "place HUNA-LALE HUNA"}
    act(state, "place ALOA-HUNA HUNA")
    assert bridges(state)[0] == {"ALOA-HUNA"}


# -- removing (KH-7 .. KH-11) -----------------------------------------------------------------

def test_KH_7_remove_needs_an_opponent_bridge_and_both_cards():
    state = position(bridges={0: ["BARI-ELAI"], 1: ["ELAI-HUNA"]},
                     hands={0: ["ELAI", "FAAA", "GOLA", "IFFI", "JOJO"]})
    refused(state, "remove ELAI-HUNA ELAI HUNA", match="do not hold a HUNA")
    refused(state, "remove ELAI-HUNA ELAI ELAI", match="need two ELAI")
    refused(state, "remove ELAI-FAAA ELAI FAAA", match="no bridge on ELAI-FAAA")
    act(state, "hide JOJO")
    refused(state, "remove ELAI-HUNA ELAI FAAA", match="KH-23")


def test_KH_8_two_cards_of_one_island_remove_any_opponent_bridge_there():
    state = position(bridges={1: ["ALOA-HUNA", "ELAI-HUNA", "HUNA-IFFI"]}, hands={0: ["HUNA", "HUNA"]})
    removals = {m for m in legal(state) if m.startswith("remove")}
    assert removals == {"remove ALOA-HUNA HUNA HUNA", "remove ELAI-HUNA HUNA HUNA",
                        "remove HUNA-IFFI HUNA HUNA"}
    refused(position(bridges={1: ["ALOA-BARI"]}, hands={0: ["HUNA", "HUNA"]}),
            "remove ALOA-BARI HUNA HUNA", match="KH-8")


def test_KH_9_two_different_cards_remove_only_the_line_joining_them():
    state = position(bridges={1: ["ELAI-HUNA", "HUNA-IFFI"]}, hands={0: ["ELAI", "HUNA", "IFFI"]})
    removals = {m for m in legal(state) if m.startswith("remove")}
    assert removals == {"remove ELAI-HUNA ELAI HUNA", "remove HUNA-IFFI HUNA IFFI"}
    refused(state, "remove ELAI-HUNA HUNA IFFI", match="IFFI is not an end of ELAI-HUNA")
    refused(state, "remove ELAI-IFFI ELAI IFFI", match="no bridge on ELAI-IFFI")
    with pytest.raises(IllegalMove, match="no line joins"):
        state.play(0, "remove ALOA-IFFI ALOA IFFI")


def test_KH_10_removal_returns_the_bridge_and_may_drop_a_marker_only():
    state = position(bridges={0: ["ALOA-HUNA"], 1: ["DUDA-HUNA", "ELAI-HUNA", "HUNA-IFFI"]},
                     hands={0: ["ELAI", "HUNA"]})
    assert controllers(state) == {"HUNA": 1}
    events = act(state, "remove ELAI-HUNA ELAI HUNA")
    assert keys(events) == ["kahuna.remove", "kahuna.marker_lost"]
    assert events[1] == {"key": "kahuna.marker_lost", "player": 1, "params": {"island": "HUNA"}}
    assert state.view(0)["supply"] == [24, 23]
    assert controllers(state) == {}, "P0 gains nothing by removing (A-14)"


def test_KH_11_own_bridges_cannot_be_removed():
    state = position(bridges={0: ["ALOA-BARI"], 1: ["DUDA-HUNA"]}, hands={0: ["ALOA", "BARI"]})
    refused(state, "remove ALOA-BARI ALOA BARI", match="own bridge")
    assert not any(m.startswith("remove") for m in legal(state))


# -- control and the cascade (KH-12 .. KH-17) ---------------------------------------------------

def test_KH_12_reaching_the_threshold_takes_control():
    state = position(bridges={0: ["ALOA-BARI"]}, hands={0: ["ALOA"]})
    events = act(state, "place ALOA-DUDA ALOA")
    assert keys(events) == ["kahuna.place", "kahuna.control"]
    assert events[1]["params"] == {"island": "ALOA"} and events[1]["player"] == 0
    assert controllers(state) == {"ALOA": 0}


def test_KH_13_taking_control_strips_every_opponent_bridge_there():
    state = position(bridges={0: ["BARI-ELAI", "DUDA-ELAI", "ELAI-FAAA"],
                              1: ["ELAI-HUNA", "ELAI-JOJO", "IFFI-JOJO"]},
                     hands={0: ["ELAI"]})
    events = act(state, "place ELAI-IFFI ELAI")
    assert bridges(state) == {0: {"BARI-ELAI", "DUDA-ELAI", "ELAI-FAAA", "ELAI-IFFI"},
                              1: {"IFFI-JOJO"}}
    assert [e["params"]["line"] for e in events if e["key"] == "kahuna.strip"] == \
        ["ELAI-HUNA", "ELAI-JOJO"]
    assert all(e["player"] == 1 for e in events if e["key"] == "kahuna.strip")
    assert state.view(0)["supply"] == [21, 24]


def test_KH_14_the_cascade_drops_markers_and_stops():
    # P1 holds JOJO with 3 of 5; losing ELAI-JOJO leaves 2 there, but the
    # other JOJO bridges stay and JOJO becomes nobody's.
    state = position(bridges={0: ["BARI-ELAI", "DUDA-ELAI", "ELAI-FAAA"],
                              1: ["ELAI-JOJO", "FAAA-JOJO", "GOLA-JOJO"]},
                     hands={0: ["ELAI"]})
    assert controllers(state) == {"JOJO": 1}
    events = act(state, "place ELAI-HUNA ELAI")
    assert {"key": "kahuna.marker_lost", "player": 1, "params": {"island": "JOJO"}} in events
    assert bridges(state)[1] == {"FAAA-JOJO", "GOLA-JOJO"}
    assert controllers(state) == {"ELAI": 0}


def test_KH_15_one_placement_two_new_controls():
    state = position(bridges={0: ["ALOA-BARI", "DUDA-HUNA", "HUNA-LALE"]}, hands={0: ["ALOA"]})
    events = act(state, "place ALOA-HUNA ALOA")
    assert [e["params"]["island"] for e in events if e["key"] == "kahuna.control"] == ["ALOA", "HUNA"]
    assert controllers(state) == {"ALOA": 0, "HUNA": 0}


def test_KH_16_no_new_stripping_on_an_island_already_held():
    state = position(bridges={0: ["ALOA-BARI", "ALOA-DUDA"], 1: ["ALOA-HUNA"]},
                     hands={0: ["BARI"]})
    events = act(state, "place BARI-COCO BARI")
    assert keys(events) == ["kahuna.place"]
    assert bridges(state)[1] == {"ALOA-HUNA"}


def test_KH_17_control_follows_the_counts_and_never_jumps_sides():
    state = position(bridges={0: ["ALOA-BARI", "ALOA-DUDA"], 1: ["BARI-COCO"]},
                     hands={1: ["ALOA", "BARI"]}, to_move=1)
    act(state, "remove ALOA-BARI ALOA BARI")
    assert controllers(state) == {}, "ALOA becomes uncontrolled, not P1's"
    for island in state.view(None)["islands"]:
        counts = island["counts"]
        expected = next((p for p in (0, 1) if counts[p] >= island["needed"]), None)
        assert island["controller"] == expected


# -- supplies (KH-18) -----------------------------------------------------------------------------

def test_KH_18_an_empty_supply_forbids_placing_only():
    every = [f"{a}-{b}" for a, b in LINES]
    mine = [line for line in every if line not in ("ELAI-JOJO", "BARI-COCO")]
    state = position(round=2, bridges={0: mine, 1: ["ELAI-JOJO"]}, hands={0: ["COCO", "JOJO", "JOJO"]})
    assert state.view(0)["supply"] == [0, 24]
    refused(state, "place BARI-COCO COCO", match="no bridge left in your supply")
    assert legal(state) == {"remove ELAI-JOJO JOJO JOJO", "draw", "take 0", "take 1", "take 2", "skip"}


# -- ending the turn (KH-19 .. KH-21) ----------------------------------------------------------------

def test_KH_19_no_skip_right_after_an_opponent_skip():
    state = position(hands={0: ["ALOA"], 1: ["BARI"]})
    act(state, "skip")
    assert state.view(1)["previous_turn_skipped"] is True
    refused(state, "skip", match="KH-19")
    act(state, "place BARI-COCO BARI")
    refused(state, "skip", match="KH-19")       # playing cards does not lift it
    act(state, "take 0")
    assert "skip" in legal(state)


def test_KH_19_a_turn_of_plays_without_a_draw_counts_as_a_skip():
    state = position(hands={0: ["ALOA"], 1: ["BARI"]})
    act(state, "place ALOA-BARI ALOA", "skip")
    assert state.previous_turn_skipped is True
    assert "skip" not in legal(state)


def test_KH_20_draw_blind_takes_the_top_card():
    state = position(hands={0: ["ALOA"]}, display=["BARI", "COCO", "DUDA"], pile=["KAHU", "LALE"])
    events = act(state, "draw")
    assert hand(state, 0) == ["ALOA", "KAHU"]
    assert state.to_json()["pile"] == ["LALE"]
    assert events[0] == {"key": "kahuna.draw", "player": 0, "params": {},
                         "secret_for": 0, "secret": {"card": "KAHU"}}
    assert state.to_move() == [1]


def test_KH_21_take_face_up_refills_the_same_slot_from_the_pile():
    state = position(hands={0: ["ALOA"]}, display=["BARI", "COCO", "DUDA"], pile=["KAHU", "LALE"])
    events = act(state, "take 1")
    assert hand(state, 0) == ["ALOA", "COCO"]
    assert state.to_json()["display"] == ["BARI", "KAHU", "DUDA"]
    assert state.to_json()["pile"] == ["LALE"]
    assert events[0]["params"] == {"card": "COCO", "slot": 1, "refill": "KAHU"}
    assert state.to_move() == [1]
    refused(position(hands={0: ["ALOA"]}, display=["BARI", None, "DUDA"], pile=[]),
            "take 1", match="slot 1 is empty")


# -- hand limit and hidden discards (KH-22 .. KH-25) -----------------------------------------------------

FULL = ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]


def test_KH_22_hidden_discard_only_with_a_full_hand():
    refused(position(hands={0: FULL[:4]}), "hide ALOA", match="full hand")
    state = position(hands={0: FULL})
    refused(state, "hide FAAA", match="do not hold a FAAA")
    events = act(state, "hide COCO")
    assert state.committed_to_draw is True
    assert state.to_json()["hidden_discards"] == [["COCO"], []]
    assert events[0]["secret"] == {"card": "COCO"} and events[0]["params"] == {}
    refused(position(round=3, final_turns_left=2, hands={0: FULL}), "hide ALOA", match="KH-28")


def test_KH_23_after_a_hidden_discard_only_discard_or_draw():
    state = position(hands={0: FULL}, bridges={1: ["FAAA-GOLA"]})
    act(state, "hide ELAI")
    assert legal(state) == {"hide ALOA", "hide BARI", "hide COCO", "hide DUDA",
                            "draw", "take 0", "take 1", "take 2"}
    refused(state, "skip", match="KH-23")
    refused(state, "place ALOA-BARI ALOA", match="KH-23")


def test_KH_24_hidden_discards_down_to_an_empty_hand():
    state = position(hands={0: FULL})
    act(state, *[f"hide {c}" for c in FULL])
    assert hand(state, 0) == [] and state.view(1)["hidden_discard_counts"] == [5, 0]
    assert legal(state) == {"draw", "take 0", "take 1", "take 2"}
    act(state, "draw")
    assert len(hand(state, 0)) == 1 and state.committed_to_draw is False


def test_KH_25_a_hand_never_exceeds_five():
    state = position(hands={0: FULL})
    refused(state, "draw", match="hand is full")
    refused(state, "take 0", match="hand is full")
    for state in random_states(range(30), every=3):
        assert all(size <= 5 for size in state.hand_sizes)


# -- when nothing can be drawn (KH-26 .. KH-28) -------------------------------------------------------------

def test_KH_26_outside_the_final_phase_a_turn_starts_with_a_card_to_draw():
    for seed in range(40):
        state = Kahuna.new(seed=seed)
        rng = Rng.from_seed(seed)
        turn_start = True
        while not state.is_over():
            if turn_start and not state.in_final_phase():
                assert state.pile or state.display != [-1, -1, -1]
            p = state.player
            state.play(p, rng.choice(state.legal_moves(p)))
            turn_start = state.is_over() or state.player != p


def test_KH_27_empty_pile_take_or_skip():
    state = position(hands={0: ["ALOA"]}, display=["KAHU", "LALE", None], pile=[])
    refused(state, "draw", match="pile is empty")
    assert legal(state) >= {"take 0", "take 1", "skip"}
    act(state, "take 0")
    assert state.to_json()["display"] == [None, "LALE", None]


def test_KH_28_final_phase_turns_end_only_with_skip():
    state = position(round=3, final_turns_left=2, previous_turn_skipped=True,
                     hands={0: ["ALOA", "BARI"]}, bridges={0: ["GOLA-JOJO"], 1: ["KAHU-LALE"]})
    refused(state, "draw", match="final phase")
    refused(state, "take 0", match="final phase")
    refused(state, "hide ALOA", match="final phase")
    assert legal(state) == {"place ALOA-BARI ALOA", "place ALOA-BARI BARI", "place ALOA-DUDA ALOA",
                            "place ALOA-HUNA ALOA", "place BARI-COCO BARI", "place BARI-DUDA BARI",
                            "place BARI-ELAI BARI", "place BARI-FAAA BARI", "skip"}
    act(state, "skip")
    assert "skip" in legal(state), "two skips in a row are fine in the final phase"


# -- end-of-turn processing (KH-29) --------------------------------------------------------------------

def test_KH_29_end_of_turn_steps_in_order():
    # Steps 1, 2 and 6.
    state = position(hands={0: FULL})
    act(state, "hide ALOA", "take 2")
    assert state.previous_turn_skipped is False and state.committed_to_draw is False
    assert state.to_move() == [1]
    # Step 3 then 5: the last card of round 3 starts the final phase; the
    # counter counts only the two extra turns.
    state = position(round=3, hands={0: ["ALOA"]}, display=[None, "LALE", None], pile=[],
                     bridges={0: ["ALOA-BARI"], 1: ["KAHU-LALE"]})
    events = act(state, "take 1")
    assert keys(events)[-2:] == ["kahuna.round_end", "kahuna.final_phase"]
    assert state.final_turns_left == 2 and state.to_move() == [1]
    act(state, "skip")
    assert state.final_turns_left == 1 and state.to_move() == [0]
    events = act(state, "skip")
    assert keys(events) == ["kahuna.skip", "kahuna.scoring", "kahuna.game_over"]
    assert state.is_over()
    # Step 3 then step 4: the check runs right after the first interim scoring.
    wiped = position(round=1, bridges={0: ["ALOA-BARI", "ALOA-DUDA"]}, hands={0: ["KAHU"]},
                     display=[None, "LALE", None], pile=[])
    events = act(wiped, "take 1")
    assert keys(events) == ["kahuna.take", "kahuna.round_end", "kahuna.scoring", "kahuna.reshuffle",
                            "kahuna.wipeout", "kahuna.game_over"]
    assert wiped.to_move() == [] and wiped.result()["reason"] == "wipeout"
    # Step 4 before step 5: a wipe-out in an extra turn ends the game unscored.
    final = position(round=3, final_turns_left=1, bridges={0: ["ALOA-BARI"], 1: ["KAHU-LALE"]},
                     hands={0: ["LALE", "LALE"]})
    act(final, "remove KAHU-LALE LALE LALE")
    assert final.is_over() and final.scorings_done == 2
    assert final.result()["reason"] == "wipeout" and final.result()["winners"] == [0]


# -- rounds and scorings (SC-1 .. SC-9) ----------------------------------------------------------------------

def test_SC_1_a_round_ends_when_the_last_card_is_taken():
    state = position(hands={0: ["ALOA"]}, display=["KAHU", "LALE", None], pile=[])
    act(state, "take 0")
    assert state.scorings_done == 0 and state.to_json()["display"] == [None, "LALE", None]
    act(state, "take 1")
    assert state.scorings_done == 1


def test_SC_2_interim_scorings_one_then_two_points():
    board = {0: ["ALOA-BARI", "ALOA-DUDA"]}
    state = position(round=1, bridges=board, hands={0: ["COCO"]}, display=[None, "LALE", None], pile=[])
    events = act(state, "take 1")
    scoring = next(e for e in events if e["key"] == "kahuna.scoring")
    assert scoring["params"] == {"round": 1, "islands": [1, 0], "points": [1, 0]}
    state = position(round=2, bridges={0: ["ALOA-BARI", "ALOA-DUDA"], 1: ["KAHU-LALE", "IFFI-LALE"]},
                     hands={0: ["COCO"]}, display=[None, "LALE", None], pile=[], scores=(0, 1))
    act(state, "take 1")
    assert state.view(0)["scorings"][-1] == {"round": 2, "islands": [1, 1], "points": [0, 0]}
    assert state.scores == [0, 1]
    state = position(round=2, bridges={0: ["ALOA-BARI", "ALOA-DUDA"], 1: ["KAHU-LALE"]},
                     hands={0: ["COCO"]}, display=[None, "LALE", None], pile=[])
    act(state, "take 1")
    assert state.scores == [2, 0]


def test_SC_3_reshuffle_gathers_every_discard_and_deals_again():
    state = position(bridges={0: ["ALOA-BARI"], 1: ["KAHU-LALE"]},
                     hands={0: ["COCO"], 1: ["DUDA", "DUDA"]}, display=[None, "LALE", None], pile=[],
                     hidden_discards={1: ["ELAI"]}, previous_turn_skipped=True, seed=5)
    gathered = sorted(state.to_json()["open_discard"] + ["ELAI"])
    rng = Rng(state.rng)
    rng.shuffle(gathered)
    events = act(state, "take 1")
    data = state.to_json()
    assert data["display"] == gathered[:3] and data["pile"] == gathered[3:]
    assert data["open_discard"] == [] and data["hidden_discards"] == [[], []]
    assert data["hands"] == [["COCO", "LALE"], ["DUDA", "DUDA"]]
    assert data["bridges"] == [["ALOA-BARI"], ["KAHU-LALE"]]
    assert events[-1] == {"key": "kahuna.reshuffle", "params": {"pile": len(gathered) - 3}}
    assert state.to_move() == [1] and state.previous_turn_skipped is False


def test_SC_4_a_reshuffle_always_fills_the_display():
    seen = 0
    for seed in range(60):
        _, log = random_game_log(seed)
        for _, _, events in log:
            for event in events:
                if event["key"] == "kahuna.reshuffle":
                    seen += 1
                    assert event["params"]["pile"] + 3 >= 14
    assert seen > 60


def test_SC_5_end_of_round_three_starts_the_final_phase_unscored():
    state = position(round=3, hands={0: ["ALOA"]}, display=[None, "LALE", None], pile=[],
                     bridges={0: ["ALOA-BARI", "ALOA-DUDA"], 1: ["KAHU-LALE"]})
    act(state, "take 1")
    assert state.scorings_done == 2 and state.scores == [0, 0]
    assert state.view(0)["final_phase"] is True and state.view(0)["final_turns_left"] == 2


def test_SC_6_two_extra_turns_opponent_first():
    state = position(round=3, to_move=1, hands={1: ["ALOA"], 0: ["KAHU"]},
                     display=[None, "LALE", None], pile=[],
                     bridges={0: ["ALOA-BARI", "ALOA-DUDA"], 1: ["KAHU-LALE"]})
    act(state, "take 1")
    assert state.to_move() == [0]
    act(state, "place GOLA-KAHU KAHU", "skip")
    assert state.to_move() == [1]
    act(state, "place ALOA-HUNA ALOA", "skip")
    assert state.is_over()


def test_SC_7_final_scoring_is_the_difference():
    state = position(round=3, final_turns_left=1, scores=(1, 2),
                     bridges={0: ["ALOA-BARI", "ALOA-DUDA", "HUNA-LALE", "IFFI-LALE",
                                  "COCO-GOLA", "COCO-KAHU", "COCO-FAAA"],
                              1: ["BARI-ELAI"]})
    act(state, "skip")
    assert state.view(0)["scorings"][-1] == {"round": 3, "islands": [3, 0], "points": [3, 0]}
    assert state.scores == [4, 2]


def test_SC_8_the_total_is_the_sum_of_the_three_scorings():
    for seed in range(30):
        state, _ = random_game_log(seed)
        result = state.result()
        if result["reason"] == "wipeout":
            continue
        rounds = result["breakdown"]["scorings"]
        assert [s["round"] for s in rounds] == [1, 2, 3]
        assert result["scores"] == [sum(s["points"][p] for s in rounds) for p in (0, 1)]


def final_turn(scores, scorings=None, p0=("ALOA-BARI", "ALOA-DUDA"), p1=("KAHU-LALE", "IFFI-LALE")):
    state = position(round=3, final_turns_left=1, scores=scores, scorings=scorings,
                     bridges={0: list(p0), 1: list(p1)})
    act(state, "skip")
    return state.result()


def test_SC_9_totals_then_final_scoring_then_bridges_then_draw():
    # 1. points
    result = final_turn((3, 0), p0=("ALOA-BARI",), p1=("KAHU-LALE", "IFFI-LALE"))
    assert result["scores"] == [3, 1] and result["winners"] == [0] and result["reason"] == "points"
    # 2. equal totals: the final scorer wins
    result = final_turn((0, 1), p0=("ALOA-BARI", "ALOA-DUDA"), p1=("HUNA-LALE",))
    assert result["scores"] == [1, 1] and result["winners"] == [0]
    assert result["reason"] == "final_scoring"
    # 3. all scorings tied: more bridges on the board
    result = final_turn((0, 0), p0=("ALOA-BARI", "ALOA-DUDA", "COCO-GOLA"))
    assert result["winners"] == [0] and result["reason"] == "bridges"
    # 4. a draw lists both players
    result = final_turn((0, 0))
    assert result["winners"] == [0, 1] and result["reason"] == "draw"


def test_SC_10_wipeout_ends_the_game_at_once_in_round_two():
    state = position(round=2, scores=(0, 1), bridges={0: ["BARI-ELAI"], 1: ["ELAI-HUNA"]},
                     hands={0: ["ELAI", "HUNA", "KAHU"]})
    events = act(state, "remove ELAI-HUNA ELAI HUNA")
    assert keys(events) == ["kahuna.remove", "kahuna.wipeout", "kahuna.game_over"]
    assert events[1]["player"] == 1
    assert state.is_over() and state.to_move() == [] and state.legal_moves(0) == []
    assert state.result()["winners"] == [0] and state.result()["reason"] == "wipeout"
    refused(state, "skip", match="game is over")


def test_SC_10_never_in_round_one():
    state = position(round=1, bridges={0: ["BARI-ELAI"], 1: ["ELAI-HUNA"]}, hands={0: ["ELAI", "HUNA"]})
    act(state, "remove ELAI-HUNA ELAI HUNA")
    assert not state.is_over()


def test_SC_11_both_players_without_bridges_do_not_end_the_game():
    state = position(round=2, hands={0: ["ALOA"], 1: ["BARI"]})
    assert not state.is_over()
    act(state, "skip")
    assert not state.is_over()


def test_SC_12_the_result_record():
    state = position(round=3, final_turns_left=1, scores=(1, 2),
                     bridges={0: ["ALOA-BARI", "ALOA-DUDA"], 1: ["KAHU-LALE"]})
    assert state.result() is None
    act(state, "skip")
    assert state.result() == {
        "scores": [2, 2], "winners": [0], "reason": "final_scoring",
        "breakdown": {"scorings": [{"round": 1, "islands": [1, 0], "points": [1, 0]},
                                   {"round": 2, "islands": [0, 1], "points": [0, 2]},
                                   {"round": 3, "islands": [1, 0], "points": [1, 0]}],
                      "bridges_on_board": [2, 1], "controlled": [1, 0]}}


def test_SC_13_games_end_within_134_turns_of_at_most_six_actions():
    for seed in range(60):
        state, log = random_game_log(seed)
        turns, actions = 0, 0
        for before, move, _ in log:
            actions += 1
            assert actions <= 6
            if move.kind in ("draw", "take", "skip"):
                turns += 1
                actions = 0
        assert state.is_over() and turns <= 134


# -- hidden information (HI-1 .. HI-6) -----------------------------------------------------------------------------

def test_HI_1_public_facts_are_in_every_view():
    state = position(round=2, scores=(1, 0), bridges={0: ["ALOA-BARI"], 1: ["KAHU-LALE"]},
                     hands={0: ["COCO", "DUDA"], 1: FULL}, hidden_discards={1: ["FAAA"]},
                     display=["GOLA", "HUNA", "IFFI"], pile=11, open_discard=["ALOA", "LALE"],
                     to_move=1, previous_turn_skipped=True)
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert view["lines"][0]["owner"] == 0 and view["lines"][26]["owner"] == 1
        assert view["supply"] == [24, 24] and view["scores"] == [1, 0]
        assert view["round"] == 2
        assert view["previous_turn_skipped"] is True
        assert view["display"] == ["GOLA", "HUNA", "IFFI"] and view["pile_size"] == 11
        assert view["hand_sizes"] == [2, 5]
        assert view["open_discard"] == ["ALOA", "LALE"]
        assert view["hidden_discard_counts"] == [0, 1]


def test_HI_2_own_hand_and_own_hidden_discards_only():
    state = position(hands={0: FULL, 1: ["FAAA", "GOLA"]})
    act(state, "hide BARI")
    assert state.view(0)["own_hidden_discards"] == ["BARI"]
    assert state.view(1)["own_hidden_discards"] == []
    assert state.view(None)["own_hidden_discards"] is None
    assert state.view(0)["hand"] == ["ALOA", "COCO", "DUDA", "ELAI"]
    assert state.view(1)["hand"] == ["FAAA", "GOLA"]
    assert "BARI" not in json.dumps(state.view(1)["hand"] + state.view(1)["known_hands"][0])


def hidden_twins():
    """Two positions that differ only in P1's hand and the pile order."""
    common = dict(round=2, scores=(0, 1), bridges={0: ["ALOA-BARI"], 1: ["KAHU-LALE"]},
                  display=["COCO", "DUDA", "ELAI"], open_discard=["ALOA", "LALE"],
                  known_hands={1: ["GOLA"]}, hidden_discards={0: ["JOJO"]})
    a = position(hands={0: ["BARI", "HUNA"], 1: ["GOLA", "IFFI", "IFFI"]},
                 pile=["FAAA", "FAAA", "GOLA", "HUNA", "ALOA", "BARI", "COCO", "DUDA", "ELAI",
                       "JOJO", "KAHU", "KAHU", "LALE"], **common)
    b = position(hands={0: ["BARI", "HUNA"], 1: ["GOLA", "KAHU", "FAAA"]},
                 pile=["LALE", "KAHU", "JOJO", "ELAI", "DUDA", "COCO", "BARI", "ALOA", "HUNA",
                       "GOLA", "IFFI", "IFFI", "FAAA"], **common)
    return a, b


def test_HI_3_pile_order_and_other_hand_never_shown():
    a, b = hidden_twins()
    assert a.to_json() != b.to_json()
    assert a.view(0) == b.view(0)
    assert a.view(None) == b.view(None)
    assert a.view(1) != b.view(1)
    assert a.view(0)["hand"] == ["BARI", "HUNA"] and a.view(0)["known_hands"] == [[], ["GOLA"]]
    assert "pile" not in a.view(0) and "hands" not in a.view(0)


def test_HI_3_views_hide_the_other_hand_along_random_games():
    for state in random_states(range(12), every=4):
        data = state.to_json()
        for viewer in (0, 1):
            other = 1 - viewer
            twin_data = copy.deepcopy(data)
            hand_other = twin_data["hands"][other]
            known = list(twin_data["known_hands"][other])
            unknown = list(hand_other)
            for card in known:
                unknown.remove(card)
            pile = twin_data["pile"]
            swap = next(((u, c) for u in unknown for c in pile if c != u), None)
            if swap is None:
                continue
            u, c = swap
            hand_other.remove(u)
            hand_other.append(c)
            hand_other.sort()
            pile[pile.index(c)] = u
            pile.reverse()
            twin = KahunaState.from_json(twin_data)
            assert twin.view(viewer) == state.view(viewer)
            assert twin.view(other) != state.view(other)
            assert twin.legal_moves(viewer) == state.legal_moves(viewer)


def test_HI_4_what_each_event_shows():
    state = position(hands={0: FULL}, bridges={1: ["FAAA-JOJO"]},
                     display=["GOLA", "HUNA", "IFFI"], pile=["KAHU", "LALE"])
    hide = act(state, "hide ALOA")[0]
    assert event_for(hide, 1) == {"key": "kahuna.hide", "player": 0, "params": {}}
    assert event_for(hide, 0) == {"key": "kahuna.hide.own", "player": 0, "params": {"card": "ALOA"}}
    draw = act(state, "draw")[0]
    assert event_for(draw, 1) == {"key": "kahuna.draw", "player": 0, "params": {}}
    assert event_for(draw, None) == {"key": "kahuna.draw", "player": 0, "params": {}}
    assert event_for(draw, 0)["params"] == {"card": "KAHU"}
    take = act(state, "take 0")[0]
    assert event_for(take, 0) == event_for(take, 1) == take
    assert take["params"] == {"card": "GOLA", "slot": 0, "refill": "LALE"}
    assert act(state, "skip")[0] == {"key": "kahuna.skip", "player": 0, "params": {}}


def test_HI_5_known_hands_from_face_up_takes():
    state = position(hands={0: ["ALOA", "ALOA", "BARI"], 1: ["COCO"]},
                     display=["FAAA", "DUDA", "FAAA"], pile=["GOLA", "HUNA", "IFFI"])
    act(state, "take 0")
    assert state.view(1)["known_hands"] == [["FAAA"], []]
    act(state, "take 1", "take 0")   # P1 takes DUDA; P0 takes the refill GOLA
    assert state.view(0)["known_hands"] == [["FAAA", "GOLA"], ["DUDA"]]
    act(state, "place DUDA-ELAI DUDA")    # P1 plays its known DUDA
    assert state.view(0)["known_hands"] == [["FAAA", "GOLA"], []]
    act(state, "take 2")
    assert state.view(0)["known_hands"] == [["FAAA", "GOLA"], ["FAAA"]]
    # P0 now holds 5; one hidden discard could be any card: each known card drops one copy.
    assert state.hand_sizes[0] == 5
    act(state, "hide ALOA")
    assert state.view(1)["known_hands"] == [[], ["FAAA"]]


def test_HI_5_hidden_discard_lowers_each_known_count_by_one():
    state = position(hands={0: ["FAAA", "FAAA", "GOLA", "ALOA", "BARI"]},
                     known_hands={0: ["FAAA", "FAAA", "GOLA"]})
    act(state, "hide ALOA")
    assert state.view(1)["known_hands"][0] == ["FAAA"]


def test_HI_5_reshuffle_keeps_known_hands():
    state = position(hands={0: ["COCO"], 1: ["DUDA"]}, known_hands={1: ["DUDA"]},
                     bridges={0: ["ALOA-BARI"]}, display=[None, "LALE", None], pile=[])
    act(state, "take 1")
    assert state.scorings_done == 1
    assert state.view(1)["known_hands"] == [["LALE"], ["DUDA"]]


def test_HI_6_nothing_is_revealed_at_the_end():
    state = position(round=3, final_turns_left=1, hands={0: ["ALOA"], 1: ["BARI", "KAHU"]},
                     hidden_discards={1: ["COCO", "DUDA"]}, bridges={0: ["ALOA-DUDA"], 1: ["IFFI-LALE"]})
    act(state, "skip")
    assert state.is_over()
    assert "KAHU" not in json.dumps(state.result())
    assert state.view(0)["hand"] == ["ALOA"] and state.view(0)["known_hands"] == [[], []]
    twin = position(round=3, final_turns_left=1, hands={0: ["ALOA"], 1: ["COCO", "DUDA"]},
                    hidden_discards={1: ["BARI", "KAHU"]}, bridges={0: ["ALOA-DUDA"], 1: ["IFFI-LALE"]})
    act(twin, "skip")
    assert twin.view(0) == state.view(0) and twin.result() == state.result()


# -- invariants (INV-1 .. INV-6) ---------------------------------------------------------------------------------------

def invariant_states():
    return random_states(range(25), every=2)


def test_INV_1_and_INV_2_one_controller_at_most_and_markers_match():
    for state in invariant_states():
        for island in state.view(None)["islands"]:
            over = [p for p in (0, 1) if island["counts"][p] >= island["needed"]]
            assert len(over) <= 1
            assert island["controller"] == (over[0] if over else None)


def test_INV_3_bridges_plus_supply_is_25():
    for state in invariant_states():
        view = state.view(None)
        assert [view["on_board"][p] + view["supply"][p] for p in (0, 1)] == [25, 25]
        assert view["on_board"] == [sum(1 for line in view["lines"] if line["owner"] == p)
                                    for p in (0, 1)]
    data = Kahuna.new(seed=1).to_json()
    data["bridges"][0] = [f"{a}-{b}" for a, b in LINES][:26]
    with pytest.raises(BadState, match="INV-3"):
        KahunaState.from_json(data)


def test_INV_4_twenty_four_cards_two_per_island():
    for state in invariant_states():
        data = state.to_json()
        cards = (data["hands"][0] + data["hands"][1] + data["pile"] + data["open_discard"]
                 + data["hidden_discards"][0] + data["hidden_discards"][1]
                 + [c for c in data["display"] if c])
        assert sorted(cards) == sorted(DECK)
    data = Kahuna.new(seed=1).to_json()
    data["pile"][0] = data["pile"][1] if data["pile"][1] != data["pile"][0] else data["pile"][2]
    with pytest.raises(BadState, match="INV-4"):
        KahunaState.from_json(data)


def test_INV_5_hands_hold_zero_to_five():
    for state in invariant_states():
        assert all(0 <= n <= 5 for n in state.view(None)["hand_sizes"])
    data = Kahuna.new(seed=1).to_json()
    data["hands"][0] = sorted(data["hands"][0] + data["pile"][:3])
    data["pile"] = data["pile"][3:]
    with pytest.raises(BadState, match="INV-5"):
        KahunaState.from_json(data)


def test_INV_6_a_nonempty_pile_means_a_full_display():
    for state in invariant_states():
        view = state.view(None)
        if view["pile_size"]:
            assert None not in view["display"]
    data = Kahuna.new(seed=1).to_json()
    data["open_discard"] = [data["display"][1]]
    data["display"][1] = None
    with pytest.raises(BadState, match="INV-6"):
        KahunaState.from_json(data)


# -- move notation ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,fields", [
    ("place ALOA-BARI ALOA", {"kind": "place", "line": 0, "card": "ALOA"}),
    ("place KAHU-LALE LALE", {"kind": "place", "line": 26, "card": "LALE"}),
    ("remove ELAI-HUNA ELAI HUNA", {"kind": "remove", "line": 13, "cards": ["ELAI", "HUNA"]}),
    ("remove ELAI-HUNA HUNA HUNA", {"kind": "remove", "line": 13, "cards": ["HUNA", "HUNA"]}),
    ("hide ALOA", {"kind": "hide", "card": "ALOA"}),
    ("draw", {"kind": "draw"}),
    ("take 1", {"kind": "take", "slot": 1}),
    ("skip", {"kind": "skip"}),
])
def test_notation_round_trip_and_to_dict(text, fields):
    move = KahunaMove.parse(text)
    assert str(move) == text
    assert move.to_dict() == dict(fields, text=text)
    assert KahunaMove.parse(str(move)) == move and hash(KahunaMove.parse(text)) == hash(move)
    assert KahunaMove.parse("  " + text.replace(" ", "   ") + " ") == move


def test_every_generated_move_round_trips():
    for state in random_states(range(5), every=1):
        for move in state.legal_moves(state.player):
            assert KahunaMove.parse(str(move)) is move


def test_moves_are_frozen_values():
    move = KahunaMove.parse("take 1")
    with pytest.raises(AttributeError):
        move.slot = 2
    assert KahunaMove("remove", 13, (7, 4)) == KahunaMove.parse("remove ELAI-HUNA ELAI HUNA")
    with pytest.raises(ValueError):
        KahunaMove("place", 99, (0,))
    with pytest.raises(ValueError):
        KahunaMove("take", slot=3)


@pytest.mark.parametrize("text,reason", [
    ("", "empty"),
    ("   ", "empty"),
    ("fly", "unknown move"),
    ("Place ALOA-BARI ALOA", "unknown move"),
    ("place", "takes 2 argument"),
    ("place ALOA-BARI", "takes 2 argument"),
    ("place ALOA-BARI ALOA BARI", "takes 2 argument"),
    ("place BARI-ALOA ALOA", "first island first"),
    ("place ALOA-COCO ALOA", "no line joins"),
    ("place ALOA-ALOA ALOA", "no line joins"),
    ("place ALOABARI ALOA", "written like"),
    ("place ALOA-BARI-COCO ALOA", "written like"),
    ("place ALOA-BARI aloa", "not an island"),
    ("place ALOA-ZZZZ ALOA", "not an island"),
    ("remove ELAI-HUNA HUNA ELAI", "alphabetical order"),
    ("remove ELAI-HUNA ELAI", "takes 3 argument"),
    ("hide", "takes 1 argument"),
    ("hide MOON", "not an island"),
    ("draw 1", "takes 0 argument"),
    ("skip now", "takes 0 argument"),
    ("take", "takes 1 argument"),
    ("take 3", "slot is 0, 1 or 2"),
    ("take -1", "slot is 0, 1 or 2"),
    ("take 01", "slot is 0, 1 or 2"),
    ("take one", "slot is 0, 1 or 2"),
])
def test_parse_errors_are_clear(text, reason):
    with pytest.raises(ValueError, match=reason):
        KahunaMove.parse(text)
    state = Kahuna.new(seed=1)
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.play(state.player, text)
    assert info.value.key == "error.malformed"
    assert state.to_json() == before


def test_parse_refuses_non_text():
    with pytest.raises(ValueError, match="text"):
        KahunaMove.parse(17)


# -- illegal moves change nothing ---------------------------------------------------------------------

@pytest.mark.parametrize("setup,move,player", [
    (dict(hands={0: ["ALOA"]}), "place ALOA-BARI BARI", None),
    (dict(hands={0: ["ALOA"]}, bridges={0: ["ALOA-BARI"]}), "place ALOA-BARI ALOA", None),
    (dict(hands={0: ["ALOA"]}), "place ALOA-DUDA ALOA", 1),
    (dict(hands={0: ["ALOA"]}), "remove ALOA-BARI ALOA BARI", None),
    (dict(hands={0: ["ALOA", "BARI"]}, bridges={0: ["ALOA-BARI"]}), "remove ALOA-BARI ALOA BARI", None),
    (dict(hands={0: ["ALOA"]}, bridges={1: ["ALOA-BARI"]}), "remove ALOA-BARI ALOA ALOA", None),
    (dict(hands={0: ["ALOA"]}), "hide ALOA", None),
    (dict(hands={0: FULL}), "draw", None),
    (dict(hands={0: FULL}), "take 0", None),
    (dict(hands={0: ["ALOA"]}, previous_turn_skipped=True), "skip", None),
    (dict(hands={0: ["ALOA"]}, pile=[], display=["BARI", None, None]), "draw", None),
    (dict(hands={0: ["ALOA"]}, pile=[], display=["BARI", None, None]), "take 2", None),
    (dict(round=3, final_turns_left=2, hands={0: ["ALOA"]}), "draw", None),
    (dict(hands={0: ["ALOA"]}), "fly away", None),
    (dict(hands={0: ["ALOA"]}), None, None),
    (dict(hands={0: ["ALOA"]}), 3, None),
    (dict(hands={0: ["ALOA"]}), "draw", 7),
])
def test_illegal_moves_leave_the_state_exactly_unchanged(setup, move, player):
    state = position(**setup)
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.play(state.player if player is None else player, move)
    assert str(info.value)
    assert state.to_json() == before
    assert state.legal_moves(state.player) == position(**setup).legal_moves(state.player)


def test_illegal_mid_turn_moves_keep_the_turn_as_it_was():
    state = position(hands={0: FULL})
    act(state, "hide ALOA")
    before = state.to_json()
    for move in ("skip", "place BARI-COCO BARI", "hide ALOA", "take 5"):
        with pytest.raises(IllegalMove):
            state.play(0, move)
    assert state.to_json() == before and state.committed_to_draw is True


# -- reveals (the undo policy) ------------------------------------------------------------------------

def test_reveals_draws_takes_and_skips_only():
    state = Kahuna.new(seed=1)
    p = state.player
    assert [state.reveals(p, m) for m in ("draw", "take 0", "skip")] == [True, True, True]
    assert [state.reveals(p, m) for m in ("place ALOA-BARI ALOA", "remove ELAI-HUNA ELAI HUNA",
                                          "hide ALOA")] == [False, False, False]
    assert state.reveals(p, KahunaMove.parse("draw")) is True


# -- view schema ------------------------------------------------------------------------------------------

def test_view_schema():
    state = Kahuna.new(seed=5, first_player=0)
    view = state.view(0)
    assert list(view) == ["game", "viewer", "round", "scorings_done", "final_phase",
                          "final_turns_left", "previous_turn_skipped", "committed_to_draw",
                          "islands", "lines", "supply", "on_board", "controlled", "hand",
                          "hand_sizes", "known_hands", "display", "pile_size", "open_discard",
                          "hidden_discard_counts", "own_hidden_discards", "scores", "scorings"]
    assert view["islands"][0] == {"name": "ALOA", "x": 100, "y": 80, "degree": 3, "needed": 2,
                                  "controller": None, "counts": [0, 0]}
    assert view["lines"][13] == {"id": 13, "a": "ELAI", "b": "HUNA", "owner": None}
    assert json.loads(json.dumps(view)) == view
    spectator = state.view(None)
    assert spectator["viewer"] is None and spectator["hand"] is None
    assert spectator["own_hidden_discards"] is None


# -- determinize --------------------------------------------------------------------------------------------

def test_determinize_keeps_the_view_and_the_own_secrets():
    state = position(hands={0: FULL, 1: ["FAAA", "GOLA", "KAHU"]}, known_hands={1: ["GOLA"]},
                     bridges={0: ["ALOA-BARI"], 1: ["KAHU-LALE"]})
    act(state, "hide ALOA")
    for seed in range(10):
        twin = state.determinize(0, Rng(seed))
        assert twin.view(0) == state.view(0)
        assert hand(twin, 0) == hand(state, 0)
        assert twin.to_json()["hidden_discards"][0] == ["ALOA"]
        assert "GOLA" in hand(twin, 1) and len(hand(twin, 1)) == 3
        KahunaState.from_json(twin.to_json())          # a valid position
    worlds = {json.dumps(state.determinize(0, Rng(s)).to_json()) for s in range(10)}
    assert len(worlds) > 1, "the unseen cards are really resampled"


def test_determinize_is_equal_for_indistinguishable_states():
    a, b = hidden_twins()
    assert a.determinize(0, Rng(42)).to_json() == b.determinize(0, Rng(42)).to_json()
    assert a.determinize(1, Rng(42)).to_json() != b.determinize(1, Rng(42)).to_json(), \
        "P1 can tell them apart (its own hand differs)"


def test_determinize_does_not_touch_the_original():
    state = Kahuna.new(seed=9)
    before = state.to_json()
    state.determinize(0, Rng(1))
    state.determinize(1, Rng(2))
    assert state.to_json() == before


# -- JSON ------------------------------------------------------------------------------------------------

def test_json_round_trip_along_random_games():
    for state in random_states(range(8), every=1):
        data = state.to_json()
        again = KahunaState.from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data
        assert again.view(0) == state.view(0)
        assert again.legal_moves(again.player) == state.legal_moves(state.player)
        assert Kahuna.from_json(data).to_json() == data


def test_json_round_trip_keeps_the_future():
    state = Kahuna.new(seed=13)
    rng = Rng(5)
    for _ in range(60):
        p = state.player
        state.play(p, rng.choice(state.legal_moves(p)))
    copy_ = KahunaState.from_json(state.to_json())
    rng_a, rng_b = Rng(8), Rng(8)
    while not state.is_over():
        p = state.player
        state.play(p, rng_a.choice(state.legal_moves(p)))
        copy_.play(p, rng_b.choice(copy_.legal_moves(p)))
    assert copy_.to_json() == state.to_json()


def mutated(change):
    data = Kahuna.new(seed=3, first_player=0).to_json()
    change(data)
    return data


BAD = [
    ("JSON object", lambda d: None),
    ("missing", lambda d: d.pop("pile")),
    ("unknown field", lambda d: d.update(extra=1)),
    ("not a Kahuna position", lambda d: d.update(game="moai")),
    ("to_move", lambda d: d.update(to_move=2)),
    ("to_move", lambda d: d.update(to_move=True)),
    ("true or false", lambda d: d.update(over=1)),
    ("rng", lambda d: d.update(rng=-1)),
    ("rng", lambda d: d.update(rng=1 << 64)),
    ("not a line", lambda d: d["bridges"][0].append("ALOA-COCO")),
    ("more than one bridge", lambda d: d["bridges"].__setitem__(1, ["ALOA-BARI"]) or
     d["bridges"].__setitem__(0, ["ALOA-BARI"])),
    ("not an island", lambda d: d["hands"][0].__setitem__(0, "MOON")),
    ("3 slots", lambda d: d.update(display=d["display"][:2])),
    ("not in the hand", lambda d: d["known_hands"].__setitem__(1, ["ALOA", "ALOA", "ALOA"])),
    ("sum of the scorings", lambda d: d.update(scores=[1, 0])),
    ("scorings_done", lambda d: d.update(scorings_done=4)),
    ("scoring", lambda d: d.update(scorings_done=1)),
    ("final phase comes after", lambda d: d.update(final_turns_left=2)),
    ("final_turns_left", lambda d: d.update(final_turns_left=3)),
    ("face-down discard", lambda d: d.update(committed_to_draw=True)),
    ("result", lambda d: d.update(result={"scores": [0, 0]})),
    ("finished game", lambda d: d.update(over=True)),
    ("list of two", lambda d: d.update(hands=[[]])),
    ("list of island names", lambda d: d.update(pile="ALOA")),
]


@pytest.mark.parametrize("message,change", BAD, ids=[f"{i}-{m}" for i, (m, _) in enumerate(BAD)])
def test_from_json_refuses_bad_data(message, change):
    data = None if message == "JSON object" else mutated(change)
    with pytest.raises(BadState, match=message):
        KahunaState.from_json(data)


def test_from_json_refuses_impossible_turns():
    with pytest.raises(BadState, match="should have ended"):
        position(round=2, bridges={0: ["ALOA-BARI"]})
    with pytest.raises(BadState, match="KH-26"):
        position(round=1, display=[None, None, None], pile=[])
    with pytest.raises(BadState, match="SC-5"):
        position(round=3, final_turns_left=2, display=["ALOA", "BARI", "COCO"], pile=[])
    with pytest.raises(BadState, match="SC-2"):
        position(round=2, scores=(0, 0), scorings=[([2, 1], [0, 0])])
    with pytest.raises(BadState, match="not placed anywhere"):
        position(display=["ALOA", "BARI", "COCO"], pile=[], open_discard=[])
