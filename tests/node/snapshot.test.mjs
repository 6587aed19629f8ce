// Memory snapshots of the engine under the pinned Pyodide, as the worker
// makes and restores them (web/js/worker.js, web/js/snapshot.js), in Node.
//
// Needs dist/ (python3 build.py) and node_modules (npm ci).

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { loadPyodide } from 'pyodide';
import { snapshotModuleFactory, packSnapshot, unpackSnapshot, PAGE_SIZE } from '../../web/js/snapshot.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.join(ROOT, 'dist');
const STDLIB = path.join(DIST, 'pyodide', 'python_stdlib.zip');
const ASM = pathToFileURL(path.join(ROOT, 'node_modules', 'pyodide', 'pyodide.asm.mjs')).href;

const IMPORT_ENGINE = `
import importlib, pkgutil, pygame_core
len([importlib.import_module(module.name)
     for module in pkgutil.walk_packages(pygame_core.__path__, 'pygame_core.')
     if not module.name.endswith('.__main__')])
`;

let manifest;
let wheel;
let createPyodideModule;

function options(extra) {
  return { lockFileContents: { info: manifest.lock_info, packages: {} }, stdLibURL: STDLIB, ...extra };
}

function installWheel(pyodide) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(wheel, 'wheel', { extractDir: sitePackages });
}

// A fresh engine with snapshotting on, as a first visit boots it; `ballast`
// MB kept alive make the heap larger than the memory Pyodide starts with.
async function snapshotOfEngine(ballastMB) {
  const pyodide = await loadPyodide(options({ _makeSnapshot: true }));
  installWheel(pyodide);
  assert.ok(pyodide.runPython(IMPORT_ENGINE) >= 5);
  pyodide.runPython(`ballast = bytearray(${ballastMB} << 20)`);
  return { bytes: pyodide.makeMemorySnapshot(), heap: pyodide._module.HEAP8.length };
}

function restoreWith(bytes, factory) {
  return loadPyodide(options({ _loadSnapshot: bytes, createPyodideModule: factory }));
}

before(async () => {
  manifest = JSON.parse(readFileSync(path.join(DIST, 'build.json'), 'utf8'));
  wheel = new Uint8Array(readFileSync(path.join(DIST, manifest.wheel)));
  createPyodideModule = (await import(ASM)).default;
});

test('a snapshot with a heap beyond 30 MiB restores once the memory is grown first', async () => {
  const { bytes, heap } = await snapshotOfEngine(16);
  assert.ok(heap > 30 * 2 ** 20, `heap of ${heap} bytes`);

  // Pyodide alone copies the heap into the memory it starts with: too small.
  await assert.rejects(restoreWith(bytes, createPyodideModule), RangeError);

  const snapshot = { bytes, checked: Promise.resolve(), complete: Promise.resolve() };
  const pyodide = await restoreWith(bytes, snapshotModuleFactory(createPyodideModule, snapshot));
  installWheel(pyodide); // files are not part of a snapshot
  const answer = JSON.parse(pyodide.runPython(`
import json, pygame_core.api
pygame_core.api.handle(json.dumps({"cmd": "new", "args": {"game": "kahuna", "players": 2, "seats": ["h", "bot0"], "seed": 3}}))
`));
  assert.equal(answer.ok, true, JSON.stringify(answer.error));
  assert.equal(pyodide.runPython('len(ballast) >> 20'), 16);
  // A module the snapshot never imported still loads from the standard library.
  assert.equal(pyodide.runPython('import colorsys; colorsys.__name__'), 'colorsys');
});

test('a restored engine repeats its random numbers until reseeded', async () => {
  const { bytes } = await snapshotOfEngine(0);
  const draw = async (reseed) => {
    const snapshot = { bytes, checked: Promise.resolve(), complete: Promise.resolve() };
    const pyodide = await restoreWith(bytes, snapshotModuleFactory(createPyodideModule, snapshot));
    if (reseed !== null) pyodide.runPython(`import random; random.seed(${reseed})`);
    return pyodide.runPython('import random; random.random()');
  };
  assert.equal(await draw(null), await draw(null));
  assert.notEqual(await draw(1), await draw(2));
});

test('a snapshot of another Pyodide build does not restore', async () => {
  const { bytes } = await snapshotOfEngine(0);
  const damaged = bytes.slice();
  damaged[20] ^= 0xff; // inside the build id that follows the magic number
  const snapshot = { bytes: damaged, checked: Promise.resolve(), complete: Promise.resolve() };
  await assert.rejects(restoreWith(damaged, snapshotModuleFactory(createPyodideModule, snapshot)), /build id/);
});

// The stored entry (snapshot.js, packSnapshot) leaves the heap's zero pages out.

/** `blob`'s bytes as a stream of chunks of `size` bytes. */
async function chunked(blob, size) {
  const data = new Uint8Array(await blob.arrayBuffer());
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= data.length) return controller.close();
      controller.enqueue(data.slice(at, at + size));
      at += size;
    },
  });
}

async function unpacked(blob, length, size = 65536) {
  const target = new Uint8Array(length);
  await unpackSnapshot(target, await chunked(blob, size));
  return target;
}

test('an engine snapshot is stored without its zero pages and read back whole', async () => {
  const { bytes } = await snapshotOfEngine(0);
  const packed = packSnapshot(bytes);
  // Half of the heap is pages never written to.
  assert.ok(packed.size < bytes.length * 0.7, `${packed.size} of ${bytes.length} bytes stored`);
  assert.ok(Buffer.from(await unpacked(packed, bytes.length)).equals(Buffer.from(bytes)));
});

test('an entry comes back whole in pieces of any size; a truncated or padded one is refused', async () => {
  // Stored pages first, in the middle and last (a partial page), zero ones between.
  const bytes = new Uint8Array(6 * PAGE_SIZE + 100);
  bytes[0] = 1;
  bytes[2 * PAGE_SIZE + 17] = 2;
  bytes[3 * PAGE_SIZE] = 3; // next to the one before: one run of two pages
  bytes[6 * PAGE_SIZE + 99] = 4;
  const packed = packSnapshot(bytes);
  assert.equal(packed.size, 1 + 3 * PAGE_SIZE + 100); // the map, three whole pages, the partial one
  for (const size of [1, 7, 1000, PAGE_SIZE, 1 << 20]) {
    assert.deepEqual(await unpacked(packed, bytes.length, size), bytes, `pieces of ${size} bytes`);
  }
  const whole = new Uint8Array(await packed.arrayBuffer());
  await assert.rejects(unpacked(new Blob([whole.subarray(0, whole.length - 1)]), bytes.length), /shorter/);
  await assert.rejects(unpacked(new Blob([whole, new Uint8Array(1)]), bytes.length), /longer/);
  // A heap of zeros is its map alone.
  assert.equal(packSnapshot(new Uint8Array(3 * PAGE_SIZE)).size, 1);
});

test('reading stops as soon as the snapshot is known to be of other files', async () => {
  const bytes = new Uint8Array(4 * PAGE_SIZE).fill(5);
  const stop = { reason: new Error('snapshot of other files') };
  await assert.rejects(unpackSnapshot(new Uint8Array(bytes.length), await chunked(packSnapshot(bytes), 100), stop),
    /other files/);
});
