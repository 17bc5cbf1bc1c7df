// @ts-check
// The rules of a stage in play, in WebAssembly (crates/battaglie-wasm's LearnStage):
// loaded only by a lesson's page, and given the stage's JSON, so that the module
// carries no lesson.

import init, { LearnStage } from "./wasm/battaglie_wasm.js";

/** @type {Promise<unknown> | null} */
let ready = null;

/**
 * Stage `n` of `lesson`, from its start.
 * @param {string} lesson
 * @param {number} n
 * @param {import("./learndata.js").LearnStageJson} json
 */
export async function startStage(lesson, n, json) {
  ready ??= init({ module_or_path: new URL("./wasm/battaglie_wasm_bg.wasm", import.meta.url) });
  await ready;
  return new LearnStage(lesson, n, JSON.stringify(json));
}
