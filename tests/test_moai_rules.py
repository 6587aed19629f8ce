"""Moai: one or more tests per numbered rule of docs/rules/moai.md.

Each test name carries the rule ids it checks (``test_M_12_...``; an
ambiguity resolution ``A-n`` is named next to the rule it shapes). Positions
are written explicitly with ``MoaiState.from_position``; ``moai_helpers``
explains its defaults. The last test checks that every id of the spec has a
test here or among the scenarios.
"""

import copy
import inspect
import json
import math

import pytest

from pygame_core import GAMES, BadState, GameError, IllegalMove, Rng
from pygame_core.engine import event_for
from pygame_core.games.moai import EPOCH_CARDS, EPOCH_IDS, MOAI_HEIGHTS, Moai, MoaiMove, MoaiState
from pygame_core.games.moai import hints as moai_hints
from pygame_core.games.moai import tables as moai_tables
from pygame_core.games.moai.tables import DECK_COMPOSITION

import test_moai_scenarios
from moai_helpers import B, G, R, W, Y, act, data, field, find, forest, keys, legal, position, refused, volcano


def random_play(state, seed, stop=None, limit=6000):
    """Random legal moves until the end (or ``stop(state)``); the events."""
    rng = Rng.from_seed(seed)
    log = []
    for _ in range(limit):
        if state.is_over() or (stop and stop(state)):
            break
        to_move = state.to_move()
        player = to_move[rng.below(len(to_move))]
        log += state.play(player, rng.choice(state.legal_moves(player)))
    return log


def random_states(players, seeds, every=7, **options):
    for seed in seeds:
        state = Moai.new(players=players, seed=seed, **options)
        rng = Rng.from_seed(seed * 13 + 5)
        n = 0
        while not state.is_over():
            if n % every == 0:
                yield state.clone()
            to_move = state.to_move()
            player = to_move[rng.below(len(to_move))]
            state.play(player, rng.choice(state.legal_moves(player)))
            n += 1


def work(players=3, camps=None, **kw):
    order = kw.pop("order", list(range(players)))
    return position(players=players, phase="work", round=2, order=order, bird_man=order[0],
                    current=kw.pop("current", 0), camps=camps, **kw)


def take_step(card, players=3, taker=R, **kw):
    order = [taker] + [p for p in range(players) if p != taker]
    kw.setdefault("camps", {p: [] for p in range(players)})
    return position(players=players, phase="take", round=2, order=order, bird_man=taker,
                    current=0, display=[card, "E1-01"], **kw)


def carve_step(players=3, order=None, **kw):
    order = order or list(range(players))
    kw.setdefault("camps", {p: [] for p in range(players)})
    return position(players=players, phase="carve", round=2, order=order, bird_man=order[0],
                    current=0, **kw)


def birth_step(hand, players=3, final=False, **kw):
    kw.setdefault("camps", {p: [] for p in range(players)})
    return position(players=players, phase="birth", round=2, final_round=final,
                    order=list(range(players)), bird_man=0, current=0, hands={R: hand}, **kw)


# =============================================================================================
# The game's facts
# =============================================================================================

def test_game_facts():
    assert GAMES["moai"] is Moai
    assert Moai.id == "moai" and Moai.title == {"fr": "Moai", "en": "Moai"}
    assert Moai.players == (2, 3, 4, 5)
    assert Moai.options == {"all_face_up": False, "open_bids": False, "short_game": False,
                            "title_rule": False, "fixed_victims": False}
    assert Moai.Move is MoaiMove and Moai.State is MoaiState
    assert Moai.hints is moai_hints
    state = Moai.new(players=4, seed=1)
    assert state.players == 4


def test_unknown_options_and_player_counts_are_refused():
    with pytest.raises(GameError):
        Moai.new(players=3, seed=1, volcano_gods=True)
    for n in (1, 6):
        with pytest.raises(GameError):
            Moai.new(players=n, seed=1)
    with pytest.raises(GameError):
        Moai.new(players=3, seed=1, all_face_up="yes")


# =============================================================================================
# 2. Components (C-1 to C-9)
# =============================================================================================

def test_C_1_inventory_of_a_new_game():
    d = data(Moai.new(players=5, seed=3))
    cards = d["deck"] + d["discard"] + [c for h in d["hands"] for c in h]
    assert len(cards) == 40
    epoch = d["epoch_deck"] + d["display"] + d["removed"]
    assert len(epoch) == 36 - 1 * d["admiral_aside"]
    assert len(d["moai_supply"]) == 21
    pieces = sum(len(c) for c in d["camps"]) + sum(sum(r) for r in d["reserve"])
    assert pieces == 90, "5 colours x 18 pieces"
    assert d["wood_supply"] + sum(d["forest_wood"]) == 15
    assert d["disaster_supply"] + d["fields"].count("X") == 10


def test_C_2_A_8_board_six_forest_spaces_sixteen_fields_open_volcano():
    view = Moai.new(players=3, seed=2).view(None)
    assert [s["id"] for s in view["forest"]] == ["S1", "S2", "S3", "S4", "S5", "S6"]
    assert [f["id"] for f in view["fields"]] == [f"F{i}" for i in range(1, 17)]
    assert view["volcano"] == [] and view["boats"] == []
    # A field holds one piece; the volcano grows only when every space is occupied.
    state = work(camps={R: [1, 2]}, fields={"F1": "Y3"}, volcano=[["G1"]])
    assert "place 1 F1" not in legal(state) and "place 1 V2" in legal(state)


def test_C_3_card_values_and_composition():
    assert moai_tables.VALUE == (1, 2, 3, 1)
    assert DECK_COMPOSITION == (12, 12, 10, 6)
    kinds = moai_tables.RN_KIND
    assert [kinds[f"RN{i:02d}"] for i in (1, 12, 13, 24, 25, 34, 35, 40)] == [0, 0, 1, 1, 2, 2, 3, 3]


def test_C_3_3_deck_total_value_is_72():
    assert sum(v * c for v, c in zip(moai_tables.VALUE, DECK_COMPOSITION)) == 72


def test_C_3_1_C_3_2_A_4_raid_counts_one_in_bids_births_and_raids():
    state = position(players=3, phase="bid", round=1, hands={R: ["R", "R"], Y: ["1"], G: ["2"]})
    act(state, "bid R", player=R)
    act(state, "bid 1", player=Y)
    events = act(state, "bid 2", player=G)
    assert find(events, "moai.bids")[0]["values"] == [1, 1, 2]
    births = birth_step(["R", "3"])
    assert "birth 3 R" in legal(births)
    events = act(births, "birth 3 R")
    assert find(events, "moai.birth") == [{"cards": ["3", "R"], "strength": 1}]


def test_C_4_epoch_cards_table():
    assert len(EPOCH_CARDS) == 36
    per = {e: [c for c in EPOCH_CARDS if c[1] == e] for e in (1, 2, 3)}
    assert [len(per[e]) for e in (1, 2, 3)] == [14, 14, 8]
    types = [sum(1 for c in EPOCH_CARDS if c[3] == t) for t in range(4)]
    assert types == [7, 6, 22, 1], "neutral, boat, disaster (more than half), end"
    assert [sum(c[6] for c in per[e]) for e in (1, 2, 3)] == [10, 6, 2], "palms"
    by_id = {c[0]: c for c in EPOCH_CARDS}
    assert by_id["E1-06"][3:6] == (1, 3, 2), "[Bateau 3/2]"
    assert by_id["E1-01"][3:6] == (0, 3, 3), "[Neutre 3/3]"
    assert by_id["E1-12"][2:6] == ("erosion", 2, 2, 3), "[Érosion 2/3]"
    admiral = by_id["E3-01"]
    assert admiral[2] == "admiral" and admiral[4:7] == (0, 0, 0)


def test_C_5_0a_A_27_any_clan_may_be_named_even_the_taker():
    state = take_step("E2-08", stocks={R: 1})
    assert legal(state) >= {"take E2-08"}
    act(state, "take E2-08")
    assert legal(state) == {"victim R", "victim Y", "victim G"}
    events = act(state, "victim R")
    assert find(events, "moai.fire") == [{"wood": 1}]


def test_C_5_0b_A_43_erosion_names_no_victim():
    state = take_step("E1-10")
    events = act(state, "take E1-10")
    assert "moai.victim" not in keys(events)
    assert data(state)["phase"] == "erode" and state.to_move() == [R]


def test_C_5_0c_a_disaster_without_effect_still_takes_the_card():
    state = take_step("E2-12")                      # epidemic, nobody has a piece
    events = act(state, "take E2-12", "victim Y")
    assert find(events, "moai.no_effect") == [{"card": "E2-12"}]
    assert data(state)["taken"][R] == "E2-12"


def test_C_5_0d_a_dead_piece_goes_to_the_reserve():
    state = take_step("E2-12", camps={R: [], Y: [3], G: []})
    before = data(state)["reserve"][Y]
    act(state, "take E2-12", "victim Y")
    assert data(state)["reserve"][Y] == [before[0], before[1], before[2] + 1]


def test_C_5_D_ERO_covers_the_chosen_free_field():
    state = take_step("E1-10", fields={"F1": "Y3"})
    act(state, "take E1-10")
    assert "erode F1" not in legal(state) and "erode F12" not in legal(state)
    refused(state, "erode F1", key="moai.illegal.field_not_free")
    act(state, "erode F2")
    assert field(state, "F2") == "X" and data(state)["disaster_supply"] == 4


def test_C_5_D_FIRE_loses_up_to_k_wood():
    state = take_step("E1-14", stocks={Y: 3})
    act(state, "take E1-14", "victim Y")
    assert data(state)["stocks"][Y] == 2
    state = take_step("E3-03", stocks={Y: 3})
    act(state, "take E3-03", "victim Y")
    assert data(state)["stocks"][Y] == 1


def test_C_5_D_BOAT_victim_chooses_among_several_and_unbuilt_boats_are_safe():
    state = take_step("E2-10", boats={"E1-06": "Y", "E1-07": "Y3"}, camps={R: [], Y: [], G: []})
    act(state, "take E2-10", "victim Y")
    assert state.to_move() == [Y] and legal(state) == {"sink E1-06", "sink E1-07"}
    refused(state, "sink E1-08", key="moai.illegal.not_your_boat")
    events = act(state, "sink E1-07")
    assert find(events, "moai.sink") == [{"boat": "E1-07", "strength": 3}]
    assert data(state)["boats"] == {"E1-06": {"owner": Y, "piece": None}}
    assert data(state)["camps"][Y] == [3], "the fisherman goes home, he does not die"
    # A boat card taken this round and not built is not a boat.
    state = position(players=3, phase="take", round=2, order=[Y, R, G], bird_man=Y, current=1,
                     display=["E2-10"], taken={Y: "E1-06"}, camps={R: [], Y: [], G: []})
    events = act(state, "take E2-10", "victim Y")
    assert find(events, "moai.no_effect") == [{"card": "E2-10"}]
    assert data(state)["taken"][Y] == "E1-06"


def test_C_5_D_EPI_victim_chooses_camp_or_board():
    state = take_step("E2-13", camps={R: [], Y: [1, 3], G: []}, forest={"S1": ["Y2fd"]})
    act(state, "take E2-13", "victim Y")
    assert state.to_move() == [Y]
    assert legal(state) == {"lose camp:Y1", "lose camp:Y3", "lose S1:Y2fd"}
    events = act(state, "lose S1:Y2fd")
    assert find(events, "moai.lose") == [{"location": "S1", "strength": 2, "card": "E2-13"}]


def test_C_5_D_WAR_taker_chooses_a_face_up_piece_or_the_victim_falls_back():
    state = take_step("E2-14", camps={R: [], Y: [], G: [2]}, forest={"S1": ["G3", "G1fd"]},
                      boats={"E1-06": "G1"})
    act(state, "take E2-14", "victim G")
    assert state.to_move() == [R]
    assert legal(state) == {"kill S1:G3", "kill E1-06:G1"}, "face up, fields and boats included"
    refused(state, "kill S1:G1fd", key="moai.illegal.war_target")
    state = take_step("E2-14", camps={R: [], Y: [], G: [2, 3]}, forest={"S1": ["G1fd"]})
    act(state, "take E2-14", "victim G")
    assert state.to_move() == [G], "no face-up piece: the victim chooses"
    assert legal(state) == {"lose camp:G2", "lose camp:G3", "lose S1:G1fd"}


def test_C_5_D_TOPPLE_tallest_then_lowest_numbered():
    state = take_step("E3-08", tiles={Y: ["M20", "M21", "M05"]})
    events = act(state, "take E3-08", "victim Y")
    assert find(events, "moai.topple") == [{"tile": "M20", "height": 9}]
    assert [t["id"] for t in data(state)["tiles"][Y]] == ["M21", "M05"]
    assert "M20" not in data(state)["moai_supply"] and data(state)["toppled"] == ["M20"]


def test_C_5_1_a_death_frees_the_field_or_the_volcano_space():
    state = take_step("E2-14", camps={R: [], Y: [], G: []}, fields={"F1": "G3"}, volcano=[["G2"]])
    act(state, "take E2-14", "victim G", "kill V1:G2")
    assert data(state)["volcano"][0] == [] and state.view(None)["volcano"][0]["owner"] is None
    state = take_step("E2-14", camps={R: [], Y: [], G: []}, fields={"F1": "G3"})
    act(state, "take E2-14", "victim G")
    assert field(state, "F1") is None


def test_C_5_2_boat_build_is_not_a_disaster():
    state = take_step("E1-06")
    events = act(state, "take E1-06")
    assert "moai.victim" not in keys(events) and data(state)["phase"] != "victim"


def test_C_6_tiles_heights_total_and_lowest_numbered_first():
    assert len(MOAI_HEIGHTS) == 21 and sum(MOAI_HEIGHTS) == 113
    assert sorted(MOAI_HEIGHTS) == list(MOAI_HEIGHTS)
    state = carve_step(stocks={R: 2}, volcano=[["R3fd", "R2fd"], ["R3fd", "R1fd", "R1fd"]])
    events = act(state, "carve V1", "carve V2")
    assert [c["tile"] for c in find(events, "moai.carve")] == ["M09", "M10"]


def test_C_7_colours_and_pieces():
    assert moai_tables.COLOURS == ("red", "yellow", "green", "blue", "white")
    view = Moai.new(players=5, seed=1).view(None)
    assert view["colours"] == ["red", "yellow", "green", "blue", "white"]
    assert view["reserve"] == [[3, 3, 3]] * 5 and view["camps"] == [9] * 5


def test_C_8_A_32_fifteen_wood_and_ten_disaster_tokens():
    bad = data(position(players=3, phase="bid"))
    bad["wood_supply"] = 14
    with pytest.raises(BadState, match="15 wood"):
        MoaiState.from_json(bad)
    bad = data(position(players=3, phase="bid"))
    bad["disaster_supply"] = 6
    with pytest.raises(BadState, match="10 disaster"):
        MoaiState.from_json(bad)


def test_C_9_boats_hold_one_piece_and_stay():
    state = work(camps={R: [1, 2]}, boats={"E1-06": "R3"})
    assert not any(m.startswith("place") and "E1-06" in m for m in legal(state))
    state = work(camps={R: [1, 2]}, boats={"E1-06": "R"})
    act(state, "place 2 E1-06")
    assert data(state)["boats"]["E1-06"] == {"owner": R, "piece": 2}
    assert len(moai_tables.BOAT_CARDS) == 6


# =============================================================================================
# 3. Set-up (S-1 to S-12)
# =============================================================================================

def test_S_1_distinct_colours_unused_ones_out_of_play():
    state = Moai.new(players=2, seed=4)
    assert state.view(None)["colours"] == ["red", "yellow"]
    bad = data(state)
    bad["forest"][0] = ["G1"]
    with pytest.raises(BadState, match="colour in play"):
        MoaiState.from_json(bad)


def test_S_2_the_board_starts_empty():
    view = Moai.new(players=3, seed=8).view(None)
    assert all(s["pieces"] == [] for s in view["forest"])
    assert all(f["piece"] is None for f in view["fields"])
    assert view["volcano"] == [] and view["boats"] == [] and view["order"] == []


def test_S_3_wood_supply_and_stocks():
    state = Moai.new(players=3, seed=8)
    view = state.view(None)
    palms = sum(c["palm"] for c in view["epoch"]["display"])
    assert view["wood"]["supply"] == 15 - palms and view["wood"]["stocks"] == [0, 0, 0]


@pytest.mark.parametrize("players,covered", [(2, 8), (3, 5), (4, 2), (5, 0)])
def test_S_4_covered_fields(players, covered):
    d = data(Moai.new(players=players, seed=1))
    assert d["fields"] == [None] * (16 - covered) + ["X"] * covered
    assert d["disaster_supply"] == 10 - covered


def test_S_5_all_tiles_in_the_supply():
    view = Moai.new(players=3, seed=1).view(None)
    assert view["moai"]["supply"] == {"2": 2, "3": 3, "4": 3, "5": 3, "6": 3, "7": 3, "8": 2, "9": 2}


def test_S_6_a_random_player_holds_the_pawn():
    holders = [data(Moai.new(players=4, seed=s))["bird_man"] for s in range(40)]
    assert set(holders) == {0, 1, 2, 3}
    assert holders == [data(Moai.new(players=4, seed=s))["bird_man"] for s in range(40)]


def test_S_7_camps_and_reserves():
    d = data(Moai.new(players=4, seed=2))
    assert d["camps"] == [[1, 1, 1, 2, 2, 2, 3, 3, 3]] * 4
    assert d["reserve"] == [[3, 3, 3]] * 4


def test_S_8_no_positions_before_the_first_bids():
    state = Moai.new(players=3, seed=5)
    assert state.view(None)["order"] == []
    assert state.to_move() == [0, 1, 2]


def test_S_9_five_cards_each_deck_and_empty_discard():
    for n in (2, 3, 4, 5):
        d = data(Moai.new(players=n, seed=n))
        assert [len(h) for h in d["hands"]] == [5] * n
        assert len(d["deck"]) == 40 - 5 * n and d["discard"] == []


def test_S_10_epoch_deck_stacked_three_two_one():
    for seed in range(10):
        state = Moai.new(players=3, seed=seed)
        d = data(state)
        epochs = [int(c[1]) for c in d["display"] + d["epoch_deck"]]
        assert epochs == sorted(epochs)
        assert [int(c[1]) for c in d["display"]] == [1, 1, 1, 1]
    assert data(Moai.new(players=3, seed=1))["epoch_deck"] != data(Moai.new(players=3, seed=2))["epoch_deck"]


@pytest.mark.parametrize("players,covered,deck,display", [(2, 8, 30, 3), (3, 5, 25, 4), (4, 2, 20, 5),
                                                           (5, 0, 15, 6)])
def test_S_11_summary_table(players, covered, deck, display):
    d = data(Moai.new(players=players, seed=9))
    assert d["fields"].count("X") == covered and d["fields"].count(None) == 16 - covered
    assert d["disaster_supply"] == 10 - covered
    assert all(len(c) == 9 for c in d["camps"]) and all(sum(r) == 9 for r in d["reserve"])
    assert len(d["deck"]) == deck
    assert len(d["display"]) == display


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_S_11a_the_game_lasts_until_the_admiral_round(players):
    for seed in range(6):
        state = Moai.new(players=players, seed=seed)
        d = data(state)
        k = players + 1
        deck = d["display"] + d["epoch_deck"]
        p = deck.index("E3-01") + 1
        random_play(state, seed)
        assert state.is_over()
        assert state.round == math.ceil(p / k)


def test_S_12_rounds_follow_one_another_until_the_end():
    state = Moai.new(players=2, seed=21)
    log = random_play(state, 3)
    rounds = [e["params"]["round"] for e in log if e["key"] == "moai.round"]
    assert rounds == list(range(2, rounds[-1] + 1))
    assert 10 <= state.round <= 12 and keys(log)[-1] == "moai.game_over"


# =============================================================================================
# 4. The round
# =============================================================================================

def test_M_0_1_A_1_every_sequence_follows_the_orongo_order():
    state = position(players=3, phase="take", round=2, order=[G, R, Y], bird_man=G, current=0,
                     display=["E1-01", "E1-02", "E1-03", "E1-04"], camps={R: [1], Y: [1], G: [1]})
    assert state.to_move() == [G]
    act(state, "take E1-01")
    assert state.to_move() == [R]
    act(state, "take E1-02")
    assert state.to_move() == [Y]
    act(state, "take E1-03")
    assert data(state)["phase"] == "work" and state.to_move() == [G]


def test_M_0_2_round_one_ties_use_the_setup_pawn():
    state = position(players=3, phase="bid", round=1, bird_man=Y,
                     hands={R: ["1"], Y: ["1"], G: ["1"]})
    for p in (R, Y, G):
        act(state, "bid 1", player=p)
    assert state.to_move() == [Y] and legal(state) == {"rank R", "rank G"}


def test_M_1_reveal_n_plus_one_or_what_is_left():
    for n in (2, 3, 4, 5):
        assert len(data(Moai.new(players=n, seed=n))["display"]) == n + 1
    state = position(players=3, phase="start", round=8, order=[R, Y, G], bird_man=R,
                     epoch_deck=["E3-02", "E3-01"])
    assert data(state)["display"] == ["E3-02"] and data(state)["epoch_deck"] == []


def test_M_1_A_23_the_admiral_does_not_count():
    state = position(players=2, phase="start", round=9, order=[R, Y], bird_man=R,
                     epoch_deck=["E3-01", "E3-02", "E3-03", "E3-04", "E3-05"])
    assert data(state)["display"] == ["E3-02", "E3-03", "E3-04"]
    assert data(state)["final_round"] and data(state)["epoch_deck"] == ["E3-05"]


def test_M_2_wood_from_S1_upwards():
    state = position(players=3, phase="start", round=2, order=[R, Y, G], bird_man=R,
                     epoch_deck=["E1-05", "E1-01", "E1-08", "E1-02"] + [
                         c for c in EPOCH_IDS if c not in ("E1-05", "E1-01", "E1-08", "E1-02")])
    assert data(state)["forest_wood"] == [True, True, False, False, False, False]


def test_M_2_A_9_palms_beyond_the_supply_give_nothing():
    state = position(players=3, phase="start", round=2, order=[R, Y, G], bird_man=R,
                     stocks={R: 7, Y: 7},
                     epoch_deck=["E1-01", "E1-02", "E1-03", "E1-04"] + [
                         c for c in EPOCH_IDS if c not in ("E1-01", "E1-02", "E1-03", "E1-04")])
    assert data(state)["forest_wood"] == [True, False, False, False, False, False]
    assert data(state)["wood_supply"] == 0


def test_M_3_a_bid_is_any_part_of_the_hand():
    state = position(players=3, phase="bid", hands={R: ["1", "1", "3", "R"], Y: [], G: ["2"]})
    moves = legal(state, R)
    assert len(moves) == 3 * 2 * 2
    assert {"bid -", "bid 1 1 3 R", "bid 1 R"} <= moves
    refused(state, "bid 2", player=R, key="moai.illegal.cards_not_held")
    act(state, "bid 1 R", player=R)
    assert state.to_move() == [G], "an empty hand bids nothing, at once"
    assert state.view(G)["bids"][Y]["status"] == "chosen"


def test_M_3_H_5_bids_are_secret_until_all_have_chosen():
    state = position(players=3, phase="bid", hands={R: ["3"], Y: ["2"], G: ["1"]})
    events = act(state, "bid 3", player=R)
    assert event_for(events[0], Y)["params"] == {}
    assert event_for(events[0], R)["params"] == {"cards": ["3"], "value": 3}
    view = state.view(Y)
    assert view["bids"][R] == {"status": "chosen", "cards": None, "value": None}
    assert view["hand_sizes"][R] == 1, "the hand still looks whole"
    assert state.view(R)["bids"][R]["cards"] == ["3"]
    assert state.to_move() == [Y, G]
    refused(state, "bid -", player=R, key="error.not_your_turn")
    act(state, "bid 2", player=Y)
    events = act(state, "bid -", player=G)
    assert find(events, "moai.bids") == [{"cards": [["3"], ["2"], []], "values": [3, 2, 0]}]


def test_M_4_order_by_bid_value():
    state = position(players=4, phase="bid", round=2, order=[W - 1, 0, 1, 2], bird_man=3,
                     hands={0: ["1"], 1: ["3"], 2: ["2", "2"], 3: ["2"]})
    for p, move in ((0, "bid 1"), (1, "bid 3"), (2, "bid 2 2"), (3, "bid 2")):
        act(state, move, player=p)
    assert data(state)["order"] == [2, 1, 3, 0]


def test_M_4_A_2_A_3_holder_last_within_his_tie_group_only():
    state = position(players=4, phase="bid", round=2, order=[Y, R, G, B], bird_man=Y,
                     hands={R: ["3"], Y: ["1"], G: ["1"], B: []})
    act(state, "bid 3", player=R)
    act(state, "bid 1", player=Y)
    act(state, "bid 1", player=G)
    assert data(state)["order"] == [R, G, Y, B], "Y is last among {Y, G}, not last overall"


def test_M_5_bid_cards_are_discarded_face_up():
    state = position(players=2, phase="bid", hands={R: ["3", "1"], Y: ["R"]}, discard=["2"])
    act(state, "bid 1 3", player=R)
    act(state, "bid R", player=Y)
    assert sorted(data(state)["discard"]) == ["1", "2", "3", "R"]
    assert state.view(Y)["discard"] == ["1", "2", "3", "R"]


def test_M_6_position_one_takes_the_pawn():
    state = position(players=2, phase="bid", round=3, order=[R, Y], bird_man=R,
                     hands={R: ["1"], Y: ["2"]})
    act(state, "bid 1", player=R)
    events = act(state, "bid 2", player=Y)
    assert data(state)["bird_man"] == Y
    assert find(events, "moai.order") == [{"order": [Y, R]}]


def test_M_7_M_40_draft_and_missing_cards():
    state = position(players=3, phase="take", round=8, final_round=True, order=[R, Y, G],
                     bird_man=R, current=0, display=["E3-02", "E3-05"],
                     camps={R: [], Y: [], G: []})
    events = act(state, "take E3-05", "victim G")
    assert find(events, "moai.take")[-1] == {"card": "E3-02"}, "Yellow takes the last card"
    assert data(state)["taken"] == ["E3-05", "E3-02", None]
    events = act(state, "erode F1")
    assert [e["player"] for e in events if e["key"] == "moai.no_epoch"] == [G]
    assert "moai.leftover" not in keys(events), "nothing is left to remove"


def test_M_8_the_disaster_resolves_before_the_next_pick():
    state = take_step("E1-14", stocks={G: 1})
    events = act(state, "take E1-14", "victim G")
    assert keys(events)[:3] == ["moai.take", "moai.victim", "moai.fire"]
    assert keys(events).index("moai.fire") < keys(events).index("moai.take", 1)


def test_M_9_boat_and_neutral_cards_have_no_immediate_effect():
    state = take_step("E1-06")
    before = data(state)
    events = act(state, "take E1-06")
    assert keys(events)[0] == "moai.take" and "moai.victim" not in keys(events)
    assert data(state)["stocks"] == before["stocks"] and data(state)["boats"] == {}


def test_M_10_leftovers_leave_the_game():
    state = position(players=2, phase="take", round=2, order=[R, Y], bird_man=R, current=0,
                     display=["E1-01", "E1-02", "E1-03"], camps={R: [1], Y: [1]})
    events = act(state, "take E1-02", "take E1-03")
    assert find(events, "moai.leftover") == [{"cards": ["E1-01"]}]
    assert data(state)["removed"][-1] == "E1-01" and data(state)["display"] == []


def test_M_11_place_if_you_can_else_pass_or_swap():
    state = work(camps={R: [1], Y: [], G: [2]}, fields={"F1": "Y1", "F2": "Y2"})
    assert all(m.startswith("place") for m in legal(state))
    refused(state, "pass", key="moai.illegal.must_place")
    act(state, "place 1 F3")
    assert state.to_move() == [Y]
    assert legal(state) == {"pass", "swap F1:Y1 F2:Y2"}
    refused(state, "place 1 F4", key="moai.illegal.camp_empty")


def test_M_12_the_phase_ends_when_every_camp_is_empty():
    state = work(camps={R: [1], Y: [], G: []})
    events = act(state, "place 1 S1")
    assert data(state)["phase"] != "work"
    assert "moai.pass" not in keys(events)
    # Checked at the start: with every camp empty the work phase is skipped.
    state = position(players=2, phase="take", round=2, order=[R, Y], bird_man=R, current=1,
                     display=["E1-01", "E1-02"], taken={R: "E1-03"}, camps={R: [], Y: []},
                     volcano=[["R2"]])
    events = act(state, "take E1-01")
    assert "moai.leftover" in keys(events) and data(state)["phase"] == "carve"


def test_M_13_A_7_any_forest_space_face_down():
    state = work(camps={R: [3, 1]}, forest={"S6": ["Y1fd", "G2"]})
    assert {f"place 3 S{i}" for i in range(1, 7)} <= legal(state)
    act(state, "place 3 S6")
    assert forest(state, "S6") == ["G2", "R3fd", "Y1fd"]


def test_M_14_free_fields_face_up():
    state = work(camps={R: [3]}, fields={"F1": "Y1"})
    assert "place 3 F1" not in legal(state) and "place 3 F2" in legal(state)
    assert "place 3 F16" not in legal(state), "covered"
    act(state, "place 3 F2")
    assert field(state, "F2") == "R3"


def test_M_15_volcano_own_or_free_space_new_only_when_full():
    state = work(camps={R: [2]}, volcano=[["Y1fd"], ["R1fd"], []])
    moves = {m for m in legal(state) if " V" in m}
    assert moves == {"place 2 V2", "place 2 V3"}
    refused(state, "place 2 V1", key="moai.illegal.volcano_taken")
    refused(state, "place 2 V4", key="moai.illegal.volcano_free_first")
    act(state, "place 2 V2")
    assert volcano(state, "V2") == ["R1fd", "R2fd"]


def test_M_16_A_5_own_empty_boat_built_earlier_face_up():
    state = work(camps={R: [1]}, boats={"E1-06": "R", "E1-07": "Y", "E1-08": "R2"})
    boats = {m for m in legal(state) if "E1-0" in m}
    assert boats == {"place 1 E1-06"}
    act(state, "place 1 E1-06")
    assert state.view(Y)["boats"][0] == {"id": "E1-06", "owner": R, "piece": 1}


def test_M_17_A_6_swap_keeps_facing_except_into_fields_and_boats():
    state = work(camps={R: [], Y: [1]}, forest={"S1": ["R3fd"]}, volcano=[["R2fd"]],
                 boats={"E1-06": "R1"}, order=[R, Y, G])
    moves = legal(state)
    assert moves == {"pass", "swap S1:R3fd E1-06:R1", "swap S1:R3fd V1:R2fd",
                     "swap E1-06:R1 V1:R2fd"}
    act(state, "swap S1:R3fd E1-06:R1")
    assert data(state)["boats"]["E1-06"]["piece"] == 3
    assert forest(state, "S1") == ["R1"]


def test_M_17_a_swap_that_changes_nothing_is_not_offered():
    state = work(camps={R: [], Y: [1]}, fields={"F1": "R2", "F2": "R2"}, forest={"S1": ["R2"]})
    assert legal(state) == {"pass"}, "same strengths, same facings: nothing would change"
    refused(state, "swap S1:R2 F1:R2", key="moai.illegal.swap_changes_nothing")


def test_M_18_A_37_camp_counts_public_strengths_private():
    state = Moai.new(players=3, seed=4)
    view = state.view(1)
    assert view["camps"] == [9, 9, 9]
    assert view["camp"] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert view["known_camps"] == [[], [], []] and state.view(None)["camp"] is None


def test_M_19_production_order_forest_volcano_fields():
    state = work(camps={R: [1], Y: [], G: []}, forest_wood=["S1"], forest={"S1": ["Y2fd"]},
                 volcano=[["Y3fd"]], stocks={Y: 1})
    events = act(state, "place 1 F1")
    order = [k for k in keys(events) if k in ("moai.forest_single", "moai.feed")]
    assert order[0] == "moai.forest_single"
    assert state.to_move() == [Y] and data(state)["phase"] == "carve"


def test_M_20_forest_production_cases():
    state = work(camps={R: [1], Y: [], G: []}, forest_wood=["S1", "S2", "S3"],
                 forest={"S2": ["Y2fd"], "S3": ["Y1fd", "G3fd"]}, volcano=[["Y1fd"]],
                 fields={"F1": "Y3", "F2": "Y3", "F3": "G3"})
    events = act(state, "place 1 S6")
    assert state.to_move() == [Y] and data(state)["phase"] == "carve"
    assert find(events, "moai.forest_empty") == [{"space": "S1"}]
    assert [e["player"] for e in events if e["key"] == "moai.forest_single"] == [Y]
    assert [e["player"] for e in events if e["key"] == "moai.forest_win"] == [G]
    assert forest(state, "S2") == ["Y2fd"] and forest(state, "S3") == ["G3", "Y1"]
    assert data(state)["stocks"] == [0, 1, 1] and data(state)["wood_supply"] == 13


def test_M_20_A_29_the_bird_man_breaks_a_tie_even_for_himself():
    state = work(camps={R: [1], Y: [], G: []}, forest_wood=["S1"],
                 forest={"S1": ["R2fd", "Y1fd", "Y1fd", "G1"]})
    act(state, "place 1 S5")
    assert state.to_move() == [R] and legal(state) == {"award S1 R", "award S1 Y"}
    refused(state, "award S1 G", key="moai.illegal.not_tied")
    act(state, "award S1 R")
    assert data(state)["stocks"][R] == 1


def test_M_21_A_39_a_contested_space_without_wood_is_not_revealed():
    state = work(camps={R: [1], Y: [], G: []}, forest={"S4": ["Y1fd", "G3fd"]}, volcano=[["Y2fd"]])
    act(state, "place 1 F1")
    assert data(state)["phase"] == "carve"
    assert forest(state, "S4") == ["G3fd", "Y1fd"]


def test_M_22_revealed_pieces_stay_and_no_wood_remains():
    state = work(camps={R: [1], Y: [], G: []}, forest_wood=["S1", "S2"],
                 forest={"S1": ["Y1fd", "G1fd", "G1fd"], "S2": []}, volcano=[["G1fd"]])
    act(state, "place 1 F1")
    assert data(state)["forest_wood"] == [False] * 6
    assert forest(state, "S1") == ["G1", "G1", "Y1"]


def test_M_23_declare_reveal_and_finish():
    state = carve_step(stocks={R: 1}, volcano=[["R3fd", "R3fd"], ["R1fd"]], order=[R, Y, G])
    assert legal(state) == {"carve V1", "carve V1 facedown", "carve V2", "done"}
    events = act(state, "carve V1")
    assert find(events, "moai.carve")[0]["tile"] == "M12" and data(state)["stocks"][R] == 0
    assert legal(state) == {"carve V2", "done"}


def test_M_23_A_12_tallest_smaller_tile_and_heights_above_nine():
    state = carve_step(stocks={R: 1}, volcano=[["R3"] * 4], tiles={Y: ["M20", "M21"]})
    events = act(state, "carve V1")
    assert find(events, "moai.carve")[0]["tile_height"] == 8


def test_M_23_A_13_A_14_abandon_costs_nothing():
    state = carve_step(stocks={R: 0}, volcano=[["R3fd", "R2fd"], ["R1fd", "R1fd"]], order=[R, Y, G])
    assert legal(state) == {"carve V1", "carve V2", "done"}
    events = act(state, "carve V1")
    assert find(events, "moai.abandon") == [{"space": "V1", "pieces": [2, 3], "height": 5}]
    assert volcano(state, "V1") == ["R2", "R3"] and data(state)["wood_supply"] == 15


def test_M_24_A_11_pieces_stay_and_carve_again_next_round_not_twice():
    state = carve_step(stocks={R: 2}, volcano=[["R3fd", "R3fd"], ["R1fd"], ["Y1fd"]], order=[R, Y, G])
    act(state, "carve V1")
    assert "carve V1" not in legal(state)
    refused(state, "carve V1", key="moai.illegal.already_carved")
    assert volcano(state, "V1") == ["R3", "R3"]
    # Next round the same space is a new statue.
    state = carve_step(stocks={R: 2}, volcano=[["R3", "R3"]])
    assert "carve V1" in legal(state)


def test_M_25_A_36_tile_side_chosen_when_taken():
    state = carve_step(stocks={R: 2}, volcano=[["R3fd", "R2fd"], ["R3fd"], ["Y1fd"]],
                       order=[R, Y, G])
    events = act(state, "carve V1 facedown")
    assert keys(events) == ["moai.carve_hidden"]
    assert "carve V1" not in legal(state) and "carve V1 facedown" not in legal(state)
    events = act(state, "carve V2")
    assert keys(events)[0] == "moai.carve"
    assert data(state)["tiles"][R] == [{"id": "M09", "face_down": True},
                                       {"id": "M03", "face_down": False}]
    assert state.view(R)["moai"]["supply"]["5"] == 2


def test_M_26_M_31_feeding_in_turn_order_each_completely():
    state = carve_step(order=[G, R, Y], forest={"S1": ["G3", "R1fd", "R2fd"], "S2": ["G2fd"]},
                       fields={"F1": "R1", "F2": "G2"}, volcano=[["G1fd"]])
    events = act(state, "done")
    feeds = [e["player"] for e in events if e["key"] == "moai.feed"]
    assert feeds == [G], "Green must finish feeding before Red starts"
    assert data(state)["phase"] == "starve" and state.to_move() == [G]


def test_M_27_M_28_deficit_and_no_deficit():
    state = carve_step(order=[R, Y, G], fields={"F1": "R3", "F2": "Y1"}, boats={"E1-06": "R1"},
                       forest={"S1": ["R1fd", "R2fd", "Y1fd"]}, volcano=[["R1fd"]])
    events = act(state, "done")
    feeds = {e["player"]: e["params"] for e in events if e["key"] == "moai.feed"}
    assert feeds[R] == {"food": 4, "pieces": 5, "deficit": 1}
    assert feeds.get(Y) is None, "Yellow feeds after Red's choice"


def test_M_29_A_15_only_forest_and_volcano_pieces_starve():
    state = carve_step(order=[R, Y, G], fields={"F1": "R3", "F2": "R3"},
                       forest={"S1": ["R2fd"], "S2": ["R1fd"], "S3": ["R2fd"]},
                       volcano=[["R3fd"], ["R1"]])
    events = act(state, "done")
    assert find(events, "moai.feed")[0] == {"food": 6, "pieces": 7, "deficit": 1}
    assert data(state)["phase"] == "starve"
    assert legal(state) == {"starve S1:R2fd", "starve S2:R1fd", "starve S3:R2fd",
                            "starve V1:R3fd", "starve V2:R1"}
    refused(state, "starve F1:R3", key="moai.illegal.starve_feeding_piece")


def test_M_29_all_candidates_go_without_a_choice():
    state = carve_step(order=[R, Y, G], fields={"F1": "R1"}, forest={"S1": ["R2fd"]},
                       volcano=[["R3fd"]])
    events = act(state, "done")
    assert sorted(e["params"]["location"] for e in events if e["key"] == "moai.starve") == ["S1", "V1"]


def test_M_30_A_16_A_19_raid_limits():
    state = carve_step(order=[R, Y, G], hands={R: ["R", "R", "1", "1"]},
                       fields={"F1": "R1"}, forest={"S1": ["R2fd", "Y1", "Y1"], "S2": ["G2"]},
                       volcano=[["R3fd"]])
    act(state, "done")
    assert data(state)["phase"] == "raid"
    assert legal(state) == {"raid 1 S1:Y1", "raid R S1:Y1", "done"}
    events = act(state, "raid 1 S1:Y1", "raid 1 S1:Y1")
    assert data(state)["phase"] != "raid"
    assert [e for e in events if e["key"] == "moai.starve" and e["player"] == R] == [], "k = D = 2"
    assert forest(state, "S1") == ["R2fd"]


def test_M_30_A_17_A_18_targets_revealed_earlier_this_production():
    state = work(camps={R: [1], Y: [], G: []}, hands={R: ["R", "2"]}, forest_wood=["S1"],
                 forest={"S1": ["R1fd", "G2fd"]}, volcano=[["R3fd"]], order=[R, Y, G])
    act(state, "place 1 S2")
    assert forest(state, "S1") == ["G2", "R1"]
    act(state, "done", player=R)
    assert data(state)["phase"] == "raid" and "raid 2 S1:G2" in legal(state)


def test_M_31_a_raid_on_an_earlier_feeder_just_kills():
    state = position(players=3, phase="carve", round=2, order=[Y, R, G], bird_man=Y, current=1,
                     hands={R: ["R", "3"]}, fields={"F1": "Y3"},
                     forest={"S1": ["R2fd", "Y3"]}, volcano=[["R1fd"]], camps={R: [], Y: [], G: []})
    events = act(state, "done")
    feeds = [e["player"] for e in events if e["key"] == "moai.feed"]
    assert feeds[0] == Y
    act(state, "raid 3 S1:Y3")
    assert forest(state, "S1") == ["R2fd"] and data(state)["reserve"][Y][2] == 5


def test_M_32_M_33_bilan_draws_one_player_at_a_time():
    state = position(players=2, phase="birth", round=2, order=[R, Y], bird_man=R, current=0,
                     hands={R: ["1", "1"]}, taken={Y: "E1-03"}, deck=["2", "3", "3", "1"],
                     camps={R: [], Y: []})
    events = act(state, "done")
    draw = [e for e in events if e["key"] == "moai.draw"][0]
    assert draw["player"] == Y and draw["secret"] == {"cards": ["1", "2", "3", "3"]}
    assert event_for(draw, R)["params"] == {"count": 4}


def test_M_33_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    state = position(players=2, phase="birth", round=2, order=[R, Y], bird_man=R, current=0,
                     hands={R: ["1", "1"]}, taken={Y: "E1-03"}, deck=["2"],
                     camps={R: [], Y: []})
    events = act(state, "done")
    assert find(events, "moai.reshuffle")
    assert [e["params"]["count"] for e in events if e["key"] == "moai.draw"] == [4]


def test_M_33_A_31_draw_what_exists():
    hands = {R: ["1"] * 12 + ["2"] * 12, Y: ["3"] * 10 + ["R"] * 4}
    state = position(players=2, phase="birth", round=2, order=[R, Y], bird_man=R, current=0,
                     hands=hands, taken={Y: "E1-03"}, deck=["R", "R"], discard=[],
                     camps={R: [], Y: []})
    events = act(state, "done")
    assert [e["params"]["count"] for e in events if e["key"] == "moai.draw"] == [2]


def test_M_34_A_20_rest_zone_balance_the_ocean_counts():
    state = position(players=3, phase="rest", round=2, order=[R, Y, G], bird_man=R, current=0,
                     taken={R: "E1-05"}, boats={"E1-06": "R1"}, forest={"S1": ["R1", "R2"]},
                     fields={"F1": "R3"}, camps={R: [], Y: [], G: []},
                     pending={"left": 3, "retrieved": {"forest": 0, "volcano": 0, "fields": 0,
                                                       "ocean": 0}})
    act(state, "rest S1:R1")
    assert legal(state) == {"rest F1:R3", "rest E1-06:R1"}
    events = act(state, "rest E1-06:R1")
    assert data(state)["boats"]["E1-06"]["piece"] is None
    assert find(events, "moai.rest")[-1] == {"location": "F1", "strength": 3}, "the only choice left"
    assert data(state)["camps"][R] == [1, 1, 3]


def test_M_34_rest_count_is_huts_or_the_board():
    state = position(players=2, phase="birth", round=2, order=[R, Y], bird_man=R, current=0,
                     hands={R: ["1", "1"]}, taken={Y: "E1-05"}, camps={R: [], Y: []},
                     fields={"F1": "Y1", "F2": "Y2"})
    events = act(state, "done")
    assert sorted(e["params"]["location"] for e in events if e["key"] == "moai.rest") == ["F1", "F2"]
    assert data(state)["camps"][Y] == [1, 2]


def test_M_35_A_24_no_rest_in_the_final_round():
    state = position(players=2, phase="birth", round=9, final_round=True, order=[R, Y], bird_man=R,
                     current=0, hands={R: ["1", "2"]}, taken={Y: "E3-05"},
                     camps={R: [1] * 5 + [2] * 6 + [3] * 6, Y: []}, fields={"F1": "Y1"},
                     reserve={R: [1, 0, 0], Y: [5, 6, 6]})
    events = act(state, "birth 1 2")
    assert "moai.rest" not in keys(events) and state.is_over()


def test_M_36_births_any_number():
    state = birth_step(["1", "1", "2", "3"], taken={R: "E1-06"}, stocks={R: 1})
    assert legal(state) == {"birth 1 1", "birth 1 2", "birth 1 3", "birth 2 3", "done", "build"}
    act(state, "birth 2 3", "birth 1 1")
    assert data(state)["camps"][R] == [1, 2]
    assert data(state)["known_camps"][R] == [1, 2], "born pieces are public (H-12)"


def test_M_36_A_21_weaker_piece_or_no_birth():
    state = birth_step(["3", "3", "2", "2"], taken={R: "E1-06"}, stocks={R: 1},
                       camps={R: [1] * 6 + [2] * 5 + [3] * 6, Y: [], G: []},
                       reserve={R: [0, 1, 0], Y: [6, 6, 6], G: [6, 6, 6]})
    act(state, "birth 3 3")
    assert data(state)["camps"][R].count(2) == 6
    refused(state, "birth 2 2", key="moai.illegal.birth_no_piece")


def test_M_36_A_25_births_compulsory_in_the_final_round():
    state = birth_step(["1", "1", "1"], final=True, taken={R: "E3-05"})
    assert legal(state) == {"birth 1 1"}
    refused(state, "done", key="moai.illegal.birth_compulsory")


def test_M_37_A_30_A_42_build_with_kept_wood_or_discard():
    state = birth_step(["1"], taken={R: "E1-07"}, stocks={R: 1})
    events = act(state, "build")
    assert data(state)["boats"] == {"E1-07": {"owner": R, "piece": None}}
    assert data(state)["stocks"][R] == 0
    state = birth_step(["1"], taken={R: "E1-07"}, stocks={R: 1})
    events = act(state, "done")
    assert find(events, "moai.discard_epoch") == [{"card": "E1-07"}]
    assert "E1-07" in data(state)["removed"] and data(state)["stocks"][R] == 1
    state = birth_step(["1", "2"], taken={R: "E1-07"})
    refused(state, "build", key="moai.illegal.no_wood")
    state = birth_step(["1", "2"], taken={R: "E1-01"}, stocks={R: 1})
    refused(state, "build", key="moai.illegal.no_boat_card")


def test_M_38_the_round_ends_after_the_last_bilan():
    state = birth_step(["1", "2"], players=2)
    events = act(state, "done")
    assert find(events, "moai.round") == [{"round": 3}] and data(state)["phase"] == "bid"


def test_M_39_the_admiral_ends_the_game_after_that_round():
    state = position(players=2, phase="birth", round=9, final_round=True, order=[R, Y],
                     bird_man=R, current=1, hands={Y: ["1", "2", "3"]}, taken={Y: "E1-06"},
                     stocks={Y: 1}, camps={R: [], Y: [3] * 6 + [2] * 6 + [1] * 6},
                     reserve={R: [6, 6, 6], Y: [0, 0, 0]})
    events = act(state, "done")
    assert state.is_over() and keys(events)[-1] == "moai.game_over"
    assert "moai.round" not in keys(events)


def test_M_40_A_26_no_card_no_draw_no_rest_no_boat_but_births():
    state = position(players=3, phase="birth", round=8, final_round=True, order=[R, Y, G],
                     bird_man=R, current=1, hands={G: ["2", "2"], Y: ["1", "1"]},
                     taken={Y: "E3-02"}, stocks={G: 2}, fields={"F1": "G1"})
    events = act(state, "birth 1 1")
    assert [e["player"] for e in events if e["key"] == "moai.draw"] == []
    assert [e["player"] for e in events if e["key"] == "moai.birth"] == [Y, G]
    assert "moai.build" not in keys(events) and "moai.rest" not in keys(events)
    assert state.is_over()


def test_M_41_scoring():
    state = position(players=2, phase="over", round=10, order=[R, Y], bird_man=R,
                     tiles={R: [("M21", True), "M01"]}, stocks={R: 2, Y: 1},
                     camps={R: [1, 2], Y: [3]}, fields={"F1": "R3", "F2": "Y1"},
                     hands={R: ["3", "3"]}, boats={"E1-06": "Y"})
    result = state.result()
    assert result["scores"] == [9 + 2 + 3 + 4, 0 + 2 + 2]
    row = result["breakdown"]["players"][R]
    assert row == {"tiles": [{"id": "M01", "height": 2, "face_down": False},
                             {"id": "M21", "height": 9, "face_down": True}],
                   "moai": 11, "board": 1, "camp": 2, "pieces": 3, "wood": 2, "wood_points": 4,
                   "total": 18}


def test_M_42_ties_are_shared():
    state = position(players=3, phase="over", round=10, order=[R, Y, G], bird_man=R,
                     camps={R: [1, 2], Y: [3, 3], G: [1]})
    result = state.result()
    assert result["winners"] == [R, Y] and result["reason"] == "tie"
    assert MoaiState.from_json(data(state)).result() == result


# =============================================================================================
# 5. Hidden information (H-1 to H-14)
# =============================================================================================

def test_H_1_hands_are_private_counts_public():
    state = Moai.new(players=3, seed=11)
    d = data(state)
    view = state.view(1)
    assert view["hand"] == d["hands"][1] and view["hand_sizes"] == [5, 5, 5]
    assert state.view(None)["hand"] is None
    text = json.dumps(state.view(0))
    assert "\"hands\"" not in text


def test_H_2_H_14_deck_order_hidden_and_resampled():
    state = Moai.new(players=3, seed=11)
    view = state.view(0)
    assert view["deck_size"] == 25 and "deck" not in view
    decks = {tuple(state.determinize(0, Rng(s)).to_json()["deck"]) for s in range(6)}
    assert len(decks) > 1
    assert all(state.determinize(0, Rng(s)).view(0) == view for s in range(6))


def test_H_3_discard_pile_public():
    state = position(players=2, phase="bid", hands={R: ["3"], Y: []}, discard=["1", "R"])
    assert state.view(Y)["discard"] == ["1", "R"] and state.view(None)["discard"] == ["1", "R"]


def test_H_4_epoch_deck_backs_only():
    state = Moai.new(players=3, seed=12)
    view = state.view(0)["epoch"]
    assert view["deck_size"] == 32 and view["top_epoch"] == 1 and view["deck_by_epoch"] == [10, 14, 8]
    assert "epoch_deck" not in state.view(0)
    copies = {tuple(state.determinize(1, Rng(s)).to_json()["epoch_deck"]) for s in range(5)}
    assert len(copies) > 1
    for s in range(5):
        deck = state.determinize(1, Rng(s)).to_json()["epoch_deck"]
        assert [c[:2] for c in deck] == [c[:2] for c in data(state)["epoch_deck"]]


def test_H_5_determinize_takes_back_the_others_secret_bids():
    state = position(players=3, phase="bid", hands={R: ["3", "2"], Y: ["1"], G: ["R", "R"]})
    act(state, "bid 2 3", player=R)
    act(state, "bid R", player=G)
    twin = state.determinize(Y, Rng(5))
    assert twin.to_move() == [R, Y, G], "the others choose again in the copy"
    assert twin.view(Y) == state.view(Y)
    assert sum(len(h) for h in twin.to_json()["hands"]) == 5
    assert all(b == [] for b in twin.to_json()["bids"])
    # The bot's own choice stays.
    mine = state.determinize(R, Rng(5))
    assert mine.to_json()["bids"][R] == ["2", "3"] and R not in mine.to_move()
    # When the last choice is made in the copy, bids are revealed as usual.
    assert mine.to_move() == [Y, G]
    mine.play(G, mine.legal_moves(G)[0])
    events = mine.play(Y, mine.legal_moves(Y)[0])
    assert "moai.bids" in keys(events) and mine.to_json()["phase"] != "bid"


def test_H_6_H_13_camp_strengths_hidden_known_ones_kept():
    state = position(players=2, phase="bid", round=2, order=[R, Y], bird_man=R,
                     hands={R: ["1"], Y: ["1"]}, camps={R: [1, 2, 3], Y: [1, 3]},
                     known_camps={Y: [3]}, forest={"S1": ["Y2fd", "Y1fd"]})
    view = state.view(R)
    assert view["camp"] == [1, 2, 3] and view["camps"] == [3, 2]
    assert view["known_camps"] == [[], [3]]
    seen = set()
    for s in range(30):
        twin = state.determinize(R, Rng(s))
        camp = twin.to_json()["camps"][Y]
        assert 3 in camp and len(camp) == 2
        seen.add(tuple(camp))
        assert sorted(camp + [int(p[1]) for p in twin.to_json()["forest"][0]]) == [1, 1, 2, 3]
        assert twin.to_json()["camps"][R] == [1, 2, 3]
    assert len(seen) > 1


def test_H_7_A_38_face_down_pieces_show_colour_and_place_only():
    state = work(camps={R: [1], Y: [], G: []}, forest={"S1": ["Y2fd", "Y3"]}, volcano=[["G2fd"]])
    view = state.view(R)
    assert view["forest"][0]["pieces"] == [[Y, 3, True], [Y, None, False]]
    assert view["volcano"][0] == {"id": "V1", "owner": G, "pieces": [[G, None, False]], "carved": False}
    assert state.view(Y)["forest"][0]["pieces"] == [[Y, 3, True], [Y, 2, False]]


def test_H_8_face_up_strengths_visible():
    state = work(camps={R: [1], Y: [], G: []}, fields={"F3": "G2"}, volcano=[["Y3"]])
    view = state.view(None)
    assert view["fields"][2]["piece"] == [G, 2, True]
    assert view["volcano"][0]["pieces"] == [[Y, 3, True]]


def test_H_9_a_face_down_tile_keeps_its_height_secret():
    """« les joueurs peuvent placer leurs tuiles faces cachées pour en garder la
    hauteur secrète »: the others (and a spectator) see that Red holds a tile
    and that it lies face down, never its height nor its id (which names the
    height, C-6); Red sees it; the end reveals and scores it."""
    state = carve_step(stocks={R: 1}, volcano=[["R3fd", "R3fd"], ["Y1fd"]], order=[R, Y, G],
                       tiles={Y: ["M20"]})
    events = act(state, "carve V1 facedown")
    carve = events[0]
    assert event_for(carve, Y) == event_for(carve, None) == {
        "key": "moai.carve_hidden", "player": R, "params": {"space": "V1"}}
    assert event_for(carve, R) == {
        "key": "moai.carve_hidden.own", "player": R,
        "params": {"space": "V1", "pieces": [3, 3], "height": 6, "tile": "M12", "tile_height": 6}}
    hidden = {"id": None, "height": None, "face_down": True}
    for viewer in (Y, G, None):
        view = state.view(viewer)
        assert view["moai"]["tiles"][R] == [hidden]
        assert view["moai"]["tiles"][Y] == [{"id": "M20", "height": 9, "face_down": False}]
        assert "M12" not in json.dumps(view["moai"])
    assert state.view(R)["moai"]["tiles"][R] == [{"id": "M12", "height": 6, "face_down": True}]
    # The end reveals every tile, in the view and in the result.
    over = position(players=2, phase="over", round=10, order=[R, Y], bird_man=R,
                    tiles={R: [("M12", True)]}, camps={R: [], Y: []})
    shown = {"id": "M12", "height": 6, "face_down": True}
    assert over.view(Y)["moai"]["tiles"][R] == [shown]
    assert over.result()["breakdown"]["players"][R]["tiles"] == [shown]
    assert over.result()["scores"][R] == 6


def test_H_9_H_13_determinize_deals_the_heights_nobody_has_seen():
    """A bot sees the supply (public, by height), the toppled tiles, the
    face-up tiles and its own; each face-down tile of another clan is one of
    the tiles left over, dealt at random, and the view stays the same."""
    state = carve_step(players=3, stocks={R: 0},
                       tiles={R: [("M20", True), "M01"], Y: [("M09", True), ("M15", True)],
                              G: ["M02", ("M18", True)]},
                       toppled=["M21"], volcano=[["R1"]])
    # The supply holds every tile not held nor toppled: by height, 2 m: none
    # (M01 and M02 are shown), 5 m: two of M09-M11, 7 m: two of M15-M17,
    # 8 m: one of M18-M19, 9 m: none. So Green has not seen one 5 m, one 7 m
    # and one 9 m tile: those are Red's and Yellow's face-down tiles.
    assert state.view(G)["moai"]["supply"] == {"3": 3, "4": 3, "5": 2, "6": 3, "7": 2, "8": 1}
    heights = set()
    for seed in range(40):
        twin = state.determinize(G, Rng(seed))
        assert twin.view(G) == state.view(G)
        tiles = twin.to_json()["tiles"]
        assert tiles[G] == [{"id": "M02", "face_down": False}, {"id": "M18", "face_down": True}]
        assert tiles[R][1] == {"id": "M01", "face_down": False}
        dealt = [tiles[R][0]["id"], tiles[Y][0]["id"], tiles[Y][1]["id"]]
        assert all(tile["face_down"] for tile in (tiles[R][0], tiles[Y][0], tiles[Y][1]))
        assert sorted(MOAI_HEIGHTS[int(name[1:]) - 1] for name in dealt) == [5, 7, 9]
        heights.add(tuple(MOAI_HEIGHTS[int(name[1:]) - 1] for name in dealt))
    assert len(heights) == 6, "every way of dealing the three heights comes up"
    # Red sees his own 9 m tile, not Green's 8 m one: Yellow's two tiles and
    # Green's face-down one are dealt 5, 7 and 8 m.
    for seed in range(10):
        tiles = state.determinize(R, Rng(seed)).to_json()["tiles"]
        assert tiles[R][0] == {"id": "M20", "face_down": True}
        dealt = [tiles[Y][0]["id"], tiles[Y][1]["id"], tiles[G][1]["id"]]
        assert sorted(MOAI_HEIGHTS[int(name[1:]) - 1] for name in dealt) == [5, 7, 8]


def test_H_10_public_elements_in_every_view():
    state = Moai.new(players=3, seed=13)
    view = state.view(None)
    for key in ("epoch", "wood", "disaster_supply", "reserve", "moai", "order", "bird_man",
                "boats", "fields", "forest", "volcano"):
        assert key in view
    assert view["epoch"]["display"] and view["bird_man"] in (0, 1, 2)


def test_H_11_rest_reveals_only_face_up_strengths():
    state, _ = test_moai_scenarios.after_t5()
    act(state, "rest S2:R1")
    events = act(state, "rest V2:R3fd")
    hidden = [e for e in events if e["key"] == "moai.rest_hidden"][0]
    assert hidden["secret_for"] == R and event_for(hidden, G) == {
        "key": "moai.rest_hidden", "params": {"location": "V2"}, "player": R}
    assert event_for(hidden, R)["key"] == "moai.rest_hidden.own"


def test_H_12_births_are_public():
    state = birth_step(["2", "3"], taken={R: "E1-06"}, stocks={R: 1})
    events = act(state, "birth 2 3")
    assert "secret_for" not in events[0]
    assert state.view(Y)["known_camps"][R] == [2]


# =============================================================================================
# 6. Variants (V-1 to V-5)
# =============================================================================================

def test_V_1_all_pieces_face_up():
    state = work(camps={R: [3, 2], Y: [], G: []}, options={"all_face_up": True})
    act(state, "place 3 S1")
    assert forest(state, "S1") == ["R3"]
    act(state, "place 2 V1")
    assert volcano(state, "V1") == ["R2"]
    for s in random_states(3, [1, 2], every=11, all_face_up=True):
        assert "fd" not in json.dumps(s.to_json()["forest"] + s.to_json()["volcano"])


def test_V_2_open_bids_in_turn_order():
    state = Moai.new(players=3, seed=7, open_bids=True)
    d = data(state)
    assert d["order"] and d["bird_man"] == d["order"][0], "A-40: random order, its first has the pawn"
    assert state.to_move() == [d["order"][0]]
    first = d["order"][0]
    move = state.legal_moves(first)[-1]
    events = state.play(first, move)
    assert events[0]["key"] == "moai.bid_open" and "secret_for" not in events[0]
    assert state.view(d["order"][1])["bids"][first]["cards"] == move.to_dict()["cards"]
    assert state.view(None)["hand_sizes"][first] == 5 - len(move.to_dict()["cards"]), "laid face up"
    assert state.to_move() == [d["order"][1]]


def test_V_2_ties_still_follow_M_4():
    state = position(players=3, options={"open_bids": True}, phase="bid", round=2,
                     order=[Y, R, G], bird_man=Y, hands={R: ["2"], Y: ["2"], G: ["2"]})
    act(state, "bid 2", "bid 2", "bid 2")
    assert state.to_move() == [Y] and legal(state) == {"rank R", "rank G"}


def test_V_3_A_34_short_game_sets_five_cards_aside_never_the_admiral():
    for seed in range(30):
        d = data(Moai.new(players=3, seed=seed, short_game=True))
        aside = d["set_aside"]
        assert [sum(c.startswith(f"E{e}") for c in aside) for e in (1, 2, 3)] == [2, 2, 1]
        assert "E3-01" not in aside
        assert len(d["epoch_deck"]) + len(d["display"]) + d["admiral_aside"] == 31
    state = Moai.new(players=3, seed=1, short_game=True)
    assert state.view(0)["epoch"]["set_aside"] == 5
    assert "E" not in json.dumps(state.view(0)["epoch"]["set_aside"])


def test_V_4_A_33_title_rule():
    A, B_, C = range(3)
    state = position(players=3, options={"title_rule": True}, phase="rank", round=2,
                     order=[B_, A, C], bird_man=B_, bids={A: ["3"], B_: ["3"], C: ["3"]})
    assert legal(state) == {"rank R", "rank G"}, "the holder cannot be first"
    act(state, "rank G")
    assert legal(state) == {"rank R", "rank Y"}, "afterwards he is never forced last"
    act(state, "rank Y")
    assert data(state)["order"] == [C, B_, A]


def test_V_4_A_40_with_open_bids_in_round_one():
    state = Moai.new(players=4, seed=3, title_rule=True, open_bids=True)
    d = data(state)
    assert d["bird_man"] == d["order"][0] and state.to_move() == [d["order"][0]]


def test_V_5_A_35_fixed_victims():
    state = position(players=3, options={"fixed_victims": True}, phase="take", round=2,
                     order=[R, Y, G], bird_man=R, current=0, display=["E2-13", "E1-01"],
                     camps={R: [], Y: [1, 2], G: []})
    events = act(state, "take E2-13")
    assert find(events, "moai.victim") == [{"victim": Y, "card": "E2-13", "fixed": True}]
    assert state.to_move() == [Y], "the victim still chooses his epidemic piece"
    refused(state, "victim G", key="moai.illegal.wrong_step")


# =============================================================================================
# 7. Ambiguities not covered above
# =============================================================================================

def test_A_10_pieces_stay_on_the_board_between_rounds():
    state = birth_step(["1", "2"], players=2, fields={"F1": "R3"}, forest={"S1": ["Y1fd"]})
    act(state, "done")
    assert data(state)["round"] == 3 and field(state, "F1") == "R3" and forest(state, "S1") == ["Y1fd"]


def test_A_22_yellow_births_from_four_cards():
    state = test_moai_scenarios.before_green_done()
    assert data(state)["camps"][Y] == [1, 1, 2, 3, 3]


def test_A_28_erosion_without_a_free_field():
    codes = ["R1", "R2", "R3", "Y1", "Y2", "Y3", "G1", "G2", "G3", "R1", "Y1"]
    fields = {f"F{i}": code for i, code in enumerate(codes, 1)}
    state = take_step("E1-11", fields=fields, camps={R: [], Y: [], G: []})
    events = act(state, "take E1-11")
    assert find(events, "moai.no_effect") == [{"card": "E1-11"}]
    assert data(state)["disaster_supply"] == 5


def test_A_41_boat_pieces_are_fed_counted_and_rested():
    state = carve_step(order=[R, Y, G], boats={"E1-06": "R1"}, forest={"S1": ["R1fd"]},
                       fields={"F1": "R1"}, volcano=[["R1fd"]])
    events = act(state, "done")
    assert find(events, "moai.feed")[0] == {"food": 2, "pieces": 4, "deficit": 2}
    state = position(players=2, phase="over", round=9, order=[R, Y], bird_man=R,
                     boats={"E1-06": "R3"}, camps={R: [], Y: []})
    assert state.result()["breakdown"]["players"][R]["board"] == 1


# =============================================================================================
# Moves, positions and the protocol
# =============================================================================================

def test_move_notation_round_trips():
    for state in random_states(4, [1, 2], every=3):
        for player in state.to_move():
            for move in state.legal_moves(player):
                again = MoaiMove.parse(str(move))
                assert again is move and again.to_dict()["text"] == str(move)
                json.dumps(move.to_dict())


@pytest.mark.parametrize("text", ["", "bid", "bid 4", "bid 3 1", "take E4-01", "place 4 S1",
                                  "place 1 S7", "place 1 V0", "swap F1:R1", "rest S1:Q1",
                                  "carve S1", "carve V1 down", "erode S1", "raid 3", "pass 1",
                                  "award F1 R", "birth 2 1", "place 1 camp", "kill F1:R1fd"])
def test_malformed_moves(text):
    with pytest.raises(ValueError):
        MoaiMove.parse(text)
    state = Moai.new(players=3, seed=1)
    with pytest.raises(IllegalMove) as info:
        state.play(0, text)
    assert info.value.key in ("error.malformed",)


def test_move_dicts_for_the_browser():
    assert MoaiMove.parse("place 2 V3").to_dict() == {"kind": "place", "text": "place 2 V3",
                                                      "strength": 2, "location": "V3",
                                                      "zone": "volcano"}
    assert MoaiMove.parse("swap S1:R3fd F1:R1").to_dict()["pieces"][0] == {
        "location": "S1", "zone": "forest", "player": 0, "strength": 3, "face_up": False}
    assert MoaiMove.parse("bid 1 3 R").to_dict() == {"kind": "bid", "text": "bid 1 3 R",
                                                     "cards": ["1", "3", "R"], "value": 5}
    assert MoaiMove.parse("raid 2 V2:G2").to_dict()["target"]["player"] == G


def test_illegal_moves_leave_the_state_unchanged():
    for state in random_states(3, [4], every=5):
        player = state.to_move()[0]
        for text in ("place 1 F16", "carve V9", "rest S6:W3", "birth 3 3", "build", "rank R"):
            if text not in legal(state, player):
                refused(state, text, player=player)


def test_reveals():
    state = position(players=3, phase="bid", hands={R: ["3"], Y: ["2"], G: ["1"]})
    assert not state.reveals(R, "bid 3")
    act(state, "bid 3", player=R)
    act(state, "bid 2", player=Y)
    assert state.reveals(G, "bid 1"), "the last secret bid reveals them all"
    work_state = work(camps={R: [1, 2], Y: [], G: []})
    assert not work_state.reveals(R, "place 1 S1")
    assert not work_state.reveals(R, "place 1 F1")
    last = work(camps={R: [1], Y: [], G: []}, forest_wood=["S1"], forest={"S1": ["Y1fd"]})
    assert last.reveals(R, "place 1 S1"), "the forest contest turns pieces up"


def test_from_json_rejects_broken_positions():
    good = data(test_moai_scenarios.before_green_done())
    MoaiState.from_json(copy.deepcopy(good))
    cases = [
        ("hands", lambda d: d["hands"][0].append("3")),
        ("camps", lambda d: d["camps"][0].append(1)),
        ("volcano", lambda d: d["volcano"][0].append("R1")),
        ("fields", lambda d: d.__setitem__("fields", d["fields"][:15])),
        ("epoch", lambda d: d["removed"].append("E1-03")),
        ("tiles", lambda d: d["tiles"][0].append({"id": "M18", "face_down": False})),
        ("phase", lambda d: d.__setitem__("phase", "nap")),
        ("result", lambda d: d.__setitem__("result", {"scores": []})),
        ("rng", lambda d: d.__setitem__("rng", -1)),
        ("known", lambda d: d["known_camps"][0].extend([3, 3])),
        ("order", lambda d: d.__setitem__("order", [0, 0, 1])),
        ("extra", lambda d: d.__setitem__("colour", "red")),
        ("wood", lambda d: d["forest_wood"].__setitem__(0, True)),
    ]
    for name, breaks in cases:
        bad = copy.deepcopy(good)
        breaks(bad)
        with pytest.raises(BadState):
            MoaiState.from_json(bad)
    with pytest.raises(BadState):
        MoaiState.from_json("moai")


def test_views_carry_no_hidden_information():
    for state in random_states(4, [5, 6], every=9):
        full = data(state)
        for viewer in range(4):
            view = state.view(viewer)
            text = json.dumps(view)
            assert view["hand"] == full["hands"][viewer]
            for q in range(4):
                if q != viewer:
                    for piece in sum((s["pieces"] for s in view["forest"] + view["volcano"]), []):
                        if piece[0] == q and not piece[2]:
                            assert piece[1] is None
            assert "rng" not in text and "epoch_deck\"" not in text


def test_zone_counts_follow_every_move():
    for players in (2, 5):
        for state in random_states(players, [7, 8], every=1, all_face_up=players == 5):
            assert state.zc == state.count_zones()


def test_clone_is_independent():
    state = Moai.new(players=3, seed=2)
    copy_ = state.clone()
    random_play(copy_, 1)
    assert copy_.is_over() and not state.is_over()
    assert state.to_json() == Moai.new(players=3, seed=2).to_json()


def test_every_event_key_is_translated():
    import pathlib
    root = pathlib.Path(__file__).resolve().parent.parent
    langs = [json.loads((root / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
             for lang in ("fr", "en")]
    seen = set()
    for options in ({}, {"open_bids": True, "fixed_victims": True}):
        for seed in range(12):
            state = Moai.new(players=2 + seed % 4, seed=seed, **options)
            for event in random_play(state, seed):
                seen.add(event["key"])
                if "secret_for" in event:
                    seen.add(event["key"] + ".own")
    for reason in ("prestige", "tie"):
        seen.add(f"moai.reason.{reason}")
    for lang in langs:
        assert sorted(seen - set(lang)) == []


def test_every_rule_id_of_the_spec_has_a_test():
    ids = ([f"C_{i}" for i in range(1, 10)] + [f"S_{i}" for i in range(1, 13)] + ["S_11a"]
           + ["M_0_1", "M_0_2"] + [f"M_{i}" for i in range(1, 43)]
           + [f"H_{i}" for i in range(1, 15)] + [f"V_{i}" for i in range(1, 6)]
           + [f"A_{i}" for i in range(1, 44)] + [f"T_{i}" for i in range(1, 23)])
    names = [name for module in (__import__(__name__), test_moai_scenarios)
             for name, _ in inspect.getmembers(module, inspect.isfunction) if name.startswith("test_")]
    joined = " ".join(n + "_" for n in names)
    missing = [i for i in ids if f"_{i}_" not in joined]
    assert missing == []
