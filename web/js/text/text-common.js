// @ts-check
// What the four games' text views share. A game's text module
// (games/<game>/text.js) says a position in words, for a player who does not
// see the board: it knows the snapshot, the names and the words, and nothing
// of the page (no DOM), so that Node can test it. Each one exports
//   select                       the game's selection module (<game>/select.js)
//   describe(snap, {names, lastMove}) -> Section[]
//       the position: whose turn and the round first, then the board, the
//       players, what the viewer holds and what lies open, and what just
//       happened (`lastMove`: the public events of the latest moves);
//       each section {key, heading, items}: a heading and its sentences
//   choices(view, legal, selection, names) -> {prompt, groups}
//       what the viewer may do now, made of the selection module's targets:
//       `prompt` one sentence, `groups` [{key, heading, buttons}], each
//       button {label, target, choice, selected}: its words, the target a
//       press hands to select.click, its data-choice (the move it plays or
//       the step it takes; null for a selected one, which a press puts back)
//   moveText(view, move, names)  a move in words, to end a sentence
//   logParams(event, ctx)        as the game's log module (for the log)
// The renderer (text/text-renderer.js) shows sections as headings and
// lists, and the groups as buttons.

import { t } from '../i18n.js';
import { eventText } from '../log.js';

/**
 * @typedef {import('../games/contract.js').Section} Section
 * @typedef {import('../games/contract.js').Button} Button
 * @typedef {import('../games/contract.js').Group} Group
 * @typedef {import('../games/contract.js').Target} Target
 * @typedef {import('../games/contract.js').GameEvent} GameEvent
 * @typedef {import('../games/contract.js').LogContext} LogContext
 * @typedef {import('../games/contract.js').LogWords} LogWords
 */

/** A section of the description; empty sentences are left out.
 * @param {string} key
 * @param {string} heading
 * @param {(string | null | undefined)[]} items
 * @returns {Section} */
export function section(key, heading, items) {
  return { key, heading, items: /** @type {string[]} */ (items.filter((item) => item !== null && item !== undefined && item !== '')) };
}

/** A button for one of the selection module's targets: a selected target
 * is pressed to be put back; another plays its move or takes its step.
 * @param {Target} target
 * @param {string} label
 * @returns {Button} */
export function button(target, label) {
  const selected = Boolean(target.selected);
  return { label, target, choice: selected ? null : target.choice || null, selected };
}

/** A group of buttons under a heading; the empty ones the renderer leaves out.
 * @param {string} key
 * @param {string} heading
 * @param {(Button | null | undefined)[]} buttons
 * @returns {Group} */
export function group(key, heading, buttons) {
  return { key, heading, buttons: /** @type {Button[]} */ (buttons.filter(Boolean)) };
}

/** A player's name, "you" added for the viewer: "Ana (you)".
 * @param {string[]} names
 * @param {number} seat
 * @param {number | null | undefined} viewer
 * @returns {string} */
export function who(names, seat, viewer) {
  return seat === viewer ? t('text.you', { player: names[seat] }) : names[seat];
}

/** The section of what just happened: the latest moves' public events, in
 * the log's words.
 * @param {GameEvent[] | null | undefined} events
 * @param {(event: GameEvent, ctx: LogContext) => LogWords} logParams
 * @param {string[]} names
 * @returns {Section} */
export function recent(events, logParams, names) {
  return section(
    'recent',
    t('text.recent'),
    (events || []).map((event) => eventText(event, logParams, names)),
  );
}
