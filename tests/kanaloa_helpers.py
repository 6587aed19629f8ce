"""Shared helpers of the Kanaloa tests: positions written as the spec's
scenarios are, moves, and what to read back.

Colours are written with the spec's letters (section 10): with three or four
players the seats are Mateo (Y), Betty (R), Adam (G) and Kayla (B), in that
order, so the letter of a colour is also its seat; with two players Adam
(seat 0) plays Y and R, Betty (seat 1) plays G and B.
"""

import pytest

from pygame_core import IllegalMove
from pygame_core.games.kanaloa import COLOURS, KanaloaState
from pygame_core.games.kanaloa.tables import LINK_INDEX

Y, R, G, B = 0, 1, 2, 3
MATEO, BETTY, ADAM, KAYLA = 0, 1, 2, 3
LETTER = {"Y": Y, "R": R, "G": G, "B": B}
LETTERS = "YRGB"


def link(name):
    """A link name with its islands in alphabetical order (``ORO-BAFI`` -> ``BAFI-ORO``)."""
    a, b = name.split("-")
    name = "-".join(sorted((a, b)))
    assert name in LINK_INDEX, name
    return name


def board(*specs):
    """``board("ALOA-BAFI:Y", "ORO-BAFI:R")`` -> the ``bridges`` of ``from_position``."""
    bridges = {}
    for spec in specs:
        name, letter = spec.split(":")
        bridges.setdefault(LETTER[letter], []).append(link(name))
    return bridges


def position(*specs, **kw):
    if specs:
        kw["bridges"] = board(*specs)
    if "scores" in kw:
        kw["scores"] = {LETTER.get(c, c): v for c, v in kw["scores"].items()}
    return KanaloaState.from_position(**kw)


def act(state, *moves, player=None):
    """Play ``moves`` (text) for the player to move; the events of all of them."""
    events = []
    for move in moves:
        who = state.to_move()[0] if player is None else player
        events += state.play(who, move)
    return events


def legal(state, player=None):
    player = state.to_move()[0] if player is None else player
    return {str(m) for m in state.legal_moves(player)}


def bridges(state):
    """{link: letter} of every bridge on the board."""
    return {name: LETTERS[c] for c, names in enumerate(state.to_json()["bridges"])
            for name in names}


def markers(state):
    """{island: letter} of every island a colour controls (where its marker is)."""
    return {i["name"]: LETTERS[i["controller"]] for i in state.view(None)["islands"]
            if i["controller"] is not None}


def hand(state, player):
    return state.to_json()["hands"][player]


def stock(state):
    return dict(zip(LETTERS, state.view(None)["stock"]))


def keys(events):
    return [e["key"] for e in events]


def find(events, key):
    return [e for e in events if e["key"] == key]


def refused(state, move, player=None, match=None, key=None):
    """``move`` raises IllegalMove and leaves ``state`` exactly as it was."""
    before = state.to_json()
    player = state.to_move()[0] if player is None else player
    with pytest.raises(IllegalMove, match=match) as info:
        state.play(player, move)
    assert state.to_json() == before
    if key is not None:
        assert info.value.key == key, info.value.key
    return info.value


def colour_name(letter):
    return COLOURS[LETTER[letter]]
