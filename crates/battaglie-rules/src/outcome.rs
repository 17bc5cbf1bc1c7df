//! How a game ends: the result and the reason for it.

use std::fmt;
use std::str::FromStr;

use crate::side::Side;

/// How a game ended, with the reason (RULES.md, "End of the game").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won, for this reason.
    Win(Side, WinReason),
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser has no piece left, map and staging together.
    Elimination,
    /// The loser resigned (interfaces only).
    Resignation,
    /// The loser's clock ran out (interfaces with a clock; RULES.md, "Clocks and leaving").
    Time,
    /// The loser left and the winner claimed (interfaces with a clock; RULES.md, "Clocks and leaving").
    Abandoned,
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
    /// A clock ran out against a side that could never win (RULES.md, "Clocks and leaving").
    Time,
    /// A player left and the opponent claimed a draw, or claimed a win it could never have (RULES.md, "Clocks and leaving").
    Abandoned,
}

impl WinReason {
    /// The word used by records (`elimination`, `resignation`, `time`, `abandoned`).
    pub fn word(self) -> &'static str {
        WIN_WORDS[self as usize]
    }

    /// How the win came, in a sentence after "won" or "a win": `by elimination`,
    /// `by resignation`, `on time`, `by forfeit` (the other side left).
    pub fn how(self) -> &'static str {
        match self {
            WinReason::Elimination => "by elimination",
            WinReason::Resignation => "by resignation",
            WinReason::Time => "on time",
            WinReason::Abandoned => "by forfeit",
        }
    }

    /// Reads [`WinReason::word`].
    pub fn from_word(word: &str) -> Option<WinReason> {
        WIN_REASONS.into_iter().find(|r| r.word() == word)
    }
}

impl DrawReason {
    /// The word used by the protocol and records (`deadlock`, `repetition`, `quiet`,
    /// `agreement`, `time`, `abandoned`).
    pub fn word(self) -> &'static str {
        DRAW_WORDS[self as usize]
    }

    /// How the draw came, in a sentence after "a draw": `by deadlock`, `by
    /// repetition`, `by the move limit`, `by agreement`, `on time`, `by forfeit`.
    pub fn how(self) -> &'static str {
        match self {
            DrawReason::Deadlock => "by deadlock",
            DrawReason::Repetition => "by repetition",
            DrawReason::Quiet => "by the move limit",
            DrawReason::Agreement => "by agreement",
            DrawReason::Time => "on time",
            DrawReason::Abandoned => "by forfeit",
        }
    }

    /// Reads [`DrawReason::word`].
    pub fn from_word(word: &str) -> Option<DrawReason> {
        DRAW_REASONS.into_iter().find(|r| r.word() == word)
    }
}

/// The record's reason words for a won game, in [`WinReason`] order.
pub(crate) const WIN_WORDS: [&str; 4] = ["elimination", "resignation", "time", "abandoned"];
const WIN_REASONS: [WinReason; 4] = [
    WinReason::Elimination,
    WinReason::Resignation,
    WinReason::Time,
    WinReason::Abandoned,
];
/// The record's reason words for a drawn game, in [`DrawReason`] order.
pub(crate) const DRAW_WORDS: [&str; 6] = [
    "deadlock",
    "repetition",
    "quiet",
    "agreement",
    "time",
    "abandoned",
];
const DRAW_REASONS: [DrawReason; 6] = [
    DrawReason::Deadlock,
    DrawReason::Repetition,
    DrawReason::Quiet,
    DrawReason::Agreement,
    DrawReason::Time,
    DrawReason::Abandoned,
];

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(s, _) => Some(s),
            Outcome::Draw(_) => None,
        }
    }

    /// Whether the players or a clock settled it (resignation, agreed draw, time,
    /// abandonment) rather than the rules of the board.
    pub fn is_settled(self) -> bool {
        matches!(
            self,
            Outcome::Win(
                _,
                WinReason::Resignation | WinReason::Time | WinReason::Abandoned
            ) | Outcome::Draw(DrawReason::Agreement | DrawReason::Time | DrawReason::Abandoned)
        )
    }

    /// A record's result word: `army`, `indians` or `draw`.
    pub fn result_word(self) -> &'static str {
        match self {
            Outcome::Win(side, _) => side.word(),
            Outcome::Draw(_) => "draw",
        }
    }

    /// The outcome in words for a player: "a win for the Army on time", "a draw
    /// by agreement".
    pub fn words(self) -> String {
        match self {
            Outcome::Win(side, reason) => {
                format!("a win for the {} {}", side.title(), reason.how())
            }
            Outcome::Draw(reason) => format!("a draw {}", reason.how()),
        }
    }

    /// A record's reason word: `elimination`, `resignation`, `time`, `abandoned`,
    /// `deadlock`, `repetition`, `quiet` or `agreement`.
    pub fn reason_word(self) -> &'static str {
        match self {
            Outcome::Win(_, reason) => reason.word(),
            Outcome::Draw(reason) => reason.word(),
        }
    }

    /// The outcome a record's result and reason words name (`army` and `resignation`...),
    /// or `None` when they do not name one.
    pub fn from_words(result: &str, reason: &str) -> Option<Outcome> {
        match result {
            "draw" => DrawReason::from_word(reason).map(Outcome::Draw),
            side => {
                let side: Side = side.parse().ok()?;
                Some(Outcome::Win(side, WinReason::from_word(reason)?))
            }
        }
    }
}

impl fmt::Display for Outcome {
    /// The protocol's status words: `win army`, `draw repetition`... (a win's reason is
    /// not part of them: see [`Outcome::reason_word`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(side, _) => write!(f, "win {}", side.word()),
            Outcome::Draw(reason) => write!(f, "draw {}", reason.word()),
        }
    }
}

/// Error of [`Outcome::from_str`]: one variant per way the status words fail.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseOutcomeError {
    /// The first word is neither `win` nor `draw` (or there is none).
    #[error("unknown outcome {0:?}: expected `win army`, `win indians` (optionally followed by `elimination`, `resignation`, `time` or `abandoned`) or `draw <deadlock|repetition|quiet|agreement|time|abandoned>`")]
    Result(String),
    /// `win` is not followed by a side.
    #[error("outcome {0:?}: `win` must name the side, `army` or `indians`")]
    Side(String),
    /// The win's reason is not `elimination` or `resignation`.
    #[error("outcome {0:?}: a win is by `elimination`, `resignation`, `time` or `abandoned`")]
    WinReason(String),
    /// The draw's reason is missing or unknown.
    #[error("outcome {0:?}: a draw is by `deadlock`, `repetition`, `quiet`, `agreement`, `time` or `abandoned`")]
    DrawReason(String),
    /// Words follow a complete outcome.
    #[error("outcome {0:?}: unexpected words after the outcome")]
    Trailing(String),
}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    /// Reads the protocol's status words; `win <side>` is a win by elimination unless
    /// followed by `resignation`.
    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let text = || s.to_string();
        match words.as_slice() {
            ["win", rest @ ..] => {
                let side: Side = rest
                    .first()
                    .and_then(|w| w.parse().ok())
                    .ok_or_else(|| ParseOutcomeError::Side(text()))?;
                let reason = match rest.get(1).copied() {
                    None => WinReason::Elimination,
                    Some(word) => WinReason::from_word(word)
                        .ok_or_else(|| ParseOutcomeError::WinReason(text()))?,
                };
                if rest.len() > 2 {
                    return Err(ParseOutcomeError::Trailing(text()));
                }
                Ok(Outcome::Win(side, reason))
            }
            ["draw", rest @ ..] => {
                let outcome = rest
                    .first()
                    .and_then(|w| Outcome::from_words("draw", w))
                    .ok_or_else(|| ParseOutcomeError::DrawReason(text()))?;
                if rest.len() > 1 {
                    return Err(ParseOutcomeError::Trailing(text()));
                }
                Ok(outcome)
            }
            _ => Err(ParseOutcomeError::Result(text())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_words_name_every_result_and_reason_and_read_back() {
        for side in [Side::Army, Side::Indians] {
            for reason in WIN_REASONS {
                let o = Outcome::Win(side, reason);
                assert_eq!(o.to_string(), format!("win {}", side.word()));
                let words = format!("{o} {}", reason.word());
                assert_eq!(words.parse::<Outcome>(), Ok(o));
                assert_eq!(
                    Outcome::from_words(o.result_word(), o.reason_word()),
                    Some(o)
                );
            }
        }
        for reason in DRAW_REASONS {
            let o = Outcome::Draw(reason);
            assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
            assert_eq!(Outcome::from_words("draw", reason.word()), Some(o));
        }
        assert_eq!(
            "win army".parse(),
            Ok(Outcome::Win(Side::Army, WinReason::Elimination))
        );
        assert_eq!(Outcome::from_words("draw", "elimination"), None);
        assert_eq!(Outcome::from_words("army", "quiet"), None);
        assert!("win".parse::<Outcome>().is_err());
    }

    #[test]
    fn a_bad_outcome_says_which_word_is_wrong() {
        let err = |s: &str| s.parse::<Outcome>().unwrap_err();
        assert_eq!(err(""), ParseOutcomeError::Result(String::new()));
        assert_eq!(
            err("lose army"),
            ParseOutcomeError::Result("lose army".into())
        );
        assert_eq!(err("win"), ParseOutcomeError::Side("win".into()));
        assert_eq!(
            err("win cavalry"),
            ParseOutcomeError::Side("win cavalry".into())
        );
        assert_eq!(
            err("win army quiet"),
            ParseOutcomeError::WinReason("win army quiet".into())
        );
        assert_eq!(err("draw"), ParseOutcomeError::DrawReason("draw".into()));
        assert_eq!(
            err("draw elimination"),
            ParseOutcomeError::DrawReason("draw elimination".into())
        );
        assert_eq!(
            err("draw quiet now"),
            ParseOutcomeError::Trailing("draw quiet now".into())
        );
    }
}
