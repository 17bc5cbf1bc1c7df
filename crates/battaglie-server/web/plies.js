// @ts-check
// One numbering of moves everywhere: the turn (as BFEN counts it) and the side.
// Pure: no DOM.

/** @typedef {import("./bfen.js").Side} Side */
/** @typedef {{ply: number, turn: number, side: Side}} Numbered ply is 1 for the first move */

/**
 * The turn and side of each of `count` moves played from a start position.
 * @param {number} startTurn the start position's turn number
 * @param {Side} startSide the side to move at the start
 * @param {number} count
 * @returns {Numbered[]}
 */
export function numberPlies(startTurn, startSide, count) {
  const out = [];
  let turn = startTurn;
  let side = startSide;
  for (let ply = 1; ply <= count; ply++) {
    out.push({ ply, turn, side });
    if (side === "indians") turn += 1;
    side = side === "army" ? "indians" : "army";
  }
  return out;
}

/**
 * The move list's rows: one per turn, the Army's move then the Indians' (either may be
 * missing at the start or end of a game).
 * @param {Numbered[]} plies
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
