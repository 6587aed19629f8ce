// @ts-check
// A lesson on screen: the panel #lesson (the top of the dock: beside the
// board, or on a phone a strip and a sheet of words lifted over the dock),
// drawn from the lesson's controller (ctrl.js). The renderer's `teach` marks
// the taught move's elements data-lesson="target" and dims the others; the
// game controller opens each step's table (game/ctrl.js).
//
// The panel carries data-step (1 … n, then "game", then "done") and
// data-steps (n); its "Continue" button, once a step's move is played, is
// the next target.

import { t } from '../i18n.js';
import { h } from '../dom.js';
import { refs } from '../refs.js';
import * as store from '../store.js';
import { LessonCtrl } from './ctrl.js';

/** A lesson's flow, drawn in #lesson: its controller, with `close` and
 * `retranslate` for the page.
 * @param {Omit<import('./ctrl.js').LessonHooks, 'mark'>} hooks
 * @returns {LessonCtrl & {close: () => void, retranslate: () => void}} */
export function createLessonFlow(hooks) {
  const panel = refs.lesson();
  const ctrl = new LessonCtrl({ ...hooks, mark: store.markLesson }, { redraw: (how) => draw(how), lifted: (lifted) => lift(lifted) });
  const { plan, count } = ctrl;
  // A pair of names (ALOA–BARI) is not broken at its dash at a line's end.
  /** @param {string} text */
  const unbroken = (text) => text.replace(/([A-Z])–(?=[A-Z])/g, '$1–\u2060');
  /** @param {string} step @param {string} part */
  const said = (step, part) => unbroken(t(ctrl.key(step, part)));

  // -- the panel ------------------------------------------------------------------------
  //
  // On a wide screen the panel is the top of the side column: everything in
  // it is read at once. On a phone (lesson.css) it is a one-line strip in the
  // dock (the step's number, what to do, "Read"), and the step's words are a
  // sheet lifted over the dock: lifted by itself when there is something new
  // to read (a new step, what the move did, why a choice is not this step's),
  // folded by "Got it", by its handle or by a touch on the board. The board
  // keeps the size it has in a normal game.

  /** @param {string} label @param {Record<string, any>} attrs */
  function button(label, attrs) {
    return h('button', { type: 'button', class: 'btn', ...attrs }, label);
  }

  /** @param {boolean} lifted */
  function lift(lifted) {
    panel.classList.toggle('lifted', lifted);
    for (const control of panel.querySelectorAll('[aria-controls="lesson-sheet"]')) {
      control.setAttribute('aria-expanded', String(lifted));
    }
    const reopen = panel.querySelector('.lesson-lift');
    if (!lifted && reopen instanceof HTMLElement) reopen.focus({ preventScroll: true });
  }

  /** The strip of a phone: the step's number, what to do now, and "Read".
   * @param {import('./ctrl.js').LessonPart} step */
  function strip(step) {
    const line =
      typeof step === 'number'
        ? said(plan.steps[step].id, ctrl.played ? 'title' : 'ask')
        : step === 'game'
          ? ''
          : t('lesson.done_title');
    return h(
      'div',
      { class: 'lesson-strip' },
      typeof step === 'number' ? h('span', { class: 'lesson-badge', 'aria-hidden': 'true' }, `${step + 1}/${count}`) : null,
      line ? h('p', { class: 'lesson-strip-text' }, line) : null,
      h(
        'button',
        {
          type: 'button',
          class: 'btn lesson-lift',
          'aria-controls': 'lesson-sheet',
          'aria-expanded': String(ctrl.lifted),
          'aria-label': t('lesson.lift_label'),
          onclick: () => ctrl.lift(true),
        },
        t('lesson.lift'),
      ),
    );
  }

  /** @param {{focusNext?: boolean}} [how] */
  function draw({ focusNext = false } = {}) {
    panel.hidden = false;
    document.body.classList.add('in-lesson');
    const step = ctrl.step;
    panel.dataset.steps = String(count);
    panel.dataset.step = typeof step === 'number' ? String(step + 1) : step;
    panel.classList.toggle('taught', ctrl.played);
    panel.classList.toggle('lifted', ctrl.lifted);
    // The short game: the board and the dock are the game's (a phone's room).
    document.body.classList.toggle('lesson-playing', step === 'game');
    const parts = [];
    const actions = [];
    const fold = (/** @type {string} */ label) =>
      button(label, { class: 'btn primary lesson-fold', 'aria-controls': 'lesson-sheet', 'aria-expanded': 'true', onclick: () => ctrl.lift(false) });
    if (typeof step === 'number') {
      const id = plan.steps[step].id;
      parts.push(h('p', { class: 'lesson-count' }, t('lesson.step_of', { step: step + 1, steps: count })));
      parts.push(h('h2', { class: 'lesson-title', id: 'lesson-title' }, t(ctrl.key(id, 'title'))));
      parts.push(h('p', { class: 'lesson-text' }, said(id, 'text')));
      if (ctrl.played) {
        parts.push(h('p', { class: 'lesson-after' }, said(id, 'after')));
        actions.push(
          button(step + 1 < count ? t('lesson.next') : t('lesson.to_game'), {
            class: 'btn primary lesson-next',
            id: 'lesson-next',
            'data-choice': 'next',
            'data-lesson': 'target',
            onclick: () => ctrl.next(),
          }),
        );
      } else {
        parts.push(h('p', { class: 'lesson-ask' }, said(id, 'ask')));
        actions.push(fold(t('lesson.fold')));
      }
      if (ctrl.note) parts.push(h('p', { class: 'lesson-note', role: 'alert' }, unbroken(ctrl.note)));
    } else if (step === 'game') {
      parts.push(h('h2', { class: 'lesson-title', id: 'lesson-title' }, t(ctrl.key('game', 'title'))));
      parts.push(h('p', { class: 'lesson-text' }, said('game', 'text')));
      actions.push(
        h(
          'label',
          { class: 'lesson-switch' },
          h('input', { type: 'checkbox', id: 'lesson-suggestions', checked: ctrl.suggestionsOn, onchange: () => ctrl.toggleSuggestions() }),
          h('span', {}, t('lesson.suggestions')),
        ),
      );
      actions.push(fold(t('lesson.fold_game')));
    } else {
      parts.push(h('h2', { class: 'lesson-title', id: 'lesson-title' }, t('lesson.done_title')));
      parts.push(h('p', { class: 'lesson-text' }, t('lesson.done_text', { game: hooks.title(ctrl.game) })));
      actions.push(button(t('lesson.play_real'), { class: 'btn primary', onclick: () => ctrl.playGame() }));
      if (plan.next) {
        actions.push(button(t(`lesson.${plan.next}.name`), { class: 'btn', id: 'lesson-follow', onclick: () => ctrl.followNext() }));
      }
    }
    actions.push(button(t('lesson.leave'), { class: 'btn ghost lesson-leave', onclick: () => ctrl.leave() }));
    const handle = h('button', {
      type: 'button',
      class: 'lesson-handle',
      'aria-controls': 'lesson-sheet',
      'aria-expanded': 'true',
      'aria-label': t('lesson.fold_label'),
      onclick: () => ctrl.lift(false),
    });
    panel.replaceChildren(
      strip(step),
      h('div', { class: 'lesson-sheet', id: 'lesson-sheet' }, handle, ...parts, h('div', { class: 'lesson-actions' }, ...actions)),
    );
    if (focusNext) {
      const next = panel.querySelector('[data-lesson="target"]');
      if (next instanceof HTMLElement) next.focus({ preventScroll: true });
    }
  }

  // On a phone, a touch on the board folds the words away: the player looks
  // at the board (and the tap still does what it does there).
  const board = refs.board();
  const foldOnBoard = () => ctrl.lift(false);
  board.addEventListener('pointerdown', foldOnBoard);
  const foldOnEscape = (/** @type {KeyboardEvent} */ event) => {
    if (event.key === 'Escape' && ctrl.lifted && panel.contains(document.activeElement)) ctrl.lift(false);
  };
  document.addEventListener('keydown', foldOnEscape);

  function close() {
    board.removeEventListener('pointerdown', foldOnBoard);
    document.removeEventListener('keydown', foldOnEscape);
    panel.hidden = true;
    panel.classList.remove('lifted', 'taught');
    document.body.classList.remove('in-lesson', 'lesson-playing');
    panel.replaceChildren();
    delete panel.dataset.step;
    delete panel.dataset.steps;
  }

  function retranslate() {
    draw();
  }

  return Object.assign(ctrl, { close, retranslate });
}
