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
import { resultText, computerSays } from "./endscreen.js";
import { connect } from "./socket.js";
import { play } from "./sound.js";
import { updateRecent, outcomeOf } from "./recent.js";
import { supersedes, moveNews, declinedOffers } from "./gamestate.js";
import { premoveOutcome } from "./premove.js";
import { moveText } from "./words.js";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./gamestate.js").PageState} PageState */

/** How long a move's answer may take before the page says it is still sending. */
const SLOW_MS = 2000;
/** How long without an answer before the move is sent again. */
const STALLED_MS = 6000;
/** The least time between a move shown and the computer's reply shown. */
const COMPUTER_BEAT_MS = 700;

/**
 * @param {import("./gamestate.js").GamePage} page
 * @param {{forgetAnalysis: () => void, submitMove?: (text: string) => unknown}} hooks `submitMove`: how a fired premove is sent (through the coach)
 */
export function liveGame(page, hooks) {
  const { id, token, ui, sideName } = page;

  /** The move on its way, and how to stop waiting for it. @type {{stop: () => void} | null} */
  let sending = null;
  /** When the last move was shown (`performance.now()`). */
  let shownAt = 0;

  /**
   * Sends a move. Its answer is waited for in the open: "sending" after
   * SLOW_MS, then "the server is not answering, retrying" (the request sent
   * again every STALLED_MS) with a way to cancel.
   * @param {string} text
   */
  async function submitMove(text) {
    const version = page.game.version;
    let controller = new AbortController();
    let cancelled = false;
    let tries = 0;
    const note = (/** @type {PageState["sendNote"]} */ n) => {
      ui.sendNote = n;
      page.render();
      if (n) announce(t(n === "slow" ? "sendingMove" : "serverStalled"));
    };
    const slow = setTimeout(() => note("slow"), SLOW_MS);
    const retry = setInterval(() => {
      // A request that got no answer: asked again, the first given up.
      controller.abort();
      if (ui.sendNote !== "stalled") note("stalled");
    }, STALLED_MS);
    sending = {
      stop: () => {
        cancelled = true;
        controller.abort();
      },
    };
    ui.sending = true;
    page.render();
    try {
      for (;;) {
        tries += 1;
        try {
          const next = await api("POST", `/api/games/${id}/moves?since=${version}`, { token, move: text }, false, controller.signal);
          ui.sel = null;
          ui.confirmable = null;
          // The socket may have brought this state (or a newer one) already.
          finish();
          if (!update(next)) page.render();
          return;
        } catch (e) {
          if (cancelled) {
            finish();
            // Given up: the board as it was, for the player to move again.
            ui.sel = null;
            ui.confirmable = null;
            page.render();
            // The move may have arrived before the cancel: the server's state says.
            return reload();
          }
          if (controller.signal.aborted) {
            controller = new AbortController();
            continue;
          }
          throw e;
        }
      }
    } catch (e) {
      finish();
      if (e instanceof ApiError && e.status === 0) setOnline(false);
      // A retry refused: the first request may have played the move meanwhile.
      if (tries > 1) return reload();
      toast(errorText(e));
      page.render();
    }

    function finish() {
      clearTimeout(slow);
      clearInterval(retry);
      sending = null;
      ui.sending = false;
      ui.sendNote = null;
    }
  }

  /** Stops waiting for the move on its way (the player's cancel). */
  function cancelSending() {
    sending?.stop();
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
    // The computer's reply, come at once: shown after a short beat, as a player's would.
    const replier = next.computer?.side;
    const beat = shownAt + COMPUTER_BEAT_MS - performance.now();
    if (!force && beat > 0 && next.ply === page.game.ply + 1 && replier && next.plies[next.ply - 1 - next.plies_from]?.side === replier) {
      setTimeout(() => update(next), beat);
      return true;
    }
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
    if (next.ply !== before.ply) ui.drawDeclined = null;
    if (next.ply > before.ply) {
      told(before, next);
      // The other side's move is seen moving; the reader's own was moved by hand.
      const mover = next.plies[next.ply - 1]?.side;
      if (next.ply === before.ply + 1 && mover && (next.you === null || (next.you !== "both" && next.you !== mover))) ui.animate = next.plies[next.ply - 1].notation;
      shownAt = performance.now();
    }
    for (const key of declinedOffers(before, next, ui.withdrawing)) {
      // A declined draw is said beside the draw button (actions.js), never over the board.
      if (key === "drawDeclined") ui.drawDeclined = t(key);
      else toast(t(key), "info");
      announce(t(key));
    }
    // The computer declining the reader's draw offer is its answer, said the same way.
    if (next.status === "ongoing" && next.computer_says === "ahead" && before.computer_says !== "ahead") {
      ui.drawDeclined = computerSays("ahead");
      announce(ui.drawDeclined);
    }
    if (before.status !== "over" && next.status === "over") {
      play("end");
      announce(resultText(next, sideName, true));
    }
    if (before.status !== "aborted" && next.status === "aborted") announce(t("calledOff"));
    updateRecent(id, { status: next.status, outcome: outcomeOf(next) });
    const premoved = ui.premove ? settlePremove(before, next) : null;
    page.render();
    // A premove that fires is a move the player made: it passes the coach as any other.
    if (premoved) (hooks.submitMove ?? submitMove)(premoved);
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
    if (outcome.action === "illegal") toast(t("premoveIllegal", { move: moveText(premove.notation) }), "info");
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

  return { submitMove, cancelSending, act, listen, detach };
}
