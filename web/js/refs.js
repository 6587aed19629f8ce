// @ts-check
// The page's fixed elements (those of index.html, and the few the page makes
// once and finds again by id), in one place and typed: every module reaches
// them through `refs`, none looks an id up itself. Each is looked up when
// asked, so the modules the Node tests import never touch the DOM at load.

/** An element the page may not have (yet): one it makes itself.
 * @param {string} id @returns {HTMLElement | null} */
const byId = (id) => document.getElementById(id);

/** An element of index.html, which is always there.
 * @param {string} id @returns {HTMLElement} */
const fixed = (id) => /** @type {HTMLElement} */ (byId(id));

/** @param {string} id @returns {HTMLButtonElement} */
const button = (id) => /** @type {HTMLButtonElement} */ (byId(id));
/** @param {string} id @returns {HTMLDialogElement} */
const dialog = (id) => /** @type {HTMLDialogElement} */ (byId(id));

export const refs = {
  // -- the two screens ----------------------------------------------------------
  menuScreen: () => fixed('menu-screen'),
  gameScreen: () => fixed('game-screen'),
  peopleScreen: () => fixed('people-screen'),

  // -- the players' screen (account/view.js) ---------------------------------------
  accountChip: () => fixed('account'),
  peopleBody: () => fixed('people-body'),
  peopleBack: () => button('people-back'),

  // -- the menu -------------------------------------------------------------------
  boot: () => fixed('boot'),
  newGameForm: () => /** @type {HTMLFormElement} */ (byId('new-game-form')),
  playButton: () => button('play-button'),
  gameList: () => fixed('game-list'),
  playerCount: () => fixed('player-count'),
  seatList: () => fixed('seat-list'),
  modeSwitch: () => byId('mode-switch'),
  optionList: () => fixed('option-list'),
  resumeArea: () => fixed('resume-area'),
  menuRulesButton: () => button('menu-rules-button'),
  learnButton: () => button('learn-button'),
  lessonOffer: () => fixed('lesson-offer'),
  loadFile: () => /** @type {HTMLInputElement} */ (byId('load-file')),
  updateOffer: () => fixed('update-offer'),
  updateReload: () => button('update-reload'),
  menuMessage: () => fixed('menu-message'),
  onlineBody: () => fixed('online-body'),
  onlineTables: () => fixed('online-tables'),
  botPace: () => /** @type {HTMLSelectElement | null} */ (byId('bot-pace')),

  // -- the game screen ------------------------------------------------------------
  menuButton: () => button('menu-button'),
  gameName: () => fixed('game-name'),
  undoButton: () => button('undo-button'),
  hintButton: () => button('hint-button'),
  saveButton: () => button('save-button'),
  rulesButton: () => button('rules-button'),
  status: () => fixed('status'),
  advice: () => fixed('advice'),
  lesson: () => fixed('lesson'),
  exercise: () => fixed('exercise'),
  watchBar: () => fixed('watch-bar'),
  review: () => fixed('review'),
  inviteButton: () => button('invite-button'),
  tabPlayers: () => button('tab-players'),
  tablePanel: () => fixed('table-panel'),
  log: () => fixed('log'),
  announce: () => fixed('announce'),
  // What a renderer draws in.
  board: () => fixed('board'),
  players: () => fixed('players'),
  round: () => fixed('round'),
  scoreline: () => fixed('scoreline'),
  hand: () => fixed('hand'),
  market: () => fixed('market'),
  actions: () => fixed('actions'),

  // -- dialogs and toasts ----------------------------------------------------------
  endDialog: () => dialog('end-dialog'),
  endBody: () => fixed('end-body'),
  endNew: () => /** @type {HTMLButtonElement | null} */ (byId('end-new')),
  endBoard: () => /** @type {HTMLButtonElement | null} */ (byId('end-board')),
  endReview: () => /** @type {HTMLButtonElement | null} */ (byId('end-review')),
  joinDialog: () => dialog('join-dialog'),
  privacyDialog: () => dialog('privacy-dialog'),
  privacyTitle: () => fixed('privacy-title'),
  privacyText: () => fixed('privacy-text'),
  privacyMark: () => fixed('privacy-mark'),
  privacyContinue: () => button('privacy-continue'),
  confirmDialog: () => dialog('confirm-dialog'),
  confirmText: () => fixed('confirm-text'),
  confirmYes: () => button('confirm-yes'),
  confirmNo: () => button('confirm-no'),
  rulesDialog: () => dialog('rules-dialog'),
  rulesText: () => fixed('rules-text'),
  toasts: () => fixed('toasts'),
  tip: () => fixed('tip'),

  /** An element the page made with an id of its own (a control of a bar it
   * redraws), found again after a redraw. */
  made: (/** @type {string} */ id) => byId(id),
};
