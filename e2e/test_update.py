"""A new build while a page of the old one is open: the open page goes on
with its own build to the end (its renderers, its engine, its files), is
offered a reload on the menu, and the next page opened is wholly the new
build. Once no page of the old build is open, its cache is deleted.

The site is built twice into a directory of this test's own (the second
time with a changed renderer and page script), served by one server; the
service worker runs for real. Playwright does not see the requests a
service worker answers, so the test reads what the pages run: the build of
their engine (<html data-build>), what a renderer's code did, and what the
service worker hands them.
"""

from __future__ import annotations

import shutil
import threading
from urllib.parse import urlparse

import pytest

from archipel_site.devserver import make_server  # noqa: E402
from archipel_site.paths import WEB  # noqa: E402
from archipel_site.site import build as build_site  # noqa: E402
from conftest import BOOT_TIMEOUT_MS, LOCAL_HOSTS, STEP_TIMEOUT_MS, play_one_turn, watch_console

SUB_PATH = "/archipel/"
KAHUNA = "play=kahuna&players=2&seats=h,bot0&seed=5"
MOAI = "play=moai&players=2&seats=h,bot0&seed=5"
# Added to the second build's Moai renderer and page script.
MOAI_MARK = "\ndocument.documentElement.dataset.moaiBuild = 'second';\n"
APP_MARK = "\ndocument.documentElement.dataset.appBuild = 'second';\n"

CACHED_BUILDS = """async () => (await caches.keys()).filter((name) => name.startsWith('archipel-')).sort()"""
SERVED_BUILD = """async () => (await (await fetch('build.json')).json()).hash"""


@pytest.fixture
def two_builds(tmp_path):
    """A copy of the front end, built into its own dist/ and served; the
    fixture gives the URL and a function that makes the second build."""
    web, dist = tmp_path / "web", tmp_path / "dist"
    shutil.copytree(WEB, web)
    first = build_site(quiet=True, web=web, dist=dist)
    server = make_server(dist, port=0, prefix=SUB_PATH, quiet=True)
    threading.Thread(target=server.serve_forever, name="update-site", daemon=True).start()
    host, port = server.server_address[:2]

    def rebuild():
        for path, mark in (("js/games/moai/renderer.js", MOAI_MARK), ("js/app.js", APP_MARK)):
            with open(web / path, "a", encoding="utf-8") as handle:
                handle.write(mark)
        return build_site(quiet=True, web=web, dist=dist)

    yield f"http://{host}:{port}{SUB_PATH}", first["hash"], rebuild
    server.shutdown()
    server.server_close()


def html_data(page, name):
    return page.evaluate(f"document.documentElement.dataset.{name} ?? null")


def wait_playing(page):
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)


def test_an_open_page_keeps_its_build_and_the_next_load_is_wholly_new(browser, two_builds):
    site, first, rebuild = two_builds
    outside = []
    context = browser.new_context(service_workers="allow", locale="fr-FR")
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.route("**/*", lambda route: route.continue_() if urlparse(route.request.url).hostname in LOCAL_HOSTS
                  else (outside.append(route.request.url), route.abort("blockedbyclient")))
    context.on("page", watch_console)

    # A first visit caches the first build; a return visit runs it from there.
    page = context.new_page()
    page.goto(f"{site}#{KAHUNA}")
    wait_playing(page)
    page.wait_for_function("() => !!navigator.serviceWorker.controller", polling=250, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(f"async () => (await caches.keys()).includes('archipel-{first}')", polling=250)
    page.goto("about:blank")
    page.goto(f"{site}#{KAHUNA}")
    wait_playing(page)
    assert html_data(page, "build") == first
    play_one_turn(page)

    # The site changes; the browser finds the new service worker (as it does
    # at a navigation), which caches the new build and takes over.
    second = rebuild()["hash"]
    assert second != first
    page.evaluate("""() => {
      window.__takenOver = new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      return navigator.serviceWorker.getRegistration().then((r) => r.update());
    }""")
    page.evaluate("() => window.__takenOver")
    page.wait_for_function("() => navigator.serviceWorker.controller.state === 'activated'", polling=250)
    assert f"archipel-{second}" in page.evaluate(CACHED_BUILDS)

    # The open page keeps working, with its own build: the game goes on, the
    # files it fetches are its build's, and Moai (not loaded yet) starts with
    # the first build's renderer under the first build's page and engine.
    play_one_turn(page)
    assert page.evaluate(SERVED_BUILD) == first
    assert page.is_hidden("#update-offer"), "no offer in the middle of a game"
    page.goto(f"{site}#{MOAI}")   # a new game from a link: the same page
    wait_playing(page)
    play_one_turn(page)
    assert html_data(page, "moaiBuild") is None
    assert html_data(page, "appBuild") is None
    assert html_data(page, "build") == first
    assert sorted(page.evaluate(CACHED_BUILDS)) == sorted([f"archipel-{first}", f"archipel-{second}"])

    # Back on the menu, at a quiet moment, the page offers the new version.
    page.click("#menu-button")
    page.wait_for_selector("#update-offer:not([hidden])", timeout=STEP_TIMEOUT_MS)
    assert "nouvelle version" in page.inner_text("#update-offer")

    # The next page opened is wholly the second build.
    other = context.new_page()
    other.goto(f"{site}#{MOAI}")
    wait_playing(other)
    assert html_data(other, "build") == second
    assert html_data(other, "appBuild") == "second" and html_data(other, "moaiBuild") == "second"
    assert other.evaluate(SERVED_BUILD) == second
    assert other.is_hidden("#update-offer")
    other.close()

    # The offer reloads into the second build; the game left is saved.
    page.click("#update-reload")
    page.wait_for_selector("#play-button:not([disabled])", timeout=BOOT_TIMEOUT_MS)
    assert html_data(page, "build") == second and html_data(page, "appBuild") == "second"
    assert page.locator('.resume[data-game="moai"]').count() == 1
    assert page.is_hidden("#update-offer")

    # With no page of the first build open, its cache goes.
    page.wait_for_function(
        """async (second) => {
          navigator.serviceWorker.controller.postMessage({type: 'hello'});
          const names = (await caches.keys()).filter((name) => name.startsWith('archipel-'));
          return names.length === 1 && names[0] === 'archipel-' + second;
        }""",
        arg=second, polling=500, timeout=STEP_TIMEOUT_MS)
    assert outside == []
    context.close()
