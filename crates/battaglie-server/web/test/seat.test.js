import { test } from "node:test";
import assert from "node:assert/strict";

import { forgetSeat, gameLink, seatToken } from "../seat.js";

function memory() {
  const m = new Map();
  return {
    getItem: (/** @type {string} */ k) => m.get(k) ?? null,
    setItem: (/** @type {string} */ k, /** @type {string} */ v) => void m.set(k, v),
    removeItem: (/** @type {string} */ k) => void m.delete(k),
  };
}

test("a link's seat token travels in the fragment, which the browser never sends", () => {
  assert.equal(gameLink("AbC", "t/1"), "/game/AbC#token=t%2F1");
  assert.equal(gameLink("AbC", null), "/game/AbC");
});

test("the page reads the seat token from the fragment and leaves the address as it is", () => {
  const rewrites = [];
  const token = seatToken("AbC", { pathname: "/game/AbC", search: "", hash: "#token=t0k" }, memory(), (u) => rewrites.push(u));
  assert.equal(token, "t0k");
  assert.deepEqual(rewrites, []);
});

test("an old link's token in the query still opens the seat, and leaves the address for the fragment", () => {
  const rewrites = [];
  const where = { pathname: "/game/AbC", search: "?token=t0k&replay=3", hash: "" };
  assert.equal(seatToken("AbC", where, memory(), (u) => rewrites.push(u)), "t0k");
  assert.deepEqual(rewrites, ["/game/AbC?replay=3#token=t0k"]);
});

test("the seat stays with the tab when an in-page link replaces the fragment", () => {
  const kept = memory();
  seatToken("AbC", { pathname: "/game/AbC", search: "", hash: "#token=t0k" }, kept, () => {});
  assert.equal(seatToken("AbC", { pathname: "/game/AbC", search: "", hash: "#main" }, kept, () => {}), "t0k");
  assert.equal(seatToken("Other", { pathname: "/game/Other", search: "", hash: "" }, kept, () => {}), null, "another game's page is watched");
});

test("a token that opens no seat is forgotten, so that the page offered to watch watches", () => {
  const kept = memory();
  seatToken("AbC", { pathname: "/game/AbC", search: "", hash: "#token=bad" }, kept, () => {});
  forgetSeat("AbC", kept);
  assert.equal(seatToken("AbC", { pathname: "/game/AbC", search: "", hash: "" }, kept, () => {}), null);
});
