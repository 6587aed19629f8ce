// @ts-check
// The turn controller: whose turn it is, who acts, and when. It knows no
// DOM and no transport: it plays through a table (table-local.js, the engine
// in the worker; remote.js, a table server) and shows through a view (the
// game screen's controller, game/ctrl.js). Local and online play share it.
//
// A table answers:
//   start(setup) / load(recordText) → snapshot     (local tables)
//   snapshot(viewer), play(seat, move, viewer), undo(seat, viewer)
//                     → the snapshot after, or null when the new state comes
//                       through `onState` instead (a table server)
//   think(args), botMove(seat, viewer), save()      (when `botsHere`)
// and says `botsHere` (the page plays its bots: the local worker) and
// `sharedDevice` (people pass the device: hot-seat, with a privacy screen).
//
// The view is told:
//   draw(snap, {interactive, marked, fresh, news})   the board, the log, the marks (fresh: the others' new entries; news: all)
//   status({state, kind, seat, toMove, winners})
//   progress(fraction | null), busy(flag), tools()
//   privacy(seat) → promise (the pass-the-device screen)
//   error(error), finish(snap), settled(always) → promise
//   autosave(snap) → promise, advice(hint), suggest(move | null), watchBar()

import { PACES, DEFAULT_PACE } from './state.js';

/** @typedef {import('./state.js').Snapshot} Snapshot */
/** @typedef {import('./state.js').LogEntry} LogEntry */
/** @typedef {import('./state.js').Table} Table */

/** A cancellation token. Work that belongs to a run checks `cancelled`
 * after every await and sends nothing more once it is set.
 * @typedef {{cancelled: boolean}} Run */

/** One slice of a search, as `think` answers it: done or not, the move found
 * (and a hint's reasons), what the search may spend (no budget: it answers
 * at once) and what it has spent.
 * @typedef {{done?: boolean, move?: any, why?: any[], budget?: {iterations?: number, millis?: number}, iterations?: number, millis?: number}} ThinkAnswer */

/** A table whose bots the page plays (`botsHere`: the local worker).
 * @typedef {Table & {think: (args: object) => Promise<ThinkAnswer>, botMove: (seat: number, viewer: number | null) => Promise<Snapshot>}} BotTable */

/** The expert's suggestion: searched under its own run, then its move and reasons.
 * @typedef {{run: Run, move: any, why: any[]}} Hint */

/** The status line's facts: the view puts them in words (`named`: several
 * people share the device, the turn says whose).
 * @typedef {{state: 'playing' | 'over', kind: 'over' | 'none' | 'paused' | 'thinking' | 'your_turn' | 'waiting',
 *   seat: number | null, toMove: number[], winners?: number[], named?: boolean}} TurnFacts */

/** What a drawing shows besides the snapshot: whether the viewer may move,
 * the entries marked, those new from the others, and all those new.
 * @typedef {{interactive: boolean, marked: LogEntry[], fresh: LogEntry[], news: LogEntry[]}} Drawn */

/**
 * What the turn controller tells the screen (game/ctrl.js; fakes in Node).
 * @typedef {object} TurnsView
 * @property {(snap: Snapshot, drawn: Drawn) => void} draw
 * @property {(facts: TurnFacts) => void} status
 * @property {(progress: number | null) => void} progress
 * @property {(flag: boolean) => void} busy
 * @property {() => void} tools
 * @property {(seat: number) => Promise<unknown>} privacy   the pass-the-device screen
 * @property {(error: any) => void} error
 * @property {(snap: Snapshot) => void} finish
 * @property {(always: boolean) => Promise<unknown> | null | undefined} settled
 * @property {(snap: Snapshot) => Promise<unknown>} autosave
 * @property {(hint: Hint | null, progress?: number | null) => void} advice
 * @property {(move: any) => void} suggest
 * @property {() => void} watchBar
 */

/** What a turn controller is made with (`Turns` says what each is).
 * @typedef {{table: Table, view: TurnsView, seats: string[], viewer?: number | null, pace?: () => string,
 *   autoHint?: () => boolean, sleep?: (ms: number) => Promise<unknown>, now?: () => number}} TurnsOptions */

/** How long one `think` request searches: short enough that a new game, an
 * undo or a pause is served at once, long enough that the messages cost
 * little next to the search. */
export const SLICE_MS = 60;

/** The bots' waits by pace, first action of a turn then later ones. */
const WAITS = /** @type {Readonly<Record<string, readonly number[]>>} */ (PACES);

/** @param {number} ms @returns {Promise<void>} */
const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A cancellation token (`Run`). @returns {Run} */
const newRun = () => ({ cancelled: false });

/** @param {string} kind @returns {boolean} */
export const isHuman = (kind) => kind === 'h';

/** How far a search has gone, from a `think` answer: 0 to 1, or null when
 * the bot has no budget to measure (levels that answer at once).
 * @param {ThinkAnswer | null | undefined} answer @returns {number | null} */
export function progressOf(answer) {
  if (!answer || !answer.budget) return null;
  if (answer.done) return 1;
  const { iterations, millis } = answer.budget;
  const parts = [];
  if (millis) parts.push(/** @type {number} */ (answer.millis) / millis);
  if (iterations) parts.push(/** @type {number} */ (answer.iterations) / iterations);
  return parts.length ? Math.min(1, Math.max(0, ...parts)) : null;
}

/** The entries of the latest turn: the moves at the end of the log made by
 * the player who moved last.
 * @param {LogEntry[]} log @returns {LogEntry[]} */
export function latestTurn(log) {
  if (!log.length) return [];
  const player = log[log.length - 1].player;
  let start = log.length - 1;
  while (start > 0 && log[start - 1].player === player) start -= 1;
  return log.slice(start);
}

/** What the others did since the viewer's own latest move (with two
 * players, the other's latest turn; with more, every turn played since).
 * A spectator sees the latest turn.
 * @param {LogEntry[]} log @param {number | null | undefined} viewer @returns {LogEntry[]} */
export function sinceViewer(log, viewer) {
  if (viewer === null || viewer === undefined) return latestTurn(log);
  let start = log.length;
  while (start > 0 && log[start - 1].player !== viewer) start -= 1;
  return log.slice(start);
}

/** @param {LogEntry[]} log @returns {number} */
const lastNumber = (log) => (log.length ? log[log.length - 1].n : 0);

/**
 * One game on screen. `seats` are the seats' kinds ("h", "bot2"); `viewer`
 * the seat whose view is shown first (null: nobody yet, or a spectator);
 * `pace()` the bots' pace (local bots only); `autoHint()` true asks for the
 * expert's suggestion at each of the viewer's turns.
 */
export class Turns {
  /** @type {Table} */ #table;
  /** @type {TurnsView} */ #view;
  /** The seats' kinds ("h", "bot2"). @type {string[]} */ #seats;
  /** @type {() => string} */ #pace;
  /** @type {() => boolean} */ #autoHint;
  /** @type {(ms: number) => Promise<unknown>} */ #sleep;
  /** @type {() => number} */ #now;
  /** The snapshot on screen, or null before the first. @type {Snapshot | null} */
  #snapshot = null;
  /** The seat whose view is shown (null: nobody, or a spectator). @type {number | null} */
  #viewer;
  /** The last log entry each viewer has seen, by seat ('spectator': nobody's). @type {Record<string, number>} */
  #seen = {};
  /** The seat that acted last (a bot going on with its turn waits less). @type {number | null} */
  #lastActor = null;
  /** Nobody plays: bots only, watched (a local game). @type {boolean} */
  #watching;
  #paused = false;
  /** The pass-the-device screen is up. */
  #privacy = false;
  /** The run the bots' work belongs to. */
  #run = newRun();
  /** @type {Hint | null} */
  #hint = null;
  /** How far the bot's search has gone, as the status line shows it. @type {number | null} */
  #progress = null;
  #retired = false;
  /** Requests to the table under way. */
  #requests = 0;

  /** @param {TurnsOptions} options */
  constructor({ table, view, seats, viewer = null, pace = () => DEFAULT_PACE, autoHint = () => false, sleep = defaultSleep, now = () => performance.now() }) {
    this.#table = table;
    this.#view = view;
    this.#seats = seats;
    this.#viewer = viewer;
    this.#pace = pace;
    this.#autoHint = autoHint;
    this.#sleep = sleep;
    this.#now = now;
    this.#watching = table.botsHere && !seats.some(isHuman);
  }

  // -- what the view reads --------------------------------------------------------------

  get busy() {
    return Boolean(this.#requests);
  }

  get snapshot() {
    return this.#snapshot;
  }

  get watching() {
    return this.#watching;
  }

  get paused() {
    return this.#paused;
  }

  get hint() {
    return this.#hint;
  }

  get progress() {
    return this.#progress;
  }

  get privacy() {
    return this.#privacy;
  }

  /** The viewer may move now (and the pass-the-device screen is down). */
  isInteractive() {
    return this.#offersMove(this.#snapshot) && !this.#privacy;
  }

  redraw() {
    if (this.#snapshot) this.#draw(this.#snapshot);
  }

  // -- the table ------------------------------------------------------------------------

  /** The table, as one whose bots the page plays (only used when `botsHere`). */
  get #bots() {
    return /** @type {BotTable} */ (this.#table);
  }

  /** Several people share this device: hot-seat. */
  #shared() {
    const humans = () => this.#seats.map((kind, seat) => (isHuman(kind) ? seat : null)).filter((s) => s !== null);
    return this.#table.sharedDevice && humans().length > 1;
  }

  /** @param {number} delta */
  #setBusy(delta) {
    this.#requests = Math.max(0, this.#requests + delta);
    this.#view.busy(Boolean(this.#requests));
    this.#view.tools();
  }

  /** @template T @param {() => Promise<T>} work @returns {Promise<T>} */
  async #request(work) {
    this.#setBusy(1);
    try {
      return await work();
    } finally {
      this.#setBusy(-1);
    }
  }

  /** Search in slices until the search is done: `think` again and again,
   * checking `run` between slices (and, for a bot, the pause of a watched
   * game). Resolves with the last answer, or null once `run` is cancelled.
   * @param {object} args @param {Run} run
   * @param {{onProgress: (progress: number | null) => void, held?: () => boolean}} options
   * @returns {Promise<ThinkAnswer | null>} */
  async #think(args, run, { onProgress, held = () => false }) {
    for (;;) {
      while (held() && !run.cancelled) await this.#sleep(40);
      if (run.cancelled) return null;
      const answer = await this.#bots.think({ ...args, ms: SLICE_MS });
      if (run.cancelled) return null;
      onProgress(progressOf(answer));
      if (answer.done) return answer;
    }
  }

  /** The viewer of `snap` may move in it.
   * @param {Snapshot | null} snap @returns {boolean} */
  #offersMove(snap) {
    return Boolean(
      snap &&
        !snap.over &&
        snap.viewer !== null &&
        snap.viewer !== undefined &&
        snap.to_move.includes(snap.viewer) &&
        isHuman(this.#seats[snap.viewer]) &&
        snap.legal.length > 0,
    );
  }

  /** Who acts next among the players to move (several when choices are
   * simultaneous and secret): the human whose view is on screen, else another
   * human (behind the pass-the-device screen), else a bot.
   * @param {Snapshot} snap @returns {number | undefined} */
  #actorOf(snap) {
    const toMove = snap.to_move;
    const viewer = this.#viewer;
    if (viewer !== null && toMove.includes(viewer) && isHuman(this.#seats[viewer])) return viewer;
    const human = toMove.find((seat) => isHuman(this.#seats[seat]));
    return human !== undefined ? human : toMove[0];
  }

  // -- drawing ------------------------------------------------------------------------

  /** @param {Snapshot} snap @param {{interactive?: boolean}} [options] */
  #draw(snap, { interactive = this.#offersMove(snap) && !this.#privacy } = {}) {
    const key = snap.viewer ?? 'spectator';
    const seen = this.#seen[key] ?? 0;
    const news = snap.log.filter((entry) => entry.n > seen);
    const fresh = news.filter((entry) => entry.player !== snap.viewer);
    // What the others did since the viewer's latest move stays marked, on the
    // board and in the log, until the viewer moves.
    const marked = sinceViewer(snap.log, snap.viewer);
    this.#view.draw(snap, { interactive, marked, fresh, news });
    this.#seen[key] = lastNumber(snap.log);
    this.#describe(snap);
    this.#view.watchBar();
    this.#view.tools();
  }

  /** The status line's facts: the view puts them in words.
   * @param {Snapshot} snap */
  #describe(snap) {
    if (snap.over) {
      /** @type {number[]} */
      const winners = (snap.result && snap.result.winners) || [];
      this.#view.status({ state: 'over', kind: 'over', winners, seat: winners.length === 1 ? winners[0] : null, toMove: [] });
      return;
    }
    const seat = this.#actorOf(snap);
    const toMove = snap.to_move;
    if (seat === undefined) {
      this.#view.status({ state: 'playing', kind: 'none', seat: null, toMove: [] });
      return;
    }
    /** @type {TurnFacts['kind']} */
    let kind;
    if (!isHuman(this.#seats[seat])) kind = this.#table.botsHere && this.#paused ? 'paused' : 'thinking';
    else if (seat === snap.viewer) kind = 'your_turn';
    else kind = 'waiting';
    this.#view.status({ state: 'playing', kind, seat, toMove, named: this.#shared() });
    if (kind === 'thinking' && this.#table.botsHere) this.#view.progress(this.#progress);
  }

  // -- the loop ---------------------------------------------------------------------------

  /** Show a snapshot, save it, and let whoever must act next act.
   * @param {Snapshot} snap */
  async #show(snap) {
    if (this.#retired) return;
    this.dropHint();
    this.#snapshot = snap;
    this.#progress = null;
    this.#draw(snap);
    await this.#view.autosave(snap);
    if (this.#retired || this.#snapshot !== snap) return;
    if (snap.over) {
      await this.#view.settled(true);
      if (this.#retired || this.#snapshot !== snap) return;
      this.#view.finish(snap);
      return;
    }
    await this.#view.settled(false);
    if (this.#retired || this.#snapshot !== snap) return;
    await this.#next(snap);
  }

  /** @param {Snapshot} snap */
  async #next(snap) {
    const seat = this.#actorOf(snap);
    if (seat === undefined) return;
    if (!isHuman(this.#seats[seat])) {
      // A table server plays its own bots: their moves come as new states.
      if (!this.#table.botsHere) return;
      if (snap.private && this.#shared() && this.#viewer !== null && !snap.to_move.includes(this.#viewer)) {
        // Several people share the device: while the bots play, nobody's
        // hand stays on the screen.
        this.#viewer = null;
        await this.#refresh(null);
        return;
      }
      await this.#botTurn(seat);
      return;
    }
    this.#lastActor = seat;
    if (seat === snap.viewer) {
      // Suggestions on (a lesson's short game): the expert's move comes by itself.
      if (this.#autoHint() && this.canHint()) this.toggleHint();
      return;
    }
    if (!this.#table.sharedDevice) return;
    await this.#passDevice(snap, seat);
  }

  /** Another human's turn: in hot-seat, hide everything until they take the
   * device (unless the game keeps nothing private: then the device passes).
   * @param {Snapshot} snap @param {number} seat */
  async #passDevice(snap, seat) {
    if (snap.private && this.#shared()) {
      this.#draw(snap, { interactive: false });
      this.#privacy = true;
      this.#view.tools();
      await this.#view.privacy(seat);
      this.#privacy = false;
      if (this.#retired) return;
    }
    this.#viewer = seat;
    await this.#refresh(seat);
  }

  /** @param {number | null} viewerSeat */
  async #refresh(viewerSeat) {
    try {
      const fresh = await this.#request(() => this.#table.snapshot(viewerSeat));
      if (this.#retired) return;
      await this.#show(fresh);
    } catch (error) {
      if (!this.#retired) this.#view.error(error);
    }
  }

  /** A bot's move: think in slices (the indicator follows), wait out what is
   * left of the pause, then play what the search found.
   * @param {number} seat */
  async #botTurn(seat) {
    const run = this.#run;
    const started = this.#now();
    const continuing = this.#lastActor === seat;
    const wait = () => {
      const [first, later] = WAITS[this.#pace()] || WAITS[DEFAULT_PACE];
      return continuing ? later : first;
    };
    const held = () => this.#paused;
    let after;
    try {
      const answer = await this.#think({ seat }, run, {
        held,
        onProgress: (progress) => {
          this.#progress = progress;
          this.#view.progress(progress);
        },
      });
      if (!answer) return;
      // The pace can change, and the game be paused, while we wait.
      while (!run.cancelled && (held() || this.#now() - started < wait())) await this.#sleep(40);
      if (run.cancelled) return;
      after = await this.#request(() => this.#bots.botMove(seat, this.#viewer));
    } catch (error) {
      if (!run.cancelled) this.#view.error(error);
      return;
    }
    if (run.cancelled || this.#retired) return;
    this.#lastActor = seat;
    await this.#show(after);
  }

  #cancelRun() {
    this.#run.cancelled = true;
    this.#run = newRun();
  }

  // -- hints ------------------------------------------------------------------------------

  canHint() {
    return Boolean(this.#table.botsHere && this.#snapshot && !this.#privacy && !this.#hint && this.#offersMove(this.#snapshot));
  }

  /** "What would the expert play?": search in slices, then show the move
   * without playing it. Asking again hides it. */
  async toggleHint() {
    if (this.#retired) return;
    if (this.#hint) {
      this.dropHint();
      return;
    }
    if (!this.canHint()) return;
    const snap = /** @type {Snapshot} */ (this.#snapshot);
    /** @type {Hint} */
    const hint = { run: newRun(), move: null, why: [] };
    this.#hint = hint;
    this.#view.advice(hint);
    this.#view.tools();
    try {
      const answer = await this.#think({ seat: snap.viewer, hint: true }, hint.run, {
        onProgress: (progress) => this.#view.advice(hint, progress),
      });
      if (!answer || this.#hint !== hint) return;
      hint.move = answer.move;
      hint.why = answer.why || [];
      this.#view.suggest(answer.move);
      this.#view.advice(hint);
    } catch (error) {
      if (hint.run.cancelled || this.#hint !== hint) return;
      this.#view.error(error);
      this.dropHint();
    }
  }

  dropHint() {
    if (!this.#hint) return;
    this.#hint.run.cancelled = true;
    const shown = this.#hint.move;
    this.#hint = null;
    if (shown) this.#view.suggest(null);
    this.#view.advice(null);
    this.#view.tools();
  }

  // -- what the player does -------------------------------------------------------------

  /** @param {string} text the move chosen */
  async choose(text) {
    if (this.#retired || this.#requests) return;
    const snap = this.#snapshot;
    if (!this.#offersMove(snap) || this.#privacy) return;
    const shown = /** @type {Snapshot} */ (snap);
    const seat = /** @type {number} */ (shown.viewer);
    this.dropHint();
    let after;
    try {
      after = await this.#request(() => this.#table.play(seat, text, seat));
    } catch (error) {
      if (this.#retired) return;
      this.#view.error(error);
      if (this.#snapshot === shown) this.#draw(shown);
      return;
    }
    if (this.#retired) return;
    this.#lastActor = seat;
    if (after) await this.#show(after);
  }

  async undo() {
    if (this.#retired || this.#requests || !this.#snapshot || !this.#snapshot.can_undo) return;
    this.dropHint();
    this.#cancelRun();
    const seat = /** @type {number} */ (this.#snapshot.viewer);
    try {
      const after = await this.#request(() => this.#table.undo(seat, seat));
      if (this.#retired || !after) return;
      this.#seen[seat] = lastNumber(after.log);
      await this.#show(after);
    } catch (error) {
      if (!this.#retired) this.#view.error(error);
    }
  }

  /** A new state from the table itself (a table server: another seat
   * moved, a bot played, the connection came back).
   * @param {Snapshot} snap */
  async update(snap) {
    if (this.#retired) return;
    if (this.#snapshot && snap.log.length < this.#snapshot.log.length) {
      // An undo, or a new game: what is gone is no news, what comes next is.
      for (const key of Object.keys(this.#seen)) this.#seen[key] = Math.min(this.#seen[key], lastNumber(snap.log));
    }
    await this.#show(snap);
  }

  /** The first snapshot of a game: from its start (nothing seen yet) or
   * resumed (everything so far already seen).
   * @param {Snapshot} snap @param {{fromStart: boolean, onFirstDraw?: () => void}} options */
  async begin(snap, { fromStart, onFirstDraw }) {
    if (fromStart) this.#seen = {};
    else {
      const last = lastNumber(snap.log);
      this.#seen = Object.fromEntries(this.#seats.map((_, seat) => [seat, last]));
      this.#seen.spectator = last;
    }
    let first = snap;
    if (this.#table.botsHere && snap.viewer !== this.#viewer) first = await this.#request(() => this.#table.snapshot(this.#viewer));
    if (this.#retired) return;
    if (onFirstDraw) onFirstDraw();
    await this.#show(first);
  }

  togglePause() {
    if (!this.#watching || (this.#snapshot && this.#snapshot.over)) return;
    this.#paused = !this.#paused;
    if (this.#snapshot) this.#describe(this.#snapshot);
    this.#view.watchBar();
  }

  /** Leave the game at once: nothing it started may act any more. */
  retire() {
    if (this.#retired) return;
    this.dropHint();
    this.#run.cancelled = true;
    this.#retired = true;
  }
}

/** The turn controller of one game on screen (`Turns`).
 * @param {TurnsOptions} options @returns {Turns} */
export function createTurns(options) {
  return new Turns(options);
}
