// What the board marks: the last move, the move being built and where its pieces go,
// the stacks that can move, the engine's preferred move and the cursor.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardMarks } from "../marks.js";
import { select, assign, setChosen } from "../moves.js";

const move = (notation, ...groups) => ({ notation, groups: groups.map(([to, F, M, V]) => ({ to, F, M, V })) });
const LEGAL = [
  { from: "c3", captures: ["d3"], moves: [move("c3:FM-c4", ["c4", 1, 1, 0]), move("c3:F-c4", ["c4", 1, 0, 0]), move("c3:Mxd3", ["d3", 0, 1, 0]), move("c3:F-c4,Mxd3", ["c4", 1, 0, 0], ["d3", 0, 1, 0])] },
  { from: "e5", captures: [], moves: [move("e5:V-e6", ["e6", 0, 0, 1])] },
];
const C3 = { square: "c3", side: "army", F: 1, M: 1, V: 0 };
const D3 = { square: "d3", side: "indians", F: 1, M: 0, V: 0 };
const E5 = { square: "e5", side: "army", F: 0, M: 0, V: 1 };
const stacks = () => new Map([["c3", C3], ["d3", D3], ["e5", E5]]);
const PLIES = [{ ply: 1, turn: 1, side: "army", notation: "b3:FM-c3", label: "1." }];
const base = { plies: PLIES, shown: 1, stacks: stacks(), sel: null, moving: null, judged: null, cursor: null };
const kinds = (overlays, kind) => overlays.filter((o) => o.kind === kind).map((o) => o.square);

test("the last move shown is marked on its squares with an arrow", () => {
  const m = boardMarks(base);
  assert.deepEqual(kinds(m.overlays, "last"), ["b3", "c3"]);
  assert.deepEqual(m.arrows, [{ from: "b3", to: "c3", kind: "last" }]);
  assert.deepEqual(boardMarks({ ...base, shown: 0 }).overlays, []);
});

test("when the reader may move, the stacks that can move are marked", () => {
  const m = boardMarks({ ...base, moving: { legal: LEGAL, side: "army", premove: false } });
  assert.deepEqual(kinds(m.overlays, "source"), ["c3", "e5"]);
});

test("a move being built marks its stack and squares, and draws the pieces given a place where they go", () => {
  // The Foot sent to c4; the Mounted chosen next.
  const sel = assign(setChosen(select("c3", C3), "M", 0), "c4", LEGAL);
  const m = boardMarks({ ...base, sel, moving: { legal: LEGAL, side: "army", premove: false } });
  assert.deepEqual(kinds(m.overlays, "selected"), ["c3"]);
  assert.deepEqual(kinds(m.overlays, "capture"), ["d3"]);
  assert.deepEqual(m.ghosts, [{ square: "c4", counts: { F: 1, M: 0, V: 0 }, side: "army" }]);
  assert.ok(m.arrows.some((a) => a.kind === "pending" && a.from === "c3" && a.to === "c4"));
  // The Foot is on its way: c3 is drawn with the Mounted alone; the position given is untouched.
  assert.deepEqual(m.stacks.get("c3"), { ...C3, F: 0, M: 1, V: 0 });
  assert.equal(base.stacks.get("c3"), C3);
  assert.deepEqual(kinds(m.overlays, "source"), []);
});

test("a stack whose every piece has a place is drawn only where its pieces go", () => {
  const sel = { src: "c3", stack: { F: 1, M: 1, V: 0 }, pending: new Map([["c4", { F: 1, M: 1, V: 0 }]]), choose: { F: 0, M: 0, V: 0 } };
  const m = boardMarks({ ...base, sel, moving: { legal: LEGAL, side: "army", premove: false } });
  assert.ok(!m.stacks.has("c3"));
  assert.deepEqual(m.ghosts, [{ square: "c4", counts: { F: 1, M: 1, V: 0 }, side: "army" }]);
});

test("a selection is not shown when the reader may not move", () => {
  const m = boardMarks({ ...base, sel: select("c3", C3) });
  assert.deepEqual(kinds(m.overlays, "selected"), []);
  assert.equal(m.stacks.get("c3"), C3);
});

test("the engine's preferred move is an arrow for the move shown, unless a move is being built", () => {
  // Shown: the position after move 1; the arrow is what the engine preferred to move 1.
  const judged = [{ best: "c3:F-c4,Mxd3", line: [], move: "a1:F-a2", side: "army" }, { best: "a1:F-a2", line: [] }];
  const m = boardMarks({ ...base, judged });
  assert.deepEqual(m.arrows.filter((a) => a.kind === "best"), [{ from: "c3", to: "c4", kind: "best" }, { from: "c3", to: "d3", kind: "best" }]);
  const building = boardMarks({ ...base, judged, sel: select("c3", C3), moving: { legal: LEGAL, side: "army", premove: false } });
  assert.deepEqual(building.arrows.filter((a) => a.kind === "best"), []);
});

test("the keyboard's cursor is marked last, over everything", () => {
  const m = boardMarks({ ...base, cursor: "e5" });
  assert.deepEqual(m.overlays.at(-1), { square: "e5", kind: "cursor" });
});

test("a premove waiting is marked on its squares with arrows; while waiting no stack is marked as able to move", () => {
  const premove = { from: "c3", notation: "c3:F-c4,M-d3", groups: [{ to: "c4", F: 1, M: 0, V: 0 }, { to: "d3", F: 0, M: 1, V: 0 }] };
  const m = boardMarks({ ...base, premove, moving: { legal: LEGAL, side: "army", premove: true } });
  assert.deepEqual(kinds(m.overlays, "premove"), ["c3", "c4", "d3"]);
  assert.deepEqual(m.arrows.filter((a) => a.kind === "premove").map((a) => a.to), ["c4", "d3"]);
  assert.deepEqual(kinds(m.overlays, "source"), []);
});
