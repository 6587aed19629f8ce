// @ts-check
// Kahuna's panels in HTML: the players, the round, the hand, the pile and the
// face-up cards, and the action bar. Each function redraws one container
// from the view and the targets kahuna.js computed.

import { t, plural, number } from '../../i18n.js';
import { token } from '../../players.js';
import { projection } from './board.js';
import { h } from '../../dom.js';
import { playerArticle, handRow } from '../renderer-common.js';
import { backCard, islandCards, laneCount, handCardOptions, emptySlot, drawPile, discardPile, renderMarketRow } from '../archipelago-cards.js';
import { isToMove, isWinner } from '../../turn-words.js';

/** @typedef {import('../../state.js').Turn} Turn */

/** @typedef {import('./select.js').KahunaView} KahunaView */
/** @typedef {import('./select.js').KahunaResult} KahunaResult */
/** @typedef {import('./select.js').KahunaTargets} KahunaTargets */
/** @typedef {import('./select.js').KahunaCardTarget} KahunaCardTarget */

// -- cards ----------------------------------------------------------------

/** The lines at an island. */
const degreeOf = laneCount('degree');

/** A face-up card, with a small map of the archipelago on which its island
 * is lit; a button when it can be clicked. */
const faceCard = islandCards({
  projection,
  lanes: (/** @type {KahunaView} */ view) => view.lines,
  frame: (proj) => `-40 -40 ${proj.width + 80} ${proj.height + 80}`,
  radius: (isle, lit) => (lit ? 78 : 46),
  count: degreeOf,
  countWords: (degree) => plural('kahuna.card.links', degree),
  label: (name, degree) => t('kahuna.aria.card', { card: name, degree }),
});

// -- players ----------------------------------------------------------------

/** @param {number} value @param {string} label @param {string} [title] */
function stat(value, label, title) {
  return h('li', { class: 'stat', title: title || label }, h('span', { class: 'stat-value' }, number(value)), h('span', { class: 'stat-label' }, label));
}

/** The players: each one's score, bridges, islands and hand, and the scorings so far.
 * @param {HTMLElement | undefined} el @param {KahunaView} view @param {Turn} turn @param {{names: string[], viewer: number | null, seats?: string[]}} options
 * @returns {void} */
export function renderPlayers(el, view, turn, { names, viewer }) {
  if (!el) return;
  const players = view.supply.length;
  const rows = [];
  for (let seat = 0; seat < players; seat++) {
    const toMove = isToMove(turn, seat);
    const known = view.known_hands[seat] || [];
    const hidden = view.hidden_discard_counts[seat] || 0;
    const size = view.hand_sizes[seat] || 0;
    const hand = h('div', { class: 'player-hand', role: 'img', 'aria-label': plural('kahuna.aria.hand_of', size, { player: names[seat] }) });
    if (seat !== viewer) {
      for (const card of known) hand.append(h('span', { class: 'chip known', title: t('kahuna.player.known_title') }, card));
      for (let i = known.length; i < size; i++) hand.append(backCard('tiny'));
    }
    const winner = isWinner(turn, seat);
    rows.push(
      playerArticle(
        { seat, name: names[seat], toMove, viewer, winner, size: 22 },
        [
          toMove ? h('span', { class: 'turn-flag' }, t('kahuna.player.to_move')) : null,
          h('span', { class: 'player-score', 'aria-label': t('kahuna.player.score_aria', { score: view.scores[seat] }) }, number(view.scores[seat]), h('small', {}, t('kahuna.player.points_short'))),
        ],
        h(
          'ul',
          { class: 'stats' },
          stat(view.supply[seat], t('kahuna.player.supply'), t('kahuna.player.supply_title')),
          stat(view.on_board[seat], t('kahuna.player.on_board'), t('kahuna.player.on_board_title')),
          stat(view.controlled[seat], t('kahuna.player.islands'), t('kahuna.player.islands_title')),
          stat(size, t('kahuna.player.hand'), t('kahuna.player.hand_title')),
          stat(hidden, t('kahuna.player.hidden'), t('kahuna.player.hidden_title')),
        ),
        seat !== viewer && size ? hand : null,
        seat === viewer && view.own_hidden_discards && view.own_hidden_discards.length
          ? h('p', { class: 'own-hidden' }, t('kahuna.player.own_hidden', { cards: view.own_hidden_discards.join(', ') }))
          : null,
      ),
    );
  }
  if (view.scorings.length) {
    const table = h('table', { class: 'scorings' });
    table.append(
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col' }, t('kahuna.scorings.title')), ...names.slice(0, players).map((name, seat) => h('th', { scope: 'col' }, token(seat, 14), ' ', name))),
      ),
    );
    const body = h('tbody');
    for (const s of view.scorings) {
      body.append(
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, s.round >= 3 ? t('kahuna.scoring.final') : t('kahuna.scoring.interim', { round: s.round })),
          ...s.islands.map((count, seat) =>
            h('td', {}, plural('kahuna.scorings.cell', count), s.points[seat] ? h('strong', {}, ` +${s.points[seat]}`) : null),
          ),
        ),
      );
    }
    table.append(body);
    rows.push(table);
  }
  el.replaceChildren(...rows);
}

/** The compact scoreboard of the top bar (phones).
 * @param {HTMLElement | undefined} el @param {KahunaView} view @param {Turn} turn @param {{names: string[]}} options
 * @returns {void} */
export function renderScoreline(el, view, turn, { names }) {
  if (!el) return;
  const players = view.supply.length;
  const items = [];
  for (let seat = 0; seat < players; seat++) {
    items.push(
      h(
        'span',
        {
          class: `scoreline-item p${seat}${isToMove(turn, seat) ? ' to-move' : ''}`,
          'aria-label': plural('kahuna.aria.scoreline', view.controlled[seat], { player: names[seat], score: view.scores[seat] }),
        },
        token(seat, 14),
        h('b', {}, number(view.scores[seat])),
        h('span', { class: 'scoreline-unit' }, t('kahuna.player.points_short')),
        h('span', { class: 'scoreline-islands' }, plural('kahuna.scoreline.islands', view.controlled[seat])),
      ),
    );
  }
  el.replaceChildren(...items);
}

/** The round: its dots, and its name (the final phase, the end).
 * @param {HTMLElement | undefined} el @param {KahunaView} view @param {Turn} turn
 * @returns {void} */
export function renderRound(el, view, turn) {
  if (!el) return;
  const dots = h('ol', { class: 'round-dots', 'aria-hidden': 'true' });
  for (let r = 1; r <= 3; r++) {
    const state = r <= view.scorings_done ? 'done' : r === view.round && !turn.over ? 'current' : '';
    dots.append(h('li', { class: state }, String(r)));
  }
  let label;
  if (turn.over) label = t('kahuna.round.over');
  else if (view.final_phase) label = plural('kahuna.round.final', /** @type {number} */ (view.final_turns_left));
  else label = t('kahuna.round.label', { round: view.round });
  const visible = turn.over || view.final_phase ? label : t('kahuna.round.name');
  el.replaceChildren(h('span', { class: 'round-label' }, visible), dots);
  el.setAttribute('aria-label', label);
  el.classList.toggle('final', Boolean(view.final_phase) || Boolean(turn.over));
}

// -- the viewer's hand ----------------------------------------------------------

/** The viewer's hand, its cards as the selection module offers them.
 * @param {HTMLElement | undefined} el @param {KahunaView} view @param {KahunaCardTarget[]} cards
 * @param {{onPick: (card: KahunaCardTarget) => void}} options
 * @returns {void} */
export function renderHand(el, view, cards, { onPick }) {
  if (!el) return;
  const row = handRow(el, Boolean(view.hand), { spectator: t('kahuna.hand.spectator'), title: t('kahuna.hand.title'), className: 'hand-cards' });
  if (!row) return;
  for (const card of cards) {
    let label = t('kahuna.aria.card', { card: card.name, degree: degreeOf(view, card.name) });
    if (card.selected) label = t('kahuna.aria.card_selected', { card: card.name });
    else if (card.choice && !card.choice.startsWith('card:')) label = t('kahuna.aria.complete', { move: describe(card.choice) });
    row.append(faceCard(view, card.name, handCardOptions(card, label, onPick)));
  }
  if (!cards.length) row.append(h('p', { class: 'hand-empty' }, t('kahuna.hand.empty')));
  el.replaceChildren(h('h2', { class: 'section-title' }, t('kahuna.hand.title'), h('span', { class: 'count' }, number(cards.length) + ' / 5')), row);
}

/** A move's text in words, for an accessible name.
 * @param {string} text */
function describe(text) {
  const [kind, line, ...cards] = text.split(' ');
  if (kind === 'place') return t('kahuna.aria.place', { line: line.replace('-', '–'), card: cards[0] });
  if (kind === 'remove') return t('kahuna.aria.remove', { line: line.replace('-', '–'), cards: cards.join(' + ') });
  return text;
}

// -- pile, face-up cards and discards --------------------------------------------

/** The pile, the face-up cards and the discards.
 * @param {HTMLElement | undefined} el @param {KahunaView} view @param {KahunaTargets} all
 * @param {{onChoice: (choice: string) => void}} options
 * @returns {void} */
export function renderMarket(el, view, all, { onChoice }) {
  if (!el) return;
  const pile = drawPile(view.pile_size, {
    choice: all.draw,
    label: all.draw ? plural('kahuna.aria.draw', view.pile_size) : plural('kahuna.aria.pile', view.pile_size),
    onChoice,
  });
  const display = h('div', { class: 'display', role: 'group', 'aria-label': t('kahuna.market.display') });
  view.display.forEach((name, slot) => {
    const take = all.take.find((m) => m.slot === slot);
    if (!name) {
      display.append(emptySlot(t('kahuna.aria.slot_empty', { slot: slot + 1 })));
      return;
    }
    display.append(
      faceCard(view, name, {
        choice: take ? take.choice : null,
        key: `slot-${slot}`,
        label: take ? t('kahuna.aria.take', { card: name, slot: slot + 1 }) : t('kahuna.aria.card', { card: name, degree: degreeOf(view, name) }),
        onClick: take ? () => onChoice(take.choice) : null,
      }),
    );
  });

  const faceUp = view.open_discard;
  const hiddenTotal = view.hidden_discard_counts.reduce((a, b) => a + b, 0);
  const discards = discardPile('kahuna-discard-list', faceUp, hiddenTotal, {
    empty: t('kahuna.market.discard_empty'),
    hidden: plural('kahuna.market.hidden', hiddenTotal),
    label: plural('kahuna.aria.discard', faceUp.length, { hidden: hiddenTotal }),
  });
  const captions = { pile: t('kahuna.market.pile'), display: t('kahuna.market.display'), discards: t('kahuna.market.discard') };
  renderMarketRow(el, { pile, display, discards, captions });
}

// -- the action bar ------------------------------------------------------------------

/** The action bar: the hint, and the buttons (put aside, cancel, skip).
 * @param {HTMLElement | undefined} el
 * @param {{hint: string, hide: string | null, skip: string | null, finalPhase: boolean, canCancel: boolean, interactive: boolean,
 *   onChoice: (choice: string) => void, onCancel: () => void}} options
 * @returns {void} */
export function renderActions(el, options) {
  if (!el) return;
  const { hint, hide, skip, finalPhase, canCancel, interactive, onChoice, onCancel } = options;
  const buttons = [];
  if (hide) {
    const card = hide.split(' ')[1];
    buttons.push(
      h(
        'button',
        { class: 'btn hide-btn', type: 'button', 'data-choice': hide, 'data-key': 'btn-hide', 'aria-label': t('kahuna.aria.hide', { card }), onclick: () => onChoice(hide) },
        t('kahuna.action.hide'),
      ),
    );
  }
  if (canCancel) {
    buttons.push(h('button', { class: 'btn ghost', type: 'button', 'data-key': 'btn-cancel', onclick: onCancel }, t('kahuna.action.cancel')));
  }
  if (skip) {
    buttons.push(
      h(
        'button',
        { class: 'btn skip-btn', type: 'button', 'data-choice': skip, 'data-key': 'btn-skip', onclick: () => onChoice(skip) },
        finalPhase ? t('kahuna.action.end_turn') : t('kahuna.action.skip'),
      ),
    );
  }
  const hintLine = h('p', { class: 'hint', 'aria-live': 'polite' }, interactive ? hint : '');
  if (buttons.length) el.replaceChildren(hintLine, h('div', { class: 'action-buttons' }, ...buttons));
  else el.replaceChildren(hintLine);
  el.classList.toggle('idle', !interactive);
}

// -- the end of the game ----------------------------------------------------------------

/** Every scoring, islands and points per player, and the totals.
 * @param {KahunaView} view @param {KahunaResult | null} result @param {string[]} names
 * @returns {HTMLElement} */
export function endDetails(view, result, names) {
  const players = view.supply.length;
  const seats = [...Array(players).keys()];
  const winners = (result && result.winners) || [];
  const table = h('table', { class: 'end-table' });
  table.append(
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('kahuna.end.scoring')), ...seats.map((seat) => h('th', { scope: 'col' }, token(seat, 16), ' ', names[seat])))),
  );
  const body = h('tbody');
  for (const s of view.scorings) {
    body.append(
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, s.round >= 3 ? t('kahuna.scoring.final') : t('kahuna.scoring.interim', { round: s.round })),
        ...seats.map((seat) =>
          h('td', {}, plural('kahuna.scorings.cell', s.islands[seat]), ' ', h('span', { class: 'points' }, `+${s.points[seat]}`)),
        ),
      ),
    );
  }
  if (!view.scorings.length) body.append(h('tr', {}, h('td', { colspan: String(players + 1) }, t('kahuna.end.no_scoring'))));
  table.append(body);
  const scores = (result && result.scores) || view.scores;
  table.append(
    h(
      'tfoot',
      {},
      h('tr', {}, h('th', { scope: 'row' }, t('kahuna.end.total')), ...seats.map((seat) => h('td', { class: winners.includes(seat) ? 'win' : '' }, number(scores[seat])))),
    ),
  );
  const bridges = (result && result.breakdown && result.breakdown.bridges_on_board) || view.on_board;
  const note = h('p', { class: 'end-note' }, t('kahuna.end.bridges', { list: seats.map((seat) => `${names[seat]} (${bridges[seat]})`).join(' · ') }));
  return h('div', { class: 'end-details' }, table, note);
}
