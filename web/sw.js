// Service worker: the whole site, Pyodide and the rules wheel included, is
// cached on the first visit so that every later visit works offline.
//
// build.py replaces the next line with the hash of dist/build.json. A changed
// site therefore changes this script byte for byte, which is what makes the
// browser install the new worker (and precache the new build).
const BUILD_HASH = 'unbuilt';
const CACHE_PREFIX = 'archipel-';
const CACHE_NAME = CACHE_PREFIX + BUILD_HASH;

// Every URL is resolved against the scope, so the site works under any
// sub-path (GitHub Pages serves it under /<repo>/).
const scoped = (path) => new URL(path, self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

async function precache() {
  // `reload` bypasses the HTTP cache: a file kept by the browser from an
  // older build must not end up in the cache of a newer one.
  const response = await fetch(scoped('build.json'), { cache: 'reload' });
  if (!response.ok) throw new Error(`build.json: HTTP ${response.status}`);
  const manifest = await response.json();
  if (manifest.hash !== BUILD_HASH) {
    // A deploy in progress: sw.js and build.json come from different builds.
    // Failing the install makes the browser try again on a later visit.
    throw new Error(`build.json is build ${manifest.hash}, sw.js is ${BUILD_HASH}`);
  }
  const cache = await caches.open(CACHE_NAME);
  const requests = manifest.files.map((path) => new Request(scoped(path), { cache: 'reload' }));
  // addAll is atomic: either every file is cached or the install fails.
  await cache.addAll(requests);
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
          .map((name) => caches.delete(name)),
      );
      // Take over the page of the first visit too, so that it (and a reload
      // made without network) is served from the cache.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(cacheFirst(request));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  // The query string never selects content on a static site.
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (error) {
    // Offline and not cached: a navigation inside the site still gets the
    // app, which reads its deep link from the URL fragment.
    const page = request.mode === 'navigate' && (await cache.match(scoped('index.html')));
    if (page) return page;
    throw error;
  }
}
