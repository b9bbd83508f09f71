// The pro portal's service worker (decision 056): the day's run stays readable without a signal.
// Plain JavaScript on purpose: the browser loads it as it is, from the site's root, for /pro only.
// The page and the portal's data are fetched from the network first and kept; without a network
// the kept copy answers. Hashed assets never change, so the kept copy answers first. Nothing is
// kept for any other path, and sign-out deletes what was kept.
const CACHE = 'washday-pro-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const page = request.mode === 'navigate' && (url.pathname === '/pro' || url.pathname === '/pro/');
  const data = url.pathname === '/api/pro/portal';
  if (url.pathname.startsWith('/assets/')) event.respondWith(keptFirst(request));
  else if (page || data) event.respondWith(networkFirst(request, page ? '/pro' : null));
});

async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    // only a signed-in pro's answer is kept; a refusal (the session ended) drops what was kept
    if (answer.ok) await cache.put(key ?? request, answer.clone());
    else if (answer.status === 401 || answer.status === 403) await cache.delete(key ?? request);
    return answer;
  } catch (error) {
    const kept = await cache.match(key ?? request);
    if (kept) return kept;
    throw error;
  }
}
