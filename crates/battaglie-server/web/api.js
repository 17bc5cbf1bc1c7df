// @ts-check
// Talking to the server's HTTP API (docs/api.md).

/** @typedef {import("./types/ErrorCode").ErrorCode} ErrorCode */

/** An answer that is not a success, or no answer at all (`status` 0). */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message the server's message (English)
   * @param {ErrorCode["code"] | ""} [code] what the error is (docs/api.md, generated
   *   from the server's type), for saying it in the reader's language
   * @param {Record<string, string | number>} [params] the values its sentence names
   */
  constructor(status, message, code = "", params = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

/** The session's CSRF token (from GET /api/account), sent with every request while signed in. */
let csrf = /** @type {string | null} */ (null);

/** @param {string | null} token */
export function setCsrf(token) {
  csrf = token;
}

/**
 * Whether a session may be open: the server keeps a readable cookie beside the
 * (unreadable) session cookie. Without it, asking for the account could only be
 * refused, so a reader who never signed in is never asked.
 */
export function mayBeSignedIn() {
  return /(?:^|;\s*)battaglie_signed_in=1(?:;|$)/.test(globalThis.document?.cookie ?? "");
}

/** The game page's seat: its game's requests carry the token in a header, never in the URL. */
let seat = /** @type {{prefix: string, token: string} | null} */ (null);

/**
 * @param {string} id the game
 * @param {string | null} token its seat token (`null`: watching)
 */
export function setSeat(id, token) {
  seat = token ? { prefix: `/api/games/${encodeURIComponent(id)}`, token } : null;
}

/**
 * @typedef {object} LocalBackend the offline edition's server in the browser (local/backend.js)
 * @property {(path: string, init: RequestInit) => Promise<Response>} fetch answers what the server would
 * @property {(id: string, token: string | null, handlers: import("./socket.js").SocketHandlers) => {close: () => void}} connect follows a game as its WebSocket would
 */

/**
 * The offline edition's backend, which local/offline.js sets before the page starts;
 * `null` on the server's site, where requests go to the server.
 * @returns {LocalBackend | null}
 */
export function localBackend() {
  return /** @type {{battaglieBackend?: LocalBackend}} */ (globalThis).battaglieBackend ?? null;
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body] sent as JSON, or as it is with `raw`
 * @param {boolean} [raw]
 * @param {AbortSignal} [signal] stops waiting for the answer (the caller knows it stopped)
 * @returns {Promise<any>}
 */
export async function api(method, path, body, raw = false, signal = undefined) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = { method, headers: {}, signal };
  if (csrf) init.headers["x-csrf-token"] = csrf;
  if (seat && (path === seat.prefix || path.startsWith(`${seat.prefix}/`) || path.startsWith(`${seat.prefix}?`))) init.headers["x-seat-token"] = seat.token;
  if (body !== undefined) {
    init.body = raw ? String(body) : JSON.stringify(body);
    init.headers["content-type"] = raw ? "text/plain" : "application/json";
  }
  let res;
  try {
    const local = localBackend();
    res = await (local ? local.fetch(path, init) : fetch(path, init));
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(0, "network");
  }
  const text = await res.text();
  let value = null;
  try {
    value = JSON.parse(text);
  } catch {
    value = text;
  }
  if (!res.ok) {
    const body = value && typeof value === "object" ? value : {};
    throw new ApiError(res.status, body.error || `${res.status} ${res.statusText}`, body.code, body.params);
  }
  return value;
}
