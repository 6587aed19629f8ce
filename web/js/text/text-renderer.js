// @ts-check
// The text view: a game in words, for a player who does not see the board
// (a screen reader, or the keyboard alone). It is a renderer like the
// graphic ones (games/index.js describes the shape), built on the game's
// text module (games/<game>/text.js): the position as headings and lists,
// the moves as buttons grouped by kind, a move of several parts chosen part
// by part through the game's selection module, as on the board.
//
// Where things go: the turn, what just happened and the moves in the board's
// frame (`els.board`), the players in the players' panel (`els.players`);
// the graphic containers (hand, market, actions, round, score line) stay
// empty. Each section is an h2 a screen reader jumps to; the moves come
// right after the turn. Every move, anyone's, is said in the page's live
// region (game.js), and after a press the focus stays on the moves: on the
// button pressed when it is still there, or the first one, or the moves'
// heading; never the page's body.

import { t } from '../i18n.js';
import { h } from '../dom.js';
import { isSameTurn } from '../games/renderer-common.js';

/** @typedef {import('../games/contract.js').GameSnapshot} GameSnapshot */
/** @typedef {import('../games/contract.js').GameEvent} GameEvent */
/** @typedef {import('../games/contract.js').Move} Move */
/** @typedef {import('../games/contract.js').LessonStep} LessonStep */
/** @typedef {import('../games/contract.js').LogContext} LogContext */
/** @typedef {import('../games/contract.js').RenderOptions} RenderOptions */
/** @typedef {import('../games/contract.js').Section} Section */
/** @typedef {import('../games/contract.js').Button} Button */

/** The order of the sections in the board's frame; the players go to their panel. */
const FIRST = ['turn', 'recent'];
const ELSEWHERE = ['players'];

/** The text view of a game: its text module (`games/<game>/text.js`) and its
 * panels, drawn in the page's containers (games/index.js loads them).
 * @param {import('../games/contract.js').TextView} text
 * @param {import('../games/contract.js').PanelModule} panel
 * @param {import('../games/contract.js').RendererHost} host
 * @returns {import('../games/contract.js').Renderer} */
export function createTextRenderer(text, panel, { els, onChoice }) {
  const { select } = text;
  /** @type {GameSnapshot | null} */
  let snapshot = null;
  /** @type {string[]} */
  let names = [];
  let interactive = false;
  let selection = select.emptySelection();
  /** @type {GameEvent[]} */
  let lastMove = [];
  /** @type {Move | null} */
  let suggestion = null;
  /** @type {LessonStep | null} */
  let lesson = null;
  let teaching = false;

  const root = h('div', { class: 'text-page', 'data-view': 'text' });
  const top = h('div', { class: 'text-part' });
  const moves = h('section', { class: 'text-moves', 'aria-labelledby': 'text-moves-title' });
  const rest = h('div', { class: 'text-part' });
  root.append(top, moves, rest);
  els.board.replaceChildren(root);
  els.board.classList.add('text-frame');
  for (const key of ['hand', 'market', 'actions', 'round', 'scoreline']) if (els[key]) els[key].replaceChildren();

  const legal = () => (snapshot && interactive ? snapshot.legal : []);
  const hasSelection = () => JSON.stringify(selection) !== JSON.stringify(select.emptySelection());
  const context = () => ({ names, players: snapshot && snapshot.view && (snapshot.view.players || (snapshot.view.scores || []).length) });
  /** @param {GameEvent} event @param {LogContext} ctx */
  const logParams = (event, ctx) => text.logParams(event, { ...context(), ...ctx });

  /** A section as a heading and its sentences.
   * @param {Section} s */
  function sectionNode(s) {
    const id = `text-${s.key}`;
    return h(
      'section',
      { class: `text-section text-${s.key}`, 'aria-labelledby': id },
      h('h2', { id, class: 'text-heading' }, s.heading),
      s.items.length === 1 ? h('p', {}, s.items[0]) : h('ul', {}, ...s.items.map((item) => h('li', {}, item))),
    );
  }

  function draw() {
    const snap = /** @type {GameSnapshot} */ (snapshot);
    const view = snap.view;
    const sections = text.describe(snap, { names, lastMove }).filter((s) => s.items.length);
    top.replaceChildren(...sections.filter((s) => FIRST.includes(s.key)).map(sectionNode));
    rest.replaceChildren(...sections.filter((s) => !FIRST.includes(s.key) && !ELSEWHERE.includes(s.key)).map(sectionNode));
    if (els.players) els.players.replaceChildren(...sections.filter((s) => ELSEWHERE.includes(s.key)).map(sectionNode));
    root.dataset.game = view.game || '';
  }

  /** The choices a move narrowed to `wanted` offers: their data-choices.
   * @param {Move[]} wanted
   * @returns {Set<string>} */
  function leadingTo(wanted) {
    const offered = text.choices(/** @type {GameSnapshot} */ (snapshot).view, wanted, selection, names);
    return new Set(offered.groups.flatMap((g) => g.buttons.filter((b) => b.choice).map((b) => /** @type {string} */ (b.choice))));
  }

  /** The moves: a prompt, the groups of buttons, and a way back. */
  function redraw() {
    if (!snapshot) return;
    const active = document.activeElement;
    const focusKey = active && root.contains(active) ? active.getAttribute('data-key') : null;
    const hadFocus = Boolean(active && root.contains(active));
    const now = legal();
    const { prompt, groups } = text.choices(snapshot.view, now, selection, names);
    const taught = lesson && interactive ? leadingTo(now.filter((m) => m.text === /** @type {LessonStep} */ (lesson).move)) : null;
    const suggested = suggestion && interactive ? leadingTo(now.filter((m) => m.text === /** @type {Move} */ (suggestion).text)) : new Set();
    const title = h('h2', { id: 'text-moves-title', class: 'text-heading', tabindex: '-1' }, t('text.section.moves'));
    const parts = [title, h('p', { class: 'text-prompt' }, prompt)];
    for (const group of groups) {
      const list = h('ul', { class: 'text-buttons', role: 'list' });
      for (const b of group.buttons) {
        const key = `${group.key}:${b.selected ? 'selected:' : ''}${b.choice || b.label}`;
        const marked = b.choice && suggested.has(b.choice);
        const node = h(
          'button',
          {
            type: 'button',
            class: `btn text-choice${b.selected ? ' selected' : ''}${marked ? ' suggested' : ''}`,
            'data-key': key,
            'data-choice': b.choice,
            'aria-pressed': b.selected ? 'true' : null,
            'data-lesson': taught ? (b.choice && taught.has(b.choice) ? 'target' : 'other') : null,
            onclick: () => press(b),
          },
          b.label,
          marked ? h('span', { class: 'text-suggested' }, ` — ${t('text.suggested')}`) : null,
        );
        list.append(h('li', {}, node));
      }
      parts.push(h('h3', { class: 'text-group' }, group.heading), list);
    }
    if (interactive && hasSelection()) {
      parts.push(h('p', {}, h('button', { type: 'button', class: 'btn ghost text-cancel', 'data-key': 'cancel', onclick: clearSelection }, t('text.cancel'))));
    }
    moves.replaceChildren(...parts);
    if (taught && !teaching) {
      document.body.classList.add('lesson-teaching');
      teaching = true;
    } else if (!taught && teaching) {
      document.body.classList.remove('lesson-teaching');
      teaching = false;
    }
    if (hadFocus) keepFocus(focusKey);
  }

  /** After a redraw, the focus goes back to the button it was on, or to the
   * moves' heading (from which the next Tab reaches the first move; a
   * screen reader is not cut short in what the live region says).
   * @param {string | null} key */
  function keepFocus(key) {
    const same = key ? /** @type {HTMLElement | null} */ (moves.querySelector(`[data-key="${CSS.escape(key)}"]`)) : null;
    const heading = /** @type {HTMLElement} */ (moves.querySelector('#text-moves-title'));
    (same || heading).focus({ preventScroll: true });
  }

  /** A button pressed: the selection narrows, or the move is played.
   * @param {Button} b */
  function press(b) {
    if (!interactive) return;
    const result = select.click(/** @type {GameSnapshot} */ (snapshot).view, legal(), selection, b.target);
    if (result.move) {
      selection = select.emptySelection();
      // The moves stay where the focus is while the move is made.
      /** @type {HTMLElement | null} */ (moves.querySelector('#text-moves-title'))?.focus();
      onChoice(result.move.text);
      return;
    }
    if (result.selection === selection) return;
    selection = result.selection;
    redraw();
    const first = /** @type {HTMLElement | null} */ (moves.querySelector('button[data-choice]'));
    if (first) first.focus();
  }

  function clearSelection() {
    if (!hasSelection()) return;
    selection = select.emptySelection();
    redraw();
  }

  /** @param {GameSnapshot} snap @param {Partial<RenderOptions>} [options] */
  function render(snap, options = {}) {
    const sameTurn = isSameTurn(snapshot, snap, snapshot && snapshot.view);
    snapshot = snap;
    names = options.names || names;
    interactive = Boolean(options.interactive) && snap.legal.length > 0;
    if (!sameTurn || !interactive) selection = select.emptySelection();
    if (!sameTurn) suggestion = null;
    // What just happened: the others' moves since the viewer's latest, or,
    // with none, the latest move (the viewer's own, mid-turn).
    if (options.lastMove) lastMove = options.lastMove.length || !snap.log.length ? options.lastMove : snap.log[snap.log.length - 1].events;
    draw();
    redraw();
  }

  return {
    render,
    flashEvents: () => {},
    clearSelection,
    suggest(move) {
      suggestion = move || null;
      redraw();
    },
    teach(taught) {
      lesson = taught;
      redraw();
    },
    moveText: (move) => text.moveText(snapshot && snapshot.view, move, names),
    logParams,
    endDetails: (snap, list) => panel.endDetails(snap.view, snap.result, list),
    destroy() {
      els.board.classList.remove('text-frame');
      for (const el of Object.values(els)) if (el) el.replaceChildren();
      if (teaching) document.body.classList.remove('lesson-teaching');
    },
  };
}
