//! "Not like that, because...": a refused move answered by the rule it breaks, in the
//! player's words and language, with the squares to mark. Built on the rules crate's
//! [`IllegalMoveError`], which names the rule; these are its words for a player.

use battaglie_rules::{IllegalMoveError, Kind, KindSet, MoveError, MoveText, Position, Square};

use crate::lang::Lang;

/// Why a tried move is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The rule broken, as the rules crate names it (`cannot_eliminate`, `stack_limit`...),
    /// or `not_a_move` and `stage_over`.
    pub rule: &'static str,
    /// The reason, in the player's language.
    pub words: String,
    /// The squares to mark on the board.
    pub squares: Vec<Square>,
}

impl Refusal {
    pub(crate) fn stage_over(lang: Lang) -> Refusal {
        Refusal {
            rule: "stage_over",
            words: pick(
                lang,
                [
                    "This stage is over: start it again or go on.",
                    "Questa tappa è finita: ricominciala o vai avanti.",
                    "Cette étape est terminée : recommencez-la ou continuez.",
                    "Diese Etappe ist vorbei: fang sie neu an oder mach weiter.",
                ],
            )
            .to_string(),
            squares: Vec::new(),
        }
    }
}

fn pick(lang: Lang, texts: [&'static str; 4]) -> &'static str {
    texts[lang as usize]
}

/// A kind's name, as the pages call it.
pub fn kind_name(kind: Kind, lang: Lang) -> &'static str {
    match kind {
        Kind::Foot => pick(lang, ["Foot", "Fanteria", "Infanterie", "Fußtruppen"]),
        Kind::Mounted => pick(lang, ["Mounted", "Cavalleria", "Cavalerie", "Reiter"]),
        Kind::Vehicle => pick(lang, ["Vehicle", "Carri", "Véhicules", "Fahrzeuge"]),
    }
}

/// Kinds joined with "and" (`and`) or "or".
pub(crate) fn kinds(set: KindSet, lang: Lang, and: bool) -> String {
    let names: Vec<&str> = set.iter().map(|k| kind_name(k, lang)).collect();
    let join = if and {
        pick(lang, [" and ", " e ", " et ", " und "])
    } else {
        pick(lang, [" or ", " o ", " ou ", " oder "])
    };
    names.join(join)
}

/// A terrain's name in `lang` (the lessons' and the battles' kinds; others as written).
pub fn terrain_name(name: &str, lang: Lang) -> String {
    match name {
        "open" => pick(
            lang,
            [
                "open ground",
                "terreno aperto",
                "terrain découvert",
                "offenes Gelände",
            ],
        )
        .to_string(),
        "river" => pick(lang, ["river", "fiume", "rivière", "Fluss"]).to_string(),
        "ford" => pick(lang, ["ford", "guado", "gué", "Furt"]).to_string(),
        "woods" => pick(lang, ["woods", "bosco", "bois", "Wald"]).to_string(),
        "ridge" => pick(lang, ["ridge", "cresta", "crête", "Hügelkamm"]).to_string(),
        "creek" => pick(lang, ["creek", "torrente", "ruisseau", "Bach"]).to_string(),
        "house" => pick(lang, ["house", "casa", "maison", "Haus"]).to_string(),
        "cliffs" => pick(lang, ["cliffs", "rupi", "falaises", "Felsen"]).to_string(),
        "deep ford" => pick(
            lang,
            ["deep ford", "guado profondo", "gué profond", "tiefe Furt"],
        )
        .to_string(),
        other => other.to_string(),
    }
}

/// The refusal of `text` in `pos`, from the rules crate's error.
pub(crate) fn refuse(pos: &Position, text: &str, error: &MoveError, lang: Lang) -> Refusal {
    let source = match text.parse::<MoveText>() {
        Ok(MoveText::Step { from, .. }) => Some(from),
        _ => None,
    };
    match error {
        MoveError::Parse(_) => Refusal {
            rule: "not_a_move",
            words: pick(
                lang,
                [
                    "That is not a move: write the square the pieces leave, a colon, the pieces and where they go, as the hint does.",
                    "Questa non è una mossa: scrivi la casella di partenza, due punti, i pezzi e dove vanno, come fa il suggerimento.",
                    "Ce n'est pas un coup : écrivez la case de départ, deux-points, les pièces et leur destination, comme l'indice.",
                    "Das ist kein Zug: schreibe das Startfeld, einen Doppelpunkt, die Figuren und ihr Ziel, wie der Tipp.",
                ],
            )
            .to_string(),
            squares: Vec::new(),
        },
        MoveError::GameOver(_) => Refusal::stage_over(lang),
        MoveError::Illegal { reason, .. } => explain(pos, source, reason, lang),
    }
}

/// The words and squares for one broken rule.
pub fn explain(
    pos: &Position,
    source: Option<Square>,
    reason: &IllegalMoveError,
    lang: Lang,
) -> Refusal {
    use IllegalMoveError as E;
    let with_source = |sq: Square| -> Vec<Square> { source.into_iter().chain([sq]).collect() };
    let (words, squares) = match reason {
        E::PassWithMovesLeft => (
            pick(lang, [
                "You may pass only when you have no other move.",
                "Puoi passare solo quando non hai altre mosse.",
                "Vous ne pouvez passer que si vous n'avez aucun autre coup.",
                "Passen darfst du nur, wenn du keinen anderen Zug hast.",
            ]).to_string(),
            Vec::new(),
        ),
        E::OffMap { square, .. } => (
            pick(lang, [
                "{s} is not on this map.",
                "{s} non è sulla mappa.",
                "{s} n'est pas sur la carte.",
                "{s} liegt nicht auf der Karte.",
            ]).replace("{s}", &square.to_string()),
            Vec::new(),
        ),
        E::EmptySource(square) => (
            pick(lang, [
                "There is nothing on {s} to move.",
                "Non c'è niente da muovere in {s}.",
                "Il n'y a rien à déplacer en {s}.",
                "Auf {s} steht nichts zum Ziehen.",
            ]).replace("{s}", &square.to_string()),
            vec![*square],
        ),
        E::NotYourStack { square, .. } => (
            pick(lang, [
                "The pieces on {s} are not yours.",
                "I pezzi in {s} non sono tuoi.",
                "Les pièces en {s} ne sont pas à vous.",
                "Die Figuren auf {s} gehören nicht dir.",
            ]).replace("{s}", &square.to_string()),
            vec![*square],
        ),
        E::NoSquareThere(square) => (
            pick(lang, [
                "There is no square that way from {s}.",
                "Non c'è nessuna casella in quella direzione da {s}.",
                "Il n'y a pas de case dans cette direction depuis {s}.",
                "Von {s} aus gibt es in dieser Richtung kein Feld.",
            ]).replace("{s}", &square.to_string()),
            vec![*square],
        ),
        E::IntoStaging(square) => (
            pick(lang, [
                "Nobody may go back to the waiting squares west of the map.",
                "Nessuno può tornare nelle caselle d'attesa a ovest della mappa.",
                "Personne ne peut revenir dans les cases d'attente à l'ouest de la carte.",
                "Niemand darf zurück auf die Wartefelder westlich der Karte.",
            ]).to_string(),
            with_source(*square),
        ),
        E::StagingStepsEast { to, east } => (
            pick(lang, [
                "Pieces waiting west of the map may only step east, onto {s}.",
                "I pezzi in attesa a ovest della mappa possono solo entrare verso est, in {s}.",
                "Les pièces qui attendent à l'ouest de la carte ne peuvent qu'entrer vers l'est, en {s}.",
                "Wartende Figuren westlich der Karte dürfen nur nach Osten ziehen, auf {s}.",
            ]).replace("{s}", &east.to_string()),
            vec![*to, *east],
        ),
        E::NotAdjacent { from, to } => {
            let diagonal = match (from.file(), to.file()) {
                (Some(f1), Some(f2)) => f1.abs_diff(f2) == 1 && from.rank().abs_diff(to.rank()) == 1,
                _ => false,
            };
            let words = if diagonal {
                pick(lang, [
                    "Never diagonally: each piece steps one square north, east, south or west.",
                    "Mai in diagonale: ogni pezzo fa un passo a nord, est, sud o ovest.",
                    "Jamais en diagonale : chaque pièce fait un pas vers le nord, l'est, le sud ou l'ouest.",
                    "Nie diagonal: jede Figur geht einen Schritt nach Norden, Osten, Süden oder Westen.",
                ]).to_string()
            } else {
                pick(lang, [
                    "Each piece moves one square only: {t} is too far from {f}.",
                    "Ogni pezzo si muove di una sola casella: {t} è troppo lontana da {f}.",
                    "Chaque pièce n'avance que d'une case : {t} est trop loin de {f}.",
                    "Jede Figur zieht nur ein Feld weit: {t} ist zu weit von {f} entfernt.",
                ]).replace("{t}", &to.to_string()).replace("{f}", &from.to_string())
            };
            (words, vec![*from, *to])
        }
        E::Terrain { to, kind, terrain, enter } => {
            let words = if terrain == "house" {
                pick(lang, [
                    "Only Foot may enter the house on {t}: {k} cannot.",
                    "Solo la Fanteria può entrare nella casa in {t}: {k} no.",
                    "Seule l'infanterie peut entrer dans la maison en {t} : {k}, non.",
                    "Nur Fußtruppen dürfen das Haus auf {t} betreten: {k} nicht.",
                ]).to_string()
            } else if *enter == KindSet::EMPTY {
                pick(lang, [
                    "Nobody can enter the {n} on {t}.",
                    "Nessuno può entrare: {n} in {t}.",
                    "Personne ne peut entrer : {n} en {t}.",
                    "Niemand kann hinein: {n} auf {t}.",
                ]).to_string()
            } else {
                pick(lang, [
                    "Only {e} may enter the {n} on {t}.",
                    "Solo {e} può entrare: {n} in {t}.",
                    "Seule l'unité {e} peut entrer : {n} en {t}.",
                    "Nur {e} dürfen hinein: {n} auf {t}.",
                ]).to_string()
            };
            (
                words
                    .replace("{t}", &to.to_string())
                    .replace("{k}", kind_name(*kind, lang))
                    .replace("{n}", &terrain_name(terrain, lang))
                    .replace("{e}", &kinds(*enter, lang, false)),
                with_source(*to),
            )
        }
        E::CannotEliminate { to, group, defenders, .. } => {
            let rules = pos.scenario().rules();
            let covered = group.kinds().iter().fold(KindSet::EMPTY, |acc, k| KindSet(acc.0 | rules.eliminates(k).0));
            let uncovered = KindSet(defenders.kinds().0 & !covered.0);
            let helpers: KindSet = Kind::ALL
                .into_iter()
                .filter(|&k| rules.eliminates(k).is_superset(uncovered))
                .collect();
            (
                pick(lang, [
                    "{a} cannot eliminate {d} on {t}: bring {h} with them.",
                    "{a} non può eliminare {d} in {t}: porta con sé {h}.",
                    "En {t}, {a} ne peut pas éliminer {d} : faites venir aussi {h}.",
                    "{a} können {d} auf {t} nicht ausschalten: nimm {h} mit.",
                ])
                .replace("{a}", &kinds(group.kinds(), lang, true))
                .replace("{d}", &kinds(uncovered, lang, true))
                .replace("{t}", &to.to_string())
                .replace("{h}", &kinds(helpers, lang, false)),
                with_source(*to),
            )
        }
        E::StackLimit { to, arriving, here, limit } => (
            pick(lang, [
                "{t} would hold {n} pieces: no square may hold more than {l}.",
                "{t} avrebbe {n} pezzi: nessuna casella ne può avere più di {l}.",
                "{t} aurait {n} pièces : aucune case ne peut en avoir plus de {l}.",
                "Auf {t} stünden {n} Figuren: kein Feld darf mehr als {l} tragen.",
            ])
            .replace("{t}", &to.to_string())
            .replace("{n}", &(arriving + here).to_string())
            .replace("{l}", &limit.to_string()),
            with_source(*to),
        ),
        E::NoPieceMoved => (
            pick(lang, [
                "Move at least one piece.",
                "Muovi almeno un pezzo.",
                "Déplacez au moins une pièce.",
                "Ziehe mindestens eine Figur.",
            ]).to_string(),
            Vec::new(),
        ),
        E::NotEnoughPieces { from, kind, has, .. } => (
            pick(lang, [
                "{f} holds only {n} of {k}.",
                "In {f} ci sono solo {n} pezzi di {k}.",
                "Il n'y a que {n} pièces ({k}) en {f}.",
                "Auf {f} stehen nur {n} {k}.",
            ])
            .replace("{f}", &from.to_string())
            .replace("{n}", &has.to_string())
            .replace("{k}", kind_name(*kind, lang)),
            vec![*from],
        ),
        E::EliminationsMismatch => (
            pick(lang, [
                "That move does not match the board.",
                "Quella mossa non corrisponde alla mappa.",
                "Ce coup ne correspond pas à la carte.",
                "Dieser Zug passt nicht zum Brett.",
            ]).to_string(),
            Vec::new(),
        ),
    };
    Refusal {
        rule: reason.rule(),
        words,
        squares,
    }
}
