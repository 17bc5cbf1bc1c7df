// The move builder: what a click, a drag or a key does to a move being built.
import { test } from "node:test";
import assert from "node:assert/strict";
import { select, assign, decide, targets, staying, unassigned, setChosen, stepChosen, chooseAll, sources } from "../moves.js";

/** A legal move as the server writes it: its notation and where its pieces arrive. */
const move = (notation, ...groups) => ({ notation, groups: groups.map(([to, F, M, V]) => ({ to, F, M, V })) });

// c3 holds a Foot and a Mounted piece; each may go to c4 or d3 (an enemy stack),
// together or apart, and either may stay.
const C3 = [
  move("c3:FM-c4", ["c4", 1, 1, 0]),
  move("c3:F-c4", ["c4", 1, 0, 0]),
  move("c3:M-c4", ["c4", 0, 1, 0]),
  move("c3:FM-d3", ["d3", 1, 1, 0]),
  move("c3:F-d3", ["d3", 1, 0, 0]),
  move("c3:Mxd3", ["d3", 0, 1, 0]),
  move("c3:F-c4,Mxd3", ["c4", 1, 0, 0], ["d3", 0, 1, 0]),
  move("c3:M-c4,F-d3", ["c4", 0, 1, 0], ["d3", 1, 0, 0]),
];
const LEGAL = [
  { from: "c3", captures: ["d3"], moves: C3 },
  { from: "e5", captures: [], moves: [move("e5:V-e6", ["e6", 0, 0, 1])] },
  { from: null, captures: [], moves: [move("pass")] },
];
const STACK = { F: 1, M: 1, V: 0 };

test("the squares to move from are the groups' sources, the pass having none", () => {
  assert.deepEqual([...sources(LEGAL)], ["c3", "e5"]);
});

test("a whole stack to one square is one gesture: the move goes without a confirm", () => {
  const sel = assign(select("c3", STACK), "c4", LEGAL);
  assert.deepEqual(decide(sel, LEGAL), { action: "send", move: C3[0] });
});

test("the setting to always confirm holds back even an unambiguous move", () => {
  const sel = assign(select("c3", STACK), "c4", LEGAL);
  assert.equal(decide(sel, LEGAL, true).action, "confirm");
});

test("the chooser's counts are true: a chosen stack leaves nothing on its square", () => {
  const sel = select("c3", STACK);
  assert.deepEqual(sel.choose, STACK);
  assert.deepEqual(staying(sel), { F: 0, M: 0, V: 0 });
  const one = setChosen(sel, "M", 0);
  assert.deepEqual(staying(one), { F: 0, M: 1, V: 0 });
  assert.deepEqual(unassigned(one), STACK);
});

test("a split asks to confirm after the first square, then goes when every piece has a place", () => {
  let sel = setChosen(select("c3", STACK), "M", 0);
  assert.deepEqual([...targets(sel, LEGAL).keys()].sort(), ["c4", "d3"]);
  sel = assign(sel, "c4", LEGAL);
  // The Mounted piece may stay (c3:F-c4) or go to d3: ambiguous.
  const first = decide(sel, LEGAL);
  assert.equal(first.action, "confirm");
  assert.equal(first.action === "confirm" && first.move.notation, "c3:F-c4");
  assert.deepEqual(sel.choose, { F: 0, M: 1, V: 0 });
  assert.deepEqual([...targets(sel, LEGAL)].sort(), [["c4", false], ["d3", true]]);
  sel = assign(sel, "d3", LEGAL);
  assert.deepEqual(decide(sel, LEGAL), { action: "send", move: C3[6] });
});

test("pieces that can go nowhere else stay without a confirm", () => {
  const moves = [move("c3:FM-d3", ["d3", 1, 1, 0]), move("c3:F-c4", ["c4", 1, 0, 0])];
  const legal = [{ from: "c3", captures: [], moves }];
  const sel = assign(setChosen(select("c3", STACK), "M", 0), "c4", legal);
  assert.deepEqual(sel.choose, { F: 0, M: 0, V: 0 });
  assert.deepEqual(decide(sel, legal), { action: "send", move: moves[1] });
});

test("a destination no legal move has leaves the move unfinished", () => {
  const legal = [{ from: "c3", captures: [], moves: [move("c3:FM-c4,F-d3", ["c4", 1, 1, 0], ["d3", 1, 0, 0])] }];
  assert.equal(targets(select("c3", { F: 2, M: 1, V: 0 }), legal).size, 0);
  assert.deepEqual(decide(select("c3", STACK), legal), { action: "continue" });
});

test("F, M and V take one piece of a kind off the next square's share, Shift puts one back; A chooses all that is left", () => {
  let sel = select("c3", { F: 2, M: 1, V: 0 });
  sel = stepChosen(sel, "F");
  assert.deepEqual(sel.choose, { F: 1, M: 1, V: 0 }, "one press takes one Foot off, not two");
  sel = stepChosen(sel, "F");
  assert.equal(sel.choose.F, 0);
  sel = stepChosen(sel, "F");
  assert.equal(sel.choose.F, 2, "below none comes round to all");
  sel = stepChosen(sel, "F", 1);
  assert.equal(sel.choose.F, 0, "above all comes round to none");
  sel = stepChosen(sel, "F", 1);
  assert.equal(sel.choose.F, 1);
  assert.deepEqual(stepChosen(sel, "V").choose, sel.choose, "a kind the stack lacks stays at none");
  assert.deepEqual(chooseAll(setChosen(sel, "F", 0)).choose, { F: 2, M: 1, V: 0 });
  assert.equal(setChosen(sel, "F", 9).choose.F, 2);
});
