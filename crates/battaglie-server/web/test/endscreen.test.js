// The end screen is built again only when what it says changes: a later version
// of an ended game (a presence or clock update) must not rebuild it under a
// player's click.
import { test } from "node:test";
import assert from "node:assert/strict";
import { endingKey } from "../endscreen.js";

/** @returns {import("../types.js").GameState} */
const ended = (/** @type {Partial<import("../types.js").GameState>} */ o = {}) =>
  /** @type {any} */ ({ result: "army", reason: "elimination", ply: 236, computer_says: null, you: "army", version: 1, ...o });

test("a later version of the same ending keeps the end screen as it is", () => {
  assert.equal(endingKey(ended({ version: 2 }), false), endingKey(ended(), false));
});

test("the end screen is rebuilt when what it says changes", () => {
  const before = endingKey(ended(), false);
  assert.notEqual(endingKey(ended({ you: "indians" }), false), before);
  assert.notEqual(endingKey(ended({ result: "draw", reason: "agreement" }), false), before);
  assert.notEqual(endingKey(ended({ computer_says: "lost-score" }), false), before);
  assert.notEqual(endingKey(ended(), true), before, "a rematch offer arriving");
});
