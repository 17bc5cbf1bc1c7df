#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bfen;
mod game;
mod kind;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod pieces;
mod playout;
mod position;
pub mod record;
mod rules;
pub mod scenario;
mod side;
mod square;
mod terrain;
mod zobrist;

pub use bfen::{Bfen, BfenField, BfenRank, ParseBfenError, MAX_COUNTER};
pub use game::Game;
pub use kind::{Kind, KindSet};
pub use movegen::{IllegalMoveError, MoveError};
pub use moves::{Group, Move, MoveText, ParseMoveError};
pub use outcome::{DrawReason, Outcome, ParseOutcomeError};
pub use perft::{divide, perft, perft_played};
pub use pieces::Pieces;
pub use playout::{random_playout, Playout, Rollout};
pub use position::{PlayError, Position, Undo};
pub use rules::Rules;
pub use scenario::{Notes, Scenario, ScenarioError};
pub use side::{ParseSideError, Side};
pub use square::{ParseSquareError, Square, MAX_SIDE};
pub use terrain::TerrainKind;
