// @ts-check
// What the page keeps in localStorage: the language, the last set-up of the
// menu, and the games in progress. Keys carry a version so that a later
// format never misreads an older one; every saved game is an entry of its
// own, so one unreadable entry never costs the others.
//
// Everything read back is checked, field by field: storage can hold
// anything (an older page, an extension, a hand edit), and the menu must
// come up whatever it holds. A set-up field that is wrong falls back to its
// default; a saved game that is wrong is listed as damaged, to be forgotten.
//
// Saved games: one entry per game in progress, `archipel.v1.save.<id>`,
// holding {game, savedAt, names, record}. A new game, or a file loaded,
// gets a new entry; nothing is ever saved over another game. The entry's
// game is always its record's own game. A finished game stays, to be
// looked back on (`finished: true`, with its `analysis` once analysed:
// review-graph.js's compact form); the latest MAX_FINISHED are kept.

import { MAX_ID_TEXT, MAX_MOVES, MAX_NAME, MAX_OPTIONS, MAX_PLAYERS, SEAT, isSeed } from './limits.js';

const PREFIX = 'archipel.v1.';
const SAVE = PREFIX + 'save.';
// Before several games could be kept: one autosave per game id. Read once,
// moved to the list.
const OLD_AUTOSAVE = PREFIX + 'autosave.';

const GAME_ID = new RegExp(`^[a-z][a-z0-9_]{0,${MAX_ID_TEXT - 1}}$`);

/** @typedef {import('./state.js').Setup} Setup */
/** @typedef {import('./state.js').GameRecord} GameRecord */
/** @typedef {import('./review-graph.js').KeptDecision} KeptDecision */

/**
 * A saved game as listed: its entry's id, its game, when it was saved, the
 * names typed for it and its record; once finished, kept to be looked back
 * on, with its analysis once analysed (review-graph.js's compact form, still
 * to be checked: `expand`).
 * @typedef {object} SavedGame
 * @property {string} id
 * @property {false} [damaged]
 * @property {string} game
 * @property {number} savedAt
 * @property {string[]} names
 * @property {GameRecord} record
 * @property {boolean} finished
 * @property {unknown[] | null} analysis
 * @property {object | null} [luck]   what chance did, as the engine measured it (checked by the engine when given back)
 * @property {{found: number, missed: number} | null} [exercises]   its last "learn from your mistakes"
 */

/** An entry that cannot be read back: it can only be forgotten (`game`
 * null when even that is unreadable). It has none of a saved game's other
 * fields.
 * @typedef {object} DamagedGame
 * @property {string} id
 * @property {true} damaged
 * @property {string | null} game
 * @property {undefined} [savedAt]
 * @property {undefined} [names]
 * @property {undefined} [record]
 * @property {undefined} [finished]
 * @property {undefined} [analysis]
 */

/** @typedef {SavedGame | DamagedGame} SavedListing */

/**
 * An online table this browser holds a seat at (or watches: `seat` null).
 * @typedef {object} OnlineEntry
 * @property {string} table
 * @property {string} token
 * @property {number | null} seat
 * @property {string} server
 * @property {string | null} game
 * @property {number} savedAt
 * @property {import('./online.js').Invitation[]} invitations   the creator's
 * @property {string | null} spectator   the spectators' token (the creator's)
 * @property {Record<string, string>} commitments   the server's commitment to each game's shuffle, by its number
 */

/** What `key` holds: any JSON (storage can hold anything, checked by the
 * caller), null when nothing, undefined when it cannot be read.
 * @param {string} key @returns {any} */
function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return undefined; // present but unreadable
  }
}

/** @param {string} key @param {unknown} value @returns {boolean} stored */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or disabled
  }
}

/** @param {string} key */
function remove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage disabled: nothing to remove */
  }
}

/** @param {string} prefix @returns {string[]} */
function keys(prefix) {
  try {
    return Object.keys(localStorage).filter((key) => key.startsWith(prefix));
  } catch {
    return []; // storage disabled
  }
}

// The checks of what is read back (any: whatever storage holds).
/** @param {any} value @returns {boolean} */
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
/** @param {any} value @param {number} max @returns {boolean} */
const isText = (value, max) => typeof value === 'string' && value.length <= max;
/** @param {any} value @param {number} max @returns {boolean} */
const isTextList = (value, max) => Array.isArray(value) && value.length <= MAX_PLAYERS && value.every((each) => isText(each, max));
/** @param {any} value @returns {boolean} */
const isCount = (value) => Number.isInteger(value) && value >= 1 && value <= MAX_PLAYERS;

// -- language and set-up -------------------------------------------------------------------

/** The language chosen in the menu, or null. @returns {string | null} */
export function savedLanguage() {
  const lang = read(PREFIX + 'lang');
  return isText(lang, 8) ? lang : null;
}

/** @param {string} lang @returns {void} */
export function saveLanguage(lang) {
  write(PREFIX + 'lang', lang);
}

/** The fields of the menu's last set-up that are well formed; the menu
 * takes its defaults for the others.
 * @returns {Partial<Setup>} */
export function savedSetup() {
  const stored = read(PREFIX + 'setup');
  if (!isObject(stored)) return {};
  /** @type {Record<string, (value: any) => boolean>} */
  const checks = {
    game: (value) => isText(value, MAX_ID_TEXT) && GAME_ID.test(value),
    players: isCount,
    mode: (value) => isText(value, 16),
    pace: (value) => isText(value, 16),
    seats: (value) => isTextList(value, 8) && value.every((/** @type {string} */ seat) => SEAT.test(seat)),
    watchSeats: (value) => isTextList(value, 8) && value.every((/** @type {string} */ seat) => SEAT.test(seat)),
    names: (value) => isTextList(value, MAX_NAME),
    options: (value) =>
      isObject(value) && Object.keys(value).length <= MAX_OPTIONS && Object.values(value).every((on) => typeof on === 'boolean'),
    playersByGame: (value) => isObject(value) && Object.keys(value).length <= MAX_OPTIONS && Object.values(value).every(isCount),
    openTable: (value) => typeof value === 'boolean',
    clock: (value) => isText(value, 16),
    clockLevel: isCount,
    chatEveryone: (value) => typeof value === 'boolean',
    rated: (value) => typeof value === 'boolean',
  };
  /** @type {Record<string, unknown>} */
  const setup = {};
  for (const [field, check] of Object.entries(checks)) {
    if (check(stored[field])) setup[field] = stored[field];
  }
  return setup;
}

/** @param {Partial<Setup>} setup @returns {void} */
export function saveSetup(setup) {
  write(PREFIX + 'setup', setup);
}

// -- saved games -------------------------------------------------------------------------

/** A record the engine could be asked to load, as far as the page can tell
 * without it (the engine checks the rest, and replays every move).
 * @param {any} record @param {string} game @returns {boolean} */
function isRecord(record, game) {
  return (
    isObject(record) &&
    record.format === 'archipel-record' &&
    record.game === game &&
    isCount(record.players) &&
    Array.isArray(record.seats) &&
    record.seats.length === record.players &&
    record.seats.every((/** @type {unknown} */ seat) => typeof seat === 'string' && SEAT.test(seat)) &&
    Array.isArray(record.moves) &&
    record.moves.length <= MAX_MOVES &&
    isSeed(record.seed) &&
    (record.names === undefined || record.names === null || isTextList(record.names, MAX_NAME))
  );
}

/** The listing of one stored entry: {id, game, savedAt, names, record}, or
 * {id, damaged: true, game} (game null when even that is unreadable).
 * @param {string} id @param {any} entry @returns {SavedListing} */
function listing(id, entry) {
  const game = isObject(entry) && isText(entry.game, MAX_ID_TEXT) && GAME_ID.test(entry.game) ? entry.game : null;
  const sound =
    game !== null &&
    Number.isFinite(entry.savedAt) &&
    (entry.names === undefined || isTextList(entry.names, MAX_NAME)) &&
    isRecord(entry.record, game);
  if (!sound) return { id, damaged: true, game };
  const finished = entry.finished === true;
  return {
    id,
    game,
    savedAt: entry.savedAt,
    names: entry.names || [],
    record: entry.record,
    finished,
    // Checked against its game when it is read (review-graph.js's expand).
    analysis: finished && Array.isArray(entry.analysis) ? entry.analysis : null,
    luck: finished && Array.isArray(entry.analysis) && isObject(entry.luck) ? entry.luck : null,
    exercises: finished && isExerciseCount(entry.exercises) ? entry.exercises : null,
  };
}

/** Entries of the former one-per-game autosave move to the list, each
 * under a new id (an unreadable one stays where it is, listed as damaged). */
function moveOldAutosaves() {
  for (const key of keys(OLD_AUTOSAVE)) {
    const entry = read(key);
    if (listing(key, entry).damaged) continue;
    if (write(SAVE + newId(), entry)) remove(key);
  }
}

/** @returns {string} */
function newId() {
  const random = Math.floor(Math.random() * 36 ** 6).toString(36).padStart(6, '0');
  return `${Date.now().toString(36)}-${random}`;
}

/** Every game in progress, newest first; damaged entries last. `id` is what
 * `saveGame` and `forgetGame` take.
 * @returns {SavedListing[]} */
export function savedGames() {
  moveOldAutosaves();
  /** @type {SavedListing[]} */
  const found = [];
  for (const key of keys(SAVE)) found.push(listing(key.slice(PREFIX.length), read(key)));
  for (const key of keys(OLD_AUTOSAVE)) {
    found.push({ id: key.slice(PREFIX.length), damaged: true, game: listing(key, read(key)).game });
  }
  return found.sort((a, b) => (b.damaged ? -1 : b.savedAt) - (a.damaged ? -1 : a.savedAt));
}

/** Save `record` as the game `id` (null: a new entry). Returns the id, or
 * null when the browser refused to store it (storage full or disabled).
 * @param {string | null} id @param {GameRecord} record @param {string[]} names @returns {string | null} */
export function saveGame(id, record, names) {
  const entryId = id || `save.${newId()}`;
  const entry = { game: record.game, savedAt: Date.now(), names, record };
  return write(PREFIX + entryId, entry) ? entryId : null;
}

/** A count of exercises as kept (storage can hold anything).
 * @param {unknown} value @returns {boolean} */
function isExerciseCount(value) {
  if (!isObject(value)) return false;
  const { found, missed } = /** @type {Record<string, unknown>} */ (value);
  return Number.isInteger(found) && Number.isInteger(missed) && Number(found) >= 0 && Number(missed) >= 0;
}

/** The finished games kept to be looked back on (the oldest go first). */
export const MAX_FINISHED = 12;

/** @param {GameRecord} a @param {GameRecord} b @returns {boolean} */
const sameGame = (a, b) => a.game === b.game && a.seed === b.seed && a.moves.length === b.moves.length && JSON.stringify(a.moves) === JSON.stringify(b.moves);

/** Keep a finished game (its entry `id` while it was played; null: the
 * entry of the same game if one is kept, else a new one). Returns the id,
 * or null when the browser refused to store it.
 * @param {string | null} id @param {GameRecord} record @param {string[]} names @returns {string | null} */
export function keepFinished(id, record, names) {
  const all = savedGames();
  let entryId = id;
  let analysis;
  let luck;
  let exercises;
  // The entry named, if it is this game's; else the same game kept already.
  const same = all.find(
    /** @param {SavedListing} each @returns {each is SavedGame} */ (each) =>
      !each.damaged && each.finished && sameGame(each.record, record) && (!entryId || each.id === entryId),
  );
  if (!entryId && same) entryId = same.id;
  if (same && same.id === entryId) {
    analysis = same.analysis || undefined;
    luck = same.luck || undefined;
    exercises = same.exercises || undefined;
  }
  entryId = entryId || `save.${newId()}`;
  const entry = { game: record.game, savedAt: Date.now(), names, record, finished: true, analysis, luck, exercises };
  if (!write(PREFIX + entryId, entry)) return null;
  const finished = savedGames().filter(/** @returns {each is SavedGame} */ (each) => !each.damaged && each.finished);
  for (const old of finished.slice(MAX_FINISHED)) remove(PREFIX + old.id);
  return entryId;
}

/** Keep a finished game's analysis (review-graph.js's compact form) with it
 * (a new analysis forgets the luck measured for the last one).
 * @param {string} id @param {KeptDecision[]} analysis @returns {boolean} stored */
export function keepAnalysis(id, analysis) {
  const entry = read(PREFIX + id);
  if (!isObject(entry) || entry.finished !== true) return false;
  return write(PREFIX + id, { ...entry, analysis, luck: undefined });
}

/** Keep with a finished game, beside its analysis, what chance did as the
 * engine measured it (`review_judge`'s `luck`): given back when the
 * review opens again, it is not measured again.
 * @param {string} id @param {object} luck @returns {boolean} stored */
export function keepLuck(id, luck) {
  const entry = read(PREFIX + id);
  if (!isObject(entry) || entry.finished !== true || !Array.isArray(entry.analysis)) return false;
  return write(PREFIX + id, { ...entry, luck });
}

/** Keep with a finished game the count of its last "learn from your
 * mistakes": the exercises found and missed.
 * @param {string} id @param {{found: number, missed: number}} count @returns {boolean} stored */
export function keepExercises(id, { found, missed }) {
  const entry = read(PREFIX + id);
  if (!isObject(entry) || entry.finished !== true) return false;
  return write(PREFIX + id, { ...entry, exercises: { found, missed } });
}

/** @param {string} id @returns {void} */
export function forgetGame(id) {
  remove(PREFIX + id);
}

// -- online tables ------------------------------------------------------------------------
//
// One entry per seat this browser holds (or table it watches),
// `archipel.v1.online.<table>.<the token's first 8 characters>`:
// {table, token, seat (null: watching), server, game, savedAt, invitations
// ([{seat, token}], the creator's), spectator (the creator's spectators'
// token), commitments ({game number: the server's commitment to its
// shuffle, as first received})}. The token is the seat: it never leaves
// this browser but to the table server.

const ONLINE = PREFIX + 'online.';
const TABLE_ID = /^[A-Za-z0-9_-]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;
/** @param {any} value @returns {boolean} */
const isSeat = (value) => value === null || (Number.isInteger(value) && value >= 0 && value < MAX_PLAYERS);
/** @param {any} value @returns {boolean} */
const isServer = (value) => isText(value, 2000) && /^https?:\/\/[^\s]+\/$/.test(value);
const COMMITMENT = /^[0-9a-f]{64}$/;
// The commitments kept per table: the latest games' (a rematch adds one).
const MAX_COMMITMENTS = 20;

/** The commitments worth keeping: {number: 64 hexadecimal digits}, the latest games'.
 * @param {any} value @returns {Record<string, string>} */
function commitmentsOf(value) {
  if (!isObject(value)) return {};
  const numbers = Object.keys(value)
    .filter((number) => /^[1-9][0-9]{0,8}$/.test(number) && typeof value[number] === 'string' && COMMITMENT.test(value[number]))
    .sort((a, b) => Number(b) - Number(a))
    .slice(0, MAX_COMMITMENTS);
  return Object.fromEntries(numbers.map((number) => [number, value[number]]));
}

/** An online table as stored, checked field by field; null when unusable.
 * @param {any} entry @returns {OnlineEntry | null} */
function onlineEntry(entry) {
  if (!isObject(entry) || !isText(entry.table, 12) || !TABLE_ID.test(entry.table)) return null;
  if (!isText(entry.token, 22) || !TOKEN.test(entry.token) || !isSeat(entry.seat) || !isServer(entry.server)) return null;
  const game = isText(entry.game, MAX_ID_TEXT) && GAME_ID.test(entry.game) ? entry.game : null;
  const invitations = Array.isArray(entry.invitations)
    ? entry.invitations.filter((/** @type {any} */ each) => isObject(each) && isSeat(each.seat) && each.seat !== null && isText(each.token, 22) && TOKEN.test(each.token))
    : [];
  const spectator = isText(entry.spectator, 22) && TOKEN.test(entry.spectator) ? entry.spectator : null;
  return {
    table: entry.table,
    token: entry.token,
    seat: entry.seat,
    server: entry.server,
    game,
    savedAt: Number.isFinite(entry.savedAt) ? entry.savedAt : 0,
    invitations: invitations.slice(0, MAX_PLAYERS).map((/** @type {import('./online.js').Invitation} */ { seat, token }) => ({ seat, token })),
    spectator,
    commitments: commitmentsOf(entry.commitments),
  };
}

/** The online tables of this browser, the latest used first.
 * @returns {OnlineEntry[]} */
export function onlineTables() {
  /** @type {OnlineEntry[]} */
  const found = [];
  for (const key of keys(ONLINE)) {
    const entry = onlineEntry(read(key));
    if (entry && key === onlineKey(entry)) found.push(entry);
  }
  return found.sort((a, b) => b.savedAt - a.savedAt);
}

/** @param {{table: string, token: string}} seat @returns {string} */
const onlineKey = ({ table, token }) => `${ONLINE}${table}.${token.slice(0, 8)}`;

/** The entry of one seat (its table and token), or null.
 * @param {string} table @param {string} token @returns {OnlineEntry | null} */
export function onlineTable(table, token) {
  if (!TABLE_ID.test(String(table)) || !TOKEN.test(String(token))) return null;
  const entry = onlineEntry(read(onlineKey({ table, token })));
  return entry && entry.table === table && entry.token === token ? entry : null;
}

/** Keep (or update) a table: what is given replaces what was kept. Returns
 * false when the browser refused to store it.
 * @param {{table: string, token: string} & Partial<OnlineEntry>} fields @returns {boolean} */
export function saveOnlineTable(fields) {
  const before = onlineTable(fields.table, fields.token) || {};
  const entry = onlineEntry({ ...before, ...fields, savedAt: Date.now() });
  return entry ? write(onlineKey(entry), entry) : false;
}

/** The seat is held by a new token now: its entry moves to it (the old
 * token holds nothing any more). Returns the entry, or null.
 * @param {OnlineEntry} entry @param {string} token @returns {OnlineEntry | null} */
export function replaceOnlineToken(entry, token) {
  const before = onlineTable(entry.table, entry.token) || entry;
  const moved = onlineEntry({ ...before, token, savedAt: Date.now() });
  if (!moved || !write(onlineKey(moved), moved)) return null;
  if (onlineKey(moved) !== onlineKey(before)) forgetOnlineTable(before);
  return moved;
}

/** @param {{table: string, token: string}} seat @returns {void} */
export function forgetOnlineTable({ table, token }) {
  if (TABLE_ID.test(String(table)) && TOKEN.test(String(token))) remove(onlineKey({ table, token }));
}

/** The table server address typed in the menu (null: none).
 * @returns {string | null} */
export function savedServer() {
  const server = read(PREFIX + 'server');
  return isServer(server) ? server : null;
}

/** @param {string | null} server @returns {void} */
export function saveServer(server) {
  if (server) write(PREFIX + 'server', server);
  else remove(PREFIX + 'server');
}

// -- the engine's fast start ------------------------------------------------------------
//
// "off" keeps the worker from saving or restoring a memory snapshot of the
// engine. index.html's inline script reads the same key before the page's
// modules load, to tell the worker it starts at once.

const SNAPSHOT_SETTING = 'archipel.snapshots';

/** @returns {boolean} */
export function snapshotsAllowed() {
  try {
    return localStorage.getItem(SNAPSHOT_SETTING) !== 'off';
  } catch {
    return true; // storage disabled: the default
  }
}

/** Keep the setting for the next visits (the storage may refuse: then it
 * lasts as long as this page).
 * @param {boolean} allowed @returns {void} */
export function saveSnapshotsAllowed(allowed) {
  try {
    if (allowed) localStorage.removeItem(SNAPSHOT_SETTING);
    else localStorage.setItem(SNAPSHOT_SETTING, 'off');
  } catch {
    /* storage disabled: the setting cannot outlive this page */
  }
}

// -- the view ------------------------------------------------------------------------------
// `archipel.v1.view`: "text" plays in words (text/text-renderer.js), for a
// screen reader or the keyboard alone; anything else, the boards.

/** @typedef {'board' | 'text'} View */

/** @type {View[]} */
export const VIEWS = ['board', 'text'];

/** @returns {View} */
export function savedView() {
  const view = read(PREFIX + 'view');
  return VIEWS.includes(view) ? view : 'board';
}

/** @param {string} view @returns {void} */
export function saveView(view) {
  if (VIEWS.includes(/** @type {View} */ (view))) write(PREFIX + 'view', view);
}

// -- lessons -------------------------------------------------------------------------------
// `archipel.v1.lessons`: {<lesson id>: 'offered' | 'done'}: the lessons
// finished, and those the menu has already offered once.

const LESSON_MARKS = new Set(['offered', 'done']);
// A lesson's id: its game's, or its game's and a variant's ("kanaloa-gods").
const LESSON_ID = new RegExp(`^[a-z][a-z0-9_-]{0,${MAX_ID_TEXT - 1}}$`);

/** What this browser did of each game's lesson (well-formed entries only).
 * @returns {Record<string, string>} */
export function lessonMarks() {
  const stored = read(PREFIX + 'lessons');
  /** @type {Record<string, string>} */
  const marks = {};
  if (!isObject(stored)) return marks;
  for (const [game, mark] of Object.entries(stored)) {
    if (LESSON_ID.test(game) && LESSON_MARKS.has(mark)) marks[game] = mark;
  }
  return marks;
}

/** Mark a lesson (by its id) offered or done (done stays done).
 * @param {string} game @param {string} mark @returns {void} */
export function markLesson(game, mark) {
  if (!LESSON_ID.test(game) || !LESSON_MARKS.has(mark)) return;
  const marks = lessonMarks();
  if (marks[game] === 'done') return;
  marks[game] = mark;
  write(PREFIX + 'lessons', marks);
}
