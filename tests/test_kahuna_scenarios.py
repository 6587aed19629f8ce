"""Kahuna: the test scenarios T-1 to T-12 of docs/rules/kahuna.md, section 8.

Each test builds the scenario's position explicitly and asserts the exact
position, controllers and scores the spec states. Cards the spec leaves out are
dealt by ``KahunaState.from_position`` (alphabetically: display, pile, open
discard), which respects INV-1 to INV-6 as the spec's conventions require.
"""

import pytest

from pygame_core.engine import event_for
from pygame_core.games.kahuna import LINES

from kahuna_helpers import act, bridges, controllers, hand, legal, position, refused


# -- T-1 Seed example: removing the HUNA-ELAI bridge ------------------------------------------

def t1(p0_hand):
    return position(round=1, to_move=0, hands={0: p0_hand},
                    bridges={0: ["BARI-ELAI"], 1: ["ALOA-HUNA", "ELAI-HUNA", "HUNA-IFFI"]})


def assert_t1_board_after_removing_elai_huna(state):
    assert bridges(state) == {0: {"BARI-ELAI"}, 1: {"ALOA-HUNA", "HUNA-IFFI"}}
    view = state.view(0)
    assert view["on_board"] == [1, 2] and view["supply"] == [24, 23]
    assert view["islands"][7]["name"] == "HUNA" and view["islands"][7]["counts"] == [0, 2]
    assert controllers(state) == {}
    assert state.to_move() == [0], "P0's turn continues"


def test_T_1_a_remove_with_one_card_of_each_end():
    state = t1(["ELAI", "HUNA", "KAHU"])
    assert controllers(state) == {"HUNA": 1}
    discard_before = state.view(0)["open_discard"]
    act(state, "remove ELAI-HUNA ELAI HUNA")
    assert_t1_board_after_removing_elai_huna(state)
    assert hand(state, 0) == ["KAHU"]
    assert state.view(0)["open_discard"] == discard_before + ["ELAI", "HUNA"]


def test_T_1_b_remove_with_two_huna_cards():
    state = t1(["HUNA", "HUNA", "KAHU"])
    assert {"remove ELAI-HUNA HUNA HUNA", "remove ALOA-HUNA HUNA HUNA",
            "remove HUNA-IFFI HUNA HUNA"} <= legal(state)
    act(state, "remove ELAI-HUNA HUNA HUNA")
    assert_t1_board_after_removing_elai_huna(state)
    assert hand(state, 0) == ["KAHU"]


def test_T_1_c_two_elai_cards_have_one_target():
    state = t1(["ELAI", "ELAI"])
    assert [m for m in legal(state) if m.startswith("remove")] == ["remove ELAI-HUNA ELAI ELAI"]
    act(state, "remove ELAI-HUNA ELAI ELAI")
    assert_t1_board_after_removing_elai_huna(state)


def test_T_1_d_iffi_is_not_an_end_of_elai_huna():
    state = t1(["HUNA", "IFFI"])
    refused(state, "remove ELAI-HUNA HUNA IFFI", match="IFFI is not an end of ELAI-HUNA")
    assert [m for m in legal(state) if m.startswith("remove")] == ["remove HUNA-IFFI HUNA IFFI"]
    events = act(state, "remove HUNA-IFFI HUNA IFFI")
    assert {"key": "kahuna.marker_lost", "player": 1, "params": {"island": "HUNA"}} in events
    assert bridges(state)[1] == {"ALOA-HUNA", "ELAI-HUNA"}
    assert controllers(state) == {}


def test_T_1_e_elai_and_iffi_remove_nothing():
    state = t1(["ELAI", "IFFI"])
    assert not [m for m in legal(state) if m.startswith("remove")]
    refused(state, "remove ELAI-IFFI ELAI IFFI", match="no bridge on ELAI-IFFI")
    refused(state, "remove ELAI-HUNA ELAI IFFI", match="IFFI is not an end")


def test_T_1_f_own_bridge_cannot_be_removed():
    state = t1(["BARI", "ELAI"])
    refused(state, "remove BARI-ELAI BARI ELAI", match="own bridge")
    assert not [m for m in legal(state) if m.startswith("remove")]


# -- T-2 Taking control with a double cascade -------------------------------------------------------

@pytest.mark.parametrize("card", ["GOLA", "JOJO"])
def test_T_2_taking_jojo_strips_two_bridges_and_drops_two_markers(card):
    state = position(round=1, to_move=0, hands={0: [card]},
                     bridges={0: ["ELAI-JOJO", "FAAA-JOJO"],
                              1: ["IFFI-JOJO", "HUNA-IFFI", "IFFI-LALE",
                                  "JOJO-KAHU", "COCO-KAHU", "GOLA-KAHU"]})
    assert controllers(state) == {"IFFI": 1, "KAHU": 1}
    assert state.view(0)["supply"] == [23, 19]
    events = act(state, f"place GOLA-JOJO {card}")
    assert [(e["key"], e["params"]) for e in events] == [
        ("kahuna.place", {"line": "GOLA-JOJO", "card": card}),
        ("kahuna.control", {"island": "JOJO"}),
        ("kahuna.strip", {"line": "IFFI-JOJO"}),
        ("kahuna.marker_lost", {"island": "IFFI"}),
        ("kahuna.strip", {"line": "JOJO-KAHU"}),
        ("kahuna.marker_lost", {"island": "KAHU"}),
    ]
    assert bridges(state) == {0: {"ELAI-JOJO", "FAAA-JOJO", "GOLA-JOJO"},
                              1: {"HUNA-IFFI", "IFFI-LALE", "COCO-KAHU", "GOLA-KAHU"}}
    assert controllers(state) == {"JOJO": 0}
    counts = {i["name"]: i["counts"] for i in state.view(0)["islands"]}
    assert counts["IFFI"] == [0, 2] and counts["KAHU"] == [0, 2] and counts["GOLA"] == [1, 1]
    assert state.view(0)["supply"] == [22, 21]


# -- T-3 One placement, two new controls ------------------------------------------------------------

def test_T_3_one_placement_takes_aloa_and_huna():
    state = position(round=1, to_move=0, hands={0: ["ALOA"]},
                     bridges={0: ["ALOA-BARI", "DUDA-HUNA", "HUNA-LALE"],
                              1: ["ALOA-DUDA", "BARI-DUDA", "DUDA-ELAI", "ELAI-HUNA"]})
    assert controllers(state) == {"DUDA": 1}
    events = act(state, "place ALOA-HUNA ALOA")
    assert [e["params"]["island"] for e in events if e["key"] == "kahuna.control"] == ["ALOA", "HUNA"]
    assert sorted(e["params"]["line"] for e in events if e["key"] == "kahuna.strip") == \
        ["ALOA-DUDA", "ELAI-HUNA"]
    assert [e["params"]["island"] for e in events if e["key"] == "kahuna.marker_lost"] == ["DUDA"]
    assert controllers(state) == {"ALOA": 0, "HUNA": 0}
    assert bridges(state)[1] == {"BARI-DUDA", "DUDA-ELAI"}


# -- T-4 No new stripping on an island already controlled ----------------------------------------------

def test_T_4_no_stripping_on_an_island_already_held():
    state = position(round=1, to_move=0, hands={0: ["ELAI"]},
                     bridges={0: ["BARI-ELAI", "DUDA-ELAI", "ELAI-FAAA", "ELAI-IFFI"],
                              1: ["ELAI-JOJO"]})
    assert controllers(state) == {"ELAI": 0}
    events = act(state, "place ELAI-HUNA ELAI")
    assert [e["key"] for e in events] == ["kahuna.place"]
    assert bridges(state)[1] == {"ELAI-JOJO"}
    counts = {i["name"]: i["counts"] for i in state.view(0)["islands"]}
    assert counts["ELAI"] == [5, 1] and counts["HUNA"] == [1, 0]
    assert controllers(state) == {"ELAI": 0}


# -- T-5 Round end, interim scoring and reshuffle ---------------------------------------------------------

BOARD_S = {
    0: ["ALOA-BARI", "ALOA-DUDA", "BARI-COCO", "BARI-ELAI", "DUDA-HUNA",
        "ELAI-FAAA", "ELAI-JOJO", "FAAA-JOJO", "HUNA-LALE"],
    1: ["COCO-GOLA", "GOLA-JOJO", "GOLA-KAHU", "IFFI-JOJO", "IFFI-KAHU",
        "IFFI-LALE", "JOJO-KAHU", "KAHU-LALE"],
}
T5_OPEN = ["ALOA", "BARI", "COCO", "DUDA", "ELAI", "FAAA", "FAAA", "GOLA", "HUNA", "HUNA",
           "IFFI", "IFFI", "JOJO", "JOJO", "KAHU", "LALE", "LALE"]


def test_board_S_controllers():
    state = position(round=1, bridges=BOARD_S)
    assert controllers(state) == {"ALOA": 0, "BARI": 0, "GOLA": 1, "IFFI": 1, "JOJO": 1,
                                  "KAHU": 1, "LALE": 1}


def t5(board):
    return position(round=1, to_move=0, previous_turn_skipped=False, scores=(0, 0), bridges=board,
                    hands={0: ["ALOA", "BARI"], 1: ["COCO", "DUDA", "ELAI"]},
                    display=["KAHU", None, None], pile=[], hidden_discards={1: ["GOLA"]},
                    open_discard=T5_OPEN)


def test_T_5_round_end_interim_scoring_and_reshuffle():
    state = t5(BOARD_S)
    refused(state, "draw", match="pile is empty")
    events = act(state, "take 0")
    keys = [e["key"] for e in events]
    assert keys == ["kahuna.take", "kahuna.round_end", "kahuna.scoring", "kahuna.reshuffle"]
    assert events[2]["params"] == {"round": 1, "islands": [2, 5], "points": [0, 1]}
    data = state.to_json()
    assert data["hands"] == [["ALOA", "BARI", "KAHU"], ["COCO", "DUDA", "ELAI"]]
    assert data["scores"] == [0, 1]
    assert None not in data["display"] and len(data["pile"]) == 15
    assert sorted(data["display"] + data["pile"]) == sorted(T5_OPEN + ["GOLA"])
    assert data["open_discard"] == [] and data["hidden_discards"] == [[], []]
    assert bridges(state) == {0: set(BOARD_S[0]), 1: set(BOARD_S[1])}
    assert controllers(state) == {"ALOA": 0, "BARI": 0, "GOLA": 1, "IFFI": 1, "JOJO": 1,
                                  "KAHU": 1, "LALE": 1}
    assert not state.is_over()
    assert state.to_move() == [1] and state.previous_turn_skipped is False
    assert state.view(1)["round"] == 2


def test_T_5_variant_equal_island_counts_score_nothing():
    board = {0: ["ALOA-BARI", "ALOA-DUDA", "HUNA-LALE", "IFFI-LALE", "COCO-GOLA", "COCO-KAHU",
                 "COCO-FAAA"],
             1: ["ELAI-FAAA", "ELAI-HUNA", "ELAI-IFFI", "ELAI-JOJO", "GOLA-JOJO", "FAAA-JOJO",
                 "IFFI-JOJO", "FAAA-GOLA"]}
    state = position(round=1, to_move=0, bridges=board,
                     hands={0: ["ALOA", "BARI"], 1: ["COCO", "DUDA", "ELAI"]},
                     display=["KAHU", None, None], pile=[], hidden_discards={1: ["GOLA"]})
    assert state.view(0)["controlled"] == [3, 3]
    events = act(state, "take 0")
    scoring = next(e for e in events if e["key"] == "kahuna.scoring")
    assert scoring["params"] == {"round": 1, "islands": [3, 3], "points": [0, 0]}
    assert state.scores == [0, 0] and state.to_move() == [1]


# -- T-6 Final phase, final scoring and the final-scoring tie-break --------------------------------------

def test_T_6_final_phase_and_final_scoring_tie_break():
    state = position(round=3, to_move=0, scores=(3, 0), bridges=BOARD_S,
                     hands={0: ["ALOA"], 1: ["ALOA", "BARI"]}, display=[None, "LALE", None], pile=[])
    # 1. The last card: round 3 ends and the final phase begins.
    events = act(state, "take 1")
    assert [e["key"] for e in events] == ["kahuna.take", "kahuna.round_end", "kahuna.final_phase"]
    assert hand(state, 0) == ["ALOA", "LALE"]
    assert state.view(1)["final_phase"] is True and state.to_move() == [1]
    assert state.scores == [3, 0]
    # 2. P1's extra turn.
    for move in ("draw", "take 0", "take 1", "hide ALOA"):
        refused(state, move)
    events = act(state, "remove ALOA-BARI ALOA BARI")
    assert [e["params"]["island"] for e in events if e["key"] == "kahuna.marker_lost"] == ["ALOA", "BARI"]
    assert controllers(state) == {"GOLA": 1, "IFFI": 1, "JOJO": 1, "KAHU": 1, "LALE": 1}
    act(state, "skip")
    # 3. P0's extra turn.
    assert state.to_move() == [0]
    assert not [m for m in legal(state) if m.startswith("place") and m.endswith("LALE")]
    events = act(state, "place ALOA-HUNA ALOA")
    assert [e["params"]["island"] for e in events if e["key"] == "kahuna.control"] == ["ALOA", "HUNA"]
    assert not [e for e in events if e["key"] == "kahuna.strip"]
    assert hand(state, 0) == ["LALE"]
    events = act(state, "skip")
    # 4. Final scoring: 2 islands against 5.
    assert controllers(state) == {"ALOA": 0, "HUNA": 0, "GOLA": 1, "IFFI": 1, "JOJO": 1,
                                  "KAHU": 1, "LALE": 1}
    scoring = next(e for e in events if e["key"] == "kahuna.scoring")
    assert scoring["params"] == {"round": 3, "islands": [2, 5], "points": [0, 3]}
    # 5. 3-3: P1 won the final scoring, although P0 has more bridges (9 against 8).
    result = state.result()
    assert result["scores"] == [3, 3]
    assert result["breakdown"]["bridges_on_board"] == [9, 8]
    assert result["winners"] == [1] and result["reason"] == "final_scoring"
    assert events[-1] == {"key": "kahuna.game_over",
                          "params": {"winners": [1], "reason": "final_scoring", "scores": [3, 3]}}


# -- T-7 Bridge tie-break and draw -----------------------------------------------------------------------

def t7(p0):
    state = position(round=3, final_turns_left=1, to_move=0, scores=(0, 0),
                     bridges={0: p0, 1: ["IFFI-LALE", "KAHU-LALE"]})
    assert controllers(state) == {"ALOA": 0, "LALE": 1}
    act(state, "skip")
    return state.result()


def test_T_7_more_bridges_on_the_board_wins():
    result = t7(["ALOA-BARI", "ALOA-DUDA", "COCO-GOLA"])
    assert result["breakdown"]["scorings"][-1] == {"round": 3, "islands": [1, 1], "points": [0, 0]}
    assert result["scores"] == [0, 0]
    assert result["breakdown"]["bridges_on_board"] == [3, 2]
    assert result["winners"] == [0] and result["reason"] == "bridges"


def test_T_7_variant_equal_bridges_is_a_draw():
    result = t7(["ALOA-BARI", "ALOA-DUDA"])
    assert result["scores"] == [0, 0] and result["breakdown"]["bridges_on_board"] == [2, 2]
    assert result["winners"] == [0, 1] and result["reason"] == "draw"


# -- T-8 Skip forbidden ----------------------------------------------------------------------------------

T8_HAND = ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]


def t8(previous_turn_skipped=True):
    return position(round=1, to_move=0, previous_turn_skipped=previous_turn_skipped,
                    hands={0: T8_HAND}, display=["FAAA", "GOLA", "HUNA"], pile=7)


def test_T_8_skip_forbidden_hidden_discard_then_draw():
    state = t8()
    # 1.
    moves = legal(state)
    for move in ("skip", "draw", "take 0", "take 1", "take 2"):
        assert move not in moves
        refused(state, move)
    assert {f"hide {c}" for c in T8_HAND} <= moves
    assert "place ALOA-BARI ALOA" in moves and "place ELAI-HUNA ELAI" in moves
    # 2.
    act(state, "hide COCO")
    assert legal(state) == {"hide ALOA", "hide BARI", "hide DUDA", "hide ELAI",
                            "draw", "take 0", "take 1", "take 2"}
    # 3.
    top = state.to_json()["pile"][0]
    draw_event = state.play(0, "draw")[0]
    assert sorted(hand(state, 0)) == sorted(["ALOA", "BARI", "DUDA", "ELAI", top])
    assert len(state.to_json()["pile"]) == 6
    assert event_for(draw_event, 1) == {"key": "kahuna.draw", "player": 0, "params": {}}
    assert state.view(1)["hidden_discard_counts"] == [1, 0]
    assert state.view(1)["known_hands"][0] == []
    assert state.previous_turn_skipped is False and state.to_move() == [1]
    # 4.
    assert "skip" in legal(state)
    act(state, "skip")
    assert "skip" not in legal(state)
    refused(state, "skip", match="KH-19")


def test_T_8_hidden_discard_event_shows_no_identity():
    state = t8()
    event = state.play(0, "hide COCO")[0]
    assert event_for(event, 1) == {"key": "kahuna.hide", "player": 0, "params": {}}


def test_T_8_step_5_playing_cards_does_not_lift_the_restriction():
    state = t8()
    act(state, "place ALOA-BARI ALOA")
    assert "skip" not in legal(state)
    refused(state, "skip", match="KH-19")
    refill = state.to_json()["pile"][0]
    events = act(state, "take 0")
    assert "FAAA" in hand(state, 0)
    assert state.to_json()["display"] == [refill, "GOLA", "HUNA"]
    assert events[0]["params"] == {"card": "FAAA", "slot": 0, "refill": refill}


def test_T_8_step_6_contrast_skip_legal_with_five_cards():
    state = t8(previous_turn_skipped=False)
    assert "skip" in legal(state)
    act(state, "skip")
    assert state.to_move() == [1] and hand(state, 0) == T8_HAND


# -- T-9 Early end (wipe-out) ------------------------------------------------------------------------------

def assert_wipeout(state, winner):
    result = state.result()
    assert state.is_over() and state.to_move() == []
    assert result["winners"] == [winner] and result["reason"] == "wipeout"
    assert state.legal_moves(winner) == []


def test_T_9_a_wipeout_despite_trailing():
    state = position(round=2, to_move=0, scores=(0, 1), bridges={0: ["BARI-ELAI", "DUDA-HUNA"],
                                                                  1: ["ELAI-HUNA"]},
                     hands={0: ["ELAI", "HUNA", "KAHU"]})
    act(state, "remove ELAI-HUNA ELAI HUNA")
    assert_wipeout(state, 0)
    assert state.result()["scores"] == [0, 1]
    refused(state, "skip", match="over")


def t9b(round):
    return position(round=round, to_move=0, hands={0: ["JOJO"]},
                    bridges={0: ["BARI-ELAI", "ELAI-FAAA", "ELAI-IFFI"], 1: ["DUDA-ELAI", "ELAI-HUNA"]})


def test_T_9_b_wipeout_by_taking_control():
    state = t9b(3)
    events = act(state, "place ELAI-JOJO JOJO")
    assert [e["key"] for e in events] == ["kahuna.place", "kahuna.control", "kahuna.strip",
                                          "kahuna.strip", "kahuna.wipeout", "kahuna.game_over"]
    assert controllers(state) == {"ELAI": 0}
    assert bridges(state)[1] == set()
    assert_wipeout(state, 0)


def test_T_9_c_no_wipeout_in_round_one():
    state = t9b(1)
    act(state, "place ELAI-JOJO JOJO")
    assert controllers(state) == {"ELAI": 0} and bridges(state)[1] == set()
    assert not state.is_over() and state.to_move() == [0]
    assert legal(state) == {"draw", "take 0", "take 1", "take 2", "skip"}


def test_T_9_d_wipeout_right_after_the_first_interim_scoring():
    state = position(round=1, to_move=0, display=[None, "LALE", None], pile=[],
                     bridges={0: ["ALOA-BARI", "ALOA-DUDA"]}, hands={0: ["KAHU"]})
    events = act(state, "take 1")
    assert [e["key"] for e in events] == ["kahuna.take", "kahuna.round_end", "kahuna.scoring",
                                          "kahuna.reshuffle", "kahuna.wipeout", "kahuna.game_over"]
    assert events[2]["params"] == {"round": 1, "islands": [1, 0], "points": [1, 0]}
    assert_wipeout(state, 0)
    assert state.result()["scores"] == [1, 0]


def test_T_9_e_first_bridge_after_both_were_empty():
    state = position(round=2, to_move=0, hands={0: ["ALOA"]})
    assert not state.is_over()
    act(state, "place ALOA-BARI ALOA")
    assert_wipeout(state, 0)


# -- T-10 Refill with an empty pile, and draw exhaustion -------------------------------------------------------

def t10(pile):
    return position(round=1, to_move=0, hands={0: ["BARI", "COCO", "DUDA"]},
                    display=["KAHU", "LALE", "ALOA"], pile=pile)


def test_T_10_a_no_blind_draw_from_an_empty_pile():
    state = t10([])
    refused(state, "draw", match="pile is empty")
    assert "draw" not in legal(state)


def test_T_10_b_empty_slot_stays_empty_and_the_round_goes_on():
    state = t10([])
    act(state, "take 1")
    assert hand(state, 0) == ["BARI", "COCO", "DUDA", "LALE"]
    assert state.to_json()["display"] == ["KAHU", None, "ALOA"]
    assert state.scorings_done == 0 and state.to_move() == [1]


def test_T_10_c_last_pile_card_refills():
    state = t10(["JOJO"])
    act(state, "take 0")
    assert state.to_json()["display"] == ["JOJO", "LALE", "ALOA"]
    assert state.to_json()["pile"] == [] and state.scorings_done == 0
    assert "draw" not in legal(state)
    refused(state, "draw", match="pile is empty")


def test_T_10_d_nothing_to_draw_in_the_final_phase():
    state = position(round=3, final_turns_left=2, to_move=0, previous_turn_skipped=True,
                     hands={0: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]},
                     bridges={0: ["FAAA-GOLA"], 1: ["KAHU-LALE"]})
    for move in ("draw", "take 0", "take 1", "take 2", "hide ALOA"):
        refused(state, move, match="final phase")
    assert "skip" in legal(state)
    act(state, "skip")
    assert state.to_move() == [1]


# -- T-11 Supplies exhausted: 25 bridges placed, 12 islands controlled --------------------------------------------

def test_T_11_all_islands_no_supply_and_a_wipeout_by_removal():
    every = [f"{a}-{b}" for a, b in LINES]
    mine = [line for line in every if line not in ("ELAI-JOJO", "BARI-COCO")]
    state = position(round=2, to_move=0, bridges={0: mine, 1: ["ELAI-JOJO"]},
                     hands={0: ["COCO", "JOJO", "JOJO"]})
    view = state.view(0)
    assert len(mine) == 25 and view["supply"] == [0, 24]
    assert view["controlled"] == [12, 0]
    counts = {i["name"]: i["counts"] for i in view["islands"]}
    assert counts["BARI"] == [4, 0] and counts["COCO"] == [3, 0]
    assert counts["ELAI"] == [5, 1] and counts["JOJO"] == [4, 1]
    refused(state, "place BARI-COCO COCO", match="KH-18")
    assert "remove ELAI-JOJO JOJO JOJO" in legal(state)
    act(state, "remove ELAI-JOJO JOJO JOJO")
    assert state.view(0)["supply"] == [0, 25]
    assert_wipeout(state, 0)


# -- T-12 Face-down discard only with a full hand ---------------------------------------------------------------

def test_T_12_a_no_hidden_discard_with_four_cards():
    state = position(round=1, to_move=0, hands={0: ["ALOA", "BARI", "COCO", "DUDA"]})
    refused(state, "hide ALOA", match="full hand")


def test_T_12_b_two_hidden_discards_then_a_face_up_take():
    state = position(round=1, to_move=0, hands={0: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]})
    taken = state.to_json()["display"][2]
    events = [state.play(0, "hide ALOA")[0], state.play(0, "hide BARI")[0]]
    take = state.play(0, "take 2")[0]
    assert hand(state, 0) == sorted(["COCO", "DUDA", "ELAI", taken])
    assert [event_for(e, 1)["params"] for e in events] == [{}, {}]
    assert event_for(take, 1)["params"]["card"] == taken
    assert state.view(1)["hidden_discard_counts"] == [2, 0]
    assert state.view(1)["known_hands"][0] == [taken]
    assert state.to_move() == [1]


def test_T_12_c_after_a_hidden_discard_no_skip_and_no_play():
    state = position(round=1, to_move=0, hands={0: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]})
    act(state, "hide ALOA")
    refused(state, "skip", match="KH-23")
    refused(state, "place BARI-COCO BARI", match="KH-23")


def test_T_12_d_no_hidden_discard_once_a_card_was_played():
    state = position(round=1, to_move=0, hands={0: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]})
    act(state, "place ALOA-BARI ALOA")
    refused(state, "hide BARI", match="full hand")
    assert {"draw", "take 0", "take 1", "take 2"} <= legal(state)
    act(state, "draw")
    assert len(hand(state, 0)) == 5
