// The front end's bundle: see scripts/build-web, which runs this.
//
// From the plain ES modules of crates/battaglie-server/web it writes, into one
// folder (crates/battaglie-server/web/dist/ unless another is given):
//   - the modules bundled and minified, each file named after a digest of its bytes
//     (app-XXXXXXXX.js, chunk-XXXXXXXX.js, lang-de-XXXXXXXX.js ...): the entry points
//     app.js and player.js split into shared chunks, each language's tables a chunk of
//     its own fetched on demand, the engine's Web Worker its own entry point (a lesson's
//     page loads the WebAssembly module too, for its stages);
//   - style.css and the WebAssembly module, copied under hashed names;
//   - index.html and player.html (not hashed: their names are the site's addresses)
//     referring to the hashed names, with the entry's static imports preloaded;
//   - files.rs, the list the server embeds (name, bytes, content type).
// A file's name changes exactly when its bytes do, so the server lets browsers keep
// them for a year (`immutable`).

import { build } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const web = join(root, "crates/battaglie-server/web");
const out = process.argv[2] ?? join(web, "dist");

/** The first 8 hex digits of the SHA-256 of `bytes`. */
const digest = (/** @type {Buffer} */ bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 8).toUpperCase();

/** Copies `file` of web/ into the bundle under a hashed name; returns that name. */
function copyHashed(/** @type {string} */ file) {
  const bytes = readFileSync(join(web, file));
  const name = basename(file).replace(/\.(\w+)$/, `-${digest(bytes)}.$1`);
  writeFileSync(join(out, name), bytes);
  return name;
}

/**
 * Rewrites `new URL("./file", import.meta.url)` in the sources to the file's hashed
 * name in the bundle (`urls`: source path -> bundled name). A URL the bundle does not
 * have fails the build rather than a page.
 * @param {Record<string, string>} urls
 * @returns {import("esbuild").Plugin}
 */
function hashedUrls(urls) {
  return {
    name: "hashed-urls",
    setup(b) {
      b.onLoad({ filter: /\.js$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        if (!args.path.startsWith(web + "/") || args.path.startsWith(join(web, "wasm") + "/")) return { contents: text, loader: "js" };
        /** @type {import("esbuild").PartialMessage[]} */
        const errors = [];
        const contents = text.replace(/new URL\("\.\/([\w./-]+)", import\.meta\.url\)/g, (whole, path) => {
          if (!(path in urls)) {
            errors.push({ text: `${whole}: the bundle has no ${path} (add it to scripts/build-web.mjs)` });
            return whole;
          }
          return `new URL("./${urls[path]}", import.meta.url)`;
        });
        return { contents, loader: "js", errors };
      });
    },
  };
}

/** @type {import("esbuild").BuildOptions} */
const common = {
  absWorkingDir: web,
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",
  outdir: out,
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  metafile: true,
  logLevel: "warning",
};

/** The bundled file that `entry` (a source path relative to web/) became. */
function outputOf(/** @type {import("esbuild").Metafile} */ meta, /** @type {string} */ entry) {
  const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === entry);
  if (!found) throw new Error(`no output for ${entry}`);
  return relative(out, join(web, found[0]));
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const wasm = copyHashed("wasm/battaglie_wasm_bg.wasm");
const worker = await build({ ...common, entryPoints: ["engine-worker.js"], plugins: [hashedUrls({ "wasm/battaglie_wasm_bg.wasm": wasm })] });
const pages = await build({
  ...common,
  entryPoints: ["app.js", "player.js"],
  splitting: true,
  plugins: [hashedUrls({ "engine-worker.js": outputOf(worker.metafile, "engine-worker.js"), "wasm/battaglie_wasm_bg.wasm": wasm })],
});
const css = await build({ ...common, entryPoints: ["style.css"] });
const style = outputOf(css.metafile, "style.css");

/**
 * `page` (index.html or player.html) with its style sheet and module at their hashed
 * names, and the module's static imports preloaded so that they come in parallel.
 * @param {string} page
 * @param {string} entry
 */
function writePage(page, entry) {
  const bundled = outputOf(pages.metafile, entry);
  const imports = pages.metafile.outputs[relative(web, join(out, bundled))].imports.filter((i) => i.kind === "import-statement");
  const preloads = imports.map((i) => `<link rel="modulepreload" href="/${relative(out, join(web, i.path))}">\n`).join("");
  const html = readFileSync(join(web, page), "utf8");
  const rewritten = html
    .replace('<link rel="stylesheet" href="/style.css">', `<link rel="stylesheet" href="/${style}">`)
    .replace(`<script type="module" src="/${entry}"></script>`, `<script type="module" src="/${bundled}"></script>\n${preloads}`.trimEnd());
  if (!rewritten.includes(style) || !rewritten.includes(bundled)) throw new Error(`${page} does not load /style.css and /${entry} as expected`);
  writeFileSync(join(out, page), rewritten);
}
writePage("index.html", "app.js");
writePage("player.html", "player.js");

const TYPES = { js: "JS", css: "CSS", html: "HTML", wasm: "WASM" };
const files = readdirSync(out).sort();
const lines = files.map((f) => {
  const kind = TYPES[/** @type {keyof typeof TYPES} */ (f.split(".").pop())];
  if (!kind) throw new Error(`${f}: no content type`);
  return `    asset("${f}", include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/dist/${f}")), ${kind}),\n`;
});
writeFileSync(
  join(out, "files.rs"),
  `// Generated by scripts/build-web from the modules of web/: do not edit.\n[\n${lines.join("")}]\n`,
);
const bytes = files.reduce((sum, f) => sum + readFileSync(join(out, f)).length, 0);
console.log(`build-web: ${files.length} files, ${bytes} bytes, in ${relative(root, out) || out}`);
