// @ts-check
// The battlefield in SVG: the staging column west of the map, toy-soldier pieces, the
// overlays used while moving. The board can be turned a quarter (phones held upright)
// and flipped; it is an ARIA grid whose cells say what they hold.

import { KINDS, parseSquare, squareName } from "./squares.js";
import { SVG, CELL, el } from "./svg.js";
import { defs, drawTerrain } from "./terrain.js";

export { CELL };

/** @typedef {import("./types.js").Scenario} Scenario */
/** @typedef {import("./squares.js").Stack} Stack */
/** @typedef {import("./squares.js").Counts} Counts */
/** @typedef {import("./squares.js").Side} Side */
/** @typedef {{quarter?: boolean, flip?: boolean}} Orientation */
/** @typedef {{square: string, kind: "last" | "selected" | "source" | "premove" | "target" | "join" | "capture" | "cursor"}} Overlay */
/** @typedef {{from: string, to: string, kind?: string}} Arrow */
/** @typedef {{square: string, counts: Counts, side: Side}} Ghost */
/**
 * @typedef {object} BoardOptions
 * @property {Map<string, Stack>} [stacks]
 * @property {boolean} [compact] a preview: no labels, badges or cells
 * @property {boolean} [figure] an illustration: labels and counts, but a picture (no cells)
 * @property {Overlay[]} [overlays]
 * @property {Arrow[]} [arrows]
 * @property {Ghost[]} [ghosts] pieces about to arrive, drawn faint
 * @property {Orientation} [orient]
 * @property {(square: string) => string} [cellLabel] what a cell says to a screen reader
 * @property {string} [focusSquare] the cell reached by Tab (roving tabindex)
 * @property {string} [label] the grid's name
 */

export const SIDE_COLOURS = {
  army: { fill: "#2f5fb3", dark: "#1b3a73", light: "#9db8ea" },
  indians: { fill: "#c0562b", dark: "#7a3014", light: "#f0b48f" },
};

const MARGIN = 22;
const GAP = 12;

/**
 * Where squares go on screen. Raw offsets: `a` along the files from the staging column
 * (west), `b` along the ranks from the north; the orientation turns them.
 * @param {Scenario} scenario
 * @param {Orientation} [orient]
 */
export function geometry(scenario, orient = {}) {
  const A = CELL + GAP + scenario.width * CELL;
  const B = scenario.height * CELL;
  const q = !!orient.quarter;
  const f = !!orient.flip;
  /** @param {number} a @param {number} b @returns {{x: number, y: number}} */
  const at = (a, b) => {
    if (!q && !f) return { x: MARGIN + a, y: MARGIN + b };
    if (!q && f) return { x: MARGIN + A - CELL - a, y: MARGIN + B - CELL - b };
    if (q && !f) return { x: MARGIN + B - CELL - b, y: MARGIN + a };
    return { x: MARGIN + b, y: MARGIN + A - CELL - a };
  };
  /** @param {number} file */
  const fileA = (file) => (file < 0 ? 0 : CELL + GAP + file * CELL);
  return {
    width: (q ? B : A) + 2 * MARGIN,
    height: (q ? A : B) + 2 * MARGIN,
    at,
    A,
    B,
    /** A map cell by file and rank index from the north (also outside the map, for directions). */
    cell: (/** @type {number} */ file, /** @type {number} */ rankIndex) => at(CELL + GAP + file * CELL, rankIndex * CELL),
    /** @param {string} name */
    xy(name) {
      const sq = parseSquare(name);
      if (!sq) throw new Error(`not a square: ${name}`);
      return at(fileA(sq.file), (scenario.height - sq.rank) * CELL);
    },
    fileA,
  };
}

/**
 * Draws a stack: one figure per kind it holds, side by side, each with its count
 * beneath once the stack holds more than one piece ("2" under a Foot, "1" under a
 * Mounted), so that its make-up reads at a glance on a phone too.
 * @param {Element} g
 * @param {Counts & {side: Side}} stack
 * @param {number} x
 * @param {number} y
 * @param {string} uid
 * @param {{badge?: boolean, ghost?: boolean, square?: string}} how `badge`: the counts
 * drawn; `square` marks the stack's group with where it stands (`data-at`), for the
 * moves' animation (motion.js)
 */
function drawStack(g, stack, x, y, uid, how) {
  const colour = SIDE_COLOURS[stack.side];
  const kinds = KINDS.filter((k) => stack[k] > 0);
  const many = kinds.reduce((n, k) => n + stack[k], 0) > 1;
  const counted = many && how.badge;
  // Across the square, leaving room beneath for the counts.
  const xs = kinds.length === 1 ? [0.5] : kinds.length === 2 ? [0.29, 0.71] : [0.19, 0.5, 0.81];
  const scale = kinds.length === 1 ? (counted ? 0.85 : 1) : kinds.length === 2 ? 0.72 : 0.56;
  const figureY = counted ? 0.4 : 0.52;
  const group = el("g", { class: `stack ${stack.side}${how.ghost ? " ghost" : ""}`, color: colour.fill, ...(how.square ? { "data-at": how.square } : {}) }, g);
  if (how.ghost) el("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 8, class: "ghost-pad" }, group);
  kinds.forEach((k, i) => {
    const cx = x + xs[i] * CELL;
    const w = (k === "F" ? 20 : k === "M" ? 30 : 32) * scale * 0.95;
    const h = 28 * scale * 0.95;
    const figure = el("g", { class: "kind", "data-kind": k, "data-count": stack[k] }, group);
    el("use", { href: `#${uid}-${k}`, x: cx - w / 2, y: y + figureY * CELL - h / 2, width: w, height: h, fill: colour.fill, stroke: colour.dark, "stroke-width": 0.6 }, figure);
    if (!counted) return;
    const cy = y + CELL - 10;
    el("rect", { x: cx - 7.5, y: cy - 8, width: 15, height: 15, rx: 4, fill: how.ghost ? "#fff6cf" : "#fffbea", stroke: colour.dark, "stroke-width": 1.2 }, figure);
    const t = el("text", { x: cx, y: cy + 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: colour.dark }, figure);
    t.textContent = String(stack[k]);
  });
}

let uidCounter = 0;

/**
 * Draws a board. Squares carry `data-square`; unless compact, each is a grid cell.
 * @param {Scenario} scenario
 * @param {BoardOptions} [opts]
 * @returns {SVGSVGElement}
 */
export function drawBoard(scenario, opts = {}) {
  const uid = `b${++uidCounter}`;
  const geo = geometry(scenario, opts.orient);
  const svg = /** @type {SVGSVGElement} */ (
    el("svg", {
      xmlns: SVG,
      viewBox: `0 0 ${geo.width} ${geo.height}`,
      class: `board${opts.orient?.quarter ? " quarter" : ""}`,
    })
  );
  if (opts.compact || opts.figure) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", opts.label || scenario.name);
  } else {
    svg.setAttribute("role", "grid");
    svg.setAttribute("aria-label", opts.label || scenario.name);
  }
  const art = el("g", { "aria-hidden": "true" }, svg);
  defs(art, uid);
  el("rect", { x: 0, y: 0, width: geo.width, height: geo.height, fill: "#5b4a33", rx: 8 }, art);
  el("rect", { x: 4, y: 4, width: geo.width - 8, height: geo.height - 8, fill: "#e9dfc4", rx: 6 }, art);

  // Staging column.
  const s0 = geo.at(0, 0);
  const s1 = geo.at(0, geo.B - CELL);
  const sx = Math.min(s0.x, s1.x);
  const sy = Math.min(s0.y, s1.y);
  const quarter = !!opts.orient?.quarter;
  el("rect", { x: sx, y: sy, width: quarter ? geo.B : CELL, height: quarter ? CELL : geo.B, fill: `url(#${uid}-staging)`, stroke: "#8a7550", "stroke-dasharray": "4 3", rx: 4 }, art);
  // Map.
  const m0 = geo.cell(0, 0);
  const m1 = geo.cell(scenario.width - 1, scenario.height - 1);
  const mx = Math.min(m0.x, m1.x);
  const my = Math.min(m0.y, m1.y);
  const mw = Math.abs(m1.x - m0.x) + CELL;
  const mh = Math.abs(m1.y - m0.y) + CELL;
  el("rect", { x: mx - 2, y: my - 2, width: mw + 4, height: mh + 4, fill: "#3e3020", rx: 3 }, art);
  drawTerrain(art, scenario, geo, uid);
  const grid = el("g", { stroke: "#1d2a10", "stroke-width": 0.6, opacity: 0.28 }, art);
  for (let i = 0; i <= mw / CELL; i++) el("line", { x1: mx + i * CELL, x2: mx + i * CELL, y1: my, y2: my + mh }, grid);
  for (let i = 0; i <= mh / CELL; i++) el("line", { x1: mx, x2: mx + mw, y1: my + i * CELL, y2: my + i * CELL }, grid);

  if (!opts.compact) {
    const labels = el("g", { class: "labels", "font-size": 12, fill: "#3d3019", "font-weight": 600, "text-anchor": "middle" }, art);
    /** @param {number} a @param {number} b @param {string} text */
    const label = (a, b, text) => {
      const p = geo.at(a, b);
      const t = el("text", { x: p.x + CELL / 2, y: p.y + CELL / 2 + 4 }, labels);
      t.textContent = text;
    };
    const below = geo.B - CELL / 2 + MARGIN / 2;
    for (let f = -1; f < scenario.width; f++) label(geo.fileA(f), below, f < 0 ? "@" : String.fromCharCode(97 + f));
    for (let r = 0; r < scenario.height; r++) {
      label(-CELL / 2 - MARGIN / 2, r * CELL, String(scenario.height - r));
      label(geo.A - CELL / 2 + MARGIN / 2, r * CELL, String(scenario.height - r));
    }
  }

  // Highlights under the pieces.
  const under = el("g", { class: "under", "aria-hidden": "true" }, svg);
  for (const o of opts.overlays || []) {
    const { x, y } = geo.xy(o.square);
    const cls = `hl hl-${o.kind}`;
    if (o.kind === "last") el("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: cls }, under);
    if (o.kind === "selected") el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 5, class: cls }, under);
    if (o.kind === "source") el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, class: cls }, under);
    if (o.kind === "premove") el("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, class: cls }, under);
  }

  const pieces = el("g", { class: "pieces", "aria-hidden": "true" }, svg);
  for (const [square, stack] of opts.stacks || []) {
    const { x, y } = geo.xy(square);
    drawStack(pieces, stack, x, y, uid, { badge: !opts.compact, square });
  }
  for (const g of opts.ghosts || []) {
    const { x, y } = geo.xy(g.square);
    drawStack(pieces, { ...g.counts, side: g.side }, x, y, uid, { badge: true, ghost: true });
  }

  const over = el("g", { class: "over", "aria-hidden": "true" }, svg);
  for (const o of opts.overlays || []) {
    const { x, y } = geo.xy(o.square);
    const cx = x + CELL / 2;
    const cy = y + CELL / 2;
    if (o.kind === "target") el("circle", { cx, cy, r: 9, class: "hl hl-target" }, over);
    // Onto pieces (one's own, or those on their way): a ring, that hides nothing.
    if (o.kind === "join") el("circle", { cx, cy, r: CELL / 2 - 4, class: "hl hl-join" }, over);
    if (o.kind === "capture") {
      el("circle", { cx, cy, r: CELL / 2 - 5, class: "hl hl-capture" }, over);
      el("path", { d: `M${cx - 8} ${cy - 8} l16 16 m0 -16 l-16 16`, class: "hl hl-capture" }, over);
    }
    if (o.kind === "cursor") el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, class: "hl hl-cursor" }, over);
  }
  for (const a of opts.arrows || []) {
    const p = geo.xy(a.from);
    const q = geo.xy(a.to);
    const x1 = p.x + CELL / 2;
    const y1 = p.y + CELL / 2;
    const x2 = q.x + CELL / 2;
    const y2 = q.y + CELL / 2;
    el("line", { x1, y1, x2: x1 + (x2 - x1) * 0.8, y2: y1 + (y2 - y1) * 0.8, class: `arrow ${a.kind || ""}` }, over);
  }

  // Cells, on top: one per square, rows by rank from the north.
  if (!opts.compact && !opts.figure) {
    const cells = el("g", { class: "hits" }, svg);
    for (let r = scenario.height; r >= 1; r--) {
      const row = el("g", { role: "row" }, cells);
      for (let f = -1; f < scenario.width; f++) {
        const name = squareName(f, r);
        const { x, y } = geo.xy(name);
        el(
          "rect",
          {
            x,
            y,
            width: CELL,
            height: CELL,
            fill: "transparent",
            "data-square": name,
            class: "hit",
            role: "gridcell",
            "aria-label": opts.cellLabel ? opts.cellLabel(name) : name,
            tabindex: name === opts.focusSquare ? 0 : -1,
          },
          row,
        );
      }
    }
  }
  return svg;
}

/**
 * A single piece, for trays, choosers and dragging.
 * @param {import("./squares.js").Kind} kind
 * @param {Side} side
 * @param {number} [size]
 * @returns {SVGSVGElement}
 */
export function pieceIcon(kind, side, size = 28) {
  const uid = `i${++uidCounter}`;
  const svg = /** @type {SVGSVGElement} */ (el("svg", { xmlns: SVG, viewBox: "0 0 32 28", width: size, height: (size * 28) / 32, class: "piece-icon", "aria-hidden": "true" }));
  defs(svg, uid);
  const colour = SIDE_COLOURS[side];
  const w = kind === "F" ? 20 : kind === "M" ? 30 : 32;
  el("use", { href: `#${uid}-${kind}`, x: (32 - w) / 2, y: 0, width: w, height: 28, fill: colour.fill, stroke: colour.dark, "stroke-width": 0.6 }, svg);
  return svg;
}

/**
 * The square (or null) at a point of the screen, for dragging.
 * @param {number} x
 * @param {number} y
 */
export function squareAt(x, y) {
  const e = document.elementFromPoint(x, y);
  return e instanceof Element ? e.closest("[data-square]")?.getAttribute("data-square") || null : null;
}
