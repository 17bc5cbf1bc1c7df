// The analysis graph and marks: the Army's chance in one unit, scaled to the graph.
import { test } from "node:test";
import assert from "node:assert/strict";
import { armyChances, graphPoints, plyAt, marks, percent, preferredAt } from "../evalgraph.js";
import { judgedText } from "../analysis.js";

/** @param {number} ply @param {"army"|"indians"} side @param {number} before @param {number} after @param {string|null} [cls] */
const judged = (ply, side, before, after, cls = null) => ({
  ply,
  side,
  move: `m${ply}`,
  before: { centi: 0, forced: null, text: "0", win_chance: before },
  best: `b${ply}`,
  line: [`b${ply}`, `r${ply}`],
  after: { centi: 0, forced: null, text: "0", win_chance: after },
  loss: 0,
  class: cls,
});

test("the graph shows the Army's chance whoever moved: an Indians move's view is turned over", () => {
  const moves = [judged(1, "army", 0.6, 0.55), judged(2, "indians", 0.45, 0.9), judged(3, "army", 0.1, 0.1)];
  const chances = armyChances(moves);
  assert.equal(chances.length, 4, "the start and the position after each move");
  assert.equal(chances[0], 0.6);
  assert.equal(chances[1], 0.55);
  assert.ok(Math.abs(chances[2] - 0.1) < 1e-9, "the Indians at 90% is the Army at 10%");
  assert.equal(chances[3], 0.1);
  assert.deepEqual(armyChances([]), []);
});

test("the graph spans the whole game while the analysis runs, the Army's certain win at the top", () => {
  const pts = graphPoints([1, 0.5, 0], 4, 400, 100);
  assert.deepEqual(pts, [
    { ply: 0, x: 0, y: 0 },
    { ply: 1, x: 100, y: 50 },
    { ply: 2, x: 200, y: 100 },
  ]);
  assert.equal(graphPoints([2, -1], 1, 10, 10)[0].y, 0, "clamped into the graph");
  assert.equal(graphPoints([0.5], 0, 10, 10)[0].x, 0, "an empty game does not divide by zero");
});

test("a click on the graph picks the nearest move, within the game", () => {
  assert.equal(plyAt(0, 40, 400), 0);
  assert.equal(plyAt(104, 40, 400), 10);
  assert.equal(plyAt(106, 40, 400), 11);
  assert.equal(plyAt(900, 40, 400), 40);
  assert.equal(plyAt(-5, 40, 400), 0);
});

test("inaccuracies, mistakes and blunders are marked ?!, ? and ?? at their ply", () => {
  const m = marks([judged(1, "army", 0.5, 0.5), judged(2, "indians", 0.5, 0.4, "inaccuracy"), judged(3, "army", 0.5, 0.3, "mistake"), judged(4, "indians", 0.5, 0.1, "blunder")]);
  assert.equal(m.has(1), false);
  assert.deepEqual(m.get(2), { cls: "inaccuracy", mark: "?!" });
  assert.deepEqual(m.get(3), { cls: "mistake", mark: "?" });
  assert.deepEqual(m.get(4), { cls: "blunder", mark: "??" });
});

test("a per cent is 0 or 100 only when the result is forced", () => {
  assert.equal(percent(0.004), 1);
  assert.equal(percent(0.996), 99);
  assert.equal(percent(0), 0);
  assert.equal(percent(1), 100);
  assert.equal(percent(0.517), 52);
});

test("the engine's preferred move at a position is the mover's alternative to the move that led there, not the reply", () => {
  const moves = [judged(1, "army", 0.5, 0.5), judged(2, "indians", 0.5, 0.5)];
  assert.equal(preferredAt(moves, 0), null, "the start follows no move");
  assert.deepEqual(preferredAt(moves, 1), { best: "b1", line: ["b1", "r1"], played: "m1", side: "army" });
  assert.deepEqual(preferredAt(moves, 2)?.best, "b2");
  assert.equal(preferredAt(moves, 3), null, "no move 3 was judged");
});

test("a marked move's label gives its mover's chances, which fall as its mark says", () => {
  const m = { ...judged(5, "indians", 0.3, 0.24, "inaccuracy"), loss: 55 };
  assert.equal(judgedText(m, (s) => ({ army: "Army", indians: "Cheyenne" })[s]), "m5 (inaccuracy): Cheyenne keeps a 24% winning chance, where the engine's move kept 30% (a loss of 0.6 Foot)");
});
