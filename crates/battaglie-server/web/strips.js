// @ts-check
// The player strips above and below the board, at every size: each side's player (an
// account's name and rating, linking to its page; the computer and its level; or a
// guest), whether they are here, their clock (clock.js draws into the strip), and the
// pieces the side has lost by kind, with what remains. The reader's side is below.

import { h } from "./dom.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { KINDS, total } from "./squares.js";
import { piecesText } from "./words.js";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./squares.js").Side} Side */
/** @typedef {import("./squares.js").Counts} Counts */
/** @typedef {import("./types/Seats").Seats} Seats */
/** @typedef {import("./types/Seat").Seat} Seat */

const SIDES = /** @type {const} */ (["army", "indians"]);

/**
 * The pieces `side` still has on the board, by kind.
 * @param {GameState} game
 * @param {Side} side
 * @returns {Counts}
 */
export function remainingOf(game, side) {
  /** @type {Counts} */
  const c = { F: 0, M: 0, V: 0 };
  for (const s of game.stacks) if (s.side === side) for (const k of KINDS) c[k] += s[k];
  return c;
}

/**
 * A side's losses in words: "Lost 2 Mounted · 9 Foot and 3 Mounted left".
 * @param {Counts} lost
 * @param {Counts} left
 */
export function lossesText(lost, left) {
  const gone = total(lost) === 0 ? t("noLosses") : t("lostPieces", { pieces: piecesText(lost) });
  return `${gone} · ${total(left) === 0 ? t("noneLeft") : t("piecesLeft", { pieces: piecesText(left) })}`;
}

/**
 * Who plays a side, in words: the account's name, "Computer · level 3", "Guest".
 * @param {Seat | undefined} seat
 */
export function playerText(seat) {
  if (!seat) return "";
  if (seat.kind === "computer") return t("computerLevel", { level: seat.level ?? 0 });
  if (seat.kind === "player" && seat.name) return seat.name;
  return t("guest");
}

/** Which side's strip is below the board: the reader's, the Army's for others. @param {GameState} game */
export function sideBelow(game) {
  return game.you === "indians" ? "indians" : "army";
}

/**
 * @param {{game: GameState, id: string, sideName: (s: string) => string, onSeats: () => void}} o
 * `onSeats`: called each time the seats are loaded, for what else shows them (the
 * end's rating changes, which may come after the page's last state).
 */
export function playerStrips(o) {
  let game = o.game;
  /** @type {Seats | null} */
  let seats = null;
  /** @type {Record<Side, string | null>} */
  const presence = { army: null, indians: null };
  /** Where clock.js draws each side's clock face. */
  const faces = { army: h("span", { class: "strip-clock" }), indians: h("span", { class: "strip-clock" }) };
  const strips = Object.fromEntries(SIDES.map((side) => [side, h("section", { class: `strip ${side}`, "aria-label": o.sideName(side) })]));
  const top = h("div", { class: "strip-slot top" });
  const bottom = h("div", { class: "strip-slot bottom" });
  let overSeen = game.status === "over";

  const load = () =>
    api("GET", `/api/games/${encodeURIComponent(o.id)}/players`)
      .then((/** @type {Seats} */ s) => {
        seats = s;
        render();
        o.onSeats();
      })
      .catch(() => {
        // The strips then name the sides only: the game goes on without them.
      });

  /** @param {Side} side */
  function who(side) {
    const seat = seats?.[side];
    const dot = game.mode === "online" ? h("span", { class: `presence-dot ${presence[side] ?? "unknown"}`, role: "img", "aria-label": presence[side] ? t(`presence_${presence[side]}`) : t("presenceUnknown") }) : null;
    const name =
      seat?.kind === "player" && seat.name
        ? h("a", { class: "player-name", href: `/players/${encodeURIComponent(seat.name)}` }, seat.name)
        : h("span", { class: "player-name" }, seats ? playerText(seat) : "\u00a0");
    const rating = seat?.kind === "player" && seat.rating !== null ? h("span", { class: "rating muted" }, `${seat.rating}${seat.provisional ? "?" : ""}`) : null;
    return h("span", { class: "player" }, dot, name, rating, h("span", { class: `side-name ${side}` }, o.sideName(side)));
  }

  function render() {
    for (const side of SIDES) {
      const toMove = game.status === "ongoing" && game.to_move === side;
      strips[side].className = `strip ${side}${toMove ? " to-move" : ""}`;
      strips[side].replaceChildren(who(side), h("span", { class: "losses" }, lossesText(game.eliminated[side], remainingOf(game, side))), faces[side]);
    }
    const below = sideBelow(game);
    const above = below === "army" ? "indians" : "army";
    if (top.firstChild !== strips[above]) top.replaceChildren(strips[above]);
    if (bottom.firstChild !== strips[below]) bottom.replaceChildren(strips[below]);
  }

  render();
  load();
  return {
    top,
    bottom,
    faces,
    /** The seats as last loaded (null before). */
    seats: () => seats,
    /** A side's player by name where an account plays it, else the side's name. @param {string} side */
    name: (side) => {
      const seat = seats?.[/** @type {Side} */ (side)];
      return seat?.kind === "player" && seat.name ? seat.name : o.sideName(side);
    },
    /** @param {GameState} next */
    update(next) {
      game = next;
      // The end brings the rating change, and a seat may have been taken meanwhile.
      if (next.status === "over" && !overSeen) load();
      overSeen = next.status === "over";
      render();
    },
    /** @param {{army: {status: string}, indians: {status: string}}} msg a socket's presence message */
    presence(msg) {
      const taken = SIDES.some((s) => (presence[s] === "gone" || presence[s] === "waiting") && msg[s].status !== presence[s]);
      for (const s of SIDES) presence[s] = msg[s].status;
      // A seat filled (an invite taken): who holds it may have changed.
      if (taken) load();
      render();
    },
  };
}
