"""Kanaloa's components and codes: the board of the ORO archipelago (spec 2.2,
M-1 to M-7), the cards, colours and god stones (C-1 to C-7), the codes of the
kinds of move, and the phases of a position.

Islands and cards are small ints: the index in ``ISLANDS``, which is
alphabetical, so sorting ints sorts names; the joker KANALOA is written as
the pseudo-card ``16`` in moves. Links are ints too: the index in ``LINKS``.
"""

from __future__ import annotations


# ---------------------------------------------------------------------------
# 1. The board (spec 2.2, M-1 to M-7)
# ---------------------------------------------------------------------------

ISLAND_TABLE = {  # M-5: name: (size class, x, y) -- box 1000 x 700, y grows downward
    "ORO":  ("main",  500, 350),
    "ALOA": ("large", 276,  77),
    "BAFI": ("large", 462, 181),
    "COCO": ("large", 321, 240),
    "DALI": ("small",  64, 315),
    "ELOI": ("large", 213, 341),
    "FARE": ("large", 659,  67),
    "GAPU": ("large", 751, 257),
    "HONU": ("small", 647, 367),
    "INOA": ("large", 690, 525),
    "JEKA": ("small", 434, 636),
    "KULU": ("small", 926, 259),
    "LANI": ("large", 498, 501),
    "MOTU": ("large", 231, 507),
    "NALU": ("large", 360, 424),
    "RASI": ("large", 605, 223),
}
LINKS = (                                                                       # id
    ("ALOA", "BAFI"), ("ALOA", "COCO"), ("ALOA", "DALI"), ("ALOA", "ELOI"),     #  0- 3
    ("ALOA", "FARE"), ("BAFI", "COCO"), ("BAFI", "FARE"), ("BAFI", "ORO"),      #  4- 7
    ("BAFI", "RASI"), ("COCO", "ELOI"), ("COCO", "NALU"), ("COCO", "ORO"),      #  8-11
    ("DALI", "ELOI"), ("DALI", "MOTU"), ("ELOI", "MOTU"), ("ELOI", "NALU"),     # 12-15
    ("FARE", "GAPU"), ("FARE", "KULU"), ("FARE", "RASI"), ("GAPU", "HONU"),     # 16-19
    ("GAPU", "INOA"), ("GAPU", "KULU"), ("GAPU", "RASI"), ("HONU", "ORO"),      # 20-23
    ("HONU", "RASI"), ("INOA", "JEKA"), ("INOA", "KULU"), ("INOA", "LANI"),     # 24-27
    ("INOA", "ORO"), ("JEKA", "LANI"), ("JEKA", "MOTU"), ("LANI", "MOTU"),      # 28-31
    ("LANI", "NALU"), ("LANI", "ORO"), ("MOTU", "NALU"), ("NALU", "ORO"),       # 32-35
    ("ORO", "RASI"),                                                            # 36
)
SIZE_LINKS = {"small": 3, "large": 5, "main": 7}
CONTROL_THRESHOLD = {"small": 2, "large": 3, "main": 4}   # KN-10: "more than half"
KANE_POINTS = {"small": 1, "large": 2, "main": 3}        # GD-7

ISLANDS = tuple(sorted(ISLAND_TABLE))
N_ISLANDS = len(ISLANDS)
N_LINKS = len(LINKS)
ISLAND_INDEX = {name: i for i, name in enumerate(ISLANDS)}
SIZE = tuple(ISLAND_TABLE[name][0] for name in ISLANDS)
LAYOUT = {name: ISLAND_TABLE[name][1:] for name in ISLANDS}
LINK_ENDS = tuple((ISLAND_INDEX[a], ISLAND_INDEX[b]) for a, b in LINKS)
LINK_NAMES = tuple(f"{a}-{b}" for a, b in LINKS)
LINK_INDEX = {name: i for i, name in enumerate(LINK_NAMES)}
LINK_BETWEEN = {}
for _link, (_a, _b) in enumerate(LINK_ENDS):
    LINK_BETWEEN[_a, _b] = LINK_BETWEEN[_b, _a] = _link
del _link, _a, _b
# For each island, (link, island at the other end) for every link touching it.
LINKS_AT = tuple(
    tuple((link, b if a == x else a) for link, (a, b) in enumerate(LINK_ENDS) if x in (a, b))
    for x in range(N_ISLANDS))
DEGREE = tuple(len(LINKS_AT[x]) for x in range(N_ISLANDS))
THRESHOLD = tuple(CONTROL_THRESHOLD[s] for s in SIZE)
SMALL = tuple(s == "small" for s in SIZE)
KANE_AT = tuple(KANE_POINTS[s] for s in SIZE)

# M-6: the facts the seed fixes, checked when the module loads.
assert N_ISLANDS == 16 and N_LINKS == 37 and len(set(LINKS)) == 37
assert all(a < b for a, b in LINKS) and list(LINKS) == sorted(LINKS)
assert all(DEGREE[x] == SIZE_LINKS[SIZE[x]] for x in range(N_ISLANDS))
assert sorted(SIZE).count("small") == 4 and SIZE.count("large") == 11 and SIZE.count("main") == 1
assert list(ISLANDS) == sorted(ISLANDS)

# ---------------------------------------------------------------------------
# 2. Components: cards, colours, stones (C-1 to C-7)
# ---------------------------------------------------------------------------

CARDS_PER_ISLAND = 3                 # C-3
N_CARDS = N_ISLANDS * CARDS_PER_ISLAND
JOKER = N_ISLANDS                    # KANALOA written as a card in moves (GD-10)
CARD_NAMES = ISLANDS + ("KANALOA",)
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
BRIDGES = 20                         # C-2
ISLAND_MARKERS = 10                  # C-6: the 11th marker is the score pawn
HAND_LIMIT = 5                       # KN-23
DEAL = 4                             # S-4
DISPLAY = 4                          # S-6, S-7
EMPTY = -1

# Colour c's name. The spec's scenarios seat Mateo (yellow), Betty (red),
# Adam (green) and Kayla (blue) in that order, and give Adam red and yellow,
# Betty green and blue with two players: this order keeps both true.
COLOURS = ("yellow", "red", "green", "blue")
COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}

GODS = ("KANE", "KANALOA", "KU", "PELE", "LONO")          # C-4
KANE, KANALOA, KU, PELE, LONO = range(5)
STONE_COUNTS = (8, 2, 2, 2, 2)
GOD_INDEX = {name: i for i, name in enumerate(GODS)}
N_GODS = len(GODS)


def colour_count(players: int) -> int:
    """TP-1: two colours each with two players, one each otherwise."""
    return 4 if players == 2 else players


def colours_of(players: int, player: int) -> tuple:
    return (2 * player, 2 * player + 1) if players == 2 else (player,)


def owner_of(players: int, colour: int) -> int:
    return colour // 2 if players == 2 else colour


# ---------------------------------------------------------------------------
# 3. The kinds of move (docs/games/kanaloa.md, "Move notation")
# ---------------------------------------------------------------------------

(CHOOSE, COLOUR, BUILD, REPLACE, REMOVE, DISCARD, DRAW, TAKE, END, PASS,
 USE_KU, STEAL, USE_PELE, GIVE, LONO_DRAW, LONO_TAKE) = range(16)
KINDS = ("choose", "colour", "build", "replace", "remove", "discard", "draw", "take", "end",
         "pass", "ku", "steal", "pele", "give", "lono draw", "lono take")
KIND_CODE = {kind: code for code, kind in enumerate(KINDS)}
# Per kind: (takes a link, number of cards, takes a target seat or colour).
SHAPE = {
    CHOOSE: (False, 1, False), COLOUR: (False, 0, True), BUILD: (True, 1, False),
    REPLACE: (True, 2, False), REMOVE: (True, 0, False), DISCARD: (False, 1, False),
    DRAW: (False, 0, False), TAKE: (False, 1, False), END: (False, 0, False),
    PASS: (False, 0, False), USE_KU: (False, 0, True), STEAL: (False, 1, False),
    USE_PELE: (False, 0, False), GIVE: (False, 1, True), LONO_DRAW: (False, 0, False),
    LONO_TAKE: (False, 1, False),
}


# ---------------------------------------------------------------------------
# 4. Phases, pending choices, sources of points
# ---------------------------------------------------------------------------

# Turn phases and pending sub-choices.
SETUP, PLAY, OVER = range(3)
PHASES = ("setup", "play", "over")
NO_CHOICE, CHOICE_REMOVE, CHOICE_STEAL, CHOICE_GIVE = range(4)
PENDING_KINDS = (None, "remove", "steal", "give")
# Where points come from (the breakdown): points a position was built with,
# KANE captures, the first scoring, the final scoring, the final marker bonus.
SOURCES = ("earlier", "kane", "first", "final", "marker")


def tablet(tablets: list, p: int) -> dict:
    base = N_GODS * p
    return {GODS[g]: tablets[base + g] for g in range(N_GODS)}


def counted_names(counts: list, row: int) -> list:
    """The sorted names of row ``row`` of a table of 16 counts per row."""
    base = N_ISLANDS * row
    part = counts[base:base + N_ISLANDS]
    if not any(part):
        return []
    names = []
    for x, k in enumerate(part):
        if k:
            names += [ISLANDS[x]] * k
    return names
