"""The day's deal: one deal a game a day, the same for everyone, committed
in advance and revealed the next day (docs/online.md, section 13).

    POST {base}api/daily          {game}: today's deal (its commitment), tomorrow's
                                  commitment, yesterday's deal revealed
    POST {base}api/daily/play     {game}: a table of today's deal for the signed-in
                                  player, once a day
    POST {base}api/daily/board    {game, day?}: a day's board

A day is ``Settings.day_length`` seconds of the server's time (``day_of``);
its deals are revealed when the next day begins (``reveal_time``). Each deal
is made once (``Store.make_deal``: every server sharing the store gets the
same one) and at least a day ahead: whoever asks for today's deal makes
tomorrow's too, so that its commitment is published before anyone plays it.

The deal is played at the server, against its bots of one level
(``Settings.daily_level``), seeded like every bot online with the game's
seed, the seat and the ply: whoever plays the deal meets the same bots, and
nobody sees the seed before the reveal. So a table of the day's deal keeps
its seed and salt secret until then, even once its game is over, and takes
no move after it (``Table.deal_secret``, ``Table.day_over``).
"""

from __future__ import annotations

import logging
import math

from pygame_core import fairness

from .common import ApiError, address_of, date_of, day_of, reveal_time
from .store import DAILY_SEAT, SPECTATOR, DailyEntry, Deal, TableInfo
from .table import review_key
from .tokens import new_table_id, new_token, token_hash

log = logging.getLogger("archipel")

# Each game's set-up of the day's deal: its number of players, the person at
# seat 0 (``DAILY_SEAT``) and the server's bots in the others. No options:
# the base game.
PLAYERS = {"kahuna": 2, "kanaloa": 2, "moai": 3, "haleakala": 2}


def daily_seats(players: int, level: int) -> list:
    return ["h"] + [f"bot{level}"] * (players - 1)


def bot_level(seats: list) -> int | None:
    """The level of a deal's bots (the same at every bot's seat)."""
    return next((int(kind[3:]) for kind in seats if kind != "h"), None)


def ranked(entries: list) -> list:
    """A board's entries in order: the finished ones by score (highest
    first, none last), then by place at their table, then by who finished
    first; then those not finished, by when they began."""
    finished = sorted((entry for entry in entries if entry.finished), key=lambda entry: (
        entry.score is None, -(entry.score or 0), entry.place or math.inf, entry.ended or 0.0))
    waiting = sorted((entry for entry in entries if not entry.finished), key=lambda entry: entry.began)
    return finished + waiting


class Daily:
    """The routes of the day's deal of a ``TableServer`` (``server``)."""

    def __init__(self, server):
        self.server = server

    @property
    def store(self):
        return self.server.store

    @property
    def length(self) -> float:
        return self.server.settings.day_length

    def now(self) -> float:
        """The time that tables check their day's reveal against."""
        return self.server.tables.now()

    def day(self) -> int:
        return day_of(self.now(), self.length)

    def game_of(self, body) -> str:
        game = body.get("game") if isinstance(body, dict) else None
        if not isinstance(game, str) or game not in PLAYERS:
            raise ApiError(400, "error.bad_request", f"'game' is one of {', '.join(PLAYERS)}")
        return game

    async def deal_of(self, game: str, day: int) -> Deal:
        """The deal of ``game`` on ``day``, made now if nobody made it yet."""
        kept = await self.store.load_deal(game, day)
        if kept is not None:
            return kept
        players = PLAYERS[game]
        return await self.store.make_deal(Deal(
            game=game, day=day, seed=fairness.new_seed(), salt=fairness.new_salt(), players=players,
            seats=daily_seats(players, self.server.settings.daily_level), options={}, created=self.now()))

    async def today(self, game: str) -> tuple:
        """Today's deal of ``game`` and tomorrow's, made a day ahead."""
        day = self.day()
        return await self.deal_of(game, day), await self.deal_of(game, day + 1)

    # -- the routes -----------------------------------------------------------------------
    async def deal(self, request, body) -> tuple:
        game = self.game_of(body)
        deal, tomorrow = await self.today(game)
        yesterday = await self.store.load_deal(game, deal.day - 1)
        if yesterday is not None and self.now() < reveal_time(yesterday.day, self.length):
            yesterday = None
        account = await self.server.accounts.account_of(request)
        entered = account is not None and await self.store.daily_entry(game, deal.day, account.id) is not None
        return 200, {
            "game": game, "day": deal.day, "date": date_of(deal.day, self.length), "players": deal.players,
            "seats": list(deal.seats), "options": dict(deal.options), "level": bot_level(deal.seats),
            "commitment": deal.commitment, "reveal_at": reveal_time(deal.day, self.length),
            "tomorrow": {"day": tomorrow.day, "date": date_of(tomorrow.day, self.length),
                         "commitment": tomorrow.commitment},
            "yesterday": None if yesterday is None else {
                "day": yesterday.day, "date": date_of(yesterday.day, self.length), "seed": yesterday.seed,
                "salt": yesterday.salt, "commitment": yesterday.commitment, "players": yesterday.players,
                "seats": list(yesterday.seats), "options": dict(yesterday.options)},
            "entered": entered,
        }

    async def play(self, request, body) -> tuple:
        """A table of today's deal for the signed-in player, made as any
        table the server deals (``TableServer._create``): the deal's seed and
        salt, committed with its set-up; the person seated, the bots too."""
        game = self.game_of(body)
        account = await self.server.accounts.signed_in(request)
        deal, _ = await self.today(game)
        now = self.now()
        info = TableInfo(
            id=new_table_id(), game=game, players=deal.players, options=dict(deal.options), seats=list(deal.seats),
            names=[account.name if seat == DAILY_SEAT else "" for seat in range(deal.players)],
            joined=[seat == DAILY_SEAT or kind != "h" for seat, kind in enumerate(deal.seats)],
            number=1, seed=deal.seed, created=now, salt=deal.salt, chosen_seed=False, open=False,
            creator=DAILY_SEAT, started=True, began=now, scheme=2, committed=list(deal.seats),
            accounts=[account.id if seat == DAILY_SEAT else None for seat in range(deal.players)], rated=False,
            daily=deal.day)
        tokens = {DAILY_SEAT: new_token(), SPECTATOR: new_token()}
        hashes = {seat: token_hash(token) for seat, token in tokens.items()}
        entry = DailyEntry(game=game, day=deal.day, account=account.id, name=account.name, table=info.id,
                           number=info.number, began=now,
                           review=review_key(info.id, info.number, {digest: seat for seat, digest in hashes.items()}))
        if not await self.store.enter_daily(info, hashes, address_of(request), entry):
            raise ApiError(409, "error.daily_entered", "you have begun today's deal of this game already: "
                           "one entry a player a day")
        log.info("table %s created: the day's deal of %s, day %d", info.id, game, deal.day)
        await self.server.tables.get(info.id)  # a bot to play first starts thinking
        return 201, {"table": info.id, "seat": DAILY_SEAT, "token": tokens[DAILY_SEAT], "invitations": [],
                     "spectator": tokens[SPECTATOR]}

    async def board(self, request, body) -> tuple:
        """A day's board: its entries ranked. Once the day's deal is
        revealed, each finished entry opens its game's review, so anyone can
        check it."""
        game = self.game_of(body)
        today = self.day()
        day = body.get("day", today)
        if type(day) is not int or not 0 <= day <= today + 1:
            raise ApiError(400, "error.bad_request", f"'day' is a day's number, a whole number up to {today + 1}")
        revealed = self.now() >= reveal_time(day, self.length)
        rows: list = []
        for entry in ranked(await self.store.daily_board(game, day)):
            row = {"rank": len(rows) + 1 if entry.finished else None, "name": entry.name, "score": entry.score,
                   "place": entry.place, "at": entry.ended if entry.finished else entry.began,
                   "finished": entry.finished}
            if revealed and entry.finished:
                row.update(table=entry.table, number=entry.number, review=entry.review)
            rows.append(row)
        return 200, {"game": game, "day": day, "date": date_of(day, self.length), "revealed": revealed,
                     "entries": rows}
