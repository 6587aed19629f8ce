// @ts-check
// The menu's controller, without the DOM: the set-up being made (state.js's
// Setup and its pure transitions, kept in the browser's storage at each
// change), the games the engine offers, whether it is ready, the table
// server found and the statuses of this browser's online tables. The view
// (view.js and its parts) draws from it; its actions end with `redraw(part)`.

import { language } from '../i18n.js';
import { DEFAULT_BOT_LEVELS, DEFAULT_BOT_LEVEL, botLevel } from '../players.js';
import { hasRenderer } from '../games/index.js';
import {
  BOT_PACES, initialSetup, fitSetup, chooseGame, setPlayers, setSeat, setName, setMode, setOption, setPace, setOpenTable,
  setClock, setChatEveryone, setRated,
} from '../state.js';
import { TIMEOUTS, clockOf } from '../table-words.js';

/** @typedef {import('../state.js').Setup} Setup */
/** @typedef {import('../state.js').GameInfo & {lessons?: string[]}} GameInfo */
/** @typedef {'all' | 'seats' | 'options' | 'lesson' | 'resume' | 'online' | 'tables'} MenuPart */

/**
 * What a new game is made of, as the menu hands it to the page (app.js).
 * @typedef {object} StartConfig
 * @property {string} game
 * @property {number} players
 * @property {string[]} seats
 * @property {string[]} names
 * @property {Record<string, boolean>} options
 * @property {number} seed
 * @property {boolean} online
 * @property {boolean} open
 * @property {any} clock
 * @property {'everyone' | 'seats'} chat
 * @property {boolean} rated   online: a rated table (signed in only)
 */

export class MenuCtrl {
  /**
   * @param {{saved: Partial<Setup>, save: (setup: Setup) => void, redraw: (part: MenuPart) => void,
   *   onStart: (config: StartConfig) => void, random?: () => number}} options
   */
  constructor({ saved, save, redraw, onStart, random = Math.random }) {
    /** The set-up being made; the seats of the "watch" mode are kept apart
     * (state.js), so that switching modes gives each its own set-up back. */
    this.setup = initialSetup(saved, DEFAULT_BOT_LEVEL);
    /** The games the engine (or the table server) offers, with a renderer here. @type {GameInfo[] | null} */
    this.games = null;
    /** The engine is ready: local games may start. */
    this.ready = false;
    /** The table server: undefined while looked for, null when none answers,
     * else {server, info}. @type {any} */
    this.online = undefined;
    /** Whether this browser is signed in on the table server (the account's chip says who). */
    this.signedIn = false;
    /** The statuses of this browser's online tables, by table id. @type {Map<string, any>} */
    this.onlineStatus = new Map();
    this.saveSetup = save;
    this.redraw = redraw;
    this.onStart = onStart;
    this.random = random;
  }

  // -- what the view reads ---------------------------------------------------------

  /** The mode shown: online play only while a server answers. */
  get mode() {
    return this.setup.mode === 'online' && !this.online ? 'play' : this.setup.mode;
  }

  get watching() {
    return this.mode === 'watch';
  }

  get onlineMode() {
    return this.mode === 'online';
  }

  /** Online, the creator's seat: the first person's. */
  get creatorSeat() {
    return this.setup.seats.indexOf('h');
  }

  /** The seats of the current mode. */
  get seats() {
    return this.watching ? this.setup.watchSeats : this.setup.seats;
  }

  /** The game chosen (the first one offered when the one kept is not). */
  get game() {
    return this.games ? this.games.find((g) => g.id === this.setup.game) || this.games[0] : null;
  }

  /** The bots' levels a game offers. @param {GameInfo | null} game */
  botLevels(game = this.game) {
    return (game && game.bot_levels) || DEFAULT_BOT_LEVELS;
  }

  /** The game chosen has a lesson of its own (pygame_core/lessons.py: it bears the game's id). */
  get hasLesson() {
    const game = this.game;
    return Boolean(game && Array.isArray(game.lessons) && game.lessons.includes(game.id));
  }

  /** Local games wait for Python; a table online needs only the server. */
  get startable() {
    if (this.onlineMode) return Boolean(this.online && this.games && this.games.length);
    return Boolean(this.ready && this.games && this.games.length);
  }

  /** Online, a table may be open to visitors when more than one person sits at it. */
  get openable() {
    return this.seats.filter((kind) => kind === 'h').length > 1;
  }

  /** The level of the bot that plays on for a seat out of time. */
  get clockLevel() {
    const level = this.setup.clockLevel;
    return level !== undefined && DEFAULT_BOT_LEVELS.includes(level) ? level : DEFAULT_BOT_LEVEL;
  }

  /** What becomes of a seat out of time: "bot" (plays on) or "out". */
  get clockTimeout() {
    const chosen = this.setup.clockTimeout;
    return chosen && TIMEOUTS.includes(chosen) ? chosen : 'bot';
  }

  /** A game's name in the page's language. Before the engine has listed the
   * games (a table joined online at once), the id says it: the games are
   * proper nouns in both languages.
   * @param {string} id */
  gameTitle(id) {
    const game = this.games && this.games.find((g) => g.id === id);
    return game ? game.title[language()] || game.title.fr || id : String(id).charAt(0).toUpperCase() + String(id).slice(1);
  }

  /** What "Play" starts now. @returns {StartConfig} */
  startConfig() {
    const { setup } = this;
    const game = /** @type {GameInfo} */ (this.game);
    return {
      game: game.id,
      players: setup.players,
      seats: [...this.seats],
      names: [...setup.names],
      options: { ...setup.options },
      seed: Math.floor(this.random() * 2 ** 31),
      online: this.onlineMode,
      open: this.onlineMode && Boolean(setup.openTable) && this.openable,
      clock: this.onlineMode ? clockOf(setup.clock, this.clockLevel, this.clockTimeout) : null,
      chat: setup.chatEveryone ? 'everyone' : 'seats',
      rated: this.onlineMode && this.signedIn && Boolean(setup.rated),
    };
  }

  // -- what the player does ------------------------------------------------------------

  /** @param {Setup} setup @param {MenuPart} part */
  change(setup, part) {
    this.setup = setup;
    this.saveSetup(setup);
    this.redraw(part);
  }

  /** Each seat fitted to the game chosen (its counts, options, bot levels). */
  fit() {
    this.setup = fitSetup(this.setup, this.game, this.botLevels(), DEFAULT_BOT_LEVEL, botLevel);
  }

  /** Another game: it keeps its own number of players; a game chosen for
   * the first time starts with a full table (up to four, one person and
   * bots round a full table being the usual way to play).
   * @param {string} id */
  chooseGame(id) {
    const game = this.games && this.games.find((g) => g.id === id);
    if (!game) return;
    const counts = game.players.filter((n) => n <= 4);
    this.setup = chooseGame(this.setup, game, counts.length ? counts[counts.length - 1] : game.players[0]);
    this.fit();
    this.change(this.setup, 'options');
  }

  /** @param {number} players */
  setPlayers(players) {
    this.setup = setPlayers(this.setup, players);
    this.fit();
    this.change(this.setup, this.onlineMode ? 'options' : 'seats');
  }

  /** @param {number} seat @param {string} kind */
  setSeat(seat, kind) {
    // Whether a table may be open depends on the people's seats.
    this.change(setSeat(this.setup, this.watching, seat, kind), this.onlineMode ? 'options' : 'seats');
  }

  /** @param {number} seat @param {string} name */
  setName(seat, name) {
    this.setup = setName(this.setup, seat, name);
    this.saveSetup(this.setup);
  }

  /** @param {string} mode */
  setMode(mode) {
    this.change(setMode(this.setup, mode), 'options');
  }

  /** @param {string} name @param {boolean} on */
  setOption(name, on) {
    this.setup = setOption(this.setup, name, on);
    this.saveSetup(this.setup);
  }

  /** @param {boolean} open */
  setOpenTable(open) {
    this.setup = setOpenTable(this.setup, open);
    this.saveSetup(this.setup);
  }

  /** @param {boolean} on */
  setRated(on) {
    this.setup = setRated(this.setup, on);
    this.saveSetup(this.setup);
  }

  /** Whether this browser is signed in on the table server (a rated table needs it).
   * @param {boolean} signedIn */
  setSignedIn(signedIn) {
    if (signedIn === this.signedIn) return;
    this.signedIn = signedIn;
    this.redraw('all');
  }

  /** @param {boolean} on */
  setChatEveryone(on) {
    this.setup = setChatEveryone(this.setup, on);
    this.saveSetup(this.setup);
  }

  /** The table's clock, the level of the bot that plays on, what becomes of a seat out of time.
   * @param {string} clock @param {number} [level] @param {string} [timeout] */
  setClock(clock, level = this.clockLevel, timeout = this.clockTimeout) {
    this.setup = setClock(this.setup, clock, level, timeout);
    this.saveSetup(this.setup);
  }

  /** The bots' pace (also chosen during a game, in the watch controls).
   * @param {string} pace @returns {boolean} whether it is one */
  setPace(pace) {
    if (!BOT_PACES.includes(pace)) return false;
    this.setup = setPace(this.setup, pace);
    this.saveSetup(this.setup);
    return true;
  }

  /** The name a person sat down with online, kept for the next time. @param {string} name */
  rememberName(name) {
    this.setName(0, name);
  }

  /** The first seat's name in the set-up (a lesson's learner), or ''. */
  get firstName() {
    return (this.setup.names && this.setup.names[0]) || '';
  }

  /** "Play" (or "Watch", or "Create the table"): the set-up started. */
  start() {
    if (!this.startable) return false;
    this.onStart(this.startConfig());
    return true;
  }

  // -- what the page learns ------------------------------------------------------------

  /** The engine is ready: its games listed. @param {GameInfo[]} list */
  setReady(list) {
    this.ready = true;
    if (!this.games) this.games = list.filter((game) => hasRenderer(game.id));
    this.redraw('all');
  }

  /** The table server found (or null: none answers). @param {any} found */
  setOnline(found) {
    this.online = found;
    if (found && !this.games) this.games = found.info.games.filter((/** @type {GameInfo} */ game) => hasRenderer(game.id));
    this.redraw('all');
  }

  /** What the server said of this browser's online tables. @param {any[]} items */
  setOnlineStatus(items) {
    this.onlineStatus = new Map(items.filter((item) => item && typeof item.table === 'string').map((item) => [item.table, item]));
    this.redraw('tables');
  }
}
