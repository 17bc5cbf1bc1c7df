//! An evaluation as the analysis reports it: a number and its words.

use battaglie_rules::{Scenario, Side};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Eval {
    /// Centi-pieces (a Foot is 100); a forced win in `n` plies is `100000 - n`, a
    /// forced loss `-(100000 - n)`.
    pub centi: i32,
    /// Plies to a forced win (positive) or loss (negative), when the search found one.
    pub forced: Option<i32>,
    /// As the protocol writes it: `35`, `win 3`, `loss 4`.
    pub text: String,
    /// The expected result (a win 1, a draw ½) this evaluation stands for, 0 to 1
    /// to three decimals ([`crate::win_chance`]).
    pub win_chance: f64,
}

impl Eval {
    /// `score`, from `side`'s view in a battle of `scenario`.
    pub fn new(score: Score, scenario: &Scenario, side: Side) -> Eval {
        Eval {
            centi: centi(score),
            forced: match score {
                Score::Value(_) => None,
                Score::Win(n) => Some(n as i32),
                Score::Loss(n) => Some(-(n as i32)),
            },
            text: score.to_string(),
            win_chance: (crate::win_chance(scenario, side, score) * 1000.0).round() / 1000.0,
        }
    }
}
