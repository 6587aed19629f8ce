"""Time from navigation to a playable board as players get it (the service
worker on), next to bare Pyodide, in headless Chromium.

    python3 build.py test --node      # once: creates .venv with Playwright
    .venv/bin/python bench/startup.py [--runs 5] [--service-worker on|blocked|both]
                                      [--close-after 10]

Every page is visited twice, each time in a browser of its own with a
profile on disk, as a player's browser is: a first visit in a new profile,
then the browser is closed, opened again on the same profile, and the page
opened once more (the return visit). Each run measures, from navigation:
  bare      Pyodide alone, the reference of the aims: a page whose module
            worker runs loadPyodide on npm's files (stock standard library,
            compiled at import) and answers 1 + 1; no page, no engine;
  pyc       the same on the site's Pyodide files (standard library
            precompiled to bytecode): what Pyodide alone costs the site;
  archipel  the built site at a deep link, until #status says "playing".
            Its first visit lasts --close-after seconds after the board is
            playable (a player who leaves then), and the return visit reports
            how the engine booted (<html data-boot>: "snapshot" when the
            first visit's memory snapshot was stored in time) and whether the
            service worker served it.
The service worker runs as it does for players (blocked with
--service-worker blocked; "both" measures the site both ways in each run).
It prints each run, the medians with their ratios to bare Pyodide's first
visit, and where the time goes: the worker's timeline (the `marks` of its
`ready` message), when the page created the worker and drew the board, when
the service worker answered the navigation, and when the first visit had
stored its snapshot and its offline copy. Figures only: nothing is
asserted. The machine's load average is printed with each run; on a busy
machine compare the phases, not the totals.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
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
from archipel_site.paths import CHROMIUM, DIST, PYODIDE_DIR  # noqa: E402
from archipel_site.site import build as build_site  # noqa: E402

DEEP_LINK = "play=kahuna&players=2&seats=h,h&seed=3"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 120_000
# A new browser keeps busy for a moment after it starts: let it settle before
# the clock runs.
SETTLE_MS = 1500
# The aims, as fractions of bare Pyodide's first visit.
AIMS = {"first": 0.45, "return": 0.25}
VISITS = ("first", "return")

# ?worker=bare (the stock npm files) or ?worker=pyc (the site's files). The
# script is a file of its own: the bench's server sends the site's policy,
# which allows no inline script.
BARE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide boot</title>
<script type="module" src="bare.mjs"></script>
"""
BARE_SCRIPT = """const name = new URLSearchParams(location.search).get('worker');
const worker = new Worker(new URL(`${name}-worker.mjs`, location.href), {type: 'module'});
worker.onmessage = (event) => {
  window.__readyAt = performance.now();
  window.__answer = event.data;
};
"""

# Pyodide from /stock/ (the npm package as it is) or /archipel/pyodide/.
BARE_WORKER = """import { loadPyodide } from '../INDEX/pyodide.mjs';
const indexURL = new URL('../INDEX/', import.meta.url).href;
const pyodide = await loadPyodide({indexURL, lockFileContents: {info: LOCK_INFO, packages: {}}});
self.postMessage(pyodide.runPython('1 + 1'));
"""

# Runs in the site's page before its own scripts: notes when #status first
# says "playing", and keeps the worker's `ready` message and when it came.
PROBE = """(() => {
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      window.__workerCreatedAt = performance.now();
      this.addEventListener('message', (event) => {
        if (event.data && event.data.type === 'ready') {
          window.__workerReady = event.data;
          window.__readyAt = performance.now();
        }
      });
    }
  };
  const check = () => {
    const status = document.getElementById('status');
    if (status && status.dataset.state === 'playing' && window.__playingAt === undefined) {
      window.__playingAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
})();"""

# What the page knows once the board is up.
PAGE_FACTS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    boot: document.documentElement.dataset.boot || null,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    ready: window.__workerReady,
    readyAt: window.__readyAt,
    workerCreatedAt: window.__workerCreatedAt,
    playingAt: window.__playingAt,
    navWorkerStart: nav.workerStart,
    navResponseStart: nav.responseStart,
    timeOrigin: performance.timeOrigin,
  };
}"""

# The worker's own downloads: [path, start, response start, response end].
WORKER_FILES = """() => ({
  timeOrigin: performance.timeOrigin,
  files: performance.getEntriesByType('resource').map((e) =>
    [new URL(e.name).pathname.split('/').slice(-1)[0], e.startTime, e.responseStart, e.responseEnd]),
})"""

# After a first visit: is the snapshot stored under this build's key, and
# does a service worker control the page (its offline copy is complete)?
STORED = """async (key) => {
  let snapshot = false;
  if (typeof caches !== 'undefined') {
    const entry = await (await caches.open('archipel.snapshot')).match(new URL('engine.snapshot', location.href));
    snapshot = !!entry && entry.headers.get('X-Snapshot-Key') === key;
  }
  return {snapshot, offline: !!(navigator.serviceWorker && navigator.serviceWorker.controller)};
}"""


def make_bench_root(tmp: Path, manifest: dict) -> Path:
    """tmp/site/ is served: /archipel/ is dist/, /stock/ the npm Pyodide
    files, /bare/ the bare page. tmp/profiles/ holds the browser profiles."""
    site = tmp / "site"
    site.mkdir()
    (site / "archipel").symlink_to(DIST, target_is_directory=True)
    (site / "stock").symlink_to(PYODIDE_DIR, target_is_directory=True)
    bare = site / "bare"
    bare.mkdir(parents=True)
    (bare / "index.html").write_text(BARE_PAGE)
    (bare / "bare.mjs").write_text(BARE_SCRIPT)
    worker = BARE_WORKER.replace("LOCK_INFO", json.dumps(manifest["lock_info"]))
    (bare / "bare-worker.mjs").write_text(worker.replace("INDEX", "stock"))
    (bare / "pyc-worker.mjs").write_text(worker.replace("INDEX", "archipel/pyodide"))
    (tmp / "profiles").mkdir()
    return tmp


def open_browser(playwright, profile: Path, service_workers: str):
    """A browser on the profile `profile` (created when new), and its page."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        service_workers=service_workers)
    page = context.pages[0] if context.pages else context.new_page()
    page.wait_for_timeout(SETTLE_MS)
    return context, page


def open_and_wait(page, url: str, ready_expression: str) -> float:
    """Navigate and return the milliseconds from navigation to ready."""
    response = page.goto(url)
    if response is not None and response.status >= 400:
        raise RuntimeError(f"{url} answered HTTP {response.status}")
    page.wait_for_function(f"() => {ready_expression} !== undefined", timeout=TIMEOUT_MS, polling=20)
    return page.evaluate(ready_expression)


def run_bare(playwright, url: str, profile: Path) -> dict:
    times = {}
    for visit in VISITS:
        context, page = open_browser(playwright, profile, "block")
        try:
            times[visit] = open_and_wait(page, url, "window.__readyAt")
        finally:
            context.close()
    return times


def site_visit(page, url: str) -> dict:
    """Open the site's deep link; what the visit took, and how it went."""
    elapsed = open_and_wait(page, url, "window.__playingAt")
    facts = page.evaluate(PAGE_FACTS)
    files = page.workers[0].evaluate(WORKER_FILES) if page.workers else None
    # Worker times are counted from the worker's creation: moved onto the
    # page's clock (from navigation).
    offset = files["timeOrigin"] - facts["timeOrigin"] if files else 0
    marks = {name: at + offset for name, at in (facts["ready"] or {}).get("marks", {}).items()}
    downloads = {name: [value + offset for value in times] for name, *times in files["files"]} if files else {}
    return {
        "ms": elapsed,
        "boot": facts["boot"],
        "controlled": facts["controlled"],
        "phases": {
            "navigation answered": facts["navResponseStart"],
            "worker created": facts["workerCreatedAt"],
            **{f"worker: {name}": at for name, at in marks.items()},
            **{f"{name} downloaded": times[2] for name, times in downloads.items()
               if name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs")},
            "ready received": facts["readyAt"],
            "playable": facts["playingAt"],
        },
    }


def watch_after_first_visit(page, key: str, seconds: float) -> dict:
    """Stay on the page `seconds` after the board is playable (a player who
    then closes it); note when the snapshot and the offline copy were in."""
    stored_at = {}
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        state = page.evaluate(STORED, key)
        for what, done in state.items():
            if done and what not in stored_at:
                stored_at[what] = round(time.monotonic() - start, 1)
        page.wait_for_timeout(100)
    return stored_at


def run_site(playwright, url: str, profile: Path, service_workers: str, key: str, close_after: float) -> dict:
    context, page = open_browser(playwright, profile, service_workers)
    context.add_init_script(PROBE)
    try:
        first = site_visit(page, url)
        first["stored_at"] = watch_after_first_visit(page, key, close_after)
    finally:
        context.close()
    context, page = open_browser(playwright, profile, service_workers)
    context.add_init_script(PROBE)
    try:
        again = site_visit(page, url)
    finally:
        context.close()
    return {"first": first, "return": again}


def loadavg() -> str:
    return "load " + " ".join(f"{value:.1f}" for value in os.getloadavg())


def describe(visit: dict) -> str:
    served = "service worker" if visit["controlled"] else "network"
    stored = ""
    if "stored_at" in visit:
        stored = ", stored " + ", ".join(f"{what} +{at} s" for what, at in visit["stored_at"].items()) \
            if visit["stored_at"] else ", nothing stored"
    return f"{visit['ms'] / 1000:5.2f} s ({visit['boot']}, {served}{stored})"


def measure(base: str, runs: int, modes: list[str], close_after: float, key: str, profiles: Path) -> dict:
    results = {"bare": [], "pyc": [], **{mode: [] for mode in modes}}
    site_url = f"{base}archipel/index.html#{DEEP_LINK}"
    with sync_playwright() as playwright:
        for run in range(runs):
            before = loadavg()
            # The pages take turns, so that a slow spell of the machine does
            # not land on one of them only.
            results["bare"].append(run_bare(playwright, base + "bare/index.html?worker=bare", profiles / f"bare-{run}"))
            for mode in modes:
                results[mode].append(run_site(playwright, site_url, profiles / f"{mode}-{run}",
                                              "allow" if mode == "on" else "block", key, close_after))
            results["pyc"].append(run_bare(playwright, base + "bare/index.html?worker=pyc", profiles / f"pyc-{run}"))
            bare, pyc = results["bare"][-1], results["pyc"][-1]
            line = (f"run {run + 1}/{runs} ({before}): bare {bare['first'] / 1000:.2f} s, {bare['return'] / 1000:.2f} s;"
                    f" pyc {pyc['first'] / 1000:.2f} s, {pyc['return'] / 1000:.2f} s")
            for mode in modes:
                site = results[mode][-1]
                line += f"\n    service worker {mode}: first {describe(site['first'])}; return {describe(site['return'])}"
            print(line, flush=True)
    return results


def median(values) -> float:
    values = [value for value in values if value is not None]
    return statistics.median(values) if values else float("nan")


def cell(ms: float, reference: float, path: str = "") -> str:
    return f"{ms / 1000:6.2f} s {ms / reference:5.2f} × {path:<9}"


def report(results: dict, modes: list[str], runs: int) -> None:
    reference = median(run["first"] for run in results["bare"])
    print(f"\nnavigation → ready, median of {runs} runs; × = ratio to bare Pyodide's first visit "
          f"({reference / 1000:.2f} s)")
    print(f"{'':40}" + "".join(f"{'service worker ' + mode:<28}" for mode in modes))
    for name, label in (("bare", "bare Pyodide (stock, no page)"), ("pyc", "Pyodide, .pyc stdlib (no page)")):
        for visit in VISITS:
            value = median(run[visit] for run in results[name])
            print(f"{label + ', ' + visit:40}" + f"{cell(value, reference):<28}" * len(modes))
    for visit in VISITS:
        cells = ""
        for mode in modes:
            visits = [run[visit] for run in results[mode]]
            paths = "/".join(sorted({v["boot"] or "?" for v in visits}))
            cells += f"{cell(median(v['ms'] for v in visits), reference, paths):<28}"
        print(f"{'Archipel, ' + visit:40}{cells}(aim ≤ {AIMS[visit]:.2f} ×)")
    for mode in modes:
        for visit in VISITS:
            visits = [run[visit] for run in results[mode]]
            names = []
            for v in visits:
                names += [name for name in v["phases"] if name not in names]
            timeline = [(name, median(v["phases"].get(name) for v in visits)) for name in names]
            timeline.sort(key=lambda item: item[1])
            served = sum(v["controlled"] for v in visits)
            print(f"\nservice worker {mode}, {visit} visits ({served}/{len(visits)} served by the service worker),"
                  " median ms after navigation:")
            print("  " + ", ".join(f"{name} {at:.0f}" for name, at in timeline))
            if visit == "first":
                for what in ("snapshot", "offline") if mode == "on" else ("snapshot",):
                    times = [v["stored_at"].get(what) for v in visits]
                    done = [t for t in times if t is not None]
                    print(f"  {what} stored: {len(done)}/{len(times)} visits, median {median(done):.1f} s"
                          " after the board was playable")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of each page (default 5)")
    parser.add_argument("--service-worker", choices=("on", "blocked", "both"), default="on",
                        help="the site with its service worker (players' way, the default), blocked, or both")
    parser.add_argument("--close-after", type=float, default=10,
                        help="seconds the first visit stays open once the board is playable (default 10)")
    args = parser.parse_args()
    modes = ["on", "blocked"] if args.service_worker == "both" else [args.service_worker]

    manifest = build_site(quiet=True)
    print(f"build {manifest['hash']}, Pyodide {manifest['pyodide']}, {loadavg()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="archipel-bench-") as tmp:
        root = make_bench_root(Path(tmp), manifest)
        server = make_server(root / "site", port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            results = measure(base, args.runs, modes, args.close_after, manifest["snapshot_key"], root / "profiles")
        finally:
            server.shutdown()
            server.server_close()
    report(results, modes, args.runs)
    print(f"\n{loadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
