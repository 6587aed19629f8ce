// @ts-check
// The table's chat in its panel (docs/online.md, section 11), drawn from the
// controller (ctrl.js): a button on the panel's first line unfolds it (it
// takes no line of its own while folded: the board's cards keep their
// room), with the count of unread messages; its log (a live region), the
// buttons that mute another person's seat, and for a seated player the ready
// phrases and a line of text. The box keeps its element from state to state:
// what is being typed, the focus and the scroll stay. Names and messages are
// text, never markup (h()'s children).

import { t, plural } from '../i18n.js';
import { token } from '../players.js';
import { h } from '../dom.js';
import { CHAT_PHRASES, CHAT_TEXT_MAX } from './ctrl.js';

/** @typedef {import('./ctrl.js').OnlineCtrl} OnlineCtrl */
/** @typedef {import('./ctrl.js').ChatEntry} ChatEntry */

/**
 * The chat's elements and what draws them again.
 * @typedef {object} ChatView
 * @property {HTMLButtonElement} toggle   the button that unfolds it, on the panel's first line
 * @property {() => void} render          the box in the panel (or out of it), its title, the unread count and the mutes
 * @property {() => void} renderLog
 * @property {() => void} renderForm
 * @property {() => void} renderUnread
 * @property {() => void} showOpen        folded or not, as the controller says
 */

/** One message: the seat's mark, the name and the words, as text. @param {OnlineCtrl} ctrl @param {ChatEntry} entry */
function chatLine(ctrl, entry) {
  const each = Number.isInteger(entry.seat) ? /** @type {number} */ (entry.seat) : 0;
  return h(
    'p',
    { class: `chat-line p${each}`, 'data-chat-seat': String(each) },
    token(each, 12),
    ' ',
    h('strong', { class: 'chat-name' }, String(entry.name || '')),
    ' ',
    h('span', { class: 'chat-words' }, ctrl.chatWords(entry)),
  );
}

/** The chat of the table's panel `panel`. @param {OnlineCtrl} ctrl @param {HTMLElement} panel @returns {ChatView} */
export function createChat(ctrl, panel) {
  const log = h('div', { class: 'chat-log', role: 'log', 'aria-live': 'polite', 'aria-label': t('chat.title') });
  const count = h('span', { class: 'chat-unread', hidden: true });
  const title = h('span', {}, t('chat.title'));
  const form = h('div', { class: 'chat-form' });
  const mutes = h('div', { class: 'chat-mutes' });
  const box = h('div', { class: 'table-chat', id: 'table-chat', 'data-chat': '', hidden: true }, mutes, log, form);
  /** @type {HTMLButtonElement} */
  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'btn ghost table-chat-toggle',
      'data-chat-toggle': '',
      'aria-expanded': 'false',
      'aria-controls': 'table-chat',
      onclick: () => ctrl.openChat(box.hidden),
    },
    title,
    ' ',
    count,
  );

  function showOpen() {
    const open = ctrl.chatOpen;
    box.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (!open) return;
    renderUnread();
    log.scrollTop = log.scrollHeight;
  }

  function renderLog() {
    const shown = ctrl.shownChat;
    log.replaceChildren(...(shown.length ? shown.map((entry) => chatLine(ctrl, entry)) : [h('p', { class: 'muted chat-empty' }, t('chat.empty'))]));
    log.scrollTop = log.scrollHeight;
  }

  function renderUnread() {
    count.hidden = ctrl.unread === 0;
    count.textContent = plural('chat.unread', ctrl.unread);
  }

  /** Another person's seat may be muted (their chat no longer comes).
   * @param {number} each @param {string[]} list */
  function muteButton(each, list) {
    if (!ctrl.mutable(each)) return null;
    const on = ctrl.muted.includes(each);
    return h(
      'button',
      {
        type: 'button',
        class: 'btn ghost chat-mute',
        'data-mute-seat': String(each),
        'aria-pressed': String(on),
        onclick: async () => {
          if (!(await ctrl.mute(each, !on))) return;
          const again = /** @type {HTMLElement | null} */ (mutes.querySelector(`[data-mute-seat="${each}"]`));
          if (again) again.focus();
        },
      },
      on ? t('chat.unmute', { name: list[each] }) : t('chat.mute', { name: list[each] }),
    );
  }

  /** The box in the panel: its log and, for a seated player, the ready
   * phrases and a line of text. */
  function render() {
    if (!ctrl.readsChat) {
      box.remove();
      toggle.remove();
      return;
    }
    if (box.parentNode !== panel) {
      panel.append(box);
      renderLog();
      renderForm();
    }
    title.textContent = t('chat.title');
    log.setAttribute('aria-label', t('chat.title'));
    renderUnread();
    const list = ctrl.deps.names();
    mutes.replaceChildren(...ctrl.state.snapshot.seats.map((_, each) => muteButton(each, list)).filter(Boolean));
  }

  function renderForm() {
    if (!ctrl.writesChat) {
      form.replaceChildren(h('p', { class: 'muted' }, t('chat.read_only')));
      return;
    }
    /** @type {HTMLSelectElement} */
    const phrase = h('select', { id: 'chat-phrase', 'aria-label': t('chat.phrases') }, ...CHAT_PHRASES.map((id) => h('option', { value: id }, t(`chat.phrase.${id}`))));
    /** @type {HTMLInputElement} */
    const text = h('input', {
      type: 'text',
      id: 'chat-text',
      maxlength: String(CHAT_TEXT_MAX),
      autocomplete: 'off',
      'aria-label': t('chat.message'),
      placeholder: t('chat.message'),
    });
    form.replaceChildren(
      h(
        'form',
        {
          class: 'chat-row',
          onsubmit: (/** @type {Event} */ event) => {
            event.preventDefault();
            void ctrl.say({ phrase: phrase.value });
          },
        },
        phrase,
        h('button', { type: 'submit', class: 'btn ghost', 'data-chat-phrase': '' }, t('chat.send')),
      ),
      h(
        'form',
        {
          class: 'chat-row',
          onsubmit: async (/** @type {Event} */ event) => {
            event.preventDefault();
            if (await ctrl.sayText(text.value)) text.value = '';
          },
        },
        text,
        h('button', { type: 'submit', class: 'btn ghost', 'data-chat-send': '' }, t('chat.send')),
      ),
    );
  }

  return { toggle, render, renderLog, renderForm, renderUnread, showOpen };
}
