// @ts-check
// The offline edition's server: answers the requests the page makes of the server's
// API (docs/api.md) in the browser, with the rules and the computer in WebAssembly
// (engine.js's worker) and the games kept in IndexedDB (store.js). The page reaches it
// through the seams of api.js (`fetch`) and socket.js (`connect`); every state is the
// server's JSON: its rules' fields come from the same Rust code (battaglie-view).
// Only games at one screen and against the computer exist here: no accounts, lobby,
// chat, clocks or online games. The computer resigns, offers and answers draws as on
// the server (battaglie-ai's sport and table, in the worker).

import { Engine, ANALYSIS_NODES } from "../engine.js";
import { loadGame, saveGame } from "./store.js";
import { offlineReady } from "./service.js";
import { seatOf, resigner, newId, recordNames } from "./games.js";
import { GIF_FRAMES } from "../review.js";

/** @typedef {import("./store.js").StoredGame} StoredGame */

/** A request refused as the server refuses it: status, code, parameters. */
class Refusal extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {Record<string, string | number>} [params]
   */
  constructor(status, code, message, params = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

/** How long a new game waits for the service worker to take the page (its first install). */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** Rules work (states, moves, records) and searches each have their worker, so that a state never waits for a search. */
const rules = new Engine();
const search = new Engine();

/** The page's listeners of each game (socket.js's handlers). @type {Map<string, Set<import("../socket.js").SocketHandlers>>} */
const listeners = new Map();
/** The games whose computer is searching, by id. @type {Map<string, number>} */
const thinking = new Map();
/** @type {Promise<unknown> | null} */
let scenarios = null;


/** @param {StoredGame} g */
function spec(g) {
  return { scenario: g.scenario, start: g.start, moves: g.moves, ending: g.ending, names: recordNames(g), date: new Date(g.created_at * 1000).toISOString().slice(0, 10) };
}

/**
 * The state JSON of `g` (docs/api.md), whole.
 * @param {StoredGame} g
 * @param {any} fields the rules' fields, from the worker
 */
async function stateOf(g, fields) {
  return {
    you: seatOf(g),
    id: g.id,
    version: g.version,
    mode: g.mode,
    computer: g.computer,
    ...fields,
    last_eliminated: await lastEliminated(g, fields.last_move),
    draw_offer: g.draw_offer ?? null,
    takeback_offer: null,
    computer_says: g.computer_says ?? null,
    thinking: g.computer !== null && fields.status === "ongoing" && fields.to_move === g.computer.side,
    created_at: g.created_at,
    updated_at: g.updated_at,
    clock: null,
  };
}

/**
 * What the last move eliminated (docs/api.md's `last_eliminated`): the opponent's
 * pieces that stood, before it, on the squares it attacked; null for a quiet move.
 * @param {StoredGame} g
 * @param {string | null} last the last move, canonical
 */
async function lastEliminated(g, last) {
  if (!last || !last.includes("x")) return null;
  const before = await rules.ask("replay", { ...spec(g), moves: g.moves.slice(0, -1), ending: null });
  /** @type {{square: string, F: number, M: number, V: number}[]} */
  const stacks = before.stacks[before.stacks.length - 1];
  const attacked = last.split(":")[1].split(",").filter((group) => group.includes("x")).map((group) => group.slice(group.indexOf("x") + 1));
  const counts = { F: 0, M: 0, V: 0 };
  for (const s of stacks) if (attacked.includes(s.square)) for (const k of /** @type {const} */ (["F", "M", "V"])) counts[k] += s[k];
  return counts;
}

/** @param {string} id */
async function stored(id) {
  const g = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await loadGame(id) : undefined;
  if (!g) throw new Refusal(404, "game_not_found", `no game ${JSON.stringify(id)}`, { id });
  return g;
}

/**
 * Asks the rules' worker; a refusal of the rules (an illegal move, a record that does
 * not replay) is 422 with the rules' words. A game over is refused before it is asked.
 * @param {string} kind
 * @param {any} request
 */
async function ask(kind, request) {
  try {
    return await rules.ask(kind, request);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new Refusal(422, kind === "record" ? "bad_record" : "bad_move", message, { detail: message });
  }
}

/** The battles' ids, as the server lists them in an `unknown_scenario` refusal. */
async function battleIds() {
  const list = /** @type {{id: string}[]} */ (await (scenarios ??= rules.ask("scenarios", {})));
  return list.map((b) => b.id).join(", ");
}

/**
 * Keeps `g` after a change the worker answered, tells the page's listeners and, on the
 * computer's turn, lets it search.
 * @param {StoredGame} g
 * @param {any} answer
 */
async function commit(g, answer) {
  const now = Date.now();
  g.moves = answer.moves;
  g.record = answer.record;
  g.version = Math.max(now, g.version + 1);
  g.updated_at = Math.floor(now / 1000);
  await saveGame(g);
  const state = await stateOf(g, answer.state);
  for (const h of listeners.get(g.id) ?? []) h.onState({ type: "state", ...state }, false);
  if (state.thinking) computerTurn(g);
  return state;
}

/**
 * The computer searches at its level and plays, or resigns, unless the game changed
 * meanwhile; a draw offer may go with its move.
 * @param {StoredGame} g
 */
function computerTurn(g) {
  if (!g.computer || thinking.get(g.id) === g.version) return;
  thinking.set(g.id, g.version);
  search
    .ask("computerTurn", { ...spec(g), level: g.computer.level, scores: g.sport ?? [], offeredAt: g.offered_at ?? null })
    .then(async (turn) => {
      const now = await loadGame(g.id);
      if (!turn || !now?.computer || now.version !== g.version) return;
      const side = now.computer.side;
      now.sport = turn.scores;
      now.draw_offer = null;
      now.computer_says = turn.says;
      if (turn.resigns) {
        now.ending = { result: side === "army" ? "indians" : "army", reason: "resignation" };
        return commit(now, await ask("state", spec(now)));
      }
      const answer = await ask("play", { ...spec(now), move: turn.best });
      if (turn.offersDraw) {
        now.draw_offer = side;
        now.offered_at = answer.moves.length;
      }
      await commit(now, answer);
    })
    .catch(() => {
      // Stopped by an undo, or the page left: the next state asked for starts it again.
    })
    .finally(() => {
      if (thinking.get(g.id) === g.version) thinking.delete(g.id);
    });
}

/** @param {StoredGame} g */
async function current(g) {
  const state = await stateOf(g, (await ask("state", spec(g))).state);
  if (state.thinking) computerTurn(g);
  return state;
}

/**
 * A new game from the home page's choice.
 * @param {any} body
 */
async function create(body) {
  const mode = body?.mode;
  if (mode !== "computer" && mode !== "hotseat") throw new Refusal(422, "bad_choice", "this edition plays against the computer or at one screen", { field: "mode", value: String(mode), allowed: "computer, hotseat" });
  const side = body.side === "indians" ? "indians" : "army";
  const level = body.level ?? 3;
  if (mode === "computer" && !(Number.isInteger(level) && level >= 1 && level <= 8)) throw new Refusal(422, "level_out_of_range", `level ${level} does not exist: 1 to 8`, { level });
  const now = Date.now();
  /** @type {StoredGame} */
  const g = {
    id: newId(),
    scenario: String(body.scenario),
    start: null,
    mode,
    computer: mode === "computer" ? { side: side === "army" ? "indians" : "army", level } : null,
    moves: [],
    ending: null,
    record: null,
    version: now,
    created_at: Math.floor(now / 1000),
    updated_at: Math.floor(now / 1000),
  };
  const known = await battleIds();
  if (!known.split(", ").includes(g.scenario)) throw new Refusal(422, "unknown_scenario", `no battle is called ${JSON.stringify(g.scenario)}`, { id: g.scenario, known });
  return created(g, await ask("state", spec(g)));
}

/**
 * A game from a record (`POST /api/records`), played at one screen from then on.
 * @param {string} text
 */
async function imported(text) {
  const answer = await ask("record", { text, names: { army: "", indians: "" } });
  const now = Date.now();
  const s = answer.state;
  const settled = s.reason === "resignation" || s.reason === "agreement" || s.reason === "time" || s.reason === "abandoned";
  /** @type {StoredGame} */
  const g = {
    id: newId(),
    scenario: s.scenario,
    start: s.start,
    mode: "hotseat",
    computer: null,
    moves: answer.moves,
    ending: settled ? { result: s.result, reason: s.reason } : null,
    record: null,
    version: now,
    created_at: Math.floor(now / 1000),
    updated_at: Math.floor(now / 1000),
  };
  return created(g, await ask("state", spec(g)));
}

/**
 * @param {StoredGame} g
 * @param {any} answer
 * @returns {Promise<[number, unknown]>}
 */
async function created(g, answer) {
  g.record = answer.record;
  await saveGame(g);
  const state = await stateOf(g, answer.state);
  if (state.thinking) computerTurn(g);
  // The page goes to the game's address next, which only the service worker answers
  // on a static host: it must serve the page by then.
  await offlineReady(SERVICE_WORKER_WAIT_MS);
  const seat = seatOf(g);
  const token = g.id;
  const play = `/game/${g.id}#token=${token}`;
  return [201, { id: g.id, mode: g.mode, seat, token, urls: { play, spectate: `/game/${g.id}` }, state }];
}

/**
 * What a draw request ends in, as the server's `draw_decision`: at one screen an offer
 * is a draw; against the computer, its own offer accepted, or a draw it agrees to (an
 * offer or an accept), or its offer declined (`null`, the offer withdrawn).
 * @param {StoredGame} g
 * @param {string} what `offer`, `accept` or `decline`
 * @returns {Promise<{result: string, reason: string} | null>}
 */
async function drawAnswer(g, what) {
  const agreed = { result: "draw", reason: "agreement" };
  const computer = g.computer?.side;
  if (what !== "offer" && what !== "accept" && what !== "decline") throw new Refusal(422, "bad_choice", `no draw action ${JSON.stringify(what)}`, { field: "action", value: String(what), allowed: "offer, accept, decline" });
  if (!computer) {
    if (what === "offer") return agreed;
    throw new Refusal(409, "no_draw_offer", "no draw offer to answer");
  }
  if (what === "decline") {
    if (g.draw_offer !== computer) throw new Refusal(409, "no_draw_offer", "no draw offer to answer");
    g.draw_offer = null;
    return null;
  }
  if (g.draw_offer === computer) return agreed;
  // Accepting the reader's offer, the computer says why, as on the server.
  const why = await rules.ask("acceptsDraw", { ...spec(g), side: computer, scores: g.sport ?? [] });
  if (why) {
    g.computer_says = why;
    return agreed;
  }
  // Declining is the computer's answer, not a refusal: the game goes on, and it says so.
  g.computer_says = "ahead";
  return null;
}

/**
 * A game's action (`POST /api/games/{id}/ACTION`).
 * @param {StoredGame} g
 * @param {string} action
 * @param {any} body
 */
async function act(g, action, body) {
  const state = (await ask("state", spec(g))).state;
  const over = state.status === "over";
  if (action === "moves") {
    if (over) throw new Refusal(409, "game_over", "the game has ended", { outcome: `${state.result} ${state.reason}` });
    if (g.computer && state.to_move === g.computer.side) throw new Refusal(409, "computers_turn", "the computer is to move", { side: g.computer.side });
    const answer = await ask("play", { ...spec(g), move: String(body?.move ?? "") });
    g.draw_offer = null;
    g.computer_says = null;
    return commit(g, answer);
  }
  if (action === "undo") {
    const count = await rules.ask("undoCount", { ...spec(g), computer: g.computer?.side ?? null });
    if (count === 0 && !g.ending) throw new Refusal(409, "nothing_to_undo", "nothing to take back");
    if (thinking.has(g.id)) search.stop();
    g.ending = null;
    // The computer's course of the game starts again from the position taken back to.
    g.sport = [];
    g.draw_offer = null;
    g.computer_says = null;
    return commit(g, await ask("undo", { ...spec(g), count }));
  }
  if (action === "resign" || action === "draw") {
    if (over) throw new Refusal(409, "game_over", "the game has ended", { outcome: `${state.result} ${state.reason}` });
    g.ending = action === "resign" ? { result: resigner(g, state) === "army" ? "indians" : "army", reason: "resignation" } : await drawAnswer(g, body?.action ?? "offer");
    if (g.ending && thinking.has(g.id)) search.stop();
    return commit(g, await ask("state", spec(g)));
  }
  if (action === "takeback") throw new Refusal(403, "takeback_only_online", "take-back requests are for online games");
  if (action === "chat") throw new Refusal(403, "chat_only_online", "chat is for online games");
  if (action === "rematch") throw new Refusal(403, "rematch_only_online", "rematches are for online games");
  throw new Refusal(409, "conflict", `not possible in this edition: ${action}`);
}

/**
 * A game's reading (`GET /api/games/{id}[/WHAT]`).
 * @param {StoredGame} g
 * @param {string | undefined} what
 * @param {URLSearchParams} query
 * @returns {Promise<[number, unknown]>}
 */
async function read(g, what, query) {
  if (what === undefined) return [200, await current(g)];
  if (what === "positions") return [200, await rules.ask("replay", spec(g))];
  if (what === "players") {
    const seat = (/** @type {string} */ side) => ({ kind: g.computer?.side === side ? "computer" : "guest", name: null, rating: null, provisional: false, level: g.computer?.side === side ? g.computer.level : null, change: null });
    return [200, { army: seat("army"), indians: seat("indians") }];
  }
  if (what === "record") {
    // Written by the rules in the worker, a download named as the server names it.
    const record = g.record ?? (await ask("state", spec(g))).record;
    const text = query.get("format") === "text";
    return [200, new File([text ? record.text : record.json], `${g.scenario}-${g.id}.${text ? "txt" : "json"}`, { type: text ? "text/plain; charset=utf-8" : "application/json" })];
  }
  if (what === "analysis") {
    const state = (await ask("state", spec(g))).state;
    if (g.mode === "computer" && state.status !== "over") throw new Refusal(409, "game_in_progress", "a game is analysed once it has ended");
    // Nothing is stored: not started, as the server says it; the page analyses in its
    // own worker (localanalysis.js).
    const plies = g.moves.length;
    const tally = () => ({ moves: 0, average_loss: 0, inaccuracies: 0, mistakes: 0, blunders: 0 });
    const summary = { army: tally(), indians: tally() };
    return [200, { id: g.id, plies, nodes: ANALYSIS_NODES, done: 0, total: plies, running: false, started: false, scenario: g.scenario, complete: plies === 0, moves: [], summary }];
  }
  if (what === "gif" || what === "png") return [200, await picture(g, what, query)];
  if (what === "chat") throw new Refusal(403, "chat_only_online", "chat is for online games");
  throw new Refusal(404, "no_endpoint", `no API endpoint at ${what}`, { path: what });
}

/**
 * A game's picture as the server draws it, to download: `gif` (`GET
 * /api/games/{id}/gif?from=N&until=M`, by default the whole game) or `png` (`GET
 * /api/games/{id}/png?ply=N`, by default the position now). A range the game does not
 * have is refused in the rules' words.
 * @param {StoredGame} g
 * @param {"gif" | "png"} kind
 * @param {URLSearchParams} query
 */
async function picture(g, kind, query) {
  const allowed = kind === "gif" ? ["from", "until"] : ["ply"];
  /** @type {Record<string, number>} */
  const at = {};
  for (const [name, value] of query) {
    const detail = `${name}=${value}: ${allowed.includes(name) ? "not a move number" : `unknown field, expected ${allowed.join(" or ")}`}`;
    if (!allowed.includes(name) || !/^\d{1,6}$/.test(value)) throw new Refusal(400, "bad_request", `query string: ${detail}`, { detail });
    at[name] = Number(value);
  }
  // The server's refusals, with their codes, before the worker's own.
  const plies = g.moves.length;
  const [from, until] = kind === "gif" ? [at.from ?? 0, at.until ?? plies] : [at.ply ?? plies, at.ply ?? plies];
  if (from > until) throw new Refusal(422, "gif_backwards", `the range of moves ${from} to ${until} ends before it starts`, { from, until });
  if (until > plies) throw new Refusal(422, "gif_range", `moves ${from} to ${until}: the game has ${plies} moves`, { from, until, plies });
  if (until - from + 1 > GIF_FRAMES) throw new Refusal(422, "gif_too_long", `a GIF shows at most ${GIF_FRAMES} positions`, { max: GIF_FRAMES, plies });
  const bytes = await rules.ask("picture", { ...spec(g), format: kind, ...at });
  const name = kind === "gif" ? `${g.scenario}-${g.id}-${at.from ?? 0}-${at.until ?? plies}.gif` : `${g.scenario}-${g.id}-${at.ply ?? plies}.png`;
  return new File([bytes], name, { type: kind === "gif" ? "image/gif" : "image/png" });
}

/**
 * The lessons in `lang`, as the server's `GET /api/learn/lessons/{lang}`: the site
 * holds them as files (`battaglie site` writes them; the service worker keeps them).
 * @param {string} lang
 * @returns {Promise<[number, unknown]>}
 */
async function lessons(lang) {
  const res = /^[a-z]{2}$/.test(lang) ? await fetch(`/learn-lessons-${lang}.json`) : null;
  if (!res?.ok) throw new Refusal(404, "bad_choice", `lang: ${JSON.stringify(lang)} is not \`en\`, \`it\`, \`fr\` or \`de\``, { field: "lang", value: lang, allowed: "en, it, fr, de" });
  return [200, await res.json()];
}

/**
 * Answers one request as the server would: `[status, body]`.
 * @param {string} method
 * @param {URL} url
 * @param {unknown} body
 * @returns {Promise<[number, unknown]>}
 */
async function route(method, url, body) {
  const parts = url.pathname.split("/").slice(2).map(decodeURIComponent);
  const [resource, id, what, more] = parts;
  if (method === "GET" && resource === "scenarios" && !id) return [200, await (scenarios ??= rules.ask("scenarios", {}))];
  if (resource === "account") throw new Refusal(401, "unauthorized", "this edition has no accounts");
  if (method === "GET" && resource === "learn" && id === "lessons" && what && more === undefined) return lessons(what);
  if (resource === "learn" && id === "progress") throw new Refusal(401, "unauthorized", "this edition has no accounts: the stars stay in the browser");
  if (method === "POST" && resource === "games" && !id) return create(body);
  if (method === "POST" && resource === "records" && !id) return imported(String(body ?? ""));
  if (resource === "games" && id && more === undefined) {
    const g = await stored(id);
    if (method === "GET") return read(g, what, url.searchParams);
    if (method === "POST" && what) return [200, await act(g, what, body)];
  }
  throw new Refusal(404, "no_endpoint", `no API endpoint at ${url.pathname}`, { path: url.pathname });
}

/** @param {number} status @param {unknown} body a File is a download */
function response(status, body) {
  if (body instanceof File) return new Response(body, { status, headers: { "content-type": body.type, "content-disposition": `attachment; filename="${body.name}"` } });
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { "content-type": typeof body === "string" ? "text/plain" : "application/json" } });
}

export const backend = {
  /**
   * `fetch` for the page's API requests (api.js).
   * @param {string} path
   * @param {RequestInit} init
   * @returns {Promise<Response>}
   */
  async fetch(path, init) {
    const url = new URL(path, location.origin);
    let body = init.body;
    if (typeof body === "string" && init.headers && /** @type {Record<string, string>} */ (init.headers)["content-type"] === "application/json") {
      try {
        body = JSON.parse(body);
      } catch {
        return response(400, { error: "the body is not JSON", code: "bad_json", params: { detail: "" } });
      }
    }
    try {
      const [status, answer] = await route(init.method ?? "GET", url, body);
      return response(status, answer);
    } catch (e) {
      if (e instanceof Refusal) return response(e.status, { error: e.message, code: e.code, params: e.params });
      const message = e instanceof Error ? e.message : String(e);
      return response(500, { error: message, code: "internal", params: {} });
    }
  },

  /**
   * Follows game `id` as socket.js's socket does: the state now, then every change.
   * @param {string} id
   * @param {string | null} _token
   * @param {import("../socket.js").SocketHandlers} handlers
   * @returns {{close: () => void}}
   */
  connect(id, _token, handlers) {
    const set = listeners.get(id) ?? new Set();
    listeners.set(id, set);
    set.add(handlers);
    handlers.onStatus(true);
    stored(id)
      .then(current)
      .then((state) => set.has(handlers) && handlers.onState({ type: "state", ...state }, true))
      .catch(() => {});
    return {
      close() {
        set.delete(handlers);
      },
    };
  },
};
