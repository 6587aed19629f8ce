// One game on screen: the turn loop (humans, bots, the pass-the-device
// screen), bots thinking in slices, hints, watching bots play, undo, save and
// autosave, the log, the status line and the end of the game. It talks to
// Python only through worker-client.js and draws only through the game's
// renderer.

import { call } from './worker-client.js';
import { t, has } from './i18n.js';
import { seatNames, isHuman, token } from './players.js';
import { renderLog, eventText } from './log.js';
import { privacyScreen, closeAll, toast } from './dialogs.js';
import { showEnd } from './end.js';
import { hasRenderer, loadRenderer } from './games/index.js';
import { h } from './dom.js';
import * as store from './store.js';
import { nameText } from './limits.js';

const $ = (id) => document.getElementById(id);

/** Pauses before a bot acts (first action of its turn, later actions), so
 * that each move can be seen before the next. A bot that thinks longer than
 * the pause moves as soon as it is done. */
const PACES = {
  slow: [1600, 1100],
  calm: [900, 650],
  quick: [350, 220],
  instant: [0, 0],
};

/** How long one `think` request searches: short enough that a new game, an
 * undo or a pause is served at once, long enough that the messages cost
 * little next to the search. */
const SLICE_MS = 60;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A cancellation token. Work that belongs to a run checks `cancelled`
 * after every await and sends nothing more once it is set. */
const newRun = () => ({ cancelled: false });

/** How far a search has gone, from a `think` answer: 0 to 1, or null when
 * the bot has no budget to measure (levels that answer at once). */
function progressOf(answer) {
  if (!answer || !answer.budget) return null;
  if (answer.done) return 1;
  const { iterations, millis } = answer.budget;
  const parts = [];
  if (millis) parts.push(answer.millis / millis);
  if (iterations) parts.push(answer.iterations / iterations);
  return parts.length ? Math.min(1, Math.max(0, ...parts)) : null;
}

/** The entries of the latest turn: the moves at the end of the log made by
 * the player who moved last. */
function latestTurn(log) {
  if (!log.length) return [];
  const player = log[log.length - 1].player;
  let start = log.length - 1;
  while (start > 0 && log[start - 1].player === player) start -= 1;
  return log.slice(start);
}

/** What the others did since the viewer's own latest move (with two
 * players, the other's latest turn; with more, every turn played since).
 * A spectator sees the latest turn. */
function sinceViewer(log, viewer) {
  if (viewer === null || viewer === undefined) return latestTurn(log);
  let start = log.length;
  while (start > 0 && log[start - 1].player !== viewer) start -= 1;
  return log.slice(start);
}

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

export function createGame({ onExit, onNewGame, pace, setPace, paces }) {
  let session = null;
  let busy = 0;

  const status = $('status');
  const undoButton = $('undo-button');
  const hintButton = $('hint-button');
  const advice = $('advice');
  const watchBar = $('watch-bar');

  const humans = () => session.seats.map((kind, seat) => (isHuman(kind) ? seat : null)).filter((s) => s !== null);
  const names = () => seatNames(session.seats, session.typedNames);

  function setBusy(delta) {
    busy = Math.max(0, busy + delta);
    status.setAttribute('aria-busy', busy ? 'true' : 'false');
    updateTools();
  }

  async function request(cmd, args) {
    setBusy(1);
    try {
      return await call(cmd, args);
    } finally {
      setBusy(-1);
    }
  }

  /** Search in slices until the search is done: `think` again and again,
   * checking `run` between slices (and, for a bot, the pause of a watched
   * game). Resolves with the last answer, or null once `run` is cancelled.
   * The status is not marked busy meanwhile: the player may still act (a
   * hint is no reason to wait), and screen readers hear at once that a bot
   * is thinking. */
  async function think(args, run, { onProgress, held = () => false }) {
    for (;;) {
      while (held() && !run.cancelled) await sleep(40);
      if (run.cancelled) return null;
      const answer = await call('think', { ...args, ms: SLICE_MS });
      if (run.cancelled) return null;
      onProgress(progressOf(answer));
      if (answer.done) return answer;
    }
  }

  // -- the status line and the thinking indicator ----------------------------------

  function setStatus(state, text, { toMove = [], thinking = false, seat = null } = {}) {
    status.dataset.state = state;
    status.dataset.toMove = toMove.join(',');
    status.classList.toggle('thinking', thinking);
    const parts = [];
    if (seat !== null && seat !== undefined) parts.push(token(seat, 18));
    parts.push(h('span', { class: 'status-text' }, text));
    if (thinking) parts.push(meter(t('status.thinking_progress')));
    status.replaceChildren(...parts);
    if (thinking && session) showProgress(status, session.progress);
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
    if (!session || !session.snapshot) {
      undoButton.disabled = true;
      hintButton.disabled = true;
      hintButton.setAttribute('aria-pressed', 'false');
      return;
    }
    const snap = session.snapshot;
    undoButton.disabled = Boolean(busy) || !snap.can_undo || !isInteractive(snap);
    const hinting = Boolean(session.hint);
    hintButton.hidden = session.watching;
    hintButton.disabled = !hinting && !canHint();
    hintButton.setAttribute('aria-pressed', String(hinting));
  }

  function isInteractive(snap) {
    return (
      !snap.over &&
      snap.viewer !== null &&
      snap.viewer !== undefined &&
      snap.to_move.includes(snap.viewer) &&
      isHuman(session.seats[snap.viewer]) &&
      snap.legal.length > 0
    );
  }

  // -- drawing a snapshot -----------------------------------------------------------

  function draw(snap, { interactive = isInteractive(snap) } = {}) {
    const list = names();
    const viewer = snap.viewer;
    const seen = session.seen[viewer ?? 'spectator'] ?? 0;
    const fresh = snap.log.filter((entry) => entry.n > seen && entry.player !== viewer);
    // What the others did since the viewer's latest move stays marked, on the
    // board and in the log, until the viewer moves: the public events say what
    // it was.
    const marked = sinceViewer(snap.log, viewer);
    session.renderer.render(snap, { names: list, interactive, lastMove: marked.flatMap((entry) => entry.events) });
    renderLog($('log'), snap.log, {
      names: list,
      format: session.renderer.logParams,
      freshAfter: fresh.length ? Math.min(...fresh.map((e) => e.n)) - 1 : Infinity,
      markFrom: marked.length ? marked[0].n : Infinity,
    });
    if (fresh.length) {
      session.renderer.flashEvents(fresh.flatMap((entry) => entry.events), 1500);
      announce(fresh.slice(-3), list);
    }
    session.seen[viewer ?? 'spectator'] = snap.log.length ? snap.log[snap.log.length - 1].n : 0;
    describeStatus(snap);
    renderWatchBar();
    updateTools();
  }

  /** Tell screen readers, politely, what the others just did. */
  function announce(entries, list) {
    const text = entries
      .flatMap((entry) => entry.events)
      .filter((event) => event.player !== undefined && event.player !== null)
      .map((event) => eventText(event, session.renderer.logParams, list))
      .join(' ');
    $('announce').textContent = text;
  }

  /** Who acts next among the players to move (several when choices are
   * simultaneous and secret): the human whose view is on screen, else another
   * human (behind the pass-the-device screen), else a bot. */
  function actorOf(snap) {
    const toMove = snap.to_move;
    if (toMove.includes(session.viewer) && isHuman(session.seats[session.viewer])) return session.viewer;
    const human = toMove.find((seat) => isHuman(session.seats[seat]));
    return human !== undefined ? human : toMove[0];
  }

  function describeStatus(snap) {
    const list = names();
    if (snap.over) {
      const winners = (snap.result && snap.result.winners) || [];
      const text =
        winners.length === 1 ? t('status.over_winner', { player: list[winners[0]] }) : t('status.over_draw');
      setStatus('over', text, { seat: winners.length === 1 ? winners[0] : null });
      return;
    }
    const seat = actorOf(snap);
    if (seat === undefined) {
      setStatus('playing', '', {});
      return;
    }
    if (!isHuman(session.seats[seat])) {
      if (session.paused) {
        setStatus('playing', t('status.paused', { player: list[seat] }), { toMove: snap.to_move, seat });
        return;
      }
      setStatus('playing', t('status.thinking', { player: list[seat] }), { toMove: snap.to_move, thinking: true, seat });
      return;
    }
    if (seat === snap.viewer) {
      const text = humans().length > 1 ? t('status.your_turn_named', { player: list[seat] }) : t('status.your_turn');
      setStatus('playing', text, { toMove: snap.to_move, seat });
      return;
    }
    setStatus('playing', t('status.waiting', { player: list[seat] }), { toMove: snap.to_move, seat });
  }

  // -- the loop ----------------------------------------------------------------------

  /** Show a snapshot, save it, and let whoever must act next act. */
  async function show(snap) {
    if (!session) return;
    dropHint();
    session.snapshot = snap;
    session.progress = null;
    draw(snap);
    await autosave(snap);
    if (session === null) return;
    const mine = session;
    if (snap.over) {
      // A finished game is no longer in progress.
      if (session.saveId) store.forgetGame(session.saveId);
      await settled(true);
      if (session !== mine || session.snapshot !== snap) return;
      finish(snap);
      return;
    }
    await settled(false);
    if (session !== mine || session.snapshot !== snap) return;
    await next(snap);
  }

  /** Let the renderer finish what it plays out of the latest moves (an
   * eruption, step by step) before the result shows or the next player acts;
   * bots that play instantly do not wait for it. */
  async function settled(always) {
    const renderer = session.renderer;
    if (!renderer.settled || (!always && pace() === 'instant')) return;
    await renderer.settled();
  }

  async function next(snap) {
    const mine = session;
    const seat = actorOf(snap);
    if (seat === undefined) return;
    if (!isHuman(session.seats[seat])) {
      if (snap.private && humans().length > 1 && session.viewer !== null && !snap.to_move.includes(session.viewer)) {
        // Several people share the device: while the bots play, nobody's
        // hand stays on the screen.
        session.viewer = null;
        try {
          const hidden = await request('snapshot', { viewer: null });
          if (session !== mine) return;
          await show(hidden);
        } catch (error) {
          toast(errorText(error), 'error');
        }
        return;
      }
      await botTurn(seat);
      return;
    }
    session.lastActor = seat;
    if (seat === snap.viewer) return;
    // Another human's turn: in hot-seat, hide everything until they take the
    // device (unless the game keeps nothing private: then the device passes).
    const list = names();
    if (snap.private && humans().length > 1) {
      draw(snap, { interactive: false });
      mine.privacy = true;
      updateTools();
      await privacyScreen({ name: list[seat], mark: token(seat, 72) });
      mine.privacy = false;
      if (session !== mine) return;
    }
    session.viewer = seat;
    try {
      const fresh = await request('snapshot', { viewer: seat });
      if (session !== mine) return;
      await show(fresh);
    } catch (error) {
      toast(errorText(error), 'error');
    }
  }

  /** A bot's move: think in slices (the indicator follows), wait out what is
   * left of the pause, then play what the search found. */
  async function botTurn(seat) {
    const mine = session;
    const run = mine.run;
    const started = performance.now();
    const continuing = mine.lastActor === seat;
    const wait = () => {
      const [first, later] = PACES[pace()] || PACES.calm;
      return continuing ? later : first;
    };
    const held = () => mine.paused;
    let after;
    try {
      const answer = await think({ seat }, run, {
        held,
        onProgress: (progress) => {
          mine.progress = progress;
          showProgress(status, progress);
        },
      });
      if (!answer) return;
      // The pace can change, and the game be paused, while we wait.
      while (!run.cancelled && (held() || performance.now() - started < wait())) await sleep(40);
      if (run.cancelled) return;
      after = await request('bot_move', { seat, viewer: mine.viewer });
    } catch (error) {
      if (!run.cancelled) toast(errorText(error), 'error');
      return;
    }
    if (run.cancelled || session !== mine) return;
    mine.lastActor = seat;
    await show(after);
  }

  /** Stop the bot's search of the session; what comes next starts a new run. */
  function cancelRun(which) {
    which.run.cancelled = true;
    which.run = newRun();
  }

  let savedAt = -1;
  /** Save the game in its own entry of the saved games (a first move gives
   * a new game its entry; a game resumed keeps the one it came from). */
  async function autosave(snap) {
    const moves = snap.log.length;
    // A game of bots only is watched, not played: it is never saved.
    if (snap.over || moves === savedAt || session.watching) return;
    if (!moves && !session.saveId) return;
    const mine = session;
    let record;
    try {
      record = await request('save', {});
    } catch {
      return; /* an unsaved move is not worth interrupting the game */
    }
    if (session !== mine) return;
    const id = store.saveGame(session.saveId, record, session.typedNames);
    if (id) {
      session.saveId = id;
      savedAt = moves;
    } else if (!session.saveRefused) {
      // Said once a game: the browser's storage is full or disabled.
      session.saveRefused = true;
      toast(t('game.save_failed'), 'error');
    }
  }

  function finish(snap) {
    showEnd(snap, {
      names: names(),
      details: session.renderer.endDetails(snap, names()),
      onNewGame: () => onNewGame(session.setup),
      onMenu: () => exit(),
    });
  }

  // -- hints -------------------------------------------------------------------------------

  function canHint() {
    return Boolean(
      session && session.snapshot && !session.privacy && !session.hint && isInteractive(session.snapshot),
    );
  }

  /** "What would the expert play?": search in slices, then show the move on
   * the board and in words, without playing it. Asking again hides it. */
  async function toggleHint() {
    if (!session) return;
    if (session.hint) {
      dropHint();
      return;
    }
    if (!canHint()) return;
    const mine = session;
    const snap = mine.snapshot;
    const hint = { run: newRun(), move: null };
    mine.hint = hint;
    renderAdvice();
    updateTools();
    try {
      const answer = await think({ seat: snap.viewer, hint: true }, hint.run, {
        onProgress: (progress) => showProgress(advice, progress),
      });
      if (!answer || mine.hint !== hint) return;
      hint.move = answer.move;
      mine.renderer.suggest?.(answer.move);
      renderAdvice();
    } catch (error) {
      if (hint.run.cancelled || mine.hint !== hint) return;
      toast(errorText(error), 'error');
      dropHint();
    }
  }

  /** Forget the hint: stop its search, take its marks off. */
  function dropHint() {
    if (!session || !session.hint) return;
    session.hint.run.cancelled = true;
    const shown = session.hint.move;
    session.hint = null;
    if (shown) session.renderer.suggest?.(null);
    renderAdvice();
    updateTools();
  }

  function renderAdvice() {
    const hint = session && session.hint;
    if (!hint) {
      advice.replaceChildren();
      advice.classList.remove('open');
      return;
    }
    advice.classList.add('open');
    const close = h(
      'button',
      { type: 'button', class: 'advice-close', 'aria-label': t('hint.close'), title: t('hint.close'), onclick: () => {
          dropHint();
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
    const words = session.renderer.moveText ? session.renderer.moveText(hint.move) : hint.move.text;
    advice.replaceChildren(
      h('span', { class: 'advice-icon', 'aria-hidden': 'true' }),
      h('span', { class: 'advice-text', 'data-move': hint.move.text }, t('hint.result', { move: words })),
      close,
    );
  }

  // -- watching bots play ------------------------------------------------------------------

  /** Pause and speed, when only bots play. */
  function renderWatchBar() {
    const show = Boolean(session && session.watching);
    watchBar.hidden = !show;
    if (!show) {
      watchBar.replaceChildren();
      delete watchBar.dataset.key;
      return;
    }
    const over = Boolean(session.snapshot && session.snapshot.over);
    const paused = session.paused;
    const key = [over, paused, pace(), t('watch.pause')].join('/');
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
        disabled: over,
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
    if (keep && $(keep)) $(keep).focus({ preventScroll: true });
  }

  function togglePause() {
    if (!session || !session.watching || (session.snapshot && session.snapshot.over)) return;
    session.paused = !session.paused;
    if (session.snapshot) describeStatus(session.snapshot);
    renderWatchBar();
  }

  // -- what the player does --------------------------------------------------------------

  async function choose(text) {
    if (!session || busy) return;
    const snap = session.snapshot;
    if (!isInteractive(snap)) return;
    const seat = snap.viewer;
    dropHint();
    let after;
    try {
      after = await request('play', { seat, move: text, viewer: seat });
    } catch (error) {
      toast(errorText(error), 'error');
      draw(snap);
      return;
    }
    session.lastActor = seat;
    await show(after);
  }

  async function undo() {
    if (!session || busy || !session.snapshot.can_undo) return;
    const mine = session;
    dropHint();
    cancelRun(mine);
    const seat = mine.snapshot.viewer;
    try {
      const after = await request('undo', { seat, viewer: seat });
      if (session !== mine) return;
      mine.seen[seat] = after.log.length ? after.log[after.log.length - 1].n : 0;
      await show(after);
    } catch (error) {
      toast(errorText(error), 'error');
    }
  }

  async function download() {
    if (!session) return;
    try {
      const record = await request('save', {});
      const blob = new Blob([JSON.stringify(record, null, 1)], { type: 'application/json' });
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `archipel-${session.game}-${stamp}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
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
    dropHint();
    left.run.cancelled = true;
    session = null;
    left.renderer.destroy();
    updateTools();
  }

  /** A new session for a game; null when the player left meanwhile. */
  async function mount(gameId, seats, typedNames, setup, saveId = null) {
    const wanted = generation;
    const module = await loadRenderer(gameId);
    if (generation !== wanted) return null;
    const renderer = module.createRenderer({
      els: {
        board: $('board'),
        players: $('players'),
        round: $('round'),
        scoreline: $('scoreline'),
        hand: $('hand'),
        market: $('market'),
        actions: $('actions'),
      },
      onChoice: (text) => choose(text),
    });
    session = {
      game: gameId,
      seats,
      typedNames,
      setup,
      renderer,
      snapshot: null,
      viewer: null,
      seen: {},
      lastActor: null,
      // Nobody plays: bots only, watched.
      watching: !seats.some(isHuman),
      paused: false,
      privacy: false,
      run: newRun(),
      hint: null,
      progress: null,
      // The entry of the saved games this game is saved in (null: none yet).
      saveId,
      saveRefused: false,
    };
    savedAt = -1;
    return session;
  }

  /** The viewer at the start: the only human, or nobody yet in hot-seat (the
   * privacy screen comes first), or a spectator when only bots play. */
  function firstViewer(seats) {
    const list = seats.map((kind, seat) => (isHuman(kind) ? seat : null)).filter((s) => s !== null);
    return list.length === 1 ? list[0] : null;
  }

  async function begin(snap, { fromStart, onFirstDraw }) {
    const mine = session;
    session.viewer = firstViewer(session.seats);
    if (fromStart) session.seen = {};
    else {
      const last = snap.log.length ? snap.log[snap.log.length - 1].n : 0;
      session.seen = Object.fromEntries(session.seats.map((_, seat) => [seat, last]));
      session.seen.spectator = last;
    }
    let first = snap;
    if (snap.viewer !== session.viewer) first = await request('snapshot', { viewer: session.viewer });
    if (session !== mine) return;
    $('game-name').textContent = setupTitle(session.game);
    if (onFirstDraw) onFirstDraw();
    await show(first);
  }

  let titleOf = (id) => id;
  function setupTitle(id) {
    return titleOf(id);
  }

  async function start(config, { onFirstDraw } = {}) {
    retire();
    const { game, players, seats, seed, options, names: typed } = config;
    if (!hasRenderer(game)) throw { key: 'error.bad_setup', message: `no game ${game}`, params: { field: 'game' } };
    const mine = await mount(game, seats, typed || [], config);
    if (!mine) return;
    setStatus('loading', t('status.loading'));
    const names = seats.map((_, seat) => nameText(typed && typed[seat]));
    const snap = await request('new', { game, players, seats, seed, options: options || {}, names });
    if (session !== mine) return;
    await begin(snap, { fromStart: true, onFirstDraw });
  }

  /** Load a record (its text, or the object a saved game holds) and go on
   * with the game; `saveId` is the saved game it continues (null: a game of
   * its own from now on). */
  async function resume(record, typed, { saveId = null } = {}) {
    // Stopped before `load` is sent, so that no late move of the game being
    // left can reach the game being loaded.
    retire();
    const wanted = generation;
    const snap = await call('load', { record: recordText(record) });
    if (generation !== wanted) return;
    // The record carries the names; an autosave may also keep its own copy.
    const names = typed && typed.some(Boolean) ? typed : snap.names || [];
    const mine = await mount(snap.game, snap.seats, names, {
      game: snap.game,
      players: snap.players,
      seats: snap.seats,
      options: snap.options,
      names,
    }, saveId);
    if (!mine) return;
    await begin(snap, { fromStart: false });
  }

  function exit() {
    closeAll();
    retire();
    setStatus('loading', '');
    $('log').replaceChildren();
    $('announce').textContent = '';
    renderWatchBar();
    onExit();
  }

  function retranslate() {
    if (!session || !session.snapshot) return;
    $('game-name').textContent = setupTitle(session.game);
    draw(session.snapshot, { interactive: isInteractive(session.snapshot) && !session.privacy });
    renderAdvice();
  }

  function clearSelection() {
    if (session) session.renderer.clearSelection();
  }

  return {
    start,
    resume,
    exit,
    undo,
    download,
    retranslate,
    clearSelection,
    toggleHint,
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
      return Boolean(session && session.watching);
    },
    get gameId() {
      return session && session.game;
    },
  };
}
