"""The bot ladder: levels against each other, seats rotated.

    python3 bench/bots.py [--game kahuna] [--players 2] [--variant gods]
                          [--games 200] [--levels 0,1,2,3,4] [--pairings 4-0,4-1]
                          [--jobs 2] [--no-pyodide] [--positions 20] [--results FILE]

A pairing ``A-B`` is one bot of level A against ``players - 1`` bots of level
B; level A sits in seat ``seed % players``, so its seat turns round the table
from one game to the next. ``--variant`` turns options on (``gods``,
``tactical``; ``no-NAME`` turns a default option off). Without
``--pairings``, every pair of ``--levels`` is played, the weaker level as B.

Each pairing plays ``--games`` games with the bots' iteration budgets only
(``timed=False``), so that a ladder replays exactly from its seeds whatever the
machine does meanwhile. Each game's result is appended to the results file as
it ends (by default ``bench/results/ladder-GAME-Np[-VARIANT].jsonl``, one file
per game, player count and variant), and games already there are not played
again: a long ladder can be stopped and taken up later, pairing by pairing.
It prints:

* the share of games won by level A in each pairing (a win shared by k counts
  1/k), with two players as a table of every level against every other; with
  more players also as a multiple of the fair share 1/N;
* with two players, an Elo estimate per level (Bradley-Terry maximum
  likelihood over all the games, level 0 at 0, with one drawn game added to
  each pairing so that a clean sweep still gives a finite figure);
* the CPU seconds a game of each pairing took, and what the rest would take;
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

def variant_options(game_id, variant: str) -> dict:
    """The options a variant name turns on (``gods``) or off (``no-eruption``)."""
    game = GAMES[game_id]
    options = {}
    words = [word for word in (variant or "").split(",") if word]
    for word in words:
        value = not word.startswith("no-")
        name = word[3:] if not value else word
        if name not in game.options:
            raise SystemExit(f"{game_id} has no option {name!r} (it has {', '.join(game.options) or 'none'})")
        options[name] = value
    return options


def play_game(job):
    """One game: ``(game_id, players, options, level_a, level_b, seed)``,
    level A in seat ``seed % players``, level B in every other seat. A's score:
    1 for a win, 1/k for a win shared by k, 0 for a loss; and the CPU seconds
    the game took."""
    game_id, players, options, level_a, level_b, seed = job
    started = time.process_time()
    game = GAMES[game_id]
    seat_a = seed % players
    bots = [make_bot(level_a if seat == seat_a else level_b, f"ladder/{seed}/{seat}", timed=False)
            for seat in range(players)]
    state = game.new(players=players, seed=seed, **options)
    steps = 0
    while not state.is_over():
        to_move = state.to_move()
        player = to_move[steps % len(to_move)]
        state.play(player, bots[player].choose(state, player))
        steps += 1
    winners = state.result()["winners"]
    score = 1.0 / len(winners) if seat_a in winners else 0.0
    return level_a, level_b, score, time.process_time() - started


def read_results(results: Path, game_id, players, variant, pairings, games):
    """The games of ``pairings`` already played: ``{(a, b): {seed: (score,
    seconds)}}``. With two players a game recorded as B against A counts for
    A against B (its score turned round), so that a ladder played the other
    way round is read too."""
    played = {}
    if not results.exists():
        return played
    wanted = set(pairings)
    swapped = []
    for line in results.read_text().splitlines():
        entry = json.loads(line)
        if (entry["game"] != game_id or entry.get("players", players) != players
                or entry.get("variant", "") != variant or entry["seed"] >= games):
            continue
        pairing = (entry["a"], entry["b"])
        outcome = (entry["score"], entry.get("seconds"))
        if pairing in wanted:
            played.setdefault(pairing, {}).setdefault(entry["seed"], outcome)
        elif players == 2 and pairing[::-1] in wanted:
            swapped.append((pairing[::-1], entry["seed"], (1.0 - outcome[0], outcome[1])))
    for pairing, seed, outcome in swapped:
        played.setdefault(pairing, {}).setdefault(seed, outcome)
    return played


def ladder(game_id, players, variant, pairings, games, jobs, results: Path, play: bool = True):
    """Play what is missing of ``pairings`` (a list of ``(a, b)``); the scores
    and CPU seconds of every game, per pairing."""
    options = variant_options(game_id, variant)
    played = read_results(results, game_id, players, variant, pairings, games)
    work = [(game_id, players, options, a, b, seed) for a, b in pairings for seed in range(games)
            if seed not in played.get((a, b), {})]
    done = sum(len(played.get(pairing, {})) for pairing in pairings)
    if done:
        print(f"  {done} games read from {results}, {len(work)} to play", file=sys.stderr)
    if play and work:
        results.parent.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        with ProcessPoolExecutor(max_workers=jobs) as pool, results.open("a") as out:
            outcomes = pool.map(play_game, work, chunksize=1)
            for count, (job, (a, b, score, seconds)) in enumerate(zip(work, outcomes), 1):
                played.setdefault((a, b), {})[job[5]] = (score, seconds)
                out.write(json.dumps({"game": game_id, "players": players, "variant": variant,
                                      "a": a, "b": b, "seed": job[5], "score": score,
                                      "seconds": round(seconds, 2)}) + "\n")
                out.flush()
                if count % 10 == 0 or count == len(work):
                    print(f"  {count}/{len(work)} games, {time.perf_counter() - started:.0f} s",
                          file=sys.stderr, flush=True)
    scores = {pairing: [score for score, _ in played[pairing].values()]
              for pairing in pairings if played.get(pairing)}
    seconds = {pairing: [s for _, s in played[pairing].values() if s is not None]
               for pairing in pairings if played.get(pairing)}
    return scores, seconds


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

def positions(game_id, players, options, count):
    game = GAMES[game_id]
    found, seed = [], 0
    while len(found) < count:
        state = game.new(players=players, seed=seed, **options)
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

def timing(game_id, players, options, levels, count):
    chosen = positions(game_id, players, options, count)
    out = {}
    for level in levels:
        times, iterations = [], []
        for i, (state, player) in enumerate(chosen):
            bot = make_bot(level, f"timing/{i}")
            start = time.perf_counter()
            if hasattr(bot, "search"):
                search = bot.search(state, player)
                search.run()
                search.best_move()
                iterations.append(search.iterations)
            else:
                bot.choose(state, player)
            times.append((time.perf_counter() - start) * 1000)
        out[level] = {"mean": sum(times) / len(times), "max": max(times),
                      "iterations": sum(iterations) / len(iterations) if iterations else None}
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


def timing_cpython(game_id, players, options, levels, count):
    namespace = {}
    exec(TIMING, namespace)
    out = namespace["timing"](game_id, players, options, levels, count)
    return {int(k): v for k, v in json.loads(out).items()}


def timing_pyodide(game_id, players, options, levels, count):
    if not (ROOT / "dist" / "build.json").exists():
        return None, "dist/ is missing: run `python3 build.py` first"
    runner = ROOT / "node_modules" / ".cache" / "archipel" / "bots-timing.mjs"
    runner.parent.mkdir(parents=True, exist_ok=True)
    runner.write_text(PYODIDE_RUNNER)
    call = f"timing({game_id!r}, {players}, {options!r}, {list(levels)!r}, {count})"
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

def parse_pairings(text, levels):
    """``"4-0,4-1"`` as ``[(4, 0), (4, 1)]``; every pair of ``levels`` (the
    weaker as B, against the weakest first) when ``text`` is empty."""
    if not text:
        return [(b, a) for a, b in sorted(itertools.combinations(sorted(levels), 2))]
    pairings = []
    for word in text.split(","):
        a, _, b = word.partition("-")
        pairing = (int(a), int(b))
        if pairing[0] not in LEVELS or pairing[1] not in LEVELS or pairing[0] == pairing[1]:
            raise SystemExit(f"no pairing {word!r}: two different levels of {sorted(LEVELS)}")
        pairings.append(pairing)
    return pairings


def print_two_players(levels, scores):
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="kahuna", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, help="players at the table (default: the fewest)")
    parser.add_argument("--variant", default="", help="options on, comma-separated "
                        "(gods, tactical ...; no-NAME turns one off)")
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--levels", default=",".join(str(level) for level in LEVELS))
    parser.add_argument("--pairings", default="", help="A-B pairs, comma-separated "
                        "(default: every pair of --levels)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--positions", type=int, default=20, help="positions timed per level")
    parser.add_argument("--no-pyodide", action="store_true", help="time CPython only")
    parser.add_argument("--no-ladder", action="store_true", help="time the levels only")
    parser.add_argument("--no-play", action="store_true",
                        help="report the ladder from the results file, playing nothing more")
    parser.add_argument("--results", type=Path, help="the file of game results "
                        "(default: bench/results/ladder-GAME-Np[-VARIANT].jsonl)")
    args = parser.parse_args(argv)
    game = GAMES[args.game]
    players = args.players or min(game.players)
    if players not in game.players:
        raise SystemExit(f"{args.game} is played by {game.players} players, not {players}")
    variant = "-".join(word for word in args.variant.split(",") if word)
    options = variant_options(args.game, args.variant)
    levels = [int(level) for level in args.levels.split(",")]
    pairings = parse_pairings(args.pairings, levels)
    if args.pairings:
        levels = sorted({level for pairing in pairings for level in pairing})
    name = f"{args.game}-{players}p" + (f"-{variant}" if variant else "")

    print(f"{name}: levels {', '.join(f'{l} {LEVELS[l]}' for l in levels)}")
    if not args.no_ladder:
        started = time.perf_counter()
        results = args.results or ROOT / "bench" / "results" / f"ladder-{name}.jsonl"
        scores, seconds = ladder(args.game, players, variant, pairings, args.games, args.jobs,
                                 results, play=not args.no_play)
        print(f"\nladder: up to {args.games} games per pairing, seats rotated "
              f"({time.perf_counter() - started:.0f} s on {args.jobs} processes this run)")
        fair = 1 / players
        print(f"{'pairing':<10}{'games':>7}{'A wins':>9}{'x fair':>8}{'CPU s/game':>12}{'to finish':>11}")
        for a, b in pairings:
            games = scores.get((a, b), [])
            times = seconds.get((a, b), [])
            if not games:
                print(f"{a}-{b:<8}{0:>7}")
                continue
            share = sum(games) / len(games)
            row = f"{a}-{b:<8}{len(games):>7}{100 * share:>8.1f}%{share / fair:>8.2f}"
            if times:
                per_game = sum(times) / len(times)
                row += f"{per_game:>12.1f}{(args.games - len(games)) * per_game:>10.0f}s"
            print(row)
        if players == 2 and scores:
            print()
            print_two_players(levels, scores)

    if args.positions <= 0:
        return
    print(f"\nmilliseconds per decision, {args.positions} positions of {name}, real budgets:")
    cpython = timing_cpython(args.game, players, options, levels, args.positions)
    pyodide, why = (None, "skipped") if args.no_pyodide else timing_pyodide(
        args.game, players, options, levels, args.positions)
    print(f"{'level':<14}{'CPython mean':>14}{'max':>8}{'iterations':>12}"
          f"{'Pyodide mean':>15}{'max':>8}{'iterations':>12}")
    for level in levels:
        row = f"{level} {LEVELS[level]:<12}"
        for figures in (cpython, pyodide) if pyodide else (cpython,):
            done = figures[level]["iterations"]
            row += (f"{figures[level]['mean']:>{14 if figures is cpython else 15}.0f}"
                    f"{figures[level]['max']:>8.0f}" + (f"{done:>12.0f}" if done is not None else " " * 12))
        print(row)
    print("(iterations: the mean a search made before its choice, within its budget)")
    if pyodide is None:
        print(f"(Pyodide: {why})")


if __name__ == "__main__":
    main()
