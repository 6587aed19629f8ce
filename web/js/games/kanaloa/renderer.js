// @ts-check
// The Kanaloa renderer: draws a snapshot (board and panels) and turns clicks
// into moves. It holds no rules: every target it offers comes from the
// snapshot's `legal` list, and a selection only narrows that list, as
// kanaloa/select.js says (cards and KANALOA stones and a link, a god stone
// and its target …); Escape or "Cancel" starts over. The shell
// (renderer-shell.js) keeps the selection, the focus and the rest.
//
// It also keeps the latest moves of the other players marked (`lastMove`,
// their public events) and shows a suggested move (`suggest`, a hint) on the
// elements that would play it.

import { t } from '../../i18n.js';
import { createBoard } from './board.js';
import {
  renderPlayers,
  renderRound,
  renderHand,
  renderMarket,
  renderActions,
  renderScoreline,
  endDetails,
} from './panel.js';
import { logParams, eventMarks, dash } from './log.js';
import * as select from './select.js';
import * as words from './text.js';
import { PORTRAIT, screenOf, pointByKey } from '../renderer-common.js';
import { laneFocus } from '../archipelago.js';
import { createShell } from '../renderer-shell.js';

const { JOKER, cardsOf, linkOf } = select;

/** @typedef {import('./select.js').KanaloaView} KanaloaView */
/** @typedef {import('./select.js').KanaloaMove} KanaloaMove */
/** @typedef {import('./select.js').KanaloaTargets} KanaloaTargets */
/** @typedef {import('../contract.js').GameSnapshot} GameSnapshot */
/** @typedef {import('../renderer-shell.js').Shell<KanaloaView, import('./select.js').KanaloaSelection>} KanaloaShell */

/** A link's name for a screen reader, as a target: chosen, or what a
 * click on it plays (a bridge to lay, to replace or to take away), else
 * whether a bridge lies on it.
 * @param {import('./select.js').KanaloaLinkTarget} target */
function linkLabel({ move, link, removal, selected }) {
  const name = dash(link);
  if (selected) return t('kanaloa.aria.link_selected', { link: name });
  if (move && move.kind === 'build') {
    return move.card === JOKER ? t('kanaloa.aria.build_kanaloa', { link: name }) : t('kanaloa.aria.build', { link: name, card: move.card });
  }
  if (move && move.kind === 'replace') return t('kanaloa.aria.replace', { link: name, cards: /** @type {string[]} */ (move.cards).join(' + ') });
  // PELE's bridge to take away.
  if (move && move.kind === 'remove') return t('kanaloa.aria.remove', { link: name });
  return removal ? t('kanaloa.aria.link_bridge', { link: name }) : t('kanaloa.aria.link_free', { link: name });
}

// -- hints --------------------------------------------------------------------------------------

/** Mark the elements that would play the suggested move (the shell's
 * `suggestion`), step by step: its cards and stones, its link (on `board`),
 * the talon or a face-up card, a button.
 * @param {KanaloaShell} shell @param {{suggest: (link: string | null) => void}} board @param {KanaloaTargets} all */
function markSuggestion(shell, board, all) {
  const { els, view, selection } = shell;
  const move = /** @type {KanaloaMove | null} */ (shell.suggestion);
  const link = move && (move.kind === 'build' || move.kind === 'replace' || move.kind === 'remove') ? linkOf(move) : null;
  board.suggest(link);
  if (!move) return;
  const scope = screenOf(els.board);
  const mark = (/** @type {Element | null} */ node) => node && node.classList.add('suggested');
  const byKey = (/** @type {string} */ key) => scope.querySelector(`[data-key="${CSS.escape(key)}"]`);
  /** The first of the hand's cards named `name` not yet chosen. @param {string} name */
  const handCard = (name) => {
    const index = ((view && view.hand) || []).findIndex((card, i) => card === name && !selection.cards.includes(i));
    return index < 0 ? null : byKey(`card-${index}`);
  };
  const stone = (/** @type {string} */ god) => {
    const n = god === JOKER ? selection.jokers : 0;
    return byKey(`stone-${god}-${n}`);
  };
  switch (move.kind) {
    case 'build':
    case 'replace': {
      const needed = [...cardsOf(move)];
      for (const name of all.chosen) {
        const i = needed.indexOf(name);
        if (i >= 0) needed.splice(i, 1);
      }
      const seen = new Set();
      for (const name of needed) {
        if (name === JOKER) mark(stone(JOKER));
        else if (!seen.has(name)) {
          seen.add(name);
          mark(handCard(name));
        }
      }
      // These moves have their link.
      if (selection.link !== link) mark(els.board.querySelector(`.link-target[data-link="${CSS.escape(/** @type {string} */ (link))}"]`));
      break;
    }
    case 'remove':
      mark(els.board.querySelector(`.link-target[data-link="${CSS.escape(/** @type {string} */ (link))}"]`));
      break;
    case 'discard':
      if (selection.cards.length === 1) mark(byKey('btn-discard'));
      else mark(handCard(/** @type {string} */ (move.card)));
      break;
    case 'choose':
      if (selection.cards.length === 1) mark(byKey('btn-choose'));
      else mark(handCard(/** @type {string} */ (move.card)));
      break;
    case 'give':
      mark(handCard(/** @type {string} */ (move.card)));
      break;
    case 'steal':
      mark(scope.querySelector(`.kn-tray [data-choice="${CSS.escape(move.text)}"]`));
      break;
    case 'draw':
      mark(byKey('pile'));
      break;
    case 'take':
      mark(scope.querySelector(`#market .display [data-choice="${CSS.escape(move.text)}"]`));
      break;
    case 'lono draw':
      if (selection.stone === 'LONO') mark(byKey('pile'));
      else mark(stone('LONO'));
      break;
    case 'lono take':
      if (selection.stone === 'LONO') mark(scope.querySelector(`#market .display [data-choice="${CSS.escape(move.text)}"]`));
      else mark(stone('LONO'));
      break;
    case 'ku':
      if (selection.stone === 'KU') mark(byKey(`btn-ku-${move.player}`));
      else mark(stone('KU'));
      break;
    case 'pele':
      if (selection.stone === 'PELE') mark(byKey('btn-pele'));
      else mark(stone('PELE'));
      break;
    case 'colour':
      mark(byKey(`btn-colour-${move.colour}`));
      break;
    case 'end':
    case 'pass':
      mark(byKey(`btn-${move.kind}`));
      break;
    default:
      break;
  }
}

/** The game drawn in the page's containers (contract.js's Renderer).
 * @param {import('../contract.js').RendererHost} host
 * @returns {import('../contract.js').Renderer} */
export function createRenderer(host) {
  /** @type {KanaloaShell} */
  const shell = createShell(host, select);
  const { els } = shell;

  const board = createBoard(els.board, shell.boardHandlers);

  /** Everything clickable now (kanaloa/select.js), the links named.
   * @returns {KanaloaTargets} */
  function targets() {
    const all = select.targets(shell.view, /** @type {KanaloaMove[]} */ (shell.legal()), shell.selection);
    all.links = all.links.map((link) => ({ ...link, label: linkLabel(link) }));
    return all;
  }

  // -- the sentence that says what to do -------------------------------------------------------

  /** @param {KanaloaTargets} all */
  function advice(all) {
    const { view, names, selection, interactive } = shell;
    return interactive ? words.advice(/** @type {KanaloaView} */ (view), /** @type {KanaloaMove[]} */ (shell.legal()), selection, all, names) : '';
  }

  /** Redraw what depends on the selection: targets, hand, market, actions. */
  function redraw() {
    const { names } = shell;
    const view = /** @type {KanaloaView} */ (shell.view);
    const all = targets();
    board.drawTargets(all.links);
    renderHand(els.hand, view, all, {
      names,
      onPick: (card) => shell.pick(card),
      onStone: (stone) => shell.pick(stone),
    });
    renderMarket(els.market, view, all, { names, onChoice: shell.play });
    renderActions(els.actions, view, all, {
      names,
      advice: advice(all),
      interactive: shell.interactive,
      onChoice: shell.play,
      onCancel: shell.clearSelection,
    });
    markSuggestion(shell, board, all);
  }

  /** A move in words, as the end of a sentence.
   * @param {import('../contract.js').Move} move */
  function moveText(move) {
    return words.moveText(shell.view, /** @type {KanaloaMove} */ (move), shell.names);
  }

  /** Draw what the snapshot shows, whatever the selection.
   * @param {GameSnapshot} snap */
  function draw(snap) {
    const { names } = shell;
    const view = /** @type {KanaloaView} */ (shell.view);
    board.draw(view, { names, portrait: PORTRAIT.matches });
    board.markMove(eventMarks(shell.lastMove), view);
    renderPlayers(els.players, view, snap, { names, viewer: snap.viewer });
    renderRound(els.round, view, snap);
    renderScoreline(els.scoreline, view, snap, { names });
  }

  /** Point at what a lesson's step speaks of: islands (and the god stone
   * on one), links, cards in the hand or face up, the talon, a stone of the
   * tablet.
   * @param {import('../contract.js').LessonPoint[]} points */
  function spotlight(points) {
    const of = (/** @type {string} */ kind) => points.filter((p) => p.kind === kind).map((p) => p.id);
    board.point(of('link'), [...of('island'), ...of('stone')], of('refused'));
    const scope = screenOf(els.board);
    const hand = (shell.view && shell.view.hand) || [];
    pointByKey(els.hand, 'card-', of('card'), (index) => hand[Number(index)]);
    pointByKey(els.market, 'slot-', of('slot'));
    const pile = scope.querySelector('#market [data-key="pile"]');
    if (pile) pile.classList.toggle('lesson-point', of('pile').length > 0);
    pointByKey(scope, 'stone-', of('god'), (rest) => rest.split('-')[0]);
  }

  return shell.renderer({
    board,
    draw,
    redraw,
    // A card or a stone just chosen from the keyboard: go on to the links it can use.
    focusRules: laneFocus(els.board, 'link', ['card-', 'stone-'], '.link-target.strong, .card.target, .kn-stone.target, .pile.target, .actions [data-choice]'),
    // In this order: what the hint suggests, a button, a hand card, a stone,
    // a glowing link, the talon, anything that can be chosen.
    firstFocus: ['[data-choice].suggested', '#actions [data-choice]', '#hand .card.target', '.kn-stone.target', '.link-target.strong', '.pile.target', '[data-choice]'],
    onDestroy: () => {
      if (els.round) els.round.classList.remove('kn-setup');
    },
    // What just happened, rung on the board for a while.
    flashEvents: (events, duration) => board.flash(eventMarks(events), duration),
    spotlight,
    moveText,
    logParams: (event, ctx) => logParams(event, { ...ctx, players: (shell.view && shell.view.players) || (shell.snapshot && shell.snapshot.players) || 4 }),
    endDetails: (snap, list) => endDetails(snap.view, /** @type {import('./select.js').KanaloaResult} */ (snap.result), list),
  });
}
