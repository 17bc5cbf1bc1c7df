//! The sentences a front end needs around the lessons, in every language, so that the
//! terminal and the page say the same things.

use crate::lang::Lang;
use crate::run::Finish;

/// A sentence of the lessons' screens. Placeholders in braces are filled by the caller
/// with [`str::replace`]: `{n}`, `{m}`, `{a}`, `{b}`, `{c}`, `{move}`.
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
    /// The list's keys.
    ListKeys,
    /// The board's key: the letters, staging, terrain.
    Legend,
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
                "Type a move and Enter · ? hint · Ctrl-R again · Ctrl-N next · Esc back",
                "Scrivi una mossa e Invio · ? suggerimento · Ctrl-R da capo · Ctrl-N avanti · Esc indietro",
                "Écrivez un coup et Entrée · ? indice · Ctrl-R recommencer · Ctrl-N suivante · Échap retour",
                "Zug eingeben und Enter · ? Tipp · Strg-R von vorn · Strg-N weiter · Esc zurück",
            ],
            Say::ListKeys => [
                "↑↓ choose · Enter play · Esc leave",
                "↑↓ scegli · Invio gioca · Esc esci",
                "↑↓ choisir · Entrée jouer · Échap quitter",
                "↑↓ wählen · Enter spielen · Esc verlassen",
            ],
            Say::Legend => [
                "F Foot, M Mounted, V Vehicle: capitals are the Army, small letters the Indians; @ waiting west of the map; H house, ^ cliffs, = deep ford (horsemen and vehicles only), ~ creek, T woods.",
                "F Fanteria, M Cavalleria, V Carri: maiuscole l'Esercito, minuscole gli Indiani; @ in attesa a ovest della mappa; H casa, ^ rupi, = guado profondo (solo cavalleria e carri), ~ torrente, T bosco.",
                "F Infanterie, M Cavalerie, V Véhicules : majuscules l'Armée, minuscules les Indiens ; @ en attente à l'ouest de la carte ; H maison, ^ falaises, = gué profond (cavalerie et véhicules seulement), ~ ruisseau, T bois.",
                "F Fußtruppen, M Reiter, V Fahrzeuge: Großbuchstaben die Armee, Kleinbuchstaben die Indianer; @ wartend westlich der Karte; H Haus, ^ Felsen, = tiefe Furt (nur Reiter und Fahrzeuge), ~ Bach, T Wald.",
            ],
        };
        all[lang as usize]
    }
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
