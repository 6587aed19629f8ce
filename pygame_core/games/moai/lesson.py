"""Moai's guided first game (``pygame_core.lessons``): the rulebook's own
worked example (``docs/rules/moai.md``, section 8, Σ0 and T-1 to T-7), the
learner Red (seat 0), the example's round replayed by the engine up to each
of Red's decisions: the bids and the turn order (M-3, M-4), an epoch card
(M-7) and a disaster (M-8, D-ERO), a piece placed face up in a field and
face down in the forest and on the volcano (M-13 to M-15), a Moai carved
with a wood (M-23), a birth (M-36); then the last round of a real game
against two novice bots.
"""

from __future__ import annotations

from ...lessons import LEARNER, Lesson, Step, play_until
from .state import MoaiState
from .tables import EPOCH_IDS, RN_KIND

R, Y, G = 0, 1, 2
GAME_SEED = 81

# Σ0, the example's initial state: the hands, the top of the Rapa Nui deck,
# the top of the epoch deck.
HANDS = {
    "R": ["RN25", "RN01", "RN02", "RN13", "RN14"],
    "Y": ["RN03", "RN35", "RN26", "RN27", "RN15"],
    "G": ["RN04", "RN16", "RN28", "RN05", "RN17"],
}
DECK_TOP = ["RN18", "RN06", "RN29", "RN07", "RN19", "RN30", "RN20", "RN08"]
EPOCH_TOP = ["E1-06", "E1-01", "E1-12", "E1-03"]
ADMIRAL = "E3-01"

# T-3: the 27 placements of the work phase, Red, Yellow, Green in turn.
PLACEMENTS = [
    ("place 3 F1", "place 3 F5", "place 3 F8"),
    ("place 3 F2", "place 3 F6", "place 3 F9"),
    ("place 2 F3", "place 3 F7", "place 3 F10"),
    ("place 1 F4", "place 1 S3", "place 2 S1"),
    ("place 2 S1", "place 2 V1", "place 1 S2"),
    ("place 1 S2", "place 2 V1", "place 1 S2"),
    ("place 3 V2", "place 2 V1", "place 1 S2"),
    ("place 2 V2", "place 1 V1", "place 2 V3"),
    ("place 1 V2", "place 1 V1", "place 2 V3"),
]


def play(state: MoaiState, *moves: str) -> MoaiState:
    """``moves`` played by whoever must decide, in order."""
    for text in moves:
        state.apply(state.to_move()[0], state.as_move(text))
    return state


def sigma0() -> MoaiState:
    """Σ0: round 1 starts, four epoch cards are revealed, three palms bring
    wood to S1, S2 and S3."""
    used = set(DECK_TOP) | {card for hand in HANDS.values() for card in hand}
    deck = DECK_TOP + [card for card in sorted(RN_KIND) if card not in used]
    epoch_deck = EPOCH_TOP + [card for card in EPOCH_IDS if card not in EPOCH_TOP]
    return MoaiState.from_position(players=3, phase="start", round=1, bird_man=G, hands=HANDS,
                                   deck=deck, epoch_deck=epoch_deck)


def bid() -> MoaiState:
    """M-3, M-4: Yellow and Green have bid in secret; Red bids its 3."""
    state = sigma0()
    state.apply(Y, state.as_move("bid 1 R"))
    state.apply(G, state.as_move("bid 1"))
    return state


def epoch() -> MoaiState:
    """M-7: Red, first in turn order, takes the boat card E1-06 (3 cards,
    2 huts, a boat to build)."""
    return play(bid(), "bid 3")


def disaster() -> MoaiState:
    """M-8, D-ERO: a disaster card acts at once; the erosion's taker covers a
    field of his choice."""
    return play(epoch(), "take E1-12")


def work(placed: int) -> MoaiState:
    """The work phase after ``placed`` placements of T-3 (the example's
    epoch phase played: Red E1-06, Yellow E1-01, Green E1-12 and F11)."""
    state = play(epoch(), "take E1-06", "take E1-01", "take E1-12", "erode F11")
    moves = [move for cycle in PLACEMENTS for move in cycle]
    return play(state, *moves[:placed])


def field() -> MoaiState:
    """M-14: a piece in a field goes face up, and feeds the clan."""
    return work(0)


def forest() -> MoaiState:
    """M-13: in the forest, face down; the strongest presence takes S1's wood."""
    return work(12)


def volcano() -> MoaiState:
    """M-15: on the volcano, face down, a space of one's own."""
    return work(18)


def carve() -> MoaiState:
    """M-23: production; Red holds S1's wood (T-4) and declares V2, whose
    3 + 2 + 1 make a 6 m Moai."""
    state = work(27)
    return play(state, "award S1 R")


def birth() -> MoaiState:
    """M-34, M-36: the bilan; Red has drawn and rested two pieces, and may
    give birth with two cards."""
    state = play(carve(), "done", "carve V1", "carve V3")
    return play(state, "rest S2:R1", "rest V2:R3fd")


def last_round() -> MoaiState:
    """The example's round 1 played on from the learner's Moai at V2 (the
    rest by novice bots), then round 2 made the last: the Admiral Roggeveen
    came out of the epoch deck at its reveal and was set aside (M-1, M-39).
    Every idea of the lesson is used again, with Red's clan alive: its 6 m
    Moai, its fields, its pieces in camp and its cards. The learner takes
    Red at its bid."""
    state = play(carve(), "carve V2")
    state = play_until(state, lambda s: s.round == 2 and LEARNER in s.to_move(), seed=GAME_SEED)
    position = state.to_json()
    position["final_round"] = True
    position["admiral_aside"] = True
    position["epoch_deck"] = [card for card in position["epoch_deck"] if card != ADMIRAL]
    return MoaiState.from_json(position)


LESSON = Lesson(
    id="moai",
    game="moai",
    players=3,
    seed=GAME_SEED,
    steps=(
        Step("bid", bid, "bid 3", ({"kind": "card", "id": "3"},), rules=3),
        Step("epoch", epoch, "take E1-06", ({"kind": "epoch", "id": "E1-06"},), rules=4),
        Step("disaster", disaster, "erode F11", ({"kind": "loc", "id": "F11"},), rules=4),
        Step("field", field, "place 3 F1", ({"kind": "loc", "id": "F1"}, {"kind": "camp", "id": 3}), rules=5),
        Step("forest", forest, "place 2 S1", ({"kind": "loc", "id": "S1"}, {"kind": "camp", "id": 2}), rules=5),
        Step("volcano", volcano, "place 3 V2", ({"kind": "loc", "id": "V2"}, {"kind": "camp", "id": 3}), rules=5),
        Step("carve", carve, "carve V2", ({"kind": "loc", "id": "V2"},), rules=6),
        Step("birth", birth, "birth 1 1", ({"kind": "card", "id": "1"},), rules=7),
    ),
    final=last_round,
)

LESSONS = (LESSON,)
