// @ts-check
// Sitting down (docs/online.md, section 8): a state for a seat nobody sat at
// yet opens the join dialog — what the table is (the game and its picture,
// the variant and the player count, the clock, who sits where) and the name
// to sit with (`[data-join-name]`, `[data-join]`). Only a name sits down:
// Escape does not leave the dialog open-ended. Names are text (h()'s children).

import { t } from '../i18n.js';
import { token } from '../players.js';
import { emblem } from '../games/index.js';
import { h } from '../dom.js';
import { MAX_NAME } from '../limits.js';

/** @typedef {import('./ctrl.js').OnlineCtrl} OnlineCtrl */

/** What the table is, for one about to sit. @param {OnlineCtrl} ctrl */
function tableFacts(ctrl) {
  const facts = ctrl.joinFacts();
  const seats = facts.seats.map(({ seat, text }) => h('li', { class: `p${seat}` }, token(seat, 16), ' ', h('span', {}, text)));
  return h(
    'div',
    { class: 'join-table', 'data-game': facts.game },
    h(
      'div',
      { class: 'join-game' },
      h('span', { class: 'game-emblem' }, emblem(facts.game)),
      h('p', {}, h('strong', {}, facts.title), h('br'), facts.variant, h('br'), facts.clock),
    ),
    h('ul', { class: 'join-seats', 'aria-label': t('online.join_seats') }, ...seats),
  );
}

/** The join dialog `dialog` as the table's state asks: opened for a seat
 * nobody sat at yet, closed once it is taken.
 * @param {OnlineCtrl} ctrl @param {HTMLDialogElement} dialog @returns {void} */
export function askName(ctrl, dialog) {
  if (!ctrl.needsName) {
    if (dialog.open) dialog.close();
    return;
  }
  if (dialog.open) return;
  /** @type {HTMLInputElement} */
  const field = h('input', {
    type: 'text',
    id: 'join-name',
    class: 'join-name',
    'data-join-name': '',
    maxlength: String(MAX_NAME),
    autocomplete: 'nickname',
    required: true,
    value: ctrl.offeredName(),
  });
  /** @type {HTMLElement} */
  const message = h('p', { class: 'join-error', role: 'alert', hidden: true });
  /** @type {HTMLButtonElement} */
  const button = h('button', { type: 'submit', class: 'btn primary big', 'data-join': '' }, t('online.join'));
  /** @param {string} text */
  const say = (text) => {
    message.hidden = false;
    message.textContent = text;
  };
  const form = h(
    'form',
    {
      class: 'dialog-body join-form',
      onsubmit: async (/** @type {Event} */ event) => {
        event.preventDefault();
        const problem = ctrl.nameProblem(field.value);
        if (problem) {
          say(problem);
          field.focus();
          return;
        }
        button.disabled = true;
        const refused = await ctrl.join(field.value);
        if (refused === null) {
          dialog.close();
          return;
        }
        say(refused);
        button.disabled = false;
      },
    },
    h('h2', {}, t('online.join_title', { n: Number(ctrl.seat) + 1 })),
    tableFacts(ctrl),
    h('label', { for: 'join-name' }, t('online.your_name')),
    field,
    message,
    h('p', { class: 'muted' }, t('online.same_link')),
    h('div', { class: 'dialog-actions' }, button),
  );
  dialog.replaceChildren(form);
  dialog.oncancel = (event) => event.preventDefault();
  dialog.showModal();
  field.focus();
}
