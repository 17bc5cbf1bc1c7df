// The server embeds the bundle of web/dist (scripts/build-web): its pages must load
// files the bundle has, and the server must list every one of them. (.ci/run checks
// that the bundle is the one the modules give.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const here = new URL("..", import.meta.url);
const dist = new URL("dist/", here);

test("every file of the bundle is served by the server, and nothing else", () => {
  const listed = [...readFileSync(new URL("files.rs", dist), "utf8").matchAll(/asset\("([\w.-]+)"/g)].map((m) => m[1]).sort();
  const files = readdirSync(dist).filter((f) => f !== "files.rs").sort();
  assert.deepEqual(listed, files);
});

test("the pages load their script and style sheet from the bundle, by hashed names", () => {
  const files = readdirSync(dist);
  for (const page of ["index.html", "player.html"]) {
    const html = readFileSync(new URL(page, dist), "utf8");
    const refs = [...html.matchAll(/(?:src|href)="\/([\w.-]+)"/g)].map((m) => m[1]);
    assert.ok(refs.some((r) => r.endsWith(".js")) && refs.some((r) => r.endsWith(".css")), `${page} loads no script or no style sheet`);
    for (const r of refs) {
      assert.ok(files.includes(r), `${page} refers to /${r}, which the bundle lacks`);
      assert.match(r, /-[0-9A-Z]{8}\.(js|css)$/, `${page} refers to /${r}, a name without its content's digest`);
    }
  }
});

test("every import between modules names a module that exists", () => {
  const files = readdirSync(here).filter((f) => f.endsWith(".js"));
  for (const f of files) {
    const text = readFileSync(new URL(f, here), "utf8");
    for (const m of text.matchAll(/(?:from |import\()"\.\/([\w.-]+)"/g)) assert.ok(files.includes(m[1]), `${f} imports ./${m[1]}`);
  }
});
