// @ts-check
// The shapes of what the server sends (docs/api.md), for the type checker: declared in
// types/, generated from the server's Rust types.

/**
 * @typedef {import("./types/Side").Side} Side
 * @typedef {import("./types/Scenario").Scenario} Scenario
 */

/**
 * The game state: the server's state with the reader's seat in front (`both` at one
 * screen, `null` for a spectator).
 * @typedef {import("./types/State").State & {you: Side | "both" | null}} GameState
 */

export {};
