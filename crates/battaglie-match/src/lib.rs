//! Matches between battaglie players, the part shared by `battaglie match` and the
//! Python package's cluster matches: players written as specs (`level:8`,
//! `nodes:2000,seed:3`, `engine:"cmd"`), the games of a match numbered, seeded and
//! given random openings, one game played to its JSON record, and the summary table.
//!
//! Whoever runs the games (threads on one machine, tasks on a Ray cluster) gets the
//! same games for the same arguments: every random choice comes from the seeds here.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bench;
mod engine;
mod jobs;
mod play;
mod player;
mod report;

pub use bench::bench_positions;
pub use engine::EngineError;
pub use jobs::{jobs, opening, random_plies, Job};
pub use play::{play, GameResult};
pub use player::{go_line, parse_limits, Player, PlayerError};
pub use report::{report, score_and_error, Tally};
