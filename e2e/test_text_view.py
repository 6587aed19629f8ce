"""The text view (``&view=text``): each of the four games played to its end
by a player who never looks at a board — the keyboard only, pressing the
buttons the view offers, with the position in words under headings and each
move said in the page's live region.

The buttons are chosen at random (seeded): the view must lead any sequence
of presses to a legal move and on to the end of the game, and the focus must
never fall to the page's body, where a screen reader's user would be lost.
"""

from __future__ import annotations

import random

import pytest

from conftest import open_game, wait_for_state
from pages import end_dialog_text, instant_bots, plain

GAMES = {
    "kahuna": "play=kahuna&players=2&seats=h,bot0&seed=3",
    "kanaloa": "play=kanaloa&players=2&seats=h,bot0&seed=3",
    "moai": "play=moai&players=3&seats=h,bot0,bot0&seed=3&short_game=1",
    "haleakala": "play=haleakala&players=2&seats=h,bot0&seed=3",
}

# The text view settled: nothing in flight, and the game over or a move of
# the viewer's to press.
SETTLED = """() => {
  const status = document.getElementById('status');
  if (!status || status.getAttribute('aria-busy') !== 'false') return null;
  if (status.dataset.state === 'over') return 'over';
  const buttons = document.querySelectorAll('.text-page button[data-choice]');
  return buttons.length ? String(buttons.length) : null;
}"""

FOCUS = """() => {
  const a = document.activeElement;
  return !a || a === document.body ? 'body' : (a.id || a.getAttribute('data-key') || a.tagName);
}"""


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_is_played_in_words_with_the_keyboard(make_context, site_url, game):
    page = make_context(locale="en-GB", viewport={"width": 1366, "height": 800}).new_page()
    instant_bots(page, site_url)
    open_game(page, site_url, GAMES[game] + "&lang=en&view=text")
    # No board is drawn: the frame holds the position in words.
    assert page.locator("#board svg").count() == 0
    headings = page.locator(".text-page h2").all_inner_texts()
    assert "The turn" in headings and "Your moves" in headings, headings
    assert page.locator("#players .text-section h2").inner_text() == "Players"
    assert page.get_attribute("#announce", "aria-live") == "polite"

    chooser = random.Random(game)
    said = set()
    presses = 0
    while True:
        look = page.wait_for_function(SETTLED, timeout=60_000).json_value()
        if look == "over":
            break
        buttons = page.locator(".text-page button[data-choice]")
        button = buttons.nth(chooser.randrange(buttons.count()))
        # The keyboard only: the button is reached and pressed with Enter.
        button.focus()
        page.keyboard.press("Enter")
        presses += 1
        assert presses < 3000, "the game never ended"
        page.wait_for_function(SETTLED, timeout=60_000)
        assert page.evaluate(FOCUS) != "body", f"the focus fell to the body after press {presses}"
        said.add(page.inner_text("#announce"))
    wait_for_state(page, "over")
    # The end is said in words, and the end screen explains it.
    turn = plain(page.inner_text(".text-turn"))
    assert "The game is over." in turn, turn
    assert " wins:" in turn or "A tie between" in turn, turn
    assert end_dialog_text(page)
    # Every move was said in the live region as it was made.
    assert len([text for text in said if text.strip()]) > 3, said


def test_the_text_view_is_a_menu_setting_remembered_for_the_next_games(make_context, site_url):
    page = make_context(locale="fr-FR", viewport={"width": 1366, "height": 800}).new_page()
    page.goto(site_url)
    page.wait_for_selector("#play-button:not([disabled])", timeout=90_000)
    page.check("#text-view")
    assert page.evaluate("localStorage.getItem('archipel.v1.view')") == '"text"'
    page.click("#play-button")
    wait_for_state(page, "playing")
    assert page.locator(".text-page").count() == 1
    assert page.locator("#board svg").count() == 0
    # A link asks for the board again, and the page remembers that too.
    open_game(page, site_url, GAMES["kahuna"] + "&view=board")
    assert page.locator("#board svg").count() > 0
    assert page.locator(".text-page").count() == 0
    assert page.evaluate("localStorage.getItem('archipel.v1.view')") == '"board"'
