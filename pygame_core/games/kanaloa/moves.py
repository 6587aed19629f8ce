"""Kanaloa's moves and their notation (docs/games/kanaloa.md, "Move notation"):
``KanaloaMove``, and every move that can ever be legal, built once."""

from __future__ import annotations

from typing import Any

from ...engine import CardsMove, is_int
from .tables import (BUILD, CARD_NAMES, COLOUR, COLOURS, ISLANDS, ISLAND_INDEX, JOKER, KINDS, KIND_CODE,
                     LINKS, LINKS_AT, LINK_BETWEEN, LINK_ENDS, LINK_NAMES, N_ISLANDS, N_LINKS, REPLACE, SHAPE)


class KanaloaMove(CardsMove):
    """One atomic action of a turn, written as in docs/games/kanaloa.md.

    ``code`` is one of the kind constants; ``link`` a link id (or -1);
    ``cards`` a sorted tuple of card ints (16 is the KANALOA stone used as a
    wild card); ``target`` a seat (``ku``, ``give``) or a colour (``colour``),
    else -1. Moves are frozen; the ones that can ever be legal are built once.
    """

    __slots__ = ("link", "target")
    link: int
    target: int
    KINDS = KINDS

    def __init__(self, kind: str, link: int = -1, cards=(), target: int = -1):
        if kind not in KIND_CODE:
            raise ValueError(f"unknown move kind {kind!r}")
        code = KIND_CODE[kind]
        cards = tuple(sorted(cards))
        _check_fields(code, link, cards, target)
        setattr_ = object.__setattr__
        setattr_(self, "code", code)
        setattr_(self, "link", link)
        setattr_(self, "cards", cards)
        setattr_(self, "target", target)
        setattr_(self, "text", _notation(code, link, cards, target))

    def to_dict(self) -> dict:
        code = self.code
        data: dict[str, Any] = {"kind": KINDS[code], "text": self.text}
        if self.link >= 0:
            data["link"] = self.link
            data["ends"] = list(LINKS[self.link])
        if code == REPLACE:
            data["cards"] = [CARD_NAMES[c] for c in self.cards]
            data["kanaloa"] = self.cards.count(JOKER)
        elif self.cards:
            data["card"] = CARD_NAMES[self.cards[0]]
            if code == BUILD:
                data["kanaloa"] = int(self.cards[0] == JOKER)
        if code == COLOUR:
            data["colour"] = self.target
            data["colour_name"] = COLOURS[self.target]
        elif self.target >= 0:
            data["player"] = self.target
        return data

    @classmethod
    def from_words(cls, kind: str, args: list) -> "KanaloaMove":
        if kind == "lono":
            if not args or args[0] not in ("draw", "take"):
                raise ValueError("LONO is written 'lono draw' or 'lono take CARD'")
            kind, args = f"lono {args[0]}", args[1:]
        code = cls.code_of(kind)
        takes_link, n_cards, takes_target = SHAPE[code]
        cls.check_arity(kind, args, int(takes_link) + n_cards + int(takes_target))
        link, target = -1, -1
        if takes_target:
            target = _parse_number(args.pop(0), 3, "a colour" if code == COLOUR else "a seat")
        if takes_link:
            link = _parse_link(args.pop(0))
        joker_ok = code in (BUILD, REPLACE)
        cards = [_parse_card(word, joker_ok) for word in args]
        if len(cards) == 2 and cards[0] > cards[1]:
            raise ValueError(f"write the cards in order (islands alphabetically, KANALOA last): "
                             f"{args[1]} {args[0]}")
        return cls(kind, link, cards, target)


def _check_fields(code, link, cards, target) -> None:
    """The fields each kind needs, within range (a move built by hand)."""
    takes_link, n_cards, takes_target = SHAPE[code]
    kind = KINDS[code]
    if takes_link != (link != -1) or (takes_link and not (is_int(link) and 0 <= link < N_LINKS)):
        raise ValueError(f"'{kind}' needs a link id 0-36" if takes_link
                         else f"'{kind}' takes no link")
    top = JOKER if code in (BUILD, REPLACE) else JOKER - 1
    if len(cards) != n_cards or not all(is_int(c) and 0 <= c <= top for c in cards):
        raise ValueError(f"'{kind}' takes {n_cards} card(s)")
    if takes_target != (target != -1) or (takes_target
                                          and not (is_int(target) and 0 <= target <= 3)):
        raise ValueError(f"'{kind}' needs a number 0-3" if takes_target
                         else f"'{kind}' takes no number")


def _notation(code, link, cards, target) -> str:
    words = [KINDS[code]]
    if target >= 0:
        words.append(str(target))
    if link >= 0:
        words.append(LINK_NAMES[link])
    words += [CARD_NAMES[c] for c in cards]
    return " ".join(words)


def _parse_card(word: str, joker_ok: bool) -> int:
    if word == "KANALOA" and joker_ok:
        return JOKER
    if word not in ISLAND_INDEX:
        raise ValueError(f"{word!r} is not an island (islands: {', '.join(ISLANDS)})")
    return ISLAND_INDEX[word]


def _parse_link(word: str) -> int:
    ends = word.split("-")
    if len(ends) != 2:
        raise ValueError(f"a link is written like ALOA-BAFI, not {word!r}")
    a, b = _parse_card(ends[0], False), _parse_card(ends[1], False)
    if (a, b) not in LINK_BETWEEN:
        raise ValueError(f"no link joins {ends[0]} and {ends[1]}")
    if a > b:
        raise ValueError(f"write the link with the first island first: {ends[1]}-{ends[0]}")
    return LINK_BETWEEN[a, b]


def _parse_number(word: str, top: int, what: str) -> int:
    if len(word) != 1 or not "0" <= word <= str(top):
        raise ValueError(f"{what} is a number 0-{top}, not {word!r}")
    return int(word)


# Every move that can ever be legal, built once.
CHOOSE_MOVES = tuple(KanaloaMove("choose", cards=(x,)) for x in range(N_ISLANDS))
COLOUR_MOVES = tuple(KanaloaMove("colour", target=c) for c in range(4))
BUILD_MOVES = tuple(                                     # [link][0 | 1 | 2 = KANALOA]
    tuple(KanaloaMove("build", link, (card,)) for card in LINK_ENDS[link] + (JOKER,))
    for link in range(N_LINKS))
REPLACE_SAME = tuple(tuple(KanaloaMove("replace", link, (end, end)) for end in LINK_ENDS[link])
                     for link in range(N_LINKS))
REPLACE_PAIR = tuple(KanaloaMove("replace", link, LINK_ENDS[link]) for link in range(N_LINKS))
REPLACE_JOKER = tuple(tuple(KanaloaMove("replace", link, (end, JOKER)) for end in LINK_ENDS[link])
                      for link in range(N_LINKS))
REPLACE_JOKERS = tuple(KanaloaMove("replace", link, (JOKER, JOKER)) for link in range(N_LINKS))
REMOVE_MOVES = tuple(KanaloaMove("remove", link) for link in range(N_LINKS))
DISCARD_MOVES = tuple(KanaloaMove("discard", cards=(x,)) for x in range(N_ISLANDS))
TAKE_MOVES = tuple(KanaloaMove("take", cards=(x,)) for x in range(N_ISLANDS))
STEAL_MOVES = tuple(KanaloaMove("steal", cards=(x,)) for x in range(N_ISLANDS))
GIVE_MOVES = tuple(tuple(KanaloaMove("give", cards=(x,), target=q) for x in range(N_ISLANDS))
                   for q in range(4))
KU_MOVES = tuple(KanaloaMove("ku", target=q) for q in range(4))
LONO_TAKE_MOVES = tuple(KanaloaMove("lono take", cards=(x,)) for x in range(N_ISLANDS))
DRAW_MOVE = KanaloaMove("draw")
END_MOVE = KanaloaMove("end")
PASS_MOVE = KanaloaMove("pass")
PELE_MOVE = KanaloaMove("pele")
LONO_DRAW_MOVE = KanaloaMove("lono draw")

# Every move built ahead, by its text (see ``TextMove.parse``).
KanaloaMove.interned = {m.text: m for m in (
    list(CHOOSE_MOVES) + list(COLOUR_MOVES) + [m for t in BUILD_MOVES for m in t]
    + [m for t in REPLACE_SAME for m in t] + list(REPLACE_PAIR)
    + [m for t in REPLACE_JOKER for m in t] + list(REPLACE_JOKERS) + list(REMOVE_MOVES)
    + list(DISCARD_MOVES) + list(TAKE_MOVES) + list(STEAL_MOVES)
    + [m for t in GIVE_MOVES for m in t] + list(KU_MOVES) + list(LONO_TAKE_MOVES)
    + [DRAW_MOVE, END_MOVE, PASS_MOVE, PELE_MOVE, LONO_DRAW_MOVE])}

# Per card: the builds it can make (link, move), and the replacements it can
# take part in: (link, other end, move with two of this card, move with one
# card of each end or None when the other end sorts first so that each pair is
# listed once, move with this card and KANALOA).
BUILDS_WITH = tuple(
    tuple((link, BUILD_MOVES[link][LINK_ENDS[link].index(x)]) for link, _ in LINKS_AT[x])
    for x in range(N_ISLANDS))
REPLACES_WITH = tuple(
    tuple((link, other, REPLACE_SAME[link][LINK_ENDS[link].index(x)],
           REPLACE_PAIR[link] if other > x else None,
           REPLACE_JOKER[link][LINK_ENDS[link].index(x)]) for link, other in LINKS_AT[x])
    for x in range(N_ISLANDS))
