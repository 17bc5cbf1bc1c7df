// @ts-check
// The game page: loads the game, lays the page out and puts its parts together: the
// board's input (boardinput.js), what the page shows of the game (gameview.js), the
// live game (live.js), replay and analysis (review.js), premoves (premove.js), and the
// panels beside them.

import { earlyState } from "./early.js";
import { h, ask } from "./dom.js";
import { api, ApiError, setSeat } from "./api.js";
import { forgetSeat } from "./seat.js";
import { t } from "./i18n.js";
import { errorText } from "./errors.js";
import { bySquare } from "./squares.js";
import { renderMoveList } from "./movelist.js";
import { renderChooser } from "./chooser.js";
import { renderEnd } from "./endscreen.js";
import { renderActions } from "./actions.js";
import { renderSidePanels } from "./panels.js";
import { renderClock } from "./clock.js";
import { recentGames } from "./recent.js";
import { settings } from "./settings.js";
import { openFromLink, takeSeat } from "./rated.js";
import { chatPanel } from "./chat.js";
import { presencePanel } from "./presence.js";
import { rematchPanel } from "./rematch.js";
import { seatToMove } from "./gamestate.js";
import { movesToBuild } from "./premove.js";
import { premovesFromRules } from "./premoverules.js";
import { gameView } from "./gameview.js";
import { boardInput } from "./boardinput.js";
import { liveGame } from "./live.js";
import { review } from "./review.js";
import { sideNameOf } from "./sides.js";
import { playerStrips, playerText } from "./strips.js";
import { updateRecent } from "./recent.js";
import { fitTurn } from "./fit.js";
import { coach } from "./coach.js";

/** @typedef {import("./types.js").Scenario} Scenario */
/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./squares.js").Side} Side */

/**
 * @param {HTMLElement} root
 * @param {Scenario[]} list
 * @param {string} id
 * @param {string | null} token
 * @returns {Promise<() => void>} what to do when leaving the page
 */
export async function gamePage(root, list, id, token) {
  setSeat(id, token);
  const statePath = `/api/games/${encodeURIComponent(id)}`;
  /** @type {GameState} */
  let game;
  try {
    game = await (earlyState(id) ?? api("GET", statePath));
  } catch (e) {
    const status = e instanceof ApiError ? e.status : 0;
    const main = h("main", { id: "main", class: "fatal-page" }, h("h1", {}, status === 403 ? t("badLink") : status === 404 ? t("notFound") : t("cannotLoad")));
    if (status === 403) forgetSeat(id);
    if (status === 403) main.append(h("p", {}, t("badLinkHelp")), h("p", {}, h("a", { class: "button primary watch", href: `/game/${encodeURIComponent(id)}` }, t("watchInstead"))));
    else if (status !== 404) main.append(h("p", {}, errorText(e)));
    main.append(h("p", {}, h("a", { href: "/" }, t("home"))));
    root.append(main);
    return () => {};
  }
  const scenario = /** @type {Scenario} */ (list.find((s) => s.id === game.scenario));
  /** @param {string} side */
  const sideName = (side) => sideNameOf(scenario, /** @type {Side} */ (side));
  const baseTitle = `${scenario.name} · battaglie`;
  document.title = baseTitle;

  // The panels beside the board (the terrain's key, settings, export, the battle's
  // story, the rules) are drawn once the board takes clicks: none is needed for the
  // first move, and on a busy machine they held the board back.
  let panelsDue = false;

  /** @type {import("./gamestate.js").PageState} */
  const ui = {
    sel: null,
    confirmable: null,
    cursor: null,
    replay: null,
    positions: null,
    online: true,
    sending: false,
    sendNote: null,
    animate: null,
    withdrawing: false,
    drag: null,
    suppressClick: false,
    analysis: null,
    unfollow: null,
    premove: null,
  };

  // Layout, built once.
  const banner = h("div", { class: "banner" });
  const premoveNote = h("p", { class: "premove-note", hidden: true });
  const sendNote = h("p", { class: "send-note", role: "status", hidden: true });
  const title = h("h1", { class: "title" }, scenario.name);
  const boardBox = h("div", { class: "board-box" });
  const replayBar = h("div", { class: "replay-bar", role: "group", "aria-label": t("replay") });
  const endBox = h("section", { class: "end", "aria-labelledby": "end-h" });
  const analysisBox = h("section", { class: "analysis", "aria-labelledby": "analysis-h", hidden: true });
  const mover = h("div", { class: "mover" });
  const help = h("p", { class: "help muted" });
  const actions = h("div", { class: "actions" });
  const moveList = h("div", { class: "move-list" });
  const panels = h("div", { class: "panels" });
  const clockBox = h("section", { class: "clock", hidden: true });
  const claim = (/** @type {string} */ kind) => live.act("claim", { kind });
  // The end shows the players' rating changes once their seats are loaded.
  const strips = playerStrips({ game, id, sideName, onSeats: () => { noteOpponent(); render(); } });
  // The home page's list names whom the game was against (not a guest).
  const noteOpponent = () => {
    const you = page.game.you;
    const seat = you === "army" || you === "indians" ? strips.seats()?.[you === "army" ? "indians" : "army"] : undefined;
    if (seat && seat.kind !== "guest") updateRecent(id, { opponent: playerText(seat) });
  };
  // Only online games have a chat and a rematch between their players, named where
  // accounts play.
  const chat = game.mode === "online" ? chatPanel({ id, token, game, sideName: strips.name }) : null;
  const presence = presencePanel({ game, sideName, claim });
  const rematch = game.mode === "online" ? rematchPanel({ id, token, scenario: game.scenario, you: game.you, sideName: strips.name }) : null;
  const dock = h("div", { class: "board-dock" }, strips.top, boardBox, strips.bottom, mover);
  // The coach's sentence and switch, beside the game's buttons: a sentence that arrives
  // after the computer's move never moves the board under a move being made.
  const coachBox = h("div", { class: "coach-box" });
  const aside = h("aside", {}, clockBox, presence.box, endBox, actions, coachBox, moveList, help, chat?.box, panels);
  const main = h(
    "main",
    { class: "game", id: "main" },
    h("div", { class: "status-row" }, title, banner, premoveNote, sendNote),
    h("div", { class: "layout" }, h("div", { class: "board-col" }, dock, replayBar, analysisBox), aside),
  );
  root.append(main);
  const fit = fitTurn({ dock, boardBox, mover, aside });
  window.addEventListener("resize", fit);

  const buildFrom = movesToBuild(premovesFromRules(() => render()));
  /** @type {import("./gamestate.js").GamePage} */
  const page = {
    id,
    token,
    scenario,
    statePath,
    baseTitle,
    game,
    ui,
    el: { main, banner, premoveNote, sendNote, boardBox, replayBar, analysisBox },
    sideName,
    render,
    building: () => buildFrom(page.game, { ...ui, analysing: ui.analysis !== null }, settings().premoves),
    placement: () => bySquare(ui.replay !== null && ui.positions ? ui.positions.stacks[ui.replay] : page.game.stacks),
    shownPly: () => (ui.replay === null ? page.game.ply : ui.replay),
    numbering: () => ({ plies: page.game.plies, sideName }),
  };
  const view = gameView(page, { cancelPremove: () => input.cancelPremove(), cancelSending: () => live.cancelSending() });
  const replay = review(page);
  // Every move the player makes passes the coach on its way to the server.
  const live = liveGame(page, { forgetAnalysis: replay.forgetAnalysis, submitMove: (m) => coaching.submitMove(m) });
  const coaching = coach(page, { submit: live.submitMove });
  const input = boardInput(page, { submitMove: coaching.submitMove, showReplay: replay.show, step: replay.step, orientation: view.orientation, renderBoard: view.renderBoard });
  coachBox.append(coaching.note, coaching.box);

  function render() {
    const { game } = page;
    const focused = document.activeElement;
    const focusKey = focused instanceof Element ? focused.getAttribute("data-focus") || (focused.closest(".board-box") ? `sq-${focused.getAttribute("data-square")}` : null) : null;
    const building = page.building();
    view.renderBanner();
    view.renderPremove();
    view.renderSending();
    view.renderBoard();
    renderChooser(mover, { sel: building ? ui.sel : null, side: building?.side ?? game.to_move, confirmable: ui.confirmable, change: input.change, confirm: input.confirm, cancel: input.cancel });
    renderActions(actions, { game, ui, me: () => seatToMove(page.game), sideName, act: live.act, submitMove: coaching.submitMove, ask, online: ui.online, recentEntry: recentGames().find((g) => g.id === id), id });
    renderMoveList(moveList, { ...page.numbering(), shown: page.shownPly(), pick: (ply) => replay.show(ply), judged: ui.analysis?.moves, over: game.status !== "ongoing" });
    replay.renderBar();
    strips.update(game);
    renderClock(clockBox, { game, sideName, claim, faces: strips.faces });
    renderEnd(endBox, { game, sideName, id, scenario, review: () => replay.show(0), analyse: replay.analyse, rematchBox: rematch?.box, seats: strips.seats() });
    chat?.update(game);
    coaching.update(game);
    presence.update(game);
    replay.renderAnalysisPanel();
    help.hidden = !building;
    help.textContent = t(building?.premove ? "premoveHelp" : "moveHelp");
    if (!panels.firstChild && panelsDue) renderSidePanels(panels, { scenario, game, id, sideName, placement: page.placement, shownPly: page.shownPly, settingsChanged });
    fit();
    if (focusKey) {
      const again = focusKey.startsWith("sq-") ? boardBox.querySelector(`[data-square="${focusKey.slice(3)}"]`) : main.querySelector(`[data-focus="${focusKey}"]`);
      if (again instanceof HTMLElement || again instanceof SVGElement) again.focus({ preventScroll: true });
    }
  }

  function settingsChanged() {
    if (!settings().premoves) input.cancelPremove();
    render();
  }

  const socket = live.listen({ chat, rematch, presence: { ...presence, show: (msg) => (presence.show(msg), strips.presence(msg)) } });
  render();
  // From here a stack on the board takes a click: the moment the speed benchmark
  // times (scripts/web-speed).
  performance.mark("board-interactive");
  setTimeout(() => {
    panelsDue = true;
    render();
  });
  openFromLink(location.search, replay.show, replay.analyse);
  if (token) takeSeat(id, token);
  return () => {
    window.removeEventListener("resize", fit);
    replay.stop();
    socket.close();
    input.detach();
    live.detach();
  };
}
