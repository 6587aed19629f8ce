// @ts-check
// Deep links: index.html#play=kahuna&players=2&seats=h,bot2&seed=5&lang=en
// (`h` a human seat, `botN` a bot of level N from 0 to 4; seats of bots only
// open a game to watch; any other `name=1` is a game option; `names=Ana,Bob`
// optional player names).
//
// Lessons: index.html#learn=kahuna opens the game's guided first game.
//
// A shared game: index.html#review=<record> opens a finished game's record
// (share.js: compressed, base64url) in the review;
// index.html#review=online&server=…&table=…&number=…&key=… asks a table
// server for the record of one of its finished games.
//
// The players' pages: index.html#account (sign up, sign in, the account),
// index.html#profile=<name> (a player's ratings and games),
// index.html#leaderboard=<game> and index.html#daily=<game> (the day's deal
// and its board of scores).
//
// Any of them may add `view=text` (the game in words, for a screen reader)
// or `view=board`; the page remembers it.
//
// Online tables: index.html#online=new&game=moai&players=3&seats=h,h,bot1&seed=5
// (options and names as above) creates a table at once, this browser at
// seat 0; index.html#online=<table>&token=<token> takes the seat the token
// holds (or watches, with the spectators' token), `server=` naming the table
// server when it is not the site's own. A new table may add `open=1` (any
// visitor may sit), `clock=live-10-5` or `clock=move-24` (table-words.js),
// `clocklevel=N` (the bot that plays on for a seat out of time),
// `timeout=out` (a seat out of time is out of the game, ranked last) and
// `chat=everyone` (spectators read the chat) and `rated=1` (a rated table:
// the page must be signed in).

import { MAX_NAME, seedFromText } from './limits.js';
import { clockOf } from './table-words.js';
import { DEFAULT_BOT_LEVEL } from './players.js';

const RESERVED = new Set(['play', 'learn', 'players', 'seats', 'seed', 'lang', 'names', 'online', 'game', 'token', 'server', 'view', 'open', 'clock', 'clocklevel', 'timeout', 'chat', 'review', 'table', 'number', 'key', 'account', 'profile', 'leaderboard', 'daily', 'rated']);
/** The games a leaderboard or a day's deal may name. */
const PEOPLE_GAMES = ['kahuna', 'haleakala', 'kanaloa', 'moai'];
const VIEWS = ['board', 'text'];

/**
 * What a link asks for: its language and view, and a game to play or watch,
 * a lesson (`learn`), a table to create online (`online` "new", `error`
 * "game" when it names no game) or a seat at an online table (`online`
 * "table").
 * @typedef {object} DeepLink
 * @property {string | null} lang
 * @property {string | null} view
 * @property {'new' | 'table'} [online]
 * @property {string} [table]
 * @property {string} [token]
 * @property {string | null} [server]
 * @property {string} [learn]
 * @property {string | null} [game]
 * @property {'game'} [error]
 * @property {number | null} [players]
 * @property {string[]} [seats]
 * @property {number | string | null} [seed]
 * @property {Record<string, boolean>} [options]
 * @property {string[]} [names]
 * @property {boolean} [open]
 * @property {boolean} [rated]
 * @property {import('./table-words.js').Clock | null} [clock]
 * @property {'everyone' | 'seats'} [chat]
 * @property {'record' | 'online'} [review]   a shared game: its record in the link, or on a table server
 * @property {string} [data]                  (review 'record') the record, packed (share.js)
 * @property {number} [number]                (review 'online') the table's game
 * @property {string} [key]                   (review 'online') the review key the server gave
 * @property {'account' | 'profile' | 'leaderboard' | 'daily'} [people]   a page of the players' screen
 * @property {string} [name]                  (people 'profile') the player
 */

/** The set-up a URL fragment asks for, or null when it asks for no game.
 * @param {unknown} hash @returns {DeepLink | null} */
export function parseDeepLink(hash) {
  const params = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const lang = params.get('lang');
  // The view a link asks for; an unknown one is none.
  const view = VIEWS.includes(/** @type {string} */ (params.get('view'))) ? params.get('view') : null;
  // A shared game (share.js).
  const review = params.get('review');
  if (review === 'online') {
    return { lang, view, review: 'online', server: params.get('server'), table: params.get('table') || '', number: Number(params.get('number')), key: params.get('key') || '' };
  }
  if (review) return { lang, view, review: 'record', data: review };
  // The players' pages: the account, a profile, a leaderboard, the day's deal.
  if (params.has('account')) return { lang, view, people: 'account' };
  const player = params.get('profile');
  if (player) return { lang, view, people: 'profile', name: player.slice(0, 4 * MAX_NAME) };
  for (const page of /** @type {const} */ (['leaderboard', 'daily'])) {
    const named = params.get(page);
    if (named !== null) return { lang, view, people: page, game: PEOPLE_GAMES.includes(named) ? named : PEOPLE_GAMES[0] };
  }
  const online = params.get('online');
  if (online && online !== 'new') {
    return { lang, view, online: 'table', table: online, token: params.get('token') || '', server: params.get('server') };
  }
  // A lesson: index.html#learn=kanaloa (pygame_core/lessons.py).
  const learn = params.get('learn');
  if (learn && !online) return { lang, view, learn };
  const game = online ? params.get('game') : params.get('play');
  if (online && !game) return { lang, view, online: 'new', game: null, error: 'game' };
  if (!game) return lang || view ? { lang, view } : null;
  const seats = (params.get('seats') || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const players = params.has('players') ? Number(params.get('players')) : seats.length || null;
  const seedText = params.get('seed');
  /** @type {number | string | null} */
  let seed = null;
  // A number too large for JavaScript to hold exactly stays a text, which
  // seeds a game just as well (and the same game in every browser).
  if (seedText !== null && seedText !== '') seed = seedFromText(seedText);
  /** @type {Record<string, boolean>} */
  const options = {};
  for (const [name, value] of params) {
    if (!RESERVED.has(name)) options[name] = value === '1' || value === 'true';
  }
  const names = (params.get('names') || '').split(',').map((s) => s.trim().slice(0, MAX_NAME));
  if (!online) return { game, players, seats, seed, options, lang, view, names };
  const level = Number(params.get('clocklevel') ?? DEFAULT_BOT_LEVEL);
  const clock = clockOf(params.get('clock'), Number.isInteger(level) && level >= 0 && level <= 4 ? level : DEFAULT_BOT_LEVEL, params.get('timeout') === 'out' ? 'out' : 'bot');
  const open = params.get('open') === '1' || params.get('open') === 'true';
  const rated = params.get('rated') === '1' || params.get('rated') === 'true';
  return { game, players, seats, seed, options, lang, view, names, online: 'new', open, clock, chat: params.get('chat') === 'everyone' ? 'everyone' : 'seats', rated };
}

/** The fragment that starts the given set-up (for sharing).
 * @param {{game: string, players: number, seats: string[], seed?: number | string | null, options?: Record<string, boolean>}} setup
 * @returns {string} */
export function deepLink({ game, players, seats, seed, options = {} }) {
  const params = new URLSearchParams();
  params.set('play', game);
  params.set('players', String(players));
  params.set('seats', seats.join(','));
  if (seed !== null && seed !== undefined) params.set('seed', String(seed));
  for (const [name, on] of Object.entries(options)) if (on) params.set(name, '1');
  return '#' + params.toString().replace(/%2C/g, ',');
}
