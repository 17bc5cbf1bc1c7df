//! The tables against a second, independent solver: plain forward minimax over the
//! rules crate's own moves and game ends, with the quiet counter in the memo, on a
//! tiny battle. They must agree on every position at every counter, and on the
//! distance to the next elimination.

mod common;

use std::collections::HashMap;

use battaglie_rules::{Outcome, Position};
use battaglie_tablebase::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wdl {
    Win,
    Draw,
    Loss,
}

fn solve(pos: &Position, memo: &mut HashMap<(u64, u32), Wdl>) -> Wdl {
    match pos.outcome() {
        Some(Outcome::Win(side, _)) => {
            return if side == pos.side_to_move() {
                Wdl::Win
            } else {
                Wdl::Loss
            }
        }
        Some(Outcome::Draw(_)) => return Wdl::Draw,
        None => {}
    }
    let key = (pos.hash(), pos.quiet());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = Wdl::Loss;
    for mv in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(&mv);
        let v = match solve(&next, memo) {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        };
        if v == Wdl::Win {
            best = v;
            break;
        }
        if v == Wdl::Draw {
            best = Wdl::Draw;
        }
    }
    memo.insert(key, best);
    best
}

#[test]
fn the_tables_agree_with_forward_minimax_on_every_position_and_counter() {
    let scenario = common::tiny();
    let tb = common::tiny_table(3);
    let limit = scenario.rules().quiet_limit();
    let mut memo = HashMap::new();
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    // The most quiet plies after which the minimax still wins, per position.
    let mut latest_win: HashMap<u64, (u32, Value)> = HashMap::new();
    for quiet in 0..limit {
        for pos in common::positions(&scenario, 3, quiet) {
            if pos.is_over() {
                assert_eq!(tb.probe(&pos), None, "{}", pos.bfen());
                continue;
            }
            let table = tb.probe(&pos).expect("held");
            let wdl = solve(&pos, &mut memo);
            let agrees = matches!(
                (wdl, table),
                (Wdl::Win, Value::Win(_)) | (Wdl::Loss, Value::Loss(_)) | (Wdl::Draw, Value::Draw)
            );
            assert!(agrees, "{}: minimax {wdl:?}, table {table}", pos.bfen());
            match table {
                Value::Win(_) => {
                    wins += 1;
                    latest_win.insert(pos.hash(), (quiet, table));
                }
                Value::Loss(_) => losses += 1,
                Value::Draw => draws += 1,
            }
        }
    }
    // A win in d plies at counter q is a win exactly while q + d <= the limit.
    for (hash, (quiet, value)) in latest_win {
        let Value::Win(d) = value else { unreachable!() };
        assert_eq!(u32::from(d), limit - quiet, "position {hash:x}");
    }
    eprintln!("{wins} wins, {draws} draws, {losses} losses");
    assert!(
        wins > 1000 && losses > 1000 && draws > 1000,
        "{wins} {losses} {draws}"
    );
}
