"""Moai, phase 1: the bird-man (M-1 to M-6). The round starts (the epoch
cards turned up, the wood laid), every clan bids its Rapa Nui cards in
secret, the bids are revealed and the turn order is ranked.

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
from .tables import ADMIRAL, BID, EPOCH_IDS, M_BID, M_RANK, PALM, RANK, V2, V4, VALUE, cards_text, loc_name

if TYPE_CHECKING:
    from .state import MoaiState


class BirdManRules:
    """Moai, phase 1: the bird-man (M-1 to M-6). The round starts (the epoch"""

    __slots__ = ()

    def start_round(self: MoaiState, events: list) -> None:
        self.round += 1
        events.append(Event("moai.round", round=self.round))
        # M-1: reveal N + 1 cards; the Admiral is set aside and does not count.
        target = self.players + 1
        edeck = self.edeck
        while len(self.display) < target and edeck:
            card = edeck.pop()
            if card == ADMIRAL:                                        # M-39
                self.admiral = True
                self.final = True
                events.append(Event("moai.admiral"))
                continue
            self.display.append(card)
        self._shown = True
        events.append(Event("moai.reveal", cards=[EPOCH_IDS[c] for c in self.display],
                            final=self.final))
        # M-2: one wood token per palm, from S1 upwards, while the supply lasts.
        palms = sum(PALM[c] for c in self.display)
        placed = 0
        for i in range(palms):
            if not self.wood:
                break
            self.forest_wood[i] = 1
            self.wood -= 1
            placed += 1
        if palms:
            events.append(Event("moai.palms", palms=palms, placed=placed,
                                spaces=[loc_name(i) for i in range(placed)]))
        self._start_bids(events)

    def open_bids(self: MoaiState) -> bool:
        return self.opts[V2] or self.opts[V4]

    def _start_bids(self: MoaiState, events: list) -> None:
        """M-3 (secret, all at once) or V-2/V-4 (face up, in the current turn order)."""
        self.phase = BID
        self.bids = [0] * (4 * self.players)
        self.bid_status = [0] * self.players
        self.cur = 0
        if self.open_bids():
            self.cur = 0
            self.actor = self.order[0]
        else:
            self.actor = -1

    def _bid_moves(self: MoaiState, p: int) -> list:
        """M-3: any sub-multiset of the hand, from none to all of it.

        Decision: a bid is one move (cards of one kind are interchangeable, so
        there are at most prod(count + 1) of them). Building it card by card
        would show the others, through the number of moves in the log, how many
        cards a player is putting in a secret bid."""
        h = self.hands
        b = 4 * p
        moves = []
        for c0 in range(h[b] + 1):
            for c1 in range(h[b + 1] + 1):
                for c2 in range(h[b + 2] + 1):
                    for c3 in range(h[b + 3] + 1):
                        moves.append(move_of(M_BID, (c0, c1, c2, c3)))
        return moves

    def _bid(self: MoaiState, p: int, counts: tuple, events: list) -> None:
        h = self.hands
        base = 4 * p
        for k in range(4):
            h[base + k] -= counts[k]
            self.bids[base + k] = counts[k]
        value = sum(VALUE[k] * counts[k] for k in range(4))
        self.bid_status[p] = self.CHOSEN
        cards = cards_text(counts)
        if self.open_bids():                                          # V-2, V-4: face up, once
            self._shown = True
            events.append(Event("moai.bid_open", p, cards=cards, value=value))
            self.cur += 1
            if self.cur < self.players:
                self.actor = self.order[self.cur]
                return
        else:                                                          # H-5: hidden until all chose
            events.append(Event("moai.bid", p, secret_for=p, secret={"cards": cards, "value": value}))
            if any(status != self.CHOSEN for status in self.bid_status):
                return
        self._reveal_bids(events)

    def bid_value(self: MoaiState, p: int) -> int:
        b = self.bids
        base = 4 * p
        return b[base] + 2 * b[base + 1] + 3 * b[base + 2] + b[base + 3]

    def _reveal_bids(self: MoaiState, events: list) -> None:
        n = self.players
        values = [self.bid_value(p) for p in range(n)]
        if not self.open_bids():
            self._shown = True
            events.append(Event("moai.bids", cards=[cards_text(self.bids[4 * p:4 * p + 4])
                                                    for p in range(n)], values=values))
        for i in range(4 * n):                                         # M-5
            self.discard[i % 4] += self.bids[i]
        self.bid_status = [self.REVEALED] * n
        self.ranking = list[int]()
        self.cur = 0
        self._rank_next(events)

    def rank_candidates(self: MoaiState) -> list:
        """M-4: who may take the next position. The pawn holder orders every tie
        group; in his own group he comes last (A-2). V-4: he is never forced
        last, but when tied for first he cannot be first.

        Decision: the holder gives the positions one at a time (``rank``), so
        that a tie of four is four small choices rather than 24 orders; a
        position with a single candidate fills itself."""
        placed = self.ranking
        n = self.players
        best = -1
        group = []
        for q in range(n):
            if q in placed:
                continue
            v = self.bid_value(q)
            if v > best:
                best, group = v, [q]
            elif v == best:
                group.append(q)
        if len(group) > 1 and self.pawn in group:
            if self.opts[V4]:
                if not placed:
                    group.remove(self.pawn)
            else:
                group.remove(self.pawn)
        return group

    def _rank_next(self: MoaiState, events: list) -> None:
        while len(self.ranking) < self.players:
            group = self.rank_candidates()
            if len(group) > 1:
                self.phase = RANK
                self.actor = self.pawn
                return
            self.ranking.append(group[0])
        self.order = self.ranking
        self.ranking = []
        self.pawn = self.order[0]                                      # M-6
        events.append(Event("moai.order", order=list(self.order)))
        self._start_epoch(events)

    def _rank_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_RANK, (q,)) for q in self.rank_candidates()]

    def _rank(self: MoaiState, p: int, a: tuple, events: list) -> None:
        q = a[0]
        self.ranking.append(q)
        events.append(Event("moai.rank", p, chosen=q, position=len(self.ranking)))
        self._rank_next(events)


# The moves of the steps of this part (``MoaiState.STEP_MOVES``).
STEP_MOVES = {BID: BirdManRules._bid_moves, RANK: BirdManRules._rank_moves}
# What the kinds of move of this part do (``MoaiState.HANDLERS``).
HANDLERS = {M_BID: BirdManRules._bid, M_RANK: BirdManRules._rank}
