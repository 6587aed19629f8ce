"""The guided first games: a lesson is a few steps, each a prepared
position of the real game (built with the game's ``scenarios``, checked by
its ``load``) and the one move that shows the step's idea, then a short real
game against the novice bot. Each game has its lesson, whose id is the
game's; a variant may have a short one of its own (``kanaloa-gods``).

The words are the page's (``lesson.<id>.<step>.*`` in ``web/i18n``); a
step here says what the board shows and what the player is asked to do:

* ``position()`` — the prepared position, the learner at seat ``LEARNER``;
* ``move`` — the text of the taught move, one of the learner's legal moves
  there (``tests/test_lessons.py`` checks every one);
* ``point`` — what the board points at while the step is read: the islands,
  lines, spaces or cards its words speak of, each ``{"kind": ..., "id": ...}``
  in the renderer's terms (``docs/protocol.md``, section "Lessons");
* ``rules`` — the section of the rules in brief that the step's position,
  after its move, illustrates: the rules' pictures are drawn from it.

A lesson's short game starts from ``final()``: a position of a real game,
reached by two novice bots from a fixed seed, where the learner takes over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .bots import make_bot
from .engine import Game, State

AnyState = TypeVar("AnyState", bound=State)

# The learner's seat in every step and in the short game.
LEARNER = 0
# The bot of the short game.
NOVICE = "bot0"
# The package's games, by id (``games.GAMES``), each with its lessons
# (``Game.lessons``, from its ``lesson`` module). The package hands it over
# (``pygame_core/__init__``), as it does the match layer's: the games' lesson
# modules are made of this module's parts, so this one does not import them.
GAMES: dict[str, type[Game]] = {}


@dataclass(frozen=True)
class Step:
    id: str
    position: Callable[[], State]
    move: str
    point: tuple[dict[str, Any], ...] = ()
    # The section of the game's rules in brief (``rules.<game>.<n>`` in
    # ``web/i18n``) whose picture this step's position is, after its move.
    rules: int | None = None

    def plan(self) -> dict[str, Any]:
        """What the page needs before it opens the step."""
        return {"id": self.id, "move": self.move, "point": [dict(thing) for thing in self.point],
                "rules": self.rules}


@dataclass(frozen=True)
class Picture:
    """A picture of the rules that is no step: a prepared position, what it
    points at, the section of the rules in brief it sits under, and the
    move played first (or none). Its words are the page's
    (``lesson.<id>.picture.<picture>.title`` and ``.text``)."""
    id: str
    position: Callable[[], State]
    point: tuple[dict[str, Any], ...]
    rules: int
    move: str | None = None

    def plan(self) -> dict[str, Any]:
        return {"id": self.id, "move": self.move, "point": [dict(thing) for thing in self.point],
                "rules": self.rules}


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    players: int
    steps: tuple[Step, ...]
    final: Callable[[], State]
    options: dict[str, bool] = field(default_factory=dict)
    # The seed of the short game's bots and draws (a lesson is the same
    # lesson every time).
    seed: int = 1
    # The rules' pictures that are no step (an illegal bridge, say).
    pictures: tuple[Picture, ...] = ()

    def plan(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "players": self.players, "options": dict(self.options),
                "steps": [step.plan() for step in self.steps],
                "pictures": [picture.plan() for picture in self.pictures]}

    def seats(self, step: int | None) -> list[str]:
        """The seats of a step's table (nobody else moves: the others are
        people who never play) or of the short game (the novice bot)."""
        others = "h" if step is not None else NOVICE
        return ["h" if seat == LEARNER else others for seat in range(self.players)]


def play_until(state: AnyState, done: Callable[[AnyState], bool], seed: int) -> AnyState:
    """``state`` played on by novice bots (random legal moves from ``seed``)
    until ``done(state)`` or the end: the short game's start."""
    bot = make_bot(0, seed=seed)
    while not state.is_over() and not done(state):
        player = state.to_move()[0]
        state.apply(player, bot.choose(state, player))
    return state


def lessons() -> dict[str, Lesson]:
    """Every lesson, by id, game by game in the order of the registry: each
    game's own first (its id is the game's), then its variants'."""
    return {lesson.id: lesson for game in GAMES.values() for lesson in game.lessons}


__all__ = ["LEARNER", "NOVICE", "Step", "Picture", "Lesson", "play_until", "lessons"]
