"""Moai, phase 3: the work (M-11 to M-18). In turn order the clans place
their workers from their camps on the fields, the forest, the volcano and
the boats, face up or face down; with an empty camp, a clan swaps two of its
pieces or passes.

The methods are ``MoaiState``'s (a part of the class, in a module of its
own); the steps and kinds of move they answer are in the tables at the end.
"""

# The methods say ``self: MoaiState``: the class they are part of, which mypy
# would otherwise have to know to be a base of this one.
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import TYPE_CHECKING

from operator import itemgetter


from ...engine import Event
from .moves import PASS_MOVE, PLACE_MOVES, MoaiMove, move_of, place_move
from .tables import (BOAT0, FIELD0, FOREST_LOCS, FREE, M_PASS, M_PLACE, M_SWAP, N_BOATS, V1, VOLCANO0, WORK,
                     loc_name)

if TYPE_CHECKING:
    from .state import MoaiState


class WorkRules:
    """Moai, phase 3: the work (M-11 to M-18). In turn order the clans place"""

    __slots__ = ()

    def _start_work(self: MoaiState, events: list) -> None:
        self.phase = WORK
        self.cur = 0
        self._work_turn(events)

    def _work_turn(self: MoaiState, events: list) -> None:
        """M-12: the phase ends as soon as no camp holds a piece."""
        if not any(self.camp):
            self._start_production(events)
            return
        self.actor = self.order[self.cur]

    def _next_worker(self: MoaiState, events: list) -> None:
        self.cur = (self.cur + 1) % self.players
        self._work_turn(events)

    def _work_moves(self: MoaiState, p: int) -> list:
        camp = self.camp
        strengths = [s for s in range(3) if camp[3 * p + s]]
        if not strengths:                                              # M-11 (b)
            return [PASS_MOVE] + self._swap_moves(p)
        targets = list(FOREST_LOCS)                                    # M-13
        fields = self.fields
        targets += [FIELD0 + f for f, c in enumerate(fields) if c == FREE]    # M-14
        v = self.volcano
        owners = v[::7]                                                # M-15
        targets += [VOLCANO0 + i for i, owner in enumerate(owners) if owner < 0 or owner == p]
        if -1 not in owners:                                           # no free space: a new one
            targets.append(VOLCANO0 + len(owners))
        owner_of = self.boat_owner
        if p in owner_of:                                              # M-16
            piece_on = self.boat_piece
            targets += [BOAT0 + b for b in range(N_BOATS) if owner_of[b] == p and piece_on[b] < 0]
        if VOLCANO0 + len(owners) >= len(PLACE_MOVES[0]):
            place_move(0, VOLCANO0 + len(owners))
        moves: list[MoaiMove] = []
        at_targets = itemgetter(*targets)                              # 6 forest spaces at least
        for s in strengths:
            moves += at_targets(PLACE_MOVES[s])
        return moves

    def _place(self: MoaiState, p: int, a: tuple, events: list) -> None:
        """M-13 to M-16: face down in the forest and on the volcano (face up with
        V-1), face up in a field and on a boat."""
        s, loc = a
        self.camp[3 * p + s] -= 1
        face_down = not self.opts[V1] and (loc < FIELD0 or loc >= VOLCANO0)
        new = loc >= VOLCANO0 and 7 * (loc - VOLCANO0) == len(self.volcano)
        self._put_piece(loc, p, s, 1 if face_down else 0)
        if face_down:
            known = self.known
            if known[3 * p] or known[3 * p + 1] or known[3 * p + 2]:
                # H-13: any known camp piece may be the one that left.
                for i in range(3 * p, 3 * p + 3):
                    if known[i]:
                        known[i] -= 1
                self._clip_known(p)
            events.append(Event("moai.place_hidden", p, secret_for=p, secret={"strength": s + 1},
                                location=loc_name(loc), new=new))
        else:
            self._forget_camp_piece(p, s)
            events.append(Event("moai.place", p, strength=s + 1, location=loc_name(loc), new=new))
        self._next_worker(events)

    def _swap_moves(self: MoaiState, p: int) -> list:
        """M-17: two of his pieces at two different locations; a swap that would
        change nothing at all is the same as passing and is not offered."""
        if not any(self.camp[3 * q] or self.camp[3 * q + 1] or self.camp[3 * q + 2]
                   for q in range(self.players) if q != p):
            return []
        pieces = self.own_pieces(p)
        moves = []
        count = len(pieces)
        for i in range(count):
            a = pieces[i]
            la, _, sa, fa = a
            a_up = FIELD0 <= la < VOLCANO0
            for j in range(i + 1, count):
                b = pieces[j]
                lb, _, sb, fb = b
                if la == lb:
                    continue
                if sa == sb:
                    # After the swap la holds b (turned up in a field or boat) and lb holds a.
                    fa_after = 0 if FIELD0 <= lb < VOLCANO0 else fa
                    fb_after = 0 if a_up else fb
                    if fb_after == fa and fa_after == fb:
                        continue
                moves.append(move_of(M_SWAP, (a, b)))
        return moves

    def _pass(self: MoaiState, p: int, a: tuple, events: list) -> None:
        """M-11 (b): a player with an empty camp passes."""
        events.append(Event("moai.pass", p))
        self._next_worker(events)

    def _swap(self: MoaiState, p: int, pieces: tuple, events: list) -> None:
        a, b = pieces
        la, _, sa, fa = a
        lb, _, sb, fb = b
        self._remove_piece(la, p, sa, fa)
        self._remove_piece(lb, p, sb, fb)
        fa2 = 0 if FIELD0 <= lb < VOLCANO0 else fa                     # up in a field or boat
        fb2 = 0 if FIELD0 <= la < VOLCANO0 else fb
        self._put_piece(lb, p, sa, fa2)
        self._put_piece(la, p, sb, fb2)
        if (fa and not fa2) or (fb and not fb2):
            self._shown = True
        # Others see the strengths of pieces that were or became face up.
        events.append(Event("moai.swap", p, secret_for=p,
                            secret={"strength_a": sa + 1, "strength_b": sb + 1},
                            a=loc_name(la), b=loc_name(lb),
                            shown_a=None if fa and fa2 else sa + 1,
                            shown_b=None if fb and fb2 else sb + 1))
        self._next_worker(events)


# The moves of the steps of this part (``MoaiState.STEP_MOVES``).
STEP_MOVES = {WORK: WorkRules._work_moves}
# What the kinds of move of this part do (``MoaiState.HANDLERS``).
HANDLERS = {M_PLACE: WorkRules._place, M_PASS: WorkRules._pass, M_SWAP: WorkRules._swap}
