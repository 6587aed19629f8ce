// @ts-check
// The bridge to the Python worker. index.html creates the worker in an inline
// script, before anything else is fetched, and this module takes it over with
// the messages it sent meanwhile; a page without that script (a test page)
// gets a worker created here. It imports only the browser's storage (the
// player's "fast start" setting), so that nothing delays it.

import { snapshotsAllowed, saveSnapshotsAllowed } from './store.js';

const { worker, early } = takeWorker();

function takeWorker() {
  // index.html's inline script leaves its worker here for this module.
  const page = /** @type {any} */ (window);
  const started = page.archipelWorker;
  delete page.archipelWorker;
  if (started) return started;
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  // The worker waits for this before it chooses how to boot (docs/protocol.md, 4).
  // index.html's inline script sends the same setting (same storage key).
  worker.postMessage({ type: 'config', snapshots: snapshotsAllowed() });
  return { worker, early: [] };
}

let nextId = 1;
const pending = new Map();
const progressListeners = new Set();
let lastProgress = null;
let resolveReady;
let rejectReady;
let isReady = false;
let buildHash = null;

/** Resolves when Python answers; rejects if the worker cannot start. */
export const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(() => {}); // a failed boot is reported where it is awaited

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

function onError(event) {
  const error = { key: 'error.boot', message: event.message || 'worker error', params: {} };
  if (!isReady) rejectReady(error);
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

worker.onmessage = worker.onerror = null;
worker.addEventListener('message', onMessage);
worker.addEventListener('error', onError);
for (const event of early) (event.type === 'error' ? onError : onMessage)(event);

function normaliseError(error) {
  if (error && typeof error === 'object') {
    return { key: error.key || 'error.internal', message: error.message || '', params: error.params || {} };
  }
  return { key: 'error.internal', message: String(error ?? ''), params: {} };
}

export function booted() {
  return isReady;
}

/** The build the engine runs (build.json's hash), once it is ready. */
export function build() {
  return buildHash;
}

/** Listen to boot progress; the latest value is replayed at once. */
export function onProgress(listener) {
  progressListeners.add(listener);
  if (lastProgress) listener(lastProgress);
  return () => progressListeners.delete(listener);
}

/** Send a facade command; resolves with `data`, rejects with {key, message, params}. */
export function call(cmd, args = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    try {
      worker.postMessage({ id, cmd, args });
    } catch (error) {
      // Arguments the browser cannot pass on (nested too deeply, say).
      reject({ key: 'error.bad_request', message: String((error && error.message) || error), params: {} });
      return;
    }
    pending.set(id, { resolve, reject });
  });
}

/** Takes effect at the next visit; turning it off also deletes the stored snapshot. */
export function setSnapshotsAllowed(allowed) {
  saveSnapshotsAllowed(allowed);
  worker.postMessage({ type: 'config', snapshots: allowed });
}
