"""Bots return legal moves and see only what their player may see."""

import pytest

from pygame_core import GAMES, Rng
from pygame_core.bots import LEVELS, make_bot
from pygame_core.engine import GameError


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bots_only_play_legal_moves_to_the_end(game_id, level):
    game = GAMES[game_id]
    for players in game.players:
        for seed in range(3):
            state = game.new(players=players, seed=seed)
            bots = [make_bot(level, seed * 10 + p) for p in range(players)]
            steps = 0
            while not state.is_over():
                player = state.to_move()[0]
                move = bots[player].choose(state, player)
                assert move in state.legal_moves(player)
                state.play(player, move)
                steps += 1
                assert steps < 5000
            assert state.result()["winners"]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_bot_same_choice_in_indistinguishable_states(level):
    game = GAMES["kahuna"]
    state = game.new(players=2, seed=3)
    rng = Rng(5)
    for _ in range(30):  # reach a position with some history
        player = state.to_move()[0]
        state.play(player, rng.choice(state.legal_moves(player)))
    player = state.to_move()[0]
    twin = state.determinize(player, Rng(77))
    assert twin.to_json() != state.to_json()
    first = make_bot(level, 42).choose(state, player)
    second = make_bot(level, 42).choose(twin, player)
    assert first == second


def test_unknown_level_is_refused():
    with pytest.raises(GameError):
        make_bot(9, 0)


def test_greedy_beats_random_more_often_than_not():
    game = GAMES["kahuna"]
    wins = 0
    games = 20
    for seed in range(games):
        greedy_seat = seed % 2
        bots = {greedy_seat: make_bot(1, seed), 1 - greedy_seat: make_bot(0, seed)}
        state = game.new(players=2, seed=seed)
        while not state.is_over():
            player = state.to_move()[0]
            state.play(player, bots[player].choose(state, player))
        if state.result()["winners"] == [greedy_seat]:
            wins += 1
    assert wins >= 14, f"greedy won only {wins} of {games}"
