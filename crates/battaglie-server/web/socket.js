// @ts-check
// The game's WebSocket: states, chat messages, rematch offers and presence
// pushed by the server, reconnecting after a drop. In the offline edition, the
// states of the browser's own backend instead.

import { localBackend } from "./api.js";

/**
 * Every message the server's socket sends, declared from the server's own type.
 * @typedef {import("./types/GameSocketMessage").GameSocketMessage} GameSocketMessage
 */

/**
 * The message of one type.
 * @template {GameSocketMessage["type"]} T
 * @typedef {Extract<GameSocketMessage, {type: T}>} SocketMessage
 */

/**
 * @typedef {object} SocketHandlers
 * @property {(state: SocketMessage<"state">, fresh: boolean) => void} onState `fresh` for the first state after (re)connecting
 * @property {(message: SocketMessage<"error">) => void} onError
 * @property {(open: boolean) => void} onStatus
 * @property {(message: SocketMessage<"chat">) => void} [onChat] a chat message of a room this seat reads
 * @property {(message: SocketMessage<"rematch">) => void} [onRematch] the rematch offer as it now stands
 * @property {(message: SocketMessage<"presence">) => void} [onPresence] the seats' presence and the spectators' count
 */

/**
 * Connects, and reconnects with a growing delay (up to 10 s) until closed.
 * @param {string} id
 * @param {string | null} token
 * @param {SocketHandlers} handlers
 * @returns {{close: () => void}}
 */
export function connect(id, token, handlers) {
  const local = localBackend();
  if (local) return local.connect(id, token, handlers);
  /** @type {WebSocket | null} */
  let socket = null;
  let closed = false;
  // Left for another page: a page kept in the back-forward cache must not keep
  // its socket (its seat would stay online), so it closes and opens again on return.
  let hidden = false;
  let retry = 500;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // The legal moves only in the states the reader is to move in: they are half of a
    // state or more, and the board builds from them only on the reader's turn.
    // The seat token beside the protocol, not in the URL (see seat.js).
    const protocols = token ? ["battaglie", `seat.${token}`] : ["battaglie"];
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws?legal=mine`, protocols);
    socket = ws;
    // The first state after (re)connecting is the truth, even after a server restart.
    let fresh = true;
    ws.onopen = () => {
      retry = 500;
      handlers.onStatus(true);
    };
    ws.onmessage = (e) => {
      /** @type {GameSocketMessage} */
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      switch (msg.type) {
        case "state":
          handlers.onState(msg, fresh);
          fresh = false;
          break;
        case "error":
          handlers.onError(msg);
          break;
        case "chat":
          handlers.onChat?.(msg);
          break;
        case "rematch":
          handlers.onRematch?.(msg);
          break;
        case "presence":
          handlers.onPresence?.(msg);
          break;
        case "pong":
          break;
        default: {
          /** @type {never} */
          const unknown = msg;
          void unknown;
        }
      }
    };
    ws.onclose = () => {
      if (closed || hidden) return;
      handlers.onStatus(false);
      timer = setTimeout(open, retry);
      retry = Math.min(retry * 2, 10000);
    };
  };
  const onHide = () => {
    hidden = true;
    clearTimeout(timer);
    socket?.close();
  };
  /** @param {PageTransitionEvent} e */
  const onShow = (e) => {
    if (!e.persisted || closed) return;
    hidden = false;
    open();
  };
  window.addEventListener("pagehide", onHide);
  window.addEventListener("pageshow", onShow);
  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener("pageshow", onShow);
      socket?.close();
    },
  };
}
