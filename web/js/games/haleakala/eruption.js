// @ts-check
// The eruption, step by step. The rules tell it whole in the
// `haleakala.eruption` event (rules E-1 to E-7): the lava on each crater, and
// each flow with what it met on its way down. This turns that event into the
// sequence the board plays out flow by flow, saying in words which statue
// burns and why.

import { t, plural } from '../../i18n.js';
import { shown, spaceName } from './log.js';

/** What a flow met on a space on its way down: nothing, a statue a shaman
 * guards, or the statue it burns (and stops there).
 * @typedef {{space: string, outcome: 'empty'}
 *   | {space: string, outcome: 'protected', owner: number}
 *   | {space: string, outcome: 'burn', owner: number}} Visit */

/** One flow of lava down a section. @typedef {{section: number, visits: Visit[]}} Flow */

/** An eruption to play out: the lava on each crater, the flows, the statues
 * that burn (drawn as ghosts meanwhile), the lava discs in all.
 * @typedef {{craters: number[], flows: Flow[], ghosts: {space: string, owner: number}[], total: number}} EruptionSequence */

/** The sentences of a sequence (see `eruptionWords`).
 * @typedef {{intro: string, flows: string[], end: string}} EruptionWords */

/** The sequence of the first eruption among `entries` (log entries), or null.
 * @param {import('../../state.js').LogEntry[]} entries
 * @returns {EruptionSequence | null} */
export function eruptionSequence(entries) {
  const event = entries.flatMap((entry) => entry.events).find((each) => each.key === 'haleakala.eruption');
  if (!event) return null;
  const { lava, craters, flows } = /** @type {{lava: number, craters: number[], flows: Flow[]}} */ (event.params);
  const ghosts = flows.flatMap((flow) => flow.visits.filter((v) => v.outcome === 'burn'))
    .map((visit) => ({ space: visit.space, owner: visit.owner }));
  return { craters, flows, ghosts, total: Number(lava) || 0 };
}

/** The sentences of a sequence: the intro, one per flow, the end.
 * @param {EruptionSequence} sequence
 * @param {string[]} names
 * @returns {EruptionWords} */
export function eruptionWords(sequence, names) {
  const flows = sequence.flows.map((flow) => {
    const section = shown(flow.section);
    const burn = flow.visits.find((v) => v.outcome === 'burn');
    /** The last statue a shaman guards before the flow burns one. */
    const guard = /** @type {(Visit & {outcome: 'protected'}) | undefined} */ (
      [...flow.visits].reverse().find((v) => v.outcome === 'protected' && (!burn || flow.visits.indexOf(v) < flow.visits.indexOf(burn)))
    );
    /** @type {Record<string, string | number>} */
    const params = { section };
    if (guard) Object.assign(params, { guarded: names[guard.owner], protected: spaceName(guard.space) });
    if (burn) {
      Object.assign(params, { player: names[burn.owner], space: spaceName(burn.space) });
      return t(guard ? 'haleakala.flow.burn_after' : 'haleakala.flow.burn', params);
    }
    return t(guard ? 'haleakala.flow.sea_after' : 'haleakala.flow.sea', params);
  });
  return {
    intro: t('haleakala.flow.intro', { discs: plural('haleakala.lava_discs', sequence.total) }),
    flows,
    end: t('haleakala.flow.end'),
  };
}
