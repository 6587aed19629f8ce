"""Moai's end and scoring (M-38 to M-42): the round that ends the game, and
the prestige of every clan: Moai metres, survivors and wood.

The methods are ``MoaiState``'s (a part of the class, in a module of its
own); the steps and kinds of move they answer are in the tables at the end.
"""

# The methods say ``self: MoaiState``: the class they are part of, which mypy
# would otherwise have to know to be a base of this one.
# mypy: disable-error-code="misc"

from __future__ import annotations


from typing import TYPE_CHECKING, Any

from ...engine import Event

from .tables import MOAI_HEIGHTS, OVER, TILE_IDS

if TYPE_CHECKING:
    from .state import MoaiState


class ScoringRules:
    """Moai's end and scoring (M-38 to M-42): the round that ends the game, and"""

    __slots__ = ()

    def _end_round(self: MoaiState, events: list) -> None:
        if self.final:                                                 # M-38, M-39
            self._finish(events)
            return
        self.carved = list[int]()
        self.start_round(events)

    def _finish(self: MoaiState, events: list) -> None:
        self.over = True
        self.phase = OVER
        self.actor = -1
        self.cur = 0
        self.carved = []
        result = self.result()
        events.append(Event("moai.game_over", winners=result["winners"], reason=result["reason"],
                            scores=result["scores"]))

    def result(self: MoaiState):
        """M-41, M-42: every tied player wins; there is no tie-break."""
        if not self.over:
            return None
        n = self.players
        rows: list[dict[str, Any]] = []
        for p in range(n):
            tiles = sorted(self.tiles[p], key=lambda t: t >> 1)
            on_board = self.on_board(p)
            camp = self.camp_size(p)
            moai = sum(MOAI_HEIGHTS[t >> 1] for t in tiles)
            wood = self.stock[p]
            rows.append({
                "tiles": [{"id": TILE_IDS[t >> 1], "height": MOAI_HEIGHTS[t >> 1],
                           "face_down": bool(t & 1)} for t in tiles],
                "moai": moai,
                "board": on_board,
                "camp": camp,
                "pieces": on_board + camp,
                "wood": wood,
                "wood_points": 2 * wood,
                "total": moai + on_board + camp + 2 * wood,
            })
        scores = [row["total"] for row in rows]
        best = max(scores)
        winners = [p for p in range(n) if scores[p] == best]
        return {"scores": scores, "winners": winners,
                "reason": "prestige" if len(winners) == 1 else "tie",
                "breakdown": {"players": rows, "toppled": [TILE_IDS[t] for t in self.toppled]}}
