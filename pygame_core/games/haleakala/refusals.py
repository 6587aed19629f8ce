"""Why a move is refused: the sentence a player reads.

The rules are written once, in ``HaleakalaState.legal_moves``: ``play``
plays a move only if it is one of them. When it is not, ``refusal`` finds
the rule the move breaks, in the order a player would look for it, and says
it with its rule id (the key and params let the page say it in French too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import IllegalMove, game_over
from .tables import (BOARD_PRIESTESS, BOAT, BUY, COLOURS, IN_RESERVE, ITEMS, ITEM_COST, LAVA_MOVE, N_DISCS,
                     N_SECTIONS, PHASE_KINDS, PLACE, P_BUY, P_LAVA, P_PICK, P_SHAMAN, P_STATUE, P_TURN,
                     SHAMAN, SHAMAN_REACH, SPACE_NAMES, TAKE)

if TYPE_CHECKING:
    from .moves import HaleakalaMove
    from .state import HaleakalaState

# What each decision expects, in words and as a key of the page's texts.
_EXPECTED = {
    P_TURN: ("Play a turn action: place a disc, take one back or move the boat (H-2).",
             "haleakala.illegal.expect_turn"),
    P_SHAMAN: ("Move your shaman or let it stay (H-8).", "haleakala.illegal.expect_shaman"),
    P_PICK: ("Choose one of the two cards of the section (H-24).", "haleakala.illegal.expect_pick"),
    P_LAVA: ("Move a lava disc to a neighbouring crater, or decline (H-42).",
             "haleakala.illegal.expect_lava"),
    P_BUY: ("Buy one item or pass (H-44).", "haleakala.illegal.expect_buy"),
    P_STATUE: ("Raise the statue on your shaman's space, or do not (H-41).",
               "haleakala.illegal.expect_statue"),
}


def wrong_phase(phase: int) -> IllegalMove:
    """A move of a kind the decision in progress does not take (H-52)."""
    message, key = _EXPECTED[phase]
    return IllegalMove(message, key)


def refusal(s: HaleakalaState, p: int, move: HaleakalaMove) -> IllegalMove:
    """Why ``p`` may not play ``move`` in ``s`` (a move not among the legal ones)."""
    if s.over:
        return game_over()
    if p != s.decider:
        return IllegalMove(f"It is not your turn: {COLOURS[s.decider]} is to decide.",
                           "error.not_your_turn", player=p)
    if move.code not in PHASE_KINDS[s.phase]:
        return wrong_phase(s.phase)
    why = WHY.get(move.code)
    return (why(s, p, move) if why else None) or IllegalMove(f"'{move}' is not allowed now.", "error.illegal")


# -- the turn actions (H-2 to H-7, V-2) ----------------------------------------------------

def _place(s: HaleakalaState, p: int, move: HaleakalaMove) -> IllegalMove | None:
    v, b = move.a, move.b
    if s.discs[N_DISCS * p + v - 1] != IN_RESERVE:
        return IllegalMove(f"Your disc {v} is not in your reserve.", "haleakala.illegal.not_in_reserve", value=v)
    if s.sums[N_SECTIONS * p + b] + v == s.sums[N_SECTIONS * (1 - p) + b]:
        return IllegalMove(f"Beach {b} would hold equal sums for both players (H-3).",
                           "haleakala.illegal.equal_sums", beach=b)
    if move.invoke:
        if not s.tactical:
            return IllegalMove("The invocation disc belongs to the tactical variant (V-2).",
                               "haleakala.illegal.not_tactical")
        if s.invocation[p] != IN_RESERVE:
            return IllegalMove("Your invocation disc is not in your reserve (V-2).",
                               "haleakala.illegal.invocation_away")
        if b != s.boat:
            return IllegalMove("The invocation disc goes only on the beach where the boat is "
                               "anchored (V-2).", "haleakala.illegal.invoke_off_boat", beach=b)
    return None


def _take_back(s: HaleakalaState, p: int, move: HaleakalaMove) -> IllegalMove | None:
    v = move.a
    b = s.discs[N_DISCS * p + v - 1]
    if b == IN_RESERVE:
        return IllegalMove(f"Your disc {v} is already in your reserve.", "haleakala.illegal.not_on_beach",
                           value=v)
    left = s.sums[N_SECTIONS * p + b] - v
    theirs = s.sums[N_SECTIONS * (1 - p) + b]
    if left == theirs and theirs:
        return IllegalMove(f"Taking disc {v} back would leave equal sums on beach {b} (H-3).",
                           "haleakala.illegal.equal_sums", beach=b)
    return None


def _move_boat_one(s: HaleakalaState, p: int, move: HaleakalaMove) -> IllegalMove | None:
    if IN_RESERVE in s.discs[N_DISCS * p:N_DISCS * p + N_DISCS]:
        return IllegalMove("You may move the boat only once all your numbered discs are on "
                           "the beaches (H-7).", "haleakala.illegal.discs_in_reserve")
    return None


# -- the shaman (H-8 to H-13) --------------------------------------------------------------------

def _shaman(s: HaleakalaState, p: int, move: HaleakalaMove) -> IllegalMove | None:
    start, target = s.shamans[p], move.a
    if target not in SHAMAN_REACH[start]:
        return IllegalMove(f"Your shaman cannot reach {SPACE_NAMES[target]} from "
                           f"{SPACE_NAMES[start]} (H-8 to H-10).",
                           "haleakala.illegal.out_of_reach", space=SPACE_NAMES[target])
    if target == s.shamans[1 - p]:
        return IllegalMove("Your shaman may pass the other shaman but not stop on its "
                           "space (H-11).", "haleakala.illegal.shaman_there", space=SPACE_NAMES[target])
    return None


# -- the Priestess's lava (H-42) and purchases (H-44 to H-46) -----------------------------------

def _lava(s: HaleakalaState, p: int, move: HaleakalaMove) -> IllegalMove | None:
    if not s.craters[move.a]:
        return IllegalMove(f"Crater {move.a} holds no lava disc (H-42).", "haleakala.illegal.no_lava_there",
                           crater=move.a)
    return None


def _buy(s: HaleakalaState, p: int, move: HaleakalaMove) -> IllegalMove | None:
    item = move.a
    cost = ITEM_COST[item]
    available = s.priestess_up if item == BOARD_PRIESTESS else s.owners[item] < 0
    if not available:
        return IllegalMove(f"{ITEMS[item]} is not on the score board now (H-45, BP-3).",
                           "haleakala.illegal.unavailable", item=ITEMS[item])
    if s.shells[p] < cost:
        return IllegalMove(f"{ITEMS[item]} costs {cost} shell(s); you hold {s.shells[p]}.",
                           "haleakala.illegal.too_few_shells", item=ITEMS[item], cost=cost)
    return None


# The kinds with a reason of their own; the others (stay, pick, decline, pass,
# raise or not) are refused only by the decision they belong to.
WHY = {PLACE: _place, TAKE: _take_back, BOAT: _move_boat_one, SHAMAN: _shaman, LAVA_MOVE: _lava, BUY: _buy}
