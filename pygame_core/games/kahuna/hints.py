"""Advice for the bots about Kahuna positions (``Kahuna.hints``).

``evaluate(state, player)`` values an unfinished position for ``player``:
points already scored, islands controlled (what the next scoring counts),
progress towards majorities, bridges on the board (the last tie-break and the
guard against a wipe-out) and cards in hand (the freedom to act). Bots call it
only on determinized copies, so reading the copy's fields reveals nothing.
"""

from __future__ import annotations

from .tables import NEEDED_AT, N_ISLANDS

POINT = 10.0          # a point already scored
ISLAND = 3.0          # an island controlled now
PROGRESS = 1.2        # a full majority's worth of bridges not yet converted
BRIDGE = 0.15         # a bridge on the board
CARD = 0.25           # a card in hand

# For the tree search: moves played at random before a position is valued
# with ``evaluate`` (ten actions are two or three turns), and the evaluation
# units of a clear advantage (one point).
ROLLOUT_DEPTH = 10
EVAL_SCALE = POINT


def _side(state, player: int) -> float:
    bridges = state.bridges
    base = N_ISLANDS * player
    other = N_ISLANDS * (1 - player)
    value = 0.0
    for island in range(N_ISLANDS):
        mine = bridges[base + island]
        needed = NEEDED_AT[island]
        if mine >= needed:
            value += ISLAND
        elif bridges[other + island] < needed:
            value += PROGRESS * mine / needed
    value += BRIDGE * state.on_board[player]
    value += CARD * state.hand_sizes[player]
    value += POINT * state.scores[player]
    return value


def evaluations(state) -> list:
    """Every player's ``evaluate``, each side valued once."""
    first, second = _side(state, 0), _side(state, 1)
    return [first - second, second - first]


def evaluate(state, player: int) -> float:
    return evaluations(state)[player]
