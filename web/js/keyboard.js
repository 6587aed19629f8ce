// @ts-check
// Arrow keys move the focus between the things that can be chosen now (the
// glowing targets), towards the nearest one in the arrow's direction.

/** @type {Record<string, [number, number]>} */
const DIRECTIONS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/** The centre of `node` on screen, and whether it takes room at all.
 * @param {Element} node @returns {[number, number, boolean]} */
function centre(node) {
  const box = node.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2, box.width > 0 && box.height > 0];
}

/** What can be chosen: an HTML element or a part of an SVG board.
 * @typedef {HTMLElement | SVGElement} Choice */

/** @param {HTMLElement} root @returns {Choice[]} */
function candidates(root) {
  return [.../** @type {NodeListOf<Choice>} */ (root.querySelectorAll('[data-choice], [aria-pressed="true"].card, .line-target.selected'))].filter(
    (node) => centre(node)[2] && !node.closest('[hidden]') && !node.closest('dialog:not([open])'),
  );
}

/** Install the arrow-key navigation on `root`; `onEscape` cancels a selection.
 * The keys also work when nothing has the focus (after a move, the element
 * that had it may be gone), but not from inside a dialog.
 * @param {HTMLElement} root @param {{onEscape: () => void}} handlers @returns {void} */
export function installKeyboard(root, { onEscape }) {
  root.ownerDocument.addEventListener('keydown', (event) => {
    if (root.hidden || !(root.contains(/** @type {Node | null} */ (event.target)) || event.target === root.ownerDocument.body)) return;
    if (event.key === 'Escape') {
      onEscape();
      return;
    }
    const direction = DIRECTIONS[event.key];
    if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
    const active = /** @type {Choice | null} */ (document.activeElement);
    if (active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) return;
    const all = candidates(root);
    if (!all.length) return;
    event.preventDefault();
    if (!active || !all.includes(active)) {
      // A hint on screen: start from what it suggests.
      (all.find((node) => node.classList.contains('suggested')) || all[0]).focus();
      return;
    }
    const [x, y] = centre(active);
    // Stay on the board, or in the panel, while there is something that way.
    const region = (/** @type {Element} */ node) => Boolean(node.closest('.board-frame'));
    const near = all.filter((node) => region(node) === region(active));
    const best = closest(near, active, x, y, direction) || closest(all, active, x, y, direction);
    if (best) best.focus();
  });
}

/** The one of `all` nearest to (x, y) in `direction` (not `active`), or null.
 * @param {Choice[]} all @param {Choice} active @param {number} x @param {number} y
 * @param {[number, number]} direction @returns {Choice | null} */
function closest(all, active, x, y, direction) {
  /** @type {Choice | null} */
  let best = null;
  let bestScore = Infinity;
  for (const node of all) {
    if (node === active) continue;
    const [nx, ny] = centre(node);
    const dx = nx - x;
    const dy = ny - y;
    const along = dx * direction[0] + dy * direction[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * direction[1] - dy * direction[0]);
    const score = along + across * 2.2;
    if (score < bestScore) {
      bestScore = score;
      best = node;
    }
  }
  return best;
}
