// Modal dialogs (privacy screen, confirmation, rules) and toasts.

import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

function open(dialog) {
  if (!dialog.open) dialog.showModal();
}

/** The pass-the-device screen; resolves when the next player continues. */
export function privacyScreen({ name, mark }) {
  const dialog = $('privacy-dialog');
  $('privacy-title').textContent = t('privacy.title', { player: name });
  $('privacy-text').textContent = t('privacy.text', { player: name });
  $('privacy-mark').replaceChildren(mark);
  open(dialog);
  const button = $('privacy-continue');
  button.focus();
  return new Promise((resolve) => {
    const done = () => {
      button.removeEventListener('click', done);
      dialog.removeEventListener('cancel', block);
      dialog.close();
      resolve();
    };
    // Escape must not reveal the hand: only the button continues.
    const block = (event) => event.preventDefault();
    button.addEventListener('click', done);
    dialog.addEventListener('cancel', block);
  });
}

export function closePrivacy() {
  const dialog = $('privacy-dialog');
  if (dialog.open) dialog.close();
}

/** A yes/no question; resolves true for yes. */
export function confirmDialog(text, { yes, no }) {
  const dialog = $('confirm-dialog');
  $('confirm-text').textContent = text;
  $('confirm-yes').textContent = yes;
  $('confirm-no').textContent = no;
  dialog.returnValue = '';
  open(dialog);
  $('confirm-yes').focus();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), { once: true });
  });
}

/** The rules summary of a game, from its i18n keys `rules.<game>.<n>.title`
 * and `.text` (numbered from 1). */
export function showRules(game, has) {
  const box = $('rules-text');
  box.replaceChildren();
  for (let n = 1; has(`rules.${game}.${n}.title`); n++) {
    const title = document.createElement('h3');
    title.textContent = t(`rules.${game}.${n}.title`);
    const text = document.createElement('p');
    text.textContent = t(`rules.${game}.${n}.text`);
    box.append(title, text);
  }
  open($('rules-dialog'));
}

export function closeAll() {
  for (const dialog of document.querySelectorAll('dialog[open]')) dialog.close();
}

/** A short message at the bottom of the screen. */
export function toast(text, kind = 'info', ms = 3800) {
  const node = document.createElement('div');
  node.className = `toast ${kind}`;
  node.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  node.textContent = text;
  $('toasts').append(node);
  setTimeout(() => node.remove(), ms);
}
