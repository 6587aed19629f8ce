// @ts-check
// What the Haleakala board (board.js) draws over the position: the
// clickable targets the renderer asks for (their hit areas and glows) and,
// while a disc is chosen, the voyage the boat would start; the bulb badges
// of a suggested move; the marks of another player's latest move (rings,
// the boat's voyage, a shaman's walk, the ghost of a disc taken back) and
// the flash of fresh events. It reads the board as it stands (`scene()`: its
// measures, its layers, the score board's layout, where what is drawn
// stands, the position last drawn) and decides nothing.

import { svg, f1 } from '../../board-svg.js';
import { parseSpace } from './log.js';
import { scorch } from './pieces.js';
import { actAsButton } from '../renderer-common.js';
import { CX, CY, sectionAngle, readDir, polar, sector, arc, spacePlace, slotCentre, hutSpot, laneLayout, circlePath, roundRect } from './geometry.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./select.js').BoardTarget} BoardTarget */
/** @typedef {import('./log.js').Marks} Marks */
/** @typedef {import('./geometry.js').Point} Point */

/** The layers of a board, by name (board.js builds them, bottom first).
 * @typedef {Record<'ocean' | 'island' | 'glows' | 'under' | 'lava' | 'statues' | 'beaches' | 'cards' | 'boat' | 'shamans' | 'panel'
 *   | 'flash' | 'lastmove' | 'preview' | 'eruption' | 'point' | 'targets' | 'suggestion', SVGElement>} Layers */

/** The board as it stands, as the overlays read it: its measures, its root
 * (null until it is built), its layers, the score board's layout, where what
 * is drawn stands (`anchors`, by key: "disc-0-3", "shaman-1", "item-SC_FOREST"
 * …), and the position last drawn.
 * @typedef {object} Scene
 * @property {import('./geometry.js').Measures} G
 * @property {SVGElement | null} root
 * @property {Layers} layers
 * @property {import('./scoreboard.js').PanelLayout} layout
 * @property {Map<string, Point>} anchors
 * @property {HaleakalaView | null} lastView
 */

/** A target's shape: where a click hits it, and its glow (the hit area when none).
 * @typedef {{hit: string, glow?: string}} Shape */

/**
 * What the overlays offer the board.
 * @typedef {object} Overlay
 * @property {(targets: BoardTarget[], preview: {from: number, to: number} | null) => void} drawTargets
 * @property {(keys: string[]) => void} suggest
 * @property {(marks: Marks, view: HaleakalaView) => void} markMove
 * @property {(marks: Marks, duration?: number) => void} flash
 * @property {() => void} forgetMarks
 */

/** The overlays of a board: `scene()` is the board as it stands,
 * `onTarget` what a click on a target calls.
 * @param {{scene: () => Scene, onTarget: (target: BoardTarget) => void}} board
 * @returns {Overlay} */
export function createOverlay({ scene, onTarget }) {
  // The latest move marked, so that the same marks are not drawn again.
  /** @type {string | null} */
  let markKey = null;

  /** The board was built again, or emptied: its marks are drawn anew. */
  function forgetMarks() {
    markKey = null;
  }

  // -- targets ------------------------------------------------------------------------

  /** The clickable places: [{key, kind, choice, label, strong, selected,
   * shape: {...}}], drawn as transparent hit areas with a glow.
   * @param {BoardTarget[]} targets
   * @param {{from: number, to: number} | null} preview */
  function drawTargets(targets, preview) {
    const { root, layers } = scene();
    layers.targets.replaceChildren();
    layers.glows.replaceChildren();
    layers.preview.replaceChildren();
    if (!root) return;
    for (const target of targets) {
      const shape = targetShape(scene(), target);
      if (!shape) continue;
      if (target.strong || target.selected) {
        layers.glows.append(svg('path', { class: `hk-glow ${target.kind}${target.selected ? ' selected' : ''}`, d: shape.glow || shape.hit }));
      }
      /** @type {Record<string, string | number | null | undefined>} */
      const attrs = {
        class: `hk-target ${target.kind}${target.strong ? ' strong' : ' quiet'}${target.selected ? ' selected' : ''}`,
        role: 'button',
        tabindex: target.strong || target.selected ? 0 : -1,
        'aria-label': target.label,
        'aria-pressed': target.selected ? 'true' : null,
        'data-key': target.key,
        'data-choice': target.choice || null,
      };
      for (const [name, value] of Object.entries(target.data || {})) attrs[`data-${name}`] = String(value);
      const g = svg('g', attrs, svg('path', { class: 'hk-hit', d: shape.hit }), svg('path', { class: 'hk-focus', d: shape.glow || shape.hit }));
      layers.targets.append(actAsButton(g, () => onTarget(target)));
    }
    if (preview) drawPreview(scene(), preview);
  }

  /** Mark suggested targets (by data-key) with a bulb badge.
   * @param {string[]} keys */
  function suggest(keys) {
    const { root, layers } = scene();
    layers.suggestion.replaceChildren();
    if (!root) return;
    for (const node of layers.targets.querySelectorAll('.suggested')) node.classList.remove('suggested');
    for (const key of keys) {
      const node = layers.targets.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (node) node.classList.add('suggested');
      const at = badgeAnchor(scene(), key);
      if (!at) continue;
      layers.suggestion.append(
        svg(
          'g',
          { class: 'hk-suggest-badge', transform: `translate(${f1(at[0])},${f1(at[1])})` },
          svg('circle', { r: 13 }),
          svg('path', { d: 'M-2.6,5 H2.6 M-1.7,8 H1.7 M0,-8 a5.6,5.6 0 0 0 -3.4,10 c.6,.4 .9,1 .9,1.7 h5 c0,-.7 .3,-1.3 .9,-1.7 A5.6,5.6 0 0 0 0,-8 z' }),
        ),
      );
    }
  }

  // -- the latest move, and fresh events ----------------------------------------------

  /** Keep another player's latest move marked (eventMarks of its events).
   * @param {Marks} marks
   * @param {HaleakalaView} view */
  function markMove(marks, view) {
    const { root, layers } = scene();
    if (!root) return;
    const key = JSON.stringify([marks, view.boat, view.players.map((p) => p.shaman)]);
    if (key === markKey) return;
    markKey = key;
    layers.lastmove.replaceChildren();
    layers.under.replaceChildren();
    drawMarks(scene(), marks, view, layers.lastmove, layers.under, 'hk-last');
  }

  /** Ring what just happened, for a moment (`marks`: log.js's eventMarks),
   * on the position last drawn.
   * @param {Marks} marks
   * @param {number} [duration] */
  function flash(marks, duration = 1500) {
    const { root, lastView, layers } = scene();
    if (!root || !lastView) return;
    const view = lastView;
    // Only the rings flash; the paths and ghosts are for the lasting marks.
    const top = svg('g', { class: 'hk-flash' });
    drawMarks(scene(), marks, view, top, svg('g'), 'hk-flash-mark');
    for (const mark of top.children) mark.style.animationDuration = `${duration}ms`;
    layers.flash.append(top);
    setTimeout(() => top.remove(), duration + 50);
  }

  return { drawTargets, suggest, markMove, flash, forgetMarks };
}

// -- the shapes and the marks, on the board as it stands --------------------------------

/** Where a target of the board is hit, and glows.
 * @param {Scene} sc  the board as it stands
 * @param {BoardTarget} target
 * @returns {Shape | null} */
function targetShape(sc, target) {
  const { G, anchors, layout } = sc;
  switch (target.kind) {
    case 'beach': {
      const theta = sectionAngle(target.beach);
      return { hit: sector(G.rings.beach[0], G.rings.beach[1] + 10, theta - 29.5, theta + 29.5), glow: sector(G.rings.beach[0] + 2, G.rings.beach[1], theta - 28.5, theta + 28.5) };
    }
    case 'take': {
      const at = anchors.get(`disc-${target.player}-${target.value}`);
      if (!at) return null;
      return { hit: circlePath(at[0], at[1], G.lane.disc + 3) };
    }
    case 'space': {
      const place = spacePlace(G, target.space);
      return { hit: sector(place.r0, place.r1, place.theta - 29.5, place.theta + 29.5), glow: sector(place.r0 + 3, place.r1 - 3, place.theta - 27.5, place.theta + 27.5) };
    }
    case 'stay': {
      const at = anchors.get(`shaman-${target.player}`);
      return at ? { hit: circlePath(at[0], at[1] - 2, 17) } : null;
    }
    case 'slot': {
      const [x, y] = slotCentre(G, target.section, target.slot);
      return { hit: roundRect(x - G.card.w / 2 - 3, y - G.card.h / 2 - 3, G.card.w + 6, G.card.h + 6, 9) };
    }
    case 'crater': {
      const theta = sectionAngle(target.crater);
      // The crater wedges are small: the target reaches up the mountain.
      return { hit: sector(0, G.rings.mountain[1] - 8, theta - 29.5, theta + 29.5), glow: sector(6, G.rings.crater[1], theta - 28, theta + 28) };
    }
    case 'boat': {
      const [x, y] = polar(G.boat.r, sectionAngle(target.section));
      return { hit: circlePath(x, y - 3, 22 * G.boat.scale) };
    }
    case 'item': {
      const at = anchors.get(`item-${target.item}`);
      if (!at) return null;
      const { w, h } = layout.items;
      return { hit: roundRect(at[0] - w / 2 - 3, at[1] - h / 2 - 3, w + 6, h + 6, 11) };
    }
    default:
      return null;
  }
}

/** While a disc is chosen: the boat's voyage it would start, and the cards
 * waiting where it would stop.
 * @param {Scene} sc  the board as it stands
 * @param {{from: number, to: number}} preview */
function drawPreview(sc, { from, to }) {
  const { G, layers } = sc;
  const a0 = sectionAngle(from);
  let a1 = sectionAngle(to);
  while (a1 <= a0) a1 += 360;
  layers.preview.append(svg('path', { class: 'hk-voyage', d: arc(G.boat.r - 4, a0 + 7, a1 - 7) }));
  const [x, y] = polar(G.boat.r - 4, a1 - 7);
  const heading = a1 - 7 + 90;
  layers.preview.append(svg('path', { class: 'hk-voyage-head', d: 'M-7,-6 L5,0 L-7,6Z', transform: `translate(${f1(x)},${f1(y)}) rotate(${f1(heading)})` }));
  for (const slot of [0, 1]) {
    const [cx, cy] = slotCentre(G, to, slot);
    layers.preview.append(svg('rect', { class: 'hk-voyage-slot', x: f1(cx - G.card.w / 2 - 4), y: f1(cy - G.card.h / 2 - 4), width: G.card.w + 8, height: G.card.h + 8, rx: 10 }));
  }
}

/** Where the bulb badge of the target `key` goes.
 * @param {Scene} sc  the board as it stands
 * @param {string} key
 * @returns {Point | null | undefined} */
function badgeAnchor(sc, key) {
  const { G, anchors, layout } = sc;
  if (key.startsWith('beach-')) {
    const s = Number(key.slice(6));
    return polar(G.rings.beach[1] - 6, sectionAngle(s) + readDir(s) * 26);
  }
  if (key.startsWith('space-')) {
    const place = spacePlace(G, key.slice(6));
    return polar(place.r1 - 10, place.theta + readDir(place.section) * 24);
  }
  if (key.startsWith('slot-')) {
    const [, s, slot] = key.split('-').map(Number);
    const [x, y] = slotCentre(G, s, slot);
    return [x + G.card.w / 2 - 2, y - G.card.h / 2 + 2];
  }
  if (key.startsWith('crater-')) return polar(G.rings.crater[1] - 12, sectionAngle(Number(key.slice(7))) + 18);
  if (key.startsWith('item-')) {
    const at = anchors.get(key);
    return at && [at[0] + layout.items.w / 2 - 4, at[1] - layout.items.h / 2 + 4];
  }
  if (key.startsWith('take-')) {
    const [, p, v] = key.split('-');
    const at = anchors.get(`disc-${p}-${v}`);
    return at && [at[0] + 11, at[1] - 11];
  }
  if (key === 'boat') {
    const at = anchors.get('boat');
    return at && [at[0] + 20, at[1] - 20];
  }
  if (key.startsWith('stay-')) {
    const at = anchors.get(`shaman-${key.slice(5)}`);
    return at && [at[0] + 14, at[1] - 16];
  }
  return null;
}

/** Draw `marks`: rings in `top`, paths and ghosts in `under`, all of class `cls`.
 * @param {Scene} sc  the board as it stands
 * @param {Marks} marks
 * @param {HaleakalaView} view
 * @param {SVGElement} top
 * @param {SVGElement} under
 * @param {string} cls */
function drawMarks(sc, marks, view, top, under, cls) {
  const { G, anchors, layout } = sc;
  /** @param {number} x @param {number} y @param {number} r @param {string} kind @param {Record<string, string | number>} [data] */
  const ring = (x, y, r, kind, data = {}) => {
    /** @type {Record<string, string>} */
    const attrs = { class: `${cls} ${kind}`, d: circlePath(x, y, r) };
    for (const [name, value] of Object.entries(data)) attrs[`data-${name}`] = String(value);
    top.append(svg('path', attrs));
  };
  for (const d of marks.discs) {
    const at = anchors.get(`disc-${d.player}-${d.value}`);
    if (at) ring(at[0], at[1], G.lane.disc + 4, 'disc', { beach: d.beach, value: d.value, player: d.player });
  }
  for (const d of marks.gone) {
    // Where a disc was taken back: a dashed ghost on its lane.
    const section = view.sections[d.beach];
    const lane = laneLayout(G, d.beach, d.player, section.discs[d.player].length + (section.invocation[d.player] ? 1 : 0) + 1);
    const [x, y] = lane.discs[lane.discs.length - 1];
    const ghost = svg('g', { class: `${cls} gone p${d.player}`, 'data-beach': d.beach, 'data-value': d.value, transform: `translate(${f1(x)},${f1(y)})` });
    ghost.append(svg('circle', { r: G.lane.disc }), svg('text', { y: f1(G.lane.font * 0.32), 'font-size': f1(G.lane.font * 0.9) }, String(d.value)));
    under.append(ghost);
  }
  if (marks.boat) {
    const a0 = sectionAngle(marks.boat.from);
    let a1 = sectionAngle(marks.boat.to);
    while (a1 <= a0) a1 += 360;
    under.append(svg('path', { class: `${cls} voyage`, 'data-from': marks.boat.from, 'data-to': marks.boat.to, d: arc(G.boat.r - 4, a0 + 8, a1 - 24) }));
    const [x, y] = polar(G.boat.r, a1);
    ring(x, y - 3, 21 * G.boat.scale, 'boat', { section: marks.boat.to });
  }
  for (const walk of marks.shaman) {
    const to = walk.to;
    const player = walk.player;
    const spot = anchors.get(`shaman-${player}`);
    if (walk.from !== to) {
      const d = walkPath(sc, walk.from, to);
      if (d) under.append(svg('path', { class: `${cls} walk p${player}`, d }));
    }
    if (spot) ring(spot[0], spot[1] - 2, 17 * G.shaman, walk.from === to ? 'stay' : 'shaman', { space: to, player });
  }
  for (const { section, slot } of marks.slots) {
    const [x, y] = slotCentre(G, section, slot);
    top.append(svg('path', { class: `${cls} slot`, 'data-section': section, 'data-slot': slot, d: roundRect(x - G.card.w / 2 - 5, y - G.card.h / 2 - 5, G.card.w + 10, G.card.h + 10, 11) }));
  }
  for (const space of marks.statues) {
    const at = anchors.get(`statue-${space}`) || spacePlace(G, space).centre;
    ring(at[0], at[1] - 1, 17 * G.statue, 'statue', { space });
  }
  for (const { from, to } of marks.lava) {
    const [x1, y1] = polar(G.lava.r, sectionAngle(to));
    if (from !== null && from !== undefined) {
      const [x0, y0] = polar(G.lava.r, sectionAngle(from));
      under.append(svg('path', { class: `${cls} lava-move`, d: `M${f1(x0)},${f1(y0)} Q${CX},${CY} ${f1(x1)},${f1(y1)}` }));
    }
    ring(x1, y1, 15, 'crater', { crater: to });
  }
  for (const item of marks.items) {
    const at = anchors.get(`item-${item}`);
    if (!at) continue;
    const { w, h } = layout.items;
    top.append(svg('path', { class: `${cls} item`, 'data-item': item, d: roundRect(at[0] - w / 2 - 5, at[1] - h / 2 - 5, w + 10, h + 10, 13) }));
  }
  for (const space of marks.burned) {
    const place = spacePlace(G, space);
    under.append(scorch(place.centre[0], place.centre[1], `${cls} burned`, space));
  }
  for (const space of marks.protected) {
    const at = anchors.get(`statue-${space}`) || spacePlace(G, space).centre;
    ring(at[0], at[1] - 1, 17 * G.statue, 'protected', { space });
  }
}

/** A shaman's walk, as the island's paths go: up or down its own section
 * first, then round the ring (never across the crater).
 * @param {Scene} sc  the board as it stands
 * @param {string} from
 * @param {string} to
 * @returns {string | null} */
function walkPath(sc, from, to) {
  const { G } = sc;
  const a = parseSpace(from);
  const b = spacePlace(G, to);
  if (!a || !b) return null;
  const start = a.terrain === 'beach' ? hutSpot(G, a.section) : spacePlace(G, from).centre;
  const mid = (b.r0 + b.r1) / 2;
  const theta = sectionAngle(a.section);
  let delta = b.theta - theta;
  while (delta > 180) delta -= 360;
  while (delta < -180) delta += 360;
  const corner = polar(mid, theta);
  const end = b.centre;
  let d = `M${f1(start[0])},${f1(start[1])} L${f1(corner[0])},${f1(corner[1])}`;
  if (Math.abs(delta) > 0.5) d += ` A${f1(mid)},${f1(mid)} 0 0 ${delta > 0 ? 1 : 0} ${f1(end[0])},${f1(end[1])}`;
  return d;
}
