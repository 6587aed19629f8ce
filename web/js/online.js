// @ts-check
// Online tables, as the page sees them over HTTP (docs/online.md, section
// 2): which table server answers, creating a table, whose turn it is at the
// tables this browser holds, and the links and codes that hand out seats.
// No DOM here.

import { bearerFor } from './account/session.js';

/** How long a server may take to say what it is before the menu gives up. */
const INFO_TIMEOUT_MS = 4000;
/** How long the statuses of this browser's tables may take (the menu asks
 * again after a while). */
const STATUS_TIMEOUT_MS = 10000;

const TABLE_ID = /^[A-Za-z0-9_-]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

// -- what the server answers (docs/online.md, sections 1 and 2) ------------------------

/**
 * What a table server says of itself (`api/info`).
 * @typedef {object} ServerInfo
 * @property {'archipel'} server
 * @property {string} [version]
 * @property {string} [rules]
 * @property {(import('./state.js').GameInfo & {lessons?: string[]})[]} games   as the engine's `games` command
 * @property {Record<string, number>} [limits]
 * @property {boolean} [chosen_seeds]   a table may name its seed (tests, demonstrations)
 */

/** A server that answered, and what it said of itself.
 * @typedef {{server: string, info: ServerInfo}} FoundServer */

/** A seat's token, handed out as an invitation.
 * @typedef {{seat: number, token: string}} Invitation */

/** A table just created: the creator's seat and token, the invitations to
 * the other people's seats and the spectators' token.
 * @typedef {{table: string, seat: number, token: string, invitations: Invitation[], spectator: string}} CreatedTable */

/** A seat taken at an open table.
 * @typedef {{table: string, seat: number, token: string}} Seated */

/**
 * An open table with a free seat (`api/tables/open`).
 * @typedef {object} OpenTable
 * @property {string} table
 * @property {string} game
 * @property {number} players
 * @property {Record<string, boolean>} options
 * @property {number} created
 * @property {import('./table-words.js').Clock | null} clock
 * @property {{kind: string, name: string | null, free: boolean}[]} seats
 */

/**
 * Whose turn it is at a table (`api/tables/status`): `ok` false with the
 * error when the table or the token is no longer known.
 * @typedef {object} TableStatus
 * @property {string} table
 * @property {boolean} ok
 * @property {number | null} [seat]   null: a spectator
 * @property {string} [game]
 * @property {number} [players]
 * @property {number} [number]
 * @property {string[]} [names]
 * @property {boolean[]} [joined]
 * @property {number[]} [to_move]
 * @property {boolean} [over]
 * @property {number} [ply]
 * @property {boolean} [started]
 * @property {import('./table-words.js').TableClock | null} [clock]   and the time left (docs/online.md, section 10)
 * @property {import('./state.js').PageError} [error]
 */

/** @param {unknown} value @returns {value is string} */
export const isTableId = (value) => typeof value === 'string' && TABLE_ID.test(value);
/** @param {unknown} value @returns {value is string} */
export const isToken = (value) => typeof value === 'string' && TOKEN.test(value);

/** A server's address as the page keeps it: http(s), a host, a path ending
 * in "/"; null when `text` is not one.
 * @param {unknown} text @returns {string | null} */
export function serverAddress(text) {
  let url;
  try {
    url = new URL(String(text || '').trim());
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname || url.username || url.password) return null;
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** The JSON a request answers (any: the server's, checked where it is
 * read); rejects with a PageError when the server refuses or none answers.
 * @param {URL} url @param {RequestInit} [options] @param {number} [timeout] @returns {Promise<any>} */
async function fetchJson(url, options = {}, timeout = 0) {
  const controller = typeof AbortController === 'undefined' ? null : new AbortController();
  const timer = timeout && controller ? setTimeout(() => controller.abort(), timeout) : null;
  let response;
  try {
    response = await fetch(url, { ...options, signal: controller && controller.signal, cache: 'no-store' });
  } catch (error) {
    throw { key: 'error.no_server', message: String((error && /** @type {Error} */ (error).message) || error), params: {} };
  } finally {
    if (timer) clearTimeout(timer);
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = body && body.error;
    if (error && typeof error.key === 'string') throw { key: error.key, message: error.message || '', params: error.params || {} };
    throw { key: 'error.no_server', message: `HTTP ${response.status}`, params: {} };
  }
  return body;
}

/** What the server at `server` says it is, or null when none answers there.
 * @param {string} server @returns {Promise<ServerInfo | null>} */
export async function serverInfo(server) {
  try {
    const info = await fetchJson(new URL('api/info', server), {}, INFO_TIMEOUT_MS);
    return info && info.server === 'archipel' && Array.isArray(info.games) ? info : null;
  } catch {
    return null;
  }
}

/** The first of the candidate addresses where a table server answers:
 * {server, info}, or null.
 * @param {readonly (string | null | undefined)[]} candidates @returns {Promise<FoundServer | null>} */
export async function findServer(candidates) {
  const seen = new Set();
  for (const candidate of candidates) {
    const server = serverAddress(candidate);
    if (!server || seen.has(server)) continue;
    seen.add(server);
    const info = await serverInfo(server);
    if (info) return { server, info };
  }
  return null;
}

/** @param {string} server @param {string} path @param {object} body @param {number} [timeout] ms, 0: none
 * @returns {Promise<any>} the JSON answer */
export const postJson = (server, path, body, timeout = 0) => {
  /** @type {Record<string, string>} */
  const headers = { 'Content-Type': 'application/json' };
  // Signed in from a page of another origin: its bearer token (account/api.js).
  const bearer = bearerFor(server);
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return fetchJson(new URL(path, server), { method: 'POST', headers, body: JSON.stringify(body) }, timeout);
};

/** Create a table: {table, seat, token, invitations: [{seat, token}], spectator}.
 * @param {string} server @param {object} setup @returns {Promise<CreatedTable>} */
export const createTable = (server, setup) => postJson(server, 'api/tables', setup);

/** Whose turn it is at each table: the server's answers, in order.
 * @param {string} server @param {{table: string, token: string}[]} tables @returns {Promise<TableStatus[]>} */
export async function tablesStatus(server, tables) {
  const answer = await postJson(server, 'api/tables/status', {
    tables: tables.map(({ table, token }) => ({ table, token })),
  }, STATUS_TIMEOUT_MS);
  return (answer && answer.tables) || [];
}

/** The server's open tables with a free seat: [{table, game, players,
 * options, created, seats: [{kind, name, free}]}].
 * @param {string} server @returns {Promise<OpenTable[]>} */
export async function openTables(server) {
  const answer = await postJson(server, 'api/tables/open', {});
  return (answer && Array.isArray(answer.tables) && answer.tables) || [];
}

/** Sit at an open table's first free seat as `name`: {table, seat, token}.
 * @param {string} server @param {string} table @param {string} name @returns {Promise<Seated>} */
export const sitAt = (server, table, name) => postJson(server, 'api/tables/sit', { table, name });

/** A finished game's record by its review link (share.js): {table, number, record}.
 * @param {string} server @param {{table: string, number: number, key: string}} game @returns {Promise<{record: any}>} */
export const reviewRecord = (server, { table, number, key }) => postJson(server, 'api/tables/review', { table, number, key });

// -- links and codes -----------------------------------------------------------------

/** The link that takes a seat (or watches, with the spectators' token): the
 * token stays in the fragment, which the browser never sends. `server` is
 * written only when it is not the site's own.
 * @param {string | URL} site
 * @param {{table: string, token: string, server?: string | null, own?: string | null}} seat
 * @returns {string} */
export function tableLink(site, { table, token, server, own }) {
  const params = new URLSearchParams();
  params.set('online', table);
  params.set('token', token);
  if (server && server !== own) params.set('server', server);
  return `${new URL('index.html', site).href}#${params.toString()}`;
}

/** An invitation as a code to copy: the table and the token.
 * @param {{table: string, token: string}} seat @returns {string} */
export const tableCode = ({ table, token }) => `${table}.${token}`;

/** The table and token a code (or a whole invitation link) holds, or null.
 * @param {unknown} text @returns {{table: string, token: string, server: string | null} | null} */
export function parseCode(text) {
  const value = String(text || '').trim();
  const hash = value.indexOf('#');
  if (hash >= 0) {
    const params = new URLSearchParams(value.slice(hash + 1));
    const table = params.get('online');
    const token = params.get('token');
    const server = params.get('server');
    return isTableId(table) && isToken(token) ? { table, token, server: server ? serverAddress(server) : null } : null;
  }
  const match = /^([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{22})$/.exec(value);
  return match ? { table: match[1], token: match[2], server: null } : null;
}
