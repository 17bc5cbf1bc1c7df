// The coach of the first battles in WebAssembly: a move that leaves a stack next to a
// Mounted is warned with the stack, its attacker and their squares, in the language
// asked; a safe move is not; what the other side threatens is one sentence. Run with
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

// Washita, the Army to move: its Foot on a2 (and l3), the Indians' Mounted on c2.
const NEXT_TO_A_MOUNTED = "|12/|12/|12/|12/|12/|11F/|F1m9/|12 A 0 30";

test("a move next to a Mounted is warned, in the language asked, with its squares", () => {
  const game = new Battle("washita", NEXT_TO_A_MOUNTED);
  try {
    assert.deepEqual(JSON.parse(game.coachWarning("a2:F-b2", "en")), {
      words: "Your Foot on b2 can be taken by the Mounted on c2.",
      squares: ["b2", "c2"],
    });
    assert.equal(JSON.parse(game.coachWarning("a2:F-b2", "de")).words, "Dein Stapel auf b2 (1 Fußsoldat) kann vom Stapel auf c2 (1 Reiter) ausgeschaltet werden.");
    assert.equal(game.coachWarning("a2:F-a1", "en"), undefined, "a safe move is not warned");
    assert.throws(() => game.coachWarning("a2:F-c2", "en"), "an illegal move is an error");
  } finally {
    game.free();
  }
});

test("what the other side threatens is one sentence, with the squares to mark", () => {
  const game = new Battle("washita", NEXT_TO_A_MOUNTED);
  try {
    game.play("a2:F-b2");
    // The Indians to move: what they threaten against the Army.
    assert.deepEqual(JSON.parse(game.coachThreats("army", "en")), {
      words: "The Mounted on c2 threatens your Foot on b2.",
      squares: ["b2", "c2"],
    });
    game.play("c2:m-c3");
    assert.equal(JSON.parse(game.coachThreats("army", "fr")).words, "Aucune de vos piles ne peut être éliminée au prochain coup.");
  } finally {
    game.free();
  }
});
