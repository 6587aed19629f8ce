// What an analysis says, without the DOM (web/js/review-graph.js): the
// graph's lines, the turning points, and the compact form an analysis is
// kept in with its saved game (read back only when it is sound).

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { estimateLines, turningPoints, costOf, compact, expand, graphPoint, plyAt, GRAPH } from '../../web/js/review-graph.js';

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

test('each line is the mean of the latest round of opinions, and ends at the result', () => {
  const results = [decision(0, 0, 0.6, 0.6, [0.6, 0.4]), decision(1, 1, 0.7, 0.5, [0.2, 0.8]), decision(2, 0, 0.5, 0.5, [0.5, 0.5])];
  const lines = estimateLines(results, 2, 5, { winners: [1] });
  assert.deepEqual(lines.map((line) => line.player), [0, 1]);
  assert.deepEqual(lines[0].points, [[0, 0.6], [1, 0.4], [2, 0.35], [5, 0]]);
  assert.deepEqual(lines[1].points, [[0, 0.4], [1, 0.6], [2, 0.65], [5, 1]]);
  // A draw: the winners share the end.
  assert.deepEqual(estimateLines(results, 2, 5, { winners: [0, 1] })[0].points.at(-1), [5, 0.5]);
  // Before the end (or without any decision), no final point.
  assert.equal(estimateLines(results, 2, 5, null)[0].points.length, 3);
  assert.deepEqual(estimateLines([], 2, 5, { winners: [0] })[0].points, []);
});

test('decisions without estimates draw no point', () => {
  const results = [decision(0, 0, null, null, null), decision(3, 1, 0.5, 0.4, [0.3, 0.7])];
  assert.deepEqual(estimateLines(results, 2, 4, null)[1].points, [[3, 0.7]]);
});

test('the turning points are the dearest moves, dearest first', () => {
  const results = [
    decision(0, 0, 0.6, 0.6, [0.6, 0.4]),
    decision(1, 1, 0.7, 0.5, [0.3, 0.7]),
    decision(2, 0, 0.5, 0.48, [0.5, 0.5]),
    decision(3, 1, 0.9, 0.3, [0.1, 0.9]),
    decision(4, 0, 0.4, null, [0.4, 0.6]),
  ];
  assert.equal(costOf(results[0]), 0);
  assert.ok(Math.abs(costOf(results[1]) - 0.2) < 1e-9);
  assert.equal(costOf(results[4]), 0, 'a move not weighed costs nothing said');
  const points = turningPoints(results);
  assert.deepEqual(points.map((item) => item.ply), [3, 1]);
  assert.equal(points[0].mover, 1);
  assert.equal(points[0].round, 1);
  assert.deepEqual(turningPoints(results, 1).map((item) => item.ply), [3]);
  assert.deepEqual(turningPoints(results, 5, 0.01).map((item) => item.ply), [3, 1, 2]);
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
