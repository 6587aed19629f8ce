// @ts-check
// Kanaloa's panels in HTML: the players (colours, bridges, islands, hands,
// god tablets), the round, the viewer's hand and tablet, the talon, the
// face-up cards and the discards, the action bar, and the end-of-game
// breakdown. Each function redraws one container from the view and the
// targets kanaloa.js computed.

import { t, plural, number, list } from '../../i18n.js';
import { svg, shapePath } from '../../board-svg.js';
import { token } from '../../players.js';
import { projection, palette, colourShape, colourWords, godIcon, whoOf } from './board.js';
import { h } from '../../dom.js';
import { playerArticle } from '../renderer-common.js';
import { backCard, islandCards, laneCount, handCardOptions, emptySlot, drawPile, discardPile, renderMarketRow } from '../archipelago-cards.js';
import { isToMove, isWinner } from '../../turn-words.js';

/** @typedef {import('../../state.js').Turn} Turn */

/** @typedef {import('./select.js').KanaloaView} KanaloaView */
/** @typedef {import('./select.js').KanaloaResult} KanaloaResult */
/** @typedef {import('./select.js').KanaloaTargets} KanaloaTargets */
/** @typedef {import('./select.js').KanaloaCardTarget} KanaloaCardTarget */
/** @typedef {import('./select.js').KanaloaStoneTarget} KanaloaStoneTarget */
/** @typedef {import('./select.js').KanaloaButton} KanaloaButton */
/** @typedef {import('./select.js').KanaloaColourPoints} KanaloaColourPoints */

/** The colours of a seat (two with two players).
 * @param {KanaloaView} view @param {number} seat */
const coloursOf = (view, seat) => view.colours.map((c, i) => (c.player === seat ? i : -1)).filter((i) => i >= 0);

/** A colour's swatch: a small plank with its mark.
 * @param {number} players
 * @param {number} colour
 * @param {number} [size]
 * @returns {SVGElement} */
export function swatch(players, colour, size = 22) {
  const p = palette(players, colour);
  return svg(
    'svg',
    { class: `kn-swatch p${p}`, viewBox: '0 0 28 16', width: size, height: Math.round((size * 16) / 28), 'aria-hidden': 'true' },
    svg('rect', { class: 'kn-swatch-wood', x: 1, y: 2, width: 26, height: 12, rx: 3 }),
    svg('path', { class: 'kn-swatch-mark', d: shapePath(colourShape(players, colour), 14, p === 0 ? 8.8 : 8, 9) }),
  );
}

// -- cards ----------------------------------------------------------------------

/** The links at an island. */
const linksOf = laneCount('links');

/** A face-up card, with a small map of the archipelago on which its island
 * is lit; a button when it can be clicked. */
const faceCard = islandCards({
  projection,
  lanes: (/** @type {KanaloaView} */ view) => view.links,
  frame: (proj) => `10 10 ${proj.width - 20} ${proj.height - 20}`,
  radius: (isle, lit) => {
    const r = isle.size === 'main' ? 62 : isle.size === 'small' ? 38 : 48;
    return lit ? r * 1.6 : r;
  },
  count: linksOf,
  countWords: (links) => plural('kanaloa.card.links', links),
  label: (name, links) => t('kanaloa.aria.card', { card: name, links }),
  classes: ['kn-card'],
  data: (name) => ({ 'data-card': name }),
});

// -- players ------------------------------------------------------------------------

/** @param {number} value @param {string} label @param {string} title */
function stat(value, label, title) {
  return h('span', { class: 'kn-stat', title }, h('b', {}, number(value)), ' ', label);
}

/** The stones on a tablet, as small icons with counts. */
/** @param {Record<string, number>} tablet @param {{label?: string}} [options] */
function tabletIcons(tablet, { label } = {}) {
  const items = [];
  for (const god of ['KANALOA', 'KU', 'PELE', 'LONO']) {
    const count = tablet[god] || 0;
    if (!count) continue;
    items.push(
      h(
        'span',
        { class: 'kn-tablet-item', title: t(`kanaloa.god.${god}.about`) },
        godIcon(god, 20),
        h('span', { class: 'kn-tablet-name' }, god),
        count > 1 ? h('b', {}, `×${count}`) : null,
      ),
    );
  }
  if (!items.length) return null;
  return h('div', { class: 'kn-tablet', 'aria-label': label }, ...items);
}

/** The players: each one's colours (bridges, islands), hand, tablet, and
 * where the set-up or the last turns stand.
 * @param {HTMLElement | undefined} el @param {KanaloaView} view @param {Turn} turn @param {{names: string[], viewer: number | null}} options
 * @returns {void} */
export function renderPlayers(el, view, turn, { names, viewer }) {
  if (!el) return;
  const n = view.players;
  const two = n === 2;
  const cards = [];
  for (let seat = 0; seat < n; seat++) {
    const toMove = isToMove(turn, seat);
    const size = view.hand_sizes[seat] || 0;
    const known = (view.known_hands && view.known_hands[seat]) || [];
    const winner = isWinner(turn, seat);
    const own = coloursOf(view, seat);
    const score = view.player_scores[seat];

    const colourRows = own.map((c) =>
      h(
        'div',
        { class: `kn-colour p${palette(n, c)}${view.active_colour === c && view.player === seat ? ' active' : ''}` },
        swatch(n, c),
        two ? h('span', { class: 'kn-colour-name' }, colourWords(n, c)) : null,
        two ? h('span', { class: 'kn-colour-score', title: t('kanaloa.player.colour_score_title') }, h('b', {}, number(view.scores[c])), ' ', t('kanaloa.player.points_short')) : null,
        stat(view.stock[c], plural('kanaloa.player.bridges_word', view.stock[c]), t('kanaloa.player.stock_title')),
        stat(view.controlled[c], plural('kanaloa.player.islands_word', view.controlled[c]), t('kanaloa.player.islands_title')),
      ),
    );

    const hand = h('div', { class: 'kn-hand-row', role: 'img', 'aria-label': plural('kanaloa.aria.hand_of', size, { player: names[seat] }) });
    if (seat !== viewer) {
      for (const card of known) hand.append(h('span', { class: 'chip known', title: t('kanaloa.player.known_title') }, card));
      for (let i = known.length; i < size; i++) hand.append(backCard('tiny'));
      if (!size) hand.append(h('span', { class: 'kn-stat' }, t('kanaloa.player.no_cards')));
    } else {
      hand.append(h('span', { class: 'kn-stat' }, size ? [h('b', {}, number(size)), ' ', plural('kanaloa.player.cards_word', size)] : t('kanaloa.player.no_cards')));
    }
    const hidden = view.discard_face_down[seat] || 0;
    if (hidden) hand.append(h('span', { class: 'kn-stat kn-hidden', title: t('kanaloa.player.hidden_title') }, h('b', {}, number(hidden)), ' ', t('kanaloa.player.hidden')));

    let state = null;
    if (view.phase === 'setup' && view.chosen) {
      state = view.chosen[seat] ? t('kanaloa.player.has_chosen') : t('kanaloa.player.choosing');
    } else if (view.final_phase && !turn.over) {
      const order = view.last_turn_order || [];
      if (view.last_turn_played[seat]) state = t('kanaloa.player.last_done', { n: order.indexOf(seat) + 1 });
      else state = t('kanaloa.player.last_to_come');
    }
    // With more than two, the cards are narrow: the turn is said on its own line.
    if (toMove && n > 2 && view.phase !== 'setup') state = state ? `${t('kanaloa.player.to_move')} · ${state}` : t('kanaloa.player.to_move');

    cards.push(
      playerArticle(
        { seat, name: names[seat], kind: 'kn-player', toMove, viewer, winner, size: 20, attrs: { 'data-seat': String(seat) } },
        [
          toMove && n === 2 ? h('span', { class: 'turn-flag' }, view.phase === 'setup' ? t('kanaloa.player.choosing_flag') : t('kanaloa.player.to_move')) : null,
          h(
            'span',
            { class: 'player-score', title: two ? t('kanaloa.player.weaker_title') : null, 'aria-label': two ? t('kanaloa.player.score_aria_two', { score }) : t('kanaloa.player.score_aria', { score }) },
            number(score),
            // Narrow cards (three or four players) show the number alone.
            n <= 2 ? h('small', {}, two ? t('kanaloa.player.weaker_short') : t('kanaloa.player.points_short')) : null,
          ),
        ],
        h('div', { class: 'kn-colours' }, ...colourRows),
        hand,
        view.gods ? tabletIcons(view.tablets[seat] || {}, { label: t('kanaloa.player.tablet_of', { player: names[seat] }) }) : null,
        state ? h('p', { class: `kn-state${toMove ? ' now' : ''}` }, state) : null,
      ),
    );
  }
  el.replaceChildren(h('div', { class: `kn-players n${n}` }, ...cards));
}

/** The compact scoreboard of the top bar (phones).
 * @param {HTMLElement | undefined} el @param {KanaloaView} view @param {Turn} turn @param {{names: string[]}} options
 * @returns {void} */
export function renderScoreline(el, view, turn, { names }) {
  if (!el) return;
  const n = view.players;
  const items = [];
  for (let seat = 0; seat < n; seat++) {
    const toMove = isToMove(turn, seat);
    const own = coloursOf(view, seat);
    items.push(
      h(
        'span',
        {
          class: `scoreline-item p${seat}${toMove ? ' to-move' : ''}`,
          'aria-label': t('kanaloa.aria.scoreline', { player: names[seat], score: view.player_scores[seat] }),
        },
        token(seat, 14),
        h('b', {}, number(view.player_scores[seat])),
        n === 2 ? h('span', { class: 'kn-scoreline-pair' }, own.map((c) => number(view.scores[c])).join('·')) : null,
      ),
    );
  }
  el.replaceChildren(...items);
}

/** The round: its dots, and its name (the set-up, the last turns, the end).
 * @param {HTMLElement | undefined} el @param {KanaloaView} view @param {Turn} turn
 * @returns {void} */
export function renderRound(el, view, turn) {
  if (!el) return;
  const dots = h('ol', { class: 'round-dots', 'aria-hidden': 'true' });
  for (let r = 1; r <= 2; r++) {
    const state = r < view.round || turn.over ? 'done' : r === view.round && view.phase === 'play' ? 'current' : '';
    dots.append(h('li', { class: state }, String(r)));
  }
  let label;
  if (turn.over) label = t('kanaloa.round.over');
  else if (view.phase === 'setup') label = t('kanaloa.round.setup');
  else if (view.final_phase) label = t('kanaloa.round.final');
  else label = t('kanaloa.round.label', { round: view.round });
  const visible = turn.over || view.final_phase || view.phase === 'setup' ? label : t('kanaloa.round.name');
  el.replaceChildren(h('span', { class: 'round-label' }, visible), dots);
  el.setAttribute('aria-label', label);
  el.classList.toggle('final', Boolean(view.final_phase) || Boolean(turn.over));
  el.classList.toggle('kn-setup', view.phase === 'setup');
}

// -- the viewer's hand and tablet ------------------------------------------------------

/** @param {KanaloaStoneTarget} stone @param {{onStone: (stone: KanaloaStoneTarget) => void, usableNow: boolean}} options */
function stoneButton(stone, { onStone, usableNow }) {
  const clickable = Boolean(stone.choice) || Boolean(stone.selected);
  const classes = ['kn-stone'];
  if (stone.choice) classes.push('target');
  if (stone.selected) classes.push('selected');
  if (!clickable) classes.push('idle');
  let label = t(`kanaloa.god.${stone.god}.use`);
  if (stone.selected) label = t('kanaloa.aria.stone_selected', { stone: stone.god });
  else if (!usableNow) label = t('kanaloa.aria.stone_later', { stone: stone.god });
  return h(
    'button',
    {
      type: 'button',
      class: classes.join(' '),
      'data-key': stone.key,
      'data-stone': stone.god,
      'data-choice': stone.choice || null,
      'aria-pressed': String(Boolean(stone.selected)),
      'aria-disabled': clickable ? null : 'true',
      'aria-label': label,
      title: t(`kanaloa.god.${stone.god}.about`),
      onclick: () => onStone(stone),
    },
    godIcon(stone.god, 30),
    h('span', { class: 'kn-stone-name' }, stone.god),
  );
}

/** The viewer's hand (and the set-up's card chosen) and the stones of their tablet.
 * @param {HTMLElement | undefined} el @param {KanaloaView} view @param {KanaloaTargets} all
 * @param {{names: string[], onPick: (card: KanaloaCardTarget) => void, onStone: (stone: KanaloaStoneTarget) => void}} options
 * @returns {void} */
export function renderHand(el, view, all, { names, onPick, onStone }) {
  if (!el) return;
  if (!view.hand) {
    el.replaceChildren(h('p', { class: 'hand-empty' }, t('kanaloa.hand.spectator')));
    return;
  }
  const row = h('div', { class: 'hand-cards', role: 'group', 'aria-label': t('kanaloa.hand.title') });
  for (const card of all.cards) {
    let label = t('kanaloa.aria.card', { card: card.name, links: linksOf(view, card.name) });
    if (card.selected) label = t('kanaloa.aria.card_selected', { card: card.name });
    else if (card.choice && !card.choice.startsWith('card:')) label = describe(card.choice, names);
    row.append(faceCard(view, card.name, handCardOptions(card, label, onPick)));
  }
  if (view.own_choice) {
    row.append(faceCard(view, view.own_choice, { extra: 'kn-chosen', label: t('kanaloa.aria.own_choice', { card: view.own_choice }) }));
  }
  if (!all.cards.length && !view.own_choice) row.append(h('p', { class: 'hand-empty' }, t('kanaloa.hand.empty')));

  const title = h('h2', { class: 'section-title' }, t('kanaloa.hand.title'), h('span', { class: 'count' }, number(view.hand.length)));
  const turn = view.turn;
  const head = h('div', { class: 'kn-hand-head' }, title);
  if (view.players === 2 && view.player === view.viewer && view.active_colour !== null && view.active_colour !== undefined) {
    head.append(h('span', { class: `kn-playing p${palette(2, view.active_colour)}` }, swatch(2, view.active_colour, 18), t('kanaloa.hand.playing', { colour: colourWords(2, view.active_colour) })));
  }
  if (turn && view.player === view.viewer && view.hand.length > turn.hand_cap) {
    head.append(h('span', { class: 'kn-over' }, t('kanaloa.hand.over', { cap: turn.hand_cap })));
  }
  const parts = [head, row];
  if (view.own_choice) parts.push(h('p', { class: 'kn-note' }, t('kanaloa.hand.chosen', { card: view.own_choice })));
  if (view.gods) {
    const usableNow = view.round === 2 && !view.final_phase;
    const stones = all.stones.map((stone) => stoneButton(stone, { onStone, usableNow }));
    const box = h(
      'div',
      { class: `kn-own-tablet${stones.length ? '' : ' empty'}`, role: 'group', 'aria-label': t('kanaloa.hand.tablet') },
      h('span', { class: 'kn-own-tablet-title' }, t('kanaloa.hand.tablet')),
      ...(stones.length ? stones : [h('span', { class: 'muted' }, t('kanaloa.hand.no_stones'))]),
      stones.length && !usableNow ? h('span', { class: 'kn-note' }, view.final_phase ? t('kanaloa.hand.stones_final') : t('kanaloa.hand.stones_later')) : null,
    );
    parts.push(box);
  }
  el.replaceChildren(...parts);
}

/** A move's text in words, for an accessible name.
 * @param {string} text @param {string[]} names */
function describe(text, names) {
  const words = text.split(' ');
  const kind = words[0];
  const link = (words[1] || '').replace('-', '–');
  if (kind === 'build') return words[2] === 'KANALOA' ? t('kanaloa.aria.build_kanaloa', { link }) : t('kanaloa.aria.build', { link, card: words[2] });
  if (kind === 'replace') return t('kanaloa.aria.replace', { link, cards: words.slice(2).join(' + ') });
  if (kind === 'give') return t('kanaloa.aria.give', { card: words[2], player: names[Number(words[1])] || '' });
  return text;
}

// -- talon, face-up cards and discards --------------------------------------------------

/** The talon, the face-up cards (at the set-up, the cards being chosen)
 * and the discards; or, while KU's card is stolen, the victim's hand.
 * @param {HTMLElement | undefined} el @param {KanaloaView} view @param {KanaloaTargets} all
 * @param {{names: string[], onChoice: (choice: string) => void}} options
 * @returns {void} */
export function renderMarket(el, view, all, { names, onChoice }) {
  if (!el) return;
  if (all.tray) {
    // KU: the hand of the opponent, to take one card from.
    const row = h('div', { class: 'kn-tray-cards', role: 'group', 'aria-label': t('kanaloa.tray.title', { player: names[all.tray.victim] }) });
    all.tray.cards.forEach((card, i) =>
      row.append(
        faceCard(view, card.name, {
          choice: card.choice,
          key: `tray-${i}`,
          label: card.choice ? t('kanaloa.aria.steal', { card: card.name, player: names[/** @type {{victim: number}} */ (all.tray).victim] }) : null,
          onClick: card.choice ? () => onChoice(/** @type {string} */ (card.choice)) : null,
        }),
      ),
    );
    el.replaceChildren(h('div', { class: 'kn-tray' }, h('p', { class: 'kn-tray-title' }, godIcon('KU', 22), t('kanaloa.tray.title', { player: names[all.tray.victim] })), row));
    return;
  }
  const lono = all.lono;
  const pile = drawPile(view.talon_size, {
    choice: all.draw,
    label: all.draw
      ? plural(lono ? 'kanaloa.aria.lono_draw' : 'kanaloa.aria.draw', view.talon_size)
      : plural('kanaloa.aria.talon', view.talon_size),
    onChoice,
  });

  const display = h('div', { class: 'display', role: 'group', 'aria-label': t('kanaloa.market.display') });
  if (view.phase === 'setup') {
    // The cards being chosen, face down until everyone has chosen.
    for (let slot = 0; slot < 4; slot++) {
      const chosen = view.chosen && slot < view.players ? view.chosen[slot] : null;
      const mine = slot === view.viewer && view.own_choice;
      let card;
      if (mine) card = faceCard(view, /** @type {string} */ (view.own_choice), { small: true, extra: 'kn-chosen', label: t('kanaloa.aria.own_choice', { card: view.own_choice }) });
      else if (chosen) card = h('span', { class: 'card back kn-setup-back', role: 'img', 'aria-label': t('kanaloa.aria.slot_chosen', { player: names[slot] }) }, h('span', { class: 'weave' }));
      else card = h('span', { class: 'card slot-empty', role: 'img', 'aria-label': slot < view.players ? t('kanaloa.aria.slot_waiting', { player: names[slot] }) : t('kanaloa.aria.slot_talon') });
      display.append(h('span', { class: 'kn-setup-slot' }, card, slot < view.players ? token(slot, 16) : null));
    }
  } else {
    const used = new Set();
    view.display.forEach((name, slot) => {
      if (!name) {
        display.append(emptySlot(t('kanaloa.aria.slot_empty', { slot: slot + 1 })));
        return;
      }
      // Two equal cards are one choice: the leftmost is the one taken.
      const take = !used.has(name) ? all.takes.find((m) => m.card === name) : null;
      used.add(name);
      display.append(
        faceCard(view, name, {
          choice: take ? take.choice : null,
          key: `slot-${slot}`,
          label: take ? t(lono ? 'kanaloa.aria.lono_take' : 'kanaloa.aria.take', { card: name }) : t('kanaloa.aria.card', { card: name, links: linksOf(view, name) }),
          onClick: take ? () => onChoice(take.choice) : null,
        }),
      );
    });
  }

  const faceUp = view.discard_face_up;
  const hiddenTotal = view.discard_face_down.reduce((a, b) => a + b, 0);
  const ownFaceDown = view.own_face_down && view.own_face_down.length ? view.own_face_down : null;
  renderMarketRow(el, {
    className: `market-row kn-market${lono ? ' lono' : ''}`,
    pile,
    display,
    discards: discardPile('kanaloa-discard-list', faceUp, hiddenTotal, {
      empty: t('kanaloa.market.discard_empty'),
      hidden: plural('kanaloa.market.hidden', hiddenTotal),
      label: plural('kanaloa.aria.discard', faceUp.length, { hidden: hiddenTotal }),
      more: ownFaceDown ? h('span', { class: 'muted kn-own-hidden' }, t('kanaloa.market.own_hidden', { cards: ownFaceDown.join(', ') })) : null,
    }),
    captions: {
      pile: t('kanaloa.market.talon'),
      display: view.phase === 'setup' ? t('kanaloa.market.setup') : lono ? t('kanaloa.market.lono') : t('kanaloa.market.display'),
      discards: t('kanaloa.market.discard'),
    },
  });
}

// -- the action bar -------------------------------------------------------------------------

/** @param {KanaloaView} view @param {KanaloaButton} button
 * @param {{names: string[], onChoice: (choice: string) => void, onCancel: () => void}} options */
function buttonFor(view, button, { names, onChoice, onCancel }) {
  const key = `btn-${button.key}`;
  const base = { type: 'button', 'data-key': key, 'data-choice': button.choice || null };
  switch (button.kind) {
    case 'cancel':
      return h('button', { ...base, class: 'btn ghost', onclick: onCancel }, t('kanaloa.action.cancel'));
    case 'confirm':
      return h('button', { ...base, class: 'btn primary', onclick: () => onChoice(button.choice) }, t('kanaloa.action.choose', { card: button.card }));
    case 'discard':
      return h(
        'button',
        { ...base, class: 'btn hide-btn', 'aria-label': t('kanaloa.aria.discard_card', { card: button.card }), onclick: () => onChoice(button.choice) },
        t('kanaloa.action.discard'),
      );
    case 'colour': {
      const c = /** @type {number} */ (button.colour);
      return h(
        'button',
        {
          ...base,
          class: `btn kn-colour-btn p${palette(view.players, c)}`,
          'aria-label': t('kanaloa.aria.colour', { colour: colourWords(view.players, c), stock: view.stock[c], score: view.scores[c] }),
          onclick: () => onChoice(button.choice),
        },
        swatch(view.players, c, 26),
        h('span', {}, t('kanaloa.action.colour', { colour: colourWords(view.players, c) })),
        h('small', {}, t('kanaloa.action.colour_detail', { stock: view.stock[c], score: view.scores[c] })),
      );
    }
    case 'ku':
      return h(
        'button',
        { ...base, class: 'btn kn-stone-btn', onclick: () => onChoice(button.choice) },
        token(/** @type {number} */ (button.player), 16),
        plural('kanaloa.action.ku', view.hand_sizes[/** @type {number} */ (button.player)] || 0, { player: names[/** @type {number} */ (button.player)] }),
      );
    case 'pele':
      return h('button', { ...base, class: 'btn primary kn-stone-btn', onclick: () => onChoice(button.choice) }, godIcon('PELE', 20), t('kanaloa.action.pele'));
    case 'pass':
      return h('button', { ...base, class: 'btn skip-btn', onclick: () => onChoice(button.choice) }, t('kanaloa.action.pass'));
    case 'end':
      return h('button', { ...base, class: 'btn skip-btn', onclick: () => onChoice(button.choice) }, t('kanaloa.action.end'));
    default:
      return null;
  }
}

/** The action bar: the advice, and the buttons.
 * @param {HTMLElement | undefined} el @param {KanaloaView} view @param {KanaloaTargets} all
 * @param {{names: string[], advice: string, interactive: boolean, onChoice: (choice: string) => void, onCancel: () => void}} options
 * @returns {void} */
export function renderActions(el, view, all, { names, advice, interactive, onChoice, onCancel }) {
  if (!el) return;
  const buttons = all.buttons.map((button) => buttonFor(view, button, { names, onChoice, onCancel })).filter(Boolean);
  const hintLine = h('p', { class: 'hint', 'aria-live': 'polite' }, interactive ? advice : '');
  const row = buttons.length ? h('div', { class: `action-buttons${all.mode === 'colour' ? ' kn-colour-choice' : ''}` }, ...buttons) : null;
  el.replaceChildren(...[hintLine, row].filter(Boolean));
  el.classList.toggle('idle', !interactive);
}

// -- the end of the game ----------------------------------------------------------------------

/** @param {import('./select.js').KanaloaScoringPart | null} part */
function islandsText(part) {
  if (!part || !part.islands.length) return '';
  return part.islands.map((i) => t('kanaloa.end.island', { island: i.island, links: i.links, bridges: i.bridges, points: i.points })).join(', ');
}

/** Every point of every colour, by where it came from, then why the winner
 * won: a row per colour (KANE stones, the two scorings, the markers, the
 * total) and under it, in words, the islands that scored.
 * @param {KanaloaView} view @param {KanaloaResult | null} result @param {string[]} names
 * @returns {HTMLElement} */
export function endDetails(view, result, names) {
  const n = view.players;
  /** @type {import('./select.js').KanaloaBreakdown} */
  const breakdown = (result && result.breakdown) || { colours: [], players: [], last_turn_order: [] };
  const colours = breakdown.colours;
  const winners = (result && result.winners) || [];
  const kaneOf = (/** @type {KanaloaColourPoints} */ e) => e.kane.reduce((a, k) => a + k.points, 0);
  /** @type {{label: string, value: (entry: KanaloaColourPoints) => number, detail?: (entry: KanaloaColourPoints) => string | null}[]} */
  const columns = [];
  if (colours.some((e) => e.earlier)) columns.push({ label: t('kanaloa.end.earlier'), value: (e) => e.earlier });
  if (view.gods || colours.some((e) => e.kane.length)) {
    columns.push({ label: t('kanaloa.end.kane'), value: kaneOf, detail: (e) => e.kane.map((k) => t('kanaloa.end.kane_island', { island: k.island, points: k.points })).join(', ') });
  }
  if (colours.some((e) => e.first_scoring)) {
    columns.push({ label: t('kanaloa.end.first'), value: (e) => (e.first_scoring ? e.first_scoring.points : 0), detail: (e) => islandsText(e.first_scoring) });
  }
  if (colours.some((e) => e.final_scoring)) {
    columns.push({
      label: t('kanaloa.end.final'),
      value: (e) => (e.final_scoring ? e.final_scoring.points - e.final_scoring.markers : 0),
      detail: (e) => islandsText(e.final_scoring),
    });
    columns.push({ label: t('kanaloa.end.markers'), value: (e) => (e.final_scoring ? e.final_scoring.markers : 0) });
  }
  const table = h('table', { class: 'end-table kn-end-table' });
  table.append(
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, t('kanaloa.end.colour')),
        ...columns.map((c) => h('th', { scope: 'col', class: 'kn-src' }, c.label)),
        h('th', { scope: 'col' }, t('kanaloa.end.total')),
      ),
    ),
  );
  const body = h('tbody');
  for (const entry of colours) {
    const p = palette(n, entry.index);
    const who = h(
      'th',
      { scope: 'row', class: `p${p}` },
      h('span', { class: 'kn-who' }, swatch(n, entry.index, 22), h('span', {}, names[entry.player], n === 2 ? h('small', {}, colourWords(n, entry.index)) : null)),
    );
    body.append(
      h(
        'tr',
        { class: `kn-end-colour p${p}` },
        who,
        ...columns.map((c) => {
          const value = c.value(entry);
          return h('td', { class: 'kn-src' }, h('span', { class: 'points' }, value ? `+${value}` : '0'));
        }),
        h('td', { class: `kn-end-total${winners.includes(entry.player) ? ' win' : ''}` }, number(entry.total)),
      ),
    );
    // Under the row, the islands and stones that scored; on a narrow screen,
    // where the columns give way, every source with its points.
    const details = columns
      .filter((c) => c.detail && c.detail(entry))
      .map((c) => t('kanaloa.end.detail', { label: c.label, islands: /** @type {(entry: KanaloaColourPoints) => string | null} */ (c.detail)(entry) }));
    const everything = columns.map((c) => {
      const value = c.value(entry);
      const islands = c.detail && c.detail(entry);
      return t(islands ? 'kanaloa.end.detail_points' : 'kanaloa.end.source_points', { label: c.label, points: value ? `+${value}` : '0', islands });
    });
    body.append(
      h(
        'tr',
        { class: `kn-end-why p${p}` },
        h(
          'td',
          { colspan: String(columns.length + 2) },
          h('span', { class: 'kn-why-wide' }, details.length ? details.join(' · ') : t('kanaloa.end.nothing')),
          h('span', { class: 'kn-why-narrow' }, everything.join(' · ')),
        ),
      ),
    );
  }
  table.append(body);

  const notes = [t('kanaloa.end.legend')];
  if (breakdown.early_win) {
    const e = breakdown.early_win;
    notes.push(t('kanaloa.end.early_win', { player: whoOf(view, view.colours.findIndex((c) => c.name === e.colour), names), island: e.island }));
  }
  if (n === 2 && breakdown.players.length === 2) {
    const lines = breakdown.players.map((p) => t('kanaloa.end.weaker_line', { player: names[p.player], weaker: p.weaker, stronger: p.stronger }));
    notes.push(t('kanaloa.end.two_players', { lines: list(lines) }));
  }
  if (result && result.reason === 'last_turn' && breakdown.last_turn_order.length) {
    notes.push(t('kanaloa.end.last_turn_order', { order: list(breakdown.last_turn_order.map((s) => names[s])) }));
  }
  return h('div', { class: 'end-details kn-end' }, table, ...notes.map((text) => h('p', { class: 'end-note' }, text)));
}
