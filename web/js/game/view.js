// @ts-check
// The game screen's view: it draws what the controller (ctrl.js) holds —
// the status line, the tools, the expert's advice, the watch bar — and the
// game itself through its renderer and the log, and it makes the parts a
// game may have (a lesson, an online table, a review) with the page's
// modules. Its buttons call the controller's actions (app.js binds the bar's).

import { t } from '../i18n.js';
import { hintText } from '../advice-words.js';
import { token } from '../players.js';
import { renderLog, eventText } from '../log.js';
import { privacyScreen, closeAll, toast } from '../dialogs.js';
import { showEnd } from '../end.js';
import { endAnalysis } from '../end-analysis.js';
import { loadRenderer } from '../games/index.js';
import { h, downloadJson } from '../dom.js';
import * as store from '../store.js';
import { createLocalTable, createLessonTable, createExerciseTable } from '../table-local.js';
import { createExerciseFlow } from '../exercise/view.js';
import { createLessonFlow } from '../lesson/view.js';
import { call, startHelper } from '../worker-client.js';
import { onlinePart } from '../online/part.js';
import { refs } from '../refs.js';
import { createReview, REVIEW_SESSION } from '../review/view.js';
import { helperCount } from '../review/ctrl.js';
import { compact, expand } from '../review-graph.js';
import { shareLink } from '../share.js';
import { GameCtrl } from './ctrl.js';
import { lessonPart, exercisePart } from './parts.js';
import { errorText } from './words.js';

/** @typedef {import('./ctrl.js').Screen} Screen */
/** @typedef {import('./parts.js').StatusFacts} StatusFacts */

/**
 * The game screen: its controller, drawn on the page.
 * @param {{onExit: () => void, onNewGame: (setup: any) => void, pace: () => string, setPace: (pace: string) => void,
 *   paces: readonly string[], verifyRecord: (args: any) => Promise<any>, rememberName: (name: string) => void,
 *   learnerName?: () => string, endNote?: (snap: any, setup: any) => Element | null}} options
 * @returns {GameCtrl}
 */
export function createGameScreen({ onExit, onNewGame, pace, setPace, paces, verifyRecord, rememberName, learnerName = () => '', endNote = undefined }) {
  const ctrl = new GameCtrl({
    screen: pageScreen(),
    redraw: () => draw(),
    call,
    tables: { local: createLocalTable, lesson: createLessonTable, review: reviewTable, exercise: createExerciseTable },
    store,
    parts: pageParts({ verifyRecord, rememberName }),
    onExit,
    onNewGame,
    pace,
    learnerName,
    endNote,
  });
  const { drawStatus, drawTools } = statusView(ctrl);
  const drawAdvice = adviceView(ctrl);
  const drawWatchBar = watchBarView(ctrl, { pace, setPace, paces });

  function draw() {
    drawStatus();
    drawTools();
    drawAdvice();
    drawWatchBar();
  }

  // The language changed: the advice is drawn again even if the hint is the same.
  const retranslate = ctrl.retranslate.bind(ctrl);
  ctrl.retranslate = () => {
    retranslate();
    drawAdvice(true);
  };
  return ctrl;
}

/** The page's screen for the game's controller: the renderer in the
 * screen's containers, the board and the log, the dialogs, the status line's
 * busy state and progress.
 * @returns {Screen} */
function pageScreen() {
  const status = refs.status();
  const advice = refs.advice();
  return {
    async renderer(gameId, onChoice) {
      const view = store.savedView();
      const module = await loadRenderer(gameId, view);
      refs.gameScreen().classList.toggle('text-view', view === 'text');
      return module.createRenderer({
        els: {
          board: refs.board(),
          players: refs.players(),
          round: refs.round(),
          scoreline: refs.scoreline(),
          hand: refs.hand(),
          market: refs.market(),
          actions: refs.actions(),
        },
        onChoice,
      });
    },
    draw(session, snap, { interactive, marked, fresh, news }, list) {
      const part = session.part || {};
      session.renderer.render(snap, { names: list, interactive, lastMove: marked.flatMap((entry) => entry.events) });
      renderLog(refs.log(), snap.log, {
        names: list,
        format: session.renderer.logParams,
        freshAfter: fresh.length ? Math.min(...fresh.map((/** @type {any} */ e) => e.n)) - 1 : Infinity,
        markFrom: marked.length ? marked[0].n : Infinity,
        notes: part.logNotes ? part.logNotes(list) : [],
      });
      // The others' moves flash on the board; every move, the player's
      // own included, is said to a screen reader.
      if (fresh.length) session.renderer.flashEvents(fresh.flatMap((/** @type {any} */ entry) => entry.events), 1500);
      if (news.length) announce(session, news.slice(-3), list);
    },
    showEnd(snap, end) {
      const analysis = end.analysis
        ? endAnalysis({
            game: end.analysis,
            names: end.names,
            call,
            keep: (id, kept) => store.keepAnalysis(id, kept),
            keepLuck: (id, luck) => store.keepLuck(id, luck),
            helpers: analysisHelpers,
            errorText,
          })
        : null;
      const extra = end.extra && analysis ? h('div', {}, end.extra, analysis) : end.extra || analysis;
      showEnd(snap, { ...end, extra, details: end.details ? end.details() : null });
    },
    privacy: (name, seat) => privacyScreen({ name, mark: token(seat, 72) }),
    toast,
    closeDialogs: closeAll,
    download: downloadJson,
    title(words) {
      refs.gameName().textContent = words;
    },
    busy(flag) {
      status.setAttribute('aria-busy', flag ? 'true' : 'false');
    },
    progress(progress, where) {
      showProgress(where === 'status' ? status : advice, progress);
    },
    cleared() {
      delete status.dataset.connection;
      refs.log().replaceChildren();
      refs.announce().textContent = '';
    },
  };
}

/** The parts a game may have, made with the page's modules (parts.js says
 * what each adds).
 * @param {{verifyRecord: (args: any) => Promise<any>, rememberName: (name: string) => void}} online
 * @returns {import('./parts.js').PartMakers} */
function pageParts({ verifyRecord, rememberName }) {
  return {
    lesson: createLessonFlow,
    lessonPart,
    exercises: createExerciseFlow,
    exercisePart,
    reviewSession: REVIEW_SESSION,
    review: ({ plan, record, renderer, names, viewer, entry, kept, status: say, playOn, practise }) => {
      const review = createReview({
        plan,
        call,
        renderer,
        names,
        viewer,
        analysis: entry && entry.analysis ? expand(entry.analysis, plan.players, plan.plies) : null,
        saveAnalysis: (results) => {
          if (kept) store.keepAnalysis(kept, compact(results));
        },
        luck: entry && entry.luck ? entry.luck : null,
        saveLuck: (luck) => {
          if (kept) store.keepLuck(kept, luck);
        },
        status: say,
        errorText,
        toast,
        playOn,
        practise,
        practised: entry && entry.exercises ? entry.exercises : null,
        share: () => shareLink(record),
        helpers: analysisHelpers(record),
      });
      return {
        open: (/** @type {number | undefined} */ at) => review.open(at),
        // A game looked back on: nothing to take back or hint; its record may be saved.
        tools: (tools) => ({ undo: { disabled: true }, hint: { ...tools.hint, hidden: true }, save: { hidden: false } }),
        retranslate: () => review.retranslate(),
        close: () => review.close(),
      };
    },
    online: (options) => onlinePart({ ...options, verifyRecord, rememberName }),
  };
}

/** The helper engines of a review's analysis (review/ctrl.js): as many as
 * the device allows, each with the game open in its own session.
 * @param {any} record @returns {import('../review/ctrl.js').AnalysisHelpers} */
function analysisHelpers(record) {
  const session = 'analysis';
  return {
    count: () => helperCount(),
    async start() {
      const engine = startHelper();
      try {
        await engine.ready;
        await engine.call('review', { record: typeof record === 'string' ? record : JSON.stringify(record), session });
      } catch (error) {
        engine.close();
        throw error;
      }
      return { call: engine.call, session, close: engine.close };
    },
  };
}

/** The status line and the tools, drawn from the controller.
 * @param {GameCtrl} ctrl */
function statusView(ctrl) {
  const status = refs.status();
  const undoButton = refs.undoButton();
  const hintButton = refs.hintButton();
  const saveButton = refs.saveButton();

  // The status line drawn last (a live region: drawn again only when what
  // it says changes).
  let statusKey = '';

  function drawStatus() {
    const facts = ctrl.status;
    if (!facts) return;
    const { state, seat = null, toMove = [], kind } = facts;
    const part = ctrl.part;
    const badge = part.badge ? part.badge() : null;
    const words = ctrl.statusText(facts);
    const key = JSON.stringify([state, kind, seat, toMove, words, badge ? badge.outerHTML : null]);
    if (key === statusKey && status.dataset.state === state) return;
    statusKey = key;
    const thinking = kind === 'thinking';
    status.dataset.state = state;
    status.dataset.toMove = toMove.join(',');
    status.classList.toggle('thinking', thinking);
    const parts = [];
    if (badge) parts.push(badge);
    if (seat !== null && seat !== undefined) parts.push(token(seat, 18));
    parts.push(h('span', { class: 'status-text' }, words));
    if (thinking) parts.push(meter(t('status.thinking_progress')));
    status.replaceChildren(...parts.filter((part) => Boolean(part)));
    const turns = ctrl.session && ctrl.session.turns;
    if (thinking && turns) showProgress(status, turns.progress);
  }

  function drawTools() {
    const tools = ctrl.tools();
    undoButton.disabled = tools.undo.disabled;
    hintButton.hidden = tools.hint.hidden;
    hintButton.disabled = tools.hint.disabled;
    hintButton.setAttribute('aria-pressed', String(tools.hint.pressed));
    saveButton.hidden = tools.save.hidden;
  }

  return { drawStatus, drawTools };
}

/** The expert's advice, drawn from the controller.
 * @param {GameCtrl} ctrl */
function adviceView(ctrl) {
  const advice = refs.advice();
  const hintButton = refs.hintButton();
  // The hint drawn last: the advice is drawn again only when it changes.
  /** @type {any} */
  let adviceShown = null;
  /** @type {any} */
  let adviceMove = null;

  /** @param {boolean} [force] drawn again even if the hint is the same (a new language) */
  function drawAdvice(force = false) {
    const hint = ctrl.advice;
    const move = hint ? hint.move : null;
    if (hint === adviceShown && move === adviceMove && !force) return;
    adviceShown = hint;
    adviceMove = move;
    if (!hint) {
      advice.replaceChildren();
      advice.classList.remove('open');
      return;
    }
    advice.classList.add('open');
    const close = h(
      'button',
      {
        type: 'button',
        class: 'advice-close',
        'aria-label': t('hint.close'),
        title: t('hint.close'),
        onclick: () => {
          ctrl.dropHint();
          hintButton.focus();
        },
      },
      '×',
    );
    if (!hint.move) {
      advice.replaceChildren(
        h('span', { class: 'advice-icon', 'aria-hidden': 'true' }),
        h('span', { class: 'advice-text' }, t('hint.thinking')),
        meter(t('hint.progress')),
        close,
      );
      showProgress(advice, 0);
      return;
    }
    // What the move gains, in words the rules computed; each reason reads as
    // a log line does (the renderer names its spaces, cards, sections).
    const session = /** @type {any} */ (ctrl.session);
    const words = hintText(hint.move, hint.why, session.renderer, ctrl.names());
    advice.replaceChildren(
      h('span', { class: 'advice-icon', 'aria-hidden': 'true' }),
      h(
        'span',
        { class: 'advice-text', 'data-move': hint.move.text },
        words.move,
        words.why ? h('span', { class: 'advice-why' }, ` ${words.why}`) : null,
      ),
      close,
    );
  }

  return drawAdvice;
}

/** Pause and speed, when only bots play.
 * @param {GameCtrl} ctrl @param {{pace: () => string, setPace: (pace: string) => void, paces: readonly string[]}} paces */
function watchBarView(ctrl, { pace, setPace, paces }) {
  const watchBar = refs.watchBar();
  function drawWatchBar() {
    const show = ctrl.watchable;
    watchBar.hidden = !show;
    if (!show) {
      watchBar.replaceChildren();
      delete watchBar.dataset.key;
      return;
    }
    const paused = ctrl.paused;
    const key = [paused, pace(), t('watch.pause')].join('/');
    if (watchBar.dataset.key === key && watchBar.firstChild) return;
    watchBar.dataset.key = key;
    const pauseButton = h(
      'button',
      {
        type: 'button',
        id: 'pause-button',
        class: 'btn pause-btn',
        // The label says what a press does (pause, resume); the state is
        // also on data-paused, for the style.
        'data-paused': String(paused),
        'aria-keyshortcuts': 'P',
        onclick: () => ctrl.togglePause(),
      },
      h('span', { class: paused ? 'play-icon' : 'pause-icon', 'aria-hidden': 'true' }),
      paused ? t('watch.resume') : t('watch.pause'),
    );
    const speeds = h(
      'div',
      { class: 'speeds', role: 'radiogroup', 'aria-label': t('watch.speed') },
      ...paces.map((each) =>
        h(
          'label',
          { class: 'speed' },
          h('input', {
            type: 'radio',
            name: 'watch-speed',
            value: each,
            id: `speed-${each}`,
            checked: each === pace(),
            onchange: () => setPace(each),
          }),
          h('span', {}, t(`menu.pace.${each}`)),
        ),
      ),
    );
    const focused = document.activeElement;
    const keep = focused && watchBar.contains(focused) ? focused.id : null;
    watchBar.replaceChildren(pauseButton, speeds);
    const again = keep ? refs.made(keep) : null;
    if (again) again.focus({ preventScroll: true });
  }

  return drawWatchBar;
}

/** A small progress bar; without a value it only moves (no budget known).
 * @param {string} label */
function meter(label) {
  return h(
    'span',
    { class: 'meter', role: 'progressbar', 'aria-label': label, 'aria-valuemin': '0', 'aria-valuemax': '100' },
    h('span', { class: 'meter-fill' }),
  );
}

/** @param {HTMLElement} root @param {number | null | undefined} progress */
function showProgress(root, progress) {
  const bar = root.querySelector('.meter');
  if (!bar) return;
  const fill = /** @type {HTMLElement} */ (bar.firstElementChild);
  const known = progress !== null && progress !== undefined;
  bar.classList.toggle('indeterminate', !known);
  if (known) {
    const pct = Math.round(progress * 100);
    fill.style.width = `${pct}%`;
    bar.setAttribute('aria-valuenow', String(pct));
  } else {
    fill.style.width = '';
    bar.removeAttribute('aria-valuenow');
  }
}

/** Tell screen readers, politely, what the others just did.
 * @param {any} session @param {any[]} entries @param {string[]} list */
function announce(session, entries, list) {
  const text = entries
    .flatMap((entry) => entry.events)
    .filter((event) => event.player !== undefined && event.player !== null)
    .map((event) => eventText(event, session.renderer.logParams, list))
    .join(' ');
  refs.announce().textContent = text;
}

/** The review's table: what the engine's review session shows (review.js
 * asks it), the record to save again, nothing to play.
 * @param {any} recordObject */
function reviewTable(recordObject) {
  const refuse = () => Promise.reject({ key: 'error.game_over', message: 'the game is over', params: {} });
  return {
    kind: /** @type {'local'} */ ('local'),
    botsHere: false,
    sharedDevice: false,
    snapshot: refuse,
    play: refuse,
    undo: refuse,
    save: async () => recordObject,
    close: () => {
      call('close', { session: REVIEW_SESSION }).catch(() => {});
    },
  };
}
