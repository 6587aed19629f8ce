"""Moai in the browser, driven only the way a player drives it: by clicking
the elements that carry ``data-choice`` (and the menu, the page's own buttons
and keys). Every random choice comes from a seeded generator, so a failure
replays identically.

The page's contract (docs/protocol.md, section 5): ``#status`` carries
``data-state`` and ``data-to-move`` (several seats while everyone chooses a
secret bid), and ``aria-busy="true"`` while it waits for Python; clicking any
``[data-choice]`` in any order never dead-ends.
"""

from __future__ import annotations

import json
import random
import re
import urllib.request

import pytest

from pages import (
    BOOT_TIMEOUT_MS, MOAI_COMPLETE, MOAI_SHORT, choices, click_choice, end_dialog_text, fix_random, moai_pick, open_menu,
    plain, recording_page, seen, settle, status,
)

MAX_CLICKS = 2500
FIVE_CLAN_SEED = 1

# Whatever the page shows for a moment is easily missed between two polls: an
# observer keeps every error toast, and whether the board ever marked the
# others' latest moves.
RECORDER = """(() => {
  const seen = window.__seen = { errors: [], marked: [], logMarked: 0 };
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('.toast.error')) {
      if (!seen.errors.includes(toast.textContent)) seen.errors.push(toast.textContent);
    }
    for (const ring of document.querySelectorAll('.moai-board .mo-last[data-loc]')) {
      const mark = ring.getAttribute('class') + ':' + ring.dataset.loc;
      if (seen.marked.length < 50 && !seen.marked.includes(mark)) seen.marked.push(mark);
    }
    seen.logMarked = Math.max(seen.logMarked, document.querySelectorAll('#log .log-entry.last-move').length);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
})();"""


def play_to_the_end(page, rng: random.Random, on_click=None, prefer=None) -> dict:
    """Click random choices until the game is over; counts the kinds clicked."""
    clicked: dict = {}
    for _ in range(MAX_CLICKS):
        settle(page)
        if status(page)["state"] == "over":
            return clicked
        offered = choices(page)
        assert offered, f"nothing to choose while playing: {status(page)!r}"
        index, choice = moai_pick(rng, offered, prefer)
        kind = re.split(r"[ :]", choice)[0]
        clicked[kind] = clicked.get(kind, 0) + 1
        if on_click:
            on_click(page, choice)
        click_choice(page, index)
    pytest.fail(f"the game did not end within {MAX_CLICKS} clicks ({status(page)!r})")


def test_the_offline_cache_lists_the_moai_files(site_url):
    with urllib.request.urlopen(site_url + "build.json", timeout=30) as response:
        files = set(json.loads(response.read())["files"])
    for name in ("renderer.js", "select.js", "board.js", "panel.js", "log.js", "text.js", "emblem.js", "style.css"):
        assert f"js/games/moai/{name}" in files, name


def test_five_players_one_human_against_four_bots_to_the_end(make_context, site_url):
    # Reduced motion: nothing animates, so each click lands at once.
    page = recording_page(make_context, RECORDER, reduced_motion="reduce")
    # The game's seed, drawn by the menu, is fixed: in this game a bot takes a
    # tile face down, which the test needs to see.
    fix_random(page, FIVE_CLAN_SEED)
    open_menu(page, site_url)

    # The menu offers Moai for two to five, with every variant as a switch.
    page.click('.game-choice:has(input[value="moai"])')
    options = page.eval_on_selector_all("#player-count-select option", "(all) => all.map((o) => o.value)")
    assert options == ["2", "3", "4", "5"]
    page.select_option("#player-count-select", "5")
    assert page.locator("#seat-list .seat").count() == 5
    switches = page.eval_on_selector_all("#option-list input[role=switch]", "(all) => all.map((e) => e.id)")
    assert set(switches) == {f"option-{name}" for name in
                             ("all_face_up", "open_bids", "short_game", "title_rule", "fixed_victims")}
    assert "option-moai" not in plain(page.inner_text("#option-list"))
    page.select_option("#seat-kind-0", "h")
    page.fill("#seat-name-0", "Ana")
    for seat in range(1, 5):
        page.select_option(f"#seat-kind-{seat}", "bot0")
    page.select_option("#bot-pace", "instant")
    page.click("#play-button")
    page.wait_for_selector('#status[data-state="playing"]', timeout=BOOT_TIMEOUT_MS)

    # The first decision is everyone's secret bid: five seats to move at once.
    settle(page)
    assert status(page)["toMove"] == "0,1,2,3,4"
    assert page.locator("#players .mo-player").count() == 5
    assert page.locator("#hand .mo-card").count() == 5
    assert page.locator("#market .mo-epoch").count() == 6

    # A bot's tile taken face down shows Ana a "?", never its height (H-9).
    hidden_chips: set = set()

    def on_click(page, choice):
        hidden_chips.update(page.eval_on_selector_all(
            "#players .mo-player:not(.is-viewer) .mo-tile-chip.down", "(all) => all.map((e) => e.textContent)"))

    clicked = play_to_the_end(page, random.Random(5), on_click)
    assert "continue" not in clicked, "no privacy screen with a single person"
    assert hidden_chips == {"?"}, hidden_chips
    assert clicked.get("bid", 0) >= 2 and clicked.get("place", 0) >= 5, clicked

    winner = end_dialog_text(page)
    assert winner.endswith("gagne !") or winner.startswith("Égalité"), winner
    # The end explains every point, for each of the five clans.
    heads = page.locator("#end-dialog .end-table thead th").count()
    assert heads == 6
    rows = [plain(r) for r in page.locator("#end-dialog .end-table tbody th").all_inner_texts()]
    assert rows == ["Moai (mètres)", "Survivants (île + camp)", "Bois (× 2 points)"], rows

    # The others' moves were marked on the board and in the log.
    record = seen(page)
    assert any(mark.startswith("mo-last to:") for mark in record["marked"]), record["marked"]
    assert record["logMarked"] >= 1
    assert record["errors"] == []

    # The log speaks French with the names, and no key shows untranslated.
    page.click("#end-board")
    log = plain(page.inner_text("#log"))
    assert "Ana " in log and "Bot Débutant 1 " in log and "Les offres sont révélées" in log
    assert re.search(r"Bot Débutant \d termine le Moai du volcan V\d+ et prend sa tuile face cachée\.", log), log
    # At the end every tile is shown: no "?" is left.
    assert page.locator("#players .mo-tile-chip.down").count() == 0
    body = page.inner_text("body")
    assert not re.search(r"\b(moai|error|menu|status|game)\.[a-z_]+", body), body


def test_a_two_player_hot_seat_game_with_a_variant_to_the_end(make_context, open_game):
    page = recording_page(make_context, RECORDER, reduced_motion="reduce")
    # The short game: five epoch cards are set aside.
    open_game(page, "play=moai&players=2&seats=h,h&seed=8&short_game=1&names=Ana,Bob")

    log: list = []
    peeks: list = []

    def on_click(page, choice):
        kind = re.split(r"[ :]", choice)[0]
        if kind == "continue":
            log.append(("continue", plain(page.inner_text("#privacy-title"))))
        elif kind == "bid":
            # The other's bid shows as chosen, never as cards, until both are in.
            peeks.append(page.evaluate(
                """() => ({ shown: document.querySelectorAll('#players .mo-bid.shown').length,
                            chosen: document.querySelectorAll('#players .mo-bid-mark.chosen').length,
                            toMove: document.getElementById('status').dataset.toMove })"""
            ))
            log.append(("bid", status(page)["text"]))
        elif MOAI_COMPLETE.match(choice):
            log.append((kind, status(page)["text"]))

    # Two people click every decision: passing and ending the births early
    # keeps the game short.
    clicked = play_to_the_end(page, random.Random(11), on_click, prefer=MOAI_SHORT)
    assert status(page)["state"] == "over"
    winner = end_dialog_text(page)
    assert winner in ("Ana gagne !", "Bob gagne !") or winner.startswith("Égalité"), winner

    # Each secret bid was made behind the pass-the-device screen, by the
    # player it named, unless the bidder already held the device (the first
    # bid of a round may come from whoever closed the previous one); the
    # second bid of a round always follows the screen.
    bids = [i for i, (kind, _) in enumerate(log) if kind == "bid"]
    assert len(bids) >= 4, clicked
    bidder = lambda text: text.split(",")[0]
    for i in bids:
        before = log[i - 1]
        if before[0] == "continue":
            assert before[1].split(" ")[-1] == bidder(log[i][1]), (before, log[i])
        else:
            assert bidder(before[1]) == bidder(log[i][1]), log[max(0, i - 3):i + 1]
            assert i + 2 < len(log) and log[i + 1][0] == "continue" and log[i + 2][0] == "bid", log[i:i + 3]
    screened = [i for i in bids if log[i - 1][0] == "continue"]
    assert len(screened) >= len(bids) / 2, log
    # Whoever bid second saw that the first had chosen, not what.
    assert all(peek["shown"] == 0 for peek in peeks), peeks
    assert any(peek["chosen"] == 1 and peek["toMove"] in ("0", "1") for peek in peeks), peeks
    assert seen(page)["errors"] == []


def test_the_hint_the_keyboard_and_offline_play(make_context, site_url, open_game):
    # Service workers allowed: the first visit caches the site for offline play.
    page = recording_page(make_context, RECORDER, service_workers="allow")
    context = page.context
    link = "play=moai&players=3&seats=h,bot0,bot0&seed=4&lang=en"
    open_game(page, link)
    settle(page)
    assert "0" in status(page)["toMove"].split(",")

    # The keyboard: Enter on a card adds it to the bid, Escape takes it back.
    page.locator("#hand .mo-card[data-choice]").first.focus()
    page.keyboard.press("Enter")
    assert page.locator("#hand .mo-card[aria-pressed='true']").count() == 1
    assert page.locator("#actions [data-key='btn-bid']").get_attribute("data-choice").startswith("bid ")
    page.keyboard.press("Escape")
    assert page.locator("#hand .mo-card[aria-pressed='true']").count() == 0
    assert page.locator("#actions [data-key='btn-bid']").get_attribute("data-choice") == "bid -"

    # The hint: the expert's bid in words, marked on the cards and the button.
    legal_before = {choice for _, choice in choices(page)}
    page.keyboard.press("h")
    page.wait_for_selector("#advice .advice-text[data-move]", timeout=60_000)
    move = page.get_attribute("#advice .advice-text", "data-move")
    assert move.startswith("bid "), move
    sentence = plain(page.inner_text("#advice"))
    assert sentence.startswith("The expert would "), sentence
    suggested = page.eval_on_selector_all("[data-choice].suggested", "(all) => all.map((e) => e.dataset.choice)")
    assert suggested and set(suggested) <= legal_before | {move}, (move, suggested)
    for _ in range(8):
        if page.locator("#advice .advice-text").count() == 0:
            break
        target = page.locator("[data-choice].suggested:visible")
        if target.count() == 0:
            target = page.locator(f"[data-choice='{move}']:visible")
        target.first.click()
        page.wait_for_timeout(60)
    settle(page)
    entries = plain(page.inner_text("#log"))
    assert "Player 1 bids" in entries or "Player 1 has chosen" in entries, entries

    # Offline: once the service worker holds the site, the game opens and
    # plays with no network at all.
    page.wait_for_function("() => !!navigator.serviceWorker.controller", polling=250, timeout=60_000)
    page.wait_for_function(
        """async () => { const m = await (await fetch('build.json')).json();
                         return caches.has('archipel-' + m.hash); }""",
        polling=250,
        timeout=60_000,
    )
    context.set_offline(True)
    page.goto("about:blank")
    open_game(page, "play=moai&players=2&seats=h,bot0&seed=9&lang=en")
    rng = random.Random(3)
    for _ in range(6):
        settle(page)
        index, _ = moai_pick(rng, choices(page))
        click_choice(page, index)
    settle(page)
    assert page.locator("#log .log-entry").count() >= 1
    assert seen(page)["errors"] == []
