"""Moai's rules: ``MoaiState``, one position and every rule that changes it.

The rules follow ``docs/rules/moai.md``; each rule is cited by its id
(``M-20``, ``C-5``, ``S-4``, ``H-5``, ``V-4``, ``A-12`` ...) where the code
applies it. The module reads in rulebook order: the set-up, the round phase by
phase (bird-man, epoch, work, production, bilan), the end and the scoring,
then copies and the saved position. The components and the locations are in
``tables``, the moves in ``moves``; the rule a refused move breaks is told by
``refusals``, what each player sees (H-1 to H-14) by the ``observer``.

Representation. Everything is a flat list of small ints:

* Rapa Nui cards are four interchangeable *kinds* (``1``, ``2``, ``3`` and
  ``R`` the Raid card; C-3). Two cards of one kind never differ in play, so a
  hand is four counts (``hands[4p + kind]``) and the deck a list of kinds with
  its top at the END (cheap ``pop``). The spec's card ids RN01-RN40 are
  accepted by ``from_position`` and mapped to their kinds.
* A piece is a colour (a seat) and a strength 1-3; pieces of one colour and
  strength are interchangeable, so the board keeps counts. ``s`` is the
  strength minus one (0-2) and ``fd`` 1 for a face-down piece:
  ``camp[3p + s]``, ``reserve[3p + s]``, ``forest[6 * (n * space + p) + 3 * fd + s]``,
  ``fields[f]`` (-2 covered, -1 free, else ``3p + s``; always face up),
  ``boat_piece[b]`` (same code), and the volcano as seven ints per space
  ``[owner or -1, up1, up2, up3, down1, down2, down3]``.
* A *location* is one int: forest S1-S6 are 0-5, fields F1-F16 are 6-21, the six
  boats (by boat card) 22-27, volcano spaces V1, V2 ... are 28, 29 ...; the camp
  is -1. A piece in a move is ``(location, seat, s, fd)``.
* Epoch cards are ints 0-35 (``EPOCH_IDS``); the epoch deck has its top at the
  END and always lies stacked epoch 1 over 2 over 3 (S-10: it is never
  reshuffled).
"""

from __future__ import annotations


from typing import Any

from . import bilan, birdman, disasters, epoch, production, work
from ...engine import GameError, IllegalMove, Rng, State, is_int
from .bilan import BilanRules
from .birdman import BirdManRules
from .codec import CODEC
from .disasters import DisasterRules
from .epoch import EpochRules
from .moves import MoaiMove
from .production import ProductionRules
from .refusals import refusal
from .scenarios import from_position
from .scoring import ScoringRules
from .tables import (ADMIRAL, BID, BOAT0, CARDS_OF_EPOCH, COVERED, COVERED_FIELDS, DECK_COMPOSITION,
                     DISASTER_TOKENS, FIELD0, FIELDS_Z, FOREST_Z, FREE, HAND_SIZE, MOAI_HEIGHTS, M_DONE,
                     N_BOATS, N_FIELDS, N_FOREST, N_TILES, OCEAN_Z, OPTIONS, OVER, PER_STRENGTH,
                     SHORT_GAME_REMOVALS, START_CAMP, V2, V3, V4, VOLCANO0, VOLCANO_Z, WOOD_TOKENS)
from .work import WorkRules


class MoaiState(BirdManRules, EpochRules, DisasterRules, WorkRules, ProductionRules, BilanRules,
                ScoringRules, State):
    """A Moai position: the island, the clans, the cards and the step of the round."""

    __slots__ = (
        "players", "opts", "round", "phase", "final", "order", "ranking", "pawn", "cur", "actor",
        "deck", "discard", "hands", "bids", "bid_status",
        "edeck", "display", "taken", "removed", "set_aside", "admiral",
        "boat_owner", "boat_piece",
        "wood", "forest_wood", "stock",
        "dsupply", "fields",
        "msupply", "tiles", "toppled",
        "camp", "reserve", "known", "forest", "volcano", "carved",
        "card", "taker", "victim", "space", "tied",
        "deficit", "raids", "to_remove", "rest_left", "retrieved",
        "rng", "over", "zc", "_cache", "_shown",
    )
    players: int
    opts: tuple[bool, ...]
    round: int
    phase: int
    final: bool
    order: list[int]
    ranking: list[int]
    pawn: int
    cur: int
    actor: int
    deck: list[int]
    discard: list[int]
    hands: list[int]
    bids: list[int]
    bid_status: list[int]
    edeck: list[int]
    display: list[int]
    taken: list[int]
    removed: list[int]
    set_aside: list[int]
    admiral: bool
    boat_owner: list[int]
    boat_piece: list[int]
    wood: int
    forest_wood: list[int]
    stock: list[int]
    dsupply: int
    fields: list[int]
    msupply: list[int]
    tiles: list[list[int]]
    toppled: list[int]
    camp: list[int]
    reserve: list[int]
    known: list[int]
    forest: list[int]
    volcano: list[int]
    carved: list[int]
    card: int
    taker: int
    victim: int
    space: int
    tied: list[int]
    deficit: int
    raids: int
    to_remove: int
    rest_left: int
    retrieved: list[int]
    rng: int
    over: bool
    zc: list[int]
    _cache: list[list[MoaiMove] | None] | None           # each seat's legal moves, once computed
    _shown: bool                                          # the last move showed something hidden

    # bid_status values (M-3, H-5): still choosing, chosen (and set aside),
    # choosing again in a determinized copy (shown as chosen), revealed.
    CHOOSING, CHOSEN, RECHOOSING, REVEALED = range(4)

    # -- set-up (S-1 to S-11) ---------------------------------------------------
    @classmethod
    def new(cls, players: int | None = 3, seed=0, events=None, **options) -> "MoaiState":
        """The opening position: set up (S-1 to S-11), then round 1 begun (M-1,
        M-2: the first epoch cards revealed, the wood laid) up to the bids;
        what that played is appended to ``events`` when a list is given."""
        if players not in (2, 3, 4, 5) or not is_int(players):
            raise GameError(f"moai is played by 2 to 5 players, not {players!r}")
        opts = tuple(bool(options.get(name, False)) for name in OPTIONS)
        rng = Rng.from_seed(seed)
        s = cls.blank(players, opts)
        n = players
        covered = COVERED_FIELDS[n]                                   # S-4
        for f in range(N_FIELDS - covered, N_FIELDS):
            s.fields[f] = COVERED
        s.dsupply = DISASTER_TOKENS - covered
        for p in range(n):                                             # S-7
            for k in range(3):
                s.camp[3 * p + k] = START_CAMP
                s.reserve[3 * p + k] = PER_STRENGTH - START_CAMP
        if opts[V2] or opts[V4]:                                       # V-2, V-4, A-40
            order = list(range(n))
            rng.shuffle(order)
            s.order = order
            s.pawn = order[0]
        else:                                                          # S-6
            s.pawn = rng.below(n)
        deck = [k for k in range(4) for _ in range(DECK_COMPOSITION[k])]
        rng.shuffle(deck)                                              # S-9
        s.deck = deck
        for p in range(n):
            for _ in range(HAND_SIZE):
                s.hands[4 * p + deck.pop()] += 1
        stacks = []
        for e in range(3):                                             # S-10
            cards = list(CARDS_OF_EPOCH[e])
            rng.shuffle(cards)
            if opts[V3]:                                               # V-3, A-34
                cut = SHORT_GAME_REMOVALS[e]
                candidates = [c for c in cards if c != ADMIRAL]
                out = candidates[:cut]
                s.set_aside.extend(sorted(out))
                cards = [c for c in cards if c not in out]
            stacks.append(cards)
        s.edeck = stacks[2] + stacks[1] + stacks[0]                    # epoch 1 on top (the end)
        s.rng = rng.state
        events = [] if events is None else events
        s.start_round(events)
        s.take_forced(events)
        return s

    @classmethod
    def blank(cls, n: int, opts: tuple) -> "MoaiState":
        s = cls.__new__(cls)
        s.players = n
        s.opts = opts
        s.round = 0
        s.phase = BID
        s.final = False
        s.order = []
        s.ranking = []
        s.pawn = 0
        s.cur = 0
        s.actor = -1
        s.deck = []
        s.discard = [0, 0, 0, 0]
        s.hands = [0] * (4 * n)
        s.bids = [0] * (4 * n)
        s.bid_status = [0] * n
        s.edeck = []
        s.display = []
        s.taken = [-1] * n
        s.removed = []
        s.set_aside = []
        s.admiral = False
        s.boat_owner = [-1] * N_BOATS
        s.boat_piece = [-1] * N_BOATS
        s.wood = WOOD_TOKENS
        s.forest_wood = [0] * N_FOREST
        s.stock = [0] * n
        s.dsupply = DISASTER_TOKENS
        s.fields = [FREE] * N_FIELDS
        s.msupply = [1] * N_TILES
        s.tiles = [[] for _ in range(n)]
        s.toppled = []
        s.camp = [0] * (3 * n)
        s.reserve = [0] * (3 * n)
        s.known = [0] * (3 * n)
        s.forest = [0] * (6 * n * N_FOREST)
        s.volcano = []
        s.carved = []
        s.card = -1
        s.taker = -1
        s.victim = -1
        s.space = 0
        s.tied = []
        s.deficit = 0
        s.raids = 0
        s.to_remove = 0
        s.rest_left = 0
        s.retrieved = [0, 0, 0, 0]
        s.zc = [0] * (4 * n)
        s.rng = 0
        s.over = False
        s._cache = None
        s._shown = False
        return s

    # -- derived quantities --------------------------------------------------------
    def option(self, name: str) -> bool:
        return self.opts[OPTIONS.index(name)]

    def count_at(self, loc: int, p: int, s: int, fd: int) -> int:
        """How many of ``p``'s pieces of strength ``s + 1`` and facing ``fd`` are at ``loc``."""
        if loc < 0:
            return self.camp[3 * p + s] if not fd else 0
        if loc < FIELD0:
            return self.forest[6 * (self.players * loc + p) + 3 * fd + s]
        if loc < BOAT0:
            return 1 if not fd and self.fields[loc - FIELD0] == 3 * p + s else 0
        if loc < VOLCANO0:
            return 1 if not fd and self.boat_piece[loc - BOAT0] == 3 * p + s else 0
        base = 7 * (loc - VOLCANO0)
        v = self.volcano
        if base >= len(v) or v[base] != p:
            return 0
        return v[base + 1 + 3 * fd + s]

    def zones(self, p: int) -> list:
        """``p``'s pieces on the board per zone: [forest, volcano, fields, ocean]."""
        return self.zc[4 * p:4 * p + 4]

    def on_board(self, p: int) -> int:
        zc = self.zc
        b = 4 * p
        return zc[b] + zc[b + 1] + zc[b + 2] + zc[b + 3]

    def count_zones(self) -> list:
        """The zone counts recounted from the board (``zc`` keeps them up to date)."""
        n = self.players
        zc = [0] * (4 * n)
        f = self.forest
        for sp in range(N_FOREST):
            for p in range(n):
                b = 6 * (n * sp + p)
                zc[4 * p + FOREST_Z] += f[b] + f[b + 1] + f[b + 2] + f[b + 3] + f[b + 4] + f[b + 5]
        v = self.volcano
        for i in range(0, len(v), 7):
            if v[i] >= 0:
                zc[4 * v[i] + VOLCANO_Z] += sum(v[i + 1:i + 7])
        for c in self.fields:
            if c >= 0:
                zc[4 * (c // 3) + FIELDS_Z] += 1
        for c in self.boat_piece:
            if c >= 0:
                zc[4 * (c // 3) + OCEAN_Z] += 1
        return zc

    def food(self, p: int) -> int:
        """M-27: F, the strength of ``p``'s pieces in fields and on boats."""
        lo, hi = 3 * p, 3 * p + 3
        total = 0
        zc = self.zc
        if zc[4 * p + FIELDS_Z]:
            for c in self.fields:
                if lo <= c < hi:
                    total += c - lo + 1
        if zc[4 * p + OCEAN_Z]:
            for c in self.boat_piece:
                if lo <= c < hi:
                    total += c - lo + 1
        return total

    def camp_size(self, p: int) -> int:
        c = self.camp
        return c[3 * p] + c[3 * p + 1] + c[3 * p + 2]

    def hand_size(self, p: int) -> int:
        h = self.hands
        return h[4 * p] + h[4 * p + 1] + h[4 * p + 2] + h[4 * p + 3]

    def moai_height(self, p: int) -> int:
        return sum(MOAI_HEIGHTS[t >> 1] for t in self.tiles[p])

    def score(self, p: int) -> int:
        """M-41: Moai heights + living pieces (board and camp) + 2 per wood."""
        return self.moai_height(p) + self.on_board(p) + self.camp_size(p) + 2 * self.stock[p]

    def n_spaces(self) -> int:
        return len(self.volcano) // 7

    def own_pieces(self, p: int, zones: tuple = (FOREST_Z, VOLCANO_Z, FIELDS_Z, OCEAN_Z)) -> list:
        """Every kind of piece ``p`` has on the board (in ``zones`` only, when
        given): ``(loc, p, s, fd)``, each once, forest first, then fields,
        boats and volcano. The zone counts (``zc``) spare the search of the
        zones he is not in, and of the rest of a zone once all his pieces
        there are found."""
        out: list[tuple[int, int, int, int]] = []
        zc = self.zc
        n = self.players
        left = zc[4 * p + FOREST_Z] if FOREST_Z in zones else 0
        if left:
            f = self.forest
            for sp in range(N_FOREST):
                b = 6 * (n * sp + p)
                for i in range(6):
                    count = f[b + i]
                    if count:
                        out.append((sp, p, i % 3, i // 3))
                        left -= count
                if not left:
                    break
        lo, hi = 3 * p, 3 * p + 3
        # A field or a boat holds one piece, coded 3 * clan + strength index.
        for zone, first, cells in ((FIELDS_Z, FIELD0, self.fields), (OCEAN_Z, BOAT0, self.boat_piece)):
            left = zc[4 * p + zone] if zone in zones else 0
            if left:
                for i, c in enumerate(cells):
                    if lo <= c < hi:
                        out.append((first + i, p, c - lo, 0))
                        left -= 1
                        if not left:
                            break
        left = zc[4 * p + VOLCANO_Z] if VOLCANO_Z in zones else 0
        if left:
            v = self.volcano
            for i in range(0, len(v), 7):
                if v[i] == p:
                    for j in range(6):
                        count = v[i + 1 + j]
                        if count:
                            out.append((VOLCANO0 + i // 7, p, j % 3, j // 3))
                            left -= count
                    if not left:
                        break
        return out

    # -- moving pieces --------------------------------------------------------------
    def _remove_piece(self, loc: int, p: int, s: int, fd: int) -> None:
        if loc < 0:
            self.camp[3 * p + s] -= 1
            return
        self.zc[4 * p + (FOREST_Z if loc < FIELD0 else FIELDS_Z if loc < BOAT0 else
                         OCEAN_Z if loc < VOLCANO0 else VOLCANO_Z)] -= 1
        if loc < FIELD0:
            self.forest[6 * (self.players * loc + p) + 3 * fd + s] -= 1
        elif loc < BOAT0:
            self.fields[loc - FIELD0] = FREE                          # C-5.1: the field is free
        elif loc < VOLCANO0:
            self.boat_piece[loc - BOAT0] = -1
        else:
            v = self.volcano
            base = 7 * (loc - VOLCANO0)
            v[base + 1 + 3 * fd + s] -= 1
            if not (v[base + 1] or v[base + 2] or v[base + 3] or v[base + 4] or v[base + 5]
                    or v[base + 6]):
                v[base] = -1                                           # C-5.1: the space is free

    def _put_piece(self, loc: int, p: int, s: int, fd: int) -> None:
        """Put a piece at ``loc``; in a field or on a boat it is face up (M-14, M-16, A-6)."""
        self.zc[4 * p + (FOREST_Z if loc < FIELD0 else FIELDS_Z if loc < BOAT0 else
                         OCEAN_Z if loc < VOLCANO0 else VOLCANO_Z)] += 1
        if loc < FIELD0:
            self.forest[6 * (self.players * loc + p) + 3 * fd + s] += 1
        elif loc < BOAT0:
            self.fields[loc - FIELD0] = 3 * p + s
        elif loc < VOLCANO0:
            self.boat_piece[loc - BOAT0] = 3 * p + s
        else:
            v = self.volcano
            base = 7 * (loc - VOLCANO0)
            if base == len(v):
                v.extend((-1, 0, 0, 0, 0, 0, 0))                       # C-2: a new space
            v[base] = p
            v[base + 1 + 3 * fd + s] += 1

    def _to_reserve(self, piece, events: list, key_event) -> None:
        """C-5.0d: a dead piece goes to the reserve under its colour."""
        loc, q, s, fd = piece
        self._remove_piece(loc, q, s, fd)
        self.reserve[3 * q + s] += 1
        if loc < 0:
            self._forget_camp_piece(q, s)
        if fd:
            self._shown = True
        events.append(key_event)

    def _forget_camp_piece(self, p: int, s: int) -> None:
        """A camp piece of known strength ``s + 1`` left: one fewer is known (H-13)."""
        i = 3 * p + s
        if self.known[i]:
            self.known[i] -= 1
        self._clip_known(p)

    def _clip_known(self, p: int) -> None:
        k, c = self.known, self.camp
        for i in range(3 * p, 3 * p + 3):
            if k[i] > c[i]:
                k[i] = c[i]

    # -- whose turn -------------------------------------------------------------------
    def to_move(self) -> list:
        if self.over:
            return []
        if self.phase == BID and not (self.opts[V2] or self.opts[V4]):
            status = self.bid_status
            return [p for p in range(self.players) if status[p] != 1]   # H-5: all at once
        return [self.actor]

    def is_over(self) -> bool:
        return self.over

    # -- legal moves --------------------------------------------------------------------
    def legal_moves(self, player: int) -> list:
        if self.over or player not in self.to_move():
            return []
        return list(self._legal_for(player))

    def _legal_for(self, p: int) -> list:
        """``p``'s moves in the current step, generated once per position (the
        cache is dropped whenever the position changes). Each step has its
        method (``STEP_MOVES``, at the end of the class)."""
        cache = self._cache
        if cache is None:
            cache = self._cache = [None] * self.players
        moves = cache[p]
        if moves is None:
            moves = cache[p] = self.STEP_MOVES[self.phase](self, p)
        return moves

    def forget_moves(self) -> None:
        """Drop the legal moves computed for this position: it was changed
        otherwise than by a move (a determinized copy, ``observer``)."""
        self._cache = None

    def _no_moves(self, p: int) -> list:
        return []

    # -- playing --------------------------------------------------------------------------
    def apply(self, player: int, move) -> list:
        """Play ``move``, one of ``player``'s legal moves (``play`` asks
        ``legal_moves``), and return the events it caused. After the move the
        round runs on by itself (draws, reveals, productions) up to the next
        decision; a decision with a single possible answer is taken at once.
        """
        self._cache = None
        self._shown = False
        events: list[dict[str, Any]] = []
        # Each kind of move has its handler (``HANDLERS``, at the end of the
        # class): it takes the player, the move's ``args`` and the events.
        self.HANDLERS[move.code](self, player, move.args, events)
        self.take_forced(events)
        return events

    def refusal(self, player: int, move) -> IllegalMove:
        return refusal(self, player, move)

    def take_forced(self, events: list) -> None:
        """Take every decision that has a single legal answer (a forced pass,
        the only victim boat, the only free field, the last epoch card, an
        empty hand's empty bid ...). Decision: asking a player to confirm a move
        he cannot avoid adds nothing; it is logged like any other move."""
        handlers = self.HANDLERS
        while not self.over:
            for p in self.to_move():
                moves = self._legal_for(p)
                if len(moves) == 1:
                    break
            else:
                return
            self._cache = None
            move = moves[0]
            handlers[move.code](self, p, move.args, events)

    def reveals(self, player: int, move) -> bool:
        """True when the move, or what follows it by itself, draws at random or
        shows something hidden: a bid laid or revealed, a card drawn, a face-down
        piece turned up or sent to the reserve, epoch cards revealed."""
        try:
            move = self.as_move(move)
        except IllegalMove:
            return False
        copy = self.clone()
        try:
            copy.play(player, move)
        except GameError:
            return False
        return copy._shown

    def _done(self, p: int, a: tuple, events: list) -> None:
        """``done`` ends the step it is played in (``DONE_IN_STEP``)."""
        self.DONE_IN_STEP[self.phase](self, p, events)

    # -- copies -----------------------------------------------------------------------------
    def clone(self) -> "MoaiState":
        s = MoaiState.__new__(MoaiState)
        s.players = self.players
        s.opts = self.opts
        s.round = self.round
        s.phase = self.phase
        s.final = self.final
        s.order = self.order[:]
        s.ranking = self.ranking[:]
        s.pawn = self.pawn
        s.cur = self.cur
        s.actor = self.actor
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.hands = self.hands[:]
        s.bids = self.bids[:]
        s.bid_status = self.bid_status[:]
        s.edeck = self.edeck[:]
        s.display = self.display[:]
        s.taken = self.taken[:]
        s.removed = self.removed[:]
        s.set_aside = self.set_aside[:]
        s.admiral = self.admiral
        s.boat_owner = self.boat_owner[:]
        s.boat_piece = self.boat_piece[:]
        s.wood = self.wood
        s.forest_wood = self.forest_wood[:]
        s.stock = self.stock[:]
        s.dsupply = self.dsupply
        s.fields = self.fields[:]
        s.msupply = self.msupply[:]
        s.tiles = [t[:] for t in self.tiles]
        s.toppled = self.toppled[:]
        s.camp = self.camp[:]
        s.reserve = self.reserve[:]
        s.known = self.known[:]
        s.forest = self.forest[:]
        s.volcano = self.volcano[:]
        s.carved = self.carved[:]
        s.card = self.card
        s.taker = self.taker
        s.victim = self.victim
        s.space = self.space
        s.tied = self.tied[:]
        s.deficit = self.deficit
        s.raids = self.raids
        s.to_remove = self.to_remove
        s.rest_left = self.rest_left
        s.retrieved = self.retrieved[:]
        s.zc = self.zc[:]
        s.rng = self.rng
        s.over = self.over
        cache = self._cache
        s._cache = cache[:] if cache is not None else None
        s._shown = False
        return s

    # =====================================================================================
    # Saved positions
    # =====================================================================================
    def to_json(self) -> dict:
        return CODEC.dump(self)

    @classmethod
    def from_json(cls, data) -> "MoaiState":
        """The position ``to_json`` wrote, checked against the invariants of spec
        4.8 and the step of the round; ``BadState`` says what is wrong."""
        return CODEC.load(cls, data)

    # A position written the way the spec's scenarios are (section 8).
    from_position = classmethod(from_position)

    # The moves of each step (``_legal_for``), what each kind of move does
    # (``apply``, ``take_forced``) and the step a ``done`` ends (``_done``): each part's own.
    STEP_MOVES = {**birdman.STEP_MOVES, **epoch.STEP_MOVES, **disasters.STEP_MOVES, **work.STEP_MOVES,
                  **production.STEP_MOVES, **bilan.STEP_MOVES, OVER: _no_moves}
    HANDLERS = {**birdman.HANDLERS, **epoch.HANDLERS, **disasters.HANDLERS, **work.HANDLERS,
                **production.HANDLERS, **bilan.HANDLERS, M_DONE: _done}
    DONE_IN_STEP = {**production.DONE_IN_STEP, **bilan.DONE_IN_STEP}
