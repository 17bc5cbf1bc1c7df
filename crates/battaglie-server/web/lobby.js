// @ts-check
// The lobby: the open challenges, live over /api/lobby/ws; a form to post one
// (battle, side, clock, rated or casual, optionally to one player); accept,
// cancel one's own, decline one addressed to you; "play anyone" with its
// waiting state. When a game starts, both players land on it in their seat. Above
// them, the signs of life: players online, games in play, a few to watch.

import { h, toast, announce, formError, showError } from "./dom.js";
import { api } from "./api.js";
import { current } from "./account.js";
import { t } from "./i18n.js";
import { errorText } from "./errors.js";
import { saveRecent } from "./recent.js";

/** @typedef {import("./types.js").Scenario} Scenario */

/** @typedef {import("./types/Challenge").Challenge} Challenge */
/** @typedef {import("./types/LobbyLife").LobbyLife} Life */
/** @typedef {import("./types/SeatedIn").SeatedIn} Seated */

/**
 * Goes to a game the lobby started, remembering it among this browser's games.
 * @param {Seated} game
 * @param {string} battle
 */
function enter(game, battle) {
  saveRecent({ id: game.id, token: game.token, otherToken: null, scenario: battle, mode: "online", seat: game.side, created: Date.now() });
  location.href = game.url;
}

/**
 * "3 min ago", from milliseconds.
 * @param {number} ms
 */
function age(ms) {
  const minutes = Math.max(0, Math.floor(ms / 60000));
  if (minutes < 1) return t("lobbyJustNow");
  if (minutes < 120) return t("lobbyMinutesAgo", { n: minutes });
  return t("lobbyHoursAgo", { n: Math.floor(minutes / 60) });
}

/**
 * @param {string} id
 * @param {string} label
 * @param {HTMLElement} control
 */
function row(id, label, control) {
  control.id = id;
  return h("p", { class: "field" }, h("label", { for: id }, label), " ", control);
}

/**
 * @param {HTMLElement} root
 * @param {Scenario[]} list
 * @returns {Promise<() => void>} what to do when leaving the page
 */
export async function lobbyPage(root, list) {
  document.title = `battaglie · ${t("lobby")}`;
  const main = h("main", { class: "lobby", id: "main" });
  root.append(main);
  main.append(h("h1", {}, t("lobby")));
  /** @type {string | null} */
  let me = null;
  try {
    me = (await current())?.name ?? null;
  } catch (e) {
    toast(errorText(e));
  }
  const battleName = (/** @type {string} */ id) => list.find((s) => s.id === id)?.name || id;
  const life = h("section", { class: "lobby-life", "aria-labelledby": "life-h" }, h("h2", { id: "life-h" }, t("lobbyLife")));
  main.append(life);
  /** @param {Life} l the players and games now, and games to watch */
  const showLife = (l) => {
    const counts = h("p", { class: "life-counts" }, `${t("playersOnline", { n: l.players })} · ${t("gamesInPlay", { n: l.games })}`);
    const watch = l.watch.length
      ? h("ul", { class: "watch" }, l.watch.map((g) => h("li", {}, h("a", { href: g.url }, t("watchGame", { battle: battleName(g.battle) })))))
      : h("p", { class: "muted" }, t("nothingToWatch"));
    life.replaceChildren(life.firstChild ?? "", counts, watch);
  };
  api("GET", "/api/lobby")
    .then((l) => showLife(l.life))
    .catch(() => {
      // The list's socket brings it too.
    });
  /** @type {Map<string, Challenge>} */
  const challenges = new Map();
  /** The server's clock minus this one's, from the socket's list. */
  let skew = 0;
  const serverNow = () => Date.now() + skew;

  // The list.
  const status = h("p", { class: "muted lobby-status", role: "status" });
  const ul = h("ul", { class: "challenges", "aria-labelledby": "challenges-h" });
  const empty = h("p", { class: "muted no-challenges" }, t("lobbyEmpty"));
  main.append(h("section", { class: "challenge-list", "aria-labelledby": "challenges-h" }, h("h2", { id: "challenges-h" }, t("lobbyChallenges")), status, ul, empty));

  /**
   * @param {string} method
   * @param {string} path
   * @param {HTMLButtonElement} button
   */
  const act = async (method, path, button) => {
    button.disabled = true;
    try {
      return await api(method, path);
    } catch (e) {
      toast(errorText(e));
      button.disabled = false;
      return null;
    }
  };

  /** @param {Challenge} c */
  const item = (c) => {
    const buttons = [];
    if (c.mine) {
      const cancel = h("button", { type: "button", class: "cancel", "aria-label": t("lobbyCancelOf", { battle: battleName(c.battle) }) }, t("cancel"));
      cancel.onclick = () => act("DELETE", `/api/challenges/${c.id}`, cancel);
      buttons.push(cancel);
    } else if (me) {
      const accept = h("button", { type: "button", class: "primary accept", "aria-label": t("lobbyAcceptOf", { name: c.from || "?", battle: battleName(c.battle) }) }, t("lobbyAccept"));
      accept.onclick = async () => {
        const game = await act("POST", `/api/challenges/${c.id}/accept`, accept);
        if (game) enter(game, c.battle);
      };
      buttons.push(accept);
      if (c.incoming) {
        const decline = h("button", { type: "button", class: "decline" }, t("lobbyDecline"));
        decline.onclick = () => act("POST", `/api/challenges/${c.id}/decline`, decline);
        buttons.push(decline);
      }
    }
    const side = c.side === "random" ? t("lobbyRandom") : t(c.side);
    return h(
      "li",
      { "data-id": c.id, class: c.incoming ? "incoming" : c.mine ? "mine" : null },
      h("span", { class: "battle" }, battleName(c.battle)),
      h("span", { class: "terms" }, `${t("lobbySideOf", { side })} · ${c.control} · ${c.rated ? t("lobbyRated") : t("lobbyCasual")}`),
      h("span", { class: "who" }, c.mine ? t("lobbyYours") : c.incoming ? t("lobbyToYou", { name: c.from || "?" }) : c.to ? t("lobbyFromTo", { name: c.from || "?", to: c.to }) : c.from || "?"),
      // The challenger's rating, as the strips write it ("1500?" while provisional).
      h("span", { class: "rating muted", title: t("ratingOf", { name: c.from || "?" }) }, c.from_rating),
      h("span", { class: "age" }, age(serverNow() - c.created_at)),
      h("span", { class: "actions" }, buttons),
    );
  };

  const render = () => {
    const now = serverNow();
    for (const [id, c] of challenges) if (c.expires_at <= now) challenges.delete(id);
    ul.replaceChildren(...[...challenges.values()].map(item));
    empty.hidden = challenges.size > 0;
  };

  // The form.
  const battle = h("select", {}, list.map((s) => h("option", { value: s.id }, s.name)));
  const side = h("select", {}, ["random", "army", "indians"].map((s) => h("option", { value: s }, s === "random" ? t("lobbyRandom") : t(s))));
  const clock = h("select", {});
  const custom = h("input", { id: "challenge-clock-custom", type: "text", inputmode: "text", placeholder: "15+10 · 2d+6h", autocomplete: "off", hidden: true, "aria-label": t("lobbyCustomClock") });
  clock.onchange = () => {
    custom.hidden = clock.value !== "custom";
    if (!custom.hidden) custom.focus();
  };
  const rated = h("input", { type: "checkbox" });
  const to = h("input", { type: "text", autocomplete: "off", placeholder: t("lobbyAnyone") });
  const control = () => (clock.value === "custom" ? custom.value.trim() : clock.value);
  const terms = () => ({ battle: battle.value, side: side.value, control: control(), rated: rated.checked });
  const post = h("button", { type: "submit", class: "primary", id: "post-challenge" }, t("lobbyPost"));
  // A refusal (a clock written wrong) is said below the button, hiding no control.
  const postError = formError();
  const form = h(
    "form",
    {
      class: "post-challenge",
      "aria-labelledby": "post-h",
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        post.disabled = true;
        try {
          await api("POST", "/api/challenges", { ...terms(), to: to.value.trim() || null });
          to.value = "";
          showError(postError, "");
          announce(t("lobbyPosted"));
        } catch (err) {
          showError(postError, errorText(err));
        }
        post.disabled = false;
      },
    },
    h("h2", { id: "post-h" }, t("lobbyNew")),
    row("challenge-battle", t("lobbyBattle"), battle),
    row("challenge-side", t("yourSide"), side),
    h("p", { class: "field" }, h("label", { for: "challenge-clock" }, t("lobbyClock")), " ", clock, " ", custom),
    h("p", { class: "field check" }, rated, " ", h("label", { for: "challenge-rated" }, t("lobbyRated"))),
    row("challenge-to", t("lobbyToPlayer"), to),
    h("div", { class: "row" }, post),
    postError,
  );
  clock.id = "challenge-clock";
  rated.id = "challenge-rated";

  // Play anyone.
  const seekButton = h("button", { type: "button", id: "play-anyone" }, t("lobbyPlayAnyone"));
  const stopButton = h("button", { type: "button", id: "stop-waiting", hidden: true }, t("lobbyStopWaiting"));
  const waiting = h("p", { class: "waiting", role: "status", hidden: true });
  const seekError = formError();
  /** @param {any} seek */
  const showSeek = (seek) => {
    const on = !!seek && seek.state === "waiting";
    waiting.hidden = !on;
    stopButton.hidden = !on;
    seekButton.hidden = on;
    waiting.textContent = on ? t("lobbyWaiting", { battle: battleName(seek.battle), clock: seek.control }) : "";
    // Paired while this page was away: the game is a link, not a jump.
    if (seek && seek.state === "paired" && seek.game) {
      waiting.hidden = false;
      waiting.append(h("a", { href: seek.game.url, class: "paired-game" }, t("lobbyPairedGame", { battle: battleName(seek.battle) })));
    }
  };
  seekButton.onclick = async () => {
    seekButton.disabled = true;
    try {
      const sought = await api("POST", "/api/seeks", terms());
      showError(seekError, "");
      if (sought.state === "paired" && sought.game) enter(sought.game, battle.value);
      else showSeek(sought);
    } catch (e) {
      showError(seekError, errorText(e));
    }
    seekButton.disabled = false;
  };
  stopButton.onclick = async () => {
    try {
      await api("DELETE", "/api/seeks");
      showError(seekError, "");
      showSeek(null);
      seekButton.focus();
    } catch (e) {
      showError(seekError, errorText(e));
    }
  };
  if (me) {
    main.append(
      form,
      h("section", { class: "play-anyone", "aria-labelledby": "anyone-h" }, h("h2", { id: "anyone-h" }, t("lobbyPlayAnyone")), h("p", { class: "muted" }, t("lobbyPlayAnyoneHint")), h("div", { class: "row" }, seekButton, stopButton), seekError, waiting),
    );
  } else {
    main.append(h("p", { class: "signin-hint" }, t("lobbySignIn"), " ", h("a", { href: "/" }, t("lobbyToHome"))));
  }

  // Live.
  /** @type {WebSocket | null} */
  let socket = null;
  let closed = false;
  let retry = 500;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/lobby/ws`);
    socket = ws;
    ws.onopen = () => {
      retry = 500;
    };
    ws.onmessage = (e) => {
      /** @type {import("./types/LobbyMessage").LobbyMessage} */
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === "list") {
        skew = msg.now - Date.now();
        if (msg.life) showLife(msg.life);
        challenges.clear();
        for (const c of msg.challenges) challenges.set(c.id, c);
        if (clock.options.length === 0) {
          for (const p of msg.presets) clock.append(h("option", { value: p }, p));
          clock.append(h("option", { value: "custom" }, t("lobbyCustomClock")));
          clock.value = msg.presets.includes("10+3") ? "10+3" : msg.presets[0];
        }
        showSeek(msg.seek);
        status.textContent = "";
        main.dataset.ready = "live";
      } else if (msg.type === "added") {
        challenges.set(msg.challenge.id, msg.challenge);
        if (msg.challenge.incoming) announce(t("lobbyIncoming", { name: msg.challenge.from || "?" }));
      } else if (msg.type === "removed") {
        challenges.delete(msg.id);
      } else if (msg.type === "accepted" && msg.game) {
        const c = challenges.get(msg.id);
        enter(msg.game, c ? c.battle : "");
        return;
      } else if (msg.type === "paired" && msg.game) {
        enter(msg.game, msg.seek.battle);
        return;
      }
      render();
    };
    ws.onclose = () => {
      if (closed) return;
      status.textContent = t("lobbyReconnecting");
      timer = setTimeout(open, retry);
      retry = Math.min(retry * 2, 10000);
    };
  };
  open();
  const tick = setInterval(render, 15000);
  return () => {
    closed = true;
    clearTimeout(timer);
    clearInterval(tick);
    socket?.close();
  };
}
