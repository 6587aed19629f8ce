// @ts-check
// The game's picture in the menu: a Moai on its island, in the boards'
// palette on a square of sea (40 × 40; see ../emblem-parts.js).

import { SAND, GRASS, BASALT, PAPER } from '../emblem-parts.js';

export const PICTURE =
  `<ellipse cx="20" cy="31" rx="15" ry="5.5" fill="${SAND}"/><ellipse cx="20" cy="30.2" rx="11.5" ry="3.6" fill="${GRASS}"/>` +
    `<path d="M15 30 L15 14.5 Q15 8.5 20.5 8.5 Q25.5 8.5 25.5 13.5 L25.5 16 L27.5 19.5 L25.5 20.5 L25.5 30 Z" fill="${BASALT}" stroke="${PAPER}" stroke-width="0.9"/>` +
    `<path d="M18 14.5 H25 M21.5 24.5 H25" stroke="#3d332e" stroke-width="1.3" stroke-linecap="round"/>` +
    `<path d="M30 13 q2 -3 4.5 -2.5 M30 13 q-1 -3.2 1.2 -4.6 M30 13 v8" fill="none" stroke="#3f6e3a" stroke-width="1.5" stroke-linecap="round"/>`;
