// @ts-check
// The games this browser has played, kept in local storage.

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
 */

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
