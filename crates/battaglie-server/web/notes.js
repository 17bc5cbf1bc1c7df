// @ts-check
// The battles' summaries and histories in the languages other than English (the server
// sends the English notes of each scenario file). Sources stay in English (book titles),
// marked as such for screen readers.

import { lang } from "./i18n.js";
import historyIt from "./history-it.js";
import historyFr from "./history-fr.js";
import historyDe from "./history-de.js";

/** @type {Record<string, Record<string, string>>} language -> scenario id -> history */
export const HISTORIES = { it: historyIt, fr: historyFr, de: historyDe };

/** @type {Record<string, Record<string, string>>} language -> scenario id -> summary */
export const SUMMARIES = {
  it: {
    washita:
      "All'alba del 27 novembre 1868 il 7º Cavalleria degli Stati Uniti, al comando del tenente colonnello George Armstrong Custer, piombò sul campo invernale del capo cheyenne del sud Black Kettle, uomo di pace, sul fiume Washita, nell'attuale Oklahoma occidentale. Black Kettle, sua moglie e molti della sua gente, donne e bambini compresi, furono uccisi, ma molti altri fuggirono, e i guerrieri dei campi più grandi a valle incalzarono presto i soldati. Qui la cavalleria arriva da ovest contro un villaggio di tende in un'ansa del fiume.",
    fetterman:
      "Il 21 dicembre 1866, a poche miglia da Fort Phil Kearny nel paese del Powder River, guerrieri lakota, cheyenne e arapaho attirarono oltre il Lodge Trail Ridge una colonna di soccorso di 81 soldati e civili al comando del capitano William J. Fetterman e li uccisero tutti. Fu la perdita più grave dell'Esercito nelle pianure del nord fino al Little Bighorn, dieci anni dopo. Qui fanteria e cavalleria escono dal forte sul bordo ovest contro una forza più numerosa di guerrieri a piedi e a cavallo.",
    "apache-pass":
      "Il 15 luglio 1862 gli apache chiricahua di Cochise e Mangas Coloradas combatterono l'avanguardia della California Column dell'Unione, guidata dal capitano Thomas L. Roberts, per la sorgente di Apache Pass, nel sud-est dell'Arizona. Gli apache tennero le alture sopra l'acqua finché i due obici da montagna della colonna non li scacciarono a cannonate, e lo scontro riprese il giorno dopo. Qui la colonna sale per la vecchia strada da ovest, tra alture rocciose, oltre la stazione di posta in rovina.",
  },
  fr: {
    washita:
      "À l'aube du 27 novembre 1868, le 7e de cavalerie des États-Unis, sous le lieutenant-colonel George Armstrong Custer, fondit sur le camp d'hiver du chef cheyenne du Sud Black Kettle, un homme de paix, sur la rivière Washita, dans l'actuel ouest de l'Oklahoma. Black Kettle, sa femme et beaucoup des siens, femmes et enfants compris, furent tués, mais bien d'autres s'échappèrent, et les guerriers de camps plus grands en aval pressèrent bientôt durement les soldats. Ici, la cavalerie arrive de l'ouest contre un village de tipis dans une boucle de la rivière.",
    fetterman:
      "Le 21 décembre 1866, à quelques milles de Fort Phil Kearny, dans le pays de la Powder River, des guerriers lakotas, cheyennes et arapahos attirèrent au-delà de Lodge Trail Ridge une colonne de secours de 81 soldats et civils commandée par le capitaine William J. Fetterman, et les tuèrent tous. Ce fut la plus lourde perte de l'Armée dans les plaines du Nord jusqu'à Little Bighorn, dix ans plus tard. Ici, infanterie et cavalerie sortent du fort sur le bord ouest face à une force plus nombreuse de guerriers à pied et à cheval.",
    "apache-pass":
      "Le 15 juillet 1862, les Apaches chiricahuas de Cochise et de Mangas Coloradas combattirent l'avant-garde de la California Column de l'Union, menée par le capitaine Thomas L. Roberts, pour la source d'Apache Pass, dans le sud-est de l'Arizona. Les Apaches tinrent les hauteurs au-dessus de l'eau jusqu'à ce que les deux obusiers de montagne de la colonne les en chassent, et le combat reprit le lendemain. Ici, la colonne monte par la vieille route depuis l'ouest, entre des hauteurs rocheuses, devant le relais de poste en ruine.",
  },
  de: {
    washita:
      "Im Morgengrauen des 27. November 1868 überfiel die 7. US-Kavallerie unter Oberstleutnant George Armstrong Custer das Winterlager des südlichen Cheyenne-Friedenshäuptlings Black Kettle am Washita River im heutigen westlichen Oklahoma. Black Kettle, seine Frau und viele seiner Leute, darunter Frauen und Kinder, wurden getötet, doch viele andere entkamen, und Krieger aus größeren Lagern flussabwärts setzten den Soldaten bald hart zu. Hier reitet die Kavallerie von Westen gegen ein Dorf aus Tipis in einer Flussschleife.",
    fetterman:
      "Am 21. Dezember 1866, wenige Meilen von Fort Phil Kearny im Land des Powder River, lockten Lakota-, Cheyenne- und Arapaho-Krieger eine Entsatztruppe von 81 Soldaten und Zivilisten unter Captain William J. Fetterman über den Lodge Trail Ridge und töteten sie alle. Es war der schwerste Verlust der Armee in den nördlichen Plains bis zum Little Bighorn zehn Jahre später. Hier ziehen Infanterie und Kavallerie am Fort am Westrand vorbei gegen eine größere Zahl von Kriegern zu Fuß und zu Pferd.",
    "apache-pass":
      "Am 15. Juli 1862 kämpften Chiricahua-Apachen unter Cochise und Mangas Coloradas gegen die Vorhut der California Column der Union unter Captain Thomas L. Roberts um die Quelle am Apache Pass im Südosten Arizonas. Die Apachen hielten die Höhen über dem Wasser, bis die zwei Gebirgshaubitzen der Kolonne sie vertrieben, und am nächsten Tag flammte der Kampf wieder auf. Hier kommt die Kolonne auf der alten Straße von Westen herauf, zwischen felsigen Höhen, an der verfallenen Poststation vorbei.",
  },
};

/**
 * A battle's note in the current language, and the language it is in: the English
 * text from the server where there is no translation.
 * @param {import("./types.js").Scenario} s
 * @param {"summary" | "history"} part
 * @returns {{text: string, lang: string}}
 */
export function battleNote(s, part) {
  const own = (part === "summary" ? SUMMARIES : HISTORIES)[lang()]?.[s.id];
  if (own) return { text: own, lang: lang() };
  const text = s.notes[part];
  return { text: text && text.trim() !== "TODO" ? text.trim() : "", lang: "en" };
}
