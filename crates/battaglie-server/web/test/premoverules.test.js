// Premoves from the rules: the page asks the engine's worker once a position for the
// moves the reader may queue, draws them when they come, and offers none when the
// browser does not run the engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { premovesFromRules } from "../premoverules.js";
import { EngineUnavailable } from "../engine.js";

const MOVES = [{ from: "@1", captures: [], moves: [{ notation: "@1:V-a1", groups: [{ to: "a1", F: 0, M: 0, V: 1 }] }] }];
const game = (bfen) => ({ scenario: "washita", bfen, version: 1 });

/** An engine whose answers the test gives: `answer(value)` or `fail(error)` settles the oldest request. */
function fakeEngine() {
  /** @type {{kind: string, request: any, resolve: (v: any) => void, reject: (e: unknown) => void}[]} */
  const requests = [];
  return {
    requests,
    ask: (kind, request) => new Promise((resolve, reject) => requests.push({ kind, request, resolve, reject })),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test("the rules are asked once a position for the reader's premoves, drawn when they come", async () => {
  const engine = fakeEngine();
  let drawn = 0;
  const premovesOf = premovesFromRules(() => drawn++, engine);
  assert.equal(premovesOf(game("B1 I 0 1"), "army"), null, "nothing until the rules answer");
  assert.equal(premovesOf(game("B1 I 0 1"), "army"), null);
  assert.equal(engine.requests.length, 1, "asked once");
  assert.deepEqual({ kind: engine.requests[0].kind, ...engine.requests[0].request }, { kind: "premoves", scenario: "washita", start: "B1 I 0 1", side: "army" });
  engine.requests[0].resolve(MOVES);
  await settled();
  assert.equal(drawn, 1);
  assert.equal(premovesOf(game("B1 I 0 1"), "army"), MOVES);
  // A new position is asked anew.
  assert.equal(premovesOf(game("B2 I 0 1"), "army"), null);
  assert.equal(engine.requests.length, 2);
});

test("an answer for a position already left is not drawn", async () => {
  const engine = fakeEngine();
  let drawn = 0;
  const premovesOf = premovesFromRules(() => drawn++, engine);
  premovesOf(game("B1 I 0 1"), "army");
  premovesOf(game("B2 I 0 1"), "army");
  engine.requests[0].resolve(MOVES);
  await settled();
  assert.equal(drawn, 0);
  assert.equal(premovesOf(game("B2 I 0 1"), "army"), null);
});

test("a browser that does not run the engine offers no premoves and stops asking", async () => {
  const engine = fakeEngine();
  const premovesOf = premovesFromRules(() => assert.fail("nothing to draw"), engine);
  premovesOf(game("B1 I 0 1"), "army");
  engine.requests[0].reject(new EngineUnavailable("no WebAssembly"));
  await settled();
  assert.equal(premovesOf(game("B2 I 0 1"), "army"), null);
  assert.equal(engine.requests.length, 1);
});
