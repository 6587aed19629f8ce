"""One module per game; ``GAMES`` lists the games the package knows."""

from .haleakala import Haleakala
from .kahuna import Kahuna
from .kanaloa import Kanaloa

GAMES = {game.id: game for game in (Kahuna, Haleakala, Kanaloa)}

__all__ = ["GAMES"]
