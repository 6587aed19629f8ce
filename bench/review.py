"""How long the review's whole-game analysis takes, as a player waits for
it: the longest game of each game, analysed in headless Chromium.

    python3 build.py test --node      # once: creates .venv with Playwright
    .venv/bin/python bench/review.py [--games kahuna,moai] [--seeds 6] [--no-single] [--no-cpython]

The longest game: for each game at its largest table, ``--seeds`` games
between casual bots (level 1), the one with the most decisions. Each is
analysed as a player has it: the site was visited before (the service
worker on, its offline copy and engine snapshot stored), the browser closed
and opened again, the record loaded with "Load", "Analyse" pressed. Printed
for each game, beside its moves and decisions:

  pool      the page as it runs on this machine: its engine and the helper
            engines the device allows (one a core beside its own, within a
            quarter of the memory): the quick pass's graph, then the
            whole analysis judged (each player's luck shown);
  single    the same page told the device has one core: its engine alone
            (the reference for the helpers);
  cpython   the same analysis in this process's CPython, one core (the
            engine's speed without the browser);
  again     the review opened again from the menu's finished games: the
            analysis kept with the record, judged again, nothing analysed;
  memory    what the browser's renderer holds before the analysis (the
            page and its engine), at the analysis's peak, and the difference
            for each helper engine.

Figures only: nothing is asserted. The load average is printed with each
game; on a busy machine the times are not comparable.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    venv_python = ROOT / ".venv" / "bin" / "python"
    if venv_python.exists() and Path(sys.executable) != venv_python:
        os.execv(str(venv_python), [str(venv_python), *sys.argv])
    sys.exit("Playwright is missing: run `python3 build.py test` once to create .venv")

from archipel_site.devserver import make_server  # noqa: E402
from archipel_site.paths import CHROMIUM  # noqa: E402
from archipel_site.site import build as build_site  # noqa: E402
from pygame_core.bots import make_bot  # noqa: E402
from pygame_core.games import GAMES  # noqa: E402
from pygame_core.match import Match  # noqa: E402
from pygame_core.review import Analysis, Review  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
BOOT_MS = 120_000
ANALYSIS_MS = 900_000
MENU_READY = "#play-button:not([disabled])"
# The page told the device has one core (the "single" reference).
ONE_CORE = "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 1});"


def longest_game(game: str, seeds: int) -> Match:
    """The game with the most decisions of ``seeds`` between casual bots at
    the game's largest table."""
    players = max(GAMES[game].players)
    best: tuple[int, Match] | None = None
    for seed in range(1, seeds + 1):
        match = Match(game, players, seed, seats=["bot1"] * players, names=[f"P{p + 1}" for p in range(players)])
        ply = 0
        while not match.state.is_over():
            player = match.state.to_move()[0]
            match.play(player, str(make_bot(1, f"{seed}/{ply}").choose(match.state, player)))
            ply += 1
        decisions = len(Review(match).decisions())
        if best is None or decisions > best[0]:
            best = (decisions, match)
    assert best is not None
    return best[1]


def renderer_mb() -> float:
    """What Chromium's renderer processes hold, in MB (resident)."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"chromium" not in command or b"--type=renderer" not in command:
                continue
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def open_browser(playwright, profile: Path, one_core: bool):
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        service_workers="allow", viewport={"width": 1366, "height": 800}, locale="fr-FR")
    if one_core:
        context.add_init_script(ONE_CORE)
    page = context.pages[0] if context.pages else context.new_page()
    return context, page


def first_visit(playwright, profile: Path, url: str) -> None:
    """A player's earlier visit: the menu, then a few seconds for the
    offline copy and the engine's snapshot to be stored."""
    context, page = open_browser(playwright, profile, False)
    try:
        page.goto(url)
        page.wait_for_selector(MENU_READY, timeout=BOOT_MS)
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller", timeout=BOOT_MS)
        page.wait_for_timeout(8000)
    finally:
        context.close()


def analyse_in_browser(playwright, profile: Path, url: str, record: dict, one_core: bool) -> dict:
    """Open the browser again, load the record, press "Analyse": the
    times of the quick graph and of the judged analysis, the memory, and the
    review opened again."""
    context, page = open_browser(playwright, profile, one_core)
    try:
        page.goto(url)
        page.wait_for_selector(MENU_READY, timeout=BOOT_MS)
        page.set_input_files("#load-file", files=[{"name": "longest.json", "mimeType": "application/json",
                                                  "buffer": json.dumps(record).encode()}])
        page.wait_for_selector(f'#review[data-plies="{len(record["moves"])}"]', timeout=BOOT_MS)
        page.wait_for_timeout(1500)
        before = renderer_mb()
        helpers = page.evaluate("() => navigator.hardwareConcurrency")
        started = time.perf_counter()
        page.click('#review [data-review="analyse"]')
        page.wait_for_selector('svg[data-graph="estimate"]', timeout=ANALYSIS_MS)
        graph = time.perf_counter() - started
        peak = renderer_mb()
        while not page.locator("#review [data-luck]").count():
            if time.perf_counter() - started > ANALYSIS_MS / 1000:
                raise TimeoutError("the analysis did not end")
            peak = max(peak, renderer_mb())
            page.wait_for_timeout(250)
        judged = time.perf_counter() - started
        # Opened again from the menu's finished games: the analysis kept.
        page.click("#menu-button")
        page.wait_for_selector(MENU_READY, timeout=BOOT_MS)
        started = time.perf_counter()
        page.locator(".resume.finished .review-button").first.click()
        page.wait_for_selector("#review [data-luck]", timeout=BOOT_MS)
        again = time.perf_counter() - started
        return {"graph": graph, "judged": judged, "again": again, "before": before, "peak": peak, "cores": helpers}
    finally:
        context.close()


def analyse_in_cpython(match: Match) -> float:
    review = Review(match)
    started = time.perf_counter()
    analysis = Analysis(review, review.analysis_iterations())
    results: list = []
    while not analysis.done:
        results += analysis.run(1000)
    review.judge(results)
    return time.perf_counter() - started


def loadavg() -> str:
    return "load " + " ".join(f"{value:.1f}" for value in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES), help="games, by id, comma-separated")
    parser.add_argument("--seeds", type=int, default=6, help="games played to find the longest (default 6)")
    parser.add_argument("--no-single", action="store_true", help="skip the one-core reference")
    parser.add_argument("--no-cpython", action="store_true", help="skip the CPython reference")
    args = parser.parse_args()
    manifest = build_site(quiet=True)
    print(f"build {manifest['hash']}, Pyodide {manifest['pyodide']}, {os.cpu_count()} cores, {loadavg()}", flush=True)
    rows = []
    with tempfile.TemporaryDirectory(prefix="archipel-review-") as tmp:
        server = make_server(ROOT / "dist", port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            with sync_playwright() as playwright:
                for game in args.games.split(","):
                    match = longest_game(game, args.seeds)
                    record = match.to_record()
                    decisions = len(Review(match).decisions())
                    # Each mode on a profile of its own (a profile keeps the analysis).
                    profile = Path(tmp) / f"{game}-pool"
                    first_visit(playwright, profile, url)
                    pool = analyse_in_browser(playwright, profile, url, record, False)
                    single = None
                    if not args.no_single:
                        profile = Path(tmp) / f"{game}-single"
                        first_visit(playwright, profile, url)
                        single = analyse_in_browser(playwright, profile, url, record, True)
                    cpython = None if args.no_cpython else analyse_in_cpython(match)
                    row = {"game": game, "players": match.players, "moves": len(record["moves"]),
                           "decisions": decisions, "pool": pool, "single": single, "cpython": cpython}
                    rows.append(row)
                    print(json.dumps(row), loadavg(), flush=True)
        finally:
            server.shutdown()
            server.server_close()
    print("\n| game | moves | decisions | pool: graph | pool: judged | single engine | CPython | again "
          "| renderer before | peak |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        pool, single, cpython = row["pool"], row["single"], row["cpython"]
        alone = "–" if single is None else f"{single['judged']:.1f} s"
        reference = "–" if cpython is None else f"{cpython:.1f} s"
        print(f"| {row['game']} ({row['players']}) | {row['moves']} | {row['decisions']} | {pool['graph']:.1f} s "
              f"| {pool['judged']:.1f} s | {alone} | {reference} | {pool['again']:.2f} s "
              f"| {pool['before']:.0f} MB | {pool['peak']:.0f} MB |")
    print(f"\n{loadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
