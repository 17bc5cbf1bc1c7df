// The claim against an absent opponent, as the page offers it: only to a
// player, only while the opponent has no socket in a live game, and only once
// the server's clock has reached the time the server named.
import { test } from "node:test";
import assert from "node:assert/strict";
import { absenceClaim } from "../presence.js";

/** @returns {import("../presence.js").PresenceMessage} */
const presence = (indians) => ({
  type: "presence",
  army: { status: "online", since: null, claim_at: null },
  indians,
  spectators: 0,
  at: 0,
});

const away = { status: "away", since: 1_000, claim_at: 61_000 };

test("a player whose opponent left waits for the minute, counted on the server's clock", () => {
  assert.deepEqual(absenceClaim(presence(away), "army", false, 30_500), { kind: "wait", seconds: 31 });
  assert.deepEqual(absenceClaim(presence(away), "army", false, 61_000), { kind: "claim" });
});

test("nobody may claim against a connected opponent, nor a spectator, nor after the end", () => {
  const online = { status: "online", since: null, claim_at: null };
  assert.deepEqual(absenceClaim(presence(online), "army", false, 99_000), { kind: "none" });
  assert.deepEqual(absenceClaim(presence(away), null, false, 99_000), { kind: "none" });
  assert.deepEqual(absenceClaim(presence(away), "army", true, 99_000), { kind: "none" });
  // The absent player has nothing to claim against the one who stayed.
  assert.deepEqual(absenceClaim(presence(away), "indians", false, 99_000), { kind: "none" });
});

test("a game without a live clock offers no claim for an absence", () => {
  const noClock = { status: "gone", since: 1_000, claim_at: null };
  assert.deepEqual(absenceClaim(presence(noClock), "army", false, 999_000), { kind: "none" });
});

test("a seat nobody has taken yet was not left: the player waits for them, with no claim", () => {
  const waiting = { status: "waiting", since: null, claim_at: null };
  assert.deepEqual(absenceClaim(presence(waiting), "army", false, 999_000), { kind: "arriving" });
  assert.deepEqual(absenceClaim(presence(waiting), null, false, 999_000), { kind: "none" });
  assert.deepEqual(absenceClaim(presence(waiting), "army", true, 999_000), { kind: "none" });
});
