"""The spec's scenarios (``docs/rules/kahuna.md``, section 8): a position
written the way a scenario is, built through the state's public face and
checked by ``load``, for the tests, the lessons and the rules' pictures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import BadState, Rng
from .tables import INTERIM_POINTS, ISLANDS, LINE_INDEX, N_LINES, SLOTS

if TYPE_CHECKING:
    from .state import KahunaState


def from_position(cls, round: int = 1, to_move: int = 0, bridges=None, hands=None,
                  display=None, pile=None, open_discard=None, hidden_discards=None,
                  known_hands=None, scores=(0, 0), scorings=None,
                  final_turns_left=None, previous_turn_skipped=False,
                  committed_to_draw=False, seed=0) -> "KahunaState":
    """A position written the way the spec's scenarios are (section 8).

    ``bridges``, ``hands``, ``hidden_discards`` and ``known_hands`` map a
    player (0 or 1) to names; ``pile`` is a list of names (top first) or a
    number of cards. Cards not placed anywhere are dealt, in alphabetical
    order, to the first of these left unspecified: the display (3 cards,
    outside the final phase), the pile (its given size, or all that is left),
    the open discard pile. ``scorings`` (a list of ``(islands, points)``) is
    derived from ``scores`` when omitted: points of 1 and 2 are read as the
    wins of the first and the second interim scorings.
    """
    bridges = bridges or {}
    hands = hands or {}
    hidden_discards = hidden_discards or {}
    known_hands = known_hands or {}
    if isinstance(scores, dict):
        scores = (scores.get(0, 0), scores.get(1, 0))
    final = final_turns_left is not None
    placed = [c for p in (0, 1) for c in list(hands.get(p, [])) + list(hidden_discards.get(p, []))]
    placed += [c for c in (display or []) if c is not None]
    placed += list(pile) if isinstance(pile, (list, tuple)) else []
    placed += list(open_discard or [])
    left = []
    for name in ISLANDS:
        left += [name] * (2 - placed.count(name))
    if display is None:
        display = [None] * SLOTS if final else left[:SLOTS]
        left = left[len([c for c in display if c is not None]):]
    if pile is None:
        pile, left = ([], left) if final else (left, [])
    elif isinstance(pile, int):
        pile, left = left[:pile], left[pile:]
    if open_discard is None:
        open_discard, left = left, []
    if left:
        raise BadState(f"{len(left)} card(s) are not placed anywhere: {left}")
    if scorings is None:
        scorings = _scorings_from_scores(round, scores)
    data = {
        "game": "kahuna",
        "to_move": to_move,
        "scorings_done": round - 1,
        "final_turns_left": final_turns_left,
        "scores": list(scores),
        "scorings": [{"round": r + 1, "islands": list(islands), "points": list(points)}
                     for r, (islands, points) in enumerate(scorings)],
        "previous_turn_skipped": previous_turn_skipped,
        "committed_to_draw": committed_to_draw,
        "bridges": [sorted(bridges.get(p, []), key=lambda name: LINE_INDEX.get(name, N_LINES))
                    for p in (0, 1)],
        "hands": [sorted(hands.get(p, [])) for p in (0, 1)],
        "known_hands": [sorted(known_hands.get(p, [])) for p in (0, 1)],
        "display": list(display),
        "pile": list(pile),
        "open_discard": list(open_discard),
        "hidden_discards": [list(hidden_discards.get(p, [])) for p in (0, 1)],
        "rng": Rng.from_seed(seed).state,
        "over": False,
        "result": None,
    }
    return cls.from_json(data)


def _scorings_from_scores(round: int, scores) -> list:
    """Interim scorings that add up to ``scores`` (1 = round 1, 2 = round 2)."""
    entries = []
    for r in range(round - 1):
        value = INTERIM_POINTS[r]
        points = [value if scores[p] & value else 0 for p in (0, 1)]
        islands = [1 if points[p] else 0 for p in (0, 1)]
        entries.append((islands, points))
    return entries
