// @ts-check
// One game on screen: the view of the turn controller (turns.js), for a
// table in this browser (table-local.js) or on a table server (remote.js).
// It draws through the game's renderer, and writes the status line, the
// log, the tools, the hint, the watch bar, the saved game and, online, the
// table's panel (online-view.js).

import { t, has } from './i18n.js';
import { hintText, wrongChoiceText } from './advice-words.js';
import { seatNames, token } from './players.js';
import { renderLog, eventText } from './log.js';
import { privacyScreen, closeAll, toast } from './dialogs.js';
import { showEnd } from './end.js';
import { hasRenderer, loadRenderer } from './games/index.js';
import { h, downloadJson } from './dom.js';
import * as store from './store.js';
import { nameText } from './limits.js';
import { createTurns } from './turns.js';
import { createLocalTable, createLessonTable } from './table-local.js';
import { createLessonFlow } from './lesson.js';
import { call } from './worker-client.js';
import { createOnlineView } from './online-view.js';
import { refs } from './refs.js';
import { newSession } from './state.js';
import { createReview, REVIEW_SESSION } from './review.js';
import { compact, expand } from './review-graph.js';

/** A record as text for the engine, which checks its size and depth before
 * it parses it (the browser could not even pass a deeply nested object to
 * the worker). */
function recordText(record) {
  if (typeof record === 'string') return record;
  try {
    return JSON.stringify(record);
  } catch (error) {
    throw { key: 'error.bad_record', message: String(error && error.message), params: {} };
  }
}

/** The sentence for an error answer, in the current language. A key may
 * have a variant for the parameters it carries (`error.bad_record.move`). */
export function errorText(error) {
  if (!error) return t('error.internal');
  const params = error.params || {};
  const variant = `${error.key}.${Object.keys(params).sort().join('_')}`;
  if (Object.keys(params).length && has(variant)) return t(variant, params);
  if (has(error.key)) return t(error.key, params);
  return error.message || t('error.internal');
}

export function createGame({ onExit, onNewGame, pace, setPace, paces, verifyRecord, rememberName, learnerName = () => '' }) {
  // The game on screen (state.js's Session), or null.
  /** @type {import('./state.js').Session | null} */
  let session = null;
  let lastStatus = null;
  // The lesson on screen (lesson.js), across its steps' sessions, or null.
  let lesson = null;

  const status = refs.status();
  const undoButton = refs.undoButton();
  const hintButton = refs.hintButton();
  const saveButton = refs.saveButton();
  const advice = refs.advice();
  const watchBar = refs.watchBar();

  const names = () => {
    if (!session) return [];
    // Online, the table's latest names (a friend who just sat down).
    if (session.online) return seatNames(session.seats, session.table.state.snapshot.names);
    return seatNames(session.seats, session.typedNames);
  };

  // -- the status line and the thinking indicator ----------------------------------

  function statusText({ kind, seat, winners = [], named, text }) {
    if (kind === 'loading') return text || '';
    const list = names();
    if (kind === 'over') {
      return winners.length === 1 ? t('status.over_winner', { player: list[winners[0]] }) : t('status.over_draw');
    }
    if (kind === 'paused') return t('status.paused', { player: list[seat] });
    if (kind === 'thinking') return t('status.thinking', { player: list[seat] });
    // A waiting table (online): nobody moves before every seat is taken.
    if ((kind === 'your_turn' || kind === 'waiting') && session.online && !session.online.started()) return t('clock.waiting');
    if (kind === 'your_turn') return named ? t('status.your_turn_named', { player: list[seat] }) : t('status.your_turn');
    if (kind === 'waiting') {
      if (session.online && !session.online.joined(seat)) return t('online.waiting_seat', { n: seat + 1 });
      return t('status.waiting', { player: list[seat] });
    }
    return '';
  }

  function setStatus(facts) {
    lastStatus = facts;
    const { state, seat = null, toMove = [], kind } = facts;
    const thinking = kind === 'thinking';
    status.dataset.state = state;
    status.dataset.toMove = toMove.join(',');
    status.classList.toggle('thinking', thinking);
    const parts = [];
    if (session && session.online) parts.push(session.online.connectionBadge());
    if (seat !== null && seat !== undefined) parts.push(token(seat, 18));
    parts.push(h('span', { class: 'status-text' }, session ? statusText(facts) : facts.text || ''));
    if (thinking) parts.push(meter(t('status.thinking_progress')));
    status.replaceChildren(...parts.filter(Boolean));
    if (thinking && session && session.turns) showProgress(status, session.turns.progress);
    if (session && session.online) session.online.turnChanged(state === 'playing' && kind === 'your_turn');
  }

  /** A small progress bar; without a value it only moves (no budget known). */
  function meter(label) {
    return h(
      'span',
      { class: 'meter', role: 'progressbar', 'aria-label': label, 'aria-valuemin': '0', 'aria-valuemax': '100' },
      h('span', { class: 'meter-fill' }),
    );
  }

  function showProgress(root, progress) {
    const bar = root.querySelector('.meter');
    if (!bar) return;
    const known = progress !== null && progress !== undefined;
    bar.classList.toggle('indeterminate', !known);
    if (known) {
      const pct = Math.round(progress * 100);
      bar.firstElementChild.style.width = `${pct}%`;
      bar.setAttribute('aria-valuenow', String(pct));
    } else {
      bar.firstElementChild.style.width = '';
      bar.removeAttribute('aria-valuenow');
    }
  }

  function updateTools() {
    const turns = session && session.turns;
    if (session && session.review) {
      // A game looked back on: nothing to take back or hint; its record may be saved.
      undoButton.disabled = true;
      hintButton.hidden = true;
      saveButton.hidden = false;
      return;
    }
    saveButton.hidden = Boolean(session && session.online);
    if (!turns || !turns.snapshot) {
      undoButton.disabled = true;
      hintButton.disabled = true;
      hintButton.setAttribute('aria-pressed', 'false');
      return;
    }
    const snap = turns.snapshot;
    undoButton.disabled = turns.busy || !snap.can_undo || !turns.isInteractive();
    const hinting = Boolean(turns.hint);
    // A lesson's steps teach one move each: no hint there, and nothing to save.
    saveButton.hidden = Boolean(session.online || session.lesson);
    hintButton.hidden = turns.watching || !session.table.botsHere || session.lesson === 'step';
    hintButton.disabled = !hinting && !turns.canHint();
    hintButton.setAttribute('aria-pressed', String(hinting));
  }

  // -- the view the turn controller draws through ------------------------------------

  function makeView(mine) {
    const live = () => session === mine;
    return {
      draw(snap, { interactive, marked, fresh, news }) {
        if (!live()) return;
        const list = names();
        mine.renderer.render(snap, { names: list, interactive, lastMove: marked.flatMap((entry) => entry.events) });
        renderLog(refs.log(), snap.log, {
          names: list,
          format: mine.renderer.logParams,
          freshAfter: fresh.length ? Math.min(...fresh.map((e) => e.n)) - 1 : Infinity,
          markFrom: marked.length ? marked[0].n : Infinity,
          notes: mine.online ? mine.online.undoNotes(list) : [],
        });
        // The others' moves flash on the board; every move, the player's
        // own included, is said to a screen reader.
        if (fresh.length) mine.renderer.flashEvents(fresh.flatMap((entry) => entry.events), 1500);
        if (news.length) announce(news.slice(-3), list);
        if (mine.online) mine.online.drawn(snap);
      },
      status(facts) {
        if (live()) setStatus(facts);
      },
      progress(progress) {
        if (live()) showProgress(status, progress);
      },
      busy(flag) {
        if (live()) status.setAttribute('aria-busy', flag ? 'true' : 'false');
      },
      tools() {
        if (live()) updateTools();
      },
      privacy(seat) {
        return privacyScreen({ name: names()[seat], mark: token(seat, 72) });
      },
      error(error) {
        if (error && error.lesson && lesson) {
          // Why the choice is not the step's: the rule it breaks, or what it
          // would gain against the step's move (else the step's sentence).
          lesson.wrong(error.refusal ? errorText(error.refusal) : wrongChoiceText(error, mine.renderer, names()));
        }
        else toast(errorText(error), 'error');
      },
      finish(snap) {
        if (live()) finish(snap);
      },
      settled(always) {
        const renderer = mine.renderer;
        if (!renderer.settled || (!always && mine.table.botsHere && pace() === 'instant')) return null;
        return renderer.settled();
      },
      autosave: (snap) => autosave(mine, snap),
      advice(hint, progress) {
        if (!live()) return;
        if (progress !== undefined) showProgress(advice, progress);
        else renderAdvice(hint);
      },
      suggest(move) {
        if (live()) mine.renderer.suggest?.(move);
      },
      watchBar() {
        if (live()) renderWatchBar();
      },
    };
  }

  /** Tell screen readers, politely, what the others just did. */
  function announce(entries, list) {
    const text = entries
      .flatMap((entry) => entry.events)
      .filter((event) => event.player !== undefined && event.player !== null)
      .map((event) => eventText(event, session.renderer.logParams, list))
      .join(' ');
    refs.announce().textContent = text;
  }

  /** Save the game in its own entry of the saved games (a first move gives
   * a new game its entry; a game resumed keeps the one it came from). A
   * finished game is no longer in progress. Online, the table server keeps
   * the game: the menu's list of tables only learns it was used. */
  async function autosave(mine, snap) {
    if (mine.lesson) return;
    if (mine.online) {
      mine.online.used();
      return;
    }
    if (snap.over) {
      // A finished game (played or watched) is kept, to be looked back on.
      if (mine.kept) return;
      mine.kept = true;
      let record;
      try {
        record = await mine.table.save();
      } catch {
        return;
      }
      const id = store.keepFinished(mine.saveId, record, mine.typedNames);
      if (id && session === mine) mine.saveId = id;
      return;
    }
    const moves = snap.log.length;
    // A game of bots only is watched, not played: it is never saved.
    if (moves === mine.savedAt || mine.turns.watching) return;
    if (!moves && !mine.saveId) return;
    let record;
    try {
      record = await mine.table.save();
    } catch {
      return; /* an unsaved move is not worth interrupting the game */
    }
    if (session !== mine) return;
    const id = store.saveGame(mine.saveId, record, mine.typedNames);
    if (id) {
      mine.saveId = id;
      mine.savedAt = moves;
    } else if (!mine.saveRefused) {
      // Said once a game: the browser's storage is full or disabled.
      mine.saveRefused = true;
      toast(t('game.save_failed'), 'error');
    }
  }

  function finish(snap) {
    const mine = session;
    const online = mine.online;
    // A lesson's short game ends the lesson: "new game" is then a real one.
    const learning = mine.lesson && lesson ? lesson : null;
    if (learning) learning.finished();
    let again = () => onNewGame(mine.setup);
    if (online) again = () => online.rematch();
    else if (learning) again = () => learning.playGame();
    // Online, the record comes with the check of the shuffle (online-view.js);
    // a lesson's short game is reviewed like any other, from its prepared
    // position (the record's start).
    const review = online
      ? null
      : async () => {
          const record = await mine.table.save();
          await startReview(record, mine.typedNames, { saveId: mine.saveId });
        };
    showEnd(snap, {
      names: names(),
      // A game ended on time before its scoring has no points to explain.
      details: snap.result && snap.result.reason === 'time' && !snap.result.breakdown ? null : mine.renderer.endDetails(snap, names()),
      extra: online ? online.endExtras(snap) : null,
      onReview: review,
      onNewGame: again,
      newGameLabel: online ? (online.canRematch() ? t('online.rematch') : null) : learning ? t('lesson.play_real') : t('end.new_game'),
      onMenu: () => exit(),
    });
  }

  // -- hints -------------------------------------------------------------------------------

  function renderAdvice(hint) {
    if (!hint) {
      advice.replaceChildren();
      advice.classList.remove('open');
      return;
    }
    advice.classList.add('open');
    const close = h(
      'button',
      { type: 'button', class: 'advice-close', 'aria-label': t('hint.close'), title: t('hint.close'), onclick: () => {
          if (session) session.turns.dropHint();
          hintButton.focus();
        } },
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
    const words = hintText(hint.move, hint.why, session.renderer, names());
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

  // -- watching bots play ------------------------------------------------------------------

  /** Pause and speed, when only bots play. */
  function renderWatchBar() {
    const turns = session && session.turns;
    // Nothing left to pause or to speed up once the game is over.
    const show = Boolean(turns && turns.watching && !(turns.snapshot && turns.snapshot.over));
    watchBar.hidden = !show;
    if (!show) {
      watchBar.replaceChildren();
      delete watchBar.dataset.key;
      return;
    }
    const paused = turns.paused;
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
        onclick: () => togglePause(),
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
    const keep = document.activeElement && watchBar.contains(document.activeElement) ? document.activeElement.id : null;
    watchBar.replaceChildren(pauseButton, speeds);
    if (keep && refs.made(keep)) refs.made(keep).focus({ preventScroll: true });
  }

  function togglePause() {
    if (session) session.turns.togglePause();
  }

  // -- what the player does --------------------------------------------------------------

  async function download() {
    if (!session || session.online) return;
    try {
      const record = await session.table.save();
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
      downloadJson(record, `archipel-${session.game}-${stamp}.json`);
      toast(t('game.saved'));
    } catch (error) {
      toast(errorText(error), 'error');
    }
  }

  // -- starting and leaving --------------------------------------------------------------

  /** Leave the current game at once: nothing it started may act any more
   * (a search answering late finds its run cancelled and sends nothing). */
  let generation = 0;
  function retire() {
    generation += 1;
    const left = session;
    if (!left) return;
    session = null;
    lastStatus = null;
    if (left.turns) left.turns.retire();
    if (left.review) left.review.close();
    if (left.online) left.online.close();
    left.table.close();
    left.renderer.destroy();
    renderAdvice(null);
    updateTools();
  }

  /** The renderer of a game; null when the player left meanwhile. */
  async function renderer(gameId) {
    const wanted = generation;
    const view = store.savedView();
    const module = await loadRenderer(gameId, view);
    if (generation !== wanted) return null;
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
      onChoice: (text) => session && session.turns && session.turns.choose(text),
    });
  }

  /** The viewer at the start: the only human, or nobody yet in hot-seat (the
   * privacy screen comes first), or a spectator when only bots play. */
  function firstViewer(seats) {
    const list = seats.map((kind, seat) => (kind === 'h' ? seat : null)).filter((s) => s !== null);
    return list.length === 1 ? list[0] : null;
  }

  /**
   * A session for a game in this browser; null when the player left meanwhile.
   * `options.viewer`: the seat shown first (by default the only person's);
   * `options.lessonPart`: a lesson's step or its short game.
   * @param {string} gameId @param {string[]} seats @param {string[]} typedNames @param {any} setup @param {any} table
   * @param {string | null} [saveId] @param {{viewer?: number | null, lessonPart?: 'step' | 'game' | null}} [options]
   */
  async function mountLocal(gameId, seats, typedNames, setup, table, saveId = null, options = {}) {
    const { viewer, lessonPart = null } = options;
    const made = await renderer(gameId);
    if (!made) {
      table.close();
      return null;
    }
    const mine = newSession({ game: gameId, seats, typedNames, setup, renderer: made, table, saveId, lesson: lessonPart });
    session = mine;
    mine.turns = createTurns({
      table,
      view: makeView(mine),
      seats,
      viewer: viewer === undefined ? firstViewer(seats) : viewer,
      pace,
      autoHint: () => Boolean(lessonPart === 'game' && lesson && lesson.suggestions),
    });
    return mine;
  }

  let titleOf = (id) => id;

  // -- lessons ---------------------------------------------------------------------------

  function endLesson() {
    if (!lesson) return;
    lesson.close();
    lesson = null;
  }

  /** A lesson (pygame_core/lessons.py) by its id, from its first step.
   * @param {string} lessonId @param {{onFirstDraw?: () => void}} [options] */
  async function startLesson(lessonId, { onFirstDraw } = {}) {
    retire();
    endLesson();
    const wanted = generation;
    const plan = await call('lesson', { lesson: lessonId });
    if (generation !== wanted) return;
    const gameId = plan.game;
    if (!hasRenderer(gameId)) throw { key: 'error.no_lesson', message: `no game ${gameId}`, params: { field: 'lesson' } };
    let firstDraw = onFirstDraw;
    const flow = createLessonFlow({
      plan,
      title: titleOf,
      openStep: (step) => {
        const once = firstDraw;
        firstDraw = undefined;
        return openLessonStep(flow, plan, step, once);
      },
      teach: (taught) => session && session.renderer.teach(taught),
      // The suggestions switched on or off: the one on screen comes or goes too.
      suggest: (on) => {
        const turns = session && session.turns;
        if (turns && on !== Boolean(turns.hint)) turns.toggleHint();
      },
      playGame: () => {
        const seats = Array.from({ length: plan.players }, (_, seat) => (seat === 0 ? 'h' : 'bot1'));
        onNewGame({ game: gameId, players: plan.players, seats, options: { ...plan.options }, names: [] });
      },
      nextLesson: (id) => startLesson(id),
      leave: () => exit(),
    });
    lesson = flow;
    await flow.begin();
  }

  /** Open a lesson's step (its number, or "game": the short game) at a table
   * of its own, the learner at seat 0. */
  async function openLessonStep(flow, plan, step, onFirstDraw) {
    retire();
    const wanted = generation;
    const taught = typeof step === 'number' ? plan.steps[step] : null;
    const table = createLessonTable({
      lesson: plan.id,
      step,
      move: taught ? taught.move : undefined,
      wrong: { key: 'lesson.wrong', message: 'not the move of this step', params: {}, lesson: true },
      onTaught: () => flow.taught(),
    });
    const seats = Array.from({ length: plan.players }, (_, seat) => (seat === 0 || taught ? 'h' : 'bot0'));
    const rival = (seat) => (plan.players > 2 ? t('lesson.rival_n', { n: seat }) : t('lesson.rival'));
    // The learner plays under the menu's name (else the usual "Player 1"): the
    // log's sentences read "<name> builds …".
    const typed = Array.from({ length: plan.players }, (_, seat) => (seat === 0 ? learnerName() : taught ? rival(seat) : ''));
    const mine = await mountLocal(plan.game, seats, typed, null, table, null, { viewer: 0, lessonPart: taught ? 'step' : 'game' });
    if (!mine || generation !== wanted) return;
    refs.gameName().textContent = titleOf(plan.game);
    status.setAttribute('aria-busy', 'true');
    let snap;
    try {
      snap = await table.start({ names: typed.map((name) => nameText(name)) });
    } finally {
      if (session === mine) status.setAttribute('aria-busy', 'false');
    }
    if (session !== mine) return;
    await mine.turns.begin(snap, { fromStart: true, onFirstDraw });
  }

  /** @param {any} config @param {{onFirstDraw?: () => void}} [options] */
  async function start(config, { onFirstDraw } = {}) {
    retire();
    endLesson();
    const { game, players, seats, seed, options, names: typed } = config;
    if (!hasRenderer(game)) throw { key: 'error.bad_setup', message: `no game ${game}`, params: { field: 'game' } };
    const table = createLocalTable();
    const mine = await mountLocal(game, seats, typed || [], config, table);
    if (!mine) return;
    setStatus({ state: 'loading', text: t('status.loading'), kind: 'loading' });
    const names = seats.map((_, seat) => nameText(typed && typed[seat]));
    status.setAttribute('aria-busy', 'true');
    let snap;
    try {
      snap = await table.start({ game, players, seats, seed, options: options || {}, names });
    } finally {
      if (session === mine) status.setAttribute('aria-busy', 'false');
    }
    if (session !== mine) return;
    refs.gameName().textContent = titleOf(game);
    await mine.turns.begin(snap, { fromStart: true, onFirstDraw });
  }

  /** Load a record (its text, or the object a saved game holds) and go on
   * with the game; `saveId` is the saved game it continues (null: a game of
   * its own from now on). */
  async function resume(record, typed, { saveId = null } = {}) {
    // Stopped before `load` is sent, so that no late move of the game being
    // left can reach the game being loaded.
    retire();
    endLesson();
    const wanted = generation;
    const table = createLocalTable();
    const snap = await table.load(recordText(record));
    if (generation !== wanted) return;
    // A finished game is looked back on, not played on.
    if (snap.over) {
      table.close();
      await startReview(record, typed, { saveId });
      return;
    }
    // The record carries the names; an autosave may also keep its own copy.
    const names = typed && typed.some(Boolean) ? typed : snap.names || [];
    const setup = { game: snap.game, players: snap.players, seats: snap.seats, options: snap.options, names };
    const mine = await mountLocal(snap.game, snap.seats, names, setup, table, saveId);
    if (!mine) return;
    refs.gameName().textContent = titleOf(snap.game);
    await mine.turns.begin(snap, { fromStart: false });
  }

  // -- looking back on a finished game ---------------------------------------------------

  /** The review's table: what the engine's review session shows (review.js
   * asks it), the record to save again, nothing to play. */
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

  /**
   * Look back on a finished game (review.js): `record` its record (or its
   * text), `typed` the names it was played under, `saveId` its entry among
   * the saved games (null: the entry of the same game, or a new one),
   * `viewer` the seat whose eyes it is seen through first.
   * @param {any} record @param {string[]} typed @param {{saveId?: string | null, viewer?: number | null}} [options]
   */
  async function startReview(record, typed, { saveId = null, viewer } = {}) {
    retire();
    endLesson();
    const wanted = generation;
    const text = recordText(record);
    const plan = await call('review', { record: text, session: REVIEW_SESSION });
    if (generation !== wanted) return;
    const recordObject = typeof record === 'string' ? JSON.parse(record) : record;
    const typedNames = typed && typed.some(Boolean) ? typed : plan.names || [];
    const kept = plan.over ? store.keepFinished(saveId, recordObject, typedNames) : null;
    const made = await renderer(plan.game);
    if (!made || generation !== wanted) return;
    const mine = newSession({ game: plan.game, seats: plan.seats, typedNames, renderer: made, table: reviewTable(recordObject), saveId: kept });
    session = mine;
    refs.gameName().textContent = titleOf(plan.game);
    const entry = kept ? store.savedGames().find((each) => each.id === kept) : null;
    const analysis = entry && entry.analysis ? expand(entry.analysis, plan.players, plan.plies) : null;
    mine.review = createReview({
      plan,
      call,
      renderer: made,
      names: () => names(),
      viewer: viewer === undefined ? firstViewer(plan.seats) : viewer,
      analysis,
      saveAnalysis: (results) => {
        if (kept) store.keepAnalysis(kept, compact(results));
      },
      status: (words) => setStatus({ state: 'review', kind: 'loading', text: words }),
      errorText,
      toast,
    });
    updateTools();
    renderWatchBar();
    await mine.review.open();
  }

  /**
   * Play at a table on a table server. `remote` is the table (remote.js),
   * already connected; `entry` what this browser keeps of it (store.js).
   * The states that follow arrive through `remote`'s onState, which the
   * caller passes on to `onlineState`.
   */
  /** @param {any} remote @param {any} entry @param {{site?: string, own?: string, onFirstDraw?: () => void}} [options] */
  async function startOnline(remote, entry, { site, own, onFirstDraw } = {}) {
    retire();
    endLesson();
    const first = remote.state;
    const gameId = first.snapshot.game;
    if (!hasRenderer(gameId)) {
      remote.close();
      throw { key: 'error.bad_setup', message: `no game ${gameId}`, params: { field: 'game' } };
    }
    const made = await renderer(gameId);
    if (!made) {
      remote.close();
      return;
    }
    const seats = first.snapshot.seats;
    const mine = newSession({ game: gameId, seats, renderer: made, table: remote });
    session = mine;
    mine.online = createOnlineView({
      remote,
      entry,
      site,
      own,
      names: () => names(),
      eventsText: (events, list) => events.map((event) => eventText(event, made.logParams, list)).join(' '),
      redrawStatus: () => session === mine && lastStatus && setStatus(lastStatus),
      errorText,
      verifyRecord,
      rememberName,
      titleOf: (id) => titleOf(id),
      review: (record) => startReview(record, [], { viewer: first.seat }),
    });
    mine.turns = createTurns({ table: remote, view: makeView(mine), seats, viewer: first.seat });
    refs.gameName().textContent = titleOf(gameId);
    mine.online.show(first);
    await mine.turns.begin(playable(first), { fromStart: false, onFirstDraw });
  }

  /** The snapshot to draw: a waiting table's lights up no move (the
   * server would refuse it until the game begins). */
  function playable(state) {
    return state.table && state.table.started === false ? { ...state.snapshot, legal: [] } : state.snapshot;
  }

  /** A new state from the table server. */
  function onlineState(remote, state) {
    const mine = session;
    if (!mine || mine.table !== remote) return;
    if (state.cause && state.cause.kind === 'rematch') {
      const dialog = refs.endDialog();
      if (dialog.open) dialog.close();
    }
    // A seat a bot took (the creator started with bots; a time ran out):
    // the session's seats are the turn controller's too.
    const kinds = state.snapshot.seats;
    if (Array.isArray(kinds) && kinds.some((kind, each) => kind !== mine.seats[each])) mine.seats.splice(0, mine.seats.length, ...kinds);
    mine.online.show(state);
    mine.turns.update(playable(state));
  }

  /** Chat messages from the table server. */
  function onlineChat(remote, entries, all) {
    if (session && session.table === remote && session.online) session.online.chat(entries, all);
  }

  /** The connection to the table server came, went or came back. */
  function onlineConnection(remote, kind) {
    if (session && session.table === remote) session.online.setConnection(kind);
  }

  /** The seat is now held by a new token (`entry`, as kept). */
  function onlineToken(remote, entry) {
    if (session && session.table === remote) session.online.tokenChanged(entry);
  }

  /** A device of the table came or went. */
  function onlinePresence(remote, table) {
    if (session && session.table === remote) session.online.presence(table);
  }

  function exit() {
    closeAll();
    retire();
    endLesson();
    lastStatus = null;
    setStatus({ state: 'loading', text: '', kind: 'loading' });
    delete status.dataset.connection;
    refs.log().replaceChildren();
    refs.announce().textContent = '';
    renderWatchBar();
    onExit();
  }

  function retranslate() {
    if (session && session.review) {
      refs.gameName().textContent = titleOf(session.game);
      session.review.retranslate();
      return;
    }
    if (!session || !session.turns || !session.turns.snapshot) return;
    refs.gameName().textContent = titleOf(session.game);
    session.turns.redraw();
    renderAdvice(session.turns.hint);
    if (session.online) session.online.retranslate();
    if (lesson) lesson.retranslate();
  }

  function clearSelection() {
    if (session) session.renderer.clearSelection();
  }

  return {
    start,
    startLesson,
    startReview,
    resume,
    startOnline,
    onlineState,
    onlineConnection,
    onlinePresence,
    onlineChat,
    onlineToken,
    exit,
    undo: () => session && session.turns && session.turns.undo(),
    download,
    retranslate,
    clearSelection,
    toggleHint: () => session && session.turns && session.turns.toggleHint(),
    togglePause,
    /** The pace was changed elsewhere (the menu): show it. */
    paceChanged() {
      renderWatchBar();
    },
    setTitles(fn) {
      titleOf = fn;
    },
    get active() {
      return Boolean(session);
    },
    get watching() {
      return Boolean(session && session.turns && session.turns.watching);
    },
    get gameId() {
      return session && session.game;
    },
    /** The table server's table on screen, if any. */
    get remote() {
      return session && session.online ? session.table : null;
    },
  };
}
