"""Moai: the test scenarios T-1 to T-22 of docs/rules/moai.md, section 8.

T-1 to T-8 replay the rulebook's worked example as one continuous round from
the shared initial state Σ0; each later step starts again from Σ0 and plays
the earlier ones, so every test reads on its own. The other scenarios build
their position explicitly with ``MoaiState.from_position``.
"""

from pygame_core.engine import event_for
from pygame_core.games.moai import EPOCH_IDS
from pygame_core.games.moai.tables import RN_KIND

from moai_helpers import B, G, R, Y, act, data, field, find, forest, keys, legal, position, refused, volcano

# -- Σ0: the seed example's initial state ------------------------------------------------------

HANDS = {
    "R": ["RN25", "RN01", "RN02", "RN13", "RN14"],
    "Y": ["RN03", "RN35", "RN26", "RN27", "RN15"],
    "G": ["RN04", "RN16", "RN28", "RN05", "RN17"],
}
DECK_TOP = ["RN18", "RN06", "RN29", "RN07", "RN19", "RN30", "RN20", "RN08"]
EPOCH_TOP = ["E1-06", "E1-01", "E1-12", "E1-03"]


def sigma0():
    used = set(DECK_TOP) | {c for hand in HANDS.values() for c in hand}
    deck = DECK_TOP + [c for c in sorted(RN_KIND) if c not in used]
    assert len(deck) == 25
    epoch_deck = EPOCH_TOP + [c for c in EPOCH_IDS if c not in EPOCH_TOP]
    return position(players=3, phase="start", round=1, bird_man="G", hands=HANDS, deck=deck,
                    epoch_deck=epoch_deck)


def after_t1():
    state = sigma0()
    act(state, "bid 3", player=R)
    act(state, "bid 1 R", player=Y)
    act(state, "bid 1", player=G)
    return state


def after_t2():
    state = after_t1()
    act(state, "take E1-06", "take E1-01", "take E1-12", "erode F11")
    return state


T3_CYCLES = [
    ("place 3 F1", "place 3 F5", "place 3 F8"),
    ("place 3 F2", "place 3 F6", "place 3 F9"),
    ("place 2 F3", "place 3 F7", "place 3 F10"),
    ("place 1 F4", "place 1 S3", "place 2 S1"),
    ("place 2 S1", "place 2 V1", "place 1 S2"),
    ("place 1 S2", "place 2 V1", "place 1 S2"),
    ("place 3 V2", "place 2 V1", "place 1 S2"),
    ("place 2 V2", "place 1 V1", "place 2 V3"),
    ("place 1 V2", "place 1 V1", "place 2 V3"),
]


def after_t3():
    state = after_t2()
    events = []
    for cycle in T3_CYCLES:
        for seat, move in zip((R, Y, G), cycle):
            assert state.to_move() == [seat]
            events = act(state, move)
    return state, events


def after_t4():
    state, _ = after_t3()
    act(state, "award S1 R")
    return state


def after_t5():
    state = after_t4()
    act(state, "done", player=R)
    act(state, "carve V1", player=Y)
    events = act(state, "carve V3", player=G)
    return state, events


def before_green_done():
    """T-7 played up to Green's last choice: the round's end state."""
    state, _ = after_t5()
    act(state, "rest S2:R1", "rest V2:R3fd", "birth 1 1", "build", player=R)
    act(state, "rest S3:Y1fd", "rest V1:Y2", "rest F5:Y3", "birth 1 2", "birth 3 3", "done", player=Y)
    act(state, "rest S1:G2", "rest V3:G2", "rest F8:G3", "birth 2 3", player=G)
    return state


# -- T-1 Bird-man phase ------------------------------------------------------------------------

def test_T_1_reveal_and_wood():
    state = sigma0()
    view = state.view(None)
    assert [c["id"] for c in view["epoch"]["display"]] == EPOCH_TOP
    assert [c["palm"] for c in view["epoch"]["display"]] == [True, True, False, True]
    assert [s["wood"] for s in view["forest"]] == [True, True, True, False, False, False]
    assert view["wood"]["supply"] == 12
    assert state.to_move() == [R, Y, G], "the bids are secret and simultaneous"


def test_T_1_bids_order_discard_and_bird_man():
    state = sigma0()
    act(state, "bid 3", player=R)
    act(state, "bid 1 R", player=Y)
    events = act(state, "bid 1", player=G)
    bids = find(events, "moai.bids")[0]
    assert bids["values"] == [3, 2, 1], "the Raid counts 1"
    assert bids["cards"] == [["3"], ["1", "R"], ["1"]]
    assert find(events, "moai.order") == [{"order": [R, Y, G]}]
    assert data(state)["order"] == [R, Y, G]
    assert sorted(data(state)["discard"]) == ["1", "1", "3", "R"]
    assert data(state)["bird_man"] == R


# -- T-2 Epoch phase ----------------------------------------------------------------------------

def test_T_2_erosion_names_no_victim():
    state = after_t1()
    act(state, "take E1-06", "take E1-01")
    events = act(state, "take E1-12")
    assert "moai.victim" not in keys(events)
    assert state.to_move() == [G] and legal(state) == {f"erode F{i}" for i in range(1, 12)}
    events = act(state, "erode F11")
    assert field(state, "F11") == "X"
    assert data(state)["disaster_supply"] == 4
    assert find(events, "moai.leftover") == [{"cards": ["E1-03"]}]
    assert data(state)["removed"] == ["E1-03"]
    free = [f"F{i + 1}" for i, c in enumerate(data(state)["fields"]) if c is None]
    assert free == [f"F{i}" for i in range(1, 11)]


# -- T-3 Work phase -------------------------------------------------------------------------------

def test_T_3_twenty_seven_placements():
    state = after_t2()
    assert data(state)["phase"] == "work" and state.to_move() == [R]
    refused(state, "place 3 F11", key="moai.illegal.field_covered")
    refused(state, "place 3 F12", key="moai.illegal.field_covered")
    for number, cycle in enumerate(T3_CYCLES, 1):
        for seat, move in zip((R, Y, G), cycle):
            assert state.to_move() == [seat]
            assert move in legal(state), "every placement is legal; nobody passes or swaps"
            if number == 8 and seat == Y:
                refused(state, "place 1 V2", key="moai.illegal.volcano_taken")
            act(state, move)
    assert data(state)["phase"] != "work", "the phase ends right after Green's 9th placement"
    assert data(state)["camps"] == [[], [], []]


def test_T_3_board_after_the_work_phase():
    state = after_t2()
    for cycle in T3_CYCLES[:-1]:
        act(state, *cycle)
    act(state, "place 1 V2", "place 1 V1")
    assert volcano(state, "V1") == ["Y1fd", "Y1fd", "Y2fd", "Y2fd", "Y2fd"]
    assert volcano(state, "V2") == ["R1fd", "R2fd", "R3fd"]
    assert volcano(state, "V3") == ["G2fd"]
    assert forest(state, "S2") == ["G1fd", "G1fd", "G1fd", "R1fd"]
    assert [field(state, f"F{i}") for i in range(1, 11)] == [
        "R3", "R3", "R2", "R1", "Y3", "Y3", "Y3", "G3", "G3", "G3"]


# -- T-4 Forest production ---------------------------------------------------------------------------

def test_T_4_forest_production():
    state, events = after_t3()
    contest = find(events, "moai.forest_contest")[0]
    assert contest["space"] == "S1" and contest["tied"] == [R, G]
    assert contest["totals"] == [[R, 2], [G, 2]]
    assert state.to_move() == [R], "the bird-man breaks the tie"
    assert legal(state) == {"award S1 R", "award S1 G"}
    events = act(state, "award S1 R")
    assert find(events, "moai.award") == [{"space": "S1", "winner": R}]
    s2 = find(events, "moai.forest_contest")[0]
    assert s2["space"] == "S2" and s2["totals"] == [[R, 1], [G, 3]] and s2["tied"] == []
    assert find(events, "moai.forest_win") == [{"space": "S2"}]
    assert [e["player"] for e in events if e["key"] == "moai.forest_win"] == [G]
    assert [e["player"] for e in events if e["key"] == "moai.forest_single"] == [Y]
    assert forest(state, "S1") == ["G2", "R2"]
    assert forest(state, "S2") == ["G1", "G1", "G1", "R1"]
    assert forest(state, "S3") == ["Y1fd"], "Yellow alone: his piece stays face down"
    assert data(state)["stocks"] == [1, 1, 1]
    assert data(state)["wood_supply"] == 12
    assert data(state)["forest_wood"] == [False] * 6


# -- T-5 Volcano --------------------------------------------------------------------------------------

def test_T_5_carving():
    state = after_t4()
    assert legal(state) == {"carve V2", "carve V2 facedown", "done"}
    act(state, "done", player=R)
    events = act(state, "carve V1", player=Y)
    assert find(events, "moai.carve")[0] == {
        "space": "V1", "pieces": [1, 1, 2, 2, 2], "height": 8, "tile": "M18", "tile_height": 8}
    events = act(state, "carve V3", player=G)
    assert find(events, "moai.carve")[0]["tile"] == "M06"
    assert volcano(state, "V2") == ["R1fd", "R2fd", "R3fd"], "Red keeps his statue secret"
    assert volcano(state, "V1") == ["Y1", "Y1", "Y2", "Y2", "Y2"]
    assert volcano(state, "V3") == ["G2", "G2"]
    tiles = data(state)["tiles"]
    assert tiles == [[], [{"id": "M18", "face_down": False}], [{"id": "M06", "face_down": False}]]


def test_T_5_stocks_and_supply_before_the_bilan():
    state, events = after_t5()
    # Red's 1 wood is still his: the bilan that follows at once has not spent it yet.
    assert find(events, "moai.carve")[0]["height"] == 4
    assert data(state)["wood_supply"] == 14
    assert data(state)["stocks"] == [1, 0, 0]


# -- T-6 Feeding ----------------------------------------------------------------------------------------

def test_T_6_feeding():
    _, events = after_t5()
    feeds = [(e["player"], e["params"]) for e in events if e["key"] == "moai.feed"]
    assert feeds == [(R, {"food": 9, "pieces": 9, "deficit": 0}),
                     (Y, {"food": 9, "pieces": 9, "deficit": 0}),
                     (G, {"food": 9, "pieces": 9, "deficit": 0})]
    assert "moai.starve" not in keys(events) and "moai.raid" not in keys(events)


# -- T-7 Bilan --------------------------------------------------------------------------------------------

def test_T_7_red_draws_rests_gives_birth_and_builds():
    state, events = after_t5()
    draw = [e for e in events if e["key"] == "moai.draw"][0]
    assert draw["player"] == R and draw["params"] == {"count": 3}
    assert draw["secret"] == {"cards": ["1", "2", "3"]}, "RN18 (2), RN06 (1), RN29 (3)"
    assert state.to_move() == [R] and data(state)["phase"] == "rest"
    events = act(state, "rest S2:R1")
    assert find(events, "moai.rest") == [{"location": "S2", "strength": 1}]
    events = act(state, "rest V2:R3fd")
    hidden = [e for e in events if e["key"] == "moai.rest_hidden"][0]
    assert hidden["params"] == {"location": "V2"}, "a face-down piece is not revealed"
    assert event_for(hidden, Y)["params"] == {"location": "V2"}
    assert event_for(hidden, R)["params"] == {"location": "V2", "strength": 3}
    events = act(state, "birth 1 1")
    assert find(events, "moai.birth") == [{"cards": ["1", "1"], "strength": 1}]
    events = act(state, "build")
    assert find(events, "moai.build") == [{"boat": "E1-06"}]
    assert data(state)["stocks"][R] == 0


def test_T_7_illegal_rest_two_from_the_volcano_first():
    state, _ = after_t5()
    act(state, "rest S2:R1", "rest V2:R3fd", "birth 1 1", "build", player=R)
    assert state.to_move() == [Y]
    act(state, "rest V1:Y2")
    refused(state, "rest V1:Y1", key="moai.illegal.rest_zone")
    refused(state, "rest V1:Y2", key="moai.illegal.rest_zone")
    assert legal(state) == {"rest S3:Y1fd", "rest F5:Y3", "rest F6:Y3", "rest F7:Y3"}


def test_T_7_end_state():
    state = before_green_done()
    d = data(state)
    assert state.to_move() == [G]
    assert d["hands"] == [["1", "2", "2", "2", "3"], ["2", "3"], ["1", "1", "2", "2"]]
    assert len(d["discard"]) == 12 and len(d["deck"]) == 17
    # Red
    assert d["camps"][R] == [1, 1, 3]
    assert [field(state, f"F{i}") for i in range(1, 5)] == ["R3", "R3", "R2", "R1"]
    assert forest(state, "S1") == ["R2"], "face up since the contest; Green rested his G2"
    assert volcano(state, "V2") == ["R1fd", "R2fd"]
    assert d["boats"] == {"E1-06": {"owner": R, "piece": None}}
    assert d["reserve"][R] == [2, 3, 3]
    # Yellow
    assert d["camps"][Y] == [1, 1, 2, 3, 3]
    assert [field(state, f"F{i}") for i in (6, 7)] == ["Y3", "Y3"]
    assert volcano(state, "V1") == ["Y1", "Y1", "Y2", "Y2"]
    assert d["tiles"][Y] == [{"id": "M18", "face_down": False}]
    assert d["reserve"][Y] == [2, 3, 2]
    # Green
    assert d["camps"][G] == [2, 2, 2, 3]
    assert [field(state, f"F{i}") for i in (9, 10)] == ["G3", "G3"]
    assert forest(state, "S2") == ["G1", "G1", "G1"]
    assert volcano(state, "V3") == ["G2"]
    assert d["tiles"][G] == [{"id": "M06", "face_down": False}]
    assert d["reserve"][G] == [3, 2, 3]
    # Common
    assert [f"F{i + 1}" for i, c in enumerate(d["fields"]) if c is None] == ["F5", "F8"]
    assert d["wood_supply"] == 15 and d["stocks"] == [0, 0, 0]
    assert d["disaster_supply"] == 4
    assert len(d["epoch_deck"]) == 32
    assert d["bird_man"] == R
    # What everyone knows of the camps (H-13): the born pieces and those rested face up.
    assert d["known_camps"] == [[1, 1], [1, 2, 3, 3], [2, 2, 2, 3]]


def test_T_7_green_ends_the_round():
    state = before_green_done()
    events = act(state, "done")
    assert find(events, "moai.discard_epoch") == [{"card": "E1-12"}]
    assert data(state)["removed"] == ["E1-03", "E1-01", "E1-12"]
    assert find(events, "moai.round") == [{"round": 2}]
    assert len(data(state)["epoch_deck"]) == 28, "round 2 revealed 4 more cards"


# -- T-8 Score snapshot ------------------------------------------------------------------------------

def test_T_8_score_snapshot():
    state = before_green_done()
    assert [state.score(p) for p in (R, Y, G)] == [10, 19, 14]
    d = data(state)
    final = position(players=3, phase="over", round=1, order=[R, Y, G], bird_man=R,
                     hands={p: d["hands"][p] for p in range(3)}, camps={p: d["camps"][p] for p in range(3)},
                     fields={f"F{i + 1}": c for i, c in enumerate(d["fields"])},
                     forest={f"S{i + 1}": pieces for i, pieces in enumerate(d["forest"])},
                     volcano=d["volcano"], boats={"E1-06": "R"},
                     tiles={Y: ["M18"], G: ["M06"]})
    result = final.result()
    assert result["scores"] == [10, 19, 14]
    assert result["winners"] == [Y] and result["reason"] == "prestige"
    rows = result["breakdown"]["players"]
    assert (rows[R]["moai"], rows[R]["board"], rows[R]["camp"], rows[R]["wood_points"]) == (0, 7, 3, 0)
    assert (rows[Y]["moai"], rows[Y]["board"], rows[Y]["camp"]) == (8, 6, 5)
    assert (rows[G]["moai"], rows[G]["board"], rows[G]["camp"]) == (4, 6, 4)


# -- T-9 Bid ties -----------------------------------------------------------------------------------------

def test_T_9_holder_orders_ties_and_is_last_of_his_group():
    A, B_, C, D = range(4)
    state = position(players=4, phase="bid", bird_man=B_, order=[B_, A, C, D], round=2,
                     hands={A: ["3"], B_: ["3"], C: ["3"], D: ["1"]})
    act(state, "bid 3", player=A)
    act(state, "bid 3", player=B_)
    act(state, "bid 3", player=C)
    act(state, "bid 1", player=D)
    assert state.to_move() == [B_]
    assert legal(state) == {"rank R", "rank G"}
    refused(state, "rank Y", key="moai.illegal.rank")
    refused(state, "rank B", key="moai.illegal.rank")
    act(state, "rank G")
    assert data(state)["order"] == [C, A, B_, D]
    assert data(state)["bird_man"] == C


def test_T_9_other_legal_order():
    A, B_, C, D = range(4)
    state = position(players=4, phase="rank", bird_man=B_, order=[B_, A, C, D], round=2,
                     bids={A: ["3"], B_: ["3"], C: ["3"], D: ["1"]})
    act(state, "rank R")
    assert data(state)["order"] == [A, C, B_, D] and data(state)["bird_man"] == A


def test_T_9_variation_holder_first_then_chooses():
    A, B_, C, D = range(4)
    state = position(players=4, phase="rank", bird_man=D, order=[D, A, B_, C], round=2,
                     bids={A: ["2"], B_: ["2"], C: [], D: ["3", "2"]}, ranking=[D])
    assert legal(state) == {"rank R", "rank Y"}
    act(state, "rank Y")
    assert data(state)["order"] == [D, B_, A, C]


def test_T_9_variation_from_the_bids():
    A, B_, C, D = range(4)
    state = position(players=4, phase="bid", bird_man=D, order=[D, A, B_, C], round=2,
                     hands={A: ["2"], B_: ["2"], C: ["1"], D: ["3", "2"]})
    act(state, "bid 2", player=A)
    act(state, "bid 2", player=B_)
    act(state, "bid -", player=C)
    act(state, "bid 2 3", player=D)
    assert state.to_move() == [D] and legal(state) == {"rank R", "rank Y"}
    act(state, "rank R")
    assert data(state)["order"] == [D, A, B_, C]


# -- T-10 Variant 4 title rule ---------------------------------------------------------------------------

def test_T_10_holder_cannot_take_the_title():
    A, B_, C = range(3)
    state = position(players=3, options={"title_rule": True}, phase="bid", round=2,
                     order=[B_, A, C], bird_man=B_, hands={A: ["3"], B_: ["3"], C: ["1"]})
    assert state.to_move() == [B_]
    act(state, "bid 3", player=B_)
    act(state, "bid 3", player=A)
    act(state, "bid 1", player=C)
    assert data(state)["order"] == [A, B_, C], "no choice: B cannot be first"
    assert data(state)["bird_man"] == A


def test_T_10_variation_free_tie_break():
    A, B_, C = range(3)
    state = position(players=3, options={"title_rule": True}, phase="rank", round=2,
                     order=[B_, A, C], bird_man=B_, bids={A: ["2"], B_: ["1"], C: ["1"]}, ranking=[A])
    assert legal(state) == {"rank Y", "rank G"}
    act(state, "rank Y")
    assert data(state)["order"] == [A, B_, C]
    # Base game for comparison: with a tie, B must be last of {B, C}.
    base = position(players=3, phase="bid", round=2, order=[B_, A, C], bird_man=B_,
                    hands={A: ["2"], B_: ["1"], C: ["1"]})
    act(base, "bid 2", player=A)
    act(base, "bid 1", player=B_)
    act(base, "bid 1", player=C)
    assert data(base)["order"] == [A, C, B_]


# -- T-11 Placement legality ------------------------------------------------------------------------------

def t11(volcano_spaces):
    return position(players=4, phase="work", round=2, order=[R, Y, G, B], bird_man=R, current=0,
                    camps={R: [1, 2], Y: [], G: [], B: []},
                    fields={"F1": "Y3", "F2": "X"}, forest={"S4": ["B1fd"]},
                    volcano=volcano_spaces)


def test_T_11_placement_legality():
    state = t11([["G2"], [], ["R1fd"]])
    moves = legal(state)
    for bad, key in (("place 1 F1", "moai.illegal.field_occupied"),
                     ("place 1 F2", "moai.illegal.field_covered"),
                     ("place 1 V1", "moai.illegal.volcano_taken"),
                     ("place 1 E1-06", "moai.illegal.boat_unavailable"),
                     ("place 1 V4", "moai.illegal.volcano_free_first")):
        assert bad not in moves
        refused(state, bad, key=key)
    assert {"place 1 S4", "place 2 S4", "place 1 F3", "place 1 V2", "place 1 V3"} <= moves
    events = act(state, "place 1 S4")
    assert forest(state, "S4") == ["B1fd", "R1fd"], "face down, with another clan's piece"
    assert find(events, "moai.place_hidden") == [{"location": "S4", "new": False}]


def test_T_11_new_space_only_when_none_is_free():
    state = t11([["G2"], ["R1fd"]])
    assert "place 2 V3" in legal(state)
    act(state, "place 2 V3")
    assert volcano(state, "V3") == ["R2fd"]


def test_T_11_free_fields_face_up():
    state = t11([["G2"]])
    act(state, "place 2 F3")
    assert field(state, "F3") == "R2"


# -- T-12 Work-phase turn structure and swap -----------------------------------------------------------------

def test_T_12_turns_and_swap():
    A, B_ = range(2)
    state = position(players=2, phase="work", round=2, order=[A, B_], bird_man=A, current=0,
                     camps={A: [2], B_: [1, 1, 1]},
                     forest={"S1": ["R3fd"]}, fields={"F1": "R1"}, volcano=[["R2"]])
    refused(state, "swap S1:R3fd F1:R1", key="moai.illegal.must_place")
    act(state, "place 2 S1")
    act(state, "place 1 S2")
    assert state.to_move() == [A]
    refused(state, "swap S1:R2fd S1:R3fd", key="moai.illegal.swap_same_place")
    assert "pass" in legal(state)
    act(state, "swap S1:R3fd F1:R1")
    assert field(state, "F1") == "R3", "turned face up on entering a field"
    assert forest(state, "S1") == ["R1", "R2fd"], "the field piece keeps its facing"
    act(state, "place 1 S3")
    act(state, "pass")
    assert state.to_move() == [B_]
    act(state, "place 1 S4")
    assert data(state)["phase"] != "work", "the phase ends at once, with no further turn for A"
    assert data(state)["camps"] == [[], []]


# -- T-13 Starvation without raid ------------------------------------------------------------------------------

BLUE_T13 = dict(fields={"F1": "B3", "F2": "B2"}, forest={"S1": ["B2fd"], "S4": ["B1fd"]})


def t13(hand=(), red_volcano=None, red_forest=None, red_fields=None):
    forest_ = dict(BLUE_T13["forest"])
    forest_.update(red_forest or {})
    fields_ = dict(BLUE_T13["fields"])
    fields_.update(red_fields or {})
    spaces = [["B3fd", "B1fd"]] + ([red_volcano] if red_volcano else [])
    return position(players=4, phase="carve", round=2, order=[B, R, Y, G], bird_man=B, current=0,
                    hands={B: list(hand)}, fields=fields_, forest=forest_, volcano=spaces,
                    camps={R: [], Y: [], G: [], B: []})


def test_T_13_starvation_without_raid():
    state = t13()
    assert legal(state) == {"carve V1", "done"}
    events = act(state, "done")
    assert find(events, "moai.feed")[0] == {"food": 5, "pieces": 6, "deficit": 1}
    assert state.to_move() == [B] and data(state)["phase"] == "starve"
    assert legal(state) == {"starve S1:B2fd", "starve V1:B3fd", "starve V1:B1fd", "starve S4:B1fd"}
    refused(state, "starve F1:B3", key="moai.illegal.starve_feeding_piece")
    events = act(state, "starve V1:B3fd")
    assert find(events, "moai.starve") == [{"location": "V1", "strength": 3}]
    assert data(state)["reserve"][B][2] == 5, "two blue 3s on the board, one back to the reserve"
    assert volcano(state, "V1") == ["B1fd"]


# -- T-14 Raid rescue --------------------------------------------------------------------------------------------

def t14(hand=("RN35", "RN25", "RN13")):
    return t13(hand=hand, red_volcano=["R3", "R2"], red_forest={"S3": ["R3"], "S5": ["R2fd"]},
               red_fields={"F5": "R3"})


def test_T_14_raid_rescue():
    state = t14()
    act(state, "done", player=B)
    act(state, "done", player=R)
    assert data(state)["phase"] == "raid"
    moves = legal(state)
    assert {"raid 3 V2:R3", "raid 3 S3:R3", "raid 2 V2:R2", "done"} == moves
    refused(state, "raid 3 F5:R3", key="moai.illegal.raid_feeding_piece")
    refused(state, "raid 2 S5:R2fd", key="moai.illegal.raid_face_down")
    refused(state, "raid 2 V2:R3", key="moai.illegal.raid_strength")
    events = act(state, "raid 3 V2:R3")
    raid = [e for e in events if e["key"] == "moai.raid"][0]
    assert raid["player"] == B and raid["params"] == {"card": "3", "victim": R, "location": "V2",
                                                      "strength": 3}
    assert sorted(data(state)["discard"]) == ["3", "R"]
    assert volcano(state, "V2") == ["R2"]
    assert data(state)["reserve"][R][2] == 4, "three red 3s on the board, the raided one back"
    assert "moai.starve" not in keys([e for e in events if e.get("player") == B])
    feeds = {e["player"]: e["params"] for e in events if e["key"] == "moai.feed"}
    assert feeds[R] == {"food": 3, "pieces": 4, "deficit": 1}, "Red's B is one lower"


def test_T_14_two_raids_are_impossible():
    state = t14()
    act(state, "done", player=B)
    act(state, "done", player=R)
    act(state, "raid 3 V2:R3")
    assert data(state)["phase"] != "raid", "k = D: no second raid"
    assert state.to_move() != [B]


def test_T_14_a_raid_needs_a_raid_card():
    state = t14(hand=("RN25", "RN13"))
    act(state, "done", player=B)
    act(state, "done", player=R)
    assert data(state)["phase"] == "starve", "no Raid card: straight to the removals"
    refused(state, "raid 3 V2:R3", key="moai.illegal.wrong_step")


def test_T_14_the_second_card_may_be_a_raid():
    state = t13(hand=("RN35", "RN36"), red_volcano=["R1"])
    act(state, "done", player=B)
    act(state, "done", player=R)
    assert legal(state) == {"raid R V2:R1", "done"}


# -- T-15 Moai tile fallback and abandonment -------------------------------------------------------------------------

def t15(wood=2):
    return position(players=4, phase="carve", round=2, order=[B, R, Y, G], bird_man=B, current=0,
                    stocks={B: wood}, tiles={R: ["M18", "M19"], Y: ["M01", "M02"]},
                    volcano=[["B3fd", "B3fd", "B2fd"], ["B3fd", "B3fd", "B3fd", "B1fd"], ["B1fd"],
                             ["R1fd"]],
                    camps={R: [], Y: [], G: [], B: []})


def test_T_15_tile_fallback_and_abandonment():
    state = t15()
    assert "carve V3 facedown" not in legal(state), "no tile can come from V3"
    events = act(state, "carve V2", "carve V1", "carve V3")
    carved = find(events, "moai.carve")
    assert [(c["space"], c["height"], c["tile"], c["tile_height"]) for c in carved] == [
        ("V2", 10, "M20", 9), ("V1", 8, "M15", 7)]
    assert find(events, "moai.abandon") == [{"space": "V3", "pieces": [1], "height": 1}]
    assert data(state)["stocks"][B] == 0
    assert volcano(state, "V1") == ["B2", "B3", "B3"]
    assert volcano(state, "V3") == ["B1"]


def test_T_15_variation_one_wood():
    state = t15(wood=1)
    events = act(state, "carve V1", "carve V2")
    assert [c["tile"] for c in find(events, "moai.carve")] == ["M15"]
    assert find(events, "moai.abandon") == [{"space": "V2", "pieces": [1, 3, 3, 3], "height": 10}]
    assert volcano(state, "V2") == ["B1", "B3", "B3", "B3"]


# -- T-16 Rest balance ------------------------------------------------------------------------------------------

def t16(forest_pieces, volcano_pieces, fields_, left):
    return position(players=4, phase="rest", round=2, order=[B, R, Y, G], bird_man=B, current=0,
                    taken={B: "E1-05"}, forest={"S1": forest_pieces}, volcano=[volcano_pieces],
                    fields=fields_, camps={R: [], Y: [], G: [], B: []},
                    pending={"left": left, "retrieved": {"forest": 0, "volcano": 0, "fields": 0,
                                                         "ocean": 0}})


def test_T_16_three_zones_first():
    state = t16(["B1fd", "B2fd"], ["B1fd", "B2fd", "B3fd"], {"F1": "B3"}, 4)
    act(state, "rest V1:B1fd")
    refused(state, "rest V1:B2fd", key="moai.illegal.rest_zone")
    assert legal(state) == {"rest S1:B1fd", "rest S1:B2fd", "rest F1:B3"}
    act(state, "rest F1:B3")
    assert legal(state) == {"rest S1:B1fd", "rest S1:B2fd"}
    act(state, "rest S1:B2fd")
    assert legal(state) == {"rest S1:B1fd", "rest V1:B2fd", "rest V1:B3fd"}
    act(state, "rest V1:B3fd")
    assert data(state)["camps"][B] == [1, 2, 3, 3]


def test_T_16_variation_forest_and_volcano_then_volcano():
    state = t16(["B1fd"], ["B1fd", "B2fd", "B3fd", "B3fd"], {}, 5)
    assert legal(state) == {"rest S1:B1fd", "rest V1:B1fd", "rest V1:B2fd", "rest V1:B3fd"}
    act(state, "rest V1:B3fd")
    assert data(state)["phase"] != "rest", "the four left are all retrieved: no choice remains"
    assert data(state)["camps"][B] == [1, 1, 2, 3, 3], "all five come home"


# -- T-17 Births -------------------------------------------------------------------------------------------------

def t17(final=False, hand=("RN25", "RN26", "RN27", "RN13", "RN01", "RN02")):
    return position(players=3, phase="birth", round=2, final_round=final, order=[R, Y, G],
                    bird_man=R, current=0, taken={R: "E1-06"}, stocks={R: 1},
                    hands={R: list(hand)}, camps={R: [1] * 5 + [2] * 5 + [3] * 6},
                    reserve={R: [1, 1, 0], Y: [3, 3, 3], G: [3, 3, 3]},
                    epoch_deck=None if not final else [])


def test_T_17_births_fall_back_to_weaker_pieces():
    state = t17()
    events = act(state, "birth 3 3")
    assert find(events, "moai.birth") == [{"cards": ["3", "3"], "strength": 2}]
    events = act(state, "birth 2 3")
    assert find(events, "moai.birth") == [{"cards": ["2", "3"], "strength": 1}]
    assert data(state)["reserve"][R] == [0, 0, 0]
    refused(state, "birth 1 1", key="moai.illegal.birth_no_piece")
    assert data(state)["hands"][R] == ["1", "1"], "no cards are discarded"


def test_T_17_final_round_births_are_compulsory():
    state = position(players=3, phase="birth", round=8, final_round=True, order=[R, Y, G],
                     bird_man=R, current=0, hands={R: ["RN01", "RN02", "RN25"]},
                     camps={R: [1] * 5 + [2] * 6 + [3] * 6}, reserve={R: [1, 0, 0], Y: [3, 3, 3],
                                                                       G: [3, 3, 3]})
    refused(state, "done", key="moai.illegal.birth_compulsory")
    assert legal(state) == {"birth 1 1", "birth 1 3"}


# -- T-18 Designed disasters ------------------------------------------------------------------------------------

def t18(card, taker=Y, **kw):
    """Epoch phase, ``taker`` (position 1) to pick from a display holding ``card``."""
    kw.setdefault("camps", {R: [], Y: [], G: []})
    return position(players=3, phase="take", round=2, order=[taker] + [p for p in (R, Y, G) if p != taker],
                    bird_man=taker, current=0, display=[card, "E1-01"], **kw)


GREEN_T7 = dict(fields={"F9": "G3", "F10": "G3"}, forest={"S2": ["G1", "G1", "G1"]},
                volcano=[[], [], ["G2"]])


def test_T_18_tribal_war():
    state = t18("E2-14", **GREEN_T7)
    act(state, "take E2-14", "victim G")
    assert state.to_move() == [Y]
    assert legal(state) == {"kill F9:G3", "kill F10:G3", "kill S2:G1", "kill V3:G2"}
    events = act(state, "kill F9:G3")
    assert find(events, "moai.kill") == [{"victim": G, "location": "F9", "strength": 3}]
    assert field(state, "F9") is None
    assert data(state)["reserve"][G][2] == 5


def test_T_18_burning_boat():
    state = t18("E2-10", boats={"E1-06": "R2"})
    events = act(state, "take E2-10", "victim R")
    assert find(events, "moai.sink") == [{"boat": "E1-06", "strength": 2}]
    assert data(state)["boats"] == {}
    assert "E1-06" in data(state)["removed"]
    assert data(state)["camps"][R] == [2]
    assert data(state)["known_camps"][R] == [2]


def test_T_18_toppled_moai():
    state = t18("E3-07", tiles={Y: ["M18", "M06"]})
    events = act(state, "take E3-07", "victim Y")
    assert find(events, "moai.topple") == [{"tile": "M18", "height": 8}]
    assert state.moai_height(Y) == 4
    assert data(state)["toppled"] == ["M18"]


def test_T_18_great_fire():
    state = t18("E3-03", stocks={G: 1})
    events = act(state, "take E3-03", "victim G")
    assert find(events, "moai.fire") == [{"wood": 1}]
    assert data(state)["stocks"][G] == 0


def test_T_18_erosion_without_tokens():
    state = t18("E1-10", fields={f"F{i}": "X" for i in range(1, 6)})
    assert data(state)["disaster_supply"] == 0
    events = act(state, "take E1-10")
    assert find(events, "moai.no_effect") == [{"card": "E1-10"}]
    assert "moai.erode" not in keys(events) and data(state)["disaster_supply"] == 0
    assert [f for f in data(state)["fields"] if f == "X"] == ["X"] * 10


def test_T_18_self_targeting():
    state = t18("E2-12", camps={R: [], Y: [1], G: []})
    act(state, "take E2-12")
    assert "victim Y" in legal(state)
    events = act(state, "victim Y")
    assert find(events, "moai.lose") == [{"location": "camp", "strength": 1, "card": "E2-12"}], \
        "his only piece: no choice left"


# -- T-19 End trigger and display refill ---------------------------------------------------------------------------

def test_T_19_admiral_and_refill():
    deck = ["E3-05", "E3-01", "E3-02", "E3-07", "E3-03", "E3-08", "E3-04", "E3-06"]
    state = position(players=3, phase="start", round=8, order=[R, Y, G], bird_man=R,
                     epoch_deck=deck)
    d = data(state)
    assert d["round"] == 8
    assert d["display"] == ["E3-05", "E3-02", "E3-07", "E3-03"]
    assert d["admiral_aside"] and d["final_round"]
    assert d["epoch_deck"] == ["E3-08", "E3-04", "E3-06"]
    assert d["forest_wood"] == [True, True, False, False, False, False]
    assert d["wood_supply"] == 13


# -- T-20 Final round with a short display ---------------------------------------------------------------------------

def test_T_20_short_display():
    aside = ["E1-01", "E1-02", "E2-01", "E2-02", "E3-08"]
    state = position(players=3, options={"short_game": True}, phase="start", round=8,
                     order=[R, Y, G], bird_man=R, epoch_deck=["E3-04", "E3-01", "E3-06"],
                     set_aside=aside, boats={"E1-06": "G"},
                     hands={R: ["1", "1"], Y: ["2", "2"], G: ["3", "3"]},
                     camps={R: [1, 2], Y: [1, 2], G: [1, 2]})
    d = data(state)
    assert d["display"] == ["E3-04", "E3-06"] and d["epoch_deck"] == []
    assert d["forest_wood"] == [False] * 6 and d["admiral_aside"]
    act(state, "bid -", player=R)
    act(state, "bid -", player=Y)
    act(state, "bid -", player=G)
    # All bid 0: the holder (Red) orders the tie, placing himself last.
    assert state.to_move() == [R]
    act(state, "rank Y")
    assert data(state)["order"] == [Y, G, R], "Green second without a choice, Red last"
    events = act(state, "take E3-04", "victim G")
    assert "E1-06" in data(state)["removed"], "Green's only boat burns"
    assert [(e["player"], e["params"]) for e in events if e["key"] == "moai.take"] == [
        (Y, {"card": "E3-04"}), (G, {"card": "E3-06"})], "Green takes the last card: no choice"
    act(state, "victim Y")
    assert legal(state) == {"lose camp:Y1", "lose camp:Y2"}, "no face-up piece: Yellow chooses"
    events = act(state, "lose camp:Y2")
    assert [e["player"] for e in events if e["key"] == "moai.no_epoch"] == [R]
    assert data(state)["taken"] == [None, "E3-04", "E3-06"]
    # Work: each places his pieces; then production and the bilan.
    log = []
    while data(state)["phase"] == "work":
        log += act(state, sorted(legal(state))[0])
    while not state.is_over():
        moves = sorted(legal(state))
        births = [m for m in moves if m.startswith("birth")]
        assert "rest" not in " ".join(moves), "nobody rests in the final round"
        if data(state)["phase"] == "birth":
            assert births, "births are compulsory while possible"
        log += act(state, births[0] if births else moves[0])
    draws = {e["player"]: e["params"]["count"] for e in log if e["key"] == "moai.draw"}
    assert draws == {Y: 1, G: 1}, "positions 1 and 2 draw 1 card; position 3 draws none"
    assert "moai.build" not in keys(log)
    assert state.result()["reason"] in ("prestige", "tie")


def test_T_20_variation_empty_display():
    state = position(players=4, phase="start", round=8, order=[R, Y, G, B], bird_man=R,
                     epoch_deck=["E3-01"], hands={R: ["1"], Y: ["1"], G: ["1"], B: ["1"]})
    assert data(state)["display"] == [] and data(state)["final_round"]
    for p in (R, Y, G, B):
        act(state, "bid 1", player=p)
    log = []
    while not state.is_over():
        log += act(state, sorted(legal(state))[0])
    assert "moai.take" not in keys(log)
    assert len([e for e in log if e["key"] == "moai.no_epoch"]) == 4
    assert "moai.draw" not in keys(log), "nobody draws in the bilan"


# -- T-21 Final scoring with a tie --------------------------------------------------------------------------------

def test_T_21_tied_winners():
    A, B_, C = range(3)
    state = position(players=3, phase="over", round=9, order=[A, B_, C], bird_man=A,
                     tiles={A: ["M20", "M12"], B_: ["M18", "M15", "M06"], C: ["M21", "M13", "M03"]},
                     camps={A: [1, 1, 1, 2, 2, 2, 3, 3], B_: [1, 1, 2, 2, 3, 3], C: [1, 1, 2, 3, 3, 3]},
                     stocks={A: 1})
    result = state.result()
    assert result["scores"] == [25, 25, 24]
    assert result["winners"] == [A, B_] and result["reason"] == "tie"
    rows = result["breakdown"]["players"]
    assert (rows[A]["moai"], rows[A]["pieces"], rows[A]["wood_points"]) == (15, 8, 2)
    assert (rows[B_]["moai"], rows[B_]["pieces"], rows[B_]["wood_points"]) == (19, 6, 0)


# -- T-22 Variant 5 ---------------------------------------------------------------------------------------------------

def t22(card, taker_position, **kw):
    A, B_, C, D = range(4)
    order = [A, B_, C, D]
    kw.setdefault("camps", {A: [], B_: [], C: [], D: []})
    return position(players=4, options={"fixed_victims": True}, phase="take", round=2,
                    order=order, bird_man=A, current=taker_position, display=[card, "E1-01"],
                    taken={order[i]: ("E1-05", "E1-07", "E1-08")[i] for i in range(taker_position)},
                    **kw)


def test_T_22_last_position_hits_the_bird_man():
    state = t22("E2-09", 3, stocks={0: 2})
    events = act(state, "take E2-09")
    assert find(events, "moai.victim") == [{"victim": 0, "card": "E2-09", "fixed": True}]
    assert data(state)["stocks"][0] == 1


def test_T_22_war_victim_fixed_taker_chooses():
    state = t22("E2-14", 1, fields={"F1": "G3", "F2": "G1"})
    events = act(state, "take E2-14")
    assert find(events, "moai.victim")[0]["victim"] == 2
    assert state.to_move() == [1]
    assert legal(state) == {"kill F1:G3", "kill F2:G1"}


def test_T_22_erosion_has_no_victim():
    state = t22("E1-10", 2)
    events = act(state, "take E1-10")
    assert "moai.victim" not in keys(events)
    assert state.to_move() == [2] and "erode F1" in legal(state)
