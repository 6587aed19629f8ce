"""How big anything handed to the engine may be, in one place.

The facade (``api.py``) and the records (``match.py``) check every count and
length against these limits *before* they build anything: a request or a
saved game that asks for ten million players, a name of a megabyte or a
list nested a hundred thousand deep is refused at once, with a sentence that
names what is wrong, and costs no more than reading it. The page keeps the
same limits in ``web/js/limits.js`` (a test compares the two files).

Each limit is far above what a real game needs (the longest of thousands of
random games has under 600 moves; the longest move text is 33 characters).
"""

from __future__ import annotations

import re

# The most players any game seats (Moai: five clans); a request is checked
# against the game's own counts, this bounds everything before the game is
# known.
MAX_PLAYERS = 5
# A seat is "h" or "bot0" … "bot4": a few characters.
MAX_SEAT_TEXT = 8
# A player's name as shown (the menu lets one type 20 characters).
MAX_NAME = 40
# Options a request may name (a game has at most five).
MAX_OPTIONS = 16
# The length of an option's or a game's name.
MAX_ID_TEXT = 40
# Moves in a record.
MAX_MOVES = 5_000
# One move's text.
MAX_MOVE_TEXT = 200
# Seeds: an integer the page's JavaScript holds exactly (a "safe integer",
# |seed| < 2^53), or a text of at most MAX_SEED_TEXT characters.
MAX_SEED = 2 ** 53
MAX_SEED_TEXT = 100
# The longest slice of thinking one request may ask for, in milliseconds.
MAX_THINK_MS = 5000
# A saved game as JSON text (a file of the longest games weighs some 30 KB).
MAX_RECORD_TEXT = 1_000_000
# A request to the facade: a record and a little more.
MAX_REQUEST_TEXT = 2 * MAX_RECORD_TEXT
# Lists and objects inside one another (a request holding a record holding
# its moves is five deep).
MAX_DEPTH = 20
# How much of a refused value an error message quotes.
QUOTED_TEXT = 40

__all__ = [
    "MAX_PLAYERS", "MAX_SEAT_TEXT", "MAX_NAME", "MAX_OPTIONS", "MAX_ID_TEXT", "MAX_MOVES",
    "MAX_MOVE_TEXT", "MAX_SEED", "MAX_SEED_TEXT", "MAX_RECORD_TEXT", "MAX_REQUEST_TEXT",
    "MAX_DEPTH", "MAX_THINK_MS", "json_problem", "quoted", "seed_problem",
]

# A JSON string (escapes included), and the brackets that remain once the
# strings are gone.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


def json_problem(text: str | bytes | bytearray, max_chars: int) -> str | None:
    """Why ``text`` must not be parsed as JSON (too long, nested too deeply),
    or None. Checked before ``json.loads``, which would otherwise spend its
    time and memory first, or overflow the stack on deep nesting."""
    if len(text) > max_chars:
        return f"it is {len(text):,} characters long; the limit is {max_chars:,}"
    if isinstance(text, (bytes, bytearray)):
        text = text.decode("utf-8", "replace")
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return f"its lists and objects are nested more than {MAX_DEPTH} deep"
        else:
            depth -= 1
    return None


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot seed a game (the same rule as the page's), or None."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        return "the seed must be an integer or a text"
    if isinstance(seed, int) and not -MAX_SEED < seed < MAX_SEED:
        return "an integer seed must lie strictly between -2^53 and 2^53 (write a larger one as a text)"
    if isinstance(seed, str) and len(seed) > MAX_SEED_TEXT:
        return f"a seed text has at most {MAX_SEED_TEXT} characters"
    return None


def quoted(value: object) -> str:
    """``repr(value)``, cut short: an error message never repeats a whole
    hostile input."""
    if isinstance(value, int) and value.bit_length() > 128:
        return "a very large integer"
    text = repr(value)
    return text if len(text) <= QUOTED_TEXT else text[:QUOTED_TEXT - 1] + "…"
