// @ts-check
// The Web Worker that runs the rules and the computer compiled to WebAssembly
// (crates/battaglie-wasm, built into wasm/ by scripts/build-wasm), so that a search or
// an analysis never freezes the page. It answers the requests of engine.js, one at a
// time in order: {id, kind, ...} in, {id, heard} while it works, then {id, result} or
// {id, error}. A search is stopped by ending the worker (engine.js does).

import init, { Battle, benchPositions, scenariosJson } from "./wasm/battaglie_wasm.js";

const ready = init({ module_or_path: new URL("./wasm/battaglie_wasm_bg.wasm", import.meta.url) });

/**
 * @typedef {{result: string, reason: string}} Ending how the players (or a clock) ended a game the rules had not, in the state's words
 * @typedef {{scenario: string, start?: string | null, moves?: string[], ending?: Ending | null}} GameSpec a battle, its start (BFEN), the moves played and a settled ending
 */

/**
 * The game `spec` names, its moves replayed by the rules.
 * @param {GameSpec & {record?: string}} spec
 */
function battle(spec) {
  if (spec.record !== undefined) return Battle.fromRecord(spec.record);
  const game = new Battle(spec.scenario, spec.start ?? undefined);
  for (const m of spec.moves ?? []) game.play(m);
  if (spec.ending) game.settle(spec.ending.result, spec.ending.reason);
  return game;
}

/**
 * The game of `request` with `change` applied to it, answered as its state's rules
 * fields (the server's JSON), its moves and, with `names`, its records.
 * @param {any} request
 * @param {(game: Battle) => void} change
 */
function changed(request, change) {
  const game = battle(request);
  try {
    change(game);
    const names = request.names;
    return {
      state: JSON.parse(game.stateJson()),
      moves: game.moves,
      record: names ? { json: game.recordJson(names.army, names.indians, request.date), text: game.recordText(names.army, names.indians, request.date) } : null,
    };
  } finally {
    game.free();
  }
}

/** @param {import("./wasm/battaglie_wasm.js").Thought} t */
function thought(t) {
  const plain = { best: t.best, depth: t.depth, score: t.score, nodes: t.nodes, timeMs: t.timeMs, line: t.line };
  t.free();
  return plain;
}

/** @type {Record<string, (request: any, heard: (x: unknown) => void) => unknown>} */
const handlers = {
  /** The legal moves and the state of a game. */
  position(request) {
    const game = battle(request);
    try {
      return { bfen: game.bfen, side: game.sideToMove, outcome: game.outcome ?? null, legal: game.legalMoves(), moves: game.moves };
    } finally {
      game.free();
    }
  },
  /** The moves `side` could queue as premoves on the board as it stands, grouped as the state's legal moves. */
  premoves(request) {
    const game = battle(request);
    try {
      return JSON.parse(game.premovesJson(request.side));
    } finally {
      game.free();
    }
  },
  /** The battles as the page describes them (the server's `GET /api/scenarios`). */
  scenarios() {
    return JSON.parse(scenariosJson());
  },
  /** A game's state (the rules' fields) and records. */
  state(request) {
    return changed(request, () => {});
  },
  /** A game after one more move, refused with the rule it breaks. */
  play(request) {
    return changed(request, (game) => game.play(request.move));
  },
  /** A game after its last `count` moves are taken back. */
  undo(request) {
    return changed(request, (game) => {
      for (let i = 0; i < request.count; i++) game.undo();
    });
  },
  /** A game a record holds, every move replayed and checked. */
  record(request) {
    return changed({ record: request.text, names: request.names }, () => {});
  },
  /** Every position of a game (the server's `GET /api/games/{id}/positions`). */
  replay(request) {
    const game = battle(request);
    try {
      return JSON.parse(game.replayJson());
    } finally {
      game.free();
    }
  },
  /** The coach's warning before `move` in `lang` (`{words, squares}`), or null when it has none. */
  coachWarning(request) {
    const game = battle(request);
    try {
      const said = game.coachWarning(request.move, request.lang);
      return said ? JSON.parse(said) : null;
    } finally {
      game.free();
    }
  },
  /** What the other side threatens against `side` now, in `lang`: `{words, squares}`. */
  coachThreats(request) {
    const game = battle(request);
    try {
      return JSON.parse(game.coachThreats(request.side, request.lang));
    } finally {
      game.free();
    }
  },
  /** The computer's move, each finished iteration heard as it comes. */
  think(request, heard) {
    const game = battle(request);
    try {
      const found = game.think(request.level, request.depth, request.nodes, request.movetimeMs, request.seed === undefined ? undefined : BigInt(request.seed), (/** @type {any} */ t) => heard(thought(t)));
      return found ? thought(found) : null;
    } finally {
      game.free();
    }
  },
  /** The computer's turn as the server plays it: its move, or its resignation, and a draw offer with the move. */
  computerTurn(request) {
    const game = battle(request);
    try {
      const turn = game.computerTurn(request.level, request.scores, request.offeredAt ?? undefined, request.seed === undefined ? undefined : BigInt(request.seed));
      if (!turn) return null;
      const plain = { best: turn.best, resigns: turn.resigns, offersDraw: turn.offersDraw, says: turn.says ?? null, scores: turn.scores };
      turn.free();
      return plain;
    } finally {
      game.free();
    }
  },
  /** Why the computer, playing `side` with its course of the game `scores`, accepts a draw now (the state's `computer_says` word); `undefined` when it declines. */
  acceptsDraw(request) {
    const game = battle(request);
    try {
      return game.computerAcceptsDraw(request.side, request.scores);
    } finally {
      game.free();
    }
  },
  /** How many moves an undo takes back, against the computer playing `computer` or at one screen. */
  undoCount(request) {
    const game = battle(request);
    try {
      return game.undoCount(request.computer ?? undefined);
    } finally {
      game.free();
    }
  },
  /** A game's picture, as the server draws it: `format` `gif` (plies `from` to `until`) or `png` (the position after `ply`). */
  picture(request) {
    const game = battle(request);
    try {
      return request.format === "gif" ? game.gif(request.from ?? undefined, request.until ?? undefined) : game.png(request.ply ?? undefined);
    } finally {
      game.free();
    }
  },
  /**
   * Every move judged, the analysis as far as it has come heard after each.
   * @returns {import("./types/Analysis").Analysis}
   */
  analyse(request, heard) {
    const game = battle(request);
    try {
      return JSON.parse(game.analyse(request.nodes, (/** @type {string} */ soFar) => heard(JSON.parse(soFar))));
    } finally {
      game.free();
    }
  },
  /** `battaglie bench` here: its positions searched to a depth, one at a time, timed as the native program times them. */
  bench(request) {
    let nodes = 0;
    let ms = 0;
    for (const game of benchPositions()) {
      const started = performance.now();
      const found = game.think(undefined, request.depth);
      ms += performance.now() - started;
      nodes += found?.nodes ?? 0;
      found?.free();
      game.free();
    }
    return { nodes, ms };
  },
};

self.onmessage = async (/** @type {MessageEvent} */ e) => {
  const { id, kind, ...request } = e.data;
  try {
    await ready;
    const handler = handlers[kind];
    if (!handler) throw new Error(`the engine does not know the request ${JSON.stringify(kind)}`);
    const result = handler(request, (heard) => self.postMessage({ id, heard }));
    self.postMessage({ id, result });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
