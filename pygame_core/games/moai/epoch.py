"""Moai, phase 2: the epoch (M-7 to M-10). In turn order each clan takes one
of the epoch cards turned up; a disaster strikes as it is taken
(``disasters``).

The methods are ``MoaiState``'s (a part of the class, in a module of its
own); the steps and kinds of move they answer are in the tables at the end.
"""

# The methods say ``self: MoaiState``: the class they are part of, which mypy
# would otherwise have to know to be a base of this one.
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Event
from .moves import move_of
from .tables import CARD_TYPE, DISASTER, EFFECT, EPOCH_IDS, ERODE, FREE, FX_ERO, M_TAKE, TAKE, V5, VICTIM

if TYPE_CHECKING:
    from .state import MoaiState


class EpochRules:
    """Moai, phase 2: the epoch (M-7 to M-10). In turn order each clan takes one"""

    __slots__ = ()

    def _start_epoch(self: MoaiState, events: list) -> None:
        self.cur = 0
        self._epoch_next(events)

    def _epoch_next(self: MoaiState, events: list) -> None:
        n = self.players
        while self.cur < n:
            if self.display:
                self.phase = TAKE
                self.actor = self.order[self.cur]
                return
            events.append(Event("moai.no_epoch", self.order[self.cur]))    # M-7, M-40
            self.cur += 1
        if self.display:                                               # M-10
            events.append(Event("moai.leftover", cards=[EPOCH_IDS[c] for c in self.display]))
            self.removed.extend(self.display)
            self.display = list[int]()
        self._start_work(events)

    def _take_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_TAKE, (c,)) for c in sorted(self.display)]

    def _take(self: MoaiState, p: int, a: tuple, events: list) -> None:
        card = a[0]
        self.display.remove(card)
        self.taken[p] = card
        events.append(Event("moai.take", p, card=EPOCH_IDS[card]))
        if CARD_TYPE[card] != DISASTER:                                # M-9
            self._after_card(events)
            return
        self.card = card                                               # M-8
        self.taker = p
        self.victim = -1
        if EFFECT[card] == FX_ERO:                                     # C-5.0b, A-43: no victim
            if self.dsupply and FREE in self.fields:
                self.phase = ERODE
                self.actor = p
                return
            events.append(Event("moai.no_effect", p, card=EPOCH_IDS[card]))
            self._after_card(events)
            return
        if self.opts[V5]:                                              # V-5: the next in turn order
            victim = self.order[(self.cur + 1) % self.players]
            events.append(Event("moai.victim", p, victim=victim, card=EPOCH_IDS[card], fixed=True))
            self._strike(victim, events)
            return
        self.phase = VICTIM                                            # C-5.0a: any clan
        self.actor = p


# The moves of the steps of this part (``MoaiState.STEP_MOVES``).
STEP_MOVES = {TAKE: EpochRules._take_moves}
# What the kinds of move of this part do (``MoaiState.HANDLERS``).
HANDLERS = {M_TAKE: EpochRules._take}
