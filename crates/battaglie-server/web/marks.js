// @ts-check
// What the board marks over the position shown: the last move, the move being built
// (its stack, its squares, the pieces on their way), the stacks that can move, the
// premove waiting, the engine's preferred move and the keyboard's cursor. Pure: no DOM.

import { squaresOf } from "./arrows.js";
import { preferredAt } from "./evalgraph.js";
import { total } from "./squares.js";
import * as build from "./moves.js";

/** @typedef {import("./board.js").Overlay} Overlay */
/** @typedef {import("./board.js").Arrow} Arrow */
/** @typedef {import("./board.js").Ghost} Ghost */
/** @typedef {import("./squares.js").Stack} Stack */

/**
 * @param {object} o
 * @param {import("./types/Ply").Ply[]} o.plies every ply played
 * @param {number} o.shown the ply whose position is shown
 * @param {Map<string, Stack>} o.stacks that position (left unchanged)
 * @param {build.Selection | null} o.sel the move being built
 * @param {import("./premove.js").Building | null} o.moving what the reader may move (or premove) now, and as which side; null when neither
 * @param {import("./premove.js").Premove | null} o.premove the premove waiting, when the live position is shown
 * @param {import("./types/MoveAnalysis").MoveAnalysis[] | null} o.judged the engine's analysis, once asked for
 * @param {string | null} o.cursor
 * @returns {{overlays: Overlay[], arrows: Arrow[], ghosts: Ghost[], stacks: Map<string, Stack>}} the marks, and the stacks to draw
 */
export function boardMarks(o) {
  /** @type {Overlay[]} */
  const overlays = [];
  /** @type {Arrow[]} */
  const arrows = [];
  /** @type {Ghost[]} */
  const ghosts = [];
  const stacks = new Map(o.stacks);
  const last = o.shown > 0 ? squaresOf(o.plies[o.shown - 1].notation) : null;
  if (last) {
    overlays.push({ square: last.from, kind: "last" });
    for (const to of last.to) {
      overlays.push({ square: to, kind: "last" });
      arrows.push({ from: last.from, to, kind: "last" });
    }
  }
  const { sel, moving } = o;
  if (sel && moving) {
    overlays.push({ square: sel.src, kind: "selected" });
    for (const [dest, capture] of build.targets(sel, moving.legal)) overlays.push({ square: dest, kind: capture ? "capture" : sel.pending.has(dest) || stacks.has(dest) ? "join" : "target" });
    for (const [dest, c] of sel.pending) {
      ghosts.push({ square: dest, counts: c, side: moving.side });
      arrows.push({ from: sel.src, to: dest, kind: "pending" });
    }
    // What has a place already is drawn where it goes, not where it stands.
    const left = build.unassigned(sel);
    const src = stacks.get(sel.src);
    if (src) {
      if (total(left) > 0) stacks.set(sel.src, { ...src, ...left });
      else stacks.delete(sel.src);
    }
  } else if (moving && !moving.premove) {
    // While waiting, the stacks are not marked: it is not the reader's turn.
    for (const s of build.sources(moving.legal)) overlays.push({ square: s, kind: "source" });
  }
  if (o.premove) {
    overlays.push({ square: o.premove.from, kind: "premove" });
    for (const g of o.premove.groups) {
      overlays.push({ square: g.to, kind: "premove" });
      arrows.push({ from: o.premove.from, to: g.to, kind: "premove" });
    }
  }
  // The engine's preferred move in the shown position, once analysed.
  const preferred = o.judged && !(sel && moving) ? preferredAt(o.judged, o.shown) : null;
  const best = preferred?.best ? squaresOf(preferred.best) : null;
  if (best) for (const to of best.to) arrows.push({ from: best.from, to, kind: "best" });
  if (o.cursor) overlays.push({ square: o.cursor, kind: "cursor" });
  return { overlays, arrows, ghosts, stacks };
}
