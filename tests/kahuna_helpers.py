"""Shared helpers of the Kahuna tests: positions, moves and what to read back."""

import pytest

from pygame_core import IllegalMove
from pygame_core.games.kahuna import KahunaState


def position(**kw):
    return KahunaState.from_position(**kw)


def act(state, *moves):
    """Play ``moves`` (text) for whoever is to move; the events of the last one."""
    events = []
    for move in moves:
        events = state.play(state.to_move()[0], move)
    return events


def legal(state):
    return {str(m) for m in state.legal_moves(state.player)}


def bridges(state):
    data = state.to_json()["bridges"]
    return {0: set(data[0]), 1: set(data[1])}


def controllers(state):
    return {i["name"]: i["controller"] for i in state.view(None)["islands"]
            if i["controller"] is not None}


def hand(state, player):
    return state.to_json()["hands"][player]


def refused(state, move, player=None, match=None):
    """``move`` raises IllegalMove and leaves ``state`` exactly as it was."""
    before = state.to_json()
    player = state.player if player is None else player
    with pytest.raises(IllegalMove, match=match) as info:
        state.play(player, move)
    assert state.to_json() == before
    return info.value
