// @ts-check
// The server's errors in the reader's language. The server answers English messages
// (docs/api.md); the common ones are recognised and said again here, the rest shown as
// they are, after a translated headline for their status.

import { t } from "./i18n.js";
import { ApiError } from "./api.js";

/** Recognised messages: a pattern on the server's text and the key that says it. */
const KNOWN = /** @type {[RegExp, string][]} */ ([
  [/computer declines/i, "err_computerDeclines"],
  [/game is over/i, "err_gameOver"],
  [/not (the seat of )?the side to move|not your (turn|move)|side to move/i, "err_notYourTurn"],
  [/computer'?s turn/i, "err_computerTurn"],
  [/nothing to (undo|take back)|no move of yours/i, "err_nothingToUndo"],
  [/no draw offer/i, "err_noOffer"],
  [/illegal/i, "err_illegal"],
]);

/**
 * @param {unknown} e
 * @returns {string}
 */
export function errorText(e) {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  if (e.status === 0) return t("err_network");
  for (const [pattern, key] of KNOWN) if (pattern.test(e.message)) return key === "err_illegal" ? `${t(key)} (${e.message})` : t(key);
  const headline = t(`err_${e.status}`);
  return headline.startsWith("err_") ? e.message : `${headline} (${e.message})`;
}
