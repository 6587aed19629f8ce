"""Computer opponents in the browser: a bot thinks in slices with an indicator,
its move stays marked on the board and in the log, the expert suggests a move
without playing it, bots play each other while the player watches, and a
search is abandoned cleanly when a new game starts.

The games are driven the way a player drives them: through the elements that
carry ``data-choice``, the menu, the page's own buttons and keys. Every random
choice comes from a seeded generator, so a failure replays identically.
"""

from __future__ import annotations

import random
import re

import pytest

from pages import (
    BOOT_TIMEOUT_MS, choices, click_choice, end_dialog_text, fix_random, human_turn, open_menu, plain, recording_page,
    seen,
    settle, status,
)

MAX_CLICKS = 3000

# Whatever the page shows for a moment is easily missed between two polls:
# an observer keeps what the thinking indicator said, every error toast and
# every request sent to the worker.
RECORDER = """(() => {
  const seen = window.__seen = { thinking: [], errors: [], sent: [] };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.cmd) seen.sent.push([message.cmd, message.args || {}]);
    return post.call(this, message, ...rest);
  };
  const look = () => {
    const meter = document.querySelector('#status .meter[role="progressbar"]');
    if (meter) {
      const text = document.querySelector('#status .status-text')?.textContent || '';
      const now = [text, meter.getAttribute('aria-valuenow')];
      const last = seen.thinking[seen.thinking.length - 1];
      if (!last || last[0] !== now[0] || last[1] !== now[1]) seen.thinking.push(now);
    }
    for (const toast of document.querySelectorAll('.toast.error')) {
      if (!seen.errors.includes(toast.textContent)) seen.errors.push(toast.textContent);
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'],
  });
})();"""

POSITION = """() => ({
  hand: [...document.querySelectorAll('#hand .card .card-name')].map((e) => e.textContent),
  bridges: [...document.querySelectorAll('.kahuna-board .plank:not(.leaving)')]
    .map((e) => e.dataset.line + ':' + e.getAttribute('class')).sort(),
  display: [...document.querySelectorAll('#market .display .card-name')].map((e) => e.textContent),
  pile: document.querySelector('#market .pile .pile-count')?.textContent,
  log: document.querySelectorAll('#log .log-entry').length,
})"""

# The marks of the latest turn of the other player.
MARKS = """() => ({
  log: [...document.querySelectorAll('#log .log-entry.last-move')].map((e) => e.textContent),
  laid: [...document.querySelectorAll('.kahuna-board .last-line.laid')].map((e) => e.dataset.line),
})"""


def test_a_whole_game_against_the_good_bot(make_context, site_url):
    page = recording_page(make_context, RECORDER)
    fix_random(page, 1)  # the game's seed, drawn by the menu
    open_menu(page, site_url)
    # The opponent offered by default is a fair challenge: level 2.
    assert page.input_value("#seat-kind-1") == "bot2"
    assert "Imagine la suite" in plain(page.inner_text("#seat-about-1"))
    page.fill("#seat-name-0", "Ana")
    page.select_option("#bot-pace", "instant")
    page.click("#play-button")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)

    rng = random.Random(20240611)
    marks_checked = 0
    for _ in range(MAX_CLICKS):
        settle(page)
        now = status(page)
        if now["state"] == "over":
            break
        if now["toMove"] == "0" and marks_checked < 3:
            # The bot's latest turn is marked until the human moves: its
            # entries in the log, and on the board every bridge it laid.
            marks = page.evaluate(MARKS)
            if marks["log"]:
                assert all(text.startswith("Bot Confirmé ") for text in marks["log"]), marks
                laid = {f"{a}-{b}" for text in marks["log"] for a, b in re.findall(r"pose un pont (\w+)–(\w+)", text)}
                if laid:
                    assert laid <= set(marks["laid"]), marks
                    marks_checked += 1
        offered = choices(page)
        assert offered, f"nothing to choose while playing: {now!r}"
        assert "continue" not in {choice for _, choice in offered}, "no privacy screen against a bot"
        # Drawing often ends the game sooner; anything else is random.
        drawing = [c for c in offered if c[1] == "draw" or c[1].startswith("take ")]
        index, _ = rng.choice(drawing) if drawing and rng.random() < 0.75 else rng.choice(offered)
        click_choice(page, index)
    else:
        pytest.fail(f"the game did not end within {MAX_CLICKS} clicks ({status(page)!r})")

    winner = end_dialog_text(page)
    assert winner in ("Ana gagne !", "Bot Confirmé gagne !") or winner.startswith("Égalité"), winner
    assert marks_checked >= 1, "the bot never laid a bridge"
    record = seen(page)
    assert record["errors"] == []
    thought = [value for text, value in record["thinking"] if text == "Bot Confirmé réfléchit…"]
    assert thought and any(value is not None for value in thought), record["thinking"][:5]
    # The log speaks French, with the player's name, the bot's moves and the
    # scoring.
    log = plain(page.inner_text("#log"))
    assert "Bot Confirmé pose un pont" in log and "Ana " in log and "Décompte" in log
    # No untranslated key is visible anywhere.
    page.click("#end-board")
    body = page.inner_text("body")
    assert not re.search(r"\b(kahuna|error|menu|status|game)\.[a-z_]+", body), body


def test_the_hint_shows_a_legal_move_and_plays_nothing(make_context, open_game):
    page = recording_page(make_context, RECORDER)
    open_game(page, "play=kahuna&players=2&seats=h,bot2&seed=3")
    human_turn(page, "0")
    before = page.evaluate(POSITION)
    legal = {choice for _, choice in choices(page)}
    assert page.is_enabled("#hint-button")

    page.keyboard.press("h")
    page.wait_for_selector("#advice .advice-text[data-move]", timeout=60_000)
    move = page.get_attribute("#advice .advice-text", "data-move")
    sentence = plain(page.inner_text("#advice"))
    assert sentence.startswith("L'expert jouerait :"), sentence
    suggested = page.eval_on_selector_all("[data-choice].suggested", "(all) => all.map((e) => e.dataset.choice)")
    assert suggested and set(suggested) <= legal, (move, suggested, legal)
    kind, *rest = move.split(" ")
    if kind in ("place", "remove"):
        assert {f"line:{rest[0]}", move} & set(suggested), (move, suggested)
        assert all(s in (move, f"line:{rest[0]}") or s.startswith("card:") for s in suggested), suggested
    else:
        assert suggested[0] in (move, f"card:{rest[0]}" if rest else move), (move, suggested)
    # Nothing was played: same position, same log, still the human's turn.
    assert page.evaluate(POSITION) == before
    assert status(page)["toMove"] == "0"

    # Following the marks plays exactly the suggested move.
    for _ in range(3):
        if page.evaluate(POSITION)["log"] > before["log"]:
            break
        page.locator("[data-choice].suggested:visible").first.click()
        page.wait_for_timeout(80)
        settle(page)
    assert page.evaluate(POSITION)["log"] == before["log"] + 1, move
    last = plain(page.locator("#log .log-entry").last.inner_text())
    assert last.startswith("Joueur 1 "), last
    if kind == "place":
        assert f"pose un pont {rest[0].replace('-', '–')} (carte {rest[1]})" in last, (move, last)
    assert page.inner_text("#advice") == ""
    assert page.locator(".suggested").count() == 0

    # No hint on the bot's turn.
    if status(page)["toMove"] == "0":
        end = [i for i, c in choices(page) if c in ("draw", "skip")]
        click_choice(page, end[0])
    page.wait_for_function("() => document.getElementById('status').dataset.toMove === '1'")
    assert page.is_disabled("#hint-button")
    page.keyboard.press("h")
    assert page.inner_text("#advice") == ""
    assert seen(page)["errors"] == []


def test_watching_two_bots_play_to_the_end(make_context, site_url):
    page = recording_page(make_context, RECORDER)
    fix_random(page, 1)  # the game's seed, drawn by the menu
    open_menu(page, site_url)
    page.click("#mode-watch")
    assert page.locator("#seat-kind-0 option[value='h']").count() == 0, "no human seat when watching"
    page.select_option("#seat-kind-0", "bot0")
    page.select_option("#seat-kind-1", "bot1")
    page.select_option("#bot-pace", "quick")
    assert plain(page.inner_text("#play-button")) == "Regarder"
    page.click("#play-button")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)

    # A spectator sees no hand, and gets no hint.
    assert page.locator("#hand .card").count() == 0
    assert plain(page.inner_text("#hand")) == "Vous regardez la partie."
    assert page.is_hidden("#hint-button")
    page.wait_for_function("() => document.querySelectorAll('#log .log-entry').length >= 2", timeout=30_000)

    # Pause: nothing moves until the game resumes.
    page.click("#pause-button")
    assert page.get_attribute("#pause-button", "data-paused") == "true"
    page.wait_for_timeout(300)  # a move already asked for may still land
    paused_at = page.evaluate(POSITION)["log"]
    page.wait_for_timeout(900)
    assert page.evaluate(POSITION)["log"] == paused_at
    assert plain(status(page)["text"]).startswith("En pause")

    # The speed changes during the game, and is kept for the next one.
    page.click("#speed-instant")
    assert page.input_value("#bot-pace") == "instant"
    page.keyboard.press("p")  # the key resumes too
    assert page.get_attribute("#pause-button", "data-paused") == "false"

    page.wait_for_selector('#status[data-state="over"]', state="attached", timeout=180_000)
    winner = end_dialog_text(page)
    assert winner in ("Bot Débutant gagne !", "Bot Amateur gagne !") or winner.startswith("Égalité"), winner
    assert page.locator("#hand .card").count() == 0
    # Nothing left to pause once the game is over.
    assert page.is_hidden("#pause-button") and page.is_hidden("#speed-quick")
    assert seen(page)["errors"] == []
    # A watched game is kept to be reviewed, as a finished game: never one
    # to resume among the player's games.
    saves = page.evaluate(
        """() => Object.keys(localStorage)
            .filter((key) => key.startsWith('archipel.v1.save.'))
            .map((key) => JSON.parse(localStorage.getItem(key)).finished === true)"""
    )
    assert saves == [True]


def test_a_new_game_while_the_bot_thinks_drops_its_search(make_context, open_game):
    page = recording_page(make_context, RECORDER)
    # Seed 1: the expert bot moves first and thinks about a second.
    open_game(page, "play=kahuna&players=2&seats=h,bot4&seed=1")
    page.wait_for_selector('#status[data-to-move="1"] .meter[aria-valuenow]', timeout=60_000)

    # A new game (seed 3: the human moves first) while the bot is thinking.
    # (The count is taken once the page has handled the link, when the old
    # game has been left: what the page sends from then on belongs to the new.)
    asked = page.evaluate(
        """() => new Promise((resolve) => {
          addEventListener('hashchange', () => resolve(window.__seen.sent.length), { once: true });
          location.hash = 'play=kahuna&players=2&seats=h,bot4&seed=3';
        })"""
    )
    human_turn(page, "0")
    page.wait_for_timeout(2500)  # longer than what the old search had left
    assert page.locator("#log .log-entry").count() == 0, "a move of the old game reached the new one"
    assert status(page)["toMove"] == "0"
    assert page.locator(".kahuna-board .plank").count() == 0
    # The old search stopped at once: not one more slice, nor its move.
    since = [cmd for cmd, _ in seen(page)["sent"][asked:]]
    assert "new" in since and not {"think", "bot_move"} & set(since), since

    # The new game plays on: the human draws, the bot answers.
    page.locator('[data-choice="draw"]').click()
    page.wait_for_selector('#status[data-to-move="1"] .meter', timeout=30_000)
    human_turn(page, "0")
    entries = [plain(text) for text in page.locator("#log .log-entry").all_inner_texts()]
    assert entries[0].startswith("Joueur 1 pioche"), entries
    assert len(entries) >= 2 and all(text.startswith("Bot Expert ") for text in entries[1:]), entries

    # Back to the menu while the bot thinks, then a new game from the menu.
    page.locator('[data-choice="draw"]').click()
    page.wait_for_selector('#status[data-to-move="1"] .meter', timeout=30_000)
    asked = page.evaluate(
        "() => { const asked = window.__seen.sent.length; document.getElementById('menu-button').click(); return asked; }"
    )
    page.wait_for_selector("#play-button:not([disabled])")
    page.wait_for_timeout(500)
    since = [cmd for cmd, _ in seen(page)["sent"][asked:]]
    assert not {"think", "bot_move"} & set(since), since
    page.select_option("#seat-kind-1", "bot0")
    page.click("#play-button")
    page.wait_for_function(
        """() => { const s = document.getElementById('status');
                   return s.dataset.state === 'playing' && s.dataset.toMove === '0'
                     && [...document.querySelectorAll('[data-choice]')].some((e) => e.checkVisibility()); }""",
        timeout=60_000,
    )
    page.wait_for_timeout(1500)
    entries = [plain(text) for text in page.locator("#log .log-entry").all_inner_texts()]
    assert not any("Bot Expert" in text for text in entries), entries
    assert seen(page)["errors"] == []
