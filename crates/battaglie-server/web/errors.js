// @ts-check
// The server's errors in the reader's language. Every error carries a code and the
// parameters of its sentence (docs/api.md): the page says it with its own string
// `err_<code>`, filled with those parameters (kinds and terrains named in the reader's
// words too); the server's English message is only the fallback of an unknown code.

import { t, has } from "./i18n.js";
import { ApiError } from "./api.js";

/** Parameters that name a kind (a letter) or a terrain (its name), said in words. */
const KIND_PARAMS = ["kind"];
const KINDS_PARAMS = ["enter", "group", "defenders"];

/**
 * The parameters of an error in the reader's words.
 * @param {Record<string, string | number>} params
 */
function words(params) {
  /** @type {Record<string, string | number>} */
  const out = { ...params };
  for (const k of KIND_PARAMS) if (typeof out[k] === "string" && has(`kind_${out[k]}`)) out[k] = t(`kind_${out[k]}`);
  for (const k of KINDS_PARAMS) {
    const letters = out[k];
    if (typeof letters !== "string") continue;
    /** @type {Record<string, number>} */
    const counts = {};
    for (const c of letters.toUpperCase()) counts[c] = (counts[c] || 0) + 1;
    const list = Object.entries(counts).map(([c, n]) => (k === "enter" ? t(`kind_${c}`) : t(`count_${c}`, { n })));
    if (list.length) out[k] = list.join(", ");
  }
  if (typeof out.terrain === "string" && has(`terrain_${out.terrain}`)) out.terrain = t(`terrain_${out.terrain}`);
  if (out.side === "army" || out.side === "indians") out.side = t(out.side);
  return out;
}

/**
 * An error in the reader's language.
 * @param {unknown} e
 * @returns {string}
 */
export function errorText(e) {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  if (e.status === 0) return t("err_network");
  if (e.code && has(`err_${e.code}`)) return t(`err_${e.code}`, words(e.params || {}));
  return e.message;
}
