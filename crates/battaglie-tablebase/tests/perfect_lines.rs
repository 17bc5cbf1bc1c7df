//! Perfect play replayed from the tables: every move the table calls best keeps the
//! value, a win's distance to the next elimination falls by one each ply, and a won
//! position is won to the end.

mod common;

use battaglie_rules::{Outcome, Position};
use battaglie_tablebase::Value;

fn replay(tb: &battaglie_tablebase::Tablebase, start: &Position) {
    let winner = match tb.probe(start) {
        Some(Value::Win(_)) => Some(start.side_to_move()),
        Some(Value::Loss(_)) => Some(!start.side_to_move()),
        _ => None,
    };
    let mut pos = start.clone();
    for _ in 0..200 {
        let Some(value) = tb.probe(&pos) else {
            break;
        };
        let (mv, kept) = tb.best_move(&pos).expect("a held position has a best move");
        assert_eq!(
            kept,
            value,
            "{}: best move {mv} keeps {kept}, not {value}",
            pos.bfen()
        );
        let before = pos.piece_count(!pos.side_to_move());
        let mover = pos.side_to_move();
        pos.play_unchecked(&mv);
        let captured = pos.piece_count(!mover) < before;
        match (value, pos.outcome()) {
            (Value::Win(d), None) => {
                let after = tb.probe(&pos).expect("held");
                if captured {
                    assert_eq!(d, 1, "{}", pos.bfen());
                    assert!(matches!(after, Value::Loss(_)), "{}", pos.bfen());
                } else {
                    assert_eq!(after, Value::Loss(d - 1), "{}", pos.bfen());
                }
            }
            (Value::Loss(d), None) => {
                let after = tb.probe(&pos).expect("held");
                if captured {
                    assert_eq!(d, 1);
                    assert!(matches!(after, Value::Win(_)), "{}", pos.bfen());
                } else {
                    assert_eq!(after, Value::Win(d - 1), "{}", pos.bfen());
                }
            }
            (Value::Draw, None) => assert_eq!(tb.probe(&pos), Some(Value::Draw), "{}", pos.bfen()),
            (Value::Draw, Some(o)) => assert_eq!(o.winner(), None, "{}", pos.bfen()),
            (_, Some(o)) => {
                assert!(matches!(o, Outcome::Win(..)), "{}: {o:?}", pos.bfen());
                assert_eq!(o.winner(), winner, "{}", start.bfen());
            }
        }
        if pos.is_over() {
            break;
        }
    }
    if winner.is_some() {
        assert_eq!(
            pos.outcome().and_then(|o| o.winner()),
            winner,
            "from {}",
            start.bfen()
        );
    }
}

#[test]
fn perfect_lines_keep_their_value_and_the_distance_falls_each_ply() {
    let scenario = common::tiny();
    let tb = common::tiny_table(3);
    let mut seen = [0; 3];
    for quiet in [0, 4, 9] {
        for (i, pos) in common::positions(&scenario, 3, quiet).iter().enumerate() {
            if i % 7 != 0 || pos.is_over() {
                continue;
            }
            match tb.probe(pos) {
                Some(Value::Win(_)) => seen[0] += 1,
                Some(Value::Draw) => seen[1] += 1,
                Some(Value::Loss(_)) => seen[2] += 1,
                None => unreachable!(),
            }
            replay(&tb, pos);
        }
    }
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}

#[test]
fn a_quiet_counter_near_the_limit_turns_a_slow_win_into_a_draw() {
    let scenario = common::tiny();
    let tb = common::tiny_table(3);
    let limit = scenario.rules().quiet_limit();
    let slow = common::positions(&scenario, 3, 0)
        .into_iter()
        .find(|p| matches!(tb.probe(p), Some(Value::Win(d)) if d >= 3))
        .expect("some win takes three plies");
    let Some(Value::Win(d)) = tb.probe(&slow) else {
        unreachable!()
    };
    let at = |q: u32| {
        let text = slow.bfen().to_string();
        let fields: Vec<&str> = text.split(' ').collect();
        let bfen = format!("{} {} {q} {}", fields[0], fields[1], fields[3]);
        tb.probe(&Position::from_bfen(&scenario, &bfen).expect("same placement"))
    };
    assert_eq!(at(limit - u32::from(d)), Some(Value::Win(d)));
    assert_eq!(at(limit - u32::from(d) + 1), Some(Value::Draw));
}
