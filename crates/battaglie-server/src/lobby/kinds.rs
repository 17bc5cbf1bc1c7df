//! The lobby's kinds as stored and sent: where a challenge or a request to play
//! anyone stands, and the side asked for. The same words in the database and on
//! the wire.

use battaglie_community::SideChoice;
use serde::Serialize;
use ts_rs::TS;

/// Where a challenge stands.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum ChallengeState {
    /// Waiting for an acceptance.
    Open,
    /// Accepted: a game started (or is being made).
    Accepted,
    /// Withdrawn by its challenger.
    Cancelled,
    /// Refused by its addressee.
    Declined,
}

/// Where a request to play anyone stands.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum SeekState {
    /// Waiting for a match.
    Waiting,
    /// Paired into a game.
    Paired,
}

/// The stored word of a side asked for: `army`, `indians` or `random`.
pub(crate) fn side_choice_word(side: SideChoice) -> &'static str {
    match side {
        SideChoice::Army => "army",
        SideChoice::Indians => "indians",
        SideChoice::Random => "random",
    }
}

/// Reads [`side_choice_word`].
pub(crate) fn side_choice_of(word: &str) -> Option<SideChoice> {
    [SideChoice::Army, SideChoice::Indians, SideChoice::Random]
        .into_iter()
        .find(|&s| side_choice_word(s) == word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_asked_for_and_a_state_read_back_from_their_words_as_serde_writes_them() {
        for side in [SideChoice::Army, SideChoice::Indians, SideChoice::Random] {
            let json = serde_json::to_string(&side).unwrap();
            assert_eq!(json, format!("\"{}\"", side_choice_word(side)));
            assert_eq!(side_choice_of(side_choice_word(side)), Some(side));
        }
        assert_eq!(side_choice_of("cavalry"), None);
        for state in [
            ChallengeState::Open,
            ChallengeState::Accepted,
            ChallengeState::Cancelled,
            ChallengeState::Declined,
        ] {
            let word: &str = state.into();
            assert_eq!(word.parse::<ChallengeState>(), Ok(state));
            assert_eq!(
                serde_json::to_string(&state).unwrap(),
                format!("\"{word}\"")
            );
        }
        assert_eq!("paired".parse::<SeekState>(), Ok(SeekState::Paired));
    }
}
