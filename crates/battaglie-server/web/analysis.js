// @ts-check
// The analysis panel: the engine's judgement of every move, computed in the reader's
// browser (localanalysis.js) or by the server (docs/api.md), followed while it runs
// with a progress bar, drawn as a graph of the Army's winning chance
// (one unit, explained in a tooltip) that steps the board where it is clicked, with
// the shown position's evaluation, the engine's preferred move and line, and each
// side's marks.

import { h } from "./dom.js";
import { api } from "./api.js";
import { t, lang } from "./i18n.js";
import { el } from "./svg.js";
import { armyChances, graphPoints, plyAt, marks, percent, preferredAt } from "./evalgraph.js";
import { engineSupported } from "./engine.js";
import { analyseHere } from "./localanalysis.js";

/** @typedef {import("./types/AnalysisReport").AnalysisReport} Report */

/** The graph's drawing size (it scales to the panel). */
const WIDTH = 600;
const HEIGHT = 120;

/** How often a running analysis is asked for its progress. */
const POLL_MS = 500;

/**
 * The analysis of game `id`, computed in the reader's browser where it can be
 * (localanalysis.js), else on the server (followServerAnalysis).
 * @param {string} id
 * @param {(report: Report, restarted: boolean) => void} changed
 * @param {(e: unknown) => void} failed
 * @returns {() => void} stops following
 */
export function followAnalysis(id, changed, failed) {
  if (!engineSupported()) return followServerAnalysis(id, changed, failed);
  let stop = analyseHere(id, changed, failed, () => (stop = followServerAnalysis(id, changed, failed)));
  return () => stop();
}

/**
 * Starts (or finds) the analysis of game `id` on the server and follows it to the end: `changed`
 * hears every report, `failed` an error; an analysis whose node stopped is asked
 * for again (which restarts it).
 * @param {string} id
 * @param {(report: Report, restarted: boolean) => void} changed
 * @param {(e: unknown) => void} failed
 * @returns {() => void} stops following
 */
function followServerAnalysis(id, changed, failed) {
  let stopped = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @param {"GET" | "POST"} method @param {boolean} restarted */
  const ask = async (method, restarted) => {
    try {
      /** @type {Report} */
      const report = await api(method, `/api/games/${encodeURIComponent(id)}/analysis`);
      if (stopped) return;
      changed(report, restarted);
      if (report.complete) return;
      timer = setTimeout(() => (report.running ? ask("GET", false) : ask("POST", true)), POLL_MS);
    } catch (e) {
      if (!stopped) failed(e);
    }
  };
  ask("POST", false);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Fills `box` with the analysis `report` as it stands, the board at `shown` plies.
 * @param {HTMLElement} box
 * @param {{report: Report, shown: number, sideName: (s: string) => string, positionText: (ply: number) => string, pick: (ply: number) => void}} o
 */
export function renderAnalysis(box, o) {
  const { report, shown } = o;
  const chances = armyChances(report.moves);
  const help = t("evalUnitHelp");
  const at = (/** @type {number} */ ply) => (ply < chances.length ? t("evalAt", { position: o.positionText(ply), pct: percent(chances[ply]) }) : o.positionText(ply));

  const progress = report.complete
    ? h("p", { class: "analysis-progress muted" }, t("analysisDone", { total: report.total }))
    : h(
        "div",
        { class: "analysis-progress" },
        h("progress", { max: Math.max(1, report.total), value: report.done, "aria-labelledby": "analysis-progress-text" }),
        h("p", { id: "analysis-progress-text", class: "muted" }, t("analysisProgress", { done: report.done, total: report.total })),
      );

  const unit = h(
    "p",
    { class: "eval-unit" },
    h("span", { class: "tip", tabindex: 0, title: help, "aria-describedby": "eval-unit-help", "data-focus": "eval-unit" }, t("evalUnit"), " (?)"),
    h("span", { id: "eval-unit-help", class: "tip-text", role: "tooltip" }, help),
  );

  const current = report.moves[shown - 1];
  const mark = current?.class ? h("p", { class: `judged mk-${current.class}` }, judgedText(current, o.sideName)) : null;
  const preferred = preferredAt(report.moves, shown);
  const engine = preferred
    ? [
        h("p", { class: "engine-best" }, preferred.best === preferred.played ? t("engineAgrees", { move: preferred.played }) : t("engineBest", { side: o.sideName(preferred.side), move: preferred.best })),
        h("p", { class: "engine-line muted" }, t("engineLine", { line: preferred.line.join(" ") })),
      ]
    : null;
  const tallies = /** @type {const} */ (["army", "indians"]).map((side) => {
    const s = report.summary[side];
    return h("li", { class: side }, t("analysisTally", { side: o.sideName(side), inaccuracies: s.inaccuracies, mistakes: s.mistakes, blunders: s.blunders }));
  });

  box.hidden = false;
  box.replaceChildren(
    h("h2", { id: "analysis-h" }, t("analysisTitle")),
    progress,
    unit,
    graph(report, chances, shown, at(shown), o.pick),
    h("p", { class: "eval-now", "aria-live": "polite" }, at(shown)),
    ...(mark ? [mark] : []),
    ...(engine || []),
    h("ul", { class: "tallies" }, tallies),
  );
}

/**
 * A marked move in the mover's own numbers, which agree with its mark: the winning
 * chance the engine's choice kept and the one the move left, the loss in Foot as detail.
 * @param {import("./types/MoveAnalysis").MoveAnalysis} m
 * @param {(s: string) => string} sideName
 */
export function judgedText(m, sideName) {
  const loss = new Intl.NumberFormat(lang(), { maximumFractionDigits: 1 }).format(m.loss / 100);
  return t("judgedMove", { move: m.move, cls: t(`class_${m.class}`), side: sideName(m.side), before: percent(m.before.win_chance), after: percent(m.after.win_chance), loss });
}

/**
 * The evaluation graph: the Army's chance after each move over the whole game, a
 * dot per marked move, the shown ply as a line; a slider for assistive technology
 * (the arrow keys step the board, as everywhere on the page).
 * @param {Report} report
 * @param {number[]} chances
 * @param {number} shown
 * @param {string} valueText
 * @param {(ply: number) => void} pick
 */
function graph(report, chances, shown, valueText, pick) {
  const total = report.total;
  const svg = el("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "eval-graph",
    role: "slider",
    tabindex: 0,
    "data-focus": "eval-graph",
    "aria-label": t("evalGraph"),
    "aria-describedby": "eval-unit-help",
    "aria-valuemin": 0,
    "aria-valuemax": total,
    "aria-valuenow": Math.min(shown, total),
    "aria-valuetext": valueText,
    preserveAspectRatio: "none",
  });
  el("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "eg-back" }, svg);
  const points = graphPoints(chances, total, WIDTH, HEIGHT);
  if (points.length > 0) {
    const last = points[points.length - 1];
    const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    el("polygon", { points: `0,${HEIGHT} ${line} ${last.x.toFixed(1)},${HEIGHT}`, class: "eg-army" }, svg);
    el("polyline", { points: line, class: "eg-line" }, svg);
  }
  el("line", { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: "eg-mid" }, svg);
  for (const [ply, m] of marks(report.moves)) {
    const p = points[ply];
    if (p) el("circle", { cx: p.x, cy: p.y, r: 4, class: `eg-mark mk-${m.cls}`, "data-ply": ply }, svg);
  }
  const x = (Math.min(shown, total) * WIDTH) / Math.max(1, total);
  el("line", { x1: x, y1: 0, x2: x, y2: HEIGHT, class: "eg-cursor" }, svg);
  svg.addEventListener("click", (e) => {
    const r = svg.getBoundingClientRect();
    const me = /** @type {MouseEvent} */ (e);
    pick(plyAt(((me.clientX - r.left) * WIDTH) / Math.max(1, r.width), total, WIDTH));
  });
  return svg;
}
