// @ts-check
// The game screen's controller: the game on screen and what the player does
// with it, without the DOM. It holds the session (state.js's Session), the
// status line's facts, the expert's advice, and the lesson under way; it
// starts, resumes and leaves games (local, a lesson's steps, a review, an
// online table) and plays them through the turn controller (turns.js).
// What differs between those kinds of game is a part of the session
// (`GamePart`, parts.js): the game asks its part where its own behaviour
// would otherwise depend on the kind, never "is this online?".
//
// The view (view.js) draws from it: `redraw()` is handed in, and the
// screen's drawing calls (`screen`: the board and log, the end dialog, the
// privacy screen, a toast) too, so that Node's tests drive whole flows with
// fakes (tests/node/game-ctrl.test.mjs).

import { t } from '../i18n.js';
import { seatNames } from '../players.js';
import { nameText } from '../limits.js';
import { newSession } from '../state.js';
import { createTurns } from '../turns.js';
import { hasRenderer } from '../games/index.js';
import { errorText, recordText, firstViewer } from './words.js';
import { overStatus } from '../turn-words.js';
import { startLesson } from './lesson-steps.js';
import { startExercises } from './exercise-steps.js';

/** @typedef {import('../state.js').Session} Session */
/** @typedef {import('../state.js').Snapshot} Snapshot */
/** @typedef {import('../state.js').Table} Table */
/** @typedef {import('./parts.js').GamePart} GamePart */
/** @typedef {import('./parts.js').StatusFacts} StatusFacts */
/** @typedef {import('./parts.js').Tools} Tools */
/** @typedef {import('./parts.js').EndChoice} EndChoice */
/** @typedef {import('./parts.js').Hint} Hint */

/**
 * What the screen does for the controller (view.js; fakes in Node).
 * @typedef {object} Screen
 * @property {(gameId: string, onChoice: (text: string) => void) => Promise<any>} renderer   the game's renderer in the screen's containers
 * @property {(session: Session, snap: Snapshot, drawn: {interactive: boolean, marked: any[], fresh: any[], news: any[]}, names: string[]) => void} draw   the board, the log, what is said to a screen reader
 * @property {(snap: Snapshot, end: EndChoice) => void} showEnd
 * @property {(name: string, seat: number) => Promise<void>} privacy   the pass-the-device screen
 * @property {(text: string, kind?: string) => void} toast
 * @property {() => void} closeDialogs
 * @property {(record: any, name: string) => void} download
 * @property {(title: string) => void} title      the game's name in the bar
 * @property {(busy: boolean) => void} busy       the status line is busy (aria-busy)
 * @property {(progress: number | null, where: 'status' | 'advice') => void} progress
 * @property {() => void} cleared                 the game left: the log and what was said go
 */

/**
 * What the controller is made with.
 * @typedef {object} GameDeps
 * @property {Screen} screen
 * @property {() => void} redraw                 draw the status line, the tools, the advice, the watch bar again
 * @property {(cmd: string, args: object) => Promise<any>} call   the engine (worker-client.js)
 * @property {{local: () => any, lesson: (options: any) => any, review: (record: any) => any, exercise: (options: any) => any}} tables
 * @property {typeof import('../store.js')} store
 * @property {import('./parts.js').PartMakers} parts
 * @property {() => void} onExit
 * @property {(setup: any) => void} onNewGame
 * @property {() => string} pace
 * @property {(id: string) => string} [titleOf]
 * @property {() => string} [learnerName]
 * @property {(snap: Snapshot, setup: any) => Element | null} [endNote]   what the page adds to a local game's end (a day's deal replayed: its place on the board)
 */

export class GameCtrl {
  /** @param {GameDeps} deps */
  constructor(deps) {
    this.deps = deps;
    /** The game on screen, or null. @type {Session | null} */
    this.session = null;
    /** The status line's facts, as the turn controller last said them. @type {StatusFacts | null} */
    this.status = null;
    /** The expert's advice on screen. @type {Hint | null} */
    this.advice = null;
    /** The lesson under way, across its steps' sessions (lesson.js), or the
     * exercises of a reviewed game (exercise/view.js), or null. @type {any} */
    this.lesson = null;
    /** Each game started counts one: work of a game left finds another number. */
    this.generation = 0;
    /** @type {(id: string) => string} */
    this.titleOf = deps.titleOf || ((id) => id);
  }

  // -- what the view reads ---------------------------------------------------------

  /** @returns {GamePart} */
  get part() {
    return (this.session && this.session.part) || {};
  }

  /** The seats' names (online: the table's latest, a friend who just sat down). */
  names() {
    const session = this.session;
    if (!session) return [];
    if (this.part.names) return this.part.names(session.seats);
    return seatNames(session.seats, session.typedNames);
  }

  /** The status line in words. @param {StatusFacts} facts */
  statusText(facts) {
    const { kind, seat, winners = [], named, text } = facts;
    if (kind === 'loading') return text || '';
    if (!this.session) return text || '';
    const list = this.names();
    if (kind === 'over') {
      return overStatus(winners, list);
    }
    const own = this.part.statusText && this.part.statusText(facts, list);
    if (own) return own;
    if (seat === null || seat === undefined) return '';
    if (kind === 'paused') return t('status.paused', { player: list[seat] });
    if (kind === 'thinking') return t('status.thinking', { player: list[seat] });
    if (kind === 'your_turn') return named ? t('status.your_turn_named', { player: list[seat] }) : t('status.your_turn');
    if (kind === 'waiting') return t('status.waiting', { player: list[seat] });
    return '';
  }

  /** The tools' state: undo, the expert's hint, saving the record.
   * @returns {Tools} */
  tools() {
    const session = this.session;
    const turns = session && session.turns;
    /** @type {Tools} */
    let tools = { undo: { disabled: true }, hint: { hidden: false, disabled: true, pressed: false }, save: { hidden: false } };
    if (!session) return tools;
    if (turns && turns.snapshot) {
      const snap = turns.snapshot;
      const hinting = Boolean(turns.hint);
      tools = {
        undo: { disabled: turns.busy || !snap.can_undo || !turns.isInteractive() },
        hint: { hidden: turns.watching || !session.table.botsHere, disabled: !hinting && !turns.canHint(), pressed: hinting },
        save: { hidden: false },
      };
    }
    return this.part.tools ? this.part.tools(tools) : tools;
  }

  /** Only bots play, and the game is not over: it can be paused and sped up. */
  get watchable() {
    const turns = this.session && this.session.turns;
    return Boolean(turns && turns.watching && !(turns.snapshot && turns.snapshot.over));
  }

  get paused() {
    return Boolean(this.session && this.session.turns && this.session.turns.paused);
  }

  get active() {
    return Boolean(this.session);
  }

  get watching() {
    return Boolean(this.session && this.session.turns && this.session.turns.watching);
  }

  get gameId() {
    return this.session ? this.session.game : null;
  }

  // -- the view the turn controller draws through ------------------------------------

  /** @param {Session} mine */
  turnsView(mine) {
    const live = () => this.session === mine;
    const { screen } = this.deps;
    return {
      /** @param {Snapshot} snap @param {{interactive: boolean, marked: any[], fresh: any[], news: any[]}} drawn */
      draw: (snap, drawn) => {
        if (!live()) return;
        screen.draw(mine, snap, drawn, this.names());
        if (this.part.drawn) this.part.drawn(snap);
      },
      /** @param {StatusFacts} facts */
      status: (facts) => {
        if (!live()) return;
        this.status = facts;
        if (this.part.turnChanged) this.part.turnChanged(facts.state === 'playing' && facts.kind === 'your_turn');
        this.deps.redraw();
      },
      /** @param {number | null} progress */
      progress: (progress) => {
        if (live()) screen.progress(progress, 'status');
      },
      /** @param {boolean} flag */
      busy: (flag) => {
        if (live()) screen.busy(flag);
      },
      tools: () => {
        if (live()) this.deps.redraw();
      },
      /** @param {number} seat */
      privacy: (seat) => screen.privacy(this.names()[seat], seat),
      /** @param {any} error */
      error: (error) => {
        if (this.part.error && this.part.error(error)) return;
        screen.toast(errorText(error), 'error');
      },
      /** @param {Snapshot} snap */
      finish: (snap) => {
        if (live()) this.finish(snap);
      },
      /** @param {boolean} always */
      settled: (always) => {
        const renderer = mine.renderer;
        if (!renderer.settled || (!always && mine.table.botsHere && this.deps.pace() === 'instant')) return null;
        return renderer.settled();
      },
      /** @param {Snapshot} snap */
      autosave: (snap) => this.autosave(mine, snap),
      /** @param {Hint | null} hint @param {number | null} [progress] */
      advice: (hint, progress) => {
        if (!live()) return;
        if (progress !== undefined) {
          screen.progress(progress, 'advice');
          return;
        }
        this.advice = hint;
        this.deps.redraw();
      },
      /** @param {any} move */
      suggest: (move) => {
        if (live() && mine.renderer.suggest) mine.renderer.suggest(move);
      },
      watchBar: () => {
        if (live()) this.deps.redraw();
      },
    };
  }

  /** Save the game in its own entry of the saved games (a first move gives
   * a new game its entry; a game resumed keeps the one it came from). A
   * finished game is no longer in progress. A part may keep the game
   * elsewhere (a table server) or not at all (a lesson).
   * @param {Session} mine @param {Snapshot} snap */
  async autosave(mine, snap) {
    const { store, screen } = this.deps;
    if (mine.part && mine.part.autosave && mine.part.autosave(snap)) return;
    if (snap.over) {
      // A finished game (played or watched) is kept, to be looked back on.
      if (mine.kept) return;
      mine.kept = true;
      let record;
      try {
        record = await mine.table.save?.();
      } catch {
        return;
      }
      if (!record) return;
      const id = store.keepFinished(mine.saveId, record, mine.typedNames);
      if (id && this.session === mine) mine.saveId = id;
      return;
    }
    const moves = snap.log.length;
    // A game of bots only is watched, not played: it is never saved.
    if (moves === mine.savedAt || (mine.turns && mine.turns.watching)) return;
    if (!moves && !mine.saveId) return;
    let record;
    try {
      record = await mine.table.save?.();
    } catch {
      return; /* an unsaved move is not worth interrupting the game */
    }
    if (this.session !== mine || !record) return;
    const id = store.saveGame(mine.saveId, record, mine.typedNames);
    if (id) {
      mine.saveId = id;
      mine.savedAt = moves;
    } else if (!mine.saveRefused) {
      // Said once a game: the browser's storage is full or disabled.
      mine.saveRefused = true;
      screen.toast(t('game.save_failed'), 'error');
    }
  }

  /** The end of the game: the end dialog, with what may come next.
   * @param {Snapshot} snap */
  finish(snap) {
    const mine = /** @type {Session} */ (this.session);
    const names = this.names();
    /** @type {EndChoice} */
    let end = {
      names,
      // A game ended on time before its scoring has no points to explain.
      details: snap.result && snap.result.reason === 'time' && !snap.result.breakdown ? null : () => mine.renderer.endDetails(snap, names),
      // A local game (no part: not a lesson, a table or a review) may get a note.
      extra: this.deps.endNote && !mine.part && mine.setup ? this.deps.endNote(snap, mine.setup) : null,
      onReview: async () => {
        const record = await mine.table.save?.();
        await this.startReview(record, mine.typedNames, { saveId: mine.saveId });
      },
      // Each player's accuracy on the end screen, the analysis kept with the game.
      analysis: mine.table.save ? async () => {
        const record = await /** @type {() => Promise<any>} */ (mine.table.save)();
        return { record, saveId: this.deps.store.keepFinished(mine.saveId, record, mine.typedNames), viewer: firstViewer(mine.seats) };
      } : null,
      onNewGame: () => this.deps.onNewGame(mine.setup),
      newGameLabel: t('end.new_game'),
      onMenu: () => this.exit(),
    };
    if (mine.part && mine.part.finish) end = mine.part.finish(end, snap);
    this.deps.screen.showEnd(snap, end);
  }

  // -- starting and leaving --------------------------------------------------------------

  /** The turn controller of a session that has one (every game but a review).
   * @param {Session} session */
  turnsOf(session) {
    if (!session.turns) throw new Error('this game has no turn controller');
    return session.turns;
  }

  /** Leave the current game at once: nothing it started may act any more
   * (a search answering late finds its run cancelled and sends nothing). */
  retire() {
    this.generation += 1;
    const left = this.session;
    if (!left) return;
    this.session = null;
    this.status = null;
    this.advice = null;
    if (left.turns) left.turns.retire();
    if (left.part && left.part.close) left.part.close();
    left.table.close();
    left.renderer.destroy();
    this.deps.redraw();
  }

  endLesson() {
    if (!this.lesson) return;
    this.lesson.close();
    this.lesson = null;
  }

  /** The renderer of a game; null when the player left meanwhile.
   * @param {string} gameId */
  async renderer(gameId) {
    const wanted = this.generation;
    const made = await this.deps.screen.renderer(gameId, (text) => {
      const session = this.session;
      if (session && session.turns) session.turns.choose(text);
    });
    return this.generation === wanted ? made : null;
  }

  /**
   * A session for a game in this browser; null when the player left meanwhile.
   * `options.viewer`: the seat shown first (by default the only person's);
   * `options.part`: what a lesson's step or its short game adds.
   * @param {string} gameId @param {string[]} seats @param {string[]} typedNames @param {any} setup @param {any} table
   * @param {string | null} [saveId] @param {{viewer?: number | null, part?: GamePart | null, autoHint?: () => boolean}} [options]
   */
  async mountLocal(gameId, seats, typedNames, setup, table, saveId = null, options = {}) {
    const { viewer, part = null, autoHint = () => false } = options;
    const made = await this.renderer(gameId);
    if (!made) {
      table.close();
      return null;
    }
    const mine = newSession({ game: gameId, seats, typedNames, setup, renderer: made, table, saveId, part });
    this.session = mine;
    mine.turns = createTurns({
      table,
      view: this.turnsView(mine),
      seats,
      viewer: viewer === undefined ? firstViewer(seats) : viewer,
      pace: this.deps.pace,
      autoHint,
    });
    return mine;
  }

  /** A new game in this browser, from the menu's set-up (or a deep link's).
   * @param {any} config @param {{onFirstDraw?: () => void}} [options] */
  async start(config, { onFirstDraw } = {}) {
    this.retire();
    this.endLesson();
    const { game, players, seats, seed, options, names: typed } = config;
    if (!hasRenderer(game)) throw { key: 'error.bad_setup', message: `no game ${game}`, params: { field: 'game' } };
    const table = this.deps.tables.local();
    const mine = await this.mountLocal(game, seats, typed || [], config, table);
    if (!mine) return;
    this.status = { state: 'loading', text: t('status.loading'), kind: 'loading' };
    this.deps.redraw();
    const names = seats.map((/** @type {string} */ _, /** @type {number} */ seat) => nameText(typed && typed[seat]));
    const snap = await this.busyWhile(mine, () => table.start({ game, players, seats, seed, options: options || {}, names, ...(config.exactBots ? { exactBots: true } : {}) }));
    if (this.session !== mine) return;
    this.deps.screen.title(this.titleOf(game));
    await this.turnsOf(mine).begin(snap, { fromStart: true, onFirstDraw });
  }

  /** @template T @param {Session} mine @param {() => Promise<T>} work @returns {Promise<T>} */
  async busyWhile(mine, work) {
    this.deps.screen.busy(true);
    try {
      return await work();
    } finally {
      if (this.session === mine) this.deps.screen.busy(false);
    }
  }

  /** Load a record (its text, or the object a saved game holds) and go on
   * with the game; `saveId` is the saved game it continues (null: a game of
   * its own from now on). A finished game is looked back on instead.
   * @param {any} record @param {string[]} typed @param {{saveId?: string | null}} [options] */
  async resume(record, typed, { saveId = null } = {}) {
    // Stopped before `load` is sent, so that no late move of the game being
    // left can reach the game being loaded.
    this.retire();
    this.endLesson();
    const wanted = this.generation;
    const table = this.deps.tables.local();
    const snap = await table.load(recordText(record));
    if (this.generation !== wanted) return;
    if (snap.over) {
      table.close();
      await this.startReview(record, typed, { saveId });
      return;
    }
    // The record carries the names; an autosave may also keep its own copy.
    const names = typed && typed.some(Boolean) ? typed : snap.names || [];
    const setup = { game: snap.game, players: snap.players, seats: snap.seats, options: snap.options, names };
    const mine = await this.mountLocal(snap.game, snap.seats, names, setup, table, saveId);
    if (!mine) return;
    this.deps.screen.title(this.titleOf(snap.game));
    await this.turnsOf(mine).begin(snap, { fromStart: false });
  }

  // -- lessons ---------------------------------------------------------------------------

  /** A lesson (pygame_core/lessons.py) by its id, from its first step
   * (lesson-steps.js opens each step at a table of its own).
   * @param {string} lessonId @param {{onFirstDraw?: () => void}} [options] */
  startLesson(lessonId, options = {}) {
    return startLesson(this, lessonId, options);
  }

  // -- looking back on a finished game ---------------------------------------------------

  /**
   * Look back on a finished game (review.js): `record` its record (or its
   * text), `typed` the names it was played under, `saveId` its entry among
   * the saved games (null: the entry of the same game, or a new one),
   * `viewer` the seat whose eyes it is seen through first, `at` the ply
   * shown first (the end by default).
   * @param {any} record @param {string[]} typed @param {{saveId?: string | null, viewer?: number | null, at?: number}} [options]
   */
  async startReview(record, typed, { saveId = null, viewer, at } = {}) {
    this.retire();
    this.endLesson();
    const wanted = this.generation;
    const { store, call } = this.deps;
    const text = recordText(record);
    const plan = await call('review', { record: text, session: this.deps.parts.reviewSession });
    if (this.generation !== wanted) return;
    const recordObject = typeof record === 'string' ? JSON.parse(record) : record;
    const typedNames = typed && typed.some(Boolean) ? typed : plan.names || [];
    const kept = plan.over ? store.keepFinished(saveId, recordObject, typedNames) : null;
    const made = await this.renderer(plan.game);
    if (!made || this.generation !== wanted) return;
    const mine = newSession({ game: plan.game, seats: plan.seats, typedNames, renderer: made, table: this.deps.tables.review(recordObject), saveId: kept });
    this.session = mine;
    this.deps.screen.title(this.titleOf(plan.game));
    const entry = kept ? store.savedGames().find((each) => each.id === kept) : null;
    mine.part = this.deps.parts.review({
      plan,
      record: recordObject,
      renderer: made,
      names: () => this.names(),
      viewer: viewer === undefined ? firstViewer(plan.seats) : viewer,
      entry,
      kept,
      status: (/** @type {string} */ words) => {
        this.status = { state: 'review', kind: 'loading', text: words };
        this.deps.redraw();
      },
      // A new game from a position looked back on: a game of its own.
      playOn: (/** @type {any} */ played) => void this.resume(played, played.names || []),
      practise: (/** @type {number} */ seat, /** @type {number[]} */ plies, /** @type {Map<number, any>} */ marks) =>
        void startExercises(this, { record: recordObject, typed: typedNames, saveId: kept, plan, seat, plies, marks }),
    });
    this.deps.redraw();
    await mine.part.open?.(at);
  }

  // -- online ------------------------------------------------------------------------

  /**
   * Play at a table on a table server. `remote` is the table (remote.js),
   * already connected; `entry` what this browser keeps of it (store.js). The
   * table's part (online/part.js) listens to `remote` itself.
   * @param {any} remote @param {any} entry @param {{site?: string, own?: string, onFirstDraw?: () => void}} [options]
   */
  async startOnline(remote, entry, { site, own, onFirstDraw } = {}) {
    this.retire();
    this.endLesson();
    const first = remote.state;
    const gameId = first.snapshot.game;
    if (!hasRenderer(gameId)) {
      remote.close();
      throw { key: 'error.bad_setup', message: `no game ${gameId}`, params: { field: 'game' } };
    }
    const made = await this.renderer(gameId);
    if (!made) {
      remote.close();
      return;
    }
    const seats = first.snapshot.seats;
    const mine = newSession({ game: gameId, seats, renderer: made, table: remote });
    this.session = mine;
    mine.part = this.deps.parts.online({ remote, entry, site, own, ctrl: this, session: mine });
    mine.turns = createTurns({ table: remote, view: this.turnsView(mine), seats, viewer: first.seat });
    this.deps.screen.title(this.titleOf(gameId));
    mine.part.show?.(first);
    await this.turnsOf(mine).begin(playable(first), { fromStart: false, onFirstDraw });
  }

  /** The table on a table server on screen, if any. */
  get remote() {
    return this.session && this.part.remote ? this.session.table : null;
  }

  // -- what the player does --------------------------------------------------------------

  undo() {
    const turns = this.session && this.session.turns;
    if (turns) turns.undo();
  }

  toggleHint() {
    const turns = this.session && this.session.turns;
    if (turns) turns.toggleHint();
  }

  dropHint() {
    const turns = this.session && this.session.turns;
    if (turns) turns.dropHint();
  }

  togglePause() {
    const turns = this.session && this.session.turns;
    if (turns) turns.togglePause();
  }

  clearSelection() {
    if (this.session) this.session.renderer.clearSelection();
  }

  /** The game's record, as a file. */
  async download() {
    const session = this.session;
    if (!session || !session.table.save) return;
    try {
      const record = await session.table.save();
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
      this.deps.screen.download(record, `archipel-${session.game}-${stamp}.json`);
      this.deps.screen.toast(t('game.saved'));
    } catch (error) {
      this.deps.screen.toast(errorText(error), 'error');
    }
  }

  exit() {
    this.deps.screen.closeDialogs();
    this.retire();
    this.endLesson();
    this.status = { state: 'loading', text: '', kind: 'loading' };
    this.deps.screen.cleared();
    this.deps.redraw();
    this.deps.onExit();
  }

  /** The language changed: everything in words again. */
  retranslate() {
    const session = this.session;
    if (!session) return;
    this.deps.screen.title(this.titleOf(session.game));
    if (!session.turns) {
      // A review draws itself.
      if (this.part.retranslate) this.part.retranslate();
      return;
    }
    if (!session.turns.snapshot) return;
    session.turns.redraw();
    this.deps.redraw();
    if (this.part.retranslate) this.part.retranslate();
    if (this.lesson) this.lesson.retranslate();
  }
}

/** The snapshot to draw of an online table's state: a waiting table's lights
 * up no move (the server would refuse it until the game begins).
 * @param {any} state @returns {Snapshot} */
export function playable(state) {
  return state.table && state.table.started === false ? { ...state.snapshot, legal: [] } : state.snapshot;
}
