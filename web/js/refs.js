// @ts-check
// The page's fixed elements (those of index.html, and the few the page makes
// once and finds again by id), in one place and typed: every module reaches
// them through `refs`, none looks an id up itself. Each is looked up when
// asked, so the modules the Node tests import never touch the DOM at load.

/** @param {string} id */
const byId = (id) => document.getElementById(id);

/** @param {string} id @returns {HTMLButtonElement} */
const button = (id) => /** @type {HTMLButtonElement} */ (byId(id));
/** @param {string} id @returns {HTMLDialogElement} */
const dialog = (id) => /** @type {HTMLDialogElement} */ (byId(id));

export const refs = {
  // -- the two screens ----------------------------------------------------------
  menuScreen: () => byId('menu-screen'),
  gameScreen: () => byId('game-screen'),

  // -- the menu -------------------------------------------------------------------
  boot: () => byId('boot'),
  newGameForm: () => /** @type {HTMLFormElement} */ (byId('new-game-form')),
  playButton: () => button('play-button'),
  gameList: () => byId('game-list'),
  playerCount: () => byId('player-count'),
  seatList: () => byId('seat-list'),
  modeSwitch: () => byId('mode-switch'),
  optionList: () => byId('option-list'),
  resumeArea: () => byId('resume-area'),
  menuRulesButton: () => button('menu-rules-button'),
  learnButton: () => button('learn-button'),
  lessonOffer: () => byId('lesson-offer'),
  loadFile: () => /** @type {HTMLInputElement} */ (byId('load-file')),
  updateOffer: () => byId('update-offer'),
  updateReload: () => button('update-reload'),
  menuMessage: () => byId('menu-message'),
  onlineBody: () => byId('online-body'),
  onlineTables: () => byId('online-tables'),
  botPace: () => /** @type {HTMLSelectElement | null} */ (byId('bot-pace')),

  // -- the game screen ------------------------------------------------------------
  menuButton: () => button('menu-button'),
  gameName: () => byId('game-name'),
  undoButton: () => button('undo-button'),
  hintButton: () => button('hint-button'),
  saveButton: () => button('save-button'),
  rulesButton: () => button('rules-button'),
  status: () => byId('status'),
  advice: () => byId('advice'),
  lesson: () => byId('lesson'),
  watchBar: () => byId('watch-bar'),
  review: () => byId('review'),
  inviteButton: () => button('invite-button'),
  tabPlayers: () => button('tab-players'),
  tablePanel: () => byId('table-panel'),
  log: () => byId('log'),
  announce: () => byId('announce'),
  // What a renderer draws in.
  board: () => byId('board'),
  players: () => byId('players'),
  round: () => byId('round'),
  scoreline: () => byId('scoreline'),
  hand: () => byId('hand'),
  market: () => byId('market'),
  actions: () => byId('actions'),

  // -- dialogs and toasts ----------------------------------------------------------
  endDialog: () => dialog('end-dialog'),
  endBody: () => byId('end-body'),
  endNew: () => /** @type {HTMLButtonElement | null} */ (byId('end-new')),
  endBoard: () => /** @type {HTMLButtonElement | null} */ (byId('end-board')),
  endReview: () => /** @type {HTMLButtonElement | null} */ (byId('end-review')),
  joinDialog: () => dialog('join-dialog'),
  privacyDialog: () => dialog('privacy-dialog'),
  privacyTitle: () => byId('privacy-title'),
  privacyText: () => byId('privacy-text'),
  privacyMark: () => byId('privacy-mark'),
  privacyContinue: () => button('privacy-continue'),
  confirmDialog: () => dialog('confirm-dialog'),
  confirmText: () => byId('confirm-text'),
  confirmYes: () => button('confirm-yes'),
  confirmNo: () => button('confirm-no'),
  rulesDialog: () => dialog('rules-dialog'),
  rulesText: () => byId('rules-text'),
  toasts: () => byId('toasts'),
  tip: () => byId('tip'),

  /** An element the page made with an id of its own (a control of a bar it
   * redraws), found again after a redraw. */
  made: (/** @type {string} */ id) => byId(id),
};
