// @ts-check
// The Haleakala renderer: draws a snapshot (the island, the score board and
// the panels) and turns clicks into moves. It holds no rules: every target
// comes from the snapshot's `legal` list, and a selection only narrows it, as
// haleakala/select.js says (a disc and a beach, a crater and its neighbour
// …); the shell (renderer-shell.js) keeps the selection, the focus and the
// rest.
//
// Besides, it keeps another player's latest move marked (`lastMove`), shows a
// suggested move (`suggest`), and plays each eruption step by step from the
// log (`settled` resolves when it is over).

import { t, language } from '../../i18n.js';
import { createBoard } from './board.js';
import { renderPlayers, renderRound, renderScoreline, renderHand, renderMarket, renderActions, endDetails } from './panel.js';
import { logParams, eventMarks, spaceName, cardName, itemName, shellCost, shown } from './log.js';
import { eruptionSequence, eruptionWords } from './eruption.js';
import * as select from './select.js';
import * as words from './text.js';
import { PORTRAIT, firstOf, screenOf } from '../renderer-common.js';
import { createShell } from '../renderer-shell.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').HaleakalaSnapshot} HaleakalaSnapshot */
/** @typedef {import('./types.js').HaleakalaMove} HaleakalaMove */
/** A legal move as the shell hands it (a `to_dict()`, Haleakala's). @typedef {import('../../state.js').Move} Move */
/** @typedef {import('./types.js').Pending} Pending */
/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @template {import('./types.js').MoveKind} K @typedef {import('./types.js').MoveOf<K>} MoveOf */
/** @typedef {import('./select.js').Selection} Selection */
/** @typedef {import('./select.js').Targets} Targets */
/** @typedef {import('./select.js').BoardTarget} BoardTarget */

/** The shell (../renderer-shell.js) as this renderer holds it: what it
 * keeps on screen is Haleakala's (the view, the selection, the moves).
 * @typedef {Omit<ReturnType<typeof createShell>, 'snapshot' | 'view' | 'selection' | 'suggestion' | 'lastMove' | 'legal'> & {
 *   snapshot: HaleakalaSnapshot | null, view: HaleakalaView | null, selection: Selection, suggestion: HaleakalaMove | null,
 *   lastMove: GameEvent[], legal: () => HaleakalaMove[]}} HaleakalaShell */

/** The words of the action bar's buttons, by kind.
 * @type {Record<string, string>} */
const BUTTON_WORDS = {
  boat: 'haleakala.action.row',
  stay: 'haleakala.action.stay',
  decline: 'haleakala.action.decline',
  pass: 'haleakala.action.pass',
  raise: 'haleakala.action.raise',
  noraise: 'haleakala.action.noraise',
};

/** The game drawn in the page's containers (contract.js's Renderer).
 * @param {import('../contract.js').RendererHost} host
 * @returns {import('../contract.js').Renderer} */
export function createRenderer(host) {
  const shell = /** @type {HaleakalaShell} */ (/** @type {unknown} */ (createShell(host)));
  const { els } = shell;
  // The latest log entry seen, the eruption being played out, the language
  // the board's fixed words are in.
  /** @type {number | null} */
  let seenN = null;
  /** @type {Promise<void> | null} */
  let settling = null;
  /** @type {string | null} */
  let drawnIn = null;

  const board = createBoard(els.board, {
    onTarget: (target) => shell.pick(target),
    onBackground: () => shell.clearSelection(),
  });

  const viewer = () => (shell.snapshot ? shell.snapshot.viewer : null);

  // -- the targets, in words ------------------------------------------------------------

  /** Everything clickable now (haleakala/select.js), named.
   * @returns {Targets} */
  function targets() {
    const all = select.targets(shell.view, shell.legal(), shell.selection);
    all.board = all.board.map((target) => ({ ...target, label: targetLabel(target) }));
    all.hand.discs = all.hand.discs.map((disc) => ('choice' in disc ? { ...disc, label: disc.move ? placeLabel(disc.move) : null } : disc));
    if (all.hand.invoke && 'choice' in all.hand.invoke) {
      all.hand.invoke = { ...all.hand.invoke, label: all.hand.invoke.move ? placeLabel(all.hand.invoke.move) : null };
    }
    all.hand.takes = all.hand.takes.map((take) => ({ ...take, label: takeLabel(take) }));
    all.buttons = all.buttons.map((button) => ({ ...button, text: t(BUTTON_WORDS[button.kind]) }));
    return all;
  }

  /** @param {{value: number, beach: number}} take */
  const takeLabel = (take) => t('haleakala.aria.take', { value: take.value, beach: shown(take.beach) });

  /** A target of the board in words: the move it plays, or what it chooses.
   * @param {BoardTarget} target
   * @returns {string | undefined} */
  function targetLabel(target) {
    const view = /** @type {HaleakalaView} */ (shell.view);
    switch (target.kind) {
      case 'beach':
        return placeLabel(target.move);
      case 'take':
        return takeLabel(target);
      case 'boat':
        return t('haleakala.aria.row', { section: shown((view.boat + 1) % 6) });
      case 'space':
        if (target.raise) return t('haleakala.aria.raise', { space: spaceName(target.space) });
        return t('haleakala.aria.shaman_to', { space: spaceName(target.space) });
      case 'stay':
        return t('haleakala.aria.stay', { space: spaceName(view.players[target.player].shaman) });
      case 'slot':
        return t('haleakala.aria.pick', { card: cardName(target.card) });
      case 'crater':
        if (target.selected) return t('haleakala.aria.crater_selected', { crater: shown(target.crater) });
        if (target.move) return t('haleakala.aria.lava_to', { crater: shown(target.move.crater), to: shown(target.move.to) });
        return t('haleakala.aria.crater_choose', { crater: shown(target.crater) });
      case 'item': {
        const { item, cost } = target.move;
        return t('haleakala.aria.buy', { item: itemName(item), cost: shellCost(cost), about: t(`haleakala.item_about.${item.toLowerCase()}`) });
      }
      default:
        return undefined;
    }
  }

  /** A placement in words: a disc put on a beach, or sailing the boat.
   * @param {MoveOf<'place'>} move */
  function placeLabel(move) {
    const view = /** @type {HaleakalaView} */ (shell.view);
    if (move.beach === view.boat) {
      const to = shown((view.boat + move.value) % 6);
      return move.invoke ? t('haleakala.aria.sail_invoke', { value: move.value, beach: shown(move.beach), section: to }) : t('haleakala.aria.sail', { value: move.value, beach: shown(move.beach), section: to });
    }
    return t('haleakala.aria.place', { value: move.value, beach: shown(move.beach) });
  }

  // -- what to do, in words -----------------------------------------------------------------

  /** What to do now, in one sentence (the action bar's).
   * @param {Targets} all
   * @returns {string} */
  function hint(all) {
    const { names, selection, interactive } = shell;
    const view = /** @type {HaleakalaView} */ (shell.view);
    if (!interactive) return '';
    const me = viewer();
    // The viewer acts: they have a seat.
    const player = view.players[/** @type {number} */ (me)];
    switch (view.phase) {
      case 'turn': {
        if (selection.crater !== null) return '';
        if (selection.value !== null) {
          // The boat's beach takes the disc: it would sail.
          const sail = all.preview;
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
        /** @type {Pending} */
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
        return t('haleakala.hint.statue', { space: spaceName(/** @type {string} */ (view.pending ? view.pending.space : player.shaman)) });
      default:
        return '';
    }
  }

  /** Redraw what depends on the selection: targets, reserve, choices, actions. */
  function redraw() {
    const view = /** @type {HaleakalaView} */ (shell.view);
    const all = targets();
    board.drawTargets(all.board, all.preview);
    // The reserve makes way for the cards or the purchases to choose from.
    renderHand(els.hand, view, all.market ? null : all.hand, {
      viewer: viewer(),
      onPick: (item) => shell.pick({ ...item, invoke: item === all.hand.invoke }),
      onChoice: shell.play,
    });
    renderMarket(els.market, view, all.market, { onChoice: shell.play });
    renderActions(els.actions, {
      hint: hint(all),
      buttons: all.buttons,
      canCancel: shell.hasSelection(),
      interactive: shell.interactive,
      onChoice: shell.play,
      onCancel: shell.clearSelection,
    });
    markSuggestion();
  }

  // -- hints ----------------------------------------------------------------------------------

  /** The keys of the elements that would play the suggested move, given the
   * selection (a mark never leads elsewhere than to that move).
   * @param {HaleakalaMove | null} move
   * @returns {string[]} */
  function suggestedKeys(move) {
    const { view } = shell;
    if (!move || !view) return [];
    const me = viewer();
    const sel = shell.selection;
    switch (move.kind) {
      case 'place': {
        if (sel.invoke && !move.invoke) return [];
        /** @type {string[]} */
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
    const keys = suggestedKeys(shell.suggestion);
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

  /** A move in words, to end a sentence ("put disc 3 on beach 2").
   * @param {Move} move */
  function moveText(move) {
    return words.moveText(shell.view, move);
  }

  // -- drawing -----------------------------------------------------------------------------------

  /** The eruption of the moves just played, step by step.
   * @param {HaleakalaSnapshot} snap
   * @param {boolean} jumped
   * @returns {boolean} */
  function playEruptions(snap, jumped) {
    const last = snap.log.length ? snap.log[snap.log.length - 1].n : 0;
    const fresh = seenN !== null && last > seenN ? snap.log.filter((entry) => entry.n > /** @type {number} */ (seenN)) : [];
    const jump = jumped || seenN === null || last < seenN;
    seenN = last;
    if (jump) board.stopEruption();
    if (!fresh.length || jump) return jump;
    const sequence = eruptionSequence(fresh);
    if (sequence) settling = board.playEruption(sequence, eruptionWords(sequence, shell.names));
    return jump;
  }

  /** Draw what the snapshot shows, whatever the selection; play out the
   * eruptions of the moves just played.
   * @param {HaleakalaSnapshot} snap
   * @param {{previous: unknown}} options   the view drawn before, if any (only whether there is one matters)
   */
  function draw(snap, { previous }) {
    const { names } = shell;
    const view = /** @type {HaleakalaView} */ (shell.view);
    const lastN = snap.log.length ? snap.log[snap.log.length - 1].n : 0;
    const jump = seenN === null || lastN < seenN;
    if (jump) board.forget();
    // Another language: the board's fixed words are drawn again.
    if (drawnIn !== language()) {
      if (drawnIn !== null) board.reset();
      drawnIn = language();
    }
    board.draw(view, { names, portrait: PORTRAIT.matches, jump });
    playEruptions(snap, jump || !previous);
    board.markMove(eventMarks(shell.lastMove, view), view);
    renderPlayers(els.players, view, snap, { names, viewer: snap.viewer });
    renderRound(els.round, view, snap);
    renderScoreline(els.scoreline, view, snap, { names });
  }

  /** Point at what a lesson's step speaks of: spaces ("B3", "M1", "C2"),
   * card slots ([section, slot]), discs of the reserve (by value, or
   * "invoke").
   * @param {{kind: string, id: string | number | [number, number]}[]} points */
  function spotlight(points) {
    /** @param {string} kind */
    const of = (kind) => points.filter((p) => p.kind === kind).map((p) => p.id);
    board.point(/** @type {string[]} */ (of('space')), /** @type {[number, number][]} */ (of('slot')));
    const discs = of('disc').map((value) => (value === 'invoke' ? 'invoke' : `disc-${value}`));
    screenOf(els.board).querySelectorAll('.hk-disc-btn[data-key]').forEach((/** @type {Element} */ node) => {
      node.classList.toggle('lesson-point', discs.includes(/** @type {string} */ (node.getAttribute('data-key'))));
    });
  }

  /** Ring what just happened on the board, for a while.
   * @param {GameEvent[]} events
   * @param {number} [duration] */
  function flashEvents(events, duration) {
    if (shell.view) board.flash(eventMarks(events, shell.view), duration);
  }

  /** Resolves once what is being played out on the board (an eruption) is over.
   * @returns {Promise<void>} */
  function settled() {
    return board.erupting() && settling ? settling : Promise.resolve();
  }

  return shell.renderer({
    select,
    board,
    // The shell hands over the page's snapshot: Haleakala's, as the engine sends it.
    draw: (snap, context) => draw(/** @type {HaleakalaSnapshot} */ (snap), context),
    redraw,
    focusRules: {
      // A disc just chosen from the keyboard: go on to the beaches it can use.
      afterChoice: () => firstOf(els.board, '.hk-target.strong.suggested', '.hk-target.strong'),
      next: '.hk-target.strong, .hk-disc-btn.target, .hk-pick, .hk-buy',
    },
    // A click on the sea (or Escape) also stops an eruption being played out.
    onClear: () => {
      if (board.erupting()) board.stopEruption();
    },
    onDestroy: () => {
      for (const el of Object.values(els)) if (el) el.classList.remove('hk-market');
    },
    flashEvents,
    spotlight,
    moveText,
    settled,
    logParams: (/** @type {GameEvent} */ event, /** @type {{names: string[]}} */ ctx) => logParams(event, ctx),
    endDetails: (snap, /** @type {string[]} */ list) => endDetails(/** @type {HaleakalaSnapshot} */ (snap).view, /** @type {HaleakalaSnapshot} */ (snap).result, list),
  });
}
