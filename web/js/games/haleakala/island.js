// @ts-check
// The fixed picture of the Haleakala board, drawn once each time the board
// is built (board.js): the sea's gradients and patterns (`defs`), and the
// island (`drawIsland`): its reef and sand, its rings and their texture (tufts
// on the meadows, trees in the forests, ridges on the mountains), the
// crater, the borders of the sections, the jetty, the huts and the section
// numbers.

import { svg, f1, radialGradient, blobRadii, blobPath, shapePath } from '../../board-svg.js';
import { seatStyle } from '../../players.js';
import { shown } from './log.js';
import { oceanGradient, wavesPattern } from '../renderer-common.js';
import { CX, CY, HUTS, JETTY, sectionAngle, polar, sector, hutSpot } from './geometry.js';

/** @typedef {import('./geometry.js').Measures} Measures */

/** The board's definitions: the ocean's and the crater's gradients, the
 * lava's glow, the waves, the weave of the score board's mat.
 * @returns {SVGElement} */
export function defs() {
  return svg(
    'defs',
    {},
    oceanGradient('hk-ocean', { cx: '35%', cy: '50%', r: '80%', middle: '0.45' }),
    radialGradient('hk-crater', { cx: '0.5', cy: '0.5', r: '0.5' }, [
      ['0', '#ff8a3d'],
      ['0.35', '#a3361a'],
      ['1', '#3b2a24'],
    ]),
    radialGradient('hk-glowfill', { cx: '0.5', cy: '0.5', r: '0.5' }, [
      ['0', 'var(--lava-glow)', '0.9'],
      ['1', 'var(--lava)', '0'],
    ]),
    wavesPattern('hk-waves', { width: 80, height: 44, className: 'hk-wave', second: [44, 34] }),
    svg(
      'pattern',
      { id: 'hk-weave', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      svg('rect', { width: 8, height: 8, class: 'hk-weave-bg' }),
      svg('rect', { width: 4, height: 8, class: 'hk-weave-fg' }),
    ),
  );
}

/** The island on a board of measures `G`, into the group `g`.
 * @param {SVGElement} g
 * @param {Measures} G
 * @returns {void} */
export function drawIsland(g, G) {
  const coast = blobRadii('haleakala/coast', 18, 0.035);
  const reefRadii = blobRadii('haleakala/reef', 14, 0.05);
  g.append(svg('path', { class: 'hk-shallow', d: blobPath(CX, CY, G.coast + 30, reefRadii, 0.2) }));
  g.append(svg('path', { class: 'hk-reef', d: blobPath(CX, CY, G.coast + 9, reefRadii, 0.4) }));
  g.append(svg('path', { class: 'hk-sand', d: blobPath(CX, CY, G.coast, coast, 0) }));
  for (const terrain of /** @type {const} */ (['meadow', 'forest', 'mountain'])) {
    const [r0, r1] = G.rings[terrain];
    g.append(svg('path', { class: `hk-ring ${terrain}`, d: `${sector(r0, r1, 0, 180)} ${sector(r0, r1, 180, 360)}` }));
  }
  // Texture: tufts on the meadows, trees in the forests, ridges on the mountains.
  for (let s = 0; s < 6; s++) {
    const theta = sectionAngle(s);
    for (const [dr, da] of [[-12, -20], [10, -9], [-6, 6], [12, 19], [0, -27], [2, 25]]) {
      const [x, y] = polar(184 + dr, theta + da);
      g.append(svg('path', { class: 'hk-tuft', d: `M${f1(x - 3)},${f1(y + 2)} l3,-5 l3,5` }));
    }
    for (const [dr, da] of [[-14, -21], [13, -12], [-5, -2], [14, 9], [-12, 17], [8, 25], [0, -27]]) {
      const [x, y] = polar(138 + dr, theta + da);
      g.append(svg('circle', { class: 'hk-tree', cx: f1(x), cy: f1(y), r: 5 + ((s + dr) % 3) }));
    }
    for (const [dr, da] of [[-10, -18], [12, -5], [-8, 14], [10, 22]]) {
      const [x, y] = polar(89 + dr, theta + da);
      g.append(svg('path', { class: 'hk-ridge', d: `M${f1(x - 6)},${f1(y + 3)} L${f1(x)},${f1(y - 5)} L${f1(x + 6)},${f1(y + 3)}` }));
    }
  }
  g.append(svg('circle', { class: 'hk-crater', cx: CX, cy: CY, r: G.rings.crater[1], fill: 'url(#hk-crater)' }));
  g.append(svg('circle', { class: 'hk-crater-rim', cx: CX, cy: CY, r: G.rings.crater[1] }));
  // In the sea, dotted lanes part the sections, so that each pair of
  // cards reads as its beach's.
  for (let s = 0; s < 6; s++) {
    const edge = sectionAngle(s) + 30;
    const [x0, y0] = polar(268, edge);
    const [x1, y1] = polar(360, edge);
    g.append(svg('path', { class: 'hk-sea-border', d: `M${f1(x0)},${f1(y0)} L${f1(x1)},${f1(y1)}` }));
  }
  // Section borders, from the crater to the sea.
  for (let s = 0; s < 6; s++) {
    const edge = sectionAngle(s) + 30;
    const [x0, y0] = polar(G.rings.crater[1] * 0.55, edge);
    const [x1, y1] = polar(G.rings.beach[1] + 2, edge);
    g.append(svg('path', { class: 'hk-border', d: `M${f1(x0)},${f1(y0)} L${f1(x1)},${f1(y1)}` }));
  }
  for (const r of [G.rings.mountain[0], G.rings.forest[0], G.rings.meadow[0], G.rings.beach[0]]) {
    g.append(svg('circle', { class: 'hk-contour', cx: CX, cy: CY, r }));
  }
  // The jetty where the boat starts, the huts where the shamans start.
  {
    const theta = sectionAngle(JETTY);
    const [x0, y0] = polar(G.rings.beach[1] - 8, theta);
    const [x1, y1] = polar(G.number.r + G.number.size + 4, theta);
    g.append(svg('path', { class: 'hk-jetty', d: `M${f1(x0)},${f1(y0)} L${f1(x1)},${f1(y1)}` }));
    g.append(svg('path', { class: 'hk-jetty-planks', d: `M${f1(x0)},${f1(y0)} L${f1(x1)},${f1(y1)}` }));
  }
  for (const [beach, owner] of Object.entries(HUTS)) {
    const [x, y] = hutSpot(G, Number(beach));
    g.append(
      svg(
        'g',
        { class: `hk-hut p${owner}`, transform: `translate(${f1(x)},${f1(y + 4)})` },
        svg('path', { class: 'hk-hut-roof', d: 'M-14,-2 L0,-14 L14,-2Z' }),
        svg('rect', { class: 'hk-hut-wall', x: -10, y: -2, width: 20, height: 12, rx: 1 }),
        svg('path', { class: 'hk-hut-mark', d: shapePath(seatStyle(owner).shape, 0, -5.5, 7) }),
      ),
    );
  }
  // Section numbers, on the shore in front of each beach.
  for (let s = 0; s < 6; s++) {
    const [x, y] = polar(G.number.r, sectionAngle(s));
    const { size, font } = G.number;
    g.append(svg('g', { class: 'hk-section-number', 'aria-hidden': 'true' }, svg('circle', { cx: f1(x), cy: f1(y), r: size }), svg('text', { x: f1(x), y: f1(y + font * 0.35), 'font-size': font }, String(shown(s)))));
  }
}
