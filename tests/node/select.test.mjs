// The page's selection logic (web/js/games/<game>/select.js), without a
// browser: how clicks narrow a player's legal moves down to one. The
// positions come from the real engine (fixtures/make.py plays seeded games
// and keeps the browser's snapshot wherever a kind of move is legal), so they
// follow the rules as they are.
//
// For every position and every legal move, each order in which a player may
// click it is played through `targets` and `click`: at every step the page
// must offer exactly what this file expects (each element's data-choice, and
// what is selected), every click but the last must only select, and the last
// must play that very move. Then every position is explored click by click:
// every selection reached offers what this file expects, no click leads to a
// dead end, and the moves reached are exactly the legal ones.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import * as kahuna from '../../web/js/games/kahuna/select.js';
import * as kanaloa from '../../web/js/games/kanaloa/select.js';
import * as moai from '../../web/js/games/moai/select.js';
import * as haleakala from '../../web/js/games/haleakala/select.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PYTHON = process.env.PYTHON || 'python3';

function makeFixtures() {
  const run = spawnSync(PYTHON, [path.join(HERE, 'fixtures', 'make.py')], { encoding: 'utf8', maxBuffer: 256 << 20 });
  if (run.status !== 0) throw new Error(`fixtures/make.py failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

const FIXTURES = makeFixtures();

// -- small helpers ------------------------------------------------------------------------

/** `small` is contained in `big`, as multisets. */
function contains(big, small) {
  const left = [...big];
  for (const item of small) {
    const i = left.indexOf(item);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

const sameItems = (a, b) => a.length === b.length && contains(a, b);

/** What a page offers: key → data-choice of each element that can be
 * clicked, and the keys of the elements selected. */
function offers(elements) {
  const offered = {};
  const selected = [];
  for (const [key, target] of elements) {
    if (target.selected) selected.push(key);
    else if (target.choice) offered[key] = target.choice;
  }
  return { offered, selected: selected.sort() };
}

function expectation(offered, selected) {
  return { offered: Object.fromEntries([...offered].sort()), selected: [...selected].sort() };
}

const sorted = (object) => Object.fromEntries(Object.entries(object).sort());

// -- Kahuna ----------------------------------------------------------------------------------

const KAHUNA = {
  select: kahuna,
  elements(all) {
    const out = new Map();
    for (const card of all.cards) out.set(`card-${card.index}`, card);
    for (const line of all.lines) out.set(`line-${line.line}`, line);
    if (all.hide) out.set('hide', { choice: all.hide });
    if (all.draw) out.set('draw', { choice: all.draw });
    for (const take of all.take) out.set(`take-${take.slot}`, take);
    if (all.skip) out.set('skip', { choice: all.skip });
    return out;
  },
  /** A hand card or a line is offered while some card move (lay, take
   * away, put aside) still has the selected cards and line and this one;
   * it plays a move when it completes the cards of a move on the selected
   * line. A line glows (`strong`) once something is selected. */
  expected(view, legal, sel) {
    const lineName = (id) => `${view.lines[id].a}-${view.lines[id].b}`;
    const lineOf = (m) => (m.kind === 'hide' ? null : lineName(m.line));
    const cardsOf = (m) => (m.kind === 'remove' ? m.cards : [m.card]);
    const moves = legal.filter((m) => ['place', 'remove', 'hide'].includes(m.kind));
    const chosen = sel.cards.map((i) => view.hand[i]);
    const onLine = (m, line) => line === null || lineOf(m) === line;
    const offered = new Map();
    view.hand.forEach((name, i) => {
      if (sel.cards.includes(i)) return;
      const cards = [...chosen, name];
      if (!moves.some((m) => contains(cardsOf(m), cards) && onLine(m, sel.line))) return;
      const done = sel.line !== null && moves.find((m) => lineOf(m) === sel.line && sameItems(cardsOf(m), cards));
      offered.set(`card-${i}`, done ? done.text : `card:${name}`);
    });
    if (sel.line === null) {
      for (const line of view.lines) {
        const name = `${line.a}-${line.b}`;
        if (!moves.some((m) => lineOf(m) === name && contains(cardsOf(m), chosen))) continue;
        const done = chosen.length && moves.find((m) => lineOf(m) === name && sameItems(cardsOf(m), chosen));
        offered.set(`line-${name}`, done ? done.text : `line:${name}`);
      }
      const hide = chosen.length === 1 && legal.find((m) => m.kind === 'hide' && m.card === chosen[0]);
      if (hide) offered.set('hide', hide.text);
    }
    for (const m of legal) {
      if (m.kind === 'draw' || m.kind === 'skip') offered.set(m.kind, m.text);
      if (m.kind === 'take') offered.set(`take-${m.slot}`, m.text);
    }
    const selected = sel.cards.map((i) => `card-${i}`);
    if (sel.line !== null) selected.push(`line-${sel.line}`);
    return expectation(offered, selected);
  },
  checkGlow(all, sel) {
    const strong = sel.cards.length > 0 || sel.line !== null;
    for (const line of all.lines) if (!line.selected) assert.equal(line.strong, strong, `line ${line.line} glows only with a selection`);
  },
  /** The orders in which a player may click `move`. */
  paths(move, view) {
    const line = move.line === undefined ? null : `line:${view.lines[move.line].a}-${view.lines[move.line].b}`;
    switch (move.kind) {
      case 'place':
        return [[`card:${move.card}`, line], [line, `card:${move.card}`]];
      case 'remove': {
        const [a, b] = move.cards.map((card) => `card:${card}`);
        return [[a, b, line], [b, a, line], [line, a, b], [a, line, b]];
      }
      case 'hide':
        return [[`card:${move.card}`, 'hide']];
      case 'take':
        return [[`take-${move.slot}`]];
      default:
        return [[move.kind]];
    }
  },
  /** The key of the element a step names: `card:NAME` is the first hand
   * card of that name not yet selected, `line:NAME` that line. */
  find(step, view, sel) {
    if (step.startsWith('card:')) {
      const index = view.hand.findIndex((name, i) => name === step.slice(5) && !sel.cards.includes(i));
      return `card-${index}`;
    }
    if (step.startsWith('line:')) return `line-${step.slice(5)}`;
    return step;
  },
};

// -- Kanaloa --------------------------------------------------------------------------------

const KN_JOKER = 'KANALOA';
const knLink = (m) => (m.ends ? m.ends.join('-') : null);
const knCards = (m) => (m.kind === 'replace' ? m.cards : [m.card]);

const KANALOA = {
  select: kanaloa,
  elements(all) {
    const out = new Map();
    for (const card of all.cards) out.set(`card-${card.index}`, card);
    for (const stone of all.stones) out.set(stone.key, stone);
    for (const link of all.links) out.set(`link-${link.link}`, link);
    if (all.draw) out.set('draw', { choice: all.draw });
    for (const take of all.takes) out.set(`take-${take.card}`, take);
    for (const button of all.buttons) out.set(`btn-${button.key}`, button);
    if (all.tray) all.tray.cards.forEach((card, i) => out.set(`tray-${i}`, card));
    return out;
  },
  /** Each decision due has its own elements; in a turn, a hand card, a
   * KANALOA stone (the next one of the tablet) or a link is offered while
   * some build, replacement or discard still has the selected cards and
   * link and this one, and plays it when it completes a move on the
   * selected link; KU, PELE and LONO are chosen alone, before their target. */
  expected(view, legal, sel) {
    const offered = new Map();
    const selected = [...sel.cards.map((i) => `card-${i}`)];
    for (let n = 0; n < sel.jokers; n++) selected.push(`stone-${KN_JOKER}-${n}`);
    if (sel.link !== null) selected.push(`link-${sel.link}`);
    if (sel.stone) selected.push(`stone-${sel.stone}-0`);
    const kinds = new Set(legal.map((m) => m.kind));
    const pending = view.pending || {};
    const hand = view.hand || [];
    if (kinds.has('choose')) {
      view.hand.forEach((name, i) => {
        if (!sel.cards.includes(i) && legal.some((m) => m.card === name)) offered.set(`card-${i}`, `card:${name}`);
      });
      const picked = sel.cards.length === 1 && legal.find((m) => m.card === hand[sel.cards[0]]);
      if (picked) offered.set('btn-choose', picked.text);
      return expectation(offered, selected);
    }
    if (pending.kind === 'remove') {
      for (const m of legal) offered.set(`link-${knLink(m)}`, m.text);
      return expectation(offered, selected);
    }
    if (pending.kind === 'steal') {
      const known = view.known_hands[pending.victim] || [];
      const shown = known.length ? known : legal.map((m) => m.card);
      shown.forEach((card, i) => {
        const steal = legal.find((m) => m.card === card);
        if (steal) offered.set(`tray-${i}`, steal.text);
      });
      return expectation(offered, selected);
    }
    if (pending.kind === 'give') {
      hand.forEach((name, i) => {
        const give = legal.find((m) => m.card === name);
        if (give) offered.set(`card-${i}`, give.text);
      });
      return expectation(offered, selected);
    }
    if (kinds.has('colour')) {
      for (const m of legal) offered.set(m.kind === 'colour' ? `btn-colour-${m.colour}` : `btn-${m.kind}`, m.text);
      return expectation(offered, selected);
    }
    // A turn.
    const anything = sel.cards.length > 0 || sel.jokers > 0 || sel.link !== null || sel.stone !== null;
    const chosen = [...sel.cards.map((i) => hand[i]), ...Array(sel.jokers).fill(KN_JOKER)];
    const plays = sel.stone ? [] : legal.filter((m) => ['build', 'replace', 'discard'].includes(m.kind));
    const linkOf = (m) => (m.kind === 'discard' ? null : knLink(m));
    const fits = (m, cards, link) => contains(knCards(m), cards) && (link === null || linkOf(m) === link);
    const offer = (key, name) => {
      const cards = [...chosen, name];
      if (!plays.some((m) => fits(m, cards, sel.link))) return;
      const done = sel.link !== null && plays.find((m) => linkOf(m) === sel.link && sameItems(knCards(m), cards));
      offered.set(key, done ? done.text : name === KN_JOKER ? `stone:${KN_JOKER}` : `card:${name}`);
    };
    hand.forEach((name, i) => {
      if (!sel.cards.includes(i)) offer(`card-${i}`, name);
    });
    const tablet = (view.gods && view.tablets[view.viewer]) || {};
    if (tablet[KN_JOKER] > sel.jokers) offer(`stone-${KN_JOKER}-${sel.jokers}`, KN_JOKER);
    const uses = { KU: ['ku'], PELE: ['pele'], LONO: ['lono draw', 'lono take'] };
    if (!anything) {
      for (const [god, moveKinds] of Object.entries(uses)) {
        const moves = legal.filter((m) => moveKinds.includes(m.kind));
        if (!tablet[god] || !moves.length) continue;
        offered.set(`stone-${god}-0`, god === 'KU' && moves.length === 1 ? moves[0].text : `stone:${god}`);
      }
    }
    if (!sel.stone && sel.link === null) {
      for (const link of view.links) {
        const name = `${link.a}-${link.b}`;
        if (!plays.some((m) => linkOf(m) === name && contains(knCards(m), chosen))) continue;
        const done = chosen.length && plays.find((m) => linkOf(m) === name && sameItems(knCards(m), chosen));
        offered.set(`link-${name}`, done ? done.text : `link:${name}`);
      }
    }
    if (!anything || sel.stone === 'LONO') {
      const lono = sel.stone === 'LONO' ? 'lono ' : '';
      for (const m of legal) {
        if (m.kind === `${lono}draw`) offered.set('draw', m.text);
        if (m.kind === `${lono}take`) offered.set(`take-${m.card}`, m.text);
      }
    }
    if (sel.cards.length === 1 && sel.jokers === 0 && sel.link === null) {
      const discard = legal.find((m) => m.kind === 'discard' && m.card === chosen[0]);
      if (discard) offered.set('btn-discard', discard.text);
    }
    for (const m of legal) {
      if (sel.stone === 'KU' && m.kind === 'ku') offered.set(`btn-ku-${m.player}`, m.text);
      if (sel.stone === 'PELE' && m.kind === 'pele') offered.set('btn-pele', m.text);
      if (!anything && (m.kind === 'pass' || m.kind === 'end')) offered.set(`btn-${m.kind}`, m.text);
    }
    return expectation(offered, selected);
  },
  checkGlow(all, sel) {
    const strong = sel.cards.length + sel.jokers > 0 || sel.link !== null;
    for (const link of all.links) if (!link.selected && all.mode === 'turn') assert.equal(link.strong, strong, `link ${link.link} glows only with a selection`);
  },
  paths(move) {
    const card = (name) => (name === KN_JOKER ? 'stone:KANALOA' : `card:${name}`);
    const link = `link:${knLink(move)}`;
    switch (move.kind) {
      case 'choose':
        return [[card(move.card), 'btn-choose']];
      case 'colour':
        return [[`btn-colour-${move.colour}`]];
      case 'build':
        return [[card(move.card), link], [link, card(move.card)]];
      case 'replace': {
        const [a, b] = move.cards.map(card);
        return [[a, b, link], [b, a, link], [link, a, b], [a, link, b]];
      }
      case 'remove':
        return [[link]];
      case 'discard':
        return [[card(move.card), 'btn-discard']];
      case 'take':
        return [[`take-${move.card}`]];
      case 'steal':
        return [[`tray:${move.card}`]];
      case 'give':
        return [[card(move.card)]];
      case 'ku':
        return [['stone-KU-0', `btn-ku-${move.player}`], ['stone-KU-0']];
      case 'pele':
        return [['stone-PELE-0', 'btn-pele']];
      case 'lono draw':
        return [['stone-LONO-0', 'draw']];
      case 'lono take':
        return [['stone-LONO-0', `take-${move.card}`]];
      default:
        return [[move.kind === 'draw' ? 'draw' : `btn-${move.kind}`]];
    }
  },
  find(step, view, sel, all) {
    if (step.startsWith('card:')) {
      const index = view.hand.findIndex((name, i) => name === step.slice(5) && !sel.cards.includes(i));
      return `card-${index}`;
    }
    if (step === 'stone:KANALOA') return `stone-${KN_JOKER}-${sel.jokers}`;
    if (step.startsWith('link:')) return `link-${step.slice(5)}`;
    if (step.startsWith('tray:')) return `tray-${all.tray.cards.findIndex((card) => card.name === step.slice(5))}`;
    return step;
  },
  /** KU on the only opponent plays at once; on one of several, the
   * opponent is named next. */
  usable(path, move, legal) {
    if (move.kind !== 'ku') return true;
    const several = legal.filter((m) => m.kind === 'ku').length > 1;
    return several === (path.length === 2);
  },
};

// -- Moai ------------------------------------------------------------------------------------

const MO_LETTERS = 'RYGBW';
const moPiece = (p) => `piece:${p.location}:${MO_LETTERS[p.player]}${p.strength}${p.face_up ? '' : 'fd'}`;

/** The things a player clicks to make a Moai move (docs/games/moai.md's
 * notation, as the page shows it). */
function moParts(m) {
  switch (m.kind) {
    case 'bid':
    case 'birth':
      return m.cards.map((kind) => `card:${kind}`);
    case 'erode':
      return [`loc:${m.field}`];
    case 'sink':
      return [`loc:${m.boat}`];
    case 'kill':
    case 'lose':
    case 'starve':
    case 'rest':
      return [moPiece(m.piece)];
    case 'place':
      return [`str:${m.strength}`, `loc:${m.location}`];
    case 'swap':
      return m.pieces.map(moPiece);
    case 'carve':
      return [`loc:${m.space}`, m.face_down ? 'face:down' : 'face:up'];
    case 'raid':
      return [`card:${m.card}`, moPiece(m.target)];
    case 'take':
      return [`epoch:${m.card}`];
    default:
      return [`${m.kind}:${m.player ?? ''}`];
  }
}

const MOAI = {
  select: moai,
  elements(all, view) {
    const out = new Map();
    // The camp's pieces are its chips, not places of the island.
    for (const [part, target] of all.board) if (!part.startsWith('piece:camp:')) out.set(part, { part, ...target });
    for (const card of all.cards) out.set(`card-${card.index}`, card);
    for (const chip of all.camp) out.set(`camp-${chip.strength}`, chip);
    for (const [card, choice] of all.take) out.set(`epoch-${card}`, { choice });
    for (const button of all.buttons) {
      const who = button.move && button.move.player !== undefined ? `-${button.move.player}` : '';
      out.set(`btn-${button.action}${button.face ? `-${button.face}` : ''}${who}`, button);
    }
    return out;
  },
  /** An element is offered while some legal move has the parts selected and
   * its own; it plays the move whose parts it completes (a bid needs its
   * button), or the only move left when it is the place of a placement or
   * a carving, or the target of a raid. A camp chip stands for a strength
   * to place, or else for a piece of the camp. */
  expected(view, legal, sel) {
    const hand = view.hand || [];
    const chosen = [...sel.parts, ...sel.cards.map((i) => `card:${hand[i]}`)];
    const last = { place: 'loc:', carve: 'loc:', raid: 'piece:' };
    const offer = (part) => {
      const want = [...chosen, part];
      const open = legal.filter((m) => m.kind !== 'rank' && m.kind !== 'victim' && m.kind !== 'award' && contains(moParts(m), want));
      if (!open.length) return null;
      const exact = open.find((m) => m.kind !== 'bid' && moParts(m).length === want.length);
      if (exact) return exact.text;
      if (open.length === 1 && last[open[0].kind] && part.startsWith(last[open[0].kind])) return open[0].text;
      return part;
    };
    const offered = new Map();
    const selected = sel.cards.map((i) => `card-${i}`);
    if (!legal.length) return expectation(offered, selected);
    const places = new Set(legal.flatMap(moParts).filter((p) => (p.startsWith('loc:') || p.startsWith('piece:')) && !p.startsWith('piece:camp:')));
    for (const part of places) {
      if (sel.parts.includes(part)) selected.push(part);
      else if (offer(part)) offered.set(part, offer(part));
    }
    hand.forEach((kind, i) => {
      if (!sel.cards.includes(i) && offer(`card:${kind}`)) offered.set(`card-${i}`, offer(`card:${kind}`));
    });
    for (const strength of new Set([...(view.camp || [])].sort((a, b) => a - b))) {
      for (const part of [`str:${strength}`, `piece:camp:${MO_LETTERS[view.viewer]}${strength}`]) {
        if (sel.parts.includes(part)) {
          selected.push(`camp-${strength}`);
          break;
        }
        if (offer(part)) {
          offered.set(`camp-${strength}`, offer(part));
          break;
        }
      }
    }
    for (const m of legal) {
      if (m.kind === 'take') offered.set(`epoch-${m.card}`, m.text);
      if (['rank', 'victim', 'award'].includes(m.kind)) offered.set(`btn-${m.kind}-${m.player}`, m.text);
      if (['pass', 'build', 'done'].includes(m.kind)) offered.set(`btn-${m.kind}`, m.text);
      if (m.kind === 'bid' && sameItems(moParts(m), chosen)) offered.set('btn-bid', m.text);
    }
    if (view.step === 'carve' && sel.parts.some((p) => p.startsWith('loc:V'))) {
      for (const face of ['face:up', 'face:down']) {
        const choice = offer(face);
        if (choice && choice !== face) offered.set(`btn-face-${face}`, choice);
      }
    }
    return expectation(offered, selected);
  },
  checkGlow() {},
  paths(move, view, legal) {
    const piece = (p) => (p.location === 'camp' ? `camp-${p.strength}` : moPiece(p));
    const cards = (list) => list.map((kind) => `card:${kind}`);
    // The place of a placement, or the target of a raid, clicked first
    // plays the only move it leaves.
    const alone = (part) => legal.filter((m) => moParts(m).includes(part)).length === 1;
    switch (move.kind) {
      case 'bid':
        return [[...cards(move.cards), 'btn-bid'], [...cards(move.cards).reverse(), 'btn-bid']];
      case 'birth':
        return [cards(move.cards), cards(move.cards).reverse()];
      case 'rank':
      case 'victim':
      case 'award':
        return [[`btn-${move.kind}-${move.player}`]];
      case 'take':
        return [[`epoch-${move.card}`]];
      case 'erode':
        return [[`loc:${move.field}`]];
      case 'sink':
        return [[`loc:${move.boat}`]];
      case 'kill':
      case 'lose':
      case 'starve':
      case 'rest':
        return [[piece(move.piece)]];
      case 'place': {
        const place = `loc:${move.location}`;
        return [[`camp-${move.strength}`, place], alone(place) ? [place] : [place, `camp-${move.strength}`]];
      }
      case 'swap':
        return [move.pieces.map(piece), move.pieces.map(piece).reverse()];
      case 'carve': {
        // With a tile to turn, its side is chosen on a button.
        const sides = legal.filter((m) => m.kind === 'carve' && m.space === move.space).length;
        return sides > 1 ? [[`loc:${move.space}`, `btn-face-${move.face_down ? 'face:down' : 'face:up'}`]] : [[`loc:${move.space}`]];
      }
      case 'raid': {
        const target = piece(move.target);
        return [[`card:${move.card}`, target], alone(target) ? [target] : [target, `card:${move.card}`]];
      }
      default:
        return [[`btn-${move.kind}`]];
    }
  },
  find(step, view, sel) {
    if (step.startsWith('card:')) {
      const index = view.hand.findIndex((kind, i) => kind === step.slice(5) && !sel.cards.includes(i));
      return `card-${index}`;
    }
    return step;
  },
};

// -- Haleakala ------------------------------------------------------------------------------

const HALEAKALA = {
  select: haleakala,
  elements(all) {
    const out = new Map();
    for (const target of all.board) out.set(target.key, target);
    for (const disc of all.hand.discs) out.set(`disc-${disc.value}`, disc);
    if (all.hand.invoke) out.set('invoke', { ...all.hand.invoke, invoke: true });
    for (const take of all.hand.takes) out.set(`back-${take.value}`, take);
    for (const button of all.buttons) out.set(`btn-${button.kind}`, button);
    if (all.market) {
      for (const option of all.market.options) out.set(all.market.kind === 'pick' ? `pick-${option.slot}` : `buy-${option.item}`, option);
    }
    return out;
  },
  /** The decision due sets the elements: in a turn a disc of the reserve
   * (and the invocation disc) while a placement has them, then the beaches
   * that complete it; the discs that can come back and the boat, with
   * nothing selected. A crater with lava, then a crater it can flow to. */
  expected(view, legal, sel) {
    const offered = new Map();
    const selected = [];
    const me = view.viewer;
    const player = view.players[me];
    const set = (key, m) => offered.set(key, m.text);
    if (view.phase === 'turn' && legal.length) {
      const places = legal.filter((m) => m.kind === 'place' && (!sel.invoke || m.invoke));
      for (const value of player.reserve) {
        if (sel.value === value) selected.push(`disc-${value}`);
        else if (places.some((m) => m.value === value)) offered.set(`disc-${value}`, `disc:${value}`);
      }
      if (player.invocation === 'reserve') {
        if (sel.invoke) selected.push('invoke');
        else if (legal.some((m) => m.kind === 'place' && m.invoke && (sel.value === null || m.value === sel.value))) offered.set('invoke', 'invoke');
      }
      if (sel.value !== null) {
        for (const m of places) if (m.value === sel.value && m.invoke === sel.invoke) set(`beach-${m.beach}`, m);
      }
      if (sel.value === null && !sel.invoke) {
        for (const m of legal) {
          if (m.kind === 'take') {
            set(`take-${me}-${m.value}`, m);
            set(`back-${m.value}`, m);
          }
          if (m.kind === 'boat') {
            set('boat', m);
            set('btn-boat', m);
          }
        }
      }
    }
    for (const m of legal) {
      if (m.kind === 'shaman') set(`space-${m.space}`, m);
      if (m.kind === 'stay') {
        set(`stay-${me}`, m);
        set('btn-stay', m);
      }
      if (m.kind === 'pick') {
        const section = view.pending ? view.pending.section : view.boat;
        set(`slot-${section}-${m.slot}`, m);
        set(`pick-${m.slot}`, m);
      }
      if (m.kind === 'buy') {
        set(`item-${m.item}`, m);
        set(`buy-${m.item}`, m);
      }
      if (m.kind === 'decline' || m.kind === 'pass' || m.kind === 'noraise') set(`btn-${m.kind}`, m);
      if (m.kind === 'raise') {
        if (view.pending) set(`space-${view.pending.space}`, m);
        set('btn-raise', m);
      }
      if (m.kind === 'lava') {
        if (sel.crater === null) offered.set(`crater-${m.crater}`, `crater:${m.crater}`);
        else if (m.crater === sel.crater) set(`crater-${m.to}`, m);
      }
    }
    if (sel.crater !== null) selected.push(`crater-${sel.crater}`);
    return expectation(offered, selected);
  },
  checkGlow(all) {
    for (const target of all.board) assert.equal(Boolean(target.strong || target.selected), true, `${target.key} glows`);
  },
  paths(move, view) {
    const me = view.viewer;
    switch (move.kind) {
      case 'place':
        return move.invoke
          ? [[`disc-${move.value}`, 'invoke', `beach-${move.beach}`], ['invoke', `disc-${move.value}`, `beach-${move.beach}`]]
          : [[`disc-${move.value}`, `beach-${move.beach}`]];
      case 'take':
        return [[`take-${me}-${move.value}`], [`back-${move.value}`]];
      case 'boat':
        return [['boat'], ['btn-boat']];
      case 'shaman':
        return [[`space-${move.space}`]];
      case 'stay':
        return [[`stay-${me}`], ['btn-stay']];
      case 'pick': {
        const section = view.pending ? view.pending.section : view.boat;
        return [[`slot-${section}-${move.slot}`], [`pick-${move.slot}`]];
      }
      case 'lava':
        return [[`crater-${move.crater}`, `crater-${move.to}`]];
      case 'buy':
        return [[`item-${move.item}`], [`buy-${move.item}`]];
      case 'raise':
        return [[`space-${view.pending.space}`], ['btn-raise']];
      default:
        return [[`btn-${move.kind}`]];
    }
  },
  find: (step) => step,
};

const GAMES = { kahuna: KAHUNA, kanaloa: KANALOA, moai: MOAI, haleakala: HALEAKALA };

// -- the walks --------------------------------------------------------------------------------

function look(game, position, selection) {
  const all = game.select.targets(position.view, position.legal, selection);
  return { all, elements: game.elements(all, position.view) };
}

/** Click `path` towards `move`, checking each step. */
function makeMove(game, position, move, path) {
  const { view, legal } = position;
  let selection = game.select.emptySelection();
  path.forEach((step, n) => {
    const { all, elements } = look(game, position, selection);
    assert.deepEqual(offers(elements), game.expected(view, legal, selection), `what is offered before "${step}"`);
    game.checkGlow(all, selection);
    const key = game.find(step, view, selection, all);
    const target = elements.get(key);
    assert.ok(target && target.choice, `"${step}" (${key}) is offered`);
    const result = game.select.click(view, legal, selection, target);
    if (n < path.length - 1) {
      assert.equal(result.move, null, `"${step}" only selects`);
      assert.ok(!legal.some((m) => m.text === target.choice), `"${step}" shows no move's text`);
      selection = result.selection;
    } else {
      assert.equal(target.choice, move.text, `"${step}" shows the move`);
      assert.deepEqual(result.move, move, `"${step}" plays ${move.text}`);
      assert.deepEqual(result.selection, game.select.emptySelection(), 'the selection starts over');
    }
  });
}

/** Every selection clicks can reach; what each click does. */
function explore(game, position) {
  const { view, legal } = position;
  const key = (selection) => JSON.stringify(selection, (k, v) => (Array.isArray(v) && v.every((x) => typeof x !== 'object') ? [...v].sort() : v));
  const empty = game.select.emptySelection();
  const seen = new Set();
  const played = new Set();
  const queue = [empty];
  while (queue.length) {
    const selection = queue.pop();
    if (seen.has(key(selection))) continue;
    seen.add(key(selection));
    const { all, elements } = look(game, position, selection);
    assert.deepEqual(offers(elements), game.expected(view, legal, selection), `what is offered after ${key(selection)}`);
    game.checkGlow(all, selection);
    const clickable = [...elements.values()].filter((t) => t.choice && !t.selected);
    if (key(selection) !== key(empty)) assert.ok(clickable.length, `a dead end after ${key(selection)}`);
    for (const target of elements.values()) {
      if (!target.choice && !target.selected) continue;
      const result = game.select.click(view, legal, selection, target);
      if (result.move) {
        assert.ok(legal.some((m) => m.text === result.move.text), `${result.move.text} is legal`);
        assert.equal(target.choice, result.move.text);
        played.add(result.move.text);
      } else {
        assert.notEqual(key(result.selection), key(selection), `a click on ${target.choice || 'a selected element'} changes the selection`);
        queue.push(result.selection);
      }
    }
    assert.ok(seen.size < 5000, 'the selections are finite');
  }
  return played;
}

// -- the tests -------------------------------------------------------------------------------

for (const [id, game] of Object.entries(GAMES)) {
  const positions = FIXTURES[id];

  test(`${id}: every legal move, clicked in each order a player may, offers the right elements and plays that move`, () => {
    assert.ok(positions.length > 0);
    let made = 0;
    for (const position of positions) {
      for (const move of position.legal) {
        const paths = game.paths(move, position.view, position.legal).filter((path) => !game.usable || game.usable(path, move, position.legal));
        assert.ok(paths.length, `${move.text}: a way to click it`);
        for (const path of paths) {
          try {
            makeMove(game, position, move, path);
          } catch (error) {
            error.message = `${position.name}: ${move.text} by ${path.join(', ')}: ${error.message}`;
            throw error;
          }
          made += 1;
        }
      }
    }
    assert.ok(made >= positions.length);
  });

  test(`${id}: every selection offers the right elements, no click leads to a dead end, and the clicks reach exactly the legal moves`, () => {
    for (const position of positions) {
      const played = explore(game, position);
      assert.deepEqual([...played].sort(), position.legal.map((m) => m.text).sort(), position.name);
    }
  });

  test(`${id}: a player who may not act is offered nothing`, () => {
    for (const position of positions) {
      const { elements } = look(game, { view: position.view, legal: [] }, game.select.emptySelection());
      assert.deepEqual(offers(elements), { offered: {}, selected: [] }, position.name);
    }
  });

  test(`${id}: the positions hold every kind of move`, () => {
    const kinds = new Set(positions.flatMap((position) => position.legal.map((m) => m.kind)));
    const expected = {
      kahuna: ['place', 'remove', 'hide', 'draw', 'take', 'skip'],
      kanaloa: ['choose', 'colour', 'build', 'replace', 'remove', 'discard', 'draw', 'take', 'end', 'pass', 'ku', 'steal', 'pele', 'give', 'lono draw', 'lono take'],
      moai: ['bid', 'rank', 'take', 'victim', 'erode', 'kill', 'lose', 'sink', 'place', 'pass', 'swap', 'award', 'carve', 'done', 'raid', 'starve', 'rest', 'birth', 'build'],
      haleakala: ['place', 'take', 'boat', 'shaman', 'stay', 'pick', 'lava', 'decline', 'buy', 'pass', 'raise', 'noraise'],
    }[id];
    assert.deepEqual([...kinds].sort(), [...expected].sort());
  });
}

// Exact cases, position by position: what glows after each click.

test('kahuna: a card, then a line: the lines the card can lay a bridge on glow, and the line plays', () => {
  const position = FIXTURES.kahuna.find((p) => p.legal.some((m) => m.kind === 'place'));
  const move = position.legal.find((m) => m.kind === 'place');
  const index = position.view.hand.indexOf(move.card);
  const all = kahuna.targets(position.view, position.legal, { cards: [index], line: null });
  const glowing = all.lines.filter((l) => l.strong).map((l) => l.line).sort();
  const layable = position.legal
    .filter((m) => (m.kind === 'place' && m.card === move.card) || (m.kind === 'remove' && m.cards.includes(move.card)))
    .map((m) => `${position.view.lines[m.line].a}-${position.view.lines[m.line].b}`);
  assert.deepEqual(glowing, [...new Set(layable)].sort());
  const line = all.lines.find((l) => l.move && l.move.text === move.text);
  assert.deepEqual(sorted(line.move), sorted(move));
  assert.deepEqual(kahuna.click(position.view, position.legal, { cards: [index], line: null }, line), { selection: kahuna.emptySelection(), move });
});
