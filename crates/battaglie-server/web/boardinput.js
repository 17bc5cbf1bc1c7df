// @ts-check
// The board's input: a move built by clicks, by dragging a stack or by keys (the
// cursor walked by arrows, Enter, the chooser's letters), and sent when it is whole,
// or queued as a premove while the opponent is to move; Escape cancels either (a
// premove also a right-click, or a click elsewhere on the board) or leaves the
// replay, and arrows away from the board step the replay.

import { h, announce } from "./dom.js";
import { t } from "./i18n.js";
import { squareAt, pieceIcon } from "./board.js";
import { KINDS } from "./squares.js";
import * as build from "./moves.js";
import { settings } from "./settings.js";
import { cursorSquare, stepCursor } from "./cursor.js";
import { isMyTurn } from "./gamestate.js";
import { boardLegal } from "./premove.js";
import { moveText } from "./words.js";

/** How far (CSS pixels) a pointer goes before a press becomes a drag. */
const DRAG_START = 8;

/**
 * @param {import("./gamestate.js").GamePage} page
 * @param {{submitMove: (text: string) => void, showReplay: (ply: number | null) => void, step: (d: number) => void, orientation: () => import("./board.js").Orientation, renderBoard: () => void}} hooks
 */
export function boardInput(page, hooks) {
  const { ui, scenario } = page;
  const { boardBox } = page.el;
  const legal = () => boardLegal(page.building(), page.game);

  // ---------------- building a move

  /** @param {string} square */
  function select(square) {
    const stack = page.placement().get(square);
    if (!stack) return;
    ui.sel = build.select(square, stack);
    ui.confirmable = null;
    ui.cursor = square;
    page.render();
    // On a small screen the move's controls open under the board: the whole dock
    // (strips, board, controls) comes into view, so that the move needs no scrolling.
    const dock = boardBox.closest(".board-dock");
    // (Not while dragging: the page would move under the pointer.)
    if (dock && !ui.drag && dock.getBoundingClientRect().bottom > window.innerHeight) dock.scrollIntoView({ block: "end" });
  }

  function cancel() {
    ui.sel = null;
    ui.confirmable = null;
    page.render();
  }

  /** A whole move: sent on the reader's turn, queued while they wait. @param {build.Move} move */
  function confirm(move) {
    if (!page.building()?.premove) return hooks.submitMove(move.notation);
    if (!ui.sel) return;
    ui.premove = { from: ui.sel.src, notation: move.notation, groups: move.groups };
    ui.sel = null;
    ui.confirmable = null;
    page.render();
    announce(t("premoveQueued", { move: moveText(move.notation) }));
  }

  /** Drops the premove, queued or being built. */
  function cancelPremove() {
    const queued = ui.premove;
    ui.premove = null;
    // While the opponent is to move, a move being built is a premove too.
    if (!isMyTurn(page.game)) {
      ui.sel = null;
      ui.confirmable = null;
    }
    page.render();
    if (queued) announce(t("premoveCancelled"));
  }

  /** @param {string} dest */
  function assign(dest) {
    if (!ui.sel) return;
    ui.sel = build.assign(ui.sel, dest, legal());
    const d = build.decide(ui.sel, legal(), settings().confirmMoves);
    ui.confirmable = d.action === "continue" ? null : d.move;
    if (d.action === "send") return confirm(d.move);
    page.render();
    if (d.action === "confirm") announce(t("confirmNeeded", { move: moveText(d.move.notation) }));
  }

  /** A click or Enter on a square. @param {string} square */
  function activate(square) {
    ui.cursor = square;
    const building = page.building();
    if (!building) return page.render();
    if (ui.sel) {
      if (square === ui.sel.src) return cancel();
      if (build.targets(ui.sel, legal()).has(square)) return assign(square);
      if (ui.sel.pending.size === 0 && build.sources(legal()).has(square)) return select(square);
    } else if (build.sources(legal()).has(square)) return select(square);
    // Elsewhere on the board, a premove (queued or being built) is dropped.
    if (building.premove && (ui.sel || ui.premove)) return cancelPremove();
    page.render();
  }

  /** The chooser's counts changed. @param {build.Selection} sel */
  function change(sel) {
    ui.sel = sel;
    ui.confirmable = build.decide(sel, legal(), true).action === "confirm" && sel.pending.size ? build.exactMove(sel, legal()) : null;
    page.render();
  }

  // ---------------- clicks and drags

  boardBox.addEventListener("click", (e) => {
    if (ui.suppressClick) {
      ui.suppressClick = false;
      return;
    }
    const square = /** @type {Element} */ (e.target).closest("[data-square]")?.getAttribute("data-square");
    if (square) activate(square);
  });

  // A right-click drops a premove, as in other games' premoves.
  boardBox.addEventListener("contextmenu", (e) => {
    if (!ui.premove && !(ui.sel && page.building()?.premove)) return;
    e.preventDefault();
    cancelPremove();
  });

  boardBox.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || !page.building()) return;
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
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_START) return;
      d.started = true;
      if (!ui.sel || ui.sel.src !== d.src) select(d.src);
      const sel = /** @type {build.Selection} */ (ui.sel);
      const side = page.building()?.side ?? page.game.to_move;
      d.ghost = h("div", { class: "drag-ghost", "aria-hidden": "true" }, KINDS.flatMap((k) => Array.from({ length: sel.choose[k] }, () => pieceIcon(k, side, 30))));
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
    else page.render();
  };
  const onCancel = () => {
    ui.drag?.ghost?.remove();
    ui.drag = null;
  };
  document.addEventListener("pointermove", onMove, { passive: false });
  document.addEventListener("pointerup", onUp);
  document.addEventListener("pointercancel", onCancel);

  // ---------------- keys

  /** Arrow keys as moves on the board as it is drawn. @param {string} key */
  function cursorStep(key) {
    ui.cursor = stepCursor(cursorSquare(ui.cursor, ui.sel, legal()), key, hooks.orientation(), scenario);
    page.render();
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
      if (ui.premove) {
        e.preventDefault();
        return cancelPremove();
      }
      if (ui.replay !== null) {
        e.preventDefault();
        return hooks.showReplay(null);
      }
      return;
    }
    if (onBoard && ui.replay === null && key.startsWith("Arrow")) {
      e.preventDefault();
      return cursorStep(key);
    }
    if (target.closest("input[type=range]")) return;
    if (key === "ArrowLeft" || key === "ArrowRight" || key === "Home" || key === "End") {
      if (page.game.ply === 0) return;
      e.preventDefault();
      if (key === "ArrowLeft") return hooks.step(-1);
      if (key === "ArrowRight") return ui.replay === null ? undefined : hooks.step(1);
      if (key === "Home") return hooks.showReplay(0);
      return hooks.showReplay(null);
    }
    if (!onBoard) return;
    if (key === "Enter" || key === " ") {
      e.preventDefault();
      if (ui.confirmable && (ui.cursor === ui.sel?.src || !ui.sel || ui.sel.pending.has(ui.cursor || ""))) return confirm(ui.confirmable);
      const square = ui.cursor || target.getAttribute("data-square");
      if (square) activate(square);
      return;
    }
    if (!ui.sel) return;
    const k = key.toUpperCase();
    if (k === "F" || k === "M" || k === "V") {
      e.preventDefault();
      ui.sel = build.stepChosen(ui.sel, k, e.shiftKey ? 1 : -1);
      return page.render();
    }
    if (k === "A") {
      e.preventDefault();
      ui.sel = build.chooseAll(ui.sel);
      return page.render();
    }
    if (k === "C" && ui.confirmable) {
      e.preventDefault();
      confirm(ui.confirmable);
    }
  }
  document.addEventListener("keydown", keys);

  const onResize = () => {
    if (!ui.drag) hooks.renderBoard();
  };
  window.addEventListener("resize", onResize);

  /** Removes the listeners outside the board, when leaving the page. */
  function detach() {
    document.removeEventListener("keydown", keys);
    document.removeEventListener("pointermove", onMove);
    document.removeEventListener("pointerup", onUp);
    document.removeEventListener("pointercancel", onCancel);
    window.removeEventListener("resize", onResize);
  }

  return { cancel, change, confirm, cancelPremove, detach };
}
