// @ts-check
// Words on touch: what a piece, a count or an icon is, for a finger as well
// as for the mouse. Every such thing on the game screen already says it to
// screen readers (aria-label) or on hover (title); a tap (or a click) on one
// that does nothing else shows those words in a small bubble beside it,
// until the next tap or a few seconds; a mouse resting on one that has no
// native tooltip (an SVG piece) shows them too. Nothing that acts (a button,
// a choice, a field) is touched by a tap: its click is its own. A finger
// held on anything with words, a glowing choice too, shows them instead,
// and that press plays nothing (the rules' keys say so).

import { refs } from './refs.js';

// What has words: an HTML title, an image's label, a labelled part of a board.
const LABELLED = '[title], [role="img"][aria-label], svg [aria-label]';
// What acts when clicked: its click is never taken for a question. (What
// only takes the focus, a board's frame or a list that scrolls, does not act.)
const ACTS = 'button, a, input, select, textarea, label, [data-choice], [role="button"], [aria-pressed]';
// What acts and has words of its own: a press held on it asks what it is.
const ACTS_LABELLED = '[data-choice][aria-label], [role="button"][aria-label], button[aria-label], button[title]';
const SHOWN_MS = 4000;
const HOVER_MS = 450;
// A finger held this long, moving less than this, asks instead of acting.
const HOLD_MS = 500;
const HOLD_SLOP_PX = 10;

/** Show the words of what is tapped inside `root`.
 * @param {HTMLElement} root @returns {void} */
export function installTips(root) {
  const tip = refs.tip();
  /** @type {Element | null} */
  let shownFor = null;
  let hideTimer = 0;
  let hoverTimer = 0;

  // The label, which says what is counted and how many, else the title.
  const words = (/** @type {Element} */ el) => (el.getAttribute('aria-label') || el.getAttribute('title') || '').trim();

  /** The labelled thing an event is about, unless it (or what holds it) acts.
   * @param {Event} event @returns {Element | null} */
  function about(event) {
    const start = event.target instanceof Element ? event.target : null;
    const el = start && start.closest(LABELLED);
    if (!el || !root.contains(el) || el.closest(ACTS) || !words(el)) return null;
    // A whole board's label is its name, not a thing on it.
    if (el.matches('svg[role="group"]')) return null;
    return el;
  }

  /** @param {Element} el */
  function show(el) {
    tip.textContent = words(el);
    tip.hidden = false;
    const box = el.getBoundingClientRect();
    const width = tip.offsetWidth;
    const left = Math.min(Math.max(8, box.left + box.width / 2 - width / 2), window.innerWidth - width - 8);
    const above = box.top - tip.offsetHeight - 8;
    tip.style.left = `${Math.round(left)}px`;
    tip.style.top = `${Math.round(above > 8 ? above : box.bottom + 8)}px`;
    shownFor = el;
    window.clearTimeout(hideTimer);
    hideTimer = window.setTimeout(hide, SHOWN_MS);
  }

  function hide() {
    window.clearTimeout(hideTimer);
    tip.hidden = true;
    shownFor = null;
  }

  /** What a held finger asks about: a thing that acts and says what it is,
   * else what `about` finds.
   * @param {Event} event @returns {Element | null} */
  function held(event) {
    const start = event.target instanceof Element ? event.target : null;
    const acting = start && start.closest(ACTS_LABELLED);
    if (acting && root.contains(acting) && words(acting)) return acting;
    return about(event);
  }

  /** @type {{timer: number, x: number, y: number} | null} */
  let press = null;
  // The click that ends a held press is the question's, not a move.
  let swallow = false;
  const release = () => {
    if (press) window.clearTimeout(press.timer);
    press = null;
  };
  root.addEventListener('pointerdown', (event) => {
    swallow = false;
    release();
    if (event.pointerType === 'mouse') return;
    const el = held(event);
    if (!el) return;
    press = {
      x: event.clientX,
      y: event.clientY,
      timer: window.setTimeout(() => {
        press = null;
        swallow = true;
        show(el);
      }, HOLD_MS),
    };
  });
  root.addEventListener('pointermove', (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > HOLD_SLOP_PX) release();
  });
  root.addEventListener('pointerup', release);
  root.addEventListener('pointercancel', release);
  // A held finger opens no context menu over the words it asked for.
  root.addEventListener('contextmenu', (event) => {
    if (swallow || press) event.preventDefault();
  });
  root.addEventListener(
    'click',
    (event) => {
      if (!swallow) return;
      swallow = false;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );

  root.addEventListener('click', (event) => {
    const el = about(event);
    if (!el) {
      if (shownFor) hide();
      return;
    }
    if (el === shownFor) hide();
    else show(el);
  });
  root.addEventListener('pointerover', (event) => {
    if (event.pointerType !== 'mouse') return;
    const el = about(event);
    window.clearTimeout(hoverTimer);
    // An HTML title has the browser's own tooltip.
    if (!el || el.hasAttribute('title')) return;
    hoverTimer = window.setTimeout(() => show(el), HOVER_MS);
  });
  root.addEventListener('pointerout', (event) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(hoverTimer);
    if (shownFor && event.target instanceof Element && shownFor.contains(event.target)) hide();
  });
  window.addEventListener('scroll', hide, { passive: true, capture: true });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
}
