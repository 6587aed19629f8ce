"""The lessons in the browser, followed as a newcomer follows them: open
``#learn=<game>`` on a phone, read each step's sheet and fold it, tap what
the lesson asks for (``[data-lesson=target]``), try a wrong choice now and
then (``[data-lesson=other]``: a sentence, and the step unchanged), with the
board's size, the targets' reach and the strip's lines measured at every
step at two phones' sizes; then play the short game against the novice bot
on a laptop with random choices to its end, and review it; each in French or
in English, the two in turn. The menu offers a lesson once.

The page's contract (docs/protocol.md, section 5, "Lessons"): ``#lesson``
carries ``data-step`` (1 … n, ``game``, ``done``) and ``data-steps``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pages import BOOT_TIMEOUT_MS, choices, click_choice, open_menu, plain, settle, status
from pygame_core.lessons import lessons

WORDS = {lang: json.loads((Path(__file__).resolve().parents[1] / "web" / "i18n" / f"{lang}.json")
                          .read_text(encoding="utf-8")) for lang in ("fr", "en")}
STEP_IDS = {name: [step.id for step in lesson.steps] for name, lesson in lessons().items()}
MAX_CLICKS = 3000
# The bots of the short games move at once (the menu's pace, as stored).
INSTANT = "localStorage.setItem('archipel.v1.setup', JSON.stringify({pace: 'instant'}));"

LESSON = """() => { const l = document.getElementById('lesson');
  return l && !l.hidden ? {step: l.dataset.step, steps: l.dataset.steps,
    note: l.querySelector('.lesson-note')?.textContent ?? null,
    title: l.querySelector('.lesson-title')?.textContent ?? null} : null; }"""


def lesson(page) -> dict | None:
    return page.evaluate(LESSON)


# The sizes a lesson is followed at: two phones (their strip and sheet, the
# board as large as in a normal game) and a laptop (the panel beside the board).
PHONES = ({"width": 390, "height": 844}, {"width": 360, "height": 740})
LAPTOP = {"width": 1366, "height": 800}

# What a player sees of the page, at the size it has now: the board's size,
# the lesson's targets too small for a finger (WCAG 2.5.8), the points of the board
# something else covers, the lines of the strip and of the instruction, and
# whether the dock is wider than the screen.
LOOK = """() => {
  const rect = (el) => el.getBoundingClientRect();
  const on = (el, x, y) => { const hit = document.elementFromPoint(x, y); return Boolean(hit && el.contains(hit)); };
  // WCAG 2.5.8: a target 24 px across, or, smaller, one whose circle of 24 px
  // round its middle reaches no other target.
  const other = (el, x, y) => { const hit = document.elementFromPoint(x, y);
    const act = hit && hit.closest('[data-choice], [role="button"], button, a');
    return Boolean(act && !el.contains(act) && !act.contains(el)); };
  const reaches = (el) => { const r = rect(el); const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (!on(el, x, y)) return false;
    return [0, 1, 2, 3, 4, 5, 6, 7].every((i) => !other(el, x + 11.5 * Math.cos(i * Math.PI / 4), y + 11.5 * Math.sin(i * Math.PI / 4))); };
  const board = document.getElementById('board');
  const b = rect(board);
  const small = [...document.querySelectorAll('[data-lesson="target"]')]
    .filter((el) => el.checkVisibility() && !reaches(el))
    .map((el) => el.getAttribute('aria-label') || el.getAttribute('data-choice') || el.textContent);
  const covered = [];
  for (let i = 1; i < 6; i++) for (let j = 1; j < 8; j++) {
    const x = b.left + b.width * i / 6, y = b.top + b.height * j / 8;
    if (!on(board, x, y)) covered.push(document.elementFromPoint(x, y)?.outerHTML.slice(0, 80));
  }
  const lines = (selector) => { const el = document.querySelector(selector);
    if (!el || !el.checkVisibility()) return null;
    const r = rect(el);
    return {width: r.width, right: r.right, lines: Math.round(r.height / parseFloat(getComputedStyle(el).lineHeight))}; };
  const dock = document.querySelector('.dock');
  const d = rect(dock);
  // A choice of the dock cut at the screen's edge, and what follows the
  // board peeking out above the dock's edge.
  const cut = [...dock.querySelectorAll('[data-choice], .card, button, [role="img"]')]
    .filter((el) => el.checkVisibility() && !el.closest('.lesson-sheet'))
    .filter((el) => { const r = rect(el); return r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5); })
    .map((el) => el.getAttribute('data-choice') || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 20));
  const tabs = document.querySelector('.tabs');
  const peeking = getComputedStyle(dock).position === 'fixed' && tabs.checkVisibility() && rect(tabs).top < d.top - 0.5;
  return {board: b.width, small, covered, strip: lines('.lesson-strip-text'), hint: lines('.actions .hint'),
          wider: dock.scrollWidth - dock.clientWidth, cut, peeking, width: innerWidth};
}"""
# The board keeps at least this share of its size in a normal game.
KEPT = 0.9


def resize(page, size: dict) -> None:
    """The window at `size`, the page laid out again (layout.js has measured
    the dock) and settled."""
    page.set_viewport_size(size)
    page.wait_for_function("""() => { const dock = document.querySelector('.dock');
      if (getComputedStyle(dock).position !== 'fixed') return true;
      const kept = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--dock-height'));
      return Math.abs(kept - Math.ceil(dock.getBoundingClientRect().height)) < 1; }""")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    settle(page)


def normal_boards(page, site_url: str, name: str) -> dict:
    """The board's width in a normal game of the lesson's game (its players
    and options), at each size the lesson is followed at."""
    plan = lessons()[name]
    seats = ",".join(["h"] + ["bot0"] * (plan.players - 1))
    options = "".join(f"&{option}=1" for option, on in plan.options.items() if on)
    page.goto(f"{site_url}index.html#play={plan.game}&players={plan.players}&seats={seats}&seed=3{options}")
    page.wait_for_selector("#status[data-state='playing']", timeout=BOOT_TIMEOUT_MS)
    widths = {}
    for size in (*PHONES, LAPTOP):
        resize(page, size)
        widths[size["width"]] = page.evaluate(LOOK)["board"]
    return widths


def fold(page) -> None:
    """A phone's sheet of words folded (its "Got it"), when it is lifted."""
    done = page.locator("#lesson.lifted .lesson-fold:visible")
    if done.count():
        done.tap()
        page.wait_for_selector("#lesson:not(.lifted)")


def looks_right(page, normal: dict, where: str) -> None:
    """The step as a player sees it at this size: the board as large as in a
    normal game (KEPT), every target within a finger's reach, nothing over
    the board, the strip and the instruction read whole."""
    look = page.evaluate(LOOK)
    width = look["width"]
    assert look["board"] >= KEPT * normal[width], f"{where} at {width} px: board {look['board']:.0f} px, {normal[width]:.0f} in a normal game"
    assert not look["small"], f"{where} at {width} px: targets too small for a finger: {look['small']}"
    assert not look["covered"], f"{where} at {width} px: the board is covered by {look['covered']}"
    for part in ("strip", "hint"):
        said = look[part]
        if said is None:
            continue
        assert said["right"] <= width + 0.5, f"{where} at {width} px: the {part} goes past the screen"
        assert said["width"] >= 0.45 * width and said["lines"] <= 4, f"{where} at {width} px: the {part} is squeezed ({said})"
    assert look["wider"] <= 1, f"{where} at {width} px: the dock is wider than the screen"
    assert not look["cut"], f"{where} at {width} px: choices cut at the screen's edge: {look['cut']}"
    assert not look["peeking"], f"{where} at {width} px: the tabs peek out above the dock"


def follow_steps(page, game: str, lang: str, rng: random.Random, normal: dict) -> list:
    """Follow the steps on a phone: at each step, fold the sheet once it is
    read, look at the step at both phones' sizes (and at the first step on a
    laptop), then tap what the step asks for; at every other step, first a
    wrong choice. Returns the titles read."""
    words = WORDS[lang]
    ids = STEP_IDS[game]
    titles = []
    wrong_tried = set()
    looked = set()
    for _ in range(60):
        settle(page)
        now = lesson(page)
        assert now is not None and now["steps"] == str(len(ids))
        if now["step"] == "game":
            return titles
        number = int(now["step"])
        step_id = ids[number - 1]
        assert now["title"] == words[f"lesson.{game}.{step_id}.title"]
        if now["title"] not in titles:
            titles.append(now["title"])
        taught = page.locator("#lesson-next").count() > 0
        if not taught and number not in looked:
            looked.add(number)
            # A new step lifts its words over the dock; "Got it" folds them.
            assert page.locator("#lesson.lifted .lesson-text").is_visible(), f"step {number}: its words are not lifted"
            fold(page)
            for size in (PHONES[1], PHONES[0]):
                resize(page, size)
                looks_right(page, normal, f"step {number}")
            if number == 1:
                # On a laptop the words sit beside a board of a normal game's size.
                resize(page, LAPTOP)
                look = page.evaluate(LOOK)
                assert look["board"] >= 0.98 * normal[LAPTOP["width"]] and not look["covered"], look
                assert page.locator("#lesson .lesson-text").is_visible()
                resize(page, PHONES[0])
        others = page.locator('[data-lesson="other"]:visible')
        if not taught and number % 2 == 1 and number not in wrong_tried and others.count():
            wrong_tried.add(number)
            # Another choice is played as any other: a part of a move is
            # chosen, and the move it completes is refused with its reasons.
            for _ in range(8):
                # A part not yet chosen (a chosen one would only be put back).
                others = page.locator('[data-lesson="other"]:visible:not([aria-pressed="true"])')
                if not others.count():
                    break
                # A whole move when one is offered (its text has words), else a
                # part that can be chosen (a card, a disc, a strength).
                whole = [i for i in range(others.count()) if " " in (others.nth(i).get_attribute("data-choice") or "")]
                parts = [i for i in range(others.count()) if others.nth(i).get_attribute("aria-pressed") == "false"]
                others.nth(rng.choice(whole or parts or list(range(others.count())))).tap()
                settle(page)
                if lesson(page)["note"]:
                    break
            after = lesson(page)
            assert after["note"], f"step {number}: another choice is not explained"
            # Why that move is not the step's: what it would gain, against
            # what the step's move gains (the engine's reasons), in words,
            # on the sheet lifted to say it.
            assert plain(after["note"]).startswith(plain(words["lesson.wrong_move"].split("{")[0])), after["note"]
            assert "{" not in after["note"] and plain(after["note"]) != plain(words[f"lesson.{game}.{step_id}.wrong"])
            assert after["step"] == now["step"]
            assert page.locator("#lesson.lifted .lesson-note").is_visible()
            fold(page)
            page.keyboard.press("Escape")
            continue
        targets = page.locator('[data-lesson="target"]:visible')
        assert targets.count() >= 1, f"step {number}: nothing to tap"
        targets.first.tap()
    pytest.fail(f"the lesson of {game} did not reach its game ({lesson(page)!r})")


def play_short_game(page, rng: random.Random, clicks: int | None = None) -> None:
    """Random clicks to the short game's end (or `clicks` of them)."""
    for _ in range(MAX_CLICKS if clicks is None else clicks):
        settle(page)
        if status(page)["state"] == "over":
            return
        offered = choices(page)
        index, _ = rng.choice(offered)
        click_choice(page, index)
    if clicks is None:
        pytest.fail(f"the short game did not end within {MAX_CLICKS} clicks ({status(page)!r})")
    settle(page)


# Each lesson in one language, the two languages in turn (every lesson's
# words are in both languages: tests/test_i18n.py checks every key).
FOLLOWED = [(name, ("fr", "en")[index % 2]) for index, name in enumerate(sorted(STEP_IDS))]
# The lessons whose short game is played here to its end, the lesson marked
# done and the game reviewed (one in each language). Every lesson's short
# game comes to its end whatever the learner plays (tests/test_lessons.py),
# and a lesson's end is driven in Node (tests/node/lesson-ctrl.test.mjs).
PLAYED_TO_THE_END = {"kahuna", "kanaloa"}
# The others' short game is played this many clicks on a laptop.
CLICKS_ELSEWHERE = 12


@pytest.mark.parametrize(("name", "lang"), FOLLOWED)
def test_every_lesson_is_followed_to_its_end(make_context, site_url, name, lang):
    """Each lesson as a newcomer follows it on a phone (its steps) and then
    on a laptop (its short game: to the end, and the review, for those
    PLAYED_TO_THE_END)."""
    page = make_context(locale="fr-FR" if lang == "fr" else "en-GB", viewport=PHONES[0], has_touch=True).new_page()
    page.add_init_script(INSTANT)
    rng = random.Random(f"{name}/{lang}")
    normal = normal_boards(page, site_url, name)
    resize(page, PHONES[0])
    page.evaluate(f"() => {{ location.hash = '#learn={name}&lang={lang}'; }}")
    page.wait_for_selector("#lesson[data-step='1']", timeout=BOOT_TIMEOUT_MS)
    titles = follow_steps(page, name, lang, rng, normal)
    assert len(titles) == len(STEP_IDS[name])
    # The short game on a phone: its words on the sheet, then folded; a
    # "Read" beside the status lifts them again.
    page.wait_for_selector("#lesson.lifted #lesson-suggestions")
    fold(page)
    assert page.locator(".lesson-lift").is_visible() and page.locator("#status").is_visible()
    # The expert's suggestion comes by itself, with its reasons.
    page.wait_for_selector("#advice .advice-text[data-move]", timeout=60_000)
    move = page.get_attribute("#advice .advice-text[data-move]", "data-move")
    why = page.locator("#advice .advice-why")
    # Every suggestion says why, a pass or a turn's end too (what it keeps).
    assert why.count() == 1, f"the suggestion {move!r} says no reason"
    assert plain(why.inner_text()).startswith(plain(WORDS[lang]["hint.why"].split("{")[0]))
    # The suggestion set close, in the place of the game's instruction: the
    # board keeps a normal game's room on this phone.
    look = page.evaluate(LOOK)
    assert look["board"] >= KEPT * normal[PHONES[0]["width"]] and not look["covered"], look
    # Suggestions off: the one on screen goes, and the board has a normal
    # game's room.
    page.locator(".lesson-lift").tap()
    page.locator("#lesson-suggestions").tap()
    assert not page.is_checked("#lesson-suggestions")
    fold(page)
    page.wait_for_selector("#advice .advice-text", state="detached")
    resize(page, PHONES[0])
    look = page.evaluate(LOOK)
    assert look["board"] >= KEPT * normal[PHONES[0]["width"]] and not look["covered"], look
    # The rest on a laptop, the words beside the board.
    resize(page, LAPTOP)
    if name not in PLAYED_TO_THE_END:
        play_short_game(page, rng, CLICKS_ELSEWHERE)
        assert status(page)["state"] == "playing" and page.locator("#lesson:visible").count() == 1
        return
    play_short_game(page, rng)
    page.wait_for_selector("#lesson[data-step='done']", timeout=30_000)
    marks = page.evaluate("() => JSON.parse(localStorage.getItem('archipel.v1.lessons'))")
    assert marks[name] == "done"
    # The short game opens in the review like any finished game, from the
    # lesson's prepared position.
    page.wait_for_selector("#end-dialog[open] #end-review", timeout=30_000)
    assert plain(page.inner_text("#end-review")) == plain(WORDS[lang]["end.review"])
    page.click("#end-review")
    page.wait_for_selector("#review[data-plies]", timeout=BOOT_TIMEOUT_MS)
    assert int(page.get_attribute("#review", "data-plies")) > 0
    assert page.locator("#lesson:visible").count() == 0
    # And studied like any: analysed, each player's accuracy judged (a game
    # from a prepared position, so no deal to be lucky in).
    page.click('#review [data-review="analyse"]')
    page.wait_for_selector("#review [data-accuracy]", timeout=120_000)
    assert page.locator("#review [data-accuracy]").count() == page.locator("#review-viewer option").count() - 1


def test_the_menu_offers_a_lesson_once(make_context, site_url):
    context = make_context(locale="en-GB")
    page = context.new_page()
    open_menu(page, site_url)
    offer = page.locator("#lesson-offer")
    offer.wait_for(state="visible")
    assert "Kahuna" in offer.inner_text()
    assert page.is_visible("#learn-button")
    page.click("#lesson-offer-yes")
    page.wait_for_selector("#lesson[data-step='1']", timeout=BOOT_TIMEOUT_MS)
    # Back at the menu, and on the next visit, the offer is not made again;
    # "Learn to play" stays.
    page.click("#menu-button")
    page.wait_for_selector("#menu-screen:not([hidden])")
    assert not page.is_visible("#lesson-offer")
    page.reload()
    open_menu(page, site_url)
    assert not page.is_visible("#lesson-offer")
    assert page.is_visible("#learn-button")
    page.click("#learn-button")
    page.wait_for_selector("#lesson[data-step='1']", timeout=BOOT_TIMEOUT_MS)
    # Leaving the lesson leaves no game to resume.
    page.click(".lesson-leave")
    page.wait_for_selector("#menu-screen:not([hidden])")
    assert page.evaluate("() => Object.keys(localStorage).filter((k) => k.includes('.save.')).length") == 0


def test_a_tap_says_what_a_piece_or_a_count_is(make_context, site_url, open_game):
    """Words on touch: on a phone, a tap on a clan's count or on a board's
    piece shows what it is and what it counts; a tap elsewhere hides it."""
    page = make_context(locale="en-GB", viewport={"width": 390, "height": 844}, has_touch=True,
                        is_mobile=True).new_page()
    open_game(page, "play=moai&players=3&seats=h,bot1,bot1&seed=4")
    settle(page)
    page.click("#tab-players")
    page.locator("#players .mo-stat").nth(2).tap()
    page.wait_for_selector("#tip:not([hidden])")
    assert page.inner_text("#tip") == "Wood 0"
    assert page.locator("#players .mo-stat-label").nth(2).inner_text() == "wood"
    page.locator("#players .player-name").first.tap()
    page.wait_for_selector("#tip", state="hidden")
    kahuna = make_context(locale="fr-FR", viewport={"width": 390, "height": 844}, has_touch=True,
                          is_mobile=True).new_page()
    open_game(kahuna, "play=kahuna&players=2&seats=h,bot1&seed=4")
    settle(kahuna)
    tag = kahuna.locator(".kahuna-board .tags [role='img']").first
    tag.tap()
    kahuna.wait_for_selector("#tip:not([hidden])")
    label = tag.get_attribute("aria-label")
    assert label.startswith("ALOA") and plain(kahuna.inner_text("#tip")) == plain(label)


def hold(page, locator, ms: int = 800) -> None:
    """A finger held on ``locator``'s middle for ``ms``, then lifted."""
    box = locator.bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(ms)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_finger_held_on_a_glowing_choice_says_what_it_is_and_a_tap_plays_it(make_context, site_url):
    """On a phone, the lesson's glowing choice says its words to a held
    finger, and that press plays nothing; a tap then plays it."""
    page = make_context(locale="en-GB", viewport={"width": 390, "height": 844}, has_touch=True,
                        is_mobile=True).new_page()
    page.goto(f"{site_url}index.html#learn=kahuna&lang=en")
    page.wait_for_selector("#lesson[data-step='1']", timeout=BOOT_TIMEOUT_MS)
    settle(page)
    fold(page)
    target = page.locator('[data-lesson="target"]:visible').first
    label = target.get_attribute("aria-label")
    assert label
    pressed = page.locator('[aria-pressed="true"]').count()
    hold(page, target)
    page.wait_for_selector("#tip:not([hidden])")
    assert plain(page.inner_text("#tip")) == plain(label)
    settle(page)
    assert page.locator('[aria-pressed="true"]').count() == pressed, "the held press chose something"
    assert page.locator("#lesson-next").count() == 0 and lesson(page)["step"] == "1"
    target.tap()
    page.wait_for_function(
        "(n) => document.querySelectorAll('[aria-pressed=\"true\"]').length > n || document.getElementById('lesson-next')",
        arg=pressed, timeout=10_000)


def pictures_of(game: str) -> dict[str, int]:
    """Every picture the rules of ``game`` carry — the steps of its lessons
    that show a section, and their prepared pictures — with its section."""
    shown: dict[str, int] = {}
    for lesson in lessons().values():
        if lesson.game != game:
            continue
        for step in lesson.steps:
            if step.rules is not None:
                shown[f"{lesson.id}/{step.id}"] = step.rules
        for picture in lesson.pictures:
            shown[f"{lesson.id}/{picture.id}"] = picture.rules
    return shown


RULES_GAMES = {"kahuna": "play=kahuna&players=2&seats=h,bot0&seed=4",
               "kanaloa": "play=kanaloa&players=2&seats=h,bot0&seed=4",
               "moai": "play=moai&players=2&seats=h,bot0&seed=4",
               "haleakala": "play=haleakala&players=2&seats=h,bot0&seed=4"}


@pytest.mark.parametrize("game", sorted(RULES_GAMES))
def test_every_picture_of_the_rules_is_drawn_in_its_own_section(make_context, site_url, open_game, game):
    """Each picture of each game's rules is present, once, as a child of the
    dialog's own section it shows (never inside another picture's board,
    whose drawing may carry data-section attributes of its own), with a
    board of the game's renderer."""
    expected = pictures_of(game)
    assert expected, f"{game}'s rules have no picture"
    page = make_context(locale="en-GB").new_page()
    open_game(page, RULES_GAMES[game])
    settle(page)
    page.click("#rules-button")
    page.wait_for_function(
        "(n) => [...document.querySelectorAll('#rules-text figure[data-picture]')]"
        ".filter((f) => f.querySelector('.board-frame svg')).length === n",
        arg=len(expected), timeout=90_000)
    placed = page.evaluate("""() => [...document.querySelectorAll('#rules-text figure[data-picture]')].map((f) => [
        f.dataset.picture, f.parentElement.matches('#rules-text > section') ? f.parentElement.dataset.section : null])""")
    assert sorted(picture for picture, _ in placed) == sorted(expected)
    assert {picture: section for picture, section in placed} == {
        picture: str(section) for picture, section in expected.items()}
    # Nothing in a picture can be played.
    assert page.locator("#rules-text [data-choice]").count() == 0
    if game == "kahuna":
        # The majority's picture is under "Taking control", ALOA marked as the player's.
        section = page.locator("#rules-text section[data-section='3']")
        assert section.locator("figure[data-picture='kahuna/majority'] svg.kahuna-board").count() == 1
        assert section.locator(".point-island[data-island='ALOA']").count() == 1
        assert section.locator(".last-line.taken[data-line='ALOA-HUNA']").count() == 1
        # A refused bridge is crossed out under "Laying a bridge".
        refused = page.locator("#rules-text section[data-section='2'] figure[data-picture='kahuna/illegal'] .point-line.refused")
        assert sorted(refused.evaluate_all("(els) => els.map((e) => e.dataset.line)")) == ["COCO-GOLA", "HUNA-LALE"]
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog", state="hidden")
    # Closed, the pictures' renderers are taken down with their boards.
    page.wait_for_function("() => document.querySelectorAll('#rules-text svg').length === 0", timeout=10_000)
