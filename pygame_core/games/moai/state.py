"""Moai's rules: ``MoaiState``, one position and every rule that changes it.

The rules follow ``docs/rules/moai.md``; each rule is cited by its id
(``M-20``, ``C-5``, ``S-4``, ``H-5``, ``V-4``, ``A-12`` ...) where the code
applies it. The module reads in rulebook order: the set-up, the round phase by
phase (bird-man, epoch, work, production, bilan), the end and the scoring,
then what each player sees, copies and the saved position. The components
and the locations are in ``tables``, the moves in ``moves``; the rule a
refused move breaks is told by ``refusals``.

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

from operator import itemgetter
from typing import Any

from ...engine import Event, GameError, IllegalMove, Rng, State, is_int
from .moves import (BIRTH_PAIRS, BUILD_MOVE, DONE_MOVE, PASS_MOVE, PLACE_MOVES, MoaiMove, move_of,
                    place_move)
from .positions import from_position, load
from .refusals import refusal
from .tables import (ADMIRAL, AWARD, BID, BIRTH, BOAT, BOAT0, BOAT_CARDS, BOAT_IDS, BOAT_INDEX,
                     CAMP, CARD_TYPE, CARDS_DRAWN, CARDS_OF_EPOCH, CARVE, COLOURS, COVERED,
                     COVERED_FIELDS, DECK_COMPOSITION, DISASTER, DISASTER_STEPS, DISASTER_TOKENS,
                     EFFECT, EFFECT_NAMES, EPOCH_CARDS, EPOCH_IDS, EPOCH_OF, ERODE, FIELD0,
                     FIELDS_Z, FIRE_LOSS, FOREST_LOCS, FOREST_Z, FREE, FX_BURN, FX_EPI,
                     FX_ERO, FX_FIRE, FX_TOPPLE, FX_WAR, HAND_SIZE, HUTS, KILL, KIND_NAMES, LETTERS,
                     LOSE, M_AWARD, M_BID, M_BIRTH, M_BUILD, M_CARVE, M_DONE, M_ERODE, M_KILL,
                     M_LOSE, M_PASS, M_PLACE, M_RAID, M_RANK, M_REST, M_SINK, M_STARVE, M_SWAP,
                     M_TAKE, M_VICTIM, MAX_HEIGHT, MOAI_HEIGHTS, N_BOATS, N_FIELDS, N_FOREST,
                     N_TILES, OCEAN_Z, OPTIONS, OVER, PALM, PER_STRENGTH, PHASE_NAMES, RAID,
                     RAID_STEP, RANK, REST, ROUND_PHASE, SHORT_GAME_REMOVALS, SINK, START_CAMP,
                     STARVE, STARVING_ZONES, TAKE, TILE_IDS, TILES_OF_HEIGHT, TYPE_NAMES, V1, V2,
                     V3, V4, V5, VALUE, VICTIM, VOLCANO0, VOLCANO_Z, WOOD_TOKENS, WORK, ZONE_NAMES,
                     cards_text, loc_name, zone_of)


class MoaiState(State):
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
        s = cls._empty(players, opts)
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
        s._start_round(events)
        s._auto(events)
        return s

    @classmethod
    def _empty(cls, n: int, opts: tuple) -> "MoaiState":
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

    def _count_zones(self) -> list:
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

    def _public_to_move(self) -> list:
        """``to_move`` as every player sees it: a player who has chosen a secret
        bid is no longer to move, even in a copy where he is choosing again."""
        if self.phase == BID and not (self.opts[V2] or self.opts[V4]) and not self.over:
            return [p for p in range(self.players) if self.bid_status[p] == 0]
        return self.to_move()

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
        self._auto(events)
        return events

    def refusal(self, player: int, move) -> IllegalMove:
        return refusal(self, player, move)

    def _auto(self, events: list) -> None:
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

    # =====================================================================================
    # 4.1 Phase 1: bird-man (M-1 to M-6)
    # =====================================================================================
    def _start_round(self, events: list) -> None:
        self.round += 1
        events.append(Event("moai.round", round=self.round))
        # M-1: reveal N + 1 cards; the Admiral is set aside and does not count.
        target = self.players + 1
        edeck = self.edeck
        while len(self.display) < target and edeck:
            card = edeck.pop()
            if card == ADMIRAL:                                        # M-39
                self.admiral = True
                self.final = True
                events.append(Event("moai.admiral"))
                continue
            self.display.append(card)
        self._shown = True
        events.append(Event("moai.reveal", cards=[EPOCH_IDS[c] for c in self.display],
                            final=self.final))
        # M-2: one wood token per palm, from S1 upwards, while the supply lasts.
        palms = sum(PALM[c] for c in self.display)
        placed = 0
        for i in range(palms):
            if not self.wood:
                break
            self.forest_wood[i] = 1
            self.wood -= 1
            placed += 1
        if palms:
            events.append(Event("moai.palms", palms=palms, placed=placed,
                                spaces=[loc_name(i) for i in range(placed)]))
        self._start_bids(events)

    def _open_bids(self) -> bool:
        return self.opts[V2] or self.opts[V4]

    def _start_bids(self, events: list) -> None:
        """M-3 (secret, all at once) or V-2/V-4 (face up, in the current turn order)."""
        self.phase = BID
        self.bids = [0] * (4 * self.players)
        self.bid_status = [0] * self.players
        self.cur = 0
        if self._open_bids():
            self.cur = 0
            self.actor = self.order[0]
        else:
            self.actor = -1

    def _bid_moves(self, p: int) -> list:
        """M-3: any sub-multiset of the hand, from none to all of it.

        Decision: a bid is one move (cards of one kind are interchangeable, so
        there are at most prod(count + 1) of them). Building it card by card
        would show the others, through the number of moves in the log, how many
        cards a player is putting in a secret bid."""
        h = self.hands
        b = 4 * p
        moves = []
        for c0 in range(h[b] + 1):
            for c1 in range(h[b + 1] + 1):
                for c2 in range(h[b + 2] + 1):
                    for c3 in range(h[b + 3] + 1):
                        moves.append(move_of(M_BID, (c0, c1, c2, c3)))
        return moves

    def _bid(self, p: int, counts: tuple, events: list) -> None:
        h = self.hands
        base = 4 * p
        for k in range(4):
            h[base + k] -= counts[k]
            self.bids[base + k] = counts[k]
        value = sum(VALUE[k] * counts[k] for k in range(4))
        self.bid_status[p] = self.CHOSEN
        cards = cards_text(counts)
        if self._open_bids():                                          # V-2, V-4: face up, once
            self._shown = True
            events.append(Event("moai.bid_open", p, cards=cards, value=value))
            self.cur += 1
            if self.cur < self.players:
                self.actor = self.order[self.cur]
                return
        else:                                                          # H-5: hidden until all chose
            events.append(Event("moai.bid", p, secret_for=p, secret={"cards": cards, "value": value}))
            if any(status != self.CHOSEN for status in self.bid_status):
                return
        self._reveal_bids(events)

    def bid_value(self, p: int) -> int:
        b = self.bids
        base = 4 * p
        return b[base] + 2 * b[base + 1] + 3 * b[base + 2] + b[base + 3]

    def _reveal_bids(self, events: list) -> None:
        n = self.players
        values = [self.bid_value(p) for p in range(n)]
        if not self._open_bids():
            self._shown = True
            events.append(Event("moai.bids", cards=[cards_text(self.bids[4 * p:4 * p + 4])
                                                    for p in range(n)], values=values))
        for i in range(4 * n):                                         # M-5
            self.discard[i % 4] += self.bids[i]
        self.bid_status = [self.REVEALED] * n
        self.ranking = []
        self.cur = 0
        self._rank_next(events)

    def _rank_candidates(self) -> list:
        """M-4: who may take the next position. The pawn holder orders every tie
        group; in his own group he comes last (A-2). V-4: he is never forced
        last, but when tied for first he cannot be first.

        Decision: the holder gives the positions one at a time (``rank``), so
        that a tie of four is four small choices rather than 24 orders; a
        position with a single candidate fills itself."""
        placed = self.ranking
        n = self.players
        best = -1
        group = []
        for q in range(n):
            if q in placed:
                continue
            v = self.bid_value(q)
            if v > best:
                best, group = v, [q]
            elif v == best:
                group.append(q)
        if len(group) > 1 and self.pawn in group:
            if self.opts[V4]:
                if not placed:
                    group.remove(self.pawn)
            else:
                group.remove(self.pawn)
        return group

    def _rank_next(self, events: list) -> None:
        while len(self.ranking) < self.players:
            group = self._rank_candidates()
            if len(group) > 1:
                self.phase = RANK
                self.actor = self.pawn
                return
            self.ranking.append(group[0])
        self.order = self.ranking
        self.ranking = []
        self.pawn = self.order[0]                                      # M-6
        events.append(Event("moai.order", order=list(self.order)))
        self._start_epoch(events)

    def _rank_moves(self, p: int) -> list:
        return [move_of(M_RANK, (q,)) for q in self._rank_candidates()]

    def _rank(self, p: int, a: tuple, events: list) -> None:
        q = a[0]
        self.ranking.append(q)
        events.append(Event("moai.rank", p, chosen=q, position=len(self.ranking)))
        self._rank_next(events)

    # =====================================================================================
    # 4.2 Phase 2: epoch (M-7 to M-10, C-5)
    # =====================================================================================
    def _start_epoch(self, events: list) -> None:
        self.cur = 0
        self._epoch_next(events)

    def _epoch_next(self, events: list) -> None:
        n = self.players
        while self.cur < n:
            if self.display:
                self.phase = TAKE
                self.actor = self.order[self.cur]
                return
            events.append(Event("moai.no_epoch", self.order[self.cur]))    # M-7, M-40
            self.cur += 1
        if self.display:                                               # M-10
            events.append(Event("moai.leftover", cards=[EPOCH_IDS[c] for c in self.display]))
            self.removed.extend(self.display)
            self.display = []
        self._start_work(events)

    def _take_moves(self, p: int) -> list:
        return [move_of(M_TAKE, (c,)) for c in sorted(self.display)]

    def _take(self, p: int, a: tuple, events: list) -> None:
        card = a[0]
        self.display.remove(card)
        self.taken[p] = card
        events.append(Event("moai.take", p, card=EPOCH_IDS[card]))
        if CARD_TYPE[card] != DISASTER:                                # M-9
            self._after_card(events)
            return
        self.card = card                                               # M-8
        self.taker = p
        self.victim = -1
        if EFFECT[card] == FX_ERO:                                     # C-5.0b, A-43: no victim
            if self.dsupply and FREE in self.fields:
                self.phase = ERODE
                self.actor = p
                return
            events.append(Event("moai.no_effect", p, card=EPOCH_IDS[card]))
            self._after_card(events)
            return
        if self.opts[V5]:                                              # V-5: the next in turn order
            victim = self.order[(self.cur + 1) % self.players]
            events.append(Event("moai.victim", p, victim=victim, card=EPOCH_IDS[card], fixed=True))
            self._strike(victim, events)
            return
        self.phase = VICTIM                                            # C-5.0a: any clan
        self.actor = p

    def _victim_moves(self, p: int) -> list:
        return [move_of(M_VICTIM, (q,)) for q in range(self.players)]

    def _name_victim(self, p: int, a: tuple, events: list) -> None:
        victim = a[0]
        events.append(Event("moai.victim", p, victim=victim, card=EPOCH_IDS[self.card], fixed=False))
        self._strike(victim, events)

    def _strike(self, victim: int, events: list) -> None:
        """Apply a clan disaster to ``victim`` (C-5); a choice inside the effect
        becomes the next decision, otherwise the epoch phase goes on."""
        self.victim = victim
        card = self.card
        effect = EFFECT[card]
        name = EPOCH_IDS[card]
        if effect == FX_FIRE:                                          # D-FIRE(k)
            lost = min(FIRE_LOSS[card], self.stock[victim])
            if lost:
                self.stock[victim] -= lost
                self.wood += lost
                events.append(Event("moai.fire", victim, wood=lost))
            else:
                events.append(Event("moai.no_effect", victim, card=name))
        elif effect == FX_BURN:                                        # D-BOAT
            boats = [b for b in range(N_BOATS) if self.boat_owner[b] == victim]
            if len(boats) > 1:
                self.phase = SINK
                self.actor = victim
                return
            if boats:
                self._sink(victim, boats[0], events)
            else:
                events.append(Event("moai.no_effect", victim, card=name))
        elif effect == FX_EPI:                                         # D-EPI: the victim chooses
            if self.camp_size(victim) or self.on_board(victim):
                self.phase = LOSE
                self.actor = victim
                return
            events.append(Event("moai.no_effect", victim, card=name))
        elif effect == FX_WAR:                                         # D-WAR: the taker chooses
            if any(not piece[3] for piece in self.own_pieces(victim)):
                self.phase = KILL
                self.actor = self.taker
                return
            if self.camp_size(victim) or self.on_board(victim):        # fallback: the victim chooses
                self.phase = LOSE
                self.actor = victim
                return
            events.append(Event("moai.no_effect", victim, card=name))
        elif effect == FX_TOPPLE:                                      # D-TOPPLE: no choice
            tiles = self.tiles[victim]
            if tiles:
                best = max(tiles, key=lambda t: (MOAI_HEIGHTS[t >> 1], -t))
                tiles.remove(best)
                self.toppled.append(best >> 1)
                events.append(Event("moai.topple", victim, tile=TILE_IDS[best >> 1],
                                    height=MOAI_HEIGHTS[best >> 1]))
            else:
                events.append(Event("moai.no_effect", victim, card=name))
        self._after_card(events)

    def _after_card(self, events: list) -> None:
        self.card = self.taker = self.victim = -1
        self.cur += 1
        self._epoch_next(events)

    def _erode_moves(self, p: int) -> list:
        return [move_of(M_ERODE, (FIELD0 + f,)) for f in range(N_FIELDS) if self.fields[f] == FREE]

    def _erode(self, p: int, a: tuple, events: list) -> None:
        """D-ERO: a disaster token from the supply covers a free field."""
        loc = a[0]
        self.fields[loc - FIELD0] = COVERED
        self.dsupply -= 1
        events.append(Event("moai.erode", p, field=loc_name(loc)))
        self._after_card(events)

    def _sink_moves(self, p: int) -> list:
        return [move_of(M_SINK, (b,)) for b in range(N_BOATS) if self.boat_owner[b] == self.victim]

    def _sink_chosen(self, p: int, a: tuple, events: list) -> None:
        """D-BOAT: the victim chose which of his boats sinks."""
        self._sink(self.victim, a[0], events)
        self._after_card(events)

    def _sink(self, victim: int, b: int, events: list) -> None:
        """D-BOAT: the boat leaves the game; its piece goes back to the camp."""
        piece = self.boat_piece[b]
        if piece >= 0:
            self._remove_piece(BOAT0 + b, victim, piece % 3, 0)
        self.boat_owner[b] = -1
        self.removed.append(BOAT_CARDS[b])
        strength = None
        if piece >= 0:
            s = piece % 3
            self.camp[3 * victim + s] += 1
            self.known[3 * victim + s] += 1                            # it was face up
            strength = s + 1
        events.append(Event("moai.sink", victim, boat=BOAT_IDS[b], strength=strength))

    def _kill_moves(self, p: int) -> list:
        return [move_of(M_KILL, piece) for piece in self.own_pieces(self.victim) if not piece[3]]

    def _kill(self, p: int, piece, events: list) -> None:
        """D-WAR: the taker sends a face-up piece of the victim to the reserve."""
        self._to_reserve(piece, events, Event("moai.kill", p, victim=piece[1],
                                              location=loc_name(piece[0]), strength=piece[2] + 1))
        self._after_card(events)

    def _lose_moves(self, p: int) -> list:
        return [move_of(M_LOSE, piece) for piece in self._all_pieces(self.victim)]

    def _lose(self, p: int, piece, events: list) -> None:
        """D-EPI (and the D-WAR fallback): the victim gives up one of his pieces."""
        self._to_reserve(piece, events, Event("moai.lose", p, location=loc_name(piece[0]),
                                              strength=piece[2] + 1, card=EPOCH_IDS[self.card]))
        self._after_card(events)

    def _all_pieces(self, p: int) -> list:
        """``p``'s pieces in camp and on the board, one of each kind."""
        out = [(CAMP, p, s, 0) for s in range(3) if self.camp[3 * p + s]]
        return out + self.own_pieces(p)

    # =====================================================================================
    # 4.3 Phase 3: work (M-11 to M-18)
    # =====================================================================================
    def _start_work(self, events: list) -> None:
        self.phase = WORK
        self.cur = 0
        self._work_turn(events)

    def _work_turn(self, events: list) -> None:
        """M-12: the phase ends as soon as no camp holds a piece."""
        if not any(self.camp):
            self._start_production(events)
            return
        self.actor = self.order[self.cur]

    def _next_worker(self, events: list) -> None:
        self.cur = (self.cur + 1) % self.players
        self._work_turn(events)

    def _work_moves(self, p: int) -> list:
        camp = self.camp
        strengths = [s for s in range(3) if camp[3 * p + s]]
        if not strengths:                                              # M-11 (b)
            return [PASS_MOVE] + self._swap_moves(p)
        targets = list(FOREST_LOCS)                                    # M-13
        fields = self.fields
        targets += [FIELD0 + f for f, c in enumerate(fields) if c == FREE]    # M-14
        v = self.volcano
        owners = v[::7]                                                # M-15
        targets += [VOLCANO0 + i for i, owner in enumerate(owners) if owner < 0 or owner == p]
        if -1 not in owners:                                           # no free space: a new one
            targets.append(VOLCANO0 + len(owners))
        owner_of = self.boat_owner
        if p in owner_of:                                              # M-16
            piece_on = self.boat_piece
            targets += [BOAT0 + b for b in range(N_BOATS) if owner_of[b] == p and piece_on[b] < 0]
        if VOLCANO0 + len(owners) >= len(PLACE_MOVES[0]):
            place_move(0, VOLCANO0 + len(owners))
        moves: list[MoaiMove] = []
        at_targets = itemgetter(*targets)                              # 6 forest spaces at least
        for s in strengths:
            moves += at_targets(PLACE_MOVES[s])
        return moves

    def _place(self, p: int, a: tuple, events: list) -> None:
        """M-13 to M-16: face down in the forest and on the volcano (face up with
        V-1), face up in a field and on a boat."""
        s, loc = a
        self.camp[3 * p + s] -= 1
        face_down = not self.opts[V1] and (loc < FIELD0 or loc >= VOLCANO0)
        new = loc >= VOLCANO0 and 7 * (loc - VOLCANO0) == len(self.volcano)
        self._put_piece(loc, p, s, 1 if face_down else 0)
        if face_down:
            known = self.known
            if known[3 * p] or known[3 * p + 1] or known[3 * p + 2]:
                # H-13: any known camp piece may be the one that left.
                for i in range(3 * p, 3 * p + 3):
                    if known[i]:
                        known[i] -= 1
                self._clip_known(p)
            events.append(Event("moai.place_hidden", p, secret_for=p, secret={"strength": s + 1},
                                location=loc_name(loc), new=new))
        else:
            self._forget_camp_piece(p, s)
            events.append(Event("moai.place", p, strength=s + 1, location=loc_name(loc), new=new))
        self._next_worker(events)

    def _swap_moves(self, p: int) -> list:
        """M-17: two of his pieces at two different locations; a swap that would
        change nothing at all is the same as passing and is not offered."""
        if not any(self.camp[3 * q] or self.camp[3 * q + 1] or self.camp[3 * q + 2]
                   for q in range(self.players) if q != p):
            return []
        pieces = self.own_pieces(p)
        moves = []
        count = len(pieces)
        for i in range(count):
            a = pieces[i]
            la, _, sa, fa = a
            a_up = FIELD0 <= la < VOLCANO0
            for j in range(i + 1, count):
                b = pieces[j]
                lb, _, sb, fb = b
                if la == lb:
                    continue
                if sa == sb:
                    # After the swap la holds b (turned up in a field or boat) and lb holds a.
                    fa_after = 0 if FIELD0 <= lb < VOLCANO0 else fa
                    fb_after = 0 if a_up else fb
                    if fb_after == fa and fa_after == fb:
                        continue
                moves.append(move_of(M_SWAP, (a, b)))
        return moves

    def _pass(self, p: int, a: tuple, events: list) -> None:
        """M-11 (b): a player with an empty camp passes."""
        events.append(Event("moai.pass", p))
        self._next_worker(events)

    def _swap(self, p: int, pieces: tuple, events: list) -> None:
        a, b = pieces
        la, _, sa, fa = a
        lb, _, sb, fb = b
        self._remove_piece(la, p, sa, fa)
        self._remove_piece(lb, p, sb, fb)
        fa2 = 0 if FIELD0 <= lb < VOLCANO0 else fa                     # up in a field or boat
        fb2 = 0 if FIELD0 <= la < VOLCANO0 else fb
        self._put_piece(lb, p, sa, fa2)
        self._put_piece(la, p, sb, fb2)
        if (fa and not fa2) or (fb and not fb2):
            self._shown = True
        # Others see the strengths of pieces that were or became face up.
        events.append(Event("moai.swap", p, secret_for=p,
                            secret={"strength_a": sa + 1, "strength_b": sb + 1},
                            a=loc_name(la), b=loc_name(lb),
                            shown_a=None if fa and fa2 else sa + 1,
                            shown_b=None if fb and fb2 else sb + 1))
        self._next_worker(events)

    # =====================================================================================
    # 4.4 Phase 4: production (M-19 to M-31)
    # =====================================================================================
    def _start_production(self, events: list) -> None:
        self.space = 0
        self._forest_next(events)

    def _forest_next(self, events: list) -> None:
        """M-20, M-21: S1 to S6 in order; only spaces with a wood token."""
        n = self.players
        f = self.forest
        while self.space < N_FOREST:
            sp = self.space
            if self.forest_wood[sp]:
                present = []
                for q in range(n):
                    b = 6 * (n * sp + q)
                    if f[b] or f[b + 1] or f[b + 2] or f[b + 3] or f[b + 4] or f[b + 5]:
                        present.append(q)
                if not present:                                        # (a)
                    self.forest_wood[sp] = 0
                    self.wood += 1
                    events.append(Event("moai.forest_empty", space=loc_name(sp)))
                elif len(present) == 1:                                # (b) nothing revealed
                    self._give_wood(sp, present[0])
                    events.append(Event("moai.forest_single", present[0], space=loc_name(sp)))
                else:                                                  # (c) revealed, strongest
                    totals = {}
                    revealed = {}
                    for q in present:
                        b = 6 * (n * sp + q)
                        for s in range(3):
                            if f[b + 3 + s]:
                                f[b + s] += f[b + 3 + s]
                                f[b + 3 + s] = 0
                                self._shown = True
                        revealed[q] = [s + 1 for s in range(3) for _ in range(f[b + s])]
                        totals[q] = f[b] + 2 * f[b + 1] + 3 * f[b + 2]
                    best = max(totals.values())
                    tied = [q for q in present if totals[q] == best]
                    events.append(Event("moai.forest_contest", space=loc_name(sp),
                                        pieces=[[q, revealed[q]] for q in present],
                                        totals=[[q, totals[q]] for q in present],
                                        tied=tied if len(tied) > 1 else []))
                    if len(tied) > 1:                                  # the bird-man decides
                        self.phase = AWARD
                        self.tied = tied
                        self.actor = self.pawn
                        return
                    self._give_wood(sp, tied[0])
                    events.append(Event("moai.forest_win", tied[0], space=loc_name(sp)))
            self.space += 1
        self.tied = []
        self._start_carving(events)

    def _give_wood(self, sp: int, q: int) -> None:
        self.forest_wood[sp] = 0
        self.stock[q] += 1

    def _award_moves(self, p: int) -> list:
        return [move_of(M_AWARD, (self.space, q)) for q in self.tied]

    def _award(self, p: int, a: tuple, events: list) -> None:
        sp, q = a
        self._give_wood(sp, q)
        events.append(Event("moai.award", p, space=loc_name(sp), winner=q))
        self.space += 1
        self._forest_next(events)

    # -- the volcano (M-23 to M-25) ----------------------------------------------------------
    def _start_carving(self, events: list) -> None:
        self.cur = 0
        self.carved = []
        self._carve_next(events)

    def _carvable(self, p: int) -> list:
        v = self.volcano
        carved = self.carved
        return [i // 7 for i in range(0, len(v), 7) if v[i] == p and i // 7 not in carved]

    def _carve_done(self, p: int, events: list) -> None:
        events.append(Event("moai.carve_done", p))
        self.cur += 1
        self._carve_next(events)

    def _carve_next(self, events: list) -> None:
        while self.cur < self.players:
            p = self.order[self.cur]
            if self._carvable(p):
                self.phase = CARVE
                self.actor = p
                return
            self.cur += 1
        self._start_feeding(events)

    def _tile_for(self, h: int) -> int:
        """A tile of height h or else the tallest shorter one (C-6, A-12); -1 if none."""
        supply = self.msupply
        for height in range(min(h, MAX_HEIGHT), 1, -1):
            for t in TILES_OF_HEIGHT[height]:
                if supply[t]:
                    return t
        return -1

    def _space_height(self, i: int, up_only: bool = False) -> int:
        v = self.volcano
        b = 7 * i
        h = v[b + 1] + 2 * v[b + 2] + 3 * v[b + 3]
        if not up_only:
            h += v[b + 4] + 2 * v[b + 5] + 3 * v[b + 6]
        return h

    def _carve_moves(self, p: int) -> list:
        """M-23: one space at a time, in the player's order, then ``done`` (the
        same as declaring the ordered list at once: he learns nothing hidden in
        between). Decision: the tile's side (M-25) is offered only when a tile
        will be taken; an abandoned statue has no side."""
        moves = []
        wood = self.stock[p] > 0
        for i in self._carvable(p):
            loc = VOLCANO0 + i
            moves.append(move_of(M_CARVE, (loc, 0)))
            if wood and self._tile_for(self._space_height(i)) >= 0:    # M-25: the tile's side
                moves.append(move_of(M_CARVE, (loc, 1)))
        moves.append(DONE_MOVE)
        return moves

    def _carve(self, p: int, a: tuple, events: list) -> None:
        """M-23: reveal the space, then finish the Moai (1 wood, a tile) or abandon it."""
        loc, face_down = a
        i = loc - VOLCANO0
        v = self.volcano
        b = 7 * i
        for s in range(3):                                             # M-24: face up for good
            if v[b + 4 + s]:
                v[b + 1 + s] += v[b + 4 + s]
                v[b + 4 + s] = 0
        self._shown = True
        pieces = [s + 1 for s in range(3) for _ in range(v[b + 1 + s])]
        h = self._space_height(i)
        self.carved.append(i)                                          # once per round
        tile = self._tile_for(h) if self.stock[p] else -1
        if tile < 0:                                                   # abandoned, free
            events.append(Event("moai.abandon", p, space=loc_name(loc), pieces=pieces, height=h))
            return
        self.stock[p] -= 1
        self.wood += 1
        self.msupply[tile] = 0
        self.tiles[p].append(2 * tile + face_down)
        taken: dict[str, Any] = {"pieces": pieces, "height": h, "tile": TILE_IDS[tile],
                 "tile_height": MOAI_HEIGHTS[tile]}
        if face_down:
            # H-9: "pour en garder la hauteur secrète": only its owner reads
            # the height in the log; the others learn where a tile was taken.
            events.append(Event("moai.carve_hidden", p, secret_for=p, secret=taken,
                                space=loc_name(loc)))
        else:
            events.append(Event("moai.carve", p, space=loc_name(loc), **taken))

    # -- fields and ocean: feeding (M-26 to M-31) ----------------------------------------------
    def _start_feeding(self, events: list) -> None:
        self.cur = 0
        self._feed_next(events)

    def _feed_next(self, events: list) -> None:
        while self.cur < self.players:
            p = self.order[self.cur]
            pieces = self.on_board(p)
            food = self.food(p)
            deficit = pieces - food if pieces > food else 0                # M-27
            events.append(Event("moai.feed", p, food=food, pieces=pieces, deficit=deficit))
            if deficit:                                                # M-29
                self.deficit = deficit
                self.raids = 0
                self.to_remove = 0
                if self._raid_options(p):
                    self.phase = RAID_STEP
                    self.actor = p
                    return
                self._start_starvation(p, events)
                return
            self.cur += 1
        self._start_bilan(events)

    def _raid_options(self, p: int) -> list:
        """M-30: (second card, target) pairs; each needs a Raid card and a face-up
        piece of another clan in the forest or on the volcano with strength
        exactly the second card's value (A-17 to A-19)."""
        if self.raids >= self.deficit:                                 # k <= D
            return []
        h = self.hands
        base = 4 * p
        if not h[base + RAID]:
            return []
        values = set()
        cards = []
        for k in range(4):
            if h[base + k] > (1 if k == RAID else 0):
                cards.append(k)
                values.add(VALUE[k])
        if not cards:
            return []
        n = self.players
        f = self.forest
        targets = []
        for sp in range(N_FOREST):
            for q in range(n):
                if q == p:
                    continue
                b = 6 * (n * sp + q)
                for s in range(3):
                    if f[b + s] and s + 1 in values:
                        targets.append((sp, q, s, 0))
        v = self.volcano
        for i in range(0, len(v), 7):
            q = v[i]
            if q >= 0 and q != p:
                for s in range(3):
                    if v[i + 1 + s] and s + 1 in values:
                        targets.append((VOLCANO0 + i // 7, q, s, 0))
        return [(k, t) for k in cards for t in targets if VALUE[k] == t[2] + 1]

    def _raid_moves(self, p: int) -> list:
        return [move_of(M_RAID, raid) for raid in self._raid_options(p)] + [DONE_MOVE]

    def _raid(self, p: int, a: tuple, events: list) -> None:
        """M-30, one raid per move: declaring them one after another is the same
        as declaring them at once, since every card and target is public."""
        k, target = a
        h = self.hands
        base = 4 * p
        h[base + RAID] -= 1
        h[base + k] -= 1
        self.discard[RAID] += 1
        self.discard[k] += 1
        self.raids += 1
        self._to_reserve(target, events, Event("moai.raid", p, card=KIND_NAMES[k], victim=target[1],
                                               location=loc_name(target[0]),
                                               strength=target[2] + 1))
        if not self._raid_options(p):
            self._start_starvation(p, events)

    def _raids_done(self, p: int, events: list) -> None:
        events.append(Event("moai.raid_done", p, raids=self.raids))
        self._start_starvation(p, events)

    def _start_starvation(self, p: int, events: list) -> None:
        """M-29: D - k of his forest and volcano pieces go to the reserve (A-15)."""
        self.to_remove = self.deficit - self.raids
        self._starve_next(p, events)

    def _starve_next(self, p: int, events: list) -> None:
        if self.to_remove > 0:
            z = self.zones(p)
            if self.to_remove < z[FOREST_Z] + z[VOLCANO_Z]:
                self.phase = STARVE
                self.actor = p
                return
            for piece in self.own_pieces(p, STARVING_ZONES):           # no choice: all of them
                for _ in range(self.count_at(*piece)):
                    self._starve_one(p, piece, events)
        self.to_remove = 0
        self.deficit = self.raids = 0
        self.cur += 1
        self._feed_next(events)

    def _starve_one(self, p: int, piece, events: list) -> None:
        self.to_remove -= 1
        self._to_reserve(piece, events, Event("moai.starve", p, location=loc_name(piece[0]),
                                              strength=piece[2] + 1))

    def _starve_moves(self, p: int) -> list:
        return [move_of(M_STARVE, piece) for piece in self.own_pieces(p, STARVING_ZONES)]

    def _starve(self, p: int, piece, events: list) -> None:
        self._starve_one(p, piece, events)
        self._starve_next(p, events)

    # =====================================================================================
    # 4.5 Phase 5: bilan (M-32 to M-38)
    # =====================================================================================
    def _start_bilan(self, events: list) -> None:
        self.cur = 0
        self._bilan_next(events)

    def _bilan_next(self, events: list) -> None:
        if self.cur >= self.players:
            self._end_round(events)
            return
        p = self.order[self.cur]
        card = self.taken[p]
        self._draw(p, CARDS_DRAWN[card] if card >= 0 else 0, events)  # M-33, M-40
        if self.final or card < 0:                                     # M-35, A-24, A-26
            self.rest_left = 0
        else:                                                          # M-34
            self.rest_left = min(HUTS[card], self.on_board(p))
        self.retrieved = [0, 0, 0, 0]
        self._rest_next(p, events)

    def _draw(self, p: int, count: int, events: list) -> None:
        drawn = [0, 0, 0, 0]
        got = 0
        for _ in range(count):
            if not self.deck:
                if not any(self.discard):
                    break
                self._reshuffle(events)
            drawn[self.deck.pop()] += 1
            got += 1
        if not count:
            return
        h = self.hands
        for k in range(4):
            h[4 * p + k] += drawn[k]
        self._shown = True
        events.append(Event("moai.draw", p, secret_for=p, secret={"cards": cards_text(drawn)},
                            count=got))

    def _reshuffle(self, events: list) -> None:
        """M-33: the discard pile, shuffled, is the new deck (sorted first so
        that the deal depends only on the generator and which cards they are)."""
        cards = [k for k in range(4) for _ in range(self.discard[k])]
        rng = Rng(self.rng)
        rng.shuffle(cards)
        self.rng = rng.state
        self.deck = cards
        self.discard = [0, 0, 0, 0]
        events.append(Event("moai.reshuffle", deck=len(cards)))

    def _rest_options(self, p: int) -> list:
        """M-34: a zone from which he has retrieved the fewest so far, among the
        zones where he still has pieces (A-20)."""
        z = self.zones(p)
        got = self.retrieved
        low = min(got[i] for i in range(4) if z[i])
        zones = tuple(i for i in range(4) if z[i] and got[i] == low)
        return self.own_pieces(p, zones)

    def _rest_next(self, p: int, events: list) -> None:
        """Decision: when every piece still on the board must come home, they
        all do without being asked one by one (the order changes nothing)."""
        if self.rest_left > 0:
            if self.rest_left < self.on_board(p):
                self.phase = REST
                self.actor = p
                return
            for piece in self.own_pieces(p):                           # no choice: all come home
                for _ in range(self.count_at(*piece)):
                    self._rest_one(p, piece, events)
        self.rest_left = 0
        self._start_births(p, events)

    def _rest_one(self, p: int, piece, events: list) -> None:
        loc, _, s, fd = piece
        self._remove_piece(loc, p, s, fd)
        self.camp[3 * p + s] += 1
        self.rest_left -= 1
        self.retrieved[zone_of(loc)] += 1
        if fd:                                                         # H-11: not revealed
            events.append(Event("moai.rest_hidden", p, secret_for=p, secret={"strength": s + 1},
                                location=loc_name(loc)))
        else:
            self.known[3 * p + s] += 1
            events.append(Event("moai.rest", p, location=loc_name(loc), strength=s + 1))

    def _rest_moves(self, p: int) -> list:
        return [move_of(M_REST, piece) for piece in self._rest_options(p)]

    def _rest(self, p: int, piece, events: list) -> None:
        self._rest_one(p, piece, events)
        self._rest_next(p, events)

    # -- births (M-36) and boats (M-37) --------------------------------------------------------
    def _birth_strength(self, p: int, a: int, b: int) -> int:
        """M-36, A-21: the strength born from cards ``a`` and ``b`` (0-2), -1 if none."""
        m = min(VALUE[a], VALUE[b]) - 1
        r = self.reserve
        for s in range(m, -1, -1):
            if r[3 * p + s]:
                return s
        return -1

    def _births(self, p: int) -> list:
        h = self.hands
        base = 4 * p
        out = []
        for a, b in BIRTH_PAIRS:
            if a == b:
                if h[base + a] < 2:
                    continue
            elif not (h[base + a] and h[base + b]):
                continue
            if self._birth_strength(p, a, b) >= 0:
                out.append((a, b))
        return out

    def _can_build(self, p: int) -> bool:
        card = self.taken[p]
        return card >= 0 and CARD_TYPE[card] == BOAT and self.stock[p] > 0

    def _birth_moves(self, p: int) -> list:
        """M-36, M-37. Decision: ``build`` also ends the bilan (births come
        first in the rulebook's order), ``done`` ends it without a boat;
        building stays legal in the final round, where it only costs 2 points."""
        moves = [move_of(M_BIRTH, pair) for pair in self._births(p)]
        if moves and self.final:                                       # compulsory
            return moves
        moves.append(DONE_MOVE)
        if self._can_build(p):
            moves.append(BUILD_MOVE)
        return moves

    def _start_births(self, p: int, events: list) -> None:
        if self._births(p) or self._can_build(p):
            self.phase = BIRTH
            self.actor = p
            return
        self._end_bilan(p, False, events)

    def _birth(self, p: int, cards: tuple, events: list) -> None:
        a, b = cards
        h = self.hands
        h[4 * p + a] -= 1
        h[4 * p + b] -= 1
        self.discard[a] += 1
        self.discard[b] += 1
        s = self._birth_strength(p, a, b)
        self.reserve[3 * p + s] -= 1
        self.camp[3 * p + s] += 1
        self.known[3 * p + s] += 1                                     # H-12: public
        events.append(Event("moai.birth", p, cards=[KIND_NAMES[a], KIND_NAMES[b]], strength=s + 1))
        self._start_births(p, events)

    def _build(self, p: int, a: tuple, events: list) -> None:
        self._end_bilan(p, True, events)

    def _bilan_done(self, p: int, events: list) -> None:
        self._end_bilan(p, False, events)

    def _end_bilan(self, p: int, build: bool, events: list) -> None:
        """M-37: build the boat (1 wood) or let the epoch card leave the game (A-30)."""
        card = self.taken[p]
        if card >= 0:
            if build:
                self.stock[p] -= 1
                self.wood += 1
                self.boat_owner[BOAT_INDEX[card]] = p
                events.append(Event("moai.build", p, boat=EPOCH_IDS[card]))
            else:
                self.removed.append(card)
                events.append(Event("moai.discard_epoch", p, card=EPOCH_IDS[card]))
            self.taken[p] = -1
        self.cur += 1
        self._bilan_next(events)

    # =====================================================================================
    # 4.6 End of game and scoring (M-38 to M-42)
    # =====================================================================================
    def _end_round(self, events: list) -> None:
        if self.final:                                                 # M-38, M-39
            self._finish(events)
            return
        self.carved = []
        self._start_round(events)

    def _finish(self, events: list) -> None:
        self.over = True
        self.phase = OVER
        self.actor = -1
        self.cur = 0
        self.carved = []
        result = self.result()
        events.append(Event("moai.game_over", winners=result["winners"], reason=result["reason"],
                            scores=result["scores"]))

    def result(self):
        """M-41, M-42: every tied player wins; there is no tie-break."""
        if not self.over:
            return None
        n = self.players
        rows: list[dict[str, Any]] = []
        for p in range(n):
            tiles = sorted(self.tiles[p], key=lambda t: t >> 1)
            on_board = self.on_board(p)
            camp = self.camp_size(p)
            moai = sum(MOAI_HEIGHTS[t >> 1] for t in tiles)
            wood = self.stock[p]
            rows.append({
                "tiles": [{"id": TILE_IDS[t >> 1], "height": MOAI_HEIGHTS[t >> 1],
                           "face_down": bool(t & 1)} for t in tiles],
                "moai": moai,
                "board": on_board,
                "camp": camp,
                "pieces": on_board + camp,
                "wood": wood,
                "wood_points": 2 * wood,
                "total": moai + on_board + camp + 2 * wood,
            })
        scores = [row["total"] for row in rows]
        best = max(scores)
        winners = [p for p in range(n) if scores[p] == best]
        return {"scores": scores, "winners": winners,
                "reason": "prestige" if len(winners) == 1 else "tie",
                "breakdown": {"players": rows, "toppled": [TILE_IDS[t] for t in self.toppled]}}

    # =====================================================================================
    # What a player sees (H-1 to H-13)
    # =====================================================================================
    def view(self, player) -> dict:
        self.check_viewer(player)
        n = self.players
        me = player
        forest = []
        f = self.forest
        for sp in range(N_FOREST):
            pieces: list[list[Any]] = []
            for q in range(n):
                b = 6 * (n * sp + q)
                for s in range(3):
                    pieces += [[q, s + 1, True]] * f[b + s]
                for s in range(3):
                    pieces += [[q, s + 1 if q == me else None, False]] * f[b + 3 + s]
            forest.append({"id": loc_name(sp), "wood": bool(self.forest_wood[sp]), "pieces": pieces})
        volcano = []
        v = self.volcano
        for i in range(0, len(v), 7):
            q = v[i]
            pieces = []
            if q >= 0:
                for s in range(3):
                    pieces += [[q, s + 1, True]] * v[i + 1 + s]
                for s in range(3):
                    pieces += [[q, s + 1 if q == me else None, False]] * v[i + 4 + s]
            volcano.append({"id": loc_name(VOLCANO0 + i // 7), "owner": q if q >= 0 else None,
                            "pieces": pieces, "carved": i // 7 in self.carved})
        fields = []
        for i, c in enumerate(self.fields):
            fields.append({"id": loc_name(FIELD0 + i), "covered": c == COVERED,
                           "piece": [c // 3, c % 3 + 1, True] if c >= 0 else None})
        boats = [{"id": BOAT_IDS[b], "owner": self.boat_owner[b],
                  "piece": self.boat_piece[b] % 3 + 1 if self.boat_piece[b] >= 0 else None}
                 for b in range(N_BOATS) if self.boat_owner[b] >= 0]
        secret_bids = self.phase == BID and not self._open_bids()
        bids = []
        for q in range(n):
            status = self.bid_status[q]
            shown = status == self.REVEALED or (status == self.CHOSEN and (not secret_bids or q == me))
            counts = self.bids[4 * q:4 * q + 4]
            bids.append({
                "status": ("revealed" if status == self.REVEALED
                           else "choosing" if status == self.CHOOSING else "chosen"),
                "cards": cards_text(counts) if shown else None,
                "value": self.bid_value(q) if shown else None,
            })
        hand_sizes = []
        for q in range(n):
            size = self.hand_size(q)
            if secret_bids and self.bid_status[q] == self.CHOSEN:
                size += sum(self.bids[4 * q:4 * q + 4])                # H-5: nothing shows
            hand_sizes.append(size)
        deck_by_epoch = [0, 0, 0]
        for c in self.edeck:
            deck_by_epoch[EPOCH_OF[c] - 1] += 1
        supply: dict[str, int] = {}
        for t in range(N_TILES):
            if self.msupply[t]:
                supply[str(MOAI_HEIGHTS[t])] = supply.get(str(MOAI_HEIGHTS[t]), 0) + 1
        return {
            "game": "moai",
            "viewer": player,
            "players": n,
            "colours": list(COLOURS[:n]),
            "options": {name: self.opts[i] for i, name in enumerate(OPTIONS)},
            "round": self.round,
            "phase": ROUND_PHASE[self.phase],
            "step": PHASE_NAMES[self.phase],
            "to_move": self._public_to_move(),
            "final_round": self.final,
            "order": list(self.order),
            "bird_man": self.pawn,
            "current": (self.order[self.cur] if self.phase in (TAKE, WORK, CARVE, RAID_STEP, STARVE,
                                                                 REST, BIRTH) or
                        (self.phase == BID and self._open_bids()) else None),
            "pending": self._pending_view(),
            "bids": bids,
            "hand": None if me is None else cards_text(self.hands[4 * me:4 * me + 4]),
            "hand_sizes": hand_sizes,
            "deck_size": len(self.deck),
            "discard": cards_text(self.discard),
            "epoch": {
                "deck_size": len(self.edeck),
                "deck_by_epoch": deck_by_epoch,
                "top_epoch": EPOCH_OF[self.edeck[-1]] if self.edeck else None,
                "display": [_card_view(c) for c in self.display],
                "taken": [_card_view(c) if c >= 0 else None for c in self.taken],
                "removed": [EPOCH_IDS[c] for c in self.removed],
                "set_aside": len(self.set_aside),
                "admiral": self.admiral,
            },
            "wood": {"supply": self.wood, "stocks": list(self.stock)},
            "disaster_supply": self.dsupply,
            "forest": forest,
            "fields": fields,
            "volcano": volcano,
            "boats": boats,
            "camps": [self.camp_size(q) for q in range(n)],
            "camp": (None if me is None
                     else [s + 1 for s in range(3) for _ in range(self.camp[3 * me + s])]),
            "known_camps": [[s + 1 for s in range(3) for _ in range(self.known[3 * q + s])]
                            for q in range(n)],
            "reserve": [self.reserve[3 * q:3 * q + 3] for q in range(n)],
            "moai": {
                "supply": supply,
                "tiles": [[self._tile_view(t, q == me) for t in self.tiles[q]] for q in range(n)],
                "toppled": [TILE_IDS[t] for t in self.toppled],
            },
            "over": self.over,
            "result": self.result(),
        }

    def _tile_view(self, tile: int, own: bool) -> dict:
        """H-9: a face-down tile shows its height (and its id, which names the
        height, C-6) to its owner only, until the end reveals every tile (M-41)."""
        face_down = bool(tile & 1)
        if face_down and not own and not self.over:
            return {"id": None, "height": None, "face_down": True}
        return {"id": TILE_IDS[tile >> 1], "height": MOAI_HEIGHTS[tile >> 1], "face_down": face_down}

    def _pending_view(self) -> dict:
        phase = self.phase
        if phase in DISASTER_STEPS:
            return {"card": EPOCH_IDS[self.card], "taker": self.taker,
                    "victim": self.victim if self.victim >= 0 else None}
        if phase == RANK:
            return {"ranking": list(self.ranking), "candidates": self._rank_candidates(),
                    "values": [self.bid_value(q) for q in range(self.players)]}
        if phase == AWARD:
            return {"space": loc_name(self.space), "tied": list(self.tied)}
        if phase in (RAID_STEP, STARVE):
            return {"deficit": self.deficit, "raids": self.raids,
                    "to_remove": self.to_remove if phase == STARVE else None}
        if phase == REST:
            return {"left": self.rest_left,
                    "retrieved": {ZONE_NAMES[z]: self.retrieved[z] for z in range(4)}}
        if phase == BIRTH:
            return {"compulsory": self.final}
        return {}

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

    def determinize(self, player: int, rng: Rng) -> "MoaiState":
        """A copy in which all that ``player`` has not seen is dealt again from ``rng``.

        * H-5: the other players' secret bids are taken back into their hands
          (they are choosing again, though everyone still sees them as having
          chosen), so a bot never knows what the others chose.
        * H-1, H-2: the other hands and the Rapa Nui deck are dealt from the
          cards ``player`` has not seen (the composition less the discard pile,
          his own hand and the bids laid face up).
        * H-6, H-7: each other clan's camp and face-down pieces get again the
          strengths that clan has off the table and out of sight (6 of each
          strength, less its reserve and face-up pieces), the camp keeping the
          strengths everyone knows are there (``known_camps``: born, rested
          face up, back from a burnt boat).
        * H-4, V-3: each epoch's unseen cards are shuffled between the epoch
          deck (the same count per epoch) and the five cards set aside unseen;
          the Admiral is never one of those.
        * H-9: the other clans' face-down Moai tiles get again the heights
          nobody has seen (all the tiles less the supply, the toppled ones, the
          face-up ones and ``player``'s own), until the end reveals them.
        * H-14: the generator's future.

        Every input is read from ``view(player)`` and gathered in a canonical
        order before shuffling, so positions ``player`` cannot tell apart give
        the same copy for the same ``rng``.
        """
        self.check_seat(player)
        n = self.players
        s = self.clone()
        s._cache = None
        hands = s.hands
        # H-5: take back the others' secret bids.
        if s.phase == BID and not s._open_bids():
            for q in range(n):
                if q != player and s.bid_status[q] == self.CHOSEN:
                    base = 4 * q
                    if any(s.bids[base:base + 4]):
                        for k in range(4):
                            hands[base + k] += s.bids[base + k]
                            s.bids[base + k] = 0
                        s.bid_status[q] = self.RECHOOSING
                    elif s.hand_size(q):
                        s.bid_status[q] = self.RECHOOSING
        # H-1, H-2: the unseen Rapa Nui cards.
        unseen = list(DECK_COMPOSITION)
        for k in range(4):
            unseen[k] -= s.discard[k] + hands[4 * player + k]
        if s.phase == BID:
            for q in range(n):
                if s.bid_status[q] == self.CHOSEN:
                    for k in range(4):
                        unseen[k] -= s.bids[4 * q + k]
        pool = [k for k in range(4) for _ in range(unseen[k])]
        rng.shuffle(pool)
        at = 0
        for q in range(n):
            if q == player:
                continue
            size = s.hand_size(q)
            base = 4 * q
            for k in range(4):
                hands[base + k] = 0
            for k in pool[at:at + size]:
                hands[base + k] += 1
            at += size
        s.deck = pool[at:]
        # H-6, H-7: the strengths of the other clans' hidden pieces.
        for q in range(n):
            if q != player:
                s._deal_hidden_pieces(q, rng)
        # H-4, V-3: the epoch deck and the cards set aside unseen.
        if s.set_aside or len(s.edeck) > 1:
            s._deal_epoch_deck(rng)
        # H-9: the heights of the others' face-down tiles.
        if not s.over:
            s._deal_hidden_tiles(player, rng)
        s.rng = rng.next64()
        return s

    def _deal_hidden_tiles(self, player: int, rng: Rng) -> None:
        """H-9: the tiles ``player`` has not seen are those of the 21 that are
        neither in the supply (public, by height) nor toppled nor shown (face
        up, or his own); they are dealt at random to the others' face-down
        tiles. Tiles of one height are interchangeable (C-6), so the supply
        keeps, height by height, the highest-numbered tiles not seen elsewhere,
        as taking the lowest-numbered first leaves it (T-5)."""
        n = self.players
        hidden = [(q, i) for q in range(n) if q != player
                  for i, tile in enumerate(self.tiles[q]) if tile & 1]
        if not hidden:
            return
        seen = set(self.toppled)
        for q in range(n):
            for tile in self.tiles[q]:
                if q == player or not tile & 1:
                    seen.add(tile >> 1)
        in_supply = [0] * (MAX_HEIGHT + 1)
        for t in range(N_TILES):
            if self.msupply[t]:
                in_supply[MOAI_HEIGHTS[t]] += 1
        supply = [0] * N_TILES
        unseen = []
        for height in range(MAX_HEIGHT + 1):
            free = [t for t in TILES_OF_HEIGHT[height] if t not in seen]
            kept = len(free) - in_supply[height]
            unseen += free[:kept]
            for t in free[kept:]:
                supply[t] = 1
        rng.shuffle(unseen)
        for (q, i), tile in zip(hidden, unseen):
            self.tiles[q][i] = 2 * tile + 1
        self.msupply = supply

    def _deal_hidden_pieces(self, q: int, rng: Rng) -> None:
        """H-6, H-7: ``q``'s camp and face-down pieces get again, at random,
        the strengths he has out of sight; the zone counts (``zc``) spare the
        search of a zone he is not in."""
        n = self.players
        f = self.forest
        v = self.volcano
        camp, known = self.camp, self.known
        in_forest = self.zc[4 * q + FOREST_Z]
        on_volcano = self.zc[4 * q + VOLCANO_Z]
        hidden = []
        for s in range(3):
            count = camp[3 * q + s] - known[3 * q + s]
            if in_forest:
                for sp in range(N_FOREST):
                    count += f[6 * (n * sp + q) + 3 + s]
            if on_volcano:
                for i in range(0, len(v), 7):
                    if v[i] == q:
                        count += v[i + 4 + s]
            hidden += [s] * count
        if not hidden:
            return
        rng.shuffle(hidden)
        size = self.camp_size(q)
        for s in range(3):
            camp[3 * q + s] = known[3 * q + s]
        at = size - sum(known[3 * q:3 * q + 3])
        for s in hidden[:at]:
            camp[3 * q + s] += 1
        if in_forest:
            for sp in range(N_FOREST):
                b = 6 * (n * sp + q) + 3
                count = f[b] + f[b + 1] + f[b + 2]
                if count:
                    f[b] = f[b + 1] = f[b + 2] = 0
                    for s in hidden[at:at + count]:
                        f[b + s] += 1
                    at += count
        if on_volcano:
            for i in range(0, len(v), 7):
                if v[i] == q:
                    count = v[i + 4] + v[i + 5] + v[i + 6]
                    if count:
                        v[i + 4] = v[i + 5] = v[i + 6] = 0
                        for s in hidden[at:at + count]:
                            v[i + 4 + s] += 1
                        at += count

    def _deal_epoch_deck(self, rng: Rng) -> None:
        aside = [0, 0, 0]
        for c in self.set_aside:
            aside[EPOCH_OF[c] - 1] += 1
        by_epoch: list[list[int]] = [[], [], []]
        for c in sorted(self.edeck + self.set_aside):
            by_epoch[EPOCH_OF[c] - 1].append(c)
        stacks = []
        new_aside = []
        for e in range(3):
            cards = by_epoch[e]
            rng.shuffle(cards)
            if aside[e]:
                # V-3, A-34: the Admiral is never among the cards set aside.
                out = [c for c in cards if c != ADMIRAL][:aside[e]]
                new_aside += out
                cards = [c for c in cards if c not in out]
            stacks.append(cards)
        self.set_aside = sorted(new_aside)
        self.edeck = stacks[2] + stacks[1] + stacks[0]

    # =====================================================================================
    # Saved positions
    # =====================================================================================
    def to_json(self) -> dict:
        n = self.players
        status_names = ("choosing", "chosen", "rechoosing", "revealed")
        return {
            "game": "moai",
            "players": n,
            "options": {name: self.opts[i] for i, name in enumerate(OPTIONS)},
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "final_round": self.final,
            "order": list(self.order),
            "ranking": list(self.ranking),
            "bird_man": self.pawn,
            "current": self.cur,
            "pending": self._pending_json(),
            "hands": [cards_text(self.hands[4 * p:4 * p + 4]) for p in range(n)],
            "bids": [cards_text(self.bids[4 * p:4 * p + 4]) for p in range(n)],
            "bid_status": [status_names[x] for x in self.bid_status],
            "deck": [KIND_NAMES[k] for k in reversed(self.deck)],
            "discard": cards_text(self.discard),
            "epoch_deck": [EPOCH_IDS[c] for c in reversed(self.edeck)],
            "display": [EPOCH_IDS[c] for c in self.display],
            "taken": [EPOCH_IDS[c] if c >= 0 else None for c in self.taken],
            "removed": [EPOCH_IDS[c] for c in self.removed],
            "set_aside": [EPOCH_IDS[c] for c in self.set_aside],
            "admiral_aside": self.admiral,
            "boats": {BOAT_IDS[b]: {"owner": self.boat_owner[b],
                                    "piece": self.boat_piece[b] % 3 + 1 if self.boat_piece[b] >= 0
                                    else None}
                      for b in range(N_BOATS) if self.boat_owner[b] >= 0},
            "wood_supply": self.wood,
            "forest_wood": [bool(w) for w in self.forest_wood],
            "stocks": list(self.stock),
            "disaster_supply": self.dsupply,
            "fields": [None if c == FREE else "X" if c == COVERED else f"{LETTERS[c // 3]}{c % 3 + 1}"
                       for c in self.fields],
            "moai_supply": [TILE_IDS[t] for t in range(N_TILES) if self.msupply[t]],
            "tiles": [[{"id": TILE_IDS[t >> 1], "face_down": bool(t & 1)} for t in self.tiles[p]]
                      for p in range(n)],
            "toppled": [TILE_IDS[t] for t in self.toppled],
            "camps": [[s + 1 for s in range(3) for _ in range(self.camp[3 * p + s])]
                      for p in range(n)],
            "known_camps": [[s + 1 for s in range(3) for _ in range(self.known[3 * p + s])]
                            for p in range(n)],
            "reserve": [self.reserve[3 * p:3 * p + 3] for p in range(n)],
            "forest": [self._pieces_json(sp) for sp in range(N_FOREST)],
            "volcano": [_space_json(self.volcano, i) for i in range(0, len(self.volcano), 7)],
            "carved": [loc_name(VOLCANO0 + i) for i in self.carved],
            "rng": self.rng,
            "over": self.over,
            "result": self.result(),
        }

    def _pieces_json(self, sp: int) -> list:
        n = self.players
        f = self.forest
        out = []
        for q in range(n):
            b = 6 * (n * sp + q)
            for fd in (0, 1):
                for s in range(3):
                    out += [f"{LETTERS[q]}{s + 1}{'fd' if fd else ''}"] * f[b + 3 * fd + s]
        return out

    def _pending_json(self) -> dict:
        phase = self.phase
        if phase in DISASTER_STEPS:
            return {"card": EPOCH_IDS[self.card], "taker": self.taker,
                    "victim": self.victim if self.victim >= 0 else None}
        if phase == AWARD:
            return {"space": loc_name(self.space), "tied": list(self.tied)}
        if phase == RAID_STEP:
            return {"deficit": self.deficit, "raids": self.raids}
        if phase == STARVE:
            return {"deficit": self.deficit, "raids": self.raids, "to_remove": self.to_remove}
        if phase == REST:
            return {"left": self.rest_left,
                    "retrieved": {ZONE_NAMES[z]: self.retrieved[z] for z in range(4)}}
        return {}

    @classmethod
    def from_json(cls, data) -> "MoaiState":
        """The position ``to_json`` wrote, checked against the invariants of spec
        4.8 and the step of the round; ``BadState`` says what is wrong."""
        return load(cls, data)

    # A position written the way the spec's scenarios are (section 8).
    from_position = classmethod(from_position)

    # =====================================================================================
    # The steps and the kinds of move, each with its method
    # =====================================================================================
    # The moves of each step (``_legal_for``).
    STEP_MOVES = {
        BID: _bid_moves, RANK: _rank_moves, TAKE: _take_moves, VICTIM: _victim_moves,
        ERODE: _erode_moves, KILL: _kill_moves, LOSE: _lose_moves, SINK: _sink_moves,
        WORK: _work_moves, AWARD: _award_moves, CARVE: _carve_moves, RAID_STEP: _raid_moves,
        STARVE: _starve_moves, REST: _rest_moves, BIRTH: _birth_moves, OVER: _no_moves,
    }
    # What each kind of move does (``play``, ``_auto``).
    HANDLERS = {
        M_BID: _bid, M_RANK: _rank, M_TAKE: _take, M_VICTIM: _name_victim, M_ERODE: _erode,
        M_KILL: _kill, M_LOSE: _lose, M_SINK: _sink_chosen, M_PLACE: _place, M_PASS: _pass,
        M_SWAP: _swap, M_AWARD: _award, M_CARVE: _carve, M_DONE: _done, M_RAID: _raid,
        M_STARVE: _starve, M_REST: _rest, M_BIRTH: _birth, M_BUILD: _build,
    }
    # The step a ``done`` ends (``_done``).
    DONE_IN_STEP = {CARVE: _carve_done, RAID_STEP: _raids_done, BIRTH: _bilan_done}


def _card_view(c: int) -> dict:
    card = EPOCH_CARDS[c]
    return {"id": card[0], "epoch": card[1], "name": card[2], "type": TYPE_NAMES[card[3]],
            "cards": card[4], "huts": card[5], "palm": bool(card[6]), "effect": EFFECT_NAMES[card[7]],
            "wood_lost": card[8] or None}


def _space_json(v: list, i: int) -> list:
    q = v[i]
    if q < 0:
        return []
    out = []
    for fd in (0, 1):
        for s in range(3):
            out += [f"{LETTERS[q]}{s + 1}{'fd' if fd else ''}"] * v[i + 1 + 3 * fd + s]
    return out
