// The Kanaloa renderer: draws a snapshot (board and panels) and turns clicks
// into moves. It holds no rules: every target it offers comes from the
// snapshot's `legal` list, and a selection only narrows that list.
//
// A selection is some hand cards and KANALOA stones (the joker) and at most
// one link, or one of the other god stones (KU, PELE, LONO) chosen before its
// target. The card moves still possible are the legal builds, replacements
// and face-down discards whose cards contain the selected ones and whose link
// is the selected link. A card, a stone or a link is offered when adding it
// leaves some move possible; when it completes a move exactly, its
// data-choice is that move's text and a click plays it. Every click therefore
// narrows towards a legal move, in any order, and never dead-ends; Escape or
// "Cancel" starts over.
//
// It also keeps the latest moves of the other players marked (`lastMove`,
// their public events) and shows a suggested move (`suggest`, a hint) on the
// elements that would play it.

import { t } from '../i18n.js';
import { createBoard, colourWords } from './kanaloa-board.js';
import {
  renderPlayers,
  renderRound,
  renderHand,
  renderMarket,
  renderActions,
  renderScoreline,
  endDetails,
} from './kanaloa-panel.js';
import { logParams, eventMarks } from './kanaloa-log.js';
import { narrow, laneTargets } from './archipelago.js';
import { PORTRAIT, isSameTurn, screenOf, focusedKey, restoreFocus, firstOf } from './renderer-common.js';

const JOKER = 'KANALOA';
const CARD_KINDS = new Set(['build', 'replace', 'discard']);
const STONE_KINDS = { ku: 'KU', pele: 'PELE', 'lono draw': 'LONO', 'lono take': 'LONO' };

const cardsOf = (move) => (move.kind === 'replace' ? move.cards : [move.card]);
const linkOf = (move) => (move.ends ? move.ends.join('-') : null);
const dash = (name) => String(name).replace('-', '–\u2060');

const emptySelection = () => ({ cards: [], jokers: 0, link: null, stone: null });

export function createRenderer(host) {
  const { els, onChoice } = host;
  let snapshot = null;
  let view = null;
  let names = [];
  let interactive = false;
  let selection = emptySelection();
  let lastMove = [];
  let suggestion = null;

  // A player who plays with the keyboard finds the focus on the first thing
  // to choose when a turn of theirs begins (a mouse player's page never jumps).
  let keyboardUser = false;
  const onKey = (event) => {
    if (['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) keyboardUser = true;
  };
  const onPointer = () => {
    keyboardUser = false;
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);

  const board = createBoard(els.board, {
    onTarget: (target) => pick({ link: target.link, choice: target.choice }),
    onBackground: () => clearSelection(),
  });

  const legal = () => (snapshot && interactive ? snapshot.legal : []);
  const legalOf = (kind) => legal().filter((m) => m.kind === kind);

  function cardMoves() {
    if (selection.stone) return [];
    return legal().filter((m) => CARD_KINDS.has(m.kind));
  }

  function chosenNames() {
    const hand = (view && view.hand) || [];
    return [...selection.cards.map((i) => hand[i]), ...Array(selection.jokers).fill(JOKER)];
  }

  /** What a selection of `cards` (names, KANALOA for the joker) and `link`
   * (a name or null) allows: the moves still open, and the one it completes.
   * A card discarded face down has no link. */
  function evaluate(moves, cards, link) {
    return narrow(moves, cards, link, { laneOf: (m) => (m.kind === 'discard' ? null : linkOf(m)), cardsOf });
  }

  function hasSelection() {
    return selection.cards.length > 0 || selection.jokers > 0 || selection.link !== null || selection.stone !== null;
  }

  // -- everything clickable now ------------------------------------------------------

  function targets() {
    const hand = (view && view.hand) || [];
    const all = {
      mode: 'idle',
      cards: hand.map((name, index) => ({ index, name })),
      stones: [],
      links: [],
      draw: null,
      takes: [],
      lono: false,
      buttons: [],
      tray: null,
      chosen: chosenNames(),
    };
    if (!view) return all;
    all.stones = tabletStones();
    if (!interactive) return all;
    const moves = legal();
    const pending = view.pending;
    if (moves.some((m) => m.kind === 'choose')) return setupTargets(all, moves);
    if (pending && pending.kind === 'remove') {
      all.mode = 'remove';
      for (const m of moves) {
        all.links.push({ link: linkOf(m), choice: m.text, strong: true, removal: true, label: t('kanaloa.aria.remove', { link: dash(linkOf(m)) }) });
      }
      return all;
    }
    if (pending && pending.kind === 'steal') {
      all.mode = 'steal';
      const known = (view.known_hands && view.known_hands[pending.victim]) || [];
      const offered = new Map(moves.map((m) => [m.card, m.text]));
      const shown = known.length ? known : moves.map((m) => m.card);
      all.tray = { victim: pending.victim, cards: shown.map((name) => ({ name, choice: offered.get(name) || null })) };
      return all;
    }
    if (pending && pending.kind === 'give') {
      all.mode = 'give';
      const offered = new Map(moves.map((m) => [m.card, m.text]));
      all.cards = hand.map((name, index) => ({ index, name, choice: offered.get(name) || null, give: true }));
      return all;
    }
    if (moves.some((m) => m.kind === 'colour')) {
      all.mode = 'colour';
      for (const m of moves) {
        if (m.kind === 'colour') all.buttons.push({ key: `colour-${m.colour}`, choice: m.text, colour: m.colour, kind: 'colour' });
        if (m.kind === 'pass') all.buttons.push({ key: 'pass', choice: m.text, kind: 'pass' });
      }
      return all;
    }
    return turnTargets(all, moves);
  }

  function setupTargets(all, moves) {
    all.mode = 'setup';
    const offered = new Map(moves.map((m) => [m.card, m.text]));
    const picked = selection.cards.length === 1 ? all.cards[selection.cards[0]] : null;
    all.cards = all.cards.map((card) => {
      if (picked && card.index === picked.index) return { ...card, selected: true };
      return { ...card, choice: offered.has(card.name) ? `card:${card.name}` : null };
    });
    if (picked && offered.has(picked.name)) {
      all.buttons.push({ key: 'choose', choice: offered.get(picked.name), kind: 'confirm', card: picked.name });
      all.buttons.push({ key: 'cancel', kind: 'cancel' });
    }
    return all;
  }

  /** The stones on the viewer's own tablet, one entry per stone. */
  function tabletStones() {
    if (!view || !view.gods || view.viewer === null || view.viewer === undefined) return [];
    const tablet = view.tablets[view.viewer] || {};
    const stones = [];
    for (const god of ['KANALOA', 'KU', 'PELE', 'LONO']) {
      for (let n = 0; n < (tablet[god] || 0); n++) stones.push({ god, n, key: `stone-${god}-${n}` });
    }
    return stones;
  }

  function turnTargets(all, moves) {
    all.mode = 'turn';
    const chosen = all.chosen;
    const cardPlays = cardMoves();
    const hand = all.cards;

    // Hand cards.
    all.cards = hand.map((card) => {
      if (selection.cards.includes(card.index)) return { ...card, selected: true };
      if (selection.stone) return card;
      const result = evaluate(cardPlays, [...chosen, card.name], selection.link);
      if (!result) return card;
      return { ...card, choice: result.done ? result.done.text : `card:${card.name}` };
    });

    // The stones of the tablet.
    const stoneMoves = (god) => moves.filter((m) => STONE_KINDS[m.kind] === god);
    all.stones = all.stones.map((stone) => {
      if (stone.god === JOKER) {
        if (stone.n < selection.jokers) return { ...stone, selected: true };
        if (selection.stone || stone.n > selection.jokers) return stone;
        const result = evaluate(cardPlays, [...chosen, JOKER], selection.link);
        if (!result) return stone;
        return { ...stone, choice: result.done ? result.done.text : 'stone:KANALOA' };
      }
      if (stone.n > 0) return stone;
      const uses = stoneMoves(stone.god);
      if (!uses.length) return stone;
      if (selection.stone === stone.god) return { ...stone, selected: true };
      if (hasSelection()) return stone;
      return { ...stone, choice: stone.god === 'KU' && uses.length === 1 ? uses[0].text : `stone:${stone.god}` };
    });

    // Links.
    if (!selection.stone) {
      all.links = laneTargets(view.links, selection.link, {
        word: 'link',
        open: (name) => evaluate(cardPlays, chosen, name),
        strong: chosen.length > 0 || selection.link !== null,
        label: linkLabel,
        selectedLabel: (name) => t('kanaloa.aria.link_selected', { link: dash(name) }),
      });
    }

    // The end of the turn: the talon, the face-up cards, or LONO's extra card.
    const lono = selection.stone === 'LONO';
    all.lono = lono;
    if (!hasSelection() || lono) {
      const drawKind = lono ? 'lono draw' : 'draw';
      const takeKind = lono ? 'lono take' : 'take';
      const draw = moves.find((m) => m.kind === drawKind);
      all.draw = draw ? draw.text : null;
      all.takes = moves.filter((m) => m.kind === takeKind).map((m) => ({ card: m.card, choice: m.text }));
    }

    // Buttons.
    const buttons = all.buttons;
    if (chosen.length === 1 && selection.cards.length === 1 && selection.link === null) {
      const discard = moves.find((m) => m.kind === 'discard' && m.card === chosen[0]);
      if (discard) buttons.push({ key: 'discard', choice: discard.text, kind: 'discard', card: chosen[0] });
    }
    if (selection.stone === 'KU') {
      for (const m of legalOf('ku')) buttons.push({ key: `ku-${m.player}`, choice: m.text, kind: 'ku', player: m.player });
    }
    if (selection.stone === 'PELE') {
      const pele = moves.find((m) => m.kind === 'pele');
      if (pele) buttons.push({ key: 'pele', choice: pele.text, kind: 'pele' });
    }
    if (hasSelection()) buttons.push({ key: 'cancel', kind: 'cancel' });
    if (!hasSelection()) {
      const pass = moves.find((m) => m.kind === 'pass');
      if (pass) buttons.push({ key: 'pass', choice: pass.text, kind: 'pass' });
      const end = moves.find((m) => m.kind === 'end');
      if (end) buttons.push({ key: 'end', choice: end.text, kind: 'end' });
    }
    return all;
  }

  function linkLabel(move, link, removal) {
    const name = dash(`${link.a}-${link.b}`);
    if (move && move.kind === 'build') {
      return move.card === JOKER ? t('kanaloa.aria.build_kanaloa', { link: name }) : t('kanaloa.aria.build', { link: name, card: move.card });
    }
    if (move && move.kind === 'replace') return t('kanaloa.aria.replace', { link: name, cards: move.cards.join(' + ') });
    return removal ? t('kanaloa.aria.link_bridge', { link: name }) : t('kanaloa.aria.link_free', { link: name });
  }

  // -- the sentence that says what to do -------------------------------------------------------

  function advice(all) {
    if (!interactive) return '';
    const moves = legal();
    const turn = view.turn || {};
    const chosen = all.chosen;
    switch (all.mode) {
      case 'setup':
        return selection.cards.length
          ? t('kanaloa.hint.setup_confirm', { card: chosen[0] })
          : t('kanaloa.hint.setup');
      case 'remove':
        return t('kanaloa.hint.remove', { island: (view.pending.islands || [])[0] || '' });
      case 'steal':
        return t('kanaloa.hint.steal', { player: names[view.pending.victim] || '' });
      case 'give':
        return t('kanaloa.hint.give', { player: names[(view.pending.to || [])[0]] || '' });
      case 'colour':
        return moves.some((m) => m.kind === 'pass') ? t('kanaloa.hint.colour_or_pass') : t('kanaloa.hint.colour');
      default:
        break;
    }
    if (selection.stone === 'KU') return t('kanaloa.hint.ku');
    if (selection.stone === 'PELE') return t('kanaloa.hint.pele');
    if (selection.stone === 'LONO') return t('kanaloa.hint.lono');
    if (selection.link !== null) {
      const link = view.links.find((l) => `${l.a}-${l.b}` === selection.link);
      const taken = link && link.owner !== null && link.owner !== undefined;
      if (!taken) return t('kanaloa.hint.link_free', { link: dash(selection.link), a: link.a, b: link.b });
      return chosen.length
        ? t('kanaloa.hint.second_card', { card: chosen[0] })
        : t('kanaloa.hint.link_bridge', { link: dash(selection.link), a: link.a, b: link.b });
    }
    if (chosen.length === 2) return t('kanaloa.hint.pick_bridge', { cards: chosen.join(' + ') });
    if (chosen.length === 1) {
      const parts = [];
      if (chosen[0] === JOKER) parts.push(t('kanaloa.hint.kanaloa'));
      else {
        if (all.links.some((l) => !l.removal)) parts.push(t('kanaloa.hint.card_build', { card: chosen[0] }));
        if (all.links.some((l) => l.removal) || all.cards.some((c) => c.choice && !c.selected)) parts.push(t('kanaloa.hint.card_replace'));
        if (all.buttons.some((b) => b.kind === 'discard')) parts.push(t('kanaloa.hint.card_discard'));
      }
      return parts.join(' ');
    }
    const canPlay = moves.some((m) => m.kind === 'build' || m.kind === 'replace');
    const ending = moves.some((m) => m.kind === 'draw' || m.kind === 'take' || m.kind === 'end');
    const canDiscard = moves.some((m) => m.kind === 'discard');
    if (turn.hand_cap !== undefined && view.hand && view.hand.length > turn.hand_cap) {
      return canPlay ? t('kanaloa.hint.over_limit', { cap: turn.hand_cap }) : t('kanaloa.hint.over_limit_discard', { cap: turn.hand_cap });
    }
    if (turn.must_play && !turn.cards_played && !turn.discarded) {
      return canPlay ? t('kanaloa.hint.must_play') : t('kanaloa.hint.must_discard');
    }
    if (turn.discarded) {
      // GD-9: a stone may still be used before the draw.
      const stone = moves.some((m) => STONE_KINDS[m.kind] || ((m.kind === 'build' || m.kind === 'replace') && m.kanaloa));
      return t(stone ? 'kanaloa.hint.after_discard_stone' : 'kanaloa.hint.after_discard');
    }
    if (view.final_phase) return canPlay ? t('kanaloa.hint.last_turn') : t('kanaloa.hint.last_turn_end');
    if (!canPlay && ending) return canDiscard && !turn.cards_played ? t('kanaloa.hint.draw_only') : t('kanaloa.hint.draw');
    return turn.cards_played ? t('kanaloa.hint.more_or_draw') : t('kanaloa.hint.turn');
  }

  // -- clicks ---------------------------------------------------------------------------------

  function pick({ index, link, stone, choice }) {
    if (!interactive) return;
    if (index !== undefined && selection.cards.includes(index)) {
      selection.cards = selection.cards.filter((i) => i !== index);
      return refresh();
    }
    if (link !== undefined && selection.link === link) {
      selection.link = null;
      return refresh();
    }
    if (stone && stone.god === JOKER && stone.n < selection.jokers) {
      selection.jokers -= 1;
      return refresh();
    }
    if (stone && stone.god === selection.stone) {
      selection.stone = null;
      return refresh();
    }
    if (!choice) return;
    if (choice.startsWith('card:')) {
      if (view.phase === 'setup') selection.cards = [index];
      else selection.cards = [...selection.cards, index];
      return refresh();
    }
    if (choice.startsWith('link:')) {
      selection.link = link;
      return refresh();
    }
    if (choice === 'stone:KANALOA') {
      selection.jokers += 1;
      return refresh();
    }
    if (choice.startsWith('stone:')) {
      selection = { ...emptySelection(), stone: choice.slice(6) };
      return refresh();
    }
    play(choice);
  }

  function play(text) {
    selection = emptySelection();
    onChoice(text);
  }

  function clearSelection() {
    if (!hasSelection()) return;
    selection = emptySelection();
    refresh();
  }

  /** Where the focus goes once a redraw has replaced the focused element. */
  const focusRules = {
    // A card or a stone just chosen from the keyboard: go on to the links it can use.
    afterChoice: (same, key) =>
      key.startsWith('card-') || key.startsWith('stone-') ? firstOf(els.board, '.link-target.strong.suggested', '.link-target.strong') : null,
    next: '.link-target.strong, .card.target, .kn-stone.target, .pile.target, .actions [data-choice]',
    stay: true,
  };

  /** Redraw what depends on the selection: targets, hand, market, actions. */
  function refresh() {
    if (!view) return;
    // Redrawing replaces the elements: keep the keyboard focus where it was.
    const active = document.activeElement;
    const focusKey = focusedKey();
    const all = targets();
    board.drawTargets(all.links);
    renderHand(els.hand, view, all, {
      names,
      onPick: (card) => pick({ index: card.index, choice: card.choice }),
      onStone: (stone) => pick({ stone, choice: stone.choice }),
    });
    renderMarket(els.market, view, all, { names, onChoice: play });
    renderActions(els.actions, view, all, {
      names,
      advice: advice(all),
      interactive,
      onChoice: play,
      onCancel: clearSelection,
    });
    markSuggestion(all);
    if (focusKey) restoreFocus(screenOf(els.board), focusKey, focusRules);
    else if (keyboardUser && interactive && (!active || active === document.body)) focusFirst();
  }

  function focusFirst() {
    const scope = screenOf(els.board);
    // In this order: what the hint suggests, a button, a hand card, a stone,
    // a glowing link, the talon, anything that can be chosen.
    const order = ['[data-choice].suggested', '#actions [data-choice]', '#hand .card.target', '.kn-stone.target', '.link-target.strong', '.pile.target', '[data-choice]'];
    for (const selector of order) {
      const first = [...scope.querySelectorAll(selector)].find((node) => node.checkVisibility());
      if (first) {
        first.focus({ preventScroll: true });
        return;
      }
    }
  }

  // -- hints --------------------------------------------------------------------------------------

  /** Mark the elements that would play the suggested move, step by step:
   * its cards and stones, its link, the talon or a face-up card, a button. */
  function markSuggestion(all) {
    const move = suggestion;
    const link = move && (move.kind === 'build' || move.kind === 'replace' || move.kind === 'remove') ? linkOf(move) : null;
    board.suggest(link);
    if (!move) return;
    const scope = screenOf(els.board);
    const mark = (node) => node && node.classList.add('suggested');
    const byKey = (key) => scope.querySelector(`[data-key="${CSS.escape(key)}"]`);
    const handCard = (name) => {
      const index = ((view && view.hand) || []).findIndex((card, i) => card === name && !selection.cards.includes(i));
      return index < 0 ? null : byKey(`card-${index}`);
    };
    const stone = (god) => {
      const n = god === JOKER ? selection.jokers : 0;
      return byKey(`stone-${god}-${n}`);
    };
    switch (move.kind) {
      case 'build':
      case 'replace': {
        const needed = [...cardsOf(move)];
        for (const name of all.chosen) {
          const i = needed.indexOf(name);
          if (i >= 0) needed.splice(i, 1);
        }
        const seen = new Set();
        for (const name of needed) {
          if (name === JOKER) mark(stone(JOKER));
          else if (!seen.has(name)) {
            seen.add(name);
            mark(handCard(name));
          }
        }
        if (selection.link !== link) mark(els.board.querySelector(`.link-target[data-link="${CSS.escape(link)}"]`));
        break;
      }
      case 'remove':
        mark(els.board.querySelector(`.link-target[data-link="${CSS.escape(link)}"]`));
        break;
      case 'discard':
        if (selection.cards.length === 1) mark(byKey('btn-discard'));
        else mark(handCard(move.card));
        break;
      case 'choose':
        if (selection.cards.length === 1) mark(byKey('btn-choose'));
        else mark(handCard(move.card));
        break;
      case 'give':
        mark(handCard(move.card));
        break;
      case 'steal':
        mark(scope.querySelector(`.kn-tray [data-choice="${CSS.escape(move.text)}"]`));
        break;
      case 'draw':
        mark(byKey('pile'));
        break;
      case 'take':
        mark(scope.querySelector(`#market .display [data-choice="${CSS.escape(move.text)}"]`));
        break;
      case 'lono draw':
        if (selection.stone === 'LONO') mark(byKey('pile'));
        else mark(stone('LONO'));
        break;
      case 'lono take':
        if (selection.stone === 'LONO') mark(scope.querySelector(`#market .display [data-choice="${CSS.escape(move.text)}"]`));
        else mark(stone('LONO'));
        break;
      case 'ku':
        if (selection.stone === 'KU') mark(byKey(`btn-ku-${move.player}`));
        else mark(stone('KU'));
        break;
      case 'pele':
        if (selection.stone === 'PELE') mark(byKey('btn-pele'));
        else mark(stone('PELE'));
        break;
      case 'colour':
        mark(byKey(`btn-colour-${move.colour}`));
        break;
      case 'end':
      case 'pass':
        mark(byKey(`btn-${move.kind}`));
        break;
      default:
        break;
    }
  }

  /** Show a suggested move (a `to_dict()` of a legal move), or none. */
  function suggest(move) {
    suggestion = move || null;
    refresh();
  }

  /** A move in words, as the end of a sentence. */
  function moveText(move) {
    const link = () => dash(linkOf(move));
    const players = view ? view.players : 4;
    switch (move.kind) {
      case 'choose':
        return t('kanaloa.move.choose', { card: move.card });
      case 'colour':
        return t('kanaloa.move.colour', { colour: colourWords(players, move.colour) });
      case 'build':
        return move.card === JOKER ? t('kanaloa.move.build_kanaloa', { link: link() }) : t('kanaloa.move.build', { link: link(), card: move.card });
      case 'replace':
        return t('kanaloa.move.replace', { link: link(), cards: move.cards.join(' + ') });
      case 'remove':
        return t('kanaloa.move.remove', { link: link() });
      case 'discard':
        return t('kanaloa.move.discard', { card: move.card });
      case 'draw':
        return t('kanaloa.move.draw');
      case 'take':
        return t('kanaloa.move.take', { card: move.card });
      case 'end':
        return t('kanaloa.move.end');
      case 'pass':
        return t('kanaloa.move.pass');
      case 'ku':
        return t('kanaloa.move.ku', { player: names[move.player] || '' });
      case 'steal':
        return t('kanaloa.move.steal', { card: move.card });
      case 'pele':
        return t('kanaloa.move.pele');
      case 'give':
        return t('kanaloa.move.give', { card: move.card, player: names[move.player] || '' });
      case 'lono draw':
        return t('kanaloa.move.lono_draw');
      case 'lono take':
        return t('kanaloa.move.lono_take', { card: move.card });
      default:
        return move.text;
    }
  }

  /** Draw a snapshot. `options.interactive` false shows the position only
   * (a bot's turn, a privacy screen, the end of the game); `options.lastMove`
   * are the public events of the others' latest moves, to keep marked. */
  function render(snap, options = {}) {
    const sameTurn = isSameTurn(snapshot, snap, view);
    snapshot = snap;
    view = snap.view;
    names = options.names || names;
    interactive = Boolean(options.interactive) && snap.legal.length > 0;
    if (!sameTurn || !interactive) selection = emptySelection();
    if (options.lastMove) lastMove = options.lastMove;
    board.draw(view, { names, portrait: PORTRAIT.matches });
    board.markMove(eventMarks(lastMove), view);
    renderPlayers(els.players, view, { names, viewer: snap.viewer });
    renderRound(els.round, view);
    renderScoreline(els.scoreline, view, { names });
    refresh();
  }

  function flashEvents(events, duration) {
    const { links, islands } = eventMarks(events);
    board.flash(links, islands, duration);
  }

  function onOrientation() {
    if (snapshot) render(snapshot, { names, interactive, lastMove });
  }
  PORTRAIT.addEventListener('change', onOrientation);

  function destroy() {
    PORTRAIT.removeEventListener('change', onOrientation);
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPointer, true);
    board.reset();
    if (els.round) els.round.classList.remove('kn-setup');
    for (const el of Object.values(els)) if (el) el.replaceChildren();
  }

  return {
    render,
    flashEvents,
    clearSelection,
    suggest,
    moveText,
    destroy,
    logParams: (event, ctx) => logParams(event, { ...ctx, players: (view && view.players) || (snapshot && snapshot.players) || 4 }),
    endDetails: (snap, list) => endDetails(snap.view, snap.result, list),
  };
}
