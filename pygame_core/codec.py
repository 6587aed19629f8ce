"""A position as JSON, both ways, declared from the state's slots.

Each game's ``codec`` module declares one ``Codec``:

* its ``fields``, in the order ``to_json`` writes them: each a ``Field``
  with its JSON key, the state's slots it holds, how it is written and, for
  a field read alone, how it is read and checked. A slot written as it is
  (a flag, a number, a list of numbers) needs no more than its field;
* its ``derived`` slots, which no field holds: what the reading rebuilds
  from the fields (a count, a sum) and the caches;
* its ``start`` (the blank state the fields are read into, made from the
  fields it needs) and its ``reading``: the steps that read the fields and
  check the position, in the order the game's checks need (a field's checks
  may use those read before it). A step is the key of a field read alone, a
  ``Part`` that reads several fields together, or a ``Check`` of what was
  read.

The keys ``from_json`` accepts and the data ``to_json`` writes follow from
the declaration; the codec refuses one whose fields are not each read
exactly once or whose slots are held twice, and ``tests/test_codecs.py``
checks that every slot of a state is held by a field or declared derived,
so that a new slot cannot be forgotten.
Every position starts with ``game`` and ends with ``result``: the codec
writes both, checking the first with ``check_fields`` and the last with
``check_result`` (``engine``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from .engine import State, check, check_fields, check_result, check_rng

__all__ = ["Codec", "Field", "Flag", "Start", "Part", "Check", "check_flag", "read_rng"]

S = TypeVar("S", bound=State)

# What a field's ``write`` makes of a state, and its ``read`` of the state
# being read and the field's JSON value: the value of the field's slot.
Writer = Callable[[S], Any]
Reader = Callable[[S, Any], Any]


def check_flag(value: object, key: str) -> bool:
    """``value`` when it is true or false; ``BadState`` naming ``key`` otherwise."""
    check(isinstance(value, bool), f"{key} must be true or false")
    return bool(value)


def read_rng(state: object, value: object) -> int:
    """The generator's state a position saves (``check_rng``)."""
    return check_rng(value)


def _as_it_is(slot: str) -> Writer[Any]:
    """The writer of a slot saved as it is (a list copied)."""

    def write(state: object) -> Any:
        value = getattr(state, slot)
        return value[:] if type(value) is list else value

    return write


class Field(Generic[S]):
    """One field of a saved position: its JSON ``key`` and the ``slots`` of
    the state it holds (the slot named like the key when none is given).

    ``write`` makes the field's value from the state; when it is not given,
    the field holds one slot written as it is. ``read`` makes the slot's
    value from the state being read and the field's JSON value, checking it
    (``BadState``): the reading of a field read alone, named by its key in
    the codec's ``reading``. A field read with others has none: a ``Part``
    reads it.
    """

    __slots__ = ("key", "slots", "write", "read")

    def __init__(self, key: str, *slots: str, write: Writer[S] | None = None,
                 read: Reader[S] | None = None) -> None:
        self.key = key
        self.slots = slots or (key,)
        if write is None:
            if len(self.slots) != 1:
                raise ValueError(f"field {key}: several slots need a writer")
            write = _as_it_is(self.slots[0])
        if read is not None and len(self.slots) != 1:
            raise ValueError(f"field {key}: a field read alone holds one slot")
        self.write = write
        self.read = read


class Flag(Field[S]):
    """A slot that is true or false, saved as it is and read alone."""

    __slots__ = ()

    def __init__(self, key: str, slot: str | None = None) -> None:
        super().__init__(key, slot or key, read=lambda state, value: check_flag(value, key))


class Start(Generic[S]):
    """The blank state a position is read into: ``make(cls, data)``, where
    ``data`` holds the fields ``keys`` (which ``make`` checks) and ``cls``
    is the state's class."""

    __slots__ = ("make", "keys")

    def __init__(self, make: Callable[[type[S], dict[str, Any]], S], *keys: str) -> None:
        self.make = make
        self.keys = keys


class Part(Generic[S]):
    """A step of the reading that reads several fields together:
    ``read(state, data)``, where ``data`` holds the fields ``keys``."""

    __slots__ = ("read", "keys")

    def __init__(self, read: Callable[[S, dict[str, Any]], None], *keys: str) -> None:
        self.read = read
        self.keys = keys

    def run(self, state: S, fields: dict[str, Any]) -> None:
        self.read(state, {key: fields[key] for key in self.keys})


class Check(Generic[S]):
    """A step of the reading that checks what was read: ``check(state)``."""

    __slots__ = ("check",)

    def __init__(self, check: Callable[[S], None]) -> None:
        self.check = check

    def run(self, state: S, fields: dict[str, Any]) -> None:
        self.check(state)


Step = str | Part[S] | Check[S]


def _alone(key: str, slot: str, read: Reader[S]) -> Part[S]:
    """The step that reads a field read alone into its slot."""
    return Part(lambda state, data: setattr(state, slot, read(state, data[key])), key)


class Codec(Generic[S]):
    """A game's position as JSON, both ways (see the module's docstring):
    ``dump`` writes every field, hidden parts included, and ``load`` reads
    them back, checked."""

    def __init__(self, game: str, title: str, fields: Sequence[Field[S]], start: Start[S],
                 reading: Sequence[Step[S]], derived: Sequence[str] = ()) -> None:
        self.game = game
        self.title = title
        self.fields = tuple(fields)
        self.start = start
        self.reading = tuple(reading)
        self.derived = tuple(derived)
        by_key = {field.key: field for field in self.fields}
        if len(by_key) != len(self.fields) or {"game", "result"} & set(by_key):
            raise ValueError(f"{game}: a key is written twice")
        # The keys of a position, in the order they are written (and listed
        # when some are missing).
        self.keys = ("game", *by_key, "result")
        # The slots the fields hold.
        self.encoded = tuple(slot for field in self.fields for slot in field.slots)
        if len(set(self.encoded)) != len(self.encoded) or set(self.encoded) & set(self.derived):
            raise ValueError(f"{game}: a slot is held by two fields, or held and derived")
        self._writers = tuple((field.key, field.write) for field in self.fields)
        steps: list[Part[S] | Check[S]] = []
        for step in self.reading:
            if isinstance(step, str):
                field = by_key.get(step)
                if field is None or field.read is None:
                    raise ValueError(f"{game}: {step!r} is not a field read alone")
                step = _alone(field.key, field.slots[0], field.read)
            steps.append(step)
        read = [key for step in (start, *steps) if not isinstance(step, Check) for key in step.keys]
        if sorted(read) != sorted(by_key):
            raise ValueError(f"{game}: each field must be read once, by the start or the reading")
        self._steps = tuple(steps)

    def dump(self, state: S) -> dict[str, Any]:
        """The whole position as JSON-ready data, hidden parts included: what
        ``load`` reads back."""
        data: dict[str, Any] = {"game": self.game}
        for key, write in self._writers:
            data[key] = write(state)
        data["result"] = state.result()
        return data

    def load(self, cls: type[S], data: object, with_result: bool = True) -> S:
        """The position ``dump`` wrote, every field checked as the steps of
        the reading come; ``BadState`` says what is wrong. ``with_result``
        false leaves the saved result unchecked."""
        fields = check_fields(data, self.keys, self.game, self.title)
        state = self.start.make(cls, {key: fields[key] for key in self.start.keys})
        for step in self._steps:
            step.run(state, fields)
        if with_result:
            check_result(fields["result"], state)
        return state
