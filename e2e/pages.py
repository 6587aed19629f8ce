"""What the browser tests ask of a page, shared by the test modules: its
status, the choices on screen and a click on one, waiting until it is
settled or a person's turn, the menu, the end screen's words, and pages that
record what is easily missed between two polls.

The page's contract (DESIGN.md, "The browser"): ``#status`` carries
``data-state`` (loading, playing, over) and ``data-to-move``, and
``aria-busy="true"`` while it waits for Python; every game-advancing
clickable carries ``data-choice``.
"""

from __future__ import annotations

import re
import weakref

# Pyodide boots in about 5 s here; leave room for a loaded 2-core machine.
BOOT_TIMEOUT_MS = 90_000

# Settled: no request in flight, and the game is over or something can be
# chosen (a bot's turn, or the pause before it, has no choice on screen).
SETTLED = """() => {
  const status = document.getElementById('status');
  if (!status || status.getAttribute('aria-busy') !== 'false') return false;
  if (status.dataset.state === 'over') return true;
  return [...document.querySelectorAll('[data-choice]')].some((e) => e.checkVisibility());
}"""

STATUS = """() => {
  const s = document.getElementById('status');
  return s ? {state: s.dataset.state ?? null, toMove: s.dataset.toMove ?? null, text: s.textContent} : null;
}"""

# The visible [data-choice] elements: [index among all of them, choice].
VISIBLE_CHOICES = """() => [...document.querySelectorAll('[data-choice]')]
  .map((e, i) => [i, e.dataset.choice, e.checkVisibility()])
  .filter((x) => x[2])
  .map((x) => [x[0], x[1]])"""

# Once the page is settled: the status and what can be clicked, in one look
# (null until then).
SETTLED_LOOK = """() => {
  const status = document.getElementById('status');
  if (!status || status.getAttribute('aria-busy') !== 'false') return null;
  const now = { state: status.dataset.state, toMove: status.dataset.toMove };
  if (now.state === 'over') return { ...now, choices: [] };
  const choices = (%s)();
  return choices.length ? { ...now, choices } : null;
}""" % VISIBLE_CHOICES

# A person's turn: settled, playing, the seat to move, something to choose.
HUMAN_TURN = """(seat) => { const s = document.getElementById('status');
  return s.getAttribute('aria-busy') === 'false' && s.dataset.state === 'playing'
    && s.dataset.toMove === seat
    && [...document.querySelectorAll('[data-choice]')].some((e) => e.checkVisibility()); }"""


def settle(page, timeout: int = 60_000) -> None:
    """Wait until the page is settled (see ``SETTLED``)."""
    page.wait_for_function(SETTLED, timeout=timeout)


def settled(page, timeout: int = 60_000) -> dict:
    """Wait until the page is settled; its status and visible choices."""
    return page.wait_for_function(SETTLED_LOOK, timeout=timeout).json_value()


def status(page) -> dict | None:
    """#status's state, seats to move and words (None without a #status)."""
    return page.evaluate(STATUS)


def choices(page) -> list:
    """The [data-choice] elements on screen: [index, choice] each."""
    return page.evaluate(VISIBLE_CHOICES)


# Games played to their end take hundreds of clicks. Every REAL_CLICK_EVERY-th
# click of a page (its first included) is a real mouse click, which Playwright
# makes only once the choice is visible, still and not covered by anything;
# the others dispatch the same click event to the same element, which the
# page handles alike at a tenth of the cost.
REAL_CLICK_EVERY = 8
_clicks: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def click_choice(page, index: int) -> None:
    """Click the `index`-th [data-choice] element (as ``choices`` counts)."""
    made = _clicks.get(page, 0)
    _clicks[page] = made + 1
    choice = page.locator("[data-choice]").nth(index)
    if made % REAL_CLICK_EVERY == 0:
        choice.click()
    else:
        choice.dispatch_event("click")


def human_turn(page, seat: str = "0", timeout: int = 60_000) -> None:
    """Wait until seat `seat` (a person) has something to choose."""
    page.wait_for_function(HUMAN_TURN, arg=seat, timeout=timeout)


def plain(text: str) -> str:
    """Text as read: spaces of every width as one, no word joiners."""
    return re.sub(r"\s+", " ", text.replace("\u2060", "")).strip()


def instant_bots(page, site_url: str) -> None:
    """Open the site and set the bots' pace to "at once" for the next games."""
    page.goto(site_url)
    page.evaluate("localStorage.setItem('archipel.v1.setup', JSON.stringify({pace: 'instant'}))")


def open_menu(page, site_url: str) -> None:
    """Open the site and wait until its menu can start a game."""
    page.goto(site_url)
    page.wait_for_selector("#play-button:not([disabled])", timeout=BOOT_TIMEOUT_MS)


def end_dialog_text(page, timeout: int = 60_000) -> str:
    """The end screen's verdict ("Ana gagne !")."""
    page.wait_for_selector("#end-dialog[open] .end-winner", timeout=timeout)
    return plain(page.inner_text("#end-dialog .end-winner"))


def recording_page(make_context, recorder: str, **options):
    """A page of a new context (`options`) that runs `recorder` first: a
    script that keeps in ``window.__seen`` what is easily missed between two
    polls (see ``seen``)."""
    page = make_context(**options).new_page()
    page.add_init_script(recorder)
    return page


# The page's own draws (a new game's seed, above all) from a fixed sequence, so
# that a game started from the menu replays identically: the bots draw from
# the game's seed, the tests' clicks from their own seeded generator.
FIXED_RANDOM = """((seed) => {
  let a = seed >>> 0;
  Math.random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})(%d);"""


def fix_random(page, seed: int) -> None:
    """Make the page's ``Math.random`` a fixed sequence from `seed`, from its
    next navigation on."""
    page.add_init_script(FIXED_RANDOM % seed)


def seen(page) -> dict:
    """What the page's recorder kept."""
    return page.evaluate("() => window.__seen")


# -- online tables -------------------------------------------------------------------

# An online page, as one look: its status (with the connection), whether it
# waits for an answer, what it offers to click, whether a dialog holds it.
ONLINE_LOOK = """() => {
  const s = document.getElementById('status');
  if (!s) return null;
  const open = document.querySelector('dialog[open]');
  const settled = s.getAttribute('aria-busy') === 'false';
  return {
    state: s.dataset.state, toMove: s.dataset.toMove, connection: s.dataset.connection ?? null,
    settled, dialog: open ? open.id : null,
    choices: settled && !open ? (%s)() : [],
  };
}""" % VISIBLE_CHOICES


def online_look(page) -> dict | None:
    """The page's status, connection and choices, without waiting."""
    return page.evaluate(ONLINE_LOOK)


def invitation(page, seat: int, timeout: int = BOOT_TIMEOUT_MS) -> str:
    """The whole invitation link of a free seat, as the creator's page shows it."""
    selector = f'[data-invite-seat="{seat}"]'
    page.wait_for_selector(selector, state="attached", timeout=timeout)
    return page.get_attribute(selector, "href")


def join_table(page, link: str, name: str, timeout: int = BOOT_TIMEOUT_MS) -> None:
    """Open an invitation, type a name, sit down."""
    page.goto(link)
    page.wait_for_selector("[data-join-name]", timeout=timeout)
    page.fill("[data-join-name]", name)
    page.click("[data-join]")
    page.wait_for_selector("#join-dialog", state="hidden", timeout=timeout)


def connection(page) -> str | None:
    return page.get_attribute("#status", "data-connection")


# -- random players that finish a game in a reasonable number of clicks ---------------

# Kanaloa: clicks that end a turn or make one; the random player favours them
# a little.
KANALOA_ENDING = re.compile(r"^(draw|take |end$|continue$)")
KANALOA_COMPLETE = re.compile(r"^(build|replace|remove|steal|give|ku|pele|lono|colour|pass|choose) ")


def kanaloa_pick(rng, offered: list, prefer=None):
    """A random choice, with a lean towards `prefer`ed ones, complete moves
    and the end of the turn; otherwise anything (a card, a link first, a card
    put back)."""
    if prefer:
        wanted = [c for c in offered if prefer.match(c[1])]
        if wanted and rng.random() < 0.8:
            return rng.choice(wanted)
    complete = [c for c in offered if KANALOA_COMPLETE.match(c[1])]
    ending = [c for c in offered if KANALOA_ENDING.match(c[1])]
    roll = rng.random()
    if complete and roll < 0.45:
        return rng.choice(complete)
    if ending and roll < 0.7:
        return rng.choice(ending)
    return rng.choice(offered)


# Moai: a click that plays a move (not one that only selects a part of it);
# passing and ending the births early keep a game short.
MOAI_COMPLETE = re.compile(r"^(\S+ \S|pass$|done$|build$|continue$)")
MOAI_SHORT = re.compile(r"^(done|pass|bid -)$")


def moai_pick(rng, offered: list, prefer=None):
    """A random choice, leaning towards clicks that complete a move (and
    towards `prefer`ed ones)."""
    if prefer:
        wanted = [c for c in offered if prefer.match(c[1])]
        if wanted and rng.random() < 0.7:
            return rng.choice(wanted)
    complete = [c for c in offered if MOAI_COMPLETE.match(c[1])]
    if complete and rng.random() < 0.65:
        return rng.choice(complete)
    return rng.choice(offered)


def boat_section(page) -> str | None:
    """The section of Haleakala's island where the boat lies."""
    return page.evaluate("() => document.querySelector('.haleakala-board .hk-boat')?.dataset.section ?? null")


def haleakala_pick(offered: list, rng, boat: str | None, invoke: float = 0.0):
    """A player in a hurry: mostly sails (a disc on the boat's beach) or rows,
    which brings the scorings sooner; anything else at random."""
    def kind(prefix):
        return [c for c in offered if c[1].startswith(prefix)]

    sails = [c for c in kind("place ") if c[1].split(" ")[2] == boat]
    if kind("invoke") and rng.random() < invoke:
        return kind("invoke")[0]
    if sails and rng.random() < 0.9:
        return rng.choice(sails)
    if kind("boat") and rng.random() < 0.9:
        return kind("boat")[0]
    if kind("disc:") and rng.random() < 0.85:
        return rng.choice(kind("disc:"))
    return rng.choice(offered)
