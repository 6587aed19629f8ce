"""Archipel's rules: Kahuna, Kanaloa, Moai and Haleakala as pure Python.

``GAMES`` maps a game id to its ``Game`` class; everything else goes through
the protocol of ``pygame_core.engine``.
"""

from . import lessons
from .engine import BadState, Game, GameError, IllegalMove, Move, Rng, State
from .games import GAMES
from .match import Match

__version__ = "0.1.0"

# A set-up or a saved game names its game by id: the match layer, which knows
# only the protocol, finds the ids among the package's games.
Match.games = GAMES
# The lessons are the games' own (``Game.lessons``), listed game by game.
lessons.GAMES.update(GAMES)

__all__ = ["GAMES", "Game", "State", "Move", "Rng", "GameError", "IllegalMove", "BadState"]
