// @ts-check
// The coach of the first battles on the game page, in games against the computer. Before
// a move the player made is sent (a click, a tap, a drag, the keyboard, a premove that
// fires), it asks the rules (battaglie-learn, in the engine's worker) whether the move
// leaves a stack to be eliminated next turn; if so a dialog says which, with the squares
// marked, and offers "Play it anyway" or "Take it back" (nothing sent, the board as
// before). After the computer's move it says what it threatens, in its own status line
// beside the game's buttons. On by default against levels 1 to 3, off otherwise; the switch is remembered in
// this browser. The sentences come from Rust in the page's language; a browser without
// the engine plays on without the coach.

import { Engine } from "./engine.js";
import { ask, h } from "./dom.js";
import { lang, t } from "./i18n.js";

const KEY = "battaglie.coach";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {{words: string, squares: string[]}} Said a sentence of the coach's, with the squares to mark */
/** @typedef {{ask: (kind: string, request: Record<string, unknown>) => Promise<any>}} Asked what answers the requests of engine-worker.js */

/** The player's choice in this browser: true, false, or null when never made. */
function chosen() {
  try {
    const v = localStorage.getItem(KEY);
    return v === "on" ? true : v === "off" ? false : null;
  } catch {
    return null;
  }
}

/** @param {boolean} on */
function choose(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // Not remembered: it holds for this page.
  }
}

/**
 * Whether the coach speaks in `game`: only against the computer, as the player chose,
 * else at levels 1 to 3.
 * @param {GameState} game
 */
export function coachOn(game) {
  if (game.mode !== "computer" || !game.computer) return false;
  return chosen() ?? game.computer.level <= 3;
}

/**
 * The game as the worker replays it: its battle, start and moves (so that repetition
 * counts as the rules count it).
 * @param {GameState} game
 */
function spec(game) {
  return { scenario: game.scenario, start: game.start, moves: game.plies.map((p) => p.notation) };
}

/**
 * The coach's warning before `move` in `game`, or null when it has none.
 * @param {Asked} engine
 * @param {GameState} game
 * @param {string} move
 * @returns {Promise<Said | null>}
 */
export function warningFor(engine, game, move) {
  return engine.ask("coachWarning", { ...spec(game), move, lang: lang() });
}

/**
 * The coach on a game page.
 * @param {import("./gamestate.js").GamePage} page
 * @param {{submit: (text: string) => Promise<void> | void, engine?: Asked}} o `submit` sends a move
 */
export function coach(page, { submit, engine }) {
  /** @type {Asked | null} */
  let worker = engine ?? null;
  const rules = () => (worker ??= new Engine());
  const note = h("p", { class: "coach-note", role: "status", "aria-live": "polite", hidden: true });
  const input = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "coach-switch", "data-focus": "coach-switch" }));
  input.addEventListener("change", () => {
    choose(input.checked);
    said = -1;
    page.render();
  });
  const box = h("p", { class: "coach-switch", hidden: true }, input, " ", h("label", { for: "coach-switch" }, t("coachSwitch")));
  /** The ply whose threats the note says (or is being asked for). */
  let said = -1;

  /** @param {string[]} squares @param {boolean} on */
  const mark = (squares, on) => {
    for (const sq of squares) page.el.boardBox.querySelector(`rect.hit[data-square="${sq}"]`)?.classList.toggle("coach-mark", on);
  };

  /**
   * Sends `text`, the player's move, after the coach's word when it has one.
   * @param {string} text
   */
  async function submitMove(text) {
    const game = page.game;
    if (!coachOn(game)) return submit(text);
    /** @type {Said | null} */
    let warning = null;
    try {
      warning = await warningFor(rules(), game, text);
    } catch {
      // The coach never stands in the way of a move: without it, the move goes.
      return submit(text);
    }
    if (!warning) return submit(text);
    mark(warning.squares, true);
    const anyway = await ask(warning.words, t("coachPlayAnyway"), t("coachTakeBack"));
    mark(warning.squares, false);
    if (anyway) return submit(text);
    // Taken back: nothing sent, the board as it was before the move.
    page.ui.sel = null;
    page.ui.confirmable = null;
    page.render();
  }

  /**
   * After each render: the switch, and what the computer's last move threatens.
   * @param {GameState} game
   */
  function update(game) {
    box.hidden = game.mode !== "computer" || !game.computer;
    input.checked = coachOn(game);
    const computer = game.computer;
    const computersMove = computer !== null && game.plies.length > 0 && game.plies[game.plies.length - 1].side === computer.side;
    if (!coachOn(game) || !computer || !computersMove || game.status !== "ongoing") {
      note.hidden = true;
      note.textContent = "";
      said = -1;
      return;
    }
    if (said === game.ply) return;
    said = game.ply;
    const ply = game.ply;
    const side = computer.side === "army" ? "indians" : "army";
    rules()
      .ask("coachThreats", { ...spec(game), side, lang: lang() })
      .then(
        (/** @type {Said} */ threat) => {
          if (said !== ply) return;
          note.textContent = threat.words;
          note.hidden = false;
        },
        () => {
          // Without the engine the coach is silent.
        },
      );
  }

  return { submitMove, update, note, box };
}
