// @ts-check
// The renderers the page knows, by game id. A game that Python offers but
// that has no renderer here is not listed in the menu.
//
// A renderer module exports `createRenderer({els, onChoice})`, which returns:
//   render(snap, {names, interactive, lastMove})  draw a snapshot; `lastMove`
//       is the public events of another player's latest turn (from
//       snap.log), to keep marked until the next move
//   flashEvents(events, ms), clearSelection(), destroy()
//   logParams(event, {names}) -> {key, params}    an event in words (and,
//       optionally, `inline`, `apart` or `separate`: where its line goes,
//       see log.js)
//   endDetails(snap, names) -> element            the score breakdown
// and, optionally, for hints (game.js does without them):
//   suggest(move | null)   mark the [data-choice] elements that would play a
//       move (a `to_dict()` of one of the viewer's legal moves)
//   moveText(move)         that move in words, to end a sentence
// and, from the shell, for a lesson:
//   teach({move, point} | null)   offer the taught move (its [data-choice]
//       elements get data-lesson="target", every other one "other") and point
//       at what the step speaks of (the game's `spotlight`)
// and, optionally, when a renderer plays out what just happened in steps:
//   settled() -> Promise   resolves once it is over (game.js lets a bot or
//       the pass-the-device screen wait for it, unless bots play instantly)
//
// Each renderer is built in the shared shell (renderer-shell.js), and how
// its clicks narrow the legal moves down to one is its game's selection
// module (<game>-select.js, see select-common.js), which knows no DOM.

const RENDERERS = {
  kahuna: () => import('./kahuna.js'),
  kanaloa: () => import('./kanaloa.js'),
  moai: () => import('./moai.js'),
  haleakala: () => import('./haleakala.js'),
};

export function hasRenderer(id) {
  return Object.prototype.hasOwnProperty.call(RENDERERS, id);
}

/** A game's renderer: its board, or with `view` "text" its text view
 * (text/text-renderer.js), which every game with a board has too. */
export async function loadRenderer(id, view = 'board') {
  if (!hasRenderer(id)) throw new Error(`no renderer for ${id}`);
  if (view === 'text') return (await import('../text/text-renderer.js')).loadTextRenderer(id);
  return RENDERERS[id]();
}

/** Fetch and parse renderers while Python boots, so a game opens at once. */
export function preloadRenderers(ids = Object.keys(RENDERERS)) {
  for (const id of ids) if (hasRenderer(id)) loadRenderer(id).catch(() => {});
}
