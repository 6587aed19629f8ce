// @ts-check
// How clicks choose a Kahuna move (see select-common.js for the shape every
// game's selection module shares). It knows no DOM and no words.
//
// A selection is some hand cards (by their place in the hand) and at most
// one line. The moves still possible are the legal card moves whose cards
// contain the selected ones and whose line is the selected line. A hand card
// or a line is offered when adding it leaves some move possible; when it
// completes a move exactly, its choice is that move's text and a click plays
// it. Every click therefore narrows towards a legal move, in any order, and
// never dead-ends:
//   place   a card, then a line (or the line first)
//   remove  two cards, then an opponent's bridge (or the bridge first)
//   hide    a card, then "put it aside" (a button)
//   draw, take, skip: one click.

import { narrow, laneTargets, played, selecting } from '../select-common.js';

export const cardsOf = (move) => (move.kind === 'remove' ? move.cards : [move.card]);

/** A line's name ("ALOA-BARI") from its id. */
export function lineName(view, id) {
  const line = view && view.lines[id];
  return line ? `${line.a}-${line.b}` : String(id);
}

export const emptySelection = () => ({ cards: [], line: null });

/** Everything clickable now, derived from the legal moves and the selection:
 * {cards, lines, hide, draw, take, skip, hasSelection}. */
export function targets(view, legal, selection) {
  const moves = legal.filter((m) => m.kind === 'place' || m.kind === 'remove' || m.kind === 'hide');
  const hand = (view && view.hand) || [];
  const chosen = selection.cards.map((i) => hand[i]);
  const hasSelection = chosen.length > 0 || selection.line !== null;
  // A hidden card has no line.
  const evaluate = (cards, line) => narrow(moves, cards, line, { laneOf: (m) => (m.kind === 'hide' ? null : lineName(view, m.line)), cardsOf });
  const cards = hand.map((name, index) => {
    if (selection.cards.includes(index)) return { index, name, selected: true };
    const result = evaluate([...chosen, name], selection.line);
    if (!result) return { index, name };
    return { index, name, choice: result.done ? result.done.text : `card:${name}` };
  });
  const lines = laneTargets(view ? view.lines : [], selection.line, {
    word: 'line',
    open: (name) => evaluate(chosen, name),
    strong: hasSelection,
  });
  const hide = chosen.length === 1 && selection.line === null ? legal.find((m) => m.kind === 'hide' && m.card === chosen[0]) : null;
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

/** A click on a hand card ({index, choice}), a line ({line, choice}) or a
 * button ({choice}): a card or the line chosen again is put back. */
export function click(view, legal, selection, { index, line, choice }) {
  if (index !== undefined && selection.cards.includes(index)) {
    return selecting({ ...selection, cards: selection.cards.filter((i) => i !== index) });
  }
  if (line !== undefined && selection.line === line) return selecting({ ...selection, line: null });
  if (!choice) return selecting(selection);
  if (choice.startsWith('card:')) return selecting({ ...selection, cards: [...selection.cards, index] });
  if (choice.startsWith('line:')) return selecting({ ...selection, line });
  return played(legal, choice, emptySelection);
}
