"""The long runs the test suite samples: many more random games of every
game, player count and variant through the protocol's checks
(``tests/test_protocol.py``), and the expert's whole short game of every
lesson (``tests/test_lessons.py``), which the suite plays for Kahuna only.

Run from the repository root::

    python3 bench/soak.py [--scale 1.0]

``--scale`` is the share of ``GAMES_PER_SETUP`` played (the suite plays
0.2 of it). The checks are the tests' own, run by pytest on every core;
what this prints is the run's figures: its tests, its failures and its time.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ["tests/test_protocol.py", "tests/test_lessons.py::test_the_short_game_is_won_by_following_the_expert_and_stays_open_to_any_player"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="share of the soak's games (the suite: 0.2)")
    args = parser.parse_args()
    env = {**os.environ, "ARCHIPEL_SOAK": str(args.scale)}
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", *TESTS, "-q", "-n", "auto", "-s", "-p", "no:cacheprovider"],
                         cwd=ROOT, env=env, text=True, capture_output=True)
    seconds = time.perf_counter() - started
    wins = re.findall(r"^(\w[\w-]*): random moves win (\d+) of 20 short games$", run.stdout, re.M)
    for name, won in wins:
        print(f"{name:14} random moves win {won:>2} of 20 short games")
    tally = [line for line in run.stdout.splitlines() if re.search(r"\d+ (passed|failed)", line)]
    print(f"scale {args.scale}: {tally[-1].strip('= ') if tally else 'no tally'} in {seconds:.0f} s")
    if run.returncode:
        print(run.stdout[-4000:])
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
