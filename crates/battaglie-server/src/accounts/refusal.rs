//! The accounts' errors as the API answers them: a status and a code for each.

use axum::http::StatusCode;
use battaglie_identity::{
    NameError, PasswordError, MAX_NAME, MAX_PASSWORD, MIN_NAME, MIN_PASSWORD,
};

use super::AccountError;
use crate::http::{ErrorCode, Refusal};

impl Refusal for AccountError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        use AccountError as A;
        use ErrorCode as C;
        let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
        Some(match self {
            A::Name(n) => {
                let code = match n {
                    NameError::TooShort(name) => C::NameTooShort {
                        name: name.clone(),
                        min: MIN_NAME,
                    },
                    NameError::TooLong(name) => C::NameTooLong {
                        name: name.clone(),
                        max: MAX_NAME,
                    },
                    NameError::Character { ch, at } => C::NameCharacter {
                        ch: ch.to_string(),
                        at: *at,
                    },
                    NameError::Start(ch) => C::NameStart { ch: ch.to_string() },
                    NameError::Separator { at } => C::NameSeparator { at: *at },
                    NameError::Reserved(name) => C::NameReserved { name: name.clone() },
                };
                (unprocessable, code)
            }
            A::Password(PasswordError::TooShort) => {
                (unprocessable, C::PasswordTooShort { min: MIN_PASSWORD })
            }
            A::Password(PasswordError::TooLong) => {
                (unprocessable, C::PasswordTooLong { max: MAX_PASSWORD })
            }
            A::Password(PasswordError::SameAsName) => (unprocessable, C::PasswordSameAsName {}),
            A::NameTaken(name) => (StatusCode::CONFLICT, C::NameTaken { name: name.clone() }),
            A::Throttled(t) => return t.answer(),
            A::Invalid => (StatusCode::UNAUTHORIZED, C::LoginInvalid {}),
            A::WrongPassword => (StatusCode::FORBIDDEN, C::WrongPassword {}),
            A::Busy => (StatusCode::SERVICE_UNAVAILABLE, C::Busy { seconds: 1 }),
            A::NotSignedIn => (StatusCode::UNAUTHORIZED, C::NotSignedIn {}),
            A::Csrf => (StatusCode::FORBIDDEN, C::CsrfToken {}),
            A::TooManyClaims { max, given } => (
                unprocessable,
                C::TooManyClaims {
                    max: *max,
                    given: *given,
                },
            ),
            A::Password(PasswordError::Hashing(_))
            | A::Token(_)
            | A::Secret(_)
            | A::Store(_)
            | A::Task(_) => return None,
        })
    }
}
