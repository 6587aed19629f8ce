"""The limits are the same for the engine and the page, and above what any
real game needs."""

import re
from pathlib import Path

from pygame_core import GAMES, limits
from pygame_core.bots import LEVELS

ROOT = Path(__file__).resolve().parent.parent
JS = (ROOT / "web" / "js" / "limits.js").read_text("utf-8")


def js_constant(name):
    found = re.search(rf"^export const {name} = (.+);$", JS, re.M)
    assert found, f"web/js/limits.js has no {name}"
    return eval(found.group(1), {})  # a number, or a power of two: 2 ** 53


def test_the_page_keeps_the_engines_limits():
    names = re.findall(r"^export const (MAX_\w+) =", JS, re.M)
    assert len(names) >= 8
    for name in names:
        assert js_constant(name) == getattr(limits, name), name


def test_the_page_reads_seats_as_the_engine_does():
    seat = re.search(r"^export const SEAT = /\^\(h\|bot\[0-(\d)\]\)\$/;$", JS, re.M)
    assert seat and int(seat.group(1)) == max(LEVELS) and min(LEVELS) == 0


def test_every_game_fits_the_limits():
    for game in GAMES.values():
        assert max(game.players) <= limits.MAX_PLAYERS, game.id
        assert len(game.options) <= limits.MAX_OPTIONS, game.id
        assert len(game.id) <= limits.MAX_ID_TEXT, game.id
        assert all(len(name) <= limits.MAX_ID_TEXT for name in game.options), game.id
