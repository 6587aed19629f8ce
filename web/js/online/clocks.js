// @ts-check
// Each seat's clock in the table's panel (docs/online.md, section 10): a
// face per seat with a clock (`[data-clock-seat]`, a timer), shown again
// each second while a clock runs, counted down from the milliseconds of the
// latest state (the controller measures the time since); the running one
// marked, and low when little is left.

import { h } from '../dom.js';

/** @typedef {import('./ctrl.js').OnlineCtrl} OnlineCtrl */

/** A seat's clock face, filled in by `tick`. @param {number} each @returns {HTMLElement} */
export function clockFace(each) {
  return h('span', { class: 'table-clock', 'data-clock-seat': String(each), role: 'timer' });
}

/**
 * The clocks of the panel `panel`: `tick()` shows each as it is now (and
 * keeps the timer that shows them each second while one runs), `stop()`
 * stops that timer.
 * @param {OnlineCtrl} ctrl @param {HTMLElement} panel
 * @returns {{tick: () => void, stop: () => void}}
 */
export function createClocks(ctrl, panel) {
  /** @type {ReturnType<typeof setInterval> | null} */
  let ticking = null;

  function tick() {
    for (const face of /** @type {NodeListOf<HTMLElement>} */ (panel.querySelectorAll('[data-clock-seat]'))) {
      const shown = ctrl.clockFace(Number(face.dataset.clockSeat));
      if (!shown) continue;
      if (face.textContent !== shown.text) face.textContent = shown.text;
      face.classList.toggle('running', shown.running);
      face.classList.toggle('low', shown.low);
      face.dataset.running = String(shown.running);
    }
    const wanted = ctrl.clockRuns;
    if (wanted && ticking === null) ticking = setInterval(tick, 1000);
    if (!wanted) stop();
  }

  function stop() {
    if (ticking !== null) clearInterval(ticking);
    ticking = null;
  }

  return { tick, stop };
}
