// @ts-check
// The game's picture in the menu: Kahuna's islands and a bridge, in the boards'
// palette on a square of sea (40 × 40; see ../emblem-parts.js).

import { isle, link, plank } from '../emblem-parts.js';

export const PICTURE =
  link('M9 27 L20 12 L31 25') + isle(9, 27, 6.5) + isle(20, 12, 6.5) + isle(31, 25, 6.5) + plank(15.5, 19, -53, '#d55e00');
