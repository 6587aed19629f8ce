// @ts-check
// The Haleakala board as SVG: the island seen from above (six sections, from
// the beach outside to the crater in the middle), the discs on the beaches
// with their sums, the boat, the shamans, the statues, the lava, the two cards
// in front of each beach, and beside the island (below it on a phone) the
// score board: score track, decks, lava supply, score cards and the
// Priestess. The island's fixed picture is island.js's; what stands on its
// sections, sections.js's; the boat and the shamans, which move rather than
// being drawn anew, movers.js's; the score board, scoreboard.js's; what it
// draws over the position (the clickable targets the renderer asks for, the
// marks of the latest move, a suggested move), overlay.js's; an eruption
// played out step by step, eruption-board.js's; where things stand,
// geometry.js's. It decides nothing: what can be clicked comes from the
// legal moves.

import { svg, boardPicture } from '../../board-svg.js';
import { t } from '../../i18n.js';
import { parseSpace } from './log.js';
import { createOverlay } from './overlay.js';
import { createEruptionPlayer } from './eruption-board.js';
import { defs, drawIsland } from './island.js';
import { drawCraters, drawStatues, drawBeach, drawSlots } from './sections.js';
import { Movers } from './movers.js';
import { panelLayout, drawScoreBoard } from './scoreboard.js';
import { LANDSCAPE, PORTRAIT_GEO, spacePlace, slotCentre, circlePath, roundRect } from './geometry.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./geometry.js').Measures} Measures */
/** @typedef {import('./geometry.js').Point} Point */
/** @typedef {import('./overlay.js').Layers} Layers */
/** @typedef {import('./scoreboard.js').PanelLayout} PanelLayout */
/** @typedef {import('./eruption.js').EruptionSequence} EruptionSequence */
/** @typedef {import('./eruption.js').EruptionWords} EruptionWords */

/**
 * Haleakala's board: contract.js's Board, whose drawing takes Haleakala's
 * view, with what the renderer draws on it besides (overlay.js's targets,
 * suggestion and marks), the eruption played out, and a lesson's points.
 * @typedef {Omit<import('../contract.js').Board, 'draw' | 'flash'> & Omit<import('./overlay.js').Overlay, 'forgetMarks'> & {
 *   draw: (view: HaleakalaView, options: {names: string[], portrait: boolean, jump?: boolean}) => void,
 *   playEruption: (sequence: EruptionSequence, words: EruptionWords) => Promise<void>,
 *   stopEruption: () => void,
 *   erupting: () => boolean,
 *   forget: () => void,
 *   point: (spaces: string[], slots: [number, number][]) => void}} HaleakalaBoard */

/** The board's parts, once built for a phone held upright or not: its
 * picture, its layers, the score board's layout, the caption under it.
 * @typedef {{portrait: boolean, root: SVGElement, layers: Layers, layout: PanelLayout, caption: HTMLElement}} Parts */

// -- the board ------------------------------------------------------------------

/** The board's layers, bottom first. @type {(keyof Layers)[]} */
const LAYERS = ['ocean', 'island', 'glows', 'under', 'lava', 'statues', 'beaches', 'cards', 'boat', 'shamans', 'panel', 'flash', 'lastmove', 'preview', 'eruption', 'point', 'targets', 'suggestion'];

/** The board built in `container` for a phone held upright, or not: the
 * island, the ocean round it (a click there calls `onBackground`), the score
 * board's mat, and the caption under it, hidden.
 * @param {HTMLElement} container @param {Measures} G @param {boolean} portrait @param {() => void} onBackground
 * @returns {Parts} */
function buildParts(container, G, portrait, onBackground) {
  const layout = panelLayout(portrait);
  const root = boardPicture('haleakala-board' + (portrait ? ' portrait' : ''), layout.width, layout.height, t('haleakala.board.name'));
  root.append(defs());
  const layers = /** @type {Layers} */ (Object.fromEntries(LAYERS.map((name) => [name, svg('g', { class: `layer hk-l-${name}` })])));
  for (const name of LAYERS) root.append(layers[name]);

  layers.ocean.append(
    svg('rect', { class: 'hk-ocean', x: 0, y: 0, width: layout.width, height: layout.height, fill: 'url(#hk-ocean)' }),
    svg('rect', { class: 'hk-ocean-waves', x: 0, y: 0, width: layout.width, height: layout.height, fill: 'url(#hk-waves)' }),
  );
  layers.ocean.addEventListener('click', () => onBackground());
  drawIsland(layers.island, G);
  // The score board's frame: a woven mat beside the island.
  const box = layout.box;
  layers.ocean.append(svg('rect', { class: 'hk-mat', x: box.x, y: box.y, width: box.w, height: box.h, rx: 18 }));
  layers.ocean.append(svg('rect', { class: 'hk-mat-inner', x: box.x + 6, y: box.y + 6, width: box.w - 12, height: box.h - 12, rx: 13 }));

  const caption = document.createElement('div');
  caption.className = 'hk-caption';
  caption.hidden = true;
  caption.setAttribute('aria-hidden', 'true');
  container.replaceChildren(root, caption);
  return { portrait, root, layers, layout, caption };
}

/** The board: the position drawn in `container`, its targets calling back.
 * @param {HTMLElement} container
 * @param {import('../contract.js').BoardHandlers} handlers
 * @returns {HaleakalaBoard} */
export function createBoard(container, { onTarget, onBackground }) {
  // The measures of this board: landscape, or a phone held upright.
  /** @type {Measures} */
  let G = LANDSCAPE;
  // The board's parts, once built (`build`); none after `reset`.
  /** @type {Parts | null} */
  let parts = null;
  // Where what is drawn stands, by key ("disc-0-3", "shaman-1", "item-SC_FOREST" …).
  /** @type {Map<string, Point>} */
  let anchors = new Map();
  /** @type {HaleakalaView | null} */
  let lastView = null;
  const movers = new Movers();

  // What is drawn over the position (the targets, a suggestion, the marks of
  // the latest move, the flashes) on this board as it stands (built: the
  // overlays are drawn once a position is).
  const overlay = createOverlay({
    scene: () => ({
      G,
      root: parts && parts.root,
      layers: /** @type {Layers} */ (parts && parts.layers),
      layout: /** @type {PanelLayout} */ (parts && parts.layout),
      anchors,
      lastView,
    }),
    onTarget,
  });
  // An eruption, played out on the board as it stands.
  const eruption = createEruptionPlayer(() => ({
    G,
    root: parts && parts.root,
    layer: parts && parts.layers.eruption,
    caption: parts && parts.caption,
  }));

  /** Build the board for a phone held upright, or not.
   * @param {boolean} portrait */
  function build(portrait) {
    G = portrait ? PORTRAIT_GEO : LANDSCAPE;
    parts = buildParts(container, G, portrait, onBackground);
    movers.forget();
    overlay.forgetMarks();
  }

  /** Draw the position (`jump`: not a move on from the one drawn, which
   * then comes without being played out).
   * @param {HaleakalaView} view
   * @param {{names: string[], portrait: boolean, jump?: boolean}} options */
  function draw(view, { names, portrait, jump = false }) {
    if (!parts || parts.portrait !== portrait) build(portrait);
    const { layers, layout } = /** @type {Parts} */ (parts);
    for (const name of /** @type {const} */ (['lava', 'statues', 'beaches', 'cards', 'panel'])) layers[name].replaceChildren();
    anchors = new Map();
    drawCraters(layers.lava, G, view, lastView);
    drawStatues(layers.statues, G, view, lastView, names, anchors);
    view.sections.forEach((section, s) => drawBeach(layers.beaches, G, section, s, lastView, names, anchors));
    drawSlots(layers.cards, G, view, lastView, anchors);
    const ground = { G, boatLayer: layers.boat, shamanLayer: layers.shamans, anchors };
    movers.drawBoat(ground, view.boat, jump);
    movers.drawShamans(ground, view, names, jump);
    drawScoreBoard(layers.panel, view, { names, layout, anchors });
    lastView = view;
  }

  function reset() {
    eruption.stop();
    parts = null;
    lastView = null;
    overlay.forgetMarks();
    container.replaceChildren();
  }

  /** Forget the previous position (a jump: a new game, an undo, a load). */
  function forget() {
    lastView = null;
  }

  /** Point at spaces (by id: "B3", "M1", "C2") and card slots
   * ([section, slot]) while a lesson speaks of them; [] clears. */
  let pointKey = '';
  /** @param {string[]} spaces @param {[number, number][]} slots */
  function point(spaces, slots) {
    if (!parts) return;
    const layer = parts.layers.point;
    const key = JSON.stringify([spaces, slots, G === PORTRAIT_GEO]);
    if (key === pointKey && layer.firstChild) return;
    pointKey = key;
    layer.replaceChildren();
    for (const space of spaces) {
      if (!parseSpace(space)) continue;
      const [x, y] = spacePlace(G, space).centre;
      layer.append(svg('path', { class: 'point-island', 'data-space': space, d: circlePath(x, y, 30) }));
    }
    for (const [section, slot] of slots) {
      const [x, y] = slotCentre(G, section, slot);
      layer.append(svg('path', { class: 'point-island', 'data-section': section, 'data-slot': slot, d: roundRect(x - G.card.w / 2 - 6, y - G.card.h / 2 - 6, G.card.w + 12, G.card.h + 12, 12) }));
    }
  }

  const { drawTargets, suggest, markMove, flash } = overlay;
  return {
    draw,
    drawTargets,
    suggest,
    markMove,
    flash,
    playEruption: eruption.play,
    stopEruption: eruption.stop,
    erupting: eruption.erupting,
    reset,
    forget,
    point,
  };
}
