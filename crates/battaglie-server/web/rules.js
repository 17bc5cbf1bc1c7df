// @ts-check
// The rules for players, in each language: what a turn is, who eliminates whom, how a
// battle ends. The authoritative text is the project's rules specification; this
// says the same for someone about to play.

import { lang } from "./i18n.js";

/** @typedef {[string, string[]][]} Sections */

/** @type {Record<string, Sections>} */
export const RULES = {
  en: [
    ["The board", [
      "Files are lettered a, b, c… from west to east, ranks numbered 1, 2, 3… from south to north. West of file a, outside the map, is the Army's staging column (@1, @2…): the Army's troops wait there and can only step east onto the map. Nobody can enter it.",
      "Houses can be entered by Foot only. Some battles close other terrain to some kinds (rocks to horses and wagons, for example): the squares you cannot reach are simply not offered.",
    ]],
    ["The pieces", [
      "Each side has Foot, Mounted and Vehicles (wagons, coaches, guns). Foot eliminates only Foot; Mounted and Vehicles eliminate anything. A square holds at most four pieces of one side (some battles change this).",
    ]],
    ["Your turn", [
      "Choose one of your squares and move one or more of the pieces on it, each exactly one square north, east, south or west. Pieces moved together may go to different squares; the others stay.",
      "Moving onto enemy pieces is an attack: it is allowed only if, for every enemy piece there, at least one of your arriving pieces can eliminate it. Then all of them are eliminated and your pieces take the square.",
      "If you have no move at all, you pass.",
    ]],
    ["How a battle ends", [
      "You win when the enemy has no piece left. The battle is drawn when neither side can move, when the same position comes up a third time with the same side to move, or after 100 moves in a row without an elimination. You may also resign, or offer a draw.",
    ]],
    ["Playing here", [
      "Drag a stack onto a square, or click it and then a highlighted square: the move goes at once. To split a stack, lower the counts in the chooser before clicking the first square; the pieces left over can then go to another square, or stay (Confirm). Faint pieces show where each group is going.",
      "By keyboard: Tab reaches the board, arrow keys move over it, Enter takes a stack and sends it to a square; F, M and V change how many of each kind go, A takes all, C confirms, Escape cancels. Away from the board, ← and → step through the moves, Home and End jump to the start and back to the game, Escape leaves the replay.",
    ]],
  ],
};

/** The rules in the current language (English where one is missing). */
export function rulesSections() {
  return RULES[lang()] || RULES.en;
}
