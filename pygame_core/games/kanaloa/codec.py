"""A Kanaloa position as JSON, both ways: ``CODEC`` writes the whole position
(hidden parts included) and reads it back, checking every field and the
invariants of the rules. Both go through the state's public face.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...codec import Codec, Field, Flag, Part, Start, check_flag, read_rng
from ...engine import BadState, check, is_int
from .tables import (BRIDGES, CARDS_PER_ISLAND, CHOICE_GIVE, CHOICE_REMOVE, CHOICE_STEAL, COLOURS, DEAL,
                     DEGREE, DISPLAY, EMPTY, GODS, GOD_INDEX, HAND_LIMIT, ISLANDS, ISLAND_INDEX,
                     ISLAND_MARKERS, KANE, KANE_AT, LINKS_AT, LINK_INDEX, LINK_NAMES, N_GODS, N_ISLANDS,
                     N_LINKS, OVER, PHASES, PLAY, SETUP, SMALL, SOURCES, STONE_COUNTS, THRESHOLD, colours_of,
                     counted_names, tablet)

if TYPE_CHECKING:
    from .state import KanaloaState


# ---------------------------------------------------------------------------
# Reading a position: every field checked
# ---------------------------------------------------------------------------

def _card_list(value, what: str) -> list:
    check(isinstance(value, list), f"{what} must be a list of island names")
    try:
        return [ISLAND_INDEX[name] for name in value]
    except (KeyError, TypeError):
        bad = next(name for name in value if not isinstance(name, str) or name not in ISLAND_INDEX)
        raise BadState(f"{what}: {bad!r} is not an island") from None


def _per(value, size: int, what: str) -> list:
    check(isinstance(value, list) and len(value) == size, f"{what} must list {size} entries")
    return value


def _seat(value, n: int, what: str) -> int:
    check(is_int(value) and 0 <= value < n, f"{what} must be a seat 0-{n - 1}")
    return value


def _blank(cls, data) -> KanaloaState:
    n = data["players"]
    check(is_int(n) and n in (2, 3, 4), "players must be 2, 3 or 4 (S-1)")
    return cls.blank(n, check_flag(data["gods"], "gods"))


def _phase(s: KanaloaState, value) -> int:
    check(value in PHASES, "phase must be setup, play or over")
    return PHASES.index(value)


def _round(s: KanaloaState, value) -> int:
    check(value in (1, 2) and is_int(value), "round must be 1 or 2")
    return value


def _load_board(s: KanaloaState, data) -> None:
    ncol = s.ncol
    bridges = _per(data["bridges"], ncol, "bridges (one list per colour)")
    for c in range(ncol):
        check(isinstance(bridges[c], list), "bridges must list link names per colour")
        for name in bridges[c]:
            check(name in LINK_INDEX, f"bridges of {COLOURS[c]}: {name!r} is not a link "
                                      f"(like ALOA-BAFI)")
            link = LINK_INDEX[name]
            check(s.owner[link] < 0, f"link {name} holds more than one bridge")
            s.put_bridge(c, link)
        check(s.on_board[c] <= BRIDGES,
              f"{COLOURS[c]} has {s.on_board[c]} bridges on the board, more than 20 (C-2)")
    for c in range(ncol):
        s.markers[c] = sum(1 for k, need in zip(s.count[N_ISLANDS * c:N_ISLANDS * (c + 1)],
                                                THRESHOLD) if k >= need)
    early = data["early_win"]
    if early is not None:
        check(isinstance(early, dict) and set(early) == {"colour", "island"},
              "early_win is {colour, island}")
        check(is_int(early["colour"]) and 0 <= early["colour"] < ncol, "early_win: bad colour")
        check(early["island"] in ISLAND_INDEX, "early_win: bad island")
        c, x = early["colour"], ISLAND_INDEX[early["island"]]
        check(s.count[N_ISLANDS * c + x] >= THRESHOLD[x],
              "early_win: the island is not controlled")
        check(s.markers[c] >= ISLAND_MARKERS + 1,
              "early_win needs an 11th controlled island (E-14)")
        s.early = (c, x)
        s.markers[c] = ISLAND_MARKERS      # the 11th island got no marker
    for c in range(ncol):
        check(s.markers[c] <= ISLAND_MARKERS,
              f"{COLOURS[c]} controls more than 10 islands: the game should have ended (E-14)")


def _load_cards(s: KanaloaState, data) -> None:
    n = s.n
    hands = _per(data["hands"], n, "hands")
    everything = []
    for p in range(n):
        cards = _card_list(hands[p], f"hand of seat {p}")
        for card in cards:
            s.give(p, card)
        everything += cards
    chosen = _per(data["chosen"], n, "chosen")
    for p in range(n):
        if chosen[p] is not None:
            s.chosen[p] = _card_list([chosen[p]], "chosen")[0]
            everything.append(s.chosen[p])
    display = _per(data["display"], DISPLAY, "display (4 slots, a name or null)")
    shown = iter(_card_list([c for c in display if c is not None], "display"))
    s.display = [EMPTY if c is None else next(shown) for c in display]
    s.talon = _card_list(data["talon"], "talon")[::-1]
    s.face_up = _card_list(data["discard_face_up"], "face-up discards")
    down = _per(data["discard_face_down"], n, "discard_face_down")
    s.face_down = [_card_list(down[p], f"face-down discards of seat {p}") for p in range(n)]
    everything += [c for c in s.display if c >= 0] + s.talon + s.face_up
    for cards in s.face_down:
        everything += cards
    tally = [0] * N_ISLANDS
    for card in everything:
        tally[card] += 1
    for x, k in enumerate(tally):
        check(k == CARDS_PER_ISLAND,
              f"there must be 3 {ISLANDS[x]} cards in the game, not {k} (C-3)")
    check(s.phase == SETUP or not s.talon or EMPTY not in s.display,
          "the talon holds cards but a display slot is empty (KN-21)")


def _load_knowledge(s: KanaloaState, data) -> None:
    n = s.n
    known = _per(data["known"], n, "known")
    for v in range(n):
        row = _per(known[v], n, "known (a list per seat)")
        for q in range(n):
            if row[q] == []:
                continue
            cards = _card_list(row[q], "known cards")
            check(q != v, "a player's knowledge of his own hand is not stored")
            base = N_ISLANDS * (n * v + q)
            for card in cards:
                s.known[base + card] += 1
            check(all(k <= h for k, h in zip(s.known[base:base + N_ISLANDS],
                                             s.hands[N_ISLANDS * q:N_ISLANDS * (q + 1)])),
                  f"seat {v} is said to know cards that seat {q} does not hold")
    talon_known = _per(data["talon_known"], n, "talon_known")
    in_talon = None
    for v in range(n):
        cards = _card_list(talon_known[v], "talon_known")
        if not cards:
            continue
        if in_talon is None:
            in_talon = [s.talon.count(x) for x in range(N_ISLANDS)]
        for card in cards:
            s.talon_known[N_ISLANDS * v + card] += 1
        check(all(k <= t for k, t in zip(s.talon_known[N_ISLANDS * v:N_ISLANDS * (v + 1)],
                                         in_talon)),
              f"seat {v} is said to know cards that are not in the talon")


def _load_stones(s: KanaloaState, data) -> None:
    n = s.n
    stones = _per(data["stones"], N_ISLANDS, "stones (one entry per island)")
    tablets = _per(data["tablets"], n, "tablets")
    total = [0] * N_GODS
    for x, god in enumerate(stones):
        if god is None:
            continue
        check(s.gods, "god stones are only in play with the gods variant (S-3)")
        check(god in GOD_INDEX, f"{god!r} is not a god")
        check(s.controller(x) is None or (s.early is not None and s.early[1] == x),
              f"{ISLANDS[x]} is controlled yet still holds its stone (GD-3)")
        s.stones[x] = GOD_INDEX[god]
        total[GOD_INDEX[god]] += 1
    for p in range(n):
        tablet = tablets[p]
        check(isinstance(tablet, dict) and len(tablet) == N_GODS
              and all(g in tablet for g in GODS),
              "a tablet counts every god: {KANE, KANALOA, KU, PELE, LONO}")
        values = [tablet[god] for god in GODS]
        check(all(is_int(k) and k >= 0 for k in values), "stone counts are whole numbers")
        if any(values):
            check(s.gods, "god stones are only in play with the gods variant (S-3)")
            check(values[KANE] == 0, "KANE is never kept on a tablet (GD-7)")
            s.tablets[N_GODS * p:N_GODS * (p + 1)] = values
            for g in range(N_GODS):
                total[g] += values[g]
    for g in range(N_GODS):
        check(total[g] <= STONE_COUNTS[g], f"more than {STONE_COUNTS[g]} {GODS[g]} stones (C-4)")


def _load_points(s: KanaloaState, data) -> None:
    ncol = s.ncol
    scores = _per(data["scores"], ncol, "scores (one per colour)")
    check(all(is_int(v) and v >= 0 for v in scores), "scores must be whole numbers")
    s.scores = list(scores)
    points = data["points"]
    check(isinstance(points, list), "points must be a list")
    totals = [0] * ncol
    for entry in points:
        check(isinstance(entry, list) and len(entry) == 4, "a points entry is [source, colour, "
                                                           "island, points]")
        source, c, island, value = entry
        check(source in SOURCES, f"unknown points source {source!r}")
        check(is_int(c) and 0 <= c < ncol, "points: bad colour")
        check(is_int(value) and value >= 0, "points: bad value")
        code = SOURCES.index(source)
        if code == 0:
            check(island is None, "earlier points name no island")
            x = -1
        else:
            check(island in ISLAND_INDEX, "points: bad island")
            x = ISLAND_INDEX[island]
            if code == 1:
                check(s.gods and value == KANE_AT[x], "KANE points are 1, 2 or 3 by island (GD-7)")
            elif code == 4:
                check(value == 1, "a marker is worth 1 point (E-12)")
            else:
                check(value <= DEGREE[x] - THRESHOLD[x],
                      "points: more than the island's free links can give (E-11)")
            if code == 2:
                check(s.round == 2, "the first scoring ends round 1 (E-2)")
            if code in (3, 4):
                check(s.phase == OVER, "the final scoring ends the game (E-10)")
        totals[c] += value
        s.points.append((code, c, x, value))
    check(totals == s.scores, "scores must be the sum of the points entries")


def _load_turn(s: KanaloaState, data) -> None:
    n = s.n
    last = _per(data["last_turn_played"], n, "last_turn_played")
    check(all(isinstance(v, bool) for v in last), "last_turn_played holds true or false")
    s.last_done = list(last)
    order = data["last_turn_order"]
    check(isinstance(order, list) and all(is_int(p) and 0 <= p < n for p in order)
          and len(set(order)) == len(order) and set(order) == {p for p in range(n) if last[p]},
          "last_turn_order lists, in order, exactly the seats that played their last turn")
    s.last_order = list(order)
    check(s.final or not order, "last turns are played only in the final phase (E-7)")
    colour = data["colour"]
    turn = data["turn"]
    check(isinstance(turn, dict) and set(turn) == {"fresh", "played", "discarded", "must_play"},
          "turn is {fresh, played, discarded, must_play}")
    check(isinstance(turn["fresh"], bool) and isinstance(turn["must_play"], bool),
          "turn flags are true or false")
    check(is_int(turn["played"]) and turn["played"] >= 0
          and is_int(turn["discarded"]) and turn["discarded"] >= 0,
          "turn counts are whole numbers")
    s.fresh = turn["fresh"]
    s.played = turn["played"]
    s.discarded = turn["discarded"]
    s.must_play = turn["must_play"]
    phase = s.phase
    if phase == SETUP:
        _load_setup(s, data, colour)
        return
    check(all(c == EMPTY for c in s.chosen), "set-up choices exist only in the set-up (S-6)")
    for p in range(n):
        limit = HAND_LIMIT
        if p == s.player and phase == PLAY and s.gods and s.round == 2:
            # GD-14: during his turn, two KU and two LONO stones, and PELE's
            # cards not yet given back, may take the player above five.
            limit = HAND_LIMIT + 4 + (n - 1)
        check(s.hand_sizes[p] <= limit,
              f"seat {p} holds {s.hand_sizes[p]} cards, more than 5 (KN-23)")
    if s.final:
        check(s.round == 2, "the final phase follows round 2 (E-6)")
        check(not s.talon and s.display == [EMPTY] * DISPLAY,
              "in the final phase talon and display are empty (E-6)")
        for p in range(n):
            check(not last[p] or s.hand_sizes[p] == 0,
                  "a player who played his last turn has discarded his hand (E-9)")
    elif phase == PLAY and s.round == 1:
        check(s.talon or s.display != [EMPTY] * DISPLAY,
              "round 1 ends when its last card is taken (E-1)")
    if phase == OVER:
        check(data["pending"] is None, "a finished game has no pending choice")
        check(colour is None or (is_int(colour) and 0 <= colour < s.ncol), "bad colour")
        s.colour = -1 if colour is None else colour
        check(s.early is not None or (s.final and all(last)),
              "a game ends by an early win (E-14) or after every last turn (E-10)")
        return
    check(s.early is None, "an early win ends the game (E-14)")
    check(not s.final or not last[s.player], "the player to move has already played his last turn")
    if n == 2:
        check(colour is None or colour in colours_of(2, s.player),
              "the active colour belongs to the player to move (TP-3)")
        s.colour = -1 if colour is None else colour
        check(s.colour >= 0 or (s.played == 0 and s.discarded == 0),
              "with two players the colour is chosen before anything else (TP-3)")
    else:
        check(colour == s.player, "the active colour is the player's own (S-1)")
        s.colour = colour
    pending = data["pending"]
    if pending is None:
        return
    check(isinstance(pending, dict) and "kind" in pending, "pending is {kind, ...}")
    kind = pending["kind"]
    check(s.colour >= 0, "a pending choice needs an active colour")
    if kind == "remove":
        check(set(pending) == {"kind", "islands"}, "pending remove is {kind, islands}")
        islands = _card_list(pending["islands"], "pending islands")
        check(1 <= len(islands) <= 2, "one or two islands may await a removal (KN-16)")
        for x in islands:
            check(not SMALL[x] and s.controller(x) is None
                  and all(s.owner[link] >= 0 for link, _ in LINKS_AT[x])
                  and any(s.owner[link] != s.colour for link, _ in LINKS_AT[x]),
                  f"{ISLANDS[x]} cannot await a relative-majority removal (KN-16)")
        s.pending = CHOICE_REMOVE
        s.pend = islands
    elif kind == "steal":
        check(set(pending) == {"kind", "victim"}, "pending steal is {kind, victim}")
        victim = _seat(pending["victim"], n, "the KU victim")
        check(victim != s.player and s.hand_sizes[victim] > 0,
              "KU takes a card from an opponent who holds one (GD-11)")
        check(s.gods and s.round == 2 and not s.final, "KU works only in round 2 (GD-8)")
        row = N_ISLANDS * (n * s.player + victim)
        check(s.known[row:row + N_ISLANDS] == s.hands[N_ISLANDS * victim:N_ISLANDS * (victim + 1)],
              "the KU user has seen the victim's whole hand (H-7)")
        s.pending = CHOICE_STEAL
        s.pend = [victim]
    elif kind == "give":
        check(set(pending) == {"kind", "to"}, "pending give is {kind, to}")
        to = pending["to"]
        check(isinstance(to, list) and 1 <= len(to) < n, "PELE gives to one to three opponents")
        for q in to:
            _seat(q, n, "a PELE recipient")
            check(q != s.player, "PELE gives only to opponents (GD-12)")
        check(len(set(to)) == len(to), "each opponent receives one card (GD-12)")
        check(s.gods and s.round == 2 and not s.final, "PELE works only in round 2 (GD-8)")
        check(s.hand_sizes[s.player] >= len(to), "the PELE user has a card for each opponent")
        s.pending = CHOICE_GIVE
        s.pend = list(to)
    else:
        raise BadState(f"unknown pending choice {kind!r}")


def _load_setup(s: KanaloaState, data, colour) -> None:
    n = s.n
    check(colour is None, "no colour is active during the set-up")
    check(data["pending"] is None, "no pending choice during the set-up")
    check(s.round == 1 and not s.final, "the set-up comes before round 1")
    check(not any(s.owner[link] >= 0 for link in range(N_LINKS)), "the board is empty at set-up")
    check(s.display == [EMPTY] * DISPLAY and not s.face_up and not any(s.face_down),
          "display and discards are empty until the reveal (S-6)")
    for p in range(n):
        check(s.hand_sizes[p] + (s.chosen[p] >= 0) == DEAL, "each player was dealt 4 cards (S-4)")
    check(min(s.chosen) < 0, "when everyone has chosen, the cards are revealed (S-6)")
    check(not s.points and not any(s.scores), "nobody has points at set-up (S-2)")
    check(s.player == s.first, "the first player starts (S-9)")
    check(not any(s.known) and not any(s.talon_known), "nobody knows other cards at set-up")
    check(not any(s.tablets), "no stone is captured at set-up")
    check(not s.gods or min(s.stones) >= 0, "with the gods every island holds a stone (GD-1)")
    check(s.fresh and not s.played and not s.discarded, "no turn has begun at set-up")
    s.colour = -1


# ---------------------------------------------------------------------------
# The position's fields
# ---------------------------------------------------------------------------


CODEC: Codec[KanaloaState] = Codec(
    "kanaloa", "Kanaloa",
    fields=(
        Field("players", "n"),
        Field("gods"),
        Field("phase", write=lambda s: PHASES[s.phase], read=_phase),
        Field("round", read=_round),
        Flag("final"),
        Field("first_player", "first", read=lambda s, value: _seat(value, s.n, "first_player")),
        Field("player", read=lambda s, value: _seat(value, s.n, "player")),
        Field("colour", write=lambda s: s.colour if s.colour >= 0 else None),
        Field("turn", "fresh", "played", "discarded", "must_play",
              write=lambda s: {"fresh": s.fresh, "played": s.played, "discarded": s.discarded,
                               "must_play": s.must_play}),
        Field("pending", "pending", "pend", write=lambda s: s.pending_view()),
        Field("bridges", "owner", write=lambda s: [
            [LINK_NAMES[link] for link in range(N_LINKS) if s.owner[link] == c] for c in range(s.ncol)]),
        Field("hands", write=lambda s: [s.hand_names(p) for p in range(s.n)]),
        Field("chosen", write=lambda s: [ISLANDS[c] if c >= 0 else None for c in s.chosen]),
        Field("known", write=lambda s: [[s.known_names(v, q) if q != v else [] for q in range(s.n)]
                                        for v in range(s.n)]),
        Field("talon", write=lambda s: [ISLANDS[c] for c in reversed(s.talon)]),      # top first
        Field("talon_known", write=lambda s: [counted_names(s.talon_known, v) for v in range(s.n)]),
        Field("display", write=lambda s: [ISLANDS[c] if c >= 0 else None for c in s.display]),
        Field("discard_face_up", "face_up", write=lambda s: [ISLANDS[c] for c in s.face_up]),
        Field("discard_face_down", "face_down",
              write=lambda s: [[ISLANDS[c] for c in cards] for cards in s.face_down]),
        Field("scores"),
        Field("points", write=lambda s: [
            [SOURCES[source], c, ISLANDS[island] if island >= 0 else None, points]
            for source, c, island, points in s.points]),
        Field("stones", write=lambda s: [GODS[g] if g >= 0 else None for g in s.stones]),
        Field("tablets", write=lambda s: [tablet(s.tablets, p) for p in range(s.n)]),
        Field("last_turn_played", "last_done"),
        Field("last_turn_order", "last_order"),
        Field("early_win", "early", write=lambda s: (
            None if s.early is None else {"colour": s.early[0], "island": ISLANDS[s.early[1]]})),
        Field("rng", read=read_rng),
    ),
    # The colours in play follow from the players; the bridges at each
    # island and on the board, the markers and the hands' sizes are counted
    # as the bridges and the hands are read.
    derived=("ncol", "count", "on_board", "markers", "hand_sizes"),
    start=Start(_blank, "players", "gods"),
    reading=(
        "phase", "round", "final", "first_player", "player", "rng",
        Part(_load_board, "bridges", "early_win"),
        Part(_load_cards, "hands", "chosen", "display", "talon", "discard_face_up", "discard_face_down"),
        Part(_load_knowledge, "known", "talon_known"),
        Part(_load_stones, "stones", "tablets"),
        Part(_load_points, "scores", "points"),
        Part(_load_turn, "last_turn_played", "last_turn_order", "colour", "turn", "pending"),
    ),
)
