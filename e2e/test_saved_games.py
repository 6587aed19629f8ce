"""Saved games under bad storage and bad files: whatever the browser's
storage holds and whatever file is loaded, the menu comes up usable, a
damaged entry is shown as such (to be forgotten), and every other saved game
is left exactly as it was. Nothing is ever saved over another game.

The tests share one browser context, as a returning player does: later
boots restore the engine's memory snapshot and are quick.
"""

from __future__ import annotations

import json

import pytest

from conftest import BOOT_TIMEOUT_MS, STEP_TIMEOUT_MS, _local_only, play_one_turn, watch_console
from pages import fix_random, settle
from pygame_core.match import Match

# The tests of this module share one player's browser and its saved
# games (a module fixture): the browser suite runs them in order, on one worker.
pytestmark = pytest.mark.xdist_group("saved_games")

SAVE = "archipel.v1.save."
OLD_AUTOSAVE = "archipel.v1.autosave."
SETUP = "archipel.v1.setup"
MENU_READY = "#play-button:not([disabled])"

# The saved games and the set-up, as stored (values parsed where they parse).
STORED = """() => Object.fromEntries(Object.keys(localStorage)
  .filter((key) => key.startsWith('archipel.v1.'))
  .map((key) => { const text = localStorage.getItem(key);
                  try { return [key, JSON.parse(text)]; } catch { return [key, text]; } }))"""


def record(game="kahuna", players=2, seats=("h", "bot0"), moves=2, seed=5, names=None):
    match = Match(game, players, seed, {}, list(seats), names)
    for _ in range(moves):
        player = match.state.to_move()[0]
        match.play(player, match.state.legal_moves(player)[0])
    return match.to_record()


def saved(game="kahuna", moves=2, **more):
    rec = record(game, moves=moves, **more)
    return {"game": game, "savedAt": 1_760_000_000_000, "names": [""] * rec["players"], "record": rec}


KANALOA_SAVE = saved("kanaloa", players=4, seats=("h", "bot0", "bot1", "bot1"), moves=3)


@pytest.fixture(scope="module")
def player(browser):
    outside: list = []
    context = browser.new_context(service_workers="block", locale="fr-FR")
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.route("**/*", _local_only(outside))
    context.on("page", watch_console)
    page = context.new_page()
    yield page
    context.close()
    assert outside == [], f"requests left localhost: {outside}"


def with_storage(page, site_url, entries: dict) -> None:
    """Open the site with exactly ``entries`` in its storage (a text value is
    stored as it is; anything else as JSON)."""
    page.goto(site_url + "build.json")
    page.evaluate(
        """(entries) => {
          localStorage.clear();
          for (const [key, value] of Object.entries(entries))
            localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
        }""",
        entries,
    )
    page.goto(site_url)
    page.wait_for_selector(MENU_READY, timeout=BOOT_TIMEOUT_MS)


def menu_is_usable(page) -> None:
    assert page.is_enabled("#play-button")
    assert page.locator('#game-list input[name="game"]').count() == 4
    assert page.locator("#seat-list .seat").count() >= 2


def saves(page) -> dict:
    return {key: value for key, value in page.evaluate(STORED).items() if key.startswith(SAVE)}


# -- corrupted storage ----------------------------------------------------------------------

CORRUPTIONS = {
    # The audit's three: each alone used to leave the menu loading forever.
    "autosave names [1,2]": {OLD_AUTOSAVE + "kahuna": {**saved(), "names": [1, 2]}},
    "autosave savedAt yesterday": {OLD_AUTOSAVE + "kahuna": {**saved(), "savedAt": "yesterday"}},
    "setup options null": {SETUP: {"options": None}},
    # And everything else at once.
    "all sorts": {
        SETUP: {"game": ["kahuna"], "players": 99, "seats": 5, "watchSeats": [1], "names": "Ana",
                "options": {"gods": "yes"}, "pace": 7, "mode": None, "playersByGame": 3},
        SAVE + "unparsable": "{oops",
        SAVE + "null": "null",
        SAVE + "array": "[1, 2]",
        SAVE + "text": '"a game"',
        SAVE + "kanaloa-under-kahuna": {**saved(), "record": KANALOA_SAVE["record"]},
        SAVE + "bad-moves": {**saved(), "record": {**saved()["record"], "moves": "x"}},
        SAVE + "bad-seats": {**saved(), "record": {**saved()["record"], "seats": [1, 2]}},
        SAVE + "huge-seed": {**saved(), "record": {**saved()["record"], "seed": 2 ** 60}},
        SAVE + "no-record": {"game": "kahuna", "savedAt": 1, "names": []},
        OLD_AUTOSAVE + "moai": "{",
    },
}


@pytest.mark.parametrize("case", sorted(CORRUPTIONS))
def test_corrupted_storage_never_locks_the_menu(player, site_url, case):
    page = player
    corrupt = CORRUPTIONS[case]
    good = SAVE + "good-kanaloa"
    with_storage(page, site_url, {good: KANALOA_SAVE, **corrupt})
    menu_is_usable(page)

    # The sound game is listed and can be resumed; each damaged one says so.
    entry = page.locator(f'.resume[data-save="{good[len("archipel.v1."):]}"]')
    assert entry.locator(".resume-button").is_enabled()
    damaged = [key for key in corrupt if key != SETUP]
    assert page.locator(".resume.damaged").count() == len(damaged)
    if damaged:
        assert "illisible" in page.locator(".resume.damaged").first.inner_text()

    # Forgetting the damaged ones keeps the sound one, untouched.
    while page.locator(".resume.damaged .forget-button").count():
        page.locator(".resume.damaged .forget-button").first.click()
    assert saves(page) == {good: KANALOA_SAVE}
    assert not [key for key in page.evaluate(STORED) if key.startswith(OLD_AUTOSAVE)]

    # A new game starts from the menu's defaults where the set-up was bad.
    page.select_option("#bot-pace", "instant")
    page.click("#play-button")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    page.click("#menu-button")
    page.wait_for_selector(MENU_READY)
    assert saves(page)[good] == KANALOA_SAVE

    # And the sound game resumes where it was.
    entry.locator(".resume-button").click()
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.inner_text("#game-name") == "Kanaloa"


def test_old_autosaves_join_the_list(player, site_url):
    page = player
    old = {**saved(moves=4), "savedAt": KANALOA_SAVE["savedAt"] - 60_000}
    with_storage(page, site_url, {OLD_AUTOSAVE + "kahuna": old, SAVE + "k": KANALOA_SAVE})
    stored = saves(page)
    assert len(stored) == 2 and old in stored.values() and KANALOA_SAVE in stored.values()
    assert not [key for key in page.evaluate(STORED) if key.startswith(OLD_AUTOSAVE)]
    # Newest first, each with its game, players, moves and date.
    assert [e.get_attribute("data-game") for e in page.query_selector_all(".resume")] == ["kanaloa", "kahuna"]
    meta = page.locator('.resume[data-game="kahuna"] .resume-meta').inner_text()
    assert "Joueur 1" in meta and "Bot Débutant" in meta and "4 coups" in meta, meta


# -- nothing is replaced ---------------------------------------------------------------------

def test_a_new_game_or_a_loaded_file_never_replaces_a_saved_one(player, site_url):
    page = player
    kahuna = saved(moves=2)
    fix_random(page, 1)  # the new game's seed, drawn by the menu
    with_storage(page, site_url, {SAVE + "mine": kahuna})

    # Play for Kahuna: a game of its own.
    page.select_option("#seat-kind-1", "bot0")
    page.select_option("#bot-pace", "instant")
    page.click("#play-button")
    page.wait_for_selector('#status[data-state="playing"][data-to-move="0"]', state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    settle(page)
    play_one_turn(page)
    settle(page)
    # What is tested is the saved games: an end screen, should one be open
    # over the board, is closed first (it would take the menu's click).
    if page.evaluate("() => document.getElementById('end-dialog').open"):
        page.click("#end-board")
    page.click("#menu-button")
    page.wait_for_selector(MENU_READY)
    stored = saves(page)
    assert stored[SAVE + "mine"] == kahuna
    assert len(stored) == 2

    # Load a Kahuna file: a third game; the two others unchanged.
    before = saves(page)
    page.set_input_files("#load-file", files=[{"name": "kahuna.json", "mimeType": "application/json",
                                                "buffer": json.dumps(record(moves=6, seed=8)).encode()}])
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    settle(page)
    page.click("#menu-button")
    page.wait_for_selector(MENU_READY)
    after = saves(page)
    assert len(after) == 3
    for key, value in before.items():
        assert after[key] == value
    assert page.locator('.resume[data-game="kahuna"]').count() == 3


# -- tampered files --------------------------------------------------------------------------

def deep(levels):
    return "[" * levels + "]" * levels


def load_refused(page, name: str, content: bytes) -> str:
    """Load a file that must be refused; the menu's message."""
    page.evaluate("() => { const m = document.getElementById('menu-message'); m.hidden = true; m.textContent = ''; }")
    page.set_input_files("#load-file", files=[{"name": name, "mimeType": "application/json", "buffer": content}])
    page.wait_for_selector("#menu-message:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    return page.inner_text("#menu-message")


TAMPERED = {
    "not-json.json": (b"{ this is not json", "JSON illisible"),
    "array.json": (b"[1, 2]", "illisible ou abîmée"),
    "players.json": (json.dumps({**record(), "players": 10_000_000}).encode(), "champ «\xa0players\xa0»"),
    "seed.json": (json.dumps({**record(), "seed": 1}).replace('"seed": 1', '"seed": 12345678901234567891').encode(),
                  "champ «\xa0seed\xa0»"),
    "nested.json": (json.dumps({**record(), "extra": 0}).replace('"extra": 0', '"extra": ' + deep(100_000)).encode(),
                    "champ «\xa0record\xa0»"),
    "big.json": (b" " * 1_000_001 + json.dumps(record()).encode(), "trop gros"),
    "moves.json": (json.dumps({**record(), "moves": [[0, "skip"]] * 5001}).encode(), "champ «\xa0moves\xa0»"),
    "bot-level.json": (json.dumps({**record(), "seats": ["h", "bot٣"]}).encode(), "champ «\xa0seats\xa0»"),
    "illegal.json": (json.dumps({**record(), "moves": [[0, "place ALOA-BARI ZZZZ"]]}).encode(), "coup n°\xa01 "),
}


def test_tampered_files_get_clear_messages_and_change_nothing(player, site_url):
    page = player
    with_storage(page, site_url, {SAVE + "mine": saved(), SAVE + "k": KANALOA_SAVE})
    before = saves(page)
    for name, (content, expected) in TAMPERED.items():
        message = load_refused(page, name, content)
        assert name in message and expected in message, (name, message)
        assert "Error" not in message and "Maximum call stack" not in message, message
        menu_is_usable(page)
        assert saves(page) == before, name
    # Both games still resume.
    assert page.locator(".resume .resume-button:not([disabled])").count() == 2


def test_names_from_a_file_stay_text(player, site_url):
    page = player
    with_storage(page, site_url, {})
    hostile = '<img src=x onerror="window.__pwned=1">'
    content = json.dumps(record(names=[hostile, "Bob"])).encode()
    page.set_input_files("#load-file", files=[{"name": "names.json", "mimeType": "application/json", "buffer": content}])
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    settle(page)
    assert hostile in page.inner_text("#players")
    assert page.locator("#players img, #log img").count() == 0
    assert page.evaluate("window.__pwned") is None


# -- links ---------------------------------------------------------------------------------------

def test_bad_links_get_clear_messages(player, site_url):
    page = player
    with_storage(page, site_url, {SAVE + "k": KANALOA_SAVE})
    for link, field in (("play=kahuna&players=10000000", "players"), ("play=chess", "game"),
                        ("play=kahuna&seats=h,bot٣", "seats")):
        page.evaluate("() => { document.getElementById('menu-message').hidden = true; }")
        page.evaluate("(link) => { location.hash = link; }", link)
        page.wait_for_selector("#menu-message:not([hidden])", timeout=STEP_TIMEOUT_MS)
        assert f"«\xa0{field}\xa0»" in page.inner_text("#menu-message"), link
        menu_is_usable(page)
    # A seed too large for JavaScript to hold exactly is kept as a text; a
    # line break in a name is a space.
    page.evaluate("() => { location.hash = 'play=kahuna&seats=h,bot0&seed=12345678901234567891&names=A%0AB'; }")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    record = page.evaluate("() => import('./js/worker-client.js').then((engine) => engine.call('save', {}))")
    assert record["seed"] == "12345678901234567891"
    assert record["names"] == ["A B", ""]
    assert saves(page) == {SAVE + "k": KANALOA_SAVE}
