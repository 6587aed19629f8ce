// @ts-check
// "Learn from your mistakes" on the game screen: the exercises' flow
// (exercise/ctrl.js) made with the game's hooks, each exercise opened at a
// table of its own (the position of the decision, the player's seat to
// move), the game opened again in a review session of the engine's own
// (`PRACTICE_SESSION`) to judge the moves tried. Leaving goes back to the
// review.

/** The engine's session the game is reviewed in while it is practised. */
export const PRACTICE_SESSION = 'practice';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */

/**
 * @typedef {object} Practice
 * @property {any} record              the game reviewed (its record)
 * @property {string[]} typed          the names it was played under
 * @property {string | null} saveId    its entry among the saved games
 * @property {any} plan                the review's plan
 * @property {number} seat             the player's seat
 * @property {number[]} plies          the exercises' decisions, dearest first
 * @property {Map<number, {mark: string, cost: number}>} marks   the decisions judged
 */

/** Start the exercises of a reviewed game. @param {GameCtrl} ctrl @param {Practice} practice */
export async function startExercises(ctrl, { record, typed, saveId, plan, seat, plies, marks }) {
  ctrl.retire();
  ctrl.endLesson();
  const wanted = ctrl.generation;
  const { call, store, parts } = ctrl.deps;
  const review = PRACTICE_SESSION;
  const recordObject = typeof record === 'string' ? JSON.parse(record) : record;
  await call('review', { record: recordObject, session: review });
  if (ctrl.generation !== wanted) return;
  const moves = recordObject.moves;
  const flow = parts.exercises({
    plies,
    seat,
    marks,
    call: (/** @type {string} */ cmd, /** @type {any} */ args) => call(cmd, { ...args, session: review }),
    played: (/** @type {number} */ ply) => (moves[ply] ? { text: moves[ply][1] } : null),
    renderer: () => (ctrl.session ? ctrl.session.renderer : null),
    open: (/** @type {number} */ ply) => openExercise(ctrl, flow, plan, ply, seat, typed, review),
    suggest: (/** @type {any} */ move) => ctrl.session && ctrl.session.renderer.suggest(move),
    keep: (/** @type {{found: number, missed: number}} */ count) => {
      if (saveId) store.keepExercises(saveId, count);
    },
    // The practice's review session goes with the exercises.
    closed: () => void call('close', { session: review }).catch(() => {}),
    leave: (/** @type {number} */ ply) => {
      ctrl.endLesson();
      void ctrl.startReview(record, typed, { saveId, viewer: seat, at: ply });
    },
  });
  ctrl.lesson = flow;
  await flow.begin();
}

/**
 * One exercise at a table of its own: the position of the decision at
 * `ply`, every seat a person's, seen by the player.
 * @param {GameCtrl} ctrl @param {any} flow @param {any} plan @param {number} ply @param {number} seat
 * @param {string[]} typed @param {string} review
 */
async function openExercise(ctrl, flow, plan, ply, seat, typed, review) {
  ctrl.retire();
  const wanted = ctrl.generation;
  const table = ctrl.deps.tables.exercise({
    ply,
    review,
    onTried: (/** @type {any} */ tried) => flow.tried(tried),
    onOpened: (/** @type {any[]} */ legal) => flow.opened(legal),
  });
  const seats = Array.from({ length: plan.players }, () => 'h');
  const mine = await ctrl.mountLocal(plan.game, seats, typed, null, table, null, {
    viewer: seat,
    part: ctrl.deps.parts.exercisePart(flow, ctrl),
  });
  if (!mine || ctrl.generation !== wanted) return;
  ctrl.deps.screen.title(ctrl.titleOf(plan.game));
  const snap = await ctrl.busyWhile(mine, () => table.start({ names: typed }));
  if (ctrl.session !== mine) return;
  await ctrl.turnsOf(mine).begin(snap, { fromStart: true });
}
