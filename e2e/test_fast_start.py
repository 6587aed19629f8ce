"""Fast start: the site boots from a precompiled standard library, saves a
memory snapshot of the booted engine on a first visit and restores it on the
next; a snapshot that is stale or damaged is thrown away without the player
noticing, and the player can turn the whole thing off.

The tests share one browser context (one "player"), as visits to the site
do; each test first brings the stored snapshot to the state it needs, so
that any of them also runs alone. The worker's `ready` message says how it
booted; the page copies that to <html data-boot>. The last test is a
player's browser of its own, its profile on disk and the service worker
running: a player who closes the browser ten seconds after the first board
finds the snapshot when it is opened again.
"""

from __future__ import annotations

import io
import json
import random
import time
import urllib.request
import zipfile

import pytest

from pages import choices, click_choice, settle, status
from conftest import (CHROMIUM, CHROMIUM_ARGS, CONSOLE, REPORT_VIOLATIONS, STEP_TIMEOUT_MS, VIOLATIONS, _local_only,
                      open_game, watch_console)

# The tests of this module share one player's browser, visit after
# visit (a module fixture): the browser suite runs them in order, on one worker.
pytestmark = pytest.mark.xdist_group("fast_start")

DEEP_LINK = "play=kahuna&players=2&seats=h,bot0&seed=3"
# A player who leaves soon after the first board appears closes the browser
# this long after it is playable (the case the snapshot must be stored in time
# for; a scenario, not a time under test).
LEAVES_AFTER_MS = 10_000
MAX_CLICKS = 4000
SNAPSHOT_WAIT_S = 60

# Keeps the worker's `ready` message (it carries the boot path and the kind
# of standard library) before the page's own scripts run.
KEEP_READY_MESSAGE = """(() => {
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (event.data && event.data.type === 'ready') window.__workerReady = event.data;
      });
    }
  };
})();"""

# The stored snapshot as the worker keeps it, or null: its key, the size of
# the heap it holds, the bytes stored (the heap without its zero pages), and
# whether it reads back whole (js/snapshot.js, unpackSnapshot).
STORED_SNAPSHOT = """async () => {
  const cache = await caches.open('archipel.snapshot');
  const entry = await cache.match(new URL('engine.snapshot', location.href));
  if (!entry) return null;
  const size = Number(entry.headers.get('X-Snapshot-Size'));
  const length = (await entry.clone().arrayBuffer()).byteLength;
  const { unpackSnapshot } = await import(new URL('js/snapshot.js', location.href));
  let whole = true;
  try {
    await unpackSnapshot(new Uint8Array(size), entry.body);
  } catch {
    whole = false;
  }
  return {key: entry.headers.get('X-Snapshot-Key'), size, length, whole};
}"""

# Damage the stored snapshot the way a new release or a failing disk would.
DAMAGE_SNAPSHOT = """async (how) => {
  const cache = await caches.open('archipel.snapshot');
  const url = new URL('engine.snapshot', location.href);
  const entry = await cache.match(url);
  const headers = new Headers(entry.headers);
  let body = new Uint8Array(await entry.arrayBuffer());
  if (how === 'stale') headers.set('X-Snapshot-Key', 'made-by-an-older-build');
  if (how === 'truncated') body = body.slice(0, body.length >> 1);
  if (how === 'garbage') crypto.getRandomValues(body.subarray(0, 65536));
  await cache.put(url, new Response(body, {headers}));
}"""

@pytest.fixture(scope="module")
def player(browser, site_url):
    """One browser context for the whole module: its cache and storage are
    what a returning player brings to the site. Its page starts on the
    site's origin, where the stored snapshot can be read."""
    outside: list = []
    context = browser.new_context(service_workers="block", locale="fr-FR")
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.route("**/*", _local_only(outside))
    context.on("page", watch_console)
    context.add_init_script(KEEP_READY_MESSAGE)
    page = context.new_page()
    page.goto(site_url + "build.json")
    yield page
    context.close()
    assert outside == [], f"requests left localhost: {outside}"


@pytest.fixture(scope="module")
def manifest(site_url):
    with urllib.request.urlopen(site_url + "build.json", timeout=30) as response:
        return json.loads(response.read())


def visit(page, site_url: str) -> dict:
    """Open the deep link anew (from about:blank: the page drops the fragment
    once the game is open) and return the worker's `ready` message."""
    page.goto("about:blank")
    open_game(page, site_url, DEEP_LINK)
    ready = page.evaluate("window.__workerReady")
    assert page.evaluate("document.documentElement.dataset.boot") == ready["boot"]
    return ready


def stored(page):
    return page.evaluate(STORED_SNAPSHOT)


def wait_until(condition, failure: str):
    deadline = time.monotonic() + SNAPSHOT_WAIT_S
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    pytest.fail(f"{failure} within {SNAPSHOT_WAIT_S} s")


def wait_for_snapshot(page, manifest: dict) -> dict:
    """The worker stores the snapshot in the background, once the board is up."""
    def good():
        entry = stored(page)
        return entry if entry and entry["key"] == manifest["snapshot_key"] else None
    return wait_until(good, "no snapshot was stored")


def with_a_snapshot(page, site_url: str, manifest: dict) -> None:
    """Make sure a good snapshot is stored (a first visit stores one)."""
    entry = stored(page)
    if not (entry and entry["key"] == manifest["snapshot_key"]):
        visit(page, site_url)
        wait_for_snapshot(page, manifest)


def play_to_the_end(page, rng: random.Random) -> None:
    for _ in range(MAX_CLICKS):
        settle(page)
        if status(page)["state"] == "over":
            return
        offered = choices(page)
        assert offered, "nothing to choose while playing"
        click_choice(page, rng.choice(offered)[0])
    pytest.fail(f"the game did not end within {MAX_CLICKS} clicks")


def test_the_shipped_standard_library_is_bytecode(site_url):
    with urllib.request.urlopen(site_url + "pyodide/python_stdlib.zip", timeout=30) as response:
        names = zipfile.ZipFile(io.BytesIO(response.read())).namelist()
    assert len([name for name in names if name.endswith(".pyc")]) > 500
    assert [name for name in names if name.endswith(".py")] == []  # no source left to compile
    for needed in ("json/__init__.pyc", "random.pyc", "importlib/util.pyc", "pyodide/__init__.pyc"):
        assert needed in names


def test_a_first_visit_boots_fresh_from_bytecode_and_stores_a_snapshot(player, site_url, manifest):
    ready = visit(player, site_url)
    # The worker reads `json.__file__`: a module imported from the zip's .pyc.
    assert ready["stdlib"] == "pyc"
    assert ready["boot"] == "fresh"  # the first test of the module: a new context
    assert ready["wasm"] == "early"  # compiled from the worker's first moment
    entry = wait_for_snapshot(player, manifest)
    assert entry["whole"] and entry["size"] > 20_000_000
    assert entry["length"] < 0.7 * entry["size"]  # the heap's zero pages are left out


def test_a_return_visit_restores_the_snapshot_and_plays_a_whole_game(player, site_url, manifest):
    with_a_snapshot(player, site_url, manifest)
    # Bots answer at once, so that the game is over in a few hundred clicks.
    player.evaluate("localStorage.setItem('archipel.v1.setup', JSON.stringify({pace: 'instant'}))")
    ready = visit(player, site_url)
    assert ready["boot"] == "snapshot"
    assert ready["stdlib"] == "pyc"
    assert ready["wasm"] == "early"
    play_to_the_end(player, random.Random(3))
    assert status(player)["state"] == "over"
    # The restored snapshot is kept for the next visit.
    assert stored(player)["key"] == manifest["snapshot_key"]


@pytest.mark.parametrize("damage", ["stale", "truncated", "garbage"])
def test_a_bad_snapshot_is_discarded_and_the_game_starts(player, site_url, manifest, damage):
    with_a_snapshot(player, site_url, manifest)
    player.evaluate(DAMAGE_SNAPSHOT, damage)
    ready = visit(player, site_url)
    assert ready["boot"] == "fresh-after-bad-snapshot"
    assert player.locator("#toasts .error").count() == 0, "the player saw an error"
    # The bad one is gone and a good one takes its place.
    entry = wait_for_snapshot(player, manifest)
    assert entry["whole"]


def test_when_the_early_wasm_compile_fails_pyodide_compiles_its_own_copy(player, site_url, manifest):
    # The first request for the wasm (the worker's own, at its first moment)
    # gets a damaged file; Pyodide's request, made later, gets the real one.
    requests = []

    def damage_the_first(route):
        requests.append(route.request.url)
        if len(requests) == 1:
            route.fulfill(status=200, content_type="application/wasm", body=b"\0asm damaged")
        else:
            route.fallback()

    player.route("**/pyodide/pyodide.asm.wasm", damage_the_first)
    try:
        ready = visit(player, site_url)
    finally:
        player.unroute("**/pyodide/pyodide.asm.wasm")
    assert len(requests) == 2
    assert ready["wasm"] == "pyodide"
    assert ready["boot"] in ("fresh", "snapshot")
    assert player.locator("#toasts .error").count() == 0, "the player saw an error"
    assert status(player)["state"] == "playing"


def test_with_fast_start_off_no_snapshot_is_used_or_stored(player, site_url, manifest):
    with_a_snapshot(player, site_url, manifest)
    player.goto("about:blank")
    player.goto(site_url)  # the menu
    fast_start = player.locator("#fast-start")
    assert fast_start.is_checked()
    fast_start.uncheck()
    assert player.evaluate("localStorage.getItem('archipel.snapshots')") == "off"
    wait_until(lambda: stored(player) is None, "the snapshot was not deleted")

    try:
        ready = visit(player, site_url)
        assert ready["boot"] == "fresh-no-snapshot-setting"
        player.wait_for_timeout(1500)  # longer than the worker waits before it stores one
        assert stored(player) is None
    finally:
        player.evaluate("localStorage.removeItem('archipel.snapshots')")

    # Back on: the next visit saves one again.
    assert visit(player, site_url)["boot"] == "fresh"
    wait_for_snapshot(player, manifest)


def open_players_browser(browser, profile, outside: list):
    """The player's own browser on the profile `profile` (on disk, kept
    between launches), the service worker on as players have it, and its
    page. Only localhost is reached, and its pages' policy violations are
    noted (VIOLATIONS) as for every other page."""
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, service_workers="allow")
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.route("**/*", _local_only(outside))
    context.add_init_script(REPORT_VIOLATIONS)
    context.add_init_script(KEEP_READY_MESSAGE)
    page = context.pages[0] if context.pages else context.new_page()
    watch_console(page)
    return context, page


def test_a_player_who_closes_the_browser_soon_after_the_first_board_finds_the_snapshot(
        browser, site_url, tmp_path):
    profile = tmp_path / "profile"
    outside: list = []
    pages = []
    context, first = open_players_browser(browser, profile, outside)
    pages.append(first)
    try:
        assert visit(first, site_url)["boot"] == "fresh"
        first.wait_for_timeout(LEAVES_AFTER_MS)
    finally:
        context.close()  # the whole browser: its tab, the engine's worker, the service worker
    context, again = open_players_browser(browser, profile, outside)
    pages.append(again)
    try:
        ready = visit(again, site_url)
        assert ready["boot"] == "snapshot"
        assert ready["wasm"] == "early"
        assert again.evaluate("document.documentElement.dataset.boot") == "snapshot"
        # The return visit came through the service worker, the players' path.
        assert again.evaluate("!!navigator.serviceWorker.controller")
    finally:
        context.close()
    assert outside == [], f"requests left localhost: {outside}"
    for page in pages:
        CONSOLE.pop(page, None)
    blocked = [line for page in pages for line in VIOLATIONS.pop(page, [])]
    assert blocked == [], f"the Content-Security-Policy blocked: {blocked}"
