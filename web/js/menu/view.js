// @ts-check
// The menu: game, mode (play, watch bots play each other, or play online),
// seats (human or bot and its level), names, options, language, resume, load
// a saved game, and online play (online.js: the table server, a code to join
// with, the open tables, the tables this browser sits at). It paints before
// Python is ready; only "Play" waits for it (a table online does not). What
// the menu holds is its controller's (ctrl.js); this view draws it.

import { t, has, plural, language } from '../i18n.js';
import { levelName, levelAbout, seatNames, botLevel, token, DEFAULT_BOT_LEVELS } from '../players.js';
import { emblem } from '../games/index.js';
import * as store from '../store.js';
import { setSnapshotsAllowed } from '../worker-client.js';
import { h } from '../dom.js';
import { refs } from '../refs.js';
import { BOT_PACES, MODES } from '../state.js';
import { CLOCK_CHOICES, TIMEOUTS, clockOf, clockWords } from '../table-words.js';
import { MenuCtrl } from './ctrl.js';
import { createOnlineMenu } from './online.js';
import { renderResume } from './resume.js';


/** The menu, drawn from its controller. The hooks are the page's (app.js).
 * @param {{onStart: (config: import('./ctrl.js').StartConfig) => void, onLearn: (game: string) => void,
 *   onResume: (entry: any) => void, onReview: (entry: any) => void, onForget: (entry: any) => void,
 *   onLoadFile: (file: File) => void, onLanguage: (lang: string) => void, onRules: (game: string) => void,
 *   online: import('./online.js').OnlineHooks}} hooks */
export function createMenu({ onStart, onLearn, onResume, onReview, onForget, onLoadFile, onLanguage, onRules, online: onlineHooks }) {
  const ctrl = new MenuCtrl({
    saved: store.savedSetup(),
    save: store.saveSetup,
    redraw: (part) => redraw(part),
    onStart: (config) => {
      // The lesson offered is declined by playing.
      refs.lessonOffer().hidden = true;
      onStart(config);
    },
  });
  const form = refs.newGameForm();
  const playButton = refs.playButton();
  const onlineMenu = createOnlineMenu(ctrl, onlineHooks);

  /** Draw a part again after a change of the set-up. @param {import('./ctrl.js').MenuPart} part */
  function redraw(part) {
    if (part === 'all') return render();
    if (part === 'tables') return onlineMenu.renderTables();
    renderSeats(ctrl);
    if (part === 'options') {
      renderOptions(ctrl);
      renderLesson(ctrl, onLearn);
    }
  }

  /** Draw the whole menu. Each part is drawn on its own: whatever the
   * browser's storage holds, a part that fails cannot keep the others, and
   * the Play button, from coming up. */
  function render() {
    /** @type {[string, () => void][]} */
    const parts = [
      ['set-up', () => ctrl.fit()],
      ['games', () => renderGames(ctrl)],
      ['seats', () => renderSeats(ctrl)],
      ['options', () => renderOptions(ctrl)],
      ['lesson', () => renderLesson(ctrl, onLearn)],
      ['saved games', resume],
      ['online play', () => onlineMenu.render()],
      ['online tables', () => onlineMenu.renderTables()],
      ['language', renderLanguage],
    ];
    for (const [name, part] of parts) {
      try {
        part();
      } catch (error) {
        console.error(`the menu's ${name} failed:`, error);
      }
    }
    playButton.disabled = !ctrl.startable;
  }

  /** The saved games and the finished ones. */
  function resume() {
    renderResume(ctrl, { onResume, onReview, onForget });
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (playButton.disabled) return;
    ctrl.start();
  });

  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.lang'))) {
    button.addEventListener('click', () => onLanguage(String(button.dataset.lang)));
  }
  refs.menuRulesButton().addEventListener('click', () => onRules(ctrl.setup.game));
  refs.learnButton().addEventListener('click', () => {
    const game = ctrl.game;
    if (game && ctrl.hasLesson) onLearn(game.id);
  });
  const loadFile = refs.loadFile();
  loadFile.addEventListener('change', async () => {
    const file = loadFile.files && loadFile.files[0];
    loadFile.value = '';
    if (file) onLoadFile(file);
  });

  /** @param {any[]} list */
  function setReady(list) {
    const boot = refs.boot();
    /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (boot.querySelector('.boot-bar')).firstElementChild).style.width = '100%';
    /** @type {HTMLElement} */ (boot.querySelector('.boot-text')).textContent = t('boot.ready');
    boot.classList.add('done');
    ctrl.setReady(list);
  }

  return {
    ctrl,
    render,
    renderResume: resume,
    renderOnlineTables: () => onlineMenu.renderTables(),
    setOnline: (/** @type {any} */ found) => ctrl.setOnline(found),
    setSignedIn: (/** @type {boolean} */ signedIn) => ctrl.setSignedIn(signedIn),
    setOnlineStatus: (/** @type {any[]} */ items) => ctrl.setOnlineStatus(items),
    setProgress,
    setReady,
    setFailed,
    showMessage,
    offerUpdate,
    get pace() {
      return ctrl.setup.pace;
    },
    /** The pace chosen during a game (the watch controls) is kept for the next.
     * @param {string} pace */
    setPace(pace) {
      if (!ctrl.setPace(pace)) return;
      const select = /** @type {HTMLSelectElement | null} */ (refs.botPace());
      if (select) select.value = pace;
    },
    /** The first seat's name in the set-up (a lesson's learner), or ''. */
    get firstName() {
      return ctrl.firstName;
    },
    /** The name a person sat down with online, kept for the next time.
     * @param {string} name */
    rememberName: (name) => ctrl.rememberName(name),
    get ready() {
      return ctrl.ready;
    },
    /** @param {string} id */
    gameTitle: (id) => ctrl.gameTitle(id),
  };
}

/** @param {MenuCtrl} ctrl */
function renderGames(ctrl) {
  const list = refs.gameList();
  const { games } = ctrl;
  if (!games) {
    list.replaceChildren(h('p', { class: 'muted' }, t('menu.games_loading')));
    return;
  }
  const lang = language();
  list.replaceChildren(
    ...games.map((game) => {
      const title = (game.title && (game.title[lang] || game.title.fr || game.title.en)) || game.id;
      const counts = game.players;
      const meta = counts.length === 1 ? plural('menu.players_n', counts[0]) : t('menu.players_range', { min: counts[0], max: counts[counts.length - 1] });
      return h(
        'label',
        { class: 'game-choice' },
        h('input', {
          type: 'radio',
          name: 'game',
          value: game.id,
          checked: game.id === ctrl.setup.game,
          onchange: () => ctrl.chooseGame(game.id),
        }),
        h('span', { class: 'game-emblem' }, emblem(game.id)),
        h('span', {}, h('span', { class: 'game-title-text' }, title), has(`game.${game.id}.blurb`) ? h('span', { class: 'game-blurb' }, t(`game.${game.id}.blurb`)) : null),
        h('span', { class: 'game-meta' }, meta),
      );
    }),
  );
}

/** The "Learn to play" button for the game chosen (when it has a
 * lesson), and the offer to take the lesson, made once per game: the
 * first time the menu shows a game whose lesson was never finished. */
/** @param {MenuCtrl} ctrl @param {(game: string) => void} onLearn */
function renderLesson(ctrl, onLearn) {
  const game = ctrl.game;
  const learn = refs.learnButton();
  const offer = refs.lessonOffer();
  const { hasLesson } = ctrl;
  learn.hidden = !hasLesson;
  learn.disabled = !ctrl.ready || !hasLesson;
  const mark = hasLesson && game ? store.lessonMarks()[game.id] : 'done';
  const showing = !offer.hidden && offer.dataset.game === (game && game.id);
  if (!game || mark === 'done' || (mark === 'offered' && !showing)) {
    offer.hidden = true;
    return;
  }
  if (!showing) store.markLesson(game.id, 'offered');
  offer.hidden = false;
  offer.dataset.game = game.id;
  offer.replaceChildren(
    h('p', {}, t('lesson.offer', { game: ctrl.gameTitle(game.id) })),
    h(
      'div',
      { class: 'lesson-offer-actions' },
      h('button', { type: 'button', class: 'btn primary', id: 'lesson-offer-yes', onclick: () => {
        offer.hidden = true;
        onLearn(game.id);
      } }, t('menu.learn')),
      h(
        'button',
        {
          type: 'button',
          class: 'btn ghost',
          id: 'lesson-offer-no',
          onclick: () => {
            offer.hidden = true;
          },
        },
        t('lesson.offer_no'),
      ),
    ),
  );
}

/** @param {MenuCtrl} ctrl */
function renderSeats(ctrl) {
  const { setup, game } = ctrl;
  const countBox = refs.playerCount();
  if (game && game.players.length > 1) {
    countBox.hidden = false;
    countBox.replaceChildren(
      h(
        'label',
        { for: 'player-count-select' },
        h('span', { class: 'player-count-label' }, t('menu.player_count')),
        h(
          'select',
          {
            id: 'player-count-select',
            onchange: (/** @type {Event} */ event) => ctrl.setPlayers(Number(/** @type {HTMLSelectElement} */ (event.target).value)),
          },
          ...game.players.map((n) => h('option', { value: String(n), selected: n === setup.players }, plural('menu.players_n', n))),
        ),
      ),
    );
  } else {
    countBox.hidden = true;
  }
  renderMode(ctrl);
  const levels = ctrl.botLevels(game);
  const seats = ctrl.seats;
  const creator = ctrl.creatorSeat;
  const defaults = seatNames(seats, []);
  refs.seatList().replaceChildren(
    ...seats.map((kind, seat) => {
      const kindId = `seat-kind-${seat}`;
      const nameId = `seat-name-${seat}`;
      const aboutId = `seat-about-${seat}`;
      const level = botLevel(kind);
      return h(
        'div',
        { class: `seat p${seat}` },
        h('label', { class: 'seat-label', for: kindId }, token(seat, 18), t('seat.label', { n: seat + 1 })),
        h(
          'select',
          {
            id: kindId,
            class: 'seat-kind',
            'aria-label': t('seat.kind_aria', { n: seat + 1 }),
            'aria-describedby': level === null ? null : aboutId,
            onchange: (/** @type {Event} */ event) => ctrl.setSeat(seat, /** @type {HTMLSelectElement} */ (event.target).value),
          },
          ctrl.watching
            ? null
            : h('option', { value: 'h', selected: kind === 'h' }, ctrl.onlineMode ? t(seat === creator || (creator < 0 && seat === 0) ? 'online.seat_you' : 'online.seat_friend') : t('seat.human')),
          ...levels.map((each) => h('option', { value: `bot${each}`, selected: kind === `bot${each}` }, t('seat.bot', { level: levelName(each) }))),
        ),
        ctrl.onlineMode && seat !== creator
          ? null
          : h('input', {
          id: nameId,
          class: 'seat-name',
          type: 'text',
          maxlength: '20',
          autocomplete: 'off',
          value: setup.names[seat] || '',
          placeholder: defaults[seat],
          'aria-label': t('seat.name_aria', { n: seat + 1 }),
          oninput: (/** @type {Event} */ event) => ctrl.setName(seat, /** @type {HTMLInputElement} */ (event.target).value),
        }),
        level === null ? null : h('p', { class: 'seat-about', id: aboutId }, levelAbout(level)),
      );
    }),
  );
  // The play button says what it starts (its data-i18n follows, for a
  // change of language).
  const label = refs.playButton().querySelector('span');
  const labelKey = ctrl.watching ? 'menu.watch_start' : ctrl.onlineMode ? 'online.create' : 'menu.play';
  if (label) {
    label.dataset.i18n = labelKey;
    label.textContent = t(labelKey);
  }
  refs.playButton().disabled = !ctrl.startable;
}

/** Play against bots and friends, or watch bots play each other. */
/** @param {MenuCtrl} ctrl */
function renderMode(ctrl) {
  let box = refs.modeSwitch();
  if (!box) {
    box = /** @type {HTMLElement} */ (h('div', { id: 'mode-switch', class: 'mode-switch', role: 'radiogroup' }));
    /** @type {HTMLElement} */ (refs.seatList().parentElement).insertBefore(box, refs.playerCount());
  }
  const modes = /** @type {HTMLElement} */ (box);
  modes.setAttribute('aria-label', t('menu.mode'));
  modes.replaceChildren(
    ...MODES.filter((each) => each !== 'online' || ctrl.online).map((each) =>
      h(
        'label',
        { class: 'mode' },
        h('input', {
          type: 'radio',
          name: 'mode',
          id: `mode-${each}`,
          value: each,
          checked: ctrl.mode === each,
          onchange: () => ctrl.setMode(each),
        }),
        h('span', {}, t(`menu.mode.${each}`)),
      ),
    ),
  );
}

/** @param {MenuCtrl} ctrl */
function renderOptions(ctrl) {
  const { setup, game } = ctrl;
  const box = refs.optionList();
  const rows = [];
  const gameId = game ? game.id : '';
  for (const name of Object.keys((game && game.options) || {})) {
    // A variant is a switch, with a line on what it changes.
    const aboutKey = `game.${gameId}.option.${name}.about`;
    const aboutId = `option-${name}-about`;
    rows.push(
      h(
        'label',
        { class: 'option-toggle' },
        h('input', {
          type: 'checkbox',
          role: 'switch',
          id: `option-${name}`,
          checked: Boolean(setup.options[name]),
          'aria-describedby': has(aboutKey) ? aboutId : null,
          onchange: (/** @type {Event} */ event) => ctrl.setOption(name, /** @type {HTMLInputElement} */ (event.target).checked),
        }),
        h('span', { class: 'switch', 'aria-hidden': 'true' }),
        h(
          'span',
          { class: 'option-text' },
          h('span', { class: 'option-name' }, has(`game.${gameId}.option.${name}`) ? t(`game.${gameId}.option.${name}`) : name),
          has(aboutKey) ? h('span', { class: 'option-about', id: aboutId }, t(aboutKey)) : null,
        ),
      ),
    );
  }
  // Online: a table open to any visitor of the server, or by invitation.
  if (ctrl.onlineMode) {
    const others = ctrl.openable;
    rows.push(
      h(
        'label',
        {},
        h('input', {
          id: 'open-table',
          type: 'checkbox',
          checked: Boolean(setup.openTable) && others,
          disabled: !others,
          'aria-describedby': 'open-table-about',
          onchange: (/** @type {Event} */ event) => ctrl.setOpenTable(/** @type {HTMLInputElement} */ (event.target).checked),
        }),
        h('span', { class: 'option-text' }, h('span', { class: 'option-name' }, t('online.open_table')), h('span', { class: 'option-about', id: 'open-table-about' }, t(others ? 'online.open_table_about' : 'online.open_table_needs')))),
      h(
        'label',
        {},
        h('input', {
          id: 'chat-spectators',
          type: 'checkbox',
          checked: Boolean(setup.chatEveryone),
          'aria-describedby': 'chat-spectators-about',
          onchange: (/** @type {Event} */ event) => ctrl.setChatEveryone(/** @type {HTMLInputElement} */ (event.target).checked),
        }),
        h('span', { class: 'option-text' }, h('span', { class: 'option-name' }, t('online.chat_spectators')), h('span', { class: 'option-about', id: 'chat-spectators-about' }, t('online.chat_spectators_about'))),
      ),
      // A rated table: its games move the players' ratings; signed in only.
      h(
        'label',
        {},
        h('input', {
          id: 'rated-table',
          type: 'checkbox',
          checked: Boolean(setup.rated) && ctrl.signedIn,
          disabled: !ctrl.signedIn,
          'aria-describedby': 'rated-table-about',
          onchange: (/** @type {Event} */ event) => ctrl.setRated(/** @type {HTMLInputElement} */ (event.target).checked),
        }),
        h('span', { class: 'option-text' }, h('span', { class: 'option-name' }, t('online.rated_table')), h('span', { class: 'option-about', id: 'rated-table-about' }, t(ctrl.signedIn ? 'online.rated_table_about' : 'online.rated_table_needs'))),
      ),
      clockChooser(ctrl),
    );
  }
  // Online, the table server sets its bots' pace.
  if (!ctrl.onlineMode) rows.push(
    h(
      'label',
      { class: 'pace' },
      t('menu.bot_pace'),
      h(
        'select',
        {
          id: 'bot-pace',
          onchange: (/** @type {Event} */ event) => ctrl.setPace(/** @type {HTMLSelectElement} */ (event.target).value),
        },
        ...BOT_PACES.map((pace) => h('option', { value: pace, selected: pace === setup.pace }, t(`menu.pace.${pace}`))),
      ),
    ),
  );
  // The game in words, for a screen reader or the keyboard alone.
  rows.push(
    h(
      'label',
      {},
      h('input', {
        id: 'text-view',
        type: 'checkbox',
        checked: store.savedView() === 'text',
        'aria-describedby': 'text-view-about',
        onchange: (/** @type {Event} */ event) => store.saveView(/** @type {HTMLInputElement} */ (event.target).checked ? 'text' : 'board'),
      }),
      h('span', { class: 'option-text' }, h('span', { class: 'option-name' }, t('menu.text_view')), h('span', { class: 'option-about', id: 'text-view-about' }, t('menu.text_view_about'))),
    ),
  );
  rows.push(
    h(
      'label',
      {},
      h('input', {
        id: 'fast-start',
        type: 'checkbox',
        checked: store.snapshotsAllowed(),
        onchange: (/** @type {Event} */ event) => setSnapshotsAllowed(/** @type {HTMLInputElement} */ (event.target).checked),
      }),
      t('menu.fast_start'),
    ),
  );
  box.hidden = false;
  box.replaceChildren(...rows);
}

function renderLanguage() {
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.lang'))) {
    button.setAttribute('aria-pressed', String(button.dataset.lang === language()));
  }
}

/** The engine's boot, on the menu's bar. @param {{step: string, fraction: number}} progress */
function setProgress({ step, fraction }) {
  const boot = refs.boot();
  const bar = /** @type {HTMLElement} */ (boot.querySelector('.boot-bar'));
  const fill = /** @type {HTMLElement} */ (bar.firstElementChild);
  const pct = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  fill.style.width = `${pct}%`;
  bar.setAttribute('aria-valuenow', String(pct));
  const key = `boot.${step}`;
  /** @type {HTMLElement} */ (boot.querySelector('.boot-text')).textContent = t('boot.progress', { step: has(key) ? t(key) : t('boot.generic'), pct });
}

/** @param {string} message */
function setFailed(message) {
  const boot = refs.boot();
  boot.classList.add('failed');
  /** @type {HTMLElement} */ (boot.querySelector('.boot-text')).textContent = t('boot.failed', { message });
}

/** A new version is ready: the menu offers to reload into it. */
/** @param {() => void} onReload */
function offerUpdate(onReload) {
  refs.updateOffer().hidden = false;
  refs.updateReload().onclick = onReload;
}

/** @param {string} text @param {string} [kind] */
function showMessage(text, kind = 'error') {
  const box = refs.menuMessage();
  box.hidden = !text;
  box.textContent = text || '';
  box.className = `menu-message ${kind}`;
}

/** Online: the table's clock (none, live, a turn a day...), what becomes
 * of a seat out of time, and the bot that plays on for it. */
/** @param {MenuCtrl} ctrl */
function clockChooser(ctrl) {
  const { setup } = ctrl;
  const chosen = setup.clock && CLOCK_CHOICES.includes(setup.clock) ? setup.clock : 'none';
  const level = ctrl.clockLevel;
  const levelSelect = h(
    'select',
    {
      id: 'clock-level',
      disabled: chosen === 'none',
      onchange: (/** @type {Event} */ event) => ctrl.setClock(ctrl.setup.clock || 'none', Number(/** @type {HTMLSelectElement} */ (event.target).value)),
    },
    ...DEFAULT_BOT_LEVELS.map((each) => h('option', { value: String(each), selected: each === level }, levelName(each))),
  );
  const timeoutSelect = h(
    'select',
    {
      id: 'clock-timeout',
      disabled: chosen === 'none',
      onchange: (/** @type {Event} */ event) => ctrl.setClock(ctrl.setup.clock || 'none', ctrl.clockLevel, /** @type {HTMLSelectElement} */ (event.target).value),
    },
    ...TIMEOUTS.map((each) => h('option', { value: each, selected: each === ctrl.clockTimeout }, t(each === 'out' ? 'clock.timeout_choice.out' : 'clock.timeout_choice.bot'))),
  );
  return h(
    'div',
    { class: 'clock-choice' },
    h(
      'label',
      { class: 'pace' },
      t('clock.label'),
      h(
        'select',
        {
          id: 'online-clock',
          'aria-describedby': 'clock-about',
          onchange: (/** @type {Event} */ event) => {
            const clock = /** @type {HTMLSelectElement} */ (event.target).value;
            ctrl.setClock(clock, level, ctrl.clockTimeout);
            levelSelect.disabled = timeoutSelect.disabled = clock === 'none';
          },
        },
        ...CLOCK_CHOICES.map((choice) => h('option', { value: choice, selected: choice === chosen }, clockWords(clockOf(choice, level)))),
      ),
    ),
    h('label', { class: 'pace' }, t('clock.when_out'), timeoutSelect),
    h('label', { class: 'pace' }, t('clock.level'), levelSelect),
    h('p', { class: 'option-about', id: 'clock-about' }, t('clock.about')),
  );
}
