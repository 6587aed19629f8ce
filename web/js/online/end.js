// @ts-check
// What an online table adds to the end dialog: the line about the server's
// shuffle (`[data-fairness]`: checking, then verified or why not), the game's
// record to download, to look back on and to share (its server's review
// link, share.js); they fill in once the controller's check (ctrl.js) is done.

import { t } from '../i18n.js';
import { h, downloadJson } from '../dom.js';
import { refs } from '../refs.js';
import { copyButton } from '../copy.js';

/** @typedef {import('./ctrl.js').OnlineCtrl} OnlineCtrl */
/** @typedef {import('./ctrl.js').Check} Check */

/** The end screen's lines about the shuffle, and the game to download and
 * look back on (`review(record)`).
 * @param {OnlineCtrl} ctrl @param {import('../state.js').Snapshot} snap @param {(record: any) => void} review
 * @returns {HTMLElement} */
export function endExtras(ctrl, snap, review) {
  const line = h('p', { class: 'end-fairness', 'data-fairness': 'checking', role: 'status' }, t('fairness.checking'));
  /** @type {HTMLButtonElement} */
  const download = h('button', { type: 'button', class: 'btn ghost', id: 'end-download', 'data-download': '', disabled: true }, t('end.download'));
  // The whole game, once its record has come: to look back on, move by move.
  /** @type {HTMLButtonElement} */
  const reviewButton = h('button', { type: 'button', class: 'btn ghost', id: 'end-review', disabled: true }, t('end.review'));
  // The review link, once the server has given its key with the record.
  const share = h('p', { class: 'end-share', hidden: true });
  const box = h('div', { class: 'end-extras' }, line, download, reviewButton, share);
  /** @param {Check} item */
  const shown = (item) => {
    line.dataset.fairness = item.status;
    const words = t(item.key, item.params);
    const mark = item.status === 'verified' ? '✓' : item.status === 'checking' ? '…' : '!';
    line.replaceChildren(h('span', { class: 'fairness-mark', 'aria-hidden': 'true' }, mark), ' ', words);
    if (item.status === 'verified' && item.chosen) line.append(' ', t('fairness.chosen'));
    if (item.record) {
      download.disabled = false;
      download.onclick = () => downloadJson(item.record, ctrl.recordFile(item));
      reviewButton.disabled = false;
      reviewButton.onclick = () => {
        refs.endDialog().close();
        review(item.record);
      };
    }
    const link = ctrl.reviewLink(item);
    if (link) {
      share.hidden = false;
      share.replaceChildren(h('a', { href: link, 'data-share-link': '', target: '_blank', rel: 'noopener' }, t('share.link')), ' ', copyButton(link, t('share.link')));
    }
  };
  ctrl.check(snap).then(shown);
  return box;
}
