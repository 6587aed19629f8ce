"""Shared helpers of the Haleakala tests: positions, moves and what to read back."""

import pytest

from pygame_core import IllegalMove, Rng
from pygame_core.games.haleakala import Haleakala, HaleakalaState

Y, R = 0, 1      # Yellow and Red, as in the spec's examples


def position(**kw):
    return HaleakalaState.from_position(**kw)


def act(state, *moves):
    """Play ``moves`` (text) for whoever must decide; the events of the last one."""
    events = []
    for move in moves:
        events = state.play(state.to_move()[0], move)
    return events


def act_all(state, *moves):
    """Play ``moves`` for whoever must decide; every event, in order."""
    events = []
    for move in moves:
        events += state.play(state.to_move()[0], move)
    return events


def keys(events):
    return [e["key"] for e in events]


def params(events, key):
    return [e["params"] for e in events if e["key"] == key]


def legal(state):
    """The decider's legal moves, as text."""
    return {str(m) for m in state.legal_moves(state.to_move()[0])}


def destinations(state):
    """The shaman destinations offered now (the 'stay' option is left out)."""
    return {m.split()[1] for m in legal(state) if m.startswith("shaman ")}


def decider(state):
    return state.to_move()[0]


def view(state):
    return state.view(None)


def section(state, s):
    return view(state)["sections"][s]


def slots(state, s):
    return section(state, s)["slots"]


def discs(state, b):
    """{0: Yellow's values, 1: Red's values} on beach ``b``."""
    row = section(state, b)["discs"]
    return {Y: row[Y], R: row[R]}


def player(state, p):
    return view(state)["players"][p]


def statues(state):
    data = state.to_json()["statues"]
    return {Y: set(data[Y]), R: set(data[R])}


def craters(state):
    return state.to_json()["craters"]


def deck_sizes(state):
    return [d["count"] for d in view(state)["decks"]]


def refused(state, move, player=None, match=None, key=None):
    """``move`` raises IllegalMove and leaves ``state`` exactly as it was."""
    before = state.to_json()
    player = state.to_move()[0] if player is None else player
    with pytest.raises(IllegalMove, match=match) as info:
        state.play(player, move)
    assert state.to_json() == before
    if key is not None:
        assert info.value.key == key
    return info.value


def final_scoring_position(**kw):
    """Round 2 with every deck empty and section 3 empty: Red's ``place 3 0``
    sails the boat to section 3, which starts the second scoring (S-1.2).

    In the base game all eight LAVA cards have then been drawn, so the four
    lava discs are on the island; unless the test places them, they wait on
    C(0), in a section the test keeps free of statues."""
    kw.setdefault("round", 2)
    kw.setdefault("decks", (0, 0, 0))
    kw.setdefault("boat", 0)
    kw.setdefault("to_move", R)
    slots_ = dict(kw.pop("slots", {}))
    slots_.setdefault(3, [None, None])
    kw["slots"] = slots_
    if not kw.get("tactical"):
        kw.setdefault("craters", {0: 4})
    return position(**kw)


def random_states(seeds, every=1, **options):
    """Positions met along random games (copies)."""
    for seed in seeds:
        state = Haleakala.new(seed=seed, **options)
        rng = Rng.from_seed(seed * 7 + 1)
        n = 0
        while not state.is_over():
            if n % every == 0:
                yield state.clone()
            p = state.to_move()[0]
            state.play(p, rng.choice(state.legal_moves(p)))
            n += 1
        yield state.clone()


def random_game_log(seed, **options):
    """(state before, player, move, events) for every decision of one random game."""
    state = Haleakala.new(seed=seed, **options)
    rng = Rng.from_seed(seed + 99)
    log = []
    while not state.is_over():
        p = state.to_move()[0]
        move = rng.choice(state.legal_moves(p))
        before = state.clone()
        log.append((before, p, move, state.play(p, move)))
    return state, log
