"""What a Moai player observes (H-1 to H-14): ``MoaiObserver``, the game's
observer (``MoaiState.observer``). A view shows the island, the epoch cards
turned up and taken, the discard pile and the clans' face-up pieces, and to
the viewer alone his hand, his secret bid, his camp, the strengths of his
face-down pieces and his face-down Moai tiles; of the others, the sizes of
their hands and camps and what everyone knows. A determinized copy deals
again all the viewer has not seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Observer, Rng
from .tables import (ADMIRAL, AWARD, BID, BIRTH, BOAT_IDS, CARVE, COLOURS, COVERED, DECK_COMPOSITION,
                     DISASTER_STEPS, EFFECT_NAMES, EPOCH_CARDS, EPOCH_IDS, EPOCH_OF, FIELD0, FOREST_Z, KIND_NAMES,
                     MAX_HEIGHT, MOAI_HEIGHTS, N_BOATS, N_FOREST, N_TILES, OPTIONS, PHASE_NAMES, RAID_STEP, RANK,
                     REST, ROUND_PHASE, STARVE, TAKE, TILES_OF_HEIGHT, TILE_IDS, TYPE_NAMES, V2, V4, VOLCANO0,
                     VOLCANO_Z, WORK, ZONE_NAMES, cards_text, loc_name)

if TYPE_CHECKING:
    from .state import MoaiState


class MoaiObserver(Observer["MoaiState"]):
    """What each clan sees of a Moai position, and the positions it cannot
    tell from it."""

    def view(self, state: MoaiState, player) -> dict:
        state.check_viewer(player)
        return _view(state, player, lambda q: q == player)

    def revealed_view(self, state: MoaiState, player) -> dict:
        """The view with every clan's hand, bid, face-down pieces and tiles
        shown, and the decks in their order (top first): a finished game
        looked back on."""
        view = _view(state, player, lambda q: True)
        n = state.players
        view["revealed"] = (
            [{"player": q, "what": "hand", "cards": cards_text(state.hands[4 * q:4 * q + 4])} for q in range(n)]
            + [{"player": q, "what": "camp", "cards": [str(s + 1) for s in range(3)
                                                     for _ in range(state.camp[3 * q + s])]}
               for q in range(n)]
            + [{"player": None, "what": "deck", "cards": [KIND_NAMES[k] for k in reversed(state.deck)]},
               {"player": None, "what": "epoch_deck", "cards": [EPOCH_CARDS[c][2] for c in reversed(state.edeck)]},
               {"player": None, "what": "set_aside", "cards": [EPOCH_CARDS[c][2] for c in state.set_aside]}])
        return view

    def determinize(self, state: MoaiState, player: int, rng: Rng) -> MoaiState:
        """A copy in which all that ``player`` has not seen is dealt again from ``rng``.

        * H-5: the other players' secret bids are taken back into their hands
          (they are choosing again, though everyone still sees them as having
          chosen), so a bot never knows what the others chose.
        * H-1, H-2: the other hands and the Rapa Nui deck are dealt from the
          cards ``player`` has not seen (the composition less the discard pile,
          his own hand and the bids laid face up).
        * H-6, H-7: each other clan's camp and face-down pieces get again the
          strengths that clan has off the table and out of sight (6 of each
          strength, less its reserve and face-up pieces), the camp keeping the
          strengths everyone knows are there (``known_camps``: born, rested
          face up, back from a burnt boat).
        * H-4, V-3: each epoch's unseen cards are shuffled between the epoch
          deck (the same count per epoch) and the five cards set aside unseen;
          the Admiral is never one of those.
        * H-9: the other clans' face-down Moai tiles get again the heights
          nobody has seen (all the tiles less the supply, the toppled ones, the
          face-up ones and ``player``'s own), until the end reveals them.
        * H-14: the generator's future.

        Every input is read from ``view(player)`` and gathered in a canonical
        order before shuffling, so positions ``player`` cannot tell apart give
        the same copy for the same ``rng``.
        """
        state.check_seat(player)
        n = state.players
        s = state.clone()
        s.forget_moves()
        hands = s.hands
        # H-5: take back the others' secret bids.
        if s.phase == BID and not s.open_bids():
            for q in range(n):
                if q != player and s.bid_status[q] == state.CHOSEN:
                    base = 4 * q
                    if any(s.bids[base:base + 4]):
                        for k in range(4):
                            hands[base + k] += s.bids[base + k]
                            s.bids[base + k] = 0
                        s.bid_status[q] = state.RECHOOSING
                    elif s.hand_size(q):
                        s.bid_status[q] = state.RECHOOSING
        # H-1, H-2: the unseen Rapa Nui cards.
        unseen = list(DECK_COMPOSITION)
        for k in range(4):
            unseen[k] -= s.discard[k] + hands[4 * player + k]
        if s.phase == BID:
            for q in range(n):
                if s.bid_status[q] == state.CHOSEN:
                    for k in range(4):
                        unseen[k] -= s.bids[4 * q + k]
        pool = [k for k in range(4) for _ in range(unseen[k])]
        rng.shuffle(pool)
        at = 0
        for q in range(n):
            if q == player:
                continue
            size = s.hand_size(q)
            base = 4 * q
            for k in range(4):
                hands[base + k] = 0
            for k in pool[at:at + size]:
                hands[base + k] += 1
            at += size
        s.deck = pool[at:]
        # H-6, H-7: the strengths of the other clans' hidden pieces.
        for q in range(n):
            if q != player:
                _deal_hidden_pieces(s, q, rng)
        # H-4, V-3: the epoch deck and the cards set aside unseen.
        if s.set_aside or len(s.edeck) > 1:
            _deal_epoch_deck(s, rng)
        # H-9: the heights of the others' face-down tiles.
        if not s.over:
            _deal_hidden_tiles(s, player, rng)
        s.rng = rng.next64()
        return s


def _view(state: MoaiState, player, sees) -> dict:
    """``player``'s view, showing the secrets of each clan ``q`` for
    which ``sees(q)``."""
    n = state.players
    me = player
    forest = []
    f = state.forest
    for sp in range(N_FOREST):
        pieces: list[list[Any]] = []
        for q in range(n):
            b = 6 * (n * sp + q)
            for s in range(3):
                pieces += [[q, s + 1, True]] * f[b + s]
            for s in range(3):
                pieces += [[q, s + 1 if sees(q) else None, False]] * f[b + 3 + s]
        forest.append({"id": loc_name(sp), "wood": bool(state.forest_wood[sp]), "pieces": pieces})
    volcano = []
    v = state.volcano
    for i in range(0, len(v), 7):
        q = v[i]
        pieces = []
        if q >= 0:
            for s in range(3):
                pieces += [[q, s + 1, True]] * v[i + 1 + s]
            for s in range(3):
                pieces += [[q, s + 1 if sees(q) else None, False]] * v[i + 4 + s]
        volcano.append({"id": loc_name(VOLCANO0 + i // 7), "owner": q if q >= 0 else None,
                        "pieces": pieces, "carved": i // 7 in state.carved})
    fields = []
    for i, c in enumerate(state.fields):
        fields.append({"id": loc_name(FIELD0 + i), "covered": c == COVERED,
                       "piece": [c // 3, c % 3 + 1, True] if c >= 0 else None})
    boats = [{"id": BOAT_IDS[b], "owner": state.boat_owner[b],
              "piece": state.boat_piece[b] % 3 + 1 if state.boat_piece[b] >= 0 else None}
             for b in range(N_BOATS) if state.boat_owner[b] >= 0]
    secret_bids = state.phase == BID and not state.open_bids()
    bids = []
    for q in range(n):
        status = state.bid_status[q]
        shown = status == state.REVEALED or (status == state.CHOSEN and (not secret_bids or sees(q)))
        counts = state.bids[4 * q:4 * q + 4]
        bids.append({
            "status": ("revealed" if status == state.REVEALED
                       else "choosing" if status == state.CHOOSING else "chosen"),
            "cards": cards_text(counts) if shown else None,
            "value": state.bid_value(q) if shown else None,
        })
    hand_sizes = []
    for q in range(n):
        size = state.hand_size(q)
        if secret_bids and state.bid_status[q] == state.CHOSEN:
            size += sum(state.bids[4 * q:4 * q + 4])                # H-5: nothing shows
        hand_sizes.append(size)
    deck_by_epoch = [0, 0, 0]
    for c in state.edeck:
        deck_by_epoch[EPOCH_OF[c] - 1] += 1
    supply: dict[str, int] = {}
    for t in range(N_TILES):
        if state.msupply[t]:
            supply[str(MOAI_HEIGHTS[t])] = supply.get(str(MOAI_HEIGHTS[t]), 0) + 1
    return {
        "game": "moai",
        "viewer": player,
        "players": n,
        "colours": list(COLOURS[:n]),
        "options": {name: state.opts[i] for i, name in enumerate(OPTIONS)},
        "round": state.round,
        "phase": ROUND_PHASE[state.phase],
        "step": PHASE_NAMES[state.phase],
        "final_round": state.final,
        "order": list(state.order),
        "bird_man": state.pawn,
        "current": (state.order[state.cur] if state.phase in (TAKE, WORK, CARVE, RAID_STEP, STARVE,
                                                             REST, BIRTH) or
                    (state.phase == BID and state.open_bids()) else None),
        "pending": _pending_view(state),
        "bids": bids,
        "hand": None if me is None else cards_text(state.hands[4 * me:4 * me + 4]),
        "hand_sizes": hand_sizes,
        "deck_size": len(state.deck),
        "discard": cards_text(state.discard),
        "epoch": {
            "deck_size": len(state.edeck),
            "deck_by_epoch": deck_by_epoch,
            "top_epoch": EPOCH_OF[state.edeck[-1]] if state.edeck else None,
            "display": [_card_view(c) for c in state.display],
            "taken": [_card_view(c) if c >= 0 else None for c in state.taken],
            "removed": [EPOCH_IDS[c] for c in state.removed],
            "set_aside": len(state.set_aside),
            "admiral": state.admiral,
        },
        "wood": {"supply": state.wood, "stocks": list(state.stock)},
        "disaster_supply": state.dsupply,
        "forest": forest,
        "fields": fields,
        "volcano": volcano,
        "boats": boats,
        "camps": [state.camp_size(q) for q in range(n)],
        "camp": (None if me is None
                 else [s + 1 for s in range(3) for _ in range(state.camp[3 * me + s])]),
        "known_camps": [[s + 1 for s in range(3) for _ in range(state.known[3 * q + s])]
                        for q in range(n)],
        "reserve": [state.reserve[3 * q:3 * q + 3] for q in range(n)],
        "moai": {
            "supply": supply,
            "tiles": [[_tile_view(state, t, sees(q)) for t in state.tiles[q]] for q in range(n)],
            "toppled": [TILE_IDS[t] for t in state.toppled],
        },
    }


def _tile_view(state: MoaiState, tile: int, own: bool) -> dict:
    """H-9: a face-down tile shows its height (and its id, which names the
    height, C-6) to its owner only, until the end reveals every tile (M-41)."""
    face_down = bool(tile & 1)
    if face_down and not own and not state.over:
        return {"id": None, "height": None, "face_down": True}
    return {"id": TILE_IDS[tile >> 1], "height": MOAI_HEIGHTS[tile >> 1], "face_down": face_down}


def _pending_view(state: MoaiState) -> dict:
    phase = state.phase
    if phase in DISASTER_STEPS:
        return {"card": EPOCH_IDS[state.card], "taker": state.taker,
                "victim": state.victim if state.victim >= 0 else None}
    if phase == RANK:
        return {"ranking": list(state.ranking), "candidates": state.rank_candidates(),
                "values": [state.bid_value(q) for q in range(state.players)]}
    if phase == AWARD:
        return {"space": loc_name(state.space), "tied": list(state.tied)}
    if phase in (RAID_STEP, STARVE):
        return {"deficit": state.deficit, "raids": state.raids,
                "to_remove": state.to_remove if phase == STARVE else None}
    if phase == REST:
        return {"left": state.rest_left,
                "retrieved": {ZONE_NAMES[z]: state.retrieved[z] for z in range(4)}}
    if phase == BIRTH:
        return {"compulsory": state.final}
    return {}


def _deal_hidden_tiles(state: MoaiState, player: int, rng: Rng) -> None:
    """H-9: the tiles ``player`` has not seen are those of the 21 that are
    neither in the supply (public, by height) nor toppled nor shown (face
    up, or his own); they are dealt at random to the others' face-down
    tiles. Tiles of one height are interchangeable (C-6), so the supply
    keeps, height by height, the highest-numbered tiles not seen elsewhere,
    as taking the lowest-numbered first leaves it (T-5)."""
    n = state.players
    hidden = [(q, i) for q in range(n) if q != player
              for i, tile in enumerate(state.tiles[q]) if tile & 1]
    if not hidden:
        return
    seen = set(state.toppled)
    for q in range(n):
        for tile in state.tiles[q]:
            if q == player or not tile & 1:
                seen.add(tile >> 1)
    in_supply = [0] * (MAX_HEIGHT + 1)
    for t in range(N_TILES):
        if state.msupply[t]:
            in_supply[MOAI_HEIGHTS[t]] += 1
    supply = [0] * N_TILES
    unseen = []
    for height in range(MAX_HEIGHT + 1):
        free = [t for t in TILES_OF_HEIGHT[height] if t not in seen]
        kept = len(free) - in_supply[height]
        unseen += free[:kept]
        for t in free[kept:]:
            supply[t] = 1
    rng.shuffle(unseen)
    for (q, i), tile in zip(hidden, unseen):
        state.tiles[q][i] = 2 * tile + 1
    state.msupply = supply


def _deal_hidden_pieces(state: MoaiState, q: int, rng: Rng) -> None:
    """H-6, H-7: ``q``'s camp and face-down pieces get again, at random,
    the strengths he has out of sight; the zone counts (``zc``) spare the
    search of a zone he is not in."""
    n = state.players
    f = state.forest
    v = state.volcano
    camp, known = state.camp, state.known
    in_forest = state.zc[4 * q + FOREST_Z]
    on_volcano = state.zc[4 * q + VOLCANO_Z]
    hidden = []
    for s in range(3):
        count = camp[3 * q + s] - known[3 * q + s]
        if in_forest:
            for sp in range(N_FOREST):
                count += f[6 * (n * sp + q) + 3 + s]
        if on_volcano:
            for i in range(0, len(v), 7):
                if v[i] == q:
                    count += v[i + 4 + s]
        hidden += [s] * count
    if not hidden:
        return
    rng.shuffle(hidden)
    size = state.camp_size(q)
    for s in range(3):
        camp[3 * q + s] = known[3 * q + s]
    at = size - sum(known[3 * q:3 * q + 3])
    for s in hidden[:at]:
        camp[3 * q + s] += 1
    if in_forest:
        for sp in range(N_FOREST):
            b = 6 * (n * sp + q) + 3
            count = f[b] + f[b + 1] + f[b + 2]
            if count:
                f[b] = f[b + 1] = f[b + 2] = 0
                for s in hidden[at:at + count]:
                    f[b + s] += 1
                at += count
    if on_volcano:
        for i in range(0, len(v), 7):
            if v[i] == q:
                count = v[i + 4] + v[i + 5] + v[i + 6]
                if count:
                    v[i + 4] = v[i + 5] = v[i + 6] = 0
                    for s in hidden[at:at + count]:
                        v[i + 4 + s] += 1
                    at += count


def _deal_epoch_deck(state: MoaiState, rng: Rng) -> None:
    aside = [0, 0, 0]
    for c in state.set_aside:
        aside[EPOCH_OF[c] - 1] += 1
    by_epoch: list[list[int]] = [[], [], []]
    for c in sorted(state.edeck + state.set_aside):
        by_epoch[EPOCH_OF[c] - 1].append(c)
    stacks = []
    new_aside = []
    for e in range(3):
        cards = by_epoch[e]
        rng.shuffle(cards)
        if aside[e]:
            # V-3, A-34: the Admiral is never among the cards set aside.
            out = [c for c in cards if c != ADMIRAL][:aside[e]]
            new_aside += out
            cards = [c for c in cards if c not in out]
        stacks.append(cards)
    state.set_aside = sorted(new_aside)
    state.edeck = stacks[2] + stacks[1] + stacks[0]


def _card_view(c: int) -> dict:
    card = EPOCH_CARDS[c]
    return {"id": card[0], "epoch": card[1], "name": card[2], "type": TYPE_NAMES[card[3]],
            "cards": card[4], "huts": card[5], "palm": bool(card[6]), "effect": EFFECT_NAMES[card[7]],
            "wood_lost": card[8] or None}
