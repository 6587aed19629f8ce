"""The ladder's verdicts, as the README's tables: one per game, player count
and variant, from the game-by-game results of ``bench/bots.py``.

    python3 bench/ladder_report.py [--games 200] [--results-dir bench/results]

For each table and each pairing of the issue's aims (the expert against
random play and against the greedy level, and each level against the one
below it) it prints the games played, level A's share (a win shared by k
counts 1/k), its 95% Wilson interval, the aim, the verdict and the CPU
seconds a game took. The verdict is "met" when the whole interval clears
the aim, "not met" when the whole interval falls short of it, and "open"
otherwise, saying on which side the share stands so far.

It reads files only and plays nothing; figures, not a test.
"""

from __future__ import annotations

import argparse
import math
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bots  # noqa: E402

# The tables of the issue: game, players, variant, and the heading.
TABLES = [
    ("kahuna", 2, "", "Kahuna"),
    ("kanaloa", 2, "", "Kanaloa, two players (two colours each)"),
    ("kanaloa", 2, "gods", "Kanaloa, two players, with the gods"),
    ("kanaloa", 4, "", "Kanaloa, four players"),
    ("kanaloa", 4, "gods", "Kanaloa, four players, with the gods"),
    ("moai", 3, "", "Moai, three clans"),
    ("moai", 5, "", "Moai, five clans"),
    ("haleakala", 2, "", "Haleakala, base game"),
    ("haleakala", 2, "tactical", "Haleakala, tactical variant"),
]

PAIRINGS = [(4, 0), (4, 1), (1, 0), (2, 1), (3, 2), (4, 3)]
NAMES = {0: "novice", 1: "casual", 2: "skilled", 3: "strong", 4: "expert"}
Z = 1.959964  # the normal quantile of a two-sided 95% interval


def aim(a: int, b: int, players: int) -> tuple[Fraction, bool, str]:
    """Level A's aim against level B: (bound, strict, words). Against random
    play (B = 0) the expert wins 95% of two-player games or 2.5 times its
    fair share; against the greedy level (B = 1) 75% or twice its fair share;
    any other level beats the one below it: more than the fair share."""
    fair = Fraction(1, players)
    if a == 4 and b == 0:
        bound = Fraction(95, 100) if players == 2 else Fraction(5, 2) * fair
        return bound, False, "≥ 95%" if players == 2 else f"≥ {percent(bound, 1)} (2.5 × 1/{players})"
    if a == 4 and b == 1:
        bound = Fraction(75, 100) if players == 2 else 2 * fair
        return bound, False, "≥ 75%" if players == 2 else f"≥ {percent(bound, 1)} (2 × 1/{players})"
    return fair, True, "> 50%" if players == 2 else f"> {percent(fair, 1)} (1/{players})"


def percent(value, digits: int = 0) -> str:
    text = f"{float(value) * 100:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text + "%"


def wilson(share: float, games: int) -> tuple[float, float]:
    """Wilson's 95% score interval for a share measured over ``games``."""
    denominator = 1 + Z * Z / games
    centre = (share + Z * Z / (2 * games)) / denominator
    half = Z * math.sqrt(share * (1 - share) / games + Z * Z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def verdict(low: float, high: float, share: float, bound: Fraction, strict: bool) -> str:
    target = float(bound)
    if low > target or (not strict and low >= target):
        return "met"
    if high < target or (strict and high <= target):
        return "not met"
    return "open, above so far" if share > target or (not strict and share >= target) else "open, below so far"


def table(results_dir: Path, game_id: str, players: int, variant: str, games: int) -> list[str]:
    suffix = f"-{variant}" if variant else ""
    results = results_dir / f"ladder-{game_id}-{players}p{suffix}.jsonl"
    scores, seconds = bots.ladder(game_id, players, variant, PAIRINGS, games, 1, results, play=False)
    lines = ["| pairing | games | A's share | 95% interval | aim | verdict | CPU s a game |",
             "|---|---|---|---|---|---|---|"]
    for a, b in PAIRINGS:
        bound, strict, words = aim(a, b, players)
        name = f"{a} {NAMES[a]} vs {b} {NAMES[b]}"
        played = scores.get((a, b), [])
        if not played:
            lines.append(f"| {name} | 0 | | | {words} | not played | |")
            continue
        share = sum(played) / len(played)
        low, high = wilson(share, len(played))
        cpu = seconds.get((a, b), [])
        cpu_text = f"{sum(cpu) / len(cpu):.0f}" if cpu else ""
        lines.append(f"| {name} | {len(played)} | {percent(share)} | {low * 100:.0f}–{percent(high)} | {words} "
                     f"| {verdict(low, high, share, bound, strict)} | {cpu_text} |")
    return lines


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="the most games read per pairing")
    parser.add_argument("--results-dir", type=Path, default=bots.ROOT / "bench" / "results")
    args = parser.parse_args(argv)
    for game_id, players, variant, heading in TABLES:
        flags = f"--game {game_id} --players {players}" + (f" --variant {variant}" if variant else "")
        print(f"**{heading}** (`{flags}`):\n")
        print("\n".join(table(args.results_dir, game_id, players, variant, args.games)))
        print()


if __name__ == "__main__":
    main()
