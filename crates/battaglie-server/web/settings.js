// @ts-check
// The player's settings, remembered in this browser.

const KEY = "battaglie.settings";

/** @typedef {{muted: boolean, confirmMoves: boolean, flip: boolean, premoves: boolean}} Settings */

/** @type {Settings} */
const defaults = { muted: false, confirmMoves: false, flip: false, premoves: true };

/** @returns {Settings} */
export function settings() {
  try {
    return { ...defaults, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...defaults };
  }
}

/** @param {Partial<Settings>} patch */
export function changeSettings(patch) {
  const next = { ...settings(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Not remembered.
  }
  return next;
}
