// @ts-check
// The offline edition's games, kept in the browser (IndexedDB), so that a game closed
// mid-way is there at the next visit, network or not. Each game is one record: what
// the rules need to replay it (battle, start, moves, a settled ending), who plays it,
// and its records in both forms for the export links.

const DB = "battaglie";
const GAMES = "games";

/**
 * @typedef {object} StoredGame
 * @property {string} id
 * @property {string} scenario
 * @property {string | null} start the first position in BFEN when it is not the battle's (imported records)
 * @property {"computer" | "hotseat"} mode
 * @property {{side: "army" | "indians", level: number} | null} computer
 * @property {string[]} moves in canonical notation
 * @property {{result: string, reason: string} | null} ending how the players ended it, when the rules did not
 * @property {{json: string, text: string} | null} record the game's records, for the export links
 * @property {string[]} [sport] the computer's course of the game: its last searches' scores, which it resigns and answers draws by
 * @property {"army" | "indians" | null} [draw_offer] the computer's standing draw offer
 * @property {number | null} [offered_at] the game's length when the computer last offered a draw
 * @property {string | null} [computer_says] why the computer resigned or offers a draw (the state's `computer_says`)
 * @property {number} version grows with every change
 * @property {number} created_at Unix seconds
 * @property {number} updated_at Unix seconds
 */

/** @type {Promise<IDBDatabase> | null} */
let opened = null;

/** @returns {Promise<IDBDatabase>} */
function db() {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(GAMES, { keyPath: "id" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return opened;
}

/**
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} act
 * @returns {Promise<T>}
 */
async function run(mode, act) {
  const tx = (await db()).transaction(GAMES, mode);
  const req = act(tx.objectStore(GAMES));
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/**
 * @param {string} id
 * @returns {Promise<StoredGame | undefined>}
 */
export function loadGame(id) {
  return run("readonly", (s) => s.get(id));
}

/**
 * Written whole, in one transaction: a change is kept or not at all.
 * @param {StoredGame} game
 * @returns {Promise<unknown>}
 */
export function saveGame(game) {
  return run("readwrite", (s) => s.put(game));
}
