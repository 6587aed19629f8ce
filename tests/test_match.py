"""Game records, exact replay and the undo policy."""

import json

import pytest

from pygame_core import limits
from pygame_core.engine import GameError, IllegalMove
from pygame_core.match import BadRecord, BadSetup, Match


def new_match(seed=5, seats=("h", "h")):
    return Match("kahuna", 2, seed, {}, list(seats))


def first_place(match):
    player = match.state.to_move()[0]
    move = next(m for m in match.state.legal_moves(player) if m.to_dict()["kind"] == "place")
    return player, move


def test_a_record_is_seed_options_seats_and_moves():
    match = new_match()
    player, move = first_place(match)
    match.play(player, move)
    record = match.to_record()
    assert record == {"format": "archipel-record", "version": 1, "game": "kahuna", "players": 2,
                      "seed": 5, "options": {}, "seats": ["h", "h"], "names": ["", ""],
                      "moves": [[player, str(move)]]}
    assert Match.from_record(json.dumps(record)).state.to_json() == match.state.to_json()


def test_same_seed_same_opening():
    assert new_match(9).state.to_json() == new_match(9).state.to_json()
    assert new_match(9).state.to_json() != new_match(10).state.to_json()


def test_undo_takes_back_own_moves_of_the_turn_one_at_a_time():
    match = new_match()
    start = match.state.to_json()
    player, move = first_place(match)
    match.play(player, move)
    middle = match.state.to_json()
    second = next((m for m in match.state.legal_moves(player) if m.to_dict()["kind"] == "place"), None)
    if second is not None:
        match.play(player, second)
        assert match.can_undo(player) and not match.can_undo(1 - player)
        match.undo(player)
        assert match.state.to_json() == middle
    match.undo(player)
    assert match.state.to_json() == start
    assert match.entries == []
    with pytest.raises(IllegalMove):
        match.undo(player)


def test_undo_stops_at_a_draw_and_at_the_end_of_the_turn():
    match = new_match()
    player = match.state.to_move()[0]
    match.play(player, "draw")          # reveals a card to the drawer: final
    assert not match.can_undo(player)
    other = match.state.to_move()[0]
    assert other != player
    assert not match.can_undo(other)
    match.play(other, "skip")           # ends the turn: final too
    assert not match.can_undo(other)


def test_moves_out_of_turn_are_refused():
    match = new_match()
    player = match.state.to_move()[0]
    with pytest.raises(IllegalMove):
        match.play(1 - player, "draw")
    assert match.entries == []


@pytest.mark.parametrize("mutate", [
    lambda r: r.update(format="chess-pgn"),
    lambda r: r.update(version=99),
    lambda r: r.update(moves=[[0, "draw"], "oops"]),
    lambda r: r.update(moves=[[0, 12]]),
    lambda r: r.update(moves=[[True, "draw"]]),
    lambda r: r.update(players=3),
    lambda r: r.update(seats=["h"]),
    lambda r: r.update(game="monopoly"),
    lambda r: r.update(options={"gods": True}),
    lambda r: r.update(seed=1.5),
    lambda r: r.update(names=["Ana"]),
    lambda r: r.update(names="Ana,Bob"),
])
def test_bad_records_are_refused_with_a_clear_error(mutate):
    record = new_match().to_record()
    mutate(record)
    with pytest.raises(BadRecord) as info:
        Match.from_record(record)
    assert str(info.value)


def test_a_tampered_move_is_refused_by_the_rules():
    match = new_match()
    player = match.state.to_move()[0]
    record = match.to_record()
    record["moves"] = [[player, "place ALOA-BARI ALOA"]] * 4
    with pytest.raises(BadRecord, match="illegal"):
        Match.from_record(record)


def test_seats_are_checked():
    with pytest.raises(GameError):
        Match("kahuna", 2, 1, {}, ["h", "wizard"])
    match = Match("kahuna", 2, 1, {}, ["h", "bot1"])
    assert match.is_human(0) and not match.is_human(1)
    assert match.bot_level(1) == 1 and match.bot_level(0) is None


def test_names_travel_with_the_record():
    match = Match("kahuna", 2, 3, {}, ["h", "bot1"], ["  Ana ", "Bot"])
    assert match.names == ["Ana", "Bot"]
    assert Match.from_record(match.to_record()).names == ["Ana", "Bot"]
    assert Match("kahuna", 2, 3).names == ["", ""]


def test_every_part_of_a_set_up_is_checked_before_anything_is_built():
    with pytest.raises(BadSetup, match="players"):
        Match("kahuna", 10 ** 7, 1)
    with pytest.raises(BadSetup, match="game"):
        Match(["kahuna"], 2, 1)
    with pytest.raises(BadSetup, match="seats"):
        Match("kahuna", 2, 1, {}, "hh")
    with pytest.raises(BadSetup, match="seed"):
        Match("kahuna", 2, 2 ** 53)
    with pytest.raises(BadSetup, match="names"):
        Match("kahuna", 2, 1, {}, None, ["Ana", "B" * (limits.MAX_NAME + 1)])


def test_a_record_with_too_many_moves_is_refused_before_its_replay():
    record = new_match().to_record()
    record["moves"] = [[0, "skip"]] * (limits.MAX_MOVES + 1)
    with pytest.raises(BadRecord, match="limit") as info:
        Match.from_record(record)
    assert info.value.params == {"field": "moves"}
    record["moves"] = [[0, "skip " + "x" * limits.MAX_MOVE_TEXT]]
    with pytest.raises(BadRecord, match="move 1 .* malformed"):
        Match.from_record(record)


def test_a_record_text_is_measured_before_it_is_parsed():
    text = json.dumps(new_match().to_record())
    with pytest.raises(BadRecord, match="nested") as info:
        Match.from_record(text[:-1] + ', "x": ' + "[" * 100_000 + "}")
    assert info.value.params == {"field": "record"}
    with pytest.raises(BadRecord, match="characters long"):
        Match.from_record(" " * limits.MAX_RECORD_TEXT + text)


def test_a_set_up_error_in_a_record_names_its_field():
    record = new_match().to_record()
    record["options"] = "gods"
    with pytest.raises(BadRecord) as info:
        Match.from_record(record)
    assert info.value.params == {"field": "options"}


def test_json_limits_ignore_brackets_inside_texts():
    assert limits.json_problem('{"a": "' + "[" * 100 + '", "b": [[1]]}', 1000) is None
    assert limits.json_problem('{"a": "\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 1000) is None
    assert "nested" in limits.json_problem("[" * (limits.MAX_DEPTH + 1), 1000)
    assert limits.json_problem("[" * limits.MAX_DEPTH + "]" * limits.MAX_DEPTH, 1000) is None
