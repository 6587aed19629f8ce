"""Shared helpers of the Moai tests: positions, moves and what to read back."""

import pytest

from pygame_core import IllegalMove
from pygame_core.games.moai import MoaiState

R, Y, G, B, W = range(5)     # seats by colour (C-7): red, yellow, green, blue, white


def position(**kw):
    return MoaiState.from_position(**kw)


def act(state, *moves, player=None):
    """Play ``moves`` (text) for whoever is to move (or ``player``); the
    events of all of them."""
    events = []
    for move in moves:
        who = player if player is not None else state.to_move()[0]
        events += state.play(who, move)
    return events


def legal(state, player=None):
    player = state.to_move()[0] if player is None else player
    return {str(m) for m in state.legal_moves(player)}


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


def keys(events):
    return [e["key"] for e in events]


def find(events, key):
    """The params of the events of ``key``."""
    return [e["params"] for e in events if e["key"] == key]


def data(state):
    return state.to_json()


def field(state, name):
    return state.to_json()["fields"][int(name[1:]) - 1]


def forest(state, name):
    return sorted(state.to_json()["forest"][int(name[1:]) - 1])


def volcano(state, name):
    return sorted(state.to_json()["volcano"][int(name[1:]) - 1])
