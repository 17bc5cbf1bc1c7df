#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bfen;
mod board;
mod file_words;
mod game;
mod illegal;
mod kind;
mod movegen;
mod moves;
mod notation_buf;
mod outcome;
mod perft;
mod pieces;
mod playout;
mod ply;
mod position;
mod quiet_variant;
pub mod record;
mod rng;
mod rules;
pub mod scenario;
mod setup;
mod side;
mod square;
mod staged;
mod sufficient;
mod terrain;
mod zobrist;

pub use bfen::{Bfen, BfenField, BfenRank, ParseBfenError, MAX_COUNTER};
pub use board::{board_text, Charset};
pub use file_words::file_error;
pub use game::{ClockReason, Game, GameOver};
pub use illegal::{IllegalMoveError, MoveError, PlayError};
pub use kind::{Kind, KindSet};
pub use moves::{Group, Move, MoveText, ParseMoveError};
pub use outcome::{DrawReason, Outcome, ParseOutcomeError, WinReason};
pub use perft::{divide, perft, perft_played};
pub use pieces::Pieces;
pub use playout::{random_playout, Playout, Rollout};
pub use ply::Ply;
pub use position::{Position, Undo};
pub use rng::Rng;
pub use rules::Rules;
pub use scenario::{Notes, Scenario, ScenarioError};
pub use setup::{BfenError, SetupError};
pub use side::{ParseSideError, Side};
pub use square::{ParseSquareError, Square, MAX_SIDE};
pub use staged::Stage;
pub use sufficient::{can_ever_win, untouchable, Unreachable, Untouchable};
pub use terrain::TerrainKind;
