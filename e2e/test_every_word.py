"""Every word on screen can be read, on a phone (390 × 844) and on a laptop
(1366 × 800): no text cut by its box or ended with an ellipsis (the move's
instruction, the status, the players' names), and nothing left under the
bar fixed at the bottom of a phone once the page is scrolled to its end.

CUT and COVERED are checked on each board by test_accessibility, on the
boots of its axe checks: on a laptop in both languages (mid-game), on a
phone in French and, for half of the games, in English (after two turns).
Here: the longest end screen opens on its winner.
"""

from __future__ import annotations

import pytest

from pages import instant_bots

# The pages as they move, animations and all (see conftest.MOTION).
pytestmark = pytest.mark.motion

LAPTOP = {"viewport": {"width": 1366, "height": 800}}

# The HTML elements of the game screen whose words do not fit their box:
# wider than it with their overflow hidden, or taller than it.
CUT = """() => [...document.querySelectorAll('#game-screen *')]
  .filter((e) => !(e instanceof SVGElement) && !e.closest('.visually-hidden, [hidden]') && e.checkVisibility())
  .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .filter((e) => {
    const style = getComputedStyle(e);
    const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    return (hides && e.scrollWidth > e.clientWidth + 1) || (style.overflowY === 'hidden' && e.scrollHeight > e.clientHeight + 1)
      || style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
  })
  .map((e) => `${e.className || e.tagName}: ${e.textContent.trim().slice(0, 50)}`)"""

# Scrolled to its end, the players' panel lies above the bar fixed at the bottom.
COVERED = """() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const dock = document.querySelector('.dock').getBoundingClientRect();
  const panel = document.querySelector('#players-panel').getBoundingClientRect();
  return panel.bottom > dock.top + 1 ? `the panel ends at ${panel.bottom}, the bar begins at ${dock.top}` : null;
}"""


def test_the_end_screen_opens_on_the_winner(make_context, site_url):
    # Kanaloa's breakdown is the longest: four colours, two scorings, markers.
    page = make_context(locale="fr-FR", **LAPTOP).new_page()
    instant_bots(page, site_url)
    page.goto(f"{site_url}index.html#play=kanaloa&players=2&seats=bot0,bot0&seed=12")
    page.wait_for_selector("#end-dialog[open] .end-winner", timeout=300_000)
    seen = page.evaluate("""() => {
      const dialog = document.getElementById('end-dialog').getBoundingClientRect();
      const winner = document.querySelector('#end-dialog .end-winner').getBoundingClientRect();
      const body = document.getElementById('end-body');
      return {inside: winner.top >= dialog.top && winner.bottom <= dialog.bottom, long: body.scrollHeight > body.clientHeight
        || document.getElementById('end-dialog').scrollHeight > document.getElementById('end-dialog').clientHeight};
    }""")
    assert seen == {"inside": True, "long": True}
