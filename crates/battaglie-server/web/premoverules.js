// @ts-check
// Which premoves the reader may queue, asked of the rules: their stacks' moves on the
// board as it stands, were it their turn (the rules' `Position::moves_of`), answered by
// the engine's worker (engine.js) once a position. A browser that does not run the
// engine (no WebAssembly) offers no premoves; its moves are unchanged.

import { Engine, EngineUnavailable } from "./engine.js";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./squares.js").Side} Side */
/** @typedef {import("./moves.js").MovesFrom} MovesFrom */
/** @typedef {{ask: (kind: string, request: Record<string, unknown>) => Promise<any>}} Asked what answers the requests of engine-worker.js */

/** One worker for every game the page opens. @type {Engine | null} */
let shared = null;

/**
 * The premoves of a game's positions: `premovesOf(game, side)` answers them once the
 * worker has (grouped by square as the state's legal moves), `null` until then;
 * `answered` is called when an answer arrives, for the page to draw it.
 * @param {() => void} answered
 * @param {Asked} [engine]
 * @returns {(game: GameState, side: Side) => MovesFrom[] | null}
 */
export function premovesFromRules(answered, engine = (shared ??= new Engine())) {
  /** @type {{key: string, legal: MovesFrom[] | null} | null} */
  let asked = null;
  let unavailable = false;
  return (game, side) => {
    const key = `${game.scenario} ${game.bfen} ${side}`;
    if (asked?.key === key) return asked.legal;
    if (unavailable) return null;
    /** @type {{key: string, legal: MovesFrom[] | null}} */
    const mine = { key, legal: null };
    asked = mine;
    engine.ask("premoves", { scenario: game.scenario, start: game.bfen, side }).then(
      (/** @type {MovesFrom[]} */ legal) => {
        mine.legal = legal;
        if (asked === mine) answered();
      },
      (/** @type {unknown} */ e) => {
        // Without the engine there are no premoves; a refused position has none.
        if (e instanceof EngineUnavailable) unavailable = true;
      },
    );
    return null;
  };
}
