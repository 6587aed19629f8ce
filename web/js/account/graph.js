// @ts-check
// A rating's history drawn: a line through the rating after each rated game,
// the provisional games' points hollow, the lowest and highest ratings
// written beside the scale. An SVG the profile's card holds, with a label
// that says what it shows for a screen reader.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 240;
const HEIGHT = 72;
const PAD = { left: 34, right: 6, top: 8, bottom: 8 };

/** @param {string} tag @param {Record<string, string | number>} attrs @returns {SVGElement} */
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

/**
 * The points of the graph, in the drawing's coordinates: games spread evenly
 * from left to right, ratings from bottom (lowest) to top (highest).
 * @param {{rating: number}[]} history @returns {{x: number, y: number}[]}
 */
export function graphPoints(history) {
  const ratings = history.map((point) => point.rating);
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const span = Math.max(high - low, 1);
  const step = history.length > 1 ? (WIDTH - PAD.left - PAD.right) / (history.length - 1) : 0;
  return history.map((point, i) => ({
    x: Math.round((PAD.left + i * step) * 10) / 10,
    y: Math.round((PAD.top + ((high - point.rating) / span) * (HEIGHT - PAD.top - PAD.bottom)) * 10) / 10,
  }));
}

/**
 * @param {{rating: number, provisional: boolean}[]} history oldest first
 * @param {string} label what the graph shows, in words
 * @returns {SVGElement}
 */
export function ratingGraph(history, label) {
  const root = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'rating-graph', role: 'img', 'aria-label': label });
  const points = graphPoints(history);
  const ratings = history.map((point) => point.rating);
  const scale = [[Math.max(...ratings), PAD.top + 4], [Math.min(...ratings), HEIGHT - PAD.bottom]];
  for (const [value, y] of scale) root.append(Object.assign(svg('text', { x: PAD.left - 4, y, 'text-anchor': 'end', class: 'graph-scale' }), { textContent: String(value) }));
  root.append(svg('line', { x1: PAD.left, y1: HEIGHT - PAD.bottom, x2: WIDTH - PAD.right, y2: HEIGHT - PAD.bottom, class: 'graph-axis' }));
  root.append(svg('polyline', { points: points.map(({ x, y }) => `${x},${y}`).join(' '), class: 'graph-line' }));
  points.forEach(({ x, y }, i) => root.append(svg('circle', { cx: x, cy: y, r: 2.6, class: history[i].provisional ? 'graph-point provisional' : 'graph-point' })));
  return root;
}
