"""Protocol conformance, the same for every game, player count and variant.

Random games from random seeds must end, never raise, keep the game's
invariants (``from_json`` checks them: cards and pieces conserved), round-trip
through JSON, replay identically, and never show a player what they may not
see: ``view(p)`` is the same in every position ``p`` cannot tell apart, and
``determinize(p, rng)`` depends on nothing but ``view(p)`` and ``rng``.
"""

import itertools
import json
import os

import pytest

from pygame_core import GAMES, IllegalMove, Rng
from pygame_core.match import Match

# Random games per (game, player count, options), as the soak plays them
# (bench/soak.py): each game sets its own count.
GAMES_PER_SETUP = {"kahuna": 1500, "haleakala": 1000, "kanaloa": 600, "moai": 20}
DEFAULT_GAMES_PER_SETUP = 300
# The checks after every move cost more in long games with many set-ups:
# such a game runs this share of their games.
CHECKED_SHARE = {"moai": 0.25}
# The test suite plays this share of the soak's games (at least two per
# set-up and check); the soak sets ARCHIPEL_SOAK to 1, or more.
SCALE = float(os.environ.get("ARCHIPEL_SOAK", "0.2"))
# Up to this many options, every combination is played; beyond, the default
# options, each option changed alone, and all of them on.
ALL_COMBINATIONS_UP_TO = 3


def option_sets(game):
    names = sorted(game.options)
    if len(names) <= ALL_COMBINATIONS_UP_TO:
        return [dict(zip(names, values)) for values in itertools.product([False, True], repeat=len(names))]
    sets = [dict(game.options)]
    sets += [{**game.options, name: not game.options[name]} for name in names]
    sets += [{name: False for name in names}, {name: True for name in names}]
    unique = []
    for options in sets:
        if options not in unique:
            unique.append(options)
    return unique


def setups():
    for game in GAMES.values():
        for players in game.players:
            for options in option_sets(game):
                yield pytest.param(game, players, options,
                                   id=f"{game.id}-{players}p-" + "-".join(
                                       f"{n}={int(v)}" for n, v in sorted(options.items())))


def checked_games(game, count: int) -> range:
    """The seeds of ``count`` games with checks after every move, scaled by
    the game's share and the run's (``SCALE``)."""
    return range(max(2, round(count * CHECKED_SHARE.get(game.id, 1.0) * SCALE)))


def random_game(game, players, options, seed, check=None):
    """Play a random game; ``check(state, moves)`` runs after every move."""
    state = game.new(players=players, seed=seed, **options)
    rng = Rng.from_seed(seed + 7919)
    moves = []
    while not state.is_over():
        to_move = state.to_move()
        assert to_move, "a game that is not over has someone to move"
        player = to_move[rng.below(len(to_move))]
        legal = state.legal_moves(player)
        assert legal, f"player {player} must act but has no legal move"
        move = rng.choice(legal)
        state.play(player, move)
        moves.append((player, str(move)))
        assert len(moves) < 5000, "the game does not end"
        if check:
            check(state, moves)
    return state, moves


@pytest.mark.parametrize("game,players,options", list(setups()))
def test_random_games_end_with_a_result(game, players, options):
    for seed in range(max(2, round(GAMES_PER_SETUP.get(game.id, DEFAULT_GAMES_PER_SETUP) * SCALE))):
        state, moves = random_game(game, players, options, seed)
        result = state.result()
        assert result["winners"], "someone wins or the winners share a draw"
        assert set(result["winners"]) <= set(range(players))
        assert len(result["scores"]) == players
        assert state.to_move() == []
        for player in range(players):
            assert state.legal_moves(player) == []


@pytest.mark.parametrize("game,players,options", list(setups()))
def test_json_round_trip_and_invariants_after_every_move(game, players, options):
    def check(state, moves):
        data = state.to_json()
        text = json.dumps(data)
        copy = game.from_json(json.loads(text))  # from_json validates the invariants
        assert copy.to_json() == data
        assert copy.view(None) == state.view(None)
        clone = state.clone()
        assert clone.to_json() == data

    for seed in checked_games(game, 40):
        random_game(game, players, options, 10_000 + seed, check)


@pytest.mark.parametrize("game,players,options", list(setups()))
def test_replay_is_identical(game, players, options):
    for seed in checked_games(game, 60):
        state, moves = random_game(game, players, options, 20_000 + seed)
        match = Match(game.id, players, 20_000 + seed, options)
        for player, move in moves:
            match.play(player, move)
        assert match.state.to_json() == state.to_json()
        again = Match.from_record(json.loads(json.dumps(match.to_record())))
        assert again.state.to_json() == state.to_json()


@pytest.mark.parametrize("game,players,options", list(setups()))
def test_views_and_determinize_depend_only_on_what_the_player_saw(game, players, options):
    def check(state, moves):
        if len(moves) % 5:
            return
        for player in range(players):
            twin = state.determinize(player, Rng(len(moves) * 31 + player))
            # The twin differs in what `player` cannot see, and nothing else.
            assert twin.view(player) == state.view(player)
            assert twin.legal_moves(player) == state.legal_moves(player)
            a = state.determinize(player, Rng(99))
            b = twin.determinize(player, Rng(99))
            assert a.to_json() == b.to_json()

    for seed in checked_games(game, 25):
        random_game(game, players, options, 30_000 + seed, check)


@pytest.mark.parametrize("game,players,options", list(setups()))
def test_illegal_moves_leave_the_state_unchanged(game, players, options):
    def check(state, moves):
        before = state.to_json()
        to_move = state.to_move()
        for player in range(players):
            if player not in to_move:
                legal = [] if not to_move else state.legal_moves(to_move[0])
                for move in legal[:3]:
                    with pytest.raises(IllegalMove):
                        state.play(player, move)
        for garbage in ("", "fly to the moon", "place", "take 9", 17, None):
            if to_move:
                with pytest.raises(IllegalMove):
                    state.play(to_move[0], garbage)
        assert state.to_json() == before

    for seed in checked_games(game, 8):
        random_game(game, players, options, 40_000 + seed, check)


def mutations(text: str, rng: Rng) -> list:
    """Move texts near ``text``: a word dropped, doubled, swapped with another
    move's word, or a number changed by one."""
    words = text.split()
    out = [" ".join(words[:-1]), text + " " + words[-1]]
    for i, word in enumerate(words):
        if word.lstrip("-").isdigit():
            for step in (-1, 1):
                out.append(" ".join(words[:i] + [str(int(word) + step)] + words[i + 1:]))
    if len(words) > 1:
        i = rng.below(len(words) - 1) + 1
        out.append(" ".join(words[:i] + words[i + 1:] + [words[i]]))
    return [t for t in out if t and t != text]


@pytest.mark.parametrize("game,players,options", list(setups()))
def test_play_accepts_exactly_the_legal_moves(game, players, options):
    """Each rule is written once, in ``legal_moves``: ``play`` accepts every
    legal move, and refuses everything else it is given -- the legal moves
    of the other seats, every move of the game's notation met so far in any
    position, mutated move texts -- with a sentence, the state unchanged."""
    rng = Rng.from_seed(players * 31 + len(options))
    known: dict = {}

    def check(state, moves):
        if state.is_over() or len(moves) % 3:
            return
        before = json.dumps(state.to_json(), sort_keys=True)
        for player in range(players):
            legal = state.legal_moves(player)
            texts = {str(move) for move in legal}
            for move in legal:
                known.setdefault(str(move), move)
            for move in legal:
                copy = state.clone()
                copy.play(player, str(move))                     # accepted, from its text too
            others = [known[text] for text in sorted(known) if text not in texts]
            tried = [others[rng.below(len(others))] for _ in range(min(12, len(others)))]
            tried += [text for move in legal[:4] for text in mutations(str(move), rng)]
            for move in tried:
                if str(move) in texts:
                    continue
                copy = state.clone()
                with pytest.raises(IllegalMove) as refused:
                    copy.play(player, move)
                assert str(refused.value) and refused.value.key, (str(move), refused.value)
                assert json.dumps(copy.to_json(), sort_keys=True) == before, str(move)
        assert json.dumps(state.to_json(), sort_keys=True) == before

    for seed in checked_games(game, 3):
        random_game(game, players, options, 60_000 + seed, check)


def _shared(view: dict) -> dict:
    """A view without the name of its viewer."""
    return {key: value for key, value in view.items() if key != "viewer"}


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda game: game.id)
def test_private_information_says_whether_views_ever_differ(game):
    """``private_information`` decides whether a shared device shows a privacy
    screen between players, so it must be true exactly when two players'
    views (or their logs) can differ."""
    players = min(game.players)
    differ = False
    for seed in range(6):
        match = Match(game.id, players, 50_000 + seed, {})
        rng = Rng.from_seed(seed)
        while not match.state.is_over():
            views = [_shared(match.state.view(p)) for p in range(players)]
            logs = [match.log_for(p) for p in range(players)]
            if any(view != views[0] for view in views) or any(log != logs[0] for log in logs):
                differ = True
                if game.private_information:
                    break
                pytest.fail(f"{game.id} says nothing is private, but two views differ "
                            f"after {len(match.entries)} moves")
            player = match.state.to_move()[0]
            match.play(player, str(rng.choice(match.state.legal_moves(player))))
        if differ and game.private_information:
            break
    assert differ == game.private_information


def test_a_face_down_moai_tile_is_seen_by_its_owner_only_until_the_end():
    """Moai's H-9 through the protocol: once a clan takes its tile face down,
    no other clan's view or log, nor a spectator's, holds its height or its id
    (which names the height); its owner's do; a determinized copy for another
    clan keeps that clan's view; the end reveals the tile to everyone."""
    checked = 0
    for seed in range(3):
        match = Match("moai", 3, 60_000 + seed, {})
        rng = Rng.from_seed(seed)
        owner = tile = None
        while not match.state.is_over():
            player = match.state.to_move()[0]
            legal = [str(m) for m in match.state.legal_moves(player)]
            face_down = [m for m in legal if m.endswith(" facedown")]
            move = face_down[0] if face_down and owner is None else rng.choice(legal)
            entry = match.play(player, move)
            if owner is not None or not face_down or move not in face_down:
                continue
            owner = player
            carve = next(e for e in entry.events if e["key"] == "moai.carve_hidden")
            tile = carve["secret"]["tile"]
            index = len(match.state.view(owner)["moai"]["tiles"][owner]) - 1
            for viewer in [q for q in range(3) if q != owner] + [None]:
                view = match.state.view(viewer)
                assert view["moai"]["tiles"][owner][index] == {"id": None, "height": None,
                                                               "face_down": True}
                assert tile not in json.dumps(view["moai"])
                shown = match.log_for(viewer)[-1]["events"]
                assert {"key": "moai.carve_hidden", "player": owner,
                        "params": {"space": carve["params"]["space"]}} in shown
                if viewer is not None:
                    for k in range(3):
                        twin = match.state.determinize(viewer, Rng(k))
                        assert twin.view(viewer) == view
            own = match.state.view(owner)["moai"]["tiles"][owner][index]
            assert own["id"] == tile and own["face_down"] is True
            assert any(e["key"] == "moai.carve_hidden.own" and e["params"]["tile"] == tile
                       for e in match.log_for(owner)[-1]["events"])
        if owner is None:
            continue
        checked += 1
        final = match.state.view(None)
        if tile in final["moai"]["toppled"]:                   # a toppled Moai is shown anyway
            continue
        revealed = [t for t in final["moai"]["tiles"][owner] if t["id"] == tile]
        assert revealed and revealed[0]["height"] is not None and revealed[0]["face_down"]
        scored = match.result()["breakdown"]["players"][owner]["tiles"]
        assert revealed[0] in scored
    assert checked, "no game took a tile face down"


# A clone copies its position field by field (an explicit list per game, for
# speed). Left out on purpose: the legal moves already listed (lists shared,
# never changed) and whether the last move showed something hidden (a copy
# has played nothing yet).
NOT_COPIED = {"_cache", "_shown"}
# Lists whose entries a clone shares: tuples, or records never changed once written.
SHARED_ENTRIES = {"scorings", "points", "stack"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_clone_copies_every_field_and_shares_no_list(game_id):
    game = GAMES[game_id]
    cls = game.State
    assert set(cls.__slots__) == set(cls.__annotations__), "each field is declared with its type"
    for seed in range(3):
        positions = []

        def keep(state, moves):
            if len(moves) % 9 == 0:
                positions.append(state.clone())

        random_game(game, max(game.players), {}, 30_000 + seed, keep)
        for state in positions:
            clone = state.clone()
            assert type(clone) is cls
            for name in cls.__slots__:
                if name in NOT_COPIED:
                    continue
                mine, theirs = getattr(state, name), getattr(clone, name)
                assert theirs == mine, name
                if isinstance(mine, list):
                    assert theirs is not mine, name
                    if name not in SHARED_ENTRIES:
                        assert not any(a is b for a, b in zip(mine, theirs) if isinstance(a, list)), name
