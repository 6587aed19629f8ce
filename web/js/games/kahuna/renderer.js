// @ts-check
// The Kahuna renderer: draws a snapshot (board and panels) and turns clicks
// into moves. It holds no rules: every target it offers comes from the
// snapshot's `legal` list, and a selection only narrows that list, as
// kahuna/select.js says (a card and a line, two cards and a bridge …); the
// shell (renderer-shell.js) keeps the selection, the focus and the rest.
//
// Besides, it keeps the latest move of another player marked (`lastMove`,
// its public events) and shows a suggested move (`suggest`, a hint) on the
// elements that would play it.

import { t } from '../../i18n.js';
import { createBoard } from './board.js';
import { renderPlayers, renderRound, renderHand, renderMarket, renderActions, renderScoreline, endDetails } from './panel.js';
import { logParams, eventMarks, dash } from './log.js';
import * as select from './select.js';
import * as words from './text.js';
import { PORTRAIT, pointByKey } from '../renderer-common.js';
import { laneFocus } from '../archipelago.js';
import { createShell } from '../renderer-shell.js';

const { cardsOf } = select;

/** @typedef {import('./select.js').KahunaView} KahunaView */
/** @typedef {import('./select.js').KahunaMove} KahunaMove */
/** @typedef {import('./select.js').KahunaLine} KahunaLine */
/** @typedef {import('./select.js').KahunaTargets} KahunaTargets */
/** @typedef {import('../contract.js').GameSnapshot} GameSnapshot */

/** The game drawn in the page's containers (contract.js's Renderer).
 * @param {import('../contract.js').RendererHost} host
 * @returns {import('../contract.js').Renderer} */
export function createRenderer(host) {
  /** @type {import('../renderer-shell.js').Shell<KahunaView, import('./select.js').KahunaSelection>} */
  const shell = createShell(host, select);
  const { els } = shell;

  const board = createBoard(els.board, shell.boardHandlers);

  const lineName = (/** @type {number} */ id) => select.lineName(shell.view, id);

  function selectedNames() {
    const hand = (shell.view && shell.view.hand) || [];
    return shell.selection.cards.map((i) => hand[i]);
  }

  /** Everything clickable now (kahuna/select.js), the lines named.
   * @returns {KahunaTargets} */
  function targets() {
    const all = select.targets(shell.view, /** @type {KahunaMove[]} */ (shell.legal()), shell.selection);
    all.lines = all.lines.map((line) => ({ ...line, label: lineLabel(line) }));
    return all;
  }

  /** A line's name for a screen reader, as a target: chosen, or what a
   * click on it plays, else whether a bridge lies on it.
   * @param {import('./select.js').KahunaLineTarget} target */
  function lineLabel({ move, line: name, removal, selected }) {
    if (selected) return t('kahuna.aria.line_selected', { line: dash(name) });
    if (move && move.kind === 'place') return t('kahuna.aria.place', { line: dash(name), card: move.card });
    if (move && move.kind === 'remove') return t('kahuna.aria.remove', { line: dash(name), cards: /** @type {string[]} */ (move.cards).join(' + ') });
    return removal ? t('kahuna.aria.line_bridge', { line: dash(name) }) : t('kahuna.aria.line_free', { line: dash(name) });
  }

  /** @param {KahunaTargets} all */
  function hint(all) {
    if (!shell.interactive) return '';
    const { selection } = shell;
    const view = /** @type {KahunaView} */ (shell.view);
    const chosen = selectedNames();
    const legal = /** @type {GameSnapshot} */ (shell.snapshot).legal;
    if (selection.line !== null) {
      // The selected line is one of the view's.
      const line = /** @type {KahunaLine} */ (view.lines.find((l) => `${l.a}-${l.b}` === selection.line));
      const removal = line && line.owner !== null && line.owner !== undefined;
      if (!removal) return t('kahuna.hint.line_free', { line: dash(selection.line), a: line.a, b: line.b });
      return chosen.length ? t('kahuna.hint.second_card', { card: chosen[0] }) : t('kahuna.hint.line_bridge', { line: dash(selection.line) });
    }
    if (chosen.length === 2) return t('kahuna.hint.pick_bridge', { cards: chosen.join(' + ') });
    if (chosen.length === 1) {
      const anyPlace = all.lines.some((l) => !l.removal);
      const anyRemove = all.lines.some((l) => l.removal) || all.cards.some((c) => c.choice && !c.selected);
      const parts = [];
      if (anyPlace) parts.push(t('kahuna.hint.card_place', { card: chosen[0] }));
      if (anyRemove) parts.push(t('kahuna.hint.card_remove'));
      if (all.hide) parts.push(t('kahuna.hint.card_hide'));
      return parts.join(' ');
    }
    if (view.committed_to_draw) return t('kahuna.hint.committed');
    if (view.final_phase) return t('kahuna.hint.final');
    const canDraw = legal.some((m) => m.kind === 'draw' || m.kind === 'take');
    const canHide = legal.some((m) => m.kind === 'hide');
    if (canHide && !canDraw) return t('kahuna.hint.hand_full');
    if (!all.cards.some((c) => c.choice)) return all.skip ? t('kahuna.hint.draw_or_skip') : t('kahuna.hint.draw');
    return all.skip ? t('kahuna.hint.turn') : t('kahuna.hint.turn_must_draw');
  }

  /** Redraw what depends on the selection: targets, hand, market, actions. */
  function redraw() {
    const view = /** @type {KahunaView} */ (shell.view);
    const all = targets();
    board.drawTargets(all.lines);
    renderHand(els.hand, view, all.cards, { onPick: (card) => shell.pick(card) });
    renderMarket(els.market, view, all, { onChoice: shell.play });
    renderActions(els.actions, {
      hint: hint(all),
      hide: all.hide,
      skip: all.skip,
      finalPhase: view.final_phase,
      canCancel: all.hasSelection,
      interactive: shell.interactive,
      onChoice: shell.play,
      onCancel: shell.clearSelection,
    });
    markSuggestion();
  }

  /** Mark the elements that would play the suggested move: its cards in
   * the hand, its line on the board, the pile, a face-up card or "Skip". */
  function markSuggestion() {
    const move = /** @type {KahunaMove | null} */ (shell.suggestion);
    const line = move && (move.kind === 'place' || move.kind === 'remove') ? lineName(/** @type {number} */ (move.line)) : null;
    board.suggest(line);
    if (!move) return;
    const mark = (/** @type {Element | null} */ node) => node && node.classList.add('suggested');
    if (move.kind === 'place' || move.kind === 'remove' || move.kind === 'hide') {
      const hand = /** @type {KahunaView} */ (shell.view).hand || [];
      /** @type {Set<number>} */
      const used = new Set();
      for (const card of cardsOf(move)) {
        const index = hand.findIndex((name, i) => name === card && !used.has(i));
        if (index < 0) continue;
        used.add(index);
        mark(els.hand.querySelector(`[data-key="card-${index}"]`));
      }
      if (line) mark(els.board.querySelector(`.line-target[data-line="${CSS.escape(line)}"]`));
      else mark(els.actions.querySelector('[data-key="btn-hide"]'));
    } else if (move.kind === 'draw') {
      mark(els.market.querySelector('[data-key="pile"]'));
    } else if (move.kind === 'take') {
      mark(els.market.querySelector(`[data-key="slot-${move.slot}"]`));
    } else if (move.kind === 'skip') {
      mark(els.actions.querySelector('[data-key="btn-skip"]'));
    }
  }

  /** A move in words, as the end of a sentence ("lay a bridge ALOA–BARI
   * with the BARI card").
   * @param {import('../contract.js').Move} move */
  function moveText(move) {
    return words.moveText(shell.view, /** @type {KahunaMove} */ (move));
  }

  /** Draw what the snapshot shows, whatever the selection.
   * @param {GameSnapshot} snap */
  function draw(snap) {
    const { names } = shell;
    const view = /** @type {KahunaView} */ (shell.view);
    board.draw(view, { names, portrait: PORTRAIT.matches });
    board.markMove(eventMarks(shell.lastMove), view);
    renderPlayers(els.players, view, snap, { names, seats: snap.seats, viewer: snap.viewer });
    renderRound(els.round, view, snap);
    renderScoreline(els.scoreline, view, snap, { names });
  }

  /** Point at what a lesson's step speaks of: islands and lines on the
   * board, cards in the hand, a face-up card, the pile.
   * @param {import('../contract.js').LessonPoint[]} points */
  function spotlight(points) {
    const of = (/** @type {string} */ kind) => points.filter((p) => p.kind === kind).map((p) => p.id);
    board.point(of('line'), of('island'), of('refused'));
    const hand = /** @type {KahunaView} */ (shell.view).hand || [];
    pointByKey(els.hand, 'card-', of('card'), (index) => hand[Number(index)]);
    pointByKey(els.market, 'slot-', of('slot'));
    const pile = els.market.querySelector('[data-key="pile"]');
    if (pile) pile.classList.toggle('lesson-point', of('pile').length > 0);
  }

  return shell.renderer({
    board,
    draw,
    redraw,
    // A card just chosen from the keyboard: go on to the lines it can use.
    focusRules: laneFocus(els.board, 'line', ['card-'], '.line-target.strong, .card.target, .pile.target'),
    // What just happened, rung on the board for a while.
    flashEvents: (events, duration) => board.flash(eventMarks(events), duration),
    spotlight,
    moveText,
    logParams: (event, ctx) => logParams(event, ctx),
    endDetails: (snap, list) => endDetails(snap.view, /** @type {import('./select.js').KahunaResult} */ (snap.result), list),
  });
}
