// @ts-check
// The analysis in the review bar (docs/review.md): the graph of each
// player's chance of winning as they saw it, with the rounds named and the
// errors marked; then, once the analysis is judged, each player's accuracy,
// their errors, and what chance and their own decisions did to them, with
// their luckiest and unluckiest moments to step to.
//
// Contract kept for the tests: the graph `svg[data-graph=estimate]` with
// one `polyline[data-player]` per player and a `circle[data-mark]` per
// error; each player's `[data-accuracy]` and `[data-luck]` (percent).

import { t, plural, language } from '../i18n.js';
import { percent } from '../advice-words.js';
import { h } from '../dom.js';
import { svg } from '../board-svg.js';
import { token } from '../players.js';
import { chanceLines, graphPoint, plyAt, isError, MARKS, GRAPH } from '../review-graph.js';

/** A share of a chance as a signed percent ("+14 %"). @param {number} value */
export function signedPercent(value) {
  const rounded = Math.round(value * 100) / 100;
  return new Intl.NumberFormat(language(), { style: 'percent', signDisplay: 'exceptZero' }).format(rounded);
}

/** The radius of an error's mark on the graph: the worse, the larger. */
const MARK_RADIUS = /** @type {Record<string, number>} */ ({ inaccuracy: 3.5, mistake: 4.5, blunder: 5.5 });

/**
 * @param {{ctrl: import('./ctrl.js').ReviewCtrl, plan: any, plies: number, names: () => string[],
 *   go: (ply: number) => void, moveSentence: (n: number) => string}} shared
 */
export function reviewAnalysis({ ctrl, plan, plies, names, go, moveSentence }) {
  const box = h('div', { class: 'review-analysis' });
  const graphBox = h('div', { class: 'review-graph' });
  const summaryBox = h('div', { class: 'review-summary' });
  box.append(graphBox, summaryBox);
  /** @type {SVGElement | null} */
  let cursor = null;

  function drawGraph() {
    const drawn = ctrl.graphResults();
    if (!drawn.length) {
      graphBox.replaceChildren();
      box.hidden = true;
      cursor = null;
      return;
    }
    box.hidden = false;
    const list = names();
    const over = ctrl.complete && plan.over ? ctrl.lastResult : null;
    // The quick pass's estimates until the analysis proper replaces them.
    const lines = chanceLines(drawn, plan.players, plies, over);
    const { width, height, left, right, top, bottom } = GRAPH;
    const grid = [0, 0.5, 1].map((chance) => {
      const [, y] = graphPoint(0, chance, plies);
      return svg(
        'g',
        { class: `graph-grid${chance === 0.5 ? ' half' : ''}` },
        svg('line', { x1: left, x2: width - right, y1: y, y2: y }),
        svg('text', { x: left - 4, y: y + 3, 'text-anchor': 'end' }, percent(chance)),
      );
    });
    const rounds = (plan.rounds || []).map((/** @type {number[]} */ [ply, number]) => {
      const [x] = graphPoint(ply, 0, plies);
      const [, end] = graphPoint(ply, 0, plies);
      return svg(
        'g',
        { class: 'graph-round' },
        ply ? svg('line', { x1: x, x2: x, y1: top, y2: end }) : null,
        svg('text', { x: x + 3, y: height - 6 }, t('review.round_short', { n: number })),
        svg('title', {}, t('review.round_n', { n: number })),
      );
    });
    const polylines = lines.map((line) =>
      svg(
        'polyline',
        { class: `graph-line p${line.player}`, 'data-player': String(line.player), points: line.points.map(([ply, chance]) => graphPoint(ply, chance, plies).join(',')).join(' ') },
        svg('title', {}, list[line.player]),
      ),
    );
    const marks = ctrl.results
      .map((item) => ({ item, judged: ctrl.markAt(item.ply) }))
      .filter(({ item, judged }) => judged && isError(judged.mark) && item.best_chance !== null && item.best_chance !== undefined)
      .map(({ item, judged }) => {
        const mark = /** @type {{mark: string, cost: number}} */ (judged);
        const [x, y] = graphPoint(item.ply, /** @type {number} */ (item.best_chance), plies);
        const dot = svg(
          'circle',
          { class: `graph-mark mark-${mark.mark} p${item.mover}`, cx: x, cy: y, r: MARK_RADIUS[mark.mark], 'data-mark': mark.mark, 'data-ply': String(item.ply) },
          svg('title', {}, `${list[item.mover]} — ${t('review.move_n', { n: item.ply + 1 })}: ${t(`review.mark.${mark.mark}`)} (−${percent(mark.cost)})`),
        );
        // An error goes to the position before it, where the analysis names it.
        dot.addEventListener('click', (/** @type {Event} */ event) => {
          event.stopPropagation();
          go(item.ply);
        });
        return dot;
      });
    cursor = svg('line', { class: 'graph-cursor', y1: top, y2: height - bottom });
    const chart = svg(
      'svg',
      { class: 'graph', 'data-graph': 'estimate', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': t('review.graph_label') },
      ...grid,
      ...rounds,
      cursor,
      ...polylines,
      ...marks,
    );
    chart.addEventListener('click', (/** @type {MouseEvent} */ event) => {
      const frame = chart.getBoundingClientRect();
      go(plyAt(((event.clientX - frame.left) / frame.width) * width, plies));
    });
    const heading = h(
      'h3',
      { class: 'graph-title' },
      ctrl.complete ? t('review.graph_title') : t('review.graph_partial', { done: ctrl.results.length, total: plan.decisions }),
    );
    const legend = h(
      'ul',
      { class: 'graph-legend' },
      ...lines.map((line) => h('li', { class: `p${line.player}` }, h('span', { class: 'graph-swatch', 'aria-hidden': 'true' }), token(line.player, 12), ' ', list[line.player])),
    );
    graphBox.replaceChildren(heading, chart, legend);
    drawCursor();
  }

  function drawCursor() {
    if (!cursor) return;
    const [x] = graphPoint(ctrl.ply, 0, plies);
    cursor.setAttribute('x1', String(x));
    cursor.setAttribute('x2', String(x));
  }

  /** Each player's accuracy, errors and luck; the viewer's (or the
   * winner's) luck in words and their moments. */
  function drawSummary() {
    const judged = ctrl.judged;
    if (!judged) {
      summaryBox.replaceChildren();
      summaryBox.hidden = true;
      return;
    }
    summaryBox.hidden = false;
    const list = names();
    const withLuck = judged.players.some((/** @type {any} */ player) => typeof player.luck === 'number');
    const table = judgedTable(judged, list, ctrl.viewer);
    summaryBox.replaceChildren(table, ...(withLuck ? luckWords(judged) : []));
  }

  /** Luck in words for the player seen through (or the first winner), and
   * their luckiest and unluckiest moments. @param {any} judged */
  function luckWords(judged) {
    const list = names();
    const winners = ctrl.lastResult && Array.isArray(ctrl.lastResult.winners) ? ctrl.lastResult.winners : [];
    const seat = ctrl.viewer ?? winners[0] ?? 0;
    const player = judged.players[seat];
    if (!player || typeof player.luck !== 'number') return [];
    const luck = t(player.luck >= 0 ? 'review.luck_gave' : 'review.luck_cost', { player: list[seat], luck: percent(Math.abs(player.luck)) });
    const decided = player.decided < -0.0005 ? t('review.decided_cost', { decided: percent(-player.decided) }) : t('review.decided_none');
    const sentence = h('p', { class: 'luck-words' }, token(seat, 12), ' ', t('review.luck_sentence', { luck, decided }));
    const moments = (/** @type {any[]} */ items, /** @type {string} */ title, /** @type {string} */ kind) =>
      items.length
        ? h(
            'div',
            { class: `moments ${kind}` },
            h('h4', {}, title),
            h('ul', {}, ...items.map((moment) => h('li', {}, h('button', { type: 'button', class: 'linklike', 'data-moment': kind, title: moment.ply === null ? '' : moveSentence(moment.ply + 1), onclick: () => go(moment.ply === null ? 0 : moment.ply + 1) }, momentWords(moment))))),
          )
        : null;
    return [
      sentence,
      h('div', { class: 'moment-lists' }, moments(player.luckiest, t('review.luckiest'), 'lucky'), moments(player.unluckiest, t('review.unluckiest'), 'unlucky')),
    ].filter(Boolean);
  }

  /** @param {{ply: number | null, luck: number}} moment */
  function momentWords(moment) {
    const luck = signedPercent(moment.luck);
    return moment.ply === null ? t('review.moment_deal', { luck }) : t('review.moment_move', { n: moment.ply + 1, luck });
  }

  return { box, drawGraph, drawCursor, drawSummary };
}

/** Each player's accuracy, errors and (the game over, the analysis whole)
 * luck, as judged (`review_judge`): the review's summary and the end
 * screen's. @param {any} judged @param {string[]} list the names @param {number | null} viewer
 * @returns {HTMLElement} */
export function judgedTable(judged, list, viewer) {
  const withLuck = judged.players.some((/** @type {any} */ player) => typeof player.luck === 'number');
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, t('review.col_player')),
    h('th', { scope: 'col' }, t('review.col_accuracy')),
    h('th', { scope: 'col' }, t('review.col_errors')),
    withLuck ? h('th', { scope: 'col' }, t('review.col_luck')) : null,
  );
  const rows = judged.players.map((/** @type {any} */ player) =>
    h(
      'tr',
      { class: `p${player.player}${player.player === viewer ? ' you' : ''}` },
      h('th', { scope: 'row' }, token(player.player, 12), ' ', list[player.player]),
      h('td', { 'data-accuracy': player.accuracy === null ? '' : String(player.accuracy) }, player.accuracy === null ? '–' : percent(player.accuracy / 100)),
      h('td', { class: 'errors' }, errorCounts(player.marks)),
      withLuck ? h('td', { 'data-luck': String(Math.round(player.luck * 1000) / 10) }, signedPercent(player.luck)) : null,
    ),
  );
  return h('table', { class: 'review-judged' }, h('caption', {}, t('review.summary_title')), h('thead', {}, head), h('tbody', {}, ...rows));
}

/** The errors of a player as counts: "2 inaccuracies, 1 blunder".
 * @param {Record<string, number>} marks */
function errorCounts(marks) {
  const kinds = MARKS.filter((mark) => isError(mark) && marks[mark]);
  if (!kinds.length) return h('span', { class: 'no-errors' }, t('review.no_errors'));
  return h(
    'span',
    {},
    ...kinds.map((mark) => h('span', { class: `mark-count mark-${mark}`, title: plural(`review.marks.${mark}`, marks[mark]) }, h('span', { class: 'mark-glyph', 'aria-hidden': 'true' }, t(`review.glyph.${mark}`)), ' ', h('span', { class: 'visually-hidden' }, plural(`review.marks.${mark}`, marks[mark])), h('span', { 'aria-hidden': 'true' }, String(marks[mark])))),
  );
}

