// @ts-check
// The memory snapshot of a booted engine (Pyodide with the rules imported):
// where the worker keeps it, and how Pyodide is made to restore it. No
// browser-only API is touched at import, so Node can test it too.
//
// The snapshot lives in the Cache API under a name of its own: the service
// worker deletes every `archipel-*` cache of an older build when a new one
// activates, and a snapshot must not depend on that. It is one entry per site
// (its URL is under the site's root, so sites sharing an origin under
// different sub-paths never meet). A new build does not delete it either:
// its key no longer matches, so the worker discards and replaces it.

export const CACHE_NAME = 'archipel.snapshot';
export const ENTRY_URL = new URL('../engine.snapshot', import.meta.url).href;

// The key of the files the snapshot was made from (build.json's
// `snapshot_key`), and the snapshot's length.
const KEY_HEADER = 'X-Snapshot-Key';
const SIZE_HEADER = 'X-Snapshot-Size';

/** True where the Cache API exists (secure contexts: https, localhost). */
export function canStore() {
  return typeof caches !== 'undefined';
}

// A snapshot is the whole wasm heap, and half of it is pages never written
// to, all zeros: they are left out. The stored entry is a map of the heap's
// 4 KiB pages (one bit per page, set when the page is stored, lowest bit
// first), then the stored pages in order. This halves what a first visit
// writes and a return visit reads (31 MB → 15 MB), for a scan of the heap
// (~30 ms) when it is stored; a restore reads into an array of the heap's
// length, whose other pages stay zero.
export const PAGE_SIZE = 4096;

// A wasm32 heap cannot exceed 4 GiB; a size beyond this is a damaged entry.
const MAX_SIZE = 2 ** 31;

/**
 * A stored snapshot being read (openSnapshot).
 * @typedef {object} StoredSnapshot
 * @property {Uint8Array} bytes        the snapshot's length, filled as the entry is read
 * @property {Promise<void>} checked   resolves once its key is known to be the one wanted
 * @property {Promise<unknown>} complete   resolves once `bytes` is full and checked
 * @property {() => void} cancel       stop the reading
 */

/** Why a reading stops, once it must (null: it goes on).
 * @typedef {{reason: Error | null}} Stop */

/** The part of Pyodide's Emscripten module read here: its heap, and how it grows.
 * @typedef {{HEAP8: Int8Array, growMemory: (bytes: number) => void}} WasmModule */

/** What Emscripten makes a module with (Pyodide's settings and hooks; the
 * worker sets `instantiateWasm`).
 * @typedef {{instantiateWasm?: (imports: WebAssembly.Imports, receive: (...made: unknown[]) => void) => unknown, [setting: string]: unknown}} ModuleSettings */

/** Pyodide's module factory (pyodide.asm.mjs's default export).
 * @typedef {(settings: ModuleSettings) => Promise<WasmModule>} ModuleFactory */

/** The length of the map of a heap of `size` bytes. @param {number} size @returns {number} */
function mapLength(size) {
  return Math.ceil(Math.ceil(size / PAGE_SIZE) / 8);
}

/**
 * The stored snapshot for `key`: null when none is stored, else
 * `{bytes, checked, complete, cancel}`. `bytes` has the snapshot's length and is
 * filled as the entry is read, so that Pyodide can start meanwhile;
 * `checked` resolves once the stored key is known to be `key` (which may be
 * a promise: the manifest may still be on its way while the entry is
 * read), and rejects when the snapshot was made from other files;
 * `complete` resolves once `bytes` is full and checked, and rejects when the
 * entry is shorter or longer than its map says (a truncated entry must never
 * restore half a heap) or of another key. `cancel()` stops the reading.
 * @param {string | Promise<string>} key @returns {Promise<StoredSnapshot | null>}
 */
export async function openSnapshot(key) {
  if (!canStore()) return null;
  const cache = await caches.open(CACHE_NAME);
  const response = await cache.match(ENTRY_URL);
  if (!response) return null;
  const size = Number(response.headers.get(SIZE_HEADER));
  if (!Number.isSafeInteger(size) || size <= 0 || size > MAX_SIZE) throw new Error(`snapshot of size ${size}`);
  const storedKey = response.headers.get(KEY_HEADER);
  const bytes = new Uint8Array(size);
  /** @type {Stop} */
  const stop = { reason: null };
  const checked = Promise.resolve(key).then((expected) => {
    if (storedKey !== expected) {
      stop.reason = new Error(`snapshot of other files (key ${storedKey}, expected ${expected})`);
      throw stop.reason;
    }
  });
  const complete = Promise.all([checked, unpackSnapshot(bytes, /** @type {ReadableStream<Uint8Array>} */ (response.body), stop)]);
  checked.catch(() => {}); // reported where they are awaited
  complete.catch(() => {});
  const cancel = () => {
    stop.reason ??= new Error('snapshot not wanted');
  };
  return { bytes, checked, complete, cancel };
}

/**
 * Fill `target` (zeros, the snapshot's length) from `stream`, an entry as
 * packSnapshot writes it. Stops reading (and rejects with `stop.reason`) as
 * soon as `stop.reason` is set.
 * @param {Uint8Array} target @param {ReadableStream<Uint8Array>} stream @param {Stop} [stop] @returns {Promise<void>}
 */
export async function unpackSnapshot(target, stream, stop = { reason: null }) {
  const reader = stream.getReader();
  const pages = Math.ceil(target.length / PAGE_SIZE);
  const map = new Uint8Array(mapLength(target.length));
  let mapFilled = 0;
  let page = -1; // the stored page being read, once the map is in
  let at = 0; // where the next byte goes
  let pageEnd = 0;
  const nextPage = () => {
    do page += 1;
    while (page < pages && !(map[page >> 3] & (1 << (page & 7))));
    at = page * PAGE_SIZE;
    pageEnd = Math.min(at + PAGE_SIZE, target.length);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (stop.reason) {
      reader.cancel().catch(() => {});
      throw stop.reason;
    }
    if (done) break;
    let offset = 0;
    if (mapFilled < map.length) {
      offset = Math.min(map.length - mapFilled, value.length);
      map.set(value.subarray(0, offset), mapFilled);
      mapFilled += offset;
      if (mapFilled === map.length) nextPage();
    }
    while (offset < value.length) {
      if (page >= pages) throw new Error('snapshot longer than its map says');
      const length = Math.min(pageEnd - at, value.length - offset);
      target.set(value.subarray(offset, offset + length), at);
      at += length;
      offset += length;
      if (at === pageEnd) nextPage();
    }
  }
  if (mapFilled < map.length || page < pages) throw new Error('snapshot shorter than its map says');
}

/** True when bytes[start, end) are all zero (`words`: the same memory as 32-bit words).
 * @param {Uint8Array} bytes @param {Uint32Array} words @param {number} start @param {number} end @returns {boolean} */
function isZero(bytes, words, start, end) {
  const wordEnd = end >> 2;
  for (let i = start >> 2; i < wordEnd; i++) if (words[i] !== 0) return false;
  for (let i = wordEnd << 2; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** The entry for `bytes`: the map of its pages, then its pages that are not all zeros.
 * @param {Uint8Array<ArrayBuffer>} bytes @returns {Blob} */
export function packSnapshot(bytes) {
  if (bytes.byteOffset % 4 !== 0) bytes = bytes.slice();
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const map = new Uint8Array(mapLength(bytes.length));
  const parts = [map];
  /** @type {[number, number] | null} */
  let run = null; // [start, end) of the stored pages in a row, one part
  for (let start = 0, page = 0; start < bytes.length; start += PAGE_SIZE, page++) {
    const end = Math.min(start + PAGE_SIZE, bytes.length);
    if (isZero(bytes, words, start, end)) continue;
    map[page >> 3] |= 1 << (page & 7);
    if (run && run[1] === start) run[1] = end;
    else {
      if (run) parts.push(bytes.subarray(run[0], run[1]));
      run = [start, end];
    }
  }
  if (run) parts.push(bytes.subarray(run[0], run[1]));
  return new Blob(parts);
}

/**
 * Store `bytes` as the snapshot for `key`, without its zero pages. Not
 * compressed: gzip would shrink the 31 MB to 5.6 MB but cost 0.75 s to
 * write and 0.13 s to read back, against 0.12 s and 0.04 s for the whole
 * heap as it is (measured in Chromium here); leaving the zero pages out
 * halves both.
 * @param {string} key @param {Uint8Array<ArrayBuffer>} bytes @returns {Promise<void>}
 */
export async function writeSnapshot(key, bytes) {
  if (!canStore()) return;
  const response = new Response(packSnapshot(bytes), {
    headers: { 'Content-Type': 'application/octet-stream', [KEY_HEADER]: key, [SIZE_HEADER]: String(bytes.length) },
  });
  const cache = await caches.open(CACHE_NAME);
  await cache.put(ENTRY_URL, response);
}

/** Delete the stored snapshot, if any. Never fails. @returns {Promise<void>} */
export async function forgetSnapshot() {
  try {
    if (canStore()) await (await caches.open(CACHE_NAME)).delete(ENTRY_URL);
  } catch {
    /* nothing stored, or storage unavailable */
  }
}

/**
 * Pyodide's own module factory (the default export of pyodide.asm.mjs),
 * changed in two ways for a restore. It returns only once the snapshot has
 * been read in full: Pyodide wants the snapshot before it creates the module,
 * so it gets the array at once and the module is created while the array is
 * being filled (once the snapshot's key is known to be right: no module is
 * made for a snapshot that will not be restored). And it grows the wasm
 * memory to the snapshot's heap before Pyodide copies the heap into it: the
 * memory as first allocated is 30 MiB, and a larger heap would not fit (a
 * RangeError, pyodide#6254).
 * `snapshot` is what openSnapshot returns: `{bytes, checked, complete}`.
 * @param {ModuleFactory} createPyodideModule @param {StoredSnapshot} snapshot @returns {ModuleFactory}
 */
export function snapshotModuleFactory(createPyodideModule, snapshot) {
  return async (settings) => {
    await snapshot.checked;
    const [module] = await Promise.all([createPyodideModule(settings), snapshot.complete]);
    const heapSize = snapshotHeapSize(snapshot.bytes);
    if (module.HEAP8.length < heapSize) module.growMemory(heapSize);
    if (module.HEAP8.length < heapSize) throw new RangeError(`cannot grow the wasm memory to ${heapSize} bytes`);
    return module;
  };
}

// A snapshot is a header, whose length is its second 32-bit word, then the heap.
/** @param {Uint8Array} bytes @returns {number} */
function snapshotHeapSize(bytes) {
  return bytes.length - new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
}
