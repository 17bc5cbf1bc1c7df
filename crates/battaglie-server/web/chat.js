// @ts-check
// The chat of an online game (docs/api.md, chat): the players' room and the
// spectators' room, live from the game's socket, with a mute switch per author
// (the server's for a signed-in visitor, this browser's storage for a guest).

import { h } from "./dom.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { errorText } from "./errors.js";
import { current } from "./account.js";

/** The server's limit on a message, in characters once trimmed (`chat::MAX_MESSAGE`). */
export const CHAT_LIMIT = 500;

/** @typedef {import("./types/ChatMessage").ChatMessage} ChatMessage */

/**
 * Adds `msg` to `list` in id order, once (the socket and the POST answer may both bring it).
 * @param {ChatMessage[]} list
 * @param {ChatMessage} msg
 * @returns {ChatMessage[]}
 */
export function addMessage(list, msg) {
  if (list.some((m) => m.id === msg.id)) return list;
  return [...list, msg].sort((a, b) => a.id - b.id);
}

/**
 * What stops a draft from being sent, as the server would say it, or null.
 * Characters are counted as the server counts them (code points, once trimmed).
 * @param {string} text
 * @returns {{code: string, params: Record<string, number>} | null}
 */
export function draftProblem(text) {
  const chars = [...text.trim()].length;
  if (chars === 0) return { code: "chat_empty", params: {} };
  if (chars > CHAT_LIMIT) return { code: "chat_too_long", params: { chars, limit: CHAT_LIMIT } };
  return null;
}

/** @param {string} text */
export function draftLength(text) {
  return [...text.trim()].length;
}

/**
 * The rooms a seat reads: the players' always; the spectators' for a spectator,
 * and for the players once the game is over (nobody coaches a player).
 * @param {string | null} you the seat (`army`, `indians`, `both`) or null for a spectator
 * @param {boolean} over
 * @returns {("players" | "spectators")[]}
 */
export function readableRooms(you, over) {
  return you === null || over ? ["players", "spectators"] : ["players"];
}

/**
 * Whether the visitor may write in `room`: the players in theirs, signed-in spectators in theirs.
 * @param {string} room
 * @param {string | null} you
 * @param {boolean} signedIn
 */
export function mayWrite(room, you, signedIn) {
  return room === "players" ? you !== null : you === null && signedIn;
}

/**
 * Why the visitor may not write in `room` (the key of the sentence shown in
 * place of the message box), or null when they may.
 * @param {string} room
 * @param {string | null} you
 * @param {boolean} signedIn
 * @returns {"chatWhyPlayersRoom" | "chatWhySpectatorsRoom" | "chatWhySignIn" | null}
 */
export function whyNoWrite(room, you, signedIn) {
  if (mayWrite(room, you, signedIn)) return null;
  if (room === "players") return "chatWhyPlayersRoom";
  return you !== null ? "chatWhySpectatorsRoom" : "chatWhySignIn";
}

/** @param {string} id */
const muteKey = (id) => `battaglie.chatMutes.${id}`;

/**
 * A guest's mutes in game `id`, kept in `storage`.
 * @param {Pick<Storage, "getItem">} storage
 * @param {string} id
 * @returns {string[]}
 */
export function guestMutes(storage, id) {
  try {
    const list = JSON.parse(storage.getItem(muteKey(id)) || "[]");
    return Array.isArray(list) ? list.filter((a) => typeof a === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Mutes (or unmutes) `author` for a guest; answers the mutes as they now stand.
 * @param {Pick<Storage, "getItem" | "setItem">} storage
 * @param {string} id
 * @param {string} author
 * @param {boolean} muted
 */
export function setGuestMute(storage, id, author, muted) {
  const rest = guestMutes(storage, id).filter((a) => a !== author);
  const list = muted ? [...rest, author] : rest;
  try {
    storage.setItem(muteKey(id), JSON.stringify(list));
  } catch {
    // Storage refused: muted until the page is left.
  }
  return list;
}

/**
 * The chat panel. `message` takes a socket's chat push, `update` a new game state.
 * @param {{id: string, token: string | null, game: import("./types.js").GameState, sideName: (s: string) => string}} o
 */
export function chatPanel(o) {
  let game = o.game;
  /** @type {"players" | "spectators"} */
  let room = "players";
  /** @type {Record<string, ChatMessage[]>} */
  const rooms = { players: [], spectators: [] };
  /** @type {string[]} */
  let muted = [];
  /** @type {string | null} the signed-in account's name */
  let account = null;
  const storage = globalThis.localStorage;

  const switchBox = h("div", { class: "chat-rooms", role: "group", "aria-label": t("chatRoom") });
  const log = h("div", { class: "chat-log", role: "log", "aria-live": "polite", "aria-label": t("chatMessages") });
  const mutedBox = h("p", { class: "chat-muted muted" });
  const input = h("textarea", { id: "chat-text", class: "chat-text", rows: 2, "aria-describedby": "chat-count chat-error" });
  const count = h("span", { id: "chat-count", class: "chat-count muted" });
  const problem = h("p", { id: "chat-error", class: "chat-error", role: "alert" });
  const send = h("button", { type: "submit", class: "chat-send" }, t("chatSend"));
  const form = h("form", { class: "chat-form" }, h("label", { for: "chat-text" }, t("chatWrite")), input, h("div", { class: "chat-row" }, count, send), problem);
  const why = h("p", { class: "chat-why muted" });
  const box = h("section", { class: "chat", "aria-labelledby": "chat-h" }, h("h2", { id: "chat-h" }, t("chat")), switchBox, log, mutedBox, form, why);

  /** @param {string} author */
  const authorName = (author) => (author === "army" || author === "indians" ? o.sideName(author) : author);
  /** @param {string} author */
  const isMine = (author) => author === game.you || (account !== null && author === account);

  const showCount = () => {
    const n = draftLength(input.value);
    count.textContent = t("chatCount", { n, limit: CHAT_LIMIT });
    count.classList.toggle("over", n > CHAT_LIMIT);
  };

  const shown = () => rooms[room].filter((m) => !muted.includes(m.author));

  /** @param {ChatMessage} m */
  const item = (m) =>
    h(
      "p",
      { class: `chat-message by-${m.author === "army" || m.author === "indians" ? m.author : "spectator"}`, "data-id": m.id },
      h("strong", { class: "chat-author" }, authorName(m.author)),
      " ",
      h("span", { class: "chat-body" }, m.body),
      isMine(m.author) ? null : h("button", { type: "button", class: "chat-mute link", onclick: () => mute(m.author, true) }, t("chatMute", { author: authorName(m.author) })),
    );

  /**
   * Takes a message; the newest of the shown room is appended, so that the live
   * region reads it alone, not the whole log again.
   * @param {ChatMessage} msg
   */
  function take(msg) {
    const list = rooms[msg.room];
    const next = addMessage(list, msg);
    if (next === list) return;
    rooms[msg.room] = next;
    const newest = next[next.length - 1] === msg;
    if (msg.room !== room || muted.includes(msg.author)) return;
    if (!newest) return render();
    log.querySelector(".chat-empty")?.remove();
    log.append(item(msg));
  }

  function render() {
    const over = game.status !== "ongoing";
    const readable = readableRooms(game.you, over);
    if (!readable.includes(room)) room = "players";
    switchBox.hidden = readable.length < 2;
    switchBox.replaceChildren(
      ...readable.map((r) => h("button", { type: "button", class: `chat-room ${r}`, "aria-pressed": String(r === room), onclick: () => pick(r) }, t(`chatRoom_${r}`))),
    );
    log.replaceChildren(...shown().map(item));
    if (!log.firstChild) log.append(h("p", { class: "chat-empty muted" }, t("chatNone")));
    mutedBox.hidden = muted.length === 0;
    mutedBox.replaceChildren(
      t("chatMutedList"),
      " ",
      ...muted.map((a) => h("button", { type: "button", class: "chat-unmute link", onclick: () => mute(a, false) }, t("chatUnmute", { author: authorName(a) }))),
    );
    const reason = whyNoWrite(room, game.you, account !== null);
    form.hidden = reason !== null;
    why.hidden = reason === null;
    why.textContent = reason === null ? "" : t(reason);
    showCount();
  }

  /** Reads the room's history (again: a client that fell behind may have missed pushes). */
  async function load() {
    const q = new URLSearchParams({ room });
    try {
      /** @type {import("./types/ChatHistory").ChatHistory} */
      const answer = await api("GET", `/api/games/${encodeURIComponent(o.id)}/chat?${q}`);
      rooms[answer.room] = answer.messages;
      if (account !== null) muted = answer.muted;
      problem.textContent = "";
    } catch (e) {
      problem.textContent = errorText(e);
    }
    render();
  }

  /** @param {"players" | "spectators"} r */
  function pick(r) {
    room = r;
    render();
    load();
  }

  /**
   * @param {string} author
   * @param {boolean} on
   */
  async function mute(author, on) {
    if (account === null) {
      muted = setGuestMute(storage, o.id, author, on);
      return render();
    }
    try {
      /** @type {import("./types/ChatMuted").ChatMuted} */
      const answer = await api("POST", `/api/games/${encodeURIComponent(o.id)}/chat/mute`, { author, muted: on });
      muted = answer.muted;
      // An unmuted author's messages were left out of what the page has: read them.
      if (on) render();
      else await load();
    } catch (e) {
      problem.textContent = errorText(e);
    }
  }

  input.addEventListener("input", () => {
    problem.textContent = "";
    showCount();
  });
  input.addEventListener("keydown", (e) => {
    // Enter sends, Shift+Enter breaks the line.
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const bad = draftProblem(input.value);
    if (bad) {
      problem.textContent = t(`err_${bad.code}`, bad.params);
      return;
    }
    send.disabled = true;
    try {
      take(await api("POST", `/api/games/${encodeURIComponent(o.id)}/chat`, { text: input.value, room, token: o.token }));
      input.value = "";
      problem.textContent = "";
      showCount();
    } catch (err) {
      problem.textContent = errorText(err);
    } finally {
      send.disabled = false;
    }
  });

  (async () => {
    try {
      account = (await current())?.name ?? null;
    } catch {
      account = null;
    }
    if (account === null && storage) muted = guestMutes(storage, o.id);
    await load();
  })();
  render();

  return {
    box,
    /** @param {ChatMessage} msg */
    message(msg) {
      if (msg.room in rooms) take(msg);
    },
    /** @param {import("./types.js").GameState} next */
    update(next) {
      const changed = next.status !== game.status || next.you !== game.you;
      game = next;
      if (changed) render();
    },
    /** After a reconnection: pushes may have been missed. */
    reload: load,
  };
}
