// The Kahuna board as SVG: islands, sea lines, bridges, control markers, and
// the clickable targets the renderer asks for; the marks of the latest move
// of another player and of a suggested move. It draws what it is given;
// which targets exist is decided by kahuna.js from the legal moves.

import { svg, blobRadii, blobPath, blobReach, shapePath, seededRandom } from '../board-svg.js';
import { t, plural } from '../i18n.js';
import { seatStyle } from '../players.js';

/** The view's coordinates fit a 1000 × 700 box; on a portrait phone the
 * board turns a quarter so that it fills the screen's width and height. */
export function projection(portrait) {
  return portrait
    ? { width: 700, height: 1000, at: (x, y) => [700 - y, x] }
    : { width: 1000, height: 700, at: (x, y) => [x, y] };
}

const islandRadius = (degree) => 33 + 3 * degree;

function geometry(view, portrait) {
  const proj = projection(portrait);
  const islands = new Map();
  for (const island of view.islands) {
    const [x, y] = proj.at(island.x, island.y);
    const r = islandRadius(island.degree);
    const rand = seededRandom(island.name);
    islands.set(island.name, {
      name: island.name,
      x,
      y,
      r,
      rot: rand() * Math.PI * 2,
      sand: blobRadii(island.name + '/sand', 9, 0.1),
      land: blobRadii(island.name + '/land', 8, 0.16),
      forest: blobRadii(island.name + '/forest', 7, 0.22),
      forestAt: [(rand() - 0.5) * r * 0.5, -r * (0.15 + rand() * 0.2)],
      trees: Array.from({ length: 5 }, () => [(rand() - 0.5) * r * 1.1, (rand() - 0.7) * r * 0.9, 3 + rand() * 3]),
    });
  }
  const lines = view.lines.map((line) => {
    const a = islands.get(line.a);
    const b = islands.get(line.b);
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    const ra = blobReach(a.r, a.sand, angle, a.rot);
    const rb = blobReach(b.r, b.sand, angle + Math.PI, b.rot);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const p1 = [a.x + cos * ra, a.y + sin * ra];
    const p2 = [b.x - cos * rb, b.y - sin * rb];
    return {
      id: line.id,
      a: line.a,
      b: line.b,
      name: `${line.a}-${line.b}`,
      p1,
      p2,
      mid: [(p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2],
      angle,
      length: Math.hypot(p2[0] - p1[0], p2[1] - p1[1]),
    };
  });
  return { ...proj, portrait, islands, lines, lineByName: new Map(lines.map((l) => [l.name, l])) };
}

const f1 = (v) => v.toFixed(1);

/** A band `width` wide along a line (a filled shape, so that even a vertical
 * line has a box to click and to focus). */
const band = (l, width, inset = 0) => {
  const cos = Math.cos(l.angle);
  const sin = Math.sin(l.angle);
  const nx = (-sin * width) / 2;
  const ny = (cos * width) / 2;
  const a = [l.p1[0] + cos * inset, l.p1[1] + sin * inset];
  const b = [l.p2[0] - cos * inset, l.p2[1] - sin * inset];
  return `M${f1(a[0] + nx)},${f1(a[1] + ny)} L${f1(b[0] + nx)},${f1(b[1] + ny)} L${f1(b[0] - nx)},${f1(b[1] - ny)} L${f1(a[0] - nx)},${f1(a[1] - ny)}Z`;
};
const segment = (l, inset = 0) => {
  const dx = Math.cos(l.angle) * inset;
  const dy = Math.sin(l.angle) * inset;
  return `M${f1(l.p1[0] + dx)},${f1(l.p1[1] + dy)} L${f1(l.p2[0] - dx)},${f1(l.p2[1] - dy)}`;
};

function defs() {
  return svg(
    'defs',
    {},
    svg(
      'radialGradient',
      { id: 'kh-ocean', cx: '50%', cy: '45%', r: '75%' },
      svg('stop', { offset: '0', style: 'stop-color: var(--ocean-3)' }),
      svg('stop', { offset: '0.5', style: 'stop-color: var(--ocean-2)' }),
      svg('stop', { offset: '1', style: 'stop-color: var(--ocean-1)' }),
    ),
    svg(
      'radialGradient',
      { id: 'kh-shallow', cx: '0.5', cy: '0.5', r: '0.5' },
      svg('stop', { offset: '0.45', style: 'stop-color: var(--ocean-4); stop-opacity: 0.85' }),
      svg('stop', { offset: '0.75', style: 'stop-color: var(--ocean-3); stop-opacity: 0.45' }),
      svg('stop', { offset: '1', style: 'stop-color: var(--ocean-3); stop-opacity: 0' }),
    ),
    svg(
      'radialGradient',
      { id: 'kh-land', cx: '0.38', cy: '0.32', r: '0.75' },
      svg('stop', { offset: '0', style: 'stop-color: var(--grass-light)' }),
      svg('stop', { offset: '0.6', style: 'stop-color: var(--grass)' }),
      svg('stop', { offset: '1', style: 'stop-color: var(--grass-dark)' }),
    ),
    svg(
      'pattern',
      { id: 'kh-waves', width: 90, height: 46, patternUnits: 'userSpaceOnUse' },
      svg('path', { class: 'wave', d: 'M4,14 q8,-6 16,0 t16,0' }),
      svg('path', { class: 'wave', d: 'M50,36 q8,-6 16,0 t16,0' }),
    ),
    svg(
      'filter',
      { id: 'kh-shadow', x: '-30%', y: '-30%', width: '160%', height: '160%' },
      svg('feDropShadow', { dx: 0, dy: 2.5, stdDeviation: 2, 'flood-color': '#0b2233', 'flood-opacity': 0.45 }),
    ),
    svg(
      'filter',
      { id: 'kh-lift', x: '-10%', y: '-10%', width: '120%', height: '130%' },
      svg('feDropShadow', { dx: 0, dy: 3, stdDeviation: 2.5, 'flood-color': '#06263b', 'flood-opacity': 0.35 }),
    ),
  );
}

export function createBoard(container, { onTarget, onBackground }) {
  let geo = null;
  let layers = null;
  let root = null;
  let previousOwners = null;
  let previousControllers = null;
  let markKey = null;
  let suggested = null;

  function build(view, portrait) {
    geo = geometry(view, portrait);
    root = svg('svg', {
      class: 'kahuna-board' + (portrait ? ' portrait' : ''),
      viewBox: `0 0 ${geo.width} ${geo.height}`,
      role: 'group',
      'aria-roledescription': t('kahuna.board.name'),
      'aria-label': t('kahuna.board.name'),
    });
    root.append(defs());
    const names = ['ocean', 'shallows', 'sea', 'sands', 'rings', 'glows', 'flash', 'bridges', 'lastmove', 'lands', 'tags', 'markers', 'suggestion', 'targets'];
    layers = Object.fromEntries(names.map((name) => [name, svg('g', { class: `layer ${name}` })]));
    for (const name of names) root.append(layers[name]);
    layers.sands.setAttribute('filter', 'url(#kh-lift)');
    layers.bridges.setAttribute('filter', 'url(#kh-lift)');
    layers.tags.setAttribute('filter', 'url(#kh-lift)');

    layers.ocean.append(
      svg('rect', { class: 'ocean-bg', x: 0, y: 0, width: geo.width, height: geo.height, fill: 'url(#kh-ocean)' }),
      svg('rect', { class: 'ocean-waves', x: 0, y: 0, width: geo.width, height: geo.height, fill: 'url(#kh-waves)' }),
    );
    layers.ocean.addEventListener('click', () => onBackground());

    for (const isle of geo.islands.values()) {
      const { x, y, r, rot } = isle;
      layers.shallows.append(
        svg('path', { class: 'shallow', d: blobPath(x, y, r * 1.75, isle.sand, rot + 0.3), fill: 'url(#kh-shallow)' }),
        svg('path', { class: 'reef', d: blobPath(x, y, r * 1.22, isle.sand, rot) }),
      );
      layers.sands.append(svg('path', { class: 'sand', d: blobPath(x, y, r, isle.sand, rot) }));
      const land = svg('g', { class: 'land' });
      land.append(svg('path', { class: 'land-base', d: blobPath(x, y, r * 0.8, isle.land, rot + 0.5), fill: 'url(#kh-land)' }));
      land.append(
        svg('path', {
          class: 'forest',
          d: blobPath(x + isle.forestAt[0], y + isle.forestAt[1], r * 0.42, isle.forest, rot),
        }),
      );
      for (const [dx, dy, size] of isle.trees) {
        if (Math.hypot(dx, dy) < r * 0.62) land.append(svg('circle', { class: 'tree', cx: f1(x + dx), cy: f1(y + dy), r: f1(size) }));
      }
      layers.lands.append(land);
    }
    for (const line of geo.lines) {
      layers.sea.append(svg('path', { class: 'sea-line', d: segment(line, 2) }));
    }
    container.replaceChildren(root);
    previousOwners = null;
    previousControllers = null;
    markKey = null;
    suggested = null;
  }

  function plank(line, owner, fresh) {
    const style = seatStyle(owner);
    const length = line.length + 14; // reaches a little onto both beaches
    const width = geo.portrait ? 17 : 15;
    const inner = svg('g', { class: 'plank-body' + (fresh ? ' fresh' : '') });
    inner.append(
      svg('rect', { class: 'plank-edge', x: f1(-length / 2), y: f1(-width / 2), width: f1(length), height: width, rx: 3.5 }),
      svg('rect', { class: `plank-wood p${owner}`, x: f1(-length / 2), y: f1(-width / 2), width: f1(length), height: width, rx: 3.5 }),
    );
    const slats = Math.max(2, Math.floor(length / 9));
    let d = '';
    for (let i = 1; i < slats; i++) {
      const sx = -length / 2 + (i * length) / slats;
      d += `M${f1(sx)},${f1(-width / 2 + 1.5)} V${f1(width / 2 - 1.5)} `;
    }
    inner.append(svg('path', { class: 'plank-slats', d }));
    const mark = svg('path', { class: 'plank-mark', d: shapePath(style.shape, 0, 0, width * 0.78) });
    // The mark stays upright whatever the plank's direction.
    mark.setAttribute('transform', `rotate(${f1((-line.angle * 180) / Math.PI)})`);
    inner.append(mark);
    return svg(
      'g',
      {
        class: `plank p${owner}`,
        'data-line': line.name,
        transform: `translate(${f1(line.mid[0])},${f1(line.mid[1])}) rotate(${f1((line.angle * 180) / Math.PI)})`,
      },
      inner,
    );
  }

  function tag(island, isle, players) {
    const big = geo.portrait;
    const font = big ? 24 : 17.5;
    const width = big ? 100 : 78;
    const height = big ? 54 : 41;
    const top = isle.y + isle.r * 0.34 - height / 2 + (big ? 5 : 4);
    const g = svg('g', { class: 'tag' });
    g.append(svg('rect', { class: 'tag-bg', x: f1(isle.x - width / 2), y: f1(top), width, height, rx: big ? 12 : 9 }));
    // Every island name has four letters: a fixed length keeps them all
    // inside their tags whatever the font.
    g.append(
      svg(
        'text',
        { class: 'tag-name', x: f1(isle.x - (big ? 6 : 5)), y: f1(top + font * 1.02), 'font-size': font, textLength: f1(font * 2.85), lengthAdjust: 'spacingAndGlyphs' },
        island.name,
      ),
    );
    // One pip per line at the island: the first player's bridges from the
    // left, the second's from the right, free lines in between.
    const step = big ? 13 : 10;
    const size = big ? 10 : 8;
    const row = top + height - (big ? 12 : 9.5);
    const owners = [];
    for (let i = 0; i < island.counts[0]; i++) owners.push(0);
    const free = island.degree - island.counts[0] - (island.counts[1] || 0);
    for (let i = 0; i < free; i++) owners.push(null);
    for (let p = players - 1; p >= 1; p--) for (let i = 0; i < island.counts[p]; i++) owners.push(p);
    const start = isle.x - (big ? 6 : 5) - ((owners.length - 1) * step) / 2;
    owners.forEach((owner, i) => {
      const cx = start + i * step;
      if (owner === null) g.append(svg('circle', { class: 'pip free', cx: f1(cx), cy: f1(row), r: f1(size * 0.3) }));
      else g.append(svg('path', { class: `pip p${owner}`, d: shapePath(seatStyle(owner).shape, cx, row, size * 1.15) }));
    });
    // The majority needed, in a small disc on the tag's corner.
    const bx = isle.x + width / 2 - (big ? 4 : 3);
    const by = top + height / 2;
    const badge = svg('g', { class: 'needed' });
    badge.append(svg('circle', { cx: f1(bx), cy: f1(by), r: big ? 13 : 10.5 }));
    badge.append(svg('text', { x: f1(bx), y: f1(by + (big ? 5 : 4.2)), 'font-size': big ? 15 : 12.5 }, String(island.needed)));
    g.append(badge);
    return g;
  }

  function marker(owner, isle, fresh) {
    const s = geo.portrait ? 20 : 16;
    const cx = isle.x;
    const cy = isle.y - isle.r * 0.36;
    const g = svg('g', { class: `marker p${owner}` + (fresh ? ' fresh' : ''), filter: 'url(#kh-shadow)' });
    g.append(svg('circle', { class: 'marker-stone', cx: f1(cx), cy: f1(cy), r: s }));
    g.append(svg('path', { class: 'marker-mark', d: shapePath(seatStyle(owner).shape, cx, cy + (owner === 0 ? 1.5 : 0), s * 1.05) }));
    return g;
  }

  function islandLabel(island, names) {
    const parts = [t('kahuna.aria.island', { island: island.name, degree: island.degree, needed: island.needed })];
    island.counts.forEach((count, p) => {
      if (count) parts.push(plural('kahuna.aria.island_bridges', count, { player: names[p] }));
    });
    if (island.controller !== null && island.controller !== undefined) {
      parts.push(t('kahuna.aria.island_controlled', { player: names[island.controller] }));
    }
    return parts.join(' ; ');
  }

  /** Draw the position: bridges, rings, tags, markers. */
  function draw(view, { names, portrait }) {
    if (!geo || geo.portrait !== portrait) build(view, portrait);
    const players = view.supply.length;
    for (const name of ['rings', 'bridges', 'tags', 'markers']) layers[name].replaceChildren();

    for (const line of view.lines) {
      const shape = geo.lines[line.id];
      const was = previousOwners ? previousOwners[line.id] : line.owner;
      if (line.owner !== null && line.owner !== undefined) {
        layers.bridges.append(plank(shape, line.owner, was !== line.owner));
      } else if (was !== null && was !== undefined && previousOwners) {
        // A bridge just taken away fades out where it lay.
        const ghost = plank(shape, was, false);
        ghost.classList.add('leaving');
        layers.bridges.append(ghost);
        setTimeout(() => ghost.remove(), 450);
      }
    }
    for (const island of view.islands) {
      const isle = geo.islands.get(island.name);
      const owner = island.controller;
      const was = previousControllers ? previousControllers[island.name] : owner;
      if (owner !== null && owner !== undefined) {
        layers.rings.append(svg('path', { class: `control-ring p${owner}`, d: blobPath(isle.x, isle.y, isle.r + 3, isle.sand, isle.rot) }));
        layers.markers.append(marker(owner, isle, was !== owner));
      }
      const label = tag(island, isle, players);
      label.setAttribute('role', 'img');
      label.setAttribute('aria-label', islandLabel(island, names));
      layers.tags.append(label);
    }
    previousOwners = view.lines.map((line) => line.owner);
    previousControllers = Object.fromEntries(view.islands.map((island) => [island.name, island.controller]));
  }

  /** The clickable lines: [{line (name), choice, label, strong, selected}]. */
  function drawTargets(targets) {
    layers.targets.replaceChildren();
    layers.glows.replaceChildren();
    if (!geo) return;
    for (const target of targets) {
      const line = geo.lineByName.get(target.line);
      if (!line) continue;
      if (target.strong || target.selected) {
        layers.glows.append(
          svg('path', { class: 'glow' + (target.selected ? ' selected' : '') + (target.removal ? ' removal' : ''), d: segment(line, -4) }),
        );
      }
      const attrs = {
        class: 'target line-target' + (target.strong ? ' strong' : ' quiet') + (target.selected ? ' selected' : ''),
        role: 'button',
        tabindex: target.strong || target.selected ? 0 : -1,
        'aria-label': target.label,
        'aria-pressed': target.selected ? 'true' : null,
        'data-line': line.name,
        'data-key': `line-${line.name}`,
      };
      if (target.choice) attrs['data-choice'] = target.choice;
      const g = svg(
        'g',
        attrs,
        svg('path', { class: 'hit', d: band(line, 30, 2) }),
        svg('path', { class: 'focus-ring', d: segment(line, -2) }),
        // A bridge that can be removed is ringed, above the plank.
        target.removal && (target.strong || target.selected) ? svg('path', { class: 'removal-ring', d: band(line, 27, -4) }) : null,
      );
      g.addEventListener('click', (event) => {
        event.stopPropagation();
        onTarget(target);
      });
      g.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onTarget(target);
        }
      });
      layers.targets.append(g);
    }
  }

  /** Outline what just happened: lines (by name) and islands, for a moment. */
  function flash(lineNames, islandNames, duration = 1400) {
    if (!geo) return;
    const marks = [];
    for (const name of lineNames) {
      const line = geo.lineByName.get(name);
      if (line) marks.push(svg('path', { class: 'flash-line', d: segment(line, -8) }));
    }
    for (const name of islandNames) {
      const isle = geo.islands.get(name);
      if (isle) marks.push(svg('path', { class: 'flash-island', d: blobPath(isle.x, isle.y, isle.r + 7, isle.sand, isle.rot) }));
    }
    for (const mark of marks) {
      mark.style.animationDuration = `${duration}ms`;
      layers.flash.append(mark);
      setTimeout(() => mark.remove(), duration + 50);
    }
  }

  /** Keep the latest move of another player marked: a bridge laid is
   * ringed, where a bridge was taken away a dashed outline stays, an island
   * that changed hands is circled. The marks pulse when they appear. */
  function markMove({ lines = [], islands = [] }, view) {
    if (!geo) return;
    const owners = new Map(view.lines.map((line) => [`${line.a}-${line.b}`, line.owner]));
    const key = JSON.stringify([lines, islands, lines.map((name) => owners.get(name) ?? null)]);
    if (key === markKey) return;
    markKey = key;
    layers.lastmove.replaceChildren();
    for (const name of lines) {
      const line = geo.lineByName.get(name);
      if (!line) continue;
      const owner = owners.get(name);
      const laid = owner !== null && owner !== undefined;
      layers.lastmove.append(
        svg('path', {
          class: `last-line ${laid ? 'laid' : 'taken'}`,
          'data-line': name,
          d: laid ? band(line, geo.portrait ? 31 : 29, -10) : band(line, geo.portrait ? 19 : 17, -6),
        }),
      );
    }
    for (const name of islands) {
      const isle = geo.islands.get(name);
      if (isle) {
        layers.lastmove.append(
          svg('path', { class: 'last-island', 'data-island': name, d: blobPath(isle.x, isle.y, isle.r + 10, isle.sand, isle.rot) }),
        );
      }
    }
  }

  /** Show the line of a suggested move (null: none). */
  function suggestLine(name) {
    if (!geo || name === suggested) return;
    suggested = name;
    layers.suggestion.replaceChildren();
    const line = name && geo.lineByName.get(name);
    if (!line) return;
    // The badge sits beside the line's middle, on its upper side.
    let nx = -Math.sin(line.angle);
    let ny = Math.cos(line.angle);
    if (ny > 0) [nx, ny] = [-nx, -ny];
    const bx = line.mid[0] + nx * 30;
    const by = line.mid[1] + ny * 30;
    layers.suggestion.append(
      svg('path', { class: 'suggest-halo', d: segment(line, -8) }),
      svg('path', { class: 'suggest-line', d: segment(line, -8) }),
      svg(
        'g',
        { class: 'suggest-badge', transform: `translate(${f1(bx)},${f1(by)})` },
        svg('circle', { r: 15 }),
        svg('path', { d: 'M-3,6 H3 M-2,9.5 H2 M0,-9 a6.5,6.5 0 0 0 -3.9,11.7 c.7,.5 1,1.2 1,2 h5.8 c0,-.8 .3,-1.5 1,-2 A6.5,6.5 0 0 0 0,-9 z' }),
      ),
    );
  }

  function reset() {
    geo = null;
    markKey = null;
    suggested = null;
    container.replaceChildren();
  }

  return { draw, drawTargets, flash, markMove, suggestLine, reset };
}
