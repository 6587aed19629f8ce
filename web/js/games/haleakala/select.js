// @ts-check
// How clicks choose a Haleakala move (see select-common.js for the shape
// every game's selection module shares). It knows no DOM and no words.
//
// The decision due (view.phase) sets what can be clicked:
//   turn    a disc of the reserve, then a beach (in the tactical variant the
//           invocation disc may join, before or after the disc, a disc bound
//           for the boat's beach); one of one's own discs on a beach to take
//           it back; the boat, to move it one section
//   shaman  a space the shaman can reach, or the shaman itself to stay
//   pick    one of the two cards of the section where the boat stopped
//   lava    a crater with lava, then a neighbouring crater; or decline
//   buy     a score card or the Priestess on the score board; or pass
//   statue  the shaman's space (or a button) to raise the statue, or a
//           button not to raise it
// A target is offered when adding it to the selection leaves some legal move
// possible; when it completes a move its choice is that move's text and a
// click plays it. Every click narrows towards a legal move and never
// dead-ends.
//
// A selection is a disc of the reserve (`value`), the invocation disc
// (`invoke`) and a crater with lava (`crater`).

import { played, selecting } from '../select-common.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').HaleakalaMove} HaleakalaMove */
/** @template {import('./types.js').MoveKind} K @typedef {import('./types.js').MoveOf<K>} MoveOf */

/** What is chosen so far: a disc of the reserve, the invocation disc, a
 * crater with lava.
 * @typedef {{value: number | null, invoke: boolean, crater: number | null}} Selection */

/** What every target of the board has: its data-key, what a click plays or
 * chooses (`choice`; none once selected), whether it glows (`strong`), its
 * data-* attributes, and its name once the renderer gives it one.
 * @typedef {{key: string, choice?: string | null, selected?: boolean, strong?: boolean,
 *   data?: Record<string, string | number | null>, label?: string}} TargetBase */

/** A target of the board, by kind (see `targets`).
 * @typedef {TargetBase & (
 *   {kind: 'beach', beach: number, move: MoveOf<'place'>}
 *   | {kind: 'take', player: number, value: number, beach: number}
 *   | {kind: 'boat', section: number}
 *   | {kind: 'space', space: string, raise?: boolean}
 *   | {kind: 'stay', player: number}
 *   | {kind: 'slot', section: number, slot: number, card: string}
 *   | {kind: 'crater', crater: number, move?: MoveOf<'lava'>}
 *   | {kind: 'item', item: string, move: MoveOf<'buy'>})} BoardTarget */

/** A disc of the reserve: chosen, or what choosing it does (the move it
 * plays, if it completes one).
 * @typedef {{value: number, choice?: string | null, selected?: boolean, move?: MoveOf<'place'> | null, label?: string | null}} HandDisc */
/** The invocation disc, in the reserve.
 * @typedef {{choice?: string | null, selected?: boolean, move?: MoveOf<'place'> | null, label?: string | null}} InvokeDisc */
/** A disc on a beach that can come back to the reserve.
 * @typedef {{value: number, beach: number, choice: string, label?: string}} TakeDisc */
/** @typedef {{discs: HandDisc[], invoke: InvokeDisc | null, takes: TakeDisc[]}} Hand */

/** A button of the action bar (its words once the renderer gives them).
 * @typedef {{kind: 'boat' | 'stay' | 'decline' | 'pass' | 'raise' | 'noraise', choice: string, text?: string, label?: string}} Button */

/** The cards to choose from, or the purchases.
 * @typedef {{kind: 'pick', options: {slot: number, card: string, choice: string}[]}
 *   | {kind: 'buy', options: {item: string, cost: number, choice: string}[]}} Market */

/** Everything clickable now (see `targets`).
 * @typedef {object} Targets
 * @property {BoardTarget[]} board
 * @property {Hand} hand
 * @property {Button[]} buttons
 * @property {Market | null} market
 * @property {{from: number, to: number} | null} preview
 */

/** What a click is on: a target of the board, a disc of the reserve, the
 * invocation disc ({invoke: true}) or a button.
 * @typedef {{kind?: string, choice?: string | null, selected?: boolean, invoke?: boolean, value?: number}} Target */

/** What a click does: the next selection, or the move it plays (select-common.js).
 * @typedef {{selection: Selection, move: HaleakalaMove | null}} ClickResult */

/** The selection before any click.
 * @returns {Selection} */
export const emptySelection = () => ({ value: null, invoke: false, crater: null });

/** @param {Selection} selection */
const hasSelection = (selection) => selection.value !== null || selection.invoke || selection.crater !== null;

/** The place moves a selection allows, and the one it completes.
 * @param {HaleakalaMove[]} legal
 * @param {number | null} value
 * @param {number | null} beach
 * @param {boolean} invoke
 * @returns {{open: MoveOf<'place'>[], done: MoveOf<'place'> | null} | null} */
function evaluate(legal, value, beach, invoke) {
  const open = /** @type {MoveOf<'place'>[]} */ (
    legal.filter(
      (m) => m.kind === 'place' && (value === null || m.value === value) && (beach === null || m.beach === beach) && (!invoke || m.invoke),
    )
  );
  if (!open.length) return null;
  const done = value !== null && beach !== null ? open.find((m) => m.value === value && m.beach === beach && m.invoke === Boolean(invoke)) || null : null;
  return { open, done };
}

/** Everything clickable now: {board, hand, buttons, market, preview}.
 * - board: the targets on the board, [{kind, key, choice | selected,
 *   strong, data, …}] (kind: beach, take, boat, space, stay, slot, crater,
 *   item), with what the page needs to name them (`move`, `beach`, `card`);
 * - hand: the reserve, {discs: [{value, choice | selected, move}], invoke
 *   (the invocation disc, when in the reserve), takes (the discs that can
 *   come back)};
 * - buttons: [{kind, choice}] (boat, stay, decline, pass, raise, noraise);
 * - market: the cards or the purchases to choose from, {kind, options};
 * - preview: where the boat would sail with the chosen disc, {from, to}.
 * @param {HaleakalaView | null} view
 * @param {HaleakalaMove[]} legal
 * @param {Selection} selection
 * @returns {Targets} */
export function targets(view, legal, selection) {
  /** @type {Targets} */
  const out = { board: [], hand: { discs: [], invoke: null, takes: [] }, buttons: [], market: null, preview: null };
  const me = view ? view.viewer : null;
  if (!view || me === null || me === undefined) return out;
  if (!legal.length) {
    // Not the viewer's decision: the reserve is shown, nothing is offered.
    out.hand.discs = view.players[me].reserve.map((value) => ({ value }));
    if (view.players[me].invocation === 'reserve') out.hand.invoke = {};
    return out;
  }
  switch (view.phase) {
    case 'turn':
      turnTargets(out, view, legal, selection);
      break;
    case 'shaman':
      shamanTargets(out, view, legal);
      break;
    case 'pick':
      pickTargets(out, view, legal);
      break;
    case 'lava':
      lavaTargets(out, legal, selection);
      break;
    case 'buy':
      buyTargets(out, legal);
      break;
    case 'statue':
      statueTargets(out, view, legal);
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

/** The viewer's turn: a disc and a beach, a disc to take back, the boat.
 * @param {Targets} out   filled
 * @param {HaleakalaView} view
 * @param {HaleakalaMove[]} legal
 * @param {Selection} sel */
function turnTargets(out, view, legal, sel) {
  const me = /** @type {number} */ (view.viewer);
  const player = view.players[me];
  // The reserve (the dock): numbered discs, and the invocation disc.
  for (const value of player.reserve) {
    if (sel.value === value) {
      out.hand.discs.push({ value, selected: true });
      continue;
    }
    const result = evaluate(legal, value, null, sel.invoke);
    const choice = result ? (result.done ? result.done.text : `disc:${value}`) : null;
    out.hand.discs.push({ value, choice, move: result && result.done ? result.done : null });
  }
  if (player.invocation === 'reserve') {
    if (sel.invoke) out.hand.invoke = { selected: true };
    else {
      const result = evaluate(legal, sel.value, null, true);
      out.hand.invoke = { choice: result ? (result.done ? result.done.text : 'invoke') : null, move: result && result.done ? result.done : null };
    }
  }
  // The beaches, once a disc is chosen (the invocation disc alone does not
  // say which numbered disc goes with it).
  if (sel.value !== null) {
    for (let beach = 0; beach < 6; beach++) {
      const result = evaluate(legal, sel.value, beach, sel.invoke);
      if (!result || !result.done) continue;
      out.board.push({
        kind: 'beach',
        key: `beach-${beach}`,
        beach,
        choice: result.done.text,
        strong: true,
        move: result.done,
        data: { beach, boat: beach === view.boat ? 'true' : null },
      });
    }
  }
  if (!hasSelection(sel)) {
    for (const move of legal.filter((m) => m.kind === 'take')) {
      const beach = view.sections.findIndex((section) => section.discs[me].includes(move.value));
      out.board.push({ kind: 'take', key: `take-${me}-${move.value}`, player: me, value: move.value, beach, choice: move.text, strong: true, data: { value: move.value } });
      // Also in the bar below the board, where a finger finds it easily.
      out.hand.takes.push({ value: move.value, beach, choice: move.text });
    }
    const boatMove = legal.find((m) => m.kind === 'boat');
    if (boatMove) {
      out.board.push({ kind: 'boat', key: 'boat', section: view.boat, choice: boatMove.text, strong: true });
      out.buttons.push({ kind: 'boat', choice: boatMove.text });
    }
  }
  // Where the boat would sail with the chosen disc.
  if (sel.value !== null && evaluate(legal, sel.value, view.boat, sel.invoke)) {
    out.preview = { from: view.boat, to: (view.boat + sel.value) % 6 };
  }
}

/** Where the shaman may walk, or stay.
 * @param {Targets} out @param {HaleakalaView} view @param {HaleakalaMove[]} legal */
function shamanTargets(out, view, legal) {
  const me = /** @type {number} */ (view.viewer);
  for (const move of legal) {
    if (move.kind === 'shaman') {
      out.board.push({ kind: 'space', key: `space-${move.space}`, space: move.space, choice: move.text, strong: true, data: { space: move.space } });
    } else if (move.kind === 'stay') {
      out.board.push({ kind: 'stay', key: `stay-${me}`, player: me, choice: move.text, strong: true });
      out.buttons.push({ kind: 'stay', choice: move.text });
    }
  }
}

/** The two cards where the boat stopped.
 * @param {Targets} out @param {HaleakalaView} view @param {HaleakalaMove[]} legal */
function pickTargets(out, view, legal) {
  const section = view.pending ? /** @type {number} */ (view.pending.section) : view.boat;
  /** @type {{slot: number, card: string, choice: string}[]} */
  const options = [];
  for (const move of legal.filter((m) => m.kind === 'pick')) {
    // A slot a move picks from holds a card.
    const card = /** @type {string} */ (view.sections[section].slots[move.slot]);
    options.push({ slot: move.slot, card, choice: move.text });
    out.board.push({ kind: 'slot', key: `slot-${section}-${move.slot}`, section, slot: move.slot, card, choice: move.text, strong: true, data: { section, slot: move.slot } });
  }
  if (options.length) out.market = { kind: 'pick', options };
}

/** A crater with lava, then a crater beside it; or decline.
 * @param {Targets} out @param {HaleakalaMove[]} legal @param {Selection} selection */
function lavaTargets(out, legal, selection) {
  const moves = legal.filter((m) => m.kind === 'lava');
  const sources = [...new Set(moves.map((m) => m.crater))];
  if (selection.crater !== null) {
    out.board.push({ kind: 'crater', key: `crater-${selection.crater}`, crater: selection.crater, selected: true, data: { crater: selection.crater } });
    for (const move of moves.filter((m) => m.crater === selection.crater)) {
      out.board.push({ kind: 'crater', key: `crater-${move.to}`, crater: move.to, choice: move.text, strong: true, move, data: { crater: move.to } });
    }
  } else {
    for (const crater of sources) {
      out.board.push({ kind: 'crater', key: `crater-${crater}`, crater, choice: `crater:${crater}`, strong: true, data: { crater } });
    }
  }
  const decline = legal.find((m) => m.kind === 'decline');
  if (decline) out.buttons.push({ kind: 'decline', choice: decline.text });
}

/** The shaman's space (or a button) to raise the statue, or not.
 * @param {Targets} out @param {HaleakalaView} view @param {HaleakalaMove[]} legal */
function statueTargets(out, view, legal) {
  const space = view.pending ? view.pending.space : null;
  for (const move of legal) {
    if (move.kind === 'raise') {
      if (space) out.board.push({ kind: 'space', key: `space-${space}`, space, raise: true, choice: move.text, strong: true, data: { space } });
      out.buttons.push({ kind: 'raise', choice: move.text });
    } else if (move.kind === 'noraise') {
      out.buttons.push({ kind: 'noraise', choice: move.text });
    }
  }
}

/** The score cards and the Priestess on sale; or pass.
 * @param {Targets} out @param {HaleakalaMove[]} legal */
function buyTargets(out, legal) {
  /** @type {{item: string, cost: number, choice: string}[]} */
  const options = [];
  for (const move of legal) {
    if (move.kind === 'buy') {
      options.push({ item: move.item, cost: move.cost, choice: move.text });
      out.board.push({ kind: 'item', key: `item-${move.item}`, item: move.item, choice: move.text, strong: true, move, data: { item: move.item } });
    } else if (move.kind === 'pass') {
      out.buttons.push({ kind: 'pass', choice: move.text });
    }
  }
  if (options.length) out.market = { kind: 'buy', options };
}

/** A click on a target of the board ({kind, choice}), a disc of the
 * reserve ({value, choice}), the invocation disc ({invoke: true, choice})
 * or a button ({choice}): a second click on what is chosen puts it back.
 * @param {HaleakalaView | null} view
 * @param {HaleakalaMove[]} legal
 * @param {Selection} selection
 * @param {Target} target
 * @returns {ClickResult} */
export function click(view, legal, selection, target) {
  if (target.selected) {
    if (target.kind === 'crater') return selecting({ ...selection, crater: null });
    if (target.invoke) return selecting({ ...selection, invoke: false });
    if (target.value !== undefined) return selecting({ ...selection, value: null });
    return selecting(selection);
  }
  const choice = target.choice;
  if (!choice) return selecting(selection);
  if (choice.startsWith('disc:')) return selecting({ ...selection, value: Number(choice.slice(5)) });
  if (choice === 'invoke') return selecting({ ...selection, invoke: true });
  if (choice.startsWith('crater:')) return selecting({ ...selection, crater: Number(choice.slice(7)) });
  return played(legal, choice, emptySelection);
}
