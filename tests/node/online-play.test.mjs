// The menu's "your online tables" (web/js/online-play.js) without a
// browser: whose turn it is at each table is asked of its server; a server
// that does not answer is asked again a little later, a bounded number of
// times; an answer that comes after a newer question's is dropped. The
// browser's storage, fetch and the menu are fakes.

import { test, mock } from 'node:test';
import assert from 'node:assert/strict';

import { OnlinePlay } from '../../web/js/online-play.js';
import * as store from '../../web/js/store.js';

const SERVER = 'http://127.0.0.1:8123/';
const TABLE = 'abcdefghijkl';
const TOKEN = 'A'.repeat(22);

/** localStorage as a browser has it: the keys are the object's own. */
function fakeStorage() {
  const storage = {};
  Object.defineProperties(storage, {
    getItem: { value: (key) => (Object.hasOwn(storage, key) ? storage[key] : null) },
    setItem: { value: (key, value) => { storage[key] = String(value); } },
    removeItem: { value: (key) => { delete storage[key]; } },
  });
  return storage;
}

/** The page around OnlinePlay: a menu that records the statuses it is
 * given, and no game on screen. */
function onlinePlay() {
  const shown = [];
  const menu = { setOnlineStatus: (items) => shown.push(items), setOnline() {}, showMessage() {} };
  const play = new OnlinePlay({ menu, game: /** @type {any} */ ({ active: false }), showScreen() {}, site: SERVER });
  return { play, shown };
}

/** The server's status of Ana's table, her turn. */
const STATUS = { table: TABLE, ok: true, seat: 0, game: 'kahuna', players: 2, names: ['Ana', ''], to_move: [0], over: false };

/** fetch answering each POST of api/tables/status with the next of `answers`
 * (a status list, 'down' for a server that does not answer, or a promise). */
function fakeFetch(answers) {
  const asked = [];
  globalThis.fetch = async (url, options) => {
    asked.push({ url: String(url), body: JSON.parse(options.body) });
    const answer = await answers.shift();
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ tables: answer }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return asked;
}

/** `body` with setTimeout faked (node:test's mock timers). */
async function withFakeTimers(body) {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    await body();
  } finally {
    mock.timers.reset();
  }
}

/** Let the promises that are due run (a few turns of the event loop). */
async function settle(turns = 5) {
  for (let i = 0; i < turns; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

function keepAnasTable() {
  globalThis.localStorage = fakeStorage();
  assert.equal(store.saveOnlineTable({ table: TABLE, token: TOKEN, seat: 0, server: SERVER, game: 'kahuna' }), true);
}

test('the statuses of the tables kept are asked of their server with each seat\'s token', async () => {
  keepAnasTable();
  const asked = fakeFetch([[STATUS]]);
  const { play, shown } = onlinePlay();
  await play.refreshOnlineTables();
  assert.deepEqual(asked, [{ url: `${SERVER}api/tables/status`, body: { tables: [{ table: TABLE, token: TOKEN }] } }]);
  assert.deepEqual(shown, [[STATUS]]);
});

test('a server that does not answer is asked again later, at most four times in all', () =>
  withFakeTimers(async () => {
    keepAnasTable();
    const asked = fakeFetch(['down', 'down', 'down', 'down', [STATUS]]);
    const { play, shown } = onlinePlay();
    await play.refreshOnlineTables();
    assert.deepEqual(shown, [[]]); // no status yet: the menu says it is unknown
    for (let again = 2; again <= 4; again += 1) {
      mock.timers.tick(2999);
      await settle(1);
      assert.equal(asked.length, again - 1, 'not before three seconds');
      mock.timers.tick(1);
      await settle();
      assert.equal(asked.length, again);
    }
    mock.timers.tick(60000);
    await settle(1);
    assert.equal(asked.length, 4, 'four questions, then the menu waits for the player');
    assert.deepEqual(shown, [[], [], [], []]);
  }));

test('once the server answers again, the status shows and nobody asks again', () =>
  withFakeTimers(async () => {
    keepAnasTable();
    const asked = fakeFetch(['down', [STATUS]]);
    const { play, shown } = onlinePlay();
    await play.refreshOnlineTables();
    mock.timers.tick(3000);
    await settle();
    assert.deepEqual(shown, [[], [STATUS]]);
    mock.timers.tick(60000);
    await settle(1);
    assert.equal(asked.length, 2);
  }));

test('no question is asked again once a game is on screen', () =>
  withFakeTimers(async () => {
    keepAnasTable();
    const asked = fakeFetch(['down', [STATUS]]);
    const { play } = onlinePlay();
    await play.refreshOnlineTables();
    play.game.active = true;
    mock.timers.tick(3000);
    await settle(1);
    assert.equal(asked.length, 1);
  }));

test('an answer that comes after a newer question\'s is dropped', async () => {
  keepAnasTable();
  let late;
  const older = new Promise((resolve) => { late = resolve; });
  const newer = { ...STATUS, to_move: [1] };
  fakeFetch([older, [newer]]);
  const { play, shown } = onlinePlay();
  const first = play.refreshOnlineTables();
  await play.refreshOnlineTables();
  late([STATUS]);
  await first;
  assert.deepEqual(shown, [[newer]]);
});

test('without a table kept, no server is asked', async () => {
  globalThis.localStorage = fakeStorage();
  const asked = fakeFetch([]);
  const { play, shown } = onlinePlay();
  await play.refreshOnlineTables();
  assert.deepEqual(asked, []);
  assert.deepEqual(shown, []);
});
