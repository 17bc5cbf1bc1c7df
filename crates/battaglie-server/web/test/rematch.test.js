// The rematch buttons each seat gets in each state of the offer, and the new game's link.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rematchChoices, rematchUrl } from "../rematch.js";

test("with no offer a player may offer a rematch, a spectator may not", () => {
  assert.deepEqual(rematchChoices({ state: "none" }, "army").actions, ["offer"]);
  assert.deepEqual(rematchChoices({ state: "none" }, null).actions, []);
});

test("the offerer may withdraw the offer, the other player accept or decline it", () => {
  const offer = /** @type {const} */ ({ state: "offered", by: "army" });
  assert.deepEqual(rematchChoices(offer, "army"), { actions: ["cancel"], says: "rematchWaiting" });
  assert.deepEqual(rematchChoices(offer, "indians"), { actions: ["accept", "decline"], says: "rematchOfferedBy" });
  assert.deepEqual(rematchChoices(offer, null), { actions: [], says: "rematchOfferedBy" });
});

test("once agreed nobody has a button left, only the new game", () => {
  assert.deepEqual(rematchChoices({ state: "accepted", game: "g2" }, "army").actions, []);
});

test("the new game opens with the player's token, or to watch without one", () => {
  assert.equal(rematchUrl({ game: "g2", token: "t/1" }), "/game/g2#token=t%2F1");
  assert.equal(rematchUrl({ game: "g2" }), "/game/g2");
});
