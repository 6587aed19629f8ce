// The turn controller (web/js/turns.js) with a fake table and a fake view:
// who acts and when, for a table in the browser (bots played here, people
// passing the device behind the privacy screen) and for a table server (bots
// and other people play elsewhere; their moves arrive as new states).

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { createTurns, sinceViewer, latestTurn, progressOf } from '../../web/js/turns.js';

const entry = (n, player) => ({ n, player, events: [{ key: 'toy.move', player }] });

/** A toy game: players take turns; each move is one log entry; over after `length` moves. */
function toyGame({ seats, length = 4, privateInfo = true }) {
  const log = [];
  let toMove = 0;
  const snap = (viewer) => ({
    game: 'toy',
    seats,
    names: seats.map(() => ''),
    private: privateInfo,
    to_move: log.length >= length ? [] : [toMove],
    over: log.length >= length,
    result: log.length >= length ? { winners: [0] } : null,
    viewer,
    legal: viewer === toMove && log.length < length ? [{ text: 'go' }] : [],
    log: log.slice(),
    can_undo: viewer !== null && log.length > 0 && log[log.length - 1].player === viewer,
  });
  const play = (seat) => {
    assert.equal(seat, toMove, `seat ${seat} played out of turn`);
    log.push(entry(log.length + 1, seat));
    toMove = (toMove + 1) % seats.length;
  };
  return { snap, play, log };
}

function fakeView() {
  const seen = { draws: [], statuses: [], privacy: [], errors: [], finished: 0 };
  return {
    seen,
    draw: (snap, { interactive, marked, fresh }) => seen.draws.push({ snap, interactive, marked, fresh }),
    status: (facts) => seen.statuses.push(facts),
    progress() {},
    busy() {},
    tools() {},
    privacy: async (seat) => {
      seen.privacy.push(seat);
    },
    error: (error) => seen.errors.push(error),
    finish: () => {
      seen.finished += 1;
    },
    settled: () => null,
    autosave: async () => {},
    advice() {},
    suggest() {},
    watchBar() {},
  };
}

function localTable(toy) {
  const calls = [];
  return {
    calls,
    botsHere: true,
    sharedDevice: true,
    snapshot: async (viewer) => {
      calls.push(['snapshot', viewer]);
      return toy.snap(viewer);
    },
    play: async (seat, move, viewer) => {
      calls.push(['play', seat]);
      toy.play(seat);
      return toy.snap(viewer);
    },
    undo: async () => {
      throw { key: 'error.cannot_undo' };
    },
    think: async (args) => {
      calls.push(['think', args.seat]);
      return { done: true, move: { text: 'go' } };
    },
    botMove: async (seat, viewer) => {
      calls.push(['bot_move', seat]);
      toy.play(seat);
      return toy.snap(viewer);
    },
    save: async () => ({}),
  };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

test('marks: what the others did since the viewer moved, or the latest turn', () => {
  const log = [entry(1, 0), entry(2, 1), entry(3, 2), entry(4, 2)];
  assert.deepEqual(sinceViewer(log, 0).map((each) => each.n), [2, 3, 4]);
  assert.deepEqual(sinceViewer(log, null).map((each) => each.n), [3, 4]);
  assert.deepEqual(latestTurn(log).map((each) => each.n), [3, 4]);
  assert.equal(progressOf({ budget: { millis: 1000 }, millis: 250, done: false }), 0.25);
  assert.equal(progressOf({ done: true }), null);
});

test('in the browser, a bot thinks and plays, then the person moves', async () => {
  const toy = toyGame({ seats: ['bot1', 'h'] });
  const table = localTable(toy);
  const view = fakeView();
  const turns = createTurns({ table, view, seats: ['bot1', 'h'], viewer: 1, pace: () => 'instant', sleep: async () => {} });
  await turns.begin(toy.snap(1), { fromStart: true });
  await settle();
  assert.deepEqual(table.calls.slice(0, 2), [['think', 0], ['bot_move', 0]]);
  assert.equal(view.seen.statuses.at(-1).kind, 'your_turn');
  assert.equal(turns.isInteractive(), true);
  await turns.choose('go');
  await settle();
  assert.deepEqual(table.calls.filter((call) => call[0] !== 'snapshot').map((call) => call.join(' ')), [
    'think 0', 'bot_move 0', 'play 1', 'think 0', 'bot_move 0',
  ]);
  // The bot's latest move is marked and new to the person.
  const last = view.seen.draws.at(-1);
  assert.deepEqual(last.marked.map((each) => each.n), [3]);
  assert.deepEqual(last.fresh.map((each) => each.n), [3]);
});

test('two people on one device: the privacy screen comes before each hand', async () => {
  const toy = toyGame({ seats: ['h', 'h'], length: 3 });
  const table = localTable(toy);
  const view = fakeView();
  const turns = createTurns({ table, view, seats: ['h', 'h'], viewer: null, pace: () => 'instant', sleep: async () => {} });
  await turns.begin(toy.snap(0), { fromStart: true });
  await settle();
  assert.deepEqual(view.seen.privacy, [0]);
  await turns.choose('go');
  await settle();
  assert.deepEqual(view.seen.privacy, [0, 1]);
  assert.equal(view.seen.statuses.at(-1).named, true, 'several people: the status names who plays');
});

test('online, nobody else is played here: bots and friends move on the server', async () => {
  const toy = toyGame({ seats: ['h', 'bot0', 'h'], length: 6 });
  const calls = [];
  const remote = {
    botsHere: false,
    sharedDevice: false,
    snapshot: async () => toy.snap(0),
    play: async (seat) => {
      calls.push(['play', seat]);
      return null; // the new state comes as an update
    },
    undo: async () => null,
    think: async () => assert.fail('no search online'),
    botMove: async () => assert.fail('no bot online'),
  };
  const view = fakeView();
  const turns = createTurns({ table: remote, view, seats: ['h', 'bot0', 'h'], viewer: 0 });
  await turns.begin(toy.snap(0), { fromStart: false });
  assert.equal(view.seen.statuses.at(-1).kind, 'your_turn');
  assert.equal(view.seen.statuses.at(-1).named, false, 'one seat per device: "your turn"');
  await turns.choose('go');
  assert.deepEqual(calls, [['play', 0]]);
  toy.play(0);
  await turns.update(toy.snap(0));
  assert.equal(view.seen.statuses.at(-1).kind, 'thinking');
  assert.equal(turns.isInteractive(), false);
  await turns.choose('go');
  assert.equal(calls.length, 1, 'no move out of turn');
  toy.play(1);
  await turns.update(toy.snap(0));
  assert.deepEqual([view.seen.statuses.at(-1).kind, view.seen.statuses.at(-1).seat], ['waiting', 2]);
  assert.deepEqual(view.seen.privacy, [], 'no privacy screen online');
  assert.equal(turns.canHint(), false, 'no hint online: the position is on the server');
  toy.play(2);
  await turns.update(toy.snap(0));
  // What the bot and the friend did since this seat's move stays marked;
  // only the friend's move is new (the bot's was shown as it came).
  const last = view.seen.draws.at(-1);
  assert.deepEqual(last.marked.map((each) => each.n), [2, 3]);
  assert.deepEqual(last.fresh.map((each) => each.n), [3]);
  assert.equal(view.seen.statuses.at(-1).kind, 'your_turn');
});

test('a retired game draws nothing more', async () => {
  const toy = toyGame({ seats: ['h', 'h'] });
  const view = fakeView();
  const turns = createTurns({ table: { botsHere: false, sharedDevice: false }, view, seats: ['h', 'h'], viewer: 0 });
  await turns.begin(toy.snap(0), { fromStart: true });
  const drawn = view.seen.draws.length;
  turns.retire();
  toy.play(0);
  await turns.update(toy.snap(0));
  assert.equal(view.seen.draws.length, drawn);
});

test('the end of the game is shown once', async () => {
  const toy = toyGame({ seats: ['h', 'h'], length: 1 });
  const view = fakeView();
  const turns = createTurns({ table: { botsHere: false, sharedDevice: false }, view, seats: ['h', 'h'], viewer: 1 });
  toy.play(0);
  await turns.begin(toy.snap(1), { fromStart: false });
  assert.equal(view.seen.finished, 1);
  assert.equal(view.seen.statuses.at(-1).state, 'over');
  assert.deepEqual(view.seen.statuses.at(-1).winners, [0]);
});
