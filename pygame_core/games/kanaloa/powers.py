"""Kanaloa's powers of the gods (section 7, GD-9 to GD-14): the stones a
tablet offers and what each does once used (KANALOA, KU, PELE, LONO).

The methods are ``KanaloaState``'s (a part of the class, in a module of its
own); the kinds of move and the choices they answer are in the tables at the end.
"""

# The methods say ``self: KanaloaState``: the class they are part of, which mypy
# would otherwise have to know to be a base of this one.
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Event, Rng
from .moves import (BUILD_MOVES, KU_MOVES, LONO_DRAW_MOVE, LONO_TAKE_MOVES, PELE_MOVE, REPLACES_WITH,
                    REPLACE_JOKERS, KanaloaMove)
from .tables import (BRIDGES, CHOICE_GIVE, CHOICE_STEAL, ISLANDS, KANALOA, KU, LONO, LONO_DRAW, LONO_TAKE,
                     NO_CHOICE, N_GODS, N_ISLANDS, N_LINKS, PELE, USE_KU, USE_PELE)

if TYPE_CHECKING:
    from .state import KanaloaState


class PowerRules:
    """Kanaloa's powers of the gods: what the stones on a tablet do."""

    __slots__ = ()

    # -- the stones a tablet offers (GD-9 to GD-13) ----------------------------------------------------
    def _stone_moves(self: KanaloaState, player: int, held: list, moves: list, closed: bool) -> None:
        """GD-9 to GD-13: the stones on the player's tablet. After a face-down
        discard (``closed``) no card is played any more (KN-4), so KANALOA goes
        without a card of the hand (GD-15: a stone is not a card)."""
        tablet = N_GODS * player
        tablets = self.tablets
        n = self.n
        jokers = tablets[tablet + KANALOA]
        colour = self.colour
        if jokers and self.on_board[colour] < BRIDGES:              # GD-10
            owner = self.owner
            for link in range(N_LINKS):
                if owner[link] < 0:
                    moves.append(BUILD_MOVES[link][2])
            for x in (() if closed else held):
                for link, _, _, _, with_joker in REPLACES_WITH[x]:
                    o = owner[link]
                    if o >= 0 and o != colour:
                        moves.append(with_joker)
            if jokers >= 2:
                for link in range(N_LINKS):
                    o = owner[link]
                    if o >= 0 and o != colour:
                        moves.append(REPLACE_JOKERS[link])
        sizes = self.hand_sizes
        if tablets[tablet + KU]:                                    # GD-11, A-26
            moves += [KU_MOVES[q] for q in range(n) if q != player and sizes[q]]
        if tablets[tablet + PELE] and any(sizes[q] for q in range(n) if q != player):
            moves.append(PELE_MOVE)                                 # GD-12
        if tablets[tablet + LONO]:                                  # GD-13
            if self.talon:
                moves.append(LONO_DRAW_MOVE)
            seen = set()
            for card in self.display:
                if card >= 0 and card not in seen:
                    seen.add(card)
                    moves.append(LONO_TAKE_MOVES[card])

    # -- a stone used (GD-10 to GD-14) -----------------------------------------------------------------
    def _use_stone(self: KanaloaState, p: int, move: KanaloaMove) -> list:
        """GD-10 to GD-13: a stone of the tablet, used once."""
        code = move.code
        stone = {USE_KU: KU, USE_PELE: PELE, LONO_DRAW: LONO, LONO_TAKE: LONO}[code]
        tablet = N_GODS * p + stone
        self.tablets[tablet] -= 1                                   # GD-6
        self.fresh = False
        if code == USE_KU:
            return self._ku(p, move.target)
        if code == USE_PELE:
            return self._pele(p)
        if code == LONO_DRAW:                                        # GD-13
            return [Event("kanaloa.lono", p), self._draw_blind(p, "kanaloa.lono_draw")]
        return ([Event("kanaloa.lono", p)]
                + self._take_displayed(p, move.cards[0], "kanaloa.lono_take"))

    def _ku(self: KanaloaState, p: int, q: int) -> list:
        """GD-11, H-7: look at an opponent's whole hand, then take one card."""
        n = self.n
        base = N_ISLANDS * q
        seen = N_ISLANDS * (n * p + q)
        self.known[seen:seen + N_ISLANDS] = self.hands[base:base + N_ISLANDS]
        self.pending = CHOICE_STEAL
        self.pend = [q]
        cards = [ISLANDS[x] for x in range(N_ISLANDS) for _ in range(self.hands[base + x])]
        return [Event("kanaloa.ku", p, victim=q, secret_for=p, secret={"cards": cards})]

    def _steal_chosen(self: KanaloaState, p: int, move: KanaloaMove) -> list:
        """GD-11: the card taken from the hand KU showed."""
        return self._steal(p, move.cards[0])

    def _steal(self: KanaloaState, p: int, card: int) -> list:
        q = self.pend[0]
        self._take_card(q, card)
        self.give(p, card)
        n = self.n
        known = self.known
        for v in range(n):
            if v == p:
                known[N_ISLANDS * (n * p + q) + card] -= 1          # p saw the whole hand
            elif v == q:
                known[N_ISLANDS * (n * q + p) + card] += 1          # the victim knows
            else:
                base = N_ISLANDS * (n * v + q)
                for i in range(base, base + N_ISLANDS):
                    if known[i]:
                        known[i] -= 1
        self.pending = NO_CHOICE
        self.pend = []
        # H-7: the victim learns which card he lost; the thief chose it.
        return [Event("kanaloa.steal", p, victim=q, secret_for=[p, q], secret={"card": ISLANDS[card]})]

    def _pele(self: KanaloaState, p: int) -> list:
        """GD-12, A-25, H-8: one random card from each opponent, then (as the
        next moves) one card of the player's choice back to each of them."""
        n = self.n
        rng = Rng(self.rng)
        events = [Event("kanaloa.pele", p)]
        recipients = []
        known = self.known
        for step in range(1, n):
            q = (p + step) % n
            size = self.hand_sizes[q]
            if not size:
                continue
            pick = rng.below(size)
            base = N_ISLANDS * q
            card = 0
            while pick >= self.hands[base + card]:
                pick -= self.hands[base + card]
                card += 1
            self._take_card(q, card)
            self.give(p, card)
            for v in range(n):
                if v == p:
                    i = N_ISLANDS * (n * p + q) + card
                    if known[i]:
                        known[i] -= 1
                elif v == q:
                    known[N_ISLANDS * (n * q + p) + card] += 1
                else:
                    b = N_ISLANDS * (n * v + q)
                    for i in range(b, b + N_ISLANDS):
                        if known[i]:
                            known[i] -= 1
            recipients.append(q)
            events.append(Event("kanaloa.pele_draw", p, victim=q, secret_for=[p, q],
                                secret={"card": ISLANDS[card]}))
        self.rng = rng.state
        self.pending = CHOICE_GIVE
        self.pend = recipients
        return events

    def _give_chosen(self: KanaloaState, p: int, move: KanaloaMove) -> list:
        """GD-12: the card given back to an opponent PELE took one from."""
        return self._give_back(p, move.target, move.cards[0])

    def _give_back(self: KanaloaState, p: int, q: int, card: int) -> list:
        self._take_card(p, card)
        self.give(q, card)
        n = self.n
        known = self.known
        for v in range(n):
            if v == p:
                known[N_ISLANDS * (n * p + q) + card] += 1
            elif v == q:
                i = N_ISLANDS * (n * q + p) + card
                if known[i]:
                    known[i] -= 1
            else:
                b = N_ISLANDS * (n * v + p)
                for i in range(b, b + N_ISLANDS):
                    if known[i]:
                        known[i] -= 1
        self.pend.pop(0)
        if not self.pend:
            self.pending = NO_CHOICE
        # H-8: the opponent learns the card he receives; the giver chose it.
        return [Event("kanaloa.give", p, to=q, secret_for=[p, q], secret={"card": ISLANDS[card]})]


# What the kinds of move of this part do (``KanaloaState.TURN_ACTIONS``).
TURN_ACTIONS = {USE_KU: PowerRules._use_stone, USE_PELE: PowerRules._use_stone, LONO_DRAW: PowerRules._use_stone,
                LONO_TAKE: PowerRules._use_stone}
# The pending choices this part answers (``KanaloaState.CHOICES``).
CHOICES = {CHOICE_STEAL: PowerRules._steal_chosen, CHOICE_GIVE: PowerRules._give_chosen}
