// @ts-check
// The squares a played move joins, for the board's arrows (the last move, the engine's
// preferred one). Legal moves come structured from the server; a played move's
// canonical notation is read only this far. Pure: no DOM.

/**
 * `c3:FF-c4,Mxd3` joins c3 to c4 and d3; the pass joins nothing.
 * @param {string} notation canonical (notation.md)
 * @returns {{from: string, to: string[]} | null}
 */
export function squaresOf(notation) {
  if (notation === "pass") return null;
  const [from, groups] = notation.split(":");
  return { from, to: groups.split(",").map((g) => g.slice(g.search(/[-x]/) + 1)) };
}
