// @ts-check
// A lesson's controller: the guided first game of one game
// (pygame_core/lessons.py), without the DOM. Its steps are prepared
// positions of the real game; each asks for the one move that shows its
// idea, says why another move is not this step's, shows what the move did,
// and goes on. Then a short real game against the novice bot, the expert's
// suggestions on. The game controller opens each step's table
// (game/ctrl.js); the view draws the panel #lesson (view.js).

import { t, has } from '../i18n.js';

/**
 * @typedef {{id: string, move: string, point: {kind: string, id: any}[]}} LessonStep
 * @typedef {{id: string, game: string, players: number, options: Record<string, boolean>, steps: LessonStep[], next: string | null}} LessonPlan
 * @typedef {number | 'game' | 'done'} LessonPart   a step (from 0), the short game, or the end
 */

/**
 * What the lesson asks of the game and the page.
 * @typedef {object} LessonHooks
 * @property {LessonPlan} plan
 * @property {(step: number | 'game') => Promise<void>} openStep   a step's table, or the short game's
 * @property {(lesson: {move: string, point: any[]} | null) => void} teach   offer the step's move on the board
 * @property {(on: boolean) => void} suggest      the expert's suggestions switched on or off
 * @property {() => void} playGame                a real game of the lesson's game
 * @property {(id: string) => void} nextLesson
 * @property {() => void} leave
 * @property {(game: string) => string} title     a game's name
 * @property {(id: string, mark: string) => void} [mark]   the lesson marked done (store.js)
 */

export class LessonCtrl {
  /** @param {LessonHooks} hooks @param {{redraw?: (how?: {focusNext?: boolean}) => void, lifted?: (lifted: boolean) => void}} [view] */
  constructor(hooks, view = {}) {
    this.hooks = hooks;
    this.plan = hooks.plan;
    this.id = this.plan.id;
    this.game = this.plan.game;
    this.count = this.plan.steps.length;
    /** @type {LessonPart} */
    this.step = 0;
    /** The step's move was played: what it did is said, "Continue" offered. */
    this.played = false;
    /** The expert's suggestions in the short game. */
    this.suggestionsOn = true;
    /** Why the latest choice was not the step's. */
    this.note = '';
    /** A phone's sheet of words lifted over the dock. */
    this.lifted = true;
    this.redraw = view.redraw || (() => {});
    this.onLift = view.lifted || (() => {});
  }

  /** Whether the short game shows the expert's suggestions. */
  get suggestions() {
    return this.step === 'game' && this.suggestionsOn;
  }

  /** The words of a step's part (`title`, `text`, `ask`, `after`, `wrong`).
   * @param {string} step @param {string} part */
  key(step, part) {
    return `lesson.${this.plan.id}.${step}.${part}`;
  }

  begin() {
    return this.go(0);
  }

  /** @param {number | 'game'} step */
  async go(step) {
    this.step = step;
    this.played = false;
    this.note = '';
    this.lifted = true;
    this.redraw();
    await this.hooks.openStep(step);
    if (typeof step === 'number') this.hooks.teach({ move: this.plan.steps[step].move, point: this.plan.steps[step].point });
  }

  /** The taught move was played: say what it did, and offer to go on. */
  taught() {
    this.played = true;
    this.note = '';
    this.lifted = true;
    this.redraw({ focusNext: true });
  }

  /** A choice that is not this step's: say why (`why`, the engine's words
   * for that choice, or else the step's sentence), change nothing.
   * @param {string} [why] */
  wrong(why = '') {
    if (typeof this.step !== 'number') return;
    const id = this.plan.steps[this.step].id;
    this.note = why || (has(this.key(id, 'wrong')) ? t(this.key(id, 'wrong')) : t('lesson.wrong'));
    this.lifted = true;
    this.redraw();
  }

  next() {
    if (typeof this.step !== 'number') return;
    return this.go(this.step + 1 < this.count ? this.step + 1 : 'game');
  }

  /** The short game is over: the lesson is done. */
  finished() {
    if (this.hooks.mark) this.hooks.mark(this.plan.id, 'done');
    this.step = 'done';
    this.lifted = true;
    this.redraw();
  }

  toggleSuggestions() {
    this.suggestionsOn = !this.suggestionsOn;
    this.hooks.suggest(this.suggestionsOn);
    this.redraw();
  }

  /** The sheet of words lifted, or folded away. @param {boolean} lifted */
  lift(lifted) {
    if (this.lifted === lifted) return;
    this.lifted = lifted;
    this.onLift(lifted);
  }

  playGame() {
    this.hooks.playGame();
  }

  followNext() {
    if (this.plan.next) this.hooks.nextLesson(this.plan.next);
  }

  leave() {
    this.hooks.leave();
  }
}
