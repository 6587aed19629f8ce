"""Haleakala's guided first games (``pygame_core.lessons``), the learner
Yellow (seat 0). Sections are 0 to 5 here and 1 to 6 on the page.

``haleakala``: a disc on a beach, the sums never equal (H-3, H-4); the
shaman's walk (H-8 to H-10); a disc on the boat's beach sails the boat
(H-5, H-15); the highest sum on the beach where it stops takes first
(H-24); a statue raised where the shaman stands (H-41); the first scoring
and the eruption's lava (H-35, E-rules); then round 2 of a real game
against the novice bot.

``haleakala-tactical``, the tactical variant: the invocation disc sails with
a numbered one and calls lava onto the crater where the boat stops (V-3);
then round 2 of a real game of the variant.
"""

from __future__ import annotations

from typing import cast

from ...lessons import LEARNER, Lesson, Step, play_until
from .state import HaleakalaState

Y, R = 0, 1
GAME_SEED = 71
TACTICAL_SEED = 73


def discs() -> HaleakalaState:
    """H-3, H-4: Red's 3 lies on beach 3; Yellow's 2 may join it, never a 3."""
    return HaleakalaState.from_position(boat=0, to_move=Y, beaches={3: {R: [3]}})


def shaman() -> HaleakalaState:
    """H-8 to H-10: after a disc, the shaman walks one or two steps, at
    most one of them up; from its hut only the meadows are in reach."""
    state = discs()
    state.apply(Y, state.as_move("place 2 3"))
    return state


def boat() -> HaleakalaState:
    """H-5, H-15: a disc on the boat's beach sails the boat by its value,
    from section 0 to section 2, where Yellow's 4 and Red's 3 lie."""
    return HaleakalaState.from_position(boat=0, to_move=Y, slots={2: ["SHELL", "STATUE"]},
                                        beaches={2: {Y: [4], R: [3]}}, shamans={Y: "F1", R: "M5"})


def cards() -> HaleakalaState:
    """H-24: 4 against 3 on beach 2: Yellow takes first, then Red the other."""
    state = boat()
    state.apply(Y, state.as_move("place 2 0"))
    return state


def statue() -> HaleakalaState:
    """H-41: the STATUE card raises a statue where the shaman stands, on F1."""
    state = cards()
    state.apply(Y, state.as_move("pick 1"))
    return state


def eruption() -> HaleakalaState:
    """H-35 and the eruption: the last 2-palm card refills slot 0 of
    section 4 and the first scoring begins; the lava of crater 2 burns Red's
    statues on Mt2 and F2, Yellow's on M2 below them survives."""
    state = HaleakalaState.from_position(
        boat=0, to_move=Y, decks=[[], ["FISH4"], None], slots={4: ["FISH1", "PEARL_W"]},
        beaches={4: {Y: [1]}}, craters={2: 2, 0: 1, 3: 1},
        statues={Y: ["M2", "Mt1"], R: ["Mt2", "F2", "F4"]}, shamans={Y: "F1", R: "M5"})
    state.apply(Y, state.as_move("place 4 0"))
    return state


def invocation() -> HaleakalaState:
    """V-3: the invocation disc sails with the 2 and calls a lava disc onto
    crater 2, before the cards are shared."""
    return HaleakalaState.from_position(boat=0, to_move=Y, tactical=True, slots={2: ["FISH2", "STATUE"]},
                                        beaches={2: {Y: [4], R: [3]}}, shamans={Y: "F1", R: "M5"})


def round_two(seed: int, tactical: bool) -> HaleakalaState:
    """Round 1 of a real deal played by novice bots; the learner takes
    Yellow at their first turn of round 2."""
    deal = cast(HaleakalaState, HaleakalaState.game.new(players=2, seed=seed, tactical=tactical))
    return play_until(deal, lambda s: s.round == 2 and s.to_move() == [LEARNER], seed=seed)


LESSON = Lesson(
    id="haleakala",
    game="haleakala",
    players=2,
    seed=GAME_SEED,
    steps=(
        Step("discs", discs, "place 2 3", ({"kind": "space", "id": "B3"}, {"kind": "disc", "id": 2}), rules=3),
        Step("shaman", shaman, "shaman M1", ({"kind": "space", "id": "B1"}, {"kind": "space", "id": "M1"}), rules=6),
        Step("boat", boat, "place 2 0", ({"kind": "space", "id": "B0"}, {"kind": "space", "id": "B2"}), rules=4),
        Step("cards", cards, "pick 1", ({"kind": "slot", "id": [2, 0]}, {"kind": "slot", "id": [2, 1]}), rules=4),
        Step("statue", statue, "raise", ({"kind": "space", "id": "F1"},), rules=5),
        Step("eruption", eruption, "pick 0",
             ({"kind": "space", "id": "C2"}, {"kind": "space", "id": "Mt2"}, {"kind": "space", "id": "F2"}), rules=7),
    ),
    final=lambda: round_two(GAME_SEED, tactical=False),
)

TACTICAL = Lesson(
    id="haleakala-tactical",
    game="haleakala",
    players=2,
    options={"tactical": True},
    seed=TACTICAL_SEED,
    steps=(
        Step("invoke", invocation, "place 2 0 invoke",
             ({"kind": "disc", "id": "invoke"}, {"kind": "space", "id": "C2"}), rules=8),
    ),
    final=lambda: round_two(TACTICAL_SEED, tactical=True),
)

LESSONS = (LESSON, TACTICAL)
