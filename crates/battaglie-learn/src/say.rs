//! The sentences a front end needs around the lessons, in every language, so that the
//! terminal and the page say the same things.

use battaglie_rules::{KindSet, Scenario};

use crate::lang::Lang;
use crate::refusal::{kinds, terrain_name};
use crate::run::Finish;

/// A sentence of the lessons' screens. Placeholders in braces are filled by the caller
/// with [`str::replace`]: `{n}`, `{m}`, `{a}`, `{b}`, `{c}`, `{move}`, `{squares}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Say {
    /// The course's title.
    Learn,
    /// `Stage {n} of {m}`.
    Stage,
    /// A lesson's number before its title: `Lesson {n}`.
    Lesson,
    /// `Moves: {n} (three stars up to {a}, two up to {b}, one up to {c})`.
    Moves,
    /// `Hint: {move}`.
    Hint,
    /// No way left to finish.
    NoHint,
    /// `The other side answers: {move}`.
    Reply,
    /// The other side has no move and passes.
    Passes,
    /// Every stage of a lesson done.
    LessonDone,
    /// The line mode's commands.
    Commands,
    /// The full screen's keys.
    Keys,
    /// The board's key: the letters, staging, terrain.
    Legend,
    /// Before a refusal's reason: `Not like that: `.
    NotLikeThat,
    /// The squares a refusal marks: `Look at {squares}.`
    Look,
    /// The player's move: `You play {move}.`
    Played,
    /// The stars won in a lesson: `{n} of {m} stars`.
    LessonStars,
    /// Who the other side is in a stage against the computer: `the computer at level {n}`.
    Computer,
    /// A stack picked on the board with the cursor: `{s}` its square, `{p}` the pieces chosen.
    Picking,
    /// Pieces sent to a neighbour: `{p}` to `{t}`; Enter on `{s}` plays `{move}`.
    Sent,
    /// Enter on a square that holds none of the player's stacks.
    PickOwn,
    /// Pieces sent to `{t}`, which is not a step from `{s}`.
    NotANeighbour,
    /// Pieces sent before any is chosen.
    NothingChosen,
    /// No more of the kind `{k}` left on `{s}` to choose.
    NoneLeft,
}

impl Say {
    /// The sentence in `lang`.
    pub fn text(self, lang: Lang) -> &'static str {
        let all: [&str; 4] = match self {
            Say::Learn => ["Learn to play", "Impara a giocare", "Apprendre à jouer", "Spielen lernen"],
            Say::Stage => ["Stage {n} of {m}", "Tappa {n} di {m}", "Étape {n} sur {m}", "Etappe {n} von {m}"],
            Say::Lesson => ["Lesson {n}", "Lezione {n}", "Leçon {n}", "Lektion {n}"],
            Say::Moves => [
                "Moves: {n} (three stars up to {a}, two up to {b}, one up to {c})",
                "Mosse: {n} (tre stelle fino a {a}, due fino a {b}, una fino a {c})",
                "Coups : {n} (trois étoiles jusqu'à {a}, deux jusqu'à {b}, une jusqu'à {c})",
                "Züge: {n} (drei Sterne bis {a}, zwei bis {b}, einer bis {c})",
            ],
            Say::Hint => ["Hint: {move}", "Suggerimento: {move}", "Indice : {move}", "Tipp: {move}"],
            Say::NoHint => [
                "There is no way left to finish within the moves: start the stage again.",
                "Non c'è più modo di finire con le mosse rimaste: ricomincia la tappa.",
                "Plus moyen de finir avec les coups qui restent : recommencez l'étape.",
                "Mit den übrigen Zügen geht es nicht mehr: fang die Etappe neu an.",
            ],
            Say::Reply => [
                "The other side answers: {move}",
                "L'avversario risponde: {move}",
                "L'adversaire répond : {move}",
                "Der Gegner antwortet: {move}",
            ],
            Say::Passes => [
                "The other side has no move and passes.",
                "L'avversario non ha mosse e passa.",
                "L'adversaire n'a aucun coup et passe.",
                "Der Gegner hat keinen Zug und passt.",
            ],
            Say::LessonDone => [
                "Lesson complete!",
                "Lezione completata!",
                "Leçon terminée !",
                "Lektion geschafft!",
            ],
            Say::Commands => [
                "Type a move, or: hint, board, again (the stage from the start), next, quit.",
                "Scrivi una mossa, oppure: hint (suggerimento), board (la mappa), again (la tappa da capo), next (avanti), quit (esci).",
                "Écrivez un coup, ou : hint (indice), board (la carte), again (l'étape depuis le début), next (suivante), quit (quitter).",
                "Schreibe einen Zug, oder: hint (Tipp), board (die Karte), again (die Etappe von vorn), next (weiter), quit (beenden).",
            ],
            Say::Keys => [
                "Arrows and Enter pick a stack and its square, or type a move and Enter · ? hint · Ctrl-R again · Ctrl-N next · Esc leave",
                "Frecce e Invio scelgono una pila e la sua casella, o scrivi una mossa e Invio · ? suggerimento · Ctrl-R da capo · Ctrl-N avanti · Esc esci",
                "Flèches et Entrée choisissent une pile et sa case, ou écrivez un coup et Entrée · ? indice · Ctrl-R recommencer · Ctrl-N suivante · Échap quitter",
                "Pfeile und Enter wählen einen Stapel und sein Feld, oder Zug eingeben und Enter · ? Tipp · Strg-R von vorn · Strg-N weiter · Esc beenden",
            ],
            Say::Legend => [
                "F Foot, M Mounted, V Vehicle: capitals are the Army, small letters the Indians; @ waiting west of the map.",
                "F Fanteria, M Cavalleria, V Carri: maiuscole l'Esercito, minuscole gli Indiani; @ in attesa a ovest della mappa.",
                "F Infanterie, M Cavalerie, V Véhicules : majuscules l'Armée, minuscules les Indiens ; @ en attente à l'ouest de la carte.",
                "F Fußtruppen, M Reiter, V Fahrzeuge: Großbuchstaben die Armee, Kleinbuchstaben die Indianer; @ wartend westlich der Karte.",
            ],
            Say::NotLikeThat => ["Not like that: ", "Non così: ", "Pas comme ça : ", "Nicht so: "],
            Say::Look => [
                "Look at {squares}.",
                "Guarda {squares}.",
                "Regardez {squares}.",
                "Schau auf {squares}.",
            ],
            Say::Played => ["You play {move}.", "Giochi {move}.", "Vous jouez {move}.", "Du spielst {move}."],
            Say::LessonStars => ["{n} of {m} stars", "{n} stelle su {m}", "{n} étoiles sur {m}", "{n} von {m} Sternen"],
            Say::Computer => [
                "against the computer at level {n}",
                "contro il computer al livello {n}",
                "contre l'ordinateur au niveau {n}",
                "gegen den Computer auf Stufe {n}",
            ],
            Say::Picking => [
                "{s}: sending {p}. Arrows to a neighbour and Enter; f, m, v choose pieces, a all; Enter on {s} plays; Esc cancels.",
                "{s}: invii {p}. Frecce fino a una casella vicina e Invio; f, m, v scelgono i pezzi, a tutti; Invio su {s} gioca; Esc annulla.",
                "{s} : vous envoyez {p}. Flèches vers une case voisine et Entrée ; f, m, v choisissent les pièces, a toutes ; Entrée sur {s} joue ; Échap annule.",
                "{s}: du schickst {p}. Pfeile zu einem Nachbarfeld und Enter; f, m, v wählen Figuren, a alle; Enter auf {s} spielt; Esc bricht ab.",
            ],
            Say::Sent => [
                "{p} to {t}. Enter on {s} plays {move}, or send more.",
                "{p} in {t}. Invio su {s} gioca {move}, oppure invia altri pezzi.",
                "{p} en {t}. Entrée sur {s} joue {move}, ou envoyez-en d'autres.",
                "{p} nach {t}. Enter auf {s} spielt {move}, oder schick weitere.",
            ],
            Say::PickOwn => [
                "Pick one of your stacks: arrows to it, then Enter.",
                "Scegli una delle tue pile: frecce fino a lei, poi Invio.",
                "Choisissez une de vos piles : flèches jusqu'à elle, puis Entrée.",
                "Wähle einen deiner Stapel: mit den Pfeilen hin, dann Enter.",
            ],
            Say::NotANeighbour => [
                "{t} is not a step from {s}: each piece moves one square north, east, south or west.",
                "{t} non è a un passo da {s}: ogni pezzo si muove di una casella a nord, est, sud o ovest.",
                "{t} n'est pas à un pas de {s} : chaque pièce avance d'une case vers le nord, l'est, le sud ou l'ouest.",
                "{t} ist keinen Schritt von {s} entfernt: jede Figur zieht ein Feld nach Norden, Osten, Süden oder Westen.",
            ],
            Say::NothingChosen => [
                "Choose pieces first: f, m, v one of a kind, a all.",
                "Scegli prima i pezzi: f, m, v uno per tipo, a tutti.",
                "Choisissez d'abord les pièces : f, m, v une par sorte, a toutes.",
                "Wähle zuerst Figuren: f, m, v eine je Art, a alle.",
            ],
            Say::NoneLeft => [
                "No more {k} left on {s} to choose.",
                "In {s} non ci sono altri pezzi di {k} da scegliere.",
                "Il n'y a plus de {k} à choisir en {s}.",
                "Auf {s} gibt es keine weiteren {k} zu wählen.",
            ],
        };
        all[lang as usize]
    }
}

/// The terrain of a map in words, each kind on it once: `H house (only Foot), ^ cliffs
/// (nobody)`; open ground is left out.
pub fn terrain_legend(scenario: &Scenario, lang: Lang) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    for sq in scenario.squares() {
        let Some(t) = scenario.terrain(sq) else {
            continue;
        };
        if t.name == "open" || seen.contains(&t.symbol) {
            continue;
        }
        seen.push(t.symbol);
        let who = if t.enter == KindSet::EMPTY {
            format!(
                " ({})",
                ["nobody", "nessuno", "personne", "niemand"][lang as usize]
            )
        } else if t.is_restricted() {
            let only = ["only", "solo", "seulement", "nur"][lang as usize];
            format!(" ({only} {})", kinds(t.enter, lang, true))
        } else {
            String::new()
        };
        parts.push(format!("{} {}{who}", t.symbol, terrain_name(&t.name, lang)));
    }
    parts.join(", ")
}

/// Stars as a player reads them: `2 of 3 stars`.
pub fn stars_text(stars: u8, lang: Lang) -> String {
    let all = [
        "{n} of 3 stars",
        "{n} stelle su 3",
        "{n} étoiles sur 3",
        "{n} von 3 Sternen",
    ];
    all[lang as usize].replace("{n}", &stars.to_string())
}

/// How a stage finished, in one sentence.
pub fn finish_words(finish: Finish, lang: Lang) -> String {
    match finish {
        Finish::Won { moves: 1, stars } => [
            "Done in 1 move: {s}.",
            "Fatto in 1 mossa: {s}.",
            "Réussi en 1 coup : {s}.",
            "Geschafft in 1 Zug: {s}.",
        ][lang as usize]
            .replace("{s}", &stars_text(stars, lang)),
        Finish::Won { moves, stars } => [
            "Done in {m} moves: {s}.",
            "Fatto in {m} mosse: {s}.",
            "Réussi en {m} coups : {s}.",
            "Geschafft in {m} Zügen: {s}.",
        ][lang as usize]
            .replace("{m}", &moves.to_string())
            .replace("{s}", &stars_text(stars, lang)),
        Finish::OutOfMoves => [
            "Out of moves: try the stage again.",
            "Mosse finite: riprova la tappa.",
            "Plus de coups : recommencez l'étape.",
            "Keine Züge mehr: versuch die Etappe noch einmal.",
        ][lang as usize]
            .to_string(),
        Finish::Ended(_) => [
            "The battle ended before the goal was reached: try the stage again.",
            "La battaglia è finita prima dell'obiettivo: riprova la tappa.",
            "La bataille s'est terminée avant l'objectif : recommencez l'étape.",
            "Die Schlacht endete vor dem Ziel: versuch die Etappe noch einmal.",
        ][lang as usize]
            .to_string(),
    }
}
