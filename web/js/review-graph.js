// @ts-check
// What an analysis says (pygame_core/review.py), without the DOM: each
// player's chance of winning over the game as they saw it (the graph's
// lines), the marks, the game's turns and rounds to step by, and the
// compact form an analysis is kept in with its saved game.

/** @typedef {import('./state.js').Move} Move */

/**
 * The expert's opinion on one decision (pygame_core/review.py;
 * docs/protocol.md, section 3): the move it would play and the move made,
 * each one's chance of winning for the mover, every player's chance after
 * the expert's move, and (asked one at a time, not in an analysis) the
 * reasons. An analysis's decisions, and those kept with a saved game
 * (`expand`), have the fields up to `estimates`.
 * @typedef {object} Decision
 * @property {number} ply
 * @property {number} mover
 * @property {number | null} [round]
 * @property {Move | null} best
 * @property {Move | null} played
 * @property {boolean} same
 * @property {number | null} best_chance
 * @property {number | null} played_chance
 * @property {number[] | null} [estimates]
 * @property {number} [cost]
 * @property {string} [mark]
 * @property {boolean} [forced]
 * @property {number} [iterations]
 * @property {import('./advice-words.js').Reason[]} [why_best]
 * @property {import('./advice-words.js').Reason[]} [why_played]
 */

/** A decision as kept with its saved game: its fields in FIELDS' order,
 * the moves by their text (its cost and mark are judged again when read).
 * @typedef {[number, number, number | null, string | null, string | null, boolean, number | null, number | null, number[] | null]} KeptDecision */

/** The marks of a decision (pygame_core/judgement.py, docs/review.md), from
 * the best to the worst; the last three are the player's errors. */
export const MARKS = Object.freeze(['best', 'good', 'inaccuracy', 'mistake', 'blunder']);

/** @param {string | null | undefined} mark @returns {boolean} */
export const isError = (mark) => mark === 'inaccuracy' || mark === 'mistake' || mark === 'blunder';

/**
 * One line per player: their chance of winning as they saw it, by the
 * expert from their own information: a point [ply, chance] at each of their
 * decisions (the chance after the expert's move there), and the end (the
 * winners share 1) when the game is over. Each line is in one player's eyes
 * only, so that it does not swing from one mover's view to the next's.
 * @param {Decision[]} results the analysis's decisions, in the order of their plies
 * @param {number} players
 * @param {number} plies the game's moves
 * @param {{winners: number[]} | null} result the game's result, once over
 * @returns {{player: number, points: [number, number][]}[]}
 */
export function chanceLines(results, players, plies, result) {
  const lines = Array.from({ length: players }, (_, player) => ({ player, points: /** @type {[number, number][]} */ ([]) }));
  for (const item of results) {
    const line = lines[item.mover];
    if (!line || item.best_chance === null || item.best_chance === undefined) continue;
    line.points.push([item.ply, item.best_chance]);
  }
  if (result && Array.isArray(result.winners) && result.winners.length && lines.some((line) => line.points.length)) {
    const share = 1 / result.winners.length;
    for (const line of lines) line.points.push([plies, result.winners.includes(line.player) ? share : 0]);
  }
  return lines;
}

/** What the move made at a decision cost its player: the expert's chance
 * for its own move less its chance for the move made (0 when they agree,
 * or when either is unknown). The analysis gives it (`cost`); a kept
 * analysis is judged again by the engine (`review_judge`).
 * @param {Decision | null | undefined} item @returns {number} */
export function costOf(item) {
  if (!item) return 0;
  if (typeof item.cost === 'number') return item.cost;
  if (item.same || item.best_chance === null || item.best_chance === undefined) return 0;
  if (item.played_chance === null || item.played_chance === undefined) return 0;
  return Math.max(0, item.best_chance - item.played_chance);
}

/**
 * The starts of the game's stretches, for stepping by them: each turn (a
 * player's moves one after the other) and each round.
 * @param {{movers: number[], rounds?: number[][]}} plan
 * @returns {{turns: number[], rounds: number[]}}
 */
export function stretches(plan) {
  /** @type {number[]} */
  const turns = [];
  plan.movers.forEach((mover, ply) => {
    if (ply === 0 || plan.movers[ply - 1] !== mover) turns.push(ply);
  });
  const rounds = (plan.rounds || []).map(([ply]) => ply);
  return { turns, rounds };
}

/** The first start after `ply` (`direction` 1), or the last before it
 * (-1), among `starts`; the game's end or its start when there is none.
 * @param {number[]} starts @param {number} ply @param {number} direction @param {number} plies @returns {number} */
export function nextStart(starts, ply, direction, plies) {
  if (direction > 0) return starts.find((start) => start > ply) ?? plies;
  for (let i = starts.length - 1; i >= 0; i--) if (starts[i] < ply) return starts[i];
  return 0;
}

/** The graph's drawing box, in SVG units. */
export const GRAPH = Object.freeze({ width: 480, height: 150, left: 42, right: 8, top: 8, bottom: 20 });

/** The point of (ply, chance) in the graph's box.
 * @param {number} ply @param {number} chance @param {number} plies @returns {[number, number]} */
export function graphPoint(ply, chance, plies) {
  const { width, height, left, right, top, bottom } = GRAPH;
  const x = left + (plies ? ply / plies : 0) * (width - left - right);
  const y = top + (1 - chance) * (height - top - bottom);
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}

/** The ply nearest to x in the graph's box.
 * @param {number} x @param {number} plies @returns {number} */
export function plyAt(x, plies) {
  const { width, left, right } = GRAPH;
  const share = (x - left) / (width - left - right);
  return Math.max(0, Math.min(plies, Math.round(share * plies)));
}

// -- keeping an analysis with its saved game ------------------------------------------------

const FIELDS = ['ply', 'mover', 'round', 'best', 'played', 'same', 'best_chance', 'played_chance', 'estimates'];

/** An analysis's decisions as kept: the fields the review draws, moves by their text.
 * @param {Decision[]} results @returns {KeptDecision[]} */
export function compact(results) {
  return results.map(/** @returns {KeptDecision} */ (item) => [
    item.ply,
    item.mover,
    item.round ?? null,
    item.best ? item.best.text : null,
    item.played ? item.played.text : null,
    Boolean(item.same),
    item.best_chance ?? null,
    item.played_chance ?? null,
    item.estimates ?? null,
  ]);
}

/** @param {unknown} value @returns {boolean} */
const isChance = (value) => value === null || (typeof value === 'number' && value >= 0 && value <= 1);

/** The decisions of a kept analysis, or null when what is kept is not one
 * (storage can hold anything): `players` and `plies` are the game's.
 * @param {unknown} kept @param {number} players @param {number} plies @returns {Decision[] | null} */
export function expand(kept, players, plies) {
  if (!Array.isArray(kept) || kept.length > plies) return null;
  /** @type {Decision[]} */
  const results = [];
  let last = -1;
  for (const row of kept) {
    if (!Array.isArray(row) || row.length !== FIELDS.length) return null;
    const [ply, mover, round, best, played, same, bestChance, playedChance, estimates] = row;
    if (!Number.isInteger(ply) || ply <= last || ply >= plies) return null;
    if (!Number.isInteger(mover) || mover < 0 || mover >= players) return null;
    if (round !== null && !Number.isInteger(round)) return null;
    if ((best !== null && typeof best !== 'string') || (played !== null && typeof played !== 'string')) return null;
    if (typeof same !== 'boolean' || !isChance(bestChance) || !isChance(playedChance)) return null;
    if (estimates !== null && !(Array.isArray(estimates) && estimates.length === players && estimates.every((e) => e !== null && isChance(e)))) return null;
    last = ply;
    results.push({
      ply,
      mover,
      round,
      best: best === null ? null : { text: best },
      played: played === null ? null : { text: played },
      same,
      best_chance: bestChance,
      played_chance: playedChance,
      estimates,
    });
  }
  return results;
}
