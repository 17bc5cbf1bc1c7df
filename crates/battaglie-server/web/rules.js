// @ts-check
// The rules for players, in each language: what a turn is, who eliminates whom, how a
// battle ends. The authoritative text is the project's rules specification; this
// says the same for someone about to play. Each rule is illustrated, as the 1977 sheet
// was, by a small board from the lesson that teaches it (`ruleboards.js`, generated from
// the lessons), with a link to try it there.

import { lang, t } from "./i18n.js";
import { h } from "./dom.js";
import { drawBoard } from "./board.js";
import { bySquare } from "./squares.js";
import { RULE_BOARDS } from "./ruleboards.js";

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
      "The computer plays by the same rules: it resigns a battle it judges lost, offers a draw when it sees nothing better, and accepts your offer of a draw only when it does not expect to win by playing on.",
    ]],
    ["Clocks", [
      "An online game may have a clock: minutes for each side plus seconds added after every move (live), or days plus hours a move (correspondence). The clock starts with the first move; from then the time of the side to move runs until its move is accepted.",
      "A live player whose time runs out loses, unless the opponent has no pieces left that could ever eliminate every enemy piece: then the battle is drawn. In a correspondence game, once the player to move is past their time, the opponent may claim the win or a draw; until they do, the late player may still move.",
    ]],
    ["Playing here", [
      "Drag a stack onto a square, or click it and then a highlighted square: the move goes at once. To split a stack, lower the counts in the chooser before clicking the first square; the pieces left over can then go to another square, or stay (Confirm). Faint pieces show where each group is going.",
      "By keyboard: Tab reaches the board, arrow keys move over it, Enter takes a stack and sends it to a square; F, M and V change how many of each kind go, A takes all, C confirms, Escape cancels. Away from the board, ← and → step through the moves, Home and End jump to the start and back to the game, Escape leaves the replay.",
      "Premoves: while your opponent (a person or the computer) is to move, you can already make your next move, the same way; it waits, marked on the board in violet, and is played the moment it becomes your turn if it is still legal (if not, it is dropped and you are told). Escape, a right-click, a click elsewhere on the board or Cancel premove takes it back; the settings beside the board turn premoves off.",
    ]],
  ],
  it: [
    ["Il campo", [
      "Le colonne sono indicate con le lettere a, b, c… da ovest a est, le righe con i numeri 1, 2, 3… da sud a nord. A ovest della colonna a, fuori dalla mappa, c'è la colonna di schieramento dell'Esercito (@1, @2…): le truppe dell'Esercito vi aspettano e ne possono uscire solo verso est, sulla mappa. Nessuno vi può entrare.",
      "Nelle case entra solo la fanteria. Alcune battaglie chiudono altri terreni ad alcuni tipi di pezzi (le rocce a cavalli e carri, per esempio): le caselle che non puoi raggiungere semplicemente non ti vengono proposte.",
    ]],
    ["I pezzi", [
      "Ogni parte ha fanteria, cavalleria e carri (carri, diligenze, cannoni). La fanteria elimina solo fanteria; cavalleria e carri eliminano qualsiasi pezzo. Una casella contiene al più quattro pezzi di una parte (alcune battaglie cambiano il limite).",
    ]],
    ["Il tuo turno", [
      "Scegli una tua casella e muovi uno o più dei pezzi che vi stanno, ognuno di una casella esatta verso nord, est, sud o ovest. I pezzi mossi insieme possono andare in caselle diverse; gli altri restano.",
      "Entrare su pezzi nemici è un attacco: è permesso solo se ogni pezzo nemico là può essere eliminato da almeno uno dei tuoi pezzi in arrivo. Allora sono eliminati tutti e i tuoi pezzi prendono la casella.",
      "Se non hai alcuna mossa, passi.",
    ]],
    ["Come finisce una battaglia", [
      "Vinci quando al nemico non resta alcun pezzo. La battaglia è patta quando nessuno può muovere, quando la stessa posizione si presenta per la terza volta con la stessa parte al tratto, o dopo 100 mosse di fila senza eliminazioni. Puoi anche abbandonare o proporre la patta.",
      "Il computer segue le stesse regole: abbandona una battaglia che giudica persa, propone la patta quando non vede di meglio e accetta la tua proposta di patta solo se non si aspetta di vincere continuando.",
    ]],
    ["L'orologio", [
      "Una partita online può avere l'orologio: minuti per parte più secondi aggiunti dopo ogni mossa (dal vivo), o giorni più ore a mossa (per corrispondenza). L'orologio parte con la prima mossa; da allora corre il tempo di chi deve muovere, finché la sua mossa non è accettata.",
      "Chi finisce il tempo in una partita dal vivo perde, a meno che l'avversario non abbia più pezzi capaci di eliminare ogni pezzo nemico: allora la battaglia è patta. Per corrispondenza, quando chi deve muovere ha superato il suo tempo, l'avversario può reclamare la vittoria o la patta; finché non lo fa, il ritardatario può ancora muovere.",
    ]],
    ["Giocare qui", [
      "Trascina una pila su una casella, o cliccala e poi clicca una casella evidenziata: la mossa parte subito. Per dividere una pila, abbassa i numeri nel selettore prima di cliccare la prima casella; i pezzi rimasti possono poi andare in un'altra casella, o restare (Conferma). Pezzi sbiaditi mostrano dove va ogni gruppo.",
      "Con la tastiera: Tab raggiunge la scacchiera, le frecce si spostano, Invio prende una pila e la manda su una casella; F, M e V cambiano quanti pezzi di ogni tipo vanno, A li prende tutti, C conferma, Esc annulla. Fuori dalla scacchiera, ← e → scorrono le mosse, Home e Fine vanno all'inizio e tornano alla partita, Esc esce dalla rivista.",
      "Premosse: mentre muove l'avversario (una persona o il computer), puoi già fare la tua prossima mossa, allo stesso modo; resta in attesa, segnata in viola sulla scacchiera, ed è giocata appena tocca a te se è ancora legale (se no è scartata e ti viene detto). Esc, il tasto destro, un clic altrove sulla scacchiera o Annulla la premossa la ritirano; le impostazioni accanto alla scacchiera disattivano le premosse.",
    ]],
  ],
  fr: [
    ["Le plateau", [
      "Les colonnes portent les lettres a, b, c… d'ouest en est, les rangées les numéros 1, 2, 3… du sud au nord. À l'ouest de la colonne a, hors de la carte, se trouve la colonne de rassemblement de l'Armée (@1, @2…) : ses troupes y attendent et ne peuvent qu'en sortir vers l'est, sur la carte. Personne ne peut y entrer.",
      "Seule l'infanterie entre dans les maisons. Certaines batailles ferment d'autres terrains à certaines pièces (les rochers aux chevaux et aux chariots, par exemple) : les cases que vous ne pouvez pas atteindre ne vous sont tout simplement pas proposées.",
    ]],
    ["Les pièces", [
      "Chaque camp a de l'infanterie, de la cavalerie et des véhicules (chariots, diligences, canons). L'infanterie n'élimine que l'infanterie ; cavalerie et véhicules éliminent tout. Une case porte au plus quatre pièces d'un camp (certaines batailles changent cette limite).",
    ]],
    ["Votre tour", [
      "Choisissez une de vos cases et déplacez une ou plusieurs de ses pièces, chacune d'exactement une case vers le nord, l'est, le sud ou l'ouest. Les pièces déplacées ensemble peuvent aller sur des cases différentes ; les autres restent.",
      "Entrer sur des pièces ennemies est une attaque : elle n'est permise que si chaque pièce ennemie présente peut être éliminée par au moins une de vos pièces qui arrivent. Elles sont alors toutes éliminées et vos pièces prennent la case.",
      "Si vous n'avez aucun coup, vous passez.",
    ]],
    ["La fin d'une bataille", [
      "Vous gagnez quand l'ennemi n'a plus aucune pièce. La bataille est nulle quand aucun camp ne peut jouer, quand la même position revient une troisième fois avec le même camp au trait, ou après 100 coups de suite sans élimination. Vous pouvez aussi abandonner ou proposer la nulle.",
      "L'ordinateur suit les mêmes règles : il abandonne une bataille qu'il juge perdue, propose la nulle quand il ne voit pas mieux, et n'accepte votre proposition de nulle que s'il n'espère pas gagner en continuant.",
    ]],
    ["La pendule", [
      "Une partie en ligne peut avoir une pendule : des minutes pour chaque camp plus des secondes ajoutées après chaque coup (en direct), ou des jours plus des heures par coup (par correspondance). La pendule démarre au premier coup ; ensuite le temps du camp au trait court jusqu'à ce que son coup soit accepté.",
      "En direct, le joueur dont le temps s'écoule perd, sauf si l'adversaire n'a plus de pièces capables d'éliminer toutes les pièces ennemies : la bataille est alors nulle. Par correspondance, quand le joueur au trait a dépassé son temps, l'adversaire peut réclamer la victoire ou la nulle ; tant qu'il ne l'a pas fait, le retardataire peut encore jouer.",
    ]],
    ["Jouer ici", [
      "Faites glisser une pile sur une case, ou cliquez-la puis une case en surbrillance : le coup part aussitôt. Pour diviser une pile, baissez les nombres dans le sélecteur avant de cliquer la première case ; les pièces restantes peuvent ensuite aller sur une autre case, ou rester (Confirmer). Des pièces pâles montrent où va chaque groupe.",
      "Au clavier : Tab atteint le plateau, les flèches s'y déplacent, Entrée prend une pile et l'envoie sur une case ; F, M et V changent combien de pièces de chaque sorte partent, A les prend toutes, C confirme, Échap annule. Hors du plateau, ← et → parcourent les coups, Début et Fin vont au départ et reviennent à la partie, Échap quitte la revue.",
      "Coups anticipés : pendant que votre adversaire (une personne ou l'ordinateur) joue, vous pouvez déjà faire votre prochain coup, de la même façon ; il attend, marqué en violet sur le plateau, et il est joué dès que c'est votre tour s'il est encore légal (sinon il est abandonné et on vous le dit). Échap, un clic droit, un clic ailleurs sur le plateau ou Annuler le coup anticipé le retire ; les réglages à côté du plateau désactivent les coups anticipés.",
    ]],
  ],
  de: [
    ["Das Brett", [
      "Die Spalten heißen a, b, c… von West nach Ost, die Reihen 1, 2, 3… von Süd nach Nord. Westlich der Spalte a, außerhalb der Karte, liegt die Aufmarschspalte der Armee (@1, @2…): Dort warten ihre Truppen und können nur nach Osten auf die Karte ziehen. Niemand kann sie betreten.",
      "Häuser dürfen nur Fußtruppen betreten. Manche Schlachten sperren weiteres Gelände für manche Stücke (Felsen für Pferde und Wagen zum Beispiel): Felder, die du nicht erreichen kannst, werden dir einfach nicht angeboten.",
    ]],
    ["Die Stücke", [
      "Jede Seite hat Fußtruppen, Reiter und Fahrzeuge (Wagen, Kutschen, Geschütze). Fußtruppen schalten nur Fußtruppen aus; Reiter und Fahrzeuge schalten alles aus. Auf einem Feld stehen höchstens vier Stücke einer Seite (manche Schlachten ändern das).",
    ]],
    ["Dein Zug", [
      "Wähle eines deiner Felder und ziehe ein oder mehrere seiner Stücke, jedes genau ein Feld nach Norden, Osten, Süden oder Westen. Zusammen gezogene Stücke dürfen auf verschiedene Felder gehen; die übrigen bleiben stehen.",
      "Auf feindliche Stücke zu ziehen ist ein Angriff: Er ist nur erlaubt, wenn jedes feindliche Stück dort von mindestens einem deiner ankommenden Stücke ausgeschaltet werden kann. Dann sind sie alle ausgeschaltet, und deine Stücke nehmen das Feld.",
      "Hast du gar keinen Zug, passt du.",
    ]],
    ["Wie eine Schlacht endet", [
      "Du gewinnst, wenn der Feind kein Stück mehr hat. Remis ist es, wenn keine Seite ziehen kann, wenn dieselbe Stellung zum dritten Mal mit derselben Seite am Zug entsteht, oder nach 100 Zügen in Folge ohne Ausschaltung. Du kannst auch aufgeben oder ein Remis anbieten.",
      "Der Computer spielt nach denselben Regeln: Er gibt eine Schlacht auf, die er für verloren hält, bietet ein Remis an, wenn er nichts Besseres sieht, und nimmt dein Remisangebot nur an, wenn er vom Weiterspielen keinen Sieg erwartet.",
    ]],
    ["Die Uhr", [
      "Eine Online-Partie kann eine Uhr haben: Minuten pro Seite plus Sekunden nach jedem Zug (live) oder Tage plus Stunden pro Zug (Fernpartie). Die Uhr startet mit dem ersten Zug; danach läuft die Zeit der Seite am Zug, bis ihr Zug angenommen ist.",
      "Wer live seine Zeit überschreitet, verliert, außer der Gegner hat keine Steine mehr, die je alle feindlichen Steine schlagen könnten: dann endet die Schlacht remis. In einer Fernpartie darf der Gegner, sobald die Seite am Zug ihre Zeit überschritten hat, den Sieg oder ein Remis beanspruchen; bis dahin darf der Säumige noch ziehen.",
    ]],
    ["Hier spielen", [
      "Ziehe einen Stapel auf ein Feld, oder klicke ihn und dann ein markiertes Feld: Der Zug geht sofort. Um einen Stapel zu teilen, senke die Zahlen in der Auswahl, bevor du das erste Feld klickst; die übrigen Stücke können dann auf ein anderes Feld gehen oder bleiben (Bestätigen). Blasse Stücke zeigen, wohin jede Gruppe geht.",
      "Mit der Tastatur: Tab erreicht das Brett, die Pfeile bewegen darauf, Eingabe nimmt einen Stapel und schickt ihn auf ein Feld; F, M und V ändern, wie viele Stücke jeder Art gehen, A nimmt alle, C bestätigt, Esc bricht ab. Außerhalb des Bretts gehen ← und → durch die Züge, Pos1 und Ende springen zum Anfang und zurück zur Partie, Esc verlässt das Nachspielen.",
      "Vorauszüge: während dein Gegner (ein Mensch oder der Computer) am Zug ist, kannst du deinen nächsten Zug schon machen, auf dieselbe Weise; er wartet, violett auf dem Brett markiert, und wird gespielt, sobald du am Zug bist, wenn er dann noch erlaubt ist (sonst fällt er weg, und du erfährst es). Esc, ein Rechtsklick, ein Klick anderswo aufs Brett oder „Vorauszug abbrechen“ nimmt ihn zurück; die Einstellungen neben dem Brett schalten Vorauszüge ab.",
    ]],
  ],
};

/**
 * The illustrations of each section's paragraphs (keys of `RULE_BOARDS`), in the order
 * of every language's sections: the way onto the map and houses; who eliminates whom
 * and the stack limit; a move and a split, an attack, a pass; a victory, the computer;
 * the clock's "could never win". The last section (playing here) has none.
 * @type {string[][][]}
 */
export const FIGURES = [
  [["staging"], ["houses"]],
  [["who", "limit"]],
  [["split"], ["attack"], ["pass"]],
  [["victory"], ["computer"]],
  [[], ["never"]],
  [[], [], []],
];

/**
 * A rule's illustration: the lesson's board with the move shown (arrows from the square
 * it leaves, the pieces arriving drawn faint, a cross where they eliminate), what it
 * shows in words, and "Try it" leading to the lesson.
 * @param {string} key
 */
export function ruleFigure(key) {
  const fig = RULE_BOARDS[key];
  const words = t(`ruleFig_${key}`);
  /** @type {import("./board.js").Overlay[]} */
  const overlays = [];
  /** @type {import("./board.js").Arrow[]} */
  const arrows = [];
  /** @type {import("./board.js").Ghost[]} */
  const ghosts = [];
  const from = fig.from;
  if (from) {
    overlays.push({ square: from, kind: "source" });
    for (const g of fig.groups) {
      arrows.push({ from, to: g.to });
      if (g.capture) overlays.push({ square: g.to, kind: "capture" });
      else ghosts.push({ square: g.to, counts: g.pieces, side: fig.side });
    }
  }
  const board = drawBoard(fig.scenario, { stacks: bySquare(fig.scenario.stacks), figure: true, overlays, arrows, ghosts, label: words });
  const caption = h("figcaption", { id: `rule-fig-${key}` }, words, " ");
  const link = h("a", { href: `/learn/${fig.lesson}`, class: "try-it", "aria-describedby": `rule-fig-${key}` }, `${t("tryIt")} →`);
  caption.append(link);
  return h("figure", { class: "rule-figure", "data-rule": key }, board, caption);
}

/** The rules in the current language (English where one is missing). */
export function rulesSections() {
  return RULES[lang()] || RULES.en;
}

/**
 * The rules page (`/rules`), for a player before the first game.
 * @param {HTMLElement} root
 */
export function rulesPage(root) {
  document.title = `${t("rules")} · battaglie`;
  const main = h("main", { id: "main", class: "rules-page" }, h("h1", {}, t("rules")));
  rulesSections().forEach(([title, paragraphs], s) => {
    main.append(h("h2", {}, title));
    paragraphs.forEach((p, i) => main.append(h("p", {}, p), ...(FIGURES[s]?.[i] || []).map(ruleFigure)));
  });
  main.append(h("p", {}, h("a", { href: "/" }, `← ${t("home")}`)));
  root.append(main);
}
