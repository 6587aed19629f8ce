// @ts-check
// Whose turn it is and how the game ended, in words: the one place the page
// says the table's turn (state.js `Turn`: `to_move`, `over`, `result`,
// `out`, which every snapshot carries beside the game's view). The status
// line, the end dialog, the four text views and the online table all say
// the end through these, so that an end of a new kind (a clock's) is worded
// once. No DOM: the Node tests import it.

import { t, has, list, plural } from './i18n.js';

/** @typedef {import('./state.js').Turn} Turn */
/** @typedef {Partial<import('./state.js').GameResult>} ResultFacts */

/** Who acts now, in words: "Your turn", "Ana to play", "Ana and Bot to
 * choose", or the game's end. `viewer` is the seat on screen (null for a
 * spectator).
 * @param {Pick<Turn, 'over' | 'to_move'>} turn
 * @param {string[]} names
 * @param {number | null | undefined} viewer
 * @returns {string} */
export function turnSentence(turn, names, viewer) {
  if (turn.over) return t('text.turn.over');
  const acting = turn.to_move || [];
  if (!acting.length) return t('text.turn.nobody');
  if (viewer !== null && viewer !== undefined && acting.includes(viewer)) {
    return acting.length === 1 ? t('text.turn.yours') : t('text.turn.yours_with', { others: list(acting.filter((s) => s !== viewer).map((s) => names[s])) });
  }
  return acting.length === 1 ? t('text.turn.of', { player: names[acting[0]] }) : t('text.turn.of_several', { players: list(acting.map((s) => names[s])) });
}

/** Whether `seat` is among the winners of a game that is over.
 * @param {Turn} turn @param {number} seat @returns {boolean} */
export function isWinner(turn, seat) {
  return Boolean(turn.over && turn.result && turn.result.winners.includes(seat));
}

/** Whether `seat` is to choose now (never once the game is over).
 * @param {Turn} turn @param {number} seat @returns {boolean} */
export function isToMove(turn, seat) {
  return !turn.over && turn.to_move.includes(seat);
}

/** Why a game ended as it did, in words: the game's own reason, or the
 * clock's when it took players out (the server's Match.out): before the
 * scoring (no breakdown), or ranking them last at the end.
 * @param {string} game @param {ResultFacts | null | undefined} result @returns {string | null} */
export function endReason(game, result) {
  if (!result || !result.reason) return null;
  if (result.reason === 'time') return result.breakdown ? t('end.reason.time_scored') : t('end.reason.time');
  const key = `${game}.reason.${result.reason}`;
  return has(key) ? t(key) : null;
}

/** The players a clock took out of the game, ranked last; null for none.
 * @param {ResultFacts | null | undefined} result @param {string[]} names @returns {string | null} */
export function outWords(result, names) {
  const out = (result && result.out) || [];
  return out.length ? plural('end.out', out.length, { players: list(out.map((seat) => names[seat])) }) : null;
}

/** The sentence of the end: the winners and the scores, from the result
 * (null before the end).
 * @param {ResultFacts | null | undefined} result
 * @param {string[]} names
 * @returns {string | null} */
export function endSentence(result, names) {
  if (!result) return null;
  const winners = result.winners || [];
  const scores = result.scores || [];
  const parts = scores.map((score, seat) => t('text.end.score', { player: names[seat], score }));
  const head = winners.length === 1 ? t('text.end.winner', { player: names[winners[0]] }) : t('text.end.tie', { players: list(winners.map((s) => names[s])) });
  // No scores: a game a clock ended before its scoring.
  const said = parts.length ? `${head} ${parts.join(', ')}.` : `${head.replace(/\s*:$/, '')}.`;
  const out = outWords(result, names);
  return out ? `${said} ${out}` : said;
}

/** The end dialog's title: the winner, or the players who share the win.
 * @param {number[]} winners @param {string[]} names @returns {string} */
export function winnerTitle(winners, names) {
  return winners.length === 1 ? t('end.winner', { player: names[winners[0]] }) : t('end.draw_between', { players: list(winners.map((s) => names[s])) });
}

/** The status line once the game is over.
 * @param {number[]} winners @param {string[]} names @returns {string} */
export function overStatus(winners, names) {
  return winners.length === 1 ? t('status.over_winner', { player: names[winners[0]] }) : t('status.over_draw');
}
