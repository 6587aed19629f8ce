// @ts-check
// The games the page knows, registered in one place: each game's renderer,
// text view, panels, picture and stylesheet, all in its folder
// `games/<game>/` (contract.js says what each module offers). A game that
// Python offers but that is not registered here is not listed in the menu.
//
// A renderer (contract.js's Renderer) is built in the shared shell
// (renderer-shell.js); how its clicks narrow the legal moves down to one is
// its game's selection module (select.js, see select-common.js), which knows
// no DOM. The text view (`&view=text`, ../text/text-renderer.js) is a
// renderer too, made of the game's text module and panels.

import { PICTURE as KAHUNA } from './kahuna/emblem.js';
import { PICTURE as KANALOA } from './kanaloa/emblem.js';
import { PICTURE as MOAI } from './moai/emblem.js';
import { PICTURE as HALEAKALA } from './haleakala/emblem.js';

/** @typedef {import('./contract.js').GameEntry} GameEntry */
/** @typedef {import('./contract.js').RendererModule} RendererModule */

/** @type {Record<string, GameEntry>} */
const GAMES = {
  kahuna: {
    renderer: () => import('./kahuna/renderer.js'),
    text: () => import('./kahuna/text.js'),
    panel: () => import('./kahuna/panel.js'),
    picture: KAHUNA,
  },
  kanaloa: {
    renderer: () => import('./kanaloa/renderer.js'),
    text: () => import('./kanaloa/text.js'),
    panel: () => import('./kanaloa/panel.js'),
    picture: KANALOA,
  },
  moai: {
    renderer: () => import('./moai/renderer.js'),
    text: () => import('./moai/text.js'),
    panel: () => import('./moai/panel.js'),
    picture: MOAI,
  },
  haleakala: {
    renderer: () => import('./haleakala/renderer.js'),
    text: () => import('./haleakala/text.js'),
    panel: () => import('./haleakala/panel.js'),
    picture: HALEAKALA,
  },
};

/** Whether the page knows the game `id`.
 * @param {string} id
 * @returns {boolean} */
export function hasRenderer(id) {
  return Object.prototype.hasOwnProperty.call(GAMES, id);
}

/** @param {string} id @returns {GameEntry} */
function entry(id) {
  if (!hasRenderer(id)) throw new Error(`no game ${id} on this page`);
  return GAMES[id];
}

/** A game's stylesheet, `games/<game>/style.css`, loaded once; resolves when
 * it is there (or failed to come), so that the game's first drawing is
 * styled.
 * @param {string} id
 * @returns {Promise<void>} */
export function loadStylesheet(id) {
  entry(id);
  if (document.querySelector(`link[data-game-style="${id}"]`)) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL(`./${id}/style.css`, import.meta.url).href;
  link.dataset.gameStyle = id;
  const loaded = new Promise((resolve) => {
    link.addEventListener('load', () => resolve(undefined), { once: true });
    link.addEventListener('error', () => resolve(undefined), { once: true });
  });
  document.head.append(link);
  return loaded;
}

/** A game's renderer: its board, or with `view` "text" its text view
 * (text/text-renderer.js), which every game has too; its stylesheet loaded.
 * @param {string} id
 * @param {'board' | 'text'} [view]
 * @returns {Promise<RendererModule>} */
export async function loadRenderer(id, view = 'board') {
  const game = entry(id);
  const styled = loadStylesheet(id);
  if (view === 'text') {
    const [text, panel, shell] = await Promise.all([game.text(), game.panel(), import('../text/text-renderer.js')]);
    await styled;
    return { createRenderer: (host) => shell.createTextRenderer(text, panel, host) };
  }
  const [module] = await Promise.all([game.renderer(), styled]);
  return module;
}

/** Fetch and parse renderers while Python boots, so a game opens at once.
 * @param {string[]} [ids]
 * @returns {void} */
export function preloadRenderers(ids = Object.keys(GAMES)) {
  for (const id of ids) if (hasRenderer(id)) loadRenderer(id).catch(() => {});
}

/** A game's picture (an `<svg>`, 40 × 40). Decorative: the game's name
 * stands beside it.
 * @param {string} id
 * @returns {SVGSVGElement} */
export function emblem(id) {
  const root = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  root.setAttribute('viewBox', '0 0 40 40');
  root.setAttribute('aria-hidden', 'true');
  root.dataset.game = id;
  root.innerHTML = entry(id).picture;
  return root;
}
