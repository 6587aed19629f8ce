"""Haleakala's components and codes: the island (spec 2.2, G-1 to G-7), the
pieces and cards (spec 2.1, 2.3 to 2.6), the codes of the kinds of move and of
the decisions (H-52), and the tasks that wait while a player decides (H-20).

A space is ``5 * section + height`` (height 0 beach, 1 meadow, 2 forest,
3 mountain, 4 crater): 30 spaces. Card kinds and score cards are small ints
(indexes in ``KINDS`` and ``SCORE_CARDS``).
"""

from __future__ import annotations


# ---------------------------------------------------------------------------
# 1. The island (spec 2.2, G-1 to G-7)
# ---------------------------------------------------------------------------

YELLOW, RED = 0, 1
COLOURS = ("yellow", "red")
N_SECTIONS = 6
BEACH, MEADOW, FOREST, MOUNTAIN, CRATER = range(5)
TERRAINS = ("beach", "meadow", "forest", "mountain", "crater")
TERRAIN_PREFIX = ("B", "M", "F", "Mt", "C")
N_SPACES = 5 * N_SECTIONS


def cw(s: int) -> int:
    """G-1: the next section clockwise."""
    return (s + 1) % N_SECTIONS


def ccw(s: int) -> int:
    """G-1: the next section counter-clockwise."""
    return (s + 5) % N_SECTIONS


def space(section: int, height: int) -> int:
    return 5 * section + height


SPACE_NAMES = tuple(f"{TERRAIN_PREFIX[h]}{s}" for s in range(N_SECTIONS) for h in range(5))
SPACE_INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}
SECTION_OF = tuple(i // 5 for i in range(N_SPACES))
HEIGHT_OF = tuple(i % 5 for i in range(N_SPACES))
# G-2: meadows, forests and mountains are the walkable and buildable spaces.
WALKABLE = tuple(MEADOW <= h <= MOUNTAIN for h in HEIGHT_OF)
BUILDABLE = tuple(i for i in range(N_SPACES) if WALKABLE[i])

# G-4: the landmarks.
JETTY = 0                                   # the boat's section at set-up (G-6, P-8)
HUTS = (space(1, BEACH), space(4, BEACH))   # Yellow's and Red's start beaches (P-2)


def _adjacent(i: int) -> tuple:
    """G-5: same section and heights one apart, or same height in a
    neighbouring section. No diagonals, nothing across the centre."""
    s, h = SECTION_OF[i], HEIGHT_OF[i]
    found = []
    if h > 0:
        found.append(space(s, h - 1))
    if h < CRATER:
        found.append(space(s, h + 1))
    found += [space(ccw(s), h), space(cw(s), h)]
    return tuple(found)


ADJACENT = tuple(_adjacent(i) for i in range(N_SPACES))


def _shaman_reach(start: int) -> tuple:
    """H-8 to H-13, the spec's reference algorithm: every space a shaman on
    ``start`` can end on with a path of 1 or 2 steps, entering only meadows,
    forests and mountains (H-9), at most one step up (H-10). Returning to the
    start counts as no move (H-13). The opponent's shaman (H-11) is removed
    later, because it only forbids the end of a path, never a passage."""
    dests = set()
    for n1 in ADJACENT[start]:
        if not WALKABLE[n1]:
            continue
        up1 = HEIGHT_OF[n1] > HEIGHT_OF[start]
        dests.add(n1)
        for n2 in ADJACENT[n1]:
            if not WALKABLE[n2] or n2 == start:
                continue
            if up1 and HEIGHT_OF[n2] > HEIGHT_OF[n1]:
                continue
            dests.add(n2)
    return tuple(sorted(dests))


SHAMAN_REACH = tuple(_shaman_reach(i) for i in range(N_SPACES))
# E-3: a lava flow in section s visits the mountain, the forest, then the meadow.
FLOW_PATH = tuple((space(s, MOUNTAIN), space(s, FOREST), space(s, MEADOW))
                  for s in range(N_SECTIONS))
SECTION_SPACES = tuple((space(s, MEADOW), space(s, FOREST), space(s, MOUNTAIN))
                       for s in range(N_SECTIONS))

# ---------------------------------------------------------------------------
# 2. Pieces and cards (spec 2.1, 2.3 to 2.6)
# ---------------------------------------------------------------------------

DISC_VALUES = (1, 2, 3, 4, 5)         # D-1 [designed]: one disc of each value per player
N_DISCS = len(DISC_VALUES)
STATUES_PER_PLAYER = 8                 # C-10, D-3
LAVA_DISCS = 4                         # C-4, D-4
IN_RESERVE = -1
INVOCATION_BOXED = -2                  # base game: the invocation disc stays in the box (P-1)

FISH1, FISH2, FISH3, FISH4, FISH5, PEARL_B, PEARL_W, NAUTILUS, SHELL, STATUE, PRIESTESS, LAVA = range(12)
KINDS = ("FISH1", "FISH2", "FISH3", "FISH4", "FISH5", "PEARL_B", "PEARL_W", "NAUTILUS",
         "SHELL", "STATUE", "PRIESTESS", "LAVA")
N_KINDS = len(KINDS)
KIND_INDEX = {name: i for i, name in enumerate(KINDS)}
BASKETS = (1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0)          # S-12
BUTTERFLIES = (1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0)      # table 2.4
COLLECTIBLE = tuple(k <= NAUTILUS for k in range(N_KINDS))   # H-40

# Deck composition [designed], table 2.4: counts per kind for the 1-, 2- and 3-palm decks.
DECK_COMPOSITION = (
    #  F1 F2 F3 F4 F5 PB PW NA SH ST PR LA
    (2, 2, 1, 0, 0, 0, 1, 0, 4, 5, 0, 0),     # 15 one-palm cards
    (0, 0, 0, 1, 0, 1, 0, 0, 1, 3, 2, 4),     # 12 two-palm cards
    (0, 0, 0, 0, 1, 0, 0, 1, 2, 4, 3, 4),     # 15 three-palm cards
)
TACTICAL_COMPOSITION = tuple(counts[:LAVA] + (0,) for counts in DECK_COMPOSITION)   # V-1
N_SLOTS = 2 * N_SECTIONS                  # G-3
START_DEAL = 12                           # P-5

assert [sum(c) for c in DECK_COMPOSITION] == [15, 12, 15]
assert [sum(c) for c in TACTICAL_COMPOSITION] == [15, 8, 11]
assert sum(BUTTERFLIES[k] * sum(c[k] for c in DECK_COMPOSITION) for k in range(N_KINDS)) == 8
assert sum(BASKETS[k] * sum(c[k] for c in DECK_COMPOSITION) for k in range(N_KINDS)) == 18

# Score cards (2.5) and the board Priestess (2.6): the six items of H-44.
SC_BUTTERFLY, SC_MAJORITY, SC_SECTION, SC_FOREST, SC_MOUNTAIN, BOARD_PRIESTESS = range(6)
SCORE_CARDS = ("SC_BUTTERFLY", "SC_MAJORITY", "SC_SECTION", "SC_FOREST", "SC_MOUNTAIN")
N_SCORE_CARDS = len(SCORE_CARDS)
ITEMS = SCORE_CARDS + ("BOARD_PRIESTESS",)
ITEM_WORDS = ("butterfly", "majority", "section", "forest", "mountain", "priestess")
ITEM_COST = (1, 1, 1, 2, 2, 1)
ITEM_INDEX = {name: i for i, name in enumerate(ITEMS)}

STATUE_POINTS = (0, 1, 2, 3, 0)          # S-11, by height
FISH_MAJORITY_POINTS = 3                 # S-12
NAUTILUS_POINTS = 3                      # S-14


# ---------------------------------------------------------------------------
# 3. The kinds of move and the decisions (H-52)
# ---------------------------------------------------------------------------

PLACE, TAKE, BOAT, SHAMAN, STAY, PICK, LAVA_MOVE, DECLINE, BUY, PASS, RAISE, NO_RAISE = range(12)
MOVE_KINDS = ("place", "take", "boat", "shaman", "stay", "pick", "lava", "decline", "buy", "pass",
              "raise", "noraise")

# Decision phases (H-52): who must answer what.
P_TURN, P_SHAMAN, P_PICK, P_LAVA, P_BUY, P_STATUE, P_OVER = range(7)
PHASES = ("turn", "shaman", "pick", "lava", "buy", "statue", "over")
# The kinds of move each decision takes.
PHASE_KINDS = ((PLACE, TAKE, BOAT), (SHAMAN, STAY), (PICK,), (LAVA_MOVE, DECLINE), (BUY, PASS),
               (RAISE, NO_RAISE), ())


# ---------------------------------------------------------------------------
# 4. What waits while a player decides (the arrival procedure, H-20)
# ---------------------------------------------------------------------------

# A task is a tuple (code, a, b); the stack runs from its end.
T_END_TURN = 0      # H-50: the turn ends (a: unused)
T_REFILL = 1        # H-32 to H-37: refill section a
T_RETURN = 2        # H-30: the numbered discs on beach a go back
T_SECOND = 3        # H-24: player a takes the card left in section b
T_RECOVER = 4       # V-5b: player a takes back their invocation disc
T_POINTS = 5        # S-2 steps 2-4: eruption and points of scoring a (b: 1 when truncated, H-53)
T_PRESCORE = 6      # S-3: player a may make one purchase before the scoring
TASK_NAMES = ("end_turn", "refill", "return", "second", "recover", "points", "prescore")
TASK_ARITY = (0, 1, 1, 2, 1, 2, 1)

# Purchase and Priestess contexts (view and log only).
CTX_SHELL, CTX_SCORING = 0, 1            # a purchase after a shell (H-43) or before a scoring (S-3)
CTX_CARD, CTX_BOARD = 0, 1               # a Priestess palm card (H-42) or the board Priestess (BP-1)


def kind_name(k: int):
    return None if k < 0 else KINDS[k]


def invocation_name(where: int):
    if where == INVOCATION_BOXED:
        return None
    return "reserve" if where == IN_RESERVE else where
