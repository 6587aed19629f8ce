// What an analysis says, without the DOM (web/js/review-graph.js): the
// graph's lines, the costs and marks, the turns and rounds to step by, and
// the compact form an analysis is kept in with its saved game (read back
// only when it is sound).

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { chanceLines, costOf, isError, MARKS, stretches, nextStart, compact, expand, graphPoint, plyAt, GRAPH } from '../../web/js/review-graph.js';

const decision = (ply, mover, best, played, estimates, extra = {}) => ({
  ply,
  mover,
  round: 1,
  best: { text: `best ${ply}` },
  played: { text: `played ${ply}` },
  same: best === played,
  best_chance: best,
  played_chance: played,
  estimates,
  ...extra,
});

test('each line is its player\'s chance in their own eyes at their decisions, and ends at the result', () => {
  const results = [decision(0, 0, 0.6, 0.6, [0.6, 0.4]), decision(1, 1, 0.7, 0.5, [0.3, 0.7]), decision(2, 0, 0.5, 0.5, [0.5, 0.5])];
  const lines = chanceLines(results, 2, 5, { winners: [1] });
  assert.deepEqual(lines.map((line) => line.player), [0, 1]);
  assert.deepEqual(lines[0].points, [[0, 0.6], [2, 0.5], [5, 0]]);
  assert.deepEqual(lines[1].points, [[1, 0.7], [5, 1]]);
  // A draw: the winners share the end.
  assert.deepEqual(chanceLines(results, 2, 5, { winners: [0, 1] })[0].points.at(-1), [5, 0.5]);
  // Before the end (or without any decision), no final point.
  assert.equal(chanceLines(results, 2, 5, null)[0].points.length, 2);
  assert.deepEqual(chanceLines([], 2, 5, { winners: [0] })[0].points, []);
});

test('decisions without a chance draw no point', () => {
  const results = [decision(0, 0, null, null, null), decision(3, 1, 0.5, 0.4, [0.3, 0.7])];
  assert.deepEqual(chanceLines(results, 2, 4, null)[0].points, []);
  assert.deepEqual(chanceLines(results, 2, 4, null)[1].points, [[3, 0.5]]);
});

test('a cost is the analysis\'s own, else the expert\'s chance less the move made\'s', () => {
  assert.equal(costOf(decision(0, 0, 0.6, 0.6, [0.6, 0.4])), 0);
  assert.ok(Math.abs(costOf(decision(1, 1, 0.7, 0.5, [0.3, 0.7])) - 0.2) < 1e-9);
  assert.equal(costOf(decision(4, 0, 0.4, null, [0.4, 0.6])), 0, 'a move not weighed costs nothing said');
  assert.equal(costOf(decision(4, 0, 0.4, 0.1, [0.4, 0.6], { cost: 0.25 })), 0.25);
  assert.ok(isError('inaccuracy') && isError('blunder') && !isError('good') && !isError(undefined));
  assert.deepEqual(MARKS, ['best', 'good', 'inaccuracy', 'mistake', 'blunder']);
});

test('turns start where the mover changes, rounds where the plan says; stepping finds the next start', () => {
  const plan = { movers: [0, 0, 1, 1, 1, 0, 1], rounds: [[0, 1], [5, 2]] };
  const { turns, rounds } = stretches(plan);
  assert.deepEqual(turns, [0, 2, 5, 6]);
  assert.deepEqual(rounds, [0, 5]);
  assert.equal(nextStart(turns, 0, 1, 7), 2);
  assert.equal(nextStart(turns, 3, 1, 7), 5);
  assert.equal(nextStart(turns, 6, 1, 7), 7, 'after the last turn: the end');
  assert.equal(nextStart(turns, 3, -1, 7), 2);
  assert.equal(nextStart(turns, 2, -1, 7), 0);
  assert.equal(nextStart(rounds, 7, -1, 7), 5);
  assert.equal(nextStart(rounds, 0, -1, 7), 0);
  assert.deepEqual(stretches({ movers: [] }).rounds, []);
});

test('the graph places plies and chances in its box, and a click finds the ply', () => {
  const { width, height, left, right, top, bottom } = GRAPH;
  assert.deepEqual(graphPoint(0, 1, 100), [left, top]);
  assert.deepEqual(graphPoint(100, 0, 100), [width - right, height - bottom]);
  assert.equal(plyAt(left, 100), 0);
  assert.equal(plyAt(width - right, 100), 100);
  assert.equal(plyAt(0, 100), 0);
  assert.equal(plyAt(width * 2, 100), 100);
  const [x] = graphPoint(37, 0.5, 100);
  assert.equal(plyAt(x, 100), 37);
});

test('an analysis kept with its game reads back the same', () => {
  const results = [decision(0, 0, 0.6, 0.6, [0.6, 0.4]), decision(2, 1, 0.7, 0.5, [0.3, 0.7], { round: null })];
  const kept = compact(results);
  assert.equal(JSON.stringify(kept).length < JSON.stringify(results).length, true);
  const back = expand(JSON.parse(JSON.stringify(kept)), 2, 10);
  assert.deepEqual(
    back.map((item) => [item.ply, item.mover, item.round, item.best.text, item.played.text, item.same, item.best_chance, item.played_chance, item.estimates]),
    results.map((item) => [item.ply, item.mover, item.round, item.best.text, item.played.text, item.same, item.best_chance, item.played_chance, item.estimates]),
  );
});

test('whatever storage holds, only a sound analysis of this game is read back', () => {
  const good = compact([decision(0, 0, 0.6, 0.6, [0.6, 0.4]), decision(2, 1, 0.7, 0.5, [0.3, 0.7])]);
  const broken = (change) => {
    const rows = JSON.parse(JSON.stringify(good));
    change(rows);
    return expand(rows, 2, 10);
  };
  assert.equal(expand('nope', 2, 10), null);
  assert.equal(expand({}, 2, 10), null);
  assert.equal(expand(good, 3, 10), null, 'estimates for another number of players');
  assert.equal(expand(good, 2, 2), null, 'a ply beyond the game');
  assert.equal(broken((rows) => rows[1][0] = 0), null, 'plies out of order');
  assert.equal(broken((rows) => rows[0][1] = 5), null, 'a mover who is no seat');
  assert.equal(broken((rows) => rows[0][6] = 1.5), null, 'a chance above 1');
  assert.equal(broken((rows) => rows[0][8] = ['x', 0.4]), null, 'an estimate that is no number');
  assert.equal(broken((rows) => rows[0].push('more')), null, 'a row of another shape');
  assert.equal(broken((rows) => rows[0][3] = { text: 'x' }), null, 'a move that is not text');
  assert.deepEqual(expand([], 2, 10), []);
});
