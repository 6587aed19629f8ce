// @ts-check
// The rules' pictures: the game's lesson positions (pygame_core/lessons.py),
// after their taught move, drawn by the game's own renderer in the rules
// dialog, each under the section of the rules it shows (a step's `rules`),
// with the lesson's words for what the move did. The rules and the board
// cannot disagree: both are the engine's.
//
// The positions are played in an engine session of their own ("picture"),
// closed once drawn; the renderers stay until the dialog closes.

import { t, has } from './i18n.js';
import { h } from './dom.js';
import { loadRenderer, hasRenderer } from './games/index.js';
import { seatNames } from './players.js';

const SESSION = 'picture';

/** What a lesson's step or picture points at on the board: `{kind, id}` in
 * the renderer's terms (docs/protocol.md, section 3, "Lessons").
 * @typedef {{kind: string, id: unknown}} Point */

/**
 * A lesson as the engine plans it (`lesson`): its steps, its rules' pictures
 * that are no step, each with the section of the rules in brief it shows,
 * and the next lesson of its game (a variant's), if any.
 * @typedef {object} LessonPlan
 * @property {string} id
 * @property {{id: string, move: string, point: Point[], rules: number | null}[]} steps
 * @property {{id: string, move: string | null, point: Point[], rules: number}[]} [pictures]
 * @property {string | null} [next]
 */

/** Draw every picture of `game`'s rules into `box` (its sections carry
 * data-section); resolves with a function that takes them down. `call` is
 * the engine's. Each picture is a `figure[data-picture="<lesson>/<step>"]`.
 * @param {string} game @param {HTMLElement} box
 * @param {{call: (cmd: string, args: object) => Promise<any>, stillOpen: () => boolean}} options
 * @returns {Promise<() => void>} */
export async function drawPictures(game, box, { call, stillOpen }) {
  /** @type {import('./games/contract.js').Renderer[]} */
  const made = [];
  const takeDown = () => {
    for (const renderer of made) renderer.destroy();
    made.length = 0;
  };
  if (!hasRenderer(game)) return takeDown;
  /** @type {LessonPlan[]} */
  const plans = [];
  for (let id = /** @type {string | null | undefined} */ (game); id; ) {
    /** @type {LessonPlan | null} */
    const plan = await call('lesson', { lesson: id }).catch(() => null);
    if (!plan) break;
    plans.push(plan);
    id = plan.next;
  }
  const module = await loadRenderer(game);
  // Each picture: where it goes, its words, and how its position is opened.
  const pictures = plans.flatMap((plan) => [
    ...plan.steps.map((step, number) => ({
      plan,
      id: step.id,
      rules: step.rules,
      point: step.point,
      words: [`lesson.${plan.id}.${step.id}.title`, `lesson.${plan.id}.${step.id}.after`],
      open: async () => {
        await call('lesson_step', { lesson: plan.id, step: number, session: SESSION });
        return call('play', { session: SESSION, seat: 0, move: step.move, viewer: 0 });
      },
    })),
    ...(plan.pictures || []).map((picture) => ({
      plan,
      id: picture.id,
      rules: picture.rules,
      point: picture.point,
      words: [`lesson.${plan.id}.picture.${picture.id}.title`, `lesson.${plan.id}.picture.${picture.id}.text`],
      open: () => call('lesson_picture', { lesson: plan.id, picture: picture.id, session: SESSION }),
    })),
  ]);
  for (const picture of pictures) {
    if (!stillOpen()) return takeDown;
    // Only the dialog's own sections: a board drawn in an earlier picture
    // carries data-section attributes of its own (Haleakala's beach sections).
    const section = picture.rules && box.querySelector(`:scope > section[data-section="${picture.rules}"]`);
    if (!section) continue;
    const board = h('div', { class: 'board-frame rules-board' });
    const [title, text] = picture.words;
    const figure = h(
      'figure',
      { class: 'rules-figure', 'data-picture': `${picture.plan.id}/${picture.id}` },
      board,
      h('figcaption', {}, h('strong', {}, has(title) ? t(title) : ''), ' ', has(text) ? t(text) : ''),
    );
    section.append(figure);
    try {
      /** @type {import('./state.js').Snapshot} */
      const after = await picture.open();
      if (!stillOpen()) return takeDown;
      const detached = () => h('div', {});
      const renderer = module.createRenderer({
        els: { board, players: detached(), round: detached(), scoreline: detached(), hand: detached(), market: detached(), actions: detached() },
        onChoice: () => {},
      });
      made.push(renderer);
      const last = after.log.length ? after.log[after.log.length - 1].events : [];
      renderer.render(after, { names: seatNames(after.seats, []), interactive: false, lastMove: last });
      renderer.teach({ move: '', point: picture.point });
    } catch {
      figure.remove(); // a picture that cannot be drawn is left out, the words stay
    }
  }
  await call('close', { session: SESSION }).catch(() => {});
  return takeDown;
}
