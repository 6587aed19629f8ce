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

/**
 * The stored snapshot for `key`: null when none is stored, else
 * `{bytes, complete}`: `bytes` has the snapshot's length and is filled as the
 * entry is read, so Pyodide can start meanwhile; `complete` resolves once it
 * is full, and rejects when the entry is shorter or longer (a truncated
 * entry must never restore half a heap). Throws when the stored snapshot was
 * made from other files. `key` may be a promise of the key.
 */
export async function openSnapshot(key) {
  if (!canStore()) return null;
  const cache = await caches.open(CACHE_NAME);
  const response = await cache.match(ENTRY_URL);
  if (!response) return null;
  key = await key; // the key may still be on its way (a promise)
  const storedKey = response.headers.get(KEY_HEADER);
  if (storedKey !== key) throw new Error(`snapshot of other files (key ${storedKey}, expected ${key})`);
  const size = Number(response.headers.get(SIZE_HEADER));
  if (!Number.isSafeInteger(size) || size <= 0 || size > MAX_SIZE) throw new Error(`snapshot of size ${size}`);
  const bytes = new Uint8Array(size);
  const complete = fill(bytes, response.body);
  complete.catch(() => {}); // reported where it is awaited
  return { bytes, complete };
}

// A wasm32 heap cannot exceed 4 GiB; a size beyond this is a damaged entry.
const MAX_SIZE = 2 ** 31;

async function fill(target, stream) {
  const reader = stream.getReader();
  let offset = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (offset + value.length > target.length) throw new Error(`snapshot longer than ${target.length} bytes`);
    target.set(value, offset);
    offset += value.length;
  }
  if (offset !== target.length) throw new Error(`snapshot of ${offset} bytes, expected ${target.length}`);
}

/**
 * Store `bytes` as the snapshot for `key`. Uncompressed: gzip would shrink
 * its 31 MB to 5.6 MB but cost 0.75 s to write and 0.13 s to read back,
 * against 0.12 s and 0.04 s as it is (measured in Chromium here).
 */
export async function writeSnapshot(key, bytes) {
  if (!canStore()) return;
  const response = new Response(bytes, {
    headers: { 'Content-Type': 'application/octet-stream', [KEY_HEADER]: key, [SIZE_HEADER]: String(bytes.length) },
  });
  const cache = await caches.open(CACHE_NAME);
  await cache.put(ENTRY_URL, response);
}

/** Delete the stored snapshot, if any. Never fails. */
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
 * being filled. And it grows the wasm memory to the snapshot's heap before
 * Pyodide copies the heap into it: the memory as first allocated is 30 MiB,
 * and a larger heap would not fit (a RangeError, pyodide#6254).
 * `snapshot` is what openSnapshot returns: `{bytes, complete}`.
 */
export function snapshotModuleFactory(createPyodideModule, snapshot) {
  return async (settings) => {
    const [module] = await Promise.all([createPyodideModule(settings), snapshot.complete]);
    const heapSize = snapshotHeapSize(snapshot.bytes);
    if (module.HEAP8.length < heapSize) module.growMemory(heapSize);
    if (module.HEAP8.length < heapSize) throw new RangeError(`cannot grow the wasm memory to ${heapSize} bytes`);
    return module;
  };
}

// A snapshot is a header, whose length is its second 32-bit word, then the heap.
function snapshotHeapSize(bytes) {
  return bytes.length - new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
}
