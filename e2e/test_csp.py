"""The site runs under its strict Content-Security-Policy: the page's policy
as a <meta> tag and as a header, the worker's as its script's header, and
nothing the page or the engine does while a game is played is blocked. A
policy that forbids WebAssembly stops the boot with a sentence that says so.
"""

from __future__ import annotations

import urllib.request

import pytest

from archipel_site.paths import DIST  # noqa: E402
from archipel_site.policy import page_policy  # noqa: E402
from conftest import BOOT_TIMEOUT_MS, VIOLATIONS
from pages import settle

# The pages as they move, animations and all (see conftest.MOTION).
pytestmark = pytest.mark.motion

# A person's turn against bots, at Kanaloa with the gods: the board, its
# glowing choices, the hint and its marks, the rules. Every browser test runs
# under the same policies and fails on any violation (see conftest.py): the
# other games' hints are asked for in test_kahuna_bots, test_moai_play and
# test_haleakala_play, their rules opened in test_lessons, and every game is
# played to its end, eruptions and end screens included.
PLAYED = "play=kanaloa&players=4&seats=h,bot0,bot1,bot0&seed=6&gods=1"


def headers(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=30) as response:
        return {name.lower(): value for name, value in response.headers.items()}


def meta_policy(page) -> str:
    return page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")


def directives(policy: str) -> dict:
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


def test_the_policies_are_strict_and_sent(page, site_url):
    page_header = headers(site_url)["content-security-policy"]
    assert headers(site_url + "index.html")["content-security-policy"] == page_header
    page.goto(site_url + "index.html")
    assert meta_policy(page) == page_header
    policy = directives(page_header)
    assert policy["default-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]
    scripts = policy["script-src"]
    assert scripts[0] == "'self'" and len(scripts) == 2 and scripts[1].startswith("'sha256-")
    for path in ("js/worker.js", "sw.js"):
        worker = directives(headers(site_url + path)["content-security-policy"])
        assert worker["script-src"] == ["'self'", "'wasm-unsafe-eval'"], path
        assert worker["default-src"] == ["'self'"], path
    assert "content-security-policy" not in headers(site_url + "js/app.js")


def test_a_server_address_joins_connect_src_only():
    html = (DIST / "index.html").read_text("utf-8")
    policy = directives(page_policy(html, connect=("https://tables.example.org",)))
    assert policy["connect-src"] == ["'self'", "https://tables.example.org"]
    assert directives(page_policy(html))["script-src"] == policy["script-src"]


def test_no_violation_while_a_game_is_played(make_context, site_url):
    page = make_context().new_page()
    page.goto(site_url + "build.json")
    page.evaluate("localStorage.setItem('archipel.v1.setup', JSON.stringify({pace: 'instant'}))")
    page.goto(f"{site_url}index.html#{PLAYED}")
    page.wait_for_selector("#hint-button:not([disabled])", timeout=BOOT_TIMEOUT_MS)
    page.click("#hint-button")
    page.wait_for_selector("#advice .advice-text[data-move]", timeout=60_000)
    for _ in range(12):   # choices, selections, moves, the bots' replies
        settle(page)
        if page.get_attribute("#status", "data-state") == "over":
            break
        page.locator("[data-choice]:visible").first.click()
    page.click("#rules-button")
    page.keyboard.press("Escape")
    page.click("#menu-button")
    page.wait_for_selector("#play-button:not([disabled])")
    assert VIOLATIONS.get(page) == []
    assert page.evaluate("document.documentElement.dataset.build")


def test_a_boot_the_policy_blocks_says_so(make_context, site_url):
    context = make_context(allow_violations=True)

    def without_wasm(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers,
                                                  "content-security-policy": "default-src 'self'; script-src 'self'"})

    context.route("**/js/worker.js", without_wasm)
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector("#boot.failed", state="attached", timeout=BOOT_TIMEOUT_MS)
    text = page.inner_text("#boot .boot-text")
    assert "WebAssembly" in text and "wasm-unsafe-eval" in text, text
    assert page.is_disabled("#play-button")
