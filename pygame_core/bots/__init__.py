"""Computer players that know nothing but the protocol.

``make_bot(level, seed)`` returns a bot whose ``choose(state, player)`` gives a
legal move. A bot never reads hidden information: it looks only at the legal
moves of its own seat and at copies made by ``state.determinize(player, rng)``.

Levels (``LEVELS``; the browser names them):

0. novice -- a random legal move;
1. casual -- greedy: tries every legal move on determinized copies and keeps
   the one the game's evaluation likes best;
2. 3. 4. good, strong, expert -- information-set MCTS (``ismcts.py``) with a
   growing budget of iterations, each level also bounded in milliseconds so
   that the top level thinks about two seconds a move in the browser.
"""

from __future__ import annotations

from ..engine import GameError, Rng
from .greedy import GreedyBot
from .ismcts import ISMCTSBot, Search
from .random_bot import RandomBot

# level -> (iterations, milliseconds) of the tree search.
SEARCH_BUDGETS = {2: (150, 300), 3: (600, 1000), 4: (2400, 2000)}
LEVELS = {0: "novice", 1: "casual", 2: "skilled", 3: "strong", 4: "expert"}
# The level that answers a player's request for a hint: the strongest.
HINT_LEVEL = max(LEVELS)

# A bot of any level.
Bot = RandomBot | GreedyBot | ISMCTSBot


def make_bot(level: int, seed: int | str = 0, timed: bool = True) -> Bot:
    """The bot of ``level`` with its own seeded generator. ``timed=False``
    drops the millisecond bounds, so that the bot's moves depend only on its
    seed and what its player sees (tests and ladders)."""
    if isinstance(level, bool) or level not in LEVELS:
        raise GameError(f"there is no bot of level {level!r}")
    rng = Rng.from_seed(seed)
    if level == 0:
        return RandomBot(rng)
    if level == 1:
        return GreedyBot(rng)
    iterations, millis = SEARCH_BUDGETS[level]
    return ISMCTSBot(rng, level, iterations, millis if timed else None)


__all__ = ["make_bot", "Bot", "LEVELS", "HINT_LEVEL", "SEARCH_BUDGETS", "RandomBot", "GreedyBot",
           "ISMCTSBot", "Search"]
