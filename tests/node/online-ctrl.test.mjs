// An online table's controller (web/js/online/ctrl.js) through whole flows,
// without a browser: a waiting table whose game begins (a friend sits, or
// the creator starts with bots), a seat a bot takes when its time runs out,
// the check of the server's shuffle at the end (verified, and a mismatch)
// under a fake engine, the chat (new messages, the unread ones, a mute),
// and the clocks under a fake clock. The table, the engine and the views
// are fakes that record what they are asked.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { useStrings, t } from '../../web/js/i18n.js';
import { OnlineCtrl, CHAT_PHRASES } from '../../web/js/online/ctrl.js';
import { errorText } from '../../web/js/game/words.js';
import { levelName } from '../../web/js/players.js';
import { timeLeft, clockLine } from '../../web/js/table-words.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
useStrings('en', JSON.parse(readFileSync(path.join(ROOT, 'web', 'i18n', 'en.json'), 'utf8')));

const TABLE = 'abcdefghijkl';
const TOKEN = 'A'.repeat(22);
const FRIEND = 'B'.repeat(22);
const COMMITMENT = 'c'.repeat(64);
const OTHER = 'd'.repeat(64);
const NAMES = ['Ana', 'Bob'];

/** A state of a two-seat table as the server sends it to `seat`. */
function stateOf({ seat = 0, seats = ['h', 'h'], joined = [true, true], connected = [true, true], started = true, cause = null,
  clock = null, taken = [], mutes = [], undos = [], over = false, fairness = { number: 1, commitment: COMMITMENT, chosen_seed: false },
  chat = 'seats', number = 1, daily = undefined } = {}) {
  return {
    seat,
    ply: 0,
    snapshot: {
      game: 'kahuna',
      players: 2,
      seats,
      names: NAMES,
      options: {},
      over,
      viewer: seat,
      view: { board: 'seen' },
      legal: [],
      log: [{ n: 1, player: 0, events: [] }],
      can_undo: false,
    },
    undos,
    table: { id: TABLE, number, names: NAMES, joined, connected, spectators: 0, seats, creator: 0, started, open: false, chat, clock, taken, ...(daily === undefined ? {} : { daily }) },
    mutes,
    cause,
    fairness,
  };
}

/** A table on its server that records what it is asked. */
function fakeRemote(first, { chat = [] } = {}) {
  const asked = [];
  const answers = { record: { game: 'kahuna', seed: 7, moves: [] } };
  return {
    asked,
    answers,
    state: first,
    connection: 'connecting',
    chat,
    subscribe: () => () => {},
    async start(level) {
      asked.push(['start', level]);
      if (answers.start) throw answers.start;
    },
    async join(name) {
      asked.push(['join', name]);
      if (answers.join) throw answers.join;
    },
    async say(words) {
      asked.push(['say', words]);
    },
    async mute(seat, muted) {
      asked.push(['mute', seat, muted]);
      return muted ? [seat] : [];
    },
    async record(number) {
      asked.push(['record', number]);
      if (answers.recordError) throw answers.recordError;
      return { number, record: answers.record, reviewKey: 'k'.repeat(32) };
    },
    async newToken() {
      asked.push(['newToken']);
      return FRIEND;
    },
    async rematch() {
      asked.push(['rematch']);
    },
  };
}

/** The controller with fakes all round: what it redraws, says and keeps is recorded. */
function makeCtrl(first, { entry = {}, verdict = { verified: true, key: 'fairness.verified' }, chat = [] } = {}) {
  const remote = fakeRemote(first, { chat });
  const seen = { redraws: [], toasts: [], saved: [], remembered: [], verified: [] };
  let clock = 1000;
  let stamp = 50_000;
  const ctrl = new OnlineCtrl({
    remote,
    entry: { table: TABLE, token: TOKEN, seat: first.seat, server: 'https://tables.example.org/', invitations: [], spectator: null, ...entry },
    site: 'https://archipel.example.org/',
    own: 'https://tables.example.org/',
    names: () => NAMES,
    eventsText: (events) => events.map((event) => event.key).join(' '),
    async verifyRecord(args) {
      seen.verified.push(args);
      if (verdict instanceof Error) throw { key: 'error.internal', message: verdict.message, params: {} };
      return verdict;
    },
    rememberName: (name) => seen.remembered.push(name),
    savedName: () => 'Ana',
    saveTable: (fields) => seen.saved.push(fields),
    toast: (text, kind, ms) => seen.toasts.push({ text, kind, ms }),
    redraw: (part) => seen.redraws.push(part),
    titleOf: (id) => id.toUpperCase(),
    now: () => clock,
    stamp: () => stamp,
  });
  return {
    ctrl,
    remote,
    seen,
    later: (ms) => (clock += ms),
    laterDay: (ms) => (stamp += ms),
  };
}

test('a waiting table: the creator sees its invitation, starts with bots, and every device is told', async () => {
  const first = stateOf({ joined: [true, false], connected: [true, false], started: false });
  const { ctrl, remote, seen } = makeCtrl(first, { entry: { invitations: [{ seat: 1, token: FRIEND }], spectator: 'C'.repeat(22) } });
  assert.equal(ctrl.connection, 'reconnecting', 'a table still connecting shows as coming back');
  ctrl.show(first);
  assert.deepEqual(seen.redraws, ['table']);
  assert.deepEqual(seen.toasts, [], 'the first state tells nothing');
  assert.deepEqual(seen.saved, [{ table: TABLE, token: TOKEN, commitments: { 1: COMMITMENT } }], 'the commitment is kept from the start');

  // Nobody moves before every seat is taken; the free seat waits for its person.
  assert.equal(ctrl.started, false);
  assert.equal(ctrl.statusText({ state: 'playing', kind: 'your_turn', seat: 0 }), t('clock.waiting'));
  assert.equal(ctrl.statusText({ state: 'playing', kind: 'waiting', seat: 1 }), t('clock.waiting'));
  assert.equal(ctrl.seated, false);
  assert.equal(ctrl.needsName, false);
  assert.equal(ctrl.canStart, true);
  assert.equal(ctrl.freeInvitations, 1);
  const [mine, free] = ctrl.seatRows();
  assert.deepEqual([mine.name, mine.you, mine.note, mine.here], ['Ana', true, t('online.seat_here'), true]);
  assert.deepEqual([free.name, free.you, free.note, free.here], [t('seat.label', { n: 2 }), false, t('online.seat_free'), false]);
  assert.equal(mine.invitation, null);
  assert.equal(free.invitation.code, `${TABLE}.${FRIEND}`);
  // The links leave out the server when it is the site's own.
  assert.equal(free.invitation.href, `https://archipel.example.org/index.html#online=${TABLE}&token=${FRIEND}`);
  assert.equal(ctrl.link(TOKEN), `https://archipel.example.org/index.html#online=${TABLE}&token=${TOKEN}`);

  // A refused start is said, and may be tried again.
  remote.answers.start = { key: 'error.started', message: '', params: {} };
  assert.equal(await ctrl.start(3), false);
  assert.deepEqual(seen.toasts.pop(), { text: errorText(remote.answers.start), kind: 'error', ms: undefined });
  remote.answers.start = null;
  assert.equal(await ctrl.start(3), true);
  assert.deepEqual(remote.asked.filter(([kind]) => kind === 'start'), [['start', 3], ['start', 3]]);

  // The server's state: a bot took the free seat, and the game begins.
  ctrl.show(stateOf({ seats: ['h', 'bot3'], started: true, cause: { kind: 'start', seat: 0 } }));
  assert.equal(ctrl.started, true);
  assert.equal(ctrl.canStart, false);
  assert.equal(ctrl.freeInvitations, 0, 'the seat is taken: the invitation is no longer offered');
  assert.deepEqual(seen.toasts, [{ text: t('online.started_with_bots'), kind: 'info', ms: undefined }]);
  assert.equal(ctrl.seatRows()[1].note, t('online.seat_bot'));
  assert.equal(ctrl.statusText({ state: 'playing', kind: 'your_turn', seat: 0 }), null);
  assert.deepEqual(seen.saved.length, 1, 'the same commitment is kept once');
});

test('a friend sits down at a waiting table: their seat asks a name, then the game begins for everyone', async () => {
  const first = stateOf({ seat: 1, joined: [true, false], connected: [true, true], started: false });
  const { ctrl, remote, seen } = makeCtrl(first);
  ctrl.show(first);
  assert.equal(ctrl.needsName, true);
  assert.equal(ctrl.offeredName(), 'Ana', 'the name typed last is offered');
  assert.equal(ctrl.nameProblem('   '), t('online.name_needed'));
  assert.equal(ctrl.nameProblem('Bob'), null);
  const facts = ctrl.joinFacts();
  assert.equal(facts.title, 'KAHUNA');
  assert.equal(facts.seats.length, 2);
  assert.match(facts.seats[1].text, /^Seat 2: /);

  // Refused: why, in words; nothing is kept.
  remote.answers.join = { key: 'error.seat_taken', message: '', params: {} };
  assert.equal(await ctrl.join('Bob'), errorText(remote.answers.join));
  assert.deepEqual(seen.remembered, []);
  remote.answers.join = null;
  assert.equal(await ctrl.join('  Bob  '), null);
  assert.deepEqual(remote.asked.at(-1), ['join', 'Bob'], 'the name goes trimmed');
  assert.deepEqual(seen.remembered, ['Bob'], 'and is kept for the next time');

  ctrl.show(stateOf({ seat: 1, started: true, cause: { kind: 'join', seat: 1 } }));
  assert.equal(ctrl.needsName, false);
  assert.deepEqual(seen.toasts, [{ text: t('online.game_begins'), kind: 'info', ms: undefined }]);
  assert.deepEqual(seen.redraws, ['table', 'table']);
});

test('a seat out of time: a bot plays on in it, or it is out of the game', () => {
  const clock = { kind: 'live', minutes: 5, increment: 3, level: 2, timeout: 'bot', minute: 60, left: [120_000, 1_000], running: [1] };
  const first = stateOf({ clock });
  const { ctrl, seen } = makeCtrl(first);
  ctrl.show(first);
  const taken = { ...clock, left: [120_000, null], running: [0] };
  ctrl.show(stateOf({ seats: ['h', 'bot2'], clock: taken, taken: [1], cause: { kind: 'timeout', seat: 1, level: 2 } }));
  assert.deepEqual(seen.toasts, [{ text: t('clock.timeout', { player: 'Bob', level: levelName(2) }), kind: 'info', ms: 6000 }]);
  const row = ctrl.seatRows()[1];
  assert.equal(row.note, t('online.seat_taken'));
  assert.equal(row.clock, false, 'a bot has no clock');

  // Out of the game: the others play on, or the game is over.
  const out = { ...taken, timeout: 'out' };
  ctrl.show(stateOf({ seats: ['h', 'bot2'], clock: out, taken: [1], cause: { kind: 'timeout', seat: 1, level: 2, out: true } }));
  assert.equal(seen.toasts.at(-1).text, t('clock.out', { player: 'Bob', level: levelName(2) }));
  assert.equal(ctrl.seatRows()[1].note, t('online.seat_out'));
  ctrl.show(stateOf({ seats: ['h', 'bot2'], clock: out, taken: [1], over: true, cause: { kind: 'timeout', seat: 1, level: 2, out: true } }));
  assert.equal(seen.toasts.at(-1).text, t('clock.out_over', { player: 'Bob', level: levelName(2) }));
});

test('the clocks count down from the latest state, by the clock handed in', () => {
  const clock = { kind: 'live', minutes: 5, increment: 3, level: 2, timeout: 'bot', minute: 60, left: [90_000, 200_000], running: [0] };
  const first = stateOf({ clock });
  const { ctrl, later } = makeCtrl(first);
  ctrl.show(first);
  assert.equal(ctrl.clockRuns, true);
  later(10_000);
  assert.equal(ctrl.clockLeft(0), 80_000, 'the running clock counts the time since the state came');
  assert.equal(ctrl.clockLeft(1), 200_000, 'the other one waits');
  assert.deepEqual(ctrl.clockFace(0), { text: timeLeft(80_000, 'live'), running: true, low: false });
  assert.deepEqual(ctrl.clockFace(1), { text: timeLeft(200_000, 'live'), running: false, low: false });
  // Low under 30 seconds (a fifth of five minutes is a minute: 30 s is the lesser).
  later(55_000);
  assert.equal(ctrl.clockFace(0).low, true);
  // A new state: counted from its own times again.
  ctrl.show(stateOf({ clock: { ...clock, left: [25_000, 200_000], running: [1] } }));
  assert.equal(ctrl.clockLeft(0), 25_000);
  later(1_000);
  assert.equal(ctrl.clockLeft(1), 199_000);
  assert.equal(ctrl.clockFace(0).low, false, 'a clock that does not run is not low');
  assert.deepEqual(ctrl.clockWords, { kind: 'live', text: clockLine(ctrl.state.table.clock) });
  // Who is there changed: the table's facts come with the times left at
  // that moment, and the count starts again from them.
  later(4_000);
  ctrl.presence({ ...ctrl.state.table, clock: { ...clock, left: [25_000, 195_000], running: [1] } });
  assert.equal(ctrl.clockLeft(1), 195_000, 'the time since the state is not taken off twice');
  later(1_000);
  assert.equal(ctrl.clockLeft(1), 194_000);
  // No clock, nothing runs.
  ctrl.show(stateOf());
  assert.equal(ctrl.clockRuns, false);
  assert.equal(ctrl.clockFace(0), null);
  assert.equal(ctrl.clockWords, null);
  assert.equal(ctrl.seatRows()[0].clock, false);
});

test('the shuffle is checked at the end against the commitment kept from the start', async () => {
  const first = stateOf();
  const { ctrl, remote, seen } = makeCtrl(first);
  ctrl.show(first);
  // The server says another commitment later: the first one stays.
  const end = stateOf({ over: true, fairness: { number: 1, commitment: OTHER, chosen_seed: false, seed: 7, salt: 'ab' } });
  ctrl.show(end);
  assert.deepEqual(ctrl.commitments, { 1: COMMITMENT });
  const checked = await ctrl.check(end.snapshot);
  assert.deepEqual(
    { status: checked.status, key: checked.key, number: checked.number, chosen: checked.chosen },
    { status: 'verified', key: 'fairness.verified', number: 1, chosen: false },
  );
  assert.deepEqual(checked.record, remote.answers.record);
  assert.deepEqual(seen.verified, [
    { record: remote.answers.record, commitment: COMMITMENT, viewer: 0, log: end.snapshot.log, view: end.snapshot.view, accept_chosen_seed: false },
  ]);
  assert.equal(ctrl.recordFile(checked), `archipel-kahuna-${TABLE}-1.json`);
  // Once a game: the end dialog shown again asks nothing more.
  assert.equal(await ctrl.check(end.snapshot), checked);
  assert.equal(remote.asked.filter(([kind]) => kind === 'record').length, 1);
});

test('a record that does not replay from the commitment is refuted; no commitment, or no record, is said', async () => {
  const mismatch = { verified: false, key: 'fairness.log_differs', params: { entry: 3 } };
  const end = stateOf({ over: true });
  const { ctrl } = makeCtrl(end, { verdict: mismatch });
  ctrl.show(end);
  const refuted = await ctrl.check(end.snapshot);
  assert.deepEqual([refuted.status, refuted.key, refuted.params], ['refuted', 'fairness.log_differs', { entry: 3 }]);
  assert.ok(refuted.record, 'the record may still be downloaded');

  // A game begun before the server made commitments: not verifiable, the record still comes.
  const old = stateOf({ over: true, fairness: { number: 1, commitment: null } });
  const before = makeCtrl(old);
  before.ctrl.show(old);
  const none = await before.ctrl.check(old.snapshot);
  assert.deepEqual([none.status, none.key], ['none', 'fairness.no_commitment']);
  assert.ok(none.record);
  assert.deepEqual(before.seen.verified, [], 'nothing to check it against');

  // The record refused, or the engine failing: the check failed, and why.
  const lost = makeCtrl(end);
  lost.remote.answers.recordError = { key: 'error.not_over', message: '', params: {} };
  const failed = await lost.ctrl.check(end.snapshot);
  assert.deepEqual([failed.status, failed.key, failed.params], ['failed', 'fairness.failed', { message: errorText(lost.remote.answers.recordError) }]);
  const broken = makeCtrl(end, { verdict: new Error('no engine') });
  assert.equal((await broken.ctrl.check(end.snapshot)).status, 'failed');

  // A chosen shuffle is checked all the same, and said.
  const chosen = stateOf({ over: true, fairness: { number: 2, commitment: COMMITMENT, chosen_seed: true }, number: 2 });
  const demo = makeCtrl(chosen);
  demo.ctrl.show(chosen);
  const item = await demo.ctrl.check(chosen.snapshot);
  assert.equal(item.chosen, true);
  assert.equal(demo.seen.verified[0].accept_chosen_seed, true);
  assert.deepEqual(demo.remote.asked.filter(([kind]) => kind === 'record'), [['record', 2]]);
});

test('the chat: others\' new messages count while folded, a mute hides a seat, a spectator only reads', async () => {
  const first = stateOf();
  const hello = { seat: 1, name: 'Bob', phrase: 'hello' };
  const { ctrl, remote, seen } = makeCtrl(first, { chat: [hello] });
  ctrl.show(first);
  seen.redraws.length = 0;
  assert.equal(ctrl.readsChat, true);
  assert.equal(ctrl.writesChat, true);
  assert.deepEqual(ctrl.shownChat, [hello], 'the chat kept comes with the welcome');
  assert.equal(ctrl.chatWords(hello), t('chat.phrase.hello'));
  assert.equal(ctrl.chatWords({ seat: 1, name: 'Bob', text: '<b>hi</b>' }), '<b>hi</b>', 'a text stays text');

  // Others' messages while the chat is folded: counted, the last one said.
  ctrl.heard([{ seat: 0, name: 'Ana', text: 'mine' }], false);
  assert.equal(ctrl.unread, 0, 'one\'s own message is read');
  ctrl.heard([{ seat: 1, name: 'Bob', text: 'one' }, { seat: 1, name: 'Bob', phrase: 'good_luck' }], false);
  assert.equal(ctrl.unread, 2);
  assert.deepEqual(seen.toasts, [{ text: t('chat.says', { name: 'Bob', text: t('chat.phrase.good_luck') }), kind: 'info', ms: 4000 }]);
  assert.deepEqual(seen.redraws, ['chat', 'chat', 'unread']);
  ctrl.openChat(true);
  assert.equal(ctrl.unread, 0);
  ctrl.heard([{ seat: 1, name: 'Bob', text: 'two' }], false);
  assert.equal(ctrl.unread, 0, 'read as it comes while unfolded');
  ctrl.openChat(false);

  // What may be said: a phrase, a text that is not blank.
  assert.ok(CHAT_PHRASES.includes('good_game'));
  assert.equal(await ctrl.say({ phrase: 'thanks' }), true);
  assert.equal(await ctrl.sayText('   '), false);
  assert.equal(await ctrl.sayText('gg'), true);
  assert.deepEqual(remote.asked.filter(([kind]) => kind === 'say'), [['say', { phrase: 'thanks' }], ['say', { text: 'gg' }]]);

  // A mute: the seat's messages, earlier ones too, are hidden, and new ones not counted.
  assert.equal(ctrl.mutable(1), true);
  assert.equal(ctrl.mutable(0), false, 'not one\'s own seat');
  seen.redraws.length = 0;
  assert.equal(await ctrl.mute(1, true), true);
  assert.deepEqual(ctrl.muted, [1]);
  assert.deepEqual(seen.redraws, ['mutes']);
  assert.deepEqual(ctrl.shownChat.map((entry) => entry.seat), [0]);
  ctrl.heard([{ seat: 1, name: 'Bob', text: 'three' }], false);
  assert.equal(ctrl.unread, 0);
  assert.equal(await ctrl.mute(1, false), true);
  assert.equal(ctrl.shownChat.length, 6, 'heard again, every message is back');

  // The whole chat again after a reconnection: replaced, nothing counted.
  ctrl.heard([hello], true);
  assert.deepEqual(ctrl.chat, [hello]);
  assert.equal(ctrl.unread, 0);

  // A spectator of a table whose chat is the seats' reads nothing.
  const watching = stateOf({ seat: null, chat: 'seats' });
  const spectator = makeCtrl(watching);
  spectator.ctrl.show(watching);
  assert.equal(spectator.ctrl.readsChat, false);
  spectator.ctrl.heard([hello], false);
  assert.deepEqual(spectator.seen.redraws, ['table']);
  assert.equal(spectator.ctrl.mutable(1), false);
  const open = stateOf({ seat: null, chat: 'everyone' });
  const reader = makeCtrl(open);
  assert.equal(reader.ctrl.readsChat, true);
  assert.equal(reader.ctrl.writesChat, false);
});

test('the moves taken back, the rematch, a new link and the menu\'s list of tables', async () => {
  const undos = [{ ply: 1, player: 1, events: [{ key: 'kahuna.place', player: 1, params: {} }] }];
  const first = stateOf({ undos });
  const { ctrl, remote, seen, laterDay } = makeCtrl(first);
  ctrl.show(first);
  assert.deepEqual(ctrl.undoNotes(NAMES), [{ after: 1, player: 1, key: '0|1', text: t('online.took_back', { player: 'Bob', move: 'kahuna.place' }) }]);
  assert.equal(ctrl.canRematch, true);
  const daily = makeCtrl(stateOf({ daily: 74861947 }));
  daily.ctrl.show(stateOf({ daily: 74861947 }));
  assert.equal(daily.ctrl.canRematch, false, "a day's deal is played once: no rematch");
  await ctrl.rematch();
  await ctrl.newLink();
  assert.deepEqual(seen.toasts.at(-1), { text: t('online.new_link_done'), kind: 'info', ms: undefined });
  assert.deepEqual(remote.asked.slice(-2), [['rematch'], ['newToken']]);

  // The seat's new token: its links change.
  ctrl.tokenChanged({ ...ctrl.entry, token: FRIEND });
  assert.equal(seen.redraws.at(-1), 'panel');
  // Who is there changes between states.
  ctrl.presence({ ...first.table, connected: [true, false] });
  assert.equal(ctrl.seatRows()[1].note, t('online.seat_away'));

  // The menu learns the table was used, at most every ten seconds.
  seen.saved.length = 0;
  ctrl.used();
  ctrl.used();
  laterDay(10_000);
  ctrl.used();
  assert.deepEqual(seen.saved, [
    { table: TABLE, token: FRIEND, game: 'kahuna', seat: 0 },
    { table: TABLE, token: FRIEND, game: 'kahuna', seat: 0 },
  ]);

  // The connection, as the status line shows it.
  ctrl.setConnection('offline');
  assert.equal(ctrl.connection, 'offline');
  assert.equal(seen.redraws.at(-1), 'connection');

  // A spectator asks for no rematch.
  const watching = stateOf({ seat: null });
  assert.equal(makeCtrl(watching).ctrl.canRematch, false);
});
