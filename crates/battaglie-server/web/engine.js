// @ts-check
// The rules and the computer in the reader's browser: a client of engine-worker.js,
// which runs them compiled to WebAssembly off the page's thread. Each request is a
// promise; what the worker hears on the way (a search's iterations, an analysis so
// far) goes to the request's listener. `stop` ends the worker and whatever it was
// doing: the search's caller keeps the last iteration it heard.

/**
 * The nodes searched per position in an analysis: the server's `ANALYSIS_NODES`
 * (src/analysis/service.rs), so that the browser and the server judge alike.
 */
export const ANALYSIS_NODES = 20_000;

/** Whether this browser runs the engine (WebAssembly and module workers). */
export function engineSupported() {
  return typeof WebAssembly === "object" && typeof Worker === "function";
}

/** The error a request gets when `stop` ended it. */
export class EngineStopped extends Error {
  constructor() {
    super("stopped");
  }
}

/** The error of every request when the worker does not start (WebAssembly refused, the module missing). */
export class EngineUnavailable extends Error {}

/** @typedef {{resolve: (v: any) => void, reject: (e: unknown) => void, heard?: (x: any) => void}} Pending */

export class Engine {
  /** @type {Worker | null} */
  #worker = null;
  /** @type {Map<number, Pending>} */
  #pending = new Map();
  #next = 1;

  /** @returns {Worker} */
  #started() {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (/** @type {MessageEvent} */ e) => {
      const { id, heard, result, error } = e.data;
      const p = this.#pending.get(id);
      if (!p) return;
      if ("heard" in e.data) return p.heard?.(heard);
      this.#pending.delete(id);
      if (error !== undefined) p.reject(new Error(error));
      else p.resolve(result);
    };
    // A module that does not load (no WebAssembly, a network error) fails every request.
    worker.onerror = (e) => this.#end(new EngineUnavailable(e.message || "the engine did not start"));
    this.#worker = worker;
    return worker;
  }

  /** @param {unknown} why */
  #end(why) {
    this.#worker?.terminate();
    this.#worker = null;
    for (const p of this.#pending.values()) p.reject(why);
    this.#pending.clear();
  }

  /**
   * Asks the worker for `kind` (see engine-worker.js): `position`, `think`,
   * `analyse` or `bench`.
   * @param {string} kind
   * @param {Record<string, unknown>} request
   * @param {(x: any) => void} [heard]
   * @returns {Promise<any>}
   */
  ask(kind, request, heard) {
    const id = this.#next++;
    const worker = this.#started();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, heard });
      worker.postMessage({ id, kind, ...request });
    });
  }

  /** Ends whatever the engine is doing: its requests fail with EngineStopped. */
  stop() {
    this.#end(new EngineStopped());
  }
}
