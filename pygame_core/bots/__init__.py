"""Computer players that know nothing but the protocol.

``make_bot(level, seed)`` returns a bot whose ``choose(state, player)`` gives a
legal move. A bot never reads hidden information: it looks only at the legal
moves of its own seat and at copies made by ``state.determinize(player, rng)``.

Levels: 0 plays a random legal move; 1 is greedy: it tries every legal move on
a determinized copy and keeps the one whose resulting position the game's
evaluation likes best.
"""

from __future__ import annotations

from ..engine import GameError, Rng
from .greedy import GreedyBot
from .random_bot import RandomBot

LEVELS = {0: RandomBot, 1: GreedyBot}


def make_bot(level: int, seed=0):
    """The bot of ``level`` with its own seeded generator."""
    try:
        cls = LEVELS[level]
    except (KeyError, TypeError):
        raise GameError(f"there is no bot of level {level!r}") from None
    return cls(Rng.from_seed(seed))


__all__ = ["make_bot", "LEVELS", "RandomBot", "GreedyBot"]
