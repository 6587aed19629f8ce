"""Advice for the bots about Kahuna positions (``Kahuna.hints``).

``evaluate(state, player)`` values an unfinished position for ``player``:
points already scored, islands controlled (what the next scoring counts),
progress towards majorities, bridges on the board (the last tie-break and the
guard against a wipe-out) and cards in hand (the freedom to act). Bots call it
only on determinized copies, so reading the copy's fields reveals nothing.
"""

from __future__ import annotations

from .tables import DRAW, HIDE, ISLANDS, LINE_ENDS, LINE_NAMES, LINKS_AT, N_ISLANDS, NEEDED_AT, PLACE, REMOVE, SKIP, TAKE

POINT = 10.0          # a point already scored
ISLAND = 3.0          # an island controlled now
PROGRESS = 1.2        # a full majority's worth of bridges not yet converted
BRIDGE = 0.15         # a bridge on the board
CARD = 0.25           # a card in hand

# For the tree search: moves played at random before a position is valued
# with ``evaluate`` (ten actions are two or three turns), and the evaluation
# units of a clear advantage (one point).
ROLLOUT_DEPTH = 10
EVAL_SCALE = POINT


def _side(state, player: int) -> float:
    bridges = state.bridges
    base = N_ISLANDS * player
    other = N_ISLANDS * (1 - player)
    value = 0.0
    for island in range(N_ISLANDS):
        mine = bridges[base + island]
        needed = NEEDED_AT[island]
        if mine >= needed:
            value += ISLAND
        elif bridges[other + island] < needed:
            value += PROGRESS * mine / needed
    value += BRIDGE * state.on_board[player]
    value += CARD * state.hand_sizes[player]
    value += POINT * state.scores[player]
    return value


def evaluations(state) -> list:
    """Every player's ``evaluate``, each side valued once."""
    first, second = _side(state, 0), _side(state, 1)
    return [first - second, second - first]


def evaluate(state, player: int) -> float:
    return evaluations(state)[player]


# -- why a move is good, in words (the lesson's suggestions) ----------------------

def _free_lines(state, island: int) -> int:
    return sum(1 for line, _ in LINKS_AT[island] if state.owner[line] < 0)


def reasons(state, player: int, move) -> list:
    """What ``move`` gains ``player``, each as ``{"key", "params"}`` for the
    page's words: islands taken (KH-13) and the bridges they sweep, a
    majority broken (KH-17), a rival shut out of an island, progress towards
    a majority, a scoring's points (SC-2, SC-7), a card kept. When the move
    wins nothing of that, what it keeps: a bridge on the board (the last
    tie-break, D-3), room for a new card (KH-22), the hand for a later turn
    (KH-19). Computed on ``state``, a determinized copy of what ``player``
    sees: only what the move does in public is said."""
    rival = 1 - player
    before = state.clone()
    events = state.apply(player, move)
    why: list = []
    for event in events:
        key, params = event["key"], event.get("params", {})
        if key == "kahuna.control" and event.get("player") == player:
            why.append({"key": "why.kahuna.take_island", "params": {"island": params["island"]}})
        elif key == "kahuna.strip":
            why.append({"key": "why.kahuna.sweep", "params": {"line": params["line"]}})
        elif key == "kahuna.marker_lost" and event.get("player") == rival:
            why.append({"key": "why.kahuna.break_island", "params": {"island": params["island"]}})
        elif key == "kahuna.scoring" and params["points"][player]:
            why.append({"key": "why.kahuna.score", "params": {"points": params["points"][player],
                                                               "round": params["round"]}})
    if move.code in (PLACE, REMOVE) and not any(r["key"] in ("why.kahuna.take_island", "why.kahuna.break_island")
                                       for r in why):
        for island in LINE_ENDS[move.line]:
            name = ISLANDS[island]
            needed = NEEDED_AT[island]
            theirs = before.bridges[N_ISLANDS * rival + island]
            if (move.code == PLACE and theirs < needed <= theirs + _free_lines(before, island)
                    and theirs + _free_lines(state, island) < needed):
                why.append({"key": "why.kahuna.shut_out", "params": {"island": name}})
            mine = state.bridges[N_ISLANDS * player + island]
            if move.code == PLACE and mine < needed and mine + _free_lines(state, island) >= needed:
                why.append({"key": "why.kahuna.progress",
                            "params": {"island": name, "count": mine, "needed": needed}})
    if move.code == PLACE and not why:
        why.append({"key": "why.kahuna.bridge", "params": {"line": LINE_NAMES[move.line]}})
    if move.code == REMOVE and not why:
        why.append({"key": "why.kahuna.remove", "params": {"line": LINE_NAMES[move.line]}})
    if move.code == TAKE and not why:
        card = before.display[move.slot]
        mine = before.bridges[N_ISLANDS * player + card]
        if 0 < mine < NEEDED_AT[card] and mine + _free_lines(before, card) >= NEEDED_AT[card]:
            why.append({"key": "why.kahuna.card_for", "params": {"card": ISLANDS[card], "count": mine,
                                                                 "needed": NEEDED_AT[card]}})
    if move.code in (DRAW, TAKE) and not why:
        why.append({"key": "why.kahuna.card", "params": {}})
    if move.code == HIDE:                                                # KH-22
        why.append({"key": "why.kahuna.hide", "params": {"card": ISLANDS[move.cards[0]]}})
    if move.code == SKIP and not why:                                    # KH-19, KH-28
        why.append({"key": "why.kahuna.skip_final" if before.in_final_phase() else "why.kahuna.skip", "params": {}})
    return why[:3]
