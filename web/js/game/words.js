// @ts-check
// What the game screen says of errors and records, without the DOM: an
// error answer in words, a record as text for the engine, the seat a game
// is first seen through.

import { t, has } from '../i18n.js';

/** A record as text for the engine, which checks its size and depth before
 * it parses it (the browser could not even pass a deeply nested object to
 * the worker).
 * @param {any} record @returns {string} */
export function recordText(record) {
  if (typeof record === 'string') return record;
  try {
    return JSON.stringify(record);
  } catch (error) {
    throw { key: 'error.bad_record', message: String(error && /** @type {any} */ (error).message), params: {} };
  }
}

/** The sentence for an error answer, in the current language. A key may
 * have a variant for the parameters it carries (`error.bad_record.move`).
 * @param {any} error @returns {string} */
export function errorText(error) {
  if (!error) return t('error.internal');
  const params = error.params || {};
  const variant = `${error.key}.${Object.keys(params).sort().join('_')}`;
  if (Object.keys(params).length && has(variant)) return t(variant, params);
  if (has(error.key)) return t(error.key, params);
  return error.message || t('error.internal');
}

/** The viewer at the start: the only human, or nobody yet in hot-seat (the
 * privacy screen comes first), or a spectator when only bots play.
 * @param {string[]} seats @returns {number | null} */
export function firstViewer(seats) {
  const people = seats.map((kind, seat) => (kind === 'h' ? seat : null)).filter((seat) => seat !== null);
  return people.length === 1 ? people[0] : null;
}
