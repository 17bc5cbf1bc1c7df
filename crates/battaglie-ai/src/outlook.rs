//! The outlook: the one search whose score a player's winning chance is read from.
//!
//! A level's own search is a poor witness of how a game stands: the weak levels
//! look one ply and slip on purpose, the strong one looks far, and the same position
//! scored by each maps to wildly different chances. So every chance a player reads
//! (the terminal's panel, the computer's draw and resignation decisions, online and
//! offline, and the analysis) comes from one search of a fixed budget,
//! [`OUTLOOK_NODES`], whose reported score the curve of [`crate::chance`] was fitted
//! on. It is cheap beside the levels that matter (a few milliseconds) and counts
//! nodes, so the same position gives the same chance on every machine.

use std::sync::atomic::AtomicBool;

use battaglie_rules::{Game, Position};

use crate::limits::Limits;
use crate::report::report_score;
use crate::search::{search, Score};

/// The node budget of the outlook's search: the analysis's too, so that an
/// analysis's chances are the ones read during play.
pub const OUTLOOK_NODES: u64 = 20_000;

/// The limits of the outlook's search: [`OUTLOOK_NODES`], one thread, the default
/// weights, no level (so no slip).
pub fn outlook_limits() -> Limits {
    Limits {
        nodes: Some(OUTLOOK_NODES),
        ..Limits::default()
    }
}

/// The reported score ([`report_score`]) of `pos` for its side to move, by the
/// outlook's search; a finished position is scored by nothing and gives a draw's 0
/// (no chance is shown for it).
pub fn outlook(pos: &Position) -> Score {
    let limits = outlook_limits();
    let game = Game::new(pos.clone());
    match search(&game, &limits, &AtomicBool::new(false), |_| {}) {
        Some(found) => report_score(pos, &limits, &found.info),
        None => Score::Value(0),
    }
}
