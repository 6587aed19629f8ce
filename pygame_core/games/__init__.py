"""One module per game; ``GAMES`` lists the games the package knows."""

from .haleakala import Haleakala
from .kahuna import Kahuna

GAMES = {game.id: game for game in (Kahuna, Haleakala)}

__all__ = ["GAMES"]
