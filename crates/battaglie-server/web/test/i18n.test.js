// Four languages, complete: a string missing (or extra, or with other placeholders) in
// any language fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { LANGUAGES, pickLanguage } from "../i18n.js";
import { STRINGS, SUMMARIES, HISTORIES } from "./tables.js";
import { RULES } from "../rules.js";
import { SIDE_NAMES } from "../sides.js";

const here = new URL("..", import.meta.url);
const scenarioDir = new URL("../../battaglie-rules/scenarios/", here);
const scenarios = readdirSync(scenarioDir)
  .filter((f) => f.endsWith(".toml"))
  .map((f) => readFileSync(new URL(f, scenarioDir), "utf8"));
const placeholders = (/** @type {string} */ s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("the page offers English, Italian, French and German", () => {
  assert.deepEqual(Object.keys(LANGUAGES).sort(), ["de", "en", "fr", "it"]);
  assert.deepEqual(Object.keys(STRINGS).sort(), ["de", "en", "fr", "it"]);
});

test("every language has every string, with the same placeholders", () => {
  const en = STRINGS.en;
  for (const [code, table] of Object.entries(STRINGS)) {
    for (const key of Object.keys(en)) {
      assert.ok(key in table, `${code} lacks ${key}`);
      assert.ok(table[key].trim() !== "", `${code}.${key} is empty`);
      assert.deepEqual(placeholders(table[key]), placeholders(en[key]), `${code}.${key} has other placeholders`);
    }
    for (const key of Object.keys(table)) assert.ok(key in en, `${code} has ${key}, which English lacks`);
  }
});

test("every string the code asks for exists", () => {
  const en = STRINGS.en;
  const code = readdirSync(here)
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(new URL(f, here), "utf8"))
    .join("\n");
  for (const m of code.matchAll(/\bt\("(\w+)"/g)) assert.ok(m[1] in en || `${m[1]}_one` in en, `t("${m[1]}") has no string`);
  const expand = {
    kind_: ["F", "M", "V"],
    count_: ["F_one", "F_other", "M_one", "M_other", "V_one", "V_other"],
    piece_: ["F_one", "F_other", "M_one", "M_other", "V_one", "V_other"],
    adj_: ["army", "indians"],
    level: ["1", "2", "3", "4", "5", "6", "7", "8"],
    mode_: ["computer", "online", "hotseat"],
    reason_: ["elimination", "resignation", "deadlock", "repetition", "quiet", "agreement", "time", "abandoned"],
    replay_: ["first", "previous", "next", "last"],
    err_: ["network"],
    presence_: ["online", "away", "gone"],
  };
  for (const [prefix, rest] of Object.entries(expand)) for (const r of rest) assert.ok(`${prefix}${r}` in en, `${prefix}${r} has no string`);
  // Every terrain of every built-in battle has a name.
  for (const s of scenarios) for (const m of s.matchAll(/name = "(\w+)"/g)) if (!/^id|^\[/.test(m[1]) && s.includes(`{ name = "${m[1]}"`)) assert.ok(`terrain_${m[1]}` in en, `terrain ${m[1]} has no name`);
});

test("every error code of the API has a sentence, naming only the parameters the server sends", () => {
  const api = readFileSync(new URL("../../../docs/api.md", here), "utf8");
  const rows = [...api.matchAll(/^ {2}\| `(\w+)` \|[^|]+\|([^|]*)\|/gm)];
  assert.ok(rows.length >= 40, `docs/api.md lists ${rows.length} error codes`);
  for (const [, code, params] of rows) {
    const key = `err_${code}`;
    assert.ok(key in STRINGS.en, `no string for the error code ${code}`);
    const sent = [...params.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    for (const p of placeholders(STRINGS.en[key])) assert.ok(sent.includes(p), `${key} names {${p}}, which the server does not send`);
  }
});

test("the rules for players exist in every language, section by section", () => {
  for (const code of Object.keys(LANGUAGES)) {
    assert.ok(RULES[code], `no rules in ${code}`);
    assert.deepEqual(RULES[code].map(([, ps]) => ps.length), RULES.en.map(([, ps]) => ps.length), `${code}'s rules differ in shape`);
  }
});

test("every built-in battle's summary is translated", () => {
  const ids = scenarios.map((s) => /^id = "([^"]+)"/m.exec(s)?.[1]);
  for (const code of Object.keys(LANGUAGES).filter((c) => c !== "en")) for (const id of ids) assert.ok(SUMMARIES[code]?.[id], `${code} lacks the summary of ${id}`);
});

test("every built-in battle's side names are translated", () => {
  for (const s of scenarios) {
    const id = /^id = "([^"]+)"/m.exec(s)?.[1] ?? "";
    for (const code of Object.keys(LANGUAGES).filter((c) => c !== "en")) {
      const names = SIDE_NAMES[code]?.[id];
      assert.ok(names?.army && names?.indians, `${code} lacks the side names of ${id}`);
    }
  }
});

test("every built-in battle's history is translated, paragraph by paragraph", () => {
  const paragraphs = (/** @type {string} */ t) => t.trim().split(/\n\s*\n/).length;
  for (const s of scenarios) {
    const id = /^id = "([^"]+)"/m.exec(s)?.[1] ?? "";
    const english = /^history = """\n([\s\S]*?)"""/m.exec(s)?.[1] ?? "";
    assert.ok(english.trim(), `${id} has no English history`);
    for (const code of Object.keys(LANGUAGES).filter((c) => c !== "en")) {
      const own = HISTORIES[code]?.[id];
      assert.ok(own, `${code} lacks the history of ${id}`);
      assert.equal(paragraphs(own), paragraphs(english), `${code}'s history of ${id} has another number of paragraphs`);
    }
  }
});

test("the language follows the browser's preferences", () => {
  assert.equal(pickLanguage(["fr-CA", "en"]), "fr");
  assert.equal(pickLanguage(["es-ES", "de"]), "de");
  assert.equal(pickLanguage(["pt-BR"]), "en");
  assert.equal(pickLanguage(["IT"]), "it");
});

test("no string a player reads gives a score in centi-pieces: the winning chance is the one number", () => {
  for (const [code, table] of Object.entries(STRINGS)) {
    for (const [key, text] of Object.entries(table)) assert.doesNotMatch(text, /\bcenti/i, `${code}.${key}`);
  }
});
