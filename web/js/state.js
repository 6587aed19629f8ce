// @ts-check
// The page's state in one typed place (the shape of chessground's state.ts):
// what the page holds besides the DOM, its default, and the pure
// transitions that change it. The menu's set-up, the table server the page
// plays online with, the game on screen, and the bots' paces are here; the
// DOM references are refs.js's, the browser's storage store.js's. No DOM
// here: the Node tests import it.

// -- the shapes the page passes around ------------------------------------------------

/**
 * What the engine (a table's) shows one viewer: docs/protocol.md, section 3.
 * @typedef {object} Snapshot
 * @property {string} game
 * @property {number} players
 * @property {string[]} seats        "h" or "botN" per seat
 * @property {string[]} names
 * @property {number | string | null} seed   null online until the end
 * @property {Record<string, boolean>} options
 * @property {boolean} private
 * @property {number[]} to_move
 * @property {boolean} over
 * @property {GameResult | null} result   null until the game is over
 * @property {number[]} out          the seats a clock took out of the game
 * @property {number | null} viewer
 * @property {any} view              the game's own view, the game alone (each game's panels and board read it)
 * @property {Move[]} legal
 * @property {LogEntry[]} log
 * @property {boolean} can_undo
 */

/**
 * Whose turn it is and the end: the table's, not the game's
 * (pygame_core/snapshot.py). Every snapshot is one; the panels and the text
 * views read the turn from it, never from the game's view.
 * @typedef {Pick<Snapshot, 'to_move' | 'over' | 'result' | 'out'>} Turn
 */

/**
 * A finished game's result (docs/protocol.md, section 1; a clock's,
 * docs/online.md, section 10).
 * @typedef {object} GameResult
 * @property {number[]} winners
 * @property {number[] | null} [scores]
 * @property {string} [reason]        the game's reason, or "time"
 * @property {number[]} [out]         the seats a clock took out of the game
 * @property {any} [breakdown]        every point explained, as the game says it (its panel reads it)
 */

/**
 * A game as the engine writes it down (`save`; docs/protocol.md, section 3):
 * its set-up and every move, `[player, text]`.
 * @typedef {object} GameRecord
 * @property {'archipel-record'} format
 * @property {number} [version]
 * @property {string} game
 * @property {number} players
 * @property {number | string} seed
 * @property {Record<string, boolean>} [options]
 * @property {string[]} seats
 * @property {string[] | null} [names]
 * @property {[number, string][]} moves
 * @property {number[]} [out]         the seats a clock took out (a table server's game)
 */

/** @typedef {{text: string, kind?: string, [field: string]: any}} Move */
/** @typedef {{n: number, player: number, events: GameEvent[]}} LogEntry */
/** @typedef {{key: string, player?: number, params: Record<string, any>}} GameEvent */
/** @typedef {{key: string, message: string, params: Record<string, any>}} PageError */

/**
 * The menu's set-up, as the browser keeps it (store.js checks it field by field).
 * @typedef {object} Setup
 * @property {string} game
 * @property {number} players
 * @property {string} mode              one of MODES
 * @property {string[]} seats           the seats to play
 * @property {string[]} watchSeats      the seats of a game to watch (bots only)
 * @property {string[]} names
 * @property {Record<string, boolean>} options
 * @property {string} pace              one of BOT_PACES
 * @property {Record<string, number>} [playersByGame]
 * @property {boolean} [openTable]      online: any visitor of the server may sit
 * @property {string} [clock]           online: the table's clock (table-words.js CLOCK_CHOICES)
 * @property {number} [clockLevel]      online: the bot that plays on for a seat out of time
 * @property {string} [clockTimeout]    online: "bot" (a bot plays on) or "out" (the game ends for that seat)
 * @property {boolean} [chatEveryone]   online: spectators may read the chat
 * @property {boolean} [rated]          online: the table's games move its players' ratings (signed in)
 */

/**
 * A game as the menu knows it (the engine's `games` command).
 * @typedef {{id: string, title: Record<string, string>, players: number[],
 *   options: Record<string, boolean>, private: boolean, bot_levels?: number[]}} GameInfo
 */

/**
 * A table the turn controller plays through (turns.js): this browser's
 * engine (table-local.js) or a table server (remote.js).
 * @typedef {object} Table
 * @property {'local' | 'online'} kind
 * @property {boolean} botsHere        the page plays the bots
 * @property {boolean} sharedDevice    several people may share the device
 * @property {(viewer: number | null) => Promise<Snapshot>} snapshot
 * @property {(seat: number, move: string, viewer?: number | null) => Promise<Snapshot | null>} play
 * @property {(seat: number, viewer?: number | null) => Promise<Snapshot | null>} undo
 * @property {(args: {seat: number, ms?: number, hint?: boolean}) => Promise<ThinkAnswer>} [think]
 * @property {(seat: number, viewer: number | null) => Promise<Snapshot>} [botMove]
 * @property {() => Promise<GameRecord>} [save]
 * @property {() => void} close
 * @property {TableState | null} [state]   a table server's latest state (remote.js)
 * @property {() => void} [online]     a table server's: the network is back, connect now
 * @property {() => void} [offline]    a table server's: the network is gone, stop trying
 */

/**
 * A search in slices (the engine's `think`): `done` once the bot's budget
 * is spent or its choice can no longer change; with `hint`, the move the
 * expert suggests (`move`, once done) and why.
 * @typedef {object} ThinkAnswer
 * @property {boolean} done
 * @property {number} [iterations]
 * @property {number} [millis]
 * @property {{iterations: number, millis: number}} [budget]
 * @property {Move | null} [move]
 * @property {import('./advice-words.js').Reason[]} [why]
 */

/** A table as its server describes it (a state's `table`; TableFacts below).
 * @typedef {TableFacts} ServerTable */

/**
 * The game on screen (game.js): the same shape for a local and an online game.
 * @typedef {object} Session
 * @property {string} game
 * @property {string[]} seats
 * @property {string[]} typedNames      the names typed in the menu (local)
 * @property {Partial<Setup> | null} setup   what "New game" starts again (local)
 * @property {import('./games/contract.js').Renderer} renderer
 * @property {Table} table
 * @property {Turns | null} turns      the turn controller (turns.js), once made
 * @property {string | null} saveId    its entry among the saved games (local)
 * @property {number} savedAt          the moves it had when last saved
 * @property {boolean} saveRefused     the browser refused to save it (said once)
 * @property {import('./game/parts.js').GamePart | null} part   what its kind adds: a lesson's step or short game, an online table, a review (game/parts.js)
 * @property {boolean} kept            kept among the finished games (once over)
 */

/** The turn controller of a game on screen (turns.js); `begin` draws the
 * game's first snapshot, calling `onFirstDraw` (if given) just before.
 * @typedef {Omit<ReturnType<typeof import('./turns.js').createTurns>, 'begin'> & {
 *   begin: (snap: Snapshot, options: {fromStart: boolean, onFirstDraw?: () => void}) => Promise<void>}} Turns */

// -- an online table (docs/online.md, section 3) ---------------------------------------------

/** A table's clock (docs/online.md, section 10), as each of its states carries it (table-words.js).
 * @typedef {import('./table-words.js').TableClock} TableClock */

/**
 * What every seat and spectator may read of the table (a state's `table`).
 * @typedef {object} TableFacts
 * @property {string} [id]
 * @property {number} number             the game: 1, then 2 after a rematch
 * @property {string[]} names
 * @property {boolean[]} joined          each seat sat down (bots have)
 * @property {boolean[]} connected       a device of that seat is online
 * @property {number} [spectators]
 * @property {string[]} [seats]
 * @property {number} [creator]          the creator's seat
 * @property {boolean} [started]         false while the table waits for its people
 * @property {boolean} [open]
 * @property {'seats' | 'everyone'} [chat]   who reads the chat
 * @property {TableClock | null} [clock]
 * @property {number[]} [taken]          the seats a bot plays since their time ran out
 * @property {boolean} [rated]           its games move the players' ratings
 * @property {number | null} [daily]     the day of the day's deal it plays (docs/online.md, section 13)
 */

/** A move taken back: the `ply`-th move (0-based), its player and its events as this seat may read them.
 * @typedef {{ply: number, player: number, events: GameEvent[]}} Undo */

/** What changed at the table (a state's `cause`).
 * @typedef {{kind: string, seat?: number, ply?: number, level?: number, out?: boolean, number?: number, visitor?: boolean}} Cause */

/** The server's commitment to a game's shuffle (a state's `fairness`).
 * @typedef {{number: number, commitment: string | null, chosen_seed?: boolean, seed?: any, salt?: string}} Fairness */

/**
 * A table's state as the server sends it to this seat (remote.js keeps the whole log).
 * @typedef {object} TableState
 * @property {number | null} seat       null: watching
 * @property {number} [ply]
 * @property {Snapshot} snapshot
 * @property {Undo[]} [undos]
 * @property {TableFacts} table
 * @property {number[]} [mutes]         the seats whose chat this seat muted
 * @property {Cause | null} [cause]
 * @property {Fairness | null} [fairness]
 */

/** A chat message: who said it and a ready phrase or a text.
 * @typedef {{seat?: number, name?: string, at?: number, phrase?: string, text?: string}} ChatEntry */

/**
 * What this browser keeps of the table (store.js's online entry).
 * @typedef {object} TableEntry
 * @property {string} table
 * @property {string} token
 * @property {number | null} [seat]
 * @property {string} [server]
 * @property {string | null} [game]
 * @property {{seat: number, token: string}[]} invitations   the creator's, one per seat it invited
 * @property {string | null} [spectator]                      the creator's spectators' token
 * @property {Record<string, string>} [commitments]           each game's commitment, as first received
 */

// -- the bots' paces ---------------------------------------------------------------------

/** Pauses before a bot acts (first action of its turn, later actions), in
 * milliseconds, slowest first, so that each move can be seen before the
 * next. A bot that thinks longer than the pause moves as soon as it is done. */
export const PACES = Object.freeze({
  slow: [1600, 1100],
  calm: [900, 650],
  quick: [350, 220],
  instant: [0, 0],
});

/** The paces' names, slowest first. */
export const BOT_PACES = Object.freeze(Object.keys(PACES));
export const DEFAULT_PACE = 'calm';

/** What the menu sets up: a game to play, to watch (bots only), or online. */
export const MODES = Object.freeze(['play', 'watch', 'online']);

// -- the menu's set-up -------------------------------------------------------------------------

/**
 * The set-up the menu opens with: the one kept (`saved`, checked by
 * store.js) over the defaults.
 * @param {Partial<Setup>} saved
 * @param {number} level   the default bots' level
 * @returns {Setup}
 */
export function initialSetup(saved, level) {
  /** @type {Setup} */
  const setup = {
    game: 'kahuna',
    players: 2,
    mode: 'play',
    seats: ['h', `bot${level}`],
    watchSeats: [`bot${level}`, `bot${level + 1}`],
    names: ['', ''],
    options: {},
    pace: DEFAULT_PACE,
    ...saved,
  };
  if (!BOT_PACES.includes(setup.pace)) setup.pace = DEFAULT_PACE;
  if (!MODES.includes(setup.mode)) setup.mode = 'play';
  if (!Array.isArray(setup.watchSeats)) setup.watchSeats = [`bot${level}`, `bot${level + 1}`];
  return setup;
}

/**
 * `setup` fitted to `game`: a player count it allows, its options (and no
 * other), a seat for each player with a level it has, a name for each.
 * @param {Setup} setup
 * @param {GameInfo | null} game
 * @param {number[]} levels       the bots' levels the game offers
 * @param {number} defaultLevel
 * @param {(kind: string) => number | null} levelOf   a seat's bot level (null: a person)
 * @returns {Setup}
 */
export function fitSetup(setup, game, levels, defaultLevel, levelOf) {
  const next = { ...setup, options: { ...setup.options } };
  if (game) {
    if (!game.players.includes(next.players)) next.players = game.players[0];
    for (const [name, value] of Object.entries(game.options || {})) {
      if (typeof next.options[name] !== 'boolean') next.options[name] = value;
    }
    for (const name of Object.keys(next.options)) if (!(name in (game.options || {}))) delete next.options[name];
  }
  const fallback = `bot${levels.includes(defaultLevel) ? defaultLevel : levels[levels.length - 1]}`;
  /** @param {string[]} wanted @param {boolean} botsOnly */
  const fit = (wanted, botsOnly) => {
    const seats = [];
    for (let i = 0; i < next.players; i++) {
      let kind = wanted[i] || (i === 0 && !botsOnly ? 'h' : fallback);
      const level = levelOf(kind);
      if ((level === null && (botsOnly || kind !== 'h')) || (level !== null && !levels.includes(level))) kind = fallback;
      seats.push(kind);
    }
    return seats;
  };
  next.seats = fit(next.seats, false);
  next.watchSeats = fit(next.watchSeats, true);
  next.names = next.seats.map((_, i) => next.names[i] || '');
  return next;
}

/**
 * `setup` with `game` chosen: each game keeps its own number of players; one
 * chosen for the first time (or whose count no longer fits) starts with
 * `players`.
 * @param {Setup} setup @param {GameInfo} game @param {number} players
 * @returns {Setup}
 */
export function chooseGame(setup, game, players) {
  const playersByGame = { ...(setup.playersByGame || {}), [setup.game]: setup.players };
  const kept = playersByGame[game.id];
  return { ...setup, playersByGame, game: game.id, players: game.players.includes(kept) ? kept : players };
}

/** `setup` for `players` players (kept for its game).
 * @param {Setup} setup @param {number} players @returns {Setup} */
export function setPlayers(setup, players) {
  return { ...setup, players, playersByGame: { ...(setup.playersByGame || {}), [setup.game]: players } };
}

/**
 * `setup` with `kind` at `seat`, among the seats to play or to watch.
 * @param {Setup} setup @param {boolean} watching @param {number} seat @param {string} kind
 * @returns {Setup}
 */
export function setSeat(setup, watching, seat, kind) {
  const field = watching ? 'watchSeats' : 'seats';
  const seats = [...setup[field]];
  seats[seat] = kind;
  return { ...setup, [field]: seats };
}

/** @param {Setup} setup @param {number} seat @param {string} name @returns {Setup} */
export function setName(setup, seat, name) {
  const names = [...setup.names];
  names[seat] = name;
  return { ...setup, names };
}

/** @param {Setup} setup @param {string} mode @returns {Setup} */
export const setMode = (setup, mode) => ({ ...setup, mode });

/** @param {Setup} setup @param {string} name @param {boolean} on @returns {Setup} */
export const setOption = (setup, name, on) => ({ ...setup, options: { ...setup.options, [name]: on } });

/** @param {Setup} setup @param {string} pace @returns {Setup} */
export const setPace = (setup, pace) => ({ ...setup, pace });

/** An online table open to any visitor, or by invitation only.
 * @param {Setup} setup @param {boolean} open @returns {Setup} */
export const setOpenTable = (setup, open) => ({ ...setup, openTable: Boolean(open) });

/** An online table's clock, the level of the bot that plays on for a seat
 * out of time, and whether that seat is out of the game ("out") or played
 * on by the bot ("bot").
 * @param {Setup} setup @param {string} clock @param {number} level @param {string} [timeout]
 * @returns {Setup} */
export const setClock = (setup, clock, level, timeout = setup.clockTimeout || 'bot') => ({ ...setup, clock, clockLevel: level, clockTimeout: timeout });

/** Whether the spectators of an online table may read its chat.
 * @param {Setup} setup @param {boolean} on @returns {Setup} */
export const setChatEveryone = (setup, on) => ({ ...setup, chatEveryone: Boolean(on) });
/** @param {Setup} setup @param {boolean} on @returns {Setup} */
export const setRated = (setup, on) => ({ ...setup, rated: Boolean(on) });

// -- the table server ---------------------------------------------------------------------

/**
 * The table server the page plays online with.
 * @typedef {object} ServerState
 * @property {string} own        the server the page's links need not name (build.json's, or the site's)
 * @property {string | null} address   the server that answered, or null
 * @property {import('./online.js').ServerInfo | null} facts   what it said of itself (api/info), or null
 * @property {Promise<import('./online.js').FoundServer | null> | null} looking   the search under way
 */

/** @param {string} site @returns {ServerState} */
export function initialServer(site) {
  return { own: site, address: null, facts: null, looking: null };
}

/**
 * The search for a server has ended: `found` is {server, info} or null.
 * @param {ServerState} server @param {import('./online.js').FoundServer | null} found @param {string} own
 * @returns {ServerState}
 */
export function serverFound(server, found, own) {
  return { ...server, own, address: found ? found.server : null, facts: found ? found.info : null };
}

/** Whether a table created at this server may choose its seed (tests,
 * demonstrations): a server deals from its own secret seeds by default.
 * @param {ServerState} server @returns {boolean} */
export const chosenSeeds = (server) => Boolean(server.facts && server.facts.chosen_seeds);

// -- the game on screen --------------------------------------------------------------------

/**
 * A game on screen, local or online, every field set.
 * @param {Partial<Session> & Pick<Session, 'game' | 'seats' | 'renderer' | 'table'>} fields
 * @returns {Session}
 */
export function newSession(fields) {
  return {
    typedNames: [],
    setup: null,
    turns: null,
    saveId: null,
    savedAt: -1,
    saveRefused: false,
    part: null,
    kept: false,
    ...fields,
  };
}
