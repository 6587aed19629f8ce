"""Haleakala: two shamans, a fishing boat and a volcano that burns statues.

A game is a package of one shape: ``tables`` (the island, the cards and the
codes), ``moves`` (the moves and their notation), ``refusals`` (the rule a
refused move breaks, in words), ``codec`` (the position as JSON, both ways),
``scenarios`` (the spec's scenarios, built from outside), ``state`` (the rules:
``HaleakalaState``), ``observer`` (what each player sees of a position, and the
positions they cannot tell apart), ``hints`` (advice for the bots), ``lesson``
(its guided first games); the game itself is here.
"""

from __future__ import annotations

from . import hints, lesson
from ...engine import Game
from .moves import HaleakalaMove
from .observer import HaleakalaObserver
from .state import HaleakalaState
from .tables import DECK_COMPOSITION, KINDS, SCORE_CARDS, SHAMAN_REACH, SPACE_NAMES

__all__ = ["Haleakala", "HaleakalaMove", "HaleakalaState",
           "KINDS", "SCORE_CARDS", "SPACE_NAMES", "DECK_COMPOSITION", "SHAMAN_REACH"]


class Haleakala(Game):
    id = "haleakala"
    title = {"fr": "Haleakala", "en": "Haleakala"}
    players = (2,)
    # ``tactical``: the rulebook's tactical variant (section 7). ``eruption``:
    # the eruption of spec 5.3, which the rulebook's text lacks; on by default,
    # off for tables that prefer to score without burning statues.
    options = {"tactical": False, "eruption": True}
    # Everything is on the table (I-1): only the decks' order is hidden, from
    # both players alike.
    private_information = False
    # P-3: who plays first, and H-53: the turn limit, are set-up inputs, not
    # rulebook variants.
    setup_inputs = ("first_player", "max_turns")
    Move = HaleakalaMove
    State = HaleakalaState


HaleakalaState.game = Haleakala
HaleakalaState.observer = HaleakalaObserver()
Haleakala.hints = hints
Haleakala.lessons = lesson.LESSONS
