"""The boards with the keyboard alone: Tab reaches each board as one stop
(the arrows move inside it), every choice is made with Enter, and the focus
never falls to the page's body, whatever a move takes off the screen."""

from __future__ import annotations

import random

import pytest

from conftest import open_game
from pages import instant_bots, status

# The pages as they move, animations and all (see conftest.MOTION).
pytestmark = pytest.mark.motion

GAMES = {
    "kahuna": "play=kahuna&players=2&seats=h,bot0&seed=4",
    "kanaloa": "play=kanaloa&players=2&seats=h,bot0&seed=4",
    "moai": "play=moai&players=3&seats=h,bot0,bot0&seed=4",
    "haleakala": "play=haleakala&players=2&seats=h,bot0&seed=4",
}

FOCUS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return {where: 'body'};
  return {where: a.closest('#board') ? 'board' : 'elsewhere', choice: a.getAttribute('data-choice'), key: a.getAttribute('data-key')};
}"""

SETTLED = """() => {
  const s = document.getElementById('status');
  return s.getAttribute('aria-busy') === 'false' && (s.dataset.state === 'over'
    || [...document.querySelectorAll('#game-screen [data-choice]')].some((e) => e.checkVisibility()));
}"""


def check_one_tab_stop(page) -> None:
    """From the top of the page, Tab reaches the board once; the next Tab
    leaves it, Shift+Tab comes back, and the arrows move inside it."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUS)["where"] == "board":
            break
    else:
        pytest.fail("Tab never reaches the board")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS)["where"] != "board", "the board takes more than one Tab stop"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUS)["where"] == "board"
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
        assert page.evaluate(FOCUS)["where"] == "board", key


@pytest.mark.parametrize("game", GAMES)
def test_tab_reaches_the_board_as_one_stop_and_the_focus_never_falls_to_the_body(make_context, site_url, game):
    page = make_context(locale="en-GB", viewport={"width": 1366, "height": 800}).new_page()
    instant_bots(page, site_url)
    open_game(page, site_url, GAMES[game] + "&lang=en")
    chooser = random.Random(game)
    moves = lambda: page.locator("#log .log-entry").count()  # noqa: E731
    start = moves()
    checked = False
    # Turns played with Enter only; the first time the board offers a
    # choice, Tab is tried on it.
    for press in range(150):
        page.wait_for_function(SETTLED, timeout=60_000)
        if status(page)["state"] == "over":
            break
        if not checked and page.locator("#board [data-choice]").count():
            check_one_tab_stop(page)
            checked = True
        targets = page.locator("#game-screen [data-choice]:visible")
        if not targets.count():
            page.wait_for_timeout(100)
            continue
        target = targets.nth(chooser.randrange(targets.count()))
        target.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(SETTLED, timeout=60_000)
        assert page.evaluate(FOCUS)["where"] != "body", f"after press {press}"
        if checked and moves() >= start + 6:
            break
    assert checked, "the board never offered a choice"
    assert moves() >= start + 6
