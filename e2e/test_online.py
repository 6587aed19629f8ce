"""Online tables in the browser: friends on their own devices (one browser
context each) play whole games through a real table server — the one of
``python3 build.py serve``, started here on a free port with a temporary
SQLite file — by invitation links, with bots on the server in the other
seats. Along the way: a reload, a phone, the connection lost and found
again, the server killed (SIGKILL) and started again, an undo everyone
sees, a rematch, a spectator who sees only public information, names that
stay text. Nothing leaves this machine, and the security policy blocks
nothing (conftest.py).
"""

from __future__ import annotations

import json
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from archipel_site.devserver import server_env  # noqa: E402
from archipel_site.paths import DIST, ROOT  # noqa: E402
from archipel_site.site import build as build_site  # noqa: E402
from conftest import CONSOLE
from pages import (
    MOAI_SHORT, boat_section, haleakala_pick, kanaloa_pick, moai_pick,
    BOOT_TIMEOUT_MS, click_choice, connection, end_dialog_text, invitation, join_table, online_look, plain,
    recording_page, seen,
)

# A tab in the background all along: the page is told it is hidden, and keeps
# every title and icon it shows.
BACKGROUND_TAB = """(() => {
  Object.defineProperty(document, 'hidden', { get: () => true, configurable: true });
  const seen = window.__seen = { titles: [], icons: [] };
  new MutationObserver(() => {
    if (!seen.titles.includes(document.title)) seen.titles.push(document.title);
    const icon = document.querySelector('link[rel="icon"]');
    if (icon && !seen.icons.includes(icon.getAttribute('href'))) seen.icons.push(icon.getAttribute('href'));
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();"""

# A tab in the background that keeps the notifications the page shows (the
# browser's own are not visible to a test) and the ones it takes back.
NOTIFIED_TAB = """(() => {
  Object.defineProperty(document, 'hidden', { get: () => true, configurable: true });
  const seen = window.__seen = { notes: [], closed: 0 };
  const Real = window.Notification;
  class Kept extends Real {
    constructor(title, options = {}) {
      super(title, options);
      seen.notes.push({ title, body: options.body, tag: options.tag });
    }
    close() {
      seen.closed += 1;
      super.close();
    }
  }
  Object.defineProperty(Kept, 'permission', { get: () => Real.permission });
  Kept.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Kept;
})();"""

# Every device plays without animations to wait for (an eruption shown flow
# by flow, say): the tables, not the pictures, are tested here.
DEVICE = {"reduced_motion": "reduce"}
PHONE = {**DEVICE, "viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
MAX_ROUNDS = 6000


class TableServer:
    """`python -m archipel_server` serving dist/ and the tables on one port,
    as `python3 build.py serve` runs it; bots move at once. With
    `chosen_seeds`, a link's seed deals the game (so that a test's game is
    the same every time); without, the server deals from its own secret
    seeds, as `python3 build.py serve` does."""

    def __init__(self, database: Path, chosen_seeds: bool = True, store: str | None = None, extra: tuple = ()):
        self.database = database
        self.chosen_seeds = chosen_seeds
        self.store = store
        self.extra = extra
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.messages = database.with_name(f"server-{self.port}.log")
        self.process = None

    def said(self) -> str:
        """The end of what the server wrote to stderr."""
        return self.messages.read_text(errors="replace")[-3000:] if self.messages.exists() else ""

    def start(self) -> None:
        where = ["--store", self.store] if self.store else ["--db", str(self.database)]
        command = [sys.executable, "-m", "archipel_server", "--static", str(DIST), "--port", str(self.port),
                   *where, "--bot-pace", "0", "--bot-workers", "1", "--quiet", *self.extra]
        if self.chosen_seeds:
            command.append("--chosen-seeds")
        # Its messages go to a file: a pipe nobody reads would stall the
        # server once full.
        with open(self.messages, "ab") as messages:
            self.process = subprocess.Popen(command, cwd=ROOT, env=server_env(),
                                            stdout=subprocess.DEVNULL, stderr=messages)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"the table server stopped: {self.said()}")
            try:
                with urllib.request.urlopen(self.url + "api/info", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        pytest.fail("the table server did not answer within 60 s")

    def kill(self) -> None:
        """SIGKILL: no goodbye, no flush beyond what each move already made."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def serving(tmp_path, chosen_seeds: bool):
    build_site(quiet=True)
    server = TableServer(tmp_path / "tables.sqlite3", chosen_seeds)
    server.start()
    yield server
    alive = server.process.poll() is None
    if alive:
        # What each of its threads was doing at the end (shown with a failure).
        server.process.send_signal(signal.SIGUSR1)
        time.sleep(0.5)
    server.stop()
    # Shown with a failure: whether the server lived to the end, what it said.
    print(f"table server alive at the end: {alive}; its messages:\n{server.said()}")


@pytest.fixture
def table_server(tmp_path):
    yield from serving(tmp_path, chosen_seeds=True)


@pytest.fixture
def dealer_server(tmp_path):
    """A server that deals from its own secret seeds (the default)."""
    yield from serving(tmp_path, chosen_seeds=False)


def open_new_table(page, server: TableServer, link: str) -> None:
    """The creator opens `#online=new&...` and waits for the board."""
    page.goto(f"{server.url}index.html#{link}")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)


def anything(rng: random.Random, offered: list, page):
    return rng.choice(offered)


def settled_log_length(pages: list, timeout_s: float = 30.0) -> int:
    """The log's length once every page shows the same one, unchanged over
    two looks 250 ms apart."""
    deadline = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < deadline:
        lengths = {page.locator("#log .log-entry").count() for page in pages}
        if len(lengths) == 1 and lengths == last:
            return lengths.pop()
        last = lengths
        pages[0].wait_for_timeout(250)
    pytest.fail(f"the devices' logs did not settle: {last}")


def play_together(pages: list, rng: random.Random, on_round=None, pick=anything, rounds=None) -> int:
    """Each page clicks a `pick`ed choice whenever it has one, until every
    page shows the end (or `rounds(round)` says the play is over).
    `on_round(round)` runs before each round. No page may throw meanwhile.
    Returns the clicks."""
    clicks = 0
    for round_number in range(MAX_ROUNDS):
        if on_round:
            on_round(round_number)
        looks = [online_look(page) for page in pages]
        if all(look and look["state"] == "over" for look in looks) or (rounds and rounds(round_number)):
            thrown = [line for page in pages for line in CONSOLE.get(page, []) if line.startswith("page error")]
            assert not thrown, thrown
            return clicks
        acted = False
        for page, look in zip(pages, looks):
            if look and look["state"] == "playing" and look["choices"]:
                index, _ = pick(rng, look["choices"], page)
                try:
                    click_choice(page, index)
                except Exception:  # the board moved on under the click: look again
                    continue
                clicks += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(60)
    pytest.fail(f"the game did not end within {MAX_ROUNDS} rounds: {[online_look(p) for p in pages]}")


def cut_after(events: list, rounds: int):
    """For play_together: stop `rounds` rounds after the round `events` records."""
    return lambda round_number: bool(events) and round_number >= events[0] + rounds


def same_end(pages: list) -> str:
    """Every page shows the end with the same verdict."""
    verdicts = {end_dialog_text(page) for page in pages}
    assert len(verdicts) == 1, verdicts
    return verdicts.pop()


def test_kahuna_by_invitation_with_a_phone_a_reload_an_undo_and_a_rematch(make_context, table_server):
    ana = make_context(**DEVICE).new_page()
    open_new_table(ana, table_server, "online=new&game=kahuna&players=2&seats=h,h&seed=3&names=Ana")
    link = invitation(ana, 1)
    assert "#online=" in link and "&token=" in link and link.startswith(table_server.url)
    # The creator's page says that the link is the seat, on any device.
    assert "autre appareil" in plain(ana.text_content("#table-panel"))
    # While the seat is free, the dock leads to the invitation.
    assert plain(ana.inner_text("#invite-button")) == "Inviter · 1 place libre"
    ana.click("#invite-button")
    ana.wait_for_function("() => document.activeElement?.dataset.inviteSeat === '1'")

    bob = make_context(**PHONE).new_page()
    join_table(bob, link, "Bob <b>&amp;</b>")
    assert online_look(bob)["connection"] == "online"
    # The name is text wherever it shows.
    ana.wait_for_function("() => document.getElementById('table-panel').textContent.includes('Bob <b>&amp;</b>')")
    assert ana.locator("#table-panel b").count() == 0 and ana.locator("#players b").count() == 0
    ana.wait_for_selector("#invite-button", state="hidden")

    rng = random.Random(16)
    reloaded = []

    def reload_once(round_number):
        if not reloaded and round_number > 30:
            # An online table plays without Python: neither page started it.
            assert [page.evaluate("document.documentElement.dataset.boot") for page in (ana, bob)] == [None, None]
            reloaded.append(round_number)
            ana.reload()
            ana.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
            assert connection(ana) == "online"

    play_together([ana, bob], rng, on_round=reload_once)
    assert reloaded
    verdict = same_end([ana, bob])
    assert "gagne" in verdict or "Égalité" in verdict
    # Both check the shuffle against the commitment each kept since the start
    # (Ana's page was reloaded meanwhile: hers comes from its storage).
    for page in (ana, bob):
        page.wait_for_selector('#end-dialog .end-fairness[data-fairness="verified"]', timeout=60_000)
        text = plain(page.inner_text("#end-dialog .end-fairness"))
        assert "Donne vérifiée" in text and "créateur de la table a choisi" in text
        # The check of the shuffle started Python, at the end.
        assert page.evaluate("document.documentElement.dataset.boot")
    # Both logs hold the same moves.
    assert ana.locator("#log .log-entry").count() == bob.locator("#log .log-entry").count() > 10

    # Rematch: the same seats, a new game on both devices.
    ana.click("#end-new")
    for page in (ana, bob):
        page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=60_000)
        page.wait_for_selector("#end-dialog:not([open])", state="attached")

    # An undo, seen by both: Bob lays a bridge and takes it back.
    rng = random.Random(5)
    for _ in range(200):
        look = online_look(bob)
        if look["choices"] and not bob.is_disabled("#undo-button"):
            break
        if look["choices"]:
            index, _ = rng.choice(look["choices"])
            click_choice(bob, index)
        elif online_look(ana)["choices"]:
            index, _ = rng.choice(online_look(ana)["choices"])
            click_choice(ana, index)
        bob.wait_for_timeout(80)
    assert not bob.is_disabled("#undo-button"), "Bob never had a move to take back"
    bob.click("#undo-button")
    for page in (ana, bob):
        page.wait_for_selector("#log .log-note", state="attached", timeout=30_000)
        assert "Bob <b>&amp;</b> a repris" in plain(page.text_content("#log .log-note"))


def test_kanaloa_two_friends_and_a_bot_with_the_connection_lost_and_found(make_context, table_server):
    ana = make_context(**DEVICE).new_page()
    open_new_table(ana, table_server, "online=new&game=kanaloa&players=3&seats=h,h,bot0&seed=8")
    bob_context = make_context(**DEVICE)
    bob = bob_context.new_page()
    join_table(bob, invitation(ana, 1), "Bob")

    cut = []

    def lose_the_connection(round_number):
        if not cut and round_number > 20:
            cut.append(round_number)
            bob_context.set_offline(True)
            bob.wait_for_selector('#status[data-connection="offline"]', state="attached", timeout=30_000)
            assert "Hors ligne" in bob.inner_text("#status")
            # Ana plays on meanwhile if it is her turn; Bob sees it once back.
            bob_context.set_offline(False)
            bob.wait_for_selector('#status[data-connection="online"]', state="attached", timeout=30_000)

    # Forty rounds after the connection is back, both devices show the same
    # game. (Kanaloa online to its end: two strangers below, and two people
    # with a bot over the protocol in server/tests/test_secrets.py.)
    play_together([ana, bob], random.Random(8), on_round=lose_the_connection, rounds=cut_after(cut, 40),
                  pick=lambda rng, offered, page: kanaloa_pick(rng, offered))
    assert cut
    # The same log on both, once the last clicks have landed.
    assert settled_log_length([ana, bob]) > 0


def test_moai_three_players_on_three_devices_and_a_spectator(make_context, table_server):
    # Three clans, three people, each on their own device (the last on a
    # phone), a hundred rounds: their secret bids, births and places. Five
    # seats over the protocol, to the end with a spectator, are played in
    # server/tests/test_secrets.py; a spectator's page sees an online game's
    # end in the dealt game's test below.
    ana = make_context(**DEVICE).new_page()
    open_new_table(ana, table_server,
                   "online=new&game=moai&players=3&seats=h,h,h&seed=4&short_game=1&names=Ana")
    assert ana.locator("[data-invite-seat]").count() == 2
    friends = []
    for seat, name in ((1, "Bruno"), (2, "Chloé")):
        page = make_context(**(PHONE if seat == 2 else DEVICE)).new_page()
        join_table(page, invitation(ana, seat), name)
        friends.append(page)
    spectator = make_context(**DEVICE).new_page()
    spectator.goto(ana.get_attribute("[data-spectator-link]", "href"))
    spectator.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert "regardez" in plain(spectator.inner_text("#table-panel"))

    def spectator_sees_no_choice(round_number):
        if round_number % 50 == 0:
            assert online_look(spectator)["choices"] == []

    play_together([ana, *friends], random.Random(4), on_round=spectator_sees_no_choice,
                  rounds=lambda round_number: round_number >= 100,
                  pick=lambda rng, offered, page: moai_pick(rng, offered, MOAI_SHORT))
    # Every device, the spectator's too, shows the same moves.
    assert settled_log_length([ana, *friends, spectator]) > 20
    assert online_look(spectator)["choices"] == []


def test_haleakala_survives_a_server_killed_mid_game(make_context, table_server):
    ana = make_context(**DEVICE).new_page()
    open_new_table(ana, table_server, "online=new&game=haleakala&players=2&seats=h,h&seed=2")
    bob = recording_page(make_context, BACKGROUND_TAB, **PHONE)
    join_table(bob, invitation(ana, 1), "Bob")

    killed = []
    restarted = []

    def kill_and_restart(round_number):
        if not killed and round_number > 25:
            # A click of the last round may still be on its way to the other
            # device: count once both show the same log, twice in a row.
            before = settled_log_length([ana, bob])
            table_server.kill()
            killed.append(before)
            for page in (ana, bob):
                page.wait_for_selector('#status[data-connection="reconnecting"]', state="attached", timeout=30_000)
            table_server.start()
            for page in (ana, bob):
                page.wait_for_selector('#status[data-connection="online"]', state="attached", timeout=60_000)
            # Nothing was lost: the log is as long as before the kill, on both.
            assert settled_log_length([ana, bob]) == before
            restarted.append(round_number)

    # Forty rounds after the restart, both still play the same game. (An
    # online game's end is seen on every device in the tests above.)
    play_together([ana, bob], random.Random(2), on_round=kill_and_restart, rounds=cut_after(restarted, 40),
                  pick=lambda rng, offered, page: haleakala_pick(offered, rng, boat_section(page)))
    assert killed and killed[0] > 0
    assert settled_log_length([ana, bob]) > killed[0]
    # Bob's tab, in the background, said each time that it was his turn, and
    # took it back once it was not; it says what is true now.
    assert "● À vous — Archipel" in seen(bob)["titles"] and "Archipel" in seen(bob)["titles"]
    assert {"icons/icon-turn.svg", "icons/icon.svg"} <= set(seen(bob)["icons"])
    his_turn = "1" in (bob.get_attribute("#status", "data-to-move") or "").split(",")
    assert bob.title() == ("● À vous — Archipel" if his_turn else "Archipel")
    assert bob.get_attribute('link[rel="icon"]', "href") == ("icons/icon-turn.svg" if his_turn else "icons/icon.svg")


def test_a_player_in_another_tab_is_told_by_the_system_when_it_is_their_turn(make_context, table_server):
    ana = make_context(**DEVICE).new_page()
    open_new_table(ana, table_server, "online=new&game=kahuna&players=2&seats=h,h&seed=3&names=Ana")
    bob = recording_page(make_context, NOTIFIED_TAB, permissions=["notifications"], **DEVICE)
    join_table(bob, invitation(ana, 1), "Bob")
    # Bob asks to be told; the browser allows it (the context granted it).
    bob.click('#table-panel [data-notify="off"]')
    bob.wait_for_selector('#table-panel [data-notify="on"][aria-pressed="true"]')
    rng = random.Random(5)
    for _ in range(400):
        if len(seen(bob)["notes"]) >= 2 and seen(bob)["closed"] >= 1:
            break
        acted = False
        for page in (ana, bob):
            look = online_look(page)
            if look and look["state"] == "playing" and look["choices"]:
                try:
                    click_choice(page, rng.choice(look["choices"])[0])
                    acted = True
                except Exception:  # the board moved on under the click
                    continue
        if not acted:
            ana.wait_for_timeout(60)
    notes = seen(bob)["notes"]
    assert len(notes) >= 2, notes
    assert notes[0]["title"] == "À vous de jouer à Kahuna" and notes[0]["body"] == "Votre table attend votre coup."
    assert len({note["tag"] for note in notes}) == 1  # one table, one notification at a time
    # Once Bob has played, the notification of his turn is taken back.
    assert seen(bob)["closed"] >= 1
    # Ana did not ask: her page shows the switch off, and she is never told.
    assert ana.get_attribute("#table-panel [data-notify]", "data-notify") == "off"


def test_once_everyone_is_seated_the_table_panel_leaves_the_cards_in_view(make_context, table_server):
    ana = make_context(viewport={"width": 1366, "height": 800}, **DEVICE).new_page()
    open_new_table(ana, table_server, "online=new&game=kanaloa&players=2&seats=h,h&seed=3&names=Ana")
    # A seat is free: the panel shows its invitation, under its title, in
    # view: nothing scrolled it away after the table was made.
    assert ana.locator("#table-panel [data-invite-seat]").count() == 1
    assert ana.locator("#table-panel h2:not(.visually-hidden)").count() == 1
    ana.wait_for_timeout(500)   # the first draws are done
    box = ana.evaluate("""() => { const r = document.querySelector('#table-panel [data-invite-seat]').getBoundingClientRect();
        const panel = document.getElementById('table-panel').getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, panelTop: panel.top, height: window.innerHeight}; }""")
    assert 0 <= box["panelTop"] and 0 <= box["top"] and box["bottom"] <= box["height"], box
    bob = make_context(**PHONE).new_page()
    join_table(bob, invitation(ana, 1), "Bob")
    ana.wait_for_selector("#table-panel.seated")
    # Seated: the seats take the title's line, and the talon and the face-up
    # cards are in view on a laptop's screen, without scrolling.
    below = ana.evaluate("() => document.getElementById('market').getBoundingClientRect().bottom - window.innerHeight")
    assert below <= 0, f"the cards end {below} px below the screen"
    assert ana.locator("#table-panel h2.visually-hidden").count() == 1


def test_two_strangers_meet_at_an_open_table_with_a_clock_talk_and_play(make_context, table_server):
    # Ana opens a Kanaloa table to any visitor, with a live clock, from the menu.
    ana = make_context(**DEVICE).new_page()
    ana.goto(table_server.url)
    ana.wait_for_selector("#online-ready", timeout=BOOT_TIMEOUT_MS)
    ana.click("#mode-online")
    ana.click('.game-choice:has(input[value="kanaloa"])')
    ana.select_option("#player-count-select", "2")
    ana.select_option("#seat-kind-1", "h")
    ana.check("#open-table")
    ana.select_option("#online-clock", "live-20-10")
    ana.fill("#seat-name-0", "Ana")
    ana.click("#play-button")
    ana.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    # The table waits for its people: nothing to play, no clock running yet.
    ana.wait_for_selector("[data-start]")
    assert "toutes les places" in plain(ana.inner_text("#status"))
    assert ana.locator("[data-choice]:visible").count() == 0
    assert ana.locator('[data-clock-seat][data-running="true"]').count() == 0
    # Bob, who does not know her, finds the table in the list of his menu.
    bob = make_context(**PHONE).new_page()
    bob.goto(table_server.url)
    bob.wait_for_selector("[data-open-table]", timeout=BOOT_TIMEOUT_MS)
    # His menu is whole (the engine ready) before he types his name.
    bob.wait_for_selector("#play-button:not([disabled])", timeout=BOOT_TIMEOUT_MS)
    row = plain(bob.inner_text("[data-open-table]"))
    assert all(words in row for words in ("Kanaloa", "2 joueurs", "Ana", "place libre", "20 min + 10 s")), row
    bob.fill("#visitor-name", "Bob")
    bob.click("[data-sit]")
    bob.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert bob.locator("#join-dialog[open]").count() == 0  # he sat down with his name already
    # The table is full: it begins, and both devices show both clocks running
    # (Kanaloa's first step is chosen by both players at once).
    ana.wait_for_selector("[data-start]", state="detached")
    for page in (ana, bob):
        page.wait_for_function("() => document.querySelectorAll('[data-clock-seat][data-running=\"true\"]').length === 2")
        assert re.fullmatch(r"(19|20):\d\d", page.inner_text('[data-clock-seat="0"]')), page.inner_text('[data-clock-seat="0"]')
    ana.wait_for_function("() => document.getElementById('table-panel').textContent.includes('Bob')")
    # A few words, both ways: a ready phrase and a line of text, shown as text.
    ana.click("[data-chat-toggle]")
    ana.select_option("#chat-phrase", "good_luck")
    ana.click("[data-chat-phrase]")
    bob.wait_for_function("() => /Bonne chance/.test(document.querySelector('.toast') ? document.querySelector('.toast').textContent : '')")
    assert bob.inner_text("[data-chat-toggle] .chat-unread") == "1 nouveau"
    bob.locator("[data-chat-toggle]").click()
    bob.fill("#chat-text", "Merci <b>Ana</b> !")
    bob.click("[data-chat-send]")
    ana.wait_for_function("() => document.querySelector('.chat-log').textContent.includes('Merci <b>Ana</b> !')")
    assert ana.locator(".chat-log b").count() == 0
    # The table is full: nobody else finds it.
    eve = make_context(**DEVICE).new_page()
    eve.goto(table_server.url)
    eve.wait_for_selector("#open-tables-none", timeout=BOOT_TIMEOUT_MS)
    # They play on, the clocks running by turns. (Online games are played
    # to their end below, Kanaloa's with a bot over the protocol in
    # server/tests/test_secrets.py.)
    play_together([ana, bob], random.Random(7), rounds=lambda round_number: round_number >= 60,
                  pick=lambda rng, offered, page: kanaloa_pick(rng, offered))
    length = settled_log_length([ana, bob])
    assert length > 10
    for page in (ana, bob):
        left = [page.inner_text(f'[data-clock-seat="{seat}"]') for seat in (0, 1)]
        assert all(re.fullmatch(r"\d{1,2}:\d\d", clock) for clock in left), left
        assert left != ["20:00", "20:00"], left


def test_a_clock_runs_out_and_a_bot_plays_on_at_a_table_its_creator_started(make_context, tmp_path):
    """A clock's minute lasts a second on this server: Ana's two minutes go
    while she looks away from a table she started alone, bots in the free
    seat; a bot plays on for her, she is told, and the game goes to its end."""
    build_site(quiet=True)
    server = TableServer(tmp_path / "tables.sqlite3", True, extra=("--clock-minute", "1"))
    server.start()
    try:
        ana = make_context(**DEVICE).new_page()
        # Seed 3: Ana's seat moves first.
        open_new_table(ana, server, "online=new&game=kahuna&players=2&seats=h,h&seed=3&names=Ana&open=1"
                                    "&clock=live-2-0&clocklevel=0")
        ana.wait_for_selector("[data-start]")
        assert ana.inner_text('[data-clock-seat="0"]') == "0:02"  # two clock minutes: two seconds here
        ana.select_option("#start-level", "1")
        ana.click("[data-start]")
        ana.wait_for_selector('[data-clock-seat="0"][data-running="true"]')
        # The bot took the free seat; the board lights up for Ana; she lets her time go.
        assert ana.locator('[data-clock-seat="1"]').count() == 0
        ana.wait_for_selector("[data-choice]")
        ana.wait_for_function("() => /écoulé/.test(document.querySelector('.toast') ? document.querySelector('.toast').textContent : '')",
                              timeout=20_000)
        assert "Ana" in plain(ana.inner_text(".toast"))
        ana.wait_for_function("() => document.querySelector('[data-seat=\"0\"] .table-seat-note').textContent.includes('temps écoulé')")
        assert ana.locator("[data-clock-seat]").count() == 0 and ana.locator("[data-choice]:visible").count() == 0
        # Both seats are bots now: they play the game to its end.
        ana.wait_for_selector('#status[data-state="over"]', state="attached", timeout=120_000)
    finally:
        server.stop()


def test_a_player_out_of_time_is_out_of_the_game_and_the_end_screen_says_so(make_context, tmp_path):
    """Made from the menu: a live clock whose minute lasts a second here, and
    a seat out of time out of the game. Ana lets her five seconds go: against
    one bot, the game is over at once, the bot wins on time, and the end
    screen, the check of the shuffle, the record and its review all agree."""
    build_site(quiet=True)
    server = TableServer(tmp_path / "tables.sqlite3", True, extra=("--clock-minute", "1"))
    server.start()
    try:
        ana = make_context(**DEVICE).new_page()
        sent = []
        ana.on("request", lambda request: sent.append(request.post_data) if request.url.endswith("api/tables") else None)
        ana.goto(server.url)
        ana.wait_for_selector("#online-ready", timeout=BOOT_TIMEOUT_MS)
        ana.click("#mode-online")
        ana.select_option("#seat-kind-1", "bot1")
        ana.fill("#seat-name-0", "Ana")
        assert ana.locator("#clock-timeout").is_disabled()
        ana.select_option("#online-clock", "live-5-3")
        ana.select_option("#clock-timeout", "out")
        assert "éliminé" in plain(ana.inner_text("#clock-timeout"))
        ana.click("#play-button")
        ana.wait_for_selector('[data-clock-seat="0"][data-running="true"]', timeout=BOOT_TIMEOUT_MS)
        assert json.loads(sent[0])["clock"]["timeout"] == "out"
        assert "temps écoulé\u00a0: éliminé" in ana.inner_text(".table-clock-kind")
        ana.wait_for_selector('#end-dialog[open]', timeout=30_000)
        assert ana.get_attribute("#status", "data-state") == "over"
        end = plain(ana.inner_text("#end-dialog"))
        assert "écoulé avant la fin" in end and "classé dernier" in end and "Ana" in plain(ana.inner_text(".end-out"))
        assert ana.get_attribute(".end-out", "data-out") == "0"
        ana.wait_for_selector('#end-dialog .end-fairness[data-fairness="verified"]', timeout=60_000)
        with ana.expect_download() as download:
            ana.click("#end-download")
        path = tmp_path / "game.json"
        download.value.save_as(path)
        record = json.loads(path.read_text())
        assert record["out"] == [0] and [(t["seat"], t["out"]) for t in record["timeouts"]] == [(0, True)]
        # This server lets a table choose its seed: accepted when asked, and only then.
        verify = [sys.executable, "-m", "pygame_core", "verify", str(path)]
        assert record["fairness"]["chosen_seed"] is True
        assert subprocess.run(verify, cwd=ROOT, capture_output=True).returncode == 1
        assert subprocess.run([*verify, "--accept-chosen-seed"], cwd=ROOT, capture_output=True).returncode == 0
        ana.click("#end-review")
        ana.wait_for_selector(f'#review[data-plies="{len(record["moves"])}"]', timeout=60_000)
        ana.screenshot(path=str(tmp_path / "out-of-time-review.png"))
    finally:
        server.stop()


def test_the_menu_finds_the_server_creates_a_table_and_lists_it(make_context, dealer_server):
    table_server = dealer_server
    page = make_context(**DEVICE).new_page()
    page.goto(table_server.url)
    page.wait_for_selector("#online-ready", timeout=BOOT_TIMEOUT_MS)
    page.click("#mode-online")
    page.select_option("#seat-kind-1", "bot1")
    page.fill("#seat-name-0", "Ana")
    page.click("#play-button")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("[data-invite-seat]").count() == 0  # the bot's seat needs no invitation
    page.click("#menu-button")
    page.wait_for_selector("[data-online-table]", timeout=30_000)
    # The status the server gives (a failure shows the words the menu had).
    expect(page.locator("[data-online-table] .resume-meta")).to_contain_text("Ana", timeout=30_000)
    page.click("[data-online-table] .resume-button")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=30_000)


def test_without_a_server_the_menu_says_what_online_play_needs(page, site_url):
    page.goto(site_url)
    page.wait_for_selector("#online-needs-server", timeout=BOOT_TIMEOUT_MS)
    assert "serveur de tables" in page.inner_text("#online-area")
    assert page.locator("#mode-online").count() == 0


def test_a_game_dealt_by_the_server_is_verified_at_the_end_downloaded_reviewed_and_loaded(make_context, dealer_server, tmp_path):
    """The server deals from its own seed (none in the link: a link's seed
    is not even sent to a server that deals its own). The page keeps the
    commitment from the start, checks the record at the end, and the
    downloaded record replays in the local Load."""
    ana = make_context(**DEVICE).new_page()
    sent = []
    ana.on("request", lambda request: sent.append(request.post_data) if request.url.endswith("api/tables") else None)
    open_new_table(ana, dealer_server, "online=new&game=kahuna&players=2&seats=h,bot0&seed=3&names=Ana")
    assert sent and '"seed"' not in sent[0]
    ana.click("#table-panel details.table-links summary")
    promised = ana.get_attribute("#table-panel [data-commitment]", "data-commitment")
    assert re.fullmatch(r"[0-9a-f]{64}", promised)
    # A spectator watches from another device, to the end.
    spectator = make_context(**DEVICE).new_page()
    spectator.goto(ana.get_attribute("[data-spectator-link]", "href"))
    spectator.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    play_together([ana], random.Random(11))
    verdict = same_end([ana])
    spectator.wait_for_selector('#status[data-state="over"]', state="attached", timeout=30_000)
    assert end_dialog_text(spectator) == verdict
    assert online_look(spectator)["choices"] == []
    ana.wait_for_selector('#end-dialog .end-fairness[data-fairness="verified"]', timeout=60_000)
    assert "créateur" not in plain(ana.inner_text("#end-dialog .end-fairness"))
    with ana.expect_download() as download:
        ana.click("#end-download")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["fairness"]["commitment"] == promised and len(record["seed"]) == 32
    assert subprocess.run([sys.executable, "-m", "pygame_core", "verify", str(path), "--commitment", promised],
                          cwd=ROOT, capture_output=True).returncode == 0
    # Its review link, from the server: a fresh browser opens the same game.
    shared = ana.get_attribute("#end-dialog [data-share-link]", "href")
    assert "review=online" in shared and record["seed"] not in shared
    friend = make_context(**DEVICE).new_page()
    friend.goto(shared)
    friend.wait_for_selector(f'#review[data-plies="{len(record["moves"])}"]', timeout=BOOT_TIMEOUT_MS)
    assert friend.get_attribute("#status", "data-state") == "review"
    friend.close()
    # The finished table's game is reviewed from its end screen, through
    # Ana's eyes, with everything shown at the end.
    ana.click("#end-review")
    ana.wait_for_selector(f'#review[data-plies="{len(record["moves"])}"]', timeout=60_000)
    assert ana.get_attribute("#status", "data-state") == "review"
    assert ana.locator("#review-viewer").input_value() == "0"
    ana.click('#review [data-review="first"]')
    ana.wait_for_selector('#review[data-ply="0"]')
    # The local Load replays it to its end, and opens it in review.
    ana.click("#menu-button")
    ana.set_input_files("#load-file", str(path))
    ana.wait_for_selector(f'#review[data-plies="{len(record["moves"])}"]', timeout=60_000)
    assert ana.get_attribute("#status", "data-state") == "review"


def test_the_creators_page_on_a_seat_a_visitor_takes_is_told_in_words_and_sees_no_more(make_context, table_server, tmp_path):
    # Ana opens a table to any visitor, then opens seat 2's invitation on
    # another device of hers and leaves it there.
    ana = make_context(**DEVICE).new_page()
    open_new_table(ana, table_server, "online=new&game=kanaloa&players=2&seats=h,h&names=Ana&open=1")
    href = ana.get_attribute('[data-invite-seat="1"]', "href")
    second = make_context(**PHONE).new_page()
    second.goto(href)
    second.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    # Bob, a stranger, sits at seat 2 from the open tables of his menu.
    bob = make_context(**DEVICE).new_page()
    bob.goto(table_server.url)
    bob.wait_for_selector("[data-open-table]", timeout=BOOT_TIMEOUT_MS)
    bob.fill("#visitor-name", "Bob")
    bob.click("[data-sit]")
    bob.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    # The page on seat 2 by the invitation is back at the menu, told in words,
    # and no longer holds the seat (no hand of Bob's reaches it).
    second.wait_for_selector("#menu-screen:not([hidden])", timeout=30_000)
    said = plain(second.inner_text("#menu-message"))
    assert "Un visiteur s’est assis à cette place" in said, said
    second.screenshot(path=str(tmp_path / "online-seat-taken-fr-390.png"))
    assert second.locator("#game-screen:not([hidden])").count() == 0
    # Ana's own seat plays on, and she sees Bob at the table.
    ana.wait_for_function("() => document.getElementById('table-panel').textContent.includes('Bob')")
    assert connection(ana) == "online"


def test_a_new_link_for_a_seat_lets_the_old_one_go_everywhere_else(make_context, dealer_server):
    ana = make_context(**DEVICE).new_page()
    open_new_table(ana, dealer_server, "online=new&game=haleakala&players=2&seats=h,bot0&names=Ana")
    old_link = ana.url
    phone = make_context(**PHONE).new_page()
    phone.goto(old_link)
    phone.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    ana.click("#table-panel details.table-links summary")
    ana.click("[data-new-link]")
    ana.click("#confirm-yes")
    ana.wait_for_function(f"() => location.href !== {json.dumps(old_link)}", timeout=30_000)
    new_link = ana.url
    assert "&token=" in new_link and new_link.split("token=")[1][:22] != old_link.split("token=")[1][:22]
    assert ana.get_attribute("[data-own-link]", "href") == new_link
    # The phone held the seat by the old link: it is back at the menu, told why.
    phone.wait_for_selector("#menu-screen:not([hidden])", timeout=30_000)
    assert "ne donne aucune place" in plain(phone.inner_text("#menu-message"))
    # The old link gives nothing any more; the new one gives the seat, after a reload too.
    other = make_context(**DEVICE).new_page()
    other.goto(old_link)
    other.wait_for_selector("#menu-screen:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    ana.reload()
    ana.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert connection(ana) == "online"
