// @ts-check
// The opponent's and the computer's moves, seen: the pieces slide from their square to
// where they arrive, then the pieces they eliminated fade. Nothing moves for a reader
// who asks for less motion (`prefers-reduced-motion`).

import { squaresOf } from "./arrows.js";

/** How long the pieces slide, and then how long the eliminated ones fade, in ms. */
const SLIDE_MS = 350;
const FADE_MS = 400;

/** Whether the reader's system asks for less motion. */
export function reducedMotion() {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The top-left corner of a square on a drawn board, in the board's units.
 * @param {Element} svg
 * @param {string} square
 */
function corner(svg, square) {
  const hit = svg.querySelector(`rect[data-square="${square}"]`);
  return hit ? { x: Number(hit.getAttribute("x")), y: Number(hit.getAttribute("y")) } : null;
}

/**
 * Animates `notation`, just played, on the board `now` drawn after it; `before` is the
 * board drawn before it, whose stacks on the attacked squares fade out over the new one.
 * @param {Element | null} before
 * @param {Element} now
 * @param {string} notation
 */
export function animateMove(before, now, notation) {
  const joined = squaresOf(notation);
  if (!joined || reducedMotion() || typeof now.animate !== "function") return;
  const from = corner(now, joined.from);
  if (!from) return;
  const attacked = notation
    .slice(notation.indexOf(":") + 1)
    .split(",")
    .filter((g) => g.includes("x"))
    .map((g) => g.slice(g.indexOf("x") + 1));
  for (const to of joined.to) {
    const at = corner(now, to);
    const stack = now.querySelector(`g.stack[data-at="${to}"]`);
    if (!at || !stack) continue;
    // The defenders, as they stood, under the arriving pieces until these land.
    const old = attacked.includes(to) ? before?.querySelector(`g.stack[data-at="${to}"]`) : null;
    if (old) {
      const ghost = /** @type {SVGGElement} */ (old.cloneNode(true));
      ghost.classList.add("eliminated");
      ghost.removeAttribute("data-at");
      stack.before(ghost);
      ghost.animate([{ opacity: 1 }, { opacity: 1, offset: SLIDE_MS / (SLIDE_MS + FADE_MS) }, { opacity: 0 }], { duration: SLIDE_MS + FADE_MS, easing: "ease-in" }).finished.then(
        () => ghost.remove(),
        () => ghost.remove(),
      );
    }
    stack.classList.add("arriving");
    const slide = stack.animate([{ transform: `translate(${from.x - at.x}px, ${from.y - at.y}px)` }, { transform: "translate(0, 0)" }], { duration: SLIDE_MS, easing: "ease-out" });
    slide.finished.then(
      () => stack.classList.remove("arriving"),
      () => stack.classList.remove("arriving"),
    );
  }
}
