// The offline edition's service worker (written at the site's root as /sw.js by
// `battaglie site`, which fills in FILES and VERSION): the site's files cached at
// install and served from the cache first, the addresses of the site's own pages
// answered with the page itself (a static host has no /game/ID; any other address on
// the origin is left to the network: it may be another site's), and a game's record
// exported from the games kept in the browser. A new site (another VERSION) replaces
// the old cache.

const VERSION = "battaglie-%VERSION%";
const FILES = /* %FILES% */ [];

/** The addresses of the page's own views (web/app.js): home, a game, the rules, the lobby, the lessons. */
const PAGES = /^\/(?:index\.html|rules|lobby|learn(?:\/[a-z-]+)?\/?|game\/[^/]+\/?)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The game `id` as the page keeps it (local/store.js). */
function storedGame(id) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("battaglie", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("games", { keyPath: "id" });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction("games").objectStore("games").get(id);
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    };
  });
}

/** `GET /api/games/{id}/record?format=json|text` as the server answers it: a download. */
async function record(id, format) {
  const game = await storedGame(id).catch(() => undefined);
  if (!game || !game.record) return new Response(JSON.stringify({ error: "no such game in this browser", code: "game_not_found", params: { id } }), { status: 404, headers: { "content-type": "application/json" } });
  const text = format === "text";
  return new Response(text ? game.record.text : game.record.json, {
    headers: {
      "content-type": text ? "text/plain; charset=utf-8" : "application/json",
      "content-disposition": `attachment; filename="battaglie-${id}.${text ? "txt" : "json"}"`,
    },
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const exported = /^\/api\/games\/([0-9a-f]{1,64})\/record$/.exec(url.pathname);
  if (exported) {
    event.respondWith(record(exported[1], url.searchParams.get("format")));
    return;
  }
  if (request.mode === "navigate") {
    if (!PAGES.test(url.pathname)) return;
    event.respondWith(caches.match("/index.html").then((page) => page || fetch(request)));
    return;
  }
  event.respondWith(caches.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request)));
});
