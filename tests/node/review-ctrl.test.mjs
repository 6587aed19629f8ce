// A finished game looked back on (web/js/review/ctrl.js) without a page: a
// step through the game, the expert asked at a ply and interrupted by a
// step elsewhere, "Show everything", the analysis in slices, stopped and
// taken up again. The engine is a fake that records what it is asked.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { ReviewCtrl, REVIEW_SESSION, CHUNK, helperCount, MAX_HELPERS } from '../../web/js/review/ctrl.js';

const PLAN = { game: 'kahuna', plies: 4, players: 2, over: true, private: true, decisions: 4, movers: [0, 1, 1, 0], rounds: [[0, 1], [2, 2]] };

/** The engine's judgement of an analysis: the move at ply 1 a mistake, at ply 2 an inaccuracy. */
const judgeOf = (results) => ({
  decisions: results.map((item) => ({ ply: item.ply, mover: item.mover, cost: [0, 0.12, 0.06][item.ply] ?? 0, mark: ['best', 'mistake', 'inaccuracy'][item.ply] ?? 'best' })),
  players: [{ player: 0, accuracy: 100 }, { player: 1, accuracy: 70 }],
  luck: { deal: [0.1, -0.1], plies: { 2: [0.05, -0.05] } },
});

/** The engine's analysis of a task (`plies`, `quick`): one decision a
 * slice, done with the task's last; the analysis proper marks ply 1 a
 * mistake, the quick pass marks nothing. Each session (engine) goes on with
 * its own task. */
function analyser(plan) {
  const under = new Map();
  return (args) => {
    const key = JSON.stringify([args.plies, args.quick]);
    const at = under.get(args.session)?.key === key ? under.get(args.session).at : 0;
    const ply = args.plies[at];
    under.set(args.session, { key, at: at + 1 });
    const done = at + 1 >= args.plies.length;
    const result = args.quick
      ? { ply, mover: plan.movers[ply], estimates: [0.4, 0.6], best_chance: 0.4, quick: true, mark: null, cost: null }
      : { ply, mover: plan.movers[ply], estimates: [0.5, 0.5], best_chance: 0.5, mark: ply === 1 ? 'mistake' : 'best', cost: ply === 1 ? 0.11 : 0 };
    return { progress: 0, done, results: [result] };
  };
}

function review({ analysis = null, expertSlices = 2, analysisSlices = 2, judgeFails = false, plan: given = PLAN, playOn = undefined, helpers = undefined, stopAfter = 0, luck = null } = {}) {
  const plan = { ...given, decision_plies: given.decision_plies || Array.from({ length: analysisSlices }, (_, ply) => ply) };
  const asked = [];
  const drawn = [];
  let expert = 0;
  const analyse = analyser(plan);
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
      // The player stops the analysis as the engine answers this slice.
      if (asked.filter((a) => a[0] === 'review_analyse').length === stopAfter) ctrl.stopAnalysis();
      return analyse(args);
    }
    throw new Error(`unexpected ${cmd}`);
  };
  const saved = [];
  const view = Object.fromEntries(
    ['position', 'controls', 'opinion', 'graph', 'rebuild', 'stopped', 'error', 'judged'].map((part) => [part, (arg) => drawn.push(arg === undefined ? part : [part, arg])]),
  );
  const lucks = [];
  const ctrl = new ReviewCtrl({ plan, call, viewer: 0, analysis, saveAnalysis: (results) => saved.push(results), playOn, helpers, luck, saveLuck: (kept) => lucks.push(kept) }, view);
  return { ctrl, asked, drawn, saved, lucks };
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

test('the analysis: a quick pass first, then each decision in chunks; stopped, taken up again, kept once complete', async () => {
  const { ctrl, asked, saved, drawn } = review({ analysisSlices: 7, stopAfter: 10 });
  await ctrl.open();
  await ctrl.analyse();
  assert.equal(ctrl.complete, false);
  assert.ok(drawn.includes('stopped'));
  const before = asked.filter((a) => a[0] === 'review_analyse').map((a) => a[1]);
  assert.deepEqual(before[0].plies, [0, 1, 2, 3, 4, 5, 6], 'the quick pass first, over every decision');
  assert.equal(before[0].quick, true);
  // The graph draws the quick estimates until the analysis proper replaces them.
  assert.ok(ctrl.graphResults().length > ctrl.results.length);
  const analysed = ctrl.results.map((item) => item.ply);
  await ctrl.analyse();
  assert.equal(ctrl.complete, true);
  const after = asked.filter((a) => a[0] === 'review_analyse').map((a) => a[1]).slice(before.length);
  assert.ok(after.every((args) => !args.quick), 'no decision glanced at twice');
  assert.ok(after.every((args) => args.plies.every((ply) => !analysed.includes(ply))), 'taken up where it stopped');
  assert.ok(after.every((args) => args.plies.length <= CHUNK));
  assert.equal(saved.length, 1);
  assert.deepEqual(saved[0].map((r) => r.ply), [0, 1, 2, 3, 4, 5, 6], 'no decision lost to the stop');
  assert.ok(saved[0].every((r) => !r.quick), 'only the analysis proper is kept');
  assert.deepEqual(ctrl.graphResults(), ctrl.results);
  assert.equal(ctrl.progress(), 1);
  assert.deepEqual(drawn.slice(-3), ['rebuild', 'position', 'graph']);

  const kept = review({ analysis: saved[0], analysisSlices: 7 });
  await kept.ctrl.analyse();
  assert.equal(kept.asked.filter((a) => a[0] === 'review_analyse').length, 0);
  assert.deepEqual(kept.ctrl.analysedAt(0), saved[0][0]);
});

test('helper engines share the tasks with the page\'s engine; one that cannot boot leaves its part to the others', async () => {
  const plan = { ...PLAN, plies: 40, movers: Array.from({ length: 40 }, (_, ply) => ply % 2), decision_plies: Array.from({ length: 40 }, (_, ply) => ply) };
  const helperAsked = [];
  const analyse = analyser(plan);
  let started = 0;
  let closed = 0;
  const helpers = {
    count: () => 2,
    async start() {
      started += 1;
      if (started === 2) throw { key: 'error.boot', message: 'no memory', params: {} };
      const session = `analysis-${started}`;
      return {
        session,
        close: () => (closed += 1),
        call: async (cmd, args) => {
          helperAsked.push(args);
          await new Promise((resolve) => setTimeout(resolve, 0));
          return analyse(args);
        },
      };
    },
  };
  const { ctrl, asked, saved } = review({ plan, helpers });
  await ctrl.open();
  await ctrl.analyse();
  assert.equal(ctrl.complete, true);
  assert.equal(started, 2);
  assert.deepEqual(saved[0].map((item) => item.ply), plan.decision_plies, 'every decision once, in order');
  const mine = asked.filter((a) => a[0] === 'review_analyse').length;
  assert.ok(mine > 0 && helperAsked.length > 0, `both worked: page ${mine}, helper ${helperAsked.length}`);
  assert.ok(helperAsked.every((args) => args.session === 'analysis-1'));
  // The analysis complete, the helper ends: nothing more to share.
  await settle();
  assert.equal(closed, 1);
  ctrl.close();
  await settle();
  assert.equal(closed, 1);
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
  assert.deepEqual(refused.asked.filter((a) => a[0] === 'review_analyse')[0][1].plies, [0, 1]);
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

test('helper engines: one a core beside the page\'s engine, within a quarter of the memory, at most a few', () => {
  assert.equal(helperCount({ hardwareConcurrency: 2, deviceMemory: 8 }), 1);
  assert.equal(helperCount({ hardwareConcurrency: 1, deviceMemory: 8 }), 0);
  assert.equal(helperCount({ hardwareConcurrency: 16, deviceMemory: 8 }), MAX_HELPERS);
  assert.equal(helperCount({ hardwareConcurrency: 8, deviceMemory: 1 }), 0, 'a phone of 1 GB: the page\'s engine alone');
  assert.equal(helperCount({ hardwareConcurrency: 8, deviceMemory: 2 }), 2);
  assert.equal(helperCount({ hardwareConcurrency: 4 }), 3, 'memory unknown: the cores say');
  assert.equal(helperCount({}), 0);
});

test('what chance did is kept with the game once measured, and given back instead of measured again', async () => {
  const fresh = review({ analysisSlices: 3 });
  await fresh.ctrl.open();
  await fresh.ctrl.analyse();
  const judging = fresh.asked.filter((a) => a[0] === 'review_judge');
  assert.equal(judging[0][1].luck, undefined, 'nothing to give back the first time');
  assert.deepEqual(fresh.lucks, [judgeOf([]).luck]);

  const kept = review({ analysis: fresh.saved[0], analysisSlices: 3, luck: fresh.lucks[0] });
  await kept.ctrl.open();
  const given = kept.asked.filter((a) => a[0] === 'review_judge');
  assert.deepEqual(given[0][1].luck, fresh.lucks[0]);
  assert.deepEqual(kept.lucks, [], 'given back, not kept again');
  // Luck without its analysis is nothing to give back.
  const alone = review({ luck: fresh.lucks[0] });
  assert.equal(alone.ctrl.keptLuck, null);
});
