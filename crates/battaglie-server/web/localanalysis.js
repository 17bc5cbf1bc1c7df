// @ts-check
// The analysis of a finished game computed in the reader's browser (engine.js), so
// that it costs the server nothing: the server still says whether the game may be
// analysed (not while it is being played) and answers an analysis it already holds;
// otherwise the game's record is judged here, move by move, as the server would.

import { api } from "./api.js";
import { Engine, EngineStopped, EngineUnavailable, ANALYSIS_NODES } from "./engine.js";

/**
 * @typedef {import("./types/AnalysisReport").AnalysisReport} Report
 * @typedef {import("./types/Analysis").Analysis} Analysis the engine's judgement, as the worker answers it
 */


/**
 * Analyses game `id` in this browser: `changed` hears the report after each judged
 * move, `failed` an error; `unavailable` is called instead when the engine cannot
 * run here (the caller then asks the server).
 * @param {string} id
 * @param {(report: Report, restarted: boolean) => void} changed
 * @param {(e: unknown) => void} failed
 * @param {() => void} unavailable
 * @returns {() => void} stops the analysis
 */
export function analyseHere(id, changed, failed, unavailable) {
  const engine = new Engine();
  let stopped = false;
  const run = async () => {
    const path = `/api/games/${encodeURIComponent(id)}`;
    /** @type {Report} */
    const held = await api("GET", `${path}/analysis`);
    if (held.complete) return changed(held, false);
    const record = await api("GET", `${path}/record?format=json`);
    const total = record.moves.length;
    /** @param {Analysis} a @returns {Report} */
    const report = (a) => ({ ...a, id, plies: total, nodes: ANALYSIS_NODES, done: a.moves.length, total, running: !a.complete, started: true });
    const heard = (/** @type {Analysis} */ soFar) => stopped || changed(report(soFar), false);
    /** @type {Analysis} */
    const whole = await engine.ask("analyse", { record: JSON.stringify(record), nodes: ANALYSIS_NODES }, heard);
    if (!stopped) changed(report(whole), false);
  };
  run().catch((e) => {
    if (stopped || e instanceof EngineStopped) return;
    if (e instanceof EngineUnavailable) unavailable();
    else failed(e);
  });
  return () => {
    stopped = true;
    engine.stop();
  };
}
