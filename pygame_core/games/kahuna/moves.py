"""Kahuna's moves and their notation (docs/protocol.md, "Move notation";
spec 4.1): ``KahunaMove``, and every move that can ever be legal, built once."""

from __future__ import annotations

from typing import Any

from ...engine import CardsMove, is_int
from .tables import (HIDE, ISLANDS, ISLAND_INDEX, KINDS, KIND_CODE, LINE_BETWEEN, LINE_ENDS, LINE_NAMES,
                     LINKS_AT, N_ISLANDS, N_LINES, PLACE, REMOVE, SLOTS, TAKE)


class KahunaMove(CardsMove):
    """One atomic action of spec 4.1, written as in docs/protocol.md.

    ``code`` is one of PLACE, REMOVE, HIDE, DRAW, TAKE, SKIP; ``line`` a line id
    (or -1); ``cards`` a sorted tuple of island ints; ``slot`` 0-2 (or -1).
    Moves are frozen; the legal ones are built once (see ``interned``), so that
    generating moves allocates nothing but the list.
    """

    __slots__ = ("line", "slot")
    line: int
    slot: int
    KINDS = KINDS

    def __init__(self, kind: str, line: int = -1, cards=(), slot: int = -1):
        if kind not in KIND_CODE:
            raise ValueError(f"unknown move kind {kind!r}")
        cards = tuple(sorted(cards))
        _check_fields(kind, line, cards, slot)
        setattr_ = object.__setattr__
        setattr_(self, "code", KIND_CODE[kind])
        setattr_(self, "line", line)
        setattr_(self, "cards", cards)
        setattr_(self, "slot", slot)
        setattr_(self, "text", _notation(kind, line, cards, slot))

    def to_dict(self) -> dict:
        code = self.code
        data: dict[str, Any] = {"kind": KINDS[code], "text": self.text}
        if code == PLACE:
            data["line"] = self.line
            data["card"] = ISLANDS[self.cards[0]]
        elif code == REMOVE:
            data["line"] = self.line
            data["cards"] = [ISLANDS[c] for c in self.cards]
        elif code == HIDE:
            data["card"] = ISLANDS[self.cards[0]]
        elif code == TAKE:
            data["slot"] = self.slot
        return data

    @classmethod
    def from_words(cls, kind: str, args: list) -> "KahunaMove":
        """The notation's checks: the islands exist, the line exists and is
        written alphabetically, removal cards are sorted."""
        cls.code_of(kind)
        arity = {"place": 2, "remove": 3, "hide": 1, "draw": 0, "take": 1, "skip": 0}[kind]
        cls.check_arity(kind, args, arity)
        if kind == "place":
            move = cls(kind, _parse_line(args[0]), (_parse_card(args[1]),))
        elif kind == "remove":
            first, second = _parse_card(args[1]), _parse_card(args[2])
            if first > second:
                raise ValueError(f"write the cards in alphabetical order: {args[2]} {args[1]}")
            move = cls(kind, _parse_line(args[0]), (first, second))
        elif kind == "hide":
            move = cls(kind, cards=(_parse_card(args[0]),))
        elif kind == "take":
            if args[0] not in ("0", "1", "2"):
                raise ValueError(f"a display slot is 0, 1 or 2, not {args[0]!r}")
            move = cls(kind, slot=int(args[0]))
        else:
            move = cls(kind)
        return move


def _check_fields(kind, line, cards, slot) -> None:
    """The fields each kind needs, within range (a move built by hand)."""
    lines, n_cards, slots = {"place": (True, 1, False), "remove": (True, 2, False),
                             "hide": (False, 1, False), "take": (False, 0, True)}.get(
                                 kind, (False, 0, False))
    if lines != (line != -1) or (lines and not 0 <= line < N_LINES):
        raise ValueError(f"'{kind}' needs a line id 0-26" if lines else f"'{kind}' takes no line")
    if len(cards) != n_cards or not all(is_int(c) and 0 <= c < N_ISLANDS for c in cards):
        raise ValueError(f"'{kind}' takes {n_cards} card(s), island numbers 0-11")
    if slots != (slot != -1) or (slots and slot not in range(SLOTS)):
        raise ValueError(f"'{kind}' needs a display slot 0-2" if slots else f"'{kind}' takes no slot")


def _notation(kind, line, cards, slot) -> str:
    if kind == "place" or kind == "remove":
        return " ".join([kind, LINE_NAMES[line]] + [ISLANDS[c] for c in cards])
    if kind == "hide":
        return f"hide {ISLANDS[cards[0]]}"
    if kind == "take":
        return f"take {slot}"
    return kind


def _parse_card(word: str) -> int:
    if word not in ISLAND_INDEX:
        raise ValueError(f"{word!r} is not an island (islands: {', '.join(ISLANDS)})")
    return ISLAND_INDEX[word]


def _parse_line(word: str) -> int:
    ends = word.split("-")
    if len(ends) != 2:
        raise ValueError(f"a line is written like ALOA-BARI, not {word!r}")
    a, b = _parse_card(ends[0]), _parse_card(ends[1])
    if (a, b) not in LINE_BETWEEN:
        raise ValueError(f"no line joins {ends[0]} and {ends[1]}")
    if a > b:
        raise ValueError(f"write the line with the first island first: {ends[1]}-{ends[0]}")
    return LINE_BETWEEN[a, b]


# Every move that can ever be legal, built once.
PLACE_MOVES = tuple(tuple(KahunaMove("place", line, (end,)) for end in LINE_ENDS[line])
                    for line in range(N_LINES))
REMOVE_SAME = tuple(tuple(KahunaMove("remove", line, (end, end)) for end in LINE_ENDS[line])
                    for line in range(N_LINES))
REMOVE_PAIR = tuple(KahunaMove("remove", line, LINE_ENDS[line]) for line in range(N_LINES))
HIDE_MOVES = tuple(KahunaMove("hide", cards=(c,)) for c in range(N_ISLANDS))
TAKE_MOVES = tuple(KahunaMove("take", slot=s) for s in range(SLOTS))
DRAW_MOVE = KahunaMove("draw")
SKIP_MOVE = KahunaMove("skip")

# Every move built ahead, by its text (see ``TextMove.parse``).
KahunaMove.interned = {m.text: m for m in (
    [m for pair in PLACE_MOVES for m in pair] + [m for pair in REMOVE_SAME for m in pair]
    + list(REMOVE_PAIR) + list(HIDE_MOVES) + list(TAKE_MOVES) + [DRAW_MOVE, SKIP_MOVE])}

# Per card: the placements it can make, and the removals it can take part in
# (line, other end, move with two of this card, move with one card of each end
# or None when the other end sorts first so that each pair is listed once).
PLACES_WITH = tuple(
    tuple((line, PLACE_MOVES[line][LINE_ENDS[line].index(c)]) for line, _ in LINKS_AT[c])
    for c in range(N_ISLANDS))
REMOVALS_WITH = tuple(
    tuple((line, other, REMOVE_SAME[line][LINE_ENDS[line].index(c)],
           REMOVE_PAIR[line] if other > c else None) for line, other in LINKS_AT[c])
    for c in range(N_ISLANDS))
