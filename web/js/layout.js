// @ts-check
// Keeps the CSS variable --dock-height equal to the height of the bar fixed
// at the bottom of a phone screen, so that the board above it is sized to
// the room really left.

/** @param {HTMLElement} dock @returns {void} */
export function watchDock(dock) {
  if (!('ResizeObserver' in window)) return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    if (getComputedStyle(dock).position !== 'fixed') {
      root.style.removeProperty('--dock-height');
      return;
    }
    root.style.setProperty('--dock-height', `${Math.ceil(dock.getBoundingClientRect().height)}px`);
  });
  observer.observe(dock);
}
