// @ts-check
// Moai's words: the names of places, cards and pieces, each log event as a
// sentence (which i18n key, which filled-in values), and the places an event
// names (to ring them on the board).

import { t, plural, list } from '../../i18n.js';

/** @typedef {import('./types.js').MoaiView} MoaiView */
/** @typedef {import('./types.js').EpochCard} EpochCard */
/** @typedef {import('./types.js').Tile} Tile */
/** @typedef {import('./types.js').GameEvent} GameEvent */

/** One event in words: its key, the values to fill in (the event's own,
 * open data, some said in words), and that it stands on a line of its own
 * in the log.
 * @typedef {{key: string, params: Record<string, any>, separate: boolean}} LogLine */

/** The places events name (see `eventMarks`).
 * @typedef {{to: string[], from: string[], at: string[], cards: string[]}} Marks */

/** The seat letters of the move notation (docs/games/moai.md). */
export const LETTERS = 'RYGBW';

/** The name of each epoch card, by id (spec C-4): the log names cards that
 * left the view long ago.
 * @type {Record<string, string>} */
const CARD_NAMES = {
  'E1-01': 'plenty', 'E1-02': 'plenty', 'E1-03': 'peace', 'E1-04': 'feast', 'E1-05': 'ceremony',
  'E1-06': 'boat', 'E1-07': 'boat', 'E1-08': 'boat', 'E1-09': 'boat',
  'E1-10': 'erosion', 'E1-11': 'erosion', 'E1-12': 'erosion', 'E1-13': 'erosion', 'E1-14': 'fire',
  'E2-01': 'peace', 'E2-02': 'feast', 'E2-03': 'boat', 'E2-04': 'boat',
  'E2-05': 'erosion', 'E2-06': 'erosion', 'E2-07': 'erosion', 'E2-08': 'fire', 'E2-09': 'fire',
  'E2-10': 'burning_boat', 'E2-11': 'burning_boat', 'E2-12': 'epidemic', 'E2-13': 'epidemic',
  'E2-14': 'tribal_war',
  'E3-01': 'admiral', 'E3-02': 'erosion', 'E3-03': 'great_fire', 'E3-04': 'burning_boat',
  'E3-05': 'epidemic', 'E3-06': 'tribal_war', 'E3-07': 'toppled_moai', 'E3-08': 'toppled_moai',
};

/** An epoch card's name, by its id ("E1-06" → "Boat"); an unknown id as it is.
 * @param {string} id
 * @returns {string} */
export function cardName(id) {
  const name = CARD_NAMES[id];
  return name ? t(`moai.card.${name}`) : String(id);
}

/** The zone of a place id: S1 forest, F1 field, V1 volcano, E1-06 boat, camp.
 * @param {string} id
 * @returns {string} */
export function placeKind(id) {
  const text = String(id);
  if (text === 'camp') return 'camp';
  if (text.startsWith('E')) return 'boat';
  return /** @type {Record<string, string>} */ ({ S: 'forest', F: 'field', V: 'volcano' })[text[0]] || 'camp';
}

/** "in forest S1", "on field F5" … (a place after a verb).
 * @param {string} id
 * @returns {string} */
export function placeAt(id) {
  return t(`moai.at.${placeKind(id)}`, { id });
}

/** "forest S1", "field F5" … (a place as a name).
 * @param {string} id
 * @returns {string} */
export function placeName(id) {
  return t(`moai.where.${placeKind(id)}`, { id });
}

/** Cards of a bid or a birth: "1 + 3 + Raid".
 * @param {string[] | null | undefined} cards
 * @returns {string} */
export function cardsText(cards) {
  if (!cards || !cards.length) return t('moai.cards.none');
  return cards.map((kind) => (kind === 'R' ? t('moai.cards.raid') : kind)).join(' + ');
}

/** @param {string[]} names @param {number | null | undefined} seat */
const seatName = (names, seat) => (seat === null || seat === undefined ? '' : names[seat] ?? String(seat));

/** {key, params, separate} for one event as the viewer received it.
 * @param {GameEvent} event
 * @param {{names: string[]}} ctx
 * @returns {LogLine} */
export function logParams(event, { names }) {
  const p = event.params || {};
  // The event's values (open data), those a sentence names said in words.
  /** @type {Record<string, any>} */
  const params = { ...p, player: seatName(names, event.player) };
  let key = event.key;
  if (p.location !== undefined) params.location = placeAt(p.location);
  if (p.victim !== undefined) params.victim = seatName(names, p.victim);
  if (p.winner !== undefined) params.winner = seatName(names, p.winner);
  if (p.chosen !== undefined) params.chosen = seatName(names, p.chosen);
  if (typeof p.card === 'string' && /^E\d/.test(p.card)) params.card = cardName(p.card);
  if (Array.isArray(p.cards) && key !== 'moai.bids') {
    params.cards = /^E\d/.test(String(p.cards[0])) ? list(p.cards.map(cardName)) : cardsText(p.cards);
  }
  switch (key) {
    case 'moai.bids':
      params.values = /** @type {number[]} */ (p.values || []).map((value, seat) => `${seatName(names, seat)} ${value}`).join(', ');
      break;
    case 'moai.order':
      params.order = /** @type {number[]} */ (p.order || []).map((seat, i) => `${i + 1}. ${seatName(names, seat)}`).join(', ');
      break;
    case 'moai.palms':
      params.palms = plural('moai.count.palms', p.palms);
      params.placed = plural('moai.count.wood', p.placed);
      break;
    case 'moai.draw':
    case 'moai.draw.own':
      params.count = plural('moai.count.cards', p.count);
      break;
    case 'moai.raid':
      params.card = p.card === 'R' ? t('moai.cards.raid') : p.card;
      break;
    case 'moai.forest_contest':
      params.totals = /** @type {[number, number][]} */ (p.totals || []).map(([seat, total]) => `${seatName(names, seat)} ${total}`).join(', ');
      break;
    case 'moai.swap':
    case 'moai.swap.own':
      params.a = placeName(p.a);
      params.b = placeName(p.b);
      break;
    case 'moai.feed':
      if (!p.deficit) key = 'moai.feed_ok';
      break;
    case 'moai.rest':
    case 'moai.rest_hidden':
    case 'moai.rest_hidden.own':
      params.location = placeName(p.location);
      break;
    case 'moai.sink':
      if (p.strength) key = 'moai.sink_piece';
      break;
    case 'moai.victim':
      if (p.fixed) key = 'moai.victim_fixed';
      break;
    case 'moai.game_over': {
      /** @type {number[]} */
      const winners = p.winners || [];
      params.winners = list(winners.map((seat) => seatName(names, seat)));
      params.scores = (p.scores || []).join('–');
      params.reason = t(`moai.reason.${p.reason}`);
      break;
    }
    default:
      break;
  }
  // A move may end a phase: what it brings each clan (wood, food, losses,
  // cards, births) reads on that clan's own line of the log.
  return { key, params, separate: true };
}

/** What events did where: places where pieces arrived (`to`), places they
 * left (`from`), places where something happened (`at`), epoch cards taken.
 * @param {GameEvent[]} events
 * @returns {Marks} */
export function eventMarks(events) {
  /** @type {Set<string>} */
  const to = new Set();
  /** @type {Set<string>} */
  const from = new Set();
  /** @type {Set<string>} */
  const at = new Set();
  /** @type {Set<string>} */
  const cards = new Set();
  for (const event of events) {
    const p = event.params || {};
    switch (event.key) {
      case 'moai.place':
      case 'moai.place_hidden':
      case 'moai.place_hidden.own':
        to.add(p.location);
        break;
      case 'moai.swap':
      case 'moai.swap.own':
        to.add(p.a);
        to.add(p.b);
        break;
      case 'moai.kill':
      case 'moai.lose':
      case 'moai.raid':
      case 'moai.starve':
      case 'moai.rest':
      case 'moai.rest_hidden':
      case 'moai.rest_hidden.own':
        if (p.location && p.location !== 'camp') from.add(p.location);
        break;
      case 'moai.erode':
        at.add(p.field);
        break;
      case 'moai.carve':
      case 'moai.carve_hidden':
      case 'moai.carve_hidden.own':
      case 'moai.abandon':
      case 'moai.award':
      case 'moai.forest_win':
      case 'moai.forest_contest':
        at.add(p.space);
        break;
      case 'moai.build':
        to.add(p.boat);
        break;
      case 'moai.take':
        cards.add(p.card);
        break;
      default:
        break;
    }
  }
  for (const id of to) from.delete(id);
  for (const id of to) at.delete(id);
  return { to: [...to], from: [...from], at: [...at], cards: [...cards] };
}

// -- words the panels and the text view share -------------------------------------

/** What an epoch card does, in a few words.
 * @param {EpochCard} card
 * @returns {string} */
export function effectText(card) {
  if (card.effect === 'fire') return plural('moai.effect.fire', card.wood_lost || 1);
  return t(`moai.effect.${card.effect}`);
}

/** A card kind's name: "2 card", "Raid card (value 1)".
 * @param {string} kind
 * @returns {string} */
export function kindName(kind) {
  return kind === 'R' ? t('moai.cards.raid_card') : t('moai.cards.value_card', { value: kind });
}

/** A tile whose height the viewer may not see (another clan's, face down,
 * before the end): the view gives it no height.
 * @param {Tile} tile
 * @returns {boolean} */
export const heightHidden = (tile) => tile.height === null || tile.height === undefined;

/** The Moai a player shows: the heights the viewer sees and a count of the
 * face-down tiles whose height is hidden.
 * @param {MoaiView} view
 * @param {number} seat
 * @returns {{metres: number, hidden: number, count: number}} */
export function visibleMoai(view, seat) {
  const tiles = (view.moai && view.moai.tiles[seat]) || [];
  let metres = 0;
  let hidden = 0;
  for (const tile of tiles) {
    if (heightHidden(tile)) hidden += 1;
    else metres += /** @type {number} */ (tile.height);
  }
  return { metres, hidden, count: tiles.length };
}

/** A clan's pieces on the board (the island and the boats).
 * @param {MoaiView} view
 * @param {number} seat
 * @returns {number} */
export function countBoard(view, seat) {
  let count = 0;
  for (const space of view.forest) count += space.pieces.filter((p) => p[0] === seat).length;
  for (const space of view.volcano) count += space.pieces.filter((p) => p[0] === seat).length;
  for (const field of view.fields) if (field.piece && field.piece[0] === seat) count += 1;
  for (const boat of view.boats) if (boat.owner === seat && boat.piece) count += 1;
  return count;
}
