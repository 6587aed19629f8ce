// The page: starts the Python worker first, paints the menu, and switches
// between the menu and a game. Deep links (#play=…) start a game directly.

import * as engine from './worker-client.js';
import { setLanguage, applyTo, t, has, language, prepareFormatters, DEFAULT_LANGUAGE } from './i18n.js';
import { createMenu, BOT_PACES } from './menu.js';
import { createGame, errorText } from './game.js';
import { parseDeepLink } from './deeplink.js';
import { DEFAULT_BOT_LEVEL } from './players.js';
import { installKeyboard } from './keyboard.js';
import { watchDock } from './layout.js';
import { showRules, toast } from './dialogs.js';
import * as store from './store.js';
import { preloadRenderers } from './games/index.js';
import { MAX_PLAYERS, MAX_RECORD_TEXT } from './limits.js';
import { watchForUpdates } from './updates.js';

const $ = (id) => document.getElementById(id);

const link = parseDeepLink(location.hash);

function showScreen(name) {
  $('menu-screen').hidden = name !== 'menu';
  $('game-screen').hidden = name !== 'game';
  document.body.classList.toggle('on-menu', name === 'menu');
  document.body.classList.toggle('on-game', name === 'game');
}

const menu = createMenu({
  onStart: (config) => startGame(config),
  onResume: (entry) => resumeGame(entry),
  onForget: (entry) => {
    store.forgetGame(entry.id);
    menu.renderResume();
  },
  onLoadFile: (file) => loadFile(file),
  onLanguage: async (lang) => {
    store.saveLanguage(lang);
    await switchLanguage(lang);
  },
  onRules: (game) => showRules(game, has),
});

const game = createGame({
  onExit: () => {
    showScreen('menu');
    menu.render();
  },
  onNewGame: (setup) => startGame({ ...setup, seed: Math.floor(Math.random() * 2 ** 31) }),
  pace: () => menu.pace,
  setPace: (pace) => menu.setPace(pace),
  paces: BOT_PACES,
});
game.setTitles((id) => menu.gameTitle(id));

async function switchLanguage(lang) {
  await setLanguage(lang);
  applyTo(document);
  document.title = t('app.title');
  menu.render();
  game.retranslate();
}

async function startGame(config) {
  menu.showMessage('');
  try {
    await engine.ready;
    // The game screen shows once its board can be drawn: switching earlier
    // would make the browser draw an empty screen first.
    await game.start(config, {
      onFirstDraw: () => {
        showScreen('game');
        registerServiceWorkerWhenIdle(); // once the board is drawn, the first one
      },
    });
  } catch (error) {
    game.exit();
    menu.showMessage(t('menu.start_failed', { message: errorText(error) }));
    registerServiceWorkerWhenIdle();
  }
}

async function resumeGame(entry) {
  menu.showMessage('');
  try {
    await engine.ready;
    showScreen('game');
    // The game goes on in its own entry of the saved games.
    await game.resume(entry.record, entry.names, { saveId: entry.id });
  } catch (error) {
    // This save cannot be read: say so, drop it, keep every other save.
    if (game.active) game.exit();
    showScreen('menu');
    store.forgetGame(entry.id);
    menu.render();
    menu.showMessage(t('menu.resume_failed', { message: errorText(error) }));
  }
}

async function loadFile(file) {
  menu.showMessage('');
  // A file far larger than any saved game is not even read.
  if (file.size > MAX_RECORD_TEXT) {
    menu.showMessage(t('menu.load_too_large', { file: file.name, limit: megabytes(MAX_RECORD_TEXT) }));
    return;
  }
  let text;
  try {
    text = await file.text();
    JSON.parse(text);
  } catch {
    menu.showMessage(t('menu.load_not_json', { file: file.name }));
    return;
  }
  try {
    await engine.ready;
    showScreen('game');
    // The engine gets the text itself: it measures a record before it
    // parses it. A loaded file is a game of its own: it never replaces a
    // saved one.
    await game.resume(text, [], { saveId: null });
  } catch (error) {
    if (game.active) game.exit();
    showScreen('menu');
    menu.showMessage(t('menu.load_failed', { file: file.name, message: errorText(error) }));
  }
}

/** A size in megabytes, in the current language ("1 Mo", "1 MB"). */
function megabytes(bytes) {
  return new Intl.NumberFormat(language(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1e6);
}

function wireGameScreen() {
  $('menu-button').addEventListener('click', () => game.exit());
  $('undo-button').addEventListener('click', () => game.undo());
  $('hint-button').addEventListener('click', () => game.toggleHint());
  $('save-button').addEventListener('click', () => game.download());
  $('rules-button').addEventListener('click', () => showRules(game.gameId || 'kahuna', has));
  installKeyboard($('game-screen'), { onEscape: () => game.clearSelection() });
  document.addEventListener('keydown', shortcut);
  watchDock(document.querySelector('.dock'));
  for (const tab of document.querySelectorAll('.tabs [role="tab"]')) {
    tab.addEventListener('click', () => selectTab(tab));
  }
  selectTab($('tab-players'));
}

/** H: the hint; P: pause or resume a game of bots. Not while typing, nor
 * behind a dialog (the pass-the-device screen hides the hand). */
function shortcut(event) {
  if ($('game-screen').hidden || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target.type !== 'radio') return;
  if (document.querySelector('dialog[open]')) return;
  const key = event.key.toLowerCase();
  if (key === 'h') {
    event.preventDefault();
    game.toggleHint();
  } else if (key === 'p' && game.watching) {
    event.preventDefault();
    game.togglePause();
  }
}

function selectTab(chosen) {
  for (const tab of document.querySelectorAll('.tabs [role="tab"]')) {
    const on = tab === chosen;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    $(tab.getAttribute('aria-controls')).classList.toggle('active', on);
  }
}

/**
 * The offline copy (sw.js) is made once the page has nothing better to do:
 * the service worker is registered after the first screen is up (the first
 * board, or the menu when there is no game to open, or the boot has
 * failed), when the browser is idle. On a first visit it then caches the
 * site (15 MB) without taking the two cores from Python's boot; a later
 * visit is served by it from its start. Called again, it does nothing.
 */
let serviceWorkerAsked = false;
function registerServiceWorkerWhenIdle() {
  if (serviceWorkerAsked || !('serviceWorker' in navigator) || location.protocol === 'file:') return;
  serviceWorkerAsked = true;
  const register = () =>
    navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch(() => {
      /* no offline cache this time; the site still works online */
    });
  if ('requestIdleCallback' in self) requestIdleCallback(register, { timeout: 2000 });
  else setTimeout(register, 500);
}

async function main() {
  const lang = (link && link.lang) || store.savedLanguage() || DEFAULT_LANGUAGE;
  await switchLanguage(lang);
  wireGameScreen();
  engine.onProgress((progress) => menu.setProgress(progress));
  if (!engine.booted()) menu.setProgress({ step: 'starting', fraction: 0.02 });
  showScreen('menu');
  // This page keeps its build to the end; the menu offers the next one.
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    watchForUpdates(() => menu.offerUpdate(() => location.reload()));
  }
  // While Python boots, the page has time for what the first board needs.
  if ('requestIdleCallback' in self) requestIdleCallback(prepareFormatters);
  else setTimeout(prepareFormatters, 0);

  // A deep link is used once: a reload then offers to resume, not restart.
  if (link) history.replaceState(null, '', location.pathname + location.search);

  preloadRenderers(link && link.game ? [link.game] : undefined);
  // A deep link to a game opens it as soon as Python is ready (the menu shows
  // the boot until then); the menu learns the games afterwards, behind it.
  const opening = link && link.game ? engine.ready.then(() => followLink(link)) : null;
  if (opening) opening.catch(() => {}); // a failed boot is shown by the menu below
  let games;
  try {
    await engine.ready;
    games = await engine.call('games', {});
  } catch (error) {
    menu.setFailed(errorText(error));
    if (!opening) showScreen('menu');
    registerServiceWorkerWhenIdle();
    return;
  }
  menu.setReady(games);
  // The menu is the first screen, or the deep link's board (drawn meanwhile,
  // or soon: startGame registers it then).
  if (!opening) registerServiceWorkerWhenIdle();

  window.addEventListener('hashchange', () => followLink(parseDeepLink(location.hash)));
  if (opening) await opening;
  else await followLink(link);
}

/** Start the game a deep link describes (once Python is ready). */
async function followLink(wanted) {
  if (!wanted) return;
  if (wanted.lang && wanted.lang !== language()) await switchLanguage(wanted.lang);
  if (!wanted.game) return;
  history.replaceState(null, '', location.pathname + location.search);
  if (game.active) game.exit();
  const players = wanted.players || wanted.seats.length || 2;
  // Seats are made up only for a player count that can be right; any other
  // goes to the engine as it is, which says what is wrong with it.
  const fits = Number.isInteger(players) && players >= 1 && players <= MAX_PLAYERS;
  const seats = wanted.seats.length || !fits ? wanted.seats : Array.from({ length: players }, (_, i) => (i === 0 ? 'h' : `bot${DEFAULT_BOT_LEVEL}`));
  const seed = wanted.seed ?? Math.floor(Math.random() * 2 ** 31);
  await startGame({ game: wanted.game, players, seats, seed, options: wanted.options, names: wanted.names });
}

window.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason;
  if (reason && typeof reason === 'object' && 'key' in reason) {
    toast(errorText(reason), 'error');
    event.preventDefault();
  }
});

main().catch((error) => {
  toast(String((error && error.message) || error), 'error');
});

