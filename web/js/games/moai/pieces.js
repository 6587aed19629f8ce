// @ts-check
// Moai's small pictures as SVG, for the board (board.js): a wood token, a
// disaster token, a Moai statue, a boat's hull, the bird-man, and a clan's
// piece (a Rapa Nui worker), identical pieces grouped into one tile.

import { svg, f1, shapePath } from '../../board-svg.js';
import { seatStyle } from '../../players.js';

/** @typedef {import('./types.js').Piece} Piece */

/** Identical pieces drawn as one tile (`count` of them).
 * @typedef {{seat: number, strength: number | null, faceUp: boolean, count: number}} PieceGroup */

/** A wood token: a short log seen from the side.
 * @param {number} x @param {number} y @param {number} [s]
 * @returns {SVGElement} */
export function woodToken(x, y, s = 1) {
  return svg(
    'g',
    { class: 'mo-wood', transform: `translate(${f1(x)} ${f1(y)}) scale(${s})` },
    svg('rect', { x: -13, y: -6, width: 26, height: 12, rx: 6 }),
    svg('ellipse', { class: 'mo-wood-end', cx: 10, cy: 0, rx: 4, ry: 5.5 }),
    svg('path', { class: 'mo-wood-grain', d: 'M-8,-2 H4 M-6,2 H2' }),
  );
}

/** A disaster token: a dark stone with a crack.
 * @param {number} x @param {number} y @param {number} r
 * @returns {SVGElement} */
export function disasterToken(x, y, r) {
  return svg(
    'g',
    { class: 'mo-disaster', transform: `translate(${f1(x)} ${f1(y)})` },
    svg('circle', { r }),
    svg('path', { class: 'mo-crack', d: `M${-r * 0.55},${-r * 0.35} L${-r * 0.1},${r * 0.05} L${r * 0.1},${-r * 0.3} L${r * 0.55},${r * 0.4}` }),
  );
}

/** A Moai statue's silhouette, `h` high, feet at (x, y).
 * @param {number} x
 * @param {number} y
 * @param {number} h
 * @param {string} [cls]
 * @returns {SVGElement} */
export function moaiShape(x, y, h, cls = 'mo-statue') {
  const w = h * 0.42;
  const d =
    `M${f1(x - w * 0.5)},${f1(y)} L${f1(x - w * 0.46)},${f1(y - h * 0.55)} ` +
    `Q${f1(x - w * 0.55)},${f1(y - h * 0.98)} ${f1(x)},${f1(y - h)} ` +
    `Q${f1(x + w * 0.6)},${f1(y - h * 0.98)} ${f1(x + w * 0.5)},${f1(y - h * 0.6)} ` +
    `L${f1(x + w * 0.62)},${f1(y - h * 0.45)} L${f1(x + w * 0.5)},${f1(y - h * 0.4)} L${f1(x + w * 0.5)},${f1(y)}Z`;
  return svg('path', { class: cls, d });
}

/** A boat's hull in the box (x, y, w, h).
 * @param {number} x @param {number} y @param {number} w @param {number} h
 * @returns {string} */
export function boatPath(x, y, w, h) {
  return (
    `M${f1(x)},${f1(y + h * 0.35)} Q${f1(x + w * 0.5)},${f1(y + h * 1.25)} ${f1(x + w)},${f1(y + h * 0.35)} ` +
    `L${f1(x + w * 0.9)},${f1(y + h * 0.55)} Q${f1(x + w * 0.5)},${f1(y + h * 0.95)} ${f1(x + w * 0.1)},${f1(y + h * 0.55)}Z`
  );
}

/** The bird-man: a frigate bird seen from below.
 * @param {number} x @param {number} y @param {number} s
 * @returns {SVGElement} */
export function birdMan(x, y, s) {
  return svg(
    'g',
    { class: 'mo-birdman', transform: `translate(${f1(x)} ${f1(y)}) scale(${s})` },
    svg('path', { d: 'M-14,-2 Q-8,-9 0,-2 Q8,-9 14,-2 Q8,-4 2,3 L0,7 L-2,3 Q-8,-4 -14,-2Z' }),
  );
}

/** A piece (a Rapa Nui worker): a tile in its clan's colour with the clan's
 * mark in the corner and its strength; face down it is hatched, with its
 * strength only for its owner ("?" for the others).
 * @param {number} x
 * @param {number} y
 * @param {number} s
 * @param {PieceGroup} piece
 * @returns {SVGElement} */
export function pieceTile(x, y, s, piece) {
  const { seat, strength, faceUp, count = 1 } = piece;
  const style = seatStyle(seat);
  const g = svg('g', {
    class: `mo-piece p${seat}${faceUp ? '' : ' down'}${strength === null ? ' unknown' : ''}`,
    transform: `translate(${f1(x)} ${f1(y)})`,
  });
  const half = s / 2;
  g.append(svg('rect', { class: 'mo-halo', x: -half - 6, y: -half - 6, width: s + 12, height: s + 12, rx: s * 0.3 + 4 }));
  if (count > 1) g.append(svg('rect', { class: 'mo-stack', x: -half + 3, y: -half - 3, width: s, height: s, rx: s * 0.22 }));
  g.append(svg('rect', { class: 'mo-tile', x: -half, y: -half, width: s, height: s, rx: s * 0.22 }));
  if (!faceUp) g.append(svg('rect', { class: 'mo-hatch', x: -half, y: -half, width: s, height: s, rx: s * 0.22 }));
  g.append(svg('path', { class: 'mo-mark', d: shapePath(style.shape, -half + s * 0.24, -half + s * 0.25, s * 0.34) }));
  g.append(
    svg('text', { class: 'mo-digit', x: s * 0.08, y: s * 0.24, 'font-size': f1(s * (faceUp ? 0.62 : 0.56)) }, strength === null ? '?' : String(strength)),
  );
  if (count > 1) {
    g.append(
      svg(
        'g',
        { class: 'mo-count', transform: `translate(${f1(half - 2)} ${f1(half - 3)}) scale(${f1(Math.max(1, s / 28))})` },
        svg('rect', { x: -9, y: -7, width: 19, height: 13, rx: 6.5 }),
        svg('text', { x: 0.5, y: 3.4 }, `×${count}`),
      ),
    );
  }
  return g;
}

/** Pieces as [seat, strength, face_up] → groups of identical ones, in a
 * steady order (clan, face up first, strength).
 * @param {Piece[]} pieces
 * @returns {PieceGroup[]} */
export function groupPieces(pieces) {
  /** @type {Map<string, PieceGroup>} */
  const groups = new Map();
  for (const [seat, strength, faceUp] of pieces) {
    const key = `${seat}/${faceUp ? 0 : 1}/${strength ?? 9}`;
    if (!groups.has(key)) groups.set(key, { seat, strength, faceUp, count: 0 });
    /** @type {PieceGroup} */ (groups.get(key)).count += 1;
  }
  return [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, g]) => g);
}
