"""One module per game; ``GAMES`` lists the games the package knows."""

from .kahuna import Kahuna

GAMES = {game.id: game for game in (Kahuna,)}

__all__ = ["GAMES"]
