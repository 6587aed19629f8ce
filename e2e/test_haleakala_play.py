"""Haleakala in the browser, driven only the way a player drives it: by
clicking the elements that carry ``data-choice`` (and the page's own buttons,
keys and menu). Every random choice comes from a seeded generator, so a
failure replays identically.

The page's contract (docs/protocol.md, section 5): ``#status`` carries
``data-state`` and ``data-to-move``, and ``aria-busy="true"`` while it waits
for Python; clicking any ``[data-choice]`` in any order never dead-ends.
"""

from __future__ import annotations

import math
import random
import re

import pytest

from pages import (
    boat_section, haleakala_pick,
    VISIBLE_CHOICES, choices, click_choice, end_dialog_text, fix_random, open_menu, plain, recording_page, seen, settle,
    status,
)

MAX_CLICKS = 1500

# What is easily missed between two polls: the sentences of the eruption
# shown over the board, and every error toast.
RECORDER = """(() => {
  const seen = window.__seen = { captions: [], errors: [] };
  const look = () => {
    const caption = document.querySelector('.hk-caption:not([hidden])');
    const text = caption && caption.textContent;
    if (text && seen.captions[seen.captions.length - 1] !== text) seen.captions.push(text);
    for (const toast of document.querySelectorAll('.toast.error')) {
      if (!seen.errors.includes(toast.textContent)) seen.errors.push(toast.textContent);
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();"""

# Another player's latest move, as the board and the log mark it.
MARKS = """() => ({
  log: [...document.querySelectorAll('#log .log-entry.last-move')].map((e) => e.textContent),
  board: [...document.querySelectorAll('.haleakala-board .hk-last')].map((e) => e.getAttribute('class')),
})"""


# What a turn needs to know, in one look: the status, the choices on screen
# and where the boat lies.
LOOK = """() => {
  const s = document.getElementById('status');
  return {
    state: s.dataset.state, toMove: s.dataset.toMove,
    offered: (%s)(),
    boat: document.querySelector('.haleakala-board .hk-boat')?.dataset.section ?? null,
  };
}""" % VISIBLE_CHOICES


def play_to_the_end(page, rng: random.Random, *, invoke: float = 0.0, on_turn=None) -> dict:
    """Click choices until the game is over; returns how often each kind was clicked."""
    clicked: dict = {}
    for _ in range(MAX_CLICKS):
        settle(page)
        now = page.evaluate(LOOK)
        if now["state"] == "over":
            return clicked
        if on_turn:
            on_turn(page, now)
        offered = now["offered"]
        assert offered, f"nothing to choose while playing: {now!r}"
        index, choice = haleakala_pick(offered, rng, now["boat"], invoke)
        kind = choice.split(" ")[0].split(":")[0]
        clicked[kind] = clicked.get(kind, 0) + 1
        click_choice(page, index)
    pytest.fail(f"the game did not end within {MAX_CLICKS} clicks ({status(page)!r})")


def test_a_game_against_the_casual_bot_to_the_end(make_context, site_url, wait_for_state):
    page = recording_page(make_context, RECORDER)
    # Set up through the menu: Haleakala, seat 2 the level-1 bot, bots play at once.
    fix_random(page, 1)  # the game's seed, drawn by the menu
    open_menu(page, site_url)
    page.click('#game-list label.game-choice:has(input[value="haleakala"])')
    assert page.is_checked('#game-list input[value="haleakala"]')
    options = plain(page.inner_text("#option-list"))
    assert "Variante tactique" in options and "Éruption" in options, options
    assert page.is_checked('#option-list label:has-text("Éruption") input')
    assert not page.is_checked('#option-list label:has-text("Variante tactique") input')
    page.select_option("#seat-kind-0", "h")
    page.select_option("#seat-kind-1", "bot1")
    page.fill("#seat-name-0", "Ana")
    page.select_option("#bot-pace", "instant")
    page.click("#play-button")
    wait_for_state(page, "playing")
    assert page.locator(".haleakala-board").count() == 1

    marks_seen = []

    def check_marks(page, now):
        # The bot's latest turn stays marked until the human moves: its entries
        # in the log, and its pieces on the board.
        if now["toMove"] != "0" or len(marks_seen) >= 3:
            return
        marks = page.evaluate(MARKS)
        if marks["log"]:
            assert all(plain(text).startswith("Bot Amateur ") for text in marks["log"]), marks
            assert marks["board"], marks
            marks_seen.append(marks)

    clicked = play_to_the_end(page, random.Random(20240707), on_turn=check_marks)
    assert "continue" not in clicked, "no pass-the-device screen against a bot"
    assert clicked.get("place", 0) >= 3, clicked
    assert marks_seen, "the bot's moves were never marked"

    winner = end_dialog_text(page)
    assert winner in ("Ana gagne !", "Bot Amateur gagne !"), winner
    # The end screen explains both scorings, item by item.
    if not page.is_visible("#end-dialog .hk-end-table"):
        page.click("#end-dialog .hk-end-more > summary")
    details = plain(page.inner_text("#end-dialog .end-details"))
    for words in ("Premier décompte", "Décompte final", "Statues", "Paniers de poissons", "Perles", "Total"):
        assert words in details, (words, details)

    # The log speaks French, with the players' names, and tells the eruption.
    log = plain(page.inner_text("#log"))
    assert "Ana pose son disque" in log and "Bot Amateur " in log
    assert "Éruption !" in log and "Premier décompte" in log
    # The eruption was also played out over the board, flow by flow.
    record = seen(page)
    captions = [plain(text) for text in record["captions"]]
    assert any(text.startswith("Éruption ! 4 disques de lave") for text in captions), captions[:5]
    assert any(text.startswith("Cratère ") for text in captions), captions[:5]
    assert record["errors"] == []
    # No untranslated key is visible anywhere.
    page.click("#end-board")
    body = page.inner_text("body")
    assert not re.search(r"\b(haleakala|error|menu|status|game)\.[a-z_]+", body), body


# A Statue card whose statue can stand under the shaman: the space and two
# buttons, to raise the statue or not (H-41).
STATUE_CHOICE = """() => ({
  space: [...document.querySelectorAll('.haleakala-board .hk-target.space.strong[data-choice="raise"]')].length,
  buttons: [...document.querySelectorAll('#actions button[data-choice]')].map((b) => [b.dataset.choice, b.textContent]),
  hint: document.querySelector('#actions .hint')?.textContent ?? '',
})"""


def test_a_hot_seat_game_of_the_tactical_variant_to_the_end(make_context, open_game):
    page = recording_page(make_context, RECORDER)
    open_game(page, "play=haleakala&players=2&seats=h,h&seed=11&tactical=1")
    movers = set()
    statue_choices = []

    def on_turn(page, now):
        # Nothing is private in Haleakala: the device passes from one player
        # to the other with no privacy screen in between.
        assert not page.is_visible("#privacy-dialog")
        movers.add(status(page)["toMove"])
        offered = {choice for _, choice in now["offered"]}
        if "raise" in offered or "noraise" in offered:
            statue_choices.append(page.evaluate(STATUE_CHOICE))

    clicked = play_to_the_end(page, random.Random(20240708), invoke=0.5, on_turn=on_turn)

    assert clicked.get("continue", 0) == 0, clicked
    assert movers == {"0", "1"}, movers
    assert clicked.get("invoke", 0) >= 1, clicked
    # The Statue card asks: raise the statue on the shaman's space, or not.
    assert statue_choices, "no Statue card came to a shaman on a free space"
    for offer in statue_choices:
        assert offer["space"] == 1, offer
        assert [choice for choice, _ in offer["buttons"]] == ["raise", "noraise"], offer
        assert [plain(text) for _, text in offer["buttons"]] == ["Ériger la statue", "Ne pas l'ériger"], offer
        assert plain(offer["hint"]).startswith("Carte Statue : érigez une statue sur "), offer
    winner = end_dialog_text(page)
    assert winner in ("Joueur 1 gagne !", "Joueur 2 gagne !"), winner
    log = plain(page.inner_text("#log"))
    raised, kept = clicked.get("raise", 0), clicked.get("noraise", 0)
    assert raised + kept == len(statue_choices), (clicked, statue_choices)
    if raised:
        assert re.search(r"Joueur [12] érige une statue sur ", log), log[-2000:]
    if kept:
        assert re.search(r"Joueur [12] n'érige pas de statue sur ", log), log[-2000:]
    # The invocation disc calls the lava; no Lava card is ever drawn.
    assert "disque d'invocation" in log and "appelle la lave" in log, log[-2000:]
    assert "Carte Lave" not in log
    assert "Décompte final" in log
    assert seen(page)["errors"] == []


def test_the_hint_the_keyboard_and_offline_play(make_context, site_url, open_game):
    # Service workers allowed: the first visit caches the site for offline play.
    page = recording_page(make_context, RECORDER, service_workers="allow")
    context = page.context
    link = "play=haleakala&players=2&seats=h,bot0&seed=6&lang=en"
    open_game(page, link)
    settle(page)
    assert status(page)["toMove"] == "0"
    legal = {choice for _, choice in choices(page)}

    # The keyboard: the arrows reach the glowing choices, Enter picks a disc,
    # Escape puts it back.
    page.locator("#hand .hk-disc-btn[data-choice]").first.focus()
    page.keyboard.press("Enter")
    assert page.locator("#hand .hk-disc-btn[aria-pressed='true']").count() == 1
    beaches = page.locator(".haleakala-board .hk-target.beach.strong[data-choice^='place ']")
    assert beaches.count() >= 1
    page.keyboard.press("Escape")
    assert page.locator("#hand .hk-disc-btn[aria-pressed='true']").count() == 0
    assert page.locator(".haleakala-board .hk-target.beach.strong").count() == 0

    # The hint: the expert's move in words, marked on the elements that play it.
    page.keyboard.press("h")
    page.wait_for_selector("#advice .advice-text[data-move]", timeout=60_000)
    move = page.get_attribute("#advice .advice-text", "data-move")
    sentence = plain(page.inner_text("#advice"))
    assert sentence.startswith("The expert would "), sentence
    suggested = page.eval_on_selector_all("[data-choice].suggested", "(all) => all.map((e) => e.dataset.choice)")
    assert suggested and set(suggested) <= legal | {move}, (move, suggested, legal)
    entries = page.locator("#log .log-entry").count()
    for _ in range(4):
        if page.locator("#log .log-entry").count() > entries:
            break
        page.locator("[data-choice].suggested:visible").first.click()
        page.wait_for_timeout(80)
        settle(page)
    last = plain(page.locator("#log .log-entry").nth(entries).inner_text())
    assert last.startswith("Player 1 "), (move, last)
    assert page.locator(".suggested").count() == 0

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
    open_game(page, "play=haleakala&players=2&seats=h,bot0&seed=7&lang=en")
    settle(page)
    for _ in range(3):
        offered = choices(page)
        index, _ = haleakala_pick(offered, random.Random(3), boat_section(page))
        click_choice(page, index)
        settle(page)
    assert page.locator("#log .log-entry").count() >= 1
    assert seen(page)["errors"] == []


# Every disc on the beaches and every beach's number, as circles on screen.
DISCS = """() => {
  const circle = (c) => { const b = c.getBoundingClientRect();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: b.width / 2, h: b.height }; };
  return {
    discs: [...document.querySelectorAll('.haleakala-board .hk-beach .hk-disc-body')].map(circle),
    numbers: [...document.querySelectorAll('.haleakala-board .hk-section-number circle')].map(circle),
  };
}"""


def test_the_discs_on_the_beaches_read_at_a_glance_on_a_laptop(make_context, site_url, open_game):
    """On a laptop (1366×800) every disc on a beach is at least 24×24 CSS
    px, and no disc overlaps another or a beach's number, however many the
    beaches hold along a game."""
    page = make_context(locale="en-GB", viewport={"width": 1366, "height": 800}).new_page()
    page.add_init_script("localStorage.setItem('archipel.v1.setup', JSON.stringify({pace: 'instant'}));")
    open_game(page, "play=haleakala&players=2&seats=h,bot0&seed=7&lang=en")
    rng = random.Random(7)
    most = 0
    for _ in range(120):
        settle(page)
        if status(page)["state"] == "over":
            break
        seen_now = page.evaluate(DISCS)
        most = max(most, len(seen_now["discs"]))
        for disc in seen_now["discs"]:
            assert disc["r"] * 2 >= 24 and disc["h"] >= 24, disc
        for i, a in enumerate(seen_now["discs"]):
            for b in seen_now["discs"][i + 1:] + seen_now["numbers"]:
                assert math.hypot(a["x"] - b["x"], a["y"] - b["y"]) >= a["r"] + b["r"] - 0.5, (a, b)
        offered = choices(page)
        # Discs put down rather than taken back, to crowd the beaches.
        placing = [(i, c) for i, c in offered if c.startswith("disc:") or c.startswith("place ")]
        index, _ = rng.choice(placing or offered)
        click_choice(page, index)
    assert most >= 8, f"only {most} discs were on the beaches at once"
