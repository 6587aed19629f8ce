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

/** Fetch and parse renderers while Python boots, so a game opens at once. */
export function preloadRenderers(ids = Object.keys(RENDERERS)) {
  for (const id of ids) if (hasRenderer(id)) loadRenderer(id).catch(() => {});
}
