"""Kahuna's components and codes: the board (spec 2.1 to 2.4), the numbers
the rules count with, and the codes of the kinds of move.

Islands and cards are small ints: the index in ``ISLANDS``, which is
alphabetical, so sorting ints sorts names. Lines are ints too: the index in
``LINES``.
"""

from __future__ import annotations


# ---------------------------------------------------------------------------
# 1. The board (spec 2.1 to 2.4)
# ---------------------------------------------------------------------------

ISLANDS = ("ALOA", "BARI", "COCO", "DUDA", "ELAI", "FAAA",
           "GOLA", "HUNA", "IFFI", "JOJO", "KAHU", "LALE")

LINES = (                                                    # id
    ("ALOA", "BARI"), ("ALOA", "DUDA"), ("ALOA", "HUNA"),   #  0  1  2
    ("BARI", "COCO"), ("BARI", "DUDA"), ("BARI", "ELAI"),   #  3  4  5
    ("BARI", "FAAA"), ("COCO", "FAAA"), ("COCO", "GOLA"),   #  6  7  8
    ("COCO", "KAHU"), ("DUDA", "ELAI"), ("DUDA", "HUNA"),   #  9 10 11
    ("ELAI", "FAAA"), ("ELAI", "HUNA"), ("ELAI", "IFFI"),   # 12 13 14
    ("ELAI", "JOJO"), ("FAAA", "GOLA"), ("FAAA", "JOJO"),   # 15 16 17
    ("GOLA", "JOJO"), ("GOLA", "KAHU"), ("HUNA", "IFFI"),   # 18 19 20
    ("HUNA", "LALE"), ("IFFI", "JOJO"), ("IFFI", "KAHU"),   # 21 22 23
    ("IFFI", "LALE"), ("JOJO", "KAHU"), ("KAHU", "LALE"),   # 24 25 26
)

DEGREE = {i: sum(i in line for line in LINES) for i in ISLANDS}
NEEDED = {i: DEGREE[i] // 2 + 1 for i in ISLANDS}   # smallest strict majority

LAYOUT = {
    "ALOA": (100, 80),  "BARI": (443, 80),  "COCO": (900, 122),
    "DUDA": (188, 205), "ELAI": (432, 262), "FAAA": (718, 220),
    "GOLA": (800, 300), "HUNA": (162, 418), "IFFI": (432, 454),
    "JOJO": (666, 371), "KAHU": (850, 470), "LALE": (401, 620),
}

DECK = tuple(i for i in ISLANDS for _ in range(2))   # 24 cards, 2 per island

BRIDGES_PER_PLAYER = 25     # SU-2
HAND_LIMIT = 5              # KH-25
START_HAND = 3              # SU-4
SLOTS = 3                   # SU-5: the display
INTERIM_POINTS = (1, 2)     # SC-2: after round 1, after round 2

assert len(LINES) == 27 and len(set(LINES)) == 27
assert all(a < b for a, b in LINES)
assert sum(DEGREE.values()) == 2 * len(LINES) == 54
assert list(ISLANDS) == sorted(ISLANDS)

# Engine tables: everything the hot paths look up, computed once.
N_ISLANDS = len(ISLANDS)
N_LINES = len(LINES)
ISLAND_INDEX = {name: i for i, name in enumerate(ISLANDS)}
LINE_ENDS = tuple((ISLAND_INDEX[a], ISLAND_INDEX[b]) for a, b in LINES)
LINE_NAMES = tuple(f"{a}-{b}" for a, b in LINES)
LINE_INDEX = {name: i for i, name in enumerate(LINE_NAMES)}
NEEDED_AT = tuple(NEEDED[name] for name in ISLANDS)
# For each island, (line, island at the other end) for every line touching it.
LINKS_AT = tuple(
    tuple((line, b if a == x else a) for line, (a, b) in enumerate(LINE_ENDS) if x in (a, b))
    for x in range(N_ISLANDS))
LINE_BETWEEN = {}
for _line, (_a, _b) in enumerate(LINE_ENDS):
    LINE_BETWEEN[_a, _b] = LINE_BETWEEN[_b, _a] = _line
del _line, _a, _b

P_NAMES = ("P0", "P1")


# ---------------------------------------------------------------------------
# 2. The kinds of move (docs/protocol.md, "Move notation"; spec 4.1)
# ---------------------------------------------------------------------------

PLACE, REMOVE, HIDE, DRAW, TAKE, SKIP = range(6)
KINDS = ("place", "remove", "hide", "draw", "take", "skip")
KIND_CODE = {kind: code for code, kind in enumerate(KINDS)}


def card_names(counts: list, player: int) -> list:
    """The sorted card names of one player's 12-count slice."""
    base = N_ISLANDS * player
    return [ISLANDS[x] for x in range(N_ISLANDS) for _ in range(counts[base + x])]
