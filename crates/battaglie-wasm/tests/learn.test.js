// Learn to play in WebAssembly: the lessons in one language, a stage played with a
// refusal that names the rule, the hint and the stars. Run with
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
const { LearnStage, learnLessonsJson } = wasm;

test("the lessons come in the language asked, every stage with its budgets and solution", () => {
  const lessons = JSON.parse(learnLessonsJson("fr"));
  assert.ok(lessons.length >= 12);
  assert.equal(lessons[0].title, "Le champ de bataille");
  const stages = lessons.flatMap((/** @type {any} */ l) => l.stages);
  assert.ok(stages.length >= 40);
  for (const s of stages) {
    // Against the computer, three stars is a win against every reply; its own replies
    // may let the stored solution win sooner.
    if (s.opponent.kind === "computer") assert.ok(s.solution.length <= s.stars[0], s.goal);
    else assert.equal(s.stars[0], s.solution.length, s.goal);
  }
});

test("a refused move says the rule and the squares, a hint leads to three stars", () => {
  const stage = new LearnStage("who-eliminates", 2);
  const refused = JSON.parse(stage.tryMove("a1:Fxb1", "en"));
  assert.deepEqual([refused.ok, refused.rule, refused.squares], [false, "cannot_eliminate", ["a1", "b1"]]);
  assert.match(refused.words, /^Foot cannot eliminate Mounted on b1/);
  const hint = stage.hint();
  assert.equal(hint, "b2:Mxb1");
  const played = JSON.parse(stage.tryMove(hint, "de"));
  assert.deepEqual([played.ok, played.finish.kind, played.finish.stars], [true, "won", 3]);
  assert.equal(played.finish.words, "Geschafft in 1 Zug: 3 von 3 Sternen.");
  assert.deepEqual(stage.legalMoves(), []);
});

test("the first battle is played against the computer, the same answer every time", () => {
  const lessons = JSON.parse(learnLessonsJson("en"));
  const battle = lessons.find((/** @type {any} */ l) => l.id === "first-battle");
  assert.deepEqual(battle.stages[0].opponent, { kind: "computer", level: 1 });
  for (let i = 0; i < 2; i++) {
    const stage = new LearnStage("first-battle", 1);
    const first = JSON.parse(stage.tryMove("a2:M-b2", "en"));
    assert.deepEqual([first.ok, first.reply], [true, "c2:F-d2"]);
    assert.equal(stage.hint(), "b2:M-c2");
  }
});
