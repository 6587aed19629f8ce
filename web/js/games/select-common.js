// @ts-check
// What the four games' selection logic shares. A game's selection module
// (<game>/select.js) says how clicks narrow the legal moves down to one: it
// knows the view, the legal moves and what is selected, and nothing of the
// page (no DOM, no words), so that Node can test it. Each one exports
//   emptySelection()                         the selection before any click
//   targets(view, legal, selection)          everything that can be clicked
//       now, each with its `choice` (its data-choice: the text of the move a
//       click plays, or the selection step it takes) or `selected`
//   click(view, legal, selection, target) -> {selection, move}
//       what a click on one of those targets does: the move it plays (a
//       legal move, the selection then empty) or the next selection (move
//       null; the same selection when the click does nothing)
// `legal` is the viewer's legal moves (`to_dict()`s) when they may act, and
// empty otherwise: then nothing is offered.
//
// Besides, the cards a text view offers as buttons (`distinctChoices`), and
// what the archipelago games' log modules share of the lanes (`laneMarks`:
// the lanes and islands that events name).

/** @typedef {import('./contract.js').Move} Move */

/**
 * A lane's target (`laneTargets`): the lane's name under the game's word
 * (`line`, `link`), its data-choice (a move's text, or "<word>:<name>"),
 * whether it glows (`strong`), is selected, holds a bridge (`removal`), the
 * move it completes, and the words a renderer names it with (`label`).
 * @template [M=Move]
 * @typedef {{choice?: string, selected?: boolean, strong?: boolean, removal: boolean, move?: M | null, label?: string, [word: string]: any}} LaneTarget
 */

/** True when the multiset `small` is contained in `big`: the cards (or the
 * parts) of a selection, in a legal move.
 * @template T
 * @param {readonly T[]} small
 * @param {readonly T[]} big
 * @returns {boolean} */
export function within(small, big) {
  const left = [...big];
  for (const item of small) {
    const i = left.indexOf(item);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/** What a click on a target whose choice is a move's text does: that move
 * is played, the selection starts over.
 * @template {{text: string}} M
 * @template S
 * @param {M[]} legal
 * @param {string} choice
 * @param {() => S} emptySelection
 * @returns {{selection: S, move: M | null}} */
export function played(legal, choice, emptySelection) {
  return { selection: emptySelection(), move: legal.find((m) => m.text === choice) || null };
}

/** A click that changes the selection (or, with `selection` itself, nothing).
 * @template S
 * @param {S} selection
 * @returns {{selection: S, move: null}} */
export const selecting = (selection) => ({ selection, move: null });

// -- cards and a lane: the archipelago games, Kahuna and Kanaloa -----------------------

/** What a selection of `cards` (names) and `lane` (a name, or null) allows
 * among `moves`, the legal moves made of cards and, but for one that puts a
 * card aside, a lane: those still open (their cards contain the selected
 * ones, their lane is the selected one), and the one the selection
 * completes. `laneOf(move)` is a move's lane (null for none), `cardsOf(move)`
 * its cards. A move without a lane is never completed here: a button plays
 * it. Null when nothing is left open.
 * @template {{text: string}} M
 * @param {M[]} moves
 * @param {string[]} cards
 * @param {string | null} lane
 * @param {{laneOf: (move: M) => string | null, cardsOf: (move: M) => string[]}} how
 * @returns {{open: M[], done: M | undefined} | null} */
export function narrow(moves, cards, lane, { laneOf, cardsOf }) {
  const open = moves.filter((m) => (lane === null || laneOf(m) === lane) && within(cards, cardsOf(m)));
  if (!open.length) return null;
  const done = open.find((m) => lane !== null && laneOf(m) === lane && cardsOf(m).length === cards.length);
  return { open, done };
}

/** The board's targets for a selection, one per lane it can use: the
 * selected lane (`selected`, a name or null), or with none selected every
 * lane that leaves a move open (`open(name)`, as `narrow` answers). `strong`
 * ones glow; `removal` ones hold a bridge. A target whose lane completes a
 * move plays it (`move`); another selects the lane ("<word>:<name>").
 * @template {{text: string}} M
 * @param {{a: string, b: string, owner?: number | null}[]} lanes
 * @param {string | null} selected
 * @param {{word: string, open: (name: string) => {done: M | undefined} | null, strong: boolean}} how
 * @returns {LaneTarget<M>[]} */
export function laneTargets(lanes, selected, { word, open, strong }) {
  /** @type {LaneTarget<M>[]} */
  const targets = [];
  for (const lane of lanes) {
    const name = `${lane.a}-${lane.b}`;
    const removal = lane.owner !== null && lane.owner !== undefined;
    if (selected === name) {
      targets.push({ [word]: name, selected: true, removal });
      continue;
    }
    if (selected !== null) continue;
    const result = open(name);
    if (!result) continue;
    targets.push({
      [word]: name,
      choice: result.done ? result.done.text : `${word}:${name}`,
      strong,
      removal,
      move: result.done || null,
    });
  }
  return targets;
}

/** The cards to offer as choices: those selected, and of equal cards (by
 * `nameOf`) that do the same (the same data-choice), the first; a card that
 * does nothing is left out.
 * @template {{selected?: boolean, choice?: string | null}} C
 * @param {C[]} cards
 * @param {(card: C) => string} nameOf
 * @returns {C[]} */
export function distinctChoices(cards, nameOf) {
  /** @type {Set<string>} */
  const seen = new Set();
  return cards.filter((card) => {
    if (card.selected) return true;
    if (!card.choice) return false;
    const key = `${nameOf(card)}|${card.choice}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The lanes and the islands that events name (a log module's
 * `eventMarks`, for the archipelago games): the lanes from the events'
 * parameter `word` (`line`, `link`), the islands from their `island`,
 * unless `marksIsland(event)` says otherwise; each once, in order.
 * @param {{key: string, params?: Record<string, any>}[]} events
 * @param {string} word
 * @param {(event: {key: string}) => boolean} [marksIsland]
 * @returns {{lanes: string[], islands: string[]}} */
export function laneMarks(events, word, marksIsland = () => true) {
  /** @type {Set<string>} */
  const lanes = new Set();
  /** @type {Set<string>} */
  const islands = new Set();
  for (const event of events) {
    const p = event.params || {};
    if (p[word]) lanes.add(String(p[word]));
    if (p.island && marksIsland(event)) islands.add(String(p.island));
  }
  return { lanes: [...lanes], islands: [...islands] };
}
