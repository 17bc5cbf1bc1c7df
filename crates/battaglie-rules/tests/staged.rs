//! Staged move generation lists exactly the legal moves of each stage, in the order
//! of the full generator, and the cheap legality check agrees with the full list.

use std::sync::Arc;

use battaglie_rules::{Move, Position, Scenario, Stage};

/// The built-in battles and the small conformance maps, where contact comes soon.
fn scenarios() -> Vec<Arc<Scenario>> {
    let mut all = Scenario::builtins().to_vec();
    for (name, text) in [
        ("c-small.toml", include_str!("conformance/c-small.toml")),
        ("c-rules.toml", include_str!("conformance/c-rules.toml")),
        ("c-pass.toml", include_str!("conformance/c-pass.toml")),
    ] {
        all.push(Scenario::from_toml(name, text).unwrap());
    }
    all
}

/// Positions reached by seeded random play.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed = 0x5eed_u64;
    for s in &scenarios() {
        for game in 0..6 {
            let mut pos = Position::start(s);
            for _ in 0..(40 + 30 * game) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                out.push(pos.clone());
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.play_unchecked(&moves[(seed % moves.len() as u64) as usize]);
            }
            out.push(pos);
        }
    }
    out
}

fn stage(pos: &Position, stage: Stage) -> Vec<Move> {
    let mut out = vec![Move::PASS];
    pos.stage_moves_into(stage, &mut out);
    out
}

#[test]
fn stages_list_the_legal_moves_of_their_kind_in_generation_order() {
    let mut eliminating = 0;
    for pos in positions() {
        let legal = pos.legal_moves();
        let of = |keep: &dyn Fn(&Move) -> bool| -> Vec<Move> {
            legal.iter().copied().filter(|m| keep(m)).collect()
        };
        let expected = of(&|m: &Move| m.is_capture());
        eliminating += expected.len();
        assert_eq!(stage(&pos, Stage::Eliminations), expected, "{pos}");
        assert_eq!(
            stage(&pos, Stage::OnlyEliminations),
            of(&|m: &Move| m.is_capture() && m.groups().all(|g| g.capture)),
            "{pos}"
        );
        assert_eq!(
            stage(&pos, Stage::Quiet),
            of(&|m: &Move| !m.is_capture() && !m.is_pass()),
            "{pos}"
        );
        // The flags a generated move records are the position's.
        for (a, b) in stage(&pos, Stage::Eliminations).iter().zip(&expected) {
            assert_eq!(a.to_bits(), b.to_bits(), "{pos}");
        }
    }
    assert!(
        eliminating > 100,
        "the positions hold eliminations to check"
    );
}

#[test]
fn the_cheap_legality_check_agrees_with_the_move_list() {
    let all = positions();
    for (i, pos) in all.iter().enumerate() {
        let legal = pos.legal_moves();
        for mv in &legal {
            assert!(pos.is_legal(mv), "{pos}: {mv}");
        }
        // Moves of other positions (a table's move after a collision, a killer).
        for other in all.iter().skip(i + 1).take(3) {
            for mv in other.legal_moves() {
                let listed = legal.iter().find(|m| **m == mv);
                let same = listed.is_some_and(|m| m.to_bits() == mv.to_bits());
                assert_eq!(pos.is_legal(&mv), same, "{pos}: {mv}");
            }
        }
    }
}
