//! An evaluation as the analysis reports it: a number and its words.

use serde::{Deserialize, Serialize};

use crate::search::Score;

/// A won or lost score as centi-pieces: beyond any material count, nearer wins larger.
pub(crate) const WON: i32 = 100_000;

/// The engine's score as one number: centi-pieces, won and lost positions as
/// `±(100000 - plies)`.
pub(crate) fn centi(score: Score) -> i32 {
    match score {
        Score::Value(v) => v,
        Score::Win(n) => WON - n.min(1000) as i32,
        Score::Loss(n) => -WON + n.min(1000) as i32,
    }
}

/// A position's evaluation from one side's view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Eval {
    /// Centi-pieces (a Foot is 100); a forced win in `n` plies is `100000 - n`, a
    /// forced loss `-(100000 - n)`.
    pub centi: i32,
    /// Plies to a forced win (positive) or loss (negative), when the search found one.
    pub forced: Option<i32>,
    /// As the protocol writes it: `35`, `win 3`, `loss 4`.
    pub text: String,
}

impl From<Score> for Eval {
    fn from(score: Score) -> Eval {
        Eval {
            centi: centi(score),
            forced: match score {
                Score::Value(_) => None,
                Score::Win(n) => Some(n as i32),
                Score::Loss(n) => Some(-(n as i32)),
            },
            text: score.to_string(),
        }
    }
}
