// @ts-check
// An online table as a part of the game on screen (game/parts.js): its
// controller (ctrl.js) and view (view.js) made with the page's modules, and
// the table listened to (remote.js's `subscribe`).

import { signedInName } from '../account/api.js';
import { t } from '../i18n.js';
import { seatNames } from '../players.js';
import { toast } from '../dialogs.js';
import * as store from '../store.js';
import { refs } from '../refs.js';
import { eventText } from '../log.js';
import { playable } from '../game/ctrl.js';
import { OnlineCtrl } from './ctrl.js';
import { createOnlineView } from './view.js';

/**
 * An online table as a part of the game on screen (game/parts.js): the
 * table's names, its waiting seats in the status line, the connection's
 * badge, the moves taken back in the log, the server keeping the game, the
 * rematch and the check of the shuffle at the end. It listens to the table
 * itself (remote.js's `subscribe`): its states go to the turn controller.
 * `remote` the table (remote.js); `entry` what this browser keeps of it
 * (store.js: its tokens, the invitations it made); `site` and `own` the
 * site's address and its default table server (links leave the server out
 * when it is that one); `verifyRecord(args)` the engine's `verify` command
 * (pygame_core/fairness.py); `rememberName(name)` keeps the name a person
 * sat down with for the next time (the menu's set-up).
 * @param {{remote: any, entry: any, site?: string, own?: string, ctrl: import('../game/ctrl.js').GameCtrl, session: any,
 *   verifyRecord: (args: any) => Promise<any>, rememberName: (name: string) => void}} options
 * @returns {import('../game/parts.js').GamePart}
 */
export function onlinePart({ remote, entry, site, own, ctrl, session, verifyRecord, rememberName }) {
  const live = () => ctrl.session === session;
  /** @type {import('./ctrl.js').OnlineTable} */
  const table = remote;
  const first = table.state;
  /** @type {import('./view.js').OnlineView | null} */
  let view = null;
  const online = new OnlineCtrl({
    remote: table,
    entry,
    site,
    own,
    names: () => ctrl.names(),
    eventsText: (events, list) => events.map((event) => eventText(event, session.renderer.logParams, list)).join(' '),
    verifyRecord,
    rememberName,
    // Signed in, a seat is taken under the account's name (the server says so too).
    savedName: () => signedInName() || (/** @type {Partial<import('../state.js').Setup>} */ (store.savedSetup())).names?.[0] || '',
    saveTable: (fields) => store.saveOnlineTable(fields),
    toast,
    redraw: (part) => view?.redraw(part),
    titleOf: (id) => ctrl.titleOf(id),
  });
  const drawn = createOnlineView(online, {
    redrawStatus: () => {
      if (live()) ctrl.deps.redraw();
    },
    review: (record) => ctrl.startReview(record, [], { viewer: first.seat }),
  });
  view = drawn;
  const stop = table.subscribe({
    state(state) {
      if (!live()) return;
      if (state.cause && state.cause.kind === 'rematch') {
        const dialog = refs.endDialog();
        if (dialog.open) dialog.close();
      }
      // A seat a bot took (the creator started with bots; a time ran out):
      // the session's seats are the turn controller's too.
      const kinds = state.snapshot.seats;
      if (Array.isArray(kinds) && kinds.some((kind, each) => kind !== session.seats[each])) session.seats.splice(0, session.seats.length, ...kinds);
      online.show(state);
      session.turns.update(playable(state));
    },
    chat: (entries, all) => live() && online.heard(entries, all),
    connection: (kind) => live() && online.setConnection(kind),
    presence: (table) => live() && online.presence(table),
  });
  return {
    remote: true,
    names: (seats) => seatNames(seats, table.state.snapshot.names),
    statusText: (facts) => online.statusText(facts),
    badge: () => drawn.badge(),
    turnChanged: (mine) => drawn.turnChanged(mine),
    logNotes: (list) => online.undoNotes(list),
    // The table server keeps the game: the menu's list of tables only learns it was used.
    autosave() {
      online.used();
      return true;
    },
    // Online, the record comes with the check of the shuffle.
    finish: (end, snap) => ({
      ...end,
      extra: drawn.endExtras(snap),
      onReview: null,
      onNewGame: () => online.rematch(),
      newGameLabel: online.canRematch ? t('online.rematch') : null,
    }),
    tools: (tools) => ({ ...tools, save: { hidden: true } }),
    show: (state) => online.show(state),
    tokenChanged: (moved) => online.tokenChanged(moved),
    retranslate: () => drawn.retranslate(),
    close() {
      stop();
      drawn.close();
    },
  };
}
