import { test } from "node:test";
import assert from "node:assert/strict";

import { seatOf, undoCount, resigner, recordNames, newId } from "../local/games.js";

/** A stored game of the offline edition, against the computer when `computer` is given. */
function game(computer = null) {
  return { id: "x", scenario: "washita", start: null, mode: computer ? "computer" : "hotseat", computer, moves: [], ending: null, record: null, version: 1, created_at: 0, updated_at: 0 };
}

const plies = (/** @type {string[]} */ sides) => ({ plies: sides.map((side) => ({ side })) });

test("against the computer the reader holds the other side, at one screen both", () => {
  assert.equal(seatOf(game({ side: "indians", level: 1 })), "army");
  assert.equal(seatOf(game({ side: "army", level: 8 })), "indians");
  assert.equal(seatOf(game()), "both");
});

test("an undo against the computer takes back the reader's last move and the reply to it", () => {
  const g = game({ side: "indians", level: 1 });
  assert.equal(undoCount(g, plies(["army", "indians", "army", "indians"])), 2);
  // The computer still thinking: only the reader's move.
  assert.equal(undoCount(g, plies(["army", "indians", "army"])), 1);
  assert.equal(undoCount(g, plies([])), 0);
  // The computer played first and the reader has not moved: nothing of theirs to take back.
  assert.equal(undoCount(game({ side: "army", level: 1 }), plies(["army"])), 0);
});

test("an undo at one screen takes back the last move, if there is one", () => {
  assert.equal(undoCount(game(), plies(["army", "indians"])), 1);
  assert.equal(undoCount(game(), plies([])), 0);
});

test("the reader resigns against the computer, the side to move at one screen", () => {
  assert.equal(resigner(game({ side: "army", level: 2 }), { to_move: "army" }), "indians");
  assert.equal(resigner(game(), { to_move: "indians" }), "indians");
});

test("the records name the computer's seat as the server does", () => {
  assert.deepEqual(recordNames(game({ side: "indians", level: 4 })), { army: "", indians: "Computer (level 4)" });
});

test("a new game's id has the server's shape", () => {
  assert.match(newId(), /^[0-9a-f]{16}$/);
  assert.notEqual(newId(), newId());
});
