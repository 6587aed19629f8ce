"""Terminal entry: watch bots play, or play against them, in text.

    python -m pygame_core games
    python -m pygame_core selfplay kahuna --seats bot1,bot0 --seed 5
    python -m pygame_core play kahuna --seats h,bot1

Moves are typed in the game's notation (``place ALOA-BARI ALOA``, ``draw``);
``?`` lists the legal moves.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import GAMES
from .bots import make_bot
from .engine import GameError, event_for
from .match import Match


def describe(event: dict) -> str:
    params = ", ".join(f"{k}={v}" for k, v in event["params"].items())
    who = f"P{event['player']} " if "player" in event else ""
    return f"{who}{event['key']}" + (f" ({params})" if params else "")


def run(args) -> int:
    seats = args.seats.split(",")
    match = Match(args.game, len(seats), args.seed, {}, seats)
    bots = {seat: make_bot(match.bot_level(seat), f"{args.seed}/{seat}")
            for seat in range(match.players) if not match.is_human(seat)}
    humans = [seat for seat in range(match.players) if match.is_human(seat)]
    viewer = humans[0] if humans else None  # spectators read no secrets
    while not match.state.is_over():
        player = match.state.to_move()[0]
        if player in bots:
            move = bots[player].choose(match.state, player)
        else:
            move = ask(match, player)
            if move is None:
                return 1
        try:
            entry = match.play(player, move)
        except GameError as exc:
            print(f"  ! {exc}")
            continue
        if not args.quiet:
            for event in entry.events:
                print(describe(event_for(event, viewer)))
    print(json.dumps(match.state.result(), indent=1))
    return 0


def ask(match: Match, player: int):
    view = match.state.view(player)
    print(f"\nP{player} hand: {' '.join(view.get('hand') or [])}  scores: {view.get('scores')}")
    while True:
        try:
            text = input(f"P{player}> ").strip()
        except EOFError:
            return None
        if text == "?":
            print("  " + "\n  ".join(str(m) for m in match.state.legal_moves(player)))
            continue
        return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygame_core")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("games", help="list the games")
    for name in ("selfplay", "play"):
        p = sub.add_parser(name, help=f"{name} a game in the terminal")
        p.add_argument("game", choices=sorted(GAMES))
        p.add_argument("--seats", default="bot1,bot0" if name == "selfplay" else "h,bot1")
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--quiet", action="store_true", help="print only the result")
    args = parser.parse_args(argv)
    if args.cmd == "games":
        for game in GAMES.values():
            print(f"{game.id}: {game.title['en']} ({', '.join(map(str, game.players))} players)")
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
