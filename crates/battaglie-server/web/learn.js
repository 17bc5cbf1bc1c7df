// @ts-check
// Learn to play, the map (`/learn`): every lesson with its title, its line and its
// stages with the stars won, and the next stage to play offered first.

import { h, formError, showError } from "./dom.js";
import { errorText } from "./errors.js";
import { startGame } from "./home.js";
import { t } from "./i18n.js";
import { lessonsNow } from "./learndata.js";
import { keptStars, nextStage, stageKey } from "./learnprogress.js";
import { syncStars } from "./learnsync.js";

/**
 * Stars in signs with their number for a screen reader: "★★☆".
 * @param {number} n 0 to 3
 */
export function starsShown(n) {
  return h("span", { class: "stars", role: "img", "aria-label": t("learnStars", { n }) }, "★".repeat(n) + "☆".repeat(3 - n));
}

/** The address of a stage. @param {string} lesson @param {number} stage */
export const stageHref = (lesson, stage) => `/learn/${lesson}${stage > 1 ? `?stage=${stage}` : ""}`;

/**
 * "Play your first battle against the computer": a new game, the first battle, the
 * Army against level 1.
 * @param {import("./types.js").Scenario[]} list
 */
export function firstBattle(list) {
  const error = formError();
  const button = h(
    "button",
    {
      type: "button",
      class: "primary first-battle",
      onclick: async () => {
        button.disabled = true;
        try {
          await startGame({ scenario: list[0].id, mode: "computer", side: "army", level: 1 });
        } catch (e) {
          showError(error, errorText(e));
          button.disabled = false;
        }
      },
    },
    t("learnFirstBattle"),
  );
  return h("div", { class: "first-battle-box" }, button, error);
}

/**
 * @param {HTMLElement} root
 * @param {import("./types.js").Scenario[]} list
 */
export async function learnMapPage(root, list) {
  document.title = `${t("learn")} · battaglie`;
  // A signed-in player's stars from other browsers, before the map shows them.
  const [lessons] = await Promise.all([lessonsNow(), syncStars()]);
  const stars = keptStars();
  const next = nextStage(lessons, stars);
  const main = h("main", { id: "main", class: "learn-map" }, h("h1", {}, t("learn")), h("p", { class: "lead" }, t("learnLead")));
  if (next) {
    const lesson = lessons.find((l) => l.id === next.lesson);
    const label = next.lesson === lessons[0].id && next.stage === 1 ? t("learnStart") : t("learnContinue", { lesson: lesson?.title ?? "", n: next.stage });
    main.append(h("div", { class: "learn-next" }, h("a", { class: "button primary", href: stageHref(next.lesson, next.stage) }, label)));
  } else main.append(h("div", { class: "learn-next" }, t("learnAllDone"), " ", firstBattle(list)));
  const map = h("ol", { class: "lessons" });
  lessons.forEach((l, i) => {
    const won = l.stages.map((_, s) => stars[stageKey(l.id, s + 1)] || 0);
    map.append(
      h(
        "li",
        { class: "lesson", "data-lesson": l.id },
        h("h2", {}, h("a", { href: `/learn/${l.id}` }, `${i + 1}. ${l.title}`)),
        h("p", { class: "muted" }, l.subtitle),
        h(
          "ol",
          { class: "stages", "aria-label": t("learnStagesOf", { lesson: l.title }) },
          ...won.map((n, s) => h("li", {}, h("a", { href: stageHref(l.id, s + 1), "aria-label": `${t("learnStageN", { n: s + 1 })}, ${t("learnStars", { n })}` }, h("span", { "aria-hidden": "true" }, `${s + 1} `), h("span", { "aria-hidden": "true", class: "stars" }, "★".repeat(n) + "☆".repeat(3 - n))))),
        ),
      ),
    );
  });
  main.append(map, h("p", {}, h("a", { href: "/rules" }, t("rules")), " · ", h("a", { href: "/" }, t("home"))));
  root.append(main);
}
