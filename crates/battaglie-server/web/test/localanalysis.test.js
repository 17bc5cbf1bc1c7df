// The browser's analysis judges as the server's does: the same nodes per position.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ANALYSIS_NODES } from "../engine.js";

test("the browser searches each position with the server's analysis budget", () => {
  const rust = readFileSync(new URL("../../src/analysis/service.rs", import.meta.url), "utf8");
  const server = /pub const ANALYSIS_NODES: u64 = ([\d_]+);/.exec(rust);
  assert.ok(server, "src/analysis/service.rs states ANALYSIS_NODES");
  assert.equal(ANALYSIS_NODES, Number(server[1].replaceAll("_", "")));
});
