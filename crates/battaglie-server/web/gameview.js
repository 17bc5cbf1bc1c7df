// @ts-check
// What the game page shows of the game: the banner (whose turn, the result, the
// connection, the move replayed), the premove waiting to be played, and the board with
// its marks, each cell saying what it holds to a screen reader.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";
import { drawBoard } from "./board.js";
import { terrainAt } from "./terrain.js";
import { parseSquare, KINDS } from "./squares.js";
import * as build from "./moves.js";
import { plyText } from "./movelist.js";
import { moveText } from "./words.js";
import { animateMove } from "./motion.js";
import { resultText } from "./endscreen.js";
import { settings } from "./settings.js";
import { boardMarks } from "./marks.js";
import { cursorSquare } from "./cursor.js";
import { boardLegal } from "./premove.js";

/**
 * @param {import("./gamestate.js").GamePage} page
 * @param {{cancelPremove: () => void, cancelSending: () => void}} hooks
 */
export function gameView(page, hooks) {
  const { scenario, ui, sideName } = page;
  const { main, banner, premoveNote, sendNote, boardBox } = page.el;

  /** A quarter turn where a normal board's squares would be small on an upright screen. */
  function orientation() {
    const width = boardBox.clientWidth || main.clientWidth || window.innerWidth;
    const normalCell = width / 14;
    const quarter = normalCell < 40 && window.innerHeight > window.innerWidth;
    return { quarter, flip: settings().flip };
  }

  /**
   * "c4, woods, 2 Army Foot"
   * @param {string} square
   * @param {import("./premove.js").Building | null} building what the board builds from now
   */
  function cellLabel(square, building) {
    const legal = boardLegal(building, page.game);
    const sq = /** @type {{file: number, rank: number}} */ (parseSquare(square));
    const terrain = sq.file < 0 ? "staging" : terrainAt(scenario, sq.file, scenario.height - sq.rank) || "open";
    const words = [square, has(`terrain_${terrain}`) ? t(`terrain_${terrain}`) : terrain];
    const stack = page.placement().get(square);
    if (stack) words.push(KINDS.filter((k) => stack[k]).map((k) => t(`piece_${k}`, { n: stack[k], side: t(`adj_${stack.side}`) })).join(", "));
    else words.push(t("empty"));
    if (ui.sel) {
      const tg = build.targets(ui.sel, legal);
      if (square === ui.sel.src) words.push(t("cellSelected"));
      else if (tg.has(square)) words.push(tg.get(square) ? t("cellCapture") : t("cellTarget"));
    } else if (building && !building.premove && build.sources(legal).has(square)) words.push(t("cellSource"));
    const premove = ui.premove;
    if (premove && (premove.from === square || premove.groups.some((g) => g.to === square))) words.push(t("cellPremove"));
    return words.join(", ");
  }

  function renderBanner() {
    const { game } = page;
    let text;
    let cls = "banner";
    const side = sideName(game.to_move);
    if (game.status === "aborted") {
      text = t("calledOff");
      cls += " over";
    } else if (game.status === "over") {
      text = resultText(game, sideName, false);
      cls += " over";
    } else if (!ui.online) {
      text = t("connectionLost");
      cls += " lost";
    } else if (game.thinking) text = t("thinking", { side });
    else if (game.you === null) text = `${t("theirTurn", { side })} · ${t("spectating")}`;
    else if (game.you === "both") {
      // At one screen both players read the banner: it names the side, not "you".
      text = t("hotseatTurn", { side });
      cls += " mine";
    } else if (game.you === game.to_move) {
      text = t("yourTurn", { side });
      cls += " mine";
    } else text = t("waitingOpponent", { side });
    banner.className = `${cls} ${game.status === "ongoing" ? game.to_move : ""}`;
    const turn = game.status === "ongoing" ? `${t("turnN", { n: game.turn })} · ` : "";
    banner.replaceChildren(turn, text);
    const last = game.ply > 0 && game.status === "ongoing" && ui.replay === null ? game.plies[game.ply - 1] : null;
    // The line is there before the first move too (empty), so that the first move
    // does not push the board down.
    const said = last ? t("lastMove", { side: sideName(last.side), move: moveText(last.notation, game.last_eliminated ?? null) }) : "\u00a0";
    // One line, cut where it is too long for it; the whole line on hover.
    banner.append(" ", h("span", { class: "last-move", title: last ? said : null }, said));
    if (ui.replay !== null) banner.prepend(h("strong", {}, `${t("replaying")}: ${plyText(ui.replay, page.numbering())}`), " · ");
  }

  /** A move whose answer is late: still sending, or sent again, with a way to stop. */
  function renderSending() {
    const n = ui.sendNote;
    sendNote.hidden = !n;
    sendNote.className = `send-note${n === "stalled" ? " stalled" : ""}`;
    if (!n) return sendNote.replaceChildren();
    sendNote.replaceChildren(
      t(n === "slow" ? "sendingMove" : "serverStalled"),
      " ",
      n === "stalled" ? h("button", { type: "button", class: "cancel-sending", "data-focus": "cancel-sending", onclick: hooks.cancelSending }, t("cancelSending")) : "",
    );
  }

  /** The premove waiting to be played, and the way to cancel it. */
  function renderPremove() {
    premoveNote.hidden = !ui.premove;
    premoveNote.replaceChildren();
    if (ui.premove) {
      premoveNote.append(
        t("premoveQueued", { move: moveText(ui.premove.notation) }),
        " ",
        h("button", { type: "button", class: "cancel-premove", "data-focus": "cancel-premove", onclick: hooks.cancelPremove }, t("cancelPremove")),
      );
    }
  }

  function renderBoard() {
    const { game } = page;
    const building = page.building();
    const { overlays, arrows, ghosts, stacks } = boardMarks({
      plies: game.plies,
      shown: page.shownPly(),
      stacks: page.placement(),
      sel: ui.sel,
      moving: building,
      premove: ui.replay === null ? ui.premove : null,
      judged: ui.analysis?.moves ?? null,
      cursor: ui.cursor,
    });
    const focusSquare = cursorSquare(ui.cursor, ui.sel, boardLegal(building, game));
    const before = boardBox.firstElementChild;
    const now = drawBoard(scenario, { stacks, overlays, arrows, ghosts, orient: orientation(), cellLabel: (square) => cellLabel(square, building), focusSquare, label: t("boardLabel", { name: scenario.name }) });
    boardBox.replaceChildren(now);
    // The opponent's or the computer's move just taken: seen moving, once.
    if (ui.animate && ui.replay === null) animateMove(before, now, ui.animate);
    ui.animate = null;
  }

  return { orientation, renderBanner, renderPremove, renderSending, renderBoard };
}
