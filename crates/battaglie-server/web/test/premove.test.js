// Premoves: what the player may queue while the opponent is to move, and what happens
// to it when the opponent's move arrives: played if the new position allows it,
// dropped if not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { premovesAllowed, matchPremove, premoveOutcome, movesToBuild, boardLegal } from "../premove.js";

const stack = (square, side, F, M, V) => ({ square, side, F, M, V });
const move = (notation, ...groups) => ({ notation, groups: groups.map(([to, F, M, V]) => ({ to, F, M, V })) });
const waiting = (o = {}) => ({
  mode: "computer",
  you: "army",
  to_move: "indians",
  status: "ongoing",
  thinking: true,
  version: 7,
  ply: 3,
  stacks: [stack("b2", "army", 1, 1, 0), stack("@1", "army", 0, 0, 1), stack("d1", "indians", 2, 0, 0)],
  legal: [{ from: "d1", captures: [], moves: [move("d1:FF-d2", ["d2", 2, 0, 0])] }],
  ...o,
});
const live = { replay: null, online: true, sending: false, analysing: false };

test("a premove is offered to a player waiting for a person or the computer, on the live board", () => {
  assert.ok(premovesAllowed(waiting(), live, true));
  assert.ok(premovesAllowed(waiting({ mode: "online", thinking: false }), live, true));
});

test("no premove at one screen, for a spectator, on one's turn, once over, in replay or analysis, offline, while sending, or when turned off", () => {
  assert.ok(!premovesAllowed(waiting({ mode: "hotseat", you: "both" }), live, true));
  assert.ok(!premovesAllowed(waiting({ you: null }), live, true));
  assert.ok(!premovesAllowed(waiting({ to_move: "army", thinking: false }), live, true));
  assert.ok(!premovesAllowed(waiting({ status: "over" }), live, true));
  assert.ok(!premovesAllowed(waiting(), { ...live, replay: 1 }, true));
  assert.ok(!premovesAllowed(waiting(), { ...live, analysing: true }, true));
  assert.ok(!premovesAllowed(waiting(), { ...live, online: false }, true));
  assert.ok(!premovesAllowed(waiting(), { ...live, sending: true }, true));
  assert.ok(!premovesAllowed(waiting(), live, false));
});

test("the premove matches the legal move sending the same pieces to the same squares, attack or not", () => {
  const premove = { from: "b2", notation: "b2:M-a2,F-c2", groups: [{ to: "a2", F: 0, M: 1, V: 0 }, { to: "c2", F: 1, M: 0, V: 0 }] };
  const legal = [
    { from: "b2", captures: ["c2"], moves: [move("b2:Fxc2", ["c2", 1, 0, 0]), move("b2:M-a2,Fxc2", ["a2", 0, 1, 0], ["c2", 1, 0, 0]), move("b2:FM-a2", ["a2", 1, 1, 0])] },
  ];
  assert.equal(matchPremove(premove, legal)?.notation, "b2:M-a2,Fxc2");
  assert.equal(matchPremove({ ...premove, groups: premove.groups.slice(1) }, legal)?.notation, "b2:Fxc2");
  assert.equal(matchPremove({ ...premove, from: "a1" }, legal), null);
  assert.equal(matchPremove({ ...premove, groups: [{ to: "b3", F: 1, M: 1, V: 0 }] }, legal), null);
});

test("when the opponent has moved, a premove still legal is played, one no longer legal is dropped", () => {
  const premove = { from: "b2", notation: "b2:FM-b3", groups: [{ to: "b3", F: 1, M: 1, V: 0 }] };
  const before = waiting();
  const mine = { ...before, to_move: "army", thinking: false, ply: 4 };
  const legal = [{ from: "b2", captures: [], moves: [move("b2:FM-b3", ["b3", 1, 1, 0])] }];
  assert.deepEqual(premoveOutcome(premove, before, { ...mine, legal }), { action: "play", move: legal[0].moves[0] });
  assert.deepEqual(premoveOutcome(premove, before, { ...mine, legal: [] }), { action: "illegal" });
});

test("a premove waits while the opponent is still to move, and is forgotten at the end or after a take-back", () => {
  const premove = { from: "b2", notation: "b2:FM-b3", groups: [{ to: "b3", F: 1, M: 1, V: 0 }] };
  const before = waiting();
  assert.deepEqual(premoveOutcome(premove, before, { ...before, draw_offer: "indians" }), { action: "keep" });
  assert.deepEqual(premoveOutcome(premove, before, { ...before, status: "over", to_move: "army", thinking: false }), { action: "forget" });
  assert.deepEqual(premoveOutcome(premove, before, { ...before, ply: 1, to_move: "army", thinking: false }), { action: "forget" });
});

test("the board builds from the legal moves on one's turn, from the rules' premoves while waiting, from nothing for a spectator", () => {
  const premoves = [{ from: "b2", captures: [], moves: [move("b2:FM-b3", ["b3", 1, 1, 0])] }];
  /** @type {string[]} */
  const asked = [];
  const building = movesToBuild((game, side) => (asked.push(side), game.version === 7 ? premoves : null));
  const turn = waiting({ to_move: "army", thinking: false });
  assert.deepEqual(building(turn, live, true), { legal: turn.legal, side: "army", premove: false });
  assert.deepEqual(building(waiting(), live, true), { legal: premoves, side: "army", premove: true });
  assert.deepEqual(asked, ["army"], "the rules are asked for the reader's side, only while waiting");
  // Until the rules have answered, nothing is built.
  assert.equal(building(waiting({ version: 8 }), live, true), null);
  assert.equal(building(waiting({ you: null }), live, true), null);
  assert.equal(building(waiting(), live, false), null);
});

test("the board's cursor and labels go by the moves it builds from, else by the side to move's", () => {
  const game = waiting();
  const building = { legal: [{ from: "b2", captures: [], moves: [move("b2:FM-b3", ["b3", 1, 1, 0])] }], side: "army", premove: true };
  assert.equal(boardLegal(building, game), building.legal);
  assert.equal(boardLegal(null, game), game.legal);
});
