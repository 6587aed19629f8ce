// @ts-check
// The menu: game, mode (play, watch bots play each other, or play online),
// seats (human or bot and its level), names, options, language, resume, load
// a saved game, and online play: the table server, a code to join with, and
// the tables this browser sits at. It paints before Python is ready; only
// "Play" waits for it (a table online does not).

import { t, has, plural, language } from './i18n.js';
import { DEFAULT_BOT_LEVELS, DEFAULT_BOT_LEVEL, levelName, levelAbout, seatNames, botLevel, token } from './players.js';
import { hasRenderer, emblem } from './games/index.js';
import * as store from './store.js';
import { setSnapshotsAllowed } from './worker-client.js';
import { h } from './dom.js';
import { refs } from './refs.js';
import {
  BOT_PACES, MODES, initialSetup, fitSetup, chooseGame, setPlayers, setSeat, setName, setMode, setOption, setPace, setOpenTable,
  setClock, setChatEveryone,
} from './state.js';
import { CLOCK_CHOICES, TIMEOUTS, clockOf, clockWords, clockLine, timeLeft, optionWords, seatWords } from './table-words.js';

export function createMenu({ onStart, onLearn, onResume, onReview, onForget, onLoadFile, onLanguage, onRules, online: onlineHooks }) {
  let games = null;
  let ready = false;
  // The table server: undefined while looked for, null when none answers,
  // else {server, info}. The statuses of the online tables, by table id.
  let online;
  let onlineStatus = new Map();
  // The seats of the "watch" mode are kept apart (state.js), so that
  // switching modes gives each its own set-up back.
  let setup = initialSetup(store.savedSetup(), DEFAULT_BOT_LEVEL);
  /** The mode shown: online play only while a server answers. */
  const mode = () => (setup.mode === 'online' && !online ? 'play' : setup.mode);

  const form = refs.newGameForm();
  const playButton = refs.playButton();

  function currentGame() {
    return games ? games.find((g) => g.id === setup.game) || games[0] : null;
  }

  function botLevels(game) {
    return (game && game.bot_levels) || DEFAULT_BOT_LEVELS;
  }

  /** The number of players a game starts with: the most it allows, up to four
   * (one person and bots round a full table is the usual way to play). */
  function defaultPlayers(game) {
    const counts = game.players.filter((n) => n <= 4);
    return counts.length ? counts[counts.length - 1] : game.players[0];
  }

  function fitSeats() {
    const game = currentGame();
    setup = fitSetup(setup, game, botLevels(game), DEFAULT_BOT_LEVEL, botLevel);
  }

  const watching = () => mode() === 'watch';
  const onlineMode = () => mode() === 'online';
  /** Online, the creator's seat: the first person's. */
  const creatorSeat = () => setup.seats.indexOf('h');
  /** The seats of the current mode. */
  const seatsNow = () => (watching() ? setup.watchSeats : setup.seats);

  function save() {
    store.saveSetup(setup);
  }

  function renderGames() {
    const list = refs.gameList();
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
            checked: game.id === setup.game,
            onchange: () => {
              // Each game keeps its own number of players; a game chosen for
              // the first time starts with a full table (up to four).
              setup = chooseGame(setup, game, defaultPlayers(game));
              fitSeats();
              save();
              renderSeats();
              renderOptions();
              renderLesson();
            },
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
  function renderLesson() {
    const game = currentGame();
    const learn = refs.learnButton();
    const offer = refs.lessonOffer();
    // A game's own lesson bears its id (pygame_core/lessons.py).
    const hasLesson = Boolean(game && Array.isArray(game.lessons) && game.lessons.includes(game.id));
    learn.hidden = !hasLesson;
    learn.disabled = !ready || !hasLesson;
    const mark = hasLesson ? store.lessonMarks()[game.id] : 'done';
    const showing = !offer.hidden && offer.dataset.game === (game && game.id);
    if (mark === 'done' || (mark === 'offered' && !showing)) {
      offer.hidden = true;
      return;
    }
    if (!showing) store.markLesson(game.id, 'offered');
    offer.hidden = false;
    offer.dataset.game = game.id;
    offer.replaceChildren(
      h('p', {}, t('lesson.offer', { game: gameTitle(game.id) })),
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

  function renderSeats() {
    const game = currentGame();
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
              onchange: (event) => {
                setup = setPlayers(setup, Number(event.target.value));
                fitSeats();
                save();
                renderSeats();
                if (onlineMode()) renderOptions();
              },
            },
            ...game.players.map((n) => h('option', { value: String(n), selected: n === setup.players }, plural('menu.players_n', n))),
          ),
        ),
      );
    } else {
      countBox.hidden = true;
    }
    renderMode();
    const levels = botLevels(game);
    const seats = seatsNow();
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
              onchange: (event) => {
                setup = setSeat(setup, watching(), seat, event.target.value);
                save();
                renderSeats();
                // Whether a table may be open depends on the people's seats.
                if (onlineMode()) renderOptions();
              },
            },
            watching()
              ? null
              : h('option', { value: 'h', selected: kind === 'h' }, onlineMode() ? t(seat === creatorSeat() || (creatorSeat() < 0 && seat === 0) ? 'online.seat_you' : 'online.seat_friend') : t('seat.human')),
            ...levels.map((each) => h('option', { value: `bot${each}`, selected: kind === `bot${each}` }, t('seat.bot', { level: levelName(each) }))),
          ),
          onlineMode() && seat !== creatorSeat()
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
            oninput: (event) => {
              setup = setName(setup, seat, event.target.value);
              save();
            },
          }),
          level === null ? null : h('p', { class: 'seat-about', id: aboutId }, levelAbout(level)),
        );
      }),
    );
    // The play button says what it starts (its data-i18n follows, for a
    // change of language).
    const label = playButton.querySelector('span');
    const labelKey = watching() ? 'menu.watch_start' : onlineMode() ? 'online.create' : 'menu.play';
    label.dataset.i18n = labelKey;
    label.textContent = t(labelKey);
    playButton.disabled = !startable();
  }

  /** Play against bots and friends, or watch bots play each other. */
  function renderMode() {
    let box = refs.modeSwitch();
    if (!box) {
      box = h('div', { id: 'mode-switch', class: 'mode-switch', role: 'radiogroup' });
      refs.seatList().parentElement.insertBefore(box, refs.playerCount());
    }
    box.setAttribute('aria-label', t('menu.mode'));
    box.replaceChildren(
      ...MODES.filter((each) => each !== 'online' || online).map((each) =>
        h(
          'label',
          { class: 'mode' },
          h('input', {
            type: 'radio',
            name: 'mode',
            id: `mode-${each}`,
            value: each,
            checked: mode() === each,
            onchange: () => {
              setup = setMode(setup, each);
              save();
              renderSeats();
              renderOptions();
            },
          }),
          h('span', {}, t(`menu.mode.${each}`)),
        ),
      ),
    );
  }

  function renderOptions() {
    const game = currentGame();
    const box = refs.optionList();
    const rows = [];
    for (const name of Object.keys((game && game.options) || {})) {
      // A variant is a switch, with a line on what it changes.
      const aboutKey = `game.${game.id}.option.${name}.about`;
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
            onchange: (event) => {
              setup = setOption(setup, name, event.target.checked);
              save();
            },
          }),
          h('span', { class: 'switch', 'aria-hidden': 'true' }),
          h(
            'span',
            { class: 'option-text' },
            h('span', { class: 'option-name' }, has(`game.${game.id}.option.${name}`) ? t(`game.${game.id}.option.${name}`) : name),
            has(aboutKey) ? h('span', { class: 'option-about', id: aboutId }, t(aboutKey)) : null,
          ),
        ),
      );
    }
    // Online: a table open to any visitor of the server, or by invitation.
    if (onlineMode()) {
      const others = seatsNow().filter((kind) => kind === 'h').length > 1;
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
            onchange: (event) => {
              setup = setOpenTable(setup, event.target.checked);
              save();
            },
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
            onchange: (event) => {
              setup = setChatEveryone(setup, event.target.checked);
              save();
            },
          }),
          h('span', { class: 'option-text' }, h('span', { class: 'option-name' }, t('online.chat_spectators')), h('span', { class: 'option-about', id: 'chat-spectators-about' }, t('online.chat_spectators_about'))),
        ),
        clockChooser(),
      );
    }
    // Online, the table server sets its bots' pace.
    if (!onlineMode()) rows.push(
      h(
        'label',
        { class: 'pace' },
        t('menu.bot_pace'),
        h(
          'select',
          {
            id: 'bot-pace',
            onchange: (event) => {
              setup = setPace(setup, event.target.value);
              save();
            },
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
          onchange: (event) => store.saveView(event.target.checked ? 'text' : 'board'),
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
          onchange: (event) => setSnapshotsAllowed(event.target.checked),
        }),
        t('menu.fast_start'),
      ),
    );
    box.hidden = false;
    box.replaceChildren(...rows);
  }

  function relativeTime(when) {
    const minutes = Math.max(0, Math.round((Date.now() - when) / 60000));
    const rtf = new Intl.RelativeTimeFormat(language(), { numeric: 'auto' });
    if (Math.abs(minutes) < 60) return rtf.format(-minutes, 'minute');
    const hours = Math.round(minutes / 60);
    if (hours < 48) return rtf.format(-hours, 'hour');
    return rtf.format(-Math.round(hours / 24), 'day');
  }

  /** The games in progress, newest first, each with its game, players,
   * moves and date (a damaged entry can only be forgotten); then the
   * finished games, to look back on. */
  function renderResume() {
    const all = store.savedGames();
    const playing = all.filter((entry) => entry.damaged || !entry.finished).map(resumeEntry);
    const finished = all.filter((entry) => !entry.damaged && entry.finished).map(resumeEntry);
    const area = refs.resumeArea();
    area.hidden = !playing.length && !finished.length;
    const group = (heading, rows, kind) =>
      rows.length ? [h('h2', { class: 'card-title resume-heading', 'data-list': kind }, heading), h('div', { class: 'resume-list', 'data-list': kind }, ...rows)] : [];
    area.replaceChildren(...group(t('menu.saved_games'), playing, 'playing'), ...group(t('menu.finished_games'), finished, 'finished'));
  }

  /** A menu list under its heading (saved games, online tables); hidden when empty. */
  function renderList(area, heading, rows) {
    area.hidden = !rows.length;
    if (!rows.length) {
      area.replaceChildren();
      return;
    }
    area.replaceChildren(h('h2', { class: 'card-title resume-heading' }, heading), h('div', { class: 'resume-list' }, ...rows));
  }

  function resumeEntry(entry) {
    const forget = h('button', { type: 'button', class: 'btn ghost forget-button', onclick: () => onForget(entry) }, t('menu.forget'));
    if (entry.damaged) {
      const text = entry.game ? t('menu.save_damaged_game', { game: gameTitle(entry.game) }) : t('menu.save_damaged');
      return h('div', { class: 'resume damaged', 'data-save': entry.id }, h('span', {}, h('span', { class: 'resume-title' }, text)), forget);
    }
    const record = entry.record;
    const names = seatNames(record.seats, entry.names.some(Boolean) ? entry.names : record.names || []);
    const game = games && games.find((g) => g.id === entry.game);
    const resumable = !games || (game && hasRenderer(entry.game));
    const finished = Boolean(entry.finished);
    return h(
      'div',
      { class: `resume${finished ? ' finished' : ''}`, 'data-save': entry.id, 'data-game': entry.game },
      h(
        'span',
        {},
        h('span', { class: 'resume-title' }, gameTitle(entry.game)),
        h('span', { class: 'resume-meta' }, plural(finished ? 'menu.finished_meta' : 'menu.resume_meta', record.moves.length, { players: names.join(' · '), when: relativeTime(entry.savedAt) })),
      ),
      forget,
      finished
        ? h('button', { type: 'button', class: 'btn primary resume-button review-button', disabled: !ready || !resumable, onclick: () => onReview(entry) }, t('menu.review'))
        : h('button', { type: 'button', class: 'btn primary resume-button', disabled: !ready || !resumable, onclick: () => onResume(entry) }, t('menu.resume')),
    );
  }

  function renderLanguage() {
    for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.lang'))) {
      button.setAttribute('aria-pressed', String(button.dataset.lang === language()));
    }
  }

  /** Draw the whole menu. Each part is drawn on its own: whatever the
   * browser's storage holds, a part that fails cannot keep the others, and
   * the Play button, from coming up. */
  function render() {
    for (const part of [fitSeats, renderGames, renderSeats, renderOptions, renderLesson, renderResume, renderOnline, renderOnlineTables, renderLanguage]) {
      try {
        part();
      } catch (error) {
        console.error(`the menu's ${part.name} failed:`, error);
      }
    }
    playButton.disabled = !startable();
  }

  /** Local games wait for Python; a table online needs only the server. */
  function startable() {
    if (onlineMode()) return Boolean(online && games && games.length);
    return Boolean(ready && games && games.length);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (playButton.disabled) return;
    // The lesson offered is declined by playing.
    refs.lessonOffer().hidden = true;
    const game = currentGame();
    onStart({
      game: game.id,
      players: setup.players,
      seats: [...seatsNow()],
      names: [...setup.names],
      options: { ...setup.options },
      seed: Math.floor(Math.random() * 2 ** 31),
      online: onlineMode(),
      open: onlineMode() && Boolean(setup.openTable) && seatsNow().filter((kind) => kind === 'h').length > 1,
      clock: onlineMode() ? clockOf(setup.clock, clockLevel(), clockTimeout()) : null,
      chat: setup.chatEveryone ? 'everyone' : 'seats',
    });
  });

  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.lang'))) {
    button.addEventListener('click', () => onLanguage(button.dataset.lang));
  }
  refs.menuRulesButton().addEventListener('click', () => onRules(setup.game));
  refs.learnButton().addEventListener('click', () => {
    const game = currentGame();
    if (game && Array.isArray(game.lessons) && game.lessons.includes(game.id)) onLearn(game.id);
  });
  const loadFile = refs.loadFile();
  loadFile.addEventListener('change', async () => {
    const file = loadFile.files && loadFile.files[0];
    loadFile.value = '';
    if (file) onLoadFile(file);
  });

  function setProgress({ step, fraction }) {
    const boot = refs.boot();
    const bar = boot.querySelector('.boot-bar');
    const fill = /** @type {HTMLElement} */ (bar.firstElementChild);
    const pct = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
    fill.style.width = `${pct}%`;
    bar.setAttribute('aria-valuenow', String(pct));
    const key = `boot.${step}`;
    boot.querySelector('.boot-text').textContent = t('boot.progress', { step: has(key) ? t(key) : t('boot.generic'), pct });
  }

  function setReady(list) {
    ready = true;
    if (!games) games = list.filter((game) => hasRenderer(game.id));
    const boot = refs.boot();
    /** @type {HTMLElement} */ (boot.querySelector('.boot-bar').firstElementChild).style.width = '100%';
    boot.querySelector('.boot-text').textContent = t('boot.ready');
    boot.classList.add('done');
    render();
  }

  function setFailed(message) {
    const boot = refs.boot();
    boot.classList.add('failed');
    boot.querySelector('.boot-text').textContent = t('boot.failed', { message });
  }

  /** A new version is ready: the menu offers to reload into it. */
  function offerUpdate(onReload) {
    refs.updateOffer().hidden = false;
    refs.updateReload().onclick = onReload;
  }

  function showMessage(text, kind = 'error') {
    const box = refs.menuMessage();
    box.hidden = !text;
    box.textContent = text || '';
    box.className = `menu-message ${kind}`;
  }

  function gameTitle(id) {
    const game = games && games.find((g) => g.id === id);
    // Before the engine has listed the games (a table joined online at once),
    // the id says the name: the games are proper nouns in both languages.
    return game ? game.title[language()] || game.title.fr || id : String(id).charAt(0).toUpperCase() + String(id).slice(1);
  }

  /** The level of the bot that plays on for a seat out of time. */
  function clockLevel() {
    return DEFAULT_BOT_LEVELS.includes(setup.clockLevel) ? setup.clockLevel : DEFAULT_BOT_LEVEL;
  }

  /** What becomes of a seat out of time: "bot" (plays on) or "out". */
  function clockTimeout() {
    return TIMEOUTS.includes(setup.clockTimeout || '') ? setup.clockTimeout : 'bot';
  }

  /** Online: the table's clock (none, live, a turn a day...), what becomes
   * of a seat out of time, and the bot that plays on for it. */
  function clockChooser() {
    const chosen = CLOCK_CHOICES.includes(setup.clock || '') ? setup.clock : 'none';
    const level = clockLevel();
    const levelSelect = h(
      'select',
      {
        id: 'clock-level',
        disabled: chosen === 'none',
        onchange: (event) => {
          setup = setClock(setup, setup.clock || 'none', Number(event.target.value));
          save();
        },
      },
      ...DEFAULT_BOT_LEVELS.map((each) => h('option', { value: String(each), selected: each === level }, levelName(each))),
    );
    const timeoutSelect = h(
      'select',
      {
        id: 'clock-timeout',
        disabled: chosen === 'none',
        onchange: (event) => {
          setup = setClock(setup, setup.clock || 'none', clockLevel(), event.target.value);
          save();
        },
      },
      ...TIMEOUTS.map((each) => h('option', { value: each, selected: each === clockTimeout() }, t(each === 'out' ? 'clock.timeout_choice.out' : 'clock.timeout_choice.bot'))),
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
            onchange: (event) => {
              setup = setClock(setup, event.target.value, level);
              levelSelect.disabled = timeoutSelect.disabled = event.target.value === 'none';
              save();
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

  // -- online play -------------------------------------------------------------------------

  /** The table server (or why there is none), a code to join with, and the
   * address of another server. */
  function renderOnline() {
    const body = refs.onlineBody();
    if (online === undefined) {
      body.replaceChildren(h('p', { class: 'muted' }, t('online.looking')));
      return;
    }
    const address = h('input', {
      type: 'url',
      id: 'server-address',
      class: 'server-address',
      placeholder: 'https://…',
      value: store.savedServer() || '',
      'aria-label': t('online.server_address'),
      autocomplete: 'url',
    });
    const serverForm = h(
      'form',
      {
        class: 'online-row',
        onsubmit: (event) => {
          event.preventDefault();
          onlineHooks.setServer(address.value);
        },
      },
      h('label', { for: 'server-address' }, t('online.server_address')),
      address,
      h('button', { type: 'submit', class: 'btn ghost', id: 'server-connect' }, t('online.connect')),
    );
    if (!online) {
      body.replaceChildren(
        h('p', { id: 'online-needs-server' }, t('online.needs_server')),
        h('p', { class: 'muted' }, t('online.how_to_serve')),
        serverForm,
      );
      return;
    }
    const code = h('input', {
      type: 'text',
      id: 'join-code',
      class: 'join-code',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-label': t('online.code_label'),
      placeholder: t('online.code_placeholder'),
    });
    body.replaceChildren(
      h('p', { id: 'online-ready' }, t('online.ready')),
      openTablesSection(),
      h(
        'form',
        {
          class: 'online-row',
          onsubmit: (event) => {
            event.preventDefault();
            onlineHooks.joinCode(code.value);
          },
        },
        h('label', { for: 'join-code' }, t('online.code_label')),
        code,
        h('button', { type: 'submit', class: 'btn ghost', id: 'join-code-button' }, t('online.open_code')),
      ),
      h('details', { class: 'online-server' }, h('summary', {}, t('online.other_server')), serverForm),
    );
  }

  // -- open tables: strangers meet ------------------------------------------------------

  /** The open tables of the server, a name to sit with, and a button per
   * table; filled by refreshOpenTables. */
  function openTablesSection() {
    const name = h('input', {
      type: 'text',
      id: 'visitor-name',
      class: 'join-name',
      maxlength: '40',
      autocomplete: 'nickname',
      value: store.savedSetup().names?.[0] || '',
    });
    const section = h(
      'section',
      { class: 'open-tables', 'aria-labelledby': 'open-tables-title' },
      h(
        'div',
        { class: 'open-tables-head' },
        h('h3', { id: 'open-tables-title', class: 'card-title' }, t('online.open_tables')),
        h('button', { type: 'button', class: 'btn ghost', id: 'open-tables-refresh', onclick: () => refreshOpenTables() }, t('online.refresh')),
      ),
      h('div', { class: 'online-row' }, h('label', { for: 'visitor-name' }, t('online.your_name')), name),
      h('div', { id: 'open-tables-list', class: 'resume-list', 'aria-live': 'polite' }, h('p', { class: 'muted' }, t('online.open_looking'))),
    );
    queueMicrotask(refreshOpenTables);
    return section;
  }

  let openAsked = 0;
  /** Ask the server for its open tables again, and list them. */
  async function refreshOpenTables() {
    const box = document.getElementById('open-tables-list');
    if (!box || !online) return;
    const asked = ++openAsked;
    let tables;
    try {
      tables = await onlineHooks.openTables();
    } catch {
      tables = null;
    }
    if (asked !== openAsked || !box.isConnected) return;
    if (!tables) box.replaceChildren(h('p', { class: 'muted' }, t('online.open_failed')));
    else if (!tables.length) box.replaceChildren(h('p', { class: 'muted', id: 'open-tables-none' }, t('online.open_none')));
    else box.replaceChildren(...tables.map(openTableRow));
  }

  /** One open table: its game and picture, the variant, who sits where, and "Sit down". */
  function openTableRow(item) {
    const options = optionWords(item.game, item.options);
    const seats = item.seats.map((seat) => seatWords(seat));
    const free = item.seats.filter((seat) => seat.free).length;
    return h(
      'div',
      { class: 'resume open-table', 'data-open-table': item.table, 'data-game': item.game },
      h('span', { class: 'game-emblem' }, emblem(item.game)),
      h(
        'span',
        {},
        h('span', { class: 'resume-title', id: `open-${item.table}` }, gameTitle(item.game)),
        h('span', { class: 'resume-meta' }, [plural('menu.players_n', item.players), ...options].join(' · ')),
        h('span', { class: 'resume-meta' }, seats.join(' · ')),
        h('span', { class: 'resume-meta open-clock' }, clockLine(item.clock)),
        h('span', { class: 'resume-meta open-free' }, plural('online.free_seats', free)),
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'btn primary resume-button',
          'data-sit': item.table,
          'aria-describedby': `open-${item.table}`,
          onclick: () => {
            const field = /** @type {HTMLInputElement | null} */ (document.getElementById('visitor-name'));
            onlineHooks.sit(item.table, field ? field.value : '', item.game);
          },
        },
        t('online.sit'),
      ),
    );
  }

  /** "Your online tables": whose turn it is at each, resume, forget. */
  function renderOnlineTables() {
    renderList(refs.onlineTables(), t('online.your_tables'), store.onlineTables().map(onlineEntry));
  }

  function onlineEntry(entry) {
    const known = onlineStatus.get(entry.table);
    const title = entry.game ? gameTitle(entry.game) : t('online.a_table');
    let meta;
    if (!known) meta = t('online.status_unknown');
    else if (!known.ok) meta = known.error && known.error.key === 'error.bad_token' ? t('error.bad_token') : t('error.unknown_table');
    else meta = tableMeta(known);
    const forget = h('button', { type: 'button', class: 'btn ghost forget-button', onclick: () => onlineHooks.forget(entry) }, t('menu.forget'));
    const turn = known && known.ok && !known.over && known.seat !== null && known.to_move.includes(known.seat);
    return h(
      'div',
      { class: `resume online-table${turn ? ' your-turn' : ''}`, 'data-online-table': entry.table, 'data-turn': turn ? 'yours' : '' },
      h('span', {}, h('span', { class: 'resume-title' }, title), h('span', { class: 'resume-meta' }, meta)),
      forget,
      h('button', { type: 'button', class: 'btn primary resume-button', onclick: () => onlineHooks.resume(entry) }, entry.seat === null ? t('online.watch') : t('menu.resume')),
    );
  }

  /** "Ana · Bob · your turn": the people seated, and whose turn it is (names
   * as text; a bot or a free seat has no name of its own here). */
  function tableMeta(known) {
    const names = Array.from({ length: known.players }, (_, i) => known.names[i] || t('seat.label', { n: i + 1 }));
    let turn;
    if (known.over) turn = t('online.status_over');
    else if (known.started === false) turn = t('online.status_not_started');
    else if (known.seat !== null && known.to_move.includes(known.seat)) turn = t('online.status_yours');
    else turn = t('online.status_waiting', { players: known.to_move.map((seat) => names[seat]).join(', ') });
    // The time this seat has left (as the server said when asked).
    const clock = known.clock;
    const left = clock && known.seat !== null && !known.over && clock.left ? clock.left[known.seat] : null;
    const time = left === null || left === undefined ? [] : [t('online.status_time', { time: timeLeft(left, clock.kind) })];
    return [...known.names.filter(Boolean), turn, ...time].join(' · ');
  }

  /** The server found (or null: none answers). */
  function setOnline(found) {
    online = found;
    if (found && !games) games = found.info.games.filter((game) => hasRenderer(game.id));
    render();
  }

  function setOnlineStatus(items) {
    onlineStatus = new Map(items.filter((item) => item && typeof item.table === 'string').map((item) => [item.table, item]));
    renderOnlineTables();
  }

  return {
    render,
    renderResume,
    renderOnlineTables,
    setOnline,
    setOnlineStatus,
    setProgress,
    setReady,
    setFailed,
    showMessage,
    offerUpdate,
    get pace() {
      return setup.pace;
    },
    /** The pace chosen during a game (the watch controls) is kept for the next. */
    setPace(pace) {
      if (!BOT_PACES.includes(pace)) return;
      setup = setPace(setup, pace);
      save();
      const select = refs.botPace();
      if (select) select.value = pace;
    },
    /** The first seat's name in the set-up (a lesson's learner), or ''. */
    get firstName() {
      return (setup.names && setup.names[0]) || '';
    },
    /** The name a person sat down with online, kept for the next time. */
    rememberName(name) {
      setup = setName(setup, 0, name);
      save();
    },
    get ready() {
      return ready;
    },
    gameTitle,
  };
}
