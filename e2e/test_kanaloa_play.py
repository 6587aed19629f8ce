"""Kanaloa in the browser, driven only the way a player drives it: by clicking
the elements that carry ``data-choice`` (and the menu). Every random choice
comes from a seeded generator, so a failure replays identically.

The page's contract (docs/protocol.md, section 5): ``#status`` carries
``data-state`` and ``data-to-move`` (several seats while everyone chooses the
opening card in secret), and ``aria-busy="true"`` while it waits for Python;
clicking any ``[data-choice]`` in any order never dead-ends.
"""

from __future__ import annotations

import json
import random
import re
import urllib.request

import pytest

from pages import (
    kanaloa_pick,
    BOOT_TIMEOUT_MS, click_choice, end_dialog_text, fix_random, open_menu, plain, recording_page, seen, settle, settled,
    status,
)

MAX_CLICKS = 3000

# Whatever the page shows for a moment is easily missed between two polls: an
# observer keeps every error toast.
RECORDER = """(() => {
  const seen = window.__seen = { errors: [] };
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('.toast.error')) {
      if (!seen.errors.includes(toast.textContent)) seen.errors.push(toast.textContent);
    }
  }).observe(document, { subtree: true, childList: true });
})();"""

# What the board shows of the others' latest moves.
MARKS = """() => ({
  log: [...document.querySelectorAll('#log .log-entry.last-move')].map((e) => e.textContent),
  laid: [...document.querySelectorAll('.kanaloa-board .last-link.laid')].map((e) => e.dataset.link),
  planks: [...document.querySelectorAll('.kanaloa-board .plank:not(.leaving)')].map((e) => e.dataset.link),
})"""

# Gods' moves, which a player of the gods variant favours.
GODS = re.compile(r"^(stone:|ku |pele$|lono |steal |give )")


def test_the_offline_cache_lists_the_kanaloa_files(site_url):
    with urllib.request.urlopen(site_url + "build.json", timeout=30) as response:
        files = set(json.loads(response.read())["files"])
    for name in ("renderer.js", "select.js", "board.js", "panel.js", "log.js", "text.js", "emblem.js", "style.css"):
        assert f"js/games/kanaloa/{name}" in files, name


def test_four_players_one_human_against_three_bots_to_the_end(make_context, site_url):
    # Reduced motion, as a player may ask: nothing pulses between two clicks.
    page = recording_page(make_context, RECORDER, reduced_motion="reduce")
    context = page.context
    fix_random(page, 1)  # the game's seed, drawn by the menu
    open_menu(page, site_url)

    # The menu offers Kanaloa for two to four; chosen for the first time, it
    # sets a full table with a row per seat.
    page.click('.game-choice:has(input[value="kanaloa"])')
    options = page.eval_on_selector_all("#player-count-select option", "(all) => all.map((o) => o.value)")
    assert options == ["2", "3", "4"]
    assert page.input_value("#player-count-select") == "4"
    assert page.locator("#seat-list .seat").count() == 4
    page.select_option("#player-count-select", "3")
    assert page.locator("#seat-list .seat").count() == 3
    page.select_option("#player-count-select", "4")
    assert page.locator("#option-gods").count() == 1
    assert not page.is_checked("#option-gods")
    page.select_option("#seat-kind-0", "h")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "bot0")
    page.fill("#seat-name-0", "Ana")
    page.select_option("#bot-pace", "instant")
    page.click("#play-button")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)

    # Everyone chooses the opening card at once: the human among them.
    settle(page)
    assert status(page)["toMove"] == "0,1,2,3"
    assert page.locator(".kanaloa-board .tag").count() == 16
    assert page.locator(".kanaloa-board .sea-line").count() == 37
    # Once loaded, the game needs no network at all.
    context.set_offline(True)

    rng = random.Random(20240701)
    clicked: dict = {}
    marks_checked = 0
    for _ in range(MAX_CLICKS):
        now = settled(page)
        if now["state"] == "over":
            break
        if now["toMove"] == "0" and marks_checked < 3:
            # What the bots did since Ana's last move stays marked: their
            # entries in the log, and every bridge they laid that still stands.
            marks = page.evaluate(MARKS)
            built = {
                f"{a}-{b}"
                for text in marks["log"]
                for a, b in re.findall(r"construit un pont (\w+)–(\w+)", plain(text))
            }
            standing = built & set(marks["planks"])
            if marks["log"] and standing:
                assert all(plain(text).startswith("Bot Débutant ") for text in marks["log"]), marks
                assert standing <= set(marks["laid"]), marks
                marks_checked += 1
        offered = now["choices"]
        index, choice = kanaloa_pick(rng, offered)
        kind = choice.split(" ")[0].split(":")[0]
        clicked[kind] = clicked.get(kind, 0) + 1
        click_choice(page, index)
    else:
        pytest.fail(f"the game did not end within {MAX_CLICKS} clicks ({status(page)!r})")

    winner = end_dialog_text(page)
    assert winner in ("Ana gagne !", *(f"Bot Débutant {n} gagne !" for n in (1, 2, 3))), winner
    assert "continue" not in clicked, "no pass-the-device screen with one person"
    assert clicked.get("choose") == 1 and clicked.get("build", 0) >= 1, clicked
    assert marks_checked >= 1, "no bot's bridge was ever marked"
    # The end screen explains every point of the four colours: a row each,
    # by source (the two scorings, the markers), and the islands in words.
    table = page.locator("#end-dialog .kn-end-table")
    headers = [plain(t) for t in table.locator("thead th").all_inner_texts()]
    assert headers[1:] == ["1ER BILAN", "BILAN FINAL", "MARQUEURS", "TOTAL"], headers
    assert table.locator("tbody tr.kn-end-colour").count() == 4
    totals = [plain(t) for t in table.locator(".kn-end-total").all_inner_texts()]
    assert len(totals) == 4 and all(t.isdigit() for t in totals), totals
    why = [plain(t) for t in table.locator("tr.kn-end-why").all_inner_texts()]
    assert len(why) == 4 and all(re.search(r"(bilan|final) : \w+ \d/\d \+\d|^Aucune île", t) for t in why), why

    # The log speaks French, with the players' names and the scorings.
    log = plain(page.inner_text("#log"))
    assert "Ana choisit la carte" in log and "Bot Débutant 1 choisit une carte" in log
    assert "Premier bilan" in log and "Bilan final" in log
    page.click("#end-board")
    body = page.inner_text("body")
    assert not re.search(r"\b(kanaloa|error|menu|status|game)\.[a-z_]+", body), body
    assert seen(page)["errors"] == []


def test_two_players_hot_seat_with_the_gods_to_the_end(make_context, site_url):
    page = recording_page(make_context, RECORDER, reduced_motion="reduce")
    page.goto(f"{site_url}index.html#play=kanaloa&players=2&seats=h,h&seed=11&gods=1&names=Ana,Bob")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)

    # The opening card is chosen in secret, one person after the other.
    settle(page)
    assert plain(page.inner_text("#privacy-title")).endswith("Ana")
    page.click('[data-choice="continue"]')
    settle(page)
    assert status(page)["toMove"] == "0,1"
    page.locator('#hand [data-choice^="card:"]').first.click()
    chosen = page.get_attribute("#actions [data-choice^='choose ']", "data-choice").split(" ")[1]
    page.click("#actions [data-choice^='choose ']")
    settle(page)
    assert plain(page.inner_text("#privacy-title")).endswith("Bob")
    page.click('[data-choice="continue"]')
    settle(page)
    assert status(page)["toMove"] == "1"
    # Bob sees that Ana has chosen, not what.
    assert page.locator("#market .kn-setup-back").count() == 1
    assert page.locator("#hand .kn-chosen").count() == 0
    assert f"Ana choisit la carte {chosen}" not in plain(page.inner_text("#log"))
    assert "Ana choisit une carte et la pose face cachée" in plain(page.inner_text("#log"))

    rng = random.Random(20240702)
    clicked: dict = {}
    colours_offered = {0: set(), 1: set()}
    for _ in range(MAX_CLICKS):
        now = settled(page)
        if now["state"] == "over":
            break
        offered = now["choices"]
        colours = {c for _, c in offered if c.startswith("colour ")}
        if colours and now["toMove"] in ("0", "1"):
            # Each player plays one of his own two colours, chosen every turn.
            colours_offered[int(now["toMove"])] |= colours
            assert all(c.startswith("colour ") or c == "pass" for _, c in offered), offered
        # Both people use the god stones whenever they can.
        index, choice = kanaloa_pick(rng, offered, prefer=GODS)
        kind = choice.split(" ")[0].split(":")[0]
        clicked[kind] = clicked.get(kind, 0) + 1
        click_choice(page, index)
    else:
        pytest.fail(f"the game did not end within {MAX_CLICKS} clicks ({status(page)!r})")

    winner = end_dialog_text(page)
    assert winner in ("Ana gagne !", "Bob gagne !"), winner
    assert colours_offered == {0: {"colour 0", "colour 1"}, 1: {"colour 2", "colour 3"}}, colours_offered
    assert clicked.get("continue", 0) >= 40, clicked
    used = {kind for kind in ("ku", "pele", "lono", "build", "replace") if clicked.get(kind)}
    assert clicked.get("stone", 0) >= 1 and used & {"ku", "pele", "lono"}, clicked
    # The end screen shows the four colours, the KANE stones, and why the
    # winner won.
    table = page.locator("#end-dialog .kn-end-table")
    assert table.locator("tbody tr.kn-end-colour").count() == 4
    assert "KANE" in plain(table.locator("thead").inner_text())
    assert "couleur la plus faible" in plain(page.inner_text("#end-dialog"))
    assert seen(page)["errors"] == []


def test_the_log_links_the_relative_majority_to_its_rule_and_its_picture(make_context, site_url):
    """A newcomer meets the relative majority in play: its line in the log
    links to the rule, which the rules in brief open at, with its picture."""
    from pygame_core.bots import make_bot
    from pygame_core.match import Match
    # Novice bots play seat 0 too, until a relative majority has been won
    # and seat 0 is to move: the file resumes at a person's turn.
    match = Match("kanaloa", 3, 2, seats=["h", "bot0", "bot0"], names=["Ana", "", ""])
    won = False
    while not (won and match.state.to_move() == [0]):
        assert not match.state.is_over(), "no relative majority in this game"
        player = match.state.to_move()[0]
        entry = match.play(player, str(make_bot(0, f"{len(match.entries)}").choose(match.state, player)))
        won = won or any(event["key"] == "kanaloa.relative_majority" for event in entry.events)
    page = make_context(locale="en-GB", viewport={"width": 1366, "height": 800}).new_page()
    open_menu(page, site_url)
    page.set_input_files("#load-file", files=[{"name": "kanaloa.json", "mimeType": "application/json",
                                                "buffer": json.dumps(match.to_record()).encode()}])
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    settle(page)
    link = page.locator("#log .log-rule").first
    assert plain(link.inner_text()) == "Rule: Relative majority"
    assert "relative majority on" in plain(page.locator("#log li:has(.log-rule)").first.inner_text())
    link.click()
    page.wait_for_selector("#rules-dialog[open]")
    asked = page.locator("#rules-text > section.asked")
    assert asked.get_attribute("data-section") == "5"
    assert plain(asked.locator("h3").inner_text()) == "Relative majority"
    # Its picture, drawn by the board's renderer, under that rule, in view.
    asked.locator('figure[data-picture="kanaloa/relative"] svg[role="group"]').wait_for(timeout=BOOT_TIMEOUT_MS)
    assert "ORO" in asked.locator('figure[data-picture="kanaloa/relative"]').inner_text()
    page.wait_for_function("""() => { const s = document.querySelector('#rules-text > section.asked');
      const box = document.getElementById('rules-text').getBoundingClientRect(); const r = s.getBoundingClientRect();
      return r.top >= box.top - 1 && r.top < box.bottom; }""")
