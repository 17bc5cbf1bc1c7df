// @ts-check
// The game as the server has it: moves and other actions sent, states taken in
// version order from their answers and from the socket, what changed said and
// sounded, a queued premove played (or dropped) when the turn comes, the connection's
// state.

import { toast, announce } from "./dom.js";
import { api, ApiError } from "./api.js";
import { t } from "./i18n.js";
import { errorText } from "./errors.js";
import { wholeState } from "./plies.js";
import { resultText } from "./endscreen.js";
import { connect } from "./socket.js";
import { play } from "./sound.js";
import { updateRecent } from "./recent.js";
import { supersedes, moveNews, declinedOffers } from "./gamestate.js";
import { premoveOutcome } from "./premove.js";

/** @typedef {import("./types.js").GameState} GameState */

/**
 * @param {import("./gamestate.js").GamePage} page
 * @param {{forgetAnalysis: () => void}} hooks
 */
export function liveGame(page, hooks) {
  const { id, token, ui, sideName } = page;

  /** @param {string} text */
  async function submitMove(text) {
    ui.sending = true;
    page.render();
    try {
      const next = await api("POST", `/api/games/${id}/moves?since=${page.game.version}`, { token, move: text });
      ui.sel = null;
      ui.confirmable = null;
      ui.sending = false;
      // The socket may have brought this state (or a newer one) already.
      if (!update(next)) page.render();
    } catch (e) {
      ui.sending = false;
      if (e instanceof ApiError && e.status === 0) setOnline(false);
      toast(errorText(e));
      page.render();
    }
  }

  /**
   * @param {string} path
   * @param {{action?: string, kind?: string}} [body]
   */
  async function act(path, body = {}) {
    // One's own withdrawn take-back request is not "refused".
    ui.withdrawing = path === "takeback" && body.action === "withdraw";
    try {
      update(await api("POST", `/api/games/${id}/${path}?since=${page.game.version}`, { token, ...body }));
      return true;
    } catch (e) {
      toast(errorText(e), e instanceof ApiError && e.status === 409 ? "info" : "error");
      return false;
    } finally {
      ui.withdrawing = false;
    }
  }

  /** @param {boolean} online */
  function setOnline(online) {
    if (ui.online === online) return;
    ui.online = online;
    if (!online) ui.drag = null;
    announce(online ? t("reconnected") : t("connectionLost"));
    page.render();
  }

  /**
   * Takes a state from the server if it is newer than the one shown.
   * @param {GameState} next
   * @param {boolean} [force] the first state after (re)connecting: the truth
   * @returns {boolean} whether the state was taken
   */
  function update(next, force = false) {
    if (!force && !supersedes(page.game, next)) return false;
    const whole = wholeState(page.game, next);
    if (!whole) {
      // A change of a state this page missed: ask for the whole one.
      reload();
      return false;
    }
    next = whole;
    const before = page.game;
    if (next.ply !== before.ply || next.bfen !== before.bfen) {
      ui.positions = null;
      if (next.bfen !== before.bfen) {
        ui.sel = null;
        ui.confirmable = null;
      }
      if (ui.replay !== null && ui.replay > next.ply) ui.replay = null;
      // An undo: the analysis was of moves no longer played.
      if (ui.analysis && next.ply < ui.analysis.plies) hooks.forgetAnalysis();
    }
    page.game = next;
    if (next.ply > before.ply) told(before, next);
    for (const key of declinedOffers(before, next, ui.withdrawing)) {
      toast(t(key), "info");
      announce(t(key));
    }
    if (before.status !== "over" && next.status === "over") {
      play("end");
      announce(resultText(next, sideName, true));
    }
    updateRecent(id, { status: next.status === "over" ? "over" : "ongoing" });
    const premoved = ui.premove ? settlePremove(before, next) : null;
    page.render();
    if (premoved) submitMove(premoved);
    return true;
  }

  /**
   * Follows the queued premove through a new state: the notation of the legal move to
   * send now, or null (it waits, or is dropped; dropped for being illegal, the reader
   * is told).
   * @param {GameState} before
   * @param {GameState} next
   * @returns {string | null}
   */
  function settlePremove(before, next) {
    const premove = /** @type {import("./premove.js").Premove} */ (ui.premove);
    const outcome = premoveOutcome(premove, before, next);
    if (outcome.action === "keep") return null;
    ui.premove = null;
    if (outcome.action === "play") return outcome.move.notation;
    if (outcome.action === "illegal") toast(t("premoveIllegal", { move: premove.notation }), "info");
    return null;
  }

  /** Fetches the whole state, after a change the page could not apply. */
  async function reload() {
    try {
      update(await api("GET", page.statePath));
    } catch (e) {
      if (e instanceof ApiError && e.status === 0) setOnline(false);
    }
  }

  /**
   * Says and sounds what happened since `before`.
   * @param {GameState} before
   * @param {GameState} next
   */
  function told(before, next) {
    const news = moveNews(before, next, sideName);
    announce(news.text);
    play(news.sound);
    if (news.mine && document.hidden) document.title = `● ${t("yourTurnShort")} · ${page.baseTitle}`;
  }

  const onVisible = () => {
    if (!document.hidden) document.title = page.baseTitle;
  };
  document.addEventListener("visibilitychange", onVisible);

  /**
   * Follows the game over its socket; chat, rematch offers and presence go to their panels.
   * @param {{chat: ReturnType<typeof import("./chat.js").chatPanel> | null, rematch: ReturnType<typeof import("./rematch.js").rematchPanel> | null, presence: ReturnType<typeof import("./presence.js").presencePanel>}} panels
   */
  function listen({ chat, rematch, presence }) {
    return connect(id, token, {
      onState: (msg, fresh) => update(msg, fresh),
      onError: (msg) => toast(errorText(new ApiError(msg.status, msg.error, msg.code, msg.params))),
      onStatus: (open) => {
        // Pushes may have been missed while the socket was down.
        if (open && !ui.online) chat?.reload();
        setOnline(open);
      },
      onChat: (msg) => chat?.message(msg),
      onRematch: (msg) => rematch?.show(msg),
      onPresence: (msg) => presence.show(msg),
    });
  }

  const detach = () => document.removeEventListener("visibilitychange", onVisible);

  return { submitMove, act, listen, detach };
}
