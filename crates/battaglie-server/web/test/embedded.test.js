// Every module of the front end is embedded in the server (src/http/web.rs): one that
// is not would be a 404 in the browser and a blank page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const here = new URL("..", import.meta.url);

test("every front-end file is served by the server", () => {
  const webRs = readFileSync(new URL("../src/http/web.rs", here), "utf8");
  const served = new Set([...webRs.matchAll(/\(\s*"([\w.-]+)",\s*include_str!\("\.\.\/\.\.\/web\/\1"\),?\s*\)/g)].map((m) => m[1]));
  const files = readdirSync(here).filter((f) => f.endsWith(".js") || f.endsWith(".css"));
  for (const f of files) assert.ok(served.has(f), `${f} is not in web.rs's ASSETS`);
  for (const f of served) assert.ok(files.includes(f), `web.rs serves ${f}, which does not exist`);
});

test("every import between modules names a module that exists", () => {
  const files = readdirSync(here).filter((f) => f.endsWith(".js"));
  for (const f of files) {
    const text = readFileSync(new URL(f, here), "utf8");
    for (const m of text.matchAll(/from "\.\/([\w.-]+)"/g)) assert.ok(files.includes(m[1]), `${f} imports ./${m[1]}`);
  }
});
