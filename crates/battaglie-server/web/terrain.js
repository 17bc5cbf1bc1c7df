// @ts-check
// The terrain, drawn like a diorama seen from above: grass, rivers and fords, trails,
// woods, ridges, rocks, houses. Positions come from the board's geometry, so the map
// turns with it.

import { el, CELL } from "./svg.js";

/** @typedef {import("./types.js").Scenario} Scenario */

/** A small deterministic pseudo-random generator per square, so the map never flickers. @param {number} seed */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10000) / 10000;
  };
}

/** @param {string} text */
function hash(text) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * The gradients, patterns and piece symbols of one board (ids prefixed by `uid`).
 * @param {SVGElement} svg
 * @param {string} uid
 */
export function defs(svg, uid) {
  const d = el("defs", {}, svg);
  d.innerHTML = `
  <radialGradient id="${uid}-grass" cx="50%" cy="40%" r="75%">
    <stop offset="0" stop-color="#8fb35a"/><stop offset="1" stop-color="#6f9443"/>
  </radialGradient>
  <pattern id="${uid}-blades" width="14" height="14" patternUnits="userSpaceOnUse">
    <path d="M2 12 l1 -4 M7 6 l-1 -4 M11 13 l1 -3 M10 4 l1 -3" stroke="#5d7f36" stroke-width="0.9" opacity="0.55"/>
    <circle cx="4" cy="3" r="0.8" fill="#a9c873" opacity="0.6"/>
  </pattern>
  <linearGradient id="${uid}-water" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#5f9fd0"/><stop offset="1" stop-color="#3b77ad"/>
  </linearGradient>
  <radialGradient id="${uid}-tree" cx="35%" cy="30%" r="70%">
    <stop offset="0" stop-color="#5f9a3e"/><stop offset="0.7" stop-color="#2f6327"/><stop offset="1" stop-color="#1f4419"/>
  </radialGradient>
  <radialGradient id="${uid}-ridge" cx="40%" cy="35%" r="70%">
    <stop offset="0" stop-color="#b5a46a"/><stop offset="1" stop-color="#8c8450"/>
  </radialGradient>
  <linearGradient id="${uid}-rock" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#c9c2b4"/><stop offset="1" stop-color="#7d766a"/>
  </linearGradient>
  <linearGradient id="${uid}-staging" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#d8c9a3"/><stop offset="1" stop-color="#c8b68a"/>
  </linearGradient>
  <filter id="${uid}-shadow" x="-30%" y="-30%" width="160%" height="160%">
    <feDropShadow dx="1.5" dy="2" stdDeviation="1.2" flood-color="#000" flood-opacity="0.45"/>
  </filter>
  <symbol id="${uid}-F" viewBox="0 0 20 28">
    <ellipse cx="10" cy="26" rx="8" ry="2" fill="#3b3325" opacity="0.7"/>
    <circle cx="10" cy="4.2" r="3.2"/>
    <path d="M6.5 8.5 h7 l1.2 8.5 h-2.4 l-0.6 8 h-2.2 l-0.5 -6 l-0.5 6 h-2.2 l-0.6 -8 h-2.4 z"/>
    <path d="M15.5 2 l1.4 0 l0 16 l-1.4 0 z" fill="#4a3a22"/>
    <path d="M5 3.6 h10 v1.3 h-10 z" opacity="0.85"/>
  </symbol>
  <symbol id="${uid}-M" viewBox="0 0 30 28">
    <ellipse cx="15" cy="26" rx="13" ry="2" fill="#3b3325" opacity="0.7"/>
    <path d="M4 12 q2 -4 7 -3 h9 q3 -3 5 -6 l2 1 l-1 3 l2 3 l-2 1 l-2 -1 q-1 3 -3 4 v9 h-2 l-1 -7 h-7 l-2 7 h-2 l0 -8 q-3 0 -3 -3 z" fill="#5a3b22"/>
    <circle cx="14" cy="2.6" r="2.6"/>
    <path d="M11 5.5 h6 l0.5 6 h-7 z"/>
    <path d="M12 11 l-1 5 h1.6 l1.2 -4 z"/>
  </symbol>
  <symbol id="${uid}-V" viewBox="0 0 32 28">
    <ellipse cx="16" cy="26" rx="15" ry="2" fill="#3b3325" opacity="0.7"/>
    <path d="M5 9 q11 -10 22 0 v6 h-22 z" fill="#efe6cf" stroke="#6b5b3b" stroke-width="0.8"/>
    <path d="M4 14 h24 v6 h-24 z"/>
    <circle cx="9" cy="21" r="4" fill="#3a2a18"/><circle cx="9" cy="21" r="1.4" fill="#c9b58a"/>
    <circle cx="23" cy="21" r="4" fill="#3a2a18"/><circle cx="23" cy="21" r="1.4" fill="#c9b58a"/>
    <path d="M28 16 l3 -1 v1.6 l-3 1 z" fill="#4a3a22"/>
  </symbol>`;
  return d;
}


const NEIGHBOURS = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/**
 * The terrain's name at a square, or null off the map.
 * @param {Scenario} scenario
 * @param {number} file
 * @param {number} rankIndexFromNorth 0 for the northern rank
 * @returns {string | null}
 */
export function terrainAt(scenario, file, rankIndexFromNorth) {
  if (file < 0 || file >= scenario.width || rankIndexFromNorth < 0 || rankIndexFromNorth >= scenario.height) return null;
  return terrainKindAt(scenario, file, rankIndexFromNorth)?.name ?? "open";
}

/**
 * The terrain declared at a square of the map (its name and who may enter), or null
 * for open ground.
 * @param {Scenario} scenario
 * @param {number} file
 * @param {number} rankIndexFromNorth 0 for the northern rank
 * @returns {import("./types/TerrainKind").TerrainKind | null}
 */
export function terrainKindAt(scenario, file, rankIndexFromNorth) {
  const symbol = [...scenario.terrain.rows[rankIndexFromNorth]][file];
  return scenario.terrain.kinds.find((k) => k.symbol === symbol) ?? null;
}

const WATERY = new Set(["river", "ford", "creek", "water", "stream", "lake"]);

/**
 * Draws every square's terrain into `g`.
 * @param {SVGElement} g
 * @param {Scenario} scenario
 * @param {{cell: (file: number, rankIndexFromNorth: number) => {x: number, y: number}}} geo
 * @param {string} uid the prefix of this board's gradient and symbol ids
 */
export function drawTerrain(g, scenario, geo, uid) {
  const base = el("g", {}, g);
  const flows = el("g", {}, g);
  const above = el("g", {}, g);
  for (let r = 0; r < scenario.height; r++) {
    for (let f = 0; f < scenario.width; f++) {
      const name = terrainAt(scenario, f, r) || "open";
      const { x, y } = geo.cell(f, r);
      const rand = rng(hash(scenario.id + f + "/" + r));
      const tint = 0.05 + rand() * 0.08;
      el("rect", { x, y, width: CELL, height: CELL, fill: `url(#${uid}-grass)` }, base);
      el("rect", { x, y, width: CELL, height: CELL, fill: `url(#${uid}-blades)` }, base);
      el("rect", { x, y, width: CELL, height: CELL, fill: rand() < 0.5 ? "#fff7c8" : "#27401a", opacity: tint.toFixed(3) }, base);
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      /** @param {(name: string) => boolean} pred the unit vectors (on screen) towards neighbours that match */
      const linked = (pred) =>
        NEIGHBOURS.filter(([df, dr]) => {
          const n = terrainAt(scenario, f + df, r + dr);
          return n && pred(n);
        }).map(([df, dr]) => {
          const q = geo.cell(f + df, r + dr);
          return [(q.x - x) / CELL, (q.y - y) / CELL];
        });
      switch (name) {
        case "river":
        case "ford":
        case "deep ford":
        case "water":
        case "lake": {
          const width = name.endsWith("ford") ? CELL * 0.7 : CELL * 0.82;
          el("circle", { cx, cy, r: width / 2, fill: "#4a86bd" }, flows);
          for (const [df, dr] of linked((n) => WATERY.has(n))) {
            el("line", { x1: cx, y1: cy, x2: cx + (df * CELL) / 2, y2: cy + (dr * CELL) / 2, stroke: "#4a86bd", "stroke-width": width, "stroke-linecap": "butt" }, flows);
          }
          el("circle", { cx: cx - 4, cy: cy - 5, r: width / 4, fill: "#8cc0e6", opacity: 0.35 }, flows);
          if (name.endsWith("ford")) {
            el("rect", { x: x + 8, y: y + 8, width: CELL - 16, height: CELL - 16, rx: 8, fill: "#d9c48f", opacity: 0.55 }, above);
            for (let i = 0; i < 6; i++) {
              el("circle", { cx: x + 12 + rand() * (CELL - 24), cy: y + 12 + rand() * (CELL - 24), r: 1.5 + rand() * 2, fill: "#9c958a" }, above);
            }
          } else {
            for (let i = 0; i < 3; i++) {
              const wy = y + 12 + i * 14 + rand() * 4;
              el("path", { d: `M${x + 10} ${wy} q6 -4 12 0 t12 0`, stroke: "#cfe6f7", "stroke-width": 1.2, fill: "none", opacity: 0.7 }, above);
            }
          }
          break;
        }
        case "creek":
        case "stream": {
          const w = CELL * 0.22;
          el("circle", { cx, cy, r: w / 2, fill: "#4f8cc0" }, flows);
          for (const [df, dr] of linked((n) => WATERY.has(n))) {
            el("line", { x1: cx, y1: cy, x2: cx + (df * CELL) / 2, y2: cy + (dr * CELL) / 2, stroke: "#4f8cc0", "stroke-width": w, "stroke-linecap": "round" }, flows);
          }
          break;
        }
        case "trail":
        case "road": {
          const w = CELL * 0.2;
          const colour = "#b99b67";
          const links = linked((n) => n === name || n === "house");
          el("circle", { cx, cy, r: w / 2, fill: colour }, base);
          for (const [df, dr] of links) {
            el("line", { x1: cx, y1: cy, x2: cx + (df * CELL) / 2, y2: cy + (dr * CELL) / 2, stroke: colour, "stroke-width": w, "stroke-linecap": "round" }, base);
          }
          if (links.length === 0) el("circle", { cx, cy, r: w, fill: colour }, base);
          break;
        }
        case "woods":
        case "forest": {
          el("rect", { x, y, width: CELL, height: CELL, fill: "#3d6b2c", opacity: 0.35 }, base);
          const n = 4 + Math.floor(rand() * 3);
          for (let i = 0; i < n; i++) {
            const tx = x + 10 + rand() * (CELL - 20);
            const ty = y + 10 + rand() * (CELL - 20);
            const tr = 7 + rand() * 5;
            el("circle", { cx: tx + 2.5, cy: ty + 3, r: tr, fill: "#1d2e12", opacity: 0.35 }, above);
            el("circle", { cx: tx, cy: ty, r: tr, fill: `url(#${uid}-tree)` }, above);
          }
          break;
        }
        case "ridge":
        case "hill": {
          el("rect", { x, y, width: CELL, height: CELL, fill: `url(#${uid}-ridge)`, opacity: 0.8 }, base);
          for (let i = 0; i < 3; i++) {
            const rx = CELL * (0.45 - i * 0.12);
            const ry = CELL * (0.32 - i * 0.08);
            el("ellipse", { cx: cx + i * 1.5, cy: cy - i * 1.5, rx, ry, fill: "none", stroke: "#6b6234", "stroke-width": 1, opacity: 0.55 }, base);
          }
          el("path", { d: `M${x + 4} ${y + CELL - 6} Q${cx} ${y + CELL - 14} ${x + CELL - 4} ${y + CELL - 6}`, stroke: "#4f4a25", "stroke-width": 3, fill: "none", opacity: 0.25 }, base);
          break;
        }
        case "rocks":
        case "cliffs":
        case "rock":
        case "mountain": {
          el("rect", { x, y, width: CELL, height: CELL, fill: "#a39a83", opacity: 0.55 }, base);
          const n = 3 + Math.floor(rand() * 3);
          for (let i = 0; i < n; i++) {
            const rx = x + 8 + rand() * (CELL - 18);
            const ry = y + 8 + rand() * (CELL - 18);
            const s = 6 + rand() * 8;
            const pts = [
              [rx, ry + s * 0.6],
              [rx + s * 0.3, ry],
              [rx + s * 0.9, ry + s * 0.1],
              [rx + s * 1.1, ry + s * 0.7],
              [rx + s * 0.5, ry + s],
            ];
            el("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill: `url(#${uid}-rock)`, stroke: "#5d574c", "stroke-width": 0.7, filter: `url(#${uid}-shadow)` }, above);
          }
          break;
        }
        case "house":
        case "fort":
        case "station": {
          const w = CELL * 0.56;
          const h = CELL * 0.42;
          const hx = cx - w / 2;
          const hy = cy - h / 2;
          el("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, fill: "#b49b6c", opacity: 0.45, rx: 3 }, base);
          const roof = el("g", { filter: `url(#${uid}-shadow)` }, above);
          el("rect", { x: hx, y: hy, width: w, height: h, fill: "#8d4b2e", stroke: "#5a2d19", "stroke-width": 1 }, roof);
          el("polygon", { points: `${hx},${hy} ${hx + w},${hy} ${hx + w},${cy} ${hx},${cy}`, fill: "#a95a37" }, roof);
          el("line", { x1: hx, y1: cy, x2: hx + w, y2: cy, stroke: "#5a2d19", "stroke-width": 1.2 }, roof);
          el("rect", { x: hx + w * 0.7, y: hy - 3, width: 4, height: 6, fill: "#5e5a55" }, roof);
          break;
        }
        case "open":
          break;
        default: {
          const hue = hash(name) % 360;
          el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, fill: `hsl(${hue} 35% 55%)`, opacity: 0.35 }, base);
        }
      }
    }
  }
}

