// The WebAssembly build against the native engine: the specification's conformance
// data (perft counts, legal-move lists, whole games, statuses), which the native rules
// pass in crates/battaglie-rules/tests/conformance.rs, and the search's pinned benchmark
// signature, which the native search passes in crates/battaglie-ai/src/bench.rs.
// Run with `node --test crates/battaglie-wasm/tests/`; BATTAGLIE_WASM_DIR names
// another build than the committed one (.ci/run tests a fresh one).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const root = new URL("../../../", import.meta.url);
const wasmDir = process.env.BATTAGLIE_WASM_DIR
  ? pathToFileURL(`${process.env.BATTAGLIE_WASM_DIR}/`)
  : new URL("crates/battaglie-server/web/wasm/", root);
const conformance = new URL("crates/battaglie-rules/tests/conformance/", root);

const wasm = await import(new URL("battaglie_wasm.js", wasmDir).href);
wasm.initSync({ module: readFileSync(new URL("battaglie_wasm_bg.wasm", wasmDir)) });
const { Battle } = wasm;

/** The data lines of a conformance file, split on ` ; `. */
function lines(name) {
  return readFileSync(new URL(name, conformance), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"))
    .map((l) => l.split(" ; ").map((f) => f.trim()));
}

/** A game of a conformance scenario, from its start or from `bfen`. */
function battle(file, bfen) {
  return Battle.fromScenarioFile(file, readFileSync(new URL(file, conformance), "utf8"), bfen);
}

test("perft counts match the reference in WebAssembly", () => {
  const data = lines("perft.txt");
  assert.ok(data.length >= 50);
  for (const [file, bfen, depth, count] of data) {
    assert.equal(battle(file, bfen).perft(Number(depth)), BigInt(count), `${file} ${bfen} depth ${depth}`);
  }
});

test("legal move lists match the reference in canonical notation in WebAssembly", () => {
  for (const [file, bfen, expected] of lines("legal.txt")) {
    const ours = battle(file, bfen).legalMoves().sort().join(" ");
    assert.equal(ours, expected === "-" ? "" : expected, `${file} ${bfen}`);
  }
});

test("whole games end with the reference status and BFEN in WebAssembly", () => {
  for (const [file, moves, status, bfen] of lines("games.txt")) {
    const game = battle(file);
    for (const text of moves.split(/\s+/)) game.play(text);
    assert.equal(game.outcome ?? "ongoing", status, `${file}: ${moves}`);
    assert.equal(game.bfen, bfen, `${file}: ${moves}`);
    assert.deepEqual(game.legalMoves(), [], "a finished game has no moves");
  }
});

test("statuses with a fresh history match the reference in WebAssembly", () => {
  for (const [file, bfen, status] of lines("status.txt")) {
    assert.equal(battle(file, bfen).outcome ?? "ongoing", status, `${file} ${bfen}`);
  }
});

test("the search visits exactly the nodes of the native search's pinned benchmark", () => {
  const source = readFileSync(new URL("crates/battaglie-ai/src/bench.rs", root), "utf8");
  const pinned = /depth 4 = ([\d,]+) nodes/.exec(source);
  assert.ok(pinned, "bench.rs states its depth-4 signature");
  assert.equal(wasm.bench(4).nodes, Number(pinned[1].replaceAll(",", "")));
});

test("an illegal move is refused with the rule it breaks, and the game is unchanged", () => {
  const game = new Battle("washita");
  const before = game.bfen;
  assert.throws(() => game.play("z9:F-z10"), (e) => e instanceof Error && e.message.length > 0);
  assert.equal(game.bfen, before);
});

test("an unknown battle is refused with the names of the battles", () => {
  assert.throws(() => new Battle("waterloo"), /washita/);
});

test("a record written in either form reads back as the same game", () => {
  const game = new Battle("fetterman");
  for (let i = 0; i < 6; i++) game.play(game.legalMoves()[0]);
  for (const text of [game.recordText("Ann", "Bea"), game.recordJson("Ann", "Bea")]) {
    const back = Battle.fromRecord(text);
    assert.deepEqual(back.moves, game.moves);
    assert.equal(back.bfen, game.bfen);
  }
});

test("the computer at level 1 plays a legal move and tells each iteration", () => {
  const game = new Battle("washita");
  const heard = [];
  const answer = game.think(1, undefined, undefined, undefined, undefined, (t) => heard.push(t.depth));
  assert.ok(game.legalMoves().includes(answer.best));
  assert.ok(heard.length >= 1);
});

test("an analysis judges every move of a record and reports its progress", () => {
  const game = new Battle("washita");
  for (let i = 0; i < 4; i++) game.play(game.legalMoves()[0]);
  const progress = [];
  const analysis = JSON.parse(game.analyse(500, (soFar) => progress.push(JSON.parse(soFar))));
  assert.deepEqual(analysis.moves.map((m) => m.move), game.moves);
  assert.equal(analysis.complete, true);
  assert.deepEqual(progress.map((p) => p.moves.length), [1, 2, 3, 4]);
  assert.deepEqual(progress.map((p) => p.complete), [false, false, false, true]);
  assert.deepEqual(progress.at(-1), analysis);
});
