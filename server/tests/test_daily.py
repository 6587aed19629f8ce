"""The day's deal: one deal a game a day, committed a day ahead, played at
the server against the same bots by everyone, its seed kept from every
message until the next day's reveal; one entry a player a day on the day's
board, whose every finished game anyone can then fetch and verify with
``python -m pygame_core verify``. Days last seconds here (``--day-length``)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from archipel_server.store import Account, Credential, DailyEntry, Deal, TableInfo
from archipel_server.table import review_key
from archipel_server.tokens import token_hash
from pygame_core import fairness
from pygame_core.match import Match
from online import ROOT, Client, keys_in, post, run
from passkeys import Player
from test_accounts import finish
from test_store import backend  # noqa: F401  (the fixture)

# The seconds of a day, and those a test needs left in it to play two
# games of Kahuna against the server's bots.
DAY = 20.0
TO_PLAY = 14.0
KAHUNA_SETUP = fairness.setup_of("kahuna", 2, {}, ["h", "bot2"], False)


def daily_server(start_server, day: float):
    return start_server("--day-length", str(day), "--bot-pace", "0", "--account-attempts", "0", chosen_seeds=False)


def signed_up(server, name: str) -> Player:
    player = Player(server)
    status, answer = player.sign_up(name)
    assert status == 201, answer
    return player


class Heard:
    """Every HTTP answer of the test, as text: none may carry a secret."""

    def __init__(self):
        self.texts: list = []

    def call(self, player: Player, path: str, body: dict) -> tuple:
        status, answer = player.call(path, body)
        self.texts.append(json.dumps(answer))
        return status, answer

    def post(self, server, path: str, body: dict) -> tuple:
        status, answer = post(server, path, body)
        self.texts.append(json.dumps(answer))
        return status, answer


def day_with_time(heard: Heard, player: Player, needed: float) -> dict:
    """Today's deal of Kahuna, with at least ``needed`` seconds of its day
    left: the next day's when today's ends too soon."""
    status, deal = heard.call(player, "daily", {"game": "kahuna"})
    assert status == 200, deal
    left = deal["reveal_at"] - time.time()
    if left < needed:
        time.sleep(left + 0.2)
        status, deal = heard.call(player, "daily", {"game": "kahuna"})
    return deal


def until_reveal(deal: dict) -> float:
    """The seconds to wait for the deal's reveal (and a little more)."""
    return max(0.0, deal["reveal_at"] - time.time()) + 0.3


async def at_table(server, made: dict, token_key: str = "token") -> Client:
    client = await Client(server).open()
    welcome = await client.hello(made["table"], made[token_key])
    assert welcome["type"] == "welcome", welcome
    return client


def generator_states(record: dict) -> set:
    """Every state of the game's generator, replayed from its record."""
    replayed = Match(record["game"], record["players"], record["seed"], record["options"], record["seats"])
    states = {replayed.state.to_json().get("rng")}
    for player, move in record["moves"]:
        replayed.play(player, move)
        states.add(replayed.state.to_json().get("rng"))
    states.discard(None)
    return states


def test_two_players_play_the_day_s_deal_and_the_next_day_every_entry_verifies(start_server, tmp_path):
    server = daily_server(start_server, DAY)
    ana, bob, cy = signed_up(server, "Ana Daily"), signed_up(server, "Bob Daily"), signed_up(server, "Cy Daily")
    heard = Heard()
    deal = day_with_time(heard, ana, TO_PLAY)
    day = deal["day"]
    assert (deal["game"], deal["players"], deal["seats"], deal["options"], deal["level"]) == (
        "kahuna", 2, ["h", "bot2"], {}, 2)
    assert fairness.is_commitment(deal["commitment"]) and deal["reveal_at"] == (day + 1) * DAY
    assert deal["tomorrow"]["day"] == day + 1 and fairness.is_commitment(deal["tomorrow"]["commitment"])
    assert deal["entered"] is False and not {"seed", "salt"} & (set(deal) | set(deal["tomorrow"]))
    assert deal["yesterday"] is None or deal["yesterday"]["day"] == day - 1

    made = {}
    for name, player in (("ana", ana), ("bob", bob)):
        status, made[name] = heard.call(player, "daily/play", {"game": "kahuna"})
        assert status == 201 and made[name]["seat"] == 0 and made[name]["invitations"] == [], made[name]
    status, again = heard.call(ana, "daily/play", {"game": "kahuna"})
    assert (status, again["error"]["key"]) == (409, "error.daily_entered")
    # Two requests at once for one player: one table, one entry.
    with ThreadPoolExecutor(2) as pool:
        both = list(pool.map(lambda _: heard.call(cy, "daily/play", {"game": "kahuna"}), range(2)))
    assert sorted(status for status, _ in both) == [201, 409]
    assert heard.call(ana, "daily", {"game": "kahuna"})[1]["entered"] is True
    assert heard.post(server, "api/daily", {"game": "kahuna"})[1]["entered"] is False

    async def scene():
        players = [await at_table(server, made["ana"]), await at_table(server, made["bob"])]
        spectator = await at_table(server, made["ana"], "spectator")
        assert players[0].state["table"]["daily"] == day and players[0].state["table"]["names"] == ["Ana Daily", ""]
        await asyncio.gather(*(finish(server, [(client, 0)], random.Random(seed))
                               for seed, client in enumerate(players)))
        answers = [await client.call("record") for client in players]
        rematch = await players[0].call("rematch", number=1, ply=players[0].ply)
        await spectator.wait_for(lambda state: state["snapshot"]["over"])
        answers.append(await spectator.call("record"))
        for client in (*players, spectator):
            await client.settle(0.1)
            await client.close()
        return players, spectator, answers, rematch

    players, spectator, answers, rematch = run(scene())
    assert [answer.get("key") for answer in answers] == ["error.daily_secret"] * 3
    assert rematch["key"] == "error.daily_rematch"
    for client in players:
        assert client.snapshot["over"] and client.snapshot["seed"] is None
        assert set(client.state["fairness"]) == {"number", "commitment", "chosen_seed"}
        # Every table of the deal commits to the deal's seed, salt and set-up.
        assert client.state["fairness"]["commitment"] == deal["commitment"]
    scores = {"Ana Daily": players[0].snapshot["result"]["scores"][0],
              "Bob Daily": players[1].snapshot["result"]["scores"][0]}

    # The board before the reveal: the finished entries ranked by score, the
    # one still playing after them; no way to any record yet.
    status, board = heard.call(bob, "daily/board", {"game": "kahuna"})
    assert status == 200 and board["day"] == day and board["revealed"] is False
    entries = board["entries"]
    assert {entry["name"]: entry["score"] for entry in entries[:2]} == scores
    assert entries[0]["score"] >= entries[1]["score"]
    assert [entry["rank"] for entry in entries] == [1, 2, None]
    assert entries[2]["name"] == "Cy Daily" and not entries[2]["finished"] and entries[2]["score"] is None
    assert all(entry["finished"] and entry["place"] in (1, 2) for entry in entries[:2])
    assert not keys_in(board) & {"table", "review", "number", "seed", "salt"}
    # The player's own history opens the game's review link, which waits for the reveal too.
    own = heard.call(ana, "players/profile", {"name": "Ana Daily"})[1]["games"][0]
    status, refused = heard.post(server, "api/tables/review", {"table": own["table"], "number": 1,
                                                               "key": own["review"]})
    assert (status, refused["error"]["key"]) == (409, "error.daily_secret")
    told = heard.texts + [text for client in (*players, spectator) for text in client.texts]

    time.sleep(until_reveal(deal))
    status, after = ana.call("daily", {"game": "kahuna"})
    assert status == 200 and after["day"] == day + 1 and after["entered"] is False
    # Tomorrow's commitment, published a day ahead, is today's deal's.
    assert after["commitment"] == deal["tomorrow"]["commitment"]
    revealed = after["yesterday"]
    assert revealed["day"] == day and revealed["commitment"] == deal["commitment"]
    seed, salt = revealed["seed"], revealed["salt"]
    assert fairness.commitment(seed, salt, KAHUNA_SETUP) == deal["commitment"]

    status, board = post(server, "api/daily/board", {"game": "kahuna", "day": day})
    assert status == 200 and board["revealed"] is True
    finished = [entry for entry in board["entries"] if entry["finished"]]
    assert len(finished) == 2 and "review" not in board["entries"][2]
    states: set = set()
    for entry in finished:
        status, review = post(server, "api/tables/review", {"table": entry["table"], "number": entry["number"],
                                                            "key": entry["review"]})
        assert status == 200, review
        record = review["record"]
        # The same deal for both: one seed, one commitment.
        assert record["seed"] == seed and record["fairness"]["commitment"] == deal["commitment"]
        assert record["result"]["scores"][0] == entry["score"]
        states |= generator_states(record)
        path = tmp_path / f"{entry['table']}.json"
        path.write_text(json.dumps(record))
        checked = subprocess.run(
            [sys.executable, "-m", "pygame_core", "verify", str(path), "--commitment", deal["commitment"]],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120)
        assert checked.returncode == 0 and "shuffle verified" in checked.stdout, checked.stdout + checked.stderr

    # Nothing said before the reveal carried the seed, the salt, or a state
    # of the generator they make.
    assert len(told) > 100
    for text in told:
        assert seed not in text and salt not in text, text[:300]
        assert not set(map(int, re.findall(r"\d{6,}", text))) & states, text[:300]


def test_a_move_after_the_day_s_reveal_is_refused_and_the_entry_stays_unfinished(start_server):
    server = daily_server(start_server, 6.0)
    ana = signed_up(server, "Late Ana")
    deal = day_with_time(Heard(), ana, 3.0)
    status, made = ana.call("daily/play", {"game": "kahuna"})
    assert status == 201, made

    async def scene():
        client = await at_table(server, made)
        while 0 not in client.snapshot["to_move"]:
            await client.recv()
        first = await client.call("move", ply=client.ply, move=client.snapshot["legal"][0]["text"])
        await client.settle(0.2)
        await asyncio.sleep(until_reveal(deal))
        # Refused whoever is to move: nothing is played once the day is over.
        legal = client.snapshot["legal"]
        late = await client.call("move", ply=client.ply, move=legal[0]["text"] if legal else "pass")
        record = await client.call("record")
        await client.close()
        return first, late, record

    first, late, record = run(scene())
    assert first["type"] == "ack"
    assert (late["type"], late["key"]) == ("error", "error.daily_over")
    # The deal is revealed, but this game never ended: no record.
    assert record["key"] == "error.not_over"
    status, board = post(server, "api/daily/board", {"game": "kahuna", "day": deal["day"]})
    assert board["revealed"] and [(entry["name"], entry["finished"]) for entry in board["entries"]] == [
        ("Late Ana", False)]


def test_a_guest_sees_the_deal_and_the_board_but_cannot_play(start_server):
    server = daily_server(start_server, DAY)
    status, deal = post(server, "api/daily", {"game": "moai"})
    assert status == 200 and deal["seats"] == ["h", "bot2", "bot2"] and deal["entered"] is False
    status, refused = post(server, "api/daily/play", {"game": "moai"})
    assert (status, refused["error"]["key"]) == (401, "error.signed_out")
    status, board = post(server, "api/daily/board", {"game": "moai"})
    assert status == 200 and board["entries"] == [] and board["revealed"] is False
    for path, body in (("api/daily", {"game": "chess"}), ("api/daily/play", {}),
                       ("api/daily/board", {"game": "moai", "day": -1}),
                       ("api/daily/board", {"game": "moai", "day": deal["day"] + 2})):
        status, refused = post(server, path, body)
        assert (status, refused["error"]["key"]) == (400, "error.bad_request"), path


def test_the_store_keeps_one_deal_a_day_and_one_entry_a_player_a_day(backend):  # noqa: F811
    def deal(seed: str) -> Deal:
        return Deal("kahuna", 7, seed, fairness.new_salt(), 2, ["h", "bot2"], {}, time.time())

    def daily_table(table_id: str, kept: Deal) -> tuple:
        info = TableInfo(id=table_id, game="kahuna", players=2, options={}, seats=["h", "bot2"],
                         names=["Ana", ""], joined=[True, True], seed=kept.seed, salt=kept.salt, scheme=2,
                         committed=["h", "bot2"], accounts=["id-Ana", None], daily=7, created=time.time())
        tokens = {0: token_hash(f"{table_id}-seat"), -1: token_hash(f"{table_id}-spectators")}
        entry = DailyEntry("kahuna", 7, "id-Ana", "Ana", table_id, 1, time.time(),
                           review_key(table_id, 1, {digest: seat for seat, digest in tokens.items()}))
        return info, tokens, entry

    async def scene():
        # Two servers sharing the store ask for the same day's deal at once.
        first, second = backend.make(), backend.make()
        await first.open(), await second.open()
        try:
            await first.create_account(Account("id-Ana", "Ana", "ana", 0.0), Credential("c", "id-Ana", "pk", 0, 0.0))
            kept = await asyncio.gather(first.make_deal(deal("a" * 32)), second.make_deal(deal("b" * 32)))
            loaded = await second.load_deal("kahuna", 7)
            tables = [daily_table("A" * 12, kept[0]), daily_table("B" * 12, kept[0])]
            entered = await asyncio.gather(*(store.enter_daily(info, tokens, "addr", entry)
                                             for store, (info, tokens, entry) in zip((first, second), tables)))
            won = tables[entered.index(True)][0].id
            lost = tables[entered.index(False)][0].id
            stored, missing = await first.load_table(won), await first.load_table(lost)
            ended = await first.append_move(won, 1, 0, 0, "a move", True, 1234.5, ranks=[1, 0], score=7)
            board = await second.daily_board("kahuna", 7)
            mine = await second.daily_entries_of("id-Ana")
            await first.delete_account("id-Ana")
            gone = await second.daily_board("kahuna", 7), await second.daily_entry("kahuna", 7, "id-Ana")
            return kept, loaded, entered, stored, missing, ended, board, mine, gone, won
        finally:
            await first.close(), await second.close()

    kept, loaded, entered, stored, missing, ended, board, mine, gone, won = run_store(scene())
    assert kept[0] == kept[1] == loaded and kept[0].seed in ("a" * 32, "b" * 32)
    assert sorted(entered) == [False, True] and missing is None
    assert stored.info.daily == 7 and stored.info.commitment == kept[0].commitment
    assert ended
    assert len(board) == 1 and board[0].table == won and board[0] == mine[0]
    assert (board[0].finished, board[0].score, board[0].place, board[0].ended) == (True, 7, 2, 1234.5)
    assert gone == ([], None)


def run_store(coroutine):
    return asyncio.run(coroutine)
