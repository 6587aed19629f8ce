"""One package per game, each of the same shape (see ``kahuna``); ``GAMES``
lists the games the package knows."""

from typing import Any

from .haleakala import Haleakala
from .kahuna import Kahuna
from .kanaloa import Kanaloa
from .moai import Moai

GAMES = {game.id: game for game in (Kahuna, Haleakala, Kanaloa, Moai)}


def catalogue() -> list[dict[str, Any]]:
    """What a menu shows of each game: its id, titles, player counts,
    options, and whether a player ever knows what another does not."""
    return [
        {"id": game.id, "title": game.title, "players": list(game.players),
         "options": dict(game.options), "private": game.private_information}
        for game in GAMES.values()
    ]


__all__ = ["GAMES", "catalogue"]
