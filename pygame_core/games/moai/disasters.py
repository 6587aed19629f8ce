"""Moai's disasters (C-5): the victim named, then erosion, a sinking boat,
war and epidemics, fire and toppled statues, as each card says.

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
from .tables import (BOAT0, BOAT_CARDS, BOAT_IDS, CAMP, COVERED, EFFECT, EPOCH_IDS, ERODE, FIELD0, FIRE_LOSS,
                     FREE, FX_BURN, FX_EPI, FX_FIRE, FX_TOPPLE, FX_WAR, KILL, LOSE, MOAI_HEIGHTS, M_ERODE,
                     M_KILL, M_LOSE, M_SINK, M_VICTIM, N_BOATS, N_FIELDS, SINK, TILE_IDS, VICTIM, loc_name)

if TYPE_CHECKING:
    from .state import MoaiState


class DisasterRules:
    """Moai's disasters (C-5): the victim named, then erosion, a sinking boat,"""

    __slots__ = ()

    def _victim_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_VICTIM, (q,)) for q in range(self.players)]

    def _name_victim(self: MoaiState, p: int, a: tuple, events: list) -> None:
        victim = a[0]
        events.append(Event("moai.victim", p, victim=victim, card=EPOCH_IDS[self.card], fixed=False))
        self._strike(victim, events)

    def _strike(self: MoaiState, victim: int, events: list) -> None:
        """Apply a clan disaster to ``victim`` (C-5); a choice inside the effect
        becomes the next decision, otherwise the epoch phase goes on."""
        self.victim = victim
        card = self.card
        effect = EFFECT[card]
        name = EPOCH_IDS[card]
        if effect == FX_FIRE:                                          # D-FIRE(k)
            lost = min(FIRE_LOSS[card], self.stock[victim])
            if lost:
                self.stock[victim] -= lost
                self.wood += lost
                events.append(Event("moai.fire", victim, wood=lost))
            else:
                events.append(Event("moai.no_effect", victim, card=name))
        elif effect == FX_BURN:                                        # D-BOAT
            boats = [b for b in range(N_BOATS) if self.boat_owner[b] == victim]
            if len(boats) > 1:
                self.phase = SINK
                self.actor = victim
                return
            if boats:
                self._sink(victim, boats[0], events)
            else:
                events.append(Event("moai.no_effect", victim, card=name))
        elif effect == FX_EPI:                                         # D-EPI: the victim chooses
            if self.camp_size(victim) or self.on_board(victim):
                self.phase = LOSE
                self.actor = victim
                return
            events.append(Event("moai.no_effect", victim, card=name))
        elif effect == FX_WAR:                                         # D-WAR: the taker chooses
            if any(not piece[3] for piece in self.own_pieces(victim)):
                self.phase = KILL
                self.actor = self.taker
                return
            if self.camp_size(victim) or self.on_board(victim):        # fallback: the victim chooses
                self.phase = LOSE
                self.actor = victim
                return
            events.append(Event("moai.no_effect", victim, card=name))
        elif effect == FX_TOPPLE:                                      # D-TOPPLE: no choice
            tiles = self.tiles[victim]
            if tiles:
                best = max(tiles, key=lambda t: (MOAI_HEIGHTS[t >> 1], -t))
                tiles.remove(best)
                self.toppled.append(best >> 1)
                events.append(Event("moai.topple", victim, tile=TILE_IDS[best >> 1],
                                    height=MOAI_HEIGHTS[best >> 1]))
            else:
                events.append(Event("moai.no_effect", victim, card=name))
        self._after_card(events)

    def _after_card(self: MoaiState, events: list) -> None:
        self.card = self.taker = self.victim = -1
        self.cur += 1
        self._epoch_next(events)

    def _erode_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_ERODE, (FIELD0 + f,)) for f in range(N_FIELDS) if self.fields[f] == FREE]

    def _erode(self: MoaiState, p: int, a: tuple, events: list) -> None:
        """D-ERO: a disaster token from the supply covers a free field."""
        loc = a[0]
        self.fields[loc - FIELD0] = COVERED
        self.dsupply -= 1
        events.append(Event("moai.erode", p, field=loc_name(loc)))
        self._after_card(events)

    def _sink_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_SINK, (b,)) for b in range(N_BOATS) if self.boat_owner[b] == self.victim]

    def _sink_chosen(self: MoaiState, p: int, a: tuple, events: list) -> None:
        """D-BOAT: the victim chose which of his boats sinks."""
        self._sink(self.victim, a[0], events)
        self._after_card(events)

    def _sink(self: MoaiState, victim: int, b: int, events: list) -> None:
        """D-BOAT: the boat leaves the game; its piece goes back to the camp."""
        piece = self.boat_piece[b]
        if piece >= 0:
            self._remove_piece(BOAT0 + b, victim, piece % 3, 0)
        self.boat_owner[b] = -1
        self.removed.append(BOAT_CARDS[b])
        strength = None
        if piece >= 0:
            s = piece % 3
            self.camp[3 * victim + s] += 1
            self.known[3 * victim + s] += 1                            # it was face up
            strength = s + 1
        events.append(Event("moai.sink", victim, boat=BOAT_IDS[b], strength=strength))

    def _kill_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_KILL, piece) for piece in self.own_pieces(self.victim) if not piece[3]]

    def _kill(self: MoaiState, p: int, piece, events: list) -> None:
        """D-WAR: the taker sends a face-up piece of the victim to the reserve."""
        self._to_reserve(piece, events, Event("moai.kill", p, victim=piece[1],
                                              location=loc_name(piece[0]), strength=piece[2] + 1))
        self._after_card(events)

    def _lose_moves(self: MoaiState, p: int) -> list:
        return [move_of(M_LOSE, piece) for piece in self._all_pieces(self.victim)]

    def _lose(self: MoaiState, p: int, piece, events: list) -> None:
        """D-EPI (and the D-WAR fallback): the victim gives up one of his pieces."""
        self._to_reserve(piece, events, Event("moai.lose", p, location=loc_name(piece[0]),
                                              strength=piece[2] + 1, card=EPOCH_IDS[self.card]))
        self._after_card(events)

    def _all_pieces(self: MoaiState, p: int) -> list:
        """``p``'s pieces in camp and on the board, one of each kind."""
        out = [(CAMP, p, s, 0) for s in range(3) if self.camp[3 * p + s]]
        return out + self.own_pieces(p)


# The moves of the steps of this part (``MoaiState.STEP_MOVES``).
STEP_MOVES = {VICTIM: DisasterRules._victim_moves, ERODE: DisasterRules._erode_moves, KILL: DisasterRules._kill_moves, LOSE: DisasterRules._lose_moves, SINK: DisasterRules._sink_moves}
# What the kinds of move of this part do (``MoaiState.HANDLERS``).
HANDLERS = {M_VICTIM: DisasterRules._name_victim, M_ERODE: DisasterRules._erode, M_KILL: DisasterRules._kill, M_LOSE: DisasterRules._lose, M_SINK: DisasterRules._sink_chosen}
