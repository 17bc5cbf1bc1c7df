// The squares a played move joins, for the board's arrows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { squaresOf } from "../arrows.js";

test("a move joins its source to each destination, the staging column included", () => {
  assert.deepEqual(squaresOf("@8:MMF-a8"), { from: "@8", to: ["a8"] });
  assert.deepEqual(squaresOf("c10:FF-c11,Mxd10"), { from: "c10", to: ["c11", "d10"] });
  assert.equal(squaresOf("pass"), null);
});
