//! The account errors as API errors: a status, a code and its parameters.

use axum::http::StatusCode;
use battaglie_community::{
    NameError, PasswordError, MAX_NAME, MAX_PASSWORD, MIN_NAME, MIN_PASSWORD,
};
use serde_json::json;

use super::super::{Error, ErrorCode};
use crate::accounts::AccountError;

impl From<AccountError> for Error {
    fn from(e: AccountError) -> Error {
        use AccountError as A;
        use ErrorCode as C;
        let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
        let (status, code, params) = match &e {
            A::Name(n) => {
                let (code, params) = match n {
                    NameError::TooShort(name) => {
                        (C::NameTooShort, json!({ "name": name, "min": MIN_NAME }))
                    }
                    NameError::TooLong(name) => {
                        (C::NameTooLong, json!({ "name": name, "max": MAX_NAME }))
                    }
                    NameError::Character { ch, at } => (
                        C::NameCharacter,
                        json!({ "char": ch.to_string(), "at": at }),
                    ),
                    NameError::Start(ch) => (C::NameStart, json!({ "char": ch.to_string() })),
                    NameError::Separator { at } => (C::NameSeparator, json!({ "at": at })),
                    NameError::Reserved(name) => (C::NameReserved, json!({ "name": name })),
                };
                (unprocessable, code, params)
            }
            A::Password(PasswordError::TooShort) => (
                unprocessable,
                C::PasswordTooShort,
                json!({ "min": MIN_PASSWORD }),
            ),
            A::Password(PasswordError::TooLong) => (
                unprocessable,
                C::PasswordTooLong,
                json!({ "max": MAX_PASSWORD }),
            ),
            A::Password(PasswordError::SameAsName) => {
                (unprocessable, C::PasswordSameAsName, json!({}))
            }
            A::NameTaken(name) => (StatusCode::CONFLICT, C::NameTaken, json!({ "name": name })),
            A::Throttled(t) => return (*t).into(),
            A::Invalid => (StatusCode::UNAUTHORIZED, C::LoginInvalid, json!({})),
            A::WrongPassword => (StatusCode::FORBIDDEN, C::WrongPassword, json!({})),
            A::NotSignedIn => (StatusCode::UNAUTHORIZED, C::NotSignedIn, json!({})),
            A::Csrf => (StatusCode::FORBIDDEN, C::CsrfToken, json!({})),
            A::TooManyClaims { max, given } => (
                unprocessable,
                C::TooManyClaims,
                json!({ "max": max, "given": given }),
            ),
            A::Password(PasswordError::Hashing(_))
            | A::Token(_)
            | A::Secret(_)
            | A::Store(_)
            | A::Task(_) => return Error::internal(e),
        };
        Error::new(status, e.to_string()).code(code, params)
    }
}
