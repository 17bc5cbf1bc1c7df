// @ts-check
// The lessons, fetched from the site in the reader's language (GET
// /api/learn/lessons/{lang}: the JSON of `battaglie learn --json` with one language),
// once per language and page.

import { api } from "./api.js";
import { lang } from "./i18n.js";

/**
 * A stage as the site sends it (docs/learn.md).
 * @typedef {object} LearnStageJson
 * @property {string} goal
 * @property {string | null} battle
 * @property {string[] | null} map
 * @property {number} width
 * @property {number} height
 * @property {string} position
 * @property {"army" | "indians"} player
 * @property {{kind: "none"} | {kind: "replies", replies: string[]}} opponent
 * @property {[number, number, number]} stars the most moves for three, two and one star
 * @property {string[]} solution
 */
/** @typedef {{id: string, title: string, subtitle: string, intro: string, stages: LearnStageJson[]}} LessonJson */

/** @type {Record<string, Promise<LessonJson[]>>} */
const fetched = {};

/** The lessons in the reader's language. @returns {Promise<LessonJson[]>} */
export function lessonsNow() {
  const code = lang();
  fetched[code] ??= api("GET", `/api/learn/lessons/${code}`).catch((e) => {
    delete fetched[code];
    throw e;
  });
  return fetched[code];
}
