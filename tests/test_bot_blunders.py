"""Blunders a player would laugh at, on explicit positions: no bot above level
0 makes them. Bots play untimed (iterations only) with fixed seeds, so every
choice here is exact."""

import pytest

from pygame_core.bots import LEVELS, make_bot
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
