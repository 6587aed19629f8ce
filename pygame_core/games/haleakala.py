"""Haleakala: two shamans, a fishing boat and a volcano that burns statues.

The rules follow ``docs/rules/haleakala.md``; each rule is cited by its id
(``H-24``, ``S-3``, ``E-3``, ``V-5`` ...) where the code applies it. The module
reads in rulebook order: the island (G-1 to G-7), the cards (2.4 to 2.6), the
moves, set-up (P-1 to P-10), the turn (H-1 to H-14), the boat and the arrival
procedure (H-15 to H-37), card effects and purchases (H-40 to H-47), scorings
and the eruption (S-1 to S-25, E-1 to E-7), the tactical variant (V-1 to V-9),
what each player sees (I-1 to I-4), and last the saved position.

Representation. A space is ``5 * section + height`` (height 0 beach, 1 meadow,
2 forest, 3 mountain, 4 crater): 30 spaces. Card kinds and score cards are
small ints (indexes in ``KINDS`` and ``SCORE_CARDS``). Per-player tables are
flat lists:

* ``discs[5p + v - 1]``: where numbered disc ``v`` of player ``p`` lies, -1 in
  the reserve or a beach 0-5;
* ``sums[6p + b]``: the sum of ``p``'s numbered discs on beach ``b`` (kept up to
  date with ``discs``; the sum rule H-3 reads it);
* ``statues[space]``: the owner of the statue there, or -1;
* ``slots[2s + k]``: the card kind in slot ``k`` of section ``s``, or -1;
* ``decks[d]``: the face-down (d+1)-palm deck, its top at the END of the list;
* ``collections[12p + kind]``: how many cards of a collectible kind ``p`` holds;
* ``discard[kind]``: the face-up discard pile (H-47), as counts.

Decisions (H-52) are separate small moves. When a decision interrupts the
arrival procedure (a card to choose, a lava disc to move, a purchase), what is
left to do waits on ``stack``, a list of small tuples run from its end: the
rest of the distribution, the disc return, the refill, a scoring, the end of
the turn. There are no simultaneous or secret choices (I-3): one player
decides at a time. The only hidden information is the order of the three
decks (I-1).
"""

from __future__ import annotations

from ..engine import (BadState, CodedMove, Event, Game, GameError, IllegalMove, Rng, State, check,
                      check_fields, check_result, is_int)

__all__ = ["Haleakala", "HaleakalaMove", "HaleakalaState",
           "KINDS", "SCORE_CARDS", "SPACE_NAMES", "DECK_COMPOSITION", "SHAMAN_REACH"]

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
# 3. Moves (docs/games/haleakala.md, "Move notation"; H-52)
# ---------------------------------------------------------------------------

PLACE, TAKE, BOAT, SHAMAN, STAY, PICK, LAVA_MOVE, DECLINE, BUY, PASS, RAISE, NO_RAISE = range(12)
MOVE_KINDS = ("place", "take", "boat", "shaman", "stay", "pick", "lava", "decline", "buy", "pass",
              "raise", "noraise")

# Decision phases (H-52): who must answer what.
P_TURN, P_SHAMAN, P_PICK, P_LAVA, P_BUY, P_STATUE, P_OVER = range(7)
PHASES = ("turn", "shaman", "pick", "lava", "buy", "statue", "over")
PHASE_MOVES = ((PLACE, TAKE, BOAT), (SHAMAN, STAY), (PICK,), (LAVA_MOVE, DECLINE), (BUY, PASS),
               (RAISE, NO_RAISE), ())


class HaleakalaMove(CodedMove):
    """One decision of H-52, written as in docs/games/haleakala.md.

    ``code`` is one of PLACE, TAKE, BOAT, SHAMAN, STAY, PICK, LAVA_MOVE,
    DECLINE, BUY, PASS, RAISE, NO_RAISE; ``a`` and ``b`` its numbers (a disc value and a beach,
    a space, a slot, two craters, an item); ``invoke`` the tactical invocation
    disc of a placement (V-2). Every move is built once (``interned``), so
    that generating moves allocates nothing but the list.
    """

    __slots__ = ("a", "b", "invoke")
    KINDS = MOVE_KINDS

    def __init__(self, code: int, a: int = -1, b: int = -1, invoke: bool = False):
        setattr_ = object.__setattr__
        setattr_(self, "code", code)
        setattr_(self, "a", a)
        setattr_(self, "b", b)
        setattr_(self, "invoke", invoke)
        setattr_(self, "text", _notation(code, a, b, invoke))

    def to_dict(self) -> dict:
        code = self.code
        data = {"kind": MOVE_KINDS[code], "text": self.text}
        if code == PLACE:
            data.update(value=self.a, beach=self.b, invoke=self.invoke)
        elif code == TAKE:
            data["value"] = self.a
        elif code == SHAMAN:
            data.update(space=SPACE_NAMES[self.a], section=SECTION_OF[self.a],
                        terrain=TERRAINS[HEIGHT_OF[self.a]])
        elif code == PICK:
            data["slot"] = self.a
        elif code == LAVA_MOVE:
            data.update(crater=self.a, to=self.b)
        elif code == BUY:
            data.update(item=ITEMS[self.a], cost=ITEM_COST[self.a])
        return data

    @classmethod
    def from_words(cls, kind: str, args: list) -> "HaleakalaMove":
        cls.code_of(kind)
        if kind == "place":
            if len(args) not in (2, 3) or (len(args) == 3 and args[2] != "invoke"):
                raise ValueError("write a placement 'place VALUE BEACH' or 'place VALUE BEACH invoke'")
            move = cls(PLACE, _parse_value(args[0]), _parse_section(args[1], "beach"), len(args) == 3)
        elif kind == "take":
            cls.check_arity(kind, args, 1)
            move = cls(TAKE, _parse_value(args[0]))
        elif kind == "shaman":
            cls.check_arity(kind, args, 1)
            if args[0] not in SPACE_INDEX:
                raise ValueError(f"{args[0]!r} is not a space (like M1, F3, Mt0)")
            target = SPACE_INDEX[args[0]]
            if not WALKABLE[target]:
                raise ValueError(f"a shaman only walks on meadows, forests and mountains, not {args[0]}")
            move = cls(SHAMAN, target)
        elif kind == "pick":
            cls.check_arity(kind, args, 1)
            if args[0] not in ("0", "1"):
                raise ValueError(f"a card slot is 0 or 1, not {args[0]!r}")
            move = cls(PICK, int(args[0]))
        elif kind == "lava":
            cls.check_arity(kind, args, 2)
            a, b = _parse_section(args[0], "crater"), _parse_section(args[1], "crater")
            if b not in (cw(a), ccw(a)):
                raise ValueError(f"crater {b} is not next to crater {a}")
            move = cls(LAVA_MOVE, a, b)
        elif kind == "buy":
            cls.check_arity(kind, args, 1)
            if args[0] not in ITEM_WORDS:
                raise ValueError(f"{args[0]!r} is not for sale (items: {', '.join(ITEM_WORDS)})")
            move = cls(BUY, ITEM_WORDS.index(args[0]))
        else:
            cls.check_arity(kind, args, 0)
            move = cls(MOVE_KINDS.index(kind))
        return move


def _notation(code, a, b, invoke) -> str:
    if code == PLACE:
        return f"place {a} {b}" + (" invoke" if invoke else "")
    if code == TAKE:
        return f"take {a}"
    if code == SHAMAN:
        return f"shaman {SPACE_NAMES[a]}"
    if code == PICK:
        return f"pick {a}"
    if code == LAVA_MOVE:
        return f"lava {a} {b}"
    if code == BUY:
        return f"buy {ITEM_WORDS[a]}"
    return MOVE_KINDS[code]


def _parse_value(word: str) -> int:
    if word not in ("1", "2", "3", "4", "5"):
        raise ValueError(f"a numbered disc is 1 to 5, not {word!r}")
    return int(word)


def _parse_section(word: str, what: str) -> int:
    if word not in ("0", "1", "2", "3", "4", "5"):
        raise ValueError(f"a {what} is numbered 0 to 5, not {word!r}")
    return int(word)


# Every move that can ever be legal, built once.
PLACE_MOVES = tuple(tuple(HaleakalaMove(PLACE, v, b) for b in range(N_SECTIONS)) for v in range(6))
INVOKE_MOVES = tuple(tuple(HaleakalaMove(PLACE, v, b, True) for b in range(N_SECTIONS)) for v in range(6))
TAKE_MOVES = tuple(HaleakalaMove(TAKE, v) if v else None for v in range(6))
BOAT_MOVE = HaleakalaMove(BOAT)
SHAMAN_MOVES = tuple(HaleakalaMove(SHAMAN, i) if WALKABLE[i] else None for i in range(N_SPACES))
STAY_MOVE = HaleakalaMove(STAY)
PICK_MOVES = (HaleakalaMove(PICK, 0), HaleakalaMove(PICK, 1))
LAVA_MOVES = tuple((HaleakalaMove(LAVA_MOVE, s, ccw(s)), HaleakalaMove(LAVA_MOVE, s, cw(s)))
                   for s in range(N_SECTIONS))
DECLINE_MOVE = HaleakalaMove(DECLINE)
BUY_MOVES = tuple(HaleakalaMove(BUY, item) for item in range(len(ITEMS)))
PASS_MOVE = HaleakalaMove(PASS)
RAISE_MOVE = HaleakalaMove(RAISE)
NO_RAISE_MOVE = HaleakalaMove(NO_RAISE)

# Every move built ahead, by its text (see ``TextMove.parse``).
HaleakalaMove.interned = {m.text: m for m in (
    [m for row in PLACE_MOVES[1:] + INVOKE_MOVES[1:] for m in row]
    + [m for m in TAKE_MOVES + SHAMAN_MOVES if m is not None]
    + [m for pair in LAVA_MOVES for m in pair] + list(PICK_MOVES) + list(BUY_MOVES)
    + [BOAT_MOVE, STAY_MOVE, DECLINE_MOVE, PASS_MOVE, RAISE_MOVE, NO_RAISE_MOVE])}

# For each shaman start: (destination, move) pairs (H-8 to H-13).
SHAMAN_OPTIONS = tuple(tuple((d, SHAMAN_MOVES[d]) for d in SHAMAN_REACH[i]) for i in range(N_SPACES))

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


# ---------------------------------------------------------------------------
# 5. The position
# ---------------------------------------------------------------------------

class HaleakalaState(State):
    """A Haleakala position: the island, the cards and where the turn stands."""

    players = 2

    __slots__ = ("tactical", "eruption", "max_turns", "turns", "round", "first_player",
                 "player", "phase", "decider", "context", "stack",
                 "boat", "discs", "sums", "invocation", "shamans", "statues", "supply",
                 "destroyed", "slots", "decks", "craters", "collections", "shells",
                 "owners", "priestess_up", "discard", "scores", "scorings",
                 "truncated", "over")

    # -- set-up (P-1 to P-10, V-1) -------------------------------------------------
    @classmethod
    def new(cls, players: int = 2, seed=0, tactical: bool = False, eruption: bool = True,
            first_player=None, max_turns=None) -> "HaleakalaState":
        """The opening position.

        P-3: ``first_player`` is a set-up input; when it is not given it is
        drawn from the seeded generator before the shuffles. ``max_turns`` is
        the optional anti-stall safeguard of H-53 (``None``: off).
        """
        if players != 2:
            raise GameError(f"haleakala is played by 2 players, not {players}")
        if first_player not in (None, 0, 1) or isinstance(first_player, bool):
            raise GameError(f"the first player is 0 or 1, not {first_player!r}")
        _check_max_turns(max_turns, GameError)
        rng = Rng.from_seed(seed)
        if first_player is None:
            first_player = rng.below(2)
        s = cls._empty(tactical, eruption)
        s.max_turns = max_turns
        composition = TACTICAL_COMPOSITION if tactical else DECK_COMPOSITION   # V-1
        decks = []
        for counts in composition:                                      # P-4
            deck = [k for k in range(N_KINDS) for _ in range(counts[k])]
            rng.shuffle(deck)
            decks.append(deck)
        # P-5: twelve 1-palm cards face up, slot 0 then slot 1 of section 0, 1 ...
        # The deck's top is the end of the list. The robustness clause (a LAVA
        # card dealt here) cannot apply: the 1-palm deck holds no lava card.
        for i in range(START_DEAL):
            s.slots[i] = decks[0].pop()
        s.decks = decks                                                 # P-5, P-6
        s.first_player = s.player = s.decider = first_player            # P-3, P-10
        return s

    @classmethod
    def _empty(cls, tactical: bool, eruption: bool) -> "HaleakalaState":
        """P-1, P-2, P-7 to P-10: pieces at home, nothing dealt yet."""
        s = cls.__new__(cls)
        s.tactical = tactical
        s.eruption = eruption
        s.max_turns = None
        s.turns = 0
        s.round = 1
        s.first_player = 0
        s.player = 0
        s.phase = P_TURN
        s.decider = 0
        s.context = 0
        s.stack = []
        s.boat = JETTY                                            # P-8
        s.discs = [IN_RESERVE] * (2 * N_DISCS)                    # P-1
        s.sums = [0] * (2 * N_SECTIONS)
        s.invocation = [IN_RESERVE if tactical else INVOCATION_BOXED] * 2   # P-1, V-1
        s.shamans = list(HUTS)                                    # P-2
        s.statues = [-1] * N_SPACES
        s.supply = [STATUES_PER_PLAYER] * 2
        s.destroyed = [0, 0]
        s.slots = [-1] * N_SLOTS
        s.decks = [[], [], []]
        s.craters = [0] * N_SECTIONS                              # P-9
        s.collections = [0] * (2 * N_KINDS)
        s.shells = [0, 0]
        s.owners = [-1] * N_SCORE_CARDS                           # P-7
        s.priestess_up = True
        s.discard = [0] * N_KINDS
        s.scores = [0, 0]
        s.scorings = []
        s.truncated = False
        s.over = False
        return s

    # -- small facts ---------------------------------------------------------------
    def lava_supply(self) -> int:
        """D-4: lava discs not on a crater."""
        return LAVA_DISCS - sum(self.craters)

    def statues_on_board(self, player: int) -> int:
        return STATUES_PER_PLAYER - self.supply[player] - self.destroyed[player]

    def baskets(self, player: int) -> int:
        """S-12: the sum of the basket values of the player's fish cards."""
        base = N_KINDS * player
        c = self.collections
        return c[base] + 2 * c[base + 1] + 3 * c[base + 2] + 4 * c[base + 3] + 5 * c[base + 4]

    def butterflies(self, player: int) -> int:
        """SC_BUTTERFLY: butterfly symbols on the player's collected cards."""
        base = N_KINDS * player
        c = self.collections
        return sum(c[base + k] * BUTTERFLIES[k] for k in range(NAUTILUS + 1))

    def in_reserve(self, player: int) -> list:
        base = N_DISCS * player
        return [v for v in DISC_VALUES if self.discs[base + v - 1] == IN_RESERVE]

    # -- whose turn ------------------------------------------------------------------
    def to_move(self) -> list:
        return [] if self.over else [self.decider]

    def is_over(self) -> bool:
        return self.over

    # -- legal moves (H-2 to H-13, H-42 to H-44, H-52) --------------------------------
    def legal_moves(self, player: int) -> list:
        if self.over or player != self.decider:
            return []
        phase = self.phase
        if phase == P_TURN:
            return self._turn_moves(player)
        if phase == P_SHAMAN:
            opponent = self.shamans[1 - player]
            moves = [STAY_MOVE]                                       # H-8: "no move"
            moves += [move for d, move in SHAMAN_OPTIONS[self.shamans[player]] if d != opponent]
            return moves
        if phase == P_PICK:
            return list(PICK_MOVES)
        if phase == P_LAVA:
            moves = [DECLINE_MOVE]                                    # H-42: the taker may decline
            craters = self.craters
            for s in range(N_SECTIONS):
                if craters[s]:
                    moves += LAVA_MOVES[s]
            return moves
        if phase == P_STATUE:
            return [RAISE_MOVE, NO_RAISE_MOVE]                        # H-41: "peut ériger"
        return [PASS_MOVE] + [BUY_MOVES[i] for i in self._affordable(player)]

    def _turn_moves(self, p: int) -> list:
        """H-2: actions 1a/1b (place), 2 (take back) and 3 (move the boat),
        each checked against the sum rule H-3."""
        moves = []
        discs = self.discs
        sums = self.sums
        own = N_SECTIONS * p
        other = N_SECTIONS * (1 - p)
        base = N_DISCS * p
        boat = self.boat
        invoke = self.invocation[p] == IN_RESERVE                       # V-2 (tactical only)
        reserve = False
        for v in DISC_VALUES:
            where = discs[base + v - 1]
            if where < 0:
                reserve = True
                row = PLACE_MOVES[v]
                for b in range(N_SECTIONS):
                    if sums[own + b] + v != sums[other + b]:               # H-3
                        moves.append(row[b])
                        if invoke and b == boat:
                            moves.append(INVOKE_MOVES[v][b])
            else:
                left = sums[own + where] - v
                theirs = sums[other + where]
                if left != theirs or theirs == 0:                          # H-3, A-01
                    moves.append(TAKE_MOVES[v])
        if not reserve:                                                    # H-7
            moves.append(BOAT_MOVE)
        return moves

    def _affordable(self, p: int) -> list:
        """H-44: the items a player may buy now with the shells they hold."""
        shells = self.shells[p]
        items = [i for i in range(N_SCORE_CARDS) if self.owners[i] < 0 and ITEM_COST[i] <= shells]
        if self.priestess_up and shells >= 1:
            items.append(BOARD_PRIESTESS)
        return items

    # -- playing ---------------------------------------------------------------------------
    def play(self, player: int, move) -> list:
        """Apply ``move`` for ``player`` and return the events it caused.

        Each kind checks its own legality before touching anything, so an
        ``IllegalMove`` leaves the position as it was.
        """
        if move.__class__ is not HaleakalaMove or self.over:
            move = self.start_play(move)
        if player != self.decider:
            raise IllegalMove(f"It is not your turn: {COLOURS[self.decider]} is to decide.",
                              "error.not_your_turn", player=player)
        code = move.code
        if code not in PHASE_MOVES[self.phase]:
            raise _wrong_phase(self.phase)
        if code == PLACE:
            return self._place(player, move)
        if code == TAKE:
            return self._take_back(player, move.a)
        if code == BOAT:
            return self._move_boat_one(player)
        if code == SHAMAN or code == STAY:
            return self._shaman(player, move)
        if code == PICK:
            return self._pick(player, move.a)
        if code == LAVA_MOVE or code == DECLINE:
            return self._priestess_choice(player, move)
        if code == RAISE or code == NO_RAISE:
            return self._statue_choice(player, move)
        return self._purchase(player, move)

    def reveals(self, player: int, move) -> bool:
        """A move that leads to a refill turns up cards from a face-down deck
        (H-32); nothing else is ever hidden (I-1)."""
        try:
            move = self.as_move(move)
            copy_ = self.clone()
            copy_.play(player, move)
        except IllegalMove:
            return False
        return sum(map(len, copy_.decks)) != sum(map(len, self.decks))

    # -- the turn actions (H-2 to H-7) -----------------------------------------------------
    def _place(self, p: int, move: HaleakalaMove) -> list:
        """H-4 (1a), H-5 (1b) and V-2 (1b with the invocation disc)."""
        v, b = move.a, move.b
        index = N_DISCS * p + v - 1
        if self.discs[index] != IN_RESERVE:
            raise IllegalMove(f"Your disc {v} is not in your reserve.",
                              "haleakala.illegal.not_in_reserve", value=v)
        if self.sums[N_SECTIONS * p + b] + v == self.sums[N_SECTIONS * (1 - p) + b]:
            raise IllegalMove(f"Beach {b} would hold equal sums for both players (H-3).",
                              "haleakala.illegal.equal_sums", beach=b)
        boat = self.boat
        if move.invoke:
            if not self.tactical:
                raise IllegalMove("The invocation disc belongs to the tactical variant (V-2).",
                                  "haleakala.illegal.not_tactical")
            if self.invocation[p] != IN_RESERVE:
                raise IllegalMove("Your invocation disc is not in your reserve (V-2).",
                                  "haleakala.illegal.invocation_away")
            if b != boat:
                raise IllegalMove("The invocation disc goes only on the beach where the boat is "
                                  "anchored (V-2).", "haleakala.illegal.invoke_off_boat", beach=b)
        self.discs[index] = b
        self.sums[N_SECTIONS * p + b] += v
        if b != boat:                                                    # action 1a
            self.phase = P_SHAMAN                                        # H-4 then H-8
            return [Event("haleakala.place", p, value=v, beach=b)]
        # Action 1b: the disc stays on the departure beach and the boat sails (H-5, H-15).
        target = (boat + v) % N_SECTIONS
        self.boat = target
        if move.invoke:                                                  # V-2
            self.invocation[p] = b
            events = [Event("haleakala.sail_invoke", p, value=v, beach=b, section=target)]
        else:
            events = [Event("haleakala.sail", p, value=v, beach=b, section=target)]
        self._arrive(target, p if move.invoke else -1, events)
        return events

    def _take_back(self, p: int, v: int) -> list:
        """H-6: one of your own numbered discs from any beach to your reserve."""
        index = N_DISCS * p + v - 1
        b = self.discs[index]
        if b == IN_RESERVE:
            raise IllegalMove(f"Your disc {v} is already in your reserve.",
                              "haleakala.illegal.not_on_beach", value=v)
        left = self.sums[N_SECTIONS * p + b] - v
        theirs = self.sums[N_SECTIONS * (1 - p) + b]
        if left == theirs and theirs:
            raise IllegalMove(f"Taking disc {v} back would leave equal sums on beach {b} (H-3).",
                              "haleakala.illegal.equal_sums", beach=b)
        self.discs[index] = IN_RESERVE
        self.sums[N_SECTIONS * p + b] = left
        self.phase = P_SHAMAN                                            # H-6 then H-8
        return [Event("haleakala.take_back", p, value=v, beach=b)]

    def _move_boat_one(self, p: int) -> list:
        """H-7: with no numbered disc in reserve, the boat moves one section."""
        if IN_RESERVE in self.discs[N_DISCS * p:N_DISCS * p + N_DISCS]:
            raise IllegalMove("You may move the boat only once all your numbered discs are on "
                              "the beaches (H-7).", "haleakala.illegal.discs_in_reserve")
        target = cw(self.boat)
        self.boat = target
        events = [Event("haleakala.row", p, section=target)]
        self._arrive(target, -1, events)
        return events

    def _shaman(self, p: int, move: HaleakalaMove) -> list:
        """H-8 to H-13: an optional path of one or two steps."""
        start = self.shamans[p]
        if move.code == STAY:
            events = [Event("haleakala.stay", p)]
        else:
            target = move.a
            if target not in SHAMAN_REACH[start]:
                raise IllegalMove(f"Your shaman cannot reach {SPACE_NAMES[target]} from "
                                  f"{SPACE_NAMES[start]} (H-8 to H-10).",
                                  "haleakala.illegal.out_of_reach", space=SPACE_NAMES[target])
            if target == self.shamans[1 - p]:
                raise IllegalMove("Your shaman may pass the other shaman but not stop on its "
                                  "space (H-11).", "haleakala.illegal.shaman_there",
                                  space=SPACE_NAMES[target])
            self.shamans[p] = target
            events = [Event("haleakala.shaman", p, start=SPACE_NAMES[start],
                            space=SPACE_NAMES[target])]
        self.stack.append((T_END_TURN, 0, 0))                           # H-50
        self._run(events)
        return events

    # -- the arrival procedure (H-16, H-20) -----------------------------------------------
    def _arrive(self, s: int, invoker: int, events: list) -> None:
        """H-20, steps 1 to 5, for the section ``s`` where the boat stops."""
        if self.tactical:                                                 # step 1
            if invoker >= 0:                                              # V-3
                if self.lava_supply() > 0:
                    self.craters[s] += 1
                    events.append(Event("haleakala.summon", invoker, section=s))
                else:
                    events.append(Event("haleakala.summon_idle", invoker, section=s))
            for q in (YELLOW, RED):                                       # V-5a
                if self.invocation[q] == s:
                    self.invocation[q] = IN_RESERVE
                    events.append(Event("haleakala.invocation_back", q, beach=s))
        stack = self.stack
        decks = self.decks
        if (not decks[2] and not decks[1] and not decks[0]                # step 2, S-1.2
                and self.slots[2 * s] < 0 and self.slots[2 * s + 1] < 0):
            events.append(Event("haleakala.empty_section", section=s))
            self._push_scoring(2, False)
        else:
            stack.append((T_END_TURN, 0, 0))                              # H-50
            stack.append((T_REFILL, s, 0))                                # step 5
            stack.append((T_RETURN, s, 0))                                # step 4
            if self._distribute(s, events):                               # step 3
                return
        self._run(events)

    def _run(self, events: list) -> None:
        """Carry on with the waiting tasks until a player must decide, the turn
        ends or the game ends."""
        stack = self.stack
        while stack:
            code, a, b = stack.pop()
            if code == T_END_TURN:
                self._end_turn(events)
            elif code == T_RETURN:
                self._return_discs(a, events)
            elif code == T_REFILL:
                self._refill(a, events)
            elif code == T_SECOND:
                if self._second_taker(a, b, events):
                    return
            elif code == T_RECOVER:
                self._recover_invocation(a, events)
            elif code == T_PRESCORE:
                if self._offer_purchase(a, CTX_SCORING):
                    return
            else:
                self._score(a, bool(b), events)
                if self.over:
                    return

    # -- card distribution (H-21 to H-27) --------------------------------------------------
    def _distribute(self, s: int, events: list) -> bool:
        """H-21 to H-24; True when a player must now decide."""
        py, pr = self.sums[s], self.sums[N_SECTIONS + s]                  # H-21, H-25
        if not py and not pr:                                             # H-22, case 3
            events.append(Event("haleakala.no_taker", section=s))
            return False
        if py and pr:                                                     # H-24, case 1
            first = YELLOW if py > pr else RED                            # sums never tie (H-3)
            second = 1 - first
        else:                                                             # H-23, case 2
            first = YELLOW if py else RED
            second = -1
        c0, c1 = self.slots[2 * s], self.slots[2 * s + 1]
        if c0 >= 0 and c1 >= 0 and c0 != c1:
            if second >= 0:
                self.stack.append((T_SECOND, second, s))                  # H-24, H-27
            self.phase = P_PICK
            self.decider = first
            return True
        # The choice is forced: a single card (H-24b) or two identical ones (H-24a),
        # of which only the first taker receives one; the other stays in its slot.
        if c0 >= 0 and c1 >= 0 and second >= 0:
            events.append(Event("haleakala.identical", first, section=s, card=KINDS[c0]))
        return self._take_card(first, 2 * s if c0 >= 0 else 2 * s + 1, events)

    def _pick(self, p: int, slot: int) -> list:
        """H-23, H-24: the first (or sole) taker chooses one of two different cards."""
        events = []
        if self._take_card(p, 2 * self.boat + slot, events):
            return events
        self._run(events)
        return events

    def _second_taker(self, q: int, s: int, events: list) -> bool:
        """H-24: the other player takes the card the first taker left."""
        index = 2 * s if self.slots[2 * s] >= 0 else 2 * s + 1
        return self._take_card(q, index, events)

    def _take_card(self, p: int, index: int, events: list) -> bool:
        """H-26, H-27: the card is taken and resolved at once (H-40 to H-43);
        True when its owner must now decide something."""
        card = self.slots[index]
        self.slots[index] = -1
        events.append(Event("haleakala.take_card", p, card=KINDS[card],
                            section=index // 2, slot=index % 2))
        if COLLECTIBLE[card]:                                             # H-40
            self.collections[N_KINDS * p + card] += 1
            return False
        if card == SHELL:                                                 # H-43
            self.shells[p] += 1
            return self._offer_purchase(p, CTX_SHELL)
        self.discard[card] += 1                                           # H-47
        if card == STATUE:
            return self._statue(p, events)
        # PRIESTESS (H-42); in the tactical variant the invocation disc comes back after (V-5b).
        if self.tactical:
            self.stack.append((T_RECOVER, p, 0))
        return self._priestess(p, CTX_CARD, events)

    def _return_discs(self, s: int, events: list) -> None:
        """H-30: every numbered disc on the beach goes back to its owner, also
        for a player who received no card (in case 3 the beach holds none)."""
        discs = self.discs
        for p in (YELLOW, RED):
            if not self.sums[N_SECTIONS * p + s]:
                continue
            back = []
            for i in range(N_DISCS * p, N_DISCS * p + N_DISCS):
                if discs[i] == s:
                    discs[i] = IN_RESERVE
                    back.append(i - N_DISCS * p + 1)
            self.sums[N_SECTIONS * p + s] = 0
            events.append(Event("haleakala.discs_back", p, beach=s, values=back))

    # -- refill (H-32 to H-37) -----------------------------------------------------------------
    def _refill(self, s: int, events: list) -> None:
        """The spec's reference algorithm: slot 0 then slot 1 of the boat's
        section only (H-37), from the first deck that holds cards (H-32);
        LAVA cards put a lava disc on the crater and are replaced (H-33,
        H-36); the draw that empties the 2-palm deck in round 1 starts the
        first scoring, after which this refill resumes (H-35)."""
        slots = self.slots
        decks = self.decks
        for index in (2 * s, 2 * s + 1):
            while slots[index] < 0:
                if decks[0]:
                    d = 0
                elif decks[1]:
                    d = 1
                elif decks[2]:
                    d = 2
                else:
                    return                                                # H-34
                card = decks[d].pop()
                if card == LAVA:                                          # H-36
                    self.discard[LAVA] += 1
                    if self.lava_supply() > 0:
                        self.craters[s] += 1
                        events.append(Event("haleakala.lava_card", section=s))
                    else:
                        events.append(Event("haleakala.lava_card_idle", section=s))
                else:
                    slots[index] = card
                    events.append(Event("haleakala.refill", section=s, slot=index - 2 * s,
                                        card=KINDS[card], palms=d + 1))
                if d == 1 and not decks[1] and self.round == 1:           # H-35, S-1.1
                    self.stack.append((T_REFILL, s, 0))
                    self._push_scoring(1, False)
                    return

    # -- card effects (H-40 to H-47) --------------------------------------------------------------
    def _statue(self, p: int, events: list) -> bool:
        """H-41: the taker "peut ériger" a statue on the shaman's space, so it is
        a choice (like the Priestess's "do not move"), not compulsory as A-08
        reads it; True when the statue can stand there, so that the taker must
        decide. Otherwise the card has no effect (A-41)."""
        where = self.shamans[p]
        if not WALKABLE[where]:
            events.append(Event("haleakala.statue_beach", p))
        elif self.statues[where] >= 0:
            events.append(Event("haleakala.statue_taken", p, space=SPACE_NAMES[where]))
        elif not self.supply[p]:
            events.append(Event("haleakala.statue_none_left", p))
        else:
            self.phase = P_STATUE
            self.decider = p
            self.context = 0
            return True
        return False

    def _statue_choice(self, p: int, move: HaleakalaMove) -> list:
        """H-41: the statue goes up on the shaman's space, or the card is
        discarded without it; the shaman stays where it is."""
        where = self.shamans[p]
        if move.code == RAISE:
            self.statues[where] = p
            self.supply[p] -= 1
            events = [Event("haleakala.statue", p, space=SPACE_NAMES[where])]
        else:
            events = [Event("haleakala.statue_declined", p, space=SPACE_NAMES[where])]
        self._run(events)
        return events

    def _priestess(self, p: int, context: int, events: list) -> bool:
        """H-42 and BP-1: the owner may move one lava disc; True when there is
        one to move, so that the owner must decide."""
        if not any(self.craters):
            events.append(Event("haleakala.priestess_idle", p))
            return False
        self.phase = P_LAVA
        self.decider = p
        self.context = context
        return True

    def _priestess_choice(self, p: int, move: HaleakalaMove) -> list:
        """H-42: one disc to an adjacent crater (cw or ccw, never across the
        centre, G-7; a stack gives one disc, A-39), or decline."""
        if move.code == DECLINE:
            events = [Event("haleakala.lava_decline", p)]
        else:
            a, b = move.a, move.b
            if not self.craters[a]:
                raise IllegalMove(f"Crater {a} holds no lava disc (H-42).",
                                  "haleakala.illegal.no_lava_there", crater=a)
            self.craters[a] -= 1
            self.craters[b] += 1
            events = [Event("haleakala.lava_move", p, crater=a, to=b)]
        self._run(events)
        return events

    def _offer_purchase(self, p: int, context: int) -> bool:
        """H-43 and S-3: the player may buy one item; True when something is
        affordable, so that the player must decide (buy or pass)."""
        if not self._affordable(p):
            return False
        self.phase = P_BUY
        self.decider = p
        self.context = context
        return True

    def _purchase(self, p: int, move: HaleakalaMove) -> list:
        """H-44 to H-46, BP-1 to BP-4: one purchase, paid with shells."""
        context = self.context
        if move.code == PASS:
            events = [Event("haleakala.pass", p)]
            self._run(events)
            return events
        item = move.a
        cost = ITEM_COST[item]
        if item == BOARD_PRIESTESS:
            available = self.priestess_up
        else:
            available = self.owners[item] < 0
        if not available:
            raise IllegalMove(f"{ITEMS[item]} is not on the score board now (H-45, BP-3).",
                              "haleakala.illegal.unavailable", item=ITEMS[item])
        if self.shells[p] < cost:
            raise IllegalMove(f"{ITEMS[item]} costs {cost} shell(s); you hold {self.shells[p]}.",
                              "haleakala.illegal.too_few_shells", item=ITEMS[item], cost=cost)
        self.shells[p] -= cost
        self.discard[SHELL] += cost                                       # H-44, H-47
        events = [Event("haleakala.buy", p, item=ITEMS[item], cost=cost)]
        if item == BOARD_PRIESTESS:
            # BP-1, BP-3: resolved at once, then turned face down until round 2.
            self.priestess_up = False
            if self.tactical:                                             # V-5b, A-45
                self.stack.append((T_RECOVER, p, 0))
            if self._priestess(p, CTX_BOARD, events):
                return events
        else:
            self.owners[item] = p
        self._run(events)
        return events

    def _recover_invocation(self, p: int, events: list) -> None:
        """V-5b: after a Priestess, its owner takes back their invocation disc."""
        where = self.invocation[p]
        if where >= 0:
            self.invocation[p] = IN_RESERVE
            events.append(Event("haleakala.invocation_back", p, beach=where))

    # -- the end of the turn (H-1, H-50, H-53) ------------------------------------------------------
    def _end_turn(self, events: list) -> None:
        self.turns += 1
        if self.max_turns is not None and self.turns >= self.max_turns:   # H-53
            events.append(Event("haleakala.truncated", turns=self.turns))
            self._push_scoring(2, True)
            return
        self.player = 1 - self.player                                     # H-1
        self.phase = P_TURN
        self.decider = self.player
        self.context = 0

    # -- scorings (S-1 to S-25) ------------------------------------------------------------------
    def _push_scoring(self, number: int, truncated: bool) -> None:
        """S-2: purchases (S-3, the player who did not trigger the scoring
        first; skipped in the tactical variant, V-7), then eruption and points."""
        stack = self.stack
        stack.append((T_POINTS, number, int(truncated)))
        if not self.tactical:
            stack.append((T_PRESCORE, self.player, 0))
            stack.append((T_PRESCORE, 1 - self.player, 0))

    def _score(self, number: int, truncated: bool, events: list) -> None:
        """S-2 steps 2 to 4: eruption, points, then round 2 or the end."""
        events.append(Event("haleakala.scoring", round=number))
        burned, protected = self._erupt(events)
        second = number == 2
        players = [self._score_player(p, second) for p in (YELLOW, RED)]
        # S-12: 3 points for strictly more fish baskets.
        baskets = (players[0]["baskets"], players[1]["baskets"])
        if baskets[0] != baskets[1]:
            players[0 if baskets[0] > baskets[1] else 1]["fish_points"] = FISH_MAJORITY_POINTS
        points = []
        for p in (YELLOW, RED):
            entry = players[p]
            entry["total"] = (entry["statue_points"] + entry["fish_points"] + entry["pearl_points"]
                              + entry["nautilus_points"] + entry["shell_points"]
                              + sum(card["points"] for card in entry["score_cards"]))
            points.append(entry["total"])
            self.scores[p] += entry["total"]
            events.append(Event("haleakala.score", p, points=entry["total"], total=self.scores[p]))
        self.scorings.append({"round": number, "truncated": truncated, "points": points,
                              "burned": burned, "protected": protected, "players": players})
        if not second:
            # S-20: score cards back, board Priestess face up; lava is already off (E-6).
            self.owners = [-1] * N_SCORE_CARDS
            self.priestess_up = True
            self.round = 2
            events.append(Event("haleakala.round_two"))
            return
        self.truncated = truncated                                        # S-25
        self.over = True
        self.phase = P_OVER
        self.stack = []
        result = self.result()
        winner = result["winners"][0]
        events.append(Event("haleakala.game_over", winner, reason=result["reason"],
                            winner_score=self.scores[winner], loser_score=self.scores[1 - winner]))

    def _erupt(self, events: list):
        """E-1 to E-7: each lava disc sends one flow down its own section; a
        flow burns the highest statue that no shaman stands on, and stops
        there. Then every lava disc goes back to the supply (E-6).

        ``eruption`` off (an option outside the rulebook): nothing burns, the
        lava discs are only cleared, as S-20 asks."""
        burned, protected = [], []
        craters = self.craters
        if self.eruption and any(craters):
            # The event tells the whole eruption, flow by flow, so that the
            # board can play it out: each flow's section and what it met on
            # each space on its way down (empty, a guarded statue, a burn).
            flows = []
            eruption = Event("haleakala.eruption", lava=sum(craters), craters=list(craters),
                             flows=flows)
            events.append(eruption)
            statues = self.statues
            shamans = self.shamans
            for s in range(N_SECTIONS):                                   # E-2
                for _ in range(craters[s]):
                    visits = []
                    flows.append({"section": s, "visits": visits})
                    for sp in FLOW_PATH[s]:                               # E-3
                        owner = statues[sp]
                        if owner < 0:
                            visits.append({"space": SPACE_NAMES[sp], "outcome": "empty"})
                            continue                                      # (a)
                        if sp == shamans[0] or sp == shamans[1]:          # (b), E-5
                            visits.append({"space": SPACE_NAMES[sp], "outcome": "protected",
                                           "owner": owner})
                            if SPACE_NAMES[sp] not in protected:
                                protected.append(SPACE_NAMES[sp])
                                events.append(Event("haleakala.protected", owner,
                                                    space=SPACE_NAMES[sp]))
                            continue
                        statues[sp] = -1                                  # (c): to the box
                        self.destroyed[owner] += 1
                        visits.append({"space": SPACE_NAMES[sp], "outcome": "burn", "owner": owner})
                        burned.append({"space": SPACE_NAMES[sp], "owner": owner})
                        events.append(Event("haleakala.burn", owner, space=SPACE_NAMES[sp]))
                        break
        self.craters = [0] * N_SECTIONS                                   # E-6
        return burned, protected

    def _score_player(self, p: int, second: bool) -> dict:
        """S-10 to S-17 for one player (the fish majority is settled by the caller)."""
        q = 1 - p
        statues = self.statues
        spaces = []
        per_terrain = [0, 0, 0, 0, 0]
        their_terrain = [0, 0, 0, 0, 0]
        for sp in BUILDABLE:
            owner = statues[sp]
            if owner == p:
                spaces.append({"space": SPACE_NAMES[sp], "points": STATUE_POINTS[HEIGHT_OF[sp]]})
                per_terrain[HEIGHT_OF[sp]] += 1
            elif owner == q:
                their_terrain[HEIGHT_OF[sp]] += 1
        base = N_KINDS * p
        c = self.collections
        pearls = [KINDS[k] for k in (PEARL_B, PEARL_W) if c[base + k]]
        pearl_points = (4 if len(pearls) == 2 else 2 if c[base + PEARL_B]
                        else 1 if c[base + PEARL_W] else 0)                              # S-13
        nautilus = c[base + NAUTILUS]
        cards = []
        for card in range(N_SCORE_CARDS):                                                # S-15
            if self.owners[card] != p:
                continue
            if card == SC_BUTTERFLY:
                detail = self.butterflies(p)
                points = detail
            elif card == SC_MAJORITY:
                detail = [TERRAINS[h] for h in (MEADOW, FOREST, MOUNTAIN)
                          if per_terrain[h] > their_terrain[h]]
                points = 2 * len(detail)
            elif card == SC_SECTION:
                detail = [s for s in range(N_SECTIONS)
                          if all(statues[sp] == p for sp in SECTION_SPACES[s])]
                points = 4 * len(detail)
            elif card == SC_FOREST:
                detail = per_terrain[FOREST]
                points = 2 * detail
            else:
                detail = per_terrain[MOUNTAIN]
                points = 3 * detail
            cards.append({"card": SCORE_CARDS[card], "points": points, "detail": detail})
        return {
            "statues": spaces,
            "statue_points": sum(entry["points"] for entry in spaces),         # S-11
            "baskets": self.baskets(p),
            "fish_points": 0,                                                  # S-12
            "pearls": pearls,
            "pearl_points": pearl_points,
            "nautilus": nautilus,
            "nautilus_points": NAUTILUS_POINTS * nautilus if second else 0,    # S-14
            "score_cards": cards,
            "shells": self.shells[p],
            "shell_points": self.shells[p] if second else 0,                   # S-16
            "total": 0,
        }

    # -- the end of the game (S-25) -----------------------------------------------------------------
    def result(self):
        if not self.over:
            return None
        a, b = self.scores
        on_board = [self.statues_on_board(0), self.statues_on_board(1)]
        if a != b:
            winner, reason = (YELLOW if a > b else RED), "points"
        elif on_board[0] != on_board[1]:
            winner, reason = (YELLOW if on_board[0] > on_board[1] else RED), "statues"
        else:
            winner, reason = 1 - self.first_player, "second_player"
        return {
            "scores": [a, b],
            "winners": [winner],
            "reason": reason,
            "breakdown": {
                "scorings": _copy(self.scorings),
                "statues_on_board": on_board,
                "first_player": self.first_player,
                "truncated": self.truncated,
            },
        }

    # -- what a player sees (I-1 to I-4) -----------------------------------------------------------
    def view(self, player) -> dict:
        """Everything but the order of the three decks (I-1, I-2); their
        remaining contents are public and shown as counts per kind (I-4)."""
        self.check_viewer(player)
        statues = self.statues
        shamans = self.shamans
        spaces = [{"id": SPACE_NAMES[i], "section": SECTION_OF[i],
                   "terrain": TERRAINS[HEIGHT_OF[i]],
                   "statue": None if statues[i] < 0 else statues[i],
                   "shaman": 0 if shamans[0] == i else 1 if shamans[1] == i else None}
                  for i in range(N_SPACES)]
        sections = []
        for s in range(N_SECTIONS):
            sections.append({
                "section": s,
                "slots": [_kind_name(self.slots[2 * s]), _kind_name(self.slots[2 * s + 1])],
                "discs": [self._discs_on(p, s) for p in (YELLOW, RED)],
                "sums": [self.sums[s], self.sums[N_SECTIONS + s]],
                "invocation": [self.invocation[p] == s for p in (YELLOW, RED)],
                "lava": self.craters[s],
            })
        players = []
        for p in (YELLOW, RED):
            base = N_KINDS * p
            players.append({
                "colour": COLOURS[p],
                "reserve": self.in_reserve(p),
                "invocation": _invocation_name(self.invocation[p]),
                "shaman": SPACE_NAMES[shamans[p]],
                "statue_supply": self.supply[p],
                "statues_on_board": self.statues_on_board(p),
                "statues_destroyed": self.destroyed[p],
                "collection": [KINDS[k] for k in range(NAUTILUS + 1)
                               for _ in range(self.collections[base + k])],
                "baskets": self.baskets(p),
                "butterflies": self.butterflies(p),
                "shells": self.shells[p],
                "score_cards": [SCORE_CARDS[i] for i in range(N_SCORE_CARDS) if self.owners[i] == p],
                "score": self.scores[p],
            })
        return {
            "game": "haleakala",
            "viewer": player,
            "to_move": self.to_move(),
            "active": self.player,
            "phase": PHASES[self.phase],
            "decider": None if self.over else self.decider,
            "pending": self._pending(),
            "round": self.round,
            "turns": self.turns,
            "max_turns": self.max_turns,
            "tactical": self.tactical,
            "eruption": self.eruption,
            "first_player": self.first_player,
            "boat": self.boat,
            "sections": sections,
            "spaces": spaces,
            "players": players,
            "lava_supply": self.lava_supply(),
            "decks": [{"palms": d + 1, "count": len(self.decks[d]),
                       "contents": _kind_counts(self.decks[d])} for d in range(3)],
            "discard": {KINDS[k]: self.discard[k] for k in range(N_KINDS) if self.discard[k]},
            "box": {"LAVA": 8} if self.tactical else {},
            "score_board": {
                "score_cards": [{"id": SCORE_CARDS[i], "cost": ITEM_COST[i],
                                 "owner": None if self.owners[i] < 0 else self.owners[i]}
                                for i in range(N_SCORE_CARDS)],
                "priestess_up": self.priestess_up,
                "priestess_cost": ITEM_COST[BOARD_PRIESTESS],
            },
            "scores": list(self.scores),
            "scorings": _copy(self.scorings),
            "over": self.over,
            "result": self.result(),
        }

    def _discs_on(self, p: int, s: int) -> list:
        base = N_DISCS * p
        return [v for v in DISC_VALUES if self.discs[base + v - 1] == s]

    def _pending(self):
        """What the decision in progress is about (for the browser)."""
        phase = self.phase
        if phase == P_PICK:
            s = self.boat
            second = self.stack[-1][1] if self.stack and self.stack[-1][0] == T_SECOND else None
            return {"section": s, "second_taker": second}
        if phase == P_LAVA:
            return {"source": "board" if self.context == CTX_BOARD else "card"}
        if phase == P_BUY:
            return {"reason": "scoring" if self.context == CTX_SCORING else "shell",
                    "items": [ITEMS[i] for i in self._affordable(self.decider)]}
        if phase == P_SHAMAN:
            return {"from": SPACE_NAMES[self.shamans[self.decider]]}
        if phase == P_STATUE:
            return {"space": SPACE_NAMES[self.shamans[self.decider]]}
        return None

    # -- copies ----------------------------------------------------------------------------------
    def clone(self) -> "HaleakalaState":
        s = HaleakalaState.__new__(HaleakalaState)
        s.tactical = self.tactical
        s.eruption = self.eruption
        s.max_turns = self.max_turns
        s.turns = self.turns
        s.round = self.round
        s.first_player = self.first_player
        s.player = self.player
        s.phase = self.phase
        s.decider = self.decider
        s.context = self.context
        s.stack = self.stack[:]                # entries are tuples, shared safely
        s.boat = self.boat
        s.discs = self.discs[:]
        s.sums = self.sums[:]
        s.invocation = self.invocation[:]
        s.shamans = self.shamans[:]
        s.statues = self.statues[:]
        s.supply = self.supply[:]
        s.destroyed = self.destroyed[:]
        s.slots = self.slots[:]
        decks = self.decks
        s.decks = [decks[0][:], decks[1][:], decks[2][:]]
        s.craters = self.craters[:]
        s.collections = self.collections[:]
        s.shells = self.shells[:]
        s.owners = self.owners[:]
        s.priestess_up = self.priestess_up
        s.discard = self.discard[:]
        s.scores = self.scores[:]
        s.scorings = self.scorings[:]          # entries are never changed once written
        s.truncated = self.truncated
        s.over = self.over
        return s

    def determinize(self, player: int, rng: Rng) -> "HaleakalaState":
        """A copy in which the order of each face-down deck is dealt again from
        ``rng`` (I-1). Each deck's contents are public (I-2), so each deck is
        shuffled on its own; its cards are sorted first, so that two positions
        ``player`` cannot tell apart give the same copy for the same ``rng``.
        There is no other hidden information and no secret choice (I-3)."""
        self.check_seat(player)
        s = self.clone()
        for deck in s.decks:
            deck.sort()
            rng.shuffle(deck)
        return s

    # -- saved positions ----------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": "haleakala",
            "tactical": self.tactical,
            "eruption": self.eruption,
            "max_turns": self.max_turns,
            "turns": self.turns,
            "round": self.round,
            "first_player": self.first_player,
            "player": self.player,
            "phase": PHASES[self.phase],
            "decider": self.decider,
            "context": self.context,
            "stack": [[TASK_NAMES[code]] + [a, b][:TASK_ARITY[code]] for code, a, b in self.stack],
            "boat": self.boat,
            "discs": [[None if w < 0 else w for w in self.discs[N_DISCS * p:N_DISCS * (p + 1)]]
                      for p in (YELLOW, RED)],
            "invocation": [_invocation_name(w) for w in self.invocation],
            "shamans": [SPACE_NAMES[i] for i in self.shamans],
            "statues": [[SPACE_NAMES[i] for i in BUILDABLE if self.statues[i] == p]
                        for p in (YELLOW, RED)],
            "statue_supply": list(self.supply),
            "statues_destroyed": list(self.destroyed),
            "slots": [[_kind_name(self.slots[2 * s]), _kind_name(self.slots[2 * s + 1])]
                      for s in range(N_SECTIONS)],
            "decks": [[KINDS[k] for k in reversed(deck)] for deck in self.decks],   # top first
            "craters": list(self.craters),
            "collections": [[KINDS[k] for k in range(NAUTILUS + 1)
                             for _ in range(self.collections[N_KINDS * p + k])] for p in (YELLOW, RED)],
            "shells": list(self.shells),
            "score_cards": [None if o < 0 else o for o in self.owners],
            "priestess_up": self.priestess_up,
            "discard": [KINDS[k] for k in range(N_KINDS) for _ in range(self.discard[k])],
            "scores": list(self.scores),
            "scorings": _copy(self.scorings),
            "truncated": self.truncated,
            "over": self.over,
            "result": self.result(),
        }

    @classmethod
    def from_json(cls, data) -> "HaleakalaState":
        """The position ``to_json`` wrote, checked piece by piece and card by
        card; ``BadState`` says what is wrong."""
        return _load(cls, data)

    @classmethod
    def from_position(cls, to_move: int = 0, first_player: int = 0, round: int = 1, boat: int = 0,
                      shamans=None, beaches=None, statues=None, destroyed=(0, 0), slots=None,
                      decks=None, collections=None, shells=(0, 0), score_cards=None,
                      priestess_up: bool = True, craters=None, discard=None, scores=(0, 0),
                      scorings=None, invocation=None, tactical: bool = False,
                      eruption: bool = True, turns: int = 0, max_turns=None) -> "HaleakalaState":
        """A position written the way the spec's scenarios are (section 9).

        Players are 0 (Yellow) and 1 (Red). ``shamans`` maps a player to a
        space name (default: the huts); ``beaches`` maps a beach to
        ``{player: [disc values]}`` (other discs are in reserve); ``statues``
        and ``collections`` map a player to space names / card kinds;
        ``slots`` maps a section to its two cards (a kind or ``None``);
        ``craters`` maps a section to its lava discs; ``score_cards`` maps a
        player to the score cards they own; ``invocation`` (tactical) maps a
        player to a beach or ``"reserve"``.

        ``decks`` gives the 1-, 2- and 3-palm decks: each a list of kinds, top
        first (ending with ``"..."``: then every other card of that deck
        follows), a number of cards, or ``None`` (every card of that deck not
        placed elsewhere). The default is an empty 1-palm deck in round 1 and
        only the 3-palm deck in round 2. Cards of a deck that is not listed in
        full are put in non-LAVA-first order, so an unnamed drawn card is not
        ``LAVA``. Cards placed nowhere fill the sections not given in
        ``slots`` (collectible cards first), then go to the discard pile.
        As many ``LAVA`` cards as the island's lava discs require (one per
        disc drawn this round, base game) are put on the discard pile first.
        ``scorings`` (round 2) defaults to a first scoring worth ``scores``.
        """
        data = _position_data(to_move, first_player, round, boat, shamans, beaches, statues,
                              destroyed, slots, decks, collections, shells, score_cards,
                              priestess_up, craters, discard, scores, scorings, invocation,
                              tactical, eruption, turns, max_turns)
        return cls.from_json(data)


def _copy(value):
    """A copy of JSON-shaped data (the scoring records), much cheaper than
    ``copy.deepcopy``."""
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value


def _kind_name(k: int):
    return None if k < 0 else KINDS[k]


def _invocation_name(where: int):
    if where == INVOCATION_BOXED:
        return None
    return "reserve" if where == IN_RESERVE else where


def _kind_counts(cards) -> dict:
    counts = [0] * N_KINDS
    for k in cards:
        counts[k] += 1
    return {KINDS[k]: counts[k] for k in range(N_KINDS) if counts[k]}


def _wrong_phase(phase: int) -> IllegalMove:
    if phase == P_TURN:
        return IllegalMove("Play a turn action: place a disc, take one back or move the boat (H-2).",
                           "haleakala.illegal.expect_turn")
    if phase == P_SHAMAN:
        return IllegalMove("Move your shaman or let it stay (H-8).", "haleakala.illegal.expect_shaman")
    if phase == P_PICK:
        return IllegalMove("Choose one of the two cards of the section (H-24).",
                           "haleakala.illegal.expect_pick")
    if phase == P_LAVA:
        return IllegalMove("Move a lava disc to a neighbouring crater, or decline (H-42).",
                           "haleakala.illegal.expect_lava")
    if phase == P_STATUE:
        return IllegalMove("Raise the statue on your shaman's space, or do not (H-41).",
                           "haleakala.illegal.expect_statue")
    return IllegalMove("Buy one item or pass (H-44).", "haleakala.illegal.expect_buy")


def _check_max_turns(value, error) -> None:
    if value is not None and (not is_int(value) or value < 1):
        raise error(f"max_turns is a positive whole number or null, not {value!r}")


# ---------------------------------------------------------------------------
# 6. Explicit positions for tests (from_position)
# ---------------------------------------------------------------------------

def _position_data(to_move, first_player, round, boat, shamans, beaches, statues, destroyed,
                   slots, decks, collections, shells, score_cards, priestess_up, craters,
                   discard, scores, scorings, invocation, tactical, eruption, turns,
                   max_turns) -> dict:
    composition = TACTICAL_COMPOSITION if tactical else DECK_COMPOSITION
    if decks is None:
        decks = (0, None, None) if round == 1 else (0, 0, None)
    if isinstance(craters, (list, tuple)):
        crater_list = list(craters)
    else:
        crater_list = [0] * N_SECTIONS
        for s, n in (craters or {}).items():
            crater_list[s] = n
    # Explicit cards outside the decks.
    slot_rows = {s: [None, None] for s in range(N_SECTIONS)}
    given_slots = dict(slots or {})
    for s, row in given_slots.items():
        slot_rows[s] = list(row)
    collections = {p: list(collections.get(p, [])) for p in (0, 1)} if collections else {0: [], 1: []}
    explicit_discard = list(discard or [])
    if not tactical and "LAVA" not in explicit_discard:
        # Base game: one LAVA card drawn for each lava disc of this round.
        drawn = sum(crater_list) + (4 if round == 2 else 0)
        explicit_discard += ["LAVA"] * drawn
    placed = [c for row in given_slots.values() for c in row if c is not None]
    placed += collections[0] + collections[1] + ["SHELL"] * (shells[0] + shells[1])
    placed += explicit_discard
    available = [sum(c[k] for c in composition) for k in range(N_KINDS)]
    for name in placed:
        k = _kind_or_bad(name)
        available[k] -= 1
        if available[k] < 0:
            raise BadState(f"too many {name} cards in the position")
    # The decks, last drawn first: cards placed elsewhere more likely left the earlier decks.
    deck_lists = [None, None, None]
    for d in (2, 1, 0):
        deck_lists[d] = _deal_deck(d, decks[d], composition[d], available)
    leftover = _fill_sections(slot_rows, given_slots, available, decks, deck_lists)
    stray = [KINDS[k] for k in leftover if COLLECTIBLE[k]]
    if stray:
        raise BadState(f"place these cards somewhere (a slot or a collection): {stray}")
    discard_list = explicit_discard + [KINDS[k] for k in leftover]
    # Discs, statues and the rest.
    disc_rows = [[None] * N_DISCS, [None] * N_DISCS]
    for b, by_player in (beaches or {}).items():
        for p, values in by_player.items():
            for v in values:
                disc_rows[p][v - 1] = b
    statue_rows = [list((statues or {}).get(p, [])) for p in (0, 1)]
    supply = [STATUES_PER_PLAYER - len(statue_rows[p]) - destroyed[p] for p in (0, 1)]
    owners = [None] * N_SCORE_CARDS
    for p, cards in (score_cards or {}).items():
        for name in cards:
            if name not in SCORE_CARDS:
                raise BadState(f"{name!r} is not a score card")
            if owners[SCORE_CARDS.index(name)] is not None:
                raise BadState(f"{name} exists once (H-45)")
            owners[SCORE_CARDS.index(name)] = p
    inv = [None, None]
    if tactical:
        inv = ["reserve", "reserve"]
        for p, where in (invocation or {}).items():
            inv[p] = where
    shaman_row = [SPACE_NAMES[HUTS[0]], SPACE_NAMES[HUTS[1]]]
    for p, name in (shamans or {}).items():
        shaman_row[p] = name
    if scorings is None:
        scorings = []
        if round == 2:
            scorings = [{"round": 1, "truncated": False, "points": list(scores),
                         "burned": [], "protected": [], "players": [{"total": scores[0]},
                                                                     {"total": scores[1]}]}]
    return {
        "game": "haleakala", "tactical": tactical, "eruption": eruption,
        "max_turns": max_turns, "turns": turns, "round": round,
        "first_player": first_player, "player": to_move, "phase": "turn",
        "decider": to_move, "context": 0, "stack": [], "boat": boat,
        "discs": disc_rows, "invocation": inv, "shamans": shaman_row, "statues": statue_rows,
        "statue_supply": supply, "statues_destroyed": list(destroyed),
        "slots": [slot_rows[s] for s in range(N_SECTIONS)], "decks": deck_lists,
        "craters": crater_list, "collections": [collections[0], collections[1]],
        "shells": list(shells), "score_cards": owners, "priestess_up": priestess_up,
        "discard": discard_list, "scores": list(scores), "scorings": scorings,
        "truncated": False, "over": False, "result": None,
    }


# Cards of a deck not listed in full come non-LAVA first, so that an unnamed
# drawn card is not LAVA (the spec's test convention).
_FILL_ORDER = tuple(sorted(range(N_KINDS), key=lambda k: (k == LAVA, k)))


def _kind_or_bad(name) -> int:
    if name not in KIND_INDEX:
        raise BadState(f"{name!r} is not a card kind")
    return KIND_INDEX[name]


def _deal_deck(d: int, spec, counts, available: list) -> list:
    """The (d+1)-palm deck, top first, from a list of kinds (ending with
    ``"..."`` for the rest of the deck), a number of cards, or ``None`` (all
    that is left of it). ``available`` loses the cards taken."""
    left = list(counts)
    chosen = []

    def take_rest(limit=None):
        for k in _FILL_ORDER:
            while left[k] > 0 and available[k] > 0 and (limit is None or len(chosen) < limit):
                left[k] -= 1
                available[k] -= 1
                chosen.append(k)

    if isinstance(spec, (list, tuple)):
        names = list(spec)
        rest = bool(names) and names[-1] == "..."
        for name in names[:-1] if rest else names:
            k = _kind_or_bad(name)
            if left[k] <= 0 or available[k] <= 0:
                raise BadState(f"no {name} card left for the {d + 1}-palm deck")
            left[k] -= 1
            available[k] -= 1
            chosen.append(k)
        if rest:
            take_rest()
    elif is_int(spec):
        take_rest(spec)
        if len(chosen) != spec:
            raise BadState(f"only {len(chosen)} cards are left for the {d + 1}-palm deck")
    elif spec is None:
        take_rest()
    else:
        raise BadState("a deck is a list of kinds, a number of cards or None")
    return [KINDS[k] for k in chosen]


def _fill_sections(slot_rows: dict, given_slots: dict, available: list, decks, deck_lists) -> list:
    """The sections not given get the cards placed nowhere, collectibles
    first; when those run out they are dealt from the top of the decks left
    unspecified, in drawing order, as a refill would. Returns what is left."""
    leftover = [k for k in sorted(range(N_KINDS), key=lambda k: (not COLLECTIBLE[k], k))
                for _ in range(available[k])]
    for s in range(N_SECTIONS):
        if s in given_slots:
            continue
        for k in (0, 1):
            fillers = [c for c in leftover if c != LAVA]
            if fillers:
                leftover.remove(fillers[0])
                slot_rows[s][k] = KINDS[fillers[0]]
                continue
            for d in range(3):
                if decks[d] is None and deck_lists[d] and deck_lists[d][0] != "LAVA":
                    slot_rows[s][k] = deck_lists[d].pop(0)
                    break
    return leftover


# ---------------------------------------------------------------------------
# 7. Loading a position: every field checked
# ---------------------------------------------------------------------------

_KEYS = ("game", "tactical", "eruption", "max_turns", "turns", "round", "first_player", "player",
         "phase", "decider", "context", "stack", "boat", "discs", "invocation", "shamans",
         "statues", "statue_supply", "statues_destroyed", "slots", "decks", "craters",
         "collections", "shells", "score_cards", "priestess_up", "discard", "scores",
         "scorings", "truncated", "over", "result")


def _pair(value, what: str) -> list:
    check(isinstance(value, list) and len(value) == 2, f"{what} must be a list of two entries")
    return value


def _int_in(value, low: int, high: int, what: str) -> int:
    check(is_int(value) and low <= value <= high, f"{what} must be a whole number from {low} to {high}")
    return value


def _kind(name, what: str) -> int:
    check(isinstance(name, str) and name in KIND_INDEX, f"{what}: {name!r} is not a card kind")
    return KIND_INDEX[name]


def _load(cls, data) -> HaleakalaState:
    data = check_fields(data, _KEYS, "haleakala", "Haleakala")
    for flag in ("tactical", "eruption", "priestess_up", "truncated", "over"):
        check(isinstance(data[flag], bool), f"{flag} must be true or false")
    s = cls._empty(data["tactical"], data["eruption"])
    _check_max_turns(data["max_turns"], BadState)
    s.max_turns = data["max_turns"]
    s.turns = _int_in(data["turns"], 0, 1 << 30, "turns")
    s.round = _int_in(data["round"], 1, 2, "round")
    s.first_player = _int_in(data["first_player"], 0, 1, "first_player")
    s.player = _int_in(data["player"], 0, 1, "player")
    s.decider = _int_in(data["decider"], 0, 1, "decider")
    check(data["phase"] in PHASES, f"phase must be one of {', '.join(PHASES)}")
    s.phase = PHASES.index(data["phase"])
    s.context = _int_in(data["context"], 0, 1, "context")
    s.boat = _int_in(data["boat"], 0, N_SECTIONS - 1, "boat")
    s.priestess_up = data["priestess_up"]
    s.truncated = data["truncated"]
    s.over = data["over"]
    _load_pieces(s, data)
    _load_cards(s, data)
    _load_scores(s, data)
    _load_stack(s, data["stack"])
    _check_turn(s)
    _check_lava(s)
    check_result(data["result"], s)
    return s


def _load_pieces(s: HaleakalaState, data) -> None:
    """D-1 to D-4: discs, the invocation discs, shamans, statues and lava."""
    discs = _pair(data["discs"], "discs")
    for p in (YELLOW, RED):
        row = discs[p]
        check(isinstance(row, list) and len(row) == N_DISCS,
              "discs lists, per player, where discs 1 to 5 are (null: in reserve)")
        for v, where in enumerate(row, start=1):
            if where is None:
                continue
            _int_in(where, 0, N_SECTIONS - 1, f"the place of disc {v}")
            s.discs[N_DISCS * p + v - 1] = where
            s.sums[N_SECTIONS * p + where] += v
    for b in range(N_SECTIONS):
        check(s.sums[b] != s.sums[N_SECTIONS + b] or not s.sums[b],
              f"beach {b} holds equal sums for both players (H-3)")
    invocation = _pair(data["invocation"], "invocation")
    for p in (YELLOW, RED):
        where = invocation[p]
        if not s.tactical:
            check(where is None, "the invocation discs stay in the box outside the tactical variant (P-1)")
        elif where == "reserve":
            s.invocation[p] = IN_RESERVE
        else:
            s.invocation[p] = _int_in(where, 0, N_SECTIONS - 1, "the invocation disc's beach")
    shamans = _pair(data["shamans"], "shamans")
    for p in (YELLOW, RED):
        name = shamans[p]
        check(name in SPACE_INDEX, f"shaman: {name!r} is not a space")
        where = SPACE_INDEX[name]
        check(WALKABLE[where] or where == HUTS[p],
              f"a shaman stands on a meadow, forest or mountain, or still on its hut's beach (H-9)")
        s.shamans[p] = where
    check(s.shamans[0] != s.shamans[1], "the two shamans never share a space (H-11)")
    statues = _pair(data["statues"], "statues")
    supply = _pair(data["statue_supply"], "statue_supply")
    destroyed = _pair(data["statues_destroyed"], "statues_destroyed")
    for p in (YELLOW, RED):
        check(isinstance(statues[p], list), "statues lists space names per player")
        for name in statues[p]:
            check(name in SPACE_INDEX and WALKABLE[SPACE_INDEX[name]],
                  f"statue: {name!r} is not a meadow, forest or mountain (H-41)")
            check(s.statues[SPACE_INDEX[name]] < 0, f"two statues on {name} (D-3)")
            s.statues[SPACE_INDEX[name]] = p
        s.supply[p] = _int_in(supply[p], 0, STATUES_PER_PLAYER, "statue supply")
        s.destroyed[p] = _int_in(destroyed[p], 0, STATUES_PER_PLAYER, "destroyed statues")
        check(len(statues[p]) + s.supply[p] + s.destroyed[p] == STATUES_PER_PLAYER,
              f"{COLOURS[p]} must have 8 statues: on the board, in supply or burned (C-10)")
    craters = data["craters"]
    check(isinstance(craters, list) and len(craters) == N_SECTIONS, "craters lists 6 counts")
    for i, n in enumerate(craters):
        s.craters[i] = _int_in(n, 0, LAVA_DISCS, "lava on a crater")
    check(sum(s.craters) <= LAVA_DISCS, "there are only 4 lava discs (C-4)")


def _load_cards(s: HaleakalaState, data) -> None:
    """2.4 to 2.6: every palm card in exactly one place; score cards and the
    board Priestess."""
    composition = TACTICAL_COMPOSITION if s.tactical else DECK_COMPOSITION
    counts = [0] * N_KINDS
    slots = data["slots"]
    check(isinstance(slots, list) and len(slots) == N_SECTIONS, "slots lists 6 sections")
    for sec, row in enumerate(slots):
        check(isinstance(row, list) and len(row) == 2, "each section has 2 slots (G-3)")
        for k, name in enumerate(row):
            if name is None:
                continue
            card = _kind(name, "slot")
            check(card != LAVA, "a LAVA card never stays in a slot (H-36)")
            s.slots[2 * sec + k] = card
            counts[card] += 1
    decks = data["decks"]
    check(isinstance(decks, list) and len(decks) == 3, "decks lists the 1-, 2- and 3-palm decks")
    for d in range(3):
        check(isinstance(decks[d], list), "a deck is a list of card kinds, top first")
        deck = [_kind(name, f"{d + 1}-palm deck") for name in decks[d]]
        for k in range(N_KINDS):
            check(deck.count(k) <= composition[d][k],
                  f"the {d + 1}-palm deck holds more {KINDS[k]} cards than it was made of (2.4)")
        s.decks[d] = deck[::-1]
        for k in deck:
            counts[k] += 1
    collections = _pair(data["collections"], "collections")
    for p in (YELLOW, RED):
        check(isinstance(collections[p], list), "a collection is a list of card kinds")
        for name in collections[p]:
            card = _kind(name, "collection")
            check(COLLECTIBLE[card], f"{name} is not a collectible card (H-40)")
            s.collections[N_KINDS * p + card] += 1
            counts[card] += 1
    shells = _pair(data["shells"], "shells")
    for p in (YELLOW, RED):
        s.shells[p] = _int_in(shells[p], 0, 42, "shells")
        counts[SHELL] += s.shells[p]
    check(isinstance(data["discard"], list), "discard is a list of card kinds")
    for name in data["discard"]:
        card = _kind(name, "discard")
        check(not COLLECTIBLE[card], f"{name} is collected, never discarded (H-40, H-47)")
        s.discard[card] += 1
        counts[card] += 1
    for k in range(N_KINDS):
        total = sum(c[k] for c in composition)
        check(counts[k] == total,
              f"there must be {total} {KINDS[k]} card(s) in play, not {counts[k]} (2.4, V-1)")
    # P-5 and H-32: twelve 1-palm cards were dealt; decks are drawn in order.
    check(len(s.decks[0]) <= sum(composition[0]) - START_DEAL,
          "twelve 1-palm cards were dealt at set-up (P-5)")
    for d in (0, 1):
        if s.decks[d]:
            for later in range(d + 1, 3):
                check(len(s.decks[later]) == sum(composition[later]),
                      f"the {later + 1}-palm deck is untouched while the {d + 1}-palm deck "
                      f"holds cards (H-32)")
    owners = data["score_cards"]
    check(isinstance(owners, list) and len(owners) == N_SCORE_CARDS,
          "score_cards lists the owner (or null) of each of the 5 score cards")
    for i, owner in enumerate(owners):
        s.owners[i] = -1 if owner is None else _int_in(owner, 0, 1, "a score card's owner")


def _check_lava(s: HaleakalaState) -> None:
    """H-36, E-6: in the base game each lava disc on the island comes from a
    LAVA card drawn this round (the four 2-palm ones erupted at the first
    scoring); after the last eruption the island is clear."""
    if s.tactical:
        return
    drawn = 0 if s.over else s.discard[LAVA] - (4 if s.round == 2 else 0)
    check(sum(s.craters) == drawn,
          f"{sum(s.craters)} lava disc(s) on the island, but {drawn} LAVA card(s) drawn "
          f"this round (H-36)")


def _load_scores(s: HaleakalaState, data) -> None:
    scores = _pair(data["scores"], "scores")
    for p in (YELLOW, RED):
        s.scores[p] = _int_in(scores[p], 0, 1 << 30, "a score")
    scorings = data["scorings"]
    check(isinstance(scorings, list) and len(scorings) <= 2, "scorings lists at most 2 scorings")
    totals = [0, 0]
    for number, entry in enumerate(scorings, start=1):
        check(isinstance(entry, dict) and {"round", "truncated", "points", "burned", "protected",
                                             "players"} <= set(entry),
              "a scoring is {round, truncated, points, burned, protected, players}")
        check(entry["round"] == number or (entry["round"] == 2 and entry["truncated"]),
              f"scoring {number} must say round {number}")
        points = _pair(entry["points"], "scoring points")
        for p in (YELLOW, RED):
            totals[p] += _int_in(points[p], 0, 1 << 30, "scoring points")
        check(isinstance(entry["players"], list) and len(entry["players"]) == 2
              and all(isinstance(x, dict) and x.get("total") == points[i]
                      for i, x in enumerate(entry["players"])),
              "a scoring lists both players' details, with their totals")
        check(isinstance(entry["burned"], list) and isinstance(entry["protected"], list),
              "burned and protected are lists")
    check(totals == s.scores, "scores must be the sum of the scorings")
    s.scorings = _copy(scorings)
    done = len(scorings)
    if s.over:
        check(done >= 1 and scorings[-1]["round"] == 2, "a finished game ends with its second scoring (S-25)")
        check(s.truncated == scorings[-1]["truncated"], "truncated must match the last scoring (H-53)")
    else:
        check(done == s.round - 1, f"round {s.round} comes after {s.round - 1} scoring(s) (S-1.3)")
        check(not s.truncated, "only a finished game can be truncated (H-53)")


def _load_stack(s: HaleakalaState, stack) -> None:
    check(isinstance(stack, list), "stack is a list of waiting tasks")
    for task in stack:
        check(isinstance(task, list) and task and task[0] in TASK_NAMES,
              f"a task is [name, args...] with a name among {', '.join(TASK_NAMES)}")
        code = TASK_NAMES.index(task[0])
        check(len(task) == 1 + TASK_ARITY[code], f"task {task[0]} takes {TASK_ARITY[code]} argument(s)")
        args = task[1:] + [0] * (2 - TASK_ARITY[code])
        if code in (T_REFILL, T_RETURN):
            _int_in(args[0], 0, N_SECTIONS - 1, f"{task[0]}'s section")
        elif code == T_SECOND:
            _int_in(args[0], 0, 1, "second's player")
            _int_in(args[1], 0, N_SECTIONS - 1, "second's section")
        elif code in (T_RECOVER, T_PRESCORE):
            _int_in(args[0], 0, 1, f"{task[0]}'s player")
        elif code == T_POINTS:
            _int_in(args[0], 1, 2, "the scoring's number")
            _int_in(args[1], 0, 1, "the truncation flag")
        s.stack.append((code, args[0], args[1]))
    _check_stack_shape(s)


def _check_stack_shape(s: HaleakalaState) -> None:
    """The waiting tasks form one of the three shapes the rules produce
    (bottom first):

    * a distribution: the turn's end, the refill and the disc return of the
      boat's section, then maybe a second taker (H-24), then maybe an
      invocation disc to recover after a Priestess (V-5b);
    * the first scoring inside a refill (H-35): the turn's end, the refill,
      the scoring's points, then the purchase steps still to come (S-3);
    * the second scoring (S-1.2, H-53): its points, then the purchase steps.
    """
    tasks = s.stack
    boat = s.boat
    n = len(tasks)
    i = 0

    def at(code):
        return i < n and tasks[i][0] == code

    scoring = False
    if at(T_POINTS):
        check(tasks[0][1] == 2, "only the second scoring waits at the bottom of the stack")
        i, scoring = 1, True
    elif at(T_END_TURN):
        i = 1
        check(at(T_REFILL) and tasks[i][1] == boat,
              "the end of the turn waits under the refill of the boat's section (H-37)")
        i = 2
        if at(T_POINTS):
            check(tasks[i][1] == 1 and tasks[i][2] == 0 and s.round == 1 and not s.decks[1],
                  "the refill waits for the first scoring only once the 2-palm deck is empty (H-35)")
            i, scoring = 3, True
        else:
            check(at(T_RETURN) and tasks[i][1] == boat,
                  "the refill waits under the disc return of the boat's section (H-30)")
            i = 3
            if at(T_SECOND):
                check(tasks[i][2] == boat, "the second taker takes in the boat's section (H-24)")
                i += 1
            if at(T_RECOVER):
                check(s.tactical, "invocation discs come back only in the tactical variant (V-5)")
                i += 1
    if scoring:
        buyers = []
        while at(T_PRESCORE):
            buyers.append(tasks[i][1])
            i += 1
        check(not (buyers and s.tactical), "no purchase before a scoring in the tactical variant (V-7)")
        check(len(set(buyers)) == len(buyers), "each player has one purchase step (S-3)")
    check(i == n, f"the waiting tasks are not in an order the rules produce: {tasks}")


def _check_turn(s: HaleakalaState) -> None:
    """The phase, the decider and the waiting tasks agree."""
    phase = s.phase
    tasks = s.stack
    if s.over:
        check(phase == P_OVER and not tasks, "a finished game has no phase and nothing waiting")
        return
    check(phase != P_OVER, "phase 'over' only in a finished game")
    check(s.round == 2 or s.decks[1] or any(t[0] == T_POINTS for t in tasks),
          "round 1 lasts while the 2-palm deck holds cards (H-35)")
    check(s.round == 1 or not s.decks[1] and not s.decks[0], "round 2 starts with the 2-palm deck empty")
    if s.round == 1:
        full = sum((TACTICAL_COMPOSITION if s.tactical else DECK_COMPOSITION)[2])
        check(len(s.decks[2]) == full, "the 3-palm deck is untouched in round 1 (S-1.1)")
    if phase in (P_TURN, P_SHAMAN):
        check(not tasks, "nothing waits during a turn action")
        check(s.decider == s.player, "the active player decides the turn action")
        if any(s.decks):
            check(-1 not in s.slots, "every slot holds a card while a deck holds cards (H-32)")
        return
    # The other slots stay full while the decks hold cards; only the boat's may be empty.
    if any(s.decks):
        for sec in range(N_SECTIONS):
            if sec != s.boat:
                check(s.slots[2 * sec] >= 0 and s.slots[2 * sec + 1] >= 0,
                      "every slot away from the boat holds a card while a deck holds cards (H-32)")
    check(tasks, "a decision inside the arrival procedure leaves tasks waiting")
    if phase == P_PICK:
        boat = s.boat
        c0, c1 = s.slots[2 * boat], s.slots[2 * boat + 1]
        check(c0 >= 0 and c1 >= 0 and c0 != c1, "a card choice needs two different cards (H-24)")
        own = s.sums[N_SECTIONS * s.decider + boat]
        check(own > 0, "the taker has numbered discs on the boat's beach (H-23)")
        top = tasks[-1]
        if top[0] == T_SECOND:
            check(top[1] == 1 - s.decider and 0 < s.sums[N_SECTIONS * top[1] + boat] < own,
                  "the first taker has the higher sum (H-24)")
        else:
            check(top[0] == T_RETURN and not s.sums[N_SECTIONS * (1 - s.decider) + boat],
                  "a sole taker is the only one with discs on the beach (H-23)")
    elif phase == P_LAVA:
        check(any(s.craters), "a Priestess decision needs lava on the island (H-42)")
    elif phase == P_STATUE:
        where = s.shamans[s.decider]
        check(WALKABLE[where] and s.statues[where] < 0 and s.supply[s.decider] > 0,
              "a statue decision needs a free space under the shaman and a statue in supply (H-41)")
    elif phase == P_BUY:
        check(s._affordable(s.decider), "a purchase decision needs something affordable (H-44)")
        if s.context == CTX_SCORING:
            check(not s.tactical, "no purchase before a scoring in the tactical variant (V-7)")


# ---------------------------------------------------------------------------
# 8. The game
# ---------------------------------------------------------------------------

class Haleakala(Game):
    id = "haleakala"
    title = {"fr": "Haleakala", "en": "Haleakala"}
    players = (2,)
    # ``tactical``: the rulebook's tactical variant (section 7). ``eruption``:
    # the eruption of spec 5.3, which the rulebook's text lacks; on by default,
    # off for tables that prefer to score without burning statues.
    options = {"tactical": False, "eruption": True}
    # Everything is on the table (I-1): only the decks' order is hidden, from
    # both players alike.
    private_information = False
    # P-3: who plays first, and H-53: the turn limit, are set-up inputs, not
    # rulebook variants.
    setup_inputs = ("first_player", "max_turns")
    Move = HaleakalaMove
    State = HaleakalaState


HaleakalaState.game = Haleakala

from . import haleakala_hints  # noqa: E402  (it reads this module's tables)

Haleakala.hints = haleakala_hints
