// @ts-check
// How clicks choose a Moai move (see select-common.js for the shape every
// game's selection module shares). It knows no DOM and no words.
//
// Each legal move is made of parts, the things a player clicks:
//   bid        the cards (card:1, card:R …), then "Bid" to confirm
//   place      a strength of the camp (str:2) and a place (loc:F5), either first
//   swap       two of one's own pieces (piece:S1:R2fd, piece:F3:R1)
//   carve      a volcano space (loc:V2), then the tile's side when there is a tile
//   raid       a face-up piece of another clan and the card of its strength
//   birth      two cards
//   and one click for everything else: an epoch card, a victim, a field to
//   erode, a piece to kill, lose, starve or rest, a boat, a tied clan, pass,
//   done, build.
// An element is offered when adding its part to the selection leaves some
// legal move possible; when that completes a move (or leaves a single one, for
// the place of a placement, the space of a carving and the target of a raid)
// its choice is the move's text and a click plays it. Otherwise its choice is
// the part, and a click selects it. Every click therefore narrows towards a
// legal move, in any order, and never dead-ends.
//
// A selection is the parts chosen on the board and in the camp (`parts`) and
// the hand cards, by their place in the hand (`cards`).

import { within, played, selecting } from '../select-common.js';
import { LETTERS } from './log.js';

/** @typedef {import('./types.js').MoaiView} MoaiView */
/** @typedef {import('./types.js').MoaiMove} MoaiMove */
/** @typedef {import('./types.js').MovePiece} MovePiece */
/** @template {import('./types.js').MoveKind} K @typedef {import('./types.js').MoveOf<K>} MoveOf */

/** What is chosen so far: parts of the board and the camp, and the hand's
 * cards by their place in the hand.
 * @typedef {{parts: string[], cards: number[]}} Selection */

/** A place or a piece of the board that can be clicked (its part is its key).
 * @typedef {{choice: string | null, selected: boolean}} BoardTarget */

/** A card of the hand: offered (`choice`), selected, or neither.
 * @typedef {{index: number, kind: string, choice?: string | null, selected?: boolean}} HandCard */

/** The camp's pieces of one strength; `part` is what a click on it chooses.
 * @typedef {{strength: number, count: number, part?: string, choice?: string, selected?: boolean}} CampChip */

/** A button of the action bar: what it does (`action`), the move it plays
 * (none for "cancel"), and for the tile's side which side (`face`).
 * @typedef {{action: 'bid', choice: string, move: MoveOf<'bid'>, face?: undefined}
 *   | {action: 'rank' | 'victim' | 'award', choice: string, move: MoveOf<'rank'> | MoveOf<'victim'> | MoveOf<'award'>, face?: undefined}
 *   | {action: 'face', face: string, choice: string, move: MoaiMove | undefined}
 *   | {action: 'cancel', choice: null, move: null, face?: undefined}
 *   | {action: 'pass' | 'build' | 'done', choice: string, move: MoveOf<'pass'> | MoveOf<'build'> | MoveOf<'done'>, face?: undefined}} ActionButton */

/** Everything clickable now (see `targets`).
 * @typedef {object} Targets
 * @property {Map<string, BoardTarget>} board
 * @property {HandCard[]} cards
 * @property {CampChip[]} camp
 * @property {Map<string, string>} take     an epoch card's id → the move's text
 * @property {ActionButton[]} buttons
 */

/** What a click is on: a hand card ({index, kind, choice}), a part of the
 * board or the camp ({part}), or a button ({choice}).
 * @typedef {{index?: number, kind?: string, part?: string, choice?: string | null, selected?: boolean}} Target */

/** What a click does: the next selection, or the move it plays (select-common.js).
 * @typedef {{selection: Selection, move: MoaiMove | null}} ClickResult */

/** The text of a piece in the move notation, when the viewer knows it.
 * @param {string} location
 * @param {number} seat
 * @param {number | null | undefined} strength
 * @param {boolean} faceUp
 * @returns {string | null} */
export function pieceText(location, seat, strength, faceUp) {
  if (strength === null || strength === undefined) return null;
  return `${location}:${LETTERS[seat]}${strength}${faceUp ? '' : 'fd'}`;
}

/** @param {MovePiece} p */
const pieceKey = (p) => pieceText(p.location, p.player, p.strength, p.face_up);

/** The parts a move is made of (see the head of this file).
 * @param {MoaiMove} m
 * @returns {string[]} */
export function partsOf(m) {
  switch (m.kind) {
    case 'bid':
    case 'birth':
      return m.cards.map((kind) => `card:${kind}`);
    case 'rank':
      return [`rank:${m.player}`];
    case 'take':
      return [`epoch:${m.card}`];
    case 'victim':
      return [`victim:${m.player}`];
    case 'erode':
      return [`loc:${m.field}`];
    case 'kill':
    case 'lose':
    case 'starve':
    case 'rest':
      return [`piece:${pieceKey(m.piece)}`];
    case 'sink':
      return [`loc:${m.boat}`];
    case 'place':
      return [`str:${m.strength}`, `loc:${m.location}`];
    case 'swap':
      return m.pieces.map((p) => `piece:${pieceKey(p)}`);
    case 'award':
      return [`award:${m.player}`];
    case 'carve':
      return [`loc:${m.space}`, m.face_down ? 'face:down' : 'face:up'];
    case 'raid':
      return [`card:${m.card}`, `piece:${pieceKey(m.target)}`];
    default:
      return [m.kind];
  }
}

/** Moves completed by a single remaining possibility when this part is
 * clicked: the place of a placement, the space of a carving, a raid's target.
 * @type {Record<string, string>} */
const COMPLETES = { place: 'loc:', carve: 'loc:', raid: 'piece:' };

/** The selection before any click.
 * @returns {Selection} */
export const emptySelection = () => ({ parts: [], cards: [] });

/** @param {Selection} selection */
const hasSelection = (selection) => selection.parts.length > 0 || selection.cards.length > 0;

/** Every part selected: the board's and the camp's, then the cards'.
 * @param {MoaiView | null} view
 * @param {Selection} selection
 * @returns {string[]} */
export function selectedParts(view, selection) {
  const hand = (view && view.hand) || [];
  return [...selection.parts, ...selection.cards.map((i) => `card:${hand[i]}`)];
}

/** The moves a selection still allows.
 * @param {MoaiView | null} view
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @returns {MoaiMove[]} */
export function stillOpen(view, legal, selection) {
  const want = selectedParts(view, selection);
  return legal.filter((m) => within(want, partsOf(m)));
}

/** What clicking an element of `part` does now: a move's text (it plays),
 * the part itself (it selects), or null (not offered).
 * @param {MoaiView | null} view
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @param {string} part
 * @returns {string | null} */
function offer(view, legal, selection, part) {
  const want = [...selectedParts(view, selection), part];
  const open = legal.filter((m) => within(want, partsOf(m)));
  if (!open.length) return null;
  const exact = open.find((m) => m.kind !== 'bid' && partsOf(m).length === want.length);
  if (exact) return exact.text;
  if (open.length === 1 && COMPLETES[open[0].kind] && part.startsWith(COMPLETES[open[0].kind])) return open[0].text;
  return part;
}

/** Everything clickable now: {board, cards, camp, take, buttons}.
 * - board: part → {choice, selected}, the places and pieces of the island;
 * - cards: the hand, [{index, kind, choice | selected}];
 * - camp: one chip per strength, [{strength, count, part, choice | selected}];
 * - take: epoch card → the move's text;
 * - buttons: [{action, choice, move}] in the order of the action bar:
 *   bid, rank, victim, award, face (the tile's side: `face`), cancel, pass,
 *   build, done.
 * @param {MoaiView} view
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @returns {Targets} */
export function targets(view, legal, selection) {
  /** @param {string} part */
  const offered = (part) => offer(view, legal, selection, part);
  return {
    board: boardTargets(legal, selection, offered),
    cards: handCards(view, legal, selection, offered),
    camp: campChips(view, legal, selection, offered),
    take: new Map(legal.filter((m) => m.kind === 'take').map((m) => [m.card, m.text])),
    buttons: actionButtons(view, legal, selection, offered),
  };
}

/** @typedef {(part: string) => string | null} Offered */

/**
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @param {Offered} offered
 * @returns {Map<string, BoardTarget>} */
function boardTargets(legal, selection, offered) {
  /** @type {Map<string, BoardTarget>} */
  const targets = new Map();
  /** @param {string} part */
  const add = (part) => {
    if (targets.has(part)) return;
    const selected = selection.parts.includes(part);
    const choice = selected ? null : offered(part);
    if (!selected && !choice) return;
    targets.set(part, { choice, selected });
  };
  for (const m of legal) for (const part of partsOf(m)) if (part.startsWith('loc:') || part.startsWith('piece:')) add(part);
  return targets;
}

/**
 * @param {MoaiView} view
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @param {Offered} offered
 * @returns {HandCard[]} */
function handCards(view, legal, selection, offered) {
  const hand = (view && view.hand) || [];
  return hand.map((kind, index) => {
    if (!legal.length) return { index, kind };
    if (selection.cards.includes(index)) return { index, kind, selected: true };
    return { index, kind, choice: offered(`card:${kind}`) };
  });
}

/**
 * @param {MoaiView} view
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @param {Offered} offered
 * @returns {CampChip[]} */
function campChips(view, legal, selection, offered) {
  if (!view || !view.camp) return [];
  /** @type {Map<number, number>} */
  const byStrength = new Map();
  for (const s of view.camp) byStrength.set(s, (byStrength.get(s) || 0) + 1);
  return [...byStrength.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([strength, count]) => {
      /** @type {CampChip} */
      const chip = { strength, count };
      if (!legal.length) return chip;
      // A strength to place, or (with an empty camp… or none) a piece of the camp.
      for (const part of [`str:${strength}`, `piece:camp:${LETTERS[/** @type {number} */ (view.viewer)]}${strength}`]) {
        if (selection.parts.includes(part)) return { ...chip, part, selected: true };
        const choice = offered(part);
        if (choice) return { ...chip, part, choice };
      }
      return chip;
    });
}

/**
 * @param {MoaiView} view
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @param {Offered} offered
 * @returns {ActionButton[]} */
function actionButtons(view, legal, selection, offered) {
  /** @type {ActionButton[]} */
  const out = [];
  if (!legal.length) return out;
  const step = view.step;
  if (step === 'bid') {
    // The bid of exactly the cards chosen.
    const chosen = selectedParts(view, selection);
    const bid = /** @type {MoveOf<'bid'> | undefined} */ (legal.find((m) => m.kind === 'bid' && partsOf(m).length === chosen.length && within(chosen, partsOf(m))));
    if (bid) out.push({ action: 'bid', choice: bid.text, move: bid });
  }
  for (const m of legal) {
    if (m.kind === 'rank' || m.kind === 'victim' || m.kind === 'award') out.push({ action: m.kind, choice: m.text, move: m });
  }
  // The tile's side, once a volcano space with a tile is chosen.
  const space = selection.parts.find((p) => p.startsWith('loc:V'));
  if (step === 'carve' && space) {
    for (const face of ['face:up', 'face:down']) {
      const choice = offered(face);
      if (choice && choice !== face) out.push({ action: 'face', face, choice, move: legal.find((m) => m.text === choice) });
    }
  }
  if (hasSelection(selection)) out.push({ action: 'cancel', choice: null, move: null });
  for (const m of legal) {
    if (m.kind === 'pass' || m.kind === 'build' || m.kind === 'done') out.push({ action: m.kind, choice: m.text, move: m });
  }
  return out;
}

/** A click on a hand card ({index, kind, choice}), a part of the board or
 * of the camp ({part}) or a button ({choice}): what is chosen, clicked
 * again, is put back.
 * @param {MoaiView | null} view
 * @param {MoaiMove[]} legal
 * @param {Selection} selection
 * @param {Target} target
 * @returns {ClickResult} */
export function click(view, legal, selection, target) {
  if (target.index !== undefined) {
    const { index, kind, choice } = /** @type {HandCard} */ (target);
    if (selection.cards.includes(index)) return selecting({ ...selection, cards: selection.cards.filter((i) => i !== index) });
    if (!choice) return selecting(selection);
    if (choice !== `card:${kind}`) return played(legal, choice, emptySelection);
    return selecting({ ...selection, cards: [...selection.cards, index] });
  }
  if (target.part !== undefined) {
    const { part } = /** @type {{part: string}} */ (target);
    if (selection.parts.includes(part)) return selecting({ ...selection, parts: selection.parts.filter((p) => p !== part) });
    const choice = offer(view, legal, selection, part);
    if (!choice) return selecting(selection);
    if (choice !== part) return played(legal, choice, emptySelection);
    return selecting({ ...selection, parts: [...selection.parts, part] });
  }
  if (target.choice) return played(legal, target.choice, emptySelection);
  return selecting(selection);
}
