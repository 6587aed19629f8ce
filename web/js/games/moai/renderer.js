// @ts-check
// The Moai renderer: draws a snapshot (the island, the clans, the epoch
// display, the viewer's cards and camp) and turns clicks into moves. It holds
// no rules: every target comes from the snapshot's `legal` list, and a
// selection only narrows it, as moai/select.js says (the parts each move is
// made of: a strength and a place, two pieces, a space and the tile's side,
// cards …); what it draws as choices, named and marked, is targets.js's; the
// shell (renderer-shell.js) keeps the selection, the focus and the rest.
//
// Besides, it keeps the others' latest moves marked (`lastMove`, their public
// events) and shows a suggested move (`suggest`, a hint).

import { createBoard } from './board.js';
import { renderPlayers, renderRound, renderScoreline, renderHand, renderMarket, renderActions, endDetails } from './panel.js';
import { logParams, eventMarks } from './log.js';
import * as select from './select.js';
import * as words from './words.js';
import { boardTargets, handCards, campChips, actionButtons, suggestedPlaces } from './targets.js';
import { PORTRAIT, screenOf, pointByKey } from '../renderer-common.js';
import { svg } from '../../board-svg.js';
import { createShell } from '../renderer-shell.js';

/** @typedef {import('./types.js').MoaiView} MoaiView */
/** @typedef {import('./types.js').MoaiMove} MoaiMove */
/** A legal move as the shell hands it (a `to_dict()`, Moai's). @typedef {import('../../state.js').Move} Move */
/** @typedef {import('./types.js').MoaiSnapshot} MoaiSnapshot */
/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @typedef {import('./select.js').Selection} Selection */
/** @typedef {import('./panel.js').DrawnButton} DrawnButton */
/** @typedef {import('./targets.js').OnScreen} OnScreen */

/** The shell (../renderer-shell.js) as this renderer holds it: what it
 * keeps on screen is Moai's (the view, the selection, the moves).
 * @typedef {Omit<ReturnType<typeof createShell>, 'snapshot' | 'view' | 'selection' | 'suggestion' | 'lastMove' | 'legal'> & {
 *   snapshot: MoaiSnapshot | null, view: MoaiView | null, selection: Selection, suggestion: MoaiMove | null,
 *   lastMove: GameEvent[], legal: () => MoaiMove[]}} MoaiShell */

/** The game drawn in the page's containers (contract.js's Renderer).
 * @param {import('../contract.js').RendererHost} host
 * @returns {import('../contract.js').Renderer} */
export function createRenderer(host) {
  const shell = /** @type {MoaiShell} */ (/** @type {unknown} */ (createShell(host, select)));
  const { els } = shell;

  const board = createBoard(els.board, {
    onTarget: (part) => shell.pick({ part }),
    onBackground: () => shell.clearSelection(),
  });

  // -- words ----------------------------------------------------------------------------------

  /** A move in words, as the end of a sentence ("place a strength-2 piece on
   * field F5"), and what to do now: the text view's words (moai/words.js).
   * @param {Move} move */
  const moveText = (move) => words.moveText(shell.view, move, shell.names);

  function hint() {
    const { view, names, selection, interactive } = shell;
    return interactive && view ? words.advice(view, shell.legal(), selection, names) : '';
  }

  // -- clicks --------------------------------------------------------------------------------

  /** @param {DrawnButton} button */
  function onButton(button) {
    if (button.cancel) return shell.clearSelection();
    if (button.choice) shell.play(button.choice);
  }

  // -- drawing -------------------------------------------------------------------------------

  /** Redraw what depends on the selection: board targets, hand, market, actions. */
  function redraw() {
    const view = /** @type {MoaiView} */ (shell.view);
    // A selection that no longer fits a move starts over.
    if (shell.hasSelection() && !select.stillOpen(view, shell.legal(), shell.selection).length) shell.selection = select.emptySelection();
    const all = select.targets(view, shell.legal(), shell.selection);
    /** @type {OnScreen} */
    const now = { view, legal: shell.legal(), names: shell.names, suggestion: shell.suggestion };
    board.draw(view, {
      portrait: PORTRAIT.matches,
      targets: boardTargets(all, now),
      names: shell.names,
      marks: eventMarks(shell.lastMove),
      suggested: suggestedPlaces(shell.suggestion),
    });
    renderHand(els.hand, view, { cards: handCards(all, now), camp: campChips(all, now), onCard: shell.pick, onCamp: shell.pick });
    const hinted = shell.suggestion && shell.suggestion.kind === 'take' ? shell.suggestion.card : null;
    renderMarket(els.market, view, { take: all.take, onChoice: shell.play, suggested: hinted });
    renderActions(els.actions, { hint: hint(), buttons: actionButtons(all, now), interactive: shell.interactive, onButton });
  }

  /** Draw what the snapshot shows, whatever the selection (the island
   * is drawn with its targets).
   * @param {MoaiSnapshot} snap */
  function draw(snap) {
    const { names } = shell;
    const view = /** @type {MoaiView} */ (shell.view);
    const marks = eventMarks(shell.lastMove);
    renderPlayers(els.players, view, snap, { names, viewer: snap.viewer, lastCards: marks.cards });
    renderRound(els.round, view, snap);
    renderScoreline(els.scoreline, view, snap, { names });
  }

  /** Point at what a lesson's step speaks of: places on the board ("F1",
   * "S1", "V2"), cards in the hand (by value), epoch cards (by id), the
   * camp's pieces (by strength).
   * @param {{kind: string, id: string | number}[]} points */
  function spotlight(points) {
    /** @param {string} kind */
    const of = (kind) => points.filter((p) => p.kind === kind).map((p) => String(p.id));
    const scope = screenOf(els.board);
    scope.querySelectorAll('.point-box').forEach((/** @type {Element} */ node) => node.remove());
    for (const loc of of('loc')) {
      const node = /** @type {SVGGraphicsElement | null} */ (els.board.querySelector(`[data-loc="${CSS.escape(loc)}"]`));
      if (!node || !node.getBBox) continue;
      const box = node.getBBox();
      node.append(svg('rect', { class: 'point-island point-box', x: box.x - 5, y: box.y - 5, width: box.width + 10, height: box.height + 10, rx: 10 }));
    }
    const hand = (shell.view && shell.view.hand) || [];
    pointByKey(els.hand, 'card-', of('card'), (/** @type {string} */ index) => hand[Number(index)]);
    pointByKey(scope, 'epoch-', of('epoch'));
    pointByKey(scope, 'camp-', of('camp'));
  }

  /** Ring the places what just happened names, for a while.
   * @param {GameEvent[]} events
   * @param {number} [duration] */
  function flashEvents(events, duration) {
    board.flash(eventMarks(events), duration);
  }

  return shell.renderer({
    board,
    // The shell hands over the page's snapshot: Moai's, as the engine sends it.
    draw: (snap) => draw(/** @type {MoaiSnapshot} */ (snap)),
    redraw,
    focusRules: {
      // A strength just chosen from the keyboard: go on to the places.
      afterChoice: (/** @type {HTMLElement} */ same) => (els.board.contains(same) ? null : els.board.querySelector('[data-choice]')),
      next: '.board-frame [data-choice], #hand [data-choice], #market [data-choice], #actions [data-choice]',
    },
    // A hint shows its move from the start.
    onSuggest: (/** @type {Move | null} */ move) => {
      if (move) shell.selection = select.emptySelection();
    },
    onDestroy: () => {
      for (const el of Object.values(els)) if (el) el.classList.remove('mo-market');
      if (els.market) els.market.hidden = false;
    },
    flashEvents,
    spotlight,
    moveText,
    logParams: (/** @type {GameEvent} */ event, /** @type {{names: string[]}} */ ctx) => logParams(event, ctx),
    endDetails: (snap, /** @type {string[]} */ names) => endDetails(/** @type {MoaiSnapshot} */ (snap).view, /** @type {MoaiSnapshot} */ (snap).result, names),
  });
}
