use std::fmt;
use std::str::FromStr;

use crate::side::Side;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won: the other has no piece left, or resigned.
    Win(Side),
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Neither side had a move other than pass.
    Deadlock,
    /// The same placement with the same side to move occurred a third time.
    Repetition,
    /// The quiet limit passed without an elimination.
    Quiet,
    /// The players agreed (interfaces only).
    Agreement,
}

impl DrawReason {
    /// The word used by the protocol and records (`deadlock`, `repetition`, `quiet`, `agreement`).
    pub fn word(self) -> &'static str {
        match self {
            DrawReason::Deadlock => "deadlock",
            DrawReason::Repetition => "repetition",
            DrawReason::Quiet => "quiet",
            DrawReason::Agreement => "agreement",
        }
    }
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(s) => Some(s),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// The protocol's status words: `win army`, `draw repetition`...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(side) => write!(f, "win {}", side.word()),
            Outcome::Draw(reason) => write!(f, "draw {}", reason.word()),
        }
    }
}

/// Error of [`Outcome::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown outcome {0:?}: expected `win army`, `win indians` or `draw <deadlock|repetition|quiet|agreement>`")]
pub struct ParseOutcomeError(pub String);

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            ["win", side] => side
                .parse()
                .map(Outcome::Win)
                .map_err(|_| ParseOutcomeError(s.into())),
            ["draw", reason] => Ok(Outcome::Draw(match *reason {
                "deadlock" => DrawReason::Deadlock,
                "repetition" => DrawReason::Repetition,
                "quiet" => DrawReason::Quiet,
                "agreement" => DrawReason::Agreement,
                _ => return Err(ParseOutcomeError(s.into())),
            })),
            _ => Err(ParseOutcomeError(s.into())),
        }
    }
}
