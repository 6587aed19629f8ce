// @ts-check
// Kahuna's log events in words: which sentence (i18n key) and which filled-in
// values each event gets, and which lines and islands an event names (to
// outline them on the board).

import { t, plural } from '../../i18n.js';
import { laneMarks } from '../select-common.js';

/** @typedef {import('../contract.js').GameEvent} GameEvent */

/** A line's name as it is written: ALOA–BARI.
 * @param {string} line
 * @returns {string} */
export const dash = (line) => String(line).replace('-', '–');

/** {key, params} for one event as the viewer received it.
 * @param {GameEvent} event
 * @param {import('../contract.js').LogContext} ctx
 * @returns {{key: string, params: Record<string, any>}} */
export function logParams(event, { names }) {
  const p = event.params || {};
  const player = event.player !== undefined ? names[event.player] : '';
  /** @type {Record<string, any>} */
  const params = { ...p, player };
  let key = event.key;
  // A suggestion's reasons (why.kahuna.*) write their lines as the log does.
  if (key.startsWith('why.') && p.line) params.line = dash(p.line);
  switch (event.key) {
    case 'kahuna.place':
      params.line = dash(p.line);
      break;
    case 'kahuna.remove':
      params.line = dash(p.line);
      params.cards = (p.cards || []).join(' + ');
      break;
    case 'kahuna.strip':
      params.line = dash(p.line);
      break;
    case 'kahuna.take':
      params.slot = Number(p.slot) + 1;
      if (p.refill) key = 'kahuna.take_refill';
      break;
    case 'kahuna.scoring': {
      /** @type {number[]} */
      const islands = p.islands || [];
      /** @type {number[]} */
      const points = p.points || [];
      params.counts = islands.map((count, seat) => plural('kahuna.scoring.count', count, { player: names[seat] })).join(', ');
      const gainer = points.findIndex((value) => value > 0);
      params.outcome =
        gainer >= 0 ? t('kahuna.scoring.gain', { player: names[gainer], points: points[gainer] }) : t('kahuna.scoring.none');
      params.label = p.round >= 3 ? t('kahuna.scoring.final') : t('kahuna.scoring.interim', { round: p.round });
      break;
    }
    case 'kahuna.game_over': {
      const winners = p.winners || [];
      params.scores = (p.scores || []).join('–');
      params.reason = t(`kahuna.reason.${p.reason}`);
      if (winners.length === 1) params.winner = names[winners[0]];
      else key = 'kahuna.game_over_draw';
      break;
    }
    default:
      break;
  }
  return { key, params };
}

/** The lines and islands that events name.
 * @param {GameEvent[]} events
 * @returns {{lines: string[], islands: string[]}} */
export function eventMarks(events) {
  const { lanes, islands } = laneMarks(events, 'line');
  return { lines: lanes, islands };
}
