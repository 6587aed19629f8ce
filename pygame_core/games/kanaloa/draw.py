"""Kanaloa's hand and draw (4.1, 4.6, KN-3, KN-4, KN-21 to KN-23): the
face-down discard instead of a play, the hand limit, and the card drawn or
taken face up that ends a turn.

The methods are ``KanaloaState``'s (a part of the class, in a module of its
own); the kinds of move and the choices they answer are in the tables at the end.
"""

# The methods say ``self: KanaloaState``: the class they are part of, which mypy
# would otherwise have to know to be a base of this one.
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Event
from .moves import KanaloaMove
from .tables import DISCARD, DRAW, EMPTY, END, ISLANDS, N_ISLANDS, TAKE

if TYPE_CHECKING:
    from .state import KanaloaState


class DrawRules:
    """Kanaloa's hand and draw: the discard option, the hand limit, the end-of-turn draw."""

    __slots__ = ()

    # -- the discard option and the hand limit (KN-3, KN-4, GD-14, A-5, A-28) --------------------------
    def _discard(self: KanaloaState, p: int, move: KanaloaMove) -> list:
        """KN-4: one card face down instead of playing (GD-14: to bring an
        oversized hand down once no card can be played)."""
        card = move.cards[0]
        self._take_card(p, card)
        self.face_down[p].append(card)
        self.discarded += 1
        self.fresh = False
        self._forget_one(p)
        return [Event("kanaloa.discard", p, secret_for=p, secret={"card": ISLANDS[card]})]

    def _forget_one(self: KanaloaState, p: int) -> None:
        """H-4: ``p`` lost a card the others did not see, so each card they knew
        ``p`` to hold is now known one copy less."""
        n = self.n
        known = self.known
        for v in range(n):
            if v != p:
                base = N_ISLANDS * (n * v + p)
                for i in range(base, base + N_ISLANDS):
                    if known[i]:
                        known[i] -= 1

    # -- the end-of-turn draw (KN-21, KN-22) -----------------------------------------------------------
    def _end_action(self: KanaloaState, p: int, move: KanaloaMove) -> list:
        """KN-21: a card drawn from the talon or taken face up ends the turn
        (E-7: in the final phase, no card is drawn)."""
        code = move.code
        if code == END:
            events = [Event("kanaloa.end_turn", p)]
        elif code == DRAW:
            events = [self._draw_blind(p, "kanaloa.draw")]
        else:
            events = self._take_displayed(p, move.cards[0], "kanaloa.take")
        self._end_turn(p, code != END, events)
        return events

    def _draw_blind(self: KanaloaState, p: int, key: str) -> dict:
        """H-6: the top card of the talon, seen only by the drawer."""
        card = self.talon.pop()
        self.give(p, card)
        if self.round == 2:
            self._talon_loses(p, card)
        if key == "kanaloa.lono_draw":
            return Event("kanaloa.lono_draw", p, secret_for=p, secret={"card": ISLANDS[card]})
        return Event("kanaloa.draw", p, secret_for=p, secret={"card": ISLANDS[card]})

    def _take_displayed(self: KanaloaState, p: int, card: int, key: str) -> list:
        """KN-21: a face-up card; the talon's top card fills the gap at once
        (KN-22: not any more once the talon is empty)."""
        slot = self.display.index(card)
        self.give(p, card)
        n = self.n
        known = self.known
        for v in range(n):
            if v != p:
                known[N_ISLANDS * (n * v + p) + card] += 1
        refill = EMPTY
        if self.talon:
            refill = self.talon.pop()
            if self.round == 2:
                self._talon_loses(-1, refill)
        self.display[slot] = refill
        if key == "kanaloa.lono_take":
            events = [Event("kanaloa.lono_take", p, card=ISLANDS[card], slot=slot)]
        else:
            events = [Event("kanaloa.take", p, card=ISLANDS[card], slot=slot)]
        if refill >= 0:
            events.append(Event("kanaloa.refill", card=ISLANDS[refill], slot=slot))
        return events

    def _talon_loses(self: KanaloaState, drawer: int, card: int) -> None:
        """The talon gave up ``card``: seen by everyone (``drawer`` -1, a refill)
        or only by ``drawer``, for whom the others lose one copy of each card
        they knew to be in the talon."""
        tk = self.talon_known
        for v in range(self.n):
            base = N_ISLANDS * v
            if drawer < 0 or v == drawer:
                if tk[base + card]:
                    tk[base + card] -= 1
            else:
                for i in range(base, base + N_ISLANDS):
                    if tk[i]:
                        tk[i] -= 1


# What the kinds of move of this part do (``KanaloaState.TURN_ACTIONS``).
TURN_ACTIONS = {DISCARD: DrawRules._discard, DRAW: DrawRules._end_action, TAKE: DrawRules._end_action,
                END: DrawRules._end_action}
