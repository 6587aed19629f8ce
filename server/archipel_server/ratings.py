"""Players' ratings: one a game, computed by ``openskill``'s Plackett–Luce
model, the model made for games of more than two (docs/online.md, accounts).

A rating is the model's (mu, sigma): its skill and how unsure it still is.
What players see is the skill on the Elo-like scale board gamers know
(``shown``): 1500 for someone new, a hundred points for a 64% chance of
finishing ahead in a game of two. A rating is provisional until
``PROVISIONAL_GAMES`` rated games; the leaderboard ranks by the skill minus
three times the doubt (``ordinal``), so one lucky first game tops nothing.

The bots are the scale's anchors: each level of each game has a fixed
rating, derived from the bot ladders the README publishes (``LADDERS``). A
game against bots moves the person's rating against the bots' fixed ones,
and the bots' never move.

The standing of a finished game (``standings``): the rules' winners first,
then the others by score, ties sharing a rank; a seat whose time ran out
(out of the game, or played on by a bot) ranks last, as if it had left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
MU, SIGMA, BETA = MODEL.mu, MODEL.sigma, MODEL.beta
PROVISIONAL_GAMES = 10
GAMES = ("kahuna", "kanaloa", "moai", "haleakala")

# Elo points per unit of mu: in a game of two with doubts small beside the
# model's beta, a difference d of mu wins with odds exp(d / c), c = beta·√2
# (Plackett–Luce's c); Elo's odds are 10^(D / 400).
ELO_PER_MU = 400 / (math.log(10) * BETA * math.sqrt(2))
SHOWN_AT_MU = 1500           # what a new player's mu (25) shows
# The bots' doubt: small and fixed (a bot's strength is its program).
BOT_SIGMA = 1.0
# Where the novice bot sits on the shown scale (a new player, at 1500, meets
# the casual bot as an equal, roughly).
NOVICE_SHOWN = 800

# The ladders the bots' ratings come from (README, Computer opponents): for
# Kahuna its Elo column; for the other games each level's share against the
# level below it (one bot of the upper level against N - 1 of the lower),
# at the base game's table the README measures.
KAHUNA_ELO = (0, 618, 1154, 1296, 1437)
LADDERS = {
    # game: (players at the table, the share of level L+1 against level L, L = 0..3)
    "kanaloa": (2, (1.00, 0.92, 0.87, 0.53)),
    "moai": (3, (1.00, 0.81, 0.47, 0.50)),
    "haleakala": (2, (1.00, 0.90, 0.70, 0.60)),
}
# A share of 100% over a finite ladder says "far better", not "infinitely":
# shares count at most this much (Kahuna's casual bot, 98% against the
# novice, is +618).
SHARE_CAP = 0.98


def elo_step(players: int, share: float) -> float:
    """The Elo difference a share against N - 1 equal players says: with
    strengths w, share = w_A / (w_A + (N - 1) w_B)."""
    share = min(max(share, 1 - SHARE_CAP), SHARE_CAP)
    return 400 * math.log10(share * (players - 1) / (1 - share))


def ladder_elo(game: str) -> tuple:
    """Each level's Elo in ``game``, the novice at 0."""
    if game == "kahuna":
        return KAHUNA_ELO
    players, shares = LADDERS[game]
    elo = [0.0]
    for share in shares:
        elo.append(elo[-1] + elo_step(players, share))
    return tuple(round(value) for value in elo)


def shown(mu: float) -> int:
    return round(SHOWN_AT_MU + (mu - MU) * ELO_PER_MU)


def mu_of_shown(rating: float) -> float:
    return MU + (rating - SHOWN_AT_MU) / ELO_PER_MU


# The bots' published ratings, by game and level (shown scale).
BOT_RATINGS = {game: tuple(NOVICE_SHOWN + elo for elo in ladder_elo(game)) for game in GAMES}


@dataclass
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative skill the leaderboard ranks by."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    def public(self) -> dict:
        return {"rating": shown(self.mu), "ordinal": shown(self.ordinal), "mu": round(self.mu, 4),
                "sigma": round(self.sigma, 4), "games": self.games, "provisional": self.provisional}


def bot_rating(game: str, level: int) -> Rating:
    return Rating(mu_of_shown(BOT_RATINGS[game][level]), BOT_SIGMA, PROVISIONAL_GAMES)


def standings(result: dict, players: int, timeouts: list) -> list:
    """Each seat's rank in a finished game (0 first, ties sharing one): the
    winners, then the others by score, then the seats whose time ran out."""
    late = {timeout["seat"] for timeout in timeouts} | set(result.get("out") or [])
    winners = set(result.get("winners") or [])
    scores = result.get("scores")

    def key(seat):
        if seat in late:
            return (2, 0)
        if seat in winners:
            return (0, 0)
        return (1, -scores[seat] if isinstance(scores, list) and isinstance(scores[seat], (int, float)) else 0)

    order = sorted({key(seat) for seat in range(players)})
    return [order.index(key(seat)) for seat in range(players)]


def rate(game: str, seats: list, ratings: list, ranks: list) -> list:
    """The new ratings of a rated game: ``seats`` as in a record ("h" or
    "botN"), ``ratings`` the people's ``Rating`` (None for a bot's seat),
    ``ranks`` from ``standings``. A bot's seat plays at its level's fixed
    rating and comes back None: it never moves."""
    teams = []
    for seat, kind in enumerate(seats):
        rating = ratings[seat] if kind == "h" else bot_rating(game, int(kind[3:]))
        assert rating is not None, "every person at a rated table has a rating"
        teams.append([MODEL.rating(mu=rating.mu, sigma=rating.sigma)])
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [Rating(team[0].mu, team[0].sigma, ratings[seat].games + 1) if kind == "h" and ratings[seat] is not None
            else None for seat, (kind, team) in enumerate(zip(seats, rated))]
