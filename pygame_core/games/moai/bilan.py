"""Moai, phase 5: the bilan (M-32 to M-38). Cards are drawn, the workers come
back to rest, clans give birth with two cards and build boats with wood.

The methods are ``MoaiState``'s (a part of the class, in a module of its
own); the steps and kinds of move they answer are in the tables at the end.
"""

# The methods say ``self: MoaiState``: the class they are part of, which mypy
# would otherwise have to know to be a base of this one.
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Event, Rng
from .moves import BIRTH_PAIRS, BUILD_MOVE, DONE_MOVE, move_of
from .tables import (BIRTH, BOAT, BOAT_INDEX, CARDS_DRAWN, CARD_TYPE, EPOCH_IDS, HUTS, KIND_NAMES, M_BIRTH,
                     M_BUILD, M_REST, REST, VALUE, cards_text, loc_name, zone_of)

if TYPE_CHECKING:
    from .state import MoaiState


class BilanRules:
    """Moai, phase 5: the bilan (M-32 to M-38). Cards are drawn, the workers come"""

    __slots__ = ()

    def _start_bilan(self: MoaiState, events: list) -> None:
        self.cur = 0
        self._bilan_next(events)

    def _bilan_next(self: MoaiState, events: list) -> None:
        if self.cur >= self.players:
            self._end_round(events)
            return
        p = self.order[self.cur]
        card = self.taken[p]
        self._draw(p, CARDS_DRAWN[card] if card >= 0 else 0, events)  # M-33, M-40
        if self.final or card < 0:                                     # M-35, A-24, A-26
            self.rest_left = 0
        else:                                                          # M-34
            self.rest_left = min(HUTS[card], self.on_board(p))
        self.retrieved = [0, 0, 0, 0]
        self._rest_next(p, events)

    def _draw(self: MoaiState, p: int, count: int, events: list) -> None:
        drawn = [0, 0, 0, 0]
        got = 0
        for _ in range(count):
            if not self.deck:
                if not any(self.discard):
                    break
                self._reshuffle(events)
            drawn[self.deck.pop()] += 1
            got += 1
        if not count:
            return
        h = self.hands
        for k in range(4):
            h[4 * p + k] += drawn[k]
        self._shown = True
        events.append(Event("moai.draw", p, secret_for=p, secret={"cards": cards_text(drawn)},
                            count=got))

    def _reshuffle(self: MoaiState, events: list) -> None:
        """M-33: the discard pile, shuffled, is the new deck (sorted first so
        that the deal depends only on the generator and which cards they are)."""
        cards = [k for k in range(4) for _ in range(self.discard[k])]
        rng = Rng(self.rng)
        rng.shuffle(cards)
        self.rng = rng.state
        self.deck = cards
        self.discard = [0, 0, 0, 0]
        events.append(Event("moai.reshuffle", deck=len(cards)))

    def _rest_options(self: MoaiState, p: int) -> list:
        """M-34: a zone from which he has retrieved the fewest so far, among the
        zones where he still has pieces (A-20)."""
        z = self.zones(p)
        got = self.retrieved
        low = min(got[i] for i in range(4) if z[i])
        zones = tuple(i for i in range(4) if z[i] and got[i] == low)
        return self.own_pieces(p, zones)

    def _rest_next(self: MoaiState, p: int, events: list) -> None:
        """Decision: when every piece still on the board must come home, they
        all do without being asked one by one (the order changes nothing)."""
        if self.rest_left > 0:
            if self.rest_left < self.on_board(p):
                self.phase = REST
                self.actor = p
                return
            for piece in self.own_pieces(p):                           # no choice: all come home
                for _ in range(self.count_at(*piece)):
                    self._rest_one(p, piece, events)
        self.rest_left = 0
        self._start_births(p, events)

    def _rest_one(self: MoaiState, p: int, piece, events: list) -> None:
        loc, _, s, fd = piece
        self._remove_piece(loc, p, s, fd)
        self.camp[3 * p + s] += 1
        self.rest_left -= 1
        self.retrieved[zone_of(loc)] += 1
        if fd:                                                         # H-11: not revealed
            events.append(Event("moai.rest_hidden", p, secret_for=p, secret={"strength": s + 1},
                                location=loc_name(loc)))
        else:
            self.known[3 * p + s] += 1
            events.append(Event("moai.rest", p, location=loc_name(loc), strength=s + 1))

    def _rest_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_REST, piece) for piece in self._rest_options(p)]

    def _rest(self: MoaiState, p: int, piece, events: list) -> None:
        self._rest_one(p, piece, events)
        self._rest_next(p, events)

    # -- births (M-36) and boats (M-37) --------------------------------------------------------
    def _birth_strength(self: MoaiState, p: int, a: int, b: int) -> int:
        """M-36, A-21: the strength born from cards ``a`` and ``b`` (0-2), -1 if none."""
        m = min(VALUE[a], VALUE[b]) - 1
        r = self.reserve
        for s in range(m, -1, -1):
            if r[3 * p + s]:
                return s
        return -1

    def _births(self: MoaiState, p: int) -> list:
        h = self.hands
        base = 4 * p
        out = []
        for a, b in BIRTH_PAIRS:
            if a == b:
                if h[base + a] < 2:
                    continue
            elif not (h[base + a] and h[base + b]):
                continue
            if self._birth_strength(p, a, b) >= 0:
                out.append((a, b))
        return out

    def _can_build(self: MoaiState, p: int) -> bool:
        card = self.taken[p]
        return card >= 0 and CARD_TYPE[card] == BOAT and self.stock[p] > 0

    def _birth_moves(self: MoaiState, p: int) -> list:
        """M-36, M-37. Decision: ``build`` also ends the bilan (births come
        first in the rulebook's order), ``done`` ends it without a boat;
        building stays legal in the final round, where it only costs 2 points."""
        moves = [move_of(M_BIRTH, pair) for pair in self._births(p)]
        if moves and self.final:                                       # compulsory
            return moves
        moves.append(DONE_MOVE)
        if self._can_build(p):
            moves.append(BUILD_MOVE)
        return moves

    def _start_births(self: MoaiState, p: int, events: list) -> None:
        if self._births(p) or self._can_build(p):
            self.phase = BIRTH
            self.actor = p
            return
        self._end_bilan(p, False, events)

    def _birth(self: MoaiState, p: int, cards: tuple, events: list) -> None:
        a, b = cards
        h = self.hands
        h[4 * p + a] -= 1
        h[4 * p + b] -= 1
        self.discard[a] += 1
        self.discard[b] += 1
        s = self._birth_strength(p, a, b)
        self.reserve[3 * p + s] -= 1
        self.camp[3 * p + s] += 1
        self.known[3 * p + s] += 1                                     # H-12: public
        events.append(Event("moai.birth", p, cards=[KIND_NAMES[a], KIND_NAMES[b]], strength=s + 1))
        self._start_births(p, events)

    def _build(self: MoaiState, p: int, a: tuple, events: list) -> None:
        self._end_bilan(p, True, events)

    def _bilan_done(self: MoaiState, p: int, events: list) -> None:
        self._end_bilan(p, False, events)

    def _end_bilan(self: MoaiState, p: int, build: bool, events: list) -> None:
        """M-37: build the boat (1 wood) or let the epoch card leave the game (A-30)."""
        card = self.taken[p]
        if card >= 0:
            if build:
                self.stock[p] -= 1
                self.wood += 1
                self.boat_owner[BOAT_INDEX[card]] = p
                events.append(Event("moai.build", p, boat=EPOCH_IDS[card]))
            else:
                self.removed.append(card)
                events.append(Event("moai.discard_epoch", p, card=EPOCH_IDS[card]))
            self.taken[p] = -1
        self.cur += 1
        self._bilan_next(events)


# The moves of the steps of this part (``MoaiState.STEP_MOVES``).
STEP_MOVES = {REST: BilanRules._rest_moves, BIRTH: BilanRules._birth_moves}
# What the kinds of move of this part do (``MoaiState.HANDLERS``).
HANDLERS = {M_REST: BilanRules._rest, M_BIRTH: BilanRules._birth, M_BUILD: BilanRules._build}
# The steps of this part that a ``done`` ends (``MoaiState.DONE_IN_STEP``).
DONE_IN_STEP = {BIRTH: BilanRules._bilan_done}
