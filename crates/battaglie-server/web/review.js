// @ts-check
// Looking back at the game: the replay of its positions (the bar with its slider and
// steps, the way back to the live game, the animated GIF) and the engine's analysis,
// asked for, followed while it runs and forgotten when the moves it judged are undone.

import { h, toast, announce } from "./dom.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { errorText } from "./errors.js";
import { plyText } from "./movelist.js";
import { followAnalysis, renderAnalysis } from "./analysis.js";

/** The most positions the server puts in one GIF (`MAX_FRAMES` in game/routes/pictures.rs). */
export const GIF_FRAMES = 600;

/**
 * Whether the game may be analysed now: a game at one screen (or an imported record)
 * at any time, others once over (docs/api.md, `game_in_progress`).
 * @param {{mode: string, status: string}} game
 */
export function analysable(game) {
  return game.mode === "hotseat" || game.status === "over";
}

/**
 * @param {import("./gamestate.js").GamePage} page
 */
export function review(page) {
  const { id, ui, sideName } = page;
  const { replayBar, analysisBox } = page.el;

  /** @param {number | null} ply null for the live position */
  async function show(ply) {
    if (ply === null || ply >= page.game.ply) {
      ui.replay = null;
      return page.render();
    }
    if (!ui.positions) {
      try {
        ui.positions = await api("GET", `/api/games/${id}/positions`);
      } catch (e) {
        return toast(errorText(e));
      }
    }
    const positions = /** @type {import("./types/Replay").Replay} */ (ui.positions);
    ui.sel = null;
    ui.confirmable = null;
    ui.replay = Math.max(0, Math.min(ply, positions.stacks.length - 1));
    page.render();
    announce(plyText(ui.replay, page.numbering()));
  }

  const step = (/** @type {number} */ d) => show(Math.max(0, page.shownPly() + d));

  function analyse() {
    if (ui.unfollow) return analysisBox.querySelector("svg")?.focus();
    ui.unfollow = followAnalysis(
      id,
      (report, restarted) => {
        const first = ui.analysis === null;
        ui.analysis = report;
        if (restarted) toast(t("analysisResumed"), "info");
        page.render();
        if (first) /** @type {SVGElement | null} */ (analysisBox.querySelector("svg"))?.focus();
        if (report.complete) announce(t("analysisDone", { total: report.total }));
      },
      (e) => {
        ui.unfollow = null;
        toast(errorText(e));
        page.render();
      },
    );
  }

  function forgetAnalysis() {
    ui.unfollow?.();
    ui.unfollow = null;
    ui.analysis = null;
    analysisBox.hidden = true;
    analysisBox.replaceChildren();
  }

  function renderAnalysisPanel() {
    if (ui.analysis) renderAnalysis(analysisBox, { report: ui.analysis, shown: page.shownPly(), sideName, positionText: (ply) => plyText(ply, page.numbering()), pick: (ply) => show(ply) });
  }

  function renderBar() {
    const { game } = page;
    const shown = page.shownPly();
    if (!replayBar.firstChild) {
      /** @param {string} key @param {string} label @param {() => void} go */
      const b = (key, label, go) =>
        h("button", { type: "button", "data-focus": `replay-${key}`, class: `rp-${key}`, title: t(`replay_${key}`), "aria-label": t(`replay_${key}`), onclick: (/** @type {Event} */ e) => { if (/** @type {Element} */ (e.currentTarget).getAttribute("aria-disabled") !== "true") go(); } }, label);
      const slider = h("input", { type: "range", min: 0, "data-focus": "replay-slider", "aria-label": t("replayPosition"), oninput: (/** @type {Event} */ e) => show(Number(/** @type {HTMLInputElement} */ (e.target).value)) });
      replayBar.append(
        b("first", "|◀", () => show(0)),
        b("previous", "◀", () => step(-1)),
        slider,
        b("next", "▶", () => step(1)),
        b("last", "▶|", () => show(null)),
        h("button", { type: "button", class: "primary live", "data-focus": "replay-live", onclick: () => show(null) }, t("live")),
        h("button", { type: "button", class: "analyse", "data-focus": "replay-analyse", onclick: analyse }, t("analyse")),
        h("a", { class: "gif", "data-focus": "replay-gif", download: "" }, ""),
      );
    }
    // The animated GIF of the game, or of its moves up to the one shown (the server
    // draws at most GIF_FRAMES positions: the last ones then).
    const gif = /** @type {HTMLAnchorElement} */ (replayBar.querySelector("a.gif"));
    const until = ui.replay === null ? game.ply : shown;
    gif.href = `/api/games/${id}/gif?from=${Math.max(0, until - GIF_FRAMES + 1)}&until=${until}`;
    gif.textContent = t(ui.replay === null ? "gifWhole" : "gifUntil");
    const slider = /** @type {HTMLInputElement} */ (replayBar.querySelector("input"));
    slider.max = String(game.ply);
    slider.value = String(shown);
    slider.setAttribute("aria-valuetext", plyText(shown, page.numbering()));
    for (const [key, off] of [["first", shown === 0], ["previous", shown === 0], ["next", shown >= game.ply], ["last", shown >= game.ply]]) {
      replayBar.querySelector(`.rp-${key}`)?.setAttribute("aria-disabled", String(off));
    }
    /** @type {HTMLElement} */ (replayBar.querySelector(".live")).hidden = ui.replay === null;
    // A game played online or against the computer is analysed once over (the
    // server refuses it before: the engine would advise a player in play).
    /** @type {HTMLElement} */ (replayBar.querySelector(".analyse")).hidden = ui.analysis !== null || !analysable(game);
    replayBar.hidden = game.ply === 0;
  }

  /** Stops following the analysis, when leaving the page. */
  const stop = () => ui.unfollow?.();

  return { show, step, analyse, forgetAnalysis, renderBar, renderAnalysisPanel, stop };
}
