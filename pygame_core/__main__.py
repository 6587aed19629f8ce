"""Terminal entry: watch bots play, or play against them, in text.

    python -m pygame_core games
    python -m pygame_core selfplay kahuna --seats bot1,bot0 --seed 5
    python -m pygame_core play kanaloa --players 2 --option gods
    python -m pygame_core play moai --seats h,bot1,bot0 --option open_bids --option short_game
    python -m pygame_core selfplay haleakala --option tactical --option eruption=off
    python -m pygame_core verify archipel-kahuna-202612021530.json

``verify`` checks a finished online game saved from its end screen: that
the table server's seed, salt and set-up give the commitment it sent when
the game began (``--commitment`` the one your page showed, to compare it
too), and that everything the record says follows from them: the seats,
the moves from that seed, the time-outs and the seats out, the result, and
each bot's move, found again (``--no-bots`` skips that search; a game whose
seed the table's creator chose verifies only with ``--accept-chosen-seed``;
``pygame_core.fairness`` lists the checks).

Every option of ``Game.options`` is set with ``--option NAME`` (on) or
``--option NAME=off``; ``--players`` sets the table (by default the most the
game allows, up to four, as the page's menu does) and ``--seats`` who sits
where (``h`` a person, ``botN`` a bot of level N). Moves are typed in the
game's notation (``docs/protocol.md``, ``docs/games/<game>.md``): ``?`` lists
the legal moves, an empty line or the end of the input stops the game.

Numbers are the page's: Haleakala's sections, beaches, craters and spaces go
from 1 to 6 here as on the board (``place 3 1`` puts the disc 3 on beach 1,
``shaman Mt6``), where the engine's notation counts them from 0. The log is
one line per event, ``P1 key (params)``; a secret is shown to the person
it belongs to.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

from . import GAMES
from .engine import GameError, event_for
from .match import Match
from .table import Table

ON = ("on", "true", "yes", "1")
OFF = ("off", "false", "no", "0")


# -- numbers as the page shows them ---------------------------------------------------

class Numbering:
    """How the terminal writes a game's moves, events and results: the
    engine's own, for the games whose numbers the page shows as they are."""

    def move(self, text: str) -> str:
        return text

    def typed(self, text: str) -> str:
        """The engine's text of a move typed in the terminal's numbering."""
        return text

    def data(self, value, key=None):
        """Event params, views and results with the page's numbers (``key``:
        the name the value has in its dict)."""
        return value


class HaleakalaNumbering(Numbering):
    """Sections, beaches and craters 1-6 (the engine's 0-5), and so the
    spaces named after them (``M1`` … ``Mt6``)."""

    SPACE = re.compile(r"^(Mt|M|F|B|C)([0-9]+)$")
    SECTION_KEYS = ("section", "beach", "crater", "to", "boat")

    def _space(self, word: str, shift: int) -> str:
        match = self.SPACE.match(word)
        if not match:
            return word
        return f"{match.group(1)}{int(match.group(2)) + shift}"

    def move(self, text: str) -> str:
        words = text.split()
        if words[0] == "place":
            words[2] = str(int(words[2]) + 1)
        elif words[0] == "lava":
            words[1:3] = [str(int(w) + 1) for w in words[1:3]]
        elif words[0] == "shaman":
            words[1] = self._space(words[1], 1)
        return " ".join(words)

    def typed(self, text: str) -> str:
        words = text.split()
        if not words:
            return text
        places = {"place": [2], "lava": [1, 2]}.get(words[0], [])
        for i in places:
            if i < len(words):
                if words[i] not in ("1", "2", "3", "4", "5", "6"):
                    raise ValueError(f"sections, beaches and craters are numbered 1 to 6, not {words[i]!r}")
                words[i] = str(int(words[i]) - 1)
        if words[0] == "shaman" and len(words) > 1:
            match = self.SPACE.match(words[1])
            if not match or not 1 <= int(match.group(2)) <= 6:
                raise ValueError(f"spaces are written like M1, F3 or Mt6, not {words[1]!r}")
            words[1] = self._space(words[1], -1)
        return " ".join(words)

    def data(self, value, key=None):
        if isinstance(value, dict):
            shown = {k: self.data(v, k) for k, v in value.items()}
            if value.get("card") == "SC_SECTION" and isinstance(value.get("detail"), list):
                shown["detail"] = [s + 1 for s in value["detail"]]
            return shown
        if isinstance(value, list):
            return [self.data(v, key) for v in value]
        if isinstance(value, str):
            return self._space(value, 1)
        if key in self.SECTION_KEYS and isinstance(value, int) and not isinstance(value, bool):
            return value + 1
        return value


NUMBERING = {"haleakala": HaleakalaNumbering()}


def numbering(game_id: str) -> Numbering:
    return NUMBERING.get(game_id, Numbering())


# -- the log ------------------------------------------------------------------------

def describe(event: dict, shown: Numbering = Numbering()) -> str:
    params = shown.data(event.get("params", {}))
    text = ", ".join(f"{k}={_word(v)}" for k, v in params.items())
    who = f"P{event['player']} " if event.get("player") is not None else ""
    return f"{who}{event['key']}" + (f" ({text})" if text else "")


def _word(value) -> str:
    if isinstance(value, list):
        return "[" + " ".join(_word(v) for v in value) + "]"
    if value is None:
        return "-"
    return str(value)


# -- what a player sees before moving ----------------------------------------------------

def status(game_id: str, view: dict, player: int) -> str:
    """One line of what ``player`` sees that matters for the next move; only
    what the game has (no hand in Haleakala, no scores in Moai until the end)."""
    shown = numbering(game_id)
    parts = []
    step = view.get("step") or view.get("phase")
    if step and step not in ("play", "turn"):
        parts.append(f"step: {step}")
    hand = view.get("hand")
    if hand is not None:
        parts.append("hand: " + (" ".join(hand) if hand else "(empty)"))
    if game_id == "kahuna":
        parts.append("display: " + " ".join(c or "-" for c in view["display"]))
        parts.append(f"pile: {view['pile_size']}")
    elif game_id == "kanaloa":
        if view.get("active_colour") is not None:
            parts.append(f"colour: {view['active_colour']}")
        parts.append("display: " + " ".join(c or "-" for c in view["display"]))
        if view.get("gods"):
            stones = [f"{god}×{n}" for god, n in view["tablets"][player].items() if n]
            parts.append("stones: " + (" ".join(stones) if stones else "(none)"))
    elif game_id == "moai":
        camp = view.get("camp")
        if camp is not None:
            parts.append("camp: " + (" ".join(map(str, camp)) if camp else "(empty)"))
        parts.append(f"wood: {view['wood']['stocks'][player]}")
        tiles = view["moai"]["tiles"][player]
        if tiles:
            parts.append("moai: " + " ".join(f"{t['height']}{'*' if t['face_down'] else ''}" for t in tiles))
    elif game_id == "haleakala":
        me = view["players"][player]
        parts.append(f"boat: section {shown.data(view['boat'], 'boat')}")
        parts.append("discs: " + (" ".join(map(str, me["reserve"])) or "(none)"))
        parts.append(f"shaman: {shown.data(me['shaman'])}")
        parts.append(f"shells: {me['shells']}")
    scores = view.get("player_scores", view.get("scores"))
    if scores is not None:
        parts.append("scores: " + " ".join(map(str, scores)))
    return f"P{player} " + "  ".join(parts)


def result_lines(game_id: str, result: dict) -> list:
    shown = numbering(game_id)
    winners = " ".join(f"P{p}" for p in result["winners"])
    scores = " ".join(f"P{p} {s}" for p, s in enumerate(result["scores"]))
    return [f"over: {winners} {'win' if len(result['winners']) > 1 else 'wins'} "
            f"({result['reason']}); scores: {scores}",
            json.dumps(shown.data(result), indent=1)]


# -- playing ----------------------------------------------------------------------------

def run(args, game, players: int, seats: list, options: dict) -> int:
    table = Table(Match(game, players, args.seed, options, seats))
    match = table.match
    shown = numbering(game.id)
    humans = [seat for seat in range(players) if match.is_human(seat)]

    def log(events, mover):
        # The person who moved reads their own secrets; a bot's move is read by
        # the first person at the table (or a spectator when bots play alone).
        viewer = mover if mover in humans else (humans[0] if humans else None)
        if not args.quiet:
            for event in events:
                print(describe(event_for(event, viewer), shown))

    if not args.quiet:
        print(f"{game.title['en']}, {players} players, seats {','.join(seats)}, seed {args.seed}"
              + "".join(f", {name}={'on' if value else 'off'}"
                        for name, value in {**game.options, **options}.items()))
    _, opening = game.new_with_events(players=players, seed=args.seed, **options)
    log(opening, None)
    while not match.state.is_over():
        player = match.state.to_move()[0]
        if table.is_bot(player):
            move = table.bot(player).choose(match.state, player)
        else:
            move = ask(game.id, match, player, shown)
            if move is None:
                print("stopped")
                return 1
        try:
            played = table.play(player, move)
        except GameError as exc:
            print(f"  ! {exc}")
            continue
        log(played.entry.events, player)
    result = match.state.result()
    assert result is not None, "the game is over"
    for line in result_lines(game.id, result):
        print(line)
    return 0


def ask(game_id: str, match: Match, player: int, shown: Numbering):
    """The engine's text of the next move ``player`` types; None to stop."""
    print(status(game_id, match.state.view(player), player))
    while True:
        try:
            text = input(f"P{player}> ").strip()
        except EOFError:
            print()
            return None
        if not sys.stdin.isatty():
            print(text)                         # a script's moves show in the transcript
        if not text:
            return None
        if text == "?":
            legal = [shown.move(str(m)) for m in match.state.legal_moves(player)]
            print("  " + "\n  ".join(legal))
            continue
        try:
            return shown.typed(text)
        except ValueError as exc:
            print(f"  ! {exc}")


# -- the command line -----------------------------------------------------------------

def default_players(game) -> int:
    """As the page's menu: the most the game allows, up to four."""
    counts = [n for n in game.players if n <= 4]
    return counts[-1] if counts else game.players[0]


def default_seats(cmd: str, players: int) -> list:
    if cmd == "play":
        return ["h"] + ["bot1"] * (players - 1)
    return ["bot1"] + ["bot0"] * (players - 1)


def parse_options(parser, game, given: list) -> dict:
    """``--option NAME`` or ``--option NAME=on|off``, checked against the game."""
    options = {}
    for item in given:
        name, _, value = item.partition("=")
        if name not in game.options:
            known = ", ".join(sorted(game.options)) or "none"
            parser.error(f"{game.id} has no option {name!r} (its options: {known})")
        if not value or value.lower() in ON:
            options[name] = True
        elif value.lower() in OFF:
            options[name] = False
        else:
            parser.error(f"option {name} is on or off, not {value!r}")
    return options


VERDICTS = {
    "fairness.no_commitment": "not verifiable: this game has no commitment (a local game, or one "
                              "begun before the server committed to its seeds)",
    "fairness.commitment_changed": "NOT VERIFIED: the record's commitment is not the one given",
    "fairness.seats_differ": "NOT VERIFIED: seat P{seat} was not played as the commitment says "
                             "(a person's seat, or a bot of its level)",
    "fairness.illegal_move": "NOT VERIFIED: move {move} cannot be played from the committed seed",
    "fairness.out_differs": "NOT VERIFIED: the seats out of the game are not those whose time ran out",
    "fairness.bad_timeout": "NOT VERIFIED: P{seat}'s time cannot have run out before move {move}: "
                            "it was not to move, or the game was over",
    "fairness.moved_after_end": "NOT VERIFIED: move {move} was made after the game had ended on time",
    "fairness.not_over": "not verifiable: the game is not over",
    "fairness.result_differs": "NOT VERIFIED: the result stated ({field}) is not the replay's",
    "fairness.log_differs": "NOT VERIFIED: log entry {entry} differs from the replay",
    "fairness.view_differs": "NOT VERIFIED: the final position differs from the replay",
    "fairness.bot_move_differs": "NOT VERIFIED: move {move}, P{seat}'s, is not the move its bot makes",
    "fairness.moved_after_time": "NOT VERIFIED: move {move}, P{seat}'s after its time ran out, is not "
                                 "the move of the bot that took the seat over",
    "fairness.chosen_seed": "NOT VERIFIED as fair: the table's creator chose the seed (and knew every "
                            "hidden card); --accept-chosen-seed accepts such a game",
}


def verdict_text(verdict: dict) -> str:
    """The verdict of ``fairness.verify`` in plain English."""
    key, params = verdict["key"], verdict["params"]
    if key == "fairness.verified":
        if params.get("scheme") == 1:
            text = (f"shuffle verified: the seed matches the commitment and the {params['moves']} moves "
                    "replay from it to the end (an older game, whose commitment binds the seed alone: "
                    "its seats, options and bots' moves are the record's word)")
        else:
            text = (f"shuffle verified: the seed and the set-up (game, options, seats) match the "
                    f"commitment, and the {params['moves']} moves replay from them to the end and to "
                    "the result stated")
            if params.get("bot_moves") is None:
                text += "; the bots' moves were not searched again (--no-bots)"
            elif params["bot_moves"]:
                text += f"; the bots' {params['bot_moves']} moves are the ones those bots make"
        if params.get("chosen_seed"):
            text += "; the table's creator chose the seed, and knew every hidden card"
        return text
    if key == "fairness.seed_mismatch":
        if params.get("scheme") == 2:
            return "NOT VERIFIED: the seed, salt and set-up (game, options, seats) do not give the commitment"
        return "NOT VERIFIED: the seed and salt do not give the commitment"
    if key == "fairness.bad_record":
        part = f" (its {params['field']})" if params.get("field") else ""
        return f"not verifiable: this file is not a finished game's record{part}"
    return VERDICTS[key].format(**params)


def verify_file(path: str, expected: str | None, accept_chosen_seed: bool = False,
                check_bots: bool = True) -> int:
    """``verify``: 0 when the game keeps its server's promise, 1 otherwise."""
    from .fairness import is_commitment, verify
    if expected is not None and not is_commitment(expected.lower()):
        print("verify: --commitment is 64 hexadecimal digits", file=sys.stderr)
        return 2
    try:
        with open(path, encoding="utf-8") as file:
            record = json.load(file)
    except (OSError, ValueError) as exc:
        print(f"verify: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    verdict = verify(record, expected.lower() if expected else None, check_bots=check_bots,
                     accept_chosen_seed=accept_chosen_seed)
    fairness = record.get("fairness") if isinstance(record, dict) else None
    if isinstance(fairness, dict) and isinstance(fairness.get("commitment"), str):
        print(f"commitment {fairness['commitment']}")
    print(verdict_text(verdict))
    return 0 if verdict.verified else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygame_core")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("games", help="list the games, their player counts and options")
    check = sub.add_parser("verify", help="check a finished online game against its server's commitment")
    check.add_argument("file", help="the game saved from the end screen (JSON)")
    check.add_argument("--commitment", help="the commitment the page showed when the game began")
    check.add_argument("--accept-chosen-seed", action="store_true",
                       help="verify a game whose seed the table's creator chose")
    check.add_argument("--no-bots", action="store_true",
                       help="do not find the bots' moves again (a search per move: slow for strong bots)")
    for name in ("selfplay", "play"):
        p = sub.add_parser(name, help=f"{name} a game in the terminal")
        p.add_argument("game", choices=sorted(GAMES))
        p.add_argument("--players", type=int, help="how many play (default: as the page's menu)")
        p.add_argument("--seats", help="h or botN per seat, comma-separated "
                       "(default: " + ("h, then casual bots" if name == "play"
                                       else "a casual bot, then novice bots") + ")")
        p.add_argument("--option", action="append", default=[], metavar="NAME[=on|off]",
                       help="a game option (repeat for several)")
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--quiet", action="store_true", help="print only the result")
    args = parser.parse_args(argv)
    if args.cmd == "games":
        for game in GAMES.values():
            switches = ", ".join(f"{n} ({'on' if v else 'off'})" for n, v in game.options.items())
            print(f"{game.id}: {game.title['en']}, {'/'.join(map(str, game.players))} players"
                  + (f"; options: {switches}" if switches else ""))
        return 0
    if args.cmd == "verify":
        return verify_file(args.file, args.commitment, args.accept_chosen_seed, not args.no_bots)
    game = GAMES[args.game]
    seats = args.seats.split(",") if args.seats else None
    players = args.players or (len(seats) if seats else default_players(game))
    if players not in game.players:
        parser.error(f"{game.id} is played by {'/'.join(map(str, game.players))} players, not {players}")
    if seats is None:
        seats = default_seats(args.cmd, players)
    if len(seats) != players:
        parser.error(f"{players} players need {players} seats, not {len(seats)}")
    if args.cmd == "selfplay" and "h" in seats:
        parser.error("selfplay seats bots only; use play to sit at the table")
    options = parse_options(parser, game, args.option)
    try:
        return run(args, game, players, seats, options)
    except GameError as exc:
        parser.error(str(exc))


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:                     # the reader went away (``| head``)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
