// @ts-check
// "Learn from your mistakes", without the DOM: a player's costliest
// decisions of a finished game (pygame_core/review.py, `exercises`) as
// exercises, one after the other. Each is the position of the decision as
// the player saw it, at a table of its own (game/ctrl.js opens it); the
// player tries moves until one is within the "good" mark of the expert's
// (`review_try`), or asks for the expert's move; then the next. A count of
// the found and the missed is kept with the game. The view
// (view.js) draws the panel #exercise.

/**
 * A move tried (pygame_core/review.py, `try_move`).
 * @typedef {{ply: number, move: import('../state.js').Move, cost: number, mark: string, good: boolean}} Tried
 */

/**
 * What the exercises ask of the game and the page.
 * @typedef {object} ExerciseHooks
 * @property {number[]} plies                        the exercises' decisions, dearest first
 * @property {number} seat                           the player's seat
 * @property {(cmd: string, args: object) => Promise<any>} call   the engine's review session
 * @property {(ply: number) => Promise<void>} open   the decision's position at a table of its own
 * @property {(move: any) => void} suggest           the expert's move shown on the board
 * @property {(count: {found: number, missed: number}) => void} keep   the count kept with the game
 * @property {(ply: number) => void} leave           back to the review, at a ply
 */

export class ExerciseCtrl {
  /** @param {ExerciseHooks} hooks @param {{redraw?: () => void}} [view] */
  constructor(hooks, view = {}) {
    this.hooks = hooks;
    this.plies = hooks.plies;
    this.seat = hooks.seat;
    this.index = 0;
    this.found = 0;
    this.missed = 0;
    /** @type {'trying' | 'found' | 'shown' | 'done'} */
    this.state = 'trying';
    /** The latest move tried that was not good enough. @type {Tried | null} */
    this.wrongTry = null;
    /** The good move found. @type {Tried | null} */
    this.goodTry = null;
    /** The expert's move, once asked. @type {any} */
    this.best = null;
    this.tries = 0;
    /** The moves the player may try at the exercise's position (its table's). @type {import('../state.js').Move[]} */
    this.legal = [];
    this.redraw = view.redraw || (() => {});
  }

  /** The exercise's table opened: the moves that may be tried there.
   * @param {import('../state.js').Move[]} legal */
  opened(legal) {
    this.legal = legal;
    this.redraw();
  }

  /** The decision practised now (its ply), or null once done. */
  get ply() {
    return this.state === 'done' ? null : this.plies[this.index];
  }

  async begin() {
    if (!this.plies.length) {
      this.finish();
      return;
    }
    await this.openCurrent();
  }

  async openCurrent() {
    this.state = 'trying';
    this.wrongTry = null;
    this.goodTry = null;
    this.best = null;
    this.tries = 0;
    this.legal = [];
    this.redraw();
    await this.hooks.open(this.plies[this.index]);
  }

  /** A move was tried at the table: good enough, or not. @param {Tried} tried */
  tried(tried) {
    if (this.state === 'done') return;
    this.tries += 1;
    if (tried.good) {
      if (this.state === 'trying') this.found += 1;
      if (this.state !== 'shown') this.state = 'found';
      this.goodTry = tried;
      this.wrongTry = null;
    } else {
      this.wrongTry = tried;
    }
    this.redraw();
  }

  /** The expert's move, shown on the board: the exercise is missed (unless found already). */
  async show() {
    const ply = this.ply;
    if (ply === null) return;
    const best = await this.hooks.call('review_expert_move', { ply });
    if (this.ply !== ply) return;
    if (this.state === 'trying') this.missed += 1;
    if (this.state !== 'found') this.state = 'shown';
    this.best = best;
    this.hooks.suggest(best);
    this.redraw();
  }

  /** The next exercise (one not found nor shown counts as missed), or the end. */
  async next() {
    if (this.state === 'done') return;
    if (this.state === 'trying') this.missed += 1;
    this.index += 1;
    if (this.index >= this.plies.length) {
      this.finish();
      return;
    }
    await this.openCurrent();
  }

  finish() {
    this.state = 'done';
    this.hooks.keep({ found: this.found, missed: this.missed });
    this.redraw();
  }

  /** Back to the review, at the decision practised (or the last one). */
  leave() {
    const ply = this.ply ?? this.plies[this.plies.length - 1] ?? 0;
    this.hooks.leave(ply);
  }
}
