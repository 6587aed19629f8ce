"""Accounts in the browser, through a real table server, with Chromium's
virtual authenticator (the DevTools protocol's WebAuthn domain) standing in
for a phone's or a computer's passkeys: sign up, sign out, sign in, add a
second device by its code, export and delete, with the keyboard and in the
text view; two accounts at a rated Kanaloa table on two browsers to the
end, their ratings as openskill computes them, the profile listing the game
and opening its review; the players' pages without a serious axe finding,
in both languages and on both sizes.
"""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from openskill.models import PlackettLuce
from playwright.sync_api import expect

from archipel_site.site import build as build_site
from conftest import play_one_turn
from pages import BOOT_TIMEOUT_MS, invitation, join_table, kanaloa_pick
from test_accessibility import violations
from test_online import DEVICE, PHONE, TableServer, play_together, table_server  # noqa: F401 (a fixture)

SIGNED_IN = "#account[data-signed-in=true]"
# WebAuthn names a site by its domain: a page at 127.0.0.1 has none, one at
# localhost has one.
SIGNED_OUT = "#account[data-signed-in=false]"


def with_passkeys(context):
    """A virtual authenticator in the context's browser, as a platform
    authenticator with the person's lock (user verification) always passed."""
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("WebAuthn.enable")
    made = session.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})
    page.passkeys = (session, made["authenticatorId"])
    return page


def passkeys_held(page) -> list:
    session, authenticator = page.passkeys
    return session.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]


def site(server) -> str:
    """The table server's site at a name (localhost), where passkeys work."""
    return server.url.replace("127.0.0.1", "localhost")


def sign_up(page, server, name: str) -> None:
    page.goto(f"{site(server)}index.html#account")
    page.wait_for_selector("#signup-name", timeout=BOOT_TIMEOUT_MS)
    page.fill("#signup-name", name)
    page.click("#signup-button")
    page.wait_for_selector(SIGNED_IN, state="attached")


def test_sign_up_out_in_a_second_device_export_and_delete(make_context, table_server):  # noqa: F811
    laptop = with_passkeys(make_context(locale="en-GB", **DEVICE))
    # Sign up with the keyboard alone, in the text view.
    laptop.goto(f"{site(table_server)}index.html#account&view=text")
    laptop.wait_for_selector("#signup-name", timeout=BOOT_TIMEOUT_MS)
    assert laptop.get_attribute("#account", "data-signed-in") == "false"
    laptop.focus("#signup-name")
    laptop.keyboard.type("Hina <b>Moana</b>")
    laptop.keyboard.press("Enter")
    laptop.wait_for_selector(SIGNED_IN, state="attached")
    expect(laptop.locator("#account-name")).to_have_text("Hina <b>Moana</b>")      # markup shown as text
    assert laptop.locator("#account-name b").count() == 0
    assert len(passkeys_held(laptop)) == 1 and passkeys_held(laptop)[0]["isResidentCredential"]
    # The session is a cookie no script can read, and it outlives a reload.
    assert "archipel_session" not in laptop.evaluate("document.cookie")
    assert any(c["name"] == "archipel_session" and c["httpOnly"] for c in laptop.context.cookies())
    laptop.reload()
    laptop.wait_for_selector(SIGNED_IN, state="attached", timeout=BOOT_TIMEOUT_MS)
    # Out, and in again with the passkey (the keyboard: Tab to the button, Enter).
    laptop.click("#signout-button")
    laptop.wait_for_selector(SIGNED_OUT, state="attached")
    laptop.focus("#signin-button")
    laptop.keyboard.press("Enter")
    laptop.wait_for_selector(SIGNED_IN, state="attached")
    # A code for a second device, typed there: it gets a passkey of its own.
    laptop.click("#code-button")
    code = laptop.locator("#device-code-shown").inner_text()
    phone = with_passkeys(make_context(locale="en-GB", **PHONE))
    phone.goto(f"{site(table_server)}index.html#account")
    phone.wait_for_selector("#device-code", timeout=BOOT_TIMEOUT_MS)
    phone.fill("#device-code", code.lower())
    phone.click("#device-button")
    phone.wait_for_selector(SIGNED_IN, state="attached")
    expect(phone.locator("#account-name")).to_have_text("Hina <b>Moana</b>")
    assert len(passkeys_held(phone)) == 1
    phone.screenshot(path=str(table_server.database.with_name("account-phone.png")))
    # Export: everything kept, both passkeys.
    with phone.expect_download() as download:
        phone.click("#export-button")
    exported = json.loads(open(download.value.path()).read())
    assert exported["account"]["name"] == "Hina <b>Moana</b>" and len(exported["passkeys"]) == 2
    # Delete from the phone: the name typed again.
    phone.click(".account-delete summary")
    phone.fill("#delete-name", "hina <b>moana</b>")
    phone.click("#delete-button")
    phone.wait_for_selector(SIGNED_OUT, state="attached")
    # The laptop's session went with the account; its passkey opens nothing.
    laptop.reload()
    laptop.wait_for_selector("#signin-button", timeout=BOOT_TIMEOUT_MS)
    assert laptop.get_attribute("#account", "data-signed-in") == "false"
    laptop.click("#signin-button")
    expect(laptop.locator("#account-message")).to_contain_text("no account")


def test_two_accounts_at_a_rated_kanaloa_table_on_two_browsers(make_context, table_server):  # noqa: F811
    ana = with_passkeys(make_context(locale="en-GB", **DEVICE))
    bob = with_passkeys(make_context(locale="en-GB", **DEVICE))
    sign_up(ana, table_server, "Ana")
    sign_up(bob, table_server, "Bob")
    # Ana makes a rated table (the server deals: a rated table's seed is its own).
    ana.goto(f"{site(table_server)}index.html#online=new&game=kanaloa&players=2&seats=h,h&rated=1")
    ana.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    link = invitation(ana, 1)
    join_table(bob, link, "typed name")
    play_together([ana, bob], random.Random(7), pick=lambda rng, offered, page: kanaloa_pick(rng, offered))
    board = ana.locator("#end-body").inner_text()
    assert "Ana" in board and "Bob" in board
    ana.goto(f"{site(table_server)}index.html#profile=Ana")
    ana.wait_for_selector("#profile[data-player='Ana'] [data-rating][data-game='kanaloa']", timeout=BOOT_TIMEOUT_MS)
    for game in ("kahuna", "haleakala", "kanaloa", "moai"):
        assert ana.locator(f"#profile [data-rating][data-game='{game}']").count() == 1
    model = PlackettLuce()
    row = ana.locator("#profile tbody tr").first
    expect(row).to_contain_text("Bob")
    rating = int(ana.locator("#profile [data-rating][data-game='kanaloa']").get_attribute("data-rating"))
    result = row.inner_text()
    ranks = [0, 0] if "shared" in result else [0, 1] if "1st" in result else [1, 0]
    teams = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    assert rating == round(1500 + (teams[0][0].mu - 25) * 29.48088702582601)
    row.locator("[data-review-link]").click()
    ana.wait_for_selector("#review", timeout=BOOT_TIMEOUT_MS)


@pytest.mark.parametrize("lang,size", [("fr", "laptop"), ("fr", "phone"), ("en", "laptop"), ("en", "phone")])
def test_the_players_pages_have_no_serious_violation(make_context, table_server, lang, size):  # noqa: F811
    options = {"locale": "fr-FR" if lang == "fr" else "en-GB", **(PHONE if size == "phone" else DEVICE)}
    page = with_passkeys(make_context(**options))
    page.goto(f"{site(table_server)}index.html#account&lang={lang}")
    page.wait_for_selector("#signup-name", timeout=BOOT_TIMEOUT_MS)
    assert violations(page) == []
    page.fill("#signup-name", f"Axe {lang}")
    page.click("#signup-button")
    page.wait_for_selector(SIGNED_IN, state="attached")
    page.click("#code-button")
    page.wait_for_selector("#device-code-shown")
    assert violations(page) == []
    for hash_, ready in ((f"profile=Axe {lang}", "#profile [data-rating]"), ("leaderboard=moai", "#leaderboard .bots-line"),
                         ("daily=kahuna", "#daily #daily-commitment")):
        page.goto(f"{site(table_server)}index.html#{hash_}")
        page.wait_for_selector(ready, timeout=BOOT_TIMEOUT_MS)
        assert violations(page) == [], hash_


# A day of the day's deal, shortened: the test waits for a day with enough
# time left to play, then for its reveal.
DAY = 24.0
TO_PLAY = 16.0


@pytest.fixture
def daily_server(tmp_path):
    build_site(quiet=True)
    server = TableServer(tmp_path / "tables.sqlite3", chosen_seeds=False, extra=("--day-length", str(DAY)))
    server.start()
    yield server
    server.stop()


def deal_now(page, server) -> dict:
    return page.evaluate("""async (server) => (await fetch(server + 'api/daily', {method: 'POST',
        headers: {'Content-Type': 'application/json'}, body: JSON.stringify({game: 'kahuna'})})).json()""",
                         site(server))


def test_the_day_s_deal_played_at_the_server_then_revealed_and_played_here(make_context, daily_server):
    ana = with_passkeys(make_context(locale="en-GB", **DEVICE))
    sign_up(ana, daily_server, "Ana Daily")
    deal = deal_now(ana, daily_server)
    left = deal["reveal_at"] - time.time()
    if left < TO_PLAY:
        time.sleep(left + 0.5)           # the next day, with its whole length to play
    ana.goto(f"{site(daily_server)}index.html#daily=kahuna")
    ana.wait_for_selector("#daily[data-game='kahuna'] #daily-play:not([disabled])", timeout=BOOT_TIMEOUT_MS)
    commitment = ana.inner_text("#daily-commitment")
    ana.click("#daily-play")
    ana.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    # A few of Ana's moves against the server's skilled bot.
    play_together([ana], random.Random(2), rounds=lambda round_number: round_number >= 6)
    ana.goto(f"{site(daily_server)}index.html#daily=kahuna")
    ana.wait_for_selector("#daily-board tr:has-text('Ana Daily')", timeout=BOOT_TIMEOUT_MS)
    expect(ana.locator("#daily-play")).to_be_disabled()
    expect(ana.locator("#daily-play")).to_contain_text("played today")
    ana.screenshot(path=str(daily_server.database.with_name("daily-today.png")), full_page=True)
    # The day ends: its seed is revealed, and the deal plays here, offline.
    time.sleep(max(0.0, deal_now(ana, daily_server)["reveal_at"] - time.time()) + 0.5)
    ana.reload()
    ana.wait_for_selector("#daily-yesterday #daily-seed", timeout=BOOT_TIMEOUT_MS)
    seed = ana.inner_text("#daily-seed")
    assert ana.locator("#daily-yesterday").inner_text().count(commitment) == 1
    assert re.fullmatch(r"[0-9a-f]{32}", seed)
    ana.click("#daily-offline")
    ana.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    play_one_turn(ana)        # the game is kept once it has a move
    kept = ana.evaluate("""() => Object.keys(localStorage).filter((key) => key.startsWith('archipel.v1.save.'))
        .map((key) => JSON.parse(localStorage.getItem(key)).record)""")
    assert any(record["seed"] == seed and record["seats"] == ["h", "bot2"] and record["game"] == "kahuna"
               for record in kept), kept
