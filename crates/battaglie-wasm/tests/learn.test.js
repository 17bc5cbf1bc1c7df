// Learn to play in WebAssembly: a stage read from its JSON (as the site serves the
// lessons), played with a refusal that names the rule, the hint and the stars. Run with
// `node --test crates/battaglie-wasm/tests/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const root = new URL("../../../", import.meta.url);
const wasmDir = process.env.BATTAGLIE_WASM_DIR
  ? pathToFileURL(`${process.env.BATTAGLIE_WASM_DIR}/`)
  : new URL("crates/battaglie-server/web/wasm/", root);
const wasm = await import(new URL("battaglie_wasm.js", wasmDir).href);
wasm.initSync({ module: readFileSync(new URL("battaglie_wasm_bg.wasm", wasmDir)) });
const { LearnStage } = wasm;

/** Stage 2 of "Who eliminates whom", as `GET /api/learn/lessons/en` serves it. */
const STAGE = {
  goal: "Eliminate the Indian horseman on b1: your soldier on foot cannot, so choose well.",
  battle: null, map: ["...", "..."], width: 3, height: 2, stack_limit: 4, quiet_limit: 100,
  position: "|1M1/|Fm1 A 0 1", player: "army",
  targets: { reach: [], eliminate: ["b1"], gather: null, win: false, draw: null, survive: null },
  opponent: { kind: "none" }, stars: [1, 1, 1], solution: ["b2:Mxb1"],
};

test("the module carries no lesson: a stage is built from its JSON, its map drawn as a battle's", () => {
  assert.equal(typeof wasm.learnLessonsJson, "undefined");
  const stage = new LearnStage("who-eliminates", 2, JSON.stringify(STAGE));
  const scenario = JSON.parse(stage.scenarioJson());
  assert.deepEqual([scenario.width, scenario.height, scenario.terrain.rows], [3, 2, ["...", "..."]]);
  const state = JSON.parse(stage.stateJson());
  assert.deepEqual(state.legal.map((/** @type {any} */ g) => g.from).sort(), ["a1", "b2"]);
  assert.throws(() => new LearnStage("who-eliminates", 2, JSON.stringify({ ...STAGE, stars: "three" })), /`stars`/);
});

test("a refused move says the rule and the squares, a hint leads to three stars", () => {
  const stage = new LearnStage("who-eliminates", 2, JSON.stringify(STAGE));
  const refused = JSON.parse(stage.tryMove("a1:Fxb1", "en"));
  assert.deepEqual([refused.ok, refused.rule, refused.squares], [false, "cannot_eliminate", ["a1", "b1"]]);
  assert.match(refused.words, /^Foot cannot eliminate Mounted on b1/);
  const hint = stage.hint();
  assert.equal(hint, "b2:Mxb1");
  const played = JSON.parse(stage.tryMove(hint, "de"));
  assert.deepEqual([played.ok, played.finish.kind, played.finish.stars], [true, "won", 3]);
  assert.equal(played.finish.words, "Geschafft in 1 Zug: 3 von 3 Sternen.");
  assert.deepEqual(stage.legalMoves(), []);
  assert.deepEqual(JSON.parse(stage.stateJson()).legal, []);
});

test("the first battle is played against the computer, the same answer every time", () => {
  /** Stage 1 of "Your first battle", as `GET /api/learn/lessons/en` serves it. */
  const raid = {
    goal: "A horseman's raid: men on foot cannot eliminate your horseman, so ride down the trail and eliminate both Indians.",
    battle: null, map: ["^^^^^", ".....", "^^^^^"], width: 5, height: 3, stack_limit: 4, quiet_limit: 100,
    position: "|5/|M1f1f/|5 A 0 1", player: "army",
    targets: { reach: [], eliminate: [], gather: null, win: true, draw: null, survive: null },
    opponent: { kind: "computer", level: 1 }, stars: [4, 5, 7], solution: ["a2:M-b2", "b2:M-c2", "c2:Mxd2"],
  };
  for (let i = 0; i < 2; i++) {
    const stage = new LearnStage("first-battle", 1, JSON.stringify(raid));
    const first = JSON.parse(stage.tryMove("a2:M-b2", "en"));
    assert.deepEqual([first.ok, first.reply], [true, "c2:F-d2"]);
    assert.equal(stage.hint(), "b2:M-c2");
  }
});
