// The players' pages without a browser (web/js/account/): the controller
// through sign-up, sign-in, a device's code, export and deletion against a
// fake server; what it says when the server or the passkey refuses; the
// profile's rating history and places; the day's deal offline; the links.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { AccountCtrl, ratingHistory, placeOf } from '../../web/js/account/ctrl.js';
import { fromBase64url, toBase64url, creationOptions, credentialJson, passkeyProblem } from '../../web/js/account/api.js';
import { offlineSetup, placeOnBoard } from '../../web/js/account/daily.js';
import { graphPoints } from '../../web/js/account/graph.js';
import { parseDeepLink } from '../../web/js/deeplink.js';

const SERVER = 'http://localhost:8000/';

/** A server that knows one account once signed up; each call recorded. */
function fakeApi(overrides = {}) {
  const calls = [];
  let account = null;
  const api = {
    calls,
    whoAmI: async () => (calls.push('whoAmI'), account ? { account, ratings: { kahuna: { rating: 1520, games: 1, provisional: true } } } : { account: null }),
    signUp: async (server, name) => (calls.push(`signUp ${name}`), (account = { id: 'a1', name, created: 1 })),
    signIn: async () => (calls.push('signIn'), (account = { id: 'a1', name: 'Ana', created: 1 })),
    signOut: async () => {
      calls.push('signOut');
      account = null;
    },
    deviceCode: async () => (calls.push('deviceCode'), { code: 'ABCD-EFGH', expires_in: 600 }),
    addDevice: async (server, code) => (calls.push(`addDevice ${code}`), (account = { id: 'a1', name: 'Ana', created: 1 })),
    exportAccount: async () => (calls.push('export'), { account }),
    deleteAccount: async (server, name) => {
      calls.push(`delete ${name}`);
      account = null;
    },
    profile: async (server, name) => (calls.push(`profile ${name}`), { player: { name, since: 1 }, own: false, ratings: {}, games: [], tables: [] }),
    leaderboard: async (server, game) => (calls.push(`leaderboard ${game}`), { game, top: [], mine: [], bots: [800, 1400, 1900, 2000, 2200] }),
    daily: async () => ({}),
    playDaily: async () => ({}),
    dailyBoard: async () => ({}),
    ...overrides,
  };
  return api;
}

test('sign up, the chip signed in, a code for another device, out, in, delete', async () => {
  const api = fakeApi();
  let changes = 0;
  const ctrl = new AccountCtrl({ api, onChange: () => changes++, now: () => 1000 });
  assert.equal(ctrl.account, undefined, 'not asked yet');
  await ctrl.setServer(SERVER);
  assert.equal(ctrl.account, null, 'a guest');
  await ctrl.signUp('  Ana  ');
  assert.deepEqual(ctrl.account, { id: 'a1', name: 'Ana', created: 1 });
  assert.equal(ctrl.signedIn, true);
  assert.equal(ctrl.ratings.kahuna.rating, 1520, 'the ratings come with who is signed in');
  assert.deepEqual(ctrl.message, { key: 'account.welcome', kind: 'ok' });
  await ctrl.newCode();
  assert.deepEqual(ctrl.code, { code: 'ABCD-EFGH', until: 1000 + 600_000 });
  await ctrl.signOut();
  assert.equal(ctrl.account, null);
  assert.equal(ctrl.code, null, 'a code is not shown to whoever comes next');
  await ctrl.signIn();
  assert.equal(ctrl.account.name, 'Ana');
  assert.deepEqual(await ctrl.exportData(), { account: { id: 'a1', name: 'Ana', created: 1 } });
  await ctrl.deleteAccount('ana');
  assert.equal(ctrl.account, null);
  assert.deepEqual(ctrl.message, { key: 'account.deleted', kind: 'ok' });
  assert.deepEqual(api.calls, ['whoAmI', 'signUp Ana', 'whoAmI', 'deviceCode', 'signOut', 'signIn', 'whoAmI', 'export', 'delete ana']);
  assert.ok(changes > 10, 'every step is drawn');
});

test('a refusal is said, with its parameters, and nothing else changes', async () => {
  const api = fakeApi({
    signUp: async () => {
      throw { key: 'error.name_taken', message: 'taken', params: {} };
    },
    addDevice: async () => {
      throw { key: 'account.cancelled', message: 'NotAllowedError', params: {} };
    },
  });
  const ctrl = new AccountCtrl({ api });
  await ctrl.setServer(SERVER);
  await ctrl.signUp('Ana');
  assert.equal(ctrl.account, null);
  assert.deepEqual(ctrl.message, { key: 'error.name_taken', params: {}, kind: 'error' });
  await ctrl.signUp('   ');
  assert.equal(ctrl.message.key, 'error.bad_name', 'an empty name is not even sent');
  await ctrl.addDevice('');
  assert.equal(ctrl.message.key, 'error.bad_code');
  await ctrl.addDevice('abcd-efgh');
  assert.equal(ctrl.message.key, 'account.cancelled', 'the person closed the passkey dialog');
  assert.equal(ctrl.busy, '', 'nothing left waiting');
});

test('without a table server, accounts say so; a server that does not answer leaves a guest', async () => {
  const ctrl = new AccountCtrl({ api: fakeApi() });
  await ctrl.setServer(null);
  assert.equal(ctrl.account, null);
  await ctrl.signIn();
  assert.deepEqual(ctrl.message, { key: 'account.no_server', kind: 'error' });
  const down = new AccountCtrl({ api: fakeApi({ whoAmI: async () => { throw { key: 'error.no_server' }; } }) });
  await down.setServer(SERVER);
  assert.equal(down.account, null);
});

test('an answer to an older question is dropped: the last profile asked is shown', async () => {
  let release;
  const slow = new Promise((resolve) => (release = resolve));
  const api = fakeApi({
    profile: async (server, name) => {
      if (name === 'Old') await slow;
      return { player: { name, since: 1 }, own: false, ratings: {}, games: [], tables: [] };
    },
  });
  const ctrl = new AccountCtrl({ api });
  await ctrl.setServer(SERVER);
  const first = ctrl.openProfile('Old');
  await ctrl.openProfile('New');
  release();
  await first;
  assert.equal(ctrl.profile.player.name, 'New');
  await ctrl.openLeaderboard('moai');
  assert.equal(ctrl.view, 'leaderboard');
  assert.equal(ctrl.board.game, 'moai');
});

test('a rating history runs oldest first from the first rating before; places count ties', () => {
  const rating = (value, provisional = true) => ({ rating: value, provisional });
  const games = [
    { game: 'kahuna', rated: true, at: 30, before: rating(1540), after: rating(1510) },
    { game: 'moai', rated: true, at: 20, before: rating(1500), after: rating(1600) },
    { game: 'kahuna', rated: false, at: 15, before: null, after: null },
    { game: 'kahuna', rated: true, at: 10, before: rating(1500), after: rating(1540) },
  ];
  assert.deepEqual(ratingHistory(games, 'kahuna').map((point) => [point.at, point.rating]), [[10, 1500], [10, 1540], [30, 1510]]);
  assert.deepEqual(ratingHistory(games, 'kanaloa'), []);
  assert.deepEqual(placeOf([1, 0, 1, 2], 0), { place: 2, shared: 2, of: 4 });
  assert.deepEqual(placeOf([1, 0, 1, 2], 1), { place: 1, shared: 1, of: 4 });
  assert.deepEqual(placeOf([1, 0, 1, 2], 3), { place: 4, shared: 1, of: 4 });
  const points = graphPoints([{ rating: 1500 }, { rating: 1600 }, { rating: 1550 }]);
  assert.equal(points[1].y < points[2].y && points[2].y < points[0].y, true, 'higher is up');
  assert.equal(points[0].x < points[1].x && points[1].x < points[2].x, true, 'later is right');
});

test("a score played here placed on the day's board: ties share the better place, the unfinished do not count", () => {
  const entry = (score, finished = true) => ({ rank: 0, name: 'x', score, place: 1, at: 0, finished });
  const board = { game: 'kahuna', day: 1, date: '2026-12-06', revealed: true, entries: [entry(30), entry(25), entry(25), entry(10), entry(null), entry(null, false)] };
  assert.deepEqual(placeOnBoard(board, 40), { place: 1, of: 5 });
  assert.deepEqual(placeOnBoard(board, 25), { place: 2, of: 5 });
  assert.deepEqual(placeOnBoard(board, 24), { place: 4, of: 5 });
  assert.deepEqual(placeOnBoard({ ...board, entries: [] }, 3), { place: 1, of: 1 });
});

test("yesterday's deal as a local game: its seats, bots and seed", () => {
  const setup = offlineSetup({ game: 'moai', players: 3, seats: ['h', 'bot2', 'bot2'], options: {}, seed: 'ab'.repeat(16), day: 1, date: '', commitment: '' });
  assert.deepEqual(setup, { game: 'moai', players: 3, seats: ['h', 'bot2', 'bot2'], seed: 'ab'.repeat(16), options: {} });
});

test('passkeys: base64url both ways, the creation options made binary, a credential written as WebAuthn JSON', () => {
  const bytes = new Uint8Array([0, 1, 250, 251, 252, 253, 254, 255]);
  assert.equal(toBase64url(bytes), 'AAH6-_z9_v8');
  assert.deepEqual(new Uint8Array(fromBase64url('AAH6-_z9_v8')), bytes);
  const options = creationOptions({ challenge: 'AAH6', user: { id: 'AQI', name: 'Ana' }, excludeCredentials: [{ type: 'public-key', id: 'AQ' }] });
  assert.deepEqual(new Uint8Array(options.challenge), new Uint8Array([0, 1, 250]));
  assert.deepEqual(new Uint8Array(options.user.id), new Uint8Array([1, 2]));
  assert.equal(options.user.name, 'Ana');
  const made = {
    id: 'AQ', rawId: new Uint8Array([1]).buffer, type: 'public-key', authenticatorAttachment: 'platform',
    response: { clientDataJSON: new Uint8Array([123]).buffer, attestationObject: new Uint8Array([2]).buffer, getTransports: () => ['internal'] },
    getClientExtensionResults: () => ({}),
  };
  assert.deepEqual(credentialJson(made), {
    id: 'AQ', rawId: 'AQ', type: 'public-key', authenticatorAttachment: 'platform', clientExtensionResults: {},
    response: { clientDataJSON: 'ew', attestationObject: 'Ag', transports: ['internal'] },
  });
  globalThis.navigator ??= {};
  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { value: { credentials: {} }, configurable: true });
  globalThis.PublicKeyCredential = class {};
  try {
    assert.equal(passkeyProblem({ hostname: 'localhost' }), null);
    assert.equal(passkeyProblem({ hostname: 'tables.example.org' }), null);
    assert.equal(passkeyProblem({ hostname: '127.0.0.1' }), 'account.needs_name', 'an address with no name has no passkeys');
    assert.equal(passkeyProblem({ hostname: '[::1]' }), 'account.needs_name');
  } finally {
    delete globalThis.PublicKeyCredential;
    if (had) Object.defineProperty(globalThis, 'navigator', had);
  }
});

test('the players’ links: the account, a profile, a leaderboard, the day’s deal, a rated table', () => {
  assert.deepEqual(parseDeepLink('#account'), { lang: null, view: null, people: 'account' });
  assert.deepEqual(parseDeepLink('#account&view=text'), { lang: null, view: 'text', people: 'account' });
  assert.deepEqual(parseDeepLink('#profile=Ana%20Tahiti'), { lang: null, view: null, people: 'profile', name: 'Ana Tahiti' });
  assert.deepEqual(parseDeepLink('#leaderboard=moai&lang=en'), { lang: 'en', view: null, people: 'leaderboard', game: 'moai' });
  assert.equal(parseDeepLink('#daily=chess').game, 'kahuna', 'a game the site does not have: the first one');
  assert.equal(parseDeepLink('#daily=haleakala').people, 'daily');
  assert.equal(parseDeepLink('#online=new&game=kanaloa&players=2&seats=h,h&rated=1').rated, true);
  assert.equal(parseDeepLink('#online=new&game=kanaloa&players=2&seats=h,h').rated, false);
});
