// @ts-check
// battaglie in the browser: the header (language, sound, the rules) and the pages:
// home, game, the lobby, the rules for players, learning to play (the lessons' map and
// a lesson), and the page for an unknown address. Each concern lives in its own module; this one only routes.

import { earlyScenarios } from "./early.js";
import { h, toast } from "./dom.js";
import { api } from "./api.js";
import { t, setLang, lang, LANGUAGES } from "./i18n.js";
import { errorText } from "./errors.js";
import { homePage } from "./home.js";
import { gamePage } from "./game.js";
import { rulesPage } from "./rules.js";
import { lobbyPage } from "./lobby.js";
import { learnMapPage } from "./learn.js";
import { lessonPage } from "./learnstage.js";
import { turnBadge } from "./badge.js";
import { seatToken } from "./seat.js";
import { siteLinks, notFoundPage } from "./nav.js";
import { settings, changeSettings } from "./settings.js";

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
/** @type {import("./types.js").Scenario[] | null} */
let scenarios = null;
let teardown = () => {};

function header() {
  const select = h(
    "select",
    { id: "lang", onchange: (/** @type {Event} */ e) => { setLang(/** @type {HTMLSelectElement} */ (e.target).value).then(route); } },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, lang: code, selected: code === lang() }, name)),
  );
  const mute = h(
    "button",
    {
      type: "button",
      class: "mute",
      "aria-pressed": String(settings().muted),
      onclick: () => {
        const next = changeSettings({ muted: !settings().muted });
        mute.setAttribute("aria-pressed", String(next.muted));
        mute.textContent = next.muted ? t("soundOff") : t("soundOn");
      },
    },
    settings().muted ? t("soundOff") : t("soundOn"),
  );
  return h(
    "header",
    { class: "top" },
    h("a", { href: "#main", class: "skip" }, t("skip")),
    h("a", { href: "/", class: "logo" }, "battaglie"),
    h("span", { class: "tag" }, t("tagline")),
    ...siteLinks(),
    turnBadge(),
    mute,
    h("label", { class: "lang", for: "lang" }, h("span", { class: "sr-only" }, t("language")), select),
  );
}

async function route() {
  teardown();
  teardown = () => {};
  document.documentElement.lang = lang();
  const m = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
  const lesson = /^\/learn\/([a-z-]+)\/?$/.exec(location.pathname);
  root.replaceChildren(header());
  try {
    if (!scenarios) scenarios = await (earlyScenarios() ?? api("GET", "/api/scenarios"));
    const list = /** @type {import("./types.js").Scenario[]} */ (scenarios);
    if (location.pathname === "/rules") rulesPage(root);
    else if (location.pathname === "/learn") await learnMapPage(root, list);
    else if (lesson) teardown = await lessonPage(root, lesson[1], list);
    else if (location.pathname === "/lobby") teardown = await lobbyPage(root, list);
    else if (m) teardown = await gamePage(root, list, m[1], seatToken(m[1]));
    else if (location.pathname === "/") homePage(root, list, route);
    else notFoundPage(root);
  } catch (e) {
    root.append(h("main", { id: "main" }, h("h1", {}, t("cannotLoad")), h("p", { class: "fatal" }, errorText(e))));
  }
}

// The offline edition (`battaglie site`): the server's answers come from the browser.
if (document.querySelector('meta[name="battaglie-edition"][content="offline"]')) await import("./local/offline.js");

window.addEventListener("popstate", route);
// A fault of the page is said, not swallowed.
window.addEventListener("error", (e) => toast(`${t("pageFault")}: ${e.message}`));
window.addEventListener("unhandledrejection", (e) => toast(`${t("pageFault")}: ${e.reason}`));
route();
