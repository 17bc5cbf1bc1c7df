// The stars kept in the browser: the best of each stage, garbage ignored, and the
// next stage offered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bestOf, nextStage } from "../learnprogress.js";

test("merging two records of stars keeps the best of each stage and ignores garbage", () => {
  const here = { "board/1": 3, "board/2": 1 };
  const account = { "board/1": 1, "board/2": 3, "split/1": 2, "steps/1": 7, "steps/2": 0 };
  assert.deepEqual(bestOf(here, account), { "board/1": 3, "board/2": 3, "split/1": 2 });
});

test("the next stage offered is the first without a star, none when all have one", () => {
  const lessons = [
    { id: "board", stages: [{}, {}] },
    { id: "steps", stages: [{}] },
  ];
  assert.deepEqual(nextStage(lessons, {}), { lesson: "board", stage: 1 });
  assert.deepEqual(nextStage(lessons, { "board/1": 2, "board/2": 1 }), { lesson: "steps", stage: 1 });
  assert.equal(nextStage(lessons, { "board/1": 2, "board/2": 1, "steps/1": 3 }), null);
});
