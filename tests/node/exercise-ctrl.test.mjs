// "Learn from your mistakes" without a page (web/js/exercise/ctrl.js): the
// exercises one after the other, a move no better answered, one good enough
// found, the expert's move shown (a miss), the count kept at the end.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { ExerciseCtrl } from '../../web/js/exercise/ctrl.js';

function exercises(plies = [12, 30, 7]) {
  const opened = [];
  const kept = [];
  const shown = [];
  const left = [];
  let draws = 0;
  const call = async (cmd, args) => {
    assert.equal(cmd, 'review_expert_move');
    return { text: `best at ${args.ply}` };
  };
  const ctrl = new ExerciseCtrl(
    {
      plies,
      seat: 0,
      call,
      open: async (ply) => opened.push(ply),
      suggest: (move) => shown.push(move),
      keep: (count) => kept.push(count),
      leave: (ply) => left.push(ply),
    },
    { redraw: () => (draws += 1) },
  );
  return { ctrl, opened, kept, shown, left, draws: () => draws };
}

const tried = (ply, good, cost = good ? 0.01 : 0.12) => ({ ply, move: { text: 'm' }, cost, mark: good ? 'good' : 'mistake', good });

test('a move no better is said and the exercise goes on; one good enough is found', async () => {
  const { ctrl, opened } = exercises();
  await ctrl.begin();
  assert.deepEqual(opened, [12]);
  assert.equal(ctrl.ply, 12);
  ctrl.tried(tried(12, false));
  assert.equal(ctrl.state, 'trying');
  assert.equal(ctrl.wrongTry.cost, 0.12);
  ctrl.tried(tried(12, true));
  assert.equal(ctrl.state, 'found');
  assert.equal(ctrl.wrongTry, null);
  assert.deepEqual([ctrl.found, ctrl.missed, ctrl.tries], [1, 0, 2]);
});

test('the expert\'s move shown is a miss, then found or not, it stays one', async () => {
  const { ctrl, shown } = exercises();
  await ctrl.begin();
  await ctrl.show();
  assert.deepEqual(shown, [{ text: 'best at 12' }]);
  assert.equal(ctrl.state, 'shown');
  ctrl.tried(tried(12, true));
  assert.equal(ctrl.state, 'shown');
  assert.deepEqual([ctrl.found, ctrl.missed], [0, 1]);
  // Shown after it was found: still found.
  await ctrl.next();
  ctrl.tried(tried(30, true));
  await ctrl.show();
  assert.deepEqual([ctrl.state, ctrl.found, ctrl.missed], ['found', 1, 1]);
});

test('an exercise passed over is missed; the count is kept at the end; leaving goes back where it was', async () => {
  const { ctrl, opened, kept, left } = exercises();
  await ctrl.begin();
  ctrl.tried(tried(12, true));
  await ctrl.next();
  await ctrl.next();
  assert.deepEqual(opened, [12, 30, 7]);
  ctrl.leave();
  assert.deepEqual(left, [7]);
  await ctrl.next();
  assert.equal(ctrl.state, 'done');
  assert.equal(ctrl.ply, null);
  assert.deepEqual(kept, [{ found: 1, missed: 2 }]);
  // Nothing more counts once done.
  ctrl.tried(tried(7, true));
  await ctrl.next();
  assert.deepEqual(kept, [{ found: 1, missed: 2 }]);
  ctrl.leave();
  assert.deepEqual(left, [7, 7]);
});

test('no exercise: done at once, nothing opened', async () => {
  const { ctrl, opened, kept } = exercises([]);
  await ctrl.begin();
  assert.equal(ctrl.state, 'done');
  assert.deepEqual(opened, []);
  assert.deepEqual(kept, [{ found: 0, missed: 0 }]);
});
