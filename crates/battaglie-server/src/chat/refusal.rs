//! The chat's errors as the API answers them: a status and a code for each.

use axum::http::StatusCode;
use battaglie_community::ChatError as MessageError;

use super::rules::{ChatError, MuteError, MAX_MESSAGE};
use super::service::{ChatFailure, MuteFailure};
use crate::http::{ErrorCode, Refusal};

impl Refusal for MuteFailure {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        match self {
            MuteFailure::Chat(c) => c.answer(),
            MuteFailure::Mute(m @ MuteError::Author(_)) => Some((
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::BadField {
                    field: "author".into(),
                    detail: m.to_string(),
                },
            )),
            MuteFailure::Store(_) => None,
        }
    }
}

impl Refusal for ChatFailure {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        match self {
            ChatFailure::Chat(c) => c.answer(),
            ChatFailure::Game(g) => g.answer(),
            ChatFailure::Store(_) => None,
        }
    }
}

impl Refusal for ChatError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        use ChatError as E;
        use ErrorCode as C;
        let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
        Some(match self {
            E::OnlyOnline => (StatusCode::FORBIDDEN, C::ChatOnlyOnline {}),
            E::PlayersOnly | E::Message(MessageError::Room) => {
                (StatusCode::FORBIDDEN, C::ChatPlayersOnly {})
            }
            E::SpectatorsOnly => (StatusCode::FORBIDDEN, C::ChatSpectatorsOnly {}),
            E::NeedsAccount => (StatusCode::UNAUTHORIZED, C::ChatNeedsAccount {}),
            E::Message(MessageError::Empty) => (unprocessable, C::ChatEmpty {}),
            E::Message(MessageError::TooLong(chars)) => (
                unprocessable,
                C::ChatTooLong {
                    chars: *chars,
                    limit: MAX_MESSAGE,
                },
            ),
            E::Message(MessageError::Control) => (unprocessable, C::ChatControlChar {}),
            E::Message(MessageError::Rate(wait)) => (
                StatusCode::TOO_MANY_REQUESTS,
                C::RateLimited {
                    seconds: wait.as_secs().max(1) + u64::from(wait.subsec_millis() > 0),
                },
            ),
        })
    }
}
