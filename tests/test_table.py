"""The table core (``pygame_core.table``) that the page's worker, the table
server and the terminal share; records that start from a given position;
the position at any ply; and several games open at once in the facade."""

import json
import random

import pytest

from pygame_core import GAMES, api
from pygame_core.match import CHECKPOINT, BadRecord, Match
from pygame_core.table import Table, TableError

TABLES = [("kahuna", 2, {}), ("kanaloa", 3, {"gods": True}), ("moai", 4, {}), ("haleakala", 2, {"tactical": True})]


def random_game(game, players, options, seed=3, moves=None):
    """A match of people, played by random legal moves (to the end, or ``moves`` of them)."""
    match = Match(game, players, seed, options, ["h"] * players)
    rng = random.Random(seed)
    while not match.state.is_over() and (moves is None or len(match.entries) < moves):
        seat = rng.choice(match.state.to_move())
        match.play(seat, rng.choice(match.state.legal_moves(seat)))
    return match


# -- records that start anywhere ---------------------------------------------------------

@pytest.mark.parametrize("game,players,options", TABLES)
def test_a_record_may_start_from_a_position_and_replays_and_undoes_from_it(game, players, options):
    earlier = random_game(game, players, options, moves=25)
    start = earlier.state.to_json()
    match = Match(game, players, 7, options, ["h"] * players, start=start)
    assert match.state.to_json() == start and match.entries == []
    rng = random.Random(1)
    for _ in range(12):
        if match.state.is_over():
            break
        seat = rng.choice(match.state.to_move())
        match.play(seat, rng.choice(match.state.legal_moves(seat)))
    record = json.loads(json.dumps(match.to_record()))
    # The record writes the generator's state as digits (JavaScript rounds big numbers).
    assert record["start"] == ({**start, "rng": str(start["rng"])} if "rng" in start else start)
    again = Match.from_record(record)
    assert again.state.to_json() == match.state.to_json()
    assert again.log_for(0) == match.log_for(0)
    assert again.position_at(0).to_json() == start
    # An undo goes back within the record, never before its start.
    last = again.entries[-1] if again.entries else None
    if last is not None and again.can_undo(last.player):
        again.undo(last.player)
        assert again.state.to_json() == again.position_at(len(again.entries)).to_json()


def test_a_record_without_a_start_loads_as_before():
    match = random_game("kahuna", 2, {}, moves=10)
    record = match.to_record()
    assert "start" not in record
    assert Match.from_record(record).state.to_json() == match.state.to_json()


@pytest.mark.parametrize("start,why", [
    ([1, 2], "is an object"),
    ({"game": "kanaloa"}, "not a kahuna position"),
    ({}, "not a kahuna position"),
    ("text", "is an object"),
])
def test_a_start_that_is_not_a_position_of_the_game_is_refused(start, why):
    record = {**random_game("kahuna", 2, {}, moves=0).to_record(), "start": start}
    with pytest.raises(BadRecord) as refused:
        Match.from_record(record)
    assert refused.value.params["field"] == "start" and why in str(refused.value)


def test_a_start_for_another_number_of_players_is_refused():
    three = random_game("kanaloa", 3, {}, moves=5).state.to_json()
    record = {**random_game("kanaloa", 2, {}, moves=0).to_record(), "start": three}
    with pytest.raises(BadRecord, match="for 3 players, not 2"):
        Match.from_record(record)


@pytest.mark.parametrize("game,players,options", TABLES)
def test_the_position_at_every_ply_is_the_replay_s(game, players, options):
    match = random_game(game, players, options, moves=3 * CHECKPOINT + 5)
    replay = Match(game, players, 3, options, ["h"] * players)
    for ply, entry in enumerate(match.entries):
        assert match.position_at(ply).to_json() == replay.state.to_json(), ply
        replay.play(entry.player, entry.move)
    assert match.position_at(len(match.entries)).to_json() == match.state.to_json()
    # A copy: changing it changes nothing of the match.
    copy = match.position_at(CHECKPOINT)
    seat = copy.to_move()[0] if copy.to_move() else None
    if seat is not None:
        copy.play(seat, copy.legal_moves(seat)[0])
    assert match.position_at(CHECKPOINT).to_json() == Match.from_record(
        {**match.to_record(), "moves": match.to_record()["moves"][:CHECKPOINT]}).state.to_json()
    with pytest.raises(ValueError):
        match.position_at(len(match.entries) + 1)


# -- the rules of a table -----------------------------------------------------------

def two_people(game="kahuna", players=2, seed=4):
    return Table(Match(game, players, seed, {}, ["h"] * players))


def test_a_move_carries_the_ply_it_was_made_at_and_a_retry_is_played_once():
    table = two_people()
    seat = table.state.to_move()[0]
    move = str(table.state.legal_moves(seat)[0])
    played = table.play(seat, move, ply=0)
    assert (played.ply, played.duplicate, table.ply) == (0, False, 1)
    again = table.play(seat, move, ply=0)
    assert (again.ply, again.duplicate, table.ply) == (0, True, 1)
    for bad in (-1, 2, "1", 1.0, True):
        with pytest.raises(TableError) as refused:
            table.play(seat, move, ply=bad)
        assert refused.value.key == "error.bad_ply" and refused.value.resync


def test_a_late_move_of_another_choice_lost_the_race_unless_others_chose_at_the_same_time():
    # Kanaloa's opening: everyone chooses a card at once.
    table = two_people("kanaloa", 3)
    assert table.state.to_move() == [0, 1, 2]
    first = {seat: str(table.state.legal_moves(seat)[0]) for seat in range(3)}
    table.play(0, first[0], ply=0)
    # Seat 1 chose at ply 0, while seat 0 chose too: played now.
    assert table.play(1, first[1], ply=0).ply == 1
    # A second device of seat 1 sends another card from ply 0: too late.
    other = str(table.state.legal_moves(2)[0])
    with pytest.raises(TableError) as refused:
        table.play(1, str(Match("kanaloa", 3, 4).state.legal_moves(1)[-1]), ply=0)
    assert refused.value.key == "error.stale"
    assert table.play(2, other, ply=2).ply == 2


def test_only_a_person_takes_back_their_own_move_and_at_the_ply_they_saw():
    table = Table(Match("kahuna", 2, 5, {}, ["h", "bot0"]))
    while table.state.to_move() != [0]:
        table.play(1, table.bot(1).choose(table.state, 1))
    place = next(m for m in table.state.legal_moves(0) if m.to_dict()["kind"] == "place")
    table.play(0, place)
    with pytest.raises(TableError) as refused:
        table.undo(0, ply=table.ply - 1)
    assert refused.value.key == "error.stale"
    with pytest.raises(TableError) as refused:
        table.undo(1)
    assert refused.value.key == "error.cannot_undo"
    entry = table.undo(0, ply=table.ply)
    assert entry.move == str(place) and table.state.to_move() == [0]


def test_a_change_its_holder_could_not_keep_is_taken_back_whole():
    table = two_people(seed=8)
    before = table.state.to_json()
    memento = table.memento()
    for _ in range(CHECKPOINT + 3):
        seat = table.state.to_move()[0]
        table.play(seat, table.state.legal_moves(seat)[0])
    table.restore(memento)
    assert table.ply == 0 and table.state.to_json() == before
    assert table.match.position_at(0).to_json() == before


def test_a_bot_is_seeded_by_its_seat_and_the_ply_wherever_it_plays():
    table = Table(Match("haleakala", 2, "s33d", {}, ["bot1", "bot1"]))
    moves = []
    while not table.state.is_over() and table.ply < 20:
        seat = table.state.to_move()[0]
        assert table.bot_seed(seat) == f"s33d/{seat}/{table.ply}"
        moves.append(str(table.bot(seat).choose(table.state, seat)))
        table.play(seat, moves[-1])
    # The same table, taken up again from its record, plays the same moves.
    again = Table(Match.from_record({**table.match.to_record(), "moves": []}))
    for move in moves:
        seat = again.state.to_move()[0]
        assert str(again.bot(seat).choose(again.state, seat)) == move
        again.play(seat, move)
    with pytest.raises(TableError):
        Table(Match("kahuna", 2, 1, {}, ["h", "h"])).bot(0)


def test_a_table_that_keeps_its_seed_secret_shows_it_only_at_the_end():
    match = random_game("kahuna", 2, {})
    assert Table(match, secret_seed=True).snapshot(0)["seed"] == 3
    unfinished = random_game("kahuna", 2, {}, moves=4)
    assert Table(unfinished, secret_seed=True).snapshot(0)["seed"] is None
    assert Table(unfinished).snapshot(0)["seed"] == 3


# -- the turn is the table's, the view the game's -----------------------------------------

TURN = {"to_move", "over", "result", "out"}


@pytest.mark.parametrize("game,players,options", TABLES)
def test_the_snapshot_carries_the_turn_and_the_view_the_game_alone(game, players, options):
    """boardgame.io's ``ctx`` beside its ``G``: whose turn it is and the end
    come from the table core, in the same fields at every ply and for every
    game; no game's view says them."""
    for moves in (0, 5, None):
        match = random_game(game, players, options, moves=moves)
        for viewer in (None, *range(players)):
            snap = Table(match).snapshot(viewer)
            assert not TURN & set(snap["view"]), sorted(TURN & set(snap["view"]))
            assert snap["to_move"] == match.to_move() and snap["over"] == match.is_over()
            assert snap["result"] == match.result() and snap["out"] == []
            assert bool(snap["legal"]) == (viewer in snap["to_move"])


def test_a_seat_out_of_time_is_in_the_snapshot_turn():
    match = random_game("moai", 3, {}, moves=6)
    match.set_out([2])
    snap = Table(match).snapshot(0)
    assert snap["out"] == [2] and snap["over"] is False and snap["result"] is None
    match.set_out([1, 2])
    snap = Table(match).snapshot(0)
    assert snap["out"] == [1, 2] and snap["over"] is True and snap["to_move"] == []
    assert snap["result"]["winners"] == [0] and snap["result"]["reason"] == "time"


# -- several games at once in the facade ------------------------------------------------

def call(cmd, **args):
    return json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))


def test_the_facade_holds_several_games_each_under_its_id():
    api.reset()
    game = call("new", game="kahuna", players=2, seats=["h", "h"], seed=5)["data"]
    lesson = call("new", game="moai", players=3, seats=["h", "bot0", "bot0"], seed=2, session="lesson")["data"]
    assert call("snapshot", viewer=game["viewer"])["data"] == game
    assert call("snapshot", session="lesson", viewer=lesson["viewer"])["data"]["game"] == "moai"
    seat = game["to_move"][0]
    played = call("play", seat=seat, move=game["legal"][0]["text"])["data"]
    assert len(played["log"]) == 1
    assert call("snapshot", session="lesson", viewer=lesson["viewer"])["data"] == lesson
    # A refused request in one game changes neither.
    assert call("play", session="lesson", seat=9, move="x")["ok"] is False
    assert call("save")["data"]["moves"] == [[seat, game["legal"][0]["text"]]]
    assert call("close", session="lesson")["ok"]
    assert call("snapshot", session="lesson")["error"]["key"] == "error.no_game"
    assert call("snapshot", viewer=0)["ok"]


def test_a_session_id_is_a_short_word_and_the_sessions_are_few():
    api.reset()
    for bad in ("", "Game", "a b", "x" * 33, 7, None):
        answer = call("new", game="kahuna", session=bad)
        assert answer["ok"] is False and answer["error"]["params"]["field"] == "session", bad
    for number in range(api.MAX_SESSIONS):
        assert call("new", game="kahuna", session=f"s{number}")["ok"]
    refused = call("new", game="kahuna", session="one-more")
    assert refused["error"]["key"] == "error.too_many_sessions"
    assert call("new", game="haleakala", session="s0")["ok"], "an open id may start again"
    api.reset()


def test_a_game_may_start_from_a_position_in_the_facade():
    api.reset()
    start = random_game("haleakala", 2, {}, moves=12).state.to_json()
    snap = call("new", game="haleakala", players=2, seats=["h", "h"], seed=1, start=start, session="lesson")
    assert snap["ok"] and call("save", session="lesson")["data"]["start"] == start
    refused = call("new", game="haleakala", players=2, seed=1, start={"game": "haleakala"})
    assert refused["error"]["params"]["field"] == "start"
    assert GAMES["haleakala"].from_json(start).to_json() == start
    api.reset()


def test_bots_in_the_facade_play_as_the_table_seeds_them():
    api.reset()
    snap = call("new", game="kanaloa", players=2, seats=["bot0", "bot0"], seed=12)["data"]
    table = Table(Match("kanaloa", 2, 12, {}, ["bot0", "bot0"]))
    for _ in range(15):
        seat = snap["to_move"][0]
        expected = str(table.bot(seat).choose(table.state, seat))
        table.play(seat, expected)
        snap = call("bot_move", seat=seat)["data"]
        assert snap["log"][-1]["player"] == seat
    assert [move for _, move in call("save")["data"]["moves"]] == [e.move for e in table.match.entries]
    api.reset()
