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

/** The text of a piece in the move notation, when the viewer knows it. */
export function pieceText(location, seat, strength, faceUp) {
  if (strength === null || strength === undefined) return null;
  return `${location}:${LETTERS[seat]}${strength}${faceUp ? '' : 'fd'}`;
}

const pieceKey = (p) => pieceText(p.location, p.player, p.strength, p.face_up);

/** The parts a move is made of (see the head of this file). */
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
 * clicked: the place of a placement, the space of a carving, a raid's target. */
const COMPLETES = { place: 'loc:', carve: 'loc:', raid: 'piece:' };

export const emptySelection = () => ({ parts: [], cards: [] });

const hasSelection = (selection) => selection.parts.length > 0 || selection.cards.length > 0;

/** Every part selected: the board's and the camp's, then the cards'. */
export function selectedParts(view, selection) {
  const hand = (view && view.hand) || [];
  return [...selection.parts, ...selection.cards.map((i) => `card:${hand[i]}`)];
}

/** The moves a selection still allows. */
export function stillOpen(view, legal, selection) {
  const want = selectedParts(view, selection);
  return legal.filter((m) => within(want, partsOf(m)));
}

/** What clicking an element of `part` does now: a move's text (it plays),
 * the part itself (it selects), or null (not offered). */
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
 *   build, done. */
export function targets(view, legal, selection) {
  const offered = (part) => offer(view, legal, selection, part);
  return {
    board: boardTargets(legal, selection, offered),
    cards: handCards(view, legal, selection, offered),
    camp: campChips(view, legal, selection, offered),
    take: new Map(legal.filter((m) => m.kind === 'take').map((m) => [m.card, m.text])),
    buttons: actionButtons(view, legal, selection, offered),
  };
}

function boardTargets(legal, selection, offered) {
  const targets = new Map();
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

function handCards(view, legal, selection, offered) {
  const hand = (view && view.hand) || [];
  return hand.map((kind, index) => {
    if (!legal.length) return { index, kind };
    if (selection.cards.includes(index)) return { index, kind, selected: true };
    return { index, kind, choice: offered(`card:${kind}`) };
  });
}

function campChips(view, legal, selection, offered) {
  if (!view || !view.camp) return [];
  const byStrength = new Map();
  for (const s of view.camp) byStrength.set(s, (byStrength.get(s) || 0) + 1);
  return [...byStrength.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([strength, count]) => {
      const chip = { strength, count };
      if (!legal.length) return chip;
      // A strength to place, or (with an empty camp… or none) a piece of the camp.
      for (const part of [`str:${strength}`, `piece:camp:${LETTERS[view.viewer]}${strength}`]) {
        if (selection.parts.includes(part)) return { ...chip, part, selected: true };
        const choice = offered(part);
        if (choice) return { ...chip, part, choice };
      }
      return chip;
    });
}

function actionButtons(view, legal, selection, offered) {
  const out = [];
  if (!legal.length) return out;
  const step = view.step;
  if (step === 'bid') {
    // The bid of exactly the cards chosen.
    const chosen = selectedParts(view, selection);
    const bid = legal.find((m) => m.kind === 'bid' && partsOf(m).length === chosen.length && within(chosen, partsOf(m)));
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
 * again, is put back. */
export function click(view, legal, selection, target) {
  if (target.index !== undefined) {
    const { index, kind, choice } = target;
    if (selection.cards.includes(index)) return selecting({ ...selection, cards: selection.cards.filter((i) => i !== index) });
    if (!choice) return selecting(selection);
    if (choice !== `card:${kind}`) return played(legal, choice, emptySelection);
    return selecting({ ...selection, cards: [...selection.cards, index] });
  }
  if (target.part !== undefined) {
    const { part } = target;
    if (selection.parts.includes(part)) return selecting({ ...selection, parts: selection.parts.filter((p) => p !== part) });
    const choice = offer(view, legal, selection, part);
    if (!choice) return selecting(selection);
    if (choice !== part) return played(legal, choice, emptySelection);
    return selecting({ ...selection, parts: [...selection.parts, part] });
  }
  if (target.choice) return played(legal, target.choice, emptySelection);
  return selecting(selection);
}
