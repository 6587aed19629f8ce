"""Advice for the bots about Haleakala positions (``Haleakala.hints``).

``evaluate(state, player)`` values an unfinished position for ``player`` as
the difference of two sides, each counted in points:

* points already scored;
* what the next scoring(s) would give now: statues by terrain (counted twice
  in round 1, when a statue that survives scores at both scorings), less the
  statues the lava on the craters would burn (E-2 to E-5); the fish majority,
  pearls, the nautilus; score cards owned, valued on the board as it stands;
  shells (1 point each at the end, more while score cards can be bought);
* the means to score more: statues left in supply and a shaman standing on a
  free, high space (a Statue card builds there), numbered discs that hold the
  higher sum on a beach with cards the player wants.

``rollout_move(state, player, rng)`` is a cheap policy for simulations,
much stronger than a random move (it beats random play in every one of 800
test games, by about 40 points): it places discs to win the cards where the
boat will stop, takes the better card, keeps its shaman on a free high space
and raises a statue there when a Statue card comes, steers lava towards the opponent's statues and buys what scores now; one
move in ten stays random to keep simulations varied.

Bots call both only on determinized copies, so reading the copy's fields
reveals nothing.
"""

from __future__ import annotations

from .tables import (BASKETS, BUILDABLE, BUTTERFLIES, BUY, DECLINE, FLOW_PATH, FOREST, HEIGHT_OF, ITEM_COST, ITEMS,
                     LAVA_MOVE, MOUNTAIN, N_DISCS, N_KINDS, N_SECTIONS, NAUTILUS, NO_RAISE, P_LAVA, P_PICK, P_SHAMAN,
                     P_STATUE, P_TURN, PASS, PEARL_B, PEARL_W, PLACE, PRIESTESS, RAISE, SC_BUTTERFLY, SC_FOREST,
                     SC_MAJORITY, SC_MOUNTAIN, SC_SECTION, SECTION_OF, SECTION_SPACES, SHAMAN, SPACE_INDEX,
                     SPACE_NAMES, STATUE, STATUE_POINTS, STAY, TAKE, WALKABLE)

POINT = 1.0               # a point already scored
SHAMAN_SPOT = 0.45        # per height of a free space under one's own shaman
SUPPLY = 0.15             # a statue still to build
SHELL_RESERVE = 0.6       # a kept shell beyond its end value, while cards can be bought
BEACH_LEAD = 0.25         # per point of card value a leading sum on a beach may take

# What a card is worth to its taker, roughly, in points (for beaches and the pick).
CARD_VALUE = (1.2, 1.4, 1.6, 2.0, 2.4, 2.0, 1.2, 2.5, 1.5, 2.2, 0.6, 0.0)


def _burned(state) -> set:
    """The statues the next eruption would burn as things stand (E-3, E-4)."""
    burned: set[int] = set()
    if not state.eruption:
        return burned
    statues = state.statues
    shamans = state.shamans
    for s in range(N_SECTIONS):
        flows = state.craters[s]
        if not flows:
            continue
        for sp in FLOW_PATH[s]:
            if flows == 0:
                break
            if statues[sp] >= 0 and sp != shamans[0] and sp != shamans[1]:
                burned.add(sp)
                flows -= 1
    return burned


def _side(state, p: int, burned: set, terrain: list) -> float:
    q = 1 - p
    statues = state.statues
    round_one = state.round == 1
    scorings_left = 2 if round_one else 1
    value = POINT * state.scores[p]
    # Statues (S-11) and the statue score cards (S-15).
    mine = [0, 0, 0, 0, 0]
    for sp in BUILDABLE:
        if statues[sp] == p and sp not in burned:
            mine[HEIGHT_OF[sp]] += 1
            value += STATUE_POINTS[HEIGHT_OF[sp]] * scorings_left
    owners = state.owners
    cards = 0.0
    if owners[SC_FOREST] == p:
        cards += 2 * mine[2]
    if owners[SC_MOUNTAIN] == p:
        cards += 3 * mine[3]
    if owners[SC_MAJORITY] == p:
        cards += 2 * sum(1 for h in (1, 2, 3) if mine[h] > terrain[q][h])
    if owners[SC_SECTION] == p:
        cards += 4 * sum(1 for s in range(N_SECTIONS)
                         if all(statues[sp] == p and sp not in burned for sp in SECTION_SPACES[s]))
    base = N_KINDS * p
    c = state.collections
    if owners[SC_BUTTERFLY] == p:
        cards += sum(c[base + k] * BUTTERFLIES[k] for k in range(NAUTILUS + 1))
    value += cards
    # Collections (S-12 to S-14), counted for every scoring still to come.
    baskets = sum(c[base + k] * BASKETS[k] for k in range(5))
    theirs = sum(c[N_KINDS * q + k] * BASKETS[k] for k in range(5))
    if baskets > theirs:
        value += 3 * scorings_left
    elif baskets == theirs and baskets:
        value += 0.5 * scorings_left
    pearls = 4 if c[base + PEARL_B] and c[base + PEARL_W] else 2 if c[base + PEARL_B] else (
        1 if c[base + PEARL_W] else 0)
    value += pearls * scorings_left
    value += 3 * c[base + NAUTILUS]
    # Shells (S-16) and what they may still buy.
    shells = state.shells[p]
    value += shells * (1 + SHELL_RESERVE * (1 if any(o < 0 for o in owners) else 0))
    # Means: statues to build, and a shaman on a good free spot.
    value += SUPPLY * state.supply[p]
    spot = state.shamans[p]
    if WALKABLE[spot] and statues[spot] < 0 and state.supply[p]:
        value += SHAMAN_SPOT * HEIGHT_OF[spot]
    # Beaches: a leading sum where cards wait may bring them.
    sums = state.sums
    slots = state.slots
    for s in range(N_SECTIONS):
        mine_sum = sums[N_SECTIONS * p + s]
        if mine_sum and mine_sum > sums[N_SECTIONS * q + s]:
            best = max((CARD_VALUE[k] for k in (slots[2 * s], slots[2 * s + 1]) if k >= 0),
                       default=0.0)
            value += BEACH_LEAD * best
    return value


def _terrain(state, burned) -> list:
    """Each player's standing statues, counted by height."""
    terrain = [[0] * 5, [0] * 5]
    statues = state.statues
    for sp in BUILDABLE:
        owner = statues[sp]
        if owner >= 0 and sp not in burned:
            terrain[owner][HEIGHT_OF[sp]] += 1
    return terrain


def evaluations(state) -> list:
    """Every player's ``evaluate``, each side valued once."""
    burned = _burned(state)
    terrain = _terrain(state, burned)
    first, second = _side(state, 0, burned, terrain), _side(state, 1, burned, terrain)
    return [first - second, second - first]


def evaluate(state, player: int) -> float:
    """Higher is better for ``player``; roughly in points."""
    return evaluations(state)[player]


# -- a cheap policy for simulations --------------------------------------------------------------------

EXPLORE = 0.1             # share of random moves, to keep simulations varied
DISC_ON_THE_BOAT = 0.2    # a disc left on the departure beach is out of play for a while
INVOKE_COST = 0.3         # the invocation disc away from the reserve
BUY_THRESHOLD = (0.5, 0.9)   # per shell: below this a purchase is not worth a shell (round 1, 2)


def _card_worth(state, p: int, kind: int) -> float:
    """What one card is worth to ``p`` now, roughly in points."""
    if kind < 0:
        return 0.0
    if kind == STATUE:
        spot = state.shamans[p]
        if WALKABLE[spot] and state.statues[spot] < 0 and state.supply[p]:
            return 1.0 + 1.5 * HEIGHT_OF[spot]
        return 0.0
    if kind == PRIESTESS:
        return 0.8 if any(state.craters) else 0.1
    return CARD_VALUE[kind]


def _section_worth(state, p: int, s: int) -> float:
    slots = state.slots
    return max(_card_worth(state, p, slots[2 * s]), _card_worth(state, p, slots[2 * s + 1]))


def _arrival_gain(state, p: int, s: int, extra_beach: int = -1, extra: int = 0) -> float:
    """What the distribution in ``s`` would bring ``p`` (positive) or the
    opponent (negative), counting a disc of value ``extra`` about to be put
    on ``extra_beach``."""
    sums = state.sums
    mine = sums[N_SECTIONS * p + s] + (extra if extra_beach == s else 0)
    theirs = sums[N_SECTIONS * (1 - p) + s]
    if mine > theirs:
        return _section_worth(state, p, s)
    if theirs > mine:
        return -_section_worth(state, 1 - p, s)
    return 0.0


def _best_turn_moves(state, p: int, moves: list) -> list:
    """H-2: sail where the distribution favours us, take the lead on beaches
    with good cards, take back discs that lead nowhere."""
    boat = state.boat
    sums = state.sums
    best, best_value = [], None
    for move in moves:
        code = move.code
        if code == PLACE:
            v, b = move.a, move.b
            if b == boat:                                    # action 1b
                value = _arrival_gain(state, p, (boat + v) % N_SECTIONS, b, v) - DISC_ON_THE_BOAT
                if move.invoke:
                    value -= INVOKE_COST
            else:                                            # action 1a
                mine = sums[N_SECTIONS * p + b]
                theirs = sums[N_SECTIONS * (1 - p) + b]
                takes_lead = mine <= theirs < mine + v
                value = (0.5 * _section_worth(state, p, b) if takes_lead else 0.0) - 0.05 * v
        elif code == TAKE:                                   # action 2
            b = state.discs[N_DISCS * p + move.a - 1]
            useless = sums[N_SECTIONS * p + b] <= sums[N_SECTIONS * (1 - p) + b]
            value = 0.2 if useless else -0.4
        else:                                                # action 3
            value = _arrival_gain(state, p, (boat + 1) % N_SECTIONS)
        if best_value is None or value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best


def _spot_value(state, move) -> int:
    """A shaman spot: as high as possible, a step lower under a loaded crater."""
    return HEIGHT_OF[move.a] - (1 if state.craters[move.a // 5] else 0)


def _lava_value(state, p: int, move) -> float:
    """Statue points a lava move takes from ``p``'s side of the next eruption."""
    if move.code != LAVA_MOVE:
        return 0.0
    value = 0.0
    for s, sign in ((move.a, 1.0), (move.b, -1.0)):
        for sp in FLOW_PATH[s]:
            owner = state.statues[sp]
            if owner >= 0 and sp != state.shamans[0] and sp != state.shamans[1]:
                points = STATUE_POINTS[HEIGHT_OF[sp]]
                value += sign * (points if owner == p else -points)
                break
    return value


def _item_value(state, p: int, item: int, terrain: list) -> float:
    """What a score card would score at the next scoring as things stand."""
    if item == SC_BUTTERFLY:
        return 1.0 + state.butterflies(p)
    if item == SC_MAJORITY:
        return 2.0
    if item == SC_SECTION:
        return 1.5
    if item == SC_FOREST:
        return 2.0 * terrain[FOREST]
    if item == SC_MOUNTAIN:
        return 3.0 * terrain[MOUNTAIN]
    return 0.8 if any(state.craters) else 0.0               # BOARD_PRIESTESS


def rollout_move(state, player: int, rng):
    """A sensible cheap move for ``player`` in ``state`` (a determinized copy)."""
    moves = state.legal_moves(player)
    if len(moves) == 1 or rng.random() < EXPLORE:
        return rng.choice(moves)
    phase = state.phase
    if phase == P_TURN:
        return rng.choice(_best_turn_moves(state, player, moves))
    if phase == P_SHAMAN:
        free = [m for m in moves if m.code == SHAMAN and state.statues[m.a] < 0]
        if not free or not state.supply[player]:
            return rng.choice(moves)
        top = max(_spot_value(state, m) for m in free)
        return rng.choice([m for m in free if _spot_value(state, m) == top])
    if phase == P_PICK:
        boat = state.boat
        worth = [_card_worth(state, player, state.slots[2 * boat + k]) for k in (0, 1)]
        return moves[0] if worth[0] >= worth[1] else moves[1]
    if phase == P_LAVA:
        return max(moves, key=lambda m: _lava_value(state, player, m))
    if phase == P_STATUE:
        # H-41: a statue scores at each scoring it survives, and the shaman
        # standing on it guards it from the lava (E-3) while it stays.
        return next(m for m in moves if m.code == RAISE)
    # A purchase (H-44): the item that scores most per shell, if worth a shell.
    terrain = [0, 0, 0, 0, 0]
    for sp in BUILDABLE:
        if state.statues[sp] == player:
            terrain[HEIGHT_OF[sp]] += 1
    best, best_value = moves[0], BUY_THRESHOLD[state.round - 1]
    for move in moves[1:]:
        value = _item_value(state, player, move.a, terrain) / ITEM_COST[move.a]
        if value > best_value:
            best, best_value = move, value
    return best


# -- why a move is good, in words (the lesson's suggestions) ----------------------

def reasons(state, player: int, move) -> list:
    """What ``move`` gains ``player``, each as ``{"key", "params"}`` for the
    page's words: a beach led (its sums, H-24), where the boat lands and who
    takes the cards there (H-21 to H-23), cards taken, a statue raised
    (H-41), a rival's statue burned, a scoring's points, the shaman on a
    ground whose statues score more (S-11), lava moved (H-42). When the move
    wins nothing of that, what it keeps: the shaman's place, the shells, a
    statue for a better space. Computed on ``state``, a determinized copy of
    what ``player`` sees: only what the move does in public is said."""
    rival = 1 - player
    before = state.clone()
    events = state.apply(player, move)
    why: list = []
    for event in events:
        key, params = event["key"], event.get("params", {})
        mover = event.get("player")
        if key == "haleakala.place" and mover == player:
            beach = params["beach"]
            mine, theirs = state.sums[6 * player + beach], state.sums[6 * rival + beach]
            lead = "why.haleakala.lead" if mine > theirs else "why.haleakala.beach"
            why.append({"key": lead, "params": {"beach": beach, "mine": mine, "theirs": theirs}})
        elif key == "haleakala.take_back" and mover == player:
            why.append({"key": "why.haleakala.take_back", "params": {"value": params["value"]}})
        elif key in ("haleakala.sail", "haleakala.sail_invoke", "haleakala.row") and mover == player:
            why.append(_landing(before, player, params["section"]))
        elif key == "haleakala.summon":
            why.append({"key": "why.haleakala.summon", "params": {}})
        elif key == "haleakala.take_card" and mover == player:
            why.append({"key": "why.haleakala.card", "params": {"card": params["card"]}})
        elif key == "haleakala.statue" and mover == player:
            why.append({"key": "why.haleakala.statue", "params": {"space": params["space"],
                                                                  "points": HEIGHT_OF[SPACE_INDEX[params["space"]]]}})
        elif key == "haleakala.burn" and event.get("params", {}).get("owner", rival) == rival:
            why.append({"key": "why.haleakala.burn", "params": {"space": params["space"]}})
        elif key == "haleakala.score" and mover == player and params.get("points"):
            why.append({"key": "why.haleakala.score", "params": {"points": params["points"]}})
        elif key == "haleakala.shaman" and mover == player:
            # S-11: a statue scores by its ground, meadow 1, forest 2, mountain 3.
            height = HEIGHT_OF[SPACE_INDEX[params["space"]]]
            start = HEIGHT_OF[SPACE_INDEX[params["start"]]] if params.get("start") in SPACE_INDEX else 0
            why.append({"key": "why.haleakala.shaman_up" if height > start else "why.haleakala.shaman",
                        "params": {"space": params["space"], "points": height}})
    if not why:
        why += _keeps(before, player, move)
    return why[:3]


def _landing(before, player: int, section: int) -> dict:
    """Where the boat lands, and who takes the cards there (H-21 to H-24):
    the sums on that beach before the move."""
    mine, theirs = before.sums[6 * player + section], before.sums[6 * (1 - player) + section]
    params = {"section": section, "mine": mine, "theirs": theirs}
    if mine and mine > theirs:
        return {"key": "why.haleakala.land_first", "params": params}
    if mine:
        return {"key": "why.haleakala.land_second", "params": params}
    if theirs:
        return {"key": "why.haleakala.land_rival", "params": params}
    return {"key": "why.haleakala.land_empty", "params": params}


def _keeps(before, player: int, move) -> list:
    """The reason of a move that changes nothing on the board: the shaman
    kept where it stands (H-8), the shells kept (H-44, S-16), a statue kept
    for a better space (H-41), a score card bought (S-15), lava moved or left
    (H-42)."""
    code = move.code
    if code == STAY:
        return [{"key": "why.haleakala.stay", "params": {"space": SPACE_NAMES[before.shamans[player]]}}]
    if code == PASS:
        return [{"key": "why.haleakala.keep_shells", "params": {}}]
    if code == NO_RAISE:
        return [{"key": "why.haleakala.noraise", "params": {}}]
    if code == BUY:
        item = ITEMS[move.a]
        if item == "BOARD_PRIESTESS":
            return [{"key": "why.haleakala.buy_priestess", "params": {}}]
        return [{"key": "why.haleakala.buy", "params": {"item": item}}]
    if code == LAVA_MOVE:
        def statues(section: int, owner: int) -> int:
            return sum(1 for sp in BUILDABLE if SECTION_OF[sp] == section and before.statues[sp] == owner)
        if statues(move.a, player):
            return [{"key": "why.haleakala.lava_away", "params": {"crater": move.a, "to": move.b}}]
        if statues(move.b, 1 - player):
            return [{"key": "why.haleakala.lava_toward", "params": {"crater": move.a, "to": move.b}}]
        return [{"key": "why.haleakala.lava", "params": {"crater": move.a, "to": move.b}}]
    if code == DECLINE:
        return [{"key": "why.haleakala.decline", "params": {}}]
    return []
