// @ts-check
// The game's clock, kept by the server: both sides' time, the running one
// ticking, a warning (and a sound) when time runs low, correspondence time in
// days and hours, and the claim a player may make when the opponent's time is up.

import { h, announce } from "./dom.js";
import { t } from "./i18n.js";
import { play } from "./sound.js";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./types/Clock").Clock} ClockState */

/** Live time under this is low (and under a tenth of the initial time). */
const LOW_MS = 20_000;

/** When each state's figures arrived here (the server's `at` is on its own clock). */
const arrived = new WeakMap();

/** @type {number | null} */
let ticker = null;

/**
 * The time `ms` in words: `4:07`, `0:09.4` under ten seconds; `2 d 5 h` for correspondence.
 * @param {number} ms
 * @param {"live" | "correspondence"} kind
 */
export function clockText(ms, kind) {
  const s = Math.max(0, ms) / 1000;
  if (kind === "correspondence" && s >= 3600) {
    return t("timeDays", { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600) });
  }
  const whole = Math.floor(s);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  if (hours) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  if (s < 10 && kind === "live") return `0:${pad(seconds)}.${Math.floor((s * 10) % 10)}`;
  return `${minutes}:${pad(seconds)}`;
}

/**
 * The time `side` has left now, by this page's clock.
 * @param {GameState & {clock?: ClockState | null}} game
 * @param {string} side
 */
export function remaining(game, side) {
  const c = game.clock;
  if (!c) return 0;
  const ms = side === "army" ? c.army_ms : c.indians_ms;
  if (c.state !== "running" || c.running !== side) return ms;
  const since = arrived.get(c) ?? performance.now();
  return Math.max(0, ms - (performance.now() - since));
}

/**
 * Draws the clock into `box` and keeps the running side's time ticking; each side's
 * face goes into its player strip (`o.faces`), the control and claims into `box`.
 * @param {HTMLElement} box
 * @param {{game: GameState & {clock?: ClockState | null}, sideName: (s: string) => string, claim: (kind: "win" | "draw") => void, faces: Record<string, HTMLElement>}} o
 */
export function renderClock(box, o) {
  const { game } = o;
  const c = game.clock;
  if (ticker !== null) {
    clearInterval(ticker);
    ticker = null;
  }
  box.hidden = !c;
  if (!c) {
    box.replaceChildren();
    for (const slot of Object.values(o.faces)) slot.replaceChildren();
    return;
  }
  if (!arrived.has(c)) arrived.set(c, performance.now());
  const seat = game.you === "army" || game.you === "indians" ? game.you : null;
  /** @type {Record<string, HTMLElement>} */
  const faces = {};
  /** @type {Record<string, boolean>} */
  const warned = {};
  const claimBox = h("div", { class: "claim", hidden: true });
  const draw = () => {
    for (const side of ["army", "indians"]) {
      const ms = remaining(game, side);
      const low = c.kind === "live" && ms < LOW_MS && game.status === "ongoing";
      const face = faces[side];
      const time = face.querySelector(".time");
      if (time) time.textContent = clockText(ms, c.kind);
      face.classList.toggle("running", c.state === "running" && c.running === side && game.status === "ongoing");
      face.classList.toggle("low", low);
      if (low && c.running === side && !warned[side]) {
        warned[side] = true;
        if (side === seat) play("lowTime");
        announce(t("clockLow", { side: o.sideName(side) }));
      }
    }
    // Correspondence: the player waiting may claim once the opponent's time is up.
    const opponent = seat === "army" ? "indians" : "army";
    const claimable = !!seat && c.kind === "correspondence" && game.status === "ongoing" && c.running === opponent && remaining(game, opponent) <= 0;
    if (claimable && claimBox.hidden) {
      claimBox.replaceChildren(
        h("p", {}, t("claimOffer")),
        h("button", { type: "button", class: "button primary", "data-focus": "claim-win", onclick: () => o.claim("win") }, t("claimWin")),
        " ",
        h("button", { type: "button", class: "button", "data-focus": "claim-draw", onclick: () => o.claim("draw") }, t("claimDraw")),
      );
    }
    claimBox.hidden = !claimable;
  };
  for (const side of ["army", "indians"]) {
    faces[side] = h(
      "div",
      { class: `face ${side}`, role: "timer", "aria-label": t("clockOf", { side: o.sideName(side) }) },
      h("span", { class: "who" }, o.sideName(side)),
      " ",
      h("span", { class: "time" }),
    );
  }
  const note = c.state === "ready" ? h("p", { class: "muted" }, t("clockReady")) : "";
  for (const side of ["army", "indians"]) o.faces[side].replaceChildren(faces[side]);
  box.replaceChildren(h("p", { class: "muted control" }, controlText(c.control)), note, claimBox);
  draw();
  if (c.state === "running" && game.status === "ongoing") ticker = window.setInterval(draw, 100);
}

/**
 * A time control in words: `10+3` is "10 min + 3 s a move", `3d+2h` "3 days + 2 h a move".
 * @param {string} control
 */
export function controlText(control) {
  const m = /^(\d+)d\+(\d+)h$/.exec(control);
  if (m) return t("clockCorrespondence", { n: Number(m[1]), hours: m[2] });
  const l = /^(\d+)\+(\d+)$/.exec(control);
  if (l) return t("clockLive", { minutes: l[1], seconds: l[2] });
  return control;
}

/** The controls the new-game form offers (the community crate's presets). */
export const PRESETS = ["5+2", "10+3", "20+5", "1d+1h", "3d+2h", "7d+4h"];

/**
 * The new-game form's clock choice: none, the presets, or a custom control.
 * @param {{clock?: string}} choice where the choice is kept (`clock`: a control or `none`)
 * @param {() => void} remember saves the choice
 */
export function clockChooser(choice, remember) {
  const current = choice.clock || "none";
  const custom = h("input", {
    id: "clock-custom",
    type: "text",
    inputmode: "text",
    size: 8,
    value: PRESETS.includes(current) || current === "none" ? "" : current,
    "aria-label": t("clockCustomLabel"),
    placeholder: "15+10",
    oninput: (/** @type {Event} */ e) => { choice.clock = /** @type {HTMLInputElement} */ (e.target).value.trim() || "none"; remember(); },
  });
  const isCustom = current !== "none" && !PRESETS.includes(current);
  custom.hidden = !isCustom;
  const select = h(
    "select",
    {
      id: "clock",
      onchange: (/** @type {Event} */ e) => {
        const v = /** @type {HTMLSelectElement} */ (e.target).value;
        custom.hidden = v !== "custom";
        choice.clock = v === "custom" ? /** @type {HTMLInputElement} */ (custom).value.trim() || "none" : v;
        remember();
      },
    },
    h("option", { value: "none", selected: current === "none" }, t("clockNone")),
    PRESETS.map((p) => h("option", { value: p, selected: p === current }, controlText(p))),
    h("option", { value: "custom", selected: isCustom }, t("clockCustom")),
  );
  return h("span", { class: "clock-choice" }, h("label", { class: "clock-pick" }, t("clockLabel"), " ", select), " ", custom);
}
