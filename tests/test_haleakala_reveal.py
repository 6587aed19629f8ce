"""Haleakala looked back on: "Show everything" shows the order of the three
face-down decks, the game's only hidden information (I-1), whose contents
were public all along as counts per kind (I-2)."""

from __future__ import annotations

import json
import pathlib

import pytest

from pygame_core.bots import make_bot
from pygame_core.games import GAMES
from pygame_core.games.haleakala.tables import KINDS
from pygame_core.match import Match
from pygame_core.review import Review

ROOT = pathlib.Path(__file__).resolve().parent.parent
DECKS = ("deck_1", "deck_2", "deck_3")


def played(seed: int = 5, plies: int | None = None) -> Match:
    """A game of Haleakala played by bots of level 0, to its end or for ``plies`` moves."""
    match = Match("haleakala", 2, seed, seats=["h", "bot0"])
    ply = 0
    while not match.state.is_over() and (plies is None or ply < plies):
        player = match.state.to_move()[0]
        match.play(player, str(make_bot(0, f"{seed}/{ply}").choose(match.state, player)))
        ply += 1
    return match


@pytest.fixture(scope="module")
def finished() -> Match:
    return played()


def decks_of(view: dict) -> dict:
    return {item["what"]: item["cards"] for item in view["revealed"]}


def test_I_1_every_seat_sees_the_same_and_the_flag_stays():
    assert GAMES["haleakala"].private_information is False


def test_I_1_I_2_the_decks_are_shown_in_draw_order_and_match_their_public_counts():
    match = played(plies=40)
    state = match.state
    before = json.dumps(state.view(0), sort_keys=True)
    for viewer in (0, 1, None):
        view = state.view(viewer)
        shown = state.revealed_view(viewer)
        assert "revealed" not in view
        assert {k: v for k, v in shown.items() if k != "revealed"} == view
        revealed = shown["revealed"]
        # Exactly the decks that still hold cards, by their palms.
        assert [item["what"] for item in revealed] == [f"deck_{d + 1}" for d in range(3) if state.decks[d]]
        assert all(item["player"] is None for item in revealed)
        for item in revealed:
            d = int(item["what"][-1]) - 1
            deck = view["decks"][d]
            assert deck["palms"] == d + 1 and len(item["cards"]) == deck["count"]
            # The same cards as the public counts (I-2), under the i18n names.
            counts: dict[str, int] = {}
            for card in item["cards"]:
                counts[card] = counts.get(card, 0) + 1
            assert counts == {kind.lower(): n for kind, n in deck["contents"].items()}
            # Top first: the top of a deck is the end of its list.
            assert item["cards"] == [KINDS[k].lower() for k in reversed(state.decks[d])]
    # Showing everything changes nothing.
    assert json.dumps(state.view(0), sort_keys=True) == before


def test_I_1_the_first_card_listed_is_the_next_one_drawn(finished):
    """Across a whole game, every card a refill turns up (H-32, H-33, H-36) is
    the first one listed of its deck: the listed order is the draw order."""
    draws = 0
    state = finished.position_at(0)
    for entry in finished.entries:
        shown = decks_of(state.revealed_view(0))
        events = state.play(entry.player, entry.move)
        after = decks_of(state.revealed_view(0))
        turned = []
        for what in DECKS:
            cards, left = shown.get(what, []), after.get(what, [])
            # Cards leave a deck from its top only.
            assert cards[len(cards) - len(left):] == left
            turned += [(what, card) for card in cards[:len(cards) - len(left)]]
        refills = [(f"deck_{e['params']['palms']}", e["params"]["card"].lower())
                   for e in events if e["key"] == "haleakala.refill"]
        assert refills == [(what, card) for what, card in turned if card != "lava"]
        assert len(turned) - len(refills) == sum(
            e["key"] in ("haleakala.lava_card", "haleakala.lava_card_idle") for e in events)
        draws += len(turned)
    assert draws > 10


def test_I_1_show_everything_shows_the_decks_after_the_end_only(finished):
    assert finished.state.is_over()
    review = Review(finished)
    for ply in (0, review.plies // 3):
        state = finished.position_at(ply)
        shown = review.snapshot(ply, 0, reveal=True)
        hidden = review.snapshot(ply, 0)
        assert shown["view"] == state.revealed_view(0)
        assert shown["view"]["revealed"], "cards were left in the decks"
        assert "revealed" not in hidden["view"]
        assert {k: v for k, v in shown["view"].items() if k != "revealed"} == hidden["view"]
        # Nothing is secret between the players: the log is the same.
        assert shown["log"] == hidden["log"]
    unfinished = Review(played(plies=12))
    with pytest.raises(Exception) as refused:
        unfinished.snapshot(5, 0, reveal=True)
    assert getattr(refused.value, "key", None) == "error.review_unfinished"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_deck_and_card_shown_has_words(language, finished):
    words = json.loads((ROOT / "web" / "i18n" / f"{language}.json").read_text("utf-8"))
    for what in DECKS:
        assert words[f"review.revealed.{what}"].endswith(":")
    for item in finished.position_at(0).revealed_view(None)["revealed"]:
        for card in item["cards"]:
            assert f"haleakala.card.{card}" in words
