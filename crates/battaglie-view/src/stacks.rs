//! The stacks of a position: what the board draws.

use battaglie_rules::{Position, Side};
use serde::Serialize;
use ts_rs::TS;

use super::{KindCounts, SideWord};

/// The pieces on one square: a map square (`c5`) or a staging square (`@3`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Stack {
    /// The square, as the notation names it.
    pub square: String,
    /// Whose pieces they are.
    pub side: SideWord,
    /// How many of each kind.
    #[serde(flatten)]
    pub pieces: KindCounts,
}

/// Every occupied square of `pos`, staging included, in the rules' square order
/// (rank by rank from the south, staging first, then west to east).
pub fn stacks(pos: &Position) -> Vec<Stack> {
    let mut squares: Vec<_> = Side::ALL.iter().flat_map(|&s| pos.squares_of(s)).collect();
    squares.sort();
    squares
        .into_iter()
        .filter_map(|sq| {
            let (side, pieces) = pos.stack(sq)?;
            Some(Stack {
                square: sq.to_string(),
                side: side.into(),
                pieces: KindCounts::of(pieces),
            })
        })
        .collect()
}
