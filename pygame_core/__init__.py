"""Archipel's rules: Kahuna, Kanaloa, Moai and Haleakala as pure Python.

``GAMES`` maps a game id to its ``Game`` class; everything else goes through
the protocol of ``pygame_core.engine``.
"""

from .engine import BadState, Game, GameError, IllegalMove, Move, Rng, State
from .games import GAMES

__version__ = "0.1.0"

__all__ = ["GAMES", "Game", "State", "Move", "Rng", "GameError", "IllegalMove", "BadState"]
