"""Looking back on a finished game, as a player does: a recorded game of
each game loaded from a file opens in review; each ply shows what the live
game showed that seat at that ply (checked against a fresh page that
replays the record to it); "Show everything" shows the other hands; the
expert gives an opinion at a step; an analysis draws the graph and is kept
with the game; a game watched to its end is reviewed from its end screen.

The page's contract (docs/protocol.md): ``#review[data-ply][data-plies]``,
its controls ``[data-review=...]``, the slider ``input[type=range]`` inside
it, the graph ``svg[data-graph=estimate]`` with a ``polyline[data-player]``
per player.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from conftest import BOOT_TIMEOUT_MS, STEP_TIMEOUT_MS, _local_only, watch_console
from pages import choices, click_choice, human_turn, instant_bots, plain, settle
from pygame_core.bots import make_bot
from pygame_core.match import Match
from pygame_core.review import ANALYSIS_ITERATIONS, Analysis, Review

# The tests of this module share one player's browser and its finished
# games (a module fixture): the browser suite runs them in order, on one worker.
pytestmark = pytest.mark.xdist_group("review")

MENU_READY = "#play-button:not([disabled])"
GAMES = {"kahuna": 2, "kanaloa": 2, "moai": 3, "haleakala": 2}
SEEDS = {"kahuna": 4, "kanaloa": 3, "moai": 2, "haleakala": 5}


def finished(game: str) -> Match:
    """A game of ``game`` played to its end: a person at seat 0, novice bots
    elsewhere (each move the novice bot's of its seat)."""
    players = GAMES[game]
    match = Match(game, players, SEEDS[game], seats=["h"] + ["bot0"] * (players - 1), names=["Ana"] + [""] * (players - 1))
    ply = 0
    while not match.state.is_over():
        player = match.state.to_move()[0]
        match.play(player, str(make_bot(0, f"{ply}").choose(match.state, player)))
        ply += 1
    return match


def human_plies(match: Match, count: int) -> list[int]:
    """Plies spread over the game at which seat 0 alone is to move (a fresh
    page replaying the record to them waits for that person)."""
    plies = [ply for ply in range(1, len(match.entries)) if match.position_at(ply).to_move() == [0]]
    step = max(1, len(plies) // count)
    return plies[step // 2::step][:count]


@pytest.fixture(scope="module")
def player(browser):
    outside: list = []
    context = browser.new_context(service_workers="block", locale="fr-FR", viewport={"width": 1366, "height": 800})
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.route("**/*", _local_only(outside))
    context.on("page", watch_console)
    page = context.new_page()
    yield page
    context.close()
    assert outside == [], f"requests left localhost: {outside}"


def to_menu(page, site_url: str) -> None:
    if page.url.startswith(site_url) and page.locator("#menu-screen:not([hidden])").count():
        page.wait_for_selector(MENU_READY, timeout=BOOT_TIMEOUT_MS)
        return
    page.goto(site_url)
    page.wait_for_selector(MENU_READY, timeout=BOOT_TIMEOUT_MS)


def load(page, record: dict, name: str = "game.json") -> None:
    page.set_input_files("#load-file", files=[{"name": name, "mimeType": "application/json",
                                                "buffer": json.dumps(record).encode()}])


def at_ply(page, ply: int) -> None:
    page.wait_for_selector(f'#review[data-ply="{ply}"]', timeout=STEP_TIMEOUT_MS)
    page.wait_for_function("() => document.getElementById('status').getAttribute('aria-busy') !== 'true'")


def look(page, game: str = "") -> dict:
    """What the board and panels show, as text: the position, not its marks.
    Haleakala's turn adds elements of its own to choose with (how many discs,
    taking a pick back, previews of a pick), which a review never offers:
    those are left out; the other games' choices are their pieces and cards."""
    return page.evaluate("""(strip) => {
      const text = (id) => {
        const copy = document.getElementById(id).cloneNode(true);
        if (strip) copy.querySelectorAll('[data-choice], .hk-back-label, .hk-l-targets, .hk-l-preview, .hk-l-glows').forEach((node) => node.remove());
        return copy.textContent.replace(/\\s+/g, ' ').trim();
      };
      return { board: text('board'), players: text('players'), hand: text('hand'), market: text('market'), round: text('round') };
    }""", game == "haleakala")


def go_to(page, ply: int) -> None:
    """Set the slider to ``ply``, as a player dragging it does."""
    page.locator("#review input[type=range]").fill(str(ply))
    at_ply(page, ply)


@pytest.mark.parametrize("game", list(GAMES))
def test_each_ply_shows_what_the_live_game_showed(player, site_url, game):
    match = finished(game)
    record = match.to_record()
    plies = len(record["moves"])
    to_menu(player, site_url)
    load(player, record, f"{game}.json")
    player.wait_for_selector(f'#review[data-plies="{plies}"]', timeout=BOOT_TIMEOUT_MS)
    at_ply(player, plies)
    assert player.get_attribute("#status", "data-state") == "review"
    # The controls of the contract.
    for name in ("first", "back", "forward", "last", "expert", "analyse"):
        assert player.locator(f'#review [data-review="{name}"]').count() == 1, name
    # Every game hid something ("Show everything"), and is seen through a seat's eyes.
    assert player.locator('#review [data-review="reveal"]').count() == 1
    assert player.locator("#review-viewer").count() == 1
    assert player.locator("#review [data-review=forward]").is_disabled()

    # Each chosen ply, seen by seat 0, against the same ply replayed live.
    checked = human_plies(match, 3)
    assert checked, "seat 0 is to move at some ply"
    reviewed = {}
    for ply in checked:
        go_to(player, ply)
        reviewed[ply] = look(player, game)
        # The log: the move shown is marked, the moves to come are quiet.
        assert player.locator(f"#log li.current[data-n='{ply}']").count() >= 1
        assert player.locator("#log li.future").count() >= 1
    replay = player.context.new_page()
    try:
        replay.goto(site_url)
        replay.wait_for_selector(MENU_READY, timeout=BOOT_TIMEOUT_MS)
        for ply in checked:
            load(replay, {**record, "moves": record["moves"][:ply]}, f"{game}-{ply}.json")
            replay.wait_for_selector('#status[data-state="playing"][data-to-move="0"]', state="attached",
                                     timeout=BOOT_TIMEOUT_MS)
            settle(replay)
            assert look(replay, game) == reviewed[ply], f"ply {ply}"
            replay.click("#menu-button")
            replay.wait_for_selector(MENU_READY)
    finally:
        replay.close()

    # The keys and the log's entries step through the game.
    player.click('#review [data-review="first"]')
    at_ply(player, 0)
    assert player.locator("#review [data-review=back]").is_disabled()
    player.keyboard.press("ArrowRight")
    player.keyboard.press("ArrowRight")
    at_ply(player, 2)
    player.keyboard.press("End")
    at_ply(player, plies)
    player.keyboard.press("ArrowLeft")
    at_ply(player, plies - 1)
    player.locator("#log li[data-n='3']").first.click()
    at_ply(player, 3)
    player.click("#menu-button")
    player.wait_for_selector(MENU_READY)
    # The game is kept among the finished games, to be reviewed again.
    entry = player.locator(".resume.finished[data-game=%s]" % game)
    assert entry.count() == 1
    assert entry.locator(".review-button").is_enabled()


@pytest.mark.parametrize("game", ["kahuna", "kanaloa", "moai"])
def test_show_everything_shows_the_other_hands(player, site_url, game):
    match = finished(game)
    plies = len(match.entries)
    # A ply at which seat 0 did not know all there was to know.
    ply = next(ply for ply in human_plies(match, 40)
               if {**match.position_at(ply).revealed_view(0), "revealed": None} != {**match.position_at(ply).view(0), "revealed": None})
    to_menu(player, site_url)
    load(player, match.to_record(), f"{game}.json")
    player.wait_for_selector(f'#review[data-plies="{plies}"]', timeout=BOOT_TIMEOUT_MS)
    go_to(player, ply)
    hidden = look(player)
    reveal = player.locator('#review [data-review="reveal"]')
    assert reveal.get_attribute("aria-pressed") == "false"
    assert player.locator(".review-revealed:not([hidden])").count() == 0
    reveal.click()
    player.wait_for_selector('#review [data-review="reveal"][aria-pressed="true"]')
    player.wait_for_selector(".review-revealed:not([hidden])")
    at_ply(player, ply)
    shown = look(player)
    # What was hidden is listed: every player's hand as it was.
    player.click(".review-revealed summary")
    listed = plain(player.inner_text(".review-revealed"))
    state = match.position_at(ply)
    for seat in range(1, match.players):
        cards = state.revealed_view(0)["revealed"][seat]["cards"]
        assert all(card in listed for card in cards if len(card) > 1)
    if game in ("kahuna", "kanaloa"):
        # The panels show the other hands, card by card.
        assert shown["players"] != hidden["players"]
    else:
        # Moai's board shows the other clans' hidden strengths.
        assert shown["board"] != hidden["board"] or shown["players"] != hidden["players"]
    reveal.click()
    player.wait_for_selector('#review [data-review="reveal"][aria-pressed="false"]')
    at_ply(player, ply)
    player.wait_for_function("() => document.querySelector('.review-revealed').hidden")
    assert look(player) == hidden
    player.click("#menu-button")
    player.wait_for_selector(MENU_READY)


def test_show_everything_shows_haleakalas_decks_in_their_order(player, site_url):
    """Haleakala hides only the order of its three decks: shown, each deck
    left is listed, top first."""
    match = finished("haleakala")
    plies = len(match.entries)
    ply = plies // 3
    to_menu(player, site_url)
    load(player, match.to_record(), "haleakala.json")
    player.wait_for_selector(f'#review[data-plies="{plies}"]', timeout=BOOT_TIMEOUT_MS)
    go_to(player, ply)
    player.click('#review [data-review="reveal"]')
    player.wait_for_selector('#review [data-review="reveal"][aria-pressed="true"]')
    player.wait_for_selector(".review-revealed:not([hidden])")
    player.click(".review-revealed summary")
    decks = match.position_at(ply).revealed_view(0)["revealed"]
    listed = player.locator(".review-revealed li[data-revealed]")
    assert [listed.nth(i).get_attribute("data-revealed") for i in range(listed.count())] == [deck["what"] for deck in decks]
    assert plain(listed.first.inner_text()).startswith("Pioche à")
    assert len(plain(listed.first.locator(".revealed-cards").inner_text()).split(", ")) == len(decks[0]["cards"])
    player.click('#review [data-review="reveal"]')
    player.wait_for_selector('#review [data-review="reveal"][aria-pressed="false"]')
    player.click("#menu-button")
    player.wait_for_selector(MENU_READY)


def test_a_shared_link_opens_the_same_review_in_a_fresh_browser(player, browser, site_url):
    """"Share this game" makes a link that carries the record: opened in a
    browser that never saw the game, it shows the same review, the same
    names, the same positions, the same hand as Ana saw it."""
    match = finished("kanaloa")
    to_menu(player, site_url)
    load(player, match.to_record(), "kanaloa.json")
    plies = len(match.entries)
    player.wait_for_selector(f'#review[data-plies="{plies}"]', timeout=BOOT_TIMEOUT_MS)
    player.click('#review [data-review="share"]')
    link = player.input_value("#review-link", timeout=STEP_TIMEOUT_MS)
    assert link.startswith(site_url) and "#review=" in link and len(link) < 4000
    middle = plies // 2
    go_to(player, middle)
    seen = look(player)
    context = browser.new_context(service_workers="block", locale="fr-FR", viewport={"width": 1366, "height": 800})
    context.set_default_timeout(STEP_TIMEOUT_MS)
    outside: list = []
    context.route("**/*", _local_only(outside))
    context.on("page", watch_console)
    try:
        page = context.new_page()
        page.goto(link)
        page.wait_for_selector(f'#review[data-plies="{plies}"]', timeout=BOOT_TIMEOUT_MS)
        assert page.get_attribute("#status", "data-state") == "review"
        assert "Ana" in page.inner_text("#players")
        # The fragment is used once: a reload offers the game among the finished ones.
        assert "#review=" not in page.url
        go_to(page, middle)
        assert look(page) == seen
        # A link cut short when copied says so, and leaves the player at the menu.
        page.goto(link[: len(link) - 40])
        page.wait_for_selector(MENU_READY, timeout=BOOT_TIMEOUT_MS)
        expect(page.locator("#menu-message")).to_contain_text("ne contient aucune partie")
    finally:
        context.close()
    assert outside == [], f"requests left localhost: {outside}"


def test_the_expert_gives_an_opinion_and_an_analysis_draws_the_graph(player, site_url):
    match = finished("kahuna")
    plies = len(match.entries)
    to_menu(player, site_url)
    load(player, match.to_record(), "kahuna.json")
    player.wait_for_selector(f'#review[data-plies="{plies}"]', timeout=BOOT_TIMEOUT_MS)
    go_to(player, 10)
    assert plain(player.locator('#review [data-review="expert"]').inner_text()) == "Qu’aurait joué l’expert ?"
    player.click('#review [data-review="expert"]')
    player.wait_for_selector(".review-opinion .opinion-line", timeout=120_000)
    opinion = plain(player.inner_text(".review-opinion"))
    assert "%" in opinion
    kinds = [each.get_attribute("data-opinion") for each in player.query_selector_all(".opinion-line")]
    assert kinds in (["agrees"], ["played", "best"], ["forced"])
    # Another step: the opinion belongs to its own ply.
    player.click('#review [data-review="forward"]')
    at_ply(player, 11)
    assert player.locator(".review-opinion .opinion-line").count() == 0

    player.click('#review [data-review="analyse"]')
    player.wait_for_selector('#review [data-review="stop"]:not([hidden])')
    player.wait_for_selector('svg[data-graph="estimate"]', timeout=120_000)
    player.wait_for_selector('#review [data-review="stop"][hidden]', state="attached", timeout=600_000)
    lines = player.locator('svg[data-graph="estimate"] polyline[data-player]')
    assert lines.count() == 2
    assert sorted(lines.nth(i).get_attribute("data-player") for i in range(2)) == ["0", "1"]
    for i in range(2):
        assert len(lines.nth(i).get_attribute("points").split()) > 20
    assert player.locator('#review [data-review="analyse"]').is_disabled()
    # Judged: each player's accuracy and luck, each error marked in the log
    # and on the graph; an error on the graph takes the review to the
    # position before it, where the analysis names it.
    player.wait_for_selector("#review [data-accuracy]")
    assert player.locator("#review [data-luck]").count() == 2
    errors = player.locator('svg[data-graph="estimate"] circle[data-mark]')
    logged = player.locator("#log li[data-mark=inaccuracy], #log li[data-mark=mistake], #log li[data-mark=blunder]")
    assert errors.count() == logged.count()
    if errors.count():
        ply, mark = int(errors.first.get_attribute("data-ply")), errors.first.get_attribute("data-mark")
        errors.first.click()
        at_ply(player, ply)
        assert player.get_attribute('.opinion-line[data-opinion="analysis"] .mark-badge', "data-mark") == mark

    # The analysis is kept with the game: reviewed again, the graph is there at once.
    player.click("#menu-button")
    player.wait_for_selector(MENU_READY)
    player.locator(".resume.finished[data-game=kahuna] .review-button").first.click()
    player.wait_for_selector(f'#review[data-plies="{plies}"]', timeout=BOOT_TIMEOUT_MS)
    player.wait_for_selector('svg[data-graph="estimate"] polyline[data-player="1"]')
    assert player.locator('#review [data-review="analyse"]').is_disabled()
    player.click("#menu-button")
    player.wait_for_selector(MENU_READY)


def test_play_on_from_a_reviewed_position_against_a_bot(player, site_url):
    """From a position looked back on, "Play on from here" starts a game of
    its own in the seat seen through, against bots: seat 0 plays, a bot answers."""
    match = finished("kahuna")
    plies = len(match.entries)
    ply = human_plies(match, 3)[1]
    to_menu(player, site_url)
    player.evaluate("localStorage.setItem('archipel.v1.setup', JSON.stringify({pace: 'instant'}))")
    load(player, match.to_record(), "kahuna.json")
    player.wait_for_selector(f'#review[data-plies="{plies}"]', timeout=BOOT_TIMEOUT_MS)
    go_to(player, ply)
    seen_then = look(player)
    assert player.locator("#review-others").input_value() == "bots"
    player.click('#review [data-review="play-on"]')
    human_turn(player, "0", timeout=BOOT_TIMEOUT_MS)
    assert player.locator("#review").is_hidden()
    # The board and seat 0's hand are those of the position looked back on.
    now = look(player)
    assert (now["board"], now["hand"]) == (seen_then["board"], seen_then["hand"])
    for _ in range(40):
        if player.locator("#log li.log-entry.p1").count():
            break
        human_turn(player, "0")
        click_choice(player, choices(player)[0][0])
    assert player.locator("#log li.log-entry.p1").count(), "the bot answered"
    player.click("#menu-button")
    player.wait_for_selector(MENU_READY)


def kept_analysis(match: Match, iterations: int = 16) -> list:
    """An analysis of the game (by default a quick one, of a few iterations
    a decision), in the compact form the page keeps with a finished game
    (review-graph.js)."""
    analysis = Analysis(Review(match), iterations=iterations)
    results: list = []
    while not analysis.done:
        results += analysis.run(millis=1000)
    return [[item["ply"], item["mover"], item["round"], item["best"]["text"], item["played"]["text"], item["same"],
             item["best_chance"], item["played_chance"], item["estimates"]] for item in results]


def in_view(page, selector: str) -> bool:
    """The element is drawn inside the window, and its middle is not under
    anything else (a fixed bar, a panel)."""
    return page.evaluate("""(selector) => {
      const node = document.querySelector(selector);
      if (!node) return false;
      const box = node.getBoundingClientRect();
      if (!box.width || !box.height) return false;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      return Boolean(top && (node === top || node.contains(top)));
    }""", selector)


def open_judged(player, site_url: str, game: str, iterations: int = 16) -> tuple[Match, list, str]:
    """A finished game of ``game`` kept with an analysis (a quick one by
    default), opened in the review from the menu's finished games: the
    match, the analysis kept and the storage key of its entry."""
    match = finished(game)
    kept = kept_analysis(match, iterations)
    to_menu(player, site_url)
    entry = {"game": game, "savedAt": 1, "names": match.names, "record": match.to_record(),
             "finished": True, "analysis": kept}
    key = f"archipel.v1.save.judged{game}"
    player.evaluate("([key, entry]) => localStorage.setItem(key, JSON.stringify(entry))", [key, entry])
    player.reload()
    player.wait_for_selector(MENU_READY, timeout=BOOT_TIMEOUT_MS)
    player.locator(f'.resume.finished[data-save="save.judged{game}"] .review-button').click()
    player.wait_for_selector(f'#review[data-plies="{len(match.entries)}"]', timeout=BOOT_TIMEOUT_MS)
    player.wait_for_selector("#review [data-luck]", timeout=BOOT_TIMEOUT_MS)
    return match, kept, key


@pytest.mark.parametrize("game", list(GAMES))
def test_a_judged_game_shows_marks_accuracy_and_luck_in_view(player, site_url, game):
    """A finished game kept with its analysis opens judged: every decision
    of the log marked with its cost; each player's accuracy and luck, the
    graph and an error's mark in view beside the board on a laptop, and on
    a phone once scrolled to; Page Down steps by round."""
    match, kept, key = open_judged(player, site_url, game)
    plies = len(match.entries)

    marked = player.locator("#log li[data-mark]")
    assert marked.count() == len(kept)
    assert {marked.nth(i).get_attribute("data-mark") for i in range(0, len(kept), 7)} <= {
        "best", "good", "inaccuracy", "mistake", "blunder"}
    assert all(float(marked.nth(i).get_attribute("data-cost")) >= 0 for i in range(0, len(kept), 11))
    accuracy = player.locator("#review [data-accuracy]")
    assert accuracy.count() == match.players
    assert all(0 < float(accuracy.nth(i).get_attribute("data-accuracy")) <= 100 for i in range(match.players))
    assert player.locator("#review [data-luck]").count() == match.players
    # The first error of any player, its mark beside the board.
    player.select_option("#review-viewer", "")
    player.click('#review [data-review="first"]')
    at_ply(player, 0)
    player.click('#review [data-review="error-forward"]')
    player.wait_for_selector('.opinion-line[data-opinion="analysis"] .mark-badge[data-mark]')
    selectors = ("#review [data-accuracy]", "#review [data-luck]", 'svg[data-graph="estimate"]',
                 ".opinion-line .mark-badge", '#review [data-review="error-forward"]')
    assert [in_view(player, selector) for selector in selectors] == [True] * len(selectors)
    # Page Down: the next round's start; Page Up: back.
    rounds = [ply for ply, _ in Review(match).plan()["rounds"]]
    player.keyboard.press("Home")
    at_ply(player, 0)
    player.keyboard.press("PageDown")
    at_ply(player, rounds[1] if len(rounds) > 1 else plies)
    player.keyboard.press("PageUp")
    at_ply(player, 0)
    # On a phone, each is there once scrolled to, under no bar.
    player.set_viewport_size({"width": 390, "height": 844})
    try:
        for selector in selectors:
            player.locator(selector).first.scroll_into_view_if_needed()
            assert in_view(player, selector), selector
    finally:
        player.set_viewport_size({"width": 1366, "height": 800})
    player.click("#menu-button")
    player.wait_for_selector(MENU_READY)
    player.evaluate("(key) => localStorage.removeItem(key)", key)


def play_move_text(page, text: str) -> None:
    """Make the move ``text`` by clicks, as a player does: its own choice
    when one plays it at once, else a step towards it (a card or a line a
    word of the move names, "<word>:<name>")."""
    words = set(text.replace("-", " ").split()) | set(text.split())
    for _ in range(6):
        whole = page.locator(f'[data-choice="{text}"]:visible')
        if whole.count():
            whole.first.click()
            return
        steps = page.locator("[data-choice]:visible:not([aria-pressed=true])")
        for i in range(steps.count()):
            choice = steps.nth(i).get_attribute("data-choice") or ""
            if ":" in choice and choice.split(":", 1)[1] in words:
                steps.nth(i).click()
                break
        else:
            raise AssertionError(f"no click leads to {text!r}")
    raise AssertionError(f"{text!r} was not made in six clicks")


def test_learn_from_your_mistakes_one_found_one_given_up(player, site_url):
    """The seat's costliest errors become exercises: a move no better is
    answered and changes nothing; the expert's move found is accepted; the
    next given up shows the expert's move; the count is kept with the game
    and shown back in the review."""
    # The page's expert judges the moves tried as the analysis did.
    match, kept, key = open_judged(player, site_url, "kahuna", ANALYSIS_ITERATIONS)
    review = Review(match)
    plies = review.exercises([dict(zip(("ply", "mover", "round", "best", "played", "same", "best_chance",
                                        "played_chance", "estimates"), row)) for row in kept], 0)
    assert len(plies) >= 2, "the novice made errors to learn from"
    player.click('#review [data-review="exercises"]')
    panel = player.locator("#exercise")
    player.wait_for_selector(f'#exercise[data-state="trying"][data-index="1"][data-ply="{plies[0]}"]',
                             timeout=BOOT_TIMEOUT_MS)
    human_turn(player, "0")
    # The move made then is no better: said, and the position unchanged.
    play_move_text(player, match.entries[plies[0]].move)
    player.wait_for_selector("#exercise .exercise-note.wrong")
    assert panel.get_attribute("data-state") == "trying"
    human_turn(player, "0")
    play_move_text(player, review.expert_move(plies[0])["text"])
    player.wait_for_selector('#exercise[data-state="found"][data-found="1"][data-missed="0"]')
    player.click('#exercise [data-exercise="next"]')
    player.wait_for_selector(f'#exercise[data-state="trying"][data-index="2"][data-ply="{plies[1]}"]')
    human_turn(player, "0")
    player.click('#exercise [data-exercise="show"]')
    player.wait_for_selector('#exercise[data-state="shown"][data-missed="1"]')
    assert player.locator("[data-choice].suggested:visible").count() >= 1
    while panel.get_attribute("data-state") != "done":
        index = panel.get_attribute("data-index")
        player.click('#exercise [data-exercise="next"]')
        player.wait_for_function("(index) => { const p = document.getElementById('exercise');"
                                 " return p.dataset.state === 'done' || p.dataset.index !== index; }", arg=index)
    assert (panel.get_attribute("data-found"), panel.get_attribute("data-missed")) == ("1", str(len(plies) - 1))
    player.click('#exercise [data-exercise="leave"]')
    player.wait_for_selector("#review [data-luck]", timeout=BOOT_TIMEOUT_MS)
    assert panel.is_hidden()
    assert plain(player.inner_text("#review .review-practised")) == f"La dernière fois : trouvés 1, manqués {len(plies) - 1}"
    player.click("#menu-button")
    player.wait_for_selector(MENU_READY)
    player.evaluate("(key) => localStorage.removeItem(key)", key)


def test_an_exercise_in_the_text_view_is_found_with_the_keyboard(player, site_url):
    """"Learn from your mistakes" in words: the position before the error is
    the text view's, its moves buttons; the expert's move, pressed with the
    keyboard, is found."""
    to_menu(player, site_url)
    player.evaluate("() => localStorage.setItem('archipel.v1.view', JSON.stringify('text'))")
    try:
        match, kept, key = open_judged(player, site_url, "kahuna", ANALYSIS_ITERATIONS)
        review = Review(match)
        plies = review.exercises([dict(zip(("ply", "mover", "round", "best", "played", "same", "best_chance",
                                            "played_chance", "estimates"), row)) for row in kept], 0)
        player.click('#review [data-review="exercises"]')
        player.wait_for_selector(f'#exercise[data-state="trying"][data-index="1"][data-ply="{plies[0]}"]',
                                 timeout=BOOT_TIMEOUT_MS)
        human_turn(player, "0")
        assert player.locator("#board svg").count() == 0 and player.locator(".text-page").count() == 1
        expert = review.expert_move(plies[0])["text"]
        words = set(expert.replace("-", " ").split()) | set(expert.split())
        for _ in range(6):
            if player.get_attribute("#exercise", "data-state") == "found":
                break
            buttons = player.locator(".text-page button[data-choice]")
            chosen = None
            for i in range(buttons.count()):
                choice = buttons.nth(i).get_attribute("data-choice") or ""
                if choice == expert or (":" in choice and choice.split(":", 1)[1] in words
                                        and buttons.nth(i).get_attribute("aria-pressed") != "true"):
                    chosen = buttons.nth(i)
                    break
            assert chosen is not None, f"no button leads to {expert!r}"
            chosen.focus()
            player.keyboard.press("Enter")
            player.wait_for_timeout(200)
        player.wait_for_selector('#exercise[data-state="found"][data-found="1"]')
        player.click('#exercise [data-exercise="leave"]')
        player.wait_for_selector("#review [data-luck]", timeout=BOOT_TIMEOUT_MS)
    finally:
        player.evaluate("() => localStorage.setItem('archipel.v1.view', JSON.stringify('board'))")
    player.click("#menu-button")
    player.wait_for_selector(MENU_READY)
    player.evaluate("(key) => localStorage.removeItem(key)", key)


def test_a_watched_game_is_reviewed_from_its_end_screen_in_english(make_context, site_url):
    context = make_context(locale="en-GB")
    page = context.new_page()
    # The bots at once; the game opened by a link loaded anew (a link
    # followed within the page, then a reload, would race the page's
    # removal of the used link from the address).
    instant_bots(page, site_url)
    page.goto(f"{site_url}index.html#play=kahuna&players=2&seats=bot0,bot1&seed=12&lang=en")
    page.wait_for_selector("#end-dialog[open] #end-review", timeout=120_000)
    assert page.inner_text("#end-review") == "Review the game"
    # Each player's accuracy on the end screen: the game analysed there,
    # with its progress, then judged; the review opens it judged at once.
    page.click("#end-analyse")
    page.wait_for_selector("#end-dialog [data-accuracy]", timeout=120_000)
    accuracy = page.locator("#end-dialog [data-accuracy]")
    assert accuracy.count() == 2
    assert all(0 < float(accuracy.nth(i).get_attribute("data-accuracy")) <= 100 for i in range(2))
    assert page.locator("#end-dialog [data-luck]").count() == 2
    assert "Each player’s accuracy" in page.inner_text("#end-dialog")
    page.click("#end-review")
    page.wait_for_selector("#review[data-plies] [data-accuracy]", timeout=BOOT_TIMEOUT_MS)
    assert page.locator('#review [data-review="analyse"]').is_disabled()
    plies = int(page.get_attribute("#review", "data-plies"))
    at_ply(page, plies)
    assert page.text_content("#review .review-title") == "Review"
    page.click('#review [data-review="back"]')
    at_ply(page, plies - 1)
    assert "after move" in page.inner_text("#status")
    # A spectator's review: both seats' eyes, or a spectator's, may be chosen.
    options = page.locator("#review-viewer option")
    assert options.count() == 3
    # The watched game is kept among the finished games.
    page.click("#menu-button")
    page.wait_for_selector(MENU_READY, timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".resume.finished[data-game=kahuna]").count() == 1
    assert "Finished games" in page.inner_text("#resume-area")
    context.close()
