"""Advice for the bots about Kanaloa positions (``Kanaloa.hints``).

``evaluate(state, player)`` values a position for ``player`` in the game's own
terms, colour by colour, then compares the player with his opponents:

* points already on the score track (first scoring, KANE captures);
* every island a colour controls: what it will still score, one point per
  link the controller does not occupy at each scoring still to come (E-11),
  plus the marker's point at the final scoring (E-12); the points of an island
  held early are less certain, so they count for a little less in round 1;
* progress towards control of the islands nobody controls (bridges over the
  threshold, KN-10), and a share of the god stone still lying there (GD-3);
* god stones on the tablet that can still be used (GD-8, GD-9), cards in hand
  (the freedom to act), bridges left in stock (the freedom to build).

With two players the winner is the one whose weaker colour scores more (TP-9),
so the weaker colour counts most. Bots call this only on determinized copies,
so reading the copy's fields reveals nothing.
"""

from __future__ import annotations

from .tables import (BRIDGES, DEGREE, KANE, KANE_AT, N_GODS, N_ISLANDS, THRESHOLD,
                     colours_of)

POINT = 1.0           # a point already scored
HOLD = (0.7, 0.9)     # weight of an island's future points in round 1, round 2
PROGRESS = 1.2        # a control's worth of bridges on an island nobody holds
STONE = 0.8           # a usable power on the tablet
KANE_SHARE = 0.3      # the share of a KANE stone's points per unit of progress
CARD = 0.25           # a card in hand
STOCK = 0.03          # a bridge still in stock

# For the tree search: evaluation units that make a clear advantage.
EVAL_SCALE = 8.0


def colour_values(state) -> list:
    """The value of every colour's position, in one pass over the islands."""
    count = state.count
    ncol = state.ncol
    stones = state.stones
    final_ahead = 0 if state.phase == 2 else 1
    scorings_left = (2 if state.round == 1 else 1) if final_ahead else 0
    hold = HOLD[state.round - 1]
    values = [POINT * state.scores[c] + STOCK * (BRIDGES - state.on_board[c]) for c in range(ncol)]
    for island in range(N_ISLANDS):
        need = THRESHOLD[island]
        here = count[island:N_ISLANDS * ncol:N_ISLANDS]
        top = max(here)
        if top >= need:
            c = here.index(top)
            values[c] += hold * ((DEGREE[island] - top) * scorings_left + final_ahead)
            continue
        if not top:
            continue
        kane = KANE_SHARE * KANE_AT[island] if stones[island] == KANE else 0.0
        for c in range(ncol):
            if here[c]:
                progress = here[c] / need
                values[c] += (PROGRESS + kane) * progress
    return values


def _player_value(state, player: int, values: list) -> float:
    colours = colours_of(state.n, player)
    if len(colours) == 2:
        a, b = values[colours[0]], values[colours[1]]
        weak, strong = (a, b) if a <= b else (b, a)
        value = weak + 0.2 * strong
    else:
        value = values[colours[0]]
    value += CARD * state.hand_sizes[player]
    if state.gods and not state.final and state.phase != 2:
        tablet = N_GODS * player
        value += STONE * sum(state.tablets[tablet + 1:tablet + N_GODS])
    return value


def evaluate(state, player: int) -> float:
    """Higher is better for ``player``: his value less a blend of the best
    opponent's and the opponents' average."""
    values = colour_values(state)
    mine = _player_value(state, player, values)
    others = [_player_value(state, q, values) for q in range(state.n) if q != player]
    return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)
