// The chat panel's rules: messages in id order and once, the 500-character limit
// counted as the server counts it, who reads and writes which room, a guest's mutes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { addMessage, draftProblem, draftLength, readableRooms, mayWrite, whyNoWrite, guestMutes, setGuestMute, CHAT_LIMIT } from "../chat.js";

/** @param {number} id @returns {import("../chat.js").ChatMessage} */
const msg = (id) => ({ id, room: "players", author: "army", body: `m${id}`, at: id });

test("a message pushed twice is shown once, and late ones take their place by id", () => {
  let list = addMessage([], msg(2));
  list = addMessage(list, msg(2));
  list = addMessage(list, msg(1));
  list = addMessage(list, msg(3));
  assert.deepEqual(list.map((m) => m.id), [1, 2, 3]);
});

test("a message already held leaves the list as it was", () => {
  const list = [msg(1)];
  assert.equal(addMessage(list, msg(1)), list);
});

test("a draft of 500 characters goes, one of 501 is refused with its count", () => {
  assert.equal(CHAT_LIMIT, 500);
  assert.equal(draftProblem("a".repeat(500)), null);
  assert.deepEqual(draftProblem("a".repeat(501)), { code: "chat_too_long", params: { chars: 501, limit: 500 } });
});

test("a draft is counted in characters once trimmed, not in UTF-16 units", () => {
  assert.equal(draftLength("  ciao  "), 4);
  assert.equal(draftLength("🐎".repeat(3)), 3);
  assert.equal(draftProblem("🐎".repeat(500)), null);
});

test("a blank draft is refused as empty", () => {
  assert.deepEqual(draftProblem("  \n "), { code: "chat_empty", params: {} });
});

test("players read the spectators' room only once the game is over; spectators always", () => {
  assert.deepEqual(readableRooms("army", false), ["players"]);
  assert.deepEqual(readableRooms("indians", true), ["players", "spectators"]);
  assert.deepEqual(readableRooms(null, false), ["players", "spectators"]);
});

test("players write in their room; only signed-in spectators write in theirs", () => {
  assert.equal(mayWrite("players", "army", false), true);
  assert.equal(mayWrite("players", null, true), false);
  assert.equal(mayWrite("spectators", null, true), true);
  assert.equal(mayWrite("spectators", null, false), false);
  assert.equal(mayWrite("spectators", "army", true), false);
});

/** A stand-in for localStorage. */
function memory() {
  /** @type {Map<string, string>} */
  const m = new Map();
  return { getItem: (/** @type {string} */ k) => m.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => void m.set(k, v) };
}

test("a guest's mutes are kept per game, and unmuting removes the author", () => {
  const s = memory();
  assert.deepEqual(setGuestMute(s, "g1", "indians", true), ["indians"]);
  assert.deepEqual(setGuestMute(s, "g1", "indians", true), ["indians"]);
  setGuestMute(s, "g1", "watcher", true);
  assert.deepEqual(guestMutes(s, "g1"), ["indians", "watcher"]);
  assert.deepEqual(guestMutes(s, "g2"), []);
  assert.deepEqual(setGuestMute(s, "g1", "indians", false), ["watcher"]);
});

test("a guest's mutes that do not read as a list are no mutes", () => {
  const s = memory();
  s.setItem("battaglie.chatMutes.g1", "{not json");
  assert.deepEqual(guestMutes(s, "g1"), []);
  s.setItem("battaglie.chatMutes.g1", '{"a": 1}');
  assert.deepEqual(guestMutes(s, "g1"), []);
});

test("whoever may not write in a room is told why instead of the message box", () => {
  assert.equal(whyNoWrite("players", "army", false), null);
  assert.equal(whyNoWrite("players", null, true), "chatWhyPlayersRoom");
  assert.equal(whyNoWrite("spectators", null, false), "chatWhySignIn");
  assert.equal(whyNoWrite("spectators", null, true), null);
  assert.equal(whyNoWrite("spectators", "indians", true), "chatWhySpectatorsRoom");
});
