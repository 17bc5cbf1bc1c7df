// The computer at the table in WebAssembly, as on the server (battaglie-ai's sport and
// table): it resigns a game its searches keep scoring lost, answers a draw offer by
// the same judgement, and an undo against it takes back its opponent's move with the
// reply. Run with `node --test crates/battaglie-wasm/tests/`.
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

// The Indians (the computer, to move) down to one Foot against sixteen Army horsemen.
const HOPELESS = "|(MMMM)(MMMM)(MMMM)(MMMM)8/|12/|12/|12/|12/|12/|12/|11f I 5 30";
// Army Foot alone against an Indian horseman: the Army can never win.
const FOOT_AGAINST_HORSE = "|12/|12/|12/|12/|12/|12/|F11/|11m A 5 30";

test("a computer whose searches have scored the game lost for six moves resigns, saying why", () => {
  const game = new Battle("washita", HOPELESS);
  const first = game.computerTurn(1, [], undefined, 1n);
  assert.equal(first.resigns, false, "one lost search is not enough");
  assert.equal(first.scores.length, 1);
  assert.ok(game.legalMoves().includes(first.best));
  const lost = first.scores[0];
  const turn = game.computerTurn(1, Array(5).fill(lost), undefined, 1n);
  assert.equal(turn.resigns, true);
  assert.equal(turn.says, "lost-score");
  assert.equal(turn.scores.length, 6);
});

test("the computer accepts a draw it cannot win, saying so, and declines one its last search leads", () => {
  const game = new Battle("washita", FOOT_AGAINST_HORSE);
  assert.equal(game.computerAcceptsDraw("army", []), "cannot-win");
  assert.equal(game.computerAcceptsDraw("indians", ["400"]), undefined);
  assert.throws(() => game.computerAcceptsDraw("indians", ["ahead"]), /"ahead" is not a score/);
});

test("an undo against the computer takes back its opponent's last move and the reply, at one screen the last move", () => {
  const game = new Battle("washita");
  assert.equal(game.undoCount("indians"), 0);
  game.play(game.legalMoves()[0]);
  game.play(game.legalMoves()[0]);
  assert.equal(game.undoCount("indians"), 2);
  game.play(game.legalMoves()[0]);
  assert.equal(game.undoCount("indians"), 1);
  assert.equal(game.undoCount(undefined), 1);
});
