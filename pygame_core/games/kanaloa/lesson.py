"""Kanaloa's guided first games (``pygame_core.lessons``), at three players,
the learner the first colour.

``kanaloa``: the secret opening card (S-6), a card builds on one of its
island's links (KN-5), an absolute majority takes the island and destroys
the others' bridges on it (KN-10, KN-11), two cards replace a rival's
bridge (KN-7), the turn ends with one card drawn (KN-21), and the end of
round 1 with its scoring (E-1, E-11); then round 2 of a real game against
two novice bots, whose words say the relative majority (KN-16..18) before
it first applies, and the rules' picture of it.

``kanaloa-gods``, the variant "Le Pouvoir des Dieux": the first to take an
island takes its god stone, KANE scoring at once (GD-3, GD-7); KANALOA
builds on any free link (GD-10); LONO draws an extra card (GD-13); then
round 2 of a real game of the variant.
"""

from __future__ import annotations

from typing import cast

from ...bots import make_bot
from ...lessons import LEARNER, Lesson, Picture, Step, play_until
from .state import KanaloaState

PLAYERS = 3
OPENING_SEED = 3
GAME_SEED = 41
GODS_SEED = 43


def opening() -> KanaloaState:
    """S-6: everyone lays a card face down; the two rivals have chosen, the
    learner holds two HONU and gives one to the display."""
    state = cast(KanaloaState, KanaloaState.game.new(players=PLAYERS, seed=OPENING_SEED))
    for seat in range(PLAYERS):
        if seat != LEARNER:
            state.apply(seat, make_bot(0, seed=f"lesson/{seat}").choose(state, seat))
    return state


def build() -> KanaloaState:
    """KN-5: the ELOI card lays a bridge on one of ELOI's five links."""
    return KanaloaState.from_position(
        players=PLAYERS, player=0,
        hands={0: ["ELOI", "GAPU", "LANI"], 1: ["FARE", "HONU", "RASI"], 2: ["INOA", "JEKA", "KULU"]},
        bridges={1: ["DALI-MOTU", "BAFI-RASI"], 2: ["INOA-LANI"]},
        talon=24, seed=51)


def control() -> KanaloaState:
    """KN-10, KN-11: DALI has three links; with DALI-ELOI, the learner's
    ALOA-DALI makes two: DALI is taken and the rival's DALI-MOTU destroyed."""
    return KanaloaState.from_position(
        players=PLAYERS, player=0,
        hands={0: ["DALI", "GAPU", "LANI"], 1: ["FARE", "HONU", "RASI"], 2: ["INOA", "JEKA", "KULU"]},
        bridges={0: ["DALI-ELOI"], 1: ["DALI-MOTU", "BAFI-RASI"], 2: ["INOA-LANI"]},
        talon=23, seed=52)


def replace() -> KanaloaState:
    """KN-7: one BAFI and one COCO replace the rival's BAFI-COCO by the
    learner's bridge."""
    return KanaloaState.from_position(
        players=PLAYERS, player=0,
        hands={0: ["BAFI", "COCO", "LANI"], 1: ["FARE", "HONU", "RASI"], 2: ["INOA", "JEKA", "KULU"]},
        bridges={0: ["ALOA-DALI", "DALI-ELOI"], 1: ["BAFI-COCO", "BAFI-RASI"], 2: ["INOA-LANI", "LANI-ORO"]},
        talon=22, seed=53)


def draw() -> KanaloaState:
    """KN-21: exactly one card ends the turn, the talon's top or one of the
    four face up (here NALU, replaced at once)."""
    return KanaloaState.from_position(
        players=PLAYERS, player=0,
        hands={0: ["COCO", "LANI"], 1: ["FARE", "HONU", "RASI"], 2: ["INOA", "JEKA", "KULU"]},
        bridges={0: ["ALOA-DALI", "DALI-ELOI", "BAFI-COCO"], 1: ["BAFI-RASI"], 2: ["INOA-LANI", "LANI-ORO"]},
        display=["NALU", "GAPU", "MOTU", "ORO"], talon=18, played=1, seed=54)


def scoring() -> KanaloaState:
    """E-1, E-11: the talon is empty, one card is left face up; taking it
    ends round 1. The learner holds DALI (two bridges of three: 1 point)
    and BAFI (three of five: 2 points)."""
    return KanaloaState.from_position(
        players=PLAYERS, player=0,
        hands={0: ["COCO", "LANI"], 1: ["FARE", "HONU", "RASI"], 2: ["INOA", "JEKA", "KULU"]},
        bridges={0: ["ALOA-DALI", "DALI-ELOI", "BAFI-COCO", "BAFI-FARE", "BAFI-ORO"],
                 1: ["GAPU-RASI", "FARE-GAPU", "GAPU-KULU"], 2: ["INOA-LANI", "LANI-ORO"]},
        display=["MOTU"], talon=0, seed=55)


def relative() -> KanaloaState:
    """KN-16, KN-17 (the rules' picture of the relative majority): ORO's
    last free link is ORO-RASI; the learner's RASI card fills it, three
    bridges against two and two, short of control (four of seven), and the
    learner alone leads: one rival bridge on ORO must go, of their choice."""
    return KanaloaState.from_position(
        players=PLAYERS, player=0,
        hands={0: ["RASI", "GAPU", "LANI"], 1: ["FARE", "JEKA", "MOTU"], 2: ["ALOA", "DALI", "KULU"]},
        bridges={0: ["BAFI-ORO", "COCO-ORO"], 1: ["HONU-ORO", "INOA-ORO"], 2: ["LANI-ORO", "NALU-ORO"]},
        talon=20, seed=56)


def round_two(seed: int, gods: bool) -> KanaloaState:
    """Round 1 of a real deal played by novice bots; the learner takes the
    first colour on their first turn of round 2."""
    deal = cast(KanaloaState, KanaloaState.game.new(players=PLAYERS, seed=seed, gods=gods))
    return play_until(deal, lambda s: s.round == 2 and s.to_move() == [LEARNER], seed=seed)


def capture() -> KanaloaState:
    """GD-3, GD-7: DALI's stone is KANE; whoever first takes DALI captures it
    and scores at once, 1 point for a small island. Round 1, nobody holds an
    island yet: all 16 stones are still on their islands (GD-1, C-4)."""
    return KanaloaState.from_position(
        players=PLAYERS, player=0, gods=True,
        hands={0: ["DALI", "GAPU", "LANI"], 1: ["FARE", "HONU", "RASI"], 2: ["INOA", "JEKA", "KULU"]},
        bridges={0: ["DALI-ELOI"], 1: ["DALI-MOTU", "BAFI-RASI"], 2: ["INOA-LANI"]},
        stones={"DALI": "KANE", "ALOA": "LONO", "ORO": "PELE", "RASI": "KU", "NALU": "KANALOA",
                "BAFI": "KANE", "COCO": "KU", "ELOI": "KANE", "FARE": "PELE", "GAPU": "KANE", "HONU": "KANE",
                "INOA": "LONO", "JEKA": "KANE", "KULU": "KANALOA", "LANI": "KANE", "MOTU": "KANE"},
        talon=23, seed=61)


def kanaloa() -> KanaloaState:
    """GD-8, GD-10: in round 2, the KANALOA stone builds like a card of any
    island: COCO-NALU, the learner's third bridge on COCO, takes COCO."""
    return KanaloaState.from_position(
        players=PLAYERS, player=0, gods=True, round=2,
        hands={0: ["GAPU", "LANI"], 1: ["FARE", "HONU", "RASI"], 2: ["INOA", "JEKA", "KULU"]},
        bridges={0: ["ALOA-COCO", "BAFI-COCO", "ALOA-DALI", "DALI-ELOI"], 1: ["BAFI-RASI", "COCO-ORO"],
                 2: ["INOA-LANI"]},
        stones={"ORO": "PELE", "RASI": "KU"}, tablets={0: ["KANALOA"]},
        scores={0: 3, 1: 1}, talon=20, seed=62)


def lono() -> KanaloaState:
    """GD-13: LONO draws one card more during the turn, here the face-up
    MOTU the learner's MOTU-NALU build needs. The board is the one the
    KANALOA step left (COCO-NALU built, COCO taken, the score 3)."""
    return KanaloaState.from_position(
        players=PLAYERS, player=0, gods=True, round=2,
        hands={0: ["GAPU", "LANI"], 1: ["FARE", "HONU", "RASI"], 2: ["INOA", "JEKA", "KULU"]},
        bridges={0: ["ALOA-COCO", "BAFI-COCO", "COCO-NALU", "ALOA-DALI", "DALI-ELOI"], 1: ["BAFI-RASI"],
                 2: ["INOA-LANI"]},
        stones={"ORO": "PELE", "RASI": "KU"}, tablets={0: ["LONO"]},
        display=["MOTU", "FARE", "JEKA", "ORO"], scores={0: 3, 1: 1}, talon=18, seed=63)


LESSON = Lesson(
    id="kanaloa",
    game="kanaloa",
    players=PLAYERS,
    seed=GAME_SEED,
    steps=(
        Step("opening", opening, "choose HONU", ({"kind": "card", "id": "HONU"},), rules=1),
        Step("build", build, "build DALI-ELOI ELOI",
             ({"kind": "card", "id": "ELOI"}, {"kind": "island", "id": "ELOI"}), rules=2),
        Step("control", control, "build ALOA-DALI DALI",
             ({"kind": "island", "id": "DALI"}, {"kind": "link", "id": "DALI-MOTU"}), rules=4),
        Step("replace", replace, "replace BAFI-COCO BAFI COCO", ({"kind": "link", "id": "BAFI-COCO"},), rules=3),
        Step("draw", draw, "take NALU", ({"kind": "slot", "id": 0}, {"kind": "pile", "id": "pile"}), rules=6),
        Step("scoring", scoring, "take MOTU",
             ({"kind": "island", "id": "DALI"}, {"kind": "island", "id": "BAFI"}), rules=7),
    ),
    final=lambda: round_two(GAME_SEED, gods=False),
    pictures=(
        # KN-16..18: met in the short game's log, which links to its rule.
        Picture("relative", relative, ({"kind": "island", "id": "ORO"}, {"kind": "link", "id": "ORO-RASI"}),
                rules=5, move="build ORO-RASI RASI"),
    ),
)

GODS = Lesson(
    id="kanaloa-gods",
    game="kanaloa",
    players=PLAYERS,
    options={"gods": True},
    seed=GODS_SEED,
    steps=(
        Step("capture", capture, "build ALOA-DALI DALI",
             ({"kind": "island", "id": "DALI"}, {"kind": "stone", "id": "DALI"}), rules=9),
        Step("kanaloa", kanaloa, "build COCO-NALU KANALOA",
             ({"kind": "god", "id": "KANALOA"}, {"kind": "island", "id": "COCO"}), rules=9),
        Step("lono", lono, "lono take MOTU", ({"kind": "god", "id": "LONO"}, {"kind": "slot", "id": 0}), rules=9),
    ),
    final=lambda: round_two(GODS_SEED, gods=True),
)

LESSONS = (LESSON, GODS)
