// @ts-check
// Where things stand on the Haleakala board, in its 1000 × 700 units (700 ×
// 1000 on a phone held upright): the island's measures, the angle of each
// section, the places of the spaces, the card slots, the huts and the lanes
// of discs on a beach, and the paths of a ring's sector, an arc, a circle and
// a rounded box. No drawing: numbers and path strings, for the board
// (board.js) and what it draws over the position (overlay.js).

import { f1 } from '../../board-svg.js';
import { parseSpace } from './log.js';

/** A point of the board: [x, y]. @typedef {[number, number]} Point */
/** The measures of a board (LANDSCAPE or PORTRAIT_GEO). @typedef {typeof LANDSCAPE} Measures */
/** @typedef {import('./log.js').ParsedSpace} ParsedSpace */

/** Where a space's pieces stand (see `spacePlace`): its ring, from `r0`
 * to `r1`, at the angle `theta`.
 * @typedef {ParsedSpace & {theta: number, r0: number, r1: number, centre: Point, left: Point, right: Point}} SpacePlace */

/** Where things go along a lane of discs (see `laneLayout`): the player's
 * mark, the discs, the sum (and its angle), the lane's radius and the
 * angles it runs between.
 * @typedef {{mark: Point, discs: Point[], sum: Point, sumAngle: number, r: number, from: number, to: number}} Lane */

export const CX = 350;
export const CY = 350;
/** The island's measures. A phone held upright shows the board at about
 * half size: its beaches are wider, and its discs, sums and numbers larger. */
export const LANDSCAPE = {
  // The beach is wide enough for two lanes of discs at least 24 CSS px
  // across on a laptop (the board about 870 px for its 1000 units).
  rings: { crater: [0, 60], mountain: [60, 106], forest: [106, 152], meadow: [152, 196], beach: [196, 264] },
  lanes: [212, 244],
  lane: { width: 30, mark: 18, sum: 32, step: 30, disc: 14, font: 16, sumW: 32, sumH: 24 },
  card: { w: 58, h: 76, r: 306, spread: 14.5 },
  boat: { r: 306, scale: 1.05 },
  number: { r: 281, size: 11, font: 13 },
  // The huts stand on the shore, beyond the lanes, which run the whole beach.
  hut: 271,
  hutOnShore: true,
  lava: { r: 38, size: 10 },
  statue: 1.05,
  shaman: 1.12,
  coast: 268,
};
export const PORTRAIT_GEO = {
  rings: { crater: [0, 56], mountain: [56, 100], forest: [100, 142], meadow: [142, 182], beach: [182, 252] },
  lanes: [201, 234],
  lane: { width: 31, mark: 20, sum: 36, step: 29, disc: 13.5, font: 17, sumW: 34, sumH: 25 },
  card: { w: 62, h: 82, r: 304, spread: 16 },
  boat: { r: 304, scale: 1.2 },
  number: { r: 268, size: 14, font: 17 },
  hut: 216,
  hutOnShore: false,
  lava: { r: 35, size: 11 },
  statue: 1.12,
  shaman: 1.22,
  coast: 256,
};
/** @type {Record<number, number>} */
export const HUTS = { 1: 0, 4: 1 }; // beach → the player whose hut stands there (rules G-4)
export const JETTY = 0;

/** @param {number} deg */
const rad = (deg) => (deg * Math.PI) / 180;
/** The middle of section s, in degrees (SVG: clockwise from +x); section 0
 * at the bottom, the others clockwise (G-1).
 * @param {number} s
 * @returns {number} */
export const sectionAngle = (s) => 90 + 60 * s;
/** +1 where increasing angles run left to right on screen (the upper half).
 * @param {number} s
 * @returns {number} */
export const readDir = (s) => (Math.sin(rad(sectionAngle(s))) < 0 ? 1 : -1);
/** The point at `r` from the centre, at `deg` degrees.
 * @param {number} r
 * @param {number} deg
 * @returns {Point} */
export const polar = (r, deg) => [CX + r * Math.cos(rad(deg)), CY + r * Math.sin(rad(deg))];

/** The path of a ring's sector, from `r0` to `r1` (0: a wedge from the
 * centre), between the angles `a0` and `a1`.
 * @param {number} r0 @param {number} r1 @param {number} a0 @param {number} a1
 * @returns {string} */
export function sector(r0, r1, a0, a1) {
  const [x0, y0] = polar(r1, a0);
  const [x1, y1] = polar(r1, a1);
  const large = a1 - a0 > 180 ? 1 : 0;
  if (r0 <= 0) return `M${CX},${CY} L${f1(x0)},${f1(y0)} A${r1},${r1} 0 ${large} 1 ${f1(x1)},${f1(y1)}Z`;
  const [x2, y2] = polar(r0, a1);
  const [x3, y3] = polar(r0, a0);
  return `M${f1(x0)},${f1(y0)} A${r1},${r1} 0 ${large} 1 ${f1(x1)},${f1(y1)} L${f1(x2)},${f1(y2)} A${r0},${r0} 0 ${large} 0 ${f1(x3)},${f1(y3)}Z`;
}

/** The path of an arc at `r`, from the angle `a0` to `a1`.
 * @param {number} r @param {number} a0 @param {number} a1
 * @returns {string} */
export function arc(r, a0, a1) {
  const [x0, y0] = polar(r, a0);
  const [x1, y1] = polar(r, a1);
  const sweep = a1 > a0 ? 1 : 0;
  const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
  return `M${f1(x0)},${f1(y0)} A${r},${r} 0 ${large} ${sweep} ${f1(x1)},${f1(y1)}`;
}

/** Where a space's pieces stand on a board of measures `G`: the centre, and
 * left/right spots (on screen).
 * @param {Measures} G
 * @param {string} id   a space of the island
 * @returns {SpacePlace} */
export function spacePlace(G, id) {
  const space = /** @type {ParsedSpace} */ (parseSpace(id));
  const [r0, r1] = G.rings[space.terrain];
  const mid = space.terrain === 'crater' ? G.lava.r : (r0 + r1) / 2;
  const theta = sectionAngle(space.section);
  const dir = readDir(space.section);
  const offset = (17 / mid) * (180 / Math.PI);
  return {
    ...space,
    theta,
    r0,
    r1,
    centre: polar(mid, theta),
    left: polar(mid, theta - dir * offset),
    right: polar(mid, theta + dir * offset),
  };
}

/** The angle of a card slot (0 or 1) in front of section `s`.
 * @param {Measures} G @param {number} s @param {number} slot
 * @returns {number} */
export const slotAngle = (G, s, slot) => sectionAngle(s) + readDir(s) * (slot ? G.card.spread : -G.card.spread);
/** The centre of a card slot in front of section `s`.
 * @param {Measures} G @param {number} s @param {number} slot
 * @returns {Point} */
export const slotCentre = (G, s, slot) => polar(G.card.r, slotAngle(G, s, slot));
/** Where the hut stands on the beach of section `s`.
 * @param {Measures} G @param {number} s
 * @returns {Point} */
export const hutSpot = (G, s) => polar(G.hut, sectionAngle(s) + readDir(s) * 23);

/** The positions along one lane of a beach, on a board of measures `G`: the
 * player's mark, the discs, then the sum, centred on the beach (beside the
 * hut, on a hut's beach). Spacing shrinks when a lane is crowded.
 * @param {Measures} G
 * @param {number} s
 * @param {number} lane   the player's lane, 0 or 1
 * @param {number} discCount
 * @returns {Lane} */
export function laneLayout(G, s, lane, discCount) {
  const r = G.lanes[lane];
  const dir = readDir(s);
  const theta = sectionAngle(s);
  const low = theta - dir * 27;
  const high = theta + dir * (s in HUTS && !G.hutOnShore ? 14 : 27);
  const room = (Math.abs(high - low) * Math.PI * r) / 180;
  const { mark, sum } = G.lane;
  let step = G.lane.step;
  if (mark + sum + step * discCount > room) step = Math.max(G.lane.step * 0.62, (room - mark - sum) / Math.max(1, discCount));
  const length = mark + sum + step * discCount + 4;
  const middle = (low + high) / 2;
  const start = middle - (dir * ((length / 2 / r) * 180)) / Math.PI;
  /** @param {number} offset */
  const angle = (offset) => start + ((dir * offset) / r) * (180 / Math.PI);
  /** @param {number} offset */
  const at = (offset) => polar(r, angle(offset));
  /** @type {Point[]} */
  const spots = [];
  let offset = mark / 2 + 2;
  const markAt = at(offset);
  offset += mark / 2 + step / 2;
  for (let i = 0; i < discCount; i++) {
    spots.push(at(offset));
    offset += step;
  }
  offset += sum / 2 - step / 2 + 2;
  return { mark: markAt, discs: spots, sum: at(offset), sumAngle: angle(offset), r, from: angle(2), to: angle(offset + sum / 2) };
}

// -- paths --------------------------------------------------------------------------------

/** The path of a circle of radius `r` round (x, y).
 * @param {number} x @param {number} y @param {number} r
 * @returns {string} */
export function circlePath(x, y, r) {
  return `M${f1(x - r)},${f1(y)} a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0Z`;
}

/** The path of a box with rounded corners (radius `r`).
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 * @returns {string} */
export function roundRect(x, y, w, h, r) {
  return `M${f1(x + r)},${f1(y)} H${f1(x + w - r)} Q${f1(x + w)},${f1(y)} ${f1(x + w)},${f1(y + r)} V${f1(y + h - r)} Q${f1(x + w)},${f1(y + h)} ${f1(x + w - r)},${f1(y + h)} H${f1(x + r)} Q${f1(x)},${f1(y + h)} ${f1(x)},${f1(y + h - r)} V${f1(y + r)} Q${f1(x)},${f1(y)} ${f1(x + r)},${f1(y)}Z`;
}
