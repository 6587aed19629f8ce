"""axe-core (pinned in package.json, injected by the test) finds no serious or
critical violation on the menu, on every board mid-game (on a laptop, on a
phone, and in words: the text view), and in the rules, privacy, end, join and
invitation screens, on a judged review and its exercises, in French and in
English.

axe is run through Playwright's evaluate, which the site's
Content-Security-Policy does not govern: the page itself loads nothing new.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import open_game, play_one_turn, wait_for_state
from pages import BOOT_TIMEOUT_MS, instant_bots, invitation, join_table, open_menu, settle
from test_every_word import COVERED, CUT
from test_lessons import fold, hold
from test_online import open_new_table, table_server  # noqa: F401 (a fixture)
from test_review import open_judged

# The pages as they move, animations and all (see conftest.MOTION).
pytestmark = pytest.mark.motion

AXE = (Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js").read_text()
LANGUAGES = {"fr": "fr-FR", "en": "en-GB"}
BOARDS = {
    "kahuna": "play=kahuna&players=2&seats=h,bot0&seed=5",
    "kanaloa": "play=kanaloa&players=2&seats=h,bot0&seed=5",
    "moai": "play=moai&players=3&seats=h,bot0,bot0&seed=5",
    "haleakala": "play=haleakala&players=2&seats=h,bot0&seed=5",
}
RUN = """async (selector) => {
  const found = await axe.run(selector ? document.querySelector(selector) : document,
                              { resultTypes: ['violations'] });
  return found.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ` + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
}"""


def violations(page, selector: str | None = None) -> list:
    """axe-core's serious and critical findings on the page (or inside ``selector``)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE + "\n;0")
    return page.evaluate(RUN, selector)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_and_the_rules_have_no_serious_violation(make_context, site_url, lang):
    page = make_context(locale=LANGUAGES[lang], viewport={"width": 1366, "height": 800}).new_page()
    open_menu(page, site_url)
    # The start-up's progress fades out once the menu is ready (half-faded,
    # its words have too little contrast for a moment).
    page.wait_for_function("() => getComputedStyle(document.querySelector('.boot')).opacity === '0'")
    assert violations(page) == []
    # Each game has a picture of its own.
    pictures = page.eval_on_selector_all(".game-emblem svg", "(all) => all.map((svg) => svg.innerHTML)")
    assert len(pictures) == 4 and len(set(pictures)) == 4
    open_game(page, site_url, BOARDS["kahuna"] + f"&lang={lang}")
    page.click("#rules-button")
    page.wait_for_selector("#rules-dialog[open]")
    assert violations(page, "#rules-dialog") == []


def one_turn(page) -> None:
    """A turn played, and the page no longer waiting for Python."""
    play_one_turn(page)
    page.wait_for_function("() => document.getElementById('status').getAttribute('aria-busy') === 'false'")


def in_language(page, site_url: str, link: str, lang: str) -> None:
    """Open ``link`` in ``lang``: the first time from the address bar, then
    as a link followed within the page (the engine already up)."""
    if page.url.startswith(site_url):
        page.evaluate("(hash) => { location.hash = hash; }", f"#{link}&lang={lang}")
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
        wait_for_state(page, "playing")
    else:
        open_game(page, site_url, f"{link}&lang={lang}")


@pytest.mark.parametrize("game", BOARDS)
def test_every_board_mid_game_has_no_serious_violation(make_context, site_url, game):
    """Each board on a laptop, in French then in English: at its start (where
    every word is also whole: test_every_word.CUT) and after two turns."""
    page = make_context(locale=LANGUAGES["fr"], viewport={"width": 1366, "height": 800}).new_page()
    for lang in LANGUAGES:
        in_language(page, site_url, BOARDS[game], lang)
        settle(page)
        assert violations(page) == [], f"{game} in {lang}"
        assert page.evaluate(CUT) == [], f"{game} in {lang}"
        names = page.locator("#players .player-name").all_inner_texts()
        assert len(set(names)) == len(names) and all(not name.endswith("…") for name in names), names
        for _ in range(2):
            one_turn(page)
        wait_for_state(page, "playing")
        assert violations(page) == [], f"{game} in {lang} after two turns"
        if game == "moai":
            # Every place of the island is named, with whose pieces stand on it
            # once the clans have placed some.
            labels = "(all) => all.map((n) => n.getAttribute('aria-label'))"
            for _ in range(12):
                names = page.eval_on_selector_all("#board [data-loc][role=group]", labels)
                if any("Bot" in name for name in names):
                    break
                one_turn(page)
            assert len(names) >= 6 + 16 and all(":" in name for name in names), names
            assert any("Bot" in name for name in names), names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_privacy_screen_and_the_end_screen_have_no_serious_violation(make_context, site_url, lang):
    page = make_context(locale=LANGUAGES[lang], viewport={"width": 1366, "height": 800}).new_page()
    # Two people at one screen, with hands to hide: the pass-the-device screen.
    page.goto(f"{site_url}index.html#play=kanaloa&players=2&seats=h,h&seed=5&lang={lang}")
    page.wait_for_selector("#privacy-dialog[open]", timeout=BOOT_TIMEOUT_MS)
    assert violations(page, "#privacy-dialog") == []
    # Bots playing at once, watched to the end, on a page of its own.
    # (A page loaded anew with the link: a link followed by the menu already
    # up opens the game at once and drops it from the address, so that a
    # reload would only bring the menu back.)
    page = page.context.new_page()
    instant_bots(page, site_url)
    page.goto(f"{site_url}index.html#play=kahuna&players=2&seats=bot0,bot0&seed=12&lang={lang}")
    page.wait_for_selector("#end-dialog[open] .end-winner", timeout=120_000)
    assert violations(page, "#end-dialog") == []
    # Each player's accuracy, analysed on the end screen.
    page.click("#end-analyse")
    page.wait_for_selector("#end-dialog [data-accuracy]", timeout=120_000)
    assert violations(page, "#end-dialog") == []


# On a phone, each game in French, where the words run longest, and half of
# them in English too; in words, each game in one language, the two
# languages alternating (each game is checked in both on a laptop above).
ONE_LANGUAGE_EACH = [("kahuna", "fr"), ("kanaloa", "en"), ("moai", "fr"), ("haleakala", "en")]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.mark.parametrize("game,lang", ONE_LANGUAGE_EACH)
def test_every_board_on_a_phone_and_in_words_has_no_serious_violation(make_context, site_url, game, lang):
    """After two turns on a phone: no serious violation, every word whole and
    nothing under the bar fixed at the bottom (test_every_word's CUT and
    COVERED); then the text view on a laptop."""
    phone = make_context(locale=LANGUAGES["fr"], **PHONE).new_page()
    for shown in dict.fromkeys(("fr", lang)):
        in_language(phone, site_url, BOARDS[game], shown)
        for _ in range(2):
            one_turn(phone)
        wait_for_state(phone, "playing")
        phone.wait_for_timeout(300)  # the bar measured again (layout.js)
        assert violations(phone) == [], f"{game} on a phone in {shown}"
        assert phone.evaluate(CUT) == [], f"{game} on a phone in {shown}"
        instruction = phone.locator(".actions .hint")
        if instruction.count():
            assert not instruction.inner_text().rstrip().endswith("…")
        assert phone.evaluate(COVERED) is None
    words = make_context(locale=LANGUAGES[lang], viewport={"width": 1366, "height": 800}).new_page()
    open_game(words, site_url, BOARDS[game] + f"&lang={lang}&view=text")
    first = words.locator(".text-page button[data-choice]").first
    first.focus()
    words.keyboard.press("Enter")
    words.wait_for_function("() => document.getElementById('status').getAttribute('aria-busy') === 'false'")
    assert violations(words) == [], f"{game} in words"


# A lesson on a phone: its sheet lifted and folded, a wrong choice's
# answer, a glowing choice's words under a held finger; then on a laptop.
LESSON_EACH = [("haleakala", "fr"), ("moai", "en")]


@pytest.mark.parametrize("name,lang", LESSON_EACH)
def test_a_lesson_has_no_serious_violation(make_context, site_url, name, lang):
    page = make_context(locale=LANGUAGES[lang], viewport={"width": 390, "height": 844}, is_mobile=True,
                        has_touch=True).new_page()
    page.goto(f"{site_url}index.html#learn={name}&lang={lang}")
    page.wait_for_selector("#lesson.lifted[data-step='1']", timeout=BOOT_TIMEOUT_MS)
    settle(page)
    assert violations(page) == [], "the sheet lifted"
    fold(page)
    assert violations(page) == [], "the sheet folded"
    target = page.locator('[data-lesson="target"]:visible').first
    hold(page, target)
    page.wait_for_selector("#tip:not([hidden])")
    assert violations(page) == [], "a glowing choice's words"
    page.locator('[data-lesson="other"]:visible').first.tap()
    settle(page)
    if page.locator("#lesson .lesson-note").count() == 0:
        page.locator('[data-lesson="other"]:visible:not([aria-pressed="true"])').first.tap()
    page.wait_for_selector("#lesson.lifted .lesson-note")
    assert violations(page) == [], "a wrong choice's answer"
    page.set_viewport_size({"width": 1366, "height": 800})
    page.wait_for_selector("#lesson .lesson-text:visible")
    assert violations(page) == [], "on a laptop"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_invitation_and_the_join_dialog_have_no_serious_violation(make_context, table_server, lang):
    ana = make_context(locale=LANGUAGES[lang]).new_page()
    open_new_table(ana, table_server, f"online=new&game=kanaloa&players=2&seats=h,h&seed=3&gods=1&names=Ana"
                                      f"&clock=live-10-5&lang={lang}")
    link = invitation(ana, 1)
    ana.wait_for_selector("[data-start]")  # a table with a clock waits for its people
    ana.click("#invite-button")
    ana.wait_for_function("() => document.activeElement?.dataset.inviteSeat === '1'")
    assert violations(ana, "#table-panel") == []
    bob = make_context(locale=LANGUAGES[lang], viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    bob.goto(link)
    bob.wait_for_selector("#join-dialog[open] [data-join-name]", timeout=BOOT_TIMEOUT_MS)
    assert violations(bob, "#join-dialog") == []
    # The dialog names the table: the game, its variant, who sits where.
    facts = bob.inner_text("#join-dialog .join-table")
    words = {"fr": ("2 joueurs", "Le Pouvoir des Dieux", "Place 1\u00a0: Ana", "Place 2\u00a0: vous", "10 min + 5 s"),
             "en": ("2 players", "The Power of the Gods", "Seat 1: Ana", "Seat 2: you", "10 min + 5 s")}[lang]
    assert "Kanaloa" in facts and all(word in facts for word in words), facts
    assert bob.get_attribute("#join-dialog .join-table", "data-game") == "kanaloa"
    join_table(bob, link, "Bob")
    # Seated: the clocks run, and the chat unfolds with a message in it.
    for page in (ana, bob):
        page.wait_for_selector('[data-clock-seat][data-running="true"]')
        if page is bob:
            bob.click("#tab-players")
        page.click("[data-chat-toggle]")
    bob.click("[data-chat-phrase]")
    ana.wait_for_selector(".chat-line")
    for page in (ana, bob):
        assert violations(page, "#table-panel") == []



@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_judged_review_and_its_exercises_have_no_serious_violation(make_context, site_url, lang):
    """The review of a finished game with its analysis judged (marks, graph,
    accuracy and luck), "Show everything" pressed, on a laptop and on a
    phone; then the first exercise of "learn from your mistakes"."""
    page = make_context(locale=LANGUAGES[lang], viewport={"width": 1366, "height": 800}).new_page()
    open_judged(page, site_url, "kahuna")
    page.click('#review [data-review="reveal"]')
    page.wait_for_selector('#review [data-review="reveal"][aria-pressed="true"]')
    page.click('#review [data-review="first"]')
    page.click('#review [data-review="error-forward"]')
    page.wait_for_selector('.opinion-line[data-opinion="analysis"] .mark-badge[data-mark]')
    settle_review = "() => document.getElementById('status').getAttribute('aria-busy') !== 'true'"
    page.wait_for_function(settle_review)
    assert violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    assert violations(page) == []
    page.set_viewport_size({"width": 1366, "height": 800})
    page.click('#review [data-review="reveal"]')
    page.select_option("#review-viewer", "0")
    page.wait_for_selector('#review [data-review="exercises"]:not([disabled])')
    page.click('#review [data-review="exercises"]')
    page.wait_for_selector('#exercise[data-state="trying"]', timeout=BOOT_TIMEOUT_MS)
    settle(page)
    assert violations(page, "#exercise") == []
