"""Where tables are kept: a small interface, and the records it deals in.

A table is the record ``Match.from_record`` replays (game, players, options,
seed, seats, names, moves) plus what online play adds: the hashes of its seat
and spectator tokens, which seats have sat down, the number of the game (a
rematch starts the next one, same seats, a new seed) and the moves taken back.

Every method is a coroutine, so that a store may talk to a database over the
network. Writes that race are settled by the store: ``append_move`` and
``take_back`` succeed only at the ply the caller expects, so two servers
sharing one store can never both apply a move at the same ply, and a move is
acknowledged to a player only once the store said it is kept.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from pygame_core import fairness
from pygame_core.match import RECORD_FORMAT, RECORD_VERSION

from .ratings import Rating, rate

# The seat of a spectator's token.
SPECTATOR = -1
# The chat messages a table keeps (the oldest go).
CHAT_KEPT = 200


@dataclass
class TableInfo:
    """A table's set-up and what changes rarely (names, the game's number)."""

    id: str
    game: str
    players: int
    options: dict
    seats: list                  # "h" or "botN", as in a record
    names: list                  # "" until the seat's player sits down
    joined: list                 # whether each seat has sat down (bots have)
    number: int = 1              # 1, then 2 after a rematch, ...
    seed: int | str = 0          # the seed of game ``number``: the server's secret until its end
    created: float = 0.0
    # The salt of the seed's commitment (pygame_core.fairness); None for a
    # game begun before the server committed to its seeds.
    salt: str | None = None
    # The creator chose the seed (a server started with --chosen-seeds):
    # the creator then knows every hidden card, and the end screen says so.
    chosen_seed: bool = False
    # Open to any visitor of the server (listed while a person's seat is
    # free), not only to those the creator invites.
    open: bool = False
    # The seat of the table's creator (who may start it with bots).
    creator: int = 0
    # Whether the game has begun: an open table, or one with a clock, waits
    # until its people's seats are taken (or its creator starts it, bots in
    # the free seats); nobody moves and no clock runs before.
    started: bool = True
    # When the current game began (the server's time.time()); 0: not yet.
    began: float = 0.0
    # The clock (``clocks.py``), None for none.
    clock: dict | None = None
    # Who reads the table's chat: "seats" (the players) or "everyone"
    # (spectators too; only the seated write).
    chat: str = "seats"
    # mutes[seat]: the seats whose messages that seat's player does not want.
    mutes: list = field(default_factory=list)
    # The people's seats a bot plays since their time ran out, in this game
    # (a rematch gives them back).
    taken: list = field(default_factory=list)
    # The commitment's scheme for this game (``pygame_core.fairness``): 1
    # binds the seed alone (games begun before the set-up was bound), 2 the
    # seed and the set-up, with ``committed``: the seats the game was
    # committed with ("h" for a person's seat, free or not).
    scheme: int = 1
    committed: list | None = None
    # Each time-out of this game, in order: {"seat", "ply" (the moves kept
    # when the time ran out), "kind" (the bot that plays on), "out"}.
    timeouts: list = field(default_factory=list)
    # Past its listing time with a person's seat still free, an open table
    # that never began is closed: nobody sits, plays or says anything there.
    closed: bool = False
    # The account sitting at each seat (its id), None for a guest or a bot.
    accounts: list = field(default_factory=list)
    # Whether the table's games move its players' ratings (chosen at its
    # creation; every person at a rated table has an account).
    rated: bool = False
    # The day of the day's deal this table plays (``daily.py``), None for
    # any other table: its seed and salt stay secret until that day's
    # reveal, even once its game is over, and nothing is played there after.
    daily: int | None = None

    def __post_init__(self):
        self.mutes = [list(self.mutes[seat]) if seat < len(self.mutes) else []
                      for seat in range(self.players)]
        self.accounts = [self.accounts[seat] if seat < len(self.accounts) else None
                         for seat in range(self.players)]

    def free_seats(self) -> list:
        """The people's seats nobody has sat down at."""
        return [seat for seat in range(self.players) if self.seats[seat] == "h" and not self.joined[seat]]

    @property
    def commitment(self) -> str | None:
        if self.salt is None:
            return None
        if self.scheme == 1 or self.committed is None:
            return fairness.commitment(self.seed, self.salt)
        return fairness.commitment(self.seed, self.salt, self.setup())

    def setup(self) -> dict:
        """What the commitment binds besides the seed (scheme 2)."""
        return fairness.setup_of(self.game, self.players, self.options, list(self.committed or self.seats),
                                 self.chosen_seed)

    def played_seats(self) -> list:
        """Who played each seat from the game's first move: the seats bots
        took over on time are the people's (``timeouts`` says from when)."""
        seats = list(self.seats)
        for timeout in self.timeouts:
            seats[timeout["seat"]] = "h"
        return seats


@dataclass
class Undo:
    """A move taken back: who, at which ply (the number of moves kept), the
    move, and its events (as the rules gave them, secrets included: the
    server filters them for each reader)."""

    ply: int
    player: int
    move: str
    events: list


@dataclass
class StoredTable:
    info: TableInfo
    moves: list = field(default_factory=list)       # [(player, move text)]
    undos: list = field(default_factory=list)       # [Undo]
    over: bool = False
    # When each move was kept (the server's time.time()), for the clock; 0
    # for a move kept before moves were timed.
    times: list = field(default_factory=list)
    # The seats out of this game, their time run out (``Match.out``).
    out: list = field(default_factory=list)
    # Who holds each seat: the hash of each token -> its seat (``SPECTATOR``
    # for the spectators' link). A seat has one token at a time.
    tokens: dict = field(default_factory=dict)

    @property
    def listed(self) -> bool:
        """Whether an open table is shown to visitors: its game goes on and
        a person's seat is free."""
        return not self.over and not self.info.closed and bool(self.info.free_seats())

    def record(self, result: dict | None = None) -> dict:
        """The game as the record ``Match.from_record`` replays, with what a
        seat needs to check the server's commitment (``fairness``): the
        whole truth, to be sent only once the game is over. ``result``: the
        game's result, as the table states it (``verify`` recomputes it,
        with every bot's move and every time-out)."""
        info = self.info
        scheme2 = info.scheme >= 2 and info.committed is not None
        told = {"table": info.id, "number": info.number, "commitment": info.commitment,
                "salt": info.salt, "chosen_seed": info.chosen_seed}
        if scheme2:
            told.update(scheme=info.scheme, seats=list(info.committed or []))
        return {
            "format": RECORD_FORMAT, "version": RECORD_VERSION,
            "game": info.game, "players": info.players, "seed": info.seed,
            "options": info.options, "seats": info.played_seats() if scheme2 else info.seats,
            "names": info.names,
            "moves": [[player, move] for player, move in self.moves],
            **({"out": list(self.out)} if self.out else {}),
            **({"timeouts": [dict(timeout) for timeout in info.timeouts]} if scheme2 and info.timeouts else {}),
            **({"result": result} if result is not None else {}),
            "fairness": told,
        }


# The name a deleted account's seats show from then on: a format character,
# which no name may hold (``tokens.check_name``), that pages show as "a
# former player" in their language.
FORMER_PLAYER = "\u2063"


@dataclass
class Account:
    """A player who signed up: ``name`` as shown, ``key`` what names are
    compared by (``accounts.name_key``), unique on a server."""

    id: str
    name: str
    key: str
    created: float


@dataclass
class Credential:
    """A passkey of an account: the authenticator's credential id (base64url),
    its public key (COSE, base64url), and its signature counter."""

    id: str
    account: str
    public_key: str
    sign_count: int
    created: float
    label: str = ""


@dataclass
class Finished:
    """A finished game, as the history of each account at its table keeps
    it: when it ended, its game and set-up, everyone's names and ranks,
    and, at a rated table, the rating of the account before and after."""

    account: str
    table: str
    number: int
    game: str
    players: int
    options: dict
    seat: int
    at: float
    names: list
    ranks: list
    open: bool = False
    rated: bool = False
    before: dict | None = None     # ratings.Rating.public() before the game
    after: dict | None = None
    # Who played each seat: "h" a person, "botN" a bot of level N (empty
    # for a game kept before the history said so).
    seats: list = field(default_factory=list)


def finish_game(info: TableInfo, ranks: list, at: float, current: dict) -> tuple:
    """What a finished game leaves its accounts (the same for every store,
    within its end's transaction): each account's ``Finished`` entry, and
    at a rated table its new ``Rating`` (``current``: each account's rating
    now). Returns ``(entries, {account: new Rating})``."""
    accounts = info.accounts
    seats = info.played_seats()
    after: dict = {}
    if info.rated:
        people = [current.get(accounts[seat], Rating()) if kind == "h" and accounts[seat] else None
                  for seat, kind in enumerate(seats)]
        if all(rating is not None for rating, kind in zip(people, seats) if kind == "h"):
            for seat, rating in enumerate(rate(info.game, seats, people, ranks)):
                if rating is not None:
                    after[accounts[seat]] = rating
    entries = []
    for seat, account in enumerate(accounts):
        if not account:
            continue
        rated = account in after
        entries.append(Finished(
            account=account, table=info.id, number=info.number, game=info.game, players=info.players,
            options=dict(info.options), seat=seat, at=at, names=list(info.names), ranks=list(ranks),
            open=info.open, rated=rated, before=current.get(account, Rating()).public() if rated else None,
            after=after[account].public() if rated else None, seats=list(seats)))
    return entries, after


@dataclass
class Deal:
    """The day's deal of a game (``daily.py``): its seed, the salt of its
    commitment and the set-up every player of it sits at (the person at
    seat 0, the server's bots in the others)."""

    game: str
    day: int
    seed: str
    salt: str
    players: int
    seats: list
    options: dict
    created: float

    def setup(self) -> dict:
        return fairness.setup_of(self.game, self.players, self.options, list(self.seats), False)

    @property
    def commitment(self) -> str:
        """What every table of the deal commits to (scheme 2): the same for
        all of them, so everyone sees they were dealt the same game."""
        return fairness.commitment(self.seed, self.salt, self.setup())


@dataclass
class DailyEntry:
    """An account's entry on a day's board: the table it plays the deal at
    (its game ``number``, and the key of its review link, ``Table.review_key``,
    shown once the deal is revealed), when it began; once the game is over,
    the person's score, place at the table (1 first) and when it ended."""

    game: str
    day: int
    account: str
    name: str
    table: str
    number: int
    began: float
    review: str
    finished: bool = False
    score: float | None = None
    place: int | None = None
    ended: float | None = None


# The seat of the person at a table of the day's deal.
DAILY_SEAT = 0


def finished_entry(entry: DailyEntry, ranks: list, score: float | None, at: float) -> DailyEntry:
    """The board entry of a daily game that ended at ``at`` with standings
    ``ranks`` (``ratings.standings``) and the person's ``score``."""
    return DailyEntry(**{**entry.__dict__, "finished": True, "score": score, "place": ranks[DAILY_SEAT] + 1,
                         "ended": at})


class Store(ABC):
    """The tables, kept somewhere that outlives the server process."""

    @abstractmethod
    async def open(self) -> None:
        """Make the store ready (create the schema if need be)."""

    @abstractmethod
    async def close(self) -> None:
        ...

    @abstractmethod
    async def create_table(self, info: TableInfo, tokens: dict, address: str) -> None:
        """Keep a new table; ``tokens`` maps a seat (``SPECTATOR`` for the
        spectators) to the hash of its token; ``address`` (already hashed)
        is who created it, for the limit of tables per address."""

    @abstractmethod
    async def load_table(self, table_id: str, number: int | None = None) -> StoredTable | None:
        """The table with its current game's moves and undos (or those of
        game ``number``, an earlier one); None if unknown."""

    @abstractmethod
    async def seat_of(self, table_id: str, token_hash: str) -> int | None:
        """The seat (or ``SPECTATOR``) a token's hash holds; None if none."""

    @abstractmethod
    async def append_move(self, table_id: str, number: int, ply: int, player: int,
                          move: str, over: bool, at: float = 0.0, holder: str | None = None,
                          ranks: list | None = None, score: float | None = None) -> bool:
        """Keep move ``ply`` (0-based) of game ``number``, made at ``at``,
        only if the game has exactly ``ply`` moves now and, for a person's
        move, the token hash ``holder`` still holds the seat (None: a bot's
        move); ``over``: the move ended the game, whose standings are
        ``ranks`` (``ratings.standings``): in the same transaction, each
        account at the table keeps the game in its history and, at a rated
        table, its new rating; at a table of the day's deal, the person's
        board entry gets its place and ``score`` (``finished_entry``). True
        once the move is durably kept, False when the ply was taken or the
        seat is held by another link now."""

    @abstractmethod
    async def take_back(self, table_id: str, number: int, undo: Undo, holder: str | None = None) -> bool:
        """Remove the last move (number ``undo.ply``, which must be the
        player's move ``undo.move``) and remember the undo; False when the
        game's moves are not what the caller saw, or ``holder`` no longer
        holds the seat."""

    @abstractmethod
    async def set_name(self, table_id: str, seat: int, name: str, at: float = 0.0,
                       holder: str | None = None, account: str | None = None) -> bool:
        """The seat's player sat down with ``name`` at ``at`` (the last free
        seat taken, a waiting game begins), only while the token hash
        ``holder`` holds the seat (None: no check); False otherwise. A
        visitor's ``claim_seat`` and an invited person's ``set_name`` for
        one seat: exactly one of them wins. ``account``: the account that
        sits there (None: a guest); an account sits at one seat of a table
        at most, and a rated table seats accounts only: False otherwise."""

    @abstractmethod
    async def replace_token(self, table_id: str, seat: int, old_hash: str, new_hash: str) -> bool:
        """The seat's token ``old_hash`` gives way to ``new_hash`` (its holder
        took a new link); False when ``old_hash`` no longer holds the seat,
        or ``new_hash`` is a token already (of any seat, of any table)."""

    @abstractmethod
    async def start_game(self, table_id: str, number: int, seed: int | str, salt: str,
                         at: float = 0.0, committed: list | None = None) -> bool:
        """Start game ``number`` (a rematch) at ``at`` with ``seed`` and the
        salt of its commitment (scheme 2, over the seats ``committed``),
        only if the current game is ``number - 1`` and over; False
        otherwise. The seats bots took over from people out of time are the
        people's again."""

    @abstractmethod
    async def start_table(self, table_id: str, seats: list, at: float) -> bool:
        """A waiting table's game begins at ``at`` with ``seats`` (its free
        people's seats given to bots, who sit at once); False when it had
        begun already."""

    @abstractmethod
    async def take_over(self, table_id: str, number: int, ply: int, seat: int, kind: str,
                        out: bool = False, over: bool = False, ranks: list | None = None) -> bool:
        """A bot (``kind``, "botN") plays on for the person at ``seat``, whose
        time ran out (the seat joins ``taken``): only if game ``number`` is
        current, has ``ply`` moves and the seat is still a person's. ``out``:
        the seat is also out of the game (it joins the game's ``out``);
        ``over``: that ends the game (``ranks``: as for ``append_move``).
        The game's ``timeouts`` gain ``{"seat", "ply", "kind", "out"}``."""

    @abstractmethod
    async def add_chat(self, table_id: str, entry: dict) -> None:
        """Keep a chat message (the last ``CHAT_KEPT`` of a table are kept)."""

    @abstractmethod
    async def load_chat(self, table_id: str) -> list:
        """The table's chat messages kept, oldest first."""

    @abstractmethod
    async def set_mutes(self, table_id: str, seat: int, muted: list) -> None:
        """The seats whose messages ``seat``'s player does not want."""

    @abstractmethod
    async def tables_created_since(self, address: str, since: float) -> int:
        ...

    @abstractmethod
    async def open_tables(self, since: float, limit: int) -> list:
        """The open tables created since ``since`` where a person's seat is
        still free, newest first, at most ``limit`` (``TableInfo``s)."""

    @abstractmethod
    async def open_tables_created_since(self, address: str, since: float) -> int:
        """How many open tables ``address`` created since ``since`` are still
        listed (a person's seat free, the game not over)."""

    @abstractmethod
    async def claim_seat(self, table_id: str, seat: int, token_hash: str, name: str, at: float = 0.0,
                         address: str = "", account: str | None = None) -> bool:
        """A visitor from ``address`` (hashed) sits at free seat ``seat`` of
        an open table as ``name`` at ``at``: the seat's token becomes
        ``token_hash`` (the creator's invitation for it no longer holds
        it); the last free seat taken, a waiting game begins. False when
        someone sat there first, or the table is not open or closed, or
        ``account`` may not sit there (as for ``set_name``)."""

    @abstractmethod
    async def seats_claimed_since(self, address: str, since: float) -> int:
        """How many seats visitors from ``address`` took since ``since`` at
        tables whose game is not over (the limit of seats per address)."""

    @abstractmethod
    async def waiting_open_tables(self, before: float) -> list:
        """The ids of the open tables created before ``before`` that have
        not begun and are not closed (past their listing time)."""

    @abstractmethod
    async def close_table(self, table_id: str) -> bool:
        """Close a table that has not begun (its listing time ran out before
        its people came): False when it has begun, or is closed already."""

    @abstractmethod
    async def tables_in_play(self) -> list:
        """The ids of the tables whose current game is not over."""

    # -- accounts ---------------------------------------------------------------------
    @abstractmethod
    async def create_account(self, account: Account, credential: Credential) -> bool:
        """Keep a new account with its first passkey; False when its name's
        key is taken (or the credential is another account's)."""

    @abstractmethod
    async def load_account(self, account_id: str) -> Account | None:
        ...

    @abstractmethod
    async def account_named(self, key: str) -> Account | None:
        """The account whose name's key is ``key``."""

    @abstractmethod
    async def add_credential(self, credential: Credential) -> bool:
        """Another passkey for an account; False if its id is kept already,
        or the account is gone."""

    @abstractmethod
    async def load_credential(self, credential_id: str) -> Credential | None:
        ...

    @abstractmethod
    async def credentials_of(self, account_id: str) -> list:
        ...

    @abstractmethod
    async def set_sign_count(self, credential_id: str, count: int) -> None:
        ...

    @abstractmethod
    async def put_secret(self, kind: str, key: str, value: dict, expires: float) -> None:
        """Keep a short-lived secret (a passkey ceremony's challenge, a code
        to add a device), by the hash ``key``, until ``expires``."""

    @abstractmethod
    async def take_secret(self, kind: str, key: str, now: float) -> dict | None:
        """The secret kept by ``key``, once: it is gone after (and None once
        expired, or taken already)."""

    @abstractmethod
    async def create_session(self, key: str, account_id: str, expires: float) -> None:
        """A session (its token's hash ``key``) of an account, until ``expires``."""

    @abstractmethod
    async def session_account(self, key: str, now: float) -> str | None:
        """The account a session's token hash holds, None if none (or expired)."""

    @abstractmethod
    async def end_session(self, key: str) -> None:
        ...

    @abstractmethod
    async def delete_account(self, account_id: str) -> bool:
        """Delete an account: its passkeys, sessions, ratings, history and
        entries on the day's boards go; the games it played keep their
        moves, its seats named ``FORMER_PLAYER``. False if there was no such
        account."""

    @abstractmethod
    async def ratings_of(self, account_id: str) -> dict:
        """The account's rating in each game it played rated (``ratings.Rating``)."""

    @abstractmethod
    async def history_of(self, account_id: str, limit: int) -> list:
        """The account's finished games, newest first (``Finished``)."""

    @abstractmethod
    async def tables_of(self, account_id: str) -> list:
        """The ids of the tables where the account sits whose game is not over."""

    @abstractmethod
    async def leaderboard(self, game: str, limit: int, account_id: str | None = None,
                          around: int = 2) -> tuple:
        """The best ``limit`` ratings of ``game`` by ordinal, and the rows
        ``around`` the account's own: ``(top, mine)``, each a list of
        ``(rank, Account, Rating)`` (rank from 1)."""

    # -- the day's deal ---------------------------------------------------------------
    @abstractmethod
    async def make_deal(self, deal: Deal) -> Deal:
        """Keep ``deal`` unless a deal of its game and day is kept already:
        the deal kept, the same for every server sharing the store however
        many ask at once."""

    @abstractmethod
    async def load_deal(self, game: str, day: int) -> Deal | None:
        ...

    @abstractmethod
    async def enter_daily(self, info: TableInfo, tokens: dict, address: str, entry: DailyEntry) -> bool:
        """Keep a new table of the day's deal (as ``create_table``) with its
        account's board entry, only if that account has no entry for that
        game and day yet: one entry a player a day. False when it has one
        (nothing is kept then)."""

    @abstractmethod
    async def daily_entry(self, game: str, day: int, account_id: str) -> DailyEntry | None:
        ...

    @abstractmethod
    async def daily_board(self, game: str, day: int) -> list:
        """Every entry of a day's board for ``game`` (``DailyEntry``), in no order."""

    @abstractmethod
    async def daily_entries_of(self, account_id: str) -> list:
        """The account's entries on every board, oldest day first."""
