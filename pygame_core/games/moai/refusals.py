"""Why a move is refused: the sentence a player reads.

The rules are written once, in ``MoaiState.legal_moves`` (each step's
moves): ``play`` plays a move only if it is one of them. When it is not,
``refusal`` works out which rule it breaks, with its id, in words a player
reads (the key and params let the page say it in French too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import IllegalMove, game_over, is_int
from .tables import (BIRTH, BOAT, BOAT0, BOAT_IDS, CARD_TYPE, COLOURS, COVERED, EPOCH_IDS, FIELD0, KIND_NAMES,
                     M_AWARD, M_BID, M_BIRTH, M_BUILD, M_CARVE, M_DONE, M_ERODE, M_KILL, M_LOSE, M_PASS,
                     M_PLACE, M_RAID, M_RANK, M_REST, M_SINK, M_STARVE, M_SWAP, M_TAKE, M_VICTIM, PHASE_NAMES,
                     RAID, STEP_KINDS, VALUE, VOLCANO0, ZONE_NAMES, cards_text, loc_name, piece_text, zone_of)

if TYPE_CHECKING:
    from .moves import MoaiMove
    from .state import MoaiState


def refusal(s: MoaiState, p: int, move: MoaiMove) -> IllegalMove:
    """Why ``p`` may not play ``move`` in ``s`` (a move not among the legal
    ones), in words a player reads."""
    if s.over:
        return game_over()
    if p not in s.to_move():
        return IllegalMove(f"It is not {clan(s, p)}'s turn to act.", "error.not_your_turn", player=p)
    return diagnose(s, p, move)


def clan(s: MoaiState, p: object) -> str:
    """A clan's colour, as the sentences name it."""
    if isinstance(p, int) and is_int(p) and 0 <= p < s.players:
        return COLOURS[p]
    return str(p)


def diagnose(s: MoaiState, p: int, move: MoaiMove) -> IllegalMove:
    """Which rule ``move`` breaks, for ``p``, whose turn it is."""
    code, a = move.code, move.args
    phase = s.phase
    text = move.text
    if code not in STEP_KINDS[phase]:
        return IllegalMove(f"'{text}' is not a move of this step ({PHASE_NAMES[phase]}).",
                           "moai.illegal.wrong_step", move=text, step=PHASE_NAMES[phase])
    if code == M_BID:
        return IllegalMove(f"You do not hold the cards of the bid '{text}' (M-3).",
                           "moai.illegal.cards_not_held", cards=cards_text(a))
    if code == M_RANK:
        return IllegalMove(f"{clan(s, a[0])} cannot take position {len(s.ranking) + 1}: "
                           f"choose among the tied players (M-4, A-2, V-4).",
                           "moai.illegal.rank", chosen=a[0], position=len(s.ranking) + 1)
    if code == M_TAKE:
        return IllegalMove(f"{EPOCH_IDS[a[0]]} is not in the display (M-7).",
                           "moai.illegal.not_displayed", card=EPOCH_IDS[a[0]])
    if code == M_VICTIM:
        return IllegalMove(f"There is no {clan(s, a[0])} clan in this game (C-5.0a).",
                           "moai.illegal.no_such_clan", victim=a[0])
    if code == M_ERODE:
        return IllegalMove(f"{loc_name(a[0])} is not a free field (D-ERO).",
                           "moai.illegal.field_not_free", field=loc_name(a[0]))
    if code == M_KILL:
        return IllegalMove(f"{piece_text(a)} is not a face-up piece of the victim on the board "
                           f"(D-WAR).", "moai.illegal.war_target", piece=piece_text(a))
    if code in (M_LOSE, M_STARVE, M_REST) and (a[1] != p or not s.count_at(*a)):
        return IllegalMove(f"You have no piece {piece_text(a)}.", "moai.illegal.no_such_piece",
                           piece=piece_text(a))
    if code == M_STARVE:
        return IllegalMove("Pieces in the fields and on boats feed first: remove a forest or "
                           "volcano piece (M-29, A-15).", "moai.illegal.starve_feeding_piece",
                           piece=piece_text(a))
    if code == M_REST:
        return IllegalMove(f"Take your next piece from a zone you have taken the fewest from "
                           f"so far, not the {ZONE_NAMES[zone_of(a[0])]} (M-34).",
                           "moai.illegal.rest_zone", zone=ZONE_NAMES[zone_of(a[0])])
    if code == M_SINK:
        return IllegalMove(f"{BOAT_IDS[a[0]]} is not a boat of yours (D-BOAT).",
                           "moai.illegal.not_your_boat", boat=BOAT_IDS[a[0]])
    if code == M_PLACE:
        return _diagnose_place(s, p, a[0], a[1])
    if code in (M_PASS, M_SWAP):
        if s.camp_size(p):
            return IllegalMove("You still have pieces in your camp: place one (M-11).",
                               "moai.illegal.must_place")
        if code == M_SWAP:
            return _diagnose_swap(s, p, a[0], a[1])
    if code == M_AWARD:
        if a[0] != s.space:
            return IllegalMove(f"The wood token at stake is on {loc_name(s.space)} (M-20).",
                               "moai.illegal.wrong_space", space=loc_name(s.space))
        return IllegalMove(f"{clan(s, a[1])} is not tied for the wood of "
                           f"{loc_name(a[0])} (M-20).", "moai.illegal.not_tied",
                           winner=a[1], space=loc_name(a[0]))
    if code == M_CARVE:
        i = a[0] - VOLCANO0
        if i >= s.n_spaces() or s.volcano[7 * i] != p:
            return IllegalMove(f"{loc_name(a[0])} holds none of your pieces (M-23).",
                               "moai.illegal.not_your_space", space=loc_name(a[0]))
        if i in s.carved:
            return IllegalMove(f"{loc_name(a[0])} was already carved this round (A-11).",
                               "moai.illegal.already_carved", space=loc_name(a[0]))
        return IllegalMove("No tile will be taken for this Moai: it has no side to choose "
                           "(M-25).", "moai.illegal.no_tile_to_hide", space=loc_name(a[0]))
    if code == M_RAID:
        return _diagnose_raid(s, p, a[0], a[1])
    if code == M_BIRTH:
        h = s.hands
        if (h[4 * p + a[0]] < 1 or h[4 * p + a[1]] < 1
                or (a[0] == a[1] and h[4 * p + a[0]] < 2)):
            return IllegalMove("You do not hold these two cards (M-36).",
                               "moai.illegal.cards_not_held",
                               cards=[KIND_NAMES[a[0]], KIND_NAMES[a[1]]])
        m = min(VALUE[a[0]], VALUE[a[1]])
        return IllegalMove(f"The reserve holds no {COLOURS[p]} piece of strength {m} or less "
                           f"(M-36, A-21).", "moai.illegal.birth_no_piece", strength=m)
    if code in (M_DONE, M_BUILD) and phase == BIRTH:
        if s.final and any(m.code == M_BIRTH for m in s.legal_moves(p)):
            return IllegalMove("In the final round births are compulsory while one is "
                               "possible (M-36, A-25).", "moai.illegal.birth_compulsory")
        card = s.taken[p]
        if card < 0 or CARD_TYPE[card] != BOAT:
            return IllegalMove("Only a boat epoch card can become a boat (M-37).",
                               "moai.illegal.no_boat_card")
        return IllegalMove("Building a boat costs 1 wood (M-37).", "moai.illegal.no_wood")
    return IllegalMove(f"'{text}' is not legal now.", "moai.illegal.not_legal", move=text)

def _diagnose_place(state: MoaiState, p: int, s: int, loc: int) -> IllegalMove:
    if not state.camp_size(p):
        return IllegalMove("Your camp is empty: pass or swap two pieces (M-11).",
                           "moai.illegal.camp_empty")
    if not state.camp[3 * p + s]:
        return IllegalMove(f"You have no piece of strength {s + 1} in your camp.",
                           "moai.illegal.not_in_camp", strength=s + 1)
    if FIELD0 <= loc < BOAT0:
        if state.fields[loc - FIELD0] == COVERED:
            return IllegalMove(f"{loc_name(loc)} is covered by a disaster token (M-14).",
                               "moai.illegal.field_covered", field=loc_name(loc))
        return IllegalMove(f"{loc_name(loc)} already holds a piece (M-14).",
                           "moai.illegal.field_occupied", field=loc_name(loc))
    if BOAT0 <= loc < VOLCANO0:
        return IllegalMove(f"{loc_name(loc)} is not an empty boat you built in an earlier "
                           f"round (M-16).", "moai.illegal.boat_unavailable",
                           boat=loc_name(loc))
    i = loc - VOLCANO0
    spaces = state.n_spaces()
    if i > spaces or (i == spaces and any(state.volcano[7 * j] < 0 for j in range(spaces))):
        return IllegalMove("Use a free volcano space; a new one is opened only when every "
                           "space is occupied (M-15).", "moai.illegal.volcano_free_first")
    return IllegalMove(f"{loc_name(loc)} holds another clan's pieces (M-15).",
                       "moai.illegal.volcano_taken", space=loc_name(loc))

def _diagnose_swap(s: MoaiState, p: int, a, b) -> IllegalMove:
    for piece in (a, b):
        if piece[1] != p or not s.count_at(*piece):
            return IllegalMove(f"You have no piece {piece_text(piece)}.",
                               "moai.illegal.no_such_piece", piece=piece_text(piece))
    if a[0] == b[0]:
        return IllegalMove("Swap two pieces at two different places (M-17).",
                           "moai.illegal.swap_same_place")
    return IllegalMove("This swap changes nothing: pass instead (M-17).",
                       "moai.illegal.swap_changes_nothing")

def _diagnose_raid(state: MoaiState, p: int, k: int, target) -> IllegalMove:
    h = state.hands
    base = 4 * p
    if state.raids >= state.deficit:
        return IllegalMove("You cannot raid more often than you have unfed pieces (M-30, A-16).",
                           "moai.illegal.raid_limit")
    if not h[base + RAID]:
        return IllegalMove("A raid needs a Raid card (M-30).", "moai.illegal.no_raid_card")
    if h[base + k] < (2 if k == RAID else 1):
        return IllegalMove(f"A raid needs a second card; you hold no other {KIND_NAMES[k]} "
                           f"card (M-30).", "moai.illegal.cards_not_held", cards=[KIND_NAMES[k]])
    loc, q, s, fd = target
    if q == p:
        return IllegalMove("A raid takes a piece of another clan (M-30).",
                           "moai.illegal.raid_own_piece")
    if loc < 0 or FIELD0 <= loc < VOLCANO0:
        return IllegalMove("Pieces in the fields and on boats cannot be raided (M-30).",
                           "moai.illegal.raid_feeding_piece")
    if fd:
        return IllegalMove("Only a face-up piece can be raided (M-30).",
                           "moai.illegal.raid_face_down")
    if s + 1 != VALUE[k]:
        return IllegalMove(f"A card of value {VALUE[k]} takes a piece of strength {VALUE[k]}, "
                           f"not {s + 1} (M-30).", "moai.illegal.raid_strength",
                           value=VALUE[k], strength=s + 1)
    return IllegalMove(f"There is no piece {piece_text(target)}.", "moai.illegal.no_such_piece",
                       piece=piece_text(target))
