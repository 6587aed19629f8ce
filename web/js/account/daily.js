// @ts-check
// The day's deal's page (#daily[data-game]): today's deal with its
// commitment and its board of scores, the button that plays it at the
// server, and, once revealed, yesterday's deal — its seed, salt and
// commitment for anyone to check, its board, and the button that plays it
// here, offline, against the same bots, unranked.

import { t, number, language, ordinal } from '../i18n.js';
import { h } from '../dom.js';

/**
 * What the page does for the day's deal.
 * @typedef {object} DailyHooks
 * @property {(id: string) => string} gameTitle
 * @property {(made: import('../online.js').CreatedTable, game: string) => void} playTable   opens the table the server made
 * @property {(setup: {game: string, players: number, seats: string[], seed: string, options: Record<string, boolean>}, board: import('./api.js').DailyBoard) => void} playOffline
 * @property {(hash: string, text: string, attrs?: object) => HTMLElement} link
 * @property {() => HTMLElement} message
 */

/** @param {number} seconds since 1970 */
const timeText = (seconds) => new Intl.DateTimeFormat(language(), { weekday: 'long', hour: 'numeric', minute: '2-digit' }).format(new Date(seconds * 1000));

/** A deal's day ("2026-12-07", a day of UTC) in the page's words.
 * @param {string} date */
const dayText = (date) => {
  const when = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(when.getTime()) ? date : new Intl.DateTimeFormat(language(), { dateStyle: 'full', timeZone: 'UTC' }).format(when);
};

/** A revealed deal as a local game takes it: its seats (the bots at their
 * level) and its seed.
 * @param {import('./api.js').DailyDeal & {seed: string}} deal */
export function offlineSetup(deal) {
  return { game: deal.game, players: deal.players, seats: [...deal.seats], seed: deal.seed, options: { ...deal.options } };
}

/**
 * Where a score would stand on a day's board: its place among the finished
 * entries (a tie shares the better place), and of how many with it.
 * @param {import('./api.js').DailyBoard} board @param {number} score
 * @returns {{place: number, of: number}}
 */
export function placeOnBoard(board, score) {
  const scored = board.entries.filter((entry) => entry.finished && typeof entry.score === 'number');
  return { place: scored.filter((entry) => /** @type {number} */ (entry.score) > score).length + 1, of: scored.length + 1 };
}

/**
 * What the end of a revealed deal played here says: where its score would
 * stand on that day's board (it is not entered). Null for any other game.
 * @param {{seed: string, game: string, date: string, board: import('./api.js').DailyBoard} | null} replay
 * @param {{result?: {scores?: number[] | null} | null}} snap @param {{seed?: unknown, game?: string}} setup
 * @returns {Element | null}
 */
export function dailyNote(replay, snap, setup) {
  if (!replay || setup.seed !== replay.seed || setup.game !== replay.game) return null;
  const scores = snap.result && snap.result.scores;
  if (!scores || typeof scores[0] !== 'number') return null;
  const { place, of } = placeOnBoard(replay.board, scores[0]);
  return h('p', { class: 'daily-note', id: 'daily-note' }, t('daily.compared', { date: dayText(replay.date), score: number(scores[0]), place: ordinal(place), of }));
}

/**
 * @param {import('./api.js').DailyBoard} board @param {string | null} myName @param {string} server
 * @param {DailyHooks} hooks @param {string} id
 */
function boardTable(board, myName, server, hooks, id) {
  if (!board.entries.length) return h('p', { class: 'muted', id }, t('daily.board_empty'));
  return h('table', { class: 'board-table daily-board', id, 'data-day': board.day },
    h('thead', {}, h('tr', {}, ['account.col_rank', 'account.col_player', 'daily.col_score', 'daily.col_place', ''].map((key) => h('th', { scope: 'col' }, key ? t(key) : '')))),
    h('tbody', {}, board.entries.map((entry) => h('tr', { class: entry.name === myName ? 'mine' : '', 'data-finished': String(entry.finished) },
      h('td', {}, entry.finished ? number(entry.rank) : '—'),
      h('td', {}, hooks.link(`#profile=${encodeURIComponent(entry.name)}`, entry.name)),
      h('td', { 'data-score': entry.score ?? '' }, entry.finished ? (entry.score === null ? t('daily.on_time') : number(entry.score)) : t('daily.playing')),
      h('td', {}, entry.place ? t('daily.place', { place: ordinal(entry.place) }) : ''),
      h('td', {}, entry.review ? hooks.link(`#review=online&server=${encodeURIComponent(server)}&table=${entry.table}&number=${entry.number}&key=${entry.review}`, t('account.review'), { class: 'btn ghost small' }) : null)))));
}

/**
 * @param {import('./ctrl.js').AccountCtrl} ctrl @param {DailyHooks} hooks @param {string[]} games
 * @returns {HTMLElement}
 */
export function dailyPage(ctrl, hooks, games) {
  const game = ctrl.game;
  const tabs = h('div', { class: 'game-tabs', role: 'group', 'aria-label': t('account.games') }, games.map((id) =>
    hooks.link(`#daily=${id}`, hooks.gameTitle(id), { class: `btn ${id === game ? 'primary' : 'ghost'}`, 'aria-current': id === game ? 'page' : null })));
  const page = h('section', { id: 'daily', class: 'people-page', 'data-game': game, 'aria-labelledby': 'daily-title' },
    h('h2', { id: 'daily-title' }, t('daily.title_of', { game: hooks.gameTitle(game) })), tabs, hooks.message());
  const found = ctrl.daily;
  if (!ctrl.server) {
    page.append(h('p', {}, t('account.no_server')));
    return page;
  }
  if (!found) return page;
  const { deal, today, yesterday } = found;
  const myName = ctrl.account ? ctrl.account.name : null;
  const server = ctrl.server;
  const bots = deal.seats.filter((kind) => kind !== 'h').length;
  const play = ctrl.account
    ? h('button', { type: 'button', id: 'daily-play', class: 'btn primary big', disabled: !!deal.entered || !!ctrl.busy, onclick: async () => {
      const made = await ctrl.playDaily();
      if (made) hooks.playTable(made, game);
    } }, t(deal.entered ? 'daily.entered' : 'daily.play'))
    : h('p', {}, hooks.link('#account', t('daily.sign_in_to_play'), { class: 'btn primary' }));
  page.append(
    h('section', { class: 'account-card daily-today' },
      h('h3', {}, t('daily.today', { date: dayText(deal.date) })),
      h('p', {}, t('daily.setup', { bots, level: t(`bot.level.${deal.level ?? 2}`) })),
      h('p', { class: 'muted' }, t('daily.commitment_help', { time: deal.reveal_at ? timeText(deal.reveal_at) : '' })),
      h('p', { class: 'commitment' }, h('span', {}, t('daily.commitment')), ' ', h('code', { id: 'daily-commitment' }, deal.commitment)),
      play),
    h('h3', {}, t('daily.board_today')),
    boardTable(today, myName, server, hooks, 'daily-board'),
  );
  if (deal.yesterday && yesterday) {
    const before = deal.yesterday;
    page.append(h('section', { class: 'account-card daily-yesterday', id: 'daily-yesterday', 'data-day': before.day },
      h('h3', {}, t('daily.yesterday', { date: dayText(before.date) })),
      h('p', { class: 'muted' }, t('daily.revealed_help')),
      h('dl', { class: 'reveal' },
        h('dt', {}, t('daily.seed')), h('dd', {}, h('code', { id: 'daily-seed' }, before.seed)),
        h('dt', {}, t('daily.salt')), h('dd', {}, h('code', {}, before.salt)),
        h('dt', {}, t('daily.commitment')), h('dd', {}, h('code', {}, before.commitment))),
      h('button', { type: 'button', id: 'daily-offline', class: 'btn ghost', onclick: () => hooks.playOffline(offlineSetup({ ...before, game }), yesterday) }, t('daily.play_offline')),
      h('h4', {}, t('daily.board_yesterday')),
      boardTable(yesterday, myName, server, hooks, 'daily-board-yesterday')));
  }
  return page;
}
