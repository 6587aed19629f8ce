"""Kanaloa's rules: ``KanaloaState``, one position and every rule that changes it.

The rules follow ``docs/rules/kanaloa.md``; each rule is cited by its id
(``KN-11``, ``E-8``, ``TP-5``, ``GD-12``, ``A-24`` ...) where the code applies
it. The rules are read part by part, each a module holding ``KanaloaState``'s
methods for it: ``bridges`` (card effects, island control and the relative
majority, 4.2 to 4.5), ``draw`` (the discard option, the hand limit and the
end-of-turn draw, 4.6), ``powers`` (the god stones, section 7) and ``rounds``
(the end of a round, the final phase, the scorings and the end of the game,
section 5). This module holds the set-up, whose turn it is, the legal moves,
the turn's frame (the secret choice, the colour of the turn), copies and the
saved position. The board, the cards and the colours are in ``tables``, the
moves in ``moves``; what each player sees (H-1 to H-9) is the ``observer``'s.

Colours and players. A *colour* is one set of bridges and markers; with three
or four players colour ``c`` is player ``c``'s, with two players player ``p``
owns colours ``2p`` and ``2p + 1`` (TP-1). Bridges, control, markers and
points belong to colours; cards, hands, turns and stones to players.

Representation. Islands and cards are small ints (the index in ``ISLANDS``,
which is alphabetical, so sorting ints sorts names); the joker KANALOA is
written as the pseudo-card ``16`` in moves. Tables are flat lists of ints:

* ``owner[link]``: the colour of the bridge on ``link``, or -1 (free);
* ``count[16 c + x]``: how many of colour ``c``'s bridges touch island ``x``
  (control and markers are derived from it: a marker sits exactly where a
  colour holds more than half of the links, KN-10);
* ``hands[16 p + x]``: how many ``x`` cards player ``p`` holds;
* ``known[16 (n v + q) + x]``: how many ``x`` cards viewer ``v`` knows for
  sure that player ``q`` holds (cards taken face up, seen with KU, exchanged
  with PELE; a lower bound that only drops when a card may have left);
* ``talon_known[16 v + x]``: how many ``x`` cards viewer ``v`` knows for sure
  are in the talon (after the reshuffle of round 2 the talon is mostly the
  public discard pile);
* ``talon``: the face-down draw pile with its top at the END of the list;
  ``to_json`` writes it top first.
"""

from __future__ import annotations

from . import bridges, draw, powers
from ...engine import Event, GameError, IllegalMove, Rng, State, is_int
from .bridges import BridgeRules
from .codec import CODEC
from .draw import DrawRules
from .moves import (CHOOSE_MOVES, COLOUR_MOVES, DISCARD_MOVES, DRAW_MOVE, END_MOVE, GIVE_MOVES, PASS_MOVE,
                    REMOVE_MOVES, STEAL_MOVES, TAKE_MOVES)
from .powers import PowerRules
from .refusals import refusal
from .rounds import RoundRules
from .scenarios import from_position
from .tables import (BRIDGES, CARDS_PER_ISLAND, CHOICE_REMOVE, CHOICE_STEAL, CHOOSE, COLOUR, COLOURS, DEAL,
                     DISPLAY, DRAW, EMPTY, END, GIVE, HAND_LIMIT, ISLANDS, LINKS_AT, LONO_DRAW, LONO_TAKE,
                     NO_CHOICE, N_GODS, N_ISLANDS, N_LINKS, OVER, PASS, PLAY, SETUP, STEAL, STONE_COUNTS,
                     TAKE, THRESHOLD, USE_KU, USE_PELE, colour_count, colours_of, counted_names, owner_of)


class KanaloaState(BridgeRules, DrawRules, PowerRules, RoundRules, State):
    """A Kanaloa position: the board, the cards, the stones and the turn."""

    __slots__ = ("n", "ncol", "gods", "phase", "round", "final", "first", "player", "colour",
                 "fresh", "played", "discarded", "must_play", "pending", "pend",
                 "owner", "count", "on_board", "markers", "hands", "hand_sizes", "chosen",
                 "talon", "display", "face_up", "face_down", "scores", "points",
                 "known", "talon_known", "stones", "tablets", "last_done", "last_order",
                 "early", "rng")
    n: int
    ncol: int
    gods: bool
    phase: int
    round: int
    final: bool
    first: int
    player: int
    colour: int
    fresh: bool
    played: int
    discarded: int
    must_play: bool
    pending: int
    pend: list[int]
    owner: list[int]
    count: list[int]
    on_board: list[int]
    markers: list[int]
    hands: list[int]
    hand_sizes: list[int]
    chosen: list[int]
    talon: list[int]
    display: list[int]
    face_up: list[int]
    face_down: list[list[int]]
    scores: list[int]
    points: list[tuple[int, int, int, int]]            # (source, colour, island, points)
    known: list[int]
    talon_known: list[int]
    stones: list[int]
    tablets: list[int]
    last_done: list[bool]
    last_order: list[int]
    early: tuple[int, int] | None                       # (colour, island) of an early win
    rng: int

    # -- set-up (S-1 to S-10, GD-1) ---------------------------------------------
    @classmethod
    def new(cls, players: int = 4, seed=0, gods: bool = False,
            first_player=None) -> "KanaloaState":
        """The opening position: cards dealt, everyone choosing a card (S-6).

        S-9, A-1: ``first_player`` is a set-up input (the most tattooed player);
        when it is not given it is drawn from the seeded generator first.
        GD-1: with the gods, the 16 stones are laid one per island at random.
        """
        if players not in (2, 3, 4) or not is_int(players):
            raise GameError(f"kanaloa is played by 2, 3 or 4 players, not {players!r}")
        if first_player is not None and (not is_int(first_player)
                                         or not 0 <= first_player < players):
            raise GameError(f"the first player is a seat 0-{players - 1}, not {first_player!r}")
        rng = Rng.from_seed(seed)
        if first_player is None:
            first_player = rng.below(players)
        s = cls.blank(players, gods)
        deck = [x for x in range(N_ISLANDS) for _ in range(CARDS_PER_ISLAND)]
        rng.shuffle(deck)                                            # S-4
        for p in range(players):
            for card in deck[DEAL * p:DEAL * (p + 1)]:
                s.give(p, card)
        s.talon = deck[DEAL * players:][::-1]                        # S-5: top last
        if gods:                                                     # GD-1
            stones = [g for g in range(N_GODS) for _ in range(STONE_COUNTS[g])]
            rng.shuffle(stones)
            s.stones = stones
        s.first = first_player
        s.player = first_player
        s.rng = rng.state
        return s

    @classmethod
    def blank(cls, players: int, gods: bool) -> "KanaloaState":
        s = cls.__new__(cls)
        n = players
        s.n = n
        s.ncol = colour_count(n)
        s.gods = gods
        s.phase = SETUP
        s.round = 1
        s.final = False
        s.first = 0
        s.player = 0
        s.colour = -1
        s.fresh = True
        s.played = 0
        s.discarded = 0
        s.must_play = False
        s.pending = NO_CHOICE
        s.pend = []
        s.owner = [EMPTY] * N_LINKS
        s.count = [0] * (4 * N_ISLANDS)
        s.on_board = [0] * 4
        s.markers = [0] * 4
        s.hands = [0] * (n * N_ISLANDS)
        s.hand_sizes = [0] * n
        s.chosen = [EMPTY] * n
        s.talon = []
        s.display = [EMPTY] * DISPLAY
        s.face_up = []
        s.face_down = [[] for _ in range(n)]
        s.scores = [0] * s.ncol
        s.points = []
        s.known = [0] * (n * n * N_ISLANDS)
        s.talon_known = [0] * (n * N_ISLANDS)
        s.stones = [EMPTY] * N_ISLANDS
        s.tablets = [0] * (n * N_GODS)
        s.last_done = [False] * n
        s.last_order = []
        s.early = None
        s.rng = 0
        return s

    @property
    def players(self) -> int:
        """How many play this position (the protocol's ``State.players``)."""
        return self.n

    def give(self, player: int, card: int) -> None:
        self.hands[N_ISLANDS * player + card] += 1
        self.hand_sizes[player] += 1

    def _take_card(self, player: int, card: int) -> None:
        self.hands[N_ISLANDS * player + card] -= 1
        self.hand_sizes[player] -= 1

    # -- derived quantities -----------------------------------------------------
    def controller(self, island: int):
        """KN-10: the colour holding more than half of the island's links, or None."""
        need = THRESHOLD[island]
        count = self.count
        for c in range(self.ncol):
            if count[N_ISLANDS * c + island] >= need:
                return c
        return None

    def stock(self, colour: int) -> int:
        """C-7, KN-24: the colour's bridges not on the board."""
        return BRIDGES - self.on_board[colour]

    def colour_owner(self, colour: int) -> int:
        return owner_of(self.n, colour)

    def draw_follows(self) -> bool:
        """KN-21, E-7, A-27: an end-of-turn draw follows unless the final phase
        has begun or LONO took the last card of round 2."""
        return not self.final and (bool(self.talon) or max(self.display) >= 0)

    def hand_cap(self) -> int:
        """GD-14: the hand the active player must be down to before the draw."""
        return HAND_LIMIT - 1 if self.draw_follows() else HAND_LIMIT

    def stones_usable(self) -> bool:
        """GD-8, GD-9, A-23: powers work only in round 2 and never in a last turn
        (every turn of the final phase is one)."""
        return self.gods and self.round == 2 and not self.final

    def rank(self, player: int) -> tuple:
        """The order of E-8 and E-15 (points); with two players TP-8, TP-9
        (A-12, A-13): the weaker colour first, then the stronger one."""
        if self.n == 2:
            a, b = self.scores[2 * player], self.scores[2 * player + 1]
            return (a, b) if a <= b else (b, a)
        return (self.scores[player],)

    def may_pass(self, player: int) -> bool:
        """E-8, TP-8: at a visit of the final phase, before doing anything, a
        player may pass while an opponent with more points has not yet played."""
        if not (self.final and self.fresh and player == self.player and self.phase == PLAY):
            return False
        mine = self.rank(player)
        return any(q != player and not self.last_done[q] and self.rank(q) > mine
                   for q in range(self.n))

    # -- whose turn ----------------------------------------------------------------
    def to_move(self) -> list:
        if self.phase == PLAY:
            return [self.player]
        if self.phase == SETUP:                                     # S-6: all at once
            return [p for p in range(self.n) if self.chosen[p] < 0]
        return []

    def is_over(self) -> bool:
        return self.phase == OVER

    # -- legal moves -------------------------------------------------------------------
    def legal_moves(self, player: int) -> list:
        phase = self.phase
        if phase == PLAY:
            if player != self.player:
                return []
        elif phase == SETUP:
            if not is_int(player) or not 0 <= player < self.n or self.chosen[player] >= 0:
                return []
            base = N_ISLANDS * player
            return [CHOOSE_MOVES[x] for x in range(N_ISLANDS) if self.hands[base + x]]
        else:
            return []
        pending = self.pending
        if pending:
            return self._choice_moves(player)
        moves = []
        if self.final and self.fresh and self.may_pass(player):    # E-8
            moves.append(PASS_MOVE)
        if self.colour < 0:                                         # TP-3
            moves += [COLOUR_MOVES[c] for c in self.colours_to_declare(player)]
            return moves
        base = N_ISLANDS * player
        hands = self.hands
        held = [x for x in range(N_ISLANDS) if hands[base + x]]
        size = self.hand_sizes[player]
        cap = self.hand_cap()
        closed = self.discarded > 0
        card_plays = 0
        if not closed:                                              # KN-4: after a discard, no play
            self._card_plays(player, held, moves)
            card_plays = len(moves) - (1 if moves and moves[0] is PASS_MOVE else 0)
        if self.stones_usable():                                    # GD-9: until the draw
            self._stone_moves(player, held, moves, closed)
        # KN-3, KN-4, GD-14: when a face-down discard is allowed.
        if size > cap:
            may_discard = closed or card_plays == 0
        else:
            may_discard = (not closed and self.played == 0
                           and not (self.must_play and card_plays))
        if may_discard:
            moves += [DISCARD_MOVES[x] for x in held]
        if size <= cap and not (self.must_play and self.played == 0 and self.discarded == 0):
            if self.draw_follows():                                 # KN-21, KN-22
                if self.talon:
                    moves.append(DRAW_MOVE)
                seen = set()
                for card in self.display:
                    if card >= 0 and card not in seen:
                        seen.add(card)
                        moves.append(TAKE_MOVES[card])
            else:                                                   # E-7, A-27
                moves.append(END_MOVE)
        return moves

    def _choice_moves(self, player: int) -> list:
        pending = self.pending
        if pending == CHOICE_REMOVE:                                # KN-16
            island = self.pend[0]
            owner = self.owner
            colour = self.colour
            return [REMOVE_MOVES[link] for link, _ in LINKS_AT[island]
                    if owner[link] >= 0 and owner[link] != colour]
        if pending == CHOICE_STEAL:                                 # GD-11
            base = N_ISLANDS * self.pend[0]
            return [STEAL_MOVES[x] for x in range(N_ISLANDS) if self.hands[base + x]]
        base = N_ISLANDS * player                                   # GD-12: give back
        moves = GIVE_MOVES[self.pend[0]]
        return [moves[x] for x in range(N_ISLANDS) if self.hands[base + x]]

    # -- playing ------------------------------------------------------------------------
    def apply(self, player: int, move) -> list:
        """Play ``move``, one of ``player``'s legal moves (``play`` asks
        ``legal_moves``), and return the events it caused: the set-up's
        choice, a pending choice (``CHOICES``), a pass and the colour of the
        turn come first; then each kind of move has its handler
        (``TURN_ACTIONS``; both tables at the end of the class)."""
        code = move.code
        if code == CHOOSE:
            return self._choose(player, move.cards[0])
        if self.pending:
            return self.CHOICES[self.pending](self, player, move)
        if code == PASS:
            return self._pass(player)
        if code == COLOUR:
            return self._declare(player, move.target)
        return self.TURN_ACTIONS[code](self, player, move)

    def refusal(self, player: int, move) -> IllegalMove:
        return refusal(self, player, move)

    def reveals(self, player: int, move) -> bool:
        """Moves that show hidden information or draw at random, and the moves
        that end a turn: none of them can be taken back."""
        code = self.as_move(move).code
        if code == CHOOSE:                        # the last choice reveals every card
            return self.phase == SETUP and sum(1 for c in self.chosen if c < 0) == 1
        return code in (DRAW, TAKE, END, PASS, USE_KU, STEAL, USE_PELE, GIVE, LONO_DRAW, LONO_TAKE)

    # -- set-up: the secret choice (S-6 to S-8, H-5) ----------------------------------------
    def _choose(self, p: int, card: int) -> list:
        self._take_card(p, card)
        self.chosen[p] = card
        events = [Event("kanaloa.choose", p, secret_for=p, secret={"card": ISLANDS[card]})]
        if min(self.chosen) >= 0:
            self._reveal(events)
        return events

    def _reveal(self, events: list) -> None:
        """S-6, S-7: the chosen cards are turned up together, then the talon
        tops the display up to four cards; S-8: everyone holds three."""
        n = self.n
        display = self.display
        for p in range(n):
            display[p] = self.chosen[p]
        events.append(Event("kanaloa.reveal", cards=[ISLANDS[c] for c in self.chosen]))
        extra = []
        for slot in range(n, DISPLAY):
            display[slot] = self.talon.pop()
            extra.append(ISLANDS[display[slot]])
        if extra:
            events.append(Event("kanaloa.turn_up", cards=extra))
        self.chosen = [EMPTY] * n
        self.phase = PLAY
        self._start_turn(self.first)

    # -- the turn (KN-1) ----------------------------------------------------------------------
    def _start_turn(self, p: int) -> None:
        self.player = p
        self.colour = -1 if self.n == 2 else p                      # TP-3
        self.fresh = True
        self.played = 0
        self.discarded = 0
        self.must_play = self.hand_sizes[p] >= HAND_LIMIT           # KN-3
        self.pending = NO_CHOICE
        self.pend = []

    def colours_to_declare(self, p: int) -> tuple:
        """TP-3 with KN-3 and A-5: a player bound to play a card must play one
        if any play exists, in either of his colours; so he declares a colour in
        which a card can be played, when there is one. Otherwise the choice of
        colour would let him dodge the obligation and discard."""
        colours = colours_of(self.n, p)
        if self.must_play:
            playable = tuple(c for c in colours if self.can_play(p, c))
            if playable:
                return playable
        return colours

    def _declare(self, p: int, colour: int) -> list:
        """TP-3: with two players, the colour of every bridge of this turn."""
        self.colour = colour
        self.fresh = False
        return [Event("kanaloa.colour", p, colour=COLOURS[colour])]

    # -- cards and choices in words (what the observer shows and the codec saves) ------------------
    def hand_names(self, p: int) -> list:
        return counted_names(self.hands, p)

    def known_names(self, v: int, q: int) -> list:
        return counted_names(self.known, self.n * v + q)

    def pending_view(self):
        pending = self.pending
        if not pending or self.phase != PLAY:
            return None
        if pending == CHOICE_REMOVE:
            return {"kind": "remove", "islands": [ISLANDS[x] for x in self.pend]}
        if pending == CHOICE_STEAL:
            return {"kind": "steal", "victim": self.pend[0]}
        return {"kind": "give", "to": list(self.pend)}

    # -- copies ------------------------------------------------------------------------------------
    def clone(self) -> "KanaloaState":
        s = KanaloaState.__new__(KanaloaState)
        s.n = self.n
        s.ncol = self.ncol
        s.gods = self.gods
        s.phase = self.phase
        s.round = self.round
        s.final = self.final
        s.first = self.first
        s.player = self.player
        s.colour = self.colour
        s.fresh = self.fresh
        s.played = self.played
        s.discarded = self.discarded
        s.must_play = self.must_play
        s.pending = self.pending
        s.pend = self.pend[:]
        s.owner = self.owner[:]
        s.count = self.count[:]
        s.on_board = self.on_board[:]
        s.markers = self.markers[:]
        s.hands = self.hands[:]
        s.hand_sizes = self.hand_sizes[:]
        s.chosen = self.chosen[:]
        s.talon = self.talon[:]
        s.display = self.display[:]
        s.face_up = self.face_up[:]
        s.face_down = [cards[:] for cards in self.face_down]
        s.scores = self.scores[:]
        s.points = self.points[:]                 # entries are tuples, shared safely
        s.known = self.known[:]
        s.talon_known = self.talon_known[:]
        s.stones = self.stones[:]
        s.tablets = self.tablets[:]
        s.last_done = self.last_done[:]
        s.last_order = self.last_order[:]
        s.early = self.early
        s.rng = self.rng
        return s

    # -- saved positions ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        return CODEC.dump(self)

    @classmethod
    def from_json(cls, data) -> "KanaloaState":
        """The position ``to_json`` wrote, checked against the game's invariants
        (cards, bridges, markers and stones conserved; a coherent turn);
        ``BadState`` says what is wrong."""
        return CODEC.load(cls, data)

    # A position written the way the spec's scenarios are (section 10).
    from_position = classmethod(from_position)

    # The pending choices: what answers each (``play``), each part's own.
    CHOICES = {**bridges.CHOICES, **powers.CHOICES}
    # What each kind of move does once the turn's colour is known (``play``),
    # each part's own.
    TURN_ACTIONS = {**bridges.TURN_ACTIONS, **draw.TURN_ACTIONS, **powers.TURN_ACTIONS}
