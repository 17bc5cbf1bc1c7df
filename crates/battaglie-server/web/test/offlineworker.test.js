import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const ORIGIN = "https://games.example";

/** The offline edition's service worker, run as a browser runs it: its fetch handler. */
function worker() {
  const handlers = {};
  const context = {
    self: { location: { origin: ORIGIN }, addEventListener: (type, fn) => (handlers[type] = fn) },
    caches: { match: async (what) => new Response(`cached ${typeof what === "string" ? what : what.url}`) },
    fetch: async (request) => new Response(`network ${request.url}`),
    Response,
    URL,
  };
  vm.runInNewContext(readFileSync(new URL("../local/sw.js", import.meta.url), "utf8"), context);
  return handlers.fetch;
}

/** What the worker answers a navigation to `path`: the cached page, or nothing (the network's). */
async function navigate(path) {
  let answer = null;
  worker()({
    request: { method: "GET", mode: "navigate", url: `${ORIGIN}${path}` },
    respondWith: (promise) => (answer = promise),
  });
  return answer && (await (await answer).text());
}

test("the offline edition's own pages are answered with its page", async () => {
  for (const path of ["/", "/index.html", "/game/0123abcd", "/game/0123abcd/", "/rules", "/lobby"]) {
    assert.equal(await navigate(path), "cached /index.html", path);
  }
});

test("any other address on the site's origin is left to the network", async () => {
  for (const path of ["/admin/", "/other-app/index.html", "/game/a/b", "/players/ann", "/rules/x"]) {
    assert.equal(await navigate(path), null, path);
  }
});
