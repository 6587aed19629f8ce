// @ts-check
// Each game's picture in the menu: its own board in small, drawn in the
// boards' palette on a square of sea (40 × 40): Kahuna's islands and a
// bridge, Kanaloa's main island with a god stone, a Moai on its island,
// Haleakala's volcano with the fishing boat. Decorative: the game's name
// stands beside it.

const SAND = '#e8d5ae';
const GRASS = '#6a9f4b';
const BASALT = '#6b5b53';
const PAPER = '#f4e9d2';

const isle = (x, y, r) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${SAND}"/><circle cx="${x}" cy="${y}" r="${(r * 0.68).toFixed(1)}" fill="${GRASS}"/>`;
const link = (d) => `<path d="${d}" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="0 4.5" stroke-linecap="round"/>`;
const plank = (x, y, angle, colour) =>
  `<rect x="${x - 5}" y="${y - 2.5}" width="10" height="5" rx="1.2" fill="${colour}" stroke="${PAPER}" transform="rotate(${angle} ${x} ${y})"/>`;

const PICTURES = {
  kahuna: link('M9 27 L20 12 L31 25') + isle(9, 27, 6.5) + isle(20, 12, 6.5) + isle(31, 25, 6.5) + plank(15.5, 19, -53, '#d55e00'),
  kanaloa:
    link('M8 29 L20 15 L32 28') +
    isle(8, 29, 6) +
    isle(32, 28, 6) +
    isle(20, 15, 9) +
    plank(13.6, 22.4, -50, '#d4a600') +
    plank(26.2, 21.5, 47, '#009e73') +
    `<circle cx="20" cy="15" r="4.6" fill="${BASALT}" stroke="${PAPER}" stroke-width="1"/>` +
    `<path d="M17.2 15.6 q1.4 -1.6 2.8 0 t2.8 0" fill="none" stroke="${PAPER}" stroke-width="1.2" stroke-linecap="round"/>`,
  moai:
    `<ellipse cx="20" cy="31" rx="15" ry="5.5" fill="${SAND}"/><ellipse cx="20" cy="30.2" rx="11.5" ry="3.6" fill="${GRASS}"/>` +
    `<path d="M15 30 L15 14.5 Q15 8.5 20.5 8.5 Q25.5 8.5 25.5 13.5 L25.5 16 L27.5 19.5 L25.5 20.5 L25.5 30 Z" fill="${BASALT}" stroke="${PAPER}" stroke-width="0.9"/>` +
    `<path d="M18 14.5 H25 M21.5 24.5 H25" stroke="#3d332e" stroke-width="1.3" stroke-linecap="round"/>` +
    `<path d="M30 13 q2 -3 4.5 -2.5 M30 13 q-1 -3.2 1.2 -4.6 M30 13 v8" fill="none" stroke="#3f6e3a" stroke-width="1.5" stroke-linecap="round"/>`,
  haleakala:
    `<ellipse cx="20" cy="30" rx="16" ry="6" fill="${SAND}"/>` +
    `<path d="M7 30 L17 12 L23 12 L33 30 Z" fill="${BASALT}"/>` +
    `<path d="M7 30 Q20 23.5 33 30 Q20 33 7 30 Z" fill="${GRASS}"/>` +
    `<path d="M17 12 L23 12 L21.6 15.2 L18.4 15.2 Z" fill="#e4572e"/>` +
    `<path d="M20 15 q-2.2 4.5 0.8 9" fill="none" stroke="#ffb347" stroke-width="1.6" stroke-linecap="round"/>` +
    `<path d="M28 34.5 h8 l-1.6 2.2 h-4.8 Z M31.6 34.5 v-4 l2.6 3.2 Z" fill="${PAPER}" stroke="#8a6a45" stroke-width="0.8" stroke-linejoin="round"/>`,
};

/** A game's picture (an `<svg>`); a game without one has Kahuna's islands. */
export function emblem(game) {
  const root = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  root.setAttribute('viewBox', '0 0 40 40');
  root.setAttribute('aria-hidden', 'true');
  root.dataset.game = game;
  root.innerHTML = PICTURES[game] || PICTURES.kahuna;
  return root;
}
