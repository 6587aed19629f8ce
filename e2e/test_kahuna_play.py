"""Kahuna in the browser, driven only the way a player drives it: by clicking
the elements that carry ``data-choice`` (and the page's own buttons for undo,
resume and language). Every random choice comes from a seeded generator, so a
failure replays identically.

The page's contract (docs/protocol.md, section 5): ``#status`` carries
``data-state`` and ``data-to-move``, and ``aria-busy="true"`` while it waits
for Python; clicking any ``[data-choice]`` in any order never dead-ends.
"""

from __future__ import annotations

import random

import pytest

from pages import (
    BOOT_TIMEOUT_MS, choices, click_choice, end_dialog_text, human_turn, open_menu, plain, settle, status,
)

MAX_CLICKS = 4000

POSITION = """() => ({
  hand: [...document.querySelectorAll('#hand .card .card-name')].map((e) => e.textContent),
  bridges: [...document.querySelectorAll('.kahuna-board .plank:not(.leaving)')]
    .map((e) => e.dataset.line + ':' + e.getAttribute('class')).sort(),
  markers: [...document.querySelectorAll('.kahuna-board .marker')]
    .map((e) => e.getAttribute('class').replace(' fresh', '')).sort(),
  display: [...document.querySelectorAll('#market .display .card-name')].map((e) => e.textContent),
  pile: document.querySelector('#market .pile .pile-count')?.textContent,
  scores: [...document.querySelectorAll('#players .player-score')].map((e) => e.textContent),
})"""


def position(page) -> dict:
    return page.evaluate(POSITION)


def play_to_the_end(page, rng: random.Random) -> dict:
    """Click random choices until the game is over; returns what was clicked."""
    clicked: dict = {}
    for _ in range(MAX_CLICKS):
        settle(page)
        if status(page)["state"] == "over":
            return clicked
        offered = choices(page)
        assert offered, f"nothing to choose while playing: {status(page)!r}"
        index, choice = rng.choice(offered)
        kind = choice.split(" ")[0].split(":")[0]
        clicked[kind] = clicked.get(kind, 0) + 1
        click_choice(page, index)
    pytest.fail(f"the game did not end within {MAX_CLICKS} clicks ({status(page)!r})")


def place_a_bridge(page) -> str:
    """Choose a hand card, then a glowing free line: returns the move played."""
    cards = [(i, c) for i, c in choices(page) if c.startswith("card:")]
    for index, _ in cards:
        click_choice(page, index)
        places = [(i, c) for i, c in choices(page) if c.startswith("place ")]
        if places:
            index, move = places[0]
            click_choice(page, index)
            settle(page)
            return move
        page.keyboard.press("Escape")
    pytest.fail("no hand card could lay a bridge")


def test_hot_seat_game_to_the_end(page, open_game):
    open_game(page, "play=kahuna&players=2&seats=h,h&seed=3")
    clicked = play_to_the_end(page, random.Random(20240601))

    # Two humans share the device: the pass-the-device screen came up.
    assert clicked.get("continue", 0) >= 2, clicked
    assert clicked.get("place", 0) >= 1, clicked
    winner = end_dialog_text(page)
    assert winner in ("Joueur 1 gagne !", "Joueur 2 gagne !") or winner.startswith("Égalité"), winner
    assert status(page)["state"] == "over"
    rows = page.locator("#end-dialog .end-table tbody tr").count()
    assert rows >= 1


def test_undo_takes_back_a_move_within_the_turn(page, open_game):
    open_game(page, "play=kahuna&players=2&seats=h,bot1&seed=5")
    human_turn(page, "0")
    before = position(page)
    assert page.is_disabled("#undo-button")

    move = place_a_bridge(page)
    after = position(page)
    assert len(after["hand"]) == len(before["hand"]) - 1, move
    assert len(after["bridges"]) > len(before["bridges"]) or after["bridges"] != before["bridges"], move
    assert status(page)["toMove"] == "0", "a bridge does not end the turn"

    page.click("#undo-button")
    settle(page)
    assert position(page) == before
    assert page.is_disabled("#undo-button")


def test_reload_and_resume_the_same_position(page, open_game, site_url):
    open_game(page, "play=kahuna&players=2&seats=h,bot1&seed=9")
    human_turn(page, "0")
    place_a_bridge(page)
    draw = [(i, c) for i, c in choices(page) if c in ("draw", "take 0", "take 1", "take 2")]
    if draw:
        click_choice(page, draw[0][0])
    human_turn(page, "0")
    before = position(page)
    log_before = plain(page.inner_text("#log"))

    page.reload()
    resume = page.locator('.resume[data-game="kahuna"] .resume-button')
    resume.wait_for(state="visible", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector('.resume[data-game="kahuna"] .resume-button:not([disabled])', timeout=BOOT_TIMEOUT_MS)
    assert resume.count() == 1
    resume.click()
    human_turn(page, "0")
    assert position(page) == before
    assert plain(page.inner_text("#log")) == log_before


def test_a_first_visit_speaks_the_browsers_language(make_context, site_url):
    english = make_context(locale="en-GB").new_page()
    open_menu(english, site_url)
    assert english.get_attribute("html", "lang") == "en"
    assert plain(english.inner_text("#play-button")) == "Play"
    # A language the site does not speak: French, the rulebooks' language.
    german = make_context(locale="de-DE").new_page()
    open_menu(german, site_url)
    assert german.get_attribute("html", "lang") == "fr"
    assert plain(german.inner_text("#play-button")) == "Jouer"


def test_french_by_default_then_english(page, site_url, wait_for_state):
    open_menu(page, site_url)
    assert page.get_attribute("html", "lang") == "fr"
    assert plain(page.inner_text("#play-button")) == "Jouer"
    assert plain(page.inner_text("#seat-list")).startswith("Joueur 1")

    page.click('.lang[data-lang="en"]')
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert plain(page.inner_text("#play-button")) == "Play"
    assert "Player 1" in plain(page.inner_text("#seat-list"))

    # The choice is remembered across visits.
    page.reload()
    page.wait_for_selector("#play-button:not([disabled])", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "lang") == "en"
    page.select_option("#seat-kind-1", "bot0")
    page.select_option("#bot-pace", "instant")
    page.click("#play-button")
    wait_for_state(page, "playing")
    human_turn(page, "0")
    assert plain(page.inner_text("#status")) == "Your turn"
    assert plain(page.text_content("#hand .section-title")).startswith("Your hand")
    aria = page.get_attribute("#undo-button", "aria-label")
    assert aria == "Take back the last move"
