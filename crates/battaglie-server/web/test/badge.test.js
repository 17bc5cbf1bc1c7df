// The turn badge's words: none for no game, the count in the player's language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { badgeText } from "../badge.js";
import { setLang } from "../i18n.js";

// Switching the language also sets the page's `lang`: a stand-in page for it.
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

test("the badge says nothing when no game waits, and how many when some do", async () => {
  await setLang("en");
  assert.equal(badgeText(0), "");
  assert.equal(badgeText(1), "1 game waits for your move");
  assert.equal(badgeText(3), "3 games wait for your move");
  await setLang("it");
  assert.equal(badgeText(2), "2 partite aspettano la tua mossa");
});
