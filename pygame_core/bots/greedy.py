"""Level 1: a one-move look-ahead.

Each legal move is played on a determinized copy of the position (so the bot
sees only what its player may see) and the resulting positions are compared
with the game's own evaluation, ``evaluate(state, player)`` from the game's
hints module (``Game.hints``: a number, higher is better for ``player``). A finished game counts
as a decisive win or loss. Ties are broken at random so that the bot does not
always favour the first move in the list. When the hints module names the
obvious blunders (``sensible_moves``), the bot never considers them.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Move, Rng, State

WIN = 1_000_000.0

# A game's evaluation of a position for a player (its hints' ``evaluate``).
Evaluation = Callable[[State, int], float]


def evaluation_of(state: State) -> Evaluation:
    """The game's evaluation hint, or a neutral one when the game has none."""
    hints = getattr(state.game, "hints", None)
    evaluate: Evaluation = getattr(hints, "evaluate", None) or (lambda s, p: 0.0)
    return evaluate


def sensible_moves(world: State, player: int, moves: list[Move]) -> list[Move]:
    """``moves`` less the blunders the game's hints name (all of them when the
    game names none). ``world`` is a determinization for ``player``."""
    hints = getattr(world.game, "hints", None)
    sensible: Callable[[State, int, list[Move]], list[Move]] | None = getattr(
        hints, "sensible_moves", None)
    return sensible(world, player, moves) if sensible is not None else moves


def outcome_value(state: State, player: int) -> float:
    result = state.result()
    assert result is not None, "the game is over"
    winners = result["winners"]
    if player in winners:
        return WIN / len(winners)
    return -WIN


class GreedyBot:
    level = 1

    def __init__(self, rng: Rng, samples: int = 2) -> None:
        self.rng = rng
        self.samples = samples

    def choose(self, state: State, player: int) -> Move:
        moves = state.legal_moves(player)
        if not moves:
            raise ValueError(f"player {player} has no legal move")
        if len(moves) == 1:
            return moves[0]
        evaluate = evaluation_of(state)
        worlds = [state.determinize(player, self.rng.fork()) for _ in range(self.samples)]
        moves = sensible_moves(worlds[0], player, moves)
        best: list[Move] = []
        best_value: float | None = None
        for move in moves:
            value = 0.0
            for world in worlds:
                copy = world.clone()
                copy.apply(player, move)
                value += outcome_value(copy, player) if copy.is_over() else evaluate(copy, player)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return self.rng.choice(best)
