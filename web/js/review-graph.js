// @ts-check
// What an analysis says (pygame_core/review.py), without the DOM: each
// player's estimated chance of winning over the game (the graph's lines),
// the turning points (the moves that cost their player most), and the
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
 * @property {boolean} [forced]
 * @property {number} [iterations]
 * @property {import('./advice-words.js').Reason[]} [why_best]
 * @property {import('./advice-words.js').Reason[]} [why_played]
 */

/** A decision as kept with its saved game: its fields in FIELDS' order,
 * the moves by their text.
 * @typedef {[number, number, number | null, string | null, string | null, boolean, number | null, number | null, number[] | null]} KeptDecision */

/** A move that cost its player at least this share of a chance of winning
 * is a turning point. */
export const TURNING_POINT = 0.05;

/** The most turning points listed. */
export const MAX_TURNING_POINTS = 5;

/**
 * One line per player: [ply, chance] points, from the analysed decisions'
 * estimates (who the expert thought was winning before each move, over the
 * latest round of decisions), and the end (the winners share 1) when the
 * game is over.
 * @param {Decision[]} results the analysis's decisions, in the order of their plies
 * @param {number} players
 * @param {number} plies the game's moves
 * @param {{winners: number[]} | null} result the game's result, once over
 * @returns {{player: number, points: [number, number][]}[]}
 */
export function estimateLines(results, players, plies, result) {
  const lines = Array.from({ length: players }, (_, player) => ({ player, points: /** @type {[number, number][]} */ ([]) }));
  // Each mover's search sees its own chances a little brighter than the
  // next mover's does: a point is the mean of the latest round of opinions
  // (as many decisions as there are players), so that no line zigzags from
  // one mover's eyes to the next's.
  /** @type {number[][]} */
  const window = [];
  for (const item of results) {
    if (!item.estimates || item.estimates.length !== players) continue;
    window.push(item.estimates);
    if (window.length > players) window.shift();
    for (let player = 0; player < players; player++) {
      const mean = window.reduce((sum, estimates) => sum + estimates[player], 0) / window.length;
      lines[player].points.push([item.ply, Math.round(mean * 10000) / 10000]);
    }
  }
  if (result && Array.isArray(result.winners) && result.winners.length && lines.some((line) => line.points.length)) {
    const share = 1 / result.winners.length;
    for (const line of lines) line.points.push([plies, result.winners.includes(line.player) ? share : 0]);
  }
  return lines;
}

/** What the move made at a decision cost its player: the expert's chance
 * for its own move less its chance for the move made (0 when they agree,
 * or when either is unknown).
 * @param {Decision | null | undefined} item @returns {number} */
export function costOf(item) {
  if (!item || item.same || item.best_chance === null || item.best_chance === undefined) return 0;
  if (item.played_chance === null || item.played_chance === undefined) return 0;
  return Math.max(0, item.best_chance - item.played_chance);
}

/**
 * The moves that cost their player most, dearest first (at most `count`, each
 * costing at least `threshold`): {ply, mover, round, cost}.
 * @param {Decision[]} results @param {number} [count] @param {number} [threshold]
 * @returns {{ply: number, mover: number, round: number | null, cost: number}[]}
 */
export function turningPoints(results, count = MAX_TURNING_POINTS, threshold = TURNING_POINT) {
  return results
    .map((item) => ({ ply: item.ply, mover: item.mover, round: item.round ?? null, cost: costOf(item) }))
    .filter((item) => item.cost >= threshold)
    .sort((a, b) => b.cost - a.cost || a.ply - b.ply)
    .slice(0, count);
}

/** The graph's drawing box, in SVG units. */
export const GRAPH = Object.freeze({ width: 480, height: 140, left: 40, right: 8, top: 8, bottom: 8 });

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
    if (estimates !== null && !(Array.isArray(estimates) && estimates.length === players && estimates.every((e) => isChance(e)))) return null;
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
