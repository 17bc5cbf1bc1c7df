// @ts-check
// The engine's analysis as the page shows it, in one unit: the Army's winning chance
// (its expected result, a win 1 and a draw ½, as a per cent) after every move, the
// graph's points and the marks of inaccuracies, mistakes and blunders. Pure: no DOM.

/**
 * @typedef {import("./types/Eval").Eval} Eval from the mover's view
 * @typedef {import("./types/MoveClass").MoveClass} MoveClass
 * @typedef {import("./types/MoveAnalysis").MoveAnalysis} JudgedMove
 */

/** The annotation marks, as `battaglie analyze` prints them. */
export const MARKS = /** @type {const} */ ({ inaccuracy: "?!", mistake: "?", blunder: "??" });

/**
 * The Army's winning chance (0 to 1) in the position after each judged ply: index 0
 * is the start, `i` the position after move `i`. The server gives each move's
 * evaluations from its mover's view; the Indians' chance is the Army's complement.
 * @param {JudgedMove[]} moves
 * @returns {number[]}
 */
export function armyChances(moves) {
  if (moves.length === 0) return [];
  /** @param {JudgedMove} m @param {Eval} e */
  const army = (m, e) => (m.side === "army" ? e.win_chance : 1 - e.win_chance);
  return [army(moves[0], moves[0].before), ...moves.map((m) => army(m, m.after))];
}

/**
 * The graph's points: x spread over all `total` moves (so the line grows from the
 * left while the analysis runs), y from the top (the Army sure to win) to the bottom
 * (the Indians sure to).
 * @param {number[]} chances from {@link armyChances}
 * @param {number} total the moves the finished analysis will have
 * @param {number} width
 * @param {number} height
 * @returns {{ply: number, x: number, y: number}[]}
 */
export function graphPoints(chances, total, width, height) {
  const span = Math.max(1, total);
  return chances.map((c, ply) => ({ ply, x: (ply * width) / span, y: (1 - Math.min(1, Math.max(0, c))) * height }));
}

/**
 * The ply a click at `x` on a graph `width` wide over `total` moves points at.
 * @param {number} x
 * @param {number} total
 * @param {number} width
 */
export function plyAt(x, total, width) {
  if (width <= 0) return 0;
  return Math.min(total, Math.max(0, Math.round((x / width) * total)));
}

/**
 * The marked moves by ply: the class and its mark.
 * @param {JudgedMove[]} moves
 * @returns {Map<number, {cls: MoveClass, mark: string}>}
 */
export function marks(moves) {
  const out = new Map();
  for (const m of moves) if (m.class) out.set(m.ply, { cls: m.class, mark: MARKS[m.class] });
  return out;
}

/**
 * A chance as a whole per cent, never 0 or 100 unless it is certain (a forced result).
 * @param {number} chance
 */
export function percent(chance) {
  const p = Math.round(chance * 100);
  if (p === 0 && chance > 0) return 1;
  if (p === 100 && chance < 1) return 99;
  return p;
}

/**
 * What the engine preferred to move `ply`, the move that led to the shown position:
 * the mover's choice, not the opponent's reply to it. Nothing at the start, nor for a
 * move whose position was not searched.
 * @param {JudgedMove[]} moves
 * @param {number} ply
 * @returns {{best: string, line: string[], played: string, side: import("./squares.js").Side} | null}
 */
export function preferredAt(moves, ply) {
  const m = ply > 0 ? moves[ply - 1] : undefined;
  if (!m || !m.best) return null;
  return { best: m.best, line: m.line, played: m.move, side: m.side };
}
