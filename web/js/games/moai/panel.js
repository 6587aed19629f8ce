// @ts-check
// Moai's panels in HTML: the clans (camp, cards, wood, boats, Moai, bid,
// epoch card), the round, the viewer's cards and camp, the epoch display, the
// action bar and the end-of-game breakdown. Each function redraws one
// container from the view and the targets moai.js computed.

import { t, plural, number } from '../../i18n.js';
import { svg, shapePath } from '../../board-svg.js';
import { token, seatStyle } from '../../players.js';
import { h } from '../../dom.js';
import { playerArticle, handRow } from '../renderer-common.js';
import { cardName, cardsText, effectText, kindName, heightHidden, visibleMoai, countBoard } from './log.js';
import { isToMove, isWinner } from '../../turn-words.js';

/** @typedef {import('../../state.js').Turn} Turn */

/** @typedef {import('./types.js').MoaiView} MoaiView */
/** @typedef {import('./types.js').MoaiResult} MoaiResult */
/** @typedef {import('./types.js').ScoreRow} ScoreRow */
/** @typedef {import('./types.js').EpochCard} EpochCard */
/** @typedef {import('./types.js').Tile} Tile */

/** A card of the hand as drawn: select.js's, with its name (`label`) and
 * whether a suggested move plays it.
 * @typedef {import('./select.js').HandCard & {suggested?: boolean, label?: string | null}} DrawnCard */
/** The camp's pieces of one strength as drawn (see DrawnCard).
 * @typedef {import('./select.js').CampChip & {suggested?: boolean, label?: string | null}} DrawnChip */
/** A button of the action bar in words: its text, the move it plays
 * (none: "cancel"), its look (`kind`), the clan it names (`seat`).
 * @typedef {object} DrawnButton
 * @property {string} text
 * @property {string | null} choice
 * @property {string} key
 * @property {string} [kind]
 * @property {number} [seat]
 * @property {string | null} [label]
 * @property {boolean} [suggested]
 * @property {boolean} [cancel]
 */

// -- small pictures ------------------------------------------------------------------

/** @type {Record<string, string>} */
const ICONS = {
  camp: 'M4 19 L12 6 L20 19Z M10 19 L12 14 L14 19',
  pieces: 'M8 20h8l-1.5-6a3.5 3.5 0 1 0-5 0Z',
  wood: 'M3 10h15a3 3 0 0 1 0 6H3a3 3 0 0 1 0-6Z M18 10a3 3 0 0 0 0 6',
  cards: 'M7 4h10a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Z M3 7v11',
  boat: 'M3 13h18l-3 6H6Z M12 3v10 M12 4l6 7h-6',
  moai: 'M8 21V11c0-5 1.5-7 4-7s4 2 4 6l1 2-1 1v8Z M10 12h4',
  hut: 'M3 12 L12 4 L21 12 M5 11v9h14v-9 M10 20v-5h4v5',
  palm: 'M12 21c0-6 1-10 0-13 M12 8c-3-3-7-3-9-1 3 0 6 1 9 1 M12 8c3-3 7-3 9-1-3 0-6 1-9 1 M12 8c-1-3-4-5-7-5 2 1 5 3 7 5 M12 8c1-3 4-5 7-5-2 1-5 3-7 5',
  draw: 'M6 3h9a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z M19 7v13H9',
};

/** One of the panels' small pictures (ICONS), 24 × 24.
 * @param {string} name
 * @param {string} [cls]
 * @returns {SVGElement} */
export function icon(name, cls = '') {
  return svg('svg', { class: `mo-icon ${cls}`.trim(), viewBox: '0 0 24 24', 'aria-hidden': 'true' }, svg('path', { d: ICONS[name] }));
}

/** A piece as a small HTML tile (camp, panels): colour, mark, strength.
 * @param {number} seat
 * @param {number | null | undefined} strength
 * @param {{count?: number, faceDown?: boolean}} [options]
 * @returns {HTMLElement} */
export function pieceBadge(seat, strength, { count = 1, faceDown = false } = {}) {
  const style = seatStyle(seat);
  return h(
    'span',
    { class: `mo-badge p${seat}${faceDown ? ' down' : ''}`, 'aria-hidden': 'true' },
    svg('svg', { class: 'mo-badge-mark', viewBox: '0 0 20 20' }, svg('path', { d: shapePath(style.shape, 10, 10.5, 15) })),
    h('b', {}, strength === null || strength === undefined ? '?' : String(strength)),
    count > 1 ? h('small', {}, `×${count}`) : null,
  );
}

/** How many times each value comes, by value.
 * @param {number[]} values
 * @returns {[number, number][]} */
function counts(values) {
  /** @type {Map<number, number>} */
  const map = new Map();
  for (const v of values) map.set(v, (map.get(v) || 0) + 1);
  return [...map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

// -- epoch cards ------------------------------------------------------------------------

/** @type {Record<string, string>} */
const TYPE_CLASS = { neutral: 'neutral', boat: 'boat', disaster: 'disaster', end: 'end' };

/** An epoch card: its name, type, the cards drawn, the huts, the palm and
 * the effect; a button when it can be taken. */
/**
 * @param {EpochCard} card
 * @param {{choice?: string | null, key?: string, small?: boolean, taken?: boolean, marked?: boolean, label?: string | null,
 *   onClick?: (() => void) | null}} [options]
 * @returns {HTMLElement}
 */
export function epochCard(card, { choice, key, small = false, taken = false, marked = false, label, onClick } = {}) {
  const clickable = Boolean(onClick && choice);
  const name = cardName(card.id);
  const words = effectText(card);
  const aria =
    label ||
    t('moai.aria.epoch', { name, id: card.id, cards: card.cards, huts: card.huts, effect: words }) + (card.palm ? ` ${t('moai.aria.palm')}` : '');
  return h(
    clickable ? 'button' : 'div',
    {
      class: `mo-epoch ${TYPE_CLASS[card.type] || ''}${small ? ' small' : ''}${clickable ? ' target' : ''}${taken ? ' taken' : ''}${marked ? ' last-card' : ''}`,
      type: clickable ? 'button' : null,
      'data-choice': clickable ? choice : null,
      'data-key': key || null,
      'data-card': card.id,
      role: clickable ? null : 'img',
      'aria-label': aria,
      title: aria,
      onclick: clickable ? onClick : null,
    },
    h('span', { class: 'mo-epoch-band' }, h('span', { class: 'mo-epoch-type' }, t(`moai.type.${card.type}`))),
    h('span', { class: 'mo-epoch-name' }, name),
    card.type === 'end'
      ? null
      : h(
          'span',
          { class: 'mo-epoch-numbers' },
          h('span', { class: 'mo-num', title: t('moai.epoch.cards_title') }, icon('draw'), String(card.cards)),
          h('span', { class: 'mo-num', title: t('moai.epoch.huts_title') }, icon('hut'), String(card.huts)),
        ),
    h('span', { class: 'mo-epoch-id' }, card.palm ? icon('palm', 'palm') : null, card.id),
  );
}

// -- the clans ------------------------------------------------------------------------------

/** A clan's count, its icon, its value and a word for what it counts.
 * @param {string} name
 * @param {string} value
 * @param {string} label
 * @param {string} short */
function stat(name, value, label, short) {
  return h(
    'li',
    { class: 'mo-stat', title: label, 'aria-label': `${label} ${value}` },
    h('span', { class: 'mo-stat-value' }, icon(name), h('span', {}, value)),
    h('span', { class: 'mo-stat-label', 'aria-hidden': 'true' }, short),
  );
}

/** A Moai tile of a clan: its height, or "?" while it is hidden.
 * @param {Tile} tile
 * @param {boolean} own   the viewer's */
function tileChip(tile, own) {
  if (heightHidden(tile)) return h('span', { class: 'mo-tile-chip down', title: t('moai.player.tile_hidden') }, '?');
  const title = !tile.face_down ? '' : own ? t('moai.player.tile_own_hidden') : t('moai.player.tile_revealed');
  return h('span', { class: `mo-tile-chip${tile.face_down ? ' mine-down' : ''}`, title }, `${tile.height}`);
}

/** A bid laid or revealed, in words (the second line of a clan).
 * @param {MoaiView} view
 * @param {number} seat */
function bidLine(view, seat) {
  const bid = view.bids && view.bids[seat];
  if (!bid || view.phase !== 'bird_man' || !bid.cards) return null;
  return h('span', { class: 'mo-bid shown' }, t('moai.player.bid', { cards: cardsText(bid.cards), value: bid.value }));
}

/** A bid still secret: a small mark beside the name (choosing, or chosen).
 * @param {MoaiView} view
 * @param {number} seat */
function bidMark(view, seat) {
  const bid = view.bids && view.bids[seat];
  if (!bid || view.phase !== 'bird_man' || bid.cards) return null;
  const chosen = bid.status === 'chosen';
  const text = chosen ? t('moai.player.bid_chosen') : t('moai.player.bid_choosing');
  return h('span', { class: `mo-bid-mark${chosen ? ' chosen' : ''}`, title: text, 'aria-label': text }, chosen ? '✓' : '…');
}

/** The clans, one article each (`lastCards`: the epoch cards of the
 * latest moves, marked).
 * @param {HTMLElement | undefined} el
 * @param {MoaiView} view @param {Turn} turn
 * @param {{names: string[], viewer: number | null, lastCards?: string[]}} options
 * @returns {void} */
export function renderPlayers(el, view, turn, { names, viewer, lastCards = [] }) {
  if (!el) return;
  const rows = [];
  const n = view.players;
  for (let seat = 0; seat < n; seat++) {
    const toMove = isToMove(turn, seat);
    const position = view.order.indexOf(seat);
    const moai = visibleMoai(view, seat);
    const tiles = (view.moai.tiles[seat] || []).map((tile) => tileChip(tile, seat === viewer));
    const taken = view.epoch.taken[seat];
    const boats = view.boats.filter((b) => b.owner === seat).length;
    const onBoard = countBoard(view, seat);
    const known = seat === viewer ? null : view.known_camps[seat] || [];
    const winner = isWinner(turn, seat);
    const camp = view.camps[seat];
    rows.push(
      playerArticle(
        { seat, name: names[seat], kind: 'mo-player', toMove, viewer, winner, size: 20 },
        [
          position >= 0 ? h('span', { class: 'mo-position', title: t('moai.player.position_title', { position: position + 1 }) }, `${position + 1}`) : null,
          bidMark(view, seat),
          view.bird_man === seat ? h('span', { class: 'mo-birdman-flag', role: 'img', title: t('moai.player.birdman'), 'aria-label': t('moai.player.birdman') }, birdIcon()) : null,
          h(
            'ul',
            { class: 'mo-stats' },
            stat('camp', String(camp), t('moai.player.camp'), t('moai.player.camp_short')),
            stat('pieces', String(onBoard), t('moai.player.board'), t('moai.player.board_short')),
            stat('wood', String(view.wood.stocks[seat]), t('moai.player.wood'), t('moai.player.wood_short')),
            stat('cards', String(view.hand_sizes[seat]), t('moai.player.cards'), t('moai.player.cards_short')),
            boats ? stat('boat', String(boats), t('moai.player.boats'), t('moai.player.boats_short')) : null,
          ),
          h(
            'span',
            { class: 'mo-moai-total', title: t('moai.player.moai_title'), 'aria-label': plural('moai.aria.moai', moai.count, { metres: moai.metres, hidden: moai.hidden }) },
            icon('moai'),
            `${number(moai.metres)} m`,
            moai.hidden ? h('small', {}, ` +${moai.hidden}?`) : null,
          ),
        ],
        h(
          'div',
          { class: 'mo-player-line' },
          bidLine(view, seat),
          taken ? epochChip(taken, lastCards.includes(taken.id)) : null,
          tiles.length ? h('span', { class: 'mo-tiles', 'aria-label': t('moai.player.tiles') }, ...tiles) : null,
          known && known.length ? h('span', { class: 'mo-known', title: t('moai.player.known_title') }, t('moai.player.known'), ...counts(known).map(([s, c]) => pieceBadge(seat, s, { count: c }))) : null,
        ),
      ),
    );
  }
  el.replaceChildren(...rows);
}

/** The bird-man's frigate bird, as the board draws it. */
function birdIcon() {
  return svg('svg', { class: 'mo-icon bird', viewBox: '-16 -12 32 24', 'aria-hidden': 'true' }, svg('path', { d: 'M-14,-2 Q-8,-9 0,-2 Q8,-9 14,-2 Q8,-4 2,3 L0,7 L-2,3 Q-8,-4 -14,-2Z' }));
}

/** A clan's epoch card, small.
 * @param {EpochCard} card
 * @param {boolean} marked */
function epochChip(card, marked) {
  return h(
    'span',
    { class: `mo-epoch-chip ${TYPE_CLASS[card.type] || ''}${marked ? ' last-card' : ''}`, 'data-card': card.id, title: `${cardName(card.id)} — ${effectText(card)}` },
    cardName(card.id),
    h('small', {}, ` ${card.cards}/${card.huts}`),
  );
}

/** The compact scoreboard of the top bar (phones): each clan's visible Moai.
 * @param {HTMLElement | undefined} el
 * @param {MoaiView} view @param {Turn} turn
 * @param {{names: string[]}} options
 * @returns {void} */
export function renderScoreline(el, view, turn, { names }) {
  if (!el) return;
  const items = [];
  for (let seat = 0; seat < view.players; seat++) {
    const moai = visibleMoai(view, seat);
    items.push(
      h(
        'span',
        {
          class: `scoreline-item p${seat}${isToMove(turn, seat) ? ' to-move' : ''}`,
          'aria-label': plural('moai.aria.scoreline', moai.count, { player: names[seat], metres: moai.metres }),
        },
        token(seat, 14),
        h('b', {}, number(moai.metres)),
        h('span', { class: 'mo-unit' }, 'm'),
      ),
    );
  }
  el.replaceChildren(...items);
}

/** The round and its step.
 * @param {HTMLElement | undefined} el
 * @param {MoaiView} view @param {Turn} turn
 * @returns {void} */
export function renderRound(el, view, turn) {
  if (!el) return;
  const step = turn.over ? t('moai.step.over') : t(`moai.step.${view.step}`);
  const label = turn.over
    ? t('moai.round.over')
    : view.final_round
      ? t('moai.round.final', { round: view.round, step })
      : t('moai.round.label', { round: view.round, step });
  // replaceChildren would write a null out as the word "null".
  el.replaceChildren(...[
    h('span', { class: 'round-label' }, turn.over ? t('moai.round.over') : t('moai.round.short', { round: view.round })),
    turn.over ? null : h('span', { class: 'mo-step' }, step),
  ].filter(Boolean));
  el.setAttribute('aria-label', label);
  el.classList.toggle('final', Boolean(view.final_round) || Boolean(turn.over));
}

// -- the viewer's cards and camp --------------------------------------------------------------

/** `cards`: [{index, kind, choice, selected}], `camp`: [{strength, count,
 * choice, selected, part}].
 * @param {HTMLElement | undefined} el
 * @param {MoaiView} view
 * @param {{cards: DrawnCard[], camp: DrawnChip[], onCard: (card: DrawnCard) => void, onCamp: (chip: DrawnChip) => void}} options
 * @returns {void} */
export function renderHand(el, view, { cards, camp, onCard, onCamp }) {
  if (!el) return;
  const row = handRow(el, Boolean(view.hand), { spectator: t('moai.hand.spectator'), title: t('moai.hand.title'), className: 'mo-hand-cards' });
  if (!row) return;
  for (const card of cards) {
    const clickable = Boolean(card.choice) || card.selected;
    const value = card.kind === 'R' ? 1 : Number(card.kind);
    const label = card.selected
      ? t('moai.aria.card_selected', { card: kindName(card.kind) })
      : card.label || t('moai.aria.card', { card: kindName(card.kind), value });
    row.append(
      h(
        clickable ? 'button' : 'div',
        {
          class: `mo-card${card.kind === 'R' ? ' raid' : ''}${card.choice ? ' target' : ''}${card.selected ? ' selected' : ''}${!clickable ? ' idle' : ''}${card.suggested ? ' suggested' : ''}`,
          type: clickable ? 'button' : null,
          'data-choice': card.choice || null,
          'data-key': `card-${card.index}`,
          'aria-pressed': clickable ? String(Boolean(card.selected)) : null,
          'aria-label': label,
          role: clickable ? null : 'img',
          onclick: clickable ? () => onCard(card) : null,
        },
        // The value is drawn by the style sheet (data-text): a raid's
        // only text is its name, as its name for a screen reader.
        h('span', { class: 'mo-card-value', 'aria-hidden': 'true', 'data-text': card.kind === 'R' ? '1' : card.kind }),
        card.kind === 'R' ? h('span', { class: 'mo-card-raid' }, t('moai.cards.raid')) : h('span', { class: 'mo-card-dots' }, '•'.repeat(value)),
      ),
    );
  }
  if (!cards.length) row.append(h('p', { class: 'hand-empty' }, t('moai.hand.empty')));
  const campRow = h('div', { class: 'mo-camp', role: 'group', 'aria-label': t('moai.hand.camp') });
  for (const chip of camp) {
    const clickable = Boolean(chip.choice) || chip.selected;
    campRow.append(
      h(
        clickable ? 'button' : 'div',
        {
          class: `mo-camp-chip${chip.choice ? ' target' : ''}${chip.selected ? ' selected' : ''}${chip.suggested ? ' suggested' : ''}`,
          type: clickable ? 'button' : null,
          'data-choice': chip.choice || null,
          'data-key': `camp-${chip.strength}`,
          'aria-pressed': clickable ? String(Boolean(chip.selected)) : null,
          'aria-label': chip.label || plural('moai.aria.camp_pieces', chip.count, { strength: chip.strength }),
          role: clickable ? null : 'img',
          onclick: clickable ? () => onCamp(chip) : null,
        },
        pieceBadge(/** @type {number} */ (view.viewer), chip.strength, { count: chip.count }),
      ),
    );
  }
  if (!camp.length) campRow.append(h('span', { class: 'hand-empty' }, t('moai.hand.camp_empty')));
  el.replaceChildren(
    h(
      'div',
      // While pieces are placed (or one is lost), the camp comes first.
      // On a phone the row scrolls sideways: the keyboard may scroll it too.
      { class: `mo-hand-row${view.step === 'work' || view.step === 'lose' ? ' camp-first' : ''}`, role: 'group', tabindex: '0', 'aria-label': t('text.moai.hand') },
      h('div', { class: 'mo-hand-part' }, h('h2', { class: 'section-title' }, t('moai.hand.title'), h('span', { class: 'count' }, number(cards.length))), row),
      h('div', { class: 'mo-hand-part camp' }, h('h2', { class: 'section-title' }, t('moai.hand.camp'), h('span', { class: 'count' }, number(view.camp ? view.camp.length : 0))), campRow),
    ),
  );
}

// -- the epoch display ----------------------------------------------------------------------

/** The cards revealed this round, while they are on display (`take`: an
 * epoch card's id → the text of the move that takes it).
 * @param {HTMLElement | undefined} el
 * @param {MoaiView} view
 * @param {{take: Map<string, string>, onChoice: (choice: string) => void, suggested: string | null}} options
 * @returns {void} */
export function renderMarket(el, view, { take, onChoice, suggested }) {
  if (!el) return;
  const display = view.epoch.display || [];
  el.classList.toggle('mo-market', true);
  if (!display.length) {
    el.replaceChildren();
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const row = h('div', { class: 'mo-display', role: 'group', 'aria-label': t('moai.market.display') });
  for (const card of display) {
    const choice = take.get(card.id) || null;
    const node = epochCard(card, {
      choice,
      key: `epoch-${card.id}`,
      label: choice ? t('moai.aria.take', { name: cardName(card.id), id: card.id, cards: card.cards, huts: card.huts, effect: effectText(card) }) : null,
      // Only a card that can be taken is clickable: its choice is there.
      onClick: () => onChoice(/** @type {string} */ (choice)),
    });
    if (suggested === card.id) node.classList.add('suggested');
    row.append(node);
  }
  // What each kind of card on display does, once per name.
  /** @type {Set<string>} */
  const seen = new Set();
  const legend = h('p', { class: 'mo-legend' });
  for (const card of display) {
    if (seen.has(card.name)) continue;
    seen.add(card.name);
    legend.append(h('span', {}, h('b', {}, `${cardName(card.id)} :`.replace(' :', t('moai.market.colon'))), ' ', effectText(card)));
  }
  el.replaceChildren(h('h2', { class: 'section-title' }, t('moai.market.display'), view.final_round ? h('span', { class: 'mo-final-note' }, t('moai.market.final')) : null), row, legend);
}

// -- the action bar ------------------------------------------------------------------------------

/** `buttons`: [{text, choice, key, kind, seat, label, suggested}]; those
 * without a choice (cancel) only act on the selection.
 * @param {HTMLElement | undefined} el
 * @param {{hint: string, buttons: DrawnButton[], interactive: boolean, onButton: (button: DrawnButton) => void}} options
 * @returns {void} */
export function renderActions(el, { hint, buttons, interactive, onButton }) {
  if (!el) return;
  const hintLine = h('p', { class: 'hint', 'aria-live': 'polite' }, interactive ? hint : '');
  const row = buttons.map((b) =>
    h(
      'button',
      {
        class: `btn ${b.kind || ''}${b.suggested ? ' suggested' : ''}`.trim(),
        type: 'button',
        'data-choice': b.choice || null,
        'data-key': b.key,
        'aria-label': b.label || null,
        onclick: () => onButton(b),
      },
      b.seat !== undefined && b.seat !== null ? token(b.seat, 16) : null,
      b.text,
    ),
  );
  if (row.length) el.replaceChildren(hintLine, h('div', { class: 'action-buttons mo-actions' }, ...row));
  else el.replaceChildren(hintLine);
  el.classList.toggle('idle', !interactive);
}

// -- the end of the game ---------------------------------------------------------------------------

/** Every point: each clan's Moai (tile by tile), survivors (board and
 * camp), wood (2 points each), and the total.
 * @param {MoaiView} view
 * @param {MoaiResult | null} result
 * @param {string[]} names
 * @returns {HTMLElement} */
export function endDetails(view, result, names) {
  const rows = (result && result.breakdown && result.breakdown.players) || [];
  const seats = rows.map((_, i) => i);
  const winners = (result && result.winners) || [];
  const table = h('table', { class: 'end-table mo-end' });
  table.append(
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('moai.end.what')), ...seats.map((seat) => h('th', { scope: 'col' }, token(seat, 16), ' ', names[seat])))),
  );
  const body = h('tbody');
  /** @param {string} label @param {(row: ScoreRow, seat: number) => (string | Node)[]} cell */
  const line = (label, cell) => body.append(h('tr', {}, h('th', { scope: 'row' }, label), ...seats.map((seat) => h('td', {}, ...cell(rows[seat], seat)))));
  line(t('moai.end.moai'), (row) => [
    row.tiles.length ? h('span', { class: 'mo-end-tiles' }, row.tiles.map((tile) => `${tile.height}${tile.face_down ? '*' : ''}`).join(' + ')) : h('span', { class: 'muted' }, '—'),
    h('span', { class: 'points' }, ` = ${row.moai}`),
  ]);
  line(t('moai.end.pieces'), (row) => [`${row.board} + ${row.camp}`, h('span', { class: 'points' }, ` = ${row.pieces}`)]);
  line(t('moai.end.wood'), (row) => [`${row.wood} × 2`, h('span', { class: 'points' }, ` = ${row.wood_points}`)]);
  table.append(body);
  table.append(
    h(
      'tfoot',
      {},
      h('tr', {}, h('th', { scope: 'row' }, t('moai.end.total')), ...seats.map((seat) => h('td', { class: winners.includes(seat) ? 'win' : '' }, number(rows[seat].total)))),
    ),
  );
  // A phone shows the same points as one card per clan, best first, instead
  // of a table five clans wide (the stylesheet shows one or the other).
  const order = [...seats].sort((a, b) => rows[b].total - rows[a].total || a - b);
  const cards = h(
    'ol',
    { class: 'mo-end-cards' },
    ...order.map((seat) => {
      const row = rows[seat];
      /** @param {string} label @param {...(string | Node)} value */
      const item = (label, ...value) => [h('dt', {}, label), h('dd', {}, ...value)];
      return h(
        'li',
        { class: winners.includes(seat) ? 'win' : '' },
        h('div', { class: 'mo-end-card-head' }, token(seat, 18), h('span', { class: 'mo-end-name' }, names[seat]), h('span', { class: 'mo-end-total' }, number(row.total))),
        h(
          'dl',
          {},
          ...item(t('moai.end.moai'), row.tiles.length ? row.tiles.map((tile) => `${tile.height}${tile.face_down ? '*' : ''}`).join(' + ') : '—', h('span', { class: 'points' }, ` = ${row.moai}`)),
          ...item(t('moai.end.pieces'), `${row.board} + ${row.camp}`, h('span', { class: 'points' }, ` = ${row.pieces}`)),
          ...item(t('moai.end.wood'), `${row.wood} × 2`, h('span', { class: 'points' }, ` = ${row.wood_points}`)),
        ),
      );
    }),
  );
  const notes = [h('p', { class: 'end-note' }, t('moai.end.rule'))];
  if (rows.some((row) => row.tiles.some((tile) => tile.face_down))) notes.push(h('p', { class: 'end-note' }, t('moai.end.hidden_note')));
  const toppled = (result && result.breakdown && result.breakdown.toppled) || [];
  if (toppled.length) notes.push(h('p', { class: 'end-note' }, plural('moai.end.toppled', toppled.length)));
  return h('div', { class: 'end-details' }, table, cards, ...notes);
}
