// @ts-check
// The game's picture in the menu: Kanaloa's main island with a god stone, in the boards'
// palette on a square of sea (40 × 40; see ../emblem-parts.js).

import { BASALT, PAPER, isle, link, plank } from '../emblem-parts.js';

export const PICTURE =
  link('M8 29 L20 15 L32 28') +
    isle(8, 29, 6) +
    isle(32, 28, 6) +
    isle(20, 15, 9) +
    plank(13.6, 22.4, -50, '#d4a600') +
    plank(26.2, 21.5, 47, '#009e73') +
    `<circle cx="20" cy="15" r="4.6" fill="${BASALT}" stroke="${PAPER}" stroke-width="1"/>` +
    `<path d="M17.2 15.6 q1.4 -1.6 2.8 0 t2.8 0" fill="none" stroke="${PAPER}" stroke-width="1.2" stroke-linecap="round"/>`;
