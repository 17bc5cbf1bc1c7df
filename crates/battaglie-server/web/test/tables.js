// Every language's tables at once, for the tests that compare them (the page
// fetches only the reader's: i18n.js).
import en from "../lang-en.js";
import it from "../lang-it.js";
import fr from "../lang-fr.js";
import de from "../lang-de.js";
import historyIt, { summaries as summariesIt } from "../history-it.js";
import historyFr, { summaries as summariesFr } from "../history-fr.js";
import historyDe, { summaries as summariesDe } from "../history-de.js";

/** @type {Record<string, Record<string, string>>} */
export const STRINGS = { en, it, fr, de };
/** @type {Record<string, Record<string, string>>} language -> scenario id -> history */
export const HISTORIES = { it: historyIt, fr: historyFr, de: historyDe };
/** @type {Record<string, Record<string, string>>} language -> scenario id -> summary */
export const SUMMARIES = { it: summariesIt, fr: summariesFr, de: summariesDe };
