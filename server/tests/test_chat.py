"""The table's chat: ready phrases and short free text from the seated
players, kept with the table, read by the players (and by the spectators
when the table lets them), never taken as markup, rate-limited, muted per
player; a chat message carries words and who said them, nothing of a seat's
view."""

from __future__ import annotations

import asyncio

from online import Client, create, run, seated

ENTRY_KEYS = {"seat", "name", "at", "text", "phrase"}


async def chats(client: Client, count: int, author: int | None = None) -> list:
    """The next ``count`` chat messages' entries (of ``author``'s only, if
    given: a player's own devices are sent their words too)."""
    entries = []
    while len(entries) < count:
        message = await client.expect("chat")
        assert set(message) == {"type", "entries"}
        entries += [entry for entry in message["entries"] if author is None or entry["seat"] == author]
    return entries


async def quiet(client: Client) -> list:
    """The chat messages that came while nothing else was said (0.4 s)."""
    before = len(client.received)
    await client.settle(0.4)
    return [message for message in client.received[before:] if message["type"] == "chat"]


def test_players_talk_in_both_directions_and_the_chat_is_kept_with_the_table(server):
    table = create(server, game="kahuna", seats=["h", "h"], seed=4, name="Ana")
    bob_token = table["invitations"][0]["token"]

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        bob = await seated(server, table["table"], bob_token, name="Bob")
        assert (await ana.call("chat", phrase="hello"))["type"] == "ack"
        [said] = await chats(bob, 1)
        assert said["seat"] == 0 and said["name"] == "Ana" and said["phrase"] == "hello" and "text" not in said
        # Free text is text: markup stays as typed, line breaks and other
        # control characters become spaces, spaces are folded.
        answer = await bob.call("chat", text="  <b>Bien</b>\njoué  <script>alert(1)</script> ")
        assert answer["type"] == "ack"
        [said] = await chats(ana, 1, author=1)
        assert said == {"seat": 1, "name": "Bob", "at": said["at"], "text": "<b>Bien</b> joué <script>alert(1)</script>"}
        assert set(said) <= ENTRY_KEYS
        # A device that comes later gets what was said, oldest first.
        later = await Client(server).open()
        welcome = await later.hello(table["table"], bob_token)
        assert [entry.get("phrase") or entry.get("text") for entry in welcome["chat"]] == [
            "hello", "<b>Bien</b> joué <script>alert(1)</script>"]
        for client in (ana, bob, later):
            await client.close()
    run(scene())


def test_a_message_too_long_empty_or_too_fast_is_refused_and_nothing_is_sent(server):
    table = create(server, game="kahuna", seats=["h", "h"], seed=4, name="Ana")

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        bob = await seated(server, table["table"], table["invitations"][0]["token"], name="Bob")
        for words, key in (({"text": "é" * 201}, "error.chat_too_long"), ({"text": " \n\t "}, "error.chat_empty"),
                           ({"phrase": "insult"}, "error.bad_request"), ({"text": 42}, "error.bad_request"),
                           ({}, "error.bad_request")):
            answer = await ana.call("chat", **words)
            assert (answer["type"], answer["key"]) == ("error", key), words
        assert (await ana.call("chat", text="é" * 200))["type"] == "ack"
        for _ in range(4):
            assert (await ana.call("chat", phrase="well_played"))["type"] == "ack"
        answer = await ana.call("chat", phrase="thanks")
        assert (answer["type"], answer["key"]) == ("error", "error.chat_rate")
        entries = await chats(bob, 5)
        assert [entry.get("phrase") for entry in entries] == [None] + ["well_played"] * 4
        assert await quiet(bob) == []
        for client in (ana, bob):
            await client.close()
    run(scene())


def test_a_muted_player_is_not_heard_until_heard_again(server):
    table = create(server, game="kahuna", seats=["h", "h"], seed=4, name="Ana")
    bob_token = table["invitations"][0]["token"]

    async def scene():
        ana = await seated(server, table["table"], table["token"])
        bob = await seated(server, table["table"], bob_token, name="Bob")
        await ana.call("chat", text="first")
        await chats(bob, 1)
        answer = await bob.call("mute", seat=0, muted=True)
        assert answer["type"] == "ack" and answer["mutes"] == [0]
        assert (await ana.call("chat", text="second"))["type"] == "ack"
        assert await quiet(bob) == []
        # Bob's own words still reach Ana (a mute is one way).
        await bob.call("chat", phrase="one_moment")
        assert [entry["phrase"] for entry in await chats(ana, 1, author=1)] == ["one_moment"]
        # Kept: a new device of Bob's is not sent Ana's words either.
        again = await Client(server).open()
        welcome = await again.hello(table["table"], bob_token)
        assert welcome["mutes"] == [0]
        assert [entry.get("text") or entry.get("phrase") for entry in welcome["chat"]] == ["one_moment"]
        for bad in ({"seat": 1, "muted": True}, {"seat": 5, "muted": True}, {"seat": 0, "muted": "yes"}):
            assert (await bob.call("mute", **bad))["key"] == "error.bad_request"
        await bob.call("mute", seat=0, muted=False)
        await ana.call("chat", text="third")
        assert [entry["text"] for entry in await chats(bob, 1)] == ["third"]
        for client in (ana, bob, again):
            await client.close()
    run(scene())


def test_spectators_read_the_chat_only_when_the_table_lets_them_and_never_write(server):
    closed = create(server, game="kahuna", seats=["h", "bot0"], seed=4, name="Ana")
    everyone = create(server, game="kahuna", seats=["h", "bot0"], seed=4, name="Ana", chat="everyone")

    async def scene():
        for table, reads in ((closed, False), (everyone, True)):
            ana = await seated(server, table["table"], table["token"])
            await ana.call("chat", phrase="good_luck")
            watcher = await Client(server).open()
            welcome = await watcher.hello(table["table"], table["spectator"])
            assert welcome["table"]["chat"] == ("everyone" if reads else "seats")
            assert [entry["phrase"] for entry in welcome["chat"]] == (["good_luck"] if reads else [])
            await ana.call("chat", phrase="thanks")
            assert len(await quiet(watcher)) == (1 if reads else 0)
            # The author's own device is sent its words.
            await ana.settle(0.3)
            assert [entry["phrase"] for message in ana.received if message["type"] == "chat"
                    for entry in message["entries"]] == ["good_luck", "thanks"]
            assert (await watcher.call("chat", phrase="hello"))["key"] == "error.spectator"
            for client in (ana, watcher):
                await client.close()
    run(scene())


def test_who_reads_the_chat_is_checked_at_creation(server):
    from online import post
    status, answer = post(server, "api/tables", {"game": "kahuna", "name": "Ana", "chat": "world"})
    assert (status, answer["error"]["key"]) == (400, "error.bad_request")


def test_the_chat_survives_a_restart(start_server):
    first = start_server()
    table = create(first, game="kahuna", seats=["h", "h"], seed=4, name="Ana")

    async def said():
        ana = await seated(first, table["table"], table["token"])
        await ana.call("chat", text="à tout de suite")
        await ana.close()
    run(said())
    first.stop()
    again = start_server(database=first.database, store=first.store)

    async def read():
        ana = await Client(again).open()
        welcome = await ana.hello(table["table"], table["token"])
        assert [entry["text"] for entry in welcome["chat"]] == ["à tout de suite"]
        await ana.close()
    run(read())
    again.stop()

