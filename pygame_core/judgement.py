"""What each decision of a finished game was worth, and what chance did.

The review's analysis (``review.Analysis``) asks the expert, at every
decision, from the mover's information only, for the mover's chance of
winning after its own best move (``best_chance``) and after the move made
(``played_chance``), and every player's chance after the expert's move
(``estimates``); ``Review.luck`` measures what chance did. This module
reads those figures; it never searches. Everything here is written down for players in
``docs/review.md``.

* **A decision's cost** is ``best_chance - played_chance`` (never below
  0; 0 when the move made is the expert's). It is a *mark*: ``best``,
  ``good``, ``inaccuracy``, ``mistake`` or ``blunder`` (``MARKS``).
* **A player's accuracy** (0 to 100) is, per decision, ``100 *
  exp(-ACCURACY_SLOPE * cost)``, and over a game the mean of the
  arithmetic and the harmonic means of those (see ``accuracy``).
* **Luck apart from skill.** A player's chance goes from their fair share
  before the deal (1 / players) to their share of the result. What
  *chance* did to it is measured where chance acted (``Review.luck``): the
  deal, and each move that drew at random or showed something hidden, as
  the player's chance once they saw the outcome less their chance over the
  outcomes they could have seen. What the player *decided* is the sum of
  the costs of their errors (``-cost``: a cost under the "good" mark's
  bound is within the estimate's own noise, and counts as none). The rest,
  up to the whole change, is the *others' play* (their decisions, and the
  estimate's own drift from one search to the next).
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
ERRORS = ("inaccuracy", "mistake", "blunder")

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


def counted(decision: dict[str, Any]) -> float:
    """The cost a decision adds to what its mover decided: an error's
    cost; none for a move marked best or good (within the noise)."""
    value = cost(decision)
    return value if mark(value, bool(decision.get("same"))) in ERRORS else 0.0


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


def judge(decisions: list[dict[str, Any]], players: int, luck: dict[str, Any] | None,
          shares: list[float] | None) -> dict[str, Any]:
    """Each decision's cost and mark, and each player's accuracy, marks,
    luck and moments (see the module).

    ``decisions``: the analysis's, in the order of their plies, each with
    ``ply``, ``mover``, ``same``, ``best_chance`` and ``played_chance``.
    ``luck``: what chance did (``Review.luck``: ``deal``, each player's
    luck in their deal or None, and ``plies``, each player's luck at each
    ply where chance acted). ``shares``: each player's share of the result
    (the winners share 1). Without both (the game or its analysis not
    finished), nothing is said of luck."""
    judged = []
    for decision in decisions:
        value = cost(decision)
        judged.append({"ply": decision["ply"], "mover": decision["mover"],
                       "cost": round(value, 4), "mark": mark(value, bool(decision.get("same")))})
    summaries = []
    for player in range(players):
        own = [decision for decision in decisions if decision["mover"] == player]
        marks = {name: 0 for name in MARK_NAMES}
        for item in judged:
            if item["mover"] == player:
                marks[item["mark"]] += 1
        found = accuracy([cost(decision) for decision in own])
        decided = -sum(counted(decision) for decision in own)
        summary: dict[str, Any] = {
            "player": player,
            "decisions": len(own),
            "marks": marks,
            "accuracy": None if found is None else round(found, 1),
            "decided": round(decided, 4),
        }
        if luck is not None and shares is not None:
            summary.update(luck_of(player, players, luck, shares[player], decided))
        summaries.append(summary)
    return {"decisions": judged, "players": summaries}


def luck_of(player: int, players: int, luck: dict[str, Any], share: float,
            decided: float) -> dict[str, Any]:
    """``player``'s luck over the game, the others' play (the rest of the
    change), and the luckiest and unluckiest moments, each ``{ply, luck}``
    (``ply``: the move's, None for the deal)."""
    moments = []
    if luck.get("deal") is not None:
        moments.append({"ply": None, "luck": luck["deal"][player]})
    for ply, values in sorted(luck["plies"].items()):
        if values[player]:
            moments.append({"ply": ply, "luck": values[player]})
    total = sum(moment["luck"] for moment in moments)
    start = 1.0 / players
    lucky = sorted((m for m in moments if m["luck"] > 0), key=lambda m: -m["luck"])[:MOMENTS]
    unlucky = sorted((m for m in moments if m["luck"] < 0), key=lambda m: m["luck"])[:MOMENTS]
    return {
        "start": round(start, 4),
        "final": round(share, 4),
        "luck": round(total, 4),
        "others": round(share - start - total - decided, 4),
        "luckiest": [{**m, "luck": round(m["luck"], 4)} for m in lucky],
        "unluckiest": [{**m, "luck": round(m["luck"], 4)} for m in unlucky],
    }
