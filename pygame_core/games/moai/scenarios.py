"""The spec's scenarios (``docs/rules/moai.md``, section 8): a position
written the way a scenario is, built through the state's public face and
checked by ``CODEC``, for the tests, the lessons and the rules' pictures.
"""

from __future__ import annotations

from typing import Any

from typing import TYPE_CHECKING

from ...engine import Rng
from .codec import CODEC
from .tables import (COVERED_FIELDS, DECK_COMPOSITION, DISASTER_TOKENS, EPOCH_IDS, FIELD0, KIND_NAMES,
                     KIND_OF, LETTERS, N_FIELDS, N_FOREST, OPTIONS, PER_STRENGTH, RN_KIND, TILE_IDS,
                     WOOD_TOKENS, parse_loc)

if TYPE_CHECKING:
    from .state import MoaiState


def from_position(cls, players: int = 3, options=None, round: int = 1, phase: str = "bid",
                  final_round: bool = False, order=None, bird_man: int = 0, current: int = 0,
                  ranking=None, pending=None, hands=None, bids=None, bid_status=None,
                  deck=None, discard=None, epoch_deck=None, display=None, taken=None,
                  removed=None, set_aside=None, admiral_aside=None, boats=None,
                  stocks=None, forest_wood=None, wood_supply=None, fields=None,
                  tiles=None, toppled=None, camps=None, known_camps=None, reserve=None,
                  forest=None, volcano=None, carved=None, seed=0) -> "MoaiState":
    """A position written the way the spec's scenarios are (section 8).

    Seats are ints or colour letters. Cards are kinds (``"3"``, ``"R"``) or
    the spec's ids (``"RN25"``). ``hands``, ``bids``, ``camps``, ``stocks``
    and ``tiles`` map a seat to its contents; ``fields`` maps ``"F1"`` to a
    piece like ``"R3"`` (face up) or ``"X"`` (covered) on top of the S-4
    covering; ``forest`` maps ``"S1"`` to pieces (``"R2fd"`` face down);
    ``volcano`` lists the spaces' pieces (``[]`` a free space); ``boats`` maps
    a boat card to ``"R"`` (empty) or ``"R2"`` (carrying a 2).

    Defaults: a camp not given holds the S-7 camp (3 of each strength)
    when the clan has no piece on the board, else nothing; the reserve holds
    the rest. Rapa Nui cards not placed go to the deck (when ``deck`` is
    None, in kind order) or else the discard pile; epoch cards not placed
    go to the epoch deck (when None, epoch 1 on top, in id order) or else
    are removed. Wood not placed is in the supply; disaster tokens not on
    fields are in the supply; tiles not held or toppled are in the supply.

    ``phase="start"`` is the moment before M-1 of ``round``: the position is
    built with an empty display, then the round starts (M-1 reveal, M-2
    palms, M-3 bids) as it does in play.
    """
    n = players
    start = phase == "start"
    if start:
        phase = "bid"
    seat = _seat_of
    options = dict(options or {})
    hands = {seat(k): v for k, v in (hands or {}).items()}
    bids = {seat(k): v for k, v in (bids or {}).items()}
    camps = {seat(k): v for k, v in (camps or {}).items()} if camps is not None else {}
    known_camps = {seat(k): v for k, v in (known_camps or {}).items()}
    stocks = {seat(k): v for k, v in (stocks or {}).items()}
    tiles = {seat(k): v for k, v in (tiles or {}).items()}
    taken = {seat(k): v for k, v in (taken or {}).items()}
    order = [seat(x) for x in order] if order is not None else []
    ranking = [seat(x) for x in ranking] if ranking is not None else []
    # Fields: the S-4 covering, then the overrides.
    covered = COVERED_FIELDS.get(n, 0)
    field_list: list[str | None] = [None] * N_FIELDS
    for f in range(N_FIELDS - covered, N_FIELDS):
        field_list[f] = "X"
    for name, value in (fields or {}).items():
        field_list[parse_loc(name) - FIELD0] = value
    forest_list: list[list[str]] = [[] for _ in range(N_FOREST)]
    for name, pieces in (forest or {}).items():
        forest_list[parse_loc(name)] = list(pieces)
    volcano_list = [list(space) for space in (volcano or [])]
    boat_map: dict[str, dict[str, Any]] = {}
    for name, value in (boats or {}).items():
        boat_map[name] = {"owner": seat(value[0]),
                          "piece": int(value[1]) if len(value) > 1 else None}
    # Pieces on the board, per seat and strength, for the camps and reserves.
    on_board = [[0, 0, 0] for _ in range(n)]

    def count(code):
        q = LETTERS.index(code[0])
        if q < n:
            on_board[q][int(code[1]) - 1] += 1

    for code in field_list:
        if code and code != "X":
            count(code)
    for pieces in forest_list + volcano_list:
        for code in pieces:
            count(code)
    for value in boat_map.values():
        if value["piece"]:
            on_board[value["owner"]][value["piece"] - 1] += 1
    camp_lists = []
    for q in range(n):
        if q in camps:
            camp_lists.append(sorted(int(x) for x in camps[q]))
        elif sum(on_board[q]):
            camp_lists.append([])
        else:
            camp_lists.append([1, 1, 1, 2, 2, 2, 3, 3, 3])
    if reserve is None:
        reserve_lists = [[PER_STRENGTH - on_board[q][s] - camp_lists[q].count(s + 1)
                          for s in range(3)] for q in range(n)]
    else:
        reserve = {seat(k): v for k, v in reserve.items()}
        reserve_lists = [list(reserve.get(q, [0, 0, 0])) for q in range(n)]
    # Rapa Nui cards.
    hand_lists = [[_kind_name(c) for c in hands.get(q, [])] for q in range(n)]
    bid_lists = [[_kind_name(c) for c in bids.get(q, [])] for q in range(n)]
    placed = [c for lst in hand_lists for c in lst]
    status = list(bid_status) if bid_status is not None else None
    if phase == "bid":
        if status is None:
            status = ["chosen" if bids.get(q) is not None and q in bids else "choosing"
                      for q in range(n)]
        placed += [c for q in range(n) if status[q] == "chosen" for c in bid_lists[q]]
    elif status is None:
        status = ["revealed"] * n
    deck_list = [_kind_name(c) for c in deck] if deck is not None else None
    discard_list = [_kind_name(c) for c in discard] if discard is not None else None
    placed += (deck_list or []) + (discard_list or [])
    left = []
    for k in range(4):
        left += [KIND_NAMES[k]] * (DECK_COMPOSITION[k] - placed.count(KIND_NAMES[k]))
    if deck_list is None:
        deck_list, left = left, []
    if discard_list is None:
        discard_list, left = sorted(left, key=KIND_OF.__getitem__), []
    # Epoch cards.
    display = list(display or [])
    removed = list(removed or [])
    set_aside = list(set_aside or [])
    taken_list = [taken.get(q) for q in range(n)]
    if admiral_aside is None:
        admiral_aside = final_round
    seen = display + removed + set_aside + [c for c in taken_list if c] + list(boat_map)
    if admiral_aside:
        seen.append("E3-01")
    if epoch_deck is None:
        epoch_deck = [c for c in EPOCH_IDS if c not in seen]
    else:
        epoch_deck = list(epoch_deck)
        removed += [c for c in EPOCH_IDS if c not in seen and c not in epoch_deck]
    # Wood.
    stock_list = [stocks.get(q, 0) for q in range(n)]
    wood_flags = [False] * N_FOREST
    for name in (forest_wood or []):
        wood_flags[parse_loc(name)] = True
    if wood_supply is None:
        wood_supply = WOOD_TOKENS - sum(stock_list) - sum(wood_flags)
    # Tiles.
    tile_lists = []
    for q in range(n):
        lst = []
        for t in tiles.get(q, []):
            if isinstance(t, (list, tuple)):
                lst.append({"id": t[0], "face_down": bool(t[1])})
            else:
                lst.append({"id": t, "face_down": False})
        tile_lists.append(lst)
    toppled = list(toppled or [])
    held = {t["id"] for lst in tile_lists for t in lst} | set(toppled)
    data = {
        "game": "moai",
        "players": n,
        "options": {name: bool(options.get(name, False)) for name in OPTIONS},
        "round": round,
        "phase": phase,
        "final_round": final_round,
        "order": order,
        "ranking": ranking,
        "bird_man": seat(bird_man),
        "current": current,
        "pending": _pending_seats(pending or {}),
        "hands": hand_lists,
        "bids": bid_lists,
        "bid_status": status,
        "deck": deck_list,
        "discard": discard_list,
        "epoch_deck": epoch_deck,
        "display": display,
        "taken": taken_list,
        "removed": removed,
        "set_aside": set_aside,
        "admiral_aside": admiral_aside,
        "boats": boat_map,
        "wood_supply": wood_supply,
        "forest_wood": wood_flags,
        "stocks": stock_list,
        "disaster_supply": DISASTER_TOKENS - field_list.count("X"),
        "fields": field_list,
        "moai_supply": [t for t in TILE_IDS if t not in held],
        "tiles": tile_lists,
        "toppled": toppled,
        "camps": camp_lists,
        "known_camps": [sorted(int(x) for x in known_camps.get(q, [])) for q in range(n)],
        "reserve": reserve_lists,
        "forest": forest_list,
        "volcano": volcano_list,
        "carved": list(carved or []),
        "rng": Rng.from_seed(seed).state,
        "over": phase == "over",
        "result": None,
    }
    if phase == "over":
        probe = CODEC.load(cls, dict(data, result=None), with_result=False)
        data["result"] = probe.result()
    state = cls.from_json(data)
    if start:
        state.round -= 1
        state.start_round([])
        state.take_forced([])
    return state


def _seat_of(value) -> int:
    if isinstance(value, str) and len(value) == 1 and value in LETTERS:
        return LETTERS.index(value)
    return value


def _kind_name(card) -> str:
    if card in RN_KIND:
        return KIND_NAMES[RN_KIND[card]]
    if isinstance(card, int) and not isinstance(card, bool) and 1 <= card <= 3:
        return str(card)
    return card


def _pending_seats(pending: dict) -> dict:
    out = dict(pending)
    for key in ("taker", "victim"):
        if key in out and out[key] is not None:
            out[key] = _seat_of(out[key])
    if "tied" in out:
        out["tied"] = [_seat_of(x) for x in out["tied"]]
    return out
