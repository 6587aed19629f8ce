"""Time to a playable board, next to a bare Pyodide boot, in headless Chromium.

    python3 build.py test --node      # once: creates .venv with Playwright
    .venv/bin/python bench/startup.py [--runs 5]

For each run, in a fresh browser context (a first visit) and then once more in
that context (a return visit), it measures from navigation start:
  bare     a page whose module worker only runs loadPyodide (same options as
           ours) and answers 1 + 1;
  archipel the built site opened at a deep link, until #status has
           data-state="playing".
It prints the medians and our extra cost (archipel - bare) relative to bare,
plus the boot phases the worker reports. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
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

import build  # noqa: E402

DEEP_LINK = "play=kahuna&players=2&seats=h,h&seed=5"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 120_000

BARE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide boot</title>
<script type="module">
  const worker = new Worker(new URL('bare-worker.mjs', location.href), {type: 'module'});
  worker.onmessage = (event) => {
    window.__readyAt = performance.now();
    window.__answer = event.data;
  };
</script>
"""

BARE_WORKER = """import { loadPyodide } from '../archipel/pyodide/pyodide.mjs';
const indexURL = new URL('../archipel/pyodide/', import.meta.url).href;
const pyodide = await loadPyodide({indexURL, lockFileContents: {info: LOCK_INFO, packages: {}}});
self.postMessage(pyodide.runPython('1 + 1'));
"""

# Runs in the site's page before its own scripts: notes when #status first
# says "playing", and keeps the `ready` message (boot phases) of any worker.
PROBE = """(() => {
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (event.data && event.data.type === 'ready') window.__workerReady = event.data;
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


def make_bench_root(tmp: Path, manifest: dict) -> Path:
    """One served tree: /archipel/ is dist/, /bare/ the bare page."""
    (tmp / "archipel").symlink_to(build.DIST, target_is_directory=True)
    bare = tmp / "bare"
    bare.mkdir()
    (bare / "index.html").write_text(BARE_PAGE)
    (bare / "bare-worker.mjs").write_text(BARE_WORKER.replace("LOCK_INFO", json.dumps(manifest["lock_info"])))
    return tmp


def visit_twice(browser, url: str, ready_expression: str) -> tuple[float, float, dict | None]:
    """Milliseconds to ready on a first visit and on a second one in the
    same context (HTTP cache and compiled wasm warm)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    times = []
    worker_ready = None
    try:
        for visit in range(2):
            if visit:
                # Not page.reload(): the site drops the deep link from its URL
                # once the game is open. A new navigation loads it again.
                page.goto("about:blank")
            response = page.goto(url)
            if response is not None and response.status >= 400:
                raise RuntimeError(f"{url} answered HTTP {response.status}")
            page.wait_for_function(f"() => {ready_expression} !== undefined", timeout=TIMEOUT_MS, polling=20)
            times.append(page.evaluate(ready_expression))
            worker_ready = page.evaluate("window.__workerReady ?? null") if visit == 0 else worker_ready
    finally:
        context.close()
    return times[0], times[1], worker_ready


def median_seconds(values: list[float]) -> str:
    return f"{statistics.median(values) / 1000:6.2f} s" if values else "     - "


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of each page (default 5)")
    args = parser.parse_args()

    manifest = build.build(quiet=True)
    with tempfile.TemporaryDirectory(prefix="archipel-bench-") as tmp:
        server = build.make_server(make_bench_root(Path(tmp), manifest), port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            results = measure(base, args.runs)
        finally:
            server.shutdown()
            server.server_close()
    report(results, args.runs)
    return 0


def measure(base: str, runs: int) -> dict:
    results = {"bare": ([], []), "archipel": ([], []), "phases": [], "error": None}
    pages = {
        "bare": (base + "bare/index.html", "window.__readyAt"),
        "archipel": (f"{base}archipel/index.html#{DEEP_LINK}", "window.__playingAt"),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), headless=True,
                                             args=CHROMIUM_ARGS)
        try:
            for run in range(runs):
                # Alternate the two pages so that a slow spell of the machine
                # does not land on one of them only.
                for name in ("bare", "archipel"):
                    if name == "archipel" and results["error"]:
                        continue
                    url, expression = pages[name]
                    try:
                        first, again, worker_ready = visit_twice(browser, url, expression)
                    except Exception as error:  # the site may not be playable yet
                        results["error"] = f"{name}: {str(error).splitlines()[0]}"
                        continue
                    results[name][0].append(first)
                    results[name][1].append(again)
                    if worker_ready:
                        results["phases"].append(worker_ready.get("timings", {}))
                    print(f"run {run + 1}/{runs} {name:8} first {first / 1000:5.2f} s, "
                          f"return {again / 1000:5.2f} s", flush=True)
        finally:
            browser.close()
    return results


def report(results: dict, runs: int) -> None:
    print(f"\nnavigation → ready, median of {runs} runs (Pyodide in a module worker, headless Chromium)")
    print(f"{'':28} {'first visit':>12} {'return visit':>13}")
    for name, label in (("bare", "bare Pyodide boot"), ("archipel", "Archipel, playable board")):
        first, again = results[name]
        print(f"{label:28} {median_seconds(first):>12} {median_seconds(again):>13}")
    bare, ours = results["bare"], results["archipel"]
    if bare[0] and ours[0]:
        cells = []
        for index in (0, 1):
            b, o = statistics.median(bare[index]), statistics.median(ours[index])
            cells.append(f"{(o - b) / 1000:+.2f} s {100 * (o - b) / b:+.0f}%")
        print(f"{'extra cost (ours − bare)':28} {cells[0]:>12} {cells[1]:>13}")
    if results["phases"]:
        names = sorted({key for phases in results["phases"] for key in phases})
        medians = ", ".join(
            f"{key} {statistics.median(p[key] for p in results['phases'] if key in p):.0f}"
            for key in names
        )
        print(f"worker boot phases, first visits, median ms: {medians}")
    if results["error"]:
        print(f"\nnot measured: {results['error']}")


if __name__ == "__main__":
    sys.exit(main())
