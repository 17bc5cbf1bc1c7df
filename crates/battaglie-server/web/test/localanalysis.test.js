// The browser's analysis judges as the server's does: the same nodes per position.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ANALYSIS_NODES } from "../engine.js";

// The server's budget is the outlook's, by which players' winning chances are read
// (battaglie-ai's outlook.rs): the analysis shows the chances play shows.
test("the browser searches each position with the server's analysis budget", () => {
  const rust = readFileSync(new URL("../../src/analysis/service.rs", import.meta.url), "utf8");
  assert.match(rust, /pub const ANALYSIS_NODES: u64 = battaglie_ai::OUTLOOK_NODES;/, "the server analyses at the outlook's budget");
  const outlook = readFileSync(new URL("../../../battaglie-ai/src/outlook.rs", import.meta.url), "utf8");
  const nodes = /pub const OUTLOOK_NODES: u64 = ([\d_]+);/.exec(outlook);
  assert.ok(nodes, "battaglie-ai/src/outlook.rs states OUTLOOK_NODES");
  assert.equal(ANALYSIS_NODES, Number(nodes[1].replaceAll("_", "")));
});
