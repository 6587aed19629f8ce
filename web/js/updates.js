// @ts-check
// A new version of the site. The service worker answers every page from the
// build it was opened with (sw.js), and tells each page which build is the
// newest; when that is not the build this page runs, the menu offers a
// reload. Only the menu shows the offer: a player sees it between games,
// never in the middle of a move, and a reload then loses nothing (the game
// left is saved).

import * as engine from './worker-client.js';

/** Call `onNewVersion(build)` once a newer build than this page's is ready.
 * @param {(build: string) => void} onNewVersion @returns {void} */
export function watchForUpdates(onNewVersion) {
  if (!('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  let told = false;
  workers.addEventListener('message', async (event) => {
    const message = event.data;
    if (told || !message || message.type !== 'build' || typeof message.build !== 'string') return;
    try {
      await engine.ready;
    } catch {
      return; // no engine, no build to compare with
    }
    const mine = engine.build();
    if (!mine || message.build === mine || told) return;
    told = true;
    onNewVersion(message.build);
  });
  workers.startMessages();
  // The service worker answers a hello with the newest build; a new one
  // that takes over says it to every page by itself.
  const hello = () => workers.controller && workers.controller.postMessage({ type: 'hello' });
  workers.addEventListener('controllerchange', hello);
  hello();
}
