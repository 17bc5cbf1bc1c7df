// @ts-check
// The UI's words. `t(key, vars)` picks the current language; `{name}` in a string is
// replaced by `vars.name`; a key with `_one`/`_other` forms is chosen by `vars.n`.

import en from "./lang-en.js";
import it from "./lang-it.js";
import fr from "./lang-fr.js";
import de from "./lang-de.js";

/** @typedef {Record<string, string>} Strings */

/** Every language, by code. English is the reference: the others have every key it has. */
export const STRINGS = /** @type {Record<string, Strings>} */ ({ en, it, fr, de });

/** The languages' own names, for the switch. */
export const LANGUAGES = /** @type {Record<string, string>} */ ({ en: "English", it: "Italiano", fr: "Français", de: "Deutsch" });

const KEY = "battaglie.lang";

/**
 * The language of a browser's preferences, or English.
 * @param {readonly string[]} preferred like `navigator.languages`
 */
export function pickLanguage(preferred) {
  for (const p of preferred) {
    const code = p.toLowerCase().slice(0, 2);
    if (STRINGS[code]) return code;
  }
  return "en";
}

/** @returns {string} */
function initial() {
  try {
    const saved = globalThis.localStorage?.getItem(KEY);
    if (saved && STRINGS[saved]) return saved;
  } catch {
    // Storage may be refused (private windows): the browser's language then.
  }
  const nav = globalThis.navigator;
  return pickLanguage(nav ? (nav.languages?.length ? nav.languages : [nav.language || "en"]) : ["en"]);
}

let current = initial();

export function lang() {
  return current;
}

/** @param {string} code */
export function setLang(code) {
  if (!STRINGS[code]) return;
  current = code;
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Not remembered, but still switched.
  }
  document.documentElement.lang = code;
}

/**
 * @param {string} key
 * @param {Record<string, string | number>} [vars]
 * @returns {string}
 */
export function t(key, vars = {}) {
  const table = STRINGS[current];
  let k = key;
  if (typeof vars.n === "number" && (`${key}_one` in STRINGS.en || `${key}_other` in STRINGS.en)) {
    const form = new Intl.PluralRules(current).select(vars.n);
    k = `${key}_${form === "one" ? "one" : "other"}`;
  }
  const text = table[k] ?? STRINGS.en[k] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/**
 * Whether a key exists (for optional translations such as terrain names).
 * @param {string} key
 */
export function has(key) {
  return key in STRINGS.en;
}

/**
 * A date `1868-11-27` in the current language's long form.
 * @param {string} iso
 */
export function longDate(iso) {
  const d = new Date(iso + "T12:00:00Z");
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(current, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
