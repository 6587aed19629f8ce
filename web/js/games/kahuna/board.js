// @ts-check
// The Kahuna board as SVG: islands, sea lines, bridges, control markers, and
// the clickable targets the renderer asks for; the marks of the latest move
// of another player and of a suggested move. It draws what it is given;
// which targets exist is decided by kahuna/select.js from the legal moves. The sea,
// the lines' shapes and what is drawn line by line (targets, marks, the
// suggestion) are the archipelago's, shared with Kanaloa (archipelago.js).

import { svg, f1, blobPath, boardPicture } from '../../board-svg.js';
import { t, plural } from '../../i18n.js';
import { seatStyle } from '../../players.js';
import { isleShape, laneShape, seaDefs, drawSea, laneOverlays, plankBody } from '../archipelago.js';
import { LaneBoard, drawIsles, tagPip, neededBadge, controlMarker } from '../archipelago-board.js';

/** @typedef {import('./select.js').KahunaView} KahunaView */
/** @typedef {import('./select.js').KahunaIsland} KahunaIsland */
/** @typedef {import('../archipelago.js').IsleShape} IsleShape */
/** @typedef {import('../archipelago.js').LaneShape} LaneShape */
/** @typedef {import('../archipelago.js').Layers} Layers */

/**
 * The board's geometry for one orientation: its size and projection, and
 * the shapes of the islands (by name) and of the lines (by id).
 * @typedef {import('../archipelago.js').Projection & {portrait: boolean, islands: Map<string, IsleShape>, lines: LaneShape[]}} Geometry
 */

/** The view's coordinates fit a 1000 × 700 box; on a portrait phone the
 * board turns a quarter so that it fills the screen's width and height.
 * @param {boolean} portrait
 * @returns {import('../archipelago.js').Projection} */
export function projection(portrait) {
  return portrait
    ? { width: 700, height: 1000, at: (x, y) => [700 - y, x] }
    : { width: 1000, height: 700, at: (x, y) => [x, y] };
}

/** @param {number} degree */
const islandRadius = (degree) => 33 + 3 * degree;

/** How wide a line's target and removal ring are, how far the suggestion's
 * badge stands from it. */
const SIZES = { hit: 30, ring: 27, badge: 30 };

/** @param {KahunaView} view @param {boolean} portrait @returns {Geometry} */
function geometry(view, portrait) {
  const proj = projection(portrait);
  /** @type {Map<string, IsleShape>} */
  const islands = new Map();
  for (const island of view.islands) {
    const [x, y] = proj.at(island.x, island.y);
    islands.set(island.name, isleShape(island.name, x, y, islandRadius(island.degree)));
  }
  const lines = view.lines.map((line) => laneShape(line, islands));
  return { ...proj, portrait, islands, lines };
}

function defs() {
  return seaDefs(
    'kh',
    '0.5',
    svg(
      'filter',
      { id: 'kh-shadow', x: '-30%', y: '-30%', width: '160%', height: '160%' },
      svg('feDropShadow', { dx: 0, dy: 2.5, stdDeviation: 2, 'flood-color': '#0b2233', 'flood-opacity': 0.45 }),
    ),
  );
}

/** The board: the position drawn in `container`, its targets calling back.
 * @param {HTMLElement} container
 * @param {import('../contract.js').BoardHandlers} handlers
 * @returns {import('../contract.js').Board<KahunaView, import('../archipelago.js').LaneMarks> & import('../archipelago.js').OverlayCalls} */
export function createBoard(container, { onTarget, onBackground }) {
  /** What `build` makes for the view's orientation, and who held what when last drawn.
   * @type {LaneBoard<Geometry>} */
  const drawn = new LaneBoard(container);

  /** @param {KahunaView} view @param {boolean} portrait */
  function build(view, portrait) {
    const geo = geometry(view, portrait);
    const root = boardPicture('kahuna-board' + (portrait ? ' portrait' : ''), geo.width, geo.height, t('kahuna.board.name'));
    root.append(defs());
    const names = ['ocean', 'shallows', 'sea', 'sands', 'rings', 'glows', 'flash', 'bridges', 'lastmove', 'lands', 'tags', 'markers', 'point', 'suggestion', 'targets'];
    /** @type {Layers} */
    const layers = Object.fromEntries(names.map((name) => [name, svg('g', { class: `layer ${name}` })]));
    for (const name of names) root.append(layers[name]);
    layers.sands.setAttribute('filter', 'url(#kh-lift)');
    layers.bridges.setAttribute('filter', 'url(#kh-lift)');
    layers.tags.setAttribute('filter', 'url(#kh-lift)');

    drawSea(layers, { width: geo.width, height: geo.height, lanes: geo.lines, prefix: 'kh', onBackground });
    drawIsles(layers, geo.islands.values(), { prefix: 'kh', shallows: 1.75, reef: 1.22 });
    drawn.built(geo, layers, root, laneOverlays({ layers, lanes: geo.lines, islands: geo.islands, portrait, word: 'line', sizes: SIZES, onTarget }));
  }

  /** A bridge of `owner` on `line`; `fresh` when just laid.
   * @param {LaneShape} line @param {number} owner @param {boolean} fresh */
  function plank(line, owner, fresh) {
    const length = line.length + 14; // reaches a little onto both beaches
    const width = /** @type {Geometry} */ (drawn.geo).portrait ? 17 : 15;
    const inner = plankBody({ length, width, colour: `p${owner}`, shape: seatStyle(owner).shape, angle: line.angle, fresh });
    return svg(
      'g',
      {
        class: `plank p${owner}`,
        'data-line': line.name,
        transform: `translate(${f1(line.mid[0])},${f1(line.mid[1])}) rotate(${f1((line.angle * 180) / Math.PI)})`,
      },
      inner,
    );
  }

  /** @param {KahunaIsland} island @param {IsleShape} isle @param {number} players */
  function tag(island, isle, players) {
    const big = /** @type {Geometry} */ (drawn.geo).portrait;
    const font = big ? 24 : 17.5;
    const width = big ? 100 : 78;
    const height = big ? 54 : 41;
    const top = isle.y + isle.r * 0.34 - height / 2 + (big ? 5 : 4);
    const g = svg('g', { class: 'tag' });
    g.append(svg('rect', { class: 'tag-bg', x: f1(isle.x - width / 2), y: f1(top), width, height, rx: big ? 12 : 9 }));
    // Every island name has four letters: a fixed length keeps them all
    // inside their tags whatever the font.
    g.append(
      svg(
        'text',
        { class: 'tag-name', x: f1(isle.x - (big ? 6 : 5)), y: f1(top + font * 1.02), 'font-size': font, textLength: f1(font * 2.85), lengthAdjust: 'spacingAndGlyphs' },
        island.name,
      ),
    );
    // One pip per line at the island: the first player's bridges from the
    // left, the second's from the right, free lines in between.
    const step = big ? 13 : 10;
    const size = big ? 10 : 8;
    const row = top + height - (big ? 12 : 9.5);
    /** @type {(number | null)[]} */
    const owners = [];
    for (let i = 0; i < island.counts[0]; i++) owners.push(0);
    const free = island.degree - island.counts[0] - (island.counts[1] || 0);
    for (let i = 0; i < free; i++) owners.push(null);
    for (let p = players - 1; p >= 1; p--) for (let i = 0; i < island.counts[p]; i++) owners.push(p);
    const start = isle.x - (big ? 6 : 5) - ((owners.length - 1) * step) / 2;
    owners.forEach((owner, i) => g.append(tagPip(start + i * step, row, size, owner === null ? null : { p: owner, shape: seatStyle(owner).shape })));
    // The majority needed, in a small disc on the tag's corner.
    const corner = isle.x + width / 2 - (big ? 4 : 3);
    g.append(neededBadge(corner, top + height / 2, island.needed, big ? { r: 13, font: 15, dy: 5 } : { r: 10.5, font: 12.5, dy: 4.2 }));
    return g;
  }

  /** @param {number} owner @param {IsleShape} isle @param {boolean} fresh */
  function marker(owner, isle, fresh) {
    const s = /** @type {Geometry} */ (drawn.geo).portrait ? 20 : 16;
    const cy = isle.y - isle.r * 0.36;
    return controlMarker({ p: owner, shape: seatStyle(owner).shape, cx: isle.x, cy, s, fresh, attrs: { filter: 'url(#kh-shadow)' } });
  }

  /** @param {KahunaIsland} island @param {string[]} names */
  function islandLabel(island, names) {
    const parts = [t('kahuna.aria.island', { island: island.name, degree: island.degree, needed: island.needed })];
    island.counts.forEach((count, p) => {
      if (count) parts.push(plural('kahuna.aria.island_bridges', count, { player: names[p] }));
    });
    if (island.controller !== null && island.controller !== undefined) {
      parts.push(t('kahuna.aria.island_controlled', { player: names[island.controller] }));
    }
    return parts.join(' ; ');
  }

  /** Draw the position: bridges, rings, tags, markers.
   * @param {KahunaView} view @param {{names: string[], portrait: boolean}} options */
  function draw(view, { names, portrait }) {
    if (drawn.stale(portrait)) build(view, portrait);
    // What `build` made, for this orientation.
    const built = /** @type {Geometry} */ (drawn.geo);
    const layer = /** @type {Layers} */ (drawn.layers);
    const players = view.supply.length;
    for (const name of ['rings', 'bridges', 'tags', 'markers']) layer[name].replaceChildren();

    drawn.layBridges(view.lines, built.lines, plank);
    for (const island of view.islands) {
      const isle = /** @type {IsleShape} */ (built.islands.get(island.name));
      const owner = island.controller;
      if (owner !== null && owner !== undefined) {
        layer.rings.append(svg('path', { class: `control-ring p${owner}`, d: blobPath(isle.x, isle.y, isle.r + 3, isle.sand, isle.rot) }));
        layer.markers.append(marker(owner, isle, drawn.newController(island)));
      }
      const label = tag(island, isle, players);
      label.setAttribute('role', 'img');
      label.setAttribute('aria-label', islandLabel(island, names));
      layer.tags.append(label);
    }
    drawn.drawnControl(view.islands);
  }

  // The targets, the flash, the marks and the suggestion: drawn line by line (archipelago.js).
  return { draw, ...drawn.overlayCalls(), reset: () => drawn.reset() };
}
