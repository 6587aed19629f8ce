"""Advice for the bots about Moai positions (``Moai.hints``).

``evaluate(state, player)`` values a position for ``player`` in prestige
points (M-41), as a margin over the best other clan:

* prestige already earned: Moai heights, living pieces, 2 per wood in stock;
* statues in progress: each of his volcano spaces is worth part of the tile it
  could become (the tallest one the supply still offers for its height, C-6),
  less the wood that carries it;
* the coming famine: pieces the fields and boats cannot feed (M-27) are
  likely to die, unless a Raid card saves them;
* the means to grow: Rapa Nui cards (two make a birth, M-36), built boats
  (food every round), a wood token he is alone to claim in the forest;
* a disaster under way (C-5): the loss its victim is about to suffer, and
  while the taker has still to name one, the loss he will deal to the clan
  that stands best against him.

``rollout_move(state, player, rng)`` is a cheap policy for simulations that
plays like a sensible beginner: modest bids, field first when the clan would
starve, strong pieces on the volcano, every statue carved when wood allows,
every birth taken, boats built, raids made.

``sensible_moves(state, player, moves)`` drops the one blunder the rules
allow and no player makes: naming one's own clan as a disaster's victim
(C-5.0a, A-27) while another clan can be named. Whatever the disaster, the
other clan suffers it instead of him, or it strikes nobody.

Bots call all three only on determinized copies, so reading the copy's fields
reveals nothing.
"""

from __future__ import annotations

from .tables import (BOAT, BOAT0, CARD_TYPE, CARVE, EFFECT, FIELD0, FIRE_LOSS, FX_BURN, FX_EPI, FX_FIRE, FX_TOPPLE,
                     FX_WAR, KILL, LOSE, MAX_HEIGHT, MOAI_HEIGHTS, N_FOREST, SINK, TILES_OF_HEIGHT, VICTIM,
                     VOLCANO0)

# Evaluation units are prestige points; a margin this large is a clear advantage.
EVAL_SCALE = 8.0
# Rollout moves before the evaluation takes over: about one round with three
# clans. Twice as many cost twice the time and, in matches between searches of
# equal iterations, won no more games.
ROLLOUT_DEPTH = 30
# The review's analysis asks the expert this many iterations at each
# decision (``pygame_core.review``), not the 300 of the other games: a Moai
# iteration plays thirty moves, and a game of five clans has some 450
# decisions; with 100 the longest is analysed within a minute in a browser
# (``bench/review.py``); its marks are those of 300 at 88% of the
# decisions, its errors mostly the same (``docs/review.md``).
ANALYSIS_ITERATIONS = 100

STATUE_SHARE = 0.6      # of the tile a volcano space could become
WOOD_COST = 2.0         # a wood spent on a statue no longer scores 2
UNFED = 0.8             # a piece the fields and boats cannot feed
RAID_RESCUE = 0.6       # of an unfed piece, per Raid card in hand
CARD = 0.35             # a Rapa Nui card (half a birth, a bid)
BOAT_VALUE = 1.5        # a built boat: food for every coming round
FOREST_CLAIM = 1.5      # a wood token he alone stands next to


def _tile_height(supply, h: int) -> int:
    for height in range(min(h, MAX_HEIGHT), 1, -1):
        for t in TILES_OF_HEIGHT[height]:
            if supply[t]:
                return height
    return 0


def _value(state, p: int) -> float:
    value = float(state.score(p))
    if state.over:
        return value
    v = state.volcano
    supply = state.msupply
    wood = state.stock[p]
    statues = []
    for i in range(0, len(v), 7):
        if v[i] == p and (i // 7) not in state.carved:
            h = v[i + 1] + 2 * v[i + 2] + 3 * v[i + 3] + v[i + 4] + 2 * v[i + 5] + 3 * v[i + 6]
            statues.append(_tile_height(supply, h))
    statues.sort(reverse=True)
    for k, height in enumerate(statues):
        if height:
            share = STATUE_SHARE if k < wood else STATUE_SHARE / 2
            value += share * (height - WOOD_COST)
    pieces = state.on_board(p)
    food = state.food(p)
    if pieces > food:
        unfed = pieces - food
        raids = state.hands[4 * p + 3]
        value -= UNFED * unfed - RAID_RESCUE * UNFED * min(unfed, raids)
    value += CARD * state.hand_size(p)
    value += BOAT_VALUE * sum(1 for owner in state.boat_owner if owner == p)
    n = state.players
    f = state.forest
    for sp in range(N_FOREST):
        if state.forest_wood[sp]:
            here = [q for q in range(n) if any(f[6 * (n * sp + q):6 * (n * sp + q + 1)])]
            if here == [p]:
                value += FOREST_CLAIM
    return value


PIECE_LOSS = 1.5         # a piece sent to the reserve: its point and its work


def _harm(state, card: int, q: int) -> float:
    """What the clan disaster ``card`` would cost clan ``q`` now (C-5)."""
    effect = EFFECT[card]
    if effect == FX_FIRE:                                          # D-FIRE(k)
        return 2.0 * min(FIRE_LOSS[card], state.stock[q])
    if effect == FX_BURN:                                          # D-BOAT
        return BOAT_VALUE if q in state.boat_owner else 0.0
    if effect == FX_EPI or effect == FX_WAR:                       # D-EPI, D-WAR
        return PIECE_LOSS if state.on_board(q) or state.camp_size(q) else 0.0
    if effect == FX_TOPPLE:                                        # D-TOPPLE
        return float(max((MOAI_HEIGHTS[t >> 1] for t in state.tiles[q]), default=0))
    return 0.0


def _values(state) -> list:
    """Every clan's value, with the disaster under way taken into account: a
    victim named loses what it is about to lose; a taker who has still to name
    one strikes the clan with the highest value but his own."""
    n = state.players
    values = [_value(state, q) for q in range(n)]
    if state.over:
        return values
    phase = state.phase
    if phase == LOSE or phase == KILL:
        values[state.victim] -= PIECE_LOSS
    elif phase == SINK:
        values[state.victim] -= BOAT_VALUE
    elif phase == VICTIM:
        taker = state.taker
        target = max((q for q in range(n) if q != taker), key=lambda q: values[q])
        values[target] -= _harm(state, state.card, target)
    return values


def evaluate(state, player: int) -> float:
    """``player``'s value less the best other clan's (prestige points)."""
    return evaluations(state)[player]


def evaluations(state) -> list:
    """Every clan's ``evaluate``, the clans valued once."""
    values = _values(state)
    n = state.players
    return [values[p] - max(values[q] for q in range(n) if q != p) for p in range(n)]


def sensible_moves(state, player: int, moves: list) -> list:
    """C-5.0a: never name oneself as a disaster's victim when another clan
    can be named."""
    if moves[0].kind == "victim" and len(moves) > 1:
        return [m for m in moves if m.args[0] != player]
    return moves


# -- a cheap policy for simulations -------------------------------------------------------

def _best_place(state, p: int, moves: list, hungry: bool, draws: list):
    """The placement a sensible beginner likes best among ``moves`` (a
    strength ``s + 1`` piece at ``loc``), a random draw added to each liking."""
    wood = state.forest_wood
    v = state.volcano
    best, top = None, None
    for m, draw in zip(moves, draws):
        s, loc = m.args
        strength = s + 1
        if loc < FIELD0:
            liking = (2.0 if wood[loc] else 0.2) + 0.1 * (3 - strength)
        elif loc < VOLCANO0:
            liking = (3.0 + strength if hungry else 0.5) + (0.5 if loc >= BOAT0 else 0.0)
        else:
            i = 7 * (loc - VOLCANO0)
            own = i < len(v) and v[i] == p
            liking = 1.5 + 0.4 * strength + (1.0 if own else 0.0)
        score = liking + draw
        if top is None or score > top:
            best, top = m, score
    return best


def rollout_move(state, player: int, rng):
    moves = state.legal_moves(player)
    if len(moves) == 1:
        return moves[0]
    kind = moves[0].kind
    if kind == "bid":
        small = [m for m in moves if sum(m.args) <= 1]
        return rng.choice(small or moves)
    if kind == "place":
        hungry = state.on_board(player) + state.camp_size(player) > state.food(player)
        return _best_place(state, player, moves, hungry, rng.randoms(len(moves)))
    if kind == "pass":
        return moves[0]
    if kind == "carve":
        for m in moves:
            if m.kind == "carve" and not m.args[1] and state.stock[player]:
                return m
        return moves[-1]
    if kind == "raid":
        return moves[0]
    if kind == "birth" or kind == "done":
        for m in moves:
            if m.kind == "birth":
                return m
        for m in moves:
            if m.kind == "build":
                return m
        return moves[0]
    if kind == "victim":
        others = [m for m in moves if m.args[0] != player]
        return max(others, key=lambda m: state.score(m.args[0]) + rng.random())
    if kind in ("starve", "lose"):
        # The weakest piece, face-down ones last (they keep their secret).
        return min(moves, key=lambda m: (m.args[2], m.args[3], rng.random()))
    if kind == "kill":
        return max(moves, key=lambda m: (m.args[2], rng.random()))
    if kind == "take":
        def card_value(m):
            c = m.args[0]
            return (CARD_TYPE[c] == BOAT) * 1.0 + rng.random()
        return max(moves, key=card_value)
    return rng.choice(moves)


__all__ = ["evaluate", "evaluations", "rollout_move", "sensible_moves", "EVAL_SCALE", "ROLLOUT_DEPTH"]


# -- why a move is good, in words (the lesson's suggestions) ----------------------

def reasons(state, player: int, move) -> list:
    """What ``move`` gains ``player``, each as ``{"key", "params"}`` for the
    page's words: an early place in the turn order (M-4), food in the fields
    and on the boats (M-27), a claim on a forest's wood (M-20), metres for a
    Moai (M-23), a Moai carved and its height in points (M-23, M-41), a birth
    (M-36), a boat built (M-37), a piece saved from hunger by a raid (M-30).
    When the move wins nothing of that, what it keeps: the cards in hand, the
    pieces in place, the stronger pieces after a loss. Computed on ``state``,
    a determinized copy of what ``player`` sees: only what the move does in
    public is said."""
    before = state.clone()
    shape = move.to_dict()
    kind = shape["kind"]
    events = state.apply(player, move)
    # What follows from it by itself (a Moai carved, a birth, a boat, wood
    # won) comes after what the move itself does.
    follows: list = []
    for event in events:
        key, params = event["key"], event.get("params", {})
        mover = event.get("player")
        if key == "moai.carve" and mover == player:
            follows.append({"key": "why.moai.carve", "params": {"height": params["tile_height"]}})
        elif key == "moai.birth" and mover == player:
            follows.append({"key": "why.moai.birth", "params": {"strength": params["strength"]}})
        elif key == "moai.build" and mover == player:
            follows.append({"key": "why.moai.build", "params": {}})
        elif key == "moai.award" and params.get("player", mover) == player:
            follows.append({"key": "why.moai.wood", "params": {}})
        elif key == "moai.kill" and mover == player:
            follows.append({"key": "why.moai.kill", "params": {"victim": params["victim"],
                                                            "strength": params["strength"]}})
    why: list = []
    if kind == "place":
        zone, space, strength = shape["zone"], shape["location"], shape["strength"]
        if zone in ("fields", "ocean"):                                  # M-27
            why.append({"key": "why.moai.food", "params": {"strength": strength}})
        elif zone == "forest":                                           # M-13, M-20
            wood = before.forest_wood[int(space[1:]) - 1]
            why.append({"key": "why.moai.forest" if wood else "why.moai.forest_later",
                        "params": {"space": space, "strength": strength}})
        elif zone == "volcano":                                          # M-15, M-23
            why.append({"key": "why.moai.volcano", "params": {"space": space, "strength": strength}})
    elif kind == "bid":                                                  # M-3, M-4
        why.append({"key": "why.moai.bid", "params": {"value": shape["value"]}} if shape["value"]
                   else {"key": "why.moai.bid_none", "params": {}})
    elif kind == "take":
        why.append({"key": "why.moai.epoch", "params": {}})
    elif kind == "raid":
        why.append({"key": "why.moai.raid", "params": {}})
    why += follows
    if not why:
        why += _keeps(before, player, move, shape)
    return why[:3]


def _keeps(before, player: int, move, shape: dict) -> list:
    """The reason of a move that wins nothing by itself: who a disaster
    strikes (M-8), the weakest piece given up (M-29, D-EPI), the order of a
    tie (M-4), a piece rested for the next round (M-34), the cards or the
    pieces kept for later."""
    kind = shape["kind"]
    if kind == "rank":
        return [{"key": "why.moai.rank", "params": {}}]
    if kind == "victim":
        victim = shape["player"]
        return [{"key": "why.moai.victim_self" if victim == player else "why.moai.victim",
                 "params": {"victim": victim}}]
    if kind == "erode":
        return [{"key": "why.moai.erode", "params": {"space": shape["field"]}}]
    if kind in ("lose", "starve"):
        weakest = min(m.to_dict()["piece"]["strength"] for m in before.legal_moves(player)
                      if m.to_dict()["kind"] == kind)
        if shape["piece"]["strength"] == weakest:
            return [{"key": "why.moai.weakest", "params": {"strength": weakest}}]
        return [{"key": "why.moai.spared", "params": {"strength": shape["piece"]["strength"]}}]
    if kind == "sink":
        return [{"key": "why.moai.sink", "params": {}}]
    if kind == "rest":                                                   # M-34
        return [{"key": "why.moai.rest", "params": {}}]
    if kind == "swap":                                                   # M-17
        return [_swap_reason(before, shape["pieces"])]
    if kind == "pass":
        return [{"key": "why.moai.pass", "params": {}}]
    if kind == "carve":                                                  # M-23: abandoned
        return [{"key": "why.moai.abandon", "params": {"space": shape["space"]}}]
    if kind == "award":
        return [{"key": "why.moai.award", "params": {"winner": shape["player"]}}]
    if kind == "done":
        step = "carve" if before.phase == CARVE else "cards"
        return [{"key": f"why.moai.done_{step}", "params": {}}]
    return []


def _swap_reason(before, pieces: list) -> dict:
    """What a swap gains: the stronger piece moved to the fields or a boat
    (food), to a forest space with wood, or to the volcano."""
    first, second = pieces
    for moved, other in ((first, second), (second, first)):
        gain = moved["strength"] - other["strength"]
        if gain <= 0:
            continue
        zone, space = other["zone"], other["location"]
        if zone in ("fields", "ocean"):
            return {"key": "why.moai.swap_food", "params": {"strength": gain}}
        if zone == "forest" and before.forest_wood[int(space[1:]) - 1]:
            return {"key": "why.moai.swap_forest", "params": {"space": space}}
        if zone == "volcano":
            return {"key": "why.moai.swap_volcano", "params": {"space": space, "strength": gain}}
    return {"key": "why.moai.swap", "params": {}}
