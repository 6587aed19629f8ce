// @ts-check
// The shell every game's renderer is built in. It keeps what is on screen
// (the snapshot, its view, the names, whether the viewer may act, the
// selection, the others' latest moves, a suggested move) and does what the
// four renderers share: a click that narrows the selection or plays a move
// (through the game's selection module, <game>/select.js), a redraw that
// keeps the keyboard focus, the turn of a phone held upright, and `destroy`.
//
// A renderer makes its shell first, `shell = createShell(host, select)`
// with its selection module, then its board (which calls back
// `shell.boardHandlers`) and its drawing, and ends with
// `return shell.renderer(game)`, where `game` is its part:
//   board           its board (the shell calls `reset()`)
//   draw(snap, {previous})  draw what a snapshot shows whatever the
//                   selection: the board, the players, the round, the score
//                   line (`previous`: the view drawn before, or null)
//   redraw()        draw what depends on the selection: the targets, the
//                   hand, the market, the actions, the suggestion
//   focusRules      where the focus goes once a redraw has replaced the
//                   focused element (restoreFocus's options)
//   flashEvents, moveText, logParams, endDetails, settled: as index.js says
// and, optionally:
//   firstFocus      selectors, in order: for a player who plays with the
//                   keyboard, the first to focus when a turn of theirs
//                   begins (a mouse player's page never jumps)
//   onClear()       before a selection is cleared
//   onSuggest(move) when a suggestion comes (or goes: null)
//   onDestroy()     once the shell has emptied the containers
//   spotlight(points)  point at what a lesson's step speaks of (each
//                   {kind, id}: an island, a line, a card …; [] clears)
// The shell (a Shell) holds what is on screen (els, snapshot, view, names,
// interactive, selection, lastMove, suggestion, lesson) and offers legal(),
// hasSelection(), pick(target), play(text), clearSelection(), refresh(),
// each bound to it, to be handed on as it is (`onChoice: shell.play`), and
// what a board calls back (`boardHandlers`: a target picked, the selection
// cleared by a click beside the targets); `renderer(game)` returns the
// renderer index.js describes.

import { PORTRAIT, isSameTurn, screenOf, focusedKey, restoreFocus, oneTabStop } from './renderer-common.js';

/** @typedef {import('./contract.js').GameSnapshot} GameSnapshot */
/** @typedef {import('./contract.js').Move} Move */
/** @typedef {import('./contract.js').GameEvent} GameEvent */
/** @typedef {import('./contract.js').Target} Target */
/** @typedef {import('./contract.js').LessonStep} LessonStep */
/** @typedef {import('./contract.js').LessonPoint} LessonPoint */
/** @typedef {import('./contract.js').RenderOptions} RenderOptions */
/** @typedef {import('./contract.js').Renderer} Renderer */
/** @typedef {import('./contract.js').RendererHost} RendererHost */
/** @typedef {import('./renderer-common.js').FocusRules} FocusRules */
/**
 * @template [S=any]
 * @typedef {import('./contract.js').SelectModule<S>} SelectModule
 */

/**
 * A game's part of its renderer (see the head of this file): `V` is the
 * game's view, `S` its selection.
 * @template [V=any]
 * @template [S=any]
 * @typedef {object} GamePart
 * @property {{reset: () => void}} board
 * @property {(snap: GameSnapshot, context: {previous: V | null}) => void} draw
 * @property {() => void} redraw
 * @property {FocusRules} focusRules
 * @property {Renderer['flashEvents']} flashEvents
 * @property {Renderer['moveText']} moveText
 * @property {Renderer['logParams']} logParams
 * @property {Renderer['endDetails']} endDetails
 * @property {Renderer['settled']} [settled]
 * @property {string[]} [firstFocus]
 * @property {() => void} [onClear]
 * @property {(move: Move | null) => void} [onSuggest]
 * @property {() => void} [onDestroy]
 * @property {(points: LessonPoint[]) => void} [spotlight]
 */

const KEYBOARD_KEYS = ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** A choice's key among the others, to find it again once redrawn: its
 * data-key, or else its data-choice.
 * @param {Element} node */
const choiceKey = (node) => node.getAttribute('data-key') || `choice:${node.getAttribute('data-choice')}`;

/**
 * The shell of a renderer drawn for `host` (contract.js's RendererHost): what
 * it holds and offers (see the head of this file). `V` is the game's view
 * (null before the first snapshot), `S` its selection: a renderer names them
 * by the type it gives its shell; both stay open for one that does not.
 * @template [V=any]
 * @template [S=any]
 */
export class Shell {
  /** @param {RendererHost} host @param {SelectModule<S>} select the game's selection module */
  constructor({ els, onChoice }, select) {
    /** The renderer's containers (board, players, hand, market, actions …).
     * @type {Record<string, HTMLElement>} */
    this.els = els;
    /** @private @type {(text: string) => void} */
    this.onChoice = onChoice;
    /** @type {GameSnapshot | null} */
    this.snapshot = null;
    /** @type {V | null} */
    this.view = null;
    /** @type {string[]} */
    this.names = [];
    this.interactive = false;
    /** The game's selection module.
     * @private */
    this.select = select;
    /** @type {S} */
    this.selection = select.emptySelection();
    /** @type {GameEvent[]} */
    this.lastMove = [];
    /** @type {Move | null} */
    this.suggestion = null;
    /** A lesson's step: the move it teaches and what the board points at.
     * @type {LessonStep | null} */
    this.lesson = null;
    /** The game's part: set by `renderer(game)`, before anything is drawn.
     * @private @type {GamePart<V, S>} */
    this.game = /** @type {any} */ (null);
    /** True while the redraw that finds a lesson's targets runs.
     * @private */
    this.taughtOnly = false;
    /** This shell marked the page as teaching (body.lesson-teaching).
     * @private */
    this.teaching = false;
    /** Does the player play with the keyboard? Only asked by a game that
     * focuses the first thing to choose when a turn begins.
     * @private */
    this.keyboardUser = false;
    // What is handed on (to the panels, the page, the listeners) keeps its shell.
    this.legal = this.legal.bind(this);
    this.hasSelection = this.hasSelection.bind(this);
    this.pick = this.pick.bind(this);
    this.play = this.play.bind(this);
    this.clearSelection = this.clearSelection.bind(this);
    this.refresh = this.refresh.bind(this);
    this.onKey = this.onKey.bind(this);
    this.onPointer = this.onPointer.bind(this);
    this.onOrientation = this.onOrientation.bind(this);
    this.onBoardFocus = this.onBoardFocus.bind(this);
    /** What the board calls back (contract.js's BoardHandlers): a target
     * clicked is picked, a click beside the targets clears the selection.
     * @type {import('./contract.js').BoardHandlers} */
    this.boardHandlers = { onTarget: this.pick, onBackground: this.clearSelection };
  }

  /** The viewer's legal moves while they may act; none otherwise (while
   * a lesson's targets are found, only the taught move).
   * @returns {Move[]} */
  legal() {
    if (!this.snapshot || !this.interactive) return [];
    return this.taughtOnly ? this.snapshot.legal.filter((move) => move.text === /** @type {LessonStep} */ (this.lesson).move) : this.snapshot.legal;
  }

  /** Whether a part of a move is chosen.
   * @returns {boolean} */
  hasSelection() {
    return JSON.stringify(this.selection) !== JSON.stringify(this.select.emptySelection());
  }

  /** A click on a target: the selection narrows, or the move is played.
   * @param {Target} target */
  pick(target) {
    if (!this.interactive) return;
    const { selection, move } = this.select.click(this.view, this.legal(), this.selection, target);
    if (move) return this.play(move.text);
    if (selection === this.selection) return;
    this.selection = selection;
    this.refresh();
  }

  /** Play the move whose text is `text`; the selection starts over.
   * @param {string} text */
  play(text) {
    this.selection = this.select.emptySelection();
    this.onChoice(text);
  }

  /** Start the selection over (the game is told first). */
  clearSelection() {
    if (this.game.onClear) this.game.onClear();
    if (!this.hasSelection()) return;
    this.selection = this.select.emptySelection();
    this.refresh();
  }

  // -- the keyboard focus -----------------------------------------------------------

  /** A key pressed: the player may play with the keyboard.
   * @private @param {KeyboardEvent} event */
  onKey(event) {
    if (KEYBOARD_KEYS.includes(event.key)) this.keyboardUser = true;
  }

  /** A pointer pressed: the player plays with it.
   * @private */
  onPointer() {
    this.keyboardUser = false;
  }

  /** Focus the first of the game's `firstFocus` that is shown.
   * @private */
  focusFirst() {
    const scope = screenOf(this.els.board);
    for (const selector of /** @type {string[]} */ (this.game.firstFocus)) {
      const first = /** @type {HTMLElement[]} */ ([...scope.querySelectorAll(selector)]).find((node) => node.checkVisibility());
      if (first) {
        first.focus({ preventScroll: true });
        return;
      }
    }
  }

  /** Redraw what depends on the selection; the focus stays where it was
   * (redrawing replaces the elements).
   * @param {Element | null} [before] what had the focus before the redraw */
  refresh(before = document.activeElement) {
    if (!this.view) return;
    const { els, game } = this;
    const active = document.activeElement;
    const focusKey = focusedKey();
    const targets = this.lessonTargets();
    game.redraw();
    this.markLesson(targets);
    // A part of a move chosen: the instruction then says what is left to
    // choose (a phone's lesson shows it only then, lesson.css).
    if (els.actions) els.actions.classList.toggle('chosen', this.hasSelection());
    const scope = screenOf(els.board);
    if (focusKey) restoreFocus(scope, focusKey, game.focusRules);
    else if (game.firstFocus && this.keyboardUser && this.interactive && (!active || active === document.body)) this.focusFirst();
    // What had the focus is gone (a move made, a turn over): the focus
    // stays on the board rather than falling to the page's body.
    if (document.activeElement === document.body && before && before !== document.body && !before.isConnected) {
      els.board.focus({ preventScroll: true });
    }
    oneTabStop(els.board);
  }

  // -- a lesson ---------------------------------------------------------------------------

  /** In a lesson, the elements that lead to the taught move are those a
   * redraw offers when it is the only legal move: they are its targets (by
   * choiceKey); every other choice is drawn as usual, then dimmed. Null out
   * of a lesson.
   * @private @returns {Set<string> | null} */
  lessonTargets() {
    if (!this.lesson || !this.interactive) return null;
    // A part of another move may be chosen (the step then refuses the
    // move it completes): the taught-only redraw, which would drop it as
    // fitting no move, keeps it.
    const chosen = this.selection;
    this.taughtOnly = true;
    try {
      this.game.redraw();
      return new Set(this.choices().map(choiceKey));
    } finally {
      this.taughtOnly = false;
      this.selection = chosen;
    }
  }

  /** Every element one may click now, in the renderer's containers.
   * @private */
  choices() {
    return Object.values(this.els).flatMap((el) => (el ? [...el.querySelectorAll('[data-choice]')] : []));
  }

  /** Mark each choice as the lesson's target or another (`data-lesson`),
   * and point at what the step speaks of.
   * @private @param {Set<string> | null} targets */
  markLesson(targets) {
    for (const node of this.choices()) {
      if (targets) node.setAttribute('data-lesson', targets.has(choiceKey(node)) ? 'target' : 'other');
      else node.removeAttribute('data-lesson');
    }
    // While a move is taught, what cannot be chosen is quiet too.
    if (targets) {
      document.body.classList.add('lesson-teaching');
      this.teaching = true;
    } else if (this.teaching) {
      document.body.classList.remove('lesson-teaching');
      this.teaching = false;
    }
    if (this.game.spotlight) this.game.spotlight(this.lesson ? this.lesson.point : []);
  }

  /** Teach a move (`{move, point}`: its text, and what the board points
   * at), or stop (null).
   * @param {LessonStep | null} lesson */
  teach(lesson) {
    this.lesson = lesson;
    this.refresh();
  }

  // -- drawing --------------------------------------------------------------------------

  /** Draw a snapshot. `options.interactive` false shows the position only
   * (a bot's turn, a privacy screen, the end of the game); `options.lastMove`
   * are the public events of the others' latest moves, to keep marked. A
   * selection lasts while the turn on screen does.
   * @param {GameSnapshot} snap
   * @param {Partial<RenderOptions>} [options] */
  render(snap, options = {}) {
    const sameTurn = isSameTurn(this.snapshot, snap, this.view);
    const previous = this.view;
    const focused = document.activeElement;
    this.snapshot = snap;
    this.view = snap.view;
    this.names = options.names || this.names;
    this.interactive = Boolean(options.interactive) && snap.legal.length > 0;
    if (!sameTurn || !this.interactive) this.selection = this.select.emptySelection();
    if (!sameTurn) this.suggestion = null;
    if (options.lastMove) this.lastMove = options.lastMove;
    this.game.draw(snap, { previous });
    this.refresh(focused);
  }

  /** Show a suggested move (a `to_dict()` of a legal move), or none.
   * @param {Move | null} move */
  suggest(move) {
    this.suggestion = move || null;
    if (this.game.onSuggest) this.game.onSuggest(this.suggestion);
    this.refresh();
  }

  /** A phone turned: the board is built again for its new shape.
   * @private */
  onOrientation() {
    if (!this.snapshot) return;
    this.game.board.reset();
    this.render(this.snapshot, { names: this.names, interactive: this.interactive, lastMove: this.lastMove });
  }

  /** The arrow keys moved the focus on the board: the Tab stop follows it.
   * @private */
  onBoardFocus() {
    oneTabStop(this.els.board);
  }

  /** Stop listening, empty the containers, and let the game tidy up. */
  destroy() {
    const { els, game } = this;
    els.board.removeEventListener('focusin', this.onBoardFocus);
    els.board.removeAttribute('tabindex');
    PORTRAIT.removeEventListener('change', this.onOrientation);
    document.removeEventListener('keydown', this.onKey, true);
    document.removeEventListener('pointerdown', this.onPointer, true);
    game.board.reset();
    for (const el of Object.values(els)) if (el) el.replaceChildren();
    if (this.teaching) document.body.classList.remove('lesson-teaching');
    if (game.onDestroy) game.onDestroy();
  }

  /** The renderer of `parts`, the game's part (see the head of this file).
   * @param {GamePart<V, S>} parts
   * @returns {Renderer} */
  renderer(parts) {
    const { els } = this;
    const game = parts;
    this.game = game;
    // The board's frame holds the focus when the target that had it goes.
    els.board.setAttribute('tabindex', '-1');
    els.board.addEventListener('focusin', this.onBoardFocus);
    PORTRAIT.addEventListener('change', this.onOrientation);
    if (game.firstFocus) {
      document.addEventListener('keydown', this.onKey, true);
      document.addEventListener('pointerdown', this.onPointer, true);
    }
    return {
      render: (snap, options) => this.render(snap, options),
      flashEvents: game.flashEvents,
      clearSelection: this.clearSelection,
      suggest: (move) => this.suggest(move),
      teach: (lesson) => this.teach(lesson),
      moveText: game.moveText,
      settled: game.settled,
      destroy: () => this.destroy(),
      logParams: game.logParams,
      endDetails: game.endDetails,
    };
  }
}

/** The shell of a renderer drawn for `host` (contract.js's RendererHost),
 * whose clicks narrow the legal moves as `select` says (the game's
 * selection module). `V` and `S` are the game's view and selection, which a
 * renderer names by the type it gives its shell.
 * @template [V=any]
 * @template [S=any]
 * @param {RendererHost} host
 * @param {SelectModule<S>} select
 * @returns {Shell<V, S>} */
export function createShell(host, select) {
  return new Shell(host, select);
}
