"""Kanaloa's rounds (section 5, E-1 to E-15, TP-7 to TP-9): the end of a
turn and of a round, the final phase, the scorings and the end of the game.

The methods are ``KanaloaState``'s (a part of the class, in a module of its
own). A pass (E-8) is dispatched by ``apply`` itself; the rest follows the
moves of the other parts.
"""

# The methods say ``self: KanaloaState``: the class they are part of, which mypy
# would otherwise have to know to be a base of this one.
# mypy: disable-error-code="misc"

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Event, Rng
from .tables import COLOURS, DEGREE, DISPLAY, ISLANDS, NO_CHOICE, N_ISLANDS, OVER, colours_of, owner_of

if TYPE_CHECKING:
    from .state import KanaloaState


class RoundRules:
    """Kanaloa's rounds: their end, the final phase, the scorings and the result."""

    __slots__ = ()

    # -- the end of a turn (S-10, E-1, E-6, E-9) -------------------------------------------------------
    def _end_turn(self: KanaloaState, p: int, drew: bool, events: list) -> None:
        """The end of a turn: E-1 and E-6 when the supply ran out, the final
        phase's bookkeeping (E-7, E-9), then the next player clockwise (S-10)."""
        n = self.n
        if self.final:
            self.last_done[p] = True
            self.last_order.append(p)
            self._discard_hand(p, events)                            # E-9
            self._next_visit(p, events)
            return
        if not self.talon and max(self.display) < 0:
            events.append(Event("kanaloa.round_end", round=self.round))
            if self.round == 1 and drew:                             # E-1 to E-5
                self._scoring(False, events)
                self._reshuffle(events)
                self.round = 2
            else:                                                    # E-6, A-27
                self.final = True
                events.append(Event("kanaloa.final_phase"))
        self._start_turn((p + 1) % n)

    def _discard_hand(self: KanaloaState, p: int, events: list) -> None:
        """E-9, H-9: a player who has played his last turn discards his hand unseen."""
        base = N_ISLANDS * p
        cards = [x for x in range(N_ISLANDS) for _ in range(self.hands[base + x])]
        if not cards:
            return
        for x in range(N_ISLANDS):
            self.hands[base + x] = 0
        self.hand_sizes[p] = 0
        self.face_down[p] += cards
        n = self.n
        for v in range(n):
            if v != p:
                i = N_ISLANDS * (n * v + p)
                self.known[i:i + N_ISLANDS] = [0] * N_ISLANDS
        count = len(cards)
        names = [ISLANDS[x] for x in cards]
        events.append(Event("kanaloa.hand_discard", p, count=count, secret_for=p,
                            secret={"cards": names}))

    # -- the final phase (E-6 to E-10) -----------------------------------------------------------------
    def _pass(self: KanaloaState, p: int) -> list:
        """E-8: a last turn given up, while a richer opponent is still to play."""
        events = [Event("kanaloa.pass", p)]
        self._next_visit(p, events)
        return events

    def _next_visit(self: KanaloaState, p: int, events: list) -> None:
        """E-7: the next seat clockwise that has not played its last turn; when
        there is none, the final scoring (E-10)."""
        n = self.n
        for step in range(1, n + 1):
            q = (p + step) % n
            if not self.last_done[q]:
                self._start_turn(q)
                return
        self._scoring(True, events)
        self._finish(events)

    # -- rounds and scorings (E-1 to E-5, E-11 to E-13) ------------------------------------------------
    def _scoring(self: KanaloaState, final: bool, events: list) -> None:
        """E-11: one point per link of a controlled island that the controller
        does not occupy; E-12: at the final scoring, +1 per marker. TP-7:
        colours score separately."""
        source = 3 if final else 2
        gained = [0] * self.ncol
        count = self.count
        for island in range(N_ISLANDS):
            c = self.controller(island)
            if c is None:
                continue
            points = DEGREE[island] - count[N_ISLANDS * c + island]
            self.points.append((source, c, island, points))
            gained[c] += points
            if final:
                self.points.append((4, c, island, 1))
                gained[c] += 1
        for c in range(self.ncol):
            self.scores[c] += gained[c]
        if final:
            events.append(Event("kanaloa.final_scoring", points=gained))
        else:
            events.append(Event("kanaloa.first_scoring", points=gained))

    def _reshuffle(self: KanaloaState, events: list) -> None:
        """E-3: the whole discard pile (face up and face down) becomes the new
        talon, and its top four cards the display. The cards are sorted first so
        that the deal depends only on the generator and which cards they are."""
        n = self.n
        cards = list(self.face_up)
        for p in range(n):
            cards += self.face_down[p]
        cards.sort()
        rng = Rng(self.rng)
        rng.shuffle(cards)
        self.rng = rng.state
        self.display = cards[:DISPLAY]
        self.talon = cards[DISPLAY:][::-1]
        # What each player knows of the new talon: every card he saw go on the
        # discard pile (face up, or face down by himself), less the display.
        shown = [0] * N_ISLANDS
        for card in self.face_up:
            shown[card] += 1
        for card in self.display:
            shown[card] -= 1
        tk = self.talon_known
        for v in range(n):
            own = shown[:]
            for card in self.face_down[v]:
                own[card] += 1
            tk[N_ISLANDS * v:N_ISLANDS * (v + 1)] = [k if k > 0 else 0 for k in own]
        self.face_up = list[int]()
        self.face_down = [list[int]() for _ in range(n)]
        events.append(Event("kanaloa.reshuffle", talon=len(self.talon),
                            display=[ISLANDS[c] for c in self.display]))

    # -- the end of the game (E-14, E-15, TP-9) --------------------------------------------------------
    def _finish(self: KanaloaState, events: list) -> None:
        self.phase = OVER
        self.pending = NO_CHOICE
        self.pend = list[int]()
        result = self.result()
        events.append(Event("kanaloa.game_over", winner=result["winners"][0],
                            reason=result["reason"], scores=result["scores"]))

    def player_scores(self: KanaloaState) -> list:
        """What ``result()["scores"]`` reports: a player's points, or with two
        players the points of his weaker colour (TP-9)."""
        return [self.rank(p)[0] for p in range(self.n)]

    def _winner(self: KanaloaState):
        """E-14, E-15, TP-9, A-14, A-15: the winner and the reason."""
        if self.early is not None:
            return owner_of(self.n, self.early[0]), "early_win"
        ranks = [self.rank(p) for p in range(self.n)]
        best = max(ranks)
        leaders = [p for p in range(self.n) if ranks[p] == best]
        if len(leaders) == 1:
            if self.n == 2:
                same_weak = ranks[0][0] == ranks[1][0]
                return leaders[0], "stronger_colour" if same_weak else "weaker_colour"
            return leaders[0], "points"
        # The earliest last turn among the tied players wins.
        for p in self.last_order:
            if p in leaders:
                return p, "last_turn"
        return leaders[0], "last_turn"          # unreachable: every player plays a last turn

    def result(self: KanaloaState):
        if self.phase != OVER:
            return None
        winner, reason = self._winner()
        return {
            "scores": self.player_scores(),
            "winners": [winner],
            "reason": reason,
            "breakdown": self._breakdown(),
        }

    def _breakdown(self: KanaloaState) -> dict:
        """Every point of every colour, by where it came from."""
        n = self.n
        colours = []
        for c in range(self.ncol):
            entry: dict[str, Any] = {"colour": COLOURS[c], "index": c, "player": owner_of(n, c),
                     "total": self.scores[c], "earlier": 0, "kane": [],
                     "first_scoring": None, "final_scoring": None}
            colours.append(entry)
        for source, c, island, points in self.points:
            entry = colours[c]
            if source == 0:
                entry["earlier"] += points
            elif source == 1:
                entry["kane"].append({"island": ISLANDS[island], "points": points})
            else:
                key = "first_scoring" if source == 2 else "final_scoring"
                if entry[key] is None:
                    entry[key] = {"islands": [], "markers": 0, "points": 0}
                part = entry[key]
                if source == 4:
                    part["markers"] += 1
                else:
                    part["islands"].append({"island": ISLANDS[island], "links": DEGREE[island],
                                            "bridges": DEGREE[island] - points,
                                            "points": points})
                part["points"] += points
        # A scoring that took place shows every colour, even with no island.
        scored = {2: self.round == 2, 3: self.phase == OVER and self.early is None}
        for entry in colours:
            for source, key in ((2, "first_scoring"), (3, "final_scoring")):
                if entry[key] is None and scored[source]:
                    entry[key] = {"islands": [], "markers": 0, "points": 0}
        players = []
        for p in range(n):
            own = list(colours_of(n, p))
            item = {"player": p, "colours": own, "points": sum(self.scores[c] for c in own)}
            if n == 2:
                weak, strong = self.rank(p)
                item["weaker"] = weak
                item["stronger"] = strong
            players.append(item)
        return {
            "colours": colours,
            "players": players,
            "last_turn_order": list(self.last_order),
            "early_win": (None if self.early is None else
                          {"colour": COLOURS[self.early[0]], "island": ISLANDS[self.early[1]],
                           "player": owner_of(n, self.early[0])}),
        }
