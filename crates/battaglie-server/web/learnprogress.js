// @ts-check
// The stars won in the lessons, kept in this browser: the best of each stage, so a
// replay for fun never loses a star. Pure but for the storage.

/** Stars by stage, keyed `lesson/stage` (`board/2`), each 1 to 3. @typedef {Record<string, number>} Stars */

const KEY = "battaglie.learn";

/** @param {string} lesson @param {number} stage */
export const stageKey = (lesson, stage) => `${lesson}/${stage}`;

/** The stars kept in this browser. @returns {Stars} */
export function keptStars() {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(KEY) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

/** @param {Stars} stars */
function keep(stars) {
  try {
    localStorage.setItem(KEY, JSON.stringify(stars));
  } catch {
    // Storage refused (a private window): the stars last as long as the page.
  }
}

/**
 * The best of two records of stars, stage by stage.
 * @param {Stars} a
 * @param {Stars} b
 * @returns {Stars}
 */
export function bestOf(a, b) {
  /** @type {Stars} */
  const out = { ...a };
  for (const [k, n] of Object.entries(b)) if (Number.isInteger(n) && n >= 1 && n <= 3 && !(out[k] >= n)) out[k] = n;
  return out;
}

/**
 * Keeps `stars` for a stage when better than those kept; answers whether they were.
 * @param {string} lesson
 * @param {number} stage
 * @param {number} stars
 */
export function recordStars(lesson, stage, stars) {
  const kept = keptStars();
  const k = stageKey(lesson, stage);
  if (stars < 1 || kept[k] >= stars) return false;
  keep({ ...kept, [k]: stars });
  return true;
}

/** Keeps the best of these stars (an account's) and those already kept. @param {Stars} other */
export function mergeStars(other) {
  keep(bestOf(keptStars(), other));
}

/**
 * The first stage without a star, in the order of the course, or null when every
 * stage has one.
 * @param {{id: string, stages: unknown[]}[]} lessons
 * @param {Stars} stars
 * @returns {{lesson: string, stage: number} | null}
 */
export function nextStage(lessons, stars) {
  for (const l of lessons) for (let i = 1; i <= l.stages.length; i++) if (!stars[stageKey(l.id, i)]) return { lesson: l.id, stage: i };
  return null;
}
