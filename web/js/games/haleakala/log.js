// @ts-check
// Haleakala's words: the names of spaces, cards and score-board items, the
// log events as sentences (which i18n key and which filled-in values), and
// which places on the board an event names (to mark or flash them).
//
// Sections, beaches and craters are numbered 0-5 in the rules; players see
// them numbered 1-6.

import { t, plural } from '../../i18n.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @typedef {import('./types.js').Terrain} Terrain */

/** One event in words: its key, the values to fill in (the event's own,
 * open data, some said in words), whether it joins
 * the line of the move before (`inline`) or stands apart (`apart`).
 * @typedef {{key: string, params: Record<string, any>, inline: boolean, apart: boolean}} LogLine */

/**
 * What events name on the board (see `eventMarks`).
 * @typedef {object} Marks
 * @property {{player: number, value: number, beach: number, invoke?: boolean}[]} discs
 * @property {{player: number, value: number, beach: number}[]} gone
 * @property {{from: number, to: number} | null} boat
 * @property {{player: number, from: string, to: string}[]} shaman
 * @property {{section: number, slot: number}[]} slots
 * @property {string[]} statues
 * @property {{from: number | null, to: number}[]} lava
 * @property {string[]} items
 * @property {string[]} burned
 * @property {string[]} protected
 */

/** @type {Record<string, Terrain>} */
const TERRAIN = { B: 'beach', M: 'meadow', F: 'forest', Mt: 'mountain', C: 'crater' };

/** A space's id read: its terrain and its section.
 * @typedef {{id: string, terrain: Terrain, section: number}} ParsedSpace */

/** "Mt3" → {terrain: 'mountain', section: 3}; null for anything else.
 * @param {string | null | undefined} id
 * @returns {ParsedSpace | null} */
export function parseSpace(id) {
  const match = /^(Mt|M|F|B|C)([0-5])$/.exec(String(id || ''));
  return match ? { id: match[0], terrain: TERRAIN[match[1]], section: Number(match[2]) } : null;
}

/** A section as players see it: 1 to 6.
 * @param {number | string} section
 * @returns {number} */
export const shown = (section) => Number(section) + 1;

/** A space in words: "la forêt 4" / "forest 4".
 * @param {string} id
 * @returns {string} */
export function spaceName(id) {
  const space = parseSpace(id);
  if (!space) return String(id);
  return t('haleakala.space', { terrain: t(`haleakala.terrain.${space.terrain}`), section: shown(space.section) });
}

/** A space without an article, for lists: "forêt 4" / "forest 4".
 * @param {string} id
 * @returns {string} */
export function spaceShort(id) {
  const space = parseSpace(id);
  if (!space) return String(id);
  return t('haleakala.space_short', { terrain: t(`haleakala.terrain.${space.terrain}`), section: shown(space.section) });
}

/** A card's name, by its kind ("FISH3", "PEARL_W" …).
 * @param {string} kind
 * @returns {string} */
export const cardName = (kind) => t(`haleakala.card.${String(kind).toLowerCase()}`);
/** A score card's name or the Priestess's, by its id ("SC_FOREST" …).
 * @param {string} item
 * @returns {string} */
export const itemName = (item) => t(`haleakala.item.${String(item).toLowerCase()}`);
/** A price in shells: "2 shells".
 * @param {number} count
 * @returns {string} */
export const shellCost = (count) => plural('haleakala.shells', count);

const APART = new Set(['haleakala.burn', 'haleakala.protected', 'haleakala.score', 'haleakala.game_over']);

/** {key, params, inline, apart} for one event (see log.js).
 * @param {GameEvent} event
 * @param {{names: string[]}} ctx
 * @returns {LogLine} */
export function logParams(event, { names }) {
  const p = event.params || {};
  // The event's values (open data), those a sentence names said in words.
  /** @type {Record<string, any>} */
  const params = { ...p, player: event.player !== undefined && event.player !== null ? names[event.player] : '' };
  let key = event.key;
  // A new card dealt belongs on the line of the move that dealt it; what
  // happens at a scoring stands apart, in its order.
  const inline = event.key === 'haleakala.refill';
  const apart = APART.has(event.key);
  for (const field of ['beach', 'section', 'crater', 'to']) {
    if (p[field] !== undefined && p[field] !== null) params[field] = shown(p[field]);
  }
  // A card is named in words wherever an event names one (taken, dealt,
  // the same twice, a suggestion's reason).
  if (p.card) params.card = cardName(p.card);
  // A suggestion's reasons (why.haleakala.*) name spaces and items as the log does.
  if (event.key.startsWith('why.')) {
    if (p.space) params.space = spaceName(p.space);
    if (p.item) params.item = itemName(p.item);
  }
  switch (event.key) {
    case 'haleakala.shaman':
      params.start = spaceName(p.start);
      params.space = spaceName(p.space);
      break;
    case 'haleakala.statue':
    case 'haleakala.statue_declined':
    case 'haleakala.statue_taken':
    case 'haleakala.protected':
      params.space = spaceName(p.space);
      break;
    case 'haleakala.burn': {
      const space = parseSpace(p.space);
      params.space = spaceName(p.space);
      params.section = space ? shown(space.section) : '';
      break;
    }
    case 'haleakala.buy':
      params.item = itemName(p.item);
      params.cost = shellCost(p.cost);
      break;
    case 'haleakala.discs_back':
      params.values = (p.values || []).join(', ');
      break;
    case 'haleakala.eruption':
      params.discs = plural('haleakala.lava_discs', p.lava);
      break;
    case 'haleakala.scoring':
      params.label = scoringLabel(p.round);
      break;
    case 'haleakala.score':
      params.points = plural('haleakala.points', p.points);
      break;
    case 'haleakala.game_over':
      params.reason = t(`haleakala.reason.${p.reason}`);
      break;
    default:
      break;
  }
  return { key, params, inline, apart };
}

/** A scoring's name: the first, or the final one.
 * @param {number | string} round
 * @returns {string} */
export function scoringLabel(round) {
  return Number(round) >= 2 ? t('haleakala.scoring.final') : t('haleakala.scoring.first');
}

/**
 * What the events name on the board, for the marks of the latest move and
 * the flash of fresh ones:
 *   discs     [{player, value, beach}]   a disc put down
 *   gone      [{player, value, beach}]   a disc taken back (a ghost stays)
 *   boat      {from, to} | null          the boat's voyage
 *   shaman    [{player, from, to}]       a shaman's walk (from === to: stayed)
 *   slots     [{section, slot}]          a card taken
 *   statues   [space]                    a statue built
 *   lava      [{from, to}]               a lava disc moved (from null: summoned)
 *   items     [item]                     something bought
 *   burned    [space], protected [space] the eruption
 * (A disc's, a shaman's event always names its player.)
 * @param {GameEvent[]} events
 * @param {HaleakalaView | null} [view]
 * @returns {Marks}
 */
export function eventMarks(events, view) {
  /** @type {Marks} */
  const marks = { discs: [], gone: [], boat: null, shaman: [], slots: [], statues: [], lava: [], items: [], burned: [], protected: [] };
  for (const event of events) {
    const p = event.params || {};
    switch (event.key) {
      case 'haleakala.place':
        marks.discs.push({ player: /** @type {number} */ (event.player), value: p.value, beach: p.beach });
        break;
      case 'haleakala.sail':
      case 'haleakala.sail_invoke':
        marks.discs.push({ player: /** @type {number} */ (event.player), value: p.value, beach: p.beach, invoke: event.key === 'haleakala.sail_invoke' });
        marks.boat = { from: p.beach, to: p.section };
        break;
      case 'haleakala.row':
        marks.boat = { from: (Number(p.section) + 5) % 6, to: p.section };
        break;
      case 'haleakala.take_back':
        marks.gone.push({ player: /** @type {number} */ (event.player), value: p.value, beach: p.beach });
        break;
      case 'haleakala.shaman':
        marks.shaman.push({ player: /** @type {number} */ (event.player), from: p.start, to: p.space });
        break;
      case 'haleakala.stay': {
        const player = /** @type {number} */ (event.player);
        const where = view && view.players[player] && view.players[player].shaman;
        if (where) marks.shaman.push({ player, from: where, to: where });
        break;
      }
      case 'haleakala.take_card':
        marks.slots.push({ section: p.section, slot: p.slot });
        break;
      case 'haleakala.statue':
        marks.statues.push(p.space);
        break;
      case 'haleakala.lava_move':
        marks.lava.push({ from: p.crater, to: p.to });
        break;
      case 'haleakala.summon':
        marks.lava.push({ from: null, to: p.section });
        break;
      case 'haleakala.buy':
        marks.items.push(p.item);
        break;
      case 'haleakala.burn':
        marks.burned.push(p.space);
        break;
      case 'haleakala.protected':
        marks.protected.push(p.space);
        break;
      default:
        break;
    }
  }
  return marks;
}
