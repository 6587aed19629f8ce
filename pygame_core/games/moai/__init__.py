"""Moai: two to five Rapa Nui clans carve statues while their island runs dry.

A game is a package of one shape: ``tables`` (the cards, the board and the
codes), ``moves`` (the moves and their notation), ``refusals`` (the rule a
refused move breaks, in words), ``codec`` (the position as JSON, both ways),
``scenarios`` (the spec's scenarios, built from outside), ``state`` (the rules:
``MoaiState``; its phases ``birdman``, ``epoch``, ``disasters``, ``work``,
``production``, ``bilan`` and ``scoring``), ``observer`` (what each player sees
of a position, and the positions they cannot tell apart), ``hints`` (advice for
the bots), ``lesson`` (its guided first games); the game itself is here.
"""

from __future__ import annotations

from typing import Any

from . import hints, lesson
from ...engine import Game
from .moves import MoaiMove
from .observer import MoaiObserver
from .state import MoaiState
from .tables import COLOURS, EPOCH_CARDS, EPOCH_IDS, MOAI_HEIGHTS, OPTIONS

__all__ = ["Moai", "MoaiMove", "MoaiState", "EPOCH_CARDS", "EPOCH_IDS", "MOAI_HEIGHTS",
           "COLOURS", "OPTIONS"]


class Moai(Game):
    id = "moai"
    title = {"fr": "Moai", "en": "Moai"}
    players = (2, 3, 4, 5)
    options = {name: False for name in OPTIONS}
    Move = MoaiMove
    State = MoaiState

    @classmethod
    def new_with_events(cls, players: int | None = None, seed: int | str = 0,
                        **options: Any) -> tuple[MoaiState, list[dict[str, Any]]]:
        """The opening position and the events of round 1's start (M-1, M-2)."""
        events: list[dict[str, Any]] = []
        state = MoaiState.new(players=players, seed=seed, events=events,
                              **cls.check_options(players, options))
        return state, events


MoaiState.game = Moai
MoaiState.observer = MoaiObserver()
Moai.hints = hints
Moai.lessons = lesson.LESSONS
