// @ts-check
// Modal dialogs (privacy screen, confirmation, rules) and toasts.

import { t } from './i18n.js';
import { refs } from './refs.js';

/** @param {HTMLDialogElement} dialog */
function open(dialog) {
  if (!dialog.open) dialog.showModal();
}

/** The pass-the-device screen; resolves when the next player continues.
 * @param {{name: string, mark: Node}} who @returns {Promise<void>} */
export function privacyScreen({ name, mark }) {
  const dialog = refs.privacyDialog();
  refs.privacyTitle().textContent = t('privacy.title', { player: name });
  refs.privacyText().textContent = t('privacy.text', { player: name });
  refs.privacyMark().replaceChildren(mark);
  open(dialog);
  const button = refs.privacyContinue();
  button.focus();
  return new Promise((resolve) => {
    const done = () => {
      button.removeEventListener('click', done);
      dialog.removeEventListener('cancel', block);
      dialog.close();
      resolve();
    };
    // Escape must not reveal the hand: only the button continues.
    const block = (/** @type {Event} */ event) => event.preventDefault();
    button.addEventListener('click', done);
    dialog.addEventListener('cancel', block);
  });
}

export function closePrivacy() {
  const dialog = refs.privacyDialog();
  if (dialog.open) dialog.close();
}

/** A yes/no question; resolves true for yes.
 * @param {string} text @param {{yes: string, no: string}} answers @returns {Promise<boolean>} */
export function confirmDialog(text, { yes, no }) {
  const dialog = refs.confirmDialog();
  refs.confirmText().textContent = text;
  refs.confirmYes().textContent = yes;
  refs.confirmNo().textContent = no;
  dialog.returnValue = '';
  open(dialog);
  refs.confirmYes().focus();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), { once: true });
  });
}

/** The rules summary of a game, from its i18n keys `rules.<game>.<n>.title`
 * and `.text` (numbered from 1). */
/** The rules in brief of `game`, section by section (each a
 * `section[data-section=n]`, where its pictures go: rules-pictures.js).
 * @param {string} game @param {(key: string) => boolean} has @returns {void} */
export function showRules(game, has) {
  const box = refs.rulesText();
  box.replaceChildren();
  box.dataset.game = game;
  for (let n = 1; has(`rules.${game}.${n}.title`); n++) {
    const section = document.createElement('section');
    section.dataset.section = String(n);
    const title = document.createElement('h3');
    title.textContent = t(`rules.${game}.${n}.title`);
    const text = document.createElement('p');
    text.textContent = t(`rules.${game}.${n}.text`);
    section.append(title, text);
    box.append(section);
  }
  // The keys, the same in every game.
  const keys = document.createElement('section');
  keys.dataset.section = 'keys';
  const title = document.createElement('h3');
  title.textContent = t('rules.keys.title');
  const list = document.createElement('ul');
  for (let n = 1; has(`rules.keys.${n}`); n++) {
    const item = document.createElement('li');
    item.textContent = t(`rules.keys.${n}`);
    list.append(item);
  }
  keys.append(title, list);
  box.append(keys);
  open(refs.rulesDialog());
}

/** Close every dialog open. @returns {void} */
export function closeAll() {
  for (const dialog of document.querySelectorAll('dialog')) if (dialog.open) dialog.close();
}

/** A short message at the bottom of the screen.
 * @param {string} text @param {string} [kind] @param {number} [ms] @returns {void} */
export function toast(text, kind = 'info', ms = 3800) {
  const node = document.createElement('div');
  node.className = `toast ${kind}`;
  node.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  node.textContent = text;
  refs.toasts().append(node);
  setTimeout(() => node.remove(), ms);
}
