//! Moves read against fixed mid-game positions: a move that reads is legal, prints
//! canonically, and plays and takes back cleanly; `check_move` agrees with the
//! legal-move list.

#![no_main]

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use battaglie_rules::{Move, MoveText, Pieces, Position, Scenario, Square};
use libfuzzer_sys::fuzz_target;

const POSITIONS: [(&str, &str, &str); 2] = [
    (
        "c-rules.toml",
        include_str!("../../crates/battaglie-rules/tests/conformance/c-rules.toml"),
        "F|1Mmm/M|(FV)1(fv)f/|MF2 I 13 7",
    ),
    (
        "c-small.toml",
        include_str!("../../crates/battaglie-rules/tests/conformance/c-small.toml"),
        "M|2f1/|F1(FMV)m/|1f2 A 6 4",
    ),
];

struct Fixed {
    pos: Position,
    legal: Vec<Move>,
    printed: HashSet<String>,
}

fn fixed() -> &'static [Fixed] {
    static F: OnceLock<Vec<Fixed>> = OnceLock::new();
    F.get_or_init(|| {
        let all: Vec<Fixed> = POSITIONS
            .iter()
            .map(|(name, toml, bfen)| {
                let s: Arc<Scenario> = Scenario::from_toml(name, toml).expect("scenario");
                let pos = Position::from_bfen(&s, bfen).expect("position");
                let legal = pos.legal_moves();
                let printed = legal.iter().map(|m| m.to_string()).collect();
                Fixed {
                    pos,
                    legal,
                    printed,
                }
            })
            .collect();
        // check_move agrees with each list, for the other positions' moves too
        // (independent of the input: checked once).
        for f in &all {
            for other in &all {
                for mv in &other.legal {
                    assert_eq!(
                        f.pos.check_move(mv).is_ok(),
                        f.printed.contains(&mv.to_string()),
                        "check_move({mv}) in {:?}",
                        f.pos
                    );
                }
            }
        }
        all
    })
}

/// What a move sends where, in a form comparable between written and generated moves.
fn key(
    from: Square,
    groups: impl Iterator<Item = (Square, Pieces)>,
) -> (Square, Vec<(Square, Pieces)>) {
    let mut g: Vec<_> = groups.collect();
    g.sort();
    (from, g)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let written = text.parse::<MoveText>();
    for f in fixed() {
        let pos = &f.pos;
        match pos.parse_move(&text) {
            Ok(mv) => {
                assert!(
                    f.legal.contains(&mv),
                    "{text:?} read as {mv} in {pos:?}, which is not a legal move"
                );
                assert!(f.printed.contains(&mv.to_string()), "{mv}");
                assert!(pos.check_move(&mv).is_ok(), "{mv}");
                let canonical = mv.to_string();
                assert_eq!(pos.parse_move(&canonical).ok(), Some(mv), "{canonical}");
                let mut work = pos.clone();
                let undo = work.play_unchecked(&mv);
                assert_eq!(work.hash(), work.compute_hash(), "{mv}");
                let after = work.to_string();
                assert!(
                    Position::from_bfen(pos.scenario(), &after).is_ok(),
                    "{mv} gives the invalid {after}"
                );
                work.undo(&mv, undo);
                assert_eq!(&work, pos, "{mv}");
                assert_eq!(work.hash(), pos.hash());
            }
            Err(e) => {
                // A refused move is not one of the legal moves written differently.
                if let Ok(MoveText::Step { from, groups }) = &written {
                    let k = key(*from, groups.iter().map(|&(p, to)| (to, p)));
                    let dup =
                        groups.len() != groups.iter().map(|g| g.1).collect::<HashSet<_>>().len();
                    if !dup {
                        for m in &f.legal {
                            if let Some(mf) = m.from() {
                                assert_ne!(
                                    key(mf, m.groups().map(|g| (g.to, g.pieces))),
                                    k,
                                    "{text:?} refused ({e}) but {m} is legal in {pos:?}"
                                );
                            }
                        }
                    }
                }
                if written == Ok(MoveText::Pass) {
                    assert!(!f.legal.contains(&Move::PASS), "pass refused: {e}");
                }
            }
        }
    }
});
