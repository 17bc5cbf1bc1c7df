// @ts-check
// The game page: the board and how moves are made on it (click, drag, keyboard), live
// updates, replay, the end of the game.

import { h, toast, announce, ask } from "./dom.js";
import { api, ApiError } from "./api.js";
import { t, has } from "./i18n.js";
import { errorText } from "./errors.js";
import { drawBoard, squareAt, pieceIcon } from "./board.js";
import { terrainAt } from "./terrain.js";
import { bySquare, parseSquare, squareName, KINDS, total } from "./squares.js";
import { squaresOf } from "./arrows.js";
import * as build from "./moves.js";
import { renderMoveList, plyText } from "./movelist.js";
import { wholeState } from "./plies.js";
import { followAnalysis, renderAnalysis } from "./analysis.js";
import { preferredAt } from "./evalgraph.js";
import { renderChooser } from "./chooser.js";
import { renderEnd, resultText } from "./endscreen.js";
import { renderActions } from "./actions.js";
import { renderSidePanels } from "./panels.js";
import { connect } from "./socket.js";
import { play } from "./sound.js";
import { renderClock } from "./clock.js";
import { settings, changeSettings } from "./settings.js";
import { updateRecent, recentGames } from "./recent.js";
import { openFromLink, takeSeat } from "./rated.js";
import { chatPanel } from "./chat.js";
import { presencePanel } from "./presence.js";
import { rematchPanel } from "./rematch.js";

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
  const statePath = `/api/games/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  /** @type {GameState} */
  let game;
  try {
    game = await api("GET", statePath);
  } catch (e) {
    const status = e instanceof ApiError ? e.status : 0;
    const main = h("main", { id: "main", class: "fatal-page" }, h("h1", {}, status === 403 ? t("badLink") : status === 404 ? t("notFound") : t("cannotLoad")));
    if (status === 403) main.append(h("p", {}, t("badLinkHelp")), h("p", {}, h("a", { class: "button primary watch", href: `/game/${encodeURIComponent(id)}` }, t("watchInstead"))));
    else if (status !== 404) main.append(h("p", {}, errorText(e)));
    main.append(h("p", {}, h("a", { href: "/" }, t("home"))));
    root.append(main);
    return () => {};
  }
  const scenario = /** @type {Scenario} */ (list.find((s) => s.id === game.scenario));
  /** @param {string} side */
  const sideName = (side) => scenario.sides[/** @type {Side} */ (side)].name;
  const baseTitle = `${scenario.name} · battaglie`;
  document.title = baseTitle;
  const numbering = () => ({ plies: game.plies, sideName });

  const ui = {
    /** @type {build.Selection | null} */
    sel: null,
    /** @type {build.Move | null} a move waiting for Confirm */
    confirmable: null,
    /** @type {string | null} */
    cursor: null,
    /** @type {number | null} the ply shown, or null for the live position */
    replay: null,
    /** @type {import("./types/Replay").Replay | null} every position, once asked for */
    positions: null,
    online: true,
    sending: false,
    /** whether the request being sent withdraws one's own take-back request */
    withdrawing: false,
    /** @type {{src: string, x: number, y: number, started: boolean, ghost: HTMLElement | null} | null} */
    drag: null,
    suppressClick: false,
    /** @type {import("./evalgraph.js").Report | null} the engine's analysis, once asked for */
    analysis: null,
    /** @type {(() => void) | null} stops following the analysis */
    unfollow: null,
  };

  // Layout, built once.
  const banner = h("div", { class: "banner" });
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
  // Only online games have a chat and a rematch between their players.
  const chat = game.mode === "online" ? chatPanel({ id, token, game, sideName }) : null;
  const presence = presencePanel({ game, sideName, claim: (kind) => act("claim", { kind }) });
  const rematch = game.mode === "online" ? rematchPanel({ id, token, scenario: game.scenario, you: game.you, sideName }) : null;
  const main = h(
    "main",
    { class: "game", id: "main" },
    h("div", { class: "status-row" }, title, banner),
    h("div", { class: "layout" }, h("div", { class: "board-col" }, boardBox, replayBar, analysisBox), h("aside", {}, clockBox, presence.box, endBox, mover, actions, moveList, help, chat?.box, panels)),
  );
  root.append(main);

  // ---------------- derived state

  const me = () => (game.you === "both" ? game.to_move : game.you);
  const isPlayer = () => game.you !== null;
  const canMove = () =>
    ui.replay === null &&
    ui.online &&
    !ui.sending &&
    game.status === "ongoing" &&
    game.you !== null &&
    (game.you === "both" || game.you === game.to_move) &&
    !game.thinking;
  const legal = () => game.legal;
  const shownPly = () => (ui.replay === null ? game.ply : ui.replay);
  const placement = () => bySquare(ui.replay !== null && ui.positions ? ui.positions.stacks[ui.replay] : game.stacks);
  const orientation = () => {
    const width = boardBox.clientWidth || main.clientWidth || window.innerWidth;
    const normalCell = width / 14;
    const quarter = normalCell < 40 && window.innerHeight > window.innerWidth;
    return { quarter, flip: settings().flip };
  };

  /** "c4, woods, 2 Army Foot" @param {string} square */
  function cellLabel(square) {
    const sq = /** @type {{file: number, rank: number}} */ (parseSquare(square));
    const terrain = sq.file < 0 ? "staging" : terrainAt(scenario, sq.file, scenario.height - sq.rank) || "open";
    const words = [square, has(`terrain_${terrain}`) ? t(`terrain_${terrain}`) : terrain];
    const stack = placement().get(square);
    if (stack) words.push(KINDS.filter((k) => stack[k]).map((k) => t(`piece_${k}`, { n: stack[k], side: t(`adj_${stack.side}`) })).join(", "));
    else words.push(t("empty"));
    if (ui.sel) {
      const tg = build.targets(ui.sel, legal());
      if (square === ui.sel.src) words.push(t("cellSelected"));
      else if (tg.has(square)) words.push(tg.get(square) ? t("cellCapture") : t("cellTarget"));
    } else if (canMove() && build.sources(legal()).has(square)) words.push(t("cellSource"));
    return words.join(", ");
  }

  // ---------------- moving

  /** @param {string} square */
  function select(square) {
    const stack = placement().get(square);
    if (!stack) return;
    ui.sel = build.select(square, stack);
    ui.confirmable = null;
    ui.cursor = square;
    render();
  }

  function cancel() {
    ui.sel = null;
    ui.confirmable = null;
    render();
  }

  /** @param {string} dest */
  function assign(dest) {
    if (!ui.sel) return;
    ui.sel = build.assign(ui.sel, dest, legal());
    const d = build.decide(ui.sel, legal(), settings().confirmMoves);
    ui.confirmable = d.action === "continue" ? null : d.move;
    if (d.action === "send") return submitMove(d.move.notation);
    render();
    if (d.action === "confirm") announce(t("confirmNeeded", { move: d.move.notation }));
  }

  /** @param {string} square */
  function activate(square) {
    ui.cursor = square;
    if (!canMove()) return render();
    if (ui.sel) {
      if (square === ui.sel.src) return cancel();
      if (build.targets(ui.sel, legal()).has(square)) return assign(square);
      if (ui.sel.pending.size === 0 && build.sources(legal()).has(square)) return select(square);
      return render();
    }
    if (build.sources(legal()).has(square)) return select(square);
    render();
  }

  /** @param {string} text */
  async function submitMove(text) {
    ui.sending = true;
    render();
    try {
      const next = await api("POST", `/api/games/${id}/moves?since=${game.version}`, { token, move: text });
      ui.sel = null;
      ui.confirmable = null;
      ui.sending = false;
      // The socket may have brought this state (or a newer one) already.
      if (!update(next)) render();
    } catch (e) {
      ui.sending = false;
      if (e instanceof ApiError && e.status === 0) setOnline(false);
      toast(errorText(e));
      render();
    }
  }

  /**
   * @param {string} path
   * @param {{action?: string, kind?: string}} [body]
   */
  async function act(path, body = {}) {
    // One's own withdrawn take-back request is not "refused".
    ui.withdrawing = path === "takeback" && body.action === "withdraw";
    try {
      update(await api("POST", `/api/games/${id}/${path}?since=${game.version}`, { token, ...body }));
      return true;
    } catch (e) {
      toast(errorText(e), e instanceof ApiError && e.status === 409 ? "info" : "error");
      return false;
    } finally {
      ui.withdrawing = false;
    }
  }

  /** @param {boolean} online */
  function setOnline(online) {
    if (ui.online === online) return;
    ui.online = online;
    if (!online) ui.drag = null;
    announce(online ? t("reconnected") : t("connectionLost"));
    render();
  }

  // ---------------- updates from the server

  /**
   * States can arrive out of order (an answer to a request and a push over the
   * socket): the one with the higher version wins.
   * @param {GameState} next
   * @param {boolean} [force]
   * @returns {boolean} whether the state was taken
   */
  function update(next, force = false) {
    if (!force && (next.version < game.version || (next.version === game.version && next.plies_from > 0))) return false;
    const whole = wholeState(game, next);
    if (!whole) {
      // A change of a state this page missed: ask for the whole one.
      reload();
      return false;
    }
    next = whole;
    const before = game;
    if (next.ply !== before.ply || next.bfen !== before.bfen) {
      ui.positions = null;
      if (next.bfen !== before.bfen) {
        ui.sel = null;
        ui.confirmable = null;
      }
      if (ui.replay !== null && ui.replay > next.ply) ui.replay = null;
      // An undo: the analysis was of moves no longer played.
      if (ui.analysis && next.ply < ui.analysis.plies) forgetAnalysis();
    }
    game = next;
    if (next.ply > before.ply) told(before, next);
    if (before.draw_offer && before.draw_offer === me() && !next.draw_offer && next.ply === before.ply && next.status === "ongoing" && game.mode === "online") {
      toast(t("drawDeclined"), "info");
      announce(t("drawDeclined"));
    }
    if (before.takeback_offer && before.takeback_offer === me() && !next.takeback_offer && next.ply === before.ply && !ui.withdrawing) {
      toast(t("takebackDeclined"), "info");
      announce(t("takebackDeclined"));
    }
    if (before.status !== "over" && next.status === "over") {
      play("end");
      announce(resultText(game, sideName, true));
    }
    updateRecent(id, { status: game.status === "over" ? "over" : "ongoing" });
    render();
    return true;
  }

  /** Fetches the whole state, after a change the page could not apply. */
  async function reload() {
    try {
      update(await api("GET", statePath));
    } catch (e) {
      if (e instanceof ApiError && e.status === 0) setOnline(false);
    }
  }

  /**
   * Says and sounds what happened since `before`.
   * @param {GameState} before
   * @param {GameState} next
   */
  function told(before, next) {
    const lost = (/** @type {Side} */ s) => total(next.eliminated[s]) - total(before.eliminated[s]);
    const mover = next.ply > 0 ? next.plies[next.ply - 1].side : next.to_move;
    let text = t("announceMove", { side: sideName(mover), move: next.last_move || "" });
    for (const s of /** @type {Side[]} */ (["army", "indians"])) {
      const n = lost(s);
      if (n > 0) text += " " + t("announceLost", { side: sideName(s), n });
    }
    announce(text);
    const eliminated = lost("army") + lost("indians") > 0;
    const mine = isPlayer() && next.status === "ongoing" && (next.you === "both" || next.you === next.to_move) && !next.thinking;
    if (mine && next.you !== "both") play("yourTurn");
    else play(eliminated ? "elimination" : "move");
    if (mine && document.hidden) document.title = `● ${t("yourTurnShort")} · ${baseTitle}`;
  }

  const onVisible = () => {
    if (!document.hidden) document.title = baseTitle;
  };
  document.addEventListener("visibilitychange", onVisible);

  // ---------------- replay

  /** @param {number | null} ply null for the live position */
  async function showReplay(ply) {
    if (ply === null || ply >= game.ply) {
      ui.replay = null;
      return render();
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
    render();
    announce(plyText(ui.replay, numbering()));
  }

  const step = (/** @type {number} */ d) => showReplay(Math.max(0, shownPly() + d));

  // ---------------- analysis

  function analyse() {
    if (ui.unfollow) return analysisBox.querySelector("svg")?.focus();
    ui.unfollow = followAnalysis(
      id,
      (report, restarted) => {
        const first = ui.analysis === null;
        ui.analysis = report;
        if (restarted) toast(t("analysisResumed"), "info");
        render();
        if (first) /** @type {SVGElement | null} */ (analysisBox.querySelector("svg"))?.focus();
        if (report.complete) announce(t("analysisDone", { total: report.total }));
      },
      (e) => {
        ui.unfollow = null;
        toast(errorText(e));
        render();
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

  // ---------------- rendering

  function render() {
    const focused = document.activeElement;
    const focusKey = focused instanceof Element ? focused.getAttribute("data-focus") || (focused.closest(".board-box") ? `sq-${focused.getAttribute("data-square")}` : null) : null;
    renderBanner();
    renderBoard();
    renderChooser(mover, {
      sel: canMove() ? ui.sel : null,
      side: game.to_move,
      confirmable: ui.confirmable,
      change: (sel) => { ui.sel = sel; ui.confirmable = build.decide(sel, legal(), true).action === "confirm" && sel.pending.size ? build.exactMove(sel, legal()) : null; render(); },
      confirm: (m) => submitMove(m.notation),
      cancel,
    });
    renderActions(actions, { game, ui, me, sideName, act, submitMove, ask, online: ui.online, recentEntry: recentGames().find((g) => g.id === id), id });
    renderMoveList(moveList, { ...numbering(), shown: shownPly(), pick: (ply) => showReplay(ply), judged: ui.analysis?.moves });
    renderReplay();
    renderClock(clockBox, { game, sideName, claim: (kind) => act("claim", { kind }) });
    renderEnd(endBox, { game, sideName, id, scenario, review: () => showReplay(0), analyse, rematchBox: rematch?.box });
    chat?.update(game);
    presence.update(game);
    if (ui.analysis) renderAnalysis(analysisBox, { report: ui.analysis, shown: shownPly(), sideName, positionText: (ply) => plyText(ply, numbering()), pick: (ply) => showReplay(ply) });
    help.hidden = !canMove();
    help.textContent = t("moveHelp");
    if (!panels.firstChild) renderSidePanels(panels, { scenario, game, id, sideName, placement, settingsChanged: render });
    if (focusKey) {
      const again = focusKey.startsWith("sq-") ? boardBox.querySelector(`[data-square="${focusKey.slice(3)}"]`) : main.querySelector(`[data-focus="${focusKey}"]`);
      if (again instanceof HTMLElement || again instanceof SVGElement) again.focus({ preventScroll: true });
    }
  }

  function renderBanner() {
    let text;
    let cls = "banner";
    const side = sideName(game.to_move);
    if (game.status === "over") {
      text = resultText(game, sideName, false);
      cls += " over";
    } else if (!ui.online) {
      text = t("connectionLost");
      cls += " lost";
    } else if (game.thinking) text = t("thinking", { side });
    else if (game.you === null) text = `${t("theirTurn", { side })} · ${t("spectating")}`;
    else if (game.you === "both" || game.you === game.to_move) {
      text = t("yourTurn", { side });
      cls += " mine";
    } else text = t("waitingOpponent", { side });
    banner.className = `${cls} ${game.status === "over" ? "" : game.to_move}`;
    const turn = game.status === "over" ? "" : `${t("turnN", { n: game.turn })} · `;
    banner.replaceChildren(turn, text);
    if (ui.replay !== null) banner.prepend(h("strong", {}, `${t("replaying")}: ${plyText(ui.replay, numbering())}`), " · ");
  }

  function renderBoard() {
    /** @type {import("./board.js").Overlay[]} */
    const overlays = [];
    /** @type {import("./board.js").Arrow[]} */
    const arrows = [];
    const ply = shownPly();
    const last = ply > 0 ? squaresOf(game.plies[ply - 1].notation) : null;
    if (last) {
      overlays.push({ square: last.from, kind: "last" });
      for (const to of last.to) {
        overlays.push({ square: to, kind: "last" });
        arrows.push({ from: last.from, to, kind: "last" });
      }
    }
    const stacks = placement();
    /** @type {import("./board.js").Ghost[]} */
    const ghosts = [];
    if (ui.sel && canMove()) {
      overlays.push({ square: ui.sel.src, kind: "selected" });
      for (const [dest, capture] of build.targets(ui.sel, legal())) overlays.push({ square: dest, kind: capture ? "capture" : ui.sel.pending.has(dest) || stacks.has(dest) ? "join" : "target" });
      for (const [dest, c] of ui.sel.pending) {
        ghosts.push({ square: dest, counts: c, side: game.to_move });
        arrows.push({ from: ui.sel.src, to: dest, kind: "pending" });
      }
      // What has a place already is drawn where it goes, not where it stands.
      const left = build.unassigned(ui.sel);
      const src = stacks.get(ui.sel.src);
      if (src) {
        if (total(left) > 0) stacks.set(ui.sel.src, { ...src, ...left });
        else stacks.delete(ui.sel.src);
      }
    } else if (canMove()) {
      for (const s of build.sources(legal())) overlays.push({ square: s, kind: "source" });
    }
    // The engine's preferred move in the shown position, once analysed.
    const preferred = ui.analysis && !(ui.sel && canMove()) ? preferredAt(ui.analysis.moves, ply) : null;
    const best = preferred?.best ? squaresOf(preferred.best) : null;
    if (best) for (const to of best.to) arrows.push({ from: best.from, to, kind: "best" });
    if (ui.cursor) overlays.push({ square: ui.cursor, kind: "cursor" });
    const focusSquare = ui.cursor || ui.sel?.src || [...build.sources(legal())][0] || squareName(0, 1);
    boardBox.replaceChildren(
      drawBoard(scenario, { stacks, overlays, arrows, ghosts, orient: orientation(), cellLabel, focusSquare, label: t("boardLabel", { name: scenario.name }) }),
    );
  }

  /** The most positions the server puts in one GIF (`MAX_FRAMES` in http/gif.rs). */
  const GIF_FRAMES = 600;

  function renderReplay() {
    const shown = shownPly();
    if (!replayBar.firstChild) {
      /** @param {string} key @param {string} label @param {() => void} go */
      const b = (key, label, go) =>
        h("button", { type: "button", "data-focus": `replay-${key}`, class: `rp-${key}`, title: t(`replay_${key}`), "aria-label": t(`replay_${key}`), onclick: (/** @type {Event} */ e) => { if (/** @type {Element} */ (e.currentTarget).getAttribute("aria-disabled") !== "true") go(); } }, label);
      const slider = h("input", { type: "range", min: 0, "data-focus": "replay-slider", "aria-label": t("replayPosition"), oninput: (/** @type {Event} */ e) => showReplay(Number(/** @type {HTMLInputElement} */ (e.target).value)) });
      replayBar.append(
        b("first", "|◀", () => showReplay(0)),
        b("previous", "◀", () => step(-1)),
        slider,
        b("next", "▶", () => step(1)),
        b("last", "▶|", () => showReplay(null)),
        h("button", { type: "button", class: "primary live", "data-focus": "replay-live", onclick: () => showReplay(null) }, t("live")),
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
    slider.setAttribute("aria-valuetext", plyText(shown, numbering()));
    for (const [key, off] of [["first", shown === 0], ["previous", shown === 0], ["next", shown >= game.ply], ["last", shown >= game.ply]]) {
      replayBar.querySelector(`.rp-${key}`)?.setAttribute("aria-disabled", String(off));
    }
    /** @type {HTMLElement} */ (replayBar.querySelector(".live")).hidden = ui.replay === null;
    /** @type {HTMLElement} */ (replayBar.querySelector(".analyse")).hidden = ui.analysis !== null;
    replayBar.hidden = game.ply === 0;
  }

  // ---------------- input: clicks and drags

  boardBox.addEventListener("click", (e) => {
    if (ui.suppressClick) {
      ui.suppressClick = false;
      return;
    }
    const square = /** @type {Element} */ (e.target).closest("[data-square]")?.getAttribute("data-square");
    if (square) activate(square);
  });

  boardBox.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || !canMove()) return;
    const square = /** @type {Element} */ (e.target).closest("[data-square]")?.getAttribute("data-square");
    if (!square) return;
    const draggable = ui.sel ? ui.sel.src === square || (ui.sel.pending.size === 0 && build.sources(legal()).has(square)) : build.sources(legal()).has(square);
    if (draggable) ui.drag = { src: square, x: e.clientX, y: e.clientY, started: false, ghost: null };
  });

  /** @param {PointerEvent} e */
  const onMove = (e) => {
    const d = ui.drag;
    if (!d) return;
    if (!d.started) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 8) return;
      d.started = true;
      if (!ui.sel || ui.sel.src !== d.src) select(d.src);
      const sel = /** @type {build.Selection} */ (ui.sel);
      d.ghost = h("div", { class: "drag-ghost", "aria-hidden": "true" }, KINDS.flatMap((k) => Array.from({ length: sel.choose[k] }, () => pieceIcon(k, game.to_move, 30))));
      document.body.append(d.ghost);
    }
    e.preventDefault();
    if (d.ghost) {
      d.ghost.style.left = `${e.clientX}px`;
      d.ghost.style.top = `${e.clientY}px`;
    }
  };
  /** @param {PointerEvent} e */
  const onUp = (e) => {
    const d = ui.drag;
    ui.drag = null;
    if (!d || !d.started) return;
    d.ghost?.remove();
    ui.suppressClick = true;
    setTimeout(() => (ui.suppressClick = false), 0);
    const dest = squareAt(e.clientX, e.clientY);
    if (ui.sel && dest && dest !== ui.sel.src && build.targets(ui.sel, legal()).has(dest)) assign(dest);
    else render();
  };
  document.addEventListener("pointermove", onMove, { passive: false });
  document.addEventListener("pointerup", onUp);
  const onCancel = () => {
    ui.drag?.ghost?.remove();
    ui.drag = null;
  };
  document.addEventListener("pointercancel", onCancel);

  // ---------------- input: keys

  /** Arrow keys as moves on the board as it is drawn. @param {string} key */
  function cursorStep(key) {
    const o = orientation();
    /** @type {Record<string, [number, number]>} */
    const screen = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    let [dx, dy] = screen[key];
    if (o.flip) [dx, dy] = [-dx, -dy];
    // Normal: x is the file, up is north. A quarter turn: down is the file, right is north.
    const [df, dr] = o.quarter ? [dy, dx] : [dx, -dy];
    const from = ui.cursor || ui.sel?.src || [...build.sources(legal())][0] || squareName(0, 1);
    const sq = /** @type {{file: number, rank: number}} */ (parseSquare(from));
    const file = Math.max(-1, Math.min(scenario.width - 1, sq.file + df));
    const rank = Math.max(1, Math.min(scenario.height, sq.rank + dr));
    ui.cursor = squareName(file, rank);
    render();
    /** @type {SVGElement | null} */ (boardBox.querySelector(`[data-square="${ui.cursor}"]`))?.focus();
  }

  /** @param {KeyboardEvent} e */
  function keys(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = /** @type {Element} */ (e.target);
    if (target.closest("input:not([type=range]), textarea, select, dialog")) return;
    const onBoard = !!target.closest(".board-box");
    const key = e.key;
    if (key === "Escape") {
      if (ui.sel) {
        e.preventDefault();
        return cancel();
      }
      if (ui.replay !== null) {
        e.preventDefault();
        return showReplay(null);
      }
      return;
    }
    if (onBoard && ui.replay === null && key.startsWith("Arrow")) {
      e.preventDefault();
      return cursorStep(key);
    }
    if (target.closest("input[type=range]")) return;
    if (key === "ArrowLeft" || key === "ArrowRight" || key === "Home" || key === "End") {
      if (game.ply === 0) return;
      e.preventDefault();
      if (key === "ArrowLeft") return step(-1);
      if (key === "ArrowRight") return ui.replay === null ? undefined : step(1);
      if (key === "Home") return showReplay(0);
      return showReplay(null);
    }
    if (!onBoard) return;
    if (key === "Enter" || key === " ") {
      e.preventDefault();
      if (ui.confirmable && (ui.cursor === ui.sel?.src || !ui.sel || ui.sel.pending.has(ui.cursor || ""))) return submitMove(ui.confirmable.notation);
      const square = ui.cursor || target.getAttribute("data-square");
      if (square) activate(square);
      return;
    }
    if (!ui.sel) return;
    const k = key.toUpperCase();
    if (k === "F" || k === "M" || k === "V") {
      e.preventDefault();
      ui.sel = build.cycleChosen(ui.sel, k);
      return render();
    }
    if (k === "A") {
      e.preventDefault();
      ui.sel = build.chooseAll(ui.sel);
      return render();
    }
    if (k === "C" && ui.confirmable) {
      e.preventDefault();
      submitMove(ui.confirmable.notation);
    }
  }
  document.addEventListener("keydown", keys);

  const onResize = () => {
    if (!ui.drag) renderBoard();
  };
  window.addEventListener("resize", onResize);

  // ---------------- live updates

  const socket = connect(id, token, {
    onState: (msg, fresh) => update(msg, fresh),
    onError: (msg) => toast(errorText(new ApiError(msg.status, msg.error, msg.code, msg.params))),
    onStatus: (open) => {
      // Pushes may have been missed while the socket was down.
      if (open && !ui.online) chat?.reload();
      setOnline(open);
    },
    onChat: (msg) => chat?.message(msg),
    onRematch: (msg) => rematch?.show(msg),
    onPresence: (msg) => presence.show(msg),
  });

  render();
  openFromLink(location.search, showReplay, analyse);
  if (token) takeSeat(id, token);
  return () => {
    ui.unfollow?.();
    socket.close();
    document.removeEventListener("keydown", keys);
    document.removeEventListener("pointermove", onMove);
    document.removeEventListener("pointerup", onUp);
    document.removeEventListener("pointercancel", onCancel);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("resize", onResize);
  };
}
