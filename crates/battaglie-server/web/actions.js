// @ts-check
// What a player can do besides moving: pass, take back (online: ask the opponent, or
// answer their request), offer or answer a draw, resign, call off before the first move,
// each asked for confirmation where it cannot be undone; the invitation links.

import { h } from "./dom.js";
import { localBackend } from "./api.js";
import { gameLink } from "./seat.js";
import { t } from "./i18n.js";
import { computerSays } from "./endscreen.js";
import { moveText } from "./words.js";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./squares.js").Side} Side */

/**
 * How many moves a take-back removes, and which, or null when there is none to offer.
 * A game ended by a resignation or an agreed draw is not taken back: it was a choice,
 * and the server's take-back would remove a move as well.
 * @param {GameState} game
 * @returns {{count: number, moves: string[]} | null}
 */
export function takeBack(game) {
  if (game.ply === 0 || game.you === null) return null;
  if (game.status === "over" && (game.reason === "resignation" || game.reason === "agreement")) return null;
  const notation = game.plies.map((p) => p.notation);
  if (game.mode === "hotseat") return { count: 1, moves: notation.slice(-1) };
  // Against the computer or an opponent online: back to before one's own last move.
  let last = -1;
  game.plies.forEach((p, i) => {
    if (p.side === game.you) last = i;
  });
  if (last < 0) return null;
  return { count: game.ply - last, moves: notation.slice(last) };
}

/**
 * @param {HTMLElement} box
 * @param {{game: GameState, ui: {replay: number | null, sending: boolean, drawDeclined?: string | null}, me: () => any, sideName: (s: string) => string, act: (path: string, body?: object) => Promise<boolean>, submitMove: (m: string) => void, ask: (q: string, yes: string, no: string) => Promise<boolean>, online: boolean, recentEntry: any, id: string}} o
 */
export function renderActions(box, o) {
  const { game } = o;
  box.replaceChildren();
  if (game.mode === "online") renderInvite(box, o);
  if (game.you === null || o.ui.replay !== null) return;
  const row = h("div", { class: "buttons" });
  box.append(row);
  const disabled = !o.online || o.ui.sending;
  const back = takeBack(game);
  if (game.mode === "online") {
    if (game.status === "ongoing") renderTakebackRequest(box, row, o, back);
  } else if (back) {
    const label = back.count > 1 ? t("undoWithReply", { move: moveText(back.moves[0]) }) : t("undoMove", { move: moveText(back.moves[0]) });
    row.append(h("button", { type: "button", class: "undo", "data-focus": "undo", disabled, onclick: () => o.act("undo") }, label));
  }
  if (game.status !== "ongoing") return;
  const mine = o.me();
  const myTurn = game.you === "both" || game.you === game.to_move;
  // The pass is the one legal move, from no square, when nothing else is legal.
  if (game.legal.length === 1 && game.legal[0].from === null && myTurn) {
    row.append(h("button", { type: "button", class: "primary pass", "data-focus": "pass", disabled, onclick: () => o.submitMove("pass") }, t("pass")));
  }
  if ((game.mode === "online" || game.mode === "computer") && game.draw_offer && game.draw_offer !== mine) {
    box.prepend(
      h(
        "div",
        { class: "offer", role: "alert" },
        h("p", {}, t("drawOffered", { side: o.sideName(game.draw_offer) })),
        game.computer_says ? h("p", { class: "computer-says" }, computerSays(game.computer_says)) : null,
        h("button", { type: "button", class: "primary accept-draw", "data-focus": "accept", disabled, onclick: () => o.act("draw", { action: "accept" }) }, t("acceptDraw")),
        " ",
        h("button", { type: "button", class: "decline-draw", "data-focus": "decline", disabled, onclick: () => o.act("draw", { action: "decline" }) }, t("declineDraw")),
      ),
    );
  } else if (game.draw_offer && game.draw_offer === mine) {
    row.append(h("span", { class: "offer-note" }, t("youOffered")));
  } else if (game.mode !== "hotseat") {
    // At one screen the two players agree a draw between them, by a resignation or by playing on.
    row.append(h("button", { type: "button", class: "offer-draw", "data-focus": "offer", disabled, onclick: () => offerDraw(o) }, t("offerDraw")));
    if (o.ui.drawDeclined) box.append(h("p", { class: "draw-declined", role: "status" }, o.ui.drawDeclined));
  }
  // Before the first move either seat may call the game off, without a result
  // (the offline edition has nobody to call it off with: it starts a new game).
  if (game.ply === 0 && !localBackend()) {
    row.append(h("button", { type: "button", class: "abort", "data-focus": "abort", disabled, onclick: () => o.act("abort") }, t("callOff")));
  }
  const resigning = game.you === "both" ? game.to_move : game.you;
  row.append(
    h(
      "button",
      {
        type: "button",
        class: "danger resign",
        "data-focus": "resign",
        disabled,
        onclick: async () => {
          const winner = resigning === "army" ? "indians" : "army";
          if (await o.ask(t("confirmResign", { side: o.sideName(resigning), winner: o.sideName(winner) }), t("resign"), t("keepPlaying"))) o.act("resign");
        },
      },
      game.you === "both" ? t("resignSide", { side: o.sideName(resigning) }) : t("resign"),
    ),
  );
}

/**
 * Online take-backs are requests: the opponent's, to answer; one's own, to withdraw;
 * or the button that asks to take back one's last move (`back`).
 * @param {HTMLElement} box
 * @param {HTMLElement} row
 * @param {Parameters<typeof renderActions>[1]} o
 * @param {{count: number, moves: string[]} | null} back
 */
function renderTakebackRequest(box, row, o, back) {
  const { game } = o;
  const disabled = !o.online || o.ui.sending;
  const mine = o.me();
  if (game.takeback_offer && game.takeback_offer !== mine) {
    box.prepend(
      h(
        "div",
        { class: "offer takeback-request", role: "alert" },
        h("p", {}, t("takebackAsked", { side: o.sideName(game.takeback_offer) })),
        h("button", { type: "button", class: "primary accept-takeback", "data-focus": "accept-takeback", disabled, onclick: () => o.act("takeback", { action: "accept" }) }, t("acceptTakeback")),
        " ",
        h("button", { type: "button", class: "decline-takeback", "data-focus": "decline-takeback", disabled, onclick: () => o.act("takeback", { action: "decline" }) }, t("declineTakeback")),
      ),
    );
  } else if (game.takeback_offer === mine) {
    row.append(
      h("span", { class: "offer-note" }, t("youAskedTakeback")),
      h("button", { type: "button", class: "withdraw-takeback", "data-focus": "withdraw-takeback", disabled, onclick: () => o.act("takeback", { action: "withdraw" }) }, t("withdrawTakeback")),
    );
  } else if (back) {
    row.append(h("button", { type: "button", class: "ask-takeback", "data-focus": "ask-takeback", disabled, onclick: () => o.act("takeback", { action: "offer" }) }, t("askTakeback", { move: moveText(back.moves[0]) })));
  }
}

/**
 * A draw offer, asked for first.
 * @param {Parameters<typeof renderActions>[1]} o
 */
async function offerDraw(o) {
  const { game } = o;
  if (await o.ask(game.mode === "computer" ? t("confirmOfferDrawComputer") : t("confirmOfferDraw"), t("offerDraw"), t("keepPlaying"))) o.act("draw", { action: "offer" });
}

/**
 * The links of an online game: the opponent's (while the game is young) and the spectators'.
 * @param {HTMLElement} box
 * @param {Parameters<typeof renderActions>[1]} o
 */
function renderInvite(box, o) {
  const other = o.recentEntry && o.recentEntry.otherToken;
  const invite = h("div", { class: "invite" });
  if (other && o.game.you !== null && o.game.ply < 2) invite.append(copyRow("invite", t("invite"), `${location.origin}${gameLink(o.id, other)}`));
  invite.append(copyRow("spectate", t("spectateLink"), `${location.origin}/game/${o.id}`));
  box.append(invite);
}

/**
 * @param {string} key
 * @param {string} label
 * @param {string} url
 */
function copyRow(key, label, url) {
  const inputId = `link-${key}`;
  const input = h("input", { id: inputId, type: "text", readonly: true, value: url, onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() });
  return h(
    "div",
    { class: "copy-row" },
    h("label", { for: inputId }, label),
    h(
      "div",
      { class: "row" },
      input,
      h(
        "button",
        {
          type: "button",
          "data-focus": `copy-${key}`,
          onclick: async (/** @type {Event} */ e) => {
            try {
              await navigator.clipboard.writeText(url);
              /** @type {HTMLElement} */ (e.target).textContent = t("copied");
            } catch {
              input.select();
            }
          },
        },
        t("copy"),
      ),
    ),
  );
}
