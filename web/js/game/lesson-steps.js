// @ts-check
// A lesson on the game screen: its flow (lesson/ctrl.js) made with the
// game's hooks, and each of its steps opened at a table of its own, the
// learner at seat 0, with the lesson's part (parts.js).

import { t } from '../i18n.js';
import { nameText } from '../limits.js';
import { hasRenderer } from '../games/index.js';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */

/** A lesson (pygame_core/lessons.py) by its id, from its first step.
 * @param {GameCtrl} ctrl @param {string} lessonId @param {{onFirstDraw?: () => void}} [options] */
export async function startLesson(ctrl, lessonId, { onFirstDraw } = {}) {
  ctrl.retire();
  ctrl.endLesson();
  const wanted = ctrl.generation;
  const plan = await ctrl.deps.call('lesson', { lesson: lessonId });
  if (ctrl.generation !== wanted) return;
  if (!hasRenderer(plan.game)) throw { key: 'error.no_lesson', message: `no game ${plan.game}`, params: { field: 'lesson' } };
  let firstDraw = onFirstDraw;
  const flow = ctrl.deps.parts.lesson({
    plan,
    title: ctrl.titleOf,
    openStep: (/** @type {number | 'game'} */ step) => {
      const once = firstDraw;
      firstDraw = undefined;
      return openLessonStep(ctrl, flow, plan, step, once);
    },
    teach: (/** @type {any} */ taught) => ctrl.session && ctrl.session.renderer.teach(taught),
    // The suggestions switched on or off: the one on screen comes or goes too.
    suggest: (/** @type {boolean} */ on) => {
      const turns = ctrl.session && ctrl.session.turns;
      if (turns && on !== Boolean(turns.hint)) turns.toggleHint();
    },
    playGame: () => {
      const seats = Array.from({ length: plan.players }, (_, seat) => (seat === 0 ? 'h' : 'bot1'));
      ctrl.deps.onNewGame({ game: plan.game, players: plan.players, seats, options: { ...plan.options }, names: [] });
    },
    nextLesson: (/** @type {string} */ id) => startLesson(ctrl, id),
    leave: () => ctrl.exit(),
  });
  ctrl.lesson = flow;
  await flow.begin();
}

/** Open a lesson's step (its number, or "game": the short game) at a table
 * of its own, the learner at seat 0.
 * @param {GameCtrl} ctrl @param {any} flow @param {any} plan @param {number | 'game'} step @param {(() => void) | undefined} onFirstDraw */
async function openLessonStep(ctrl, flow, plan, step, onFirstDraw) {
  ctrl.retire();
  const wanted = ctrl.generation;
  const taught = typeof step === 'number' ? plan.steps[step] : null;
  const table = ctrl.deps.tables.lesson({
    lesson: plan.id,
    step,
    move: taught ? taught.move : undefined,
    wrong: { key: 'lesson.wrong', message: 'not the move of this step', params: {}, lesson: true },
    onTaught: () => flow.taught(),
  });
  const seats = Array.from({ length: plan.players }, (_, seat) => (seat === 0 || taught ? 'h' : 'bot0'));
  /** @param {number} seat */
  const rival = (seat) => (plan.players > 2 ? t('lesson.rival_n', { n: seat }) : t('lesson.rival'));
  // The learner plays under the menu's name (else the usual "Player 1"): the
  // log's sentences read "<name> builds …".
  const learner = ctrl.deps.learnerName ? ctrl.deps.learnerName() : '';
  const typed = Array.from({ length: plan.players }, (_, seat) => (seat === 0 ? learner : taught ? rival(seat) : ''));
  const part = ctrl.deps.parts.lessonPart(flow, taught ? 'step' : 'game', ctrl);
  const mine = await ctrl.mountLocal(plan.game, seats, typed, null, table, null, {
    viewer: 0,
    part,
    autoHint: () => Boolean(!taught && flow.suggestions),
  });
  if (!mine || ctrl.generation !== wanted) return;
  ctrl.deps.screen.title(ctrl.titleOf(plan.game));
  const snap = await ctrl.busyWhile(mine, () => table.start({ names: typed.map((name) => nameText(name)) }));
  if (ctrl.session !== mine) return;
  await ctrl.turnsOf(mine).begin(snap, { fromStart: true, onFirstDraw });
}
