// The move list's rows from the plies the server numbers, for lists of any length.
import { test } from "node:test";
import assert from "node:assert/strict";
import { turnRows } from "../plies.js";

/**
 * Plies as the server numbers them (`Game::numbered_moves`): a turn more after each
 * Indian move.
 */
function plies(startTurn, startSide, count) {
  const out = [];
  let [turn, side] = [startTurn, startSide];
  for (let ply = 1; ply <= count; ply++) {
    out.push({ ply, turn, side, notation: "pass", label: side === "army" ? `${turn}.` : `${turn}...` });
    if (side === "indians") turn += 1;
    side = side === "army" ? "indians" : "army";
  }
  return out;
}

test("the 500th move of a game the Army opens is in the row of turn 250", () => {
  const rows = turnRows(plies(1, "army", 500));
  assert.equal(rows.length, 250);
  assert.deepEqual(rows[249], { turn: 250, army: 499, indians: 500 });
});

test("a record starting with the Indians to move has a row without an Army move", () => {
  assert.deepEqual(turnRows(plies(7, "indians", 3)), [
    { turn: 7, army: null, indians: 1 },
    { turn: 8, army: 2, indians: 3 },
  ]);
});

test("turn numbers of any length are kept whole", () => {
  assert.deepEqual(turnRows(plies(998, "army", 6)).map((r) => r.turn), [998, 999, 1000]);
});
