"""Kanaloa's bridges (4.2 to 4.5, KN-5 to KN-19): the plays a hand allows,
a card's effect (build, replace), island control and its takeovers, and the
relative majority, resolved as the procedure of 4.5 says.

The methods are ``KanaloaState``'s (a part of the class, in a module of its
own); the kinds of move and the choices they answer are in the tables at the end.
"""

# The methods say ``self: KanaloaState``: the class they are part of, which mypy
# would otherwise have to know to be a base of this one.
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Event
from .moves import BUILDS_WITH, REPLACES_WITH, KanaloaMove
from .tables import (BRIDGES, BUILD, CARD_NAMES, CHOICE_REMOVE, COLOURS, EMPTY, GODS, ISLANDS, ISLAND_MARKERS,
                     JOKER, KANALOA, KANE, KANE_AT, LINKS_AT, LINK_ENDS, LINK_NAMES, NO_CHOICE, N_GODS,
                     N_ISLANDS, REPLACE, SMALL, THRESHOLD, owner_of)

if TYPE_CHECKING:
    from .state import KanaloaState


class BridgeRules:
    """Kanaloa's bridges: card effects, island control and the relative majority."""

    __slots__ = ()

    # -- the plays a hand allows (KN-3, KN-5 to KN-8, KN-24) -------------------------------------------
    def _card_plays(self: KanaloaState, player: int, held: list, moves: list) -> None:
        """KN-5 to KN-8, KN-24: every build and replacement the hand allows."""
        colour = self.colour
        if self.on_board[colour] >= BRIDGES:
            return
        owner = self.owner
        hands = self.hands
        base = N_ISLANDS * player
        for x in held:
            for link, move in BUILDS_WITH[x]:
                if owner[link] < 0:
                    moves.append(move)
        for x in held:
            pair = hands[base + x] >= 2
            for link, other, same, both, _ in REPLACES_WITH[x]:
                o = owner[link]
                if o >= 0 and o != colour:
                    if pair:
                        moves.append(same)
                    if both is not None and hands[base + other]:
                        moves.append(both)

    def can_play(self: KanaloaState, player: int, colour: int | None = None) -> bool:
        """KN-3, A-5: is any build or replacement possible with cards alone, in
        ``colour`` (by default the colour of the turn)?"""
        if colour is None:
            colour = self.colour
        if colour < 0 or self.on_board[colour] >= BRIDGES or self.discarded:
            return False
        owner = self.owner
        hands = self.hands
        base = N_ISLANDS * player
        for x in range(N_ISLANDS):
            if not hands[base + x]:
                continue
            pair = hands[base + x] >= 2
            for link, other in LINKS_AT[x]:
                o = owner[link]
                if o < 0:
                    return True
                if o != colour and (pair or hands[base + other]):
                    return True
        return False

    # -- card effects: build (KN-5, KN-6, GD-10a) ------------------------------------------------------
    def _build(self: KanaloaState, p: int, move: KanaloaMove) -> list:
        """KN-5, KN-6: a card of one end (or a KANALOA stone, GD-10a) builds
        on a free link, a bridge of the turn's colour."""
        link = move.link
        card = move.cards[0]
        colour = self.colour
        events = []
        if card == JOKER:
            self.tablets[N_GODS * p + KANALOA] -= 1                  # GD-6
            events.append(Event("kanaloa.build_kanaloa", p, link=LINK_NAMES[link],
                                colour=COLOURS[colour]))
        else:
            self._spend(p, card)
            events.append(Event("kanaloa.build", p, link=LINK_NAMES[link], card=ISLANDS[card],
                                colour=COLOURS[colour]))
        self.fresh = False
        self.put_bridge(colour, link)
        self._resolve(colour, link, True, events)
        return events

    # -- card effects: replace (KN-7, KN-8, TP-5, GD-10b, A-24) ----------------------------------------
    def _replace(self: KanaloaState, p: int, move: KanaloaMove) -> list:
        """KN-7, KN-8: two cards of its ends (or KANALOA stones, GD-10b)
        replace a bridge of another colour by one of the turn's."""
        link = move.link
        c1, c2 = move.cards
        colour = self.colour
        victim = self.owner[link]
        jokers = (c1 == JOKER) + (c2 == JOKER)
        cards = [c for c in (c1, c2) if c != JOKER]
        for c in cards:
            self._spend(p, c)
        if jokers:
            self.tablets[N_GODS * p + KANALOA] -= jokers             # GD-6
        self.fresh = False
        events = [Event("kanaloa.replace", p, link=LINK_NAMES[link],
                        cards=[CARD_NAMES[c] for c in move.cards], colour=COLOURS[colour],
                        victim=owner_of(self.n, victim), victim_colour=COLOURS[victim])]
        self._lift_bridge(link, events)                              # KN-7, step 1
        self.put_bridge(colour, link)
        self._resolve(colour, link, False, events)
        return events

    def _spend(self: KanaloaState, p: int, card: int) -> None:
        """KN-2: a played card goes face up on the discard pile; nobody knows
        any more that the card was in the hand (H-4)."""
        self._take_card(p, card)
        self.face_up.append(card)
        self.played += 1
        n = self.n
        known = self.known
        for v in range(n):
            if v != p:
                i = N_ISLANDS * (n * v + p) + card
                if known[i]:
                    known[i] -= 1

    def put_bridge(self: KanaloaState, colour: int, link: int) -> None:
        a, b = LINK_ENDS[link]
        self.owner[link] = colour
        self.on_board[colour] += 1
        base = N_ISLANDS * colour
        self.count[base + a] += 1
        self.count[base + b] += 1

    def _lift_bridge(self: KanaloaState, link: int, events: list) -> None:
        """A bridge goes back to its colour's stock (C-7); KN-13, KN-14: its
        colour loses any island where it no longer holds more than half."""
        colour = self.owner[link]
        self.owner[link] = EMPTY
        self.on_board[colour] -= 1
        base = N_ISLANDS * colour
        count = self.count
        for island in LINK_ENDS[link]:
            count[base + island] -= 1
            if count[base + island] == THRESHOLD[island] - 1:
                self.markers[colour] -= 1
                events.append(Event("kanaloa.marker_lost", owner_of(self.n, colour),
                                    island=ISLANDS[island], colour=COLOURS[colour]))

    # -- the resolution procedure (spec 4.5) -----------------------------------------------------------
    def _resolve(self: KanaloaState, colour: int, link: int, build: bool, events: list) -> None:
        """Steps 2 and 3 of 4.5 at both ends of the new bridge (step 1 and
        step 4 happen as bridges leave, in ``_lift_bridge``). The two ends never
        interfere: the only link touching both is the new bridge itself."""
        count = self.count
        base = N_ISLANDS * colour
        for island in LINK_ENDS[link]:
            # One bridge more: reaching the threshold exactly is a new control.
            if count[base + island] == THRESHOLD[island]:
                if self._take_over(colour, island, events):
                    return
        if build:
            for island in LINK_ENDS[link]:
                self._relative_majority(colour, island, events)

    def _take_over(self: KanaloaState, colour: int, island: int, events: list) -> bool:
        """KN-11: a marker, every other colour's bridge at the island destroyed,
        the island's god stone (GD-3). E-14, A-16: a colour with all ten island
        markers placed that needs an eleventh wins at once. True if the game ended."""
        n = self.n
        owner_player = owner_of(n, colour)
        if self.markers[colour] >= ISLAND_MARKERS:
            self.early: tuple[int, int] | None = (colour, island)
            events.append(Event("kanaloa.early_win", owner_player, island=ISLANDS[island],
                                colour=COLOURS[colour]))
            self._finish(events)
            return True
        self.markers[colour] += 1
        events.append(Event("kanaloa.control", owner_player, island=ISLANDS[island],
                            colour=COLOURS[colour]))
        owner = self.owner
        for link, _ in LINKS_AT[island]:                             # KN-11(b), TP-4
            victim = owner[link]
            if victim >= 0 and victim != colour:
                events.append(Event("kanaloa.destroy", owner_of(n, victim), link=LINK_NAMES[link],
                                    colour=COLOURS[victim]))
                self._lift_bridge(link, events)
        stone = self.stones[island]
        if stone >= 0:                                               # GD-3, A-34
            self.stones[island] = EMPTY
            if stone == KANE:                                        # GD-7, A-22, A-31
                points = KANE_AT[island]
                self.scores[colour] += points
                self.points.append((1, colour, island, points))
                events.append(Event("kanaloa.kane", owner_player, island=ISLANDS[island],
                                    points=points, colour=COLOURS[colour]))
            else:
                self.tablets[N_GODS * owner_player + stone] += 1
                events.append(Event("kanaloa.capture", owner_player, island=ISLANDS[island],
                                    stone=GODS[stone]))
        return False

    def _relative_majority(self: KanaloaState, colour: int, island: int, events: list) -> None:
        """KN-16 to KN-18, A-8, A-9: a build on the last free link of a large
        island or ORO that nobody controls, by a colour among the leaders."""
        if SMALL[island]:
            return
        owner = self.owner
        for link, _ in LINKS_AT[island]:
            if owner[link] < 0:
                return
        count = self.count
        need = THRESHOLD[island]
        counts = [count[N_ISLANDS * c + island] for c in range(self.ncol)]
        most = max(counts)
        if most >= need or counts[colour] < most:
            return
        if counts.count(most) == 1:                                  # KN-16: he chooses
            self.pending = CHOICE_REMOVE
            self.pend.append(island)
            events.append(Event("kanaloa.relative_majority", owner_of(self.n, colour),
                                island=ISLANDS[island]))
            return
        # KN-17: tied leaders; the bridge of the one colour with a single bridge goes.
        single = counts.index(1)
        link = next(link for link, _ in LINKS_AT[island] if owner[link] == single)
        self._remove_for_majority(colour, island, link, events)

    def _remove_for_majority(self: KanaloaState, colour: int, island: int, link: int, events: list) -> None:
        victim = self.owner[link]
        events.append(Event("kanaloa.remove", owner_of(self.n, colour), link=LINK_NAMES[link],
                            island=ISLANDS[island], victim=owner_of(self.n, victim),
                            victim_colour=COLOURS[victim]))
        self._lift_bridge(link, events)                              # KN-19

    # -- the relative majority's removal, chosen (KN-16) -----------------------------------------------
    def _remove_chosen(self: KanaloaState, p: int, move: KanaloaMove) -> list:
        """KN-16: the bridge of another colour the player removes."""
        island = self.pend[0]
        link = move.link
        events: list[dict[str, Any]] = []
        self._remove_for_majority(self.colour, island, link, events)
        self.pend.pop(0)
        if not self.pend:
            self.pending = NO_CHOICE
        return events


# What the kinds of move of this part do (``KanaloaState.TURN_ACTIONS``).
TURN_ACTIONS = {BUILD: BridgeRules._build, REPLACE: BridgeRules._replace}
# The pending choice this part answers (``KanaloaState.CHOICES``).
CHOICES = {CHOICE_REMOVE: BridgeRules._remove_chosen}
