// @ts-check
// Moves in words, for what players read and hear (the banner, take-back prompts, the
// live region, the Confirm button): "2 Foot from l4 to k4, 1 Mounted to l5". The move
// list keeps the notation. Reads canonical notation only this far (notation.md).

import { t, lang } from "./i18n.js";
import { KINDS } from "./squares.js";

/** @typedef {import("./squares.js").Counts} Counts */

/**
 * "2 Foot and 1 Mounted", in the reader's language.
 * @param {Counts} c
 */
export function piecesText(c) {
  const parts = KINDS.filter((k) => c[k] > 0).map((k) => t(`count_${k}`, { n: c[k] }));
  return new Intl.ListFormat(lang(), { type: "conjunction" }).format(parts);
}

/**
 * A move in words: `c3:FF-c4,Mxd3` is "2 Foot and 1 Mounted from c3 to c4, 1 Mounted to
 * d3 (attack)"; given what the attack eliminated, "…, 1 Mounted to d3, eliminating 2
 * Foot".
 * @param {string} notation canonical
 * @param {Counts | null} [eliminated] what the move eliminated (the state's `last_eliminated`)
 */
export function moveText(notation, eliminated = null) {
  if (notation === "pass") return t("movePass");
  const [from, rest = ""] = notation.split(":");
  const said = eliminated !== null && eliminated.F + eliminated.M + eliminated.V > 0;
  const groups = rest
    .split(",")
    .map((group, i) => {
      const at = group.search(/[-x]/);
      /** @type {Counts} */
      const c = { F: 0, M: 0, V: 0 };
      for (const letter of group.slice(0, at)) if (letter === "F" || letter === "M" || letter === "V") c[letter] += 1;
      const to = group.slice(at + 1);
      const words = i === 0 ? t("moveGroupFrom", { pieces: piecesText(c), from, to }) : t("moveGroup", { pieces: piecesText(c), to });
      return group[at] === "x" && !said ? t("moveAttack", { group: words }) : words;
    })
    .join(", ");
  return said ? t("moveEliminating", { move: groups, pieces: piecesText(eliminated) }) : groups;
}

/**
 * Kinds of pieces by name: "Foot and Mounted", in the reader's language.
 * @param {import("./squares.js").Kind[]} kinds
 */
export function piecesNamed(kinds) {
  return new Intl.ListFormat(lang(), { type: "conjunction" }).format(kinds.map((k) => t(`kind_${k}`)));
}
