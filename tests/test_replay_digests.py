"""The same records replay to the same positions, digest for digest.

Several seeded games of every game, player count and variant are played to
their end by random players; after every move a running SHA-256 takes in the
move, the events it caused, the whole position (``to_json``), what every
player and a spectator see (``view``), whether the move counted as revealing
(``reveals``) and, every few moves, each player's determinized copy. The
digests in ``replay_digests.json`` were written by this file from the engine
as it stood before the games were reorganised into packages, when each
game's view also said whose turn it was and how the game ended:
``snapshot.seen`` sets those beside the view again, as they were hashed
then. Any change of behaviour, however small (a legal move listed in
another order, a word of the log, a field of a view), shows up here.

Write the file again only for a change of behaviour that is meant:

    python3 tests/test_replay_digests.py --write
"""

from __future__ import annotations

import hashlib
import itertools
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_core import GAMES, Rng  # noqa: E402
from pygame_core.snapshot import seen  # noqa: E402

DIGESTS = Path(__file__).with_name("replay_digests.json")
SEEDS = (1, 2, 3)
# Every so many moves, each player's determinized copy is taken in too.
DETERMINIZE_EVERY = 7
# Games with a set-up input besides the options: (game, input, value).
SETUP_INPUTS = (("haleakala", "max_turns", 9), ("kahuna", "first_player", 1),
                ("kanaloa", "first_player", 2))


def option_sets(game) -> list:
    """The default options, each option changed alone, and all of them on."""
    sets = [dict(game.options)]
    sets += [{**game.options, name: not value} for name, value in sorted(game.options.items())]
    sets.append({name: True for name in game.options})
    unique = []
    for options in sets:
        if options not in unique:
            unique.append(options)
    return unique


def records() -> list:
    """``(key, game id, players, set-up arguments, seed)`` of every record."""
    found = []
    for game in GAMES.values():
        for players, options, seed in itertools.product(game.players, option_sets(game), SEEDS):
            found.append((game.id, players, options, seed))
    for game_id, name, value in SETUP_INPUTS:
        for seed in SEEDS:
            found.append((game_id, GAMES[game_id].players[-1], {name: value}, seed))
    return [(record_key(*record), *record) for record in found]


def record_key(game_id: str, players: int, setup: dict, seed: int) -> str:
    words = [f"{name}={json.dumps(value)}" for name, value in sorted(setup.items())]
    return f"{game_id}/{players}/{seed}/" + ",".join(words)


def feed(digest, *parts) -> None:
    digest.update(json.dumps(parts, sort_keys=True, separators=(",", ":")).encode())


def replay(game_id: str, players: int, setup: dict, seed: int) -> dict:
    """Play the record to its end; its number of moves and its digest."""
    game = GAMES[game_id]
    state, events = game.new_with_events(players=players, seed=seed, **setup)
    viewers = [None, *range(players)]
    digest = hashlib.sha256()
    feed(digest, events, state.to_json(), [seen(state, v) for v in viewers])
    rng = Rng.from_seed(f"digest/{record_key(game_id, players, setup, seed)}")
    moves = 0
    while not state.is_over():
        to_move = state.to_move()
        player = to_move[rng.below(len(to_move))]
        move = rng.choice(state.legal_moves(player))
        reveals = state.reveals(player, move)
        events = state.play(player, move)
        moves += 1
        feed(digest, player, str(move), reveals, events, state.to_json(),
             [seen(state, v) for v in viewers], state.result())
        if moves % DETERMINIZE_EVERY == 0:
            copies = [state.determinize(p, Rng(moves + p)).to_json() for p in range(players)]
            feed(digest, copies)
    return {"moves": moves, "digest": digest.hexdigest()}


def expected() -> dict:
    return json.loads(DIGESTS.read_text("utf-8"))


RECORDS = records()


def test_every_record_is_listed_once():
    keys = [key for key, *_ in RECORDS]
    assert len(keys) == len(set(keys))
    assert sorted(keys) == sorted(expected()), "the records and the digests file differ"
    assert {game_id for _, game_id, *_ in RECORDS} == set(GAMES)


@pytest.mark.parametrize("key,game_id,players,setup,seed", RECORDS, ids=[r[0] for r in RECORDS])
def test_the_record_replays_to_the_same_digests(key, game_id, players, setup, seed):
    assert replay(game_id, players, setup, seed) == expected()[key]


def write() -> None:
    table = {key: replay(*record) for key, *record in RECORDS}
    DIGESTS.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", "utf-8")
    print(f"{len(table)} records written to {DIGESTS}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    write()
