// @ts-check
// The panels beside the board: the terrain's key, settings, export, the battle's story,
// the rules.

import { h, download } from "./dom.js";
import { t, lang, longDate } from "./i18n.js";
import { drawBoard } from "./board.js";
import { settings, changeSettings } from "./settings.js";
import { forcesText } from "./home.js";
import { battleNote } from "./notes.js";
import { rulesSections } from "./rules.js";
import { terrainKey } from "./terrainkey.js";

/**
 * @param {HTMLElement} box
 * @param {{scenario: import("./types.js").Scenario, game: import("./types.js").GameState, id: string, sideName: (s: string) => string, placement: () => Map<string, import("./squares.js").Stack>, shownPly: () => number, settingsChanged: () => void}} o
 */
export function renderSidePanels(box, o) {
  const { scenario, id } = o;
  const s = settings();
  const confirmBox = h("input", { type: "checkbox", id: "set-confirm", checked: s.confirmMoves, onchange: (/** @type {Event} */ e) => { changeSettings({ confirmMoves: /** @type {HTMLInputElement} */ (e.target).checked }); o.settingsChanged(); } });
  const flip = h(
    "button",
    { type: "button", class: "flip", "data-focus": "flip", "aria-pressed": String(s.flip), onclick: () => { const next = changeSettings({ flip: !settings().flip }); flip.setAttribute("aria-pressed", String(next.flip)); o.settingsChanged(); } },
    t("flipBoard"),
  );
  const premoveBox = h("input", { type: "checkbox", id: "set-premoves", checked: s.premoves, onchange: (/** @type {Event} */ e) => { changeSettings({ premoves: /** @type {HTMLInputElement} */ (e.target).checked }); o.settingsChanged(); } });
  const settingsBox = h(
    "div",
    { class: "settings" },
    flip,
    h("label", { for: "set-confirm", class: "check" }, confirmBox, " ", t("alwaysConfirm")),
    h("label", { for: "set-premoves", class: "check" }, premoveBox, " ", t("allowPremoves")),
  );

  const name = `${scenario.id}-${id}`;
  const svgOf = () => drawBoard(scenario, { stacks: o.placement(), compact: true });
  const svgBlob = () => new Blob([new XMLSerializer().serializeToString(svgOf())], { type: "image/svg+xml" });
  // The server draws the position shown in its palette: a PNG of a few kilobytes.
  const pngHref = () => `/api/games/${encodeURIComponent(id)}/png?ply=${o.shownPly()}`;
  const base = `/api/games/${id}/record`;
  const exporter = h(
    "div",
    { class: "export" },
    h("h2", {}, t("export")),
    h("a", { href: `${base}?format=json`, download: `${name}.json` }, t("exportJson")),
    " · ",
    h("a", { href: `${base}?format=text`, download: `${name}.txt` }, t("exportText")),
    " · ",
    h("button", { type: "button", class: "link", onclick: () => download(`${name}.svg`, svgBlob()) }, t("exportSvg")),
    " · ",
    h("a", { href: pngHref(), download: `${name}.png`, class: "png", onclick: (/** @type {MouseEvent} */ e) => { /** @type {HTMLAnchorElement} */ (e.currentTarget).href = pngHref(); } }, t("exportPng")),
  );

  const notes = h("details", { class: "notes" }, h("summary", {}, t("notes")));
  for (const part of /** @type {const} */ (["summary", "history"])) {
    const note = battleNote(scenario, part);
    const other = note.lang === lang() ? null : note.lang;
    if (note.text) notes.append(...note.text.split(/\n\s*\n/).map((p) => h("p", { lang: other }, p)));
  }
  notes.append(
    h("p", { class: "muted" }, `${longDate(scenario.date)} · ${scenario.width}×${scenario.height}`),
    h("p", {}, h("strong", { class: "army" }, o.sideName("army")), `: ${forcesText(scenario.sides.army.forces)}`),
    h("p", {}, h("strong", { class: "indians" }, o.sideName("indians")), `: ${forcesText(scenario.sides.indians.forces)}`),
  );
  if (scenario.notes.sources && scenario.notes.sources.trim()) notes.append(h("p", { class: "muted sources", lang: lang() === "en" ? null : "en" }, scenario.notes.sources.trim()));

  const rules = h("details", { class: "rules" }, h("summary", {}, t("rules")));
  for (const [title, paragraphs] of rulesSections()) rules.append(h("h3", {}, title), ...paragraphs.map((p) => h("p", {}, p)));

  box.replaceChildren(terrainKey(scenario), settingsBox, exporter, notes, rules, h("p", {}, h("a", { href: "/" }, `← ${t("home")}`)));
}
