//! Learn to play's errors as the API answers them: a status and a code for each.

use axum::http::StatusCode;

use super::progress::BadStars;
use crate::http::{Choice, ErrorCode, Refusal};

/// A request of the learning pages refused.
#[derive(Debug, thiserror::Error)]
pub enum LearnError {
    /// Lessons asked for in a language they are not written in.
    #[error("{0}")]
    NoSuchLanguage(Choice),
    /// Stars sent that the lessons do not have.
    #[error("{}: {}", .0.field, .0.detail)]
    BadStars(BadStars),
}

impl From<BadStars> for LearnError {
    fn from(e: BadStars) -> LearnError {
        LearnError::BadStars(e)
    }
}

impl Refusal for LearnError {
    fn answer(&self) -> Option<(StatusCode, ErrorCode)> {
        Some(match self {
            LearnError::NoSuchLanguage(c) => (
                StatusCode::NOT_FOUND,
                ErrorCode::BadChoice {
                    field: c.field.clone(),
                    value: c.value.clone(),
                    allowed: c.allowed.join(", "),
                },
            ),
            LearnError::BadStars(BadStars { field, detail }) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::BadField {
                    field: field.clone(),
                    detail: detail.clone(),
                },
            ),
        })
    }
}
