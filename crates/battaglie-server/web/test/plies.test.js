// The move list's rows from the plies the server numbers, for lists of any length.
import { test } from "node:test";
import assert from "node:assert/strict";
import { turnRows, wholeState } from "../plies.js";

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

/** A state of `count` plies at `version`, as the server sends it whole. */
const state = (version, count) => ({ version, plies: plies(1, "army", count), plies_from: 0, base_version: null });

test("a pushed move lists only the new ply, and the page puts the earlier ones back", () => {
  const held = state(10, 40);
  const change = { version: 11, plies: plies(1, "army", 41).slice(40), plies_from: 40, base_version: 10 };
  const whole = wholeState(held, change);
  assert.equal(whole.plies.length, 41);
  assert.deepEqual(whole.plies, plies(1, "army", 41));
  assert.equal(whole.plies_from, 0);
});

test("a take-back keeps fewer plies than the page holds: the rest are dropped", () => {
  const change = { version: 11, plies: [], plies_from: 38, base_version: 10 };
  assert.deepEqual(wholeState(state(10, 40), change).plies, plies(1, "army", 38));
});

test("a change of a version the page does not hold cannot be applied: the page asks again", () => {
  const change = { version: 12, plies: plies(1, "army", 41).slice(40), plies_from: 40, base_version: 11 };
  assert.equal(wholeState(state(10, 40), change), null);
  assert.equal(wholeState(null, change), null);
});

test("a whole state is taken as it is", () => {
  const whole = state(12, 3);
  assert.equal(wholeState(state(10, 40), whole), whole);
});
