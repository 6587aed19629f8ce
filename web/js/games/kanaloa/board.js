// @ts-check
// The Kanaloa board as SVG: the archipelago of ORO (sixteen islands and their
// thirty-seven sea links), bridges, control markers, the god stones still on
// the islands, the score track along the edge, and the clickable links that
// kanaloa.js asks for; the marks of the latest moves of the others and of a
// suggested move. It draws what it is given and decides nothing. The sea,
// the links' shapes and what is drawn link by link (targets, marks, the
// suggestion) are the archipelago's, shared with Kahuna (archipelago.js).

import { svg, f1, radialGradient, blobPath, shapePath, boardPicture } from '../../board-svg.js';
import { t, plural } from '../../i18n.js';
import { ENGINE_COLOURS, palette, colourShape, colourWords } from './colours.js';
import { h } from '../../dom.js';
import { isleShape, laneShape, seaDefs, drawSea, laneOverlays, plankBody } from '../archipelago.js';
import { LaneBoard, drawIsles, tagPip, neededBadge, controlMarker } from '../archipelago-board.js';

// -- colours (kanaloa/colours.js) -----------------------------------------------

export { ENGINE_COLOURS, palette, colourShape, colourWords };

/** @typedef {import('./select.js').KanaloaView} KanaloaView */
/** @typedef {import('./select.js').KanaloaIsland} KanaloaIsland */
/** @typedef {import('../archipelago.js').LaneShape} LaneShape */
/** @typedef {import('../archipelago.js').Layers} Layers */

/** An island as drawn, with its size (small, large, main).
 * @typedef {import('../archipelago.js').IsleShape & {size: string}} KanaloaIsle */

/**
 * The board's geometry for one orientation: its size and projection, and
 * the shapes of the islands (by name) and of the links (by id).
 * @typedef {import('../archipelago.js').Projection & {portrait: boolean, islands: Map<string, KanaloaIsle>, links: LaneShape[]}} Geometry
 */

/** A space of the score track: its centre, width and height, and the
 * direction of its edge.
 * @typedef {{x: number, y: number, w: number, h: number, dir: number[]}} TrackSpace */

// -- the god stones ------------------------------------------------------------------

/** Each god's sign, drawn light on a basalt stone in a 24 × 24 box round
 * (0, 0): KANE's sun, KANALOA's waves, KU's spear, PELE's flame, LONO's rain.
 * @type {Record<string, string>} */
const GOD_SIGNS = {
  KANE: 'M0,-4.2 a4.2,4.2 0 1,0 0.01,0Z M0,-10 V-7 M0,7 V10 M-10,0 H-7 M7,0 H10 M-7.1,-7.1 L-5,-5 M5,5 L7.1,7.1 M-7.1,7.1 L-5,5 M5,-5 L7.1,-7.1',
  KANALOA: 'M-9,-3 q2.25,-3.5 4.5,0 t4.5,0 t4.5,0 t4.5,0 M-9,4 q2.25,-3.5 4.5,0 t4.5,0 t4.5,0 t4.5,0',
  KU: 'M0,10 V-3 M0,-10 L3.2,-3.5 L0,-1.8 L-3.2,-3.5Z M-3.5,6 H3.5',
  PELE: 'M0,-10 C4,-5 7,-2 7,3 A7,7 0 0 1 -7,3 C-7,-0.5 -4.5,-2.5 -3,-5.5 C-2,-2.5 -0.5,-1.5 0.8,-1.2 C0.5,-4.5 -0.8,-7 0,-10Z',
  LONO: 'M-7,-1 a4.2,4.2 0 0 1 3,-6.5 a5.5,5.5 0 0 1 9.5,1.5 a3.6,3.6 0 0 1 1.5,6.8 Z M-4,4 l-1.4,3.6 M0.5,4 l-1.4,3.6 M5,4 l-1.4,3.6',
};

/** A god stone as an SVG group centred on (x, y), `r` its radius.
 * @param {string} god
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} [extra]  classes more
 * @returns {SVGElement} */
export function godStone(god, x, y, r, extra = '') {
  const k = r / 13;
  return svg(
    'g',
    { class: `god-stone god-${god.toLowerCase()} ${extra}`.trim(), transform: `translate(${f1(x)},${f1(y)})` },
    svg('circle', { class: 'god-rim', r: f1(r) }),
    svg('path', { class: 'god-sign', d: GOD_SIGNS[god] || '', transform: `scale(${k.toFixed(3)})` }),
  );
}

/** A god stone as a small standalone SVG (panels, buttons).
 * @param {string} god
 * @param {number} [size]
 * @returns {SVGElement} */
export function godIcon(god, size = 26) {
  return svg(
    'svg',
    { class: 'god-icon', viewBox: '-14 -14 28 28', width: size, height: size, 'aria-hidden': 'true' },
    godStone(god, 0, 0, 13),
  );
}

// -- geometry --------------------------------------------------------------------------

/** @type {Record<string, number>} */
const RADIUS = { small: 35, large: 43, main: 58 };
const TRACK = 26; // the score track's width along the edge
const TRACK_SPACES = 50;

/** How wide a link's target and removal ring are, how far the suggestion's
 * badge stands from it: a little less than for Kahuna's lines, this
 * archipelago being denser. */
const SIZES = { hit: 28, ring: 26, badge: 28 };

/** The spec's coordinates fill a 1000 × 700 box; they are drawn a little
 * inside it, leaving the edge to the score track. On a portrait phone the
 * board turns a quarter so that it fills the screen's width and height.
 * @param {boolean} portrait
 * @returns {import('../archipelago.js').Projection} */
export function projection(portrait) {
  const fx = (/** @type {number} */ x) => 70 + ((x - 64) * 860) / 862;
  const fy = (/** @type {number} */ y) => 80 + ((y - 67) * 550) / 569;
  return portrait
    ? { width: 700, height: 1000, at: (x, y) => [700 - fy(y), fx(x)] }
    : { width: 1000, height: 700, at: (x, y) => [fx(x), fy(y)] };
}

/** @param {KanaloaView} view @param {boolean} portrait @returns {Geometry} */
function geometry(view, portrait) {
  const proj = projection(portrait);
  /** @type {Map<string, KanaloaIsle>} */
  const islands = new Map();
  for (const island of view.islands) {
    const [x, y] = proj.at(island.x, island.y);
    const r = RADIUS[island.size] || RADIUS.large;
    const shape = isleShape(island.name, x, y, r, { seed: 'kanaloa/' + island.name, trees: 6 });
    islands.set(island.name, { ...shape, size: island.size });
  }
  const links = view.links.map((link) => laneShape(link, islands));
  return { ...proj, portrait, islands, links };
}

/** The spaces of the score track: 50 tiles round the edge, clockwise from
 * the top-left corner, each {x, y, w, h, along} (along: the edge's direction).
 * @param {number} width @param {number} height @returns {TrackSpace[]} */
function trackSpaces(width, height) {
  const inner = TRACK;
  const edges = [
    { from: [0, 0], to: [width, 0], dir: [1, 0] },
    { from: [width, inner], to: [width, height - inner], dir: [0, 1] },
    { from: [width, height], to: [0, height], dir: [-1, 0] },
    { from: [0, height - inner], to: [0, inner], dir: [0, -1] },
  ];
  const lengths = edges.map((e) => Math.hypot(e.to[0] - e.from[0], e.to[1] - e.from[1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  // Whole tiles per edge, in proportion to its length.
  const counts = lengths.map((l) => Math.round((l / total) * TRACK_SPACES));
  counts[0] += TRACK_SPACES - counts.reduce((a, b) => a + b, 0);
  /** @type {TrackSpace[]} */
  const spaces = [];
  edges.forEach((edge, i) => {
    const step = lengths[i] / counts[i];
    for (let k = 0; k < counts[i]; k++) {
      const s = (k + 0.5) * step;
      const cx = edge.from[0] + edge.dir[0] * s;
      const cy = edge.from[1] + edge.dir[1] * s;
      const horizontal = edge.dir[1] === 0;
      // The tile's centre sits half the track inside the edge.
      const x = horizontal ? cx : edge.from[0] === 0 ? inner / 2 : width - inner / 2;
      const y = horizontal ? (edge.from[1] === 0 ? inner / 2 : height - inner / 2) : cy;
      spaces.push({ x, y, w: horizontal ? step - 3 : inner - 4, h: horizontal ? inner - 4 : step - 3, dir: edge.dir });
    }
  });
  return spaces;
}

function defs() {
  return seaDefs(
    'kn',
    '0.55',
    radialGradient('kn-mountain', { cx: '0.45', cy: '0.35', r: '0.7' }, [
      ['0', '#8d7b70'],
      ['1', 'var(--basalt)'],
    ]),
  );
}

/** ORO's mountain, where the other islands have their forest.
 * @param {KanaloaIsle} isle @returns {SVGElement[] | null} */
function mountain({ x, y, r, size }) {
  if (size !== 'main') return null;
  return [
    svg('path', { class: 'mountain', d: `M${f1(x - r * 0.5)},${f1(y - r * 0.05)} L${f1(x - r * 0.12)},${f1(y - r * 0.62)} L${f1(x + r * 0.08)},${f1(y - r * 0.46)} L${f1(x + r * 0.22)},${f1(y - r * 0.58)} L${f1(x + r * 0.55)},${f1(y - r * 0.05)} Z`, fill: 'url(#kn-mountain)' }),
    svg('path', { class: 'mountain-snow', d: `M${f1(x - r * 0.22)},${f1(y - r * 0.48)} L${f1(x - r * 0.12)},${f1(y - r * 0.62)} L${f1(x + r * 0.02)},${f1(y - r * 0.5)} Z` }),
  ];
}

/** The islands in their layers (archipelago-board.js's), ORO with its
 * mountain and no tree on its slopes.
 * @param {Layers} layers @param {Iterable<KanaloaIsle>} isles */
function drawIslands(layers, isles) {
  drawIsles(layers, isles, {
    prefix: 'kn',
    shallows: 1.7,
    reef: 1.2,
    crown: mountain,
    treeFits: (isle, dx, dy) => isle.size !== 'main' || dy > -isle.r * 0.05,
  });
}

// -- the score track --------------------------------------------------------------

/** The score track round the board's edge in `layer`: its band and its
 * spaces, every fifth numbered and KANE's stone on the first. Returns the
 * spaces, where the pawns stand.
 * @param {SVGElement} layer @param {number} width @param {number} height @returns {TrackSpace[]} */
function drawTrackBase(layer, width, height) {
  const spaces = trackSpaces(width, height);
  const base = svg('g', { class: 'track-base', 'aria-hidden': 'true' });
  base.append(
    svg('path', {
      class: 'track-band',
      d: `M0,0 H${width} V${height} H0Z M${TRACK},${TRACK} V${height - TRACK} H${width - TRACK} V${TRACK}Z`,
      'fill-rule': 'evenodd',
    }),
  );
  spaces.forEach((space, n) => {
    const tens = n % 5 === 0;
    base.append(
      svg('rect', {
        class: 'track-space' + (tens ? ' five' : ''),
        x: f1(space.x - space.w / 2),
        y: f1(space.y - space.h / 2),
        width: f1(space.w),
        height: f1(space.h),
        rx: 4,
      }),
    );
    if (n === 0) base.append(godStone('KANE', space.x, space.y, 10, 'track-kane'));
    else if (tens) base.append(svg('text', { class: 'track-number', x: f1(space.x), y: f1(space.y + 4.5) }, String(n)));
  });
  layer.append(base);
  return spaces;
}

/** The colours' pawns on the track (`spaces`), in `layer`; those on one
 * space stand side by side.
 * @param {SVGElement} layer @param {TrackSpace[]} spaces @param {KanaloaView} view @param {string[]} names */
function drawPawns(layer, spaces, view, names) {
  layer.replaceChildren();
  const players = view.players;
  /** @type {Map<number, {colour: number, score: number}[]>} */
  const bySpace = new Map();
  view.scores.forEach((score, colour) => {
    const n = ((score % TRACK_SPACES) + TRACK_SPACES) % TRACK_SPACES;
    if (!bySpace.has(n)) bySpace.set(n, []);
    /** @type {{colour: number, score: number}[]} */ (bySpace.get(n)).push({ colour, score });
  });
  for (const [n, list] of bySpace) {
    const space = spaces[n];
    list.forEach(({ colour, score }, i) => {
      const shift = (i - (list.length - 1) / 2) * 13;
      const x = space.x + space.dir[0] * shift;
      const y = space.y + space.dir[1] * shift;
      const p = palette(players, colour);
      const owner = view.colours[colour] ? view.colours[colour].player : colour;
      const g = svg(
        'g',
        { class: `pawn p${p}`, 'data-colour': String(colour) },
        svg('title', {}, t('kanaloa.aria.pawn', { player: names[owner] || '', colour: colourWords(players, colour), score })),
        svg('circle', { class: 'drop', cx: f1(x), cy: f1(y + 2.5), r: 11 }),
        svg('circle', { class: 'pawn-body', cx: f1(x), cy: f1(y), r: 10.5 }),
        svg('path', { class: 'pawn-mark', d: shapePath(colourShape(players, colour), x, y + (p === 0 ? 1 : 0), 11) }),
      );
      if (score >= TRACK_SPACES) {
        g.append(svg('text', { class: 'pawn-lap', x: f1(x), y: f1(y - 13) }, `+${Math.floor(score / TRACK_SPACES) * TRACK_SPACES}`));
      }
      layer.append(g);
    });
  }
}

// -- pieces --------------------------------------------------------------------------
// Drawn larger on a portrait phone's board (`big`).

/** A bridge of the colour `owner` on `link`; `fresh` when just laid.
 * @param {LaneShape} link @param {KanaloaView} view @param {number} owner @param {boolean} fresh @param {boolean} big */
function plank(link, view, owner, fresh, big) {
  const p = palette(view.players, owner);
  const length = link.length + 12; // reaches a little onto both beaches
  const width = big ? 17 : 15;
  const inner = plankBody({ length, width, colour: `p${p}`, shape: colourShape(view.players, owner), angle: link.angle, fresh });
  const turn = `rotate(${f1((link.angle * 180) / Math.PI)})`;
  // Its shadow falls straight down, whatever the plank's direction.
  const drop = svg('rect', { class: 'drop', x: f1(-length / 2), y: f1(-width / 2 - 2), width: f1(length), height: width + 4, rx: 5, transform: `translate(0,3) ${turn}` });
  return svg(
    'g',
    {
      class: `plank p${p}`,
      'data-link': link.name,
      'data-colour': String(owner),
      transform: `translate(${f1(link.mid[0])},${f1(link.mid[1])})`,
    },
    drop,
    svg('g', { transform: turn }, inner),
  );
}

/** Where an island's label stands: its height and top.
 * @param {KanaloaIsle} isle @param {boolean} big */
function tagTop(isle, big) {
  const height = big ? 55 : 38;
  return { height, top: isle.y + isle.r * 0.3 - height / 2 + (big ? 5 : 4) };
}

/** The height of what stands on the island's crown (a marker or a stone of
 * radius `r`): above the label, whatever the island's size.
 * @param {KanaloaIsle} isle @param {number} r @param {boolean} big */
function crownY(isle, r, big) {
  return Math.min(isle.y - isle.r * 0.4, tagTop(isle, big).top - r - 3);
}

/** The island's label: its name, one pip per link (bridges by colour, the
 * free links as rings) and, in a disc, the bridges that control it.
 * @param {KanaloaIsland} island @param {KanaloaIsle} isle @param {KanaloaView} view @param {boolean} big */
function tag(island, isle, view, big) {
  const font = big ? 25 : 16.5;
  const links = island.links;
  const step = big ? 12.5 : 9;
  const size = big ? 11 : 8;
  const width = Math.max(big ? 98 : 70, links * step + (big ? 22 : 16));
  const { height, top } = tagTop(isle, big);
  const cx = isle.x - (big ? 6 : 5);
  const g = svg('g', { class: 'tag', 'data-island': island.name });
  const left = f1(cx - width / 2 + (big ? 6 : 5));
  g.append(svg('rect', { class: 'drop', x: left, y: f1(top + 2.5), width: f1(width), height, rx: big ? 11 : 8 }));
  g.append(svg('rect', { class: 'tag-bg', x: left, y: f1(top), width: f1(width), height, rx: big ? 11 : 8 }));
  // Every island name has four letters (ORO three): a fixed length keeps
  // them inside their tags whatever the font.
  g.append(
    svg(
      'text',
      { class: 'tag-name', x: f1(cx), y: f1(top + font * 1.02), 'font-size': font, textLength: f1(font * (island.name.length === 3 ? 2.2 : 2.85)), lengthAdjust: 'spacingAndGlyphs' },
      island.name,
    ),
  );
  /** @type {(number | null)[]} */
  const owners = [];
  const order = island.counts.map((count, colour) => ({ count, colour })).filter((e) => e.count > 0);
  order.sort((a, b) => b.count - a.count || a.colour - b.colour);
  for (const { count, colour } of order) for (let i = 0; i < count; i++) owners.push(colour);
  while (owners.length < links) owners.push(null);
  const row = top + height - (big ? 11 : 8.5);
  const start = cx - ((owners.length - 1) * step) / 2;
  owners.forEach((colour, i) => {
    const mark = colour === null ? null : { p: palette(view.players, colour), shape: colourShape(view.players, colour) };
    g.append(tagPip(start + i * step, row, size, mark));
  });
  const corner = cx + width / 2 + (big ? 4 : 3);
  g.append(neededBadge(corner, top + height / 2, island.needed, big ? { r: 12.5, font: 14.5, dy: 5 } : { r: 10, font: 12, dy: 4.2 }));
  return g;
}

/** The control marker of `colour` on the island's crown; `fresh` when just set.
 * @param {KanaloaView} view @param {number} colour @param {KanaloaIsle} isle @param {boolean} fresh @param {boolean} big */
function marker(view, colour, isle, fresh, big) {
  const s = big ? 19 : 15.5;
  const cx = isle.x;
  const cy = crownY(isle, s, big);
  const drop = svg('circle', { class: 'drop', cx: f1(cx), cy: f1(cy + 3), r: s + 1 });
  const shape = colourShape(view.players, colour);
  return controlMarker({ p: palette(view.players, colour), shape, cx, cy, s, fresh, attrs: { 'data-island': isle.name }, under: [drop] });
}

/** The island in words, for a screen reader: its links and the majority
 * needed, the bridges on them by colour, who controls it, its god stone.
 * @param {KanaloaIsland} island @param {KanaloaView} view @param {string[]} names */
function islandLabel(island, view, names) {
  const parts = [t('kanaloa.aria.island', { island: island.name, links: island.links, needed: island.needed })];
  island.counts.forEach((count, colour) => {
    if (count) parts.push(plural('kanaloa.aria.island_bridges', count, { who: whoOf(view, colour, names) }));
  });
  if (island.controller !== null && island.controller !== undefined) {
    parts.push(t('kanaloa.aria.island_controlled', { who: whoOf(view, island.controller, names) }));
  }
  if (island.stone) parts.push(t('kanaloa.aria.island_stone', { stone: island.stone }));
  return parts.join(' ; ');
}

// -- the board ----------------------------------------------------------------------

/** The board: the position drawn in `container`, its targets calling back.
 * @param {HTMLElement} container
 * @param {import('../contract.js').BoardHandlers} handlers
 * @returns {import('../contract.js').Board<KanaloaView, import('../archipelago.js').LaneMarks> & import('../archipelago.js').OverlayCalls} */
export function createBoard(container, { onTarget, onBackground }) {
  /** What `build` makes for the view's orientation, and who held what when last drawn.
   * @type {LaneBoard<Geometry>} */
  const drawn = new LaneBoard(container);
  // The picture of what changes from move to move, once built.
  /** @type {SVGElement | null} */
  let front = null;
  // The score track's spaces, where the pawns stand.
  /** @type {TrackSpace[]} */
  let spaces = [];

  /** @param {KanaloaView} view @param {boolean} portrait */
  function build(view, portrait) {
    const geo = geometry(view, portrait);
    // Two pictures, one over the other: the archipelago, drawn once, and what
    // changes from move to move, over it. Redrawing the pieces then never
    // repaints the sea, the islands and their shadows.
    const back = svg('svg', { class: 'kn-back', viewBox: `0 0 ${geo.width} ${geo.height}`, 'aria-hidden': 'true' });
    front = boardPicture('kn-front', geo.width, geo.height, t('kanaloa.board.name'));
    back.append(defs());
    const backNames = ['ocean', 'shallows', 'sea', 'sands', 'lands', 'track'];
    const frontNames = ['rings', 'glows', 'flash', 'bridges', 'lastmove', 'tags', 'markers', 'pawns', 'point', 'suggestion', 'targets'];
    /** @type {Layers} */
    const layers = Object.fromEntries([...backNames, ...frontNames].map((name) => [name, svg('g', { class: `layer ${name}` })]));
    for (const name of backNames) back.append(layers[name]);
    for (const name of frontNames) front.append(layers[name]);
    layers.sands.setAttribute('filter', 'url(#kn-lift)');
    const root = h('div', { class: 'kanaloa-board' + (portrait ? ' portrait' : '') }, back, front);

    drawSea(layers, { width: geo.width, height: geo.height, lanes: geo.links, prefix: 'kn', onBackground });
    drawIslands(layers, geo.islands.values());
    spaces = drawTrackBase(layers.track, geo.width, geo.height);
    drawn.built(geo, layers, root, laneOverlays({ layers, lanes: geo.links, islands: geo.islands, portrait, word: 'link', sizes: SIZES, onTarget }));
  }

  /** Draw the position: bridges, rings, tags, markers, stones, pawns.
   * @param {KanaloaView} view @param {{names: string[], portrait: boolean}} options */
  function draw(view, { names, portrait }) {
    if (drawn.stale(portrait)) build(view, portrait);
    // What `build` made, for this orientation.
    const built = /** @type {Geometry} */ (drawn.geo);
    const layer = /** @type {Layers} */ (drawn.layers);
    const picture = /** @type {SVGElement} */ (front);
    const big = built.portrait;
    // The language may have changed since the board was built.
    picture.setAttribute('aria-roledescription', t('kanaloa.board.name'));
    picture.setAttribute('aria-label', t('kanaloa.board.name'));
    for (const name of ['rings', 'bridges', 'tags', 'markers']) layer[name].replaceChildren();

    /** @param {LaneShape} shape @param {number} owner @param {boolean} fresh */
    const lay = (shape, owner, fresh) => plank(shape, view, owner, fresh, big);
    drawn.layBridges(view.links, built.links, lay);
    for (const island of view.islands) {
      const isle = /** @type {KanaloaIsle} */ (built.islands.get(island.name));
      const owner = island.controller;
      if (owner !== null && owner !== undefined) {
        const p = palette(view.players, owner);
        layer.rings.append(svg('path', { class: `control-ring p${p}`, d: blobPath(isle.x, isle.y, isle.r + 3, isle.sand, isle.rot) }));
        layer.markers.append(marker(view, owner, isle, drawn.newController(island), big));
      } else if (island.stone) {
        // An island's stone waits where its marker will stand: the first
        // colour to control the island takes it.
        const r = big ? 17 : 14;
        const cy = crownY(isle, r, big);
        const s = godStone(island.stone, isle.x, cy, r, 'on-island');
        s.setAttribute('data-island', island.name);
        s.append(svg('title', {}, t(`kanaloa.god.${island.stone}.about`)));
        layer.markers.append(svg('circle', { class: 'drop', cx: f1(isle.x), cy: f1(cy + 3), r: r + 1 }), s);
      }
      const label = tag(island, isle, view, big);
      label.setAttribute('role', 'img');
      label.setAttribute('aria-label', islandLabel(island, view, names));
      layer.tags.append(label);
    }
    drawPawns(layer.pawns, spaces, view, names);
    drawn.drawnControl(view.islands);
  }

  function reset() {
    drawn.reset();
    front = null;
  }

  // The targets, the flash, the marks and the suggestion: drawn link by link (archipelago.js).
  return { draw, ...drawn.overlayCalls(), reset };
}

/** Who owns a colour, in words: the player's name, and with two players the
 * colour too ("Ana, jaune ●").
 * @param {KanaloaView} view
 * @param {number} colour
 * @param {string[]} names
 * @returns {string} */
export function whoOf(view, colour, names) {
  const entry = view.colours[colour];
  const owner = entry ? entry.player : colour;
  if (view.players !== 2) return names[owner] || '';
  return t('kanaloa.who_colour', { player: names[owner] || '', colour: colourWords(view.players, colour) });
}
