// @ts-check
// What a player reads when a record they import cannot be read. The rules' message
// for a square that is not on the board is written for programmers (and names the
// largest board's files, `a` to `p`): a player is told which square, and what the
// battle's board has, files and ranks, from the scenario the record names.

import { t } from "./i18n.js";
import { errorText } from "./errors.js";

/**
 * @param {unknown} err the server's refusal
 * @param {string} text the record as imported
 * @param {import("./types.js").Scenario[]} scenarios the battles
 * @returns {string}
 */
export function importErrorText(err, text, scenarios) {
  const e = /** @type {{code?: string, params?: Record<string, unknown>}} */ (err);
  const detail = e?.code === "bad_record" ? String(e.params?.detail ?? "") : "";
  const square = /invalid square "([^"]*)"/.exec(detail)?.[1];
  if (square === undefined) return errorText(err);
  const battle = scenarios.find((s) => new RegExp(`["\\s]${s.id}["\\s]`).test(text));
  if (!battle) return t("err_record_square_any", { square });
  return t("err_record_square", {
    square,
    battle: battle.name,
    lastFile: String.fromCharCode("a".charCodeAt(0) + battle.width - 1),
    lastRank: battle.height,
  });
}
