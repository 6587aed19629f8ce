"""A table's clock: what the creator chose, and the time each seat has left.

Two kinds (``TableInfo.clock``, None for no clock):

    {"kind": "live", "minutes": 10, "increment": 5, "level": 2, "timeout": "bot"}
        minutes for a person's whole game, seconds added each time a turn of
        theirs ends (a Fischer clock);
    {"kind": "move", "hours": 24, "level": 2, "timeout": "out"}
        a deadline a turn: hours from the moment a seat is to move;

and, for both, what happens to a seat whose time runs out (``timeout``),
every seat being told:

    "bot"   a bot of ``level`` plays on in its place, and may win for it;
    "out"   the game ends for that seat: it is ranked last. With one seat
            left in, the game is over and that seat wins; with more, a bot
            of ``level`` moves the seat's pieces so that the others play on
            (``pygame_core.match``, "Out of time"). So BGA treats a player
            out of time or gone: the game is not lost for those who stay.

A clock stored before ``timeout`` existed is a "bot" one.

The time is the server's, never a device's. Nothing of it is kept apart:
it is worked out from the moment the game began and the moment each kept
move was made (the store keeps both), and from who was to move before each
move (several seats in a simultaneous step, whose clocks all run). So a
restarted server, or another one sharing the store, finds the clocks where
they were; a move taken back gives no time back.

A turn is the moves a seat makes while it stays to move: a Kahuna turn of
three actions ends once, and gets the increment once.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame_core.bots import LEVELS

KINDS = ("live", "move")
TIMEOUTS = ("bot", "out")
# What a creator may choose, in whole units.
MINUTES = (1, 180)
INCREMENT = (0, 120)
HOURS = (1, 24 * 14)


class BadClock(ValueError):
    key = "error.bad_clock"


def check_clock(clock) -> dict | None:
    """The clock a creation asks for, checked; None for no clock."""
    if clock is None:
        return None
    if not isinstance(clock, dict) or clock.get("kind") not in KINDS:
        raise BadClock("'clock' is null, or an object whose 'kind' is \"live\" or \"move\"")
    level = clock.get("level", 2)
    if not _whole(level) or level not in LEVELS:
        raise BadClock(f"the clock's 'level' (the bot that plays on) is one of {', '.join(map(str, LEVELS))}")
    timeout = clock.get("timeout", "bot")
    if timeout not in TIMEOUTS:
        raise BadClock("the clock's 'timeout' is \"bot\" (a bot plays on for a seat out of time) or \"out\" "
                       "(the game ends for that seat)")
    if clock["kind"] == "live":
        minutes, increment = clock.get("minutes"), clock.get("increment", 0)
        if not _within(minutes, MINUTES):
            raise BadClock(f"a live clock's 'minutes' is a whole number from {MINUTES[0]} to {MINUTES[1]}")
        if not _within(increment, INCREMENT):
            raise BadClock(f"a live clock's 'increment' is a whole number of seconds from {INCREMENT[0]} "
                           f"to {INCREMENT[1]}")
        return {"kind": "live", "minutes": minutes, "increment": increment, "level": level, "timeout": timeout}
    hours = clock.get("hours")
    if not _within(hours, HOURS):
        raise BadClock(f"a deadline's 'hours' is a whole number from {HOURS[0]} to {HOURS[1]}")
    return {"kind": "move", "hours": hours, "level": level, "timeout": timeout}


# A rated table keeps time, so that whoever leaves runs out of it and ranks
# last (docs/online.md, section 12): when its creator chose no clock, three
# days a move, after which the seat is out of the game.
RATED_CLOCK = {"kind": "move", "hours": 72, "level": 2, "timeout": "out"}


def takes_out(clock: dict | None) -> bool:
    """Whether a seat out of time is out of the game (else a bot plays on)."""
    return clock is not None and clock.get("timeout", "bot") == "out"


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _within(value, bounds: tuple) -> bool:
    return _whole(value) and bounds[0] <= value <= bounds[1]


@dataclass
class Times:
    """The clocks at one moment: the seconds each seat has left (None for a
    seat without a clock: a bot's), and the seats whose clock runs."""

    left: list
    running: list

    def out_of_time(self) -> list:
        """The running seats whose time has run out, the one longest out first."""
        out = [seat for seat in self.running if self.left[seat] is not None and self.left[seat] <= 0]
        return sorted(out, key=lambda seat: self.left[seat])

    def first_out(self) -> float | None:
        """Seconds from this moment until the first running clock runs out."""
        lefts = [self.left[seat] for seat in self.running if self.left[seat] is not None]
        return min(lefts) if lefts else None


def times(clock: dict, timed: list, began: float, turns: list, to_move: list, now: float,
          minute: float = 60.0) -> Times:
    """The clocks of ``timed`` seats (a person's) at ``now``: ``turns`` is
    each kept move as (who was to move before it, who moved, when), in
    order; ``to_move`` who is to move now; ``began`` when the game began
    (0: not yet; nobody's clock runs). ``minute``: the seconds of a clock's
    minute (shortened for tests)."""
    players = len(timed)
    if clock["kind"] == "live":
        left = [clock["minutes"] * minute if timed[seat] else None for seat in range(players)]
    else:
        left = [clock["hours"] * 60 * minute if timed[seat] else None for seat in range(players)]
    if not began:
        return Times(left, [])
    increment = clock.get("increment", 0) * minute / 60.0
    since = began
    # When each seat's turn began (for a deadline a turn).
    turn_began = [began] * players
    for index, (before, player, at) in enumerate(turns):
        after = turns[index + 1][0] if index + 1 < len(turns) else to_move
        if clock["kind"] == "live":
            for seat in before:
                if left[seat] is not None:
                    left[seat] -= at - since
            if left[player] is not None and player not in after:
                left[player] += increment       # the mover's turn is over
        for seat in after:
            if seat not in before:
                turn_began[seat] = at
        since = at
    running = [seat for seat in to_move if left[seat] is not None]
    for seat in running:
        if clock["kind"] == "live":
            left[seat] -= now - since
        else:
            left[seat] -= now - turn_began[seat]
    return Times(left, running)
