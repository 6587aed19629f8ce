"""What a Kahuna player observes (HI-1 to HI-6): ``KahunaObserver``, the
game's observer (``KahunaState.observer``). A view shows the board, the
display, the open discard pile and the viewer's own cards; of the others'
cards only their number and those everybody knows (HI-5). A determinized
copy deals again all the viewer has not seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Observer, Rng
from .tables import DEGREE, ISLANDS, LAYOUT, LINES, NEEDED, N_ISLANDS, N_LINES, card_names

if TYPE_CHECKING:
    from .state import KahunaState


class KahunaObserver(Observer["KahunaState"]):
    """What each player sees of a Kahuna position, and the positions they
    cannot tell from it."""

    def view(self, state: KahunaState, player) -> dict:
        state.check_viewer(player)
        bridges = state.bridges
        islands = []
        for x, name in enumerate(ISLANDS):
            x_pos, y_pos = LAYOUT[name]
            controller = state.controller(x)
            islands.append({"name": name, "x": x_pos, "y": y_pos, "degree": DEGREE[name],
                            "needed": NEEDED[name], "controller": controller,
                            "counts": [bridges[x], bridges[N_ISLANDS + x]]})
        lines = [{"id": line, "a": LINES[line][0], "b": LINES[line][1],
                  "owner": None if state.owner[line] < 0 else state.owner[line]}
                 for line in range(N_LINES)]
        return {
            "game": "kahuna",
            "viewer": player,
            "round": min(state.scorings_done + 1, 3),
            "scorings_done": state.scorings_done,
            "final_phase": state.final_turns_left is not None,
            "final_turns_left": state.final_turns_left,
            "previous_turn_skipped": state.previous_turn_skipped,
            "committed_to_draw": state.committed_to_draw,
            "islands": islands,
            "lines": lines,
            "supply": [state.supply(0), state.supply(1)],
            "on_board": list(state.on_board),
            "controlled": [state.islands(0), state.islands(1)],
            "hand": None if player is None else card_names(state.hands, player),
            "hand_sizes": list(state.hand_sizes),
            "known_hands": [card_names(state.known, 0), card_names(state.known, 1)],
            "display": [ISLANDS[c] if c >= 0 else None for c in state.display],
            "pile_size": len(state.pile),
            "open_discard": [ISLANDS[c] for c in state.open_discard],
            "hidden_discard_counts": [len(state.hidden[0]), len(state.hidden[1])],
            "own_hidden_discards": (None if player is None
                                    else [ISLANDS[c] for c in state.hidden[player]]),
            "scores": list(state.scores),
            "scorings": state.scoring_list(),
        }

    def revealed_view(self, state: KahunaState, player) -> dict:
        """The view with both hands, the face-down discards and the pile
        (its top first): a finished game looked back on."""
        view = self.view(state, player)
        view["known_hands"] = [card_names(state.hands, 0), card_names(state.hands, 1)]
        view["revealed"] = (
            [{"player": q, "what": "hand", "cards": card_names(state.hands, q)} for q in (0, 1)]
            + [{"player": q, "what": "hidden_discards", "cards": [ISLANDS[c] for c in state.hidden[q]]}
               for q in (0, 1)]
            + [{"player": None, "what": "pile", "cards": [ISLANDS[c] for c in reversed(state.pile)]}])
        return view

    def determinize(self, state: KahunaState, player: int, rng: Rng) -> KahunaState:
        """A copy in which the opponent's hand (beyond the cards known to be in
        it), the opponent's hidden discards, the pile order and the generator's
        future are dealt again from ``rng``.

        Everything copied unchanged is part of ``view(player)``; the unseen
        cards are gathered in sorted order before the shuffle, so two positions
        ``player`` cannot tell apart give the same copy for the same ``rng``.
        """
        state.check_seat(player)
        s = state.clone()
        q = 1 - player
        qbase = N_ISLANDS * q
        unseen = [2] * N_ISLANDS
        for card in state.display:
            if card >= 0:
                unseen[card] -= 1
        for card in state.open_discard:
            unseen[card] -= 1
        for card in state.hidden[player]:
            unseen[card] -= 1
        base = N_ISLANDS * player
        for x in range(N_ISLANDS):
            unseen[x] -= state.hands[base + x] + state.known[qbase + x]
        pool = [x for x in range(N_ISLANDS) for _ in range(unseen[x])]
        rng.shuffle(pool)
        hands = s.hands
        for x in range(N_ISLANDS):
            hands[qbase + x] = state.known[qbase + x]
        unknown_in_hand = state.hand_sizes[q] - sum(state.known[qbase:qbase + N_ISLANDS])
        for card in pool[:unknown_in_hand]:
            hands[qbase + card] += 1
        hidden_count = len(state.hidden[q])
        s.hidden[q] = pool[unknown_in_hand:unknown_in_hand + hidden_count]
        s.pile = pool[unknown_in_hand + hidden_count:]
        s.rng = rng.next64()
        return s
