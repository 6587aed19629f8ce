"""Kahuna's rules: ``KahunaState``, one position and every rule that changes it.

The rules follow ``docs/rules/kahuna.md``; each rule is cited by its id
(``KH-12``, ``SC-3``, ``HI-5`` ...) where the code applies it. The module reads
in rulebook order: set-up, the turn (plays, the end of the turn, rounds and
scorings), then copies and the saved position. The board and the cards are
in ``tables``, the moves in ``moves``; what each player sees (HI-1 to HI-6)
is the ``observer``'s.

Representation. Islands and cards are small ints (the index in ``ISLANDS``,
which is alphabetical, so sorting ints sorts names). Per-player tables are flat
lists of 24 ints, player ``p``'s island ``x`` at ``12 * p + x``:

* ``owner[line]``: the player owning the bridge on ``line``, or -1 (free);
* ``bridges[12p + x]``: how many of ``p``'s bridges touch island ``x``
  (control, markers and supplies are derived from it: INV-2, INV-3);
* ``hands[12p + x]``: how many ``x`` cards ``p`` holds;
* ``known[12p + x]``: how many ``x`` cards everybody knows ``p`` holds (HI-5);
* ``pile``: the face-down pile with its top at the END of the list (cheap
  ``pop``); ``to_json`` writes it top first as the spec does.
"""

from __future__ import annotations

from ...engine import Event, GameError, IllegalMove, Rng, State
from .codec import CODEC
from .moves import DRAW_MOVE, HIDE_MOVES, PLACES_WITH, REMOVALS_WITH, SKIP_MOVE, TAKE_MOVES, KahunaMove
from .refusals import refusal
from .scenarios import from_position
from .tables import (BRIDGES_PER_PLAYER, DECK, DRAW, HAND_LIMIT, HIDE, INTERIM_POINTS, ISLANDS, ISLAND_INDEX,
                     LINE_ENDS, LINE_NAMES, LINKS_AT, NEEDED_AT, N_ISLANDS, N_LINES, PLACE, REMOVE, SKIP, SLOTS,
                     START_HAND, TAKE)


class KahunaState(State):
    """A Kahuna position: the board, the cards and where the turn stands."""

    players = 2

    __slots__ = ("owner", "bridges", "on_board", "hands", "hand_sizes", "known",
                 "pile", "display", "open_discard", "hidden",
                 "player", "scorings_done", "final_turns_left", "scores", "scorings",
                 "previous_turn_skipped", "committed_to_draw", "over", "rng")
    owner: list[int]
    bridges: list[int]
    on_board: list[int]
    hands: list[int]
    hand_sizes: list[int]
    known: list[int]
    pile: list[int]
    display: list[int]
    open_discard: list[int]
    hidden: list[list[int]]
    player: int
    scorings_done: int
    final_turns_left: int | None
    scores: list[int]
    scorings: list[tuple[int, int, int, int, int]]     # (round, islands 0, 1, points 0, 1)
    previous_turn_skipped: bool
    committed_to_draw: bool
    over: bool
    rng: int

    # -- set-up (SU-1 to SU-8) ------------------------------------------------
    @classmethod
    def new(cls, players: int = 2, seed=0, first_player=None) -> "KahunaState":
        """The opening position.

        SU-1: ``first_player`` is a set-up input. When it is not given it is
        drawn from the seeded generator before the shuffle, so that a series of
        seeds alternates the first player without any extra bookkeeping.
        """
        if players != 2:
            raise GameError(f"kahuna is played by 2 players, not {players}")
        if first_player not in (None, 0, 1) or isinstance(first_player, bool):
            raise GameError(f"the first player is 0 or 1, not {first_player!r}")
        rng = Rng.from_seed(seed)
        if first_player is None:
            first_player = rng.below(2)
        deck = sorted(ISLAND_INDEX[c] for c in DECK)
        rng.shuffle(deck)                                          # SU-3
        s = cls.blank()
        second = 1 - first_player
        for card in deck[0:START_HAND]:                            # SU-4, SU-8
            s.give(first_player, card)
        for card in deck[START_HAND:2 * START_HAND]:
            s.give(second, card)
        s.display = deck[2 * START_HAND:2 * START_HAND + SLOTS]    # SU-5
        s.pile = deck[2 * START_HAND + SLOTS:][::-1]               # SU-6: top last
        s.player = first_player                                    # SU-7
        s.rng = rng.state
        return s

    @classmethod
    def blank(cls) -> "KahunaState":
        """An empty board, empty hands, nothing scored (SU-2, SU-7)."""
        s = cls.__new__(cls)
        s.owner = [-1] * N_LINES
        s.bridges = [0] * (2 * N_ISLANDS)
        s.on_board = [0, 0]
        s.hands = [0] * (2 * N_ISLANDS)
        s.hand_sizes = [0, 0]
        s.known = [0] * (2 * N_ISLANDS)
        s.pile = []
        s.display = [-1] * SLOTS
        s.open_discard = []
        s.hidden = [[], []]
        s.player = 0
        s.scorings_done = 0
        s.final_turns_left = None
        s.scores = [0, 0]
        s.scorings = []
        s.previous_turn_skipped = False
        s.committed_to_draw = False
        s.over = False
        s.rng = 0
        return s

    def give(self, player: int, card: int) -> None:
        self.hands[N_ISLANDS * player + card] += 1
        self.hand_sizes[player] += 1

    # -- derived quantities (spec 2.5) ------------------------------------------
    def controller(self, island: int):
        """The player with a strict majority of the lines at ``island``, or None."""
        if self.bridges[island] >= NEEDED_AT[island]:
            return 0
        if self.bridges[N_ISLANDS + island] >= NEEDED_AT[island]:
            return 1
        return None

    def islands(self, player: int) -> int:
        """How many islands ``player`` controls (what SC-2 and SC-7 compare)."""
        base = N_ISLANDS * player
        bridges = self.bridges
        return sum(1 for x in range(N_ISLANDS) if bridges[base + x] >= NEEDED_AT[x])

    def supply(self, player: int) -> int:
        return BRIDGES_PER_PLAYER - self.on_board[player]

    def in_final_phase(self) -> bool:
        return self.final_turns_left is not None

    # -- whose turn ---------------------------------------------------------------
    def to_move(self) -> list:
        return [] if self.over else [self.player]

    def is_over(self) -> bool:
        return self.over

    # -- legal moves (spec 4.3) ---------------------------------------------------
    def legal_moves(self, player: int) -> list:
        if self.over or player != self.player:
            return []
        base = N_ISLANDS * player
        hands = self.hands
        held = [c for c in range(N_ISLANDS) if hands[base + c]]
        if self.committed_to_draw:                                     # KH-23
            moves = [HIDE_MOVES[c] for c in held]
            if self.pile:
                moves.append(DRAW_MOVE)
            display = self.display
            moves += [TAKE_MOVES[s] for s in range(SLOTS) if display[s] >= 0]
            return moves
        owner = self.owner
        moves = []
        if self.on_board[player] < BRIDGES_PER_PLAYER:                 # KH-4, KH-18
            for c in held:
                moves += [move for line, move in PLACES_WITH[c] if owner[line] < 0]
        opponent = 1 - player
        for c in held:                                                 # KH-7 to KH-9
            pair = hands[base + c] >= 2
            for line, other, same, both in REMOVALS_WITH[c]:
                if owner[line] == opponent:
                    if pair:
                        moves.append(same)
                    if both is not None and hands[base + other]:
                        moves.append(both)
        final = self.final_turns_left is not None
        if not final:
            if self.hand_sizes[player] == HAND_LIMIT:                  # KH-22, KH-25
                moves += [HIDE_MOVES[c] for c in held]
            else:                                                      # KH-20, KH-21
                if self.pile:
                    moves.append(DRAW_MOVE)
                display = self.display
                moves += [TAKE_MOVES[s] for s in range(SLOTS) if display[s] >= 0]
        if final or not self.previous_turn_skipped:                    # KH-19, KH-28
            moves.append(SKIP_MOVE)
        return moves

    # -- playing --------------------------------------------------------------------
    def apply(self, player: int, move) -> list:
        """Play ``move``, one of ``player``'s legal moves, and return the
        events it caused: each kind of move has its handler (``HANDLERS``, at
        the end of the class). The rules that make a move legal are those of
        ``legal_moves`` (``play`` asks them); the handlers only play it."""
        return self.HANDLERS[move.code](self, player, move)

    def refusal(self, player: int, move) -> IllegalMove:
        return refusal(self, player, move)

    def reveals(self, player: int, move) -> bool:
        """A draw or a take shows a card (and a refill); a skip ends the turn."""
        return self.as_move(move).code in (DRAW, TAKE, SKIP)

    # -- playing a card: placing (KH-4 to KH-6) ---------------------------------------
    def _place(self, p: int, move: KahunaMove) -> list:
        """KH-4: a card of one end builds on a free line (the supply not empty, KH-18)."""
        line = move.line
        card = move.cards[0]
        a, b = LINE_ENDS[line]
        base = N_ISLANDS * p
        self._spend(p, card)
        self.owner[line] = p
        self.on_board[p] += 1
        bridges = self.bridges
        bridges[base + a] += 1
        bridges[base + b] += 1
        events = [Event("kahuna.place", p, line=LINE_NAMES[line], card=ISLANDS[card])]
        # KH-12, KH-15, KH-16: one bridge more, so reaching NEEDED exactly is a
        # new majority; above it, the island was already held and nothing is stripped.
        if bridges[base + a] == NEEDED_AT[a]:
            self._take_control(p, a, events)
        if bridges[base + b] == NEEDED_AT[b]:
            self._take_control(p, b, events)
        self._check_wipeout(events)
        return events

    def _take_control(self, p: int, island: int, events: list) -> None:
        """KH-13 and KH-14: strip every bridge of the opponent at ``island``;
        each one lost may cost the opponent the marker at its other end, and the
        cascade stops there."""
        q = 1 - p
        qbase = N_ISLANDS * q
        owner = self.owner
        bridges = self.bridges
        events.append(Event("kahuna.control", p, island=ISLANDS[island]))
        for line, other in LINKS_AT[island]:
            if owner[line] == q:
                owner[line] = -1
                self.on_board[q] -= 1
                bridges[qbase + island] -= 1
                bridges[qbase + other] -= 1
                events.append(Event("kahuna.strip", q, line=LINE_NAMES[line]))
                if bridges[qbase + other] == NEEDED_AT[other] - 1:
                    events.append(Event("kahuna.marker_lost", q, island=ISLANDS[other]))

    # -- playing cards: removing (KH-7 to KH-11) ------------------------------------------
    def _remove(self, p: int, move: KahunaMove) -> list:
        """KH-7 to KH-9: two cards of one end, or one of each end, remove an
        opponent's bridge (never one's own, KH-11)."""
        line = move.line
        c1, c2 = move.cards
        a, b = LINE_ENDS[line]
        q = 1 - p
        self._spend(p, c1)
        self._spend(p, c2)
        # KH-10: the bridge goes back to the supply; a marker falls if the
        # count drops below the threshold. Nobody gains control.
        self.owner[line] = -1
        self.on_board[q] -= 1
        bridges = self.bridges
        qbase = N_ISLANDS * q
        events = [Event("kahuna.remove", p, line=LINE_NAMES[line],
                        cards=[ISLANDS[c1], ISLANDS[c2]])]
        for x in (a, b):
            bridges[qbase + x] -= 1
            if bridges[qbase + x] == NEEDED_AT[x] - 1:
                events.append(Event("kahuna.marker_lost", q, island=ISLANDS[x]))
        self._check_wipeout(events)
        return events

    def _spend(self, p: int, card: int) -> None:
        """KH-3, KH-5: a played card goes face up onto the open discard pile.
        HI-5: a card everybody knew to be in the hand is known no longer."""
        i = N_ISLANDS * p + card
        self.hands[i] -= 1
        self.hand_sizes[p] -= 1
        if self.known[i]:
            self.known[i] -= 1
        self.open_discard.append(card)

    # -- the hand limit: face-down discards (KH-22 to KH-25) -----------------------------
    def _hide(self, p: int, move: KahunaMove) -> list:
        """KH-22: a full hand makes room for a draw with a face-down discard."""
        card = move.cards[0]
        base = N_ISLANDS * p
        self.hands[base + card] -= 1
        self.hand_sizes[p] -= 1
        # HI-5: any card of the hand may be the hidden one, so each card known
        # to be held is now known one copy less.
        known = self.known
        for i in range(base, base + N_ISLANDS):
            if known[i]:
                known[i] -= 1
        self.hidden[p].append(card)
        self.committed_to_draw = True                                   # KH-23
        return [Event("kahuna.hide", p, secret_for=p, secret={"card": ISLANDS[card]})]

    # -- ending the turn (KH-19 to KH-21, KH-27, KH-28) ------------------------------------
    def _draw(self, p: int, move: KahunaMove) -> list:
        """KH-20: the top card of the pile ends the turn."""
        card = self.pile.pop()
        self.give(p, card)
        events = [Event("kahuna.draw", p, secret_for=p, secret={"card": ISLANDS[card]})]
        self._end_turn(events, took=True, skipped=False)
        return events

    def _take(self, p: int, move: KahunaMove) -> list:
        """KH-21: a face-up card ends the turn; the pile refills its slot."""
        slot = move.slot
        display = self.display
        card = display[slot]
        self.give(p, card)
        self.known[N_ISLANDS * p + card] += 1                          # HI-5
        refill = self.pile.pop() if self.pile else -1                  # KH-21, A-7
        display[slot] = refill
        events = [Event("kahuna.take", p, card=ISLANDS[card], slot=slot,
                        refill=ISLANDS[refill] if refill >= 0 else None)]
        self._end_turn(events, took=True, skipped=False)
        return events

    def _skip(self, p: int, move: KahunaMove) -> list:
        """KH-19: a turn may end without a draw, but not two in a row (KH-28: always in the final phase)."""
        events = [Event("kahuna.skip", p)]
        self._end_turn(events, took=False, skipped=True)
        return events

    def _end_turn(self, events: list, took: bool, skipped: bool) -> None:
        """KH-29, step by step."""
        final_turns = self.final_turns_left                             # None before the final phase
        self.previous_turn_skipped = skipped                            # 1
        self.committed_to_draw = False                                  # 2
        if took and not self.pile and self.display == [-1, -1, -1]:     # 3, SC-1
            self._end_round(events)
        if self._check_wipeout(events):                                 # 4, SC-10
            return
        if final_turns is not None:                                     # 5, SC-6
            self.final_turns_left = final_turns - 1
            if self.final_turns_left == 0:
                self._final_scoring(events)
                return
        self.player = 1 - self.player                                   # 6, KH-1

    # -- rounds and scorings (SC-1 to SC-9) -------------------------------------------------
    def _end_round(self, events: list) -> None:
        events.append(Event("kahuna.round_end", round=self.scorings_done + 1))
        if self.scorings_done < 2:
            self._interim_scoring(events)
            self._reshuffle(events)
        else:
            self.final_turns_left = 2                                   # SC-5, SC-6
            events.append(Event("kahuna.final_phase"))

    def _interim_scoring(self, events: list) -> None:
        """SC-2: +1 after round 1, +2 after round 2 for more islands; a tie scores nothing."""
        value = INTERIM_POINTS[self.scorings_done]
        counts = (self.islands(0), self.islands(1))
        points = [0, 0]
        if counts[0] != counts[1]:
            points[0 if counts[0] > counts[1] else 1] = value
        self._record_scoring(counts, points, events)

    def _final_scoring(self, events: list) -> None:
        """SC-7, SC-8: the player with more islands scores the difference."""
        counts = (self.islands(0), self.islands(1))
        points = [0, 0]
        if counts[0] != counts[1]:
            points[0 if counts[0] > counts[1] else 1] = abs(counts[0] - counts[1])
        self._record_scoring(counts, points, events)
        self._finish(events)

    def _record_scoring(self, counts, points, events: list) -> None:
        self.scorings_done += 1
        self.scores[0] += points[0]
        self.scores[1] += points[1]
        self.scorings.append((self.scorings_done, counts[0], counts[1], points[0], points[1]))
        events.append(Event("kahuna.scoring", round=self.scorings_done,
                            islands=list(counts), points=points))

    def _reshuffle(self, events: list) -> None:
        """SC-3: every discard, open and hidden, is shuffled and dealt again
        (3 face up, the rest as the pile). The gathered cards are sorted first
        so that the deal depends only on the generator and which cards they are."""
        cards = sorted(self.open_discard + self.hidden[0] + self.hidden[1])
        rng = Rng(self.rng)
        rng.shuffle(cards)
        self.rng = rng.state
        # SC-4: at least 14 cards come back, so the display is always filled.
        self.display = cards[:SLOTS]
        self.pile = cards[SLOTS:][::-1]
        self.open_discard = []
        self.hidden = [[], []]
        events.append(Event("kahuna.reshuffle", pile=len(self.pile)))

    # -- the end of the game (SC-9 to SC-12) ------------------------------------------------
    def wiped_out(self) -> bool:
        """SC-10, SC-11: from the first interim scoring on, exactly one player
        has no bridge on the board."""
        return self.scorings_done > 0 and (self.on_board[0] == 0) != (self.on_board[1] == 0)

    def _check_wipeout(self, events: list) -> bool:
        if not self.wiped_out():
            return False
        # The event names the player left without a bridge.
        events.append(Event("kahuna.wipeout", 0 if self.on_board[0] == 0 else 1))
        self._finish(events)
        return True

    def _finish(self, events: list) -> None:
        self.over = True
        result = self.result()
        events.append(Event("kahuna.game_over", winners=result["winners"],
                            reason=result["reason"], scores=result["scores"]))

    def result(self):
        if not self.over:
            return None
        on_board = list(self.on_board)
        if self.wiped_out():                                           # SC-10
            winners, reason = [0 if on_board[1] == 0 else 1], "wipeout"
        else:
            winners, reason = self._winners_by_points()
        return {
            "scores": list(self.scores),
            "winners": winners,
            "reason": reason,
            "breakdown": {
                "scorings": self.scoring_list(),
                "bridges_on_board": on_board,
                "controlled": [self.islands(0), self.islands(1)],
            },
        }

    def _winners_by_points(self):
        """SC-9: totals, then the final scoring, then bridges on the board."""
        a, b = self.scores
        if a != b:
            return [0 if a > b else 1], "points"
        final = self.scorings[-1]
        if final[3] != final[4]:
            return [0 if final[3] > final[4] else 1], "final_scoring"
        if self.on_board[0] != self.on_board[1]:
            return [0 if self.on_board[0] > self.on_board[1] else 1], "bridges"
        return [0, 1], "draw"

    def scoring_list(self) -> list:
        return [{"round": r, "islands": [i0, i1], "points": [p0, p1]}
                for r, i0, i1, p0, p1 in self.scorings]

    # -- copies ---------------------------------------------------------------------------------
    def clone(self) -> "KahunaState":
        s = KahunaState.__new__(KahunaState)
        s.owner = self.owner[:]
        s.bridges = self.bridges[:]
        s.on_board = self.on_board[:]
        s.hands = self.hands[:]
        s.hand_sizes = self.hand_sizes[:]
        s.known = self.known[:]
        s.pile = self.pile[:]
        s.display = self.display[:]
        s.open_discard = self.open_discard[:]
        s.hidden = [self.hidden[0][:], self.hidden[1][:]]
        s.player = self.player
        s.scorings_done = self.scorings_done
        s.final_turns_left = self.final_turns_left
        s.scores = self.scores[:]
        s.scorings = self.scorings[:]          # entries are tuples, shared safely
        s.previous_turn_skipped = self.previous_turn_skipped
        s.committed_to_draw = self.committed_to_draw
        s.over = self.over
        s.rng = self.rng
        return s

    # -- saved positions --------------------------------------------------------------------------
    def to_json(self) -> dict:
        return CODEC.dump(self)

    @classmethod
    def from_json(cls, data) -> "KahunaState":
        """The position ``to_json`` wrote, checked against INV-1 to INV-6 and
        the turn structure; ``BadState`` says what is wrong."""
        return CODEC.load(cls, data)

    # A position written the way the spec's scenarios are (section 8).
    from_position = classmethod(from_position)

    # What each kind of move does (``play``).
    HANDLERS = {PLACE: _place, REMOVE: _remove, HIDE: _hide, DRAW: _draw, TAKE: _take, SKIP: _skip}

