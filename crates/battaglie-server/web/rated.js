// @ts-check
// What a game page does for the player pages and rated games: opens the replay
// or the analysis a link asks for (`?replay=N`, `?analysis`), and takes the seat
// of an invite link for the signed-in player (a guest opening a rated game's
// invite is told to sign in).

import { api } from "./api.js";
import { current } from "./account.js";
import { toast } from "./dom.js";
import { errorText } from "./errors.js";

/**
 * Opens what the page's link asks for.
 * @param {string} search `location.search`
 * @param {(ply: number) => unknown} replay
 * @param {() => unknown} analyse
 */
export function openFromLink(search, replay, analyse) {
  const q = new URLSearchParams(search);
  const ply = q.get("replay");
  if (ply !== null) replay(Number(ply) || 0);
  if (q.has("analysis")) analyse();
}

/**
 * Where an imported record opens: its game, with `?analysis` when the player
 * asked to analyse it at once (the game page starts the analysis on that word).
 * @param {string} play the game's link, with its seat token
 * @param {boolean} analyse
 * @returns {string}
 */
export function importedUrl(play, analyse) {
  if (!analyse) return play;
  const url = new URL(play, "http://x");
  url.searchParams.set("analysis", "");
  return url.pathname + url.search + url.hash;
}

/**
 * Links the seat `token` opens to the signed-in player's account (a rated
 * game's seat must be, before it can be played).
 * @param {string} id
 * @param {string} token
 */
export async function takeSeat(id, token) {
  // Only an account takes a seat (with its CSRF token); a guest goes on without, and
  // a rated game's seat then refuses the guest's moves, saying why.
  if (!(await current().catch(() => null))) return;
  try {
    await api("POST", `/api/games/${encodeURIComponent(id)}/seat`, { token });
  } catch (e) {
    const code = /** @type {{code?: string}} */ (e).code;
    // A casual game's guest needs no account: only a rated game's refusal is said.
    if (code && code.startsWith("rated_")) toast(errorText(e));
  }
}
