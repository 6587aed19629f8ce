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
 * ending in "/"). */
export function socketAddress(server) {
  const url = new URL('api/ws', server);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** The whole log after a state message: the entries before `log_from` from
 * the previous state, then those the message carries. */
export function mergeLog(previous, message) {
  const before = previous ? previous.log.slice(0, message.log_from) : [];
  return before.concat(message.snapshot.log);
}

function errorOf(message) {
  return { key: message.key || 'error.internal', message: message.message || '', params: message.params || {} };
}

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
/**
 * What a listener of a table hears (`subscribe`), each optional.
 * @typedef {object} TableListener
 * @property {(state: any) => void} [state]
 * @property {(kind: string) => void} [connection]
 * @property {(table: any) => void} [presence]
 * @property {(error: any) => void} [fatal]
 * @property {(token: string) => void} [token]
 * @property {(entries: any[], all: boolean) => void} [chat]
 */

/**
 * @param {{server: string, table: string, token: string, WebSocketImpl?: any,
 *   setTimer?: (fn: () => void, ms: number) => any, clearTimer?: (id: any) => void, random?: () => number,
 *   isOnline?: () => boolean, onState?: (state: any) => void, onConnection?: (kind: string) => void,
 *   onPresence?: (table: any) => void, onFatal?: (error: any) => void, onToken?: (token: string) => void,
 *   onChat?: (entries: any[], all: boolean) => void}} options
 */
export function createRemoteTable({
  server,
  table,
  token: firstToken,
  WebSocketImpl = globalThis.WebSocket,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (id) => clearTimeout(id),
  random = Math.random,
  isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  onState = () => {},
  onConnection = () => {},
  onPresence = () => {},
  onFatal = () => {},
  onToken = () => {},
  onChat = () => {},
}) {
  // Who listens to the table besides the callbacks it was made with
  // (`subscribe`).
  /** @type {Set<TableListener>} */
  const listeners = new Set();
  /** Each event goes to the callback given at creation, then to every listener. */
  const told = {
    /** @param {any} next */
    state: (next) => {
      onState(next);
      for (const each of [...listeners]) each.state?.(next);
    },
    /** @param {string} kind */
    connection: (kind) => {
      onConnection(kind);
      for (const each of [...listeners]) each.connection?.(kind);
    },
    /** @param {any} table */
    presence: (table) => {
      onPresence(table);
      for (const each of [...listeners]) each.presence?.(table);
    },
    /** @param {any} error */
    fatal: (error) => {
      onFatal(error);
      for (const each of [...listeners]) each.fatal?.(error);
    },
    /** @param {string} next */
    token: (next) => {
      onToken(next);
      for (const each of [...listeners]) each.token?.(next);
    },
    /** @param {any[]} entries @param {boolean} all */
    chat: (entries, all) => {
      onChat(entries, all);
      for (const each of [...listeners]) each.chat?.(entries, all);
    },
  };
  let token = firstToken;
  // The table's chat as this seat reads it (the welcome's, then each new message).
  let chat = [];
  // A new token the server offered and not yet confirmed taken: tried on
  // hello if the old one is refused (the answer was lost with the connection).
  let proposed = null;
  // Questions waiting for their answer (a record, a new token), by ref: they
  // change nothing at the table and may be asked beside a request.
  const questions = new Map();
  let socket = null;
  let state = null;
  let connection = 'connecting';
  let attempts = 0;
  let timer = null;
  let openTimer = null;
  let closed = false;
  let nextRef = 1;
  // The request waiting for its answer: {ref, message, resolve, reject, acked}.
  let pending = null;
  let resolveFirst;
  let rejectFirst;
  const first = new Promise((resolve, reject) => {
    resolveFirst = resolve;
    rejectFirst = reject;
  });
  first.catch(() => {});

  function setConnection(kind) {
    if (connection === kind) return;
    connection = kind;
    told.connection(kind);
  }

  function send(message) {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    timer = null;
    if (closed) return;
    if (!isOnline()) {
      setConnection('offline');
      return;
    }
    let made;
    try {
      made = new WebSocketImpl(socketAddress(server));
    } catch (error) {
      // A blocked or malformed address: no connection will ever open.
      fatal({ key: 'error.no_server', message: String((error && error.message) || error), params: {} });
      return;
    }
    socket = made;
    made.onopen = () => {
      if (socket !== made) return;
      clearTimer(openTimer);
      send({ type: 'hello', table, token, ref: 'hello' });
    };
    made.onmessage = (event) => {
      if (socket !== made) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not from a table server of ours
      }
      if (message && typeof message === 'object') receive(message);
    };
    made.onclose = () => {
      if (socket !== made) return;
      lost();
    };
    made.onerror = () => {};
    openTimer = setTimer(() => {
      if (socket === made && made.readyState === CONNECTING) {
        made.onclose = null;
        made.close();
        lost();
      }
    }, OPEN_TIMEOUT_MS);
  }

  /** The connection went: try again after a wait that grows with each try. */
  function lost() {
    clearTimer(openTimer);
    socket = null;
    if (closed) return;
    setConnection(isOnline() ? 'reconnecting' : 'offline');
    if (!isOnline()) return; // `online()` brings it back
    const longest = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length - 1)];
    attempts += 1;
    timer = setTimer(connect, Math.round(longest * (0.5 + random() / 2)));
  }

  function fatal(error) {
    closed = true;
    if (socket) {
      const gone = socket;
      socket = null;
      gone.onclose = null;
      gone.close();
    }
    setConnection('offline');
    if (pending) {
      pending.reject(error);
      pending = null;
    }
    rejectFirst(error);
    told.fatal(error);
  }

  function receive(message) {
    switch (message.type) {
      case 'welcome':
      case 'state':
        onStateMessage(message);
        break;
      case 'presence':
        if (state && message.table) {
          state = { ...state, table: message.table };
          told.presence(message.table);
        }
        break;
      case 'chat':
        if (Array.isArray(message.entries)) {
          chat = chat.concat(message.entries).slice(-CHAT_KEPT);
          told.chat(message.entries, false);
        }
        break;
      case 'ack':
        if (questions.has(message.ref)) {
          answered(message);
        } else if (pending && message.ref === pending.ref) {
          // Moves, undos and names: the state that follows shows the
          // change. A rematch already made is acknowledged alone.
          if (pending.message.type === 'rematch' && message.duplicate) settle(null);
          else pending.acked = true;
        }
        break;
      case 'error':
        onError(message);
        break;
      case 'record':
      case 'token_offer':
      case 'token':
        answered(message);
        break;
      default:
        break;
    }
  }

  function answered(message) {
    const question = questions.get(message.ref);
    if (!question || question.type !== message.type) return;
    questions.delete(message.ref);
    question.resolve(message);
  }

  function onStateMessage(message) {
    const welcome = message.type === 'welcome';
    const log = mergeLog(welcome || !state ? null : state.snapshot, message);
    state = {
      snapshot: { ...message.snapshot, log },
      seat: message.seat,
      ply: message.ply,
      undos: message.undos || [],
      table: message.table,
      cause: message.cause || null,
      fairness: message.fairness || null,
      mutes: Array.isArray(message.mutes) ? message.mutes : [],
    };
    if (welcome) {
      attempts = 0;
      setConnection('online');
      chat = Array.isArray(message.chat) ? message.chat.slice(-CHAT_KEPT) : [];
      told.chat(chat, true);
      resolveFirst(state);
      // Questions lost with the last connection are asked again, but a chat
      // message, which may have been said already: the welcome's chat shows
      // whether it was.
      for (const [ref, question] of questions) {
        if (question.message.type === 'chat') {
          questions.delete(ref);
          question.resolve(null);
        } else {
          send(question.message);
        }
      }
    }
    told.state(state);
    if (welcome && pending) {
      resend();
      return;
    }
    if (pending && pending.acked) settle(null);
  }

  /** After a reconnection, the request in flight is sent again: a move with
   * its ply (the server plays it once), an undo only if the table is still
   * where it was (else it was done, or could no longer be). */
  function resend() {
    const message = pending.message;
    if (message.type === 'undo' && state.ply !== message.ply) {
      settle(null);
      return;
    }
    pending.acked = false;
    send(message);
  }

  function onError(message) {
    if (message.ref === 'hello') {
      if (message.key === 'error.bad_token' && proposed) {
        // The old token was replaced, and its answer lost: the new one holds the seat.
        adopt(proposed);
        send({ type: 'hello', table, token, ref: 'hello' });
        return;
      }
      if (FATAL.has(message.key)) fatal(errorOf(message));
      return;
    }
    if (message.ref == null && FATAL.has(message.key)) {
      // This connection no longer holds its seat, told why: no reconnection.
      fatal(errorOf(message));
      return;
    }
    const question = questions.get(message.ref);
    if (question) {
      questions.delete(message.ref);
      question.reject(errorOf(message));
      return;
    }
    if (pending && message.ref === pending.ref) {
      const waiting = pending;
      pending = null;
      waiting.reject(errorOf(message));
    }
  }

  function settle(value) {
    const waiting = pending;
    pending = null;
    if (waiting) waiting.resolve(value);
  }

  /** Send `message` (one request at a time); resolves once its change is
   * shown (null), rejects with the server's error. */
  function request(message) {
    if (closed) return Promise.reject({ key: 'error.no_table', message: 'the table is closed', params: {} });
    if (pending) return Promise.reject({ key: 'error.busy', message: 'a request is already on its way', params: {} });
    const ref = nextRef++;
    return new Promise((resolve, reject) => {
      pending = { ref, message: { ...message, ref }, resolve, reject, acked: false };
      send(pending.message);
    });
  }

  /** Ask the server something that changes nothing at the table; resolves
   * with its answer (of type `type`), rejects with its error. */
  function ask(message, type) {
    if (closed) return Promise.reject({ key: 'error.no_table', message: 'the table is closed', params: {} });
    const ref = `q${nextRef++}`;
    return new Promise((resolve, reject) => {
      const question = { type, message: { ...message, ref }, resolve, reject };
      questions.set(ref, question);
      send(question.message);
    });
  }

  function adopt(next) {
    token = next;
    proposed = null;
    told.token(next);
  }

  const ply = () => (state ? state.ply : 0);

  connect();

  return {
    kind: 'online',
    botsHere: false,
    sharedDevice: false,
    /** Listen to the table: its states, its connection, its presence, its
     * chat, a new token, a fatal refusal. Returns what stops listening.
     * @param {TableListener} listener @returns {() => void} */
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Resolves with the first state (the welcome). */
    ready: first,
    get state() {
      return state;
    },
    get connection() {
      return connection;
    },
    get seat() {
      return state ? state.seat : null;
    },
    /** The chat messages received, oldest first. */
    get chat() {
      return chat;
    },
    snapshot: async () => state.snapshot,
    play: (seat, move) => request({ type: 'move', ply: ply(), move }),
    undo: () => request({ type: 'undo', ply: ply() }),
    join: (name) => request({ type: 'join', name }),
    rematch: () => request({ type: 'rematch', number: state ? state.table.number : 1, ply: ply() }),
    /** The creator starts a waiting table, bots of `level` in its free seats. */
    start: (level) => request({ type: 'start', level }),
    /** Say a ready phrase ({phrase}) or free text ({text}) at the table. */
    say: (words) => ask({ type: 'chat', ...words }, 'ack'),
    /** Stop (or start again) receiving `seat`'s chat; resolves with the seats muted. */
    mute: (seat, muted) => ask({ type: 'mute', seat, muted }, 'ack').then((answer) => answer.mutes),
    /** The whole record of a finished game of this table (the current one
     * by default): {number, record}; refused before its end. */
    record: (number) => ask({ type: 'record', ...(number === undefined ? {} : { number }) }, 'record').then((answer) => answer.record),
    /** Replace this seat's token by a new one (a link shared too widely):
     * every other device of the seat is let go. Resolves with the new token. */
    async newToken() {
      // The server makes the token and offers it; the seat changes hands
      // only once this page takes it, so no answer lost costs the seat.
      for (let attempt = 0; ; attempt += 1) {
        if (!proposed) proposed = (await ask({ type: 'new_token' }, 'token_offer')).token;
        const next = proposed;
        try {
          await ask({ type: 'new_token', token: next }, 'token');
        } catch (error) {
          // Offered by a server that has restarted since: ask again, once.
          if (error && error.key === 'error.no_offer' && attempt === 0) {
            proposed = null;
            continue;
          }
          throw error;
        }
        if (token !== next) adopt(next);
        return next;
      }
    },
    sync() {
      send({ type: 'sync' });
    },
    /** The network is back (the browser says so): try now. */
    online() {
      if (closed || socket) return;
      clearTimer(timer);
      attempts = 0;
      connect();
    },
    /** The network is gone: stop trying until it comes back. */
    offline() {
      if (closed) return;
      clearTimer(timer);
      timer = null;
      if (socket) {
        const gone = socket;
        socket = null;
        gone.onclose = null;
        gone.close();
      }
      clearTimer(openTimer);
      setConnection('offline');
    },
    close() {
      closed = true;
      for (const question of questions.values()) question.reject({ key: 'error.no_table', message: 'the table is closed', params: {} });
      questions.clear();
      clearTimer(timer);
      clearTimer(openTimer);
      if (socket) {
        const gone = socket;
        socket = null;
        gone.onclose = null;
        gone.close();
      }
    },
  };
}
