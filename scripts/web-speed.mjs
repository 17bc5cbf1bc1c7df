// How fast the page is on a slow network: see scripts/web-speed, which runs this.
//
// Starts the server twice on the loopback (a throw-away database each): once as
// shipped (the embedded bundle), once serving the plain modules (`--web-dev`, the
// page as it was served before the bundle); with `--before PROGRAM`, a third time,
// another build's bundle (the page before a change, measured in the same run).
// Against each, headless Chromium, driven
// over its DevTools pipe with the network throttled (150 ms round trip, 1.6 Mbit/s
// down, 750 kbit/s up), measures RUNS times, alternating the two servers:
//   - cold: a game page opened in a fresh browser context (empty cache), until the
//     board is interactive: the page's `board-interactive` mark, set once a stack on
//     the board takes a click (web/game.js), counted from the navigation's start;
//   - warm: the same page opened again in that context (its cache kept);
//   - the home page's requests in a fresh context: every request the page makes
//     until the battles are shown and the network has been quiet for a second.
// It prints the medians and every run. Nothing is downloaded.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const opts = { program: "target/release/battaglie", chromium: "chromium", runs: 5, before: "" };
for (let i = 2; i < process.argv.length; i += 2) {
  const [flag, value] = [process.argv[i], process.argv[i + 1]];
  if (flag === "--program") opts.program = value;
  else if (flag === "--chromium") opts.chromium = value;
  else if (flag === "--runs") opts.runs = Math.max(1, Math.min(50, Number(value) || 5));
  else if (flag === "--before") opts.before = value;
  else {
    console.error("usage: scripts/web-speed [--program target/release/battaglie] [--before OTHER-PROGRAM] [--chromium chromium] [--runs 5]");
    process.exit(2);
  }
}

const THROTTLE = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** A free port on the loopback. */
function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {any} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/** Waits (at most `ms`) for `check` to hold. */
async function until(what, check, ms = 30000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await sleep(25);
  }
}

/** The server `program`, `webDev` serving the plain modules; resolves once it answers. */
async function startServer(program, webDev) {
  const dir = mkdtempSync(join(tmpdir(), "web-speed-"));
  const port = await freePort();
  const args = ["serve", "--addr", `127.0.0.1:${port}`, "--db", join(dir, "speed.sqlite"), "--no-rate-limit"];
  if (webDev) args.push("--web-dev", join(ROOT, "crates/battaglie-server/web"));
  const child = spawn(resolve(ROOT, program), args, { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await until("the server", () => fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false));
  const created = await fetch(`${url}/api/games`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ scenario: "washita", mode: "computer", side: "army", level: 1 }),
  }).then((r) => r.json());
  return { url, game: url + created.urls.play, stop: () => (child.kill(), rmSync(dir, { recursive: true, force: true })) };
}

/** Chromium over its DevTools pipe: `call(method, params, session)` and the events. */
function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), "web-speed-profile-"));
  const child = spawn(
    opts.chromium,
    ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic", "--remote-debugging-pipe", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const [toChrome, fromChrome] = [child.stdio[3], child.stdio[4]];
  let next = 0;
  const pending = new Map();
  /** @type {((e: any) => void)[]} */
  const listeners = [];
  let buffer = "";
  fromChrome.on("data", (chunk) => {
    buffer += chunk.toString();
    let end;
    while ((end = buffer.indexOf("\0")) >= 0) {
      const msg = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (msg.id !== undefined && pending.has(msg.id)) {
        const { resolve, reject } = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.error) reject(new Error(JSON.stringify(msg.error)));
        else resolve(msg.result);
      } else for (const l of listeners) l(msg);
    }
  });
  const call = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => pending.has(id) && (pending.delete(id), reject(new Error(`${method}: no answer in 30 s`))), 30000);
      pending.set(id, { resolve: (v) => (clearTimeout(timer), resolve(v)), reject: (e) => (clearTimeout(timer), reject(e)) });
      toChrome.write(JSON.stringify({ id, method, params, sessionId }) + "\0");
    });
  // The profile is removed once Chromium has exited (it writes there until then).
  const exited = new Promise((r) => child.once("exit", r));
  const stop = async () => {
    child.kill();
    await Promise.race([exited, sleep(5000)]);
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  return { call, listeners, stop };
}

/** A page in a fresh browser context (its own cache), throttled. */
async function freshPage(chrome) {
  const { browserContextId } = await chrome.call("Target.createBrowserContext");
  const { targetId } = await chrome.call("Target.createTarget", { url: "about:blank", browserContextId });
  const { sessionId } = await chrome.call("Target.attachToTarget", { targetId, flatten: true });
  await chrome.call("Network.enable", {}, sessionId);
  await chrome.call("Network.emulateNetworkConditions", THROTTLE, sessionId);
  const evaluate = async (expression) => (await chrome.call("Runtime.evaluate", { expression, returnByValue: true }, sessionId)).result.value;
  return {
    sessionId,
    evaluate,
    goto: (url) => chrome.call("Page.navigate", { url }, sessionId),
    close: async () => {
      await chrome.call("Target.closeTarget", { targetId });
      await chrome.call("Target.disposeBrowserContext", { browserContextId });
    },
  };
}

/** Milliseconds from the navigation's start to the board's `board-interactive` mark. */
async function interactive(page, url) {
  await page.goto("about:blank");
  await until("about:blank", () => page.evaluate("location.href === 'about:blank'"));
  await page.goto(url);
  return until("the board", () => page.evaluate("performance.getEntriesByName('board-interactive')[0]?.startTime ?? null"));
}

/** The requests of the home page, fetched in a fresh context. */
async function homeRequests(chrome, server) {
  const page = await freshPage(chrome);
  let count = 0;
  let last = Date.now();
  const heard = (/** @type {any} */ e) => {
    if (e.sessionId === page.sessionId && e.method === "Network.requestWillBeSent" && !e.params.request.url.startsWith("data:")) {
      count++;
      last = Date.now();
    }
  };
  chrome.listeners.push(heard);
  await page.goto(`${server.url}/`);
  await until("the battles", () => page.evaluate("document.querySelectorAll('.cards button.play').length === 3"));
  await until("a quiet network", () => Date.now() - last > 1000);
  chrome.listeners.splice(chrome.listeners.indexOf(heard), 1);
  await page.close();
  return count;
}

const chrome = startChromium();
/** @type {Record<string, {url: string, game: string, stop: () => void}>} */
const servers = { bundle: await startServer(opts.program, false) };
if (opts.before) servers.before = await startServer(opts.before, false);
servers.modules = await startServer(opts.program, true);
/** @type {Record<string, {cold: number[], warm: number[], requests: number[]}>} */
const results = Object.fromEntries(Object.keys(servers).map((k) => [k, { cold: [], warm: [], requests: [] }]));
try {
  for (let run = 0; run < opts.runs; run++) {
    for (const kind of Object.keys(servers)) {
      const server = servers[kind];
      console.error(`run ${run + 1}: ${kind}`);
      const page = await freshPage(chrome);
      results[kind].cold.push(await interactive(page, server.game));
      results[kind].warm.push(await interactive(page, server.game));
      await page.close();
      results[kind].requests.push(await homeRequests(chrome, server));
    }
  }
} finally {
  for (const s of Object.values(servers)) s.stop();
  await chrome.stop();
}

const ms = (x) => `${(x / 1000).toFixed(2)} s`;
console.log(`network: ${THROTTLE.latency} ms round trip, 1.6 Mbit/s down, 750 kbit/s up; ${opts.runs} runs, alternating`);
for (const [kind, r] of Object.entries(results)) {
  const what = { bundle: "bundle (as shipped)", before: `bundle of ${opts.before} (--before)`, modules: "plain modules (--web-dev, as before the bundle)" }[kind];
  console.log(`${what}:`);
  console.log(`  board interactive, cold: median ${ms(median(r.cold))}  (runs: ${r.cold.map(ms).join(", ")})`);
  console.log(`  board interactive, warm: median ${ms(median(r.warm))}  (runs: ${r.warm.map(ms).join(", ")})`);
  console.log(`  home page requests: median ${median(r.requests)}  (runs: ${r.requests.join(", ")})`);
}
