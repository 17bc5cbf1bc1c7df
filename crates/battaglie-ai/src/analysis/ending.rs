//! How an analysed game ended, in words.

use battaglie_rules::{Game, Outcome, Side, WinReason};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The end of a game: the record's words and a sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Ending {
    /// `army`, `indians`, `draw`, or `unfinished`.
    #[ts(type = "\"army\" | \"indians\" | \"draw\" | \"unfinished\"")]
    pub result: String,
    /// The record's reason word (`elimination`, `resignation`, `quiet`...), if it ended.
    pub reason: Option<String>,
    /// A sentence: "army (7th Cavalry) won by eliminating every indians piece".
    pub words: String,
}

impl Ending {
    /// How `game` ended (or that it has not).
    pub fn of(game: &Game) -> Ending {
        let s = game.position().scenario();
        let Some(outcome) = game.outcome() else {
            return Ending {
                result: "unfinished".to_string(),
                reason: None,
                words: format!(
                    "unfinished after {} moves, {} to move",
                    game.moves().len(),
                    game.position().side_to_move().title()
                ),
            };
        };
        // The sides as the battle names them: "The Army (7th U.S. Cavalry)".
        let who = |side: Side| format!("the {} ({})", side.title(), s.side_name(side));
        let words = match outcome {
            Outcome::Win(side, WinReason::Resignation) => {
                format!("{} won: {} resigned", who(side), who(!side))
            }
            Outcome::Win(side, WinReason::Elimination) => format!(
                "{} won by eliminating every piece of {}",
                who(side),
                who(!side)
            ),
            Outcome::Win(side, WinReason::Time) => {
                format!("{} won: {} ran out of time", who(side), who(!side))
            }
            Outcome::Win(side, WinReason::Abandoned) => {
                format!("{} won: {} left the game", who(side), who(!side))
            }
            Outcome::Draw(reason) => format!("drawn {}", reason.how()),
        };
        Ending {
            result: outcome.result_word().to_string(),
            reason: Some(outcome.reason_word().to_string()),
            words,
        }
    }
}
