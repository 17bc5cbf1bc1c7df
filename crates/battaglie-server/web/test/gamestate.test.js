// The game page's state: whose turn it is, which state wins when two arrive, and what
// a new state says to the reader.
import { test } from "node:test";
import assert from "node:assert/strict";
import { seatToMove, isMyTurn, mayMove, supersedes, moveNews, declinedOffers } from "../gamestate.js";

const none = { F: 0, M: 0, V: 0 };
/** A state as the page holds it, with what a test changes. */
const state = (o = {}) => ({
  mode: "computer",
  you: "army",
  to_move: "army",
  status: "ongoing",
  thinking: false,
  ply: 0,
  plies: [],
  last_move: null,
  eliminated: { army: { ...none }, indians: { ...none } },
  draw_offer: null,
  takeback_offer: null,
  ...o,
});
const live = { replay: null, online: true, sending: false };
const sideName = (s) => ({ army: "Army", indians: "Cheyenne" })[s];

test("at one screen the reader plays whichever side is to move; a spectator none", () => {
  assert.equal(seatToMove(state({ you: "both", to_move: "indians" })), "indians");
  assert.equal(seatToMove(state({ you: "army", to_move: "indians" })), "army");
  assert.equal(seatToMove(state({ you: null })), null);
});

test("it is the reader's turn only while the game goes on and the computer is not searching", () => {
  assert.ok(isMyTurn(state()));
  assert.ok(isMyTurn(state({ you: "both", to_move: "indians" })));
  assert.ok(!isMyTurn(state({ to_move: "indians" })));
  assert.ok(!isMyTurn(state({ you: null })));
  assert.ok(!isMyTurn(state({ status: "over" })));
  assert.ok(!isMyTurn(state({ thinking: true })));
});

test("a move is made only on the live position, online, with no move on its way", () => {
  assert.ok(mayMove(state(), live));
  assert.ok(!mayMove(state(), { ...live, replay: 3 }));
  assert.ok(!mayMove(state(), { ...live, online: false }));
  assert.ok(!mayMove(state(), { ...live, sending: true }));
  assert.ok(!mayMove(state({ to_move: "indians" }), live));
});

test("a newer version wins; at the same version only a whole state replaces the one held", () => {
  assert.ok(supersedes({ version: 4 }, { version: 5, plies_from: 3 }));
  assert.ok(!supersedes({ version: 4 }, { version: 3, plies_from: 0 }));
  assert.ok(supersedes({ version: 4 }, { version: 4, plies_from: 0 }));
  assert.ok(!supersedes({ version: 4 }, { version: 4, plies_from: 2 }));
});

test("a move is announced with its mover and each side's losses, and sounds the reader's turn", () => {
  const before = state({ to_move: "indians", ply: 1 });
  const next = state({
    ply: 2,
    plies: [{ side: "army" }, { side: "indians" }],
    last_move: "k7:Mxj7",
    eliminated: { army: { F: 2, M: 0, V: 0 }, indians: { ...none } },
  });
  const news = moveNews(before, next, sideName);
  assert.equal(news.text, "Cheyenne: 1 Mounted from k7 to j7 (attack). Army lost 2 pieces.");
  assert.equal(news.sound, "yourTurn");
  assert.ok(news.mine);
});

test("a move that leaves the opponent to move sounds as a move, or an elimination", () => {
  const before = state({ ply: 0 });
  const quiet = state({ to_move: "indians", thinking: true, ply: 1, plies: [{ side: "army" }], last_move: "@7:MMM-a7" });
  assert.deepEqual(moveNews(before, quiet, sideName), { text: "Army: 3 Mounted from @7 to a7.", sound: "move", mine: false });
  const taking = { ...quiet, eliminated: { army: { ...none }, indians: { F: 1, M: 0, V: 0 } } };
  assert.equal(moveNews(before, taking, sideName).sound, "elimination");
});

test("at one screen every move sounds as a move, though the next player is at the screen", () => {
  const next = state({ you: "both", to_move: "indians", ply: 1, plies: [{ side: "army" }], last_move: "@7:MMM-a7" });
  const news = moveNews(state({ you: "both" }), next, sideName);
  assert.equal(news.sound, "move");
  assert.ok(news.mine);
});

test("an online draw offer gone with no move played was declined", () => {
  const before = state({ mode: "online", to_move: "indians", draw_offer: "army", ply: 6 });
  assert.deepEqual(declinedOffers(before, { ...before, draw_offer: null }, false), ["drawDeclined"]);
  // Answered by a move, or by the end of the game, or against the computer: not said.
  assert.deepEqual(declinedOffers(before, { ...before, draw_offer: null, ply: 7 }, false), []);
  assert.deepEqual(declinedOffers(before, { ...before, draw_offer: null, status: "over" }, false), []);
  const computer = { ...before, mode: "computer" };
  assert.deepEqual(declinedOffers(computer, { ...computer, draw_offer: null }, false), []);
});

test("one's take-back request gone with no move played was declined, unless withdrawn", () => {
  const before = state({ mode: "online", to_move: "indians", takeback_offer: "army", ply: 6 });
  const gone = { ...before, takeback_offer: null };
  assert.deepEqual(declinedOffers(before, gone, false), ["takebackDeclined"]);
  assert.deepEqual(declinedOffers(before, gone, true), []);
  // The opponent's own request, gone, is nothing to say.
  const theirs = { ...before, takeback_offer: "indians" };
  assert.deepEqual(declinedOffers(theirs, gone, false), []);
});
