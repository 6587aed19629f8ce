// @ts-check
// The players' screen, drawn from its controller (account/ctrl.js): the
// account chip every page shows (#account[data-signed-in]), the account's
// page (sign up, sign in, add a device, export, delete), a player's profile
// (#profile[data-player], a [data-rating][data-game] card per game with its
// history drawn) and a game's leaderboard (#leaderboard[data-game]).

import { t, plural, language, number, ordinal } from '../i18n.js';
import { h, downloadJson } from '../dom.js';
import { emblem } from '../games/index.js';
import { refs } from '../refs.js';
import { placeOf, ratingHistory } from './ctrl.js';
import { ratingGraph } from './graph.js';
import { dailyPage } from './daily.js';
import { passkeyProblem } from './api.js';

/** The four games, in the menu's order. */
export const RATED_GAMES = ['kahuna', 'haleakala', 'kanaloa', 'moai'];
/** The name a deleted account's seats show (server: store.FORMER_PLAYER). */
const FORMER_PLAYER = '\u2063';

/** A name as shown: a deleted account's is "a former player".
 * @param {string} name */
export const shownName = (name) => (name === FORMER_PLAYER ? t('account.former_player') : name);

/**
 * What the screen needs of the page.
 * @typedef {object} PeopleHooks
 * @property {(id: string) => string} gameTitle
 * @property {(hash: string) => void} go          opens a page of the site by its fragment
 * @property {() => void} back                    to the menu
 * @property {(made: import('../online.js').CreatedTable, game: string) => void} playTable   the day's deal's table, made
 * @property {(setup: any, board: import('./api.js').DailyBoard) => void} playOffline   a revealed deal, played here (its board to compare with)
 */

/** @param {number} seconds since 1970 */
const dateText = (seconds) => new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));

/** A bot's seat in a finished game's list: its level's name.
 * @param {string | undefined} kind "botN" */
const botName = (kind) => (kind && /^bot[0-4]$/.test(kind) ? t('seat.default_bot', { level: t(`bot.level.${kind[3]}`) }) : t('account.bot'));

/** A rating as a number, with a question mark while provisional.
 * @param {{rating: number, provisional: boolean}} rating */
const ratingText = (rating) => `${number(rating.rating)}${rating.provisional ? '?' : ''}`;

/** A game's rating card of a profile: the rating, its games, its history drawn.
 * @param {string} game @param {import('./api.js').Rating} rating @param {import('./api.js').Finished[]} games
 * @param {(id: string) => string} gameTitle */
function ratingCard(game, rating, games, gameTitle) {
  const history = ratingHistory(games, game);
  return h('article', { class: 'rating-card', 'data-game': game, 'data-rating': rating.rating, 'data-provisional': String(rating.provisional) },
    h('header', {}, emblem(game), h('h3', {}, gameTitle(game))),
    h('p', { class: 'rating-value' }, h('strong', {}, ratingText(rating)), ' ',
      rating.games ? h('span', { class: 'muted' }, plural('account.games_count', rating.games, { count: rating.games })) : h('span', { class: 'muted' }, t('account.not_rated_yet'))),
    rating.provisional && rating.games ? h('p', { class: 'badge provisional' }, t('account.provisional')) : null,
    history.length > 1 ? ratingGraph(history, t('account.graph_label', { game: gameTitle(game) })) : null);
}

/**
 * The players' screen and the chip.
 * @param {import('./ctrl.js').AccountCtrl} ctrl @param {PeopleHooks} hooks
 */
export function createPeopleView(ctrl, hooks) {
  /** A link to a page of the site (its fragment), followed without reloading. @param {string} hash @param {string} text @param {object} [attrs] */
  const go = (hash, text, attrs = {}) => h('a', { href: hash, ...attrs, onclick: (/** @type {Event} */ event) => {
    event.preventDefault();
    hooks.go(hash);
  } }, text);

  function renderChip() {
    const chip = refs.accountChip();
    const account = ctrl.account;
    chip.dataset.signedIn = String(!!account);
    const label = account ? account.name : t('account.sign_in');
    chip.replaceChildren(go('#account', '', {
      id: 'account-button', class: 'account-button',
      title: account ? t('account.chip_signed_in', { name: account.name }) : t('account.chip_signed_out'),
    }));
    const link = /** @type {HTMLElement} */ (chip.firstElementChild);
    link.append(h('span', { class: 'account-avatar', 'aria-hidden': 'true' }, account ? account.name.slice(0, 1).toUpperCase() : '☺'), h('span', { class: 'account-label' }, label));
  }

  /** The outcome of the last action, or what is being done. */
  function messageLine() {
    const line = h('p', { id: 'account-message', class: 'account-message', role: 'status', 'aria-live': 'polite' });
    if (ctrl.busy) {
      line.textContent = t(ctrl.busy);
      line.dataset.kind = 'busy';
    } else if (ctrl.message) {
      line.textContent = t(ctrl.message.key, /** @type {any} */ (ctrl.message.params) || {});
      line.dataset.kind = ctrl.message.kind;
    }
    return line;
  }

  function signedOutPage() {
    const name = h('input', { id: 'signup-name', type: 'text', maxlength: 40, autocomplete: 'username webauthn', required: true, 'aria-describedby': 'signup-help' });
    const code = h('input', { id: 'device-code', type: 'text', maxlength: 12, autocomplete: 'one-time-code', spellcheck: 'false', placeholder: 'ABCD-EFGH' });
    const problem = passkeyProblem();
    const busy = !!ctrl.busy || !!problem;
    return [
      h('p', { class: 'account-intro' }, t('account.intro')),
      problem ? h('p', { class: 'account-message', 'data-kind': 'error', id: 'passkey-problem' }, t(problem, { site: `http://localhost:${location.port || 80}/` })) : null,
      h('div', { class: 'signed-out-cards' }, h('form', { id: 'signup-form', class: 'account-card', onsubmit: (/** @type {Event} */ event) => {
        event.preventDefault();
        ctrl.signUp(name.value);
      } },
      h('h3', {}, t('account.new_title')),
      h('label', { for: 'signup-name' }, t('account.name_label')), name,
      h('p', { id: 'signup-help', class: 'muted' }, t('account.name_help')),
      h('button', { type: 'submit', id: 'signup-button', class: 'btn primary', disabled: busy }, t('account.sign_up'))),
      h('section', { class: 'account-card' },
        h('h3', {}, t('account.returning_title')),
        h('p', { class: 'muted' }, t('account.returning_help')),
        h('button', { type: 'button', id: 'signin-button', class: 'btn primary', disabled: busy, onclick: () => ctrl.signIn() }, t('account.sign_in_passkey')))),
      h('form', { id: 'device-form', class: 'account-card', onsubmit: (/** @type {Event} */ event) => {
        event.preventDefault();
        ctrl.addDevice(code.value);
      } },
      h('h3', {}, t('account.device_title')),
      h('label', { for: 'device-code' }, t('account.device_help')), code,
      h('button', { type: 'submit', id: 'device-button', class: 'btn ghost', disabled: busy }, t('account.add_this_device'))),
    ];
  }

  function signedInPage() {
    const account = /** @type {import('./api.js').Account} */ (ctrl.account);
    const confirm = h('input', { id: 'delete-name', type: 'text', autocomplete: 'off', 'aria-describedby': 'delete-help' });
    const code = ctrl.code;
    const busy = !!ctrl.busy;
    return [
      h('section', { class: 'account-card account-who' },
        h('div', {}, h('p', { class: 'muted' }, t('account.signed_in_as')), h('p', { class: 'account-name', id: 'account-name' }, account.name)),
        h('div', { class: 'account-actions' },
          go(`#profile=${encodeURIComponent(account.name)}`, t('account.my_profile'), { id: 'my-profile', class: 'btn primary' }),
          h('button', { type: 'button', id: 'signout-button', class: 'btn ghost', disabled: busy, onclick: () => ctrl.signOut() }, t('account.sign_out')))),
      h('section', { class: 'account-card' },
        h('h3', {}, t('account.devices_title')),
        h('p', { class: 'muted' }, t('account.devices_help')),
        code ? h('p', { class: 'device-code-shown' }, t('account.code_is'), ' ', h('strong', { id: 'device-code-shown', lang: 'en' }, code.code), ' ', t('account.code_valid', { minutes: Math.max(1, Math.round((code.until - ctrl.now()) / 60000)) })) : null,
        h('button', { type: 'button', id: 'code-button', class: 'btn ghost', disabled: busy, onclick: () => ctrl.newCode() }, t(code ? 'account.new_code' : 'account.add_device'))),
      h('section', { class: 'account-card' },
        h('h3', {}, t('account.data_title')),
        h('button', { type: 'button', id: 'export-button', class: 'btn ghost', disabled: busy, onclick: async () => {
          const data = await ctrl.exportData();
          if (data) downloadJson(data, `archipel-account-${account.name.replace(/[^\p{L}\p{N}_-]+/gu, '_')}.json`);
        } }, t('account.export')),
        h('details', { class: 'account-delete' },
          h('summary', {}, t('account.delete_title')),
          h('form', { onsubmit: (/** @type {Event} */ event) => {
            event.preventDefault();
            ctrl.deleteAccount(confirm.value);
          } },
          h('p', { id: 'delete-help' }, t('account.delete_help', { name: account.name })),
          h('label', { for: 'delete-name' }, t('account.name_label')), confirm,
          h('button', { type: 'submit', id: 'delete-button', class: 'btn danger', disabled: busy }, t('account.delete'))))),
    ];
  }

  function accountPage() {
    if (!ctrl.server) return h('section', { id: 'account-page', class: 'people-page' }, h('h2', {}, t('account.title')), h('p', {}, t('account.no_server')));
    const body = ctrl.account === undefined ? [h('p', { class: 'muted' }, t('account.loading'))] : ctrl.account ? signedInPage() : signedOutPage();
    return h('section', { id: 'account-page', class: 'people-page', 'aria-labelledby': 'account-title' },
      h('h2', { id: 'account-title' }, t('account.title')), messageLine(), ...body);
  }

  /** @param {import('./api.js').Finished} entry */
  function gameRow(entry) {
    const { place, shared, of } = placeOf(entry.ranks, entry.seat);
    const result = t(shared > 1 ? 'account.place_shared' : 'account.place', { place: ordinal(place), of });
    const change = entry.rated && entry.before && entry.after ? entry.after.rating - entry.before.rating : null;
    const server = ctrl.server || '';
    const review = entry.review ? `#review=online&server=${encodeURIComponent(server)}&table=${entry.table}&number=${entry.number}&key=${entry.review}` : null;
    return h('tr', { 'data-table': entry.table, 'data-number': entry.number },
      h('td', {}, dateText(entry.at)),
      h('td', {}, hooks.gameTitle(entry.game)),
      h('td', {}, entry.names.map((name, seat) => h('span', { class: seat === entry.seat ? 'me' : '' }, shownName(name) || botName(entry.seats && entry.seats[seat]))).flatMap((node, i) => (i ? [', ', node] : [node]))),
      h('td', {}, result, change !== null ? h('span', { class: change >= 0 ? 'gain' : 'loss' }, ` (${change >= 0 ? '+' : '−'}${number(Math.abs(change))})`) : null),
      h('td', {}, review ? go(review, t('account.review'), { class: 'btn ghost small', 'data-review-link': '' }) : null));
  }

  function profilePage() {
    const found = ctrl.profile;
    const page = h('section', { id: 'profile', class: 'people-page', 'data-player': found ? found.player.name : ctrl.profileName, 'aria-labelledby': 'profile-title' });
    if (!found) {
      page.append(h('h2', { id: 'profile-title' }, ctrl.profileName), messageLine());
      return page;
    }
    const games = found.games;
    page.append(
      h('h2', { id: 'profile-title' }, found.player.name),
      h('p', { class: 'muted' }, t('account.since', { date: dateText(found.player.since) })),
      messageLine(),
      h('div', { class: 'rating-cards' }, RATED_GAMES.map((game) => ratingCard(game, found.ratings[game], games, hooks.gameTitle))),
      h('h3', {}, t('account.finished_games')),
      games.length
        ? h('table', { class: 'games-table' }, h('thead', {}, h('tr', {}, ['account.col_date', 'account.col_game', 'account.col_players', 'account.col_result', ''].map((key) => h('th', { scope: 'col' }, key ? t(key) : '')))), h('tbody', {}, games.map(gameRow)))
        : h('p', { class: 'muted' }, t('account.no_games')),
      h('h3', {}, t('account.tables_in_play')),
      found.tables.length
        ? h('ul', { class: 'tables-in-play' }, found.tables.map((table) => h('li', {}, `${hooks.gameTitle(table.game)} — ${table.names.map((name) => shownName(name) || '…').join(', ')}`, table.rated ? h('span', { class: 'badge' }, t('account.rated')) : null)))
        : h('p', { class: 'muted' }, t('account.no_tables')),
    );
    return page;
  }

  /** @param {import('./api.js').BoardRow} row @param {boolean} mine */
  function boardRow(row, mine) {
    return h('tr', { class: mine ? 'mine' : '', 'data-rank': row.rank },
      h('td', {}, number(row.rank)),
      h('td', {}, go(`#profile=${encodeURIComponent(row.name)}`, row.name)),
      h('td', {}, ratingText(row)),
      h('td', {}, number(row.games)));
  }

  function leaderboardPage() {
    const board = ctrl.board;
    const myName = ctrl.account ? ctrl.account.name : null;
    const tabs = h('div', { class: 'game-tabs', role: 'group', 'aria-label': t('account.games') }, RATED_GAMES.map((game) =>
      go(`#leaderboard=${game}`, hooks.gameTitle(game), { class: `btn ${game === ctrl.game ? 'primary' : 'ghost'}`, 'aria-current': game === ctrl.game ? 'page' : null })));
    const page = h('section', { id: 'leaderboard', class: 'people-page', 'data-game': ctrl.game, 'aria-labelledby': 'leaderboard-title' },
      h('h2', { id: 'leaderboard-title' }, t('account.leaderboard_of', { game: hooks.gameTitle(ctrl.game) })), tabs, messageLine());
    if (!board) return page;
    const head = () => h('thead', {}, h('tr', {}, ['account.col_rank', 'account.col_player', 'account.col_rating', 'account.col_games'].map((key) => h('th', { scope: 'col' }, t(key)))));
    page.append(board.top.length
      ? h('table', { class: 'board-table' }, head(), h('tbody', {}, board.top.map((row) => boardRow(row, row.name === myName))))
      : h('p', { class: 'muted' }, t('account.board_empty')));
    if (board.mine.length && !board.top.some((row) => row.name === myName)) {
      page.append(h('h3', {}, t('account.my_place')), h('table', { class: 'board-table' }, head(), h('tbody', {}, board.mine.map((row) => boardRow(row, row.name === myName)))));
    }
    page.append(h('p', { class: 'muted bots-line' }, t('account.bots_line', { ratings: board.bots.map((rating, level) => `${t(`bot.level.${level}`)} ${number(rating)}`).join(' · ') })));
    return page;
  }

  /** @type {Record<string, () => HTMLElement>} */
  const pages = {
    account: accountPage, profile: profilePage, leaderboard: leaderboardPage,
    daily: () => dailyPage(ctrl, { gameTitle: hooks.gameTitle, playTable: hooks.playTable, playOffline: hooks.playOffline, link: go, message: messageLine }, RATED_GAMES),
  };

  function render() {
    renderChip();
    const body = refs.peopleBody();
    const draw = pages[ctrl.view];
    if (!draw) return;
    // What the player typed, and where, outlives the page drawn again (an
    // answer from the server may come while they type).
    const typed = new Map([...body.querySelectorAll('input[id]')].map((input) => [input.id, /** @type {HTMLInputElement} */ (input).value]));
    const focused = document.activeElement && body.contains(document.activeElement) ? document.activeElement.id : '';
    const open = [...body.querySelectorAll('details[open]')].map((details) => details.className);
    body.replaceChildren(draw());
    for (const [id, value] of typed) {
      const input = /** @type {HTMLInputElement | null} */ (document.getElementById(id));
      if (input && !input.value) input.value = value;
    }
    for (const name of open) body.querySelector(`details.${name}`)?.setAttribute('open', '');
    if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
  }

  return { render, renderChip };
}
