// @ts-check
// What the two archipelago games, Kahuna and Kanaloa, share: islands joined
// by straight sea lanes on which the players lay bridges, and cards that each
// name an island. Kahuna calls a lane a line and Kanaloa a link; this module
// speaks of lanes and takes the game's word (`word`) wherever it shows: in a
// target's field, a data attribute (data-line, data-link), a data-key, a
// choice ("line:ALOA-BARI").
//
// The boards share a lane's shape from beach to beach, the sea, and the
// overlays drawn lane by lane: the clickable targets, the flash of what just
// happened, the marks of the others' latest moves, a suggested move. The
// panels share the island cards, the pile and the discards, in the module
// beside this one (archipelago-cards.js). (How a selection of cards and a
// lane narrows the legal moves is in select-common.js.) What is a game's own
// (its islands, planks, tags, score track, god stones, its words) stays in
// its files.

import { svg, f1, radialGradient, blobRadii, blobPath, blobReach, seededRandom, shapePath } from '../board-svg.js';
import { actAsButton, firstOf, oceanGradient, wavesPattern } from './renderer-common.js';

/** @typedef {import('./contract.js').Target} Target */
/** A lane's target, whichever game's move it plays.
 * @typedef {import('./select-common.js').LaneTarget<any>} LaneTarget */

/**
 * A lane as the view has it (Kahuna's `lines`, Kanaloa's `links`): its
 * index, its two islands (the alphabetically first first) and the player
 * (Kahuna) or the colour (Kanaloa) whose bridge lies on it, null for none.
 * @typedef {{id: number, a: string, b: string, owner: number | null}} ViewLane
 */

/**
 * An island as drawn (`isleShape`): its name, centre and beach's radius,
 * how it is turned, the radii of its wobbly sand, land and forest, where its
 * forest stands and its trees ([dx, dy, size] from the centre).
 * @typedef {object} IsleShape
 * @property {string} name
 * @property {number} x
 * @property {number} y
 * @property {number} r
 * @property {number} rot
 * @property {number[]} sand
 * @property {number[]} land
 * @property {number[]} forest
 * @property {number[]} forestAt
 * @property {number[][]} trees
 */

/**
 * A lane as drawn (`laneShape`): the view's lane, its name ("ALOA-BARI"),
 * its ends on the two beaches, its middle, direction (radians) and length.
 * @typedef {object} LaneShape
 * @property {number} id
 * @property {string} a
 * @property {string} b
 * @property {string} name
 * @property {number[]} p1
 * @property {number[]} p2
 * @property {number[]} mid
 * @property {number} angle
 * @property {number} length
 */

/**
 * Where the view's coordinates are drawn: the board's width and height, and
 * the point a view's (x, y) lands on.
 * @typedef {{width: number, height: number, at: (x: number, y: number) => number[]}} Projection
 */

/** A board's layers (SVG groups), by name.
 * @typedef {Record<string, SVGElement>} Layers */

/**
 * The lanes and the islands that events name, by name (a log module's
 * `eventMarks`): the lanes under the game's plural word (`lines`, `links`).
 * @typedef {{islands?: string[], [lanes: string]: string[] | undefined}} LaneMarks
 */

/**
 * What a board draws lane by lane (`laneOverlays`).
 * @typedef {object} LaneOverlays
 * @property {(targets: LaneTarget[]) => void} drawTargets
 * @property {(named: LaneMarks, duration: number) => void} flash
 * @property {(marks: LaneMarks, view: Record<string, any>) => void} markMove   `view`: the game's, its lanes under the plural word
 * @property {(name: string | null) => void} suggest
 * @property {(laneNames: string[], islandNames: string[], refused?: string[]) => void} point
 */

/**
 * The same, as a board offers it (`overlayCalls`): the flash lasts 1.4 s
 * unless told otherwise.
 * @typedef {Omit<LaneOverlays, 'flash'> & {flash: (marks: LaneMarks, duration?: number) => void}} OverlayCalls
 */

// -- geometry --------------------------------------------------------------------------

/** An island at (x, y), `r` the radius of its beach: the wobbly outlines of
 * its sand, land and forest (drawn from its name), how it is turned, where
 * its forest stands and its `trees` (drawn from `seed`; there are more trees
 * than fit, the board keeps those inside the land).
 * @param {string} name
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {{seed?: string, trees?: number}} [options]
 * @returns {IsleShape} */
export function isleShape(name, x, y, r, { seed = name, trees = 5 } = {}) {
  const rand = seededRandom(seed);
  return {
    name,
    x,
    y,
    r,
    rot: rand() * Math.PI * 2,
    sand: blobRadii(name + '/sand', 9, 0.1),
    land: blobRadii(name + '/land', 8, 0.16),
    forest: blobRadii(name + '/forest', 7, 0.22),
    forestAt: [(rand() - 0.5) * r * 0.5, -r * (0.15 + rand() * 0.2)],
    trees: Array.from({ length: trees }, () => [(rand() - 0.5) * r * 1.1, (rand() - 0.7) * r * 0.9, 3 + rand() * 3]),
  };
}

/** A lane of the view ({id, a, b}) as drawn between the two islands' shapes
 * (`islands`, by name): from the edge of one beach (p1) to the edge of the
 * other (p2), its middle, direction and length.
 * @param {{id: number, a: string, b: string}} lane
 * @param {Map<string, IsleShape>} islands
 * @returns {LaneShape} */
export function laneShape(lane, islands) {
  const a = /** @type {IsleShape} */ (islands.get(lane.a));
  const b = /** @type {IsleShape} */ (islands.get(lane.b));
  const angle = Math.atan2(b.y - a.y, b.x - a.x);
  const ra = blobReach(a.r, a.sand, angle, a.rot);
  const rb = blobReach(b.r, b.sand, angle + Math.PI, b.rot);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const p1 = [a.x + cos * ra, a.y + sin * ra];
  const p2 = [b.x - cos * rb, b.y - sin * rb];
  return {
    id: lane.id,
    a: lane.a,
    b: lane.b,
    name: `${lane.a}-${lane.b}`,
    p1,
    p2,
    mid: [(p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2],
    angle,
    length: Math.hypot(p2[0] - p1[0], p2[1] - p1[1]),
  };
}

/** A band `width` wide along a lane (a filled shape, so that even a steep
 * lane has a box to click and to focus), shortened by `inset` at both ends
 * (lengthened where `inset` is negative).
 * @param {LaneShape} l @param {number} width @param {number} [inset] */
function band(l, width, inset = 0) {
  const cos = Math.cos(l.angle);
  const sin = Math.sin(l.angle);
  const nx = (-sin * width) / 2;
  const ny = (cos * width) / 2;
  const a = [l.p1[0] + cos * inset, l.p1[1] + sin * inset];
  const b = [l.p2[0] - cos * inset, l.p2[1] - sin * inset];
  return `M${f1(a[0] + nx)},${f1(a[1] + ny)} L${f1(b[0] + nx)},${f1(b[1] + ny)} L${f1(b[0] - nx)},${f1(b[1] - ny)} L${f1(a[0] - nx)},${f1(a[1] - ny)}Z`;
}

/** A lane's axis from beach to beach, shortened by `inset` at both ends.
 * @param {LaneShape} l @param {number} [inset] */
function segment(l, inset = 0) {
  const dx = Math.cos(l.angle) * inset;
  const dy = Math.sin(l.angle) * inset;
  return `M${f1(l.p1[0] + dx)},${f1(l.p1[1] + dy)} L${f1(l.p2[0] - dx)},${f1(l.p2[1] - dy)}`;
}

// -- the sea --------------------------------------------------------------------------------

/** The board's definitions, their ids prefixed with the game's `prefix`:
 * the sea (its gradient, the middle blue at `oceanMiddle`, and its waves),
 * the shallows round an island, the land's gradient, the shadow that lifts
 * the beaches off the sea (`-lift`), and the game's own (`more`).
 * @param {string} prefix
 * @param {string} oceanMiddle
 * @param {...SVGElement} more
 * @returns {SVGElement} */
export function seaDefs(prefix, oceanMiddle, ...more) {
  return svg(
    'defs',
    {},
    oceanGradient(`${prefix}-ocean`, { cx: '50%', cy: '45%', r: '75%', middle: oceanMiddle }),
    radialGradient(`${prefix}-shallow`, { cx: '0.5', cy: '0.5', r: '0.5' }, [
      ['0.45', 'var(--ocean-4)', '0.85'],
      ['0.75', 'var(--ocean-3)', '0.45'],
      ['1', 'var(--ocean-3)', '0'],
    ]),
    radialGradient(`${prefix}-land`, { cx: '0.38', cy: '0.32', r: '0.75' }, [
      ['0', 'var(--grass-light)'],
      ['0.6', 'var(--grass)'],
      ['1', 'var(--grass-dark)'],
    ]),
    wavesPattern(`${prefix}-waves`, { width: 90, height: 46, className: 'wave', second: [50, 36] }),
    ...more,
    svg(
      'filter',
      { id: `${prefix}-lift`, x: '-10%', y: '-10%', width: '120%', height: '130%' },
      svg('feDropShadow', { dx: 0, dy: 3, stdDeviation: 2.5, 'flood-color': '#06263b', 'flood-opacity': 0.35 }),
    ),
  );
}

/** The sea under the islands, in the `ocean` layer (a click on it calls
 * `onBackground`), and the dotted lanes across it, in the `sea` layer.
 * @param {Layers} layers
 * @param {{width: number, height: number, lanes: LaneShape[], prefix: string, onBackground: () => void}} sea
 * @returns {void} */
export function drawSea(layers, { width, height, lanes, prefix, onBackground }) {
  layers.ocean.append(
    svg('rect', { class: 'ocean-bg', x: 0, y: 0, width, height, fill: `url(#${prefix}-ocean)` }),
    svg('rect', { class: 'ocean-waves', x: 0, y: 0, width, height, fill: `url(#${prefix}-waves)` }),
  );
  layers.ocean.addEventListener('click', () => onBackground());
  for (const lane of lanes) layers.sea.append(svg('path', { class: 'sea-line', d: segment(lane, 2) }));
}

// -- the keyboard's focus ----------------------------------------------------------------

/** Where the keyboard's focus goes once a redraw has replaced the focused
 * element (the shell's focusRules) on an archipelago game's screen: from
 * what was just chosen with a key starting with one of `choosing` (a card,
 * a stone), on to the lanes it can use, the suggested one first; else to
 * the first of `next`; and it stays on the board.
 * @param {HTMLElement} board @param {string} word @param {string[]} choosing @param {string} next
 * @returns {import('./renderer-common.js').FocusRules} */
export function laneFocus(board, word, choosing, next) {
  return {
    afterChoice: (same, key) => (choosing.some((prefix) => key.startsWith(prefix)) ? firstOf(board, `.${word}-target.strong.suggested`, `.${word}-target.strong`) : null),
    next,
    stay: true,
  };
}

// -- what the board draws lane by lane ---------------------------------------------------

/** The lightbulb of a suggested move, in a 30 × 30 badge. */
const BULB = 'M-3,6 H3 M-2,9.5 H2 M0,-9 a6.5,6.5 0 0 0 -3.9,11.7 c.7,.5 1,1.2 1,2 h5.8 c0,-.8 .3,-1.5 1,-2 A6.5,6.5 0 0 0 0,-9 z';

/** The overlays of a board, drawn lane by lane in its layers `glows`,
 * `targets`, `flash`, `lastmove` and `suggestion`. `lanes` and `islands` are
 * the shapes of the board's geometry, `portrait` its orientation, `word` the
 * game's name for a lane. `sizes`: how wide a target's hit band (`hit`) and
 * its removal ring (`ring`) are, and how far from the lane the suggestion's
 * badge stands (`badge`). `onTarget(target)` is told of a target's click.
 * Made anew with the board's layers, so what they remember goes with them.
 * @param {{layers: Layers, lanes: LaneShape[], islands: Map<string, IsleShape>, portrait: boolean, word: string,
 *   sizes: {hit: number, ring: number, badge: number}, onTarget: (target: Target) => void}} parts
 * @returns {LaneOverlays} */
export function laneOverlays({ layers, lanes, islands, portrait, word, sizes, onTarget }) {
  const byName = new Map(lanes.map((lane) => [lane.name, lane]));
  // The shared styles (board.css) know `.line-target` and `.last-line`; a
  // game that calls its lanes otherwise has its own class besides.
  const targetClass = word === 'line' ? 'line-target' : `line-target ${word}-target`;
  const markClass = word === 'line' ? 'last-line' : `last-line last-${word}`;
  // The view's list of lanes, and the marks', bear the word's plural.
  const lanesWord = `${word}s`;
  /** @type {string | null} */
  let markKey = null;
  /** @type {string | null} */
  let suggested = null;

  /** The clickable lanes: [{<word> (the lane's name), choice, label, strong,
   * selected, removal}]; a strong or selected one glows.
   * @param {LaneTarget[]} targets */
  function drawTargets(targets) {
    layers.targets.replaceChildren();
    layers.glows.replaceChildren();
    for (const target of targets) {
      const lane = byName.get(target[word]);
      if (!lane) continue;
      if (target.strong || target.selected) {
        layers.glows.append(
          svg('path', { class: 'glow' + (target.selected ? ' selected' : '') + (target.removal ? ' removal' : ''), d: segment(lane, -4) }),
        );
      }
      /** @type {Record<string, string | number | null | undefined>} */
      const attrs = {
        class: `target ${targetClass}` + (target.strong ? ' strong' : ' quiet') + (target.selected ? ' selected' : ''),
        role: 'button',
        tabindex: target.strong || target.selected ? 0 : -1,
        'aria-label': target.label,
        'aria-pressed': target.selected ? 'true' : null,
        [`data-${word}`]: lane.name,
        'data-key': `${word}-${lane.name}`,
      };
      if (target.choice) attrs['data-choice'] = target.choice;
      const g = svg(
        'g',
        attrs,
        svg('path', { class: 'hit', d: band(lane, sizes.hit, 2) }),
        // However small the board is drawn (a phone), a finger's reach
        // across the lane: a band of screen pixels (board.css).
        svg('path', { class: 'hit-reach', d: segment(lane, 2) }),
        svg('path', { class: 'focus-ring', d: segment(lane, -2) }),
        // A bridge that can be taken away (or replaced) is ringed, above the plank.
        target.removal && (target.strong || target.selected) ? svg('path', { class: 'removal-ring', d: band(lane, sizes.ring, -4) }) : null,
      );
      layers.targets.append(actAsButton(g, () => onTarget(target)));
    }
  }

  /** Outline what just happened, for a moment: the lanes and islands events
   * named (`marks`, as for markMove).
   * @param {LaneMarks} named @param {number} duration */
  function flash(named, duration) {
    const laneNames = named[lanesWord] ?? [];
    const islandNames = named.islands ?? [];
    const marks = [];
    for (const name of laneNames) {
      const lane = byName.get(name);
      if (lane) marks.push(svg('path', { class: 'flash-line', d: segment(lane, -8) }));
    }
    for (const name of islandNames) {
      const isle = islands.get(name);
      if (isle) marks.push(svg('path', { class: 'flash-island', d: blobPath(isle.x, isle.y, isle.r + 7, isle.sand, isle.rot) }));
    }
    for (const mark of marks) {
      mark.style.animationDuration = `${duration}ms`;
      layers.flash.append(mark);
      setTimeout(() => mark.remove(), duration + 50);
    }
  }

  /** Keep the others' latest moves marked (`marks`: the lanes and the
   * islands they named, by name, as the game's log module tells them): a
   * bridge laid is ringed, where a bridge was taken away a dashed outline
   * stays, an island (one that changed hands) is circled. The marks are
   * drawn again, and pulse, only when they change.
   * @param {LaneMarks} marks @param {Record<string, any>} view the game's view, its lanes under `lanesWord` */
  function markMove(marks, view) {
    const laneNames = marks[lanesWord] ?? [];
    const islandNames = marks.islands ?? [];
    const owners = new Map(/** @type {ViewLane[]} */ (view[lanesWord]).map((lane) => [`${lane.a}-${lane.b}`, lane.owner]));
    const key = JSON.stringify([laneNames, islandNames, laneNames.map((name) => owners.get(name) ?? null)]);
    if (key === markKey) return;
    markKey = key;
    layers.lastmove.replaceChildren();
    for (const name of laneNames) {
      const lane = byName.get(name);
      if (!lane) continue;
      const owner = owners.get(name);
      const laid = owner !== null && owner !== undefined;
      layers.lastmove.append(
        svg('path', {
          class: `${markClass} ${laid ? 'laid' : 'taken'}`,
          [`data-${word}`]: name,
          d: laid ? band(lane, portrait ? 31 : 29, -10) : band(lane, portrait ? 19 : 17, -6),
        }),
      );
    }
    for (const name of islandNames) {
      const isle = islands.get(name);
      if (isle) {
        layers.lastmove.append(
          svg('path', { class: 'last-island', 'data-island': name, d: blobPath(isle.x, isle.y, isle.r + 10, isle.sand, isle.rot) }),
        );
      }
    }
  }

  /** Show the lane of a suggested move (its name; null: none).
   * @param {string | null} name */
  function suggest(name) {
    if (name === suggested) return;
    suggested = name;
    layers.suggestion.replaceChildren();
    const lane = name && byName.get(name);
    if (!lane) return;
    // The badge sits beside the lane's middle, on its upper side.
    let nx = -Math.sin(lane.angle);
    let ny = Math.cos(lane.angle);
    if (ny > 0) [nx, ny] = [-nx, -ny];
    const bx = lane.mid[0] + nx * sizes.badge;
    const by = lane.mid[1] + ny * sizes.badge;
    layers.suggestion.append(
      svg('path', { class: 'suggest-halo', d: segment(lane, -8) }),
      svg('path', { class: 'suggest-line', d: segment(lane, -8) }),
      svg('g', { class: 'suggest-badge', transform: `translate(${f1(bx)},${f1(by)})` }, svg('circle', { r: 15 }), svg('path', { d: BULB })),
    );
  }

  /** Point at lanes and islands (by name) while a lesson speaks of them:
   * a ring that stays until the next call (an empty one clears it). */
  let pointKey = '';
  /** @param {string[]} laneNames @param {string[]} islandNames @param {string[]} [refused] */
  function point(laneNames, islandNames, refused = []) {
    const key = JSON.stringify([laneNames, islandNames, refused]);
    if (!layers.point || key === pointKey) return;
    pointKey = key;
    layers.point.replaceChildren();
    for (const name of laneNames) {
      const lane = byName.get(name);
      if (lane) layers.point.append(svg('path', { class: 'point-line', [`data-${word}`]: name, d: band(lane, portrait ? 33 : 31, -10) }));
    }
    for (const name of islandNames) {
      const isle = islands.get(name);
      if (isle) layers.point.append(svg('path', { class: 'point-island', 'data-island': name, d: blobPath(isle.x, isle.y, isle.r + 14, isle.sand, isle.rot) }));
    }
    // Lanes where the move would be refused: crossed out.
    for (const name of refused) {
      const lane = byName.get(name);
      if (!lane) continue;
      const [x, y] = lane.mid;
      const r = 13;
      layers.point.append(
        svg('path', { class: 'point-line refused', [`data-${word}`]: name, d: band(lane, portrait ? 33 : 31, -10) }),
        svg('path', { class: 'point-cross', d: `M${f1(x - r)},${f1(y - r)} L${f1(x + r)},${f1(y + r)} M${f1(x + r)},${f1(y - r)} L${f1(x - r)},${f1(y + r)}` }),
      );
    }
  }

  return { drawTargets, flash, markMove, suggest, point };
}

/** What a board's renderer calls on the overlays (`current()`, null until
 * the board is first drawn and after a reset): the clickable lanes, the
 * flash of what just happened (the lanes and islands events named, for
 * `duration` ms), the
 * marks of the others' latest moves and the suggested lane.
 * @param {() => LaneOverlays | null} current
 * @returns {OverlayCalls} */
export function overlayCalls(current) {
  return {
    drawTargets: (targets) => current()?.drawTargets(targets),
    flash: (marks, duration = 1400) => current()?.flash(marks, duration),
    markMove: (marks, view) => current()?.markMove(marks, view),
    suggest: (name) => current()?.suggest(name),
    point: (laneNames, islandNames, refused) => current()?.point(laneNames, islandNames, refused),
  };
}

/** A bridge's plank, lying along the x axis and centred on the origin: its
 * edge, its wood in the colour class `colour` (`p0` …), its slats, and the
 * mark of `shape`, kept upright against the lane's `angle` (in radians).
 * @param {{length: number, width: number, colour: string, shape: string, angle: number, fresh: boolean}} plank
 * @returns {SVGElement} */
export function plankBody({ length, width, colour, shape, angle, fresh }) {
  const inner = svg('g', { class: 'plank-body' + (fresh ? ' fresh' : '') });
  inner.append(
    svg('rect', { class: 'plank-edge', x: f1(-length / 2), y: f1(-width / 2), width: f1(length), height: width, rx: 3.5 }),
    svg('rect', { class: `plank-wood ${colour}`, x: f1(-length / 2), y: f1(-width / 2), width: f1(length), height: width, rx: 3.5 }),
  );
  const slats = Math.max(2, Math.floor(length / 9));
  let d = '';
  for (let i = 1; i < slats; i++) {
    const sx = -length / 2 + (i * length) / slats;
    d += `M${f1(sx)},${f1(-width / 2 + 1.5)} V${f1(width / 2 - 1.5)} `;
  }
  inner.append(svg('path', { class: 'plank-slats', d }));
  const mark = svg('path', { class: 'plank-mark', d: shapePath(shape, 0, 0, width * 0.78) });
  mark.setAttribute('transform', `rotate(${f1((-angle * 180) / Math.PI)})`);
  inner.append(mark);
  return inner;
}

/** Lay the view's bridges (`viewLanes`, with their owners) in `layer`, each
 * drawn by `plank(shape, owner, fresh)` on its lane's shape (`shapes`, by
 * id): fresh where it was not there when last drawn (`previous`, the owners
 * then, null the first time). A bridge just taken away fades out where it
 * lay. Returns the owners drawn, to pass as `previous` the next time.
 * @param {SVGElement} layer
 * @param {ViewLane[]} viewLanes
 * @param {LaneShape[]} shapes
 * @param {(number | null)[] | null} previous
 * @param {(shape: LaneShape, owner: number, fresh: boolean) => SVGElement} plank
 * @returns {(number | null)[]} */
export function layBridges(layer, viewLanes, shapes, previous, plank) {
  for (const lane of viewLanes) {
    const shape = shapes[lane.id];
    const was = previous ? previous[lane.id] : lane.owner;
    if (lane.owner !== null && lane.owner !== undefined) {
      layer.append(plank(shape, lane.owner, was !== lane.owner));
    } else if (was !== null && was !== undefined && previous) {
      const ghost = plank(shape, was, false);
      ghost.classList.add('leaving');
      layer.append(ghost);
      setTimeout(() => ghost.remove(), 450);
    }
  }
  return viewLanes.map((lane) => lane.owner);
}
