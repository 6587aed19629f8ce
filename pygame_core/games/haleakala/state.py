"""Haleakala's rules: ``HaleakalaState``, one position and every rule that changes it.

The rules follow ``docs/rules/haleakala.md``; each rule is cited by its id
(``H-24``, ``S-3``, ``E-3``, ``V-5`` ...) where the code applies it. The module
reads in rulebook order: set-up (P-1 to P-10), the turn (H-1 to H-14), the
boat and the arrival procedure (H-15 to H-37), card effects and purchases
(H-40 to H-47), scorings and the eruption (S-1 to S-25, E-1 to E-7), the
tactical variant (V-1 to V-9), copies and the saved position. The island and
the cards are in ``tables``, the moves in ``moves``; what each player sees
(I-1 to I-4) is the ``observer``'s.

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

from typing import Any

from ...engine import Event, GameError, IllegalMove, Rng, State, copy_data
from .codec import CODEC, check_max_turns
from .moves import (BOAT_MOVE, BUY_MOVES, DECLINE_MOVE, INVOKE_MOVES, LAVA_MOVES, NO_RAISE_MOVE, PASS_MOVE,
                    PICK_MOVES, PLACE_MOVES, RAISE_MOVE, SHAMAN_OPTIONS, STAY_MOVE, TAKE_MOVES, HaleakalaMove)
from .refusals import refusal
from .scenarios import from_position
from .tables import (BOARD_PRIESTESS, BOAT, BUILDABLE, BUTTERFLIES, BUY, COLLECTIBLE, CTX_BOARD, CTX_CARD,
                     CTX_SCORING, CTX_SHELL, DECK_COMPOSITION, DECLINE, DISC_VALUES, FISH_MAJORITY_POINTS,
                     FLOW_PATH, FOREST, HEIGHT_OF, HUTS, INVOCATION_BOXED, IN_RESERVE, ITEMS, ITEM_COST,
                     JETTY, KINDS, LAVA, LAVA_DISCS, LAVA_MOVE, MEADOW, MOUNTAIN, NAUTILUS, NAUTILUS_POINTS,
                     NO_RAISE, N_DISCS, N_KINDS, N_SCORE_CARDS, N_SECTIONS, N_SLOTS, N_SPACES, PASS, PEARL_B,
                     PEARL_W, PICK, PLACE, P_BUY, P_LAVA, P_OVER, P_PICK, P_SHAMAN, P_STATUE, P_TURN, RAISE,
                     RED, SCORE_CARDS, SC_BUTTERFLY, SC_FOREST, SC_MAJORITY, SC_SECTION, SECTION_SPACES,
                     SHAMAN, SHELL, SPACE_NAMES, START_DEAL, STATUE, STATUES_PER_PLAYER, STATUE_POINTS, STAY,
                     TACTICAL_COMPOSITION, TAKE, TERRAINS, T_END_TURN, T_POINTS, T_PRESCORE, T_RECOVER,
                     T_REFILL, T_RETURN, T_SECOND, WALKABLE, YELLOW, cw)


class HaleakalaState(State):
    """A Haleakala position: the island, the cards and where the turn stands."""

    players = 2

    __slots__ = ("tactical", "eruption", "max_turns", "turns", "round", "first_player",
                 "player", "phase", "decider", "context", "stack",
                 "boat", "discs", "sums", "invocation", "shamans", "statues", "supply",
                 "destroyed", "slots", "decks", "craters", "collections", "shells",
                 "owners", "priestess_up", "discard", "scores", "scorings",
                 "truncated", "over")
    tactical: bool
    eruption: bool
    max_turns: int | None
    turns: int
    round: int
    first_player: int
    player: int
    phase: int
    decider: int
    context: int
    stack: list[tuple[int, int, int]]                    # tasks (code, a, b), run from the end
    boat: int
    discs: list[int]
    sums: list[int]
    invocation: list[int]
    shamans: list[int]
    statues: list[int]
    supply: list[int]
    destroyed: list[int]
    slots: list[int]
    decks: list[list[int]]
    craters: list[int]
    collections: list[int]
    shells: list[int]
    owners: list[int]
    priestess_up: bool
    discard: list[int]
    scores: list[int]
    scorings: list[dict]
    truncated: bool
    over: bool

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
        check_max_turns(max_turns, GameError)
        rng = Rng.from_seed(seed)
        if first_player is None:
            first_player = rng.below(2)
        s = cls.blank(tactical, eruption)
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
    def blank(cls, tactical: bool, eruption: bool) -> "HaleakalaState":
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
        # Each decision lists its moves (``PHASE_MOVES``, at the end of the class).
        return self.PHASE_MOVES[self.phase](self, player)

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

    def _shaman_moves(self, p: int) -> list:
        opponent = self.shamans[1 - p]
        moves = [STAY_MOVE]                                           # H-8: "no move"
        moves += [move for d, move in SHAMAN_OPTIONS[self.shamans[p]] if d != opponent]
        return moves

    def _pick_moves(self, p: int) -> list:
        return list(PICK_MOVES)

    def _lava_moves(self, p: int) -> list:
        moves = [DECLINE_MOVE]                                        # H-42: the taker may decline
        craters = self.craters
        for s in range(N_SECTIONS):
            if craters[s]:
                moves += LAVA_MOVES[s]
        return moves

    def _statue_moves(self, p: int) -> list:
        return [RAISE_MOVE, NO_RAISE_MOVE]                            # H-41: "peut ériger"

    def _buy_moves(self, p: int) -> list:
        return [PASS_MOVE] + [BUY_MOVES[i] for i in self.affordable(p)]

    def affordable(self, p: int) -> list:
        """H-44: the items a player may buy now with the shells they hold."""
        shells = self.shells[p]
        items = [i for i in range(N_SCORE_CARDS) if self.owners[i] < 0 and ITEM_COST[i] <= shells]
        if self.priestess_up and shells >= 1:
            items.append(BOARD_PRIESTESS)
        return items

    # -- playing ---------------------------------------------------------------------------
    def apply(self, player: int, move) -> list:
        """Play ``move``, one of ``player``'s legal moves, and return the
        events it caused: each kind of move has its handler (``HANDLERS``, at
        the end of the class). The rules that make a move legal are those of
        ``legal_moves`` (``play`` asks them); the handlers only play it."""
        return self.HANDLERS[move.code](self, player, move)

    def refusal(self, player: int, move) -> IllegalMove:
        return refusal(self, player, move)

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
        boat = self.boat
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

    def _take_back(self, p: int, move: HaleakalaMove) -> list:
        """H-6: one of your own numbered discs from any beach to your reserve."""
        v = move.a
        index = N_DISCS * p + v - 1
        b = self.discs[index]
        left = self.sums[N_SECTIONS * p + b] - v
        self.discs[index] = IN_RESERVE
        self.sums[N_SECTIONS * p + b] = left
        self.phase = P_SHAMAN                                            # H-6 then H-8
        return [Event("haleakala.take_back", p, value=v, beach=b)]

    def _move_boat_one(self, p: int, move: HaleakalaMove) -> list:
        """H-7: with no numbered disc in reserve, the boat moves one section."""
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

    def _pick(self, p: int, move: HaleakalaMove) -> list:
        """H-23, H-24: the first (or sole) taker chooses one of two different cards."""
        events: list[dict[str, Any]] = []
        if self._take_card(p, 2 * self.boat + move.a, events):
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
            self.craters[a] -= 1
            self.craters[b] += 1
            events = [Event("haleakala.lava_move", p, crater=a, to=b)]
        self._run(events)
        return events

    def _offer_purchase(self, p: int, context: int) -> bool:
        """H-43 and S-3: the player may buy one item; True when something is
        affordable, so that the player must decide (buy or pass)."""
        if not self.affordable(p):
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
            flows: list[dict[str, Any]] = []
            eruption = Event("haleakala.eruption", lava=sum(craters), craters=list(craters),
                             flows=flows)
            events.append(eruption)
            statues = self.statues
            shamans = self.shamans
            for s in range(N_SECTIONS):                                   # E-2
                for _ in range(craters[s]):
                    visits: list[dict[str, Any]] = []
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
        detail: Any
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
                "scorings": copy_data(self.scorings),
                "statues_on_board": on_board,
                "first_player": self.first_player,
                "truncated": self.truncated,
            },
        }

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

    # -- saved positions ----------------------------------------------------------------------------
    def to_json(self) -> dict:
        return CODEC.dump(self)

    @classmethod
    def from_json(cls, data) -> "HaleakalaState":
        """The position ``to_json`` wrote, checked piece by piece and card by
        card; ``BadState`` says what is wrong."""
        return CODEC.load(cls, data)

    # A position written the way the spec's scenarios are (section 9).
    from_position = classmethod(from_position)

    # The moves of each decision (``legal_moves``; none once the game is over).
    PHASE_MOVES = {P_TURN: _turn_moves, P_SHAMAN: _shaman_moves, P_PICK: _pick_moves,
                   P_LAVA: _lava_moves, P_BUY: _buy_moves, P_STATUE: _statue_moves}
    # What each kind of move does (``play``).
    HANDLERS = {
        PLACE: _place, TAKE: _take_back, BOAT: _move_boat_one, SHAMAN: _shaman, STAY: _shaman,
        PICK: _pick, LAVA_MOVE: _priestess_choice, DECLINE: _priestess_choice, BUY: _purchase,
        PASS: _purchase, RAISE: _statue_choice, NO_RAISE: _statue_choice,
    }
