// @ts-check
// Seats: each player's colour and shape (Okabe–Ito colours, each also told
// apart by a shape), and the names shown for them. Colours themselves live in
// the CSS (`.p0` … `.p4`); here only the shape and its glyph.

import { t } from './i18n.js';
import { svg, shapePath } from './board-svg.js';

/** @typedef {{shape: string, glyph: string}} SeatStyle */

/** @type {SeatStyle[]} */
export const SEAT_STYLES = [
  { shape: 'triangle', glyph: '▲' },
  { shape: 'diamond', glyph: '◆' },
  { shape: 'circle', glyph: '●' },
  { shape: 'square', glyph: '■' },
  { shape: 'star', glyph: '★' },
];

/** The bot levels offered in the menu, weakest first (pygame_core.bots.LEVELS:
 * novice, casual, skilled, strong, expert). A game may list its own in `games`
 * (`bot_levels`); otherwise these. */
export const DEFAULT_BOT_LEVELS = [0, 1, 2, 3, 4];

/** The opponent a new seat gets: a fair challenge that answers quickly. */
export const DEFAULT_BOT_LEVEL = 2;

/** @param {number} seat @returns {SeatStyle} */
export function seatStyle(seat) {
  return SEAT_STYLES[seat % SEAT_STYLES.length];
}

/** "h" → null; "bot1" → 1.
 * @param {string | null | undefined} kind @returns {number | null} */
export function botLevel(kind) {
  const match = /^bot(\d+)$/.exec(kind || '');
  return match ? Number(match[1]) : null;
}

/** @param {string} kind @returns {boolean} */
export function isHuman(kind) {
  return kind === 'h';
}

/** A bot level's name ("Amateur").
 * @param {number} level @returns {string} */
export function levelName(level) {
  return t(`bot.level.${level}`);
}

/** One line on how a level plays ("thinks about 2 s a move").
 * @param {number} level @returns {string} */
export function levelAbout(level) {
  return t(`bot.about.${level}`);
}

/** The display name of every seat: the name typed in the menu, or a default
 * in the current language ("Joueur 2", "Bot Amateur"; bots of the same
 * level are numbered: "Bot Amateur 1", "Bot Amateur 2").
 * @param {string[]} seats @param {(string | null | undefined)[]} [typed] @returns {string[]} */
export function seatNames(seats, typed = []) {
  const same = (/** @type {number} */ level) => seats.filter((kind) => botLevel(kind) === level).length;
  /** @type {Map<number, number>} */
  const counted = new Map();
  return seats.map((kind, seat) => {
    const name = (typed[seat] || '').trim();
    // A deleted account's seat (the server's FORMER_PLAYER, an invisible character).
    if (name === '\u2063') return t('account.former_player');
    if (name) return name;
    const level = botLevel(kind);
    if (level === null) return t('seat.default_human', { n: seat + 1 });
    const n = (counted.get(level) || 0) + 1;
    counted.set(level, n);
    return same(level) > 1
      ? t('seat.default_bot_n', { level: levelName(level), n })
      : t('seat.default_bot', { level: levelName(level) });
  });
}

/** A seat's mark as a small inline SVG, filled with the seat's colour.
 * @param {number} seat @param {number} [size] @returns {SVGSVGElement} */
export function token(seat, size = 18) {
  const style = seatStyle(seat);
  return svg(
    'svg',
    { class: `token p${seat}`, viewBox: '0 0 20 20', width: size, height: size, 'aria-hidden': 'true' },
    svg('path', { d: shapePath(style.shape, 10, seat === 0 ? 11 : 10, 17) }),
  );
}
