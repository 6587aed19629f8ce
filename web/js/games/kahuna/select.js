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

// -- Kahuna's view and moves, as the engine sends them ------------------------------------
// (docs/protocol.md, section "view(p)"; pygame_core/games/kahuna/state.py's
// `view` and moves.py's `to_dict`). The board, the panels and the text view
// read them from here.

/**
 * An island: where it lies (in a 1000 × 700 box), its lines (`degree`), the
 * bridges that control it (`needed`), its controller (a seat, or null) and
 * each player's bridges at it (`counts`).
 * @typedef {object} KahunaIsland
 * @property {string} name
 * @property {number} x
 * @property {number} y
 * @property {number} degree
 * @property {number} needed
 * @property {number | null} controller
 * @property {number[]} counts
 */

/** A line between two islands, and the seat whose bridge lies on it.
 * @typedef {import('../archipelago.js').ViewLane} KahunaLine */

/** A scoring: its round (3 the final one), each player's islands and points.
 * @typedef {{round: number, islands: number[], points: number[]}} KahunaScoring */

/**
 * The end: the scores, the winners, why (points, a wipe-out …) and the
 * breakdown of the points.
 * @typedef {object} KahunaResult
 * @property {number[]} scores
 * @property {number[]} winners
 * @property {string} reason
 * @property {{scorings: KahunaScoring[], bridges_on_board: number[], controlled: number[]}} [breakdown]
 */

/**
 * What a viewer sees of a game of Kahuna (`hand` and `own_hidden_discards`
 * are null for a spectator).
 * @typedef {object} KahunaView
 * @property {string} game
 * @property {number | null} viewer
 * @property {number} round
 * @property {number} scorings_done
 * @property {boolean} final_phase
 * @property {number | null} final_turns_left
 * @property {boolean} previous_turn_skipped
 * @property {boolean} committed_to_draw
 * @property {KahunaIsland[]} islands
 * @property {KahunaLine[]} lines
 * @property {number[]} supply
 * @property {number[]} on_board
 * @property {number[]} controlled
 * @property {string[] | null} hand
 * @property {number[]} hand_sizes
 * @property {string[][]} known_hands
 * @property {(string | null)[]} display
 * @property {number} pile_size
 * @property {string[]} open_discard
 * @property {number[]} hidden_discard_counts
 * @property {string[] | null} own_hidden_discards
 * @property {number[]} scores
 * @property {KahunaScoring[]} scorings
 */

/**
 * A legal move: its kind (place, remove, hide, draw, take, skip) and text,
 * and as its kind has them the line (its index), the card (place, hide),
 * the two cards (remove) or the face-up slot (take).
 * @typedef {object} KahunaMove
 * @property {string} kind
 * @property {string} text
 * @property {number} [line]
 * @property {string} [card]
 * @property {string[]} [cards]
 * @property {number} [slot]
 */

/** What is selected: hand cards (by their place in the hand) and a line (its name).
 * @typedef {{cards: number[], line: string | null}} KahunaSelection */

/** A hand card as a target: its place and name, selected or offered (`choice`).
 * @typedef {{index: number, name: string, selected?: boolean, choice?: string}} KahunaCardTarget */

/** A line as a target (select-common.js's `laneTargets`), named under `line`.
 * @typedef {import('../select-common.js').LaneTarget<KahunaMove> & {line: string}} KahunaLineTarget */

/**
 * Everything clickable now (`targets`): the hand cards, the lines, the
 * buttons' moves (hide, draw, skip: their texts, or null) and the face-up
 * cards one may take.
 * @typedef {object} KahunaTargets
 * @property {KahunaCardTarget[]} cards
 * @property {KahunaLineTarget[]} lines
 * @property {string | null} hide
 * @property {string | null} draw
 * @property {{slot: number, choice: string}[]} take
 * @property {string | null} skip
 * @property {boolean} hasSelection
 */

/** The cards a card move plays.
 * @param {KahunaMove} move
 * @returns {string[]} */
export const cardsOf = (move) => (move.kind === 'remove' ? /** @type {string[]} */ (move.cards) : [/** @type {string} */ (move.card)]);

/** A line's name ("ALOA-BARI") from its id.
 * @param {KahunaView | null} view
 * @param {number} id
 * @returns {string} */
export function lineName(view, id) {
  const line = view && view.lines[id];
  return line ? `${line.a}-${line.b}` : String(id);
}

/** The selection before any click.
 * @returns {KahunaSelection} */
export const emptySelection = () => ({ cards: [], line: null });

/** Everything clickable now, derived from the legal moves and the selection:
 * {cards, lines, hide, draw, take, skip, hasSelection}.
 * @param {KahunaView | null} view
 * @param {KahunaMove[]} legal
 * @param {KahunaSelection} selection
 * @returns {KahunaTargets} */
export function targets(view, legal, selection) {
  const moves = legal.filter((m) => m.kind === 'place' || m.kind === 'remove' || m.kind === 'hide');
  const hand = (view && view.hand) || [];
  const chosen = selection.cards.map((i) => hand[i]);
  const hasSelection = chosen.length > 0 || selection.line !== null;
  // A hidden card has no line.
  /** @param {string[]} cards @param {string | null} line */
  const evaluate = (cards, line) => narrow(moves, cards, line, { laneOf: (m) => (m.kind === 'hide' ? null : lineName(view, /** @type {number} */ (m.line))), cardsOf });
  const cards = hand.map((name, index) => {
    if (selection.cards.includes(index)) return { index, name, selected: true };
    const result = evaluate([...chosen, name], selection.line);
    if (!result) return { index, name };
    return { index, name, choice: result.done ? result.done.text : `card:${name}` };
  });
  // Each one names its line under `line`.
  const lines = /** @type {KahunaLineTarget[]} */ (
    laneTargets(view ? view.lines : [], selection.line, {
      word: 'line',
      open: (name) => evaluate(chosen, name),
      strong: hasSelection,
    })
  );
  const hide = chosen.length === 1 && selection.line === null ? legal.find((m) => m.kind === 'hide' && m.card === chosen[0]) : null;
  return {
    cards,
    lines,
    hide: hide ? hide.text : null,
    draw: legal.some((m) => m.kind === 'draw') ? 'draw' : null,
    take: legal.filter((m) => m.kind === 'take').map((m) => ({ slot: /** @type {number} */ (m.slot), choice: m.text })),
    skip: legal.some((m) => m.kind === 'skip') ? 'skip' : null,
    hasSelection,
  };
}

/** A click on a hand card ({index, choice}), a line ({line, choice}) or a
 * button ({choice}): a card or the line chosen again is put back.
 * @param {KahunaView | null} view
 * @param {KahunaMove[]} legal
 * @param {KahunaSelection} selection
 * @param {{index?: number, line?: string, choice?: string | null}} target
 * @returns {import('../contract.js').Click<KahunaSelection>} */
export function click(view, legal, selection, { index, line, choice }) {
  if (index !== undefined && selection.cards.includes(index)) {
    return selecting({ ...selection, cards: selection.cards.filter((i) => i !== index) });
  }
  if (line !== undefined && selection.line === line) return selecting({ ...selection, line: null });
  if (!choice) return selecting(selection);
  // A card's choice comes with its index, a line's with its name.
  if (choice.startsWith('card:')) return selecting({ ...selection, cards: [...selection.cards, /** @type {number} */ (index)] });
  if (choice.startsWith('line:')) return selecting({ ...selection, line: /** @type {string} */ (line) });
  return played(legal, choice, emptySelection);
}
