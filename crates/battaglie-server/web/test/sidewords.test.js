// Words about sides and their losses: an attack names what it eliminated, a verb agrees
// with a side named in the plural, a terrain says what it does in the battle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLang, t } from "../i18n.js";
import { moveText } from "../words.js";
import { sideNameOf } from "../sides.js";
import { terrainEffect } from "../terrainkey.js";

// Switching the language also sets the page's `lang`: a stand-in page for it.
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const battle = (/** @type {string} */ id) => /** @type {any} */ ({ id, sides: { army: { name: "California Column" }, indians: { name: "Chiricahua Apache" } } });

test("an attack says what it eliminated, in each language", async () => {
  await setLang("en");
  const lost = { F: 2, M: 1, V: 0 };
  assert.equal(moveText("k4:FFFMxk5", lost), "3 Foot and 1 Mounted from k4 to k5, eliminating 2 Foot and 1 Mounted");
  assert.equal(moveText("k4:FFFMxk5"), "3 Foot and 1 Mounted from k4 to k5 (attack)", "not known: said an attack");
  assert.equal(moveText("k4:FF-k3,Mxk5", { F: 1, M: 0, V: 0 }), "2 Foot from k4 to k3, 1 Mounted to k5, eliminating 1 Foot");
  await setLang("it");
  assert.equal(moveText("k4:FFFMxk5", lost), "3 fanti e 1 cavaliere da k4 in k5, eliminando 2 fanti e 1 cavaliere");
  await setLang("de");
  assert.equal(moveText("k4:FFFMxk5", lost), "3 Fußsoldaten und 1 Reiter von k4 nach k5, 2 Fußsoldaten und 1 Reiter ausgeschaltet");
  await setLang("en");
});

test("a verb agrees with a side named in the plural", async () => {
  await setLang("de");
  const apaches = sideNameOf(battle("apache-pass"), "indians");
  const column = sideNameOf(battle("apache-pass"), "army");
  assert.equal(t("hotseatTurn", { side: apaches }), "Chiricahua-Apachen sind am Zug");
  assert.equal(t("hotseatTurn", { side: column }), "Kalifornische Kolonne ist am Zug");
  assert.equal(t("confirmResign", { side: column, winner: apaches }), "Für Kalifornische Kolonne aufgeben? Chiricahua-Apachen gewinnen die Schlacht.");
  assert.equal(t("announceLost", { side: apaches, n: 2 }), "Chiricahua-Apachen verlieren 2 Stück.");
  await setLang("fr");
  assert.equal(t("theirTurn", { side: sideNameOf(battle("apache-pass"), "indians") }), "Apaches chiricahuas jouent");
  await setLang("en");
  assert.equal(t("drawOffered", { side: sideNameOf(battle("apache-pass"), "indians") }), "Chiricahua Apache offer a draw.");
  assert.equal(t("drawOffered", { side: sideNameOf(battle("apache-pass"), "army") }), "California Column offers a draw.");
});

test("a terrain says whom it keeps out, or that it is scenery", async () => {
  await setLang("en");
  assert.equal(terrainEffect(["F"], ["F", "M"]), "only Foot may enter it, not Mounted");
  assert.equal(terrainEffect(["F", "M"], ["F", "M", "V"]), "only Foot and Mounted may enter it, not Vehicles");
  assert.equal(terrainEffect(["F", "M"], ["F", "M"]), "scenery: every piece may cross it and stand on it", "no piece of the battle is kept out");
  await setLang("it");
  assert.equal(terrainEffect(["F"], ["F", "M"]), "vi entra solo: Fanteria; non: Cavalleria");
  await setLang("en");
});
