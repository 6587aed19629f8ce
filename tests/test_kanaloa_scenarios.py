"""Kanaloa: the test scenarios T-1 to T-37 of docs/rules/kanaloa.md, section 10.

Each test builds the scenario's position explicitly and asserts the exact
board, markers, stocks, hands and scores the spec states. Colours use the
spec's letters (see ``kanaloa_helpers``); cards the spec leaves out are dealt
by ``KanaloaState.from_position`` (alphabetically: display, talon, discard).
"""

import pytest

from pygame_core.engine import event_for

from kanaloa_helpers import (ADAM, BETTY, KAYLA, MATEO, act, bridges, find, hand, keys, legal,
                             markers, position, refused, stock)


def scores(state):
    return dict(zip("YRGB", state.view(None)["scores"]))


# -- T-1 Build (seed example, Betty) ------------------------------------------------------------

def t1():
    return position(round=1, player=BETTY, hands={BETTY: ["ALOA", "DALI", "ELOI", "KULU"]},
                    display=["RASI", "MOTU", "NALU", "FARE"], talon_top=["GAPU"])


def test_T_1_build_two_bridges_and_take_a_face_up_card():
    state = t1()
    assert "build ALOA-DALI ALOA" in legal(state), "the ALOA card could have built ALOA-DALI"
    refused(state, "build ALOA-BAFI DALI", key="kanaloa.illegal.card_not_an_end")
    act(state, "build ALOA-BAFI ALOA", "build ALOA-DALI DALI")
    assert bridges(state) == {"ALOA-BAFI": "R", "ALOA-DALI": "R"}
    assert markers(state) == {}
    counts = {i["name"]: i["counts"] for i in state.view(None)["islands"]}
    assert counts["ALOA"] == [0, 2, 0, 0] and counts["DALI"] == [0, 1, 0, 0]
    assert counts["BAFI"] == [0, 1, 0, 0]
    assert state.view(None)["pending"] is None, "no island is full: no relative majority"
    events = act(state, "take RASI")
    assert keys(events) == ["kanaloa.take", "kanaloa.refill"]
    assert events[1]["params"] == {"card": "GAPU", "slot": 0}
    view = state.view(BETTY)
    assert view["display"] == ["GAPU", "MOTU", "NALU", "FARE"]
    assert hand(state, BETTY) == ["ELOI", "KULU", "RASI"]
    assert stock(state)["R"] == 18
    assert view["discard_face_up"] == ["ALOA", "DALI"]
    assert state.to_move() == [ADAM]


# -- T-2 Replace (seed example, Mateo) -----------------------------------------------------------

def t2():
    return position("ALOA-BAFI:R", "ALOA-DALI:R", round=1, player=MATEO,
                    hands={MATEO: ["ALOA", "ALOA", "BAFI", "ELOI"]})


def test_T_2_replace_an_opposing_bridge():
    state = t2()
    replaces = {m for m in legal(state) if m.startswith("replace ALOA-BAFI")}
    assert replaces == {"replace ALOA-BAFI ALOA ALOA", "replace ALOA-BAFI ALOA BAFI"}
    refused(state, "replace ALOA-BAFI BAFI BAFI", key="kanaloa.illegal.need_two")
    refused(state, "replace ALOA-BAFI ALOA ELOI", key="kanaloa.illegal.card_not_an_end")
    refused(state, "build ALOA-BAFI ALOA", key="kanaloa.illegal.link_taken")
    refused(state, "replace ALOA-DALI ALOA BAFI", key="kanaloa.illegal.card_not_an_end")
    events = act(state, "replace ALOA-BAFI ALOA BAFI")
    assert events[0]["params"] == {"link": "ALOA-BAFI", "cards": ["ALOA", "BAFI"],
                                   "colour": "yellow", "victim": BETTY, "victim_colour": "red"}
    assert bridges(state) == {"ALOA-BAFI": "Y", "ALOA-DALI": "R"}
    assert stock(state)["R"] == 19 and stock(state)["Y"] == 19
    assert markers(state) == {}
    assert hand(state, MATEO) == ["ALOA", "ELOI"]
    act(state, "draw")
    assert len(hand(state, MATEO)) == 3 and state.to_move() == [BETTY]


# -- T-3 Control of a small island (Betty takes DALI) ----------------------------------------------

def test_T_3_betty_takes_dali():
    state = position("ALOA-BAFI:Y", "ALOA-DALI:R", player=BETTY,
                     hands={BETTY: ["ELOI", "KULU", "RASI"]})
    events = act(state, "build DALI-ELOI ELOI")
    assert keys(events) == ["kanaloa.build", "kanaloa.control"]
    assert markers(state) == {"DALI": "R"}
    view = state.view(None)
    assert view["markers"][1] == 9 and view["controlled"][1] == 1
    assert bridges(state) == {"ALOA-BAFI": "Y", "ALOA-DALI": "R", "DALI-ELOI": "R"}
    assert {i["name"]: i["counts"] for i in view["islands"]}["ELOI"] == [0, 1, 0, 0]
    assert stock(state)["R"] == 18


# -- T-4 Takeover with cascade (Mateo takes ALOA) --------------------------------------------------

def t4(**kw):
    return position("ALOA-BAFI:Y", "ALOA-DALI:R", "DALI-ELOI:R", player=MATEO,
                    hands={MATEO: ["ALOA", "ELOI"]}, **kw)


def test_T_4_takeover_destroys_and_cascades():
    state = t4()
    assert markers(state) == {"DALI": "R"}
    assert keys(act(state, "build ALOA-COCO ALOA")) == ["kanaloa.build"]
    events = act(state, "build ALOA-ELOI ELOI")
    assert [(e["key"], e["params"]) for e in events] == [
        ("kanaloa.build", {"link": "ALOA-ELOI", "card": "ELOI", "colour": "yellow"}),
        ("kanaloa.control", {"island": "ALOA", "colour": "yellow"}),
        ("kanaloa.destroy", {"link": "ALOA-DALI", "colour": "red"}),
        ("kanaloa.marker_lost", {"island": "DALI", "colour": "red"}),
    ]
    assert events[2]["player"] == BETTY and events[3]["player"] == BETTY
    assert bridges(state) == {"ALOA-BAFI": "Y", "ALOA-COCO": "Y", "ALOA-ELOI": "Y",
                              "DALI-ELOI": "R"}
    assert markers(state) == {"ALOA": "Y"}
    counts = {i["name"]: i["counts"] for i in state.view(None)["islands"]}
    assert counts["ELOI"] == [1, 1, 0, 0] and counts["COCO"] == [1, 0, 0, 0]
    assert stock(state) == {"Y": 17, "R": 19, "G": 20, "B": 20}


def test_T_4_a_first_scoring_now_gives_mateo_two():
    state = t4(display=["GAPU"], talon=[])
    act(state, "build ALOA-COCO ALOA", "build ALOA-ELOI ELOI", "take GAPU")
    assert state.view(None)["round"] == 2
    assert scores(state) == {"Y": 2, "R": 0, "G": 0, "B": 0}


# -- T-5 Relative majority on a large island, four players (BAFI) ----------------------------------

@pytest.mark.parametrize("second", ["ORO", "BAFI"])
def test_T_5_sole_leader_removes_then_takes_control(second):
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-FARE:B", player=MATEO,
                     hands={MATEO: ["RASI", second]})
    events = act(state, "build BAFI-RASI RASI")
    assert keys(events) == ["kanaloa.build", "kanaloa.relative_majority"]
    assert legal(state) == {"remove BAFI-ORO", "remove BAFI-COCO", "remove BAFI-FARE"}
    refused(state, "draw", key="kanaloa.illegal.must_remove")
    refused(state, "remove ALOA-BAFI", key="kanaloa.illegal.not_removable")
    refused(state, "remove BAFI-RASI", key="kanaloa.illegal.not_removable")
    events = act(state, "remove BAFI-ORO")
    assert events[0]["params"] == {"link": "BAFI-ORO", "island": "BAFI", "victim": BETTY,
                                   "victim_colour": "red"}
    assert markers(state) == {} and "BAFI-ORO" not in bridges(state)
    assert stock(state)["R"] == 20
    act(state, f"build BAFI-ORO {second}")
    assert markers(state) == {"BAFI": "Y"}
    assert bridges(state) == {"ALOA-BAFI": "Y", "BAFI-ORO": "Y", "BAFI-RASI": "Y"}
    counts = {i["name"]: i["counts"] for i in state.view(None)["islands"]}
    assert counts["RASI"] == [1, 0, 0, 0] and counts["ORO"] == [1, 0, 0, 0]
    assert counts["ALOA"] == [1, 0, 0, 0]


# -- T-6 Scoring BAFI: 2 points, then 3 ------------------------------------------------------------

T6 = ("ALOA-BAFI:Y", "BAFI-ORO:Y", "BAFI-RASI:Y", "BAFI-FARE:G")


def first_scoring(*specs, players=4):
    """The first scoring of the board ``specs``: seat 1 takes the last card of round 1."""
    state = position(*specs, players=players, player=1, display=["KULU"], talon=[])
    act(state, "take KULU")
    assert state.view(None)["round"] == 2
    return state


def final_scoring(*specs, players=4):
    """The final scoring of the board ``specs``: the last player ends his last turn."""
    others = [p for p in range(players) if p != 0]
    state = position(*specs, players=players, round=2, final=True, player=0,
                     last_played=others)
    if players == 2:
        act(state, "colour 0")
    act(state, "end")
    assert state.is_over()
    return state


def test_T_6_bafi_scores_two_then_three():
    state = first_scoring(*T6)
    assert scores(state) == {"Y": 2, "R": 0, "G": 0, "B": 0}
    state = final_scoring(*T6)
    assert scores(state) == {"Y": 3, "R": 0, "G": 0, "B": 0}
    final = state.result()["breakdown"]["colours"][0]["final_scoring"]
    assert final == {"islands": [{"island": "BAFI", "links": 5, "bridges": 3, "points": 2}],
                     "markers": 1, "points": 3}


# -- T-7 Scoring table -----------------------------------------------------------------------------

T7_LINKS = {
    "DALI": ["ALOA-DALI", "DALI-ELOI", "DALI-MOTU"],
    "BAFI": ["ALOA-BAFI", "BAFI-COCO", "BAFI-FARE", "BAFI-ORO", "BAFI-RASI"],
    "ORO": ["BAFI-ORO", "COCO-ORO", "HONU-ORO", "INOA-ORO", "LANI-ORO", "NALU-ORO", "ORO-RASI"],
}


@pytest.mark.parametrize("island,n,first,final", [
    ("DALI", 2, 1, 2), ("DALI", 3, 0, 1),
    ("BAFI", 3, 2, 3), ("BAFI", 4, 1, 2), ("BAFI", 5, 0, 1),
    ("ORO", 4, 3, 4), ("ORO", 5, 2, 3), ("ORO", 6, 1, 2), ("ORO", 7, 0, 1),
])
def test_T_7_scoring_table(island, n, first, final):
    specs = [f"{name}:Y" for name in T7_LINKS[island][:n]]
    state = first_scoring(*specs)
    assert markers(state) == {island: "Y"}
    assert scores(state)["Y"] == first
    entry = [p for p in state.view(None)["points"] if p["source"] == "first"]
    assert entry == [{"source": "first", "colour": "yellow", "island": island, "points": first}]
    state = final_scoring(*specs)
    assert scores(state)["Y"] == final


# -- T-8 .. T-15: relative majority ----------------------------------------------------------------

def test_T_8_large_island_tie_2_2_1():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:R", "BAFI-FARE:G", player=MATEO,
                     hands={MATEO: ["RASI"]})
    events = act(state, "build BAFI-RASI RASI")
    assert keys(events) == ["kanaloa.build", "kanaloa.remove"]
    assert events[1]["params"]["link"] == "BAFI-FARE" and events[1]["params"]["victim"] == ADAM
    assert "BAFI-FARE" not in bridges(state) and markers(state) == {}
    assert state.view(None)["pending"] is None


def test_T_9_oro_3_2_2_sole_leader_three_players():
    state = position("ORO-BAFI:Y", "ORO-COCO:Y", "ORO-HONU:R", "ORO-INOA:R", "ORO-LANI:G",
                     "ORO-NALU:G", players=3, player=MATEO, hands={MATEO: ["ORO"]})
    act(state, "build ORO-RASI ORO")
    assert legal(state) == {"remove HONU-ORO", "remove INOA-ORO", "remove LANI-ORO",
                            "remove NALU-ORO"}
    act(state, "remove LANI-ORO")
    assert "LANI-ORO" not in bridges(state) and markers(state) == {}
    assert state.view(None)["pending"] is None


def test_T_10_oro_3_2_1_1_sole_leader():
    state = position("ORO-BAFI:Y", "ORO-COCO:Y", "ORO-HONU:R", "ORO-INOA:R", "ORO-LANI:G",
                     "ORO-NALU:B", player=MATEO, hands={MATEO: ["RASI"]})
    act(state, "build ORO-RASI RASI")
    assert legal(state) == {"remove HONU-ORO", "remove INOA-ORO", "remove LANI-ORO",
                            "remove NALU-ORO"}
    act(state, "remove NALU-ORO")
    assert "NALU-ORO" not in bridges(state) and stock(state)["B"] == 20
    assert markers(state) == {}


def test_T_11_oro_3_3_1_tie():
    state = position("ORO-BAFI:Y", "ORO-COCO:Y", "ORO-HONU:R", "ORO-INOA:R", "ORO-LANI:R",
                     "ORO-NALU:G", players=3, player=MATEO, hands={MATEO: ["ORO"]})
    events = act(state, "build ORO-RASI ORO")
    assert [e["params"]["link"] for e in find(events, "kanaloa.remove")] == ["NALU-ORO"]
    assert "NALU-ORO" not in bridges(state) and len(bridges(state)) == 6


def test_T_12_oro_2_2_2_1_tie():
    state = position("ORO-BAFI:Y", "ORO-COCO:R", "ORO-HONU:R", "ORO-INOA:G", "ORO-LANI:G",
                     "ORO-NALU:B", player=MATEO, hands={MATEO: ["ORO"]})
    events = act(state, "build ORO-RASI ORO")
    assert [e["params"]["link"] for e in find(events, "kanaloa.remove")] == ["NALU-ORO"]
    assert "NALU-ORO" not in bridges(state)


def test_T_13_filler_not_a_leader_no_removal():
    specs = ("ORO-BAFI:R", "ORO-COCO:R", "ORO-HONU:R", "ORO-INOA:G", "ORO-LANI:G", "ORO-NALU:Y")
    state = position(*specs, player=MATEO, hands={MATEO: ["ORO"]})
    events = act(state, "build ORO-RASI ORO")
    assert keys(events) == ["kanaloa.build"]
    assert len(bridges(state)) == 7 and markers(state) == {}


def test_T_14_small_island_1_1_1_no_relative_majority():
    state = position("ALOA-DALI:R", "DALI-ELOI:G", player=MATEO, hands={MATEO: ["DALI"]})
    events = act(state, "build DALI-MOTU DALI")
    assert keys(events) == ["kanaloa.build"]
    assert len(bridges(state)) == 3 and markers(state) == {}


def test_T_15_replacement_never_triggers_relative_majority():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:R", "BAFI-COCO:G", "BAFI-RASI:G", "BAFI-FARE:B",
                     player=MATEO, hands={MATEO: ["BAFI", "RASI"]})
    assert stock(state)["G"] == 18
    events = act(state, "replace BAFI-RASI BAFI RASI")
    assert keys(events) == ["kanaloa.replace"]
    assert bridges(state)["BAFI-RASI"] == "Y" and len(bridges(state)) == 5
    assert stock(state)["G"] == 19
    assert state.view(None)["pending"] is None


# -- T-16 .. T-20: control -------------------------------------------------------------------------

def test_T_16_control_on_the_last_free_link_is_not_relative_majority():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:Y", "BAFI-COCO:R", "BAFI-FARE:G", player=MATEO,
                     hands={MATEO: ["RASI"]})
    events = act(state, "build BAFI-RASI RASI")
    assert keys(events) == ["kanaloa.build", "kanaloa.control", "kanaloa.destroy",
                            "kanaloa.destroy"]
    assert markers(state) == {"BAFI": "Y"}
    assert bridges(state) == {"ALOA-BAFI": "Y", "BAFI-ORO": "Y", "BAFI-RASI": "Y"}
    assert state.view(None)["pending"] is None


def test_T_17_a_replacement_flips_control():
    state = position("ALOA-BAFI:R", "ALOA-COCO:R", "ALOA-DALI:R", "ALOA-ELOI:Y", "ALOA-FARE:Y",
                     player=MATEO, hands={MATEO: ["ALOA", "DALI"]})
    assert markers(state) == {"ALOA": "R"}
    events = act(state, "replace ALOA-DALI ALOA DALI")
    assert [(e["key"], e["params"].get("island") or e["params"].get("link")) for e in events] == [
        ("kanaloa.replace", "ALOA-DALI"), ("kanaloa.marker_lost", "ALOA"),
        ("kanaloa.control", "ALOA"), ("kanaloa.destroy", "ALOA-BAFI"),
        ("kanaloa.destroy", "ALOA-COCO")]
    assert markers(state) == {"ALOA": "Y"}
    assert bridges(state) == {"ALOA-DALI": "Y", "ALOA-ELOI": "Y", "ALOA-FARE": "Y"}
    assert stock(state)["R"] == 20


def test_T_18_a_relative_majority_removal_cascades():
    state = position("ORO-BAFI:Y", "ORO-COCO:Y", "ORO-HONU:R", "ORO-INOA:R", "ORO-LANI:G",
                     "NALU-ORO:G", "COCO-NALU:G", "ELOI-NALU:G", players=3, player=MATEO,
                     hands={MATEO: ["RASI"]})
    assert markers(state) == {"NALU": "G"}
    act(state, "build ORO-RASI RASI")
    events = act(state, "remove NALU-ORO")
    assert keys(events) == ["kanaloa.remove", "kanaloa.marker_lost"]
    assert events[1]["params"] == {"island": "NALU", "colour": "green"}
    assert markers(state) == {}


def test_T_19_one_bridge_two_takeovers_and_a_cascade():
    state = position("ALOA-COCO:Y", "ALOA-ELOI:Y", "DALI-MOTU:Y", "DALI-ELOI:G", "ALOA-BAFI:R",
                     "BAFI-ORO:R", "BAFI-RASI:R", player=MATEO, hands={MATEO: ["DALI"]})
    assert markers(state) == {"BAFI": "R"}
    events = act(state, "build ALOA-DALI DALI")
    assert [(e["key"], e["params"].get("island") or e["params"].get("link")) for e in events] == [
        ("kanaloa.build", "ALOA-DALI"),
        ("kanaloa.control", "ALOA"), ("kanaloa.destroy", "ALOA-BAFI"),
        ("kanaloa.marker_lost", "BAFI"),
        ("kanaloa.control", "DALI"), ("kanaloa.destroy", "DALI-ELOI")]
    assert markers(state) == {"ALOA": "Y", "DALI": "Y"}
    assert bridges(state) == {"ALOA-COCO": "Y", "ALOA-ELOI": "Y", "DALI-MOTU": "Y",
                              "ALOA-DALI": "Y", "BAFI-ORO": "R", "BAFI-RASI": "R"}


def test_T_20_no_destruction_without_a_takeover():
    state = position("ALOA-BAFI:Y", "ALOA-COCO:Y", "ALOA-ELOI:Y", "DALI-ELOI:R", player=BETTY,
                     hands={MATEO: ["FARE"], BETTY: ["DALI"]})
    assert markers(state) == {"ALOA": "Y"}
    events = act(state, "build ALOA-DALI DALI")
    assert keys(events) == ["kanaloa.build", "kanaloa.control"]
    assert markers(state) == {"ALOA": "Y", "DALI": "R"}
    act(state, "draw")                   # Betty ends her turn
    act(state, "draw")                   # Adam
    act(state, "draw")                   # Kayla
    assert state.to_move() == [MATEO]
    events = act(state, "build ALOA-FARE FARE")
    assert keys(events) == ["kanaloa.build"]
    assert bridges(state)["ALOA-DALI"] == "R"
    counts = {i["name"]: i["counts"] for i in state.view(None)["islands"]}
    assert counts["ALOA"] == [4, 1, 0, 0]
    assert state.view(None)["pending"] is None


# -- T-21 Five-card obligation and the discard option ----------------------------------------------

def test_T_21_a_five_cards_must_play():
    state = position(player=KAYLA, hands={KAYLA: ["BAFI", "COCO", "GAPU", "INOA", "JEKA"]})
    refused(state, "draw", key="kanaloa.illegal.must_play")
    refused(state, f"take {state.view(None)['display'][0]}", key="kanaloa.illegal.must_play")
    refused(state, "discard BAFI", key="kanaloa.illegal.must_play")
    assert not any(m.startswith(("draw", "take", "discard")) for m in legal(state))
    act(state, "build BAFI-COCO BAFI")
    assert "draw" in legal(state)
    act(state, "draw")
    assert len(hand(state, KAYLA)) == 5


def test_T_21_b_no_legal_play_must_discard():
    state = position("ALOA-DALI:G", "DALI-ELOI:G", "DALI-MOTU:G", "FARE-KULU:G", "GAPU-KULU:G",
                     "INOA-KULU:G", player=ADAM,
                     hands={ADAM: ["DALI", "DALI", "KULU", "KULU", "KULU"]})
    assert markers(state) == {"DALI": "G", "KULU": "G"}
    assert legal(state) == {"discard DALI", "discard KULU"}
    refused(state, "draw", key="kanaloa.illegal.must_discard")
    events = act(state, "discard KULU")
    assert event_for(events[0], BETTY) == {"key": "kanaloa.discard", "player": ADAM, "params": {}}
    assert not any(m.startswith("discard") for m in legal(state))
    assert "draw" in legal(state)
    act(state, "draw")
    assert len(hand(state, ADAM)) == 5
    assert state.view(None)["discard_face_down"] == [0, 0, 1, 0]


def test_T_21_c_three_cards_no_play_no_discard():
    state = position(player=BETTY, hands={BETTY: ["ALOA", "BAFI", "COCO"]})
    act(state, "draw")
    assert len(hand(state, BETTY)) == 4 and state.to_move() == [ADAM]


def test_T_21_d_no_discard_after_a_play():
    state = position(player=BETTY, hands={BETTY: ["ALOA", "BAFI", "COCO"]})
    act(state, "build ALOA-BAFI ALOA")
    refused(state, "discard COCO", key="kanaloa.illegal.discard_after_play")


# -- T-22 Drawing and refilling --------------------------------------------------------------------

def test_T_22_take_refills_and_blind_draw_is_private():
    state = position(player=MATEO, display=["RASI", "MOTU", "NALU", "FARE"], talon_top=["GAPU"])
    act(state, "take MOTU")
    assert state.view(None)["display"] == ["RASI", "GAPU", "NALU", "FARE"]
    state = position(player=MATEO, display=["RASI", "MOTU", "NALU", "FARE"], talon_top=["GAPU"])
    events = act(state, "draw")
    assert hand(state, MATEO) == ["GAPU"]
    assert event_for(events[0], MATEO)["params"] == {"card": "GAPU"}
    assert event_for(events[0], BETTY)["params"] == {}
    view = state.view(BETTY)
    assert view["known_hands"][MATEO] == [] and view["hand_sizes"][MATEO] == 1


def test_T_22_no_refill_once_the_talon_is_empty():
    state = position(player=MATEO, display=["RASI", "NALU"], talon=[])
    assert "draw" not in legal(state)
    events = act(state, "take NALU")
    assert keys(events) == ["kanaloa.take"]
    assert state.view(None)["display"] == ["RASI", None, None, None]


# -- T-23 End of round 1 ---------------------------------------------------------------------------

def test_T_23_end_of_round_one():
    state = position(*T6, player=ADAM, display=["HONU"], talon=[],
                     hands={ADAM: ["ALOA", "COCO", "DALI"], MATEO: ["JEKA"]})
    before = bridges(state)
    discards = len(state.view(None)["discard_face_up"])
    events = act(state, "take HONU")
    assert keys(events) == ["kanaloa.take", "kanaloa.round_end", "kanaloa.first_scoring",
                            "kanaloa.reshuffle"]
    assert events[2]["params"] == {"points": [2, 0, 0, 0]}
    assert scores(state) == {"Y": 2, "R": 0, "G": 0, "B": 0}
    view = state.view(None)
    assert view["round"] == 2 and None not in view["display"]
    assert view["talon_size"] == discards - 4 and view["discard_face_up"] == []
    assert bridges(state) == before and markers(state) == {"BAFI": "Y"}
    assert hand(state, ADAM) == ["ALOA", "COCO", "DALI", "HONU"]
    assert hand(state, MATEO) == ["JEKA"]
    assert state.to_move() == [KAYLA]


# -- T-24 Final phase pass order and tie-break -----------------------------------------------------

def t24():
    hands = {MATEO: ["ALOA"], BETTY: ["BAFI", "COCO"], ADAM: ["DALI"], KAYLA: ["ELOI"]}
    return position(round=2, player=KAYLA, display=["KULU"], talon=[], hands=hands,
                    scores={"R": 12, "G": 10, "Y": 7, "B": 6})


def test_T_24_final_phase_visits():
    state = t24()
    events = act(state, "take KULU")
    assert keys(events) == ["kanaloa.take", "kanaloa.round_end", "kanaloa.final_phase"]
    assert state.view(None)["final_phase"] is True
    # Visit 1: Mateo may pass (Betty and Adam have more and have not played) and does.
    assert state.to_move() == [MATEO] and "pass" in legal(state) and "end" in legal(state)
    act(state, "pass")
    # Visit 2: Betty, in the lead, must play.
    assert state.to_move() == [BETTY]
    refused(state, "pass", key="kanaloa.illegal.no_pass")
    events = act(state, "end")
    assert keys(events) == ["kanaloa.end_turn", "kanaloa.hand_discard"]
    assert event_for(events[1], MATEO) == {"key": "kanaloa.hand_discard", "player": BETTY,
                                           "params": {"count": 2}}
    assert hand(state, BETTY) == []
    # Visit 3: Adam cannot pass (only Betty had more, and she has played).
    assert state.to_move() == [ADAM] and "pass" not in legal(state)
    act(state, "end")
    # Visit 4: Kayla may pass (Mateo, 7 > 6, has not played).
    assert state.to_move() == [KAYLA] and "pass" in legal(state)
    act(state, "pass")
    # Visit 5: Mateo must play now.
    assert state.to_move() == [MATEO] and "pass" not in legal(state)
    act(state, "end")
    # Visit 6: Kayla is last and plays.
    assert state.to_move() == [KAYLA] and "pass" not in legal(state)
    act(state, "end")
    assert state.is_over()
    assert state.view(None)["last_turn_order"] == [BETTY, ADAM, MATEO, KAYLA]
    assert state.view(None)["discard_face_down"] == [1, 2, 1, 2]      # Kayla kept KULU
    assert "draw" not in str([e for e in events])
    result = state.result()
    assert result["winners"] == [BETTY] and result["reason"] == "points"
    assert result["scores"] == [7, 12, 10, 6]


def test_T_24_variation_playing_at_the_first_visit_is_legal():
    state = t24()
    act(state, "take KULU")
    act(state, "build ALOA-BAFI ALOA")
    assert state.to_move() == [MATEO]
    refused(state, "pass", key="kanaloa.illegal.turn_begun")
    act(state, "end")
    assert state.view(None)["last_turn_order"] == [MATEO]


@pytest.mark.parametrize("totals,order,winner", [
    ({"R": 20, "B": 20, "Y": 18, "G": 15}, [BETTY, ADAM, MATEO], BETTY),
    ({"R": 15, "B": 20, "Y": 20, "G": 15}, [BETTY, ADAM, MATEO], MATEO),
])
def test_T_24_tie_break_earlier_last_turn(totals, order, winner):
    state = position(round=2, final=True, player=KAYLA, last_played=order, scores=totals)
    act(state, "end")
    result = state.result()
    assert result["winners"] == [winner] and result["reason"] == "last_turn"
    assert result["breakdown"]["last_turn_order"] == order + [KAYLA]


# -- T-25 Two-player winner ------------------------------------------------------------------------

@pytest.mark.parametrize("totals,winner,reason,shown", [
    ({"R": 28, "Y": 3, "G": 10, "B": 12}, 1, "weaker_colour", [3, 10]),
    ({"R": 20, "Y": 10, "G": 10, "B": 15}, 0, "stronger_colour", [10, 10]),
])
def test_T_25_two_player_winner(totals, winner, reason, shown):
    state = position(players=2, round=2, final=True, player=1, last_played=[0], scores=totals)
    act(state, "colour 2", "end")
    result = state.result()
    assert result["winners"] == [winner] and result["reason"] == reason
    assert result["scores"] == shown
    players = result["breakdown"]["players"]
    assert [(p["weaker"], p["stronger"]) for p in players] == [
        tuple(sorted((totals["Y"], totals["R"]))), tuple(sorted((totals["G"], totals["B"])))]


# -- T-26 .. T-29 Two players ----------------------------------------------------------------------

def test_T_26_takeover_also_removes_ones_own_other_colour():
    state = position("ALOA-BAFI:R", "ALOA-COCO:R", "ALOA-ELOI:Y", "ALOA-FARE:G", players=2,
                     player=0, hands={0: ["DALI"]})
    act(state, "colour 1")
    events = act(state, "build ALOA-DALI DALI")
    assert [(e["params"].get("link"), e.get("player")) for e in find(events, "kanaloa.destroy")] \
        == [("ALOA-ELOI", 0), ("ALOA-FARE", 1)]
    assert markers(state) == {"ALOA": "R"}
    assert bridges(state) == {"ALOA-BAFI": "R", "ALOA-COCO": "R", "ALOA-DALI": "R"}


def test_T_27_replacing_ones_own_other_colour():
    state = position("COCO-ORO:Y", players=2, player=0, hands={0: ["COCO", "ORO"]})
    act(state, "colour 1")
    assert "replace COCO-ORO COCO ORO" in legal(state)
    act(state, "replace COCO-ORO COCO ORO")
    assert bridges(state) == {"COCO-ORO": "R"}
    assert stock(state) == {"Y": 20, "R": 19, "G": 20, "B": 20}


def test_T_28_a_own_other_colour_may_be_the_chosen_victim():
    state = position("ALOA-BAFI:R", "BAFI-ORO:Y", "BAFI-COCO:G", "BAFI-FARE:B", players=2,
                     player=0, hands={0: ["RASI"]})
    act(state, "colour 1", "build BAFI-RASI RASI")
    assert legal(state) == {"remove BAFI-ORO", "remove BAFI-COCO", "remove BAFI-FARE"}
    act(state, "remove BAFI-ORO")
    assert "BAFI-ORO" not in bridges(state) and stock(state)["Y"] == 20


def test_T_28_b_own_other_colour_as_the_forced_victim():
    state = position("ALOA-BAFI:R", "BAFI-ORO:G", "BAFI-COCO:G", "BAFI-FARE:Y", players=2,
                     player=0, hands={0: ["RASI"]})
    act(state, "colour 1")
    events = act(state, "build BAFI-RASI RASI")
    assert [e["params"]["link"] for e in find(events, "kanaloa.remove")] == ["BAFI-FARE"]
    assert find(events, "kanaloa.remove")[0]["params"]["victim"] == 0


def t29(first, totals):
    return position(players=2, round=2, final=True, player=first, scores=totals)


def test_T_29_a_behind_player_may_pass():
    state = t29(0, {"R": 20, "Y": 9, "G": 11, "B": 14})
    assert "pass" in legal(state)
    act(state, "pass")
    assert state.to_move() == [1] and "pass" not in legal(state)
    act(state, "colour 2", "end")
    assert state.to_move() == [0] and "pass" not in legal(state)
    act(state, "colour 0", "end")
    assert state.result()["breakdown"]["last_turn_order"] == [1, 0]


def test_T_29_b_the_leader_may_not_pass():
    state = t29(1, {"R": 20, "Y": 9, "G": 11, "B": 14})
    refused(state, "pass", key="kanaloa.illegal.no_pass")
    act(state, "colour 3", "end")
    assert state.to_move() == [0] and "pass" not in legal(state)


def test_T_29_c_equal_players_may_not_pass():
    for first in (0, 1):
        state = t29(first, {"R": 14, "Y": 11, "G": 11, "B": 14})
        assert "pass" not in legal(state)


# -- T-30 Early win --------------------------------------------------------------------------------

KAYLA_BRIDGES = ("DALI-ELOI", "DALI-MOTU", "GAPU-HONU", "GAPU-KULU", "GAPU-RASI", "HONU-RASI",
                 "INOA-JEKA", "INOA-KULU", "INOA-ORO", "JEKA-MOTU", "LANI-MOTU", "LANI-NALU",
                 "LANI-ORO", "NALU-ORO", "ORO-RASI")


@pytest.mark.parametrize("card", ["NALU", "MOTU"])
def test_T_30_early_win_by_an_eleventh_island(card):
    state = position(*[f"{name}:B" for name in KAYLA_BRIDGES], "COCO-NALU:R", player=KAYLA,
                     hands={KAYLA: [card]})
    assert sorted(markers(state)) == ["DALI", "GAPU", "HONU", "INOA", "JEKA", "KULU", "LANI",
                                      "MOTU", "ORO", "RASI"]
    assert state.view(None)["markers"][3] == 0
    events = act(state, f"build MOTU-NALU {card}")
    assert keys(events) == ["kanaloa.build", "kanaloa.early_win", "kanaloa.game_over"]
    assert state.is_over() and state.to_move() == []
    result = state.result()
    assert result["winners"] == [KAYLA] and result["reason"] == "early_win"
    assert result["breakdown"]["early_win"] == {"colour": "blue", "island": "NALU",
                                                 "player": KAYLA}
    assert "final" not in str(state.view(None)["points"])


# -- T-31 .. T-37 The gods -------------------------------------------------------------------------

def test_T_31_capture_and_kane():
    stones = {"DALI": "KANE", "ALOA": "KU", "ORO": "KANE", "BAFI": "KANE"}
    state = position("ALOA-BAFI:Y", "ALOA-DALI:R", gods=True, player=BETTY, stones=stones,
                     hands={BETTY: ["ELOI", "DALI"], MATEO: ["ALOA", "ELOI"]})
    kane_out = state.view(None)["stones_used"][0]
    events = act(state, "build DALI-ELOI ELOI")
    assert find(events, "kanaloa.kane")[0]["params"] == {"island": "DALI", "points": 1,
                                                         "colour": "red"}
    assert scores(state)["R"] == 1
    assert state.view(None)["islands"][3]["stone"] is None
    assert state.view(None)["stones_used"][0] == kane_out + 1, "the KANE stone is discarded"
    act(state, "draw", "draw", "draw")          # Betty, Adam, Kayla
    act(state, "build ALOA-COCO ALOA")
    events = act(state, "build ALOA-ELOI ELOI")
    assert find(events, "kanaloa.capture")[0]["params"] == {"island": "ALOA", "stone": "KU"}
    assert state.view(None)["tablets"][MATEO]["KU"] == 1
    assert markers(state) == {"ALOA": "Y"} and scores(state)["Y"] == 0
    act(state, "draw", "draw", "draw", "draw")  # Mateo, Betty, Adam ... Kayla
    assert state.to_move() == [MATEO]
    act(state, "draw")
    # Betty retakes DALI: no stone is left there.
    events = act(state, "build DALI-MOTU DALI")
    assert keys(events) == ["kanaloa.build", "kanaloa.control"]
    assert scores(state)["R"] == 1


def test_T_31_bafi_kane_gives_two_and_oro_three():
    state = position("ALOA-BAFI:Y", "BAFI-COCO:G", "BAFI-FARE:B", "BAFI-RASI:Y", gods=True,
                     player=MATEO, stones={"BAFI": "KANE"}, hands={MATEO: ["ORO"]})
    act(state, "build BAFI-ORO ORO")
    assert scores(state)["Y"] == 2
    state = position("BAFI-ORO:G", "COCO-ORO:G", "HONU-ORO:G", gods=True, player=ADAM,
                     stones={"ORO": "KANE"}, hands={ADAM: ["ORO"]})
    act(state, "build INOA-ORO ORO")
    assert scores(state)["G"] == 3 and markers(state) == {"ORO": "G"}


def test_T_32_round_one_stones_wait_for_round_two():
    state = position(gods=True, player=KAYLA, display=["KULU"], talon=[],
                     tablets={MATEO: ["KU"]}, hands={BETTY: ["ALOA"]})
    act(state, "take KULU")
    assert state.view(None)["round"] == 2 and state.to_move() == [MATEO]
    assert "ku 1" in legal(state)
    early = position(gods=True, player=MATEO, tablets={MATEO: ["KU"]}, hands={BETTY: ["ALOA"]})
    assert "ku 1" not in legal(early)
    refused(early, "ku 1", key="kanaloa.illegal.stones_round_two")


def t33():
    return position("ALOA-BAFI:Y", "ALOA-COCO:Y", "ALOA-ELOI:Y", "DALI-ELOI:R", gods=True,
                    round=2, player=BETTY, tablets={BETTY: ["KANALOA", "KANALOA"]},
                    hands={BETTY: ["COCO"]})


def test_T_33_kanaloa_builds_and_replaces():
    state = t33()
    assert markers(state) == {"ALOA": "Y"}
    events = act(state, "build DALI-MOTU KANALOA")
    assert keys(events) == ["kanaloa.build_kanaloa", "kanaloa.control"]
    assert markers(state) == {"ALOA": "Y", "DALI": "R"}
    events = act(state, "replace ALOA-COCO COCO KANALOA")
    assert keys(events) == ["kanaloa.replace", "kanaloa.marker_lost"]
    assert markers(state) == {"DALI": "R"}
    counts = {i["name"]: i["counts"] for i in state.view(None)["islands"]}
    assert counts["ALOA"] == [2, 1, 0, 0]
    view = state.view(None)
    assert view["tablets"][BETTY]["KANALOA"] == 0 and view["stones_used"][1] == 2
    assert view["discard_face_up"][-1] == "COCO" and hand(state, BETTY) == []


def t34(adam):
    return position("ALOA-DALI:Y", "DALI-ELOI:Y", "DALI-MOTU:Y", "FARE-KULU:Y", "GAPU-KULU:Y",
                    "INOA-KULU:Y", gods=True, round=2, player=MATEO, tablets={MATEO: ["KU"]},
                    hands={MATEO: ["DALI", "DALI", "KULU", "KULU", "KULU"], ADAM: adam})


def test_T_34_ku_and_the_hand_limit():
    state = t34(["COCO", "HONU", "LANI"])
    assert not state.can_play(MATEO)
    events = act(state, "ku 2")
    assert event_for(events[0], MATEO)["params"] == {"victim": ADAM,
                                                     "cards": ["COCO", "HONU", "LANI"]}
    assert event_for(events[0], BETTY)["params"] == {"victim": ADAM}
    assert state.view(MATEO)["known_hands"][ADAM] == ["COCO", "HONU", "LANI"]
    assert legal(state) == {"steal COCO", "steal HONU", "steal LANI"}
    events = act(state, "steal LANI")
    assert event_for(events[0], ADAM)["params"] == {"victim": ADAM, "card": "LANI"}
    assert event_for(events[0], BETTY)["params"] == {"victim": ADAM}
    assert state.view(None)["hand_sizes"] == [6, 0, 2, 0]
    assert state.view(ADAM)["known_hands"][MATEO] == ["LANI"]
    assert {m.split()[0] for m in legal(state)} == {"build"}
    assert all(m.endswith(" LANI") for m in legal(state))
    refused(state, "discard DALI", key="kanaloa.illegal.must_play")
    refused(state, "draw", key="kanaloa.illegal.must_play")
    act(state, "build LANI-ORO LANI")
    assert len(hand(state, MATEO)) == 5
    refused(state, "draw", key="kanaloa.illegal.hand_over_limit")
    assert {m.split()[0] for m in legal(state)} == {"discard"}
    act(state, "discard KULU")
    assert legal(state) >= {"draw"} and not any(m.startswith("discard") for m in legal(state))
    act(state, "draw")
    assert len(hand(state, MATEO)) == 5


def test_T_34_two_legal_plays_must_both_be_played():
    state = position("ALOA-DALI:Y", "DALI-ELOI:Y", "DALI-MOTU:Y", "FARE-KULU:Y", "GAPU-KULU:Y",
                     "INOA-KULU:Y", gods=True, round=2, player=MATEO, tablets={MATEO: ["KU"]},
                     hands={MATEO: ["DALI", "DALI", "KULU", "KULU", "NALU"], ADAM: ["LANI"]})
    act(state, "ku 2", "steal LANI", "build LANI-ORO LANI")
    refused(state, "discard DALI", key="kanaloa.illegal.must_play_down")
    refused(state, "draw", key="kanaloa.illegal.hand_over_limit")
    act(state, "build ELOI-NALU NALU")
    assert len(hand(state, MATEO)) == 4
    refused(state, "discard DALI", key="kanaloa.illegal.discard_after_play")
    act(state, "draw")


def test_T_35_pele():
    state = position(gods=True, round=2, player=KAYLA, tablets={KAYLA: ["PELE"]},
                     hands={KAYLA: ["FARE", "GAPU"], MATEO: ["ALOA", "INOA", "JEKA"],
                            BETTY: ["KULU", "NALU"], ADAM: ["MOTU"]})
    events = act(state, "pele")
    assert keys(events) == ["kanaloa.pele"] + ["kanaloa.pele_draw"] * 3
    assert state.view(None)["hand_sizes"] == [2, 1, 0, 5]
    assert "MOTU" in hand(state, KAYLA)
    for e, victim in zip(events[1:], (MATEO, BETTY, ADAM)):
        assert e["params"]["victim"] == victim
        # The card is named to the two players it passes between, no one else.
        assert event_for(e, victim)["params"]["card"] == e["secret"]["card"]
        assert event_for(e, KAYLA)["params"]["card"] in hand(state, KAYLA)
        for other in {MATEO, BETTY, ADAM} - {victim}:
            assert event_for(e, other)["params"] == {"victim": victim}
    assert state.view(None)["pending"] == {"kind": "give", "to": [MATEO, BETTY, ADAM]}
    assert {m.split()[1] for m in legal(state)} == {"0"}
    refused(state, "give 1 FARE", key="kanaloa.illegal.give_order")
    refused(state, "draw", key="kanaloa.illegal.must_give")
    taken_from_mateo = events[1]["secret"]["card"]
    act(state, f"give 0 {taken_from_mateo}", "give 1 FARE")
    events = act(state, "give 2 GAPU")
    assert event_for(events[0], ADAM)["params"] == {"to": ADAM, "card": "GAPU"}
    assert event_for(events[0], KAYLA)["params"] == {"to": ADAM, "card": "GAPU"}
    assert event_for(events[0], MATEO)["params"] == {"to": ADAM}
    assert state.view(None)["hand_sizes"] == [3, 2, 1, 2]
    assert hand(state, ADAM) == ["GAPU"]
    assert state.view(None)["pending"] is None


def test_T_36_lono():
    state = position(gods=True, round=2, player=BETTY, tablets={BETTY: ["LONO"]},
                     hands={BETTY: ["ALOA", "COCO"]}, display=["RASI", "MOTU", "NALU", "FARE"],
                     talon_top=["GAPU"])
    events = act(state, "lono take RASI")
    assert keys(events) == ["kanaloa.lono", "kanaloa.lono_take", "kanaloa.refill"]
    assert state.view(None)["display"] == ["GAPU", "MOTU", "NALU", "FARE"]
    assert state.to_move() == [BETTY]
    act(state, "build BAFI-RASI RASI")
    assert bridges(state) == {"BAFI-RASI": "R"}
    act(state, "draw")
    assert len(hand(state, BETTY)) == 3 and state.to_move() == [ADAM]


def test_T_37_no_stone_in_the_last_turn_but_kane_scores():
    state = position("ALOA-BAFI:Y", "BAFI-ORO:Y", gods=True, round=2, final=True, player=MATEO,
                     tablets={MATEO: ["KU"]}, stones={"BAFI": "KANE"}, scores={"Y": 7},
                     hands={MATEO: ["RASI"], BETTY: ["ALOA"]})
    refused(state, "ku 1", key="kanaloa.illegal.stones_last_turn")
    assert not any(m.startswith("ku") for m in legal(state))
    events = act(state, "build BAFI-RASI RASI")
    assert keys(events) == ["kanaloa.build", "kanaloa.control", "kanaloa.kane"]
    assert scores(state)["Y"] == 9 and markers(state) == {"BAFI": "Y"}
    refused(state, "ku 1", key="kanaloa.illegal.stones_last_turn")
