/* Service worker of the web build: makes the app installable and its shell available offline.
 * It caches the app shell only (index.html, the hashed /assets/ files, manifest and icons) and never
 * touches /api/, /ws, /uploads/ or /admin: balances, orders and prices must always come from the
 * server, and a cached API answer would show a stale or another user's account. Registered only on
 * the web platform in production builds (src/features/update/runtime.ts). */
const CACHE = 'ex-shell-v1';
const SHELL = ['/', '/index.html', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png'];
const NEVER = /^\/(api|ws|uploads|admin)(\/|$)/;

/** What the worker does with a request: 'network' (not intercepted), 'shell' or 'asset'. */
function strategyFor(request, origin) {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || NEVER.test(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'shell';
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) return 'asset';
  return 'network';
}

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  // The hashed bundles index.html refers to, so the first offline start already works.
  const html = await (await cache.match('/index.html')).text();
  const assets = [...new Set(html.match(/\/assets\/[^"'\s)]+/g) || [])];
  await cache.addAll(assets);
}

/** Navigations: network first (a new release shows at once), the cached shell when offline. */
async function shell(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
      await cache.put('/index.html', response.clone());
    }
    return response;
  } catch {
    return (await cache.match('/index.html')) || Response.error();
  }
}

/** Hashed assets never change under one name: cache first. */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (strategy === 'shell') event.respondWith(shell(event.request));
  else if (strategy === 'asset') event.respondWith(asset(event.request));
  // 'network': no respondWith, the browser fetches as if there were no worker.
});
