"""Why a move is refused: the sentence a player reads.

The rules are written once, in ``KanaloaState.legal_moves``: ``play`` plays a
move only if it is one of them. When it is not, ``refusal`` finds the rule
the move breaks, in the order a player would look for it (the set-up's
choice, whose turn it is, a pending choice, a pass, the colour of the turn,
then the move itself), and says it with its rule id (the key and params let
the page say it in French too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import IllegalMove, game_over, is_int
from .tables import (BRIDGES, BUILD, CHOICE_GIVE, CHOICE_REMOVE, CHOICE_STEAL, CHOOSE, COLOUR, COLOURS,
                     DISCARD, DRAW, END, GIVE, GODS, ISLANDS, JOKER, KANALOA, KINDS, KU, LINK_ENDS,
                     LINK_NAMES, LONO, LONO_DRAW, LONO_TAKE, N_GODS, N_ISLANDS, OVER, PASS, PELE, REMOVE,
                     REPLACE, SETUP, STEAL, TAKE, USE_KU, USE_PELE, colours_of)

if TYPE_CHECKING:
    from .moves import KanaloaMove
    from .state import KanaloaState


def not_held(card: int) -> IllegalMove:
    return IllegalMove(f"You do not hold a {ISLANDS[card]} card.", "kanaloa.illegal.not_held",
                       card=ISLANDS[card])


def not_an_end(card: int, link: int) -> IllegalMove:
    return IllegalMove(f"A {ISLANDS[card]} card cannot be used on {LINK_NAMES[link]}: it must "
                       f"name one of its islands (KN-5, KN-7).", "kanaloa.illegal.card_not_an_end",
                       card=ISLANDS[card], link=LINK_NAMES[link])


def no_stock() -> IllegalMove:
    return IllegalMove("This colour has no bridge left in stock (KN-24).", "kanaloa.illegal.no_stock")


def must_play() -> IllegalMove:
    return IllegalMove("You began your turn with five cards: play at least one card (KN-3).",
                       "kanaloa.illegal.must_play")


def not_displayed(card: int) -> IllegalMove:
    return IllegalMove(f"There is no face-up {ISLANDS[card]} card.", "kanaloa.illegal.not_displayed",
                       card=ISLANDS[card])


def stones_not_now(s: KanaloaState) -> IllegalMove:
    if not s.gods:
        return IllegalMove("There are no god stones in this game.", "kanaloa.illegal.no_gods")
    if s.final:
        return IllegalMove("Stones may never be used in a last turn (GD-9).", "kanaloa.illegal.stones_last_turn")
    return IllegalMove("The gods lend their power only in round 2 (GD-8).", "kanaloa.illegal.stones_round_two")


def refusal(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove:
    """Why ``p`` may not play ``move`` in ``s`` (a move not among the legal ones)."""
    return _why(s, p, move) or IllegalMove(f"'{move}' is not allowed now.", "error.illegal")


def _why(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    if s.phase == OVER:
        return game_over()
    if not is_int(p) or not 0 <= p < s.n:
        return IllegalMove(f"There is no player {p!r}.", "error.not_your_turn", player=p)
    code = move.code
    if s.phase == SETUP:
        if code != CHOOSE:
            return IllegalMove("Everyone first chooses one card to reveal (S-6).", "kanaloa.illegal.setup_choose")
        return _choose(s, p, move)
    if p != s.player:
        return IllegalMove(f"It is not your turn: player {s.player + 1} is to move.", "error.not_your_turn",
                           player=p)
    if code == CHOOSE:
        return IllegalMove("The set-up cards have already been revealed (S-6).", "kanaloa.illegal.not_setup")
    if s.pending:
        return PENDING[s.pending](s, p, move)
    if code == PASS:
        return _pass(s, p)
    if s.colour < 0:
        if code != COLOUR:
            return IllegalMove("Choose the colour you play this turn first (TP-3).", "kanaloa.illegal.colour_first")
        return _declare(s, p, move.target)
    if code == COLOUR:
        return IllegalMove("Your colour for this turn is already chosen (TP-3).", "kanaloa.illegal.colour_chosen")
    if code in (REMOVE, STEAL, GIVE):
        return IllegalMove(f"There is nothing to {KINDS[code]} now.", "kanaloa.illegal.no_choice")
    return ACTIONS[code](s, p, move)


# -- the set-up's secret choice, and the colour of a turn (S-6, TP-1, TP-3, KN-3, A-5) --------

def _choose(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    if s.chosen[p] >= 0:
        return IllegalMove("You have already chosen your card (S-6).", "kanaloa.illegal.already_chosen")
    if not s.hands[N_ISLANDS * p + move.cards[0]]:
        return not_held(move.cards[0])
    return None


def _declare(s: KanaloaState, p: int, colour: int) -> IllegalMove | None:
    if colour not in colours_of(s.n, p):
        return IllegalMove(f"The {COLOURS[colour]} colour is not yours (TP-1).", "kanaloa.illegal.not_your_colour",
                           colour=COLOURS[colour])
    if colour not in s.colours_to_declare(p):
        return IllegalMove("You began your turn with five cards and can play one only in "
                           "your other colour: declare that one (KN-3, A-5).",
                           "kanaloa.illegal.colour_without_play")
    return None


# -- playing cards: build and replace (KN-4 to KN-8, KN-24, GD-9, GD-10) --------------------------

def _card_play(s: KanaloaState, cards) -> IllegalMove | None:
    """KN-4: after a face-down discard no card is played any more; a stone
    may still be used until the draw (GD-9), KANALOA alone too (GD-15)."""
    if s.discarded and any(c != JOKER for c in cards):
        return IllegalMove("After a face-down discard you play no more cards (KN-4); a stone "
                           "may still be used before the draw (GD-9).", "kanaloa.illegal.after_discard")
    return None


def _jokers(s: KanaloaState, p: int, needed: int) -> IllegalMove | None:
    if not s.stones_usable():
        return stones_not_now(s)
    if s.tablets[N_GODS * p + KANALOA] < needed:
        return IllegalMove("You do not have enough KANALOA stones (GD-10).", "kanaloa.illegal.no_stone",
                           stone="KANALOA")
    return None


def _build(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    link = move.link
    card = move.cards[0]
    a, b = LINK_ENDS[link]
    why = _card_play(s, move.cards)
    if why:
        return why
    if s.owner[link] >= 0:
        return IllegalMove(f"{LINK_NAMES[link]} already holds a bridge: replace it with two "
                           f"cards instead (KN-5, KN-7).", "kanaloa.illegal.link_taken", link=LINK_NAMES[link])
    if card == JOKER:
        why = _jokers(s, p, 1)
        if why:
            return why
    else:
        if card != a and card != b:
            return not_an_end(card, link)
        if not s.hands[N_ISLANDS * p + card]:
            return not_held(card)
    if s.on_board[s.colour] >= BRIDGES:
        return no_stock()
    return None


def _replace(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    link = move.link
    c1, c2 = move.cards
    a, b = LINK_ENDS[link]
    why = _card_play(s, move.cards)
    if why:
        return why
    victim = s.owner[link]
    if victim < 0:
        return IllegalMove(f"{LINK_NAMES[link]} is free: build on it with one card (KN-8).",
                           "kanaloa.illegal.free_link", link=LINK_NAMES[link])
    if victim == s.colour:
        return IllegalMove(f"The bridge on {LINK_NAMES[link]} is already of your colour (KN-8).",
                           "kanaloa.illegal.own_bridge", link=LINK_NAMES[link])
    jokers = (c1 == JOKER) + (c2 == JOKER)
    cards = [c for c in (c1, c2) if c != JOKER]
    for c in cards:
        if c != a and c != b:
            return not_an_end(c, link)
    base = N_ISLANDS * p
    if len(cards) == 2 and cards[0] == cards[1]:
        if s.hands[base + cards[0]] < 2:
            return IllegalMove(f"You need two {ISLANDS[cards[0]]} cards (KN-7).", "kanaloa.illegal.need_two",
                               card=ISLANDS[cards[0]])
    else:
        for c in cards:
            if not s.hands[base + c]:
                return not_held(c)
    if jokers:
        why = _jokers(s, p, jokers)
        if why:
            return why
    if s.on_board[s.colour] >= BRIDGES:
        return no_stock()
    return None


# -- pending choices: relative majority, KU, PELE (KN-16, GD-11, GD-12) -------------------------

def _remove_chosen(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    island = s.pend[0]
    if move.code != REMOVE:
        return IllegalMove(f"First remove a bridge of another colour on {ISLANDS[island]} (KN-16).",
                           "kanaloa.illegal.must_remove", island=ISLANDS[island])
    link = move.link
    if island not in LINK_ENDS[link]:
        return IllegalMove(f"{LINK_NAMES[link]} does not touch {ISLANDS[island]} (KN-16).",
                           "kanaloa.illegal.not_at_island", link=LINK_NAMES[link], island=ISLANDS[island])
    victim = s.owner[link]
    if victim < 0 or victim == s.colour:
        return IllegalMove(f"Remove a bridge of another colour, not {LINK_NAMES[link]} (KN-16).",
                           "kanaloa.illegal.not_removable", link=LINK_NAMES[link])
    return None


def _steal_chosen(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    if move.code != STEAL:
        return IllegalMove("First take one card from the hand KU showed you (GD-11).", "kanaloa.illegal.must_steal")
    card = move.cards[0]
    if not s.hands[N_ISLANDS * s.pend[0] + card]:
        return IllegalMove(f"That hand holds no {ISLANDS[card]} card.", "kanaloa.illegal.not_in_that_hand",
                           card=ISLANDS[card])
    return None


def _give_chosen(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    if move.code != GIVE:
        return IllegalMove("First give a card back to each opponent PELE took one from (GD-12).",
                           "kanaloa.illegal.must_give")
    if move.target != s.pend[0]:
        return IllegalMove(f"Give a card to player {s.pend[0] + 1} now (GD-12).", "kanaloa.illegal.give_order",
                           player=s.pend[0])
    if not s.hands[N_ISLANDS * p + move.cards[0]]:
        return not_held(move.cards[0])
    return None


# -- the face-down discard and the hand limit (KN-3, KN-4, GD-14, A-5, A-28) --------------------

def _discard(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    card = move.cards[0]
    if s.hand_sizes[p] > s.hand_cap():
        if not s.discarded and s.can_play(p):
            if s.must_play and not s.played:
                return must_play()
            return IllegalMove("Your hand is over the limit: play cards to bring it down (GD-14).",
                               "kanaloa.illegal.must_play_down")
    else:
        if s.discarded:
            return IllegalMove("You may discard only one card face down (KN-4).", "kanaloa.illegal.one_discard")
        if s.played:
            return IllegalMove("The face-down discard is only for a player who plays no card "
                               "this turn (KN-4).", "kanaloa.illegal.discard_after_play")
        if s.must_play and s.can_play(p):
            return must_play()
    if not s.hands[N_ISLANDS * p + card]:
        return not_held(card)
    return None


def _ready_to_end(s: KanaloaState, p: int) -> IllegalMove | None:
    """KN-3, GD-14: what must be done before the draw (or the end of a turn
    without draw)."""
    if s.must_play and not s.played and not s.discarded:
        if s.can_play(p):
            return must_play()
        return IllegalMove("You hold five cards and cannot play any: discard one face down first (KN-3).",
                           "kanaloa.illegal.must_discard")
    cap = s.hand_cap()
    if s.hand_sizes[p] > cap:
        return IllegalMove(f"Bring your hand down to {cap} cards first (GD-14).", "kanaloa.illegal.hand_over_limit",
                           limit=cap)
    return None


# -- the end of a turn: the draw (KN-21, KN-22, E-7) --------------------------------------------

def _end_action(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    code = move.code
    follows = s.draw_follows()
    if code == END:
        if follows:
            return IllegalMove("Finish your turn by drawing one card (KN-21).", "kanaloa.illegal.must_draw")
    else:
        if not follows:
            return IllegalMove("No card is drawn any more: end your turn (E-7).", "kanaloa.illegal.no_draw")
        if code == DRAW and not s.talon:
            return IllegalMove("The talon is empty: take a face-up card (KN-22).", "kanaloa.illegal.talon_empty")
        if code == TAKE and move.cards[0] not in s.display:
            return not_displayed(move.cards[0])
    return _ready_to_end(s, p)


# -- the final phase (E-8) ------------------------------------------------------------------------

def _pass(s: KanaloaState, p: int) -> IllegalMove | None:
    if not s.final:
        return IllegalMove("Passing is only possible in the final phase (E-8).", "kanaloa.illegal.no_pass_yet")
    if not s.fresh:
        return IllegalMove("You have begun your last turn: finish it (E-8).", "kanaloa.illegal.turn_begun")
    if not s.may_pass(p):
        return IllegalMove("You may pass only while an opponent with more points has not "
                           "played his last turn (E-8).", "kanaloa.illegal.no_pass")
    return None


# -- the god stones (GD-6, GD-9 to GD-13) ---------------------------------------------------------

def _use_stone(s: KanaloaState, p: int, move: KanaloaMove) -> IllegalMove | None:
    code = move.code
    stone = {USE_KU: KU, USE_PELE: PELE, LONO_DRAW: LONO, LONO_TAKE: LONO}[code]
    if not s.stones_usable():
        return stones_not_now(s)
    if not s.tablets[N_GODS * p + stone]:
        return IllegalMove(f"You have no {GODS[stone]} stone (GD-6).", "kanaloa.illegal.no_stone",
                           stone=GODS[stone])
    if code == USE_KU:
        q = move.target
        if q == p or q >= s.n:
            return IllegalMove("KU is used on an opponent (GD-11).", "kanaloa.illegal.ku_target")
        if not s.hand_sizes[q]:
            return IllegalMove("That opponent has no card to take (GD-11).", "kanaloa.illegal.empty_hand")
    elif code == USE_PELE:
        if not any(s.hand_sizes[q] for q in range(s.n) if q != p):
            return IllegalMove("No opponent holds a card (GD-12).", "kanaloa.illegal.empty_hand")
    elif code == LONO_DRAW:
        if not s.talon:
            return IllegalMove("The talon is empty (GD-13).", "kanaloa.illegal.talon_empty")
    elif move.cards[0] not in s.display:
        return not_displayed(move.cards[0])
    return None


PENDING = {CHOICE_REMOVE: _remove_chosen, CHOICE_STEAL: _steal_chosen, CHOICE_GIVE: _give_chosen}
ACTIONS = {
    BUILD: _build, REPLACE: _replace, DISCARD: _discard, DRAW: _end_action, TAKE: _end_action,
    END: _end_action, USE_KU: _use_stone, USE_PELE: _use_stone, LONO_DRAW: _use_stone, LONO_TAKE: _use_stone,
}
