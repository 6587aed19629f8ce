// @ts-check
// Kanaloa's log events in words: which sentence (i18n key) and which
// filled-in values each event gets, and which links and islands an event
// names (to outline them on the board).

import { t } from '../../i18n.js';
import { colourWords } from './colours.js';
import { laneMarks } from '../select-common.js';

/** @typedef {import('../contract.js').GameEvent} GameEvent */

/** A link's name as it is written, unbroken at its dash: ALOA–BAFI.
 * @param {string} link
 * @returns {string} */
export const dash = (link) => String(link).replace('-', '–\u2060');

/** {key, params, inline, rule} for one event as the viewer received it.
 * `inline` events belong to no player but read as the end of the move's
 * sentence; `rule` is the section of the rules in brief the event applies
 * (its line links to it).
 * @param {GameEvent} event
 * @param {import('../contract.js').LogContext} ctx   `players`: how many play
 * @returns {{key: string, params: Record<string, any>, inline: boolean, rule: {section: number, title: string} | null}} */
export function logParams(event, { names, players }) {
  const p = event.params || {};
  const seat = (/** @type {number | null | undefined} */ n) => (n === undefined || n === null ? '' : names[n] || '');
  const two = players === 2;
  // With two players each has two colours: the name alone would not say which.
  /** @param {string} who @param {number | string | null | undefined} colour */
  const withColour = (who, colour) => (two && colour ? t('kanaloa.who_colour', { player: who, colour: colourWords(players, colour) }) : who);
  /** @type {Record<string, any>} */
  const params = { ...p, player: seat(event.player) };
  let key = event.key;
  let inline = false;
  /** @type {{section: number, title: string} | null} */
  let rule = null;
  if (p.link) params.link = dash(p.link);
  if (p.colour) params.colour = colourWords(players, p.colour);
  if (p.victim !== undefined) params.victim = withColour(seat(p.victim), p.victim_colour);
  if (p.to !== undefined) params.to = seat(p.to);
  switch (event.key) {
    case 'kanaloa.replace':
      params.cards = (p.cards || []).join(' + ');
      break;
    case 'kanaloa.control':
    case 'kanaloa.destroy':
    case 'kanaloa.marker_lost':
    case 'kanaloa.kane':
    case 'kanaloa.early_win':
      params.player = withColour(params.player, p.colour);
      break;
    case 'kanaloa.reveal':
      params.cards = (p.cards || []).map((/** @type {string} */ card, /** @type {number} */ n) => t('kanaloa.log.card_of', { card, player: seat(n) })).join(', ');
      break;
    case 'kanaloa.turn_up':
      params.cards = (p.cards || []).join(', ');
      break;
    case 'kanaloa.reshuffle':
      params.display = (p.display || []).join(', ');
      break;
    case 'kanaloa.ku':
    case 'kanaloa.hand_discard':
      if (Array.isArray(p.cards)) params.cards = p.cards.join(', ');
      break;
    case 'kanaloa.refill':
      inline = true;
      break;
    case 'kanaloa.relative_majority':
    case 'kanaloa.remove':
      // A rule a newcomer meets in play: rules.kanaloa.5, with its picture.
      rule = { section: 5, title: t('rules.kanaloa.5.title') };
      break;
    case 'kanaloa.first_scoring':
    case 'kanaloa.final_scoring': {
      /** @type {number[]} */
      const points = p.points || [];
      params.points = points
        .map((value, colour) => t('kanaloa.log.points_of', { who: whoByColour(colour, names, players), points: value }))
        .join(', ');
      break;
    }
    case 'kanaloa.game_over':
      params.winner = seat(p.winner);
      params.scores = (p.scores || []).join('–');
      params.reason = t(`kanaloa.reason.${p.reason}`);
      break;
    default:
      break;
  }
  return { key, params, inline, rule };
}

/** A colour's owner in words (the seat's name; with two players, the name
 * and the colour).
 * @param {number} colour @param {string[]} names @param {number} players */
function whoByColour(colour, names, players) {
  if (players !== 2) return names[colour] || '';
  return t('kanaloa.who_colour', { player: names[colour < 2 ? 0 : 1] || '', colour: colourWords(players, colour) });
}

/** The links and islands that events name.
 * @param {GameEvent[]} events
 * @returns {{links: string[], islands: string[]}} */
export function eventMarks(events) {
  const { lanes, islands } = laneMarks(events, 'link', (event) => event.key !== 'kanaloa.relative_majority');
  return { links: lanes, islands };
}
