"""One package per game, each of the same shape (see ``kahuna``); ``GAMES``
lists the games the package knows."""

from .haleakala import Haleakala
from .kahuna import Kahuna
from .kanaloa import Kanaloa
from .moai import Moai

GAMES = {game.id: game for game in (Kahuna, Haleakala, Kanaloa, Moai)}

__all__ = ["GAMES"]
