"""Moai's components and codes: the Rapa Nui and epoch cards, the tiles, the
board and its locations (spec section 2), the variants, the steps of the round,
and the codes of the kinds of move.

A *location* is one int: forest S1-S6 are 0-5, fields F1-F16 are 6-21, the six
boats (by boat card) 22-27, volcano spaces V1, V2 ... are 28, 29 ...; the camp
is -1. A piece is ``(location, seat, s, fd)``: ``s`` the strength minus one,
``fd`` 1 for a face-down piece.
"""

from __future__ import annotations


# ---------------------------------------------------------------------------
# 1. Components (spec section 2)
# ---------------------------------------------------------------------------

COLOURS = ("red", "yellow", "green", "blue", "white")       # C-7 [designed names]
LETTERS = "RYGBW"                                            # seat p plays COLOURS[p]

# C-3 Rapa Nui cards: four kinds. A Raid card is worth 1 for every purpose.
ONE, TWO, THREE, RAID = range(4)
KIND_NAMES = ("1", "2", "3", "R")
KIND_OF = {name: k for k, name in enumerate(KIND_NAMES)}
VALUE = (1, 2, 3, 1)
DECK_COMPOSITION = (12, 12, 10, 6)                           # RN01-12, 13-24, 25-34, 35-40
N_CARDS = 40
RN_KIND = {f"RN{i:02d}": (ONE if i <= 12 else TWO if i <= 24 else THREE if i <= 34 else RAID)
           for i in range(1, N_CARDS + 1)}
HAND_SIZE = 5                                                # S-9

# C-4 Epoch cards.
NEUTRAL, BOAT, DISASTER, END = range(4)
TYPE_NAMES = ("neutral", "boat", "disaster", "end")
(FX_NONE, FX_BOAT, FX_ERO, FX_FIRE, FX_BURN, FX_EPI, FX_WAR, FX_TOPPLE, FX_END) = range(9)
EFFECT_NAMES = ("none", "boat_build", "erosion", "fire", "burning_boat", "epidemic",
                "tribal_war", "toppled_moai", "end")

#               id      epoch name            type      cards huts palm effect   fire
EPOCH_CARDS = (
    ("E1-01", 1, "plenty", NEUTRAL, 3, 3, 1, FX_NONE, 0),
    ("E1-02", 1, "plenty", NEUTRAL, 3, 3, 1, FX_NONE, 0),
    ("E1-03", 1, "peace", NEUTRAL, 4, 2, 1, FX_NONE, 0),
    ("E1-04", 1, "feast", NEUTRAL, 3, 3, 1, FX_NONE, 0),
    ("E1-05", 1, "ceremony", NEUTRAL, 2, 4, 0, FX_NONE, 0),
    ("E1-06", 1, "boat", BOAT, 3, 2, 1, FX_BOAT, 0),
    ("E1-07", 1, "boat", BOAT, 3, 2, 1, FX_BOAT, 0),
    ("E1-08", 1, "boat", BOAT, 3, 2, 0, FX_BOAT, 0),
    ("E1-09", 1, "boat", BOAT, 2, 3, 1, FX_BOAT, 0),
    ("E1-10", 1, "erosion", DISASTER, 2, 3, 1, FX_ERO, 0),
    ("E1-11", 1, "erosion", DISASTER, 2, 3, 1, FX_ERO, 0),
    ("E1-12", 1, "erosion", DISASTER, 2, 3, 0, FX_ERO, 0),
    ("E1-13", 1, "erosion", DISASTER, 3, 2, 1, FX_ERO, 0),
    ("E1-14", 1, "fire", DISASTER, 2, 3, 0, FX_FIRE, 1),
    ("E2-01", 2, "peace", NEUTRAL, 3, 3, 1, FX_NONE, 0),
    ("E2-02", 2, "feast", NEUTRAL, 3, 2, 0, FX_NONE, 0),
    ("E2-03", 2, "boat", BOAT, 3, 2, 1, FX_BOAT, 0),
    ("E2-04", 2, "boat", BOAT, 2, 2, 0, FX_BOAT, 0),
    ("E2-05", 2, "erosion", DISASTER, 2, 3, 1, FX_ERO, 0),
    ("E2-06", 2, "erosion", DISASTER, 2, 2, 0, FX_ERO, 0),
    ("E2-07", 2, "erosion", DISASTER, 2, 3, 0, FX_ERO, 0),
    ("E2-08", 2, "fire", DISASTER, 2, 3, 1, FX_FIRE, 1),
    ("E2-09", 2, "fire", DISASTER, 2, 2, 0, FX_FIRE, 1),
    ("E2-10", 2, "burning_boat", DISASTER, 2, 3, 1, FX_BURN, 0),
    ("E2-11", 2, "burning_boat", DISASTER, 2, 2, 0, FX_BURN, 0),
    ("E2-12", 2, "epidemic", DISASTER, 2, 3, 0, FX_EPI, 0),
    ("E2-13", 2, "epidemic", DISASTER, 2, 2, 1, FX_EPI, 0),
    ("E2-14", 2, "tribal_war", DISASTER, 2, 2, 0, FX_WAR, 0),
    ("E3-01", 3, "admiral", END, 0, 0, 0, FX_END, 0),
    ("E3-02", 3, "erosion", DISASTER, 1, 2, 1, FX_ERO, 0),
    ("E3-03", 3, "great_fire", DISASTER, 1, 2, 0, FX_FIRE, 2),
    ("E3-04", 3, "burning_boat", DISASTER, 1, 2, 0, FX_BURN, 0),
    ("E3-05", 3, "epidemic", DISASTER, 2, 2, 1, FX_EPI, 0),
    ("E3-06", 3, "tribal_war", DISASTER, 1, 3, 0, FX_WAR, 0),
    ("E3-07", 3, "toppled_moai", DISASTER, 1, 2, 0, FX_TOPPLE, 0),
    ("E3-08", 3, "toppled_moai", DISASTER, 2, 2, 0, FX_TOPPLE, 0),
)
N_EPOCH = len(EPOCH_CARDS)
EPOCH_IDS = tuple(c[0] for c in EPOCH_CARDS)
EPOCH_INDEX = {name: i for i, name in enumerate(EPOCH_IDS)}
EPOCH_OF = tuple(c[1] for c in EPOCH_CARDS)
CARD_TYPE = tuple(c[3] for c in EPOCH_CARDS)
CARDS_DRAWN = tuple(c[4] for c in EPOCH_CARDS)
HUTS = tuple(c[5] for c in EPOCH_CARDS)
PALM = tuple(c[6] for c in EPOCH_CARDS)
EFFECT = tuple(c[7] for c in EPOCH_CARDS)
FIRE_LOSS = tuple(c[8] for c in EPOCH_CARDS)
ADMIRAL = EPOCH_INDEX["E3-01"]
EPOCH_SIZES = (14, 14, 8)
SHORT_GAME_REMOVALS = (2, 2, 1)                              # V-3
CARDS_OF_EPOCH = tuple(tuple(i for i in range(N_EPOCH) if EPOCH_OF[i] == e) for e in (1, 2, 3))

# C-9 the six boat cards; a built boat is a location.
BOAT_CARDS = tuple(i for i in range(N_EPOCH) if CARD_TYPE[i] == BOAT)
BOAT_INDEX = {card: b for b, card in enumerate(BOAT_CARDS)}
BOAT_IDS = tuple(EPOCH_IDS[c] for c in BOAT_CARDS)
N_BOATS = len(BOAT_CARDS)

# C-6 Moai tiles [designed heights].
MOAI_HEIGHTS = (2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9)
N_TILES = len(MOAI_HEIGHTS)
TILE_IDS = tuple(f"M{i + 1:02d}" for i in range(N_TILES))
TILE_INDEX = {name: i for i, name in enumerate(TILE_IDS)}
TILES_OF_HEIGHT = {h: tuple(i for i in range(N_TILES) if MOAI_HEIGHTS[i] == h) for h in range(10)}
MAX_HEIGHT = max(MOAI_HEIGHTS)

# C-2 the board, C-8 the tokens, S-4.
N_FOREST = 6
N_FIELDS = 16
WOOD_TOKENS = 15
DISASTER_TOKENS = 10
COVERED_FIELDS = {2: 8, 3: 5, 4: 2, 5: 0}
PER_STRENGTH = 6                                              # C-7: 6 pieces of each strength
START_CAMP = 3                                                # S-7: 3 of each strength
COVERED, FREE = -2, -1

# Locations.
CAMP = -1
FIELD0 = N_FOREST
BOAT0 = FIELD0 + N_FIELDS
VOLCANO0 = BOAT0 + N_BOATS
FOREST_Z, VOLCANO_Z, FIELDS_Z, OCEAN_Z = range(4)
ZONE_NAMES = ("forest", "volcano", "fields", "ocean")
STARVING_ZONES = (FOREST_Z, VOLCANO_Z)                       # M-29, A-15: where hunger kills
MAX_SPACES = 999
FOREST_LOCS = tuple(range(N_FOREST))

# Options: one per rulebook variant (spec section 6).
OPTIONS = ("all_face_up", "open_bids", "short_game", "title_rule", "fixed_victims")
V1, V2, V3, V4, V5 = range(5)

# Steps of the round (the "phase" of the position).
(BID, RANK, TAKE, VICTIM, ERODE, KILL, LOSE, SINK, WORK, AWARD, CARVE, RAID_STEP, STARVE,
 REST, BIRTH, OVER) = range(16)
PHASE_NAMES = ("bid", "rank", "take", "victim", "erode", "kill", "lose", "sink", "work",
               "award", "carve", "raid", "starve", "rest", "birth", "over")
PHASE_INDEX = {name: i for i, name in enumerate(PHASE_NAMES)}
# The five phases of M-0 for the view.
ROUND_PHASE = ("bird_man", "bird_man", "epoch", "epoch", "epoch", "epoch", "epoch", "epoch",
               "work", "production", "production", "production", "production", "bilan",
               "bilan", "over")
DISASTER_STEPS = (VICTIM, ERODE, KILL, LOSE, SINK)


def _name_of(loc: int) -> str:
    if loc < 0:
        return "camp"
    if loc < FIELD0:
        return f"S{loc + 1}"
    if loc < BOAT0:
        return f"F{loc - FIELD0 + 1}"
    if loc < VOLCANO0:
        return BOAT_IDS[loc - BOAT0]
    return f"V{loc - VOLCANO0 + 1}"


# The names of the board's locations and of the first volcano spaces, written once.
LOC_NAMES = tuple(_name_of(loc) for loc in range(VOLCANO0 + 40))


def loc_name(loc: int) -> str:
    if 0 <= loc < len(LOC_NAMES):
        return LOC_NAMES[loc]
    return _name_of(loc)


def zone_of(loc: int) -> int:
    if loc < FIELD0:
        return FOREST_Z
    if loc < BOAT0:
        return FIELDS_Z
    if loc < VOLCANO0:
        return OCEAN_Z
    return VOLCANO_Z


_LOC_INDEX = {"camp": CAMP}
_LOC_INDEX.update({f"S{i + 1}": i for i in range(N_FOREST)})
_LOC_INDEX.update({f"F{i + 1}": FIELD0 + i for i in range(N_FIELDS)})
_LOC_INDEX.update({name: BOAT0 + b for b, name in enumerate(BOAT_IDS)})


def parse_loc(word: str) -> int:
    loc = _LOC_INDEX.get(word)
    if loc is not None:
        return loc
    if len(word) > 1 and word[0] == "V" and word[1:].isdigit() and word[1] != "0":
        k = int(word[1:])
        if 1 <= k <= MAX_SPACES:
            return VOLCANO0 + k - 1
    raise ValueError(f"{word!r} is not a place (S1-S6, F1-F16, V1 ..., a boat like E1-06, camp)")


def piece_text(piece) -> str:
    loc, q, s, fd = piece
    return f"{loc_name(loc)}:{LETTERS[q]}{s + 1}{'fd' if fd else ''}"


def parse_piece(word: str):
    where, sep, what = word.partition(":")
    if not sep:
        raise ValueError(f"a piece is written like S1:R2 or V3:G1fd, not {word!r}")
    loc = parse_loc(where)
    fd = 0
    if what.endswith("fd"):
        fd, what = 1, what[:-2]
    if len(what) != 2 or what[0] not in LETTERS or what[1] not in "123":
        raise ValueError(f"a piece is a colour letter and a strength like R2, not {what!r}")
    if fd and (loc < 0 or FIELD0 <= loc < VOLCANO0):
        raise ValueError(f"a piece {'in camp' if loc < 0 else 'in a field or on a boat'} "
                         f"has no face-down side: {word!r}")
    return (loc, LETTERS.index(what[0]), int(what[1]) - 1, fd)


def piece_dict(piece) -> dict:
    loc, q, s, fd = piece
    return {"location": loc_name(loc), "zone": "camp" if loc < 0 else ZONE_NAMES[zone_of(loc)],
            "player": q, "strength": s + 1, "face_up": not fd}


# ---------------------------------------------------------------------------
# 2. The kinds of move (docs/games/moai.md, "Move notation")
# ---------------------------------------------------------------------------

(M_BID, M_RANK, M_TAKE, M_VICTIM, M_ERODE, M_KILL, M_LOSE, M_SINK, M_PLACE, M_PASS, M_SWAP,
 M_AWARD, M_CARVE, M_DONE, M_RAID, M_STARVE, M_REST, M_BIRTH, M_BUILD) = range(19)
KINDS = ("bid", "rank", "take", "victim", "erode", "kill", "lose", "sink", "place", "pass",
         "swap", "award", "carve", "done", "raid", "starve", "rest", "birth", "build")

# Which kinds of move each step accepts.
STEP_KINDS = {
    BID: (M_BID,), RANK: (M_RANK,), TAKE: (M_TAKE,), VICTIM: (M_VICTIM,), ERODE: (M_ERODE,),
    KILL: (M_KILL,), LOSE: (M_LOSE,), SINK: (M_SINK,), WORK: (M_PLACE, M_PASS, M_SWAP),
    AWARD: (M_AWARD,), CARVE: (M_CARVE, M_DONE), RAID_STEP: (M_RAID, M_DONE),
    STARVE: (M_STARVE,), REST: (M_REST,), BIRTH: (M_BIRTH, M_DONE, M_BUILD), OVER: (),
}


def cards_text(counts) -> list:
    return [KIND_NAMES[k] for k in range(4) for _ in range(counts[k])]


def space_json(v: list, i: int) -> list:
    q = v[i]
    if q < 0:
        return []
    out = []
    for fd in (0, 1):
        for s in range(3):
            out += [f"{LETTERS[q]}{s + 1}{'fd' if fd else ''}"] * v[i + 1 + 3 * fd + s]
    return out
