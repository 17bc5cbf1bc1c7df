//! The notifications' errors as the API answers them: a status and a code for each.

use axum::http::StatusCode;

use super::{EmailConfirmError, PrefsError, UnsubscribeError};
use crate::http::{ErrorCode, Refusal};

impl Refusal for PrefsError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        let code = match self {
            PrefsError::Email(email) => ErrorCode::EmailInvalid {
                email: email.clone(),
            },
            PrefsError::WebhookUrl { url, .. } => ErrorCode::WebhookUrlInvalid { url: url.clone() },
            PrefsError::NoAddress(channel) => ErrorCode::ChannelWithoutAddress {
                channel: (*channel).into(),
            },
            PrefsError::Secret(_) | PrefsError::Store(_) => return None,
        };
        Some((StatusCode::UNPROCESSABLE_ENTITY, code))
    }
}

impl Refusal for UnsubscribeError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        match self {
            UnsubscribeError::Invalid => {
                Some((StatusCode::BAD_REQUEST, ErrorCode::UnsubscribeInvalid {}))
            }
            UnsubscribeError::Secret(_) | UnsubscribeError::Store(_) => None,
        }
    }
}

impl Refusal for EmailConfirmError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        Some(match self {
            EmailConfirmError::Invalid => {
                (StatusCode::BAD_REQUEST, ErrorCode::EmailConfirmInvalid {})
            }
            EmailConfirmError::Expired => {
                (StatusCode::BAD_REQUEST, ErrorCode::EmailConfirmExpired {})
            }
            EmailConfirmError::TooSoon(wait) => (
                StatusCode::TOO_MANY_REQUESTS,
                ErrorCode::EmailConfirmTooSoon {
                    wait: wait.as_secs().max(1),
                },
            ),
            EmailConfirmError::Nothing => (StatusCode::CONFLICT, ErrorCode::EmailConfirmNothing {}),
            EmailConfirmError::Secret(_) | EmailConfirmError::Store(_) => return None,
        })
    }
}
