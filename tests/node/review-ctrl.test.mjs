// A finished game looked back on (web/js/review/ctrl.js) without a page: a
// step through the game, the expert asked at a ply and interrupted by a
// step elsewhere, "Show everything", the analysis in slices, stopped and
// taken up again. The engine is a fake that records what it is asked.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { ReviewCtrl, REVIEW_SESSION } from '../../web/js/review/ctrl.js';

const PLAN = { game: 'kahuna', plies: 4, players: 2, over: true, private: true, decisions: 4, movers: [0, 1, 1, 0], rounds: [[0, 1], [2, 2]] };

/** The engine's judgement of an analysis: the move at ply 1 a mistake, at ply 2 an inaccuracy. */
const judgeOf = (results) => ({
  decisions: results.map((item) => ({ ply: item.ply, mover: item.mover, cost: [0, 0.12, 0.06][item.ply] ?? 0, mark: ['best', 'mistake', 'inaccuracy'][item.ply] ?? 'best' })),
  players: [{ player: 0, accuracy: 100 }, { player: 1, accuracy: 70 }],
});

function review({ analysis = null, expertSlices = 2, analysisSlices = 2, judgeFails = false, plan = PLAN, playOn = undefined } = {}) {
  const asked = [];
  const drawn = [];
  let expert = 0;
  let analysed = 0;
  const call = async (cmd, args) => {
    asked.push([cmd, args]);
    assert.equal(args.session, REVIEW_SESSION);
    if (cmd === 'review_at') {
      return { ply: args.ply, viewer: args.viewer, revealed: Boolean(args.reveal), log: [], result: args.ply === PLAN.plies ? { winners: [1] } : null };
    }
    if (cmd === 'review_expert') {
      expert += 1;
      const done = expert % expertSlices === 0;
      return { progress: done ? 1 : 0.5, done, opinion: done ? { ply: args.ply, mover: 0, best: { text: 'go' } } : null };
    }
    if (cmd === 'review_play_on') return { game: 'kahuna', moves: [], start: { at: args.ply } };
    if (cmd === 'review_judge') {
      if (judgeFails) throw Object.assign(new Error('not an analysis of this game'), { key: 'error.bad_analysis' });
      return judgeOf(args.results);
    }
    if (cmd === 'review_analyse') {
      analysed += 1;
      const done = analysed >= analysisSlices;
      const ply = analysed - 1;
      return { progress: analysed / analysisSlices, done, results: [{ ply, mover: plan.movers[ply], estimates: [0.5, 0.5], mark: ply === 1 ? 'mistake' : 'best', cost: ply === 1 ? 0.11 : 0 }] };
    }
    throw new Error(`unexpected ${cmd}`);
  };
  const saved = [];
  const view = Object.fromEntries(
    ['position', 'controls', 'opinion', 'graph', 'rebuild', 'stopped', 'error', 'judged'].map((part) => [part, (arg) => drawn.push(arg === undefined ? part : [part, arg])]),
  );
  const ctrl = new ReviewCtrl({ plan, call, viewer: 0, analysis, saveAnalysis: (results) => saved.push(results), playOn }, view);
  return { ctrl, asked, drawn, saved };
}

const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

test('opened at the end, through the first seat\'s eyes; the result kept for the graph', async () => {
  const { ctrl, asked, drawn } = review();
  await ctrl.open();
  assert.equal(ctrl.ply, 4);
  assert.deepEqual(asked[0], ['review_at', { ply: 4, viewer: 0, reveal: false, session: REVIEW_SESSION }]);
  assert.deepEqual(ctrl.lastResult, { winners: [1] });
  assert.deepEqual(drawn, ['position', 'graph']);
});

test('steps are clamped to the game, and only the last wish is drawn', async () => {
  const { ctrl, asked } = review();
  await ctrl.open();
  ctrl.go(-3);
  ctrl.go(2);
  ctrl.go(99);
  await settle();
  assert.equal(ctrl.ply, 4);
  ctrl.go(1.4);
  await settle();
  assert.equal(ctrl.ply, 1);
  // -3 was being drawn when 2 then 99 (4) were asked: 0 then 4, never 2.
  assert.deepEqual(asked.filter((a) => a[0] === 'review_at').map((a) => a[1].ply), [4, 0, 4, 1]);
});

test('the expert, asked at a ply: thought in slices, then its opinion; a step elsewhere stops it', async () => {
  const { ctrl, asked, drawn } = review({ expertSlices: 3 });
  await ctrl.open(1);
  await ctrl.askExpert();
  assert.deepEqual(ctrl.opinion, { ply: 1, mover: 0, best: { text: 'go' } });
  assert.equal(asked.filter((a) => a[0] === 'review_expert').length, 3);
  assert.ok(drawn.filter((d) => d === 'opinion').length >= 3);
  // Asked again elsewhere, then a step: the thinking stops and says nothing.
  ctrl.go(2);
  await settle();
  const asking = ctrl.askExpert();
  ctrl.go(3);
  await asking;
  assert.equal(ctrl.asking, null);
  assert.equal(ctrl.opinion, null, 'the interrupted opinion is not shown');
  // The last position has no decision to judge.
  ctrl.go(4);
  await settle();
  const before = asked.length;
  await ctrl.askExpert();
  assert.equal(asked.length, before);
});

test('"Show everything" only where the game kept secrets and is over; the viewer changes', async () => {
  const { ctrl, asked } = review();
  await ctrl.open(2);
  ctrl.setReveal(true);
  await settle();
  assert.equal(asked.at(-1)[1].reveal, true);
  ctrl.setViewer(null);
  await settle();
  assert.deepEqual(asked.at(-1)[1], { ply: 2, viewer: null, reveal: true, session: REVIEW_SESSION });
  const open = new ReviewCtrl({ plan: { ...PLAN, private: false }, call: async () => ({}), viewer: null, analysis: null, saveAnalysis() {} }, {});
  open.fetch = async () => {};
  open.setReveal(true);
  assert.equal(open.reveal, false);
});

test('the analysis in slices, stopped, taken up again, kept once complete; a kept one is not asked again', async () => {
  const { ctrl, asked, saved, drawn } = review({ analysisSlices: 3 });
  await ctrl.open();
  const running = ctrl.analyse();
  ctrl.stopAnalysis();
  await running;
  assert.equal(ctrl.complete, false);
  assert.ok(drawn.includes('stopped'));
  await ctrl.analyse();
  assert.equal(ctrl.complete, true);
  const slices = asked.filter((a) => a[0] === 'review_analyse');
  assert.equal(slices[0][1].restart, true, 'the first slice starts the analysis');
  assert.ok(slices.slice(1).every((a) => a[1].restart === false), 'taken up where it stopped');
  assert.equal(saved.length, 1);
  assert.deepEqual(saved[0].map((r) => r.ply), [0, 1, 2], 'no decision lost to the stop');
  assert.deepEqual(drawn.slice(-3), ['rebuild', 'position', 'graph']);

  const kept = review({ analysis: saved[0] });
  await kept.ctrl.analyse();
  assert.equal(kept.asked.filter((a) => a[0] === 'review_analyse').length, 0);
  assert.deepEqual(kept.ctrl.analysedAt(0), saved[0][0]);
});

test('closed: nothing more is drawn', async () => {
  const { ctrl, drawn } = review();
  await ctrl.open();
  const count = drawn.length;
  ctrl.close();
  ctrl.go(1);
  await settle();
  assert.equal(drawn.length, count);
});

test('the marks as the analysis goes, then the engine\'s judgement once it is complete', async () => {
  const { ctrl, asked, drawn } = review({ analysisSlices: 3 });
  await ctrl.open();
  const running = ctrl.analyse();
  await settle();
  // Marked as each decision came: the mistake at ply 1, before the judgement.
  assert.equal(ctrl.markAt(1)?.mark, 'mistake');
  await running;
  const judging = asked.filter((a) => a[0] === 'review_judge');
  assert.equal(judging.length, 1);
  assert.deepEqual(judging[0][1].results.map((item) => item.ply), [0, 1, 2]);
  assert.ok(drawn.indexOf('judged') < drawn.lastIndexOf('rebuild'), 'judged before the bar is drawn again');
  assert.equal(ctrl.judged.players[1].accuracy, 70);
  assert.deepEqual(ctrl.markAt(1), { ply: 1, mover: 1, cost: 0.12, mark: 'mistake' }, 'the judgement\'s mark, not the slice\'s');
  assert.equal(ctrl.markAt(2).mark, 'inaccuracy');
  assert.equal(ctrl.markAt(3), null);
  assert.deepEqual(ctrl.errorsOf(null), [1, 2]);
  assert.deepEqual(ctrl.errorsOf(0), []);
  assert.deepEqual(ctrl.errorsOf(1), [1, 2]);
});

test('a kept analysis is judged when the review opens; one the engine refuses is forgotten', async () => {
  const results = [0, 1, 2, 3].map((ply) => ({ ply, mover: PLAN.movers[ply], estimates: [0.5, 0.5] }));
  const kept = review({ analysis: results });
  await kept.ctrl.open();
  assert.equal(kept.asked.filter((a) => a[0] === 'review_judge').length, 1);
  assert.equal(kept.ctrl.markAt(1).mark, 'mistake');
  assert.ok(kept.drawn.includes('judged'));

  const refused = review({ analysis: results, judgeFails: true });
  await refused.ctrl.open();
  assert.equal(refused.ctrl.complete, false);
  assert.deepEqual(refused.ctrl.results, []);
  assert.equal(refused.ctrl.markAt(1), null);
  assert.ok(refused.drawn.some((d) => Array.isArray(d) && d[0] === 'error'), 'the player is told');
  // It may be analysed again, from the start.
  await refused.ctrl.analyse();
  assert.equal(refused.asked.filter((a) => a[0] === 'review_analyse')[0][1].restart, true);
});

test('stepping by turn, by round and by the viewer\'s errors', async () => {
  const { ctrl } = review({ analysisSlices: 4 });
  await ctrl.open(0);
  ctrl.goTurn(1);
  await settle();
  assert.equal(ctrl.ply, 1, 'seat 1\'s turn starts at ply 1');
  ctrl.goTurn(1);
  await settle();
  assert.equal(ctrl.ply, 3);
  ctrl.goTurn(1);
  await settle();
  assert.equal(ctrl.ply, 4, 'after the last turn: the end');
  ctrl.goRound(-1);
  await settle();
  assert.equal(ctrl.ply, 2, 'round 2 starts at ply 2');
  ctrl.goRound(-1);
  await settle();
  assert.equal(ctrl.ply, 0);
  await ctrl.analyse();
  // Seen through seat 0, who made no error: no step.
  ctrl.goError(1);
  await settle();
  assert.equal(ctrl.ply, 0);
  ctrl.setViewer(1);
  await settle();
  ctrl.goError(1);
  await settle();
  assert.equal(ctrl.ply, 1);
  ctrl.goError(1);
  await settle();
  assert.equal(ctrl.ply, 2);
  ctrl.goError(-1);
  await settle();
  assert.equal(ctrl.ply, 1);
});

test('playing on: the position shown, in the seat seen through (else the next to move), the game started from the record', async () => {
  const started = [];
  const { ctrl, asked } = review({ playOn: (record) => started.push(record) });
  await ctrl.open(2);
  await ctrl.playOn('bots');
  assert.deepEqual(asked.at(-1), ['review_play_on', { ply: 2, seat: 0, reveal: false, others: 'bots', session: REVIEW_SESSION }]);
  assert.deepEqual(started, [{ game: 'kahuna', moves: [], start: { at: 2 } }]);
  ctrl.setViewer(null);
  await settle();
  ctrl.setReveal(true);
  await settle();
  ctrl.snap.next_mover = 1;
  await ctrl.playOn('people');
  assert.deepEqual(asked.filter((a) => a[0] === 'review_play_on').at(-1)[1], { ply: 2, seat: 1, reveal: true, others: 'people', session: REVIEW_SESSION });
  // At the end there is nothing to play on from.
  ctrl.go(4);
  await settle();
  await ctrl.playOn('bots');
  assert.equal(started.length, 2);
});
