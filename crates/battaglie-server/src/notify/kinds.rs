//! The outbox's kinds: how a notice goes, what it tells, where it stands. The
//! same words in the database and on the wire.

use serde::Serialize;
use ts_rs::TS;

/// How a notice goes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum NoticeChannel {
    /// By mail, to the confirmed address.
    Mail,
    /// To the account's webhook.
    Webhook,
}

/// What a notice tells.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum NoticeEvent {
    /// It is the player's turn in a correspondence game.
    YourTurn,
    /// Another player challenged them.
    ChallengeReceived,
    /// A game of theirs ended.
    GameEnded,
    /// The link that confirms their address.
    ConfirmEmail,
}

/// Where a notice stands.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum NoticeState {
    /// Waiting to be sent (again).
    Pending,
    /// Sent.
    Sent,
    /// Not sent, for good.
    Failed,
    /// Dropped before it was sent (its channel turned off, its address changed).
    Cancelled,
}

/// The word of `kind` in the database.
pub(crate) fn word<K: Into<&'static str>>(kind: K) -> &'static str {
    kind.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_reads_back_from_its_stored_word_and_is_sent_as_that_word() {
        for e in [
            NoticeEvent::YourTurn,
            NoticeEvent::ChallengeReceived,
            NoticeEvent::GameEnded,
            NoticeEvent::ConfirmEmail,
        ] {
            assert_eq!(word(e).parse::<NoticeEvent>(), Ok(e));
            assert_eq!(
                serde_json::to_string(&e).unwrap(),
                format!("\"{}\"", word(e))
            );
        }
        assert_eq!(word(NoticeEvent::ConfirmEmail), "confirm_email");
        assert_eq!(word(NoticeState::Cancelled), "cancelled");
        assert_eq!(word(NoticeChannel::Webhook), "webhook");
    }
}
