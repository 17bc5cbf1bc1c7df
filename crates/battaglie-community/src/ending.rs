//! How a clock ends a game (RULES.md, "Clocks and leaving"): the result and its reason,
//! `time` or `abandoned`.

use std::fmt;

use battaglie_rules::{can_ever_win, Position, Side};
use serde::{Deserialize, Serialize};

/// Why a clock or an absence ended a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A live clock ran out.
    Time,
    /// A player was gone past the limit (live) or past their time
    /// (correspondence), and the opponent claimed.
    Abandoned,
}

impl EndReason {
    /// The record's reason word: `time` or `abandoned`.
    pub fn word(self) -> &'static str {
        match self {
            EndReason::Time => "time",
            EndReason::Abandoned => "abandoned",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The result a clock or a claim gives a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Ending {
    /// `winner` won.
    Win {
        /// The side that won.
        winner: Side,
        /// Why.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Ending {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::Win { winner, .. } => Some(winner),
            Ending::Draw { .. } => None,
        }
    }

    /// The reason.
    pub fn reason(self) -> EndReason {
        match self {
            Ending::Win { reason, .. } | Ending::Draw { reason } => reason,
        }
    }

    /// A win for `winner`, unless it could never win in `position`: then a draw.
    pub fn win_unless_hopeless(position: &Position, winner: Side, reason: EndReason) -> Ending {
        if can_ever_win(position, winner) {
            Ending::Win { winner, reason }
        } else {
            Ending::Draw { reason }
        }
    }
}

/// The result when `late`'s live clock runs out in `position`: the opponent
/// wins, or the game is drawn when the opponent could never win
/// ([`battaglie_rules::untouchable`] names the piece that shows it).
pub fn flag_fall(position: &Position, late: Side) -> Ending {
    Ending::win_unless_hopeless(position, !late, EndReason::Time)
}

#[cfg(test)]
mod tests {
    use battaglie_rules::Scenario;

    use super::*;

    fn washita(bfen: &str) -> Position {
        Position::from_bfen(&Scenario::builtin("washita").unwrap(), bfen).unwrap()
    }

    #[test]
    fn running_out_of_time_loses() {
        let p = washita("|12/|12/|12/|12/|2M9/|12/|6f5/|12 I 0 1");
        assert_eq!(
            flag_fall(&p, Side::Indians),
            Ending::Win {
                winner: Side::Army,
                reason: EndReason::Time
            }
        );
    }

    #[test]
    fn running_out_against_foot_that_can_never_take_a_horseman_draws() {
        let p = washita("|12/|12/|12/|12/|2F9/|12/|6m5/|12 I 0 1");
        let e = flag_fall(&p, Side::Indians);
        assert_eq!(
            e,
            Ending::Draw {
                reason: EndReason::Time
            }
        );
        assert_eq!((e.winner(), e.reason().word()), (None, "time"));
    }
}
