// @ts-check
// A lesson on screen: the guided first game of one game
// (pygame_core/lessons.py). Its steps are prepared positions of the real
// game, drawn by the game's own renderer; each asks for the one move that
// shows its idea (the renderer marks that move's elements
// data-lesson="target" and dims the others), says why another move is not
// this step's (what it would gain against the step's move: the table refuses
// it, table-local.js), shows what the move did, and goes on. Then a short real game
// against the novice bot, the expert's suggestions on.
//
// The panel (#lesson) carries data-step (1 … n, then "game", then "done")
// and data-steps (n); its "Continue" button, once a step's move is played,
// is the next target. game.js opens each step's table; this module holds
// the flow and draws the panel.

import { t, has } from './i18n.js';
import { h } from './dom.js';
import { refs } from './refs.js';
import * as store from './store.js';

/**
 * @typedef {{id: string, move: string, point: {kind: string, id: any}[]}} LessonStep
 * @typedef {{id: string, game: string, players: number, options: Record<string, boolean>, steps: LessonStep[], next: string | null}} LessonPlan
 */

/**
 * @param {{plan: LessonPlan, openStep: (step: number | 'game') => Promise<void>,
 *   teach: (lesson: {move: string, point: any[]} | null) => void, suggest: (on: boolean) => void,
 *   playGame: () => void, nextLesson: (id: string) => void, leave: () => void, title: (game: string) => string}} hooks
 */
export function createLessonFlow({ plan, openStep, teach, suggest, playGame, nextLesson, leave, title }) {
  const panel = refs.lesson();
  const game = plan.game;
  const count = plan.steps.length;
  const flow = {
    id: plan.id,
    game,
    /** @type {number | 'game' | 'done'} */
    step: 0,
    taught: false,
    suggestions: true,
    note: '',
    // A phone's sheet of words lifted over the dock (see draw).
    lifted: true,
  };
  const words = (step, part) => `lesson.${plan.id}.${step}.${part}`;
  // A pair of names (ALOA–BARI) is not broken at its dash at a line's end.
  const unbroken = (text) => text.replace(/([A-Z])–(?=[A-Z])/g, '$1–\u2060');
  const said = (step, part) => unbroken(t(words(step, part)));

  async function go(step) {
    flow.step = step;
    flow.taught = false;
    flow.note = '';
    flow.lifted = true;
    draw();
    await openStep(step);
    if (typeof step === 'number') teach({ move: plan.steps[step].move, point: plan.steps[step].point });
  }

  /** The taught move was played: say what it did, and offer to go on. */
  function taught() {
    flow.taught = true;
    flow.note = '';
    flow.lifted = true;
    draw();
    const next = panel.querySelector('[data-lesson="target"]');
    if (next instanceof HTMLElement) next.focus({ preventScroll: true });
  }

  /** A choice that is not this step's: say why (`why`, the engine's words
   * for that choice, or else the step's sentence), change nothing. */
  function wrong(why = '') {
    if (typeof flow.step !== 'number') return;
    const id = plan.steps[flow.step].id;
    flow.note = why || (has(words(id, 'wrong')) ? t(words(id, 'wrong')) : t('lesson.wrong'));
    flow.lifted = true;
    draw();
  }

  function next() {
    if (typeof flow.step !== 'number') return;
    go(flow.step + 1 < count ? flow.step + 1 : 'game');
  }

  /** The short game is over: the lesson is done. */
  function finished() {
    store.markLesson(plan.id, 'done');
    flow.step = 'done';
    flow.lifted = true;
    draw();
  }

  function toggleSuggestions() {
    flow.suggestions = !flow.suggestions;
    suggest(flow.suggestions);
    draw();
  }

  // -- the panel ------------------------------------------------------------------------
  //
  // On a wide screen the panel is the top of the side column: everything in
  // it is read at once. On a phone (lesson.css) it is a one-line strip in the
  // dock (the step's number, what to do, "Read"), and the step's words are a
  // sheet lifted over the dock: lifted by itself when there is something new
  // to read (a new step, what the move did, why a choice is not this step's),
  // folded by "Got it", by its handle or by a touch on the board. The board
  // keeps the size it has in a normal game.

  function button(label, attrs) {
    return h('button', { type: 'button', class: 'btn', ...attrs }, label);
  }

  function lift(lifted) {
    if (flow.lifted === lifted) return;
    flow.lifted = lifted;
    panel.classList.toggle('lifted', lifted);
    for (const control of panel.querySelectorAll('[aria-controls="lesson-sheet"]')) {
      control.setAttribute('aria-expanded', String(lifted));
    }
    const reopen = panel.querySelector('.lesson-lift');
    if (!lifted && reopen instanceof HTMLElement) reopen.focus({ preventScroll: true });
  }

  /** The strip of a phone: the step's number, what to do now, and "Read". */
  function strip(step) {
    const line =
      typeof step === 'number'
        ? said(plan.steps[step].id, flow.taught ? 'title' : 'ask')
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
          'aria-expanded': String(flow.lifted),
          'aria-label': t('lesson.lift_label'),
          onclick: () => lift(true),
        },
        t('lesson.lift'),
      ),
    );
  }

  function draw() {
    panel.hidden = false;
    document.body.classList.add('in-lesson');
    const step = flow.step;
    panel.dataset.steps = String(count);
    panel.dataset.step = typeof step === 'number' ? String(step + 1) : step;
    panel.classList.toggle('taught', flow.taught);
    panel.classList.toggle('lifted', flow.lifted);
    // The short game: the board and the dock are the game's (a phone's room).
    document.body.classList.toggle('lesson-playing', step === 'game');
    const parts = [];
    const actions = [];
    const fold = (label) =>
      button(label, { class: 'btn primary lesson-fold', 'aria-controls': 'lesson-sheet', 'aria-expanded': 'true', onclick: () => lift(false) });
    if (typeof step === 'number') {
      const id = plan.steps[step].id;
      parts.push(h('p', { class: 'lesson-count' }, t('lesson.step_of', { step: step + 1, steps: count })));
      parts.push(h('h2', { class: 'lesson-title', id: 'lesson-title' }, t(words(id, 'title'))));
      parts.push(h('p', { class: 'lesson-text' }, said(id, 'text')));
      if (flow.taught) {
        parts.push(h('p', { class: 'lesson-after' }, said(id, 'after')));
        actions.push(
          button(step + 1 < count ? t('lesson.next') : t('lesson.to_game'), {
            class: 'btn primary lesson-next',
            id: 'lesson-next',
            'data-choice': 'next',
            'data-lesson': 'target',
            onclick: next,
          }),
        );
      } else {
        parts.push(h('p', { class: 'lesson-ask' }, said(id, 'ask')));
        actions.push(fold(t('lesson.fold')));
      }
      if (flow.note) parts.push(h('p', { class: 'lesson-note', role: 'alert' }, unbroken(flow.note)));
    } else if (step === 'game') {
      parts.push(h('h2', { class: 'lesson-title', id: 'lesson-title' }, t(words('game', 'title'))));
      parts.push(h('p', { class: 'lesson-text' }, said('game', 'text')));
      actions.push(
        h(
          'label',
          { class: 'lesson-switch' },
          h('input', { type: 'checkbox', id: 'lesson-suggestions', checked: flow.suggestions, onchange: toggleSuggestions }),
          h('span', {}, t('lesson.suggestions')),
        ),
      );
      actions.push(fold(t('lesson.fold_game')));
    } else {
      parts.push(h('h2', { class: 'lesson-title', id: 'lesson-title' }, t('lesson.done_title')));
      parts.push(h('p', { class: 'lesson-text' }, t('lesson.done_text', { game: title(game) })));
      actions.push(button(t('lesson.play_real'), { class: 'btn primary', onclick: playGame }));
      if (plan.next) {
        actions.push(button(t(`lesson.${plan.next}.name`), { class: 'btn', id: 'lesson-follow', onclick: () => nextLesson(plan.next) }));
      }
    }
    actions.push(button(t('lesson.leave'), { class: 'btn ghost lesson-leave', onclick: leave }));
    const handle = h('button', {
      type: 'button',
      class: 'lesson-handle',
      'aria-controls': 'lesson-sheet',
      'aria-expanded': 'true',
      'aria-label': t('lesson.fold_label'),
      onclick: () => lift(false),
    });
    panel.replaceChildren(
      strip(step),
      h('div', { class: 'lesson-sheet', id: 'lesson-sheet' }, handle, ...parts, h('div', { class: 'lesson-actions' }, ...actions)),
    );
  }

  // On a phone, a touch on the board folds the words away: the player looks
  // at the board (and the tap still does what it does there).
  const board = refs.board();
  const foldOnBoard = () => lift(false);
  board.addEventListener('pointerdown', foldOnBoard);
  const foldOnEscape = (event) => {
    if (event.key === 'Escape' && flow.lifted && panel.contains(document.activeElement)) lift(false);
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

  return {
    flow,
    begin: () => go(0),
    taught,
    wrong,
    finished,
    playGame,
    close,
    retranslate,
    get suggestions() {
      return flow.step === 'game' && flow.suggestions;
    },
  };
}
