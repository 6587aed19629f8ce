// @ts-check
// What the two archipelago boards, Kahuna's and Kanaloa's, share of their
// frame (archipelago.js has the lanes, the sea and what is drawn lane by
// lane): what a board keeps from one drawing to the next (`LaneBoard`), the
// islands drawn in their layers (`drawIsles`), the pips and the majority's
// badge on an island's tag, and a control marker on an island's crown
// (`controlMarker`).

import { svg, f1, blobPath, shapePath } from '../board-svg.js';
import { layBridges, overlayCalls } from './archipelago.js';

/** @typedef {import('./archipelago.js').IsleShape} IsleShape */
/** @typedef {import('./archipelago.js').LaneShape} LaneShape */
/** @typedef {import('./archipelago.js').ViewLane} ViewLane */
/** @typedef {import('./archipelago.js').Layers} Layers */
/** @typedef {import('./archipelago.js').LaneOverlays} LaneOverlays */
/** @typedef {import('./archipelago.js').OverlayCalls} OverlayCalls */

/** Who held each lane's bridge (by the lane's id) and each island (by its
 * name) in the position drawn last; null before one is drawn.
 * @typedef {{owners: (number | null)[] | null, controllers: Record<string, number | null> | null}} Held */

/**
 * What an archipelago board keeps from one drawing to the next, in its
 * `container`: the geometry `G` and the layers built for the view's
 * orientation (none before the first drawing, and after a reset), what it
 * draws lane by lane, and who held what in the position drawn last, so that
 * what just changed is drawn fresh.
 * @template {{portrait: boolean}} G
 */
export class LaneBoard {
  /** @param {HTMLElement} container */
  constructor(container) {
    this.container = container;
    /** @private @type {Held} */
    this.held = { owners: null, controllers: null };
    /** @type {G | null} */
    this.geo = null;
    /** @type {Layers | null} */
    this.layers = null;
    /** @type {LaneOverlays | null} */
    this.overlays = null;
  }

  /** Whether the board must be built (again) for a view seen `portrait` or not.
   * @param {boolean} portrait */
  stale(portrait) {
    return !this.geo || this.geo.portrait !== portrait;
  }

  /** Built anew, with `geo`, in `layers`, `root` put in the container:
   * nothing drawn before counts as the position before.
   * @param {G} geo @param {Layers} layers @param {Element} root @param {LaneOverlays} overlays */
  built(geo, layers, root, overlays) {
    this.geo = geo;
    this.layers = layers;
    this.container.replaceChildren(root);
    this.held = { owners: null, controllers: null };
    this.overlays = overlays;
  }

  /** Lay the view's bridges in the bridges' layer (archipelago.js's
   * `layBridges`), fresh where they were not there in the position before.
   * @param {ViewLane[]} viewLanes @param {LaneShape[]} shapes
   * @param {(shape: LaneShape, owner: number, fresh: boolean) => SVGElement} plank */
  layBridges(viewLanes, shapes, plank) {
    this.held.owners = layBridges(/** @type {Layers} */ (this.layers).bridges, viewLanes, shapes, this.held.owners, plank);
  }

  /** Whether an island's controller is new since the position before (not
   * the first time).
   * @param {{name: string, controller: number | null}} island */
  newController(island) {
    const { controllers } = this.held;
    const was = controllers ? controllers[island.name] : island.controller;
    return was !== island.controller;
  }

  /** The position is drawn: who controls each island, for the next time.
   * @param {{name: string, controller: number | null}[]} islands */
  drawnControl(islands) {
    this.held.controllers = Object.fromEntries(islands.map((island) => [island.name, island.controller]));
  }

  /** Forget the board: the next drawing builds it anew. */
  reset() {
    this.geo = null;
    this.overlays = null;
    this.container.replaceChildren();
  }

  /** The targets, the flash, the marks and the suggestion, as the board
   * offers them: drawn lane by lane (archipelago.js).
   * @returns {OverlayCalls} */
  overlayCalls() {
    return overlayCalls(() => this.overlays);
  }
}

/**
 * The islands in their layers: round each its shallows (`shallows` times
 * its radius) and reef (`reef` times), its sand, and its land, with its
 * forest, or what `crown` draws there instead (ORO's mountain), and the
 * trees that fit (`treeFits` may keep some off the crown). `prefix` is the
 * game's, the gradients' ids' (seaDefs).
 * @template {IsleShape} I
 * @param {Layers} layers
 * @param {Iterable<I>} isles
 * @param {{prefix: string, shallows: number, reef: number, crown?: (isle: I) => SVGElement[] | null, treeFits?: (isle: I, dx: number, dy: number) => boolean}} look
 * @returns {void} */
export function drawIsles(layers, isles, { prefix, shallows, reef, crown = () => null, treeFits = () => true }) {
  for (const isle of isles) {
    const { x, y, r, rot } = isle;
    layers.shallows.append(
      svg('path', { class: 'shallow', d: blobPath(x, y, r * shallows, isle.sand, rot + 0.3), fill: `url(#${prefix}-shallow)` }),
      svg('path', { class: 'reef', d: blobPath(x, y, r * reef, isle.sand, rot) }),
    );
    layers.sands.append(svg('path', { class: 'sand', d: blobPath(x, y, r, isle.sand, rot) }));
    const land = svg('g', { class: 'land' });
    land.append(svg('path', { class: 'land-base', d: blobPath(x, y, r * 0.8, isle.land, rot + 0.5), fill: `url(#${prefix}-land)` }));
    land.append(...(crown(isle) || [svg('path', { class: 'forest', d: blobPath(x + isle.forestAt[0], y + isle.forestAt[1], r * 0.42, isle.forest, rot) })]));
    for (const [dx, dy, size] of isle.trees) {
      if (Math.hypot(dx, dy) < r * 0.62 && treeFits(isle, dx, dy)) {
        land.append(svg('circle', { class: 'tree', cx: f1(x + dx), cy: f1(y + dy), r: f1(size) }));
      }
    }
    layers.lands.append(land);
  }
}

/** A pip of an island's tag at (x, y): a free lane's small ring (`mark`
 * null), or a bridge's mark of `mark.shape` in the colour class p`mark.p`.
 * @param {number} x @param {number} y @param {number} size @param {{p: number, shape: string} | null} mark
 * @returns {SVGElement} */
export function tagPip(x, y, size, mark) {
  if (mark === null) return svg('circle', { class: 'pip free', cx: f1(x), cy: f1(y), r: f1(size * 0.3) });
  return svg('path', { class: `pip p${mark.p}`, d: shapePath(mark.shape, x, y, size * 1.15) });
}

/** The majority an island needs, in a small disc centred on (x, y) at its
 * tag's corner: the disc's radius `r`, the number's font size, how far
 * below the centre its baseline stands (`dy`).
 * @param {number} x @param {number} y @param {number} needed @param {{r: number, font: number, dy: number}} size
 * @returns {SVGElement} */
export function neededBadge(x, y, needed, { r, font, dy }) {
  const badge = svg('g', { class: 'needed' });
  badge.append(svg('circle', { cx: f1(x), cy: f1(y), r }));
  badge.append(svg('text', { x: f1(x), y: f1(y + dy), 'font-size': font }, String(needed)));
  return badge;
}

/**
 * A control marker: a stone in the colour class `p${p}` centred on (cx, cy),
 * of radius `s`, with the mark `shape` on it; `fresh` when just set. `attrs`
 * are the group's other attributes, `under` what lies under the stone (its
 * shadow).
 * @param {{p: number, shape: string, cx: number, cy: number, s: number, fresh: boolean, attrs?: Record<string, string>, under?: SVGElement[]}} marker
 * @returns {SVGElement} */
export function controlMarker({ p, shape, cx, cy, s, fresh, attrs = {}, under = [] }) {
  const g = svg('g', { class: `marker p${p}` + (fresh ? ' fresh' : ''), ...attrs }, ...under);
  g.append(svg('circle', { class: 'marker-stone', cx: f1(cx), cy: f1(cy), r: s }));
  g.append(svg('path', { class: 'marker-mark', d: shapePath(shape, cx, cy + (p === 0 ? 1.5 : 0), s * 1.05) }));
  return g;
}
