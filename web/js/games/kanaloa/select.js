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

// -- Kanaloa's view and moves, as the engine sends them -----------------------------------
// (pygame_core/games/kanaloa/state.py's `view`, `result` and `_breakdown`,
// moves.py's `to_dict`; docs/games/kanaloa.md). The board, the panels and
// the text view read them from here. A colour is its index in the engine's
// order (yellow, red, green, blue: colours.js); with two players each plays
// two.

/**
 * An island: where it lies, its size (small, large, main), its links, the
 * bridges that control it (`needed`), the colour that controls it (or
 * null), each colour's bridges at it, and the god stone still on it.
 * @typedef {object} KanaloaIsland
 * @property {string} name
 * @property {number} x
 * @property {number} y
 * @property {string} size
 * @property {number} links
 * @property {number} needed
 * @property {number | null} controller
 * @property {number[]} counts
 * @property {string | null} stone
 */

/** A link between two islands, and the colour whose bridge lies on it.
 * @typedef {import('../archipelago.js').ViewLane} KanaloaLink */

/**
 * The turn of the player to move: whether it is fresh, the cards played
 * and discarded so far, whether a card must be played, the hand's limit,
 * whether a draw follows, whether the player may pass.
 * @typedef {object} KanaloaTurn
 * @property {boolean} fresh
 * @property {number} cards_played
 * @property {number} discarded
 * @property {boolean} must_play
 * @property {number} hand_cap
 * @property {boolean} draw_follows
 * @property {boolean} may_pass
 */

/**
 * A decision due before the turn goes on: the bridge to take away at a
 * relative majority (on one of `islands`), KU's card to steal from
 * `victim`, PELE's card to give to one of `to`.
 * @typedef {{kind: 'remove', islands: string[]} | {kind: 'steal', victim: number} | {kind: 'give', to: number[]}} KanaloaPending
 */

/** Points scored: where from (earlier, kane, first, final, marker), by
 * which colour (its name), on which island.
 * @typedef {{source: string, colour: string, island: string | null, points: number}} KanaloaPoints */

/** The islands of a scoring that scored for a colour, and its markers.
 * @typedef {{islands: {island: string, links: number, bridges: number, points: number}[], markers: number, points: number}} KanaloaScoringPart */

/**
 * Every point of one colour, by where it came from: points scored before
 * the game's end was known (`earlier`), KANE stones, the two scorings.
 * @typedef {object} KanaloaColourPoints
 * @property {string} colour
 * @property {number} index
 * @property {number} player
 * @property {number} total
 * @property {number} earlier
 * @property {{island: string, points: number}[]} kane
 * @property {KanaloaScoringPart | null} first_scoring
 * @property {KanaloaScoringPart | null} final_scoring
 */

/**
 * Where the points came from: colour by colour, player by player (with
 * two, each one's weaker and stronger colour), the last turns' order, and
 * the island whose control ended the game early.
 * @typedef {object} KanaloaBreakdown
 * @property {KanaloaColourPoints[]} colours
 * @property {{player: number, colours: number[], points: number, weaker?: number, stronger?: number}[]} players
 * @property {number[]} last_turn_order
 * @property {{colour: string, island: string, player: number} | null} [early_win]
 */

/**
 * The end: the players' scores (with two, each one's weaker colour), the
 * winner, why, and every point of every colour by where it came from.
 * @typedef {object} KanaloaResult
 * @property {number[]} scores
 * @property {number[]} winners
 * @property {string} reason
 * @property {KanaloaBreakdown} [breakdown]
 */

/**
 * What a viewer sees of a game of Kanaloa (`hand`, `talon_known` and
 * `own_face_down` are null for a spectator, `known_hands` too; `player`,
 * `active_colour` and `turn` are null outside the play; `chosen` is the
 * set-up's only).
 * @typedef {object} KanaloaView
 * @property {string} game
 * @property {number | null} viewer
 * @property {number} players
 * @property {boolean} gods
 * @property {{name: string, player: number}[]} colours
 * @property {string} phase
 * @property {number} round
 * @property {boolean} final_phase
 * @property {number} first_player
 * @property {number | null} player
 * @property {number | null} active_colour
 * @property {KanaloaTurn | null} turn
 * @property {KanaloaPending | null} pending
 * @property {boolean[] | null} chosen
 * @property {string | null} own_choice
 * @property {KanaloaIsland[]} islands
 * @property {KanaloaLink[]} links
 * @property {number[]} stock
 * @property {number[]} on_board
 * @property {number[]} markers
 * @property {number[]} controlled
 * @property {string[] | null} hand
 * @property {number[]} hand_sizes
 * @property {string[][] | null} known_hands
 * @property {(string | null)[]} display
 * @property {number} talon_size
 * @property {string[] | null} talon_known
 * @property {string[]} discard_face_up
 * @property {number[]} discard_face_down
 * @property {string[] | null} own_face_down
 * @property {Record<string, number>[]} tablets
 * @property {number[]} stones_used
 * @property {number[]} scores
 * @property {number[]} player_scores
 * @property {KanaloaPoints[]} points
 * @property {boolean[]} last_turn_played
 * @property {number[]} last_turn_order
 */

/**
 * A legal move: its kind and text, and as its kind has them the link (its
 * index, and its two islands `ends`), the card or the two cards (with how
 * many are KANALOA), the colour chosen, or the player aimed at (KU, a
 * card given).
 * @typedef {object} KanaloaMove
 * @property {string} kind
 * @property {string} text
 * @property {number} [link]
 * @property {string[]} [ends]
 * @property {string} [card]
 * @property {string[]} [cards]
 * @property {number} [kanaloa]
 * @property {number} [colour]
 * @property {string} [colour_name]
 * @property {number} [player]
 */

/**
 * What is selected: hand cards (by their place in the hand), KANALOA
 * stones (how many), a link (its name), or another god stone.
 * @typedef {{cards: number[], jokers: number, link: string | null, stone: string | null}} KanaloaSelection
 */

/** A hand card as a target: its place and name, selected or offered
 * (`choice`); `give` while PELE's card is given.
 * @typedef {{index: number, name: string, selected?: boolean, choice?: string | null, give?: boolean}} KanaloaCardTarget */

/** A stone of the viewer's tablet as a target: its god, which of them (`n`), its data-key.
 * @typedef {{god: string, n: number, key: string, selected?: boolean, choice?: string}} KanaloaStoneTarget */

/** A link as a target (select-common.js's `laneTargets`), named under `link`.
 * @typedef {import('../select-common.js').LaneTarget<KanaloaMove> & {link: string}} KanaloaLinkTarget */

/** A button: its data-key's end, its kind, its move (none for "Cancel"),
 * and what it names (a colour, a card, a player).
 * @typedef {{key: string, kind: 'cancel', choice?: undefined}
 *   | {key: string, kind: 'confirm' | 'discard' | 'colour' | 'ku' | 'pele' | 'pass' | 'end', choice: string, colour?: number, card?: string, player?: number}} KanaloaButton */

/**
 * Everything clickable now (`targets`): which decision is due (`mode`:
 * setup, remove, steal, give, colour, turn; idle when none), the hand
 * cards, the tablet's stones, the links, the talon's move, the face-up
 * cards one may take, whether LONO's card is being taken, the buttons, KU's
 * tray (the victim's cards) and the names of the selected cards.
 * @typedef {object} KanaloaTargets
 * @property {string} mode
 * @property {KanaloaCardTarget[]} cards
 * @property {KanaloaStoneTarget[]} stones
 * @property {KanaloaLinkTarget[]} links
 * @property {string | null} draw
 * @property {{card: string, choice: string}[]} takes
 * @property {boolean} lono
 * @property {KanaloaButton[]} buttons
 * @property {{victim: number, cards: {name: string, choice: string | null}[]} | null} tray
 * @property {string[]} chosen
 */

export const JOKER = 'KANALOA';
const CARD_KINDS = new Set(['build', 'replace', 'discard']);
/** The god stone each stone's move uses, by the move's kind.
 * @type {Record<string, string>} */
export const STONE_KINDS = { ku: 'KU', pele: 'PELE', 'lono draw': 'LONO', 'lono take': 'LONO' };

/** The cards a card move plays.
 * @param {KanaloaMove} move
 * @returns {string[]} */
export const cardsOf = (move) => (move.kind === 'replace' ? /** @type {string[]} */ (move.cards) : [/** @type {string} */ (move.card)]);
/** A move's link by name ("ALOA-BAFI"), null for none.
 * @param {KanaloaMove} move
 * @returns {string | null} */
export const linkOf = (move) => (move.ends ? move.ends.join('-') : null);

/** The selection before any click.
 * @returns {KanaloaSelection} */
export const emptySelection = () => ({ cards: [], jokers: 0, link: null, stone: null });

/** @param {KanaloaSelection} selection */
const hasSelection = (selection) => selection.cards.length > 0 || selection.jokers > 0 || selection.link !== null || selection.stone !== null;

/** The names of the selected cards, KANALOA for each joker.
 * @param {KanaloaView | null} view
 * @param {KanaloaSelection} selection
 * @returns {string[]} */
export function chosenNames(view, selection) {
  const hand = (view && view.hand) || [];
  return [...selection.cards.map((i) => hand[i]), ...Array(selection.jokers).fill(JOKER)];
}

/** What a selection of `cards` (names, KANALOA for the joker) and `link`
 * (a name or null) allows: the moves still open, and the one it completes.
 * A card discarded face down has no link.
 * @param {KanaloaMove[]} moves @param {string[]} cards @param {string | null} link */
function evaluate(moves, cards, link) {
  return narrow(moves, cards, link, { laneOf: (m) => (m.kind === 'discard' ? null : linkOf(m)), cardsOf });
}

/** Everything clickable now: {mode, cards, stones, links, draw, takes, lono,
 * buttons, tray, chosen}; `mode` says which decision is due (setup, remove,
 * steal, give, colour, turn; idle when none).
 * @param {KanaloaView | null} view
 * @param {KanaloaMove[]} legal
 * @param {KanaloaSelection} selection
 * @returns {KanaloaTargets} */
export function targets(view, legal, selection) {
  const hand = (view && view.hand) || [];
  /** @type {KanaloaTargets} */
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
    // Each legal move takes one bridge away: it has its link.
    for (const m of moves) all.links.push({ link: /** @type {string} */ (linkOf(m)), choice: m.text, strong: true, removal: true, move: m });
    return all;
  }
  if (pending && pending.kind === 'steal') {
    all.mode = 'steal';
    const known = (view.known_hands && view.known_hands[pending.victim]) || [];
    // A card to steal, or to give, is its move's card.
    const offered = new Map(moves.map((m) => [/** @type {string} */ (m.card), m.text]));
    const shown = known.length ? known : moves.map((m) => /** @type {string} */ (m.card));
    all.tray = { victim: pending.victim, cards: shown.map((name) => ({ name, choice: offered.get(name) || null })) };
    return all;
  }
  if (pending && pending.kind === 'give') {
    all.mode = 'give';
    const offered = new Map(moves.map((m) => [/** @type {string} */ (m.card), m.text]));
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

/** The opening card, chosen in secret: one card, then "Choose".
 * @param {KanaloaTargets} all @param {KanaloaMove[]} moves @param {KanaloaSelection} selection */
function setupTargets(all, moves, selection) {
  all.mode = 'setup';
  const offered = new Map(moves.map((m) => [/** @type {string} */ (m.card), m.text]));
  const picked = selection.cards.length === 1 ? all.cards[selection.cards[0]] : null;
  all.cards = all.cards.map((card) => {
    if (picked && card.index === picked.index) return { ...card, selected: true };
    return { ...card, choice: offered.has(card.name) ? `card:${card.name}` : null };
  });
  if (picked && offered.has(picked.name)) {
    all.buttons.push({ key: 'choose', choice: /** @type {string} */ (offered.get(picked.name)), kind: 'confirm', card: picked.name });
    all.buttons.push({ key: 'cancel', kind: 'cancel' });
  }
  return all;
}

/** The stones on the viewer's own tablet, one entry per stone.
 * @param {KanaloaView} view @returns {KanaloaStoneTarget[]} */
function tabletStones(view) {
  if (!view.gods || view.viewer === null || view.viewer === undefined) return [];
  const tablet = view.tablets[view.viewer] || {};
  const stones = [];
  for (const god of ['KANALOA', 'KU', 'PELE', 'LONO']) {
    for (let n = 0; n < (tablet[god] || 0); n++) stones.push({ god, n, key: `stone-${god}-${n}` });
  }
  return stones;
}

/** A turn's targets: cards, stones, links, the talon and the face-up cards, the buttons.
 * @param {KanaloaTargets} all @param {KanaloaView} view @param {KanaloaMove[]} moves @param {KanaloaSelection} selection */
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
  const stoneMoves = (/** @type {string} */ god) => moves.filter((m) => STONE_KINDS[m.kind] === god);
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
    // Each one names its link under `link`.
    all.links = /** @type {KanaloaLinkTarget[]} */ (
      laneTargets(view.links, selection.link, {
        word: 'link',
        open: (name) => evaluate(cardPlays, chosen, name),
        strong: chosen.length > 0 || selection.link !== null,
      })
    );
  }

  // The end of the turn: the talon, the face-up cards, or LONO's extra card.
  const lono = selection.stone === 'LONO';
  all.lono = lono;
  if (!hasSelection(selection) || lono) {
    const drawKind = lono ? 'lono draw' : 'draw';
    const takeKind = lono ? 'lono take' : 'take';
    const draw = moves.find((m) => m.kind === drawKind);
    all.draw = draw ? draw.text : null;
    all.takes = moves.filter((m) => m.kind === takeKind).map((m) => ({ card: /** @type {string} */ (m.card), choice: m.text }));
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
 * chosen, clicked again, is put back (a god's other stones put it back too).
 * @param {KanaloaView | null} view
 * @param {KanaloaMove[]} legal
 * @param {KanaloaSelection} selection
 * @param {{index?: number, link?: string, god?: string, n?: number, choice?: string | null}} target
 * @returns {import('../contract.js').Click<KanaloaSelection>} */
export function click(view, legal, selection, target) {
  const { index, link, god, choice } = target;
  if (index !== undefined && selection.cards.includes(index)) {
    return selecting({ ...selection, cards: selection.cards.filter((i) => i !== index) });
  }
  if (link !== undefined && selection.link === link) return selecting({ ...selection, link: null });
  // A stone of the tablet comes with its number, a card with its index, a
  // link with its name.
  if (god === JOKER && /** @type {number} */ (target.n) < selection.jokers) return selecting({ ...selection, jokers: selection.jokers - 1 });
  if (god !== undefined && god === selection.stone) return selecting({ ...selection, stone: null });
  if (!choice) return selecting(selection);
  if (choice.startsWith('card:')) {
    // The opening card is one card: another replaces it.
    const cards = /** @type {KanaloaView} */ (view).phase === 'setup' ? [/** @type {number} */ (index)] : [...selection.cards, /** @type {number} */ (index)];
    return selecting({ ...selection, cards });
  }
  if (choice.startsWith('link:')) return selecting({ ...selection, link: /** @type {string} */ (link) });
  if (choice === 'stone:KANALOA') return selecting({ ...selection, jokers: selection.jokers + 1 });
  if (choice.startsWith('stone:')) return selecting({ ...emptySelection(), stone: choice.slice(6) });
  return played(legal, choice, emptySelection);
}
