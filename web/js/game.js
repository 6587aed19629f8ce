// One game on screen: the turn loop (humans, bots, the pass-the-device
// screen), undo, save and autosave, the log, the status line and the end
// of the game. It talks to Python only through worker-client.js and draws
// only through the game's renderer.

import { call } from './worker-client.js';
import { t, has } from './i18n.js';
import { seatNames, isHuman, token } from './players.js';
import { renderLog } from './log.js';
import { privacyScreen, closeAll, toast } from './dialogs.js';
import { showEnd } from './end.js';
import { loadRenderer } from './games/index.js';
import * as store from './store.js';

const $ = (id) => document.getElementById(id);

/** Pauses before a bot acts (first action of its turn, later actions), so
 * that each move can be seen before the next. */
const PACES = {
  calm: [900, 650],
  quick: [350, 220],
  instant: [0, 0],
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

export function createGame({ onExit, onNewGame, pace }) {
  let session = null;
  let busy = 0;

  const status = $('status');
  const undoButton = $('undo-button');

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

  function setStatus(state, text, { toMove = [], thinking = false, seat = null } = {}) {
    status.dataset.state = state;
    status.dataset.toMove = toMove.join(',');
    status.classList.toggle('thinking', thinking);
    const parts = [];
    if (seat !== null && seat !== undefined) parts.push(token(seat, 18));
    const span = document.createElement('span');
    span.textContent = text;
    parts.push(span);
    status.replaceChildren(...parts);
  }

  function updateTools() {
    if (!session || !session.snapshot) {
      undoButton.disabled = true;
      return;
    }
    const snap = session.snapshot;
    undoButton.disabled = Boolean(busy) || !snap.can_undo || !isInteractive(snap);
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
    session.renderer.render(snap, { names: list, interactive });
    renderLog($('log'), snap.log, {
      names: list,
      format: session.renderer.logParams,
      freshAfter: fresh.length ? Math.min(...fresh.map((e) => e.n)) - 1 : Infinity,
    });
    if (fresh.length) session.renderer.flashEvents(fresh.flatMap((entry) => entry.events), 1500);
    session.seen[viewer ?? 'spectator'] = snap.log.length ? snap.log[snap.log.length - 1].n : 0;
    describeStatus(snap);
    updateTools();
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
    const seat = snap.to_move[0];
    if (seat === undefined) {
      setStatus('playing', '', {});
      return;
    }
    if (!isHuman(session.seats[seat])) {
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
    session.snapshot = snap;
    draw(snap);
    await autosave(snap);
    if (session === null) return;
    if (snap.over) {
      store.forgetAutosave(session.game);
      finish(snap);
      return;
    }
    await next(snap);
  }

  async function next(snap) {
    const mine = session;
    const seat = snap.to_move[0];
    if (seat === undefined) return;
    if (!isHuman(session.seats[seat])) {
      const [first, later] = PACES[pace()] || PACES.calm;
      const continuing = session.lastActor === seat;
      await sleep(continuing ? later : first);
      if (session !== mine) return;
      let after;
      try {
        after = await request('bot_move', { seat, viewer: session.viewer });
      } catch (error) {
        toast(errorText(error), 'error');
        return;
      }
      if (session !== mine) return;
      session.lastActor = seat;
      await show(after);
      return;
    }
    session.lastActor = seat;
    if (seat === snap.viewer) return;
    // Another human's turn: in hot-seat, hide everything until they take the device.
    const list = names();
    if (humans().length > 1) {
      draw(snap, { interactive: false });
      await privacyScreen({ name: list[seat], mark: token(seat, 72) });
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

  let savedAt = -1;
  async function autosave(snap) {
    const moves = snap.log.length;
    if (snap.over || moves === savedAt) return;
    const mine = session;
    try {
      const record = await request('save', {});
      if (session !== mine) return;
      store.autosave(session.game, record, session.typedNames);
      savedAt = moves;
    } catch {
      /* an unsaved move is not worth interrupting the game */
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

  // -- what the player does --------------------------------------------------------------

  async function choose(text) {
    if (!session || busy) return;
    const snap = session.snapshot;
    if (!isInteractive(snap)) return;
    const seat = snap.viewer;
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
    const seat = session.snapshot.viewer;
    try {
      const after = await request('undo', { seat, viewer: seat });
      session.seen[seat] = after.log.length ? after.log[after.log.length - 1].n : 0;
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

  async function mount(gameId, seats, typedNames, setup) {
    const module = await loadRenderer(gameId);
    if (session) session.renderer.destroy();
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

  async function begin(snap, { fromStart }) {
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
    await show(first);
  }

  let titleOf = (id) => id;
  function setupTitle(id) {
    return titleOf(id);
  }

  async function start(config) {
    const { game, players, seats, seed, options, names: typed } = config;
    await mount(game, seats, typed || [], config);
    setStatus('loading', t('status.loading'));
    const names = seats.map((_, seat) => (typed && typed[seat]) || '');
    const snap = await request('new', { game, players, seats, seed, options: options || {}, names });
    await begin(snap, { fromStart: true });
  }

  async function resume(record, typed) {
    const snap = await call('load', { record });
    // The record carries the names; an autosave may also keep its own copy.
    const names = typed && typed.some(Boolean) ? typed : snap.names || [];
    await mount(snap.game, snap.seats, names, {
      game: snap.game,
      players: snap.players,
      seats: snap.seats,
      options: snap.options,
      names,
    });
    await begin(snap, { fromStart: false });
  }

  function exit() {
    closeAll();
    const left = session;
    session = null;
    if (left) left.renderer.destroy();
    setStatus('loading', '');
    $('log').replaceChildren();
    onExit();
  }

  function retranslate() {
    if (!session || !session.snapshot) return;
    $('game-name').textContent = setupTitle(session.game);
    draw(session.snapshot);
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
    setTitles(fn) {
      titleOf = fn;
    },
    get active() {
      return Boolean(session);
    },
    get gameId() {
      return session && session.game;
    },
  };
}
