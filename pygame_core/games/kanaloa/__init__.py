"""Kanaloa: two to four players bridge the sixteen islands of the ORO archipelago.

A game is a package of one shape: ``tables`` (the board, the cards and the
codes), ``moves`` (the moves and their notation), ``refusals`` (the rule a
refused move breaks, in words), ``codec`` (the position as JSON, both ways),
``scenarios`` (the spec's scenarios, built from outside), ``state`` (the rules:
``KanaloaState``; its parts ``bridges``, ``draw``, ``powers`` and ``rounds``),
``observer`` (what each player sees of a position, and the positions they
cannot tell apart), ``hints`` (advice for the bots), ``lesson`` (its guided
first games); the game itself is here.
"""

from __future__ import annotations

from . import hints, lesson
from ...engine import Game
from .moves import KanaloaMove
from .observer import KanaloaObserver
from .state import KanaloaState
from .tables import COLOURS, DEGREE, GODS, ISLANDS, LAYOUT, LINKS, SIZE, THRESHOLD

__all__ = ["Kanaloa", "KanaloaMove", "KanaloaState", "ISLANDS", "LINKS", "SIZE", "DEGREE",
           "THRESHOLD", "LAYOUT", "COLOURS", "GODS"]


class Kanaloa(Game):
    id = "kanaloa"
    title = {"fr": "Kanaloa", "en": "Kanaloa"}
    players = (2, 3, 4)
    options = {"gods": False}      # the advanced variant "Le Pouvoir des Dieux" (GD rules)
    # S-9: who plays first is a set-up input, not a rulebook variant.
    setup_inputs = ("first_player",)
    Move = KanaloaMove
    State = KanaloaState


KanaloaState.game = Kanaloa
KanaloaState.observer = KanaloaObserver()
Kanaloa.hints = hints
Kanaloa.lessons = lesson.LESSONS
