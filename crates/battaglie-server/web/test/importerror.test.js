// A record naming a square its battle's board lacks is refused in a player's words:
// the square, and the board's real files and ranks (Washita ends at l, not p).
import { test } from "node:test";
import assert from "node:assert/strict";
import { importErrorText } from "../importerror.js";
import { ApiError } from "../api.js";

const washita = /** @type {any} */ ({ id: "washita", name: "Washita River", width: 12, height: 8 });
const fetterman = /** @type {any} */ ({ id: "fetterman", name: "Fetterman Fight", width: 16, height: 10 });
const refusal = new ApiError(422, "bad record", "bad_record", {
  detail: 'line 3: invalid move "z9:F-a1": source invalid square "z9": the file must be a letter from `a` to `p` or `@`',
});

test("a bad square in an imported record names the square and the battle's own files and ranks", () => {
  const said = importErrorText(refusal, '{"scenario": "washita", "moves": ["z9:F-a1"]}', [fetterman, washita]);
  assert.match(said, /z9/);
  assert.match(said, /Washita River/);
  assert.match(said, /from a to l\b/);
  assert.match(said, /from 1 to 8\b/);
  assert.doesNotMatch(said, /`|invalid|\bp\b/, said);
});

test("without a battle to go by, the square is still said in a player's words", () => {
  const said = importErrorText(refusal, "nothing recognisable", [washita]);
  assert.match(said, /z9/);
  assert.doesNotMatch(said, /`|invalid/);
});

test("other refusals of a record keep their own sentence", () => {
  const other = new ApiError(422, "bad record", "bad_record", { detail: "line 1: no scenario" });
  assert.match(importErrorText(other, "", [washita]), /cannot be read/);
});
