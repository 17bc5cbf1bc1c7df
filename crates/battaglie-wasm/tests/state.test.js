// The offline edition's reading of games in WebAssembly: the state's rules fields,
// the battles, the endings the players settle. Their JSON is the server's by
// construction (battaglie-view); the server's test `the_offline_editions_state_fields_are_the_servers`
// holds them field for field. Run with `node --test crates/battaglie-wasm/tests/`.
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
const { Battle, scenariosJson } = wasm;

test("the three battles are described as the server's scenario list describes them", () => {
  const list = JSON.parse(scenariosJson());
  assert.deepEqual(list.map((s) => s.id).sort(), ["apache-pass", "fetterman", "washita"]);
  for (const s of list) assert.ok(s.stacks.length > 0 && s.terrain.rows.length === s.height, s.id);
});

test("a state lists the moves played and the legal moves that the rules allow", () => {
  const game = new Battle("washita");
  const first = game.legalMoves()[0];
  game.play(first);
  const state = JSON.parse(game.stateJson());
  assert.equal(state.ply, 1);
  assert.equal(state.plies[0].notation, first);
  assert.equal(state.status, "ongoing");
  const listed = state.legal.flatMap((/** @type {any} */ from) => from.moves.map((/** @type {any} */ m) => m.notation));
  assert.deepEqual(listed.sort(), game.legalMoves().sort());
});

test("a resignation ends the game for the other side, and an undo takes it back", () => {
  const game = new Battle("fetterman");
  game.settle("indians", "resignation");
  const over = JSON.parse(game.stateJson());
  assert.deepEqual([over.status, over.result, over.reason, over.legal.length], ["over", "indians", "resignation", 0]);
  assert.throws(() => game.settle("draw", "agreement"), /over/);
  game.undo();
  assert.equal(JSON.parse(game.stateJson()).status, "ongoing");
});

test("an ending the rules decide cannot be settled by the players", () => {
  const game = new Battle("washita");
  assert.throws(() => game.settle("army", "elimination"), /not an ending the players settle/);
});
