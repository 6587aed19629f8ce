// @ts-check
// The Haleakala renderer: draws a snapshot (the island, the score board and
// the panels) and turns clicks into moves. It holds no rules: every target
// comes from the snapshot's `legal` list, and a selection only narrows it, as
// haleakala/select.js says (a disc and a beach, a crater and its neighbour
// …); what it says of its targets (their names, what to do now, the keys of
// a suggested move) is targets.js's; the shell (renderer-shell.js) keeps the
// selection, the focus and the rest.
//
// Besides, it keeps another player's latest move marked (`lastMove`), shows a
// suggested move (`suggest`), and plays each eruption step by step from the
// log (`settled` resolves when it is over).

import { language } from '../../i18n.js';
import { createBoard } from './board.js';
import { renderPlayers, renderRound, renderScoreline, renderHand, renderMarket, renderActions, endDetails } from './panel.js';
import { logParams, eventMarks } from './log.js';
import { eruptionSequence, eruptionWords } from './eruption.js';
import * as select from './select.js';
import * as words from './text.js';
import { namedTargets, hint, suggestedKeys } from './targets.js';
import { PORTRAIT, firstOf, screenOf } from '../renderer-common.js';
import { createShell } from '../renderer-shell.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').HaleakalaSnapshot} HaleakalaSnapshot */
/** @typedef {import('./types.js').HaleakalaMove} HaleakalaMove */
/** A legal move as the shell hands it (a `to_dict()`, Haleakala's). @typedef {import('../../state.js').Move} Move */
/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @typedef {import('./select.js').Selection} Selection */

/** The shell (../renderer-shell.js) as this renderer holds it: what it
 * keeps on screen is Haleakala's (the view, the selection, the moves).
 * @typedef {Omit<ReturnType<typeof createShell>, 'snapshot' | 'view' | 'selection' | 'suggestion' | 'lastMove' | 'legal'> & {
 *   snapshot: HaleakalaSnapshot | null, view: HaleakalaView | null, selection: Selection, suggestion: HaleakalaMove | null,
 *   lastMove: GameEvent[], legal: () => HaleakalaMove[]}} HaleakalaShell */

/** The game drawn in the page's containers (contract.js's Renderer).
 * @param {import('../contract.js').RendererHost} host
 * @returns {import('../contract.js').Renderer} */
export function createRenderer(host) {
  const shell = /** @type {HaleakalaShell} */ (/** @type {unknown} */ (createShell(host, select)));
  const { els } = shell;
  // The latest log entry seen, the eruption being played out, the language
  // the board's fixed words are in.
  /** @type {number | null} */
  let seenN = null;
  /** @type {Promise<void> | null} */
  let settling = null;
  /** @type {string | null} */
  let drawnIn = null;

  const board = createBoard(els.board, shell.boardHandlers);

  const viewer = () => (shell.snapshot ? shell.snapshot.viewer : null);

  /** Redraw what depends on the selection: targets, reserve, choices, actions. */
  function redraw() {
    const view = /** @type {HaleakalaView} */ (shell.view);
    const all = namedTargets(view, shell.legal(), shell.selection);
    board.drawTargets(all.board, all.preview);
    // The reserve makes way for the cards or the purchases to choose from.
    renderHand(els.hand, view, all.market ? null : all.hand, {
      viewer: viewer(),
      onPick: (item) => shell.pick({ ...item, invoke: item === all.hand.invoke }),
      onChoice: shell.play,
    });
    renderMarket(els.market, view, all.market, { onChoice: shell.play });
    renderActions(els.actions, {
      hint: hint(view, all, { names: shell.names, selection: shell.selection, interactive: shell.interactive, viewer: viewer() }),
      buttons: all.buttons,
      canCancel: shell.hasSelection(),
      interactive: shell.interactive,
      onChoice: shell.play,
      onCancel: shell.clearSelection,
    });
    markSuggestion();
  }

  // -- hints ----------------------------------------------------------------------------------

  /** Mark the elements that would play the suggested move (targets.js's keys). */
  function markSuggestion() {
    const keys = suggestedKeys(shell.view, shell.suggestion, shell.selection, viewer());
    board.suggest(keys);
    for (const root of [els.hand, els.market, els.actions]) {
      if (!root) continue;
      for (const node of root.querySelectorAll('.suggested')) node.classList.remove('suggested');
      for (const key of keys) {
        const node = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
        if (node) node.classList.add('suggested');
      }
    }
  }

  /** A move in words, to end a sentence ("put disc 3 on beach 2").
   * @param {Move} move */
  function moveText(move) {
    return words.moveText(shell.view, move);
  }

  // -- drawing -----------------------------------------------------------------------------------

  /** The eruption of the moves just played, step by step.
   * @param {HaleakalaSnapshot} snap
   * @param {boolean} jumped
   * @returns {boolean} */
  function playEruptions(snap, jumped) {
    const last = snap.log.length ? snap.log[snap.log.length - 1].n : 0;
    const fresh = seenN !== null && last > seenN ? snap.log.filter((entry) => entry.n > /** @type {number} */ (seenN)) : [];
    const jump = jumped || seenN === null || last < seenN;
    seenN = last;
    if (jump) board.stopEruption();
    if (!fresh.length || jump) return jump;
    const sequence = eruptionSequence(fresh);
    if (sequence) settling = board.playEruption(sequence, eruptionWords(sequence, shell.names));
    return jump;
  }

  /** Draw what the snapshot shows, whatever the selection; play out the
   * eruptions of the moves just played.
   * @param {HaleakalaSnapshot} snap
   * @param {{previous: unknown}} options   the view drawn before, if any (only whether there is one matters)
   */
  function draw(snap, { previous }) {
    const { names } = shell;
    const view = /** @type {HaleakalaView} */ (shell.view);
    const lastN = snap.log.length ? snap.log[snap.log.length - 1].n : 0;
    const jump = seenN === null || lastN < seenN;
    if (jump) board.forget();
    // Another language: the board's fixed words are drawn again.
    if (drawnIn !== language()) {
      if (drawnIn !== null) board.reset();
      drawnIn = language();
    }
    board.draw(view, { names, portrait: PORTRAIT.matches, jump });
    playEruptions(snap, jump || !previous);
    board.markMove(eventMarks(shell.lastMove, view), view);
    renderPlayers(els.players, view, snap, { names, viewer: snap.viewer });
    renderRound(els.round, view, snap);
    renderScoreline(els.scoreline, view, snap, { names });
  }

  /** Point at what a lesson's step speaks of: spaces ("B3", "M1", "C2"),
   * card slots ([section, slot]), discs of the reserve (by value, or
   * "invoke").
   * @param {{kind: string, id: string | number | [number, number]}[]} points */
  function spotlight(points) {
    /** @param {string} kind */
    const of = (kind) => points.filter((p) => p.kind === kind).map((p) => p.id);
    board.point(/** @type {string[]} */ (of('space')), /** @type {[number, number][]} */ (of('slot')));
    const discs = of('disc').map((value) => (value === 'invoke' ? 'invoke' : `disc-${value}`));
    screenOf(els.board).querySelectorAll('.hk-disc-btn[data-key]').forEach((/** @type {Element} */ node) => {
      node.classList.toggle('lesson-point', discs.includes(/** @type {string} */ (node.getAttribute('data-key'))));
    });
  }

  /** Ring what just happened on the board, for a while.
   * @param {GameEvent[]} events
   * @param {number} [duration] */
  function flashEvents(events, duration) {
    if (shell.view) board.flash(eventMarks(events, shell.view), duration);
  }

  /** Resolves once what is being played out on the board (an eruption) is over.
   * @returns {Promise<void>} */
  function settled() {
    return board.erupting() && settling ? settling : Promise.resolve();
  }

  return shell.renderer({
    board,
    // The shell hands over the page's snapshot: Haleakala's, as the engine sends it.
    draw: (snap, context) => draw(/** @type {HaleakalaSnapshot} */ (snap), context),
    redraw,
    focusRules: {
      // A disc just chosen from the keyboard: go on to the beaches it can use.
      afterChoice: () => firstOf(els.board, '.hk-target.strong.suggested', '.hk-target.strong'),
      next: '.hk-target.strong, .hk-disc-btn.target, .hk-pick, .hk-buy',
    },
    // A click on the sea (or Escape) also stops an eruption being played out.
    onClear: () => {
      if (board.erupting()) board.stopEruption();
    },
    onDestroy: () => {
      for (const el of Object.values(els)) if (el) el.classList.remove('hk-market');
    },
    flashEvents,
    spotlight,
    moveText,
    settled,
    logParams: (/** @type {GameEvent} */ event, /** @type {{names: string[]}} */ ctx) => logParams(event, ctx),
    endDetails: (snap, /** @type {string[]} */ list) => endDetails(/** @type {HaleakalaSnapshot} */ (snap).view, /** @type {HaleakalaSnapshot} */ (snap).result, list),
  });
}
