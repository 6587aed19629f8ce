// @ts-check
// The page: starts the Python worker first, paints the menu, and switches
// between the menu and a game. Deep links (#play=…) start a game directly;
// online links (#online=…) create a table or sit at one, through the table
// server the page finds (online-play.js).

import * as engine from './worker-client.js';
import { setLanguage, applyTo, t, has, language, prepareFormatters, preferredLanguage } from './i18n.js';
import { createMenu } from './menu/view.js';
import { BOT_PACES } from './state.js';
import { createGameScreen } from './game/view.js';
import { errorText } from './game/words.js';
import { parseDeepLink } from './deeplink.js';
import { DEFAULT_BOT_LEVEL } from './players.js';
import { installKeyboard } from './keyboard.js';
import { watchDock } from './layout.js';
import { showRules, toast } from './dialogs.js';
import * as store from './store.js';
import { preloadRenderers } from './games/index.js';
import { MAX_PLAYERS, MAX_RECORD_TEXT } from './limits.js';
import { watchForUpdates } from './updates.js';
import { openTables, reviewRecord, serverAddress } from './online.js';
import { decodeRecord } from './share.js';
import { OnlinePlay } from './online-play.js';
import { refs } from './refs.js';
import { installTips } from './tips.js';
import { drawPictures } from './rules-pictures.js';
import { AccountCtrl } from './account/ctrl.js';
import * as accountApi from './account/api.js';
import { createPeopleView } from './account/view.js';
import { dailyNote } from './account/daily.js';

const link = parseDeepLink(location.hash);

/** @param {'menu' | 'game' | 'people'} name */
function showScreen(name) {
  refs.menuScreen().hidden = name !== 'menu';
  refs.gameScreen().hidden = name !== 'game';
  refs.peopleScreen().hidden = name !== 'people';
  document.body.classList.toggle('on-menu', name === 'menu');
  document.body.classList.toggle('on-game', name === 'game');
  document.body.classList.toggle('on-people', name === 'people');
}

const menu = createMenu({
  onStart: (config) => (config.online ? online.createOnline(config) : startGame(config)),
  onLearn: (gameId) => startLesson(gameId),
  onResume: (entry) => resumeGame(entry),
  onReview: (entry) => reviewGame(entry),
  onForget: (entry) => {
    store.forgetGame(entry.id);
    menu.renderResume();
  },
  onLoadFile: (file) => loadFile(file),
  onLanguage: async (lang) => {
    store.saveLanguage(lang);
    await switchLanguage(lang);
  },
  onRules: (game) => openRules(game),
  online: {
    setServer: (address) => online.chooseServer(address),
    joinCode: (code) => online.joinCode(code),
    resume: (entry) => online.openTable(entry),
    openTables: () => (online.server.address ? openTables(online.server.address) : Promise.resolve([])),
    sit: (table, name, game) => online.sitAtOpenTable(table, name, game),
    forget: (entry) => {
      store.forgetOnlineTable(entry);
      menu.renderOnlineTables();
    },
  },
});

const game = createGameScreen({
  onExit: () => {
    // An online table's link leaves the address bar with it.
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    showMenu();
    menu.render();
    online.refreshOnlineTables();
  },
  onNewGame: (setup) => startGame({ ...setup, seed: Math.floor(Math.random() * 2 ** 31) }),
  pace: () => menu.pace,
  setPace: (pace) => menu.setPace(pace),
  paces: BOT_PACES,
  rememberName: (name) => menu.rememberName(name),
  learnerName: () => menu.firstName,
  endNote: (snap, setup) => dailyNote(dailyReplay, snap, setup),
  // The check of a finished online game's shuffle (pygame_core/fairness.py).
  verifyRecord: async (args) => {
    await engine.start();
    return engine.call('verify', args);
  },
});
game.titleOf = (/** @type {string} */ id) => menu.gameTitle(id);

/** The menu, where local games start: Python starts with it, if it has not
 * yet (a page opened on an online table's link plays without it). */
function showMenu() {
  showScreen('menu');
  engine.start();
}

const online = new OnlinePlay({
  menu,
  game,
  showScreen: (name) => (name === 'menu' ? showMenu() : showScreen(name)),
  site: new URL('./', location.href).href,
  // Accounts live on the table server found.
  onServer: (found) => accounts.setServer(found ? found.server : null),
});

// The players' screen: the account, profiles, leaderboards, the day's deal.
/** A revealed day's deal played here, and its board to place the score on.
 * @type {{seed: string, game: string, date: string, board: import('./account/api.js').DailyBoard} | null} */
let dailyReplay = null;
const accounts = new AccountCtrl({
  api: accountApi,
  onChange: () => {
    accountApi.rememberAccount(accounts.account);
    people.render();
    menu.setSignedIn(accounts.signedIn);
  },
});
const people = createPeopleView(accounts, {
  gameTitle: (id) => menu.gameTitle(id),
  go: (hash) => {
    location.hash = hash;
  },
  back: () => leavePeople(),
  playTable: (made, id) => {
    history.replaceState(null, '', location.pathname + location.search);
    online.openCreated(made, id);
  },
  playOffline: (setup, board) => {
    dailyReplay = { seed: setup.seed, game: setup.game, date: board.date, board };
    // The menu first: it says so if the game cannot start.
    leavePeople();
    const name = accounts.account ? accounts.account.name : '';
    // The server's bots, move for move: bounded by their iterations alone.
    startGame({ ...setup, exactBots: true, names: setup.seats.map((/** @type {string} */ _, /** @type {number} */ seat) => (seat === 0 ? name : '')) });
  },
});

/** Open a page of the players' screen (a deep link's `people`).
 * @param {any} wanted */
async function openPeople(wanted) {
  // Leaving a game clears the address bar: the page's own link stays in it.
  const hash = location.hash;
  if (game.active) game.exit();
  if (hash && location.hash !== hash) history.replaceState(null, '', hash);
  showScreen('people');
  refs.peopleBack().focus({ preventScroll: true });
  for (const link of document.querySelectorAll('.people-link')) {
    link.toggleAttribute('aria-current', /** @type {HTMLElement} */ (link).dataset.page === wanted.people);
  }
  // The server is looked for at start: its answer names where accounts live.
  if (online.server.looking) await online.server.looking.catch(() => null);
  if (wanted.people === 'profile') await accounts.openProfile(wanted.name);
  else if (wanted.people === 'leaderboard') await accounts.openLeaderboard(wanted.game);
  else if (wanted.people === 'daily') await accounts.openDaily(wanted.game);
  else accounts.show('account');
}

function leavePeople() {
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  showMenu();
  menu.render();
}

/** @param {string} lang */
async function switchLanguage(lang) {
  await setLanguage(lang);
  applyTo(document);
  document.title = t('app.title');
  menu.render();
  game.retranslate();
}

/** @param {any} config a new game's set-up (the menu's, or a deep link's) */
async function startGame(config) {
  menu.showMessage('');
  try {
    await engine.start();
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

/** The rules in brief of a game, then their pictures, drawn once the engine
 * is ready (rules-pictures.js); taken down when the dialog closes. */
let rulesShown = 0;
let takeDownPictures = () => {};
/** @param {string} gameId @param {number | null} [section] */
async function openRules(gameId, section = null) {
  takeDownPictures();
  showRules(gameId, has);
  const shown = ++rulesShown;
  const dialog = refs.rulesDialog();
  const stillOpen = () => shown === rulesShown && dialog.open;
  // Opened at one rule (a line of the log links to it): that section is
  // brought into view and marked, again once the pictures above it are in.
  const asked = section === null ? null : refs.rulesText().querySelector(`:scope > section[data-section="${section}"]`);
  const toAsked = () => asked && asked.scrollIntoView({ block: 'start' });
  if (asked) asked.classList.add('asked');
  toAsked();
  try {
    await engine.start();
    if (!stillOpen()) return;
    const takeDown = await drawPictures(gameId, refs.rulesText(), { call: engine.call, stillOpen });
    // Closed meanwhile: the pictures go at once.
    if (stillOpen()) {
      takeDownPictures = takeDown;
      toAsked();
    } else takeDown();
  } catch {
    /* the rules' words stand without their pictures */
  }
}

/** A game's lesson, from its first step (game.js, lesson.js). */
/** @param {string} gameId */
async function startLesson(gameId) {
  menu.showMessage('');
  try {
    await engine.start();
    await game.startLesson(gameId, {
      onFirstDraw: () => {
        showScreen('game');
        registerServiceWorkerWhenIdle();
      },
    });
  } catch (error) {
    game.exit();
    menu.showMessage(t('menu.lesson_failed', { message: errorText(error) }));
    registerServiceWorkerWhenIdle();
  }
}

/** @param {any} entry a saved game (store.js) */
async function resumeGame(entry) {
  menu.showMessage('');
  try {
    await engine.start();
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

/** A finished game of the saved games, looked back on (review.js). */
/** @param {any} entry a saved game (store.js) */
async function reviewGame(entry) {
  menu.showMessage('');
  try {
    await engine.start();
    showScreen('game');
    await game.startReview(entry.record, entry.names, { saveId: entry.id });
  } catch (error) {
    if (game.active) game.exit();
    showScreen('menu');
    menu.showMessage(t('menu.review_failed', { message: errorText(error) }));
  }
}

/** A shared game (share.js): the record the link carries, or the one its
 * table server gives for the link's key, opened in the review. A link that
 * opens nothing leaves the player at the menu, with why.
 * @param {any} wanted a review link (deeplink.js) */
async function openShared(wanted) {
  menu.showMessage('');
  try {
    let record;
    if (wanted.review === 'online') {
      const server = serverAddress(wanted.server);
      if (!server) throw { key: 'error.bad_share_link', message: 'the link names no table server', params: {} };
      record = (await reviewRecord(server, wanted)).record;
    } else {
      record = await decodeRecord(wanted.data);
    }
    if (game.active) game.exit();
    showScreen('game');
    await game.startReview(record, []);
  } catch (error) {
    if (game.active) game.exit();
    showScreen('menu');
    menu.showMessage(t('menu.share_failed', { message: errorText(error) }));
  }
}

/** @param {File} file */
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
    await engine.start();
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

// The browser says when the network goes and comes back: the table stops
// trying meanwhile, and tries at once when it is back.
window.addEventListener('offline', () => game.remote && game.remote.offline?.());
window.addEventListener('online', () => game.remote && game.remote.online?.());

/** A size in megabytes, in the current language ("1 Mo", "1 MB"). */
/** @param {number} bytes */
function megabytes(bytes) {
  return new Intl.NumberFormat(language(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1e6);
}

function wireGameScreen() {
  refs.menuButton().addEventListener('click', () => game.exit());
  refs.undoButton().addEventListener('click', () => game.undo());
  refs.hintButton().addEventListener('click', () => game.toggleHint());
  refs.saveButton().addEventListener('click', () => game.download());
  refs.rulesButton().addEventListener('click', () => openRules(game.gameId || 'kahuna'));
  // A line of the log links to the rule it applies.
  refs.log().addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('[data-rules-section]') : null;
    if (link instanceof HTMLElement && game.gameId) openRules(game.gameId, Number(link.dataset.rulesSection));
  });
  installKeyboard(refs.gameScreen(), { onEscape: () => game.clearSelection() });
  installTips(refs.gameScreen());
  refs.rulesDialog().addEventListener('close', () => {
    rulesShown += 1;
    takeDownPictures();
    takeDownPictures = () => {};
  });
  document.addEventListener('keydown', shortcut);
  watchDock(/** @type {HTMLElement} */ (document.querySelector('.dock')));
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.tabs [role="tab"]'))) {
    tab.addEventListener('click', () => selectTab(tab));
  }
  selectTab(refs.tabPlayers());
}

/** H: the hint; P: pause or resume a game of bots. Not while typing, nor
 * behind a dialog (the pass-the-device screen hides the hand). */
/** @param {KeyboardEvent} event */
function shortcut(event) {
  if (refs.gameScreen().hidden || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = /** @type {HTMLInputElement | null} */ (event.target);
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

/** @param {HTMLElement} chosen */
function selectTab(chosen) {
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.tabs [role="tab"]'))) {
    const on = tab === chosen;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    /** @type {HTMLElement} */ (refs.made(String(tab.getAttribute('aria-controls')))).classList.toggle('active', on);
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

/** A link's view (`view=text`, `view=board`) is remembered: the next
 * games open in it too. */
/** @param {any} wanted a deep link (deeplink.js) */
function keepView(wanted) {
  if (wanted && wanted.view) store.saveView(wanted.view);
}

async function main() {
  const lang = (link && link.lang) || store.savedLanguage() || preferredLanguage();
  keepView(link);
  await switchLanguage(lang);
  wireGameScreen();
  refs.peopleBack().addEventListener('click', () => leavePeople());
  people.renderChip();
  engine.onProgress((/** @type {{step: string, fraction: number}} */ progress) => menu.setProgress(progress));
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
  // (An online table's link stays: it is the seat, and a reload sits again.)
  // (A page of the players' screen stays too: a reload shows it again.)
  if (link && !link.online && !link.people) history.replaceState(null, '', location.pathname + location.search);

  preloadRenderers(link && link.game ? [link.game] : undefined);
  // A link followed within the page: at once on a page opened on an online
  // table's link (Python may never start there), else once Python is ready.
  const followHash = () => {
    const wanted = parseDeepLink(location.hash);
    if (wanted && wanted.online) followOnline(wanted);
    else followLink(wanted);
  };
  if (link && link.online) window.addEventListener('hashchange', followHash);
  // Online play needs no Python: the table server plays the rules. A page
  // opened on an online table's link starts Python only once it needs it
  // (the menu, the check of the shuffle at the end, a review, the rules'
  // pictures); every other page has started it already (index.html).
  const searching = online.lookForServer();
  if (link && link.online) {
    searching
      .then(() => followOnline(link))
      .catch((error) => toast(errorText(error), 'error'))
      .finally(() => {
        // A link that opened no table leaves the player at the menu.
        if (!game.active) engine.start();
        registerServiceWorkerWhenIdle();
      });
  } else {
    engine.start();
  }
  // A deep link to a game opens it as soon as Python is ready (the menu shows
  // the boot until then); the menu learns the games afterwards, behind it.
  const opening = link && (link.game || link.learn || link.review) && !link.online ? engine.ready.then(() => followLink(link)) : null;
  if (opening) opening.catch(() => {}); // a failed boot is shown by the menu below
  let games;
  try {
    // (`ready` waits for Python to be started too, on an online table's page.)
    await engine.ready;
    games = await engine.call('games', {});
  } catch (error) {
    menu.setFailed(errorText(error));
    if (!opening && !game.active) showScreen('menu');
    registerServiceWorkerWhenIdle();
    return;
  }
  menu.setReady(games);
  // The menu is the first screen, or the deep link's board (drawn meanwhile,
  // or soon: startGame registers it then).
  if (!opening) registerServiceWorkerWhenIdle();

  if (!(link && link.online)) window.addEventListener('hashchange', followHash);
  if (opening) await opening;
  else if (!link || !link.online) await followLink(link);
}

/** An online link: create the table it describes, or sit at its table. */
/** @param {any} wanted an online link (deeplink.js) */
async function followOnline(wanted) {
  keepView(wanted);
  if (wanted.lang && wanted.lang !== language()) await switchLanguage(wanted.lang);
  if (wanted.online === 'table') {
    if (game.remote && game.remote.state && location.hash.includes(wanted.token)) return;
    await online.openLink(wanted);
    return;
  }
  history.replaceState(null, '', location.pathname + location.search);
  if (wanted.error || !wanted.game) {
    menu.showMessage(t('online.bad_link'));
    return;
  }
  const players = wanted.players || wanted.seats.length || 2;
  const seats = wanted.seats.length ? wanted.seats : Array.from({ length: players }, (_, i) => (i === 0 ? 'h' : `bot${DEFAULT_BOT_LEVEL}`));
  await online.createOnline({
    game: wanted.game, players, seats, seed: wanted.seed, options: wanted.options, names: wanted.names, seat: 0,
    open: wanted.open, clock: wanted.clock, chat: wanted.chat, rated: wanted.rated,
  });
}

/** Start the game a deep link describes (once Python is ready). */
/** @param {any} wanted a deep link (deeplink.js) */
async function followLink(wanted) {
  if (!wanted) return;
  keepView(wanted);
  if (wanted.lang && wanted.lang !== language()) await switchLanguage(wanted.lang);
  if (wanted.people) {
    await openPeople(wanted);
    return;
  }
  if (wanted.learn) {
    history.replaceState(null, '', location.pathname + location.search);
    if (game.active) game.exit();
    await startLesson(wanted.learn);
    return;
  }
  if (wanted.review) {
    history.replaceState(null, '', location.pathname + location.search);
    await openShared(wanted);
    return;
  }
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

