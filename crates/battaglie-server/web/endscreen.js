// @ts-check
// The end of a game: who won and why, "You won" or "You lost" to a player, a rematch
// with the sides swapped, the way back to the start for a review, the engine's analysis.

import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./errors.js";
import { startGame } from "./home.js";
import { recentGames } from "./recent.js";
import { turnRows } from "./plies.js";

/** @typedef {import("./types.js").GameState} GameState */

/**
 * The result in words. `personal`: "You won" to the winner's seat.
 * @param {GameState} game
 * @param {(side: string) => string} sideName
 * @param {boolean} personal
 */
export function resultText(game, sideName, personal) {
  const reason = t(`reason_${game.reason}`);
  if (game.result === "draw") return t("drawn", { reason });
  const winner = /** @type {string} */ (game.result);
  if (personal && (game.you === "army" || game.you === "indians")) return t(game.you === winner ? "youWon" : "youLost", { reason, side: sideName(winner) });
  return t("won", { side: sideName(winner), reason });
}

/**
 * Why the computer resigned, offered a draw or accepted the player's, in words.
 * @param {import("./types/ComputerSays").ComputerSays} word
 */
export function computerSays(word) {
  return t(`says_${word.replaceAll("-", "_")}`);
}

/**
 * What the end screen shows of `game`: it is built again only when this changes,
 * not on every later version of the ended game (a rebuild between a press and its
 * release swallows the click).
 * @param {GameState} game
 * @param {boolean} rematchBox
 * @param {import("./types/Seats").Seats | null} [seats] the players, for the rating change
 * @returns {string}
 */
export function endingKey(game, rematchBox, seats = null) {
  return JSON.stringify([game.result, game.reason, game.ply, game.computer_says, game.you, rematchBox, ratingChanges(seats)]);
}

/**
 * The rating each rated player's account got from the game: "Red_Cloud: 1512 (+12)".
 * @param {import("./types/Seats").Seats | null} seats
 * @returns {string[]}
 */
export function ratingChanges(seats) {
  if (!seats) return [];
  return [seats.army, seats.indians].flatMap((s) =>
    s.kind === "player" && s.name && s.rating !== null && s.change !== null ? [t("ratingAfter", { name: s.name, rating: s.rating, change: `${s.change >= 0 ? "+" : "−"}${Math.abs(s.change)}` })] : [],
  );
}

/**
 * @param {HTMLElement} box
 * @param {{game: GameState, sideName: (s: string) => string, id: string, scenario: import("./types.js").Scenario, review: () => void, analyse: () => void, rematchBox?: HTMLElement, seats?: import("./types/Seats").Seats | null}} o
 * `rematchBox`: an online game's rematch offer (rematch.js), in place of a new game.
 */
export function renderEnd(box, o) {
  const { game } = o;
  box.hidden = game.status === "ongoing";
  if (game.status === "ongoing") {
    box.replaceChildren();
    return;
  }
  if (game.status === "aborted") {
    if (box.dataset.ending === "aborted") return;
    box.dataset.ending = "aborted";
    box.className = "end draw";
    box.replaceChildren(h("h2", { id: "end-h" }, t("calledOffTitle")), h("p", {}, t("calledOff")), h("div", { class: "buttons" }, h("a", { href: "/", class: "button" }, t("home"))));
    return;
  }
  const key = endingKey(game, Boolean(o.rematchBox), o.seats ?? null);
  if (box.dataset.ending === key) return;
  box.dataset.ending = key;
  const seat = game.you === "army" || game.you === "indians" ? game.you : null;
  const headline =
    game.result === "draw" ? t("endDraw") : seat ? t(seat === game.result ? "endYouWon" : "endYouLost") : t("endWinner", { side: o.sideName(/** @type {string} */ (game.result)) });
  box.className = `end ${game.result === "draw" ? "draw" : seat ? (seat === game.result ? "win" : "loss") : game.result}`;
  const rematch = async () => {
    const entry = recentGames().find((g) => g.id === o.id);
    /** @type {{scenario: string, mode: string, side?: string, level?: number}} */
    const body = { scenario: game.scenario, mode: game.mode };
    if (seat) body.side = seat === "army" ? "indians" : "army";
    if (game.mode === "computer") body.level = game.computer?.level || entry?.level || 3;
    try {
      await startGame(body);
    } catch (e) {
      toast(errorText(e));
    }
  };
  box.replaceChildren(
    h("h2", { id: "end-h" }, headline),
    // Counted as the move list counts them: one row (a turn) for the Army's move and the reply.
    h("p", {}, t("endReason", { reason: t(`reason_${game.reason}`), moves: t("afterTurns", { n: turnRows(game.plies).length }) })),
    ...(game.computer_says ? [h("p", { class: "computer-says" }, computerSays(game.computer_says))] : []),
    ...ratingChanges(o.seats ?? null).map((line) => h("p", { class: "rating-change" }, line)),
    h(
      "div",
      { class: "buttons" },
      o.rematchBox || (game.you !== null ? h("button", { type: "button", class: "primary rematch", "data-focus": "rematch", onclick: rematch }, seat ? t("rematchSwapped") : t("rematch")) : null),
      game.ply > 0 ? h("button", { type: "button", class: "review", "data-focus": "review", onclick: o.review }, t("review")) : null,
      game.ply > 0 ? h("button", { type: "button", class: "analyse", "data-focus": "analyse", onclick: o.analyse }, t("analyse")) : null,
      h("a", { href: "/", class: "button" }, t("home")),
    ),
  );
}
