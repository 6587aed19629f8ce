// @ts-check
// The island cards the panels of the two archipelago games, Kahuna and
// Kanaloa, share: a card face down, an island's card face up (with a small
// map of the archipelago on which the island is lit) and a hand card's
// options, an empty place among the face-up cards, the pile to draw from,
// the discards and the market's row. The board's side (the sea, the
// islands, the lanes and what is drawn lane by lane) is in archipelago.js;
// what is a game's own (its words, its classes, its data attributes) stays
// in its files.

import { svg } from '../board-svg.js';
import { number, t } from '../i18n.js';
import { h } from '../dom.js';
import { PORTRAIT } from './renderer-common.js';

/** @typedef {import('./archipelago.js').ViewLane} ViewLane */
/** @typedef {import('./archipelago.js').Projection} Projection */

/** A card face down; `extra` classes say how it lies (stacked, tiny).
 * @param {string} [extra]
 * @returns {HTMLElement} */
export function backCard(extra = '') {
  return h('span', { class: `card back ${extra}`.trim(), 'aria-hidden': 'true' }, h('span', { class: 'weave' }));
}

/** A game's island cards: `faceCard(view, name, options)` draws the card of
 * island `name` face up, a button when it can be clicked (`onClick`), with
 * a small map of the archipelago on which the island is lit: where it lies,
 * at a glance. Each map is drawn once per island and orientation, then
 * copied. The game tells:
 * - projection(portrait): where the islands lie; lanes(view): the view's
 *   lanes; frame(projection): the map's viewBox; radius(island, lit): the
 *   size of an island's dot;
 * - count(view, name): the island's lanes, shown in the card's corner, and
 *   countWords(count) under its name; label(name, count): the card's name
 *   for a screen reader, unless `options.label` names it otherwise;
 * - classes: its own classes, after `card face`; data(name): its own data
 *   attributes.
 * The options: choice, selected, idle, small, key, label, onClick, and
 * `extra`, one class more. */
/**
 * @typedef {{choice?: string | null, selected?: boolean, label?: string | null, key?: string, onClick?: (() => void) | null,
 *   small?: boolean, idle?: boolean, extra?: string}} FaceCardOptions
 */
/**
 * @template {{islands: {name: string, x: number, y: number}[]}} V  the game's view
 * @param {{projection: (portrait: boolean) => Projection, lanes: (view: V) => ViewLane[], frame: (projection: Projection) => string,
 *   radius: (island: V['islands'][number], lit: boolean) => number, count: (view: V, name: string) => number,
 *   countWords: (count: number) => string, label: (name: string, count: number) => string,
 *   classes?: string[], data?: (name: string) => Record<string, string>}} parts
 * @returns {(view: V, name: string, options?: FaceCardOptions) => HTMLElement}
 */
export function islandCards({ projection, lanes, frame, radius, count, countWords, label, classes = [], data = () => ({}) }) {
  /** @type {Map<string, Element>} */
  const maps = new Map();

  /** @param {V} view @param {string} island */
  function miniMap(view, island) {
    const portrait = PORTRAIT.matches;
    const key = `${portrait}/${island}`;
    if (!maps.has(key)) {
      const proj = projection(portrait);
      const at = new Map(view.islands.map((i) => [i.name, proj.at(i.x, i.y)]));
      const root = svg('svg', { class: 'card-map', viewBox: frame(proj), 'aria-hidden': 'true' });
      for (const lane of lanes(view)) {
        const [x1, y1] = /** @type {number[]} */ (at.get(lane.a));
        const [x2, y2] = /** @type {number[]} */ (at.get(lane.b));
        const lit = lane.a === island || lane.b === island;
        root.append(svg('line', { class: lit ? 'map-line lit' : 'map-line', x1, y1, x2, y2 }));
      }
      for (const isle of view.islands) {
        const [x, y] = /** @type {number[]} */ (at.get(isle.name));
        const lit = isle.name === island;
        root.append(svg('circle', { class: lit ? 'map-isle lit' : 'map-isle', cx: x, cy: y, r: radius(isle, lit) }));
      }
      maps.set(key, root);
    }
    return /** @type {Element} */ (maps.get(key)).cloneNode(true);
  }

  /** @param {V} view @param {string} name @param {FaceCardOptions} [options] */
  return function faceCard(view, name, { choice, selected, label: named, key, onClick, small, idle, extra } = {}) {
    const n = count(view, name);
    const clickable = Boolean(onClick);
    const list = ['card', 'face', ...classes];
    if (small) list.push('small');
    if (selected) list.push('selected');
    if (choice) list.push('target');
    if (idle) list.push('idle');
    if (extra) list.push(extra);
    return h(
      clickable ? 'button' : 'div',
      {
        class: list.join(' '),
        type: clickable ? 'button' : null,
        'data-choice': choice || null,
        'data-key': key || null,
        ...data(name),
        'aria-pressed': clickable && selected !== undefined ? String(Boolean(selected)) : null,
        'aria-disabled': clickable && !choice && !selected ? 'true' : null,
        'aria-label': named || label(name, n),
        role: clickable ? null : 'img',
        onclick: clickable ? onClick : null,
      },
      // The corner's count and the words under the name are drawn by the
      // style sheet (data-text): the card's only text is the island's
      // name, which every name given to the card holds, as a screen
      // reader's user who says what they see expects.
      h('span', { class: 'card-degree', 'aria-hidden': 'true', 'data-text': String(n) }),
      miniMap(view, name),
      h('span', { class: 'card-name', 'aria-hidden': 'true' }, name),
      h('span', { class: 'card-links', 'aria-hidden': 'true', 'data-text': countWords(n) }),
    );
  };
}

/** How many lanes meet at an island, from the view's island of that name
 * (its `field`: Kahuna's `degree`, Kanaloa's `links`); 0 for none.
 * @param {string} field
 * @returns {(view: {islands: {name: string}[]}, name: string) => number} */
export function laneCount(field) {
  return (view, name) => {
    const island = /** @type {Record<string, any> | undefined} */ (view.islands.find((i) => i.name === name));
    return island ? island[field] : 0;
  };
}

/** The options of a hand card for `faceCard`, from its target
 * ({index, choice, selected}): chosen, to choose, or idle.
 * @template {{index: number, choice?: string | null, selected?: boolean}} C
 * @param {C} card
 * @param {string} label
 * @param {(card: C) => void} onPick
 * @returns {FaceCardOptions} */
export function handCardOptions(card, label, onPick) {
  return {
    choice: card.choice,
    selected: Boolean(card.selected),
    idle: !card.choice && !card.selected,
    key: `card-${card.index}`,
    label,
    onClick: () => onPick(card),
  };
}

/** An empty place among the face-up cards.
 * @param {string} label
 * @returns {HTMLElement} */
export function emptySlot(label) {
  return h('span', { class: 'card slot-empty', 'aria-label': label, role: 'img' });
}

/** The pile to draw from, `size` cards: a button when drawing is a choice
 * (`choice`, played by `onChoice`), two backs when it holds more than one
 * card, and its count.
 * @param {number} size
 * @param {{choice: string | null, label: string, onChoice: (choice: string) => void}} pile
 * @returns {HTMLElement} */
export function drawPile(size, { choice, label, onChoice }) {
  return h(
    choice ? 'button' : 'div',
    {
      class: `pile${choice ? ' target' : ''}${size ? '' : ' empty'}`,
      type: choice ? 'button' : null,
      'data-choice': choice,
      'data-key': 'pile',
      'aria-label': label,
      role: choice ? null : 'img',
      onclick: choice ? () => onChoice(choice) : null,
    },
    size > 1 ? backCard('stacked') : null,
    size ? backCard() : h('span', { class: 'card slot-empty' }),
    h('span', { class: 'pile-count' }, number(size)),
  );
}

/** The discard lists left open, by id: they stay open from one redraw to
 * the next.
 * @type {Set<string>} */
const openDiscards = new Set();

/** The discards: a toggle (the top card face up and the count) that opens
 * the list (`id`) of the cards discarded face up, `faceUp`, with how many
 * lie face down, `hiddenTotal`. In the game's words: `empty` (no card face
 * up), `hidden` (the face-down ones), `label` (the toggle's name); `more`,
 * what else the list says.
 * @param {string} id
 * @param {string[]} faceUp
 * @param {number} hiddenTotal
 * @param {{empty: string, hidden: string, label: string, more?: Node | null}} words
 * @returns {{toggle: HTMLElement, list: HTMLElement}} */
export function discardPile(id, faceUp, hiddenTotal, { empty, hidden, label, more = null }) {
  let open = openDiscards.has(id);
  const top = faceUp[faceUp.length - 1];
  const list = h('div', { class: 'discard-list', id, hidden: !open });
  if (faceUp.length) {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const card of faceUp) counts.set(card, (counts.get(card) || 0) + 1);
    for (const [card, count] of [...counts].sort()) list.append(h('span', { class: 'chip' }, count > 1 ? `${card} ×${count}` : card));
  } else {
    list.append(h('span', { class: 'muted' }, empty));
  }
  if (hiddenTotal) list.append(h('span', { class: 'chip hidden-chip' }, hidden));
  if (more) list.append(more);
  const toggle = h(
    'button',
    {
      class: 'discard-toggle',
      type: 'button',
      'aria-expanded': String(open),
      'aria-controls': id,
      'data-key': 'discard',
      // The name says what the toggle shows: the card on top, and (in the
      // label) how many lie there.
      'aria-label': top ? `${label}. ${t('market.discard_top', { card: top })}` : label,
      onclick: () => {
        open = !open;
        if (open) openDiscards.add(id);
        else openDiscards.delete(id);
        list.hidden = !open;
        toggle.setAttribute('aria-expanded', String(open));
      },
    },
    top ? h('span', { class: 'card face small discard-top', 'aria-hidden': 'true' }, h('span', { class: 'card-name' }, top)) : h('span', { class: 'card slot-empty' }),
    h('span', { class: 'pile-count', 'aria-hidden': 'true', 'data-text': number(faceUp.length + hiddenTotal) }),
  );
  return { toggle, list };
}

/** The market in `el`: the pile, the face-up cards and the discards side by
 * side, each with its caption, and the list of the discards under them.
 * `discards` is what `discardPile` made; `className` the row's classes.
 * @param {HTMLElement} el
 * @param {{className?: string, pile: Node, display: Node, discards: {toggle: HTMLElement, list: HTMLElement},
 *   captions: {pile: string, display: string, discards: string}}} market
 * @returns {void} */
export function renderMarketRow(el, { className = 'market-row', pile, display, discards, captions }) {
  /** @param {Node} node @param {string} caption @param {boolean} [grow] */
  const item = (node, caption, grow) => h('figure', { class: grow ? 'market-item grow' : 'market-item' }, node, h('figcaption', {}, caption));
  el.replaceChildren(
    h('div', { class: className }, item(pile, captions.pile), item(display, captions.display, true), item(discards.toggle, captions.discards)),
    discards.list,
  );
}
