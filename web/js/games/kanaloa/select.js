// @ts-check
// How clicks choose a Kanaloa move (see select-common.js for the shape every
// game's selection module shares). It knows no DOM and no words.
//
// A selection is some hand cards (by their place in the hand) and KANALOA
// stones (the joker) and at most one link, or one of the other god stones
// (KU, PELE, LONO) chosen before its target. The card moves still possible
// are the legal builds, replacements and face-down discards whose cards
// contain the selected ones and whose link is the selected link. A card, a
// stone or a link is offered when adding it leaves some move possible; when
// it completes a move exactly, its choice is that move's text and a click
// plays it. Every click therefore narrows towards a legal move, in any
// order, and never dead-ends:
//   choose      (the opening card) a card, then "Choose" (a button)
//   build       a card or a KANALOA stone, then a free link (or the link first)
//   replace     two cards (or stones), then an opposing bridge (or it first)
//   discard     a card, then "Discard" (a button)
//   ku          KU, then the opponent (a button; at once with one opponent),
//               then (steal) a card of theirs
//   pele        PELE, then "Confirm"; (remove) then a bridge
//   lono        LONO, then the talon or a face-up card
//   and one click for the colour, the talon, a face-up card, "give", "end",
//   "pass".

import { narrow, laneTargets, played, selecting } from '../select-common.js';

export const JOKER = 'KANALOA';
const CARD_KINDS = new Set(['build', 'replace', 'discard']);
export const STONE_KINDS = { ku: 'KU', pele: 'PELE', 'lono draw': 'LONO', 'lono take': 'LONO' };

export const cardsOf = (move) => (move.kind === 'replace' ? move.cards : [move.card]);
export const linkOf = (move) => (move.ends ? move.ends.join('-') : null);

export const emptySelection = () => ({ cards: [], jokers: 0, link: null, stone: null });

const hasSelection = (selection) => selection.cards.length > 0 || selection.jokers > 0 || selection.link !== null || selection.stone !== null;

/** The names of the selected cards, KANALOA for each joker. */
export function chosenNames(view, selection) {
  const hand = (view && view.hand) || [];
  return [...selection.cards.map((i) => hand[i]), ...Array(selection.jokers).fill(JOKER)];
}

/** What a selection of `cards` (names, KANALOA for the joker) and `link`
 * (a name or null) allows: the moves still open, and the one it completes.
 * A card discarded face down has no link. */
function evaluate(moves, cards, link) {
  return narrow(moves, cards, link, { laneOf: (m) => (m.kind === 'discard' ? null : linkOf(m)), cardsOf });
}

/** Everything clickable now: {mode, cards, stones, links, draw, takes, lono,
 * buttons, tray, chosen}; `mode` says which decision is due (setup, remove,
 * steal, give, colour, turn; idle when none). */
export function targets(view, legal, selection) {
  const hand = (view && view.hand) || [];
  const all = {
    mode: 'idle',
    cards: hand.map((name, index) => ({ index, name })),
    stones: [],
    links: [],
    draw: null,
    takes: [],
    lono: false,
    buttons: [],
    tray: null,
    chosen: chosenNames(view, selection),
  };
  if (!view) return all;
  all.stones = tabletStones(view);
  if (!legal.length) return all;
  const moves = legal;
  const pending = view.pending;
  if (moves.some((m) => m.kind === 'choose')) return setupTargets(all, moves, selection);
  if (pending && pending.kind === 'remove') {
    all.mode = 'remove';
    for (const m of moves) all.links.push({ link: linkOf(m), choice: m.text, strong: true, removal: true, move: m });
    return all;
  }
  if (pending && pending.kind === 'steal') {
    all.mode = 'steal';
    const known = (view.known_hands && view.known_hands[pending.victim]) || [];
    const offered = new Map(moves.map((m) => [m.card, m.text]));
    const shown = known.length ? known : moves.map((m) => m.card);
    all.tray = { victim: pending.victim, cards: shown.map((name) => ({ name, choice: offered.get(name) || null })) };
    return all;
  }
  if (pending && pending.kind === 'give') {
    all.mode = 'give';
    const offered = new Map(moves.map((m) => [m.card, m.text]));
    all.cards = hand.map((name, index) => ({ index, name, choice: offered.get(name) || null, give: true }));
    return all;
  }
  if (moves.some((m) => m.kind === 'colour')) {
    all.mode = 'colour';
    for (const m of moves) {
      if (m.kind === 'colour') all.buttons.push({ key: `colour-${m.colour}`, choice: m.text, colour: m.colour, kind: 'colour' });
      if (m.kind === 'pass') all.buttons.push({ key: 'pass', choice: m.text, kind: 'pass' });
    }
    return all;
  }
  return turnTargets(all, view, moves, selection);
}

/** The opening card, chosen in secret: one card, then "Choose". */
function setupTargets(all, moves, selection) {
  all.mode = 'setup';
  const offered = new Map(moves.map((m) => [m.card, m.text]));
  const picked = selection.cards.length === 1 ? all.cards[selection.cards[0]] : null;
  all.cards = all.cards.map((card) => {
    if (picked && card.index === picked.index) return { ...card, selected: true };
    return { ...card, choice: offered.has(card.name) ? `card:${card.name}` : null };
  });
  if (picked && offered.has(picked.name)) {
    all.buttons.push({ key: 'choose', choice: offered.get(picked.name), kind: 'confirm', card: picked.name });
    all.buttons.push({ key: 'cancel', kind: 'cancel' });
  }
  return all;
}

/** The stones on the viewer's own tablet, one entry per stone. */
function tabletStones(view) {
  if (!view.gods || view.viewer === null || view.viewer === undefined) return [];
  const tablet = view.tablets[view.viewer] || {};
  const stones = [];
  for (const god of ['KANALOA', 'KU', 'PELE', 'LONO']) {
    for (let n = 0; n < (tablet[god] || 0); n++) stones.push({ god, n, key: `stone-${god}-${n}` });
  }
  return stones;
}

function turnTargets(all, view, moves, selection) {
  all.mode = 'turn';
  const chosen = all.chosen;
  const cardPlays = selection.stone ? [] : moves.filter((m) => CARD_KINDS.has(m.kind));
  const hand = all.cards;

  // Hand cards.
  all.cards = hand.map((card) => {
    if (selection.cards.includes(card.index)) return { ...card, selected: true };
    if (selection.stone) return card;
    const result = evaluate(cardPlays, [...chosen, card.name], selection.link);
    if (!result) return card;
    return { ...card, choice: result.done ? result.done.text : `card:${card.name}` };
  });

  // The stones of the tablet.
  const stoneMoves = (god) => moves.filter((m) => STONE_KINDS[m.kind] === god);
  all.stones = all.stones.map((stone) => {
    if (stone.god === JOKER) {
      if (stone.n < selection.jokers) return { ...stone, selected: true };
      if (selection.stone || stone.n > selection.jokers) return stone;
      const result = evaluate(cardPlays, [...chosen, JOKER], selection.link);
      if (!result) return stone;
      return { ...stone, choice: result.done ? result.done.text : 'stone:KANALOA' };
    }
    if (stone.n > 0) return stone;
    const uses = stoneMoves(stone.god);
    if (!uses.length) return stone;
    if (selection.stone === stone.god) return { ...stone, selected: true };
    if (hasSelection(selection)) return stone;
    return { ...stone, choice: stone.god === 'KU' && uses.length === 1 ? uses[0].text : `stone:${stone.god}` };
  });

  // Links.
  if (!selection.stone) {
    all.links = laneTargets(view.links, selection.link, {
      word: 'link',
      open: (name) => evaluate(cardPlays, chosen, name),
      strong: chosen.length > 0 || selection.link !== null,
    });
  }

  // The end of the turn: the talon, the face-up cards, or LONO's extra card.
  const lono = selection.stone === 'LONO';
  all.lono = lono;
  if (!hasSelection(selection) || lono) {
    const drawKind = lono ? 'lono draw' : 'draw';
    const takeKind = lono ? 'lono take' : 'take';
    const draw = moves.find((m) => m.kind === drawKind);
    all.draw = draw ? draw.text : null;
    all.takes = moves.filter((m) => m.kind === takeKind).map((m) => ({ card: m.card, choice: m.text }));
  }

  // Buttons.
  const buttons = all.buttons;
  if (chosen.length === 1 && selection.cards.length === 1 && selection.link === null) {
    const discard = moves.find((m) => m.kind === 'discard' && m.card === chosen[0]);
    if (discard) buttons.push({ key: 'discard', choice: discard.text, kind: 'discard', card: chosen[0] });
  }
  if (selection.stone === 'KU') {
    for (const m of moves.filter((m) => m.kind === 'ku')) buttons.push({ key: `ku-${m.player}`, choice: m.text, kind: 'ku', player: m.player });
  }
  if (selection.stone === 'PELE') {
    const pele = moves.find((m) => m.kind === 'pele');
    if (pele) buttons.push({ key: 'pele', choice: pele.text, kind: 'pele' });
  }
  if (hasSelection(selection)) buttons.push({ key: 'cancel', kind: 'cancel' });
  if (!hasSelection(selection)) {
    const pass = moves.find((m) => m.kind === 'pass');
    if (pass) buttons.push({ key: 'pass', choice: pass.text, kind: 'pass' });
    const end = moves.find((m) => m.kind === 'end');
    if (end) buttons.push({ key: 'end', choice: end.text, kind: 'end' });
  }
  return all;
}

/** A click on a hand card ({index, choice}), a link ({link, choice}), a
 * stone of the tablet ({god, n, choice}) or a button ({choice}): what is
 * chosen, clicked again, is put back (a god's other stones put it back too). */
export function click(view, legal, selection, target) {
  const { index, link, god, choice } = target;
  if (index !== undefined && selection.cards.includes(index)) {
    return selecting({ ...selection, cards: selection.cards.filter((i) => i !== index) });
  }
  if (link !== undefined && selection.link === link) return selecting({ ...selection, link: null });
  if (god === JOKER && target.n < selection.jokers) return selecting({ ...selection, jokers: selection.jokers - 1 });
  if (god !== undefined && god === selection.stone) return selecting({ ...selection, stone: null });
  if (!choice) return selecting(selection);
  if (choice.startsWith('card:')) {
    // The opening card is one card: another replaces it.
    const cards = view.phase === 'setup' ? [index] : [...selection.cards, index];
    return selecting({ ...selection, cards });
  }
  if (choice.startsWith('link:')) return selecting({ ...selection, link });
  if (choice === 'stone:KANALOA') return selecting({ ...selection, jokers: selection.jokers + 1 });
  if (choice.startsWith('stone:')) return selecting({ ...emptySelection(), stone: choice.slice(6) });
  return played(legal, choice, emptySelection);
}
