// @ts-check
// The whole turn in the window, without scrolling: the banner, both strips with their
// clocks, the board and the move's controls. The board gets the height the others
// leave. On a wide window the move's controls open beside the board, at the top of the
// side column; on a narrow one under the board, in room kept for them, so that the
// board does not shrink (or the page scroll) when a stack is taken.

/** Wider than this (CSS pixels), the page has two columns (style.css's `.layout`). */
const TWO_COLUMNS = "(min-width: 901px)";
/** The room kept under the board for the move's controls on a narrow window, in rem. */
const MOVER_ROOM_REM = 5;
/** Below this share of the window's height (a phone held sideways) the board keeps it and the page scrolls. */
const LEAST_SHARE = 0.6;

/**
 * @param {{dock: HTMLElement, boardBox: HTMLElement, mover: HTMLElement, aside: HTMLElement}} el
 * @returns {() => void} lays the turn out for the window as it is now
 */
export function fitTurn(el) {
  return function fit() {
    const wide = window.matchMedia(TWO_COLUMNS).matches;
    if (wide && el.mover.parentElement !== el.aside) el.aside.prepend(el.mover);
    if (!wide && el.mover.parentElement !== el.dock) el.dock.append(el.mover);
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const dockStyle = getComputedStyle(el.dock);
    const gap = parseFloat(dockStyle.rowGap) || 0;
    let others = 0;
    for (const child of el.dock.children) {
      if (child === el.boardBox || child === el.mover) continue;
      others += child.getBoundingClientRect().height + gap;
    }
    const mover = wide ? 0 : Math.max(el.mover.getBoundingClientRect().height, MOVER_ROOM_REM * rem) + gap;
    const top = el.dock.getBoundingClientRect().top + window.scrollY;
    // A little air under the dock, as under the page's other parts.
    const room = window.innerHeight - top - others - mover - 0.4 * rem;
    const board = Math.max(room, LEAST_SHARE * window.innerHeight);
    el.boardBox.style.setProperty("--board-max", `${Math.floor(board)}px`);
  };
}
