// @ts-check
// The keyboard's cursor on the board: where it stands, and where an arrow key takes
// it on the board as drawn (flipped, or turned a quarter on a phone). Pure: no DOM.

import { parseSquare, squareName } from "./squares.js";
import { sources } from "./moves.js";

/** The screen directions of the arrow keys: x to the right, y down. */
const SCREEN = /** @type {Record<string, [number, number]>} */ ({ ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] });

/**
 * The cursor's square: where it was left, else the stack being moved, else the first
 * stack that can move, else a1.
 * @param {string | null} cursor
 * @param {import("./moves.js").Selection | null} sel
 * @param {import("./moves.js").MovesFrom[]} legal
 * @returns {string}
 */
export function cursorSquare(cursor, sel, legal) {
  return cursor || sel?.src || [...sources(legal)][0] || squareName(0, 1);
}

/**
 * The square an arrow key moves the cursor to, kept on the board (the staging column
 * included).
 * @param {string} from
 * @param {string} key `ArrowLeft`, `ArrowRight`, `ArrowUp` or `ArrowDown`
 * @param {import("./board.js").Orientation} orient
 * @param {{width: number, height: number}} size the map's files and ranks
 * @returns {string}
 */
export function stepCursor(from, key, orient, size) {
  let [dx, dy] = SCREEN[key];
  if (orient.flip) [dx, dy] = [-dx, -dy];
  // Normal: x is the file, up is north. A quarter turn: down is the file, right is north.
  const [df, dr] = orient.quarter ? [dy, dx] : [dx, -dy];
  const sq = /** @type {{file: number, rank: number}} */ (parseSquare(from));
  const file = Math.max(-1, Math.min(size.width - 1, sq.file + df));
  const rank = Math.max(1, Math.min(size.height, sq.rank + dr));
  return squareName(file, rank);
}
