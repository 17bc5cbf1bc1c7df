// The coach of the first battles on the game page: on against the computer at levels 1
// to 3 only, unless the player chose; its warning asked of the rules with the whole game,
// so that repetition counts as the rules count it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { coachOn, warningFor } from "../coach.js";

const game = (mode, level) => ({
  mode,
  computer: mode === "computer" ? { side: "indians", level } : null,
  scenario: "washita",
  start: "|12/|F11 A 0 1",
  plies: [{ ply: 1, turn: 1, side: "army", notation: "@8:MMM-a8", label: "1." }],
});

test("the coach is on against levels 1 to 3 and off against the others and against people", () => {
  for (const level of [1, 2, 3]) assert.equal(coachOn(game("computer", level)), true, `level ${level}`);
  for (const level of [4, 8]) assert.equal(coachOn(game("computer", level)), false, `level ${level}`);
  assert.equal(coachOn(game("online")), false);
  assert.equal(coachOn(game("hotseat")), false);
});

test("the warning is asked with the battle, its start, every move and the page's language", async () => {
  /** @type {{kind: string, request: any}[]} */
  const asked = [];
  const engine = { ask: async (kind, request) => (asked.push({ kind, request }), { words: "Your Foot on b2 can be taken.", squares: ["b2", "c2"] }) };
  const said = await warningFor(engine, game("computer", 1), "a2:F-b2");
  assert.deepEqual(said, { words: "Your Foot on b2 can be taken.", squares: ["b2", "c2"] });
  assert.equal(asked.length, 1);
  assert.equal(asked[0].kind, "coachWarning");
  assert.deepEqual(asked[0].request, { scenario: "washita", start: "|12/|F11 A 0 1", moves: ["@8:MMM-a8"], move: "a2:F-b2", lang: "en" });
});
