// @ts-check
// What the Haleakala board (board.js) draws on the island's six sections as
// the position stands: the lava on each crater, the statues on the spaces
// between (and each occupied space's name for a screen reader), each
// player's discs in a lane on each beach with their sums, and the two cards
// in front of each beach. Each part is drawn anew at every position, in its
// layer; what was just added (compared with the position drawn before,
// `previous`) is drawn fresh. Where each piece stands goes into `anchors`,
// by key, for what is drawn over the position (overlay.js).

import { svg, f1, shapePath } from '../../board-svg.js';
import { t, plural } from '../../i18n.js';
import { seatStyle } from '../../players.js';
import { parseSpace, spaceName, cardName, shown } from './log.js';
import { statue, disc, lavaDisc, cardFace } from './pieces.js';
import { sectionAngle, polar, sector, arc, spacePlace, slotCentre, laneLayout } from './geometry.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').Section} Section */
/** @typedef {import('./types.js').Space} Space */
/** @typedef {import('./geometry.js').Measures} Measures */
/** @typedef {import('./geometry.js').Point} Point */

/** The lava discs on the crater of section `s` (`fresh`: just come), in `layer`.
 * @param {SVGElement} layer
 * @param {Measures} G
 * @param {number} s
 * @param {number} count
 * @param {boolean | null} fresh
 * @param {string} [extra] */
export function drawLava(layer, G, s, count, fresh, extra = '') {
  if (!count) return;
  const [x, y] = polar(G.lava.r, sectionAngle(s));
  const size = G.lava.size;
  const g = svg('g', { class: `hk-crater-lava ${fresh ? 'fresh' : ''} ${extra}`.trim(), 'data-crater': String(s), role: 'img', 'aria-label': plural('haleakala.aria.crater', count, { section: shown(s) }) });
  const shownDiscs = Math.min(count, 4);
  for (let i = 0; i < shownDiscs; i++) g.append(lavaDisc(x, y - i * 3.5, size));
  if (count > 1) {
    g.append(svg('circle', { class: 'hk-count-bg', cx: f1(x + size * 1.1), cy: f1(y + size * 0.9), r: f1(size * 0.8) }));
    g.append(svg('text', { class: 'hk-count', x: f1(x + size * 1.1), y: f1(y + size * 1.3), 'font-size': f1(size * 1.05) }, `${count}`));
  }
  layer.append(g);
}

/** Every crater's lava, in `layer` (fresh where it grew).
 * @param {SVGElement} layer @param {Measures} G @param {HaleakalaView} view @param {HaleakalaView | null} previous */
export function drawCraters(layer, G, view, previous) {
  view.sections.forEach((section, s) => {
    drawLava(layer, G, s, section.lava, previous && previous.sections[s].lava < section.lava);
  });
}

/** The statues, in `layer`, and a name for each space a statue or a shaman
 * stands on (beneath them).
 * @param {SVGElement} layer @param {Measures} G @param {HaleakalaView} view @param {HaleakalaView | null} previous
 * @param {string[]} names @param {Map<string, Point>} anchors */
export function drawStatues(layer, G, view, previous, names, anchors) {
  const before = previous ? new Set(previous.spaces.filter((sp) => sp.statue !== null && sp.statue !== undefined).map((sp) => sp.id)) : null;
  for (const sp of view.spaces) {
    const place = parseSpace(sp.id);
    if (!place || place.terrain === 'beach' || place.terrain === 'crater') continue;
    const where = spacePlace(G, sp.id);
    anchors.set(`space-${sp.id}`, where.centre);
    if (sp.statue !== null && sp.statue !== undefined) {
      const fresh = before && !before.has(sp.id);
      const spot = sp.shaman !== null && sp.shaman !== undefined ? where.left : where.centre;
      anchors.set(`statue-${sp.id}`, spot);
      const node = statue(sp.statue, spot[0], spot[1] - 1, G.statue, fresh ? 'fresh' : '');
      node.setAttribute('data-space', sp.id);
      layer.append(node);
    }
    if (sp.statue !== null || sp.shaman !== null) {
      const label = svg('path', { class: 'hk-space-label', d: sector(where.r0, where.r1, where.theta - 30, where.theta + 30), role: 'img', 'aria-label': spaceLabel(sp, names) });
      layer.prepend(label);
    }
  }
}

/** A beach, in `layer`: each player's discs in a lane, and their sums.
 * @param {SVGElement} layer @param {Measures} G @param {Section} section @param {number} s
 * @param {HaleakalaView | null} previous @param {string[]} names @param {Map<string, Point>} anchors */
export function drawBeach(layer, G, section, s, previous, names, anchors) {
  const sums = section.sums;
  const both = sums[0] > 0 && sums[1] > 0;
  const lead = both ? (sums[0] > sums[1] ? 0 : 1) : null;
  const g = svg('g', { class: 'hk-beach', 'data-beach': String(s), role: 'img', 'aria-label': beachLabel(section, s, names) });
  anchors.set(`beach-${s}`, polar((G.rings.beach[0] + G.rings.beach[1]) / 2, sectionAngle(s)));
  for (const p of [0, 1]) {
    const values = section.discs[p];
    const invoked = section.invocation[p];
    const count = values.length + (invoked ? 1 : 0);
    if (!count) continue;
    const lane = laneLayout(G, s, p, count);
    g.append(svg('path', { class: `hk-lane p${p}`, d: arc(lane.r, lane.from, lane.to), 'stroke-width': G.lane.width }));
    g.append(svg('path', { class: `hk-lane-mark p${p}`, d: shapePath(seatStyle(p).shape, lane.mark[0], lane.mark[1] + (p === 0 ? 1 : 0), G.lane.mark * 0.75) }));
    values.forEach((value, i) => {
      const [x, y] = lane.discs[i];
      anchors.set(`disc-${p}-${value}`, [x, y]);
      const node = disc(p, value, x, y, G.lane.disc);
      node.setAttribute('data-beach', String(s));
      node.setAttribute('data-value', String(value));
      if (previous && !previous.sections[s].discs[p].includes(value)) node.classList.add('fresh');
      g.append(node);
    });
    if (invoked) {
      const [x, y] = lane.discs[values.length];
      anchors.set(`invocation-${p}`, [x, y]);
      g.append(disc(p, null, x, y, G.lane.disc));
    }
    if (sums[p] > 0) g.append(sumPill(G, lane, p, sums[p], lead === p));
  }
  layer.append(g);
}

/** A player's sum on a beach, at the end of their lane.
 * @param {Measures} G @param {import('./geometry.js').Lane} lane @param {number} p @param {number} sum @param {boolean} leads */
function sumPill(G, lane, p, sum, leads) {
  const [x, y] = lane.sum;
  return svg(
    'g',
    { class: `hk-sum p${p}${leads ? ' lead' : ''}`, transform: `translate(${f1(x)},${f1(y)})` },
    // The pill lies along its lane (across it, it would reach the
    // other player's lane); its number stays upright.
    svg('rect', {
      x: f1(-G.lane.sumW / 2),
      y: f1(-G.lane.sumH / 2),
      width: G.lane.sumW,
      height: G.lane.sumH,
      rx: f1(G.lane.sumH / 2),
      transform: `rotate(${f1(lane.sumAngle + 90)})`,
    }),
    svg('text', { y: f1(G.lane.font * 0.35), 'font-size': G.lane.font }, String(sum)),
  );
}

/** The two cards in front of each beach, in `layer` (fresh where one came
 * in the place of another).
 * @param {SVGElement} layer @param {Measures} G @param {HaleakalaView} view @param {HaleakalaView | null} previous
 * @param {Map<string, Point>} anchors */
export function drawSlots(layer, G, view, previous, anchors) {
  view.sections.forEach((section, s) => {
    section.slots.forEach((kind, slot) => {
      const [x, y] = slotCentre(G, s, slot);
      anchors.set(`slot-${s}-${slot}`, [x, y]);
      if (!kind) {
        layer.append(svg('rect', { class: 'hk-slot-empty', x: f1(x - G.card.w / 2), y: f1(y - G.card.h / 2), width: G.card.w, height: G.card.h, rx: 7, role: 'img', 'aria-label': t('haleakala.aria.slot_empty', { section: shown(s) }) }));
        return;
      }
      const before = previous && previous.sections[s].slots[slot];
      const node = cardFace(kind, x, y, G.card.w, G.card.h, before !== undefined && before !== kind ? 'fresh' : '');
      node.setAttribute('role', 'img');
      node.setAttribute('aria-label', t('haleakala.aria.slot', { card: cardName(kind), section: shown(s) }));
      node.setAttribute('data-section', String(s));
      node.setAttribute('data-slot', String(slot));
      layer.append(node);
    });
  });
}

// -- labels --------------------------------------------------------------------------

/** A space in words: its name, whose statue and shaman stand there.
 * @param {Space} sp @param {string[]} names */
function spaceLabel(sp, names) {
  const parts = [spaceName(sp.id)];
  if (sp.statue !== null && sp.statue !== undefined) parts.push(t('haleakala.aria.statue_of', { player: names[sp.statue] }));
  if (sp.shaman !== null && sp.shaman !== undefined) parts.push(t('haleakala.aria.shaman_of', { player: names[sp.shaman] }));
  return parts.join(' ; ');
}

/** A beach in words: each player's discs and sum, the invocation discs.
 * @param {Section} section @param {number} s @param {string[]} names */
function beachLabel(section, s, names) {
  const parts = [t('haleakala.aria.beach', { beach: shown(s) })];
  for (const p of [0, 1]) {
    if (section.discs[p].length) parts.push(t('haleakala.aria.beach_discs', { player: names[p], values: section.discs[p].join(' + '), sum: section.sums[p] }));
    if (section.invocation[p]) parts.push(t('haleakala.aria.beach_invocation', { player: names[p] }));
  }
  if (parts.length === 1) parts.push(t('haleakala.aria.beach_empty'));
  return parts.join(' ; ');
}
