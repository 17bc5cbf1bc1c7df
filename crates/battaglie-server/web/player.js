// @ts-check
// A player's page (/players/{name}): the rating with its deviation, the rating
// history as a chart (with a table for screen readers), the results by battle
// and side, and the games with filters, each linking to its replay and analysis.

import { earlyScenarios } from "./early.js";
import { h } from "./dom.js";
import { api } from "./api.js";
import { t, lang, setLang, LANGUAGES } from "./i18n.js";
import { errorText } from "./errors.js";
import { el } from "./svg.js";
import { siteLinks } from "./nav.js";

/**
 * @typedef {import("./types/HistoryPoint").HistoryPoint} Point
 * @typedef {import("./types/ResultCount").ResultCount} Results
 * @typedef {import("./types/Player").Player} Player
 * @typedef {import("./types/PlayerGame").PlayerGame} PlayerGame
 */

const W = 640;
const H = 240;
const PAD = { left: 48, right: 12, top: 12, bottom: 32 };

/** @type {Record<string, string>} */
let battleNames = {};

/**
 * The rating history as an SVG line with its deviation band, axes and ticks.
 * @param {Point[]} points
 */
export function chart(points) {
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "aria-labelledby": "chart-title" });
  el("title", { id: "chart-title" }, svg).textContent = t("historySummary", {
    n: points.length,
    from: points[0].rating - points[0].change,
    to: points[points.length - 1].rating,
  });
  const lows = points.map((p) => p.rating - p.deviation);
  const highs = points.map((p) => p.rating + p.deviation);
  const lo = Math.floor(Math.min(...lows) / 50) * 50;
  const hi = Math.ceil(Math.max(...highs) / 50) * 50;
  const x = (/** @type {number} */ i) => PAD.left + (points.length === 1 ? 0.5 : i / (points.length - 1)) * (W - PAD.left - PAD.right);
  const y = (/** @type {number} */ r) => PAD.top + (1 - (r - lo) / Math.max(hi - lo, 1)) * (H - PAD.top - PAD.bottom);
  const band = points.map((_, i) => `${x(i)},${y(highs[i])}`).concat(points.map((_, i) => `${x(i)},${y(lows[i])}`).reverse());
  el("polygon", { points: band.join(" "), class: "band" }, svg);
  el("line", { x1: PAD.left, y1: H - PAD.bottom, x2: W - PAD.right, y2: H - PAD.bottom, class: "axis" }, svg);
  el("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: H - PAD.bottom, class: "axis" }, svg);
  const step = Math.max(50, Math.ceil((hi - lo) / 4 / 50) * 50);
  for (let r = lo; r <= hi; r += step) {
    el("text", { x: PAD.left - 6, y: y(r) + 4, "text-anchor": "end", class: "tick" }, svg).textContent = String(r);
  }
  points.forEach((_, i) => {
    if (points.length <= 10 || i % Math.ceil(points.length / 10) === 0 || i === points.length - 1) {
      el("text", { x: x(i), y: H - PAD.bottom + 16, "text-anchor": "middle", class: "tick" }, svg).textContent = String(i + 1);
    }
  });
  el("text", { x: (W + PAD.left) / 2, y: H - 2, "text-anchor": "middle", class: "axis-label" }, svg).textContent = t("chartGames");
  el("polyline", { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "line" }, svg);
  points.forEach((p, i) => {
    el("circle", { cx: x(i), cy: y(p.rating), r: 3.5, class: "point" }, svg);
  });
  return svg;
}

/** @param {Point[]} points */
function historyTable(points) {
  return h(
    "table",
    { class: "sr-only" },
    h("caption", {}, t("historyTitle")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("chartGames")), h("th", { scope: "col" }, t("rating")), h("th", { scope: "col" }, t("deviation")))),
    h("tbody", {}, points.map((p, i) => h("tr", {}, h("td", {}, i + 1), h("td", {}, p.rating), h("td", {}, `±${p.deviation}`)))),
  );
}

/** @param {Results[]} results */
function resultsTable(results) {
  if (!results.length) return h("p", { class: "muted" }, t("noResults"));
  return h(
    "table",
    { class: "results" },
    h("caption", { class: "sr-only" }, t("resultsTitle")),
    h(
      "thead",
      {},
      h("tr", {}, h("th", { scope: "col" }, t("filterBattle")), h("th", { scope: "col" }, t("filterSide")), h("th", { scope: "col" }, t("wins")), h("th", { scope: "col" }, t("draws")), h("th", { scope: "col" }, t("losses"))),
    ),
    h("tbody", {}, results.map((r) => h("tr", {}, h("th", { scope: "row" }, battleNames[r.battle] || r.battle), h("td", {}, t(r.side)), h("td", {}, r.win), h("td", {}, r.draw), h("td", {}, r.loss)))),
  );
}

/**
 * A labelled select for one filter.
 * @param {string} id
 * @param {string} label
 * @param {[string, string][]} options value and text
 * @param {() => void} changed
 */
function filter(id, label, options, changed) {
  const select = h("select", { id, name: id, onchange: changed }, h("option", { value: "" }, t("filterAll")), options.map(([v, text]) => h("option", { value: v }, text)));
  return { select, label: h("label", { for: id }, label, " ", select) };
}

/** @param {PlayerGame} g */
function gameRow(g) {
  const opponent =
    g.opponent.kind === "player"
      ? h("a", { href: g.opponent.url }, g.opponent.name)
      : g.opponent.kind === "computer"
        ? t("opponentComputer", { level: g.opponent.level ?? 0 })
        : t("opponentAnonymous");
  const change = g.rating_change ? `${g.rating_change.change >= 0 ? "+" : ""}${g.rating_change.change}` : "";
  // Roles kept explicit: on a phone the rows are laid out as cards (style.css).
  const cell = (/** @type {any[]} */ ...children) => h("td", { role: "cell" }, ...children);
  return h(
    "tr",
    { "data-game": g.id, role: "row" },
    cell(new Date(g.updated_at * 1000).toLocaleDateString(lang())),
    cell(battleNames[g.battle] || g.battle),
    cell(t(g.side)),
    cell(opponent),
    cell(g.result ? t(`score_${g.result}`) : t("ongoing"), g.reason ? h("span", { class: "muted" }, ` (${t(`reason_${g.reason}`)})`) : null),
    cell(g.rated ? t("rated") : t("casual"), change ? h("span", { class: "change" }, ` ${change}`) : null),
    cell(h("a", { href: g.urls.replay, class: "replay" }, t("replay")), " ", h("a", { href: g.urls.analysis, class: "analysis" }, t("analysisLink"))),
  );
}

/**
 * @param {HTMLElement} main
 * @param {string} name
 */
function gamesSection(main, name) {
  const body = h("tbody", { role: "rowgroup" });
  const more = h("button", { type: "button", class: "more", hidden: true }, t("moreGames"));
  const status = h("p", { class: "muted", role: "status" });
  /** @type {string | null} */
  let next = null;
  const load = async (/** @type {boolean} */ fresh) => {
    const q = new URLSearchParams();
    for (const f of filters) if (f.select.value) q.set(f.select.id.replace("f-", ""), f.select.value);
    if (!fresh && next) q.set("before", next);
    try {
      const page = await api("GET", `/api/players/${encodeURIComponent(name)}/games?${q}`);
      if (fresh) body.replaceChildren();
      body.append(...page.games.map(gameRow));
      next = page.next;
      more.hidden = !next;
      status.textContent = body.children.length ? "" : t("noGames");
    } catch (e) {
      status.textContent = errorText(e);
    }
  };
  const refresh = () => load(true);
  const filters = [
    filter("f-battle", t("filterBattle"), Object.entries(battleNames), refresh),
    filter("f-side", t("filterSide"), [["army", t("army")], ["indians", t("indians")]], refresh),
    filter("f-result", t("filterResult"), [["win", t("score_win")], ["draw", t("score_draw")], ["loss", t("score_loss")], ["ongoing", t("ongoing")]], refresh),
    filter("f-rated", t("filterRated"), [["true", t("rated")], ["false", t("casual")]], refresh),
  ];
  more.addEventListener("click", () => load(false));
  main.append(
    h(
      "section",
      { "aria-labelledby": "games-h" },
      h("h2", { id: "games-h" }, t("gamesTitle")),
      h("div", { class: "filters", role: "group", "aria-label": t("filters") }, filters.map((f) => f.label)),
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { class: "games", role: "table" },
          h("caption", { class: "sr-only" }, t("gamesTitle")),
          h(
            "thead",
            { role: "rowgroup" },
            h("tr", { role: "row" }, [t("date"), t("filterBattle"), t("filterSide"), t("opponent"), t("filterResult"), t("filterRated"), t("links")].map((c) => h("th", { scope: "col", role: "columnheader" }, c))),
          ),
          body,
        ),
      ),
      status,
      more,
    ),
  );
  return refresh();
}

/** @param {Player} p */
function ratingText(p) {
  const r = p.rating;
  return `${r.rating} ±${r.deviation}${r.provisional ? ` (${t("provisional")})` : ""}`;
}

async function main() {
  document.documentElement.lang = lang();
  const root = /** @type {HTMLElement} */ (document.getElementById("app"));
  const name = decodeURIComponent(location.pathname.replace(/^\/players\//, "").replace(/\/$/, ""));
  const select = h(
    "select",
    { id: "lang", onchange: (/** @type {Event} */ e) => { setLang(/** @type {HTMLSelectElement} */ (e.target).value).then(() => location.reload()); } },
    Object.entries(LANGUAGES).map(([code, label]) => h("option", { value: code, selected: code === lang() }, label)),
  );
  const header = h(
    "header",
    { class: "top" },
    h("a", { href: "#main", class: "skip" }, t("skip")),
    h("a", { href: "/", class: "logo" }, "battaglie"),
    h("span", { class: "tag" }),
    ...siteLinks(),
    h("label", { class: "lang", for: "lang" }, h("span", { class: "sr-only" }, t("language")), select),
  );
  const page = h("main", { id: "main", class: "player-page" });
  root.replaceChildren(header, page);
  try {
    const [player, scenarios] = await Promise.all([api("GET", `/api/players/${encodeURIComponent(name)}`), earlyScenarios() ?? api("GET", "/api/scenarios")]);
    battleNames = Object.fromEntries(scenarios.map((/** @type {{id: string, name: string}} */ s) => [s.id, s.name]));
    document.title = `${player.name} · battaglie`;
    page.append(
      h("h1", {}, player.name),
      h("p", { class: "rating" }, h("span", { class: "label" }, t("rating"), ": "), h("strong", { class: "value" }, ratingText(player)), " · ", t("ratedGames", { n: player.rating.games })),
      h(
        "section",
        { "aria-labelledby": "history-h" },
        h("h2", { id: "history-h" }, t("historyTitle")),
        player.history.length ? h("figure", {}, chart(player.history), historyTable(player.history)) : h("p", { class: "muted" }, t("noRatedGames")),
      ),
      h("section", { "aria-labelledby": "results-h" }, h("h2", { id: "results-h" }, t("resultsTitle")), resultsTable(player.results)),
    );
    await gamesSection(page, player.name);
  } catch (e) {
    page.append(h("h1", {}, name), h("p", { class: "fatal" }, errorText(e)));
  }
}

main();
