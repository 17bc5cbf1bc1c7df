// @ts-check
// The chooser shown while a move is built: how many pieces of each kind the next square
// gets, what stays, what has a place already, and Confirm when the move is ambiguous.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { KINDS, total } from "./squares.js";
import { pieceIcon } from "./board.js";
import { unassigned, staying, setChosen, chooseAll } from "./moves.js";
import { piecesText, moveText } from "./words.js";

/** @typedef {import("./moves.js").Selection} Selection */
/** @typedef {import("./moves.js").Move} Move */

/**
 * @param {HTMLElement} box
 * @param {{sel: Selection | null, side: import("./squares.js").Side, confirmable: Move | null, change: (sel: Selection) => void, confirm: (m: Move) => void, cancel: () => void}} o
 */
export function renderChooser(box, o) {
  box.replaceChildren();
  const sel = o.sel;
  if (!sel) return;
  const left = unassigned(sel);
  const row = h("div", { class: "chooser", role: "group", "aria-label": t("nextSquareGets") });
  for (const k of KINDS) {
    if (left[k] === 0) continue;
    const name = t(`kind_${k}`);
    row.append(
      h(
        "span",
        { class: "kind" },
        pieceIcon(k, o.side, 26),
        h("button", { type: "button", "data-focus": `less-${k}`, "aria-label": t("fewer", { kind: name }), onclick: () => o.change(setChosen(sel, k, sel.choose[k] - 1)) }, "−"),
        h("span", { class: "count", "aria-live": "polite" }, t("chosenOf", { n: sel.choose[k], of: left[k], kind: name })),
        h("button", { type: "button", "data-focus": `more-${k}`, "aria-label": t("more", { kind: name }), onclick: () => o.change(setChosen(sel, k, sel.choose[k] + 1)) }, "+"),
      ),
    );
  }
  if (total(left) > 0) row.append(h("button", { type: "button", "data-focus": "all", onclick: () => o.change(chooseAll(sel)) }, t("all")));
  const exact = o.confirmable;
  box.append(
    h("p", { class: "from" }, t("movingFrom", { square: sel.src })),
    total(left) > 0 ? h("p", { class: "next" }, t("nextSquareGets")) : "",
    row,
    h("p", { class: "muted status" }, splitText(sel, exact !== null)),
    h(
      "div",
      { class: "buttons" },
      exact ? h("button", { type: "button", class: "primary confirm", "data-focus": "confirm", onclick: () => o.confirm(exact) }, `${t("confirm")}: ${moveText(exact.notation)}`) : null,
      h("button", { type: "button", "data-focus": "cancel", onclick: o.cancel }, t("cancel")),
    ),
  );
}

/**
 * Where the pieces go and what stays, by kind: "2 Mounted to a7 · 1 Mounted stays on
 * a6". While Confirm is offered it says what Confirm would leave ("Confirm now and 1
 * Mounted stays on a6"); otherwise what the next square would leave behind.
 * @param {Selection} sel
 * @param {boolean} confirmable
 */
export function splitText(sel, confirmable) {
  const placed = [...sel.pending].map(([dest, c]) => t("goesTo", { pieces: piecesText(c), square: dest }));
  const left = confirmable ? unassigned(sel) : staying(sel);
  const n = total(left);
  // While Confirm is offered the chooser still offers the rest to the next square:
  // what stays is what Confirm would leave, said as such.
  const stays = n === 0 ? t("staysNone", { square: sel.src }) : t(confirmable ? "staysIfConfirmed" : "stays", { n, pieces: piecesText(left), square: sel.src });
  return [...placed, stays].join(" · ");
}
