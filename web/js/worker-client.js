// The bridge to the Python worker. The worker is created when this module is
// first evaluated (the first import of app.js), so that Pyodide starts
// booting before anything else of the page runs.

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

let nextId = 1;
const pending = new Map();
const progressListeners = new Set();
let lastProgress = null;
let resolveReady;
let rejectReady;
let isReady = false;

/** Resolves when Python answers; rejects if the worker cannot start. */
export const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(() => {}); // a failed boot is reported where it is awaited

worker.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'progress') {
    lastProgress = { step: message.step, fraction: Number(message.fraction) || 0 };
    for (const listener of progressListeners) listener(lastProgress);
    return;
  }
  if (message.type === 'ready') {
    isReady = true;
    resolveReady();
    return;
  }
  if (message.type === 'fatal') {
    rejectReady({ key: 'error.boot', message: String(message.message || ''), params: {} });
    return;
  }
  const waiting = pending.get(message.id);
  if (!waiting) return;
  pending.delete(message.id);
  if (message.ok) waiting.resolve(message.data);
  else waiting.reject(normaliseError(message.error));
});

worker.addEventListener('error', (event) => {
  const error = { key: 'error.boot', message: event.message || 'worker error', params: {} };
  if (!isReady) rejectReady(error);
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
});

function normaliseError(error) {
  if (error && typeof error === 'object') {
    return { key: error.key || 'error.internal', message: error.message || '', params: error.params || {} };
  }
  return { key: 'error.internal', message: String(error ?? ''), params: {} };
}

export function booted() {
  return isReady;
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
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, cmd, args });
  });
}
