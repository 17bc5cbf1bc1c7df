// The links a game page opens from: replay at a ply, analysis at once, and the
// link an import with "Import and analyse" goes to.
import { test } from "node:test";
import assert from "node:assert/strict";
import { importedUrl, openFromLink } from "../rated.js";

/** What `openFromLink` asks for on `search`. */
function asked(search) {
  /** @type {string[]} */
  const calls = [];
  openFromLink(search, (ply) => calls.push(`replay ${ply}`), () => calls.push("analyse"));
  return calls;
}

test("import and analyse opens the game with its seat and the analysis asked for", () => {
  const url = importedUrl("/game/AbC#token=t0k", true);
  const parsed = new URL(url, "http://localhost");
  assert.equal(parsed.pathname, "/game/AbC");
  assert.equal(parsed.hash, "#token=t0k", "the seat stays in the fragment");
  assert.deepEqual(asked(parsed.search), ["analyse"]);
});

test("a plain import opens the game without analysing it", () => {
  assert.equal(importedUrl("/game/AbC#token=t0k", false), "/game/AbC#token=t0k");
  assert.deepEqual(asked("?token=t0k"), []);
});

test("a replay link opens the replay at its ply", () => {
  assert.deepEqual(asked("?replay=12"), ["replay 12"]);
});
