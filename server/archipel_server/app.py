"""The Starlette application: the tables' HTTP routes, their WebSocket, and
the static site, all under one URL prefix (``Settings.base``).

    GET  {base}api/info            what this server is, its games and limits
    POST {base}api/tables          create a table: its id and the seats' tokens
    POST {base}api/tables/status   whose turn it is at tables the page knows
    POST {base}api/tables/open     the open tables with a free seat
    POST {base}api/tables/sit      a visitor sits at an open table
    POST {base}api/tables/review   a finished game's record, by its review link
    POST {base}api/account/...     accounts (accounts.py); api/players/... profiles (profiles.py)
    POST {base}api/daily...        the day's deal (daily.py)
    WS   {base}api/ws              play (docs/online.md)
    GET  {base}...                 the site (dist/), when one is served

Only pages of the allowed origins may use the API: the server's own origin
by default, others by configuration (a site on GitHub Pages, say), and only
through a name the server is reached by (``hosts.py``). Tokens
travel in request bodies and WebSocket messages, never in a URL, so no log
line ever holds one.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import itertools
import json
import logging
import time

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket

from pygame_core import __version__ as rules_version
from pygame_core import api, fairness
from pygame_core.bots import LEVELS
from pygame_core.engine import GameError
from pygame_core.games import GAMES
from pygame_core.match import Match
from pygame_core.table import is_count

from . import __version__
from .accounts import COOKIE, SESSION_FOR, Accounts
from .bots import BotPool
from .bus import Bus, LocalBus
from .clocks import RATED_CLOCK, BadClock, check_clock
from .common import ApiError, Refusal, address_of, encode, web_scheme
from .config import Settings
from .hosts import Hosts
from .live import Connection, unencodable
from .presence import PRESENCE_EVERY
from .daily import Daily
from .profiles import Profiles
from .site import SiteFiles
from .sqlite_store import SQLiteStore
from .store import SPECTATOR, Store, TableInfo
from .tables import Tables
from .tokens import BadName, check_name, is_table_id, is_token, new_table_id, new_token, token_hash

log = logging.getLogger("archipel")

DAY = 24 * 3600.0
SWEEP_EVERY = 30.0
# A connection counts in its address's count this long after its server
# last said it is open (it says so every PRESENCE_EVERY seconds).
CONNECTION_HELD = 3 * PRESENCE_EVERY
# How long a creation or a visitor's seat holds its address's count (ms),
# and how long another request of the address waits for it (seconds).
COUNTING_LEASE = 10_000
COUNTING_WAIT = 15.0
LARGEST_SEED = 2 ** 53 - 1    # what a page's JavaScript number holds exactly


def create_app(settings: Settings, store: Store | None = None, bus: Bus | None = None) -> Starlette:
    """The whole server; ``store`` defaults to SQLite at ``settings.database``,
    ``bus`` to this server alone."""
    store = store or SQLiteStore(settings.database)
    server = TableServer(settings, store, bus or LocalBus())
    base = settings.base
    routes = [
        Route(f"{base}api/info", server.info, methods=["GET"]),
        Route(f"{base}api/tables", server.create, methods=["POST", "OPTIONS"]),
        Route(f"{base}api/tables/status", server.status, methods=["POST", "OPTIONS"]),
        Route(f"{base}api/tables/open", server.open_list, methods=["POST", "OPTIONS"]),
        Route(f"{base}api/tables/sit", server.sit, methods=["POST", "OPTIONS"]),
        Route(f"{base}api/tables/review", server.review, methods=["POST", "OPTIONS"]),
        *[Route(f"{base}api/{path}", server.route(handler), methods=["POST", "OPTIONS"])
          for path, handler in server.account_routes().items()],
        WebSocketRoute(f"{base}api/ws", server.websocket),
    ]
    if base != "/":
        # /archipel → /archipel/, as static hosts do.
        routes.append(Route(base.rstrip("/"), lambda request: RedirectResponse(base, 301)))
    if settings.static is not None:
        routes.append(Mount(base.rstrip("/"), app=SiteFiles(settings.static)))
    app = Starlette(routes=routes, lifespan=server.lifespan)
    app.state.server = server
    return app


class TableServer:
    def __init__(self, settings: Settings, store: Store, bus: Bus):
        self.settings = settings
        self.store = store
        self.bus = bus
        self._tables: Tables | None = None
        self.hosts = Hosts(settings.host, settings.origins, settings.host_names)
        # The WebSocket connections open here: their names in the count of
        # their address, which every server sharing the bus keeps.
        self._connected: dict = {}
        self._connections = itertools.count()
        self.accounts = Accounts(self)
        self.profiles = Profiles(self)
        self.daily = Daily(self)

    def account_routes(self) -> dict:
        """The routes of accounts, profiles and the day's deal: path under
        api/ → handler."""
        accounts, profiles, daily = self.accounts, self.profiles, self.daily
        return {
            "account": accounts.me, "account/signup/options": accounts.signup_options,
            "account/signup": accounts.signup, "account/signin/options": accounts.signin_options,
            "account/signin": accounts.signin, "account/signout": accounts.signout,
            "account/code": accounts.code, "account/device/options": accounts.device_options,
            "account/device": accounts.device, "account/export": accounts.export,
            "account/delete": accounts.delete, "players/profile": profiles.profile,
            "players/leaderboard": profiles.leaderboard, "daily": daily.deal, "daily/play": daily.play,
            "daily/board": daily.board,
        }

    def route(self, handler):
        async def endpoint(request: Request) -> Response:
            return await self.guarded(request, handler)
        return endpoint

    @property
    def tables(self) -> Tables:
        """The tables in memory, once the server has started (``lifespan``)."""
        assert self._tables is not None, "the server has started"
        return self._tables

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        await self.store.open()
        bots = BotPool(self.settings.workers())
        self._tables = Tables(self.store, bots, self.settings, self.bus)
        await self.bus.open(self.tables.heard, self.tables.gap)
        resumed = await self.tables.resume()
        if resumed:
            log.info("bots resumed at %d table(s)", resumed)
        sweeper = asyncio.create_task(self._sweep())
        presence = asyncio.create_task(self._refresh_presence())
        try:
            yield
        finally:
            sweeper.cancel()
            presence.cancel()
            await self.tables.close()
            await self.bus.close()
            bots.close()
            await self.store.close()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            self.tables.sweep()
            try:
                await self.close_waiting()
            except Exception:
                log.exception("the open tables past their listing time could not be closed")

    async def close_waiting(self) -> int:
        """Close the open tables whose listing time ran out before their
        people came (docs/online.md, open tables): their seats, squatted or
        not, are let go. The number closed."""
        closed = 0
        for table_id in await self.store.waiting_open_tables(time.time() - self.settings.open_for):
            table = await self.tables.get(table_id)
            if table is not None and await table.seats.close():
                closed += 1
        return closed

    async def _refresh_presence(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_EVERY)
            self.tables.refresh_presence()
            # The connections here are still held (a server that died stops
            # saying so: its connections leave their addresses' counts).
            for address, members in list(self._connected.items()):
                for member in list(members):
                    await self.bus.keep(f"connections:{address}", member, CONNECTION_HELD)

    # -- hosts and origins ------------------------------------------------------------
    def page_allowed(self, connection) -> str | None:
        """None when the request (HTTP or WebSocket) names this server and
        comes from an allowed page; else the key of the refusal."""
        headers, scheme = connection.headers, web_scheme(connection)
        port = connection.scope.get("server", (None, None))[1] if connection.scope.get("server") else None
        host = headers.get("host")
        if not self.hosts.host_allowed(host, scheme, port):
            return "error.host"
        if not self.hosts.origin_allowed(headers.get("origin"), host, scheme):
            return "error.origin"
        return None

    def cors_headers(self, request: Request) -> dict:
        origin = request.headers.get("origin")
        if not origin or self.hosts.same_site(origin, request.headers.get("host"), web_scheme(request)):
            return {}
        return {"Access-Control-Allow-Origin": origin, "Vary": "Origin"}

    # -- HTTP --------------------------------------------------------------------------
    async def info(self, request: Request) -> Response:
        settings = self.settings
        port = request.scope.get("server", (None, None))[1] if request.scope.get("server") else None
        if not self.hosts.host_allowed(request.headers.get("host"), web_scheme(request), port):
            return self.answer(request, 421, error_body(*REFUSALS["error.host"]), cors=False)
        return self.answer(request, 200, {
            "server": "archipel", "version": __version__, "rules": rules_version,
            "games": api.cmd_games({}),
            "limits": {"max_message": settings.max_message, "messages_per_second": settings.messages_per_second,
                       "message_burst": settings.message_burst, "max_name": settings.max_name,
                       "tables_per_address": settings.tables_per_address,
                       "connections_per_address": settings.connections_per_address},
            "chosen_seeds": settings.chosen_seeds,
        })

    async def create(self, request: Request) -> Response:
        return await self.guarded(request, self._create)

    async def status(self, request: Request) -> Response:
        return await self.guarded(request, self._status)

    async def open_list(self, request: Request) -> Response:
        return await self.guarded(request, self._open_list)

    async def sit(self, request: Request) -> Response:
        return await self.guarded(request, self._sit)

    async def review(self, request: Request) -> Response:
        return await self.guarded(request, self._review)

    async def _review(self, request: Request, body) -> tuple:
        """A finished game's record for its review link: ``{table, number,
        key}``, the key the table gave with the record (``Table.review_key``)."""
        table_id = body.get("table") if isinstance(body, dict) else None
        number = body.get("number") if isinstance(body, dict) else None
        key = body.get("key") if isinstance(body, dict) else None
        if not is_table_id(table_id) or not isinstance(key, str) or not is_count(number):
            raise ApiError(400, "error.bad_request", "a review link names a table, a game number and a key")
        table = await self.tables.get(table_id)
        if table is None:
            raise ApiError(404, "error.unknown_table", "there is no such table")
        if not hmac.compare_digest(key.encode(), table.review_key(number).encode()):
            raise ApiError(403, "error.bad_review_key", "this link does not open a game of this table")
        try:
            number, record = await table.finished_record(number)
        except Refusal as refusal:
            if refusal.key == "error.not_over":
                raise ApiError(409, "error.review_not_over", "this game is not over yet") from None
            if refusal.key == "error.daily_secret":
                raise ApiError(409, refusal.key, str(refusal)) from None
            raise ApiError(400, refusal.key, str(refusal)) from None
        return 200, {"table": table_id, "number": number, "record": record}

    async def guarded(self, request: Request, handler) -> Response:
        """Origin, preflight, body and errors, the same for every POST."""
        refused = self.page_allowed(request)
        if refused is not None:
            return self.answer(request, 421 if refused == "error.host" else 403,
                               error_body(*REFUSALS[refused]), cors=False)
        if request.method == "OPTIONS":
            return Response(status_code=204, headers={
                **self.cors_headers(request), "Access-Control-Allow-Methods": "POST",
                "Access-Control-Allow-Headers": "Content-Type, Authorization", "Access-Control-Max-Age": "600"})
        try:
            body = await self.read_json(request)
            if unencodable(body):
                raise ApiError(400, "error.bad_text", "a text holds a lone surrogate (U+D800 to U+DFFF), "
                               "which is no character")
            status, data = await handler(request, body)
        except ApiError as exc:
            return self.answer(request, exc.status, error_body(exc.key, exc.message, exc.params))
        return self.answer(request, status, data)

    def answer(self, request: Request, status: int, data, cors: bool = True) -> Response:
        headers = {"Cache-Control": "no-store", **(self.cors_headers(request) if cors else {})}
        response = JSONResponse(data, status_code=status, headers=headers)
        cookie = getattr(request.state, "cookie", None)
        if cookie is not None:
            # A session's cookie (accounts.py): never for scripts; "" signs out.
            response.set_cookie(COOKIE, cookie, max_age=int(SESSION_FOR) if cookie else 0,
                                path=self.settings.base, httponly=True, samesite="lax",
                                secure=web_scheme(request) == "https")
        return response

    async def read_json(self, request: Request):
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise ApiError(415, "error.bad_request", "the body must be JSON (Content-Type: application/json)")
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > self.settings.max_body:
                raise ApiError(413, "error.too_large", f"a request is at most {self.settings.max_body} bytes")
        try:
            return json.loads(body)
        except (ValueError, RecursionError):
            raise ApiError(400, "error.bad_request", "the body is not valid JSON") from None

    @contextlib.asynccontextmanager
    async def counting(self, address: str):
        """One creation or one visitor's seat of ``address`` at a time, on
        every server sharing the bus: what the store counts for the limits
        is then exact (nothing counted twice, nothing missed)."""
        lease = f"count:{address}"
        deadline = time.monotonic() + COUNTING_WAIT
        while not await self.bus.take_lease(lease, COUNTING_LEASE):
            if time.monotonic() > deadline:
                raise ApiError(503, "error.busy", "too many requests from this address at once: try again")
            await asyncio.sleep(0.01)
        try:
            yield
        finally:
            await self.bus.release_lease(lease)

    async def _create(self, request: Request, body) -> tuple:
        if not isinstance(body, dict):
            raise ApiError(400, "error.bad_request", "the body is an object")
        address = address_of(request)
        settings = self.settings
        account = await self.accounts.account_of(request)
        if account is not None:
            body = {**body, "name": account.name}
        info, seat, name = self.new_table(body)
        if info.rated and account is None:
            raise ApiError(401, "error.rated_signed_out", "sign in to create a rated table")
        if account is not None:
            # A signed-in player sits under their account's name.
            name, info.accounts[seat] = account.name, account.id
        async with self.counting(address):
            limit = settings.tables_per_address
            if limit and await self.store.tables_created_since(address, time.time() - DAY) >= limit:
                raise ApiError(429, "error.too_many_tables", "this address has created too many tables "
                               "today: finish or reuse one", limit=limit)
            listed = settings.open_per_address
            if info.open and await self.store.open_tables_created_since(address, time.time() - settings.open_for) >= listed:
                raise ApiError(429, "error.too_many_open_tables", "this address has open tables waiting "
                               "for players already: play one, or wait", limit=listed)
            tokens = {s: new_token() for s in range(info.players) if info.seats[s] == "h"}
            tokens[SPECTATOR] = new_token()
            info.names[seat], info.joined[seat] = name, True
            info.creator = seat
            # An open table, or one with a clock, waits for its people.
            info.started = not (info.free_seats() and (info.open or info.clock is not None))
            info.began = info.created if info.started else 0.0
            await self.store.create_table(info, {s: token_hash(t) for s, t in tokens.items()}, address)
        log.info("table %s created: %s, %d players", info.id, info.game, info.players)
        await self.tables.get(info.id)  # a bot to play first starts thinking
        return 201, {
            "table": info.id, "seat": seat, "token": tokens[seat],
            "invitations": [{"seat": s, "token": t} for s, t in sorted(tokens.items()) if s not in (seat, SPECTATOR)],
            "spectator": tokens[SPECTATOR],
        }

    def new_table(self, body: dict) -> tuple:
        """The set-up asked for, checked by the rules as a local game is."""
        game, players, options = body.get("game"), body.get("players"), body.get("options", {})
        if options is None:
            options = {}
        seed = body.get("seed")
        chosen = seed is not None
        if chosen and not self.settings.chosen_seeds:
            raise ApiError(400, "error.chosen_seed", "this server deals every game from a seed of its own, "
                           "kept secret until the end: a table cannot choose it")
        if seed is None:
            seed = fairness.new_seed()
        elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= LARGEST_SEED:
            raise ApiError(400, "error.bad_request", f"the seed is a whole number from 0 to {LARGEST_SEED}")
        if not isinstance(options, dict):
            raise ApiError(400, "error.bad_request", "options must be an object")
        if players is None and isinstance(game, str) and game in GAMES:
            players = min(GAMES[game].players)
        try:
            match = Match(game, players, seed, options, body.get("seats"))
        except (GameError, TypeError) as exc:
            raise ApiError(400, getattr(exc, "key", "error.bad_setup"), str(exc)) from None
        seats = match.seats
        levels = [match.bot_level(s) for s in range(match.players)]
        if any(level is not None and level not in LEVELS for level in levels):
            raise ApiError(400, "error.bad_setup", f"a bot's level is one of {', '.join(map(str, LEVELS))}")
        humans = [s for s in range(match.players) if match.is_human(s)]
        if not humans:
            raise ApiError(400, "error.bad_setup", "an online table needs at least one person")
        seat = body.get("seat", humans[0])
        if not is_count(seat) or seat not in humans:
            raise ApiError(400, "error.bad_setup", "'seat' must be one of the people's seats")
        try:
            name = check_name(body.get("name"), self.settings.max_name)
        except BadName as exc:
            raise ApiError(400, exc.key, str(exc), longest=self.settings.max_name) from None
        listed = body.get("open", False)
        if not isinstance(listed, bool):
            raise ApiError(400, "error.bad_request", "'open' is true or false")
        if listed and len(humans) < 2:
            raise ApiError(400, "error.bad_setup", "an open table has a seat for someone else")
        rated = body.get("rated", False)
        if not isinstance(rated, bool):
            raise ApiError(400, "error.bad_request", "'rated' is true or false")
        if rated and chosen:
            raise ApiError(400, "error.rated_seed", "a rated table's seed is the server's: nobody may choose it")
        try:
            clock = check_clock(body.get("clock"))
        except BadClock as exc:
            raise ApiError(400, exc.key, str(exc)) from None
        if rated and clock is None:
            clock = dict(RATED_CLOCK)
        chat = body.get("chat", "seats")
        if chat not in ("seats", "everyone"):
            raise ApiError(400, "error.bad_request", "'chat' (who reads the table's chat) is \"seats\" or \"everyone\"")
        info = TableInfo(
            id=new_table_id(), game=match.game.id, players=match.players, options=match.options,
            seats=list(seats), names=[""] * match.players,
            joined=[not match.is_human(s) for s in range(match.players)],
            number=1, seed=seed, created=time.time(), salt=fairness.new_salt(), chosen_seed=chosen,
            open=listed, clock=clock, chat=chat, scheme=2, committed=list(seats), rated=rated)
        return info, seat, name

    async def _open_list(self, request: Request, body) -> tuple:
        """The open tables a visitor may sit at: what each is (game, variant,
        who sits where, bots with their level), never a token or a seed."""
        settings = self.settings
        # The tables past their listing time that never began close first
        # (the sweep does it too, every SWEEP_EVERY seconds).
        await self.close_waiting()
        listed = await self.store.open_tables(time.time() - settings.open_for, settings.open_listed)
        return 200, {"tables": [{
            "table": info.id, "game": info.game, "players": info.players, "options": info.options,
            "seats": [{"kind": kind, "name": info.names[seat] if info.joined[seat] and kind == "h" else None,
                       "free": kind == "h" and not info.joined[seat]} for seat, kind in enumerate(info.seats)],
            "created": info.created, "clock": info.clock, "rated": info.rated,
        } for info in listed]}

    async def _sit(self, request: Request, body) -> tuple:
        """A visitor sits at the first free seat of an open table, with a
        name: the seat's token, as an invitation would have given it."""
        table_id = body.get("table") if isinstance(body, dict) else None
        if not is_table_id(table_id):
            raise ApiError(400, "error.bad_request", "'table' is a table's id")
        account = await self.accounts.account_of(request)
        try:
            name = account.name if account is not None else check_name(body.get("name"), self.settings.max_name)
        except BadName as exc:
            raise ApiError(400, exc.key, str(exc), longest=self.settings.max_name) from None
        address = address_of(request)
        settings = self.settings
        async with self.counting(address):
            limit = settings.seats_per_address
            if limit and await self.store.seats_claimed_since(address, time.time() - settings.open_for) >= limit:
                raise ApiError(429, "error.too_many_seats", "this address has taken seats at open tables "
                               "already: play them, or wait", limit=limit)
            for _ in range(4):
                stored = await self.store.load_table(table_id)
                if stored is None or not stored.info.open or stored.info.closed:
                    raise ApiError(404, "error.unknown_table", "no open table has this id")
                free = stored.info.free_seats()
                if stored.over or not free:
                    raise ApiError(409, "error.table_full", "every seat of this table is taken")
                if stored.info.rated and account is None:
                    raise ApiError(401, "error.rated_signed_out", "sign in to sit at a rated table")
                if account is not None and account.id in stored.info.accounts:
                    raise ApiError(409, "error.seated_already", "you sit at this table already")
                token = new_token()
                if await self.store.claim_seat(table_id, free[0], token_hash(token), name, self.tables.now(),
                                               address, None if account is None else account.id):
                    break
            else:
                raise ApiError(409, "error.table_full", "every seat of this table is taken")
        log.info("table %s: seat %d taken by a visitor", table_id, free[0])
        table = await self.tables.get(table_id)
        if table is not None:
            await table.seats.seated(free[0])
        return 201, {"table": table_id, "seat": free[0], "token": token}

    async def _status(self, request: Request, body) -> tuple:
        items = body.get("tables") if isinstance(body, dict) else None
        if not isinstance(items, list) or len(items) > self.settings.max_status_tables:
            raise ApiError(400, "error.bad_request",
                           f"'tables' is a list of at most {self.settings.max_status_tables} tables")
        return 200, {"tables": [await self.table_status(item) for item in items]}

    async def table_status(self, item) -> dict:
        table_id = item.get("table") if isinstance(item, dict) else None
        token = item.get("token") if isinstance(item, dict) else None
        if not is_table_id(table_id):
            return {"table": table_id if isinstance(table_id, str) else None, "ok": False,
                    "error": error_body("error.bad_request", "not a table id")["error"]}
        seat = await self.store.seat_of(table_id, token_hash(token)) if is_token(token) else None
        table = await self.tables.get(table_id) if seat is not None else None
        if table is None:
            key, message = (("error.bad_token", "this link does not give a seat at this table")
                            if seat is None and await self.tables.get(table_id) is not None
                            else ("error.unknown_table", "there is no such table"))
            return {"table": table_id, "ok": False, "error": error_body(key, message)["error"]}
        async with table.lock:
            return {"table": table_id, "ok": True, "seat": None if seat == SPECTATOR else seat,
                    "game": table.info.game, "players": table.info.players, "number": table.info.number,
                    "names": list(table.info.names), "joined": list(table.info.joined),
                    "to_move": table.match.to_move(), "over": table.match.is_over(), "ply": table.ply,
                    "started": table.info.started, "closed": table.info.closed, "clock": table.clock.public()}

    # -- the WebSocket ----------------------------------------------------------------------
    async def websocket(self, websocket: WebSocket) -> None:
        if self.page_allowed(websocket) is not None:
            # Refused before the handshake completes: the browser sees a 403.
            await websocket.close(code=1008)
            return
        address = address_of(websocket)
        limit = self.settings.connections_per_address
        member = f"{self.bus.origin}:{next(self._connections)}"
        if limit and not await self.bus.hold(f"connections:{address}", member, limit, CONNECTION_HELD):
            await websocket.accept()
            await websocket.send_text(encode({"type": "error", "ref": None, "key": "error.too_many_connections",
                                              "message": f"an address holds at most {limit} connections at once",
                                              "params": {"limit": limit}}))
            await websocket.close(code=1008)
            return
        self._connected.setdefault(address, set()).add(member)
        try:
            await Connection(websocket, self.tables).run()
        finally:
            self._connected[address].discard(member)
            if not self._connected[address]:
                del self._connected[address]
            if limit:
                with contextlib.suppress(Exception):
                    await self.bus.let_go(f"connections:{address}", member)


# The refusals of a page before anything is read: key and message.
REFUSALS = {
    "error.host": ("error.host", "this server is not reached by that name"),
    "error.origin": ("error.origin", "pages of this site may not use this server"),
}


def error_body(key: str, message: str, params=None) -> dict:
    return {"error": {"key": key, "message": message, "params": params or {}}}
