// The Haleakala renderer: draws a snapshot (the island, the score board and
// the panels) and turns clicks into moves. It holds no rules: every target
// comes from the snapshot's `legal` list, and a selection only narrows it.
//
// The decision due (view.phase) sets what can be clicked:
//   turn    a disc of the reserve, then a beach (or a beach, then a disc; in
//           the tactical variant the invocation disc may join a disc bound
//           for the boat's beach); one of one's own discs on a beach to take
//           it back; the boat, to move it one section
//   shaman  a space the shaman can reach, or the shaman itself to stay
//   pick    one of the two cards of the section where the boat stopped
//   lava    a crater with lava, then a neighbouring crater; or decline
//   buy     a score card or the Priestess on the score board; or pass
//   statue  the shaman's space (or a button) to raise the statue, or a
//           button not to raise it
// A target is offered when adding it to the selection leaves some legal move
// possible; when it completes a move its data-choice is that move's text and
// a click plays it. Every click narrows towards a legal move and never
// dead-ends.
//
// Besides, it keeps another player's latest move marked (`lastMove`), shows a
// suggested move (`suggest`), and plays each eruption step by step from the
// log (`settled` resolves when it is over).

import { t, language } from '../i18n.js';
import { createBoard } from './haleakala-board.js';
import { renderPlayers, renderRound, renderScoreline, renderHand, renderMarket, renderActions, endDetails } from './haleakala-panel.js';
import { logParams, eventMarks, spaceName, cardName, itemName, shellCost, shown } from './haleakala-log.js';
import { eruptionSequence, eruptionWords } from './haleakala-eruption.js';
import { loadStylesheet, PORTRAIT, isSameTurn, screenOf, focusedKey, restoreFocus, firstOf } from './renderer-common.js';

// The stylesheet belongs to this renderer: it is loaded with it, before the
// first drawing.
await loadStylesheet('haleakala');

const EMPTY = () => ({ value: null, invoke: false, crater: null });

export function createRenderer(host) {
  const { els, onChoice } = host;
  let snapshot = null;
  let view = null;
  let names = [];
  let interactive = false;
  let selection = EMPTY();
  let lastMove = [];
  let suggestion = null;
  let seenN = null;
  let settling = null;
  let drawnIn = null;

  const board = createBoard(els.board, {
    onTarget: (target) => pick(target),
    onBackground: () => clearSelection(),
  });

  const legal = () => (snapshot && interactive ? snapshot.legal : []);
  const viewer = () => (snapshot ? snapshot.viewer : null);
  const hasSelection = () => selection.value !== null || selection.invoke || selection.crater !== null;

  // -- the turn: discs and beaches ----------------------------------------------------

  /** The place moves a selection allows, and the one it completes. */
  function evaluate(value, beach, invoke) {
    const open = legal().filter(
      (m) => m.kind === 'place' && (value === null || m.value === value) && (beach === null || m.beach === beach) && (!invoke || m.invoke),
    );
    if (!open.length) return null;
    const done = value !== null && beach !== null ? open.find((m) => m.value === value && m.beach === beach && m.invoke === Boolean(invoke)) || null : null;
    return { open, done };
  }

  function turnTargets(out) {
    const sel = selection;
    const me = viewer();
    const player = view.players[me];
    // The reserve (the dock): numbered discs, and the invocation disc.
    for (const value of player.reserve) {
      if (sel.value === value) {
        out.hand.discs.push({ value, selected: true });
        continue;
      }
      const result = evaluate(value, null, sel.invoke);
      const choice = result ? (result.done ? result.done.text : `disc:${value}`) : null;
      out.hand.discs.push({ value, choice, label: result && result.done ? placeLabel(result.done) : null });
    }
    if (player.invocation === 'reserve') {
      if (sel.invoke) out.hand.invoke = { selected: true };
      else {
        const result = evaluate(sel.value, null, true);
        out.hand.invoke = { choice: result ? (result.done ? result.done.text : 'invoke') : null, label: result && result.done ? placeLabel(result.done) : null };
      }
    }
    // The beaches, once a disc is chosen (the invocation disc alone does not
    // say which numbered disc goes with it).
    if (sel.value !== null) {
      for (let beach = 0; beach < 6; beach++) {
        const result = evaluate(sel.value, beach, sel.invoke);
        if (!result || !result.done) continue;
        out.board.push({
          kind: 'beach',
          key: `beach-${beach}`,
          beach,
          choice: result.done.text,
          strong: true,
          label: placeLabel(result.done),
          data: { beach, boat: beach === view.boat ? 'true' : null },
        });
      }
    }
    if (!hasSelection()) {
      for (const move of legal().filter((m) => m.kind === 'take')) {
        const beach = view.sections.findIndex((section) => section.discs[me].includes(move.value));
        const label = t('haleakala.aria.take', { value: move.value, beach: shown(beach) });
        out.board.push({ kind: 'take', key: `take-${me}-${move.value}`, player: me, value: move.value, choice: move.text, strong: true, label, data: { value: move.value } });
        // Also in the bar below the board, where a finger finds it easily.
        out.hand.takes.push({ value: move.value, beach, choice: move.text, label });
      }
      const boatMove = legal().find((m) => m.kind === 'boat');
      if (boatMove) {
        out.board.push({ kind: 'boat', key: 'boat', section: view.boat, choice: boatMove.text, strong: true, label: t('haleakala.aria.row', { section: shown((view.boat + 1) % 6) }) });
        out.buttons.push({ kind: 'boat', choice: boatMove.text, text: t('haleakala.action.row') });
      }
    }
    // Where the boat would sail with the chosen disc.
    if (sel.value !== null && evaluate(sel.value, view.boat, sel.invoke)) {
      out.preview = { from: view.boat, to: (view.boat + sel.value) % 6 };
    }
  }

  function placeLabel(move) {
    if (move.beach === view.boat) {
      const to = shown((view.boat + move.value) % 6);
      return move.invoke ? t('haleakala.aria.sail_invoke', { value: move.value, beach: shown(move.beach), section: to }) : t('haleakala.aria.sail', { value: move.value, beach: shown(move.beach), section: to });
    }
    return t('haleakala.aria.place', { value: move.value, beach: shown(move.beach) });
  }

  // -- the other decisions ------------------------------------------------------------

  function shamanTargets(out) {
    const me = viewer();
    for (const move of legal()) {
      if (move.kind === 'shaman') {
        out.board.push({ kind: 'space', key: `space-${move.space}`, space: move.space, choice: move.text, strong: true, label: t('haleakala.aria.shaman_to', { space: spaceName(move.space) }), data: { space: move.space } });
      } else if (move.kind === 'stay') {
        out.board.push({ kind: 'stay', key: `stay-${me}`, player: me, choice: move.text, strong: true, label: t('haleakala.aria.stay', { space: spaceName(view.players[me].shaman) }) });
        out.buttons.push({ kind: 'stay', choice: move.text, text: t('haleakala.action.stay') });
      }
    }
  }

  function pickTargets(out) {
    const section = view.pending ? view.pending.section : view.boat;
    const options = [];
    for (const move of legal().filter((m) => m.kind === 'pick')) {
      const card = view.sections[section].slots[move.slot];
      options.push({ slot: move.slot, card, choice: move.text });
      out.board.push({ kind: 'slot', key: `slot-${section}-${move.slot}`, section, slot: move.slot, choice: move.text, strong: true, label: t('haleakala.aria.pick', { card: cardName(card) }), data: { section, slot: move.slot } });
    }
    if (options.length) out.market = { kind: 'pick', options };
  }

  function lavaTargets(out) {
    const moves = legal().filter((m) => m.kind === 'lava');
    const sources = [...new Set(moves.map((m) => m.crater))];
    if (selection.crater !== null) {
      out.board.push({ kind: 'crater', key: `crater-${selection.crater}`, crater: selection.crater, selected: true, label: t('haleakala.aria.crater_selected', { crater: shown(selection.crater) }), data: { crater: selection.crater } });
      for (const move of moves.filter((m) => m.crater === selection.crater)) {
        out.board.push({ kind: 'crater', key: `crater-${move.to}`, crater: move.to, choice: move.text, strong: true, label: t('haleakala.aria.lava_to', { crater: shown(move.crater), to: shown(move.to) }), data: { crater: move.to } });
      }
    } else {
      for (const crater of sources) {
        out.board.push({ kind: 'crater', key: `crater-${crater}`, crater, choice: `crater:${crater}`, strong: true, label: t('haleakala.aria.crater_choose', { crater: shown(crater) }), data: { crater } });
      }
    }
    const decline = legal().find((m) => m.kind === 'decline');
    if (decline) out.buttons.push({ kind: 'decline', choice: decline.text, text: t('haleakala.action.decline') });
  }

  function statueTargets(out) {
    const space = view.pending ? view.pending.space : null;
    for (const move of legal()) {
      if (move.kind === 'raise') {
        if (space) out.board.push({ kind: 'space', key: `space-${space}`, space, choice: move.text, strong: true, label: t('haleakala.aria.raise', { space: spaceName(space) }), data: { space } });
        out.buttons.push({ kind: 'raise', choice: move.text, text: t('haleakala.action.raise') });
      } else if (move.kind === 'noraise') {
        out.buttons.push({ kind: 'noraise', choice: move.text, text: t('haleakala.action.noraise') });
      }
    }
  }

  function buyTargets(out) {
    const options = [];
    for (const move of legal()) {
      if (move.kind === 'buy') {
        options.push({ item: move.item, cost: move.cost, choice: move.text });
        out.board.push({ kind: 'item', key: `item-${move.item}`, item: move.item, choice: move.text, strong: true, label: t('haleakala.aria.buy', { item: itemName(move.item), cost: shellCost(move.cost), about: t(`haleakala.item_about.${move.item.toLowerCase()}`) }), data: { item: move.item } });
      } else if (move.kind === 'pass') {
        out.buttons.push({ kind: 'pass', choice: move.text, text: t('haleakala.action.pass') });
      }
    }
    if (options.length) out.market = { kind: 'buy', options };
  }

  /** Everything clickable now, from the legal moves and the selection. */
  function targets() {
    const out = { board: [], hand: { discs: [], invoke: null, takes: [] }, buttons: [], market: null, preview: null };
    const me = viewer();
    if (!view || me === null || me === undefined) return out;
    if (!interactive) {
      // Not the viewer's decision: the reserve is shown, nothing is offered.
      out.hand.discs = view.players[me].reserve.map((value) => ({ value }));
      if (view.players[me].invocation === 'reserve') out.hand.invoke = {};
      return out;
    }
    switch (view.phase) {
      case 'turn':
        turnTargets(out);
        break;
      case 'shaman':
        shamanTargets(out);
        break;
      case 'pick':
        pickTargets(out);
        break;
      case 'lava':
        lavaTargets(out);
        break;
      case 'buy':
        buyTargets(out);
        break;
      case 'statue':
        statueTargets(out);
        break;
      default:
        break;
    }
    if (view.phase !== 'turn') {
      out.hand.discs = view.players[me].reserve.map((value) => ({ value }));
      if (view.players[me].invocation === 'reserve') out.hand.invoke = {};
    }
    return out;
  }

  // -- what to do, in words -----------------------------------------------------------------

  function hint(all) {
    if (!interactive) return '';
    const me = viewer();
    const player = view.players[me];
    switch (view.phase) {
      case 'turn': {
        if (selection.crater !== null) return '';
        if (selection.value !== null) {
          const sail = evaluate(selection.value, view.boat, selection.invoke);
          const base = t('haleakala.hint.disc', { value: selection.value });
          return sail ? `${base} ${t('haleakala.hint.disc_sail', { beach: shown(view.boat), section: shown((view.boat + selection.value) % 6) })}` : base;
        }
        if (selection.invoke) return t('haleakala.hint.invoke', { beach: shown(view.boat) });
        const canTake = all.board.some((target) => target.kind === 'take');
        const canRow = all.buttons.some((button) => button.kind === 'boat');
        if (!player.reserve.length) return t('haleakala.hint.all_placed');
        let text = t('haleakala.hint.turn', { beach: shown(view.boat) });
        if (canTake) text += ` ${t('haleakala.hint.turn_take')}`;
        if (canRow) text += ` ${t('haleakala.hint.turn_row')}`;
        return text;
      }
      case 'shaman':
        return t('haleakala.hint.shaman');
      case 'pick': {
        const pending = view.pending || {};
        const section = shown(pending.section ?? view.boat);
        if (pending.second_taker !== null && pending.second_taker !== undefined) {
          return t('haleakala.hint.pick_first', { section, player: names[pending.second_taker] });
        }
        return t('haleakala.hint.pick_alone', { section });
      }
      case 'lava': {
        const source = view.pending && view.pending.source === 'board' ? t('haleakala.hint.lava_board') : t('haleakala.hint.lava_card');
        if (selection.crater !== null) return t('haleakala.hint.lava_to', { crater: shown(selection.crater) });
        const back = view.tactical && player.invocation !== null && player.invocation !== 'reserve' ? ` ${t('haleakala.hint.lava_invocation')}` : '';
        return `${t('haleakala.hint.lava', { source })}${back}`;
      }
      case 'buy': {
        const reason = view.pending && view.pending.reason === 'scoring' ? 'haleakala.hint.buy_scoring' : 'haleakala.hint.buy_shell';
        return t(reason, { shells: shellCost(player.shells) });
      }
      case 'statue':
        return t('haleakala.hint.statue', { space: spaceName(view.pending ? view.pending.space : player.shaman) });
      default:
        return '';
    }
  }

  // -- clicks -----------------------------------------------------------------------------------

  function pick(target) {
    if (!interactive) return;
    if (target.selected) {
      // A second click on what is chosen puts it back.
      if (target.kind === 'crater') selection.crater = null;
      else if (target.invoke) selection.invoke = false;
      else if (target.value !== undefined) selection.value = null;
      return refresh();
    }
    const choice = target.choice;
    if (!choice) return;
    if (choice.startsWith('disc:')) {
      selection.value = Number(choice.slice(5));
      return refresh();
    }
    if (choice === 'invoke') {
      selection.invoke = true;
      return refresh();
    }
    if (choice.startsWith('crater:')) {
      selection.crater = Number(choice.slice(7));
      return refresh();
    }
    play(choice);
  }

  function play(text) {
    selection = EMPTY();
    onChoice(text);
  }

  function clearSelection() {
    if (board.erupting()) board.stopEruption();
    if (!hasSelection()) return;
    selection = EMPTY();
    refresh();
  }

  /** Where the focus goes once a redraw has replaced the focused element. */
  const focusRules = {
    // A disc just chosen from the keyboard: go on to the beaches it can use.
    afterChoice: () => firstOf(els.board, '.hk-target.strong.suggested', '.hk-target.strong'),
    next: '.hk-target.strong, .hk-disc-btn.target, .hk-pick, .hk-buy',
  };

  /** Redraw what depends on the selection: targets, reserve, choices, actions. */
  function refresh() {
    if (!view) return;
    const focusKey = focusedKey();
    const all = targets();
    board.drawTargets(all.board, all.preview);
    // The reserve makes way for the cards or the purchases to choose from.
    renderHand(els.hand, view, all.market ? null : all.hand, {
      viewer: viewer(),
      onPick: (item) => pick({ ...item, invoke: item === all.hand.invoke }),
      onChoice: play,
    });
    renderMarket(els.market, view, all.market, { onChoice: play });
    renderActions(els.actions, {
      hint: hint(all),
      buttons: all.buttons,
      canCancel: hasSelection(),
      interactive,
      onChoice: play,
      onCancel: clearSelection,
    });
    markSuggestion();
    if (focusKey) restoreFocus(screenOf(els.board), focusKey, focusRules);
  }

  // -- hints ----------------------------------------------------------------------------------

  /** The keys of the elements that would play the suggested move, given the
   * selection (a mark never leads elsewhere than to that move). */
  function suggestedKeys(move) {
    if (!move || !view) return [];
    const me = viewer();
    const sel = selection;
    switch (move.kind) {
      case 'place': {
        if (sel.invoke && !move.invoke) return [];
        const keys = [];
        // Another disc chosen: a click on this one chooses it instead.
        if (sel.value !== move.value) keys.push(`disc-${move.value}`);
        if (move.invoke && !sel.invoke) keys.push('invoke');
        // The beach comes last: a disc, and the invocation disc if it goes too.
        if (sel.value === move.value && (!move.invoke || sel.invoke)) keys.push(`beach-${move.beach}`);
        return keys;
      }
      case 'take':
        return [`take-${me}-${move.value}`, `back-${move.value}`];
      case 'boat':
        return ['boat', 'btn-boat'];
      case 'shaman':
        return [`space-${move.space}`];
      case 'stay':
        return [`stay-${me}`, 'btn-stay'];
      case 'pick': {
        const section = view.pending ? view.pending.section : view.boat;
        return [`slot-${section}-${move.slot}`, `pick-${move.slot}`];
      }
      case 'lava':
        if (sel.crater === move.crater) return [`crater-${move.to}`];
        return sel.crater === null ? [`crater-${move.crater}`] : [];
      case 'decline':
        return ['btn-decline'];
      case 'buy':
        return [`item-${move.item}`, `buy-${move.item}`];
      case 'pass':
        return ['btn-pass'];
      case 'raise':
        return view.pending ? [`space-${view.pending.space}`, 'btn-raise'] : ['btn-raise'];
      case 'noraise':
        return ['btn-noraise'];
      default:
        return [];
    }
  }

  function markSuggestion() {
    const keys = suggestedKeys(suggestion);
    board.suggest(keys);
    for (const root of [els.hand, els.market, els.actions]) {
      if (!root) continue;
      for (const node of root.querySelectorAll('.suggested')) node.classList.remove('suggested');
      for (const key of keys) {
        const node = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
        if (node) node.classList.add('suggested');
      }
    }
  }

  function suggest(move) {
    suggestion = move || null;
    refresh();
  }

  /** A move in words, to end a sentence ("put disc 3 on beach 2"). */
  function moveText(move) {
    switch (move.kind) {
      case 'place':
        if (view && move.beach === view.boat) {
          const to = shown((view.boat + move.value) % 6);
          return t(move.invoke ? 'haleakala.move.sail_invoke' : 'haleakala.move.sail', { value: move.value, beach: shown(move.beach), section: to });
        }
        return t('haleakala.move.place', { value: move.value, beach: shown(move.beach) });
      case 'take':
        return t('haleakala.move.take', { value: move.value });
      case 'boat':
        return t('haleakala.move.row');
      case 'shaman':
        return t('haleakala.move.shaman', { space: spaceName(move.space) });
      case 'stay':
        return t('haleakala.move.stay');
      case 'pick': {
        const section = view && view.pending ? view.pending.section : view && view.boat;
        const card = view && view.sections[section] ? view.sections[section].slots[move.slot] : null;
        return t('haleakala.move.pick', { card: card ? cardName(card) : String(move.slot + 1) });
      }
      case 'lava':
        return t('haleakala.move.lava', { crater: shown(move.crater), to: shown(move.to) });
      case 'decline':
        return t('haleakala.move.decline');
      case 'buy':
        return t('haleakala.move.buy', { item: itemName(move.item), cost: shellCost(move.cost) });
      case 'pass':
        return t('haleakala.move.pass');
      case 'raise':
        return t('haleakala.move.raise', { space: spaceName(view && view.pending ? view.pending.space : '') });
      case 'noraise':
        return t('haleakala.move.noraise');
      default:
        return move.text;
    }
  }

  // -- drawing -----------------------------------------------------------------------------------

  /** The eruption of the moves just played, step by step. */
  function playEruptions(snap, jumped) {
    const last = snap.log.length ? snap.log[snap.log.length - 1].n : 0;
    const fresh = seenN !== null && last > seenN ? snap.log.filter((entry) => entry.n > seenN) : [];
    const jump = jumped || seenN === null || last < seenN;
    seenN = last;
    if (jump) board.stopEruption();
    if (!fresh.length || jump) return jump;
    const sequence = eruptionSequence(fresh);
    if (sequence) settling = board.playEruption(sequence, eruptionWords(sequence, names));
    return jump;
  }

  function render(snap, options = {}) {
    const sameTurn = isSameTurn(snapshot, snap, view);
    const before = view;
    snapshot = snap;
    view = snap.view;
    names = options.names || names;
    interactive = Boolean(options.interactive) && snap.legal.length > 0;
    if (!sameTurn || !interactive) selection = EMPTY();
    if (!sameTurn) suggestion = null;
    if (options.lastMove) lastMove = options.lastMove;
    const lastN = snap.log.length ? snap.log[snap.log.length - 1].n : 0;
    const jump = seenN === null || lastN < seenN;
    if (jump) board.forget();
    // Another language: the board's fixed words are drawn again.
    if (drawnIn !== language()) {
      if (drawnIn !== null) board.reset();
      drawnIn = language();
    }
    board.draw(view, { names, portrait: PORTRAIT.matches, jump });
    playEruptions(snap, jump || !before);
    board.markMove(eventMarks(lastMove, view), view);
    renderPlayers(els.players, view, { names, viewer: snap.viewer });
    renderRound(els.round, view);
    renderScoreline(els.scoreline, view, { names });
    refresh();
  }

  function flashEvents(events, duration) {
    if (view) board.flash(eventMarks(events, view), view, duration);
  }

  /** Resolves once what is being played out on the board (an eruption) is over. */
  function settled() {
    return board.erupting() && settling ? settling : Promise.resolve();
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
      el.classList.remove('hk-market');
    }
  }

  return {
    render,
    flashEvents,
    clearSelection,
    suggest,
    moveText,
    settled,
    destroy,
    logParams: (event, ctx) => logParams(event, ctx),
    endDetails: (snap, list) => endDetails(snap.view, snap.result, list),
  };
}
