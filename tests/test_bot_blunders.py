"""Blunders a player would laugh at, on explicit positions: no bot above level
0 makes them. Bots play untimed (iterations only) with fixed seeds, so every
choice here is exact."""

import pytest

from pygame_core.bots import LEVELS, make_bot
from kanaloa_helpers import position as kanaloa_position
from moai_helpers import G, R, Y, act, position as moai_position

THINKING = [level for level in sorted(LEVELS) if level > 0]


def choice(level, seed, state, player=None):
    player = state.to_move()[0] if player is None else player
    return str(make_bot(level, seed, timed=False).choose(state, player))


# -- Moai: the victim of a disaster (C-5.0a) ---------------------------------------------------------

def moai_disaster(card, **kw):
    """Three clans, Red first to pick from a display holding the clan disaster
    ``card``; every clan, Red included, has something that disaster would
    take. Red takes it and must name a victim (he is the first in the list,
    where a bot that sees no difference between the names would stop)."""
    kw.setdefault("camps", {R: [1, 2], Y: [1, 2], G: [1, 2]})
    kw.setdefault("fields", {"F1": "R2", "F2": "Y2", "F3": "G2"})
    state = moai_position(players=3, phase="take", order=[R, Y, G], bird_man=R, current=0,
                          display=[card, "E2-01", "E2-02", "E2-03"], **kw)
    act(state, f"take {card}")
    assert state.to_move() == [R] and state.to_json()["phase"] == "victim"
    return state


FINAL = dict(round=8, final_round=True)
MOAI_DISASTERS = {
    "epidemic": lambda: moai_disaster("E2-12", round=2),
    "fire": lambda: moai_disaster("E2-08", round=2, stocks={R: 2, Y: 1, G: 1}),
    "burning boat": lambda: moai_disaster("E2-10", round=2,
                                          boats={"E1-06": "R", "E1-07": "Y", "E1-08": "G"}),
    "tribal war, last round": lambda: moai_disaster(
        "E3-06", **FINAL, tiles={R: ["M03"], Y: ["M04"], G: ["M09"]}),
    "toppled moai, far ahead": lambda: moai_disaster(
        "E3-07", **FINAL, stocks={R: 3}, tiles={R: ["M04", "M20", "M21"], Y: ["M03"], G: ["M09"]}),
    "toppled moai, behind": lambda: moai_disaster(
        "E3-07", **FINAL, tiles={R: ["M04"], Y: ["M03", "M20"], G: ["M09", "M21"]}),
}


def seeds_for(level):
    """Several seeds for the quick levels, one for the slow ones."""
    return range(6) if level <= 2 else range(1)


@pytest.mark.parametrize("disaster", sorted(MOAI_DISASTERS))
@pytest.mark.parametrize("level", THINKING)
def test_moai_bots_never_name_their_own_clan(level, disaster):
    """The audit's blunder: a clan named itself as the victim of a disaster
    that harmed it, when naming another clan would have harmed that clan."""
    for seed in seeds_for(level):
        state = MOAI_DISASTERS[disaster]()
        assert "victim R" in {str(m) for m in state.legal_moves(R)}
        named = choice(level, seed, state)
        assert named in ("victim Y", "victim G"), f"level {level}, seed {seed}: {named}"


# -- Kanaloa: the final phase and the god stones ----------------------------------------------------

def kanaloa_pass_position():
    """E-8, TP-8: the final phase with two players; Adam (Y, R) trails and
    Betty (G, B) has not played her last turn, so Adam may pass. Yellow holds
    ALOA, ELOI and DALI with exactly the bridges control needs, and no link of
    them is free. Betty holds ALOA, DALI and ELOI (Adam saw her take them):
    enough to replace one Yellow bridge on ALOA or on ELOI, not both. Adam's
    two DALI cards can do nothing useful now, but can win back whichever
    island she breaks. If he plays first, she breaks one and wins; if he
    passes, she must play first and he answers: he wins."""
    return kanaloa_position(
        "ALOA-DALI:Y", "ALOA-BAFI:Y", "ALOA-COCO:Y", "ALOA-ELOI:G", "ALOA-FARE:B",
        "DALI-ELOI:Y", "COCO-ELOI:Y", "ELOI-MOTU:Y", "ELOI-NALU:B", "DALI-MOTU:Y",
        players=2, round=2, final=True, player=0,
        scores={"Y": 8, "R": 20, "G": 14, "B": 14},
        hands={0: ["DALI", "DALI"], 1: ["ALOA", "DALI", "ELOI"]},
        known={0: {1: ["ALOA", "DALI", "ELOI"]}})


def test_the_kanaloa_pass_position_is_won_by_passing_and_lost_by_playing():
    """The position means what the next test says: Adam wins after a pass
    whatever Betty does, and loses whatever he plays first (every line)."""
    def adam_wins(state):
        if state.is_over():
            return state.result()["winners"] == [0]
        player = state.to_move()[0]
        outcomes = []
        for move in state.legal_moves(player):
            copy = state.clone()
            copy.play(player, move)
            outcomes.append(adam_wins(copy))
        return any(outcomes) if player == 0 else all(outcomes)

    state = kanaloa_pass_position()
    for move in state.legal_moves(0):
        copy = state.clone()
        copy.play(0, move)
        assert adam_wins(copy) == (str(move) == "pass"), move


@pytest.mark.parametrize("level", THINKING)
def test_kanaloa_bots_pass_when_playing_last_wins(level):
    for seed in seeds_for(level):
        state = kanaloa_pass_position()
        assert choice(level, seed, state) == "pass", f"level {level}, seed {seed}"


@pytest.mark.parametrize("level", THINKING)
def test_kanaloa_bots_make_no_discard_in_a_last_turn(level):
    """KN-4, E-9: Mateo leads and plays his last turn; none of his cards can be
    played (his bridges hold every link of KULU and HONU). A face-down discard
    would change nothing: his hand is discarded when the turn ends."""
    for seed in seeds_for(level):
        state = kanaloa_position(
            "FARE-KULU:Y", "GAPU-KULU:Y", "INOA-KULU:Y", "GAPU-HONU:Y", "HONU-ORO:Y", "HONU-RASI:Y",
            "ALOA-BAFI:R", players=4, round=2, final=True, player=0, scores={"Y": 12, "R": 3},
            hands={0: ["HONU", "KULU", "KULU"], 1: ["ALOA"], 2: ["BAFI"], 3: ["COCO"]})
        assert "discard KULU" in {str(m) for m in state.legal_moves(0)}
        assert choice(level, seed, state) == "end", f"level {level}, seed {seed}"


def kanaloa_lono_position():
    """GD-13, round 2 with the gods: Mateo (Y) holds a LONO stone and two cards
    he cannot use (his bridges hold every link of KULU and HONU). Yellow has two
    of ELOI's three bridges and ELOI-DALI is free; an ELOI card lies in the
    display. LONO can take it, and the ELOI card built on ELOI-DALI takes ELOI."""
    return kanaloa_position(
        "FARE-KULU:Y", "GAPU-KULU:Y", "INOA-KULU:Y", "GAPU-HONU:Y", "HONU-ORO:Y", "HONU-RASI:Y",
        "ALOA-ELOI:Y", "COCO-ELOI:Y", "ELOI-MOTU:R", "ELOI-NALU:G",
        players=4, gods=True, round=2, player=0, tablets={0: ["LONO"]},
        display=["ELOI", "BAFI", "FARE", "JEKA"],
        hands={0: ["HONU", "KULU"], 1: ["ALOA", "ALOA"], 2: ["BAFI", "NALU"], 3: ["COCO", "MOTU"]})


def play_turn(level, seed, state):
    """The bot's moves until its turn ends."""
    player = state.to_move()[0]
    bot = make_bot(level, seed, timed=False)
    moves = []
    while state.to_move() == [player] and not state.is_over():
        move = bot.choose(state, player)
        moves.append(str(move))
        state.play(player, move)
    return moves


@pytest.mark.parametrize("level", THINKING)
def test_kanaloa_bots_use_their_stones(level):
    """GD-9: a LONO stone is used before the turn ends, not hoarded until it
    is worth nothing."""
    for seed in seeds_for(level):
        state = kanaloa_lono_position()
        moves = play_turn(level, seed, state)
        assert any(move.startswith("lono") for move in moves), f"seed {seed}: {moves}"


@pytest.mark.parametrize("level", [level for level in THINKING if level >= 3])
def test_kanaloa_bots_use_a_stone_for_the_card_that_wins_an_island(level):
    """The strong levels see further: LONO takes the ELOI card, the one that
    wins ELOI."""
    for seed in seeds_for(level):
        assert choice(level, seed, kanaloa_lono_position()) == "lono take ELOI", f"seed {seed}"
