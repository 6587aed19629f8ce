"""How fast the Kahuna rules run: random games, and the cost of each primitive.

Run from the repository root: ``python3 bench/engine_speed.py [games]``.
It prints figures only; nothing here is a test.

A random game is the loop the bots' simulations run::

    while not s.is_over():
        p = s.to_move()[0]; ms = s.legal_moves(p); s.play(p, rng.choice(ms))
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pygame_core import Rng  # noqa: E402
from pygame_core.games.kahuna import Kahuna  # noqa: E402


def random_game(seed: int) -> int:
    """Play one random game from ``seed``; the number of actions it took."""
    s = Kahuna.new(seed=seed)
    rng = Rng.from_seed(seed + 1)
    actions = 0
    while not s.is_over():
        p = s.to_move()[0]
        ms = s.legal_moves(p)
        s.play(p, rng.choice(ms))
        actions += 1
    return actions


def sample_positions(count: int) -> list:
    """Positions met along random games, to time the primitives on."""
    positions = []
    seed = 10_000
    while len(positions) < count:
        s = Kahuna.new(seed=seed)
        rng = Rng.from_seed(seed)
        while not s.is_over() and len(positions) < count:
            positions.append(s.clone())
            p = s.to_move()[0]
            s.play(p, rng.choice(s.legal_moves(p)))
        seed += 1
    return positions


def per_call(label: str, positions: list, action) -> None:
    start = time.perf_counter()
    for s in positions:
        action(s)
    elapsed = time.perf_counter() - start
    print(f"{label:<16} {elapsed / len(positions) * 1e6:8.2f} µs")


def main(games: int = 1000) -> None:
    print(f"Python {sys.version.split()[0]}, {games} random Kahuna games")
    start = time.perf_counter()
    actions = sum(random_game(seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    print(f"random games/s   {games / elapsed:8.0f}")
    print(f"actions/s        {actions / elapsed:8.0f}")
    print(f"actions/game     {actions / games:8.1f}")

    positions = sample_positions(20_000)
    per_call("clone", positions, lambda s: s.clone())
    per_call("legal_moves", positions, lambda s: s.legal_moves(s.player))
    moves = [(s.clone(), s.player, s.legal_moves(s.player)[0]) for s in positions]
    start = time.perf_counter()
    for s, p, m in moves:
        s.play(p, m)
    print(f"{'play':<16} {(time.perf_counter() - start) / len(moves) * 1e6:8.2f} µs")
    rng = Rng(1)
    per_call("determinize", positions, lambda s: s.determinize(s.player, rng))
    per_call("view", positions[:2000], lambda s: s.view(s.player))
    per_call("to_json", positions[:2000], lambda s: s.to_json())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
