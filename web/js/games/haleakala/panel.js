// @ts-check
// Haleakala's panels in HTML: the players (score, discs, statues, cards,
// shells, score cards), the round, the viewer's reserve of discs (the
// "hand"), the current choice when it is a card or a purchase (the
// "market"), the action bar, the phone's score line and the end-of-game
// breakdown. Each function redraws one container from the view and the
// targets haleakala.js computed.

import { t, plural, number } from '../../i18n.js';
import { svg } from '../../board-svg.js';
import { token } from '../../players.js';
import { h } from '../../dom.js';
import { playerArticle } from '../renderer-common.js';
import { cardName, itemName, shellCost, spaceName, spaceShort, scoringLabel, shown } from './log.js';
import { disc, icon, cardFace, itemCard, statue, BUTTERFLIES } from './pieces.js';
import { isWinner } from '../../turn-words.js';

/** @typedef {import('../../state.js').Turn} Turn */

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').HaleakalaResult} HaleakalaResult */
/** @typedef {import('./types.js').Player} Player */
/** @typedef {import('./types.js').ScoringPlayer} ScoringPlayer */
/** @typedef {import('./types.js').Scoring} Scoring */
/** @typedef {import('./select.js').Hand} Hand */
/** @typedef {import('./select.js').HandDisc} HandDisc */
/** @typedef {import('./select.js').InvokeDisc} InvokeDisc */
/** @typedef {import('./select.js').Market} Market */
/** @typedef {import('./select.js').Button} Button */

// Each scoring in detail is open at once where the screen has room for it
// under the winner and the totals; elsewhere it is one click away.
const ROOMY = window.matchMedia('(min-width: 701px) and (min-height: 760px)');

const ITEM_ORDER = ['SC_BUTTERFLY', 'SC_MAJORITY', 'SC_SECTION', 'SC_FOREST', 'SC_MOUNTAIN', 'BOARD_PRIESTESS'];

/** A small inline SVG around one drawing made at (0, 0).
 * @param {SVGElement} node
 * @param {number} [box]
 * @param {number} [size]
 * @param {string} [cls]
 * @returns {SVGElement} */
function picture(node, box = 32, size = 22, cls = '') {
  return svg('svg', { class: `hk-pic ${cls}`.trim(), viewBox: `${-box / 2} ${-box / 2} ${box} ${box}`, width: size, height: size, 'aria-hidden': 'true' }, node);
}

/** @param {number} seat @param {number | null} value @param {number} [size] */
const discPicture = (seat, value, size = 34) => picture(disc(seat, value, 0, 0, 14), 32, size, 'disc');

// -- players ----------------------------------------------------------------

/** A player's count and a word for it.
 * @param {string} value @param {string} label @param {string} [title] */
function stat(value, label, title) {
  return h('li', { class: 'stat', title: title || label }, h('span', { class: 'stat-value' }, value), h('span', { class: 'stat-label' }, label));
}

/** A player's collected cards, grouped: one chip per kind.
 * @param {Player} player
 * @param {number} seat
 * @returns {HTMLElement[]} */
function collection(player, seat) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const kind of player.collection) counts.set(kind, (counts.get(kind) || 0) + 1);
  /** @type {HTMLElement[]} */
  const chips = [];
  for (const [kind, count] of counts) {
    const fish = /^FISH(\d)$/.exec(kind);
    const name = cardName(kind);
    chips.push(
      h(
        'span',
        { class: `hk-chip fam-${fish ? 'fish' : 'treasure'}`, title: name, 'aria-label': count > 1 ? `${name} ×${count}` : name },
        picture(icon(fish ? 'fish' : kind.toLowerCase()), 34, 20),
        fish ? h('b', {}, `+${fish[1]}`) : null,
        count > 1 ? h('span', { class: 'hk-times' }, `×${count}`) : null,
        BUTTERFLIES[kind] ? picture(icon('butterfly'), 32, 11, 'wing') : null,
      ),
    );
  }
  for (const item of player.score_cards) {
    chips.push(
      h(
        'span',
        { class: 'hk-chip score-card', title: `${itemName(item)} — ${t(`haleakala.item_about.${item.toLowerCase()}`)}` },
        picture(icon(iconOfItem(item)), 34, 20),
        h('span', {}, t(`haleakala.item_short.${item.toLowerCase()}`)),
      ),
    );
  }
  if (player.statues_destroyed) {
    chips.push(h('span', { class: 'hk-chip burned', title: plural('haleakala.player.burned', player.statues_destroyed) }, picture(statue(seat, 0, 0, 0.9, 'ash'), 34, 20), h('span', {}, plural('haleakala.player.burned', player.statues_destroyed))));
  }
  return chips;
}

/** The icon of a score card or of the Priestess.
 * @param {string} item
 * @returns {string} */
function iconOfItem(item) {
  return /** @type {Record<string, string>} */ ({ SC_BUTTERFLY: 'butterfly', SC_MAJORITY: 'majority', SC_SECTION: 'section', SC_FOREST: 'forest', SC_MOUNTAIN: 'mountain', BOARD_PRIESTESS: 'priestess' })[item];
}

/** The two players, one article each.
 * @param {HTMLElement | undefined} el
 * @param {HaleakalaView} view @param {Turn} turn
 * @param {{names: string[], viewer: number | null}} options
 * @returns {void} */
export function renderPlayers(el, view, turn, { names, viewer }) {
  if (!el) return;
  const rows = view.players.map((player, seat) => {
    const deciding = view.decider === seat && !turn.over;
    const active = view.active === seat && !turn.over;
    const winner = isWinner(turn, seat);
    const reserve = player.reserve.length ? player.reserve.join(' ') : '–';
    const chips = collection(player, seat);
    return playerArticle(
      { seat, name: names[seat], kind: 'hk-player', toMove: deciding, viewer, winner, size: 22 },
      [
        deciding ? h('span', { class: 'turn-flag' }, active ? t('haleakala.player.to_move') : t('haleakala.player.choosing')) : null,
        view.first_player === seat ? h('span', { class: 'hk-first', title: t('haleakala.player.first_title') }, t('haleakala.player.first')) : null,
        h('span', { class: 'player-score', 'aria-label': t('haleakala.aria.score', { player: names[seat], score: view.scores[seat] }) }, number(view.scores[seat]), h('small', {}, t('haleakala.player.points_short'))),
      ],
      h(
        'ul',
        { class: 'stats' },
        stat(reserve, t('haleakala.player.reserve'), t('haleakala.player.reserve_title') + (player.invocation === 'reserve' ? ` ${t('haleakala.player.invocation_home')}` : '')),
        stat(number(player.statue_supply), t('haleakala.player.statues'), t('haleakala.player.statues_title')),
        stat(number(player.statues_on_board), t('haleakala.player.on_island'), t('haleakala.player.on_island_title')),
        stat(number(player.baskets), t('haleakala.player.baskets'), t('haleakala.player.baskets_title')),
        stat(number(player.shells), t('haleakala.player.shells'), t('haleakala.player.shells_title')),
      ),
      chips.length
        ? h('div', { class: 'hk-collection', 'aria-label': t('haleakala.player.collection_of', { player: names[seat] }) }, ...chips, player.butterflies ? h('span', { class: 'hk-wings', title: t('haleakala.player.butterflies_title') }, picture(icon('butterfly'), 32, 16), number(player.butterflies)) : null)
        : null,
    );
  });
  el.replaceChildren(...rows);
}

/** The compact scoreboard of the top bar (phones).
 * @param {HTMLElement | undefined} el
 * @param {HaleakalaView} view @param {Turn} turn
 * @param {{names: string[]}} options
 * @returns {void} */
export function renderScoreline(el, view, turn, { names }) {
  if (!el) return;
  el.replaceChildren(
    ...view.players.map((player, seat) =>
      h(
        'span',
        {
          class: `scoreline-item p${seat}${view.decider === seat && !turn.over ? ' to-move' : ''}`,
          'aria-label': t('haleakala.aria.scoreline', { player: names[seat], score: view.scores[seat], statues: player.statues_on_board }),
        },
        token(seat, 14),
        h('b', {}, number(view.scores[seat])),
        h('span', { class: 'scoreline-unit' }, t('haleakala.player.points_short')),
      ),
    ),
  );
}

/** The round, and the two scorings done or to come.
 * @param {HTMLElement | undefined} el
 * @param {HaleakalaView} view @param {Turn} turn
 * @returns {void} */
export function renderRound(el, view, turn) {
  if (!el) return;
  const dots = h('ol', { class: 'round-dots', 'aria-hidden': 'true' });
  for (let r = 1; r <= 2; r++) {
    const state = view.scorings.some((s) => s.round === r) ? 'done' : r === view.round && !turn.over ? 'current' : '';
    dots.append(h('li', { class: state }, String(r)));
  }
  const label = turn.over ? t('haleakala.round.over') : t('haleakala.round.label', { round: view.round });
  el.replaceChildren(h('span', { class: 'round-label' }, turn.over ? label : t('haleakala.round.name')), dots);
  el.setAttribute('aria-label', label);
  el.classList.toggle('final', Boolean(turn.over));
}

// -- the viewer's reserve ---------------------------------------------------------

/** The discs in the viewer's reserve, as buttons: [{value, choice,
 * selected}] and the invocation disc ({choice, selected} or null); none
 * (null) while the cards or the purchases take their place.
 * @param {HTMLElement | undefined} el
 * @param {HaleakalaView} view
 * @param {Hand | null} hand
 * @param {{viewer: number | null, onPick: (item: HandDisc | InvokeDisc) => void, onChoice: (choice: string) => void}} options
 * @returns {void} */
export function renderHand(el, view, hand, { viewer, onPick, onChoice }) {
  if (!el) return;
  if (viewer === null || viewer === undefined) {
    el.replaceChildren(h('p', { class: 'hand-empty' }, t('haleakala.hand.spectator')));
    return;
  }
  if (!hand) {
    el.replaceChildren();
    return;
  }
  const player = view.players[viewer];
  const row = h('div', { class: 'hk-reserve', role: 'group', 'aria-label': t('haleakala.hand.title') });
  for (const item of hand.discs) {
    row.append(discButton(viewer, item.value, item, onPick));
  }
  if (hand.invoke) row.append(discButton(viewer, null, hand.invoke, onPick));
  if (!hand.discs.length && !hand.invoke) row.append(h('p', { class: 'hand-empty' }, t('haleakala.hand.empty')));
  if (hand.takes && hand.takes.length) {
    // The discs on the beaches that can come back, after a separator.
    row.append(h('span', { class: 'hk-back-label', 'aria-hidden': 'true' }, t('haleakala.hand.take_back')));
    for (const item of hand.takes) {
      row.append(
        h(
          'button',
          {
            type: 'button',
            class: `hk-disc-btn back p${viewer} target`,
            'data-choice': item.choice,
            'data-key': `back-${item.value}`,
            'aria-label': item.label,
            title: item.label,
            onclick: () => onChoice(item.choice),
          },
          discPicture(viewer, item.value),
        ),
      );
    }
  }
  const away = player.invocation !== null && player.invocation !== 'reserve';
  el.replaceChildren(
    h('h2', { class: 'section-title' }, t('haleakala.hand.title'), away ? h('span', { class: 'count' }, t('haleakala.hand.invocation_away', { beach: shown(/** @type {number} */ (player.invocation)) })) : null),
    row,
  );
}

/** A disc of the reserve (value null: the invocation disc) as a button.
 * @param {number} seat
 * @param {number | null} value
 * @param {HandDisc | InvokeDisc} item
 * @param {(item: HandDisc | InvokeDisc) => void} onPick */
function discButton(seat, value, item, onPick) {
  const invocation = value === null;
  let label = invocation ? t('haleakala.aria.invocation') : t('haleakala.aria.disc', { value });
  if (item.selected) label = invocation ? t('haleakala.aria.invocation_selected') : t('haleakala.aria.disc_selected', { value });
  else if (item.label) label = item.label;
  return h(
    'button',
    {
      type: 'button',
      class: `hk-disc-btn p${seat}${item.choice ? ' target' : ''}${item.selected ? ' selected' : ''}${!item.choice && !item.selected ? ' idle' : ''}${invocation ? ' invocation' : ''}`,
      'data-choice': item.choice || null,
      'data-key': invocation ? 'invoke' : `disc-${value}`,
      'aria-pressed': String(Boolean(item.selected)),
      'aria-disabled': !item.choice && !item.selected ? 'true' : null,
      'aria-label': label,
      title: label,
      onclick: () => onPick(item),
    },
    discPicture(seat, value),
  );
}

// -- the current choice: a card, a purchase -----------------------------------------

/** The cards to choose from, or the purchases; nothing otherwise.
 * @param {HTMLElement | undefined} el
 * @param {HaleakalaView} view
 * @param {Market | null} market
 * @param {{onChoice: (choice: string) => void}} options
 * @returns {void} */
export function renderMarket(el, view, market, { onChoice }) {
  if (!el) return;
  el.classList.remove('hk-market');
  if (!market) {
    el.replaceChildren();
    return;
  }
  el.classList.add('hk-market');
  if (market.kind === 'pick') {
    const cards = market.options.map((option) =>
      h(
        'button',
        {
          type: 'button',
          class: 'hk-pick target',
          'data-choice': option.choice,
          'data-key': `pick-${option.slot}`,
          'aria-label': t('haleakala.aria.pick', { card: cardName(option.card) }),
          onclick: () => onChoice(option.choice),
        },
        picture(cardFace(option.card, 0, 0, 58, 76), 64, 46, 'card'),
        h('span', { class: 'hk-pick-name' }, cardName(option.card)),
      ),
    );
    el.replaceChildren(h('div', { class: 'hk-choice-row', role: 'group', 'aria-label': t('haleakala.market.pick') }, ...cards));
    return;
  }
  if (market.kind === 'buy') {
    const items = [...market.options].sort((a, b) => ITEM_ORDER.indexOf(a.item) - ITEM_ORDER.indexOf(b.item));
    const buttons = items.map((option) =>
      h(
        'button',
        {
          type: 'button',
          class: 'hk-buy target',
          'data-choice': option.choice,
          'data-key': `buy-${option.item}`,
          'aria-label': t('haleakala.aria.buy', { item: itemName(option.item), cost: shellCost(option.cost), about: t(`haleakala.item_about.${option.item.toLowerCase()}`) }),
          title: t(`haleakala.item_about.${option.item.toLowerCase()}`),
          onclick: () => onChoice(option.choice),
        },
        picture(itemCard(option.item, option.cost, 0, 0, 40, 52), 56, 36, 'item'),
        h('span', { class: 'hk-buy-text' }, h('b', {}, itemName(option.item)), h('small', {}, `${shellCost(option.cost)} · ${t(`haleakala.item_about.${option.item.toLowerCase()}`)}`)),
      ),
    );
    el.replaceChildren(h('div', { class: 'hk-choice-list', role: 'group', 'aria-label': t('haleakala.market.buy') }, ...buttons));
  }
}

// -- the action bar ------------------------------------------------------------------

/** What to do now, and the buttons of the moves that need no target.
 * @param {HTMLElement | undefined} el
 * @param {{hint: string, buttons: Button[], canCancel: boolean, interactive: boolean, onChoice: (choice: string) => void, onCancel: () => void}} options
 * @returns {void} */
export function renderActions(el, { hint, buttons, canCancel, interactive, onChoice, onCancel }) {
  if (!el) return;
  const nodes = [];
  for (const button of buttons) {
    nodes.push(
      h(
        'button',
        { class: `btn hk-btn ${button.kind}`, type: 'button', 'data-choice': button.choice, 'data-key': `btn-${button.kind}`, 'aria-label': button.label || null, onclick: () => onChoice(button.choice) },
        button.text,
      ),
    );
  }
  if (canCancel) nodes.push(h('button', { class: 'btn ghost', type: 'button', 'data-key': 'btn-cancel', onclick: onCancel }, t('haleakala.action.cancel')));
  const hintLine = h('p', { class: 'hint', 'aria-live': 'polite' }, interactive ? hint : '');
  if (nodes.length) el.replaceChildren(hintLine, h('div', { class: 'action-buttons' }, ...nodes));
  else el.replaceChildren(hintLine);
  el.classList.toggle('idle', !interactive);
}

// -- the end of the game ----------------------------------------------------------------

/** What a score card scored on, in words.
 * @param {ScoringPlayer['score_cards'][number]} card */
function detailOf(card) {
  const d = card.detail;
  switch (card.card) {
    case 'SC_BUTTERFLY':
      return plural('haleakala.end.butterfly_count', /** @type {number} */ (d));
    case 'SC_MAJORITY':
      return Array.isArray(d) && d.length ? d.map((terrain) => t(`haleakala.terrain.${terrain}`)).join(', ') : t('haleakala.end.no_majority');
    case 'SC_SECTION':
      return Array.isArray(d) && d.length ? plural('haleakala.end.section_count', d.length, { list: d.map((s) => shown(s)).join(', ') }) : t('haleakala.end.no_section');
    case 'SC_FOREST':
    case 'SC_MOUNTAIN':
      return plural('haleakala.end.statue_count', /** @type {number} */ (d));
    default:
      return '';
  }
}

/** @param {number} points */
const signed = (points) => (points > 0 ? `+${points}` : '0');

/** A cell of points, and what they come from.
 * @param {number} points @param {...(string | Node | (string | Node)[])} detail */
function cell(points, ...detail) {
  return h('td', {}, h('span', { class: 'points' }, signed(points)), detail.length ? h('small', { class: 'hk-detail' }, ...detail) : null);
}

/** A list of details, one per line.
 * @param {(string | Node)[]} items
 * @returns {(string | Node)[]} */
function lines(items) {
  return items.flatMap((item, i) => (i ? [h('br'), item] : [item]));
}

/** Every point of the game: the scorings side by side, then each scoring
 * item by item.
 * @param {HaleakalaView} view
 * @param {HaleakalaResult | null} result
 * @param {string[]} names
 * @returns {HTMLElement} */
export function endDetails(view, result, names) {
  const seats = [0, 1];
  /** @type {Partial<NonNullable<HaleakalaResult['breakdown']>>} */
  const breakdown = (result && result.breakdown) || {};
  const scorings = breakdown.scorings || view.scorings || [];
  const winners = (result && result.winners) || [];
  const scores = (result && result.scores) || view.scores;
  const head = () => h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''), ...seats.map((seat) => h('th', { scope: 'col' }, token(seat, 16), ' ', names[seat]))));
  /** @param {Scoring} scoring */
  const titleOf = (scoring) => (scoring.truncated ? t('haleakala.end.truncated', { label: scoringLabel(scoring.round) }) : scoringLabel(scoring.round));

  // The totals at a glance.
  const summary = h('table', { class: 'end-table hk-end-summary' }, head());
  const rows = h('tbody');
  for (const scoring of scorings) {
    rows.append(h('tr', {}, h('th', { scope: 'row' }, titleOf(scoring)), ...seats.map((seat) => h('td', {}, h('span', { class: 'points' }, signed(scoring.players[seat].total))))));
  }
  if (!scorings.length) rows.append(h('tr', {}, h('td', { colspan: '3' }, t('haleakala.end.no_scoring'))));
  summary.append(rows);
  summary.append(h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, t('haleakala.end.total')), ...seats.map((seat) => h('td', { class: winners.includes(seat) ? 'win' : '' }, number(scores[seat]))))));

  // Each scoring, item by item.
  const table = h('table', { class: 'end-table hk-end-table' });
  for (const scoring of scorings) {
    const body = h('tbody', { class: 'hk-scoring' });
    body.append(h('tr', { class: 'hk-scoring-head' }, h('th', { scope: 'rowgroup', colspan: '3' }, titleOf(scoring))));
    if ((scoring.burned && scoring.burned.length) || (scoring.protected && scoring.protected.length)) {
      /** @type {string[]} */
      const parts = [];
      for (const burn of scoring.burned || []) parts.push(t('haleakala.end.burned', { player: names[burn.owner], space: spaceName(burn.space) }));
      for (const space of scoring.protected || []) parts.push(t('haleakala.end.protected', { space: spaceName(space) }));
      body.append(h('tr', { class: 'hk-eruption-row' }, h('td', { colspan: '3' }, t('haleakala.end.eruption', { list: parts.join(' ; ') }))));
    }
    const second = scoring.round >= 2 || scoring.truncated;
    /** @type {[string, (entry: ScoringPlayer) => HTMLElement][]} */
    const items = [
      ['statues', (e) => cell(e.statue_points, e.statues.length ? lines(e.statues.map((x) => t('haleakala.end.statue_points', { space: spaceShort(x.space), points: x.points }))) : t('haleakala.end.none'))],
      ['fish', (e) => cell(e.fish_points, plural('haleakala.end.basket_count', e.baskets))],
      ['pearls', (e) => cell(e.pearl_points, e.pearls.length ? e.pearls.map(cardName).join(' + ') : t('haleakala.end.none'))],
    ];
    if (second) items.push(['nautilus', (e) => cell(e.nautilus_points, plural('haleakala.end.nautilus_count', e.nautilus))]);
    items.push([
      'score_cards',
      (e) =>
        cell(
          e.score_cards.reduce((a, c) => a + c.points, 0),
          ...(e.score_cards.length ? lines(e.score_cards.map((c) => t('haleakala.end.card_points', { item: itemName(c.card), detail: detailOf(c), points: signed(c.points) }))) : [t('haleakala.end.none')]),
        ),
    ]);
    if (second) items.push(['shells', (e) => cell(e.shell_points, plural('haleakala.end.shell_count', e.shells))]);
    for (const [name, render] of items) {
      body.append(h('tr', {}, h('th', { scope: 'row' }, t(`haleakala.end.${name}`)), ...seats.map((seat) => render(scoring.players[seat]))));
    }
    body.append(h('tr', { class: 'hk-subtotal' }, h('th', { scope: 'row' }, t('haleakala.end.subtotal')), ...seats.map((seat) => h('td', {}, h('span', { class: 'points' }, signed(scoring.players[seat].total))))));
    table.append(body);
  }
  const statues = breakdown.statues_on_board || view.players.map((p) => p.statues_on_board);
  const notes = [h('p', { class: 'end-note' }, t('haleakala.end.statues_on_board', { list: seats.map((seat) => `${names[seat]} (${statues[seat]})`).join(' · ') }))];
  if (breakdown.first_player !== undefined && breakdown.first_player !== null) {
    notes.push(h('p', { class: 'end-note' }, t('haleakala.end.first_player', { player: names[breakdown.first_player] })));
  }
  const details = scorings.length
    ? h('details', { class: 'hk-end-more', open: ROOMY.matches }, h('summary', {}, t('haleakala.end.details')), h('div', { class: 'hk-end-scroll', tabindex: '0', 'aria-label': t('haleakala.end.details') }, table))
    : null;
  return h('div', { class: 'end-details hk-end' }, summary, details, ...notes);
}
