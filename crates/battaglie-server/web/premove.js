// @ts-check
// Premoves: a move queued while the opponent (a person or the computer) is to move,
// sent the moment it is the player's turn if the new position allows it. The rules
// say which moves may be queued (premoverules.js: the player's moves on the board as
// it stands, were it their turn), and the legal moves of the new position decide
// whether it is played. This module holds the queue's course only. Pure: no DOM.

import { isMyTurn, mayMove } from "./gamestate.js";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./squares.js").Side} Side */
/** @typedef {import("./moves.js").Move} Move */
/** @typedef {import("./moves.js").MovesFrom} MovesFrom */
/** @typedef {import("./types/Arrival").Arrival} Arrival */
/** A queued premove: its square, and the pieces it sends where. @typedef {{from: string, notation: string, groups: Arrival[]}} Premove */
/**
 * What happens to a queued premove when a new state arrives: it waits, it is played
 * (as the new position's legal move), it is no longer legal, or it is forgotten (the
 * game ended, or a take-back went back before the moves it answered).
 * @typedef {{action: "keep"} | {action: "play", move: Move} | {action: "illegal"} | {action: "forget"}} Outcome
 */
/**
 * What the board builds a move from: the legal moves on the reader's turn, or the
 * premoves while they wait; `side` is whose pieces move.
 * @typedef {{legal: MovesFrom[], side: Side, premove: boolean}} Building
 */
/** @typedef {{replay: number | null, online: boolean, sending: boolean, analysing: boolean}} View */

/**
 * Whether the reader may queue a premove now: a player in a game against a person or
 * the computer, waiting for the opponent, on the live board (not replaying or
 * analysing), online, with premoves on in the settings.
 * @param {GameState} game
 * @param {View} view
 * @param {boolean} enabled the reader's setting
 */
export function premovesAllowed(game, view, enabled) {
  const player = game.you === "army" || game.you === "indians";
  const againstSomeone = game.mode === "online" || game.mode === "computer";
  return enabled && player && againstSomeone && game.status === "ongoing" && !isMyTurn(game) && view.replay === null && !view.analysing && view.online && !view.sending;
}

/**
 * The legal move that sends the same pieces to the same squares as the premove, if any.
 * @param {Premove} premove
 * @param {MovesFrom[]} legal
 * @returns {Move | null}
 */
export function matchPremove(premove, legal) {
  /** @param {Arrival} a @param {Arrival} b */
  const same = (a, b) => a.to === b.to && a.F === b.F && a.M === b.M && a.V === b.V;
  const moves = legal.find((g) => g.from === premove.from)?.moves || [];
  return moves.find((m) => m.groups.length === premove.groups.length && m.groups.every((g) => premove.groups.some((p) => same(g, p)))) || null;
}

/**
 * What a new state does to a queued premove.
 * @param {Premove} premove
 * @param {GameState} before the state the premove was queued on, or since
 * @param {GameState} next
 * @returns {Outcome}
 */
export function premoveOutcome(premove, before, next) {
  if (next.status !== "ongoing" || next.ply < before.ply) return { action: "forget" };
  if (!isMyTurn(next)) return { action: "keep" };
  const move = matchPremove(premove, next.legal);
  return move ? { action: "play", move } : { action: "illegal" };
}

/**
 * The moves the board goes by (where its cursor starts, what its cells say): those it
 * builds from, else the side to move's.
 * @param {Building | null} building
 * @param {GameState} game
 * @returns {MovesFrom[]}
 */
export function boardLegal(building, game) {
  return building?.legal ?? game.legal;
}

/**
 * What the board builds from: the legal moves when the reader may move, the premoves
 * when they may queue one and the rules have answered which (`premovesOf`, null until
 * then), else nothing.
 * @param {(game: GameState, side: Side) => MovesFrom[] | null} premovesOf
 * @returns {(game: GameState, view: View, premoves: boolean) => Building | null}
 */
export function movesToBuild(premovesOf) {
  return (game, view, enabled) => {
    if (mayMove(game, view)) return { legal: game.legal, side: game.to_move, premove: false };
    if (!premovesAllowed(game, view, enabled)) return null;
    const side = /** @type {Side} */ (game.you);
    const legal = premovesOf(game, side);
    return legal ? { legal, side, premove: true } : null;
  };
}
