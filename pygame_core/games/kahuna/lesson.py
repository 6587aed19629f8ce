"""Kahuna's guided first game (``pygame_core.lessons``): a card builds on
one of its island's lines (KH-4), a majority takes an island and sweeps the
other's bridges from it (KH-12, KH-13), two cards take a bridge away
(KH-7 to KH-10), a turn ends with a card drawn (KH-20, KH-21), and the three
scorings (SC-2, SC-7); then the last round of a real game against the
novice bot.
"""

from __future__ import annotations

from typing import cast

from ...lessons import Lesson, Picture, Step, play_until
from .state import KahunaState


def build() -> KahunaState:
    """KH-4: BARI builds on one of BARI's five lines; the learner is asked
    for ALOA-BARI."""
    return KahunaState.from_position(
        to_move=0,
        bridges={1: ["HUNA-LALE"]},
        hands={0: ["BARI", "GOLA", "IFFI"], 1: ["COCO", "JOJO", "KAHU"]},
        pile=20, seed=11)


def majority() -> KahunaState:
    """KH-12, KH-13: ALOA has three lines, so two bridges are a majority;
    building ALOA-DUDA takes ALOA, and the rival's ALOA-HUNA goes back."""
    return KahunaState.from_position(
        to_move=0,
        bridges={0: ["ALOA-BARI", "BARI-FAAA"], 1: ["ALOA-HUNA", "HUNA-LALE", "ELAI-JOJO"]},
        hands={0: ["DUDA", "GOLA", "KAHU"], 1: ["COCO", "IFFI", "JOJO"]},
        pile=18, seed=12)


def remove() -> KahunaState:
    """KH-7, KH-9, KH-17: one card of each end of BARI-COCO takes the
    rival's bridge there away, and with it the rival's majority on COCO."""
    return KahunaState.from_position(
        to_move=0,
        bridges={0: ["ALOA-BARI", "BARI-ELAI"], 1: ["BARI-COCO", "COCO-FAAA", "COCO-GOLA", "HUNA-LALE"]},
        hands={0: ["BARI", "COCO", "LALE"], 1: ["DUDA", "IFFI", "JOJO"]},
        pile=17, seed=13)


def draw() -> KahunaState:
    """KH-20, KH-21: the turn ends with a card drawn, from the pile or one
    of the three face up (here the ELAI the learner needs)."""
    return KahunaState.from_position(
        to_move=0,
        bridges={0: ["BARI-DUDA", "DUDA-HUNA"], 1: ["COCO-GOLA", "GOLA-KAHU"]},
        hands={0: ["ALOA", "FAAA"], 1: ["IFFI", "JOJO", "LALE"]},
        display=["ELAI", "HUNA", "COCO"],
        pile=16, seed=14)


def scoring() -> KahunaState:
    """SC-1, SC-2: the last face-up card of round 1 ends the round; the
    learner holds two islands to one and scores 1."""
    return KahunaState.from_position(
        to_move=0,
        bridges={0: ["ALOA-BARI", "ALOA-DUDA", "DUDA-ELAI", "DUDA-HUNA", "BARI-DUDA"],
                 1: ["COCO-GOLA", "GOLA-KAHU", "FAAA-GOLA", "IFFI-LALE"]},
        hands={0: ["COCO", "JOJO"], 1: ["FAAA", "HUNA", "KAHU"]},
        display=[None, "LALE", None],
        pile=0, seed=15)


def last_round() -> KahunaState:
    """Two novice bots play rounds 1 and 2 of a real deal; the learner
    takes seat 0 when round 3 is theirs to open."""
    deal = cast(KahunaState, KahunaState.game.new(players=2, seed=LESSON_SEED))
    return play_until(deal, lambda s: s.scorings_done == 2 and s.player == 0, seed=LESSON_SEED)


LESSON_SEED = 31

LESSON = Lesson(
    id="kahuna",
    game="kahuna",
    players=2,
    seed=LESSON_SEED,
    steps=(
        Step("build", build, "place ALOA-BARI BARI",
             ({"kind": "card", "id": "BARI"}, {"kind": "island", "id": "BARI"}), rules=2),
        Step("majority", majority, "place ALOA-DUDA DUDA",
             ({"kind": "island", "id": "ALOA"}, {"kind": "line", "id": "ALOA-DUDA"}), rules=3),
        Step("remove", remove, "remove BARI-COCO BARI COCO",
             ({"kind": "line", "id": "BARI-COCO"}, {"kind": "island", "id": "COCO"}), rules=4),
        Step("draw", draw, "take 0",
             ({"kind": "slot", "id": 0}, {"kind": "pile", "id": "pile"}), rules=5),
        Step("scoring", scoring, "take 1",
             ({"kind": "island", "id": "ALOA"}, {"kind": "island", "id": "DUDA"},
              {"kind": "island", "id": "GOLA"}), rules=6),
    ),
    final=last_round,
    pictures=(
        # KH-4: the BARI card cannot build on a line taken (HUNA-LALE) nor on
        # a line that does not touch BARI (COCO-GOLA).
        Picture("illegal", build, ({"kind": "refused", "id": "HUNA-LALE"}, {"kind": "refused", "id": "COCO-GOLA"},
                                   {"kind": "island", "id": "BARI"}), rules=2),
    ),
)

LESSONS = (LESSON,)
