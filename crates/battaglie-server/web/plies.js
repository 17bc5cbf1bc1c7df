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
