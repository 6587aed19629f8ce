"""Bots return legal moves, see only what their player may see, and the
stronger levels beat the weaker ones."""

import itertools

import pytest

from pygame_core import GAMES, Rng
from pygame_core.bots import LEVELS, SEARCH_BUDGETS, ISMCTSBot, make_bot
from pygame_core.bots.ismcts import Search
from pygame_core.engine import GameError
from toy_games import BidsState, SecretBids


def setups(variants="each"):
    """Every game and player count, with the default options, each option
    turned on alone (``variants="each"``) and all of them on; ``"ends"``: the
    default options and all on."""
    for game in GAMES.values():
        names = sorted(game.options)
        choices = [dict(game.options)]
        if variants == "each":
            choices += [{**game.options, name: not game.options[name]} for name in names]
        choices.append({name: True for name in names})
        seen = []
        for options in choices:
            if options in seen:
                continue
            seen.append(options)
            for players in game.players:
                yield pytest.param(game, players, options, id=f"{game.id}-{players}p-" + "-".join(
                    f"{n}={int(v)}" for n, v in sorted(options.items())))


def small_search_bot(seed):
    """The tree search of levels 2-4 on a budget small enough for every game."""
    return ISMCTSBot(Rng.from_seed(seed), 2, iterations=10)


def play_out(state, bots, check=None):
    steps = 0
    while not state.is_over():
        to_move = state.to_move()
        player = to_move[steps % len(to_move)]
        move = bots[player].choose(state, player)
        assert move in state.legal_moves(player), f"{move} is not legal for {player}"
        if check:
            check(state, player, move)
        state.play(player, move)
        steps += 1
        assert steps < 5000, "the game does not end"
    return state


@pytest.mark.parametrize("game,players,options", list(setups()))
def test_random_bots_only_play_legal_moves_to_the_end(game, players, options):
    for seed in range(2):
        state = game.new(players=players, seed=seed, **options)
        bots = [make_bot(0, seed * 10 + p) for p in range(players)]
        assert play_out(state, bots).result()["winners"]


@pytest.mark.parametrize("game,players,options", list(setups("ends")))
@pytest.mark.parametrize("kind", ["greedy", "search"])
def test_thinking_bots_only_play_legal_moves_to_the_end(game, players, options, kind):
    state = game.new(players=players, seed=1, **options)
    if kind == "search":
        bots = [small_search_bot(10 + p) for p in range(players)]
    else:
        bots = [make_bot(1, 10 + p) for p in range(players)]
    assert play_out(state, bots).result()["winners"]


# Each level's real budget (it thinks for as long as that takes) once per
# game, at its largest table; the same search plays every variant to its end
# above, on a small budget.
@pytest.mark.parametrize("level", sorted(SEARCH_BUDGETS))
@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_every_search_level_chooses_a_legal_move(game, level):
    state = game.new(players=max(game.players), seed=11)
    rng = Rng(3)
    for _ in range(12):  # a position a little into the game
        player = state.to_move()[0]
        state.play(player, rng.choice(state.legal_moves(player)))
    player = state.to_move()[0]
    bot = make_bot(level, 5, timed=True)
    assert bot.millis == SEARCH_BUDGETS[level][1]
    assert bot.choose(state, player) in state.legal_moves(player)


def twins(game, players, seed, steps):
    """A position some random moves into a game, and another one its player
    to move cannot tell from it (everything hidden dealt again)."""
    state = game.new(players=players, seed=seed)
    rng = Rng(seed + 5)
    for _ in range(steps):
        to_move = state.to_move()
        player = to_move[rng.below(len(to_move))]
        state.play(player, rng.choice(state.legal_moves(player)))
    player = state.to_move()[0]
    twin = state.determinize(player, Rng(77))
    assert twin.view(player) == state.view(player)
    return state, twin, player


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_bot_same_choice_in_indistinguishable_kahuna_states(level):
    state, twin, player = twins(GAMES["kahuna"], 2, 3, 30)
    assert twin.to_json() != state.to_json()
    first = make_bot(level, 42, timed=False).choose(state, player)
    second = make_bot(level, 42, timed=False).choose(twin, player)
    assert first == second


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("game,players,options", list(setups("ends")))
def test_same_bot_same_choice_in_indistinguishable_states(game, players, options, level):
    for seed, steps in ((1, 9), (2, 40)):
        state, twin, player = twins(game, players, seed, steps)
        first = make_bot(level, 42, timed=False).choose(state, player)
        second = make_bot(level, 42, timed=False).choose(twin, player)
        assert first == second, f"{game.id}: {first} then {second} in the same information set"


def test_the_opening_card_is_chosen_without_knowing_the_others():
    """Kanaloa's opening card is a secret simultaneous choice: whatever the
    others have already chosen, the bot's choice is the same."""
    game = GAMES["kanaloa"]
    chosen = set()
    for seed_of_others in range(4):
        state = game.new(players=3, seed=1)
        rng = Rng(seed_of_others)
        for other in (1, 2):
            state.play(other, rng.choice(state.legal_moves(other)))
        assert state.to_move() == [0]
        chosen.add(str(make_bot(2, 7, timed=False).choose(state, 0)))
    assert len(chosen) == 1


class OnlyWhatThePlayerSees:
    """The true position behind a screen: the player's own legal moves and
    determinizations for that player, nothing else."""

    def __init__(self, state, player):
        self._state, self._player = state, player
        self.game, self.players = state.game, state.players
        self.determinized = 0

    def legal_moves(self, who):
        assert who == self._player, "only the player's own moves are known to them"
        return self._state.legal_moves(who)

    def determinize(self, who, rng):
        assert who == self._player, "a determinization for another player"
        self.determinized += 1
        return self._state.determinize(who, rng)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_bots_read_the_position_only_through_determinize(level):
    state = GAMES["kahuna"].new(players=2, seed=8)
    rng = Rng(4)
    for _ in range(20):
        player = state.to_move()[0]
        state.play(player, rng.choice(state.legal_moves(player)))
    player = state.to_move()[0]
    screen = OnlyWhatThePlayerSees(state, player)
    move = make_bot(level, 1, timed=False).choose(screen, player)
    assert move in state.legal_moves(player)
    if level >= 1 and len(state.legal_moves(player)) > 1:
        assert screen.determinized > 0


def test_simultaneous_choice_is_made_without_knowing_the_others():
    """Two positions that differ only in the opponent's secret bid are the same
    to the bot: it bids the same, whatever the opponent chose."""
    chosen = {}
    for secret in (1, 2, 3):
        state = SecretBids.new(players=2)
        state.play(1, f"bid {secret}")
        assert state.to_move() == [0]
        chosen[secret] = make_bot(3, 99, timed=False).choose(state, 0)
    assert len(set(chosen.values())) == 1


def test_search_in_slices_equals_one_search():
    state = GAMES["kahuna"].new(players=2, seed=4)
    player = state.to_move()[0]
    whole = Search(state, player, Rng(9), max_iterations=200)
    whole.run()
    sliced = Search(state, player, Rng(9), max_iterations=200)
    while not sliced.run(iterations=17):
        pass
    assert sliced.iterations == whole.iterations
    assert sliced.statistics() == whole.statistics()
    assert sliced.best_move() == whole.best_move()


def test_a_game_may_give_a_level_its_own_exploration_constant():
    """Kanaloa's expert explores less than the default with two players;
    with more, its other levels, and every level of the games that say
    nothing keep the default."""
    from pygame_core.bots.ismcts import EXPLORATION, exploration_for
    kanaloa = GAMES["kanaloa"].new(players=2, seed=3)
    player = kanaloa.to_move()[0]
    expert, strong = make_bot(4, "x"), make_bot(3, "x")
    assert expert.search(kanaloa, player).exploration == 0.25 == exploration_for(kanaloa, 4)
    assert strong.search(kanaloa, player).exploration == EXPLORATION == 0.7
    for players in (3, 4):
        table = GAMES["kanaloa"].new(players=players, seed=3)
        assert expert.search(table, table.to_move()[0]).exploration == EXPLORATION
    kahuna = GAMES["kahuna"].new(players=2, seed=3)
    assert expert.search(kahuna, kahuna.to_move()[0]).exploration == EXPLORATION
    assert ISMCTSBot(Rng(1), 4, 10, exploration=0.5).search(kanaloa, player).exploration == 0.5


def test_search_stops_once_the_choice_cannot_change():
    state = GAMES["kahuna"].new(players=2, seed=4)
    player = state.to_move()[0]
    search = Search(state, player, Rng(2), max_iterations=2000)
    assert search.run() is True
    assert search.decided and search.iterations < 2000
    visits = [v for _, v, _ in search.statistics()]
    assert visits[0] - visits[1] > 2000 - search.iterations


def test_a_millisecond_budget_ends_the_search():
    state = GAMES["kahuna"].new(players=2, seed=4)
    player = state.to_move()[0]
    search = Search(state, player, Rng(2), max_iterations=None, max_millis=30)
    assert search.run() is True
    assert search.out_of_time or search.millis >= 30 or search.decided


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class SlowBids(BidsState):
    """Secret bids whose every determinization takes ``cost`` seconds of
    ``clock``, as on a busy machine: each iteration deals one."""

    def __init__(self, clock, costs):
        super().__init__()
        self.clock = clock
        self.costs = iter(costs)

    def determinize(self, player, rng):
        self.clock.now += next(self.costs)
        return super().determinize(player, rng)


def test_a_millisecond_budget_is_a_cap_that_no_iteration_passes():
    """Iterations of 300 ms under a cap of 2 s: the search stops when the time
    left could not hold another one, not when the cap has already passed."""
    clock = FakeClock()
    state = SlowBids(clock, itertools.repeat(0.3))
    search = Search(state, 0, Rng(2), max_iterations=None, max_millis=2000, clock=clock)
    assert search.run() is True
    assert search.out_of_time
    assert 100.0 + 2.0 - 2 * 0.3 <= clock.now <= 100.0 + 2.0
    assert search.millis == pytest.approx((clock.now - 100.0) * 1000)
    assert search.iterations == 5


def test_the_cap_holds_when_iterations_slow_down_and_the_search_runs_in_slices():
    """Slices of 60 ms (the browser's), iterations that get slower and
    slower (10 ms growing to 40 ms): the last one still ends before the cap.
    (A cap of 1 s: with 2 s these bids are settled after 64 iterations, and
    the search stops there, before the cap.)"""
    clock = FakeClock()
    costs = [min(0.010 + 0.0005 * i, 0.040) for i in range(1000)]
    state = SlowBids(clock, costs)
    search = Search(state, 0, Rng(2), max_iterations=None, max_millis=1000, clock=clock)
    slices = 0
    while not search.run(millis=60):
        slices += 1
    assert search.out_of_time and slices > 10
    assert clock.now - 100.0 <= 1.0
    assert clock.now - 100.0 >= 1.0 - 2 * 0.040


def test_a_search_in_slices_stops_once_its_move_is_settled():
    """The same bids with a cap of 2 s: every 16 iterations of the whole
    search, across slices, it asks whether the most visited move can still
    be overtaken in the time left, and stops when it cannot."""
    clock = FakeClock()
    costs = [min(0.010 + 0.0005 * i, 0.040) for i in range(1000)]
    search = Search(SlowBids(clock, costs), 0, Rng(2), max_iterations=None, max_millis=2000, clock=clock)
    while not search.run(millis=60):
        pass
    assert search.decided and not search.out_of_time
    assert search.iterations % 16 == 0 and clock.now - 100.0 < 2.0


def test_an_iteration_budget_alone_never_reads_the_clock_to_stop():
    """Without a millisecond budget the search spends its iterations whatever
    the clock says (the ladders replay exactly)."""
    clock = FakeClock()
    state = SlowBids(clock, itertools.repeat(5.0))
    search = Search(state, 0, Rng(2), max_iterations=40, clock=clock)
    search.run()
    assert search.iterations == 40 or search.decided
    assert not search.out_of_time


def test_a_games_evaluations_are_its_evaluate_for_every_player():
    """``evaluations(state)`` is the search's shortcut for ``evaluate`` of each
    player: exactly the same numbers, on positions along random games."""
    checked = 0
    for game in GAMES.values():
        evaluations = getattr(game.hints, "evaluations", None)
        if evaluations is None:
            continue
        for players in game.players:
            state = game.new(players=players, seed=players)
            rng = Rng(players)
            while not state.is_over():
                assert evaluations(state) == [game.hints.evaluate(state, p) for p in range(players)]
                checked += 1
                to_move = state.to_move()
                player = to_move[rng.below(len(to_move))]
                state.play(player, rng.choice(state.legal_moves(player)))
    assert checked > 500


def test_unknown_level_is_refused():
    for level in (9, -1, "2", None, True):
        with pytest.raises(GameError):
            make_bot(level, 0)


def duel(strong, weak, games, seed0=0):
    """Games of ``strong`` against ``weak`` (factories of a seed), seats
    swapped each game; the number of games ``strong`` won (draws: half)."""
    game = GAMES["kahuna"]
    score = 0.0
    for seed in range(seed0, seed0 + games):
        seat = seed % 2
        bots = {seat: strong(seed), 1 - seat: weak(seed + 1000)}
        state = play_out(game.new(players=2, seed=seed), bots)
        winners = state.result()["winners"]
        if winners == [seat]:
            score += 1
        elif seat in winners:
            score += 0.5
    return score


# The short rungs of the ladder. The long ones, search against search at
# growing budgets, are measured by bench/bots.py (`--pairings 3-2,4-3`).
def test_ladder_greedy_beats_random():
    wins = duel(lambda s: make_bot(1, s), lambda s: make_bot(0, s), 20)
    assert wins >= 16, f"greedy won only {wins} of 20"


def test_ladder_search_beats_greedy():
    wins = duel(lambda s: make_bot(2, s, timed=False), lambda s: make_bot(1, s), 8)
    assert wins >= 7, f"level 2 won only {wins} of 8 against greedy"
