// @ts-check
// Short sounds made on the fly (no files): a move, an elimination, your turn.

import { settings } from "./settings.js";

/** @type {AudioContext | null} */
let ctx = null;


/**
 * @param {number} freq
 * @param {number} start seconds from now
 * @param {number} length seconds
 * @param {OscillatorType} type
 * @param {number} gain
 */
function tone(freq, start, length, type, gain) {
  if (!ctx) return;
  const osc = ctx.createOscillator();
  const g = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t0 = ctx.currentTime + start;
  g.gain.setValueAtTime(0, t0);
  g.gain.linearRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(g).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.05);
}

/**
 * Plays a sound unless muted.
 * @param {"move" | "elimination" | "yourTurn" | "end" | "lowTime"} name
 */
export function play(name) {
  if (settings().muted) return;
  // The last sound played, for whoever checks (the browser tests do).
  document.documentElement.dataset.sound = name;
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
  } catch {
    return;
  }
  if (name === "move") tone(220, 0, 0.08, "triangle", 0.25);
  else if (name === "elimination") {
    tone(110, 0, 0.25, "sawtooth", 0.18);
    tone(82, 0.06, 0.3, "square", 0.1);
  } else if (name === "yourTurn") {
    tone(660, 0, 0.12, "sine", 0.15);
    tone(880, 0.12, 0.18, "sine", 0.15);
  } else if (name === "lowTime") {
    tone(988, 0, 0.08, "square", 0.08);
    tone(988, 0.2, 0.08, "square", 0.08);
  } else {
    tone(523, 0, 0.2, "sine", 0.15);
    tone(659, 0.15, 0.2, "sine", 0.15);
    tone(784, 0.3, 0.4, "sine", 0.15);
  }
}
