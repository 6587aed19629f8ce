"""Why a move is refused: the sentence a player reads.

The rules are written once, in ``KahunaState.legal_moves``: ``play`` plays a
move only if it is one of them. When it is not, ``refusal`` finds the rule
the move breaks, in the order a player would look for it, and says it with
its rule id (the key and params let the page say it in French too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import IllegalMove
from .tables import (BRIDGES_PER_PLAYER, DRAW, HAND_LIMIT, HIDE, ISLANDS, LINE_ENDS, LINE_NAMES, N_ISLANDS,
                     PLACE, P_NAMES, REMOVE, SKIP, TAKE)

if TYPE_CHECKING:
    from .moves import KahunaMove
    from .state import KahunaState


def must_draw() -> IllegalMove:
    return IllegalMove("You must draw after discarding face down (KH-23).", "kahuna.illegal.must_draw")


def not_held(card: int) -> IllegalMove:
    return IllegalMove(f"You do not hold a {ISLANDS[card]} card.", "kahuna.illegal.not_held",
                       card=ISLANDS[card])


def hand_full() -> IllegalMove:
    return IllegalMove("Your hand is full: play a card or discard face down before drawing (KH-25).",
                       "kahuna.illegal.hand_full")


def nothing_to_draw(action: str) -> IllegalMove:
    return IllegalMove(f"You cannot {action} in the final phase: place, remove or skip (KH-28).",
                       "kahuna.illegal.final_phase", action=action)


def refusal(s: KahunaState, p: int, move: KahunaMove) -> IllegalMove:
    """Why ``p`` may not play ``move`` in ``s`` (a move not among the legal ones)."""
    if s.over:
        return IllegalMove("The game is over.", "error.game_over")
    if p != s.player:
        return IllegalMove(f"It is not your turn: {P_NAMES[s.player]} is to move.",
                           "error.not_your_turn", player=p)
    return WHY[move.code](s, p, move) or IllegalMove(f"'{move}' is not allowed now.", "error.illegal")


# -- playing a card: placing (KH-4 to KH-6, KH-18) ------------------------------------------

def _place(s: KahunaState, p: int, move: KahunaMove) -> IllegalMove | None:
    line = move.line
    card = move.cards[0]
    a, b = LINE_ENDS[line]
    if s.committed_to_draw:
        return must_draw()
    if s.owner[line] >= 0:
        return IllegalMove(f"{LINE_NAMES[line]} already holds a bridge (KH-4).",
                           "kahuna.illegal.line_taken", line=LINE_NAMES[line])
    if card != a and card != b:
        return IllegalMove(f"A {ISLANDS[card]} card cannot build on {LINE_NAMES[line]}: "
                           f"it must name one of its ends (KH-4).",
                           "kahuna.illegal.card_not_an_end", card=ISLANDS[card], line=LINE_NAMES[line])
    if not s.hands[N_ISLANDS * p + card]:
        return not_held(card)
    if s.on_board[p] >= BRIDGES_PER_PLAYER:
        return IllegalMove("You have no bridge left in your supply (KH-18).", "kahuna.illegal.no_supply")
    return None


# -- playing cards: removing (KH-7 to KH-11) -------------------------------------------------

def _remove(s: KahunaState, p: int, move: KahunaMove) -> IllegalMove | None:
    line = move.line
    c1, c2 = move.cards
    a, b = LINE_ENDS[line]
    hands = s.hands
    base = N_ISLANDS * p
    if s.committed_to_draw:
        return must_draw()
    owner = s.owner[line]
    if owner == p:
        return IllegalMove(f"You cannot remove your own bridge on {LINE_NAMES[line]} (KH-11).",
                           "kahuna.illegal.own_bridge", line=LINE_NAMES[line])
    if owner < 0:
        return IllegalMove(f"There is no bridge on {LINE_NAMES[line]} to remove (KH-7).",
                           "kahuna.illegal.no_bridge", line=LINE_NAMES[line])
    if c1 == c2:
        if c1 != a and c1 != b:                                              # KH-8
            return IllegalMove(f"Two {ISLANDS[c1]} cards remove only a bridge at "
                               f"{ISLANDS[c1]}, not on {LINE_NAMES[line]} (KH-8).",
                               "kahuna.illegal.pair_not_at_island", card=ISLANDS[c1], line=LINE_NAMES[line])
        if hands[base + c1] < 2:
            return IllegalMove(f"You need two {ISLANDS[c1]} cards (KH-7).", "kahuna.illegal.need_two",
                               card=ISLANDS[c1])
        return None
    if c1 != a or c2 != b:                                                   # KH-9
        stray = c1 if c1 not in (a, b) else c2
        return IllegalMove(f"{ISLANDS[stray]} is not an end of {LINE_NAMES[line]}: two "
                           f"different cards must name both ends (KH-9).",
                           "kahuna.illegal.card_not_an_end", card=ISLANDS[stray], line=LINE_NAMES[line])
    if not hands[base + c1]:
        return not_held(c1)
    if not hands[base + c2]:
        return not_held(c2)
    return None


# -- the hand limit: face-down discards (KH-22 to KH-25) ------------------------------------

def _hide(s: KahunaState, p: int, move: KahunaMove) -> IllegalMove | None:
    card = move.cards[0]
    if s.final_turns_left is not None:
        return nothing_to_draw("discard face down")
    if not s.hands[N_ISLANDS * p + card]:
        return not_held(card)
    if s.hand_sizes[p] != HAND_LIMIT and not s.committed_to_draw:
        return IllegalMove("You may discard face down only with a full hand of 5 cards, "
                           "to make room for a draw (KH-22).", "kahuna.illegal.hand_not_full")
    return None


# -- ending the turn (KH-19 to KH-21, KH-27, KH-28) ----------------------------------------

def _draw(s: KahunaState, p: int, move: KahunaMove) -> IllegalMove | None:
    if s.final_turns_left is not None:
        return nothing_to_draw("draw")
    if not s.pile:
        return IllegalMove("The pile is empty: take a face-up card instead (KH-27).",
                           "kahuna.illegal.pile_empty")
    if s.hand_sizes[p] >= HAND_LIMIT:
        return hand_full()
    return None


def _take(s: KahunaState, p: int, move: KahunaMove) -> IllegalMove | None:
    slot = move.slot
    if s.final_turns_left is not None:
        return nothing_to_draw("take a card")
    if s.display[slot] < 0:
        return IllegalMove(f"Display slot {slot} is empty (KH-21).", "kahuna.illegal.slot_empty", slot=slot)
    if s.hand_sizes[p] >= HAND_LIMIT:
        return hand_full()
    return None


def _skip(s: KahunaState, p: int, move: KahunaMove) -> IllegalMove | None:
    if s.committed_to_draw:
        return must_draw()
    if s.previous_turn_skipped and s.final_turns_left is None:
        return IllegalMove("Your opponent did not draw last turn, so you must draw now (KH-19).",
                           "kahuna.illegal.no_second_skip")
    return None


WHY = {PLACE: _place, REMOVE: _remove, HIDE: _hide, DRAW: _draw, TAKE: _take, SKIP: _skip}
