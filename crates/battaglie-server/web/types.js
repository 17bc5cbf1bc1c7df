// @ts-check
// The shapes of what the server sends (docs/api.md), for the type checker.

/**
 * @typedef {import("./bfen.js").Side} Side
 * @typedef {import("./bfen.js").Counts} Counts
 */

/**
 * @typedef {object} Scenario
 * @property {string} id
 * @property {string} name
 * @property {string} date ISO date of the battle
 * @property {number} width
 * @property {number} height
 * @property {string} start BFEN
 * @property {Record<Side, {name: string, forces: Counts}>} sides
 * @property {{summary: string, history: string, sources: string}} notes
 * @property {{rows: string[], kinds: {symbol: string, name: string, enter: string[]}[]}} terrain
 */

/**
 * @typedef {object} GameState
 * @property {Side | "both" | null} you
 * @property {string} id
 * @property {number} version
 * @property {string} scenario
 * @property {"computer" | "online" | "hotseat"} mode
 * @property {{side: Side, level: number} | null} [computer]
 * @property {string} bfen
 * @property {string} start
 * @property {Side} to_move
 * @property {number} turn
 * @property {number} ply
 * @property {string[]} moves
 * @property {string | null} last_move
 * @property {string[]} legal_moves
 * @property {"ongoing" | "over"} status
 * @property {Side | "draw" | null} result
 * @property {string | null} reason
 * @property {Side | null} draw_offer
 * @property {Side | null} takeback_offer
 * @property {string | null} [computer_says] why the computer just resigned or offered a draw
 * @property {boolean} thinking
 * @property {Record<Side, Counts>} eliminated
 * @property {import("./clock.js").ClockState | null} [clock] the server's clock (online games with one)
 */

export {};
