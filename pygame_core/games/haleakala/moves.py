"""Haleakala's moves and their notation (docs/games/haleakala.md, "Move
notation"; H-52): ``HaleakalaMove``, and every move that can ever be legal,
built once."""

from __future__ import annotations

from typing import Any

from ...engine import CodedMove
from .tables import (BOAT, BUY, DECLINE, DISC_VALUES, HEIGHT_OF, ITEMS, ITEM_COST, ITEM_WORDS, LAVA_MOVE,
                     MOVE_KINDS, NO_RAISE, N_SECTIONS, N_SPACES, PASS, PICK, PLACE, RAISE, SECTION_OF, SHAMAN,
                     SHAMAN_REACH, SPACE_INDEX, SPACE_NAMES, STAY, TAKE, TERRAINS, WALKABLE, ccw, cw)


class HaleakalaMove(CodedMove):
    """One decision of H-52, written as in docs/games/haleakala.md.

    ``code`` is one of PLACE, TAKE, BOAT, SHAMAN, STAY, PICK, LAVA_MOVE,
    DECLINE, BUY, PASS, RAISE, NO_RAISE; ``a`` and ``b`` its numbers (a disc value and a beach,
    a space, a slot, two craters, an item); ``invoke`` the tactical invocation
    disc of a placement (V-2). Every move is built once (``interned``), so
    that generating moves allocates nothing but the list.
    """

    __slots__ = ("a", "b", "invoke")
    a: int
    b: int
    invoke: bool
    KINDS = MOVE_KINDS

    def __init__(self, code: int, a: int = -1, b: int = -1, invoke: bool = False):
        setattr_ = object.__setattr__
        setattr_(self, "code", code)
        setattr_(self, "a", a)
        setattr_(self, "b", b)
        setattr_(self, "invoke", invoke)
        setattr_(self, "text", _notation(code, a, b, invoke))

    def to_dict(self) -> dict:
        code = self.code
        data: dict[str, Any] = {"kind": MOVE_KINDS[code], "text": self.text}
        if code == PLACE:
            data.update(value=self.a, beach=self.b, invoke=self.invoke)
        elif code == TAKE:
            data["value"] = self.a
        elif code == SHAMAN:
            data.update(space=SPACE_NAMES[self.a], section=SECTION_OF[self.a],
                        terrain=TERRAINS[HEIGHT_OF[self.a]])
        elif code == PICK:
            data["slot"] = self.a
        elif code == LAVA_MOVE:
            data.update(crater=self.a, to=self.b)
        elif code == BUY:
            data.update(item=ITEMS[self.a], cost=ITEM_COST[self.a])
        return data

    @classmethod
    def from_words(cls, kind: str, args: list) -> "HaleakalaMove":
        cls.code_of(kind)
        if kind == "place":
            if len(args) not in (2, 3) or (len(args) == 3 and args[2] != "invoke"):
                raise ValueError("write a placement 'place VALUE BEACH' or 'place VALUE BEACH invoke'")
            move = cls(PLACE, _parse_value(args[0]), _parse_section(args[1], "beach"), len(args) == 3)
        elif kind == "take":
            cls.check_arity(kind, args, 1)
            move = cls(TAKE, _parse_value(args[0]))
        elif kind == "shaman":
            cls.check_arity(kind, args, 1)
            if args[0] not in SPACE_INDEX:
                raise ValueError(f"{args[0]!r} is not a space (like M1, F3, Mt0)")
            target = SPACE_INDEX[args[0]]
            if not WALKABLE[target]:
                raise ValueError(f"a shaman only walks on meadows, forests and mountains, not {args[0]}")
            move = cls(SHAMAN, target)
        elif kind == "pick":
            cls.check_arity(kind, args, 1)
            if args[0] not in ("0", "1"):
                raise ValueError(f"a card slot is 0 or 1, not {args[0]!r}")
            move = cls(PICK, int(args[0]))
        elif kind == "lava":
            cls.check_arity(kind, args, 2)
            a, b = _parse_section(args[0], "crater"), _parse_section(args[1], "crater")
            if b not in (cw(a), ccw(a)):
                raise ValueError(f"crater {b} is not next to crater {a}")
            move = cls(LAVA_MOVE, a, b)
        elif kind == "buy":
            cls.check_arity(kind, args, 1)
            if args[0] not in ITEM_WORDS:
                raise ValueError(f"{args[0]!r} is not for sale (items: {', '.join(ITEM_WORDS)})")
            move = cls(BUY, ITEM_WORDS.index(args[0]))
        else:
            cls.check_arity(kind, args, 0)
            move = cls(MOVE_KINDS.index(kind))
        return move


def _notation(code, a, b, invoke) -> str:
    if code == PLACE:
        return f"place {a} {b}" + (" invoke" if invoke else "")
    if code == TAKE:
        return f"take {a}"
    if code == SHAMAN:
        return f"shaman {SPACE_NAMES[a]}"
    if code == PICK:
        return f"pick {a}"
    if code == LAVA_MOVE:
        return f"lava {a} {b}"
    if code == BUY:
        return f"buy {ITEM_WORDS[a]}"
    return MOVE_KINDS[code]


def _parse_value(word: str) -> int:
    if word not in ("1", "2", "3", "4", "5"):
        raise ValueError(f"a numbered disc is 1 to 5, not {word!r}")
    return int(word)


def _parse_section(word: str, what: str) -> int:
    if word not in ("0", "1", "2", "3", "4", "5"):
        raise ValueError(f"a {what} is numbered 0 to 5, not {word!r}")
    return int(word)


# Every move that can ever be legal, built once.
PLACE_MOVES = tuple(tuple(HaleakalaMove(PLACE, v, b) for b in range(N_SECTIONS)) for v in range(6))
INVOKE_MOVES = tuple(tuple(HaleakalaMove(PLACE, v, b, True) for b in range(N_SECTIONS)) for v in range(6))
TAKE_MOVES = {v: HaleakalaMove(TAKE, v) for v in DISC_VALUES}
BOAT_MOVE = HaleakalaMove(BOAT)
SHAMAN_MOVES = tuple(HaleakalaMove(SHAMAN, i) if WALKABLE[i] else None for i in range(N_SPACES))
STAY_MOVE = HaleakalaMove(STAY)
PICK_MOVES = (HaleakalaMove(PICK, 0), HaleakalaMove(PICK, 1))
LAVA_MOVES = tuple((HaleakalaMove(LAVA_MOVE, s, ccw(s)), HaleakalaMove(LAVA_MOVE, s, cw(s)))
                   for s in range(N_SECTIONS))
DECLINE_MOVE = HaleakalaMove(DECLINE)
BUY_MOVES = tuple(HaleakalaMove(BUY, item) for item in range(len(ITEMS)))
PASS_MOVE = HaleakalaMove(PASS)
RAISE_MOVE = HaleakalaMove(RAISE)
NO_RAISE_MOVE = HaleakalaMove(NO_RAISE)

# Every move built ahead, by its text (see ``TextMove.parse``).
HaleakalaMove.interned = {m.text: m for m in (
    [m for row in PLACE_MOVES[1:] + INVOKE_MOVES[1:] for m in row]
    + list(TAKE_MOVES.values()) + [m for m in SHAMAN_MOVES if m is not None]
    + [m for pair in LAVA_MOVES for m in pair] + list(PICK_MOVES) + list(BUY_MOVES)
    + [BOAT_MOVE, STAY_MOVE, DECLINE_MOVE, PASS_MOVE, RAISE_MOVE, NO_RAISE_MOVE])}

# For each shaman start: (destination, move) pairs (H-8 to H-13).
SHAMAN_OPTIONS = tuple(tuple((d, SHAMAN_MOVES[d]) for d in SHAMAN_REACH[i]) for i in range(N_SPACES))
