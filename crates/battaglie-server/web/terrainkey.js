// @ts-check
// The terrain's key: a picture of each terrain of the battle, as the board draws it,
// and what it does there: who may not enter it, or that it is scenery anyone crosses.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";
import { KINDS } from "./squares.js";
import { SVG, CELL, el } from "./svg.js";
import { defs, drawTerrain } from "./terrain.js";
import { piecesNamed } from "./words.js";

/** @typedef {import("./types.js").Scenario} Scenario */

let keys = 0;

/**
 * One square of `name` as the board draws it.
 * @param {Scenario} scenario
 * @param {string} symbol
 */
function picture(scenario, symbol) {
  const uid = `k${++keys}`;
  const svg = el("svg", { xmlns: SVG, viewBox: `0 0 ${CELL} ${CELL}`, width: 36, height: 36, class: "terrain-picture", "aria-hidden": "true" });
  defs(svg, uid);
  const one = { ...scenario, width: 1, height: 1, terrain: { rows: [symbol], kinds: scenario.terrain.kinds } };
  drawTerrain(svg, one, { cell: () => ({ x: 0, y: 0 }) }, uid);
  return svg;
}

/**
 * What a terrain does in this battle: `enter` the kinds that may enter it, `present`
 * the kinds the battle has. A terrain every piece of the battle may enter is scenery.
 * @param {string[]} enter
 * @param {import("./squares.js").Kind[]} present
 */
export function terrainEffect(enter, present) {
  const barred = present.filter((k) => !enter.includes(k));
  if (barred.length === 0) return t("terrainScenery");
  const allowed = present.filter((k) => enter.includes(k));
  if (allowed.length === 0) return t("terrainNobody");
  return t("terrainOnly", { kinds: piecesNamed(allowed), barred: piecesNamed(barred) });
}

/**
 * The key of the terrains on `scenario`'s map, open ground first.
 * @param {Scenario} scenario
 * @returns {HTMLElement}
 */
export function terrainKey(scenario) {
  const forces = [scenario.sides.army.forces, scenario.sides.indians.forces];
  const present = KINDS.filter((k) => forces.some((f) => f[k] > 0));
  const used = new Set(scenario.terrain.rows.flatMap((row) => [...row]));
  const rows = [h("li", {}, picture(scenario, "."), h("span", {}, h("strong", {}, t("terrain_open")), ": ", t("terrainScenery")))];
  for (const kind of scenario.terrain.kinds) {
    if (!used.has(kind.symbol) || kind.name === "open") continue;
    const name = has(`terrain_${kind.name}`) ? t(`terrain_${kind.name}`) : kind.name;
    rows.push(h("li", { "data-terrain": kind.name }, picture(scenario, kind.symbol), h("span", {}, h("strong", {}, name), ": ", terrainEffect(kind.enter, present))));
  }
  return h("details", { class: "terrain-key", open: true }, h("summary", {}, t("terrainKey")), h("ul", {}, rows));
}
