// The eruption, step by step: from the log events of the moves just played
// and the position before them, rebuild where the lava lay and what each
// flow met on its way down (rules E-1 to E-7), so that the board can play it
// out flow by flow and say in words which statue burns and why.
//
// The rules decide; this only retraces what the events say happened. When
// the position before is unknown, the flows are rebuilt from the burn and
// protection events alone.

import { t, plural } from '../i18n.js';
import { parseSpace, spaceName, shown } from './haleakala-log.js';

const PATH = ['Mt', 'F', 'M']; // a flow goes down: mountain, forest, meadow (E-3)

/** The sequence of the first eruption among `entries` (log entries), or null.
 * `before` is the view before those entries (or null), `after` the view now. */
export function eruptionSequence(entries, before, after) {
  const events = entries.flatMap((entry) => entry.events);
  const at = events.findIndex((event) => event.key === 'haleakala.eruption');
  if (at < 0) return null;
  const burns = [];
  const guarded = [];
  for (const event of events.slice(at + 1)) {
    if (event.key === 'haleakala.burn') burns.push({ space: event.params.space, owner: event.player });
    else if (event.key === 'haleakala.protected') guarded.push({ space: event.params.space, owner: event.player });
    else break;
  }
  const total = Number(events[at].params.lava) || 0;
  let craters = before ? cratersBefore(before, events.slice(0, at)) : null;
  if (!craters || craters.reduce((a, b) => a + b, 0) !== total) craters = null;

  // The statues as they stood: those left, and those that burned.
  const statues = new Map();
  for (const sp of after.spaces) if (sp.statue !== null && sp.statue !== undefined) statues.set(sp.id, sp.statue);
  for (const burn of burns) statues.set(burn.space, burn.owner);
  const shamans = new Set(after.players.map((player) => player.shaman));

  let flows = craters ? simulate(craters, statues, shamans) : null;
  const burnedBy = (list) => list.flatMap((flow) => flow.visits.filter((v) => v.outcome === 'burn').map((v) => v.space)).sort();
  if (!flows || JSON.stringify(burnedBy(flows)) !== JSON.stringify(burns.map((b) => b.space).sort())) {
    ({ flows, craters } = fromEvents(burns, guarded));
  }
  return { craters, flows, ghosts: burns, total };
}

function cratersBefore(view, events) {
  const craters = view.sections.map((section) => section.lava);
  for (const event of events) {
    const p = event.params || {};
    if (event.key === 'haleakala.lava_card' || event.key === 'haleakala.summon') craters[p.section] += 1;
    else if (event.key === 'haleakala.lava_move') {
      craters[p.crater] -= 1;
      craters[p.to] += 1;
    }
  }
  return craters.every((count) => count >= 0) ? craters : null;
}

/** E-2 to E-5, section by section, each disc one flow. */
function simulate(craters, statues, shamans) {
  const standing = new Map(statues);
  const flows = [];
  craters.forEach((count, s) => {
    for (let k = 0; k < count; k++) {
      const visits = [];
      for (const letter of PATH) {
        const space = `${letter}${s}`;
        const owner = standing.get(space);
        if (owner === undefined) {
          visits.push({ space, outcome: 'empty' });
          continue;
        }
        if (shamans.has(space)) {
          visits.push({ space, outcome: 'protected', owner });
          continue;
        }
        standing.delete(space);
        visits.push({ space, outcome: 'burn', owner });
        break;
      }
      flows.push({ section: s, visits });
    }
  });
  return flows;
}

/** Without the position before: one flow per burned statue, the guarded
 * ones of its section passed on the way, and the rest of the discs as flows
 * that reach the sea. */
function fromEvents(burns, guarded) {
  const flows = [];
  const craters = [0, 0, 0, 0, 0, 0];
  for (const burn of burns) {
    const section = parseSpace(burn.space).section;
    const visits = [];
    for (const letter of PATH) {
      const space = `${letter}${section}`;
      if (space === burn.space) {
        visits.push({ space, outcome: 'burn', owner: burn.owner });
        break;
      }
      const guard = guarded.find((g) => g.space === space);
      visits.push(guard ? { space, outcome: 'protected', owner: guard.owner } : { space, outcome: 'empty' });
    }
    flows.push({ section, visits });
    craters[section] += 1;
  }
  for (const guard of guarded) {
    const section = parseSpace(guard.space).section;
    if (craters[section]) continue;
    flows.push({ section, visits: PATH.map((letter) => {
      const space = `${letter}${section}`;
      const g = guarded.find((each) => each.space === space);
      return g ? { space, outcome: 'protected', owner: g.owner } : { space, outcome: 'empty' };
    }) });
    craters[section] += 1;
  }
  flows.sort((a, b) => a.section - b.section);
  return { flows, craters };
}

/** The sentences of a sequence: the intro, one per flow, the end. */
export function eruptionWords(sequence, names) {
  const flows = sequence.flows.map((flow) => {
    const section = shown(flow.section);
    const burn = flow.visits.find((v) => v.outcome === 'burn');
    const guard = [...flow.visits].reverse().find((v) => v.outcome === 'protected' && (!burn || flow.visits.indexOf(v) < flow.visits.indexOf(burn)));
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
