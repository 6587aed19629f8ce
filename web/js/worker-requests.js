// @ts-check
// The engine's worker once the engine is booted (worker.js boots it): each
// request answered by one call into Python, and the work put off until the
// first board is up — taking the first snapshot (after a fresh boot) and
// storing it when the page is quiet, putting the package's files back (after
// a restore). worker.js imports this module alongside the boot, as it does
// the snapshot cache: a static import would hold back the boot's downloads.

/**
 * The part of Pyodide the worker uses. Python's answers are Python's values
 * as Pyodide converts them: any.
 * @typedef {object} Pyodide
 * @property {(code: string) => any} runPython
 * @property {(name: string) => any} pyimport
 * @property {(buffer: Uint8Array, format: string, options: {extractDir: string}) => void} unpackArchive
 * @property {() => Uint8Array<ArrayBuffer>} makeMemorySnapshot
 */

/**
 * The engine once booted: Python, its facade's `handle`, and how it booted.
 * @typedef {object} Engine
 * @property {Pyodide} pyodide
 * @property {(request: string) => string} handle   pygame_core.api.handle
 * @property {string} path            how it booted: 'snapshot', 'fresh', …
 * @property {string} stdlib          'pyc' or 'source'
 * @property {'early' | 'pyodide' | null} wasm
 * @property {string} version
 * @property {string} build
 * @property {string | null} saveAs   the key to save a snapshot under (null: none to save)
 * @property {(() => Promise<void>) | null} filesLater   put the package's files back (after a restore)
 */

/**
 * What the requests know of snapshots: whether the player wants them (their
 * setting may change at any time), and the snapshot cache (snapshot.js),
 * being imported.
 * @typedef {{wanted: () => boolean, cache: Promise<typeof import('./snapshot.js')>}} Snapshots
 */

/** One request's answer (docs/protocol.md, section 4).
 * @typedef {{id: unknown, ok: true, data: unknown} | {id: unknown, ok: false, error: {key: string, message: string}}} Answer */

// A new snapshot is stored once the page has been quiet for a moment (the
// player is looking at the board), and at the latest after a few seconds.
const STORE_WHEN_QUIET_MS = 400;
const STORE_AT_LATEST_MS = 5000;
// The requests after which a snapshot may still be taken (docs/protocol.md,
// 4): they change nothing in the engine, or only start a game, which a
// restored engine forgets (api.reset) before its first request.
const SNAPSHOT_SAFE = new Set(['games', 'new', 'snapshot']);
// Starting a game: the worker does the work it had put off once the board is
// up, that is once the page has sent nothing for a moment after the game's
// answer (it asks at once for what it draws: the view of the seat to play).
const STARTS_A_GAME = new Set(['new', 'load']);
const QUIET_AFTER_START_MS = 100;

/** @param {unknown} error @returns {{key: string, message: string}} */
function internalError(error) {
  // A PythonError's message is the whole traceback; its last line is the
  // sentence worth showing, the rest is for the console.
  const text = String((error && /** @type {Error} */ (error).message) || error);
  console.error(text);
  const lines = text.trim().split('\n');
  return { key: 'error.internal', message: lines[lines.length - 1] || text };
}

// One call into Python. `api.handle` turns every error it expects into an
// `{ok: false}` answer; anything escaping it is reported, never thrown.
/**
 * @param {Engine} engine @param {unknown} id @param {string} cmd @param {unknown} args the page's, as it sent them
 * @returns {Answer}
 */
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

// -- work put off until the first board is up --------------------------------------
//
// Taking the first snapshot (after a fresh boot) and putting the package's
// files back (after a restore) must not delay the first board: they are done
// once a game has started and the page has sent no request for a moment, or
// before the first request that changes more than the start of a game, or a
// second after `ready` when no game starts, whichever comes first.

/** The booted engine's requests, and the work they make wait. */
export class Requests {
  /** @param {Engine} engine @param {Snapshots} snapshots */
  constructor(engine, snapshots) {
    this.engine = engine;
    /** @private */
    this.snapshots = snapshots;
    /** When the latest request came, or was answered.
     * @private */
    this.lastRequest = 0;
    /** @private @type {(() => void) | null} */
    this.pendingSnapshot = null;
    /** @private @type {ReturnType<typeof setTimeout> | null} */
    this.putOffTimer = null;
  }

  /** Answer a request of the page, and post the answer.
   * @param {unknown} id @param {string} cmd @param {unknown} args */
  answer(id, cmd, args) {
    this.lastRequest = performance.now();
    if (!SNAPSHOT_SAFE.has(cmd)) this.doPutOffWork();
    const answer = call(this.engine, id, cmd, args);
    self.postMessage(answer);
    this.lastRequest = performance.now();
    // A game has started, or the page is still asking for what it draws: the
    // work put off waits until it has sent nothing for a moment.
    if ((STARTS_A_GAME.has(cmd) && answer.ok) || this.putOffTimer !== null) this.doPutOffWorkWhenQuiet();
  }

  // -- saving a snapshot -------------------------------------------------------------

  /**
   * A later visit must restore the engine as booted: nothing a request changed
   * but the game started, which the restore forgets. So the snapshot is taken
   * once the first game's board is up (see doPutOffWorkWhenQuiet), or before
   * the first request that changes more (a move, a search), or after a second
   * with no request at all, whichever comes first. Taking it copies the heap
   * (tens of ms); storing it (its pages that are not all zeros, in the Cache
   * API) waits until the page is quiet, and requests are answered in between.
   */
  planSnapshot() {
    const engine = this.engine;
    this.pendingSnapshot = () => {
      let bytes;
      try {
        bytes = engine.pyodide.makeMemorySnapshot();
      } catch (error) {
        console.warn(`no snapshot this time: ${/** @type {Error} */ (error).message || error}`);
        return;
      }
      // Planned only for an engine with a key to save under.
      this.storeWhenQuiet(/** @type {string} */ (engine.saveAs), bytes);
    };
    setTimeout(() => this.takePendingSnapshot(), 1000);
  }

  /** The player turned snapshots off: none is taken. */
  dropPendingSnapshot() {
    this.pendingSnapshot = null;
  }

  /** @private */
  takePendingSnapshot() {
    const take = this.pendingSnapshot;
    this.pendingSnapshot = null;
    if (take) take();
  }

  /** @private @param {string} key @param {Uint8Array<ArrayBuffer>} bytes */
  storeWhenQuiet(key, bytes) {
    const { wanted, cache } = this.snapshots;
    const takenAt = performance.now();
    const forget = async () => (await cache).forgetSnapshot();
    const store = async () => {
      if (!wanted()) return;
      try {
        await (await cache).writeSnapshot(key, bytes);
        if (!wanted()) await forget(); // turned off meanwhile
      } catch (error) {
        console.warn(`the snapshot was not stored: ${/** @type {Error} */ (error).message || error}`);
        await forget();
      }
    };
    const waitForQuiet = () => {
      const now = performance.now();
      const quietFor = now - Math.max(this.lastRequest, takenAt);
      if (quietFor >= STORE_WHEN_QUIET_MS || now - takenAt >= STORE_AT_LATEST_MS) store();
      else setTimeout(waitForQuiet, STORE_WHEN_QUIET_MS - quietFor);
    };
    setTimeout(waitForQuiet, STORE_WHEN_QUIET_MS);
  }

  // -- the work put off ----------------------------------------------------------------

  /** @private */
  doPutOffWork() {
    clearTimeout(/** @type {number | undefined} */ (this.putOffTimer));
    this.putOffTimer = null;
    this.takePendingSnapshot();
    this.putFilesBack();
  }

  /** @private */
  doPutOffWorkWhenQuiet() {
    clearTimeout(/** @type {number | undefined} */ (this.putOffTimer));
    this.putOffTimer = setTimeout(() => this.doPutOffWork(), QUIET_AFTER_START_MS);
  }

  // After a restore, the package's files go back on disk outside the player's
  // wait (every module is imported already; the files serve tracebacks and
  // anything read from the package).
  putFilesBack() {
    const put = this.engine.filesLater;
    if (!put) return;
    this.engine.filesLater = null;
    put().catch((error) => console.warn(`the package's files were not put back: ${error.message || error}`));
  }
}
