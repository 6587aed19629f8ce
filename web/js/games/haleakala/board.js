// @ts-check
// The Haleakala board as SVG: the island seen from above (six sections, from
// the beach outside to the crater in the middle), the discs on the beaches
// with their sums, the boat, the shamans, the statues, the lava, the two cards
// in front of each beach, and beside the island (below it on a phone) the
// score board: score track, decks, lava supply, score cards and the
// Priestess. The island's fixed picture is island.js's; what it draws over
// the position (the clickable targets the renderer asks for, the marks of
// the latest move, a suggested move), overlay.js's; where things stand,
// geometry.js's. It plays the eruption step by step. It decides nothing:
// what can be clicked comes from the legal moves.

import { svg, f1, shapePath } from '../../board-svg.js';
import { t, plural } from '../../i18n.js';
import { seatStyle } from '../../players.js';
import { parseSpace, spaceName, cardName, shown } from './log.js';
import { statue, shaman, disc, lavaDisc, boat, cardFace, scorch, flame } from './pieces.js';
import { createOverlay } from './overlay.js';
import { defs, drawIsland } from './island.js';
import { panelLayout, drawScoreBoard } from './scoreboard.js';
import { CX, CY, LANDSCAPE, PORTRAIT_GEO, sectionAngle, readDir, polar, sector, arc, spacePlace, slotCentre, hutSpot, laneLayout, circlePath, roundRect } from './geometry.js';

/** @typedef {import('./types.js').HaleakalaView} HaleakalaView */
/** @typedef {import('./types.js').Section} Section */
/** @typedef {import('./types.js').Space} Space */
/** @typedef {import('./geometry.js').Measures} Measures */
/** @typedef {import('./geometry.js').Point} Point */
/** @typedef {import('./geometry.js').ParsedSpace} ParsedSpace */
/** @typedef {import('./overlay.js').Layers} Layers */
/** @typedef {import('./scoreboard.js').PanelLayout} PanelLayout */
/** @typedef {import('./eruption.js').EruptionSequence} EruptionSequence */
/** @typedef {import('./eruption.js').EruptionWords} EruptionWords */

/** An eruption being played out: its timers, and what ends its promise.
 * @typedef {{stopped: boolean, timers: ReturnType<typeof setTimeout>[], resolve: (() => void) | null}} Eruption */

/**
 * Haleakala's board: contract.js's Board, whose drawing takes Haleakala's
 * view, with what the renderer draws on it besides (overlay.js's targets,
 * suggestion and marks), the eruption played out, and a lesson's points.
 * @typedef {Omit<import('../contract.js').Board, 'draw' | 'flash'> & Omit<import('./overlay.js').Overlay, 'forgetMarks'> & {
 *   draw: (view: HaleakalaView, options: {names: string[], portrait: boolean, jump?: boolean}) => void,
 *   playEruption: (sequence: EruptionSequence, words: EruptionWords) => Promise<void>,
 *   stopEruption: () => void,
 *   erupting: () => boolean,
 *   forget: () => void,
 *   point: (spaces: string[], slots: [number, number][]) => void}} HaleakalaBoard */

// -- the board ------------------------------------------------------------------

/** The board: the position drawn in `container`, its targets calling back.
 * @param {HTMLElement} container
 * @param {import('../contract.js').BoardHandlers} handlers
 * @returns {HaleakalaBoard} */
export function createBoard(container, { onTarget, onBackground }) {
  // The measures of this board: landscape, or a phone held upright.
  /** @type {Measures} */
  let G = LANDSCAPE;
  // The board's parts, once built (`build`); none after `reset`.
  /** @type {SVGElement | null} */
  let root = null;
  /** @type {Layers | null} */
  let layers = null;
  /** @type {boolean | null} */
  let portrait = null;
  /** @type {PanelLayout | null} */
  let layout = null;
  /** @type {SVGElement | null} */
  let boatNode = null;
  /** @type {number | null} */
  let boatAngle = null;
  /** @type {SVGElement[]} */
  let shamanNodes = [];
  // Where what is drawn stands, by key ("disc-0-3", "shaman-1", "item-SC_FOREST" …).
  /** @type {Map<string, Point>} */
  let anchors = new Map();
  /** @type {Eruption | null} */
  let eruption = null;
  /** @type {HTMLElement | null} */
  let caption = null;
  /** @type {HaleakalaView | null} */
  let lastView = null;

  // What is drawn over the position (the targets, a suggestion, the marks of
  // the latest move, the flashes) on this board as it stands (built: the
  // overlays are drawn once a position is).
  const overlay = createOverlay({
    scene: () => ({ G, root, layers: /** @type {Layers} */ (layers), layout: /** @type {PanelLayout} */ (layout), anchors, lastView }),
    onTarget,
  });

  /** Build the board for a phone held upright, or not.
   * @param {boolean} wantPortrait */
  function build(wantPortrait) {
    portrait = wantPortrait;
    G = portrait ? PORTRAIT_GEO : LANDSCAPE;
    layout = panelLayout(portrait);
    root = /** @type {SVGElement} */ (
      svg('svg', {
        class: 'haleakala-board' + (portrait ? ' portrait' : ''),
        viewBox: `0 0 ${layout.width} ${layout.height}`,
        role: 'group',
        'aria-roledescription': t('haleakala.board.name'),
        'aria-label': t('haleakala.board.name'),
      })
    );
    root.append(defs());
    /** @type {(keyof Layers)[]} */
    const names = ['ocean', 'island', 'glows', 'under', 'lava', 'statues', 'beaches', 'cards', 'boat', 'shamans', 'panel', 'flash', 'lastmove', 'preview', 'eruption', 'point', 'targets', 'suggestion'];
    layers = /** @type {Layers} */ (Object.fromEntries(names.map((name) => [name, svg('g', { class: `layer hk-l-${name}` })])));
    for (const name of names) root.append(layers[name]);

    layers.ocean.append(
      svg('rect', { class: 'hk-ocean', x: 0, y: 0, width: layout.width, height: layout.height, fill: 'url(#hk-ocean)' }),
      svg('rect', { class: 'hk-ocean-waves', x: 0, y: 0, width: layout.width, height: layout.height, fill: 'url(#hk-waves)' }),
    );
    layers.ocean.addEventListener('click', () => onBackground());
    drawIsland(layers.island, G);
    // The score board's frame: a woven mat beside the island.
    const box = layout.box;
    layers.ocean.append(svg('rect', { class: 'hk-mat', x: box.x, y: box.y, width: box.w, height: box.h, rx: 18 }));
    layers.ocean.append(svg('rect', { class: 'hk-mat-inner', x: box.x + 6, y: box.y + 6, width: box.w - 12, height: box.h - 12, rx: 13 }));

    boatNode = null;
    boatAngle = null;
    shamanNodes = [];
    overlay.forgetMarks();
    caption = document.createElement('div');
    caption.className = 'hk-caption';
    caption.hidden = true;
    caption.setAttribute('aria-hidden', 'true');
    container.replaceChildren(root, caption);
  }

  // -- the position -----------------------------------------------------------------

  /** Draw the position (`jump`: not a move on from the one drawn, which
   * then comes without being played out).
   * @param {HaleakalaView} view
   * @param {{names: string[], portrait: boolean, jump?: boolean}} options */
  function draw(view, { names, portrait: wantPortrait, jump = false }) {
    if (!root || portrait !== wantPortrait) build(wantPortrait);
    const previousStatues = lastView ? new Set(lastView.spaces.filter((sp) => sp.statue !== null && sp.statue !== undefined).map((sp) => sp.id)) : null;
    for (const name of /** @type {const} */ (['lava', 'statues', 'beaches', 'cards', 'panel'])) /** @type {Layers} */ (layers)[name].replaceChildren();
    anchors = new Map();

    // Lava on the craters.
    view.sections.forEach((section, s) => {
      drawLava(/** @type {Layers} */ (layers).lava, s, section.lava, lastView && lastView.sections[s].lava < section.lava);
    });

    // Statues, and a label per walkable space.
    for (const sp of view.spaces) {
      const place = parseSpace(sp.id);
      if (!place || place.terrain === 'beach' || place.terrain === 'crater') continue;
      const where = spacePlace(G, sp.id);
      anchors.set(`space-${sp.id}`, where.centre);
      if (sp.statue !== null && sp.statue !== undefined) {
        const fresh = previousStatues && !previousStatues.has(sp.id);
        const spot = sp.shaman !== null && sp.shaman !== undefined ? where.left : where.centre;
        anchors.set(`statue-${sp.id}`, spot);
        const node = statue(sp.statue, spot[0], spot[1] - 1, G.statue, fresh ? 'fresh' : '');
        node.setAttribute('data-space', sp.id);
        /** @type {Layers} */ (layers).statues.append(node);
      }
      if (sp.statue !== null || sp.shaman !== null) {
        const label = svg('path', { class: 'hk-space-label', d: sector(where.r0, where.r1, where.theta - 30, where.theta + 30), role: 'img', 'aria-label': spaceLabel(sp, names) });
        /** @type {Layers} */ (layers).statues.prepend(label);
      }
    }

    // Beaches: each player's discs in a lane, and their sums.
    view.sections.forEach((section, s) => drawBeach(section, s, view, names));

    // The two cards in front of each beach.
    view.sections.forEach((section, s) => {
      section.slots.forEach((kind, slot) => {
        const [x, y] = slotCentre(G, s, slot);
        anchors.set(`slot-${s}-${slot}`, [x, y]);
        if (!kind) {
          /** @type {Layers} */ (layers).cards.append(svg('rect', { class: 'hk-slot-empty', x: f1(x - G.card.w / 2), y: f1(y - G.card.h / 2), width: G.card.w, height: G.card.h, rx: 7, role: 'img', 'aria-label': t('haleakala.aria.slot_empty', { section: shown(s) }) }));
          return;
        }
        const previous = lastView && lastView.sections[s].slots[slot];
        const node = cardFace(kind, x, y, G.card.w, G.card.h, previous !== undefined && previous !== kind ? 'fresh' : '');
        node.setAttribute('role', 'img');
        node.setAttribute('aria-label', t('haleakala.aria.slot', { card: cardName(kind), section: shown(s) }));
        node.setAttribute('data-section', String(s));
        node.setAttribute('data-slot', String(slot));
        /** @type {Layers} */ (layers).cards.append(node);
      });
    });

    drawBoat(view.boat, jump);
    drawShamans(view, names, jump);
    drawScoreBoard(/** @type {Layers} */ (layers).panel, view, { names, layout: /** @type {PanelLayout} */ (layout), anchors });
    lastView = view;
  }

  /** The lava discs on the crater of section `s` (`fresh`: just come).
   * @param {SVGElement} layer
   * @param {number} s
   * @param {number} count
   * @param {boolean | null} fresh
   * @param {string} [extra] */
  function drawLava(layer, s, count, fresh, extra = '') {
    if (!count) return;
    const [x, y] = polar(G.lava.r, sectionAngle(s));
    const size = G.lava.size;
    const g = svg('g', { class: `hk-crater-lava ${fresh ? 'fresh' : ''} ${extra}`.trim(), 'data-crater': String(s), role: 'img', 'aria-label': plural('haleakala.aria.crater', count, { section: shown(s) }) });
    const shownDiscs = Math.min(count, 4);
    for (let i = 0; i < shownDiscs; i++) g.append(lavaDisc(x, y - i * 3.5, size));
    if (count > 1) {
      g.append(svg('circle', { class: 'hk-count-bg', cx: f1(x + size * 1.1), cy: f1(y + size * 0.9), r: f1(size * 0.8) }));
      g.append(svg('text', { class: 'hk-count', x: f1(x + size * 1.1), y: f1(y + size * 1.3), 'font-size': f1(size * 1.05) }, `${count}`));
    }
    layer.append(g);
  }

  /** A beach: each player's discs in a lane, and their sums.
   * @param {Section} section
   * @param {number} s
   * @param {HaleakalaView} view
   * @param {string[]} names */
  function drawBeach(section, s, view, names) {
    const sums = section.sums;
    const both = sums[0] > 0 && sums[1] > 0;
    const lead = both ? (sums[0] > sums[1] ? 0 : 1) : null;
    const g = svg('g', { class: 'hk-beach', 'data-beach': String(s), role: 'img', 'aria-label': beachLabel(section, s, names) });
    anchors.set(`beach-${s}`, polar((G.rings.beach[0] + G.rings.beach[1]) / 2, sectionAngle(s)));
    for (const p of [0, 1]) {
      const values = section.discs[p];
      const invoked = section.invocation[p];
      const count = values.length + (invoked ? 1 : 0);
      if (!count) continue;
      const lane = laneLayout(G, s, p, count);
      const theta = sectionAngle(s);
      const dir = readDir(s);
      g.append(svg('path', { class: `hk-lane p${p}`, d: arc(lane.r, lane.from, lane.to), 'stroke-width': G.lane.width }));
      g.append(svg('path', { class: `hk-lane-mark p${p}`, d: shapePath(seatStyle(p).shape, lane.mark[0], lane.mark[1] + (p === 0 ? 1 : 0), G.lane.mark * 0.75) }));
      values.forEach((value, i) => {
        const [x, y] = lane.discs[i];
        anchors.set(`disc-${p}-${value}`, [x, y]);
        const node = disc(p, value, x, y, G.lane.disc);
        node.setAttribute('data-beach', String(s));
        node.setAttribute('data-value', String(value));
        if (lastView && !lastView.sections[s].discs[p].includes(value)) node.classList.add('fresh');
        g.append(node);
      });
      if (invoked) {
        const [x, y] = lane.discs[values.length];
        anchors.set(`invocation-${p}`, [x, y]);
        g.append(disc(p, null, x, y, G.lane.disc));
      }
      if (sums[p] > 0) {
        const [x, y] = lane.sum;
        g.append(
          svg(
            'g',
            { class: `hk-sum p${p}${lead === p ? ' lead' : ''}`, transform: `translate(${f1(x)},${f1(y)})` },
            // The pill lies along its lane (across it, it would reach the
            // other player's lane); its number stays upright.
            svg('rect', {
              x: f1(-G.lane.sumW / 2),
              y: f1(-G.lane.sumH / 2),
              width: G.lane.sumW,
              height: G.lane.sumH,
              rx: f1(G.lane.sumH / 2),
              transform: `rotate(${f1(lane.sumAngle + 90)})`,
            }),
            svg('text', { y: f1(G.lane.font * 0.35), 'font-size': G.lane.font }, String(sums[p])),
          ),
        );
      }
    }
    /** @type {Layers} */ (layers).beaches.append(g);
  }

  /** The boat, sailing to section `section` (a jump: put there).
   * @param {number} section
   * @param {boolean} jump */
  function drawBoat(section, jump) {
    const target = sectionAngle(section);
    if (!boatNode) {
      boatNode = /** @type {SVGElement} */ (svg('g', { class: 'hk-boat' }));
      const inner = svg('g', { class: 'hk-boat-upright' });
      inner.append(svg('g', { transform: `translate(${CX + G.boat.r},${CY})` }, boat(G.boat.scale)));
      boatNode.append(inner);
      /** @type {Layers} */ (layers).boat.append(boatNode);
      boatAngle = target;
      jump = true;
    }
    // Always forward (clockwise), as the boat sails; a jump (a new game,
    // an undo) goes straight there.
    let angle = boatAngle;
    if (jump) angle = target;
    else {
      // (The boat drawn before, its angle is known.)
      const delta = (((target - /** @type {number} */ (boatAngle)) % 360) + 360) % 360;
      angle = /** @type {number} */ (boatAngle) + delta;
    }
    boatNode.classList.toggle('instant', jump);
    boatAngle = angle;
    boatNode.style.transformOrigin = `${CX}px ${CY}px`;
    boatNode.style.transform = `rotate(${f1(angle - 0)}deg)`;
    const inner = /** @type {SVGElement} */ (boatNode.firstChild);
    inner.style.transformOrigin = `${CX + G.boat.r}px ${CY}px`;
    inner.style.transform = `rotate(${f1(-angle)}deg)`;
    boatNode.setAttribute('data-section', String(section));
    anchors.set('boat', polar(G.boat.r, target));
  }

  /** The shamans, walking to their spaces (a jump: put there).
   * @param {HaleakalaView} view
   * @param {string[]} names
   * @param {boolean} jump */
  function drawShamans(view, names, jump) {
    view.players.forEach((player, p) => {
      const where = player.shaman;
      const space = /** @type {ParsedSpace} */ (parseSpace(where));
      /** @type {Point} */
      let spot;
      if (space.terrain === 'beach') spot = /** @type {Point} */ (hutSpot(G, space.section).map((v, i) => v + (i ? -10 : 0)));
      else {
        const place = spacePlace(G, where);
        const statueThere = view.spaces.find((sp) => sp.id === where);
        spot = statueThere && statueThere.statue !== null && statueThere.statue !== undefined ? place.right : place.centre;
      }
      let node = shamanNodes[p];
      if (!node) {
        node = /** @type {SVGElement} */ (svg('g', { class: 'hk-shaman-spot' }, shaman(p, 0, 0, G.shaman)));
        shamanNodes[p] = node;
        /** @type {Layers} */ (layers).shamans.append(node);
        jump = true;
      }
      node.classList.toggle('instant', jump);
      node.style.transform = `translate(${f1(spot[0])}px, ${f1(spot[1] - 2)}px)`;
      node.setAttribute('data-space', where);
      node.setAttribute('role', 'img');
      node.setAttribute('aria-label', t('haleakala.aria.shaman', { player: names[p], space: spaceName(where) }));
      anchors.set(`shaman-${p}`, spot);
    });
  }

  // -- labels --------------------------------------------------------------------------

  /** A space in words: its name, whose statue and shaman stand there.
   * @param {Space} sp @param {string[]} names */
  function spaceLabel(sp, names) {
    const parts = [spaceName(sp.id)];
    if (sp.statue !== null && sp.statue !== undefined) parts.push(t('haleakala.aria.statue_of', { player: names[sp.statue] }));
    if (sp.shaman !== null && sp.shaman !== undefined) parts.push(t('haleakala.aria.shaman_of', { player: names[sp.shaman] }));
    return parts.join(' ; ');
  }

  /** A beach in words: each player's discs and sum, the invocation discs.
   * @param {Section} section @param {number} s @param {string[]} names */
  function beachLabel(section, s, names) {
    const parts = [t('haleakala.aria.beach', { beach: shown(s) })];
    for (const p of [0, 1]) {
      if (section.discs[p].length) parts.push(t('haleakala.aria.beach_discs', { player: names[p], values: section.discs[p].join(' + '), sum: section.sums[p] }));
      if (section.invocation[p]) parts.push(t('haleakala.aria.beach_invocation', { player: names[p] }));
    }
    if (parts.length === 1) parts.push(t('haleakala.aria.beach_empty'));
    return parts.join(' ; ');
  }

  // -- the eruption, step by step ---------------------------------------------------------

  /**
   * Play an eruption: `sequence` = {craters: [6 counts], flows: [{section,
   * visits: [{space, outcome: 'empty'|'protected'|'burn', owner}], sea}],
   * ghosts: [{space, owner}]}, with `words` giving each step's sentence.
   * Resolves when it is over (or stopped).
   * @param {EruptionSequence} sequence
   * @param {EruptionWords} words
   * @returns {Promise<void>}
   */
  function playEruption(sequence, words) {
    stopEruption();
    if (!root) return Promise.resolve();
    const layer = /** @type {Layers} */ (layers).eruption;
    /** @type {Eruption} */
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
      counts.forEach((count, s) => drawLava(lavaLayer, s, count, false, 'erupting'));
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

    const FLOW = 520;
    const HOLD = 700;
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
    later(clock + 900, () => stopEruption());
    return done;
  }

  /** The caption under the board: a step of the eruption in words ('' hides it).
   * @param {string} text */
  function say(text) {
    if (!caption) return;
    caption.hidden = !text;
    caption.textContent = text || '';
    caption.classList.remove('pulse');
    void caption.offsetWidth;
    caption.classList.add('pulse');
  }

  function stopEruption() {
    const run = eruption;
    if (!run) return;
    eruption = null;
    run.stopped = true;
    for (const timer of run.timers) clearTimeout(timer);
    if (layers) layers.eruption.replaceChildren();
    if (root) root.classList.remove('erupting');
    say('');
    /** @type {() => void} */ (run.resolve)();
  }

  const erupting = () => Boolean(eruption);

  function reset() {
    stopEruption();
    root = null;
    layers = null;
    lastView = null;
    overlay.forgetMarks();
    container.replaceChildren();
  }

  /** Forget the previous position (a jump: a new game, an undo, a load). */
  function forget() {
    lastView = null;
  }

  /** Point at spaces (by id: "B3", "M1", "C2") and card slots
   * ([section, slot]) while a lesson speaks of them; [] clears. */
  let pointKey = '';
  /** @param {string[]} spaces @param {[number, number][]} slots */
  function point(spaces, slots) {
    if (!root) return;
    const key = JSON.stringify([spaces, slots, G === PORTRAIT_GEO]);
    if (key === pointKey && /** @type {Layers} */ (layers).point.firstChild) return;
    pointKey = key;
    /** @type {Layers} */ (layers).point.replaceChildren();
    for (const space of spaces) {
      if (!parseSpace(space)) continue;
      const [x, y] = spacePlace(G, space).centre;
      /** @type {Layers} */ (layers).point.append(svg('path', { class: 'point-island', 'data-space': space, d: circlePath(x, y, 30) }));
    }
    for (const [section, slot] of slots) {
      const [x, y] = slotCentre(G, section, slot);
      /** @type {Layers} */ (layers).point.append(svg('path', { class: 'point-island', 'data-section': section, 'data-slot': slot, d: roundRect(x - G.card.w / 2 - 6, y - G.card.h / 2 - 6, G.card.w + 12, G.card.h + 12, 12) }));
    }
  }

  const { drawTargets, suggest, markMove, flash } = overlay;
  return { draw, drawTargets, suggest, markMove, flash, playEruption, stopEruption, erupting, reset, forget, point };
}
