// @ts-check
// A table on a table server (docs/online.md, section 3): the WebSocket, its
// reconnection with back-off, the whole state again after each reconnection,
// the one request in flight sent again with its ply, the log rebuilt from
// `log_from`, the undos and who is there. The turn controller (turns.js)
// plays through it as through the local worker (table-local.js); here the
// server plays the bots, and each device holds one seat.
//
// It knows no DOM: the socket, the timers and the network's state are
// given, so that it runs in Node under a fake socket (tests/node/).

import { bearerFor } from './account/session.js';

/** @typedef {import('./state.js').Snapshot} Snapshot */
/** @typedef {import('./state.js').LogEntry} LogEntry */
/** @typedef {import('./state.js').GameEvent} GameEvent */
/** @typedef {import('./state.js').PageError} PageError */

/** What every seat and spectator may read of the table (state.js).
 * @typedef {import('./state.js').TableFacts} TableFacts */

/** A chat message (state.js). @typedef {import('./state.js').ChatEntry} ChatEntry */

/** A table's state as this page holds it: the snapshot with the whole log
 * (`mergeLog`), this device's seat (null: a spectator), the moves so far, the
 * moves taken back, the table, what changed (null: a welcome, a sync), the
 * check of the shuffle, the seats whose chat this seat muted.
 * @typedef {{snapshot: Snapshot, seat: number | null, ply: number, undos: {ply: number, player: number, events: GameEvent[]}[],
 *   table: TableFacts, cause: {kind: string, seat?: number, [field: string]: any} | null,
 *   fairness: {number: number, commitment: string | null, chosen_seed: boolean, seed?: any, salt?: string} | null, mutes: number[]}} RemoteState */

/** The connection: 'connecting', 'online', 'reconnecting' or 'offline'.
 * @typedef {'connecting' | 'online' | 'reconnecting' | 'offline'} Connection */

/** A message from the server: its type, the ref of what it answers, its fields.
 * @typedef {{type: string, [field: string]: any}} ServerMessage */

/** A welcome or a state (its log from `log_from`). @typedef {ServerMessage & {log_from: number, snapshot: Snapshot, seat: number | null, ply: number}} StateMessage */

/** A message to the server. @typedef {{type: string, ref?: number | string, [field: string]: any}} ClientMessage */

/** The request waiting for its answer (one at a time): it changes the table,
 * and is done once its state has come (`acked`: its ack came first).
 * @typedef {{ref: number, message: ClientMessage, resolve: (value: null) => void, reject: (error: PageError) => void, acked: boolean}} Pending */

/** A question waiting for its answer, of type `type` (by ref: several at once).
 * @typedef {{type: string, message: ClientMessage, resolve: (answer: ServerMessage | null) => void, reject: (error: PageError) => void}} Question */

/** What a listener of a table hears (`subscribe`), each optional.
 * @typedef {{state?: (state: RemoteState) => void, connection?: (kind: Connection) => void, presence?: (table: TableFacts) => void,
 *   fatal?: (error: PageError) => void, token?: (token: string) => void, chat?: (entries: ChatEntry[], all: boolean) => void}} TableListener */

/** What a table is made with (`RemoteTable` says what each is).
 * @typedef {{server: string, table: string, token: string, WebSocketImpl?: typeof WebSocket,
 *   setTimer?: (fn: () => void, ms: number) => any, clearTimer?: (id: any) => void, random?: () => number,
 *   isOnline?: () => boolean, onState?: (state: RemoteState) => void, onConnection?: (kind: Connection) => void,
 *   onPresence?: (table: TableFacts) => void, onFatal?: (error: PageError) => void, onToken?: (token: string) => void,
 *   onChat?: (entries: ChatEntry[], all: boolean) => void}} RemoteOptions */

/** Waits before each new attempt to connect (then the last one, again and
 * again), each shortened at random by up to a half, so that the devices of
 * a table that restarts do not all come back at once. */
export const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];

/** How long a connection may take to open before it is tried again. */
export const OPEN_TIMEOUT_MS = 8000;

/** The chat messages a page keeps (as many as the server does). */
const CHAT_KEPT = 200;

const CONNECTING = 0;
const OPEN = 1;

/** The socket address of the table server at `server` (its http(s) address,
 * ending in "/").
 * @param {string} server @returns {string} */
export function socketAddress(server) {
  const url = new URL('api/ws', server);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** The whole log after a state message: the entries before `log_from` from
 * the previous state, then those the message carries.
 * @param {{log: LogEntry[]} | null} previous @param {{log_from: number, snapshot: {log: LogEntry[]}}} message   a welcome or a state
 * @returns {LogEntry[]} */
export function mergeLog(previous, message) {
  const before = previous ? previous.log.slice(0, message.log_from) : [];
  return before.concat(message.snapshot.log);
}

/** @param {ServerMessage} message @returns {PageError} */
function errorOf(message) {
  return { key: message.key || 'error.internal', message: message.message || '', params: message.params || {} };
}

/** @returns {PageError} */
const closedError = () => ({ key: 'error.no_table', message: 'the table is closed', params: {} });

/** A refusal that no reconnection can change: the link is wrong, or no
 * longer holds its seat (a visitor sat there, the link was replaced, the
 * table closed): the server says so, then closes the connection. */
const FATAL = new Set(['error.bad_token', 'error.unknown_table', 'error.origin', 'error.seat_taken', 'error.table_closed']);

/**
 * A table at `server` (http(s) address ending in "/"), held by `token`.
 * `onState(state)` is told every new state: {snapshot (the whole log), seat,
 * ply, undos, table, cause, fairness}; `onConnection(kind)`: 'connecting',
 * 'online', 'reconnecting' or 'offline'; `onPresence(table)`;
 * `onFatal(error)`: the server refused the link itself (no seat, no table),
 * and nothing more is tried; `onToken(token)`: the seat is now held by a new
 * token (`newToken`), which the page keeps instead of the old one;
 * `onChat(entries, all)`: chat messages (`all`: the whole chat kept, from a
 * welcome; else new ones).
 */
export class RemoteTable {
  // The server plays the bots, and each device holds one seat.
  /** @type {'online'} */
  kind = 'online';
  botsHere = false;
  sharedDevice = false;
  /** Resolves with the first state (the welcome). @type {Promise<RemoteState>} */
  ready;

  // What the page asks of the table (state.js's Table, and more online):
  // requests, one at a time, resolved once their change is shown (null);
  // questions, answered beside them.
  snapshot = async () => /** @type {RemoteState} */ (this.#state).snapshot;
  /** @param {number} seat @param {string} move */
  play = (seat, move) => this.#request({ type: 'move', ply: this.#ply(), move });
  undo = () => this.#request({ type: 'undo', ply: this.#ply() });
  /** @param {string} name */
  // Signed in from a page of another origin: its bearer token goes too (the
  // server's own origin's cookie goes with the WebSocket by itself).
  join = (name) => this.#request({ type: 'join', name, ...(bearerFor(this.#deps.server) ? { session: bearerFor(this.#deps.server) } : {}) });
  rematch = () => this.#request({ type: 'rematch', number: this.#state ? this.#state.table.number : 1, ply: this.#ply() });
  /** The creator starts a waiting table, bots of `level` in its free seats. @param {number} level */
  start = (level) => this.#request({ type: 'start', level });
  /** Say a ready phrase ({phrase}) or free text ({text}) at the table. @param {{phrase: string} | {text: string}} words */
  say = (words) => this.#ask({ type: 'chat', ...words }, 'ack');
  /** Stop (or start again) receiving `seat`'s chat; resolves with the seats muted.
   * @param {number} seat @param {boolean} muted @returns {Promise<number[]>} */
  mute = (seat, muted) => this.#ask({ type: 'mute', seat, muted }, 'ack').then((answer) => /** @type {ServerMessage} */ (answer).mutes);
  /** The whole record of a finished game of this table (the current one
   * by default), its number and the key of its review link (share.js);
   * refused before its end.
   * @param {number} [number] @returns {Promise<{number: number, record: any, reviewKey: string | null}>} */
  record = (number) =>
    this.#ask({ type: 'record', ...(number === undefined ? {} : { number }) }, 'record').then((answer) => {
      const message = /** @type {ServerMessage} */ (answer);
      return { number: message.number, record: message.record, reviewKey: typeof message.review_key === 'string' ? message.review_key : null };
    });

  /** The server and the table, the socket, the timers and the network's state it was made with.
   * @type {Required<Pick<RemoteOptions, 'server' | 'table' | 'WebSocketImpl' | 'setTimer' | 'clearTimer' | 'random' | 'isOnline'>>} */
  #deps;
  /** The callbacks the table was made with, told first. @type {Required<TableListener>} */
  #own;
  /** Who listens to the table besides the callbacks it was made with (`subscribe`). @type {Set<TableListener>} */
  #listeners = new Set();
  /** @type {string} */ #token;
  /** The table's chat as this seat reads it (the welcome's, then each new message). @type {ChatEntry[]} */
  #chat = [];
  /** A new token the server offered and not yet confirmed taken: tried on
   * hello if the old one is refused (the answer was lost with the connection). @type {string | null} */
  #proposed = null;
  /** Questions waiting for their answer (a record, a new token), by ref: they
   * change nothing at the table and may be asked beside a request. @type {Map<string, Question>} */
  #questions = new Map();
  /** @type {WebSocket | null} */ #socket = null;
  /** @type {RemoteState | null} */ #state = null;
  /** @type {Connection} */ #connection = 'connecting';
  #attempts = 0;
  /** The wait before the next attempt to connect. @type {any} */ #timer = null;
  /** The wait for the socket to open. @type {any} */ #openTimer = null;
  #closed = false;
  #nextRef = 1;
  /** The request waiting for its answer. @type {Pending | null} */ #pending = null;
  /** @type {(state: RemoteState) => void} */ #resolveFirst = () => {};
  /** @type {(error: PageError) => void} */ #rejectFirst = () => {};

  /** @param {RemoteOptions} options */
  constructor({ server, table, token, WebSocketImpl = globalThis.WebSocket, setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (id) => clearTimeout(id),
    random = Math.random, isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    onState = () => {}, onConnection = () => {}, onPresence = () => {}, onFatal = () => {}, onToken = () => {}, onChat = () => {} }) {
    this.#deps = { server, table, WebSocketImpl, setTimer, clearTimer, random, isOnline };
    this.#token = token;
    this.#own = { state: onState, connection: onConnection, presence: onPresence, fatal: onFatal, token: onToken, chat: onChat };
    this.ready = new Promise((resolve, reject) => {
      this.#resolveFirst = resolve;
      this.#rejectFirst = reject;
    });
    this.ready.catch(() => {});
    this.#connect();
  }

  // -- what the page reads ----------------------------------------------------------------

  get state() {
    return this.#state;
  }

  get connection() {
    return this.#connection;
  }

  get seat() {
    return this.#state ? this.#state.seat : null;
  }

  /** The chat messages received, oldest first. */
  get chat() {
    return this.#chat;
  }

  /** Listen to the table: its states, its connection, its presence, its
   * chat, a new token, a fatal refusal. Returns what stops listening.
   * @param {TableListener} listener @returns {() => void} */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Each event goes to the callback given at creation, then to every listener.
   * @template {keyof TableListener} K
   * @param {K} event @param {Parameters<Required<TableListener>[K]>} args */
  #tell(event, ...args) {
    const own = /** @type {(...args: any[]) => void} */ (this.#own[event]);
    own(...args);
    for (const each of [...this.#listeners]) /** @type {((...args: any[]) => void) | undefined} */ (each[event])?.(...args);
  }

  /** @param {Connection} kind */
  #setConnection(kind) {
    if (this.#connection === kind) return;
    this.#connection = kind;
    this.#tell('connection', kind);
  }

  // -- the connection ---------------------------------------------------------------------

  /** @param {ClientMessage} message */
  #send(message) {
    if (this.#socket && this.#socket.readyState === OPEN) this.#socket.send(JSON.stringify(message));
  }

  #hello() {
    this.#send({ type: 'hello', table: this.#deps.table, token: this.#token, ref: 'hello' });
  }

  #connect() {
    this.#timer = null;
    if (this.#closed) return;
    if (!this.#deps.isOnline()) {
      this.#setConnection('offline');
      return;
    }
    let made;
    try {
      made = new this.#deps.WebSocketImpl(socketAddress(this.#deps.server));
    } catch (error) {
      // A blocked or malformed address: no connection will ever open.
      const said = /** @type {any} */ (error);
      this.#fatal({ key: 'error.no_server', message: String((said && said.message) || said), params: {} });
      return;
    }
    this.#socket = made;
    this.#listen(made);
    this.#openTimer = this.#deps.setTimer(() => {
      if (this.#socket === made && made.readyState === CONNECTING) {
        made.onclose = null;
        made.close();
        this.#lost();
      }
    }, OPEN_TIMEOUT_MS);
  }

  /** What the socket says, heard while it is this table's socket.
   * @param {WebSocket} made */
  #listen(made) {
    made.onopen = () => {
      if (this.#socket !== made) return;
      this.#deps.clearTimer(this.#openTimer);
      this.#hello();
    };
    made.onmessage = (event) => {
      if (this.#socket !== made) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not from a table server of ours
      }
      if (message && typeof message === 'object') this.#receive(message);
    };
    made.onclose = () => {
      if (this.#socket !== made) return;
      this.#lost();
    };
    made.onerror = () => {};
  }

  /** The connection went: try again after a wait that grows with each try. */
  #lost() {
    this.#deps.clearTimer(this.#openTimer);
    this.#socket = null;
    if (this.#closed) return;
    this.#setConnection(this.#deps.isOnline() ? 'reconnecting' : 'offline');
    if (!this.#deps.isOnline()) return; // `online()` brings it back
    const longest = BACKOFF_MS[Math.min(this.#attempts, BACKOFF_MS.length - 1)];
    this.#attempts += 1;
    const connect = () => this.#connect();
    this.#timer = this.#deps.setTimer(connect, Math.round(longest * (0.5 + this.#deps.random() / 2)));
  }

  /** Close the socket without hearing it close: no reconnection follows. */
  #letGo() {
    if (!this.#socket) return;
    const gone = this.#socket;
    this.#socket = null;
    gone.onclose = null;
    gone.close();
  }

  /** @param {PageError} error */
  #fatal(error) {
    this.#closed = true;
    this.#letGo();
    this.#setConnection('offline');
    if (this.#pending) {
      this.#pending.reject(error);
      this.#pending = null;
    }
    this.#rejectFirst(error);
    this.#tell('fatal', error);
  }

  // -- what the server says ---------------------------------------------------------------

  /** @param {ServerMessage} message */
  #receive(message) {
    switch (message.type) {
      case 'welcome':
      case 'state':
        this.#onStateMessage(/** @type {StateMessage} */ (message));
        break;
      case 'presence':
        if (this.#state && message.table) {
          this.#state = { ...this.#state, table: message.table };
          this.#tell('presence', message.table);
        }
        break;
      case 'chat':
        if (Array.isArray(message.entries)) {
          this.#chat = this.#chat.concat(message.entries).slice(-CHAT_KEPT);
          this.#tell('chat', message.entries, false);
        }
        break;
      case 'ack':
        this.#onAck(message);
        break;
      case 'error':
        this.#onError(message);
        break;
      case 'record':
      case 'token_offer':
      case 'token':
        this.#answered(message);
        break;
      default:
        break;
    }
  }

  /** An ack: a question's answer, or the request's (its state follows).
   * @param {ServerMessage} message */
  #onAck(message) {
    const pending = this.#pending;
    if (this.#questions.has(message.ref)) {
      this.#answered(message);
    } else if (pending && message.ref === pending.ref) {
      // Moves, undos and names: the state that follows shows the
      // change. A rematch already made is acknowledged alone.
      if (pending.message.type === 'rematch' && message.duplicate) this.#settle(null);
      else pending.acked = true;
    }
  }

  /** @param {ServerMessage} message */
  #answered(message) {
    const question = this.#questions.get(message.ref);
    if (!question || question.type !== message.type) return;
    this.#questions.delete(message.ref);
    question.resolve(message);
  }

  /** @param {StateMessage} message */
  #onStateMessage(message) {
    const welcome = message.type === 'welcome';
    const log = mergeLog(welcome || !this.#state ? null : this.#state.snapshot, message);
    /** @type {RemoteState} */
    const state = {
      snapshot: { ...message.snapshot, log },
      seat: message.seat,
      ply: message.ply,
      undos: message.undos || [],
      table: message.table,
      cause: message.cause || null,
      fairness: message.fairness || null,
      mutes: Array.isArray(message.mutes) ? message.mutes : [],
    };
    this.#state = state;
    if (welcome) this.#welcomed(message);
    this.#tell('state', this.#state);
    if (welcome && this.#pending) {
      this.#resend(this.#pending);
      return;
    }
    if (this.#pending && this.#pending.acked) this.#settle(null);
  }

  /** A welcome: the connection is up, the chat whole again, and the
   * questions lost with the last connection asked again.
   * @param {StateMessage} message */
  #welcomed(message) {
    this.#attempts = 0;
    this.#setConnection('online');
    this.#chat = Array.isArray(message.chat) ? message.chat.slice(-CHAT_KEPT) : [];
    this.#tell('chat', this.#chat, true);
    this.#resolveFirst(/** @type {RemoteState} */ (this.#state));
    // Questions lost with the last connection are asked again, but a chat
    // message, which may have been said already: the welcome's chat shows
    // whether it was.
    for (const [ref, question] of this.#questions) {
      if (question.message.type === 'chat') {
        this.#questions.delete(ref);
        question.resolve(null);
      } else {
        this.#send(question.message);
      }
    }
  }

  /** After a reconnection, the request in flight is sent again: a move with
   * its ply (the server plays it once), an undo only if the table is still
   * where it was (else it was done, or could no longer be).
   * @param {Pending} pending */
  #resend(pending) {
    const message = pending.message;
    if (message.type === 'undo' && this.#ply() !== message.ply) {
      this.#settle(null);
      return;
    }
    pending.acked = false;
    this.#send(message);
  }

  /** @param {ServerMessage} message */
  #onError(message) {
    if (message.ref === 'hello') {
      if (message.key === 'error.bad_token' && this.#proposed) {
        // The old token was replaced, and its answer lost: the new one holds the seat.
        this.#adopt(this.#proposed);
        this.#hello();
        return;
      }
      if (FATAL.has(message.key)) this.#fatal(errorOf(message));
      return;
    }
    if (message.ref == null && FATAL.has(message.key)) {
      // This connection no longer holds its seat, told why: no reconnection.
      this.#fatal(errorOf(message));
      return;
    }
    const question = this.#questions.get(message.ref);
    if (question) {
      this.#questions.delete(message.ref);
      question.reject(errorOf(message));
      return;
    }
    if (this.#pending && message.ref === this.#pending.ref) {
      const waiting = this.#pending;
      this.#pending = null;
      waiting.reject(errorOf(message));
    }
  }

  /** @param {null} value */
  #settle(value) {
    const waiting = this.#pending;
    this.#pending = null;
    if (waiting) waiting.resolve(value);
  }

  // -- requests and questions -------------------------------------------------------------

  /** Send `message` (one request at a time); resolves once its change is
   * shown (null), rejects with the server's error.
   * @param {ClientMessage} message @returns {Promise<null>} */
  #request(message) {
    if (this.#closed) return Promise.reject(closedError());
    if (this.#pending) return Promise.reject({ key: 'error.busy', message: 'a request is already on its way', params: {} });
    const ref = this.#nextRef++;
    return new Promise((resolve, reject) => {
      const pending = { ref, message: { ...message, ref }, resolve, reject, acked: false };
      this.#pending = pending;
      this.#send(pending.message);
    });
  }

  /** Ask the server something that changes nothing at the table; resolves
   * with its answer (of type `type`), rejects with its error.
   * @param {ClientMessage} message @param {string} type @returns {Promise<ServerMessage | null>} */
  #ask(message, type) {
    if (this.#closed) return Promise.reject(closedError());
    const ref = `q${this.#nextRef++}`;
    return new Promise((resolve, reject) => {
      const question = { type, message: { ...message, ref }, resolve, reject };
      this.#questions.set(ref, question);
      this.#send(question.message);
    });
  }

  /** @param {string} next */
  #adopt(next) {
    this.#token = next;
    this.#proposed = null;
    this.#tell('token', next);
  }

  #ply() {
    return this.#state ? this.#state.ply : 0;
  }

  // -- what the player does ---------------------------------------------------------------

  /** Replace this seat's token by a new one (a link shared too widely):
   * every other device of the seat is let go. Resolves with the new token.
   * @returns {Promise<string>} */
  async newToken() {
    // The server makes the token and offers it; the seat changes hands
    // only once this page takes it, so no answer lost costs the seat.
    for (let attempt = 0; ; attempt += 1) {
      if (!this.#proposed) this.#proposed = /** @type {ServerMessage} */ (await this.#ask({ type: 'new_token' }, 'token_offer')).token;
      const next = /** @type {string} */ (this.#proposed);
      try {
        await this.#ask({ type: 'new_token', token: next }, 'token');
      } catch (error) {
        // Offered by a server that has restarted since: ask again, once.
        if (error && /** @type {PageError} */ (error).key === 'error.no_offer' && attempt === 0) {
          this.#proposed = null;
          continue;
        }
        throw error;
      }
      if (this.#token !== next) this.#adopt(next);
      return next;
    }
  }

  sync() {
    this.#send({ type: 'sync' });
  }

  /** The network is back (the browser says so): try now. */
  online() {
    if (this.#closed || this.#socket) return;
    this.#deps.clearTimer(this.#timer);
    this.#attempts = 0;
    this.#connect();
  }

  /** The network is gone: stop trying until it comes back. */
  offline() {
    if (this.#closed) return;
    this.#deps.clearTimer(this.#timer);
    this.#timer = null;
    this.#letGo();
    this.#deps.clearTimer(this.#openTimer);
    this.#setConnection('offline');
  }

  close() {
    this.#closed = true;
    for (const question of this.#questions.values()) question.reject(closedError());
    this.#questions.clear();
    this.#deps.clearTimer(this.#timer);
    this.#deps.clearTimer(this.#openTimer);
    this.#letGo();
  }
}

/** A table at `server`, held by `token` (`RemoteTable`).
 * @param {RemoteOptions} options @returns {RemoteTable} */
export function createRemoteTable(options) {
  return new RemoteTable(options);
}
