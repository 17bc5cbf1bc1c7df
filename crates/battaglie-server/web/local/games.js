// @ts-check
// Who does what in the offline edition's games, as the server decides it
// (game/policy.rs): the reader's seat, who resigns, the names in the records. What
// an undo takes back and how the computer answers a draw offer are the engine's
// (battaglie-ai's table, shared with the server), asked of the worker.

/** @typedef {import("./store.js").StoredGame} StoredGame */

/**
 * The reader's seat: the side against the computer, both at one screen. The browser
 * holds every seat of its own games, so no token is needed to take it back.
 * @param {StoredGame} g
 */
export function seatOf(g) {
  if (!g.computer) return "both";
  return g.computer.side === "army" ? "indians" : "army";
}

/**
 * The side that resigns: the reader's against the computer, the side to move at one screen.
 * @param {StoredGame} g
 * @param {{to_move: string}} state
 */
export function resigner(g, state) {
  return g.computer ? seatOf(g) : state.to_move;
}

/** The records' names: the computer's seat as the server names it, a person "Guest". @param {StoredGame} g */
export function recordNames(g) {
  const name = (/** @type {string} */ side) => (g.computer?.side === side ? `Computer (level ${g.computer.level})` : "Guest");
  return { army: name("army"), indians: name("indians") };
}

/** A new game's id: 16 hexadecimal digits, as the server's. */
export function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
