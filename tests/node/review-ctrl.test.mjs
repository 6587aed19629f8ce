// A finished game looked back on (web/js/review/ctrl.js) without a page: a
// step through the game, the expert asked at a ply and interrupted by a
// step elsewhere, "Show everything", the analysis in slices, stopped and
// taken up again. The engine is a fake that records what it is asked.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { ReviewCtrl, REVIEW_SESSION } from '../../web/js/review/ctrl.js';

const PLAN = { game: 'kahuna', plies: 4, players: 2, over: true, private: true, decisions: 4 };

function review({ analysis = null, expertSlices = 2, analysisSlices = 2 } = {}) {
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
    if (cmd === 'review_analyse') {
      analysed += 1;
      const done = analysed >= analysisSlices;
      return { progress: analysed / analysisSlices, done, results: [{ ply: analysed - 1, mover: (analysed - 1) % 2, estimates: [0.5, 0.5] }] };
    }
    throw new Error(`unexpected ${cmd}`);
  };
  const saved = [];
  const view = Object.fromEntries(
    ['position', 'controls', 'opinion', 'graph', 'rebuild', 'stopped', 'error'].map((part) => [part, (arg) => drawn.push(arg === undefined ? part : [part, arg])]),
  );
  const ctrl = new ReviewCtrl({ plan: PLAN, call, viewer: 0, analysis, saveAnalysis: (results) => saved.push(results) }, view);
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
