"""The seed is the server's secret until the end of the game.

Every hidden card, face-down tile and future draw follows from a game's
seed: no message to a seat or a spectator carries it (nor the bots' seeds
made from it, nor the generator's state inside a position) before the game
is over. Each seat receives a commitment to it instead, and, at the end, the
seed and salt and the whole record, with which it checks that the game it
saw was dealt by the seed committed to (``pygame_core.fairness``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re

import pytest

from archipel_server.store import SPECTATOR, StoredTable, TableInfo
from archipel_server.tables import Table
from archipel_server.tokens import token_hash
from pygame_core import Rng, fairness
from pygame_core.match import Match
from pygame_core.table import Table as TableCore

from online import ServerProcess, create, keys_in, play_randomly, post, run, seated

WHOLE_GAMES = [
    pytest.param("kahuna", 2, {}, ["h", "bot2"], id="kahuna-person-and-skilled-bot"),
    pytest.param("haleakala", 2, {"tactical": True}, ["h", "h"], id="haleakala-two-people"),
    pytest.param("kanaloa", 3, {}, ["h", "h", "bot1"], id="kanaloa-two-people-and-a-bot"),
    pytest.param("moai", 5, {}, ["h", "bot0", "h", "bot1", "h"], id="moai-three-people-and-two-bots"),
]


@pytest.fixture(scope="module")
def dealer(tmp_path_factory, new_store):
    """A server that deals every game from its own seeds (the default)."""
    process = ServerProcess(tmp_path_factory.mktemp("dealer"), "--tables-per-address", "0",
                            "--messages-per-second", "100000", store=new_store()).start()
    yield process
    process.stop()


@pytest.mark.parametrize("game,players,options,seats", WHOLE_GAMES)
def test_a_whole_game_tells_no_seat_the_seed_before_the_end_and_every_seat_verifies_it(
        dealer, game, players, options, seats):
    table = create(dealer, game=game, players=players, options=options, seats=seats, name="Seat 0")
    tokens = {table["seat"]: table["token"], **{i["seat"]: i["token"] for i in table["invitations"]}}

    async def play():
        clients = {0: await seated(dealer, table["table"], tokens[0])}
        for seat in sorted(tokens)[1:]:
            clients[seat] = await seated(dealer, table["table"], tokens[seat], f"Seat {seat}")
        spectator = await seated(dealer, table["table"], table["spectator"])
        rng = random.Random(game)
        watching = asyncio.create_task(spectator.wait_for(lambda state: state["snapshot"]["over"], 200))
        await asyncio.gather(*(play_randomly(client, seat, rng) for seat, client in clients.items()))
        await watching
        records = {}
        for seat, client in [*clients.items(), (None, spectator)]:
            await client.settle(0.1)
            answer = await client.call("record")
            assert answer["type"] == "record", answer
            records[seat] = answer["record"]
        return clients, spectator, records

    clients, spectator, records = run(play())
    check_secrets_kept(game, players, options, seats, clients, spectator, records,
                       dealer.records(table["table"]))


def check_secrets_kept(game, players, options, seats, clients, spectator, records, stored_moves):
    """A whole game, seen by ``clients`` (seat: client) and ``spectator``:
    nothing before the end carried the seed or anything made from it; every
    seat verifies the deal at the end and was told exactly its own view."""
    readers = [*clients.items(), (None, spectator)]
    record = records[0]
    assert all(each == record for each in records.values())
    seed, salt = record["seed"], record["fairness"]["salt"]
    assert isinstance(seed, str) and len(seed) == 32, "128 random bits, as text"
    assert record["fairness"]["chosen_seed"] is False
    assert [tuple(move) for move in record["moves"]] == stored_moves
    # The commitment binds the set-up too: the game, its options, who sat
    # where (people, and bots with their level).
    assert record["fairness"]["scheme"] == 2 and record["fairness"]["seats"] == list(seats)
    setup = fairness.setup_of(game, players, record["options"], list(seats), False)

    # Nothing before the end carries the seed, a bot's seed, a generator's
    # state, or the salt that would let the commitment be tried seed by seed.
    replayed = Match(game, players, seed, options, seats)
    generator_states = {replayed.state.to_json().get("rng")}
    for player, move in record["moves"]:
        replayed.play(player, move)
        generator_states.add(replayed.state.to_json().get("rng"))
    generator_states.discard(None)
    commitment = None
    for seat, client in readers:
        for text, message in zip(client.texts, client.received):
            if message.get("type") in ("welcome", "state"):
                assert message["fairness"]["commitment"] == fairness.commitment(seed, salt, setup)
                commitment = commitment or message["fairness"]["commitment"]
                if message["snapshot"]["over"]:
                    assert message["fairness"]["seed"] == seed and message["fairness"]["salt"] == salt
                    continue
            if message.get("type") == "record":
                continue
            assert seed not in text and salt not in text, f"seat {seat}: {text[:200]}"
            assert not keys_in(message) & {"rng", "salt", "secret", "secret_for"}, message
            numbers = set(map(int, re.findall(r"\d{6,}", text)))
            assert not numbers & generator_states, f"seat {seat} was sent a generator's state"
            if "snapshot" in message:
                assert message["snapshot"]["seed"] is None

    # What each seat saw is the game its committed seed deals.
    for seat, client in readers:
        verdict = fairness.verify(record, commitment, seat, client.snapshot["log"], client.snapshot["view"],
                                  checked_view=True)
        # Every bot's move is recomputed from its seed, too.
        bot_moves = sum(seats[player] != "h" for player, _ in record["moves"])
        assert verdict == {"verified": True, "key": "fairness.verified", "params": {
            "moves": len(record["moves"]), "scheme": 2, "bot_moves": bot_moves, "chosen_seed": False}}
        assert client.snapshot["view"] == replayed.state.view(seat)
    check_what_each_seat_was_told(game, players, options, seats, seed, record["moves"], readers)


def check_what_each_seat_was_told(game, players, options, seats, seed, moves, clients):
    """Every state a seat received is the table core's snapshot of the game at
    that ply for that seat (its log from ``log_from`` on), the same in any position
    the seat cannot tell apart from the real one (the secrets check of
    tests/test_protocol.py, over the wire)."""
    told = {}
    for seat, client in clients:
        for message in client.received:
            if message["type"] in ("welcome", "state"):
                assert message["seat"] == seat
                told.setdefault(message["ply"], []).append((seat, message))
    match = Match(game, players, seed, options, seats)
    table = TableCore(match, secret_seed=True)
    for ply in range(len(moves) + 1):
        for seat, message in told.get(ply, []):
            expected = table.snapshot(seat, message["log_from"])
            received = dict(message["snapshot"])
            assert received.pop("names") == message["table"]["names"]
            del expected["names"]
            assert received == expected, f"seat {seat}, ply {ply}"
            if seat is not None and not match.state.is_over():
                twin = match.state.determinize(seat, Rng(ply * 7 + seat))
                # (A twin takes back the others' secret choices of a
                # simultaneous step: it is then another moment of the game.)
                if twin.to_move() != match.state.to_move():
                    continue
                assert twin.view(seat) == received["view"]
                assert [move.to_dict() for move in twin.legal_moves(seat)] == received["legal"]
        if ply < len(moves):
            match.play(*moves[ply])
    assert sum(len(messages) for messages in told.values()) > len(moves)


# -- the attack, reproduced ------------------------------------------------------------

def table_of(seed, salt, game, players, seats, moves=()) -> Table:
    """A table as the server holds it, without a store (only its messages are read)."""
    info = TableInfo(id="AAAAAAAAAAAA", game=game, players=players, options={}, seats=list(seats),
                     names=[f"P{seat}" for seat in range(players)], joined=[True] * players,
                     seed=seed, salt=salt)
    return Table(StoredTable(info, list(moves)), tables=None)


def without_commitment(message: dict) -> dict:
    """A message less the commitment (a hash of the seed: it differs between
    two deals, and tells nothing of either)."""
    message = json.loads(json.dumps(message))
    del message["fairness"]["commitment"]
    return message


@pytest.mark.parametrize("game,players", [("kahuna", 2), ("kanaloa", 4), ("moai", 3), ("haleakala", 2)])
def test_a_second_table_with_another_hidden_deal_sends_a_seat_the_same_messages(game, players):
    """What once let a seat rebuild the others' hands (the seed, sent to
    everyone) is gone: at every ply of a game, a second table whose seed and
    hidden cards differ, but whose position the seat cannot tell apart from
    the first one's, sends that seat exactly the same message."""
    rng = random.Random(f"attack/{game}")
    seats = ["h"] * players
    real = table_of(fairness.new_seed(), fairness.new_salt(), game, players, seats)
    differing = 0
    compared = 0
    while not real.match.state.is_over():
        state = real.match.state
        for seat in range(players):
            twin_state = state.determinize(seat, Rng(rng.getrandbits(64)))
            if twin_state.to_move() != state.to_move():
                continue  # another moment of a simultaneous step (see above)
            twin = table_of(fairness.new_seed(), fairness.new_salt(), game, players, seats)
            twin.match.state, twin.match.entries = twin_state, real.match.entries
            differing += twin_state.to_json() != state.to_json()
            assert without_commitment(twin.state_message(seat, 0)) == without_commitment(real.state_message(seat, 0))
            compared += 1
        for spectator_message in (real.state_message(SPECTATOR, 0),):
            assert spectator_message["snapshot"]["seed"] is None
        seat = rng.choice(state.to_move())
        real.match.play(seat, rng.choice(state.legal_moves(seat)))
    assert compared > 20 and differing > compared // 2, "the twins do hide other deals"
    # Once the game is over, the seed is everyone's.
    assert real.state_message(0, 0)["fairness"]["seed"] == real.info.seed


# -- the checks of the end -----------------------------------------------------------------

def test_the_record_is_refused_before_the_end_and_a_rematch_commits_to_a_new_seed(dealer):
    table = create(dealer, game="kahuna", seats=["h", "h"], name="Ana")

    async def scene():
        ana = await seated(dealer, table["table"], table["token"])
        ben = await seated(dealer, table["table"], table["invitations"][0]["token"], "Ben")
        first = ana.state["fairness"]
        assert set(first) == {"number", "commitment", "chosen_seed"} and first["number"] == 1
        refused = await ana.call("record")
        assert refused["type"] == "error" and refused["key"] == "error.not_over"
        for bad in (0, 2, -1, "1", 1.5, True):
            answer = await ana.call("record", number=bad)
            assert answer["type"] == "error", bad
        rng = random.Random(4)
        await asyncio.gather(play_randomly(ana, 0, rng), play_randomly(ben, 1, rng))
        over = ana.state["fairness"]
        assert over["commitment"] == first["commitment"]
        record = (await ana.call("record"))["record"]
        assert fairness.commitment(over["seed"], over["salt"], fairness.setup_of(
            "kahuna", 2, record["options"], ["h", "h"], False)) == first["commitment"]
        assert fairness.verify(record, first["commitment"]).verified
        answer = await ben.call("rematch", number=1, ply=ben.ply)
        assert answer["type"] == "ack"
        second = (await ana.wait_for(lambda state: state["table"]["number"] == 2))["fairness"]
        assert second["commitment"] != first["commitment"] and "seed" not in second
        # The first game's record stays there for whoever wants it.
        answer = await ana.call("record", number=1)
        assert answer["type"] == "record" and answer["record"]["seed"] == over["seed"]
        assert fairness.verify(answer["record"], first["commitment"]).verified
        refused = await ana.call("record", number=2)
        assert refused["key"] == "error.not_over"
        return answer["review_key"], first["commitment"]

    key, commitment = run(scene())
    # The first game's review link, from its server: the record to anyone
    # with the key, the same record the seats were given.
    status, shared = post(dealer, "api/tables/review", {"table": table["table"], "number": 1, "key": key})
    assert status == 200 and shared["number"] == 1 and fairness.verify(shared["record"], commitment).verified
    status, refused = post(dealer, "api/tables/review", {"table": table["table"], "number": 1, "key": "0" * 32})
    assert status == 403 and refused["error"]["key"] == "error.bad_review_key"
    # A key opens its own game only, and a game not over stays closed.
    status, refused = post(dealer, "api/tables/review", {"table": table["table"], "number": 2, "key": key})
    assert status == 403
    spectators = token_hash(table["spectator"])
    second_key = hashlib.sha256(f"archipel-review/{table['table']}/2/{spectators}".encode()).hexdigest()[:32]
    status, refused = post(dealer, "api/tables/review", {"table": table["table"], "number": 2, "key": second_key})
    assert status == 409 and refused["error"]["key"] == "error.review_not_over"
    for bad in ({}, {"table": table["table"], "number": "1", "key": key}, {"table": "x", "number": 1, "key": key}):
        status, refused = post(dealer, "api/tables/review", bad)
        assert status == 400 and refused["error"]["key"] == "error.bad_request", bad


def test_a_server_that_changed_a_card_is_caught():
    """The page's check, against a server that dealt another card than its
    committed seed would: the replay differs from what the seat was shown."""
    seed, salt = fairness.new_seed(), fairness.new_salt()
    match = Match("kahuna", 2, seed, {}, ["h", "h"])
    rng = random.Random(3)
    while not match.state.is_over():
        seat = match.state.to_move()[0]
        match.play(seat, rng.choice(match.state.legal_moves(seat)))
    record = {**match.to_record(), "fairness": {"commitment": fairness.commitment(seed, salt), "salt": salt}}
    shown = match.log_for(0)
    assert fairness.verify(record, record["fairness"]["commitment"], 0, shown).verified
    # Another seed behind the same commitment: refused.
    other = {**record, "seed": fairness.new_seed()}
    assert fairness.verify(other, None)["key"] in ("fairness.seed_mismatch",)
    # The same seed, but a seat that was shown another card at some point.
    tampered = json.loads(json.dumps(shown))
    entry = next(i for i, e in enumerate(tampered) if any(ev["key"].endswith(".own") for ev in e["events"]))
    tampered[entry]["events"] = [{**ev, "params": {**ev["params"], "card": "???"}} for ev in tampered[entry]["events"]]
    verdict = fairness.verify(record, None, 0, tampered)
    assert verdict == {"verified": False, "key": "fairness.log_differs", "params": {"entry": entry + 1}}
    # A commitment the page was given at the start that is not the record's.
    assert fairness.verify(record, "0" * 64)["key"] == "fairness.commitment_changed"
    # A game not over, and a record with no commitment.
    unfinished = {**record, "moves": record["moves"][:5]}
    assert fairness.verify(unfinished)["key"] == "fairness.not_over"
    assert fairness.verify({k: v for k, v in record.items() if k != "fairness"})["key"] == "fairness.no_commitment"
