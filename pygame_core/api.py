"""The JSON facade the browser's worker calls.

``handle(request_text) -> response_text``: a request is
``{"cmd": "...", "args": {...}}``; the answer is ``{"ok": true, "data": ...}``
or ``{"ok": false, "error": {"key", "message", "params"}}``. A request that
fails changes nothing: the game goes on from exactly where it was. The
commands and the snapshot are described in ``docs/protocol.md``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import fairness
from .bots import HINT_LEVEL, Bot, ISMCTSBot, Search, make_bot
from .engine import GameError, State
from .games import GAMES
from .limits import MAX_MOVE_TEXT, MAX_RECORD_TEXT, MAX_REQUEST_TEXT, MAX_THINK_MS, json_problem, quoted
from .match import Entry, Match, check_game


class RequestError(GameError):
    """A request the facade cannot serve (unknown command, bad arguments).
    ``field`` names the argument that is wrong, when one is."""

    def __init__(self, message: str, key: str = "error.bad_request", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


# A search under way: (purpose, seat, version of the position, the search).
Thinking = tuple[str, int, int, Search]
# All that a request may change (``Session.memento``).
Memento = tuple[State, list[Entry], int, Thinking | None, dict[int, int]]
# A command: its arguments, checked by itself, and its answer.
Command = Callable[[dict[str, Any]], Any]


class Session:
    """One game in progress, with a bot for each bot seat.

    ``version`` counts the changes of position; a search in progress
    (``thinking``) belongs to one version and is dropped by any change.
    """

    def __init__(self, match: Match) -> None:
        self.match = match
        self.bots: dict[int, Bot] = {}
        for seat in range(match.players):
            level = match.bot_level(seat)
            if level is not None:
                self.bots[seat] = make_bot(level, f"{match.seed}/{seat}")
        self.version = 0
        self.thinking: Thinking | None = None

    def changed(self) -> None:
        self.version += 1
        self.thinking = None

    def search(self, purpose: str, seat: int, start: Callable[[], Search]) -> Search:
        """The search for ``purpose`` ("move" or "hint") at ``seat`` in the
        current position: the one under way, or a new one from ``start()``."""
        thinking = self.thinking
        if thinking is not None and thinking[:3] == (purpose, seat, self.version):
            return thinking[3]
        search = start()
        self.thinking = (purpose, seat, self.version, search)
        return search

    def memento(self) -> Memento:
        """Everything a request may change: the position, the moves, the
        version, the search under way and each bot's generator. A refused
        request puts it all back (``restore``)."""
        bots = {seat: bot.rng.state for seat, bot in self.bots.items()}
        return (self.match.state.clone(), list(self.match.entries), self.version, self.thinking, bots)

    def restore(self, memento: Memento) -> None:
        state, entries, version, thinking, bots = memento
        self.match.state, self.match.entries = state, entries
        self.version, self.thinking = version, thinking
        for seat, rng_state in bots.items():
            self.bots[seat].rng.state = rng_state

    def snapshot(self, viewer: int | None) -> dict[str, Any]:
        return snapshot(self.match, viewer)


def snapshot(match: Match, viewer: int | None, log_from: int = 0) -> dict[str, Any]:
    """What ``viewer`` (a seat, or ``None`` for a spectator) may see of
    ``match``: the shape of ``docs/protocol.md``. ``log`` holds the entries
    after the first ``log_from`` (the table server sends only the new ones)."""
    state = match.state
    to_move = state.to_move()
    legal = []
    if viewer is not None and viewer in to_move:
        legal = [move.to_dict() for move in state.legal_moves(viewer)]
    return {
        "game": match.game.id,
        "players": match.players,
        "seats": match.seats,
        "names": match.names,
        "seed": match.seed,
        "options": match.options,
        "private": match.game.private_information,
        "to_move": to_move,
        "over": state.is_over(),
        "result": state.result(),
        "viewer": viewer,
        "view": state.view(viewer),
        "legal": legal,
        "log": match.log_for(viewer, log_from),
        "can_undo": viewer is not None and match.is_human(viewer) and match.can_undo(viewer),
    }


_session: Session | None = None


# -- argument checks --------------------------------------------------------
# Each command reads its arguments through these, all of them before it acts:
# a refused request has changed nothing, and its message names the argument.

def _session_or_error() -> Session:
    if _session is None:
        raise RequestError("no game is in progress", "error.no_game")
    return _session


def _only(cmd: str, args: dict[str, Any], allowed: tuple[str, ...]) -> None:
    for name in args:
        if name not in allowed:
            expected = ", ".join(allowed) or "none"
            raise RequestError(f"{cmd} takes no argument {quoted(name)} (its arguments: {expected})",
                               field=quoted(name))


def _seat_number(value: object, name: str, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RequestError(f"{name} must be a seat number from 0 to {players - 1}, not {quoted(value)}",
                           field=name)
    return value


def _seat(args: dict[str, Any], session: Session, name: str = "seat") -> int:
    return _seat_number(args.get(name), name, session.match.players)


def _viewer(args: dict[str, Any], players: int) -> int | None:
    """The optional ``viewer``: a seat number, or None (a spectator)."""
    value = args.get("viewer")
    return None if value is None else _seat_number(value, "viewer", players)


def _move_text(args: dict[str, Any]) -> str:
    move = args.get("move")
    if not isinstance(move, str):
        raise RequestError(f"move must be the text of a move, not {quoted(move)}", "error.malformed",
                           field="move")
    if len(move) > MAX_MOVE_TEXT:
        raise RequestError(f"move has at most {MAX_MOVE_TEXT} characters", "error.malformed", field="move")
    return move


def _millis(args: dict[str, Any]) -> float:
    ms = args.get("ms", 50)
    if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 1 <= ms <= MAX_THINK_MS:
        raise RequestError(f"ms must be a number of milliseconds from 1 to {MAX_THINK_MS}, not {quoted(ms)}",
                           field="ms")
    return ms


def _flag(args: dict[str, Any], name: str) -> bool:
    value = args.get(name, False)
    if not isinstance(value, bool):
        raise RequestError(f"{name} must be true or false, not {quoted(value)}", field=name)
    return value


# -- commands ---------------------------------------------------------------

def cmd_games(args: dict[str, Any]) -> Any:
    _only("games", args, ())
    return [
        {"id": game.id, "title": game.title, "players": list(game.players),
         "options": dict(game.options), "private": game.private_information}
        for game in GAMES.values()
    ]


def cmd_new(args: dict[str, Any]) -> Any:
    global _session
    _only("new", args, ("game", "players", "seats", "seed", "options", "names"))
    game = check_game(args.get("game"), GAMES)
    players = args.get("players")
    if players is None:
        players = min(game.players)
    # Match checks the rest (players first) before it builds anything.
    match = Match(game, players, args.get("seed", 0), args.get("options"), args.get("seats"),
                  args.get("names"))
    _session = Session(match)
    return _session.snapshot(_first_human(match))


def _first_human(match: Match) -> int | None:
    to_move = match.state.to_move()
    for seat in to_move:
        if match.is_human(seat):
            return seat
    for seat in range(match.players):
        if match.is_human(seat):
            return seat
    return None


def cmd_snapshot(args: dict[str, Any]) -> Any:
    session = _session_or_error()
    _only("snapshot", args, ("viewer",))
    return session.snapshot(_viewer(args, session.match.players))


def cmd_play(args: dict[str, Any]) -> Any:
    session = _session_or_error()
    _only("play", args, ("seat", "move", "viewer"))
    seat = _seat(args, session)
    move = _move_text(args)
    viewer = _viewer(args, session.match.players)
    session.match.play(seat, move)
    session.changed()
    return session.snapshot(seat if viewer is None else viewer)


def cmd_undo(args: dict[str, Any]) -> Any:
    session = _session_or_error()
    _only("undo", args, ("seat", "viewer"))
    seat = _seat(args, session)
    viewer = _viewer(args, session.match.players)
    if not session.match.is_human(seat):
        raise RequestError("only a human seat can take a move back", "error.cannot_undo")
    session.match.undo(seat)
    session.changed()
    return session.snapshot(seat if viewer is None else viewer)


def _bot_to_move(session: Session, seat: int) -> Bot:
    bot = session.bots.get(seat)
    if bot is None:
        raise RequestError("this seat is not played by a bot", "error.not_a_bot")
    if seat not in session.match.state.to_move():
        raise RequestError("it is not this bot's turn", "error.not_your_turn")
    return bot


def cmd_think(args: dict[str, Any]) -> Any:
    """Search a little longer, for at most ``ms`` milliseconds: for the bot of
    ``seat`` (``bot_move`` then plays what it found), or, with ``hint``, for
    the best move of the human at ``seat`` (given once the search is done).
    The search is kept between calls and dropped when the position changes,
    so the browser can think in slices and stop at any time."""
    session = _session_or_error()
    _only("think", args, ("seat", "ms", "hint"))
    seat = _seat(args, session)
    ms = _millis(args)
    hint = _flag(args, "hint")
    state = session.match.state
    if hint:
        if not session.match.is_human(seat) or seat not in state.to_move():
            raise RequestError("a hint is for a human player who is to move", "error.no_hint")
        adviser = make_bot(HINT_LEVEL, f"{session.match.seed}/hint/{len(session.match.entries)}")
        assert isinstance(adviser, ISMCTSBot), "the hint's level searches"
        search = session.search("hint", seat, lambda: adviser.search(state, seat))
    else:
        bot = _bot_to_move(session, seat)
        if not isinstance(bot, ISMCTSBot):       # the levels that do not search answer at once
            return {"done": True, "iterations": 0, "millis": 0, "budget": None, "move": None}
        search = session.search("move", seat, lambda: bot.search(state, seat))
    search.run(millis=ms)
    answer = {
        "done": search.done,
        "iterations": search.iterations,
        "millis": round(search.millis),
        "budget": {"iterations": search.max_iterations, "millis": search.max_millis},
        "move": None,
    }
    if hint and search.done:
        # The human's own move: showing it reveals nothing.
        answer["move"] = search.best_move().to_dict()
    return answer


def cmd_bot_move(args: dict[str, Any]) -> Any:
    session = _session_or_error()
    _only("bot_move", args, ("seat", "viewer"))
    seat = _seat(args, session)
    viewer = _viewer(args, session.match.players)
    bot = _bot_to_move(session, seat)
    state = session.match.state
    thinking = session.thinking
    if thinking is not None and thinking[:3] == ("move", seat, session.version):
        move = thinking[3].best_move()
    else:
        move = bot.choose(state, seat)
    session.match.play(seat, move)
    session.changed()
    return session.snapshot(viewer)


def cmd_save(args: dict[str, Any]) -> Any:
    session = _session_or_error()
    _only("save", args, ())
    return session.match.to_record()


def cmd_load(args: dict[str, Any]) -> Any:
    global _session
    _only("load", args, ("record", "viewer"))
    record = args.get("record")
    if not isinstance(record, (dict, str)):
        raise RequestError(f"record must be a saved game (an object or its text), not {quoted(record)}",
                           "error.bad_record", field="record")
    match = Match.from_record(record)
    viewer = _viewer(args, match.players)
    _session = Session(match)
    return _session.snapshot(_first_human(match) if viewer is None else viewer)


def cmd_verify(args: dict[str, Any]) -> Any:
    """Check a finished online game against the server's commitment
    (``pygame_core.fairness``): ``record`` with its ``fairness``, the
    ``commitment`` this page received when the game began, and what the
    page was shown: its ``viewer``, ``log`` and last ``view``. Touches no
    game in progress."""
    _only("verify", args, ("record", "commitment", "viewer", "log", "view"))
    record = args.get("record")
    if isinstance(record, str):
        problem = json_problem(record, MAX_RECORD_TEXT)
        if problem:
            raise RequestError(f"the record cannot be read: {problem}", "error.bad_record", field="record")
        try:
            record = json.loads(record)
        except ValueError:
            raise RequestError("the record is not valid JSON", "error.bad_record", field="record") from None
    expected = args.get("commitment")
    if expected is not None and not fairness.is_commitment(expected):
        raise RequestError(f"commitment must be 64 hexadecimal digits, not {quoted(expected)}",
                           field="commitment")
    log = args.get("log")
    if log is not None and not isinstance(log, list):
        raise RequestError("log must be the list of the log's entries", field="log")
    viewer = args.get("viewer")
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)):
        raise RequestError(f"viewer must be a seat number, not {quoted(viewer)}", field="viewer")
    return fairness.verify(record, expected, viewer, log, args.get("view"), checked_view="view" in args)


COMMANDS = {
    "games": cmd_games,
    "new": cmd_new,
    "snapshot": cmd_snapshot,
    "play": cmd_play,
    "undo": cmd_undo,
    "think": cmd_think,
    "bot_move": cmd_bot_move,
    "save": cmd_save,
    "load": cmd_load,
    "verify": cmd_verify,
}


# -- the entry point ----------------------------------------------------------

def _error(key: str, message: str, params: dict[str, Any] | None = None) -> str:
    return json.dumps({"ok": False, "error": {"key": key, "message": message, "params": params or {}}})


def handle(request_text: str) -> str:
    """Serve one request. Never raises: every failure is an error answer, and
    a failed request leaves the session exactly as it was."""
    try:
        return _serve(request_text)
    except Exception as exc:  # a defect in the checks themselves: still an answer
        return _error("error.internal", f"{type(exc).__name__}: {str(exc)[:200]}")


def _serve(request_text: object) -> str:
    if not isinstance(request_text, (str, bytes, bytearray)):
        return _error("error.bad_request", "a request is the JSON text of an object")
    # Its size and nesting are checked before it is parsed.
    problem = json_problem(request_text, MAX_REQUEST_TEXT)
    if problem:
        return _error("error.bad_request", f"the request cannot be read: {problem}", {"field": "request"})
    try:
        request = json.loads(request_text)
    except (TypeError, ValueError) as exc:
        return _error("error.bad_request", f"the request is not valid JSON ({exc})")
    if not isinstance(request, dict) or not isinstance(request.get("cmd"), str):
        return _error("error.bad_request", "a request is an object with a 'cmd'")
    command = COMMANDS.get(request["cmd"])
    if command is None:
        return _error("error.bad_request", f"unknown command {quoted(request['cmd'])}")
    args = request.get("args")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        return _error("error.bad_request", "'args' must be an object", {"field": "args"})
    saved = _session
    memento = saved.memento() if saved is not None else None
    try:
        return json.dumps({"ok": True, "data": command(args)})
    except GameError as exc:
        _restore(saved, memento)
        return _error(getattr(exc, "key", "error.illegal"), str(exc), getattr(exc, "params", {}))
    except Exception as exc:  # a defect: report it, keep the game as it was
        _restore(saved, memento)
        return _error("error.internal", f"{type(exc).__name__}: {str(exc)[:200]}")


def reset() -> None:
    """Forget the game in progress. A memory snapshot may be taken after the
    first game has started; the engine restored from it starts with none."""
    global _session
    _session = None


def _restore(saved: Session | None, memento: Memento | None) -> None:
    global _session
    _session = saved
    if saved is not None and memento is not None:
        saved.restore(memento)
