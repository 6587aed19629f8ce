// @ts-check
// The Moai board as SVG: the island with its four zones (the volcano's
// carving spaces, the six forest spaces and their wood, the sixteen fields and
// their disaster tokens, Orongo hill with the turn order and the supplies),
// the boats in the ocean, and every clan's pieces. It draws what it is given:
// which places and pieces can be clicked (`targets`, part → {choice, label,
// selected}) is decided by moai/select.js from the legal moves. The island
// under the zones is island.js's; the small pictures, pieces.js's.

import { svg, f1, shapePath, boardPicture } from '../../board-svg.js';
import { t, plural } from '../../i18n.js';
import { seatStyle } from '../../players.js';
import { placeName } from './log.js';
import { pieceText } from './select.js';
import { placeWords } from './words.js';
import { layout, defs, drawBackground } from './island.js';
import { woodToken, disasterToken, moaiShape, boatPath, birdMan, pieceTile, groupPieces } from './pieces.js';

/** @typedef {import('./types.js').MoaiView} MoaiView */
/** @typedef {import('./types.js').Piece} Piece */
/** @typedef {import('./log.js').Marks} Marks */
/** @typedef {import('./island.js').Rect} Rect */
/** @typedef {import('./pieces.js').PieceGroup} PieceGroup */

/** A place's box and its corners' radius (to ring it). @typedef {Rect & {r: number}} PlaceBox */

/** The measures the board is drawn at, its shape, and the boxes of the
 * places last drawn.
 * @typedef {import('./island.js').Layout & {portrait: boolean, places?: Map<string, PlaceBox>}} Geometry */

/** What can be clicked on the board, by part (moai/select.js's board
 * targets, named by the renderer).
 * @typedef {{choice: string | null, selected: boolean, suggested?: boolean, label?: string | null}} BoardTarget */

/** What a drawing takes besides the view: the targets, the marks of the
 * others' latest moves, the places a hint names.
 * @typedef {object} DrawOptions
 * @property {boolean} portrait
 * @property {Map<string, BoardTarget>} targets
 * @property {string[]} names
 * @property {Marks} [marks]
 * @property {string[]} [suggested]
 */

/** What drawing the position takes besides the view: the board's measures
 * and the players' names.
 * @typedef {{g: Geometry, names: string[]}} Scene */

/** Moai's board: contract.js's Board, whose drawing takes Moai's view and
 * the options above.
 * @typedef {Omit<import('../contract.js').Board, 'draw' | 'flash'> & {
 *   draw: (view: MoaiView, options: DrawOptions) => void,
 *   flash: (marks: Marks, duration?: number) => void}} MoaiBoard */

// -- the board ----------------------------------------------------------------------------

/** The board: the position drawn in `container`, its targets calling back
 * (a place or a piece clicked: its part, "loc:F5", "piece:S1:R2fd").
 * @param {HTMLElement} container
 * @param {{onTarget: (part: string) => void, onBackground: () => void}} handlers
 * @returns {MoaiBoard} */
export function createBoard(container, { onTarget, onBackground }) {
  /** @type {Geometry | null} */
  let geometry = null;
  /** @type {SVGElement | null} */
  let back = null;
  /** @type {SVGElement | null} */
  let front = null;
  /** @type {SVGElement | null} */
  let host = null;

  /** @param {boolean} portrait */
  function ensure(portrait) {
    if (geometry && geometry.portrait === portrait && host && host.isConnected) return;
    geometry = { ...layout(portrait), portrait };
    const g = geometry;
    host = boardPicture(`moai-board${portrait ? ' portrait' : ''}`, g.width, g.height, t('moai.board.name'), {
      label: t('moai.board.label'),
      preserveAspectRatio: 'xMidYMid meet',
    });
    back = /** @type {SVGElement} */ (svg('g', { class: 'mo-back' }));
    front = /** @type {SVGElement} */ (svg('g', { class: 'mo-front' }));
    host.append(defs(), back, front);
    drawBackground(back, g);
    back.addEventListener('click', () => onBackground());
    host.addEventListener('click', (event) => {
      const node = /** @type {SVGElement | null} */ (/** @type {Element} */ (event.target).closest('[data-part]'));
      if (!node || !(/** @type {SVGElement} */ (host).contains(node))) return;
      event.stopPropagation();
      onTarget(/** @type {string} */ (node.dataset.part));
    });
    host.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const target = /** @type {Element} */ (event.target);
      const node = /** @type {SVGElement | null} */ (target.closest && target.closest('[data-part]'));
      if (!node) return;
      event.preventDefault();
      onTarget(/** @type {string} */ (node.dataset.part));
    });
    container.replaceChildren(host);
  }

  // -- what changes -------------------------------------------------------------------------

  /** Draw the position. `targets`: part → {choice, label, selected}; `marks`:
   * the latest turn's places; `suggested`: places a hint names.
   * @param {MoaiView} view
   * @param {DrawOptions} options */
  function draw(view, { portrait, targets, names, marks, suggested }) {
    ensure(portrait);
    const sc = { g: /** @type {Geometry} */ (geometry), names };
    /** @type {Map<string, PlaceBox>} */
    const places = new Map();
    const layer = svg('g', { class: 'mo-layer' });
    drawVolcano(sc, layer, view, targets, places);
    drawForest(sc, layer, view, targets, places);
    drawFields(sc, layer, view, targets, places);
    drawOrongo(sc.g, layer, view, names);
    drawOcean(sc, layer, view, targets, places);
    const over = svg('g', { class: 'mo-over' });
    drawMarks(over, places, marks || { to: [], from: [], at: [] });
    drawSuggestion(over, places, suggested);
    // `ensure` has built the board.
    /** @type {SVGElement} */ (front).replaceChildren(layer, over);
    /** @type {Geometry} */ (geometry).places = places;
  }

  /** Outline places for a moment (what just happened).
   * @param {Marks} marks
   * @param {number} [duration] */
  function flash(marks, duration) {
    if (!geometry || !geometry.places || !front) return;
    const ids = [...marks.to, ...marks.from, ...marks.at];
    for (const id of ids) {
      const box = geometry.places.get(id);
      if (!box) continue;
      const node = svg('rect', { class: 'mo-flash', x: f1(box.x - 4), y: f1(box.y - 4), width: f1(box.w + 8), height: f1(box.h + 8), rx: box.r + 4 });
      front.append(node);
      setTimeout(() => node.remove(), duration);
    }
  }

  function reset() {
    geometry = null;
    host = null;
    container.replaceChildren();
  }

  return { draw, flash, reset };
}

// -- the position, zone by zone ----------------------------------------------------------

/** A zone's title, in a pill at its top left.
 * @param {Geometry} g @param {SVGElement} parent @param {Rect} rect @param {string} text @param {{dark?: boolean}} [options] */
function zoneTitle(g, parent, rect, text, { dark = false } = {}) {
  const k = g.k;
  const w = Math.min(rect.w - 20, (16 + text.length * 8.6) * k);
  parent.append(
    svg(
      'g',
      { class: `mo-title${dark ? ' dark' : ''}`, transform: `translate(${rect.x + 12} ${rect.y + 8})` },
      svg('rect', { width: f1(w), height: f1(22 * k), rx: f1(11 * k) }),
      svg('text', { x: f1(10 * k), y: f1(15.5 * k) }, text),
    ),
  );
}

/** A place of the island, named for a screen reader by who stands on it
 * (moai/words.js's words); its drawn id and height are not read twice.
 * @param {string[]} names @param {SVGElement} node @param {MoaiView} view @param {string} id */
function named(names, node, view, id) {
  node.setAttribute('role', 'group');
  node.setAttribute('aria-label', placeWords(view, id, names || [], view.viewer ?? null));
  for (const text of node.querySelectorAll('.mo-space-id, .mo-height, .mo-boat-id')) text.setAttribute('aria-hidden', 'true');
  return node;
}

/** A clickable or selectable thing: its data-part, data-choice, focus and name.
 * @param {SVGElement} node
 * @param {string} part
 * @param {Map<string, BoardTarget>} targets
 * @param {string} label
 * @param {string} [key] */
function interactive(node, part, targets, label, key) {
  const target = targets.get(part);
  node.dataset.key = key || part;
  if (!target) return node;
  node.dataset.part = part;
  node.classList.add(target.selected ? 'selected' : 'target');
  if (target.choice) node.dataset.choice = target.choice;
  node.setAttribute('role', 'button');
  node.setAttribute('tabindex', '0');
  node.setAttribute('aria-label', target.label || label);
  if (target.selected) node.setAttribute('aria-pressed', 'true');
  return node;
}

/** Piece tiles laid out in rows inside a box; returns the group.
 * @param {string[]} names
 * @param {Piece[]} pieces
 * @param {Rect} box
 * @param {number} size
 * @param {{location: string, targets: Map<string, BoardTarget>, ownerKnown?: boolean}} options */
function pieceRows(names, pieces, box, size, { location, targets, ownerKnown = true }) {
  const g = svg('g', { class: 'mo-pieces' });
  const groups = groupPieces(pieces);
  if (!groups.length) return g;
  const gap = 6;
  const step = size + gap + 3;
  const perRow = Math.max(1, Math.floor((box.w + gap) / step));
  let chip = size;
  let rows = Math.ceil(groups.length / perRow);
  if (rows * step > box.h + gap) chip = Math.max(16, Math.floor((box.h + gap) / rows) - gap - 3);
  const realStep = chip + gap + 3;
  const cols = Math.min(groups.length, Math.max(1, Math.floor((box.w + gap) / realStep)));
  rows = Math.ceil(groups.length / cols);
  const width = cols * realStep - gap;
  const x0 = box.x + (box.w - width) / 2 + chip / 2;
  const y0 = box.y + Math.max(0, (box.h - (rows * realStep - gap)) / 2) + chip / 2 + 2;
  groups.forEach((piece, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const node = pieceTile(x0 + col * realStep, y0 + row * realStep, chip, piece);
    const text = ownerKnown ? pieceText(location, piece.seat, piece.strength, piece.faceUp) : null;
    const label = pieceLabel(names, piece, location);
    node.append(svg('title', {}, label));
    if (text) interactive(node, `piece:${text}`, targets, label, `piece:${text}`);
    g.append(node);
  });
  return g;
}

/** A piece (or identical pieces) in words, for a screen reader.
 * @param {string[]} names @param {PieceGroup} piece @param {string} location */
function pieceLabel(names, piece, location) {
  const name = names ? names[piece.seat] : '';
  const key = piece.faceUp ? 'moai.aria.piece' : piece.strength === null ? 'moai.aria.piece_hidden' : 'moai.aria.piece_down';
  const one = t(key, { player: name, strength: piece.strength, place: placeName(location) });
  return piece.count > 1 ? plural('moai.aria.pieces', piece.count, { piece: one }) : one;
}

/** A place's clickable overlay (placing a piece, eroding, carving, sinking).
 * @param {SVGElement} parent
 * @param {string} part
 * @param {Rect} rect
 * @param {Map<string, BoardTarget>} targets
 * @param {string} label
 * @param {number} [radius] */
function placeTarget(parent, part, rect, targets, label, radius = 12) {
  const target = targets.get(part);
  if (!target) return;
  const node = svg('g', { class: 'mo-place-target' });
  node.append(
    svg('rect', { class: 'mo-hit', x: f1(rect.x), y: f1(rect.y), width: f1(rect.w), height: f1(rect.h), rx: radius }),
    svg('rect', { class: 'mo-ring', x: f1(rect.x + 2), y: f1(rect.y + 2), width: f1(rect.w - 4), height: f1(rect.h - 4), rx: radius }),
  );
  interactive(node, part, targets, label);
  parent.append(node);
}

/** The volcano's spaces (and the space a placement may open).
 * @param {Scene} sc @param {SVGElement} layer @param {MoaiView} view
 * @param {Map<string, BoardTarget>} targets @param {Map<string, PlaceBox>} marks the places' boxes, filled */
function drawVolcano(sc, layer, view, targets, marks) {
  const { g, names } = sc;
  const v = g.volcano;
  zoneTitle(g, layer, v, t('moai.zone_title.volcano'), { dark: true });
  /** A space drawn, or the one a placement may open (`fresh`).
   * @type {{id: string, owner: number | null, pieces: Piece[], carved?: boolean, fresh?: boolean}[]} */
  const spaces = view.volcano.map((space) => ({ ...space }));
  // A placement may open a new space: its id follows the last.
  const nextId = `V${spaces.length + 1}`;
  const slots = targets.has(`loc:${nextId}`) ? [...spaces, { id: nextId, owner: null, pieces: [], fresh: true }] : spaces;
  const inner = { x: v.x + 12, y: v.y + g.head, w: v.w - 24, h: v.h - g.head - 12 };
  if (!slots.length) {
    layer.append(svg('text', { class: 'mo-empty-note', x: v.x + v.w / 2, y: v.y + v.h / 2 + 6 }, t('moai.board.no_quarry')));
    return;
  }
  let cols = g.portrait ? 5 : 4;
  while (Math.ceil(slots.length / cols) * 58 > inner.h && cols < 10) cols += 1;
  const rows = Math.max(2, Math.ceil(slots.length / cols));
  const gap = 8;
  const w = (inner.w - gap * (cols - 1)) / cols;
  const h = Math.min(96, (inner.h - gap * (rows - 1)) / rows);
  slots.forEach((space, i) => {
    const x = inner.x + (i % cols) * (w + gap);
    const y = inner.y + Math.floor(i / cols) * (h + gap);
    const owner = space.owner;
    const slot = svg('g', { class: `mo-quarry${owner !== null ? ` owned p${owner}` : ''}${space.fresh ? ' fresh-space' : ''}`, 'data-loc': space.id });
    slot.append(svg('rect', { class: 'mo-quarry-bed', x: f1(x), y: f1(y), width: f1(w), height: f1(h), rx: 10 }));
    slot.append(svg('text', { class: 'mo-space-id', x: f1(x + 8), y: f1(y + 15 * g.k) }, space.fresh ? `+ ${space.id}` : space.id));
    if (!space.fresh) {
      const known = space.pieces.every((p) => p[1] !== null);
      const sum = space.pieces.reduce((a, p) => a + (p[1] || 0), 0);
      if (space.pieces.length) {
        slot.append(svg('text', { class: 'mo-height', x: f1(x + w - 8), y: f1(y + 15 * g.k) }, known ? `${sum} m` : '? m'));
      }
      if (space.carved) slot.append(moaiShape(x + w - 12, y + h - 6, Math.min(26, h * 0.4), 'mo-statue carved'));
      const top = 20 * g.k;
      slot.append(pieceRows(names, space.pieces, { x: x + 6, y: y + top, w: w - 12, h: h - top - 6 }, Math.min(g.chip - 4, h - top - 10), { location: space.id, targets }));
      named(names, slot, view, space.id);
    }
    layer.append(slot);
    const label = space.fresh ? t('moai.aria.new_space', { space: space.id }) : t('moai.aria.space', { place: placeName(space.id) });
    placeTarget(layer, `loc:${space.id}`, { x, y, w, h }, targets, label, 10);
    marks.set(space.id, { x, y, w, h, r: 10 });
  });
}

/** The forest's six spaces and their wood.
 * @param {Scene} sc @param {SVGElement} layer @param {MoaiView} view
 * @param {Map<string, BoardTarget>} targets @param {Map<string, PlaceBox>} marks */
function drawForest(sc, layer, view, targets, marks) {
  const { g, names } = sc;
  const fo = g.forest;
  zoneTitle(g, layer, fo, t('moai.zone_title.forest'));
  const cols = g.portrait ? 3 : 3;
  const rows = 2;
  const inner = { x: fo.x + 10, y: fo.y + g.head - 2, w: fo.w - 20, h: fo.h - g.head - 6 };
  const gap = 8;
  const w = (inner.w - gap * (cols - 1)) / cols;
  const h = (inner.h - gap * (rows - 1)) / rows;
  view.forest.forEach((space, i) => {
    const x = inner.x + (i % cols) * (w + gap);
    const y = inner.y + Math.floor(i / cols) * (h + gap);
    const node = svg('g', { class: `mo-clearing${space.wood ? ' has-wood' : ''}`, 'data-loc': space.id });
    node.append(svg('rect', { class: 'mo-clearing-bed', x: f1(x), y: f1(y), width: f1(w), height: f1(h), rx: 22 }));
    node.append(svg('text', { class: 'mo-space-id', x: f1(x + 10), y: f1(y + 17 * g.k) }, space.id));
    if (space.wood) node.append(woodToken(x + w - 24 * g.k, y + 14 * g.k, 1.05 * g.k));
    const top = 24 * g.k;
    node.append(pieceRows(names, space.pieces, { x: x + 6, y: y + top, w: w - 12, h: h - top - 6 }, g.chip - 4, { location: space.id, targets }));
    layer.append(named(names, node, view, space.id));
    const label = t(space.wood ? 'moai.aria.forest_wood' : 'moai.aria.forest', { place: placeName(space.id) });
    placeTarget(layer, `loc:${space.id}`, { x, y, w, h }, targets, label, 22);
    marks.set(space.id, { x, y, w, h, r: 22 });
  });
}

/** The sixteen fields, their disaster tokens and pieces.
 * @param {Scene} sc @param {SVGElement} layer @param {MoaiView} view
 * @param {Map<string, BoardTarget>} targets @param {Map<string, PlaceBox>} marks */
function drawFields(sc, layer, view, targets, marks) {
  const { g, names } = sc;
  const fi = g.fields;
  zoneTitle(g, layer, fi, t('moai.zone_title.fields'));
  const cols = 4;
  const inner = { x: fi.x + 12, y: fi.y + g.head - 2, w: fi.w - 24, h: fi.h - g.head - 8 };
  const gap = 7;
  const w = (inner.w - gap * (cols - 1)) / cols;
  const h = (inner.h - gap * 3) / 4;
  view.fields.forEach((field, i) => {
    const x = inner.x + (i % cols) * (w + gap);
    const y = inner.y + Math.floor(i / cols) * (h + gap);
    const node = svg('g', { class: `mo-field${field.covered ? ' covered' : ''}`, 'data-loc': field.id });
    node.append(svg('rect', { class: 'mo-field-bed', x: f1(x), y: f1(y), width: f1(w), height: f1(h), rx: 7 }));
    node.append(svg('text', { class: 'mo-space-id small', x: f1(x + 5), y: f1(y + 12 * g.k) }, field.id));
    if (field.covered) node.append(disasterToken(x + w / 2, y + h / 2 + 3, Math.min(w, h) * 0.3));
    if (field.piece) {
      const [seat, strength, faceUp] = field.piece;
      const piece = { seat, strength, faceUp, count: 1 };
      const size = Math.min(g.chip + 2, h - 12 * g.k - 6);
      const tile = pieceTile(x + w / 2 + (g.k > 1 ? 6 : 0), y + h / 2 + 6 * g.k, size, piece);
      const label = pieceLabel(names, piece, field.id);
      tile.append(svg('title', {}, label));
      const text = pieceText(field.id, seat, strength, faceUp);
      interactive(tile, `piece:${text}`, targets, label);
      node.append(tile);
    }
    layer.append(named(names, node, view, field.id));
    const label = field.covered ? t('moai.aria.field_covered', { place: placeName(field.id) }) : t('moai.aria.field', { place: placeName(field.id) });
    placeTarget(layer, `loc:${field.id}`, { x, y, w, h }, targets, label, 7);
    marks.set(field.id, { x, y, w, h, r: 7 });
  });
}

/** Orongo hill: the turn order, the bird-man, the supplies.
 * @param {Geometry} g @param {SVGElement} layer @param {MoaiView} view @param {string[]} names */
function drawOrongo(g, layer, view, names) {
  const o = g.orongo;
  zoneTitle(g, layer, o, t('moai.zone_title.orongo'));
  const n = view.players;
  // The turn order: one stone per position on the hill, the clan's mark on it.
  const trackW = o.w - 40;
  const step = Math.min(62 * g.k, trackW / n);
  const x0 = o.x + o.w / 2 - (step * (n - 1)) / 2;
  const y0 = o.y + 84 * (g.k > 1 ? 1.18 : 1);
  const stoneScale = g.k > 1 ? 1.22 : 1;
  const order = view.order || [];
  const ranking = view.step === 'rank' && view.pending && view.pending.ranking ? view.pending.ranking : null;
  for (let i = 0; i < n; i++) {
    const x = x0 + i * step;
    const y = y0 - Math.sin(((i + 0.5) / n) * Math.PI) * 10;
    const seat = ranking ? ranking[i] : order[i];
    const stone = svg('g', { class: 'mo-order', transform: `translate(${f1(x)} ${f1(y)}) scale(${stoneScale})` });
    stone.append(svg('ellipse', { class: 'mo-order-stone', rx: 22, ry: 19 }));
    stone.append(svg('text', { class: 'mo-order-n', y: -22 }, String(i + 1)));
    if (seat !== undefined && seat !== null) {
      const style = seatStyle(seat);
      stone.append(svg('path', { class: `mo-order-mark p${seat}`, d: shapePath(style.shape, 0, seat === 0 ? 2 : 1, 22) }));
      stone.append(svg('title', {}, t('moai.aria.order', { position: i + 1, player: names[seat] || '' })));
    }
    layer.append(stone);
    if (seat !== undefined && seat === view.bird_man && !ranking) layer.append(birdMan(x + 20, y - 22, 0.9));
  }
  if (ranking === null && view.bird_man !== null && view.bird_man !== undefined && !order.includes(view.bird_man)) {
    layer.append(birdMan(o.x + o.w - 30, o.y + 20, 1));
  }
  // The supplies: Moai tiles by height, wood, disaster tokens, decks.
  /** @type {Record<string, number>} */
  const supply = (view.moai && view.moai.supply) || {};
  const heights = [2, 3, 4, 5, 6, 7, 8, 9];
  const sy = o.y + (g.k > 1 ? 214 : 196);
  const sw = (o.w - 24) / heights.length;
  const tiles = svg('g', { class: 'mo-tile-supply' });
  tiles.append(svg('text', { class: 'mo-supply-label', x: o.x + 14, y: sy - 62 }, t('moai.board.tiles')));
  heights.forEach((height, i) => {
    const count = supply[String(height)] || 0;
    const x = o.x + 12 + sw * i + sw / 2;
    const statue = moaiShape(x, sy, 14 + height * 4.2, `mo-statue${count ? '' : ' gone'}`);
    tiles.append(statue);
    tiles.append(svg('text', { class: 'mo-tile-h', x: f1(x), y: f1(sy + 16 * g.k) }, g.k > 1 ? `${height}m` : `${height} m`));
    tiles.append(svg('text', { class: `mo-tile-n${count ? '' : ' gone'}`, x: f1(x), y: f1(sy + 31 * g.k) }, `×${count}`));
  });
  tiles.append(svg('title', {}, t('moai.board.tiles')));
  layer.append(tiles);
  const by = o.y + o.h - 24 * g.k;
  const items = [
    { node: woodToken(0, 0, 0.9), value: view.wood.supply, title: t('moai.board.wood_supply') },
    { node: disasterToken(0, 0, 9), value: view.disaster_supply, title: t('moai.board.disaster_supply') },
    { node: svg('rect', { class: 'mo-deck-back', x: -8, y: -11, width: 16, height: 22, rx: 3 }), value: view.deck_size, title: t('moai.board.deck') },
    { node: svg('rect', { class: 'mo-discard-face', x: -8, y: -11, width: 16, height: 22, rx: 3 }), value: view.discard.length, title: t('moai.board.discard') },
    {
      node: svg('g', {}, svg('rect', { class: 'mo-epoch-back', x: -8, y: -11, width: 16, height: 22, rx: 3 }), svg('text', { class: 'mo-epoch-n', y: 4 }, String(view.epoch.top_epoch || '–'))),
      value: view.epoch.deck_size,
      title: t('moai.board.epoch_deck'),
    },
  ];
  const iw = (o.w - 24) / items.length;
  items.forEach((item, i) => {
    const x = o.x + 12 + iw * i + 16;
    const group = svg(
      'g',
      { class: 'mo-supply', transform: `translate(${f1(x)} ${f1(by)})` },
      svg('g', { transform: `scale(${g.k > 1 ? 1.15 : 1})` }, item.node),
      svg('text', { class: 'mo-supply-n', x: f1(g.k > 1 ? 19 : 20), y: f1(g.k > 1 ? 7 : 5) }, String(item.value)),
    );
    group.append(svg('title', {}, `${item.title}: ${item.value}`));
    layer.append(group);
  });
}

/** The boats in the ocean, and the pieces aboard.
 * @param {Scene} sc @param {SVGElement} layer @param {MoaiView} view
 * @param {Map<string, BoardTarget>} targets @param {Map<string, PlaceBox>} marks */
function drawOcean(sc, layer, view, targets, marks) {
  const { g, names } = sc;
  const oc = g.ocean;
  const boats = view.boats || [];
  layer.append(svg('text', { class: 'mo-ocean-title', x: oc.row ? oc.x + 10 : oc.x + oc.w / 2, y: oc.y + 16 * g.k, 'text-anchor': oc.row ? 'start' : 'middle' }, t('moai.zone_title.ocean')));
  if (!boats.length) {
    layer.append(svg('text', { class: 'mo-ocean-note', x: oc.row ? oc.x + oc.w / 2 : oc.x + oc.w / 2, y: oc.row ? oc.y + 74 : oc.y + 64 }, t('moai.board.no_boat')));
    return;
  }
  const count = Math.max(boats.length, 3);
  boats.forEach((boat, i) => {
    const w = oc.row ? Math.min(150, (oc.w - 10) / count - 8) : oc.w - 16;
    const h = oc.row ? oc.h - 40 : Math.min(100, (oc.h - 40) / count - 8);
    const x = oc.row ? oc.x + 8 + i * (w + 8) : oc.x + 8;
    const y = oc.row ? oc.y + 28 : oc.y + 30 + i * (h + 8);
    const node = svg('g', { class: `mo-boat p${boat.owner}`, 'data-loc': boat.id });
    node.append(svg('path', { class: 'mo-hull', d: boatPath(x + 4, y + h * 0.3, w - 8, h * 0.62) }));
    node.append(svg('path', { class: 'mo-boat-mark', d: shapePath(seatStyle(boat.owner).shape, x + 16, y + 16, 16) }));
    node.append(svg('text', { class: 'mo-boat-id', x: f1(x + w - 6), y: f1(y + 16) }, boat.id));
    if (boat.piece) {
      const piece = { seat: boat.owner, strength: boat.piece, faceUp: true, count: 1 };
      const tile = pieceTile(x + w / 2, y + h * 0.5, Math.min(g.chip, h * 0.42), piece);
      const label = pieceLabel(names, piece, boat.id);
      tile.append(svg('title', {}, label));
      interactive(tile, `piece:${pieceText(boat.id, boat.owner, boat.piece, true)}`, targets, label);
      node.append(tile);
    } else {
      node.append(svg('circle', { class: 'mo-boat-seat', cx: f1(x + w / 2), cy: f1(y + h * 0.5), r: f1(Math.min(g.chip, h * 0.42) / 2) }));
    }
    const label = t('moai.aria.boat', { place: placeName(boat.id), player: names ? names[boat.owner] : '' });
    layer.append(named(names, node, view, boat.id));
    placeTarget(layer, `loc:${boat.id}`, { x, y, w, h }, targets, label, 14);
    marks.set(boat.id, { x, y, w, h, r: 14 });
  });
}

/** Rings round the places of another player's latest turn.
 * @param {SVGElement} layer
 * @param {Map<string, PlaceBox>} places
 * @param {{to: string[], from: string[], at: string[]}} moves */
function drawMarks(layer, places, moves) {
  /** @param {string} id @param {string} kind */
  const ring = (id, kind) => {
    const box = places.get(id);
    if (!box) return;
    layer.append(
      svg('rect', {
        class: `mo-last ${kind}`,
        'data-loc': id,
        x: f1(box.x - 3),
        y: f1(box.y - 3),
        width: f1(box.w + 6),
        height: f1(box.h + 6),
        rx: box.r + 3,
      }),
    );
  };
  for (const id of moves.to) ring(id, 'to');
  for (const id of moves.from) ring(id, 'from');
  for (const id of moves.at) ring(id, 'at');
}

/** Rings round the places a suggested move names.
 * @param {SVGElement} layer @param {Map<string, PlaceBox>} places @param {string[] | undefined} suggested */
function drawSuggestion(layer, places, suggested) {
  for (const id of suggested || []) {
    const box = places.get(id);
    if (!box) continue;
    layer.append(
      svg('rect', { class: 'mo-suggest', x: f1(box.x - 5), y: f1(box.y - 5), width: f1(box.w + 10), height: f1(box.h + 10), rx: box.r + 5 }),
    );
  }
}
