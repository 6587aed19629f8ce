// The game screen's controller (web/js/game/ctrl.js) through whole flows,
// without a browser: a game started from the menu's set-up, a turn and its
// undo, a lesson's step answering another choice, a review, an online table
// that loses its connection and comes back. The screen, the tables, the
// engine and the parts are fakes that record what they are asked.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { useStrings, t } from '../../web/js/i18n.js';
import { GameCtrl, playable } from '../../web/js/game/ctrl.js';
import { lessonPart } from '../../web/js/game/parts.js';
import { errorText, firstViewer } from '../../web/js/game/words.js';
import { seatNames } from '../../web/js/players.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
useStrings('en', JSON.parse(readFileSync(path.join(ROOT, 'web', 'i18n', 'en.json'), 'utf8')));

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Wait until `done()` holds (the flows are promise chains). */
async function until(done, what = 'the condition') {
  for (let i = 0; i < 200; i += 1) {
    if (done()) return;
    await tick();
  }
  assert.fail(`never reached: ${what}`);
}

/** A toy game of two seats taking turns; over after `length` moves. */
function toyGame({ seats, length = 4 }) {
  const log = [];
  let toMove = 0;
  const snap = (viewer) => ({
    game: 'kahuna',
    players: seats.length,
    seats,
    names: seats.map(() => ''),
    options: {},
    private: true,
    to_move: log.length >= length ? [] : [toMove],
    over: log.length >= length,
    result: log.length >= length ? { winners: [0] } : null,
    viewer,
    view: {},
    legal: viewer === toMove && log.length < length ? [{ text: 'go', kind: 'go' }] : [],
    log: log.slice(),
    can_undo: viewer !== null && log.length > 0 && log[log.length - 1].player === viewer,
  });
  const play = (seat) => {
    log.push({ n: log.length + 1, player: seat, events: [{ key: 'kahuna.pass', player: seat, params: {} }] });
    toMove = (toMove + 1) % seats.length;
  };
  const undo = () => {
    const last = log.pop();
    toMove = last.player;
  };
  return { snap, play, undo, log };
}

/** A table of this browser, on a toy game; it records what it is asked. */
function localTable(game, asked) {
  return {
    kind: 'local',
    botsHere: true,
    sharedDevice: true,
    async start(args) {
      asked.push(['start', args]);
      return game.snap(0);
    },
    async load(text) {
      asked.push(['load', text]);
      return game.snap(0);
    },
    async snapshot(viewer) {
      return game.snap(viewer);
    },
    async play(seat, move, viewer) {
      asked.push(['play', seat, move]);
      game.play(seat);
      return game.snap(viewer);
    },
    async undo(seat, viewer) {
      asked.push(['undo', seat]);
      game.undo();
      return game.snap(viewer);
    },
    async think() {
      return { done: true, move: { text: 'go' }, why: [] };
    },
    async botMove(seat, viewer) {
      asked.push(['bot', seat]);
      game.play(seat);
      return game.snap(viewer);
    },
    async save() {
      return { game: 'kahuna', moves: game.log.length };
    },
    close() {
      asked.push(['close']);
    },
  };
}

/** A renderer that remembers what it drew and lets the test choose. */
function fakeRenderer(drawn) {
  return {
    render(snap, options) {
      drawn.push({ snap, ...options });
    },
    flashEvents() {},
    clearSelection() {},
    suggest() {},
    teach(step) {
      drawn.push({ taught: step });
    },
    moveText: (move) => move.text,
    logParams: (event) => ({ key: event.key, params: event.params || {} }),
    endDetails: () => ({ details: true }),
    destroy() {
      drawn.push({ destroyed: true });
    },
  };
}

/** The controller with fakes all round; `parts` and `tables` may be replaced. */
function makeCtrl({ game = toyGame({ seats: ['h', 'bot1'] }), parts = {}, call = async () => ({}), store = {} } = {}) {
  const asked = [];
  const drawn = [];
  const seen = { ends: [], toasts: [], redraws: 0, titles: [], exits: 0, newGames: [], choose: null };
  const screen = {
    async renderer(gameId, onChoice) {
      seen.choose = onChoice;
      return fakeRenderer(drawn);
    },
    draw(session, snap, how, names) {
      session.renderer.render(snap, { names, interactive: how.interactive });
    },
    showEnd(snap, end) {
      seen.ends.push({ snap, end });
    },
    privacy: async () => {},
    toast(text, kind) {
      seen.toasts.push([text, kind]);
    },
    closeDialogs() {},
    download() {},
    title(words) {
      seen.titles.push(words);
    },
    busy() {},
    progress() {},
    cleared() {},
  };
  const saved = [];
  const ctrl = new GameCtrl({
    screen,
    redraw: () => {
      seen.redraws += 1;
    },
    call,
    tables: {
      local: () => localTable(game, asked),
      lesson: (options) => ({ ...localTable(game, asked), options }),
      review: (record) => ({ ...localTable(game, asked), botsHere: false, save: async () => record }),
    },
    store: {
      saveGame: (id, record) => {
        saved.push(record);
        return id || 'g1';
      },
      keepFinished: (id) => id || 'f1',
      savedGames: () => [],
      ...store,
    },
    parts: { reviewSession: 'review', lessonPart, ...parts },
    onExit: () => {
      seen.exits += 1;
    },
    onNewGame: (setup) => seen.newGames.push(setup),
    pace: () => 'instant',
  });
  return { ctrl, game, asked, drawn, seen, saved };
}

const SETUP = { game: 'kahuna', players: 2, seats: ['h', 'bot1'], seed: 5, options: {}, names: ['Ana', ''] };

test('a game from the menu: started, drawn for its only person, her turn said, then a bot answers and the game is saved', async () => {
  const { ctrl, asked, drawn, seen, saved } = makeCtrl();
  await ctrl.start(SETUP);
  assert.deepEqual(asked[0], ['start', { game: 'kahuna', players: 2, seats: ['h', 'bot1'], seed: 5, options: {}, names: ['Ana', ''] }]);
  assert.equal(ctrl.active, true);
  assert.equal(ctrl.gameId, 'kahuna');
  assert.equal(drawn.at(-1).snap.viewer, 0);
  assert.equal(drawn.at(-1).interactive, true);
  assert.deepEqual(ctrl.status, { state: 'playing', kind: 'your_turn', seat: 0, toMove: [0], named: false });
  assert.equal(ctrl.statusText(ctrl.status), t('status.your_turn'));
  assert.deepEqual(ctrl.tools(), { undo: { disabled: true }, hint: { hidden: false, disabled: false, pressed: false }, save: { hidden: false } });
  assert.ok(seen.redraws > 0);

  seen.choose('go');
  await until(() => asked.some((a) => a[0] === 'bot'), 'the bot answers');
  await until(() => ctrl.status.kind === 'your_turn' && drawn.at(-1).snap.log.length === 2, 'her turn again');
  assert.deepEqual(asked.filter((a) => a[0] === 'play' || a[0] === 'bot'), [['play', 0, 'go'], ['bot', 1]]);
  assert.deepEqual(saved.at(-1), { game: 'kahuna', moves: 2 });
  // Her move came before the bot's: it may be taken back.
  assert.equal(ctrl.tools().undo.disabled, true, 'the bot moved last');
});

test('two people share the device: it passes between them, each turn named, to the end', async () => {
  const game = toyGame({ seats: ['h', 'h'] });
  const { ctrl, asked, drawn } = makeCtrl({ game });
  await ctrl.start({ ...SETUP, seats: ['h', 'h'] });
  // Two people share the device: nobody's view until the first takes it.
  await until(() => drawn.length && drawn.at(-1).snap.viewer === 0, 'the first player takes the device');
  const choose = (text) => ctrl.session.turns.choose(text);
  await choose('go');
  await until(() => drawn.at(-1).snap.viewer === 1, 'the device passes');
  assert.equal(ctrl.status.named, true);
  assert.equal(ctrl.statusText(ctrl.status), t('status.your_turn_named', { player: seatNames(['h', 'h'], [])[1] }));
  await choose('go');
  await until(() => drawn.at(-1).snap.viewer === 0, 'back to the first');
  await ctrl.session.turns.choose('go');
  await until(() => drawn.at(-1).snap.viewer === 1 && drawn.at(-1).snap.log.length === 3, 'the second again');
  await ctrl.session.turns.choose('go');
  await until(() => drawn.at(-1).snap.over, 'the end');
  assert.equal(ctrl.status.kind, 'over');
  assert.equal(ctrl.statusText(ctrl.status), t('status.over_winner', { player: 'Ana' }));
});

test('undo takes back the viewer\'s own last move while the bot thinks', async () => {
  const game = toyGame({ seats: ['h', 'bot1'], length: 10 });
  const { ctrl, asked, drawn } = makeCtrl({ game });
  await ctrl.start(SETUP);
  // This bot thinks until it is told to stop.
  ctrl.session.table.think = () => new Promise(() => {});
  void ctrl.session.turns.choose('go');
  await until(() => ctrl.status.kind === 'thinking', 'the bot thinks');
  assert.equal(ctrl.statusText(ctrl.status), t('status.thinking', { player: seatNames(['h', 'bot1'], [])[1] }));
  assert.equal(ctrl.tools().undo.disabled, true, 'not her turn: nothing to take back from the board');
  ctrl.undo();
  await until(() => asked.some((a) => a[0] === 'undo'), 'the undo is asked');
  await until(() => drawn.at(-1).snap.log.length === 0 && ctrl.status.kind === 'your_turn', 'her move taken back, her turn again');
  assert.ok(!asked.some((a) => a[0] === 'bot'), 'the bot never played');
  assert.equal(ctrl.tools().undo.disabled, true);
});

test('a lesson step: another choice is answered by the lesson, not a toast; the step has no hint and nothing is saved', async () => {
  const wrongs = [];
  const plan = { id: 'kahuna', game: 'kahuna', players: 2, options: {}, steps: [{ id: 's1', move: 'go', point: [] }], next: null };
  const game = toyGame({ seats: ['h', 'h'] });
  let flow;
  const { ctrl, asked, drawn, seen, saved } = makeCtrl({
    game,
    call: async (cmd, args) => {
      assert.deepEqual([cmd, args], ['lesson', { lesson: 'kahuna' }]);
      return plan;
    },
    parts: {
      lesson: (hooks) => {
        flow = {
          suggestions: false,
          begin: () => hooks.openStep(0).then(() => hooks.teach({ move: 'go', point: [] })),
          wrong: (why) => wrongs.push(why),
          taught() {},
          finished() {},
          close() {},
          retranslate() {},
          playGame: hooks.playGame,
        };
        return flow;
      },
    },
  });
  await ctrl.startLesson('kahuna');
  const table = ctrl.session.table;
  assert.equal(table.options.step, 0);
  assert.equal(table.options.move, 'go');
  assert.deepEqual(drawn.at(-1), { taught: { move: 'go', point: [] } });
  assert.deepEqual(ctrl.tools().hint.hidden, true);
  assert.deepEqual(ctrl.tools().save.hidden, true);
  // The step's table refuses another move with the rule it breaks.
  table.play = async () => {
    throw { key: 'lesson.wrong', lesson: true, refusal: { key: 'error.illegal_move', params: {} } };
  };
  await ctrl.session.turns.choose('go');
  assert.deepEqual(wrongs, [errorText({ key: 'error.illegal_move', params: {} })]);
  assert.deepEqual(seen.toasts, []);
  assert.deepEqual(saved, []);
  assert.ok(!asked.some((a) => a[0] === 'play'));
});

test('a review: its part draws it; no undo, no hint, the record may be saved; leaving closes it', async () => {
  const closed = [];
  const record = { game: 'kahuna', moves: [] };
  const { ctrl, seen } = makeCtrl({
    call: async (cmd, args) => {
      assert.equal(cmd, 'review');
      assert.equal(args.record, JSON.stringify(record));
      return { game: 'kahuna', seats: ['h', 'bot1'], names: ['Ana', ''], players: 2, plies: 4, over: true, private: true };
    },
    parts: {
      review: ({ status, viewer }) => ({
        open: async () => status(`seen by ${viewer}`),
        tools: (tools) => ({ undo: { disabled: true }, hint: { ...tools.hint, hidden: true }, save: { hidden: false } }),
        close: () => closed.push('review'),
      }),
    },
  });
  await ctrl.startReview(record, []);
  assert.deepEqual(ctrl.status, { state: 'review', kind: 'loading', text: 'seen by 0' });
  assert.equal(ctrl.statusText(ctrl.status), 'seen by 0');
  assert.deepEqual(ctrl.tools(), { undo: { disabled: true }, hint: { hidden: true, disabled: true, pressed: false }, save: { hidden: false } });
  assert.deepEqual(ctrl.names(), ['Ana', seatNames(['h', 'bot1'], [])[1]]);
  ctrl.exit();
  assert.deepEqual(closed, ['review']);
  assert.equal(ctrl.active, false);
  assert.equal(seen.exits, 1);
});

/** A table on a table server: its state, and what it tells its listeners. */
function fakeRemote(first) {
  const listeners = new Set();
  return {
    kind: 'online',
    botsHere: false,
    sharedDevice: false,
    state: first,
    connection: 'online',
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tell(kind, ...args) {
      if (kind === 'state') this.state = args[0];
      for (const each of listeners) each[kind]?.(...args);
    },
    listeners,
    async snapshot() {
      return this.state.snapshot;
    },
    async play() {
      return null;
    },
    async undo() {
      return null;
    },
    close() {
      this.closed = true;
    },
  };
}

test('an online table: its part listens to the table; a lost connection and its return cost nothing', async () => {
  const game = toyGame({ seats: ['h', 'h'] });
  const stateAt = (log) => ({ snapshot: { ...game.snap(0), names: ['Ana', 'Bob'] }, seat: 0, table: { started: true, joined: [true, true] }, undos: [], cause: null, ply: log });
  const remote = fakeRemote(stateAt(0));
  const connections = [];
  const shown = [];
  const { ctrl, drawn, saved } = makeCtrl({
    game,
    parts: {
      online: ({ remote: table, session }) => {
        const stop = table.subscribe({
          state: (state) => {
            shown.push(state);
            session.turns.update(playable(state));
          },
          connection: (kind) => connections.push(kind),
        });
        return {
          remote: true,
          names: () => table.state.snapshot.names,
          autosave: () => true,
          tools: (tools) => ({ ...tools, save: { hidden: true } }),
          show: (state) => shown.push(state),
          close: stop,
        };
      },
    },
  });
  await ctrl.startOnline(remote, { table: 't', token: 'k' });
  assert.equal(ctrl.remote, remote);
  assert.equal(remote.listeners.size, 1);
  assert.equal(ctrl.statusText(ctrl.status), t('status.your_turn'));
  assert.deepEqual(ctrl.names(), ['Ana', 'Bob']);
  assert.equal(ctrl.tools().save.hidden, true);
  assert.equal(ctrl.tools().hint.hidden, true, 'no hint at a table server');

  remote.tell('connection', 'reconnecting');
  // The other player moved meanwhile: the state after the reconnection has it.
  game.play(0);
  game.play(1);
  remote.tell('connection', 'online');
  remote.tell('state', stateAt(2));
  await until(() => drawn.at(-1).snap.log.length === 2, 'the state after the reconnection is drawn');
  assert.deepEqual(connections, ['reconnecting', 'online']);
  assert.equal(shown.length, 2);
  assert.deepEqual(saved, [], 'the server keeps the game');
  ctrl.exit();
  assert.equal(remote.listeners.size, 0, 'leaving stops listening');
  assert.equal(remote.closed, true);
});

test('the game ends: the end dialog offers a new game of the same set-up and a review', async () => {
  const game = toyGame({ seats: ['h', 'bot1'], length: 2 });
  const { ctrl, seen } = makeCtrl({ game });
  await ctrl.start(SETUP);
  await ctrl.session.turns.choose('go');
  await until(() => seen.ends.length === 1, 'the end dialog');
  const { end } = seen.ends[0];
  assert.equal(end.newGameLabel, t('end.new_game'));
  assert.ok(end.onReview);
  end.onNewGame();
  assert.deepEqual(seen.newGames, [SETUP]);
  assert.deepEqual(end.details(), { details: true });
});

test('helpers: the first viewer, a waiting table shows no move, errors in words', () => {
  assert.equal(firstViewer(['h', 'bot1']), 1 - 1);
  assert.equal(firstViewer(['h', 'h']), null);
  assert.equal(firstViewer(['bot1', 'bot2']), null);
  const waiting = { table: { started: false }, snapshot: { legal: [{ text: 'go' }] } };
  assert.deepEqual(playable(waiting).legal, []);
  assert.equal(errorText({ key: 'no.such.key', message: 'raw words', params: {} }), 'raw words');
  assert.equal(errorText(null), t('error.internal'));
});
