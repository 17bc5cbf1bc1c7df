// @ts-check
// The offline edition's service worker (sw.js) as the page sees it: registered at
// the start, and waited for before the page goes to a game's address.

/**
 * Registers the service worker and waits (at most `ms`) until it serves this page, so
 * that a game's address (`/game/ID`), which a static host does not have, opens from
 * its cache. Without service workers (an old browser), a game opens only where the
 * host answers every address with the page (GitHub Pages' 404.html does).
 * @param {number} ms
 * @returns {Promise<boolean>} whether the worker serves the page
 */
export async function offlineReady(ms) {
  if (!("serviceWorker" in navigator)) return false;
  if (navigator.serviceWorker.controller) return true;
  const controlled = new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true }));
  const timeout = new Promise((resolve) => setTimeout(() => resolve(false), ms));
  return /** @type {Promise<boolean>} */ (Promise.race([controlled, timeout]));
}

/** Registers sw.js, written at the site's root so that it serves every address. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // Refused (an insecure origin other than localhost): the site works while online.
  });
}
