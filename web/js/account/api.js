// @ts-check
// Accounts as the page sees them (docs/protocol.md, section 6): a table
// server's account routes, the browser's passkeys, and the session. A page
// of the server's own origin is signed in by a cookie it never sees; a page
// of another origin keeps the bearer token the server gave it, one per
// server, and sends it in an Authorization header. No DOM here.

import { postJson } from '../online.js';
import { bearerFor, keepBearer } from './session.js';

export { bearerFor };

/** Who this page is signed in as on the table server (app.js keeps it up to
 * date): a seat's name is offered from it. @type {{name: string} | null} */
let current = null;

/** @param {{name: string} | null | undefined} account */
export function rememberAccount(account) {
  current = account ? { name: account.name } : null;
}

/** The signed-in account's name, or ''. */
export const signedInName = () => (current ? current.name : '');

/** @typedef {{id: string, name: string, created: number}} Account */
/** @typedef {{rating: number, ordinal: number, mu: number, sigma: number, games: number, provisional: boolean}} Rating */

/**
 * A finished game as a profile lists it.
 * @typedef {object} Finished
 * @property {string} table
 * @property {number} number
 * @property {string} game
 * @property {number} players
 * @property {Record<string, boolean>} options
 * @property {number} seat
 * @property {number} at
 * @property {string[]} names
 * @property {number[]} ranks
 * @property {boolean} rated
 * @property {Rating | null} before
 * @property {Rating | null} after
 * @property {string[]} [seats]   who played each seat: "h", or "botN"
 * @property {string} [review]   the review link's key, when the asker may see the game
 */

/**
 * @typedef {object} Profile
 * @property {{name: string, since: number}} player
 * @property {boolean} own
 * @property {Record<string, Rating>} ratings
 * @property {Finished[]} games
 * @property {{table: string, game: string, players: number, names: string[], rated: boolean, started: boolean, open: boolean}[]} tables
 */

/** @typedef {{rank: number, name: string} & Rating} BoardRow */
/** @typedef {{game: string, top: BoardRow[], mine: BoardRow[], bots: number[]}} Leaderboard */

/** A POST to the server's `api/<path>`, with the session; the JSON answer,
 * or a PageError thrown ({key, message, params}). A bearer token the server
 * no longer knows is forgotten.
 * @param {string} server @param {string} path @param {object} [body] @returns {Promise<any>} */
export async function call(server, path, body = {}) {
  try {
    return await postJson(server, `api/${path}`, body);
  } catch (error) {
    if (error && /** @type {any} */ (error).key === 'error.signed_out' && bearerFor(server)) keepBearer(server, null);
    throw error;
  }
}

// -- passkeys: WebAuthn's JSON to the browser's objects and back --------------------------

/** @param {string} text @returns {ArrayBuffer} */
export function fromBase64url(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

/** @param {ArrayBuffer | ArrayBufferView} data @returns {string} */
export function toBase64url(data) {
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The options of `navigator.credentials.create` from the server's JSON.
 * @param {any} options @returns {any} */
export function creationOptions(options) {
  return {
    ...options,
    challenge: fromBase64url(options.challenge),
    user: { ...options.user, id: fromBase64url(options.user.id) },
    excludeCredentials: (options.excludeCredentials || []).map((/** @type {any} */ c) => ({ ...c, id: fromBase64url(c.id) })),
  };
}

/** The options of `navigator.credentials.get` from the server's JSON.
 * @param {any} options @returns {any} */
export function requestOptions(options) {
  return {
    ...options,
    challenge: fromBase64url(options.challenge),
    allowCredentials: (options.allowCredentials || []).map((/** @type {any} */ c) => ({ ...c, id: fromBase64url(c.id) })),
  };
}

/** A credential the browser made or used, as WebAuthn's JSON writes it.
 * @param {any} credential @returns {object} */
export function credentialJson(credential) {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const response = credential.response;
  /** @type {Record<string, any>} */
  const written = { clientDataJSON: toBase64url(response.clientDataJSON) };
  if (response.attestationObject) {
    written.attestationObject = toBase64url(response.attestationObject);
    written.transports = typeof response.getTransports === 'function' ? response.getTransports() : [];
  } else {
    written.authenticatorData = toBase64url(response.authenticatorData);
    written.signature = toBase64url(response.signature);
    if (response.userHandle) written.userHandle = toBase64url(response.userHandle);
  }
  return { id: credential.id, rawId: toBase64url(credential.rawId), type: credential.type, response: written, clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {}, authenticatorAttachment: credential.authenticatorAttachment || undefined };
}

/** Why this page cannot make or use passkeys (a sentence's key), or null
 * when it can: the browser has none, or the site is opened at an address
 * with no name (WebAuthn names a site by its domain: 127.0.0.1 or a
 * network's 192.168.… are none; localhost is one).
 * @param {{hostname: string}} [place] @returns {string | null} */
export function passkeyProblem(place = location) {
  if (typeof navigator === 'undefined' || !navigator.credentials || typeof PublicKeyCredential === 'undefined') return 'account.no_passkey';
  const host = place.hostname;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('[') || host.includes(':')) return 'account.needs_name';
  return null;
}

/** The browser's passkey refusals as page errors: the person cancelled, or
 * the browser cannot.
 * @param {unknown} error @returns {{key: string, message: string, params: object}} */
function passkeyError(error) {
  const name = error && /** @type {any} */ (error).name;
  if (name === 'NotAllowedError' || name === 'AbortError') return { key: 'account.cancelled', message: String(name), params: {} };
  if (name === 'InvalidStateError') return { key: 'account.passkey_known', message: String(name), params: {} };
  return { key: 'account.no_passkey', message: String((error && /** @type {any} */ (error).message) || error), params: {} };
}

/** @param {string} server @param {any} answer the server's session answer @returns {Account} */
function signedIn(server, answer) {
  keepBearer(server, answer.session === 'bearer' ? answer.bearer : null);
  return answer.account;
}

/** Make a passkey for a ceremony the server began; finish it at `path`.
 * @param {string} server @param {{ceremony: string, options: any}} begun @param {string} path */
async function makePasskey(server, begun, path) {
  let credential;
  try {
    credential = await navigator.credentials.create({ publicKey: creationOptions(begun.options) });
  } catch (error) {
    throw passkeyError(error);
  }
  return signedIn(server, await call(server, path, { ceremony: begun.ceremony, credential: credentialJson(credential) }));
}

// -- the routes ---------------------------------------------------------------------------

/** Who this page is signed in as on `server`: {account, ratings} ({account: null} for a guest).
 * @param {string} server @returns {Promise<{account: Account | null, ratings?: Record<string, Rating>}>} */
export const whoAmI = (server) => call(server, 'account');

/** Sign up as `name` with a new passkey; the account.
 * @param {string} server @param {string} name @returns {Promise<Account>} */
export async function signUp(server, name) {
  return makePasskey(server, await call(server, 'account/signup/options', { name }), 'account/signup');
}

/** Sign in with any of this site's passkeys; the account.
 * @param {string} server @returns {Promise<Account>} */
export async function signIn(server) {
  const begun = await call(server, 'account/signin/options');
  let credential;
  try {
    credential = await navigator.credentials.get({ publicKey: requestOptions(begun.options) });
  } catch (error) {
    throw passkeyError(error);
  }
  return signedIn(server, await call(server, 'account/signin', { ceremony: begun.ceremony, credential: credentialJson(credential) }));
}

/** @param {string} server */
export async function signOut(server) {
  try {
    await call(server, 'account/signout');
  } finally {
    keepBearer(server, null);
  }
}

/** A one-time code for another device: {code, expires_in}.
 * @param {string} server @returns {Promise<{code: string, expires_in: number}>} */
export const deviceCode = (server) => call(server, 'account/code');

/** This device joins the account whose code was typed, with a passkey of its own.
 * @param {string} server @param {string} code @returns {Promise<Account>} */
export async function addDevice(server, code) {
  return makePasskey(server, await call(server, 'account/device/options', { code }), 'account/device');
}

/** Everything the server keeps of the account.
 * @param {string} server @returns {Promise<object>} */
export const exportAccount = (server) => call(server, 'account/export');

/** Delete the account (its name typed again).
 * @param {string} server @param {string} name */
export async function deleteAccount(server, name) {
  await call(server, 'account/delete', { name });
  keepBearer(server, null);
}

/** @param {string} server @param {string} name @returns {Promise<Profile>} */
export const profile = (server, name) => call(server, 'players/profile', { name });

/** @param {string} server @param {string} game @returns {Promise<Leaderboard>} */
export const leaderboard = (server, game) => call(server, 'players/leaderboard', { game });

// -- the day's deal (docs/online.md, section 13) ------------------------------------------

/**
 * A day's deal as the server publishes it: its set-up and commitment; the
 * seed and salt only once revealed (yesterday's).
 * @typedef {object} DailyDeal
 * @property {string} game
 * @property {number} day
 * @property {string} date
 * @property {number} players
 * @property {string[]} seats
 * @property {Record<string, boolean>} options
 * @property {number} [level]
 * @property {string} commitment
 * @property {number} [reveal_at]
 * @property {{day: number, date: string, commitment: string}} [tomorrow]
 * @property {(DailyDeal & {seed: string, salt: string}) | null} [yesterday]
 * @property {boolean} [entered]   the asker has started today's deal
 */

/** @typedef {{rank: number, name: string, score: number | null, place: number | null, at: number | null, finished: boolean, table?: string, number?: number, review?: string}} DailyEntry */
/** @typedef {{game: string, day: number, date: string, revealed: boolean, entries: DailyEntry[]}} DailyBoard */

/** @param {string} server @param {string} game @returns {Promise<DailyDeal>} */
export const daily = (server, game) => call(server, 'daily', { game });

/** Start today's deal at the server (signed in; once a day): the table made.
 * @param {string} server @param {string} game @returns {Promise<import('../online.js').CreatedTable>} */
export const playDaily = (server, game) => call(server, 'daily/play', { game });

/** @param {string} server @param {string} game @param {number} [day] @returns {Promise<DailyBoard>} */
export const dailyBoard = (server, game, day) => call(server, 'daily/board', day === undefined ? { game } : { game, day });
