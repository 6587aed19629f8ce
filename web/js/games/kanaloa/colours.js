// @ts-check
// Kanaloa's colours: the engine's four colour names, the palette entry each
// is drawn with, and a colour in words. No DOM, so that the log's words
// (kanaloa/log.js) and the text view read in Node too.

import { t } from '../../i18n.js';
import { seatStyle } from '../../players.js';

/** The engine's colour names, in its order (docs/games/kanaloa.md). */
export const ENGINE_COLOURS = ['yellow', 'red', 'green', 'blue'];

/** What the palette classes `.p0` … `.p3` look like: vermilion ▲, blue ◆,
 * yellow ●, bluish green ■ (theme.css). */
const PALETTE_NAMES = ['red', 'blue', 'yellow', 'green'];

/** The palette entry a colour is drawn with. With three or four players a
 * colour is a seat's, and is drawn like that seat everywhere on the page;
 * with two, a seat's second colour is the one of seat 2 or 3: the first
 * player plays vermilion ▲ and yellow ●, the second blue ◆ and green ■.
 * @param {number} players
 * @param {number | string | null | undefined} colour  its index, or its name
 * @returns {number} */
export function palette(players, colour) {
  const c = typeof colour === 'string' ? ENGINE_COLOURS.indexOf(colour) : colour;
  // A missing colour (null, undefined) fails the comparison and is caught after it.
  if (/** @type {number} */ (c) < 0 || c === null || c === undefined) return 0;
  return players === 2 ? [0, 2, 1, 3][c] : c;
}

/** The mark a colour is drawn with (▲ ◆ ● ■, by its palette entry).
 * @param {number} players
 * @param {number | string | null | undefined} colour
 * @returns {string} */
export function colourShape(players, colour) {
  return seatStyle(palette(players, colour)).shape;
}

/** A colour in words, with its mark: "rouge ▲".
 * @param {number} players
 * @param {number | string | null | undefined} colour
 * @returns {string} */
export function colourWords(players, colour) {
  const p = palette(players, colour);
  return `${t(`kanaloa.colour.${PALETTE_NAMES[p]}`)} ${seatStyle(p).glyph}`;
}
