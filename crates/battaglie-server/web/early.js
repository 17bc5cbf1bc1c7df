// @ts-check
// The first page's questions to the server, asked as the page starts: while the
// reader's words load (i18n.js waits for them), the battles and, on a game page, the
// game's state are already on their way. app.js and player.js import this module
// first, so that it runs before i18n.js (in the bundle too).

import { api, setSeat } from "./api.js";
import { seatToken } from "./seat.js";

/**
 * `promise`, whose failure is left to whoever takes it (not reported as unhandled
 * when nobody does, as after a change of page).
 * @template T
 * @param {Promise<T>} promise
 */
function held(promise) {
  promise.catch(() => {});
  return promise;
}

// The offline edition answers in the browser, once its backend is set (app.js):
// nothing to ask before.
const offline = document.querySelector('meta[name="battaglie-edition"][content="offline"]') !== null;

/** @type {Promise<import("./types.js").Scenario[]> | null} */
let scenarios = offline ? null : held(api("GET", "/api/scenarios"));

const onGame = offline ? null : /^\/game\/([^/]+)\/?$/.exec(location.pathname);
/** @type {{id: string, state: Promise<import("./types.js").GameState>} | null} */
let game = null;
if (onGame) {
  const id = onGame[1];
  setSeat(id, seatToken(id));
  game = { id, state: held(api("GET", `/api/games/${encodeURIComponent(id)}`)) };
}

/** The battles asked for as the page started, once; then null. */
export function earlyScenarios() {
  const asked = scenarios;
  scenarios = null;
  return asked;
}

/**
 * The state of the game `id` asked for as the page started, once; null for another game.
 * @param {string} id
 */
export function earlyState(id) {
  if (game?.id !== id) return null;
  const asked = game.state;
  game = null;
  return asked;
}
