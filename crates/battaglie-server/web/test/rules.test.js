// The rules page's illustrations: one list for every language's sections, each
// illustration a lesson's board with its words in every language and a lesson to try.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { FIGURES, RULES } from "../rules.js";
import { RULE_BOARDS } from "../ruleboards.js";
import { STRINGS } from "./tables.js";

const lessonDir = new URL("../../../battaglie-learn/lessons/", import.meta.url);
const lessonIds = readdirSync(lessonDir)
  .filter((f) => f.endsWith(".toml"))
  .map((f) => /^id = "([a-z-]+)"$/m.exec(readFileSync(new URL(f, lessonDir), "utf8"))?.[1]);

test("every paragraph of the rules has its place in the illustrations' list, in every language", () => {
  for (const [code, sections] of Object.entries(RULES)) {
    assert.deepEqual(
      sections.map(([, ps]) => ps.length),
      FIGURES.map((ps) => ps.length),
      `${code}: the illustrations' list has another shape than the rules`,
    );
  }
});

test("every rule illustrated has a board, words in every language and a lesson that exists", () => {
  const keys = FIGURES.flat(2);
  assert.ok(keys.length >= 10, `${keys.length} illustrations`);
  assert.deepEqual([...new Set(keys)].sort(), Object.keys(RULE_BOARDS).sort(), "every board is shown once");
  for (const key of keys) {
    const fig = RULE_BOARDS[key];
    assert.ok(lessonIds.includes(fig.lesson), `${key}: no lesson ${fig.lesson}`);
    assert.ok(fig.scenario.stacks.length > 0, `${key}: a board with pieces`);
    for (const [code, table] of Object.entries(STRINGS)) {
      assert.ok(table[`ruleFig_${key}`]?.trim(), `${code} says nothing of ${key}`);
    }
  }
});
