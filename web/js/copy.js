// @ts-check
// A link's "Copy" button: the clipboard where the page may use it (a secure
// page), else a selected text field (a page of the local network over
// http); a toast says whether it worked.

import { t } from './i18n.js';
import { h } from './dom.js';
import { toast } from './dialogs.js';

/** Copy `text`: the clipboard where the page may use it (a secure page),
 * else a selected text field (a page of the local network over http).
 * @param {string} text */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    /** @type {HTMLTextAreaElement} */
    const field = h('textarea', { class: 'visually-hidden', readonly: true }, text);
    document.body.append(field);
    field.select();
    let done = false;
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    field.remove();
    return done;
  }
}

/** @param {string} text @param {string} label */
export function copyButton(text, label) {
  return h(
    'button',
    {
      type: 'button',
      class: 'btn ghost copy-button',
      'aria-label': label,
      onclick: async () => toast((await copyText(text)) ? t('online.copied') : t('online.copy_failed'), 'info', 2000),
    },
    t('online.copy'),
  );
}
