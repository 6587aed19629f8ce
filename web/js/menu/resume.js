// @ts-check
// The menu's saved games: the games in progress, to resume, and the
// finished ones, to look back on; each may be forgotten.

import { t, plural, language } from '../i18n.js';
import { seatNames } from '../players.js';
import { hasRenderer } from '../games/index.js';
import * as store from '../store.js';
import { h } from '../dom.js';
import { refs } from '../refs.js';

/** @typedef {import('./ctrl.js').MenuCtrl} MenuCtrl */
/** @typedef {{onResume: (entry: any) => void, onReview: (entry: any) => void, onForget: (entry: any) => void}} ResumeHooks */

/** How long ago, in the page's language ("5 minutes ago", "il y a 2 jours").
 * @param {number} when */
export function relativeTime(when) {
  const minutes = Math.max(0, Math.round((Date.now() - when) / 60000));
  const rtf = new Intl.RelativeTimeFormat(language(), { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.round(hours / 24), 'day');
}

/** The games in progress, newest first, each with its game, players,
 * moves and date (a damaged entry can only be forgotten); then the
 * finished games, to look back on.
 * @param {MenuCtrl} ctrl @param {ResumeHooks} hooks */
export function renderResume(ctrl, hooks) {
  const all = store.savedGames();
  const row = (/** @type {any} */ entry) => resumeEntry(ctrl, hooks, entry);
  const playing = all.filter((entry) => entry.damaged || !entry.finished).map(row);
  const finished = all.filter((entry) => !entry.damaged && entry.finished).map(row);
  const area = refs.resumeArea();
  area.hidden = !playing.length && !finished.length;
  const group = (/** @type {string} */ heading, /** @type {Element[]} */ rows, /** @type {string} */ kind) =>
    rows.length ? [h('h2', { class: 'card-title resume-heading', 'data-list': kind }, heading), h('div', { class: 'resume-list', 'data-list': kind }, ...rows)] : [];
  area.replaceChildren(...group(t('menu.saved_games'), playing, 'playing'), ...group(t('menu.finished_games'), finished, 'finished'));
}

/** A menu list under its heading (saved games, online tables); hidden when empty.
 * @param {HTMLElement} area @param {string} heading @param {Element[]} rows */
export function renderList(area, heading, rows) {
  area.hidden = !rows.length;
  if (!rows.length) {
    area.replaceChildren();
    return;
  }
  area.replaceChildren(h('h2', { class: 'card-title resume-heading' }, heading), h('div', { class: 'resume-list' }, ...rows));
}

/** One saved game: resume it (or look back on it), or forget it.
 * @param {MenuCtrl} ctrl @param {ResumeHooks} hooks @param {any} entry */
function resumeEntry(ctrl, { onResume, onReview, onForget }, entry) {
  const { games, ready } = ctrl;
  /** @param {string} id */
  const gameTitle = (id) => ctrl.gameTitle(id);
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
