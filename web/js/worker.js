// The rules engine: Pyodide and the `pygame_core` wheel, in a module worker so
// that neither the boot nor a thinking bot ever freezes the page.
//
// Protocol (docs/protocol.md, section 4):
//   page → worker   {type: 'config', snapshots} first, then {id, cmd, args}
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

const SITE = new URL('../', import.meta.url);
const INDEX_URL = new URL('pyodide/', SITE).href;
const started = performance.now();
const timings = {};

// The snapshot cache is imported alongside the rest, not before this file
// runs: a static import would hold back every download below by a round trip.
const snapshotCache = import('./snapshot.js');
snapshotCache.catch(() => {}); // a failure is raised where it is awaited

// The page sends its settings first thing; a page that does not (a test, an
// older page) gets the defaults soon after the worker starts.
const CONFIG_WAIT_MS = 500;
// A new snapshot is stored once the page has been quiet for a moment (the
// player is looking at the board), and at the latest after a few seconds.
const STORE_WHEN_QUIET_MS = 400;
const STORE_AT_LATEST_MS = 5000;
// The requests after which a snapshot may still be taken (docs/protocol.md,
// 4): they change nothing in the engine, or only start a game, which a
// restored engine forgets (api.reset) before its first request.
const SNAPSHOT_SAFE = new Set(['games', 'new', 'snapshot']);
// Starting a game: once its answer is out (the page is drawing the board),
// the worker does the work it had put off.
const STARTS_A_GAME = new Set(['new', 'load']);

let lastProgress = 0;
function progress(step, fraction) {
  // A snapshot that fails half-way starts a fresh boot: the bar never goes back.
  lastProgress = Math.max(lastProgress, fraction);
  self.postMessage({ type: 'progress', step, fraction: lastProgress });
}

// Measure one boot phase in milliseconds, under `timings[name]`.
async function timed(name, work) {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round(performance.now() - t0);
  }
}

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return as === 'json' ? response.json() : new Uint8Array(await response.arrayBuffer());
}

// Both halves of Pyodide's JavaScript are imported at once, while build.json
// is fetched (1.3 MB to parse: it would otherwise wait for loadPyodide).
const pyodideImport = timed('import', () =>
  Promise.all([
    import(new URL('pyodide.mjs', INDEX_URL).href),
    import(new URL('pyodide.asm.mjs', INDEX_URL).href),
  ]),
);
pyodideImport.catch(() => {}); // a failure is raised where it is awaited

// The player's setting; the first value sent chooses how to boot, a later
// one (the player turned it off) stops saving and deletes the snapshot.
let snapshotsWanted = true;
let receiveConfig;
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

function pyodideOptions(manifest, extra) {
  return {
    indexURL: INDEX_URL,
    lockFileContents: { info: manifest.lock_info, packages: {} },
    packageBaseUrl: INDEX_URL,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
    ...extra,
  };
}

// Into site-packages, not the working directory (the default), so the
// import does not depend on the current directory.
function installWheel(pyodide, wheel) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(wheel, 'wheel', { extractDir: sitePackages });
}

async function bootFresh(manifest, pyodideJs, wheel, makeSnapshot) {
  const [{ loadPyodide }, { default: createPyodideModule }] = pyodideJs;
  const pyodide = await timed('runtime', () =>
    loadPyodide(pyodideOptions(manifest, { createPyodideModule, _makeSnapshot: makeSnapshot })),
  );
  progress('wheel', 0.8);
  await timed('wheel', async () => installWheel(pyodide, await wheel));
  progress('rules', 0.9);
  await timed('rules', () => pyodide.runPython(IMPORT_ENGINE));
  return pyodide;
}

async function restore(manifest, pyodideJs, snapshot) {
  const [{ loadPyodide }, { default: createPyodideModule }] = pyodideJs;
  const { snapshotModuleFactory } = await snapshotCache;
  const pyodide = await timed('runtime', () =>
    loadPyodide(
      pyodideOptions(manifest, {
        _loadSnapshot: snapshot.bytes,
        createPyodideModule: snapshotModuleFactory(createPyodideModule, snapshot),
      }),
    ),
  );
  // The files are not part of the snapshot, but every module of the package
  // is already imported: the wheel goes back in place (for tracebacks and
  // anything read from the package) once the first answer is out.
  progress('rules', 0.9);
  await timed('rules', () => {
    // Restored state repeats itself: reseed Python's generator from the
    // browser's, so that no two visits draw the same numbers.
    const seed = Array.from(crypto.getRandomValues(new Uint32Array(8)), (n) => n.toString(16).padStart(8, '0'));
    pyodide.runPython(`import random; random.seed(0x${seed.join('')})`);
    const version = pyodide.runPython(CHECK_RESTORED);
    if (version !== manifest.version) throw new Error(`restored engine ${version}, expected ${manifest.version}`);
  });
  return pyodide;
}

/** The stored snapshot (`{bytes, complete}`), null, or 'bad' (then deleted).
 * `manifest` is a promise: the key is checked when it comes. */
async function storedSnapshot(manifest) {
  const { openSnapshot } = await snapshotCache;
  try {
    return await timed('snapshot_open', () => openSnapshot(manifest.then((m) => m.snapshot_key)));
  } catch (error) {
    console.warn(`discarding the stored snapshot: ${error.message || error}`);
    await forgetSnapshot();
    return 'bad';
  }
}

async function forgetSnapshot() {
  const cache = await snapshotCache;
  return cache.forgetSnapshot();
}

// -- a boot the site's policy blocks -------------------------------------------------

/** A boot that cannot go on, with the key of the sentence the page shows. */
class BlockedBoot extends Error {
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
    throw new BlockedBoot('error.blocked_wasm', `WebAssembly is not allowed here: ${error.message || error}`);
  }
}

// Anything else the policy blocks while the engine boots stops the boot with
// a sentence, rather than leave it waiting; after the boot, it is reported.
let booted = false;
const blockedWhileBooting = new Promise((resolve, reject) => {
  self.addEventListener('securitypolicyviolation', (event) => {
    const directive = event.effectiveDirective || event.violatedDirective || '';
    const what = `${directive} blocked ${event.blockedURI || 'inline code'}`;
    if (!booted) reject(new BlockedBoot('error.blocked', `Content-Security-Policy: ${what}`, { directive }));
    else self.postMessage({ type: 'violation', message: `Content-Security-Policy: ${what}` });
  });
});
blockedWhileBooting.catch(() => {}); // raised where the boot is awaited

async function boot() {
  checkWasmAllowed();
  progress('manifest', 0);
  // build.json names the wheel (its version is not known here), carries the
  // Pyodide lock-file header (so the lock file itself is never fetched) and
  // the key of the files a snapshot must have been made from.
  const manifestFetch = timed('manifest', () => fetchOk(new URL('build.json', SITE), 'json'));
  manifestFetch.catch(() => {}); // a failure is raised where it is awaited
  // The stored snapshot is looked up meanwhile; its key is checked once the
  // manifest is in.
  const { snapshots } = await config;
  const useSnapshots = snapshots && (await snapshotCache).canStore();
  const storedLookup = useSnapshots ? storedSnapshot(manifestFetch) : null;
  const manifest = await manifestFetch;
  // Start downloading the wheel now; it is installed once Python runs.
  const wheel = fetchOk(new URL(manifest.wheel, SITE), 'bytes');
  wheel.catch(() => {}); // a failure is raised where it is awaited, not reported early

  progress('runtime', 0.05);
  const stored = storedLookup ? await storedLookup : null;
  const pyodideJs = await pyodideImport;

  let pyodide = null;
  let path = snapshots ? 'fresh' : 'fresh-no-snapshot-setting';
  if (stored === 'bad') path = 'fresh-after-bad-snapshot';
  else if (stored) {
    try {
      pyodide = await restore(manifest, pyodideJs, stored);
      path = 'snapshot';
    } catch (error) {
      console.warn(`the stored snapshot did not restore, booting afresh: ${error.message || error}`);
      await forgetSnapshot();
      path = 'fresh-after-bad-snapshot';
    }
  }
  if (!pyodide) pyodide = await bootFresh(manifest, pyodideJs, wheel, useSnapshots);

  const handle = pyodide.pyimport('pygame_core.api').handle;
  timings.total = Math.round(performance.now() - started);
  progress('ready', 1);
  return {
    pyodide,
    handle,
    path,
    stdlib: pyodide.runPython(STDLIB_KIND),
    version: manifest.version,
    build: manifest.hash,
    // A fresh boot with snapshots on saves one for the next visit.
    saveAs: useSnapshots && path !== 'snapshot' ? manifest.snapshot_key : null,
    // After a restore, the package's files still have to be put back.
    filesLater: path === 'snapshot' ? () => timed('wheel', async () => installWheel(pyodide, await wheel)) : null,
  };
}

// -- saving a snapshot -------------------------------------------------------------

let lastRequest = 0;
let pendingSnapshot = null;

/**
 * A later visit must restore the engine as booted: nothing a request changed
 * but the game started, which the restore forgets. So the snapshot is taken
 * once the first game's answer is out (while the page draws the board), or
 * before the first request that changes more (a move, a search), or after a
 * second with no request at all, whichever comes first. Taking it copies the
 * heap (tens of ms); storing it (gzip, the Cache API) waits until the page is
 * quiet, and requests are answered in between.
 */
function planSnapshot(engine) {
  pendingSnapshot = () => {
    let bytes;
    try {
      bytes = engine.pyodide.makeMemorySnapshot();
    } catch (error) {
      console.warn(`no snapshot this time: ${error.message || error}`);
      return;
    }
    storeWhenQuiet(engine.saveAs, bytes);
  };
  setTimeout(takePendingSnapshot, 1000);
}

function takePendingSnapshot() {
  const take = pendingSnapshot;
  pendingSnapshot = null;
  if (take) take();
}

function storeWhenQuiet(key, bytes) {
  const takenAt = performance.now();
  const store = async () => {
    if (!snapshotsWanted) return;
    try {
      await (await snapshotCache).writeSnapshot(key, bytes);
      if (!snapshotsWanted) await forgetSnapshot(); // turned off meanwhile
    } catch (error) {
      console.warn(`the snapshot was not stored: ${error.message || error}`);
      await forgetSnapshot();
    }
  };
  const waitForQuiet = () => {
    const now = performance.now();
    const quietFor = now - Math.max(lastRequest, takenAt);
    if (quietFor >= STORE_WHEN_QUIET_MS || now - takenAt >= STORE_AT_LATEST_MS) store();
    else setTimeout(waitForQuiet, STORE_WHEN_QUIET_MS - quietFor);
  };
  setTimeout(waitForQuiet, STORE_WHEN_QUIET_MS);
}

// -- requests ----------------------------------------------------------------------

function internalError(error) {
  // A PythonError's message is the whole traceback; its last line is the
  // sentence worth showing, the rest is for the console.
  const text = String((error && error.message) || error);
  console.error(text);
  const lines = text.trim().split('\n');
  return { key: 'error.internal', message: lines[lines.length - 1] || text };
}

// One call into Python. `api.handle` turns every error it expects into an
// `{ok: false}` answer; anything escaping it is reported, never thrown.
function call(engine, id, cmd, args) {
  try {
    const answer = JSON.parse(engine.handle(JSON.stringify({ cmd, args: args ?? {} })));
    return answer.ok
      ? { id, ok: true, data: answer.data }
      : { id, ok: false, error: answer.error ?? { key: 'error.internal', message: 'no error given' } };
  } catch (error) {
    return { id, ok: false, error: internalError(error) };
  }
}

const ready = Promise.race([boot(), blockedWhileBooting]).then(
  (engine) => {
    booted = true;
    self.postMessage({
      type: 'ready',
      boot: engine.path,
      stdlib: engine.stdlib,
      timings,
      version: engine.version,
      build: engine.build,
    });
    if (engine.saveAs && snapshotsWanted) planSnapshot(engine);
    return engine;
  },
  (error) => {
    console.error(error);
    const { key = 'error.boot', params = {} } = error instanceof BlockedBoot ? error : {};
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
    receiveConfig({ snapshots: snapshotsWanted });
    if (!snapshotsWanted) {
      pendingSnapshot = null;
      forgetSnapshot().catch(() => {});
    }
    return;
  }
  const { id, cmd, args } = message;
  if (id === undefined || typeof cmd !== 'string') return;
  lastRequest = performance.now();
  let engine;
  try {
    engine = await ready;
  } catch (error) {
    self.postMessage({ id, ok: false, error: { key: 'error.boot', message: String(error.message || error) } });
    return;
  }
  if (!SNAPSHOT_SAFE.has(cmd)) takePendingSnapshot();
  const answer = call(engine, id, cmd, args);
  self.postMessage(answer);
  lastRequest = performance.now();
  if (STARTS_A_GAME.has(cmd) && answer.ok) {
    // The answer is on its way: what was put off is done while the page draws.
    setTimeout(() => {
      takePendingSnapshot();
      putFilesBack(engine);
    }, 0);
  }
};

// After a restore, the package's files go back on disk once the first game
// has started (or after a moment with no request), outside the player's wait.
function putFilesBack(engine) {
  const put = engine.filesLater;
  if (!put) return;
  engine.filesLater = null;
  put().catch((error) => console.warn(`the package's files were not put back: ${error.message || error}`));
}
ready.then((engine) => setTimeout(() => putFilesBack(engine), 1000), () => {});
