"""The site runs under its strict Content-Security-Policy: the page's policy
as a <meta> tag and as a header, the worker's as its script's header, and
nothing the page or the engine does while a game is played is blocked. A
policy that forbids WebAssembly stops the boot with a sentence that says so.
"""

from __future__ import annotations

import urllib.request

import pytest

import build
from conftest import BOOT_TIMEOUT_MS

# Every violation the page sees, and every console line that reports one
# (the engine's, from its worker, comes through the page's console).
COLLECT_VIOLATIONS = """(() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__violations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
  });
})();"""

WATCHED = {
    "kahuna": "play=kahuna&players=2&seats=bot0,bot1&seed=4",
    "kanaloa": "play=kanaloa&players=4&seats=bot0,bot0,bot1,bot0&seed=4&gods=1",
    "moai": "play=moai&players=5&seats=bot0,bot0,bot0,bot1,bot0&seed=4",
    "haleakala": "play=haleakala&players=2&seats=bot0,bot1&seed=4&tactical=1",
}


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
    html = (build.DIST / "index.html").read_text("utf-8")
    policy = directives(build.page_policy(html, connect=("https://tables.example.org",)))
    assert policy["connect-src"] == ["'self'", "https://tables.example.org"]
    assert directives(build.page_policy(html))["script-src"] == policy["script-src"]


@pytest.mark.parametrize("game", sorted(WATCHED))
def test_no_violation_while_each_game_is_played(make_context, site_url, game):
    context = make_context()
    context.add_init_script(COLLECT_VIOLATIONS)
    page = context.new_page()
    console = []
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: console.append(str(error)))
    page.goto(site_url + "build.json")
    page.evaluate("localStorage.setItem('archipel.v1.setup', JSON.stringify({pace: 'instant'}))")

    # Bots play the whole game (the board, its marks, the log, the panels, an
    # eruption, the end screen), under the meta tag and the headers.
    page.goto(f"{site_url}index.html#{WATCHED[game]}")
    page.wait_for_selector('#status[data-state="over"]', state="attached", timeout=300_000)
    page.wait_for_selector("#end-dialog[open] .end-winner", timeout=30_000)
    page.click("#end-menu")

    # And a person's turn: the choices light up, a hint, the rules.
    page.goto(f"{site_url}index.html#play={game}&players=2&seats=h,bot0&seed=6")
    page.wait_for_selector("#hint-button:not([disabled])", timeout=BOOT_TIMEOUT_MS)
    page.click("#hint-button")
    page.wait_for_selector("#advice .advice-text[data-move]", timeout=60_000)
    page.locator("[data-choice]:visible").first.click()
    page.click("#rules-button")
    page.keyboard.press("Escape")

    violations = page.evaluate("window.__violations")
    assert violations == [], violations
    reported = [line for line in console if "Content Security Policy" in line or "Content-Security-Policy" in line]
    assert reported == [], reported
    assert page.evaluate("document.documentElement.dataset.build")


def test_a_boot_the_policy_blocks_says_so(make_context, site_url):
    context = make_context()

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
