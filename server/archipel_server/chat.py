"""A table's chat: a part of the table (``table.py``).

A seated player says a ready phrase or short free text (kept as text: the
pages never read it as markup), at most so many messages a while whichever
servers its devices reach (the bus counts them). Messages are kept with the
table (the store keeps the last ones), sent to whoever reads the chat (the
players; the spectators too if the table lets them; never a muted author's),
and published to the other servers, which show them to their connections.
"""

from __future__ import annotations

import unicodedata

from pygame_core.table import is_count

from .common import Part, Refusal, encode
from .store import SPECTATOR

# A message is at most CHAT_LONGEST characters, and a seat sends at most
# CHAT_BURST messages in CHAT_WINDOW seconds. The ready phrases are keys
# (`chat.phrase.<id>` in web/i18n), shown in each reader's language.
CHAT_LONGEST = 200
CHAT_BURST = 5
CHAT_WINDOW = 15.0
PHRASES = ("hello", "good_luck", "well_played", "thanks", "oops", "one_moment", "back_soon",
           "good_game", "rematch", "bye")


class Chat(Part):
    def reads(self, seat: int, entry: dict) -> bool:
        """Whether ``seat`` (or a spectator) is shown a chat message: the
        players, spectators if the table lets them, never a muted author's."""
        info = self.table.info
        if seat == SPECTATOR:
            return info.chat == "everyone"
        return entry.get("seat") not in info.mutes[seat]

    async def say(self, seat: int, words: dict, reply) -> None:
        """``seat``'s player says a ready phrase (``{"phrase": id}``) or free
        text (``{"text": ...}``, kept as text: the pages never read it as
        markup); kept with the table, sent to whoever reads the chat."""
        table = self.table
        phrase, text = words.get("phrase"), words.get("text")
        if phrase is not None:
            if phrase not in PHRASES:
                raise Refusal("error.bad_request", f"'phrase' is one of {', '.join(PHRASES)}")
            said = {"phrase": phrase}
        elif isinstance(text, str):
            text = " ".join(clean_text(text).split())
            if not text:
                raise Refusal("error.chat_empty", "say something")
            if len(text) > CHAT_LONGEST:
                raise Refusal("error.chat_too_long", f"a message is at most {CHAT_LONGEST} characters",
                              longest=CHAT_LONGEST)
            said = {"text": text}
        else:
            raise Refusal("error.bad_request", "a chat message has a 'phrase' or a 'text'")
        # The rate is the seat's, whichever servers its devices reach.
        if not await table.tables.bus.allow(f"chat:{table.id}:{seat}", CHAT_BURST, CHAT_WINDOW):
            raise Refusal("error.chat_rate", f"at most {CHAT_BURST} messages in {CHAT_WINDOW:g} seconds: "
                          "wait a moment", burst=CHAT_BURST, seconds=CHAT_WINDOW)
        entry = {"seat": seat, "name": table.info.names[seat], "at": table.tables.now(), **said}
        await table.tables.store.add_chat(table.id, entry)
        reply({"type": "ack", "ply": table.ply})
        self.show(entry)
        table.tables.publish({"table": table.id, "chat": entry})

    def show(self, entry: dict) -> None:
        """Send a chat message (said here or on another server) to every
        connection here that reads it."""
        message = encode({"type": "chat", "entries": [entry]})
        for connection in list(self.table.connections):
            if self.reads(connection.seat, entry):
                connection.send_text(message)

    async def mute(self, seat: int, whom, muted, reply) -> None:
        """``seat``'s player mutes (or hears again) ``whom``."""
        table = self.table
        if not (is_count(whom) and whom < table.info.players and whom != seat and isinstance(muted, bool)):
            raise Refusal("error.bad_request", "'seat' is another seat of the table, 'muted' true or false")
        async with table.lock:
            chosen = [other for other in table.info.mutes[seat] if other != whom] + ([whom] if muted else [])
            await table.tables.store.set_mutes(table.id, seat, sorted(chosen))
            table.info.mutes[seat] = sorted(chosen)
            reply({"type": "ack", "ply": table.ply, "mutes": table.info.mutes[seat]})
        table.tables.publish({"table": table.id, "mutes": [seat, table.info.mutes[seat]]})

    def heard_mutes(self, mutes) -> None:
        """Another server says whom a seat's player muted."""
        info = self.table.info
        if (isinstance(mutes, list) and len(mutes) == 2 and is_count(mutes[0]) and mutes[0] < info.players
                and isinstance(mutes[1], list) and all(is_count(seat) for seat in mutes[1])):
            info.mutes[mutes[0]] = list(mutes[1])


def clean_text(text: str) -> str:
    """Free text with its control and format characters (line breaks,
    direction overrides, ...) made spaces."""
    return "".join(" " if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") else char for char in text)
