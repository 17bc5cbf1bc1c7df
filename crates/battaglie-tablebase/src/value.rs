//! A solved position's value: win, loss or draw, with the distance to the next elimination.

use std::fmt;

/// The value of a position for the side to move under perfect play, and in how many
/// plies the next elimination comes (the ply that makes it counts: a capture now is 1).
///
/// Like a chess tablebase's distance to zeroing, the distance is to the next
/// elimination on the winning line, not to the end of the game: after it the quiet
/// counter starts again from 0 and the winner has the whole quiet limit for the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins; its next elimination comes in this many plies.
    Win(u8),
    /// The side to move loses; the opponent's next elimination (or one the side to move
    /// is forced into) comes in this many plies.
    Loss(u8),
    /// Neither side can force a win before the quiet limit.
    Draw,
}

/// The largest distance a table can hold (and so the largest quiet limit it supports).
pub const MAX_DISTANCE: u8 = 127;

/// A table entry that is no position (two sides on one square, a stack over the limit,
/// a kind on terrain it may not enter, a second piece of a kind below the first).
pub(crate) const INVALID: u8 = 255;
const LOSS_BASE: u8 = MAX_DISTANCE;

impl Value {
    /// The entry byte: 0 draw, 1..=127 win in 1..=127, 128..=254 loss in 1..=127.
    pub(crate) fn to_byte(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(d) => d,
            Value::Loss(d) => LOSS_BASE + d,
        }
    }

    /// The value of an entry byte; `None` for [`INVALID`].
    pub(crate) fn from_byte(b: u8) -> Option<Value> {
        match b {
            0 => Some(Value::Draw),
            1..=LOSS_BASE => Some(Value::Win(b)),
            INVALID => None,
            _ => Some(Value::Loss(b - LOSS_BASE)),
        }
    }

    /// The value when the quiet counter already stands at `quiet` of `limit` plies: a
    /// win or a loss whose next elimination comes too late is a draw.
    pub fn at_counter(self, quiet: u32, limit: u32) -> Value {
        let left = limit.saturating_sub(quiet);
        match self {
            Value::Win(d) | Value::Loss(d) if u32::from(d) > left => Value::Draw,
            v => v,
        }
    }

    /// The value one ply earlier, for the side that moved into this position (whose
    /// value this is for the side to move): `capture` when that move eliminated.
    pub fn before(self, capture: bool) -> Value {
        let step = |d: u8| if capture { 1 } else { d.saturating_add(1) };
        match self {
            Value::Win(d) => Value::Loss(step(d)),
            Value::Loss(d) => Value::Win(step(d)),
            Value::Draw => Value::Draw,
        }
    }

    /// Whether `self` is better for the side to move than `other` (a quicker win, a
    /// slower loss).
    pub fn better_than(self, other: Value) -> bool {
        self.rank() > other.rank()
    }

    fn rank(self) -> i32 {
        match self {
            Value::Win(d) => 1000 - i32::from(d),
            Value::Draw => 0,
            Value::Loss(d) => -1000 + i32::from(d),
        }
    }
}

impl fmt::Display for Value {
    /// `win in 3`, `loss in 4`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Loss(d) => write!(f, "loss in {d}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_bytes_round_trip_every_value() {
        for d in 1..=MAX_DISTANCE {
            for v in [Value::Win(d), Value::Loss(d)] {
                assert_eq!(Value::from_byte(v.to_byte()), Some(v));
            }
        }
        assert_eq!(Value::from_byte(0), Some(Value::Draw));
        assert_eq!(Value::from_byte(INVALID), None);
    }

    #[test]
    fn a_win_that_needs_more_plies_than_the_quiet_limit_leaves_is_a_draw() {
        assert_eq!(Value::Win(5).at_counter(95, 100), Value::Win(5));
        assert_eq!(Value::Win(5).at_counter(96, 100), Value::Draw);
        assert_eq!(Value::Loss(1).at_counter(99, 100), Value::Loss(1));
    }

    #[test]
    fn quicker_wins_and_slower_losses_are_better() {
        assert!(Value::Win(1).better_than(Value::Win(3)));
        assert!(Value::Draw.better_than(Value::Loss(50)));
        assert!(Value::Loss(9).better_than(Value::Loss(2)));
    }
}
