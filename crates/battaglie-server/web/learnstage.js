// @ts-check
// A lesson's page (`/learn/LESSON`): its introduction, then its stages one by one. A
// stage: its goal, the board (the page's own, with the stage's map and terrain) played
// by click, tap, drag or keys as a battle's, the moves counted against the star
// budgets, a refused try answered by the rule it breaks with its squares marked, a
// hint drawn on the board, "start again", and on completion the stars and the way on.
// The rules decide in WebAssembly (learnwasm.js); this module only presents them.

import { h, announce } from "./dom.js";
import { t } from "./i18n.js";
import { drawBoard } from "./board.js";
import { boardMarks } from "./marks.js";
import { boardInput } from "./boardinput.js";
import { renderChooser } from "./chooser.js";
import { cursorSquare } from "./cursor.js";
import { squaresOf } from "./arrows.js";
import { animateMove } from "./motion.js";
import { bySquare, KINDS, parseSquare } from "./squares.js";
import * as build from "./moves.js";
import { moveText } from "./words.js";
import { terrainAt } from "./terrain.js";
import { has } from "./i18n.js";
import { lessonsNow } from "./learndata.js";
import { keptStars, recordStars, stageKey } from "./learnprogress.js";
import { syncStars } from "./learnsync.js";
import { starsShown, stageHref, firstBattle } from "./learn.js";
import { notFoundPage } from "./nav.js";

/** @typedef {import("./learndata.js").LessonJson} LessonJson */
/** How a stage finished: `words` say it in the reader's language. @typedef {{kind: "won" | "out_of_moves" | "ended", moves: number, stars: number, words: string}} Finish */
/** @typedef {{ok: true, move: string, reply: string | null, bfen: string, finish: Finish | null} | {ok: false, rule: string, words: string, squares: string[]}} Tried */

/**
 * @param {HTMLElement} root
 * @param {string} id the lesson's id
 * @param {import("./types.js").Scenario[]} list the battles (for the first one after the last lesson)
 * @returns {Promise<() => void>} leaves the page
 */
export async function lessonPage(root, id, list) {
  const [lessons] = await Promise.all([lessonsNow(), syncStars()]);
  const index = lessons.findIndex((l) => l.id === id);
  if (index < 0) {
    notFoundPage(root);
    return () => {};
  }
  const lesson = lessons[index];
  document.title = `${lesson.title} · ${t("learn")} · battaglie`;
  const asked = Number(new URLSearchParams(location.search).get("stage"));
  const main = h("main", { id: "main", class: "learn-lesson" });
  root.append(main);
  let leave = () => {};

  const head = h(
    "header",
    { class: "lesson-head" },
    h("p", { class: "crumbs" }, h("a", { href: "/learn" }, t("learnMap")), ` · ${t("learnLessonN", { n: index + 1, of: lessons.length })}`),
    h("h1", {}, lesson.title),
    h("p", { class: "muted" }, lesson.subtitle),
  );
  const stageList = h("ol", { class: "stages", "aria-label": t("learnStagesOf", { lesson: lesson.title }) });
  const body = h("div", { class: "lesson-body" });
  main.append(head, stageList, body);

  function renderStageList(/** @type {number} */ current) {
    const stars = keptStars();
    stageList.replaceChildren(
      ...lesson.stages.map((_, i) => {
        const n = stars[stageKey(lesson.id, i + 1)] || 0;
        const label = `${t("learnStageN", { n: i + 1 })}, ${t("learnStars", { n })}`;
        return h(
          "li",
          {},
          h(
            "a",
            { href: stageHref(lesson.id, i + 1), "aria-label": label, "aria-current": i + 1 === current ? "step" : null, onclick: (/** @type {Event} */ e) => { e.preventDefault(); go(i + 1); } },
            h("span", { "aria-hidden": "true" }, `${i + 1} `),
            h("span", { "aria-hidden": "true", class: "stars" }, "★".repeat(n) + "☆".repeat(3 - n)),
          ),
        );
      }),
    );
  }

  /** Goes to stage `n` (from 1), its address kept for a reload. @param {number} n */
  async function go(n) {
    history.replaceState(null, "", stageHref(lesson.id, n));
    leave();
    leave = await playStage(n);
  }

  function intro() {
    renderStageList(0);
    const begin = h("button", { type: "button", class: "primary", onclick: () => go(1) }, t("learnBegin"));
    body.replaceChildren(h("section", { class: "lesson-intro" }, ...lesson.intro.split(/\n\s*\n/).map((p) => h("p", {}, p)), begin));
    begin.focus();
  }

  /**
   * Plays stage `n`; answers how to stop listening.
   * @param {number} n
   */
  async function playStage(n) {
    renderStageList(n);
    const json = lesson.stages[n - 1];
    const { startStage } = await import("./learnwasm.js");
    let stage = await startStage(lesson.id, n, json);
    const scenario = /** @type {import("./types.js").Scenario} */ (JSON.parse(stage.scenarioJson()));
    const player = json.player;
    const readState = () => ({ ...JSON.parse(stage.stateJson()), you: player, mode: "computer", thinking: false });
    let game = readState();
    /** @type {Finish | null} */
    let finish = null;
    /** @type {string[]} the squares of the rule broken, marked until the next try */
    let refused = [];
    /** @type {string | null} the hint's move, drawn until the next move */
    let hinted = null;
    const ui = /** @type {import("./gamestate.js").PageState} */ ({ sel: null, confirmable: null, cursor: null, replay: null, positions: null, online: true, sending: false, animate: null, sendNote: null, withdrawing: false, drag: null, suppressClick: false, analysis: null, unfollow: null, premove: null });

    const counter = h("p", { class: "learn-counter", "aria-live": "polite" });
    const boardBox = h("div", { class: "board-box learn-board" });
    const mover = h("div", { class: "mover" });
    const said = h("p", { class: "learn-said", role: "status" });
    const done = h("div", { class: "learn-done" });
    const hintButton = h("button", { type: "button", class: "hint", onclick: showHint }, t("learnHint"));
    const againButton = h("button", { type: "button", class: "again", onclick: () => go(n) }, t("learnAgain"));
    // The pass is the one legal move, from no square, when nothing else is legal.
    const passButton = h("button", { type: "button", class: "primary pass", "data-focus": "pass", onclick: () => tryMove("pass") }, t("pass"));
    body.replaceChildren(
      h(
        "section",
        { class: "learn-stage", "data-stage": n, "aria-labelledby": "stage-h" },
        h("h2", { id: "stage-h" }, t("learnStageOf", { n, of: lesson.stages.length })),
        h("p", { class: "goal" }, json.goal),
        counter,
        boardBox,
        mover,
        said,
        h("div", { class: "buttons" }, passButton, hintButton, againButton),
        done,
        h("p", { class: "muted help" }, t("moveHelp")),
      ),
    );

    const building = () => (finish || !game.legal.length ? null : { legal: game.legal, side: player, premove: false });
    const placement = () => bySquare(game.stacks);
    const page = /** @type {import("./gamestate.js").GamePage} */ (
      /** @type {unknown} */ ({
        id: `learn-${lesson.id}-${n}`,
        token: null,
        scenario,
        statePath: "",
        baseTitle: document.title,
        get game() {
          return game;
        },
        ui,
        el: { main, boardBox },
        sideName: (/** @type {string} */ s) => t(s),
        render,
        building,
        placement,
        shownPly: () => game.ply,
        numbering: () => ({ plies: game.plies, sideName: (/** @type {string} */ s) => t(s) }),
      })
    );

    /** A quarter turn where the squares would be small on an upright screen. */
    function orientation() {
      const width = boardBox.clientWidth || main.clientWidth || window.innerWidth;
      return { quarter: width / (scenario.width + 2) < 40 && window.innerHeight > window.innerWidth, flip: false };
    }

    /** "c4, woods, 2 Army Foot" @param {string} square */
    function cellLabel(square) {
      const sq = /** @type {{file: number, rank: number}} */ (parseSquare(square));
      const terrain = sq.file < 0 ? "staging" : terrainAt(scenario, sq.file, scenario.height - sq.rank) || "open";
      const words = [square, has(`terrain_${terrain}`) ? t(`terrain_${terrain}`) : terrain];
      const stack = placement().get(square);
      words.push(stack ? KINDS.filter((k) => stack[k]).map((k) => t(`piece_${k}`, { n: stack[k], side: t(`adj_${stack.side}`) })).join(", ") : t("empty"));
      const legal = building()?.legal ?? [];
      if (ui.sel) {
        const tg = build.targets(ui.sel, legal);
        if (square === ui.sel.src) words.push(t("cellSelected"));
        else if (tg.has(square)) words.push(tg.get(square) ? t("cellCapture") : t("cellTarget"));
      } else if (build.sources(legal).has(square)) words.push(t("cellSource"));
      if (refused.includes(square)) words.push(t("learnCellRefused"));
      return words.join(", ");
    }

    function renderBoard() {
      const moving = building();
      const marks = boardMarks({ plies: game.plies, shown: game.ply, stacks: placement(), sel: ui.sel, moving, premove: null, judged: null, cursor: ui.cursor });
      const best = hinted ? squaresOf(hinted) : null;
      if (best) for (const to of best.to) marks.arrows.push({ from: best.from, to, kind: "best" });
      const before = boardBox.firstElementChild;
      const now = drawBoard(scenario, { ...marks, orient: orientation(), cellLabel, focusSquare: cursorSquare(ui.cursor, ui.sel, moving?.legal ?? []), label: t("learnBoard") });
      // The squares of the rule broken, ringed over the pieces.
      const over = now.querySelector("g.over");
      for (const square of refused) {
        const cell = now.querySelector(`rect[data-square="${square}"]`);
        if (!cell || !over) continue;
        const ring = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        for (const [k, v] of Object.entries({ x: Number(cell.getAttribute("x")) + 3, y: Number(cell.getAttribute("y")) + 3, width: 50, height: 50, rx: 6, class: "hl hl-refused" })) ring.setAttribute(k, String(v));
        over.append(ring);
      }
      boardBox.replaceChildren(now);
      if (ui.animate) animateMove(before, now, ui.animate);
      ui.animate = null;
    }

    function render() {
      // The keyboard's place (a square, a chooser's button) survives the drawing.
      const focused = document.activeElement;
      const focusKey = focused instanceof Element ? focused.getAttribute("data-focus") || (focused.closest(".learn-board") ? `sq-${focused.getAttribute("data-square")}` : null) : null;
      const [three, two, one] = json.stars;
      counter.textContent = `${t("learnMoves", { n: stage.played })} · ${t("learnBudgets", { three, two, one })}`;
      counter.dataset.played = String(stage.played);
      renderBoard();
      const moving = building();
      renderChooser(mover, { sel: moving ? ui.sel : null, side: player, confirmable: ui.confirmable, change: input.change, confirm: input.confirm, cancel: input.cancel });
      hintButton.disabled = !!finish;
      passButton.hidden = !building()?.legal.some((g) => g.from === null);
      if (focusKey && !finish) {
        const again = focusKey.startsWith("sq-") ? boardBox.querySelector(`[data-square="${focusKey.slice(3)}"]`) : mover.querySelector(`[data-focus="${focusKey}"]`);
        if (again instanceof HTMLElement || again instanceof SVGElement) again.focus({ preventScroll: true });
      }
    }

    /** Says `text` where the player reads it, and to a screen reader. @param {string} text */
    function say(text) {
      said.textContent = text;
      announce(text);
    }

    /** @param {string} text a move in notation, legal or not */
    function tryMove(text) {
      const answer = /** @type {Tried} */ (JSON.parse(stage.tryMove(text, document.documentElement.lang || "en")));
      ui.sel = null;
      ui.confirmable = null;
      hinted = null;
      if (!answer.ok) {
        refused = answer.squares;
        say(answer.words);
        return render();
      }
      refused = [];
      game = readState();
      finish = answer.finish;
      // The opponent's reply, seen moving as the computer's move is on a battle's page.
      ui.animate = answer.reply && answer.reply !== "pass" ? answer.reply : null;
      const words = [t("announceMove", { side: t(player), move: moveText(answer.move) })];
      if (answer.reply) words.push(t("announceMove", { side: t(player === "army" ? "indians" : "army"), move: moveText(answer.reply) }));
      if (finish) words.push(finish.words);
      say(words.join(" "));
      render();
      if (finish) finished(finish);
    }

    /** @param {Finish} f */
    function finished(f) {
      if (f.kind !== "won") {
        done.replaceChildren(h("p", {}, h("button", { type: "button", class: "primary again", onclick: () => go(n) }, t("learnAgain"))));
        return;
      }
      // Kept at once in the browser, then on the account when signed in.
      if (recordStars(lesson.id, n, f.stars)) syncStars().then((synced) => synced && renderStageList(n));
      renderStageList(n);
      const next = n < lesson.stages.length ? h("button", { type: "button", class: "primary next", onclick: () => go(n + 1) }, t("learnNextStage")) : index + 1 < lessons.length ? h("a", { class: "button primary next", href: `/learn/${lessons[index + 1].id}` }, t("learnNextLesson", { lesson: lessons[index + 1].title })) : firstBattle(list);
      done.replaceChildren(h("p", { class: "won" }, starsShown(f.stars), " ", f.words), next);
      /** @type {HTMLElement | null} */ (done.querySelector("button, a"))?.focus();
    }

    function showHint() {
      const move = stage.hint();
      if (!move) return say(t("learnNoHint"));
      hinted = move;
      refused = [];
      say(t("learnHintIs", { move: moveText(move) }));
      render();
    }

    /**
     * A square the board does not offer, tried with the pieces chosen: the rules say why not.
     * @param {string} square
     */
    function tryRefused(square) {
      const sel = ui.sel;
      if (!sel) return;
      const groups = [...sel.pending, [square, sel.choose]].map(([to, c]) => `${KINDS.map((k) => k.repeat(/** @type {import("./squares.js").Counts} */ (c)[k])).join("")}-${to}`);
      tryMove(`${sel.src}:${groups.join(",")}`);
    }

    /** Whether `square` is one the board would not take for the move being built. @param {string} square */
    function notOffered(square) {
      const moving = building();
      if (!ui.sel || !moving || square === ui.sel.src || ui.sel.pending.has(square)) return false;
      if (build.targets(ui.sel, moving.legal).has(square)) return false;
      return !(ui.sel.pending.size === 0 && build.sources(moving.legal).has(square));
    }

    // Ahead of the board's own input: a square it does not offer is a try the rules answer.
    const onClick = (/** @type {MouseEvent} */ e) => {
      const square = /** @type {Element} */ (e.target).closest("[data-square]")?.getAttribute("data-square");
      if (!square || ui.suppressClick || !notOffered(square)) return;
      e.stopImmediatePropagation();
      tryRefused(square);
    };
    const onKey = (/** @type {KeyboardEvent} */ e) => {
      if ((e.key !== "Enter" && e.key !== " ") || !(/** @type {Element} */ (e.target).closest(".learn-board"))) return;
      const square = ui.cursor || /** @type {Element} */ (e.target).getAttribute("data-square");
      if (!square || !notOffered(square)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      tryRefused(square);
    };
    boardBox.addEventListener("click", onClick, true);
    document.addEventListener("keydown", onKey, true);
    const input = boardInput(page, { submitMove: tryMove, showReplay: () => {}, step: () => {}, orientation, renderBoard });
    render();
    return () => {
      input.detach();
      document.removeEventListener("keydown", onKey, true);
      stage.free();
    };
  }

  const first = Number.isInteger(asked) && asked >= 1 && asked <= lesson.stages.length ? asked : 0;
  if (first) leave = await playStage(first);
  else intro();
  return () => leave();
}
