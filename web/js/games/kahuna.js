// The Kahuna renderer: draws a snapshot (board and panels) and turns clicks
// into moves. It holds no rules: every target it offers comes from the
// snapshot's `legal` list, and a selection only narrows that list.
//
// A selection is some hand cards and at most one line. The moves still
// possible are the legal card moves whose cards contain the selected ones
// and whose line is the selected line. A hand card or a line is offered when
// adding it leaves some move possible; when it completes a move exactly, its
// data-choice is that move's text and a click plays it. Every click therefore
// narrows towards a legal move, in any order, and never dead-ends.
//
// Besides, it keeps the latest move of another player marked (`lastMove`,
// its public events) and shows a suggested move (`suggest`, a hint) on the
// elements that would play it.

import { t } from '../i18n.js';
import { createBoard } from './kahuna-board.js';
import { renderPlayers, renderRound, renderHand, renderMarket, renderActions, renderScoreline, endDetails } from './kahuna-panel.js';
import { logParams, eventMarks } from './kahuna-log.js';
import { narrow, laneTargets } from './archipelago.js';
import { PORTRAIT, isSameTurn, screenOf, focusedKey, restoreFocus, firstOf } from './renderer-common.js';

const cardsOf = (move) => (move.kind === 'remove' ? move.cards : [move.card]);

export function createRenderer(host) {
  const { els, onChoice } = host;
  let snapshot = null;
  let view = null;
  let names = [];
  let interactive = false;
  let selection = { cards: [], line: null };
  let lastMove = [];
  let suggestion = null;

  const board = createBoard(els.board, {
    onTarget: (target) => pick({ line: target.line, choice: target.choice }),
    onBackground: () => clearSelection(),
  });

  const lineName = (id) => {
    const line = view && view.lines[id];
    return line ? `${line.a}-${line.b}` : String(id);
  };

  function cardMoves() {
    if (!snapshot || !interactive) return [];
    return snapshot.legal.filter((m) => m.kind === 'place' || m.kind === 'remove' || m.kind === 'hide');
  }

  /** What a selection of `cards` (names) and `line` (name or null) allows:
   * a hidden card has no line. */
  function evaluate(moves, cards, line) {
    return narrow(moves, cards, line, { laneOf: (m) => (m.kind === 'hide' ? null : lineName(m.line)), cardsOf });
  }

  function selectedNames() {
    const hand = (view && view.hand) || [];
    return selection.cards.map((i) => hand[i]);
  }

  /** Everything clickable now, derived from the legal moves and the selection. */
  function targets() {
    const moves = cardMoves();
    const hand = (view && view.hand) || [];
    const chosen = selectedNames();
    const hasSelection = chosen.length > 0 || selection.line !== null;
    const cards = hand.map((name, index) => {
      if (selection.cards.includes(index)) return { index, name, selected: true };
      const result = evaluate(moves, [...chosen, name], selection.line);
      if (!result) return { index, name };
      return { index, name, choice: result.done ? result.done.text : `card:${name}` };
    });
    const lines = laneTargets(view ? view.lines : [], selection.line, {
      word: 'line',
      open: (name) => evaluate(moves, chosen, name),
      strong: hasSelection,
      label: lineLabel,
      selectedLabel: (name) => t('kahuna.aria.line_selected', { line: dash(name) }),
    });
    const legal = snapshot && interactive ? snapshot.legal : [];
    const hide =
      chosen.length === 1 && selection.line === null
        ? legal.find((m) => m.kind === 'hide' && m.card === chosen[0])
        : null;
    return {
      cards,
      lines,
      hide: hide ? hide.text : null,
      draw: legal.some((m) => m.kind === 'draw') ? 'draw' : null,
      take: legal.filter((m) => m.kind === 'take').map((m) => ({ slot: m.slot, choice: m.text })),
      skip: legal.some((m) => m.kind === 'skip') ? 'skip' : null,
      hasSelection,
    };
  }

  const dash = (name) => name.replace('-', '–');

  function lineLabel(move, line, removal) {
    const name = `${line.a}-${line.b}`;
    if (move && move.kind === 'place') return t('kahuna.aria.place', { line: dash(name), card: move.card });
    if (move && move.kind === 'remove') return t('kahuna.aria.remove', { line: dash(name), cards: move.cards.join(' + ') });
    return removal ? t('kahuna.aria.line_bridge', { line: dash(name) }) : t('kahuna.aria.line_free', { line: dash(name) });
  }

  function hint(all) {
    if (!interactive) return '';
    const chosen = selectedNames();
    const legal = snapshot.legal;
    if (selection.line !== null) {
      const line = view.lines.find((l) => `${l.a}-${l.b}` === selection.line);
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

  function pick({ index, line, choice }) {
    if (!interactive) return;
    if (index !== undefined && selection.cards.includes(index)) {
      selection.cards = selection.cards.filter((i) => i !== index);
      return refresh();
    }
    if (line !== undefined && selection.line === line) {
      selection.line = null;
      return refresh();
    }
    if (!choice) return;
    if (choice.startsWith('card:')) {
      selection.cards = [...selection.cards, index];
      return refresh();
    }
    if (choice.startsWith('line:')) {
      selection.line = line;
      return refresh();
    }
    play(choice);
  }

  function play(text) {
    selection = { cards: [], line: null };
    onChoice(text);
  }

  function clearSelection() {
    if (!selection.cards.length && selection.line === null) return;
    selection = { cards: [], line: null };
    refresh();
  }

  /** Where the focus goes once a redraw has replaced the focused element. */
  const focusRules = {
    // A card just chosen from the keyboard: go on to the lines it can use.
    afterChoice: (same, key) => (key.startsWith('card-') ? firstOf(els.board, '.line-target.strong.suggested', '.line-target.strong') : null),
    next: '.line-target.strong, .card.target, .pile.target',
    stay: true,
  };

  /** Redraw what depends on the selection: targets, hand, market, actions. */
  function refresh() {
    if (!view) return;
    // Redrawing replaces the elements: keep the keyboard focus where it was.
    const focusKey = focusedKey();
    const all = targets();
    board.drawTargets(all.lines);
    renderHand(els.hand, view, all.cards, {
      onPick: (card) => pick({ index: card.index, choice: card.choice }),
    });
    renderMarket(els.market, view, all, { onChoice: play });
    renderActions(els.actions, {
      hint: hint(all),
      hide: all.hide,
      skip: all.skip,
      finalPhase: view.final_phase,
      canCancel: all.hasSelection,
      interactive,
      onChoice: play,
      onCancel: clearSelection,
    });
    markSuggestion();
    if (focusKey) restoreFocus(screenOf(els.board), focusKey, focusRules);
  }

  /** Mark the elements that would play the suggested move: its cards in
   * the hand, its line on the board, the pile, a face-up card or "Skip". */
  function markSuggestion() {
    const move = suggestion;
    const line = move && (move.kind === 'place' || move.kind === 'remove') ? lineName(move.line) : null;
    board.suggest(line);
    if (!move) return;
    const mark = (node) => node && node.classList.add('suggested');
    if (move.kind === 'place' || move.kind === 'remove' || move.kind === 'hide') {
      const hand = view.hand || [];
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

  /** Show a suggested move (a `to_dict()` of a legal move), or none. */
  function suggest(move) {
    suggestion = move || null;
    refresh();
  }

  /** A move in words, as the end of a sentence ("lay a bridge ALOA–BARI
   * with the BARI card"). */
  function moveText(move) {
    // A line's name does not break at its dash.
    const line = () => dash(lineName(move.line)).replace('–', '–\u2060');
    switch (move.kind) {
      case 'place':
        return t('kahuna.move.place', { line: line(), card: move.card });
      case 'remove':
        return t('kahuna.move.remove', { line: line(), cards: move.cards.join(' + ') });
      case 'hide':
        return t('kahuna.move.hide', { card: move.card });
      case 'draw':
        return t('kahuna.move.draw');
      case 'take':
        return t('kahuna.move.take', { card: (view && view.display[move.slot]) || '' });
      case 'skip':
        return view && view.final_phase ? t('kahuna.move.end_turn') : t('kahuna.move.skip');
      default:
        return move.text;
    }
  }

  /** Draw a snapshot. `options.interactive` false shows the position only
   * (a bot's turn, a privacy screen, the end of the game); `options.lastMove`
   * are the events of another player's latest turn, to keep marked. */
  function render(snap, options = {}) {
    const sameTurn = isSameTurn(snapshot, snap, view);
    snapshot = snap;
    view = snap.view;
    names = options.names || names;
    interactive = Boolean(options.interactive) && snap.legal.length > 0;
    if (!sameTurn || !interactive) selection = { cards: [], line: null };
    if (options.lastMove) lastMove = options.lastMove;
    board.draw(view, { names, portrait: PORTRAIT.matches });
    board.markMove(eventMarks(lastMove), view);
    renderPlayers(els.players, view, { names, seats: snap.seats, viewer: snap.viewer });
    renderRound(els.round, view);
    renderScoreline(els.scoreline, view, { names });
    refresh();
  }

  function flashEvents(events, duration) {
    const { lines, islands } = eventMarks(events);
    board.flash(lines, islands, duration);
  }

  function onOrientation() {
    if (snapshot) render(snapshot, { names, interactive, lastMove });
  }
  PORTRAIT.addEventListener('change', onOrientation);

  function destroy() {
    PORTRAIT.removeEventListener('change', onOrientation);
    board.reset();
    for (const el of Object.values(els)) if (el) el.replaceChildren();
  }

  return {
    render,
    flashEvents,
    clearSelection,
    suggest,
    moveText,
    destroy,
    logParams: (event, ctx) => logParams(event, ctx),
    endDetails: (snap, list) => endDetails(snap.view, snap.result, list),
  };
}
