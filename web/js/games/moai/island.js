// @ts-check
// The Moai board's island, drawn once each time the board is built
// (board.js): where its zones stand, landscape (1000 × 700) or portrait
// (700 × 1000) (`layout`), the board's definitions (the sea, the hatching of
// face-down pieces, the fields' furrows, the quarry's rock, the lava), and
// the island under the zones' spaces (`drawBackground`).

import { svg, f1, radialGradient, seededRandom, smoothPath } from '../../board-svg.js';
import { oceanGradient, wavesPattern } from '../renderer-common.js';

/** A box on the board. @typedef {{x: number, y: number, w: number, h: number}} Rect */
/**
 * Where the zones stand (see `layout`): the board's size, the island's
 * ellipse, each zone's box (the ocean's boats in a row, or a column), the
 * size of a piece, the scale of the words (`k`) and the height of a zone's
 * title.
 * @typedef {object} Layout
 * @property {number} width
 * @property {number} height
 * @property {{cx: number, cy: number, rx: number, ry: number}} island
 * @property {Rect} volcano
 * @property {Rect} forest
 * @property {Rect} fields
 * @property {Rect} orongo
 * @property {Rect & {row: boolean}} ocean
 * @property {number} chip
 * @property {number} k
 * @property {number} head
 */

/** The zones of the island, landscape (1000 × 700) or portrait (700 × 1000).
 * @param {boolean} portrait
 * @returns {Layout} */
export function layout(portrait) {
  if (portrait) {
    return {
      width: 700,
      height: 1000,
      island: { cx: 350, cy: 436, rx: 346, ry: 432 },
      volcano: { x: 18, y: 22, w: 664, h: 252 },
      forest: { x: 18, y: 284, w: 664, h: 236 },
      fields: { x: 18, y: 530, w: 332, h: 320 },
      orongo: { x: 360, y: 530, w: 322, h: 320 },
      ocean: { x: 14, y: 866, w: 672, h: 126, row: true },
      chip: 46,
      k: 1.55,
      head: 52,
    };
  }
  return {
    width: 1000,
    height: 700,
    island: { cx: 425, cy: 350, rx: 418, ry: 345 },
    volcano: { x: 40, y: 30, w: 400, h: 312 },
    forest: { x: 452, y: 30, w: 358, h: 312 },
    fields: { x: 40, y: 354, w: 400, h: 316 },
    orongo: { x: 452, y: 354, w: 358, h: 316 },
    ocean: { x: 848, y: 24, w: 140, h: 652, row: false },
    chip: 32,
    k: 1,
    head: 40,
  };
}

/** A rounded, slightly wavy island: a superellipse with seeded noise.
 * @param {{cx: number, cy: number, rx: number, ry: number}} ellipse
 * @returns {string} */
function islandPath({ cx, cy, rx, ry }) {
  const rand = seededRandom('rapa-nui');
  const n = 28;
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const c = Math.cos(a);
    const s = Math.sin(a);
    const k = Math.pow(Math.pow(Math.abs(c), 3.2) + Math.pow(Math.abs(s), 3.2), -1 / 3.2);
    const wob = 1 + (rand() * 2 - 1) * 0.025;
    pts.push([cx + c * rx * k * wob, cy + s * ry * k * wob]);
  }
  return smoothPath(pts);
}

/** The board's definitions: the sea's gradient and waves, the hatching of
 * face-down pieces, the fields' furrows, the quarry's rock, the lava.
 * @returns {SVGElement} */
export function defs() {
  return svg(
    'defs',
    {},
    oceanGradient('mo-ocean', { cx: '45%', cy: '45%', r: '80%', middle: '0.55' }),
    wavesPattern('mo-waves', { width: 90, height: 46, className: 'mo-wave', second: [50, 36] }),
    // Face-down pieces: a woven hatch over the clan's colour.
    svg(
      'pattern',
      { id: 'mo-hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      svg('rect', { width: 3, height: 6, fill: 'rgba(20, 16, 12, 0.42)' }),
    ),
    svg(
      'pattern',
      { id: 'mo-furrows', width: 10, height: 10, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(-8)' },
      svg('rect', { width: 10, height: 10, class: 'mo-furrow-bg' }),
      svg('path', { d: 'M0,5 H10', class: 'mo-furrow' }),
    ),
    svg(
      'pattern',
      { id: 'mo-rock', width: 24, height: 24, patternUnits: 'userSpaceOnUse' },
      svg('rect', { width: 24, height: 24, class: 'mo-rock-bg' }),
      svg('path', { d: 'M3,6 l4,-2 l3,3 M14,17 l5,-1 l2,3 M15,4 l3,1', class: 'mo-rock-line' }),
    ),
    radialGradient('mo-lava', { cx: '0.5', cy: '0.5', r: '0.5' }, [
      ['0', 'var(--lava-glow)'],
      ['0.6', 'var(--lava)'],
      ['1', '#7a2a12'],
    ]),
  );
}

/** A zone's frame. @param {SVGElement} parent @param {Rect} rect @param {string} kind */
function zoneFrame(parent, rect, kind) {
  parent.append(svg('rect', { class: `mo-zone ${kind}`, x: rect.x, y: rect.y, width: rect.w, height: rect.h, rx: 18 }));
}

/** The island under its zones: the sea, the beach and the land, each zone's
 * frame, the volcano's crater, the forest's canopy, Orongo hill.
 * @param {SVGElement} layer
 * @param {Layout} g
 * @returns {void} */
export function drawBackground(layer, g) {
  layer.append(
    svg('rect', { class: 'mo-sea', width: g.width, height: g.height, fill: 'url(#mo-ocean)' }),
    svg('rect', { width: g.width, height: g.height, fill: 'url(#mo-waves)', class: 'mo-waves' }),
  );
  const path = islandPath(g.island);
  layer.append(
    svg('path', { class: 'mo-shallow', d: path, transform: `translate(${g.island.cx} ${g.island.cy}) scale(1.035) translate(${-g.island.cx} ${-g.island.cy})` }),
    svg('path', { class: 'mo-sand', d: path }),
    svg('path', { class: 'mo-land', d: path, transform: `translate(${g.island.cx} ${g.island.cy}) scale(0.975) translate(${-g.island.cx} ${-g.island.cy})` }),
  );
  // The volcano's slope and crater, the forest's canopy, the fields' soil,
  // the hill: drawn under each zone's spaces.
  const v = g.volcano;
  zoneFrame(layer, v, 'volcano');
  layer.append(
    svg('ellipse', { class: 'mo-crater', cx: v.x + v.w - 44, cy: v.y + 30, rx: 30, ry: 15, fill: 'url(#mo-lava)' }),
    svg('path', { class: 'mo-crater-rim', d: `M${v.x + v.w - 80},${v.y + 34} q36,26 72,0` }),
  );
  const fo = g.forest;
  zoneFrame(layer, fo, 'forest');
  const rand = seededRandom('forest');
  for (let i = 0; i < 38; i++) {
    const x = fo.x + 10 + rand() * (fo.w - 20);
    const y = fo.y + 10 + rand() * (fo.h - 20);
    layer.append(svg('circle', { class: 'mo-tree', cx: f1(x), cy: f1(y), r: f1(6 + rand() * 7) }));
  }
  zoneFrame(layer, g.fields, 'fields');
  const o = g.orongo;
  zoneFrame(layer, o, 'orongo');
  layer.append(svg('path', { class: 'mo-hill', d: `M${o.x + 10},${o.y + 112} Q${o.x + o.w / 2},${o.y + 24} ${o.x + o.w - 10},${o.y + 112}Z` }));
}
