// @ts-check
// A finished game looked back on (pygame_core/review.py), on the game
// screen: the game's controller opens it with the game's renderer
// (game/ctrl.js); its controller (ctrl.js) holds what is shown and asks the
// engine; this module draws the review bar `#review` (first, back, forward, last, the slider, whose eyes
// the game is seen through, "Show everything", the expert's opinion, the
// analysis and its graph) and the board, panels and log as they were after
// each ply. The log's entries jump there when clicked; the arrow keys, Home
// and End step through the game.
//
// Contract kept for the tests: `#review[data-ply][data-plies]`; its controls
// `[data-review=first|back|forward|last|expert|analyse|stop|reveal|share]`
// (the shared link then in `#review-link`); the slider
// is the `input[type=range]` inside it; the graph `svg[data-graph=estimate]`,
// one `polyline[data-player]` per player.

import { t, has } from '../i18n.js';
import { opinionLines, percent } from '../advice-words.js';
import { h } from '../dom.js';
import { svg } from '../board-svg.js';
import { token } from '../players.js';
import { renderLog, eventText } from '../log.js';
import { refs } from '../refs.js';
import { latestTurn } from '../turns.js';
import { costOf } from '../review-graph.js';
import { ReviewCtrl, REVIEW_SESSION } from './ctrl.js';
import { reviewAnalysis } from './analysis-view.js';
import { copyButton } from '../copy.js';

export { REVIEW_SESSION };


/**
 * @param {{
 *   plan: any,
 *   call: (cmd: string, args: object) => Promise<any>,
 *   renderer: any,
 *   names: () => string[],
 *   viewer: number | null,
 *   analysis: any[] | null,
 *   saveAnalysis: (results: any[]) => void,
 *   status: (text: string) => void,
 *   errorText: (error: any) => string,
 *   toast: (text: string, kind?: string) => void,
 *   playOn?: (record: any) => void,
 *   practise?: (seat: number, plies: number[], marks: Map<number, any>) => void,
 *   practised?: {found: number, missed: number} | null,
 *   share?: () => Promise<string>,
 *   helpers?: import('./ctrl.js').AnalysisHelpers,
 *   luck?: object | null,
 *   saveLuck?: (luck: object) => void,
 * }} options
 */
export function createReview({ plan, call, renderer, names, viewer, analysis, saveAnalysis, status, errorText, toast, playOn, practise, practised = null, share, helpers, luck, saveLuck }) {
  const bar = refs.review();
  const log = refs.log();
  const plies = plan.plies;
  const ctrl = new ReviewCtrl(
    { plan, call, viewer, analysis, saveAnalysis, playOn, practise, helpers, luck, saveLuck },
    {
      position: () => draw(),
      controls: () => drawControls(),
      opinion: () => drawOpinion(),
      graph: () => drawGraph(),
      rebuild: () => build(),
      judged: () => {
        drawGraph();
        drawSummary();
        markLog();
        drawOpinion();
        drawControls();
      },
      stopped: () => {
        const button = /** @type {HTMLElement | null} */ (bar.querySelector('[data-review="analyse"]'));
        if (button) button.focus();
      },
      error: (error) => toast(errorText(error), 'error'),
    },
  );
  /** @param {number} ply */
  const go = (ply) => ctrl.go(ply);

  // -- the position shown ------------------------------------------------------------

  /** The move of a ply in words. @param {number} ply */
  function moveSentence(ply) {
    const entry = ctrl.entryOf(ply);
    if (!entry) return '';
    return entry.events.map((/** @type {any} */ event) => eventText(event, renderer.logParams, names())).join(' ');
  }

  function draw() {
    const snap = ctrl.snap;
    const list = names();
    // The latest turn up to the move shown is marked, as the game marked it.
    const marked = latestTurn(snap.log.filter((/** @type {any} */ entry) => entry.n <= ctrl.ply));
    renderer.render(snap, { names: list, interactive: false, lastMove: marked.flatMap((/** @type {any} */ entry) => entry.events) });
    renderLog(log, snap.log, { names: list, format: renderer.logParams, current: ctrl.ply });
    markLog();
    // The move shown is the log's one stop for the Tab key (Enter on an entry jumps to it).
    for (const item of /** @type {NodeListOf<HTMLElement>} */ (log.querySelectorAll('li[data-n]'))) {
      item.tabIndex = item.classList.contains('current') ? 0 : -1;
    }
    showInLog(log.querySelector('li.current'));
    bar.dataset.ply = String(ctrl.ply);
    bar.dataset.plies = String(plies);
    status(ctrl.ply === 0 ? t('review.status_start', { plies }) : t('review.status', { ply: ctrl.ply, plies }));
    // A screen reader hears the move shown, in words.
    refs.announce().textContent = ctrl.ply ? moveSentence(ctrl.ply) : '';
    drawControls();
    drawOpinion();
    drawRevealed();
    drawCursor();
  }

  /** Each judged move of the log with its mark and cost (entry n is the
   * move made at ply n - 1); its errors with a glyph a reader can tell
   * apart without colour. */
  function markLog() {
    /** @type {Set<string>} */
    const marked = new Set();
    for (const item of /** @type {NodeListOf<HTMLElement>} */ (log.querySelectorAll('li[data-n]'))) {
      // A move's first line of its own (not what the rules did after it) is marked.
      const first = item.classList.contains('log-entry') && !marked.has(/** @type {string} */ (item.dataset.n));
      const judged = first ? ctrl.markAt(Number(item.dataset.n) - 1) : null;
      item.querySelector('.log-mark')?.remove();
      if (!judged) {
        delete item.dataset.mark;
        delete item.dataset.cost;
        continue;
      }
      marked.add(/** @type {string} */ (item.dataset.n));
      item.dataset.mark = judged.mark;
      item.dataset.cost = String(Math.round(judged.cost * 1000) / 10);
      if (judged.mark === 'best' || judged.mark === 'good') continue;
      item.append(
        h('span', { class: `log-mark mark-${judged.mark}`, title: t(`review.mark.${judged.mark}`) }, h('span', { 'aria-hidden': 'true' }, t(`review.glyph.${judged.mark}`)), h('span', { class: 'visually-hidden' }, ` (${t(`review.mark.${judged.mark}`)})`)),
      );
    }
  }

  /** Scroll the log (and only the log) so that `item` is in view; the set-up: its top. */
  /** @param {Element | null} item */
  function showInLog(item) {
    if (!item) {
      if (ctrl.ply === 0) log.scrollTop = 0;
      return;
    }
    const box = log.getBoundingClientRect();
    const at = item.getBoundingClientRect();
    if (at.top < box.top) log.scrollTop -= box.top - at.top + 6;
    else if (at.bottom > box.bottom) log.scrollTop += at.bottom - box.bottom + 6;
  }


  const { opinionBox, revealedBox, drawOpinion, drawRevealed } = reviewOpinion({ ctrl, plan, renderer, names });
  const { box: analysisBox, drawGraph, drawCursor, drawSummary } = reviewAnalysis({ ctrl, plan, plies, names, go, moveSentence });
  const { build, drawControls } = reviewBar({ ctrl, plan, plies, bar, names, go, revealedBox, opinionBox, analysisBox, practised, share, failed: (error) => toast(errorText(error), 'error') });

  // -- the log and the keys ---------------------------------------------------------------------

  const onLogClick = (/** @type {MouseEvent} */ event) => {
    const item = /** @type {HTMLElement | null} */ (event.target instanceof Element ? event.target.closest('li[data-n]') : null);
    if (item) go(Number(item.dataset.n));
  };
  const onLogKey = (/** @type {KeyboardEvent} */ event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const item = /** @type {HTMLElement | null} */ (event.target instanceof Element ? event.target.closest('li[data-n]') : null);
    if (!item) return;
    event.preventDefault();
    go(Number(item.dataset.n));
  };

  /** The left and right arrows (with Shift: by turn), Page Up and Page
   * Down (by round), Home and End, wherever the focus is but in a field or
   * a dialog (up and down still scroll the page and the log). */
  const onKey = (/** @type {KeyboardEvent} */ event) => {
    if (ctrl.closed || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    if (document.querySelector('dialog[open]')) return;
    /** @type {Record<string, number>} */
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves && event.shiftKey) {
      event.preventDefault();
      ctrl.goTurn(moves[event.key]);
    } else if (event.key in moves) {
      event.preventDefault();
      go(ctrl.wanted + moves[event.key]);
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      ctrl.goRound(event.key === 'PageUp' ? -1 : 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      go(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      go(plies);
    }
  };

  log.classList.add('reviewing');
  log.addEventListener('click', onLogClick);
  log.addEventListener('keydown', onLogKey);
  document.addEventListener('keydown', onKey);
  bar.hidden = false;
  document.body.classList.add('reviewing');
  build();

  return {
    /** Show the first position drawn (the end, or `ply`). */
    open: (ply = plies) => ctrl.open(ply),
    go,
    get ply() {
      return ctrl.ply;
    },
    ctrl,
    retranslate() {
      build();
      if (ctrl.snap) draw();
      drawGraph();
      drawSummary();
    },
    close() {
      ctrl.close();
      log.classList.remove('reviewing');
      log.removeEventListener('click', onLogClick);
      log.removeEventListener('keydown', onLogKey);
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('reviewing');
      bar.hidden = true;
      bar.replaceChildren();
      delete bar.dataset.ply;
      delete bar.dataset.plies;
    },
  };
}

/** The review bar: the steps and the slider, steps by turn, round and
 * error, whose eyes the game is seen through, "Show everything", the
 * expert, the analysis and its progress, the exercises, playing on and
 * sharing the game.
 * @param {{ctrl: ReviewCtrl, plan: any, plies: number, bar: HTMLElement, names: () => string[], go: (ply: number) => void,
 *   revealedBox: HTMLElement, opinionBox: HTMLElement, analysisBox: HTMLElement,
 *   practised: {found: number, missed: number} | null, share?: () => Promise<string>, failed: (error: any) => void}} shared */
function reviewBar({ ctrl, plan, plies, bar, names, go, revealedBox, opinionBox, analysisBox, practised, share, failed }) {
  const { canReveal } = ctrl;
  const icon = (/** @type {string} */ d) => svg('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' }, svg('path', { d }));
  const ICONS = {
    first: 'M6 5v14M18 6l-8 6 8 6z',
    back: 'M16 6l-8 6 8 6z',
    forward: 'M8 6l8 6-8 6z',
    last: 'M18 5v14M6 6l8 6-8 6z',
  };

  const stepButton = (/** @type {'first' | 'back' | 'forward' | 'last'} */ name, /** @type {() => number} */ target) =>
    h(
      'button',
      { type: 'button', class: 'icon-btn review-step', 'data-review': name, 'aria-label': t(`review.${name}`), title: t(`review.${name}`), onclick: () => go(target()) },
      icon(ICONS[name]),
    );
  /** A pair of buttons stepping by a stretch (turn, round, error), with its word between.
   * @param {'turn' | 'round' | 'error'} kind @param {(direction: number) => void} step */
  const pair = (kind, step) =>
    h(
      'span',
      { class: 'review-pair', role: 'group', 'aria-label': t(`review.by_${kind}`) },
      h('button', { type: 'button', class: 'icon-btn review-step small', 'data-review': `${kind}-back`, 'aria-label': t(`review.${kind}_back`), title: t(`review.${kind}_back`), onclick: () => step(-1) }, icon(ICONS.back)),
      h('span', { class: 'review-pair-word', 'aria-hidden': 'true' }, t(`review.by_${kind}`)),
      h('button', { type: 'button', class: 'icon-btn review-step small', 'data-review': `${kind}-forward`, 'aria-label': t(`review.${kind}_forward`), title: t(`review.${kind}_forward`), onclick: () => step(1) }, icon(ICONS.forward)),
    );

  const slider = h('input', {
    type: 'range',
    class: 'review-slider',
    min: '0',
    max: String(plies),
    step: '1',
    value: String(plies),
    'aria-label': t('review.slider'),
    oninput: (/** @type {Event} */ event) => go(Number(/** @type {HTMLInputElement} */ (event.target).value)),
  });
  const position = h('span', { class: 'review-position', 'aria-hidden': 'true' });

  function build() {
    slider.setAttribute('aria-label', t('review.slider'));
    const steps = h(
      'div',
      { class: 'review-steps', role: 'group', 'aria-label': t('review.steps') },
      stepButton('first', () => 0),
      stepButton('back', () => ctrl.wanted - 1),
      slider,
      stepButton('forward', () => ctrl.wanted + 1),
      stepButton('last', () => plies),
      position,
    );
    const by = h(
      'div',
      { class: 'review-by' },
      pair('turn', (direction) => ctrl.goTurn(direction)),
      pair('round', (direction) => ctrl.goRound(direction)),
      pair('error', (direction) => ctrl.goError(direction)),
    );
    const seen = viewerChoice();
    const reveal = canReveal
      ? h(
          'button',
          { type: 'button', class: 'btn ghost review-reveal', 'data-review': 'reveal', 'aria-pressed': String(ctrl.reveal), onclick: () => ctrl.setReveal(!ctrl.reveal) },
          t('review.reveal'),
        )
      : null;
    const expert = h(
      'button',
      { type: 'button', class: 'btn review-expert', 'data-review': 'expert', onclick: () => void ctrl.askExpert() },
      t('review.expert'),
    );
    const analyseButton = h(
      'button',
      { type: 'button', class: 'btn review-analyse', 'data-review': 'analyse', onclick: () => void ctrl.analyse() },
      ctrl.complete ? t('review.analysed') : t('review.analyse'),
    );
    const stop = h(
      'button',
      { type: 'button', class: 'btn ghost review-stop', 'data-review': 'stop', hidden: !ctrl.analysing, onclick: () => ctrl.stopAnalysis() },
      t('review.stop'),
    );
    const others = /** @type {HTMLSelectElement} */ (
      h(
        'select',
        { class: 'review-others', id: 'review-others', 'aria-label': t('review.play_on_against') },
        h('option', { value: 'bots' }, t('review.play_on_bots')),
        h('option', { value: 'people' }, t('review.play_on_people')),
      )
    );
    const practiseRow = ctrl.startPractising
      ? h(
          'div',
          { class: 'review-practise' },
          h('button', { type: 'button', class: 'btn primary', 'data-review': 'exercises', onclick: () => void ctrl.practise() }, t('review.exercises')),
          practised ? h('span', { class: 'review-practised' }, t('review.practised', practised)) : null,
        )
      : null;
    // "Share this game" shares the play-on line (its link, once made, below).
    const shared = share && plan.over ? shareLine(share, failed) : null;
    const playOnRow = ctrl.startPlayingOn
      ? h(
          'div',
          { class: 'review-play-on' },
          h(
            'button',
            { type: 'button', class: 'btn review-play-on-button', 'data-review': 'play-on', title: t('review.play_on_title'), onclick: () => void ctrl.playOn(/** @type {'bots' | 'people'} */ (others.value)) },
            t('review.play_on'),
          ),
          h('label', { class: 'review-seen' }, h('span', {}, t('review.play_on_against')), others),
          ...(shared || []),
        )
      : shared
        ? h('div', { class: 'review-play-on' }, ...shared)
        : null;
    const meter = h(
      'span',
      { class: 'meter review-meter', role: 'progressbar', 'aria-label': t('review.analysis_progress'), 'aria-valuemin': '0', 'aria-valuemax': '100', hidden: !ctrl.analysing },
      h('span', { class: 'meter-fill' }),
    );
    bar.replaceChildren(
      h('h2', { class: 'review-title', id: 'review-title' }, t('review.title')),
      steps,
      by,
      h('div', { class: 'review-tools' }, seen, reveal, expert, analyseButton, stop, meter),
      practiseRow,
      playOnRow,
      opinionBox,
      analysisBox,
      revealedBox,
    );
    bar.setAttribute('aria-labelledby', 'review-title');
  }

  /** Whose eyes the game is seen through: a seat (what it saw), or a spectator. */
  function viewerChoice() {
    const list = names();
    const select = h(
      'select',
      { class: 'review-viewer', id: 'review-viewer', onchange: (/** @type {Event} */ event) => {
          const value = /** @type {HTMLSelectElement} */ (event.target).value;
          ctrl.setViewer(value === '' ? null : Number(value));
        } },
      ...list.map((name, seat) => h('option', { value: String(seat), selected: ctrl.viewer === seat }, name)),
      h('option', { value: '', selected: ctrl.viewer === null }, t('review.spectator')),
    );
    return h('label', { class: 'review-seen' }, h('span', {}, t('review.seen_by')), select);
  }

  function drawControls() {
    const at = ctrl.ply;
    const set = (/** @type {string} */ name, /** @type {boolean} */ disabled) => {
      const node = bar.querySelector(`[data-review="${name}"]`);
      if (node) /** @type {HTMLButtonElement} */ (node).disabled = disabled;
    };
    set('first', at === 0);
    set('back', at === 0);
    set('forward', at === plies);
    set('last', at === plies);
    set('turn-back', at === 0);
    set('turn-forward', at === plies);
    set('round-back', at === 0);
    set('round-forward', at === plies);
    const errors = ctrl.errorsOf(ctrl.viewer);
    set('error-back', !errors.some((ply) => ply < ctrl.wanted));
    set('error-forward', !errors.some((ply) => ply > ctrl.wanted));
    set('expert', at >= plies || Boolean(ctrl.asking));
    set('play-on', at >= plies);
    set('exercises', !ctrl.canPractise());
    set('analyse', Boolean(ctrl.analysing) || ctrl.complete || plan.decisions === 0);
    if (Number(slider.value) !== at) slider.value = String(at);
    slider.setAttribute('aria-valuetext', t('review.slider_value', { ply: at, plies }));
    position.textContent = t('review.position', { ply: at, plies });
    const reveal = bar.querySelector('[data-review="reveal"]');
    if (reveal) reveal.setAttribute('aria-pressed', String(ctrl.reveal));
    const stop = bar.querySelector('[data-review="stop"]');
    if (stop) /** @type {HTMLElement} */ (stop).hidden = !ctrl.analysing;
    const meter = /** @type {HTMLElement | null} */ (bar.querySelector('.review-meter'));
    if (meter) {
      meter.hidden = !ctrl.analysing;
      const pct = Math.round((ctrl.analysing ? ctrl.analysing.progress : 0) * 100);
      /** @type {HTMLElement} */ (meter.firstElementChild).style.width = `${pct}%`;
      meter.setAttribute('aria-valuenow', String(pct));
    }
  }


  return { build, drawControls };
}

/** The expert's opinion or the analysis at the ply shown, and what "Show
 * everything" shows that the board does not draw.
 * @param {{ctrl: ReviewCtrl, plan: any, renderer: any, names: () => string[]}} shared */
function reviewOpinion({ ctrl, plan, renderer, names }) {
  const opinionBox = h('div', { class: 'review-opinion', 'aria-live': 'polite' });
  // Closed at first: the panels already show the hands; the piles are long.
  const revealedBox = h('details', { class: 'review-revealed', hidden: true });

  /** A progress bar (its width set through the CSSOM: the site's policy
   * refuses inline style attributes). */
  /** @param {number} progress @param {string} label */
  function meterOf(progress, label) {
    const pct = Math.round(progress * 100);
    const fill = h('span', { class: 'meter-fill' });
    fill.style.width = `${pct}%`;
    return h('span', { class: 'meter', role: 'progressbar', 'aria-label': label, 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(pct) }, fill);
  }

  /** What "Show everything" shows that the board does not draw: hands, piles in their order. */
  function drawRevealed() {
    const items = ctrl.reveal && ctrl.snap && ctrl.snap.view.revealed ? ctrl.snap.view.revealed : [];
    const shown = items.filter((/** @type {any} */ item) => item.cards.length);
    revealedBox.hidden = !shown.length;
    if (!shown.length) {
      revealedBox.replaceChildren();
      return;
    }
    const list = names();
    revealedBox.replaceChildren(
      h('summary', {}, t('review.revealed_title')),
      h(
        'ul',
        {},
        ...shown.map((/** @type {any} */ item) =>
          h(
            'li',
            { 'data-revealed': item.what, class: item.player === null ? '' : `p${item.player}` },
            item.player === null ? null : token(item.player, 12),
            item.player === null ? null : ' ',
            h('span', { class: 'revealed-what' }, t(`review.revealed.${item.what}`, { player: item.player === null ? '' : list[item.player] })),
            ' ',
            h('span', { class: 'revealed-cards' }, item.cards.map(cardWords).join(', ')),
          ),
        ),
      ),
    );
  }

  /** @param {string} card */
  function cardWords(card) {
    const game = plan.game;
    if (has(`${game}.card.${card}`)) return t(`${game}.card.${card}`);
    if (game === 'moai' && card === 'R') return t('moai.cards.raid');
    return card;
  }

  function drawOpinion() {
    const ply = ctrl.ply;
    const list = names();
    if (ctrl.asking && ctrl.asking.ply === ply) {
      opinionBox.replaceChildren(
        h('span', { class: 'advice-icon', 'aria-hidden': 'true' }),
        h('span', {}, t('review.expert_thinking')),
        meterOf(ctrl.asking.progress, t('hint.progress')),
      );
      renderer.suggest(null);
      return;
    }
    const opinion = ctrl.opinion && ctrl.opinion.ply === ply ? ctrl.opinion : null;
    const analysed = ctrl.analysedAt(ply);
    if (!opinion && !analysed) {
      opinionBox.replaceChildren();
      opinionBox.hidden = true;
      renderer.suggest(null);
      return;
    }
    opinionBox.hidden = false;
    const lines = [];
    if (opinion) {
      const mover = list[opinion.mover];
      if (opinion.forced) {
        lines.push(h('p', { class: 'opinion-line', 'data-opinion': 'forced' }, t('review.forced', { player: mover })));
      } else {
        for (const line of opinionLines(opinion, mover, renderer, names())) {
          const mark = line.kind === 'best' ? h('span', { class: 'advice-icon', 'aria-hidden': 'true' }) : token(opinion.mover, 14);
          lines.push(h('p', { class: line.kind === 'best' ? 'opinion-line best' : 'opinion-line', 'data-opinion': line.kind }, mark, ' ', line.text));
        }
      }
      renderer.suggest(opinion.forced || opinion.same ? null : opinion.best);
    } else {
      renderer.suggest(null);
    }
    if (analysed && !opinion) {
      const judged = ctrl.markAt(ply);
      const cost = judged ? judged.cost : costOf(analysed);
      lines.push(
        h(
          'p',
          { class: 'opinion-line analysed', 'data-opinion': 'analysis' },
          token(analysed.mover, 14),
          ' ',
          judged ? h('span', { class: `mark-badge mark-${judged.mark}`, 'data-mark': judged.mark }, t(`review.mark.${judged.mark}`)) : null,
          judged ? ' ' : null,
          analysed.same
            ? t('review.analysis_agrees', { player: list[analysed.mover], chance: percent(analysed.best_chance) })
            : t('review.analysis_cost', { player: list[analysed.mover], played: percent(analysed.played_chance), best: percent(analysed.best_chance), cost: percent(cost) }),
        ),
      );
    }
    opinionBox.replaceChildren(...lines);
  }


  return { opinionBox, revealedBox, drawOpinion, drawRevealed };
}

/** "Share this game": a link that carries the record (share.js), shown
 * to copy once made: the button, and where the link goes.
 * @param {() => Promise<string>} make @param {(error: any) => void} failed @returns {HTMLElement[]} */
function shareLine(make, failed) {
  const place = h('span', { class: 'review-link', hidden: true });
  const button = h(
    'button',
    { type: 'button', class: 'btn ghost', 'data-review': 'share', title: t('share.title'), onclick: async () => {
        try {
          const link = await make();
          const field = /** @type {HTMLInputElement} */ (h('input', { id: 'review-link', type: 'text', readonly: true, value: link, 'aria-label': t('share.link'), onfocus: (/** @type {Event} */ event) => /** @type {HTMLInputElement} */ (event.target).select() }));
          place.replaceChildren(field, copyButton(link, t('share.link')));
          place.hidden = false;
          field.focus();
        } catch (error) {
          failed(error);
        }
      } },
    t('share.button'),
  );
  return [button, place];
}
