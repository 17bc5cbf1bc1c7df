// @ts-check
// Building a move from clicks, drags and keys: which stack, which of its pieces go to
// which square, and when the move is complete enough to send. It works on the legal
// moves as the server groups them by source square. Pure: no DOM.

import { KINDS, total } from "./squares.js";

/** @typedef {import("./squares.js").Counts} Counts */
/** @typedef {import("./squares.js").Kind} Kind */
/** @typedef {import("./types/MovesFrom").MovesFrom} MovesFrom */
/** @typedef {import("./types/LegalMove").LegalMove} Move */
/**
 * A move being built: the source square, what stands there, the pieces already given a
 * destination (`pending`), and the pieces the next destination will get (`choose`).
 * @typedef {{src: string, stack: Counts, pending: Map<string, Counts>, choose: Counts}} Selection
 */
/**
 * What to do once a destination has been given: `send` the move, ask to `confirm` it
 * (the rest of the stack may stay or go elsewhere), or `continue` choosing.
 * @typedef {{action: "send" | "confirm", move: Move} | {action: "continue"}} Decision
 */

/** @returns {Counts} */
export const none = () => ({ F: 0, M: 0, V: 0 });

/**
 * The squares the side to move can move from.
 * @param {MovesFrom[]} legal
 * @returns {Set<string>}
 */
export function sources(legal) {
  return new Set(legal.flatMap((g) => (g.from ? [g.from] : [])));
}

/**
 * Starts a move from a stack: every piece of it is chosen for the next destination.
 * @param {string} src
 * @param {Counts} stack
 * @returns {Selection}
 */
export function select(src, stack) {
  const pieces = { F: stack.F, M: stack.M, V: stack.V };
  return { src, stack: pieces, pending: new Map(), choose: { ...pieces } };
}

/**
 * The pieces without a destination yet (chosen or not).
 * @param {Selection} sel
 * @returns {Counts}
 */
export function unassigned(sel) {
  const left = { ...sel.stack };
  for (const c of sel.pending.values()) for (const k of KINDS) left[k] -= c[k];
  return left;
}

/**
 * The pieces that would stay on the source square if the move went now with the
 * chosen pieces too: what "stays" in the chooser.
 * @param {Selection} sel
 * @returns {Counts}
 */
export function staying(sel) {
  const left = unassigned(sel);
  for (const k of KINDS) left[k] -= sel.choose[k];
  return left;
}

/**
 * @param {Map<string, Counts>} pending
 * @param {string} dest
 * @param {Counts} c
 * @returns {Map<string, Counts>}
 */
function withAdded(pending, dest, c) {
  const next = new Map([...pending].map(([d, v]) => [d, { ...v }]));
  const cur = next.get(dest) || none();
  next.set(dest, { F: cur.F + c.F, M: cur.M + c.M, V: cur.V + c.V });
  return next;
}

/**
 * Whether a legal move sends at least the pending pieces to each pending square.
 * @param {Move} m
 * @param {Map<string, Counts>} pending
 */
function fits(m, pending) {
  for (const [dest, c] of pending) {
    const g = m.groups.find((x) => x.to === dest);
    if (!g || g.F < c.F || g.M < c.M || g.V < c.V) return false;
  }
  return true;
}

/**
 * The legal moves from the selected square, and where they eliminate.
 * @param {Selection} sel
 * @param {MovesFrom[]} legal
 * @returns {{moves: Move[], captures: string[]}}
 */
function fromSource(sel, legal) {
  return legal.find((g) => g.from === sel.src) || { moves: [], captures: [] };
}

/**
 * The squares the chosen pieces can go to next, each with whether it is a capture.
 * @param {Selection} sel
 * @param {MovesFrom[]} legal
 * @returns {Map<string, boolean>}
 */
export function targets(sel, legal) {
  /** @type {Map<string, boolean>} */
  const out = new Map();
  if (total(sel.choose) === 0) return out;
  const { moves, captures } = fromSource(sel, legal);
  const dests = new Set(moves.flatMap((m) => m.groups.map((g) => g.to)));
  for (const dest of dests) {
    const next = withAdded(sel.pending, dest, sel.choose);
    if (moves.some((m) => fits(m, next))) out.set(dest, captures.includes(dest));
  }
  return out;
}

/**
 * Gives the chosen pieces a destination. The pieces still without one are chosen
 * next, when they can go anywhere.
 * @param {Selection} sel
 * @param {string} dest
 * @param {MovesFrom[]} legal
 * @returns {Selection}
 */
export function assign(sel, dest, legal) {
  const pending = withAdded(sel.pending, dest, sel.choose);
  /** @type {Selection} */
  const next = { ...sel, pending, choose: unassigned({ ...sel, pending }) };
  if (targets(next, legal).size === 0) next.choose = none();
  return next;
}

/**
 * The legal move that sends exactly the pending pieces (the others stay), if any.
 * @param {Selection} sel
 * @param {MovesFrom[]} legal
 * @returns {Move | null}
 */
export function exactMove(sel, legal) {
  if (sel.pending.size === 0) return null;
  return (
    fromSource(sel, legal).moves.find(
      (m) =>
        m.groups.length === sel.pending.size &&
        m.groups.every((g) => {
          const c = sel.pending.get(g.to);
          return c !== undefined && c.F === g.F && c.M === g.M && c.V === g.V;
        }),
    ) || null
  );
}

/**
 * What follows a destination: the move goes when every piece of the stack has a place,
 * or when the pieces left can go nowhere else; when they could either stay or go on,
 * the player confirms (or gives them a square). `alwaysConfirm` is the player's setting.
 * @param {Selection} sel
 * @param {MovesFrom[]} legal
 * @param {boolean} [alwaysConfirm]
 * @returns {Decision}
 */
export function decide(sel, legal, alwaysConfirm = false) {
  const move = exactMove(sel, legal);
  if (!move) return { action: "continue" };
  const done = total(unassigned(sel)) === 0 || total(sel.choose) === 0;
  return { action: done && !alwaysConfirm ? "send" : "confirm", move };
}

/**
 * Changes how many pieces of a kind the next destination gets, within what is left.
 * @param {Selection} sel
 * @param {Kind} kind
 * @param {number} n
 * @returns {Selection}
 */
export function setChosen(sel, kind, n) {
  const left = unassigned(sel)[kind];
  return { ...sel, choose: { ...sel.choose, [kind]: Math.max(0, Math.min(left, n)) } };
}

/**
 * One piece of a kind fewer (or more, with `step` 1), never jumping past a count: the
 * keyboard's F, M, V (with Shift, more). Below none it comes round to all that is left,
 * so that one key reaches every count.
 * @param {Selection} sel
 * @param {Kind} kind
 * @param {-1 | 1} [step]
 * @returns {Selection}
 */
export function stepChosen(sel, kind, step = -1) {
  const left = unassigned(sel)[kind];
  return setChosen(sel, kind, left === 0 ? 0 : (sel.choose[kind] + step + left + 1) % (left + 1));
}

/**
 * @param {Selection} sel
 * @returns {Selection}
 */
export function chooseAll(sel) {
  return { ...sel, choose: unassigned(sel) };
}
