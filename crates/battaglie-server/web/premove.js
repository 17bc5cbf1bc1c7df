// @ts-check
// Premoves: a move queued while the opponent (a person or the computer) is to move,
// sent the moment it is the player's turn if the new position allows it. The position
// to come is unknown, so a premove is built from every move the player's stacks could
// make on a board without other pieces (one step each, where the terrain lets the
// pieces in); the legal moves of the new position then decide. Pure: no DOM.

import { KINDS, parseSquare, squareName } from "./squares.js";
import { terrainKindAt } from "./terrain.js";
import { isMyTurn, mayMove } from "./gamestate.js";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./types.js").Scenario} Scenario */
/** @typedef {import("./squares.js").Side} Side */
/** @typedef {import("./squares.js").Stack} Stack */
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
 * The ways to share `n` pieces among `parts` places: every list of `parts` counts
 * summing to `n`.
 * @param {number} n
 * @param {number} parts
 * @returns {number[][]}
 */
function shares(n, parts) {
  if (parts === 1) return [[n]];
  /** @type {number[][]} */
  const out = [];
  for (let first = n; first >= 0; first--) for (const rest of shares(n - first, parts - 1)) out.push([first, ...rest]);
  return out;
}

/**
 * The squares a stack's pieces may step to, in notation order (west, south, north,
 * east), each with the kinds its terrain lets in. Staging squares step east only, and
 * nothing enters them.
 * @param {Scenario} scenario
 * @param {string} square
 * @returns {{to: string, enter: Set<string>}[]}
 */
function steps(scenario, square) {
  const sq = /** @type {{file: number, rank: number}} */ (parseSquare(square));
  const around = sq.file < 0 ? [[0, sq.rank]] : [[sq.file - 1, sq.rank], [sq.file, sq.rank - 1], [sq.file, sq.rank + 1], [sq.file + 1, sq.rank]];
  return around
    .filter(([file, rank]) => file >= 0 && file < scenario.width && rank >= 1 && rank <= scenario.height)
    .map(([file, rank]) => ({ to: squareName(file, rank), enter: new Set(terrainKindAt(scenario, file, scenario.height - rank)?.enter ?? KINDS) }));
}

/**
 * Every move a stack could make on a board without other pieces: each piece stays or
 * steps to a square its kind may enter, at least one moving.
 * @param {Scenario} scenario
 * @param {Stack} stack
 * @returns {Move[]}
 */
function stackMoves(scenario, stack) {
  const dests = steps(scenario, stack.square);
  /** @type {Arrival[][]} the groups of each move, built kind by kind */
  let moves = [[]];
  for (const kind of KINDS) {
    if (stack[kind] === 0) continue;
    const open = dests.filter((d) => d.enter.has(kind));
    moves = moves.flatMap((groups) =>
      // The first share stays on the square.
      shares(stack[kind], open.length + 1).map(([, ...going]) => {
        const next = groups.map((g) => ({ ...g }));
        going.forEach((n, i) => {
          if (n === 0) return;
          let group = next.find((g) => g.to === open[i].to);
          if (!group) next.push((group = { to: open[i].to, F: 0, M: 0, V: 0 }));
          group[kind] += n;
        });
        return next;
      }),
    );
  }
  const order = dests.map((d) => d.to);
  return moves
    .filter((groups) => groups.length > 0)
    .map((groups) => {
      groups.sort((a, b) => order.indexOf(a.to) - order.indexOf(b.to));
      const text = groups.map((g) => `${KINDS.map((k) => k.repeat(g[k])).join("")}-${g.to}`).join(",");
      return { notation: `${stack.square}:${text}`, groups };
    });
}

/**
 * The premoves the reader's stacks can be given, grouped by square as the server groups
 * legal moves (no square is known to be an attack yet).
 * @param {Scenario} scenario
 * @param {Stack[]} stacks the position shown
 * @param {Side} side the reader's
 * @returns {MovesFrom[]}
 */
export function premoveCandidates(scenario, stacks, side) {
  return stacks.filter((s) => s.side === side).map((s) => ({ from: s.square, captures: [], moves: stackMoves(scenario, s) }));
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
 * What the board builds from in a game of `scenario`: the legal moves when the reader
 * may move, the premoves when they may queue one, else nothing. The premoves are
 * worked out once a position.
 * @param {Scenario} scenario
 * @returns {(game: GameState, view: View, premoves: boolean) => Building | null}
 */
export function movesToBuild(scenario) {
  /** @type {{version: number, legal: MovesFrom[]} | null} */
  let premoves = null;
  return (game, view, enabled) => {
    if (mayMove(game, view)) return { legal: game.legal, side: game.to_move, premove: false };
    if (!premovesAllowed(game, view, enabled)) return null;
    const side = /** @type {Side} */ (game.you);
    if (premoves?.version !== game.version) premoves = { version: game.version, legal: premoveCandidates(scenario, game.stacks, side) };
    return { legal: premoves.legal, side, premove: true };
  };
}
