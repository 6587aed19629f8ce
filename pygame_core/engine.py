"""The protocol every game implements.

Everything outside a game's package -- the browser facade, the bots, the tests
and the benchmarks -- reaches a game only through the names defined here:

* ``Game``: static facts (``id``, ``title``, ``players``, ``options``) and the
  constructors ``new(players=, seed=, **options)`` and ``from_json(data)``.
* ``State``: one position. ``players`` (how many play), ``to_move()``, ``legal_moves(player)``,
  ``play(player, move)``, ``view(player)``, ``is_over()``, ``result()``,
  ``clone()``, ``to_json()``, ``determinize(player, rng)``.
* ``Observer``: what a player observes of a position, the game's own object
  (``State.observer``): ``State.view``, ``revealed_view`` and
  ``determinize`` are its ``view``, ``revealed_view`` and ``determinize``.

Each rule is written once, in ``legal_moves``: ``play`` is "is the move
among the legal ones? then ``apply`` it", and ``refusal`` (each game's
``refusals`` module) finds, for a move that is not, the rule it breaks in a
sentence a player reads. ``apply`` plays a legal move without asking again:
the bots' searches, whose moves come from ``legal_moves``, call it directly.
* ``Move``: a small frozen value with a canonical text form
  (``str(move)`` / ``Game.Move.parse(text)``).

Players are numbered from 0. Randomness comes only from ``Rng``, a tiny
generator whose whole state is one integer stored in the game state, so that a
seed and a list of moves replay byte for byte in CPython and in Pyodide.

Besides the protocol, the helpers the games share live here: the move classes
with a kind (``CodedMove``, ``CardsMove``), reading a move (``State.as_move``),
the refusal of a finished game (``game_over``), checking seats and viewers, the checks a ``from_json``
is made of (``check_fields`` first, ``check``, ``check_pair``, ``check_rng``,
``check_result`` last) and ``copy_data``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from .lessons import Lesson

__all__ = [
    "GameError",
    "IllegalMove",
    "BadState",
    "Rng",
    "Move",
    "TextMove",
    "CodedMove",
    "CardsMove",
    "Event",
    "event_for",
    "Game",
    "State",
    "Observer",
    "Hints",
    "is_int",
    "game_over",
    "copy_data",
    "check",
    "check_pair",
    "check_fields",
    "check_rng",
    "check_result",
]

MASK64 = (1 << 64) - 1
T = TypeVar("T")
S = TypeVar("S", bound="State")


class GameError(Exception):
    """Base class of every error the rules package raises on purpose."""


class IllegalMove(GameError, ValueError):
    """A move that is malformed or not legal now. The state is left unchanged.

    ``str(error)`` is a sentence a player understands (English); ``key`` and
    ``params`` let the browser show the same sentence in the player's language.
    """

    def __init__(self, message: str, key: str = "error.illegal", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


class BadState(GameError, ValueError):
    """A position (JSON) that is malformed or breaks the game's invariants."""


def game_over() -> IllegalMove:
    """The refusal of any move once the game is over."""
    return IllegalMove("The game is over.", "error.game_over")


def is_int(value: object) -> bool:
    """An int that is not a bool (JSON and hand-built moves may carry either)."""
    return type(value) is int


def copy_data(value: Any) -> Any:
    """A copy of JSON-shaped data (dicts and lists of plain values), much
    cheaper than ``copy.deepcopy``."""
    if type(value) is dict:
        return {k: copy_data(v) for k, v in value.items()}
    if type(value) is list:
        return [copy_data(v) for v in value]
    return value


def check(condition: object, message: str) -> None:
    """``BadState(message)`` unless ``condition`` holds: one check of a position
    being loaded."""
    if not condition:
        raise BadState(message)


def check_pair(value: object, what: str) -> list[Any]:
    """``value`` when it is a list of two entries (one per player of a
    two-player game); ``BadState`` otherwise."""
    if not isinstance(value, list) or len(value) != 2:
        raise BadState(f"{what} must be a list of two entries")
    return value


def check_fields(data: object, keys: Sequence[str], game_id: str, title: str) -> dict[str, Any]:
    """The start of every ``from_json``: ``data`` is an object with exactly the
    fields ``keys``, and it is a position of the game ``game_id``."""
    if not isinstance(data, dict):
        raise BadState(f"a {title} position is a JSON object")
    missing = [k for k in keys if k not in data]
    check(not missing, f"missing field(s): {', '.join(missing)}")
    extra = sorted(set(data) - set(keys))
    check(not extra, f"unknown field(s): {', '.join(extra)}")
    check(data["game"] == game_id, f"this is not a {title} position: game {data['game']!r}")
    return data


def check_rng(value: object) -> int:
    """The generator's state saved in a position: a 64-bit unsigned integer."""
    if type(value) is not int or not 0 <= value < 1 << 64:
        raise BadState("rng must be an integer in [0, 2**64)")
    return value


def check_result(expected: object, state: State) -> None:
    """The end of every ``from_json``: the saved result is the one the loaded
    position gives (``None`` before the end)."""
    check(expected == state.result(), "result does not match the position" if state.is_over()
          else "result must be null before the end")


class Rng:
    """SplitMix64: a fast generator whose entire state is one 64-bit integer.

    Python's ``random.Random`` carries 625 words of state, which would make
    every ``clone()`` and every saved position heavy; this one costs one int.
    """

    __slots__ = ("state",)

    def __init__(self, state: int = 0) -> None:
        self.state = state & MASK64

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        """A generator from any int or string seed (strings hashed stably)."""
        if isinstance(seed, str):
            value = 1469598103934665603
            for byte in seed.encode("utf-8"):
                value = ((value ^ byte) * 1099511628211) & MASK64
            seed = value
        rng = cls(int(seed) ^ 0x9E3779B97F4A7C15)
        rng.next64()
        return rng

    # The generator's step is written out in ``below``, ``random``, ``randoms``
    # and ``shuffle`` as well: the bots' simulations draw millions of numbers,
    # and a call less per number is a tenth of their time. Each gives exactly
    # the numbers ``next64`` would.

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = 0x10000000000000000 - 0x10000000000000000 % n
        state = self.state
        while True:
            state = z = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def random(self) -> float:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def randoms(self, count: int) -> list[float]:
        """``count`` numbers in [0, 1): the same as ``count`` calls of ``random()``."""
        out = []
        state = self.state
        for _ in range(count):
            state = z = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            out.append(((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53)))
        self.state = state
        return out

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates, in place."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = 0x10000000000000000 - 0x10000000000000000 % n
            while True:                                 # below(n), written out
                state = z = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())


class Move:
    """A move: a small immutable value with a canonical text form.

    Each game subclasses it (usually with ``__slots__``), documents its
    notation, and implements ``__str__``, ``parse`` and ``to_dict`` (the
    structured fields the browser uses to draw the choice). Two moves are equal
    exactly when their text forms are equal.
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written ``text``; ``ValueError`` when it is not one."""
        raise ValueError(f"{cls.__name__} has no notation")

    def to_dict(self) -> dict[str, Any]:
        return {"text": str(self)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class TextMove(Move):
    """A frozen move that keeps its canonical text in ``text`` (set once, with
    ``object.__setattr__``, by the subclass's constructor): equality, hashing,
    ``str`` and copies all go through the text, so comparing moves in the
    bots' inner loop costs one string comparison."""

    __slots__ = ("text",)
    text: str
    # The moves built ahead (each legal move is one of them), by their text:
    # parsing a known text gives back that very object. Each game's move
    # class sets its own.
    interned: ClassVar[dict[str, Any]] = {}

    @classmethod
    def parse(cls, text: str) -> Self:
        """The move written ``text`` (``ValueError`` with the reason otherwise).

        Parsing checks the notation only; whether the move is legal now is
        for ``play`` to say, with the rule it breaks.
        """
        if not isinstance(text, str):
            raise ValueError(f"a move is text, not {type(text).__name__}")
        known: Self | None = cls.interned.get(text)
        if known is not None:
            return known
        words = text.split()
        if not words:
            raise ValueError("the move is empty")
        move = cls.from_words(words[0], words[1:])
        found: Self = cls.interned.get(move.text, move)
        return found

    @classmethod
    def from_words(cls, kind: str, args: list[str]) -> Self:
        """The move whose text is ``kind`` followed by ``args`` (the game's
        notation); ``ValueError`` says why there is none. Each game's move
        class reads its own words."""
        raise ValueError(f"{cls.__name__} has no notation")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a move cannot be changed")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # Copies and pickles go through the text, which also keeps interning.
        return (type(self).parse, (self.text,))

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        return isinstance(other, Move) and self.text == str(other)

    def __hash__(self) -> int:
        return hash(self.text)


class CodedMove(TextMove):
    """A text move of one of a few kinds: ``code`` is the index of its kind's
    name in the class's ``KINDS`` (the first word of its text). Every game's
    moves are of this shape; the game's move class adds the fields of its
    kinds and sets ``KINDS``."""

    __slots__ = ("code",)
    code: int
    KINDS: ClassVar[tuple[str, ...]] = ()

    @property
    def kind(self) -> str:
        return self.KINDS[self.code]

    @classmethod
    def code_of(cls, kind: str) -> int:
        """The code of the kind named ``kind``; ``ValueError`` for a word that
        names no kind (the first word of a move being read)."""
        if kind not in cls.KINDS:
            raise ValueError(f"unknown move {kind!r} (expected one of {', '.join(cls.KINDS)})")
        return cls.KINDS.index(kind)

    @staticmethod
    def check_arity(kind: str, args: Sequence[str], count: int) -> None:
        """``ValueError`` unless a ``kind`` move is written with ``count`` words after its kind."""
        if len(args) != count:
            raise ValueError(f"'{kind}' takes {count} argument(s), not {len(args)}")


class CardsMove(CodedMove):
    """A coded move that plays cards: ``cards`` is a sorted tuple of card
    numbers (empty for the kinds that play none)."""

    __slots__ = ("cards",)
    cards: tuple[int, ...]

    @property
    def card(self) -> int | None:
        """The single card of a one-card move, else None."""
        return self.cards[0] if len(self.cards) == 1 else None


def Event(key: str, player: int | None = None, secret_for: int | Sequence[int] | None = None,
          secret: dict[str, Any] | None = None, **params: Any) -> dict[str, Any]:
    """One line of the game log, in words the browser translates.

    ``key`` names a sentence in ``web/i18n/*.json`` (for example
    ``kahuna.place``); ``params`` fill it. When part of the sentence is hidden
    information, ``secret_for`` is the only player who may read ``secret``
    (extra params such as the card drawn blind); everyone else gets the
    sentence without them.
    """
    event: dict[str, Any] = {"key": key, "params": params}
    if player is not None:
        event["player"] = player
    if secret_for is not None:
        event["secret_for"] = list(secret_for) if isinstance(secret_for, (list, tuple)) else secret_for
        event["secret"] = secret or {}
    return event


def event_for(event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """The event as ``viewer`` may see it (``None``: a spectator)."""
    if "secret_for" not in event:
        return event
    shown: dict[str, Any] = {"key": event["key"], "params": dict(event["params"])}
    if "player" in event:
        shown["player"] = event["player"]
    readers = event["secret_for"]
    if viewer == readers or (isinstance(readers, (list, tuple)) and viewer in readers):
        shown["params"].update(event["secret"])
        shown["key"] = event["key"] + ".own"
    return shown


# The protocol's move class, under a name that the class attributes called
# ``Move`` below do not hide.
AnyMove = Move


@runtime_checkable
class Hints(Protocol):
    """What every game's hints module gives the bots (``Game.hints``): its
    evaluation of a position for one player (higher is better for that
    player), and every player's in one pass. Bots only ever call them on
    determinized copies. A module may also offer ``rollout_move(state,
    player, rng)``, ``sensible_moves(state, player, moves)``, ``EVAL_SCALE``,
    ``ROLLOUT_DEPTH`` and ``EXPLORATION`` (``bots/ismcts.py``), and ``reasons(state, player,
    move)``: what a suggested move gains, in words' keys and parameters,
    computed on a determinized copy (the facade's ``think`` with ``hint``)."""

    def evaluate(self, state: Any, player: int) -> float: ...

    def evaluations(self, state: Any) -> list[Any]: ...


class Game:
    """The static facts of one game. Subclasses set the class attributes."""

    id: ClassVar[str] = ""
    title: ClassVar[dict[str, str]] = {}
    players: ClassVar[tuple[int, ...]] = ()
    options: ClassVar[dict[str, bool]] = {}
    Move: ClassVar[type[AnyMove]] = AnyMove
    State: ClassVar[type[AnyState]]
    # Set-up inputs that are not rulebook variants (who plays first, a turn
    # limit): ``new`` hands them to ``State.new`` as they are, the options
    # after ``check_options``.
    setup_inputs: ClassVar[tuple[str, ...]] = ()
    # Advice for the bots, in the game's own module (``Hints``).
    hints: ClassVar[Hints | None] = None
    # The game's guided first games, its own first, then its variants'
    # (``lessons.Lesson``, from the game's ``lesson`` module).
    lessons: ClassVar[tuple[Lesson, ...]] = ()
    # Whether a player ever knows something another does not (a hand, a
    # face-down tile, a secret bid). When not, every player's view is the same
    # and a shared device passes between players without a privacy screen.
    private_information: ClassVar[bool] = True

    @classmethod
    def check_options(cls, players: object, options: dict[str, Any]) -> dict[str, bool]:
        if players not in cls.players:
            allowed = ", ".join(str(n) for n in cls.players)
            raise GameError(f"{cls.id} is played by {allowed} players, not {players}")
        unknown = set(options) - set(cls.options)
        if unknown:
            raise GameError(f"unknown option(s) for {cls.id}: {', '.join(sorted(unknown))}")
        merged = dict(cls.options)
        for name, value in options.items():
            if not isinstance(value, bool):
                raise GameError(f"option {name} must be true or false")
            merged[name] = value
        return merged

    @classmethod
    def new(cls, players: int | None = None, seed: int | str = 0, **options: Any) -> AnyState:
        """The opening position for ``players`` (``None``: the game's only
        player count, when it has one) with the seeded generator.
        ``options`` holds the variants and the game's ``setup_inputs``."""
        if players is None and len(cls.players) == 1:
            players = cls.players[0]
        inputs = {name: options.pop(name) for name in cls.setup_inputs if name in options}
        return cls.State.new(players=players, seed=seed, **inputs, **cls.check_options(players, options))

    @classmethod
    def new_with_events(cls, players: int | None = None, seed: int | str = 0,
                        **options: Any) -> tuple[AnyState, list[dict[str, Any]]]:
        """``(state, events)``: the position ``new`` makes, and the events of
        what the set-up itself played before anyone moved (Moai reveals its
        first epoch cards and lays the wood), the first lines of a log. Most
        games play nothing at set-up."""
        return cls.new(players=players, seed=seed, **options), []

    @classmethod
    def from_json(cls, data: object) -> AnyState:
        """The position ``to_json`` wrote; ``BadState`` when it is not valid."""
        return cls.State.from_json(data)


class State(ABC):
    """One position of a game. See the module docstring for the protocol."""

    game: ClassVar[type[Game]] = Game
    # The opening position: ``new(players=, seed=, **options)``, a class
    # method whose options are the game's own (``Game.new`` checks them first).
    new: ClassVar[Callable[..., State]]
    # What each player observes of a position: the game's ``Observer``, set
    # by its package. ``view``, ``revealed_view`` and ``determinize`` are its.
    observer: ClassVar[Observer[Any]]

    @property
    @abstractmethod
    def players(self) -> int:
        """How many players play this position (a class attribute for a game
        with one player count)."""

    # -- whose turn -------------------------------------------------------
    @abstractmethod
    def to_move(self) -> list[int]:
        """The players who must act now (several when choices are secret and
        simultaneous); empty when the game is over."""

    @abstractmethod
    def legal_moves(self, player: int) -> list[Move]:
        """Every legal move of ``player`` now (empty if they need not act)."""

    def play(self, player: int, move: Any) -> list[dict[str, Any]]:
        """Apply a legal move (a ``Move`` or its text) and return the log
        events it caused: a move is played only if it is one of
        ``legal_moves(player)``. Otherwise ``IllegalMove`` says which rule it
        breaks (``refusal``), and the state is unchanged."""
        if move.__class__ is not self.game.Move:
            move = self.as_move(move)
        if move not in self.legal_moves(player):
            raise self.refusal(player, move)
        return self.apply(player, move)

    @abstractmethod
    def apply(self, player: int, move: Any) -> list[dict[str, Any]]:
        """Play ``move``, one of ``legal_moves(player)`` (which it does not
        check again), and return the log events it caused."""

    @abstractmethod
    def refusal(self, player: int, move: Any) -> IllegalMove:
        """Why ``player`` may not play ``move`` now (a move of this game that
        is not among the legal ones): the rule it breaks, as an error whose
        sentence a player reads."""

    # -- what a player sees: the game's observer ---------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """A JSON-ready dict of all that ``player`` may see (``None``: a
        spectator): ``Observer.view``."""
        return self.observer.view(self, player)

    def revealed_view(self, player: int | None) -> dict[str, Any]:
        """``view(player)`` with every secret of the position shown (a
        finished game looked back on): ``Observer.revealed_view``."""
        return self.observer.revealed_view(self, player)

    def reveals(self, player: int, move: Any) -> bool:
        """True when ``move`` draws at random or shows hidden information, so
        that it can never be taken back (the undo policy of ``match``)."""
        return False

    # -- the end ------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """``{"scores": [...], "winners": [...], "reason": str, "breakdown": ...}``
        once the game is over; ``None`` before."""

    # -- copies ---------------------------------------------------------------
    @abstractmethod
    def clone(self) -> State:
        """An independent copy, cheap: the bots make thousands per move."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole position, hidden parts included, as JSON-ready data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: object) -> State:
        """The position ``to_json`` wrote; ``BadState`` when it is not valid."""

    def determinize(self, player: int, rng: Rng) -> State:
        """A copy where all that ``player`` cannot see is resampled, consistent
        with what they saw: ``Observer.determinize``."""
        copy: State = self.observer.determinize(self, player, rng)
        return copy

    # -- helpers shared by every game ---------------------------------------
    def parse_move(self, move: object) -> Move:
        """A ``Move`` from a ``Move`` or its text; ``IllegalMove`` if garbled."""
        if isinstance(move, Move):
            return move
        if not isinstance(move, str):
            raise IllegalMove(f"a move must be text, not {type(move).__name__}", "error.malformed")
        try:
            return self.game.Move.parse(move)
        except IllegalMove:
            raise
        except (ValueError, KeyError, IndexError) as exc:
            raise IllegalMove(f"cannot read the move {move!r}: {exc}", "error.malformed", move=move) from None

    def as_move(self, move: object) -> Any:
        """One of this game's moves, from one, from its text, or from another
        game's move (by its text); ``IllegalMove`` when it cannot be read."""
        if isinstance(move, self.game.Move):
            return move
        if isinstance(move, Move):
            move = str(move)
        return self.parse_move(move)

    def check_seat(self, player: object, what: str = "a player") -> None:
        """``ValueError`` unless ``player`` is a seat of this position."""
        if type(player) is not int or not 0 <= player < self.players:
            raise ValueError(f"{what} is a seat 0-{self.players - 1}, not {player!r}")

    def check_viewer(self, viewer: object) -> None:
        """``ValueError`` unless ``viewer`` is a seat or ``None`` (a spectator)."""
        if viewer is not None and (type(viewer) is not int or not 0 <= viewer < self.players):
            raise ValueError(f"a viewer is a seat 0-{self.players - 1} or None, not {viewer!r}")


class Observer(ABC, Generic[S]):
    """What a player observes of a position (the idea of OpenSpiel's
    observers): each game's own object, ``State.observer``, which its
    package sets. It reads a position and never changes it; the state's
    ``view``, ``revealed_view`` and ``determinize`` are its. A view never
    carries another player's hand, a deck's order, a secret not yet shown
    or the generator's state; a determinized copy depends on nothing else
    than what the view shows and ``rng``."""

    @abstractmethod
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """A JSON-ready dict of all that ``player`` may see of ``state``
        (``None``: a spectator). Never another hand, a deck order or an
        unrevealed secret."""

    def revealed_view(self, state: S, player: int | None) -> dict[str, Any]:
        """``view(state, player)`` with every secret of the position shown:
        the other hands, the face-down pieces, and under ``revealed`` what
        the board does not draw (each ``{"player", "what", "cards"}``: a
        hand, a pile in its order, top first). Only for a finished game
        looked back on (``review``); a game without secrets reveals nothing."""
        return {**self.view(state, player), "revealed": []}

    @abstractmethod
    def determinize(self, state: S, player: int, rng: Rng) -> S:
        """A copy of ``state`` where all that ``player`` cannot see is
        resampled, consistent with what they saw. Depends only on
        ``view(state, player)`` and ``rng``."""


AnyState = State
