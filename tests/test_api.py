"""The JSON facade: every failure is a clear error and changes nothing."""

import json
import tracemalloc

import pytest

from pygame_core import api, fairness, limits
from pygame_core.match import Match


def call(cmd, **args):
    return json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))


def ok(cmd, **args):
    answer = call(cmd, **args)
    assert answer["ok"], answer
    return answer["data"]


def error(cmd, **args):
    answer = call(cmd, **args)
    assert not answer["ok"], answer
    assert answer["error"]["message"]
    return answer["error"]


@pytest.fixture
def game():
    return ok("new", game="kahuna", players=2, seats=["h", "h"], seed=5)


def test_games_lists_kahuna():
    games = ok("games")
    kahuna = next(g for g in games if g["id"] == "kahuna")
    assert kahuna["players"] == [2]
    assert kahuna["title"]["fr"] == "Kahuna"


def test_new_gives_a_snapshot_for_the_player_to_move(game):
    assert game["game"] == "kahuna"
    assert game["seats"] == ["h", "h"]
    assert game["viewer"] == game["to_move"][0]
    assert game["view"]["hand"] is not None and len(game["view"]["hand"]) == 3
    assert game["legal"], "the player to move has legal moves"
    assert all("text" in move and "kind" in move for move in game["legal"])
    assert game["log"] == [] and game["can_undo"] is False and game["over"] is False


@pytest.mark.parametrize("text", ["", "{", "[1,2]", "null", '{"cmd": 3}', '{"cmd": "fly"}',
                                  '{"cmd": "play", "args": []}'])
def test_malformed_requests_are_clear_errors(game, text):
    before = ok("save")
    answer = json.loads(api.handle(text))
    assert answer["ok"] is False
    assert answer["error"]["key"].startswith("error.")
    assert ok("save") == before


def test_illegal_move_is_refused_and_changes_nothing(game):
    seat = game["to_move"][0]
    before = ok("snapshot", viewer=seat)
    err = error("play", seat=seat, move="place ALOA-BARI ZZZZ")
    assert err["key"] == "error.malformed"
    err = error("play", seat=1 - seat, move=game["legal"][0]["text"])
    assert err["key"] == "error.not_your_turn"
    error("play", seat=seat, move=17)
    error("play", seat=7, move="skip")
    assert ok("snapshot", viewer=seat) == before


def test_play_and_undo_within_the_turn(game):
    seat = game["to_move"][0]
    place = next((m for m in game["legal"] if m["kind"] == "place"), None)
    assert place is not None
    after = ok("play", seat=seat, move=place["text"])
    assert after["can_undo"] is True
    assert after["log"][0]["events"][0]["key"] == "kahuna.place"
    back = ok("undo", seat=seat)
    assert back["view"] == game["view"]
    assert back["log"] == []
    assert error("undo", seat=seat)["key"] == "error.cannot_undo"


def test_undo_never_goes_past_a_draw(game):
    seat = game["to_move"][0]
    end = next(m for m in game["legal"] if m["kind"] in ("draw", "take"))
    snap = ok("play", seat=seat, move=end["text"])
    assert snap["can_undo"] is False
    assert error("undo", seat=seat)["key"] == "error.cannot_undo"


def test_the_log_hides_the_opponents_blind_draw(game):
    seat = game["to_move"][0]
    ok("play", seat=seat, move="draw")
    own = ok("snapshot", viewer=seat)["log"][-1]["events"]
    other = ok("snapshot", viewer=1 - seat)["log"][-1]["events"]
    assert own[0]["key"] == "kahuna.draw.own" and "card" in own[0]["params"]
    assert other[0]["key"] == "kahuna.draw" and "card" not in other[0]["params"]
    assert "secret" not in json.dumps(other)


def test_bot_moves_and_save_load_round_trip():
    snap = ok("new", game="kahuna", players=2, seats=["bot1", "bot0"], seed=11)
    for _ in range(400):
        if snap["over"]:
            break
        seat = snap["to_move"][0]
        snap = ok("bot_move", seat=seat)
    assert snap["over"] is True
    assert snap["result"]["winners"]
    record = ok("save")
    loaded = ok("load", record=json.dumps(record))
    assert loaded["over"] is True
    assert loaded["result"] == snap["result"]


def test_bad_saved_games_are_refused_and_the_game_goes_on(game):
    before = ok("save")
    record = dict(before)
    for bad in ["not json", json.dumps({"format": "other"}), {**record, "moves": [[0, "take 7"]]},
                {**record, "moves": "x"}, {**record, "game": "chess"}, {**record, "seed": [1]},
                {**record, "moves": [[0, "skip"], [0, "skip"]]}]:
        err = error("load", record=bad)
        assert err["key"] == "error.bad_record"
    assert ok("save") == before


def test_bot_move_on_a_human_seat_is_refused(game):
    seat = game["to_move"][0]
    assert error("bot_move", seat=seat)["key"] == "error.not_a_bot"


def test_new_game_with_bad_setup_is_refused(game):
    before = ok("save")
    error("new", game="kahuna", players=3, seats=["h", "h", "h"], seed=1)
    error("new", game="nope", players=2, seats=["h", "h"], seed=1)
    error("new", game="kahuna", players=2, seats=["h", "robot"], seed=1)
    error("new", game="kahuna", players=2, seats=["h", "h"], seed=1, options={"gods": True})
    assert ok("save") == before


def bot_game(level=2):
    """A game against a bot of ``level``, played until the bot is to move."""
    snap = ok("new", game="kahuna", players=2, seats=["h", f"bot{level}"], seed=12)
    while snap["to_move"] != [1]:
        snap = ok("play", seat=0, move=snap["legal"][0]["text"])
    return snap


def test_a_bot_thinks_in_slices_then_plays_what_it_found():
    bot_game()
    slices = []
    while True:
        answer = ok("think", seat=1, ms=5)
        slices.append(answer["iterations"])
        assert answer["move"] is None, "a bot's choice is not shown before it is played"
        if answer["done"]:
            break
        assert len(slices) < 10_000
    assert slices == sorted(slices) and len(slices) > 1
    assert answer["budget"] == {"iterations": 150, "millis": 300}
    before = ok("save")["moves"]
    snap = ok("bot_move", seat=1, viewer=0)
    assert len(ok("save")["moves"]) == len(before) + 1
    assert snap["viewer"] == 0


def test_exact_bots_search_by_their_iterations_alone_and_play_the_server_s_move():
    """A day's deal replayed in the browser: its bots have no time limit, so
    each move is the one ``fairness.bot_move`` (the table server's) finds."""
    snap = ok("new", game="kahuna", players=2, seats=["h", "bot2"], seed="ab" * 16, exact_bots=True)
    while snap["to_move"] != [1]:
        snap = ok("play", seat=0, move=snap["legal"][0]["text"])
    while not (answer := ok("think", seat=1, ms=50))["done"]:
        pass
    assert answer["budget"] == {"iterations": 150, "millis": None}
    record = ok("save")
    position = Match.from_record(record).state.to_json()
    expected = fairness.bot_move("kahuna", position, 1, 2, f"{'ab' * 16}/1/{len(record['moves'])}")
    ok("bot_move", seat=1, viewer=0)
    assert ok("save")["moves"][-1] == [1, expected]
    error("new", game="kahuna", exact_bots="yes")


def test_thinking_is_dropped_when_the_position_changes():
    snap = bot_game()
    ok("think", seat=1, ms=5)
    first = api.session().thinking
    assert first is not None
    ok("think", seat=1, ms=5)
    assert api.session().thinking[3] is first[3], "the same search goes on"
    ok("bot_move", seat=1, viewer=0)
    assert api.session().thinking is None


def test_a_hint_is_a_legal_move_of_the_human_and_plays_nothing():
    snap = ok("new", game="kahuna", players=2, seats=["h", "bot1"], seed=3)
    seat = snap["to_move"][0]
    before = ok("save")
    while True:
        answer = ok("think", seat=seat, ms=200, hint=True)
        if answer["done"]:
            break
    assert answer["move"]["text"] in {move["text"] for move in snap["legal"]}
    assert ok("save") == before


def test_thinking_requests_are_checked():
    snap = ok("new", game="kahuna", players=2, seats=["h", "bot2"], seed=12)
    human = 0
    if snap["to_move"] == [0]:
        assert error("think", seat=1)["key"] == "error.not_your_turn"
        assert error("think", seat=0)["key"] == "error.not_a_bot"
    assert error("think", seat=1, hint=True)["key"] == "error.no_hint"
    for ms in (0, -5, "10", True, 10_000):
        assert error("think", seat=human, hint=True, ms=ms)["key"] == "error.bad_request"


def test_reset_forgets_the_game_in_progress(game):
    """A memory snapshot may hold the first game; the restored engine calls
    ``reset`` and starts with none."""
    assert ok("snapshot", viewer=0)["game"] == "kahuna"
    api.reset()
    assert error("snapshot", viewer=0)["key"] == "error.no_game"
    assert error("play", seat=0, move="draw")["key"] == "error.no_game"
    assert ok("new", game="haleakala", players=2, seats=["h", "h"], seed=1)["game"] == "haleakala"


def test_a_snapshot_can_carry_only_the_log_after_a_given_entry():
    from pygame_core.match import Match
    from pygame_core.table import Table
    table = Table(Match("kanaloa", 3, 8, {}, ["h", "h", "h"]))
    for _ in range(12):
        player = table.state.to_move()[0]
        table.play(player, table.state.legal_moves(player)[0])
    whole = table.snapshot(1)
    tail = table.snapshot(1, log_from=9)
    assert [entry["n"] for entry in tail["log"]] == [10, 11, 12]
    assert tail["log"] == whole["log"][9:]
    assert {k: v for k, v in tail.items() if k != "log"} == {k: v for k, v in whole.items() if k != "log"}
    assert table.snapshot(None, log_from=12)["log"] == []


# -- bad input: sizes, types, and refusals that change nothing ------------------

def measured(request_text):
    """The answer to ``request_text`` and the most memory (bytes) Python held
    while serving it."""
    tracemalloc.start()
    try:
        answer = json.loads(api.handle(request_text))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return answer, peak


def test_a_huge_player_count_is_refused_before_anything_is_built(game):
    before = ok("save")
    request = json.dumps({"cmd": "new", "args": {"game": "kahuna", "players": 1_000_000}})
    answer, peak = measured(request)
    assert answer["ok"] is False
    assert answer["error"]["key"] == "error.bad_setup"
    assert answer["error"]["params"] == {"field": "players"}
    assert peak < 200_000, f"{peak:,} bytes held to refuse it"
    record = {**before, "players": 1_000_000, "seats": None, "names": None}
    answer, peak = measured(json.dumps({"cmd": "load", "args": {"record": record}}))
    assert answer["error"]["key"] == "error.bad_record"
    assert answer["error"]["params"] == {"field": "players"}
    assert peak < 200_000, f"{peak:,} bytes held to refuse it"
    assert ok("save") == before


def test_deep_nesting_and_huge_requests_are_refused_before_parsing(game):
    before = ok("save")
    for text in ("[" * 100_000, '{"cmd": "play", "args": ' + "[" * 5000 + "]" * 5000 + "}",
                 json.dumps({"cmd": "load", "args": {"record": "x" * (limits.MAX_REQUEST_TEXT + 1)}})):
        answer = json.loads(api.handle(text))
        assert answer["ok"] is False and answer["error"]["key"] == "error.bad_request"
        assert answer["error"]["params"] == {"field": "request"}
    assert ok("save") == before


def test_a_request_as_bytes_is_read_as_its_text():
    for request in (b'{"cmd": "games"}', bytearray(b'{"cmd": "games"}')):
        assert json.loads(api.handle(request)) == {"ok": True, "data": ok("games")}
    answer = json.loads(api.handle(bytearray(b"[" * 100)))
    assert answer["error"]["key"] == "error.bad_request" and answer["error"]["params"] == {"field": "request"}


def test_a_record_nested_too_deeply_or_too_long_is_refused(game):
    record = json.dumps(ok("save"))
    deep = record[:-1] + ', "extra": ' + "[" * 50 + "]" * 50 + "}"
    assert error("load", record=deep)["params"] == {"field": "record"}
    long = record[:-1] + ', "extra": "' + "x" * limits.MAX_RECORD_TEXT + '"}'
    assert error("load", record=long)["params"] == {"field": "record"}


@pytest.mark.parametrize("args, field", [
    ({"game": ["kahuna"]}, "game"),
    ({"game": {"id": "kahuna"}}, "game"),
    ({"game": "kahuna", "seats": 5}, "seats"),
    ({"game": "kahuna", "seats": "hh"}, "seats"),
    ({"game": "kahuna", "seats": ["h", "bot²"]}, "seats"),
    ({"game": "kahuna", "seats": ["h", "bot٣"]}, "seats"),
    ({"game": "kahuna", "seats": ["h", "bot0001"]}, "seats"),
    ({"game": "kahuna", "seats": ["h", "bot7"]}, "seats"),
    ({"game": "kahuna", "players": "2"}, "players"),
    ({"game": "kahuna", "options": "gods"}, "options"),
    ({"game": "kanaloa", "options": {"gods": "yes"}}, "options"),
    ({"game": "kahuna", "seed": 12345678901234567891}, "seed"),
    ({"game": "kahuna", "seed": 2 ** 53}, "seed"),
    ({"game": "kahuna", "seed": 1.5}, "seed"),
    ({"game": "kahuna", "seed": "s" * 101}, "seed"),
    ({"game": "kahuna", "names": ["Ana", "x" * 41]}, "names"),
    ({"game": "kahuna", "names": ["Ana", "Bo\nb"]}, "names"),
    ({"game": "kahuna", "names": [1, 2]}, "names"),
])
def test_every_bad_set_up_is_a_clear_error_naming_its_field(game, args, field):
    before = ok("save")
    err = error("new", **args)
    assert err["key"] == "error.bad_setup" and err["params"] == {"field": field}, err
    assert err["message"].startswith(field + ":")
    assert ok("save") == before


def test_seeds_are_safe_integers_or_texts():
    assert ok("new", game="kahuna", seed=2 ** 53 - 1)["seed"] == 2 ** 53 - 1
    assert ok("new", game="kahuna", seed=-(2 ** 53 - 1))["seed"] == -(2 ** 53 - 1)
    assert ok("new", game="kahuna", seed="12345678901234567891")["seed"] == "12345678901234567891"
    record = ok("save")
    record["seed"] = 12345678901234567891
    err = error("load", record=record)
    assert err["key"] == "error.bad_record" and err["params"] == {"field": "seed"}


@pytest.mark.parametrize("cmd, args, field", [
    ("play", {"seat": 0, "move": "draw", "viewer": "0"}, "viewer"),
    ("play", {"seat": 0, "move": "d" * 201}, "move"),
    ("play", {"seat": True, "move": "draw"}, "seat"),
    ("think", {"seat": 0, "hint": "yes"}, "hint"),
    ("think", {"seat": 0, "ms": float("nan")}, "ms"),
    ("bot_move", {"seat": 1, "viewer": 9}, "viewer"),
    ("snapshot", {"viewer": [0]}, "viewer"),
    ("undo", {"seat": 0, "viewer": -1}, "viewer"),
    ("load", {"record": 5}, "record"),
    ("play", {"seat": 0, "move": "draw", "colour": "red"}, "'colour'"),
])
def test_every_bad_argument_is_a_clear_error_naming_it(cmd, args, field):
    ok("new", game="kahuna", seats=["h", "bot1"], seed=12)
    before = ok("save")
    answer = json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))
    assert answer["ok"] is False and answer["error"]["key"] != "error.internal", answer
    assert answer["error"]["params"].get("field") == field, answer
    assert ok("save") == before


def session_marks():
    session = api.session()
    return (session, session.version, session.thinking, json.dumps(session.match.state.to_json()),
            [(e.player, e.move) for e in session.match.entries])


def test_a_refused_play_changes_nothing_not_even_counters():
    snap = bot_game()        # the bot (seat 1) is to move, and thinks
    ok("think", seat=1, ms=5)
    marks = session_marks()
    assert error("play", seat=1, move="draw", viewer="me")["params"] == {"field": "viewer"}
    assert error("bot_move", seat=1, viewer=7)["params"] == {"field": "viewer"}
    assert error("undo", seat=0, viewer=[])["params"] == {"field": "viewer"}
    assert session_marks() == marks
    assert snap["to_move"] == [1]


def test_a_refused_bot_move_changes_nothing_the_bots_play():
    """The same requests, with and without a refused ``bot_move`` among them,
    give the same game (a bot is seeded by its seat and the ply)."""
    def game_of(with_refusal):
        snap = ok("new", game="kahuna", players=2, seats=["bot0", "bot0"], seed=21)
        for turn in range(30):
            if snap["over"]:
                break
            seat = snap["to_move"][0]
            if with_refusal and turn % 3 == 0:
                error("bot_move", seat=seat, viewer="nobody")
            snap = ok("bot_move", seat=seat)
        return ok("save")["moves"]
    assert game_of(True) == game_of(False)


def test_a_refused_load_keeps_the_game_in_progress(game):
    marks = session_marks()
    record = ok("save")
    assert error("load", record=record, viewer=2)["params"] == {"field": "viewer"}
    assert session_marks() == marks
