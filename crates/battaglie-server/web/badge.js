// @ts-check
// The header's badge: how many games wait for the signed-in player's move
// (GET /api/account/turns), linking to their games list on the home page.
// Nothing is shown to a guest or when no game waits.

import { h } from "./dom.js";
import { api, mayBeSignedIn } from "./api.js";
import { t } from "./i18n.js";

/**
 * The badge's words for `count` games waiting ("" when none).
 * @param {number} count
 * @returns {string}
 */
export function badgeText(count) {
  return count > 0 ? t("turnsWaiting", { n: count }) : "";
}

/** @returns {HTMLElement} the badge, hidden until the count arrives */
export function turnBadge() {
  const badge = h("a", { href: "/#my-games", class: "turn-badge", hidden: true });
  if (!mayBeSignedIn()) return badge;
  api("GET", "/api/account/turns").then(
    (/** @type {{count: number}} */ turns) => {
      const text = badgeText(turns.count);
      badge.textContent = String(turns.count);
      badge.setAttribute("aria-label", text);
      badge.title = text;
      badge.hidden = text === "";
    },
    // A session ended meanwhile, or a server away: no badge, the page works without it.
    () => {},
  );
  return badge;
}
