// The page's side of a table server (web/js/remote.js) under a fake
// WebSocket and fake timers: the log rebuilt from `log_from`, a request
// answered only once its state has come, reconnection with back-off, the
// request in flight sent again with its ply, a refused link that stops
// everything, and the network going and coming back.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { createRemoteTable, mergeLog, socketAddress, BACKOFF_MS } from '../../web/js/remote.js';

class FakeSocket {
  static made = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.made.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  // -- the server's side
  open() {
    this.readyState = 1;
    this.onopen();
  }
  deliver(message) {
    this.onmessage({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose({ code: 1006 });
  }
}

function fakeTimers() {
  const waiting = [];
  let clock = 0;
  return {
    waiting,
    set: (fn, ms) => {
      const timer = { fn, at: clock + ms, ms, done: false };
      waiting.push(timer);
      return timer;
    },
    clear: (timer) => {
      if (timer) timer.done = true;
    },
    /** Run the timers due within `ms`. */
    advance(ms) {
      clock += ms;
      for (const timer of waiting.filter((each) => !each.done && each.at <= clock)) {
        timer.done = true;
        timer.fn();
      }
    },
    pending: () => waiting.filter((each) => !each.done),
  };
}

const entry = (n, player, key = 'kahuna.place') => ({ n, player, events: [{ key, player }] });

function snapshot({ ply, log, toMove = [0], over = false }) {
  return { game: 'kahuna', seats: ['h', 'h'], names: ['Ana', 'Bob'], viewer: 0, to_move: toMove, over, legal: [], log, can_undo: false };
}

function stateMessage(type, { ply, logFrom, log, cause = null, undos = [] }) {
  return {
    type,
    seat: 0,
    ply,
    log_from: logFrom,
    snapshot: snapshot({ ply, log }),
    undos,
    table: { id: 'abcdefghijkl', number: 1, names: ['Ana', 'Bob'], joined: [true, true], connected: [true, false], spectators: 0 },
    cause,
  };
}

function setUp({ online = () => true } = {}) {
  FakeSocket.made = [];
  const timers = fakeTimers();
  const seen = { states: [], connection: [], fatal: [], tokens: [], chat: [] };
  const table = createRemoteTable({
    server: 'https://tables.example.org/archipel/',
    table: 'abcdefghijkl',
    token: 'A'.repeat(22),
    WebSocketImpl: FakeSocket,
    setTimer: timers.set,
    clearTimer: timers.clear,
    random: () => 1,
    isOnline: online,
    onState: (state) => seen.states.push(state),
    onConnection: (kind) => seen.connection.push(kind),
    onFatal: (error) => seen.fatal.push(error),
    onToken: (token) => seen.tokens.push(token),
    onChat: (entries, all) => seen.chat.push({ entries, all }),
  });
  const socket = () => FakeSocket.made[FakeSocket.made.length - 1];
  return { table, timers, seen, socket };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

test('the socket address follows the server address', () => {
  assert.equal(socketAddress('https://tables.example.org/archipel/'), 'wss://tables.example.org/archipel/api/ws');
  assert.equal(socketAddress('http://192.0.2.7:8000/'), 'ws://192.0.2.7:8000/api/ws');
});

test('a state keeps the log before log_from and adds the entries it carries', () => {
  const before = { log: [entry(1, 0), entry(2, 1), entry(3, 0)] };
  const log = mergeLog(before, { log_from: 2, snapshot: { log: [entry(3, 1), entry(4, 0)] } });
  assert.deepEqual(log.map((each) => [each.n, each.player]), [[1, 0], [2, 1], [3, 1], [4, 0]]);
  // An undo: the log loses its last entry.
  assert.deepEqual(mergeLog(before, { log_from: 2, snapshot: { log: [] } }).map((each) => each.n), [1, 2]);
});

test('hello first, then the whole state, then the new entries only', () => {
  const { table, seen, socket } = setUp();
  socket().open();
  assert.deepEqual(socket().sent, [{ type: 'hello', table: 'abcdefghijkl', token: 'A'.repeat(22), ref: 'hello' }]);
  socket().deliver(stateMessage('welcome', { ply: 2, logFrom: 0, log: [entry(1, 0), entry(2, 1)] }));
  assert.equal(table.connection, 'online');
  socket().deliver(stateMessage('state', { ply: 3, logFrom: 2, log: [entry(3, 1)], cause: { kind: 'move', seat: 1, ply: 2 } }));
  assert.deepEqual(seen.states.map((state) => state.snapshot.log.length), [2, 3]);
  assert.deepEqual(table.state.cause, { kind: 'move', seat: 1, ply: 2 });
  assert.equal(table.state.ply, 3);
});

test('a move carries the ply it was made at and is done once its state has come', async () => {
  const { table, socket } = setUp();
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 2, logFrom: 0, log: [entry(1, 0), entry(2, 1)] }));
  let done = false;
  const played = table.play(0, 'place ALOA-BARI').then(() => (done = true));
  const sent = socket().sent.at(-1);
  assert.deepEqual({ ...sent, ref: undefined }, { type: 'move', ply: 2, move: 'place ALOA-BARI', ref: undefined });
  socket().deliver({ type: 'ack', ref: sent.ref, ply: 2, move: 'place ALOA-BARI' });
  await flush();
  assert.equal(done, false, 'the ack alone does not end the request: its state follows');
  socket().deliver(stateMessage('state', { ply: 3, logFrom: 2, log: [entry(3, 0)] }));
  await played;
  assert.equal(done, true);
  // One request at a time.
  table.play(0, 'a');
  await assert.rejects(table.play(0, 'b'), (error) => error.key === 'error.busy');
  table.close();
});

test('a refusal rejects the request with its key and params', async () => {
  const { table, socket } = setUp();
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }));
  const played = table.play(0, 'nonsense');
  const ref = socket().sent.at(-1).ref;
  socket().deliver({ type: 'error', ref, key: 'error.not_your_turn', message: 'it is not your turn', params: {} });
  await assert.rejects(played, (error) => error.key === 'error.not_your_turn' && error.message === 'it is not your turn');
});

test('a lost connection comes back with back-off, and the move in flight is sent again with its ply', async () => {
  const { table, timers, seen, socket } = setUp();
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 4, logFrom: 0, log: [1, 2, 3, 4].map((n) => entry(n, n % 2)) }));
  const played = table.play(0, 'place COCO-DUDA');
  socket().drop();
  assert.equal(table.connection, 'reconnecting');
  // Each attempt waits longer than the one before, up to the last wait.
  const waits = [];
  for (let i = 0; i < BACKOFF_MS.length + 1; i++) {
    const [timer] = timers.pending().filter((each) => each.fn.name === 'connect');
    waits.push(timer.ms);
    timers.advance(timer.ms);
    socket().drop();
  }
  assert.deepEqual(waits, [...BACKOFF_MS, BACKOFF_MS.at(-1)]);
  timers.advance(BACKOFF_MS.at(-1));
  socket().open();
  assert.equal(socket().sent[0].type, 'hello');
  // The table had played the move before the connection went: the retry is
  // answered as a duplicate, with the whole state.
  socket().deliver(stateMessage('welcome', { ply: 5, logFrom: 0, log: [1, 2, 3, 4, 5].map((n) => entry(n, n % 2)) }));
  const again = socket().sent.at(-1);
  assert.equal(again.type, 'move');
  assert.equal(again.ply, 4, 'sent again with the ply it was made at');
  assert.equal(again.move, 'place COCO-DUDA');
  socket().deliver({ type: 'ack', ref: again.ref, ply: 4, move: 'place COCO-DUDA', duplicate: true });
  socket().deliver(stateMessage('state', { ply: 5, logFrom: 0, log: [1, 2, 3, 4, 5].map((n) => entry(n, n % 2)) }));
  await played;
  assert.equal(table.connection, 'online');
  assert.deepEqual(seen.connection, ['online', 'reconnecting', 'online']);
  // After a welcome, back-off starts again from the shortest wait.
  socket().drop();
  assert.equal(timers.pending().find((each) => each.fn.name === 'connect').ms, BACKOFF_MS[0]);
});

test('an undo in flight is not sent again when the table has moved on', async () => {
  const { table, timers, socket } = setUp();
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 3, logFrom: 0, log: [1, 2, 3].map((n) => entry(n, 0)) }));
  const undone = table.undo(0);
  assert.deepEqual({ ...socket().sent.at(-1), ref: 0 }, { type: 'undo', ply: 3, ref: 0 });
  socket().drop();
  timers.advance(BACKOFF_MS[0]);
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 2, logFrom: 0, log: [1, 2].map((n) => entry(n, 0)) }));
  await undone;
  assert.deepEqual(socket().sent.map((message) => message.type), ['hello'], 'a retried undo could take back a second move');
});

test('a link that gives no seat stops every attempt and says why', async () => {
  const { table, timers, seen, socket } = setUp();
  socket().open();
  socket().deliver({ type: 'error', ref: 'hello', key: 'error.bad_token', message: 'no seat', params: {} });
  await assert.rejects(table.ready, (error) => error.key === 'error.bad_token');
  assert.deepEqual(seen.fatal.map((error) => error.key), ['error.bad_token']);
  assert.equal(table.connection, 'offline');
  assert.equal(timers.pending().filter((each) => each.fn.name === 'connect').length, 0);
  assert.equal(FakeSocket.made.length, 1);
});

test('offline, nothing is tried until the network is back', () => {
  let network = true;
  const { table, timers, socket } = setUp({ online: () => network });
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }));
  network = false;
  table.offline();
  assert.equal(table.connection, 'offline');
  assert.equal(socket().readyState, 3);
  timers.advance(60_000);
  assert.equal(FakeSocket.made.length, 1);
  network = true;
  table.online();
  assert.equal(FakeSocket.made.length, 2);
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }));
  assert.equal(table.connection, 'online');
});

test('a connection that never opens is given up and tried again', () => {
  const { timers, socket } = setUp();
  const first = socket();
  timers.advance(8000);
  assert.equal(first.readyState, 3);
  timers.advance(BACKOFF_MS[0]);
  assert.notEqual(socket(), first);
});

test('a state keeps the fairness the server sends: the commitment, then the seed at the end', () => {
  const { table, socket } = setUp();
  socket().open();
  const fairness = { number: 1, commitment: 'c'.repeat(64), chosen_seed: false };
  socket().deliver({ ...stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }), fairness });
  assert.deepEqual(table.state.fairness, fairness);
});

test('a record is a question: asked beside a move, answered by its ref, asked again after a reconnection', async () => {
  const { table, timers, socket } = setUp();
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 1, logFrom: 0, log: [entry(1, 0)] }));
  const move = table.play(0, 'draw');
  const asked = table.record(1);
  const question = socket().sent.at(-1);
  assert.equal(question.type, 'record');
  assert.equal(question.number, 1);
  assert.notEqual(question.ref, socket().sent.at(-2).ref);
  socket().drop();
  timers.advance(BACKOFF_MS[0]);
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 1, logFrom: 0, log: [entry(1, 0)] }));
  const again = socket().sent.filter((message) => message.type === 'record');
  assert.equal(again.length, 1);
  assert.equal(again[0].ref, question.ref);
  socket().deliver({ type: 'record', ref: question.ref, number: 1, record: { seed: 'abc' }, review_key: 'k'.repeat(32) });
  assert.deepEqual(await asked, { number: 1, record: { seed: 'abc' }, reviewKey: 'k'.repeat(32) });
  socket().deliver({ type: 'error', ref: socket().sent.find((m) => m.type === 'move').ref, key: 'error.game_over', message: '', params: {} });
  await assert.rejects(move, (error) => error.key === 'error.game_over');
  const refused = table.record();
  const ref = socket().sent.at(-1).ref;
  socket().deliver({ type: 'error', ref, key: 'error.not_over', message: 'not yet', params: {} });
  await assert.rejects(refused, (error) => error.key === 'error.not_over');
});

test('a new token is made by the server, offered, taken by the page, and found again if its answer was lost', async () => {
  const { table, timers, seen, socket } = setUp();
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }));
  const rotating = table.newToken();
  const offerAsked = socket().sent.at(-1);
  assert.deepEqual({ ...offerAsked, ref: 0 }, { type: 'new_token', ref: 0 }, 'the page names no token of its own');
  const made = 'B'.repeat(22);
  socket().deliver({ type: 'token_offer', ref: offerAsked.ref, token: made });
  await flush();
  const asked = socket().sent.at(-1);
  assert.deepEqual({ ...asked, ref: 0 }, { type: 'new_token', token: made, ref: 0 });
  // The server replaced the token, but the answer is lost with the connection.
  socket().drop();
  timers.advance(BACKOFF_MS[0]);
  socket().open();
  assert.equal(socket().sent[0].token, 'A'.repeat(22));
  socket().deliver({ type: 'error', ref: 'hello', key: 'error.bad_token', message: 'no seat', params: {} });
  assert.deepEqual(seen.fatal, [], 'the new token still holds the seat');
  assert.deepEqual(socket().sent.at(-1), { type: 'hello', table: 'abcdefghijkl', token: made, ref: 'hello' });
  assert.deepEqual(seen.tokens, [made]);
  socket().deliver(stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }));
  const retried = socket().sent.at(-1);
  assert.equal(retried.type, 'new_token');
  socket().deliver({ type: 'token', ref: retried.ref, seat: 0 });
  assert.equal(await rotating, made);
  assert.deepEqual(seen.tokens, [made]);
});

test('an offer the server no longer knows is asked for again, once', async () => {
  const { table, socket } = setUp();
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }));
  const rotating = table.newToken();
  socket().deliver({ type: 'token_offer', ref: socket().sent.at(-1).ref, token: 'C'.repeat(22) });
  await flush();
  socket().deliver({ type: 'error', ref: socket().sent.at(-1).ref, key: 'error.no_offer', message: '', params: {} });
  await flush();
  const again = socket().sent.at(-1);
  assert.deepEqual({ ...again, ref: 0 }, { type: 'new_token', ref: 0 });
  socket().deliver({ type: 'token_offer', ref: again.ref, token: 'D'.repeat(22) });
  await flush();
  socket().deliver({ type: 'token', ref: socket().sent.at(-1).ref, seat: 0 });
  assert.equal(await rotating, 'D'.repeat(22));
});

test('a connection let go because a visitor took its seat stops, told why, and does not reconnect', async () => {
  const { seen, socket, timers } = setUp();
  socket().open();
  socket().deliver(stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }));
  const made = FakeSocket.made.length;
  socket().deliver({ type: 'error', ref: null, key: 'error.seat_taken', message: 'a visitor sat at this seat', params: {} });
  assert.equal(socket().readyState, 3, 'the page closes its side');
  timers.advance(BACKOFF_MS.at(-1) * 2);
  assert.deepEqual(seen.fatal.map((error) => error.key), ['error.seat_taken']);
  assert.equal(FakeSocket.made.length, made, 'no new connection');
});

test('the chat: the whole of it in the welcome, then each new message; saying and muting are answered beside a move', async () => {
  const { table, seen, socket } = setUp();
  socket().open();
  const said = { seat: 1, name: 'Bob', at: 1, phrase: 'hello' };
  socket().deliver({ ...stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }), chat: [said], mutes: [] });
  assert.deepEqual(seen.chat, [{ entries: [said], all: true }]);
  // A move on its way does not hold up a chat message, nor the other way.
  const moved = table.play(0, 'place ALOA-BARI');
  const saying = table.say({ text: '<b>hi</b>' });
  const sent = socket().sent.at(-1);
  assert.deepEqual({ type: sent.type, text: sent.text }, { type: 'chat', text: '<b>hi</b>' });
  socket().deliver({ type: 'ack', ref: sent.ref, ply: 0 });
  await saying;
  const mine = { seat: 0, name: 'Ana', at: 2, text: '<b>hi</b>' };
  socket().deliver({ type: 'chat', entries: [mine] });
  assert.deepEqual(seen.chat.at(-1), { entries: [mine], all: false });
  assert.deepEqual(table.chat, [said, mine]);
  const muting = table.mute(1, true);
  const asked = socket().sent.at(-1);
  assert.deepEqual({ type: asked.type, seat: asked.seat, muted: asked.muted }, { type: 'mute', seat: 1, muted: true });
  socket().deliver({ type: 'ack', ref: asked.ref, ply: 0, mutes: [1] });
  assert.deepEqual(await muting, [1]);
  // A refused message says why.
  const refused = table.say({ text: 'x'.repeat(300) });
  socket().deliver({ type: 'error', ref: socket().sent.at(-1).ref, key: 'error.chat_too_long', message: '', params: { longest: 200 } });
  await assert.rejects(refused, (error) => error.key === 'error.chat_too_long');
  // The move is still waiting for its own answer.
  const move = socket().sent.find((message) => message.type === 'move');
  socket().deliver({ type: 'ack', ref: move.ref, ply: 0, move: 'place ALOA-BARI' });
  socket().deliver(stateMessage('state', { ply: 1, logFrom: 0, log: [entry(1, 0)] }));
  await moved;
  await flush();
});

test('a chat message lost with the connection is not said twice: the welcome shows whether it was said', async () => {
  const { table, timers, socket } = setUp();
  socket().open();
  socket().deliver({ ...stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }), chat: [] });
  const saying = table.say({ phrase: 'thanks' });
  const mute = table.mute(1, true);
  socket().drop();
  timers.advance(BACKOFF_MS[0]);
  socket().open();
  socket().deliver({ ...stateMessage('welcome', { ply: 0, logFrom: 0, log: [] }), chat: [{ seat: 0, name: 'Ana', at: 1, phrase: 'thanks' }] });
  assert.equal(await saying, null);
  const again = socket().sent.filter((message) => message.type !== 'hello');
  assert.deepEqual(again.map((message) => message.type), ['mute']);
  socket().deliver({ type: 'ack', ref: again[0].ref, ply: 0, mutes: [1] });
  assert.deepEqual(await mute, [1]);
  assert.deepEqual(table.chat.map((entry) => entry.phrase), ['thanks']);
});
