// @ts-check
// The UI's words. `t(key, vars)` picks the current language; `{name}` in a string is
// replaced by `vars.name`; a key with `_one`/`_other` forms is chosen by `vars.n`.

/** @typedef {Record<string, string>} Strings */
/** @typedef {{strings: Strings, histories: Record<string, string>, summaries: Record<string, string>}} Language a language's words and, but for English (the server's), the battles' notes */

/**
 * Each language's tables, fetched only when it is chosen: a reader downloads one
 * language, not four (each import is its own file in the bundle). Every language
 * has every key English has (test/i18n.test.js), so none falls back on another.
 * @type {Record<string, () => Promise<Language>>}
 */
const LOADERS = {
  en: async () => ({ strings: (await import("./lang-en.js")).default, histories: {}, summaries: {} }),
  it: async () => withNotes(await Promise.all([import("./lang-it.js"), import("./history-it.js")])),
  fr: async () => withNotes(await Promise.all([import("./lang-fr.js"), import("./history-fr.js")])),
  de: async () => withNotes(await Promise.all([import("./lang-de.js"), import("./history-de.js")])),
};

/**
 * @param {[{default: Strings}, {default: Record<string, string>, summaries: Record<string, string>}]} modules
 * @returns {Language}
 */
function withNotes([strings, notes]) {
  return { strings: strings.default, histories: notes.default, summaries: notes.summaries };
}

/** The languages loaded so far, by code. @type {Record<string, Language>} */
const loaded = {};

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
    if (LOADERS[code]) return code;
  }
  return "en";
}

/** @returns {string} */
function initial() {
  try {
    const saved = globalThis.localStorage?.getItem(KEY);
    if (saved && LOADERS[saved]) return saved;
  } catch {
    // Storage may be refused (private windows): the browser's language then.
  }
  const nav = globalThis.navigator;
  return pickLanguage(nav ? (nav.languages?.length ? nav.languages : [nav.language || "en"]) : ["en"]);
}

let current = initial();
// Every module that reads a word waits for the reader's language here, once.
loaded[current] = await LOADERS[current]();

export function lang() {
  return current;
}

/**
 * Switches to the language `code`, fetching its words first.
 * @param {string} code
 */
export async function setLang(code) {
  if (!LOADERS[code]) return;
  // Remembered at once: a page left before the words arrive opens in the choice.
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Not remembered, but still switched.
  }
  loaded[code] ??= await LOADERS[code]();
  current = code;
  document.documentElement.lang = code;
}

/** The side names that are plural (sides.js says which): verbs agree with them. */
const pluralNames = new Set();

/**
 * Marks `name` as plural: a string with a `_pl` form takes it when `name` is its subject.
 * @param {string} name
 */
export function pluralName(name) {
  pluralNames.add(name);
}

/**
 * @param {string} key
 * @param {Record<string, string | number>} [vars]
 * @returns {string}
 */
export function t(key, vars = {}) {
  const table = loaded[current].strings;
  let k = key;
  if (typeof vars.n === "number" && (`${key}_one` in table || `${key}_other` in table)) {
    const form = new Intl.PluralRules(current).select(vars.n);
    k = `${key}_${form === "one" ? "one" : "other"}`;
  }
  // The verb agrees with a side named in the plural ("Die Chiricahua-Apachen sind am
  // Zug"): the subject is the winner where one is named, else the side.
  const subject = vars.winner ?? vars.side;
  if (typeof subject === "string" && pluralNames.has(subject) && `${k}_pl` in table) k = `${k}_pl`;
  const text = table[k] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/**
 * Whether a key exists (for optional translations such as terrain names).
 * @param {string} key
 */
export function has(key) {
  return key in loaded[current].strings;
}

/** The battles' histories and summaries in the current language, by scenario id (none in English: the server's are). */
export function languageNotes() {
  const { histories, summaries } = loaded[current];
  return { histories, summaries };
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
