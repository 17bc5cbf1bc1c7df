//! Numbering plies: the turn and the side of each move, as records and move lists show them.

use std::fmt;

use crate::position::Position;
use crate::side::Side;

/// Where a move stands in a game: its turn number and the side that plays it
/// (docs/notation.md: turns count from 1, +1 after each Indian move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ply {
    /// The turn number.
    pub turn: u32,
    /// The side that moves.
    pub side: Side,
}

impl Ply {
    /// The ply about to be played in `position`.
    pub fn of(position: &Position) -> Ply {
        Ply {
            turn: position.turn(),
            side: position.side_to_move(),
        }
    }

    /// The ply after this one.
    pub fn next(self) -> Ply {
        Ply {
            turn: self.turn + u32::from(self.side == Side::Indians),
            side: !self.side,
        }
    }

    /// This ply and every one after it, in order.
    pub fn and_after(self) -> impl Iterator<Item = Ply> {
        std::iter::successors(Some(self), |p| Some(p.next()))
    }
}

impl fmt::Display for Ply {
    /// The record's move number: `3.` before an Army move, `3...` before an Indian one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side {
            Side::Army => write!(f, "{}.", self.turn),
            Side::Indians => write!(f, "{}...", self.turn),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_count_a_turn_after_each_indian_move() {
        let first = Ply {
            turn: 3,
            side: Side::Indians,
        };
        let labels: Vec<String> = first.and_after().take(4).map(|p| p.to_string()).collect();
        assert_eq!(labels, ["3...", "4.", "4...", "5."]);
    }
}
