"""A Haleakala position as JSON, both ways: ``CODEC`` writes the whole
position (hidden parts included) and reads it back, checking every field
and the invariants of the rules. Both go through the state's public face.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...codec import Check, Codec, Field, Flag, Part, Start, check_flag
from ...engine import BadState, check, check_pair, copy_data, is_int
from .tables import (BUILDABLE, COLLECTIBLE, COLOURS, CTX_SCORING, DECK_COMPOSITION, HUTS, IN_RESERVE, KINDS,
                     KIND_INDEX, LAVA, LAVA_DISCS, NAUTILUS, N_DISCS, N_KINDS, N_SCORE_CARDS, N_SECTIONS,
                     PHASES, P_BUY, P_LAVA, P_OVER, P_PICK, P_SHAMAN, P_STATUE, P_TURN, RED, SHELL,
                     SPACE_INDEX, SPACE_NAMES, START_DEAL, STATUES_PER_PLAYER, TACTICAL_COMPOSITION,
                     TASK_ARITY, TASK_NAMES, T_END_TURN, T_POINTS, T_PRESCORE, T_RECOVER, T_REFILL, T_RETURN,
                     T_SECOND, WALKABLE, YELLOW, invocation_name, kind_name)

if TYPE_CHECKING:
    from .state import HaleakalaState


# ---------------------------------------------------------------------------
# Reading a position: every field checked
# ---------------------------------------------------------------------------

def _int_in(value, low: int, high: int, what: str) -> int:
    check(is_int(value) and low <= value <= high, f"{what} must be a whole number from {low} to {high}")
    return value


def _kind(name, what: str) -> int:
    check(isinstance(name, str) and name in KIND_INDEX, f"{what}: {name!r} is not a card kind")
    return KIND_INDEX[name]


def _whole(low: int, high: int, what: str):
    """The reading of a field that is a whole number from ``low`` to ``high``."""
    return lambda s, value: _int_in(value, low, high, what)


def _blank(cls, data) -> HaleakalaState:
    return cls.blank(check_flag(data["tactical"], "tactical"), check_flag(data["eruption"], "eruption"))


def _max_turns(s: HaleakalaState, value):
    check_max_turns(value, BadState)
    return value


def _phase(s: HaleakalaState, value) -> int:
    check(value in PHASES, f"phase must be one of {', '.join(PHASES)}")
    return PHASES.index(value)


def _load_pieces(s: HaleakalaState, data) -> None:
    """D-1 to D-4: discs, the invocation discs, shamans, statues and lava."""
    discs = check_pair(data["discs"], "discs")
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
    invocation = check_pair(data["invocation"], "invocation")
    for p in (YELLOW, RED):
        where = invocation[p]
        if not s.tactical:
            check(where is None, "the invocation discs stay in the box outside the tactical variant (P-1)")
        elif where == "reserve":
            s.invocation[p] = IN_RESERVE
        else:
            s.invocation[p] = _int_in(where, 0, N_SECTIONS - 1, "the invocation disc's beach")
    shamans = check_pair(data["shamans"], "shamans")
    for p in (YELLOW, RED):
        name = shamans[p]
        check(name in SPACE_INDEX, f"shaman: {name!r} is not a space")
        where = SPACE_INDEX[name]
        check(WALKABLE[where] or where == HUTS[p],
              f"a shaman stands on a meadow, forest or mountain, or still on its hut's beach (H-9)")
        s.shamans[p] = where
    check(s.shamans[0] != s.shamans[1], "the two shamans never share a space (H-11)")
    statues = check_pair(data["statues"], "statues")
    supply = check_pair(data["statue_supply"], "statue_supply")
    destroyed = check_pair(data["statues_destroyed"], "statues_destroyed")
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
    collections = check_pair(data["collections"], "collections")
    for p in (YELLOW, RED):
        check(isinstance(collections[p], list), "a collection is a list of card kinds")
        for name in collections[p]:
            card = _kind(name, "collection")
            check(COLLECTIBLE[card], f"{name} is not a collectible card (H-40)")
            s.collections[N_KINDS * p + card] += 1
            counts[card] += 1
    shells = check_pair(data["shells"], "shells")
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
    scores = check_pair(data["scores"], "scores")
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
        points = check_pair(entry["points"], "scoring points")
        for p in (YELLOW, RED):
            totals[p] += _int_in(points[p], 0, 1 << 30, "scoring points")
        check(isinstance(entry["players"], list) and len(entry["players"]) == 2
              and all(isinstance(x, dict) and x.get("total") == points[i]
                      for i, x in enumerate(entry["players"])),
              "a scoring lists both players' details, with their totals")
        check(isinstance(entry["burned"], list) and isinstance(entry["protected"], list),
              "burned and protected are lists")
    check(totals == s.scores, "scores must be the sum of the scorings")
    s.scorings = copy_data(scorings)
    done = len(scorings)
    if s.over:
        check(done >= 1 and scorings[-1]["round"] == 2, "a finished game ends with its second scoring (S-25)")
        check(s.truncated == scorings[-1]["truncated"], "truncated must match the last scoring (H-53)")
    else:
        check(done == s.round - 1, f"round {s.round} comes after {s.round - 1} scoring(s) (S-1.3)")
        check(not s.truncated, "only a finished game can be truncated (H-53)")


def _load_stack(s: HaleakalaState, data) -> None:
    stack = data["stack"]
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
        check(s.affordable(s.decider), "a purchase decision needs something affordable (H-44)")
        if s.context == CTX_SCORING:
            check(not s.tactical, "no purchase before a scoring in the tactical variant (V-7)")


def check_max_turns(value, error) -> None:
    if value is not None and (not is_int(value) or value < 1):
        raise error(f"max_turns is a positive whole number or null, not {value!r}")


# ---------------------------------------------------------------------------
# The position's fields
# ---------------------------------------------------------------------------


CODEC: Codec[HaleakalaState] = Codec(
    "haleakala", "Haleakala",
    fields=(
        Field("tactical"),
        Field("eruption"),
        Field("max_turns", read=_max_turns),
        Field("turns", read=_whole(0, 1 << 30, "turns")),
        Field("round", read=_whole(1, 2, "round")),
        Field("first_player", read=_whole(0, 1, "first_player")),
        Field("player", read=_whole(0, 1, "player")),
        Field("phase", write=lambda s: PHASES[s.phase], read=_phase),
        Field("decider", read=_whole(0, 1, "decider")),
        Field("context", read=_whole(0, 1, "context")),
        Field("stack", write=lambda s: [[TASK_NAMES[code]] + [a, b][:TASK_ARITY[code]]
                                        for code, a, b in s.stack]),
        Field("boat", read=_whole(0, N_SECTIONS - 1, "boat")),
        Field("discs", write=lambda s: [[None if w < 0 else w for w in s.discs[N_DISCS * p:N_DISCS * (p + 1)]]
                                        for p in (YELLOW, RED)]),
        Field("invocation", write=lambda s: [invocation_name(w) for w in s.invocation]),
        Field("shamans", write=lambda s: [SPACE_NAMES[i] for i in s.shamans]),
        Field("statues", write=lambda s: [[SPACE_NAMES[i] for i in BUILDABLE if s.statues[i] == p]
                                          for p in (YELLOW, RED)]),
        Field("statue_supply", "supply"),
        Field("statues_destroyed", "destroyed"),
        Field("slots", write=lambda s: [[kind_name(s.slots[2 * sec]), kind_name(s.slots[2 * sec + 1])]
                                        for sec in range(N_SECTIONS)]),
        Field("decks", write=lambda s: [[KINDS[k] for k in reversed(deck)] for deck in s.decks]),  # top first
        Field("craters"),
        Field("collections", write=lambda s: [[KINDS[k] for k in range(NAUTILUS + 1)
                                               for _ in range(s.collections[N_KINDS * p + k])]
                                              for p in (YELLOW, RED)]),
        Field("shells"),
        Field("score_cards", "owners", write=lambda s: [None if o < 0 else o for o in s.owners]),
        Flag("priestess_up"),
        Field("discard", write=lambda s: [KINDS[k] for k in range(N_KINDS)
                                          for _ in range(s.discard[k])]),
        Field("scores"),
        Field("scorings", write=lambda s: copy_data(s.scorings)),
        Flag("truncated"),
        Flag("over"),
    ),
    # The sums of the discs on each beach are counted as the discs are read.
    derived=("sums",),
    start=Start(_blank, "tactical", "eruption"),
    reading=(
        "priestess_up", "truncated", "over", "max_turns", "turns", "round", "first_player", "player",
        "decider", "phase", "context", "boat",
        Part(_load_pieces, "discs", "invocation", "shamans", "statues", "statue_supply", "statues_destroyed",
             "craters"),
        Part(_load_cards, "slots", "decks", "collections", "shells", "discard", "score_cards"),
        Part(_load_scores, "scores", "scorings"),
        Part(_load_stack, "stack"),
        Check(_check_turn),
        Check(_check_lava),
    ),
)
