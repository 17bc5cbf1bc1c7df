//! The computer opponent of battaglie: an alpha-beta search over the rules engine.
//!
//! [`search`] takes a [`Game`](battaglie_rules::Game) (for the history that counts
//! repetitions) and [`Limits`], reports each finished iteration through a callback
//! and returns the best move found.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod eval;
mod limits;
mod search;

pub use eval::{evaluate, PIECE_VALUE};
pub use limits::{Limits, MAX_LEVEL};
pub use search::{search, Info, Score, SearchResult};
