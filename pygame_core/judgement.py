"""What each decision of a finished game was worth, and what chance did.

The review's analysis (``review.Analysis``) asks the expert, at every
decision, from the mover's information only, for the mover's chance of
winning after its own best move (``best_chance``) and after the move made
(``played_chance``), and for every player's chance after each
(``estimates``, ``played_estimates``). This module reads those figures;
it never searches. Everything here is written down for players in
``docs/review.md``.

* **A decision's cost** is ``best_chance - played_chance`` (never below
  0; 0 when the move made is the expert's). It is a *mark*: ``best``,
  ``good``, ``inaccuracy``, ``mistake`` or ``blunder`` (``MARKS``).
* **A player's accuracy** (0 to 100) is, per decision, ``100 *
  exp(-ACCURACY_SLOPE * cost)``, and over a game the mean of the
  arithmetic and the harmonic means of those (see ``accuracy``).
* **Luck apart from skill.** A player's chance goes from their fair share
  before the deal (1 / players) to their share of the result. Each
  stretch between two of their decisions (and before the first, and after
  the last) is one *moment*: its change, from the chance the player was
  left with after their decision to the chance they saw at their next, is
  what happened meanwhile. When chance acted in it (the deal, a card
  drawn, anything hidden shown: ``State.reveals``), that change less what
  the other players' decisions made of it (their searches' estimates of
  this player's chance, after the move made against after their best) is
  *luck*; a stretch where chance did nothing has no luck. What the
  player decided is the sum of their own decisions' (``-cost``). The
  rest, up to the whole change, is the *others' play* (their decisions,
  and where no chance acted, the estimate's own drift).
"""

from __future__ import annotations

import math
from typing import Any

# The five marks, each with the least cost it takes (in chances of winning,
# 0 to 1): a move within 1 point of the expert's is as good as its own.
MARKS: tuple[tuple[str, float], ...] = (
    ("best", 0.0),
    ("good", 0.01),
    ("inaccuracy", 0.05),
    ("mistake", 0.10),
    ("blunder", 0.20),
)
MARK_NAMES = tuple(name for name, _ in MARKS)

# Per decision, accuracy = 100 * exp(-ACCURACY_SLOPE * cost): a cost of 5
# points gives 80, 10 points 64, 20 points 41, 30 points 26.
ACCURACY_SLOPE = 4.5

# The moments of luck told, each way.
MOMENTS = 3


def cost(decision: dict[str, Any]) -> float:
    """What the move made cost its mover: the expert's chance after its own
    move less after the move made (0 when they are the same move)."""
    if decision.get("same"):
        return 0.0
    best, played = decision.get("best_chance"), decision.get("played_chance")
    if best is None or played is None:
        return 0.0
    return max(0.0, best - played)


def mark(cost_of: float, same: bool = False) -> str:
    """The mark of a decision that cost ``cost_of``."""
    if same:
        return "best"
    found = MARKS[0][0]
    for name, least in MARKS:
        if cost_of >= least:
            found = name
    return found


def decision_accuracy(cost_of: float) -> float:
    return 100.0 * math.exp(-ACCURACY_SLOPE * cost_of)


def accuracy(costs: list[float]) -> float | None:
    """A player's accuracy over their decisions: the mean of the arithmetic
    mean and the harmonic mean of each decision's accuracy (the harmonic
    mean weighs a blunder as the player feels it); None without a decision."""
    if not costs:
        return None
    each = [decision_accuracy(value) for value in costs]
    arithmetic = sum(each) / len(each)
    harmonic = len(each) / sum(1.0 / value for value in each)
    return (arithmetic + harmonic) / 2.0


def judge(decisions: list[dict[str, Any]], players: int, chance_plies: set[int],
          shares: list[float] | None) -> dict[str, Any]:
    """Each decision's cost and mark, and each player's accuracy, marks,
    luck and moments (see the module).

    ``decisions``: the analysis's, in the order of their plies, each with
    ``ply``, ``mover``, ``same``, ``best_chance``, ``played_chance``,
    ``estimates`` and ``played_estimates``. ``chance_plies``: the plies
    whose move drew at random or showed something hidden. ``shares``: each
    player's share of the result (the winners share 1), or None while the
    game is not over (then nothing is said of luck)."""
    judged = []
    for decision in decisions:
        value = cost(decision)
        judged.append({"ply": decision["ply"], "mover": decision["mover"],
                       "cost": round(value, 4), "mark": mark(value, bool(decision.get("same")))})
    summaries = []
    for player in range(players):
        own = [decision for decision in decisions if decision["mover"] == player]
        costs = [cost(decision) for decision in own]
        marks = {name: 0 for name in MARK_NAMES}
        for item in judged:
            if item["mover"] == player:
                marks[item["mark"]] += 1
        found = accuracy(costs)
        summary: dict[str, Any] = {
            "player": player,
            "decisions": len(own),
            "marks": marks,
            "accuracy": None if found is None else round(found, 1),
            "decided": round(-sum(costs), 4),
        }
        if shares is not None:
            summary.update(luck_of(player, decisions, players, chance_plies, shares[player]))
        summaries.append(summary)
    return {"decisions": judged, "players": summaries}


def luck_of(player: int, decisions: list[dict[str, Any]], players: int, chance_plies: set[int],
            share: float) -> dict[str, Any]:
    """``player``'s moments (see the module): the whole change of their
    chance, the luck, the others' play, and the luckiest and unluckiest
    moments, each ``{start, end, luck}``: the positions the stretch goes
    from and to (``start``: the player's decision, its own move's outcome
    counted in the stretch, or None for the deal; ``end``: their next
    decision, or None for the end of the game)."""
    start = 1.0 / players
    # The stretches: (the ply it starts at, the chance the player was left
    # with, the others' decisions' effect on it so far).
    moments = []
    left_with, others_effect = start, 0.0
    begins: int | None = None
    chanced = True                  # the first stretch holds the deal
    last_ply = -1
    for decision in decisions:
        ply = decision["ply"]
        chanced = chanced or any(last_ply < at < ply for at in chance_plies)
        if decision["mover"] == player:
            seen = decision.get("best_chance")
            if seen is not None:
                moments.append(_moment(begins, ply, seen - left_with, others_effect, chanced))
                played = decision.get("played_chance")
                left_with = seen if played is None else played
                begins, others_effect = ply, 0.0
                chanced = ply in chance_plies
        else:
            best, made = decision.get("estimates"), decision.get("played_estimates")
            if best is not None and made is not None:
                others_effect += made[player] - best[player]
            chanced = chanced or ply in chance_plies
        last_ply = ply
    chanced = chanced or any(at > last_ply for at in chance_plies)
    moments.append(_moment(begins, None, share - left_with, others_effect, chanced))
    luck = sum(moment["luck"] for moment in moments)
    decided = -sum(cost(decision) for decision in decisions if decision["mover"] == player)
    lucky = sorted((m for m in moments if m["luck"] > 0), key=lambda m: -m["luck"])[:MOMENTS]
    unlucky = sorted((m for m in moments if m["luck"] < 0), key=lambda m: m["luck"])[:MOMENTS]
    return {
        "start": round(start, 4),
        "final": round(share, 4),
        "luck": round(luck, 4),
        "others": round(share - start - luck - decided, 4),
        "luckiest": [_rounded(m) for m in lucky],
        "unluckiest": [_rounded(m) for m in unlucky],
    }


def _moment(begins: int | None, ends: int | None, change: float, others_effect: float,
            chanced: bool) -> dict[str, Any]:
    return {"start": begins, "end": ends, "luck": change - others_effect if chanced else 0.0}


def _rounded(moment: dict[str, Any]) -> dict[str, Any]:
    return {**moment, "luck": round(moment["luck"], 4)}
