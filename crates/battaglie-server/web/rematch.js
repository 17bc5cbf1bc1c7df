// @ts-check
// The rematch of an online game (docs/api.md, rematch): offer and cancel, or accept
// and decline the other player's offer, following the state the socket pushes; once
// agreed, the page opens the new game in the player's new seat.

import { h, announce } from "./dom.js";
import { api } from "./api.js";
import { gameLink } from "./seat.js";
import { t } from "./i18n.js";
import { errorText } from "./errors.js";
import { saveRecent } from "./recent.js";

/**
 * @typedef {import("./types/Rematch").Rematch} RematchState
 */

/**
 * What the panel offers a seat in a state: the actions, and what it says.
 * @param {RematchState} s
 * @param {string | null} you
 * @returns {{actions: ("offer" | "cancel" | "accept" | "decline")[], says: string | null}}
 */
export function rematchChoices(s, you) {
  const player = you === "army" || you === "indians";
  if (s.state === "accepted") return { actions: [], says: "rematchAgreed" };
  if (s.state === "offered") {
    if (!player) return { actions: [], says: "rematchOfferedBy" };
    return s.by === you ? { actions: ["cancel"], says: "rematchWaiting" } : { actions: ["accept", "decline"], says: "rematchOfferedBy" };
  }
  return { actions: player ? ["offer"] : [], says: null };
}

/**
 * The new game's page for whoever holds a seat there, or its watching page.
 * @param {{game: string, token?: string}} s
 */
export function rematchUrl(s) {
  return gameLink(s.game, s.token);
}

/**
 * The rematch part of the end panel: `box` goes in the panel, `show` takes each state.
 * @param {{id: string, token: string | null, scenario: string, you: string | null, sideName: (s: string) => string}} o
 */
export function rematchPanel(o) {
  const box = h("div", { class: "rematch-box" });
  /** @type {RematchState} */
  let state = { state: "none" };
  let sending = false;

  /** @param {"offer" | "cancel" | "accept" | "decline"} action */
  async function act(action) {
    if (sending) return;
    sending = true;
    render();
    try {
      show(await api("POST", `/api/games/${encodeURIComponent(o.id)}/rematch`, { action, token: o.token }));
    } catch (e) {
      const code = /** @type {{code?: string, params?: Record<string, string>}} */ (e);
      // Agreed already (on another tab or node): the new game is named.
      if (code.code === "rematch_agreed" && code.params?.game) show({ state: "accepted", game: code.params.game, token: o.token || undefined });
      else box.querySelector(".rematch-error")?.replaceChildren(errorText(e));
    } finally {
      sending = false;
      render();
    }
  }

  function render() {
    const { actions, says } = rematchChoices(state, o.you);
    const by = state.state === "offered" ? o.sideName(state.by) : "";
    box.replaceChildren(
      says ? h("p", { class: "rematch-says" }, t(says, { side: by })) : "",
      ...actions.map((a) => h("button", { type: "button", class: `rematch-${a}${a === "offer" || a === "accept" ? " primary" : ""}`, "data-focus": `rematch-${a}`, disabled: sending, onclick: () => act(a) }, t(`rematch_${a}`))),
      state.state === "accepted" ? h("a", { class: "button primary rematch-open", href: rematchUrl(state) }, t("rematchOpen")) : "",
      h("p", { class: "rematch-error", role: "alert" }),
    );
  }

  /** @param {RematchState} next */
  function show(next) {
    const before = state.state;
    state = next;
    render();
    if (next.state === "offered" && before !== "offered" && next.by !== o.you) announce(t("rematchOfferedBy", { side: o.sideName(next.by) }));
    if (next.state === "accepted" && before !== "accepted" && next.token && next.seat) {
      saveRecent({ id: next.game, token: next.token, scenario: o.scenario, mode: "online", seat: next.seat, created: Date.now() });
      location.href = rematchUrl(next);
    }
  }

  render();
  return { box, show };
}
