//! Each level's answer, depth, nodes and time from each battle's start.
//!
//! `cargo run -p battaglie-ai --release --example levels`

use std::sync::atomic::AtomicBool;

use battaglie_ai::{search, Limits, MAX_LEVEL};
use battaglie_rules::{Game, Position, Scenario};

fn main() {
    let stop = AtomicBool::new(false);
    for s in Scenario::builtins() {
        let game = Game::new(Position::start(s));
        for level in 1..=MAX_LEVEL {
            let limits = Limits {
                level: Some(level),
                ..Limits::default()
            };
            let t = std::time::Instant::now();
            let r = search(&game, &limits, &stop, |_| {}).expect("a move");
            println!(
                "{:<12} level {level}: {:<16} depth {:>2} score {:>6} nodes {:>8} {:>4} ms",
                s.id(),
                r.best.to_string(),
                r.info.depth,
                r.info.score.to_string(),
                r.info.nodes,
                t.elapsed().as_millis()
            );
        }
    }
}
