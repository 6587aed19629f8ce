"""Level 0: a uniformly random legal move."""

from __future__ import annotations

from ..engine import Move, Rng, State


class RandomBot:
    level = 0

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: State, player: int) -> Move:
        moves = state.legal_moves(player)
        if not moves:
            raise ValueError(f"player {player} has no legal move")
        return self.rng.choice(moves)
