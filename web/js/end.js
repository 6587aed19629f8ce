// @ts-check
// The end-of-game dialog: the winner, why (the tie-break in words), the
// game's own score breakdown, and what to do next.

import { t } from './i18n.js';
import { endReason, outWords, winnerTitle } from './turn-words.js';
import { token } from './players.js';
import { h } from './dom.js';
import { refs } from './refs.js';

/**
 * What the end-of-game dialog shows and offers.
 * @typedef {object} EndOptions
 * @property {string[]} names
 * @property {Element | null} details              the score's breakdown
 * @property {Element | null} [extra]
 * @property {() => void} onNewGame
 * @property {() => void} onMenu
 * @property {(() => unknown) | null} [onReview]
 * @property {string | null} [newGameLabel]
 */

/** `newGameLabel`: the words of the button that starts the next game (a new
 * game, a rematch online); null: no such button. `extra`: what the table
 * adds (online: the check of the shuffle, the game to download and review).
 * `onReview`: look back on the game, move by move (review.js).
 * @param {import('./state.js').Snapshot} snap
 * @param {EndOptions} options
 * @returns {void}
 */
export function showEnd(snap, { names, details, extra = null, onNewGame, onMenu, onReview = null, newGameLabel = t('end.new_game') }) {
  const result = snap.result || /** @type {Partial<import('./state.js').GameResult>} */ ({});
  const winners = result.winners || [];
  const single = winners.length === 1;
  const reason = endReason(snap.game, result);
  const out = outWords(result, names);
  const head = h(
    'div',
    { class: 'end-head' },
    h('div', { class: 'end-tokens' }, ...(single ? [token(winners[0], 56)] : winners.map((seat) => token(seat, 44)))),
    h('h2', { class: 'end-winner', id: 'end-title' }, winnerTitle(winners, names)),
    reason ? h('p', { class: 'end-reason' }, reason) : null,
    out ? h('p', { class: 'end-reason end-out', 'data-out': /** @type {number[]} */ (result.out).join(',') }, out) : null,
  );
  const dialog = refs.endDialog();
  const close = () => dialog.close();
  const actions = h(
    'div',
    { class: 'dialog-actions' },
    h('button', { class: 'btn ghost', type: 'button', id: 'end-board', onclick: close }, t('end.see_board')),
    onReview
      ? h('button', { class: 'btn ghost', type: 'button', id: 'end-review', onclick: () => { close(); onReview(); } }, t('end.review'))
      : null,
    h('button', { class: 'btn ghost', type: 'button', id: 'end-menu', onclick: () => { close(); onMenu(); } }, t('end.menu')),
    newGameLabel === null ? null : h('button', { class: 'btn primary', type: 'button', id: 'end-new', onclick: () => { close(); onNewGame(); } }, newGameLabel),
  );
  refs.endBody().replaceChildren(.../** @type {Element[]} */ ([head, extra, details, actions].filter(Boolean)));
  dialog.setAttribute('aria-labelledby', 'end-title');
  if (!dialog.open) dialog.showModal();
  // The winner first: the focus on the last button must not scroll a long
  // breakdown (Kanaloa's) past the verdict.
  /** @type {HTMLButtonElement} */ (refs.endNew() || refs.endBoard()).focus({ preventScroll: true });
  for (const box of [dialog, refs.endBody()]) box.scrollTop = 0;
}
