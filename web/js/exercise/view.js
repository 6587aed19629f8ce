// @ts-check
// "Learn from your mistakes" on screen: the panel #exercise (the top of the
// dock, beside the board), drawn from the exercises' controller (ctrl.js).
//
// Contract kept for the tests: `#exercise[data-found][data-missed]`, with
// `data-state` (trying, found, shown, done), `data-index` (1 … n) of
// `data-count` (n) and `data-ply` (the decision's); its buttons
// `[data-exercise=show|next|leave]`.

import { t } from '../i18n.js';
import { h } from '../dom.js';
import { refs } from '../refs.js';
import { percent, moveWords } from '../advice-words.js';
import { isError } from '../review-graph.js';
import { ExerciseCtrl } from './ctrl.js';

/**
 * The exercises' flow, drawn in #exercise: its controller, with `close` and
 * `retranslate` for the page.
 * @param {import('./ctrl.js').ExerciseHooks & {
 *   marks: Map<number, {mark: string, cost: number}>,
 *   played: (ply: number) => any,
 *   renderer: () => any,
 *   closed: () => void,
 * }} hooks
 * @returns {ExerciseCtrl & {close: () => void, retranslate: () => void}}
 */
export function createExerciseFlow(hooks) {
  const panel = refs.exercise();
  const ctrl = new ExerciseCtrl(hooks, { redraw: () => draw() });
  const count = ctrl.plies.length;

  /** @param {string} label @param {string} name @param {() => void} act @param {boolean} [primary] */
  const button = (label, name, act, primary = false) =>
    h('button', { type: 'button', class: primary ? 'btn primary' : 'btn', 'data-exercise': name, onclick: act }, label);

  /** A move in words, by the renderer of the game on screen. @param {any} move */
  const words = (move) => moveWords(move, hooks.renderer());

  function draw() {
    panel.hidden = false;
    document.body.classList.add('exercising');
    panel.dataset.found = String(ctrl.found);
    panel.dataset.missed = String(ctrl.missed);
    panel.dataset.state = ctrl.state;
    panel.dataset.count = String(count);
    const heading = h('p', { class: 'exercise-count' }, t('exercise.heading', { n: Math.min(ctrl.index + 1, count), count }));
    if (ctrl.state === 'done') {
      panel.dataset.index = String(count);
      delete panel.dataset.ply;
      panel.replaceChildren(
        h('p', { class: 'exercise-count' }, t('exercise.heading_done')),
        h('h2', { class: 'exercise-title', id: 'exercise-title' }, count ? t('exercise.done', { found: ctrl.found, missed: ctrl.missed, count }) : t('exercise.none')),
        h('div', { class: 'exercise-buttons' }, button(t('exercise.leave'), 'leave', () => ctrl.leave(), true)),
      );
      return;
    }
    const ply = /** @type {number} */ (ctrl.ply);
    panel.dataset.index = String(ctrl.index + 1);
    panel.dataset.ply = String(ply);
    const judged = hooks.marks.get(ply);
    const text = hooks.played(ply);
    // The move made, in words: as the table offers it (a move is words only whole).
    const made = text ? ctrl.legal.find((move) => move.text === text.text) || text : null;
    const mark = judged && isError(judged.mark) ? judged.mark : 'mistake';
    const ask = h('p', { class: 'exercise-text' }, t(`exercise.ask.${mark}`, { n: ply + 1, move: made ? words(made) : '', cost: percent(judged ? judged.cost : 0) }));
    /** @type {Element[]} */
    const notes = [];
    if (ctrl.wrongTry) {
      notes.push(h('p', { class: 'exercise-note wrong', role: 'status' }, t('exercise.not_better', { move: words(ctrl.wrongTry.move), cost: percent(ctrl.wrongTry.cost) })));
    }
    if (ctrl.goodTry) {
      notes.push(h('p', { class: 'exercise-note found', role: 'status' }, t(ctrl.goodTry.mark === 'best' ? 'exercise.found_best' : 'exercise.found_good', { move: words(ctrl.goodTry.move), cost: percent(ctrl.goodTry.cost) })));
    }
    if (ctrl.best) {
      notes.push(h('p', { class: 'exercise-note shown' }, t('exercise.expert', { move: words(ctrl.best) })));
    }
    const last = ctrl.index + 1 >= count;
    panel.replaceChildren(
      heading,
      h('h2', { class: 'exercise-title', id: 'exercise-title' }, ctrl.state === 'trying' ? t('exercise.title') : t('exercise.title_after')),
      ask,
      ...notes,
      h(
        'div',
        { class: 'exercise-buttons' },
        ctrl.best ? null : button(t('exercise.show'), 'show', () => void ctrl.show()),
        button(last ? t('exercise.finish') : t('exercise.next'), 'next', () => void ctrl.next(), ctrl.state !== 'trying'),
        button(t('exercise.leave'), 'leave', () => ctrl.leave()),
      ),
    );
    // What a move tried earned is read at once (on a phone the panel lies
    // under the board, above the dock).
    if (notes.length) panel.scrollIntoView({ block: 'nearest' });
  }

  return Object.assign(ctrl, {
    close() {
      hooks.closed();
      document.body.classList.remove('exercising');
      panel.hidden = true;
      panel.replaceChildren();
      for (const name of ['found', 'missed', 'state', 'count', 'index', 'ply']) delete panel.dataset[name];
    },
    retranslate() {
      draw();
    },
  });
}
