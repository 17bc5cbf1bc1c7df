// One numbering of moves: turn and side, for lists of any length.
import { test } from "node:test";
import assert from "node:assert/strict";
import { numberPlies, turnRows } from "../plies.js";

test("the 500th move of a game the Army opens is the Indians' move of turn 250", () => {
  const plies = numberPlies(1, "army", 500);
  assert.deepEqual(plies[0], { ply: 1, turn: 1, side: "army" });
  assert.deepEqual(plies[499], { ply: 500, turn: 250, side: "indians" });
  const rows = turnRows(plies);
  assert.equal(rows.length, 250);
  assert.deepEqual(rows[249], { turn: 250, army: 499, indians: 500 });
});

test("a record starting with the Indians to move has a row without an Army move", () => {
  const rows = turnRows(numberPlies(7, "indians", 3));
  assert.deepEqual(rows, [
    { turn: 7, army: null, indians: 1 },
    { turn: 8, army: 2, indians: 3 },
  ]);
});

test("turn numbers of any length are kept whole", () => {
  const rows = turnRows(numberPlies(998, "army", 6));
  assert.deepEqual(rows.map((r) => r.turn), [998, 999, 1000]);
});
