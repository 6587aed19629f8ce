"""The spec's scenarios (``docs/rules/kanaloa.md``, section 10): a position
written the way a scenario is, built through the state's public face and
checked by ``load``, for the tests, the lessons and the rules' pictures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import BadState, Rng, check
from .tables import (CARDS_PER_ISLAND, COLOUR_INDEX, DISPLAY, GODS, HAND_LIMIT, ISLANDS, LINK_INDEX, N_LINKS,
                     colour_count)

if TYPE_CHECKING:
    from .state import KanaloaState


def from_position(cls, players: int = 4, gods: bool = False, round: int = 1, player: int = 0,
                  colour=None, bridges=None, hands=None, display=None, talon=None,
                  discard=None, face_down=None, scores=None, stones=None, tablets=None,
                  final: bool = False, last_played=(), last_order=None, played: int = 0,
                  discarded: int = 0, must_play=None, fresh=None, known=None,
                  talon_known=None, pending=None, first_player: int = 0,
                  talon_top=None, seed=0) -> "KanaloaState":
    """A position written the way the spec's scenarios are (section 10).

    ``bridges`` maps a colour (index or name) to link names; ``hands`` and
    ``face_down`` map a seat to card names; ``stones`` maps an island to a
    god, ``tablets`` a seat to god names (stones not placed anywhere are out
    of the game); ``scores`` maps a colour to points already scored;
    ``known`` maps a viewer to {seat: cards}. Cards not placed anywhere are
    dealt, in alphabetical order, to the first of these left unspecified:
    the display (four cards, none in the final phase), the talon (its given
    size, or all that is left; a list is written top first; ``talon_top``
    puts the named cards on top of all that is left), the face-up discard
    pile.
    """
    n = players
    bridges = {(COLOUR_INDEX[c] if isinstance(c, str) else c): v
               for c, v in (bridges or {}).items()}
    hands = hands or {}
    face_down = face_down or {}
    scores = {(COLOUR_INDEX[c] if isinstance(c, str) else c): v
              for c, v in (scores or {}).items()}
    placed = [c for p in range(n) for c in list(hands.get(p, [])) + list(face_down.get(p, []))]
    placed += [c for c in (display or []) if c is not None]
    placed += list(talon) if isinstance(talon, (list, tuple)) else []
    placed += list(talon_top or [])
    placed += list(discard or [])
    left = []
    for name in ISLANDS:
        left += [name] * (CARDS_PER_ISLAND - placed.count(name))
    if display is None:
        display = [] if final else left[:DISPLAY]
        left = left[len(display):]
    display = list(display) + [None] * (DISPLAY - len(display))
    if talon_top is not None:
        check(talon is None, "give either talon or talon_top")
        talon, left = list(talon_top) + left, []
    elif talon is None:
        talon, left = ([], left) if final else (left, [])
    elif isinstance(talon, int):
        talon, left = left[:talon], left[talon:]
    if discard is None:
        discard, left = left, []
    if left:
        raise BadState(f"{len(left)} card(s) are not placed anywhere: {left}")
    ncol = colour_count(n)
    if colour is None:
        colour = None if n == 2 else player
    elif isinstance(colour, str):
        colour = COLOUR_INDEX[colour]
    size = len(hands.get(player, []))
    data = {
        "game": "kanaloa",
        "players": n,
        "gods": gods,
        "phase": "play",
        "round": round,
        "final": final,
        "first_player": first_player,
        "player": player,
        "colour": colour,
        "turn": {"fresh": (played == 0 and discarded == 0 and (n != 2 or colour is None))
                 if fresh is None else fresh,
                 "played": played, "discarded": discarded,
                 "must_play": size >= HAND_LIMIT if must_play is None else must_play},
        "pending": pending,
        "bridges": [sorted(bridges.get(c, []), key=lambda name: LINK_INDEX.get(name, N_LINKS))
                    for c in range(ncol)],
        "hands": [sorted(hands.get(p, [])) for p in range(n)],
        "chosen": [None] * n,
        "known": [[sorted((known or {}).get(v, {}).get(q, [])) if q != v else []
                   for q in range(n)] for v in range(n)],
        "talon": list(talon),
        "talon_known": [sorted((talon_known or {}).get(v, [])) for v in range(n)],
        "display": display,
        "discard_face_up": list(discard),
        "discard_face_down": [list(face_down.get(p, [])) for p in range(n)],
        "scores": [scores.get(c, 0) for c in range(ncol)],
        "points": [["earlier", c, None, scores[c]] for c in range(ncol) if scores.get(c, 0)],
        "stones": [(stones or {}).get(name) for name in ISLANDS],
        "tablets": [{g: list((tablets or {}).get(p, [])).count(g) for g in GODS}
                    for p in range(n)],
        "last_turn_played": [p in last_played for p in range(n)],
        "last_turn_order": list(last_order if last_order is not None else last_played),
        "early_win": None,
        "rng": Rng.from_seed(seed).state,
        "result": None,
    }
    return cls.from_json(data)
