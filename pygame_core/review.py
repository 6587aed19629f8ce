"""A finished game looked back on: its positions ply by ply, the expert's
opinion at any of them, and an analysis of every decision.

* **Positions.** ``snapshot(ply, viewer, reveal)`` is the table's snapshot
  shape (``docs/protocol.md``) for the position after the first ``ply``
  moves, from the match's per-ply copies (``Match.position_at``), with the
  whole log. A seat sees what it saw then; ``reveal`` (only once the game is
  over) shows every hand, deck and face-down piece as it was.
* **The expert's opinion** on the decision made at a ply: the strongest
  bot's search from the mover's information at that moment -- its
  determinizations of what the mover knew, never the position as it was --
  weighing the move the mover made beside its own. Its generator is seeded
  from the ply and the mover's view, not from the game's seed (which deals
  the hidden cards): two games the mover could not tell apart get the same
  opinion, and the same game always gets the same one.
* **The analysis** asks that opinion, with a smaller budget, at every
  decision of more than one move, in slices the browser can stop; each
  decision gives every player's estimated chance of winning (the graph) and
  what the move made cost its player, and its mark.
* **The judgement** of a whole analysis (``judge``, ``pygame_core.judgement``):
  each player's accuracy, marks, and their chance's change split into
  their decisions, the others' play and luck.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from .bots import HINT_LEVEL, SEARCH_BUDGETS
from .bots.ismcts import Advice, Search, exploration_for, playout
from . import judgement
from .engine import GameError, Move, Rng, State, event_for
from .match import Match
from .snapshot import match_turn, seen, snapshot, turn_of

# The expert's budget when asked about one decision: the level's iterations,
# without its time limit, so that the answer is the same on every machine.
OPINION_ITERATIONS = SEARCH_BUDGETS[HINT_LEVEL][0]
# At every decision of a whole game: enough to tell a good move from a poor
# one, little enough that the longest game of each game is analysed within
# a minute in a browser (``bench/review.py``).
ANALYSIS_ITERATIONS = 300
# The quick pass over every decision that draws the graph while the
# analysis proper goes on: the expert's estimate only, no move judged.
QUICK_ITERATIONS = 30
# The expert's move and the move made are compared on this many deals of
# what the mover knew (``Opinion.compare``).
COMPARISONS = 32
# The most exercises a review makes of a player's errors (``exercises``).
EXERCISES = 5
# The level of the bots that take the seats of a game's people when a
# position is played on against bots (``Review.play_on``): "skilled".
PLAY_ON_LEVEL = 2
# What chance did is measured on this many copies of what a player knew
# (``Review.luck``).
LUCK_SAMPLES = 16


class ReviewError(GameError):
    """A request a review refuses: ``key`` for the page's sentence."""

    def __init__(self, message: str, key: str = "error.bad_request", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


def mover_seed(ply: int, view: dict[str, Any]) -> str:
    """The seed of the expert asked about the decision at ``ply``: from what
    the mover saw (``snapshot.seen``), and nothing else."""
    digest = hashlib.sha256(json.dumps(view, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return f"review/{ply}/{digest[:32]}"


@dataclass
class Opinion:
    """The expert's search at one decision, run in slices (``run``), then,
    when the move made is not the expert's, the two compared (``compare``)."""

    ply: int
    mover: int
    played: Move
    search: Search
    # What the move made cost, by the comparison (None until it is made).
    compared: float | None = None
    # A quick pass's: its estimates only, the move made not compared.
    quick: bool = False

    def to_compare(self) -> bool:
        return not self.quick and len(self.search.moves) > 1 and self.search.best_move() != self.played

    @property
    def done(self) -> bool:
        return self.search.done and (self.compared is not None or not self.to_compare())

    def run(self, millis: float | None = None) -> bool:
        if not self.search.done:
            self.search.run(millis=millis)
        if self.search.done and self.compared is None and self.to_compare():
            self.compared = self.compare()
        return self.done

    def compare(self, rng: Rng | None = None) -> float:
        """What the move made cost its mover beside the expert's: on each of
        ``COMPARISONS`` deals of what the mover knew, both moves are made
        and played out alike (the same rollout's chances), and the mover's
        rewards differ by so much; the mean of those differences. The
        expert's move is measured on fresh deals, not on those its search
        chose it on (which flatter it), and the pairs cancel most of the
        deals' own luck. The deals come from ``rng`` (by default the
        search's own, where its iterations left it)."""
        search = self.search
        state, mover, advice = search.state, search.player, search.advice
        best = search.best_move()
        rng = search.rng if rng is None else rng
        started = time.perf_counter()
        total = 0.0
        for _ in range(COMPARISONS):
            world = state.determinize(mover, rng)
            stream = rng.next64()
            values = []
            for move in (best, self.played):
                copy = world.clone()
                copy.apply(mover, move)
                values.append(playout(copy, state.players, advice, Rng(stream))[mover])
            total += values[0] - values[1]
        search.millis += (time.perf_counter() - started) * 1000.0      # the slice's time counts it
        return total / COMPARISONS

    def progress(self) -> float:
        budget = self.search.max_iterations or 1
        return 1.0 if self.done else min(1.0, self.search.iterations / budget)

    def result(self, state: State, reasons: bool = True) -> dict[str, Any]:
        """What the expert thinks once done: its move, the one played, each
        one's chance of winning for the mover, each player's chance after
        the expert's move (``estimates``), and (``reasons``) what each move
        gains, in words' keys."""
        search = self.search
        best = search.best_move()
        forced = len(state.legal_moves(self.mover)) == 1
        stats = {move: (visits, mean) for move, visits, mean in search.statistics()}

        def chance(move: Move) -> float | None:
            visits, mean = stats.get(move, (0, 0.0))
            return round(mean, 4) if visits else None

        estimates = None if forced else search.estimates(best)
        played_chance = None if forced else chance(self.played)
        if self.compared is not None and not forced:
            # The comparison's cost, the expert's chance less it.
            best_chance = chance(best) or 0.0
            played_chance = round(max(0.0, best_chance - max(0.0, self.compared)), 4)
        cost = judgement.cost({"same": best == self.played, "best_chance": chance(best),
                               "played_chance": played_chance}) if not forced else 0.0
        result = {
            "ply": self.ply,
            "mover": self.mover,
            "forced": forced,
            "best": best.to_dict(),
            "played": self.played.to_dict(),
            "same": best == self.played,
            "best_chance": None if forced else chance(best),
            "played_chance": played_chance,
            "estimates": None if estimates is None else [round(value, 4) for value in estimates],
            "cost": round(cost, 4),
            "mark": judgement.mark(cost, best == self.played),
            "iterations": search.iterations,
            "round": state.view(self.mover).get("round"),
        }
        if self.quick:
            # A glance, not a judgement: nothing is marked from it.
            result.update(quick=True, cost=None, mark=None, played_chance=None)
        why = getattr(state.game.hints, "reasons", None)
        if reasons and why is not None and not forced:
            # Found on a copy that knows only what the mover saw (each move
            # on a copy of its own: a game's reasons play the move on it).
            copy = state.determinize(self.mover, Rng.from_seed(mover_seed(self.ply, seen(state, self.mover))))
            result["why_best"] = list(why(copy.clone(), self.mover, best))
            result["why_played"] = [] if best == self.played else list(why(copy.clone(), self.mover, self.played))
        return result


@dataclass
class Analysis:
    """Decisions of a game, one opinion after the other: every decision, or
    the ``plies`` asked (the page shares a game's decisions among several
    engines); a ``quick`` pass gives only the expert's estimates."""

    review: Review
    iterations: int = ANALYSIS_ITERATIONS
    plies: list[int] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    current: Opinion | None = None
    quick: bool = False

    def __post_init__(self) -> None:
        if not self.plies:
            self.plies = self.review.decisions()

    @property
    def done(self) -> bool:
        return len(self.results) >= len(self.plies)

    def run(self, millis: float) -> list[dict[str, Any]]:
        """Go on for about ``millis`` milliseconds; the decisions finished
        meanwhile (at least the one under way, if it ends)."""
        finished: list[dict[str, Any]] = []
        spent = 0.0
        while not self.done and spent < millis:
            if self.current is None:
                self.current = self.review.opinion(self.plies[len(self.results)], self.iterations)
                self.current.quick = self.quick
            before = self.current.search.millis
            self.current.run(millis=max(1.0, millis - spent))
            spent += self.current.search.millis - before
            if self.current.done:
                opinion = self.current
                result = opinion.result(self.review.match.position_at(opinion.ply), reasons=False)
                self.results.append(result)
                finished.append(result)
                self.current = None
        return finished

    def progress(self) -> float:
        total = len(self.plies)
        if not total:
            return 1.0
        part = self.current.progress() if self.current is not None else 0.0
        return min(1.0, (len(self.results) + part) / total)


def _piles(state: State) -> list[Any]:
    """The face-down piles of a position in their order (what everything
    shown lists that belongs to no player: a pile, a deck, a talon, the
    epoch cards), which only chance orders."""
    return [item for item in state.revealed_view(None)["revealed"] if item.get("player") is None]


def _chance_or_none(value: object) -> bool:
    if value is None:
        return True
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0


class Review:
    """A match looked back on (see the module)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.opinion_under_way: Opinion | None = None
        self.analysis: Analysis | None = None
        self._facts: tuple[list[int], set[int], list[list[int]]] | None = None
        self._luck: dict[str, Any] | None = None
        # The analysis's search at the decision being practised (``try_move``).
        self._opinions: dict[int, tuple[Opinion, int]] = {}

    def facts(self) -> tuple[list[int], set[int], list[list[int]]]:
        """What one replay of the game tells, kept: the plies of its
        decisions (the mover had more than one legal move), the plies
        where chance acted (the move drew from a face-down pile: ``_piles``
        changed), and its rounds, each ``[ply, round]``
        where a round starts (the round of the position after ``ply``
        moves, as a spectator's view numbers it)."""
        if self._facts is None:
            state = self.match.position_at(0)
            decisions: list[int] = []
            chance: set[int] = set()
            rounds: list[list[int]] = []
            piles = _piles(state)
            for ply, entry in enumerate(self.match.entries):
                number = state.view(None).get("round")
                if number is not None and (not rounds or rounds[-1][1] != number):
                    rounds.append([ply, number])
                move = state.parse_move(entry.move)
                if len(state.legal_moves(entry.player)) > 1:
                    decisions.append(ply)
                state.play(entry.player, move)
                after = _piles(state)
                if after != piles:
                    chance.add(ply)
                piles = after
            self._facts = (decisions, chance, rounds)
        return self._facts

    @property
    def plies(self) -> int:
        return len(self.match.entries)

    @property
    def over(self) -> bool:
        return self.match.is_over()

    def check_ply(self, ply: object, last: int | None = None) -> int:
        top = self.plies if last is None else last
        if type(ply) is not int or not 0 <= ply <= top:
            raise ReviewError(f"ply must be a number of moves from 0 to {top}", "error.bad_ply",
                              field="ply")
        return ply

    def plan(self) -> dict[str, Any]:
        match = self.match
        return {
            "game": match.game.id,
            "players": match.players,
            "seats": match.seats,
            "names": match.names,
            "options": match.options,
            "private": match.game.private_information,
            "plies": self.plies,
            "over": self.over,
            "movers": [entry.player for entry in match.entries],
            "decisions": len(self.decisions()),
            # The plies of those decisions (the page shares them among its engines).
            "decision_plies": self.decisions(),
            "rounds": [list(item) for item in self.facts()[2]],
            # Something hidden to show once the game is over: a hand, a
            # pile's order (a game without secrets between players may
            # still deal from a face-down deck).
            "hidden": bool(match.position_at(0).revealed_view(None)["revealed"]),
        }

    def snapshot(self, ply: object, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
        """The position after ``ply`` moves as ``viewer`` saw it, or with
        everything shown (``reveal``: only once the game is over)."""
        at = self.check_ply(ply)
        if reveal and not self.over:
            raise ReviewError("nothing hidden is shown before the game is over", "error.review_unfinished")
        match = self.match
        state = match.position_at(at)
        if reveal:
            view = state.revealed_view(viewer)
            log = self.revealed_log()
        else:
            view = state.view(viewer)
            log = match.log_for(viewer)
        # The last position of a game that ended on time is over, though its
        # rules did not end it: its turn is the match's (``Match.result``).
        turn = match_turn(match) if at == self.plies else turn_of(state)
        return {
            **snapshot(match, turn, viewer, view, seed_shown=self.over, legal=[], log=log,
                       can_undo=False),
            "ply": at,
            "plies": self.plies,
            "revealed": reveal,
            "next_mover": match.entries[at].player if at < self.plies else None,
        }

    def revealed_log(self) -> list[dict[str, Any]]:
        """The log with every secret read as its first reader read it."""
        log = []
        for number, entry in enumerate(self.match.entries, 1):
            events = []
            for event in entry.events:
                readers = event.get("secret_for")
                reader = readers[0] if isinstance(readers, (list, tuple)) else readers
                events.append(event_for(event, reader) if readers is not None else event)
            log.append({"n": number, "player": entry.player, "events": events})
        return log

    def decisions(self) -> list[int]:
        """The plies at which the mover had more than one move."""
        return list(self.facts()[0])

    def chance_plies(self) -> set[int]:
        """The plies whose move drew from a face-down pile, deck or talon:
        where chance acted (a secret choice shown is a player's, not
        chance's)."""
        return set(self.facts()[1])

    def luck(self) -> dict[str, Any]:
        """What chance did to each player, in their own eyes, once the game
        is over (``docs/review.md``): ``deal``, each player's chance in the
        opening position they were dealt less their mean chance over other
        deals (None for a game started from a position), and ``plies``,
        ``{ply: [each player's luck]}`` at each ply where chance acted: the
        player's chance once they saw the outcome less their chance over
        the outcomes they could have seen. A player who saw nothing of the
        outcome (another's hidden draw) had no luck there. Chances are the
        search's leaf values (``ismcts.rewards``: a finished game's result,
        else the game's evaluation), averaged over ``LUCK_SAMPLES`` copies
        of what the player knew, seeded from the ply: the same every time."""
        if self._luck is None:
            match = self.match
            players = match.players
            advice = Advice(match.game)
            luck: dict[str, Any] = {"deal": None, "plies": {}}
            if match.start is None:
                dealt = match.position_at(0)
                others = [match.game.new(players=players, seed=f"review/deal/{k}", **match.options)
                          for k in range(LUCK_SAMPLES)]
                luck["deal"] = [
                    self._seen_chance(dealt, player, f"review/luck/deal/{player}", advice)
                    - sum(self._seen_chance(other, player, f"review/luck/deal/{player}/{k}", advice, samples=1)
                          for k, other in enumerate(others)) / len(others)
                    for player in range(players)]
            for ply in sorted(self.chance_plies()):
                luck["plies"][ply] = self._outcome_luck(match.position_at(ply), match.position_at(ply + 1),
                                                        match.entries[ply], ply, advice)
            self._luck = luck
        return self._luck

    def _seen_chance(self, state: State, player: int, seed: str, advice: Advice,
                     samples: int = LUCK_SAMPLES) -> float:
        """``player``'s mean chance over copies of what they know of ``state``."""
        rng = Rng.from_seed(seed)
        total = 0.0
        for _ in range(samples):
            total += playout(state.determinize(player, rng), self.match.players, advice, rng)[player]
        return total / samples

    def _outcome_luck(self, before: State, after: State, entry: Any, ply: int,
                      advice: Advice) -> list[float]:
        """What the outcome of the move at ``ply`` did to each player's
        chance (see ``luck``), in its mover's eyes (the only ones in which
        the move could be made on every copy): their chance once the
        outcome was seen less their chance over the outcomes that could
        have come. An outcome only the mover saw (a hidden draw) is the
        mover's luck alone; one everybody saw, everybody's."""
        mover, players = entry.player, self.match.players
        rng = Rng.from_seed(f"review/luck/{ply}")
        public, private = after.view(None), after.view(mover)
        shown_to_all = shown_to_mover = False
        expected = [0.0] * players
        for _ in range(LUCK_SAMPLES):
            world = before.determinize(mover, rng)
            world.play(mover, entry.move)
            shown_to_all = shown_to_all or world.view(None) != public
            shown_to_mover = shown_to_mover or world.view(mover) != private
            for player, value in enumerate(playout(world, players, advice, rng)):
                expected[player] += value / LUCK_SAMPLES
        if not shown_to_mover:
            return [0.0] * players
        seen = [0.0] * players
        for _ in range(LUCK_SAMPLES):
            for player, value in enumerate(playout(after.determinize(mover, rng), players, advice, rng)):
                seen[player] += value / LUCK_SAMPLES
        return [seen[player] - expected[player] if shown_to_all or player == mover else 0.0
                for player in range(players)]

    def shares(self) -> list[float] | None:
        """Each player's share of the result (the winners share 1); None
        before the end."""
        result = self.match.result()
        if result is None:
            return None
        winners = result["winners"]
        return [1.0 / len(winners) if player in winners else 0.0 for player in range(self.match.players)]

    def judge(self, results: object, kept_luck: object = None) -> dict[str, Any]:
        """An analysis judged (``pygame_core.judgement``): each decision's
        cost and mark, each player's accuracy and luck. ``results`` are the
        analysis's decisions as ``analyse`` gave them, or as the page kept
        them (checked: a kept analysis may be anything)."""
        decisions = self.checked_results(results)
        shares = self.shares() if len(decisions) == len(self.decisions()) else None
        if shares is not None and kept_luck is not None and self._luck is None:
            self._luck = self.checked_luck(kept_luck)
        luck = None if shares is None else self.luck()
        judged = judgement.judge(decisions, self.match.players, luck, shares)
        if luck is not None:
            # What chance did, as measured: the page keeps it with the game,
            # and gives it back (``kept_luck``) instead of measuring it again.
            judged["luck"] = {"deal": luck["deal"], "plies": {str(ply): value for ply, value in luck["plies"].items()}}
        return judged

    def checked_luck(self, kept: object) -> dict[str, Any]:
        """What chance did, as ``judge`` gave it and the page kept it: a
        deal (each player's luck, or None for a game started from a
        position) and each player's luck at each ply where chance acted,
        and at no other; refused (``error.bad_analysis``) otherwise."""
        def refuse(why: str) -> ReviewError:
            return ReviewError(f"not this game's luck: {why}", "error.bad_analysis", field="luck")

        players = self.match.players

        def per_player(value: object) -> list[float]:
            if not (isinstance(value, list) and len(value) == players
                    and all(isinstance(v, (int, float)) and not isinstance(v, bool) and -1.0 <= v <= 1.0
                            for v in value)):
                raise refuse("each luck is one number from -1 to 1 per player")
            return [float(v) for v in value]

        if not isinstance(kept, dict) or set(kept) != {"deal", "plies"} or not isinstance(kept["plies"], dict):
            raise refuse("a deal and the plies where chance acted are expected")
        if (kept["deal"] is None) != (self.match.start is not None):
            raise refuse("a dealt game has the luck of its deal, a game from a position none")
        plies: dict[int, list[float]] = {}
        for key, value in kept["plies"].items():
            if not (isinstance(key, str) and key.isdigit() and str(int(key)) == key):
                raise refuse(f"{key!r} is no ply")
            plies[int(key)] = per_player(value)
        if not set(plies) <= self.chance_plies():
            raise refuse("chance acted at other plies")
        return {"deal": None if kept["deal"] is None else per_player(kept["deal"]), "plies": plies}

    def checked_results(self, results: object) -> list[dict[str, Any]]:
        """The decisions of an analysis, each checked against the game: a
        decision of the game, its mover, chances from 0 to 1."""
        def refuse(why: str) -> ReviewError:
            return ReviewError(f"not an analysis of this game: {why}", "error.bad_analysis", field="results")

        if not isinstance(results, list):
            raise refuse("a list of decisions is expected")
        players = self.match.players
        decisions = set(self.decisions())
        checked = []
        last = -1
        for item in results:
            if not isinstance(item, dict):
                raise refuse("each decision is an object")
            ply, mover = item.get("ply"), item.get("mover")
            if type(ply) is not int or ply <= last or ply not in decisions:
                raise refuse(f"{ply!r} is not the ply of a decision after {last}")
            if mover != self.match.entries[ply].player:
                raise refuse(f"the move at ply {ply} was not made by {mover!r}")
            if item.get("quick"):
                raise refuse("a quick pass judges no move")
            if not isinstance(item.get("same"), bool):
                raise refuse("same is true or false")
            for name in ("best_chance", "played_chance"):
                if not _chance_or_none(item.get(name)):
                    raise refuse(f"{name} is a chance from 0 to 1")
            value = item.get("estimates")
            if value is not None and not (isinstance(value, list) and len(value) == players
                                          and all(_chance_or_none(v) and v is not None for v in value)):
                raise refuse("estimates is one chance per player")
            checked.append({key: item.get(key) for key in ("ply", "mover", "same", "best_chance", "played_chance",
                                                           "estimates")})
            last = ply
        return checked

    # -- learning from one's mistakes -------------------------------------------------

    def checked_decisions(self, plies: object) -> list[int]:
        """``plies`` when it lists decisions of this game, each once, in
        order (at most all of them); refused otherwise."""
        decisions = set(self.decisions())
        if (not isinstance(plies, list) or not plies
                or any(type(ply) is not int or ply not in decisions for ply in plies)
                or any(a >= b for a, b in zip(plies, plies[1:]))):
            raise ReviewError("plies must list decisions of this game (moves with a choice), in order",
                              "error.bad_ply", field="plies")
        return list(plies)

    def exercises(self, results: object, seat: object) -> list[int]:
        """The plies of ``seat``'s costliest errors (inaccuracies, mistakes,
        blunders), dearest first, at most ``EXERCISES``: the exercises of
        "learn from your mistakes". ``results``: the analysis, as kept."""
        if type(seat) is not int or not 0 <= seat < self.match.players:
            raise ReviewError(f"seat must be a seat from 0 to {self.match.players - 1}", "error.bad_request",
                              field="seat")
        judged = judgement.judge(self.checked_results(results), self.match.players, None, None)
        errors = [item for item in judged["decisions"]
                  if item["mover"] == seat and item["mark"] in judgement.ERRORS]
        errors.sort(key=lambda item: (-item["cost"], item["ply"]))
        return [item["ply"] for item in errors[:EXERCISES]]

    def exercise_position(self, ply: object) -> Match:
        """The position of the decision at ``ply``, as a game of its own in
        which every seat is a person's: its mover tries moves there."""
        at = self.check_ply(ply, self.plies - 1)
        match = self.match
        return Match(match.game, match.players, match.seed, match.options, ["h"] * match.players,
                     match.names, start=match.position_at(at).to_json())

    def try_move(self, ply: object, move: object) -> dict[str, Any]:
        """A move tried at the decision at ``ply`` in place of the one made:
        what it costs beside the expert's (the analysis's search at that ply,
        then the two moves compared on the same deals of what the mover
        knew, as a decision's cost is), its mark, and whether it is
        ``good``: within the "good" mark of the best. The expert's move is
        given only once asked (``expert_move``)."""
        at = self.check_ply(ply, self.plies - 1)
        state = self.match.position_at(at)
        mover = self.match.entries[at].player
        tried = state.parse_move(move)
        if tried not in state.legal_moves(mover):
            raise state.refusal(mover, tried)
        opinion, deals = self._analysis_opinion(at)
        best = opinion.search.best_move()
        cost = 0.0
        if tried != best:
            # Every move tried is compared on the deals the analysis compared
            # the move made on: the move made costs what the analysis said.
            cost = max(0.0, Opinion(at, mover, tried, opinion.search).compare(Rng(deals)))
        found = judgement.mark(cost, tried == best)
        return {"ply": at, "move": tried.to_dict(), "cost": round(cost, 4), "mark": found,
                "good": found not in judgement.ERRORS}

    def expert_move(self, ply: object) -> dict[str, Any]:
        """The expert's move at the decision at ``ply`` (the analysis's)."""
        at = self.check_ply(ply, self.plies - 1)
        return self._analysis_opinion(at)[0].search.best_move().to_dict()

    def _analysis_opinion(self, ply: int) -> tuple[Opinion, int]:
        """The analysis's search at ``ply``, run, and the state its generator
        was left in, where the analysis's comparison drew its deals (kept
        for the tries there)."""
        kept = self._opinions.get(ply)
        if kept is None:
            opinion = self.opinion(ply, self.analysis_iterations())
            while not opinion.search.done:
                opinion.search.run()
            kept = (opinion, opinion.search.rng.state)
            self._opinions = {ply: kept}
        return kept

    def play_on(self, ply: object, seat: object, reveal: bool = False, others: str = "bots") -> dict[str, Any]:
        """A new game from the position after ``ply`` moves, as a record to
        load: ``seat`` keeps its place (a person), the other seats are bots
        (a bot of the game stays the bot it was; a person's seat gets a
        bot of ``PLAY_ON_LEVEL``) or, with ``others="people"``, people at
        this device. What ``seat`` could not see then is dealt again at
        random, consistently with what it saw (``State.determinize``, the
        generator of what is to come too), unless everything is shown
        (``reveal``: only once the game is over): then the position is the
        game's own, its future draws included."""
        at = self.check_ply(ply)
        match = self.match
        if type(seat) is not int or not 0 <= seat < match.players:
            raise ReviewError(f"seat must be a seat from 0 to {match.players - 1}", "error.bad_request", field="seat")
        if others not in ("bots", "people"):
            raise ReviewError("others are 'bots' or 'people'", "error.bad_request", field="others")
        if reveal and not self.over:
            raise ReviewError("nothing hidden is shown before the game is over", "error.review_unfinished")
        state = match.position_at(at)
        if state.is_over():
            raise ReviewError("the game is over at that move: nothing is left to play", "error.review_play_on_over")
        if not reveal:
            state = state.determinize(seat, Rng(secrets.randbits(64)))
        seats = []
        for other, kind in enumerate(match.seats):
            if other == seat or others == "people":
                seats.append("h")
            else:
                seats.append(kind if kind != "h" else f"bot{PLAY_ON_LEVEL}")
        names = [name if seats[other] == "h" else "" for other, name in enumerate(match.names)]
        played_on = Match(match.game, match.players, secrets.randbits(32), match.options, seats, names,
                          start=state.to_json())
        return played_on.to_record()

    def opinion(self, ply: int, iterations: int = OPINION_ITERATIONS) -> Opinion:
        """A search, not yet run, of the expert at the decision made at
        ``ply``, from what its mover knew then."""
        at = self.check_ply(ply, self.plies - 1)
        entry = self.match.entries[at]
        state = self.match.position_at(at)
        mover = entry.player
        played = state.parse_move(entry.move)
        if len(state.legal_moves(mover)) == 1:
            iterations = 1                      # nothing was decided there
        rng = Rng.from_seed(mover_seed(at, seen(state, mover)))
        search = Search(state, mover, rng, max_iterations=iterations, include=played,
                        exploration=exploration_for(state, HINT_LEVEL))
        return Opinion(at, mover, played, search)

    def expert(self, ply: object, millis: float) -> dict[str, Any]:
        """Think about the decision at ``ply`` for about ``millis`` more
        milliseconds (a search under way at that ply goes on); the opinion
        once it is done."""
        if not self.plies:
            raise ReviewError("the game has no move to think about", "error.bad_ply", field="ply")
        at = self.check_ply(ply, self.plies - 1)
        opinion = self.opinion_under_way
        if opinion is None or opinion.ply != at:
            opinion = self.opinion_under_way = self.opinion(at)
        opinion.run(millis)
        answer: dict[str, Any] = {"done": opinion.done, "progress": round(opinion.progress(), 4),
                                  "opinion": None}
        if opinion.done:
            answer["opinion"] = opinion.result(self.match.position_at(at))
        return answer

    def analysis_iterations(self) -> int:
        """The expert's iterations at each decision of the analysis: the
        game's own (``ANALYSIS_ITERATIONS`` unless its hints say less)."""
        hints = getattr(self.match.game, "hints", None)
        return int(getattr(hints, "ANALYSIS_ITERATIONS", ANALYSIS_ITERATIONS))

    def analyse(self, millis: float, restart: bool = False, plies: object = None,
                quick: bool = False) -> dict[str, Any]:
        """Go on with the analysis for about ``millis`` milliseconds: the
        decisions finished meanwhile, and how far it has gone. ``plies``
        (decisions of this game, in order) analyses those alone; ``quick``
        makes the quick pass. Another request than the one under way
        starts anew."""
        wanted = None if plies is None else self.checked_decisions(plies)
        analysis = self.analysis
        if (analysis is None or restart or analysis.quick != quick
                or (wanted is not None and analysis.plies != wanted)
                or (wanted is None and analysis.plies != self.decisions())):
            iterations = QUICK_ITERATIONS if quick else self.analysis_iterations()
            analysis = self.analysis = Analysis(self, iterations, list(wanted or []), quick=quick)
        finished = analysis.run(millis)
        return {
            "done": analysis.done,
            "progress": round(analysis.progress(), 4),
            "decisions": len(analysis.plies),
            "analysed": len(analysis.results),
            "results": finished,
        }

