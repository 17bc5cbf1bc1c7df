// @ts-check
// The sides' names in the reader's language: the server sends each battle's English
// names (its scenario file); the built-in battles' are translated here.

import { lang, pluralName } from "./i18n.js";

/** @typedef {import("./squares.js").Side} Side */

/** @type {Record<string, Record<string, Record<Side, string>>>} language -> scenario id -> names */
export const SIDE_NAMES = {
  it: {
    washita: { army: "7º Cavalleria USA", indians: "Cheyenne" },
    fetterman: { army: "Il comando di Fetterman", indians: "Lakota, Cheyenne e Arapaho" },
    "apache-pass": { army: "Colonna della California", indians: "Apache chiricahua" },
  },
  fr: {
    washita: { army: "7e de cavalerie US", indians: "Cheyennes" },
    fetterman: { army: "Le détachement de Fetterman", indians: "Lakotas, Cheyennes et Arapahos" },
    "apache-pass": { army: "Colonne de Californie", indians: "Apaches chiricahuas" },
  },
  de: {
    washita: { army: "7. US-Kavallerie", indians: "Cheyenne" },
    fetterman: { army: "Fettermans Kommando", indians: "Lakota, Cheyenne und Arapaho" },
    "apache-pass": { army: "Kalifornische Kolonne", indians: "Chiricahua-Apachen" },
  },
};

/**
 * The sides whose names are plural in every language (peoples: "the Cheyenne are to
 * move"), by scenario id; the other names are singular (a regiment, a column).
 * @type {Record<string, Side[]>}
 */
export const PLURAL_SIDES = { washita: ["indians"], fetterman: ["indians"], "apache-pass": ["indians"] };

/**
 * A side's name in a battle, in the reader's language where it is translated; a plural
 * name is marked so, for the verbs that agree with it (i18n.js).
 * @param {import("./types.js").Scenario} scenario
 * @param {Side} side
 */
export function sideNameOf(scenario, side) {
  const name = SIDE_NAMES[lang()]?.[scenario.id]?.[side] ?? scenario.sides[side].name;
  if (PLURAL_SIDES[scenario.id]?.includes(side)) pluralName(name);
  return name;
}
