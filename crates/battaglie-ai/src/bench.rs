//! The fixed benchmark: a set of positions searched to a fixed depth on one thread.
//!
//! The total node count is a signature of the search: it changes only when the
//! search or the evaluation changes (not with the machine or the load), so a
//! change meant to be a pure speed-up must keep it. The positions are the start of
//! each built-in battle and, for each battle, the positions after 12 and 24 plies of
//! seeded random play from the start.
//!
//! Signature of this version: depth 4 = 148,632 nodes, depth 5 = 366,021 nodes
//! (`cargo run -p battaglie-ai --release --example bench -- 4`), pinned by a test.
//! Update these figures whenever a change to the search or the evaluation moves them.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use web_time::Instant;

use battaglie_rules::{Game, Position, Rng, Scenario};

use crate::limits::Limits;
use crate::search::search;

/// The seed of the random plies that make the benchmark's positions.
const BENCH_SEED: u64 = 1977;

/// The benchmark's positions, in a fixed order.
pub(crate) fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut rng = Rng::new(BENCH_SEED);
    for scenario in Scenario::builtins() {
        let start = Position::start(scenario);
        out.push(start.clone());
        let mut pos = start;
        for ply in 1..=24 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(&mv);
            if ply % 12 == 0 && !pos.is_over() {
                out.push(pos.clone());
            }
        }
    }
    out
}

/// Searches every benchmark position to `depth` plies on one thread (a fresh
/// search each) and returns the total nodes and the time taken.
pub fn bench(depth: u32) -> (u64, Duration) {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let start = Instant::now();
    let mut nodes = 0;
    for pos in positions() {
        let game = Game::new(pos);
        if let Some(r) = search(&game, &limits, &stop, |_| {}) {
            nodes += r.info.nodes;
        }
    }
    (nodes, start.elapsed())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_bench_node_count_is_the_pinned_signature_of_the_search() {
        // A change to the search, the evaluation or the rules moves this figure: it
        // is then updated here, in the module doc and in docs/notebook/strength.md.
        assert_eq!(super::bench(4).0, 148_632);
    }
}
