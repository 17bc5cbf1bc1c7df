// @ts-check
// "Learn to play", offered first on the home page to a visitor who has never played:
// no game in this browser, no star won yet, and not signed in (a signed-in player has
// played, or knows where the lessons are: the navigation has them).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { mayBeSignedIn } from "./api.js";
import { recentGames } from "./recent.js";
import { keptStars } from "./learnprogress.js";

/** Whether the home page should offer the lessons first. */
export function isNewcomer() {
  return recentGames().length === 0 && Object.keys(keptStars()).length === 0 && !mayBeSignedIn();
}

/** The offer, above the battles. */
export function learnInvite() {
  return h(
    "section",
    { class: "home-learn", "aria-labelledby": "home-learn-h" },
    h("h2", { id: "home-learn-h" }, t("learn")),
    h("p", {}, t("learnHome")),
    h("p", {}, h("a", { class: "button primary", href: "/learn" }, t("learnStart"))),
  );
}
