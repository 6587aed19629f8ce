// @ts-check
// Haleakala's pieces and cards as small SVG drawings, each centred on (0, 0)
// so that the board and the panels can place and scale them: statues,
// shamans, discs, lava, the boat, palm cards, score cards and deck backs;
// and, for the eruption, a flame and the scorch it leaves.
// Every piece of a player carries the player's shape (▲ ◆) as well as the
// colour.

import { svg, f1, shapePath } from '../../board-svg.js';
import { seatStyle } from '../../players.js';

/** The transform that puts a drawing at (x, y), scaled.
 * @param {number} x @param {number} y @param {number} [scale] */
const at = (x, y, scale = 1) => `translate(${f1(x)},${f1(y)})${scale !== 1 ? ` scale(${scale})` : ''}`;

/** The butterflies printed on each collectible kind (rules §2.4).
 * @type {Record<string, number>} */
export const BUTTERFLIES = { FISH1: 1, FISH2: 1, FISH3: 0, FISH4: 1, FISH5: 1, PEARL_B: 0, PEARL_W: 1, NAUTILUS: 1 };

/** A moai statue in the owner's colour, its base at about y = 14.
 * @param {number} owner
 * @param {number} x
 * @param {number} y
 * @param {number} [scale]
 * @param {string} [extra]   more classes
 * @returns {SVGElement} */
export function statue(owner, x, y, scale = 1, extra = '') {
  return svg(
    'g',
    { class: `hk-statue p${owner} ${extra}`.trim(), transform: at(x, y, scale) },
    svg('ellipse', { class: 'hk-piece-shadow', cx: 2, cy: 14.5, rx: 12, ry: 3.8 }),
    svg('rect', { class: 'hk-statue-base', x: -9.5, y: 10, width: 19, height: 4.5, rx: 1.5 }),
    svg('path', { class: 'hk-statue-body', d: 'M-7,11 L-7.5,-4 C-7.5,-11 -4.5,-14 0,-14 C4.5,-14 7.5,-11 7.5,-4 L7,11 Z' }),
    svg('path', { class: 'hk-statue-face', d: 'M-5,-6.5 H5 M0,-6 V0.5 M-1.8,0.5 H1.8' }),
    svg('path', { class: 'hk-mark', d: shapePath(seatStyle(owner).shape, 0, 6, 7.5) }),
  );
}

/** A shaman: a robed figure with a feather, outlined in white.
 * @param {number} owner
 * @param {number} [x]
 * @param {number} [y]
 * @param {number} [scale]
 * @param {string} [extra]
 * @returns {SVGElement} */
export function shaman(owner, x = 0, y = 0, scale = 1, extra = '') {
  return svg(
    'g',
    { class: `hk-shaman p${owner} ${extra}`.trim(), transform: at(x, y, scale) },
    svg('ellipse', { class: 'hk-piece-shadow', cx: 2, cy: 12.5, rx: 11, ry: 3.5 }),
    svg('path', { class: 'hk-shaman-feather', d: 'M2,-12 C4,-19 9,-20 11,-22' }),
    svg('path', { class: 'hk-shaman-robe', d: 'M-9,12 C-8.5,3 -5,-2.5 0,-2.5 C5,-2.5 8.5,3 9,12 Z' }),
    svg('circle', { class: 'hk-shaman-head', cx: 0, cy: -8, r: 5 }),
    svg('path', { class: 'hk-mark', d: shapePath(seatStyle(owner).shape, 0, 5.5, 7) }),
  );
}

/** A numbered disc (value) or, with value null, the invocation disc.
 * @param {number} owner
 * @param {number | null} value
 * @param {number} x
 * @param {number} y
 * @param {number} [r]
 * @param {string} [extra]
 * @returns {SVGElement} */
export function disc(owner, value, x, y, r = 9.5, extra = '') {
  const g = svg('g', { class: `hk-disc p${owner}${value === null ? ' invocation' : ''} ${extra}`.trim(), transform: at(x, y) });
  g.append(svg('circle', { class: 'hk-disc-body', r }));
  if (value === null) {
    // A small flame: the disc that calls the lava.
    g.append(svg('path', { class: 'hk-disc-flame', d: `M0,${f1(-r * 0.62)} C${f1(r * 0.5)},${f1(-r * 0.1)} ${f1(r * 0.45)},${f1(r * 0.55)} 0,${f1(r * 0.6)} C${f1(-r * 0.45)},${f1(r * 0.55)} ${f1(-r * 0.5)},${f1(-r * 0.1)} 0,${f1(-r * 0.62)}Z` }));
  } else {
    g.append(svg('text', { class: 'hk-disc-value', y: f1(r * 0.4), 'font-size': f1(r * 1.2) }, String(value)));
  }
  return g;
}

/** A lava disc, with its glow.
 * @param {number} x
 * @param {number} y
 * @param {number} [r]
 * @param {string} [extra]
 * @returns {SVGElement} */
export function lavaDisc(x, y, r = 9, extra = '') {
  return svg(
    'g',
    { class: `hk-lava ${extra}`.trim(), transform: at(x, y) },
    svg('circle', { class: 'hk-lava-glow', r: f1(r * 1.6) }),
    svg('circle', { class: 'hk-lava-body', r }),
    svg('path', { class: 'hk-lava-crust', d: `M${f1(-r * 0.5)},${f1(-r * 0.2)} q${f1(r * 0.3)},${f1(-r * 0.35)} ${f1(r * 0.6)},0 M${f1(-r * 0.1)},${f1(r * 0.45)} q${f1(r * 0.25)},${f1(-r * 0.3)} ${f1(r * 0.55)},0` }),
  );
}

/** The fishing boat: an outrigger canoe with a crab-claw sail.
 * @param {number} [scale]
 * @returns {SVGElement} */
export function boat(scale = 1) {
  return svg(
    'g',
    { class: 'hk-boat-body', transform: scale !== 1 ? `scale(${scale})` : null },
    svg('ellipse', { class: 'hk-piece-shadow', cx: 2, cy: 12, rx: 25, ry: 5 }),
    svg('path', { class: 'hk-boat-float', d: 'M-18,13 H16' }),
    svg('path', { class: 'hk-boat-arm', d: 'M-10,5 L-10,13 M8,5 L8,13' }),
    svg('path', { class: 'hk-boat-hull', d: 'M-24,2 Q0,12 24,2 Q20,8 14,9 L-14,9 Q-20,8 -24,2Z' }),
    svg('path', { class: 'hk-boat-mast', d: 'M1,3 L1,-19' }),
    svg('path', { class: 'hk-boat-sail', d: 'M1,-19 Q16,-13 15,-2 Q8,-1 1,1Z' }),
  );
}

// -- icons: each fits a box of about 32 × 32 around (0, 0) ------------------------

/** @type {Record<string, () => SVGElement[]>} */
const ICONS = {
  fish: () => [
    svg('path', { class: 'ic-fish', d: 'M-10,-8 C-5,-15 6,-14 9,-8 C6,-2 -5,-1 -10,-8Z M9,-8 L15,-13 L14,-8 L15,-3Z' }),
    svg('circle', { class: 'ic-eye', cx: -6, cy: -9, r: 1.2 }),
    svg('path', { class: 'ic-basket', d: 'M-14,-1 H14 L10,13 H-10Z' }),
    svg('path', { class: 'ic-weave', d: 'M-12.5,4 H12.5 M-11,9 H11 M-6,-1 L-4.5,13 M0,-1 V13 M6,-1 L4.5,13' }),
  ],
  pearl_b: () => [
    svg('path', { class: 'ic-shell-open', d: 'M-15,6 Q0,18 15,6 Q0,10 -15,6Z' }),
    svg('circle', { class: 'ic-pearl black', cx: 0, cy: -2, r: 8.5 }),
    svg('circle', { class: 'ic-sheen', cx: -3, cy: -5, r: 2.3 }),
  ],
  pearl_w: () => [
    svg('path', { class: 'ic-shell-open', d: 'M-15,6 Q0,18 15,6 Q0,10 -15,6Z' }),
    svg('circle', { class: 'ic-pearl white', cx: 0, cy: -2, r: 8.5 }),
    svg('circle', { class: 'ic-sheen', cx: -3, cy: -5, r: 2.3 }),
  ],
  nautilus: () => [
    svg('path', { class: 'ic-nautilus', d: 'M-1,13 C-12,13 -15,2 -13,-5 C-10,-14 2,-16 9,-10 C15,-4 13,7 5,9 C-2,11 -7,4 -5,-1 C-3,-6 4,-6 5,-2 C6,2 2,4 0,2' }),
    svg('path', { class: 'ic-nautilus-lines', d: 'M-13,-5 L-4,-1 M-4,-14 L-1,-5 M9,-10 L4,-3' }),
  ],
  shell: () => [
    svg('path', { class: 'ic-scallop', d: 'M0,12 L-5,12 L-4,9 C-13,6 -16,-2 -12,-8 C-8,-14 8,-14 12,-8 C16,-2 13,6 4,9 L5,12Z' }),
    svg('path', { class: 'ic-ridges', d: 'M0,9 V-12 M0,9 L-6,-11 M0,9 L6,-11 M0,9 L-11,-6 M0,9 L11,-6' }),
  ],
  statue: () => [
    svg('rect', { class: 'ic-statue-base', x: -9, y: 10, width: 18, height: 4, rx: 1.5 }),
    svg('path', { class: 'ic-statue', d: 'M-7,11 L-7.5,-4 C-7.5,-11 -4.5,-14 0,-14 C4.5,-14 7.5,-11 7.5,-4 L7,11 Z' }),
    svg('path', { class: 'ic-statue-face', d: 'M-5,-6.5 H5 M0,-6 V0.5 M-1.8,0.5 H1.8' }),
    svg('path', { class: 'ic-plus', d: 'M12,-14 V-4 M7,-9 H17' }),
  ],
  priestess: () => [
    svg('path', { class: 'ic-robe', d: 'M-10,14 C-9,3 -5,-3 0,-3 C5,-3 9,3 10,14Z' }),
    svg('circle', { class: 'ic-head', cx: 0, cy: -8, r: 4.8 }),
    svg('path', { class: 'ic-flame', d: 'M11,-16 C15,-11 16,-7 12,-3 C9,-5 8,-8 11,-16Z' }),
    svg('path', { class: 'ic-arm', d: 'M4,1 L10,-4' }),
  ],
  lava: () => [svg('circle', { class: 'ic-lava', r: 10 }), svg('circle', { class: 'ic-lava-core', r: 5 })],
  butterfly: () => [
    svg('path', { class: 'ic-butterfly', d: 'M0,0 C-3,-9 -13,-10 -12,-2 C-11,3 -5,2 0,0 C5,2 11,3 12,-2 C13,-10 3,-9 0,0Z M0,0 C-3,4 -9,9 -6,11 C-3,12 -1,6 0,0 C1,6 3,12 6,11 C9,9 3,4 0,0Z' }),
    svg('path', { class: 'ic-body', d: 'M0,-5 V7' }),
  ],
  majority: () => [
    ...miniStatue(-10, 4, 0.55),
    ...miniStatue(0, 0, 0.75),
    ...miniStatue(10, 4, 0.55),
  ],
  section: () => [
    svg('path', { class: 'ic-wedge', d: 'M-15,-13 L15,-13 L7,14 L-7,14Z' }),
    svg('path', { class: 'ic-wedge-lines', d: 'M-12,-4 H12 M-9.5,5 H9.5' }),
    ...miniStatue(0, -8.5, 0.32),
    ...miniStatue(0, 0.5, 0.32),
    ...miniStatue(0, 9.5, 0.32),
  ],
  forest: () => [
    svg('path', { class: 'ic-tree', d: 'M-7,-15 C-14,-12 -15,-3 -9,0 C-12,5 -3,8 -2,3 C1,8 8,4 4,-1 C9,-4 6,-13 -1,-13 C-3,-16 -5,-16 -7,-15Z' }),
    svg('path', { class: 'ic-trunk', d: 'M-4,2 L-4,13' }),
    ...miniStatue(8, 5, 0.55),
  ],
  mountain: () => [
    svg('path', { class: 'ic-mountain', d: 'M-16,13 L-4,-12 L3,0 L7,-6 L16,13Z' }),
    svg('path', { class: 'ic-snow', d: 'M-8,-4 L-4,-12 L0,-5 L-3,-7Z' }),
    ...miniStatue(8, 4, 0.55),
  ],
};

/** A small statue, for the score cards' icons.
 * @param {number} x @param {number} y @param {number} s
 * @returns {SVGElement[]} */
function miniStatue(x, y, s) {
  return [
    svg('path', {
      class: 'ic-statue',
      transform: at(x, y, s),
      d: 'M-7,11 L-7.5,-4 C-7.5,-11 -4.5,-14 0,-14 C4.5,-14 7.5,-11 7.5,-4 L7,11 Z',
    }),
  ];
}

/** One of the icons (ICONS) at (x, y), scaled; an unknown name draws nothing.
 * @param {string} name
 * @param {number} [x]
 * @param {number} [y]
 * @param {number} [scale]
 * @returns {SVGElement} */
export function icon(name, x = 0, y = 0, scale = 1) {
  return svg('g', { class: `hk-icon ic-${name}`, transform: at(x, y, scale) }, ...(ICONS[name] ? ICONS[name]() : []));
}

/** @type {Record<string, string>} */
const CARD_ICON = {
  FISH1: 'fish', FISH2: 'fish', FISH3: 'fish', FISH4: 'fish', FISH5: 'fish',
  PEARL_B: 'pearl_b', PEARL_W: 'pearl_w', NAUTILUS: 'nautilus', SHELL: 'shell',
  STATUE: 'statue', PRIESTESS: 'priestess', LAVA: 'lava',
};

/** The colour family of a card (its band and frame).
 * @param {string} kind
 * @returns {string} */
export function cardFamily(kind) {
  if (/^FISH/.test(kind)) return 'fish';
  if (/^PEARL/.test(kind) || kind === 'NAUTILUS') return 'treasure';
  if (kind === 'SHELL') return 'shell';
  if (kind === 'STATUE') return 'statue';
  if (kind === 'PRIESTESS') return 'priestess';
  return 'lava';
}

/** A palm card face, w × h, centred on (x, y).
 * @param {string} kind
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {string} [extra]
 * @returns {SVGElement} */
export function cardFace(kind, x, y, w, h, extra = '') {
  const g = svg('g', { class: `hk-card face fam-${cardFamily(kind)} ${extra}`.trim(), transform: at(x, y), 'data-kind': kind });
  g.append(svg('rect', { class: 'hk-card-shadow', x: f1(-w / 2 + 1.5), y: f1(-h / 2 + 2.5), width: f1(w), height: f1(h), rx: f1(w * 0.12) }));
  g.append(svg('rect', { class: 'hk-card-paper', x: f1(-w / 2), y: f1(-h / 2), width: f1(w), height: f1(h), rx: f1(w * 0.12) }));
  g.append(svg('rect', { class: 'hk-card-band', x: f1(-w / 2 + 3), y: f1(-h / 2 + 3), width: f1(w - 6), height: f1(h * 0.62), rx: f1(w * 0.09) }));
  const scale = (w / 58) * 1.05;
  const fish = /^FISH(\d)$/.exec(kind);
  const alone = kind === 'SHELL';
  g.append(icon(CARD_ICON[kind] || 'lava', 0, alone ? -h * 0.04 : -h * 0.19, alone ? scale * 1.25 : scale));
  if (fish) {
    g.append(svg('text', { class: 'hk-card-big', y: f1(h * 0.4), 'font-size': f1(h * 0.27) }, `+${fish[1]}`));
  } else {
    // A short mark under the icon: the pearl's points, a shell's use…
    const mark = /** @type {Record<string, string>} */ ({ PEARL_B: '2', PEARL_W: '1', NAUTILUS: '3' })[kind];
    if (mark) g.append(svg('text', { class: 'hk-card-big small', y: f1(h * 0.39), 'font-size': f1(h * 0.2) }, mark));
    if (kind === 'STATUE') g.append(svg('text', { class: 'hk-card-big small', y: f1(h * 0.39), 'font-size': f1(h * 0.2) }, '+1'));
    if (kind === 'PRIESTESS') g.append(lavaDisc(0, h * 0.31, 5.5 * scale));
  }
  const wings = BUTTERFLIES[kind];
  if (wings) g.append(icon('butterfly', w / 2 - 9 * scale, -h / 2 + 9 * scale, 0.42 * scale));
  return g;
}

/** A face-down palm card: woven back with 1 to 3 palms.
 * @param {number} palms
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {string} [extra]
 * @returns {SVGElement} */
export function cardBack(palms, x, y, w, h, extra = '') {
  const g = svg('g', { class: `hk-card back ${extra}`.trim(), transform: at(x, y) });
  g.append(svg('rect', { class: 'hk-card-shadow', x: f1(-w / 2 + 1.5), y: f1(-h / 2 + 2.5), width: f1(w), height: f1(h), rx: f1(w * 0.12) }));
  g.append(svg('rect', { class: 'hk-card-paper', x: f1(-w / 2), y: f1(-h / 2), width: f1(w), height: f1(h), rx: f1(w * 0.12) }));
  g.append(svg('rect', { class: 'hk-card-weave', x: f1(-w / 2 + 4), y: f1(-h / 2 + 4), width: f1(w - 8), height: f1(h - 8), rx: f1(w * 0.08) }));
  const step = w * 0.26;
  for (let i = 0; i < palms; i++) {
    const px = (i - (palms - 1) / 2) * step;
    g.append(palm(px, 0, w / 60));
  }
  return g;
}

/** A palm tree of a card's back.
 * @param {number} x @param {number} y @param {number} s */
function palm(x, y, s) {
  return svg(
    'g',
    { class: 'hk-palm', transform: at(x, y, s) },
    svg('path', { class: 'hk-palm-trunk', d: 'M0,14 C1,6 1,0 0,-6' }),
    svg('path', { class: 'hk-palm-leaf', d: 'M0,-6 C-4,-11 -9,-10 -11,-6 C-7,-8 -4,-7 0,-6 C-1,-11 2,-15 6,-14 C3,-12 1,-9 0,-6 C4,-10 9,-9 11,-5 C7,-7 3,-7 0,-6Z' }),
  );
}

/** @type {Record<string, string>} */
const ITEM_ICON = {
  SC_BUTTERFLY: 'butterfly',
  SC_MAJORITY: 'majority',
  SC_SECTION: 'section',
  SC_FOREST: 'forest',
  SC_MOUNTAIN: 'mountain',
  BOARD_PRIESTESS: 'priestess',
};

/** A score card or the board Priestess, w × h centred on (x, y), with its
 * cost in shells; `caption` under the icon (or beside it, `wide`).
 * @param {string} item
 * @param {number} cost
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {{caption?: string | null, down?: boolean, wide?: boolean, font?: number | null, extra?: string}} [options]
 * @returns {SVGElement} */
export function itemCard(item, cost, x, y, w, h, { caption = null, down = false, wide = false, font = null, extra = '' } = {}) {
  const cls = ['hk-item', down ? 'down' : '', item === 'BOARD_PRIESTESS' ? 'priestess' : 'score-card', extra].filter(Boolean).join(' ');
  const g = svg('g', { class: cls, transform: at(x, y), 'data-item': item });
  g.append(svg('rect', { class: 'hk-item-paper', x: f1(-w / 2), y: f1(-h / 2), width: f1(w), height: f1(h), rx: f1(Math.min(w, h) * 0.12) }));
  if (down) {
    g.append(svg('rect', { class: 'hk-card-weave', x: f1(-w / 2 + 4), y: f1(-h / 2 + 4), width: f1(w - 8), height: f1(h - 8), rx: 6 }));
    const faded = icon('priestess', 0, 0, Math.min(w, h) / 50);
    faded.classList.add('hk-faded');
    g.append(faded);
    return g;
  }
  /** @type {SVGElement[]} */
  const shells = [];
  if (wide) {
    // Icon on the left, the name and the price on the right.
    const size = h * 0.66;
    g.append(icon(ITEM_ICON[item], -w / 2 + size / 2 + 5, 0, size / 34));
    const tx = -w / 2 + size + 9;
    if (caption) {
      const size = font || 16;
      const room = w / 2 - tx - 5;
      // Long words are squeezed to fit (the full name is in the label).
      const squeeze = caption.length * size * 0.58 > room ? { textLength: f1(room), lengthAdjust: 'spacingAndGlyphs' } : {};
      g.append(svg('text', { class: 'hk-item-caption start', x: f1(tx), y: f1(-h * 0.06), 'font-size': f1(size), ...squeeze }, caption));
    }
    for (let i = 0; i < cost; i++) shells.push(icon('shell', tx + 10 + i * 22, h * 0.26, 0.72));
  } else {
    const iconScale = Math.min(w / 44, h / 58);
    g.append(icon(ITEM_ICON[item], 0, caption ? -h * 0.12 : -h * 0.06, iconScale));
    if (caption) g.append(svg('text', { class: 'hk-item-caption', y: f1(h / 2 - 9), 'font-size': f1(font || Math.min(13, w / 7)) }, caption));
    // The cost: one shell per shell to pay, in the top corner.
    for (let i = 0; i < cost; i++) shells.push(icon('shell', -w / 2 + 12 + i * 16, -h / 2 + 12, 0.55));
  }
  for (const shell of shells) {
    shell.classList.add('hk-cost');
    g.append(shell);
  }
  return g;
}

// -- the eruption: a flame, and the scorch it leaves ----------------------------------

/** A scorch mark where a statue burned, at (x, y) (`cls`: its classes).
 * @param {number} x
 * @param {number} y
 * @param {string} cls
 * @param {string} space
 * @returns {SVGElement} */
export function scorch(x, y, cls, space) {
  const g = svg('g', { class: cls, 'data-space': space, transform: `translate(${f1(x)},${f1(y)})` });
  g.append(svg('path', { class: 'hk-scorch', d: 'M-13,4 C-15,-4 -7,-9 -2,-7 C3,-11 12,-7 11,-1 C15,4 8,10 2,8 C-3,11 -11,10 -13,4Z' }));
  g.append(svg('path', { class: 'hk-ash', d: 'M-6,1 l3,-2 M1,3 l4,-1 M-2,-3 l2,2' }));
  return g;
}

/** A flame over a burning statue, at (x, y).
 * @param {number} x
 * @param {number} y
 * @returns {SVGElement} */
export function flame(x, y) {
  return svg(
    'g',
    { class: 'hk-flame', transform: `translate(${f1(x)},${f1(y)})` },
    svg('path', { class: 'hk-flame-outer', d: 'M0,-24 C9,-14 14,-6 11,4 C9,11 -9,11 -11,4 C-14,-6 -6,-10 0,-24Z' }),
    svg('path', { class: 'hk-flame-inner', d: 'M0,-12 C5,-6 7,-1 5,4 C3,8 -3,8 -5,4 C-7,-1 -3,-5 0,-12Z' }),
  );
}
