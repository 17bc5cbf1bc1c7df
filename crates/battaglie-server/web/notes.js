// @ts-check
// The battles' summaries and histories in the language of the page (the server sends
// the English notes of each scenario file; history-xx.js hold the others, fetched with
// the language's words). Sources stay in English (book titles), marked as such for
// screen readers.

import { lang, languageNotes } from "./i18n.js";

/**
 * A battle's note in the current language, and the language it is in: the English
 * text from the server where there is no translation.
 * @param {import("./types.js").Scenario} s
 * @param {"summary" | "history"} part
 * @returns {{text: string, lang: string}}
 */
export function battleNote(s, part) {
  const { histories, summaries } = languageNotes();
  const own = (part === "summary" ? summaries : histories)[s.id];
  if (own) return { text: own, lang: lang() };
  const text = s.notes[part];
  return { text: text ? text.trim() : "", lang: "en" };
}
