"""Moai, phase 4: production (M-19 to M-31). The forest gives its wood (a
tie is awarded), the volcano's workers carve the Moai, and the fields and
the ocean feed every piece: raids, then starvation.

The methods are ``MoaiState``'s (a part of the class, in a module of its
own); the steps and kinds of move they answer are in the tables at the end.
"""

# The methods say ``self: MoaiState``: the class they are part of, which mypy
# would otherwise have to know to be a base of this one.
# mypy: disable-error-code="misc"

from __future__ import annotations


from typing import TYPE_CHECKING, Any

from ...engine import Event
from .moves import DONE_MOVE, move_of
from .tables import (AWARD, CARVE, FOREST_Z, KIND_NAMES, MAX_HEIGHT, MOAI_HEIGHTS, M_AWARD, M_CARVE, M_RAID,
                     M_STARVE, N_FOREST, RAID, RAID_STEP, STARVE, STARVING_ZONES, TILES_OF_HEIGHT, TILE_IDS,
                     VALUE, VOLCANO0, VOLCANO_Z, loc_name)

if TYPE_CHECKING:
    from .state import MoaiState


class ProductionRules:
    """Moai, phase 4: production (M-19 to M-31). The forest gives its wood (a"""

    __slots__ = ()

    def _start_production(self: MoaiState, events: list) -> None:
        self.space = 0
        self._forest_next(events)

    def _forest_next(self: MoaiState, events: list) -> None:
        """M-20, M-21: S1 to S6 in order; only spaces with a wood token."""
        n = self.players
        f = self.forest
        while self.space < N_FOREST:
            sp = self.space
            if self.forest_wood[sp]:
                present = []
                for q in range(n):
                    b = 6 * (n * sp + q)
                    if f[b] or f[b + 1] or f[b + 2] or f[b + 3] or f[b + 4] or f[b + 5]:
                        present.append(q)
                if not present:                                        # (a)
                    self.forest_wood[sp] = 0
                    self.wood += 1
                    events.append(Event("moai.forest_empty", space=loc_name(sp)))
                elif len(present) == 1:                                # (b) nothing revealed
                    self._give_wood(sp, present[0])
                    events.append(Event("moai.forest_single", present[0], space=loc_name(sp)))
                else:                                                  # (c) revealed, strongest
                    totals = {}
                    revealed = {}
                    for q in present:
                        b = 6 * (n * sp + q)
                        for s in range(3):
                            if f[b + 3 + s]:
                                f[b + s] += f[b + 3 + s]
                                f[b + 3 + s] = 0
                                self._shown = True
                        revealed[q] = [s + 1 for s in range(3) for _ in range(f[b + s])]
                        totals[q] = f[b] + 2 * f[b + 1] + 3 * f[b + 2]
                    best = max(totals.values())
                    tied = [q for q in present if totals[q] == best]
                    events.append(Event("moai.forest_contest", space=loc_name(sp),
                                        pieces=[[q, revealed[q]] for q in present],
                                        totals=[[q, totals[q]] for q in present],
                                        tied=tied if len(tied) > 1 else []))
                    if len(tied) > 1:                                  # the bird-man decides
                        self.phase = AWARD
                        self.tied = tied
                        self.actor = self.pawn
                        return
                    self._give_wood(sp, tied[0])
                    events.append(Event("moai.forest_win", tied[0], space=loc_name(sp)))
            self.space += 1
        self.tied = []
        self._start_carving(events)

    def _give_wood(self: MoaiState, sp: int, q: int) -> None:
        self.forest_wood[sp] = 0
        self.stock[q] += 1

    def _award_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_AWARD, (self.space, q)) for q in self.tied]

    def _award(self: MoaiState, p: int, a: tuple, events: list) -> None:
        sp, q = a
        self._give_wood(sp, q)
        events.append(Event("moai.award", p, space=loc_name(sp), winner=q))
        self.space += 1
        self._forest_next(events)

    # -- the volcano (M-23 to M-25) ----------------------------------------------------------
    def _start_carving(self: MoaiState, events: list) -> None:
        self.cur = 0
        self.carved = list[int]()
        self._carve_next(events)

    def carvable(self: MoaiState, p: int) -> list:
        v = self.volcano
        carved = self.carved
        return [i // 7 for i in range(0, len(v), 7) if v[i] == p and i // 7 not in carved]

    def _carve_done(self: MoaiState, p: int, events: list) -> None:
        events.append(Event("moai.carve_done", p))
        self.cur += 1
        self._carve_next(events)

    def _carve_next(self: MoaiState, events: list) -> None:
        while self.cur < self.players:
            p = self.order[self.cur]
            if self.carvable(p):
                self.phase = CARVE
                self.actor = p
                return
            self.cur += 1
        self._start_feeding(events)

    def _tile_for(self: MoaiState, h: int) -> int:
        """A tile of height h or else the tallest shorter one (C-6, A-12); -1 if none."""
        supply = self.msupply
        for height in range(min(h, MAX_HEIGHT), 1, -1):
            for t in TILES_OF_HEIGHT[height]:
                if supply[t]:
                    return t
        return -1

    def _space_height(self: MoaiState, i: int, up_only: bool = False) -> int:
        v = self.volcano
        b = 7 * i
        h = v[b + 1] + 2 * v[b + 2] + 3 * v[b + 3]
        if not up_only:
            h += v[b + 4] + 2 * v[b + 5] + 3 * v[b + 6]
        return h

    def _carve_moves(self: MoaiState, p: int) -> list:
        """M-23: one space at a time, in the player's order, then ``done`` (the
        same as declaring the ordered list at once: he learns nothing hidden in
        between). Decision: the tile's side (M-25) is offered only when a tile
        will be taken; an abandoned statue has no side."""
        moves = []
        wood = self.stock[p] > 0
        for i in self.carvable(p):
            loc = VOLCANO0 + i
            moves.append(move_of(M_CARVE, (loc, 0)))
            if wood and self._tile_for(self._space_height(i)) >= 0:    # M-25: the tile's side
                moves.append(move_of(M_CARVE, (loc, 1)))
        moves.append(DONE_MOVE)
        return moves

    def _carve(self: MoaiState, p: int, a: tuple, events: list) -> None:
        """M-23: reveal the space, then finish the Moai (1 wood, a tile) or abandon it."""
        loc, face_down = a
        i = loc - VOLCANO0
        v = self.volcano
        b = 7 * i
        for s in range(3):                                             # M-24: face up for good
            if v[b + 4 + s]:
                v[b + 1 + s] += v[b + 4 + s]
                v[b + 4 + s] = 0
        self._shown = True
        pieces = [s + 1 for s in range(3) for _ in range(v[b + 1 + s])]
        h = self._space_height(i)
        self.carved.append(i)                                          # once per round
        tile = self._tile_for(h) if self.stock[p] else -1
        if tile < 0:                                                   # abandoned, free
            events.append(Event("moai.abandon", p, space=loc_name(loc), pieces=pieces, height=h))
            return
        self.stock[p] -= 1
        self.wood += 1
        self.msupply[tile] = 0
        self.tiles[p].append(2 * tile + face_down)
        taken: dict[str, Any] = {"pieces": pieces, "height": h, "tile": TILE_IDS[tile],
                 "tile_height": MOAI_HEIGHTS[tile]}
        if face_down:
            # H-9: "pour en garder la hauteur secrète": only its owner reads
            # the height in the log; the others learn where a tile was taken.
            events.append(Event("moai.carve_hidden", p, secret_for=p, secret=taken,
                                space=loc_name(loc)))
        else:
            events.append(Event("moai.carve", p, space=loc_name(loc), **taken))

    # -- fields and ocean: feeding (M-26 to M-31) ----------------------------------------------
    def _start_feeding(self: MoaiState, events: list) -> None:
        self.cur = 0
        self._feed_next(events)

    def _feed_next(self: MoaiState, events: list) -> None:
        while self.cur < self.players:
            p = self.order[self.cur]
            pieces = self.on_board(p)
            food = self.food(p)
            deficit = pieces - food if pieces > food else 0                # M-27
            events.append(Event("moai.feed", p, food=food, pieces=pieces, deficit=deficit))
            if deficit:                                                # M-29
                self.deficit = deficit
                self.raids = 0
                self.to_remove = 0
                if self._raid_options(p):
                    self.phase = RAID_STEP
                    self.actor = p
                    return
                self._start_starvation(p, events)
                return
            self.cur += 1
        self._start_bilan(events)

    def _raid_options(self: MoaiState, p: int) -> list:
        """M-30: (second card, target) pairs; each needs a Raid card and a face-up
        piece of another clan in the forest or on the volcano with strength
        exactly the second card's value (A-17 to A-19)."""
        if self.raids >= self.deficit:                                 # k <= D
            return []
        h = self.hands
        base = 4 * p
        if not h[base + RAID]:
            return []
        values = set()
        cards = []
        for k in range(4):
            if h[base + k] > (1 if k == RAID else 0):
                cards.append(k)
                values.add(VALUE[k])
        if not cards:
            return []
        n = self.players
        f = self.forest
        targets = []
        for sp in range(N_FOREST):
            for q in range(n):
                if q == p:
                    continue
                b = 6 * (n * sp + q)
                for s in range(3):
                    if f[b + s] and s + 1 in values:
                        targets.append((sp, q, s, 0))
        v = self.volcano
        for i in range(0, len(v), 7):
            q = v[i]
            if q >= 0 and q != p:
                for s in range(3):
                    if v[i + 1 + s] and s + 1 in values:
                        targets.append((VOLCANO0 + i // 7, q, s, 0))
        return [(k, t) for k in cards for t in targets if VALUE[k] == t[2] + 1]

    def _raid_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_RAID, raid) for raid in self._raid_options(p)] + [DONE_MOVE]

    def _raid(self: MoaiState, p: int, a: tuple, events: list) -> None:
        """M-30, one raid per move: declaring them one after another is the same
        as declaring them at once, since every card and target is public."""
        k, target = a
        h = self.hands
        base = 4 * p
        h[base + RAID] -= 1
        h[base + k] -= 1
        self.discard[RAID] += 1
        self.discard[k] += 1
        self.raids += 1
        self._to_reserve(target, events, Event("moai.raid", p, card=KIND_NAMES[k], victim=target[1],
                                               location=loc_name(target[0]),
                                               strength=target[2] + 1))
        if not self._raid_options(p):
            self._start_starvation(p, events)

    def _raids_done(self: MoaiState, p: int, events: list) -> None:
        events.append(Event("moai.raid_done", p, raids=self.raids))
        self._start_starvation(p, events)

    def _start_starvation(self: MoaiState, p: int, events: list) -> None:
        """M-29: D - k of his forest and volcano pieces go to the reserve (A-15)."""
        self.to_remove = self.deficit - self.raids
        self._starve_next(p, events)

    def _starve_next(self: MoaiState, p: int, events: list) -> None:
        if self.to_remove > 0:
            z = self.zones(p)
            if self.to_remove < z[FOREST_Z] + z[VOLCANO_Z]:
                self.phase = STARVE
                self.actor = p
                return
            for piece in self.own_pieces(p, STARVING_ZONES):           # no choice: all of them
                for _ in range(self.count_at(*piece)):
                    self._starve_one(p, piece, events)
        self.to_remove = 0
        self.deficit = self.raids = 0
        self.cur += 1
        self._feed_next(events)

    def _starve_one(self: MoaiState, p: int, piece, events: list) -> None:
        self.to_remove -= 1
        self._to_reserve(piece, events, Event("moai.starve", p, location=loc_name(piece[0]),
                                              strength=piece[2] + 1))

    def _starve_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_STARVE, piece) for piece in self.own_pieces(p, STARVING_ZONES)]

    def _starve(self: MoaiState, p: int, piece, events: list) -> None:
        self._starve_one(p, piece, events)
        self._starve_next(p, events)


# The moves of the steps of this part (``MoaiState.STEP_MOVES``).
STEP_MOVES = {AWARD: ProductionRules._award_moves, CARVE: ProductionRules._carve_moves, RAID_STEP: ProductionRules._raid_moves, STARVE: ProductionRules._starve_moves}
# What the kinds of move of this part do (``MoaiState.HANDLERS``).
HANDLERS = {M_AWARD: ProductionRules._award, M_CARVE: ProductionRules._carve, M_RAID: ProductionRules._raid, M_STARVE: ProductionRules._starve}
# The steps of this part that a ``done`` ends (``MoaiState.DONE_IN_STEP``).
DONE_IN_STEP = {CARVE: ProductionRules._carve_done, RAID_STEP: ProductionRules._raids_done}
