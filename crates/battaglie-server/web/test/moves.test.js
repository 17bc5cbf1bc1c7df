// The move builder: what a click, a drag or a key does to a move being built.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseMove, select, assign, decide, targets, staying, unassigned, setChosen, cycleChosen, chooseAll, sources } from "../moves.js";

// c3 holds a Foot and a Mounted piece; each may go to c4 or d3, together or apart,
// and either may stay.
const LEGAL = ["c3:FM-c4", "c3:F-c4", "c3:M-c4", "c3:FM-d3", "c3:F-d3", "c3:Mxd3", "c3:F-c4,Mxd3", "c3:M-c4,F-d3", "e5:V-e6", "pass"].map(parseMove);
const STACK = { F: 1, M: 1, V: 0 };

test("parseMove reads groups, captures and the staging column", () => {
  const m = parseMove("@8:MMF-a8,Vxb8");
  assert.equal(m.src, "@8");
  assert.deepEqual(m.groups, [
    { F: 1, M: 2, V: 0, capture: false, dest: "a8" },
    { F: 0, M: 0, V: 1, capture: true, dest: "b8" },
  ]);
  assert.equal(parseMove("pass").pass, true);
  assert.deepEqual([...sources(LEGAL)], ["c3", "e5"]);
});

test("a whole stack to one square is one gesture: the move goes without a confirm", () => {
  const sel = assign(select("c3", STACK), "c4", LEGAL);
  assert.deepEqual(decide(sel, LEGAL), { action: "send", move: LEGAL[0] });
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
  assert.equal(first.action === "confirm" && first.move.text, "c3:F-c4");
  assert.deepEqual(sel.choose, { F: 0, M: 1, V: 0 });
  assert.deepEqual([...targets(sel, LEGAL)].sort(), [["c4", false], ["d3", true]]);
  sel = assign(sel, "d3", LEGAL);
  assert.deepEqual(decide(sel, LEGAL), { action: "send", move: LEGAL[6] });
});

test("pieces that can go nowhere else stay without a confirm", () => {
  const legal = ["c3:FM-d3", "c3:F-c4"].map(parseMove);
  const sel = assign(setChosen(select("c3", STACK), "M", 0), "c4", legal);
  assert.deepEqual(sel.choose, { F: 0, M: 0, V: 0 });
  assert.deepEqual(decide(sel, legal), { action: "send", move: legal[1] });
});

test("a destination no legal move has leaves the move unfinished", () => {
  const legal = ["c3:FM-c4,F-d3"].map(parseMove);
  assert.equal(targets(select("c3", { F: 2, M: 1, V: 0 }), legal).size, 0);
  assert.deepEqual(decide(select("c3", STACK), legal), { action: "continue" });
});

test("F, M and V cycle the chosen pieces of a kind; A chooses all that is left", () => {
  let sel = select("c3", { F: 2, M: 0, V: 0 });
  sel = cycleChosen(sel, "F");
  assert.equal(sel.choose.F, 0);
  sel = cycleChosen(sel, "F");
  assert.equal(sel.choose.F, 1);
  sel = cycleChosen(cycleChosen(sel, "M"), "F");
  assert.deepEqual(sel.choose, { F: 2, M: 0, V: 0 });
  assert.deepEqual(chooseAll(setChosen(sel, "F", 0)).choose, { F: 2, M: 0, V: 0 });
  assert.equal(setChosen(sel, "F", 9).choose.F, 2);
});
