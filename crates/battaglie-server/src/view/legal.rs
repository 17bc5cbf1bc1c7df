//! The legal moves grouped by the square they start from: what the page's move
//! builder offers, without reading notation.

use battaglie_rules::{Move, Square};
use serde::Serialize;
use ts_rs::TS;

use super::KindCounts;

/// The legal moves that start on one square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct MovesFrom {
    /// The square the pieces leave; `null` for the pass (legal only when nothing else is).
    pub from: Option<String>,
    /// The destinations where arriving pieces eliminate the enemy stack standing
    /// there (the position decides it, so it holds for every move from `from`).
    pub captures: Vec<String>,
    /// The moves.
    pub moves: Vec<LegalMove>,
}

/// One legal move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LegalMove {
    /// Its canonical notation: what the page sends back to play it.
    pub notation: String,
    /// Where its pieces go, in notation order (west, south, north, east).
    pub groups: Vec<Arrival>,
}

/// The pieces a move sends to one destination.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Arrival {
    /// The destination.
    pub to: String,
    /// How many of each kind arrive.
    #[serde(flatten)]
    pub pieces: KindCounts,
}

/// `moves` grouped by source, each source where its first move is.
pub fn legal(moves: &[Move]) -> Vec<MovesFrom> {
    let mut out: Vec<(Option<Square>, MovesFrom)> = Vec::new();
    for mv in moves {
        let from = mv.from();
        let at = match out.iter().position(|(f, _)| *f == from) {
            Some(i) => i,
            None => {
                out.push((
                    from,
                    MovesFrom {
                        from: from.map(|sq| sq.to_string()),
                        captures: Vec::new(),
                        moves: Vec::new(),
                    },
                ));
                out.len() - 1
            }
        };
        let entry = &mut out[at].1;
        let mut groups = Vec::new();
        for g in mv.groups() {
            let to = g.to.to_string();
            if g.capture && !entry.captures.contains(&to) {
                entry.captures.push(to.clone());
            }
            groups.push(Arrival {
                to,
                pieces: KindCounts::of(g.pieces),
            });
        }
        entry.moves.push(LegalMove {
            notation: mv.to_string(),
            groups,
        });
    }
    out.into_iter().map(|(_, m)| m).collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use battaglie_rules::{Game, Position, Rng, Scenario};

    use super::*;

    /// The move written back from its structured form, as the notation writes it.
    fn written(from: &MovesFrom, mv: &LegalMove) -> String {
        let Some(src) = &from.from else {
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

    /// How far the pieces a move sends end from the nearest enemy stack.
    fn distance(pos: &Position, mv: &Move) -> u32 {
        let enemies: Vec<Square> = pos.squares_of(!pos.side_to_move()).collect();
        let apart = |a: Square, b: Square| {
            let file = |s: Square| i32::from(s.file().map_or(0, |f| f + 1));
            (file(a) - file(b)).unsigned_abs() + u32::from(a.rank().abs_diff(b.rank()))
        };
        mv.groups()
            .map(|g| enemies.iter().map(|&e| apart(g.to, e)).min().unwrap_or(0))
            .sum()
    }

    /// Positions of every battle: the start, and on along lines of play that seek
    /// the enemy, so that some moves eliminate and some stacks split.
    fn positions() -> Vec<Position> {
        let mut rng = Rng::new(16);
        let mut out = Vec::new();
        for s in Scenario::builtins() {
            let mut game = Game::new(Position::start(s));
            for _ in 0..300 {
                out.push(game.position().clone());
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                // Half the time the move that comes closest to the enemy, else any.
                let pos = game.position();
                let closest = legal.iter().min_by_key(|m| distance(pos, m)).copied();
                let any = legal[rng.below(legal.len())];
                game.play(&closest.filter(|_| rng.chance(50)).unwrap_or(any));
            }
        }
        out
    }

    #[test]
    fn legal_groups_hold_exactly_the_legal_moves() {
        let (mut captures, mut splits) = (0, 0);
        for pos in positions() {
            let moves = pos.legal_moves();
            let grouped = legal(&moves);
            let sources: HashSet<_> = grouped.iter().map(|g| g.from.clone()).collect();
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
                    assert_eq!(written(from, mv), mv.notation, "in {pos}");
                    assert_eq!(
                        mv.notation.split(':').next(),
                        from.from.as_deref().or(Some("pass"))
                    );
                    assert!(seen.insert(mv.notation.clone()), "{} twice", mv.notation);
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
    fn the_pass_is_the_move_from_no_square() {
        let grouped = legal(&[Move::PASS]);
        assert_eq!(grouped.len(), 1);
        assert_eq!(grouped[0].from, None);
        assert_eq!(grouped[0].moves[0].notation, "pass");
        assert!(grouped[0].moves[0].groups.is_empty());
    }
}
