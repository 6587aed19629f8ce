"""Kanaloa's rules: ``KanaloaState``, one position and every rule that changes it.

The rules follow ``docs/rules/kanaloa.md``; each rule is cited by its id
(``KN-11``, ``E-8``, ``TP-5``, ``GD-12``, ``A-24`` ...) where the code applies
it. The module reads in rulebook order: set-up, the turn (card plays, island
control, relative majority, the draw), the god stones, rounds and scorings,
then copies and the saved position. The board, the cards and the colours are
in ``tables``, the moves in ``moves``; what each player sees (H-1 to H-9) is
the ``observer``'s.

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

from typing import Any

from ...engine import Event, GameError, IllegalMove, Rng, State, is_int
from .codec import dump, load
from .moves import (BUILDS_WITH, BUILD_MOVES, CHOOSE_MOVES, COLOUR_MOVES, DISCARD_MOVES, DRAW_MOVE, END_MOVE,
                    GIVE_MOVES, KU_MOVES, LONO_DRAW_MOVE, LONO_TAKE_MOVES, PASS_MOVE, PELE_MOVE, REMOVE_MOVES,
                    REPLACES_WITH, REPLACE_JOKERS, STEAL_MOVES, TAKE_MOVES, KanaloaMove)
from .refusals import refusal
from .scenarios import from_position
from .tables import (BRIDGES, BUILD, CARDS_PER_ISLAND, CARD_NAMES, CHOICE_GIVE, CHOICE_REMOVE, CHOICE_STEAL,
                     CHOOSE, COLOUR, COLOURS, DEAL, DEGREE, DISCARD, DISPLAY, DRAW, EMPTY, END, GIVE, GODS,
                     HAND_LIMIT, ISLANDS, ISLAND_MARKERS, JOKER, KANALOA, KANE, KANE_AT, KU, LINKS_AT,
                     LINK_ENDS, LINK_NAMES, LONO, LONO_DRAW, LONO_TAKE, NO_CHOICE, N_GODS, N_ISLANDS, N_LINKS,
                     OVER, PASS, PELE, PLAY, REPLACE, SETUP, SMALL, STEAL, STONE_COUNTS, TAKE, THRESHOLD,
                     USE_KU, USE_PELE, colour_count, colours_of, counted_names, owner_of, tablet)


class KanaloaState(State):
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

    def _card_plays(self, player: int, held: list, moves: list) -> None:
        """KN-5 to KN-8, KN-24: every build and replacement the hand allows."""
        colour = self.colour
        if self.on_board[colour] >= BRIDGES:
            return
        owner = self.owner
        hands = self.hands
        base = N_ISLANDS * player
        for x in held:
            for link, move in BUILDS_WITH[x]:
                if owner[link] < 0:
                    moves.append(move)
        for x in held:
            pair = hands[base + x] >= 2
            for link, other, same, both, _ in REPLACES_WITH[x]:
                o = owner[link]
                if o >= 0 and o != colour:
                    if pair:
                        moves.append(same)
                    if both is not None and hands[base + other]:
                        moves.append(both)

    def can_play(self, player: int, colour: int | None = None) -> bool:
        """KN-3, A-5: is any build or replacement possible with cards alone, in
        ``colour`` (by default the colour of the turn)?"""
        if colour is None:
            colour = self.colour
        if colour < 0 or self.on_board[colour] >= BRIDGES or self.discarded:
            return False
        owner = self.owner
        hands = self.hands
        base = N_ISLANDS * player
        for x in range(N_ISLANDS):
            if not hands[base + x]:
                continue
            pair = hands[base + x] >= 2
            for link, other in LINKS_AT[x]:
                o = owner[link]
                if o < 0:
                    return True
                if o != colour and (pair or hands[base + other]):
                    return True
        return False

    def _stone_moves(self, player: int, held: list, moves: list, closed: bool) -> None:
        """GD-9 to GD-13: the stones on the player's tablet. After a face-down
        discard (``closed``) no card is played any more (KN-4), so KANALOA goes
        without a card of the hand (GD-15: a stone is not a card)."""
        tablet = N_GODS * player
        tablets = self.tablets
        n = self.n
        jokers = tablets[tablet + KANALOA]
        colour = self.colour
        if jokers and self.on_board[colour] < BRIDGES:              # GD-10
            owner = self.owner
            for link in range(N_LINKS):
                if owner[link] < 0:
                    moves.append(BUILD_MOVES[link][2])
            for x in (() if closed else held):
                for link, _, _, _, with_joker in REPLACES_WITH[x]:
                    o = owner[link]
                    if o >= 0 and o != colour:
                        moves.append(with_joker)
            if jokers >= 2:
                for link in range(N_LINKS):
                    o = owner[link]
                    if o >= 0 and o != colour:
                        moves.append(REPLACE_JOKERS[link])
        sizes = self.hand_sizes
        if tablets[tablet + KU]:                                    # GD-11, A-26
            moves += [KU_MOVES[q] for q in range(n) if q != player and sizes[q]]
        if tablets[tablet + PELE] and any(sizes[q] for q in range(n) if q != player):
            moves.append(PELE_MOVE)                                 # GD-12
        if tablets[tablet + LONO]:                                  # GD-13
            if self.talon:
                moves.append(LONO_DRAW_MOVE)
            seen = set()
            for card in self.display:
                if card >= 0 and card not in seen:
                    seen.add(card)
                    moves.append(LONO_TAKE_MOVES[card])

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

    # -- card effects: build (KN-5, KN-6, GD-10a) -------------------------------------------------
    def _build(self, p: int, move: KanaloaMove) -> list:
        """KN-5, KN-6: a card of one end (or a KANALOA stone, GD-10a) builds
        on a free link, a bridge of the turn's colour."""
        link = move.link
        card = move.cards[0]
        colour = self.colour
        events = []
        if card == JOKER:
            self.tablets[N_GODS * p + KANALOA] -= 1                  # GD-6
            events.append(Event("kanaloa.build_kanaloa", p, link=LINK_NAMES[link],
                                colour=COLOURS[colour]))
        else:
            self._spend(p, card)
            events.append(Event("kanaloa.build", p, link=LINK_NAMES[link], card=ISLANDS[card],
                                colour=COLOURS[colour]))
        self.fresh = False
        self.put_bridge(colour, link)
        self._resolve(colour, link, True, events)
        return events

    # -- card effects: replace (KN-7, KN-8, TP-5, GD-10b, A-24) ---------------------------------
    def _replace(self, p: int, move: KanaloaMove) -> list:
        """KN-7, KN-8: two cards of its ends (or KANALOA stones, GD-10b)
        replace a bridge of another colour by one of the turn's."""
        link = move.link
        c1, c2 = move.cards
        colour = self.colour
        victim = self.owner[link]
        jokers = (c1 == JOKER) + (c2 == JOKER)
        cards = [c for c in (c1, c2) if c != JOKER]
        for c in cards:
            self._spend(p, c)
        if jokers:
            self.tablets[N_GODS * p + KANALOA] -= jokers             # GD-6
        self.fresh = False
        events = [Event("kanaloa.replace", p, link=LINK_NAMES[link],
                        cards=[CARD_NAMES[c] for c in move.cards], colour=COLOURS[colour],
                        victim=owner_of(self.n, victim), victim_colour=COLOURS[victim])]
        self._lift_bridge(link, events)                              # KN-7, step 1
        self.put_bridge(colour, link)
        self._resolve(colour, link, False, events)
        return events

    def _spend(self, p: int, card: int) -> None:
        """KN-2: a played card goes face up on the discard pile; nobody knows
        any more that the card was in the hand (H-4)."""
        self._take_card(p, card)
        self.face_up.append(card)
        self.played += 1
        n = self.n
        known = self.known
        for v in range(n):
            if v != p:
                i = N_ISLANDS * (n * v + p) + card
                if known[i]:
                    known[i] -= 1

    def put_bridge(self, colour: int, link: int) -> None:
        a, b = LINK_ENDS[link]
        self.owner[link] = colour
        self.on_board[colour] += 1
        base = N_ISLANDS * colour
        self.count[base + a] += 1
        self.count[base + b] += 1

    def _lift_bridge(self, link: int, events: list) -> None:
        """A bridge goes back to its colour's stock (C-7); KN-13, KN-14: its
        colour loses any island where it no longer holds more than half."""
        colour = self.owner[link]
        self.owner[link] = EMPTY
        self.on_board[colour] -= 1
        base = N_ISLANDS * colour
        count = self.count
        for island in LINK_ENDS[link]:
            count[base + island] -= 1
            if count[base + island] == THRESHOLD[island] - 1:
                self.markers[colour] -= 1
                events.append(Event("kanaloa.marker_lost", owner_of(self.n, colour),
                                    island=ISLANDS[island], colour=COLOURS[colour]))

    # -- the resolution procedure (spec 4.5) ----------------------------------------------------
    def _resolve(self, colour: int, link: int, build: bool, events: list) -> None:
        """Steps 2 and 3 of 4.5 at both ends of the new bridge (step 1 and
        step 4 happen as bridges leave, in ``_lift_bridge``). The two ends never
        interfere: the only link touching both is the new bridge itself."""
        count = self.count
        base = N_ISLANDS * colour
        for island in LINK_ENDS[link]:
            # One bridge more: reaching the threshold exactly is a new control.
            if count[base + island] == THRESHOLD[island]:
                if self._take_over(colour, island, events):
                    return
        if build:
            for island in LINK_ENDS[link]:
                self._relative_majority(colour, island, events)

    def _take_over(self, colour: int, island: int, events: list) -> bool:
        """KN-11: a marker, every other colour's bridge at the island destroyed,
        the island's god stone (GD-3). E-14, A-16: a colour with all ten island
        markers placed that needs an eleventh wins at once. True if the game ended."""
        n = self.n
        owner_player = owner_of(n, colour)
        if self.markers[colour] >= ISLAND_MARKERS:
            self.early = (colour, island)
            events.append(Event("kanaloa.early_win", owner_player, island=ISLANDS[island],
                                colour=COLOURS[colour]))
            self._finish(events)
            return True
        self.markers[colour] += 1
        events.append(Event("kanaloa.control", owner_player, island=ISLANDS[island],
                            colour=COLOURS[colour]))
        owner = self.owner
        for link, _ in LINKS_AT[island]:                             # KN-11(b), TP-4
            victim = owner[link]
            if victim >= 0 and victim != colour:
                events.append(Event("kanaloa.destroy", owner_of(n, victim), link=LINK_NAMES[link],
                                    colour=COLOURS[victim]))
                self._lift_bridge(link, events)
        stone = self.stones[island]
        if stone >= 0:                                               # GD-3, A-34
            self.stones[island] = EMPTY
            if stone == KANE:                                        # GD-7, A-22, A-31
                points = KANE_AT[island]
                self.scores[colour] += points
                self.points.append((1, colour, island, points))
                events.append(Event("kanaloa.kane", owner_player, island=ISLANDS[island],
                                    points=points, colour=COLOURS[colour]))
            else:
                self.tablets[N_GODS * owner_player + stone] += 1
                events.append(Event("kanaloa.capture", owner_player, island=ISLANDS[island],
                                    stone=GODS[stone]))
        return False

    def _relative_majority(self, colour: int, island: int, events: list) -> None:
        """KN-16 to KN-18, A-8, A-9: a build on the last free link of a large
        island or ORO that nobody controls, by a colour among the leaders."""
        if SMALL[island]:
            return
        owner = self.owner
        for link, _ in LINKS_AT[island]:
            if owner[link] < 0:
                return
        count = self.count
        need = THRESHOLD[island]
        counts = [count[N_ISLANDS * c + island] for c in range(self.ncol)]
        most = max(counts)
        if most >= need or counts[colour] < most:
            return
        if counts.count(most) == 1:                                  # KN-16: he chooses
            self.pending = CHOICE_REMOVE
            self.pend.append(island)
            events.append(Event("kanaloa.relative_majority", owner_of(self.n, colour),
                                island=ISLANDS[island]))
            return
        # KN-17: tied leaders; the bridge of the one colour with a single bridge goes.
        single = counts.index(1)
        link = next(link for link, _ in LINKS_AT[island] if owner[link] == single)
        self._remove_for_majority(colour, island, link, events)

    def _remove_for_majority(self, colour: int, island: int, link: int, events: list) -> None:
        victim = self.owner[link]
        events.append(Event("kanaloa.remove", owner_of(self.n, colour), link=LINK_NAMES[link],
                            island=ISLANDS[island], victim=owner_of(self.n, victim),
                            victim_colour=COLOURS[victim]))
        self._lift_bridge(link, events)                              # KN-19

    # -- pending choices: relative majority, KU, PELE -------------------------------------------
    def _remove_chosen(self, p: int, move: KanaloaMove) -> list:
        """KN-16: the bridge of another colour the player removes."""
        island = self.pend[0]
        link = move.link
        events: list[dict[str, Any]] = []
        self._remove_for_majority(self.colour, island, link, events)
        self.pend.pop(0)
        if not self.pend:
            self.pending = NO_CHOICE
        return events

    def _steal_chosen(self, p: int, move: KanaloaMove) -> list:
        """GD-11: the card taken from the hand KU showed."""
        return self._steal(p, move.cards[0])

    def _give_chosen(self, p: int, move: KanaloaMove) -> list:
        """GD-12: the card given back to an opponent PELE took one from."""
        return self._give_back(p, move.target, move.cards[0])

    # -- the discard option and the hand limit (KN-3, KN-4, GD-14, A-5, A-28) ----------------------
    def _discard(self, p: int, move: KanaloaMove) -> list:
        """KN-4: one card face down instead of playing (GD-14: to bring an
        oversized hand down once no card can be played)."""
        card = move.cards[0]
        self._take_card(p, card)
        self.face_down[p].append(card)
        self.discarded += 1
        self.fresh = False
        self._forget_one(p)
        return [Event("kanaloa.discard", p, secret_for=p, secret={"card": ISLANDS[card]})]

    def _forget_one(self, p: int) -> None:
        """H-4: ``p`` lost a card the others did not see, so each card they knew
        ``p`` to hold is now known one copy less."""
        n = self.n
        known = self.known
        for v in range(n):
            if v != p:
                base = N_ISLANDS * (n * v + p)
                for i in range(base, base + N_ISLANDS):
                    if known[i]:
                        known[i] -= 1

    # -- the end-of-turn draw (KN-21, KN-22) ------------------------------------------------------
    def _end_action(self, p: int, move: KanaloaMove) -> list:
        """KN-21: a card drawn from the talon or taken face up ends the turn
        (E-7: in the final phase, no card is drawn)."""
        code = move.code
        if code == END:
            events = [Event("kanaloa.end_turn", p)]
        elif code == DRAW:
            events = [self._draw_blind(p, "kanaloa.draw")]
        else:
            events = self._take_displayed(p, move.cards[0], "kanaloa.take")
        self._end_turn(p, code != END, events)
        return events

    def _draw_blind(self, p: int, key: str) -> dict:
        """H-6: the top card of the talon, seen only by the drawer."""
        card = self.talon.pop()
        self.give(p, card)
        if self.round == 2:
            self._talon_loses(p, card)
        if key == "kanaloa.lono_draw":
            return Event("kanaloa.lono_draw", p, secret_for=p, secret={"card": ISLANDS[card]})
        return Event("kanaloa.draw", p, secret_for=p, secret={"card": ISLANDS[card]})

    def _take_displayed(self, p: int, card: int, key: str) -> list:
        """KN-21: a face-up card; the talon's top card fills the gap at once
        (KN-22: not any more once the talon is empty)."""
        slot = self.display.index(card)
        self.give(p, card)
        n = self.n
        known = self.known
        for v in range(n):
            if v != p:
                known[N_ISLANDS * (n * v + p) + card] += 1
        refill = EMPTY
        if self.talon:
            refill = self.talon.pop()
            if self.round == 2:
                self._talon_loses(-1, refill)
        self.display[slot] = refill
        if key == "kanaloa.lono_take":
            events = [Event("kanaloa.lono_take", p, card=ISLANDS[card], slot=slot)]
        else:
            events = [Event("kanaloa.take", p, card=ISLANDS[card], slot=slot)]
        if refill >= 0:
            events.append(Event("kanaloa.refill", card=ISLANDS[refill], slot=slot))
        return events

    def _talon_loses(self, drawer: int, card: int) -> None:
        """The talon gave up ``card``: seen by everyone (``drawer`` -1, a refill)
        or only by ``drawer``, for whom the others lose one copy of each card
        they knew to be in the talon."""
        tk = self.talon_known
        for v in range(self.n):
            base = N_ISLANDS * v
            if drawer < 0 or v == drawer:
                if tk[base + card]:
                    tk[base + card] -= 1
            else:
                for i in range(base, base + N_ISLANDS):
                    if tk[i]:
                        tk[i] -= 1

    def _end_turn(self, p: int, drew: bool, events: list) -> None:
        """The end of a turn: E-1 and E-6 when the supply ran out, the final
        phase's bookkeeping (E-7, E-9), then the next player clockwise (S-10)."""
        n = self.n
        if self.final:
            self.last_done[p] = True
            self.last_order.append(p)
            self._discard_hand(p, events)                            # E-9
            self._next_visit(p, events)
            return
        if not self.talon and max(self.display) < 0:
            events.append(Event("kanaloa.round_end", round=self.round))
            if self.round == 1 and drew:                             # E-1 to E-5
                self._scoring(False, events)
                self._reshuffle(events)
                self.round = 2
            else:                                                    # E-6, A-27
                self.final = True
                events.append(Event("kanaloa.final_phase"))
        self._start_turn((p + 1) % n)

    def _discard_hand(self, p: int, events: list) -> None:
        """E-9, H-9: a player who has played his last turn discards his hand unseen."""
        base = N_ISLANDS * p
        cards = [x for x in range(N_ISLANDS) for _ in range(self.hands[base + x])]
        if not cards:
            return
        for x in range(N_ISLANDS):
            self.hands[base + x] = 0
        self.hand_sizes[p] = 0
        self.face_down[p] += cards
        n = self.n
        for v in range(n):
            if v != p:
                i = N_ISLANDS * (n * v + p)
                self.known[i:i + N_ISLANDS] = [0] * N_ISLANDS
        count = len(cards)
        names = [ISLANDS[x] for x in cards]
        events.append(Event("kanaloa.hand_discard", p, count=count, secret_for=p,
                            secret={"cards": names}))

    # -- the final phase (E-6 to E-10) -----------------------------------------------------------
    def _pass(self, p: int) -> list:
        """E-8: a last turn given up, while a richer opponent is still to play."""
        events = [Event("kanaloa.pass", p)]
        self._next_visit(p, events)
        return events

    def _next_visit(self, p: int, events: list) -> None:
        """E-7: the next seat clockwise that has not played its last turn; when
        there is none, the final scoring (E-10)."""
        n = self.n
        for step in range(1, n + 1):
            q = (p + step) % n
            if not self.last_done[q]:
                self._start_turn(q)
                return
        self._scoring(True, events)
        self._finish(events)

    # -- the god stones (GD-9 to GD-14) ------------------------------------------------------------
    def _use_stone(self, p: int, move: KanaloaMove) -> list:
        """GD-10 to GD-13: a stone of the tablet, used once."""
        code = move.code
        stone = {USE_KU: KU, USE_PELE: PELE, LONO_DRAW: LONO, LONO_TAKE: LONO}[code]
        tablet = N_GODS * p + stone
        self.tablets[tablet] -= 1                                   # GD-6
        self.fresh = False
        if code == USE_KU:
            return self._ku(p, move.target)
        if code == USE_PELE:
            return self._pele(p)
        if code == LONO_DRAW:                                        # GD-13
            return [Event("kanaloa.lono", p), self._draw_blind(p, "kanaloa.lono_draw")]
        return ([Event("kanaloa.lono", p)]
                + self._take_displayed(p, move.cards[0], "kanaloa.lono_take"))

    def _ku(self, p: int, q: int) -> list:
        """GD-11, H-7: look at an opponent's whole hand, then take one card."""
        n = self.n
        base = N_ISLANDS * q
        seen = N_ISLANDS * (n * p + q)
        self.known[seen:seen + N_ISLANDS] = self.hands[base:base + N_ISLANDS]
        self.pending = CHOICE_STEAL
        self.pend = [q]
        cards = [ISLANDS[x] for x in range(N_ISLANDS) for _ in range(self.hands[base + x])]
        return [Event("kanaloa.ku", p, victim=q, secret_for=p, secret={"cards": cards})]

    def _steal(self, p: int, card: int) -> list:
        q = self.pend[0]
        self._take_card(q, card)
        self.give(p, card)
        n = self.n
        known = self.known
        for v in range(n):
            if v == p:
                known[N_ISLANDS * (n * p + q) + card] -= 1          # p saw the whole hand
            elif v == q:
                known[N_ISLANDS * (n * q + p) + card] += 1          # the victim knows
            else:
                base = N_ISLANDS * (n * v + q)
                for i in range(base, base + N_ISLANDS):
                    if known[i]:
                        known[i] -= 1
        self.pending = NO_CHOICE
        self.pend = []
        # H-7: the victim learns which card he lost; the thief chose it.
        return [Event("kanaloa.steal", p, victim=q, secret_for=[p, q], secret={"card": ISLANDS[card]})]

    def _pele(self, p: int) -> list:
        """GD-12, A-25, H-8: one random card from each opponent, then (as the
        next moves) one card of the player's choice back to each of them."""
        n = self.n
        rng = Rng(self.rng)
        events = [Event("kanaloa.pele", p)]
        recipients = []
        known = self.known
        for step in range(1, n):
            q = (p + step) % n
            size = self.hand_sizes[q]
            if not size:
                continue
            pick = rng.below(size)
            base = N_ISLANDS * q
            card = 0
            while pick >= self.hands[base + card]:
                pick -= self.hands[base + card]
                card += 1
            self._take_card(q, card)
            self.give(p, card)
            for v in range(n):
                if v == p:
                    i = N_ISLANDS * (n * p + q) + card
                    if known[i]:
                        known[i] -= 1
                elif v == q:
                    known[N_ISLANDS * (n * q + p) + card] += 1
                else:
                    b = N_ISLANDS * (n * v + q)
                    for i in range(b, b + N_ISLANDS):
                        if known[i]:
                            known[i] -= 1
            recipients.append(q)
            events.append(Event("kanaloa.pele_draw", p, victim=q, secret_for=[p, q],
                                secret={"card": ISLANDS[card]}))
        self.rng = rng.state
        self.pending = CHOICE_GIVE
        self.pend = recipients
        return events

    def _give_back(self, p: int, q: int, card: int) -> list:
        self._take_card(p, card)
        self.give(q, card)
        n = self.n
        known = self.known
        for v in range(n):
            if v == p:
                known[N_ISLANDS * (n * p + q) + card] += 1
            elif v == q:
                i = N_ISLANDS * (n * q + p) + card
                if known[i]:
                    known[i] -= 1
            else:
                b = N_ISLANDS * (n * v + p)
                for i in range(b, b + N_ISLANDS):
                    if known[i]:
                        known[i] -= 1
        self.pend.pop(0)
        if not self.pend:
            self.pending = NO_CHOICE
        # H-8: the opponent learns the card he receives; the giver chose it.
        return [Event("kanaloa.give", p, to=q, secret_for=[p, q], secret={"card": ISLANDS[card]})]

    # -- rounds and scorings (E-1 to E-5, E-11 to E-13) --------------------------------------------
    def _scoring(self, final: bool, events: list) -> None:
        """E-11: one point per link of a controlled island that the controller
        does not occupy; E-12: at the final scoring, +1 per marker. TP-7:
        colours score separately."""
        source = 3 if final else 2
        gained = [0] * self.ncol
        count = self.count
        for island in range(N_ISLANDS):
            c = self.controller(island)
            if c is None:
                continue
            points = DEGREE[island] - count[N_ISLANDS * c + island]
            self.points.append((source, c, island, points))
            gained[c] += points
            if final:
                self.points.append((4, c, island, 1))
                gained[c] += 1
        for c in range(self.ncol):
            self.scores[c] += gained[c]
        if final:
            events.append(Event("kanaloa.final_scoring", points=gained))
        else:
            events.append(Event("kanaloa.first_scoring", points=gained))

    def _reshuffle(self, events: list) -> None:
        """E-3: the whole discard pile (face up and face down) becomes the new
        talon, and its top four cards the display. The cards are sorted first so
        that the deal depends only on the generator and which cards they are."""
        n = self.n
        cards = list(self.face_up)
        for p in range(n):
            cards += self.face_down[p]
        cards.sort()
        rng = Rng(self.rng)
        rng.shuffle(cards)
        self.rng = rng.state
        self.display = cards[:DISPLAY]
        self.talon = cards[DISPLAY:][::-1]
        # What each player knows of the new talon: every card he saw go on the
        # discard pile (face up, or face down by himself), less the display.
        shown = [0] * N_ISLANDS
        for card in self.face_up:
            shown[card] += 1
        for card in self.display:
            shown[card] -= 1
        tk = self.talon_known
        for v in range(n):
            own = shown[:]
            for card in self.face_down[v]:
                own[card] += 1
            tk[N_ISLANDS * v:N_ISLANDS * (v + 1)] = [k if k > 0 else 0 for k in own]
        self.face_up = []
        self.face_down = [[] for _ in range(n)]
        events.append(Event("kanaloa.reshuffle", talon=len(self.talon),
                            display=[ISLANDS[c] for c in self.display]))

    # -- the end of the game (E-14, E-15, TP-9) ----------------------------------------------------
    def _finish(self, events: list) -> None:
        self.phase = OVER
        self.pending = NO_CHOICE
        self.pend = []
        result = self.result()
        events.append(Event("kanaloa.game_over", winner=result["winners"][0],
                            reason=result["reason"], scores=result["scores"]))

    def player_scores(self) -> list:
        """What ``result()["scores"]`` reports: a player's points, or with two
        players the points of his weaker colour (TP-9)."""
        return [self.rank(p)[0] for p in range(self.n)]

    def _winner(self):
        """E-14, E-15, TP-9, A-14, A-15: the winner and the reason."""
        if self.early is not None:
            return owner_of(self.n, self.early[0]), "early_win"
        ranks = [self.rank(p) for p in range(self.n)]
        best = max(ranks)
        leaders = [p for p in range(self.n) if ranks[p] == best]
        if len(leaders) == 1:
            if self.n == 2:
                same_weak = ranks[0][0] == ranks[1][0]
                return leaders[0], "stronger_colour" if same_weak else "weaker_colour"
            return leaders[0], "points"
        # The earliest last turn among the tied players wins.
        for p in self.last_order:
            if p in leaders:
                return p, "last_turn"
        return leaders[0], "last_turn"          # unreachable: every player plays a last turn

    def result(self):
        if self.phase != OVER:
            return None
        winner, reason = self._winner()
        return {
            "scores": self.player_scores(),
            "winners": [winner],
            "reason": reason,
            "breakdown": self._breakdown(),
        }

    def _breakdown(self) -> dict:
        """Every point of every colour, by where it came from."""
        n = self.n
        colours = []
        for c in range(self.ncol):
            entry: dict[str, Any] = {"colour": COLOURS[c], "index": c, "player": owner_of(n, c),
                     "total": self.scores[c], "earlier": 0, "kane": [],
                     "first_scoring": None, "final_scoring": None}
            colours.append(entry)
        for source, c, island, points in self.points:
            entry = colours[c]
            if source == 0:
                entry["earlier"] += points
            elif source == 1:
                entry["kane"].append({"island": ISLANDS[island], "points": points})
            else:
                key = "first_scoring" if source == 2 else "final_scoring"
                if entry[key] is None:
                    entry[key] = {"islands": [], "markers": 0, "points": 0}
                part = entry[key]
                if source == 4:
                    part["markers"] += 1
                else:
                    part["islands"].append({"island": ISLANDS[island], "links": DEGREE[island],
                                            "bridges": DEGREE[island] - points,
                                            "points": points})
                part["points"] += points
        # A scoring that took place shows every colour, even with no island.
        scored = {2: self.round == 2, 3: self.phase == OVER and self.early is None}
        for entry in colours:
            for source, key in ((2, "first_scoring"), (3, "final_scoring")):
                if entry[key] is None and scored[source]:
                    entry[key] = {"islands": [], "markers": 0, "points": 0}
        players = []
        for p in range(n):
            own = list(colours_of(n, p))
            item = {"player": p, "colours": own, "points": sum(self.scores[c] for c in own)}
            if n == 2:
                weak, strong = self.rank(p)
                item["weaker"] = weak
                item["stronger"] = strong
            players.append(item)
        return {
            "colours": colours,
            "players": players,
            "last_turn_order": list(self.last_order),
            "early_win": (None if self.early is None else
                          {"colour": COLOURS[self.early[0]], "island": ISLANDS[self.early[1]],
                           "player": owner_of(n, self.early[0])}),
        }

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
        return dump(self)

    @classmethod
    def from_json(cls, data) -> "KanaloaState":
        """The position ``to_json`` wrote, checked against the game's invariants
        (cards, bridges, markers and stones conserved; a coherent turn);
        ``BadState`` says what is wrong."""
        return load(cls, data)

    # A position written the way the spec's scenarios are (section 10).
    from_position = classmethod(from_position)

    # The pending choices: what answers each (``play``).
    CHOICES = {CHOICE_REMOVE: _remove_chosen, CHOICE_STEAL: _steal_chosen, CHOICE_GIVE: _give_chosen}
    # What each kind of move does once the turn's colour is known (``play``).
    TURN_ACTIONS = {
        BUILD: _build, REPLACE: _replace, DISCARD: _discard, DRAW: _end_action, TAKE: _end_action,
        END: _end_action, USE_KU: _use_stone, USE_PELE: _use_stone, LONO_DRAW: _use_stone,
        LONO_TAKE: _use_stone,
    }

