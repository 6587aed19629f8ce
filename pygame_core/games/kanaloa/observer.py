"""What a Kanaloa player observes (H-1 to H-9): ``KanaloaObserver``, the
game's observer (``KanaloaState.observer``). A view shows the board, the
display, the face-up discards, the stones and the viewer's own cards, choice
and face-down discards; of the others' cards only their number and those the
viewer knows they hold, of the talon only its size and the cards the viewer
knows are in it. A determinized copy deals again all the viewer has not seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Observer, Rng
from .tables import (CARDS_PER_ISLAND, CHOICE_STEAL, COLOURS, DEGREE, EMPTY, GODS, ISLANDS, ISLAND_MARKERS,
                     LAYOUT, LINKS, N_GODS, N_ISLANDS, N_LINKS, OVER, PHASES, PLAY, SETUP, SIZE, SOURCES,
                     STONE_COUNTS, THRESHOLD, counted_names, owner_of, tablet)

if TYPE_CHECKING:
    from .state import KanaloaState


class KanaloaObserver(Observer["KanaloaState"]):
    """What each player sees of a Kanaloa position, and the positions they
    cannot tell from it."""

    def view(self, state: KanaloaState, player) -> dict:
        state.check_viewer(player)
        n = state.n
        ncol = state.ncol
        count = state.count
        islands = []
        for x, name in enumerate(ISLANDS):
            x_pos, y_pos = LAYOUT[name]
            controller = state.controller(x)
            islands.append({"name": name, "x": x_pos, "y": y_pos, "size": SIZE[x],
                            "links": DEGREE[x], "needed": THRESHOLD[x],
                            "controller": controller,
                            "counts": [count[N_ISLANDS * c + x] for c in range(ncol)],
                            "stone": GODS[state.stones[x]] if state.stones[x] >= 0 else None})
        links = [{"id": link, "a": LINKS[link][0], "b": LINKS[link][1],
                  "owner": None if state.owner[link] < 0 else state.owner[link]}
                 for link in range(N_LINKS)]
        playing = state.phase == PLAY
        own = player is not None
        known_rows = None
        if own:
            known_rows = [[] if q == player else state.known_names(player, q) for q in range(n)]
        return {
            "game": "kanaloa",
            "viewer": player,
            "players": n,
            "gods": state.gods,
            "colours": [{"name": COLOURS[c], "player": owner_of(n, c)} for c in range(ncol)],
            "phase": PHASES[state.phase],
            "round": state.round,
            "final_phase": state.final,
            "first_player": state.first,
            "player": state.player if playing else None,
            "active_colour": state.colour if playing and state.colour >= 0 else None,
            "turn": (None if not playing else
                     {"fresh": state.fresh, "cards_played": state.played,
                      "discarded": state.discarded, "must_play": state.must_play,
                      "hand_cap": state.hand_cap(), "draw_follows": state.draw_follows(),
                      "may_pass": state.may_pass(state.player)}),
            "pending": state.pending_view(),
            "chosen": [c >= 0 for c in state.chosen] if state.phase == SETUP else None,
            "own_choice": (ISLANDS[state.chosen[player]]
                           if own and state.phase == SETUP and state.chosen[player] >= 0 else None),
            "islands": islands,
            "links": links,
            "stock": [state.stock(c) for c in range(ncol)],
            "on_board": state.on_board[:ncol],
            "markers": [ISLAND_MARKERS - min(state.markers[c], ISLAND_MARKERS) for c in range(ncol)],
            "controlled": state.markers[:ncol],
            "hand": None if not own else state.hand_names(player),
            "hand_sizes": list(state.hand_sizes),
            "known_hands": known_rows,
            "display": [ISLANDS[c] if c >= 0 else None for c in state.display],
            "talon_size": len(state.talon),
            "talon_known": None if not own else counted_names(state.talon_known, player),
            "discard_face_up": [ISLANDS[c] for c in state.face_up],
            "discard_face_down": [len(cards) for cards in state.face_down],
            "own_face_down": None if not own else [ISLANDS[c] for c in state.face_down[player]],
            "tablets": [tablet(state.tablets, p) for p in range(n)],
            "stones_used": _stones_used(state),
            "scores": list(state.scores),
            "player_scores": state.player_scores(),
            "points": _points_list(state),
            "last_turn_played": list(state.last_done),
            "last_turn_order": list(state.last_order),
        }

    def revealed_view(self, state: KanaloaState, player) -> dict:
        """The view with every hand, the face-down discards and the talon
        (its top first): a finished game looked back on."""
        view = self.view(state, player)
        n = state.n
        view["known_hands"] = [[] if q == player else state.hand_names(q) for q in range(n)]
        view["revealed"] = (
            [{"player": q, "what": "hand", "cards": state.hand_names(q)} for q in range(n)]
            + [{"player": q, "what": "face_down", "cards": [ISLANDS[c] for c in state.face_down[q]]}
               for q in range(n)]
            + [{"player": q, "what": "chosen", "cards": [ISLANDS[state.chosen[q]]]}
               for q in range(n) if state.phase == SETUP and state.chosen[q] >= 0]
            + [{"player": None, "what": "talon", "cards": [ISLANDS[c] for c in reversed(state.talon)]}])
        return view

    def determinize(self, state: KanaloaState, player: int, rng: Rng) -> KanaloaState:
        """A copy in which everything ``player`` has not seen is dealt again
        from ``rng``: the other hands beyond the cards ``player`` knows they hold,
        the other players' face-down discards, the talon beyond the cards
        ``player`` knows it holds, its order, and the generator's future.

        During the set-up the other players' committed choices are taken back
        (they are still choosing in the copy), so a bot never knows them.
        Everything copied unchanged is part of ``view(player)``; the unseen
        cards are gathered in sorted order before the shuffle, so two positions
        ``player`` cannot tell apart give the same copy for the same ``rng``.
        """
        state.check_seat(player)
        n = state.n
        s = state.clone()
        if s.phase == SETUP:
            for q in range(n):
                if q != player and s.chosen[q] >= 0:
                    s.give(q, s.chosen[q])
                    s.chosen[q] = EMPTY
        base = N_ISLANDS * player
        end = base + N_ISLANDS
        talon_known = state.talon_known[base:end]
        unseen = [CARDS_PER_ISLAND - h - t for h, t in zip(state.hands[base:end], talon_known)]
        if s.chosen[player] >= 0:
            unseen[s.chosen[player]] -= 1
        for card in state.display:
            if card >= 0:
                unseen[card] -= 1
        for card in state.face_up:
            unseen[card] -= 1
        for card in state.face_down[player]:
            unseen[card] -= 1
        # The others' hands start from what ``player`` knows they hold.
        block = N_ISLANDS * n
        mine = state.known[block * player:block * (player + 1)]
        hands = s.hands
        sizes = s.hand_sizes
        unknown_in_hand = [0] * n
        for q in range(n):
            if q != player:
                row = mine[N_ISLANDS * q:N_ISLANDS * (q + 1)]
                hands[N_ISLANDS * q:N_ISLANDS * (q + 1)] = row
                unseen = [u - k for u, k in zip(unseen, row)]
                unknown_in_hand[q] = sizes[q] - sum(row)
        pool = [x for x in range(N_ISLANDS) for _ in range(unseen[x])]
        rng.shuffle(pool)
        at = 0
        for q in range(n):
            if q == player:
                continue
            qbase = N_ISLANDS * q
            for card in pool[at:at + unknown_in_hand[q]]:
                hands[qbase + card] += 1
            at += unknown_in_hand[q]
            size = len(state.face_down[q])
            if size:
                s.face_down[q] = pool[at:at + size]
                at += size
        if any(talon_known):
            talon = [x for x in range(N_ISLANDS) for _ in range(talon_known[x])] + pool[at:]
            rng.shuffle(talon)
            s.talon = talon
        else:
            s.talon = pool[at:]           # already in a random order
        # What the others know is not part of the copy: they know nothing more.
        s.known = [0] * (block * player) + mine + [0] * (block * (n - 1 - player))
        s.talon_known = [0] * base + talon_known + [0] * (N_ISLANDS * (n - 1 - player))
        if s.pending == CHOICE_STEAL and s.player != player:
            # H-7: whoever is choosing with KU has seen the victim's whole hand.
            victim = s.pend[0]
            seen = N_ISLANDS * (n * s.player + victim)
            s.known[seen:seen + N_ISLANDS] = s.hands[N_ISLANDS * victim:N_ISLANDS * (victim + 1)]
        s.rng = rng.next64()
        return s


def _stones_used(state: KanaloaState) -> list:
    """GD-6: stones out of the game (KANE scored, powers spent)."""
    used = list(STONE_COUNTS) if state.gods else [0] * N_GODS
    if state.gods:
        for stone in state.stones:
            if stone >= 0:
                used[stone] -= 1
        for i, k in enumerate(state.tablets):
            used[i % N_GODS] -= k
    return used


def _points_list(state: KanaloaState) -> list:
    return [{"source": SOURCES[source], "colour": COLOURS[c],
             "island": ISLANDS[island] if island >= 0 else None, "points": points}
            for source, c, island, points in state.points]
