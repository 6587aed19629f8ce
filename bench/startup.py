"""Time from navigation to a playable board, next to a bare Pyodide boot, in
headless Chromium.

    python3 build.py test --node      # once: creates .venv with Playwright
    .venv/bin/python bench/startup.py [--runs 5]

Each run measures, from navigation start:
  plain   the site booted the plain way, to a playable board: the stock npm
          Pyodide files (stock standard library, compiled at import), the
          rules package as sources only, no memory snapshot; once in a new
          browser profile (first visit), once more in it (return visit: HTTP
          cache warm). This is the bare boot the aims are measured against;
  bare    for reference, a page whose module worker only runs loadPyodide on
          the stock npm files and answers 1 + 1 (Pyodide alone, no page, no
          engine, no board);
  pyc     the same page on the site's Pyodide files (precompiled standard
          library), for reference: Pyodide alone, without page or engine;
  first   the built site opened at a deep link in a new profile (empty cache
          and storage), until #status has data-state="playing";
  return  the same deep link again in that profile, once the first visit has
          stored its memory snapshot: the worker restores it.
It prints the medians with their ratios to the plain boot (of the same kind of
visit, and of a first visit), and the boot phases the worker reports. Figures
only: nothing is asserted.

Each visit pair runs in a browser of its own with a profile on disk, as a
player's browser is: an in-memory (incognito) profile keeps no 9.6 MB wasm
in its HTTP cache, so every visit would compile it again. Service workers are
blocked, so that both pages are served alike (by the HTTP cache).
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
import zipfile
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

DEEP_LINK = "play=kahuna&players=2&seats=h,bot0&seed=3"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 120_000
# A new browser keeps busy for a moment after it starts: let it settle before
# the clock runs.
SETTLE_MS = 1500
# The aims: our visit at most this fraction of the plain boot of the same kind.
AIMS = {"first": 0.45, "return": 0.30}

# ?worker=bare (the stock npm files) or ?worker=pyc (the site's files).
BARE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide boot</title>
<script type="module">
  const name = new URLSearchParams(location.search).get('worker');
  const worker = new Worker(new URL(`${name}-worker.mjs`, location.href), {type: 'module'});
  worker.onmessage = (event) => {
    window.__readyAt = performance.now();
    window.__answer = event.data;
  };
</script>
"""

# Pyodide from /stock/ (the npm package as it is) or /archipel/pyodide/.
BARE_WORKER = """import { loadPyodide } from '../INDEX/pyodide.mjs';
const indexURL = new URL('../INDEX/', import.meta.url).href;
const pyodide = await loadPyodide({indexURL, lockFileContents: {info: LOCK_INFO, packages: {}}});
self.postMessage(pyodide.runPython('1 + 1'));
"""

# Runs in the site's page before its own scripts: notes when #status first
# says "playing", and keeps the `ready` message (boot path and phases).
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

# True once the worker has stored the snapshot for this build.
SNAPSHOT_STORED = """async () => {
  const manifest = await (await fetch('build.json')).json();
  const cache = await caches.open('archipel.snapshot');
  const entry = await cache.match(new URL('engine.snapshot', location.href));
  return !!entry && entry.headers.get('X-Snapshot-Key') === manifest.snapshot_key;
}"""


def make_plain_site(site: Path, manifest: dict) -> None:
    """dist/ with npm's Pyodide files (the stock standard library) and a
    wheel of sources only: the site as it would boot with no start-up work."""
    site.mkdir()
    for entry in build.DIST.iterdir():
        if entry.name not in ("pyodide", "wheels"):
            (site / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    (site / "pyodide").symlink_to(build.PYODIDE_DIR, target_is_directory=True)
    wheel = build.DIST / manifest["wheel"]
    with zipfile.ZipFile(wheel) as source:
        entries = [(info.filename, source.read(info)) for info in source.infolist()
                   if "__pycache__" not in info.filename.split("/")]
    target = site / manifest["wheel"]
    target.parent.mkdir(parents=True)
    target.write_bytes(build.zip_bytes(entries))


def make_bench_root(tmp: Path, manifest: dict) -> Path:
    """tmp/site/ is served: /archipel/ is dist/, /plain/ the plain site,
    /stock/ the npm Pyodide files, /bare/ the bare page. tmp/profiles/ holds
    the browser profiles."""
    site = tmp / "site"
    site.mkdir()
    (site / "archipel").symlink_to(build.DIST, target_is_directory=True)
    make_plain_site(site / "plain", manifest)
    (site / "stock").symlink_to(build.PYODIDE_DIR, target_is_directory=True)
    bare = site / "bare"
    bare.mkdir(parents=True)
    (bare / "index.html").write_text(BARE_PAGE)
    worker = BARE_WORKER.replace("LOCK_INFO", json.dumps(manifest["lock_info"]))
    (bare / "bare-worker.mjs").write_text(worker.replace("INDEX", "stock"))
    (bare / "pyc-worker.mjs").write_text(worker.replace("INDEX", "archipel/pyodide"))
    return tmp


def open_and_wait(page, url: str, ready_expression: str) -> float:
    """Navigate (from about:blank, so that a deep link always loads the page
    anew) and return the milliseconds from navigation to ready."""
    page.goto("about:blank")
    response = page.goto(url)
    if response is not None and response.status >= 400:
        raise RuntimeError(f"{url} answered HTTP {response.status}")
    page.wait_for_function(f"() => {ready_expression} !== undefined", timeout=TIMEOUT_MS, polling=20)
    return page.evaluate(ready_expression)


def wait_for_snapshot(page, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(SNAPSHOT_STORED):
        if time.monotonic() > deadline:
            raise RuntimeError("the first visit stored no snapshot")
        page.wait_for_timeout(100)


def new_profile(playwright, profile: Path):
    """A browser with an empty profile on disk, and its one page."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(build.CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        service_workers="block")
    page = context.pages[0] if context.pages else context.new_page()
    page.wait_for_timeout(SETTLE_MS)
    return context, page


def run_bare(playwright, url: str, profile: Path) -> dict:
    context, page = new_profile(playwright, profile)
    try:
        first = open_and_wait(page, url, "window.__readyAt")
        again = open_and_wait(page, url, "window.__readyAt")
    finally:
        context.close()
    return {"first": first, "return": again}


# The plain boot is asked not to use memory snapshots (the menu's setting).
NO_SNAPSHOTS = "try { localStorage.setItem('archipel.snapshots', 'off'); } catch (e) {}"


def run_plain(playwright, url: str, profile: Path) -> dict:
    context, page = new_profile(playwright, profile)
    context.add_init_script(NO_SNAPSHOTS)
    context.add_init_script(PROBE)
    try:
        first = open_and_wait(page, url, "window.__playingAt")
        again = open_and_wait(page, url, "window.__playingAt")
        ready = page.evaluate("window.__workerReady")
    finally:
        context.close()
    if ready["boot"] != "fresh-no-snapshot-setting" or ready["stdlib"] == "pyc":
        raise RuntimeError(f"the plain site booted {ready['boot']} with a {ready['stdlib']} stdlib")
    return {"first": first, "return": again}


def run_archipel(playwright, url: str, profile: Path) -> dict:
    context, page = new_profile(playwright, profile)
    context.add_init_script(PROBE)
    try:
        first = open_and_wait(page, url, "window.__playingAt")
        first_ready = page.evaluate("window.__workerReady")
        wait_for_snapshot(page)
        again = open_and_wait(page, url, "window.__playingAt")
        again_ready = page.evaluate("window.__workerReady")
    finally:
        context.close()
    return {"first": first, "return": again, "ready": {"first": first_ready, "return": again_ready}}


def measure(base: str, runs: int, profiles: Path) -> dict:
    results = {name: {"first": [], "return": []}
               for name in ("plain", "bare", "pyc", "archipel", "ready")}
    site_url = f"{base}archipel/index.html#{DEEP_LINK}"
    plain_url = f"{base}plain/index.html#{DEEP_LINK}"
    with sync_playwright() as playwright:
        for run in range(runs):
            # Alternate the two pages so that a slow spell of the machine
            # does not land on one of them only.
            plain = run_plain(playwright, plain_url, profiles / f"plain-{run}")
            bare = run_bare(playwright, base + "bare/index.html?worker=bare", profiles / f"bare-{run}")
            pyc = run_bare(playwright, base + "bare/index.html?worker=pyc", profiles / f"pyc-{run}")
            ours = run_archipel(playwright, site_url, profiles / f"archipel-{run}")
            for visit in ("first", "return"):
                results["plain"][visit].append(plain[visit])
                results["bare"][visit].append(bare[visit])
                results["pyc"][visit].append(pyc[visit])
                results["archipel"][visit].append(ours[visit])
                results["ready"][visit].append(ours["ready"][visit])
            paths = "/".join(ours["ready"][v]["boot"] for v in ("first", "return"))
            print(f"run {run + 1}/{runs}: plain {plain['first'] / 1000:5.2f} s, {plain['return'] / 1000:5.2f} s;"
                  f" bare {bare['first'] / 1000:5.2f} s, {bare['return'] / 1000:5.2f} s;"
                  f" pyc {pyc['first'] / 1000:5.2f} s, {pyc['return'] / 1000:5.2f} s;"
                  f" archipel {ours['first'] / 1000:5.2f} s, {ours['return'] / 1000:5.2f} s ({paths})",
                  flush=True)
    return results


def report(results: dict, runs: int) -> None:
    median = {name: {visit: statistics.median(values) for visit, values in visits.items()}
              for name, visits in results.items() if name != "ready"}
    plain_first = median["plain"]["first"]
    print(f"\nnavigation → ready, median of {runs} runs (module worker, headless Chromium)")
    print(f"{'':36} {'median':>8}  {'× plain, same visit':>19}  {'× plain, first visit':>20}")
    rows = [("plain", "plain boot, playable"), ("bare", "Pyodide alone, stock"),
            ("pyc", "Pyodide alone, .pyc stdlib"), ("archipel", "Archipel, playable")]
    for name, label in rows:
        for visit in ("first", "return"):
            value = median[name][visit]
            aim = f"  (aim ≤ {AIMS[visit]:.2f} ×)" if name == "archipel" else ""
            print(f"{label + ', ' + visit:36} {value / 1000:6.2f} s  {value / median['plain'][visit]:18.2f} ×"
                  f"  {value / plain_first:19.2f} ×{aim}")
    for visit in ("first", "return"):
        readies = results["ready"][visit]
        paths = sorted({ready["boot"] for ready in readies})
        phases = sorted({key for ready in readies for key in ready["timings"]})
        medians = ", ".join(
            f"{key} {statistics.median(r['timings'][key] for r in readies if key in r['timings']):.0f}"
            for key in phases
        )
        print(f"worker, {visit} visits ({', '.join(paths)}), median ms: {medians}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of each page (default 5)")
    args = parser.parse_args()

    manifest = build.build(quiet=True)
    with tempfile.TemporaryDirectory(prefix="archipel-bench-") as tmp:
        root = make_bench_root(Path(tmp), manifest)
        server = build.make_server(root / "site", port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            results = measure(base, args.runs, root / "profiles")
        finally:
            server.shutdown()
            server.server_close()
    report(results, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
