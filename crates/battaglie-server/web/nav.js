// @ts-check
// The site's navigation, on every page: the battles (home), learning to play, the
// rules, the lobby.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The links to the site's pages, for a page's header. */
export function siteLinks() {
  return [h("a", { href: "/learn", class: "learn-link" }, t("learn")), h("a", { href: "/rules", class: "rules-link" }, t("rules")), h("a", { href: "/lobby", class: "lobby-link" }, t("lobby"))];
}

/**
 * The page for an address the site does not have: said in the reader's language,
 * with the ways back.
 * @param {HTMLElement} root
 */
export function notFoundPage(root) {
  document.title = `${t("pageNotFound")} · battaglie`;
  root.append(
    h(
      "main",
      { id: "main", class: "fatal-page" },
      h("h1", {}, t("pageNotFound")),
      h("p", {}, t("pageNotFoundHelp")),
      h("ul", { class: "ways-back" }, h("li", {}, h("a", { href: "/" }, t("home"))), ...siteLinks().map((a) => h("li", {}, a))),
    ),
  );
}
