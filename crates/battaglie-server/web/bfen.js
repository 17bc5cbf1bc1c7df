// @ts-check
// Squares and positions as the server writes them (BFEN, notation.md): pure, no DOM.

/** @typedef {"army" | "indians"} Side */
/** @typedef {"F" | "M" | "V"} Kind */
/** @typedef {{F: number, M: number, V: number}} Counts */
/** @typedef {Counts & {side: Side, total: number}} Stack */
/** @typedef {{file: number, rank: number}} SquareXY file -1 is the staging column; rank is 1-based */

/** The piece kinds, in the order the notation writes them. */
export const KINDS = /** @type {const} */ (["F", "M", "V"]);

/**
 * Parses a square name (`c5`, `@3`).
 * @param {string} name
 * @returns {SquareXY | null}
 */
export function parseSquare(name) {
  const m = /^(@|[a-p])(\d{1,2})$/.exec(name);
  if (!m) return null;
  return { file: m[1] === "@" ? -1 : m[1].charCodeAt(0) - 97, rank: Number(m[2]) };
}

/**
 * @param {number} file -1 for the staging column
 * @param {number} rank 1-based
 */
export function squareName(file, rank) {
  return (file < 0 ? "@" : String.fromCharCode(97 + file)) + rank;
}

/**
 * The stacks of a BFEN position, the side to move and the turn number.
 * @param {string} bfen
 * @param {number} height the scenario's number of ranks
 * @returns {{stacks: Map<string, Stack>, toMove: Side, quiet: number, turn: number}}
 */
export function parseBfen(bfen, height) {
  /** @type {Map<string, Stack>} */
  const stacks = new Map();
  const [placement, side, quiet, turn] = bfen.split(" ");
  placement.split("/").forEach((text, i) => {
    const rank = height - i;
    const [staging, cells] = text.split("|");
    if (staging) stacks.set("@" + rank, stackOf(staging));
    let file = 0;
    for (let j = 0; j < cells.length; ) {
      const c = cells[j];
      if (/\d/.test(c)) {
        let n = "";
        while (j < cells.length && /\d/.test(cells[j])) n += cells[j++];
        file += Number(n);
      } else if (c === "(") {
        const end = cells.indexOf(")", j);
        stacks.set(squareName(file++, rank), stackOf(cells.slice(j + 1, end)));
        j = end + 1;
      } else {
        stacks.set(squareName(file++, rank), stackOf(c));
        j++;
      }
    }
  });
  return { stacks, toMove: side === "I" ? "indians" : "army", quiet: Number(quiet), turn: Number(turn) };
}

/**
 * @param {string} letters upper case for the Army, lower case for the Indians
 * @returns {Stack}
 */
function stackOf(letters) {
  /** @type {Stack} */
  const s = { side: letters[0] === letters[0].toUpperCase() ? "army" : "indians", F: 0, M: 0, V: 0, total: 0 };
  for (const l of letters.toUpperCase()) {
    s[/** @type {Kind} */ (l)] += 1;
    s.total += 1;
  }
  return s;
}

/**
 * @param {Partial<Counts>} c
 * @returns {number}
 */
export function total(c) {
  return (c.F || 0) + (c.M || 0) + (c.V || 0);
}

/**
 * Counts as the notation writes them: `FFM`.
 * @param {Partial<Counts>} c
 */
export function countsText(c) {
  return KINDS.map((k) => k.repeat(c[k] || 0)).join("");
}
