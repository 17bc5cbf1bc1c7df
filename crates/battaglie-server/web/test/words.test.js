// What players read is written for players: moves in words, splits said exactly, no
// developer text in any language, German in one register, plurals right.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { STRINGS, HISTORIES, SUMMARIES } from "./tables.js";
import { RULES } from "../rules.js";
import { moveText } from "../words.js";
import { splitText } from "../chooser.js";
import { controlText } from "../clock.js";
import { select, assign, setChosen, exactMove } from "../moves.js";

const here = new URL("..", import.meta.url);
const scenarioDir = new URL("../../battaglie-rules/scenarios/", here);
const scenarioTexts = readdirSync(scenarioDir)
  .filter((f) => f.endsWith(".toml"))
  .flatMap((f) => [...readFileSync(new URL(f, scenarioDir), "utf8").matchAll(/^(?:history|summary) = """\n([\s\S]*?)"""/gm)].map((m) => [`${f} notes`, m[1]]));

test("a move is said in words: how many of each kind go from where to where, and which groups attack", () => {
  assert.equal(moveText("l4:FF-k4,M-l5"), "2 Foot from l4 to k4, 1 Mounted to l5");
  assert.equal(moveText("c3:FFM-c4,Mxd3"), "2 Foot and 1 Mounted from c3 to c4, 1 Mounted to d3 (attack)");
  assert.equal(moveText("e5:V-e6"), "1 Vehicle from e5 to e6");
  assert.equal(moveText("pass"), "a pass: no move was possible");
});

test("a split says what goes where and what stays, as Confirm would play it", () => {
  const legal = [
    {
      from: "@7",
      captures: [],
      moves: [
        { notation: "@7:MMM-a7", groups: [{ to: "a7", F: 0, M: 3, V: 0 }] },
        { notation: "@7:MM-a7", groups: [{ to: "a7", F: 0, M: 2, V: 0 }] },
        { notation: "@7:M-a7", groups: [{ to: "a7", F: 0, M: 1, V: 0 }] },
      ],
    },
  ];
  // Three Mounted on @7, the count lowered to 2, a7 clicked: one stays if confirmed.
  const sel = assign(setChosen(select("@7", { F: 0, M: 3, V: 0 }), "M", 2), "a7", legal);
  assert.equal(exactMove(sel, legal)?.notation, "@7:MM-a7");
  assert.equal(splitText(sel, true), "2 Mounted to a7 · Confirm now and 1 Mounted stays on @7");
  assert.equal(splitText(select("@7", { F: 0, M: 3, V: 0 }), false), "nothing stays on @7");
  assert.equal(splitText(setChosen(setChosen(select("@7", { F: 1, M: 3, V: 0 }), "M", 1), "F", 0), false), "1 Foot and 2 Mounted stay on @7");
});

test("a day is one day: the clock's words follow the number", () => {
  assert.equal(controlText("1d+1h"), "1 day + 1 h a move");
  assert.equal(controlText("3d+2h"), "3 days + 2 h a move");
});

/** Every text a player may read, by language and where it comes from. */
function playerTexts() {
  /** @type {[string, string][]} */
  const out = [];
  for (const [code, table] of Object.entries(STRINGS)) for (const [key, text] of Object.entries(table)) out.push([`${code}.${key}`, text]);
  for (const [code, byId] of Object.entries({ ...HISTORIES })) for (const [id, text] of Object.entries(byId)) out.push([`${code} history of ${id}`, text]);
  for (const [code, byId] of Object.entries(SUMMARIES)) for (const [id, text] of Object.entries(byId)) out.push([`${code} summary of ${id}`, text]);
  for (const [code, sections] of Object.entries(RULES)) out.push([`${code} rules`, JSON.stringify(sections)]);
  return out.concat(/** @type {[string, string][]} */ (scenarioTexts));
}

test("no player-facing text holds developer words: file names, command lines, code marks, engine jargon", () => {
  const jargon = [
    [/\b[\w/-]+\.(md|rs|js|toml|json|py)\b/, "a file name"],
    [/\bdocs\//, "a folder"],
    [/`/, "a code mark"],
    [/(^|\s)--\w/, "a command-line option"],
    [/\bbattaglie (match|analy[sz]e|play|serve)\b/, "a command"],
    [/\b(plies|ply|nodes?|BFEN|FEN|centipawns?|depth \d|Halbz(u|ü)ge?|demi-coups?|semimosse?|n(œ|oe)uds?|nodi|Knoten)\b/i, "engine jargon"],
  ];
  // A placeholder's name is the server's parameter, not words a player reads.
  for (const [where, raw] of playerTexts()) {
    const text = raw.replace(/\{\w+\}/g, "");
    for (const [re, what] of jargon) assert.ok(!re.test(text), `${where} holds ${what}: ${text.match(re)?.[0]} in “${text.slice(0, 120)}”`);
  }
});

test("German speaks to the player as du throughout, never Sie", () => {
  for (const [key, text] of Object.entries(STRINGS.de)) assert.ok(!/\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/.test(text), `de.${key} says Sie: ${text}`);
});
