// @ts-check
// Online tables, as the page sees them over HTTP (docs/online.md, section
// 2): which table server answers, creating a table, whose turn it is at the
// tables this browser holds, and the links and codes that hand out seats.
// No DOM here.

/** How long a server may take to say what it is before the menu gives up. */
const INFO_TIMEOUT_MS = 4000;

const TABLE_ID = /^[A-Za-z0-9_-]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export const isTableId = (value) => typeof value === 'string' && TABLE_ID.test(value);
export const isToken = (value) => typeof value === 'string' && TOKEN.test(value);

/** A server's address as the page keeps it: http(s), a host, a path ending
 * in "/"; null when `text` is not one. */
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

async function fetchJson(url, options = {}, timeout = 0) {
  const controller = typeof AbortController === 'undefined' ? null : new AbortController();
  const timer = timeout && controller ? setTimeout(() => controller.abort(), timeout) : null;
  let response;
  try {
    response = await fetch(url, { ...options, signal: controller && controller.signal, cache: 'no-store' });
  } catch (error) {
    throw { key: 'error.no_server', message: String((error && error.message) || error), params: {} };
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

/** What the server at `server` says it is, or null when none answers there. */
export async function serverInfo(server) {
  try {
    const info = await fetchJson(new URL('api/info', server), {}, INFO_TIMEOUT_MS);
    return info && info.server === 'archipel' && Array.isArray(info.games) ? info : null;
  } catch {
    return null;
  }
}

/** The first of the candidate addresses where a table server answers:
 * {server, info}, or null. */
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

const post = (server, path, body) =>
  fetchJson(new URL(path, server), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Create a table: {table, seat, token, invitations: [{seat, token}], spectator}. */
export const createTable = (server, setup) => post(server, 'api/tables', setup);

/** Whose turn it is at each table: the server's answers, in order. */
export async function tablesStatus(server, tables) {
  const answer = await post(server, 'api/tables/status', {
    tables: tables.map(({ table, token }) => ({ table, token })),
  });
  return (answer && answer.tables) || [];
}

/** The server's open tables with a free seat: [{table, game, players,
 * options, created, seats: [{kind, name, free}]}]. */
export async function openTables(server) {
  const answer = await post(server, 'api/tables/open', {});
  return (answer && Array.isArray(answer.tables) && answer.tables) || [];
}

/** Sit at an open table's first free seat as `name`: {table, seat, token}. */
export const sitAt = (server, table, name) => post(server, 'api/tables/sit', { table, name });

// -- links and codes -----------------------------------------------------------------

/** The link that takes a seat (or watches, with the spectators' token): the
 * token stays in the fragment, which the browser never sends. `server` is
 * written only when it is not the site's own. */
export function tableLink(site, { table, token, server, own }) {
  const params = new URLSearchParams();
  params.set('online', table);
  params.set('token', token);
  if (server && server !== own) params.set('server', server);
  return `${new URL('index.html', site).href}#${params.toString()}`;
}

/** An invitation as a code to copy: the table and the token. */
export const tableCode = ({ table, token }) => `${table}.${token}`;

/** The table and token a code (or a whole invitation link) holds, or null. */
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
