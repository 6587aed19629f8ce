// @ts-check
// The engine's limits, as the page needs them: the same names and values as
// pygame_core/limits.py, which is where they are explained (a unit test
// compares the two files). The page checks them before it reads a file or
// trusts what the browser's storage holds.

export const MAX_PLAYERS = 5;
export const MAX_NAME = 40;
export const MAX_OPTIONS = 16;
export const MAX_ID_TEXT = 40;
export const MAX_MOVES = 5000;
export const MAX_SEED = 2 ** 53;
export const MAX_SEED_TEXT = 100;
export const MAX_RECORD_TEXT = 1000000;

/** A seat: "h", or "bot" and a level from 0 to 4. */
export const SEAT = /^(h|bot[0-4])$/;

/** Whether `seed` can seed a game: an integer JavaScript holds exactly
 * (|seed| < 2^53), or a short text; the engine applies the same rule.
 * @param {unknown} seed @returns {boolean} */
export function isSeed(seed) {
  if (typeof seed === 'string') return seed.length <= MAX_SEED_TEXT;
  return Number.isSafeInteger(seed);
}

/** A seed read from text (a link): the number it writes when that number
 * is exact, else the text itself, which seeds a game just as well.
 * @param {string} text @returns {number | string} */
export function seedFromText(text) {
  if (/^-?\d+$/.test(text)) {
    const value = Number(text);
    if (Number.isSafeInteger(value)) return value;
  }
  return text;
}

/** A name as the engine takes it: no control characters (a pasted tab or
 * line break becomes a space), trimmed, at most MAX_NAME characters.
 * @param {unknown} text @returns {string} */
export function nameText(text) {
  return String(text ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .trim()
    .slice(0, MAX_NAME);
}
