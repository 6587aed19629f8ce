"""Levels 2 to 4: information-set Monte Carlo tree search.

This is the single-observer ISMCTS of Cowling, Powley and Whitehouse
("Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012). The tree is
grown over the bot's information set, not over one guessed position:

1. each iteration deals a new *determinization* -- a full position consistent
   with everything the bot's player has seen and nothing more, made by
   ``state.determinize(player, rng)``;
2. it descends the tree, choosing among the children whose moves are legal in
   this determinization, by UCB1 where a child's exploration term counts the
   iterations in which it was *available* rather than its parent's visits;
3. it adds one new child, plays on with a rollout policy for a bounded number
   of moves, and values the position reached: a finished game by its winners,
   an unfinished one by the game's evaluation hint;
4. it credits every node on the path with the reward of the player who chose
   that node's move.

Simultaneous secret choices (several players in ``to_move()``): the bot's own
choice is a tree decision; the other players' choices in the same step are
made by the rollout policy, never by the tree, so that no simulated opponent
ever chooses with knowledge of the bot's hidden choice. ``determinize`` has
already taken back any choice the others made that the bot has not seen.

The search is generic. A game may give advice in its hints module
(``Game.hints``): ``evaluate(state, player)`` (required for truncated
rollouts to mean anything), ``rollout_move(state, player, rng)`` (a cheap
policy instead of uniform random moves), ``sensible_moves(state, player,
moves)`` (the legal moves less the game's obvious blunders: the tree and the
random rollouts consider only those, for every player), ``EVAL_SCALE`` (how
many evaluation units make a clear advantage), ``ROLLOUT_DEPTH`` and
``EXPLORATION`` (the exploration constant of some levels, ``{level: c}``,
or of a level at some player counts, ``{(level, players): c}``:
where moves differ by a few hundredths of a reward, a long search finds
the best of them only if it explores less than the default spreads it). A game
whose evaluation of one player weighs every clan may also give
``evaluations(state)``: every player's ``evaluate``, in one pass.

Budgets are in iterations and in milliseconds: the search stops at whichever
comes first. A millisecond budget is a cap: the search does not start an
iteration that it cannot expect to finish in time (``HEADROOM``), and the
time spent preparing the search counts. It can also run in slices
(``Search.run``), so that the browser's worker stays responsive and can
abandon a search at once.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ..engine import Game, Move, Rng, State

# UCB1 exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
# Moves played by the rollout policy before the position is evaluated.
ROLLOUT_DEPTH = 20
# Evaluation units that make a decisive advantage (see ``rewards``).
EVAL_SCALE = 10.0
# A move a review weighs (``include``) is tried in at least one iteration in
# this many: its chance is then measured on enough deals, not only on the
# few a poor start left it (the tree visits a move less once it looks
# worse, and its mean stays as low as that unlucky start).
INCLUDE_SHARE = 4
# A new iteration starts only if the time left is at least this many times the
# slowest iteration of this decision so far: on a busy machine one iteration
# may take longer than any before it, and the cap holds for the whole decision.
HEADROOM = 2.0


def exploration_for(state: State, level: int) -> float:
    """The exploration constant of ``level``'s search in ``state``'s game:
    the game's ``EXPLORATION`` for that level at that many players
    (``(level, players)``), else for that level (``level``), else the default."""
    constants: dict[int | tuple[int, int], float] = getattr(getattr(state.game, "hints", None), "EXPLORATION", {})
    found = constants.get((level, state.players), constants.get(level, EXPLORATION))
    return float(found)


class Node:
    """A move in the tree: who chose it, how often it was tried, how often it
    could have been tried, and the reward its chooser got from it."""

    __slots__ = ("move", "player", "children", "visits", "available", "reward")

    def __init__(self, move: Any = None, player: Any = None) -> None:
        self.move = move
        self.player = player
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class Advice:
    """What a game's hints module offers the search, with generic fallbacks."""

    __slots__ = ("evaluate", "evaluations", "rollout_move", "sensible", "scale", "depth")

    def __init__(self, game: type[Game], depth: int | None = None) -> None:
        hints = getattr(game, "hints", None)
        self.evaluate: Callable[[State, int], float] | None = getattr(hints, "evaluate", None)
        self.evaluations: Callable[[State], list[float]] | None = getattr(
            hints, "evaluations", None)
        self.rollout_move: Callable[[State, int, Rng], Move] | None = getattr(
            hints, "rollout_move", None)
        self.sensible: Callable[[State, int, list[Move]], list[Move]] | None = getattr(
            hints, "sensible_moves", None)
        self.scale = float(getattr(hints, "EVAL_SCALE", EVAL_SCALE))
        if depth is None:
            depth = getattr(hints, "ROLLOUT_DEPTH", ROLLOUT_DEPTH)
        # Without an evaluation, only finished games say anything: play out.
        self.depth: int | None = depth if self.evaluate is not None else None


def rewards(state: State, players: int, advice: Advice) -> list[float]:
    """Each player's reward in [0, 1], summing to 1.

    A finished game: the winners share 1. An unfinished one: a softmax of the
    game's evaluations, so that an advantage of ``EVAL_SCALE`` units weighs
    about e to 1.
    """
    if state.is_over():
        result = state.result()
        assert result is not None, "the game is over"
        winners = result["winners"]
        share = 1.0 / len(winners)
        return [share if p in winners else 0.0 for p in range(players)]
    evaluate, scale = advice.evaluate, advice.scale
    assert evaluate is not None, "a search without an evaluation plays every game out"
    if advice.evaluations is not None:
        values = [value / scale for value in advice.evaluations(state)]
    else:
        values = [evaluate(state, p) / scale for p in range(players)]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def policy(world: State, actor: int, advice: Advice, rng: Rng, moves: list[Move] | None = None) -> Move:
    """The rollout policy's move for ``actor``: the game's own policy, else
    a random move among ``moves`` (the legal ones when not given) less the
    game's obvious blunders."""
    if advice.rollout_move is not None:
        return advice.rollout_move(world, actor, rng)
    if moves is None:
        moves = world.legal_moves(actor)
    if advice.sensible is not None and len(moves) > 1:
        moves = advice.sensible(world, actor, moves)
    return moves[rng.below(len(moves))]


def playout(world: State, players: int, advice: Advice, rng: Rng) -> list[float]:
    """Play ``world`` on with the rollout policy for the game's rollout
    depth (to the end, without an evaluation), then each player's reward
    there (``rewards``). ``world`` is changed."""
    depth = advice.depth
    steps = 0
    while not world.is_over() and (depth is None or steps < depth):
        to_move = world.to_move()
        actor = to_move[0] if len(to_move) == 1 else to_move[rng.below(len(to_move))]
        world.apply(actor, policy(world, actor, advice, rng))
        steps += 1
    return rewards(world, players, advice)


class Search:
    """One search for ``player`` in ``state``. It reads the position only
    through ``state.determinize(player, rng)`` and ``state.legal_moves(player)``
    (the player's own choices, which they know).

    ``clock`` gives the time in seconds (tests give a clock of their own)."""

    def __init__(self, state: State, player: int, rng: Rng, max_iterations: int | None = None,
                 max_millis: float | None = None, exploration: float = EXPLORATION,
                 depth: int | None = None,
                 clock: Callable[[], float] = time.perf_counter, include: Move | None = None) -> None:
        self.clock = clock
        started = clock()
        self.state = state
        self.player = player
        self.rng = rng
        self.max_iterations = max_iterations
        self.max_millis = max_millis
        self.exploration = exploration
        self.advice = Advice(state.game, depth)
        self.players = state.players
        self.root = Node()
        self.iterations = 0
        self.millis = 0.0
        # The slowest iteration so far, in seconds.
        self.slowest = 0.0
        self.decided = False
        # Set when the time left cannot hold another iteration.
        self.out_of_time = False
        self.moves = state.legal_moves(player)
        if not self.moves:
            raise ValueError(f"player {player} has no legal move")
        if self.advice.sensible is not None and len(self.moves) > 1:
            # The player's own moves are the same in every determinization.
            world = state.determinize(player, rng.fork())
            self.moves = self.advice.sensible(world, player, self.moves)
        # A move the tree weighs at the root whatever the game's advice.
        self.include = include
        if include is not None and include not in self.moves:
            # A move to weigh although the game's advice leaves it out (a
            # review asks what the move a player made was worth).
            if include not in state.legal_moves(player):
                raise ValueError(f"{include} is not a legal move of player {player}")
            self.moves = [*self.moves, include]
        # The iterations given to ``include`` for its share, not by choice:
        # they measure it, they do not vote for it (``statistics``).
        self.forced = 0
        # Every player's total reward under each of the player's first moves
        # (``estimates``): who the search thinks is winning after each.
        self.totals: dict[Move, list[float]] = {}
        self.millis = (clock() - started) * 1000.0

    # -- budget ------------------------------------------------------------------
    @property
    def done(self) -> bool:
        # One move leaves nothing to decide, unless the search is asked what
        # a move is worth (``include``: a review weighs even a lone move).
        if self.decided or self.out_of_time or (len(self.moves) == 1 and self.include is None):
            return True
        if self.max_iterations is not None and self.iterations >= self.max_iterations:
            return True
        return self.max_millis is not None and self.millis >= self.max_millis

    def run(self, iterations: int | None = None, millis: float | None = None) -> bool:
        """Search on for at most ``iterations`` more iterations and ``millis``
        more milliseconds, within the whole budget; True once it is spent."""
        clock = self.clock
        start = clock()
        # The end of the whole budget is a cap: no iteration starts that would
        # be expected to pass it. The end of a slice only stops the loop.
        cap = None if self.max_millis is None else start + (self.max_millis - self.millis) / 1000.0
        limits = [limit for limit in (millis, None if self.max_millis is None
                                      else self.max_millis - self.millis) if limit is not None]
        deadline = start + min(limits) / 1000.0 if limits else None
        count = 0
        now = start
        try:
            while not self.done and (iterations is None or count < iterations):
                if cap is not None and cap - now < HEADROOM * self.slowest:
                    self.out_of_time = True
                    break
                self.iterate()
                count += 1
                ended = clock()
                self.slowest = max(self.slowest, ended - now)
                now = ended
                # Every 16 iterations of the whole search, not of this slice:
                # a search run in slices of any length ends where it would
                # have ended in one (the review's analysis is reproducible).
                if self.iterations % 16 == 0 and self._settled(start):
                    self.decided = True
                if deadline is not None and now >= deadline:
                    break
        finally:
            self.millis += (clock() - start) * 1000.0
        return self.done

    def _settled(self, start: float) -> bool:
        """True when the most visited move can no longer be overtaken within
        what is left of the budget, so that thinking on would change nothing."""
        left = math.inf
        if self.max_iterations is not None:
            left = self.max_iterations - self.iterations
        if self.max_millis is not None and self.iterations:
            spent = self.millis + (self.clock() - start) * 1000.0
            rate = self.iterations / max(spent, 1e-3)
            left = min(left, rate * (self.max_millis - spent))
        visits = sorted((self._chosen(move, child) for move, child in self.root.children.items()
                         if child.player == self.player), reverse=True)
        if len(visits) < 2:
            return False
        return visits[0] - visits[1] > left

    # -- one iteration ---------------------------------------------------------------
    def iterate(self) -> None:
        rng = self.rng
        world = self.state.determinize(self.player, rng)
        node = self.root
        path = []
        exploration = self.exploration
        sensible = self.advice.sensible
        # Selection and expansion.
        while not world.is_over():
            actor = self._actor(world)
            moves = world.legal_moves(actor)
            if sensible is not None and len(moves) > 1:
                moves = sensible(world, actor, moves)
            if actor != self.player and len(world.to_move()) > 1:
                # Another player's secret choice in a simultaneous step.
                world.apply(actor, self._policy(world, actor, moves))
                continue
            include = self.include
            if include is not None and node is self.root and include not in moves:
                moves = [*moves, include]
            children = node.children
            untried = []
            for move in moves:
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.available += 1
            if untried:
                if include is not None and node is self.root and include in untried:
                    move = include                      # weighed from the first iteration
                else:
                    move = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(move, actor)
                child.available = 1
                children[move] = child
                world.apply(actor, move)
                path.append(child)
                break
            best, best_value = None, -1.0
            if include is not None and node is self.root:
                weighed = children[include]
                if weighed.visits * INCLUDE_SHARE < self.root.visits:
                    best = weighed                      # its share of the iterations
                    self.forced += 1
            for move in moves if best is None else ():
                child = children[move]
                value = (child.reward / child.visits
                         + exploration * math.sqrt(math.log(child.available) / child.visits))
                if value > best_value:
                    best, best_value = child, value
            assert best is not None, "every value is at least 0"
            world.apply(actor, best.move)
            path.append(best)
            node = best
        # Simulation, then backpropagation.
        reward = playout(world, self.players, self.advice, rng)
        if path and path[0].player == self.player:
            totals = self.totals.get(path[0].move)
            if totals is None:
                self.totals[path[0].move] = list(reward)
            else:
                for p, value in enumerate(reward):
                    totals[p] += value
        for child in path:
            child.visits += 1
            child.reward += reward[child.player]
        self.root.visits += 1
        self.iterations += 1

    def _actor(self, world: State) -> int:
        """Who acts next in ``world``: in a simultaneous step, the bot's own
        player first (its choice is a tree decision), then the others."""
        to_move = world.to_move()
        if len(to_move) == 1:
            return to_move[0]
        if self.player in to_move:
            return self.player
        return to_move[0]

    def _policy(self, world: State, actor: int, moves: list[Move] | None = None) -> Move:
        return policy(world, actor, self.advice, self.rng, moves)

    # -- the answer ------------------------------------------------------------------
    def _chosen(self, move: Move, child: Node) -> int:
        """How often the tree chose ``move`` at the root: its visits, less
        those ``include`` was given for its share."""
        return child.visits - self.forced if move == self.include else child.visits

    def statistics(self) -> list[tuple[Move, int, float]]:
        """``(move, visits, mean reward)`` for each of the player's moves, most
        visited first (the visits the tree chose it for: a move weighed for a
        review (``include``) is not the best for the iterations it was given)."""
        stats = []
        for move in self.moves:
            child = self.root.children.get(move)
            if child is None or child.player != self.player:
                stats.append((move, 0, 0.0))
            else:
                stats.append((move, self._chosen(move, child), child.reward / child.visits))
        stats.sort(key=lambda entry: (-entry[1], -entry[2]))
        return stats

    def estimates(self, move: Move) -> list[float] | None:
        """Each player's mean reward after the player's ``move`` (the chance
        of winning the search sees for each); None if it was never tried."""
        child = self.root.children.get(move)
        totals = self.totals.get(move)
        if child is None or totals is None or not child.visits:
            return None
        return [value / child.visits for value in totals]

    def best_move(self) -> Move:
        """The most visited move (ties: the better mean reward, then the
        order of the legal moves)."""
        if len(self.moves) == 1:
            return self.moves[0]
        return self.statistics()[0][0]


class ISMCTSBot:
    """A bot that searches ``iterations`` determinizations, within
    ``millis`` milliseconds when that is set; its exploration constant is
    the game's for its level unless ``exploration`` is given."""

    def __init__(self, rng: Rng, level: int, iterations: int, millis: float | None = None,
                 exploration: float | None = None, depth: int | None = None) -> None:
        self.rng = rng
        self.level = level
        self.iterations = iterations
        self.millis = millis
        self.exploration = exploration
        self.depth = depth

    def search(self, state: State, player: int, timed: bool = True) -> Search:
        """A search not yet run: ``run()`` it (in slices if need be), then
        ask ``best_move()``."""
        exploration = self.exploration
        if exploration is None:
            exploration = exploration_for(state, self.level)
        return Search(state, player, self.rng.fork(), self.iterations,
                      self.millis if timed else None, exploration, self.depth)

    def choose(self, state: State, player: int) -> Move:
        search = self.search(state, player)
        search.run()
        return search.best_move()
