"""Players' profiles and the leaderboards (docs/online.md, accounts).

    POST {base}api/players/profile       {name}: a player's ratings, finished games, tables in play
    POST {base}api/players/leaderboard   {game}: the best ratings, and the rows around mine

A profile shows what the player's tables showed everyone: names, games,
results. A finished game opens its review for whoever may see it: the
players of the table, and everyone for an open table. No token, seed or
hand is ever in a profile: a review link's key opens only a finished game.
"""

from __future__ import annotations

import time

from .common import ApiError, day_of
from .names import name_key
from .ratings import BOT_RATINGS, GAMES, Rating
from .table import review_key

HISTORY_SHOWN = 100
LEADERBOARD_TOP = 50


def rating_row(rank: int, account, rating: Rating) -> dict:
    return {"rank": rank, "name": account.name, **rating.public()}


class Profiles:
    def __init__(self, server):
        self.server = server

    @property
    def store(self):
        return self.server.store

    async def profile(self, request, body) -> tuple:
        name = body.get("name") if isinstance(body, dict) else None
        if not isinstance(name, str) or not name.strip() or len(name) > 4 * self.server.settings.max_name:
            raise ApiError(400, "error.bad_request", "'name' is a player's name")
        account = await self.store.account_named(name_key(name))
        if account is None:
            raise ApiError(404, "error.unknown_player", "no player has this name here")
        viewer = await self.server.accounts.account_of(request)
        own = viewer is not None and viewer.id == account.id
        kept = await self.store.ratings_of(account.id)
        history = await self.store.history_of(account.id, HISTORY_SHOWN)
        mine = set()
        if viewer is not None and not own:
            # The viewer's own games with this player open for the viewer too.
            mine = {(entry.table, entry.number) for entry in await self.store.history_of(viewer.id, 10 * HISTORY_SHOWN)}
        games = []
        holders: dict = {}
        for entry in history:
            shown = {key: getattr(entry, key) for key in ("table", "number", "game", "players", "options", "seat",
                                                          "at", "names", "ranks", "rated", "before", "after",
                                                          "seats")}
            if own or entry.open or (entry.table, entry.number) in mine:
                if entry.table not in holders:
                    stored = await self.store.load_table(entry.table)
                    holders[entry.table] = {} if stored is None else stored.tokens
                shown["review"] = review_key(entry.table, entry.number, holders[entry.table])
            games.append(shown)
        tables = []
        today = day_of(time.time(), self.server.settings.day_length)
        for table_id in await self.store.tables_of(account.id):
            stored = await self.store.load_table(table_id)
            # A day's deal left unfinished when its day ended is played no more.
            if stored is not None and (stored.info.daily is None or stored.info.daily >= today):
                info = stored.info
                tables.append({"table": table_id, "game": info.game, "players": info.players,
                               "names": list(info.names), "rated": info.rated, "started": info.started,
                               "open": info.open})
        return 200, {
            "player": {"name": account.name, "since": account.created}, "own": own,
            "ratings": {game: (kept.get(game) or Rating()).public() for game in GAMES},
            "games": games, "tables": tables,
        }

    async def leaderboard(self, request, body) -> tuple:
        game = body.get("game") if isinstance(body, dict) else None
        if game not in GAMES:
            raise ApiError(400, "error.bad_request", f"'game' is one of {', '.join(GAMES)}")
        viewer = await self.server.accounts.account_of(request)
        top, mine = await self.store.leaderboard(game, LEADERBOARD_TOP, None if viewer is None else viewer.id)
        return 200, {"game": game, "top": [rating_row(*row) for row in top],
                     "mine": [rating_row(*row) for row in mine],
                     "bots": list(BOT_RATINGS[game])}
