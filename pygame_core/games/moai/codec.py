"""A Moai position as JSON, both ways: ``CODEC`` writes the whole position
(hidden parts included) and reads it back, checking every field and the
invariants of the rules. Both go through the state's public face.
"""

from __future__ import annotations


from typing import TYPE_CHECKING

from ...codec import Check, Codec, Field, Flag, Part, Start, read_rng
from ...engine import BadState, check, is_int
from .tables import (ADMIRAL, AWARD, BID, BIRTH, BOAT_CARDS, BOAT_IDS, CARD_TYPE, CARVE, COLOURS, COVERED,
                     DECK_COMPOSITION, DISASTER, DISASTER_STEPS, DISASTER_TOKENS, EFFECT, EPOCH_IDS,
                     EPOCH_INDEX, EPOCH_OF, ERODE, FOREST_Z, FREE, FX_BURN, FX_EPI, FX_ERO, FX_WAR, KILL,
                     KIND_NAMES, KIND_OF, LETTERS, LOSE, MAX_SPACES, N_BOATS, N_EPOCH, N_FIELDS, N_FOREST,
                     N_TILES, OPTIONS, OVER, PER_STRENGTH, PHASE_INDEX, PHASE_NAMES, RAID_STEP, RANK, REST,
                     SHORT_GAME_REMOVALS, SINK, STARVE, TAKE, TILE_IDS, TILE_INDEX, V1, V3, V5, VICTIM,
                     VOLCANO0, VOLCANO_Z, WOOD_TOKENS, WORK, ZONE_NAMES, cards_text, loc_name, parse_loc,
                     space_json)

if TYPE_CHECKING:
    from .state import MoaiState


# ---------------------------------------------------------------------------
# Reading a position: every field checked (spec 4.8)
# ---------------------------------------------------------------------------

_STATUS_NAMES = ("choosing", "chosen", "rechoosing", "revealed")
_STATUS = {name: code for code, name in enumerate(_STATUS_NAMES)}
# Steps during which the forest may hold wood (M-2 to M-20) and the display cards (M-1 to M-10).
_WOOD_STEPS = (BID, RANK, TAKE, VICTIM, ERODE, KILL, LOSE, SINK, WORK, AWARD)
_DISPLAY_STEPS = (BID, RANK, TAKE, VICTIM, ERODE, KILL, LOSE, SINK)
_TAKEN_STEPS = (TAKE, VICTIM, ERODE, KILL, LOSE, SINK, WORK, AWARD, CARVE, RAID_STEP, STARVE,
                REST, BIRTH)
_ORDERED_STEPS = (TAKE, VICTIM, ERODE, KILL, LOSE, SINK, WORK, AWARD, CARVE, RAID_STEP, STARVE,
                  REST, BIRTH)


def _int(value, what: str, low: int = 0, high: int | None = None) -> int:
    check(is_int(value) and value >= low and (high is None or value <= high),
          f"{what} must be an integer" + (f" from {low} to {high}" if high is not None
                                          else f" of at least {low}"))
    return value


def _list(value, what: str, size: int | None = None) -> list:
    check(isinstance(value, list), f"{what} must be a list")
    if size is not None:
        check(len(value) == size, f"{what} must have {size} entries, not {len(value)}")
    return value


def _kinds(value, what: str) -> list:
    _list(value, what)
    for card in value:
        check(card in KIND_OF, f"{what}: {card!r} is not a Rapa Nui card (1, 2, 3 or R)")
    return [KIND_OF[c] for c in value]


def _counts(value, what: str) -> list:
    counts = [0, 0, 0, 0]
    for k in _kinds(value, what):
        counts[k] += 1
    return counts


def _epochs(value, what: str) -> list:
    _list(value, what)
    for card in value:
        check(card in EPOCH_INDEX, f"{what}: {card!r} is not an epoch card")
    return [EPOCH_INDEX[c] for c in value]


def _seat(value, n: int, what: str) -> int:
    return _int(value, what, 0, n - 1)


def _piece_code(code, n: int, what: str, face_down_ok: bool):
    check(isinstance(code, str), f"{what}: a piece is written like R2 or R2fd")
    fd = 0
    text = code
    if text.endswith("fd"):
        check(face_down_ok, f"{what}: {code!r} cannot be face down here (M-14, M-16, A-5)")
        fd, text = 1, text[:-2]
    check(len(text) == 2 and text[0] in LETTERS[:n] and text[1] in "123",
          f"{what}: {code!r} is not a piece of a colour in play")
    return LETTERS.index(text[0]), int(text[1]) - 1, fd


def _blank(cls, data) -> MoaiState:
    n = data["players"]
    check(is_int(n) and 2 <= n <= 5, "players must be 2 to 5")
    options = data["options"]
    check(isinstance(options, dict) and set(options) == set(OPTIONS)
          and all(isinstance(v, bool) for v in options.values()),
          f"options must give true or false for each of {', '.join(OPTIONS)}")
    return cls.blank(n, tuple(options[name] for name in OPTIONS))


def _phase(s: MoaiState, value) -> int:
    check(value in PHASE_INDEX, f"phase {value!r} is not a step of the round")
    return PHASE_INDEX[value]


def _check_end(s: MoaiState) -> None:
    check(s.over == (s.phase == OVER), "over is true exactly in the phase 'over'")
    check(s.final == s.admiral, "the final round is the round the Admiral was set aside (M-39)")


def _load_turn(s: MoaiState, data) -> None:
    n = s.players
    order = _list(data["order"], "order")
    open_bids = s.open_bids()
    if order or open_bids or s.phase not in (BID, RANK) or s.round > 1:
        check(sorted(order) == list(range(n)) and all(is_int(q) for q in order),
              "order must list every seat once (positions 1..N on the Orongo hill)")
    else:
        check(order == [], "order is empty until the first bids are ranked")
    s.order = list(order)
    ranking = _list(data["ranking"], "ranking")
    check(all(is_int(q) and 0 <= q < n for q in ranking) and len(set(ranking)) == len(ranking),
          "ranking must list distinct seats")
    check(not ranking or s.phase == RANK, "ranking is only built during the rank step (M-4)")
    check(len(ranking) < n, "a complete ranking is the turn order")
    s.ranking = list(ranking)
    s.pawn = _seat(data["bird_man"], n, "bird_man")
    if s.phase in _ORDERED_STEPS or (s.phase in (BID, RANK) and (s.round > 1 or open_bids)):
        check(len(s.order) == n, "the turn order must be set")
    if s.phase in _ORDERED_STEPS:
        check(s.pawn == s.order[0], "after the bids the bird-man holds position 1 (M-6)")
    if open_bids and s.phase == BID:
        check(s.pawn == s.order[0], "open bids are made in the turn order, from the pawn holder")
    s.cur = _int(data["current"], "current", 0, n)
    check(s.cur < n or s.phase == OVER, "current must be a position 0..N-1")


def _load_cards(s: MoaiState, data) -> None:
    n = s.players
    hands = _list(data["hands"], "hands", n)
    bids = _list(data["bids"], "bids", n)
    status = _list(data["bid_status"], "bid_status", n)
    total = [0, 0, 0, 0]
    for p in range(n):
        counts = _counts(hands[p], f"hand of seat {p}")
        s.hands[4 * p:4 * p + 4] = counts
        bid = _counts(bids[p], f"bid of seat {p}")
        s.bids[4 * p:4 * p + 4] = bid
        check(status[p] in _STATUS, f"bid_status {status[p]!r} is not choosing, chosen, "
                                    f"rechoosing or revealed")
        s.bid_status[p] = _STATUS[status[p]]
        for k in range(4):
            total[k] += counts[k]
        if s.phase == BID:
            check(s.bid_status[p] != 3, "bids are revealed only when every player has chosen")
            if s.bid_status[p] == 1:
                for k in range(4):
                    total[k] += bid[k]
            else:
                check(not any(bid), f"seat {p} has not chosen a bid but has cards set aside")
        else:
            check(s.bid_status[p] == 3, "outside the bids every bid is revealed")
    if s.phase == BID:
        if s.open_bids():
            check(all(s.bid_status[s.order[i]] == (1 if i < s.cur else 0) for i in range(n)),
                  "open bids: the players before the current one have bid, the others not (V-2)")
            s.actor = s.order[s.cur]
        else:
            check(any(x != 1 for x in s.bid_status), "when every bid is chosen they are revealed")
    s.deck = _kinds(data["deck"], "deck")[::-1]
    s.discard = _counts(data["discard"], "discard")
    for k in range(4):
        total[k] += s.discard[k] + s.deck.count(k)
    check(total == list(DECK_COMPOSITION),
          f"the Rapa Nui cards must be 12 of 1, 12 of 2, 10 of 3 and 6 Raids, not {total} (C-3)")


def _load_epochs(s: MoaiState, data) -> None:
    n = s.players
    s.edeck = _epochs(data["epoch_deck"], "epoch deck")[::-1]
    epochs = [EPOCH_OF[c] for c in reversed(s.edeck)]
    check(epochs == sorted(epochs), "the epoch deck lies epoch 1 over 2 over 3 (S-10)")
    s.display = _epochs(data["display"], "display")
    check(len(s.display) <= n + 1 and ADMIRAL not in s.display,
          "the display holds at most N + 1 cards, never the Admiral (M-1)")
    check(not s.display or s.phase in _DISPLAY_STEPS, "the display is empty after the epoch phase")
    taken = _list(data["taken"], "taken", n)
    for p in range(n):
        if taken[p] is not None:
            check(s.phase in _TAKEN_STEPS, "epoch cards lie in front of players only from the "
                                           "epoch phase to their bilan (M-7, M-37)")
            card = _epochs([taken[p]], "taken")[0]
            check(card != ADMIRAL, "the Admiral is never taken")
            s.taken[p] = card
    s.removed = _epochs(data["removed"], "removed")
    s.set_aside = _epochs(data["set_aside"], "set_aside")
    check(ADMIRAL not in s.removed and ADMIRAL not in s.set_aside,
          "the Admiral never leaves the game (A-34)")
    if s.opts[V3]:
        check([sum(EPOCH_OF[c] == e for c in s.set_aside) for e in (1, 2, 3)]
              == list(SHORT_GAME_REMOVALS), "V-3 sets aside 2, 2 and 1 cards of epochs 1, 2, 3")
    else:
        check(not s.set_aside, "cards are set aside only in the short game (V-3)")
    boats = data["boats"]
    check(isinstance(boats, dict), "boats must map boat cards to their owner and piece")
    for name, boat in boats.items():
        check(name in BOAT_IDS, f"{name!r} is not a boat card")
        check(isinstance(boat, dict) and set(boat) == {"owner", "piece"}, "a boat is {owner, piece}")
        b = BOAT_IDS.index(name)
        s.boat_owner[b] = _seat(boat["owner"], n, f"owner of {name}")
        if boat["piece"] is not None:
            strength = _int(boat["piece"], f"piece on {name}", 1, 3)
            s.boat_piece[b] = 3 * s.boat_owner[b] + strength - 1
    everything = s.edeck + s.display + [c for c in s.taken if c >= 0] + s.removed + s.set_aside
    everything += [BOAT_CARDS[b] for b in range(N_BOATS) if s.boat_owner[b] >= 0]
    if s.admiral:
        everything.append(ADMIRAL)
    check(sorted(everything) == list(range(N_EPOCH)),
          "each of the 36 epoch cards must be in exactly one place (spec 4.8)")


def _load_board(s: MoaiState, data) -> None:
    n = s.players
    # Wood (C-8, M-2, M-22).
    s.wood = _int(data["wood_supply"], "wood_supply", 0, WOOD_TOKENS)
    wood = _list(data["forest_wood"], "forest_wood", N_FOREST)
    check(all(isinstance(w, bool) for w in wood), "forest_wood must be true or false per space")
    s.forest_wood = [int(w) for w in wood]
    check(not any(wood) or s.phase in _WOOD_STEPS,
          "wood lies in the forest only from the palms (M-2) to the forest production (M-20)")
    stocks = _list(data["stocks"], "stocks", n)
    s.stock = [_int(x, "a wood stock") for x in stocks]
    check(s.wood + sum(s.forest_wood) + sum(s.stock) == WOOD_TOKENS, "there are 15 wood tokens (C-8)")
    # Fields and disaster tokens.
    s.dsupply = _int(data["disaster_supply"], "disaster_supply", 0, DISASTER_TOKENS)
    fields = _list(data["fields"], "fields", N_FIELDS)
    for i, code in enumerate(fields):
        if code is None:
            s.fields[i] = FREE
        elif code == "X":
            s.fields[i] = COVERED
        else:
            q, st, _ = _piece_code(code, n, f"field F{i + 1}", False)
            s.fields[i] = 3 * q + st
    check(s.dsupply + s.fields.count(COVERED) == DISASTER_TOKENS, "there are 10 disaster tokens (C-8)")
    # Moai tiles.
    supply = _list(data["moai_supply"], "moai_supply")
    tiles = _list(data["tiles"], "tiles", n)
    toppled = _list(data["toppled"], "toppled")
    seen = []
    s.msupply = [0] * N_TILES
    for name in supply:
        check(name in TILE_INDEX, f"{name!r} is not a Moai tile")
        s.msupply[TILE_INDEX[name]] = 1
        seen.append(name)
    for p in range(n):
        for tile in _list(tiles[p], f"tiles of seat {p}"):
            check(isinstance(tile, dict) and set(tile) == {"id", "face_down"}
                  and tile["id"] in TILE_INDEX and isinstance(tile["face_down"], bool),
                  "a tile is {id, face_down}")
            s.tiles[p].append(2 * TILE_INDEX[tile["id"]] + int(tile["face_down"]))
            seen.append(tile["id"])
    for name in toppled:
        check(name in TILE_INDEX, f"{name!r} is not a Moai tile")
        s.toppled.append(TILE_INDEX[name])
        seen.append(name)
    check(sorted(seen) == list(TILE_IDS), "each of the 21 Moai tiles must be in exactly one place")
    # Pieces (C-7, spec 4.8).
    camps = _list(data["camps"], "camps", n)
    known = _list(data["known_camps"], "known_camps", n)
    reserve = _list(data["reserve"], "reserve", n)
    for p in range(n):
        for x in _list(camps[p], f"camp of seat {p}"):
            s.camp[3 * p + _int(x, "a camp strength", 1, 3) - 1] += 1
        for x in _list(known[p], f"known camp of seat {p}"):
            s.known[3 * p + _int(x, "a known strength", 1, 3) - 1] += 1
        row = _list(reserve[p], f"reserve of seat {p}", 3)
        for st in range(3):
            s.reserve[3 * p + st] = _int(row[st], "a reserve count", 0, PER_STRENGTH)
    check(all(s.known[i] <= s.camp[i] for i in range(3 * n)),
          "a known camp piece must be in the camp (H-13)")
    forest = _list(data["forest"], "forest", N_FOREST)
    for sp in range(N_FOREST):
        for code in _list(forest[sp], f"forest S{sp + 1}"):
            q, st, fd = _piece_code(code, n, f"forest S{sp + 1}", True)
            s.forest[6 * (n * sp + q) + 3 * fd + st] += 1
    volcano = _list(data["volcano"], "volcano")
    check(len(volcano) <= MAX_SPACES, "too many volcano spaces")
    for i, space in enumerate(volcano):
        row = [-1, 0, 0, 0, 0, 0, 0]
        for code in _list(space, f"volcano V{i + 1}"):
            q, st, fd = _piece_code(code, n, f"volcano V{i + 1}", True)
            check(row[0] in (-1, q), f"volcano V{i + 1} holds pieces of two colours (C-2)")
            row[0] = q
            row[1 + 3 * fd + st] += 1
        s.volcano.extend(row)
    counts = [s.camp[i] + s.reserve[i] for i in range(3 * n)]
    f = s.forest
    for sp in range(N_FOREST):
        for p in range(n):
            b = 6 * (n * sp + p)
            for st in range(3):
                counts[3 * p + st] += f[b + st] + f[b + 3 + st]
    for c in s.fields + s.boat_piece:
        if c >= 0:
            counts[c] += 1
    v = s.volcano
    for i in range(0, len(v), 7):
        if v[i] >= 0:
            for st in range(3):
                counts[3 * v[i] + st] += v[i + 1 + st] + v[i + 4 + st]
    for i, count in enumerate(counts):
        check(count == PER_STRENGTH, f"{COLOURS[i // 3]} must have 6 pieces of strength {i % 3 + 1} "
                                     f"in camp, on the board and in the reserve, not {count}")
    if s.opts[V1]:
        check(not any(s.forest[6 * (n * sp + p) + 3 + st] for sp in range(N_FOREST)
                      for p in range(n) for st in range(3))
              and not any(s.volcano[i + 4 + st] for i in range(0, len(s.volcano), 7)
                          for st in range(3)), "with all pieces face up (V-1) none is face down")
    s.zc = s.count_zones()
    carved = _list(data["carved"], "carved")
    for name in carved:
        check(isinstance(name, str), "carved lists volcano spaces")
        try:
            loc = parse_loc(name)
        except ValueError as exc:
            raise BadState(f"carved: {exc}") from None
        check(loc >= VOLCANO0 and loc - VOLCANO0 < s.n_spaces(), f"carved: {name} is not a space")
        s.carved.append(loc - VOLCANO0)
    check(len(set(s.carved)) == len(s.carved), "a space is carved once per round (A-11)")
    check(not s.carved or s.phase in (CARVE, RAID_STEP, STARVE, REST, BIRTH),
          "carved spaces are remembered only from the volcano to the end of the round")


def _load_pending(s: MoaiState, data) -> None:
    n = s.players
    pending = data["pending"]
    check(isinstance(pending, dict), "pending must be an object")
    phase = s.phase
    keys = {"card", "taker", "victim"} if phase in DISASTER_STEPS else (
        {"space", "tied"} if phase == AWARD else {"deficit", "raids"} if phase == RAID_STEP else
        {"deficit", "raids", "to_remove"} if phase == STARVE else
        {"left", "retrieved"} if phase == REST else set())
    check(set(pending) == keys, f"pending of the {PHASE_NAMES[phase]} step must be "
                                f"{{{', '.join(sorted(keys))}}}")
    if phase == BID:
        return
    if phase == RANK:
        s.actor = s.pawn
        group = s.rank_candidates()
        check(len(group) > 1, "the rank step needs a tie to break (M-4)")
        return
    if phase == OVER:
        return
    if phase in DISASTER_STEPS:
        card = _epochs([pending["card"]], "pending card")[0]
        check(CARD_TYPE[card] == DISASTER, "the pending card must be a disaster (C-5)")
        s.card = card
        s.taker = _seat(pending["taker"], n, "taker")
        check(s.taken[s.taker] == card, "the taker has the disaster in front of him")
        check(s.order[s.cur] == s.taker, "the taker is the current player of the epoch phase")
        ero = EFFECT[card] == FX_ERO
        if pending["victim"] is None:
            check(phase in (VICTIM, ERODE), "a victim is named before the effect applies")
        else:
            s.victim = _seat(pending["victim"], n, "victim")
        if phase == VICTIM:
            check(not ero and s.victim < 0 and not s.opts[V5], "a victim is named for a clan "
                                                                 "disaster, not with V-5 (C-5.0a)")
            s.actor = s.taker
        elif phase == ERODE:
            check(ero and s.victim < 0, "erosion names no victim (A-43)")
            check(s.dsupply and FREE in s.fields, "erosion needs a token and a free field (A-28)")
            s.actor = s.taker
        elif phase == KILL:
            check(EFFECT[card] == FX_WAR and s.victim >= 0, "the kill step belongs to D-WAR")
            s.actor = s.taker
        elif phase == LOSE:
            check(EFFECT[card] in (FX_EPI, FX_WAR) and s.victim >= 0,
                  "the lose step belongs to D-EPI or D-WAR")
            s.actor = s.victim
        else:
            check(EFFECT[card] == FX_BURN and s.victim >= 0, "the sink step belongs to D-BOAT")
            s.actor = s.victim
        return
    if phase == AWARD:
        try:
            sp = parse_loc(pending["space"]) if isinstance(pending["space"], str) else -1
        except ValueError:
            sp = -1
        check(0 <= sp < N_FOREST and s.forest_wood[sp], "the award is for a forest space with wood")
        s.space = sp
        tied = _list(pending["tied"], "tied")
        check(len(tied) >= 2 and all(is_int(q) and 0 <= q < n for q in tied),
              "a forest tie has two or more players")
        s.tied = list(tied)
        check(not any(s.forest_wood[:sp]), "the forest spaces before the tie are resolved")
        s.actor = s.pawn
        return
    if phase == WORK:
        check(any(s.camp), "the work phase ends when every camp is empty (M-12)")
    if phase == TAKE:
        check(s.display, "a player takes an epoch card from a display that holds one (M-7)")
        check(s.taken[s.order[s.cur]] < 0, "the current player has not taken his card yet")
    s.actor = s.order[s.cur]
    p = s.actor
    if phase == CARVE:
        check(s.carvable(p), "the carving player has a volcano space to declare (M-23)")
    elif phase in (RAID_STEP, STARVE):
        s.deficit = _int(pending["deficit"], "deficit", 1)
        s.raids = _int(pending["raids"], "raids", 0, s.deficit)
        if phase == STARVE:
            s.to_remove = _int(pending["to_remove"], "to_remove", 1, s.deficit - s.raids)
            z = s.zones(p)
            check(s.to_remove <= z[FOREST_Z] + z[VOLCANO_Z],
                  "starvation takes forest and volcano pieces only (M-29)")
    elif phase == REST:
        s.rest_left = _int(pending["left"], "left", 1)
        retrieved = pending["retrieved"]
        check(isinstance(retrieved, dict) and set(retrieved) == set(ZONE_NAMES),
              "retrieved counts the pieces taken from each zone")
        s.retrieved = [_int(retrieved[z], "a retrieved count") for z in ZONE_NAMES]
        check(not s.final, "there is no rest in the final round (M-35)")
        check(s.rest_left <= s.on_board(p), "a clan rests no more pieces than it has on the board")


# ---------------------------------------------------------------------------
# Writing a position
# ---------------------------------------------------------------------------


def _pieces_json(state, sp: int) -> list:
    n = state.players
    f = state.forest
    out = []
    for q in range(n):
        b = 6 * (n * sp + q)
        for fd in (0, 1):
            for s in range(3):
                out += [f"{LETTERS[q]}{s + 1}{'fd' if fd else ''}"] * f[b + 3 * fd + s]
    return out


def _pending_json(state) -> dict:
    phase = state.phase
    if phase in DISASTER_STEPS:
        return {"card": EPOCH_IDS[state.card], "taker": state.taker,
                "victim": state.victim if state.victim >= 0 else None}
    if phase == AWARD:
        return {"space": loc_name(state.space), "tied": list(state.tied)}
    if phase == RAID_STEP:
        return {"deficit": state.deficit, "raids": state.raids}
    if phase == STARVE:
        return {"deficit": state.deficit, "raids": state.raids, "to_remove": state.to_remove}
    if phase == REST:
        return {"left": state.rest_left,
                "retrieved": {ZONE_NAMES[z]: state.retrieved[z] for z in range(4)}}
    return {}


def _boats_json(state) -> dict:
    return {BOAT_IDS[b]: {"owner": state.boat_owner[b],
                          "piece": state.boat_piece[b] % 3 + 1 if state.boat_piece[b] >= 0 else None}
            for b in range(N_BOATS) if state.boat_owner[b] >= 0}


def _fields_json(state) -> list:
    return [None if c == FREE else "X" if c == COVERED else f"{LETTERS[c // 3]}{c % 3 + 1}"
            for c in state.fields]


def _strengths_json(counts: list, p: int) -> list:
    """Player ``p``'s pieces counted by strength in ``counts``, one entry a piece."""
    return [s + 1 for s in range(3) for _ in range(counts[3 * p + s])]


# ---------------------------------------------------------------------------
# The position's fields
# ---------------------------------------------------------------------------


CODEC: Codec[MoaiState] = Codec(
    "moai", "Moai",
    fields=(
        Field("players"),
        Field("options", "opts", write=lambda s: {name: s.opts[i] for i, name in enumerate(OPTIONS)}),
        Field("round", read=lambda s, value: _int(value, "round", 1)),
        Field("phase", write=lambda s: PHASE_NAMES[s.phase], read=_phase),
        Flag("final_round", "final"),
        Field("order"),
        Field("ranking"),
        Field("bird_man", "pawn"),
        Field("current", "cur"),
        Field("pending", "card", "taker", "victim", "space", "tied", "deficit", "raids", "to_remove",
              "rest_left", "retrieved", write=_pending_json),
        Field("hands", write=lambda s: [cards_text(s.hands[4 * p:4 * p + 4]) for p in range(s.players)]),
        Field("bids", write=lambda s: [cards_text(s.bids[4 * p:4 * p + 4]) for p in range(s.players)]),
        Field("bid_status", write=lambda s: [_STATUS_NAMES[x] for x in s.bid_status]),
        Field("deck", write=lambda s: [KIND_NAMES[k] for k in reversed(s.deck)]),
        Field("discard", write=lambda s: cards_text(s.discard)),
        Field("epoch_deck", "edeck", write=lambda s: [EPOCH_IDS[c] for c in reversed(s.edeck)]),
        Field("display", write=lambda s: [EPOCH_IDS[c] for c in s.display]),
        Field("taken", write=lambda s: [EPOCH_IDS[c] if c >= 0 else None for c in s.taken]),
        Field("removed", write=lambda s: [EPOCH_IDS[c] for c in s.removed]),
        Field("set_aside", write=lambda s: [EPOCH_IDS[c] for c in s.set_aside]),
        Flag("admiral_aside", "admiral"),
        Field("boats", "boat_owner", "boat_piece", write=_boats_json),
        Field("wood_supply", "wood"),
        Field("forest_wood", write=lambda s: [bool(w) for w in s.forest_wood]),
        Field("stocks", "stock"),
        Field("disaster_supply", "dsupply"),
        Field("fields", write=_fields_json),
        Field("moai_supply", "msupply",
              write=lambda s: [TILE_IDS[t] for t in range(N_TILES) if s.msupply[t]]),
        Field("tiles", write=lambda s: [[{"id": TILE_IDS[t >> 1], "face_down": bool(t & 1)}
                                         for t in s.tiles[p]] for p in range(s.players)]),
        Field("toppled", write=lambda s: [TILE_IDS[t] for t in s.toppled]),
        Field("camps", "camp", write=lambda s: [_strengths_json(s.camp, p) for p in range(s.players)]),
        Field("known_camps", "known",
              write=lambda s: [_strengths_json(s.known, p) for p in range(s.players)]),
        Field("reserve", write=lambda s: [s.reserve[3 * p:3 * p + 3] for p in range(s.players)]),
        Field("forest", write=lambda s: [_pieces_json(s, sp) for sp in range(N_FOREST)]),
        Field("volcano", write=lambda s: [space_json(s.volcano, i) for i in range(0, len(s.volcano), 7)]),
        Field("carved", write=lambda s: [loc_name(VOLCANO0 + i) for i in s.carved]),
        Field("rng", read=read_rng),
        Flag("over"),
    ),
    # The player who acts follows from the step and the turn; the pieces in
    # each zone are counted as the board is read; the rest are caches.
    derived=("actor", "zc", "_cache", "_shown"),
    start=Start(_blank, "players", "options"),
    reading=(
        "round", "phase", "final_round", "admiral_aside", "over", Check(_check_end), "rng",
        Part(_load_turn, "order", "ranking", "bird_man", "current"),
        Part(_load_cards, "hands", "bids", "bid_status", "deck", "discard"),
        Part(_load_epochs, "epoch_deck", "display", "taken", "removed", "set_aside", "boats"),
        Part(_load_board, "wood_supply", "forest_wood", "stocks", "disaster_supply", "fields", "moai_supply",
             "tiles", "toppled", "camps", "known_camps", "reserve", "forest", "volcano", "carved"),
        Part(_load_pending, "pending"),
    ),
)
