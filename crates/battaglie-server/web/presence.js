// @ts-check
// Who is at the table: each seat waiting for its player, online, away or gone (the
// server counts the sockets of every node), how many watch, and in a live game the
// claim against an opponent gone for a minute (RULES.md, "Clocks and leaving"),
// offered from the server's `claim_at` only: a seat nobody has taken was not left.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @typedef {import("./socket.js").SocketMessage<"presence">} PresenceMessage
 * @typedef {{kind: "none"} | {kind: "arriving"} | {kind: "wait", seconds: number} | {kind: "claim"}} AbsenceClaim
 */

/**
 * What the holder of seat `you` may do about an absent opponent at server time
 * `now`: nothing, wait for an opponent who has not arrived yet, wait `seconds`
 * more, or claim.
 * @param {PresenceMessage} p
 * @param {string | null} you `army`, `indians`, `both` or null for a spectator
 * @param {boolean} over
 * @param {number} now
 * @returns {AbsenceClaim}
 */
export function absenceClaim(p, you, over, now) {
  if (over || (you !== "army" && you !== "indians")) return { kind: "none" };
  const opponent = p[you === "army" ? "indians" : "army"];
  if (opponent.status === "waiting") return { kind: "arriving" };
  if (opponent.status === "online" || opponent.claim_at === null) return { kind: "none" };
  const seconds = Math.ceil((opponent.claim_at - now) / 1000);
  return seconds > 0 ? { kind: "wait", seconds } : { kind: "claim" };
}

/**
 * The presence panel. `show` takes a socket's presence message, `update` a new
 * game state.
 * @param {{game: {status: string, you: string | null, mode: string}, sideName: (s: string) => string, claim: (kind: "win" | "draw") => void}} o
 */
export function presencePanel(o) {
  let game = o.game;
  /** @type {PresenceMessage | null} */
  let last = null;
  /** The server's clock minus this page's, from the last message. */
  let offset = 0;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let ticker;
  const seats = h("ul", { class: "presence-seats" });
  const watching = h("p", { class: "presence-watching muted" });
  const claimBox = h("div", { class: "claim", hidden: true });
  const waitNote = h("p", { class: "presence-wait muted", hidden: true });
  const box = h("section", { class: "presence", "aria-label": t("presenceLabel") }, seats, watching, waitNote, claimBox);

  /** Until the first message, a seat's status is a dash: the panel keeps its
   * size from the start, so that nothing under it moves when the news comes.
   * @param {"army" | "indians"} side */
  const seatItem = (side) => {
    const status = last ? last[side].status : null;
    return h(
      "li",
      { class: `presence-seat ${side} ${status ?? "unknown"}` },
      h("span", { class: "presence-dot", "aria-hidden": "true" }),
      " ",
      t("presenceOf", { side: o.sideName(side), status: status ? t(`presence_${status}`) : "\u2014" }),
    );
  };

  const drawClaim = () => {
    if (!last) return;
    const claim = absenceClaim(last, game.you, game.status !== "ongoing", Date.now() + offset);
    waitNote.hidden = claim.kind !== "wait" && claim.kind !== "arriving";
    if (claim.kind === "wait") waitNote.textContent = t("claimAbsentWait", { n: claim.seconds });
    if (claim.kind === "arriving") waitNote.textContent = t("opponentNotArrived");
    if (claim.kind === "claim" && claimBox.hidden) {
      claimBox.replaceChildren(
        h("p", {}, t("claimAbsent")),
        h("button", { type: "button", class: "button primary", "data-focus": "claim-absent-win", onclick: () => o.claim("win") }, t("claimWin")),
        " ",
        h("button", { type: "button", class: "button", "data-focus": "claim-absent-draw", onclick: () => o.claim("draw") }, t("claimDraw")),
      );
    }
    claimBox.hidden = claim.kind !== "claim";
    if (claim.kind !== "wait" && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    } else if (claim.kind === "wait" && ticker === undefined) ticker = setInterval(drawClaim, 1000);
  };

  const render = () => {
    // Only the players of an online game come and go; others show who watches.
    seats.hidden = game.mode !== "online";
    seats.replaceChildren(seatItem("army"), seatItem("indians"));
    watching.textContent = last ? t("presenceWatching", { n: last.spectators }) : "\u00a0";
    // Away from online games nobody is expected to watch: no "0 spectators".
    watching.hidden = game.mode !== "online" && (!last || last.spectators === 0);
    drawClaim();
  };

  render();
  return {
    box,
    /** @param {PresenceMessage} msg */
    show(msg) {
      last = msg;
      offset = msg.at - Date.now();
      render();
    },
    /** @param {{status: string, you: string | null, mode: string}} next */
    update(next) {
      game = next;
      render();
    },
  };
}
