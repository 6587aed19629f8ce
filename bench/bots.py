"""The bot ladder: every level against every other, seats swapped.

    python3 bench/bots.py [--game kahuna] [--games 200] [--levels 0,1,2,3,4]
                          [--jobs 2] [--no-pyodide] [--positions 20]
                          [--results bench/results/ladder-kahuna.jsonl]

For each pair of levels it plays ``--games`` games (half with each level in
the first seat), with the bots' iteration budgets only (``timed=False``), so
that a ladder replays exactly from its seeds whatever the machine does
meanwhile. Each game's result is appended to the ``--results`` file as it
ends, and games already there are not played again: a long ladder can be
stopped and taken up later. The pairings against the weakest levels are played first. It
prints:

* the win rate of the stronger level in each pairing (a draw counts half);
* an Elo estimate per level (Bradley-Terry maximum likelihood over all the
  games, level 0 at 0, with one drawn game added to each pairing so that a
  clean sweep still gives a finite figure);
* milliseconds per decision of each level with its real budget (iterations
  and milliseconds), in CPython and in Pyodide (Node 20, the interpreter of
  the browser's worker), on the same positions: positions with at least two
  legal moves, taken from games between random players.

Figures only; nothing is asserted. Pyodide needs ``python3 build.py`` first
(the wheel in ``dist/``) and Node's ``npm ci``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pygame_core import GAMES, Rng  # noqa: E402
from pygame_core.bots import LEVELS, make_bot  # noqa: E402


# -- the ladder ---------------------------------------------------------------

def play_game(job):
    """One game: ``(game_id, players, level_a, level_b, seed)``, level A in seat
    ``seed % players``, level B in every other seat. A's score: 1 for a win,
    1/k for a win shared by k, 0 for a loss."""
    game_id, players, level_a, level_b, seed = job
    game = GAMES[game_id]
    seat_a = seed % players
    bots = [make_bot(level_a if seat == seat_a else level_b, f"ladder/{seed}/{seat}", timed=False)
            for seat in range(players)]
    state = game.new(players=players, seed=seed)
    steps = 0
    while not state.is_over():
        to_move = state.to_move()
        player = to_move[steps % len(to_move)]
        state.play(player, bots[player].choose(state, player))
        steps += 1
    winners = state.result()["winners"]
    return (level_a, level_b, 1.0 / len(winners) if seat_a in winners else 0.0)


def ladder(game_id, levels, games, jobs, results: Path, play: bool = True):
    players = min(GAMES[game_id].players)
    scores = {}
    done = set()
    if results.exists():
        for line in results.read_text().splitlines():
            entry = json.loads(line)
            key = (entry["a"], entry["b"], entry["seed"])
            if entry["game"] == game_id and key not in done and entry["seed"] < games:
                done.add(key)
                scores.setdefault((entry["a"], entry["b"]), []).append(entry["score"])
    # Against the weakest levels first: the strong levels' results against
    # random and greedy play come early, and are the cheapest.
    pairings = sorted(itertools.combinations(levels, 2))
    work = [(game_id, players, a, b, seed) for a, b in pairings for seed in range(games)
            if (a, b, seed) not in done]
    if done:
        print(f"  {len(done)} games read from {results}, {len(work)} to play", file=sys.stderr)
    if not play:
        return scores
    results.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool, results.open("a") as out:
        for count, (job, (a, b, score)) in enumerate(zip(work, pool.map(play_game, work, chunksize=1)), 1):
            scores.setdefault((a, b), []).append(score)
            out.write(json.dumps({"game": game_id, "a": a, "b": b, "seed": job[4], "score": score}) + "\n")
            out.flush()
            if count % 50 == 0:
                print(f"  {count}/{len(work)} games, {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
    return scores


def elo(levels, scores, iterations=2000):
    """Ratings by Bradley-Terry maximum likelihood (a simple gradient ascent),
    the first level anchored at 0, one virtual draw per pairing."""
    rating = {level: 0.0 for level in levels}
    results = []
    for (a, b), games in scores.items():
        results.append((a, b, sum(games) + 0.5, len(games) + 1))
    scale = 400 / math.log(10)
    for _ in range(iterations):
        gradient = {level: 0.0 for level in levels}
        for a, b, won, played in results:
            expected = played / (1 + math.exp((rating[b] - rating[a]) / scale))
            gradient[a] += won - expected
            gradient[b] -= won - expected
        for level in levels:
            rating[level] += 2.0 * gradient[level]
        anchor = rating[levels[0]]
        for level in levels:
            rating[level] -= anchor
    return rating


# -- thinking time ------------------------------------------------------------

TIMING = """
import json, time
from pygame_core import GAMES, Rng
from pygame_core.bots import make_bot

def positions(game_id, count):
    game = GAMES[game_id]
    found, seed = [], 0
    while len(found) < count:
        state = game.new(players=min(game.players), seed=seed)
        rng = Rng.from_seed(seed)
        step = 0
        while not state.is_over() and len(found) < count:
            player = state.to_move()[0]
            moves = state.legal_moves(player)
            if len(moves) > 1 and step % 7 == 3:
                found.append((state.clone(), player))
            state.play(player, rng.choice(moves))
            step += 1
        seed += 1
    return found

def timing(game_id, levels, count):
    chosen = positions(game_id, count)
    out = {}
    for level in levels:
        times = []
        for i, (state, player) in enumerate(chosen):
            bot = make_bot(level, f"timing/{i}")
            start = time.perf_counter()
            bot.choose(state, player)
            times.append((time.perf_counter() - start) * 1000)
        out[level] = {"mean": sum(times) / len(times), "max": max(times)}
    return json.dumps(out)
"""

PYODIDE_RUNNER = """
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadPyodide } from 'pyodide';
const [root, code, call] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(path.join(root, 'dist', 'build.json'), 'utf8'));
const pyodide = await loadPyodide({ lockFileContents: { info: manifest.lock_info, packages: {} } });
const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(root, 'dist', manifest.wheel))), 'wheel',
                      { extractDir: site });
pyodide.runPython(code);
console.log(pyodide.runPython(call));
"""


def timing_cpython(game_id, levels, count):
    namespace = {}
    exec(TIMING, namespace)
    return {int(k): v for k, v in json.loads(namespace["timing"](game_id, levels, count)).items()}


def timing_pyodide(game_id, levels, count):
    if not (ROOT / "dist" / "build.json").exists():
        return None, "dist/ is missing: run `python3 build.py` first"
    runner = ROOT / "node_modules" / ".cache" / "archipel" / "bots-timing.mjs"
    runner.parent.mkdir(parents=True, exist_ok=True)
    runner.write_text(PYODIDE_RUNNER)
    call = f"timing({game_id!r}, {list(levels)!r}, {count})"
    try:
        run = subprocess.run(["node", str(runner), str(ROOT), TIMING, call], cwd=ROOT,
                             capture_output=True, text=True, timeout=3600,
                             env={**os.environ, "NODE_PATH": str(ROOT / "node_modules")})
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, str(exc)
    if run.returncode != 0:
        return None, run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "node failed"
    return {int(k): v for k, v in json.loads(run.stdout.strip().splitlines()[-1]).items()}, None


# -- report ---------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="kahuna", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--levels", default=",".join(str(level) for level in LEVELS))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--positions", type=int, default=20, help="positions timed per level")
    parser.add_argument("--no-pyodide", action="store_true", help="time CPython only")
    parser.add_argument("--no-ladder", action="store_true", help="time the levels only")
    parser.add_argument("--no-play", action="store_true",
                        help="report the ladder from the results file, playing nothing more")
    parser.add_argument("--results", type=Path, help="the file of game results "
                        "(default: bench/results/ladder-GAME.jsonl)")
    args = parser.parse_args(argv)
    levels = [int(level) for level in args.levels.split(",")]

    print(f"{args.game}: levels {', '.join(f'{l} {LEVELS[l]}' for l in levels)}")
    if not args.no_ladder:
        started = time.perf_counter()
        results = args.results or ROOT / "bench" / "results" / f"ladder-{args.game}.jsonl"
        scores = ladder(args.game, levels, args.games, args.jobs, results, play=not args.no_play)
        print(f"\nladder: {args.games} games per pairing, seats swapped "
              f"({time.perf_counter() - started:.0f} s on {args.jobs} processes this run)")
        counts = sorted({len(games) for games in scores.values()})
        if counts and counts[0] < args.games:
            print(f"(some pairings are not complete yet: {counts[0]} to {counts[-1]} games)")
        print("win rate of the row level against the column level:")
        print("      " + "".join(f"{b:>8}" for b in levels))
        for a in levels:
            cells = []
            for b in levels:
                if a == b:
                    cells.append("     -  ")
                elif (a, b) in scores:
                    cells.append(f"{100 * sum(scores[a, b]) / len(scores[a, b]):7.1f}%")
                elif (b, a) in scores:
                    games = scores[b, a]
                    cells.append(f"{100 * (1 - sum(games) / len(games)):7.1f}%")
                else:
                    cells.append("     ?  ")
            print(f"{a:>4}  " + "".join(cells))
        ratings = elo(levels, scores)
        print("Elo: " + ", ".join(f"{level} {LEVELS[level]} {ratings[level]:+.0f}" for level in levels))

    if args.positions <= 0:
        return
    print(f"\nmilliseconds per decision, {args.positions} positions, real budgets:")
    cpython = timing_cpython(args.game, levels, args.positions)
    pyodide, why = (None, "skipped") if args.no_pyodide else timing_pyodide(
        args.game, levels, args.positions)
    print(f"{'level':<14}{'CPython mean':>14}{'max':>8}{'Pyodide mean':>15}{'max':>8}")
    for level in levels:
        row = f"{level} {LEVELS[level]:<12}{cpython[level]['mean']:>14.0f}{cpython[level]['max']:>8.0f}"
        if pyodide:
            row += f"{pyodide[level]['mean']:>15.0f}{pyodide[level]['max']:>8.0f}"
        print(row)
    if pyodide is None:
        print(f"(Pyodide: {why})")


if __name__ == "__main__":
    main()
