"""The saved positions, declared from the states' slots (``pygame_core.codec``).

Every slot of a game's state is held by one field of its codec or declared
derived, so that a slot added to a state cannot be left out of its saved
position; the position's keys are the codec's, in its order; and a codec
whose fields are not each read once is refused where it is declared.
"""

import importlib
import json
import re

import pytest

from pygame_core import GAMES, BadState
from pygame_core.codec import Check, Codec, Field, Flag, Part, Start
from pygame_core.engine import check


def codec_of(game_id: str) -> Codec:
    return importlib.import_module(f"pygame_core.games.{game_id}.codec").CODEC


def slots_of(cls: type) -> list:
    """The slots of a state class, its bases' included."""
    return [slot for klass in cls.__mro__ for slot in klass.__dict__.get("__slots__", ())]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_slot_is_saved_or_derived(game_id):
    codec = codec_of(game_id)
    slots = slots_of(GAMES[game_id].State)
    assert len(slots) == len(set(slots))
    held = list(codec.encoded)
    assert len(held) == len(set(held)), "a slot is held by two fields"
    assert not set(held) & set(codec.derived), "a slot is both held and derived"
    assert sorted(held + list(codec.derived)) == sorted(slots), (
        f"not saved nor derived: {sorted(set(slots) - set(held) - set(codec.derived))}; "
        f"not slots: {sorted((set(held) | set(codec.derived)) - set(slots))}")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_position_is_written_in_the_codec_s_order_and_read_back(game_id):
    game = GAMES[game_id]
    codec = codec_of(game_id)
    state = game.new(players=game.players[0], seed=4)
    data = state.to_json()
    assert list(data) == list(codec.keys)
    assert codec.keys[0] == "game" and codec.keys[-1] == "result"
    again = game.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data


# -- the mechanism, on a small state ---------------------------------------------------------

class Tiny:
    __slots__ = ("count", "done", "twice")

    def result(self):
        return None

    def is_over(self):
        return False


def _count(state, value):
    check(type(value) is int and value >= 0, "count must be a whole number")
    return value


def _twice(state, data):
    state.twice = 2 * state.count


def _check_done(state):
    check(not state.done or state.count, "nothing was counted")


def tiny_codec(**changes) -> Codec:
    declaration = dict(
        fields=(Field("count", read=_count), Flag("done")),
        start=Start(lambda cls, data: cls()),
        reading=("count", "done", Part(_twice), Check(_check_done)),
        derived=("twice",),
    )
    return Codec("tiny", "Tiny", **{**declaration, **changes})


def test_the_codec_writes_the_fields_and_reads_them_in_its_order():
    codec = tiny_codec()
    state = codec.load(Tiny, {"game": "tiny", "count": 3, "done": True, "result": None})
    assert (state.count, state.done, state.twice) == (3, True, 6)
    assert list(codec.dump(state).items()) == [("game", "tiny"), ("count", 3), ("done", True),
                                               ("result", None)]
    for data, message in (({"game": "tiny", "count": -1, "done": "no", "result": None},
                           "count must be a whole number"),
                          ({"game": "tiny", "count": 1, "done": "no", "result": None},
                           "done must be true or false"),
                          ({"game": "tiny", "count": 0, "done": True, "result": None},
                           "nothing was counted"),
                          ({"game": "tiny", "done": True, "result": None}, "missing field(s): count")):
        with pytest.raises(BadState, match=re.escape(message)):
            codec.load(Tiny, data)


def test_a_field_read_twice_or_never_is_refused():
    with pytest.raises(ValueError, match="read once"):
        tiny_codec(reading=("count", Check(_check_done)))
    with pytest.raises(ValueError, match="read once"):
        tiny_codec(reading=("count", "done", Part(_twice, "done")))
    with pytest.raises(ValueError, match="not a field read alone"):
        tiny_codec(reading=("count", "done", "twice"))


def test_a_slot_held_twice_or_held_and_derived_is_refused():
    with pytest.raises(ValueError, match="held"):
        tiny_codec(derived=("twice", "count"))
    with pytest.raises(ValueError, match="held"):
        tiny_codec(fields=(Field("count", read=_count), Flag("done", "count")))
