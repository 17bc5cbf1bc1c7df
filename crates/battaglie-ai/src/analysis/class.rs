//! How bad a move was: an inaccuracy, a mistake or a blunder.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::search::Score;

/// Loss thresholds in centi-pieces (a Foot is 100).
const INACCURACY: i32 = 50;
const MISTAKE: i32 = 150;
const BLUNDER: i32 = 300;

/// A move's class by its loss against the engine's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "MoveClass")]
pub enum Class {
    /// Lost at least half a Foot (`?!`).
    Inaccuracy,
    /// Lost at least one and a half Foot (`?`).
    Mistake,
    /// Lost at least three Foot, or let a forced win go (`??`).
    Blunder,
}

impl Class {
    /// The class of a move that turned `before` into `after` (both from the mover's
    /// view) and lost `loss` centi-pieces; `None` for a good move.
    pub fn of(before: Score, after: Score, loss: i32) -> Option<Class> {
        let lost_win = matches!(before, Score::Win(_)) && !matches!(after, Score::Win(_));
        if loss >= BLUNDER || lost_win {
            Some(Class::Blunder)
        } else if loss >= MISTAKE {
            Some(Class::Mistake)
        } else if loss >= INACCURACY {
            Some(Class::Inaccuracy)
        } else {
            None
        }
    }

    /// The annotation mark: `?!`, `?` or `??`.
    pub fn mark(self) -> &'static str {
        match self {
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    /// The loss a summary counts for a move of this class at most: a lost win counts
    /// as a blunder, but its loss in numbers would swamp the average.
    pub(crate) const LOSS_CAP: i32 = BLUNDER * 10;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_of_half_a_foot_one_and_a_half_and_three_are_marked() {
        let v = Score::Value;
        assert_eq!(Class::of(v(0), v(-49), 49), None);
        assert_eq!(Class::of(v(0), v(-50), 50), Some(Class::Inaccuracy));
        assert_eq!(Class::of(v(0), v(-150), 150), Some(Class::Mistake));
        assert_eq!(Class::of(v(0), v(-300), 300), Some(Class::Blunder));
        assert_eq!(Class::Mistake.mark(), "?");
    }

    #[test]
    fn letting_a_forced_win_go_is_a_blunder_whatever_the_numbers() {
        assert_eq!(
            Class::of(Score::Win(3), Score::Value(900), 0),
            Some(Class::Blunder)
        );
    }
}
