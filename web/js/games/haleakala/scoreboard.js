// @ts-check
// The score board beside the island (below it on an upright phone): the
// score track, the three decks with their counts, the lava supply, the
// discard pile, and the score cards and the Priestess with their price in
// shells and, once bought, their owner's mark.

import { svg, f1, shapePath } from '../../board-svg.js';
import { t, plural } from '../../i18n.js';
import { seatStyle } from '../../players.js';
import { cardName, itemName, shellCost } from './log.js';
import { lavaDisc, cardBack, itemCard } from './pieces.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').Deck} Deck */

/**
 * Where the score board's parts go (see `panelLayout`): the board's size,
 * the scale of the words (`k`), the mat's box, the score track, the decks,
 * the lava supply, the discard pile, the score cards' grid.
 * @typedef {object} PanelLayout
 * @property {number} width
 * @property {number} height
 * @property {number} k
 * @property {{x: number, y: number, w: number, h: number}} box
 * @property {{x: number, y: number, w: number, title: {x: number, y: number}}} track
 * @property {{x: number, y: number, cardW: number, cardH: number, gap: number, title: boolean}} decks
 * @property {{x: number, y: number, step: number, r: number}} lava
 * @property {{x: number, y: number}} discard
 * @property {{x: number, y: number, w: number, h: number, cols: number, gap: number, captions: boolean, wide: boolean}} items
 */

/** A score card, or the Priestess (`down` while she lies face down).
 * @typedef {{id: string, cost: number, owner: number | null, down?: boolean}} Item */

/** Where everything goes; `k` scales the type (an upright phone shows the
 * board at about half size).
 * @param {boolean} portrait
 * @returns {PanelLayout} */
export function panelLayout(portrait) {
  if (portrait) {
    return {
      width: 700,
      height: 1000,
      k: 1.45,
      box: { x: 10, y: 702, w: 680, h: 292 },
      track: { x: 112, y: 752, w: 548, title: { x: 26, y: 759 } },
      decks: { x: 26, y: 810, cardW: 54, cardH: 72, gap: 12, title: false },
      lava: { x: 26, y: 928, step: 30, r: 11 },
      discard: { x: 26, y: 977 },
      items: { x: 234, y: 812, w: 142, h: 84, cols: 3, gap: 8, captions: true, wide: true },
    };
  }
  return {
    width: 1000,
    height: 700,
    k: 1,
    box: { x: 706, y: 10, w: 284, h: 680 },
    track: { x: 730, y: 62, w: 236, title: { x: 730, y: 36 } },
    decks: { x: 724, y: 152, cardW: 56, cardH: 74, gap: 16, title: true },
    lava: { x: 724, y: 266, step: 24, r: 9 },
    discard: { x: 724, y: 306 },
    items: { x: 722, y: 344, w: 80, h: 126, cols: 3, gap: 12, captions: true, wide: false },
  };
}

/** A deck in words: its palms, its count, what is left in it.
 * @param {Deck} deck
 * @returns {string} */
function deckLabel(deck) {
  const contents = Object.entries(deck.contents || {})
    .map(([kind, count]) => `${cardName(kind)} ×${count}`)
    .join(', ');
  const label = plural('haleakala.aria.deck', deck.count, { palms: plural('haleakala.count.palms', deck.palms) });
  return contents ? t('haleakala.aria.deck_contents', { deck: label, contents }) : label;
}

/** A score card or the Priestess in words: its price, what it does, its owner.
 * @param {Item} item
 * @param {string[]} names
 * @returns {string} */
function itemLabel(item, names) {
  if (item.down) return t('haleakala.aria.priestess_down');
  const base = t('haleakala.aria.item', { item: itemName(item.id), cost: shellCost(item.cost), about: t(`haleakala.item_about.${item.id.toLowerCase()}`) });
  if (item.owner !== null && item.owner !== undefined) return `${base} ; ${t('haleakala.aria.owned_by', { player: names[item.owner] })}`;
  return base;
}

/** Draw the score board into `g`; the items' centres go to `anchors`.
 * @param {SVGElement} g
 * @param {HaleakalaView} view
 * @param {{names: string[], layout: PanelLayout, anchors: Map<string, [number, number]>}} options
 * @returns {void} */
export function drawScoreBoard(g, view, { names, layout: L, anchors }) {
  const k = L.k;

  // The score track, 0 to 50: each player's marker, one above, one below.
  {
    const { x, y, w, title } = L.track;
    g.append(svg('text', { class: 'hk-panel-title', x: title.x, y: title.y, 'font-size': f1(16 * k) }, t('haleakala.board.score')));
    g.append(svg('rect', { class: 'hk-track', x: x - 4, y: y - 5, width: w + 8, height: 10, rx: 5 }));
    for (let v = 0; v <= 50; v += 5) {
      const tx = x + (w * v) / 50;
      g.append(svg('path', { class: v % 10 ? 'hk-tick' : 'hk-tick major', d: `M${f1(tx)},${y - (v % 10 ? 3 : 5)} V${y + (v % 10 ? 3 : 5)}` }));
    }
    view.scores.forEach((score, p) => {
      const tx = x + (w * (score % 50)) / 50;
      const up = p === 0;
      const r = 9 * k;
      const my = up ? y - 7 - r : y + 7 + r;
      const marker = svg('g', { class: `hk-score-marker p${p}`, transform: `translate(${f1(tx)},${f1(my)})`, role: 'img', 'aria-label': t('haleakala.aria.score', { player: names[p], score }) });
      marker.append(svg('path', { class: 'hk-score-pin', d: up ? `M0,${f1(r + 4)} L-5,${f1(r - 3)} H5Z` : `M0,${f1(-r - 4)} L-5,${f1(-r + 3)} H5Z` }));
      marker.append(svg('circle', { r: f1(r) }));
      marker.append(svg('path', { class: 'hk-mark', d: shapePath(seatStyle(p).shape, 0, p === 0 ? 0.8 * k : 0, r) }));
      // The score beside its marker, on the side with room.
      const right = score % 50 < 42;
      marker.append(svg('text', { class: `hk-score-value${right ? '' : ' left'}`, x: f1(right ? r + 4 : -r - 4), y: f1(4.5 * k), 'font-size': f1(14 * k) }, String(score)));
      g.append(marker);
    });
    if (k === 1) {
      for (let v = 0; v <= 50; v += 10) g.append(svg('text', { class: 'hk-tick-label', x: f1(x + (w * v) / 50), y: y + 42, 'font-size': 11 }, String(v)));
    }
  }

  // The three decks, the lava supply and the discard pile.
  {
    const { x, y, cardW, cardH, gap, title } = L.decks;
    const current = view.decks.findIndex((d) => d.count > 0);
    if (title) g.append(svg('text', { class: 'hk-panel-title', x, y: y - 12, 'font-size': f1(14 * k) }, t('haleakala.board.decks')));
    view.decks.forEach((deck, d) => {
      const cx = x + cardW / 2 + d * (cardW + gap);
      const cy = y + cardH / 2;
      const group = svg('g', { class: `hk-deck${d === current ? ' current' : ''}${deck.count ? '' : ' empty'}`, 'data-deck': String(deck.palms), role: 'img', 'aria-label': deckLabel(deck) });
      group.append(svg('title', {}, deckLabel(deck)));
      if (deck.count > 1) group.append(cardBack(deck.palms, cx + 3, cy - 3, cardW, cardH, 'under'));
      if (deck.count) group.append(cardBack(deck.palms, cx, cy, cardW, cardH));
      else group.append(svg('rect', { class: 'hk-slot-empty', x: f1(cx - cardW / 2), y: f1(cy - cardH / 2), width: cardW, height: cardH, rx: 7 }));
      const r = 12 * Math.min(k, 1.25);
      group.append(svg('circle', { class: 'hk-count-bg big', cx: f1(cx + cardW / 2 - 4), cy: f1(cy + cardH / 2 - 4), r: f1(r) }));
      group.append(svg('text', { class: 'hk-count big', x: f1(cx + cardW / 2 - 4), y: f1(cy + cardH / 2 - 4 + r * 0.38), 'font-size': f1(r * 1.08) }, String(deck.count)));
      g.append(group);
    });
    const lava = L.lava;
    const supply = svg('g', { class: 'hk-lava-supply', role: 'img', 'aria-label': plural('haleakala.aria.lava_supply', view.lava_supply) });
    supply.append(svg('text', { class: 'hk-panel-label', x: lava.x, y: f1(lava.y + 5 * k), 'font-size': f1(13 * k) }, t('haleakala.board.lava')));
    for (let i = 0; i < 4; i++) {
      const lx = lava.x + 62 * k + i * lava.step;
      if (i < view.lava_supply) supply.append(lavaDisc(lx, lava.y, lava.r));
      else supply.append(svg('circle', { class: 'hk-lava-gone', cx: f1(lx), cy: lava.y, r: lava.r }));
    }
    g.append(supply);
    const discarded = Object.values(view.discard || {}).reduce((a, b) => a + b, 0);
    g.append(svg('text', { class: 'hk-panel-label muted', x: L.discard.x, y: L.discard.y, 'font-size': f1(12 * k) }, plural('haleakala.board.discard', discarded)));
  }

  // The score cards and the Priestess.
  {
    const { x, y, w, h, cols, gap, captions, wide } = L.items;
    if (!wide) g.append(svg('text', { class: 'hk-panel-title', x: x + 2, y: y - 10, 'font-size': f1(14 * k) }, t('haleakala.board.score_cards')));
    /** @type {Item[]} */
    const items = [
      ...view.score_board.score_cards.map((c) => ({ id: c.id, cost: c.cost, owner: c.owner })),
      { id: 'BOARD_PRIESTESS', cost: view.score_board.priestess_cost, owner: null, down: !view.score_board.priestess_up },
    ];
    items.forEach((item, i) => {
      const cx = x + w / 2 + (i % cols) * (w + gap);
      const cy = y + h / 2 + Math.floor(i / cols) * (h + gap);
      anchors.set(`item-${item.id}`, [cx, cy]);
      const owned = item.owner !== null && item.owner !== undefined;
      const node = itemCard(item.id, item.cost, cx, cy, w, h, {
        caption: captions ? t(`haleakala.item_short.${item.id.toLowerCase()}`) : null,
        down: item.down,
        wide,
        font: wide ? 16 : null,
        extra: owned ? 'owned' : '',
      });
      node.setAttribute('role', 'img');
      node.setAttribute('aria-label', itemLabel(item, names));
      node.append(svg('title', {}, itemLabel(item, names)));
      if (owned) {
        // Bought: the owner's mark on the card (it stays until round 2).
        const r = 10 * Math.min(k, 1.3);
        node.append(svg('circle', { class: `hk-owner p${item.owner}`, cx: f1(w / 2 - r - 2), cy: f1(-h / 2 + r + 2), r: f1(r) }));
        node.append(svg('path', { class: 'hk-owner-mark', d: shapePath(seatStyle(/** @type {number} */ (item.owner)).shape, w / 2 - r - 2, -h / 2 + r + 2 + (item.owner === 0 ? 0.8 : 0), r) }));
      }
      g.append(node);
    });
  }
}
