// The keyboard's cursor: where it starts, and arrow keys that follow the board as it
// is drawn (flipped, or turned a quarter on a phone), never leaving it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cursorSquare, stepCursor } from "../cursor.js";

const SIZE = { width: 12, height: 8 };
const LEGAL = [{ from: "@7", captures: [], moves: [] }, { from: null, captures: [], moves: [] }];

test("the cursor starts where it was left, else on the stack being moved, else on the first stack that can move, else a1", () => {
  const sel = { src: "c3", stack: { F: 1, M: 0, V: 0 }, pending: new Map(), choose: { F: 1, M: 0, V: 0 } };
  assert.equal(cursorSquare("d4", sel, LEGAL), "d4");
  assert.equal(cursorSquare(null, sel, LEGAL), "c3");
  assert.equal(cursorSquare(null, null, LEGAL), "@7");
  assert.equal(cursorSquare(null, null, []), "a1");
});

test("on a board drawn north up, right is east and up is north", () => {
  assert.equal(stepCursor("c3", "ArrowRight", {}, SIZE), "d3");
  assert.equal(stepCursor("c3", "ArrowLeft", {}, SIZE), "b3");
  assert.equal(stepCursor("c3", "ArrowUp", {}, SIZE), "c4");
  assert.equal(stepCursor("c3", "ArrowDown", {}, SIZE), "c2");
});

test("on a flipped board every arrow goes the other way", () => {
  assert.equal(stepCursor("c3", "ArrowRight", { flip: true }, SIZE), "b3");
  assert.equal(stepCursor("c3", "ArrowUp", { flip: true }, SIZE), "c2");
});

test("on a board turned a quarter, down is east and right is north", () => {
  assert.equal(stepCursor("c3", "ArrowDown", { quarter: true }, SIZE), "d3");
  assert.equal(stepCursor("c3", "ArrowRight", { quarter: true }, SIZE), "c4");
  assert.equal(stepCursor("c3", "ArrowDown", { quarter: true, flip: true }, SIZE), "b3");
});

test("the cursor reaches the staging column west of file a and stops at the board's edges", () => {
  assert.equal(stepCursor("a5", "ArrowLeft", {}, SIZE), "@5");
  assert.equal(stepCursor("@5", "ArrowLeft", {}, SIZE), "@5");
  assert.equal(stepCursor("l8", "ArrowRight", {}, SIZE), "l8");
  assert.equal(stepCursor("l8", "ArrowUp", {}, SIZE), "l8");
  assert.equal(stepCursor("c1", "ArrowDown", {}, SIZE), "c1");
});
