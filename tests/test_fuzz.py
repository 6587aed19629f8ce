"""The facade under fire: random and mutated requests and saved games, for
every game, against a live session.

Every answer must be JSON; every refusal a clear error (a key the page
translates, other than ``error.internal``, and a message) that leaves the
session exactly as it was: the same game object, position, moves, version,
search under way and bots' generators. Each request is served within a
bounded amount of memory (measured with ``tracemalloc``), and a guard stops a
request that hangs.

The run is seeded and small by default, so that it fits in the unit suite.
The full run is an environment variable away:

    ARCHIPEL_FUZZ_REQUESTS=50000 ARCHIPEL_FUZZ_SEED=7 \\
        .venv/bin/python -m pytest tests/test_fuzz.py -s

(``-s`` prints each game's figures: requests, refusals, the slowest request
and the most memory one took.)
"""

from __future__ import annotations

import json
import math
import os
import random
import signal
import time
import tracemalloc
from pathlib import Path

import pytest

from pygame_core import GAMES, api, limits
from pygame_core.match import Match

ROOT = Path(__file__).resolve().parent.parent
REQUESTS = int(os.environ.get("ARCHIPEL_FUZZ_REQUESTS", "2000"))
SEED = int(os.environ.get("ARCHIPEL_FUZZ_SEED", "1"))
# A request may hold this much memory at its peak: the longest legal replay
# needs a few megabytes; the audit's ten million players took 2.1 GB.
MEMORY_BOUND = 48 * 1024 * 1024
# A refused request holds little more than its own text.
REFUSAL_MEMORY = 4 * 1024 * 1024
# Not a measure of speed: a guard against a request that never returns.
HANG_GUARD_SECONDS = 60
# The keys the page can put in words.
KNOWN_KEYS = set(json.loads((ROOT / "web" / "i18n" / "en.json").read_text("utf-8")))
COMMANDS = sorted(api.COMMANDS)


class Hung(Exception):
    pass


def _hung(signum, frame):
    raise Hung(f"a request took over {HANG_GUARD_SECONDS} s")


# -- what a session is ---------------------------------------------------------------

def marks():
    """Everything a refused request must leave as it was."""
    session = api.session()
    if session is None:
        return None
    return (id(session), session.version, id(session.thinking),
            json.dumps(session.match.state.to_json(), sort_keys=True),
            [(entry.player, entry.move) for entry in session.match.entries])


# -- values to throw ----------------------------------------------------------------------

def nested(depth, leaf=0):
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def junk(rng: random.Random):
    """A value of any type or size, mostly wrong for wherever it lands."""
    pick = rng.randrange(34)
    return [
        None, True, False, 0, -1, 1, 2, 3, 5, 7, 2 ** 31, 2 ** 53, -(2 ** 53), 2 ** 63, 10 ** 30,
        1.5, math.nan, math.inf, "", "x", "h", "bot2", "bot٣", "bot²", "bot0001", " h",
        "é" * rng.randrange(1, 300), [], [1, 2], ["h", "h"], {}, {"a": 1},
        nested(rng.randrange(1, 40)),
        "x" * rng.choice((1_000, 50_000)),
    ][pick]


# -- saved games -------------------------------------------------------------------------

def random_setup(game, rng: random.Random):
    players = rng.choice(game.players)
    seats = [rng.choice(("h", "h", "bot0", "bot1")) for _ in range(players)]
    options = {name: rng.random() < 0.5 for name in game.options}
    return players, seats, options


def play_randomly(match: Match, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if match.state.is_over():
            return
        player = rng.choice(match.state.to_move())
        match.play(player, rng.choice(match.state.legal_moves(player)))


def records_of(game_id: str, rng: random.Random, count: int = 12) -> list:
    """Records of partly and wholly played games, every player count."""
    game = GAMES[game_id]
    records = []
    for _ in range(count):
        players, seats, options = random_setup(game, rng)
        match = Match(game_id, players, rng.randrange(10 ** 6), options, seats,
                      [rng.choice(("", "Ana", "Bé")) for _ in range(players)])
        play_randomly(match, rng, rng.choice((0, 3, 20, 80, 10_000)))
        records.append(match.to_record())
    return records


def mutated_record(record: dict, rng: random.Random):
    record = json.loads(json.dumps(record))
    for _ in range(rng.randrange(1, 3)):
        try:
            mutate_record(record, rng)
        except (TypeError, IndexError, KeyError, AttributeError, ValueError):
            pass  # an earlier mutation left nothing this one applies to
    if rng.random() < 0.3:
        text = json.dumps(record)
        return text[:rng.randrange(len(text) + 1)] if rng.random() < 0.3 else text
    return record


def mutate_record(record: dict, rng: random.Random) -> None:
    moves = record["moves"]
    how = rng.randrange(12)
    if how == 0:
        record[rng.choice(list(record))] = junk(rng)
    elif how == 1:
        record.pop(rng.choice(list(record)), None)
    elif how == 2:
        del moves[rng.randrange(len(moves)):]
        moves.append(rng.choice(moves) if moves else [0, "skip"])
    elif how == 3:
        i, j = rng.randrange(len(moves)), rng.randrange(len(moves))
        moves[i], moves[j] = moves[j], moves[i]
    elif how == 4:
        moves[rng.randrange(len(moves))] = [junk(rng), moves[0][1]]
    elif how == 5:
        at_move = rng.randrange(len(moves))
        player, text = moves[at_move]
        at = rng.randrange(len(text) + 1)
        text = text[:at] + rng.choice(("", " ", "x", "9", "-", "ALOA", "\n")) + text[at + 1:]
        moves[at_move] = [player, text]
    elif how == 6:
        moves[rng.randrange(len(moves))] = junk(rng)
    elif how == 7:
        record["moves"] = moves * (limits.MAX_MOVES // max(1, len(moves)) + 1)
    elif how == 8:
        record["players"] = rng.choice((0, 1, 6, 10 ** 7, record["players"] + 1))
    elif how == 9:
        record["seats"] = rng.choice((junk(rng), record["seats"][:-1], record["seats"] + ["h"]))
    elif how == 10:
        record["names"] = rng.choice((junk(rng), [junk(rng)] * rng.randrange(7)))
    else:
        record["options"] = rng.choice((junk(rng), {"nope": True}, {"x" * 50: junk(rng)}))


# -- requests -----------------------------------------------------------------------------

class Fuzzer:
    def __init__(self, game_id: str, seed: int):
        self.game_id = game_id
        self.game = GAMES[game_id]
        self.rng = random.Random(f"{game_id}/{seed}")
        self.records = records_of(game_id, self.rng)

    # Requests a player's page could send, in the session as it stands.
    def valid(self) -> dict:
        rng, session = self.rng, api.session()
        if session is None or rng.random() < 0.04:
            players, seats, options = random_setup(self.game, rng)
            return {"cmd": "new", "args": {"game": self.game_id, "players": players, "seats": seats,
                                           "seed": rng.randrange(2 ** 53), "options": options,
                                           "names": [""] * players}}
        if rng.random() < 0.04:
            return {"cmd": "load", "args": {"record": rng.choice(self.records)}}
        if rng.random() < 0.06:
            return self.reviewing()
        state = session.match.state
        to_move = state.to_move()
        pick = rng.random()
        if not to_move or pick < 0.1:
            return {"cmd": rng.choice(("save", "snapshot", "games")),
                    "args": {} if rng.random() < 0.5 else {"viewer": None}}
        seat = rng.choice(to_move)
        viewer = rng.choice([None, seat, *range(session.match.players)])
        if session.table.is_bot(seat):
            if pick < 0.5:
                return {"cmd": "think", "args": {"seat": seat, "ms": rng.randrange(1, 8)}}
            return {"cmd": "bot_move", "args": {"seat": seat, "viewer": viewer}}
        if pick < 0.15:
            return {"cmd": "think", "args": {"seat": seat, "ms": rng.randrange(1, 8), "hint": True}}
        if pick < 0.25:
            return {"cmd": "undo", "args": {"seat": seat, "viewer": viewer}}
        move = rng.choice(state.legal_moves(seat))
        return {"cmd": "play", "args": {"seat": seat, "move": str(move), "viewer": viewer}}

    def reviewing(self) -> dict:
        """A review's requests: open a record, step to a ply, ask the expert
        or the analysis for a few milliseconds."""
        rng = self.rng
        review = api._reviews.get(api.REVIEW_SESSION)
        if review is None or rng.random() < 0.2:
            return {"cmd": "review", "args": {"record": rng.choice(self.records)}}
        ply = rng.randrange(review.plies + 1)
        pick = rng.random()
        if pick < 0.5:
            viewer = rng.choice([None, *range(review.match.players)])
            return {"cmd": "review_at", "args": {"ply": ply, "viewer": viewer,
                                                 "reveal": review.over and rng.random() < 0.5}}
        if pick < 0.8 and review.plies:
            return {"cmd": "review_expert", "args": {"ply": min(ply, review.plies - 1), "ms": rng.randrange(1, 8)}}
        return {"cmd": "review_analyse", "args": {"ms": rng.randrange(1, 8), "restart": rng.random() < 0.2}}

    def mutated(self) -> dict:
        rng = self.rng
        request = self.valid()
        for _ in range(rng.randrange(1, 3)):
            try:
                self.mutate(request)
            except (TypeError, IndexError, KeyError, AttributeError, ValueError):
                pass  # an earlier mutation left nothing this one applies to
        return request

    def mutate(self, request: dict) -> None:
        rng = self.rng
        args = request["args"]
        how = rng.randrange(7)
        if how == 0:
            args[rng.choice(list(args))] = junk(rng)
        elif how == 1:
            args.pop(rng.choice(list(args)))
        elif how == 2:
            args[rng.choice(("seat", "viewer", "move", "ms", "hint", "record", "game", "players",
                             "seats", "names", "options", "seed", "ply", "reveal", "restart",
                             "extra"))] = junk(rng)
        elif how == 3:
            request["cmd"] = rng.choice(COMMANDS)
        elif how == 4:
            text = args["move"]
            at = rng.randrange(len(text) + 1)
            args["move"] = text[:at] + rng.choice(("", " ", "x", "0", "9", "\t")) + text[at + 1:]
        elif how == 5:
            request["args"] = junk(rng)
        else:
            request["cmd"] = junk(rng)

    def record(self) -> dict:
        record = mutated_record(self.rng.choice(self.records), self.rng)
        return {"cmd": "load", "args": {"record": record}}

    def random(self) -> dict:
        rng = self.rng
        args = {rng.choice(("seat", "viewer", "move", "ms", "hint", "record", "game", "players",
                            "seats", "names", "options", "seed")): junk(rng) for _ in range(rng.randrange(4))}
        return {"cmd": rng.choice([*COMMANDS, "fly", ""]), "args": args}

    def text(self) -> str:
        """A request's text, damaged."""
        rng = self.rng
        text = json.dumps(self.valid())
        how = rng.randrange(5)
        if how == 0:
            return text[:rng.randrange(len(text) + 1)]
        if how == 1:
            at = rng.randrange(len(text) + 1)
            return text[:at] + rng.choice(("[", "{", '"')) * rng.randrange(1, 100_000) + text[at:]
        if how == 2:
            at = rng.randrange(len(text))
            return text[:at] + chr(rng.randrange(32, 0x3000)) + text[at + 1:]
        if how == 3:
            return text + rng.choice(("}", "]", ",", " x"))
        return " " * (limits.MAX_REQUEST_TEXT + 1 - len(text)) + text

    def next(self):
        """(kind, the request's text)."""
        pick = self.rng.random()
        if pick < 0.3:
            kind, request = "valid", self.valid()
        elif pick < 0.6:
            kind, request = "mutated", self.mutated()
        elif pick < 0.8:
            kind, request = "record", self.record()
        elif pick < 0.9:
            kind, request = "random", self.random()
        else:
            return "text", self.text()
        args = request.get("args")
        # Thinking is bounded by its own argument: keep the slices short so
        # that the run spends its time on many requests, not on searches.
        if isinstance(args, dict) and isinstance(args.get("ms"), (int, float)) and args["ms"] > 8:
            args["ms"] = 8
        return kind, json.dumps(request)


def short(text: str) -> str:
    return text if len(text) <= 300 else text[:300] + f"… ({len(text):,} characters)"


def serve(text: str):
    """The answer, the peak of memory while serving it, and its duration."""
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, HANG_GUARD_SECONDS)
    try:
        answer = api.handle(text)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    took = time.perf_counter() - started
    return answer, tracemalloc.get_traced_memory()[1] - base, took


@pytest.fixture
def traced():
    previous = signal.signal(signal.SIGALRM, _hung)
    tracemalloc.start()
    api.reset()
    yield
    tracemalloc.stop()
    signal.signal(signal.SIGALRM, previous)
    api.reset()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_facade_survives_random_and_mutated_requests(traced, game_id):
    fuzzer = Fuzzer(game_id, SEED)
    counts = {"accepted": 0, "refused": 0}
    kinds = {}
    slowest, heaviest = (0.0, ""), (0, "")
    for number in range(REQUESTS // len(GAMES)):
        kind, text = fuzzer.next()
        kinds[kind] = kinds.get(kind, 0) + 1
        before = marks()
        answer_text, memory, took = serve(text)
        where = f"request {number} ({kind}) of the {game_id} run, seed {SEED}: {short(text)}"
        answer = json.loads(answer_text)
        assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), where
        if answer["ok"]:
            counts["accepted"] += 1
            assert memory < MEMORY_BOUND, f"{memory:,} bytes for {where}"
        else:
            counts["refused"] += 1
            error = answer["error"]
            assert error["key"] != "error.internal", f"{error['message']} for {where}"
            assert error["key"] in KNOWN_KEYS, f"{error['key']} untranslated, for {where}"
            assert isinstance(error["message"], str) and error["message"], where
            assert isinstance(error["params"], dict), where
            assert marks() == before, f"the session changed although refused: {where}"
            assert memory < REFUSAL_MEMORY + 4 * len(text), f"{memory:,} bytes to refuse {where}"
        slowest = max(slowest, (took, kind))
        heaviest = max(heaviest, (memory, kind))
    assert counts["accepted"] and counts["refused"]
    print(f"\n{game_id}: {sum(counts.values()):,} requests ({kinds}), {counts['accepted']:,} accepted, "
          f"{counts['refused']:,} refused; slowest {slowest[0] * 1000:.0f} ms ({slowest[1]}), "
          f"most memory {heaviest[0] / 1e6:.1f} MB ({heaviest[1]})")
