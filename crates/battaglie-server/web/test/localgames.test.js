import { test } from "node:test";
import assert from "node:assert/strict";

import { seatOf, resigner, recordNames, newId } from "../local/games.js";

/** A stored game of the offline edition, against the computer when `computer` is given. */
function game(computer = null) {
  return { id: "x", scenario: "washita", start: null, mode: computer ? "computer" : "hotseat", computer, moves: [], ending: null, record: null, version: 1, created_at: 0, updated_at: 0 };
}

test("against the computer the reader holds the other side, at one screen both", () => {
  assert.equal(seatOf(game({ side: "indians", level: 1 })), "army");
  assert.equal(seatOf(game({ side: "army", level: 8 })), "indians");
  assert.equal(seatOf(game()), "both");
});

test("the reader resigns against the computer, the side to move at one screen", () => {
  assert.equal(resigner(game({ side: "army", level: 2 }), { to_move: "army" }), "indians");
  assert.equal(resigner(game(), { to_move: "indians" }), "indians");
});

test("the records name the computer's seat as the server does", () => {
  assert.deepEqual(recordNames(game({ side: "indians", level: 4 })), { army: "Guest", indians: "Computer (level 4)" });
});

test("a new game's id has the server's shape", () => {
  assert.match(newId(), /^[0-9a-f]{16}$/);
  assert.notEqual(newId(), newId());
});
