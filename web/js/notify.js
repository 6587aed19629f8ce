// @ts-check
// "Your turn" as a system notification, for a player of an online table whose
// tab is in the background. Asked for once, with the player's permission
// (the browser's Notification API); shown through the service worker when
// one runs (so that a click brings the tab back, see sw.js), else by the page.
// A tab of the site must be open, even in the background: telling a closed
// browser would need Web Push (docs/online.md says why it is not offered).

const SETTING = 'archipel.v1.notify';

/** Whether this browser can show notifications at all. @returns {boolean} */
export const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Whether the player asked to be told, and the browser allows it. @returns {boolean} */
export function enabled() {
  if (!supported() || Notification.permission !== 'granted') return false;
  try {
    return localStorage.getItem(SETTING) === 'on';
  } catch {
    return false;
  }
}

/** Ask the browser's permission and keep the player's choice: true when the
 * notifications are on.
 * @returns {Promise<boolean>} */
export async function turnOn() {
  if (!supported()) return false;
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  const on = permission === 'granted';
  try {
    if (on) localStorage.setItem(SETTING, 'on');
  } catch {
    /* storage refused: on for this page only */
  }
  return on;
}

/** The player no longer wants to be told. @returns {void} */
export function turnOff() {
  try {
    localStorage.removeItem(SETTING);
  } catch {
    /* nothing kept */
  }
}

/** The service worker's registration, when one controls this page.
 * @returns {Promise<ServiceWorkerRegistration | null | undefined>} */
async function registration() {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return null;
  try {
    return await navigator.serviceWorker.getRegistration();
  } catch {
    return null;
  }
}

/** Tell the player (`title`, `body`); `tag` replaces an earlier one of the
 * same table, `url` is the tab a click brings back.
 * @param {{title: string, body: string, tag: string, url: string}} note @returns {Promise<void>} */
export async function tell({ title, body, tag, url }) {
  if (!enabled()) return;
  const options = { body, tag, icon: new URL('icons/icon-turn.svg', document.baseURI).href, data: { url } };
  const worker = await registration();
  if (worker) {
    await worker.showNotification(title, options);
    return;
  }
  const note = new Notification(title, options);
  note.onclick = () => {
    window.focus();
    note.close();
  };
  shown.set(tag, note);
}

// The notifications the page showed itself, by tag (to take them back).
/** @type {Map<string, Notification>} */
const shown = new Map();

/** The turn is over, or the player is back: the notification goes.
 * @param {string} tag @returns {Promise<void>} */
export async function withdraw(tag) {
  const own = shown.get(tag);
  if (own) {
    own.close();
    shown.delete(tag);
  }
  const worker = await registration();
  if (!worker) return;
  for (const note of await worker.getNotifications({ tag })) note.close();
}
