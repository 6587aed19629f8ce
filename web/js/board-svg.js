// @ts-check
// SVG helpers shared by the renderers: element creation, seeded noise and the
// organic island outlines. Nothing here knows a game.

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes; children may be nodes or strings
 * (null, undefined and false are left out, as are such attributes).
 * @param {keyof SVGElementTagNameMap} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {...(Node | string | null | undefined | false | (Node | string | null | undefined | false)[])} children
 * @returns {any} the element; any, as the boards read each kind of
 *   element's own properties on it (and its events') without a cast
 */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/** A board's picture: an `<svg>` of class `className` over `width` ×
 * `height`, one group for a screen reader, a board called `name` (`label`
 * its name when it says more); `more`, its other attributes.
 * @param {string} className @param {number} width @param {number} height @param {string} name
 * @param {{label?: string} & Record<string, string>} [more]
 * @returns {SVGElement} */
export function boardPicture(className, width, height, name, { label = name, ...more } = {}) {
  return svg('svg', { class: className, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-roledescription': name, 'aria-label': label, ...more });
}

/** A radial gradient: its colours from its centre (`cx`, `cy`) out to its
 * radius `r`, each stop [offset, colour] or [offset, colour, opacity].
 * @param {string} id
 * @param {{cx: string, cy: string, r: string}} where
 * @param {([string, string] | [string, string, string])[]} stops
 * @returns {SVGElement} */
export function radialGradient(id, { cx, cy, r }, stops) {
  return svg(
    'radialGradient',
    { id, cx, cy, r },
    stops.map(([offset, colour, opacity]) => svg('stop', { offset, 'stop-color': colour, 'stop-opacity': opacity })),
  );
}

/** A number with one decimal, as the boards write coordinates in paths.
 * @param {number | string} v @returns {string} */
export const f1 = (v) => Number(v).toFixed(1);

/** A small deterministic generator (mulberry32) seeded from a string, so an
 * island keeps the same coastline on every visit.
 * @param {string} text @returns {() => number} */
export function seededRandom(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Radii of a blob: `points` values around 1, varied by `wobble`.
 * @param {string} seed @param {number} [points] @param {number} [wobble] @returns {number[]} */
export function blobRadii(seed, points = 9, wobble = 0.14) {
  const rand = seededRandom(seed);
  return Array.from({ length: points }, () => 1 + (rand() * 2 - 1) * wobble);
}

/** A closed, smooth path through points spread around (cx, cy): a
 * Catmull-Rom spline written as cubic Béziers.
 * @param {number} cx @param {number} cy @param {number} r @param {number[]} radii @param {number} [rotation]
 * @returns {string} */
export function blobPath(cx, cy, r, radii, rotation = 0) {
  const n = radii.length;
  const pts = radii.map((k, i) => {
    const angle = rotation + (i / n) * Math.PI * 2;
    return [cx + Math.cos(angle) * r * k, cy + Math.sin(angle) * r * k];
  });
  return smoothPath(pts);
}

/** A closed, smooth path through `pts` in order: a Catmull-Rom spline
 * written as cubic Béziers.
 * @param {number[][]} pts @returns {string} */
export function smoothPath(pts) {
  const n = pts.length;
  let d = `M${f1(pts[0][0])},${f1(pts[0][1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n];
    const p1 = pts[i];
    const p2 = pts[(i + 1) % n];
    const p3 = pts[(i + 2) % n];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f1(c1[0])},${f1(c1[1])} ${f1(c2[0])},${f1(c2[1])} ${f1(p2[0])},${f1(p2[1])}`;
  }
  return d + 'Z';
}

/** The distance from a blob's centre to its outline in direction `angle`
 * (linear between the control radii: close enough to end a line on a coast).
 * @param {number} r @param {number[]} radii @param {number} angle @param {number} [rotation] @returns {number} */
export function blobReach(r, radii, angle, rotation = 0) {
  const n = radii.length;
  let t = ((angle - rotation) / (Math.PI * 2)) * n;
  t = ((t % n) + n) % n;
  const i = Math.floor(t);
  const frac = t - i;
  return r * (radii[i] * (1 - frac) + radii[(i + 1) % n] * frac);
}

/** Path of a player's mark (▲ ● ■ ◆ ★) centred on (x, y) with size s.
 * @param {string} shape @param {number} x @param {number} y @param {number} s @returns {string} */
export function shapePath(shape, x, y, s) {
  const f = (/** @type {number} */ v) => v.toFixed(1);
  switch (shape) {
    case 'triangle': {
      const h = s * 0.95;
      return `M${f(x)},${f(y - h * 0.62)} L${f(x + s * 0.58)},${f(y + h * 0.42)} L${f(x - s * 0.58)},${f(y + h * 0.42)}Z`;
    }
    case 'diamond':
      return `M${f(x)},${f(y - s * 0.62)} L${f(x + s * 0.5)},${f(y)} L${f(x)},${f(y + s * 0.62)} L${f(x - s * 0.5)},${f(y)}Z`;
    case 'square': {
      const h = s * 0.45;
      return `M${f(x - h)},${f(y - h)} H${f(x + h)} V${f(y + h)} H${f(x - h)}Z`;
    }
    case 'star': {
      let d = '';
      for (let i = 0; i < 10; i++) {
        const rr = i % 2 ? s * 0.26 : s * 0.6;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        d += `${i ? 'L' : 'M'}${f(x + Math.cos(a) * rr)},${f(y + Math.sin(a) * rr)} `;
      }
      return d + 'Z';
    }
    default: {
      const r = s * 0.48;
      return `M${f(x - r)},${f(y)} a${f(r)},${f(r)} 0 1,0 ${f(2 * r)},0 a${f(r)},${f(r)} 0 1,0 ${f(-2 * r)},0Z`;
    }
  }
}
