"""How fast the rules run: random games, and the cost of each primitive.

Run from the repository root::

    python3 bench/engine_speed.py [--game kahuna] [--games N] [--positions N]
    python3 bench/engine_speed.py --against ../other-checkout

For each game (all four by default) it plays random games, then times each
primitive of the protocol on positions met along random games. Times are
the CPU time of this process, each figure the best of ``--repeat`` runs of
the same work, so that other processes on a shared machine disturb them
less. It prints figures only; nothing here is a test.

A random game is the loop the bots' simulations run::

    while not s.is_over():
        p = s.to_move()[0]; ms = s.legal_moves(p); s.apply(p, rng.choice(ms))

(in a simultaneous step, a random player among those to move acts first).
``apply`` plays a move known to be legal; ``play`` checks it first (is it
among the legal moves?) and is what a table calls with a person's move. A
tree whose states have no ``apply`` (before the rules were written once) is
timed with ``play`` in the loop, as its bots ran.

``--against DIR`` measures the ``pygame_core`` of another checkout in the
same run: game by game, each tree in its own process, the two taking turns
``--rounds`` times (a shared machine's noise reaches both alike), each
figure the best either tree reached, then both columns side by side with
their ratio (above 1: this tree does more per second, or takes longer per
call).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.abspath(__file__)
ROOT = os.environ.get("ENGINE_SPEED_ROOT") or os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)

from pygame_core import GAMES, Rng  # noqa: E402

# Each game at a usual table, and as many random games as take a few seconds.
PLAYERS = {"kahuna": 2, "haleakala": 2, "kanaloa": 4, "moai": 3}
RANDOM_GAMES = {"kahuna": 1000, "haleakala": 500, "kanaloa": 500, "moai": 200}
POSITIONS = 10_000
REPEAT = 3


def actor(s, rng: Rng) -> int:
    to_move = s.to_move()
    return to_move[0] if len(to_move) == 1 else to_move[rng.below(len(to_move))]


def apply_of(s):
    """How the bots play a move they chose: ``apply``, or ``play`` in a tree
    without it."""
    return s.apply if hasattr(s, "apply") else s.play


def random_game(game, seed: int) -> int:
    """Play one random game from ``seed``; the number of actions it took."""
    s = game.new(players=PLAYERS[game.id], seed=seed)
    apply = apply_of(s)
    rng = Rng.from_seed(seed + 1)
    actions = 0
    while not s.is_over():
        p = actor(s, rng)
        ms = s.legal_moves(p)
        apply(p, rng.choice(ms))
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
            apply_of(s)(p, rng.choice(s.legal_moves(p)))
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


def per_call(positions: list, action, repeat: int) -> float:
    """Microseconds per call of ``action`` over ``positions``."""
    def run():
        def work():
            for s, p in positions:
                action(s, p)
        return work
    return best_time(repeat, run) / len(positions) * 1e6


def measure(game, games: int, count: int, repeat: int) -> dict:
    """The figures of one game, by label."""
    figures: dict = {}
    actions = 0

    def games_run():
        def work():
            nonlocal actions
            actions = sum(random_game(game, seed) for seed in range(games))
        return work
    elapsed = best_time(repeat, games_run)
    figures["random games/s"] = games / elapsed
    figures["actions/s"] = actions / elapsed
    figures["actions/game"] = actions / games

    positions = sample_positions(game, count)
    figures["clone µs"] = per_call(positions, lambda s, p: s.clone(), repeat)
    figures["legal_moves µs"] = per_call([(s.clone(), p) for s, p in positions],
                                         lambda s, p: s.legal_moves(p), repeat)

    def move_run(method: str):
        def run():
            moves = [(s.clone(), p, s.legal_moves(p)[0]) for s, p in positions]

            def work():
                for s, p, m in moves:
                    getattr(s, method)(p, m)
            return work
        return best_time(repeat, run) / len(positions) * 1e6
    figures["play µs"] = move_run("play")
    if hasattr(positions[0][0], "apply"):
        figures["apply µs"] = move_run("apply")
    rng = Rng(1)
    figures["determinize µs"] = per_call(positions, lambda s, p: s.determinize(p, rng), repeat)
    figures["view µs"] = per_call(positions[:2000], lambda s, p: s.view(p), repeat)
    figures["to_json µs"] = per_call(positions[:2000], lambda s, p: s.to_json(), repeat)
    return figures


def heading(game_id: str, games: int, count: int, repeat: int) -> str:
    return (f"\n{game_id}, {PLAYERS[game_id]} players: {games} random games, {count} positions, "
            f"best of {repeat}")


def show(label: str, value: float) -> str:
    return f"{value:10.1f}" if value >= 100 or "/" in label else f"{value:10.2f}"


def measured_in(root: str, game_id: str, args) -> dict:
    """The figures of ``game_id`` measured on the tree at ``root``, in a
    process of its own."""
    command = [sys.executable, HERE, "--json", "--game", game_id, "--positions", str(args.positions),
               "--repeat", str(args.repeat)] + (["--games", str(args.games)] if args.games else [])
    done = subprocess.run(command, env={**os.environ, "ENGINE_SPEED_ROOT": root},
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)[game_id]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="a game to measure (repeatable; default: all four)")
    parser.add_argument("--games", type=int, help="random games per game (default: a few seconds' worth)")
    parser.add_argument("--positions", type=int, default=POSITIONS,
                        help=f"positions to time the primitives on (default {POSITIONS})")
    parser.add_argument("--repeat", type=int, default=REPEAT,
                        help=f"runs of each measure, the best one kept (default {REPEAT})")
    parser.add_argument("--against", metavar="DIR",
                        help="another checkout whose pygame_core is measured in the same run")
    parser.add_argument("--rounds", type=int, default=3,
                        help="with --against: turns each tree takes, the best figure kept (default 3)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    game_ids = args.game or list(PLAYERS)
    if args.json:
        print(json.dumps({g: measure(GAMES[g], args.games or RANDOM_GAMES[g], args.positions, args.repeat)
                          for g in game_ids}))
        return
    print(f"Python {sys.version.split()[0]}")
    if args.against:
        print(f"this tree: {ROOT}\nagainst:   {os.path.abspath(args.against)}")
    for game_id in game_ids:
        games = args.games or RANDOM_GAMES[game_id]
        print(heading(game_id, games, args.positions, args.repeat))
        if not args.against:
            for label, value in measure(GAMES[game_id], games, args.positions, args.repeat).items():
                print(f"{label:<16} {show(label, value)}")
            continue
        here: dict = {}
        there: dict = {}
        for _ in range(args.rounds):
            for root, best in ((ROOT, here), (os.path.abspath(args.against), there)):
                for label, value in measured_in(root, game_id, args).items():
                    better = max if "/s" in label else min
                    best[label] = better(value, best.get(label, value))
        print(f"{'':<16} {'this tree':>10} {'against':>10}  ratio")
        for label in list(here) + [label for label in there if label not in here]:
            a, b = here.get(label), there.get(label)
            if a is None or b is None:
                print(f"{label:<16} {show(label, a) if a is not None else '-':>10} "
                      f"{show(label, b) if b is not None else '-':>10}")
                continue
            print(f"{label:<16} {show(label, a)} {show(label, b)}  {a / b:5.2f}")


if __name__ == "__main__":
    main()
