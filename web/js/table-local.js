// @ts-check
// A table in this browser: the engine in the worker (worker-client.js and
// pygame_core/api.py). The turn controller (turns.js) plays through it as
// it plays through a table server (remote.js); here the page plays the bots
// itself, and several people may share the device.
//
// Each table is a session of the engine (`session`: "game", the game on
// screen; "lesson", a lesson's step or its short game).

import { call } from './worker-client.js';

/** @typedef {import('./state.js').Snapshot} Snapshot */
/** @typedef {import('./state.js').PageError} PageError */

/** What a new game is set up with (the engine's `new`).
 * @typedef {{game: string, players: number, seats: string[], seed?: number | string | null,
 *   options?: Record<string, boolean> | null, names?: string[], exactBots?: boolean}} NewGame */

/**
 * A table in this browser: the table the turn controller plays through,
 * and what starts its game (a set-up, or a record loaded).
 * @typedef {Omit<import('./state.js').Table, 'play' | 'undo'>
 *   & Required<Pick<import('./state.js').Table, 'think' | 'botMove' | 'save'>> & {
 *   play: (seat: number, move: string, viewer?: number | null) => Promise<Snapshot>,
 *   undo: (seat: number, viewer?: number | null) => Promise<Snapshot>,
 *   start: (setup: NewGame) => Promise<Snapshot>,
 *   load: (recordText: string) => Promise<Snapshot>,
 * }} LocalTable */

/** A lesson's table: started with the learner's names only.
 * @typedef {Omit<LocalTable, 'start'> & {start: (args: {names: string[]}) => Promise<Snapshot>}} LessonTable */

/** A choice that is not the step's, refused: the lesson's refusal, with the
 * move clicked and the step's move and what each gains, or the rule the
 * click breaks (`refusal`).
 * @typedef {PageError & {lesson?: boolean, clicked?: import('./state.js').Move, clickedWhy?: import('./advice-words.js').Reason[],
 *   taught?: import('./state.js').Move, taughtWhy?: import('./advice-words.js').Reason[], refusal?: unknown}} WrongChoice */

/** @param {{session?: string}} [options] the engine's session @returns {LocalTable} */
export function createLocalTable({ session = 'game' } = {}) {
  return {
    kind: 'local',
    botsHere: true,
    sharedDevice: true,
    // exactBots: bots bounded by their iterations alone (a day's deal replayed).
    start: ({ game, players, seats, seed, options, names, exactBots }) =>
      call('new', { game, players, seats, seed, options: options || {}, names, session, ...(exactBots ? { exact_bots: true } : {}) }),
    load: (recordText) => call('load', { record: recordText, session }),
    snapshot: (viewer) => call('snapshot', { viewer, session }),
    play: (seat, move, viewer) => call('play', { seat, move, viewer, session }),
    undo: (seat, viewer) => call('undo', { seat, viewer, session }),
    think: (args) => call('think', { ...args, session }),
    botMove: (seat, viewer) => call('bot_move', { seat, viewer, session }),
    save: () => call('save', { session }),
    close() {},
  };
}

/**
 * A lesson's table (pygame_core/lessons.py; `lesson` its id): `step` a step's number, whose
 * prepared position accepts only the taught `move` (any other is refused
 * as `wrong`, with what it would gain against what the step's move gains,
 * and changes nothing) and then shows
 * what it did, with nothing more to play; or "game", the short game against
 * the novice bot, a table like any other. Nothing is taken back, and one
 * person plays: no pass-the-device screen.
 * @param {{lesson: string, step: number | 'game', move?: string, wrong: PageError & {lesson?: boolean}, onTaught?: (snap: Snapshot) => void}} lesson
 * @returns {LessonTable}
 */
export function createLessonTable({ lesson, step, move, wrong, onTaught = () => {} }) {
  const base = createLocalTable({ session: 'lesson' });
  let taught = false;
  // The learner's legal moves now, to name a choice that is not the step's.
  /** @type {import('./state.js').Move[]} */
  let legal = [];
  const shown = (/** @type {Snapshot} */ snap) => {
    legal = snap.legal || [];
    return { ...snap, can_undo: false, legal: taught ? [] : snap.legal };
  };
  const open = (/** @type {string[]} */ names) => call('lesson_step', { lesson, step, names, session: 'lesson' });
  if (step === 'game') {
    return { ...base, sharedDevice: false, start: ({ names }) => open(names), undo: base.undo };
  }
  /** The refusal of a choice that is not the step's, with what it would
   * gain and what the step's move gains (the engine's reasons), or, for a
   * move the rules refuse, the rule it breaks.
   * @param {number} seat @param {string} text @returns {Promise<WrongChoice>} */
  async function explained(seat, text) {
    try {
      const [other, own] = await Promise.all([
        call('why', { seat, move: text, session: 'lesson' }),
        call('why', { seat, move, session: 'lesson' }),
      ]);
      const named = (/** @type {string} */ wanted) => legal.find((each) => each.text === wanted) || { text: wanted };
      return { ...wrong, clicked: named(text), clickedWhy: other.why, taught: named(/** @type {string} */ (move)), taughtWhy: own.why };
    } catch (refusal) {
      return { ...wrong, refusal };
    }
  }
  return {
    ...base,
    sharedDevice: false,
    start: async ({ names }) => shown(await open(names)),
    snapshot: async (viewer) => shown(await base.snapshot(viewer)),
    /** @param {number} seat @param {string} text @param {number | null} [viewer] */
    async play(seat, text, viewer) {
      if (taught) throw wrong;
      if (text !== move) throw await explained(seat, text);
      const after = await base.play(seat, text, viewer);
      taught = true;
      onTaught(after);
      return shown(after);
    },
    undo: async () => {
      throw wrong;
    },
  };
}

/**
 * A table for one exercise of "learn from your mistakes"
 * (exercise/ctrl.js): the position of the decision at `ply` of the game
 * reviewed in the engine's `review` session, where its mover tries moves.
 * Each is judged against the expert's (`review_try`) and told
 * (`onTried`); one good enough is played, to show it, and nothing more is
 * offered; another is refused (`exercise: true`) and changes nothing.
 * Nothing is taken back, and one person plays.
 * @param {{ply: number, review: string, onTried: (tried: import('./exercise/ctrl.js').Tried) => void,
 *   onOpened: (legal: import('./state.js').Move[]) => void}} exercise
 * @returns {LessonTable}
 */
export function createExerciseTable({ ply, review, onTried, onOpened }) {
  const base = createLocalTable({ session: 'exercise' });
  let solved = false;
  const shown = (/** @type {Snapshot} */ snap) => ({ ...snap, can_undo: false, legal: solved ? [] : snap.legal });
  /** @type {PageError & {exercise: boolean}} */
  const refused = { key: 'exercise.try_again', message: 'not within the good mark of the expert\'s move', params: {}, exercise: true };
  return {
    ...base,
    sharedDevice: false,
    start: async () => {
      const snap = await call('review_exercise', { ply, table: 'exercise', session: review });
      onOpened(snap.legal || []);
      return shown(snap);
    },
    snapshot: async (viewer) => shown(await base.snapshot(viewer)),
    /** @param {number} seat @param {string} text @param {number | null} [viewer] */
    async play(seat, text, viewer) {
      if (solved) throw refused;
      const tried = await call('review_try', { ply, move: text, session: review });
      onTried(tried);
      if (!tried.good) throw refused;
      solved = true;
      return shown(await base.play(seat, text, viewer));
    },
    undo: async () => {
      throw refused;
    },
  };
}
