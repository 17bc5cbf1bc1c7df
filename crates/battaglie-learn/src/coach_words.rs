//! The coach's sentences, in every language: the warning before a move and what the other
//! side threatens after its move, written for a player (stacks by what they hold and where).

use battaglie_rules::{Kind, Pieces, Square};

use crate::coach::Exposed;
use crate::lang::Lang;

/// `count` pieces of `kind`, as a player counts them (`2 Foot`, `1 cavaliere`).
fn counted(kind: Kind, count: u8, lang: Lang) -> String {
    let [one, many]: [&str; 2] = match (kind, lang) {
        (Kind::Foot, Lang::En) => ["Foot", "Foot"],
        (Kind::Mounted, Lang::En) => ["Mounted", "Mounted"],
        (Kind::Vehicle, Lang::En) => ["Vehicle", "Vehicles"],
        (Kind::Foot, Lang::It) => ["fante", "fanti"],
        (Kind::Mounted, Lang::It) => ["cavaliere", "cavalieri"],
        (Kind::Vehicle, Lang::It) => ["carro", "carri"],
        (Kind::Foot, Lang::Fr) => ["fantassin", "fantassins"],
        (Kind::Mounted, Lang::Fr) => ["cavalier", "cavaliers"],
        (Kind::Vehicle, Lang::Fr) => ["véhicule", "véhicules"],
        (Kind::Foot, Lang::De) => ["Fußsoldat", "Fußsoldaten"],
        (Kind::Mounted, Lang::De) => ["Reiter", "Reiter"],
        (Kind::Vehicle, Lang::De) => ["Fahrzeug", "Fahrzeuge"],
    };
    format!("{count} {}", if count == 1 { one } else { many })
}

/// What a stack holds: `2 Foot and 1 Mounted`; in English a single piece goes without its
/// count (`Mounted`).
fn holding(pieces: Pieces, lang: Lang) -> String {
    if lang == Lang::En && pieces.total() == 1 {
        if let Some(kind) = pieces.iter().next() {
            return counted(kind, 1, lang)[2..].to_string();
        }
    }
    let parts: Vec<String> = Kind::ALL
        .into_iter()
        .filter(|&k| pieces.count(k) > 0)
        .map(|k| counted(k, pieces.count(k), lang))
        .collect();
    joined(parts, lang, false)
}

/// Items joined as a list is written: `a, b and c` (`or` when `or`).
fn joined(mut items: Vec<String>, lang: Lang, or: bool) -> String {
    let last_join = if or {
        [" or ", " o ", " ou ", " oder "][lang as usize]
    } else {
        [" and ", " e ", " et ", " und "][lang as usize]
    };
    let Some(last) = items.pop() else {
        return String::new();
    };
    if items.is_empty() {
        return last;
    }
    format!("{}{last_join}{last}", items.join(", "))
}

/// Clauses joined into one sentence, its first letter a capital and a full stop at the end.
fn sentence(clauses: Vec<String>, lang: Lang) -> String {
    let and = [", and ", ", e ", ", et ", ", und "][lang as usize];
    let mut text = match clauses.len() {
        0 | 1 => clauses.concat(),
        n => format!("{}{and}{}", clauses[..n - 1].join(", "), clauses[n - 1]),
    };
    if let Some(first) = text.chars().next() {
        text.replace_range(..first.len_utf8(), &first.to_uppercase().to_string());
    }
    text.push('.');
    text
}

fn fill(template: &str, square: Square, pieces: Pieces, lang: Lang) -> String {
    template
        .replace("{s}", &square.to_string())
        .replace("{p}", &holding(pieces, lang))
}

/// The warning before a move: `Your 2 Foot on d4 can be taken by the Mounted on e4.`
pub fn warning_words(exposed: &[Exposed], lang: Lang) -> String {
    let (target, by) = match lang {
        Lang::En => ("your {p} on {s} can be taken by {a}", "the {p} on {s}"),
        Lang::It => (
            "la tua pila in {s} ({p}) può essere eliminata {a}",
            "dalla pila in {s} ({p})",
        ),
        Lang::Fr => (
            "votre pile en {s} ({p}) peut être éliminée {a}",
            "par la pile en {s} ({p})",
        ),
        Lang::De => (
            "dein Stapel auf {s} ({p}) kann {a} ausgeschaltet werden",
            "vom Stapel auf {s} ({p})",
        ),
    };
    let clauses = exposed
        .iter()
        .map(|e| {
            let attackers = e
                .attackers
                .iter()
                .map(|&(sq, p)| fill(by, sq, p, lang))
                .collect();
            fill(target, e.square, e.pieces, lang).replace("{a}", &joined(attackers, lang, true))
        })
        .collect();
    sentence(clauses, lang)
}

/// The question after a warning: `Play it anyway?`
pub fn anyway_words(lang: Lang) -> &'static str {
    [
        "Play it anyway?",
        "Giocarla lo stesso?",
        "La jouer quand même ?",
        "Trotzdem spielen?",
    ][lang as usize]
}

/// What the other side threatens, in one sentence: `The Mounted on e4 threaten your 2 Foot
/// on d4.`, or that nothing is threatened.
pub fn threat_words(threats: &[Exposed], lang: Lang) -> String {
    if threats.is_empty() {
        return [
            "None of your stacks can be taken next move.",
            "Nessuna tua pila può essere eliminata alla prossima mossa.",
            "Aucune de vos piles ne peut être éliminée au prochain coup.",
            "Keiner deiner Stapel kann im nächsten Zug ausgeschaltet werden.",
        ][lang as usize]
            .to_string();
    }
    // One clause per attacking stack, naming every stack of the player's it threatens.
    let mut by_attacker: Vec<(Square, Pieces, Vec<&Exposed>)> = Vec::new();
    for e in threats {
        for &(sq, p) in &e.attackers {
            match by_attacker.iter_mut().find(|(a, ..)| *a == sq) {
                Some((.., targets)) => targets.push(e),
                None => by_attacker.push((sq, p, vec![e])),
            }
        }
    }
    by_attacker.sort_by_key(|(sq, ..)| *sq);
    let clauses = by_attacker
        .into_iter()
        .map(|(sq, p, targets)| {
            let (attacker, target) = match lang {
                Lang::En if p.total() == 1 => ("the {p} on {s} threatens {t}", "your {p} on {s}"),
                Lang::En => ("the {p} on {s} threaten {t}", "your {p} on {s}"),
                Lang::It => (
                    "la pila in {s} ({p}) minaccia {t}",
                    "la tua pila in {s} ({p})",
                ),
                Lang::Fr => ("la pile en {s} ({p}) menace {t}", "votre pile en {s} ({p})"),
                Lang::De => (
                    "der Stapel auf {s} ({p}) bedroht {t}",
                    "deinen Stapel auf {s} ({p})",
                ),
            };
            let named = targets
                .iter()
                .map(|e| fill(target, e.square, e.pieces, lang))
                .collect();
            fill(attacker, sq, p, lang).replace("{t}", &joined(named, lang, false))
        })
        .collect();
    sentence(clauses, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn foot_on_d4_by_mounted_on_e4() -> Exposed {
        Exposed {
            square: sq("d4"),
            pieces: Pieces::new(2, 0, 0),
            attackers: vec![(sq("e4"), Pieces::new(0, 1, 0))],
        }
    }

    #[test]
    fn a_warning_names_the_stack_and_its_attacker_in_every_language() {
        let one = [foot_on_d4_by_mounted_on_e4()];
        assert_eq!(
            warning_words(&one, Lang::En),
            "Your 2 Foot on d4 can be taken by the Mounted on e4."
        );
        assert_eq!(
            warning_words(&one, Lang::It),
            "La tua pila in d4 (2 fanti) può essere eliminata dalla pila in e4 (1 cavaliere)."
        );
        assert_eq!(
            warning_words(&one, Lang::Fr),
            "Votre pile en d4 (2 fantassins) peut être éliminée par la pile en e4 (1 cavalier)."
        );
        assert_eq!(
            warning_words(&one, Lang::De),
            "Dein Stapel auf d4 (2 Fußsoldaten) kann vom Stapel auf e4 (1 Reiter) ausgeschaltet werden."
        );
    }

    #[test]
    fn several_threats_are_joined_in_one_sentence() {
        let both = [
            foot_on_d4_by_mounted_on_e4(),
            Exposed {
                square: sq("e5"),
                pieces: Pieces::new(1, 0, 1),
                attackers: vec![
                    (sq("e4"), Pieces::new(0, 1, 0)),
                    (sq("f5"), Pieces::new(2, 0, 1)),
                ],
            },
        ];
        assert_eq!(
            threat_words(&both, Lang::En),
            "The Mounted on e4 threatens your 2 Foot on d4 and your 1 Foot and 1 Vehicle on e5, \
             and the 2 Foot and 1 Vehicle on f5 threaten your 1 Foot and 1 Vehicle on e5."
        );
        assert_eq!(
            warning_words(&both[1..], Lang::En),
            "Your 1 Foot and 1 Vehicle on e5 can be taken by the Mounted on e4 or the 2 Foot and 1 Vehicle on f5."
        );
        assert_eq!(
            threat_words(&[], Lang::De),
            "Keiner deiner Stapel kann im nächsten Zug ausgeschaltet werden."
        );
    }
}
