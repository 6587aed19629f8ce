// @ts-check
// The game's picture in the menu: Haleakala's volcano with the fishing boat, in the boards'
// palette on a square of sea (40 × 40; see ../emblem-parts.js).

import { SAND, GRASS, BASALT, PAPER } from '../emblem-parts.js';

export const PICTURE =
  `<ellipse cx="20" cy="30" rx="16" ry="6" fill="${SAND}"/>` +
    `<path d="M7 30 L17 12 L23 12 L33 30 Z" fill="${BASALT}"/>` +
    `<path d="M7 30 Q20 23.5 33 30 Q20 33 7 30 Z" fill="${GRASS}"/>` +
    `<path d="M17 12 L23 12 L21.6 15.2 L18.4 15.2 Z" fill="#e4572e"/>` +
    `<path d="M20 15 q-2.2 4.5 0.8 9" fill="none" stroke="#ffb347" stroke-width="1.6" stroke-linecap="round"/>` +
    `<path d="M28 34.5 h8 l-1.6 2.2 h-4.8 Z M31.6 34.5 v-4 l2.6 3.2 Z" fill="${PAPER}" stroke="#8a6a45" stroke-width="0.8" stroke-linejoin="round"/>`;
