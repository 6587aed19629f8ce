// @ts-check
// An online table in words, the same wherever it is shown (the open tables
// of the menu, the join dialog, "Your online tables", the table's panel):
// its variant, who sits at each seat, its clock and the time left. No DOM.

import { t, has, plural } from './i18n.js';
import { botLevel, levelName } from './players.js';

/**
 * A table's clock (docs/online.md, section 10): live (minutes a game,
 * seconds added a turn) or a deadline a turn (hours); `level` the bot that
 * plays on for a seat out of time, `timeout` what becomes of that seat.
 * @typedef {{kind: 'live', minutes: number, increment: number, level: number, timeout: string}
 *   | {kind: 'move', hours: number, level: number, timeout: string}} Clock */

/** A table's clock as the server tells it (a state's `table`, the tables'
 * status): what was chosen, the seconds of its minute, each seat's
 * milliseconds left (null: a bot's seat) and the seats whose clock runs.
 * @typedef {Clock & {minute?: number, left?: (number | null)[], running?: number[]}} TableClock */

/** @typedef {Partial<import('./state.js').GameResult>} ResultFacts */

/** The clocks the menu offers (docs/online.md, section 10): none, live
 * (minutes a game, seconds added a turn), or a deadline a turn (hours). */
export const CLOCK_CHOICES = ['none', 'live-5-3', 'live-10-5', 'live-20-10', 'live-45-15', 'move-24', 'move-72'];

/** What becomes of a seat whose time runs out: a bot plays on for it, or
 * the game ends for it (ranked last; the server's clocks.py). */
export const TIMEOUTS = ['bot', 'out'];

/** The clock a choice (or a link's `clock=`) names, with the level of the
 * bot that plays on for a seat out of time and what becomes of that seat
 * (`timeout`, one of TIMEOUTS); null for none, or for a text that names no
 * clock. "live-10-5", "move-24".
 * @param {string | null | undefined} text @param {number} level @param {string} [timeout] @returns {Clock | null} */
export function clockOf(text, level, timeout = 'bot') {
  const rule = TIMEOUTS.includes(timeout) ? timeout : 'bot';
  const live = /^live-(\d{1,3})-(\d{1,3})$/.exec(String(text || ''));
  if (live) return { kind: 'live', minutes: Number(live[1]), increment: Number(live[2]), level, timeout: rule };
  const move = /^move-(\d{1,3})$/.exec(String(text || ''));
  if (move) return { kind: 'move', hours: Number(move[1]), level, timeout: rule };
  return null;
}

/** A table's clock and what it does to a seat out of time, on one line:
 * "Live clock: 10 min + 5 s a turn · out of time: out of the game".
 * @param {Clock | null | undefined} clock @returns {string} */
export function clockLine(clock) {
  return clock ? `${clockWords(clock)} · ${timeoutWords(clock)}` : clockWords(null);
}

/** What the clock does to a seat out of time, in words: "Out of time: a bot
 * (Expert) plays on", "Out of time: out of the game". A clock from before the
 * choice existed is a bot's.
 * @param {Clock} clock @returns {string} */
export function timeoutWords(clock) {
  if (clock.timeout === 'out') return t('clock.rule_out');
  return t('clock.rule_bot', { level: levelName(clock.level) });
}

/** What a clock is, in a few words: "Live clock: 10 min + 5 s a turn",
 * "Slow: 3 days a turn", "No clock".
 * @param {Clock | null | undefined} clock @returns {string} */
export function clockWords(clock) {
  if (!clock) return t('clock.none');
  if (clock.kind === 'live') return t(clock.increment ? 'clock.live' : 'clock.live_flat', { minutes: clock.minutes, seconds: clock.increment });
  if (clock.hours % 24 === 0) return plural('clock.move_days', clock.hours / 24);
  return t('clock.move_hours', { hours: clock.hours });
}

/** The time left, `ms` milliseconds, as a clock shows it: "9:05", "1:02:03"
 * for a live clock; "23 h 05", "2 d 4 h" for a deadline (whole seconds,
 * rounded up: a clock at 0:00 has run out).
 * @param {number} ms @param {string} kind @returns {string} */
export function timeLeft(ms, kind) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (kind === 'live') return hours ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
  if (hours >= 24) return t('clock.days_left', { days: Math.floor(hours / 24), hours: hours % 24 });
  if (hours) return t('clock.hours_left', { hours, minutes: two(minutes) });
  return `${minutes}:${two(rest)}`;
}

/** The options of a game that are on, in words.
 * @param {string} game @param {Record<string, boolean> | null | undefined} options @returns {string[]} */
export function optionWords(game, options) {
  return Object.entries(options || {})
    .filter(([name, on]) => on === true && has(`game.${game}.option.${name}`))
    .map(([name]) => t(`game.${game}.option.${name}`));
}

/** Who sits at a seat: a person's name, a bot and its level, a free seat,
 * or (`here`) the seat one is about to take.
 * @param {{kind: string, name?: string | null, free?: boolean, here?: boolean}} seat @returns {string} */
export function seatWords({ kind, name, free, here = false }) {
  if (here) return t('online.join_here');
  const level = botLevel(kind);
  if (level !== null) return t('online.join_bot', { level: levelName(level) });
  // A seat taken by a person has the name they sat down with.
  return free ? t('online.seat_free') : /** @type {string} */ (name);
}
