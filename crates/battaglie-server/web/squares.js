// @ts-check
// Squares as the notation names them (notation.md) and pieces counted by kind: pure, no DOM.

/** @typedef {import("./types/Side").Side} Side */
/** @typedef {"F" | "M" | "V"} Kind */
/** @typedef {import("./types/KindCounts").KindCounts} Counts */
/** @typedef {import("./types/Stack").Stack} Stack */
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
 * The stacks the server lists, by square: what the board draws.
 * @param {Stack[]} stacks
 * @returns {Map<string, Stack>}
 */
export function bySquare(stacks) {
  return new Map(stacks.map((s) => [s.square, s]));
}

/**
 * @param {Partial<Counts>} c
 * @returns {number}
 */
export function total(c) {
  return (c.F || 0) + (c.M || 0) + (c.V || 0);
}
