"""A Kahuna position as JSON, both ways: ``CODEC`` writes the whole position
(hidden parts included) and reads it back, checking every field against
the invariants INV-1 to INV-6 and the turn structure. Both go through the
state's public face only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...codec import Check, Codec, Field, Flag, Part, Start, read_rng
from ...engine import check, check_pair, is_int
from .tables import (BRIDGES_PER_PLAYER, HAND_LIMIT, INTERIM_POINTS, ISLANDS, ISLAND_INDEX, LINE_ENDS,
                     LINE_INDEX, LINE_NAMES, N_ISLANDS, N_LINES, SLOTS, card_names)

if TYPE_CHECKING:
    from .state import KahunaState


# ---------------------------------------------------------------------------
# Reading a position: every field checked (INV-1 to INV-6)
# ---------------------------------------------------------------------------


def _card_list(value, what: str) -> list:
    check(isinstance(value, list), f"{what} must be a list of island names")
    for name in value:
        check(name in ISLAND_INDEX, f"{what}: {name!r} is not an island")
    return [ISLAND_INDEX[name] for name in value]


def _to_move(s: KahunaState, value) -> int:
    check(value in (0, 1) and is_int(value), "to_move must be 0 or 1")
    return value


def _load_bridges(s: KahunaState, data) -> None:
    bridges = check_pair(data["bridges"], "bridges")
    for p in (0, 1):
        check(isinstance(bridges[p], list), "bridges must list line names per player")
        for name in bridges[p]:
            check(name in LINE_INDEX, f"bridges of P{p}: {name!r} is not a line (like ALOA-BARI)")
            line = LINE_INDEX[name]
            check(s.owner[line] < 0, f"line {name} holds more than one bridge")
            s.owner[line] = p
            a, b = LINE_ENDS[line]
            s.bridges[N_ISLANDS * p + a] += 1
            s.bridges[N_ISLANDS * p + b] += 1
            s.on_board[p] += 1
        check(s.on_board[p] <= BRIDGES_PER_PLAYER,
              f"P{p} has {s.on_board[p]} bridges on the board, more than 25 (INV-3)")
    # INV-1 holds by construction: 2 * NEEDED > DEGREE on every island.


def _load_cards(s: KahunaState, data) -> None:
    hands = check_pair(data["hands"], "hands")
    known = check_pair(data["known_hands"], "known_hands")
    hidden = check_pair(data["hidden_discards"], "hidden_discards")
    everything = []
    for p in (0, 1):
        cards = _card_list(hands[p], f"hand of P{p}")
        check(len(cards) <= HAND_LIMIT, f"P{p} holds {len(cards)} cards, more than 5 (INV-5)")
        for card in cards:
            s.give(p, card)
        for card in _card_list(known[p], f"known hand of P{p}"):
            s.known[N_ISLANDS * p + card] += 1
        base = N_ISLANDS * p
        check(all(s.known[base + x] <= s.hands[base + x] for x in range(N_ISLANDS)),
              f"known hand of P{p} holds cards that are not in the hand (HI-5)")
        s.hidden[p] = _card_list(hidden[p], f"hidden discards of P{p}")
        everything += cards + s.hidden[p]
    display = data["display"]
    check(isinstance(display, list) and len(display) == SLOTS,
          "display must list 3 slots (a name or null)")
    s.display = [-1 if c is None else _card_list([c], "display")[0] for c in display]
    s.pile = _card_list(data["pile"], "pile")[::-1]
    s.open_discard = _card_list(data["open_discard"], "open discard")
    everything += [c for c in s.display if c >= 0] + s.pile + s.open_discard
    for x, name in enumerate(ISLANDS):
        count = everything.count(x)
        check(count == 2, f"there must be 2 {name} cards in the game, not {count} (INV-4)")
    check(not s.pile or -1 not in s.display,
          "the pile holds cards but a display slot is empty (INV-6)")


def _load_scorings(s: KahunaState, data) -> None:
    done = data["scorings_done"]
    check(is_int(done) and 0 <= done <= 3, "scorings_done must be 0, 1, 2 or 3")
    s.scorings_done = done
    final = data["final_turns_left"]
    check(final is None or (is_int(final) and 0 <= final <= 2),
          "final_turns_left must be null, 0, 1 or 2")
    if final is not None:
        check(done >= 2, "the final phase comes after the second interim scoring (SC-5)")
        check((final == 0) == (done == 3),
              "the final scoring happens exactly when the second extra turn ends (SC-7)")
    else:
        check(done < 3, "the final scoring happens only after the final phase (SC-7)")
    s.final_turns_left = final
    scores = check_pair(data["scores"], "scores")
    check(all(is_int(v) and v >= 0 for v in scores), "scores must be whole numbers")
    s.scores = list(scores)
    scorings = data["scorings"]
    check(isinstance(scorings, list) and len(scorings) == done,
          f"scorings must list the {done} scoring(s) done")
    totals = [0, 0]
    for r, entry in enumerate(scorings, start=1):
        check(isinstance(entry, dict) and set(entry) == {"round", "islands", "points"},
              "a scoring is {round, islands, points}")
        check(entry["round"] == r, f"scoring {r} must say round {r}")
        islands = check_pair(entry["islands"], "scoring islands")
        points = check_pair(entry["points"], "scoring points")
        check(all(is_int(v) and 0 <= v <= N_ISLANDS for v in islands),
              "island counts are 0 to 12")
        a, b = islands
        value = INTERIM_POINTS[r - 1] if r < 3 else abs(a - b)
        expected = [value if a > b else 0, value if b > a else 0]
        check(points == expected, f"scoring {r}: islands {islands} give points {expected} (SC-2, SC-7)")
        totals[0] += points[0]
        totals[1] += points[1]
        s.scorings.append((r, a, b, points[0], points[1]))
    check(totals == s.scores, "scores must be the sum of the scorings (SC-8)")


def _check_turn(s: KahunaState) -> None:
    final = s.final_turns_left is not None
    player = s.player
    if s.committed_to_draw:
        check(not final and not s.over, "committed_to_draw is only possible before the final phase")
        check(s.hidden[player], "committed_to_draw needs a face-down discard this turn (KH-22)")
        check(s.hand_sizes[player] < HAND_LIMIT, "a player committed to draw holds at most 4 cards")
    if final:
        check(not s.pile and s.display == [-1] * SLOTS,
              "in the final phase the pile and the display are empty (SC-5)")
    elif not s.over:
        check(s.pile or s.display != [-1] * SLOTS,
              "outside the final phase there is a card to draw (KH-26)")
    if s.over:
        check(s.wiped_out() or s.scorings_done == 3,
              "a finished game ended by a wipe-out or after the final scoring (SC-8, SC-10)")
    else:
        check(not s.wiped_out(),
              "one player has no bridge on the board: the game should have ended (SC-10)")


# ---------------------------------------------------------------------------
# The position's fields
# ---------------------------------------------------------------------------


CODEC: Codec[KahunaState] = Codec(
    "kahuna", "Kahuna",
    fields=(
        Field("to_move", "player", read=_to_move),
        Field("scorings_done"),
        Field("final_turns_left"),
        Field("scores"),
        Field("scorings", write=lambda s: s.scoring_list()),
        Flag("previous_turn_skipped"),
        Flag("committed_to_draw"),
        Field("bridges", "owner", write=lambda s: [
            [LINE_NAMES[line] for line in range(N_LINES) if s.owner[line] == p] for p in (0, 1)]),
        Field("hands", write=lambda s: [card_names(s.hands, 0), card_names(s.hands, 1)]),
        Field("known_hands", "known", write=lambda s: [card_names(s.known, 0), card_names(s.known, 1)]),
        Field("display", write=lambda s: [ISLANDS[c] if c >= 0 else None for c in s.display]),
        Field("pile", write=lambda s: [ISLANDS[c] for c in reversed(s.pile)]),      # top first
        Field("open_discard", write=lambda s: [ISLANDS[c] for c in s.open_discard]),
        Field("hidden_discards", "hidden", write=lambda s: [[ISLANDS[c] for c in s.hidden[p]]
                                                             for p in (0, 1)]),
        Field("rng", read=read_rng),
        Flag("over"),
    ),
    # The bridges at each island and on the board, and the hands' sizes,
    # are counted as the bridges and the hands are read.
    derived=("bridges", "on_board", "hand_sizes"),
    start=Start(lambda cls, data: cls.blank()),
    reading=(
        "to_move", "previous_turn_skipped", "committed_to_draw", "over", "rng",
        Part(_load_bridges, "bridges"),
        Part(_load_cards, "hands", "known_hands", "hidden_discards", "display", "pile", "open_discard"),
        Part(_load_scorings, "scorings_done", "final_turns_left", "scores", "scorings"),
        Check(_check_turn),
    ),
)
