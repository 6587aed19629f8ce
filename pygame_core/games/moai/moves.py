"""Moai's moves and their notation (docs/games/moai.md, "Move notation"):
``MoaiMove``, interned as they are first built (``move_of``)."""

from __future__ import annotations

from typing import Any

from ...engine import CodedMove
from .tables import (BOAT0, BOAT_IDS, EPOCH_IDS, EPOCH_INDEX, FIELD0, KINDS, KIND_NAMES, KIND_OF, LETTERS,
                     M_AWARD, M_BID, M_BIRTH, M_BUILD, M_CARVE, M_DONE, M_ERODE, M_KILL, M_LOSE, M_PASS,
                     M_PLACE, M_RAID, M_RANK, M_REST, M_SINK, M_STARVE, M_SWAP, M_TAKE, M_VICTIM, N_FOREST,
                     VALUE, VOLCANO0, ZONE_NAMES, cards_text, loc_name, parse_loc, parse_piece, piece_dict,
                     piece_text, zone_of)


class MoaiMove(CodedMove):
    """One decision of spec 4.7, written as in docs/games/moai.md.

    ``code`` is the kind; ``args`` a tuple whose shape depends on it (a piece
    is ``(location, seat, s, fd)``). Moves are frozen and interned: ``_move``
    builds each one once, so generating legal moves allocates only the list.
    """

    __slots__ = ("args",)
    args: tuple
    KINDS = KINDS

    def __init__(self, code: int, args: tuple = ()):
        setattr_ = object.__setattr__
        setattr_(self, "code", code)
        setattr_(self, "args", args)
        setattr_(self, "text", _notation(code, args))

    def to_dict(self) -> dict:
        code, a = self.code, self.args
        data: dict[str, Any] = {"kind": KINDS[code], "text": self.text}
        if code == M_BID:
            data["cards"] = cards_text(a)
            data["value"] = sum(VALUE[k] * a[k] for k in range(4))
        elif code in (M_RANK, M_VICTIM):
            data["player"] = a[0]
        elif code == M_TAKE:
            data["card"] = EPOCH_IDS[a[0]]
        elif code == M_ERODE:
            data["field"] = loc_name(a[0])
        elif code in (M_KILL, M_LOSE, M_STARVE, M_REST):
            data["piece"] = piece_dict(a)
        elif code == M_SINK:
            data["boat"] = BOAT_IDS[a[0]]
        elif code == M_PLACE:
            data["strength"] = a[0] + 1
            data["location"] = loc_name(a[1])
            data["zone"] = ZONE_NAMES[zone_of(a[1])]
        elif code == M_SWAP:
            data["pieces"] = [piece_dict(a[0]), piece_dict(a[1])]
        elif code == M_AWARD:
            data["space"] = loc_name(a[0])
            data["player"] = a[1]
        elif code == M_CARVE:
            data["space"] = loc_name(a[0])
            data["face_down"] = bool(a[1])
        elif code == M_RAID:
            data["card"] = KIND_NAMES[a[0]]
            data["target"] = piece_dict(a[1])
        elif code == M_BIRTH:
            data["cards"] = [KIND_NAMES[a[0]], KIND_NAMES[a[1]]]
        return data

    @classmethod
    def parse(cls, text: str) -> "MoaiMove":
        """As every move, and in its one way of writing only."""
        move = super().parse(text)
        if move.text != text:
            raise ValueError(f"write this move as {move.text!r}")
        return move

    @classmethod
    def from_words(cls, kind: str, args: list) -> "MoaiMove":
        code = cls.code_of(kind)
        return move_of(code, _parse_args(code, args))


def _seat_letter(word: str) -> int:
    if len(word) != 1 or word not in LETTERS:
        raise ValueError(f"a player is a colour letter ({', '.join(LETTERS)}), not {word!r}")
    return LETTERS.index(word)


def _kind(word: str) -> int:
    if word not in KIND_OF:
        raise ValueError(f"a Rapa Nui card is 1, 2, 3 or R, not {word!r}")
    return KIND_OF[word]


def _parse_args(code: int, args: list) -> tuple:
    kind = KINDS[code]
    if code == M_BID:
        if args == ["-"]:
            return (0, 0, 0, 0)
        if not args:
            raise ValueError("write an empty bid as 'bid -'")
        counts = [0, 0, 0, 0]
        for word in args:
            counts[_kind(word)] += 1
        return tuple(counts)
    if code in (M_RANK, M_VICTIM):
        MoaiMove.check_arity(kind, args, 1)
        return (_seat_letter(args[0]),)
    if code == M_TAKE:
        MoaiMove.check_arity(kind, args, 1)
        if args[0] not in EPOCH_INDEX:
            raise ValueError(f"{args[0]!r} is not an epoch card (E1-01 ... E3-08)")
        return (EPOCH_INDEX[args[0]],)
    if code == M_ERODE:
        MoaiMove.check_arity(kind, args, 1)
        loc = parse_loc(args[0])
        if not FIELD0 <= loc < BOAT0:
            raise ValueError(f"erosion covers a field F1-F16, not {args[0]!r}")
        return (loc,)
    if code in (M_KILL, M_LOSE, M_STARVE, M_REST):
        MoaiMove.check_arity(kind, args, 1)
        return parse_piece(args[0])
    if code == M_SINK:
        MoaiMove.check_arity(kind, args, 1)
        if args[0] not in BOAT_IDS:
            raise ValueError(f"{args[0]!r} is not a boat card ({', '.join(BOAT_IDS)})")
        return (BOAT_IDS.index(args[0]),)
    if code == M_PLACE:
        MoaiMove.check_arity(kind, args, 2)
        if args[0] not in ("1", "2", "3"):
            raise ValueError(f"a strength is 1, 2 or 3, not {args[0]!r}")
        loc = parse_loc(args[1])
        if loc < 0:
            raise ValueError("a piece is placed on the board, not in the camp")
        return (int(args[0]) - 1, loc)
    if code == M_SWAP:
        MoaiMove.check_arity(kind, args, 2)
        a, b = parse_piece(args[0]), parse_piece(args[1])
        if a[0] < 0 or b[0] < 0:
            raise ValueError("a swap exchanges two pieces on the board")
        return (a, b) if a <= b else (b, a)
    if code == M_AWARD:
        MoaiMove.check_arity(kind, args, 2)
        loc = parse_loc(args[0])
        if not 0 <= loc < N_FOREST:
            raise ValueError(f"a wood token is awarded on a forest space S1-S6, not {args[0]!r}")
        return (loc, _seat_letter(args[1]))
    if code == M_CARVE:
        if len(args) not in (1, 2) or (len(args) == 2 and args[1] != "facedown"):
            raise ValueError("write 'carve V1' or 'carve V1 facedown'")
        loc = parse_loc(args[0])
        if loc < VOLCANO0:
            raise ValueError(f"a Moai is carved on a volcano space, not {args[0]!r}")
        return (loc, len(args) - 1)
    if code == M_RAID:
        MoaiMove.check_arity(kind, args, 2)
        return (_kind(args[0]), parse_piece(args[1]))
    if code == M_BIRTH:
        MoaiMove.check_arity(kind, args, 2)
        a, b = _kind(args[0]), _kind(args[1])
        return (a, b) if a <= b else (b, a)
    MoaiMove.check_arity(kind, args, 0)
    return ()


def _notation(code: int, a: tuple) -> str:
    kind = KINDS[code]
    if code == M_BID:
        cards = cards_text(a)
        return "bid " + (" ".join(cards) if cards else "-")
    if code in (M_RANK, M_VICTIM):
        return f"{kind} {LETTERS[a[0]]}"
    if code == M_TAKE:
        return f"take {EPOCH_IDS[a[0]]}"
    if code == M_ERODE:
        return f"erode {loc_name(a[0])}"
    if code in (M_KILL, M_LOSE, M_STARVE, M_REST):
        return f"{kind} {piece_text(a)}"
    if code == M_SINK:
        return f"sink {BOAT_IDS[a[0]]}"
    if code == M_PLACE:
        return f"place {a[0] + 1} {loc_name(a[1])}"
    if code == M_SWAP:
        return f"swap {piece_text(a[0])} {piece_text(a[1])}"
    if code == M_AWARD:
        return f"award {loc_name(a[0])} {LETTERS[a[1]]}"
    if code == M_CARVE:
        return f"carve {loc_name(a[0])}" + (" facedown" if a[1] else "")
    if code == M_RAID:
        return f"raid {KIND_NAMES[a[0]]} {piece_text(a[1])}"
    if code == M_BIRTH:
        return f"birth {KIND_NAMES[a[0]]} {KIND_NAMES[a[1]]}"
    return kind


_BY_ARGS: dict[tuple, MoaiMove] = {}
# Every move built so far, by its text (see ``TextMove.parse``).
_TEXT: dict[str, MoaiMove] = {}
MoaiMove.interned = _TEXT


def move_of(code: int, args: tuple = ()) -> MoaiMove:
    """The interned move ``(code, args)``."""
    key = (code, args)
    move = _BY_ARGS.get(key)
    if move is None:
        move = MoaiMove(code, args)
        _BY_ARGS[key] = move
        _TEXT[move.text] = move
    return move


PASS_MOVE = move_of(M_PASS)
DONE_MOVE = move_of(M_DONE)
BUILD_MOVE = move_of(M_BUILD)
# Placements: PLACE_MOVES[s][loc], grown as volcano spaces appear.
PLACE_MOVES = [[move_of(M_PLACE, (s, loc)) for loc in range(VOLCANO0 + 40)] for s in range(3)]
BIRTH_PAIRS = tuple((a, b) for a in range(4) for b in range(a, 4))


def place_move(s: int, loc: int) -> MoaiMove:
    row = PLACE_MOVES[s]
    while loc >= len(row):
        for t in range(3):
            PLACE_MOVES[t].append(move_of(M_PLACE, (t, len(PLACE_MOVES[t]))))
    return row[loc]
