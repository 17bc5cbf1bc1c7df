// @ts-check
// The games this browser has played, kept in local storage, and each one's line on
// the home page: whom it was against and how it ended for this browser's player.

import { t } from "./i18n.js";

const KEY = "battaglie.games";

/**
 * @typedef {object} Recent
 * @property {string} id
 * @property {string | null} token
 * @property {string | null} [otherToken]
 * @property {string} scenario
 * @property {string} mode
 * @property {string} seat
 * @property {number} created
 * @property {number} [level]
 * @property {string} [status]
 * @property {string | null} [opponent] who played the other side, in words (an
 *   account's name, the computer and its level), where not a guest
 * @property {"won" | "lost" | "draw" | "army" | "indians"} [outcome] how it ended for
 *   this seat (at one screen: the side that won)
 */

/**
 * How a game ended for the seat `you`: won, lost or drawn; at one screen (or
 * watching), the side that won.
 * @param {{status: string, result: string | null, you: string | null}} game
 * @returns {Recent["outcome"] | undefined}
 */
export function outcomeOf(game) {
  if (game.status !== "over" || game.result === null) return undefined;
  if (game.result === "draw") return "draw";
  if (game.you !== "army" && game.you !== "indians") return game.result === "army" ? "army" : "indians";
  return game.result === game.you ? "won" : "lost";
}

/**
 * What the home page says of a game after its battle's name: against whom, and
 * how it ended ("won against BlackKettle", "lost", "draw") or that it goes on.
 * @param {Recent} g
 * @param {(side: string) => string} sideName the battle's name of a side
 */
export function recentSummary(g, sideName) {
  const name = g.opponent ?? null;
  switch (g.outcome) {
    case "won":
      return name ? t("recentWonAgainst", { name }) : t("recentWon");
    case "lost":
      return name ? t("recentLostTo", { name }) : t("recentLost");
    case "draw":
      return name ? t("recentDrawWith", { name }) : t("recentDraw");
    case "army":
    case "indians":
      return t("recentSideWon", { side: sideName(g.outcome) });
  }
  const against = name ? t("recentAgainst", { name }) : t(`mode_${g.mode}`);
  return g.status ? `${against} · ${t(g.status)}` : against;
}

/** @returns {Recent[]} */
export function recentGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** @param {Recent[]} list */
function store(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 30)));
  } catch {
    // Storage refused: the game still works from its link.
  }
}

/** @param {Recent} entry */
export function saveRecent(entry) {
  store([entry, ...recentGames().filter((g) => g.id !== entry.id)]);
}

/**
 * @param {string} id
 * @param {Partial<Recent>} patch
 */
export function updateRecent(id, patch) {
  const list = recentGames();
  const e = list.find((g) => g.id === id);
  if (e) {
    Object.assign(e, patch);
    store(list);
  }
}

/** @param {string} id */
export function forgetRecent(id) {
  store(recentGames().filter((g) => g.id !== id));
}
