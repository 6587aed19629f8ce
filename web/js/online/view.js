// @ts-check
// What an online table adds to the game screen, drawn from its controller
// (ctrl.js): the table's panel (panel.js, with its chat and clocks), the join
// dialog (join.js), the connection on #status and its badge, the title and
// the icon that say "your turn" in a background tab (and the system's
// notification), and the end dialog's check of the shuffle (end.js).
// `redraw(part)` is what the controller's changes call.

import { t } from '../i18n.js';
import * as notify from '../notify.js';
import { h } from '../dom.js';
import { refs } from '../refs.js';
import { createPanel } from './panel.js';
import { askName } from './join.js';
import { endExtras } from './end.js';

/** @typedef {import('./ctrl.js').OnlineCtrl} OnlineCtrl */
/** @typedef {import('./ctrl.js').OnlineRedraw} OnlineRedraw */

/**
 * The online table's view, as its part (part.js) uses it.
 * @typedef {object} OnlineView
 * @property {(part: OnlineRedraw) => void} redraw
 * @property {() => Element | null} badge            the connection on the status line, when it is not there
 * @property {(mine: boolean) => void} turnChanged
 * @property {(snap: import('../state.js').Snapshot) => Element} endExtras
 * @property {() => void} retranslate
 * @property {() => void} close
 */

/** The title and the icon say "your turn" while the tab is in the
 * background; with the player's permission the system says it too
 * (notify.js), one notification per table. @param {OnlineCtrl} ctrl */
function createTurnAlert(ctrl) {
  let alerting = false;
  const title = document.title;
  const icon = document.querySelector('link[rel="icon"]');
  const iconHref = icon ? icon.getAttribute('href') : null;

  /** @param {boolean} on */
  function set(on) {
    if (alerting === on) return;
    alerting = on;
    document.title = on ? t('online.title_your_turn', { title }) : title;
    if (icon) icon.setAttribute('href', on ? 'icons/icon-turn.svg' : String(iconHref));
    const tag = `archipel-turn-${ctrl.entry.table}`;
    if (on) {
      const game = ctrl.gameTitle;
      notify.tell({ title: t('online.notify_title', { game }), body: t('online.notify_body', { game }), tag, url: location.href }).catch(() => {});
    } else {
      notify.withdraw(tag).catch(() => {});
    }
  }
  return { set };
}

/**
 * The view of the online table `ctrl`; `redrawStatus()` draws the game's
 * status line again, `review(record)` looks back on a finished game.
 * @param {OnlineCtrl} ctrl @param {{redrawStatus: () => void, review: (record: any) => void}} hooks
 * @returns {OnlineView}
 */
export function createOnlineView(ctrl, { redrawStatus, review }) {
  const panel = createPanel(ctrl);
  const dialog = refs.joinDialog();
  const status = /** @type {HTMLElement} */ (refs.status());
  const alert = createTurnAlert(ctrl);

  function onVisible() {
    if (!document.hidden) alert.set(false);
  }
  document.addEventListener('visibilitychange', onVisible);

  function drawConnection() {
    status.dataset.connection = ctrl.connection;
    redrawStatus();
  }
  drawConnection();

  return {
    redraw(part) {
      if (part === 'table') {
        panel.render();
        askName(ctrl, dialog);
      } else if (part === 'panel') {
        panel.render();
      } else if (part === 'chat') {
        panel.chat.renderLog();
      } else if (part === 'mutes') {
        panel.chat.render();
        panel.chat.renderLog();
      } else if (part === 'unread') {
        panel.chat.renderUnread();
      } else if (part === 'chat-open') {
        panel.chat.showOpen();
      } else if (part === 'connection') {
        drawConnection();
      }
    },
    badge() {
      const kind = status.dataset.connection;
      if (!kind || kind === 'online') return null;
      return h('span', { class: `connection ${kind}` }, t(`online.connection.${kind}`));
    },
    turnChanged(mine) {
      alert.set(Boolean(mine && document.hidden));
    },
    endExtras: (snap) => endExtras(ctrl, snap, review),
    retranslate() {
      if (ctrl.state) {
        panel.render();
        panel.chat.renderLog();
        panel.chat.renderForm();
      }
      redrawStatus();
    },
    close() {
      document.removeEventListener('visibilitychange', onVisible);
      panel.close();
      alert.set(false);
      if (dialog.open) dialog.close();
      dialog.replaceChildren();
      delete status.dataset.connection;
    },
  };
}
