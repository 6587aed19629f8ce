// @ts-check
// What the four games' renderers share besides their shell
// (renderer-shell.js): when a phone counts as held upright, whether a new
// snapshot still belongs to the turn on screen, where the keyboard focus goes
// once a redraw has replaced the elements, board targets that act as
// buttons, the sea the boards are drawn on, and the panels' player's
// article and viewer's hand.

import { svg, radialGradient } from '../board-svg.js';
import { h } from '../dom.js';
import { token } from '../players.js';

/** @typedef {import('./contract.js').GameSnapshot} GameSnapshot */

/**
 * Where the focus goes once a redraw has replaced the focused element
 * (`restoreFocus`'s options; a renderer's `focusRules`).
 * @typedef {object} FocusRules
 * @property {(same: HTMLElement, key: string) => Element | null} [afterChoice]
 * @property {string} next
 * @property {boolean} [stay]
 */

/** A phone held upright: the boards turn a quarter to fill it. One query for
 * every game, so that all of them turn at the same width. */
export const PORTRAIT = window.matchMedia('(max-width: 700px) and (orientation: portrait)');

// -- turns --------------------------------------------------------------------------

/** True when `snap` shows the same turn as `previous`, the snapshot on screen
 * (`view` its view): the same viewer, nothing logged since, the same legal
 * moves. A selection in progress then stays; otherwise it is dropped.
 * @param {GameSnapshot | null} previous
 * @param {GameSnapshot} snap
 * @param {unknown} view
 * @returns {boolean} */
export function isSameTurn(previous, snap, view) {
  return Boolean(
    previous &&
      snap.viewer === previous.viewer &&
      snap.log.length === previous.log.length &&
      view &&
      JSON.stringify(snap.legal) === JSON.stringify(previous.legal),
  );
}

// -- the keyboard focus -------------------------------------------------------------

/** The screen a board belongs to: the elements of one game, board and panels.
 * @param {Element} node
 * @returns {Element | Document} */
export function screenOf(node) {
  // A board drawn in a dialog (the rules' pictures) keeps to its dialog.
  return node.closest('.screen, dialog') || document;
}

/** The data-key of the element that has the focus, if it has one. A redraw
 * replaces the elements: this key is how the focus finds its way back.
 * @returns {string | null} */
export function focusedKey() {
  const active = document.activeElement;
  return active && active.getAttribute ? active.getAttribute('data-key') : null;
}

/** After a redraw, give the focus back to the element whose data-key is `key`
 * (found in `scope`) while it can still be chosen or is pressed. Options:
 * - afterChoice(same, key): called when that element has just been pressed
 *   from the keyboard; the element to go on to (a card chosen: the lines it
 *   can use), or null to stay on it;
 * - next: the selectors of what to focus when it can no longer be chosen;
 * - stay: with nothing to match `next`, keep the focus on it all the same. */
/**
 * @param {ParentNode} scope @param {string} key
 * @param {FocusRules} options
 * @returns {void}
 */
export function restoreFocus(scope, key, { afterChoice = () => null, next, stay = false }) {
  const same = /** @type {HTMLElement | null} */ (scope.querySelector(`[data-key="${CSS.escape(key)}"]`));
  // What a game goes on to is a focusable element: an HTML or SVG one.
  const onward = same && same.getAttribute('aria-pressed') === 'true' ? /** @type {HTMLElement | null} */ (afterChoice(same, key)) : null;
  let target = onward;
  if (!target && same && same.matches('[data-choice], [aria-pressed="true"]')) target = same;
  if (!target) target = /** @type {HTMLElement | null} */ (scope.querySelector(next)) || (stay ? same : null);
  if (target) target.focus({ preventScroll: true });
}

/** The board is one stop of the Tab key, as a grid is: of its targets, the
 * one with the focus, or else the suggested one, or a glowing one, or the
 * first, may be reached with Tab; the arrow keys (keyboard.js) move between
 * the others. Called after every redraw.
 * @param {HTMLElement} board
 * @returns {void} */
export function oneTabStop(board) {
  const targets = /** @type {HTMLElement[]} */ ([...board.querySelectorAll('[tabindex]')]).filter((node) => node !== board && node.matches('[data-choice], [aria-pressed="true"], [role="button"]'));
  if (!targets.length) return;
  const active = document.activeElement;
  const stop =
    targets.find((node) => node === active) ||
    targets.find((node) => node.classList.contains('suggested')) ||
    targets.find((node) => node.classList.contains('strong') || node.getAttribute('tabindex') === '0') ||
    targets[0];
  for (const node of targets) node.setAttribute('tabindex', node === stop ? '0' : '-1');
}

/** The first element in `root` that matches one of `selectors`, taken in
 * their order (not in the document's).
 * @param {ParentNode} root
 * @param {...string} selectors
 * @returns {Element | null} */
export function firstOf(root, ...selectors) {
  for (const selector of selectors) {
    const node = root.querySelector(selector);
    if (node) return node;
  }
  return null;
}

// -- board targets ------------------------------------------------------------------

/** Let an SVG element (a focusable `role="button"`) act as a button: a click,
 * or Enter or Space while it has the focus, calls `act`. The click goes no
 * further: the sea under a target clears the selection.
 * @template {SVGElement | HTMLElement} N
 * @param {N} node
 * @param {() => void} act
 * @returns {N} */
export function actAsButton(node, act) {
  node.addEventListener('click', (event) => {
    event.stopPropagation();
    act();
  });
  // Its keydown is a KeyboardEvent, whether it is an HTML or an SVG element.
  /** @type {HTMLElement} */ (node).addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      act();
    }
  });
  return node;
}

// -- the sea ----------------------------------------------------------------------------

/** The open sea's gradient, from the light blue round its centre (`cx`,
 * `cy`, `r`) to the deep blue of its edges; `middle` is where the middle
 * blue stands.
 * @param {string} id
 * @param {{cx: string, cy: string, r: string, middle: string}} where
 * @returns {SVGElement} */
export function oceanGradient(id, { cx, cy, r, middle }) {
  return radialGradient(id, { cx, cy, r }, [
    ['0', 'var(--ocean-3)'],
    [middle, 'var(--ocean-2)'],
    ['1', 'var(--ocean-1)'],
  ]);
}

/** Waves on the sea: a tile `width` × `height` with two crests, the first
 * near its top-left corner and the second at `second` ([x, y]).
 * @param {string} id
 * @param {{width: number, height: number, className: string, second: [number, number]}} tile
 * @returns {SVGElement} */
export function wavesPattern(id, { width, height, className, second }) {
  /** @param {number} x @param {number} y */
  const crest = (x, y) => svg('path', { class: className, d: `M${x},${y} q8,-6 16,0 t16,0` });
  return svg('pattern', { id, width, height, patternUnits: 'userSpaceOnUse' }, crest(4, 14), crest(...second));
}

/** Mark a lesson's points (`lesson-point`) among the elements of `root`
 * whose data-key starts with `prefix`: those whose key, after the prefix,
 * names one of `wanted` (`nameOf` reads the name from the rest of the key).
 * @param {ParentNode} root
 * @param {string} prefix
 * @param {unknown[]} wanted
 * @param {(rest: string) => unknown} [nameOf]
 * @returns {void} */
export function pointByKey(root, prefix, wanted, nameOf = (rest) => rest) {
  const names = wanted.map(String);
  root.querySelectorAll(`[data-key^="${prefix}"]`).forEach((node) => {
    const rest = /** @type {string} */ (node.getAttribute('data-key')).slice(prefix.length);
    node.classList.toggle('lesson-point', names.includes(String(nameOf(rest))));
  });
}

/**
 * A player's article in the players' panel: of classes `player`, the game's
 * own (`kind`), the seat's colour (`p0` …), and whether the seat is to move,
 * is the viewer's, has won; `attrs` its other attributes. Its header holds
 * the seat's token (of `size`), the player's name and then `head`; `body`
 * follows the header.
 * @param {{seat: number, name: string, kind?: string, toMove?: unknown, viewer: number | null, winner?: unknown, size: number, attrs?: Record<string, string>}} player
 * @param {(Node | null | false)[]} head
 * @param {...(Node | null | false)} body
 * @returns {HTMLElement} */
export function playerArticle({ seat, name, kind, toMove, viewer, winner, size, attrs = {} }, head, ...body) {
  return h(
    'article',
    { class: `player${kind ? ` ${kind}` : ''} p${seat}${toMove ? ' to-move' : ''}${seat === viewer ? ' is-viewer' : ''}${winner ? ' winner' : ''}`, ...attrs },
    h('header', { class: 'player-head' }, token(seat, size), h('span', { class: 'player-name' }, name), ...head),
    ...body,
  );
}

/** The viewer's hand in `el`: when they hold none (a spectator), the
 * sentence `spectator`, and null; else the row of its cards, a group named
 * `title` of class `className`, for the game to fill and show.
 * @param {HTMLElement} el @param {boolean} holds
 * @param {{spectator: string, title: string, className: string}} words
 * @returns {HTMLElement | null} */
export function handRow(el, holds, { spectator, title, className }) {
  if (!holds) {
    el.replaceChildren(h('p', { class: 'hand-empty' }, spectator));
    return null;
  }
  return h('div', { class: className, role: 'group', 'aria-label': title });
}
