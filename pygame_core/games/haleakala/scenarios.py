"""The spec's scenarios (``docs/rules/haleakala.md``, section 9): a position
written the way a scenario is, built through the state's public face and
checked by ``load``, for the tests, the lessons and the rules' pictures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import BadState, is_int
from .tables import (COLLECTIBLE, DECK_COMPOSITION, HUTS, KINDS, KIND_INDEX, LAVA, N_DISCS, N_KINDS,
                     N_SCORE_CARDS, N_SECTIONS, SCORE_CARDS, SPACE_NAMES, STATUES_PER_PLAYER,
                     TACTICAL_COMPOSITION)

if TYPE_CHECKING:
    from .state import HaleakalaState


def from_position(cls, to_move: int = 0, first_player: int = 0, round: int = 1, boat: int = 0,
                  shamans=None, beaches=None, statues=None, destroyed=(0, 0), slots=None,
                  decks=None, collections=None, shells=(0, 0), score_cards=None,
                  priestess_up: bool = True, craters=None, discard=None, scores=(0, 0),
                  scorings=None, invocation=None, tactical: bool = False,
                  eruption: bool = True, turns: int = 0, max_turns=None) -> "HaleakalaState":
    """A position written the way the spec's scenarios are (section 9).

    Players are 0 (Yellow) and 1 (Red). ``shamans`` maps a player to a
    space name (default: the huts); ``beaches`` maps a beach to
    ``{player: [disc values]}`` (other discs are in reserve); ``statues``
    and ``collections`` map a player to space names / card kinds;
    ``slots`` maps a section to its two cards (a kind or ``None``);
    ``craters`` maps a section to its lava discs; ``score_cards`` maps a
    player to the score cards they own; ``invocation`` (tactical) maps a
    player to a beach or ``"reserve"``.

    ``decks`` gives the 1-, 2- and 3-palm decks: each a list of kinds, top
    first (ending with ``"..."``: then every other card of that deck
    follows), a number of cards, or ``None`` (every card of that deck not
    placed elsewhere). The default is an empty 1-palm deck in round 1 and
    only the 3-palm deck in round 2. Cards of a deck that is not listed in
    full are put in non-LAVA-first order, so an unnamed drawn card is not
    ``LAVA``. Cards placed nowhere fill the sections not given in
    ``slots`` (collectible cards first), then go to the discard pile.
    As many ``LAVA`` cards as the island's lava discs require (one per
    disc drawn this round, base game) are put on the discard pile first.
    ``scorings`` (round 2) defaults to a first scoring worth ``scores``.
    """
    data = _position_data(to_move, first_player, round, boat, shamans, beaches, statues,
                          destroyed, slots, decks, collections, shells, score_cards,
                          priestess_up, craters, discard, scores, scorings, invocation,
                          tactical, eruption, turns, max_turns)
    return cls.from_json(data)


def _position_data(to_move, first_player, round, boat, shamans, beaches, statues, destroyed,
                   slots, decks, collections, shells, score_cards, priestess_up, craters,
                   discard, scores, scorings, invocation, tactical, eruption, turns,
                   max_turns) -> dict:
    composition = TACTICAL_COMPOSITION if tactical else DECK_COMPOSITION
    if decks is None:
        decks = (0, None, None) if round == 1 else (0, 0, None)
    if isinstance(craters, (list, tuple)):
        crater_list = list(craters)
    else:
        crater_list = [0] * N_SECTIONS
        for s, n in (craters or {}).items():
            crater_list[s] = n
    # Explicit cards outside the decks.
    slot_rows = {s: [None, None] for s in range(N_SECTIONS)}
    given_slots = dict(slots or {})
    for s, row in given_slots.items():
        slot_rows[s] = list(row)
    collections = {p: list(collections.get(p, [])) for p in (0, 1)} if collections else {0: [], 1: []}
    explicit_discard = list(discard or [])
    if not tactical and "LAVA" not in explicit_discard:
        # Base game: one LAVA card drawn for each lava disc of this round.
        drawn = sum(crater_list) + (4 if round == 2 else 0)
        explicit_discard += ["LAVA"] * drawn
    placed = [c for row in given_slots.values() for c in row if c is not None]
    placed += collections[0] + collections[1] + ["SHELL"] * (shells[0] + shells[1])
    placed += explicit_discard
    available = [sum(c[k] for c in composition) for k in range(N_KINDS)]
    for name in placed:
        k = _kind_or_bad(name)
        available[k] -= 1
        if available[k] < 0:
            raise BadState(f"too many {name} cards in the position")
    # The decks, last drawn first: cards placed elsewhere more likely left the earlier decks.
    deck_lists: list[list[str] | None] = [None, None, None]
    for d in (2, 1, 0):
        deck_lists[d] = _deal_deck(d, decks[d], composition[d], available)
    leftover = _fill_sections(slot_rows, given_slots, available, decks, deck_lists)
    stray = [KINDS[k] for k in leftover if COLLECTIBLE[k]]
    if stray:
        raise BadState(f"place these cards somewhere (a slot or a collection): {stray}")
    discard_list = explicit_discard + [KINDS[k] for k in leftover]
    # Discs, statues and the rest.
    disc_rows = [[None] * N_DISCS, [None] * N_DISCS]
    for b, by_player in (beaches or {}).items():
        for p, values in by_player.items():
            for v in values:
                disc_rows[p][v - 1] = b
    statue_rows = [list((statues or {}).get(p, [])) for p in (0, 1)]
    supply = [STATUES_PER_PLAYER - len(statue_rows[p]) - destroyed[p] for p in (0, 1)]
    owners = [None] * N_SCORE_CARDS
    for p, cards in (score_cards or {}).items():
        for name in cards:
            if name not in SCORE_CARDS:
                raise BadState(f"{name!r} is not a score card")
            if owners[SCORE_CARDS.index(name)] is not None:
                raise BadState(f"{name} exists once (H-45)")
            owners[SCORE_CARDS.index(name)] = p
    inv: list[str | int | None] = [None, None]
    if tactical:
        inv = ["reserve", "reserve"]
        for p, where in (invocation or {}).items():
            inv[p] = where
    shaman_row = [SPACE_NAMES[HUTS[0]], SPACE_NAMES[HUTS[1]]]
    for p, name in (shamans or {}).items():
        shaman_row[p] = name
    if scorings is None:
        scorings = []
        if round == 2:
            scorings = [{"round": 1, "truncated": False, "points": list(scores),
                         "burned": [], "protected": [], "players": [{"total": scores[0]},
                                                                     {"total": scores[1]}]}]
    return {
        "game": "haleakala", "tactical": tactical, "eruption": eruption,
        "max_turns": max_turns, "turns": turns, "round": round,
        "first_player": first_player, "player": to_move, "phase": "turn",
        "decider": to_move, "context": 0, "stack": [], "boat": boat,
        "discs": disc_rows, "invocation": inv, "shamans": shaman_row, "statues": statue_rows,
        "statue_supply": supply, "statues_destroyed": list(destroyed),
        "slots": [slot_rows[s] for s in range(N_SECTIONS)], "decks": deck_lists,
        "craters": crater_list, "collections": [collections[0], collections[1]],
        "shells": list(shells), "score_cards": owners, "priestess_up": priestess_up,
        "discard": discard_list, "scores": list(scores), "scorings": scorings,
        "truncated": False, "over": False, "result": None,
    }


# Cards of a deck not listed in full come non-LAVA first, so that an unnamed
# drawn card is not LAVA (the spec's test convention).
_FILL_ORDER = tuple(sorted(range(N_KINDS), key=lambda k: (k == LAVA, k)))


def _kind_or_bad(name) -> int:
    if name not in KIND_INDEX:
        raise BadState(f"{name!r} is not a card kind")
    return KIND_INDEX[name]


def _deal_deck(d: int, spec, counts, available: list) -> list:
    """The (d+1)-palm deck, top first, from a list of kinds (ending with
    ``"..."`` for the rest of the deck), a number of cards, or ``None`` (all
    that is left of it). ``available`` loses the cards taken."""
    left = list(counts)
    chosen: list[int] = []

    def take_rest(limit=None):
        for k in _FILL_ORDER:
            while left[k] > 0 and available[k] > 0 and (limit is None or len(chosen) < limit):
                left[k] -= 1
                available[k] -= 1
                chosen.append(k)

    if isinstance(spec, (list, tuple)):
        names = list(spec)
        rest = bool(names) and names[-1] == "..."
        for name in names[:-1] if rest else names:
            k = _kind_or_bad(name)
            if left[k] <= 0 or available[k] <= 0:
                raise BadState(f"no {name} card left for the {d + 1}-palm deck")
            left[k] -= 1
            available[k] -= 1
            chosen.append(k)
        if rest:
            take_rest()
    elif is_int(spec):
        take_rest(spec)
        if len(chosen) != spec:
            raise BadState(f"only {len(chosen)} cards are left for the {d + 1}-palm deck")
    elif spec is None:
        take_rest()
    else:
        raise BadState("a deck is a list of kinds, a number of cards or None")
    return [KINDS[k] for k in chosen]


def _fill_sections(slot_rows: dict, given_slots: dict, available: list, decks, deck_lists) -> list:
    """The sections not given get the cards placed nowhere, collectibles
    first; when those run out they are dealt from the top of the decks left
    unspecified, in drawing order, as a refill would. Returns what is left."""
    leftover = [k for k in sorted(range(N_KINDS), key=lambda k: (not COLLECTIBLE[k], k))
                for _ in range(available[k])]
    for s in range(N_SECTIONS):
        if s in given_slots:
            continue
        for k in (0, 1):
            fillers = [c for c in leftover if c != LAVA]
            if fillers:
                leftover.remove(fillers[0])
                slot_rows[s][k] = KINDS[fillers[0]]
                continue
            for d in range(3):
                if decks[d] is None and deck_lists[d] and deck_lists[d][0] != "LAVA":
                    slot_rows[s][k] = deck_lists[d].pop(0)
                    break
    return leftover
