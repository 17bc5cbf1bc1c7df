// @ts-check
// The move list's rows, from the plies as the server numbers them. Pure: no DOM.

/** @typedef {import("./types/Ply").Ply} Ply */

/**
 * The move list's rows: one per turn, the Army's move then the Indians' (either may be
 * missing at the start or end of a game).
 * @param {Ply[]} plies
 * @returns {{turn: number, army: number | null, indians: number | null}[]} plies by side
 */
export function turnRows(plies) {
  /** @type {{turn: number, army: number | null, indians: number | null}[]} */
  const rows = [];
  for (const p of plies) {
    let row = rows[rows.length - 1];
    if (!row || row.turn !== p.turn || (p.side === "army" && row.army !== null)) {
      row = { turn: p.turn, army: null, indians: null };
      rows.push(row);
    }
    row[p.side] = p.ply;
  }
  return rows;
}

/**
 * `next` with every ply listed. A state pushed over the socket (or answered to
 * `?since=`) lists only the plies after its first `plies_from`, which are those of
 * the state `base_version`: they are taken from `held` when it is that state.
 * @template {{version: number, plies: Ply[], plies_from: number, base_version: number | null}} S
 * @param {S | null} held the state the page shows
 * @param {S} next a state from the server
 * @returns {S | null} the whole state, or null when `held` is not the state `next` changes
 */
export function wholeState(held, next) {
  if (next.plies_from === 0) return next;
  if (!held || held.version !== next.base_version || held.plies.length < next.plies_from) return null;
  return { ...next, plies: held.plies.slice(0, next.plies_from).concat(next.plies), plies_from: 0, base_version: null };
}
