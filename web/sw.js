// Service worker: the whole site, Pyodide and the rules wheel included, is
// cached on the first visit so that every later visit works offline.
//
// build.py replaces the next line with the hash of dist/build.json. A changed
// site therefore changes this script byte for byte, which is what makes the
// browser install the new worker (and precache the new build).
const BUILD_HASH = 'unbuilt';
const CACHE_PREFIX = 'archipel-';
const CACHE_NAME = CACHE_PREFIX + BUILD_HASH;
//
// Updates. Each build is cached whole, in a cache named after its hash, and
// a page keeps the build it was opened with to the end: every request of a
// page, and of the workers it starts, is answered from that page's build.
// A new build takes over as soon as it is cached, but only for the pages
// opened after it: a page already open goes on with its own files (its
// renderers, its engine), however long it stays open, and is told that a
// new version is ready (it offers a reload at a quiet moment). A build's
// cache is deleted once no page of it is open.
//
// Which build each page (client) runs is kept in a cache of its own, so that
// it outlives this worker being stopped and started again, or replaced.
const CLIENTS_CACHE = 'archipel.clients';
// A client this recent may not be listed yet by clients.matchAll() (a page
// still being opened): its build is kept meanwhile.
const YOUNG_MS = 60_000;

// Every URL is resolved against the scope, so the site works under any
// sub-path (GitHub Pages serves it under /<repo>/).
const scoped = (path) => new URL(path, self.registration.scope).href;
const clientKey = (id) => scoped(`__clients/${encodeURIComponent(id)}`);

self.addEventListener('install', (event) => {
  // Taking over at once is safe: the pages already open keep their build.
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

async function precache() {
  // build.json is read anew (`no-cache`: the browser asks the server).
  const response = await fetch(scoped('build.json'), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`build.json: HTTP ${response.status}`);
  const manifest = await response.clone().json();
  if (manifest.hash !== BUILD_HASH) {
    // A deploy in progress: sw.js and build.json come from different builds.
    // Failing the install makes the browser try again on a later visit.
    throw new Error(`build.json is build ${manifest.hash}, sw.js is ${BUILD_HASH}`);
  }
  const cache = await caches.open(CACHE_NAME);
  // The page registers this worker once its first board is up, so the files
  // are in the browser's HTTP cache by now: `no-cache` asks the server
  // whether they changed (a 304 costs no download) instead of fetching the
  // whole site again, and keeps the code V8 compiled from them. Each file
  // must be the very one build.json lists (its hash, `integrity`): a file
  // of another build fails the install, which the browser tries again later.
  const requests = manifest.files
    .filter((path) => path !== 'build.json')
    .map((path) => new Request(scoped(path), { cache: 'no-cache', integrity: manifest.integrity[path] }));
  // addAll is atomic: either every file is cached or the install fails.
  await cache.addAll(requests);
  await cache.put(scoped('build.json'), response);
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await forgetUnusedBuilds();
      // Take over the page of the first visit too, so that it (and a reload
      // made without network) is served from the cache.
      await self.clients.claim();
      await announce();
    })(),
  );
});

// -- which build each page runs --------------------------------------------------------

const builds = new Map(); // client id -> build hash, as far as this worker has seen

async function remember(clientId, build) {
  if (!clientId) return;
  builds.set(clientId, build);
  const store = await caches.open(CLIENTS_CACHE);
  await store.put(clientKey(clientId), new Response(JSON.stringify({ build, at: Date.now() })));
}

/** The build of a page or worker: the one it was opened with; a client of
 * unknown build (the page of a first visit, not yet controlled when it
 * loaded) runs the newest, which is what it was loaded with. */
async function buildOf(clientId) {
  if (!clientId) return BUILD_HASH;
  if (builds.has(clientId)) return builds.get(clientId);
  const stored = await caches.match(clientKey(clientId), { cacheName: CLIENTS_CACHE });
  const entry = stored ? await stored.json().catch(() => null) : null;
  const build = entry && typeof entry.build === 'string' ? entry.build : BUILD_HASH;
  builds.set(clientId, build);
  return build;
}

/** Forget the clients that are gone, and delete the cache of every build
 * that no open page runs any more (never the newest). */
async function forgetUnusedBuilds() {
  const open = new Set((await self.clients.matchAll({ type: 'all', includeUncontrolled: true })).map((c) => c.id));
  const store = await caches.open(CLIENTS_CACHE);
  const used = new Set([CACHE_NAME]);
  for (const request of await store.keys()) {
    const id = decodeURIComponent(request.url.slice(clientKey('').length));
    const response = await store.match(request);
    const entry = response ? await response.json().catch(() => null) : null;
    if (entry && typeof entry.build === 'string' && (open.has(id) || Date.now() - entry.at < YOUNG_MS)) {
      used.add(CACHE_PREFIX + entry.build);
    } else {
      builds.delete(id);
      await store.delete(request);
    }
  }
  const names = await caches.keys();
  const unused = names.filter((name) => name.startsWith(CACHE_PREFIX) && !used.has(name));
  for (const name of unused) opened.delete(name);
  await Promise.all(unused.map((name) => caches.delete(name)));
}

/** Tell the open pages which build is the newest (each compares it with its
 * own, and offers a reload when they differ). */
async function announce(only) {
  const pages = only ? [only] : await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage({ type: 'build', build: BUILD_HASH });
}

// A page that has started says hello: it learns the newest build, and what
// the pages closed meanwhile leave behind is cleaned up.
self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== 'hello' || !event.source) return;
  event.waitUntil(Promise.all([announce(event.source), forgetUnusedBuilds()]));
});

// A "your turn" notification clicked (web/js/notify.js): the tab of that
// table comes to the front, or opens again if it was closed.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || self.registration.scope;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
      const page = pages.find((each) => each.url === url) || pages.find((each) => each.url.startsWith(self.registration.scope));
      return page ? page.focus() : self.clients.openWindow(url);
    }),
  );
});

// -- answering requests ----------------------------------------------------------------

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(answer(event));
});

async function answer(event) {
  const request = event.request;
  let build;
  if (request.mode === 'navigate') {
    // A page being opened gets the newest build, all of it.
    build = BUILD_HASH;
    event.waitUntil(remember(event.resultingClientId, build));
  } else {
    build = await buildOf(event.clientId);
    // A worker started by a page runs that page's build.
    if (event.resultingClientId) event.waitUntil(remember(event.resultingClientId, build));
  }
  return fromBuild(request, build);
}

// The caches of builds opened so far, by name: opening one for each request
// would cost a round trip to the browser's storage each time. A build with
// no cache (deleted) gives null; caches.open would make an empty one.
const opened = new Map();
async function openCache(name) {
  if (!opened.has(name)) {
    if (!(await caches.has(name))) return null;
    opened.set(name, caches.open(name));
  }
  return opened.get(name);
}

async function fromBuild(request, build) {
  // The query string never selects content on a static site. It is dropped
  // here rather than with `ignoreSearch`, which makes the browser go through
  // every entry of the cache for each request instead of finding the one.
  const url = new URL(request.url);
  url.search = '';
  const cache = await openCache(CACHE_PREFIX + build);
  const hit = cache && (await cache.match(url.href));
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (error) {
    // Offline and not cached: a navigation inside the site still gets the
    // app, which reads its deep link from the URL fragment.
    const page = request.mode === 'navigate' && (await caches.match(scoped('index.html'), { cacheName: CACHE_NAME }));
    if (page) return page;
    throw error;
  }
}
