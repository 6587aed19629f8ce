// @ts-check
// The rules engine: Pyodide and the `pygame_core` wheel, in a module worker so
// that neither the boot nor a thinking bot ever freezes the page.
//
// Protocol (docs/protocol.md, section 4):
//   page → worker   {type: 'config', snapshots, helper} first, then {id, cmd, args}
//                   (`helper`: one of the review's extra engines, which may boot
//                   from the stored snapshot but never saves one)
//   worker → page   {id, ok: true, data} | {id, ok: false, error: {key, message}}
//   while booting   {type: 'progress', step, fraction}, then
//                   {type: 'ready', boot, stdlib, timings, …} or {type: 'fatal', key, message}
//   after the boot  {type: 'violation', message} when the site's policy blocks something
//
// Two ways to boot. A fresh boot starts Pyodide, installs the wheel and
// imports the whole engine. A snapshot boot restores the memory of such an
// engine, saved by an earlier visit, which skips nearly all of that. The
// snapshot is only a cache: at any doubt about it, it is deleted, the worker
// boots fresh (and saves a new one), and the player never hears of it.
//
// Every URL is resolved against this file's own URL (web/js/worker.js in the
// built site), so the site works under any sub-path such as /archipel/.

/** @typedef {import('./snapshot.js').StoredSnapshot} StoredSnapshot */
/** @typedef {import('./snapshot.js').ModuleFactory} ModuleFactory */
/** @typedef {import('./snapshot.js').ModuleSettings} ModuleSettings */

/**
 * build.json, as build.py writes it (docs/protocol.md, section 4): the part
 * the worker reads.
 * @typedef {object} Manifest
 * @property {string} hash
 * @property {string} version         of pygame_core
 * @property {string} wheel           its file, under the site
 * @property {object} lock_info       Pyodide's lock-file header
 * @property {string} snapshot_key    the key of the files a snapshot is made from
 */

/** @typedef {import('./worker-requests.js').Pyodide} Pyodide */
/** @typedef {import('./worker-requests.js').Engine} Engine */

/** Pyodide's loadPyodide (pyodide.mjs). @typedef {(options: object) => Promise<Pyodide>} LoadPyodide */

const SITE = new URL('../', import.meta.url);
const INDEX_URL = new URL('pyodide/', SITE).href;
const started = performance.now();
/** @type {Record<string, number>} */
const timings = {};
// The boot's timeline: when each step ended, in milliseconds since the
// worker was created (the time origin of its resource timings too).
/** @type {Record<string, number>} */
const marks = {};
/** @param {string} name */
function mark(name) {
  if (!(name in marks)) marks[name] = Math.round(performance.now());
}

// The snapshot cache is imported alongside the rest, not before this file
// runs: a static import would hold back every download below by a round trip.
const snapshotCache = import('./snapshot.js');
snapshotCache.catch(() => {}); // a failure is raised where it is awaited
// So is what answers the requests once the engine is booted.
const requestsModule = import('./worker-requests.js');
requestsModule.catch(() => {}); // a failure fails the boot

// The page sends its settings first thing; a page that does not (a test, an
// older page) gets the defaults soon after the worker starts.
const CONFIG_WAIT_MS = 500;
let lastProgress = 0;
/** @param {string} step @param {number} fraction */
function progress(step, fraction) {
  // A snapshot that fails half-way starts a fresh boot: the bar never goes back.
  lastProgress = Math.max(lastProgress, fraction);
  self.postMessage({ type: 'progress', step, fraction: lastProgress });
}

// Measure one boot phase in milliseconds, under `timings[name]`.
/** @template T @param {string} name @param {() => T | Promise<T>} work @returns {Promise<T>} */
async function timed(name, work) {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round(performance.now() - t0);
  }
}

/**
 * @overload
 * @param {URL} url @param {'json'} as @returns {Promise<any>} the JSON, checked by its reader
 */
/**
 * @overload
 * @param {URL} url @param {'bytes'} as @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
/** @param {URL} url @param {'json' | 'bytes'} as @returns {Promise<any>} */
async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return as === 'json' ? response.json() : new Uint8Array(await response.arrayBuffer());
}

// loadPyodide is in the small half of Pyodide's JavaScript (pyodide.mjs),
// and starts the downloads of the wasm and of the standard library at once.
// The large half (pyodide.asm.mjs, 1.3 MB of JavaScript) is needed only to
// create the module: it is imported once loadPyodide has started those
// downloads, which then stream in while it is compiled (on the worker's one
// thread, which would otherwise compile it before anything else).
/** @type {Promise<{loadPyodide: LoadPyodide}>} */
const loaderImport = import(new URL('pyodide.mjs', INDEX_URL).href).then((loader) => {
  mark('loader');
  return loader;
});
loaderImport.catch(() => {}); // a failure is raised where it is awaited
/** @type {Promise<{default: ModuleFactory}> | null} */
let moduleImport = null;
/** @returns {Promise<{default: ModuleFactory}>} */
function importModule() {
  if (!moduleImport) {
    moduleImport = timed('import', () => import(new URL('pyodide.asm.mjs', INDEX_URL).href)).then((module) => {
      mark('module_js');
      return module;
    });
  }
  return moduleImport;
}

// The player's setting; the first value sent chooses how to boot, a later
// one (the player turned it off) stops saving and deletes the snapshot.
let snapshotsWanted = true;
/** @type {(config: {snapshots: boolean, helper?: boolean}) => void} */
let receiveConfig;
/** @type {Promise<{snapshots: boolean, helper?: boolean}>} */
const config = new Promise((resolve) => {
  receiveConfig = resolve;
  setTimeout(() => resolve({ snapshots: true }), CONFIG_WAIT_MS);
});

// -- Python snippets -------------------------------------------------------------

// Import every module of the package, so that a snapshot holds the whole
// engine: the wheel's files are not part of a snapshot, only what Python
// made of them. (`__main__` is the terminal entry point, not a module.)
const IMPORT_ENGINE = `
import importlib, pkgutil, pygame_core
len([importlib.import_module(module.name)
     for module in pkgutil.walk_packages(pygame_core.__path__, 'pygame_core.')
     if not module.name.endswith('.__main__')])
`;

// After a restore: the zip the restored import system remembers must be the
// one on disk now (reading a module not imported yet goes through its table
// of offsets), the game the snapshot may hold is forgotten, and the engine
// must answer.
const CHECK_RESTORED = `
import importlib.util, json, pygame_core.api
importlib.util.find_spec('colorsys').loader.get_code('colorsys')
pygame_core.api.reset()
json.loads(pygame_core.api.handle('{"cmd": "games"}'))['ok'] and pygame_core.__version__
`;

// Whether the standard library was loaded as bytecode (the precompiled zip
// build.py writes) or compiled from sources.
const STDLIB_KIND = `
import json
'pyc' if json.__file__.endswith('.pyc') else 'source'
`;

// -- booting ---------------------------------------------------------------------

// `manifest` is a promise: loadPyodide starts before build.json is in, and
// waits for the lock-file header only once the module is made.
/** @param {Promise<Manifest>} manifest @param {object} extra @returns {object} loadPyodide's options */
function pyodideOptions(manifest, extra) {
  return {
    indexURL: INDEX_URL,
    lockFileContents: manifest.then((m) => ({ info: m.lock_info, packages: {} })),
    packageBaseUrl: INDEX_URL,
    stdout: (/** @type {string} */ line) => console.log(line),
    stderr: (/** @type {string} */ line) => console.warn(line),
    ...extra,
  };
}

// Into site-packages, not the working directory (the default), so the
// import does not depend on the current directory.
/** @param {Pyodide} pyodide @param {Uint8Array} wheel */
function installWheel(pyodide, wheel) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(wheel, 'wheel', { extractDir: sitePackages });
}

/**
 * The wasm (9.6 MB) is fetched and compiled from the boot's first moment,
 * while Pyodide's loader, the page's settings and the stored snapshot come in:
 * loadPyodide would only start it once they are all there. Its response is
 * the one Pyodide's own request for the wasm gets (the compile reads a
 * copy): one download, and no request cut short when Pyodide's is dropped.
 * (Pyodide waits for the early compile anyway: see instantiateCompiled.)
 * @returns {Promise<WebAssembly.Module>}
 */
function compileWasm() {
  const url = new URL('pyodide.asm.wasm', INDEX_URL).href;
  const response = fetch(url);
  const compiled = response.then((answer) => WebAssembly.compileStreaming(answer.clone()));
  compiled.catch(() => {}); // Pyodide then compiles its own copy
  const stock = self.fetch;
  self.fetch = (input, init) => {
    const wanted = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, INDEX_URL).href;
    if (wanted !== url) return stock(input, init);
    self.fetch = stock;
    // Should the early compile fail, Pyodide downloads and compiles its own copy.
    return compiled.then(
      () => response,
      () => {
        response.then((answer) => answer.body?.cancel(), () => {});
        return stock(input, init);
      },
    );
  };
  return compiled;
}

/**
 * Pyodide instantiates the wasm itself, with imports of its own making, from
 * the response to its own request (`WebAssembly.instantiateStreaming`). For
 * that one call, the module compiled early is instantiated instead and
 * Pyodide's response is dropped unread; if the early compile failed, Pyodide
 * compiles its response as it would have.
 * @param {Promise<WebAssembly.Module>} compiled
 */
function instantiateCompiled(compiled) {
  // The global is replaced for one call: typed loosely, as Pyodide calls it.
  const wasm = /** @type {any} */ (WebAssembly);
  const stock = wasm.instantiateStreaming;
  /** @param {Response | PromiseLike<Response>} source @param {WebAssembly.Imports} imports */
  wasm.instantiateStreaming = async (source, imports) => {
    wasm.instantiateStreaming = stock;
    let module;
    try {
      module = await compiled;
    } catch (error) {
      console.warn(`the early wasm compile failed: ${/** @type {Error} */ (error).message || error}`);
      wasmPath = 'pyodide';
      return stock(source, imports);
    }
    Promise.resolve(source).then((response) => response.body?.cancel(), () => {});
    wasmPath = 'early';
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}
// Which compile the engine runs: 'early', or 'pyodide' when the early one
// failed (reported in the `ready` message, for the tests and the benchmark).
/** @type {'early' | 'pyodide' | null} */
let wasmPath = null;

/** Pyodide's module factory (pyodide.asm.mjs's default export) for
 * loadPyodide, which calls it once its downloads are under way: it waits for
 * that file's import, has Pyodide instantiate the wasm `compiled` early, and
 * marks when the wasm is instantiated (through Emscripten's `instantiateWasm`
 * hook, which Pyodide sets) and when the module is made (the C runtime and
 * the interpreter initialised; Pyodide's own Python comes after).
 * @param {Promise<WebAssembly.Module>} compiled @returns {ModuleFactory} */
function pyodideModuleFactory(compiled) {
  return async (settings) => {
    const { default: create } = await importModule();
    const instantiate = settings.instantiateWasm;
    if (instantiate) {
      settings.instantiateWasm = (imports, receive) => {
        instantiateCompiled(compiled);
        return instantiate(imports, (...made) => {
          mark('wasm');
          receive(...made);
        });
      };
    }
    const module = await create(settings);
    mark('module');
    return module;
  };
}

// loadPyodide, timed as `runtime`; Pyodide's large half is imported as soon
// as loadPyodide has started its downloads.
/** @param {LoadPyodide} loadPyodide @param {object} options @returns {Promise<Pyodide>} */
async function startPython(loadPyodide, options) {
  mark('load');
  const loading = timed('runtime', () => loadPyodide(options));
  importModule();
  const pyodide = await loading;
  mark('python');
  return pyodide;
}

/**
 * @param {Promise<Manifest>} manifest @param {LoadPyodide} loadPyodide @param {Promise<WebAssembly.Module>} wasm
 * @param {Promise<Uint8Array>} wheel @param {boolean} makeSnapshot @returns {Promise<Pyodide>}
 */
async function bootFresh(manifest, loadPyodide, wasm, wheel, makeSnapshot) {
  const pyodide = await startPython(
    loadPyodide,
    pyodideOptions(manifest, { createPyodideModule: pyodideModuleFactory(wasm), _makeSnapshot: makeSnapshot }),
  );
  progress('wheel', 0.8);
  await timed('wheel', async () => installWheel(pyodide, await wheel));
  mark('wheel');
  progress('rules', 0.9);
  await timed('rules', () => pyodide.runPython(IMPORT_ENGINE));
  return pyodide;
}

/**
 * @param {Promise<Manifest>} manifest @param {LoadPyodide} loadPyodide @param {Promise<WebAssembly.Module>} wasm
 * @param {StoredSnapshot} snapshot @returns {Promise<Pyodide>}
 */
async function restore(manifest, loadPyodide, wasm, snapshot) {
  const { snapshotModuleFactory } = await snapshotCache;
  snapshot.complete.then(() => mark('snapshot_read'), () => {});
  const pyodide = await startPython(
    loadPyodide,
    pyodideOptions(manifest, {
      _loadSnapshot: snapshot.bytes,
      createPyodideModule: snapshotModuleFactory(pyodideModuleFactory(wasm), snapshot),
    }),
  );
  // The files are not part of the snapshot, but every module of the package
  // is already imported: the wheel goes back in place (for tracebacks and
  // anything read from the package) once the first answer is out.
  progress('rules', 0.9);
  const { version: expected } = await manifest;
  await timed('rules', () => {
    // Restored state repeats itself: reseed Python's generator from the
    // browser's, so that no two visits draw the same numbers.
    const seed = Array.from(crypto.getRandomValues(new Uint32Array(8)), (n) => n.toString(16).padStart(8, '0'));
    pyodide.runPython(`import random; random.seed(0x${seed.join('')})`);
    const version = pyodide.runPython(CHECK_RESTORED);
    if (version !== expected) throw new Error(`restored engine ${version}, expected ${expected}`);
  });
  return pyodide;
}

/** The stored snapshot (`{bytes, checked, complete, cancel}`, being read),
 * null, or 'bad' (then deleted). `manifest` is a promise: the key is checked when
 * it comes, and a wrong one fails the restore.
 * @param {Promise<Manifest>} manifest @returns {Promise<StoredSnapshot | null | 'bad'>} */
async function storedSnapshot(manifest) {
  const { openSnapshot } = await snapshotCache;
  try {
    return await timed('snapshot_open', () => openSnapshot(manifest.then((m) => m.snapshot_key)));
  } catch (error) {
    console.warn(`discarding the stored snapshot: ${/** @type {Error} */ (error).message || error}`);
    await forgetSnapshot();
    return 'bad';
  }
}

/** @returns {Promise<void>} */
async function forgetSnapshot() {
  const cache = await snapshotCache;
  return cache.forgetSnapshot();
}

// -- a boot the site's policy blocks -------------------------------------------------

/** A boot that cannot go on, with the key of the sentence the page shows. */
class BlockedBoot extends Error {
  /** @param {string} key @param {string} message @param {Record<string, unknown>} [params] */
  constructor(key, message, params = {}) {
    super(message);
    this.key = key;
    this.params = params;
  }
}

// A Content-Security-Policy without 'wasm-unsafe-eval' forbids compiling
// WebAssembly, and Pyodide then waits forever instead of failing: the
// smallest module there is (eight bytes) tells at once.
function checkWasmAllowed() {
  try {
    new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
  } catch (error) {
    throw new BlockedBoot('error.blocked_wasm', `WebAssembly is not allowed here: ${/** @type {Error} */ (error).message || error}`);
  }
}

// Anything else the policy blocks while the engine boots stops the boot with
// a sentence, rather than leave it waiting; after the boot, it is reported.
let booted = false;
/** @type {Promise<never>} */
const blockedWhileBooting = new Promise((resolve, reject) => {
  // The worker's event map does not list this event: its listener is given as a plain one.
  self.addEventListener('securitypolicyviolation', /** @type {EventListener} */ ((/** @type {SecurityPolicyViolationEvent} */ event) => {
    const directive = event.effectiveDirective || event.violatedDirective || '';
    const what = `${directive} blocked ${event.blockedURI || 'inline code'}`;
    if (!booted) reject(new BlockedBoot('error.blocked', `Content-Security-Policy: ${what}`, { directive }));
    else self.postMessage({ type: 'violation', message: `Content-Security-Policy: ${what}` });
  }));
});
blockedWhileBooting.catch(() => {}); // raised where the boot is awaited

/** @returns {Promise<Engine>} */
async function boot() {
  checkWasmAllowed();
  const wasm = compileWasm();
  progress('manifest', 0);
  // build.json names the wheel (its version is not known here), carries the
  // Pyodide lock-file header (so the lock file itself is never fetched) and
  // the key of the files a snapshot must have been made from. Nothing waits
  // for it but what needs it.
  /** @type {Promise<Manifest>} */
  const manifest = timed('manifest', () => fetchOk(new URL('build.json', SITE), 'json')).then((m) => {
    mark('manifest');
    return m;
  });
  manifest.catch(() => {}); // a failure is raised where it is awaited
  // The wheel downloads as soon as its name is known; it is installed once
  // Python runs.
  const wheel = manifest.then((m) => fetchOk(new URL(m.wheel, SITE), 'bytes'));
  wheel.catch(() => {});
  // The stored snapshot is looked up, and read, at once: while the page's
  // settings, Pyodide's loader and build.json come. It is used only if the
  // player's setting allows.
  const lookup = snapshotCache.then((cache) => (cache.canStore() ? storedSnapshot(manifest) : null));
  lookup.catch(() => {}); // a failure is raised where it is awaited
  const { snapshots, helper = false } = await config;
  mark('config');
  const useSnapshots = snapshots && (await snapshotCache).canStore();
  let stored = await lookup;
  if (!useSnapshots) {
    if (stored && stored !== 'bad') stored.cancel();
    stored = null;
  }
  mark('snapshot_found');

  progress('runtime', 0.05);
  const { loadPyodide } = await loaderImport;
  /** @type {Pyodide | null} */
  let pyodide = null;
  let path = snapshots ? 'fresh' : 'fresh-no-snapshot-setting';
  if (stored === 'bad') path = 'fresh-after-bad-snapshot';
  else if (stored) {
    try {
      pyodide = await restore(manifest, loadPyodide, wasm, stored);
      path = 'snapshot';
    } catch (error) {
      console.warn(`the stored snapshot did not restore, booting afresh: ${/** @type {Error} */ (error).message || error}`);
      await forgetSnapshot();
      path = 'fresh-after-bad-snapshot';
    }
  }
  if (!pyodide) pyodide = await bootFresh(manifest, loadPyodide, wasm, wheel, useSnapshots);

  const handle = pyodide.pyimport('pygame_core.api').handle;
  const { version, hash, snapshot_key: key } = await manifest;
  mark('rules');
  timings.total = Math.round(performance.now() - started);
  progress('ready', 1);
  return {
    pyodide,
    handle,
    path,
    stdlib: pyodide.runPython(STDLIB_KIND),
    wasm: wasmPath,
    version,
    build: hash,
    // A fresh boot with snapshots on saves one for the next visit (the
    // page's own engine: never a helper, which would race it).
    saveAs: useSnapshots && !helper && path !== 'snapshot' ? key : null,
    // After a restore, the package's files still have to be put back.
    filesLater: path === 'snapshot' ? () => timed('wheel', async () => installWheel(/** @type {Pyodide} */ (pyodide), await wheel)) : null,
  };
}

// -- requests ----------------------------------------------------------------------

// The engine answers once booted, and once what answers the requests
// (worker-requests.js) is in; a boot that fails is reported once.
const ready = Promise.race([Promise.all([boot(), requestsModule]), blockedWhileBooting]).then(
  ([engine, { Requests }]) => {
    booted = true;
    mark('ready');
    self.postMessage({
      type: 'ready',
      boot: engine.path,
      stdlib: engine.stdlib,
      wasm: engine.wasm,
      timings,
      marks,
      version: engine.version,
      build: engine.build,
    });
    const requests = new Requests(engine, { wanted: () => snapshotsWanted, cache: snapshotCache });
    if (engine.saveAs && snapshotsWanted) requests.planSnapshot();
    // The package's files go back a second after `ready` at the latest.
    setTimeout(() => requests.putFilesBack(), 1000);
    return requests;
  },
  (error) => {
    console.error(error);
    const { key = 'error.boot', params = {} } = /** @type {{key?: string, params?: Record<string, unknown>}} */ (error instanceof BlockedBoot ? error : {});
    self.postMessage({ type: 'fatal', key, params, message: String((error && error.message) || error) });
    throw error;
  },
);
ready.catch(() => {}); // reported above; each request gets its own answer

// Requests that arrive during the boot wait for it, and are answered in the
// order they came: they all wait on the same promise, and each is answered
// synchronously once it resolves.
self.onmessage = async (event) => {
  const message = event.data ?? {};
  if (message.type === 'config') {
    snapshotsWanted = message.snapshots !== false;
    receiveConfig({ snapshots: snapshotsWanted, helper: message.helper === true });
    if (!snapshotsWanted) {
      ready.then((requests) => requests.dropPendingSnapshot(), () => {});
      forgetSnapshot().catch(() => {});
    }
    return;
  }
  const { id, cmd, args } = message;
  if (id === undefined || typeof cmd !== 'string') return;
  let requests;
  try {
    requests = await ready;
  } catch (error) {
    self.postMessage({ id, ok: false, error: { key: 'error.boot', message: String(/** @type {Error} */ (error).message || error) } });
    return;
  }
  requests.answer(id, cmd, args);
};
