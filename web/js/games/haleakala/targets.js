// @ts-check
// What the Haleakala renderer (renderer.js) says of its targets, without the
// DOM: everything clickable now (haleakala/select.js) named for a screen
// reader and the action bar's buttons in words, what to do now in one
// sentence (the action bar's), and the keys of the elements that would play
// a suggested move.

import { t } from '../../i18n.js';
import { spaceName, cardName, itemName, shellCost, shown } from './log.js';
import * as select from './select.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').HaleakalaMove} HaleakalaMove */
/** @typedef {import('./types.js').Pending} Pending */
/** @template {import('./types.js').MoveKind} K @typedef {import('./types.js').MoveOf<K>} MoveOf */
/** @typedef {import('./select.js').Selection} Selection */
/** @typedef {import('./select.js').Targets} Targets */
/** @typedef {import('./select.js').BoardTarget} BoardTarget */

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

// -- the targets, in words ------------------------------------------------------------

/** Everything clickable now (haleakala/select.js), named.
 * @param {HaleakalaView | null} view @param {HaleakalaMove[]} legal @param {Selection} selection
 * @returns {Targets} */
export function namedTargets(view, legal, selection) {
  const all = select.targets(view, legal, selection);
  if (!view) return all;
  all.board = all.board.map((target) => ({ ...target, label: targetLabel(view, target) }));
  all.hand.discs = all.hand.discs.map((disc) => ('choice' in disc ? { ...disc, label: disc.move ? placeLabel(view, disc.move) : null } : disc));
  if (all.hand.invoke && 'choice' in all.hand.invoke) {
    all.hand.invoke = { ...all.hand.invoke, label: all.hand.invoke.move ? placeLabel(view, all.hand.invoke.move) : null };
  }
  all.hand.takes = all.hand.takes.map((take) => ({ ...take, label: takeLabel(take) }));
  all.buttons = all.buttons.map((button) => ({ ...button, text: t(BUTTON_WORDS[button.kind]) }));
  return all;
}

/** @param {{value: number, beach: number}} take */
const takeLabel = (take) => t('haleakala.aria.take', { value: take.value, beach: shown(take.beach) });

/** A target of the board in words: the move it plays, or what it chooses.
 * @param {HaleakalaView} view
 * @param {BoardTarget} target
 * @returns {string | undefined} */
function targetLabel(view, target) {
  switch (target.kind) {
    case 'beach':
      return placeLabel(view, target.move);
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
 * @param {HaleakalaView} view
 * @param {MoveOf<'place'>} move */
function placeLabel(view, move) {
  if (move.beach === view.boat) {
    const to = shown((view.boat + move.value) % 6);
    return move.invoke ? t('haleakala.aria.sail_invoke', { value: move.value, beach: shown(move.beach), section: to }) : t('haleakala.aria.sail', { value: move.value, beach: shown(move.beach), section: to });
  }
  return t('haleakala.aria.place', { value: move.value, beach: shown(move.beach) });
}

// -- what to do, in words -----------------------------------------------------------------

/** What to do now, in one sentence (the action bar's): none when the
 * viewer may not act.
 * @param {HaleakalaView} view
 * @param {Targets} all
 * @param {{names: string[], selection: Selection, interactive: boolean, viewer: number | null}} now
 * @returns {string} */
export function hint(view, all, { names, selection, interactive, viewer }) {
  if (!interactive) return '';
  // The viewer acts: they have a seat.
  const player = view.players[/** @type {number} */ (viewer)];
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

// -- a suggested move -----------------------------------------------------------------------

/** The keys of the elements that would play the suggested move, given the
 * selection (a mark never leads elsewhere than to that move).
 * @param {HaleakalaView | null} view
 * @param {HaleakalaMove | null} move
 * @param {Selection} sel
 * @param {number | null} me   the viewer
 * @returns {string[]} */
export function suggestedKeys(view, move, sel, me) {
  if (!move || !view) return [];
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
