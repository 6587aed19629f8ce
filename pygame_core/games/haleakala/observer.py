"""What a Haleakala player observes (I-1 to I-4): ``HaleakalaObserver``, the
game's observer (``HaleakalaState.observer``). Everything is on the table
but the order of the three decks, whose remaining contents are public
(shown as counts per kind); there is no hand and no secret choice, so both
players see the same, a determinized copy only shuffles each deck again, and
a finished game looked back on shows each deck's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Observer, Rng, copy_data
from .tables import (BOARD_PRIESTESS, COLOURS, CTX_BOARD, CTX_SCORING, DISC_VALUES, HEIGHT_OF, ITEMS,
                     ITEM_COST, KINDS, NAUTILUS, N_DISCS, N_KINDS, N_SCORE_CARDS, N_SECTIONS, N_SPACES,
                     PHASES, P_BUY, P_LAVA, P_PICK, P_SHAMAN, P_STATUE, RED, SCORE_CARDS, SECTION_OF,
                     SPACE_NAMES, TERRAINS, T_SECOND, YELLOW, invocation_name, kind_name)

if TYPE_CHECKING:
    from .state import HaleakalaState


class HaleakalaObserver(Observer["HaleakalaState"]):
    """What each player sees of a Haleakala position, and the positions they
    cannot tell from it."""

    def view(self, state: HaleakalaState, player) -> dict:
        """Everything but the order of the three decks (I-1, I-2); their
        remaining contents are public and shown as counts per kind (I-4)."""
        state.check_viewer(player)
        statues = state.statues
        shamans = state.shamans
        spaces = [{"id": SPACE_NAMES[i], "section": SECTION_OF[i],
                   "terrain": TERRAINS[HEIGHT_OF[i]],
                   "statue": None if statues[i] < 0 else statues[i],
                   "shaman": 0 if shamans[0] == i else 1 if shamans[1] == i else None}
                  for i in range(N_SPACES)]
        sections = []
        for s in range(N_SECTIONS):
            sections.append({
                "section": s,
                "slots": [kind_name(state.slots[2 * s]), kind_name(state.slots[2 * s + 1])],
                "discs": [_discs_on(state, p, s) for p in (YELLOW, RED)],
                "sums": [state.sums[s], state.sums[N_SECTIONS + s]],
                "invocation": [state.invocation[p] == s for p in (YELLOW, RED)],
                "lava": state.craters[s],
            })
        players = []
        for p in (YELLOW, RED):
            base = N_KINDS * p
            players.append({
                "colour": COLOURS[p],
                "reserve": state.in_reserve(p),
                "invocation": invocation_name(state.invocation[p]),
                "shaman": SPACE_NAMES[shamans[p]],
                "statue_supply": state.supply[p],
                "statues_on_board": state.statues_on_board(p),
                "statues_destroyed": state.destroyed[p],
                "collection": [KINDS[k] for k in range(NAUTILUS + 1)
                               for _ in range(state.collections[base + k])],
                "baskets": state.baskets(p),
                "butterflies": state.butterflies(p),
                "shells": state.shells[p],
                "score_cards": [SCORE_CARDS[i] for i in range(N_SCORE_CARDS) if state.owners[i] == p],
                "score": state.scores[p],
            })
        return {
            "game": "haleakala",
            "viewer": player,
            "active": state.player,
            "phase": PHASES[state.phase],
            "decider": None if state.over else state.decider,
            "pending": _pending(state),
            "round": state.round,
            "turns": state.turns,
            "max_turns": state.max_turns,
            "tactical": state.tactical,
            "eruption": state.eruption,
            "first_player": state.first_player,
            "boat": state.boat,
            "sections": sections,
            "spaces": spaces,
            "players": players,
            "lava_supply": state.lava_supply(),
            "decks": [{"palms": d + 1, "count": len(state.decks[d]),
                       "contents": _kind_counts(state.decks[d])} for d in range(3)],
            "discard": {KINDS[k]: state.discard[k] for k in range(N_KINDS) if state.discard[k]},
            "box": {"LAVA": 8} if state.tactical else {},
            "score_board": {
                "score_cards": [{"id": SCORE_CARDS[i], "cost": ITEM_COST[i],
                                 "owner": None if state.owners[i] < 0 else state.owners[i]}
                                for i in range(N_SCORE_CARDS)],
                "priestess_up": state.priestess_up,
                "priestess_cost": ITEM_COST[BOARD_PRIESTESS],
            },
            "scores": list(state.scores),
            "scorings": copy_data(state.scorings),
        }

    def revealed_view(self, state: HaleakalaState, player) -> dict:
        """The view with the order of the three decks shown (I-1): each deck
        that still holds cards, its top first, under ``deck_1`` to ``deck_3``
        by its palms. Their contents were public all along (I-2); only the
        order was hidden. A finished game looked back on."""
        view = self.view(state, player)
        # I-1: the top of a deck is the end of its list (``_refill`` pops it, H-32).
        view["revealed"] = [{"player": None, "what": f"deck_{d + 1}",
                             "cards": [KINDS[k].lower() for k in reversed(deck)]}
                            for d, deck in enumerate(state.decks) if deck]
        return view

    def determinize(self, state: HaleakalaState, player: int, rng: Rng) -> HaleakalaState:
        """A copy in which the order of each face-down deck is dealt again from
        ``rng`` (I-1). Each deck's contents are public (I-2), so each deck is
        shuffled on its own; its cards are sorted first, so that two positions
        ``player`` cannot tell apart give the same copy for the same ``rng``.
        There is no other hidden information and no secret choice (I-3)."""
        state.check_seat(player)
        s = state.clone()
        for deck in s.decks:
            deck.sort()
            rng.shuffle(deck)
        return s


def _discs_on(state: HaleakalaState, p: int, s: int) -> list:
    base = N_DISCS * p
    return [v for v in DISC_VALUES if state.discs[base + v - 1] == s]


def _pending(state: HaleakalaState):
    """What the decision in progress is about (for the browser)."""
    phase = state.phase
    if phase == P_PICK:
        s = state.boat
        second = state.stack[-1][1] if state.stack and state.stack[-1][0] == T_SECOND else None
        return {"section": s, "second_taker": second}
    if phase == P_LAVA:
        return {"source": "board" if state.context == CTX_BOARD else "card"}
    if phase == P_BUY:
        return {"reason": "scoring" if state.context == CTX_SCORING else "shell",
                "items": [ITEMS[i] for i in state.affordable(state.decider)]}
    if phase == P_SHAMAN:
        return {"from": SPACE_NAMES[state.shamans[state.decider]]}
    if phase == P_STATUE:
        return {"space": SPACE_NAMES[state.shamans[state.decider]]}
    return None


def _kind_counts(cards) -> dict:
    counts = [0] * N_KINDS
    for k in cards:
        counts[k] += 1
    return {KINDS[k]: counts[k] for k in range(N_KINDS) if counts[k]}
