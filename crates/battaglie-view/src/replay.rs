//! Every position of a game, for replaying it.

use battaglie_rules::Game;
use serde::Serialize;
use ts_rs::TS;

use super::{stacks, Stack};

/// `GET /api/games/{id}/positions`: the positions from the start on, and the moves
/// between them.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Replay {
    /// Each position in BFEN, the start first.
    pub positions: Vec<String>,
    /// The stacks of each position, as the board draws them.
    pub stacks: Vec<Vec<Stack>>,
    /// The moves: move `i` leads from position `i` to position `i + 1`.
    pub moves: Vec<String>,
}

/// The replay of `game`.
pub fn replay(game: &Game) -> Replay {
    let mut pos = game.start().clone();
    let mut out = Replay {
        positions: vec![pos.to_string()],
        stacks: vec![stacks(&pos)],
        moves: Vec::new(),
    };
    for mv in game.moves() {
        pos.play(mv);
        out.positions.push(pos.to_string());
        out.stacks.push(stacks(&pos));
        out.moves.push(mv.to_string());
    }
    out
}
