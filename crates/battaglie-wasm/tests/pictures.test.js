// A game's pictures drawn in WebAssembly (battaglie-image), as the server draws them:
// the animated GIF of the game or of a range of it, a position's PNG. Run with
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

const ascii = (/** @type {Uint8Array} */ bytes, n) => new TextDecoder().decode(bytes.slice(0, n));

/** A game of Washita River four plies long. */
function game() {
  const g = new Battle("washita");
  for (let i = 0; i < 4; i++) g.play(g.legalMoves()[0]);
  return g;
}

test("a game's animated GIF has a frame per position, a range of it fewer", () => {
  const whole = game().gif(undefined, undefined);
  assert.equal(ascii(whole, 6), "GIF89a");
  const part = game().gif(2, 3);
  assert.equal(ascii(part, 6), "GIF89a");
  assert.ok(part.length < whole.length, `${part.length} < ${whole.length}`);
});

test("a position's PNG is a PNG, and a position the game has not reached is refused", () => {
  const png = game().png(1);
  assert.deepEqual([...png.slice(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.notDeepEqual([...game().png(undefined)], [...png], "the position now is another");
  assert.throws(() => game().png(5), /the game has 4 moves/);
});

test("a GIF's range the game does not have is refused in the rules' words", () => {
  assert.throws(() => game().gif(0, 9), /the game has 4 moves/);
  assert.throws(() => game().gif(3, 1), /ends before it starts/);
});
