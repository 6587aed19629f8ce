// @ts-check
// The bridge to the Python worker. index.html creates the worker in an inline
// script, before anything else is fetched, and this module takes it over with
// the messages it sent meanwhile. A page opened on an online table's link
// plays without Python (the table server plays the rules): index.html starts
// no worker then, and this module starts one only when the page needs it
// (`start`, or the first `call`). It imports only the browser's storage (the
// player's "fast start" setting), so that nothing delays it.

import { snapshotsAllowed, saveSnapshotsAllowed } from './store.js';

/** The engine's boot as the worker reports it (docs/protocol.md, section 4).
 * @typedef {{step: string, fraction: number}} Progress */

/** @typedef {import('./state.js').PageError} PageError */

/** The worker, once started (by index.html, or here). @type {Worker | null} */
let worker = null;

/** Start the engine, if it is not yet: the worker index.html started is
 * taken over with the events it received meanwhile; else one starts here.
 * Returns `ready`.
 * @returns {Promise<void>} */
export function start() {
  if (worker) return ready;
  // index.html's inline script leaves its worker here for this module.
  const page = /** @type {any} */ (window);
  const taken = page.archipelWorker;
  delete page.archipelWorker;
  /** @type {(MessageEvent | ErrorEvent)[]} */
  let early = [];
  if (taken) {
    worker = /** @type {Worker} */ (taken.worker);
    early = taken.early;
    worker.onmessage = worker.onerror = null;
  } else {
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    // The worker waits for this before it chooses how to boot (docs/protocol.md, 4).
    // index.html's inline script sends the same setting (same storage key).
    worker.postMessage({ type: 'config', snapshots: snapshotsAllowed() });
  }
  worker.addEventListener('message', onMessage);
  worker.addEventListener('error', onError);
  // Each handler reads only its own kind of event.
  for (const event of early) (event.type === 'error' ? onError : onMessage)(/** @type {MessageEvent & ErrorEvent} */ (event));
  return ready;
}

let nextId = 1;
/** The requests sent, by id, until the worker answers them.
 * @type {Map<number, {resolve: (data: any) => void, reject: (error: PageError) => void}>} */
const pending = new Map();
/** @type {Set<(progress: Progress) => void>} */
const progressListeners = new Set();
/** @type {Progress | null} */
let lastProgress = null;
/** @type {() => void} */
let resolveReady;
/** @type {(error: PageError) => void} */
let rejectReady;
let isReady = false;
/** @type {string | null} */
let buildHash = null;

/** Resolves when Python answers; rejects if the worker cannot start.
 * @type {Promise<void>} */
export const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(() => {}); // a failed boot is reported where it is awaited

// The worker index.html started (every page but an online table's) is
// taken over at once, its messages with it.
if (/** @type {any} */ (window).archipelWorker) start();

/** @param {MessageEvent} event */
function onMessage(event) {
  const message = event.data || {};
  if (message.type === 'progress') {
    lastProgress = { step: message.step, fraction: Number(message.fraction) || 0 };
    for (const listener of progressListeners) listener(lastProgress);
    return;
  }
  if (message.type === 'ready') {
    isReady = true;
    buildHash = message.build || null;
    // How the engine started (from a snapshot or not) and the build it runs,
    // for the tests.
    document.documentElement.dataset.boot = message.boot || '';
    document.documentElement.dataset.build = buildHash || '';
    resolveReady();
    return;
  }
  if (message.type === 'fatal') {
    rejectReady({ key: message.key || 'error.boot', message: String(message.message || ''), params: message.params || {} });
    return;
  }
  if (message.type === 'violation') {
    // Something the site's Content-Security-Policy blocked in the engine.
    console.error(message.message);
    return;
  }
  const waiting = pending.get(message.id);
  if (!waiting) return;
  pending.delete(message.id);
  if (message.ok) waiting.resolve(message.data);
  else waiting.reject(normaliseError(message.error));
}

/** @param {ErrorEvent} event */
function onError(event) {
  const error = { key: 'error.boot', message: event.message || 'worker error', params: {} };
  if (!isReady) rejectReady(error);
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

/** An error as the page shows it, from whatever the worker sent (any: the
 * engine's error object, or anything else).
 * @param {any} error @returns {PageError} */
function normaliseError(error) {
  if (error && typeof error === 'object') {
    return { key: error.key || 'error.internal', message: error.message || '', params: error.params || {} };
  }
  return { key: 'error.internal', message: String(error ?? ''), params: {} };
}

/** Whether the engine has answered. @returns {boolean} */
export function booted() {
  return isReady;
}

/** The build the engine runs (build.json's hash), once it is ready.
 * @returns {string | null} */
export function build() {
  return buildHash;
}

/** Listen to boot progress; the latest value is replayed at once.
 * Returns what stops listening.
 * @param {(progress: Progress) => void} listener @returns {() => boolean} */
export function onProgress(listener) {
  progressListeners.add(listener);
  if (lastProgress) listener(lastProgress);
  return () => progressListeners.delete(listener);
}

/** Send a facade command; resolves with `data`, rejects with {key, message, params}.
 * `data` is each command's own (docs/protocol.md, section 3): any here.
 * @param {string} cmd @param {object} [args] @returns {Promise<any>} */
export function call(cmd, args = {}) {
  const id = nextId++;
  start();
  const engine = /** @type {Worker} */ (worker);
  return new Promise((resolve, reject) => {
    try {
      engine.postMessage({ id, cmd, args });
    } catch (error) {
      // Arguments the browser cannot pass on (nested too deeply, say).
      reject({ key: 'error.bad_request', message: String((error && /** @type {Error} */ (error).message) || error), params: {} });
      return;
    }
    pending.set(id, { resolve, reject });
  });
}

/** Takes effect at the next visit; turning it off also deletes the stored snapshot.
 * @param {boolean} allowed @returns {void} */
export function setSnapshotsAllowed(allowed) {
  saveSnapshotsAllowed(allowed);
  // A worker not started yet reads the setting when it starts.
  if (worker) worker.postMessage({ type: 'config', snapshots: allowed });
}

// -- the review's helper engines ------------------------------------------------------

/** Another engine, in a worker of its own, for the analysis of a review:
 * it boots as the page's does (from the stored snapshot when there is one,
 * never saving one), then answers `call`s as `call` does; `close` ends it.
 * @returns {{ready: Promise<void>, call: (cmd: string, args?: object) => Promise<any>, close: () => void}} */
export function startHelper() {
  const helper = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  helper.postMessage({ type: 'config', snapshots: snapshotsAllowed(), helper: true });
  /** @type {Map<number, {resolve: (data: any) => void, reject: (error: PageError) => void}>} */
  const waiting = new Map();
  let next = 1;
  let closed = false;
  /** @type {(value?: any) => void} */
  let booted = () => {};
  /** @type {(error: PageError) => void} */
  let failed = () => {};
  /** @type {Promise<void>} */
  const helperReady = new Promise((resolve, reject) => {
    booted = resolve;
    failed = reject;
  });
  helperReady.catch(() => {});
  /** @param {PageError} error */
  const fail = (error) => {
    failed(error);
    for (const each of waiting.values()) each.reject(error);
    waiting.clear();
  };
  helper.onmessage = (event) => {
    const message = event.data || {};
    if (message.type === 'ready') booted();
    else if (message.type === 'fatal') fail({ key: message.key || 'error.boot', message: String(message.message || ''), params: message.params || {} });
    else if (message.id !== undefined && waiting.has(message.id)) {
      const each = /** @type {{resolve: (data: any) => void, reject: (error: PageError) => void}} */ (waiting.get(message.id));
      waiting.delete(message.id);
      if (message.ok) each.resolve(message.data);
      else each.reject(normaliseError(message.error));
    }
  };
  helper.onerror = (event) => fail({ key: 'error.boot', message: event.message || 'worker error', params: {} });
  return {
    ready: helperReady,
    call(cmd, args = {}) {
      if (closed) return Promise.reject({ key: 'error.internal', message: 'this engine is closed', params: {} });
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        helper.postMessage({ id, cmd, args });
      });
    },
    close() {
      closed = true;
      helper.terminate();
      fail({ key: 'error.internal', message: 'this engine is closed', params: {} });
    },
  };
}
