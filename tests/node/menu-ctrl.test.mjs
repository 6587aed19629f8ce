// The menu's controller (web/js/menu/ctrl.js) without a page: from the
// set-up kept in the browser to a started game, a game chosen keeping its
// own player count, the modes and their seats, an online table's options,
// and what may start before the engine is ready.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { useStrings } from '../../web/js/i18n.js';
import { MenuCtrl } from '../../web/js/menu/ctrl.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
useStrings('en', JSON.parse(readFileSync(path.join(ROOT, 'web', 'i18n', 'en.json'), 'utf8')));

const GAMES = [
  { id: 'kahuna', title: { fr: 'Kahuna', en: 'Kahuna' }, players: [2], options: {}, private: true, bot_levels: [0, 1, 2, 3], lessons: ['kahuna'] },
  { id: 'kanaloa', title: { fr: 'Kanaloa', en: 'Kanaloa' }, players: [2, 3, 4], options: { gods: false }, private: true, bot_levels: [0, 1, 2, 3], lessons: ['kanaloa', 'kanaloa-gods'] },
  { id: 'moai', title: { fr: 'Moaï', en: 'Moai' }, players: [2, 3, 4, 5], options: {}, private: true, bot_levels: [0, 1, 2] },
  { id: 'chess', title: { fr: 'Échecs', en: 'Chess' }, players: [2], options: {}, private: false },
];

function menu(saved = {}) {
  const kept = [];
  const redraws = [];
  const started = [];
  const ctrl = new MenuCtrl({
    saved,
    save: (setup) => kept.push(setup),
    redraw: (part) => redraws.push(part),
    onStart: (config) => started.push(config),
    random: () => 0.5,
  });
  return { ctrl, kept, redraws, started };
}

test('from the set-up kept to a started game, once the engine is ready', () => {
  const { ctrl, redraws, started } = menu({ game: 'kahuna', players: 2, seats: ['h', 'bot2'], names: ['Ana', ''] });
  assert.equal(ctrl.startable, false, 'nothing starts before the engine');
  assert.equal(ctrl.start(), false);
  ctrl.setReady(GAMES);
  assert.deepEqual(redraws, ['all']);
  assert.deepEqual(ctrl.games.map((g) => g.id), ['kahuna', 'kanaloa', 'moai'], 'a game without a renderer is not offered');
  assert.equal(ctrl.hasLesson, true);
  ctrl.fit();
  assert.equal(ctrl.start(), true);
  assert.deepEqual(started, [{
    game: 'kahuna', players: 2, seats: ['h', 'bot2'], names: ['Ana', ''], options: {}, seed: 2 ** 30, online: false, open: false, clock: null, chat: 'seats', rated: false,
  }]);
});

test('a rated table is asked for only online and signed in', () => {
  const { ctrl, redraws } = menu({ game: 'kahuna', players: 2, seats: ['h', 'h'], names: ['Ana', ''] });
  ctrl.setReady(GAMES);
  ctrl.fit();
  ctrl.setRated(true);
  assert.equal(ctrl.startConfig().rated, false, 'a local game is never rated');
  ctrl.setOnline({ server: 'http://127.0.0.1:8000/', info: { games: GAMES } });
  ctrl.setMode('online');
  assert.equal(ctrl.onlineMode, true);
  assert.equal(ctrl.startConfig().rated, false, 'a guest cannot ask for a rated table');
  ctrl.setSignedIn(true);
  assert.equal(redraws.at(-1), 'all', 'signing in redraws the menu (the rated switch is offered)');
  assert.equal(ctrl.startConfig().rated, true);
  ctrl.setRated(false);
  assert.equal(ctrl.startConfig().rated, false);
});

test('a game chosen keeps its own player count; the first time, a full table of four', () => {
  const { ctrl, kept } = menu();
  ctrl.setReady(GAMES);
  ctrl.fit();
  ctrl.chooseGame('moai');
  assert.equal(ctrl.setup.players, 4);
  assert.equal(ctrl.seats.length, 4);
  assert.equal(ctrl.hasLesson, false);
  ctrl.setPlayers(3);
  ctrl.chooseGame('kanaloa');
  assert.equal(ctrl.setup.players, 4);
  assert.deepEqual(ctrl.setup.options, { gods: false });
  ctrl.chooseGame('moai');
  assert.equal(ctrl.setup.players, 3, 'Moai kept its three players');
  assert.deepEqual(ctrl.setup.options, {});
  assert.equal(kept.at(-1), ctrl.setup, 'every change is kept');
  ctrl.chooseGame('chess');
  assert.equal(ctrl.setup.game, 'moai', 'a game not offered cannot be chosen');
});

test('watching bots keeps its own seats; a seat changed, a name typed', () => {
  const { ctrl, redraws } = menu();
  ctrl.setReady(GAMES);
  ctrl.fit();
  ctrl.setSeat(1, 'bot3');
  ctrl.setMode('watch');
  assert.equal(ctrl.watching, true);
  assert.ok(ctrl.seats.every((kind) => kind.startsWith('bot')), 'only bots when watching');
  ctrl.setSeat(0, 'bot0');
  ctrl.setMode('play');
  assert.deepEqual(ctrl.seats, ['h', 'bot3']);
  ctrl.setName(0, 'Ana');
  assert.equal(ctrl.firstName, 'Ana');
  assert.deepEqual(redraws.slice(1), ['seats', 'options', 'seats', 'options']);
});

test('online: only with a server; an open table needs two people; its clock and chat go with the table', () => {
  const { ctrl, started } = menu({ mode: 'online' });
  ctrl.setReady(GAMES);
  ctrl.fit();
  assert.equal(ctrl.mode, 'play', 'no server yet: the online mode waits for one');
  ctrl.setOnline({ server: 'http://127.0.0.1:8000/', info: { games: GAMES } });
  assert.equal(ctrl.onlineMode, true);
  ctrl.setOpenTable(true);
  ctrl.setChatEveryone(true);
  ctrl.setClock('live-10-5', 2, 'out');
  ctrl.start();
  assert.equal(started[0].online, true);
  assert.equal(started[0].open, false, 'one person and a bot: not an open table');
  assert.equal(started[0].chat, 'everyone');
  assert.deepEqual(started[0].clock, { kind: 'live', minutes: 10, increment: 5, level: 2, timeout: 'out' });
  ctrl.setSeat(1, 'h');
  assert.equal(ctrl.openable, true);
  ctrl.start();
  assert.equal(started[1].open, true);
  assert.deepEqual(started[1].seats, ['h', 'h']);
});

test('a table joined before the engine is ready: the server lists the games, and online play may start', () => {
  const { ctrl } = menu({ mode: 'online' });
  ctrl.setOnline({ server: 'http://127.0.0.1:8000/', info: { games: GAMES } });
  ctrl.fit();
  assert.equal(ctrl.ready, false);
  assert.equal(ctrl.startable, true);
  assert.equal(ctrl.gameTitle('moai'), 'Moai');
  assert.equal(ctrl.gameTitle('haleakala'), 'Haleakala', 'a game not listed yet is named by its id');
  ctrl.setOnlineStatus([{ table: 't1', ok: true }, null, { table: 3 }]);
  assert.deepEqual([...ctrl.onlineStatus.keys()], ['t1']);
  assert.equal(ctrl.setPace('slow'), true);
  assert.equal(ctrl.setPace('warp'), false);
  assert.equal(ctrl.setup.pace, 'slow');
});
