// Premoves from the rules in WebAssembly: the moves a side may queue while the other
// is to move are its moves on the board as it stands, were it its turn
// (`Position::moves_of`), grouped as the state's legal moves. Run with
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
const { Battle } = wasm;

/** @param {any[]} grouped */
const notations = (grouped) => grouped.flatMap((from) => from.moves.map((/** @type {any} */ m) => m.notation)).sort();

/** The same placement with `letter` (A or I) to move. @param {string} bfen @param {string} letter */
const turned = (bfen, letter) => bfen.split(" ").map((f, i) => (i === 1 ? letter : f)).join(" ");

test("while the Indians are to move, the Army may queue the moves it would have on its turn", () => {
  for (const battle of ["washita", "fetterman", "apache-pass"]) {
    const game = new Battle(battle);
    game.play(game.legalMoves()[0]);
    assert.equal(game.sideToMove, "indians");
    const queued = notations(JSON.parse(game.premovesJson("army")));
    const onItsTurn = new Battle(battle, turned(game.bfen, "A"));
    assert.ok(queued.length > 0, battle);
    assert.deepEqual(queued, onItsTurn.legalMoves().filter((m) => m !== "pass").sort(), battle);
  }
});

test("the premoves of the side to move are its legal moves, grouped by square with their eliminations", () => {
  const game = new Battle("washita");
  const grouped = JSON.parse(game.premovesJson("army"));
  assert.deepEqual(notations(grouped), game.legalMoves().sort());
  assert.deepEqual(grouped, JSON.parse(game.stateJson()).legal);
});

test("a side the rules do not know is refused by name", () => {
  assert.throws(() => new Battle("washita").premovesJson("cavalry"), /cavalry/);
});
