"""The JSON facade the browser's worker calls.

``handle(request_text) -> response_text``: a request is
``{"cmd": "...", "args": {...}}``; the answer is ``{"ok": true, "data": ...}``
or ``{"ok": false, "error": {"key", "message", "params"}}``. A request that
fails changes nothing: the games go on from exactly where they were. The
commands and the snapshot are described in ``docs/protocol.md``.

Several games may be open at once, each a session with an id of its own
(``session`` in a request's arguments, ``"game"`` when none is given): the
game on screen, a lesson beside it, an analysis. Each session is a
``pygame_core.table.Table``, with the search it may have under way: the
rules of a table (who may undo, how the bots are seeded, what a seat sees)
are the table's, the same here as on a table server.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from . import fairness
from .bots import ISMCTSBot, Search
from .engine import GameError, Rng
from .games import GAMES, catalogue
from .lessons import LEARNER, Lesson, lessons
from .limits import MAX_MOVE_TEXT, MAX_RECORD_TEXT, MAX_REQUEST_TEXT, MAX_THINK_MS, json_problem, quoted
from .match import Match, check_game
from .review import Review
from .table import Memento as TableMemento
from .table import Table


class RequestError(GameError):
    """A request the facade cannot serve (unknown command, bad arguments).
    ``field`` names the argument that is wrong, when one is."""

    def __init__(self, message: str, key: str = "error.bad_request", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


# A search under way: (purpose, seat, version of the position, the search).
Thinking = tuple[str, int, int, Search]
# All that a request may change in a session (``Session.memento``).
Memento = tuple[TableMemento, int, Thinking | None]
# A command: its arguments, checked by itself, and its answer.
Command = Callable[[dict[str, Any]], Any]

# The session a request names when it names none: the game on screen.
DEFAULT_SESSION = "game"
# The session a lesson opens when it names none.
LESSON_SESSION = "lesson"
# A session's id: a short word.
SESSION_ID = re.compile(r"[a-z0-9_-]{1,32}")
# The most sessions open at once (the game, a lesson, an analysis, ...).
MAX_SESSIONS = 8


class Session:
    """One table in this browser, with the search it may have under way.

    ``version`` counts the changes of position; a search in progress
    (``thinking``) belongs to one version and is dropped by any change.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.version = 0
        self.thinking: Thinking | None = None

    @property
    def match(self) -> Match:
        return self.table.match

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
        version and the search under way. A refused request puts it all
        back (``restore``)."""
        return (self.table.memento(), self.version, self.thinking)

    def restore(self, memento: Memento) -> None:
        table, version, thinking = memento
        self.table.restore(table)
        self.version, self.thinking = version, thinking

    def snapshot(self, viewer: int | None) -> dict[str, Any]:
        return self.table.snapshot(viewer)


_sessions: dict[str, Session] = {}


# -- argument checks --------------------------------------------------------
# Each command reads its arguments through these, all of them before it acts:
# a refused request has changed nothing, and its message names the argument.

def _session_id(args: dict[str, Any]) -> str:
    value = args.get("session", DEFAULT_SESSION)
    if not isinstance(value, str) or SESSION_ID.fullmatch(value) is None:
        raise RequestError(f"session is a short word of a-z, 0-9, _ and -, not {quoted(value)}",
                           field="session")
    return value


def _session_or_error(args: dict[str, Any]) -> Session:
    session = _sessions.get(_session_id(args))
    if session is None:
        raise RequestError("no game is in progress", "error.no_game")
    return session


def _open(args: dict[str, Any], match: Match, timed_bots: bool = True) -> Session:
    """A new session for ``match`` under the request's id (in place of the
    one of that id)."""
    name = _session_id(args)
    if name not in _sessions and len(_sessions) >= MAX_SESSIONS:
        raise RequestError(f"at most {MAX_SESSIONS} games are open at once: close one first",
                           "error.too_many_sessions", limit=MAX_SESSIONS)
    session = _sessions[name] = Session(Table(match, timed_bots=timed_bots))
    return session


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
    """The catalogue (``games.catalogue``), each game with the ids of its
    lessons (its own first)."""
    _only("games", args, ())
    taught = lessons().values()
    return [{**entry, "lessons": [lesson.id for lesson in taught if lesson.game == entry["id"]]}
            for entry in catalogue()]


def cmd_new(args: dict[str, Any]) -> Any:
    _only("new", args, ("game", "players", "seats", "seed", "options", "names", "start", "exact_bots", "session"))
    _session_id(args)
    exact = _flag(args, "exact_bots")
    game = check_game(args.get("game"), GAMES)
    players = args.get("players")
    if players is None:
        players = min(game.players)
    # Match checks the rest (players first) before it builds anything.
    match = Match(game, players, args.get("seed", 0), args.get("options"), args.get("seats"),
                  args.get("names"), args.get("start"))
    return _open(args, match, timed_bots=not exact).snapshot(_first_human(match))


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
    _only("snapshot", args, ("viewer", "session"))
    session = _session_or_error(args)
    return session.snapshot(_viewer(args, session.match.players))


def cmd_play(args: dict[str, Any]) -> Any:
    _only("play", args, ("seat", "move", "viewer", "session"))
    session = _session_or_error(args)
    seat = _seat(args, session)
    move = _move_text(args)
    viewer = _viewer(args, session.match.players)
    session.table.play(seat, move)
    session.changed()
    return session.snapshot(seat if viewer is None else viewer)


def cmd_why(args: dict[str, Any]) -> Any:
    """What ``move`` would gain ``seat`` now, in the hint's words
    (``hints.reasons``, on a copy that knows only what ``seat`` sees),
    without playing it: a lesson's answer to a choice that is not its
    step's. A move that cannot be played is refused as ``play`` refuses it,
    with the rule it breaks; the session is unchanged either way."""
    _only("why", args, ("seat", "move", "session"))
    session = _session_or_error(args)
    seat = _seat(args, session)
    text = _move_text(args)
    match = session.match
    if match.is_over():
        raise RequestError("the game is over", "error.game_over")
    if seat not in match.state.to_move():
        raise RequestError("it is not this seat's turn", "error.not_your_turn", player=seat)
    move = match.state.parse_move(text)
    if move not in match.state.legal_moves(seat):
        raise match.state.refusal(seat, move)
    return {"move": str(move), "why": _reasons(session, seat, move)}


def cmd_undo(args: dict[str, Any]) -> Any:
    _only("undo", args, ("seat", "viewer", "session"))
    session = _session_or_error(args)
    seat = _seat(args, session)
    viewer = _viewer(args, session.match.players)
    session.table.undo(seat)
    session.changed()
    return session.snapshot(seat if viewer is None else viewer)


def _bot_to_move(session: Session, seat: int) -> None:
    if not session.table.is_bot(seat):
        raise RequestError("this seat is not played by a bot", "error.not_a_bot")
    if seat not in session.match.state.to_move():
        raise RequestError("it is not this bot's turn", "error.not_your_turn")


def cmd_think(args: dict[str, Any]) -> Any:
    """Search a little longer, for at most ``ms`` milliseconds: for the bot of
    ``seat`` (``bot_move`` then plays what it found), or, with ``hint``, for
    the best move of the human at ``seat`` (given once the search is done).
    The search is kept between calls and dropped when the position changes,
    so the browser can think in slices and stop at any time."""
    _only("think", args, ("seat", "ms", "hint", "session"))
    session = _session_or_error(args)
    seat = _seat(args, session)
    ms = _millis(args)
    hint = _flag(args, "hint")
    state = session.match.state
    if hint:
        if not session.match.is_human(seat) or seat not in state.to_move():
            raise RequestError("a hint is for a human player who is to move", "error.no_hint")
        adviser = session.table.adviser()
        assert isinstance(adviser, ISMCTSBot), "the hint's level searches"
        search = session.search("hint", seat, lambda: adviser.search(state, seat))
    else:
        _bot_to_move(session, seat)
        bot = session.table.bot(seat)
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
        best = search.best_move()
        answer["move"] = best.to_dict()
        answer["why"] = _reasons(session, seat, best)
    return answer


def _reasons(session: Session, seat: int, move: Any) -> list[dict[str, Any]]:
    """What the suggested ``move`` gains, in words' keys (the game's
    ``hints.reasons``), found on a copy that knows only what ``seat`` sees."""
    match = session.match
    reasons = getattr(match.game.hints, "reasons", None)
    if reasons is None:
        return []
    seen = match.state.determinize(seat, Rng.from_seed(f"{match.seed}/why/{len(match.entries)}"))
    return list(reasons(seen, seat, move))


def cmd_bot_move(args: dict[str, Any]) -> Any:
    _only("bot_move", args, ("seat", "viewer", "session"))
    session = _session_or_error(args)
    seat = _seat(args, session)
    viewer = _viewer(args, session.match.players)
    _bot_to_move(session, seat)
    state = session.match.state
    thinking = session.thinking
    if thinking is not None and thinking[:3] == ("move", seat, session.version):
        move = thinking[3].best_move()
    else:
        move = session.table.bot(seat).choose(state, seat)
    session.table.play(seat, move)
    session.changed()
    return session.snapshot(viewer)


def cmd_save(args: dict[str, Any]) -> Any:
    _only("save", args, ("session",))
    return _session_or_error(args).match.to_record()


def cmd_load(args: dict[str, Any]) -> Any:
    _only("load", args, ("record", "viewer", "session"))
    _session_id(args)
    record = args.get("record")
    if not isinstance(record, (dict, str)):
        raise RequestError(f"record must be a saved game (an object or its text), not {quoted(record)}",
                           "error.bad_record", field="record")
    match = Match.from_record(record)
    viewer = _viewer(args, match.players)
    return _open(args, match).snapshot(_first_human(match) if viewer is None else viewer)


def cmd_close(args: dict[str, Any]) -> Any:
    """Close a session (a lesson, an analysis): nothing of it is kept."""
    _only("close", args, ("session",))
    name = _session_id(args)
    _sessions.pop(name, None)
    _reviews.pop(name, None)
    return None


def cmd_verify(args: dict[str, Any]) -> Any:
    """Check a finished online game against the server's commitment
    (``pygame_core.fairness``): ``record`` with its ``fairness``, the
    ``commitment`` this page received when the game began, and what the
    page was shown: its ``viewer``, ``log`` and last ``view``. The bots'
    moves are not searched again (too slow here: the command line does).
    ``accept_chosen_seed``: the page was told when the game began that the
    table's creator chose the seed, and says so; such a game verifies only
    then. Touches no game in progress."""
    _only("verify", args, ("record", "commitment", "viewer", "log", "view", "accept_chosen_seed"))
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
    return fairness.verify(record, expected, viewer, log, args.get("view"), checked_view="view" in args,
                           check_bots=False, accept_chosen_seed=_flag(args, "accept_chosen_seed"))


def _lesson(args: dict[str, Any]) -> Lesson:
    name = args.get("lesson")
    lesson = lessons().get(name) if isinstance(name, str) else None
    if lesson is None:
        raise RequestError(f"there is no lesson {quoted(name)}", "error.no_lesson", field="lesson")
    return lesson


def cmd_lesson(args: dict[str, Any]) -> Any:
    """A lesson (``pygame_core.lessons``) by its id: its game, and its
    steps, each the id of its words, the taught move and what the board
    points at."""
    _only("lesson", args, ("lesson",))
    lesson = _lesson(args)
    same_game = [name for name, each in lessons().items() if each.game == lesson.game]
    after = same_game.index(lesson.id) + 1
    # The game's next lesson (a variant's), for the end of this one.
    return {**lesson.plan(), "next": same_game[after] if after < len(same_game) else None}


def cmd_lesson_step(args: dict[str, Any]) -> Any:
    """Open a lesson's step in a session (``"lesson"`` when none is named):
    ``step`` its number from 0, or ``"game"`` for the short game against the
    novice bot. The learner's snapshot."""
    _only("lesson_step", args, ("lesson", "step", "names", "session"))
    if "session" not in args:
        args = {**args, "session": LESSON_SESSION}
    _session_id(args)
    lesson = _lesson(args)
    step = args.get("step")
    if step == "game":
        position, number = lesson.final(), None
    elif isinstance(step, int) and not isinstance(step, bool) and 0 <= step < len(lesson.steps):
        position, number = lesson.steps[step].position(), step
    else:
        raise RequestError(f"step is a step number from 0 to {len(lesson.steps) - 1} or \"game\", "
                           f"not {quoted(step)}", field="step")
    match = Match(lesson.game, lesson.players, lesson.seed, lesson.options, lesson.seats(number),
                  args.get("names"), position.to_json())
    return _open(args, match).snapshot(LEARNER)


def cmd_lesson_picture(args: dict[str, Any]) -> Any:
    """Open one of a lesson's pictures that is no step (``picture`` its id)
    in a session (``"picture"`` when none is named), its move played: the
    first seat's snapshot."""
    _only("lesson_picture", args, ("lesson", "picture", "session"))
    if "session" not in args:
        args = {**args, "session": "picture"}
    _session_id(args)
    lesson = _lesson(args)
    pictures = {picture.id: picture for picture in lesson.pictures}
    wanted = args.get("picture")
    picture = pictures.get(wanted) if isinstance(wanted, str) else None
    if picture is None:
        raise RequestError(f"the lesson {lesson.id} has no picture {quoted(wanted)}",
                           field="picture")
    match = Match(lesson.game, lesson.players, lesson.seed, lesson.options, lesson.seats(0), None,
                  picture.position().to_json())
    session = _open(args, match)
    if picture.move is not None:
        session.table.play(LEARNER, picture.move)
    return session.snapshot(LEARNER)


# -- reviews -----------------------------------------------------------------
# A finished game looked back on (``pygame_core.review``), in a session of
# its own ("review" when a request names none), beside the game on screen.

REVIEW_SESSION = "review"
_reviews: dict[str, Review] = {}


def _review_id(args: dict[str, Any]) -> str:
    return _session_id({"session": args.get("session", REVIEW_SESSION)})


def _review_or_error(args: dict[str, Any]) -> Review:
    review = _reviews.get(_review_id(args))
    if review is None:
        raise RequestError("no game is being reviewed", "error.no_review")
    return review


def cmd_review(args: dict[str, Any]) -> Any:
    """Open a record to look back on: its plan (players, names, plies, who
    made each move, how many decisions had a choice)."""
    _only("review", args, ("record", "session"))
    name = _review_id(args)
    record = args.get("record")
    if not isinstance(record, (dict, str)):
        raise RequestError(f"record must be a saved game (an object or its text), not {quoted(record)}",
                           "error.bad_record", field="record")
    review = Review(Match.from_record(record))
    if name not in _reviews and len(_reviews) >= MAX_SESSIONS:
        raise RequestError(f"at most {MAX_SESSIONS} games are reviewed at once: close one first",
                           "error.too_many_sessions", limit=MAX_SESSIONS)
    _reviews[name] = review
    return review.plan()


def cmd_review_at(args: dict[str, Any]) -> Any:
    """The position after ``ply`` moves, as ``viewer`` saw it, or with
    everything shown (``reveal``, once the game is over)."""
    _only("review_at", args, ("ply", "viewer", "reveal", "session"))
    review = _review_or_error(args)
    viewer = _viewer(args, review.match.players)
    return review.snapshot(args.get("ply"), viewer, _flag(args, "reveal"))


def cmd_review_expert(args: dict[str, Any]) -> Any:
    """The expert's opinion on the decision made at ``ply``, thought over
    in slices of ``ms`` milliseconds: ``{done, progress, opinion}``."""
    _only("review_expert", args, ("ply", "ms", "session"))
    review = _review_or_error(args)
    ms = _millis(args)
    return review.expert(args.get("ply"), ms)


def cmd_review_analyse(args: dict[str, Any]) -> Any:
    """Go on analysing every decision (or the decisions ``plies``; ``quick``:
    the quick pass) for ``ms`` milliseconds (``restart``: from the first):
    the decisions finished meanwhile and the progress."""
    _only("review_analyse", args, ("ms", "restart", "session", "plies", "quick"))
    review = _review_or_error(args)
    ms = _millis(args)
    return review.analyse(ms, _flag(args, "restart"), args.get("plies"), _flag(args, "quick"))


def cmd_review_judge(args: dict[str, Any]) -> Any:
    """An analysis judged: each decision's cost and mark, each player's
    accuracy and luck (``results``: the analysis, as given or kept;
    ``luck``: what chance did, as a judgement gave it and the page kept it)."""
    _only("review_judge", args, ("results", "session", "luck"))
    review = _review_or_error(args)
    return review.judge(args.get("results"), args.get("luck"))


def cmd_review_play_on(args: dict[str, Any]) -> Any:
    """A new game from the position after ``ply`` moves, as a record to load
    (``Review.play_on``): ``seat`` kept, ``others`` bots or people, what the
    seat could not see dealt again unless ``reveal``."""
    _only("review_play_on", args, ("ply", "seat", "reveal", "others", "session"))
    review = _review_or_error(args)
    return review.play_on(args.get("ply"), args.get("seat"), _flag(args, "reveal"), args.get("others", "bots"))


EXERCISE_SESSION = "exercise"


def cmd_review_exercises(args: dict[str, Any]) -> Any:
    """The plies of ``seat``'s costliest errors in the analysis ``results``
    (``Review.exercises``), dearest first."""
    _only("review_exercises", args, ("results", "seat", "session"))
    return _review_or_error(args).exercises(args.get("results"), args.get("seat"))


def cmd_review_exercise(args: dict[str, Any]) -> Any:
    """Open the position of the decision at ``ply`` of the game reviewed in
    ``table`` (a session, ``"exercise"`` when none is named), every seat a
    person's: its mover's snapshot, to try moves in (``review_try``)."""
    _only("review_exercise", args, ("ply", "session", "table"))
    review = _review_or_error(args)
    match = review.exercise_position(args.get("ply"))
    opened = _open({"session": args.get("table", EXERCISE_SESSION)}, match)
    return opened.snapshot(review.match.entries[args["ply"]].player)


def cmd_review_try(args: dict[str, Any]) -> Any:
    """A move tried at the decision at ``ply`` in place of the one made:
    ``{ply, move, cost, mark, good}`` (``Review.try_move``)."""
    _only("review_try", args, ("ply", "move", "session"))
    return _review_or_error(args).try_move(args.get("ply"), _move_text(args))


def cmd_review_expert_move(args: dict[str, Any]) -> Any:
    """The expert's move at the decision at ``ply``, once asked."""
    _only("review_expert_move", args, ("ply", "session"))
    return _review_or_error(args).expert_move(args.get("ply"))


COMMANDS = {
    "games": cmd_games,
    "new": cmd_new,
    "snapshot": cmd_snapshot,
    "play": cmd_play,
    "why": cmd_why,
    "undo": cmd_undo,
    "think": cmd_think,
    "bot_move": cmd_bot_move,
    "save": cmd_save,
    "load": cmd_load,
    "close": cmd_close,
    "verify": cmd_verify,
    "lesson": cmd_lesson,
    "lesson_step": cmd_lesson_step,
    "lesson_picture": cmd_lesson_picture,
    "review": cmd_review,
    "review_at": cmd_review_at,
    "review_expert": cmd_review_expert,
    "review_analyse": cmd_review_analyse,
    "review_judge": cmd_review_judge,
    "review_play_on": cmd_review_play_on,
    "review_exercises": cmd_review_exercises,
    "review_exercise": cmd_review_exercise,
    "review_try": cmd_review_try,
    "review_expert_move": cmd_review_expert_move,
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
    # What the request may change: which sessions are open, and the one it names.
    opened = dict(_sessions)
    name = args.get("session", DEFAULT_SESSION)
    touched = _sessions.get(name) if isinstance(name, str) else None
    memento = touched.memento() if touched is not None else None
    try:
        return json.dumps({"ok": True, "data": command(args)})
    except GameError as exc:
        _restore(opened, touched, memento)
        return _error(getattr(exc, "key", "error.illegal"), str(exc), getattr(exc, "params", {}))
    except Exception as exc:  # a defect: report it, keep the games as they were
        _restore(opened, touched, memento)
        return _error("error.internal", f"{type(exc).__name__}: {str(exc)[:200]}")


def reset() -> None:
    """Close every game. A memory snapshot may be taken after the first game
    has started; the engine restored from it starts with none."""
    _sessions.clear()
    _reviews.clear()


def session(name: str = DEFAULT_SESSION) -> Session | None:
    """The open session ``name``, if any (for tests and tools)."""
    return _sessions.get(name)


def _restore(opened: dict[str, Session], touched: Session | None, memento: Memento | None) -> None:
    _sessions.clear()
    _sessions.update(opened)
    if touched is not None and memento is not None:
        touched.restore(memento)
