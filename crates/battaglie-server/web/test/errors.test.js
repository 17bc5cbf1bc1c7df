// The server's errors said in the reader's language, with the sides, kinds and
// terrains they name in the reader's words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../i18n.js";
import { ApiError } from "../api.js";
import { errorText } from "../errors.js";

// What `setLang` marks on the page.
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

test("an error naming a side names it in the reader's language", async () => {
  await setLang("it");
  try {
    const text = errorText(new ApiError(403, "token: it is the turn of the Army", "not_your_turn", { side: "army" }));
    assert.match(text, /Esercito/);
    assert.doesNotMatch(text, /army/);
  } finally {
    await setLang("en");
  }
});

test("an error the page has no sentence for falls back to the server's message", async () => {
  await setLang("en");
  const text = errorText(new ApiError(418, "the server's own words", "", {}));
  assert.equal(text, "the server's own words");
});
