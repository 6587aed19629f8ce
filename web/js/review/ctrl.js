// @ts-check
// A finished game looked back on, without the DOM (pygame_core/review.py):
// the ply shown and whose eyes it is seen through, "Show everything", the
// expert's opinion at a ply (from the mover's information only), the
// analysis of every decision, asked of the engine's review session in
// slices so that a step elsewhere stops the thinking at once, and its
// judgement (pygame_core/judgement.py: each decision's mark, each player's
// accuracy and luck). The view (view.js) draws the review bar, the board,
// the log and the graph from it.

import { stretches, nextStart, isError } from '../review-graph.js';

/** The engine's session of the game reviewed. */
export const REVIEW_SESSION = 'review';

/** How long one request of the expert or the analysis thinks: the page
 * stays responsive, and a step elsewhere stops the thinking at once. */
export const SLICE_MS = 100;

/** How long one request of a helper engine thinks (nothing else asks it). */
export const HELPER_SLICE_MS = 400;
/** The decisions of one task of the quick pass, and of the analysis proper:
 * small enough that the engines finish together. */
export const QUICK_CHUNK = 16;
export const CHUNK = 3;
/** The quick pass's share of a decision's work (its iterations beside the
 * analysis's, pygame_core/review.py). */
export const QUICK_SHARE = 0.1;

/** What one engine takes of a device's memory once booted, in MB (measured
 * by bench/review.py: a Pyodide worker with the engine imported and a game
 * under review). */
export const ENGINE_MB = 160;
/** The most helper engines an analysis starts beside the page's own. */
export const MAX_HELPERS = 3;

/** How many helper engines the device allows beside the page's own: one
 * core each (one left to the page's engine), and a quarter of the memory
 * the browser says the device has (`navigator.deviceMemory`, in GB, where
 * known) for all the engines together.
 * @param {{hardwareConcurrency?: number, deviceMemory?: number}} [device] @returns {number} */
export function helperCount(device = /** @type {any} */ (navigator)) {
  const cores = Number(device.hardwareConcurrency) || 1;
  const memory = Number(device.deviceMemory) || 0;
  const byMemory = memory ? Math.floor((memory * 1024) / 4 / ENGINE_MB) - 1 : MAX_HELPERS;
  return Math.max(0, Math.min(cores - 1, byMemory, MAX_HELPERS));
}

/** `list` cut in pieces of `size`. @param {number[]} list @param {number} size */
const chunks = (list, size) => Array.from({ length: Math.ceil(list.length / size) }, (_, index) => list.slice(index * size, (index + 1) * size));

/**
 * The helper engines of the analysis (game/view.js): how many the device
 * allows beside the page's own, and one started, booted, with the game
 * open in its session.
 * @typedef {object} AnalysisHelpers
 * @property {() => number} count
 * @property {() => Promise<{call: (cmd: string, args: object) => Promise<any>, session: string, close: () => void}>} start
 */

/**
 * What the review's view is told (each a redraw of one part).
 * @typedef {object} ReviewView
 * @property {() => void} position     the ply shown changed: the board, the log, the bar
 * @property {() => void} controls     the bar's buttons and the analysis's progress
 * @property {() => void} opinion      the expert's opinion or the analysis at the ply shown
 * @property {() => void} graph        the analysis's graph
 * @property {() => void} rebuild      the whole bar (the analysis is complete)
 * @property {() => void} judged       the analysis was judged: the marks, the accuracy and the luck
 * @property {() => void} stopped      the analysis was stopped (the focus goes back to its button)
 * @property {(error: any) => void} error
 */

export class ReviewCtrl {
  /**
   * @param {{plan: any, call: (cmd: string, args: object) => Promise<any>, viewer: number | null,
   *   analysis: any[] | null, saveAnalysis: (results: any[]) => void,
   *   playOn?: (record: any) => void,
   *   practise?: (seat: number, plies: number[], marks: Map<number, any>) => void,
   *   helpers?: AnalysisHelpers, luck?: object | null, saveLuck?: (luck: object) => void}} options
   * @param {ReviewView} view
   */
  constructor({ plan, call, viewer, analysis, saveAnalysis, playOn, practise, helpers, luck, saveLuck }, view) {
    this.plan = plan;
    /** Start "learn from your mistakes" (game/exercise-steps.js). */
    this.startPractising = practise || null;
    /** Start the game a position is played on in (game/ctrl.js). */
    this.startPlayingOn = playOn || null;
    this.call = call;
    this.saveAnalysis = saveAnalysis;
    this.view = view;
    /** @type {number} */
    this.plies = plan.plies;
    /** Everything may be shown: the game is over and kept secrets. */
    this.canReveal = Boolean(plan.over && (plan.hidden ?? plan.private));
    this.ply = this.plies;
    /** Whose eyes: a seat, or null for a spectator; the seat is also
     * "you", whose errors are stepped through. @type {number | null} */
    this.viewer = viewer;
    this.reveal = false;
    /** The position shown (the engine's review_at). @type {any} */
    this.snap = null;
    /** The expert's opinion asked at a ply, and its thinking. @type {any} */
    this.opinion = null;
    /** @type {{ply: number, progress: number, cancelled: boolean} | null} */
    this.asking = null;
    /** The analysis: its decisions so far, whether it is complete, its run. @type {any[]} */
    this.results = analysis || [];
    /** What chance did, kept with the game (given back to the engine, not
     * measured again), and where a new measure is kept. */
    this.keptLuck = (analysis && luck) || null;
    this.saveLuck = saveLuck || null;
    /** The quick pass's estimates, by ply. @type {Map<number, any>} */
    this.glances = new Map();
    /** The helper engines, and those started (each once). */
    this.helpers = helpers || null;
    /** @type {Promise<{call: (cmd: string, args: object) => Promise<any>, session: string, close: () => void}>[]} */
    this.engines = [];
    this.complete = Boolean(analysis);
    /** The analysis judged by the engine (`review_judge`), or null. @type {any} */
    this.judged = null;
    /** Each decision's mark and cost, by its ply (the judged ones, else
     * those the analysis gave as it went). @type {Map<number, {ply: number, mover: number, mark: string, cost: number}>} */
    this.marks = new Map();
    /** Where turns and rounds start. */
    this.starts = stretches(plan);
    /** @type {{cancelled: boolean, progress: number} | null} */
    this.analysing = null;
    /** The game's result (the end position's), for the graph's last point. @type {any} */
    this.lastResult = null;
    this.closed = false;
    // The ply asked for, and the drawing under way (steps made faster than
    // they are drawn draw only the latest).
    this.wanted = this.plies;
    this.drawing = false;
  }

  // -- stepping ----------------------------------------------------------------------

  /** @param {number} ply */
  go(ply) {
    if (this.closed) return;
    this.wanted = Math.max(0, Math.min(this.plies, Math.round(ply)));
    if (this.wanted !== this.ply) this.stopExpert();
    void this.fetch();
  }

  /** The position of the ply wanted, seen as asked, then drawn; again while
   * the wish changed meanwhile. */
  async fetch() {
    if (this.drawing) return;
    this.drawing = true;
    const wish = () => `${this.wanted}|${this.viewer}|${this.reveal}`;
    try {
      let key = null;
      while (!this.closed && key !== wish()) {
        key = wish();
        const ply = this.wanted;
        const snap = await this.call('review_at', { ply, viewer: this.viewer, reveal: this.reveal, session: REVIEW_SESSION });
        if (this.closed) return;
        this.ply = ply;
        this.snap = snap;
        this.view.position();
        key = `${ply}|${snap.viewer}|${snap.revealed}`;
      }
    } catch (error) {
      if (!this.closed) this.view.error(error);
    } finally {
      this.drawing = false;
    }
  }

  /** Show the first position (the end, or `ply`), and learn the result. */
  async open(ply = this.plies) {
    this.wanted = ply;
    await this.fetch();
    if (this.complete && !this.judged) await this.judge();
    if (this.snap && this.snap.ply === this.plies) this.lastResult = this.snap.result;
    if (!this.lastResult) {
      const end = await this.call('review_at', { ply: this.plies, viewer: this.viewer, session: REVIEW_SESSION });
      this.lastResult = end.result;
    }
    this.view.graph();
  }

  /** @param {boolean} on */
  setReveal(on) {
    this.reveal = on && this.canReveal;
    void this.fetch();
  }

  /** @param {number | null} seat */
  setViewer(seat) {
    this.viewer = seat;
    void this.fetch();
  }

  /** The log's entry of a ply's move (entry n is the n-th move).
   * @param {number} ply */
  entryOf(ply) {
    return this.snap ? this.snap.log.find((/** @type {any} */ entry) => entry.n === ply) || null : null;
  }

  /** The analysis of the decision at `ply`, if done. @param {number} ply */
  analysedAt(ply) {
    return this.results.find((item) => item.ply === ply) || null;
  }

  // -- the expert's opinion -----------------------------------------------------------------

  stopExpert() {
    if (this.asking) this.asking.cancelled = true;
    this.asking = null;
  }

  async askExpert() {
    const ply = this.ply;
    if (ply >= this.plies || this.asking) return;
    const asking = (this.asking = { ply, progress: 0, cancelled: false });
    this.opinion = null;
    this.view.controls();
    this.view.opinion();
    try {
      for (;;) {
        const answer = await this.call('review_expert', { ply, ms: SLICE_MS, session: REVIEW_SESSION });
        if (asking.cancelled || this.closed) return;
        asking.progress = answer.progress;
        if (answer.done) {
          this.opinion = answer.opinion;
          break;
        }
        this.view.opinion();
      }
    } catch (error) {
      if (!asking.cancelled && !this.closed) this.view.error(error);
    } finally {
      if (this.asking === asking) this.asking = null;
    }
    if (this.closed || asking.cancelled) return;
    this.view.controls();
    this.view.opinion();
  }

  // -- the analysis -------------------------------------------------------------------------

  /** The plies of the game's decisions (those with a choice). @returns {number[]} */
  get decisionPlies() {
    return this.plan.decision_plies || [];
  }

  /** What is left of the analysis, as tasks for the engines: the quick pass
   * over the decisions with no estimate yet, then the analysis proper of
   * those not analysed, in chunks that any engine free takes next. */
  tasks() {
    const analysed = new Set(this.results.map((item) => item.ply));
    const left = this.decisionPlies.filter((ply) => !analysed.has(ply));
    const unseen = left.filter((ply) => !this.glances.has(ply));
    return [...chunks(unseen, QUICK_CHUNK).map((plies) => ({ plies, quick: true })), ...chunks(left, CHUNK).map((plies) => ({ plies, quick: false }))];
  }

  /** How far the analysis has gone, from 0 to 1: the quick pass counts for
   * its share of the work. */
  progress() {
    const total = this.decisionPlies.length;
    if (!total) return 1;
    const analysed = new Set(this.results.map((item) => item.ply));
    const glanced = [...this.glances.keys()].filter((ply) => !analysed.has(ply)).length;
    return Math.min(1, (analysed.size + QUICK_SHARE * glanced) / total);
  }

  /** Analyse every decision not analysed yet: the page's engine and, as
   * many as the device allows, helper engines (each booted once, with the
   * game open in it) take the tasks one after the other, the quick pass
   * first; a stop keeps what is done, and the analysis goes on from there. */
  async analyse() {
    if (this.analysing || this.complete) return;
    /** @type {{cancelled: boolean, progress: number}} */
    const run = { cancelled: false, progress: this.progress() };
    this.analysing = run;
    this.view.controls();
    const queue = this.tasks();
    const count = this.helpers ? Math.min(this.helpers.count(), Math.max(0, queue.length - 1)) : 0;
    const working = [this.work(run, queue, this.call, REVIEW_SESSION, SLICE_MS)];
    for (let index = 0; index < count; index += 1) working.push(this.helped(run, queue, index));
    try {
      await Promise.all(working);
      // What a helper that failed left undone, the page's engine does.
      if (!run.cancelled && !this.closed && queue.length) await this.work(run, queue, this.call, REVIEW_SESSION, SLICE_MS);
    } catch (error) {
      if (!run.cancelled && !this.closed) this.view.error(error);
      run.cancelled = true;
    } finally {
      if (this.analysing === run) this.analysing = null;
    }
    if (this.closed) return;
    if (!this.complete && this.decisionPlies.length && this.results.length === this.decisionPlies.length) {
      this.complete = true;
      this.saveAnalysis(this.results);
    }
    // The analysis complete, its helper engines give their memory back.
    if (this.complete) this.closeHelpers();
    if (this.complete) await this.judge();
    if (this.closed) return;
    this.view.rebuild();
    this.view.position();
    this.view.graph();
  }

  /** One engine's part: tasks from `queue` until none is left or the run
   * stops. A task's decisions finished before a stop are kept; one that
   * fails goes back to the queue with its decisions not done, and the error
   * to the caller.
   * @param {{cancelled: boolean, progress: number}} run @param {{plies: number[], quick: boolean}[]} queue
   * @param {(cmd: string, args: object) => Promise<any>} call @param {string} session @param {number} ms */
  async work(run, queue, call, session, ms) {
    while (!run.cancelled && !this.closed && queue.length) {
      const task = /** @type {{plies: number[], quick: boolean}} */ (queue.shift());
      const done = new Set();
      try {
        for (;;) {
          const answer = await call('review_analyse', { ms, plies: task.plies, quick: task.quick, session });
          if (this.closed) return;
          for (const item of answer.results) done.add(item.ply);
          this.take(answer.results, task.quick);
          if (answer.done || run.cancelled) break;
        }
      } catch (error) {
        const rest = task.plies.filter((ply) => !done.has(ply));
        if (rest.length) queue.unshift({ plies: rest, quick: task.quick });
        throw error;
      }
      if (run.cancelled) return;
      run.progress = this.progress();
      this.view.graph();
      this.view.controls();
    }
  }

  /** A helper engine's part, once it has booted (the first run boots it; a
   * helper that cannot boot or fails leaves its work to the others).
   * @param {{cancelled: boolean, progress: number}} run @param {{plies: number[], quick: boolean}[]} queue @param {number} index */
  async helped(run, queue, index) {
    const helpers = /** @type {AnalysisHelpers} */ (this.helpers);
    if (!this.engines[index]) {
      this.engines[index] = helpers.start();
      this.engines[index].catch(() => {});
    }
    try {
      const engine = await this.engines[index];
      if (run.cancelled || this.closed) return;
      await this.work(run, queue, engine.call, engine.session, HELPER_SLICE_MS);
    } catch {
      // The page's engine and the other helpers go on without it.
    }
  }

  /** Decisions an engine finished: the analysis proper's in order of their
   * plies (engines finish out of order), the quick pass's apart.
   * @param {any[]} results @param {boolean} quick */
  take(results, quick) {
    if (!results.length) return;
    if (quick) {
      for (const item of results) this.glances.set(item.ply, item);
      return;
    }
    const known = new Set(this.results.map((item) => item.ply));
    this.results = this.results.concat(results.filter((item) => !known.has(item.ply))).sort((a, b) => a.ply - b.ply);
    this.noteMarks(results);
  }

  /** What the graph draws: each decision's analysis, else its quick
   * estimate, in the order of their plies. */
  graphResults() {
    if (!this.glances.size) return this.results;
    const analysed = new Map(this.results.map((item) => [item.ply, item]));
    return this.decisionPlies.map((ply) => analysed.get(ply) || this.glances.get(ply)).filter(Boolean);
  }

  /** The marks the analysis gave as it went. @param {any[]} results */
  noteMarks(results) {
    for (const item of results) {
      if (item.mark) this.marks.set(item.ply, { ply: item.ply, mover: item.mover, mark: item.mark, cost: item.cost ?? 0 });
    }
  }

  /** The analysis judged by the engine: every mark, each player's accuracy
   * and (the analysis complete, the game over) their luck. A kept analysis
   * the engine refuses is forgotten, to be made again. */
  async judge() {
    if (!this.results.length) return;
    try {
      const args = { results: this.results, session: REVIEW_SESSION };
      const judged = await this.call('review_judge', this.keptLuck ? { ...args, luck: this.keptLuck } : args);
      if (this.closed) return;
      if (judged.luck && !this.keptLuck && this.saveLuck) this.saveLuck(judged.luck);
      this.judged = judged;
      this.marks = new Map(judged.decisions.map((/** @type {any} */ item) => [item.ply, item]));
    } catch (error) {
      if (this.closed) return;
      this.results = [];
      this.glances = new Map();
      this.keptLuck = null;
      this.complete = false;
      this.judged = null;
      this.marks = new Map();
      this.view.error(error);
    }
    this.view.judged();
  }

  /** The mark of the decision at `ply`, if judged. @param {number} ply */
  markAt(ply) {
    return this.marks.get(ply) || null;
  }

  // -- stepping by turn, round and error ----------------------------------------------------

  /** @param {number} direction 1 forward, -1 back */
  goTurn(direction) {
    this.go(nextStart(this.starts.turns, this.wanted, direction, this.plies));
  }

  /** @param {number} direction */
  goRound(direction) {
    this.go(nextStart(this.starts.rounds, this.wanted, direction, this.plies));
  }

  /** The plies of the errors (inaccuracies, mistakes, blunders) of `seat`,
   * or of every player when `seat` is null. @param {number | null} seat */
  errorsOf(seat) {
    return [...this.marks.values()]
      .filter((item) => isError(item.mark) && (seat === null || item.mover === seat))
      .map((item) => item.ply)
      .sort((a, b) => a - b);
  }

  /** To the position before the next (or previous) error of the viewer's
   * seat (every player's, for a spectator). @param {number} direction */
  goError(direction) {
    const errors = this.errorsOf(this.viewer);
    const found = direction > 0 ? errors.find((ply) => ply > this.wanted) : [...errors].reverse().find((ply) => ply < this.wanted);
    if (found !== undefined) this.go(found);
  }

  stopAnalysis() {
    if (!this.analysing) return;
    this.analysing.cancelled = true;
    this.analysing = null;
    this.view.controls();
    this.view.stopped();
  }

  // -- learning from one's mistakes ---------------------------------------------------------

  /** Whether the seat seen through has errors to learn from. */
  canPractise() {
    return Boolean(this.startPractising && this.judged && this.viewer !== null && this.errorsOf(this.viewer).length);
  }

  /** The seat's costliest errors, as the engine chooses them, become
   * exercises. */
  async practise() {
    if (!this.canPractise()) return;
    const seat = /** @type {number} */ (this.viewer);
    try {
      const plies = await this.call('review_exercises', { results: this.results, seat, session: REVIEW_SESSION });
      if (this.closed || !plies.length) return;
      /** @type {(seat: number, plies: number[], marks: Map<number, any>) => void} */ (this.startPractising)(seat, plies, this.marks);
    } catch (error) {
      if (!this.closed) this.view.error(error);
    }
  }

  // -- playing on ---------------------------------------------------------------------------

  /** The seat that plays on from the position shown: the one seen
   * through, else the next to move. */
  playOnSeat() {
    if (this.viewer !== null) return this.viewer;
    return this.snap && this.snap.next_mover !== null && this.snap.next_mover !== undefined ? this.snap.next_mover : 0;
  }

  /** A new game from the position shown (the engine deals again what the
   * seat could not see, unless everything is shown), against bots or
   * people at this device. @param {'bots' | 'people'} others */
  async playOn(others) {
    if (!this.startPlayingOn || this.ply >= this.plies) return;
    try {
      const record = await this.call('review_play_on', { ply: this.ply, seat: this.playOnSeat(), reveal: this.reveal, others, session: REVIEW_SESSION });
      if (this.closed) return;
      this.startPlayingOn(record);
    } catch (error) {
      if (!this.closed) this.view.error(error);
    }
  }

  close() {
    this.closed = true;
    this.stopExpert();
    if (this.analysing) this.analysing.cancelled = true;
    this.closeHelpers();
  }

  closeHelpers() {
    for (const engine of this.engines) engine.then((started) => started.close(), () => {});
    this.engines = [];
  }
}
