// @ts-check
// What the game page holds, and what follows from a state: whose move it is, whether
// the reader may move now, which of two states is newer, what a new state has to say
// (a move, losses, an offer declined). Pure: no DOM.

import { t } from "./i18n.js";
import { total } from "./squares.js";
import { moveText } from "./words.js";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./types.js").Scenario} Scenario */
/** @typedef {import("./squares.js").Side} Side */
/**
 * The page's own state beside the game's.
 * @typedef {object} PageState
 * @property {import("./moves.js").Selection | null} sel the move being built
 * @property {import("./moves.js").Move | null} confirmable a move waiting for Confirm
 * @property {string | null} cursor the keyboard's square on the board
 * @property {number | null} replay the ply shown, or null for the live position
 * @property {import("./types/Replay").Replay | null} positions every position, once asked for
 * @property {boolean} online
 * @property {boolean} sending
 * @property {string | null} animate the move (notation) the next drawing of the board shows moving
 * @property {"slow" | "stalled" | null} sendNote what the page says of a move whose answer is late
 * @property {boolean} withdrawing whether the request being sent withdraws one's own take-back request
 * @property {string | null} [drawDeclined] the computer's answer to the reader's draw offer, until the next move
 * @property {{src: string, x: number, y: number, started: boolean, ghost: HTMLElement | null} | null} drag
 * @property {boolean} suppressClick the click that ends a drag is not a click
 * @property {import("./types/AnalysisReport").AnalysisReport | null} analysis the engine's analysis, once asked for
 * @property {(() => void) | null} unfollow stops following the analysis
 * @property {import("./premove.js").Premove | null} premove the move queued for the reader's next turn
 */
/**
 * The game page's shared parts, which its modules read and change.
 * @typedef {object} GamePage
 * @property {string} id
 * @property {string | null} token
 * @property {Scenario} scenario
 * @property {string} statePath where the whole state is read
 * @property {string} baseTitle the document's title
 * @property {GameState} game the state shown, replaced as newer states arrive
 * @property {PageState} ui
 * @property {{main: HTMLElement, banner: HTMLElement, premoveNote: HTMLElement, sendNote: HTMLElement, boardBox: HTMLElement, replayBar: HTMLElement, analysisBox: HTMLElement}} el
 * @property {(side: string) => string} sideName
 * @property {() => void} render draws the whole page again
 * @property {() => import("./premove.js").Building | null} building what the board builds a move (or a premove) from now, if anything
 * @property {() => Map<string, import("./squares.js").Stack>} placement the stacks of the position shown
 * @property {() => number} shownPly
 * @property {() => {plies: import("./types/Ply").Ply[], sideName: (s: string) => string}} numbering
 */

/**
 * The side the reader plays now: their seat, or the side to move at one screen.
 * @param {GameState} game
 * @returns {Side | null}
 */
export function seatToMove(game) {
  return game.you === "both" ? game.to_move : game.you;
}

/**
 * Whether the game waits for the reader: a player whose turn it is (either side at
 * one screen), the game going on and the computer not searching.
 * @param {GameState} game
 */
export function isMyTurn(game) {
  return game.status === "ongoing" && game.you !== null && (game.you === "both" || game.you === game.to_move) && !game.thinking;
}

/**
 * Whether the reader may make a move now: their turn, on the live position, the
 * connection up and no move on its way.
 * @param {GameState} game
 * @param {{replay: number | null, online: boolean, sending: boolean}} view
 */
export function mayMove(game, view) {
  return view.replay === null && view.online && !view.sending && isMyTurn(game);
}

/**
 * Whether `next` replaces the state held. States arrive out of order (an answer to a
 * request and a push over the socket): the higher version wins, and at the same
 * version only a whole state (a change of it would apply twice).
 * @param {{version: number}} held
 * @param {{version: number, plies_from: number}} next
 */
export function supersedes(held, next) {
  return next.version > held.version || (next.version === held.version && next.plies_from === 0);
}

/**
 * What a new move says and sounds like: the mover's move and each side's losses, and
 * whether the reader is now to move.
 * @param {GameState} before
 * @param {GameState} next
 * @param {(side: string) => string} sideName
 * @returns {{text: string, sound: "yourTurn" | "elimination" | "move", mine: boolean}}
 */
export function moveNews(before, next, sideName) {
  const lost = (/** @type {Side} */ s) => total(next.eliminated[s]) - total(before.eliminated[s]);
  const mover = next.ply > 0 ? next.plies[next.ply - 1].side : next.to_move;
  let text = t("announceMove", { side: sideName(mover), move: next.last_move ? moveText(next.last_move, next.last_eliminated ?? null) : "" });
  for (const s of /** @type {Side[]} */ (["army", "indians"])) {
    const n = lost(s);
    if (n > 0) text += " " + t("announceLost", { side: sideName(s), n });
  }
  const eliminated = lost("army") + lost("indians") > 0;
  const mine = isMyTurn(next);
  // At one screen every turn is "yours": the plain move sound then.
  const sound = mine && next.you !== "both" ? "yourTurn" : eliminated ? "elimination" : "move";
  return { text, sound, mine };
}

/**
 * The reader's own offers the opponent declined between two states: the offer gone
 * with no move played (a draw offer online only; one's own take-back request
 * withdrawn is not declined).
 * @param {GameState} before
 * @param {GameState} next
 * @param {boolean} withdrawing whether the reader just withdrew their take-back request
 * @returns {("drawDeclined" | "takebackDeclined")[]} the strings that say so
 */
export function declinedOffers(before, next, withdrawing) {
  const mine = seatToMove(next);
  const unanswered = next.ply === before.ply;
  /** @type {("drawDeclined" | "takebackDeclined")[]} */
  const said = [];
  if (before.draw_offer && before.draw_offer === mine && !next.draw_offer && unanswered && next.status === "ongoing" && next.mode === "online") said.push("drawDeclined");
  if (before.takeback_offer && before.takeback_offer === mine && !next.takeback_offer && unanswered && !withdrawing) said.push("takebackDeclined");
  return said;
}
