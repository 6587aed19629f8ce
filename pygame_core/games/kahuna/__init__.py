"""Kahuna: two players build bridges between twelve islands.

A game is a package of one shape: ``tables`` (the board, the cards and the
codes), ``moves`` (the moves and their notation), ``refusals`` (the rule a
refused move breaks, in words), ``codec`` (the position as JSON, both ways),
``scenarios`` (the spec's scenarios, built from outside), ``state`` (the rules:
``KahunaState``), ``observer`` (what each player sees of a position, and the
positions they cannot tell apart), ``hints`` (advice for the bots), ``lesson``
(its guided first games); the game itself is here.
"""

from __future__ import annotations

from . import hints, lesson
from ...engine import Game
from .moves import KahunaMove
from .observer import KahunaObserver
from .state import KahunaState
from .tables import DECK, DEGREE, ISLANDS, LAYOUT, LINES, NEEDED

__all__ = ["Kahuna", "KahunaMove", "KahunaState",
           "ISLANDS", "LINES", "DEGREE", "NEEDED", "LAYOUT", "DECK"]


class Kahuna(Game):
    id = "kahuna"
    title = {"fr": "Kahuna", "en": "Kahuna"}
    players = (2,)
    options = {}
    # SU-1: who plays first is a set-up input, not a rulebook variant.
    setup_inputs = ("first_player",)
    Move = KahunaMove
    State = KahunaState


KahunaState.game = Kahuna
KahunaState.observer = KahunaObserver()
Kahuna.hints = hints
Kahuna.lessons = lesson.LESSONS
