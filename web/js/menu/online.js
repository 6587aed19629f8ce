// @ts-check
// The menu's online play: the table server (or why there is none), a code to
// join with, the address of another server, the server's open tables where
// strangers meet, and "Your online tables" with whose turn it is at each.

import { t, plural } from '../i18n.js';
import { emblem } from '../games/index.js';
import * as store from '../store.js';
import { h } from '../dom.js';
import { refs } from '../refs.js';
import { clockLine, timeLeft, optionWords, seatWords } from '../table-words.js';
import { renderList } from './resume.js';

/**
 * What the page does for the menu's online play (app.js).
 * @typedef {object} OnlineHooks
 * @property {(address: string) => void} setServer
 * @property {(code: string) => void} joinCode
 * @property {(entry: any) => void} resume
 * @property {() => Promise<any[]>} openTables
 * @property {(table: string, name: string, game: string) => void} sit
 * @property {(entry: any) => void} forget
 */

/** The online part of the menu, drawn from its controller.
 * @param {import('./ctrl.js').MenuCtrl} ctrl @param {OnlineHooks} onlineHooks */
export function createOnlineMenu(ctrl, onlineHooks) {
  /** The table server (or why there is none), a code to join with, and the
   * address of another server. */
  function render() {
    const body = refs.onlineBody();
    const { online } = ctrl;
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
        onsubmit: (/** @type {Event} */ event) => {
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
          onsubmit: (/** @type {Event} */ event) => {
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

  /** The open tables of the server, a name to sit with, and a button per
   * table; filled by refreshOpenTables. */
  function openTablesSection() {
    const name = h('input', {
      type: 'text',
      id: 'visitor-name',
      class: 'join-name',
      maxlength: '40',
      autocomplete: 'nickname',
      // Kept in the set-up as it is typed: a redraw of the menu (the engine
      // ready, the server found) draws it again as typed.
      value: ctrl.firstName,
      oninput: (/** @type {Event} */ event) => ctrl.setName(0, /** @type {HTMLInputElement} */ (event.target).value),
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
    if (!box || !ctrl.online) return;
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
  /** @param {any} item */
  function openTableRow(item) {
    const options = optionWords(item.game, item.options);
    const seats = item.seats.map((/** @type {any} */ seat) => seatWords(seat));
    const free = item.seats.filter((/** @type {any} */ seat) => seat.free).length;
    return h(
      'div',
      { class: 'resume open-table', 'data-open-table': item.table, 'data-game': item.game },
      h('span', { class: 'game-emblem' }, emblem(item.game)),
      h(
        'span',
        {},
        h('span', { class: 'resume-title', id: `open-${item.table}` }, ctrl.gameTitle(item.game)),
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
  function renderTables() {
    renderList(refs.onlineTables(), t('online.your_tables'), store.onlineTables().map(onlineEntry));
  }

  /** @param {any} entry */
  function onlineEntry(entry) {
    const known = ctrl.onlineStatus.get(entry.table);
    const title = entry.game ? ctrl.gameTitle(entry.game) : t('online.a_table');
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
  /** @param {any} known */
  function tableMeta(known) {
    const names = Array.from({ length: known.players }, (_, i) => known.names[i] || t('seat.label', { n: i + 1 }));
    let turn;
    if (known.over) turn = t('online.status_over');
    else if (known.started === false) turn = t('online.status_not_started');
    else if (known.seat !== null && known.to_move.includes(known.seat)) turn = t('online.status_yours');
    else turn = t('online.status_waiting', { players: known.to_move.map((/** @type {number} */ seat) => names[seat]).join(', ') });
    // The time this seat has left (as the server said when asked).
    const clock = known.clock;
    const left = clock && known.seat !== null && !known.over && clock.left ? clock.left[known.seat] : null;
    const time = left === null || left === undefined ? [] : [t('online.status_time', { time: timeLeft(left, clock.kind) })];
    return [...known.names.filter(Boolean), turn, ...time].join(' · ');
  }

  return { render, renderTables };
}
