// @ts-check
// An eruption played out on the Haleakala board (board.js), step by step:
// the glow over the mountain, the lava on the craters going down flow by
// flow, each flow running down its section, the shields of the statues a
// shaman guards, the statues that burn (drawn as ghosts until they do), and
// under the board a caption saying each step in words (eruption.js makes
// the sequence and its words). It reads the board as it stands (`stage()`)
// and decides nothing.

import { svg, f1 } from '../../board-svg.js';
import { statue, scorch, flame } from './pieces.js';
import { drawLava } from './sections.js';
import { CX, CY, sectionAngle, polar, spacePlace, circlePath } from './geometry.js';

/** @typedef {import('./eruption.js').EruptionSequence} EruptionSequence */
/** @typedef {import('./eruption.js').EruptionWords} EruptionWords */

/** An eruption being played out: its timers, and what ends its promise.
 * @typedef {{stopped: boolean, timers: ReturnType<typeof setTimeout>[], resolve: (() => void) | null}} Run */

/** The board as an eruption reads it: its measures, its root and the
 * eruption's layer (null until it is built), the caption under it.
 * @typedef {object} Stage
 * @property {import('./geometry.js').Measures} G
 * @property {SVGElement | null} root
 * @property {SVGElement | null} layer
 * @property {HTMLElement | null} caption
 */

/** What the board offers of an eruption.
 * @typedef {object} EruptionPlayer
 * @property {(sequence: EruptionSequence, words: EruptionWords) => Promise<void>} play
 * @property {() => void} stop
 * @property {() => boolean} erupting
 */

// How long a flow runs down, how long what it did stays before the next.
const FLOW = 520;
const HOLD = 700;

/** The eruptions of a board: `stage()` is the board as it stands.
 * @param {() => Stage} stage
 * @returns {EruptionPlayer} */
export function createEruptionPlayer(stage) {
  /** @type {Run | null} */
  let eruption = null;

  /**
   * Play an eruption: `sequence` = {craters: [6 counts], flows: [{section,
   * visits: [{space, outcome: 'empty'|'protected'|'burn', owner}], sea}],
   * ghosts: [{space, owner}]}, with `words` giving each step's sentence.
   * Resolves when it is over (or stopped).
   * @param {EruptionSequence} sequence
   * @param {EruptionWords} words
   * @returns {Promise<void>}
   */
  function play(sequence, words) {
    stop();
    const { G, root, layer } = stage();
    if (!root || !layer) return Promise.resolve();
    /** @type {Run} */
    const run = { stopped: false, timers: [], resolve: null };
    eruption = run;
    /** @type {Promise<void>} */
    const done = new Promise((resolve) => {
      run.resolve = resolve;
    });
    /** @param {number} ms @param {() => void} fn */
    const later = (ms, fn) => run.timers.push(setTimeout(() => !run.stopped && fn(), ms));
    const lavaLayer = svg('g', { class: 'hk-eruption-lava' });
    /** @type {Map<string, SVGElement>} */
    const ghosts = new Map();
    layer.replaceChildren(svg('circle', { class: 'hk-eruption-glow', cx: CX, cy: CY, r: G.rings.mountain[1] + 20 }), lavaLayer);
    const counts = [...sequence.craters];
    const drawCounts = () => {
      lavaLayer.replaceChildren();
      counts.forEach((count, s) => drawLava(lavaLayer, G, s, count, false, 'erupting'));
    };
    drawCounts();
    for (const ghost of sequence.ghosts) {
      const place = spacePlace(G, ghost.space);
      const node = statue(ghost.owner, place.centre[0], place.centre[1] - 1, G.statue, 'hk-ghost');
      ghosts.set(ghost.space, node);
      layer.append(node);
    }
    root.classList.add('erupting');
    say(words.intro);

    let clock = 950;
    sequence.flows.forEach((flow, i) => {
      later(clock, () => {
        counts[flow.section] = Math.max(0, counts[flow.section] - 1);
        drawCounts();
        const stop = flow.visits.find((v) => v.outcome === 'burn');
        const theta = sectionAngle(flow.section);
        const end = stop ? spacePlace(G, stop.space).centre : polar(G.rings.beach[0] + 4, theta);
        const [x0, y0] = polar(G.lava.r, theta);
        // Earlier flows stay, faded: the eruption builds up flow by flow.
        for (const earlier of layer.querySelectorAll('.hk-flow:not(.past)')) earlier.classList.add('past');
        const path = svg('path', { class: 'hk-flow', d: `M${f1(x0)},${f1(y0)} L${f1(end[0])},${f1(end[1])}`, pathLength: 1 });
        path.style.animationDuration = `${FLOW}ms`;
        layer.insertBefore(path, lavaLayer);
        for (const visit of flow.visits) {
          if (visit.outcome !== 'protected') continue;
          const place = spacePlace(G, visit.space);
          layer.append(svg('path', { class: 'hk-shield', 'data-space': visit.space, d: circlePath(place.centre[0], place.centre[1], 24) }));
        }
        say(words.flows[i]);
      });
      later(clock + FLOW, () => {
        const stop = flow.visits.find((v) => v.outcome === 'burn');
        if (!stop) return;
        const node = ghosts.get(stop.space);
        if (node) node.classList.add('burning');
        const place = spacePlace(G, stop.space);
        layer.append(flame(place.centre[0], place.centre[1]));
        layer.append(scorch(place.centre[0], place.centre[1], 'hk-scorch-new', stop.space));
      });
      clock += FLOW + HOLD;
    });
    later(clock, () => {
      counts.fill(0);
      drawCounts();
      say(words.end);
    });
    later(clock + 900, () => stop());
    return done;
  }

  /** The caption under the board: a step of the eruption in words ('' hides it).
   * @param {string} text */
  function say(text) {
    const { caption } = stage();
    if (!caption) return;
    caption.hidden = !text;
    caption.textContent = text || '';
    caption.classList.remove('pulse');
    void caption.offsetWidth;
    caption.classList.add('pulse');
  }

  function stop() {
    const run = eruption;
    if (!run) return;
    eruption = null;
    run.stopped = true;
    for (const timer of run.timers) clearTimeout(timer);
    const { root, layer } = stage();
    if (layer) layer.replaceChildren();
    if (root) root.classList.remove('erupting');
    say('');
    /** @type {() => void} */ (run.resolve)();
  }

  return { play, stop, erupting: () => Boolean(eruption) };
}
