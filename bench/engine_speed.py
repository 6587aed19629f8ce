"""How fast the rules run: random games, and the cost of each primitive.

Run from the repository root::

    python3 bench/engine_speed.py [--game kahuna] [--games N] [--positions N]

For each game (all four by default) it plays random games, then times each
primitive of the protocol on positions met along random games. Times are
the CPU time of this process, each figure the best of ``--repeat`` runs of
the same work, so that other processes on a shared machine disturb them
less. It prints figures only; nothing here is a test.

A random game is the loop the bots' simulations run::

    while not s.is_over():
        p = s.to_move()[0]; ms = s.legal_moves(p); s.play(p, rng.choice(ms))

(in a simultaneous step, a random player among those to move acts first).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pygame_core import GAMES, Rng  # noqa: E402

# Each game at a usual table, and as many random games as take a few seconds.
PLAYERS = {"kahuna": 2, "haleakala": 2, "kanaloa": 4, "moai": 3}
RANDOM_GAMES = {"kahuna": 1000, "haleakala": 500, "kanaloa": 500, "moai": 200}
POSITIONS = 10_000
REPEAT = 3


def actor(s, rng: Rng) -> int:
    to_move = s.to_move()
    return to_move[0] if len(to_move) == 1 else to_move[rng.below(len(to_move))]


def random_game(game, seed: int) -> int:
    """Play one random game from ``seed``; the number of actions it took."""
    s = game.new(players=PLAYERS[game.id], seed=seed)
    rng = Rng.from_seed(seed + 1)
    actions = 0
    while not s.is_over():
        p = actor(s, rng)
        ms = s.legal_moves(p)
        s.play(p, rng.choice(ms))
        actions += 1
    return actions


def sample_positions(game, count: int) -> list:
    """``(position, player to move)`` met along random games."""
    positions = []
    seed = 10_000
    while len(positions) < count:
        s = game.new(players=PLAYERS[game.id], seed=seed)
        rng = Rng.from_seed(seed)
        while not s.is_over() and len(positions) < count:
            p = actor(s, rng)
            positions.append((s.clone(), p))
            s.play(p, rng.choice(s.legal_moves(p)))
        seed += 1
    return positions


def best_time(repeat: int, run) -> float:
    """The shortest of ``repeat`` timings of ``run()`` (fresh inputs each time)."""
    best = float("inf")
    for _ in range(repeat):
        work = run()
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def per_call(label: str, positions: list, action, repeat: int) -> None:
    def run():
        def work():
            for s, p in positions:
                action(s, p)
        return work
    elapsed = best_time(repeat, run)
    print(f"{label:<16} {elapsed / len(positions) * 1e6:8.2f} µs")


def measure(game, games: int, count: int, repeat: int) -> None:
    print(f"\n{game.id}, {PLAYERS[game.id]} players: {games} random games, {count} positions, "
          f"best of {repeat}")
    actions = 0

    def games_run():
        def work():
            nonlocal actions
            actions = sum(random_game(game, seed) for seed in range(games))
        return work
    elapsed = best_time(repeat, games_run)
    print(f"random games/s   {games / elapsed:8.1f}")
    print(f"actions/s        {actions / elapsed:8.0f}")
    print(f"actions/game     {actions / games:8.1f}")

    positions = sample_positions(game, count)
    per_call("clone", positions, lambda s, p: s.clone(), repeat)
    per_call("legal_moves", [(s.clone(), p) for s, p in positions], lambda s, p: s.legal_moves(p), repeat)

    def play_run():
        moves = [(s.clone(), p, s.legal_moves(p)[0]) for s, p in positions]

        def work():
            for s, p, m in moves:
                s.play(p, m)
        return work
    print(f"{'play':<16} {best_time(repeat, play_run) / len(positions) * 1e6:8.2f} µs")
    rng = Rng(1)
    per_call("determinize", positions, lambda s, p: s.determinize(p, rng), repeat)
    per_call("view", positions[:2000], lambda s, p: s.view(p), repeat)
    per_call("to_json", positions[:2000], lambda s, p: s.to_json(), repeat)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="a game to measure (repeatable; default: all four)")
    parser.add_argument("--games", type=int, help="random games per game (default: a few seconds' worth)")
    parser.add_argument("--positions", type=int, default=POSITIONS,
                        help=f"positions to time the primitives on (default {POSITIONS})")
    parser.add_argument("--repeat", type=int, default=REPEAT,
                        help=f"runs of each measure, the best one kept (default {REPEAT})")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}")
    for game_id in args.game or list(PLAYERS):
        measure(GAMES[game_id], args.games or RANDOM_GAMES[game_id], args.positions, args.repeat)


if __name__ == "__main__":
    main()
