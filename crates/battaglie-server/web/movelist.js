// @ts-check
// The list of moves: one row per turn, the Army's move and the Indians', the current
// one marked and kept in view, with the analysis' marks (?!, ?, ??) once it has them.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { turnRows } from "./plies.js";
import { marks } from "./evalgraph.js";
import { moveText } from "./words.js";

/** @typedef {import("./types/Ply").Ply} Ply */

/**
 * Fills `box` with the moves; `shown` is the ply on the board (0 the start).
 * @param {HTMLElement} box
 * @param {{plies: Ply[], shown: number, sideName: (s: string) => string, pick: (ply: number) => void, judged?: import("./types/MoveAnalysis").MoveAnalysis[], over?: boolean}} o
 * `over`: the game has ended, so that no move is awaited after the last
 */
export function renderMoveList(box, o) {
  const marked = marks(o.judged || []);
  const rows = turnRows(o.plies);
  if (rows.length === 0) {
    box.replaceChildren(h("h2", {}, t("moves")), h("p", { class: "muted" }, t("noMoves")));
    return;
  }
  const last = o.plies.length;
  /** @param {number | null} ply @param {boolean} after whether the cell comes after the last move */
  const cell = (ply, after = false) => {
    // A move still to come ("…"); after the last move of an ended game, none.
    if (ply === null) return h("td", {}, after && o.over ? "" : "…");
    const current = ply === o.shown;
    const p = o.plies[ply - 1];
    const m = marked.get(ply);
    return h(
      "td",
      {},
      h(
        "button",
        {
          type: "button",
          class: `mv${current ? " current" : ""}`,
          "data-ply": ply,
          "data-focus": `ply-${ply}`,
          "aria-current": current ? "step" : null,
          title: `${p.label} ${p.notation}`,
          onclick: () => o.pick(ply),
        },
        p.notation,
        m ? h("span", { class: `mark mk-${m.cls}`, title: t(`class_${m.cls}`) }, m.mark, h("span", { class: "sr-only" }, ` ${t(`class_${m.cls}`)}`)) : null,
      ),
    );
  };
  const table = h(
    "table",
    { class: "moves" },
    h("caption", { class: "sr-only" }, t("moves")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("turnShort")), h("th", { scope: "col", class: "army" }, o.sideName("army")), h("th", { scope: "col", class: "indians" }, o.sideName("indians")))),
    h(
      "tbody",
      {},
      rows.map((r) => h("tr", {}, h("th", { scope: "row", class: "num" }, String(r.turn)), cell(r.army), cell(r.indians, r.army === last))),
    ),
  );
  const scroller = h("div", { class: "moves-scroll", tabindex: 0, role: "region", "aria-label": t("moves") }, table);
  box.replaceChildren(h("h2", {}, t("moves")), scroller);
  const current = table.querySelector(".current");
  if (current instanceof HTMLElement) {
    // Keep the current move in the middle of the list, scrolling only the list.
    const at = current.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    scroller.scrollTop = Math.max(0, at - scroller.clientHeight / 2 + current.offsetHeight / 2);
  } else if (o.shown === 0) scroller.scrollTop = 0;
}

/**
 * The position after `ply` moves in words, one numbering everywhere: "Turn 250,
 * Indians: c3:F-c4", or "Start".
 * @param {number} ply
 * @param {{plies: Ply[], sideName: (s: string) => string}} o
 */
export function plyText(ply, o) {
  if (ply === 0) return t("startPosition");
  const p = o.plies[ply - 1];
  return t("afterMove", { turn: p.turn, side: o.sideName(p.side), move: moveText(p.notation) });
}
