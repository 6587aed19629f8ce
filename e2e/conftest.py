"""The browser-test harness: the built site, served under a sub-path, in
Debian's headless Chromium driven by Playwright's sync API.

Fixtures
    site_url        http://127.0.0.1:PORT/archipel/ — dist/ rebuilt if stale
    browser         one headless Chromium for the whole session
    make_context    make_context(**options) → a context that only reaches
                    localhost; service workers blocked unless
                    service_workers="allow" is passed. Whatever its pages
                    do, the site's Content-Security-Policy must block
                    nothing: a violation fails the test (unless
                    allow_violations=True is passed). Its pages ask for
                    reduced motion, unless the test is marked ``motion``
                    (see MOTION)
    context, page   a fresh local-only context and a page in it
    outside_requests  URLs the page tried to fetch outside localhost (aborted)
    open_game       open_game(page, "play=kahuna&players=2&seats=h,h&seed=5")
                    opens a deep link and waits until the board is playable
    wait_for_state  wait_for_state(page, "playing" | "over" | "loading")
    play_one_turn   play_one_turn(page): clicks [data-choice] elements until
                    the player to move changes or the game ends

The page reports its state on ``#status[data-state]`` (loading, playing, over)
and ``data-to-move`` (docs/protocol.md, section 5); every helper here relies
on that contract only. What a test reads of a page (its status, the choices
on screen, the end screen …) is in ``pages.py``.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from archipel_site.devserver import make_server  # noqa: E402
from archipel_site.paths import DIST  # noqa: E402
from archipel_site.site import build as build_site  # noqa: E402
from pages import BOOT_TIMEOUT_MS, status  # noqa: E402

SUB_PATH = "/archipel/"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Without the background-networking switches Chromium tries to reach Google's
# services at every start, which this closed network refuses noisily.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # WebAssembly compiled by the baseline compiler only. By default V8 also
    # compiles Pyodide's hot functions again, optimised, in the background:
    # that took a third of each boot's processor time (3.7 against 2.4 s of
    # CPU, measured on these two cores) and a browser test boots the engine
    # some two hundred times. The code runs the same; only its speed
    # differs, and a page's answer is mostly drawing.
    "--js-flags=--liftoff-only",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
STEP_TIMEOUT_MS = 30_000
# Console errors and warnings of each open page, quoted when a wait fails.
CONSOLE: dict = {}
# What the Content-Security-Policy blocked, page by page: the browser says it
# in the console (the engine's worker's lines come through the page's), and
# the page's own violation events are written there too.
VIOLATIONS: dict = {}
# The glowing choices pulse and the last move's outline marches for as long
# as they are on screen: in a browser without a graphics card, that repaints
# the board at every frame, and long games spent a third of their time on it.
# So a test's pages ask for reduced motion, as a player may, unless the test
# is marked ``motion``: axe, the policy, every word and the keyboard look at
# the page as it moves. The animations are the stylesheets' alone (the
# scripts do the same either way, bar the table panel's scrolling).
MOTION = "motion"
REPORT_VIOLATIONS = """document.addEventListener('securitypolicyviolation', (event) =>
  console.error(`Content-Security-Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`));"""


# -- the site ------------------------------------------------------------------

@pytest.fixture(scope="session")
def site_url():
    """dist/ served on a free port under /archipel/, as GitHub Pages serves it
    under /<repo>/: a URL that escapes the sub-path fails to load."""
    build_site(quiet=True)  # a no-op when dist/ is up to date
    server = make_server(DIST, port=0, prefix=SUB_PATH, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="e2e-site", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}{SUB_PATH}"
    server.shutdown()
    server.server_close()


# -- the browser -----------------------------------------------------------------

@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def outside_requests():
    return []


def _local_only(outside: list):
    def route(route):
        url = route.request.url
        if urlparse(url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            outside.append(url)
            route.abort("blockedbyclient")
    return route


def pytest_configure(config):
    config.addinivalue_line("markers", f"{MOTION}: the test's pages keep their animations (no reduced motion)")


@pytest.fixture
def make_context(browser, outside_requests, request):
    """Contexts that reach nothing but this machine. Service workers are
    blocked by default: Playwright does not see the requests a service worker
    answers, so only the offline test lets them run."""
    made = []
    watched = []

    def make(**options):
        options.setdefault("service_workers", "block")
        options.setdefault("reduced_motion", "no-preference" if request.node.get_closest_marker(MOTION) else "reduce")
        # A French browser, as most players have: a first visit speaks the
        # browser's language (test_kahuna_play checks an English one).
        options.setdefault("locale", "fr-FR")
        allow_violations = options.pop("allow_violations", False)
        context = browser.new_context(**options)
        context.set_default_timeout(STEP_TIMEOUT_MS)
        context.route("**/*", _local_only(outside_requests))
        context.add_init_script(REPORT_VIOLATIONS)
        context.on("page", watch_console)
        if not allow_violations:
            context.on("page", lambda page: watched.append(page))
        made.append(context)
        return context

    yield make
    for context in made:
        for page in context.pages:
            CONSOLE.pop(page, None)
        try:
            context.close()
        except PlaywrightError:
            pass  # already closed by the test
    blocked = [line for page in watched for line in VIOLATIONS.pop(page, [])]
    if blocked:
        pytest.fail("the Content-Security-Policy blocked:\n  " + "\n  ".join(blocked[:10]))


@pytest.fixture
def context(make_context):
    return make_context()


def watch_console(page) -> list:
    """Keep the page's console errors and uncaught exceptions, so that a test
    that times out says why the page did not get there."""
    lines = CONSOLE.setdefault(page, [])
    blocked = VIOLATIONS.setdefault(page, [])
    page.on("console", lambda message: lines.append(f"console.{message.type}: {message.text}")
            if message.type in ("error", "warning") else None)
    page.on("console", lambda message: blocked.append(message.text)
            if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text else None)
    page.on("pageerror", lambda error: lines.append(f"page error: {error}"))
    page.on("worker", lambda worker: worker.on(
        "close", lambda _: lines.append(f"worker closed: {worker.url}")))
    return lines


@pytest.fixture
def page(context):
    return context.new_page()


# -- driving the page through #status ------------------------------------------------

def _fail_with_console(page, message: str):
    seen = "\n  ".join(CONSOLE.get(page, [])[-15:]) or "(nothing in the console)"
    pytest.fail(f"{message} at {page.url}\n  {seen}")


def wait_for_state(page, state: str = "playing", timeout: int = BOOT_TIMEOUT_MS) -> None:
    # A page without #status at all fails fast instead of after the boot timeout.
    try:
        page.wait_for_selector("#status", state="attached", timeout=min(timeout, STEP_TIMEOUT_MS))
    except PlaywrightTimeout:
        _fail_with_console(page, "the page has no #status element")
    try:
        page.wait_for_selector(f'#status[data-state="{state}"]', state="attached", timeout=timeout)
    except PlaywrightTimeout:
        _fail_with_console(page, f"#status never reached data-state={state!r} in {timeout} ms "
                                 f"(it is {status(page)!r})")


def open_game(page, site_url: str, deep_link: str, timeout: int = BOOT_TIMEOUT_MS):
    """Open `index.html#<deep_link>` and wait until the board is playable."""
    url = f"{site_url}index.html#{deep_link}"
    response = page.goto(url)
    if response is not None and response.status >= 400:
        pytest.fail(f"{url} answered HTTP {response.status}")
    wait_for_state(page, "playing", timeout)
    return page


def play_one_turn(page, max_clicks: int = 40) -> dict:
    """Click the first clickable [data-choice] until the player to move
    changes or the game ends (the contract: choices never lead to a dead end).
    Returns the new status."""
    before = status(page)
    for _ in range(max_clicks):
        choice = page.locator("[data-choice]:visible:not([disabled])").first
        choice.click(timeout=STEP_TIMEOUT_MS)
        page.wait_for_timeout(50)  # let the worker answer and the board redraw
        now = status(page)
        if now and (now["state"] == "over" or (now["state"] == "playing" and now["toMove"] != before["toMove"])):
            return now
    pytest.fail(f"{max_clicks} clicks on [data-choice] did not finish a turn (status {status(page)!r})")


@pytest.fixture(name="wait_for_state")
def wait_for_state_fixture():
    return wait_for_state


@pytest.fixture(name="open_game")
def open_game_fixture(site_url):
    return lambda page, deep_link, timeout=BOOT_TIMEOUT_MS: open_game(page, site_url, deep_link, timeout)


@pytest.fixture(name="play_one_turn")
def play_one_turn_fixture():
    return play_one_turn
