//! The legal moves grouped by the square they start from: what the page's move
//! builder offers, without reading notation.

use std::fmt::Display;

use battaglie_rules::{Move, Square};
use serde::{Serialize, Serializer};
use ts_rs::TS;

use super::KindCounts;

// These types are the declared shape (their TypeScript is committed) and the
// reference that the states' fast writer, `legal_json.rs`, is tested against.

/// The legal moves that start on one square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct MovesFrom {
    /// The square the pieces leave; `null` for the pass (legal only when nothing else is).
    #[serde(serialize_with = "maybe_text")]
    #[ts(type = "string | null")]
    pub from: Option<Square>,
    /// The destinations where arriving pieces eliminate the enemy stack standing
    /// there (the position decides it, so it holds for every move from `from`).
    #[serde(serialize_with = "texts")]
    #[ts(type = "Array<string>")]
    pub captures: Vec<Square>,
    /// The moves.
    pub moves: Vec<LegalMove>,
}

/// One legal move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LegalMove {
    /// Its canonical notation: what the page sends back to play it.
    #[serde(serialize_with = "text")]
    #[ts(type = "string")]
    pub notation: Move,
    /// Where its pieces go, in notation order (west, south, north, east).
    pub groups: Vec<Arrival>,
}

/// The pieces a move sends to one destination.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Arrival {
    /// The destination.
    #[serde(serialize_with = "text")]
    #[ts(type = "string")]
    pub to: Square,
    /// How many of each kind arrive.
    #[serde(flatten)]
    pub pieces: KindCounts,
}

/// A value written as its `Display` text, without building a string first.
struct AsText<T>(T);

impl<T: Display> Serialize for AsText<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

fn text<S: Serializer>(value: &impl Display, s: S) -> Result<S::Ok, S::Error> {
    AsText(value).serialize(s)
}

fn maybe_text<S: Serializer>(value: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
    value.map(AsText).serialize(s)
}

fn texts<S: Serializer>(values: &[Square], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(values.iter().map(AsText))
}

/// `moves` grouped by source, each source where its first move is (the
/// server's states write them faster with [`super::write_legal`], byte for byte the same).
pub fn legal(moves: &[Move]) -> Vec<MovesFrom> {
    let mut out: Vec<MovesFrom> = Vec::new();
    for mv in moves {
        let from = mv.from();
        let at = match out.iter().position(|m| m.from == from) {
            Some(i) => i,
            None => {
                out.push(MovesFrom {
                    from,
                    captures: Vec::new(),
                    moves: Vec::new(),
                });
                out.len() - 1
            }
        };
        let entry = &mut out[at];
        let mut groups = Vec::new();
        for g in mv.groups() {
            if g.capture && !entry.captures.contains(&g.to) {
                entry.captures.push(g.to);
            }
            groups.push(Arrival {
                to: g.to,
                pieces: KindCounts::of(g.pieces),
            });
        }
        entry.moves.push(LegalMove {
            notation: *mv,
            groups,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::positions::positions;

    /// The move written back from its structured form, as the notation writes it.
    fn written(from: &MovesFrom, mv: &LegalMove) -> String {
        let Some(src) = from.from else {
            return "pass".into();
        };
        let groups: Vec<String> = mv
            .groups
            .iter()
            .map(|g| {
                let c = g.pieces;
                let kinds = "F".repeat(c.F as usize)
                    + &"M".repeat(c.M as usize)
                    + &"V".repeat(c.V as usize);
                let sign = if from.captures.contains(&g.to) {
                    'x'
                } else {
                    '-'
                };
                format!("{kinds}{sign}{}", g.to)
            })
            .collect();
        format!("{src}:{}", groups.join(","))
    }

    #[test]
    fn legal_groups_hold_exactly_the_legal_moves() {
        let (mut captures, mut splits) = (0, 0);
        for pos in positions() {
            let moves = pos.legal_moves();
            let grouped = legal(&moves);
            let sources: HashSet<_> = grouped.iter().map(|g| g.from).collect();
            assert_eq!(
                sources.len(),
                grouped.len(),
                "a source is listed once: {pos}"
            );
            let mut seen = HashSet::new();
            for from in &grouped {
                captures += from.captures.len();
                for mv in &from.moves {
                    splits += usize::from(mv.groups.len() > 1);
                    let notation = mv.notation.to_string();
                    assert_eq!(written(from, mv), notation, "in {pos}");
                    assert_eq!(
                        notation.split(':').next().map(str::to_string),
                        Some(from.from.map_or("pass".into(), |sq| sq.to_string()))
                    );
                    assert!(seen.insert(notation.clone()), "{notation} twice");
                }
            }
            let expected: HashSet<String> = moves.iter().map(|m| m.to_string()).collect();
            assert_eq!(seen, expected, "in {pos}");
        }
        assert!(
            captures > 0 && splits > 0,
            "the positions tried had eliminations ({captures}) and splits ({splits})"
        );
    }

    #[test]
    fn an_arrival_is_written_as_its_destination_and_counts() {
        let arrival = Arrival {
            to: "c4".parse().unwrap(),
            pieces: KindCounts { F: 2, M: 0, V: 1 },
        };
        assert_eq!(
            serde_json::to_string(&arrival).unwrap(),
            r#"{"to":"c4","F":2,"M":0,"V":1}"#
        );
    }

    #[test]
    fn the_pass_is_the_move_from_no_square() {
        let grouped = legal(&[Move::PASS]);
        assert_eq!(grouped.len(), 1);
        assert_eq!(grouped[0].from, None);
        assert_eq!(grouped[0].moves[0].notation, Move::PASS);
        let json = serde_json::to_value(&grouped).unwrap();
        assert_eq!(json[0]["from"], serde_json::Value::Null);
        assert_eq!(json[0]["moves"][0]["notation"], "pass");
        assert!(grouped[0].moves[0].groups.is_empty());
    }
}
