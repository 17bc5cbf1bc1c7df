// The battlefield in SVG: terrain drawn like a diorama seen from above, the staging
// column west of the map, toy-soldier pieces, and the overlays used while moving.

const SVG = "http://www.w3.org/2000/svg";
export const CELL = 56;
const LABEL = 22;
const GAP = 12;
const TOP = 10;

export const SIDE_COLOURS = {
  army: { fill: "#2f5fb3", dark: "#1b3a73", light: "#9db8ea" },
  indians: { fill: "#c0562b", dark: "#7a3014", light: "#f0b48f" },
};

const KIND_NAMES = { F: "Foot", M: "Mounted", V: "Vehicle" };

// ---------------------------------------------------------------- squares and BFEN

/** Parses a square name (`c5`, `@3`) into {file (-1 for staging), rank (1-based)}. */
export function parseSquare(name) {
  const m = /^(@|[a-p])(\d{1,2})$/.exec(name);
  if (!m) return null;
  return { file: m[1] === "@" ? -1 : m[1].charCodeAt(0) - 97, rank: Number(m[2]) };
}

export function squareName(file, rank) {
  return (file < 0 ? "@" : String.fromCharCode(97 + file)) + rank;
}

/** The stacks of a BFEN: Map square -> {side, F, M, V, total}. */
export function parseBfen(bfen, height) {
  const stacks = new Map();
  const [placement, side, quiet, turn] = bfen.split(" ");
  const ranks = placement.split("/");
  ranks.forEach((text, i) => {
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

function stackOf(letters) {
  const s = { side: letters[0] === letters[0].toUpperCase() ? "army" : "indians", F: 0, M: 0, V: 0, total: 0 };
  for (const l of letters.toUpperCase()) {
    s[l] += 1;
    s.total += 1;
  }
  return s;
}

// ---------------------------------------------------------------- geometry

export function geometry(scenario) {
  const mapX = LABEL + CELL + GAP;
  return {
    mapX,
    width: mapX + scenario.width * CELL + LABEL,
    height: TOP + scenario.height * CELL + LABEL + 4,
    xy(name) {
      const sq = parseSquare(name);
      const x = sq.file < 0 ? LABEL : mapX + sq.file * CELL;
      const y = TOP + (scenario.height - sq.rank) * CELL;
      return { x, y };
    },
  };
}

// ---------------------------------------------------------------- helpers

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** A small deterministic pseudo-random generator per square, so the map never flickers. */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10000) / 10000;
  };
}

function hash(text) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------- defs

function defs(svg, uid) {
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

// ---------------------------------------------------------------- terrain

const NEIGHBOURS = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

function terrainAt(scenario, file, rankIndexFromNorth) {
  if (file < 0 || file >= scenario.width || rankIndexFromNorth < 0 || rankIndexFromNorth >= scenario.height) return null;
  const symbol = [...scenario.terrain.rows[rankIndexFromNorth]][file];
  const kind = scenario.terrain.kinds.find((k) => k.symbol === symbol);
  return kind ? kind.name : "open";
}

const WATERY = new Set(["river", "ford", "creek", "water", "stream", "lake"]);

function drawTerrain(g, scenario, geo, uid) {
  const base = el("g", {}, g);
  const flows = el("g", {}, g);
  const above = el("g", {}, g);
  for (let r = 0; r < scenario.height; r++) {
    for (let f = 0; f < scenario.width; f++) {
      const name = terrainAt(scenario, f, r);
      const x = geo.mapX + f * CELL;
      const y = TOP + r * CELL;
      const rand = rng(hash(scenario.id + f + "/" + r));
      const tint = 0.05 + rand() * 0.08;
      el("rect", { x, y, width: CELL, height: CELL, fill: `url(#${uid}-grass)` }, base);
      el("rect", { x, y, width: CELL, height: CELL, fill: `url(#${uid}-blades)` }, base);
      el("rect", { x, y, width: CELL, height: CELL, fill: rand() < 0.5 ? "#fff7c8" : "#27401a", opacity: tint.toFixed(3) }, base);
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      const linked = (pred) =>
        NEIGHBOURS.filter(([df, dr]) => {
          const n = terrainAt(scenario, f + df, r + dr);
          return n && pred(n);
        });
      switch (name) {
        case "river":
        case "ford":
        case "water":
        case "lake": {
          const width = name === "ford" ? CELL * 0.7 : CELL * 0.82;
          el("circle", { cx, cy, r: width / 2, fill: "#4a86bd" }, flows);
          for (const [df, dr] of linked((n) => WATERY.has(n))) {
            el("line", { x1: cx, y1: cy, x2: cx + (df * CELL) / 2, y2: cy + (dr * CELL) / 2, stroke: "#4a86bd", "stroke-width": width, "stroke-linecap": "butt" }, flows);
          }
          el("circle", { cx: cx - 4, cy: cy - 5, r: width / 4, fill: "#8cc0e6", opacity: 0.35 }, flows);
          if (name === "ford") {
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

// ---------------------------------------------------------------- pieces

function drawStack(g, stack, x, y, uid, compact) {
  const colour = SIDE_COLOURS[stack.side];
  const pieces = [];
  for (const k of ["F", "M", "V"]) for (let i = 0; i < stack[k]; i++) pieces.push(k);
  const shown = pieces.slice(0, 4);
  const slots =
    shown.length === 1
      ? [[0.5, 0.52]]
      : shown.length === 2
        ? [[0.3, 0.55], [0.7, 0.45]]
        : shown.length === 3
          ? [[0.3, 0.35], [0.72, 0.38], [0.5, 0.7]]
          : [[0.28, 0.3], [0.72, 0.3], [0.28, 0.72], [0.72, 0.72]];
  const scale = shown.length === 1 ? 1 : 0.72;
  const group = el("g", { class: `stack ${stack.side}`, color: colour.fill }, g);
  shown.forEach((k, i) => {
    const [sx, sy] = slots[i];
    const w = (k === "F" ? 20 : k === "M" ? 30 : 32) * scale * 0.95;
    const h = 28 * scale * 0.95;
    el("use", { href: `#${uid}-${k}`, x: x + sx * CELL - w / 2, y: y + sy * CELL - h / 2, width: w, height: h, fill: colour.fill, stroke: colour.dark, "stroke-width": 0.6 }, group);
  });
  if (stack.total > 1 && !compact) {
    const bx = x + CELL - 11;
    const by = y + 10;
    el("circle", { cx: bx, cy: by, r: 8, fill: "#fffbea", stroke: colour.dark, "stroke-width": 1.5 }, group);
    const t = el("text", { x: bx, y: by + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: colour.dark }, group);
    t.textContent = stack.total;
  }
  const title = el("title", {}, group);
  title.textContent = ["F", "M", "V"].filter((k) => stack[k]).map((k) => `${stack[k]} ${KIND_NAMES[k]}`).join(", ");
}

let uidCounter = 0;

/**
 * Draws a board. `opts`: {stacks (Map), compact (no labels/badges), overlays: [{square, kind}],
 * arrows: [{from, to, label}], cursor}. Returns the <svg> element; squares carry
 * `data-square`.
 */
export function drawBoard(scenario, opts = {}) {
  const uid = `b${++uidCounter}`;
  const geo = geometry(scenario);
  const svg = el("svg", {
    xmlns: SVG,
    viewBox: `0 0 ${geo.width} ${geo.height}`,
    class: "board",
    role: "img",
    "aria-label": scenario.name,
  });
  defs(svg, uid);
  el("rect", { x: 0, y: 0, width: geo.width, height: geo.height, fill: "#5b4a33", rx: 8 }, svg);
  el("rect", { x: 4, y: 4, width: geo.width - 8, height: geo.height - 8, fill: "#e9dfc4", rx: 6 }, svg);

  // Staging column.
  const st = el("g", { class: "staging" }, svg);
  el("rect", { x: LABEL, y: TOP, width: CELL, height: scenario.height * CELL, fill: `url(#${uid}-staging)`, stroke: "#8a7550", "stroke-dasharray": "4 3", rx: 4 }, st);
  for (let r = 1; r < scenario.height; r++) {
    el("line", { x1: LABEL + 6, x2: LABEL + CELL - 6, y1: TOP + r * CELL, y2: TOP + r * CELL, stroke: "#8a7550", "stroke-width": 0.6, opacity: 0.5 }, st);
  }
  // Map.
  const map = el("g", { class: "map" }, svg);
  el("rect", { x: geo.mapX - 2, y: TOP - 2, width: scenario.width * CELL + 4, height: scenario.height * CELL + 4, fill: "#3e3020", rx: 3 }, map);
  drawTerrain(map, scenario, geo, uid);
  const grid = el("g", { stroke: "#1d2a10", "stroke-width": 0.6, opacity: 0.28 }, svg);
  for (let f = 0; f <= scenario.width; f++) el("line", { x1: geo.mapX + f * CELL, x2: geo.mapX + f * CELL, y1: TOP, y2: TOP + scenario.height * CELL }, grid);
  for (let r = 0; r <= scenario.height; r++) el("line", { x1: geo.mapX, x2: geo.mapX + scenario.width * CELL, y1: TOP + r * CELL, y2: TOP + r * CELL }, grid);

  if (!opts.compact) {
    const labels = el("g", { class: "labels", "font-size": 12, fill: "#4a3b24", "font-weight": 600, "text-anchor": "middle" }, svg);
    for (let f = 0; f < scenario.width; f++) {
      const t = el("text", { x: geo.mapX + f * CELL + CELL / 2, y: TOP + scenario.height * CELL + 16 }, labels);
      t.textContent = String.fromCharCode(97 + f);
    }
    const at = el("text", { x: LABEL + CELL / 2, y: TOP + scenario.height * CELL + 16 }, labels);
    at.textContent = "@";
    for (let r = 0; r < scenario.height; r++) {
      const rank = scenario.height - r;
      for (const x of [LABEL / 2 + 1, geo.width - LABEL / 2 - 1]) {
        const t = el("text", { x, y: TOP + r * CELL + CELL / 2 + 4 }, labels);
        t.textContent = rank;
      }
    }
  }

  // Highlights under the pieces.
  const under = el("g", { class: "under" }, svg);
  for (const o of opts.overlays || []) {
    const { x, y } = geo.xy(o.square);
    const cls = `hl hl-${o.kind}`;
    if (o.kind === "last") el("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: cls }, under);
    if (o.kind === "selected") el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 5, class: cls }, under);
    if (o.kind === "source") el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, class: cls }, under);
  }

  const pieces = el("g", { class: "pieces" }, svg);
  for (const [square, stack] of opts.stacks || []) {
    const { x, y } = geo.xy(square);
    drawStack(pieces, stack, x, y, uid, opts.compact);
  }

  const over = el("g", { class: "over" }, svg);
  for (const o of opts.overlays || []) {
    const { x, y } = geo.xy(o.square);
    const cx = x + CELL / 2;
    const cy = y + CELL / 2;
    if (o.kind === "target") el("circle", { cx, cy, r: 9, class: "hl hl-target" }, over);
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
    if (a.label) {
      const t = el("text", { x: x1 + (x2 - x1) * 0.55, y: y1 + (y2 - y1) * 0.55 - 6, class: "arrow-label", "text-anchor": "middle" }, over);
      t.textContent = a.label;
    }
  }

  // Hit areas, on top, one per square.
  if (!opts.compact) {
    const hits = el("g", { class: "hits" }, svg);
    for (let r = 1; r <= scenario.height; r++) {
      for (let f = -1; f < scenario.width; f++) {
        const name = squareName(f, r);
        const { x, y } = geo.xy(name);
        el("rect", { x, y, width: CELL, height: CELL, fill: "transparent", "data-square": name, class: "hit" }, hits);
      }
    }
  }
  return svg;
}

/** The kinds' display letters and names (for trays and choosers). */
export function pieceIcon(kind, side, size = 28) {
  const svg = drawBoardFreePiece(kind, side, size);
  return svg;
}

function drawBoardFreePiece(kind, side, size) {
  const uid = `i${++uidCounter}`;
  const svg = el("svg", { xmlns: SVG, viewBox: "0 0 32 28", width: size, height: (size * 28) / 32, class: "piece-icon" });
  defs(svg, uid);
  const colour = SIDE_COLOURS[side];
  const w = kind === "F" ? 20 : kind === "M" ? 30 : 32;
  el("use", { href: `#${uid}-${kind}`, x: (32 - w) / 2, y: 0, width: w, height: 28, fill: colour.fill, stroke: colour.dark, "stroke-width": 0.6 }, svg);
  return svg;
}
