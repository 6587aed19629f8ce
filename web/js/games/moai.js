// The Moai renderer: draws a snapshot (the island, the clans, the epoch
// display, the viewer's cards and camp) and turns clicks into moves. It holds
// no rules: every target comes from the snapshot's `legal` list, and a
// selection only narrows it.
//
// Each legal move is made of parts, the things a player clicks:
//   bid        the cards (card:1, card:R …), then "Bid" to confirm
//   place      a strength of the camp (str:2) and a place (loc:F5), either first
//   swap       two of one's own pieces (piece:S1:R2fd, piece:F3:R1)
//   carve      a volcano space (loc:V2), then the tile's side when there is a tile
//   raid       a face-up piece of another clan and the card of its strength
//   birth      two cards
//   and one click for everything else: an epoch card, a victim, a field to
//   erode, a piece to kill, lose, starve or rest, a boat, a tied clan, pass,
//   done, build.
// An element is offered when adding its part to the selection leaves some
// legal move possible; when that completes a move (or leaves a single one, for
// the place of a placement, the space of a carving and the target of a raid)
// its data-choice is the move's text and a click plays it. Otherwise its
// data-choice is the part, and a click selects it. Every click therefore
// narrows towards a legal move, in any order, and never dead-ends.
//
// Besides, it keeps the others' latest moves marked (`lastMove`, their public
// events) and shows a suggested move (`suggest`, a hint).

import { t, plural } from '../i18n.js';
import { createBoard, pieceText } from './moai-board.js';
import { renderPlayers, renderRound, renderScoreline, renderHand, renderMarket, renderActions, endDetails, kindName } from './moai-panel.js';
import { logParams, eventMarks, LETTERS, cardName, cardsText, placeAt, placeName } from './moai-log.js';
import { loadStylesheet, PORTRAIT, isSameTurn, screenOf, focusedKey, restoreFocus, within } from './renderer-common.js';

// The stylesheet belongs to this renderer: it is loaded with it, before the
// first drawing.
await loadStylesheet('moai');

const pieceKey = (p) => pieceText(p.location, p.player, p.strength, p.face_up);

/** The parts a move is made of (see the head of this file). */
function partsOf(m) {
  switch (m.kind) {
    case 'bid':
    case 'birth':
      return m.cards.map((kind) => `card:${kind}`);
    case 'rank':
      return [`rank:${m.player}`];
    case 'take':
      return [`epoch:${m.card}`];
    case 'victim':
      return [`victim:${m.player}`];
    case 'erode':
      return [`loc:${m.field}`];
    case 'kill':
    case 'lose':
    case 'starve':
    case 'rest':
      return [`piece:${pieceKey(m.piece)}`];
    case 'sink':
      return [`loc:${m.boat}`];
    case 'place':
      return [`str:${m.strength}`, `loc:${m.location}`];
    case 'swap':
      return m.pieces.map((p) => `piece:${pieceKey(p)}`);
    case 'award':
      return [`award:${m.player}`];
    case 'carve':
      return [`loc:${m.space}`, m.face_down ? 'face:down' : 'face:up'];
    case 'raid':
      return [`card:${m.card}`, `piece:${pieceKey(m.target)}`];
    default:
      return [m.kind];
  }
}

/** Moves completed by a single remaining possibility when this part is
 * clicked: the place of a placement, the space of a carving, a raid's target. */
const COMPLETES = { place: 'loc:', carve: 'loc:', raid: 'piece:' };

const EMPTY = () => ({ parts: [], cards: [] });

export function createRenderer(host) {
  const { els, onChoice } = host;
  let snapshot = null;
  let view = null;
  let names = [];
  let interactive = false;
  let selection = EMPTY();
  let lastMove = [];
  let suggestion = null;

  const board = createBoard(els.board, {
    onPick: (part) => pick(part),
    onBackground: () => clearSelection(),
  });

  const legal = () => (snapshot && interactive ? snapshot.legal : []);
  const hand = () => (view && view.hand) || [];
  const letter = (seat) => LETTERS[seat];
  const hasSelection = () => selection.parts.length > 0 || selection.cards.length > 0;

  function selectedParts() {
    return [...selection.parts, ...selection.cards.map((i) => `card:${hand()[i]}`)];
  }

  /** What clicking an element of `part` does now: a move's text (it plays),
   * the part itself (it selects), or null (not offered). */
  function offer(part) {
    const want = [...selectedParts(), part];
    const open = legal().filter((m) => within(want, partsOf(m)));
    if (!open.length) return null;
    const exact = open.find((m) => m.kind !== 'bid' && partsOf(m).length === want.length);
    if (exact) return exact.text;
    if (open.length === 1 && COMPLETES[open[0].kind] && part.startsWith(COMPLETES[open[0].kind])) return open[0].text;
    return part;
  }

  /** The moves a selection still allows. */
  function stillOpen() {
    const want = selectedParts();
    return legal().filter((m) => within(want, partsOf(m)));
  }

  // -- the targets ----------------------------------------------------------------------

  const suggestedParts = () => (suggestion ? partsOf(suggestion) : []);

  /** Everything clickable on the board: part → {choice, label, selected, suggested}. */
  function boardTargets() {
    const targets = new Map();
    if (!view || !interactive) return targets;
    const hinted = suggestedParts();
    const add = (part) => {
      if (targets.has(part)) return;
      const selected = selection.parts.includes(part);
      const choice = selected ? null : offer(part);
      if (!selected && !choice) return;
      targets.set(part, { choice, selected, suggested: hinted.includes(part), label: selected ? null : targetLabel(part, choice) });
    };
    for (const m of legal()) for (const part of partsOf(m)) if (part.startsWith('loc:') || part.startsWith('piece:')) add(part);
    return targets;
  }

  /** An accessible name for a board target: the move it plays, or what it selects. */
  function targetLabel(part, choice) {
    const move = legal().find((m) => m.text === choice);
    if (move) return moveText(move);
    if (part.startsWith('loc:')) return t('moai.aria.choose_place', { place: placeName(part.slice(4)) });
    return null;
  }

  function handCards() {
    const hinted = [...suggestedParts()];
    return hand().map((kind, index) => {
      const part = `card:${kind}`;
      let suggested = false;
      const at = hinted.indexOf(part);
      if (at >= 0) {
        hinted.splice(at, 1);
        suggested = true;
      }
      if (!interactive) return { index, kind, suggested };
      if (selection.cards.includes(index)) return { index, kind, selected: true, suggested };
      const choice = offer(part);
      const move = choice ? legal().find((m) => m.text === choice) : null;
      return { index, kind, choice, suggested, label: move ? t('moai.aria.complete', { move: moveText(move) }) : null };
    });
  }

  function campChips() {
    if (!view || !view.camp) return [];
    const byStrength = new Map();
    for (const s of view.camp) byStrength.set(s, (byStrength.get(s) || 0) + 1);
    const hinted = suggestedParts();
    return [...byStrength.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([strength, count]) => {
        const parts = [`str:${strength}`, `piece:camp:${letter(view.viewer)}${strength}`];
        const chip = { strength, count, suggested: parts.some((p) => hinted.includes(p)) };
        if (!interactive) return chip;
        for (const part of parts) {
          if (selection.parts.includes(part)) return { ...chip, part, selected: true };
          const choice = offer(part);
          if (choice) {
            const move = legal().find((m) => m.text === choice);
            return { ...chip, part, choice, label: move ? moveText(move) : t('moai.aria.choose_strength', { strength }) };
          }
        }
        return chip;
      });
  }

  function epochTargets() {
    const take = new Map();
    for (const m of legal()) if (m.kind === 'take') take.set(m.card, m.text);
    return take;
  }

  /** The buttons of the action bar. */
  function actionButtons() {
    const out = [];
    if (!interactive) return out;
    const moves = legal();
    const hinted = suggestion ? suggestion.text : null;
    const button = (m, text, extra = {}) => out.push({ text, choice: m.text, key: `btn-${m.text}`, suggested: hinted === m.text, ...extra });
    const step = view.step;
    if (step === 'bid') {
      const chosen = selectedParts();
      const bid = moves.find((m) => m.kind === 'bid' && partsOf(m).length === chosen.length && within(chosen, partsOf(m)));
      if (bid) {
        const text = bid.cards.length ? t('moai.action.bid', { cards: cardsText(bid.cards), value: bid.value }) : t('moai.action.bid_nothing');
        out.push({ text, choice: bid.text, key: 'btn-bid', kind: 'primary', suggested: hinted === bid.text });
      }
    }
    for (const m of moves) {
      if (m.kind === 'rank') {
        const value = view.pending && view.pending.values ? view.pending.values[m.player] : null;
        button(m, t('moai.action.rank', { player: names[m.player], value }), { seat: m.player, key: `btn-rank-${m.player}` });
      } else if (m.kind === 'victim') {
        button(m, names[m.player], { seat: m.player, key: `btn-victim-${m.player}`, label: moveText(m) });
      } else if (m.kind === 'award') {
        button(m, names[m.player], { seat: m.player, key: `btn-award-${m.player}`, label: moveText(m) });
      }
    }
    // The tile's side, once a volcano space with a tile is chosen.
    const space = selection.parts.find((p) => p.startsWith('loc:V'));
    if (step === 'carve' && space) {
      for (const face of ['face:up', 'face:down']) {
        const choice = offer(face);
        if (choice && choice !== face) {
          out.push({ text: t(`moai.action.${face === 'face:up' ? 'tile_up' : 'tile_down'}`), choice, key: `btn-${face}`, kind: face === 'face:up' ? 'primary' : '', suggested: hinted === choice });
        }
      }
    }
    if (hasSelection()) out.push({ text: t('moai.action.cancel'), choice: null, key: 'btn-cancel', kind: 'ghost', cancel: true });
    for (const m of moves) {
      if (m.kind === 'pass') button(m, t('moai.action.pass'), { kind: 'skip-btn' });
      else if (m.kind === 'build') button(m, t('moai.action.build'), { kind: 'primary' });
      else if (m.kind === 'done') button(m, t(`moai.action.done_${step}`), { kind: 'skip-btn' });
    }
    return out;
  }

  // -- words ----------------------------------------------------------------------------------

  function pieceWords(p) {
    return t(p.face_up ? 'moai.words.piece' : 'moai.words.piece_down', { player: names[p.player], strength: p.strength, place: placeAt(p.location) });
  }

  /** A move in words, as the end of a sentence ("place a strength-2 piece on field F5"). */
  function moveText(move) {
    if (!move) return '';
    switch (move.kind) {
      case 'bid':
        return move.cards.length ? t('moai.move.bid', { cards: cardsText(move.cards), value: move.value }) : t('moai.move.bid_nothing');
      case 'rank': {
        const position = view && view.pending && view.pending.ranking ? view.pending.ranking.length + 1 : '';
        return t('moai.move.rank', { player: names[move.player], position });
      }
      case 'take':
        return t('moai.move.take', { card: cardName(move.card), id: move.card });
      case 'victim':
        return t('moai.move.victim', { player: names[move.player] });
      case 'erode':
        return t('moai.move.erode', { place: placeName(move.field) });
      case 'kill':
        return t('moai.move.kill', { piece: pieceWords(move.piece) });
      case 'lose':
        return t('moai.move.lose', { piece: pieceWords(move.piece) });
      case 'sink':
        return t('moai.move.sink', { place: placeName(move.boat) });
      case 'place': {
        const fresh = move.zone === 'volcano' && view && !view.volcano.some((s) => s.id === move.location);
        const hidden = (move.zone === 'forest' || move.zone === 'volcano') && !(view && view.options.all_face_up);
        const key = fresh ? 'moai.move.place_new' : hidden ? 'moai.move.place_hidden' : 'moai.move.place';
        return t(key, { strength: move.strength, place: placeAt(move.location) });
      }
      case 'pass':
        return t('moai.move.pass');
      case 'swap':
        return t('moai.move.swap', { a: pieceWords(move.pieces[0]), b: pieceWords(move.pieces[1]) });
      case 'award':
        return t('moai.move.award', { place: placeName(move.space), player: names[move.player] });
      case 'carve': {
        const tile = legal().some((m) => m.kind === 'carve' && m.space === move.space && m.face_down);
        const key = move.face_down ? 'moai.move.carve_down' : tile ? 'moai.move.carve' : 'moai.move.abandon';
        return t(key, { place: placeName(move.space), height: spaceHeight(move.space) });
      }
      case 'done':
        return t(`moai.move.done_${(view && view.step) || 'carve'}`);
      case 'raid':
        return t('moai.move.raid', { piece: pieceWords(move.target), card: kindName(move.card) });
      case 'starve':
        return t('moai.move.starve', { piece: pieceWords(move.piece) });
      case 'rest':
        return t('moai.move.rest', { piece: pieceWords(move.piece) });
      case 'birth':
        return t('moai.move.birth', { cards: cardsText(move.cards) });
      case 'build':
        return t('moai.move.build');
      default:
        return move.text;
    }
  }

  function spaceHeight(id) {
    const space = view && view.volcano.find((s) => s.id === id);
    return space ? space.pieces.reduce((a, p) => a + (p[1] || 0), 0) : 0;
  }

  /** The line under the status: what to do now. */
  function hint() {
    if (!interactive || !view) return '';
    const step = view.step;
    const pending = view.pending || {};
    const chosen = selectedParts();
    if (step === 'bid') {
      if (!chosen.length) return t(view.options.open_bids || view.options.title_rule ? 'moai.hint.bid_open' : 'moai.hint.bid');
      const value = chosen.reduce((a, p) => a + (p === 'card:R' ? 1 : Number(p.slice(5))), 0);
      return t('moai.hint.bid_more', { value });
    }
    if (step === 'work') {
      const str = selection.parts.find((p) => p.startsWith('str:'));
      const loc = selection.parts.find((p) => p.startsWith('loc:'));
      const piece = selection.parts.find((p) => p.startsWith('piece:'));
      if (str) return t('moai.hint.place_where', { strength: str.slice(4) });
      if (loc) return t('moai.hint.place_which', { place: placeName(loc.slice(4)) });
      if (piece) return t('moai.hint.swap_second');
      if (view.camp && view.camp.length) return t(view.options.all_face_up ? 'moai.hint.work_up' : 'moai.hint.work');
      return t('moai.hint.work_empty');
    }
    if (step === 'carve') {
      if (selection.parts.some((p) => p.startsWith('loc:'))) return t('moai.hint.carve_side');
      return t('moai.hint.carve', { wood: view.wood.stocks[view.viewer] });
    }
    if (step === 'raid') {
      if (selection.parts.some((p) => p.startsWith('piece:'))) return t('moai.hint.raid_card');
      if (chosen.length) return t('moai.hint.raid_target');
      return plural('moai.hint.raid', pending.deficit - (pending.raids || 0));
    }
    if (step === 'birth') {
      if (chosen.length === 1) return t('moai.hint.birth_second');
      return t(pending.compulsory ? 'moai.hint.birth_final' : 'moai.hint.birth');
    }
    if (step === 'rank') return t('moai.hint.rank', { position: (pending.ranking || []).length + 1 });
    if (step === 'victim') return t('moai.hint.victim', { card: cardName(pending.card) });
    if (step === 'kill') return t('moai.hint.kill', { player: names[pending.victim] });
    if (step === 'lose') return t('moai.hint.lose', { card: cardName(pending.card) });
    if (step === 'starve') return plural('moai.hint.starve', pending.to_remove || 1);
    if (step === 'rest') return plural('moai.hint.rest', pending.left || 1);
    if (step === 'award') return t('moai.hint.award', { place: placeName(pending.space) });
    if (step === 'take') return t('moai.hint.take');
    if (step === 'erode') return t('moai.hint.erode');
    if (step === 'sink') return t('moai.hint.sink');
    return '';
  }

  // -- clicks --------------------------------------------------------------------------------

  function pick(part) {
    if (!interactive) return;
    if (selection.parts.includes(part)) {
      selection.parts = selection.parts.filter((p) => p !== part);
      return refresh();
    }
    const choice = offer(part);
    if (!choice) return;
    if (choice !== part) return play(choice);
    selection.parts = [...selection.parts, part];
    refresh();
  }

  function pickCard(card) {
    if (!interactive) return;
    if (selection.cards.includes(card.index)) {
      selection.cards = selection.cards.filter((i) => i !== card.index);
      return refresh();
    }
    if (!card.choice) return;
    if (card.choice !== `card:${card.kind}`) return play(card.choice);
    selection.cards = [...selection.cards, card.index];
    refresh();
  }

  function pickCamp(chip) {
    if (!interactive || !chip.part) return;
    pick(chip.part);
  }

  function onButton(button) {
    if (button.cancel) return clearSelection();
    if (button.choice) play(button.choice);
  }

  function play(text) {
    selection = EMPTY();
    onChoice(text);
  }

  function clearSelection() {
    if (!hasSelection()) return;
    selection = EMPTY();
    refresh();
  }

  // -- drawing -------------------------------------------------------------------------------

  /** The places a suggested move names, to ring them on the board. */
  function suggestedPlaces() {
    if (!suggestion) return [];
    const out = [];
    for (const part of partsOf(suggestion)) {
      if (part.startsWith('loc:')) out.push(part.slice(4));
      else if (part.startsWith('piece:')) {
        const place = part.slice(6).split(':')[0];
        if (place !== 'camp') out.push(place);
      }
    }
    return out;
  }

  /** Where the focus goes once a redraw has replaced the focused element. */
  const focusRules = {
    // A strength just chosen from the keyboard: go on to the places.
    afterChoice: (same) => (els.board.contains(same) ? null : els.board.querySelector('[data-choice]')),
    next: '.board-frame [data-choice], #hand [data-choice], #market [data-choice], #actions [data-choice]',
  };

  /** Redraw what depends on the selection: board targets, hand, market, actions. */
  function refresh() {
    if (!view) return;
    const focusKey = focusedKey();
    if (hasSelection() && !stillOpen().length) selection = EMPTY();
    board.draw(view, {
      portrait: PORTRAIT.matches,
      targets: boardTargets(),
      names,
      marks: eventMarks(lastMove),
      suggested: suggestedPlaces(),
    });
    renderHand(els.hand, view, { cards: handCards(), camp: campChips(), onCard: pickCard, onCamp: pickCamp });
    const hinted = suggestion && suggestion.kind === 'take' ? suggestion.card : null;
    renderMarket(els.market, view, { take: epochTargets(), onChoice: play, suggested: hinted });
    renderActions(els.actions, { hint: hint(), buttons: actionButtons(), interactive, onButton });
    if (focusKey) restoreFocus(screenOf(els.board), focusKey, focusRules);
  }

  /** Draw a snapshot. `options.interactive` false shows the position only;
   * `options.lastMove` are the others' latest public events, kept marked. */
  function render(snap, options = {}) {
    const sameTurn = isSameTurn(snapshot, snap, view);
    snapshot = snap;
    view = snap.view;
    names = options.names || names;
    interactive = Boolean(options.interactive) && snap.legal.length > 0;
    if (!sameTurn || !interactive) selection = EMPTY();
    if (!sameTurn) suggestion = null;
    if (options.lastMove) lastMove = options.lastMove;
    const marks = eventMarks(lastMove);
    renderPlayers(els.players, view, { names, viewer: snap.viewer, lastCards: marks.cards });
    renderRound(els.round, view);
    renderScoreline(els.scoreline, view, { names });
    refresh();
  }

  function flashEvents(events, duration) {
    board.flash(eventMarks(events), duration);
  }

  /** Show a suggested move (a `to_dict()` of a legal move), or none. */
  function suggest(move) {
    suggestion = move || null;
    if (suggestion) selection = EMPTY();
    refresh();
  }

  function onOrientation() {
    if (snapshot) {
      board.reset();
      render(snapshot, { names, interactive, lastMove });
    }
  }
  PORTRAIT.addEventListener('change', onOrientation);

  function destroy() {
    PORTRAIT.removeEventListener('change', onOrientation);
    board.reset();
    for (const el of Object.values(els)) {
      if (!el) continue;
      el.replaceChildren();
      el.classList.remove('mo-market');
      if (el === els.market) el.hidden = false;
    }
  }

  return {
    render,
    flashEvents,
    clearSelection,
    suggest,
    moveText,
    destroy,
    logParams: (event, ctx) => logParams(event, ctx),
    endDetails: (snap, names) => endDetails(snap.view, snap.result, names),
  };
}

