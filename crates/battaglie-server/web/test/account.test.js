// "My games" says whom each game is against, not how it was started.
import { test } from "node:test";
import assert from "node:assert/strict";
import { opponentText } from "../account.js";

const game = (o) => ({ id: "g", scenario: "washita", seat: "army", token: null, result: null, url: "/game/g", ...o });

test("a game of My games names its opponent: a player, the computer and its level, or a guest", () => {
  assert.equal(opponentText(game({ mode: "online", opponent: "Black_Kettle" })), "against Black_Kettle");
  assert.equal(opponentText(game({ mode: "computer", level: 3 })), "against the computer (level 3)");
  assert.equal(opponentText(game({ mode: "online", opponent: null })), "against a guest");
});
