// @ts-check
// The shell every game's renderer is built in. It keeps what is on screen
// (the snapshot, its view, the names, whether the viewer may act, the
// selection, the others' latest moves, a suggested move) and does what the
// four renderers share: a click that narrows the selection or plays a move
// (through the game's selection module, <game>/select.js), a redraw that
// keeps the keyboard focus, the turn of a phone held upright, and `destroy`.
//
// A renderer makes its shell first, `shell = createShell(host)`, then its
// board and its drawing, and ends with `return shell.renderer(game)`, where
// `game` is its part:
//   select          its selection module
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
// The shell holds what is on screen (els, snapshot, view, names,
// interactive, selection, lastMove, suggestion, lesson) and offers legal(),
// hasSelection(), pick(target), play(text), clearSelection(), refresh();
// `renderer(game)` returns the renderer index.js describes.

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
 * @property {SelectModule<S>} select
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

/**
 * What the shell holds and offers (see the head of this file): `V` is the
 * game's view (null before the first snapshot), `S` its selection; both
 * open for a renderer that does not name them.
 * @template [V=any]
 * @template [S=any]
 * @typedef {object} Shell
 * @property {Record<string, HTMLElement>} els
 * @property {GameSnapshot | null} snapshot
 * @property {V | null} view
 * @property {string[]} names
 * @property {boolean} interactive
 * @property {S} selection
 * @property {GameEvent[]} lastMove
 * @property {Move | null} suggestion
 * @property {LessonStep | null} lesson
 * @property {() => Move[]} legal
 * @property {() => boolean} hasSelection
 * @property {(target: Target) => void} pick
 * @property {(text: string) => void} play
 * @property {() => void} clearSelection
 * @property {(before?: Element | null) => void} refresh
 * @property {(parts: GamePart<V, S>) => Renderer} renderer
 */

const KEYBOARD_KEYS = ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** The shell of a renderer drawn for `host` (contract.js's RendererHost).
 * `V` and `S` are the game's view and selection, which a renderer names by
 * the type it gives its shell.
 * @template [V=any]
 * @template [S=any]
 * @param {RendererHost} host
 * @returns {Shell<V, S>} */
export function createShell({ els, onChoice }) {
  // The game's part and its selection module: set by `renderer(game)`,
  // before anything is drawn.
  /** @type {GamePart<V, S>} */
  let game = /** @type {any} */ (null);
  /** @type {SelectModule<S>} */
  let select = /** @type {any} */ (null);
  // True while the redraw that finds a lesson's targets runs.
  let taughtOnly = false;
  // This shell marked the page as teaching (body.lesson-teaching).
  let teaching = false;
  /** @type {Shell<V, S>} */
  const shell = {
    els,
    snapshot: null,
    view: null,
    names: [],
    interactive: false,
    // Emptied by `renderer(game)`, which knows the game's selection.
    selection: /** @type {any} */ (null),
    lastMove: [],
    suggestion: null,
    // A lesson's step: the move it teaches and what the board points at.
    lesson: null,
    /** The viewer's legal moves while they may act; none otherwise (while
     * a lesson's targets are found, only the taught move). */
    legal: () => {
      if (!shell.snapshot || !shell.interactive) return [];
      return taughtOnly ? shell.snapshot.legal.filter((move) => move.text === /** @type {LessonStep} */ (shell.lesson).move) : shell.snapshot.legal;
    },
    hasSelection: () => JSON.stringify(shell.selection) !== JSON.stringify(select.emptySelection()),
    pick,
    play,
    clearSelection,
    refresh,
    renderer,
  };

  /** A click on a target: the selection narrows, or the move is played.
   * @param {Target} target */
  function pick(target) {
    if (!shell.interactive) return;
    const { selection, move } = select.click(shell.view, shell.legal(), shell.selection, target);
    if (move) return play(move.text);
    if (selection === shell.selection) return;
    shell.selection = selection;
    refresh();
  }

  /** Play the move whose text is `text`; the selection starts over.
   * @param {string} text */
  function play(text) {
    shell.selection = select.emptySelection();
    onChoice(text);
  }

  function clearSelection() {
    if (game.onClear) game.onClear();
    if (!shell.hasSelection()) return;
    shell.selection = select.emptySelection();
    refresh();
  }

  // -- the keyboard focus -----------------------------------------------------------

  // Does the player play with the keyboard? Only asked by a game that
  // focuses the first thing to choose when a turn begins.
  let keyboardUser = false;
  const onKey = (/** @type {KeyboardEvent} */ event) => {
    if (KEYBOARD_KEYS.includes(event.key)) keyboardUser = true;
  };
  const onPointer = () => {
    keyboardUser = false;
  };

  function focusFirst() {
    const scope = screenOf(els.board);
    for (const selector of /** @type {string[]} */ (game.firstFocus)) {
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
  function refresh(before = document.activeElement) {
    if (!shell.view) return;
    const active = document.activeElement;
    const focusKey = focusedKey();
    // In a lesson, the elements that lead to the taught move are those
    // a redraw offers when it is the only legal move: they are its targets;
    // every other choice is drawn as usual, then dimmed.
    let targets = null;
    if (shell.lesson && shell.interactive) {
      // A part of another move may be chosen (the step then refuses the
      // move it completes): the taught-only redraw, which would drop it as
      // fitting no move, keeps it.
      const chosen = shell.selection;
      taughtOnly = true;
      try {
        game.redraw();
        targets = new Set(choices().map(choiceKey));
      } finally {
        taughtOnly = false;
        shell.selection = chosen;
      }
    }
    game.redraw();
    markLesson(targets);
    // A part of a move chosen: the instruction then says what is left to
    // choose (a phone's lesson shows it only then, lesson.css).
    if (els.actions) els.actions.classList.toggle('chosen', shell.hasSelection());
    const scope = screenOf(els.board);
    if (focusKey) restoreFocus(scope, focusKey, game.focusRules);
    else if (game.firstFocus && keyboardUser && shell.interactive && (!active || active === document.body)) focusFirst();
    // What had the focus is gone (a move made, a turn over): the focus
    // stays on the board rather than falling to the page's body.
    if (document.activeElement === document.body && before && before !== document.body && !before.isConnected) {
      els.board.focus({ preventScroll: true });
    }
    oneTabStop(els.board);
  }

  // -- a lesson ---------------------------------------------------------------------------

  /** Every element one may click now, in the renderer's containers. */
  const choices = () => Object.values(els).flatMap((el) => (el ? [...el.querySelectorAll('[data-choice]')] : []));
  const choiceKey = (/** @type {Element} */ node) => node.getAttribute('data-key') || `choice:${node.getAttribute('data-choice')}`;

  /** Mark each choice as the lesson's target or another (`data-lesson`),
   * and point at what the step speaks of.
   * @param {Set<string> | null} targets */
  function markLesson(targets) {
    for (const node of choices()) {
      if (targets) node.setAttribute('data-lesson', targets.has(choiceKey(node)) ? 'target' : 'other');
      else node.removeAttribute('data-lesson');
    }
    // While a move is taught, what cannot be chosen is quiet too.
    if (targets) {
      document.body.classList.add('lesson-teaching');
      teaching = true;
    } else if (teaching) {
      document.body.classList.remove('lesson-teaching');
      teaching = false;
    }
    if (game.spotlight) game.spotlight(shell.lesson ? shell.lesson.point : []);
  }

  /** Teach a move (`{move, point}`: its text, and what the board points
   * at), or stop (null).
   * @param {LessonStep | null} lesson */
  function teach(lesson) {
    shell.lesson = lesson;
    refresh();
  }

  // -- drawing --------------------------------------------------------------------------

  /** Draw a snapshot. `options.interactive` false shows the position only
   * (a bot's turn, a privacy screen, the end of the game); `options.lastMove`
   * are the public events of the others' latest moves, to keep marked. A
   * selection lasts while the turn on screen does.
   * @param {GameSnapshot} snap
   * @param {Partial<RenderOptions>} [options] */
  function render(snap, options = {}) {
    const sameTurn = isSameTurn(shell.snapshot, snap, shell.view);
    const previous = shell.view;
    const focused = document.activeElement;
    shell.snapshot = snap;
    shell.view = snap.view;
    shell.names = options.names || shell.names;
    shell.interactive = Boolean(options.interactive) && snap.legal.length > 0;
    if (!sameTurn || !shell.interactive) shell.selection = select.emptySelection();
    if (!sameTurn) shell.suggestion = null;
    if (options.lastMove) shell.lastMove = options.lastMove;
    game.draw(snap, { previous });
    refresh(focused);
  }

  /** Show a suggested move (a `to_dict()` of a legal move), or none.
   * @param {Move | null} move */
  function suggest(move) {
    shell.suggestion = move || null;
    if (game.onSuggest) game.onSuggest(shell.suggestion);
    refresh();
  }

  // A phone turned: the board is built again for its new shape.
  function onOrientation() {
    if (!shell.snapshot) return;
    game.board.reset();
    render(shell.snapshot, { names: shell.names, interactive: shell.interactive, lastMove: shell.lastMove });
  }

  // The arrow keys moved the focus on the board: the Tab stop follows it.
  function onBoardFocus() {
    oneTabStop(els.board);
  }

  function destroy() {
    els.board.removeEventListener('focusin', onBoardFocus);
    els.board.removeAttribute('tabindex');
    PORTRAIT.removeEventListener('change', onOrientation);
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPointer, true);
    game.board.reset();
    for (const el of Object.values(els)) if (el) el.replaceChildren();
    if (teaching) document.body.classList.remove('lesson-teaching');
    if (game.onDestroy) game.onDestroy();
  }

  /** The renderer of `parts`, the game's part (see the head of this file).
   * @param {GamePart<V, S>} parts
   * @returns {Renderer} */
  function renderer(parts) {
    game = parts;
    select = game.select;
    shell.selection = select.emptySelection();
    // The board's frame holds the focus when the target that had it goes.
    els.board.setAttribute('tabindex', '-1');
    els.board.addEventListener('focusin', onBoardFocus);
    PORTRAIT.addEventListener('change', onOrientation);
    if (game.firstFocus) {
      document.addEventListener('keydown', onKey, true);
      document.addEventListener('pointerdown', onPointer, true);
    }
    return {
      render,
      flashEvents: game.flashEvents,
      clearSelection,
      suggest,
      teach,
      moveText: game.moveText,
      settled: game.settled,
      destroy,
      logParams: game.logParams,
      endDetails: game.endDetails,
    };
  }

  return shell;
}
