// The renderers the page knows, by game id. A game that Python offers but
// that has no renderer here is not listed in the menu.

const RENDERERS = {
  kahuna: () => import('./kahuna.js'),
};

export function hasRenderer(id) {
  return Object.prototype.hasOwnProperty.call(RENDERERS, id);
}

export async function loadRenderer(id) {
  if (!hasRenderer(id)) throw new Error(`no renderer for ${id}`);
  return RENDERERS[id]();
}
