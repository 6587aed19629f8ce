// @ts-check
// The turn controller: whose turn it is, who acts, and when. It knows no
// DOM and no transport: it plays through a table (table-local.js, the engine
// in the worker; remote.js, a table server) and shows through a view (game.js
// draws it). Local and online play share it.
//
// A table answers:
//   start(setup) / load(recordText) → snapshot     (local tables)
//   snapshot(viewer), play(seat, move, viewer), undo(seat, viewer)
//                     → the snapshot after, or null when the new state comes
//                       through `onState` instead (a table server)
//   think(args), botMove(seat, viewer), save()      (when `botsHere`)
// and says `botsHere` (the page plays its bots: the local worker) and
// `sharedDevice` (people pass the device: hot-seat, with a privacy screen).
//
// The view is told:
//   draw(snap, {interactive, marked, fresh, news})   the board, the log, the marks (fresh: the others' new entries; news: all)
//   status({state, kind, seat, toMove, winners})
//   progress(fraction | null), busy(flag), tools()
//   privacy(seat) → promise (the pass-the-device screen)
//   error(error), finish(snap), settled(always) → promise
//   autosave(snap) → promise, advice(hint), suggest(move | null), watchBar()

import { PACES, DEFAULT_PACE } from './state.js';

/** How long one `think` request searches: short enough that a new game, an
 * undo or a pause is served at once, long enough that the messages cost
 * little next to the search. */
export const SLICE_MS = 60;

const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A cancellation token. Work that belongs to a run checks `cancelled`
 * after every await and sends nothing more once it is set. */
const newRun = () => ({ cancelled: false });

export const isHuman = (kind) => kind === 'h';

/** How far a search has gone, from a `think` answer: 0 to 1, or null when
 * the bot has no budget to measure (levels that answer at once). */
export function progressOf(answer) {
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
export function latestTurn(log) {
  if (!log.length) return [];
  const player = log[log.length - 1].player;
  let start = log.length - 1;
  while (start > 0 && log[start - 1].player === player) start -= 1;
  return log.slice(start);
}

/** What the others did since the viewer's own latest move (with two
 * players, the other's latest turn; with more, every turn played since).
 * A spectator sees the latest turn. */
export function sinceViewer(log, viewer) {
  if (viewer === null || viewer === undefined) return latestTurn(log);
  let start = log.length;
  while (start > 0 && log[start - 1].player !== viewer) start -= 1;
  return log.slice(start);
}

const lastNumber = (log) => (log.length ? log[log.length - 1].n : 0);

/**
 * One game on screen. `seats` are the seats' kinds ("h", "bot2"); `viewer`
 * the seat whose view is shown first (null: nobody yet, or a spectator);
 * `pace()` the bots' pace (local bots only); `autoHint()` true asks for the
 * expert's suggestion at each of the viewer's turns.
 */
export function createTurns({ table, view, seats, viewer = null, pace = () => DEFAULT_PACE, autoHint = () => false, sleep = defaultSleep, now = () => performance.now() }) {
  const game = {
    snapshot: null,
    viewer,
    seen: {},
    lastActor: null,
    // Nobody plays: bots only, watched (a local game).
    watching: table.botsHere && !seats.some(isHuman),
    paused: false,
    privacy: false,
    run: newRun(),
    hint: null,
    progress: null,
    retired: false,
  };
  let busy = 0;
  // Several people share this device: hot-seat.
  const humans = () => seats.map((kind, seat) => (isHuman(kind) ? seat : null)).filter((s) => s !== null);
  const shared = () => table.sharedDevice && humans().length > 1;

  function setBusy(delta) {
    busy = Math.max(0, busy + delta);
    view.busy(Boolean(busy));
    view.tools();
  }

  async function request(work) {
    setBusy(1);
    try {
      return await work();
    } finally {
      setBusy(-1);
    }
  }

  /** Search in slices until the search is done: `think` again and again,
   * checking `run` between slices (and, for a bot, the pause of a watched
   * game). Resolves with the last answer, or null once `run` is cancelled. */
  async function think(args, run, { onProgress, held = () => false }) {
    for (;;) {
      while (held() && !run.cancelled) await sleep(40);
      if (run.cancelled) return null;
      const answer = await table.think({ ...args, ms: SLICE_MS });
      if (run.cancelled) return null;
      onProgress(progressOf(answer));
      if (answer.done) return answer;
    }
  }

  function isInteractive(snap) {
    return Boolean(
      snap &&
        !snap.over &&
        snap.viewer !== null &&
        snap.viewer !== undefined &&
        snap.to_move.includes(snap.viewer) &&
        isHuman(seats[snap.viewer]) &&
        snap.legal.length > 0,
    );
  }

  /** Who acts next among the players to move (several when choices are
   * simultaneous and secret): the human whose view is on screen, else another
   * human (behind the pass-the-device screen), else a bot. */
  function actorOf(snap) {
    const toMove = snap.to_move;
    if (toMove.includes(game.viewer) && isHuman(seats[game.viewer])) return game.viewer;
    const human = toMove.find((seat) => isHuman(seats[seat]));
    return human !== undefined ? human : toMove[0];
  }

  // -- drawing ------------------------------------------------------------------------

  function draw(snap, { interactive = isInteractive(snap) && !game.privacy } = {}) {
    const key = snap.viewer ?? 'spectator';
    const seen = game.seen[key] ?? 0;
    const news = snap.log.filter((entry) => entry.n > seen);
    const fresh = news.filter((entry) => entry.player !== snap.viewer);
    // What the others did since the viewer's latest move stays marked, on the
    // board and in the log, until the viewer moves.
    const marked = sinceViewer(snap.log, snap.viewer);
    view.draw(snap, { interactive, marked, fresh, news });
    game.seen[key] = lastNumber(snap.log);
    describe(snap);
    view.watchBar();
    view.tools();
  }

  /** The status line's facts: the view puts them in words. */
  function describe(snap) {
    if (snap.over) {
      const winners = (snap.result && snap.result.winners) || [];
      view.status({ state: 'over', kind: 'over', winners, seat: winners.length === 1 ? winners[0] : null, toMove: [] });
      return;
    }
    const seat = actorOf(snap);
    const toMove = snap.to_move;
    if (seat === undefined) {
      view.status({ state: 'playing', kind: 'none', seat: null, toMove: [] });
      return;
    }
    let kind;
    if (!isHuman(seats[seat])) kind = table.botsHere && game.paused ? 'paused' : 'thinking';
    else if (seat === snap.viewer) kind = 'your_turn';
    else kind = 'waiting';
    view.status({ state: 'playing', kind, seat, toMove, named: shared() });
    if (kind === 'thinking' && table.botsHere) view.progress(game.progress);
  }

  // -- the loop ---------------------------------------------------------------------------

  /** Show a snapshot, save it, and let whoever must act next act. */
  async function show(snap) {
    if (game.retired) return;
    dropHint();
    game.snapshot = snap;
    game.progress = null;
    draw(snap);
    await view.autosave(snap);
    if (game.retired || game.snapshot !== snap) return;
    if (snap.over) {
      await view.settled(true);
      if (game.retired || game.snapshot !== snap) return;
      view.finish(snap);
      return;
    }
    await view.settled(false);
    if (game.retired || game.snapshot !== snap) return;
    await next(snap);
  }

  async function next(snap) {
    const seat = actorOf(snap);
    if (seat === undefined) return;
    if (!isHuman(seats[seat])) {
      // A table server plays its own bots: their moves come as new states.
      if (!table.botsHere) return;
      if (snap.private && shared() && game.viewer !== null && !snap.to_move.includes(game.viewer)) {
        // Several people share the device: while the bots play, nobody's
        // hand stays on the screen.
        game.viewer = null;
        await refresh(null);
        return;
      }
      await botTurn(seat);
      return;
    }
    game.lastActor = seat;
    if (seat === snap.viewer) {
      // Suggestions on (a lesson's short game): the expert's move comes by itself.
      if (autoHint() && canHint()) toggleHint();
      return;
    }
    if (!table.sharedDevice) return;
    // Another human's turn: in hot-seat, hide everything until they take the
    // device (unless the game keeps nothing private: then the device passes).
    if (snap.private && shared()) {
      draw(snap, { interactive: false });
      game.privacy = true;
      view.tools();
      await view.privacy(seat);
      game.privacy = false;
      if (game.retired) return;
    }
    game.viewer = seat;
    await refresh(seat);
  }

  async function refresh(viewerSeat) {
    try {
      const fresh = await request(() => table.snapshot(viewerSeat));
      if (game.retired) return;
      await show(fresh);
    } catch (error) {
      if (!game.retired) view.error(error);
    }
  }

  /** A bot's move: think in slices (the indicator follows), wait out what is
   * left of the pause, then play what the search found. */
  async function botTurn(seat) {
    const run = game.run;
    const started = now();
    const continuing = game.lastActor === seat;
    const wait = () => {
      const [first, later] = PACES[pace()] || PACES[DEFAULT_PACE];
      return continuing ? later : first;
    };
    const held = () => game.paused;
    let after;
    try {
      const answer = await think({ seat }, run, {
        held,
        onProgress: (progress) => {
          game.progress = progress;
          view.progress(progress);
        },
      });
      if (!answer) return;
      // The pace can change, and the game be paused, while we wait.
      while (!run.cancelled && (held() || now() - started < wait())) await sleep(40);
      if (run.cancelled) return;
      after = await request(() => table.botMove(seat, game.viewer));
    } catch (error) {
      if (!run.cancelled) view.error(error);
      return;
    }
    if (run.cancelled || game.retired) return;
    game.lastActor = seat;
    await show(after);
  }

  function cancelRun() {
    game.run.cancelled = true;
    game.run = newRun();
  }

  // -- hints ------------------------------------------------------------------------------

  function canHint() {
    return Boolean(table.botsHere && game.snapshot && !game.privacy && !game.hint && isInteractive(game.snapshot));
  }

  /** "What would the expert play?": search in slices, then show the move
   * without playing it. Asking again hides it. */
  async function toggleHint() {
    if (game.retired) return;
    if (game.hint) {
      dropHint();
      return;
    }
    if (!canHint()) return;
    const snap = game.snapshot;
    const hint = { run: newRun(), move: null, why: [] };
    game.hint = hint;
    view.advice(hint);
    view.tools();
    try {
      const answer = await think({ seat: snap.viewer, hint: true }, hint.run, {
        onProgress: (progress) => view.advice(hint, progress),
      });
      if (!answer || game.hint !== hint) return;
      hint.move = answer.move;
      hint.why = answer.why || [];
      view.suggest(answer.move);
      view.advice(hint);
    } catch (error) {
      if (hint.run.cancelled || game.hint !== hint) return;
      view.error(error);
      dropHint();
    }
  }

  function dropHint() {
    if (!game.hint) return;
    game.hint.run.cancelled = true;
    const shown = game.hint.move;
    game.hint = null;
    if (shown) view.suggest(null);
    view.advice(null);
    view.tools();
  }

  // -- what the player does -------------------------------------------------------------

  async function choose(text) {
    if (game.retired || busy) return;
    const snap = game.snapshot;
    if (!isInteractive(snap) || game.privacy) return;
    const seat = snap.viewer;
    dropHint();
    let after;
    try {
      after = await request(() => table.play(seat, text, seat));
    } catch (error) {
      if (game.retired) return;
      view.error(error);
      if (game.snapshot === snap) draw(snap);
      return;
    }
    if (game.retired) return;
    game.lastActor = seat;
    if (after) await show(after);
  }

  async function undo() {
    if (game.retired || busy || !game.snapshot || !game.snapshot.can_undo) return;
    dropHint();
    cancelRun();
    const seat = game.snapshot.viewer;
    try {
      const after = await request(() => table.undo(seat, seat));
      if (game.retired || !after) return;
      game.seen[seat] = lastNumber(after.log);
      await show(after);
    } catch (error) {
      if (!game.retired) view.error(error);
    }
  }

  /** A new state from the table itself (a table server: another seat
   * moved, a bot played, the connection came back). */
  async function update(snap) {
    if (game.retired) return;
    if (game.snapshot && snap.log.length < game.snapshot.log.length) {
      // An undo, or a new game: what is gone is no news, what comes next is.
      for (const key of Object.keys(game.seen)) game.seen[key] = Math.min(game.seen[key], lastNumber(snap.log));
    }
    await show(snap);
  }

  /** The first snapshot of a game: from its start (nothing seen yet) or
   * resumed (everything so far already seen). */
  async function begin(snap, { fromStart, onFirstDraw }) {
    if (fromStart) game.seen = {};
    else {
      const last = lastNumber(snap.log);
      game.seen = Object.fromEntries(seats.map((_, seat) => [seat, last]));
      game.seen.spectator = last;
    }
    let first = snap;
    if (table.botsHere && snap.viewer !== game.viewer) first = await request(() => table.snapshot(game.viewer));
    if (game.retired) return;
    if (onFirstDraw) onFirstDraw();
    await show(first);
  }

  function togglePause() {
    if (!game.watching || (game.snapshot && game.snapshot.over)) return;
    game.paused = !game.paused;
    if (game.snapshot) describe(game.snapshot);
    view.watchBar();
  }

  /** Leave the game at once: nothing it started may act any more. */
  function retire() {
    if (game.retired) return;
    dropHint();
    game.run.cancelled = true;
    game.retired = true;
  }

  return {
    begin,
    update,
    choose,
    undo,
    toggleHint,
    dropHint,
    togglePause,
    retire,
    redraw() {
      if (game.snapshot) draw(game.snapshot);
    },
    canHint,
    isInteractive: () => isInteractive(game.snapshot) && !game.privacy,
    get busy() {
      return Boolean(busy);
    },
    get snapshot() {
      return game.snapshot;
    },
    get watching() {
      return game.watching;
    },
    get paused() {
      return game.paused;
    },
    get hint() {
      return game.hint;
    },
    get progress() {
      return game.progress;
    },
    get privacy() {
      return game.privacy;
    },
  };
}
