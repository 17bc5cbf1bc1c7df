//! The state's words as types: each field the page compares against a fixed
//! set of words is an enum here, serialised by serde to exactly the word the
//! page reads (`web/*.js`, `web/types/`). A new case in the rules, the clock or
//! the computer's gestures fails to compile until it has its word.

use battaglie_ai::{DrawReason as OfferReason, ResignReason};
use battaglie_community::{ClockState, TimeControl};
use battaglie_rules::{DrawReason, Outcome, Side, WinReason};
use serde::{Serialize, Serializer};
use ts_rs::TS;

/// Whether the game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::VariantArray)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "GameStatus")]
pub enum Status {
    /// Still being played.
    Ongoing,
    /// Over: `result` and `reason` say how.
    Over,
    /// Called off before its first move: no result.
    Aborted,
}

/// Who won a game over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::VariantArray)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "GameResult")]
pub enum GameResult {
    /// The Army won.
    Army,
    /// The Indians won.
    Indians,
    /// Nobody did.
    Draw,
}

/// Why a game ended: a win's reason or a draw's (a record's reason word).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::VariantArray)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "EndReason")]
pub enum Reason {
    /// The loser has no piece left.
    Elimination,
    /// The loser resigned.
    Resignation,
    /// A clock ran out.
    Time,
    /// A player left and the opponent claimed.
    Abandoned,
    /// Neither side had a move other than pass.
    Deadlock,
    /// The same position a third time.
    Repetition,
    /// Too long without an elimination.
    Quiet,
    /// The players agreed.
    Agreement,
}

/// Why the computer just resigned, offered a draw or accepted the player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum ComputerSays {
    /// Its search found its position lost several moves in a row.
    LostScore,
    /// The endgame table says its position is lost.
    TablebaseLoss,
    /// The endgame table says neither side can force a win.
    TablebaseDraw,
    /// Neither side has the pieces left to eliminate every enemy piece.
    NeitherCanWin,
    /// It can never win (a reason to accept a draw, not to offer one).
    CannotWin,
    /// It is not ahead (a reason to accept a draw, not to offer one).
    Behind,
    /// It expects more from playing on: its answer declining the player's draw offer.
    Ahead,
}

/// A time control's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::VariantArray)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "ClockKind")]
pub enum ClockKind {
    /// Minutes and seconds, played in one sitting.
    Live,
    /// Days and hours a move.
    Correspondence,
}

/// Whether a clock's time runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::VariantArray)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "ClockRuns")]
pub enum ClockRuns {
    /// No time runs before the first move.
    Ready,
    /// The side to move's time runs.
    Running,
    /// Stopped for a while (the site was down).
    Paused,
    /// Stopped for good: the game is over.
    Stopped,
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win(Side::Army, _) => GameResult::Army,
            Outcome::Win(Side::Indians, _) => GameResult::Indians,
            Outcome::Draw(_) => GameResult::Draw,
        }
    }
}

impl From<Outcome> for Reason {
    fn from(outcome: Outcome) -> Reason {
        match outcome {
            Outcome::Win(_, WinReason::Elimination) => Reason::Elimination,
            Outcome::Win(_, WinReason::Resignation) => Reason::Resignation,
            Outcome::Win(_, WinReason::Time) | Outcome::Draw(DrawReason::Time) => Reason::Time,
            Outcome::Win(_, WinReason::Abandoned) | Outcome::Draw(DrawReason::Abandoned) => {
                Reason::Abandoned
            }
            Outcome::Draw(DrawReason::Deadlock) => Reason::Deadlock,
            Outcome::Draw(DrawReason::Repetition) => Reason::Repetition,
            Outcome::Draw(DrawReason::Quiet) => Reason::Quiet,
            Outcome::Draw(DrawReason::Agreement) => Reason::Agreement,
        }
    }
}

impl From<ResignReason> for ComputerSays {
    fn from(why: ResignReason) -> ComputerSays {
        match why {
            ResignReason::LostScore(_) => ComputerSays::LostScore,
            ResignReason::TablebaseLoss(_) => ComputerSays::TablebaseLoss,
        }
    }
}

impl From<OfferReason> for ComputerSays {
    fn from(why: OfferReason) -> ComputerSays {
        match why {
            OfferReason::TablebaseDraw => ComputerSays::TablebaseDraw,
            OfferReason::NeitherCanWin => ComputerSays::NeitherCanWin,
            OfferReason::CannotWin => ComputerSays::CannotWin,
            OfferReason::Behind(_) => ComputerSays::Behind,
            OfferReason::TablebaseLoss(_) => ComputerSays::TablebaseLoss,
        }
    }
}

impl From<&TimeControl> for ClockKind {
    fn from(control: &TimeControl) -> ClockKind {
        if control.is_live() {
            ClockKind::Live
        } else {
            ClockKind::Correspondence
        }
    }
}

impl From<ClockState> for ClockRuns {
    fn from(state: ClockState) -> ClockRuns {
        match state {
            ClockState::Ready { .. } => ClockRuns::Ready,
            ClockState::Running { .. } => ClockRuns::Running,
            ClockState::Paused { .. } => ClockRuns::Paused,
            ClockState::Stopped { .. } => ClockRuns::Stopped,
        }
    }
}

/// Serialises a value by its word (a `strum` name such as a game's mode).
pub(super) fn as_word<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
where
    T: Copy + Into<&'static str>,
    S: Serializer,
{
    serializer.serialize_str((*value).into())
}

#[cfg(test)]
mod tests {
    use strum::VariantArray;

    use super::*;

    /// The words of every case of `T`, as serde writes them.
    fn words<T: VariantArray + Serialize>() -> Vec<String> {
        T::VARIANTS
            .iter()
            .map(|v| {
                serde_json::to_value(v)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect()
    }

    /// The English sentences of the page, by key.
    const LANG_EN: &str = include_str!("../../../web/lang-en.js");

    fn has_sentence(key: &str) -> bool {
        LANG_EN.contains(&format!("\n  {key}: "))
    }

    #[test]
    fn the_status_result_and_clock_words_are_those_the_page_compares_with() {
        assert_eq!(words::<Status>(), ["ongoing", "over", "aborted"]);
        assert_eq!(words::<GameResult>(), ["army", "indians", "draw"]);
        assert_eq!(words::<ClockKind>(), ["live", "correspondence"]);
        assert_eq!(
            words::<ClockRuns>(),
            ["ready", "running", "paused", "stopped"]
        );
    }

    #[test]
    fn every_reason_a_game_ends_for_is_a_word_the_page_has_a_sentence_for() {
        for word in words::<Reason>() {
            assert!(has_sentence(&format!("reason_{word}")), "reason {word}");
        }
    }

    #[test]
    fn what_the_computer_says_resigning_offering_accepting_or_declining_a_draw_is_a_word_the_page_has_a_sentence_for(
    ) {
        assert_eq!(
            words::<ComputerSays>(),
            [
                "lost-score",
                "tablebase-loss",
                "tablebase-draw",
                "neither-can-win",
                "cannot-win",
                "behind",
                "ahead"
            ]
        );
        for says in ComputerSays::VARIANTS {
            let word = serde_json::to_value(says).unwrap();
            let key = format!("says_{}", word.as_str().unwrap().replace('-', "_"));
            assert!(has_sentence(&key), "{key}");
        }
    }

    #[test]
    fn each_end_of_the_rules_has_the_result_and_reason_words_of_its_record() {
        let ends = [
            Outcome::Win(Side::Army, WinReason::Elimination),
            Outcome::Win(Side::Indians, WinReason::Resignation),
            Outcome::Win(Side::Army, WinReason::Time),
            Outcome::Win(Side::Indians, WinReason::Abandoned),
            Outcome::Draw(DrawReason::Deadlock),
            Outcome::Draw(DrawReason::Repetition),
            Outcome::Draw(DrawReason::Quiet),
            Outcome::Draw(DrawReason::Agreement),
            Outcome::Draw(DrawReason::Time),
            Outcome::Draw(DrawReason::Abandoned),
        ];
        for end in ends {
            let word = |v: serde_json::Value| v.as_str().unwrap().to_string();
            let result = word(serde_json::to_value(GameResult::from(end)).unwrap());
            let reason = word(serde_json::to_value(Reason::from(end)).unwrap());
            assert_eq!(
                (result.as_str(), reason.as_str()),
                (end.result_word(), end.reason_word())
            );
        }
    }
}
