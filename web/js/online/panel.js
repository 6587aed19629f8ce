// @ts-check
// The table's panel on the game screen (`#table-panel`), drawn from the
// controller (ctrl.js): who sits where and who is there, each seat's clock,
// the invitations this browser made (links and codes) and the dock's way to
// them, a waiting table's start with bots, the spectators, the switch of the
// notifications, the chat's button and box (chat.js), and folded away the
// spectators' link, this seat's own link, a new link for it and the
// commitment to the shuffle. Names are text, never markup (h()'s children).

import { t, plural } from '../i18n.js';
import { token, levelName, DEFAULT_BOT_LEVELS, DEFAULT_BOT_LEVEL } from '../players.js';
import * as notify from '../notify.js';
import { h } from '../dom.js';
import { svg } from '../board-svg.js';
import { toast, confirmDialog } from '../dialogs.js';
import { refs } from '../refs.js';
import { createChat } from './chat.js';
import { copyButton } from '../copy.js';
import { createClocks, clockFace } from './clocks.js';

/** @typedef {import('./ctrl.js').OnlineCtrl} OnlineCtrl */
/** @typedef {import('./ctrl.js').SeatRow} SeatRow */
/** @typedef {import('./chat.js').ChatView} ChatView */

/** A seat's line: its mark, its name, "you", who is there, its clock, and
 * this browser's invitation while it is free. @param {SeatRow} row */
function seatLine(row) {
  const each = row.seat;
  const line = h(
    'li',
    { class: `table-seat p${each}`, 'data-seat': String(each), 'data-connected': String(row.connected) },
    token(each, 16),
    h('span', { class: 'table-seat-name' }, row.name),
    row.you ? h('span', { class: 'table-seat-you' }, t('online.you')) : null,
    h('span', { class: `table-seat-note${row.here ? ' here' : ''}` }, row.note),
    row.clock ? clockFace(each) : null,
  );
  if (row.invitation) {
    const { href, code } = row.invitation;
    line.append(
      h(
        'div',
        { class: 'invite' },
        h('a', { class: 'invite-link', href, 'data-invite-seat': String(each), target: '_blank', rel: 'noopener' }, t('online.invite_link', { n: each + 1 })),
        copyButton(href, t('online.copy_invite', { n: each + 1 })),
        h('span', { class: 'invite-code-label' }, t('online.code')),
        h('code', { class: 'invite-code', 'data-invite-code': String(each) }, code),
      ),
    );
  }
  return line;
}

/** For the creator of a table that waits for its people (the status line
 * says so to everyone): the way to start now, bots of a chosen level in the
 * free seats. @param {OnlineCtrl} ctrl */
function waitingPart(ctrl) {
  if (!ctrl.canStart) return null;
  const part = h('div', { class: 'table-waiting', 'data-waiting': '' });
  /** @type {HTMLSelectElement} */
  const level = h(
    'select',
    { id: 'start-level', 'aria-label': t('online.start_level') },
    ...DEFAULT_BOT_LEVELS.map((each) => h('option', { value: String(each), selected: each === DEFAULT_BOT_LEVEL }, levelName(each))),
  );
  /** @type {HTMLButtonElement} */
  const button = h(
    'button',
    {
      type: 'button',
      class: 'btn primary',
      'data-start': '',
      onclick: async () => {
        button.disabled = true;
        if (!(await ctrl.start(Number(level.value)))) button.disabled = false;
      },
    },
    t('online.start_now'),
  );
  part.append(h('label', { for: 'start-level' }, t('online.start_level')), h('div', { class: 'table-start' }, level, button));
  return part;
}

/** The links that are not invitations: the spectators', this seat's own, a
 * new one for it, and the commitment to the shuffle. @param {OnlineCtrl} ctrl */
function links(ctrl) {
  const parts = [];
  const { entry } = ctrl;
  if (entry.spectator) {
    const href = ctrl.link(entry.spectator);
    parts.push(
      h(
        'p',
        { class: 'table-link' },
        h('a', { href, 'data-spectator-link': '', target: '_blank', rel: 'noopener' }, t('online.spectator_link')),
        copyButton(href, t('online.spectator_link')),
      ),
    );
  }
  if (ctrl.seat !== null) {
    const href = ctrl.link(entry.token);
    parts.push(
      h('p', { class: 'table-link own' }, h('a', { href, 'data-own-link': '' }, t('online.own_link')), copyButton(href, t('online.own_link'))),
      h('p', { class: 'muted table-note' }, t('online.same_link')),
      h('p', { class: 'table-link' }, h('button', { type: 'button', class: 'btn ghost', 'data-new-link': '', onclick: () => newLink(ctrl) }, t('online.new_link'))),
    );
  }
  const promised = ctrl.commitment;
  if (promised) {
    parts.push(
      h(
        'p',
        { class: 'table-commitment', title: t('fairness.commitment_note') },
        h('span', { class: 'muted' }, t('fairness.commitment')),
        ' ',
        h('code', { 'data-commitment': promised }, `${promised.slice(0, 16)}…`),
      ),
    );
  }
  return parts;
}

/** A new link for this seat, once the player is sure. @param {OnlineCtrl} ctrl */
async function newLink(ctrl) {
  const sure = await confirmDialog(t('online.new_link_confirm'), { yes: t('online.new_link'), no: t('dialog.cancel') });
  if (sure) await ctrl.newLink();
}

/**
 * The table's panel, its chat and its clocks, and the dock's button to the
 * invitations. `render()` draws it again from the controller; `close()`
 * empties it.
 * @param {OnlineCtrl} ctrl
 * @returns {{render: () => void, close: () => void, chat: ChatView}}
 */
export function createPanel(ctrl) {
  const panel = /** @type {HTMLElement} */ (refs.tablePanel());
  // The panel's parts drawn again at each state; the chat keeps its own
  // element (what is being typed, the focus, the scroll stay).
  const body = h('div', { class: 'table-body' });
  const inviteButton = refs.inviteButton();
  inviteButton.onclick = showInvitations;
  const chat = createChat(ctrl, panel);
  const clocks = createClocks(ctrl, panel);

  /** While seats this browser invited are free, the dock offers the way to
   * the invitations (on a phone they sit below the board, in a tab). */
  function renderInviteButton() {
    const free = ctrl.freeInvitations;
    inviteButton.hidden = free === 0;
    const text = inviteButton.querySelector('.invite-text');
    if (text) text.textContent = plural('online.invite_free', free);
  }

  function showInvitations() {
    const tab = refs.tabPlayers();
    if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click();
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    const first = /** @type {HTMLElement | null} */ (panel.querySelector('.invite-link'));
    if (first) first.focus({ preventScroll: true });
  }

  /** The switch of the notifications, a bell beside the panel's title (a
   * seat's only): pressed, the player is told when it is their turn. */
  function notifySwitch() {
    if (!notify.supported() || ctrl.seat === null) return null;
    const on = notify.enabled();
    const words = on ? t('online.notify_on') : t('online.notify_ask');
    const bell = svg('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' }, svg('path', { d: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0' }));
    return h(
      'button',
      {
        type: 'button',
        class: 'icon-btn table-notify',
        'data-notify': on ? 'on' : 'off',
        'aria-pressed': String(on),
        'aria-label': t('online.notify_ask'),
        title: words,
        onclick: async () => {
          if (notify.enabled()) notify.turnOff();
          else if (!(await notify.turnOn())) toast(t('online.notify_refused'), 'info');
          render();
        },
      },
      bell,
    );
  }

  function render() {
    const info = ctrl.state.table;
    // Everyone seated: the seats take the title's line (the title stays for
    // a screen reader), and the board's cards keep their room below.
    const seated = ctrl.seated;
    const title = h('h2', { class: `section-title${seated ? ' visually-hidden' : ''}` }, t('online.table_title'));
    const seats = h('ul', { class: 'table-seats' }, ...ctrl.seatRows().map(seatLine));
    const tools = h('span', { class: 'table-tools' }, ctrl.readsChat ? chat.toggle : null, notifySwitch());
    const parts = seated ? [h('div', { class: 'table-head' }, title, seats, tools)] : [h('div', { class: 'table-head' }, title, tools), seats];
    const clock = ctrl.clockWords;
    if (clock) parts.push(h('p', { class: 'muted table-clock-kind', 'data-clock-kind': clock.kind }, clock.text));
    const start = waitingPart(ctrl);
    if (start) parts.push(start);
    if (info.spectators) parts.push(h('p', { class: 'muted table-spectators' }, plural('online.spectators', info.spectators)));
    panel.classList.toggle('seated', seated);
    if (ctrl.seat === null) parts.push(h('p', { class: 'muted' }, t('online.watching')));
    // The links that are not invitations fold away: the board needs the room.
    const folded = links(ctrl);
    if (folded.length) {
      const open = /** @type {HTMLDetailsElement | null} */ (panel.querySelector('details.table-links'));
      parts.push(h('details', { class: 'table-links', open: Boolean(open && open.open) }, h('summary', {}, t('online.links')), ...folded));
    }
    panel.hidden = false;
    // The chat's button is the same element from state to state: it keeps
    // the focus it had.
    const focused = document.activeElement;
    body.replaceChildren(...parts);
    if (body.parentNode !== panel) panel.replaceChildren(body);
    const toggle = chat.toggle;
    if (focused === toggle && document.activeElement !== toggle && toggle.isConnected) toggle.focus({ preventScroll: true });
    chat.render();
    renderInviteButton();
    clocks.tick();
  }

  function close() {
    clocks.stop();
    panel.hidden = true;
    panel.replaceChildren();
    inviteButton.hidden = true;
    inviteButton.onclick = null;
  }

  return { render, close, chat };
}
