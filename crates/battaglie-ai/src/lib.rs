//! The computer opponent of battaglie: a principal-variation alpha-beta search over
//! the rules engine.
//!
//! [`search`] takes a [`Game`](battaglie_rules::Game) (for the history that counts
//! repetitions) and [`Limits`], reports each finished iteration through a callback
//! and returns the best move found. The modules: `search` (iterative deepening,
//! PVS, quiescence), `picker` (the moves of a node in stages: table move,
//! eliminations, killers, quiet moves), `tt` (transposition table), `ordering`
//! (move ordering), `eval` (static evaluation), `board` (the map laid out for it),
//! `evalcache` (the evaluations a search already made), [`nnue`] (a learned
//! evaluation, an experiment off by default), `weights` (its named weights), `limits` (budgets and levels), `report` (the score front ends show), `outlook`
//! (the fixed search a player's chance is read from), `chance` (the winning chance
//! its score stands for), `sport` (resigning and draws), `table`
//! (the computer at the table: a draw's answer and offers, what an undo takes back), `turn`
//! (the computer's turn as every front end plays it: [`computer_turn`]),
//! `bench` (a fixed benchmark whose node count is the search's signature), and
//! [`analysis`] (every move of a game judged, for the command line and the web).
//! The search probes the scenario's endgame table (`battaglie-tablebase`) when its
//! registry has one: a held position scores as a table win or loss, 100,000 less
//! the plies to its next elimination, or as a draw.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod analysis;
mod bench;
mod board;
pub mod chance;
mod eval;
mod evalcache;
mod limits;
pub mod nnue;
mod ordering;
mod outlook;
mod picker;
mod report;
mod search;
mod sport;
mod table;
mod tt;
mod turn;
mod weights;

pub use bench::bench;
pub use chance::win_chance;
pub use eval::{evaluate, evaluate_with, PIECE_VALUE};
pub use limits::{level_nodes, Limits, DEFAULT_SEED, MAX_LEVEL};
pub use outlook::{outlook, outlook_limits, OUTLOOK_NODES};
pub use report::report_score;
pub use search::{search, Info, ParseScoreError, Score, SearchResult};
pub use sport::{DrawReason, Gesture, ResignReason, Sport, RESIGN_CHANCE, RESIGN_MOVES};
pub use table::{offers_draw_again, undo_count, OFFER_AGAIN_AFTER};
pub use turn::{computer_turn, Turn};
pub use weights::{ParseWeightsError, Weights};
